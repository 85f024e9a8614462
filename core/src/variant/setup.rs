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
use crate::geometry::{BoardShape, Color};
use serde::Deserialize;
use std::fmt;

/// A `[setup]` table or a setup spec that does not work; the message says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

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
        let e = |m: String| Err(SetupError(m));
        // Square names only (no padding is needed to read them).
        let shape = BoardShape::new(v.files, v.ranks, 0);
        if f.symmetries.is_empty() {
            return e("'symmetries' must name at least one of rotate, mirror".into());
        }
        // Typhoon has 17 pairs (2^17 arrays per symmetry).
        if f.pairs.is_empty() || f.pairs.len() > 20 {
            return e(format!("{} pairs; between 1 and 20 are allowed", f.pairs.len()));
        }
        let at = |c: Coord| start.iter().find(|p| (p.file, p.rank) == c);
        let mut pairs: Vec<Pair> = Vec::new();
        let mut used: Vec<Coord> = Vec::new();
        for text in &f.pairs {
            let names: Vec<&str> = text.split_whitespace().collect();
            if names.len() != 2 {
                return e(format!("pair '{text}' must name two squares, e.g. \"a1 j1\""));
            }
            let mut sqs = [(0, 0); 2];
            for (i, n) in names.iter().enumerate() {
                let sq = shape.parse_square(n).map_err(|x| SetupError(format!("pair '{text}': {x}")))?;
                let c = (shape.file_of(sq), shape.rank_of(sq));
                if used.contains(&c) {
                    return e(format!("pair '{text}': square {n} is in two pairs"));
                }
                if at(c).is_some_and(|p| p.color != Color::White) {
                    return e(format!("pair '{text}': {n} holds a second-player piece"));
                }
                used.push(c);
                sqs[i] = c;
            }
            let (left_piece, right_piece) = (at(sqs[0]).map(|p| p.kind), at(sqs[1]).map(|p| p.kind));
            if left_piece.is_none() && right_piece.is_none() {
                return e(format!("pair '{text}': both squares are empty in the start position"));
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
            return e(format!(
                "the start position is not the first player's array with {} symmetry",
                sym_name(rules.symmetries[0])
            ));
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
                return Err(SetupError(format!("the {} image of {name} is occupied", sym_name(sym))));
            }
            all.push(Placed { file, rank, kind: p.kind, color: Color::Black });
        }
        Ok(all)
    }

    /// The FEN of array `index` (`0..count()`).
    pub fn fen(&self, v: &Variant, index: usize) -> Result<String, SetupError> {
        if index >= self.count() {
            return Err(SetupError(format!("setup number {index} is out of range 0..{}", self.count() - 1)));
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
            let n: usize =
                tokens[0].parse().map_err(|_| SetupError(format!("setup number '{}' is too large", tokens[0])))?;
            if n >= self.count() {
                return Err(SetupError(format!("setup number {n} is out of range 0..{}", self.count() - 1)));
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
                    return Err(SetupError(format!("'{tok}': the symmetry is named twice")));
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
                return Err(SetupError(format!(
                    "'{tok}' is not a symmetry ({}) or a piece of exactly one exchangeable pair ({})",
                    self.symmetries.iter().map(|&o| sym_name(o)).collect::<Vec<_>>().join(", "),
                    members.join(", ")
                )));
            };
            if named[i] {
                return Err(SetupError(format!("'{tok}': its pair is named twice")));
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
    pub fn setup_fen(&self, spec: &str) -> Result<String, SetupError> {
        let err = |m: String| SetupError(format!("setup '{spec}': {m}"));
        match &self.setup {
            None if spec.trim().eq_ignore_ascii_case("default") => Ok(self.start_fen.clone()),
            None => Err(err(format!("{} has only its default array", self.title))),
            Some(s) => {
                let i = s.parse(self, spec).map_err(|x| err(x.0))?;
                s.fen(self, i).map_err(|x| err(x.0))
            }
        }
    }
}
