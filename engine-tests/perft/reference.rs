//! An independent, deliberately simple reference move generator for Bigorra and Chu Shogi.
//!
//! Written from the rules files only (`shared/rules/bigorra.md`, `shared/rules/chu-shogi.md`),
//! never from the engine's move generator. It shares no code with the engine: it reads FEN
//! text itself, keeps the board as a 2-D `Vec` of `Option<(colour, ID)>` and produces legal
//! moves as canonical text strings in the engine's notation. Speed is not a goal; clarity is.
//!
//! Coordinates: a square is `(file, rank)`, both counted from 0, so `a1` = `(0, 0)`.
//! Colour `'w'` is the first player (upper-case IDs), `'b'` the second.

use std::collections::BTreeSet;
use std::sync::OnceLock;

pub type Sq = (i32, i32);
pub type Cell = Option<(char, String)>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    Bigorra,
    Chu,
}

impl Game {
    pub fn size(self) -> i32 {
        match self {
            Game::Bigorra => 16,
            Game::Chu => 12,
        }
    }
}

#[derive(Clone, Debug)]
pub struct RefPos {
    pub game: Game,
    pub n: i32,
    /// `board[rank][file]`.
    pub board: Vec<Vec<Cell>>,
    pub side: char,
    /// Bigorra leap rights (FEN field 3), indexed by [`ci`].
    pub leap: [bool; 2],
    /// Bigorra e.p. square (FEN field 4).
    pub ep: Option<Sq>,
    /// Bigorra halfmove clock.
    pub halfmove: u32,
    pub fullmove: u32,
    /// Chu counter-strike square (FEN field 3): Rule B is active when set.
    pub counter_strike: Option<Sq>,
}

/// One move. `mid` is a Chu lion-type intermediate capture, `ep_victim` the square emptied by a
/// Bigorra e.p. capture, `promo` the ID the piece becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RMove {
    pub from: Sq,
    pub to: Sq,
    pub mid: Option<Sq>,
    pub ep_victim: Option<Sq>,
    pub promo: Option<&'static str>,
}

impl RMove {
    fn plain(from: Sq, to: Sq) -> RMove {
        RMove { from, to, mid: None, ep_victim: None, promo: None }
    }
}

pub fn other(c: char) -> char {
    if c == 'w' {
        'b'
    } else {
        'w'
    }
}

pub fn ci(c: char) -> usize {
    if c == 'w' {
        0
    } else {
        1
    }
}

pub fn sq_name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

pub fn parse_sq(t: &str) -> Option<Sq> {
    let mut ch = t.chars();
    let f = ch.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let r: i32 = ch.as_str().parse().ok()?;
    Some((f as i32 - 'a' as i32, r - 1))
}

/// The engine's move text: `from`+`to`, legs through a captured intermediate square, `+` for
/// a Chu promotion. Bigorra promotions are forced and carry no suffix.
pub fn move_text(game: Game, m: &RMove) -> String {
    let mut s = sq_name(m.from);
    if let Some(x) = m.mid {
        s += &sq_name(x);
        s.push(',');
        s += &sq_name(x);
    }
    s += &sq_name(m.to);
    if game == Game::Chu && m.promo.is_some() {
        s.push('+');
    }
    s
}

fn cheb(a: Sq, b: Sq) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

/// All sign and order variants of the offset (a, b).
fn fam(a: i32, b: i32) -> Vec<Sq> {
    let mut v = Vec::new();
    for &(p, q) in &[(a, b), (b, a)] {
        for sx in [-1, 1] {
            for sy in [-1, 1] {
                let o = (p * sx, q * sy);
                if !v.contains(&o) {
                    v.push(o);
                }
            }
        }
    }
    v
}

