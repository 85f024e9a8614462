//! FEN read/write: ranks from the top, multi-digit empty runs, multi-letter IDs in
//! parentheses, `+` before a promoted ID, then the side to move and the game's extra fields.

use super::{Piece, Position};
use crate::game::Game;
use crate::geometry::Color;
use crate::variant::placement;
use crate::variant::{FenField, Legality, PromotionRule};
use std::fmt;
use std::sync::Arc;

/// A FEN that could not be read; the message names the field, rank or token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

impl Position {
    /// Reads a FEN and validates it as a playable position of `game`.
    pub fn from_fen(game: &Arc<Game>, fen: &str) -> Result<Position, FenError> {
        let v = &game.variant;
        let shape = game.shape;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return err("empty FEN");
        }
        let mut pos = Position::empty(Arc::clone(game));
        for p in placement::parse(v, fields[0]).map_err(|e| FenError(e.0))? {
            pos.put(shape.square_unchecked(p.file, p.rank), Piece::new(p.kind, p.color));
        }
        let side = match fields.get(1) {
            None if v.fen.side_required => {
                return err(format!("the side to move is missing after the placement ({} needs 'w' or 'b')", v.title))
            }
            None => Color::White,
            Some(&"w") => Color::White,
            Some(&"b") => Color::Black,
            Some(other) => return err(format!("side to move '{other}' is not 'w' or 'b'")),
        };
        pos.side = side;
        let mut extra = &fields[2.min(fields.len())..];
        let nf = v.fen.fields.len();
        if v.fen.ignore_extra_fields && extra.len() > nf {
            // Fields other programs add (castling, e.p., clocks) carry nothing in this game.
            extra = &extra[..nf];
        }
        if extra.len() > nf {
            return err(format!(
                "{} has {} fields after the side to move, the FEN has {} ('{}')",
                v.title,
                nf,
                extra.len(),
                extra[nf..].join(" ")
            ));
        }
        if extra.len() + v.fen.optional_fields < nf && fields.len() > 1 {
            let names: Vec<String> = v.fen.fields.iter().map(|f| format!("{f:?}")).collect();
            return err(format!("missing fields: {} needs {}", v.title, names.join(", ")));
        }
        // Defaults: leap rights only for Kings standing on their start squares are unknown, so a
        // FEN without the field has none.
        for (i, field) in v.fen.fields.iter().enumerate() {
            let Some(text) = extra.get(i).copied() else {
                continue;
            };
            match field {
                FenField::LeapRights => {
                    if text != "-" {
                        let mut seen = String::new();
                        for ch in text.chars() {
                            let c = match ch {
                                'K' => Color::White,
                                'k' => Color::Black,
                                _ => return err(format!("leap-rights field '{text}': only K, k or - are allowed")),
                            };
                            if seen.contains(ch) {
                                return err(format!("leap-rights field '{text}' repeats '{ch}'"));
                            }
                            seen.push(ch);
                            pos.leap_rights[c] = true;
                        }
                        if text == "kK" {
                            return err("leap-rights field 'kK' must be written 'Kk'");
                        }
                    }
                }
                FenField::EnPassant => {
                    if text != "-" {
                        let sq = shape.parse_square(text).map_err(|e| FenError(format!("en-passant field: {e}")))?;
                        pos.ep = sq;
                    }
                }
                FenField::CounterStrike => {
                    if text != "-" {
                        let sq =
                            shape.parse_square(text).map_err(|e| FenError(format!("counter-strike field: {e}")))?;
                        pos.counter_strike = sq;
                    }
                }
                FenField::Halfmove => {
                    pos.halfmove =
                        text.parse().map_err(|_| FenError(format!("halfmove clock '{text}' is not a number")))?;
                }
                FenField::Fullmove => {
                    let n: u32 =
                        text.parse().map_err(|_| FenError(format!("fullmove number '{text}' is not a number")))?;
                    if n == 0 {
                        return err("fullmove number must be at least 1");
                    }
                    pos.fullmove = n;
                }
            }
        }
        pos.rev_plies = 0;
        pos.validate()?;
        pos.finish_setup();
        Ok(pos)
    }

    /// The rules a set-up position must satisfy before play.
    fn validate(&mut self) -> Result<(), FenError> {
        let g = Arc::clone(&self.game);
        let v = &g.variant;
        let shape = g.shape;
        for c in Color::ALL {
            let n = self.royal_count(c);
            if n == 0 && !v.fen.any_royals {
                return err(format!("{} has no royal piece", c.name()));
            }
            if v.rules.legality == Legality::Check && n != 1 {
                return err(format!("{} has {} Kings; {} needs exactly one", c.name(), n, v.title));
            }
        }
        if v.promotion.rule == PromotionRule::Arrival {
            for c in Color::ALL {
                for &sq in &self.lists[c] {
                    let p = self.piece_at(sq).unwrap();
                    let t = v.piece(p.kind());
                    if t.promotes_to.is_some() && !t.promotion_needs_step && g.tables.in_zone(c, sq) {
                        return err(format!(
                            "a {} {} stands on {}, its promotion rank",
                            c.name(),
                            t.name,
                            shape.name(sq)
                        ));
                    }
                }
            }
        }
        if !self.ep.is_none() {
            // The side that just moved is the opponent of the side to move.
            let mover = self.side.flip();
            let x = self.ep;
            let (f, r) = (shape.file_of(x), shape.rank_of(x));
            let fwd = match v.rules.orientation {
                crate::variant::Orientation::Rotate | crate::variant::Orientation::Mirror => mover.forward(),
            };
            let after = shape.square(f, r + fwd);
            let before = shape.square(f, r - fwd);
            let ok_after = after
                .and_then(|s| self.piece_at(s))
                .map(|p| p.color() == mover && v.piece(p.kind()).ep_victim)
                .unwrap_or(false);
            let ok_before = before.map(|s| self.is_empty(s)).unwrap_or(false);
            if !self.is_empty(x) || !ok_after || !ok_before {
                return err(format!(
                    "en-passant square {} does not follow a double step by {}",
                    shape.name(x),
                    mover.name()
                ));
            }
            self.ep_victim = after.unwrap();
        }
        if !self.counter_strike.is_none() && !shape.on_board(self.counter_strike) {
            return err("counter-strike square is off the board");
        }
        if v.rules.legality == Legality::Check && !self.royals_safe(self.side.flip()) {
            return err(format!("{} is in check but it is {}'s turn", self.side.flip().name(), self.side.name()));
        }
        Ok(())
    }

    /// The placement field.
    pub fn board_fen(&self) -> String {
        let v = self.variant();
        let shape = *self.shape();
        placement::write(shape.files, shape.ranks, |f, r| {
            self.piece_at(shape.square_unchecked(f, r)).map(|p| v.piece(p.kind()).fen_token(p.color() == Color::White))
        })
    }

    /// The full FEN with every field of the game.
    pub fn to_fen(&self) -> String {
        let v = self.variant();
        let shape = *self.shape();
        let mut s = self.board_fen();
        s.push(' ');
        s.push(self.side.fen_char());
        for f in &v.fen.fields {
            s.push(' ');
            match f {
                FenField::LeapRights => {
                    let mut t = String::new();
                    if self.leap_rights.white {
                        t.push('K');
                    }
                    if self.leap_rights.black {
                        t.push('k');
                    }
                    if t.is_empty() {
                        t.push('-');
                    }
                    s.push_str(&t);
                }
                FenField::EnPassant => {
                    if self.ep.is_none() {
                        s.push('-')
                    } else {
                        s.push_str(&shape.name(self.ep))
                    }
                }
                FenField::CounterStrike => {
                    if self.counter_strike.is_none() {
                        s.push('-')
                    } else {
                        s.push_str(&shape.name(self.counter_strike))
                    }
                }
                FenField::Halfmove => s.push_str(&self.halfmove.to_string()),
                FenField::Fullmove => s.push_str(&self.fullmove.to_string()),
            }
        }
        s
    }
}
