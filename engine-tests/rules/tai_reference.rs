//! An independent Tai Shogi move generator, written from the rules of `docs/rules/tai.md` alone:
//! its own board (a plain 25x25 array), its own FEN reader, and moves read from the direction
//! columns of the §2.2 table (`data/tai_pieces.md`), not from the engine's
//! Betza strings or tables. It is slow and simple on purpose: every move is an explicit walk,
//! and the Emperor's protection test generates the defender's moves in the position after the
//! capture instead of a reverse lookup. It ignores repetition, like perft.

use std::collections::BTreeSet;

/// A move's effect (section 8): origin, destination, captured squares (sorted), promotion.
pub type Effect = (usize, usize, Vec<usize>, bool);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub white: bool,
    /// Row (0-based) of the type it started as.
    pub base: usize,
    pub promoted: bool,
}

pub struct Table {
    ids: Vec<String>,
    names: Vec<String>,
    dirs: Vec<Vec<String>>,
    /// Row of the type it promotes to.
    promotes: Vec<Option<usize>>,
}

impl Table {
    pub fn load() -> Table {
        let mut t = Table { ids: vec![], names: vec![], dirs: vec![], promotes: vec![] };
        let mut promo_names = vec![];
        for l in include_str!("data/tai_pieces.md").lines() {
            let c: Vec<String> = l.trim().trim_matches('|').split('|').map(|x| x.trim().to_string()).collect();
            t.ids.push(c[2].trim_matches('`').trim_matches(|ch| ch == '(' || ch == ')').to_string());
            t.names.push(c[1].split(" (").next().unwrap().to_string());
            t.dirs.push(c[3..11].to_vec());
            promo_names.push(c[12].split(" (").next().unwrap().to_string());
        }
        for p in &promo_names {
            t.promotes.push(if p == "—" { None } else { Some(t.names.iter().position(|n| n == p).unwrap()) });
        }
        t
    }

    fn row(&self, id: &str) -> Option<usize> {
        self.ids.iter().position(|x| x.eq_ignore_ascii_case(id))
    }

    /// The row whose moves the piece uses.
    fn moves_row(&self, p: Piece) -> usize {
        if p.promoted {
            self.promotes[p.base].unwrap()
        } else {
            p.base
        }
    }

    fn is_emperor(&self, p: Piece) -> bool {
        self.moves_row(p) == 0
    }

    fn is_royal(&self, p: Piece) -> bool {
        let r = self.moves_row(p);
        r == 0 || self.names[r] == "Crown Prince"
    }
}

#[derive(Clone)]
pub struct Board {
    pub sq: Vec<Option<Piece>>,
    pub white_to_move: bool,
}

pub fn idx(file: i32, rank: i32) -> Option<usize> {
    if (0..25).contains(&file) && (0..25).contains(&rank) {
        Some((rank * 25 + file) as usize)
    } else {
        None
    }
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 25) as i32, (i / 25) as i32)
}

