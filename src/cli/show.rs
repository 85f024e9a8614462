//! `kyodai show` and `kyodai moves`: the board as text with the game state, and the legal moves.

use super::{setup, Fail, PositionArgs};
use crate::{out, outln};
use kyodai::notation::format_move;
use kyodai::rules::legality::{in_check, legal_move_list};
use kyodai::rules::outcome::outcome;
use kyodai::{Color, Position};
use std::sync::Arc;

/// `kyodai show`.
pub fn run_show(a: PositionArgs) -> Result<(), Fail> {
    let mut pos = setup(&a)?;
    out!("{}", show(&mut pos));
    Ok(())
}

/// `kyodai moves`: every legal move, sorted by text.
pub fn run_moves(a: PositionArgs) -> Result<(), Fail> {
    let mut pos = setup(&a)?;
    if let Some(o) = outcome(&pos) {
        eprintln!("no moves: the game is over ({o})");
        return Ok(());
    }
    let v = Arc::clone(pos.game());
    let mut texts: Vec<String> = legal_move_list(&mut pos).into_iter().map(|m| format_move(&v, m)).collect();
    texts.sort();
    for t in texts {
        outln!("{t}");
    }
    Ok(())
}

fn state_line(pos: &mut Position) -> String {
    if let Some(o) = outcome(pos) {
        return o.to_string();
    }
    let side = pos.side();
    if in_check(pos, side) {
        format!("{} is in check", side.name())
    } else {
        "in progress".to_string()
    }
}

fn show(pos: &mut Position) -> String {
    let v = Arc::clone(pos.game());
    let shape = v.shape;
    // Columns as wide as the longest ID. On boards wider than 16 files (Tai Shogi: 25 files,
    // IDs up to 4 characters with '+') only the pieces on the board count, so the start
    // position fits in about 100 columns.
    let width = if shape.files > 16 {
        Color::ALL
            .iter()
            .flat_map(|&c| pos.pieces(c).iter().map(|&s| v.piece(pos.piece_at(s).unwrap().kind()).id.len()))
            .max()
            .unwrap_or(1)
    } else {
        v.pieces.iter().map(|p| p.id.len()).max().unwrap_or(1)
    };
    let rank_w = shape.ranks.to_string().len();
    let mut out = String::new();
    for r in (0..shape.ranks as i32).rev() {
        out.push_str(&format!("{:>rank_w$} ", r + 1));
        for f in 0..shape.files as i32 {
            let sq = shape.square_unchecked(f, r);
            let cell = match pos.piece_at(sq) {
                None => ".".to_string(),
                Some(p) => {
                    let id = &v.piece(p.kind()).id;
                    if p.color() == Color::White {
                        id.clone()
                    } else {
                        id.to_ascii_lowercase()
                    }
                }
            };
            out.push_str(&format!(" {cell:>width$}"));
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(rank_w + 1));
    for f in 0..shape.files {
        out.push_str(&format!(" {:>width$}", (b'a' + f) as char));
    }
    out.push('\n');
    out.push_str(&format!("game: {} ({}x{})\n", v.title, shape.files, shape.ranks));
    out.push_str(&format!("fen: {}\n", pos.to_fen()));
    out.push_str(&format!("side to move: {}\n", pos.side().name()));
    out.push_str(&format!("state: {}\n", state_line(pos)));
    out
}
