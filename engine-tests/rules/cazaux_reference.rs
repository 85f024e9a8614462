//! An independent reference generator for Cazaux's book games: Patchanka, Heavy Shako and the
//! eight Timurids, written from `shared/rules/cazaux-book-variants.md` and the parts of
//! `bigorra.md` it reuses (check, end of game, FEN, notation). It shares no code with the engine
//! (no `kyodai::` import): its own board (an array of `Option<Piece>`), its own FEN reader and
//! writer, every move computed by plain loops, legality by making the move and testing the King.
//! Speed matters only enough for perft(3) in a test; clarity comes first.
//!
//! Coordinates: `(file, rank)` from 0. White (upper case) moves first and goes up.

use crate::pieces::{game, geometry, reach, Family, GameDef, Kind, Sq};
use std::collections::BTreeSet;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub kind: Kind,
    pub white: bool,
}

/// The named rule alternatives of the rules file (section 4), with their defaults.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Timurid section 3.4, default on.
    pub succession: bool,
    /// Timurid section 3.5 (our squares), default off.
    pub timurid_castling: bool,
    /// Patchanka section 1.5: the book text's Okapi (CZ) and Bison (NZ), default off.
    pub okapi_text: bool,
    /// bigorra.md 3.6, default on.
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
/// destination files (section 2.3; Timurid option, section 3.5). The King starts on the f-file.
struct Castling {
    right: usize,
    king_to: i32,
    rook_from: i32,
    rook_to: i32,
}

const KING_FILE: i32 = 5;

impl Pos {
    // ---------------------------------------------------------------- FEN (bigorra.md 4)

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

    /// bigorra.md 4 validation, with this file's promoting pieces and castling rights.
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

    /// Position identity for repetition (bigorra.md 3.6): placement, side, rights, and the e.p.
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

    // ---------------------------------------------------------------- per-family rules

    /// Pieces whose non-promoting double step leaves an e.p. square (1.3, 2.4, 3.3).
    fn ep_victim(&self, kind: Kind) -> bool {
        match self.game.family {
            Family::Patchanka => matches!(kind, Kind::Pawn | Kind::Soldier),
            Family::HeavyShako => kind == Kind::Pawn,
            Family::Timurid => matches!(kind, Kind::Pawn | Kind::Prince),
        }
    }

    /// Pieces that may capture e.p.
    fn ep_capturer(&self, kind: Kind) -> bool {
        match self.game.family {
            Family::Patchanka => matches!(kind, Kind::Pawn | Kind::Soldier),
            Family::HeavyShako | Family::Timurid => kind == Kind::Pawn,
        }
    }

    /// The immediate, compulsory, choiceless promotion of `kind` (1.3, 3.3). Heavy Shako's Pawn
    /// (a choice) and Timurid's Prince (optional) are handled in [`Pos::push_with_promotion`].
    fn compulsory_promotion(&self, kind: Kind) -> Option<Kind> {
        use Kind::*;
        match (self.game.family, kind) {
            (Family::Patchanka, Pawn | Soldier) => Some(Medusa),
            (Family::Patchanka, Kirin) => Some(Badger),
            (Family::Patchanka, Phoenix) => Some(Ram),
            (Family::HeavyShako, Pawn) => Some(Queen), // stands for "must promote" in validation
            (Family::Timurid, Pawn | CrownedRook) => Some(Queen),
            (Family::Timurid, Ship) => Some(Gryphon),
            (Family::Timurid, Snake) => Some(Rhinoceros),
            (Family::Timurid, Squirrel) => Some(Lion),
            (Family::Timurid, Wizard) => Some(Emir),
            _ => None,
        }
    }

    /// Section 2.4: the 11 non-Pawn, non-King types of Heavy Shako's initial array.
    const SHAKO_PROMOTIONS: [Kind; 11] = [
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Elephant,
        Kind::Cannon,
        Kind::Squirrel,
        Kind::WoodyRook,
        Kind::Crocodile,
        Kind::Sorceress,
        Kind::Buffalo,
    ];

    /// Whether a Pawn (or Soldier, Prince) may double-step from `from` (1.2, 2.2, 3.2).
    fn may_double_step(&self, kind: Kind, white: bool, from: Sq) -> bool {
        match (self.game.family, kind) {
            (Family::Timurid, Kind::Pawn | Kind::Prince) | (Family::Patchanka, Kind::Soldier) => true,
            (_, Kind::Pawn) => from.1 == if white { 2 } else { self.n - 3 },
            _ => false,
        }
    }

