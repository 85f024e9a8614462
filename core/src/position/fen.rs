//! FEN read/write: ranks from the top, multi-digit empty runs, multi-letter IDs in
//! parentheses, `+` before a promoted ID, then the side to move and the game's extra fields.

use super::{Piece, Position};
use crate::game::Game;
use crate::geometry::{Color, Square};
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

/// The rights of `game` as (FEN letter, bit), the first player's first; none if the game does
/// not play castling.
fn g_rights(game: &Game) -> Vec<(char, u8)> {
    let Some(c) = &game.tables.castling else {
        return Vec::new();
    };
    Color::ALL.iter().flat_map(|&col| c.ways[col].iter().map(|w| (w.letter, w.bit))).collect()
}

/// Reads the castling-rights field `text` (`KQkq`, a subset in any order, or `-`); `off`: the
/// game's castling is switched off.
fn castling_rights(rights: &[(char, u8)], text: &str, off: bool) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let mut bits = 0u8;
    for ch in text.chars() {
        let Some(&(_, b)) = rights.iter().find(|(l, _)| *l == ch) else {
            let known: String = rights.iter().map(|(l, _)| *l).collect();
            return err(if off {
                format!("castling-rights field '{text}': castling is off in this game (write '-', or turn it on with its option)")
            } else if known.is_empty() {
                format!("castling-rights field '{text}': this game has no castling (write '-')")
            } else {
                format!("castling-rights field '{text}': '{ch}' is not a right (the rights are {known}, or '-')")
            });
        };
        if bits & b != 0 {
            return err(format!("castling-rights field '{text}' repeats '{ch}'"));
        }
        bits |= b;
    }
    Ok(bits)
}

impl Position {
    /// Reads a FEN and validates it as a playable position of `game`. Fields after the side to
    /// move may be left out from the end: each takes its default (no leap rights, no e.p. or
    /// counter-strike square, halfmove clock 0, move 1), as when the placement stands alone.
    pub fn from_fen(game: &Arc<Game>, fen: &str) -> Result<Position, FenError> {
        let v = &game.variant;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return err("empty FEN");
        }
        let mut pos = Position::empty(Arc::clone(game));
        for p in placement::parse(v, fields[0]).map_err(|e| FenError(e.0))? {
            pos.put(game.shape.square_unchecked(p.file, p.rank), Piece::new(p.kind, p.color));
        }
        pos.side = match fields.get(1) {
            None if v.fen.side_required => {
                return err(format!("the side to move is missing after the placement ({} needs 'w' or 'b')", v.title))
            }
            None => Color::White,
            Some(&"w") => Color::White,
            Some(&"b") => Color::Black,
            Some(other) => return err(format!("side to move '{other}' is not 'w' or 'b'")),
        };
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
        for (field, text) in v.fen.fields.iter().zip(extra) {
            pos.read_field(*field, text)?;
        }
        pos.rev_plies = 0;
        pos.validate()?;
        pos.finish_setup();
        Ok(pos)
    }

    /// Reads one field after the side to move.
    fn read_field(&mut self, field: FenField, text: &str) -> Result<(), FenError> {
        let shape = self.game.shape;
        let square = |what: &str| match text {
            "-" => Ok(Square::NONE),
            t => shape.parse_square(t).map_err(|e| FenError(format!("{what} field: {e}"))),
        };
        match field {
            FenField::LeapRights => self.read_leap_rights(text)?,
            FenField::CastlingRights => {
                // A game that describes castling but plays without it (an option is off).
                let v = &self.game.variant;
                let off = v.castling.is_some() && !v.rules.castling;
                self.castling = castling_rights(&g_rights(&self.game), text, off)?;
            }
            FenField::EnPassant => self.ep = square("en-passant")?,
            FenField::CounterStrike => self.counter_strike = square("counter-strike")?,
            FenField::Halfmove => {
                self.halfmove =
                    text.parse().map_err(|_| FenError(format!("halfmove clock '{text}' is not a number")))?;
            }
            FenField::Fullmove => {
                let n: u32 = text.parse().map_err(|_| FenError(format!("fullmove number '{text}' is not a number")))?;
                if n == 0 {
                    return err("fullmove number must be at least 1");
                }
                self.fullmove = n;
            }
        }
        Ok(())
    }

    /// Bigorra's King-leap rights: `K`, `k`, both in that order, or `-`.
    fn read_leap_rights(&mut self, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
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
            self.leap_rights[c] = true;
        }
        if text == "kK" {
            return err("leap-rights field 'kK' must be written 'Kk'");
        }
        Ok(())
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
                    let may_stay = t.promotion_needs_step || t.promotion_optional;
                    if t.promotes_to.is_some() && !may_stay && g.tables.in_zone(c, sq) {
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
            let ok_after =
                after.and_then(|s| self.piece_at(s)).is_some_and(|p| p.color() == mover && v.piece(p.kind()).ep_victim);
            let ok_before = before.is_some_and(|s| self.is_empty(s));
            if !self.is_empty(x) || !ok_after || !ok_before {
                return err(format!(
                    "en-passant square {} does not follow a double step by {}",
                    shape.name(x),
                    mover.name()
                ));
            }
            self.ep_victim = after.unwrap();
        }
        if let Some(c) = &g.tables.castling {
            for w in Color::ALL.iter().flat_map(|&col| c.ways[col].iter().map(move |w| (col, w))) {
                if self.castling & w.1.bit != 0 && !c.pieces_home(self, w.0, w.1) {
                    return err(format!(
                        "castling right '{}' needs the King on {} and the {} on {}",
                        w.1.letter,
                        shape.name(w.1.king_from),
                        v.piece(c.rook).name,
                        shape.name(w.1.rook_from)
                    ));
                }
            }
        }
        if !self.counter_strike.is_none() && !shape.on_board(self.counter_strike) {
            return err("counter-strike square is off the board");
        }
        if v.rules.legality == Legality::Check && self.royal_attacked(self.side.flip()) {
            return err(format!("{} is in check but it is {}'s turn", self.side.flip().name(), self.side.name()));
        }
        Ok(())
    }

    /// The castling-rights field: the letters of the rights held, the first player's first, in
    /// the order of the game's `[castling]` table, or `-`.
    fn castling_text(&self) -> String {
        let t: String =
            g_rights(&self.game).into_iter().filter(|(_, b)| self.castling & b != 0).map(|(l, _)| l).collect();
        if t.is_empty() {
            "-".into()
        } else {
            t
        }
    }

    /// The placement field.
    pub fn board_fen(&self) -> String {
        let v = self.variant();
        let shape = *self.shape();
        placement::write(shape.files, shape.ranks, |f, r| {
            self.piece_at(shape.square_unchecked(f, r)).map(|p| v.piece(p.kind()).fen_token(p.color()))
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
                FenField::CastlingRights => s.push_str(&self.castling_text()),
                FenField::EnPassant => {
                    if self.ep.is_none() {
                        s.push('-');
                    } else {
                        s.push_str(&shape.name(self.ep));
                    }
                }
                FenField::CounterStrike => {
                    if self.counter_strike.is_none() {
                        s.push('-');
                    } else {
                        s.push_str(&shape.name(self.counter_strike));
                    }
                }
                FenField::Halfmove => s.push_str(&self.halfmove.to_string()),
                FenField::Fullmove => s.push_str(&self.fullmove.to_string()),
            }
        }
        s
    }
}
