//! The Cicada (Typhoon section 5.12): a queen-line move of 2 or 3 squares that must hop over at
//! least one piece (of either colour, never harmed). The target is empty (move) or holds an
//! enemy (capture). It never reaches an adjacent square.

use super::promotion;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

const QUEEN: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

pub fn generate(pos: &impl Board, piece: Piece, from: Square, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let them = piece.color().flip();
    for (dx, dy) in QUEEN {
        let d = shape.delta(dx, dy);
        let s1 = from.offset(d);
        let c1 = pos.cell(s1);
        if c1.is_off() {
            continue;
        }
        let mut hopped = !c1.is_empty();
        let mut to = s1;
        for _dist in 2..=3 {
            to = to.offset(d);
            let c = pos.cell(to);
            if c.is_off() {
                break;
            }
            if hopped {
                if c.is_empty() {
                    promotion::push(pos, piece, Move::new(from, to), false, false, out);
                } else if c.holds(them) {
                    promotion::push(pos, piece, Move::new(from, to), true, false, out);
                }
            }
            hopped |= !c.is_empty();
        }
    }
}
