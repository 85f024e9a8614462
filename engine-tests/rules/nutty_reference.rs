//! An independent Nutty Shogi move generator, written from the tables of
//! `docs/rules/nutty.md` (§2.4, §4 and §5) with its own board, for cross-checking the engine's counts. It shares no code
//! with the engine: plain 13x13 arrays, paths enumerated directly, moves as effect keys
//! (origin, destination, captured squares, promotion).

use std::collections::BTreeSet;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    id: u8,
    prom: bool,
    white: bool,
}

pub type Board = [[Option<P>; 13]; 13];

#[derive(Clone)]
pub struct Pos {
    b: Board,
    white: bool,
}

/// (origin, destination, captured squares sorted, promotes)
pub type Key = ((i32, i32), (i32, i32), Vec<(i32, i32)>, bool);

pub fn parse(fen: &str) -> Pos {
    let (board, side) = fen.split_once(' ').unwrap();
    let mut b: Board = [[None; 13]; 13];
    for (i, row) in board.split('/').enumerate() {
        let r = 12 - i;
        let mut f = 0usize;
        let mut num = 0usize;
        let mut prom = false;
        for c in row.chars() {
            if c.is_ascii_digit() {
                num = num * 10 + c.to_digit(10).unwrap() as usize;
                continue;
            }
            f += num;
            num = 0;
            if c == '+' {
                prom = true;
                continue;
            }
            b[f][r] = Some(P { id: c.to_ascii_uppercase() as u8, prom, white: c.is_ascii_uppercase() });
            prom = false;
            f += 1;
        }
    }
    Pos { b, white: side == "w" }
}

/// What the piece moves as (section 2.3).
fn kind(p: P) -> &'static str {
    match (p.id, p.prom) {
        (b'K', _) => "king",
        (b'F', _) | (b'W', true) => "demon",
        (b'I', false) | (b'O', true) => "lion",
        (b'I', true) => "griffon",
        (b'Q', false) | (b'X', true) => "queen",
        (b'Q', true) => "harpy",
        (b'W', false) => "buffalo",
        (b'A', false) | (b'U', true) => "chariot",
        (b'A', true) => "tetrarchs",
        (b'X', false) => "phoenix",
        (b'O', false) => "kirin",
        (b'M', false) | (b'S', true) => "vmover",
        (b'J', false) => "jrook",
        (b'J', true) => "jqueen",
        (b'Y', false) => "jbishop",
        (b'V', _) | (b'Y', true) => "regent",
        (b'C', false) | (b'R', true) => "castle",
        (b'C', true) => "eagle",
        (b'H', false) | (b'B', true) => "cbishop",
        (b'H', true) => "unicorn",
        (b'R', false) | (b'G', true) => "rook",
        (b'B', false) | (b'E', true) => "bishop",
        (b'U', false) | (b'N', true) => "soldier",
        (b'L', false) => "lance",
        (b'L', true) => "whorse",
        (b'N', false) => "knight",
        (b'E', false) => "leopard",
        (b'M', true) => "nqueen",
        (b'S', false) => "silver",
        (b'G', false) | (b'P', true) => "gold",
        (b'T', false) => "tiger",
        (b'T', true) => "stag",
        (b'D', false) => "dog",
        (b'D', true) => "greyhound",
        (b'P', false) => "pawn",
        _ => panic!("unknown piece {}", p.id as char),
    }
}

fn jump_rank(p: P) -> u8 {
    match kind(p) {
        "king" => 4,
        "jqueen" => 3,
        "regent" => 2,
        "jrook" | "jbishop" => 1,
        _ => 0,
    }
}

const F: (i32, i32) = (0, 1);
const BK: (i32, i32) = (0, -1);
const S: [(i32, i32); 2] = [(1, 0), (-1, 0)];
const FD: [(i32, i32); 2] = [(1, 1), (-1, 1)];
const BD: [(i32, i32); 2] = [(1, -1), (-1, -1)];
const INF: i32 = 99;

