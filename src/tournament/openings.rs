//! Openings: `--openings file=F [format=lines|fen|pgn|book] [order=random|sequential] [plies=N]
//! [start=N]` and, for games with array freedom (Scirocco, Typhoon), `--setup random|N|SPEC`.
//!
//! - `lines`: one opening per line, moves in our notation from the start position (move
//!   numbers like `1.` are skipped; `#` starts a comment line);
//! - `fen`: one start position per line;
//! - `pgn`: each game's start (its FEN tag) and moves;
//! - `book`: an opening book (`book/<game>.txt`; without `file=`, the game's book built into
//!   the binary): every line of book moves to `plies` plies (default 8) or to where the book
//!   ends, most likely first (`crate::book::lines`).
//!
//! Every opening is replayed when the file is read, so a bad line is reported at once with
//! its number. The opening of a game is chosen from its slot number and `--seed` alone, so a
//! shard of a match plays the same openings as the whole match would.

use super::referee::{replay, setup_count, setup_fen, start_fen, start_position, BadFen, ReplayError};
use crate::book::format::BookError;
use crate::game::Game;
use crate::pgn::{read_pgn, PgnError};
use crate::random::Rng;
use crate::variant::setup::SetupSpecError;
use crate::variant::Variant;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Lines,
    Fen,
    Pgn,
    Book,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Sequential,
    Random,
}

/// Where each game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The game's standard start.
    Standard,
    /// Start arrays: a fixed one, or one drawn per opening slot.
    Setup { fixed: Option<String>, count: usize },
    /// Openings from a file.
    Book { openings: Vec<Opening>, order: Order, start: usize },
}

/// One opening: the start FEN (`None` for the standard start) and moves to play from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Why the `--openings` words are refused.
#[derive(Debug)]
pub enum OpeningsError {
    NotKeyValue(String),
    Plies(String),
    Start(String),
    UnknownSetting(String),
    /// The game has no built-in book and no file was given.
    NoBuiltIn(String),
    NoFile,
    Read {
        file: String,
        error: std::io::Error,
    },
    /// The file (or built-in book) has a bad opening.
    File {
        file: String,
        error: ReadError,
    },
    /// The file has no opening at all.
    Empty(String),
}

impl std::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpeningsError::NotKeyValue(w) => write!(f, "--openings: '{w}' is not KEY=VALUE"),
            OpeningsError::Plies(n) => write!(f, "--openings: plies={n}"),
            OpeningsError::Start(n) => write!(f, "--openings: start={n}"),
            OpeningsError::UnknownSetting(w) => write!(
                f,
                "--openings: unknown setting '{w}' (file, format=lines|fen|pgn|book, order=random|sequential, plies, start)"
            ),
            OpeningsError::NoBuiltIn(game) => write!(f, "--openings: no book is built in for {game}; give file=FILE"),
            OpeningsError::NoFile => f.write_str("--openings needs file=FILE"),
            OpeningsError::Read { file, error } => write!(f, "cannot read openings file {file}: {error}"),
            OpeningsError::File { file, error } => write!(f, "openings file {file}: {error}"),
            OpeningsError::Empty(file) => write!(f, "openings file {file} has no opening"),
        }
    }
}

impl std::error::Error for OpeningsError {}

