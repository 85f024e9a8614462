//! The effect of a move in a position ([`Effect`]): which pieces it takes, what burns, what it
//! converts or swaps, what the mover becomes. One answer, from the move and the position before
//! it, for `make`, the explicit move text, attack detection (`takes`), the legality filters
//! (`may_repeat`) and the search (captures and their victims).

use super::board::Board;
use crate::geometry::{Color, Square};
use crate::moves::{Burned, Effect, Move, MoveKind};
use arrayvec::ArrayVec;

/// The effect of `m` (pseudo-legal in `pos`).
pub fn of(pos: &impl Board, m: Move) -> Effect {
    let mut e = Effect::default();
    removed_squares(pos, m, &mut e.removed);
    match m.kind {
        MoveKind::Convert => e.converted = Some(m.aux),
        MoveKind::Swap | MoveKind::Succession => e.swapped = true,
        MoveKind::Castle => {
            let c = pos.tables().castling.as_ref().expect("a castling move in a game with castling");
            let us = pos.piece_at(m.from).expect("a move starts on its piece").color();
            let w = c.way_of(us, m).expect("a castling move is one of the game's ways");
            e.castle_rook = Some((w.rook_from, w.rook_to));
        }
        _ => {}
    }
    let mover = pos.piece_at(m.from).expect("a move starts on its piece");
    e.promotion = m.promotion().map(|k| final_promotion(pos, m, k, &e.removed));
    let registry = &pos.tables().registry;
    if registry.burns() && m.kind != MoveKind::EnPassant {
        let final_kind = e.promotion.unwrap_or(mover.kind());
        e.burned = registry.burned(pos, m, mover, final_kind, &e.removed);
    }
    e
}

/// What a promoting mover becomes: `k`, or the alternative of a Typhoon King (`docs/rules/typhoon.md` §6.2) while
/// a piece of the named type is on the board after the move's captures (before them, with
/// `promotion_test_before`).
fn final_promotion(pos: &impl Board, m: Move, k: crate::variant::KindId, removed: &[Square]) -> crate::variant::KindId {
    let mover = pos.piece_at(m.from).expect("a move starts on its piece");
    let t = pos.variant().piece(mover.kind());
    let Some((present, alt)) = t.promotes_if_present else {
        return k;
    };
    let before = pos.count(present, Color::White) + pos.count(present, Color::Black);
    let taken = removed.iter().filter(|&&s| pos.piece_at(s).is_some_and(|p| p.kind() == present)).count() as u16;
    let on_board = if t.promotion_test_before { before } else { before - taken };
    if on_board > 0 {
        alt
    } else {
        k
    }
}

/// The squares whose pieces `m` takes, in this position (before the move), in the order `make`
/// removes them: captures on the way and the destination, en passant, a Longleaper's jumped
/// pieces, a Sorcerer's run, a self-capture. Burns are not among them (see [`of`]).
pub fn removed_squares(pos: &impl Board, m: Move, out: &mut ArrayVec<Square, 16>) {
    match m.kind {
        MoveKind::Pass | MoveKind::Convert | MoveKind::Swap | MoveKind::Castle | MoveKind::Succession => {}
        MoveKind::EnPassant => out.push(pos.ep_victim()),
        MoveKind::Normal | MoveKind::Implied | MoveKind::SelfCapture => {
            for sq in m.mids() {
                if !pos.is_empty(sq) && !out.contains(&sq) {
                    out.push(sq);
                }
            }
            if m.to != m.from && !pos.is_empty(m.to) {
                out.push(m.to);
            }
        }
        MoveKind::Line => {
            if let Some(d) = pos.shape().line_step(m.from, m.to) {
                let mut sq = m.from.offset(d);
                while sq != m.to {
                    if !pos.is_empty(sq) {
                        out.push(sq);
                    }
                    sq = sq.offset(d);
                }
            }
            if !pos.is_empty(m.to) {
                out.push(m.to);
            }
        }
        MoveKind::Chosen => out.push(m.aux),
        MoveKind::Approach => {
            let us = pos.piece_at(m.from).expect("a move starts on its piece").color();
            let d = m.aux.0 as i32 - m.to.0 as i32;
            let mut sq = m.aux;
            while pos.cell(sq).holds(us.flip()) && !out.is_full() {
                out.push(sq);
                sq = sq.offset(d);
            }
        }
    }
}

