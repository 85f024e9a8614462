//! `kyodai tune`: fits a game's evaluation weights to the results of games (PGN files, or
//! self-play games played first) and writes the game's data file with the tuned numbers.

use super::{load_variant, Fail};
use crate::outln;
use clap::Args;
use kyodai::random::Rng;
use kyodai::tune::samples::SelfPlay;
use kyodai::tune::{tune, write, Progress, TuneConfig};
use kyodai::Variant;
use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

#[derive(Args)]
pub struct TuneArgs {
    /// Game name or alias, or a game file (*.toml).
    #[arg(long, short)]
    variant: String,
    /// PGN files of games of this game to learn from (repeatable; '*' results and games of
    /// other games are left out).
    #[arg(long = "games", value_name = "FILE.pgn")]
    games: Vec<String>,
    /// Play this many self-play games first and learn from them too.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    selfplay: Option<u64>,
    /// Self-play: nodes per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    nodes: u64,
    /// Self-play: random plies from the start (so the games differ).
    #[arg(long, default_value_t = 6)]
    random_plies: usize,
    /// Self-play: a game still going after this many plies is a draw.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Self-play: a side the engine sees this many centipawns ahead for 8 plies in a row wins.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(i32).range(100..=100_000))]
    adjudicate: i32,
    /// Self-play: threads (one game each).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Self-play: seed of the random plies (default: a new one, printed so the run can be
    /// repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Self-play: write the games to this PGN file, each as it ends (to tune again from them
    /// with --games; an interrupted run keeps the games it played).
    #[arg(long, value_name = "FILE.pgn")]
    save: Option<String>,
    /// Tune only these: 'values', 'eval', or [eval] keys (repeatable, comma-separated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Adam iterations over all positions.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    iterations: u64,
    /// Adam step, as a share of each weight's size.
    #[arg(long, default_value_t = 0.01)]
    rate: f64,
    /// Pull toward the starting numbers (larger: smaller changes; 0: none). The default fitted
    /// best the held-out games of 600 Chu self-play games (0.0003 and less learnt noise).
    #[arg(long, default_value_t = 0.003)]
    prior: f64,
    /// Hold out every N-th game to measure the fit on games it did not learn from (0: none).
    #[arg(long, default_value_t = 10)]
    holdout: usize,
    /// Write the game file with the tuned numbers here (may be the --variant file itself).
    /// Without it the numbers are only printed.
    #[arg(long, short, value_name = "FILE.toml")]
    output: Option<String>,
}

pub fn run(a: TuneArgs) -> Result<(), Fail> {
    if a.games.is_empty() && a.selfplay.is_none() {
        return Err(Fail("nothing to learn from: give --games FILE.pgn and/or --selfplay N".into()));
    }
    if !(a.rate > 0.0 && a.rate <= 1.0 && a.prior >= 0.0 && a.prior.is_finite()) {
        return Err(Fail("--rate must be in (0, 1] and --prior at least 0".into()));
    }
    let v = load_variant(&a.variant, &[])?;
    let source = if kyodai::variant::is_game_file(&a.variant) {
        std::fs::read_to_string(&a.variant).map_err(|e| Fail(format!("cannot read game file '{}': {e}", a.variant)))?
    } else {
        Variant::builtin_source(&v.name).ok_or_else(|| Fail(format!("no data file for '{}'", v.name)))?.to_string()
    };
    let mut pgn = Vec::new();
    for f in &a.games {
        let text = std::fs::read_to_string(f).map_err(|e| Fail(format!("cannot read {f}: {e}")))?;
        pgn.push((f.clone(), text));
    }
    let selfplay = a.selfplay.map(|games| {
        let seed = a.seed.unwrap_or_else(Rng::entropy_seed);
        eprintln!("tune {}: self-play seed {seed} (repeat with --seed {seed})", v.name);
        SelfPlay {
            games: games as usize,
            nodes: a.nodes,
            random_plies: a.random_plies,
            max_plies: a.max_plies as usize,
            adjudicate_cp: a.adjudicate,
            seed,
            hash_mb: 16,
        }
    });
    let cfg = TuneConfig {
        pgn,
        selfplay,
        threads: a.threads as usize,
        only: a.only,
        iterations: a.iterations as usize,
        rate: a.rate,
        prior: a.prior,
        holdout: a.holdout,
    };
    // The file is made now, so a path that cannot be written fails before the games, and each
    // game is added as it ends, so an interrupted run keeps the games it played.
    let saving = match (&a.save, &cfg.selfplay) {
        (Some(f), Some(_)) => Some(std::fs::File::create(f).map_err(|e| Fail(format!("cannot write {f}: {e}")))?),
        _ => None,
    };
    let saving = Mutex::new(saving);
    let t0 = Instant::now();
    let name = v.name.clone();
    let out = tune(&v, &cfg, &|p| match p {
        Progress::Played { done, of, pgn } => {
            let mut file = saving.lock().unwrap();
            if let Some(Err(e)) = file.as_mut().map(|f| f.write_all(pgn.as_bytes())) {
                eprintln!("tune {name}: cannot add a game to the --save file: {e} (it is written again at the end)");
                *file = None;
            }
            if done % (of / 20).max(1) == 0 || done == of {
                eprintln!("tune {name}: {done} of {of} self-play games, {:.0} s", t0.elapsed().as_secs_f64());
            }
        }
        Progress::Fit { iteration, error } if iteration % 200 == 0 => {
            eprintln!("tune {name}: iteration {iteration}, error {error:.6}");
        }
        _ => {}
    })?;
    if let Some(f) = &a.save {
        // Again, in the order of the games (threads end them in any order).
        std::fs::write(f, &out.played_pgn).map_err(|e| Fail(format!("cannot write {f}: {e}")))?;
    }
    outln!("{} positions of {} games; K = {:.6}", out.positions, out.games, out.fitted.k);
    outln!("mean squared error: {:.6} -> {:.6} (fitted games)", out.fitted.train.0, out.fitted.train.1);
    if a.holdout > 0 {
        outln!("mean squared error: {:.6} -> {:.6} (held-out games)", out.fitted.test.0, out.fitted.test.1);
    }
    if let Some(w) = kyodai::tune::overfit_warning(&out.fitted, a.holdout) {
        eprintln!("tune {}: warning: {w}", v.name);
    }
    outln!("{:<22} {:>8} {:>8}", "weight", "before", "after");
    for (n, before, after) in &out.changes {
        outln!("{n:<22} {before:>8.0} {after:>8.0}");
    }
    match &a.output {
        Some(f) => {
            let text = write::rewrite(&source, &out.tuned)?;
            std::fs::write(f, text).map_err(|e| Fail(format!("cannot write {f}: {e}")))?;
            outln!("wrote {f}");
        }
        None => outln!("(not written: give --output FILE.toml)"),
    }
    Ok(())
}
