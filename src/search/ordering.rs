//! Move ordering: the tiers a move is sorted into (table move, captures, killers, history,
//! captures that probably lose), the killer and history tables that learn from cut-offs, and
//! the lazy selection of the next move. A search thread owns one `MoveOrder`; what a capture
//! wins or risks is the worker's to say (it knows the evaluator), the tier is said here.

use super::MAX_PLY;
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;

/// The table's move comes first, then captures, then killers and quiet moves by history.
pub(super) const ORDER_TT: i32 = 2_000_000;
const ORDER_CAPTURE: i32 = 1_000_000;
const ORDER_KILLER: [i32; 2] = [900_000, 800_000];
/// History scores stay within plus or minus this (below the killers).
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

/// Moves the best-scored remaining move to position `i` and returns it (selection sort,
/// lazily: most nodes cut off after a few moves).
#[inline]
pub(super) fn pick(buf: &mut [(Move, i32)], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..buf.len() {
        if buf[j].1 > buf[best].1 {
            best = j;
        }
    }
    buf.swap(i, best);
    buf[i].0
}

/// Killers by ply and history by (colour, piece type, destination).
pub(super) struct MoveOrder {
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    cells: usize,
    kinds: usize,
}

impl MoveOrder {
    pub fn new(kinds: usize, cells: usize) -> MoveOrder {
        MoveOrder {
            killers: vec![[Move::pass(Square::NONE); 2]; MAX_PLY + 1],
            history: vec![0; 2 * kinds * cells],
            cells,
            kinds,
        }
    }

    #[inline]
    fn index(&self, pos: &Position, m: Move) -> usize {
        let p = pos.piece_at(m.from).unwrap();
        (p.color().index() * self.kinds + p.kind().index()) * self.cells + m.to.index()
    }

    /// The ordering score of a quiet move at `ply`, asked before it is made.
    pub fn quiet_score(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        match self.killers[ply].iter().position(|&k| k == m) {
            Some(i) => ORDER_KILLER[i],
            None => self.history[self.index(pos, m)],
        }
    }

    /// `m`, quiet, cut off at `ply` after the quiet moves `tried`: it becomes the first killer,
    /// its history rises by the square of the depth and the others' falls.
    pub fn reward_quiet(&mut self, pos: &Position, m: Move, ply: usize, depth: i32, tried: &[Move]) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let bonus = (depth * depth).min(400);
        let i = self.index(pos, m);
        self.history[i] = (self.history[i] + bonus * 32).min(HISTORY_MAX);
        for &q in tried {
            if q != m {
                let j = self.index(pos, q);
                self.history[j] = (self.history[j] - bonus * 8).max(-HISTORY_MAX);
            }
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
        let mut buf = vec![(a, 1), (a, 7), (a, 3)];
        pick(&mut buf, 0);
        assert_eq!(buf.iter().map(|x| x.1).collect::<Vec<_>>(), vec![7, 1, 3]);
        pick(&mut buf, 1);
        assert_eq!(buf[1].1, 3);
    }
}
