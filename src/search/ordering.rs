//! Move ordering: the tiers a move is sorted into (table move, captures, killers, history,
//! captures that probably lose), the killers that learn from cut-offs (the history tables are
//! `history.rs`'s), and the lazy selection of the next move. A search thread owns one `MoveOrder`; what a capture
//! wins or risks is the worker's to say (it knows the evaluator), the tier is said here.

use super::MAX_PLY;
use crate::geometry::Square;
use crate::moves::Move;

/// The table's move comes first, then captures, then killers and quiet moves by history.
pub(super) const ORDER_TT: i32 = 2_000_000;
const ORDER_CAPTURE: i32 = 1_000_000;
const ORDER_KILLER: [i32; 2] = [900_000, 800_000];
/// History scores stay within plus or minus this (below the killers; `history.rs` checks it).
pub(super) const HISTORY_MAX: i32 = 500_000;
/// How far a capture that probably loses material drops: below every quiet move. Searched
/// early it mostly refutes itself, and the cut-off a quiet move would give comes later.
const ORDER_BAD_CAPTURE_DROP: i32 = ORDER_CAPTURE + 2 * HISTORY_MAX;

/// The ordering score of a capture that takes `gain` with a piece worth `attacker`: most
/// valuable victim, then least valuable attacker; below every quiet move when it is `bad`.
#[inline]
pub(super) fn capture_score(gain: i32, attacker: i32, bad: bool) -> i32 {
    ORDER_CAPTURE + gain * 8 - attacker / 16 - if bad { ORDER_BAD_CAPTURE_DROP } else { 0 }
}

/// Whether a capture's ordering score says it probably loses material (its exchange test
/// failed): such captures come after every quiet move.
#[inline]
pub(super) fn probably_loses(score: i32) -> bool {
    score < ORDER_CAPTURE - ORDER_BAD_CAPTURE_DROP / 2
}

/// A node's moves with their ordering scores, picked best first (selection sort, lazily: most
/// nodes cut off after a few moves). Moves and scores are kept apart, so the scan for the best
/// reads scores alone. A capture may be scored before its exchange test is made (`unsure`):
/// the test is made when the capture is about to be picked, and a capture that fails it drops
/// (`ORDER_BAD_CAPTURE_DROP`) and the pick is made again. The order is exactly the one that
/// testing every capture first gives: the picked move is returned only once its score is sure,
/// and a drop is undone in place (the swap taken back), so ties fall as they would have.
#[derive(Default)]
pub(super) struct MoveList {
    pub moves: Vec<Move>,
    scores: Vec<i32>,
    unsure: Vec<bool>,
}

impl MoveList {
    pub fn with_capacity(n: usize) -> MoveList {
        MoveList { moves: Vec::with_capacity(n), scores: Vec::with_capacity(n), unsure: Vec::with_capacity(n) }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Empties the list (capacity kept).
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.scores.clear();
        self.unsure.clear();
    }

    /// Scores for every move, all sure, to be set with [`MoveList::set`].
    #[inline]
    pub fn reset_scores(&mut self) {
        self.scores.clear();
        self.scores.resize(self.moves.len(), 0);
        self.unsure.clear();
        self.unsure.resize(self.moves.len(), false);
    }

    /// Sets the score of move `i`; `unsure` when it still needs the exchange test.
    #[inline]
    pub fn set(&mut self, i: usize, score: i32, unsure: bool) {
        self.scores[i] = score;
        self.unsure[i] = unsure;
    }

    /// The score of the move at `i`.
    #[inline]
    pub fn score(&self, i: usize) -> i32 {
        self.scores[i]
    }

    /// Keeps, from position `start` on, only the moves for which `keep` holds (with their
    /// scores), in order.
    pub fn retain_from(&mut self, start: usize, mut keep: impl FnMut(Move) -> bool) {
        let mut w = start;
        for r in start..self.moves.len() {
            if keep(self.moves[r]) {
                self.moves[w] = self.moves[r];
                self.scores[w] = self.scores[r];
                self.unsure[w] = self.unsure[r];
                w += 1;
            }
        }
        self.truncate(w);
    }

    /// Keeps the first `n` moves and their scores.
    #[inline]
    pub fn truncate(&mut self, n: usize) {
        self.moves.truncate(n);
        self.scores.truncate(n);
        self.unsure.truncate(n);
    }

