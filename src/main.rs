//! The `kyodai` binary: command-line tools over the rules core. Nothing else lives here.

use clap::{Args, Parser, Subcommand};
use kyodai::legality::{in_check, legal_move_list};
use kyodai::notation::{format_move, parse_move};
use kyodai::outcome::outcome;
use kyodai::perft::divide;
use kyodai::{Color, Position, Variant};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// `println!` for the command-line tools: when stdout is closed early (`kyodai moves | head`),
/// exit quietly instead of panicking.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `print!` with the same behaviour as `outln!`.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

#[derive(Parser)]
#[command(
    name = "kyodai",
    version,
    about = "An engine for giant chess variants (Bigorra, Chu Shogi, ...)",
    long_about = "Kyodai plays and analyses giant chess variants by their full rules.\n\n\
Positions are given as FEN (ranks from the top, multi-letter piece IDs in parentheses,\n\
e.g. (SQ), '+' before a promoted shogi piece) and moves in our notation: from-square +\n\
to-square (h5h7), legs through captured squares (e6e7,e7e8), igui (e6e7,e7e6), pass (e6e6),\n\
'+' to promote in shogi games. Run 'kyodai variants' to list the games.",
    after_help = "Examples:\n  kyodai variants\n  kyodai show --variant chu\n  kyodai moves --variant bigorra --moves h5h7 i12i10\n  kyodai perft --variant chu --depth 3 --divide --threads 2"
)]
struct Cli {
    /// With no command, Kyodai speaks the protocol named by the GUI's first line (uci, usi
    /// or xboard), as GUIs start engines without arguments.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (games chosen with the UCI_Variant option).
    Uci,
    /// Speak USI (lishogi dialect) on stdin/stdout: the shogi games.
    Usi,
    /// Speak XBoard/CECP protocol 2 on stdin/stdout (games up to 16x16).
    Xboard,
    /// List every game with board size, number of piece types and pieces per side.
    Variants,
    /// Search a position and print the engine's lines and best move (UCI-style 'info' lines).
    #[command(after_help = "With no arguments it analyses the Chu Shogi start position for 5 seconds.\n\n\
Examples:\n  kyodai analyze\n  kyodai analyze --variant bigorra --depth 6\n  kyodai analyze --variant chu --movetime 2000 --threads 2 --multipv 3")]
    Analyze(AnalyzeArgs),
    /// Play the engine against itself and print each game with its result and reason.
    #[command(after_help = "Example:\n  kyodai selfplay --variant chu --movetime 100 --games 2")]
    Selfplay {
        /// Game name or alias, or a game file (*.toml).
        #[arg(long, short, default_value = "chu")]
        variant: String,
        /// Rule option KEY=VALUE (repeatable).
        #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Start from this FEN instead of the game's start position.
        #[arg(long, short)]
        fen: Option<String>,
        /// Thinking time per move in milliseconds.
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        games: usize,
        /// Stop a game after this many plies (reported as unfinished, '*').
        #[arg(long, default_value_t = 1000)]
        max_plies: usize,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
        /// Who plays White in the first game: engine or random (colours alternate).
        #[arg(long, default_value = "engine")]
        white: kyodai::selfplay::Player,
        /// Who plays Black in the first game: engine or random.
        #[arg(long, default_value = "engine")]
        black: kyodai::selfplay::Player,
    },
    /// Search fixed positions to a fixed depth on one thread: total nodes (a signature of the
    /// build) and nodes per second.
    #[command(after_help = "Example:\n  kyodai bench\n  kyodai bench --variant chu --depth 7")]
    Bench {
        /// Only this game (default: every game).
        #[arg(long, short)]
        variant: Option<String>,
        /// Depth (default: the game's bench depth).
        #[arg(long, short)]
        depth: Option<u32>,
    },
    /// Print a game's piece table (Markdown), generated from its data file.
    #[command(after_help = "Example:\n  kyodai pieces --variant bigorra")]
    Pieces {
        /// Game name or alias, or a game file (*.toml).
        #[arg(long, short)]
        variant: String,
    },
    /// Print the board as text, the side to move and the game state.
    #[command(after_help = "Example:\n  kyodai show --variant chu --moves f2d2 g11i11")]
    Show(PositionArgs),
    /// Print every legal move, one per line, sorted.
    #[command(after_help = "Example:\n  kyodai moves --variant bigorra --fen '<FEN>'")]
    Moves(PositionArgs),
    /// Count move sequences to a depth (canonical moves, bulk-counted at the last ply).
    #[command(after_help = "Prints 'MOVE: N' per root move with --divide, then 'Nodes searched: N';\n\
time and nodes per second go to stderr.\n\nExample:\n  kyodai perft --variant chu --depth 3 --divide")]
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        /// Depth in plies (at least 1).
        #[arg(long, short)]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads (root moves are shared out).
        #[arg(long, short, default_value_t = 1)]
        threads: usize,
        /// Also apply the history-dependent no-repeat rule (Chu Shogi): moves that recreate
        /// an earlier position are not counted. Off by default, as in other move counters.
        #[arg(long)]
        repetition: bool,
    },
}

