//! An independent Typhoon (1999) move generator for cross-checking the engine, written straight
//! from the rules of `docs/rules/typhoon.md` (§1–§12, default options), sharing no code with the
//! engine: a 12x12 array of `Option<(ID, is Blue)>`, every piece's moves spelled out by plain
//! loops in a `match` on its ID, and each move carried as its canonical text together with the
//! board it produces. Slow and simple on purpose.
//!
//! Used to compare legal move sets and resulting positions on random positions and games, and
//! to count perft a second way. Repetition is not modelled (perft ignores it, like the engine's
//! perft).

use std::collections::BTreeMap;

#[path = "typhoon_reference/moves.rs"]
mod moves;

pub type Cell = Option<(&'static str, bool)>;
/// (file, rank), both 0..12.
pub type Sq = (i32, i32);

/// The 75 IDs: the 37 initial types (section 3.1) and the 38 promoted ones (3.2).
pub const IDS: [&str; 75] = [
    "FH", "GW", "MA", "PR", "ST", "GO", "CI", "SA", "GG", "FL", "K", "CO", "CU", "HU", "C", "BD", "A", "D", "W", "F",
    "OT", "BE", "OV", "UN", "CH", "WA", "N", "DER", "SG", "CG", "DEL", "BT", "FU", "P", "GU", "LA", "BA", "FO", "FB",
    "AB", "DU", "Q", "LI", "TY", "GE", "HO", "DO", "EM", "EE", "WI", "LO", "IM", "SQ", "CE", "SC", "DK", "ZA", "ZI",
    "MI", "SO", "NR", "DA", "OC", "SP", "R", "HA", "VU", "IB", "EP", "TP", "Z", "TA", "B", "PA", "RA",
];

/// Promotions of the initial types (section 3.1), the King's first choice (section 6.2).
const PROMOTES: [&str; 37] = [
    "FO", "FB", "AB", "DU", "Q", "LI", "TY", "GE", "HO", "DO", "EM", "WI", "LO", "IM", "SQ", "CE", "SC", "DK", "ZA",
    "ZI", "MI", "SO", "NR", "DA", "OC", "SP", "R", "HA", "VU", "IB", "EP", "TP", "Z", "TA", "B", "PA", "RA",
];

const ROYALS: [&str; 5] = ["K", "EM", "EE", "EP", "TP"];

fn intern(id: &str) -> &'static str {
    IDS.iter().copied().find(|x| *x == id).unwrap_or_else(|| panic!("unknown ID {id}"))
}

fn promoted_form(id: &str) -> Option<&'static str> {
    IDS[..37].iter().position(|x| *x == id).map(|i| PROMOTES[i])
}

#[derive(Clone, PartialEq, Eq)]
pub struct RefPos {
    pub board: [[Cell; 12]; 12], // [file][rank]
    pub blue: bool,
}

/// One legal move: canonical text and the position after it.
#[derive(Clone)]
pub struct RefMove {
    pub text: String,
    pub after: RefPos,
}

const ORTH: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT: [Sq; 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

fn king8() -> Vec<Sq> {
    ORTH.iter().chain(DIAG.iter()).copied().collect()
}

/// The 8 images of (a, b), deduplicated.
fn sym(a: i32, b: i32) -> Vec<Sq> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !v.contains(&(x * sx, y * sy)) {
                v.push((x * sx, y * sy));
            }
        }
    }
    v
}

pub fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

fn on(s: Sq) -> bool {
    s.0 >= 0 && s.0 < 12 && s.1 >= 0 && s.1 < 12
}

fn add(a: Sq, b: Sq) -> Sq {
    (a.0 + b.0, a.1 + b.1)
}

/// What one candidate move does, before promotion twins are added.
#[derive(Clone)]
struct Cand {
    from: Sq,
    to: Sq,
    text: String,
    removed: Vec<Sq>,
    converted: Option<Sq>,
    swap: bool,
    /// An own move that may promote by the zone test (not shots, passes, conversions, ...).
    promotable: bool,
}

impl RefPos {
    pub fn from_fen(fen: &str) -> RefPos {
        let mut f = fen.split_whitespace();
        let placement = f.next().unwrap();
        let blue = f.next() != Some("b");
        let mut board = [[None; 12]; 12];
        for (i, row) in placement.split('/').enumerate() {
            let r = 11 - i as i32;
            let mut file = 0i32;
            let cs: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < cs.len() {
                let c = cs[j];
                if c.is_ascii_digit() {
                    let mut n = 0;
                    while j < cs.len() && cs[j].is_ascii_digit() {
                        n = n * 10 + cs[j].to_digit(10).unwrap() as i32;
                        j += 1;
                    }
                    file += n;
                    continue;
                }
                let id: String = if c == '(' {
                    let end = j + cs[j..].iter().position(|&x| x == ')').unwrap();
                    let s: String = cs[j + 1..end].iter().collect();
                    j = end + 1;
                    s
                } else {
                    j += 1;
                    c.to_string()
                };
                let is_blue = id.chars().next().unwrap().is_ascii_uppercase();
                board[file as usize][r as usize] = Some((intern(&id.to_ascii_uppercase()), is_blue));
                file += 1;
            }
        }
        RefPos { board, blue }
    }

