//! Array freedom: games whose players may exchange pairs of start squares (Scirocco 2009:
//! Chariot–Wagon, Alfil–Dabbaba, ...), with the second player's array following from the
//! first player's by rotation or mirror symmetry.
//!
//! The data file names the pairs (first-player squares) and the symmetries; the default start
//! position fixes what stands where. A setup is chosen by a spec: the IDs of the pieces that go
//! on the left square of their pair (`WA D mirror`), `default`, or an index `0..count()`
//! (bit i: pair i exchanged; the bits above choose the symmetry).

use super::placement::{self, Placed};
use super::{KindId, Orientation, Variant};
use crate::geometry::{BoardShape, Color, SquareError};
use serde::Deserialize;
use std::fmt;

/// Why a `[setup]` table, or a setup spec, names no array. `pair` is a pair as the table
/// writes it (`"a1 j1"`), `square` a square's name, `token` a word of a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The table names no symmetry.
    NoSymmetry,
    /// The table has this many pairs, not 1 to 20.
    PairCount(usize),
    /// A pair that is not two square names.
    NotTwoSquares {
        /// The pair.
        pair: String,
    },
    /// A square of a pair that cannot be read.
    Square {
        /// The pair.
        pair: String,
        /// Why the square cannot be read.
        error: SquareError,
    },
    /// A square in two pairs.
    InTwoPairs {
        /// The second pair that names it.
        pair: String,
        /// The square.
        square: String,
    },
    /// A pair's square that holds a second-player piece.
    SecondPlayerPiece {
        /// The pair.
        pair: String,
        /// The square.
        square: String,
    },
    /// A pair both of whose squares are empty at the start.
    BothEmpty {
        /// The pair.
        pair: String,
    },
    /// The start position is not the first player's array under the first symmetry.
    NotTheStart {
        /// The first symmetry's name.
        symmetry: &'static str,
    },
    /// The symmetry's image of a first-player square is occupied.
    ImageOccupied {
        /// The symmetry's name.
        symmetry: &'static str,
        /// The square whose image it is.
        square: String,
    },
    /// A setup number too large to read.
    NumberTooLarge(String),
    /// A setup number past the last array (`last`).
    OutOfRange {
        /// The number.
        index: usize,
        /// The last array's number.
        last: usize,
    },
    /// A spec that names the symmetry twice.
    SymmetryTwice(String),
    /// A spec that names a pair twice.
    PairTwice(String),
    /// A word of a spec that is no symmetry and no piece of exactly one pair.
    NotAChoice {
        /// The word.
        token: String,
        /// The game's symmetries, comma-separated.
        symmetries: String,
        /// Its pairs' pieces (`CH/W`, ...), comma-separated.
        pairs: String,
    },
    /// A game without array freedom (its title), asked for another array than its default.
    OnlyDefault(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoSymmetry => f.write_str("'symmetries' must name at least one of rotate, mirror"),
            SetupError::PairCount(n) => write!(f, "{n} pairs; between 1 and 20 are allowed"),
            SetupError::NotTwoSquares { pair } => write!(f, "pair '{pair}' must name two squares, e.g. \"a1 j1\""),
            SetupError::Square { pair, error } => write!(f, "pair '{pair}': {error}"),
            SetupError::InTwoPairs { pair, square } => write!(f, "pair '{pair}': square {square} is in two pairs"),
            SetupError::SecondPlayerPiece { pair, square } => {
                write!(f, "pair '{pair}': {square} holds a second-player piece")
            }
            SetupError::BothEmpty { pair } => write!(f, "pair '{pair}': both squares are empty in the start position"),
            SetupError::NotTheStart { symmetry } => {
                write!(f, "the start position is not the first player's array with {symmetry} symmetry")
            }
            SetupError::ImageOccupied { symmetry, square } => write!(f, "the {symmetry} image of {square} is occupied"),
            SetupError::NumberTooLarge(n) => write!(f, "setup number '{n}' is too large"),
            SetupError::OutOfRange { index, last } => write!(f, "setup number {index} is out of range 0..{last}"),
            SetupError::SymmetryTwice(t) => write!(f, "'{t}': the symmetry is named twice"),
            SetupError::PairTwice(t) => write!(f, "'{t}': its pair is named twice"),
            SetupError::NotAChoice { token, symmetries, pairs } => write!(
                f,
                "'{token}' is not a symmetry ({symmetries}) or a piece of exactly one exchangeable pair ({pairs})"
            ),
            SetupError::OnlyDefault(game) => write!(f, "{game} has only its default array"),
        }
    }
}

impl std::error::Error for SetupError {}

/// A setup spec that names no array of the game: the spec as given, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupSpecError {
    /// The spec.
    pub spec: String,
    /// Why it names no array.
    pub why: SetupError,
}

impl fmt::Display for SetupSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "setup '{}': {}", self.spec, self.why)
    }
}

impl std::error::Error for SetupSpecError {}

