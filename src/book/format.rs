//! The book's text format: one line per position, readable and editable by hand.
//!
//! ```text
//! # comment lines start with '#'; the builder's header says how the book was made
//! # variant: chu
//! start : f4f5 100 +23 9 | c4c5 71 +18 9
//! f4f5 : g9g8 100 -20 9 | h9h8 50 -27 9
//! f4f5 g9g8 : h3h4 100 +15 9 | f3g5 25 +2 -
//! ```
//!
//! Before the `:` the moves that reach the position from the game's start (`start` for the
//! start itself); after it the position's book moves separated by `|`, each `MOVE WEIGHT
//! [SCORE [DEPTH]]`: the weight (0 = never played), the score in centipawns for the side to
//! move (`#N` a win in N moves, `#-N` a loss; `-` unknown) and the depth it came from (`-`
//! unknown). Every move is checked when the book is read: the line's moves must be legal from
//! the start one after another, and its book moves legal in the position they reach. Errors
//! name the line.

use super::{position_key, Book, Candidate, Entry, Item};
use crate::game::Game;
use crate::moves::Move;
use crate::notation::{format_move, parse_move, MoveError};
use crate::position::Position;
use crate::rules::legality::legal_move_list;
use crate::search::Score;
use std::fmt;
use std::sync::Arc;

/// A book text that could not be read: the line (1-based) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    pub line: usize,
    pub message: LineError,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BookError {}

/// What is wrong with one line of a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// No `:` between the path and the book moves.
    NoColon,
    /// Nothing before the `:`.
    NoPath,
    /// Book move N (1-based) is not `MOVE WEIGHT [SCORE [DEPTH]]`.
    Candidate(usize, CandidateError),
    /// Move N (1-based) of the path cannot be played.
    PathMove(usize, Box<MoveError>),
    /// Book move N (1-based) is not a legal move in the position.
    BookMove(usize, Box<MoveError>),
    /// Book move `index` (`text`) repeats book move `first` (both 1-based).
    SameMove { index: usize, text: String, first: usize },
    /// A `# variant:` line names another game.
    OtherGame { declared: String, game: String },
    /// The line's position is already the one of line N.
    SamePosition(usize),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NoColon => f.write_str("expected 'MOVES : MOVE WEIGHT SCORE DEPTH | ...' (no ':' on the line)"),
            LineError::NoPath => write!(f, "nothing before ':' (write '{START}' for the start position)"),
            LineError::Candidate(i, e) => write!(f, "book move {i}: {e}"),
            LineError::PathMove(i, e) => write!(f, "move {i} of the line: {e}"),
            LineError::BookMove(i, e) => write!(f, "book move {i}: {e}"),
            LineError::SameMove { index, text, first } => {
                write!(f, "book move {index} ({text}) is the same move as book move {first}")
            }
            LineError::OtherGame { declared, game } => write!(f, "this book is for '{declared}', not '{game}'"),
            LineError::SamePosition(first) => write!(f, "the same position as line {first} (one line per position)"),
        }
    }
}

impl std::error::Error for LineError {}

/// A book move that is not `MOVE WEIGHT [SCORE [DEPTH]]` (syntax only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CandidateError {
    Empty,
    NoWeight(String),
    TooManyWords(String),
    Weight(String),
    Score(String),
    Depth(String),
}

impl fmt::Display for CandidateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CandidateError::Empty => f.write_str("empty (no move between the separators)"),
            CandidateError::NoWeight(m) => write!(f, "'{m}' has no weight (MOVE WEIGHT [SCORE [DEPTH]])"),
            CandidateError::TooManyWords(t) => write!(f, "'{t}' has too many words (MOVE WEIGHT [SCORE [DEPTH]])"),
            CandidateError::Weight(w) => write!(f, "weight '{w}' is not a whole number from 0"),
            CandidateError::Score(s) => {
                write!(f, "score '{s}' is not centipawns (+15, -3), a mate (#4, #-2) or '-'")
            }
            CandidateError::Depth(d) => write!(f, "depth '{d}' is not a whole number (or '-')"),
        }
    }
}

/// The word that stands for the game's start position before the `:`.
pub const START: &str = "start";

/// A book move as written, before it is checked against the position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RawCandidate {
    text: String,
    weight: u32,
    score: Option<Score>,
    depth: Option<u32>,
}

/// Reads one entry line into its path and book moves (syntax only).
fn parse_line(line: &str) -> Result<(Vec<String>, Vec<RawCandidate>), LineError> {
    let (path, moves) = line.split_once(':').ok_or(LineError::NoColon)?;
    let path: Vec<String> = match path.trim() {
        START => Vec::new(),
        "" => return Err(LineError::NoPath),
        p => p.split_whitespace().map(String::from).collect(),
    };
    let mut out = Vec::new();
    for (i, c) in moves.split('|').enumerate() {
        out.push(parse_candidate(c).map_err(|e| LineError::Candidate(i + 1, e))?);
    }
    Ok((path, out))
}

fn parse_candidate(text: &str) -> Result<RawCandidate, CandidateError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.len() {
        0 => return Err(CandidateError::Empty),
        1 => return Err(CandidateError::NoWeight(words[0].into())),
        2..=4 => {}
        _ => return Err(CandidateError::TooManyWords(text.trim().into())),
    }
    let weight = words[1].parse::<u32>().map_err(|_| CandidateError::Weight(words[1].into()))?;
    let score = match words.get(2) {
        None | Some(&"-") => None,
        Some(s) => Some(parse_score(s).ok_or_else(|| CandidateError::Score(s.to_string()))?),
    };
    let depth = match words.get(3) {
        None | Some(&"-") => None,
        Some(d) => Some(d.parse::<u32>().map_err(|_| CandidateError::Depth(d.to_string()))?),
    };
    Ok(RawCandidate { text: words[0].to_string(), weight, score, depth })
}

