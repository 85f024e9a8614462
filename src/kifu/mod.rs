//! Kifu: game records in KIF (`.kifu` in UTF-8, `.kif` in Shift-JIS), the format of Japanese
//! shogi programs and of lishogi's exports (`docs/kifu.md`). A KIF record is read into the same
//! game-record type as PGN ([`PgnGame`], moves in our notation), so everything that reads PGN
//! (`kyodai annotate`, `kyodai pgn stats`) reads KIF too; `kyodai match --kifout` writes it.
//!
//! CSA is recognised and refused with the reason: it has two-digit squares and a fixed set of
//! fourteen standard-shogi piece codes, so it can record none of Kyodai's games (`csa.rs`).
//!
//! The move text of a KIF record names squares (`7八歩兵 （←7九）`) and the same squares as
//! lishogi's USI dialect (`7i7h`), so a move converts through that dialect's code
//! (`protocol::squares`) both ways.

mod board;
mod csa;
mod read;
mod squares;
mod write;

pub mod names;

pub use read::{parse_kif, KifGame, KifMove};
pub use write::{write_kif, KifHeader};

use crate::pgn::{read_pgn, PgnError, PgnGame};
use crate::variant::Variant;
use std::fmt;

/// Why a kifu cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KifuError {
    /// Line `line` (from 1) is not what the format allows there.
    Syntax { line: usize, expected: &'static str, found: String },
    /// The bytes are neither UTF-8 nor Shift-JIS.
    Encoding,
    /// A CSA record: why Kyodai's games cannot be in one.
    Csa { line: usize },
    /// The record does not say which game it is (its `手合割` line, if any), and none was given.
    UnknownGame { named: Option<String> },
    /// The game has no KIF form (no `[kifu]` table in its data).
    NoKifForm { game: String },
    /// The board is not the game's: its size (files x ranks) as the diagram or squares say.
    Board { line: usize, why: String },
    /// A move of the game that cannot be written: its number (from 1), text and why.
    Move { number: usize, text: String, why: String },
    /// Shift-JIS (`.kif`) has no code for this character: write `.kifu` (UTF-8).
    Unencodable { character: char },
}

impl fmt::Display for KifuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KifuError::Syntax { line, expected, found } => {
                write!(f, "line {line}: expected {expected}, found '{found}'")
            }
            KifuError::Encoding => f.write_str("the file is neither UTF-8 nor Shift-JIS text"),
            KifuError::Csa { line } => write!(
                f,
                "line {line}: a CSA record; CSA has two-digit squares and only standard shogi's 14 piece codes, \
                 so it records 9x9 shogi, none of Kyodai's games (use KIF)"
            ),
            KifuError::UnknownGame { named: Some(n) } => {
                write!(f, "no game has the KIF name '{n}' (手合割): name the game with --variant")
            }
            KifuError::UnknownGame { named: None } => {
                f.write_str("the record has no 手合割 line naming its game: name the game with --variant")
            }
            KifuError::NoKifForm { game } => {
                write!(f, "{game} has no KIF form (KIF records shogi games: Chu, Nutty and Tai Shogi)")
            }
            KifuError::Board { line, why } => write!(f, "line {line}: {why}"),
            KifuError::Move { number, text, why } => write!(f, "move {number} ({text}): {why}"),
            KifuError::Unencodable { character } => {
                write!(f, "Shift-JIS (.kif) cannot encode '{character}': write a .kifu file (UTF-8)")
            }
        }
    }
}

impl std::error::Error for KifuError {}

/// A game-record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pgn,
    /// KIF; `sjis`: written in Shift-JIS (`.kif`) rather than UTF-8 (`.kifu`).
    Kif {
        sjis: bool,
    },
    Csa,
}

/// The format of a file: by its extension (`.kif`, `.kifu`, `.csa`, `.pgn`), else by its
/// content (a KIF header or move-list line, a CSA version or move line), else PGN.
pub fn format_of(path: &str, bytes: &[u8]) -> Format {
    let ext = std::path::Path::new(path).extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("kif") => return Format::Kif { sjis: true },
        Some("kifu") => return Format::Kif { sjis: false },
        Some("csa") => return Format::Csa,
        Some("pgn") => return Format::Pgn,
        _ => {}
    }
    let Ok(text) = decode(bytes) else { return Format::Pgn };
    let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines().any(read::is_kif_marker) {
        return Format::Kif { sjis: std::str::from_utf8(bytes).is_err() };
    }
    if lines().find(|l| !l.starts_with('\'')).is_some_and(csa::is_csa_line) {
        return Format::Csa;
    }
    Format::Pgn
}

/// The text of a kifu file: UTF-8 (a byte-order mark is dropped), else Shift-JIS. Shift-JIS
/// Japanese is never valid UTF-8 in practice, so the content decides, whatever the extension.
pub fn decode(bytes: &[u8]) -> Result<String, KifuError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    encoding_rs::SHIFT_JIS
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(std::borrow::Cow::into_owned)
        .ok_or(KifuError::Encoding)
}

/// `text` in Shift-JIS, or the first character it has no code for.
pub fn encode_sjis(text: &str) -> Result<Vec<u8>, KifuError> {
    let (bytes, _, errors) = encoding_rs::SHIFT_JIS.encode(text);
    if !errors {
        return Ok(bytes.into_owned());
    }
    let mut buf = [0u8; 4];
    let bad = text.chars().find(|c| encoding_rs::SHIFT_JIS.encode(c.encode_utf8(&mut buf)).2).unwrap_or('?');
    Err(KifuError::Unencodable { character: bad })
}

/// The built-in game whose KIF name (or title, or name) is `name`.
pub fn game_named(name: &str) -> Option<Variant> {
    let name = name.trim();
    Variant::builtin_names().into_iter().filter_map(|n| Variant::builtin_with(n, &[]).ok()).find(|v| {
        v.kifu.is_some()
            && (v.kifu.as_ref().and_then(|k| k.name.as_deref()) == Some(name)
                || v.title.eq_ignore_ascii_case(name)
                || v.name.eq_ignore_ascii_case(name))
    })
}

/// Why a game-record file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Pgn(PgnError),
    Kifu(KifuError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Pgn(e) => write!(f, "{e}"),
            RecordError::Kifu(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// The games of a record file of any format (`path` gives its extension): PGN's games, or the
/// one game of a KIF record with its moves in our notation. `game` is the game a KIF record is
/// read as when its `手合割` line names none Kyodai knows.
pub fn read_games(path: &str, bytes: &[u8], game: Option<&Variant>) -> Result<Vec<PgnGame>, RecordError> {
    match format_of(path, bytes) {
        Format::Pgn => {
            let text = String::from_utf8_lossy(bytes);
            read_pgn(&text).map_err(RecordError::Pgn)
        }
        Format::Csa => {
            let text = decode(bytes).map_err(RecordError::Kifu)?;
            Err(RecordError::Kifu(csa::refuse(&text)))
        }
        Format::Kif { .. } => {
            let text = decode(bytes).map_err(RecordError::Kifu)?;
            let k = parse_kif(&text).map_err(RecordError::Kifu)?;
            Ok(vec![k.to_pgn(game).map_err(RecordError::Kifu)?])
        }
    }
}

#[cfg(test)]
mod tests;