    fn castlings(&self) -> Vec<Castling> {
        match self.game.family {
            Family::HeavyShako => vec![
                Castling { right: 0, king_to: 7, rook_from: 8, rook_to: 6 },
                Castling { right: 1, king_to: 3, rook_from: 1, rook_to: 4 },
            ],
            Family::Timurid if self.opts.timurid_castling => vec![
                Castling { right: 0, king_to: 7, rook_from: 11, rook_to: 6 },
                Castling { right: 1, king_to: 3, rook_from: 0, rook_to: 4 },
            ],
            _ => Vec::new(),
        }
    }

    fn castling_rank(&self, white: bool) -> i32 {
        if white {
            1
        } else {
            self.n - 2
        }
    }

    fn castling_pieces_home(&self, white: bool, c: &Castling) -> bool {
        let y = self.castling_rank(white);
        self.at((KING_FILE, y)) == Some(Piece { kind: Kind::King, white })
            && self.at((c.rook_from, y)) == Some(Piece { kind: Kind::Rook, white })
    }

    // ---------------------------------------------------------------- pseudo-legal moves

    /// The squares the piece on `from` may move to or capture on, without e.p., castling and
    /// succession. A target holding a piece is always a capture.
    pub fn targets(&self, from: Sq, out: &mut Vec<Sq>) {
        let pc = self.at(from).expect("a piece");
        let me = pc.white;
        let g = geometry(pc.kind, self.opts.okapi_text);
        for &(dx, dy) in &g.leaps {
            let t = (from.0 + dx, from.1 + dy);
            if self.free(t, me) {
                out.push(t);
            }
        }
        for &(dx, dy) in g.slides {
            let mut t = (from.0 + dx, from.1 + dy);
            while self.empty(t) {
                out.push(t);
                t = (t.0 + dx, t.1 + dy);
            }
            if self.enemy(t, me) {
                out.push(t);
            }
        }
        for &(dx, dy) in g.hops {
            // bigorra.md 2.3: quiet slides to empty squares; capture beyond exactly one screen.
            let mut t = (from.0 + dx, from.1 + dy);
            while self.empty(t) {
                out.push(t);
                t = (t.0 + dx, t.1 + dy);
            }
            if !self.on(t) {
                continue;
            }
            let mut u = (t.0 + dx, t.1 + dy);
            while self.empty(u) {
                u = (u.0 + dx, u.1 + dy);
            }
            if self.enemy(u, me) {
                out.push(u);
            }
        }
        for (s, dirs) in &g.bent {
            // bigorra.md 2.2: the first square, then outward slides if it was empty.
            let s1 = (from.0 + s.0, from.1 + s.1);
            if !self.free(s1, me) {
                continue;
            }
            out.push(s1);
            if self.at(s1).is_some() {
                continue;
            }
            for &(ux, uy) in dirs {
                let mut t = (s1.0 + ux, s1.1 + uy);
                while self.empty(t) {
                    out.push(t);
                    t = (t.0 + ux, t.1 + uy);
                }
                if self.enemy(t, me) {
                    out.push(t);
                }
            }
        }
        self.pawn_targets(from, pc, out);
    }

    /// Pawn, Soldier and Prince moves that depend on the colour: straight and sideways steps
    /// without capturing, diagonal captures, double steps (the Prince's K steps are leaps).
    fn pawn_targets(&self, from: Sq, pc: Piece, out: &mut Vec<Sq>) {
        let fwd = if pc.white { 1 } else { -1 };
        let f1 = (from.0, from.1 + fwd);
        let f2 = (from.0, from.1 + 2 * fwd);
        if matches!(pc.kind, Kind::Pawn | Kind::Soldier) {
            if self.empty(f1) {
                out.push(f1);
            }
            for dx in [-1, 1] {
                let d = (from.0 + dx, from.1 + fwd);
                if self.enemy(d, pc.white) {
                    out.push(d);
                }
            }
        }
        if pc.kind == Kind::Soldier {
            for dx in [-1, 1] {
                let side = (from.0 + dx, from.1);
                if self.empty(side) {
                    out.push(side);
                }
            }
        }
        if self.may_double_step(pc.kind, pc.white, from) && self.empty(f1) && self.empty(f2) {
            out.push(f2);
        }
    }

