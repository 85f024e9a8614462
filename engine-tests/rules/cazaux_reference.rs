//! An independent reference generator for Cazaux's book games: Patchanka, Heavy Shako and the
//! eight Timurids, written from the rules pages of Cazaux's games (`docs/rules/patchanka.md`, `heavy-shako.md`, `timurid.md`) and the parts of
//! `docs/rules/bigorra.md` they reuse (check, end of game, FEN, notation). It shares no code with the engine
//! (no `kyodai::` import): its own board (an array of `Option<Piece>`), its own FEN reader and
//! writer, every move computed by plain loops, legality by making the move and testing the King.
//! Speed matters only enough for perft(3) in a test; clarity comes first.
//!
//! Coordinates: `(file, rank)` from 0. White (upper case) moves first and goes up.

use crate::pieces::{game, GameDef, Kind, Sq};

#[path = "cazaux_reference/moves.rs"]
mod moves;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub kind: Kind,
    pub white: bool,
}

/// The named rule alternatives of Cazaux's games (§4: the Options sections of their rules pages), with their defaults.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// `docs/rules/timurid.md` §3.4, default on.
    pub succession: bool,
    /// `docs/rules/timurid.md` §3.5 (our squares), default off.
    pub timurid_castling: bool,
    /// `docs/rules/patchanka.md` §1.5: the book text's Okapi (CZ) and Bison (NZ), default off.
    pub okapi_text: bool,
    /// docs/rules/bigorra.md §3.6, default on.
    pub fifty_move_rule: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { succession: true, timurid_castling: false, okapi_text: false, fifty_move_rule: true }
    }
}

/// What a move does besides taking what stands on its destination.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
    None,
    /// E.p. capture: the square of the piece that double-stepped.
    EnPassant(Sq),
    /// Castling: the Rook's origin and destination.
    Castle(Sq, Sq),
    /// Timurid succession: the King exchanges squares with its Prince on `to`.
    Succession,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    pub special: Special,
    /// The kind the piece becomes.
    pub promo: Option<Kind>,
}

const MAX: usize = 144;

#[derive(Clone)]
pub struct Pos {
    pub game: &'static GameDef,
    pub opts: Options,
    pub n: i32,
    board: [Option<Piece>; MAX],
    pub white: bool,
    /// Castling rights K, Q, k, q (FEN field 3).
    pub castling: [bool; 4],
    /// The square passed over by the last move's non-promoting double step.
    pub ep: Option<Sq>,
    pub halfmove: u32,
    pub fullmove: u32,
}

pub fn sq_name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

pub fn parse_sq(t: &str) -> Option<Sq> {
    let mut ch = t.chars();
    let f = ch.next()?.to_ascii_lowercase();
    let digits = ch.as_str();
    if !f.is_ascii_lowercase() || digits.is_empty() || digits.starts_with('0') {
        return None;
    }
    let r: i32 = digits.parse().ok()?;
    Some((f as i32 - 'a' as i32, r - 1))
}

/// One castling: the right's index, the King's destination file, the Rook's origin and
/// destination files (`docs/rules/heavy-shako.md` §2.3; Timurid option, `docs/rules/timurid.md` §3.5). The King starts on the f-file.
struct Castling {
    right: usize,
    king_to: i32,
    rook_from: i32,
    rook_to: i32,
}

const KING_FILE: i32 = 5;

impl Pos {
    // ---------------------------------------------------------------- FEN (docs/rules/bigorra.md §4)

    pub fn start(name: &str) -> Pos {
        let g = game(name).unwrap_or_else(|| panic!("unknown game {name}"));
        Pos::from_fen(name, g.start).expect("start FEN")
    }

    pub fn from_fen(name: &str, fen: &str) -> Result<Pos, String> {
        Pos::from_fen_with(name, fen, Options::default())
    }

