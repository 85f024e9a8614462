//! The `kyodai` binary: the command line (one file per command under `cli/`) and the protocol
//! modes. Nothing else lives here.

mod cli;

use clap::{Parser, Subcommand};
use cli::Fail;
use std::process::ExitCode;

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
    Analyze(cli::analyze::AnalyzeArgs),
    /// Play the engine against itself and print each game with its result and reason.
    #[command(after_help = "Example:\n  kyodai selfplay --variant chu --movetime 100 --games 2")]
    Selfplay(cli::selfplay::SelfplayArgs),
    /// Search fixed positions to a fixed depth on one thread: total nodes (a signature of the
    /// build) and nodes per second.
    #[command(after_help = "Example:\n  kyodai bench\n  kyodai bench --variant chu --depth 7")]
    Bench(cli::bench::BenchArgs),
    /// Print a game's piece table (Markdown), generated from its data file.
    #[command(after_help = "Example:\n  kyodai pieces --variant bigorra")]
    Pieces {
        /// Game name or alias, or a game file (*.toml).
        #[arg(long, short)]
        variant: String,
    },
    /// Print the board as text, the side to move and the game state.
    #[command(after_help = "Example:\n  kyodai show --variant chu --moves f2d2 g11i11")]
    Show(cli::PositionArgs),
    /// Print every legal move, one per line, sorted.
    #[command(after_help = "Example:\n  kyodai moves --variant bigorra --fen '<FEN>'")]
    Moves(cli::PositionArgs),
    /// Count move sequences to a depth (canonical moves, bulk-counted at the last ply).
    #[command(after_help = "Prints 'MOVE: N' per root move with --divide, then 'Nodes searched: N';\n\
time and nodes per second go to stderr.\n\nExample:\n  kyodai perft --variant chu --depth 3 --divide")]
    Perft(cli::perft::PerftArgs),
    /// Draw a position as an SVG diagram (coordinates, zones, last move, arrows).
    #[command(
        after_help = "Examples:\n  kyodai svg --variant chu > chu.svg\n  kyodai svg --variant tai --moves m9m10 --output tai.svg\n  \
kyodai svg --variant scirocco --arrow e2-e4 --flip --output s.svg"
    )]
    Svg(cli::svg::SvgArgs),
    /// Serve a local web board: play Kyodai, watch it play itself, replay a PGN (every game).
    #[command(
        after_help = "The page and all its files are built into the binary; nothing is fetched from the network.\n\n\
Examples:\n  kyodai serve --open\n  kyodai serve --port 0\n  kyodai serve --port 9000 --threads 2 --hash 256"
    )]
    Serve(cli::serve::ServeArgs),
    /// Opening books: build one from Kyodai's analysis, probe a position, check, list openings.
    #[command(
        after_help = "Examples:\n  kyodai book probe --variant chu --moves f4f5\n  kyodai book build --variant chu --depth 8 --positions 600 --threads 2\n  kyodai book check"
    )]
    Book(cli::book::BookArgs),
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
        Command::Variants => cli::variants::run_variants()?,
        Command::Analyze(a) => cli::analyze::run(a)?,
        Command::Selfplay(a) => cli::selfplay::run(a)?,
        Command::Bench(a) => cli::bench::run(a)?,
        Command::Pieces { variant } => cli::variants::run_pieces(&variant)?,
        Command::Show(a) => cli::show::run_show(a)?,
        Command::Moves(a) => cli::show::run_moves(a)?,
        Command::Perft(a) => cli::perft::run(a)?,
        Command::Svg(a) => cli::svg::run(a)?,
        Command::Serve(a) => cli::serve::run(a)?,
        Command::Book(a) => cli::book::run(a)?,
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
