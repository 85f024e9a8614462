//! An independent move generator for Dai Shogi and Tenjiku Shogi, written from the tables of
//! `docs/rules/dai.md` and `docs/rules/tenjiku.md` alone, to cross-check the engine's counts.
//! It shares no code with the engine (nor with the other games' reference generators): a plain
//! square array, every piece's moves written out by what it moves as, moves as effect keys
//! (origin, destination, the squares its own captures empty, promotion). Burns are not in the
//! key (they follow from the move) but `play` applies them.

use std::collections::BTreeSet;

/// Which of the two games: they differ in the piece set, the promotions of the Knight and Iron
/// General, and which pieces may not promote.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rules {
    Dai,
    Tenjiku,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    /// The ID without parentheses, upper case (`KT`, `N`).
    id: &'static str,
    prom: bool,
    white: bool,
}

#[derive(Clone)]
pub struct Pos {
    rules: Rules,
    n: i32,
    b: Vec<Option<P>>,
    white: bool,
}

pub type Sq = (i32, i32);
/// (origin, destination, captured squares sorted, promotes)
pub type Key = (Sq, Sq, Vec<Sq>, bool);

/// Every ID of the two games (docs/rules §2.1 of each).
const IDS: [&str; 43] = [
    "K", "N", "Q", "D", "H", "R", "B", "V", "M", "E", "T", "G", "F", "O", "X", "A", "L", "S", "C", "I", "P", "VO",
    "FD", "EW", "AB", "CSW", "IG", "KT", "ST", "GGN", "VGN", "RGN", "BGN", "FID", "LHK", "FEG", "SE", "HF", "WBF",
    "CHS", "SSO", "VSO", "DG",
];

fn intern(id: &str) -> &'static str {
    IDS.iter().copied().find(|&x| x == id).unwrap_or_else(|| panic!("unknown ID {id}"))
}

pub fn parse(rules: Rules, fen: &str) -> Pos {
    let n = if rules == Rules::Dai { 15 } else { 16 };
    let mut words = fen.split_whitespace();
    let board = words.next().unwrap();
    let white = words.next() != Some("b");
    let mut b = vec![None; (n * n) as usize];
    for (i, row) in board.split('/').enumerate() {
        let r = n - 1 - i as i32;
        let chars: Vec<char> = row.chars().collect();
        let (mut f, mut k, mut prom) = (0i32, 0usize, false);
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                let mut num = 0;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    num = num * 10 + chars[k].to_digit(10).unwrap() as i32;
                    k += 1;
                }
                f += num;
                continue;
            }
            if c == '+' {
                prom = true;
                k += 1;
                continue;
            }
            let (text, len) = if c == '(' {
                let end = k + chars[k..].iter().position(|&x| x == ')').unwrap();
                (chars[k + 1..end].iter().collect::<String>(), end + 1 - k)
            } else {
                (c.to_string(), 1)
            };
            let upper = text.chars().next().unwrap().is_ascii_uppercase();
            b[(f * n + r) as usize] = Some(P { id: intern(&text.to_ascii_uppercase()), prom, white: upper });
            prom = false;
            f += 1;
            k += len;
        }
    }
    Pos { rules, n, b, white }
}

