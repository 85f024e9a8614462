//! Which moves promote, by the game's promotion rule: one place for every generator of a
//! piece's own moves.

use super::Board;
use crate::cell::Piece;
use crate::moves::Move;
use crate::variant::PromotionRule;

/// What a move is, as far as the promotion rules care: whether it takes a piece, and whether it
/// is a one-square step (Bigorra's Troll promotes only by a step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub captures: bool,
    pub step: bool,
}

impl Shape {
    /// A move that takes nothing, longer than a step.
    pub const QUIET: Shape = Shape { captures: false, step: false };
    /// A move that takes a piece, longer than a step.
    pub const CAPTURE: Shape = Shape { captures: true, step: false };

    /// The same, one-square step or not.
    #[inline]
    pub fn step(self, step: bool) -> Shape {
        Shape { step, ..self }
    }

    /// The same, as a one-square step.
    #[inline]
    pub fn one_step(self) -> Shape {
        Shape { step: true, ..self }
    }

    /// A capture or not.
    #[inline]
    pub fn taking(captures: bool) -> Shape {
        Shape { captures, step: false }
    }
}

/// Pushes `m` (a move of `piece`) with the promotion choices the rules give it: each type the
/// piece may become (promoting moves first), then the plain move if it may stay.
#[inline]
pub fn push(pos: &impl Board, piece: Piece, m: Move, shape: Shape, out: &mut Vec<Move>) {
    let v = pos.variant();
    let t = v.piece(piece.kind());
    let Some(target) = t.promotes_to else {
        out.push(m);
        return;
    };
    let us = piece.color();
    let tables = pos.tables();
    // Whether the move may promote, and whether it may also stay unpromoted.
    let (promotes, may_stay) = match v.promotion.rule {
        PromotionRule::Arrival => {
            let p = tables.in_zone(us, m.to) && (shape.step || !t.promotion_needs_step);
            (p, !p || t.promotion_optional)
        }
        PromotionRule::ShogiEntry => {
            let (zf, zt) = (tables.in_zone(us, m.from), tables.in_zone(us, m.to));
            let chance = if shape.captures { zf || zt } else { !zf && zt };
            (chance, !chance || tables.ranks_to_edge(us, m.to) > t.forced_promotion_ranks as i32)
        }
        // Tai Shogi: every capturing move promotes, once, and only that way.
        PromotionRule::Capture => (shape.captures, !shape.captures),
        // Optional: both the promoting and the plain move exist. Relay-only moves never come
        // here (`relay` pushes them without promotion).
        PromotionRule::StartOrEnd => (tables.in_zone(us, m.from) || tables.in_zone(us, m.to), true),
    };
    if promotes {
        if t.promotion_suffix {
            for &k in &t.promotion_targets {
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
