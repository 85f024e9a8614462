//! Help for the person at the board: a hint (Kyodai's best move in the position shown) and the
//! review of a game (every position searched in turn, the evaluation graph filled in, and the
//! moves that lost much marked `?` and `??` as `kyodai annotate` marks them).
//!
//! Both run as searches of the driver (`driver.rs`), one position at a time, so the page stays
//! live, a new game ends them, and their progress is part of the state the page polls.

use super::engine::Line;
use crate::moves::Move;
use crate::notation::format_move;
use crate::position::Position;
use crate::rules::outcome::Outcome;
use crate::search::Score;
use crate::tournament::annotate::{centipawns, verdict};

/// How long the review searches each position unless told.
pub const DEFAULT_MOVETIME_MS: u64 = 300;

/// Marks of the review: a loss of at least this many centipawns is a mistake, ...
pub const MISTAKE_CP: i32 = 100;
/// ... and at least this many a blunder (the defaults of `kyodai annotate`).
pub const BLUNDER_CP: i32 = 300;

/// The review of the line on the board.
#[derive(Clone, Debug)]
pub struct Review {
    /// The line reviewed: a review of another line (a new game, moves taken back) is dropped.
    pub line: Vec<Move>,
    /// The next position (ply) to search.
    pub next: usize,
    /// For each position: the best move and the score for the side to move, in centipawns.
    pub best: Vec<Option<String>>,
    pub score: Vec<Option<i32>>,
    pub movetime_ms: u64,
    /// For each move, when the review is done: its mark (`?`, `??` or empty).
    pub marks: Vec<&'static str>,
}

impl Review {
    pub fn new(line: Vec<Move>, movetime_ms: u64) -> Review {
        let n = line.len() + 1;
        Review { line, next: 0, best: vec![None; n], score: vec![None; n], movetime_ms, marks: Vec::new() }
    }

    pub fn done(&self) -> bool {
        self.next >= self.best.len()
    }

    /// Takes the main line of a search of position `ply`.
    pub fn record(&mut self, ply: usize, l: &Line) {
        let score = match (l.cp, l.mate) {
            (_, Some(m)) => Score::Mate(m),
            (Some(c), None) => Score::Cp(c),
            (None, None) => return,
        };
        if ply < self.score.len() {
            self.score[ply] = Some(centipawns(score));
            self.best[ply] = l.pv.first().cloned();
        }
    }

    /// Scores a position where the game is over by its result, as the search would.
    pub fn record_end(&mut self, ply: usize, pos: &Position, o: Outcome) {
        let cp = match o {
            Outcome::Win { winner, .. } if winner == pos.side() => centipawns(Score::Mate(1)),
            Outcome::Win { .. } => centipawns(Score::Mate(-1)),
            Outcome::Draw { .. } => 0,
        };
        self.score[ply] = Some(cp);
    }

    /// Marks every move from the scores before and after it (`texts`: the moves in our
    /// notation). A move is marked only when it was not the best and the search of both
    /// positions gave a score.
    pub fn finish(&mut self, texts: &[String]) {
        self.marks = texts
            .iter()
            .enumerate()
            .map(|(i, played)| match (&self.best[i], self.score[i], self.score[i + 1]) {
                (Some(best), Some(before), Some(after)) if best != played => {
                    verdict(before + after, MISTAKE_CP, BLUNDER_CP)
                }
                _ => "",
            })
            .collect();
    }
}

/// The position after the first `ply` moves of `line` from `start`.
pub fn position_at(start: &Position, line: &[Move], ply: usize) -> Position {
    let mut p = start.clone();
    for &m in &line[..ply] {
        p.make(m);
    }
    p
}

/// The moves of `line` in our notation.
pub fn texts(start: &Position, line: &[Move]) -> Vec<String> {
    let mut p = start.clone();
    line.iter()
        .map(|&m| {
            let t = format_move(p.game(), m);
            p.make(m);
            t
        })
        .collect()
}

/// A hint asked for: answered once for the position it was asked in.
#[derive(Clone, Debug, Default)]
pub struct Hint {
    /// A hint is wanted for the position of this generation (`Session::gen`).
    pub wanted: Option<u64>,
    /// The answer, and the generation it is for.
    pub answer: Option<(u64, String)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_loses_much_is_marked_and_the_best_never() {
        let mut r = Review::new(Vec::new(), 1);
        r.best = vec![Some("a1a2".into()), Some("c1c2".into()), None];
        // +1.00 before a1a2... the mover's score after is minus the opponent's.
        r.score = vec![Some(100), Some(350), Some(0)];
        r.finish(&["b1b2".into(), "c1c2".into()]);
        assert_eq!(r.marks, ["??", ""], "b1b2 lost 450 cp; c1c2 was the best");
        r.score = vec![Some(100), Some(50), None];
        r.finish(&["b1b2".into(), "d1d2".into()]);
        assert_eq!(r.marks, ["?", ""], "150 cp lost; no score after the last move: no mark");
    }
}
