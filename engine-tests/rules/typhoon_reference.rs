//! An independent Typhoon (1999) move generator for cross-checking the engine, written straight
//! from `shared/rules/typhoon.md` (sections 1–12, default options), sharing no code with the
//! engine: a 12x12 array of `Option<(ID, is Blue)>`, every piece's moves spelled out by plain
//! loops in a `match` on its ID, and each move carried as its canonical text together with the
//! board it produces. Slow and simple on purpose.
//!
//! Used to compare legal move sets and resulting positions on random positions and games, and
//! to count perft a second way. Repetition is not modelled (perft ignores it, like the engine's
//! perft).

use std::collections::BTreeMap;

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

    /// The piece's own moves (section 3 and 5), for a non-frozen piece.
    fn own_moves(&self, s: Sq, out: &mut Vec<Cand>) {
        let (id, us) = self.at(s).unwrap();
        // Owner-relative vector to board vector: Tan is Blue turned 180 degrees.
        let o = |v: Sq| if us { v } else { (-v.0, -v.1) };
        let plain = |from: Sq, to: Sq, removed: Vec<Sq>| Cand {
            from,
            to,
            text: format!("{}{}", name(from), name(to)),
            removed,
            converted: None,
            swap: false,
            promotable: true,
        };
        // Leaps with a mode: 0 both, 1 move only, 2 capture only.
        let leap = |out: &mut Vec<Cand>, v: Sq, mode: u8| {
            let t = add(s, o(v));
            if !on(t) {
                return;
            }
            match self.at(t) {
                None if mode != 2 => out.push(plain(s, t, vec![])),
                Some((_, b)) if b != us && mode != 1 => out.push(plain(s, t, vec![t])),
                _ => {}
            }
        };
        let slide = |out: &mut Vec<Cand>, d: Sq, max: i32, mode: u8| {
            let mut t = s;
            for _ in 0..max {
                t = add(t, o(d));
                if !on(t) {
                    return;
                }
                match self.at(t) {
                    None => {
                        if mode != 2 {
                            out.push(plain(s, t, vec![]));
                        }
                    }
                    Some((_, b)) => {
                        if b != us && mode != 1 {
                            out.push(plain(s, t, vec![t]));
                        }
                        return;
                    }
                }
            }
        };
        let leaps = |out: &mut Vec<Cand>, vs: &[Sq], mode: u8| {
            for &v in vs {
                leap(out, v, mode);
            }
        };
        let slides = |out: &mut Vec<Cand>, ds: &[Sq], max: i32, mode: u8| {
            for &d in ds {
                slide(out, d, max, mode);
            }
        };
        let k8 = king8();
        let queen = k8.clone();
        let fwd_diag = [(1, 1), (-1, 1)];
        match id {
            "FH" => {
                slide(out, (0, 1), 12, 0);
                leaps(out, &[(1, -2), (-1, -2), (2, -1), (-2, -1)], 0);
            }
            "GW" => {
                slide(out, (0, 1), 12, 0);
                leaps(out, &[(1, -1), (-1, -1)], 0);
            }
            "MA" => {
                leaps(out, &ORTH, 0);
                leaps(out, &KNIGHT, 0);
            }
            "PR" => {
                leaps(out, &DIAG, 0);
                leaps(out, &KNIGHT, 0);
            }
            "ST" => {
                leaps(out, &sym(2, 2), 0);
                leaps(out, &ORTH, 2);
            }
            "GO" => {
                leaps(out, &sym(2, 0), 0);
                leaps(out, &DIAG, 1);
            }
            "CI" => {
                for d in &queen {
                    for dist in 2..=3 {
                        let t = (s.0 + d.0 * dist, s.1 + d.1 * dist);
                        if !on(t) {
                            break;
                        }
                        let hopped = (1..dist).any(|k| self.at((s.0 + d.0 * k, s.1 + d.1 * k)).is_some());
                        if !hopped {
                            continue;
                        }
                        match self.at(t) {
                            None => out.push(plain(s, t, vec![])),
                            Some((_, b)) if b != us => out.push(plain(s, t, vec![t])),
                            _ => {}
                        }
                    }
                }
            }
            "SA" => {
                slides(out, &queen, 4, 1);
                leaps(out, &k8, 2);
            }
            "GG" => {
                leaps(out, &ORTH, 0);
                leaps(out, &fwd_diag, 0);
            }
            "FL" => {
                leaps(out, &DIAG, 0);
                leaps(out, &[(0, 1), (0, -1)], 0);
            }
            "K" | "CO" => leaps(out, &k8, 0),
            "CU" | "HU" => {
                leaps(out, &[(1, 0), (-1, 0), (0, -1), (0, 2)], 0);
                if id == "CU" {
                    for v in [(0, 1), (1, 0), (-1, 0), (0, -2)] {
                        let t = add(s, o(v));
                        if matches!(self.at(t), Some((_, b)) if b != us) {
                            out.push(Cand {
                                from: s,
                                to: s,
                                text: format!("{}{}~{}", name(s), name(s), name(t)),
                                removed: vec![],
                                converted: Some(t),
                                swap: false,
                                promotable: false,
                            });
                        }
                    }
                } else {
                    for v in [(1, 0), (-1, 0), (0, 1), (0, -1), (0, 2), (0, -2)] {
                        let t = add(s, o(v));
                        if on(t) && self.at(t).is_some() {
                            out.push(Cand {
                                from: s,
                                to: t,
                                text: format!("{}{}s", name(s), name(t)),
                                removed: vec![],
                                converted: None,
                                swap: true,
                                promotable: true,
                            });
                        }
                    }
                }
            }
            "C" => leaps(out, &sym(3, 1), 0),
            "BD" => slides(out, &DIAG, 3, 0),
            "A" => leaps(out, &sym(2, 2), 0),
            "D" => leaps(out, &sym(2, 0), 0),
            "W" => leaps(out, &ORTH, 0),
            "F" => leaps(out, &DIAG, 0),
            "OT" => {
                leaps(out, &DIAG, 0);
                leap(out, (0, 1), 0);
                slides(out, &[(1, 0), (-1, 0)], 4, 0);
            }
            "BE" => {
                leaps(out, &fwd_diag, 0);
                leap(out, (0, 1), 0);
                slides(out, &[(1, 0), (-1, 0)], 4, 0);
                slide(out, (0, -1), 12, 0);
            }
            "OV" => {
                leaps(out, &k8, 1);
                for d in &k8 {
                    let v = add(s, *d);
                    let t = add(v, *d);
                    if matches!(self.at(v), Some((_, b)) if b != us) && self.empty(t) {
                        let mut c = plain(s, t, vec![v]);
                        c.text = format!("{}{},{}{}", name(s), name(v), name(v), name(t));
                        out.push(c);
                    }
                }
            }
            "UN" => {
                for d in &k8 {
                    let t = add(s, *d);
                    if self.empty(t) {
                        let behind = (s.0 - d.0, s.1 - d.1);
                        let removed =
                            if matches!(self.at(behind), Some((_, b)) if b != us) { vec![behind] } else { vec![] };
                        out.push(plain(s, t, removed));
                    }
                }
            }
            "CH" => slides(out, &ORTH, 4, 0),
            "WA" => {
                for d in ORTH {
                    if !self.empty(add(s, d)) {
                        continue;
                    }
                    let mut t = add(s, d);
                    loop {
                        t = add(t, d);
                        if !on(t) {
                            break;
                        }
                        match self.at(t) {
                            None => out.push(plain(s, t, vec![])),
                            Some((_, b)) => {
                                if b != us {
                                    out.push(plain(s, t, vec![t]));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            "N" => leaps(out, &KNIGHT, 0),
            "DER" => {
                leaps(out, &sym(2, 0), 0);
                leaps(out, &sym(2, 2), 0);
            }
            "SG" => {
                leaps(out, &DIAG, 0);
                leap(out, (0, 1), 0);
            }
            "CG" => {
                leaps(out, &fwd_diag, 0);
                leaps(out, &[(0, 1), (0, -1)], 0);
            }
            "DEL" => {
                leaps(out, &DIAG, 0);
                leaps(out, &[(0, 1), (1, 0), (-1, 0)], 0);
            }
            "BT" => {
                leaps(out, &DIAG, 0);
                leaps(out, &[(0, -1), (1, 0), (-1, 0)], 0);
            }
            "FU" => leap(out, (0, 1), 0),
            "P" => {
                leap(out, (0, 1), 1);
                leaps(out, &fwd_diag, 2);
            }
            "GU" => {
                leaps(out, &ORTH, 1);
                leaps(out, &DIAG, 2);
            }
            "LA" => leaps(out, &fwd_diag, 0),
            "BA" => leaps(out, &[(0, 1), (1, 0), (-1, 0)], 0),
            "FO" => {
                slides(out, &DIAG, 12, 0);
                slides(out, &[(0, 1), (0, -1)], 12, 0);
            }
            "FB" => {
                slides(out, &DIAG, 12, 0);
                slides(out, &[(1, 0), (-1, 0)], 12, 0);
            }
            "AB" => {
                leaps(out, &KNIGHT, 0);
                slides(out, &DIAG, 4, 0);
            }
            "DU" => {
                leaps(out, &KNIGHT, 0);
                slides(out, &ORTH, 4, 0);
            }
            "Q" => slides(out, &queen, 12, 0),
            "LI" => {
                let box5: Vec<Sq> =
                    (-2..=2).flat_map(|x| (-2..=2).map(move |y| (x, y))).filter(|&v| v != (0, 0)).collect();
                leaps(out, &box5, 0);
            }
            "TY" => {
                leaps(out, &DIAG, 0);
                leaps(out, &sym(2, 2), 0);
                for d in ORTH {
                    let mut victims: Vec<Sq> = Vec::new();
                    for k in 1..=3 {
                        let t = (s.0 + d.0 * k, s.1 + d.1 * k);
                        if !on(t) || self.owned(t, us) {
                            break;
                        }
                        if self.at(t).is_some() {
                            victims.push(t);
                        }
                        out.push(plain(s, t, victims.clone()));
                    }
                }
            }
            "GE" => {
                slides(out, &queen, 3, 0);
                for d in &k8 {
                    self.shot(s, add(s, *d), out);
                }
            }
            "HO" => {
                slides(out, &DIAG, 4, 0);
                leaps(out, &[(2, 0), (-2, 0), (0, -2)], 0);
                // Forward: the Parrot's step and 2-leap, then its shot, hop and pass.
                leaps(out, &[(0, 1), (0, 2)], 0);
                self.parrot(s, &[o((0, 1))], out);
            }
            "DO" => {
                slides(out, &ORTH, 4, 0);
                leaps(out, &[(2, -2), (-2, -2)], 0);
                // Forward diagonals: the Raven's step and 2-leap, then shot, hop and pass.
                leaps(out, &[(1, 1), (-1, 1), (2, 2), (-2, 2)], 0);
                self.parrot(s, &[o((1, 1)), o((-1, 1))], out);
            }
            "EM" => {
                slides(out, &queen, 2, 0);
                leaps(out, &KNIGHT, 0);
            }
            "EE" => {
                let box7: Vec<Sq> =
                    (-3..=3).flat_map(|x| (-3..=3).map(move |y| (x, y))).filter(|&v| v != (0, 0)).collect();
                leaps(out, &box7, 0);
                for d in &queen {
                    let mut t = add(s, *d);
                    while self.empty(t) {
                        t = add(t, *d);
                    }
                    self.shot(s, t, out);
                }
            }
            "WI" => {
                leaps(out, &KNIGHT, 0);
                leaps(out, &sym(3, 1), 0);
            }
            "LO" => {
                slides(out, &queen, 12, 1);
                for d in &queen {
                    let mut t = s;
                    let mut jumped: Vec<Sq> = Vec::new();
                    loop {
                        t = add(t, *d);
                        if !on(t) {
                            break;
                        }
                        match self.at(t) {
                            None => {
                                if !jumped.is_empty() {
                                    out.push(plain(s, t, jumped.clone()));
                                }
                            }
                            Some((_, b)) if b != us && self.empty(add(t, *d)) => jumped.push(t),
                            _ => break,
                        }
                    }
                }
            }
            "IM" => slides(out, &queen, 12, 1),
            "SQ" => {
                leaps(out, &sym(2, 0), 0);
                leaps(out, &KNIGHT, 0);
                leaps(out, &sym(2, 2), 0);
            }
            "CE" => {
                leaps(out, &k8, 0);
                leaps(out, &KNIGHT, 0);
            }
            "SC" => {
                leaps(out, &ORTH, 0);
                slides(out, &DIAG, 12, 0);
            }
            "DK" => {
                leaps(out, &DIAG, 0);
                slides(out, &ORTH, 12, 0);
            }
            "ZA" | "ZI" => {
                let (steps, hop) = if id == "ZA" { (DIAG, ORTH) } else { (ORTH, DIAG) };
                leaps(out, &steps, 0);
                for d in steps {
                    leap(out, (2 * d.0, 2 * d.1), 0);
                }
                for d in hop {
                    let v = add(s, d);
                    let t = add(v, d);
                    if matches!(self.at(v), Some((_, b)) if b != us) && self.empty(t) {
                        let mut c = plain(s, t, vec![v]);
                        c.text = format!("{}{},{}{}", name(s), name(v), name(v), name(t));
                        out.push(c);
                    }
                }
            }
            "MI" | "SO" => {
                let mut base = Vec::new();
                leaps(&mut base, &ORTH, 1);
                slides(&mut base, &DIAG, 2, 1);
                for c in base {
                    let d = ((c.to.0 - s.0).signum(), (c.to.1 - s.1).signum());
                    let t = add(c.to, d);
                    if matches!(self.at(t), Some((_, b)) if b != us) {
                        if id == "MI" {
                            let mut x = c.clone();
                            x.text = format!("{}~{}", c.text, name(t));
                            x.converted = Some(t);
                            out.push(x);
                        } else {
                            let mut run = Vec::new();
                            let mut r = t;
                            while matches!(self.at(r), Some((_, b)) if b != us) {
                                run.push(r);
                                r = add(r, d);
                            }
                            let mut x = c.clone();
                            x.text = format!("{}x{}", c.text, name(t));
                            x.removed = run;
                            out.push(x);
                        }
                    }
                    out.push(c);
                }
            }
            "NR" | "DA" => {
                let vs: Vec<Sq> =
                    if id == "NR" { KNIGHT.to_vec() } else { sym(2, 0).into_iter().chain(sym(2, 2)).collect() };
                for v in vs {
                    let mut t = s;
                    loop {
                        t = add(t, v);
                        if !on(t) {
                            break;
                        }
                        match self.at(t) {
                            None => out.push(plain(s, t, vec![])),
                            Some((_, b)) => {
                                if b != us {
                                    out.push(plain(s, t, vec![t]));
                                }
                                break;
                            }
                        }
                    }
                }
                if id == "DA" {
                    leaps(out, &k8, 1);
                }
            }
            "OC" | "SP" => {
                let firsts = if id == "OC" { DIAG } else { ORTH };
                for f in firsts {
                    let x = add(s, f);
                    if !self.empty(x) {
                        continue;
                    }
                    out.push(plain(s, x, vec![]));
                    let conts: Vec<Sq> = if id == "OC" {
                        vec![(f.0, 0), (0, f.1)]
                    } else if f.0 == 0 {
                        vec![(1, f.1), (-1, f.1)]
                    } else {
                        vec![(f.0, 1), (f.0, -1)]
                    };
                    for u in conts {
                        let mut t = x;
                        loop {
                            t = add(t, u);
                            if !on(t) {
                                break;
                            }
                            match self.at(t) {
                                None => out.push(plain(s, t, vec![])),
                                Some((_, b)) => {
                                    if b != us {
                                        out.push(plain(s, t, vec![t]));
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            "R" => slides(out, &ORTH, 12, 0),
            "B" => slides(out, &DIAG, 12, 0),
            "HA" => slides(out, &queen, 12, 1),
            "VU" | "IB" => {
                leaps(out, &k8, 0);
                let (mv, cap) = if id == "VU" { (DIAG, ORTH) } else { (ORTH, DIAG) };
                for d in mv {
                    let mut t = add(s, d);
                    while self.empty(t) {
                        t = add(t, d);
                        if self.empty(t) {
                            out.push(plain(s, t, vec![]));
                        }
                    }
                }
                for d in cap {
                    let mut t = add(s, d);
                    let mut dist = 1;
                    while self.empty(t) {
                        t = add(t, d);
                        dist += 1;
                    }
                    if dist > 1 && matches!(self.at(t), Some((_, b)) if b != us) {
                        out.push(plain(s, t, vec![t]));
                    }
                }
            }
            "EP" => {
                leaps(out, &k8, 1);
                leaps(out, &KNIGHT, 2);
                leaps(out, &sym(2, 2), 2);
            }
            "TP" => {
                leaps(out, &k8, 1);
                leaps(out, &sym(2, 0), 2);
                leaps(out, &KNIGHT, 2);
            }
            "Z" => leaps(out, &sym(3, 2), 0),
            "TA" => {
                leaps(out, &DIAG, 0);
                leaps(out, &sym(3, 0), 0);
                leaps(out, &ORTH, 2);
            }
            "PA" | "RA" => {
                let dirs = if id == "PA" { ORTH } else { DIAG };
                leaps(out, &dirs, 0);
                for d in dirs {
                    leap(out, (2 * d.0, 2 * d.1), 0);
                }
                let board_dirs: Vec<Sq> = dirs.iter().map(|&d| o(d)).collect();
                self.parrot(s, &board_dirs, out);
            }
            other => panic!("no moves for {other}"),
        }
    }

    /// A shot from `s` at `t` if it holds an enemy (section 5.16): `<from><V>,<V><from>`.
    fn shot(&self, s: Sq, t: Sq, out: &mut Vec<Cand>) {
        let (_, us) = self.at(s).unwrap();
        if matches!(self.at(t), Some((_, b)) if b != us) {
            out.push(Cand {
                from: s,
                to: s,
                text: format!("{}{},{}{}", name(s), name(t), name(t), name(s)),
                removed: vec![t],
                converted: None,
                swap: false,
                promotable: false,
            });
        }
    }

    /// Parrot items 3 and 4 along board directions `dirs`, and the pass (the steps and leaps
    /// are the caller's).
    fn parrot(&self, s: Sq, dirs: &[Sq], out: &mut Vec<Cand>) {
        let (_, us) = self.at(s).unwrap();
        for &d in dirs {
            let v1 = add(s, d);
            let v2 = add(v1, d);
            if !matches!(self.at(v1), Some((_, b)) if b != us) {
                continue;
            }
            self.shot(s, v1, out);
            if on(v2) && !self.owned(v2, us) {
                let mut removed = vec![v1];
                if self.at(v2).is_some() {
                    removed.push(v2);
                }
                out.push(Cand {
                    from: s,
                    to: v2,
                    text: format!("{}{},{}{}", name(s), name(v1), name(v1), name(v2)),
                    removed,
                    converted: None,
                    swap: false,
                    promotable: true,
                });
            }
        }
        out.push(Cand {
            from: s,
            to: s,
            text: format!("{}{}", name(s), name(s)),
            removed: vec![],
            converted: None,
            swap: false,
            promotable: false,
        });
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
