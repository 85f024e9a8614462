//! `immobilize` — the Immobilizer (`docs/rules/typhoon.md` §5.6): a piece is frozen while an enemy
//! Immobilizer stands on one of its 8 neighbours. A frozen piece has no own moves; it may
//! capture itself, make moves relayed by a non-frozen friendly Dervish or Harpy, and be swapped by
//! a Hummingbird. A frozen Dervish or Harpy relays nothing (`relay`). The Immobilizer itself
//! never captures. Move generation asks [`frozen`] once per piece, and only in games whose
//! catalogue has an Immobilizer and while the opponent owns one.

use crate::geometry::{Color, Square};
use crate::movegen::power::{NoMoves, no_argument, Attacks, Captures, Description, PowerError, Spec};
use crate::movegen::tables::{Compile, Sets};
use crate::movegen::Board;
use crate::variant::PowerCall;

const KING: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// `immobilize`: enemies on the 8 neighbouring squares are frozen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Immobilize;

impl Spec for Immobilize {
    const NAME: &'static str = "immobilize";
    const SYNTAX: &'static str = "immobilize";

    fn parse(call: &PowerCall) -> Result<Immobilize, PowerError> {
        no_argument(call, &[])?;
        Ok(Immobilize)
    }

    fn reach(&self) -> u8 {
        1
    }

    fn describe(&self) -> Description {
        Description::text_only("freezes adjacent enemies; never captures")
    }

    const ATTACKS: Attacks = Attacks::Never;

    fn captures(&self) -> Captures {
        Captures::Never
    }

    type Moves = NoMoves;

    fn compile(&self, cx: &mut Compile<'_>) -> Option<NoMoves> {
        cx.sets.immobilizers.insert(cx.kind);
        Sets::list(&mut cx.sets.immobilizer_list, cx.kind);
        None
    }
}

/// Whether colour `c` has an Immobilizer on the board (from the piece counts).
#[inline]
pub fn owns_immobilizer(pos: &impl Board, c: Color) -> bool {
    pos.has_any(&pos.tables().special.immobilizer_list, c)
}

/// Whether a piece of colour `c` standing on `sq` is frozen.
#[inline]
pub fn frozen(pos: &impl Board, sq: Square, c: Color) -> bool {
    let sp = &pos.tables().special;
    if sp.immobilizer_list.is_empty() || !owns_immobilizer(pos, c.flip()) {
        return false;
    }
    let shape = *pos.shape();
    KING.iter().any(|&(dx, dy)| sp.immobilizers.holds(pos.cell(sq.offset(shape.delta(dx, dy))), c.flip()))
}
