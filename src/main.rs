//! The `kyodai` binary: the command line (one file per command under `cli/`) and the protocol
//! modes. Nothing else lives here.

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
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
    #[command(after_help = "Examples (type the lines after starting it; 'quit' ends):\n  kyodai uci\n    uci\n    \
setoption name UCI_Variant value chu\n    position startpos moves f4f5 g9g8\n    go depth 4\n    quit\n\n\
In a GUI: add the command 'kyodai uci' (or plain 'kyodai') as a UCI engine.\n\
With --book FILE (or the BookFile option) it plays from that book instead of the built-in one.")]
    Uci(cli::book::ProtocolArgs),
    /// Speak USI (lishogi dialect) on stdin/stdout: the shogi games.
    #[command(after_help = "Examples (type the lines after starting it; 'quit' ends):\n  kyodai usi\n    usi\n    \
setoption name USI_Variant value chushogi\n    position startpos moves 7i7h\n    go byoyomi 1000\n    quit\n\n\
In a GUI: add the command 'kyodai usi' as a USI engine.\n\
With --book FILE (or the USI_BookFile option) it plays from that book instead of the built-in one.\n\
Chu by lishogi's rules: kyodai usi -O rules=lishogi (or setoption name rules value lishogi).")]
    Usi(cli::book::ProtocolArgs),
    /// Speak XBoard/CECP protocol 2 on stdin/stdout (games up to 16x16).
    #[command(
        after_help = "Examples:\n  xboard -fcp \"kyodai xboard\" -variant chu -testLegality false -repeatsToDraw 0 -ruleMoves 0\n  \
kyodai xboard    (then type: xboard, protover 2, variant chu, usermove f4f5, quit)\n  \
xboard -fcp \"kyodai xboard --book my-chu.txt\" -variant chu    (play from a book file; also: option BookFile=FILE)\n  \
xboard -fcp \"kyodai xboard -O rules=lishogi\" -variant chu    (Chu by lishogi's rules; also: option rules=lishogi)"
    )]
    Xboard(cli::book::ProtocolArgs),
    /// List every game with board size, number of piece types and pieces per side.
    #[command(
        after_help = "Example:\n  kyodai variants\n\nThe names are what --variant, UCI_Variant, USI_Variant and XBoard's variant take."
    )]
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
    #[command(
        after_help = "The node total is the build's signature: it changes only when the search, the evaluation or\n\
                      the move generation change what is searched, and is recorded per game in\n\
                      benches/signature.txt. --speed measures each part of the engine instead (fixed work, so\n\
                      two builds compare side by side: scripts/compare-builds.py).\n\n\
                      Examples:\n  kyodai bench\n  kyodai bench --variant chu --depth 7\n  kyodai bench --speed --variant tai"
    )]
    Bench(cli::bench::BenchArgs),
    /// Print a game's piece table (Markdown), generated from its data file.
    #[command(after_help = "Example:\n  kyodai pieces --variant bigorra")]
    Pieces {
        /// Game name or alias, or a game file (*.toml).
        #[arg(long, short)]
        variant: String,
    },
    /// Print the board as text, the side to move and the game state.
    #[command(after_help = "Examples:\n  kyodai show --variant chu --moves f2d2 g11i11\n  \
kyodai show --variant tai -O repetition=draw-fourth    (-O KEY=VALUE: a rule option, as in every command)")]
    Show(cli::PositionArgs),
    /// Print every legal move, one per line, sorted.
    #[command(after_help = "Example:\n  kyodai moves --variant bigorra --fen '<FEN>'")]
    Moves(cli::PositionArgs),
    /// Play many fast node-limited games with every position invariant checked after every
    /// move; print games, plies, results and failures.
    #[command(after_help = "Checked after every move: make/unmake restores the position, incremental hash =\n\
recomputed hash (and the other consistency checks), the FEN and the move text read back, and\n\
the search reports no move exactly when the referee says the game is over.\n\n\
Examples:\n  kyodai soak --variant chu --games 100\n  kyodai soak --variant tai --games 10000 --nodes 50 --seed 1")]
    Soak(cli::soak::SoakArgs),
    /// Count move sequences to a depth (canonical moves, bulk-counted at the last ply).
    #[command(after_help = "Prints 'MOVE: N' per root move with --divide, then 'Nodes searched: N';\n\
