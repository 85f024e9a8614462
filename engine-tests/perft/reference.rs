//! An independent, deliberately simple reference move generator for Bigorra and Chu Shogi.
//!
//! Written from the rules only (`docs/rules/bigorra.md`, `docs/rules/chu.md`),
//! never from the engine's move generator. It shares no code with the engine: it reads FEN
//! text itself, keeps the board as a 2-D `Vec` of `Option<(colour, ID)>` and produces legal
//! moves as canonical text strings in the engine's notation. Speed is not a goal; clarity is.
//!
//! Coordinates: a square is `(file, rank)`, both counted from 0, so `a1` = `(0, 0)`.
//! Colour `'w'` is the first player (upper-case IDs), `'b'` the second.

use chu::chu_is_lion;
use std::collections::BTreeSet;

#[path = "reference/bigorra.rs"]
mod bigorra;

#[path = "reference/chu.rs"]
mod chu;

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
                p.halfmove = fields.get(4).map_or(0, |s| s.parse().unwrap_or(0));
                p.fullmove = fields.get(5).map_or(1, |s| s.parse().unwrap_or(1));
            }
            Game::Chu => {
                p.counter_strike = match fields.get(2) {
                    None | Some(&"-") => None,
                    Some(s) => Some(parse_sq(s).ok_or("bad counter-strike square")?),
                };
                p.fullmove = fields.get(3).map_or(1, |s| s.parse().unwrap_or(1));
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
                let ep = self.ep.map_or_else(|| "-".into(), sq_name);
                format!("{b} {} {lr} {ep} {} {}", self.side, self.halfmove, self.fullmove)
            }
            Game::Chu => {
                let cs = self.counter_strike.map_or_else(|| "-".into(), sq_name);
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
        let new_id = m.promo.map(ToString::to_string).unwrap_or(mover.1);
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
}
