//! Parser for the Betza-style move strings of the variant files.
//!
//! Supported (classic Betza with the common XBetza modifiers):
//! - atoms `W F D N A H C Z G` (leaps), shorthands `K = WF`, `R = WW`, `B = FF`, `Q = WWFF`;
//! - a doubled atom (`WW`, `NN`) is a rider; a number after an atom limits its range (`R3`, `Q4`);
//! - mode modifiers `m` (move only), `c` (capture only), `p` (capture only by hopping over
//!   exactly one screen, cannon style), `n` (lame: the squares on the way must be empty), `e`
//!   (may also capture en passant);
//! - direction modifiers `f b l r v s`, and pairs `fl fr bl br` (and `ff fs` ... for oblique
//!   atoms), read from the owner's point of view. Without direction modifiers every symmetric
//!   vector of the atom is meant.
//!
//! A move string is a sequence of such tokens, optionally separated by spaces or `+`.

use std::fmt;

/// What a move of an atom may do on its target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode {
    pub(crate) moves: bool,
    pub(crate) captures: bool,
}

impl Mode {
    pub(crate) const BOTH: Mode = Mode { moves: true, captures: true };
    pub(crate) const MOVE: Mode = Mode { moves: true, captures: false };
    pub(crate) const CAPTURE: Mode = Mode { moves: false, captures: true };
}

/// How the atom travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Travel {
    /// Straight to the target, over anything.
    Leap,
    /// A leap whose intermediate squares (on the straight path; for oblique leaps the
    /// orthogonal-then-diagonal path) must be empty.
    Lame,
    /// Repeats the vector; `max` = 0 means unlimited.
    Ride { max: u8 },
    /// Cannon-style: slides over empty squares, hops exactly one screen, and captures the first
    /// piece after it. Capture only.
    Hop,
}

/// One vector of one token, from the owner's point of view (dy > 0 is forward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vector {
    pub(crate) dx: i8,
    pub(crate) dy: i8,
    pub(crate) travel: Travel,
    pub(crate) mode: Mode,
    /// The capture may also be made en passant (Betza `e`).
    pub en_passant: bool,
    /// Only from the piece's initial rank (Betza `i`; the rank is the piece key
    /// `initial_rank`). Move-only leaps alone: no attack table needs to know a piece's rank.
    pub initial: bool,
}

/// A Betza string that could not be read: the text, where in it, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    pub(crate) text: String,
    pub(crate) column: usize,
    pub(crate) message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in move string '{}' at column {}: {}", self.text, self.column + 1, self.message)
    }
}

impl std::error::Error for BetzaError {}

fn base_vector(atom: char) -> Option<(i8, i8)> {
    Some(match atom {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (3, 1),
        'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// All distinct symmetric images of (a, b) with a >= b >= 0.
pub fn symmetric(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// A direction predicate built from the modifier letters.
#[derive(Clone, Debug)]
enum Dir {
    /// One letter: f, b, l, r, v, s.
    Single(char),
    /// Two letters: fl, fr, bl, br, ff, bb, ll, rr, fs, bs, lv, rv, ...
    Pair(char, char),
}

fn single_matches(c: char, dx: i8, dy: i8) -> bool {
    match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dx == 0 || (dy != 0 && dy.abs() > dx.abs()),
        's' => dy == 0 || (dx != 0 && dx.abs() > dy.abs()),
        _ => false,
    }
}

/// Whether the vector (dx, dy) of an atom is selected by `d`. Oblique atoms (N, C, Z) read
/// `v`/`s` and doubled letters by the longer leg.
fn dir_matches(d: &Dir, dx: i8, dy: i8) -> bool {
    let oblique = dx != 0 && dy != 0 && dx.abs() != dy.abs();
    match *d {
        Dir::Single(c) => {
            if oblique {
                single_matches(c, dx, dy)
            } else {
                match c {
                    // For orthogonal and diagonal atoms `v`/`s` mean "along a file/rank".
                    'v' => dx == 0,
                    's' => dy == 0,
                    _ => single_matches(c, dx, dy),
                }
            }
        }
        Dir::Pair(a, b) => {
            if oblique && a == b {
                // ff: narrow forward (|dy| > |dx|); ll: wide left (|dx| > |dy|)
                single_matches(a, dx, dy) && if "fb".contains(a) { dy.abs() > dx.abs() } else { dx.abs() > dy.abs() }
            } else if oblique && (b == 's' || b == 'v') {
                // fs: forward and wide; lv: left and narrow
                single_matches(a, dx, dy) && if b == 's' { dx.abs() > dy.abs() } else { dy.abs() > dx.abs() }
            } else {
                single_matches(a, dx, dy) && single_matches(b, dx, dy)
            }
        }
    }
}

/// Parses a move string into vectors. Duplicate vectors with the same travel are merged
/// (their modes united), so `K` and `Q` overlap only where the travel differs.
pub fn parse(text: &str) -> Result<Vec<Vector>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<Vector> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' || chars[i] == '+' {
            i += 1;
            continue;
        }
        let start = i;
        let token = Token::read(text, &chars, &mut i)?;
        if token.add_vectors(&mut out) == 0 {
            let message = format!("'{}' selects no direction", &text[start..i.min(text.len())]);
            return Err(BetzaError { text: text.to_string(), column: start, message });
        }
    }
    Ok(out)
}