#[derive(Args)]
struct AnalyzeArgs {
    /// Game name or alias, or a game file (*.toml).
    #[arg(long, short, default_value = "chu")]
    variant: String,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Start from this FEN instead of the game's start position.
    #[arg(long, short)]
    fen: Option<String>,
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
    /// Search threads (Lazy SMP).
    #[arg(long, short, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Number of best lines to show.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
}

#[derive(Args)]
struct PositionArgs {
    /// Game name or alias (see 'kyodai variants'), or the path of a game file (*.toml).
    #[arg(long, short)]
    variant: String,
    /// Rule option KEY=VALUE overriding the game's [rules] (repeatable), e.g.
    /// fifty_move_rule=off, leap_knight_both_safe=on.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Start from this FEN instead of the game's start position.
    #[arg(long, short)]
    fen: Option<String>,
    /// Start from one of the game's standard arrays (Scirocco: 512). SPEC is `default`, a
    /// number, or the IDs of the pieces that go on the left square of their pair plus
    /// `rotate`/`mirror`, e.g. 'WA D GO mirror' (pairs not named keep the default order).
    #[arg(long, value_name = "SPEC", conflicts_with = "fen")]
    setup: Option<String>,
    /// Moves to play first, in our notation (space separated).
    #[arg(long, short, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
}

/// A user-facing error: one line on stderr, exit status 2.
struct Fail(String);

/// Loads the game named by `--variant` (a built-in name or a *.toml file) with its options.
fn load_variant(name: &str, options: &[String]) -> Result<Arc<Variant>, Fail> {
    let mut opts = Vec::new();
    for o in options {
        let Some((k, v)) = o.split_once('=') else {
            return Err(Fail(format!("--option '{o}' is not KEY=VALUE")));
        };
        opts.push((k.trim().to_string(), v.trim().to_string()));
    }
    if name.ends_with(".toml") {
        let text = std::fs::read_to_string(name).map_err(|e| Fail(format!("cannot read game file '{name}': {e}")))?;
        return Variant::from_toml_with(&text, &opts).map(Arc::new).map_err(|e| Fail(format!("{name}: {e}")));
    }
    Variant::builtin_with(name, &opts).map_err(|e| Fail(e.to_string()))
}

fn setup(a: &PositionArgs) -> Result<Position, Fail> {
    let v = load_variant(&a.variant, &a.options)?;
    let mut pos = match (&a.fen, &a.setup) {
        (Some(f), _) => Position::from_fen(&v, f).map_err(|e| Fail(e.to_string()))?,
        (None, Some(spec)) => {
            let fen = v.setup_fen(spec).map_err(|e| Fail(e.to_string()))?;
            Position::from_fen(&v, &fen).map_err(|e| Fail(e.to_string()))?
        }
        (None, None) => Position::start(&v),
    };
    for (i, text) in a.moves.iter().enumerate() {
        let m = parse_move(&mut pos, text).map_err(|e| Fail(format!("--moves, move {} ({}): {}", i + 1, text, e)))?;
        pos.make(m);
    }
    Ok(pos)
}

