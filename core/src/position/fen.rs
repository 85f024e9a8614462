//! FEN read/write: ranks from the top, multi-digit empty runs, multi-letter IDs in
//! parentheses, `+` before a promoted ID, then the side to move and the game's extra fields.

use super::{Piece, Position};
use crate::game::Game;
use crate::geometry::{Color, Square, SquareError};
use crate::variant::placement::{self, PlacementError};
use crate::variant::{FenField, Legality, PromotionRule};
use std::fmt;
use std::sync::Arc;

/// A FEN that could not be read, or a position it sets up that cannot be played; `game` is a
/// game's title, `text` a field as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// No field at all.
    Empty,
    /// The placement field cannot be read.
    Placement(PlacementError),
    /// The game needs the side to move after the placement.
    SideMissing {
        /// The game.
        game: String,
    },
    /// A side to move that is neither `w` nor `b`.
    Side(String),
    /// More fields than the game has after the side to move.
    TooManyFields {
        /// The game.
        game: String,
        /// Its fields after the side to move.
        expected: usize,
        /// The FEN's.
        found: usize,
        /// The fields too many.
        extra: String,
    },
    /// A square field (`en-passant`, `counter-strike`) that names no square.
    Square {
        /// The field's name.
        field: &'static str,
        /// Why the square cannot be read.
        error: SquareError,
    },
    /// A castling-rights field that cannot be read.
    Castling {
        /// The field.
        text: String,
        /// What is wrong.
        why: CastlingFault,
    },
    /// A halfmove clock that is not a number.
    Halfmove(String),
    /// A fullmove number that is not a number.
    Fullmove(String),
    /// A fullmove number of 0.
    FullmoveZero,
    /// A leap-rights field that cannot be read.
    LeapRights {
        /// The field.
        text: String,
        /// What is wrong.
        why: LeapFault,
    },
    /// A side without royals, in a game that needs them.
    NoRoyal(Color),
    /// A side without exactly one King, in a game with check.
    KingCount {
        /// The side.
        side: Color,
        /// Its Kings.
        count: u16,
        /// The game.
        game: String,
    },
    /// A piece on its promotion rank, where it must have promoted.
    OnPromotionRank {
        /// Its side.
        side: Color,
        /// The piece's name.
        piece: String,
        /// The square.
        square: String,
    },
    /// An en-passant square that no double step made.
    EnPassant {
        /// The square.
        square: String,
        /// The side that would have made the step.
        mover: Color,
    },
    /// A castling right without its King and Rook at home.
    CastlingPieces {
        /// The right's letter.
        letter: char,
        /// The King's square.
        king: String,
        /// The Rook's name in this game.
        rook: String,
        /// The Rook's square.
        rook_square: String,
    },
    /// A counter-strike square off the board.
    CounterStrikeOffBoard,
    /// The side not to move is in check.
    InCheck {
        /// The side to move.
        to_move: Color,
    },
}

/// What is wrong with a castling-rights field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingFault {
    /// The game describes castling, but an option turned it off.
    Off,
    /// The game has no castling.
    NoCastling,
    /// A letter that is no right.
    NotARight {
        /// The letter.
        letter: char,
        /// The game's rights, as letters.
        known: String,
    },
    /// A right named twice.
    Repeats(char),
}

/// What is wrong with a leap-rights field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeapFault {
    /// A letter other than `K` and `k`.
    Letter,
    /// A letter named twice.
    Repeats(char),
    /// `kK` for `Kk`.
    Order,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bad FEN: ")?;
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::Placement(e) => write!(f, "{e}"),
            FenError::SideMissing { game } => {
                write!(f, "the side to move is missing after the placement ({game} needs 'w' or 'b')")
            }
            FenError::Side(t) => write!(f, "side to move '{t}' is not 'w' or 'b'"),
            FenError::TooManyFields { game, expected, found, extra } => {
                write!(f, "{game} has {expected} fields after the side to move, the FEN has {found} ('{extra}')")
            }
            FenError::Square { field, error } => write!(f, "{field} field: {error}"),
            FenError::Castling { text, why } => write!(f, "castling-rights field '{text}'{}", castling_text(why)),
            FenError::Halfmove(t) => write!(f, "halfmove clock '{t}' is not a number"),
            FenError::Fullmove(t) => write!(f, "fullmove number '{t}' is not a number"),
            FenError::FullmoveZero => f.write_str("fullmove number must be at least 1"),
            FenError::LeapRights { text, why } => match why {
                LeapFault::Letter => write!(f, "leap-rights field '{text}': only K, k or - are allowed"),
                LeapFault::Repeats(c) => write!(f, "leap-rights field '{text}' repeats '{c}'"),
                LeapFault::Order => write!(f, "leap-rights field '{text}' must be written 'Kk'"),
            },
            FenError::NoRoyal(c) => write!(f, "{} has no royal piece", c.name()),
            FenError::KingCount { side, count, game } => {
                write!(f, "{} has {count} Kings; {game} needs exactly one", side.name())
            }
            FenError::OnPromotionRank { side, piece, square } => {
                write!(f, "a {} {piece} stands on {square}, its promotion rank", side.name())
            }
            FenError::EnPassant { square, mover } => {
                write!(f, "en-passant square {square} does not follow a double step by {}", mover.name())
            }
            FenError::CastlingPieces { letter, king, rook, rook_square } => {
                write!(f, "castling right '{letter}' needs the King on {king} and the {rook} on {rook_square}")
            }
            FenError::CounterStrikeOffBoard => f.write_str("counter-strike square is off the board"),
            FenError::InCheck { to_move } => {
                write!(f, "{} is in check but it is {}'s turn", to_move.flip().name(), to_move.name())
            }
        }
    }
}