time and nodes per second go to stderr.\n\nExample:\n  kyodai perft --variant chu --depth 3 --divide")]
    Perft(cli::perft::PerftArgs),
    /// Play engines (UCI, USI, XBoard or the built-in random mover) against each other in any
    /// game, refereed by Kyodai's rules: matches, tournaments, SPRT, shards (cutechess-cli style).
    #[command(after_help = "Engines forfeit on illegal moves, crashes, hangs and time losses; the match goes on.\n\
Output: 'Started game', 'Finished game N (A vs B): 1-0 {reason}', 'Score of A vs B: W - L - D [score] N',\n\
'Elo difference: E +/- M, LOS: L %, DrawRatio: D %', 'LLR: ...' with --sprt.\n\n\
Examples:\n  \
kyodai match --variant chu --engine cmd=kyodai arg=uci name=k --engine cmd=builtin:random --each nodes=2000 --games 4\n  \
kyodai match --variant chu --engine name=kyodai cmd=./target/release/kyodai proto=xboard \\\n      \
--engine name=hachu cmd=/usr/games/hachu proto=xboard --each tc=15+0.15 --games 20 --concurrency 2 --pgnout chu.pgn\n  \
kyodai match --variant scirocco --setup random --engine name=new cmd=./new arg=uci --engine name=old cmd=./old arg=uci \\\n      \
--each tc=10+0.1 --games 2 --repeat --rounds 500 --sprt elo0=0 elo1=10 --pgnout sprt.pgn\n  \
kyodai match ... --shard 3/8 -o part3.pgn   (then: kyodai pgn stats part*.pgn)")]
    Match(Box<cli::match_cmd::MatchArgs>),
    /// PGN tools: 'kyodai pgn stats FILE...' recomputes standings, Elo, LOS and SPRT.
    Pgn(cli::pgn::PgnArgs),
    /// Search every position of the games in a PGN file and write them back with scores, best
    /// lines and '?'/'??' marks on the moves that lose the most.
    #[command(after_help = "A move losing at least --mistake centipawns (default 100) for its side is marked '?',\n\
at least --blunder (default 300) '??'; a mate counts as 20000 centipawns less its distance.\n\
Each move's comment: the score after it for the side that made it, the depth, the expected\n\
continuation, and '; best MOVE SCORE' when another move was better. A progress bar goes to stderr.\n\n\
Example:\n  kyodai annotate --variant chu games.pgn --movetime 1000 -o annotated.pgn")]
    Annotate(cli::annotate::AnnotateArgs),
    /// Draw a position as an SVG diagram (coordinates, zones, last move, arrows).
    #[command(
        after_help = "Examples:\n  kyodai svg --variant chu -o chu.svg\n  kyodai svg --variant tai --moves m9m10 > tai.svg\n  \
kyodai svg --variant scirocco --arrow e2-e4 --flip --output s.svg"
    )]
    Svg(cli::svg::SvgArgs),
    /// Tune a game's evaluation weights (piece values, [eval] keys) to the results of games,
    /// Texel-style, and write the game file with the tuned numbers.
    #[command(
        after_help = "Positions: the quiet ones (no check, no capture just made or next) after the first 8 plies.\n\
The fit: K of the logistic curve first, then the weights (Adam, a small pull toward the old\n\
numbers); every 10th game is held out to show whether the fit carries over to other games.\n\
Keep the result only if it wins games: kyodai match --variant V --engine cmd=kyodai option.VariantPath=tuned.toml ...\n\n\
Examples:\n  kyodai tune --variant chu --selfplay 1000 --nodes 5000 --threads 2 --save chu-games.pgn -o chu-tuned.toml\n  \
kyodai tune --variant my-game.toml --games a.pgn --games b.pgn --output my-game.toml\n  \
kyodai tune --variant tai --games tai.pgn --only values,tempo"
    )]
    Tune(cli::tune::TuneArgs),
    /// Serve a local web board: play Kyodai or external engines, watch engines play, replay a
    /// PGN (every game).
    #[command(
        after_help = "The page and all its files are built into the binary; nothing is fetched from the network.\n\
External engines (--engine, as for 'kyodai match') are started when first chosen on the page and\n\
ended when the server stops (Ctrl-C).\n\n\
Examples:\n  kyodai serve --open\n  kyodai serve --port 0\n  kyodai serve --port 9000 --threads 2 --hash 256\n  \
kyodai serve --engine name=hachu cmd=/usr/games/hachu proto=xboard --engine 'name=k2 cmd=kyodai uci'"
    )]
    Serve(cli::serve::ServeArgs),
    /// Opening books: build one from Kyodai's analysis, probe a position, check, list openings.
    #[command(
        after_help = "Examples:\n  kyodai book probe --variant chu --moves f4f5\n  kyodai book build --variant chu --depth 8 --positions 600 --threads 2\n  kyodai book check"
    )]
    Book(cli::book::BookArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "Install (then start a new shell; docs/shell-completions.md has the details):\n  \
bash:  kyodai completions bash > ~/.local/share/bash-completion/completions/kyodai\n  \
zsh:   kyodai completions zsh > ~/.zfunc/_kyodai    (with fpath+=~/.zfunc before compinit in ~/.zshrc)\n  \
fish:  kyodai completions fish > ~/.config/fish/completions/kyodai.fish")]
    Completions(cli::completions::CompletionsArgs),
    /// Print the man page kyodai(1), or write a page for every command into a directory.
    #[command(after_help = "Examples:\n  kyodai manpage | man -l -\n  kyodai manpage match | man -l -\n  \
