//! [`State`]: a position as the generators read it; [`View`]: the same as a power sees it, with
//! the questions a power may ask the rules above it. The powers, the atoms and castling read the
//! board only through a view, so they sit below the compiled tables and the generators that run
//! them: every [`Board`](super::board::Board) (a state with the compiled tables) is a view, by
//! `movegen`'s one implementation, and the answers come from the rules of the whole game
//! (promotion, attacks, the moves of a piece, freezing).

use crate::cell::{Cell, Piece};
use crate::geometry::{BoardShape, Color, Square};
use crate::moves::Move;
use crate::variant::{KindId, Variant};

/// What a move is, as far as the promotion rules care: whether it takes a piece, and whether it
/// is a one-square step (Bigorra's Troll promotes only by a step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub(crate) captures: bool,
    pub(crate) step: bool,
}

impl Shape {
    /// A move that takes nothing, longer than a step.
    pub const QUIET: Shape = Shape { captures: false, step: false };
    /// A move that takes a piece, longer than a step.
    pub const CAPTURE: Shape = Shape { captures: true, step: false };

    /// The same, one-square step or not.
    #[inline]
    pub fn step(self, step: bool) -> Shape {
        Shape { step, ..self }
    }

    /// The same, as a one-square step.
    #[inline]
    pub fn one_step(self) -> Shape {
        Shape { step: true, ..self }
    }

    /// A capture or not.
    #[inline]
    pub fn taking(captures: bool) -> Shape {
        Shape { captures, step: false }
    }
}

/// A reader of the board's cells, for attack tests: the position itself, or a board that
/// differs from it on a few squares (a piece about to leave its square, a capture being judged).
pub trait Cells: Fn(Square) -> Cell {}

impl<F: Fn(Square) -> Cell + ?Sized> Cells for F {}

/// A position as the generators read it: the game's data, the mailbox, the side to move, the
/// piece lists and counts, and the rule state that decides moves (the en-passant square, the
/// King-leap and castling rights). `position::Position` implements it; the generators never see
/// how a position is stored, hashed or made.
pub trait State {
    /// The game's rules as data.
    fn variant(&self) -> &Variant;
    /// The board's size and mailbox padding.
    fn shape(&self) -> &BoardShape;
    /// What stands on `sq`: a piece, nothing, or the edge (mailbox squares beyond the board).
    fn cell(&self, sq: Square) -> Cell;
    /// The whole mailbox, indexed by [`Square::index`] (edge cells included), for a generator
    /// that visits every square in order (the Emperor) and reads a rank as one run of cells.
    fn cells(&self) -> &[Cell];
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

/// A position as a power sees it: its [`State`], and the answers of the rules above the powers,
/// which a power asks rather than imports. Every `Board` is a view (`movegen`'s one impl).
pub trait View: State {
    /// Appends `m`, a move of `piece`, with the promotion choices the game's rules give it.
    fn push_move(&self, piece: Piece, m: Move, shape: Shape, out: &mut Vec<Move>);
    /// Whether `by` attacks `target`, with `ignore` counted as an empty square (a piece about to
    /// leave it).
    fn is_attacked_ignoring(&self, target: Square, by: Color, ignore: Square) -> bool;
    /// Whether `by` attacks `target` on the board read through `cell_at`, every attack but those
    /// asked after the others (`Attacks::OwnAfterOthers`), which is what their own tests ask.
    fn attacked_plain<F: Fn(Square) -> Cell + ?Sized>(&self, target: Square, by: Color, cell_at: &F) -> bool;
    /// Appends the pseudo-legal moves of the piece on `from` under its own powers.
    fn own_moves(&self, from: Square, out: &mut Vec<Move>);
    /// Whether `m` takes a piece from the opponent (a capture, a burn, a conversion).
    fn is_capture(&self, m: Move) -> bool;
    /// Whether the piece of `c` on `sq` is frozen: it has no moves of its own, and lends none.
    fn frozen(&self, sq: Square, c: Color) -> bool;

    /// Whether `by` attacks `target`.
    #[inline]
    fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.is_attacked_ignoring(target, by, Square::NONE)
    }
}