fn analyze(a: AnalyzeArgs) -> Result<(), Fail> {
    use kyodai::search::{Limits, Searcher};
    use std::sync::atomic::AtomicBool;
    if a.threads == 0 || a.hash == 0 || a.multipv == 0 {
        return Err(Fail("--threads, --hash and --multipv must be at least 1".into()));
    }
    if a.depth == Some(0) || a.nodes == Some(0) || a.movetime == Some(0) {
        return Err(Fail("--depth, --nodes and --movetime must be at least 1".into()));
    }
    let pos = setup(&PositionArgs { variant: a.variant, options: a.options, fen: a.fen, setup: None, moves: a.moves })?;
    let mut p = pos.clone();
    if let Some(o) = outcome(&mut p) {
        outln!("info string game over: {o}");
        outln!("bestmove (none)");
        return Ok(());
    }
    let v = Arc::clone(pos.variant());
    let limits = match (a.depth, a.nodes, a.movetime) {
        (Some(d), _, _) => Limits::depth(d),
        (_, Some(n), _) => Limits::nodes(n),
        (_, _, Some(ms)) => Limits::movetime(ms),
        _ => Limits::movetime(5000),
    };
    let mut searcher = Searcher::new(a.hash, a.threads);
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
    match r.best {
        Some(m) => outln!("bestmove {}", format_move(&v, m)),
        None => outln!("bestmove (none)"),
    }
    Ok(())
}

fn state_line(pos: &mut Position) -> String {
    if let Some(o) = outcome(pos) {
        return o.to_string();
    }
    let side = pos.side();
    if in_check(pos, side) {
        format!("{} is in check", side.name())
    } else {
        "in progress".to_string()
    }
}

