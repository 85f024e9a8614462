//! `immobilize` — the Immobilizer (`docs/rules/typhoon.md` §5.6): a piece is frozen while an enemy
//! Immobilizer stands on one of its 8 neighbours. A frozen piece has no own moves; it may
//! capture itself, make moves relayed by a non-frozen friendly Dervish or Harpy, and be swapped by
//! a Hummingbird. A frozen Dervish or Harpy relays nothing (`relay`). The Immobilizer itself
//! never captures. Move generation asks [`frozen`] once per piece, and only in games whose
//! catalogue has an Immobilizer and while the opponent owns one.

use crate::geometry::{Color, Square};
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{no_argument, Attacks, Captures, Compile, Description, Hooks, NoMoves, PowerError, Spec};
use crate::movegen::view::View;
use crate::variant::{KindId, PowerCall};

const KING: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// `immobilize`: enemies on the 8 neighbouring squares are frozen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Immobilize;

/// The game's Immobilizers: the set, and the list for counting a side's.
#[derive(Clone, Debug, Default)]
pub struct Immobilizers {
    set: KindSet,
    list: Vec<KindId>,
}

impl Spec for Immobilize {
    const NAME: &'static str = "immobilize";

    fn parse(call: &PowerCall) -> Result<Immobilize, PowerError> {
        no_argument(call, &[])?;
        Ok(Immobilize)
    }

    fn describe(&self) -> Description {
        Description::text_only("freezes adjacent enemies; never captures")
    }

    const ATTACKS: Attacks = Attacks::Never;

    fn quiescence(&self) -> Captures {
        Captures::Never
    }

    type Game = Immobilizers;
    type Moves = NoMoves;

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Immobilizers) -> Option<NoMoves> {
        game.set.insert(cx.kind);
        if !game.list.contains(&cx.kind) {
            game.list.push(cx.kind);
        }
        None
    }
}

impl Hooks for Immobilizers {
    const FREEZES: bool = true;

    /// While the other side has an Immobilizer on the board (from the piece counts).
    #[inline]
    fn may_freeze(&self, pos: &impl View, c: Color) -> bool {
        pos.has_any(&self.list, c.flip())
    }

    #[inline]
    fn freezes(&self, pos: &impl View, sq: Square, c: Color) -> bool {
        if !self.may_freeze(pos, c) {
            return false;
        }
        let shape = *pos.shape();
        KING.iter().any(|&(dx, dy)| self.set.holds(pos.cell(sq.offset(shape.delta(dx, dy))), c.flip()))
    }
}
