//! The Typhoon piece's sweep (Typhoon section 5.11): an orthogonal slide of 1..range squares
//! that passes through enemies and captures every one it passes, and the enemy on the target.
//! No friend may stand on the way or the target.
//!
//! A move's identity is its effect: without an enemy strictly on the way it is a plain `Move`;
//! otherwise kind `Implied` with those enemies in `mid` (at most 2 for range 3), written
//! `<from><to>` either way.

use super::promotion;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

pub fn generate(pos: &impl Board, piece: Piece, from: Square, lines: &[(i32, u8)], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &(d, range) in lines {
        let mut mid = [Square::NONE; 2];
        let mut n = 0;
        let mut to = from;
        for _ in 0..range {
            to = to.offset(d);
            let c = pos.cell(to);
            if c.is_off() || (!c.is_empty() && !c.holds(them)) {
                break;
            }
            let m = if n == 0 { Move::new(from, to) } else { Move::of_kind(from, to, MoveKind::Implied, mid) };
            promotion::push(pos, piece, m, n > 0 || !c.is_empty(), false, out);
            if !c.is_empty() {
                if n == mid.len() {
                    // Longer sweeps than 3 would need the `Line` kind; the data files have none.
                    break;
                }
                mid[n] = to;
                n += 1;
            }
        }
    }
}
