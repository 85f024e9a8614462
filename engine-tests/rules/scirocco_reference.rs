//! An independent Scirocco move generator for cross-checking the engine: written straight from
//! the rules of `docs/rules/scirocco.md` (§3–§7, §10, §11), sharing no code with the engine. It is
//! slow and simple on purpose: a 10x10 array of `Option<(type ID, is Blue)>`, every move
//! computed by plain loops, repetition by comparing board strings over the whole game.
//!
//! Used to compare legal move sets (as canonical text) on random positions and games, and to
//! count perft a second way.

use std::collections::BTreeSet;

pub type Cell = Option<(&'static str, bool)>;
/// (file, rank), both 0..10.
pub type Sq = (i32, i32);
/// A destination and the square of a piece removed on the way (hop, shot).
type Target = (Sq, Option<Sq>);

/// The 36 IDs (section 3).
pub const IDS: [&str; 36] = [
    "P", "GU", "PR", "MA", "SC", "K", "W", "F", "CO", "CH", "WA", "A", "ST", "N", "C", "DE", "GO", "D", "TA", "Z",
    "DU", "AB", "VU", "EM", "ZA", "ZI", "WI", "OC", "SP", "B", "Q", "R", "SQ", "HA", "LI", "GE",
];

/// The initial types, which may promote (section 3.1).
const PROMOTES: [(&str, &str); 18] = [
    ("P", "TA"),
    ("GU", "Z"),
    ("PR", "DU"),
    ("MA", "AB"),
    ("SC", "VU"),
    ("K", "EM"),
    ("W", "ZA"),
    ("F", "ZI"),
    ("CO", "WI"),
    ("CH", "OC"),
    ("WA", "SP"),
    ("A", "B"),
    ("ST", "Q"),
    ("N", "R"),
    ("C", "SQ"),
    ("DE", "HA"),
    ("GO", "LI"),
    ("D", "GE"),
];

fn promoted_form(id: &str) -> Option<&'static str> {
    PROMOTES.iter().find(|(a, _)| *a == id).map(|(_, b)| *b)
}

fn intern(id: &str) -> Option<&'static str> {
    IDS.iter().copied().find(|x| *x == id)
}

#[derive(Clone)]
pub struct RefPos {
    pub board: [[Cell; 10]; 10], // [file][rank]
    pub blue: bool,
    /// Board strings (with the side) of every position of the game, the current one last.
    pub history: Vec<String>,
    pub bare_king: bool,
    pub corner_leaps: bool,
}

/// One move: origin, destination, the square of a piece removed without being the
/// destination (hop victim, shot victim), promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RMove {
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub victim: Option<(i32, i32)>,
    pub promo: bool,
}

pub fn name(s: (i32, i32)) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

impl RMove {
    /// Canonical text (section 10).
    pub fn text(&self) -> String {
        let mut t = match self.victim {
            None => format!("{}{}", name(self.from), name(self.to)),
            Some(v) => format!("{}{},{}{}", name(self.from), name(v), name(v), name(self.to)),
        };
        if self.promo {
            t.push('+');
        }
        t
    }
}

fn on(s: (i32, i32)) -> bool {
    (0..10).contains(&s.0) && (0..10).contains(&s.1)
}

/// All images of (a, b) under reflections and swapping.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                if !v.contains(&(x * sx, y * sy)) {
                    v.push((x * sx, y * sy));
                }
            }
        }
    }
    v
}

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Both,
    MoveOnly,
    CaptureOnly,
}

