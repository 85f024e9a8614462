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
//! Every list of legal moves (`legality::legal_moves`) and the search (`add_if_mated`) ask here,
//! so a mated side is never scored as lost while a swap exists.

use super::legality::{self, History};
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

/// Appends the succession moves of the side to move, which must be in check with no ordinary
/// legal move (the caller knows).
pub fn moves(pos: &mut Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let them = us.flip();
    let Some(king) = pos.royal_squares(us).next() else {
        return;
    };
    let v = std::sync::Arc::clone(pos.game());
    let heirs: Vec<_> = pos
        .pieces(us)
        .iter()
        .copied()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| v.piece(p.kind()).successor))
        .collect();
    for q in heirs {
        if is_attacked(pos, q, them) {
            continue;
        }
        let m = Move::of_kind(king, q, MoveKind::Succession, [crate::geometry::Square::NONE; 2]);
        if legality::check(pos, m, History::Ignore).is_ok() {
            out.push(m);
        }
    }
}

/// For the search: if the side to move, in check, has no legal move among the pseudo-legal
/// `pseudo`, appends its succession moves to them.
pub fn add_if_mated(pos: &mut Position, pseudo: &mut Vec<Move>) {
    if !possible(pos) || !legality::in_check(pos, pos.side()) {
        return;
    }
    if pseudo.iter().any(|&m| legality::check(pos, m, History::Ignore).is_ok()) {
        return;
    }
    moves(pos, pseudo);
}
