//! [`Piece`] and [`Cell`]: a piece (type and owner) and a mailbox cell (a piece, nothing, or
//! the edge of the board). The one place that knows how they are packed; everything else asks
//! them.
//!
//! A cell is a `u16`: 0 is an empty square, `u16::MAX` an off-board sentinel, and a piece is
//! `(kind + 1) << 1 | colour`, so that "a piece of colour c" is one comparison away.

use crate::geometry::Color;
use crate::variant::KindId;

/// A piece: a type and an owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u16);

impl Piece {
    /// A piece of type `kind` owned by `color`.
    #[inline]
    pub fn new(kind: KindId, color: Color) -> Piece {
        Piece(((kind.0 as u16 + 1) << 1) | color as u16)
    }

    /// Its type.
    #[inline]
    pub fn kind(self) -> KindId {
        KindId(((self.0 >> 1) - 1) as u8)
    }

    /// Its owner.
    #[inline]
    pub fn color(self) -> Color {
        if self.0 & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The same type for the other side (a conversion).
    #[inline]
    pub fn flipped(self) -> Piece {
        Piece(self.0 ^ 1)
    }

    /// A dense index for per-piece tables (Zobrist keys, piece-square values, counts), below
    /// [`Piece::table_size`].
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The size of a per-piece table for a game of `kinds` piece types.
    pub fn table_size(kinds: usize) -> usize {
        2 * (kinds + 1)
    }
}

/// One mailbox cell: a piece, an empty square, or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(u16);

impl Cell {
    /// A square with nothing on it.
    pub const EMPTY: Cell = Cell(0);
    /// Beyond the edge of the board (the mailbox padding).
    pub const OFF: Cell = Cell(u16::MAX);

    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub(crate) fn is_off(self) -> bool {
        self.0 == u16::MAX
    }

    /// Whether it holds a piece (neither empty nor off the board).
    #[inline]
    pub fn is_piece(self) -> bool {
        // One comparison: 0 and `u16::MAX` are the two values that wrap to the top when
        // counted down. (Two short-circuit tests were two branches the generators and attack
        // tests mispredicted at every cell they read.)
        self.0.wrapping_sub(1) < u16::MAX - 1
    }

    /// The piece it holds; `None` for an empty square or off the board.
    #[inline]
    pub fn piece(self) -> Option<Piece> {
        if self.is_piece() {
            Some(Piece(self.0))
        } else {
            None
        }
    }

    /// Whether it holds a piece of colour `c`.
    #[inline]
    pub fn holds(self, c: Color) -> bool {
        // `&`, not `&&`: both tests are cheap, and one branch on the answer is easier to
        // predict than two.
        self.is_piece() & ((self.0 & 1) as usize == c.index())
    }

    /// Whether it holds a piece of colour `c` whose type `pick` accepts.
    #[inline]
    pub fn holds_kind(self, c: Color, pick: impl Fn(KindId) -> bool) -> bool {
        self.holds(c) && pick(Piece(self.0).kind())
    }
}

impl From<Piece> for Cell {
    #[inline]
    fn from(p: Piece) -> Cell {
        Cell(p.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_and_cells_round_trip() {
        for k in [0u8, 1, 200, 249] {
            for c in Color::ALL {
                let p = Piece::new(KindId(k), c);
                assert_eq!((p.kind(), p.color()), (KindId(k), c));
                assert_eq!(p.flipped().color(), c.flip());
                assert!(p.index() < Piece::table_size(250));
                let cell = Cell::from(p);
                assert_eq!(cell.piece(), Some(p));
                assert!(cell.holds(c) && !cell.holds(c.flip()) && !cell.is_empty() && !cell.is_off());
            }
        }
        assert!(Cell::EMPTY.is_empty() && Cell::EMPTY.piece().is_none() && !Cell::EMPTY.holds(Color::White));
        assert!(Cell::OFF.is_off() && Cell::OFF.piece().is_none() && !Cell::OFF.holds(Color::Black));
    }
}