kyodai manpage -o ~/.local/share/man/man1    (then: man kyodai, man kyodai-match)")]
    Manpage(cli::completions::ManpageArgs),
}

fn run(cli: Cli) -> Result<(), Fail> {
    use kyodai::protocol::{run_stdio, Protocol, Startup};
    let Some(command) = cli.command else {
        // A person at a terminal gets a hint; a GUI (stdin not a terminal) gets nothing extra.
        if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            eprintln!("kyodai: waiting for a GUI protocol: type uci, usi or xboard (or quit; 'kyodai --help' lists the commands)");
        }
        return run_stdio(None, &Startup::default()).map_err(Fail::from);
    };
    match command {
        Command::Uci(b) => run_stdio(Some(Protocol::Uci), &b.startup())?,
        Command::Usi(b) => run_stdio(Some(Protocol::Usi), &b.startup())?,
        Command::Xboard(b) => run_stdio(Some(Protocol::Xboard), &b.startup())?,
        Command::Variants => cli::variants::run_variants()?,
        Command::Analyze(a) => cli::analyze::run(a)?,
        Command::Selfplay(a) => cli::selfplay::run(a)?,
        Command::Bench(a) => cli::bench::run(a)?,
        Command::Pieces { variant } => cli::variants::run_pieces(&variant)?,
        Command::Show(a) => cli::show::run_show(a)?,
        Command::Moves(a) => cli::show::run_moves(a)?,
        Command::Perft(a) => cli::perft::run(a)?,
        Command::Match(a) => cli::match_cmd::run_match(*a)?,
        Command::Pgn(a) => cli::pgn::run(a)?,
        Command::Annotate(a) => cli::annotate::run(a)?,
        Command::Soak(a) => cli::soak::run(a)?,
        Command::Svg(a) => cli::svg::run(a)?,
        Command::Serve(a) => cli::serve::run(a)?,
        Command::Tune(a) => cli::tune::run(a)?,
        Command::Book(a) => cli::book::run(a)?,
        Command::Completions(a) => cli::completions::run_completions(a, Cli::command())?,
        Command::Manpage(a) => cli::completions::run_manpage(a, Cli::command())?,
    }
    Ok(())
}

/// Argument errors on one line, as every other error: clap's first paragraph (the problem,
/// without its usage block), then where to look.
fn parse_args() -> Result<Cli, ExitCode> {
    use clap::error::ErrorKind;
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            Err(ExitCode::SUCCESS)
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            Err(ExitCode::from(2))
        }
        Err(e) => {
            let text = e.render().to_string();
            let first: Vec<&str> = text.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            let msg = first.join(" ");
            eprintln!("kyodai: {}{} (see 'kyodai --help')", msg.trim_end_matches('.'), old_option_hint(&e));
            Err(ExitCode::from(2))
        }
    }
}

/// `-o` was the rule option before it became the output file: a command that writes no file
/// meets the old `-o KEY=VALUE` as an unknown argument, and the error says what to write now.
fn old_option_hint(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let unknown = match (e.kind(), e.get(ContextKind::InvalidArg)) {
        (ErrorKind::UnknownArgument, Some(ContextValue::String(a))) => a.as_str(),
        _ => return String::new(),
    };
    match unknown == "-o" || unknown.starts_with("-o=") {
        true => format!(": this command writes no file (-o is the output file); {}", cli::OPTION_HINT),
        false => String::new(),
    }
}

fn main() -> ExitCode {
    env_logger::init();
    let cli = match parse_args() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("kyodai: error: {msg}");
            ExitCode::from(2)
        }
    }
}
