//! The one seeded random generator of Kyodai: the Zobrist keys, the scratch boards of the
//! search's deferral test, the opening books' draws, random players, self-play, the match
//! runner's opening order, the tuner's games and the fuzz targets all draw from [`Rng`].
//!
//! It sits at the bottom of the stack (it imports nothing), so every layer can use it. It is
//! SplitMix64: small, fast, the same on every platform, and with a stream that can be entered
//! at any place ([`Rng::at`]), which lets a book draw its n-th move without a generator to
//! carry. It is not for cryptography, and it need not be: what matters here is that the same
//! seed gives the same games, keys and bench signature on every run.

/// The distance between two states of the stream (the golden ratio as a 64-bit fraction).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// A seeded generator (SplitMix64). The same seed always gives the same numbers.
///
/// ```
/// use kyodai_core::random::Rng;
///
/// let mut rng = Rng::new(7);
/// let first = rng.next_u64();
/// assert_eq!(first, Rng::at(7, 0));
/// assert!(rng.below(6) < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// The stream of `seed` (the seed is the state). Different seeds give unrelated streams,
    /// except seeds `k` steps apart (`seed + k * 0x9E37_79B9_7F4A_7C15`): theirs is one stream,
    /// shifted by `k`. So `seed ^ i * step` would give the parts of one run overlapping streams;
    /// to give each part (a game, a fuzz case) its own, seed it with [`Rng::at`]`(seed, i)`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        finish(self.0)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        // Checked before drawing, so asking for a choice among none uses up no number.
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// An index in `0..n` (0 when `n` is 0): a random element of a list of `n`.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// The number at place `n` (counting from 0) of the stream of `seed`, drawn without the
    /// ones before it: `Rng::at(seed, n)` is the `n + 1`-th [`Rng::next_u64`] of
    /// `Rng::new(seed)`. A book draws its move at ply `n` this way, so a game needs to keep
    /// only its seed.
    pub fn at(seed: u64, n: u64) -> u64 {
        finish(seed.wrapping_add(n.wrapping_add(1).wrapping_mul(GAMMA)))
    }

    /// A seed that differs from run to run (clock, process id and the standard library's
    /// per-process hash keys), for callers given no seed.
    pub fn entropy_seed() -> u64 {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        h.write_u128(now.as_nanos());
        h.write_u32(std::process::id());
        h.finish()
    }
}

/// SplitMix64's output function: scrambles a state into a number.
fn finish(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published SplitMix64 numbers of seed 0 (the reference implementation's first three):
    /// the Zobrist keys and so every hash and the bench signature rest on this stream.
    #[test]
    fn the_stream_is_splitmix64() {
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn at_enters_the_stream_anywhere() {
        let mut rng = Rng::new(0x5eed);
        for n in 0..100 {
            assert_eq!(rng.next_u64(), Rng::at(0x5eed, n));
        }
    }

    #[test]
    fn below_stays_below_and_draws_nothing_for_zero() {
        let mut rng = Rng::new(3);
        assert!((0..1000).all(|_| rng.below(7) < 7));
        let before = rng.clone();
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.index(0), 0);
        assert_eq!(rng, before);
    }
}
