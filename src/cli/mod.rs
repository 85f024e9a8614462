//! The command-line tools of the `kyodai` binary, one file per command. Each command parses
//! its arguments (clap), calls the library, and prints; no rule or search logic lives here.

pub mod analyze;
pub mod annotate;
pub mod bench;
pub mod book;
pub mod completions;
pub mod match_cmd;
pub mod perft;
pub mod pgn;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod soak;
pub mod svg;
pub mod tune;
pub mod variants;

use clap::Args;
use kyodai::notation::parse_move;
use kyodai::rules::outcome::outcome;
use kyodai::{Game, Position};
use std::sync::Arc;

/// `println!` for the command-line tools: when stdout is closed early (`kyodai moves | head`),
/// exit quietly instead of panicking.
#[macro_export]
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `print!` with the same behaviour as `outln!`.
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// A user-facing error: one line on stderr, exit status 2.
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

/// The settings of each `--engine` of `command` (`match`, `serve`), grouped. clap's derive
/// gives the values of a repeated multi-value option as one list (`flat`), so the groups are
/// read from the command line itself; the total is checked against clap's list.
pub fn engine_groups(command: &str, flat: &[String]) -> Result<Vec<Vec<String>>, Fail> {
    let args: Vec<String> = std::env::args().collect();
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut inside = false;
    for w in args.iter().skip_while(|w| *w != command).skip(1) {
        if w == "--engine" {
            groups.push(Vec::new());
            inside = true;
        } else if w.starts_with("--") || (w.starts_with('-') && w.len() == 2) {
            inside = false;
        } else if let (true, Some(g)) = (inside, groups.last_mut()) {
            g.push(w.clone());
        }
    }
    if groups.concat() != flat {
        return Err(Fail("cannot group the --engine settings: write each as '--engine KEY=VALUE ...'".into()));
    }
    Ok(groups)
}

/// A position given on the command line: game, rule options, FEN or start array, moves.
#[derive(Args)]
pub struct PositionArgs {
    /// Game name or alias (see 'kyodai variants'), or the path of a game file (*.toml).
    #[arg(long, short)]
    pub variant: String,
    /// Rule option KEY=VALUE overriding the game's [rules] (repeatable), e.g.
    /// -O fifty_move_rule=off, -O leap_knight_both_safe=on.
    // `-O`, not `-o`: every tool reads `-o` as the output file (see `output_file`). `-O` is
    // free on every command, says "Option" as the long name does, and unlike `-r` it does not
    // swallow cutechess-cli's single-dash habits in `kyodai match` (`-rounds`, `-repeat`).
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this FEN instead of the game's start position.
    #[arg(long, short)]
    pub fen: Option<String>,
    /// Start from one of the game's standard arrays (Scirocco: 512). SPEC is `default`, a
    /// number, or the IDs of the pieces that go on the left square of their pair plus
    /// `rotate`/`mirror`, e.g. 'WA D GO mirror' (pairs not named keep the default order).
    #[arg(long, value_name = "SPEC", conflicts_with = "fen")]
    pub setup: Option<String>,
    /// Start from one of the game's handicap starts (Chu: two-lions, rook, ...; a wrong name
    /// lists them). The player giving the handicap, the second, moves first.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["fen", "setup"])]
    pub handicap: Option<String>,
    /// Moves to play first, in our notation (space separated).
    #[arg(long, short, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// The game and start of the commands that play from one position (analyze, selfplay), whose
/// game defaults to the default game.
#[derive(Args)]
pub struct GameArgs {
    /// Game name or alias, or a game file (*.toml). Default: the default game (Chu Shogi: its
    /// data file says `default = true`).
    #[arg(long, short, default_value = kyodai::Variant::default_name())]
    pub variant: String,
    /// Rule option KEY=VALUE (repeatable), e.g. -O move_cap=1.
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this FEN instead of the game's start position.
    #[arg(long, short)]
    pub fen: Option<String>,
    /// Start from one of the game's handicap starts (Chu: two-lions, rook, ...).
    #[arg(long, value_name = "NAME", conflicts_with = "fen")]
    pub handicap: Option<String>,
}

impl GameArgs {
    /// The position arguments: this game and start, then `moves`.
    pub fn at_start_of(self, moves: Vec<String>) -> PositionArgs {
        let (variant, options, fen, handicap) = (self.variant, self.options, self.fen, self.handicap);
        PositionArgs { variant, options, fen, setup: None, handicap, moves }
    }
}

/// How to give a rule option: the hint of the errors that meet the old `-o KEY=VALUE`.
pub const OPTION_HINT: &str = "a rule option is -O KEY=VALUE (--option KEY=VALUE)";

/// Checks an output file given with `-o/--output` (`flag` names it in errors). `-o` was the
/// rule option before it became the output file, so a bare `word=value` (no directory, no
/// file extension: `fifty_move_rule=off`) is that old habit, not a file anyone wants:
/// refused with the new flag named, instead of silently writing a file of that name.
pub fn output_file<'a>(flag: &str, path: Option<&'a str>) -> Result<Option<&'a str>, Fail> {
    let Some(p) = path else { return Ok(None) };
    if p.is_empty() {
        return Err(Fail(format!("{flag}: the file name is empty")));
    }
    if let Some((key, value)) = p.split_once('=') {
        let word = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if word(key) && !value.contains(['.', '/']) {
            return Err(Fail(format!(
                "{flag} '{p}': -o is the output file, and this looks like a rule option: {OPTION_HINT} \
                 (write './{p}' for a file of that name)"
            )));
        }
    }
    Ok(Some(p))
}

/// Loads the game named by `--variant` (a built-in name or a *.toml file) with its options.
pub fn load_variant(name: &str, options: &[String]) -> Result<Arc<Game>, Fail> {
    let mut opts = Vec::new();
    for o in options {
        let Some((k, v)) = o.split_once('=') else {
            return Err(Fail(format!("-O/--option '{o}' is not KEY=VALUE (the output file is -o FILE)")));
        };
        opts.push((k.trim().to_string(), v.trim().to_string()));
    }
    if kyodai::variant::is_game_file(name) {
        let text = std::fs::read_to_string(name).map_err(|e| Fail(format!("cannot read game file '{name}': {e}")))?;
        return Game::from_toml_with(&text, &opts).map(Arc::new).map_err(|e| Fail(format!("{name}: {e}")));
    }
    Game::builtin_with(name, &opts).map_err(|e| Fail(e.to_string()))
}

/// The position described by `a`: the game's start, a FEN or a start array, then the moves.
pub fn setup(a: &PositionArgs) -> Result<Position, Fail> {
    let v = load_variant(&a.variant, &a.options)?;
    let mut pos = match (&a.fen, &a.setup, &a.handicap) {
        (Some(f), _, _) => Position::from_fen(&v, f)?,
        (None, Some(spec), _) => Position::from_fen(&v, &v.setup_fen(spec)?)?,
        (None, None, Some(h)) => Position::from_fen(&v, &v.handicap_fen(h)?)?,
        (None, None, None) => Position::start(&v),
    };
    for (i, text) in a.moves.iter().enumerate() {
        // A finished game takes no more moves, whatever remains on the board.
        if let Some(o) = outcome(&pos) {
            return Err(Fail(format!("--moves, move {} ({text}): the game is over ({o})", i + 1)));
        }
        let m = parse_move(&mut pos, text).map_err(|e| Fail(format!("--moves, move {} ({}): {}", i + 1, text, e)))?;
        pos.make(m);
    }
    Ok(pos)
}
