//! Handicap starts (`[[handicap]]` tables): named start positions of a game for players of
//! unequal strength, e.g. Chu Shogi's "two-lions". Each is a whole FEN, so a handicap that
//! removes pieces, adds them or promotes them is written the same way, and the side to move is
//! part of it (in the shogi games the player giving the handicap moves first).

use super::placement::{self, PlacementError};
use super::Variant;
use serde::Deserialize;
use std::fmt;

/// A `[[handicap]]` table of a data file.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Handicap {
    /// What `--handicap` and the web board call it: lower case, words joined by `-`.
    pub name: String,
    /// What a person reads: "Two Lions (二枚獅子)".
    pub title: String,
    /// The start position, a FEN of the game.
    pub fen: String,
}

/// A handicap table that does not work, or a handicap the game does not have; `name` is the
/// handicap's name as written or asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// A name that is not lower-case letters, digits and `-`.
    BadName(String),
    /// A name declared twice.
    Twice(String),
    /// A handicap whose board cannot be read.
    Board {
        /// The handicap.
        name: String,
        /// Why its board cannot be read.
        error: PlacementError,
    },
    /// A handicap asked of a game (its title) that has none.
    NoHandicaps {
        /// The handicap asked for.
        name: String,
        /// The game.
        game: String,
    },
    /// A handicap the game (its title) does not have; `names` are those it has.
    Unknown {
        /// The handicap asked for.
        name: String,
        /// The game.
        game: String,
        /// The game's handicaps.
        names: Vec<String>,
    },
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::BadName(n) => write!(f, "handicap '{n}': a name is lower-case letters, digits and '-'"),
            HandicapError::Twice(n) => write!(f, "handicap '{n}' is declared twice"),
            HandicapError::Board { name, error } => write!(f, "handicap '{name}': bad FEN: {error}"),
            HandicapError::NoHandicaps { name, game } => write!(f, "handicap '{name}': {game} has no handicap starts"),
            HandicapError::Unknown { name, game, names } => {
                write!(f, "handicap '{name}': {game} has {}", names.join(", "))
            }
        }
    }
}

impl std::error::Error for HandicapError {}

/// Checks the handicaps of game `v`: names unique and well formed, boards that read.
pub(crate) fn check(v: &Variant, list: &[Handicap]) -> Result<(), HandicapError> {
    for (i, h) in list.iter().enumerate() {
        let word = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if h.name.is_empty() || !h.name.chars().all(word) {
            return Err(HandicapError::BadName(h.name.clone()));
        }
        if list[..i].iter().any(|o| o.name == h.name) {
            return Err(HandicapError::Twice(h.name.clone()));
        }
        let board = h.fen.split_whitespace().next().unwrap_or("");
        placement::parse(v, board).map_err(|error| HandicapError::Board { name: h.name.clone(), error })?;
    }
    Ok(())
}

impl Variant {
    /// The start FEN of the handicap `name` (case-insensitive); the error names the game's
    /// handicaps.
    pub fn handicap_fen(&self, name: &str) -> Result<String, HandicapError> {
        let wanted = name.trim();
        if let Some(h) = self.handicaps.iter().find(|h| h.name.eq_ignore_ascii_case(wanted)) {
            return Ok(h.fen.clone());
        }
        let (name, game) = (wanted.to_string(), self.title.clone());
        if self.handicaps.is_empty() {
            return Err(HandicapError::NoHandicaps { name, game });
        }
        Err(HandicapError::Unknown { name, game, names: self.handicaps.iter().map(|h| h.name.clone()).collect() })
    }
}
