//! `convert-ahead` — conversion after a move (Typhoon Missionary, `docs/rules/typhoon.md` §5.5): after one of its
//! own moves, it may convert the enemy on the next square beyond the arrival square in the
//! direction it moved. Both the plain move and the converting one (kind `Convert`, the square in
//! `aux`) exist. A conversion counts as an attack; attack detection generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::lines::facing_twins;
use crate::movegen::power::{no_argument, Attacks, Compile, Description, Generate, PowerError, Spec};
use crate::movegen::view::View;
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `convert-ahead`: after a move, the enemy on the next square in the direction moved may change
/// sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertAhead;

impl Spec for ConvertAhead {
    const NAME: &'static str = "convert-ahead";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Self;

    fn parse(call: &PowerCall) -> Result<ConvertAhead, PowerError> {
        no_argument(call, &[])?;
        Ok(ConvertAhead)
    }

    fn describe(&self) -> Description {
        Description::text_only("may convert the enemy next in line after moving")
    }

    fn compile(&self, _: &mut Compile<'_>, _: &mut ()) -> Option<ConvertAhead> {
        Some(self.clone())
    }
}

impl Generate for ConvertAhead {
    /// The converting twins of its plain moves `out[start..]`.
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, _from: Square, start: usize, out: &mut Vec<Move>) {
        facing_twins(pos, piece, start, MoveKind::Convert, out);
    }
}
