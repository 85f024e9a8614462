//! The King's succession (`[rules] succession`, Timurid as in Tamerlane II): a King that would
//! be checkmated may instead exchange squares with one of its `successor` pieces (the Prince),
//! anywhere on the board.
//!
//! Only when the side to move is in check and has no ordinary legal move; never when
//! stalemated. For each own successor on a square Q that the opponent does not attack, and such
//! that the King, once on Q, is not in check, exchanging the King and it is a move: written
//! from the King's square to Q (`i11g3`), identified by those two squares, never promoting, a
//! King move (it loses castling rights), counting for the clock (+1) and repetition like any
//! other. The game is checkmate only when no such move exists.
//!
//! This module says which swaps are candidates; `legality` keeps those that leave the King out
//! of check, for every list of legal moves (`legality::legal_moves`) and for the search
//! (`legality::add_succession_if_mated`), so a mated side is never scored as lost while a swap
//! exists. (The arrow points one way: legality asks here, never the reverse.)

use crate::movegen::attack::is_attacked;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::variant::Legality;

/// Whether the game plays succession and the side to move has a successor.
pub fn possible(pos: &Position) -> bool {
    let v = pos.variant();
    if !v.rules.succession || v.rules.legality != Legality::Check {
        return false;
    }
    let us = pos.side();
    pos.pieces(us).iter().any(|&sq| pos.piece_at(sq).is_some_and(|p| v.piece(p.kind()).successor))
}

/// Appends the candidate succession moves of the side to move: a swap with each own successor
/// on a square the opponent does not attack. The caller keeps those that are legal
/// (`legality::check`): the King, once on that square, must not be in check.
pub fn candidates(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let them = us.flip();
    let Some(king) = pos.royal_squares(us).next() else {
        return;
    };
    let v = pos.game();
    for &q in pos.pieces(us) {
        if !pos.piece_at(q).is_some_and(|p| v.piece(p.kind()).successor) || is_attacked(pos, q, them) {
            continue;
        }
        out.push(Move::of_kind(king, q, MoveKind::Succession, [crate::geometry::Square::NONE; 2]));
    }
}
