//! The speed suite (`kyodai bench --speed`, and `benches/speed.rs` under criterion): how fast
//! each part of the engine runs on the start and on a midgame position of a game (`[bench]
//! midgame` in its data file). Every measure does a fixed amount of work, chosen from the
//! position alone, so the same build does the same work on every run: the times compare two
//! builds side by side (`scripts/compare-builds.py`), and an instruction count under callgrind
//! compares them where the machine is too noisy for times.
//!
//! The measures, each a rate of its own unit:
//! - `search`: nodes per second of a fixed-depth search (the game's bench depth, fresh table);
//! - `perft`: leaf nodes per second of perft (bulk-counted) to the depth that makes at least
//!   [`PERFT_MIN_LEAVES`] leaves by the root's move count;
//! - `make`: make and unmake of every legal move, per pair;
//! - `legal`: legal move lists (generation and legality), per list;
//! - `generate`: pseudo-legal generation, per list;
//! - `attack`: is-attacked queries on every square for both sides, per query;
//! - `eval`: static evaluations, per call.

use crate::eval::Evaluator;
use crate::game::Game;
use crate::geometry::Color;
use crate::movegen::{attack::is_attacked, generate};
use crate::perft::perft;
use crate::position::fen::FenError;
use crate::position::Position;
use crate::rules::legality::{legal_move_list, History};
use crate::search::{Limits, Searcher};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Perft goes deep enough for at least this many leaves, estimated from the root's moves.
pub const PERFT_MIN_LEAVES: u64 = 50_000;
/// Moves made and unmade per measure (the legal moves, again and again).
const MAKE_PAIRS: u64 = 400_000;
/// Moves listed per measure of `legal` and of `generate`.
const LISTED_MOVES: u64 = 1_000_000;
/// Attack queries per measure.
const ATTACK_QUERIES: u64 = 200_000;
/// Evaluations per measure.
const EVALUATIONS: u64 = 500_000;

/// One position of the suite.
pub struct Case {
    pub game: Arc<Game>,
    /// `start` or `midgame`.
    pub label: &'static str,
    pub pos: Position,
}

/// A game whose `[bench] midgame` FEN is refused: the game's name, and why.
#[derive(Clone, Debug)]
pub struct MidgameError {
    /// The game's name.
    pub game: String,
    /// Why its FEN is refused.
    pub error: FenError,
}

impl std::fmt::Display for MidgameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: [bench] midgame: {}", self.game, self.error)
    }
}

impl std::error::Error for MidgameError {}

/// The suite's positions of `game`: the start, and the midgame its data file names.
pub fn cases(game: &Arc<Game>) -> Result<Vec<Case>, MidgameError> {
    let mut out = vec![Case { game: Arc::clone(game), label: "start", pos: Position::start(game) }];
    if let Some(fen) = &game.bench.midgame {
        let pos = Position::from_fen(game, fen).map_err(|error| MidgameError { game: game.name.clone(), error })?;
        out.push(Case { game: Arc::clone(game), label: "midgame", pos });
    }
    Ok(out)
}

/// What is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Search,
    Perft,
    Make,
    Legal,
    Generate,
    Attack,
    Eval,
}

impl Op {
    pub const ALL: [Op; 7] = [Op::Search, Op::Perft, Op::Make, Op::Legal, Op::Generate, Op::Attack, Op::Eval];

    /// The measure's name in tables and in `benches/speed.rs`.
    pub fn name(self) -> &'static str {
        match self {
            Op::Search => "search",
            Op::Perft => "perft",
            Op::Make => "make",
            Op::Legal => "legal",
            Op::Generate => "generate",
            Op::Attack => "attack",
            Op::Eval => "eval",
        }
    }

    /// What one unit of work is.
    pub fn unit(self) -> &'static str {
        match self {
            Op::Search => "node",
            Op::Perft => "leaf",
            Op::Make => "make+unmake",
            Op::Legal | Op::Generate => "list",
            Op::Attack => "query",
            Op::Eval => "evaluation",
        }
    }
}

/// One measure: how many units of work it did, in what time.
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    pub op: Op,
    pub units: u64,
    pub time: Duration,
}