impl RefPos {
    pub fn from_fen(fen: &str) -> Result<RefPos, String> {
        let mut f = fen.split_whitespace();
        let placement = f.next().ok_or("empty")?;
        let side = f.next().ok_or("no side")?;
        let mut board = [[None; 10]; 10];
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 10 {
            return Err("ranks".into());
        }
        for (i, row) in rows.iter().enumerate() {
            let r = 9 - i as i32;
            let ch: Vec<char> = row.chars().collect();
            let mut file = 0i32;
            let mut j = 0;
            while j < ch.len() {
                if ch[j].is_ascii_digit() {
                    let mut n = 0;
                    while j < ch.len() && ch[j].is_ascii_digit() {
                        n = n * 10 + ch[j].to_digit(10).unwrap() as i32;
                        j += 1;
                    }
                    file += n;
                    continue;
                }
                let tok: String = if ch[j] == '(' {
                    let k = ch[j..].iter().position(|&c| c == ')').ok_or("paren")? + j;
                    let t: String = ch[j + 1..k].iter().collect();
                    j = k + 1;
                    t
                } else {
                    j += 1;
                    ch[j - 1].to_string()
                };
                let blue = tok.chars().next().unwrap().is_ascii_uppercase();
                let id = intern(&tok.to_ascii_uppercase()).ok_or(format!("unknown {tok}"))?;
                if file >= 10 {
                    return Err("long rank".into());
                }
                board[file as usize][r as usize] = Some((id, blue));
                file += 1;
            }
            if file != 10 {
                return Err("short rank".into());
            }
        }
        let blue = match side {
            "w" => true,
            "b" => false,
            _ => return Err("side".into()),
        };
        let mut p = RefPos { board, blue, history: Vec::new(), bare_king: true, corner_leaps: false };
        p.history.push(p.key());
        Ok(p)
    }

    pub fn at(&self, s: (i32, i32)) -> Cell {
        self.board[s.0 as usize][s.1 as usize]
    }

    fn key(&self) -> String {
        let mut k = String::new();
        for f in 0..10 {
            for r in 0..10 {
                match self.board[f][r] {
                    None => k.push('.'),
                    Some((id, b)) => {
                        k.push_str(id);
                        k.push(if b { 'B' } else { 'T' });
                    }
                }
                k.push(' ');
            }
        }
        k.push(if self.blue { 'b' } else { 't' });
        k
    }

    fn pieces_of(&self, blue: bool) -> Vec<((i32, i32), &'static str)> {
        let mut v = Vec::new();
        for f in 0..10 {
            for r in 0..10 {
                if let Some((id, b)) = self.board[f as usize][r as usize] {
                    if b == blue {
                        v.push(((f, r), id));
                    }
                }
            }
        }
        v
    }

    /// Section 6: (a) no royal or (b) at most one piece.
    pub fn meets_loss(&self, blue: bool) -> bool {
        let ps = self.pieces_of(blue);
        let royal = ps.iter().any(|(_, id)| *id == "K" || *id == "EM");
        !royal || (self.bare_king && ps.len() <= 1)
    }

    /// Section 6 judging: Some(winner is Blue) if the game is over.
    pub fn result(&self) -> Option<bool> {
        let s = self.blue;
        if self.meets_loss(s) {
            return Some(!s);
        }
        if self.meets_loss(!s) {
            return Some(s);
        }
        if self.legal().is_empty() {
            return Some(!s);
        }
        None
    }

    fn in_zone(&self, blue: bool, s: (i32, i32)) -> bool {
        if blue {
            s.1 >= 7
        } else {
            s.1 <= 2
        }
    }

