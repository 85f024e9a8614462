//! The `[castling]` table, checked: on which rank the King and a Rook castle, from and to which
//! files, and the FEN letter of each right. The squares are the first player's; the second
//! player's follow with the board's orientation. How castling is generated and played is
//! `movegen::castling`; whether a game plays it is its `[rules]` key `castling`.

use super::piece::KindId;
use super::rules::{Castling, FenField, FenFormat};
use std::collections::HashMap;
use std::fmt;

/// One way to castle, in board files (0 = a) of the castling rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingWay {
    /// The right's letter for the first player (upper case); the second player's is lower case.
    pub right: char,
    pub(crate) king_to: u8,
    pub(crate) rook_from: u8,
    pub(crate) rook_to: u8,
}

/// A game's castling, checked against its board and catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    /// The rank, counted from the owner's side from 0.
    pub rank: u8,
    pub(crate) king_file: u8,
    /// The type that castles with the King.
    pub rook: KindId,
    pub(crate) ways: Vec<CastlingWay>,
}

/// At most this many ways to castle per player (the rights are bits of one byte per position).
pub const MAX_WAYS: usize = 4;

/// Why a `[castling]` table does not fit its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CastlingError {
    /// The castling rank is off the board (`ranks` ranks).
    Rank { rank: u8, ranks: u8 },
    /// The value of `key` is not a file letter of a board `files` wide.
    File { key: &'static str, name: String, files: u8 },
    /// No piece of the catalogue has the Rook's ID.
    Rook(String),
    /// Too few or too many ways to castle.
    Sides(usize),
    /// A right that is not one upper-case letter.
    Right(String),
    /// The same right letter for two ways.
    RightTwice(char),
    /// A way whose King and Rook files overlap.
    Overlap(char),
}

impl fmt::Display for CastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastlingError::Rank { rank, ranks } => write!(f, "rank {rank} is not a rank of the board (1..{ranks})"),
            CastlingError::File { key, name, files } => {
                write!(f, "{key} '{name}' is not a file of the board (a letter a..{})", (b'a' + files - 1) as char)
            }
            CastlingError::Rook(id) => write!(f, "rook: no piece has the ID '{id}'"),
            CastlingError::Sides(n) => write!(f, "{n} sides: between 1 and {MAX_WAYS} are allowed"),
            CastlingError::Right(r) => write!(f, "right '{r}': one upper-case letter (K, Q)"),
            CastlingError::RightTwice(r) => write!(f, "right '{r}' is given twice"),
            CastlingError::Overlap(r) => write!(
                f,
                "right '{r}': the King's and the Rook's four files must be different \
                 (the pieces land on squares neither starts on)"
            ),
        }
    }
}

impl std::error::Error for CastlingError {}

fn file(name: &str, files: u8, key: &'static str) -> Result<u8, CastlingError> {
    let mut chars = name.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() && ((c as u8 - b'a') < files) => Ok(c as u8 - b'a'),
        _ => Err(CastlingError::File { key, name: name.to_string(), files }),
    }
}

impl CastlingRule {
    /// Checks the table `c` against a board of `files` x `ranks` and the catalogue `by_id`.
    pub(crate) fn read(
        c: &Castling,
        files: u8,
        ranks: u8,
        by_id: &HashMap<String, KindId>,
    ) -> Result<CastlingRule, CastlingError> {
        if c.rank == 0 || c.rank > ranks {
            return Err(CastlingError::Rank { rank: c.rank, ranks });
        }
        let king_file = file(&c.king_file, files, "king_file")?;
        let rook = *by_id.get(&c.rook.to_ascii_uppercase()).ok_or_else(|| CastlingError::Rook(c.rook.clone()))?;
        if c.sides.is_empty() || c.sides.len() > MAX_WAYS {
            return Err(CastlingError::Sides(c.sides.len()));
        }
        let mut ways: Vec<CastlingWay> = Vec::new();
        for s in &c.sides {
            let mut letters = s.right.chars();
            let right = match (letters.next(), letters.next()) {
                (Some(r), None) if r.is_ascii_uppercase() => r,
                _ => return Err(CastlingError::Right(s.right.clone())),
            };
            if ways.iter().any(|w| w.right == right) {
                return Err(CastlingError::RightTwice(right));
            }
            let way = CastlingWay {
                right,
                king_to: file(&s.king_to, files, "king_to")?,
                rook_from: file(&s.rook_from, files, "rook_from")?,
                rook_to: file(&s.rook_to, files, "rook_to")?,
            };
            // Both pieces land on squares neither stands on: make moves one, then the other.
            let starts = [king_file, way.rook_from];
            if way.rook_from == king_file
                || starts.contains(&way.king_to)
                || starts.contains(&way.rook_to)
                || way.king_to == way.rook_to
            {
                return Err(CastlingError::Overlap(right));
            }
            ways.push(way);
        }
        Ok(CastlingRule { rank: c.rank - 1, king_file, rook, ways })
    }

    /// The files that must be empty for `way`: every square strictly between the King and the
    /// Rook, and both destinations.
    pub fn empty_files(&self, way: &CastlingWay) -> Vec<u8> {
        let (lo, hi) = (self.king_file.min(way.rook_from), self.king_file.max(way.rook_from));
        let mut out: Vec<u8> = (lo + 1..hi).collect();
        for f in [way.king_to, way.rook_to] {
            if !out.contains(&f) {
                out.push(f);
            }
        }
        out.sort_unstable();
        out
    }

    /// The files the King crosses and lands on, which must not be attacked.
    pub fn safe_files(&self, way: &CastlingWay) -> Vec<u8> {
        let (k, t) = (self.king_file as i32, way.king_to as i32);
        let step = (t - k).signum();
        (1..=(t - k).abs()).map(|i| (k + i * step) as u8).collect()
    }
}

/// Whether the FEN format can hold castling rights.
pub(crate) fn fen_holds_rights(fen: &FenFormat) -> bool {
    fen.has(FenField::CastlingRights)
}
