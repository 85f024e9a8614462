//! Conversion (Typhoon section 5.5): an enemy piece changes owner and nothing else.
//!
//! - Cuckoo (`convert:fWsWbD`): instead of moving, convert an enemy on one of the listed leap
//!   squares (what stands between does not matter). `Move` kind `Convert`, `from == to`, the
//!   converted square in `aux`. Never promotes.
//! - Missionary (`convert-ahead`): after one of its own moves, it may convert the enemy on the
//!   next square beyond the arrival square in the direction it moved. Both the plain move and
//!   the converting one exist.
//!
//! A conversion takes a piece from the opponent, royals included, so it counts as an attack
//! (`attack` generates these pieces' moves).

use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

/// The Cuckoo's conversions of `piece` on `from` onto the squares at `deltas`.
pub fn generate(pos: &impl Board, piece: Piece, from: Square, deltas: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in deltas {
        let t = from.offset(d);
        if pos.cell(t).holds(them) {
            out.push(Move::with_aux(from, from, MoveKind::Convert, t));
        }
    }
}

/// The Missionary's converting twins of its plain moves `out[start..]`.
pub fn add_ahead(pos: &impl Board, piece: Piece, start: usize, out: &mut Vec<Move>) {
    super::approach::add_facing_twins(pos, piece, start, MoveKind::Convert, out);
}