const ORTH: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ALL8: [Sq; 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

impl RefPos {
    // ---------------------------------------------------------------- FEN

    pub fn from_fen(game: Game, fen: &str) -> Result<RefPos, String> {
        let n = game.size();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err("empty FEN".into());
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() as i32 != n {
            return Err(format!("{} ranks, expected {n}", ranks.len()));
        }
        let mut board: Vec<Vec<Cell>> = vec![vec![None; n as usize]; n as usize];
        for (i, r) in ranks.iter().enumerate() {
            let y = n - 1 - i as i32;
            let chars: Vec<char> = r.chars().collect();
            let mut x = 0i32;
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                if c.is_ascii_digit() {
                    let mut num = 0i32;
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        num = num * 10 + chars[k].to_digit(10).unwrap() as i32;
                        k += 1;
                    }
                    x += num;
                    continue;
                }
                let (id, colour_letter) = if c == '(' {
                    let mut id = String::new();
                    k += 1;
                    while k < chars.len() && chars[k] != ')' {
                        id.push(chars[k]);
                        k += 1;
                    }
                    if k >= chars.len() {
                        return Err(format!("unclosed '(' in rank {r}"));
                    }
                    let first = id.chars().next().ok_or("empty ()")?;
                    (id.to_ascii_uppercase(), first)
                } else if c == '+' {
                    k += 1;
                    let l = *chars.get(k).ok_or("'+' at end of rank")?;
                    (format!("+{}", l.to_ascii_uppercase()), l)
                } else if c.is_ascii_alphabetic() {
                    (c.to_ascii_uppercase().to_string(), c)
                } else {
                    return Err(format!("bad character '{c}'"));
                };
                k += 1;
                if x >= n {
                    return Err(format!("rank {r} too long"));
                }
                let colour = if colour_letter.is_ascii_uppercase() { 'w' } else { 'b' };
                board[y as usize][x as usize] = Some((colour, id));
                x += 1;
            }
            if x != n {
                return Err(format!("rank '{r}' has {x} squares"));
            }
        }
        let side = match fields.get(1) {
            None | Some(&"w") => 'w',
            Some(&"b") => 'b',
            Some(s) => return Err(format!("bad side '{s}'")),
        };
        let mut p = RefPos {
            game,
            n,
            board,
            side,
            leap: [false, false],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            counter_strike: None,
        };
        match game {
            Game::Bigorra => {
                let lr = fields.get(2).copied().unwrap_or("-");
                p.leap = [lr.contains('K'), lr.contains('k')];
                p.ep = match fields.get(3) {
                    None | Some(&"-") => None,
                    Some(s) => Some(parse_sq(s).ok_or("bad e.p. square")?),
                };
                p.halfmove = fields.get(4).map(|s| s.parse().unwrap_or(0)).unwrap_or(0);
                p.fullmove = fields.get(5).map(|s| s.parse().unwrap_or(1)).unwrap_or(1);
            }
            Game::Chu => {
                p.counter_strike = match fields.get(2) {
                    None | Some(&"-") => None,
                    Some(s) => Some(parse_sq(s).ok_or("bad counter-strike square")?),
                };
                p.fullmove = fields.get(3).map(|s| s.parse().unwrap_or(1)).unwrap_or(1);
            }
        }
        Ok(p)
    }

    pub fn board_fen(&self) -> String {
        let mut s = String::new();
        for y in (0..self.n).rev() {
            let mut run = 0;
            for x in 0..self.n {
                match self.at((x, y)) {
                    None => run += 1,
                    Some((c, id)) => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        let t = if *c == 'w' { id.to_ascii_uppercase() } else { id.to_ascii_lowercase() };
                        if self.game == Game::Bigorra && t.len() > 1 {
                            s += &format!("({t})");
                        } else {
                            s += &t;
                        }
                    }
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            if y > 0 {
                s.push('/');
            }
        }
        s
    }

    pub fn to_fen(&self) -> String {
        let b = self.board_fen();
        match self.game {
            Game::Bigorra => {
                let mut lr = String::new();
                if self.leap[0] {
                    lr.push('K');
                }
                if self.leap[1] {
                    lr.push('k');
                }
                if lr.is_empty() {
                    lr.push('-');
                }
                let ep = self.ep.map(sq_name).unwrap_or_else(|| "-".into());
                format!("{b} {} {lr} {ep} {} {}", self.side, self.halfmove, self.fullmove)
            }
            Game::Chu => {
                let cs = self.counter_strike.map(sq_name).unwrap_or_else(|| "-".into());
                format!("{b} {} {cs} {}", self.side, self.fullmove)
            }
        }
    }

    // ---------------------------------------------------------------- board access

    pub fn on(&self, s: Sq) -> bool {
        s.0 >= 0 && s.1 >= 0 && s.0 < self.n && s.1 < self.n
    }

    pub fn at(&self, s: Sq) -> &Cell {
        &self.board[s.1 as usize][s.0 as usize]
    }

    pub fn set(&mut self, s: Sq, c: Cell) {
        self.board[s.1 as usize][s.0 as usize] = c;
    }

    fn colour_at(&self, s: Sq) -> Option<char> {
        self.at(s).as_ref().map(|(c, _)| *c)
    }

    fn id_at(&self, s: Sq) -> Option<&str> {
        self.at(s).as_ref().map(|(_, id)| id.as_str())
    }

    fn is_enemy(&self, s: Sq, me: char) -> bool {
        self.colour_at(s) == Some(other(me))
    }

    fn squares_of(&self, c: char) -> Vec<Sq> {
        let mut v = Vec::new();
        for y in 0..self.n {
            for x in 0..self.n {
                if self.colour_at((x, y)) == Some(c) {
                    v.push((x, y));
                }
            }
        }
        v
    }

    /// The squares whose pieces `m` captures (before it is made).
    pub fn captured_squares(&self, m: &RMove) -> Vec<Sq> {
        let mut v = Vec::new();
        if let Some(x) = m.mid {
            v.push(x);
        }
        if let Some(l) = m.ep_victim {
            v.push(l);
        }
        if m.to != m.from && self.at(m.to).is_some() {
            v.push(m.to);
        }
        v
    }

    // ---------------------------------------------------------------- make

    /// Moves the pieces of `m` on the board only, returning what [`RefPos::revert`] needs.
    fn apply(&mut self, m: &RMove) -> Vec<(Sq, Cell)> {
        let mover = self.at(m.from).clone().expect("move from an empty square");
        let mut saved = Vec::new();
        for s in self.captured_squares(m) {
            saved.push((s, self.at(s).clone()));
            self.set(s, None);
        }
        saved.push((m.from, self.at(m.from).clone()));
        saved.push((m.to, self.at(m.to).clone()));
        self.set(m.from, None);
        let new_id = m.promo.map(|s| s.to_string()).unwrap_or(mover.1);
        self.set(m.to, Some((mover.0, new_id)));
        saved
    }

    fn revert(&mut self, saved: Vec<(Sq, Cell)>) {
        for (s, c) in saved.into_iter().rev() {
            self.set(s, c);
        }
    }

    /// The position after `m` (a new value; the board is small enough to copy).
    pub fn make(&self, m: &RMove) -> RefPos {
        let mut q = self.clone();
        let (mc, mid_) = self.at(m.from).clone().expect("move from an empty square");
        let caps = self.captured_squares(m);
        let dx = m.to.0 - m.from.0;
        let dy = m.to.1 - m.from.1;
        q.apply(m);
        match self.game {
            Game::Bigorra => {
                // §3.2: any King move removes the right for good.
                if mid_ == "K" {
                    q.leap[ci(mc)] = false;
                }
                // §3.3: a non-promoting double step sets the e.p. square.
                let rapid = matches!(mid_.as_str(), "P" | "S" | "PR");
                q.ep = if rapid && dx == 0 && dy.abs() == 2 && m.promo.is_none() {
                    Some((m.from.0, m.from.1 + dy / 2))
                } else {
                    None
                };
                // §3.6 halfmove clock.
                let reset = !caps.is_empty()
                    || m.promo.is_some()
                    || mid_ == "P"
                    || (mid_ == "S" && dy != 0)
                    || (mid_ == "PR" && dy.abs() == 2)
                    || (mid_ == "T" && dx == 0 && dy.abs() == 1);
                q.halfmove = if reset { 0 } else { self.halfmove + 1 };
            }
            Game::Chu => {
                // §7.1 Rule B: a non-Lion (judged before promotion) that takes a Lion.
                q.counter_strike = None;
                if !chu_is_lion(&mid_) {
                    for &s in &caps {
                        if let Some((_, id)) = self.at(s) {
                            if chu_is_lion(id) {
                                q.counter_strike = Some(s);
                                break;
                            }
                        }
                    }
                }
            }
        }
        if self.side == 'b' {
            q.fullmove += 1;
        }
        q.side = other(self.side);
        q
    }

    // ---------------------------------------------------------------- legal moves

    pub fn legal_moves(&self) -> Vec<RMove> {
        let moves = match self.game {
            Game::Bigorra => self.bigorra_legal(),
            Game::Chu => self.chu_legal(),
        };
        // Identity by effect: the text names the effect exactly, so deduplicate by text.
        let mut seen = BTreeSet::new();
        moves.into_iter().filter(|m| seen.insert(move_text(self.game, m))).collect()
    }

    pub fn legal_texts(&self) -> BTreeSet<String> {
        self.legal_moves().iter().map(|m| move_text(self.game, m)).collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        let ms = self.legal_moves();
        if depth <= 1 {
            return ms.len() as u64;
        }
        ms.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }

    // ================================================================ Bigorra

    /// Leap offsets (capturing or not) of a Bigorra piece (§2 table, §2.1). Built once.
    fn bigorra_leaps(id: &str) -> &'static [Sq] {
        static TABLE: OnceLock<Vec<(&'static str, Vec<Sq>)>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let w = fam(1, 0);
            let f = fam(1, 1);
            let d = fam(2, 0);
            let nn = fam(2, 1);
            let a = fam(2, 2);
            let h = fam(3, 0);
            let c = fam(3, 1);
            let z = fam(3, 2);
            let g = fam(3, 3);
            let rows: Vec<(&'static str, Vec<&Vec<Sq>>)> = vec![
                ("K", vec![&w, &f]),
                ("PR", vec![&w, &f]),
                ("AZ", vec![&nn]),
                ("H", vec![&nn]),
                ("X", vec![&nn]),
                ("N", vec![&nn]),
                ("DW", vec![&d, &nn, &a, &h, &c, &z, &g]),
                ("L", vec![&w, &f, &nn, &a, &d]),
                ("D", vec![&w, &f, &d, &a, &h, &g]),
                ("F", vec![&nn, &c, &z]),
                ("A", vec![&f]),
                ("Y", vec![&w]),
                ("M", vec![&c]),
                ("Z", vec![&z]),
                ("E", vec![&f, &a]),
                ("W", vec![&w, &d]),
                ("J", vec![&w, &f, &nn]),
                ("SQ", vec![&nn, &a, &d]),
                ("CH", vec![&h, &c, &z, &g]),
                ("MM", vec![&w, &f, &a, &d]),
                ("HK", vec![&a, &d, &g, &h]),
                ("T", vec![&h, &g]),
            ];
            rows.into_iter()
                .map(|(id, parts)| {
                    let mut v: Vec<Sq> = Vec::new();
                    for p in parts {
                        for &o in p {
                            if !v.contains(&o) {
                                v.push(o);
                            }
                        }
                    }
                    (id, v)
                })
                .collect()
        });
        table.iter().find(|(i, _)| *i == id).map(|(_, v)| v.as_slice()).unwrap_or(&[])
    }

    fn bigorra_slides(id: &str) -> &'static [Sq] {
        match id {
            "Q" | "AZ" => &ALL8,
            "R" | "H" | "A" => &ORTH,
            "B" | "X" | "Y" => &DIAG,
            _ => &[],
        }
    }

    fn bigorra_hopper_lines(id: &str) -> &'static [Sq] {
        match id {
            "O" => &ALL8,
            "C" => &ORTH,
            "V" => &DIAG,
            _ => &[],
        }
    }

    /// §3.5: the forced promotion of a piece arriving on its last rank (Troll handled apart).
    fn bigorra_promotion(id: &str) -> Option<&'static str> {
        match id {
            "P" | "S" => Some("Q"),
            "PR" => Some("AZ"),
            "N" | "M" | "Z" => Some("F"),
            "E" | "W" | "MM" | "SQ" | "J" => Some("L"),
            "SH" => Some("G"),
            "SN" => Some("U"),
            "HK" => Some("D"),
            _ => None,
        }
    }

    /// Every pseudo-legal move of side `c` except the King's leap. E.p. captures only when
    /// `with_ep` (they never attack a King, §3.1).
    fn bigorra_pseudo(&self, c: char, with_ep: bool) -> Vec<RMove> {
        let mut out = Vec::new();
        for from in self.squares_of(c) {
            self.bigorra_piece_moves(from, with_ep, &mut out);
        }
        out
    }

    /// The pseudo-legal moves of the piece on `from` (not the King's leap).
    fn bigorra_piece_moves(&self, from: Sq, with_ep: bool, out: &mut Vec<RMove>) {
        let c = self.colour_at(from).unwrap();
        let fwd = if c == 'w' { 1 } else { -1 };
        let last = if c == 'w' { self.n - 1 } else { 0 };
        {
            let id = self.id_at(from).unwrap();
            // `troll_step`: a Troll's one-step pawn move (the only Troll move that promotes).
            let push = |out: &mut Vec<RMove>, to: Sq, troll_step: bool, ep_victim: Option<Sq>| {
                let promo = if to.1 == last {
                    if id == "T" {
                        if troll_step {
                            Some("DW")
                        } else {
                            None
                        }
                    } else {
                        Self::bigorra_promotion(id)
                    }
                } else {
                    None
                };
                out.push(RMove { from, to, mid: None, ep_victim, promo });
            };
            // Leaps (§2.1): empty or enemy target.
            for &(dx, dy) in Self::bigorra_leaps(id) {
                let t = (from.0 + dx, from.1 + dy);
                if self.on(t) && self.colour_at(t) != Some(c) {
                    push(&mut *out, t, false, None);
                }
            }
            // Slides.
            for &(dx, dy) in Self::bigorra_slides(id) {
                let mut t = (from.0 + dx, from.1 + dy);
                while self.on(t) {
                    match self.colour_at(t) {
                        None => push(&mut *out, t, false, None),
                        Some(col) => {
                            if col != c {
                                push(&mut *out, t, false, None);
                            }
                            break;
                        }
                    }
                    t = (t.0 + dx, t.1 + dy);
                }
            }
            // Hoppers (§2.3).
            for &(dx, dy) in Self::bigorra_hopper_lines(id) {
                let mut t = (from.0 + dx, from.1 + dy);
                while self.on(t) && self.at(t).is_none() {
                    push(&mut *out, t, false, None);
                    t = (t.0 + dx, t.1 + dy);
                }
                if !self.on(t) {
                    continue;
                }
                // t is the screen; find the next occupied square beyond it.
                let mut u = (t.0 + dx, t.1 + dy);
                while self.on(u) && self.at(u).is_none() {
                    u = (u.0 + dx, u.1 + dy);
                }
                if self.on(u) && self.is_enemy(u, c) {
                    push(&mut *out, u, false, None);
                }
            }
            // Bent sliders (§2.2).
            let bent: Vec<(Sq, Vec<Sq>)> = match id {
                "G" => DIAG.iter().map(|&(sx, sy)| ((sx, sy), vec![(sx, 0), (0, sy)])).collect(),
                "U" => vec![
                    ((0, 1), vec![(1, 1), (-1, 1)]),
                    ((0, -1), vec![(1, -1), (-1, -1)]),
                    ((1, 0), vec![(1, 1), (1, -1)]),
                    ((-1, 0), vec![(-1, 1), (-1, -1)]),
                ],
                "SH" => DIAG.iter().map(|&(sx, sy)| ((sx, sy), vec![(0, sy)])).collect(),
                "SN" => vec![((0, 1), vec![(1, 1), (-1, 1)]), ((0, -1), vec![(1, -1), (-1, -1)])],
                _ => vec![],
            };
            for (s, conts) in bent {
                let s1 = (from.0 + s.0, from.1 + s.1);
                if !self.on(s1) {
                    continue;
                }
                match self.colour_at(s1) {
                    Some(col) if col == c => continue,
                    Some(_) => {
                        push(&mut *out, s1, false, None);
                        continue;
                    }
                    None => push(&mut *out, s1, false, None),
                }
                for (ux, uy) in conts {
                    let mut t = (s1.0 + ux, s1.1 + uy);
                    while self.on(t) {
                        match self.colour_at(t) {
                            None => push(&mut *out, t, false, None),
                            Some(col) => {
                                if col != c {
                                    push(&mut *out, t, false, None);
                                }
                                break;
                            }
                        }
                        t = (t.0 + ux, t.1 + uy);
                    }
                }
            }
            // Pawn-family moves (§2 table, §2.4, §3.3, §3.4).
            let f1 = (from.0, from.1 + fwd);
            let f2 = (from.0, from.1 + 2 * fwd);
            let straight_step = matches!(id, "P" | "S" | "T");
            let diag_capture = matches!(id, "P" | "S" | "T");
            let double_step = matches!(id, "P" | "S" | "PR");
            if straight_step && self.on(f1) && self.at(f1).is_none() {
                push(&mut *out, f1, id == "T", None);
            }
            if id == "S" {
                for dx in [-1, 1] {
                    let t = (from.0 + dx, from.1);
                    if self.on(t) && self.at(t).is_none() {
                        push(&mut *out, t, false, None);
                    }
                }
            }
            if diag_capture {
                for dx in [-1, 1] {
                    let t = (from.0 + dx, from.1 + fwd);
                    if self.on(t) && self.is_enemy(t, c) {
                        push(&mut *out, t, id == "T", None);
                    }
                }
            }
            if double_step && self.on(f2) && self.at(f1).is_none() && self.at(f2).is_none() {
                push(&mut *out, f2, false, None);
            }
            if with_ep && matches!(id, "P" | "S") && c == self.side {
                if let Some(x) = self.ep {
                    // X is diagonally forward of us; the victim stands on L, just behind X
                    // as seen from the capturer (on the capturer's own rank).
                    let l = (x.0, x.1 - fwd);
                    let victim_ok =
                        matches!(self.at(l), Some((col, vid)) if *col != c && matches!(vid.as_str(), "P" | "S" | "PR"));
                    if x.1 == from.1 + fwd && (x.0 - from.0).abs() == 1 && self.at(x).is_none() && victim_ok {
                        push(&mut *out, x, false, Some(l));
                    }
                }
            }
        }
    }

    fn king_square(&self, c: char) -> Option<Sq> {
        self.squares_of(c).into_iter().find(|&s| self.id_at(s) == Some("K"))
    }

    /// Brute force (§3.1): does any pseudo-legal capturing move of `by` hit `s`?
    /// The moves are generated piece by piece, stopping at the first hit.
    fn bigorra_attacked(&self, s: Sq, by: char) -> bool {
        let mut buf = Vec::new();
        for from in self.squares_of(by) {
            buf.clear();
            self.bigorra_piece_moves(from, false, &mut buf);
            if buf.iter().any(|m| m.to == s && self.is_enemy(m.to, by)) {
                return true;
            }
        }
        false
    }

    pub fn bigorra_in_check(&self, c: char) -> bool {
        match self.king_square(c) {
            Some(k) => self.bigorra_attacked(k, other(c)),
            None => false,
        }
    }

    fn bigorra_legal(&self) -> Vec<RMove> {
        let c = self.side;
        // Brute force: play each move on a scratch board and look for enemy captures of the King.
        let mut scratch = self.clone();
        let mut out: Vec<RMove> = Vec::new();
        for m in self.bigorra_pseudo(c, true) {
            let saved = scratch.apply(&m);
            if !scratch.bigorra_in_check(c) {
                out.push(m);
            }
            scratch.revert(saved);
        }
        // §3.2 the King's leap.
        if let Some(k) = self.king_square(c) {
            if self.leap[ci(c)] && !self.bigorra_in_check(c) {
                for (dx, dy) in [fam(2, 0), fam(2, 2), fam(2, 1)].concat() {
                    let t = (k.0 + dx, k.1 + dy);
                    if !self.on(t) || self.at(t).is_some() {
                        continue;
                    }
                    let (sx, sy) = (dx.signum(), dy.signum());
                    let middles: Vec<Sq> = if dx.abs() == dy.abs() || dx == 0 || dy == 0 {
                        vec![(sx, sy)]
                    } else if dx.abs() == 2 {
                        vec![(sx, 0), (sx, sy)]
                    } else {
                        vec![(0, sy), (sx, sy)]
                    };
                    let any_safe = middles.iter().any(|&(mx, my)| {
                        let msq = (k.0 + mx, k.1 + my);
                        let mut tmp = self.clone();
                        tmp.set(k, None);
                        tmp.set(msq, Some((c, "K".to_string())));
                        !tmp.bigorra_attacked(msq, other(c))
                    });
                    if !any_safe {
                        continue;
                    }
                    let m = RMove::plain(k, t);
                    let saved = scratch.apply(&m);
                    if !scratch.bigorra_in_check(c) {
                        out.push(m);
                    }
                    scratch.revert(saved);
                }
            }
        }
        out
    }

    // ================================================================ Chu Shogi

    fn chu_legal(&self) -> Vec<RMove> {
        // §9: a side without royals has lost; the game is over.
        if !self.chu_has_royal('w') || !self.chu_has_royal('b') {
            return Vec::new();
        }
        let c = self.side;
        self.chu_pseudo(c).into_iter().filter(|m| self.chu_lion_rules_allow(m)).collect()
    }

    pub fn chu_has_royal(&self, c: char) -> bool {
        self.squares_of(c).iter().any(|&s| matches!(self.id_at(s), Some("K") | Some("+E")))
    }

    /// §7.1 Rules A and B.
    fn chu_lion_rules_allow(&self, m: &RMove) -> bool {
        let (c, id) = self.at(m.from).clone().unwrap();
        let caps = self.captured_squares(m);
        let takes_lion = |s: &Sq| matches!(self.at(*s), Some((_, i)) if chu_is_lion(i));
        let mover_is_lion = chu_is_lion(&id);
        // Rule B.
        if self.counter_strike.is_some() && !mover_is_lion && caps.iter().any(takes_lion) {
            return false;
        }
        // Rule A.
        if mover_is_lion && m.to != m.from && cheb(m.from, m.to) == 2 && takes_lion(&m.to) {
            let others: Vec<&Sq> = caps.iter().filter(|&&s| s != m.to).collect();
            let no_bridge = others.iter().all(|&&s| matches!(self.id_at(s), Some("P") | Some("I")));
            if no_bridge {
                let after = self.make(m);
                let attacked = after.chu_pseudo(other(c)).iter().any(|e| after.captured_squares(e).contains(&m.to));
                if attacked {
                    return false;
                }
            }
        }
        true
    }

    fn chu_in_zone(&self, c: char, s: Sq) -> bool {
        if c == 'w' {
            s.1 >= self.n - 4
        } else {
            s.1 <= 3
        }
    }

    /// Every pseudo-legal move of side `c`, promotions included (§4-6).
    pub fn chu_pseudo(&self, c: char) -> Vec<RMove> {
        let mut out = Vec::new();
        // Owner-relative directions: the second player's are turned through 180°.
        let o = |d: Sq| if c == 'w' { d } else { (-d.0, -d.1) };
        let dirs = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)].map(o);
        for from in self.squares_of(c) {
            let id = self.id_at(from).unwrap().to_string();
            let spec = chu_spec(&id);
            let mut base: Vec<RMove> = Vec::new();
            let free = |t: Sq| self.on(t) && self.colour_at(t) != Some(c);
            let mut pass = false;
            for (i, cell) in spec.iter().enumerate() {
                let d = dirs[i];
                match *cell {
                    "-" => {}
                    "1" => {
                        let t = (from.0 + d.0, from.1 + d.1);
                        if free(t) {
                            base.push(RMove::plain(from, t));
                        }
                    }
                    "J2" => {
                        let t = (from.0 + 2 * d.0, from.1 + 2 * d.1);
                        if free(t) {
                            base.push(RMove::plain(from, t));
                        }
                    }
                    "S" => {
                        let mut t = (from.0 + d.0, from.1 + d.1);
                        while self.on(t) {
                            match self.colour_at(t) {
                                None => base.push(RMove::plain(from, t)),
                                Some(col) => {
                                    if col != c {
                                        base.push(RMove::plain(from, t));
                                    }
                                    break;
                                }
                            }
                            t = (t.0 + d.0, t.1 + d.1);
                        }
                    }
                    "LL" => {
                        // §5.2 lion line.
                        let s1 = (from.0 + d.0, from.1 + d.1);
                        let s2 = (from.0 + 2 * d.0, from.1 + 2 * d.1);
                        if free(s1) {
                            base.push(RMove::plain(from, s1));
                        }
                        if free(s2) {
                            base.push(RMove::plain(from, s2));
                        }
                        if self.on(s1) && self.is_enemy(s1, c) {
                            base.push(RMove { from, to: from, mid: Some(s1), ep_victim: None, promo: None });
                            if free(s2) {
                                base.push(RMove { from, to: s2, mid: Some(s1), ep_victim: None, promo: None });
                            }
                        }
                        if self.on(s1) && self.at(s1).is_none() {
                            pass = true;
                        }
                    }
                    "L" => {
                        // §5.1 lion power: jumps to A and B squares (once, not per direction).
                        if i == 0 {
                            for dx in -2..=2 {
                                for dy in -2..=2 {
                                    let t = (from.0 + dx, from.1 + dy);
                                    if (dx, dy) != (0, 0) && free(t) {
                                        base.push(RMove::plain(from, t));
                                    }
                                }
                            }
                        }
                        let x = (from.0 + d.0, from.1 + d.1);
                        if !self.on(x) {
                            continue;
                        }
                        if self.at(x).is_none() {
                            pass = true;
                        } else if self.is_enemy(x, c) {
                            for &(ex, ey) in &ALL8 {
                                let y = (x.0 + ex, x.1 + ey);
                                if y == from {
                                    base.push(RMove { from, to: from, mid: Some(x), ep_victim: None, promo: None });
                                } else if free(y) {
                                    base.push(RMove { from, to: y, mid: Some(x), ep_victim: None, promo: None });
                                }
                            }
                        }
                    }
                    other => panic!("unknown cell {other}"),
                }
            }
            if pass {
                base.push(RMove::plain(from, from));
            }
            // §6 promotion (HaChu default, promote on entry).
            let promo = chu_promotion(&id);
            for m in base {
                let captures = !self.captured_squares(&m).is_empty();
                let opportunity = if captures {
                    self.chu_in_zone(c, m.from) || self.chu_in_zone(c, m.to)
                } else {
                    !self.chu_in_zone(c, m.from) && self.chu_in_zone(c, m.to)
                };
                let farthest = if c == 'w' { self.n - 1 } else { 0 };
                match promo {
                    Some(p) if opportunity => {
                        let forced = matches!(id.as_str(), "P" | "L") && m.to.1 == farthest;
                        if !forced {
                            out.push(m.clone());
                        }
                        out.push(RMove { promo: Some(p), ..m });
                    }
                    _ => out.push(m),
                }
            }
        }
        out
    }
}