impl Board {
    pub fn from_fen(t: &Table, fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut sq = vec![None; 625];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 24 - i as i32;
            let mut file = 0;
            let b: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < b.len() {
                if b[j].is_ascii_digit() {
                    let mut n = 0;
                    while j < b.len() && b[j].is_ascii_digit() {
                        n = n * 10 + b[j].to_digit(10).unwrap() as i32;
                        j += 1;
                    }
                    file += n;
                    continue;
                }
                let promoted = b[j] == '+';
                if promoted {
                    j += 1;
                }
                let id: String = if b[j] == '(' {
                    let k = j + b[j..].iter().position(|&c| c == ')').unwrap();
                    let s = b[j + 1..k].iter().collect();
                    j = k + 1;
                    s
                } else {
                    j += 1;
                    b[j - 1].to_string()
                };
                let white = id.chars().next().unwrap().is_ascii_uppercase();
                let base = t.row(&id).unwrap_or_else(|| panic!("reference: unknown ID {id}"));
                sq[idx(file, rank).unwrap()] = Some(Piece { white, base, promoted });
                file += 1;
            }
        }
        Board { sq, white_to_move: f.get(1) != Some(&"b") }
    }

    fn owner(&self, i: usize) -> Option<bool> {
        self.sq[i].map(|p| p.white)
    }

    fn has_royal(&self, t: &Table, white: bool) -> bool {
        self.sq.iter().flatten().any(|p| p.white == white && t.is_royal(*p))
    }

    /// Every move effect of the side to move (none once a side has lost its royals).
    pub fn moves(&self, t: &Table) -> BTreeSet<Effect> {
        let mut out = BTreeSet::new();
        if !self.has_royal(t, true) || !self.has_royal(t, false) {
            return out;
        }
        for i in 0..625 {
            if let Some(p) = self.sq[i] {
                if p.white == self.white_to_move {
                    self.piece_moves(t, i, &mut out);
                }
            }
        }
        out
    }

    /// The effects of the piece on `from` (of either side).
    fn piece_moves(&self, t: &Table, from: usize, out: &mut BTreeSet<Effect>) {
        let p = self.sq[from].unwrap();
        let me = p.white;
        let s = if me { 1 } else { -1 };
        let (x0, y0) = fr(from);
        let can_promote = !p.promoted && t.promotes[p.base].is_some();
        let mut add = |to: usize, mut caps: Vec<usize>| {
            caps.sort();
            caps.dedup();
            let promo = can_promote && !caps.is_empty();
            out.insert((from, to, caps, promo));
        };
        let at = |dx: i32, dy: i32| idx(x0 + s * dx, y0 + s * dy);
        let enemy = |i: usize| self.owner(i) == Some(!me);
        let friend = |i: usize| self.owner(i) == Some(me);
        let row = t.moves_row(p);
        // f b l r fl fr bl br, owner-relative (l = toward file a for the first player).
        let dirs = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)];
        let mut lion = false;
        let mut pass = false;
        for (code, &(dx, dy)) in t.dirs[row].iter().zip(dirs.iter()) {
            let mut code = code.as_str();
            if let Some(c) = code.strip_suffix("+L") {
                lion = true;
                code = c;
            }
            let range = match code {
                "1" => 1,
                "2" => 2,
                "3" => 3,
                "5" => 5,
                "S" => 25,
                _ => 0,
            };
            for k in 1..=range {
                let Some(i) = at(k * dx, k * dy) else { break };
                if friend(i) {
                    break;
                }
                add(i, if enemy(i) { vec![i] } else { vec![] });
                if enemy(i) {
                    break;
                }
            }
            match code {
                "L" => lion = true,
                "J2" => {
                    if let Some(i) = at(2 * dx, 2 * dy) {
                        if !friend(i) {
                            add(i, if enemy(i) { vec![i] } else { vec![] });
                        }
                    }
                }
                "Kn" => {
                    for kx in [-1, 1] {
                        if let Some(i) = at(kx, 2) {
                            if !friend(i) {
                                add(i, if enemy(i) { vec![i] } else { vec![] });
                            }
                        }
                    }
                }
                "LL" => {
                    if let Some(s1) = at(dx, dy) {
                        if self.sq[s1].is_none() {
                            pass = true;
                        }
                        if !friend(s1) {
                            add(s1, if enemy(s1) { vec![s1] } else { vec![] });
                        }
                        if enemy(s1) {
                            add(from, vec![s1]);
                        }
                        if let Some(s2) = at(2 * dx, 2 * dy) {
                            if !friend(s2) {
                                add(s2, if enemy(s2) { vec![s2] } else { vec![] });
                                if enemy(s1) {
                                    add(s2, if enemy(s2) { vec![s1, s2] } else { vec![s1] });
                                }
                            }
                        }
                    }
                }
                "H" => {
                    // First leg along (dx, dy); from each empty corner, a slide either way at
                    // right angles.
                    for k in 1..25 {
                        let Some(c) = at(k * dx, k * dy) else { break };
                        if friend(c) {
                            break;
                        }
                        if enemy(c) {
                            add(c, vec![c]);
                            break;
                        }
                        add(c, vec![]);
                        for (ux, uy) in [(dy, -dx), (-dy, dx)] {
                            for j in 1..25 {
                                let Some(i) = at(k * dx + j * ux, k * dy + j * uy) else { break };
                                if friend(i) {
                                    break;
                                }
                                add(i, if enemy(i) { vec![i] } else { vec![] });
                                if enemy(i) {
                                    break;
                                }
                            }
                        }
                    }
                }
                "*" => {}
                _ => {}
            }
        }
        if lion {
            for ay in -2..=2 {
                for ax in -2..=2 {
                    if (ax, ay) == (0, 0) {
                        continue;
                    }
                    let Some(i) = at(ax, ay) else { continue };
                    if friend(i) {
                        continue;
                    }
                    add(i, if enemy(i) { vec![i] } else { vec![] });
                    let adjacent = ax.abs() <= 1 && ay.abs() <= 1;
                    if adjacent && self.sq[i].is_none() {
                        pass = true;
                    }
                    if adjacent && enemy(i) {
                        for by in -1..=1 {
                            for bx in -1..=1 {
                                if (bx, by) == (0, 0) {
                                    continue;
                                }
                                let Some(y) = at(ax + bx, ay + by) else { continue };
                                if y == from {
                                    add(from, vec![i]);
                                } else if self.sq[y].is_none() {
                                    add(y, vec![i]);
                                } else if enemy(y) {
                                    add(y, vec![i, y]);
                                }
                            }
                        }
                    }
                }
            }
        }
        if pass {
            add(from, vec![]);
        }
        if t.is_emperor(p) {
            for i in 0..625 {
                if i == from || friend(i) {
                    continue;
                }
                if self.sq[i].is_none() {
                    add(i, vec![]);
                } else if !self.protected(t, from, i) {
                    add(i, vec![i]);
                }
            }
        }
    }

    /// Section 5.8: whether the piece on `target` is protected against the Emperor on `from`.
    fn protected(&self, t: &Table, from: usize, target: usize) -> bool {
        let b = self.sq[target].unwrap().white;
        let other_emperor =
            (0..625).any(|i| i != target && self.sq[i].is_some_and(|p| p.white == b && t.is_emperor(p)));
        if other_emperor {
            return true;
        }
        let mut after = self.clone();
        after.sq[target] = self.sq[from];
        after.sq[from] = None;
        let mut replies = BTreeSet::new();
        for i in 0..625 {
            if after.sq[i].is_some_and(|p| p.white == b) {
                after.piece_moves(t, i, &mut replies);
            }
        }
        replies.iter().any(|(_, _, caps, _)| caps.contains(&target))
    }

    pub fn play(&self, e: &Effect) -> Board {
        let mut b = self.clone();
        let (from, to, caps, promo) = e;
        let mut p = b.sq[*from].unwrap();
        for &c in caps {
            b.sq[c] = None;
        }
        b.sq[*from] = None;
        if *promo {
            p.promoted = true;
        }
        b.sq[*to] = Some(p);
        b.white_to_move = !b.white_to_move;
        b
    }

    pub fn perft(&self, t: &Table, depth: u32) -> u64 {
        let ms = self.moves(t);
        if depth == 1 {
            return ms.len() as u64;
        }
        ms.iter().map(|e| self.play(e).perft(t, depth - 1)).sum()
    }
}
