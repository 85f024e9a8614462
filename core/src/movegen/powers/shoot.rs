//! `shoot:STEPS` — igui, or shooting (Scirocco Genie, Nutty Tetrarchs): the piece removes an enemy
//! on an adjacent square and stays where it is. Written `e5e6,e6e5`; the move is
//! `Move::via(from, victim, from)`. The shot is a real capture, so the attack tables list each
//! shooting direction as a capturing leap.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Compile, Attacks, Captures, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::{Shape, View};
use crate::moves::Move;
use crate::variant::PowerCall;

/// `shoot:STEPS`: remove an adjacent enemy along a step without moving (igui).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shoot(pub Steps);

/// Board deltas of the victims.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(crate) dirs: Vec<i32>,
}

impl Spec for Shoot {
    const NAME: &'static str = "shoot";
    const SYNTAX: &'static str = "shoot:STEPS";

    fn parse(call: &PowerCall) -> Result<Shoot, PowerError> {
        Steps::parse(call, StepRule::Unit).map(Shoot)
    }

    fn reach(&self) -> u8 {
        1
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("igui (captures without moving) `{}`", self.0.spec))
    }

    const ATTACKS: Attacks = Attacks::Tables;

    fn captures(&self) -> Captures {
        Captures::Filtered
    }

    type Game = ();
    type Moves = Compiled;

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Compiled> {
        let dirs = cx.deltas(&self.0);
        for &d in &dirs {
            cx.attacks.add_leap(d, cx.kind);
        }
        Some(Compiled { dirs })
    }
}

impl Generate for Compiled {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.dirs {
            let victim = from.offset(d);
            if pos.cell(victim).holds(them) {
                pos.push_move(piece, Move::via(from, victim, from), Shape::CAPTURE, out);
            }
        }
    }

    fn absorb(&mut self, other: Compiled) {
        self.dirs.extend(other.dirs);
    }
}
