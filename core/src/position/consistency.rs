//! The internal consistency of a position (piece lists and their indices, counts per type,
//! royal squares, the e.p. hashing flag, piece-square sums, the incremental hash): what the
//! property tests, the soak and the fuzzers check after every move.

use super::Position;
use crate::geometry::{ByColor, Color, Square};
use std::fmt;

/// A position whose incremental state disagrees with its board: what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inconsistency {
    /// The piece list does not hold the square (its name) at the square's list index.
    ListIndex(String),
    /// A side's piece list has `listed` entries for `pieces` pieces on the board.
    ListLength {
        /// The side.
        side: Color,
        /// Entries in its list.
        listed: usize,
        /// Its pieces on the board.
        pieces: usize,
    },
    /// The counts of pieces per type differ from the board's.
    Counts,
    /// A side's royal squares differ from the board's.
    Royals(Color),
    /// The e.p. hashing flag no longer says whether an e.p. capture is legal.
    EnPassantFlag,
    /// A side's piece-square sum differs from the recomputed one.
    PieceSquare {
        /// The side.
        side: Color,
        /// The sum kept.
        kept: i32,
        /// The sum recomputed.
        recomputed: i32,
    },
    /// The incremental hash differs from the recomputed one.
    Hash {
        /// The hash kept.
        kept: u64,
        /// The hash recomputed.
        recomputed: u64,
    },
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconsistency::ListIndex(sq) => write!(f, "list index of {sq} is wrong"),
            Inconsistency::ListLength { side, listed, pieces } => {
                write!(f, "{} list has {listed} entries for {pieces} pieces", side.name())
            }
            Inconsistency::Counts => f.write_str("piece counts per type are wrong"),
            Inconsistency::Royals(c) => write!(f, "{} royal squares are wrong", c.name()),
            Inconsistency::EnPassantFlag => f.write_str("en-passant hashing flag is stale"),
            Inconsistency::PieceSquare { side, kept, recomputed } => {
                write!(f, "{} piece-square sum {kept} != recomputed {recomputed}", side.name())
            }
            Inconsistency::Hash { kept, recomputed } => {
                write!(f, "incremental hash {kept:016x} != recomputed {recomputed:016x}")
            }
        }
    }
}

impl std::error::Error for Inconsistency {}

impl Position {
    /// Checks internal consistency (lists, indices, royal counts, hash). For tests.
    pub fn debug_check(&self) -> Result<(), Inconsistency> {
        let shape = self.game.shape;
        let mut count = ByColor::new(0usize, 0usize);
        let mut royals = ByColor::new(Vec::new(), Vec::new());
        let mut codes = vec![0u16; self.counts.len()];
        for sq in shape.squares() {
            if let Some(p) = self.piece_at(sq) {
                count[p.color()] += 1;
                codes[p.index()] += 1;
                if self.game.variant.piece(p.kind()).royal {
                    royals[p.color()].push(sq);
                }
                let idx = self.list_idx[sq.index()] as usize;
                if self.lists[p.color()].get(idx) != Some(&sq) {
                    return Err(Inconsistency::ListIndex(shape.name(sq)));
                }
            }
        }
        for c in Color::ALL {
            if self.lists[c].len() != count[c] {
                return Err(Inconsistency::ListLength { side: c, listed: self.lists[c].len(), pieces: count[c] });
            }
        }
        if codes != self.counts {
            return Err(Inconsistency::Counts);
        }
        for c in Color::ALL {
            let mut a = royals[c].clone();
            let mut b: Vec<Square> = self.royals[c].clone();
            a.sort();
            b.sort();
            if a != b {
                return Err(Inconsistency::Royals(c));
            }
        }
        if self.ep_hashed != self.clone().ep_capturable() {
            return Err(Inconsistency::EnPassantFlag);
        }
        for c in Color::ALL {
            let sum: i32 = self.lists[c]
                .iter()
                .filter_map(|&sq| Some(self.game.psq.get(self.board[sq.index()].piece()?, sq)))
                .sum();
            if sum != self.psq[c] {
                return Err(Inconsistency::PieceSquare { side: c, kept: self.psq[c], recomputed: sum });
            }
        }
        let full = self.compute_hash();
        if full != self.hash {
            return Err(Inconsistency::Hash { kept: self.hash, recomputed: full });
        }
        Ok(())
    }
}