    /// Every pseudo-legal move of the side to move, promotions expanded, with e.p. and castling.
    fn pseudo_moves(&self) -> Vec<Move> {
        let me = self.white;
        let mut out = Vec::new();
        let mut buf = Vec::new();
        for from in self.squares() {
            let Some(pc) = self.at(from) else { continue };
            if pc.white != me {
                continue;
            }
            buf.clear();
            self.targets(from, &mut buf);
            for &to in &buf {
                self.push_with_promotion(&mut out, pc.kind, from, to, Special::None);
            }
            if let Some(x) = self.ep {
                // The capturer stands diagonally behind X; the victim beside it, just past X.
                let fwd = if me { 1 } else { -1 };
                let victim = (x.0, x.1 - fwd);
                if self.ep_capturer(pc.kind)
                    && x.1 == from.1 + fwd
                    && (x.0 - from.0).abs() == 1
                    && self.at(x).is_none()
                    && matches!(self.at(victim), Some(v) if v.white != me && self.ep_victim(v.kind))
                {
                    self.push_with_promotion(&mut out, pc.kind, from, x, Special::EnPassant(victim));
                }
            }
        }
        self.castling_moves(&mut out);
        out
    }

    fn push_with_promotion(&self, out: &mut Vec<Move>, kind: Kind, from: Sq, to: Sq, special: Special) {
        let mv = |promo| Move { from, to, special, promo };
        if to.1 != self.last_rank(self.white) {
            out.push(mv(None));
            return;
        }
        match (self.game.family, kind) {
            (Family::HeavyShako, Kind::Pawn) => out.extend(Self::SHAKO_PROMOTIONS.iter().map(|&k| mv(Some(k)))),
            (Family::Timurid, Kind::Prince) => {
                out.push(mv(None));
                out.push(mv(Some(Kind::Queen)));
            }
            _ => out.push(mv(self.compulsory_promotion(kind))),
        }
    }

    /// Section 2.3 (Timurid option: 3.5): the right, the King and Rook at home, the squares
    /// between them empty, the King not in check, its crossed square and destination not
    /// attacked. The general legality test (King not in check after the move) follows.
    fn castling_moves(&self, out: &mut Vec<Move>) {
        let me = self.white;
        let y = self.castling_rank(me);
        for c in self.castlings() {
            let right = c.right + if me { 0 } else { 2 };
            if !self.castling[right] || !self.castling_pieces_home(me, &c) {
                continue;
            }
            let (lo, hi) = (KING_FILE.min(c.rook_from), KING_FILE.max(c.rook_from));
            if !(lo + 1..hi).all(|x| self.at((x, y)).is_none()) {
                continue;
            }
            let step = (c.king_to - KING_FILE).signum();
            let crossed = (KING_FILE + step, y);
            let to = (c.king_to, y);
            if self.in_check(me) || self.attacked_if_enemy(crossed, !me) || self.attacked_if_enemy(to, !me) {
                continue;
            }
            out.push(Move {
                from: (KING_FILE, y),
                to,
                special: Special::Castle((c.rook_from, y), (c.rook_to, y)),
                promo: None,
            });
        }
    }

    // ---------------------------------------------------------------- attacks and check

    /// bigorra.md 3.1: does a capturing move of side `by` reach `s`? `s` must hold a piece of
    /// the other side (see [`Pos::attacked_if_enemy`] for other squares).
    pub fn attacked(&self, s: Sq, by: bool) -> bool {
        let mut buf = Vec::new();
        for from in self.squares() {
            let Some(pc) = self.at(from) else { continue };
            if pc.white != by {
                continue;
            }
            if let Some(r) = reach(pc.kind) {
                if (from.0 - s.0).abs().max((from.1 - s.1).abs()) > r {
                    continue;
                }
            }
            buf.clear();
            self.targets(from, &mut buf);
            if buf.contains(&s) {
                return true;
            }
        }
        false
    }

    /// Whether `by` attacks `s` "assuming an enemy piece stood on it" (bigorra.md 3.1).
    pub fn attacked_if_enemy(&self, s: Sq, by: bool) -> bool {
        let mut q = self.clone();
        q.set(s, Some(Piece { kind: Kind::Pawn, white: !by }));
        q.attacked(s, by)
    }

    pub fn in_check(&self, white: bool) -> bool {
        self.king(white).is_some_and(|k| self.attacked(k, !white))
    }

    // ---------------------------------------------------------------- legal moves

    pub fn legal_moves(&self) -> Vec<Move> {
        let me = self.white;
        let mut out: Vec<Move> = self.pseudo_moves().into_iter().filter(|m| !self.make(m).in_check(me)).collect();
        if out.is_empty() && self.game.family == Family::Timurid && self.opts.succession && self.in_check(me) {
            out = self.succession_moves();
        }
        out
    }

