//! `kyodai bench`: a fixed set of positions per game searched to a fixed depth on one thread.
//! The node total is a deterministic signature of the build (it changes only when the search,
//! evaluation or move generation change), recorded per game in `benches/signature.txt`; nodes
//! per second measure speed. The speed suite (`kyodai bench --speed`) is [`speed`].

pub mod speed;

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

/// The recorded bench signature (`benches/signature.txt`): per game, its depth and nodes.
pub const SIGNATURE: &str = include_str!("../../benches/signature.txt");

/// One game's line of the recorded signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub game: String,
    pub depth: u32,
    pub nodes: u64,
}

/// The recorded signature, game by game (the file is part of the build, so it is well formed:
/// a line that does not read is a broken build, which the tests catch).
pub fn recorded() -> Vec<Recorded> {
    SIGNATURE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            match f[..] {
                [game, depth, nodes] => {
                    Some(Recorded { game: game.to_string(), depth: depth.parse().ok()?, nodes: nodes.parse().ok()? })
                }
                _ => None,
            }
        })
        .collect()
}

/// The recorded total of the built-in games (the number a commit quotes as `Bench: N`).
pub fn recorded_total() -> u64 {
    recorded().iter().map(|r| r.nodes).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_file_reads_whole() {
        let lines = SIGNATURE.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).count();
        assert_eq!(recorded().len(), lines, "every line of benches/signature.txt is `game depth nodes`");
        let recorded = recorded();
        let names: Vec<&str> = recorded.iter().map(|r| r.game.as_str()).collect();
        assert_eq!(names, crate::Variant::builtin_names(), "one line per built-in game, in their order");
    }

    /// The bench is deterministic: a change of what the search visits shows here, and must be
    /// recorded (and explained in the commit) on purpose.
    #[test]
    fn the_bench_signature_is_the_recorded_one() {
        let mut differ = Vec::new();
        for r in recorded() {
            let g = Game::builtin(&r.game).expect("a built-in game");
            assert_eq!(r.depth, default_depth(&g), "{}: the recorded depth is the data file's", r.game);
            let nodes = run(&g, r.depth).nodes;
            if nodes != r.nodes {
                differ.push(format!("{} depth {}: searched {nodes}, recorded {}", r.game, r.depth, r.nodes));
            }
        }
        assert!(
            differ.is_empty(),
            "the bench signature changed:\n  {}\nIf the change is meant (a search, evaluation or move generation change), \
             update benches/signature.txt and give the new total as `Bench: N` in the commit message; \
             a speed-only change must not change it.",
            differ.join("\n  ")
        );
    }
}
