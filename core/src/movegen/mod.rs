//! Pseudo-legal move generation (`generate`), attack detection (`attack`) and the effect of a
//! move (`effect`), over the compiled tables of a game (`tables`) and its powers: the power
//! contract (`power`), the registry with one module per power (`powers`).
//!
//! The files import one way. At the bottom, what a power may use: the view of a position
//! (`view`), the atoms of Betza strings, the reverse attack tables, castling, the shared lines
//! and steps. Above the powers and their registry: the compiled tables, the `Board` a position
//! implements, and the generators, attack detection and effects that run the powers. A power
//! asks the rules above it through its view; this module answers, for every board (below).
//!
//! Legality (check, lion-capture rules, repetition) is applied on top by `rules::legality`.

pub mod atoms;
pub mod attack;
pub mod attack_tables;
pub mod board;
pub mod castling;
pub mod effect;
pub mod generate;
pub mod influence;
pub mod kind_set;
pub mod lines;
pub mod power;
pub mod powers;
pub mod promotion;
pub mod tables;
pub mod view;

pub use board::Board;
pub use effect::is_capture;
pub use generate::{
    en_passant_moves, generate, generate_captures, generate_from, generate_piece, generate_quiets, power_refusal,
};
pub use view::{State, View};

use crate::cell::Piece;
use crate::geometry::{Color, Square};
use crate::moves::Move;
use view::{Cells, Shape};

/// Every board is a view: what a power asks of the rules (promotion, attacks, a piece's moves,
/// freezing) is answered by the modules above it.
impl<B: Board> View for B {
    #[inline(always)]
    fn push_move(&self, piece: Piece, m: Move, shape: Shape, out: &mut Vec<Move>) {
        promotion::push(self, piece, m, shape, out);
    }
    #[inline]
    fn is_attacked_ignoring(&self, target: Square, by: Color, ignore: Square) -> bool {
        attack::is_attacked_ignoring(self, target, by, ignore)
    }
    #[inline]
    fn attacked_plain<F: Cells + ?Sized>(&self, target: Square, by: Color, cell_at: &F) -> bool {
        attack::attacked_plain(self, target, by, cell_at)
    }
    #[inline]
    fn own_moves(&self, from: Square, out: &mut Vec<Move>) {
        generate::generate_from(self, from, out);
    }
    #[inline]
    fn is_capture(&self, m: Move) -> bool {
        effect::is_capture(self, m)
    }
    #[inline]
    fn frozen(&self, sq: Square, c: Color) -> bool {
        let registry = &self.tables().registry;
        registry.freezes() && registry.frozen(self, sq, c)
    }
}
