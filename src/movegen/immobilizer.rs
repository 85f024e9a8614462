//! Immobilizer (Typhoon section 5.6): a piece is frozen while an enemy Immobilizer stands on
//! one of its 8 neighbours. A frozen piece has no own moves; it may capture itself, make moves
//! relayed by a non-frozen friendly Dervish or Harpy, and be swapped by a Hummingbird. A frozen
//! Dervish or Harpy relays nothing (`relay`). The Immobilizer itself never captures.
//!
//! [`generate`](super::generate_from) asks [`frozen`] once per piece, and only in games whose
//! catalogue has an Immobilizer and while the opponent owns one.

use super::Board;
use crate::geometry::{Color, Square};

const KING: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Whether colour `c` has an Immobilizer on the board (from the piece counts).
#[inline]
pub fn owns_immobilizer(pos: &impl Board, c: Color) -> bool {
    pos.tables().special.immobilizer_list.iter().any(|&k| pos.count(k, c) > 0)
}

/// Whether a piece of colour `c` standing on `sq` is frozen.
#[inline]
pub fn frozen(pos: &impl Board, sq: Square, c: Color) -> bool {
    let sp = &pos.tables().special;
    if sp.immobilizer_list.is_empty() || !owns_immobilizer(pos, c.flip()) {
        return false;
    }
    let shape = *pos.shape();
    KING.iter().any(|&(dx, dy)| {
        let cell = pos.cell(sq.offset(shape.delta(dx, dy)));
        sp.immobilizers.holds(cell, c.flip())
    })
}
