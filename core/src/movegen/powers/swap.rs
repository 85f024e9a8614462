//! `swap:LEAPS` — the Hummingbird swap (`docs/rules/typhoon.md` §5.4): instead of moving, exchange places
//! with any piece (friend or enemy, royal or frozen) on one of the listed leap squares. Nothing
//! is captured; both keep their owners. The swap is the Hummingbird's own move, so it may promote
//! by the zone test; the partner never does. A swap never attacks.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{
    Attacks, Captures, Compile, Deltas, Description, Generate, PowerError, Spec, StepRule, Steps,
};
use crate::movegen::view::{Shape, View};
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `swap:LEAPS`: instead of moving, exchange places with any piece on one of the leap squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swap(pub Steps);

impl Spec for Swap {
    const NAME: &'static str = "swap";
    const SYNTAX: &'static str = "swap:LEAPS";
    const ATTACKS: Attacks = Attacks::Never;
    type Game = ();
    type Moves = Deltas<Swap>;

    fn parse(call: &PowerCall) -> Result<Swap, PowerError> {
        Steps::parse(call, StepRule::Any).map(Swap)
    }

    fn reach(&self) -> u8 {
        self.0.reach()
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("swaps with any piece on `{}`", self.0.spec))
    }

    fn quiescence(&self) -> Captures {
        Captures::Never
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Deltas<Swap>> {
        let moves = Deltas::of(cx, &self.0);
        Some(moves)
    }
}

impl Generate for Deltas<Swap> {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        for &d in &self.0 {
            let t = from.offset(d);
            if pos.cell(t).is_piece() {
                let m = Move::of_kind(from, t, MoveKind::Swap, [Square::NONE; 2]);
                pos.push_move(piece, m, Shape::QUIET, out);
            }
        }
    }

    /// A swap takes nothing.
    fn captures(&self, _: &(), _: &impl View, _: Piece, _: Square, _: &mut Vec<Move>) {}
}
