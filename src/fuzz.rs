//! Fuzz targets: structured random inputs for the FEN reader, the move readers (our notation
//! and the USI and XBoard dialects), the protocol loops and the game-file reader, each with
//! the properties every answer must have. Driven briefly by `cargo test` (`engine-tests/fuzz.rs`)
//! and at volume by `scripts/fuzz.sh` (`examples/fuzz.rs`). A panic anywhere is a finding; a
//! broken property is returned as `Err`.
//!
//! Inputs are made from real material (start positions, positions of random games, legal move
//! texts in every dialect, the built-in game files, valid protocol commands) by random edits,
//! plus pure noise, so that most of them get deep into the readers before anything is wrong.

use crate::game::Game;
use crate::notation::{format_move, parse_move};
use crate::position::fen::FenError;
use crate::position::{Inconsistency, Position};
use crate::protocol::squares::{move_to_usi, move_to_xb_legs, parse_xb_move, usi_move_to_ours};
use crate::protocol::{run_with, Out, Protocol};
use crate::random::Rng;
use crate::rules::legality::legal_move_list;
use crate::variant::Variant;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// The fuzz targets.
pub const TARGETS: &[&str] = &["fen", "moves", "protocol", "gamefile"];

/// Characters edits insert: the readers' own alphabet, separators, and some that break them
/// (multi-byte letters, controls).
const ALPHABET: &[char] = &[
    'a', 'b', 'k', 'p', 'x', 'z', 'K', 'P', 'Q', 'N', 'D', '+', '=', '(', ')', '/', ',', '~', '@', '-', '0', '1', '2',
    '9', ' ', '\t', '\'', '!', '*', 'é', 'ß', '字', '\u{0}', '\u{7f}', '"', '[', ']', '.', '#',
];

/// One random edit of `s`: replace, insert or delete a character, duplicate or cut a run, or
/// swap two runs.
pub fn mutate(s: &str, rng: &mut Rng) -> String {
    let mut c: Vec<char> = s.chars().collect();
    let pick = |rng: &mut Rng, n: usize| rng.below(n as u64 + 1) as usize;
    let any = |rng: &mut Rng| ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
    match rng.below(7) {
        0 if !c.is_empty() => {
            let i = pick(rng, c.len() - 1);
            c[i] = any(rng);
        }
        1 => {
            let i = pick(rng, c.len());
            c.insert(i, any(rng));
        }
        2 if !c.is_empty() => {
            let i = pick(rng, c.len() - 1);
            c.remove(i);
        }
        3 if !c.is_empty() => {
            let i = pick(rng, c.len() - 1);
            let j = (i + 1 + pick(rng, 8)).min(c.len());
            let run: Vec<char> = c[i..j].to_vec();
            let at = pick(rng, c.len());
            c.splice(at..at, run);
        }
        4 if !c.is_empty() => {
            let i = pick(rng, c.len() - 1);
            let j = (i + 1 + pick(rng, 8)).min(c.len());
            c.drain(i..j);
        }
        5 => {
            // A number where a number may be: huge, negative, or zero.
            let n = ["0", "-1", "99999999999", "18446744073709551616", "255", "26"][rng.below(6) as usize];
            let at = pick(rng, c.len());
            c.splice(at..at, n.chars());
        }
        _ => {
            let i = pick(rng, c.len());
            let j = pick(rng, c.len());
            let (a, b) = (i.min(j), i.max(j));
            c[a..b].reverse();
        }
    }
    c.into_iter().collect()
}

/// `s` after 0..=`max` edits.
fn mutated(s: &str, max: u64, rng: &mut Rng) -> String {
    let mut t = s.to_string();
    for _ in 0..rng.below(max + 1) {
        t = mutate(&t, rng);
    }
    t
}

/// Random text of up to `len` characters of the alphabet.
fn noise(len: u64, rng: &mut Rng) -> String {
    (0..rng.below(len + 1)).map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize]).collect()
}

/// The built-in games, loaded once.
fn games() -> &'static [Arc<Game>] {
    static G: OnceLock<Vec<Arc<Game>>> = OnceLock::new();
    G.get_or_init(|| Variant::builtin_names().iter().map(|n| Game::builtin(n).expect("built-in game")).collect())
}

fn pick_game(rng: &mut Rng) -> &'static Arc<Game> {
    let g = games();
    &g[rng.below(g.len() as u64) as usize]
}

/// A position of `v` after up to `plies` random legal moves from the start.
pub fn random_position(v: &Arc<Game>, plies: u64, rng: &mut Rng) -> Position {
    let mut pos = Position::start(v);
    for _ in 0..rng.below(plies + 1) {
        let legal = legal_move_list(&mut pos);
        let Some(&m) = legal.get(rng.below(legal.len() as u64) as usize) else { break };
        pos.make(m);
    }
    pos
}