    /// The own moves (targets and victims, no promotion yet) of the piece on `from`.
    fn own(&self, from: Sq) -> Vec<Target> {
        let (id, blue) = self.at(from).unwrap();
        let fwd = if blue { 1 } else { -1 };
        let mut out: Vec<Target> = Vec::new();
        let enemy = |s: (i32, i32)| matches!(self.at(s), Some((_, b)) if b != blue);
        let empty = |s: (i32, i32)| self.at(s).is_none();
        let mut add = |out: &mut Vec<_>, to: (i32, i32), mode: Mode| {
            if !on(to) {
                return;
            }
            let ok = match mode {
                Mode::Both => empty(to) || enemy(to),
                Mode::MoveOnly => empty(to),
                Mode::CaptureOnly => enemy(to),
            };
            if ok && !out.contains(&(to, None)) {
                out.push((to, None));
            }
        };
        let leap = |out: &mut Vec<_>, a: i32, b: i32, mode: Mode, add: &mut dyn FnMut(&mut Vec<Target>, Sq, Mode)| {
            for (dx, dy) in images(a, b) {
                add(out, (from.0 + dx, from.1 + dy), mode);
            }
        };
        // A slide: empty squares (if the mode moves), then the first piece (if it captures).
        let slide = |out: &mut Vec<_>, dirs: &[(i32, i32)], max: i32, mode: Mode| {
            for &(dx, dy) in dirs {
                let mut s = from;
                for _ in 0..max {
                    s = (s.0 + dx, s.1 + dy);
                    if !on(s) {
                        break;
                    }
                    if empty(s) {
                        if mode != Mode::CaptureOnly && !out.contains(&(s, None)) {
                            out.push((s, None));
                        }
                        continue;
                    }
                    if mode != Mode::MoveOnly && enemy(s) && !out.contains(&(s, None)) {
                        out.push((s, None));
                    }
                    break;
                }
            }
        };
        let all8: Vec<(i32, i32)> = ORTH.iter().chain(DIAG.iter()).copied().collect();
        match id {
            "P" => {
                add(&mut out, (from.0, from.1 + fwd), Mode::MoveOnly);
                add(&mut out, (from.0 + 1, from.1 + fwd), Mode::CaptureOnly);
                add(&mut out, (from.0 - 1, from.1 + fwd), Mode::CaptureOnly);
            }
            "GU" => {
                leap(&mut out, 1, 0, Mode::MoveOnly, &mut add);
                leap(&mut out, 1, 1, Mode::CaptureOnly, &mut add);
            }
            "PR" => {
                leap(&mut out, 1, 1, Mode::Both, &mut add);
                leap(&mut out, 2, 1, Mode::Both, &mut add);
            }
            "MA" => {
                leap(&mut out, 1, 0, Mode::Both, &mut add);
                leap(&mut out, 2, 1, Mode::Both, &mut add);
            }
            "SC" => {
                leap(&mut out, 1, 0, Mode::Both, &mut add);
                slide(&mut out, &DIAG, 10, Mode::Both);
            }
            "K" | "CO" => {
                leap(&mut out, 1, 0, Mode::Both, &mut add);
                leap(&mut out, 1, 1, Mode::Both, &mut add);
            }
            "W" => leap(&mut out, 1, 0, Mode::Both, &mut add),
            "F" => leap(&mut out, 1, 1, Mode::Both, &mut add),
            "CH" => slide(&mut out, &ORTH, 4, Mode::Both),
            "WA" => {
                for (dx, dy) in ORTH {
                    let first = (from.0 + dx, from.1 + dy);
                    if !on(first) || !empty(first) {
                        continue;
                    }
                    let mut s = first;
                    loop {
                        s = (s.0 + dx, s.1 + dy);
                        if !on(s) {
                            break;
                        }
                        if empty(s) {
                            out.push((s, None));
                            continue;
                        }
                        if enemy(s) {
                            out.push((s, None));
                        }
                        break;
                    }
                }
            }
            "A" => leap(&mut out, 2, 2, Mode::Both, &mut add),
            "ST" => {
                leap(&mut out, 2, 2, Mode::Both, &mut add);
                leap(&mut out, 1, 0, Mode::CaptureOnly, &mut add);
            }
            "N" => leap(&mut out, 2, 1, Mode::Both, &mut add),
            "C" => leap(&mut out, 3, 1, Mode::Both, &mut add),
            "DE" => {
                leap(&mut out, 2, 0, Mode::Both, &mut add);
                leap(&mut out, 2, 2, Mode::Both, &mut add);
            }
            "GO" => {
                leap(&mut out, 2, 0, Mode::Both, &mut add);
                leap(&mut out, 1, 1, Mode::MoveOnly, &mut add);
            }
            "D" => leap(&mut out, 2, 0, Mode::Both, &mut add),
            "TA" => {
                leap(&mut out, 1, 1, Mode::Both, &mut add);
                leap(&mut out, 3, 0, Mode::Both, &mut add);
                leap(&mut out, 1, 0, Mode::CaptureOnly, &mut add);
            }
            "Z" => leap(&mut out, 3, 2, Mode::Both, &mut add),
            "DU" => {
                leap(&mut out, 2, 1, Mode::Both, &mut add);
                slide(&mut out, &ORTH, 4, Mode::Both);
            }
            "AB" => {
                leap(&mut out, 2, 1, Mode::Both, &mut add);
                slide(&mut out, &DIAG, 4, Mode::Both);
            }
            "VU" => {
                leap(&mut out, 1, 0, Mode::MoveOnly, &mut add);
                leap(&mut out, 1, 1, Mode::CaptureOnly, &mut add);
                slide(&mut out, &DIAG, 10, Mode::MoveOnly);
                slide(&mut out, &ORTH, 10, Mode::CaptureOnly);
            }
            "EM" => {
                leap(&mut out, 1, 0, Mode::Both, &mut add);
                leap(&mut out, 2, 0, Mode::Both, &mut add);
                leap(&mut out, 2, 2, Mode::Both, &mut add);
            }
            "ZA" | "ZI" => {
                let (steps, hops): (&[Sq], &[Sq]) = if id == "ZA" { (&DIAG, &ORTH) } else { (&ORTH, &DIAG) };
                for &(dx, dy) in steps {
                    add(&mut out, (from.0 + dx, from.1 + dy), Mode::Both);
                    add(&mut out, (from.0 + 2 * dx, from.1 + 2 * dy), Mode::Both);
                }
                for &(dx, dy) in hops {
                    let v = (from.0 + dx, from.1 + dy);
                    let l = (from.0 + 2 * dx, from.1 + 2 * dy);
                    if on(v) && on(l) && enemy(v) && empty(l) {
                        out.push((l, Some(v)));
                    }
                }
            }
            "WI" => {
                leap(&mut out, 2, 1, Mode::Both, &mut add);
                leap(&mut out, 3, 1, Mode::Both, &mut add);
            }
            "OC" | "SP" => {
                let firsts: &[(i32, i32)] = if id == "OC" { &DIAG } else { &ORTH };
                for &(sx, sy) in firsts {
                    let s1 = (from.0 + sx, from.1 + sy);
                    if !on(s1) || !empty(s1) {
                        continue;
                    }
                    out.push((s1, None));
                    // Continuations leading away from the start.
                    let conts: Vec<(i32, i32)> = if id == "OC" {
                        vec![(sx, 0), (0, sy)]
                    } else if sx == 0 {
                        vec![(1, sy), (-1, sy)]
                    } else {
                        vec![(sx, 1), (sx, -1)]
                    };
                    for (ux, uy) in conts {
                        let mut s = s1;
                        loop {
                            s = (s.0 + ux, s.1 + uy);
                            if !on(s) {
                                break;
                            }
                            if empty(s) {
                                out.push((s, None));
                                continue;
                            }
                            if enemy(s) {
                                out.push((s, None));
                            }
                            break;
                        }
                    }
                }
            }
            "B" => slide(&mut out, &DIAG, 10, Mode::Both),
            "R" => slide(&mut out, &ORTH, 10, Mode::Both),
            "Q" => slide(&mut out, &all8, 10, Mode::Both),
            "SQ" => {
                leap(&mut out, 2, 0, Mode::Both, &mut add);
                leap(&mut out, 2, 1, Mode::Both, &mut add);
                leap(&mut out, 2, 2, Mode::Both, &mut add);
            }
            "HA" => slide(&mut out, &all8, 3, Mode::MoveOnly),
            "LI" => {
                for dx in -2..=2 {
                    for dy in -2..=2 {
                        if (dx, dy) != (0, 0) {
                            add(&mut out, (from.0 + dx, from.1 + dy), Mode::Both);
                        }
                    }
                }
            }
            "GE" => {
                slide(&mut out, &all8, 3, Mode::Both);
                for &(dx, dy) in &all8 {
                    let v = (from.0 + dx, from.1 + dy);
                    if on(v) && enemy(v) {
                        out.push((from, Some(v)));
                    }
                }
            }
            other => panic!("reference: no moves for {other}"),
        }
        out
    }