/// Slides: (owner-relative direction, maximum distance).
fn slides(k: &str) -> Vec<((i32, i32), i32)> {
    let mut v = Vec::new();
    let mut add = |dirs: &[(i32, i32)], n: i32| {
        for &d in dirs {
            v.push((d, n));
        }
    };
    let orth = [F, BK, S[0], S[1]];
    let diag = [FD[0], FD[1], BD[0], BD[1]];
    match k {
        "king" => {
            add(&orth, 1);
            add(&diag, 1);
        }
        "demon" => {
            add(&diag, INF);
            add(&S, INF);
        }
        "griffon" | "bishop" | "jbishop" | "regent" => add(&diag, INF),
        "queen" | "harpy" | "jqueen" => {
            add(&orth, INF);
            add(&diag, INF);
        }
        "buffalo" => {
            add(&diag, INF);
            add(&S, INF);
            add(&[F], 2);
        }
        "chariot" => {
            add(&diag, INF);
            add(&[F], INF);
            add(&S, 2);
        }
        "phoenix" => add(&orth, 1),
        "kirin" => add(&diag, 1),
        "vmover" => {
            add(&[F, BK], INF);
            add(&S, 1);
        }
        "jrook" | "rook" => add(&orth, INF),
        "castle" => {
            add(&orth, INF);
            add(&diag, 1);
        }
        "cbishop" => {
            add(&diag, INF);
            add(&orth, 1);
        }
        "soldier" => {
            add(&[F], 2);
            add(&S, INF);
            add(&[BK], 1);
        }
        "lance" => add(&[F], INF),
        "leopard" => {
            add(&FD, 1);
            add(&BD, 1);
            add(&[F, BK], 1);
        }
        "silver" => {
            add(&FD, 1);
            add(&BD, 1);
            add(&[F], 1);
        }
        "gold" => {
            add(&[F, BK], 1);
            add(&FD, 1);
            add(&S, 1);
        }
        "tiger" => {
            add(&FD, 1);
            add(&BD, 1);
            add(&S, 1);
            add(&[BK], 1);
        }
        "dog" => {
            add(&[F], 1);
            add(&BD, 1);
        }
        "pawn" => add(&[F], 1),
        "eagle" => {
            add(&[F, BK], INF);
            add(&S, INF);
            add(&BD, INF);
        }
        "unicorn" => {
            add(&FD, INF);
            add(&BD, INF);
            add(&S, INF);
            add(&[BK], INF);
        }
        "nqueen" => {
            add(&diag, INF);
            add(&[F, BK], INF);
        }
        "whorse" => {
            add(&[F, BK], INF);
            add(&FD, INF);
        }
        "stag" => {
            add(&[F, BK], INF);
            add(&diag, 1);
            add(&S, 1);
        }
        "greyhound" => {
            add(&[F], INF);
            add(&BD, INF);
        }
        _ => {}
    }
    v
}

fn leaps(k: &str) -> Vec<(i32, i32)> {
    match k {
        "phoenix" => vec![(2, 2), (-2, 2), (2, -2), (-2, -2)],
        "kirin" => vec![(2, 0), (-2, 0), (0, 2), (0, -2)],
        "knight" => vec![(1, 2), (-1, 2)],
        "harpy" => vec![(2, 2), (-2, 2), (2, -2), (-2, -2), (2, 0), (-2, 0), (0, 2), (0, -2)],
        _ => vec![],
    }
}

impl Pos {
    fn at(&self, s: (i32, i32)) -> Option<Option<P>> {
        if (0..13).contains(&s.0) && (0..13).contains(&s.1) {
            Some(self.b[s.0 as usize][s.1 as usize])
        } else {
            None
        }
    }
    fn enemy(&self, s: (i32, i32), white: bool) -> bool {
        matches!(self.at(s), Some(Some(p)) if p.white != white)
    }
    fn empty(&self, s: (i32, i32)) -> bool {
        matches!(self.at(s), Some(None))
    }
    fn kings(&self) -> (bool, bool) {
        let mut w = false;
        let mut b = false;
        for f in 0..13 {
            for r in 0..13 {
                if let Some(p) = self.b[f][r] {
                    if p.id == b'K' {
                        if p.white {
                            w = true;
                        } else {
                            b = true;
                        }
                    }
                }
            }
        }
        (w, b)
    }

