//! `shoot:STEPS` — igui, or shooting (Scirocco Genie, Nutty Tetrarchs): the piece removes an enemy
//! on an adjacent square and stays where it is. Written `e5e6,e6e5`; the move is
//! `Move::via(from, victim, from)`. The shot is a real capture, so the attack tables list each
//! shooting direction as a capturing leap.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Attacks, Compile, Deltas, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::{Shape, View};
use crate::moves::Move;
use crate::variant::PowerCall;

/// `shoot:STEPS`: remove an adjacent enemy along a step without moving (igui).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shoot(pub Steps);

impl Spec for Shoot {
    const NAME: &'static str = "shoot";
    const SYNTAX: &'static str = "shoot:STEPS";
    const ATTACKS: Attacks = Attacks::Tables;
    type Game = ();
    type Moves = Deltas<Shoot>;

    fn parse(call: &PowerCall) -> Result<Shoot, PowerError> {
        Steps::parse(call, StepRule::Unit).map(Shoot)
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("igui (captures without moving) `{}`", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Deltas<Shoot>> {
        let moves = Deltas::of(cx, &self.0);
        for &d in &moves.0 {
            cx.attacks.add_leap(d, cx.kind);
        }
        Some(moves)
    }
}

impl Generate for Deltas<Shoot> {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.0 {
            let victim = from.offset(d);
            if pos.cell(victim).holds(them) {
                pos.push_move(piece, Move::via(from, victim, from), Shape::CAPTURE, out);
            }
        }
    }
}
