//! [`Board`]: a position's [`State`] with the game's compiled tables, which move generation and
//! attack detection run on. `position::Position` implements it; the generators never see how a
//! position is stored, hashed or made, which lets the compiled game (these tables, Zobrist keys,
//! piece-square values) sit between the generators and the position that holds it.

use super::tables::Tables;
use super::view::State;

/// A position as the generators see it: its state (the mailbox, the side to move, the piece
/// lists and counts, the rule state) and the game's move and attack tables.
pub trait Board: State {
    /// The game's move and attack tables.
    fn tables(&self) -> &Tables;
}
