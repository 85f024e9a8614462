//! The search: iterative deepening negamax with principal variation search, aspiration
//! windows, a shared transposition table and Lazy SMP threads. The same code plays every game;
//! game rules enter only through `legality`, `outcome`-style terminal tests and `eval`.
//!
//! The search never prints: it reports [`Info`] through a callback, and front ends format it.

pub mod deferral;
mod history;
mod ordering;
mod picker;
mod prune;
pub mod time;
pub mod tt;
mod worker;

use crate::eval::Evaluator;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::legality::legal_move_list;
use history::History;
pub use time::{Limits, Plan, TimeManager};
use tt::TranspositionTable;
use worker::{Role, Shared, Worker};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Score of a won position at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32000;
/// Scores beyond this are wins or losses with a known distance.
pub const MATE_BOUND: i32 = MATE - 1000;
pub(crate) const INF: i32 = 32500;
/// Deepest ply the search goes (including quiescence).
pub const MAX_PLY: usize = 128;

/// A score as the protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Win (positive) or loss (negative) in this many moves of the side to move.
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// One progress report: an iteration (or one line of a MultiPV iteration) finished.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// What the search decided.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` when the side to move has no legal move (the game is over).
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// What the search compiles once per game: its evaluator and the promotions it never declines.
pub(crate) struct PerGame {
    pub ev: Evaluator,
    pub deferrals: deferral::Deferrals,
}

/// The engine's search state kept between moves: hash table, per-game data, thread count.
pub struct Searcher {
    tt: TranspositionTable,
    threads: usize,
    evaluators: Vec<(String, Arc<PerGame>)>,
    /// One thread's history tables each, kept from search to search of the same game.
    histories: Vec<History>,
    /// The game the histories are for (its compiled data's address, types and cells).
    histories_game: (usize, usize, usize),
}

/// A line found at the root for one MultiPV slot.
#[derive(Clone, Debug)]
pub(crate) struct RootLine {
    pub score: i32,
    pub pv: Vec<Move>,
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            threads: threads.max(1),
            evaluators: Vec::new(),
            histories: Vec::new(),
            histories_game: (0, 0, 0),
        }
    }

    /// [`Searcher::new`], reporting a hash table that cannot be allocated instead of aborting.
    pub fn try_new(hash_mb: usize, threads: usize) -> Result<Searcher, std::collections::TryReserveError> {
        Ok(Searcher {
            tt: TranspositionTable::try_new(hash_mb)?,
            threads: threads.max(1),
            evaluators: Vec::new(),
            histories: Vec::new(),
            histories_game: (0, 0, 0),
        })
    }

    pub fn set_hash(&mut self, mb: usize) {
        self.tt = TranspositionTable::new(mb);
    }

    /// Resizes the hash table; on failure a 1 MB table remains (the old one is freed first, so
    /// that old and new need not fit in memory at once).
    pub fn try_set_hash(&mut self, mb: usize) -> Result<(), std::collections::TryReserveError> {
        // Free the old table first, so that old and new need not fit at once.
        self.tt = TranspositionTable::try_new(1)?;
        self.tt = TranspositionTable::try_new(mb)?;
        Ok(())
    }

    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.histories.iter_mut().for_each(History::clear);
    }

    fn per_game(&mut self, pos: &Position) -> Arc<PerGame> {
        let g = pos.game();
        let key = format!("{}:{:p}", g.variant.name, Arc::as_ptr(g));
        if let Some((_, e)) = self.evaluators.iter().find(|(k, _)| *k == key) {
            return Arc::clone(e);
        }
        let e = Arc::new(PerGame { ev: Evaluator::new(g), deferrals: deferral::Deferrals::of(g) });
        if self.evaluators.len() > 8 {
            self.evaluators.clear();
        }
        self.evaluators.push((key, Arc::clone(&e)));
        e
    }

    /// One history table per thread, made anew for another game.
    fn fit_histories(&mut self, pos: &Position, threads: usize) {
        let (kinds, cells) = (pos.variant().pieces.len(), pos.shape().cells as usize);
        // The address alone could be a new game's where an old one was freed: the sizes too.
        let game = (Arc::as_ptr(pos.game()) as usize, kinds, cells);
        if self.histories_game != game {
            self.histories.clear();
            self.histories_game = game;
        }
        while self.histories.len() < threads {
            self.histories.push(History::new(kinds, cells));
        }
    }

    /// Searches `pos` within `limits`, reporting each finished iteration to `on_info`, until
    /// the limits are reached or `stop` is set.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        multipv: usize,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let started = std::time::Instant::now();
        let game = self.per_game(pos);
        let mut root = pos.clone();
        let legal = legal_move_list(&mut root);
        let tm = TimeManager::new(limits, &Plan::of(pos, legal.len()), started);
        // A finished game has no best move, even where moves remain (a draw by the fifty-move
        // rule or by repetition, a Nutty repetition, the move cap): the search agrees with the
        // referee on the end.
        if legal.is_empty() || crate::rules::outcome::outcome(&root).is_some() {
            return SearchResult { best: None, ponder: None, score: Score::Cp(0), depth: 0, nodes: 0, pv: Vec::new() };
        }
        self.tt.new_search();
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 8).clamp(1, MAX_PLY as u32 - 8);
        let multipv = multipv.clamp(1, legal.len());
        let nodes = AtomicU64::new(0);
        let helpers_stop = AtomicBool::new(false);
        let threads = self.threads;
        self.fit_histories(pos, threads);
        let tt = &self.tt;
        let (main_hist, helper_hists) = self.histories.split_first_mut().expect("one table per thread");

        let result = std::thread::scope(|scope| {
            for (id, hist) in (1..threads).zip(helper_hists.iter_mut()) {
                let game = Arc::clone(&game);
                let (hs, nodes, tm, pos) = (&helpers_stop, &nodes, &tm, pos.clone());
                scope.spawn(move || {
                    let shared = Shared { ev: &game.ev, deferrals: &game.deferrals, tt, stop: hs, tm, limits, nodes };
                    let mut w = Worker::new(pos, shared, Role::Helper, hist);
                    // Helpers start one ply deeper on odd ids so threads spread over depths.
                    let mut depth = 1 + (id as u32 % 2);
                    while depth <= max_depth && !hs.load(Ordering::Relaxed) {
                        w.search_root(depth, -INF, INF);
                        depth += 1;
                    }
                });
            }
            let shared = Shared { ev: &game.ev, deferrals: &game.deferrals, tt, stop, tm: &tm, limits, nodes: &nodes };
            let mut w = Worker::new(pos.clone(), shared, Role::Main, main_hist);
            let r = iterate(&mut w, &legal, max_depth, multipv, &tm, on_info);
            helpers_stop.store(true, Ordering::Relaxed);
            r
        });
        result
    }
}