    /// Relayed targets of the piece on `x` (section 4.1, 4.2), before merging.
    fn relayed(&self, x: (i32, i32)) -> Vec<(i32, i32)> {
        let (_, blue) = self.at(x).unwrap();
        let friend_is = |s: (i32, i32), id: &str| on(s) && self.at(s) == Some((intern(id).unwrap(), blue));
        let mut t = Vec::new();
        // Dervish at x + e.
        for e in ORTH.iter().chain(DIAG.iter()) {
            let d = (x.0 + e.0, x.1 + e.1);
            if !friend_is(d, "DE") {
                continue;
            }
            t.push((d.0 + e.0, d.1 + e.1));
            if e.0 == 0 || e.1 == 0 {
                for p in ORTH {
                    if p.0 * e.0 + p.1 * e.1 == 0 {
                        t.push((d.0 + p.0, d.1 + p.1));
                    }
                }
            } else if self.corner_leaps {
                for p in DIAG {
                    if p.0 * e.0 + p.1 * e.1 == 0 {
                        t.push((d.0 + p.0, d.1 + p.1));
                    }
                }
            }
        }
        // Harpy on an open queen line 1-3 away.
        let mut reach = false;
        for u in ORTH.iter().chain(DIAG.iter()) {
            for k in 1..=3 {
                let s = (x.0 + k * u.0, x.1 + k * u.1);
                if !on(s) {
                    break;
                }
                if self.at(s).is_none() {
                    continue;
                }
                if friend_is(s, "HA") {
                    reach = true;
                }
                break;
            }
        }
        if reach {
            for n in images(2, 1) {
                t.push((x.0 + n.0, x.1 + n.1));
            }
        }
        t.into_iter().filter(|&s| on(s) && !matches!(self.at(s), Some((_, b)) if b == blue)).collect()
    }

