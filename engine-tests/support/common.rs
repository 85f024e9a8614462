//! Plumbing shared by the game suites (`#[path]` module): the FEN placement writer and a
//! fixed-seed generator. No engine code, so the reference generators may use it too.

#![allow(dead_code)]

/// The FEN placement field of a board given rank by rank from the first rank up
/// (`grid[rank][file]`, `None` for an empty square): the top rank first, runs of empty squares
/// as numbers.
pub fn placement<S: AsRef<str>>(grid: &[Vec<Option<S>>]) -> String {
    let mut rows = Vec::new();
    for cells in grid.iter().rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in cells {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(t.as_ref());
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// SplitMix64: deterministic, independent of the engine's own generator (random test positions
/// and games).
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// An index below `n`.
    pub fn index(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