/// How far the last iteration's score fell below the one two iterations before (same parity:
/// in many games odd and even depths disagree by a steady margin), in centipawns.
fn score_drop(scores: &[i32]) -> i32 {
    match scores {
        [.., before, _, last] => before - last,
        _ => 0,
    }
}

/// The main thread's iterative deepening, with aspiration windows and MultiPV.
fn iterate(
    w: &mut Worker,
    legal: &[Move],
    max_depth: u32,
    multipv: usize,
    tm: &TimeManager,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let mut lines: Vec<RootLine> = Vec::new();
    let mut completed_depth = 0;
    // The best score of each finished iteration, for the time manager's drop test.
    let mut scores: Vec<i32> = Vec::new();
    for depth in 1..=max_depth {
        let mut new_lines: Vec<RootLine> = Vec::new();
        w.root_excluded.clear();
        for slot in 0..multipv {
            let prev = lines.get(slot).map(|l| l.score);
            let (mut alpha, mut beta, mut delta) = match prev {
                Some(s) if depth >= 5 && s.abs() < MATE_BOUND => (s - 30, s + 30, 30),
                _ => (-INF, INF, INF),
            };
            let line = loop {
                let score = w.search_root(depth, alpha, beta);
                if w.stopped() {
                    break None;
                }
                if score <= alpha && alpha > -INF {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INF);
                    delta = delta.saturating_mul(2);
                } else if score >= beta && beta < INF {
                    beta = (score + delta).min(INF);
                    delta = delta.saturating_mul(2);
                } else {
                    break Some(RootLine { score, pv: w.root_pv() });
                }
            };
            match line {
                Some(l) if !l.pv.is_empty() => {
                    w.root_excluded.push(l.pv[0]);
                    new_lines.push(l);
                }
                _ => break,
            }
        }
        if w.stopped() && new_lines.len() < multipv {
            // Keep a partial first line only if the previous iteration gave nothing.
            if lines.is_empty() {
                let pv = w.root_pv();
                if !pv.is_empty() {
                    lines = vec![RootLine { score: 0, pv }];
                }
            }
            break;
        }
        // Lines found one after another can come out of order (later slots see a fuller
        // table); report them best first.
        new_lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        lines = new_lines;
        completed_depth = depth;
        let elapsed = tm.elapsed();
        let nodes = w.total_nodes();
        for (i, l) in lines.iter().enumerate() {
            on_info(&Info {
                depth,
                seldepth: w.seldepth as u32,
                multipv: i + 1,
                score: Score::from_internal(l.score),
                nodes,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                time: elapsed,
                hashfull: w.tt.hashfull(),
                pv: l.pv.clone(),
            });
        }
        let best = lines[0].score;
        if best.abs() >= MATE_BOUND && depth as i32 >= 2 * (MATE - best.abs()) + 2 {
            break;
        }
        scores.push(best.clamp(-MATE_BOUND, MATE_BOUND));
        if !tm.may_start_iteration(score_drop(&scores)) || w.node_limit_reached() {
            break;
        }
    }
    let (score, pv) = match lines.first() {
        Some(l) => (l.score, l.pv.clone()),
        None => (0, vec![legal[0]]),
    };
    SearchResult {
        best: pv.first().copied().or(Some(legal[0])),
        ponder: pv.get(1).copied(),
        score: Score::from_internal(score),
        depth: completed_depth,
        nodes: w.total_nodes(),
        pv,
    }
}
