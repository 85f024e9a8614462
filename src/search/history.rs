//! What a search thread learns about quiet moves from cut-offs and keeps from one search to the
//! next: the history of each (piece, destination), and the continuation history of each pair of
//! (piece, destination) moves, the one before and the one that followed, one or two plies
//! apart. The move picker orders quiet moves by their sum; late-move reductions read the same
//! sum to reduce less the moves that have often been good.
//!
//! Every score is updated with "gravity": a bonus moves a score toward its bound by a share of
//! the distance left (`h += b - h·|b|/MAX`), so a score never saturates and recent results
//! weigh more than old ones. That is what lets the tables survive from one move of the game to
//! the next (a saturated table would order by the first search's luck).
//!
//! The continuation table is indexed by a hash of the two moves, not by their product: its
//! exact size would be (2 · types · squares)², 26 million entries in Heavy Shako and billions in
//! Tai Shogi. Two pairs that share an entry share their score; with 2^21 entries that is rare
//! among the pairs a search actually meets, and a shared score only blurs an ordering hint.

use crate::cell::Piece;
use crate::geometry::Square;

/// Scores stay within plus or minus this.
pub(super) const STAT_MAX: i32 = 16_384;

// A quiet move's score sums three tables (main, and two continuations): it must stay within
// the ordering tier of quiet moves.
const _: () = assert!(3 * STAT_MAX < super::ordering::HISTORY_MAX);

/// Entries of the continuation table (a power of two).
const CONT_BITS: u32 = 21;

/// A move as the history tables know it: the moving piece and where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Played {
    pub piece: Piece,
    pub to: Square,
}

impl Played {
    fn key(self) -> u64 {
        ((self.piece.index() as u64) << 16) | self.to.index() as u64
    }
}

/// The bonus (and malus) of a cut-off at `depth`: grows with the square of the depth, as the
/// size of the subtree the cut-off saved does, to a cap.
#[inline]
pub(super) fn bonus(depth: i32) -> i32 {
    let d = depth.max(1);
    (32 * d * d + 64 * d).min(2_400)
}

/// One update with gravity.
#[inline]
fn nudge(h: &mut i16, b: i32) {
    let v = i32::from(*h);
    let nv = v + b - v * b.abs() / STAT_MAX;
    *h = nv.clamp(-STAT_MAX, STAT_MAX) as i16;
}

/// One thread's history tables.
pub(crate) struct History {
    /// By piece (colour and type) and destination square.
    main: Vec<i16>,
    cells: usize,
    /// By hash of (earlier move, later move).
    cont: Vec<i16>,
}

impl History {
    /// Tables for a game of `kinds` piece types on a mailbox of `cells` cells.
    pub fn new(kinds: usize, cells: usize) -> History {
        History { main: vec![0; Piece::table_size(kinds) * cells], cells, cont: vec![0; 1 << CONT_BITS] }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.main.fill(0);
        self.cont.fill(0);
    }

    #[inline]
    fn main_index(&self, m: Played) -> usize {
        m.piece.index() * self.cells + m.to.index()
    }

    #[inline]
    fn cont_index(before: Played, m: Played) -> usize {
        let h = (before.key().wrapping_mul(0x9E37_79B9_7F4A_7C15)) ^ (m.key().wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
        (h.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - CONT_BITS)) as usize
    }

    /// The score of the quiet move `m` after the moves `context` (the move one ply before,
    /// then two plies before; `None` where there was none, as after a null move).
    #[inline]
    pub fn score(&self, m: Played, context: [Option<Played>; 2]) -> i32 {
        let mut s = i32::from(self.main[self.main_index(m)]);
        for c in context.into_iter().flatten() {
            s += i32::from(self.cont[Self::cont_index(c, m)]);
        }
        s
    }

    /// Adds `b` (negative: a malus) to every score of the quiet move `m` after `context`.
    pub fn update(&mut self, m: Played, context: [Option<Played>; 2], b: i32) {
        let i = self.main_index(m);
        nudge(&mut self.main[i], b);
        for c in context.into_iter().flatten() {
            nudge(&mut self.cont[Self::cont_index(c, m)], b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::KindId;
    use crate::Color;

    fn played(k: u8, to: u16) -> Played {
        Played { piece: Piece::new(KindId(k), Color::White), to: Square(to) }
    }

    #[test]
    fn gravity_keeps_scores_within_their_bound_and_recent_results_count() {
        let mut h = History::new(4, 100);
        let m = played(1, 40);
        for _ in 0..1_000 {
            h.update(m, [None, None], bonus(20));
        }
        let high = h.score(m, [None, None]);
        assert!(high <= STAT_MAX && high > STAT_MAX * 9 / 10, "{high}");
        // A few maluses bring it down a long way: the table follows what happens now.
        for _ in 0..5 {
            h.update(m, [None, None], -bonus(20));
        }
        assert!(h.score(m, [None, None]) < high / 2);
    }

    #[test]
    fn a_continuation_score_belongs_to_its_pair_of_moves() {
        let mut h = History::new(4, 100);
        let (a, b, m) = (played(0, 10), played(2, 11), played(1, 40));
        h.update(m, [Some(a), None], 1_000);
        assert_eq!(h.score(m, [None, None]), 1_000, "the main table learns too");
        assert_eq!(h.score(m, [Some(a), None]), 2_000);
        assert_eq!(h.score(m, [Some(b), None]), 1_000, "another move before: only the main score");
        h.clear();
        assert_eq!(h.score(m, [Some(a), None]), 0);
    }

    #[test]
    fn bonuses_grow_with_depth_to_a_cap() {
        assert!(bonus(1) < bonus(2) && bonus(2) < bonus(5));
        assert_eq!(bonus(30), bonus(40));
        assert!(bonus(40) < STAT_MAX / 4);
    }
}
