//! Zobrist keys, generated from a fixed seed so hashes are the same in every run.

use crate::cell::Piece;
use crate::geometry::{BoardShape, Square};

pub(crate) struct Zobrist {
    /// Indexed by `piece index * cells + square`.
    piece_square: Vec<u64>,
    cells: usize,
    pub(crate) side: u64,
    /// Per mailbox square: en-passant square.
    pub ep: Vec<u64>,
    /// Per mailbox square: Chu counter-strike square.
    pub counter_strike: Vec<u64>,
    /// King-leap right per colour.
    pub leap_right: [u64; 2],
    /// Castling rights, per bit of `movegen::castling::bit`.
    pub castling: [u64; 8],
    /// Per mailbox square: a piece waiting to promote there (`Position::search_key`).
    pub promotion_waits: Vec<u64>,
}

/// SplitMix64: small, fast and good enough for hashing keys (and for the scratch boards of
/// `search::deferral`).
pub struct SplitMix(pub u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

impl Zobrist {
    pub(crate) fn new(shape: &BoardShape, num_kinds: usize) -> Zobrist {
        let cells = shape.cells as usize;
        let codes = Piece::table_size(num_kinds);
        let mut rng = SplitMix(0x4B59_4F44_4149_2026);
        let piece_square = (0..codes * cells).map(|_| rng.next()).collect();
        let side = rng.next();
        let ep = (0..cells).map(|_| rng.next()).collect();
        let counter_strike = (0..cells).map(|_| rng.next()).collect();
        let leap_right = [rng.next(), rng.next()];
        // Drawn after the others, so that the keys of games without castling are unchanged.
        let castling = std::array::from_fn(|_| rng.next());
        let promotion_waits = (0..cells).map(|_| rng.next()).collect();
        Zobrist { piece_square, cells, side, ep, counter_strike, leap_right, castling, promotion_waits }
    }

    #[inline]
    pub(crate) fn piece(&self, p: Piece, sq: Square) -> u64 {
        self.piece_square[p.index() * self.cells + sq.index()]
    }
}
