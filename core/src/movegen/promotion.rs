//! Which moves promote, by the game's promotion rule: one place for every generator of a
//! piece's own moves.

use super::board::Board;
use super::view::Shape;
use crate::cell::Piece;
use crate::moves::Move;
use crate::variant::PromotionRule;

/// Pushes `m` (a move of `piece`) with the promotion choices the rules give it: each type the
/// piece may become (promoting moves first), then the plain move if it may stay.
#[inline(always)]
pub fn push(pos: &impl Board, piece: Piece, m: Move, shape: Shape, out: &mut Vec<Move>) {
    // Most moves have no promotion chance: the piece never promotes, or (every rule) neither
    // square is in its zone and the move is not a capture under the rule `capture`. Those are
    // pushed here, inline; the rest go to the rules below.
    let tables = pos.tables();
    let us = piece.color();
    if tables.promotion(piece.kind()).target.is_none()
        || !(tables.in_zone(us, m.from)
            || tables.in_zone(us, m.to)
            || shape.captures && tables.promotion_rule == PromotionRule::Capture)
    {
        out.push(m);
        return;
    }
    push_choices(pos, piece, m, shape, out);
}

/// [`push`] for a move that may have a promotion choice.
#[inline(never)]
fn push_choices(pos: &impl Board, piece: Piece, m: Move, shape: Shape, out: &mut Vec<Move>) {
    let tables = pos.tables();
    let t = tables.promotion(piece.kind());
    let Some(target) = t.target else {
        out.push(m);
        return;
    };
    let us = piece.color();
    // Whether the move may promote, and whether it may also stay unpromoted.
    let (promotes, may_stay) = match tables.promotion_rule {
        PromotionRule::Arrival => {
            let p = tables.in_zone(us, m.to) && (shape.step || !t.needs_step);
            (p, !p || t.optional)
        }
        PromotionRule::ShogiEntry => {
            let (zf, zt) = (tables.in_zone(us, m.from), tables.in_zone(us, m.to));
            let edge = tables.ranks_to_edge(us, m.to);
            // lishogi's last-rank chance (`docs/rules/chu.md` §14.1): inside the zone, so the
            // fast path of `push` never skips it (the data file is refused otherwise).
            let chance = if shape.captures { zf || zt } else { !zf && zt } || edge <= t.chance_ranks as i32;
            (chance, !chance || edge > t.forced_ranks as i32)
        }
        // Tai Shogi: every capturing move promotes, once, and only that way.
        PromotionRule::Capture => (shape.captures, !shape.captures),
        // Optional: both the promoting and the plain move exist, except where the piece must
        // promote (ShogiVar's rule in Dai and Tenjiku: a Pawn on the last rank; Scirocco's
        // pieces have no such ranks). Relay-only moves never come here (`relay` pushes them
        // without promotion).
        PromotionRule::StartOrEnd => {
            let chance = tables.in_zone(us, m.from) || tables.in_zone(us, m.to);
            (chance, !chance || tables.ranks_to_edge(us, m.to) > t.forced_ranks as i32)
        }
    };
    // HaChu's "Promote on entry" off: a piece that declined on entering the zone by its last
    // move has no chance by its next quiet move (else declining would cost nothing).
    let (promotes, may_stay) = if promotes
        && !shape.captures
        && pos.variant().promotion.declined_entry_waits
        && pos.waiting_to_promote() == m.from
    {
        (false, true)
    } else {
        (promotes, may_stay)
    };
    if promotes {
        if t.suffix {
            for &k in &pos.variant().piece(piece.kind()).promotion_targets {
                out.push(m.with_named_promotion(k));
            }
        } else {
            out.push(m.with_promotion(target));
        }
    }
    if may_stay {
        out.push(m);
    }
}
