//! The KIF board diagram of a start position other than the game's own: file numbers, a frame,
//! one row a rank from the top with the rank in kanji after it; a cell is `・` (empty) or a
//! piece's diagram name, `v` before the second player's (gote's) pieces:
//!
//! ```text
//!   12  11  10   9   8   7   6   5   4   3   2   1
//! +------------------------------------------------+
//! | v香 v豹 v銅 ...                                 |一
//! ```
//!
//! Cells are read by their content, not their width (lishogi pads them to three characters).

use super::names::PieceNames;
use super::squares::kanji_number;
use super::KifuError;
use crate::geometry::Color;
use crate::position::Position;
use crate::variant::{KindId, Variant};

/// The rows of a diagram, with their line numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagram {
    pub rows: Vec<(usize, String)>,
}

/// The diagram of `pos`.
pub fn write_diagram(pos: &Position) -> String {
    let v = pos.game();
    let names = PieceNames::new(v);
    let shape = pos.shape();
    let width = (0..v.pieces.len()).map(|i| names.board(KindId(i as u8)).chars().count()).max().unwrap_or(1) + 2;
    let pad = |s: &str| format!("{}{s}", " ".repeat(width.saturating_sub(s.chars().count())));
    let mut out = String::new();
    for f in (1..=shape.files).rev() {
        out.push_str(&pad(&f.to_string()));
    }
    out.push('\n');
    let frame = format!("+{}+\n", "-".repeat(width * shape.files as usize));
    out.push_str(&frame);
    for r in (0..shape.ranks as i32).rev() {
        out.push('|');
        for f in 0..shape.files as i32 {
            let cell = shape.square(f, r).and_then(|sq| pos.piece_at(sq)).map_or_else(
                || "・".to_string(),
                |p| {
                    let mark = if p.color() == Color::Black { "v" } else { "" };
                    format!("{mark}{}", names.board(p.kind()))
                },
            );
            out.push_str(&pad(&cell));
        }
        out.push('|');
        out.push_str(&kanji_number(shape.ranks as u32 - r as u32));
        out.push('\n');
    }
    out.push_str(&frame);
    out
}

/// One cell of a diagram row: `None` empty, else the owner (gote?) and the diagram name.
fn cells(row: &str) -> Vec<Option<(bool, String)>> {
    let mut out = Vec::new();
    let mut gote = false;
    let mut prefix = String::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '・' => out.push(None),
            'v' => gote = true,
            '成' => prefix.push(c),
            c if c.is_whitespace() => {}
            c if c.is_ascii_uppercase() => {
                let mut id = format!("{prefix}{c}");
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_uppercase()) {
                    id.push(d);
                    chars.next();
                }
                out.push(Some((gote, id)));
                (gote, prefix) = (false, String::new());
            }
            c => {
                out.push(Some((gote, format!("{prefix}{c}"))));
                (gote, prefix) = (false, String::new());
            }
        }
    }
    out
}

/// The FEN of a diagram (or of the game's start when there is none) with the side to move.
pub fn diagram_fen(v: &Variant, d: Option<&Diagram>, gote_first: bool) -> Result<String, KifuError> {
    let mut fields = v.start_fen.split_whitespace();
    let start_board = fields.next().unwrap_or("").to_string();
    fields.next();
    let rest: Vec<&str> = fields.collect();
    let board = match d {
        Some(d) => diagram_board(v, d)?,
        None => start_board,
    };
    let side = if gote_first { "b" } else { "w" };
    Ok([board.as_str(), side].into_iter().chain(rest).collect::<Vec<_>>().join(" "))
}

/// The FEN placement field of a diagram.
fn diagram_board(v: &Variant, d: &Diagram) -> Result<String, KifuError> {
    let names = PieceNames::new(v);
    let first = d.rows.first().map_or(0, |r| r.0);
    if d.rows.len() != v.ranks as usize {
        let why = format!("the diagram has {} rows, {} has {} ranks", d.rows.len(), v.title, v.ranks);
        return Err(KifuError::Board { line: first, why });
    }
    let mut ranks = Vec::new();
    for (line, row) in &d.rows {
        let inner = row.trim_start_matches('|');
        let inner = inner.rfind('|').map_or(inner, |e| &inner[..e]);
        let cs = cells(inner);
        if cs.len() != v.files as usize {
            let why = format!("the diagram row has {} squares, {} has {} files", cs.len(), v.title, v.files);
            return Err(KifuError::Board { line: *line, why });
        }
        let mut fen = String::new();
        let mut empty = 0;
        for c in cs {
            let Some((gote, name)) = c else {
                empty += 1;
                continue;
            };
            let k = names.find(&name).map_err(|e| KifuError::Board { line: *line, why: e.to_string() })?;
            if empty > 0 {
                fen.push_str(&empty.to_string());
                empty = 0;
            }
            fen.push_str(&v.piece(k).fen_token(if gote { Color::Black } else { Color::White }));
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        ranks.push(fen);
    }
    Ok(ranks.join("/"))
}
