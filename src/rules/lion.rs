//! The Chu Shogi lion-capture rules (HaChu default, `docs/rules/chu.md` §7.1): which captures
//! of a Lion are illegal. Legality, not movement: the lion moves themselves are `movegen::lion`.
//!
//! - Rule A: a Lion may not take a non-adjacent Lion on its destination when that square is
//!   attacked after the move, unless it also took a bridge piece (not a Pawn or Go-Between);
//! - Rule B: right after a non-Lion took a Lion, no non-Lion may take a Lion.

use crate::geometry::Square;
use crate::movegen::attack::is_attacked;
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
    let lions = &pos.game().tables.special.lions;
    !m.mids().any(|s| lions.contains_cell(pos.cell(s))) && (m.to == m.from || !lions.contains_cell(to))
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
        return if pos.counter_strike().is_none() { Ok(()) } else { Err(LionRule::CounterStrike) };
    }
    if m.to != m.from && caps.contains(&m.to) && is_lion(pos, m.to) && g.shape.distance(m.from, m.to) == 2 {
        let bridged = caps.iter().any(|&s| s != m.to && pos.piece_at(s).is_some_and(|p| v.piece(p.kind()).bridge));
        if !bridged {
            let them = mover.color().flip();
            let u = pos.make_raw(m);
            let protected = is_attacked(pos, m.to, them);
            pos.unmake_raw(m, u);
            if protected {
                return Err(LionRule::ProtectedDistantLion);
            }
        }
    }
    Ok(())
}
