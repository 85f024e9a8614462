//! The placement field of a FEN, in board coordinates: read (ranks from the top, multi-digit
//! empty runs, multi-letter IDs in parentheses, `+` before a promoted ID) and written. The one
//! reader and writer for positions, start arrays and XBoard's letters.

use super::{KindId, Variant};
use crate::geometry::Color;
use std::fmt;

/// A piece standing on the board: file and rank from 0 (`a1` is (0, 0)), type and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placed {
    /// The file, from 0 (`a`).
    pub file: i32,
    /// The rank, from 0 (rank 1).
    pub rank: i32,
    /// The piece's type.
    pub kind: KindId,
    /// Its owner.
    pub color: Color,
}

/// A placement field that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlacementError {
    /// It has `found` ranks; the game (`game`, its title) has `needed`.
    Ranks {
        /// Ranks written.
        found: usize,
        /// The game's title.
        game: String,
        /// The game's ranks.
        needed: u8,
    },
    /// A rank (numbered from 1, as squares name it) cannot be read.
    Rank {
        /// The rank's number.
        rank: i32,
        /// What is wrong with it.
        why: RankError,
    },
}

/// What is wrong with one rank of a placement field; the texts are the field's tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankError {
    /// An empty run that is not a positive number (`0`, `03`).
    Run(String),
    /// A token that is no piece ID.
    NotAPiece(String),
    /// A piece ID the game (its title) does not have.
    UnknownPiece {
        /// The token.
        token: String,
        /// The game's title.
        game: String,
    },
    /// More squares than the board's files.
    TooLong {
        /// The board's files.
        files: u8,
    },
    /// Fewer squares than the board's files.
    Length {
        /// Squares written.
        found: i32,
        /// The board's files.
        needed: u8,
    },
    /// A `(` without its `)`: the text from the token on.
    Unclosed(String),
    /// A one-letter ID in parentheses, which the game (its title) does not write.
    OneLetterInParentheses {
        /// The ID.
        id: String,
        /// The game's title.
        game: String,
    },
    /// A character that starts no token, and the rank's text.
    Unexpected {
        /// The character, or `end of rank`.
        found: String,
        /// The rank as written.
        row: String,
    },
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlacementError::Ranks { found, game, needed } => {
                write!(f, "the placement has {found} ranks; {game} needs {needed}")
            }
            PlacementError::Rank { rank, why: RankError::TooLong { files } } => {
                write!(f, "rank {rank} has more than {files} squares")
            }
            PlacementError::Rank { rank, why: RankError::Length { found, needed } } => {
                write!(f, "rank {rank} has {found} squares; it needs {needed}")
            }
            PlacementError::Rank { rank, why } => write!(f, "rank {rank}: {why}"),
        }
    }
}

impl fmt::Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankError::Run(run) => write!(f, "empty run '{run}' is not a positive number"),
            RankError::NotAPiece(token) => write!(f, "'{token}' is not a piece"),
            RankError::UnknownPiece { token, game } => write!(f, "unknown piece '{token}' in {game}"),
            RankError::TooLong { files } => write!(f, "more than {files} squares"),
            RankError::Length { found, needed } => write!(f, "{found} squares; it needs {needed}"),
            RankError::Unclosed(rest) => write!(f, "'(' without ')' in '{rest}'"),
            RankError::OneLetterInParentheses { id, game } => {
                write!(f, "'({id})': a one-letter ID is written without parentheses in {game}")
            }
            RankError::Unexpected { found, row } => write!(f, "unexpected '{found}' in '{row}'"),
        }
    }
}

impl std::error::Error for PlacementError {}

/// Reads the placement field of `v`.
pub fn parse(v: &Variant, board: &str) -> Result<Vec<Placed>, PlacementError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != v.ranks as usize {
        return Err(PlacementError::Ranks { found: rows.len(), game: v.title.clone(), needed: v.ranks });
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = v.ranks as i32 - 1 - i as i32;
        parse_rank(v, row, rank, &mut out).map_err(|why| PlacementError::Rank { rank: rank + 1, why })?;
    }
    Ok(out)
}

fn parse_rank(v: &Variant, row: &str, rank: i32, out: &mut Vec<Placed>) -> Result<(), RankError> {
    let b = row.as_bytes();
    let mut file = 0i32;
    let mut j = 0;
    while j < b.len() {
        if b[j].is_ascii_digit() {
            let s = j;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let n: i32 = row[s..j].parse().unwrap_or(i32::MAX);
            if n == 0 || row[s..j].starts_with('0') {
                return Err(RankError::Run(row[s..j].to_string()));
            }
            file = file.saturating_add(n);
            continue;
        }
        let tok_start = j;
        let plus = b[j] == b'+';
        if plus {
            j += 1;
        }
        let (id, end) = read_id(v, row, j, tok_start)?;
        j = end;
        let token = &row[tok_start..j];
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(RankError::NotAPiece(token.to_string()));
        }
        let color = if id.chars().next().is_some_and(|c| c.is_ascii_uppercase()) { Color::White } else { Color::Black };
        let full = if plus { format!("+{}", id.to_ascii_uppercase()) } else { id.to_ascii_uppercase() };
        let Some(kind) = v.kind_by_id(&full) else {
            return Err(RankError::UnknownPiece { token: token.to_string(), game: v.title.clone() });
        };
        if file >= v.files as i32 {
            return Err(RankError::TooLong { files: v.files });
        }
        out.push(Placed { file, rank, kind, color });
        file += 1;
    }
    if file != v.files as i32 {
        return Err(RankError::Length { found: file, needed: v.files });
    }
    Ok(())
}

/// The ID starting at byte `j` of `row` (a letter, or letters in parentheses) and the byte
/// after it.
fn read_id(v: &Variant, row: &str, j: usize, tok_start: usize) -> Result<(String, usize), RankError> {
    let b = row.as_bytes();
    if j < b.len() && b[j] == b'(' {
        let Some(close) = row[j..].find(')').map(|k| j + k) else {
            return Err(RankError::Unclosed(row[tok_start..].to_string()));
        };
        let inner = &row[j + 1..close];
        if inner.len() == 1 && !v.fen.single_letter_parentheses {
            return Err(RankError::OneLetterInParentheses { id: inner.to_string(), game: v.title.clone() });
        }
        Ok((inner.to_string(), close + 1))
    } else if j < b.len() && b[j].is_ascii_alphabetic() {
        Ok((row[j..j + 1].to_string(), j + 1))
    } else {
        let bad = row[j..].chars().next().map_or_else(|| "end of rank".into(), |c| c.to_string());
        Err(RankError::Unexpected { found: bad, row: row.to_string() })
    }
}

/// Writes a placement field of `files` x `ranks`: `token(file, rank)` is what stands there
/// (`None` for an empty square), runs of empty squares are counted.
pub fn write(files: u8, ranks: u8, token: impl Fn(i32, i32) -> Option<String>) -> String {
    let mut s = String::new();
    for r in (0..ranks as i32).rev() {
        let mut empty = 0;
        for f in 0..files as i32 {
            match token(f, r) {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&t);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}

/// Writes `pieces` as the placement field of `v`, in our IDs.
pub fn write_pieces(v: &Variant, pieces: &[Placed]) -> String {
    write(v.files, v.ranks, |f, r| {
        pieces.iter().find(|p| p.file == f && p.rank == r).map(|p| v.piece(p.kind).fen_token(p.color))
    })
}
