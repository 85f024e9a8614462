//! `convert-ahead` — conversion after a move (Typhoon Missionary, `docs/rules/typhoon.md` §5.5): after one of its
//! own moves, it may convert the enemy on the next square beyond the arrival square in the
//! direction it moved. Both the plain move and the converting one (kind `Convert`, the square in
//! `aux`) exist. A conversion counts as an attack; attack detection generates it.

use crate::movegen::lines::facing_twins;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Compile, no_argument, Attacks, Captures, Description, Generate, PowerError, Spec};
use crate::movegen::view::View;
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `convert-ahead`: after a move, the enemy on the next square in the direction moved may change
/// sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertAhead;

/// The conversion after a move (nothing to keep: it reads the piece's plain moves).
#[derive(Clone, Debug)]
pub struct Compiled;

impl Spec for ConvertAhead {
    const NAME: &'static str = "convert-ahead";
    const SYNTAX: &'static str = "convert-ahead";

    fn parse(call: &PowerCall) -> Result<ConvertAhead, PowerError> {
        no_argument(call, &[])?;
        Ok(ConvertAhead)
    }

    fn reach(&self) -> u8 {
        1
    }

    fn describe(&self) -> Description {
        Description::text_only("may convert the enemy next in line after moving")
    }

    const ATTACKS: Attacks = Attacks::Generated;

    fn captures(&self) -> Captures {
        Captures::Filtered
    }

    type Game = ();
    type Moves = Compiled;

    fn compile(&self, _: &mut Compile<'_>, _: &mut ()) -> Option<Compiled> {
        Some(Compiled)
    }
}

impl Generate for Compiled {
    /// The converting twins of its plain moves `out[start..]`.
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, _from: Square, start: usize, out: &mut Vec<Move>) {
        facing_twins(pos, piece, start, MoveKind::Convert, out);
    }

    fn absorb(&mut self, _: Compiled) {}
}
