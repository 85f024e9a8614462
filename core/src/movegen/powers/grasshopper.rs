//! `grasshopper:RIDER` — the grasshopper of fairy chess, which no built-in game has: along each
//! line of its argument the piece passes over the first piece it meets (of either side, left
//! unharmed) and lands on the square just beyond, which must be empty or hold an enemy (taken).
//! Its captures are found by its own attack test, from the target outward: a hurdle next to the
//! target, then empty squares, then the grasshopper.
//!
//! The module is the example of `docs/extending.md` ("Adding a power").

use crate::cell::Piece;
use crate::geometry::{ByColor, Color, Square};
use crate::movegen::attack_tables::add_to;
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{Attacks, Compile, Deltas, Description, Generate, Hooks, PowerError, Spec};
use crate::movegen::power::{StepRule, Steps};
use crate::movegen::view::{Cells, Shape, View};
use crate::moves::Move;
use crate::variant::PowerCall;

/// `grasshopper:RIDER`: the lines along which the piece hops (`Q`, `R`, `B`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grasshopper(pub Steps);

/// Where a square's grasshoppers stand, per attacking colour: (delta from the target toward
/// the attacker, types that hop along it).
#[derive(Clone, Debug, Default)]
pub struct Attackers(ByColor<Vec<(i32, KindSet)>>);

impl Spec for Grasshopper {
    const NAME: &'static str = "grasshopper";
    const SYNTAX: &'static str = "grasshopper:RIDER";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = Attackers;
    type Moves = Deltas<Grasshopper>;

    fn parse(call: &PowerCall) -> Result<Grasshopper, PowerError> {
        Steps::parse(call, StepRule::UnitRider).map(Grasshopper)
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("grasshopper `{}`: lands just beyond the first piece", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Attackers) -> Option<Deltas<Grasshopper>> {
        let moves = Deltas::of(cx, &self.0);
        for &d in &moves.0 {
            add_to(&mut game.0[cx.color], -d, cx.kind);
        }
        Some(moves)
    }
}

impl Generate<Attackers> for Deltas<Grasshopper> {
    fn generate(&self, _: &Attackers, pos: &impl View, piece: Piece, from: Square, _: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.0 {
            let mut hurdle = from.offset(d);
            while pos.is_empty(hurdle) {
                hurdle = hurdle.offset(d);
            }
            if pos.cell(hurdle).is_off() {
                continue;
            }
            // The hurdle is on the board, so the landing square is at most one step beyond it:
            // inside the mailbox padding.
            let to = hurdle.offset(d);
            let cell = pos.cell(to);
            if cell.is_empty() {
                pos.push_move(piece, Move::new(from, to), Shape::QUIET, out);
            } else if cell.holds(them) {
                pos.push_move(piece, Move::new(from, to), Shape::CAPTURE, out);
            }
        }
    }
}

impl Hooks for Attackers {
    /// A hurdle next to `target`, empty squares beyond it, then a grasshopper of `by` that hops
    /// along that line.
    fn own_attacks(&self, _: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        self.0[by].iter().any(|(u, set)| {
            let hurdle = target.offset(*u);
            if !cell_at(hurdle).is_piece() {
                return false;
            }
            let mut sq = hurdle.offset(*u);
            while cell_at(sq).is_empty() {
                sq = sq.offset(*u);
            }
            set.holds(cell_at(sq), by)
        })
    }
}
