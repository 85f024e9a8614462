//! Opening books: for each position the book knows, the moves to play there with their weights
//! and, where known, the score and search depth they came from.
//!
//! A front-end module: it uses the rules core and the search (the builder), and nothing below
//! it imports it. `format` reads and writes the text files (`book/<game>.txt`), `build` makes
//! and grows them from Kyodai's own analysis, `lines` turns a book into openings for matches.
//!
//! Positions are looked up by [`position_key`], the FEN without its move counters, so a
//! position reached by another move order (a transposition) finds its entry.

pub mod build;
pub mod format;
pub mod lines;

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::legality::legal_move_list;
use crate::search::{Score, MATE};
use crate::variant::FenField;
use std::collections::HashMap;
use std::sync::Arc;

/// One book move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    /// The move in our canonical notation.
    pub text: String,
    /// How often to play it relative to the position's other moves; 0: known but never played.
    pub weight: u32,
    /// The search's score for the side to move, when known.
    pub score: Option<Score>,
    /// The depth of that score, when known.
    pub depth: Option<u32>,
}

/// A book position: how it is reached from the start, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The moves from the game's start to this position, canonical text.
    pub path: Vec<String>,
    pub moves: Vec<Candidate>,
    /// The line of the file it was read from (0 when it was not read from a file).
    pub line: usize,
}

impl Candidate {
    /// What the book says about the move, after its text: ` weight 100 score cp 23 depth 10`
    /// (score and depth when known).
    pub fn details(&self) -> String {
        let mut s = format!(" weight {}", self.weight);
        if let Some(score) = self.score {
            s.push_str(&format!(" score {score}"));
        }
        if let Some(d) = self.depth {
            s.push_str(&format!(" depth {d}"));
        }
        s
    }
}

impl Entry {
    /// The number of plies from the start.
    pub fn ply(&self) -> usize {
        self.path.len()
    }

    fn total_weight(&self) -> u64 {
        self.moves.iter().map(|c| c.weight as u64).sum()
    }
}

/// What a book file holds besides its entries, in file order: comment lines and entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Comment(String),
    Entry(usize),
}

/// A book for one game: entries indexed by position.
#[derive(Clone, Debug)]
pub struct Book {
    game: Arc<Game>,
    entries: Vec<Entry>,
    index: HashMap<String, usize>,
    /// Comment lines before the first entry.
    pub header: Vec<String>,
    /// Comment lines and entries after the header, in file order.
    pub body: Vec<Item>,
}

impl Book {
    /// An empty book for `variant`.
    pub fn new(game: &Arc<Game>) -> Book {
        Book {
            game: Arc::clone(game),
            entries: Vec::new(),
            index: HashMap::new(),
            header: Vec::new(),
            body: Vec::new(),
        }
    }

    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Whether the book has an entry for the position with this key.
    pub fn contains_key(&self, key: &str) -> bool {
        self.index.contains_key(key)
    }

    /// The entry for the position with this key.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.index.get(key).map(|&i| &self.entries[i])
    }

    /// Adds the entry of the position `key`. Refused (with the line of the entry already
    /// there) when the book has that position.
    pub fn insert(&mut self, key: String, entry: Entry) -> Result<(), usize> {
        if let Some(&i) = self.index.get(&key) {
            return Err(self.entries[i].line);
        }
        self.index.insert(key, self.entries.len());
        self.body.push(Item::Entry(self.entries.len()));
        self.entries.push(entry);
        Ok(())
    }

    /// The book's entry for `pos`, whatever move order reached it.
    pub fn probe(&self, pos: &Position) -> Option<&Entry> {
        self.get(&position_key(pos))
    }

    /// The move to play in `pos`, if the book has one that is legal here (history included):
    /// the highest weight with `best`, otherwise drawn by weight with `random` (any number; a
    /// seeded generator's output makes the choice repeatable). Moves of weight 0 are never
    /// played.
    pub fn choose(&self, pos: &mut Position, random: u64, best: bool) -> Option<&Candidate> {
        let entry = self.probe(pos)?;
        let legal = legal_move_list(pos);
        let playable: Vec<&Candidate> = entry.moves.iter().filter(|c| c.weight > 0 && legal.contains(&c.mv)).collect();
        if best {
            // First of the highest weight: the file lists moves best first.
            let top = playable.iter().map(|c| c.weight).max()?;
            return playable.into_iter().find(|c| c.weight == top);
        }
        let total: u64 = playable.iter().map(|c| c.weight as u64).sum();
        if total == 0 {
            return None;
        }
        let mut r = random % total;
        for c in playable {
            if r < c.weight as u64 {
                return Some(c);
            }
            r -= c.weight as u64;
        }
        None
    }

    /// The main line: from the start, the book's best move (highest weight) as long as the
    /// position is in the book (and new: a hand-made cycle of book moves ends it).
    pub fn main_line(&self) -> Vec<String> {
        self.main_line_moves().0.iter().map(|&m| crate::notation::format_move(&self.game, m)).collect()
    }

    /// The main line's moves, and how likely the line is when every book position's move is
    /// drawn by weight (the product of the moves' weight shares).
    pub(crate) fn main_line_moves(&self) -> (Vec<Move>, f64) {
        let mut pos = Position::start(&self.game);
        let (mut line, mut probability) = (Vec::new(), 1.0);
        let mut seen = std::collections::HashSet::new();
        while seen.insert(position_key(&pos)) {
            let Some(c) = self.choose(&mut pos, 0, true) else { break };
            let total = self.probe(&pos).map_or(1, Entry::total_weight);
            probability *= c.weight as f64 / total.max(1) as f64;
            line.push(c.mv);
            pos.make(c.mv);
        }
        (line, probability)
    }
}