    /// Pseudo-legal moves (section 11 steps 2-4).
    pub fn pseudo(&self) -> Vec<RMove> {
        let mut out: BTreeSet<RMove> = BTreeSet::new();
        for (from, id) in self.pieces_of(self.blue) {
            let own = self.own(from);
            for &(to, victim) in &own {
                out.insert(RMove { from, to, victim, promo: false });
                if promoted_form(id).is_some() && (self.in_zone(self.blue, from) || self.in_zone(self.blue, to)) {
                    out.insert(RMove { from, to, victim, promo: true });
                }
            }
            for to in self.relayed(from) {
                // Same effect as an own move: that own move (already listed, with its twin).
                out.insert(RMove { from, to, victim: None, promo: false });
            }
        }
        out.into_iter().collect()
    }

    pub fn make(&mut self, m: RMove) {
        let (id, blue) = self.at(m.from).unwrap();
        if let Some(v) = m.victim {
            self.board[v.0 as usize][v.1 as usize] = None;
        }
        self.board[m.from.0 as usize][m.from.1 as usize] = None;
        let id = if m.promo { promoted_form(id).unwrap() } else { id };
        self.board[m.to.0 as usize][m.to.1 as usize] = Some((id, blue));
        self.blue = !self.blue;
        self.history.push(self.key());
    }

    /// Legal moves (section 11 steps 1-5): none when the game is over by material; no move
    /// whose result occurred twice already.
    pub fn legal(&self) -> Vec<RMove> {
        if self.meets_loss(true) || self.meets_loss(false) {
            return Vec::new();
        }
        self.pseudo()
            .into_iter()
            .filter(|&m| {
                let mut p = self.clone();
                p.make(m);
                let k = p.history.last().unwrap();
                p.history.iter().filter(|h| *h == k).count() <= 2
            })
            .collect()
    }

    pub fn legal_texts(&self) -> BTreeSet<String> {
        self.legal().iter().map(RMove::text).collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut p = self.clone();
                p.make(m);
                p.perft(depth - 1)
            })
            .sum()
    }
}