/// A square as (file, rank) from 0.
type Coord = (i32, i32);

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SetupFile {
    /// Pairs of first-player squares whose contents may be exchanged, e.g. `"a1 j1"`.
    pairs: Vec<String>,
    /// How the second player's array follows from the first's, default first.
    symmetries: Vec<Orientation>,
}

/// One exchangeable pair: the left and right squares and what stands on them by default
/// (`None`: empty, as the Dervish's partner square).
#[derive(Clone, Debug)]
pub struct Pair {
    pub(crate) left: Coord,
    pub(crate) right: Coord,
    pub(crate) left_piece: Option<KindId>,
    pub(crate) right_piece: Option<KindId>,
}

/// The start arrays of a game with array freedom.
#[derive(Clone, Debug)]
pub struct SetupRules {
    pub(crate) pairs: Vec<Pair>,
    pub(crate) symmetries: Vec<Orientation>,
    /// The first player's pieces outside the pairs (the same in every array).
    fixed: Vec<Placed>,
    /// The start FEN's fields after the placement (side to move, ...).
    tail: String,
}

fn sym_name(o: Orientation) -> &'static str {
    match o {
        Orientation::Rotate => "rotate",
        Orientation::Mirror => "mirror",
    }
}

impl SetupRules {
    /// Checks the `[setup]` table against the start position `start` (already read).
    pub(crate) fn build(v: &Variant, f: &SetupFile, start: &[Placed]) -> Result<SetupRules, SetupError> {
        // Square names only (no padding is needed to read them).
        let shape = BoardShape::new(v.files, v.ranks, 0);
        if f.symmetries.is_empty() {
            return Err(SetupError::NoSymmetry);
        }
        // Typhoon has 17 pairs (2^17 arrays per symmetry).
        if f.pairs.is_empty() || f.pairs.len() > 20 {
            return Err(SetupError::PairCount(f.pairs.len()));
        }
        let at = |c: Coord| start.iter().find(|p| (p.file, p.rank) == c);
        let mut pairs: Vec<Pair> = Vec::new();
        let mut used: Vec<Coord> = Vec::new();
        for text in &f.pairs {
            let names: Vec<&str> = text.split_whitespace().collect();
            if names.len() != 2 {
                return Err(SetupError::NotTwoSquares { pair: text.clone() });
            }
            let mut sqs = [(0, 0); 2];
            for (i, n) in names.iter().enumerate() {
                let sq = shape.parse_square(n).map_err(|error| SetupError::Square { pair: text.clone(), error })?;
                let c = (shape.file_of(sq), shape.rank_of(sq));
                if used.contains(&c) {
                    return Err(SetupError::InTwoPairs { pair: text.clone(), square: n.to_string() });
                }
                if at(c).is_some_and(|p| p.color != Color::White) {
                    return Err(SetupError::SecondPlayerPiece { pair: text.clone(), square: n.to_string() });
                }
                used.push(c);
                sqs[i] = c;
            }
            let (left_piece, right_piece) = (at(sqs[0]).map(|p| p.kind), at(sqs[1]).map(|p| p.kind));
            if left_piece.is_none() && right_piece.is_none() {
                return Err(SetupError::BothEmpty { pair: text.clone() });
            }
            pairs.push(Pair { left: sqs[0], right: sqs[1], left_piece, right_piece });
        }
        let fixed: Vec<Placed> =
            start.iter().copied().filter(|p| p.color == Color::White && !used.contains(&(p.file, p.rank))).collect();
        let tail = v.start_fen.split_whitespace().skip(1).collect::<Vec<_>>().join(" ");
        let rules = SetupRules { pairs, symmetries: f.symmetries.clone(), fixed, tail };
        // The default arrangement must be the start position itself.
        let mut want: Vec<Placed> = start.to_vec();
        let mut got = rules.placement(v, 0)?;
        want.sort();
        got.sort();
        if want != got {
            return Err(SetupError::NotTheStart { symmetry: sym_name(rules.symmetries[0]) });
        }
        Ok(rules)
    }

    /// Number of selectable arrays.
    pub fn count(&self) -> usize {
        (1usize << self.pairs.len()) * self.symmetries.len()
    }

    /// The pieces of array `index` (both players).
    fn placement(&self, v: &Variant, index: usize) -> Result<Vec<Placed>, SetupError> {
        let sym = self.symmetries[index >> self.pairs.len()];
        let mut white: Vec<Placed> = self.fixed.clone();
        let place = |(file, rank): Coord, kind: KindId| Placed { file, rank, kind, color: Color::White };
        for (i, p) in self.pairs.iter().enumerate() {
            let (l, r) =
                if index >> i & 1 == 1 { (p.right_piece, p.left_piece) } else { (p.left_piece, p.right_piece) };
            white.extend(l.map(|k| place(p.left, k)));
            white.extend(r.map(|k| place(p.right, k)));
        }
        let mut all = white.clone();
        for p in &white {
            let (file, rank) = match sym {
                Orientation::Rotate => (v.files as i32 - 1 - p.file, v.ranks as i32 - 1 - p.rank),
                Orientation::Mirror => (p.file, v.ranks as i32 - 1 - p.rank),
            };
            if all.iter().any(|q| (q.file, q.rank) == (file, rank)) {
                let shape = BoardShape::new(v.files, v.ranks, 0);
                let name = shape.name(shape.square_unchecked(p.file, p.rank));
                return Err(SetupError::ImageOccupied { symmetry: sym_name(sym), square: name });
            }
            all.push(Placed { file, rank, kind: p.kind, color: Color::Black });
        }
        Ok(all)
    }

