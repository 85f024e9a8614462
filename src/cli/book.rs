//! `kyodai book build | probe | check | lines`: make, read and check opening books.

use super::{load_variant, output_file, setup, Fail, PositionArgs};
use crate::outln;
use clap::{Args, Subcommand};
use kyodai::book::build::{build, duration, Progress, Settings};
use kyodai::book::lines::openings;
use kyodai::book::{shipped, shipped_text, Book};
use kyodai::random::Rng;
use kyodai::search::Limits;
use kyodai::{Game, Variant};
use kyodai::{Move, Position};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;

#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand)]
enum BookCommand {
    /// Make or grow a book from Kyodai's own analysis (best first, MultiPV, resumable).
    #[command(after_help = "Positions are searched one per thread, most likely first; each finished position is\n\
appended to the file at once, so Ctrl-C loses only the searches under way, and running\n\
the same command again continues where it stopped. A larger --positions grows a book.\n\n\
Examples:\n  kyodai book build --variant chu --depth 8 --positions 600 --threads 2\n  \
kyodai book build --variant tai --depth 4 --positions 250 --output my-tai.txt")]
    Build(BuildArgs),
    /// The book's moves for a position (weight, share, score, depth).
    #[command(
        after_help = "Examples:\n  kyodai book probe --variant chu\n  kyodai book probe --variant chu --moves f4f5 g9g8\n  \
kyodai book probe --variant bigorra --fen '<FEN>' --book my-bigorra.txt"
    )]
    Probe(ProbeArgs),
    /// Read and check books: every line replayed, sizes and main line printed.
    #[command(
        after_help = "With no FILE it checks every book built into the binary.\n\nExamples:\n  kyodai book check\n  \
kyodai book check --variant chu book/chu.txt"
    )]
    Check(CheckArgs),
    /// The book's openings, one per line (moves from the start), most likely first: the
    /// 'lines' format of 'kyodai match --openings'.
    #[command(after_help = "Example:\n  kyodai book lines --variant chu --plies 8 > chu-openings.txt")]
    Lines(LinesArgs),
}

#[derive(Args)]
struct BuildArgs {
    /// Game name or alias, or a game file (*.toml).
    #[arg(long, short)]
    variant: String,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Search each position to this depth (default 6 when no --movetime).
    #[arg(long, short, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search each position for this many milliseconds instead.
    #[arg(long)]
    movetime: Option<u64>,
    /// Build until the book has this many positions (counting those already in the file).
    #[arg(long, default_value_t = 500)]
    positions: usize,
    /// The book covers the first P plies: its positions are at most P-1 plies deep.
    #[arg(long, default_value_t = 16)]
    plies: usize,
    /// Keep the moves at most CP centipawns below the best.
    #[arg(long, default_value_t = 40, value_name = "CP")]
    margin: i32,
    /// Best moves looked at per position (MultiPV).
    #[arg(long, default_value_t = 4)]
    lines: usize,
    /// Positions searched at once (each on one thread).
    #[arg(long, short, default_value_t = 1)]
    threads: usize,
    /// Transposition table per thread, in MB.
    #[arg(long, default_value_t = 32)]
    hash: usize,
    /// The book file (created, or continued when it exists). Default: book/<game>.txt.
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    output: Option<String>,
}

#[derive(Args)]
struct ProbeArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// A book file instead of the book built into the binary.
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
}

#[derive(Args)]
struct CheckArgs {
    /// Game of the files (needed with FILE).
    #[arg(long, short)]
    variant: Option<String>,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Book files to check.
    files: Vec<String>,
}

#[derive(Args)]
struct LinesArgs {
    /// Game name or alias, or a game file (*.toml).
    #[arg(long, short)]
    variant: String,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Longest opening, in plies (shorter where the book ends).
    #[arg(long, default_value_t = 8)]
    plies: usize,
    /// A book file instead of the book built into the binary.
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
}

pub fn run(a: BookArgs) -> Result<(), Fail> {
    match a.command {
        BookCommand::Build(b) => run_build(b),
        BookCommand::Probe(p) => run_probe(p),
        BookCommand::Check(c) => run_check(c),
        BookCommand::Lines(l) => run_lines(l),
    }
}

/// Reads a book file for `v`; errors name the file and the line.
pub fn read_book(v: &Arc<Game>, file: &str) -> Result<Book, Fail> {
    let text = std::fs::read_to_string(file).map_err(|e| Fail(format!("cannot read book {file}: {e}")))?;
    Book::from_text(v, &text).map_err(|e| Fail(format!("book {file}: {e}")))
}

/// The book to use: the file given, or the book built into the binary for the game (an
/// error when it has none).
fn book_or_shipped(v: &Arc<Game>, file: Option<&str>) -> Result<Book, Fail> {
    match file {
        Some(f) => read_book(v, f),
        None => match shipped(v) {
            Some(b) => b.map_err(|e| Fail(format!("the built-in {} book: {e}", v.name))),
            None => Err(Fail(format!("no book is built in for '{}'; give one with --book FILE", v.name))),
        },
    }
}

