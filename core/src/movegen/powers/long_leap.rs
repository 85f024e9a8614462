//! `long-leap:RIDER` — Longleaper captures (`docs/rules/typhoon.md` §5.7): along one queen line, jump
//! single enemies (each with an empty square right behind it), capturing every one jumped, and
//! stop on any empty square after the first jump. Never over a friend or two pieces in a row,
//! never onto a piece. `Move` kind `Line`: the move's effect removes every piece between origin
//! and destination. Its non-capturing slides are the `mQ` atoms. Attack detection generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Attacks, Compile, Deltas, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::View;
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `long-leap:RIDER`: the Longleaper, capturing every single enemy it jumps along a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongLeap(pub Steps);

impl Spec for LongLeap {
    const NAME: &'static str = "long-leap";
    const SYNTAX: &'static str = "long-leap:RIDER";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Deltas<LongLeap>;

    fn parse(call: &PowerCall) -> Result<LongLeap, PowerError> {
        Steps::parse(call, StepRule::UnitRider).map(LongLeap)
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("long leap `{}`: captures every enemy jumped", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Deltas<LongLeap>> {
        let moves = Deltas::of(cx, &self.0);
        Some(moves)
    }
}

impl Generate for Deltas<LongLeap> {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.0 {
            let mut sq = from;
            let mut jumped = false;
            loop {
                sq = sq.offset(d);
                let c = pos.cell(sq);
                if c.is_empty() {
                    if jumped {
                        out.push(Move::of_kind(from, sq, MoveKind::Line, [Square::NONE; 2]));
                    }
                    continue;
                }
                if c.holds(them) && pos.cell(sq.offset(d)).is_empty() {
                    jumped = true;
                    continue;
                }
                break;
            }
        }
    }
}
