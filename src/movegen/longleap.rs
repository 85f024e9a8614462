//! Longleaper captures (Typhoon section 5.7): along one queen line, jump single enemies (each
//! with an empty square right behind it), capturing every one jumped, and stop on any empty
//! square after the first jump. Never over a friend or two pieces in a row, never onto a piece.
//! `Move` kind `Line`: `make` removes every piece between origin and destination. Its
//! non-capturing slides are the `mQ` atoms.

use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

pub fn generate(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in dirs {
        let mut sq = from;
        let mut jumped = false;
        loop {
            sq = sq.offset(d);
            let c = pos.cell(sq);
            if c.is_empty() {
                if jumped {
                    out.push(Move::of_kind(from, sq, MoveKind::Line, [Square::NONE; 2]));
                }
                continue;
            }
            if c.holds(them) && pos.cell(sq.offset(d)).is_empty() {
                jumped = true;
                continue;
            }
            break;
        }
    }
}
