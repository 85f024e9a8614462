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
/// moves are kept unasked: the generators list a piece's moves together, and a run of moves
/// from one square is passed over by comparing squares alone. Nothing is written until a move
/// is dropped, which is rare.
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
            lion_mover = is_lion_mover(pos, from);
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

/// Whether the piece on `from` moves as a Lion for the rules (or the square is empty: unsure).
#[inline]
fn is_lion_mover(pos: &Position, from: Square) -> bool {
    let c = pos.cell(from);
    c.piece().is_none() || pos.game().tables.lions.contains_cell(c)
}

/// Without a counter-strike square: whether a Lion's move in `out` may break rule A (takes a
/// Lion, and is refused). The runs of other movers' moves are skipped by their squares.
fn lion_may_break(pos: &mut Position, out: &[Move]) -> bool {
    let mut r = 0;
    while r < out.len() {
        let from = out[r].from;
        let end = out[r..].iter().position(|m| m.from != from).map_or(out.len(), |n| r + n);
        if is_lion_mover(pos, from) && out[r..end].iter().any(|&m| !takes_no_lion(pos, m) && check(pos, m).is_err()) {
            return true;
        }
        r = end;
    }
    false
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
