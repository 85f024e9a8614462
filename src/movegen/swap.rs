//! Hummingbird swap (Typhoon section 5.4): instead of moving, exchange places with any piece
//! (friend or enemy, royal or frozen) on one of the listed leap squares. Nothing is captured;
//! both keep their owners. The swap is the Hummingbird's own move, so it may promote by the
//! zone test; the partner never does. A swap never attacks.

use super::promotion;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

pub fn generate(pos: &impl Board, piece: Piece, from: Square, deltas: &[i32], out: &mut Vec<Move>) {
    for &d in deltas {
        let t = from.offset(d);
        let c = pos.cell(t);
        if !c.is_empty() && !c.is_off() {
            promotion::push(pos, piece, Move::of_kind(from, t, MoveKind::Swap, [Square::NONE; 2]), false, false, out);
        }
    }
}
