//! The Chu Shogi lion-capture rules (HaChu default, `docs/rules/chu.md` §7.1): which captures
//! of a Lion are illegal. Legality, not movement: the lion moves themselves are `movegen::lion`.
//!
//! - Rule A: a Lion may not take a non-adjacent Lion on its destination when that square is
//!   attacked after the move, unless it also took a bridge piece (not a Pawn or Go-Between);
//! - Rule B: right after a non-Lion took a Lion, no non-Lion may take a Lion.

use crate::cell::{Cell, Piece};
use crate::geometry::{Color, Square};
use crate::movegen::attack::{attacked_plain, is_attacked};
use crate::movegen::effect;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Which lion-capture rule forbids a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LionRule {
    /// Rule A: a Lion taking a protected Lion two squares away without a bridge.
    ProtectedDistantLion,
    /// Rule B: a non-Lion taking a Lion right after the opponent's non-Lion took one.
    CounterStrike,
}

/// Whether the plain move `m` surely takes no Lion: what stands on its squares says so. (Other
/// moves are judged by their effect.)
#[inline]
pub fn takes_no_lion(pos: &Position, m: Move) -> bool {
    if m.kind != MoveKind::Normal {
        return false;
    }
    let to = pos.cell(m.to);
    // Nearly every move: one leg to an empty square.
    if m.mid[0].is_none() && to.is_empty() {
        return true;
    }
    let lions = &pos.game().tables.lions;
    !m.mids().any(|s| lions.contains_cell(pos.cell(s))) && (m.to == m.from || !lions.contains_cell(to))
}

/// Keeps the moves of the pseudo-legal `out` that no lion-capture rule forbids, in order. Most
/// moves take no Lion, which their squares say. Without a counter-strike square only a Lion's
/// moves can break a rule (rule B needs the square, rule A a Lion mover), so the other movers'
/// moves are kept unasked (the generators list a piece's moves together, so its type is looked
/// up once per run), and when no Lion of the side has an enemy Lion two squares away (rule A's
/// only case) none is asked at all. Nothing is written until a move is dropped, which is rare.
pub fn retain_allowed(pos: &mut Position, out: &mut Vec<Move>) {
    if pos.counter_strike().is_none() && !lion_may_break(pos, out) {
        return;
    }
    let counter_strike = pos.counter_strike().is_some();
    let (mut from, mut lion_mover) = (Square::NONE, true);
    let mut w = 0;
    for r in 0..out.len() {
        let m = out[r];
        if !counter_strike && m.from != from {
            from = m.from;
            let c = pos.cell(from);
            lion_mover = c.piece().is_none() || pos.game().tables.lions.contains_cell(c);
        }
        let keep = !(counter_strike || lion_mover) || takes_no_lion(pos, m) || check(pos, m).is_ok();
        if keep {
            if w != r {
                out[w] = m;
            }
            w += 1;
        }
    }
    out.truncate(w);
}

/// Without a counter-strike square: whether a move in `out` (the side to move's) may break
/// rule A. Only a Lion taking a Lion two squares away can, so the side's Lions are found in
/// its piece list and the ring of squares two away from each is read: nearly always no enemy
/// Lion stands there, and no move needs asking.
fn lion_may_break(pos: &Position, out: &[Move]) -> bool {
    if out.is_empty() {
        return false;
    }
    let us = pos.side();
    let lions = &pos.game().tables.lions;
    let shape = pos.shape();
    let lion_two_away = |from: Square| {
        (-2..=2i32).any(|dy| {
            (-2..=2i32).any(|dx| {
                let c = pos.cell(from.offset(shape.delta(dx, dy)));
                dx.abs().max(dy.abs()) == 2 && c.holds(us.flip()) && lions.contains_cell(c)
            })
        })
    };
    pos.pieces(us).iter().any(|&sq| lions.contains_cell(pos.cell(sq)) && lion_two_away(sq))
}

/// Whether the pseudo-legal move `m` breaks a lion-capture rule.
pub fn check(pos: &mut Position, m: Move) -> Result<(), LionRule> {
    // Both rules are about taking a Lion: every other move (nearly all) is done here, before
    // anything is cloned or made. A plain move takes what stands on its squares.
    if takes_no_lion(pos, m) {
        return Ok(());
    }
    let lion = |s: Square| pos.piece_at(s).is_some_and(|p| pos.variant().piece(p.kind()).lion);
    let mut caps = arrayvec::ArrayVec::<_, 16>::new();
    effect::removed_squares(pos, m, &mut caps);
    if !caps.iter().any(|&s| lion(s)) {
        return Ok(());
    }
    let g = std::sync::Arc::clone(pos.game());
    let v = &g.variant;
    let mover = pos.piece_at(m.from).expect("a move starts on its piece");
    let is_lion = |pos: &Position, s| pos.piece_at(s).is_some_and(|p| v.piece(p.kind()).lion);
    if !v.piece(mover.kind()).lion {
        return match pos.counter_strike() {
            None => Ok(()),
            // lishogi (`docs/rules/chu.md` §14.3): the Lion on the square of the capture (a
            // Kirin promoted by it) may be taken back.
            Some(cs) if v.rules.counter_strike_spares_capturer && caps.iter().all(|&s| s == cs || !lion(s)) => Ok(()),
            Some(_) => Err(LionRule::CounterStrike),
        };
    }
    if m.to != m.from && caps.contains(&m.to) && is_lion(pos, m.to) && g.shape.distance(m.from, m.to) == 2 {
        let bridged = caps.iter().any(|&s| s != m.to && pos.piece_at(s).is_some_and(|p| v.piece(p.kind()).bridge));
        if !bridged {
            let them = mover.color().flip();
            // lishogi (`docs/rules/chu.md` §14.4): the taken pieces (none a bridge) still
            // protect, as if they stood on their squares.
            let taken: arrayvec::ArrayVec<_, 16> = if v.rules.non_bridge_protects {
                caps.iter().filter(|&&s| s != m.to).filter_map(|&s| pos.piece_at(s).map(|p| (s, p))).collect()
            } else {
                arrayvec::ArrayVec::new()
            };
            let u = pos.make_raw(m);
            let protected = is_attacked(pos, m.to, them) || !taken.is_empty() && attacked_with(pos, m.to, them, &taken);
            pos.unmake_raw(m, u);
            if protected {
                return Err(LionRule::ProtectedDistantLion);
            }
        }
    }
    Ok(())
}

/// Whether `by` attacks `target` with the pieces `restored` put back on their squares (the
/// pieces a move took; only their own attacks can be added, as no line of Chu hops).
fn attacked_with(pos: &Position, target: Square, by: Color, restored: &[(Square, Piece)]) -> bool {
    let cell_at =
        |sq: Square| restored.iter().find(|(s, _)| *s == sq).map_or_else(|| pos.cell(sq), |&(_, p)| Cell::from(p));
    attacked_plain(pos, target, by, &cell_at)
}