/// `+15`, `-3`, `#4`, `#-2` (not `#0`).
fn parse_score(s: &str) -> Option<Score> {
    match s.strip_prefix('#') {
        Some(n) => n.parse::<i32>().ok().filter(|&n| n != 0).map(Score::Mate),
        None => s.parse::<i32>().ok().map(Score::Cp),
    }
}

/// A score as the book writes it: `+15`, `-3`, `0`, `#4`, `#-2`.
pub fn format_score(s: Option<Score>) -> String {
    match s {
        None => "-".into(),
        Some(Score::Cp(c)) if c > 0 => format!("+{c}"),
        Some(Score::Cp(c)) => c.to_string(),
        Some(Score::Mate(n)) => format!("#{n}"),
    }
}

/// An entry's line in the book's text (without the newline).
pub fn format_entry(e: &Entry) -> String {
    let path = if e.path.is_empty() { START.to_string() } else { e.path.join(" ") };
    let moves: Vec<String> = e
        .moves
        .iter()
        .map(|c| {
            let depth = c.depth.map_or("-".to_string(), |d| d.to_string());
            format!("{} {} {} {depth}", c.text, c.weight, format_score(c.score))
        })
        .collect();
    format!("{path} : {}", moves.join(" | "))
}

/// Finds the legal move a text names: the canonical text first (one pass over `legal`), any
/// other accepted form through the notation reader.
fn read_move(pos: &mut Position, legal: &[Move], text: &str) -> Result<Move, MoveError> {
    let v = Arc::clone(pos.game());
    if let Some(&m) = legal.iter().find(|&&m| format_move(&v, m) == text) {
        return Ok(m);
    }
    parse_move(pos, text)
}

/// Plays the moves of `path` from the start of `v`, checking each. Returns the position and
/// the canonical texts. The error names the move (1-based) that failed.
pub fn replay(v: &Arc<Game>, path: &[String]) -> Result<(Position, Vec<String>), LineError> {
    let mut pos = Position::start(v);
    let mut canonical = Vec::with_capacity(path.len());
    for (i, text) in path.iter().enumerate() {
        let m = parse_move(&mut pos, text).map_err(|e| LineError::PathMove(i + 1, Box::new(e)))?;
        canonical.push(format_move(v, m));
        pos.make(m);
    }
    Ok((pos, canonical))
}

/// Checks one entry line against the game and makes its entry and position key.
fn read_entry(v: &Arc<Game>, line: &str, number: usize) -> Result<(String, Entry), LineError> {
    let (path, raw) = parse_line(line)?;
    let (mut pos, path) = replay(v, &path)?;
    let legal = legal_move_list(&mut pos);
    let mut moves: Vec<Candidate> = Vec::with_capacity(raw.len());
    for (i, r) in raw.into_iter().enumerate() {
        let mv = read_move(&mut pos, &legal, &r.text).map_err(|e| LineError::BookMove(i + 1, Box::new(e)))?;
        if let Some(j) = moves.iter().position(|c| c.mv == mv) {
            return Err(LineError::SameMove { index: i + 1, text: r.text, first: j + 1 });
        }
        moves.push(Candidate { mv, text: format_move(v, mv), weight: r.weight, score: r.score, depth: r.depth });
    }
    Ok((position_key(&pos), Entry { path, moves, line: number }))
}

/// The game a comment line says the book is for (`# variant: NAME`), if it says.
fn declared_variant(line: &str) -> Option<&str> {
    line.strip_prefix('#')?.trim().strip_prefix("variant:").map(str::trim)
}

/// The game a book's text says it is for (its first `# variant: NAME` line), if it says.
pub fn declared_game(text: &str) -> Option<&str> {
    text.lines().find_map(|l| declared_variant(l.trim()))
}

impl Book {
    /// Reads and checks a book's text for `v`. Every line is replayed; the first problem is
    /// returned with its line number.
    pub fn from_text(v: &Arc<Game>, text: &str) -> Result<Book, BookError> {
        let mut book = Book::new(v);
        for (i, raw) in text.lines().enumerate() {
            let number = i + 1;
            let line = raw.trim();
            let err = |message: LineError| BookError { line: number, message };
            if line.is_empty() || line.starts_with('#') {
                if let Some(name) = declared_variant(line) {
                    if name != v.name {
                        return Err(err(LineError::OtherGame { declared: name.into(), game: v.name.clone() }));
                    }
                }
                if book.is_empty() {
                    book.header.push(line.to_string());
                } else {
                    book.body.push(Item::Comment(line.to_string()));
                }
                continue;
            }
            let (key, entry) = read_entry(v, line, number).map_err(err)?;
            if let Err(first) = book.insert(key, entry) {
                return Err(err(LineError::SamePosition(first)));
            }
        }
        // Blank lines between the header and the first entry belong to neither.
        while book.header.last().is_some_and(String::is_empty) {
            book.header.pop();
        }
        Ok(book)
    }

    /// The book as text: its header, then its entries and comments in order.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for h in &self.header {
            s.push_str(h);
            s.push('\n');
        }
        if !self.header.is_empty() {
            s.push('\n');
        }
        for item in &self.body {
            match item {
                Item::Comment(c) => s.push_str(c),
                Item::Entry(i) => s.push_str(&format_entry(&self.entries[*i])),
            }
            s.push('\n');
        }
        s
    }
}
