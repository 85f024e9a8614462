//! `approach` — the Sorcerer's approach capture (`docs/rules/typhoon.md` §5.8): after a plain move, if the
//! square beyond the arrival square (in the move's direction) holds an enemy, the Sorcerer may
//! capture it and the whole run of enemies behind it, up to the first empty square, friend or
//! edge. All or none: both the plain move and the capturing one exist. `Move` kind `Approach`,
//! the first victim in `aux`; the move's effect finds the rest of the run
//! (`movegen::effect`). It works on the piece's atom moves, so it runs early among the powers;
//! attack detection generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::lines::facing_twins;
use crate::movegen::power::{no_argument, Attacks, Compile, Description, Generate, PowerError, Spec};
use crate::movegen::view::View;
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `approach`: the Sorcerer captures the run of enemies beyond its arrival square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approach;

impl Spec for Approach {
    const NAME: &'static str = "approach";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Self;

    fn parse(call: &PowerCall) -> Result<Approach, PowerError> {
        no_argument(call, &[])?;
        Ok(Approach)
    }

    fn describe(&self) -> Description {
        Description::text_only("captures the run of enemies it approaches (all or none)")
    }

    fn compile(&self, _: &mut Compile<'_>, _: &mut ()) -> Option<Approach> {
        Some(self.clone())
    }
}

impl Generate for Approach {
    /// The approach-capture twins of the piece's plain moves `out[start..]`.
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, _from: Square, start: usize, out: &mut Vec<Move>) {
        facing_twins(pos, piece, start, MoveKind::Approach, out);
    }
}
