//! `hop-capture:STEPS` — hop captures (Scirocco Zig and Zag): the piece jumps an adjacent enemy
//! onto the empty square directly beyond it and removes the jumped piece. Exactly one victim;
//! friends cannot be jumped and the landing square must be empty. Written `e5d6,d6c7`; the move
//! is `Move::via(from, victim, landing)`. Its own attack table: the capture depends on the
//! landing square being empty.

use crate::cell::Piece;
use crate::geometry::{ByColor, Color, Square};
use crate::movegen::attack_tables::add_to;
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{
    Attacks, Compile, Deltas, Description, Generate, Hooks, PowerError, Spec, StepRule, Steps,
};
use crate::movegen::view::{Cells, Shape, View};
use crate::moves::Move;
use crate::variant::PowerCall;

/// `hop-capture:STEPS`: jump an adjacent enemy along a step onto the empty square beyond, taking
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HopCapture(pub Steps);

/// Where a square's hop capturers stand, per attacking colour: (delta from target to the
/// attacker, types); the landing square, target minus that delta, must be empty.
#[derive(Clone, Debug, Default)]
pub struct Attackers(ByColor<Vec<(i32, KindSet)>>);

impl Spec for HopCapture {
    const NAME: &'static str = "hop-capture";
    const SYNTAX: &'static str = "hop-capture:STEPS";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = Attackers;
    type Moves = Deltas<HopCapture>;

    fn parse(call: &PowerCall) -> Result<HopCapture, PowerError> {
        Steps::parse(call, StepRule::Unit).map(HopCapture)
    }

    fn reach(&self) -> u8 {
        2
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("hop capture over an adjacent enemy `{}`", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Attackers) -> Option<Deltas<HopCapture>> {
        let moves = Deltas::of(cx, &self.0);
        for &e in &moves.0 {
            add_to(&mut game.0[cx.color], -e, cx.kind);
        }
        Some(moves)
    }
}

impl Hooks for Attackers {
    fn own_attacks(&self, _: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        self.0[by]
            .iter()
            .any(|(d, set)| set.holds(cell_at(target.offset(*d)), by) && cell_at(target.offset(-*d)).is_empty())
    }
}

impl Generate<Attackers> for Deltas<HopCapture> {
    fn generate(&self, _: &Attackers, pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.0 {
            let victim = from.offset(d);
            let landing = victim.offset(d);
            if pos.cell(victim).holds(them) && pos.cell(landing).is_empty() {
                pos.push_move(piece, Move::via(from, victim, landing), Shape::CAPTURE, out);
            }
        }
    }
}
