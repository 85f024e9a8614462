//! Zobrist keys, drawn from a fixed seed of `crate::random` so hashes are the same in every run.

use crate::cell::Piece;
use crate::geometry::{BoardShape, Square};
use crate::random::Rng;

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

impl Zobrist {
    pub(crate) fn new(shape: &BoardShape, num_kinds: usize) -> Zobrist {
        let cells = shape.cells as usize;
        let codes = Piece::table_size(num_kinds);
        let mut rng = Rng::new(0x4B59_4F44_4149_2026);
        let piece_square = (0..codes * cells).map(|_| rng.next_u64()).collect();
        let side = rng.next_u64();
        let ep = (0..cells).map(|_| rng.next_u64()).collect();
        let counter_strike = (0..cells).map(|_| rng.next_u64()).collect();
        let leap_right = [rng.next_u64(), rng.next_u64()];
        // Drawn after the others, so that the keys of games without castling are unchanged.
        let castling = std::array::from_fn(|_| rng.next_u64());
        let promotion_waits = (0..cells).map(|_| rng.next_u64()).collect();
        Zobrist { piece_square, cells, side, ep, counter_strike, leap_right, castling, promotion_waits }
    }

    #[inline]
    pub(crate) fn piece(&self, p: Piece, sq: Square) -> u64 {
        self.piece_square[p.index() * self.cells + sq.index()]
    }
}
