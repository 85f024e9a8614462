//! `skip-first:RIDER` — a rider whose first square must be empty and is never a target (Scirocco
//! Wagon, `skip-first:R`): compiled into atom slides that start at distance 2, found by the slide
//! attack tables and the atom capture lists.

use crate::movegen::atoms::SlideT;
use crate::movegen::power::{Attacks, Captures, Compile, Description, NoMoves, PowerError, Spec, StepRule, Steps};
use crate::variant::PowerCall;

/// `skip-first:RIDER`: a rider whose first square must be empty and is never its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkipFirst(pub Steps);

impl Spec for SkipFirst {
    const NAME: &'static str = "skip-first";
    const SYNTAX: &'static str = "skip-first:RIDER";
    const ATTACKS: Attacks = Attacks::Tables;
    type Game = ();
    type Moves = NoMoves;

    fn parse(call: &PowerCall) -> Result<SkipFirst, PowerError> {
        Steps::parse(call, StepRule::Rider).map(SkipFirst)
    }

    fn reach(&self) -> u8 {
        self.0.reach()
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("`{}` from the 2nd square; the 1st must be empty", self.0.spec))
    }

    fn quiescence(&self) -> Captures {
        Captures::Atoms
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<NoMoves> {
        for v in &self.0.vectors {
            let s = SlideT { min: 2, ..cx.slide(v) };
            if s.mode.captures {
                cx.attacks.add_slide(s.delta, s.min, s.max, cx.kind, cx.kinds);
            }
            cx.atoms.slides.push(s);
        }
        None
    }
}
