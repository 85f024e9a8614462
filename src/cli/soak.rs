//! `kyodai soak`: many fast node-limited games with every position invariant checked after
//! every move (make/unmake, hash, FEN and move text round trips, referee and search agreeing on
//! the end); prints games, plies, results and failures.

use super::{load_variant, Fail};
use crate::outln;
use clap::Args;
use kyodai::random::Rng;
use kyodai::soak::{soak, SoakConfig, SoakReport};
use std::time::Instant;

#[derive(Args)]
pub struct SoakArgs {
    /// Game name or alias, or a game file (*.toml).
    #[arg(long, short)]
    variant: String,
    /// Number of games.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    games: u64,
    /// Node limit of each engine move.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    nodes: u64,
    /// Plies after which a game ends as unfinished.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Percent of plies played by a random legal move instead of the search (variety).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=100))]
    random: u32,
    /// Seed of the random moves (default: a new one, printed so the run can be repeated).
    #[arg(long)]
    seed: Option<u64>,
}

fn summary(name: &str, r: &SoakReport, secs: f64) {
    outln!("soak {name}: {} games, {} plies, {} failures, {:.0} s", r.games, r.plies, r.failures.len(), secs);
    for (result, n) in &r.results {
        outln!("  {n:>8}  {result}");
    }
    for f in r.failures.iter().take(10) {
        outln!("failure in game {} at ply {}: {}", f.game, f.ply, f.what);
        outln!("  kyodai show --variant {name} --fen '{}' --moves {}", f.start_fen, f.moves.join(" "));
    }
}

pub fn run(a: SoakArgs) -> Result<(), Fail> {
    let v = load_variant(&a.variant, &[])?;
    let seed = a.seed.unwrap_or_else(Rng::entropy_seed);
    eprintln!("soak {}: seed {seed} (repeat with --seed {seed})", v.name);
    let cfg = SoakConfig {
        games: a.games as usize,
        nodes: a.nodes,
        max_plies: a.max_plies as usize,
        random_percent: a.random,
        seed,
        hash_mb: 16,
    };
    let t0 = Instant::now();
    let step = (cfg.games / 20).max(1);
    let r = soak(&v, &cfg, &mut |r| {
        if r.games % step == 0 {
            eprintln!(
                "soak {}: {} of {} games, {} plies, {} failures, {:.0} s",
                v.name,
                r.games,
                cfg.games,
                r.plies,
                r.failures.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    });
    summary(&v.name, &r, t0.elapsed().as_secs_f64());
    if r.failures.is_empty() {
        Ok(())
    } else {
        Err(Fail(format!("{} of {} games broke an invariant (listed above)", r.failures.len(), r.games)))
    }
}