/// The end of a castling-rights error, after the field.
fn castling_text(why: &CastlingFault) -> String {
    match why {
        CastlingFault::Off => ": castling is off in this game (write '-', or turn it on with its option)".into(),
        CastlingFault::NoCastling => ": this game has no castling (write '-')".into(),
        CastlingFault::NotARight { letter, known } => {
            format!(": '{letter}' is not a right (the rights are {known}, or '-')")
        }
        CastlingFault::Repeats(c) => format!(" repeats '{c}'"),
    }
}

impl std::error::Error for FenError {}

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
    let fault = |why| FenError::Castling { text: text.to_string(), why };
    let mut bits = 0u8;
    for ch in text.chars() {
        let Some(&(_, b)) = rights.iter().find(|(l, _)| *l == ch) else {
            let known: String = rights.iter().map(|(l, _)| *l).collect();
            return Err(fault(if off {
                CastlingFault::Off
            } else if known.is_empty() {
                CastlingFault::NoCastling
            } else {
                CastlingFault::NotARight { letter: ch, known }
            }));
        };
        if bits & b != 0 {
            return Err(fault(CastlingFault::Repeats(ch)));
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
            return Err(FenError::Empty);
        }
        let mut pos = Position::empty(Arc::clone(game));
        for p in placement::parse(v, fields[0]).map_err(FenError::Placement)? {
            pos.put(game.shape.square_unchecked(p.file, p.rank), Piece::new(p.kind, p.color));
        }
        pos.side = match fields.get(1) {
            None if v.fen.side_required => return Err(FenError::SideMissing { game: v.title.clone() }),
            None => Color::White,
            Some(&"w") => Color::White,
            Some(&"b") => Color::Black,
            Some(other) => return Err(FenError::Side(other.to_string())),
        };
        let mut extra = &fields[2.min(fields.len())..];
        let nf = v.fen.fields.len();
        if v.fen.ignore_extra_fields && extra.len() > nf {
            // Fields other programs add (castling, e.p., clocks) carry nothing in this game.
            extra = &extra[..nf];
        }
        if extra.len() > nf {
            return Err(FenError::TooManyFields {
                game: v.title.clone(),
                expected: nf,
                found: extra.len(),
                extra: extra[nf..].join(" "),
            });
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
        let square = |field: &'static str| match text {
            "-" => Ok(Square::NONE),
            t => shape.parse_square(t).map_err(|error| FenError::Square { field, error }),
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
                self.halfmove = text.parse().map_err(|_| FenError::Halfmove(text.to_string()))?;
            }
            FenField::Fullmove => {
                let n: u32 = text.parse().map_err(|_| FenError::Fullmove(text.to_string()))?;
                if n == 0 {
                    return Err(FenError::FullmoveZero);
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
        let fault = |why| Err(FenError::LeapRights { text: text.to_string(), why });
        let mut seen = String::new();
        for ch in text.chars() {
            let c = match ch {
                'K' => Color::White,
                'k' => Color::Black,
                _ => return fault(LeapFault::Letter),
            };
            if seen.contains(ch) {
                return fault(LeapFault::Repeats(ch));
            }
            seen.push(ch);
            self.leap_rights[c] = true;
        }
        if text == "kK" {
            return fault(LeapFault::Order);
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
                return Err(FenError::NoRoyal(c));
            }
            if v.rules.legality == Legality::Check && n != 1 {
                return Err(FenError::KingCount { side: c, count: n, game: v.title.clone() });
            }
        }
        if v.promotion.rule == PromotionRule::Arrival {
            for c in Color::ALL {
                for &sq in &self.lists[c] {
                    let p = self.piece_at(sq).unwrap();
                    let t = v.piece(p.kind());
                    let may_stay = t.promotion_needs_step || t.promotion_optional;
                    if t.promotes_to.is_some() && !may_stay && g.tables.in_zone(c, sq) {
                        return Err(FenError::OnPromotionRank {
                            side: c,
                            piece: t.name.clone(),
                            square: shape.name(sq),
                        });
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
                return Err(FenError::EnPassant { square: shape.name(x), mover });
            }
            self.ep_victim = after.unwrap();
        }
        if let Some(c) = &g.tables.castling {
            for w in Color::ALL.iter().flat_map(|&col| c.ways[col].iter().map(move |w| (col, w))) {
                if self.castling & w.1.bit != 0 && !c.pieces_home(self, w.0, w.1) {
                    return Err(FenError::CastlingPieces {
                        letter: w.1.letter,
                        king: shape.name(w.1.king_from),
                        rook: v.piece(c.rook).name.clone(),
                        rook_square: shape.name(w.1.rook_from),
                    });
                }
            }
        }
        if !self.counter_strike.is_none() && !shape.on_board(self.counter_strike) {
            return Err(FenError::CounterStrikeOffBoard);
        }
        if v.rules.legality == Legality::Check && self.royal_attacked(self.side.flip()) {
            return Err(FenError::InCheck { to_move: self.side });
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