    pub fn from_fen_with(name: &str, fen: &str, opts: Options) -> Result<Pos, String> {
        let g = game(name).ok_or_else(|| format!("unknown game {name}"))?;
        let n = g.size;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err("a FEN needs at least the placement and the side to move".into());
        }
        let mut p = Pos {
            game: g,
            opts,
            n,
            board: [None; MAX],
            white: true,
            castling: [false; 4],
            ep: None,
            halfmove: 0,
            fullmove: 1,
        };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() as i32 != n {
            return Err(format!("{} ranks, expected {n}", ranks.len()));
        }
        for (i, row) in ranks.iter().enumerate() {
            p.read_rank(n - 1 - i as i32, row)?;
        }
        p.white = match fields[1] {
            "w" => true,
            "b" => false,
            s => return Err(format!("bad side to move '{s}'")),
        };
        let rights = fields.get(2).copied().unwrap_or("-");
        if rights != "-" {
            for c in rights.chars() {
                let i = "KQkq".find(c).ok_or_else(|| format!("bad castling right '{c}'"))?;
                p.castling[i] = true;
            }
        }
        p.ep = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            s => Some(parse_sq(s).filter(|&q| p.on(q)).ok_or_else(|| format!("bad e.p. square '{s}'"))?),
        };
        let number = |i: usize, default: u32| -> Result<u32, String> {
            fields.get(i).map_or(Ok(default), |s| s.parse().map_err(|_| format!("bad number '{s}'")))
        };
        p.halfmove = number(4, 0)?;
        p.fullmove = number(5, 1)?;
        p.validate()?;
        Ok(p)
    }

    fn read_rank(&mut self, y: i32, row: &str) -> Result<(), String> {
        let chars: Vec<char> = row.chars().collect();
        let (mut x, mut k) = (0i32, 0usize);
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                let mut run = 0i32;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    run = run * 10 + chars[k].to_digit(10).unwrap() as i32;
                    k += 1;
                }
                x += run;
                continue;
            }
            let id: String = if c == '(' {
                let close = chars[k..].iter().position(|&d| d == ')').ok_or(format!("unclosed '(' in '{row}'"))?;
                let id: String = chars[k + 1..k + close].iter().collect();
                if id.len() < 2 {
                    return Err(format!("'({id})': parentheses are for IDs of two letters"));
                }
                k += close + 1;
                id
            } else if c.is_ascii_alphabetic() {
                k += 1;
                c.to_string()
            } else {
                return Err(format!("bad character '{c}' in '{row}'"));
            };
            let white = id.starts_with(|ch: char| ch.is_ascii_uppercase());
            let upper = id.to_ascii_uppercase();
            let kind = self.game.kind_of(&upper).ok_or_else(|| format!("unknown piece '{id}'"))?;
            if x >= self.n {
                return Err(format!("rank '{row}' is too long"));
            }
            self.set((x, y), Some(Piece { kind, white }));
            x += 1;
        }
        if x != self.n {
            return Err(format!("rank '{row}' has {x} squares, expected {}", self.n));
        }
        Ok(())
    }

    /// docs/rules/bigorra.md §4 validation, with this file's promoting pieces and castling rights.
    fn validate(&self) -> Result<(), String> {
        for white in [true, false] {
            let kings = self.squares().filter(|&s| self.at(s) == Some(Piece { kind: Kind::King, white })).count();
            if kings != 1 {
                return Err(format!("{kings} {} Kings, expected one", if white { "White" } else { "Black" }));
            }
        }
        if self.in_check(!self.white) {
            return Err("the side not to move is in check".into());
        }
        for s in self.squares() {
            if let Some(pc) = self.at(s) {
                if s.1 == self.last_rank(pc.white) && self.compulsory_promotion(pc.kind).is_some() {
                    return Err(format!("a promoting piece on its last rank ({})", sq_name(s)));
                }
            }
        }
        for c in self.castlings() {
            for (i, white) in [(c.right, true), (c.right + 2, false)] {
                if self.castling[i] && !self.castling_pieces_home(white, &c) {
                    return Err(format!("castling right '{}' without its King and Rook", &"KQkq"[i..i + 1]));
                }
            }
        }
        if self.castlings().is_empty() && self.castling.iter().any(|&r| r) {
            return Err("this game has no castling".into());
        }
        if let Some(x) = self.ep {
            // The side that just moved is the other one; its piece stands one step beyond X.
            let mover = !self.white;
            let fwd = if mover { 1 } else { -1 };
            let (beyond, before) = ((x.0, x.1 + fwd), (x.0, x.1 - fwd));
            let ok = self.at(x).is_none()
                && self.on(before)
                && self.at(before).is_none()
                && self.on(beyond)
                && matches!(self.at(beyond), Some(p) if p.white == mover && self.ep_victim(p.kind));
            if !ok {
                return Err(format!("inconsistent e.p. square {}", sq_name(x)));
            }
        }
        Ok(())
    }

    pub fn board_fen(&self) -> String {
        let mut rows = Vec::new();
        for y in (0..self.n).rev() {
            let mut row = String::new();
            let mut run = 0;
            for x in 0..self.n {
                match self.at((x, y)) {
                    None => run += 1,
                    Some(pc) => {
                        if run > 0 {
                            row += &run.to_string();
                            run = 0;
                        }
                        row += &self.token(pc);
                    }
                }
            }
            if run > 0 {
                row += &run.to_string();
            }
            rows.push(row);
        }
        rows.join("/")
    }

    fn token(&self, pc: Piece) -> String {
        let id = self.game.id_of(pc.kind);
        let t = if pc.white { id.to_string() } else { id.to_ascii_lowercase() };
        if t.len() > 1 {
            format!("({t})")
        } else {
            t
        }
    }

    fn rights_text(&self) -> String {
        let r: String = "KQkq".chars().zip(self.castling).filter(|(_, on)| *on).map(|(c, _)| c).collect();
        if r.is_empty() {
            "-".into()
        } else {
            r
        }
    }

    pub fn to_fen(&self) -> String {
        let ep = self.ep.map_or("-".to_string(), sq_name);
        let side = if self.white { "w" } else { "b" };
        format!("{} {side} {} {ep} {} {}", self.board_fen(), self.rights_text(), self.halfmove, self.fullmove)
    }

    /// Position identity for repetition (docs/rules/bigorra.md §3.6): placement, side, rights, and the e.p.
    /// square only when the side to move has a legal e.p. capture.
    pub fn repetition_key(&self) -> String {
        let live_ep = self.ep.filter(|_| self.legal_moves().iter().any(|m| matches!(m.special, Special::EnPassant(_))));
        format!("{} {} {} {}", self.board_fen(), self.white, self.rights_text(), live_ep.map_or("-".into(), sq_name))
    }

    // ---------------------------------------------------------------- board access

    pub fn on(&self, s: Sq) -> bool {
        s.0 >= 0 && s.1 >= 0 && s.0 < self.n && s.1 < self.n
    }

    pub fn at(&self, s: Sq) -> Option<Piece> {
        self.board[(s.1 * self.n + s.0) as usize]
    }

    pub fn set(&mut self, s: Sq, pc: Option<Piece>) {
        self.board[(s.1 * self.n + s.0) as usize] = pc;
    }

    pub fn squares(&self) -> impl Iterator<Item = Sq> {
        let n = self.n;
        (0..n).flat_map(move |y| (0..n).map(move |x| (x, y)))
    }

    fn empty(&self, s: Sq) -> bool {
        self.on(s) && self.at(s).is_none()
    }

    fn enemy(&self, s: Sq, white: bool) -> bool {
        self.on(s) && matches!(self.at(s), Some(p) if p.white != white)
    }

    /// Empty or enemy: where a leap or a slide may end.
    fn free(&self, s: Sq, white: bool) -> bool {
        self.on(s) && self.at(s).is_none_or(|p| p.white != white)
    }

    fn last_rank(&self, white: bool) -> i32 {
        if white {
            self.n - 1
        } else {
            0
        }
    }

    pub fn king(&self, white: bool) -> Option<Sq> {
        self.squares().find(|&s| self.at(s) == Some(Piece { kind: Kind::King, white }))
    }
}

