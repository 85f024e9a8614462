//! Which moves promote, by the game's promotion rule: one place for every generator of a
//! piece's own moves.

use super::Board;
use crate::cell::Piece;
use crate::moves::Move;
use crate::variant::PromotionRule;

/// Pushes `m` (a move of `piece`) with the promotion choices the rules give it.
/// `captures`: the move removes at least one piece; `step`: it is a one-square step.
#[inline]
pub fn push(pos: &impl Board, piece: Piece, m: Move, captures: bool, step: bool, out: &mut Vec<Move>) {
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
            if tables.in_zone(us, m.to) && (step || !t.promotion_needs_step) {
                out.push(m.with_promotion(target));
            } else {
                out.push(m);
            }
        }
        PromotionRule::ShogiEntry => {
            let (zf, zt) = (tables.in_zone(us, m.from), tables.in_zone(us, m.to));
            let chance = if captures { zf || zt } else { !zf && zt };
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
            if captures {
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