/// The book an engine command uses: `--book FILE`, none with `--no-book`, otherwise the
/// game's built-in book if it has one. A built-in book that does not fit the game's rule
/// options is left out with a warning.
pub fn engine_book(v: &Arc<Game>, file: Option<&str>, no_book: bool) -> Result<Option<Book>, Fail> {
    if no_book {
        return Ok(None);
    }
    if let Some(f) = file {
        return read_book(v, f).map(Some);
    }
    match shipped(v) {
        Some(Ok(b)) => Ok(Some(b)),
        Some(Err(e)) => {
            eprintln!(
                "kyodai: warning: the built-in {} book does not fit these rules ({e}); playing without it",
                v.name
            );
            Ok(None)
        }
        None => Ok(None),
    }
}

/// The start-up settings of a protocol session (`kyodai uci|usi|xboard --book FILE -O KEY=VALUE`).
#[derive(Args)]
pub struct ProtocolArgs {
    /// Play from this book file instead of the game's built-in book (as the BookFile option).
    #[arg(long, visible_alias = "book-file", value_name = "FILE")]
    pub book: Option<String>,
    /// Rule option KEY=VALUE of a game (repeatable), as if the GUI had set it first, e.g.
    /// -O rules=lishogi (Chu by lishogi's rules).
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl ProtocolArgs {
    pub fn startup(&self) -> kyodai::protocol::Startup {
        kyodai::protocol::Startup { book_file: self.book.clone(), rule_options: self.options.clone() }
    }
}

/// How an engine command uses its opening book (`analyze`, `selfplay`).
#[derive(Args)]
pub struct BookChoice {
    /// Opening book file (default: the game's book built into the binary).
    #[arg(long, visible_alias = "book-file", value_name = "FILE")]
    pub book: Option<String>,
    /// Play without an opening book.
    #[arg(long, conflicts_with = "book")]
    pub no_book: bool,
    /// Play the book's best move (highest weight) instead of varying among its moves.
    #[arg(long)]
    pub book_best: bool,
}

impl BookChoice {
    /// The book to use, if any (see [`engine_book`]).
    pub fn load(&self, v: &Arc<Game>) -> Result<Option<Book>, Fail> {
        engine_book(v, self.book.as_deref(), self.no_book)
    }
}

/// Prints the book's moves for `pos` as `info string book move ...` lines, the chosen one
/// last (`info string book choice ...`), and returns the choice.
/// `seed` draws the move (unless `best`).
pub fn print_book_moves(book: &Book, pos: &mut Position, seed: u64, best: bool) -> Option<Move> {
    let entry = book.probe(pos)?;
    let chosen = book.choose(pos, Rng::at(seed, 0), best)?;
    for c in &entry.moves {
        outln!("info string book move {}", format!("{}{}", c.text, c.details()));
    }
    outln!("info string book choice {} ({})", chosen.text, if best { "the best" } else { "drawn by weight" });
    Some(chosen.mv)
}

/// `kyodai 0.1.0`, plus the commit the binary was built from ("modified" when its sources
/// differed from that commit: `src/` and the Cargo files; see build.rs).
fn engine_version() -> String {
    let version = format!("kyodai {}", env!("CARGO_PKG_VERSION"));
    match env!("KYODAI_GIT") {
        "" => version,
        git => format!("{version} (git {git})"),
    }
}

/// A progress bar on stderr: redrawn in place on a terminal, a line every 5% otherwise.
fn progress_bar() -> impl FnMut(&Progress) {
    let tty = std::io::stderr().is_terminal();
    let mut last_step = 0;
    move |p: &Progress| {
        let filled = (p.total * 30 / p.target.max(1)).min(30);
        let left = p.target.saturating_sub(p.total);
        let each = p.elapsed / p.added.max(1) as u32;
        let mut path = p.path.clone();
        if path.len() > 40 {
            path = format!("...{}", &path[path.len() - 37..]);
        }
        let bar = format!(
            "[{}{}] {}/{} positions, ply {} ({}), {:.1} s each, about {} left",
            "#".repeat(filled),
            ".".repeat(30 - filled),
            p.total,
            p.target,
            p.ply,
            if path.is_empty() { "start" } else { &path },
            each.as_secs_f64(),
            duration(each * left as u32)
        );
        if tty {
            eprint!("\r{bar}\x1b[K");
        } else if p.total * 20 / p.target.max(1) > last_step || left == 0 {
            last_step = p.total * 20 / p.target.max(1);
            eprintln!("{bar}");
        }
    }
}

fn run_build(a: BuildArgs) -> Result<(), Fail> {
    if a.depth == Some(0) || a.movetime == Some(0) {
        return Err(Fail("--depth and --movetime must be at least 1".into()));
    }
    if a.margin < 0 {
        return Err(Fail("--margin must be 0 or more centipawns".into()));
    }
    let v = load_variant(&a.variant, &a.options)?;
    let (limits, search) = match a.movetime {
        Some(ms) => (Limits::movetime(ms), format!("--movetime {ms}")),
        None => {
            let d = a.depth.unwrap_or(6);
            (Limits::depth(d), format!("--depth {d}"))
        }
    };
    let settings = Settings {
        limits,
        positions: a.positions,
        plies: a.plies,
        margin: a.margin,
        lines: a.lines,
        threads: a.threads,
        hash_mb: a.hash,
    };
    let options: String = a.options.iter().map(|o| format!(" --option {o}")).collect();
    let command = format!(
        "kyodai book build --variant {}{options} {search} --positions {} --plies {} --margin {} --lines {} --threads {} --hash {}",
        a.variant, a.positions, a.plies, a.margin, a.lines, a.threads, a.hash
    );
    let today = kyodai::pgn::today().replace('.', "-");
    let run = format!("{today}, {}: {command}", engine_version());
    let output = match output_file("-o/--output", a.output.as_deref())? {
        Some(f) => f.to_string(),
        None => format!("book/{}.txt", v.name),
    };
    let path = Path::new(&output);
    eprintln!("building {output}: {command}");
    let summary = build(&v, path, &settings, &run, &mut progress_bar(), &mut |w| eprintln!("kyodai: warning: {w}"))?;
    if std::io::stderr().is_terminal() && summary.added > 0 {
        eprintln!();
    }
    let why = if summary.exhausted {
        format!(" (every book move within {} plies is expanded)", a.plies)
    } else if summary.added == 0 {
        " (it already has --positions; give a larger number to grow it)".to_string()
    } else {
        String::new()
    };
    outln!(
        "{output}: {} positions added in {}, {} in the book{why}",
        summary.added,
        duration(summary.elapsed),
        summary.total
    );
    Ok(())
}

fn run_probe(a: ProbeArgs) -> Result<(), Fail> {
    let mut pos = setup(&a.pos)?;
    let v = Arc::clone(pos.game());
    let book = book_or_shipped(&v, a.book.as_deref())?;
    let source = a.book.clone().unwrap_or_else(|| format!("the built-in {} book", v.name));
    let Some(entry) = book.probe(&pos) else {
        outln!("not in the book ({source}, {} positions)", book.len());
        return Ok(());
    };
    let reached = if entry.path.is_empty() { "start".to_string() } else { entry.path.join(" ") };
    let at = if entry.line > 0 { format!(", line {}", entry.line) } else { String::new() };
    outln!("{source}{at}: ply {}, {reached}", entry.ply());
    let legal = kyodai::rules::legality::legal_move_list(&mut pos);
    let total: u64 = entry.moves.iter().filter(|c| legal.contains(&c.mv)).map(|c| c.weight as u64).sum();
    outln!("{:<14} {:>6} {:>6} {:>6} {:>5}", "move", "weight", "share", "score", "depth");
    for c in &entry.moves {
        let share = match legal.contains(&c.mv) {
            true => format!("{:.0}%", 100.0 * c.weight as f64 / total.max(1) as f64),
            false => "illegal here (repetition)".to_string(),
        };
        let depth = c.depth.map_or("-".to_string(), |d| d.to_string());
        let score = kyodai::book::format::format_score(c.score);
        outln!("{:<14} {:>6} {:>6} {:>6} {:>5}", c.text, c.weight, share, score, depth);
    }
    Ok(())
}

/// One line about a book: positions, deepest ply, main line.
fn describe(name: &str, b: &Book) -> String {
    let deepest = b.entries().iter().map(kyodai::book::Entry::ply).max().unwrap_or(0);
    let moves: usize = b.entries().iter().map(|e| e.moves.len()).sum();
    let main = b.main_line();
    format!(
        "{name}: {} positions, {:.1} moves each, up to ply {deepest}; main line {} plies: {}",
        b.len(),
        moves as f64 / b.len().max(1) as f64,
        main.len(),
        main.join(" ")
    )
}

fn run_check(a: CheckArgs) -> Result<(), Fail> {
    if a.files.is_empty() {
        for name in Variant::builtin_names() {
            let v = load_variant(name, &a.options)?;
            if shipped_text(&v.name).is_none() {
                outln!("{name}: no book built in");
                continue;
            }
            let b = book_or_shipped(&v, None)?;
            outln!("{}", describe(name, &b));
        }
        return Ok(());
    }
    let Some(variant) = &a.variant else {
        return Err(Fail("give the game of the files with --variant".into()));
    };
    let v = load_variant(variant, &a.options)?;
    for f in &a.files {
        let b = read_book(&v, f)?;
        outln!("{}", describe(f, &b));
    }
    Ok(())
}

fn run_lines(a: LinesArgs) -> Result<(), Fail> {
    if a.plies == 0 {
        return Err(Fail("--plies must be at least 1".into()));
    }
    let v = load_variant(&a.variant, &a.options)?;
    let book = book_or_shipped(&v, a.book.as_deref())?;
    let lines = openings(&book, a.plies);
    outln!("# {} openings of at most {} plies from the {} book, most likely first", lines.len(), a.plies, v.name);
    for l in lines {
        outln!("{}", l.moves.join(" "));
    }
    Ok(())
}
