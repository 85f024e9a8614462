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

    /// A capture or not.
    #[inline]
    pub fn taking(captures: bool) -> Shape {
        Shape { captures, step: false }
    }
}

/// Pushes `m` (a move of `piece`) with the promotion choices the rules give it.
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
    match v.promotion.rule {
        PromotionRule::Arrival => {
            if tables.in_zone(us, m.to) && (shape.step || !t.promotion_needs_step) {
                out.push(m.with_promotion(target));
            } else {
                out.push(m);
            }
        }
        PromotionRule::ShogiEntry => {
            let (zf, zt) = (tables.in_zone(us, m.from), tables.in_zone(us, m.to));
            let chance = if shape.captures { zf || zt } else { !zf && zt };
            if chance {
                out.push(m.with_promotion(target));
                if tables.ranks_to_edge(us, m.to) > t.forced_promotion_ranks as i32 {
                    out.push(m);
                }
            } else {
                out.push(m);
            }
        }
        PromotionRule::Capture => {
            // Tai Shogi: every capturing move promotes, once, and only that way.
            if shape.captures {
                out.push(m.with_promotion(target));
            } else {
                out.push(m);
            }
        }
        PromotionRule::StartOrEnd => {
            // Optional: both the promoting and the plain move exist. Relay-only moves never
            // come here (`relay` pushes them without promotion).
            if tables.in_zone(us, m.from) || tables.in_zone(us, m.to) {
                out.push(m.with_promotion(target));
            }
            out.push(m);
        }
    }
}
