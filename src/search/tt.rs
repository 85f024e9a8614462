//! Transposition table shared by all search threads.
//!
//! Each entry is two `AtomicU64` written with relaxed ordering: `check = key_part ^ data` and
//! `data`. A reader recomputes `check ^ data` and accepts the entry only when its upper 48 bits
//! equal the position's key, so a torn write (two threads storing at once) reads as a miss, not
//! as a wrong move or score. No `unsafe` anywhere.
//!
//! `data` holds the move (40 bits: from, to, first captured square, promotion, kind), the score
//! (16 bits) and the bound (2 bits); the key word's low 16 bits carry the depth and the search
//! generation (age) for the replacement policy.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

#[derive(Clone, Copy, Debug)]
pub struct Probe {
    /// Encoded move (compare with [`encode_move`] of generated moves); 0 = none.
    pub mv: u64,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// Entries a position may take: one cache line, aligned to one, so a probe costs one miss.
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU64,
}

const BUCKET: usize = 4;

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// A move in 40 bits. Lossy (a second captured square; the kind is one bit: normal or not);
/// the search only uses it to find a generated move again, so a collision only affects move
/// ordering. The effect square (`aux`: conversion, approach) fills the captured-square field
/// when that is unused, so Typhoon's twins (`a3c5` / `a3c5~d6`) encode differently.
pub fn encode_move(m: Move) -> u64 {
    let sq = |s: Square| if s.is_none() { 1023u64 } else { (s.0 as u64) & 1023 };
    let promo = m.promotion().map_or(0, |k| k.0 as u64 + 1);
    let kind = (m.kind != MoveKind::Normal) as u64;
    let mid = if m.mid[0].is_none() { m.aux } else { m.mid[0] };
    1 | (sq(m.from) << 1) | (sq(m.to) << 11) | (sq(mid) << 21) | (promo << 31) | (kind << 39)
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).unwrap_or_else(|e| panic!("cannot allocate a {mb} MB hash table: {e}"))
    }

    /// [`TranspositionTable::new`], reporting an allocation failure instead of aborting.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, std::collections::TryReserveError> {
        let want = (mb.clamp(1, usize::MAX >> 21) << 20) / 16;
        let n = if want.is_power_of_two() { want } else { want.next_power_of_two() / 2 };
        let n = n.max(BUCKET);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n / BUCKET)?;
        let empty = || Entry { check: AtomicU64::new(0), data: AtomicU64::new(0) };
        buckets.extend((0..n / BUCKET).map(|_| Bucket([empty(), empty(), empty(), empty()])));
        Ok(TranspositionTable { buckets, generation: AtomicU64::new(0) })
    }

    pub fn clear(&self) {
        for e in self.entries() {
            e.check.store(0, Relaxed);
            e.data.store(0, Relaxed);
        }
    }

    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn gen(&self) -> u64 {
        self.generation.load(Relaxed) & 0xFF
    }

    /// Every entry, bucket after bucket.
    fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.buckets.iter().flat_map(|b| b.0.iter())
    }

    /// The bucket of `key`: bits 2 and up of the key (as when the entries were one flat array
    /// of groups of four).
    #[inline]
    fn bucket(&self, key: u64) -> &[Entry; BUCKET] {
        &self.buckets[((key as usize) >> 2) & (self.buckets.len() - 1)].0
    }

    pub fn probe(&self, key: u64) -> Option<Probe> {
        for e in self.bucket(key) {
            let data = e.data.load(Relaxed);
            let k = e.check.load(Relaxed) ^ data;
            if data != 0 && (k >> 16) == (key >> 16) {
                let depth = ((k >> 8) & 0xFF) as i32 - 1;
                return Some(Probe {
                    mv: data & 0xFF_FFFF_FFFF,
                    score: ((data >> 40) & 0xFFFF) as u16 as i16 as i32,
                    depth,
                    bound: match (data >> 56) & 3 {
                        1 => Bound::Upper,
                        2 => Bound::Lower,
                        3 => Bound::Exact,
                        _ => Bound::None,
                    },
                });
            }
        }
        None
    }

    /// Stores an entry, replacing the same position, else the shallowest / oldest entry.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let bucket = self.bucket(key);
        let gen = self.gen();
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in bucket.iter().enumerate() {
            let data = e.data.load(Relaxed);
            let k = e.check.load(Relaxed) ^ data;
            if data == 0 || (k >> 16) == (key >> 16) {
                victim = i;
                break;
            }
            let d = ((k >> 8) & 0xFF) as i32;
            let age = ((gen + 256 - (k & 0xFF)) & 0xFF) as i32;
            let worth = d - 4 * age;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let e = &bucket[victim];
        let old_data = e.data.load(Relaxed);
        let old_k = e.check.load(Relaxed) ^ old_data;
        // Keep the old move when the new store has none for the same position.
        let mut mbits = mv.map_or(0, encode_move);
        if mbits == 0 && old_data != 0 && (old_k >> 16) == (key >> 16) {
            mbits = old_data & 0xFF_FFFF_FFFF;
        }
        let data =
            mbits | (((score.clamp(-32767, 32767) as i16) as u16 as u64) << 40) | ((bound as u64) << 56) | (1u64 << 63);
        let k = (key & !0xFFFF) | (((depth.clamp(-1, 254) + 1) as u64) << 8) | gen;
        e.check.store(k ^ data, Relaxed);
        e.data.store(data, Relaxed);
    }

    /// Permille of a sample of entries used in this search generation.
    pub fn hashfull(&self) -> u32 {
        let n = (self.buckets.len() * BUCKET).min(1000);
        let gen = self.gen();
        let used = self
            .entries()
            .take(n)
            .filter(|e| {
                let d = e.data.load(Relaxed);
                d != 0 && ((e.check.load(Relaxed) ^ d) & 0xFF) == gen
            })
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = Move::via(Square(100), Square(101), Square(102));
        tt.store(0xDEAD_BEEF_0000_1234, Some(m), -1234, 7, Bound::Lower);
        let p = tt.probe(0xDEAD_BEEF_0000_1234).unwrap();
        assert_eq!(p.mv, encode_move(m));
        assert_eq!((p.score, p.depth, p.bound), (-1234, 7, Bound::Lower));
        assert!(tt.probe(0x1111_BEEF_0000_1234).is_none());
        // Storing without a move keeps the old move.
        tt.store(0xDEAD_BEEF_0000_1234, None, 50, 8, Bound::Upper);
        assert_eq!(tt.probe(0xDEAD_BEEF_0000_1234).unwrap().mv, encode_move(m));
    }
}

#[cfg(test)]
mod alloc_tests {
    use super::*;

    #[test]
    fn an_impossible_size_is_an_error_not_an_abort() {
        assert!(TranspositionTable::try_new(usize::MAX).is_err());
        assert!(TranspositionTable::try_new(1).is_ok());
    }
}
