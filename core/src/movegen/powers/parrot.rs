//! `parrot:STEPS` — the Parrot family (`docs/rules/typhoon.md` §5.16: Parrot, Raven, Horned Owl forward,
//! Diving Osprey forward diagonals). Along each listed unit direction, with V1 the neighbour and
//! V2 the square beyond: shoot an enemy on V1 (`Move::via(from, V1, from)`), and hop-capture it
//! onto V2 when V2 is empty or holds an enemy (`Move::via(from, V1, V2)`, taking both). The step
//! to V1 and the leap to V2 are atoms of the Betza string. The piece may also pass, once
//! (decision D7: unconditionally while not frozen; with the piece key `pass_needs_empty_step`,
//! option `pass_needs_empty_neighbour`, only with an empty square among its own step squares).
//! Attack detection generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Attacks, Compile, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::View;
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `parrot:STEPS`: shoot the adjacent enemy along a step, or hop-capture it onto the square beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parrot(pub Steps);

/// The Parrot powers of a type and colour.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// Unit board deltas.
    pub dirs: Vec<i32>,
    /// May pass only next to an empty step square.
    pub pass_needs_empty_step: bool,
}

impl Spec for Parrot {
    const NAME: &'static str = "parrot";
    const SYNTAX: &'static str = "parrot:STEPS";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Compiled;

    fn parse(call: &PowerCall) -> Result<Parrot, PowerError> {
        Steps::parse(call, StepRule::Unit).map(Parrot)
    }

    fn reach(&self) -> u8 {
        2
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("Parrot powers `{}`: shoot, hop-capture (up to 2), pass", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Compiled> {
        let dirs = cx.deltas(&self.0);
        let pass_needs_empty_step = cx.piece.pass_needs_empty_step;
        Some(Compiled { dirs, pass_needs_empty_step })
    }
}

impl Generate for Compiled {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, start: usize, out: &mut Vec<Move>) {
        // An empty square among its own step squares: one of its plain moves so far is a step
        // to an empty square.
        let may_pass = !self.pass_needs_empty_step
            || out[start..].iter().any(|m| {
                m.kind == MoveKind::Normal
                    && m.mid[0].is_none()
                    && pos.is_empty(m.to)
                    && pos.shape().distance(from, m.to) == 1
            });
        let them = piece.color().flip();
        for &d in &self.dirs {
            let v1 = from.offset(d);
            if !pos.cell(v1).holds(them) {
                continue;
            }
            out.push(Move::via(from, v1, from));
            let v2 = v1.offset(d);
            let c2 = pos.cell(v2);
            if !c2.is_off() && (c2.is_empty() || c2.holds(them)) {
                out.push(Move::via(from, v1, v2));
            }
        }
        if may_pass {
            out.push(Move::pass(from));
        }
    }
}
