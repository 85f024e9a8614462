//! Perft: counts the legal move sequences of a given length (canonical moves, one per effect).
//! The last ply is bulk-counted; with several threads the root moves are shared out by rayon.

use crate::moves::Move;
use crate::position::Position;
use crate::rules::legality::{legal_moves_with, History};
use rayon::prelude::*;

/// Number of leaf nodes at `depth` (depth >= 1).
///
/// With `History::Ignore` (the usual perft) the history-dependent repetition rules (Chu's
/// no-repeat, Scirocco's third occurrence) are not applied, as independent move counters do;
/// every other rule is. With `History::Apply`, moves they forbid are not counted.
pub fn perft(pos: &mut Position, depth: u32, repetition: History) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_rec(pos, depth, repetition, &mut bufs)
}

fn perft_rec(pos: &mut Position, depth: u32, rep: History, bufs: &mut [Vec<Move>]) -> u64 {
    let (buf, rest) = bufs.split_first_mut().unwrap();
    legal_moves_with(pos, buf, rep);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for &m in buf.iter() {
        let u = pos.make(m);
        n += perft_rec(pos, depth - 1, rep, rest);
        pos.unmake(m, u);
    }
    n
}

/// Per-root-move counts, in generation order, using `threads` worker threads.
pub fn divide(pos: &Position, depth: u32, threads: usize, repetition: History) -> Vec<(Move, u64)> {
    let mut p = pos.clone();
    let mut roots = Vec::new();
    legal_moves_with(&mut p, &mut roots, repetition);
    let count = |m: &Move| -> (Move, u64) {
        if depth == 1 {
            return (*m, 1);
        }
        let mut q = pos.clone();
        let u = q.make(*m);
        let n = perft(&mut q, depth - 1, repetition);
        q.unmake(*m, u);
        (*m, n)
    };
    if threads <= 1 {
        roots.iter().map(count).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| roots.par_iter().map(count).collect()),
            Err(_) => roots.iter().map(count).collect(),
        }
    }
}