// ----- FEN -----

/// A FEN input: a real FEN (start or a random game's) edited, or noise.
pub fn fen_input(rng: &mut Rng) -> (&'static Arc<Game>, String) {
    let v = pick_game(rng);
    let base = if rng.below(8) == 0 { noise(40, rng) } else { random_position(v, 30, rng).to_fen() };
    (v, mutated(&base, 4, rng))
}

/// A property a fuzz input broke. `game` is the game's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A FEN was accepted into an inconsistent position.
    FenInconsistent { game: String, fen: String, error: Inconsistency },
    /// The FEN written from an accepted FEN reads back as another.
    FenReadsOther { game: String, fen: String, out: String, back: String },
    /// The FEN written from an accepted FEN is refused (the error boxed: it holds the texts it
    /// names, and would make every finding as large).
    FenRefused { game: String, fen: String, out: String, error: Box<FenError> },
    /// A move text in a dialect was read as an illegal move.
    IllegalMove { game: String, dialect: Dialect, text: String, fen: String },
    /// A move's canonical text does not read back as the move.
    MoveText { game: String, text: String, back: String, fen: String },
    /// A protocol session wrote an output line of `length` bytes.
    LongLine { protocol: Option<Protocol>, length: usize, input: String },
    /// A game file gave an inconsistent start position.
    StartInconsistent { game: String, error: Inconsistency },
    /// A legal move of a game file's start position does not read back.
    StartMove { game: String, text: String },
    /// No fuzz target has this name.
    UnknownTarget(String),
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::FenInconsistent { game, fen, error } => {
                write!(f, "{game}: FEN {fen:?} accepted inconsistent: {error}")
            }
            Finding::FenReadsOther { game, fen, out, back } => {
                write!(f, "{game}: {fen:?} -> {out} reads back as {back}")
            }
            Finding::FenRefused { game, fen, out, error } => write!(f, "{game}: {fen:?} -> {out} is refused: {error}"),
            Finding::IllegalMove { game, dialect, text, fen } => {
                write!(f, "{game}: {dialect:?} {text:?} read as an illegal move in {fen}")
            }
            Finding::MoveText { game, text, back, fen } => {
                write!(f, "{game}: {text:?} -> {back} does not read back in {fen}")
            }
            Finding::LongLine { protocol, length, input } => {
                write!(f, "{protocol:?}: an output line of {length} characters for {input:?}")
            }
            Finding::StartInconsistent { game, error } => write!(f, "{game}: start position inconsistent: {error}"),
            Finding::StartMove { game, text } => write!(f, "{game}: move {text} does not read back at the start"),
            Finding::UnknownTarget(t) => write!(f, "unknown fuzz target '{t}' (targets: {})", TARGETS.join(", ")),
        }
    }
}

impl std::error::Error for Finding {}

/// A FEN is refused, or read into a consistent position whose FEN reads back the same.
pub fn check_fen(v: &Arc<Game>, fen: &str) -> Result<(), Finding> {
    let Ok(pos) = Position::from_fen(v, fen) else { return Ok(()) };
    let (game, fen) = (v.name.clone(), fen.to_string());
    pos.debug_check().map_err(|error| Finding::FenInconsistent { game: game.clone(), fen: fen.clone(), error })?;
    let out = pos.to_fen();
    match Position::from_fen(v, &out) {
        Ok(q) if q.to_fen() == out => Ok(()),
        Ok(q) => Err(Finding::FenReadsOther { game, fen, out, back: q.to_fen() }),
        Err(error) => Err(Finding::FenRefused { game, fen, out, error: Box::new(error) }),
    }
}

// ----- moves -----

/// Which move reader an input is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Ours,
    Usi,
    Xboard,
}

/// A move input: a random position of a random game, a dialect, and a legal move's text in
/// that dialect edited (or noise).
pub fn move_input(rng: &mut Rng) -> (Position, Dialect, String) {
    let v = pick_game(rng);
    let mut pos = random_position(v, 40, rng);
    let dialect = [Dialect::Ours, Dialect::Usi, Dialect::Xboard][rng.below(3) as usize];
    let legal = legal_move_list(&mut pos);
    let base = match legal.get(rng.below(legal.len() as u64 + 1) as usize) {
        None => noise(12, rng),
        Some(&m) => match dialect {
            Dialect::Ours => format_move(v, m),
            Dialect::Usi => move_to_usi(&mut pos, m),
            Dialect::Xboard => move_to_xb_legs(&v.shape, m).concat(),
        },
    };
    let text = mutated(&base, 3, rng);
    (pos, dialect, text)
}

