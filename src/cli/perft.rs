//! `kyodai perft`: count move sequences to a depth, optionally per root move.

use super::{setup, Fail, PositionArgs};
use crate::outln;
use clap::Args;
use kyodai::notation::format_move;
use kyodai::perft::divide;
use kyodai::rules::legality::History;
use std::sync::Arc;
use std::time::Instant;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Depth in plies (at least 1).
    #[arg(long, short)]
    depth: u32,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Worker threads (root moves are shared out), 1 to 256.
    #[arg(long, short, default_value_t = 1)]
    threads: u64,
    /// Also apply the history-dependent no-repeat rule (Chu Shogi): moves that recreate
    /// an earlier position are not counted. Off by default, as in other move counters.
    #[arg(long)]
    repetition: bool,
}

pub fn run(a: PerftArgs) -> Result<(), Fail> {
    if a.depth == 0 {
        return Err(Fail("--depth must be at least 1".into()));
    }
    let threads = kyodai::resources::threads(a.threads).map_err(|e| Fail(format!("--threads: {e}")))?;
    let pos = setup(&a.pos)?;
    // Nothing is played after the end of a game: a finished position counts 0.
    if let Some(o) = kyodai::rules::outcome::outcome(&pos) {
        outln!("Nodes searched: 0");
        eprintln!("the game is over ({o}): no moves to count");
        return Ok(());
    }
    let v = Arc::clone(pos.game());
    let t0 = Instant::now();
    let history = if a.repetition { History::Apply } else { History::Ignore };
    let counts = divide(&pos, a.depth, threads, history);
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    let secs = t0.elapsed().as_secs_f64();
    if a.divide {
        let mut lines: Vec<(String, u64)> = counts.iter().map(|(m, n)| (format_move(&v, *m), *n)).collect();
        lines.sort();
        for (t, n) in lines {
            outln!("{t}: {n}");
        }
    }
    outln!("Nodes searched: {total}");
    eprintln!("time {:.3} s, {:.0} nodes per second", secs, total as f64 / secs.max(1e-9));
    Ok(())
}
