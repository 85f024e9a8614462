//! Array freedom: games whose players may exchange pairs of start squares (Scirocco 2009:
//! Chariot–Wagon, Alfil–Dabbaba, ...), with the second player's array following from the
//! first player's by rotation or mirror symmetry.
//!
//! The data file names the pairs (first-player squares) and the symmetries; the default start
//! position fixes what stands where. A setup is chosen by a spec: the IDs of the pieces that go
//! on the left square of their pair (`WA D mirror`), `default`, or an index `0..count()`
//! (bit i: pair i exchanged; the bits above choose the symmetry).

use super::{Orientation, Variant};
use crate::geometry::{Color, Square};
use crate::position::Piece;
use serde::Deserialize;

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
    pub left: Square,
    pub right: Square,
    pub left_piece: Option<Piece>,
    pub right_piece: Option<Piece>,
}

/// The start arrays of a game with array freedom.
#[derive(Clone, Debug)]
pub struct SetupRules {
    pub pairs: Vec<Pair>,
    pub symmetries: Vec<Orientation>,
    /// The first player's pieces outside the pairs (the same in every array).
    fixed: Vec<(Square, Piece)>,
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
    /// Checks the `[setup]` table against the start position `start` (already parsed).
    pub(crate) fn build(v: &Variant, f: &SetupFile, start: &[(Square, Piece)]) -> Result<SetupRules, String> {
        let shape = v.shape;
        if f.symmetries.is_empty() {
            return Err("'symmetries' must name at least one of rotate, mirror".into());
        }
        // Typhoon has 17 pairs (2^17 arrays per symmetry).
        if f.pairs.is_empty() || f.pairs.len() > 20 {
            return Err(format!("{} pairs; between 1 and 20 are allowed", f.pairs.len()));
        }
        let at = |sq: Square| start.iter().find(|(s, _)| *s == sq).map(|(_, p)| *p);
        let mut pairs: Vec<Pair> = Vec::new();
        let mut used: Vec<Square> = Vec::new();
        for text in &f.pairs {
            let names: Vec<&str> = text.split_whitespace().collect();
            if names.len() != 2 {
                return Err(format!("pair '{text}' must name two squares, e.g. \"a1 j1\""));
            }
            let mut sqs = [Square::NONE; 2];
            for (i, n) in names.iter().enumerate() {
                let sq = shape.parse_square(n).map_err(|e| format!("pair '{text}': {e}"))?;
                if used.contains(&sq) {
                    return Err(format!("pair '{text}': square {n} is in two pairs"));
                }
                if at(sq).is_some_and(|p| p.color() != Color::White) {
                    return Err(format!("pair '{text}': {n} holds a second-player piece"));
                }
                used.push(sq);
                sqs[i] = sq;
            }
            let (left_piece, right_piece) = (at(sqs[0]), at(sqs[1]));
            if left_piece.is_none() && right_piece.is_none() {
                return Err(format!("pair '{text}': both squares are empty in the start position"));
            }
            pairs.push(Pair { left: sqs[0], right: sqs[1], left_piece, right_piece });
        }
        let fixed: Vec<(Square, Piece)> =
            start.iter().copied().filter(|(s, p)| p.color() == Color::White && !used.contains(s)).collect();
        let tail = v.start_fen.split_whitespace().skip(1).collect::<Vec<_>>().join(" ");
        let rules = SetupRules { pairs, symmetries: f.symmetries.clone(), fixed, tail };
        // The default arrangement must be the start position itself.
        let mut want: Vec<(Square, Piece)> = start.to_vec();
        let mut got = rules.placement(v, 0)?;
        want.sort_by_key(|x| x.0);
        got.sort_by_key(|x| x.0);
        if want != got {
            return Err(format!(
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
    fn placement(&self, v: &Variant, index: usize) -> Result<Vec<(Square, Piece)>, String> {
        let shape = v.shape;
        let sym = self.symmetries[index >> self.pairs.len()];
        let mut white: Vec<(Square, Piece)> = self.fixed.clone();
        for (i, p) in self.pairs.iter().enumerate() {
            let (l, r) =
                if index >> i & 1 == 1 { (p.right_piece, p.left_piece) } else { (p.left_piece, p.right_piece) };
            white.extend(l.map(|x| (p.left, x)));
            white.extend(r.map(|x| (p.right, x)));
        }
        let mut all = white.clone();
        for &(sq, p) in &white {
            let (f, r) = (shape.file_of(sq), shape.rank_of(sq));
            let (tf, tr) = match sym {
                Orientation::Rotate => (shape.files as i32 - 1 - f, shape.ranks as i32 - 1 - r),
                Orientation::Mirror => (f, shape.ranks as i32 - 1 - r),
            };
            let to = shape.square_unchecked(tf, tr);
            if all.iter().any(|(s, _)| *s == to) {
                return Err(format!("the {} image of {} is occupied", sym_name(sym), shape.name(sq)));
            }
            all.push((to, Piece::new(p.kind(), Color::Black)));
        }
        Ok(all)
    }

    /// The FEN of array `index` (`0..count()`).
    pub fn fen(&self, v: &Variant, index: usize) -> Result<String, String> {
        if index >= self.count() {
            return Err(format!("setup number {index} is out of range 0..{}", self.count() - 1));
        }
        let pieces = self.placement(v, index)?;
        let shape = v.shape;
        let mut s = String::new();
        for r in (0..shape.ranks as i32).rev() {
            let mut empty = 0;
            for f in 0..shape.files as i32 {
                let sq = shape.square_unchecked(f, r);
                match pieces.iter().find(|(x, _)| *x == sq) {
                    None => empty += 1,
                    Some((_, p)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(&v.piece(p.kind()).fen_token(p.color() == Color::White));
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
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
            parts.push(l.map(|x| v.piece(x.kind()).id.clone()).unwrap_or_else(|| "-".into()));
        }
        parts.push(sym_name(self.symmetries[(index >> self.pairs.len()).min(self.symmetries.len() - 1)]).into());
        parts.join(" ")
    }

    /// Reads a spec (see the module documentation) into an array index.
    pub fn parse(&self, v: &Variant, spec: &str) -> Result<usize, String> {
        let tokens: Vec<&str> = spec.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
        if tokens.len() == 1 && tokens[0].chars().all(|c| c.is_ascii_digit()) {
            let n: usize = tokens[0].parse().map_err(|_| format!("setup number '{}' is too large", tokens[0]))?;
            if n >= self.count() {
                return Err(format!("setup number {n} is out of range 0..{}", self.count() - 1));
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
                    return Err(format!("'{tok}': the symmetry is named twice"));
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
                    kind.is_some()
                        && (Some(p.left_piece.map(|x| x.kind())) == kind
                            || Some(p.right_piece.map(|x| x.kind())) == kind)
                })
                .collect();
            let &[i] = hits.as_slice() else {
                let members: Vec<String> = self
                    .pairs
                    .iter()
                    .map(|p| {
                        let n =
                            |x: Option<Piece>| x.map(|x| v.piece(x.kind()).id.clone()).unwrap_or_else(|| "-".into());
                        format!("{}/{}", n(p.left_piece), n(p.right_piece))
                    })
                    .collect();
                return Err(format!(
                    "'{tok}' is not a symmetry ({}) or a piece of exactly one exchangeable pair ({})",
                    self.symmetries.iter().map(|&o| sym_name(o)).collect::<Vec<_>>().join(", "),
                    members.join(", ")
                ));
            };
            if named[i] {
                return Err(format!("'{tok}': its pair is named twice"));
            }
            named[i] = true;
            if Some(self.pairs[i].left_piece.map(|x| x.kind())) != kind {
                index |= 1 << i;
            }
        }
        Ok(index)
    }
}

impl Variant {
    /// The start FEN of the array named by `spec` (`default`, an index, or pair choices; see
    /// `variant::setup`). Games without array freedom accept only `default`.
    pub fn setup_fen(&self, spec: &str) -> Result<String, super::VariantError> {
        let err = |m: String| super::VariantError(format!("setup '{spec}': {m}"));
        match &self.setup {
            None if spec.trim().eq_ignore_ascii_case("default") => Ok(self.start_fen.clone()),
            None => Err(err(format!("{} has only its default array", self.title))),
            Some(s) => {
                let i = s.parse(self, spec).map_err(err)?;
                s.fen(self, i).map_err(err)
            }
        }
    }
}
