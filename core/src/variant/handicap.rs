//! Handicap starts (`[[handicap]]` tables): named start positions of a game for players of
//! unequal strength, e.g. Chu Shogi's "two-lions". Each is a whole FEN, so a handicap that
//! removes pieces, adds them or promotes them is written the same way, and the side to move is
//! part of it (in the shogi games the player giving the handicap moves first).

use super::{placement, Variant};
use serde::Deserialize;

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

/// Checks the handicaps of game `v`: names unique and well formed, boards that read.
pub(crate) fn check(v: &Variant, list: &[Handicap]) -> Result<(), String> {
    for (i, h) in list.iter().enumerate() {
        let word = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if h.name.is_empty() || !h.name.chars().all(word) {
            return Err(format!("handicap '{}': a name is lower-case letters, digits and '-'", h.name));
        }
        if list[..i].iter().any(|o| o.name == h.name) {
            return Err(format!("handicap '{}' is declared twice", h.name));
        }
        let board = h.fen.split_whitespace().next().unwrap_or("");
        placement::parse(v, board).map_err(|x| format!("handicap '{}': bad FEN: {x}", h.name))?;
    }
    Ok(())
}

impl Variant {
    /// The start FEN of the handicap `name` (case-insensitive); the error names the game's
    /// handicaps.
    pub fn handicap_fen(&self, name: &str) -> Result<String, String> {
        let wanted = name.trim();
        if let Some(h) = self.handicaps.iter().find(|h| h.name.eq_ignore_ascii_case(wanted)) {
            return Ok(h.fen.clone());
        }
        if self.handicaps.is_empty() {
            return Err(format!("handicap '{wanted}': {} has no handicap starts", self.title));
        }
        let names: Vec<&str> = self.handicaps.iter().map(|h| h.name.as_str()).collect();
        Err(format!("handicap '{wanted}': {} has {}", self.title, names.join(", ")))
    }
}
