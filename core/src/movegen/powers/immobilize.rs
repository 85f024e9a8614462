//! `immobilize` — the Immobilizer (`docs/rules/typhoon.md` §5.6): a piece is frozen while an enemy
//! Immobilizer stands on one of its 8 neighbours. A frozen piece has no own moves; it may
//! capture itself, make moves relayed by a non-frozen friendly Dervish or Harpy, and be swapped by
//! a Hummingbird. A frozen Dervish or Harpy relays nothing (`relay`). The Immobilizer itself
//! never captures. Freezing is a hook of the power (`Hooks::freezes`): move generation asks it
//! once per piece, and only in games whose catalogue has an Immobilizer and while the opponent
//! owns one; attack detection, while the defender owns one, generates the attackers' moves.

use crate::geometry::{Color, Square};
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{no_argument, Attacks, Captures, Compile, Description, Hooks, NoMoves, PowerError, Spec};
use crate::movegen::view::View;
use crate::variant::PowerCall;

const KING: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// `immobilize`: enemies on the 8 neighbouring squares are frozen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Immobilize;

/// The game's Immobilizers.
#[derive(Clone, Debug, Default)]
pub struct Immobilizers(KindSet);

impl Spec for Immobilize {
    const NAME: &'static str = "immobilize";
    const ATTACKS: Attacks = Attacks::Never;
    type Game = Immobilizers;
    type Moves = NoMoves;

    fn parse(call: &PowerCall) -> Result<Immobilize, PowerError> {
        no_argument(call, &[])?;
        Ok(Immobilize)
    }

    fn describe(&self) -> Description {
        Description::text_only("freezes adjacent enemies; never captures")
    }

    fn quiescence(&self) -> Captures {
        Captures::Never
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Immobilizers) -> Option<NoMoves> {
        game.0.insert(cx.kind);
        None
    }
}

impl Hooks for Immobilizers {
    const FREEZES: bool = true;

    fn freezes(&self, pos: &impl View, sq: Square, c: Color) -> bool {
        let shape = *pos.shape();
        KING.iter().any(|&(dx, dy)| self.0.holds(pos.cell(sq.offset(shape.delta(dx, dy))), c.flip()))
    }
}
