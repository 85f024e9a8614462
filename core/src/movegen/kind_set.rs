//! [`KindSet`]: a set of piece types, one bit each, for the questions the generators ask at
//! nearly every square ("is this a piece of that kind?").

use crate::cell::Cell;
use crate::geometry::Color;
use crate::variant::KindId;

/// A set of piece types (up to 256).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindSet([u64; 4]);

impl KindSet {
    #[inline]
    pub(crate) fn insert(&mut self, k: KindId) {
        let k = k.index();
        self.0[k >> 6] |= 1 << (k & 63);
    }
    /// Whether type `k` is in the set.
    #[inline]
    pub fn contains(&self, k: KindId) -> bool {
        let k = k.index();
        self.0[k >> 6] & (1 << (k & 63)) != 0
    }
    /// Whether `cell` holds a piece of colour `c` whose type is in the set.
    #[inline]
    pub fn holds(&self, cell: Cell, c: Color) -> bool {
        cell.piece().is_some_and(|p| p.color() == c && self.contains(p.kind()))
    }
    /// Whether the set holds no type.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    /// Whether `cell` holds a piece (of either colour) whose type is in the set.
    #[inline]
    pub fn contains_cell(&self, cell: Cell) -> bool {
        cell.piece().is_some_and(|p| self.contains(p.kind()))
    }
}