    /// Section 10 output: Blue upper case, Tan lower case, multi-letter IDs in parentheses.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..12).rev() {
            let mut empty = 0;
            for f in 0..12 {
                match self.board[f][r] {
                    None => empty += 1,
                    Some((id, blue)) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        let t = if blue { id.to_string() } else { id.to_ascii_lowercase() };
                        if t.len() == 1 {
                            s += &t;
                        } else {
                            s += &format!("({t})");
                        }
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        s += if self.blue { " w" } else { " b" };
        s
    }

    fn at(&self, s: Sq) -> Cell {
        if on(s) {
            self.board[s.0 as usize][s.1 as usize]
        } else {
            None
        }
    }

    fn empty(&self, s: Sq) -> bool {
        on(s) && self.at(s).is_none()
    }

    fn owned(&self, s: Sq, blue: bool) -> bool {
        matches!(self.at(s), Some((_, b)) if b == blue)
    }

    fn is_kind(&self, s: Sq, id: &str, blue: bool) -> bool {
        matches!(self.at(s), Some((x, b)) if x == id && b == blue)
    }

    /// Section 5.6: an enemy Immobilizer on one of the 8 neighbours.
    pub fn frozen(&self, s: Sq, blue: bool) -> bool {
        king8().iter().any(|&d| self.is_kind(add(s, d), "IM", !blue))
    }

    fn pieces(&self, blue: bool) -> Vec<Sq> {
        let mut v = Vec::new();
        for r in 0..12 {
            for f in 0..12 {
                if self.owned((f, r), blue) {
                    v.push((f, r));
                }
            }
        }
        v
    }

    /// Section 7 (a), (b): no royal, or at most one piece.
    pub fn loses(&self, blue: bool) -> bool {
        let ps = self.pieces(blue);
        ps.len() <= 1 || !ps.iter().any(|&s| ROYALS.contains(&self.at(s).unwrap().0))
    }

    pub fn decided(&self) -> bool {
        self.loses(true) || self.loses(false)
    }

    /// Every legal move (section 12), repetition not applied, merged by text.
    pub fn moves(&self) -> Vec<RefMove> {
        if self.decided() {
            return Vec::new();
        }
        self.moves_ignoring_result()
    }

    /// The moves of the side to move, even in a decided position (for threat questions).
    pub fn moves_ignoring_result(&self) -> Vec<RefMove> {
        let us = self.blue;
        let mut out: BTreeMap<String, RefPos> = BTreeMap::new();
        for s in self.pieces(us) {
            let mut own = Vec::new();
            let frozen = self.frozen(s, us);
            if frozen {
                own.push(Cand {
                    from: s,
                    to: s,
                    text: format!("{}{}x{}", name(s), name(s), name(s)),
                    removed: vec![s],
                    converted: None,
                    swap: false,
                    promotable: false,
                });
            } else {
                self.own_moves(s, &mut own);
            }
            let own_texts: Vec<String> = own.iter().map(|c| c.text.clone()).collect();
            for c in &own {
                out.insert(c.text.clone(), self.apply(c, false));
                let (id, _) = self.at(s).unwrap();
                let zone = |q: Sq| if us { q.1 >= 8 } else { q.1 <= 3 };
                if c.promotable && promoted_form(id).is_some() && (zone(c.from) || zone(c.to)) {
                    out.insert(format!("{}+", c.text), self.apply(c, true));
                }
            }
            for t in self.relayed_targets(s) {
                let text = format!("{}{}", name(s), name(t));
                if own_texts.contains(&text) {
                    continue;
                }
                let removed = if self.at(t).is_some() { vec![t] } else { vec![] };
                let c = Cand {
                    from: s,
                    to: t,
                    text: text.clone(),
                    removed,
                    converted: None,
                    swap: false,
                    promotable: false,
                };
                out.insert(text, self.apply(&c, false));
            }
        }
        out.into_iter().map(|(text, after)| RefMove { text, after }).collect()
    }

    /// Squares the piece on `s` may reach by relay (sections 5.1, 5.2): not holding a friend.
    fn relayed_targets(&self, s: Sq) -> Vec<Sq> {
        let us = self.blue;
        let mut v = Vec::new();
        for d in king8() {
            let dv = add(s, d);
            if self.is_kind(dv, "DER", us) && !self.frozen(dv, us) {
                let t = add(dv, d);
                if on(t) && !self.owned(t, us) && !v.contains(&t) {
                    v.push(t);
                }
            }
        }
        if KNIGHT.iter().any(|&k| {
            let h = add(s, k);
            self.is_kind(h, "HA", us) && !self.frozen(h, us)
        }) {
            for k in KNIGHT {
                let t = add(s, k);
                if on(t) && !self.owned(t, us) && !v.contains(&t) {
                    v.push(t);
                }
            }
        }
        v
    }

    fn apply(&self, c: &Cand, promote: bool) -> RefPos {
        let mut p = self.clone();
        let set = |p: &mut RefPos, s: Sq, v: Cell| p.board[s.0 as usize][s.1 as usize] = v;
        for &r in &c.removed {
            set(&mut p, r, None);
        }
        if c.swap {
            let (a, b) = (self.at(c.from), self.at(c.to));
            set(&mut p, c.from, b);
            set(&mut p, c.to, a);
        } else if c.from != c.to || !c.removed.contains(&c.from) {
            let piece = self.at(c.from);
            set(&mut p, c.from, None);
            set(&mut p, c.to, piece);
        }
        if let Some(x) = c.converted {
            let (id, b) = p.at(x).unwrap();
            set(&mut p, x, Some((id, !b)));
        }
        if promote {
            let (id, b) = p.at(c.to).unwrap();
            let mut new = promoted_form(id).unwrap();
            if id == "K" {
                // Section 6.2, decided after the move's captures.
                let em = (0..12).any(|f| (0..12).any(|r| matches!(p.board[f][r], Some(("EM", _)))));
                if em {
                    new = "EE";
                }
            }
            set(&mut p, c.to, Some((new, b)));
        }
        p.blue = !p.blue;
        p
    }
}

/// Perft by the reference generator.
pub fn perft(p: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ms = p.moves();
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.iter().map(|m| perft(&m.after, depth - 1)).sum()
}
