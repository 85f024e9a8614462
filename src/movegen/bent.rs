//! Bent sliders (Bigorra Eagle, Rhinoceros, Ship, Snake; later Octopus and Spider): one step,
//! then optionally a slide in the continuation directions that point away from the origin.
//! The slide continues only when the first square is empty.

use super::tables::KindMoves;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

pub fn generate(pos: &impl Board, piece: Piece, from: Square, km: &KindMoves, out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for b in &km.bents {
        let s1 = from.offset(b.first);
        let cell = pos.cell(s1);
        if cell.is_off() {
            continue;
        }
        if !cell.is_empty() {
            if b.first_mode.captures && cell.holds(them) {
                super::promotion::push(pos, piece, Move::new(from, s1), true, true, out);
            }
            continue;
        }
        if b.first_mode.moves {
            super::promotion::push(pos, piece, Move::new(from, s1), false, true, out);
        }
        for &u in &b.conts {
            let mut to = s1;
            loop {
                to = to.offset(u);
                let c = pos.cell(to);
                if c.is_off() {
                    break;
                }
                if c.is_empty() {
                    super::promotion::push(pos, piece, Move::new(from, to), false, false, out);
                    continue;
                }
                if c.holds(them) {
                    super::promotion::push(pos, piece, Move::new(from, to), true, false, out);
                }
                break;
            }
        }
    }
}
