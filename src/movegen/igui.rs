//! Igui, or shooting (Scirocco Genie): the piece removes an enemy on an adjacent square and
//! stays where it is. Written `e5e6,e6e5`; the move is `Move::via(from, victim, from)`.
//!
//! The shot is a real capture, so it attacks the victim's square: the attack tables list each
//! shooting direction as a capturing leap (`tables::add_attacks`).

use super::promotion;
use super::Board;
use crate::cell::{Cell, Piece};
use crate::geometry::Square;
use crate::moves::Move;

/// The shots of `piece` on `from` along `dirs` (board deltas of the victim).
pub fn generate(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in dirs {
        let victim = from.offset(d);
        if pos.cell(victim).holds(them) {
            promotion::push(pos, piece, Move::via(from, victim, from), true, false, out);
        }
    }
}

/// Shots at any distance (Emperor of Emperors, `shoot-line:Q`): along each unit direction the
/// first piece, if it is an enemy. A shot never promotes.
pub fn generate_lines(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in dirs {
        let mut sq = from.offset(d);
        while pos.cell(sq) == Cell::EMPTY {
            sq = sq.offset(d);
        }
        if pos.cell(sq).holds(them) {
            out.push(Move::via(from, sq, from));
        }
    }
}
