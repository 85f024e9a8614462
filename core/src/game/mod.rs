//! [`Game`]: a variant compiled for play. The data of `variant`, the move and attack tables its
//! pieces' powers compile to (`movegen::Tables`), the Zobrist keys and the piece-square values
//! `Position` keeps summed. Built once when a game loads and shared by every position and search
//! thread of it.

pub mod psq;
pub mod table;
pub mod zobrist;

use crate::geometry::{BoardShape, MAILBOX};
use crate::movegen::powers::Power;
use crate::movegen::tables::Tables;
use crate::variant::{PieceType, Variant, VariantError};
use psq::PieceSquare;
use std::fmt;
use zobrist::Zobrist;

/// A game ready for play: its rules as data, and what is compiled from them.
pub struct Game {
    /// The game's data file, read and validated (also reached through `Deref`).
    pub variant: Variant,
    /// The board: its size and the mailbox padding (the longest reach of any move).
    pub shape: BoardShape,
    /// What its pieces' moves and powers compile to: move generation and attack detection read
    /// these.
    pub tables: Tables,
    pub(crate) zobrist: Zobrist,
    /// Material and piece-square values, kept summed by `Position` (see `game::psq`).
    pub psq: PieceSquare,
}

/// A game reads as its variant: everything the data file says (`name`, `title`, `pieces`,
/// `rules`, `piece(k)`, ...) is readable on the compiled game too.
impl std::ops::Deref for Game {
    type Target = Variant;
    fn deref(&self) -> &Variant {
        &self.variant
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({})", self.variant.name)
    }
}

impl Game {
    /// Compiles `variant`: parses its pieces' powers, builds the move and attack tables (their
    /// reach decides the board's padding), the Zobrist keys and the piece-square table.
    pub fn new(variant: Variant) -> Result<Game, VariantError> {
        let powers = variant.pieces.iter().map(|p| parse_powers(&variant, p)).collect::<Result<Vec<_>, _>>()?;
        let pad = crate::movegen::tables::padding(&variant.pieces, &powers);
        if !BoardShape::fits(variant.files, variant.ranks, pad) {
            let message = format!(
                "a {}x{} board padded by {pad} squares (its longest move) needs more than the {MAILBOX} mailbox cells a position holds",
                variant.files, variant.ranks
            );
            return Err(VariantError::Game { game: variant.name.clone(), message });
        }
        let tables = Tables::build(&variant, powers, pad);
        let zobrist = Zobrist::new(&tables.shape, variant.pieces.len());
        let psq = PieceSquare::build(&variant, &tables);
        Ok(Game { variant, shape: tables.shape, tables, zobrist, psq })
    }

    /// The parsed powers of the piece type `k`.
    pub fn powers(&self, k: crate::variant::KindId) -> &[Power] {
        &self.tables.powers[k.index()]
    }
}

/// The powers of the piece type `p` of `variant`, parsed: each call known and fitting its
/// power, none written twice (its moves would be generated twice), a royal-only power on a
/// royal piece.
fn parse_powers(variant: &Variant, p: &PieceType) -> Result<Vec<Power>, VariantError> {
    let refuse = |message: String| VariantError::Piece {
        game: variant.name.clone(),
        piece: format!("'{}' ({})", p.name, p.id),
        key: "powers".into(),
        message,
    };
    let parsed = p.powers.iter().map(Power::parse).collect::<Result<Vec<_>, _>>().map_err(|e| refuse(e.to_string()))?;
    if let Some((i, _)) = parsed.iter().enumerate().find(|(i, q)| parsed[..*i].contains(q)) {
        return Err(refuse(format!("'{}' is written twice", p.powers[i])));
    }
    if let Some(name) = parsed.iter().find_map(Power::royal_only).filter(|_| !p.royal) {
        return Err(refuse(format!("'{name}' is a power of royal pieces only: add 'royal = true'")));
    }
    Ok(parsed)
}