fn show(pos: &mut Position) -> String {
    let v = Arc::clone(pos.variant());
    let shape = v.shape;
    // Columns as wide as the longest ID. On boards wider than 16 files (Tai Shogi: 25 files,
    // IDs up to 4 characters with '+') only the pieces on the board count, so the start
    // position fits in about 100 columns.
    let width = if shape.files > 16 {
        Color::ALL
            .iter()
            .flat_map(|&c| pos.pieces(c).iter().map(|&s| v.piece(pos.piece_at(s).unwrap().kind()).id.len()))
            .max()
            .unwrap_or(1)
    } else {
        v.pieces.iter().map(|p| p.id.len()).max().unwrap_or(1)
    };
    let rank_w = shape.ranks.to_string().len();
    let mut out = String::new();
    for r in (0..shape.ranks as i32).rev() {
        out.push_str(&format!("{:>rank_w$} ", r + 1));
        for f in 0..shape.files as i32 {
            let sq = shape.square_unchecked(f, r);
            let cell = match pos.piece_at(sq) {
                None => ".".to_string(),
                Some(p) => {
                    let id = &v.piece(p.kind()).id;
                    if p.color() == Color::White {
                        id.clone()
                    } else {
                        id.to_ascii_lowercase()
                    }
                }
            };
            out.push_str(&format!(" {cell:>width$}"));
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(rank_w + 1));
    for f in 0..shape.files {
        out.push_str(&format!(" {:>width$}", (b'a' + f) as char));
    }
    out.push('\n');
    out.push_str(&format!("game: {} ({}x{})\n", v.title, shape.files, shape.ranks));
    out.push_str(&format!("fen: {}\n", pos.to_fen()));
    out.push_str(&format!("side to move: {}\n", pos.side().name()));
    out.push_str(&format!("state: {}\n", state_line(pos)));
    out
}

fn run(cli: Cli) -> Result<(), Fail> {
    use kyodai::protocol::{run_stdio, Protocol};
    let Some(command) = cli.command else {
        run_stdio(None);
        return Ok(());
    };
    match command {
        Command::Uci => run_stdio(Some(Protocol::Uci)),
        Command::Usi => run_stdio(Some(Protocol::Usi)),
        Command::Xboard => run_stdio(Some(Protocol::Xboard)),
        Command::Variants => {
            outln!("{:<10} {:<12} {:>7} {:>6} {:>15}", "name", "title", "board", "types", "pieces per side");
            for n in Variant::builtin_names() {
                let v = Variant::builtin(n).map_err(|e| Fail(e.to_string()))?;
                let pos = Position::start(&v);
                outln!(
                    "{:<10} {:<12} {:>7} {:>6} {:>15}",
                    v.name,
                    v.title,
                    format!("{}x{}", v.shape.files, v.shape.ranks),
                    v.num_types(),
                    pos.pieces(Color::White).len()
                );
            }
        }
        Command::Analyze(a) => analyze(a)?,
        Command::Selfplay { variant, options, fen, movetime, games, max_plies, hash, white, black } => {
            if movetime == 0 || games == 0 || max_plies == 0 || hash == 0 {
                return Err(Fail("--movetime, --games, --max-plies and --hash must be at least 1".into()));
            }
            let start = setup(&PositionArgs { variant, options, fen, setup: None, moves: Vec::new() })?;
            let v = Arc::clone(start.variant());
            let mut searcher = kyodai::search::Searcher::new(hash, 1);
            let limits = kyodai::search::Limits::movetime(movetime);
            for g in 1..=games {
                // Colours alternate from game to game.
                let players = if g % 2 == 1 { [white, black] } else { [black, white] };
                let name = |p: kyodai::selfplay::Player| format!("{p:?}").to_lowercase();
                outln!("game {g}: {} from {}", v.title, start.to_fen());
                outln!("white: {}, black: {}", name(players[0]), name(players[1]));
                let rec = kyodai::selfplay::play_match_game(
                    &start,
                    players,
                    g as u64,
                    &mut searcher,
                    &limits,
                    max_plies,
                    &mut |ply, _| {
                        if ply > 0 && ply % 50 == 0 {
                            eprintln!("game {g}: {ply} plies played");
                        }
                    },
                );
                outln!("{}", rec.move_text());
                let reason = match rec.outcome {
                    Some(o) => o.to_string(),
                    None => format!("unfinished after {} plies", rec.moves.len()),
                };
                outln!("result: {} ({reason})\n", rec.result_tag());
            }
        }
        Command::Bench { variant, depth } => {
            if depth == Some(0) {
                return Err(Fail("--depth must be at least 1".into()));
            }
            let names: Vec<String> = match variant {
                Some(v) => vec![v],
                None => Variant::builtin_names().iter().map(|s| s.to_string()).collect(),
            };
            let (mut nodes, mut secs) = (0u64, 0f64);
            for n in names {
                let v = load_variant(&n, &[])?;
                let d = depth.unwrap_or_else(|| kyodai::bench::default_depth(&v));
                let r = kyodai::bench::run(&v, d);
                let s = r.time.as_secs_f64();
                outln!(
                    "{:<10} depth {:>2} nodes {:>10} time {:>7.3} s nps {:>9.0}",
                    v.name,
                    d,
                    r.nodes,
                    s,
                    r.nodes as f64 / s.max(1e-9)
                );
                nodes += r.nodes;
                secs += s;
            }
            outln!("Total nodes: {nodes}");
            outln!("Nodes per second: {:.0}", nodes as f64 / secs.max(1e-9));
        }
        Command::Pieces { variant } => {
            let v = load_variant(&variant, &[])?;
            out!("{}", kyodai::variant::table::piece_table(&v));
        }
        Command::Show(a) => {
            let mut pos = setup(&a)?;
            out!("{}", show(&mut pos));
        }
        Command::Moves(a) => {
            let mut pos = setup(&a)?;
            let v = Arc::clone(pos.variant());
            let mut texts: Vec<String> = legal_move_list(&mut pos).into_iter().map(|m| format_move(&v, m)).collect();
            texts.sort();
            for t in texts {
                outln!("{t}");
            }
        }
        Command::Perft { pos: a, depth, divide: div, threads, repetition } => {
            if depth == 0 {
                return Err(Fail("--depth must be at least 1".into()));
            }
            if threads == 0 {
                return Err(Fail("--threads must be at least 1".into()));
            }
            let pos = setup(&a)?;
            let v = Arc::clone(pos.variant());
            let t0 = Instant::now();
            let counts = divide(&pos, depth, threads, repetition);
            let total: u64 = counts.iter().map(|(_, n)| n).sum();
            let secs = t0.elapsed().as_secs_f64();
            if div {
                let mut lines: Vec<(String, u64)> = counts.iter().map(|(m, n)| (format_move(&v, *m), *n)).collect();
                lines.sort();
                for (t, n) in lines {
                    outln!("{t}: {n}");
                }
            }
            outln!("Nodes searched: {total}");
            eprintln!("time {:.3} s, {:.0} nodes per second", secs, total as f64 / secs.max(1e-9));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    env_logger::init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("kyodai: error: {msg}");
            ExitCode::from(2)
        }
    }
}
