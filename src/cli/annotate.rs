//! `kyodai annotate`: searches every position of the games of a PGN or KIF file and writes them
//! back as PGN with a score and best line after each move, marking mistakes `?` and blunders `??`.

use super::{load_variant, output_file, Fail};
use crate::out;
use clap::Args;
use kyodai::kifu::read_games;
use kyodai::search::{Limits, Searcher};
use kyodai::tournament::annotate::{annotate_games, AnnotateSettings};
use std::io::IsTerminal;

#[derive(Args)]
pub struct AnnotateArgs {
    /// The game file to annotate: PGN, or KIF (.kifu UTF-8, .kif Shift-JIS; also told by content).
    file: String,
    /// Game name or alias, or a game file (*.toml).
    #[arg(long, short)]
    variant: String,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Thinking time per position in milliseconds (default 500 unless --depth is given).
    #[arg(long, conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Search depth per position.
    #[arg(long)]
    depth: Option<u32>,
    /// A move losing at least this many centipawns is marked '?'.
    #[arg(long, default_value_t = 100, value_name = "CP")]
    mistake: i32,
    /// A move losing at least this many centipawns is marked '??'.
    #[arg(long, default_value_t = 300, value_name = "CP")]
    blunder: i32,
    /// Write the annotated PGN to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    output: Option<String>,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// A progress bar on stderr: redrawn in place on a terminal, every tenth otherwise.
fn progress_bar() -> impl FnMut(usize, usize) {
    let tty = std::io::stderr().is_terminal();
    let mut last_tenth = 0;
    move |done, total| {
        let filled = done * 30 / total.max(1);
        let bar = format!("[{}{}] {done}/{total} positions", "#".repeat(filled), ".".repeat(30 - filled));
        if tty {
            eprint!("\r{bar}");
            if done == total {
                eprintln!();
            }
        } else if done * 10 / total.max(1) > last_tenth || done == total {
            last_tenth = done * 10 / total.max(1);
            eprintln!("{bar}");
        }
    }
}

pub fn run(a: AnnotateArgs) -> Result<(), Fail> {
    if a.depth == Some(0) || a.movetime == Some(0) || a.hash == 0 || a.threads == 0 {
        return Err(Fail("--depth, --movetime, --hash and --threads must be at least 1".into()));
    }
    if a.mistake <= 0 || a.blunder < a.mistake {
        return Err(Fail("--mistake must be positive and --blunder at least --mistake".into()));
    }
    let output = output_file("-o/--output", a.output.as_deref())?;
    let v = load_variant(&a.variant, &a.options)?;
    let bytes = std::fs::read(&a.file).map_err(|e| Fail(format!("cannot read {}: {e}", a.file)))?;
    // PGN, or KIF (by extension or content): both read into the same game records.
    let games = read_games(&a.file, &bytes, Some(&v.variant)).map_err(|e| Fail(format!("{}: {e}", a.file)))?;
    let limits = match a.depth {
        Some(d) => Limits::depth(d),
        None => Limits::movetime(a.movetime.unwrap_or(500)),
    };
    let settings = AnnotateSettings { limits, mistake: a.mistake, blunder: a.blunder };
    let mut searcher = Searcher::new(a.hash, a.threads);
    let pgn = annotate_games(&v, &games, &settings, &mut searcher, &mut progress_bar())
        .map_err(|e| Fail(format!("{}: {e}", a.file)))?;
    match output {
        Some(f) => std::fs::write(f, pgn).map_err(|e| Fail(format!("cannot write {f}: {e}")))?,
        None => out!("{pgn}"),
    }
    Ok(())
}
