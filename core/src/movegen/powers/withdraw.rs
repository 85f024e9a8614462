//! `withdraw[(optional)]` — Undertaker withdrawal (`docs/rules/typhoon.md` §5.9): a one-square step to an
//! empty square directly away from an adjacent enemy captures that enemy, automatically
//! (decision D6). The step's `Move` becomes kind `Implied` with the victim in `mid[0]`: written
//! `a4a3`, it takes a5. With `optional` (option `undertaker_optional`) the capture is a choice:
//! the plain step stays, and a second move of kind `Chosen` (victim in `aux`, written
//! `a4a3xa5`) captures. It works on the piece's atom moves, so it runs first among the powers;
//! attack detection generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{no_argument, Attacks, Compile, Description, Generate, PowerError, Spec};
use crate::movegen::view::View;
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `withdraw[(optional)]`: a step directly away from an adjacent enemy captures it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdraw {
    /// The capture is a choice (a second move), not automatic.
    pub optional: bool,
}

impl Spec for Withdraw {
    const NAME: &'static str = "withdraw";
    const SYNTAX: &'static str = "withdraw[(optional)]";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Self;

    fn parse(call: &PowerCall) -> Result<Withdraw, PowerError> {
        no_argument(call, &["optional"])?;
        Ok(Withdraw { optional: call.flags.iter().any(|f| f == "optional") })
    }

    fn describe(&self) -> Description {
        Description::text_only(if self.optional { "may capture by withdrawal" } else { "captures by withdrawal" })
    }

    fn compile(&self, _: &mut Compile<'_>, _: &mut ()) -> Option<Withdraw> {
        Some(self.clone())
    }
}

impl Generate for Withdraw {
    /// Turns the withdrawing steps among `out[start..]` (the piece's plain moves) into captures.
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, _from: Square, start: usize, out: &mut Vec<Move>) {
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
            if !pos.cell(behind).holds(them) {
                continue;
            }
            let mut w = if self.optional {
                Move::with_aux(m.from, m.to, MoveKind::Chosen, behind)
            } else {
                Move::of_kind(m.from, m.to, MoveKind::Implied, [behind, Square::NONE])
            };
            if let Some(k) = m.promotion() {
                w = w.with_promotion(k);
            }
            if self.optional {
                out.push(w);
            } else {
                out[i] = w;
            }
        }
    }

    /// One withdrawal per step: optional if either call says so.
    fn absorb(&mut self, other: Withdraw) -> Option<Withdraw> {
        self.optional |= other.optional;
        None
    }
}