/// What the piece moves as (§2.1 and §2.2 of each rules page).
fn kind(rules: Rules, p: P) -> &'static str {
    let tenjiku = rules == Rules::Tenjiku;
    if !p.prom {
        return match p.id {
            "K" => "king",
            "N" => "lion",
            "Q" => "queen",
            "D" => "dking",
            "H" => "dhorse",
            "R" => "rook",
            "B" => "bishop",
            "V" => "vmover",
            "M" => "smover",
            "E" => "elephant",
            "T" => "tiger",
            "G" => "gold",
            "F" => "leopard",
            "O" => "kirin",
            "X" => "phoenix",
            "A" => "rchariot",
            "L" => "lance",
            "S" => "silver",
            "C" => "copper",
            "I" => "gobetween",
            "P" => "pawn",
            "VO" => "ox",
            "FD" => "fdragon",
            "EW" => "wolf",
            "AB" => "boar",
            "CSW" => "catsword",
            "IG" => "iron",
            "KT" => "knight",
            "ST" => "stone",
            "GGN" => "ggeneral",
            "VGN" => "vgeneral",
            "RGN" => "rgeneral",
            "BGN" => "bgeneral",
            "FID" => "demon",
            "LHK" => "lionhawk",
            "FEG" => "freeeagle",
            "SE" => "eagle",
            "HF" => "falcon",
            "WBF" => "buffalo",
            "CHS" => "chsoldier",
            "SSO" => "ssoldier",
            "VSO" => "vsoldier",
            "DG" => "dog",
            other => panic!("unknown piece {other}"),
        };
    }
    match p.id {
        "E" => "prince",
        "D" => "eagle",
        "H" => "falcon",
        "R" => "dking",
        "B" => "dhorse",
        "V" => "flyingox",
        "M" => "freeboar",
        "T" => "stag",
        "G" => "rook",
        "F" => "bishop",
        "O" => "lion",
        "X" => "queen",
        "A" => "whale",
        "L" => "whorse",
        "S" => "vmover",
        "C" => "smover",
        "I" => "elephant",
        "P" => "gold",
        "KT" if tenjiku => "ssoldier",
        "IG" if tenjiku => "vsoldier",
        "VO" | "FD" | "EW" | "AB" | "CSW" | "IG" | "KT" | "ST" => "gold",
        "RGN" => "ggeneral",
        "BGN" => "vgeneral",
        "SE" => "rgeneral",
        "HF" => "bgeneral",
        "WBF" => "demon",
        "CHS" => "tetrarchs",
        "DG" => "multigeneral",
        "N" => "lionhawk",
        "Q" => "freeeagle",
        "SSO" => "buffalo",
        "VSO" => "chsoldier",
        other => panic!("+{other} does not exist"),
    }
}

fn can_promote(rules: Rules, p: P) -> bool {
    let never: &[&str] = match rules {
        Rules::Dai => &["K", "N", "Q"],
        Rules::Tenjiku => &["K", "GGN", "VGN", "FID", "LHK", "FEG"],
    };
    !p.prom && !never.contains(&p.id)
}

/// Ranks from the far edge on which a move with a promotion chance must promote.
fn forced_ranks(p: P) -> i32 {
    match p.id {
        "P" | "L" | "IG" | "ST" => 1,
        "KT" => 2,
        _ => 0,
    }
}

/// Tenjiku's jump ranks (tenjiku.md §4.3).
fn jump_rank(k: &str) -> u8 {
    match k {
        "king" | "prince" => 4,
        "ggeneral" => 3,
        "vgeneral" => 2,
        "rgeneral" | "bgeneral" => 1,
        _ => 0,
    }
}

fn royal(rules: Rules, p: P) -> bool {
    matches!(kind(rules, p), "king" | "prince")
}

const INF: i32 = 99;

/// Owner-relative directions by name.
fn dir(name: &str) -> Sq {
    match name {
        "f" => (0, 1),
        "b" => (0, -1),
        "l" => (-1, 0),
        "r" => (1, 0),
        "fl" => (-1, 1),
        "fr" => (1, 1),
        "bl" => (-1, -1),
        "br" => (1, -1),
        _ => unreachable!(),
    }
}