    /// Appends a move with its score, sure.
    #[cfg(test)]
    fn push(&mut self, m: Move, score: i32) {
        self.moves.push(m);
        self.scores.push(score);
        self.unsure.push(false);
    }

    /// Moves the best-scored remaining move to position `i` and returns it; `bad` makes the
    /// exchange test of an unsure capture about to be picked.
    #[inline]
    pub fn pick(&mut self, i: usize, mut bad: impl FnMut(Move) -> bool) -> Move {
        loop {
            // The first of the highest scores, in two passes that compile to vector code: the
            // maximum, then where it first stands.
            let tail = &self.scores[i..];
            let max = tail.iter().copied().max().unwrap_or(i32::MIN);
            let best = i + tail.iter().position(|&s| s == max).unwrap_or(0);
            self.swap(i, best);
            if !self.unsure[i] {
                return self.moves[i];
            }
            self.unsure[i] = false;
            if !bad(self.moves[i]) {
                return self.moves[i];
            }
            self.scores[i] -= ORDER_BAD_CAPTURE_DROP;
            self.swap(i, best);
        }
    }

    #[inline]
    fn swap(&mut self, a: usize, b: usize) {
        self.moves.swap(a, b);
        self.scores.swap(a, b);
        self.unsure.swap(a, b);
    }
}

/// Killers by ply: the last two quiet moves that cut off at that ply of the current search.
/// (What quiet moves are worth beyond that is `history.rs`'s.)
pub(super) struct MoveOrder {
    killers: Vec<[Move; 2]>,
}

impl MoveOrder {
    pub fn new() -> MoveOrder {
        MoveOrder { killers: vec![[Move::pass(Square::NONE); 2]; MAX_PLY + 1] }
    }

    /// The ordering score of the quiet move `m` at `ply` if it is a killer there.
    #[inline]
    pub fn killer_score(&self, ply: usize, m: Move) -> Option<i32> {
        self.killers[ply].iter().position(|&k| k == m).map(|i| ORDER_KILLER[i])
    }

    /// The killer `i` (0 or 1) of `ply`.
    #[inline]
    pub fn killer(&self, ply: usize, i: usize) -> Move {
        self.killers[ply][i]
    }

    /// `m`, quiet, cut off at `ply`: it becomes the first killer.
    pub fn add_killer(&mut self, m: Move, ply: usize) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_keep_their_order() {
        let good = capture_score(100, 20_000, false);
        let bad = capture_score(2_500, 100, true);
        assert!(ORDER_TT > capture_score(2 * 20_000, 0, false), "the table move first, even before two royals");
        assert!(good > ORDER_KILLER[0], "a capture before the killers");
        assert!(bad < -HISTORY_MAX, "a losing capture after every quiet move");
        assert!(capture_score(900, 100, false) > capture_score(100, 100, false), "bigger victim first");
        assert!(capture_score(100, 100, false) > capture_score(100, 900, false), "smaller attacker first");
    }

    #[test]
    fn pick_takes_the_best_remaining_move() {
        let a = Move::pass(Square::NONE);
        let mut list = MoveList::default();
        for s in [1, 7, 3] {
            list.push(a, s);
        }
        list.pick(0, |_| false);
        assert_eq!(list.scores, vec![7, 1, 3]);
        list.pick(1, |_| false);
        assert_eq!(list.scores[1], 3);
    }

    #[test]
    fn an_unsure_capture_picks_as_if_tested_first() {
        // Moves told apart by their origin square; scores with ties, two unsure captures, one
        // of which fails its test. Eager: every test made first, then picked.
        let mv = |i: u16| Move::pass(Square(i));
        let scores = [5, ORDER_CAPTURE + 10, 5, ORDER_CAPTURE + 10, 5, 9];
        let unsure = [false, true, false, true, false, false];
        let fails = |m: Move| m.from == Square(1);
        let mut lazy = MoveList::default();
        let mut eager = MoveList::default();
        for i in 0..scores.len() {
            lazy.push(mv(i as u16), scores[i]);
            let drop = if unsure[i] && fails(mv(i as u16)) { ORDER_BAD_CAPTURE_DROP } else { 0 };
            eager.push(mv(i as u16), scores[i] - drop);
        }
        lazy.reset_scores();
        for i in 0..scores.len() {
            lazy.set(i, scores[i], unsure[i]);
        }
        for i in 0..scores.len() {
            assert_eq!(lazy.pick(i, fails), eager.pick(i, |_| false), "pick {i}");
        }
    }
}