/// A move text is refused, or read as a legal move whose own text reads back as it.
pub fn check_move(pos: &mut Position, dialect: Dialect, text: &str) -> Result<(), Finding> {
    let v = Arc::clone(pos.game());
    let ours = match dialect {
        Dialect::Ours => text.to_string(),
        Dialect::Usi => match usi_move_to_ours(&v.shape, text) {
            Ok(t) => t,
            Err(_) => return Ok(()),
        },
        Dialect::Xboard => match parse_xb_move(&v.shape, text) {
            Ok(m) => format!("{}{}", m.body, m.suffix),
            Err(_) => return Ok(()),
        },
    };
    let Ok(m) = parse_move(pos, &ours) else { return Ok(()) };
    if !legal_move_list(pos).contains(&m) {
        return Err(Finding::IllegalMove { game: v.name.clone(), dialect, text: text.into(), fen: pos.to_fen() });
    }
    let back = format_move(&v, m);
    match parse_move(pos, &back) {
        Ok(b) if b == m => Ok(()),
        _ => Err(Finding::MoveText { game: v.name.clone(), text: text.into(), back, fen: pos.to_fen() }),
    }
}

// ----- protocol loops -----

/// Valid commands of each dialect; inputs are sequences of these, edited. Searches are bounded
/// (depth 1, a few hundred nodes, a few milliseconds), so every session ends.
const UCI_LINES: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption name UCI_Variant value chu",
    "setoption name UCI_Variant value bigorra",
    "setoption name UCI_Variant value nutty",
    "setoption name UCI_Variant value scirocco",
    "setoption name UCI_Variant value typhoon",
    "setoption name Hash value 1",
    "setoption name Threads value 1",
    "setoption name MultiPV value 2",
    "setoption name Ponder value true",
    "setoption name Clear Hash",
    "position startpos",
    "position startpos moves f4f5 g9g8",
    "position startpos moves a2b2 m12l12 b2a2 l12m12",
    "position fen 12/12/12/12/12/4k7/4+e7/4N7/12/12/K11/12 w - 1",
    "go depth 1",
    "go nodes 200",
    "go movetime 5",
    "go wtime 50 btime 50 winc 0 binc 0",
    "go perft 1",
    "go mate 1",
    "go depth 1 ponder",
    "ponderhit",
    "stop",
    "d",
];

const USI_LINES: &[&str] = &[
    "usi",
    "isready",
    "usinewgame",
    "setoption name USI_Variant value chushogi",
    "setoption name USI_Variant value nutty",
    "setoption name USI_Hash value 1",
    "position startpos",
    "position startpos moves 7i7h 6d6e",
    "position sfen 12/12/12/12/12/4k7/4+e7/4N7/12/12/K11/12 b - 1",
    "go depth 1",
    "go nodes 200",
    "go btime 50 wtime 50 byoyomi 5",
    "go perft 1",
    "go mate 1",
    "stop",
    "gameover win",
    "d",
];

const XBOARD_LINES: &[&str] = &[
    "xboard",
    "protover 2",
    "new",
    "variant chu",
    "variant bigorra",
    "variant scirocco",
    "variant nutty",
    "force",
    "sd 1",
    "st 0.005",
    "level 40 0:01 0",
    "time 100",
    "otim 100",
    "post",
    "nopost",
    "usermove f4f5",
    "usermove e5e6,e6e7",
    "f4f5",
    "go",
    "playother",
    "?",
    "ping 3",
    "undo",
    "remove",
    "setboard 12/12/12/12/12/4k7/4+e7/4N7/12/12/K11/12 w 0 1",
    "analyze",
    "exit",
    "lift f4",
    "put f5",
    "memory 1",
    "cores 1",
    "option MultiPV=2",
    "result 1-0 {x}",
];