    /// Every move of the side to move, as effect keys.
    pub fn moves(&self) -> BTreeSet<Key> {
        let mut out = BTreeSet::new();
        let (w, b) = self.kings();
        if !w || !b {
            return out;
        }
        for f in 0..13 {
            for r in 0..13 {
                if let Some(p) = self.b[f][r] {
                    if p.white == self.white {
                        self.piece_moves((f as i32, r as i32), p, &mut out);
                    }
                }
            }
        }
        out
    }

    fn piece_moves(&self, o: (i32, i32), p: P, out: &mut BTreeSet<Key>) {
        let wh = p.white;
        let sg = if wh { 1 } else { -1 };
        let rel = |d: (i32, i32)| (d.0 * sg, d.1 * sg);
        let add = |t: (i32, i32), mut caps: Vec<(i32, i32)>, out: &mut BTreeSet<Key>| {
            caps.sort();
            caps.dedup();
            let zone = |s: (i32, i32)| if wh { s.1 >= 9 } else { s.1 <= 3 };
            let can = !p.prom && !matches!(p.id, b'K' | b'F' | b'V');
            if can && ((!zone(o) && zone(t)) || (zone(o) && !caps.is_empty())) {
                out.insert((o, t, caps.clone(), true));
            }
            out.insert((o, t, caps, false));
        };
        let k = kind(p);
        // Slides.
        for (d, n) in slides(k) {
            let d = rel(d);
            let mut t = o;
            for _ in 0..n {
                t = (t.0 + d.0, t.1 + d.1);
                match self.at(t) {
                    None => break,
                    Some(None) => add(t, vec![], out),
                    Some(Some(q)) => {
                        if q.white != wh {
                            add(t, vec![t], out);
                        }
                        break;
                    }
                }
            }
        }
        for d in leaps(k) {
            let d = rel(d);
            let t = (o.0 + d.0, o.1 + d.1);
            if self.empty(t) {
                add(t, vec![], out);
            } else if self.enemy(t, wh) {
                add(t, vec![t], out);
            }
        }
        let king8: Vec<(i32, i32)> =
            (-1..=1).flat_map(|x| (-1..=1).map(move |y| (x, y))).filter(|&d| d != (0, 0)).collect();
        let diag4 = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        // Two-step pieces: first steps `firsts`, second steps `seconds` (from the first square).
        let two_step = |firsts: &[(i32, i32)], seconds: &[(i32, i32)], out: &mut BTreeSet<Key>| {
            let mut pass = false;
            for &a in firsts {
                let x = (o.0 + a.0, o.1 + a.1);
                if self.at(x).is_none() {
                    continue;
                }
                if self.empty(x) {
                    pass = true;
                }
                for &c in seconds {
                    let y = (x.0 + c.0, x.1 + c.1);
                    if self.at(y).is_none() {
                        continue;
                    }
                    if self.enemy(x, wh) {
                        if y == o {
                            add(o, vec![x], out);
                        } else if self.empty(y) {
                            add(y, vec![x], out);
                        } else if self.enemy(y, wh) {
                            add(y, vec![x, y], out);
                        }
                    }
                    // The first step as a jump: a leap to y.
                    if y != o {
                        if self.empty(y) {
                            add(y, vec![], out);
                        } else if self.enemy(y, wh) {
                            add(y, vec![y], out);
                        }
                    }
                }
                // One step.
                if self.empty(x) {
                    add(x, vec![], out);
                } else if self.enemy(x, wh) {
                    add(x, vec![x], out);
                }
            }
            if pass {
                out.insert((o, o, vec![], false));
            }
        };
        match k {
            "lion" | "griffon" => two_step(&king8, &king8, out),
            "harpy" => two_step(&diag4, &diag4, out),
            "eagle" | "unicorn" => {
                let dirs: Vec<(i32, i32)> = if k == "eagle" { vec![rel((1, 1)), rel((-1, 1))] } else { vec![rel(F)] };
                let mut pass = false;
                for d in dirs {
                    let s1 = (o.0 + d.0, o.1 + d.1);
                    let s2 = (s1.0 + d.0, s1.1 + d.1);
                    if self.at(s1).is_none() {
                        continue;
                    }
                    if self.empty(s1) {
                        pass = true;
                        add(s1, vec![], out);
                    } else if self.enemy(s1, wh) {
                        add(s1, vec![s1], out);
                        add(o, vec![s1], out);
                        if self.empty(s2) {
                            add(s2, vec![s1], out);
                        } else if self.enemy(s2, wh) {
                            add(s2, vec![s1, s2], out);
                        }
                    }
                    if self.empty(s2) {
                        add(s2, vec![], out);
                    } else if self.enemy(s2, wh) {
                        add(s2, vec![s2], out);
                    }
                }
                if pass {
                    out.insert((o, o, vec![], false));
                }
            }
            "tetrarchs" => {
                for d in king8.iter().copied() {
                    let x = (o.0 + d.0, o.1 + d.1);
                    if self.enemy(x, wh) {
                        add(o, vec![x], out);
                    }
                    let max = if d.1 == 0 { 3 } else { INF };
                    let mut k2 = 2;
                    while k2 <= max {
                        let t = (o.0 + k2 * d.0, o.1 + k2 * d.1);
                        match self.at(t) {
                            None => break,
                            Some(None) => add(t, vec![], out),
                            Some(Some(q)) => {
                                if q.white != wh {
                                    add(t, vec![t], out);
                                }
                                break;
                            }
                        }
                        k2 += 1;
                    }
                }
            }
            _ => {}
        }
        if matches!(k, "demon" | "regent") {
            // Every path of 1-3 king steps; squares before the last must be empty (or the origin).
            fn walk(pos: &Pos, o: (i32, i32), at: (i32, i32), left: i32, wh: bool, out: &mut Vec<(i32, i32)>) {
                if left == 0 {
                    return;
                }
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        if (dx, dy) == (0, 0) {
                            continue;
                        }
                        let t = (at.0 + dx, at.1 + dy);
                        if pos.at(t).is_none() {
                            continue;
                        }
                        if t != o && (pos.empty(t) || pos.enemy(t, wh)) {
                            out.push(t);
                        }
                        if t == o || pos.empty(t) {
                            walk(pos, o, t, left - 1, wh, out);
                        }
                    }
                }
            }
            let mut ts = Vec::new();
            walk(self, o, o, 3, wh, &mut ts);
            for t in ts {
                let caps = if self.enemy(t, wh) { vec![t] } else { vec![] };
                add(t, caps, out);
            }
        }
        let jump_dirs: Vec<(i32, i32)> = match k {
            "jrook" => vec![(0, 1), (0, -1), (1, 0), (-1, 0)],
            "jbishop" | "regent" => diag4.to_vec(),
            "jqueen" => king8.clone(),
            _ => vec![],
        };
        for d in jump_dirs {
            let mut t = o;
            loop {
                t = (t.0 + d.0, t.1 + d.1);
                match self.at(t) {
                    None => break,
                    Some(None) => {}
                    Some(Some(q)) => {
                        if q.white != wh {
                            add(t, vec![t], out);
                        }
                        if jump_rank(q) >= jump_rank(p) {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Plays a move (section 5's order: captures, placement, promotion, passive then active
    /// burning).
    pub fn play(&self, m: &Key) -> Pos {
        let mut n = self.clone();
        let (o, t, caps, promo) = m;
        for c in caps {
            n.b[c.0 as usize][c.1 as usize] = None;
        }
        let mut p = n.b[o.0 as usize][o.1 as usize].take().unwrap();
        if *promo {
            p.prom = true;
        }
        n.b[t.0 as usize][t.1 as usize] = Some(p);
        let around: Vec<(i32, i32)> = (-1..=1)
            .flat_map(|x| (-1..=1).map(move |y| (t.0 + x, t.1 + y)))
            .filter(|s| s != t && (0..13).contains(&s.0) && (0..13).contains(&s.1))
            .collect();
        let demon = |q: P| kind(q) == "demon";
        if around.iter().any(|s| matches!(n.b[s.0 as usize][s.1 as usize], Some(q) if q.white != p.white && demon(q))) {
            n.b[t.0 as usize][t.1 as usize] = None;
        } else if demon(p) {
            for s in around {
                if matches!(n.b[s.0 as usize][s.1 as usize], Some(q) if q.white != p.white) {
                    n.b[s.0 as usize][s.1 as usize] = None;
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
        if depth == 1 {
            return ms.len() as u64;
        }
        ms.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
