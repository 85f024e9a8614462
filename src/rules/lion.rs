//! The Chu Shogi lion-capture rules (HaChu default, `chu-shogi.md` section 7.1): which captures
//! of a Lion are illegal. Legality, not movement: the lion moves themselves are `movegen::lion`.

use crate::geometry::Square;
use crate::movegen::attack::is_attacked;
use crate::moves::Move;
use crate::position::Position;
use arrayvec::ArrayVec;

/// The squares whose pieces `m` removes (before it is made).
pub fn captured_squares(pos: &Position, m: Move) -> ArrayVec<Square, 3> {
    let mut caps = ArrayVec::new();
    for s in m.mids() {
        if !pos.is_empty(s) {
            caps.push(s);
        }
    }
    if m.to != m.from && !pos.is_empty(m.to) {
        caps.push(m.to);
    }
    caps
}

/// The Chu Shogi lion-capture rules (HaChu default, `chu-shogi.md` section 7.1):
/// - Rule A: a Lion may not take a non-adjacent Lion on its destination when that square is
///   attacked after the move, unless it also took a bridge piece (not a Pawn or Go-Between);
/// - Rule B: right after a non-Lion took a Lion, no non-Lion may take a Lion.
pub fn capture_rules_allow(pos: &mut Position, m: Move) -> bool {
    let g = std::sync::Arc::clone(pos.game());
    let v = &g.variant;
    let mover = pos.piece_at(m.from).expect("mover");
    let caps = captured_squares(pos, m);
    let is_lion = |pos: &Position, s: Square| v.piece(pos.piece_at(s).unwrap().kind()).lion;
    if !caps.iter().any(|&s| is_lion(pos, s)) {
        return true;
    }
    if !v.piece(mover.kind()).lion {
        return pos.counter_strike().is_none();
    }
    if m.to != m.from && caps.contains(&m.to) && is_lion(pos, m.to) && pos.shape().distance(m.from, m.to) == 2 {
        let bridged = caps.iter().any(|&s| s != m.to && v.piece(pos.piece_at(s).unwrap().kind()).bridge);
        if !bridged {
            let them = mover.color().flip();
            let u = pos.make_raw(m);
            let protected = is_attacked(pos, m.to, them);
            pos.unmake_raw(m, u);
            if protected {
                return false;
            }
        }
    }
    true
}
