//! The reference generator's moves: the per-family rules, pseudo-legal moves, attacks and
//! check, legal moves, making a move, and move text.

use super::{sq_name, Castling, Move, Piece, Pos, Special, KING_FILE};
use crate::pieces::{geometry, reach, Family, Kind, Sq};
use std::collections::BTreeSet;

impl Pos {
    // ---------------------------------------------------------------- per-family rules

    /// Pieces whose non-promoting double step leaves an e.p. square (1.3, 2.4, 3.3).
    pub(super) fn ep_victim(&self, kind: Kind) -> bool {
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
    pub(super) fn compulsory_promotion(&self, kind: Kind) -> Option<Kind> {
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

    pub(super) fn castlings(&self) -> Vec<Castling> {
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

    pub(super) fn castling_pieces_home(&self, white: bool, c: &Castling) -> bool {
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
            // docs/rules/bigorra.md §2.3: quiet slides to empty squares; capture beyond exactly one screen.
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
            // docs/rules/bigorra.md §2.2: the first square, then outward slides if it was empty.
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

    /// docs/rules/bigorra.md §3.1: does a capturing move of side `by` reach `s`? `s` must hold a piece of
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

    /// Whether `by` attacks `s` "assuming an enemy piece stood on it" (docs/rules/bigorra.md §3.1).
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

    /// Our move text: origin + destination, and the promotion suffix where the rules page asks
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