/// The mode modifiers of a token.
#[derive(Default)]
struct Modifiers {
    /// `m`: move only.
    moves_only: bool,
    /// `c`: capture only.
    captures_only: bool,
    /// `p`: capture by hopping a screen.
    hop: bool,
    /// `n`: lame.
    lame: bool,
    /// `e`: also en passant.
    en_passant: bool,
    /// `i`: only from the piece's initial rank.
    initial: bool,
}

/// One atom of a move string with its modifiers, range and direction predicates.
struct Token {
    modifiers: Modifiers,
    dirs: Vec<Dir>,
    /// The base atoms it stands for (`K` is `W` and `F`).
    parts: Vec<char>,
    ride: bool,
    /// Range of a rider (0: unlimited).
    max: u8,
}

impl Token {
    /// Reads the token starting at `chars[*i]` and moves `i` past it.
    fn read(text: &str, chars: &[char], i: &mut usize) -> Result<Token, BetzaError> {
        let err = |column: usize, message: String| BetzaError { text: text.to_string(), column, message };
        let start = *i;
        let mut modifiers = Modifiers::default();
        let mut dir_letters = Vec::new();
        while *i < chars.len() && chars[*i].is_ascii_lowercase() {
            match chars[*i] {
                'm' => modifiers.moves_only = true,
                'c' => modifiers.captures_only = true,
                'p' => modifiers.hop = true,
                'n' => modifiers.lame = true,
                'e' => modifiers.en_passant = true,
                'i' => modifiers.initial = true,
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => dir_letters.push(chars[*i]),
                other => return Err(err(*i, format!("unknown modifier '{other}'"))),
            }
            *i += 1;
        }
        let Some(&atom) = chars.get(*i) else {
            return Err(err(start, "modifiers without an atom letter".into()));
        };
        // Expand shorthands.
        let (parts, implied_ride): (Vec<char>, bool) = match atom {
            'K' => (vec!['W', 'F'], false),
            'Q' => (vec!['W', 'F'], true),
            'R' => (vec!['W'], true),
            'B' => (vec!['F'], true),
            a if base_vector(a).is_some() => (vec![a], false),
            other => return Err(err(*i, format!("unknown atom '{other}'"))),
        };
        *i += 1;
        // Rider by doubling, or a range number.
        let mut ride = implied_ride;
        if !implied_ride && chars.get(*i) == Some(&atom) {
            ride = true;
            *i += 1;
        }
        let num_start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        let mut max = 0;
        if *i > num_start {
            let n: u32 = chars[num_start..*i].iter().collect::<String>().parse().unwrap_or(0);
            if n == 0 || n > 30 {
                return Err(err(num_start, format!("range {n} is out of 1..30")));
            }
            ride = true;
            max = n as u8;
        }
        if modifiers.hop && modifiers.moves_only {
            return Err(err(start, "'p' (hop capture) cannot be combined with 'm'".into()));
        }
        let dirs = directions(&dir_letters, &parts);
        let token = Token { modifiers, dirs, parts, ride, max };
        let (mode, travel) = (token.mode(), token.travel());
        if token.modifiers.initial && (mode != Mode::MOVE || !matches!(travel, Travel::Leap | Travel::Lame)) {
            return Err(err(start, "'i' (initial rank only) is allowed on move-only leaps ('ifmnD')".into()));
        }
        Ok(token)
    }

    fn mode(&self) -> Mode {
        let md = &self.modifiers;
        match (md.moves_only, md.captures_only || md.hop) {
            (true, false) => Mode::MOVE,
            (false, true) => Mode::CAPTURE,
            _ => Mode::BOTH,
        }
    }

    fn travel(&self) -> Travel {
        let md = &self.modifiers;
        if md.hop {
            Travel::Hop
        } else if self.ride {
            Travel::Ride { max: self.max }
        } else if md.lame {
            Travel::Lame
        } else {
            Travel::Leap
        }
    }

    /// Adds the token's vectors to `out` (merging those already there); returns how many
    /// vectors it selects.
    fn add_vectors(&self, out: &mut Vec<Vector>) -> usize {
        let md = &self.modifiers;
        let (mode, travel, initial) = (self.mode(), self.travel(), md.initial);
        let mut produced = 0;
        for &p in &self.parts {
            let (a, b) = base_vector(p).expect("an atom of the table");
            for (dx, dy) in symmetric(a, b) {
                if !self.dirs.is_empty() && !self.dirs.iter().any(|d| dir_matches(d, dx, dy)) {
                    continue;
                }
                produced += 1;
                let same = |e: &&mut Vector| e.dx == dx && e.dy == dy && e.travel == travel && e.initial == initial;
                if let Some(existing) = out.iter_mut().find(same) {
                    existing.mode.moves |= mode.moves;
                    existing.mode.captures |= mode.captures;
                    existing.en_passant |= md.en_passant;
                } else {
                    out.push(Vector { dx, dy, travel, mode, en_passant: md.en_passant, initial });
                }
            }
        }
        produced
    }
}

