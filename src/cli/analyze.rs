//! `kyodai analyze`: search one position and print UCI-style `info` lines and the best move.

use super::{setup, Fail, GameArgs};
use crate::outln;
use clap::Args;
use kyodai::notation::format_move;
use kyodai::rules::outcome::outcome;
use kyodai::search::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves to play first, in our notation.
    #[arg(long, short, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
    /// Search to this depth (plies).
    #[arg(long, short, conflicts_with_all = ["movetime", "nodes"])]
    depth: Option<u32>,
    /// Search for this many milliseconds (default 5000 when no limit is given).
    #[arg(long, conflicts_with = "nodes")]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads (Lazy SMP), 1 to 256.
    #[arg(long, short, default_value_t = 1)]
    threads: u64,
    /// Transposition table size in MB (at most half of the machine's memory).
    #[arg(long, default_value_t = 64)]
    hash: u64,
    /// Number of best lines to show.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    #[command(flatten)]
    book: super::book::BookChoice,
    /// Seed of the book's choice in a book position (default: a new one each run).
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(a: AnalyzeArgs) -> Result<(), Fail> {
    if a.multipv == 0 {
        return Err(Fail("--multipv must be at least 1".into()));
    }
    let mut searcher =
        kyodai::resources::searcher(a.hash, a.threads).map_err(|e| Fail(format!("--threads/--hash: {e}")))?;
    if a.depth == Some(0) || a.nodes == Some(0) || a.movetime == Some(0) {
        return Err(Fail("--depth, --nodes and --movetime must be at least 1".into()));
    }
    let pos = setup(&a.game.at_start_of(a.moves))?;
    let mut p = pos.clone();
    if let Some(o) = outcome(&p) {
        outln!("info string game over: {o}");
        outln!("bestmove (none)");
        return Ok(());
    }
    let v = Arc::clone(pos.game());
    let book_move = match a.book.load(&v)? {
        Some(book) => {
            let seed = a.seed.unwrap_or_else(kyodai::random::Rng::entropy_seed);
            super::book::print_book_moves(&book, &mut p, seed, a.book.book_best)
        }
        None => None,
    };
    let limits = match (a.depth, a.nodes, a.movetime) {
        (Some(d), _, _) => Limits::depth(d),
        (_, Some(n), _) => Limits::nodes(n),
        (_, _, Some(ms)) => Limits::movetime(ms),
        _ => Limits::movetime(5000),
    };
    let stop = AtomicBool::new(false);
    let r = searcher.search(&pos, &limits, a.multipv, &stop, &mut |i| {
        let pv: Vec<String> = i.pv.iter().map(|m| format_move(&v, *m)).collect();
        outln!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
            i.depth,
            i.seldepth,
            i.multipv,
            i.score,
            i.nodes,
            i.nps,
            i.hashfull,
            i.time.as_millis(),
            pv.join(" ")
        );
    });
    match book_move.or(r.best) {
        Some(m) => outln!("bestmove {}", format_move(&v, m)),
        None => outln!("bestmove (none)"),
    }
    Ok(())
}