// -------------------------------------------------------------------- end of game

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move is checkmated; the winner is the other side (`true` = White).
    Checkmate {
        white_wins: bool,
    },
    Stalemate,
    BareKings,
    FiftyMoves,
    Repetition,
}

/// A game from a position: the positions' repetition keys so far, for docs/rules/bigorra.md §3.6.
pub struct Game {
    pub pos: Pos,
    keys: Vec<String>,
}

impl Game {
    pub fn new(pos: Pos) -> Game {
        let keys = vec![pos.repetition_key()];
        Game { pos, keys }
    }

    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let m = self.pos.parse_move(text)?;
        self.pos = self.pos.make(&m);
        self.keys.push(self.pos.repetition_key());
        Ok(())
    }

    /// docs/rules/bigorra.md §3.6, in its order: no legal move, bare Kings, 50 moves, threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        let p = &self.pos;
        if p.legal_moves().is_empty() {
            return Some(if p.in_check(p.white) {
                Outcome::Checkmate { white_wins: !p.white }
            } else {
                Outcome::Stalemate
            });
        }
        if p.squares().filter(|&s| p.at(s).is_some()).count() == 2 {
            return Some(Outcome::BareKings);
        }
        if p.opts.fifty_move_rule && p.halfmove >= 100 {
            return Some(Outcome::FiftyMoves);
        }
        let current = self.keys.last().expect("a key");
        if self.keys.iter().filter(|k| *k == current).count() >= 3 {
            return Some(Outcome::Repetition);
        }
        None
    }
}
