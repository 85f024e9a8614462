//! `kyodai bench`: a fixed set of positions per game searched to a fixed depth on one thread.
//! The node total is a deterministic signature of the build (it changes only when the search,
//! evaluation or move generation change); nodes per second measure speed.

use crate::game::Game;
use crate::notation::parse_move;
use crate::position::Position;
use crate::search::{Limits, Searcher};

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Bench positions, as the game's data file lists them (`[bench] lines`): the start position,
/// then positions reached by fixed move sequences.
pub fn positions(v: &std::sync::Arc<Game>) -> Vec<Position> {
    let mut out = Vec::new();
    for line in &v.bench.lines {
        let mut pos = Position::start(v);
        for t in line.split_whitespace() {
            match parse_move(&mut pos, t) {
                Ok(m) => {
                    pos.make(m);
                }
                Err(_) => break,
            }
        }
        out.push(pos);
    }
    out
}

/// The default bench depth of a game (`[bench] depth`).
pub fn default_depth(v: &Game) -> u32 {
    v.bench.depth
}

pub struct BenchResult {
    pub nodes: u64,
    pub time: Duration,
}

/// Searches every bench position of `v` to `depth` with a fresh 16 MB table.
pub fn run(v: &std::sync::Arc<Game>, depth: u32) -> BenchResult {
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    let t0 = Instant::now();
    for pos in positions(v) {
        let mut s = Searcher::new(16, 1);
        let r = s.search(&pos, &Limits::depth(depth), 1, &stop, &mut |_| {});
        nodes += r.nodes;
    }
    BenchResult { nodes, time: t0.elapsed() }
}
