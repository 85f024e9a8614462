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

/// A placement field that could not be read; the message names the rank and the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementError(pub String);

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlacementError {}

fn err<T>(msg: String) -> Result<T, PlacementError> {
    Err(PlacementError(msg))
}

/// Reads the placement field of `v`.
pub fn parse(v: &Variant, board: &str) -> Result<Vec<Placed>, PlacementError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != v.ranks as usize {
        return err(format!("the placement has {} ranks; {} needs {}", rows.len(), v.title, v.ranks));
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = v.ranks as i32 - 1 - i as i32;
        parse_rank(v, row, rank, &mut out)?;
    }
    Ok(out)
}

fn parse_rank(v: &Variant, row: &str, rank: i32, out: &mut Vec<Placed>) -> Result<(), PlacementError> {
    let rank_name = rank + 1;
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
                return err(format!("rank {rank_name}: empty run '{}' is not a positive number", &row[s..j]));
            }
            file = file.saturating_add(n);
            continue;
        }
        let tok_start = j;
        let plus = b[j] == b'+';
        if plus {
            j += 1;
        }
        let (id, end) = read_id(v, row, j, tok_start, rank_name)?;
        j = end;
        let token = &row[tok_start..j];
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphabetic()) {
            return err(format!("rank {rank_name}: '{token}' is not a piece"));
        }
        let color = if id.chars().next().is_some_and(|c| c.is_ascii_uppercase()) { Color::White } else { Color::Black };
        let full = if plus { format!("+{}", id.to_ascii_uppercase()) } else { id.to_ascii_uppercase() };
        let Some(kind) = v.kind_by_id(&full) else {
            return err(format!("rank {rank_name}: unknown piece '{token}' in {}", v.title));
        };
        if file >= v.files as i32 {
            return err(format!("rank {rank_name} has more than {} squares", v.files));
        }
        out.push(Placed { file, rank, kind, color });
        file += 1;
    }
    if file != v.files as i32 {
        return err(format!("rank {rank_name} has {} squares; it needs {}", file, v.files));
    }
    Ok(())
}

/// The ID starting at byte `j` of `row` (a letter, or letters in parentheses) and the byte
/// after it.
fn read_id(
    v: &Variant,
    row: &str,
    j: usize,
    tok_start: usize,
    rank_name: i32,
) -> Result<(String, usize), PlacementError> {
    let b = row.as_bytes();
    if j < b.len() && b[j] == b'(' {
        let Some(close) = row[j..].find(')').map(|k| j + k) else {
            return err(format!("rank {rank_name}: '(' without ')' in '{}'", &row[tok_start..]));
        };
        let inner = &row[j + 1..close];
        if inner.len() == 1 && !v.fen.single_letter_parentheses {
            return err(format!(
                "rank {rank_name}: '({inner})': a one-letter ID is written without parentheses in {}",
                v.title
            ));
        }
        Ok((inner.to_string(), close + 1))
    } else if j < b.len() && b[j].is_ascii_alphabetic() {
        Ok((row[j..j + 1].to_string(), j + 1))
    } else {
        let bad = row[j..].chars().next().map_or_else(|| "end of rank".into(), |c| c.to_string());
        err(format!("rank {rank_name}: unexpected '{bad}' in '{row}'"))
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