/// The piece's slides as "DIRS:RANGE" groups (1 = step, 2 = up to two squares, S = slide),
/// read off the rules pages' direction columns.
fn lines(k: &str) -> &'static str {
    match k {
        "king" | "prince" => "f b l r fl fr bl br:1",
        "queen" | "ggeneral" | "freeeagle" => "f b l r fl fr bl br:S",
        "dking" => "f b l r:S fl fr bl br:1",
        "dhorse" => "f b l r:1 fl fr bl br:S",
        "rook" | "rgeneral" => "f b l r:S",
        "bishop" | "bgeneral" | "vgeneral" | "lionhawk" => "fl fr bl br:S",
        "vmover" => "f b:S l r:1",
        "smover" => "f b:1 l r:S",
        "elephant" => "f l r fl fr bl br:1",
        "tiger" => "b l r fl fr bl br:1",
        "gold" => "f b l r fl fr:1",
        "leopard" => "f b fl fr bl br:1",
        "kirin" => "fl fr bl br:1",
        "phoenix" => "f b l r:1",
        "rchariot" => "f b:S",
        "lance" => "f:S",
        "silver" => "f fl fr bl br:1",
        "copper" => "f b fl fr:1",
        "gobetween" => "f b:1",
        "pawn" => "f:1",
        "ox" => "f b l r:2",
        "fdragon" => "fl fr bl br:2",
        "wolf" => "f l r fl fr:1",
        "boar" => "f b l r:1",
        "catsword" => "fl fr bl br:1",
        "iron" => "f fl fr:1",
        "stone" => "fl fr:1",
        "demon" => "f b fl fr bl br:S",
        "eagle" => "f b l r bl br:S",
        "falcon" => "b l r fl fr bl br:S",
        "buffalo" => "l r fl fr bl br:S f b:2",
        "chsoldier" => "f b fl fr bl br:S l r:2",
        "ssoldier" => "l r:S f:2 b:1",
        "vsoldier" => "f:S l r:2 b:1",
        "multigeneral" => "f bl br:S",
        "dog" => "f bl br:1",
        "flyingox" => "f b fl fr bl br:S",
        "freeboar" => "l r fl fr bl br:S",
        "stag" => "f b:S l r fl fr bl br:1",
        "whale" => "f b bl br:S",
        "whorse" => "f b fl fr:S",
        _ => "",
    }
}

/// Leaps over anything to these owner-relative offsets.
fn leaps(k: &str) -> &'static [Sq] {
    match k {
        "kirin" => &[(2, 0), (-2, 0), (0, 2), (0, -2)],
        "freeeagle" => &[(2, 0), (-2, 0), (0, 2), (0, -2)],
        "phoenix" => &[(2, 2), (-2, 2), (2, -2), (-2, -2)],
        "knight" => &[(1, 2), (-1, 2)],
        _ => &[],
    }
}

