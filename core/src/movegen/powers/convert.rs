//! `convert:LEAPS` — conversion without moving (Typhoon Cuckoo, `convert:fWsWbD`, `docs/rules/typhoon.md` §5.5):
//! instead of moving, an enemy on one of the listed leap squares (whatever stands between)
//! changes owner and nothing else. `Move` kind `Convert`, `from == to`, the converted square in
//! `aux`. Never promotes. A conversion takes a piece from the opponent, royals included, so it
//! counts as an attack; no table says it: attack detection generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Attacks, Compile, Deltas, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::View;
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// `convert:LEAPS`: instead of moving, an enemy on one of the leap squares changes sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Convert(pub Steps);

impl Spec for Convert {
    const NAME: &'static str = "convert";
    const SYNTAX: &'static str = "convert:LEAPS";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Deltas<Convert>;

    fn parse(call: &PowerCall) -> Result<Convert, PowerError> {
        Steps::parse(call, StepRule::Any).map(Convert)
    }

    fn reach(&self) -> u8 {
        self.0.reach()
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("converts an enemy on `{}` instead of moving", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Deltas<Convert>> {
        let moves = Deltas::of(cx, &self.0);
        Some(moves)
    }
}

impl Generate for Deltas<Convert> {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.0 {
            let t = from.offset(d);
            if pos.cell(t).holds(them) {
                out.push(Move::with_aux(from, from, MoveKind::Convert, t));
            }
        }
    }
}