/// A bad opening in a file's text; `place` is `line N` or `game N`.
#[derive(Clone, Debug)]
pub enum ReadError {
    Book(BookError),
    Pgn(PgnError),
    /// Boxed: a FEN error holds the texts it names, and would make every result of the
    /// reader as large.
    Fen {
        place: String,
        error: Box<BadFen>,
    },
    Replay {
        place: String,
        error: ReplayError,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Book(e) => write!(f, "{e}"),
            ReadError::Pgn(e) => write!(f, "{e}"),
            ReadError::Fen { place, error } => write!(f, "{place}: {error}"),
            ReadError::Replay { place, error } => write!(f, "{place}: {error}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the `--openings` words.
pub fn parse_book(v: &Arc<Game>, words: &[String]) -> Result<Source, OpeningsError> {
    let (mut file, mut format, mut order, mut plies, mut start) = (None, Format::Lines, Order::Sequential, None, 1);
    for w in words {
        let (k, val) = w.split_once('=').ok_or_else(|| OpeningsError::NotKeyValue(w.clone()))?;
        match (k, val) {
            ("file", f) => file = Some(f.to_string()),
            ("format", "lines") => format = Format::Lines,
            ("format", "fen" | "epd") => format = Format::Fen,
            ("format", "pgn") => format = Format::Pgn,
            ("format", "book") => format = Format::Book,
            ("order", "sequential") => order = Order::Sequential,
            ("order", "random") => order = Order::Random,
            ("plies", n) => plies = Some(n.parse::<usize>().map_err(|_| OpeningsError::Plies(n.into()))?),
            ("start", n) => {
                start = n.parse::<usize>().ok().filter(|&s| s > 0).ok_or_else(|| OpeningsError::Start(n.into()))?;
            }
            _ => return Err(OpeningsError::UnknownSetting(w.clone())),
        }
    }
    let (file, text) = match (file, format) {
        (Some(f), _) => {
            let text = std::fs::read_to_string(&f).map_err(|error| OpeningsError::Read { file: f.clone(), error })?;
            (f, text)
        }
        (None, Format::Book) => match crate::book::shipped_text(&v.name) {
            Some(t) => (format!("(the built-in {} book)", v.name), t.to_string()),
            None => return Err(OpeningsError::NoBuiltIn(v.name.clone())),
        },
        (None, _) => return Err(OpeningsError::NoFile),
    };
    let openings = match read_book(v, &text, format, plies) {
        Ok(o) => o,
        Err(error) => return Err(OpeningsError::File { file, error }),
    };
    if openings.is_empty() {
        return Err(OpeningsError::Empty(file));
    }
    Ok(Source::Book { openings, order, start })
}

/// Parses and checks the openings of a file's text.
pub fn read_book(v: &Arc<Game>, text: &str, format: Format, plies: Option<usize>) -> Result<Vec<Opening>, ReadError> {
    let mut out = Vec::new();
    let standard = start_fen(v);
    let mut push = |fen: Option<String>, mut moves: Vec<String>, place: String| -> Result<(), ReadError> {
        if let Some(p) = plies {
            moves.truncate(p);
        }
        let start = match start_position(v, fen.as_deref()) {
            Ok(s) => s,
            Err(error) => return Err(ReadError::Fen { place, error: Box::new(error) }),
        };
        let (_, canonical) = replay(start, &moves).map_err(|error| ReadError::Replay { place, error })?;
        out.push(Opening { fen: fen.filter(|f| *f != standard), moves: canonical });
        Ok(())
    };
    match format {
        Format::Book => {
            let book = crate::book::Book::from_text(v, text).map_err(ReadError::Book)?;
            for line in crate::book::lines::openings(&book, plies.unwrap_or(8)) {
                out.push(Opening { fen: None, moves: line.moves });
            }
        }
        Format::Pgn => {
            for (i, g) in read_pgn(text).map_err(ReadError::Pgn)?.into_iter().enumerate() {
                push(g.tag("FEN").map(str::to_string), g.moves, format!("game {}", i + 1))?;
            }
        }
        Format::Lines | Format::Fen => {
            for (n, line) in text.lines().enumerate() {
                let l = line.trim();
                if l.is_empty() || l.starts_with('#') {
                    continue;
                }
                let place = format!("line {}", n + 1);
                if format == Format::Fen {
                    push(Some(l.to_string()), Vec::new(), place)?;
                } else {
                    let moves = l
                        .split_whitespace()
                        .filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
                        .map(String::from)
                        .collect();
                    push(None, moves, place)?;
                }
            }
        }
    }
    Ok(out)
}

/// Why `--setup` is refused.
#[derive(Clone, Debug)]
pub enum SetupChoiceError {
    /// The game (its title) has no array freedom.
    OnlyDefault(String),
    Array(SetupSpecError),
}

impl std::fmt::Display for SetupChoiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupChoiceError::OnlyDefault(title) => write!(f, "--setup: {title} has only its default array"),
            SetupChoiceError::Array(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SetupChoiceError {}

/// Reads `--setup random|N|SPEC` for a game with array freedom.
pub fn parse_setup(v: &Variant, spec: &str) -> Result<Source, SetupChoiceError> {
    let count = setup_count(v);
    if v.setup.is_none() {
        return Err(SetupChoiceError::OnlyDefault(v.title.clone()));
    }
    if spec == "random" {
        return Ok(Source::Setup { fixed: None, count });
    }
    Ok(Source::Setup { fixed: Some(setup_fen(v, spec).map_err(SetupChoiceError::Array)?), count })
}

/// Random arrays are dealt like cards, without putting one back, while a game has at most this
/// many: a match of up to that many opening slots then never plays an array twice (drawn
/// independently, 100 slots from Scirocco's 512 arrays repeated about 10). Beyond it each slot
/// draws on its own: repeats are as rare as the arrays are many.
const DEALT_SETUPS: usize = 1 << 16;

/// A permutation of `0..n` drawn from `seed` (Fisher-Yates).
fn permutation(n: usize, seed: u64) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    let mut rng = Rng::new(seed);
    for i in (1..n).rev() {
        p.swap(i, rng.index(i + 1));
    }
    p
}

impl Source {
    /// How many different starts this source gives (the standard start and a fixed array: one).
    pub fn distinct(&self) -> usize {
        match self {
            Source::Standard | Source::Setup { fixed: Some(_), .. } => 1,
            Source::Setup { fixed: None, count } => *count,
            Source::Book { openings, .. } => openings.len(),
        }
    }

    /// Whether a match of `slots` opening slots plays some of these openings more than once.
    /// Not said of the standard start or a fixed array, which the user asked for every game.
    pub fn reused(&self, slots: usize) -> bool {
        matches!(self, Source::Setup { fixed: None, .. } | Source::Book { .. }) && slots > self.distinct()
    }

    /// The opening of slot `slot` (0-based), from `seed` alone.
    pub fn opening(&self, v: &Variant, slot: usize, seed: u64) -> Result<Opening, SetupSpecError> {
        match self {
            Source::Standard => Ok(Opening { fen: None, moves: Vec::new() }),
            Source::Setup { fixed: Some(f), .. } => Ok(Opening { fen: Some(f.clone()), moves: Vec::new() }),
            Source::Setup { fixed: None, count } => {
                let index = if *count <= DEALT_SETUPS {
                    permutation(*count, seed)[slot % count]
                } else {
                    Rng::new(seed ^ (slot as u64).wrapping_mul(0xA24B_AED4_963E_E407)).index(*count)
                };
                let fen = setup_fen(v, &index.to_string())?;
                Ok(Opening { fen: (fen != v.start_fen).then_some(fen), moves: Vec::new() })
            }
            Source::Book { openings, order, start } => {
                let i = (start - 1 + slot) % openings.len();
                let i = match order {
                    Order::Sequential => i,
                    Order::Random => permutation(openings.len(), seed)[i],
                };
                Ok(openings[i].clone())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_checked_and_chosen_deterministically() {
        let chu = Game::builtin("chu").unwrap();
        let book = read_book(&chu, "# comment\n1. f4f5 g9g8\n\nf4f5 g9g8 2. e4e5\n", Format::Lines, None).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(book[1].moves, vec!["f4f5", "g9g8", "e4e5"]);
        let cut = read_book(&chu, "f4f5 g9g8 e4e5\n", Format::Lines, Some(1)).unwrap();
        assert_eq!(cut[0].moves, vec!["f4f5"]);
        let e = read_book(&chu, "f4f5\nf4f5 f4f5\n", Format::Lines, None).unwrap_err();
        assert!(matches!(&e, ReadError::Replay { place, .. } if place == "line 2"), "{e}");
        assert!(e.to_string().starts_with("line 2: move 2 (f4f5)"), "{e}");
        let src = Source::Book { openings: book.clone(), order: Order::Sequential, start: 2 };
        assert_eq!(src.opening(&chu, 0, 1).unwrap(), book[1]);
        assert_eq!(src.opening(&chu, 1, 1).unwrap(), book[0]);
        assert!(!src.reused(2) && src.reused(3), "two lines, three slots");
        let p = permutation(10, 7);
        assert_eq!(p, permutation(10, 7));
        let mut sorted = p.clone();
        sorted.sort();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn setups_draw_arrays_per_slot() {
        let sc = Game::builtin("scirocco").unwrap();
        let src = parse_setup(&sc, "random").unwrap();
        let a = src.opening(&sc, 3, 42).unwrap();
        assert_eq!(a, src.opening(&sc, 3, 42).unwrap());
        // Dealt without putting back: 512 slots give the 512 arrays (the default one as `None`).
        let fens: std::collections::HashSet<_> = (0..512).map(|s| src.opening(&sc, s, 42).unwrap().fen).collect();
        assert_eq!(fens.len(), 512, "512 slots deal every array once");
        assert_eq!(src.opening(&sc, 512 + 3, 42).unwrap(), a, "then the deal starts again");
        assert_ne!(src.opening(&sc, 3, 43).unwrap(), a, "another seed, another deal");
        assert!(!src.reused(512) && src.reused(513));
        assert!(!parse_setup(&sc, "5").unwrap().reused(1000), "a fixed array is asked for every game");
        assert!(!Source::Standard.reused(1000));
        assert!(parse_setup(&Game::builtin("chu").unwrap(), "random").is_err());
        assert!(parse_setup(&sc, "5").is_ok() && parse_setup(&sc, "9999").is_err());
    }
}
