//! The internal consistency of a position (piece lists and their indices, counts per type,
//! royal squares, the e.p. hashing flag, piece-square sums, the incremental hash): what the
//! property tests, the soak and the fuzzers check after every move.

use super::Position;
use crate::geometry::{ByColor, Color, Square};
use std::fmt;

/// A position whose incremental state disagrees with its board: names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistency(pub String);

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
                    return Err(Inconsistency(format!("list index of {} is wrong", shape.name(sq))));
                }
            }
        }
        for c in Color::ALL {
            if self.lists[c].len() != count[c] {
                return Err(Inconsistency(format!(
                    "{} list has {} entries for {} pieces",
                    c.name(),
                    self.lists[c].len(),
                    count[c]
                )));
            }
        }
        if codes != self.counts {
            return Err(Inconsistency("piece counts per type are wrong".into()));
        }
        for c in Color::ALL {
            let mut a = royals[c].clone();
            let mut b: Vec<Square> = self.royals[c].clone();
            a.sort();
            b.sort();
            if a != b {
                return Err(Inconsistency(format!("{} royal squares are wrong", c.name())));
            }
        }
        if self.ep_hashed != self.clone().ep_capturable() {
            return Err(Inconsistency("en-passant hashing flag is stale".into()));
        }
        for c in Color::ALL {
            let sum: i32 = self.lists[c]
                .iter()
                .filter_map(|&sq| Some(self.game.psq.get(self.board[sq.index()].piece()?, sq)))
                .sum();
            if sum != self.psq[c] {
                return Err(Inconsistency(format!(
                    "{} piece-square sum {} != recomputed {sum}",
                    c.name(),
                    self.psq[c]
                )));
            }
        }
        let full = self.compute_hash();
        if full != self.hash {
            return Err(Inconsistency(format!("incremental hash {:016x} != recomputed {:016x}", self.hash, full)));
        }
        Ok(())
    }
}
