//! Which pseudo-legal moves are legal: royal safety where the game has check, the Chu Shogi
//! lion-capture rules, and the repetition rules (Chu's no-repeat, Scirocco's no third
//! occurrence). One place for every front end and the search.

use super::lion;
use crate::geometry::Color;
use crate::movegen::{self, attack::is_attacked};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::variant::{Legality, Repetition};

/// Whether `c`'s royals are safe (always true in royal-capture games, where moving into attack
/// is legal).
pub fn royal_safe(pos: &Position, c: Color) -> bool {
    if pos.variant().rules.legality != Legality::Check {
        return true;
    }
    pos.royal_squares(c).all(|sq| !is_attacked(pos, sq, c.flip()))
}

/// Whether `c` is in check (a royal of `c` is attacked). Meaningful in every game.
pub fn in_check(pos: &Position, c: Color) -> bool {
    pos.royal_squares(c).any(|sq| is_attacked(pos, sq, c.flip()))
}

/// Whether the game is already decided by lost royals (then there are no legal moves).
pub fn royal_lost(pos: &Position) -> bool {
    pos.royal_count(Color::White) == 0 || pos.royal_count(Color::Black) == 0
}

/// Whether the game is already decided by material: a side without royals, or, where the
/// bare-king rule applies, a side with at most one piece. Then there are no legal moves.
pub fn material_decided(pos: &Position) -> bool {
    Color::ALL.iter().any(|&c| crate::rules::outcome::loss_condition(pos, c).is_some())
}

/// Whether the pseudo-legal move `m` is legal.
pub fn is_legal_pseudo(pos: &mut Position, m: Move) -> bool {
    is_legal_pseudo_with(pos, m, true)
}

/// Like [`is_legal_pseudo`]; `check_repetition = false` ignores the history-dependent
/// no-repeat rule (perft's default, as independent move counters do).
pub fn is_legal_pseudo_with(pos: &mut Position, m: Move, check_repetition: bool) -> bool {
    let g = std::sync::Arc::clone(pos.game());
    let v = &g.variant;
    let us = pos.side();
    if v.rules.legality == Legality::Check {
        let u = pos.make_raw(m);
        let ok = royal_safe(pos, us);
        pos.unmake_raw(m, u);
        if !ok {
            return false;
        }
    }
    if v.rules.lion_capture_rules && !lion::capture_rules_allow(pos, m) {
        return false;
    }
    if check_repetition
        && v.rules.repetition == Repetition::ForbidRepeat
        && !pos.recent_history().is_empty()
        && may_repeat(pos, m)
    {
        let u = pos.make_raw(m);
        let key = pos.repetition_key();
        pos.unmake_raw(m, u);
        if pos.recent_history().contains(&key) || pos.repetition_key() == key {
            return false;
        }
    }
    // A third occurrence needs two earlier ones with the same side to move, so at least two
    // earlier positions since the last irreversible move (passes make two-ply cycles).
    if check_repetition
        && v.rules.repetition == Repetition::ForbidThird
        && pos.recent_history().len() >= 2
        && may_repeat(pos, m)
    {
        let u = pos.make_raw(m);
        let key = pos.repetition_key();
        pos.unmake_raw(m, u);
        if occurrences(pos, key) >= 2 {
            return false;
        }
    }
    true
}

/// Makes the pseudo-legal move `m` if it is legal and returns its undo record; otherwise leaves
/// the position as it was and returns `None`. The same rules as [`is_legal_pseudo`], checked
/// with a single `make` (the search's hot path): rules that need the position before the move
/// first, then royal safety and the repetition rules on the position after it.
pub fn try_make(pos: &mut Position, m: Move) -> Option<crate::position::Undo> {
    let g = std::sync::Arc::clone(pos.game());
    let v = &g.variant;
    if v.rules.lion_capture_rules && !lion::capture_rules_allow(pos, m) {
        return None;
    }
    let us = pos.side();
    let u = pos.make(m);
    let ok = (v.rules.legality != Legality::Check || royal_safe(pos, us))
        && match v.rules.repetition {
            Repetition::ForbidRepeat => pos.prior_occurrences() == 0,
            Repetition::ForbidThird => pos.prior_occurrences() < 2,
            // Repetition ends the game rather than forbidding a move (`outcome`).
            Repetition::DrawThird | Repetition::DrawFourth | Repetition::FirstRepetition => true,
        };
    if ok {
        Some(u)
    } else {
        pos.unmake(m, u);
        None
    }
}

/// How often the position with repetition key `key` occurred in the game so far (the current
/// position included). Earlier positions before an irreversible move cannot match.
pub fn occurrences(pos: &Position, key: u64) -> usize {
    pos.recent_history().iter().filter(|&&k| k == key).count() + (pos.repetition_key() == key) as usize
}

/// A move that captures or promotes can never recreate an earlier position.
fn may_repeat(pos: &Position, m: Move) -> bool {
    if m.promotion().is_some() {
        return false;
    }
    match m.kind {
        // Swaps and conversions change the board without removing anything (Typhoon).
        MoveKind::Swap | MoveKind::Convert | MoveKind::Pass => return true,
        MoveKind::EnPassant | MoveKind::Line | MoveKind::Approach | MoveKind::Chosen | MoveKind::SelfCapture => {
            return false
        }
        MoveKind::Normal | MoveKind::Implied => {}
    }
    if m.mids().next().is_some() {
        return false;
    }
    m.to == m.from || pos.is_empty(m.to)
}

/// Every legal move of the side to move, in generation order.
pub fn legal_moves(pos: &mut Position, out: &mut Vec<Move>) {
    legal_moves_with(pos, out, true)
}

/// [`legal_moves`], optionally without the no-repeat rule.
pub fn legal_moves_with(pos: &mut Position, out: &mut Vec<Move>, check_repetition: bool) {
    out.clear();
    if material_decided(pos) {
        return;
    }
    movegen::generate(pos, out);
    let mut w = 0;
    for r in 0..out.len() {
        let m = out[r];
        if is_legal_pseudo_with(pos, m, check_repetition) {
            out[w] = m;
            w += 1;
        }
    }
    out.truncate(w);
}

/// Convenience: the legal moves as a new vector.
pub fn legal_move_list(pos: &mut Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(256);
    legal_moves(pos, &mut v);
    v
}

/// Whether `m` is a legal move here (generated and legal).
pub fn is_legal(pos: &mut Position, m: Move) -> bool {
    legal_move_list(pos).contains(&m)
}