const KING8: [Sq; 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

impl Pos {
    fn on(&self, s: Sq) -> bool {
        (0..self.n).contains(&s.0) && (0..self.n).contains(&s.1)
    }
    fn get(&self, s: Sq) -> Option<P> {
        self.b[(s.0 * self.n + s.1) as usize]
    }
    fn set(&mut self, s: Sq, p: Option<P>) {
        self.b[(s.0 * self.n + s.1) as usize] = p;
    }
    fn empty(&self, s: Sq) -> bool {
        self.on(s) && self.get(s).is_none()
    }
    fn enemy(&self, s: Sq, white: bool) -> bool {
        self.on(s) && self.get(s).is_some_and(|q| q.white != white)
    }
    fn has_royal(&self, white: bool) -> bool {
        self.b.iter().flatten().any(|&p| p.white == white && royal(self.rules, p))
    }

    /// Every move of the side to move, as effect keys; none once a side has no royal.
    pub fn moves(&self) -> BTreeSet<Key> {
        let mut out = BTreeSet::new();
        if !self.has_royal(true) || !self.has_royal(false) {
            return out;
        }
        for f in 0..self.n {
            for r in 0..self.n {
                if let Some(p) = self.get((f, r)) {
                    if p.white == self.white {
                        self.piece_moves((f, r), p, &mut out);
                    }
                }
            }
        }
        out
    }

    /// Adds the move with its promotion choices (§6 of both pages).
    fn add(&self, o: Sq, p: P, t: Sq, mut caps: Vec<Sq>, out: &mut BTreeSet<Key>) {
        caps.sort_unstable();
        caps.dedup();
        let n = self.n;
        let zone = |s: Sq| if p.white { s.1 >= n - 5 } else { s.1 <= 4 };
        let from_edge = if p.white { n - 1 - t.1 } else { t.1 };
        let chance = if caps.is_empty() { !zone(o) && zone(t) } else { zone(o) || zone(t) };
        if chance && can_promote(self.rules, p) {
            out.insert((o, t, caps.clone(), true));
            if from_edge < forced_ranks(p) {
                return;
            }
        }
        out.insert((o, t, caps, false));
    }

    /// Empty square or enemy: the move there (with its capture); returns whether it was empty.
    fn land(&self, o: Sq, p: P, t: Sq, out: &mut BTreeSet<Key>) -> bool {
        if self.empty(t) {
            self.add(o, p, t, vec![], out);
            true
        } else {
            if self.enemy(t, p.white) {
                self.add(o, p, t, vec![t], out);
            }
            false
        }
    }

    fn piece_moves(&self, o: Sq, p: P, out: &mut BTreeSet<Key>) {
        let k = kind(self.rules, p);
        let sg = if p.white { 1 } else { -1 };
        let rel = |d: Sq| (d.0 * sg, d.1 * sg);
        self.slides(o, p, k, out);
        for &d in leaps(k) {
            let t = (o.0 + rel(d).0, o.1 + rel(d).1);
            if self.on(t) {
                self.land(o, p, t, out);
            }
        }
        match k {
            "lion" | "lionhawk" => self.lion(o, p, out),
            "eagle" => self.lion_lines(o, p, &[rel(dir("fl")), rel(dir("fr"))], out),
            "falcon" => self.lion_lines(o, p, &[rel(dir("f"))], out),
            "tetrarchs" => self.tetrarchs(o, p, out),
            _ => {}
        }
        if matches!(k, "demon" | "vgeneral") {
            self.area(o, p, out);
        }
        let jump_dirs: &[Sq] = match k {
            "ggeneral" => &KING8,
            "rgeneral" => &KING8[..4],
            "bgeneral" | "vgeneral" => &KING8[4..],
            _ => &[],
        };
        for &d in jump_dirs {
            self.jump_line(o, p, d, out);
        }
    }

    fn slides(&self, o: Sq, p: P, k: &str, out: &mut BTreeSet<Key>) {
        let sg = if p.white { 1 } else { -1 };
        // A spec is words of directions ended by `:RANGE`, e.g. `f b:S l r:1`.
        let mut dirs: Vec<&str> = Vec::new();
        for word in lines(k).split(' ') {
            let (d, range) = match word.split_once(':') {
                Some((d, r)) => (d, Some(r)),
                None => (word, None),
            };
            dirs.push(d);
            let Some(range) = range else { continue };
            let max = match range {
                "S" => INF,
                r => r.parse().unwrap(),
            };
            for name in dirs.drain(..) {
                let d = dir(name);
                let d = (d.0 * sg, d.1 * sg);
                let mut t = o;
                for _ in 0..max {
                    t = (t.0 + d.0, t.1 + d.1);
                    if !self.on(t) || !self.land(o, p, t, out) {
                        break;
                    }
                }
            }
        }
    }

    /// The full lion power: one or two king steps, capturing on each; igui; the pass when a
    /// neighbour is empty (Chu's §5 as both pages adopt it).
    fn lion(&self, o: Sq, p: P, out: &mut BTreeSet<Key>) {
        let mut pass = false;
        for a in KING8 {
            let x = (o.0 + a.0, o.1 + a.1);
            if !self.on(x) {
                continue;
            }
            pass |= self.empty(x);
            self.land(o, p, x, out);
            for c in KING8 {
                let y = (x.0 + c.0, x.1 + c.1);
                if !self.on(y) {
                    continue;
                }
                if self.enemy(x, p.white) {
                    if y == o {
                        self.add(o, p, o, vec![x], out);
                    } else if self.empty(y) {
                        self.add(o, p, y, vec![x], out);
                    } else if self.enemy(y, p.white) {
                        self.add(o, p, y, vec![x, y], out);
                    }
                }
                if y != o {
                    self.land(o, p, y, out);
                }
            }
        }
        if pass {
            out.insert((o, o, vec![], false));
        }
    }

    /// Lion lines (Horned Falcon forward, Soaring Eagle forward diagonals).
    fn lion_lines(&self, o: Sq, p: P, dirs: &[Sq], out: &mut BTreeSet<Key>) {
        let mut pass = false;
        for &d in dirs {
            let s1 = (o.0 + d.0, o.1 + d.1);
            let s2 = (s1.0 + d.0, s1.1 + d.1);
            if !self.on(s1) {
                continue;
            }
            pass |= self.empty(s1);
            self.land(o, p, s1, out);
            if self.enemy(s1, p.white) {
                self.add(o, p, o, vec![s1], out);
                if self.empty(s2) {
                    self.add(o, p, s2, vec![s1], out);
                } else if self.enemy(s2, p.white) {
                    self.add(o, p, s2, vec![s1, s2], out);
                }
            }
            if self.on(s2) {
                self.land(o, p, s2, out);
            }
        }
        if pass {
            out.insert((o, o, vec![], false));
        }
    }

    /// Tenjiku §4.5: the adjacent square skipped on every line; sideways two or three squares;
    /// igui on any neighbour.
    fn tetrarchs(&self, o: Sq, p: P, out: &mut BTreeSet<Key>) {
        for d in KING8 {
            let x = (o.0 + d.0, o.1 + d.1);
            if self.enemy(x, p.white) {
                self.add(o, p, o, vec![x], out);
            }
            let max = if d.1 == 0 { 3 } else { INF };
            for dist in 2..=max {
                let t = (o.0 + dist * d.0, o.1 + dist * d.1);
                if !self.on(t) || !self.land(o, p, t, out) {
                    break;
                }
            }
        }
    }

    /// Tenjiku §4.4: walks of one to three king steps through empty squares.
    fn area(&self, o: Sq, p: P, out: &mut BTreeSet<Key>) {
        let mut targets = BTreeSet::new();
        let mut frontier = vec![o];
        for _ in 0..3 {
            let mut next = Vec::new();
            for at in frontier {
                for d in KING8 {
                    let t = (at.0 + d.0, at.1 + d.1);
                    if t == o || !self.on(t) {
                        continue;
                    }
                    if self.empty(t) {
                        targets.insert(t);
                        next.push(t);
                    } else if self.enemy(t, p.white) {
                        targets.insert(t);
                    }
                }
            }
            frontier = next;
        }
        for t in targets {
            self.land(o, p, t, out);
        }
    }

    /// Tenjiku §4.3: captures along the line beyond pieces of strictly lower jump rank.
    fn jump_line(&self, o: Sq, p: P, d: Sq, out: &mut BTreeSet<Key>) {
        let mine = jump_rank(kind(self.rules, p));
        let mut t = o;
        loop {
            t = (t.0 + d.0, t.1 + d.1);
            if !self.on(t) {
                return;
            }
            let Some(q) = self.get(t) else { continue };
            if q.white != p.white {
                self.add(o, p, t, vec![t], out);
            }
            if jump_rank(kind(self.rules, q)) >= mine {
                return;
            }
        }
    }

    /// Plays a move: captures, placement and promotion, then Tenjiku's burning (§5): a mover
    /// next to an enemy Fire Demon burns; otherwise a Fire Demon mover burns its enemy
    /// neighbours.
    pub fn play(&self, m: &Key) -> Pos {
        let mut n = self.clone();
        let (o, t, caps, promo) = m;
        for &c in caps {
            n.set(c, None);
        }
        let mut p = n.get(*o).unwrap();
        n.set(*o, None);
        p.prom |= *promo;
        n.set(*t, Some(p));
        let around: Vec<Sq> = KING8.iter().map(|d| (t.0 + d.0, t.1 + d.1)).filter(|&s| n.on(s)).collect();
        let demon = |q: P| kind(self.rules, q) == "demon";
        if around.iter().any(|&s| n.get(s).is_some_and(|q| q.white != p.white && demon(q))) {
            n.set(*t, None);
        } else if demon(p) {
            for s in around {
                if n.enemy(s, p.white) {
                    n.set(s, None);
                }
            }
        }
        n.white = !n.white;
        n
    }

    /// Same board and side to move.
    pub fn same(&self, o: &Pos) -> bool {
        self.b == o.b && self.white == o.white
    }

    pub fn perft(&self, depth: u32) -> u64 {
        let ms = self.moves();
        if depth <= 1 {
            return ms.len() as u64;
        }
        ms.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
