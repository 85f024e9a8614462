//! Nutty Shogi's repetition rule (`docs/rules/nutty.md` §7.3), the one place that judges it,
//! and lishogi's for Chu Shogi ([`fourth_occurrence`], `docs/rules/chu.md` §14.5).
//!
//! The first time a position recurs, the game ends. The cycle is the list of moves since the
//! most recent earlier occurrence. Each move by a side S is classified on the positions before
//! and after it:
//! - S's *attacked set* in a position: the enemy squares that some move of S (generated as if S
//!   were to move) would empty, by capture of any kind or by burning; moves after which S's own
//!   mover is burned count too. Found by making each move on a copy: the forced burns live in
//!   `make`, so they are counted exactly as played.
//! - an *attacking move* adds a square to S's attacked set; it *gives check* if the enemy King's
//!   square is in the set afterwards.
//!
//! Outcome: (a) exactly one side checked with every move: it loses; (b) one side attacked and
//! the other never did: the attacker loses; (c) nobody attacked: draw; (d) otherwise the side
//! that completed the repetition loses.
//!
//! The classification replays the cycle only when a repetition happens, instead of computing
//! attack sets in every `make`: that would cost two full move generations per node of the
//! search. Every move in a cycle is reversible (captures, burns and promotions can never be
//! undone), so the earlier positions are rebuilt by moving pieces back.

use crate::geometry::{ByColor, Color, Square};
use crate::movegen;
use crate::moves::Move;
use crate::position::Position;

/// The squares of `by`'s opponent that some move of `by` would remove, `by` to move in `pos`.
pub fn attacked_set(pos: &Position, by: Color) -> Vec<Square> {
    let mut p = pos.clone();
    if p.side() != by {
        p.set_side(by);
    }
    let them = by.flip();
    let targets: Vec<Square> = p.pieces(them).to_vec();
    let mut moves = Vec::new();
    movegen::generate(&p, &mut moves);
    let mut hit: Vec<Square> = Vec::new();
    for m in moves {
        let u = p.make_raw(m);
        for &s in &targets {
            if !hit.contains(&s) && p.piece_at(s).is_none_or(|x| x.color() != them) {
                hit.push(s);
            }
        }
        p.unmake_raw(m, u);
    }
    hit
}

/// How a repetition cycle is judged (`docs/rules/nutty.md` §7.3, cases a to d).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cycle {
    /// (a) Exactly one side gave check with every move of the cycle: it loses.
    PerpetualCheck { loser: Color },
    /// (b) One side made attacking moves and the other none: the attacker loses.
    PerpetualChase { loser: Color },
    /// (c) Nobody attacked: a draw.
    NoAttacks,
    /// (d) Both sides attacked: the side that completed the repetition loses.
    Completed { loser: Color },
}

/// The last `k` moves (all reversible: only they can lie between two equal positions) and the
/// positions they were played in, retracted from `pos`: `positions[i]` is the position before
/// `moves[i]`, `positions[k]` the current one.
fn cycle(pos: &Position, k: usize) -> (Vec<Move>, Vec<Position>) {
    let moves = pos.last_moves(k).to_vec();
    let mut positions = vec![pos.clone()];
    let mut p = pos.clone();
    for &m in moves.iter().rev() {
        p.retract_reversible(m);
        positions.push(p.clone());
    }
    positions.reverse();
    (moves, positions)
}

/// The judgement of the cycle if the current position repeats an earlier one, else `None`.
pub(crate) fn judge(pos: &Position) -> Option<Cycle> {
    let k = pos.plies_since_occurrence()?;
    let (_, positions) = cycle(pos, k);
    let mut gave_check_every = ByColor::new(true, true);
    let mut moved = ByColor::new(false, false);
    let mut attacked = ByColor::new(false, false);
    for i in 0..k {
        let s = positions[i].side();
        let before = attacked_set(&positions[i], s);
        let after = attacked_set(&positions[i + 1], s);
        moved[s] = true;
        if after.iter().any(|x| !before.contains(x)) {
            attacked[s] = true;
        }
        let check = positions[i + 1].royal_squares(s.flip()).any(|r| after.contains(&r));
        if !check {
            gave_check_every[s] = false;
        }
    }
    let checker = |c: Color| moved[c] && gave_check_every[c];
    let (w, b) = (Color::White, Color::Black);
    if checker(w) != checker(b) {
        return Some(Cycle::PerpetualCheck { loser: if checker(w) { w } else { b } });
    }
    if attacked[w] != attacked[b] {
        return Some(Cycle::PerpetualChase { loser: if attacked[w] { w } else { b } });
    }
    if !attacked[w] {
        return Some(Cycle::NoAttacks);
    }
    // The side that just moved completed the repetition.
    Some(Cycle::Completed { loser: pos.side().flip() })
}

/// lishogi's repetition rule (`docs/rules/chu.md` §14.5): `None` while the current position is
/// not a fourth occurrence (counted once 13 positions were played since the last irreversible
/// move); else the side that made only attacking moves since the first occurrence, if exactly
/// one did (it loses), or `Some(None)` (a draw).
pub fn fourth_occurrence(pos: &Position) -> Option<Option<Color>> {
    if pos.recent_history().len() + 1 < 13 || pos.prior_occurrences() < 3 {
        return None;
    }
    Some(sole_attacker(pos, pos.plies_since_first_occurrence()?))
}

/// The search's reading of lishogi's rule on a repetition in its tree (the position occurred
/// before, `None` if not): the cycle since the last occurrence is assumed to go on until the
/// fourth, so the side that made only attacking moves in it loses, and otherwise it is a draw.
/// Without this the search would steer into a perpetual attack the referee then scores as a
/// loss, or shy from a perpetual the opponent cannot escape without losing.
pub fn repeated_cycle_loser(pos: &Position) -> Option<Option<Color>> {
    Some(sole_attacker(pos, pos.plies_since_occurrence()?))
}

/// The side that made only attacking moves in the last `k` plies, if exactly one did.
fn sole_attacker(pos: &Position, k: usize) -> Option<Color> {
    let (moves, positions) = cycle(pos, k);
    let mut attacked_every = ByColor::new(true, true);
    for (i, m) in moves.iter().enumerate() {
        let s = positions[i].side();
        if !attacking_move(&positions[i + 1], s, m.to) {
            attacked_every[s] = false;
        }
    }
    let (w, b) = (Color::White, Color::Black);
    match (attacked_every[w], attacked_every[b]) {
        (true, false) => Some(w),
        (false, true) => Some(b),
        _ => None,
    }
}

/// Whether the move of `mover` that led to `after` and ended on `moved_to` attacks, as lishogi
/// says: a royal of the opponent is attacked, or the moved piece could take an enemy piece.
fn attacking_move(after: &Position, mover: Color, moved_to: Square) -> bool {
    if super::legality::in_check(after, mover.flip()) {
        return true;
    }
    let mut p = after.clone();
    p.set_side(mover);
    let mut moves = Vec::new();
    movegen::generate(&p, &mut moves);
    moves.into_iter().filter(|m| m.from == moved_to).any(|m| {
        let mut caps = arrayvec::ArrayVec::<Square, 16>::new();
        movegen::effect::removed_squares(&p, m, &mut caps);
        caps.iter().any(|&s| p.piece_at(s).is_some_and(|x| x.color() != mover))
            && (!p.variant().rules.lion_capture_rules || super::lion::check(&mut p, m).is_ok())
    })
}
