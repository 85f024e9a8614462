//! [`Board`]: what move generation and attack detection may look at. `position::Position`
//! implements it; the generators never see how a position is stored, hashed or made, which lets
//! the compiled game (these tables, Zobrist keys, piece-square values) sit between the
//! generators and the position that holds it.

use super::tables::Tables;
use crate::cell::{Cell, Piece};
use crate::geometry::{BoardShape, Color, Square};
use crate::variant::{KindId, Variant};

/// A position as the generators see it: the game's data and compiled tables, the mailbox, the
/// side to move, the piece lists and counts, and the rule state that decides moves (the
/// en-passant square, the King-leap rights).
pub trait Board {
    /// The game's rules as data.
    fn variant(&self) -> &Variant;
    /// The game's move and attack tables.
    fn tables(&self) -> &Tables;
    /// What stands on `sq`: a piece, nothing, or the edge (mailbox squares beyond the board).
    fn cell(&self, sq: Square) -> Cell;
    /// The side to move.
    fn side(&self) -> Color;
    /// The squares of `c`'s pieces.
    fn pieces(&self, c: Color) -> &[Square];
    /// The squares of `c`'s royal pieces.
    fn royal_squares(&self, c: Color) -> &[Square];
    /// How many pieces of type `kind` the side `c` has.
    fn count(&self, kind: KindId, c: Color) -> u16;
    /// The square passed over by the last move's double step, if a piece may take en passant.
    fn ep_square(&self) -> Option<Square>;
    /// The piece an en-passant capture takes (the one that made the double step).
    fn ep_victim(&self) -> Square;
    /// Whether `c` still has its King leap (Bigorra).
    fn leap_right(&self, c: Color) -> bool;
    /// The castling rights held (bits of `movegen::castling::bit`).
    fn castling_rights(&self) -> u8;
    /// The square of the side to move's piece that may not promote by its next quiet move
    /// (`[promotion] declined_entry_waits`), or `Square::NONE`: none, or no history to tell.
    #[inline]
    fn waiting_to_promote(&self) -> Square {
        Square::NONE
    }

    /// The board's size and mailbox padding.
    #[inline]
    fn shape(&self) -> &BoardShape {
        &self.tables().shape
    }
    /// The piece on `sq`, if any.
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cell(sq).piece()
    }
    /// Whether `sq` is a board square with nothing on it.
    #[inline]
    fn is_empty(&self, sq: Square) -> bool {
        self.cell(sq).is_empty()
    }
    /// Whether `c` has any piece of a type in `kinds`.
    #[inline]
    fn has_any(&self, kinds: &[KindId], c: Color) -> bool {
        kinds.iter().any(|&k| self.count(k, c) > 0)
    }
}
