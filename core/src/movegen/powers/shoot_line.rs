//! `shoot-line:RIDER` — shots at any distance (Typhoon Emperor of Emperors, `shoot-line:Q`):
//! along each unit direction the first piece, if it is an enemy, is removed; the piece stays.
//! A shot never promotes. No table says these captures: attack detection generates them.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Attacks, Compile, Deltas, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::View;
use crate::moves::Move;
use crate::variant::PowerCall;

/// `shoot-line:RIDER`: remove the first piece along a line, if an enemy, without moving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShootLine(pub Steps);

impl Spec for ShootLine {
    const NAME: &'static str = "shoot-line";
    const SYNTAX: &'static str = "shoot-line:RIDER";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Deltas<ShootLine>;

    fn parse(call: &PowerCall) -> Result<ShootLine, PowerError> {
        Steps::parse(call, StepRule::UnitRider).map(ShootLine)
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("shoots the first piece on `{}` lines", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Deltas<ShootLine>> {
        let moves = Deltas::of(cx, &self.0);
        Some(moves)
    }
}

impl Generate for Deltas<ShootLine> {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.0 {
            let mut sq = from.offset(d);
            while pos.cell(sq).is_empty() {
                sq = sq.offset(d);
            }
            if pos.cell(sq).holds(them) {
                out.push(Move::via(from, sq, from));
            }
        }
    }
}