impl Measure {
    /// Units per second.
    pub fn rate(&self) -> f64 {
        self.units as f64 / self.time.as_secs_f64().max(1e-9)
    }

    /// Nanoseconds per unit.
    pub fn nanos(&self) -> f64 {
        self.time.as_secs_f64() * 1e9 / (self.units.max(1) as f64)
    }
}

/// The perft depth of `pos`: the least that reaches [`PERFT_MIN_LEAVES`] by the root's count.
pub fn perft_depth(pos: &Position) -> u32 {
    let mut p = pos.clone();
    let b = legal_move_list(&mut p).len().max(2) as u64;
    let mut depth = 1;
    let mut leaves = b;
    while leaves < PERFT_MIN_LEAVES {
        leaves = leaves.saturating_mul(b);
        depth += 1;
    }
    depth
}

/// How many times a list of `n` items is gone through to reach `total` items.
fn repeats(total: u64, n: usize) -> u64 {
    total.div_ceil(n.max(1) as u64)
}

/// Measures `op` on `case` (the same work on every run).
pub fn measure(case: &Case, op: Op) -> Measure {
    let t0 = Instant::now();
    let units = work(case, op);
    Measure { op, units, time: t0.elapsed() }
}

/// Does the fixed work of `op` on `case` and returns its units.
pub fn work(case: &Case, op: Op) -> u64 {
    let mut pos = case.pos.clone();
    match op {
        Op::Search => {
            let stop = AtomicBool::new(false);
            let mut s = Searcher::new(16, 1);
            s.search(&pos, &Limits::depth(case.game.bench.depth), 1, &stop, &mut |_| {}).nodes
        }
        Op::Perft => perft(&mut pos, perft_depth(&case.pos), History::Ignore),
        Op::Make => {
            let moves = legal_move_list(&mut pos);
            let n = repeats(MAKE_PAIRS, moves.len());
            for _ in 0..n {
                for &m in &moves {
                    let u = pos.make(black_box(m));
                    pos.unmake(m, u);
                }
            }
            n * moves.len() as u64
        }
        Op::Legal => {
            let n = repeats(LISTED_MOVES, legal_move_list(&mut pos).len());
            for _ in 0..n {
                black_box(legal_move_list(black_box(&mut pos)).len());
            }
            n
        }
        Op::Generate => {
            let mut buf = Vec::with_capacity(1024);
            generate(&pos, &mut buf);
            let n = repeats(LISTED_MOVES, buf.len());
            for _ in 0..n {
                buf.clear();
                generate(black_box(&pos), &mut buf);
            }
            n
        }
        Op::Attack => {
            let squares: Vec<_> = pos.shape().squares().collect();
            let n = repeats(ATTACK_QUERIES, 2 * squares.len());
            let mut hits = 0u64;
            for _ in 0..n {
                for &sq in &squares {
                    for c in Color::ALL {
                        hits += is_attacked(black_box(&pos), sq, c) as u64;
                    }
                }
            }
            black_box(hits);
            n * 2 * squares.len() as u64
        }
        Op::Eval => {
            let ev = Evaluator::new(&case.game);
            let mut sum = 0i64;
            for _ in 0..EVALUATIONS {
                sum += ev.evaluate(black_box(&pos)) as i64;
            }
            black_box(sum);
            EVALUATIONS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_midgame_of_the_data_files_reads_and_the_suite_counts_its_work() {
        for name in crate::Variant::builtin_names() {
            let g = Game::builtin(name).unwrap();
            let cases = cases(&g).unwrap();
            assert_eq!(cases.len(), 1 + g.bench.midgame.is_some() as usize, "{name}");
        }
        let g = Game::builtin("chu").unwrap();
        let start = &cases(&g).unwrap()[0];
        // 36 moves from the start: 36^3 < 50,000 <= 36^4.
        assert_eq!(perft_depth(&start.pos), 4);
        assert_eq!(work(start, Op::Eval), EVALUATIONS);
        // 36 legal moves: 400,000 / 36 rounds up to 11,112 rounds of 36 pairs.
        assert_eq!(work(start, Op::Make), 11_112 * 36);
    }
}
