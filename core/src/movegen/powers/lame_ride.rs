//! `lame-ride:DD` — a rider of two-square leaps whose skipped squares must be empty too (Typhoon
//! option `dayrider_strict`): a slide that stops on every second square. Compiled into atom
//! slides marked lame; no table says its captures, so attack detection and quiescence generate
//! its piece's moves.

use crate::movegen::atoms::SlideT;
use crate::movegen::power::{Attacks, Compile, Description, NoMoves, PowerError, Spec, StepRule, Steps};
use crate::variant::PowerCall;

/// `lame-ride:DD`: a rider of two-square leaps whose skipped squares must be empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LameRide(pub Steps);

impl Spec for LameRide {
    const NAME: &'static str = "lame-ride";
    const SYNTAX: &'static str = "lame-ride:DD|AA";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = NoMoves;

    fn parse(call: &PowerCall) -> Result<LameRide, PowerError> {
        let steps = Steps::parse(call, StepRule::Rider)?;
        if !steps.vectors.iter().all(|v| v.dx % 2 == 0 && v.dy % 2 == 0 && v.dx.abs().max(v.dy.abs()) == 2) {
            return Err(PowerError(format!("lame-ride:{}: the argument must be D or A riders (DD, AA)", steps.spec)));
        }
        Ok(LameRide(steps))
    }

    fn reach(&self) -> u8 {
        self.0.reach()
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("`{}` rider over empty squares only", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<NoMoves> {
        for v in &self.0.vectors {
            let s = SlideT { lame: true, ..cx.slide(v) };
            cx.atoms.slides.push(s);
        }
        None
    }
}