    /// The FEN of array `index` (`0..count()`).
    pub fn fen(&self, v: &Variant, index: usize) -> Result<String, SetupError> {
        if index >= self.count() {
            return Err(SetupError::OutOfRange { index, last: self.count() - 1 });
        }
        let mut s = placement::write_pieces(v, &self.placement(v, index)?);
        if !self.tail.is_empty() {
            s.push(' ');
            s.push_str(&self.tail);
        }
        Ok(s)
    }

    /// The canonical spec of array `index`: the ID on each pair's left square (`-` for empty),
    /// then the symmetry, e.g. `CH A ST - N PR K W rotate`.
    pub fn spec(&self, v: &Variant, index: usize) -> String {
        let mut parts: Vec<String> = Vec::new();
        for (i, p) in self.pairs.iter().enumerate() {
            let l = if index >> i & 1 == 1 { p.right_piece } else { p.left_piece };
            parts.push(l.map_or_else(|| "-".into(), |k| v.piece(k).id.clone()));
        }
        parts.push(sym_name(self.symmetries[(index >> self.pairs.len()).min(self.symmetries.len() - 1)]).into());
        parts.join(" ")
    }

    /// Reads a spec (see the module documentation) into an array index.
    pub fn parse(&self, v: &Variant, spec: &str) -> Result<usize, SetupError> {
        let tokens: Vec<&str> = spec.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
        if tokens.len() == 1 && tokens[0].chars().all(|c| c.is_ascii_digit()) {
            let n: usize = tokens[0].parse().map_err(|_| SetupError::NumberTooLarge(tokens[0].to_string()))?;
            if n >= self.count() {
                return Err(SetupError::OutOfRange { index: n, last: self.count() - 1 });
            }
            return Ok(n);
        }
        if tokens.len() == 1 && tokens[0].eq_ignore_ascii_case("default") {
            return Ok(0);
        }
        let mut index = 0usize;
        let mut named = vec![false; self.pairs.len()];
        let mut sym_set = false;
        for tok in tokens {
            let low = tok.to_ascii_lowercase();
            if let Some(k) =
                self.symmetries.iter().position(|&o| sym_name(o) == low || low == format!("{}al", sym_name(o)))
            {
                if sym_set {
                    return Err(SetupError::SymmetryTwice(tok.to_string()));
                }
                sym_set = true;
                index |= k << self.pairs.len();
                continue;
            }
            // `-` is the empty member of a pair (the Dervish's partner square).
            let id = tok.trim_start_matches('(').trim_end_matches(')').to_ascii_uppercase();
            let kind = if id == "-" { Some(None) } else { v.kind_by_id(&id).map(Some) };
            let hits: Vec<usize> = (0..self.pairs.len())
                .filter(|&i| {
                    let p = &self.pairs[i];
                    kind.is_some() && (Some(p.left_piece) == kind || Some(p.right_piece) == kind)
                })
                .collect();
            let &[i] = hits.as_slice() else {
                let members: Vec<String> = self
                    .pairs
                    .iter()
                    .map(|p| {
                        let n = |x: Option<KindId>| x.map_or_else(|| "-".into(), |k| v.piece(k).id.clone());
                        format!("{}/{}", n(p.left_piece), n(p.right_piece))
                    })
                    .collect();
                return Err(SetupError::NotAChoice {
                    token: tok.to_string(),
                    symmetries: self.symmetries.iter().map(|&o| sym_name(o)).collect::<Vec<_>>().join(", "),
                    pairs: members.join(", "),
                });
            };
            if named[i] {
                return Err(SetupError::PairTwice(tok.to_string()));
            }
            named[i] = true;
            if Some(self.pairs[i].left_piece) != kind {
                index |= 1 << i;
            }
        }
        Ok(index)
    }
}

impl Variant {
    /// The start FEN of the array named by `spec` (`default`, an index, or pair choices; see
    /// `variant::setup`). Games without array freedom accept only `default`.
    pub fn setup_fen(&self, spec: &str) -> Result<String, SetupSpecError> {
        let err = |why| SetupSpecError { spec: spec.to_string(), why };
        match &self.setup {
            None if spec.trim().eq_ignore_ascii_case("default") => Ok(self.start_fen.clone()),
            None => Err(err(SetupError::OnlyDefault(self.title.clone()))),
            Some(s) => {
                let i = s.parse(self, spec).map_err(err)?;
                s.fen(self, i).map_err(err)
            }
        }
    }
}