/// A protocol session: a dialect (or auto-detection) and 1..=24 command lines. Searches that
/// could run on (infinite, ponder without limits) are never generated; edits may still make
/// one unbounded, so every session ends with `stop` and the input's end.
pub fn protocol_input(rng: &mut Rng) -> (Option<Protocol>, String) {
    let (p, lines) = match rng.below(4) {
        0 => (Some(Protocol::Uci), UCI_LINES),
        1 => (Some(Protocol::Usi), USI_LINES),
        2 => (Some(Protocol::Xboard), XBOARD_LINES),
        _ => (None, [UCI_LINES, USI_LINES, XBOARD_LINES][rng.below(3) as usize]),
    };
    let mut text = String::new();
    if p.is_none() {
        text.push_str(lines[0]);
        text.push('\n');
    }
    // The smallest hash table first: a 64 MB table per session would make the run a page
    // fault benchmark.
    text.push_str(if lines == XBOARD_LINES {
        "memory 1\n"
    } else {
        "setoption name Hash value 1\nsetoption name USI_Hash value 1\n"
    });
    for _ in 0..1 + rng.below(24) {
        let l = lines[rng.below(lines.len() as u64) as usize];
        let l = if rng.below(3) == 0 { mutated(l, 3, rng) } else { l.to_string() };
        // An edit must not make a search unbounded ("go depth 1" -> "go depth 199999").
        let l = if l.starts_with("go") && !lines.contains(&l.as_str()) { "go depth 1".to_string() } else { l };
        text.push_str(&l.replace('\n', " "));
        text.push('\n');
    }
    text.push_str("stop\n");
    (p, text)
}

/// Collects a session's output.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().map(|mut v| v.extend_from_slice(b)).map_err(|_| std::io::ErrorKind::Other)?;
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs a whole session of `p` (or auto-detection) on `input` in this process, the input then
/// ending, and returns its output lines.
pub fn session_lines(p: Option<Protocol>, input: &str) -> Vec<String> {
    let sink = Sink::default();
    run_with(p, std::io::Cursor::new(input.as_bytes().to_vec()), Out::new(Box::new(sink.clone())));
    let out = sink.0.lock().map(|v| v.clone()).unwrap_or_default();
    String::from_utf8_lossy(&out).lines().map(str::to_string).collect()
}

/// Runs a session to its end; every output line is one line of bounded length.
pub fn check_protocol(p: Option<Protocol>, input: &str) -> Result<(), Finding> {
    match session_lines(p, input).iter().find(|l| l.chars().count() > 4000) {
        Some(l) => Err(Finding::LongLine { protocol: p, length: l.len(), input: input.into() }),
        None => Ok(()),
    }
}

// ----- game files -----

/// A game file: a built-in one with line and character edits (numbers, Betza strings, powers,
/// keys dropped or doubled).
pub fn gamefile_input(rng: &mut Rng) -> String {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    // The smaller games: each input is compiled, so Tai's 25x25 would dominate the time.
    let texts = TEXTS.get_or_init(|| {
        ["chu", "scirocco", "bigorra", "nutty", "typhoon"]
            .iter()
            .map(|g| Variant::builtin_source(g).expect("a built-in game").to_string())
            .collect()
    });
    let base = &texts[rng.below(texts.len() as u64) as usize];
    let mut lines: Vec<String> = base.lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(lines.len() as u64) as usize;
        match rng.below(4) {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            _ => lines[i] = mutated(&lines[i], 2, rng),
        }
    }
    lines.join("\n")
}

/// A game file is refused, or gives a game whose start position is consistent, reads back,
/// and has legal moves that all read back.
pub fn check_gamefile(text: &str) -> Result<(), Finding> {
    let Ok(v) = Game::from_toml(text) else { return Ok(()) };
    let v = Arc::new(v);
    let mut pos = Position::start(&v);
    pos.debug_check().map_err(|error| Finding::StartInconsistent { game: v.name.clone(), error })?;
    check_fen(&v, &pos.to_fen())?;
    for m in legal_move_list(&mut pos) {
        let t = format_move(&v, m);
        if parse_move(&mut pos, &t) != Ok(m) {
            return Err(Finding::StartMove { game: v.name.clone(), text: t });
        }
    }
    Ok(())
}

/// Runs inputs `first..first + n` of `target` (input `i` is made from `seed` and `i` alone, so
/// any one replays by itself); returns the property failures (panics propagate).
pub fn run(target: &str, seed: u64, first: u64, n: u64) -> Vec<String> {
    let mut failures = Vec::new();
    for i in first..first + n {
        // Input i's own stream, seeded from the run's (`Rng::new` says why not `seed ^ i * step`).
        let mut rng = Rng::new(Rng::at(seed, i));
        let r = match target {
            "fen" => {
                let (v, fen) = fen_input(&mut rng);
                check_fen(v, &fen)
            }
            "moves" => {
                let (mut pos, d, text) = move_input(&mut rng);
                check_move(&mut pos, d, &text)
            }
            "protocol" => {
                let (p, input) = protocol_input(&mut rng);
                check_protocol(p, &input)
            }
            "gamefile" => check_gamefile(&gamefile_input(&mut rng)),
            other => Err(Finding::UnknownTarget(other.into())),
        };
        if let Err(e) = r {
            failures.push(format!("input {i}: {e}"));
        }
    }
    failures
}