/// The direction predicates of the letters `dl` before an atom made of `parts`: letters pair
/// up where the atom reads pairs (`fl` on diagonal atoms; `ff`, `fs`, `lv` on oblique ones).
fn directions(dl: &[char], parts: &[char]) -> Vec<Dir> {
    let base = |p: char| base_vector(p).expect("an atom of the table");
    let oblique_atom = parts.len() == 1 && {
        let (a, b) = base(parts[0]);
        a != b && b != 0
    };
    let diagonal_atom = parts.iter().all(|&p| {
        let (a, b) = base(p);
        a == b
    });
    let mut dirs = Vec::new();
    let mut j = 0;
    while j < dl.len() {
        let a = dl[j];
        let pairable = j + 1 < dl.len() && {
            let b = dl[j + 1];
            if oblique_atom {
                b == a || ("fb".contains(a) && "lrs".contains(b)) || ("lr".contains(a) && "fbv".contains(b))
            } else if diagonal_atom {
                ("fb".contains(a) && "lr".contains(b)) || ("lr".contains(a) && "fb".contains(b))
            } else {
                false
            }
        };
        if pairable {
            dirs.push(Dir::Pair(a, dl[j + 1]));
            j += 2;
        } else {
            dirs.push(Dir::Single(a));
            j += 1;
        }
    }
    dirs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> Vec<(i8, i8, Travel, bool, bool)> {
        let mut v: Vec<_> =
            parse(text).unwrap().into_iter().map(|v| (v.dx, v.dy, v.travel, v.mode.moves, v.mode.captures)).collect();
        v.sort_by_key(|x| (x.0, x.1));
        v
    }

    #[test]
    fn basic_atoms() {
        assert_eq!(parse("K").unwrap().len(), 8);
        assert_eq!(parse("N").unwrap().len(), 8);
        assert_eq!(parse("NADHCZG").unwrap().len(), 40);
        assert_eq!(parse("Q").unwrap().len(), 8);
        assert!(parse("Q").unwrap().iter().all(|v| v.travel == Travel::Ride { max: 0 }));
        assert!(parse("R3").unwrap().iter().all(|v| v.travel == Travel::Ride { max: 3 }));
    }

    #[test]
    fn directions() {
        // Gold: W plus forward diagonals.
        let g = set("WfF");
        assert_eq!(g.len(), 6);
        assert!(g.iter().any(|v| (v.0, v.1) == (1, 1)));
        assert!(!g.iter().any(|v| (v.0, v.1) == (1, -1)));
        // Vertical mover: vertical rook, sideways step.
        let vm = parse("vRsW").unwrap();
        assert_eq!(vm.len(), 4);
        assert!(vm.iter().any(|v| (v.dx, v.dy) == (0, 1) && v.travel == Travel::Ride { max: 0 }));
        assert!(vm.iter().any(|v| (v.dx, v.dy) == (1, 0) && v.travel == Travel::Leap));
        // Soldier: forward and sideways move-only steps.
        let s = set("fsmW");
        assert_eq!(s.len(), 3);
        assert!(s.iter().all(|v| v.3 && !v.4));
        // Forward-left diagonal only.
        assert_eq!(set("flF"), vec![(-1, 1, Travel::Leap, true, true)]);
        // Narrow forward knight moves.
        assert_eq!(set("ffN").len(), 2);
        assert_eq!(set("fsN").len(), 2);
        assert_eq!(set("fN").len(), 4);
    }

    #[test]
    fn modes_and_hop() {
        let cannon = parse("mRcpR").unwrap();
        assert_eq!(cannon.len(), 8);
        assert_eq!(cannon.iter().filter(|v| v.travel == Travel::Hop).count(), 4);
        let pawn = parse("fmWfceF fmnD").unwrap();
        assert_eq!(pawn.len(), 4);
        assert!(pawn.iter().any(|v| v.travel == Travel::Lame && (v.dx, v.dy) == (0, 2)));
        assert!(pawn.iter().filter(|v| v.en_passant).count() == 2);
    }

    #[test]
    fn initial_rank_leaps() {
        let pawn = parse("fmWfceF ifmnD").unwrap();
        let double: Vec<_> = pawn.iter().filter(|v| v.initial).collect();
        assert_eq!(double.len(), 1);
        assert_eq!((double[0].dx, double[0].dy, double[0].travel), (0, 2, Travel::Lame));
        assert!(!pawn.iter().any(|v| v.initial && (v.dx, v.dy) != (0, 2)));
        // Captures, riders and hops cannot be limited to the initial rank.
        assert!(parse("iD").is_err());
        assert!(parse("icD").is_err());
        assert!(parse("imR").is_err());
        // An initial-rank copy of a move is kept apart from the unrestricted one.
        assert_eq!(parse("fmnD ifmnD").unwrap().len(), 2);
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse("fmX").unwrap_err();
        assert_eq!(e.column, 2);
        assert!(parse("fm").is_err());
        assert!(parse("R0").is_err());
        assert!(parse("bbW").is_ok());
    }
}
