//! `kyodai bench`: a fixed set of positions per game searched to a fixed depth on one thread.
//! The node total is a deterministic signature of the build (it changes only when the search,
//! evaluation or move generation change); nodes per second measure speed.

use crate::game::Game;
use crate::notation::parse_move;
use crate::position::Position;
use crate::search::{Limits, Searcher};
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Bench positions: the start position, then positions reached by fixed move sequences.
pub fn positions(v: &std::sync::Arc<Game>) -> Vec<Position> {
    let lines: &[&str] = match v.variant.name.as_str() {
        "chu" => &["", "f4f5 g9g8 f3f4 g10g9 e4e5 h9h8", "d5d6 i8i7 f2d2 g11i11 d6d7 i7i6"],
        "bigorra" => &["", "h5h7 i12i10 h4h6 g12g10 g4g7 h12h11", "e5e7 e12e10 d5d6 f13f11 i4i6 d12d10"],
        "typhoon" => &["", "d3e5 i10h8 i3k5 d10b8 l2l4s a11a9s"],
        // Tai: 625 squares and about 300 moves a node, so one opening and a shallow depth.
        "tai" => &["", "d6d8 v20v18 h8h9 r18r17"],
        _ => &[""],
    };
    let mut out = Vec::new();
    for line in lines {
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

/// The default bench depth of a game.
pub fn default_depth(v: &Variant) -> u32 {
    match v.name.as_str() {
        "bigorra" => 7,
        "chu" => 9,
        "scirocco" => 10,
        // Typhoon: depth 8 takes about as long as the other games' bench depths.
        "typhoon" => 8,
        "tai" => 3,
        _ => 6,
    }
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
