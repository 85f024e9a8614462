//! Hop captures (Scirocco Zig and Zag): the piece jumps an adjacent enemy onto the empty square
//! directly beyond it and removes the jumped piece. Exactly one victim; friends cannot be
//! jumped and the landing square must be empty. Written `e5d6,d6c7`; the move is
//! `Move::via(from, victim, landing)`.
//!
//! Attack detection has its own table (`AttackTables::hop_captures`), because the capture
//! depends on the landing square being empty.

use super::promotion;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

/// The hop captures of `piece` on `from` over the neighbours at `dirs` (board deltas).
pub fn generate(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in dirs {
        let victim = from.offset(d);
        let landing = victim.offset(d);
        if pos.cell(victim).holds(them) && pos.cell(landing).is_empty() {
            promotion::push(pos, piece, Move::via(from, victim, landing), true, false, out);
        }
    }
}
