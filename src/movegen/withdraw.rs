//! Undertaker withdrawal (Typhoon section 5.9): a one-square step to an empty square directly
//! away from an adjacent enemy captures that enemy, automatically (decision D6). The step's
//! `Move` becomes kind `Implied` with the victim in `mid[0]`: written `a4a3`, it takes a5.
//! With the option `undertaker_optional` the capture is a choice: the plain step stays, and a
//! second move of kind `Chosen` (victim in `aux`, written `a4a3xa5`) captures.

use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

/// Turns the withdrawing steps among `out[start..]` (the piece's plain moves) into captures.
pub fn apply(pos: &impl Board, piece: Piece, start: usize, optional: bool, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let them = piece.color().flip();
    let end = out.len();
    for i in start..end {
        let m = out[i];
        if m.kind != MoveKind::Normal || m.mid[0] != Square::NONE || m.to == m.from || !pos.is_empty(m.to) {
            continue;
        }
        if shape.distance(m.from, m.to) != 1 {
            continue;
        }
        let behind = m.from.offset(m.from.0 as i32 - m.to.0 as i32);
        if pos.cell(behind).holds(them) {
            let promo = m.promotion();
            let mut w = if optional {
                Move::with_aux(m.from, m.to, MoveKind::Chosen, behind)
            } else {
                Move::of_kind(m.from, m.to, MoveKind::Implied, [behind, Square::NONE])
            };
            if let Some(k) = promo {
                w = w.with_promotion(k);
            }
            if optional {
                out.push(w);
            } else {
                out[i] = w;
            }
        }
    }
}
