//! `kyodai annotate`: searches every position of the games of a PGN or KIF file and writes them
//! back (as PGN, or as KIF to a `.kifu`/`.kif` file) with a score and best line after each move,
//! marking mistakes `?` and blunders `??`.

use super::{load_variant, output_file, Fail};
use crate::out;
use clap::Args;
use kyodai::kifu::{encode_sjis, format_of, read_games, write_kif, Format, KifHeader, KifuError};
use kyodai::pgn::PgnGame;
use kyodai::search::{Limits, Searcher};
use kyodai::tournament::annotate::{annotate_games, annotate_records, final_reason, AnnotateSettings};
use kyodai::Game;
use std::io::IsTerminal;
use std::sync::Arc;

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
    /// Write the annotated PGN to FILE instead of standard output (a .kifu or .kif FILE: KIF,
    /// for a file of one game).
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

/// `--output F.kifu` (or `.kif`, Shift-JIS): the one game of the file as KIF, each move's mark
/// (`?`, `??`) and comment on the `*` line after it.
fn write_kif_annotation(
    v: &Arc<Game>,
    games: &[PgnGame],
    settings: &AnnotateSettings,
    searcher: &mut Searcher,
    out: &str,
    sjis: bool,
    file: &str,
) -> Result<(), Fail> {
    let [g] = games else {
        return Err(Fail(format!(
            "{file} has {} games, and a KIF record holds one: write PGN (-o F.pgn)",
            games.len()
        )));
    };
    let done = annotate_records(v, games, settings, searcher, &mut progress_bar())
        .map_err(|e| Fail(format!("{file}: {e}")))?;
    let a = &done[0];
    let notes: Vec<Option<String>> = a
        .marks
        .iter()
        .zip(&a.comments)
        .map(|(m, c)| Some(if m.is_empty() { c.clone() } else { format!("{m} {c}") }))
        .collect();
    let tag = |k: &str| g.tag(k).map(str::to_string);
    let h = KifHeader {
        date: tag("Date"),
        event: tag("Event"),
        site: tag("Site"),
        sente: tag("White").unwrap_or_else(|| "?".into()),
        gote: tag("Black").unwrap_or_else(|| "?".into()),
        sjis,
    };
    let cannot = |e: KifuError| Fail(format!("cannot write {out}: {e}"));
    let text = write_kif(&a.start, &g.moves, &notes, g.result, final_reason(g), &h).map_err(cannot)?;
    let bytes = if sjis { encode_sjis(&text).map_err(cannot)? } else { text.into_bytes() };
    std::fs::write(out, bytes).map_err(|e| Fail(format!("cannot write {out}: {e}")))
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
    if let Some((f, sjis)) = output.and_then(|f| match format_of(f, b"") {
        Format::Kif { sjis } => Some((f, sjis)),
        _ => None,
    }) {
        return write_kif_annotation(&v, &games, &settings, &mut searcher, f, sjis, &a.file);
    }
    let pgn = annotate_games(&v, &games, &settings, &mut searcher, &mut progress_bar())
        .map_err(|e| Fail(format!("{}: {e}", a.file)))?;
    match output {
        Some(f) => std::fs::write(f, pgn).map_err(|e| Fail(format!("cannot write {f}: {e}")))?,
        None => out!("{pgn}"),
    }
    Ok(())
}