/// A line of moves from the start waiting in a best-first queue (the builder's, the openings'):
/// the most likely first; ties go to fewer plies, then to the lower moves, so the order never
/// depends on the machine.
pub(crate) struct Likely {
    pub probability: f64,
    pub path: Vec<Move>,
}

impl PartialEq for Likely {
    fn eq(&self, o: &Likely) -> bool {
        self.cmp(o) == std::cmp::Ordering::Equal
    }
}
impl Eq for Likely {}
impl PartialOrd for Likely {
    fn partial_cmp(&self, o: &Likely) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Likely {
    fn cmp(&self, o: &Likely) -> std::cmp::Ordering {
        self.probability
            .total_cmp(&o.probability)
            .then_with(|| o.path.len().cmp(&self.path.len()))
            .then_with(|| o.path.cmp(&self.path))
    }
}

/// The key of a position in a book: its FEN without the move counters (half-move clock and
/// move number), so every way of reaching the same position finds the same entry.
pub fn position_key(pos: &Position) -> String {
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let mut key = fields[..2.min(fields.len())].join(" ");
    for (i, f) in pos.variant().fen.fields.iter().enumerate() {
        if !matches!(f, FenField::Halfmove | FenField::Fullmove) {
            if let Some(text) = fields.get(2 + i) {
                key.push(' ');
                key.push_str(text);
            }
        }
    }
    key
}

/// A score as one number to compare lines: centipawns, wins above and losses below them,
/// nearer ones further out.
pub fn score_value(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
        Score::Mate(n) => -MATE + 2 * (-n),
    }
}

/// The weight of a move `behind` centipawns worse than the best within a margin of `margin`:
/// 100 for the best, halved for every third of the margin it falls behind, at least 1 (so the
/// worst kept move, a whole margin behind, gets 12 or 13).
pub fn weight_for(behind: i32, margin: i32) -> u32 {
    if behind <= 0 || margin <= 0 {
        return 100;
    }
    let halvings = behind as f64 * 3.0 / margin as f64;
    (100.0 * 0.5f64.powf(halvings)).round().max(1.0) as u32
}

/// The text of the book shipped for a built-in game (embedded in the binary), if it has one.
/// Every built-in game has one (the test `every_shipped_book_is_legal_and_big_enough` says so).
pub fn shipped_text(game: &str) -> Option<&'static str> {
    BOOKS.iter().find(|(g, _)| *g == game).map(|(_, text)| *text)
}

// `BOOKS`: every `book/<game>.txt`, embedded by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/books.rs"));

/// The book shipped for `variant` (by its name), read and checked.
pub fn shipped(variant: &Arc<Game>) -> Option<Result<Book, format::BookError>> {
    shipped_text(&variant.name).map(|t| Book::from_text(variant, t))
}

/// The book shipped for `variant`, read once per process and shared (the protocols ask before
/// every search). A built-in book that does not fit the game (rule options that make one of
/// its moves illegal) is left out, with a warning in the log.
pub fn shipped_shared(variant: &Arc<Game>) -> Option<Arc<Book>> {
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Arc<Book>>>>> = OnceLock::new();
    let key = format!("{} {}", variant.name, variant.start_fen);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(b) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return b;
    }
    let book = match shipped(variant)? {
        Ok(b) => Some(Arc::new(b)),
        Err(e) => {
            log::warn!("the built-in {} book does not fit this game ({e}); playing without it", variant.name);
            None
        }
    };
    if let Ok(mut c) = cache.lock() {
        c.insert(key, book.clone());
    }
    book
}

#[cfg(test)]
mod tests;
