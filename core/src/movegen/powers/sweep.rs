//! `sweep:RIDER` — the Typhoon piece's sweep (`docs/rules/typhoon.md` §5.11): an orthogonal slide of
//! 1..range squares that passes through enemies and captures every one it passes, and the enemy
//! on the target. No friend may stand on the way or the target.
//!
//! A move's identity is its effect: without an enemy strictly on the way it is a plain `Move`;
//! otherwise kind `Implied` with those enemies in `mid` (at most 2 for range 3), written
//! `<from><to>` either way. Attack detection generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Attacks, Compile, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::{Shape, View};
use crate::moves::{Move, MoveKind};
use crate::variant::betza::Travel;
use crate::variant::PowerCall;

/// `sweep:RIDER`: an orthogonal slide that captures every enemy it passes through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep(pub Steps);

/// (unit board delta, range) per line.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(crate) lines: Vec<(i32, u8)>,
}

impl Spec for Sweep {
    const NAME: &'static str = "sweep";
    const SYNTAX: &'static str = "sweep:RIDER";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Compiled;

    fn parse(call: &PowerCall) -> Result<Sweep, PowerError> {
        Steps::parse(call, StepRule::UnitRider).map(Sweep)
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("sweep `{}`: captures every enemy passed", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Compiled> {
        let lines = self
            .0
            .vectors
            .iter()
            .map(|v| {
                let range = match v.travel {
                    Travel::Ride { max: 0 } => 255,
                    Travel::Ride { max } => max,
                    _ => 1,
                };
                (cx.delta(v.dx, v.dy), range)
            })
            .collect();
        Some(Compiled { lines })
    }
}

impl Generate for Compiled {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &(d, range) in &self.lines {
            let mut mid = [Square::NONE; 2];
            let mut n = 0;
            let mut to = from;
            for _ in 0..range {
                to = to.offset(d);
                let c = pos.cell(to);
                if c.is_off() || (!c.is_empty() && !c.holds(them)) {
                    break;
                }
                let m = if n == 0 { Move::new(from, to) } else { Move::of_kind(from, to, MoveKind::Implied, mid) };
                pos.push_move(piece, m, Shape::taking(n > 0 || !c.is_empty()), out);
                if !c.is_empty() {
                    if n == mid.len() {
                        // Longer sweeps than 3 would need the `Line` kind; the data files have none.
                        break;
                    }
                    mid[n] = to;
                    n += 1;
                }
            }
        }
    }
}