/// Calls `f` for every enemy square `m` empties by capture or by burning (conversions aside):
/// the search's victims and its test of a capture, without building a whole [`Effect`].
#[inline]
pub fn for_each_taken(pos: &impl Board, m: Move, mut f: impl FnMut(Square)) {
    if pos.tables().registry.burns() {
        return for_each_taken_or_burned(pos, m, f);
    }
    match m.kind {
        // The common case, without the general bookkeeping.
        MoveKind::Normal => {
            for s in m.mids() {
                if !pos.is_empty(s) {
                    f(s);
                }
            }
            if m.to != m.from && !pos.is_empty(m.to) {
                f(m.to);
            }
        }
        MoveKind::Pass
        | MoveKind::Convert
        | MoveKind::Swap
        | MoveKind::SelfCapture
        | MoveKind::Castle
        | MoveKind::Succession => {}
        _ => {
            let mut removed = ArrayVec::new();
            removed_squares(pos, m, &mut removed);
            for s in removed {
                f(s);
            }
        }
    }
}

/// [`for_each_taken`] in a game with burners (Nutty Shogi): the pieces the move takes, then
/// the enemies it burns (a Fire Demon's move that only burns takes pieces too).
fn for_each_taken_or_burned(pos: &impl Board, m: Move, mut f: impl FnMut(Square)) {
    let mut removed = ArrayVec::new();
    removed_squares(pos, m, &mut removed);
    // As in [`of`]: a self-capture removes the mover's own piece, and en passant burns nothing.
    if m.kind != MoveKind::SelfCapture {
        removed.iter().for_each(|&s| f(s));
    }
    if m.kind == MoveKind::EnPassant {
        return;
    }
    let mover = pos.piece_at(m.from).expect("a move starts on its piece");
    let final_kind = m.promotion().unwrap_or(mover.kind());
    if let Burned::Victims(burned) = pos.tables().registry.burned(pos, m, mover, final_kind, &removed) {
        for s in burned {
            f(s);
        }
    }
}

/// Whether `m` takes a piece from the opponent: a capture of any kind, a burn, or a
/// conversion. A frozen piece's self-capture removes only its own piece, so it is no capture.
#[inline]
pub fn is_capture(pos: &impl Board, m: Move) -> bool {
    if m.kind == MoveKind::Convert {
        return true;
    }
    let mut any = false;
    for_each_taken(pos, m, |_| any = true);
    any
}

/// Whether a move of `m` (made by a piece of `pos.piece_at(m.from)`) removes or converts the piece
/// on `target`; for an empty `target`, whether the move ends there and so would take a piece
/// standing on it (attack detection by generation).
pub fn takes(pos: &impl Board, m: Move, target: Square) -> bool {
    match m.kind {
        MoveKind::Convert => m.aux == target,
        MoveKind::Swap | MoveKind::Pass | MoveKind::Castle | MoveKind::Succession => false,
        MoveKind::Normal | MoveKind::Implied | MoveKind::SelfCapture => {
            (m.to == target && m.from != target) || m.mids().any(|s| s == target && s != m.from)
        }
        MoveKind::Line | MoveKind::Approach | MoveKind::Chosen | MoveKind::EnPassant => {
            let mut r = ArrayVec::<Square, 16>::new();
            removed_squares(pos, m, &mut r);
            r.contains(&target)
        }
    }
}

/// Whether `m` could recreate an earlier position: it takes nothing, burns nothing and does not
/// promote (what is gone or promoted never comes back).
pub fn may_repeat(pos: &impl Board, m: Move) -> bool {
    if m.promotion().is_some() {
        return false;
    }
    match m.kind {
        MoveKind::Swap | MoveKind::Convert | MoveKind::Pass | MoveKind::Succession => true,
        // Castling gives up rights, which no later position gets back.
        MoveKind::Castle => false,
        MoveKind::EnPassant | MoveKind::Line | MoveKind::Approach | MoveKind::Chosen | MoveKind::SelfCapture => false,
        MoveKind::Normal | MoveKind::Implied => m.mids().next().is_none() && (m.to == m.from || pos.is_empty(m.to)),
    }
}

impl Effect {
    /// Whether the move ends the leap right, clock and repetition window with a capture: it
    /// removed or burned a piece.
    pub fn takes_pieces(&self) -> bool {
        !self.removed.is_empty() || self.burned != Burned::Nothing
    }
}