pub fn chu_is_lion(id: &str) -> bool {
    id == "N" || id == "+O"
}

/// §2.1/§2.2 movement cells in the order f, b, l, r, fl, fr, bl, br.
fn chu_spec(id: &str) -> [&'static str; 8] {
    match id {
        "K" | "+E" => ["1"; 8],
        "N" | "+O" => ["L"; 8],
        "Q" | "+X" => ["S"; 8],
        "D" | "+R" => ["S", "S", "S", "S", "1", "1", "1", "1"],
        "H" | "+B" => ["1", "1", "1", "1", "S", "S", "S", "S"],
        "R" | "+G" => ["S", "S", "S", "S", "-", "-", "-", "-"],
        "B" | "+F" => ["-", "-", "-", "-", "S", "S", "S", "S"],
        "V" | "+S" => ["S", "S", "1", "1", "-", "-", "-", "-"],
        "M" | "+C" => ["1", "1", "S", "S", "-", "-", "-", "-"],
        "E" | "+I" => ["1", "-", "1", "1", "1", "1", "1", "1"],
        "T" => ["-", "1", "1", "1", "1", "1", "1", "1"],
        "G" | "+P" => ["1", "1", "1", "1", "1", "1", "-", "-"],
        "F" => ["1", "1", "-", "-", "1", "1", "1", "1"],
        "O" => ["J2", "J2", "J2", "J2", "1", "1", "1", "1"],
        "X" => ["1", "1", "1", "1", "J2", "J2", "J2", "J2"],
        "A" => ["S", "S", "-", "-", "-", "-", "-", "-"],
        "L" => ["S", "-", "-", "-", "-", "-", "-", "-"],
        "S" => ["1", "-", "-", "-", "1", "1", "1", "1"],
        "C" => ["1", "1", "-", "-", "1", "1", "-", "-"],
        "I" => ["1", "1", "-", "-", "-", "-", "-", "-"],
        "P" => ["1", "-", "-", "-", "-", "-", "-", "-"],
        "+H" => ["LL", "S", "S", "S", "S", "S", "S", "S"],
        "+D" => ["S", "S", "S", "S", "LL", "LL", "S", "S"],
        "+V" => ["S", "S", "-", "-", "S", "S", "S", "S"],
        "+M" => ["-", "-", "S", "S", "S", "S", "S", "S"],
        "+T" => ["S", "S", "1", "1", "1", "1", "1", "1"],
        "+A" => ["S", "S", "-", "-", "-", "-", "S", "S"],
        "+L" => ["S", "S", "-", "-", "S", "S", "-", "-"],
        other => panic!("unknown Chu piece '{other}'"),
    }
}

/// The promoted form of an unpromoted Chu piece (King, Lion, Free King never promote).
fn chu_promotion(id: &str) -> Option<&'static str> {
    Some(match id {
        "D" => "+D",
        "H" => "+H",
        "R" => "+R",
        "B" => "+B",
        "V" => "+V",
        "M" => "+M",
        "E" => "+E",
        "T" => "+T",
        "G" => "+G",
        "F" => "+F",
        "O" => "+O",
        "X" => "+X",
        "A" => "+A",
        "L" => "+L",
        "S" => "+S",
        "C" => "+C",
        "I" => "+I",
        "P" => "+P",
        _ => return None,
    })
}
