//! `leap-first:RIDER` — a rider whose first square is skipped: never a target, and what stands
//! there blocks nothing (Nutty Tetrarchs, `leap-first:B`). Compiled into atom slides; its
//! attackers are found by its own table (the first piece met walking out from the target may be
//! the one it leaps).

use crate::geometry::{ByColor, Color, Square};
use crate::movegen::atoms::SlideT;
use crate::movegen::attack_tables::add_range;
use crate::movegen::power::{Attacks, Compile, Description, Hooks, NoMoves, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::{Cells, View};
use crate::variant::PowerCall;

/// `leap-first:RIDER`: a rider that leaps its first square, which it neither takes nor is blocked
/// by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeapFirst(pub Steps);

/// Where a square's attackers stand, per attacking colour: per direction (target toward the
/// attacker), the (first, last) capturing distance per type.
#[derive(Clone, Debug, Default)]
pub struct Attackers(ByColor<Vec<(i32, Ranges)>>);

/// The (first, last) capturing distance of each type along one direction.
type Ranges = Vec<(u8, u8)>;

impl Spec for LeapFirst {
    const NAME: &'static str = "leap-first";
    const SYNTAX: &'static str = "leap-first:RIDER";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = Attackers;
    type Moves = NoMoves;

    fn parse(call: &PowerCall) -> Result<LeapFirst, PowerError> {
        Steps::parse(call, StepRule::Rider).map(LeapFirst)
    }

    fn reach(&self) -> u8 {
        self.0.reach()
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("`{}` skipping the 1st square", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Attackers) -> Option<NoMoves> {
        for v in &self.0.vectors {
            let s = SlideT { min: 2, skip: true, ..cx.slide(v) };
            if s.mode.captures {
                add_range(&mut game.0[cx.color], s.delta, s.min, s.max, cx.kind, cx.kinds);
            }
            cx.atoms.slides.push(s);
        }
        None
    }
}

impl Hooks for Attackers {
    fn own_attacks(&self, _: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        for (d, ranges) in &self.0[by] {
            // The attacker's first square (next to it, on the target's side) blocks nothing, so
            // the attacker may stand one square beyond the first piece met walking out.
            let mut sq = target;
            let mut dist = 0u32;
            let mut first_piece = 0u32;
            loop {
                sq = sq.offset(*d);
                dist += 1;
                let c = cell_at(sq);
                if c.is_off() {
                    break;
                }
                if let Some(p) = c.piece() {
                    let (lo, hi) = ranges[p.kind().index()];
                    if p.color() == by && hi as u32 >= dist && lo as u32 <= dist {
                        return true;
                    }
                    if first_piece == 0 {
                        first_piece = dist;
                    }
                }
                if first_piece != 0 && dist > first_piece {
                    break;
                }
            }
        }
        false
    }
}