    /// Section 3.4: in check with no ordinary legal move, the King may exchange squares with an
    /// own Prince that stands on an unattacked square, if the King is not in check there.
    fn succession_moves(&self) -> Vec<Move> {
        let me = self.white;
        let Some(k) = self.king(me) else { return Vec::new() };
        let mut out = Vec::new();
        for q in self.squares() {
            if self.at(q) != Some(Piece { kind: Kind::Prince, white: me }) || self.attacked(q, !me) {
                continue;
            }
            let m = Move { from: k, to: q, special: Special::Succession, promo: None };
            if !self.make(&m).in_check(me) {
                out.push(m);
            }
        }
        out
    }

    pub fn legal_texts(&self) -> BTreeSet<String> {
        self.legal_moves().iter().map(|m| self.text(m)).collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        let ms = self.legal_moves();
        if depth <= 1 {
            return ms.len() as u64;
        }
        ms.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }

    // ---------------------------------------------------------------- make

    /// The position after `m` (a new value).
    pub fn make(&self, m: &Move) -> Pos {
        let mut q = self.clone();
        let pc = self.at(m.from).expect("a move from an empty square");
        let target = self.at(m.to);
        let mut captured = target.is_some() && m.special != Special::Succession;
        match m.special {
            Special::Succession => {
                q.set(m.from, target);
                q.set(m.to, Some(pc));
            }
            Special::Castle(rf, rt) => {
                let rook = self.at(rf);
                q.set(m.from, None);
                q.set(rf, None);
                q.set(m.to, Some(pc));
                q.set(rt, rook);
            }
            Special::EnPassant(victim) => {
                captured = true;
                q.set(victim, None);
                q.set(m.from, None);
                q.set(m.to, Some(pc));
            }
            Special::None => {
                q.set(m.from, None);
                q.set(m.to, Some(Piece { kind: m.promo.unwrap_or(pc.kind), white: pc.white }));
            }
        }
        let (dx, dy) = (m.to.0 - m.from.0, m.to.1 - m.from.1);
        let double_step = dx == 0 && dy.abs() == 2 && self.ep_victim(pc.kind) && m.special == Special::None;
        q.ep = if double_step && m.promo.is_none() { Some((m.from.0, m.from.1 + dy / 2)) } else { None };
        // Castling rights (2.3): any King move loses both; leaving or capturing on a Rook's
        // start square loses that right.
        for c in self.castlings() {
            for (i, white) in [(c.right, true), (c.right + 2, false)] {
                let home = (c.rook_from, self.castling_rank(white));
                let king_moved = pc.kind == Kind::King && pc.white == white;
                if king_moved || m.from == home || m.to == home {
                    q.castling[i] = false;
                }
            }
        }
        let reset = captured
            || m.promo.is_some()
            || match (self.game.family, pc.kind) {
                (_, Kind::Pawn) => true,
                (Family::Patchanka, Kind::Soldier) => dy != 0,
                (Family::Timurid, Kind::Prince) => double_step,
                _ => false,
            };
        q.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if !self.white {
            q.fullmove += 1;
        }
        q.white = !self.white;
        q
    }

    // ---------------------------------------------------------------- notation

    /// Our move text: origin + destination, and the promotion suffix where the rules file asks
    /// for one (Heavy Shako's choice, 2.4; Timurid's optional Prince promotion, 3.3).
    pub fn text(&self, m: &Move) -> String {
        let mut t = sq_name(m.from) + &sq_name(m.to);
        if let Some(k) = m.promo {
            let kind = self.at(m.from).map(|p| p.kind);
            let written = match self.game.family {
                Family::HeavyShako => true,
                Family::Timurid => kind == Some(Kind::Prince),
                Family::Patchanka => false,
            };
            if written {
                t += &self.game.id_of(k).to_ascii_lowercase();
            }
        }
        t
    }

    /// Reads a move in our notation: the text of a legal move, or a compulsory promotion with
    /// its optional matching suffix (3.3, 1.3; input in any case).
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let t = text.trim().to_ascii_lowercase();
        let legal = self.legal_moves();
        if let Some(m) = legal.iter().find(|m| self.text(m) == t) {
            return Ok(*m);
        }
        for m in &legal {
            // A compulsory promotion is written without a suffix; its target may be added.
            let plain = sq_name(m.from) + &sq_name(m.to);
            if let Some(k) = m.promo {
                if self.text(m) == plain && t == plain + &self.game.id_of(k).to_ascii_lowercase() {
                    return Ok(*m);
                }
            }
        }
        Err(format!("'{text}' is not a legal move in {}", self.to_fen()))
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

/// A game from a position: the positions' repetition keys so far, for bigorra.md 3.6.
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

    /// bigorra.md 3.6, in its order: no legal move, bare Kings, 50 moves, threefold repetition.
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
