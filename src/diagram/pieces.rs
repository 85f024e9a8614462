//! One piece: a shogi tile or a chess-like token, with its glyph and ID.
//!
//! Labels stay upright for both players (an upside-down ID is hard to read on a 25x25 board);
//! the owner shows in the tile's point (towards the opponent) or the token's colour.

use super::{escape, Coord, Layout, PieceView, Style, CELL};
use crate::geometry::Color;
use std::fmt::Write;

pub(super) fn piece(out: &mut String, style: Style, p: &PieceView, lay: &Layout, c: Coord) {
    let (cx, cy) = lay.centre(c);
    let side = if p.side == Color::White { 'w' } else { 'b' };
    let _ = write!(
        out,
        "<g class=\"kd-p\" data-sq=\"{}{}\" data-id=\"{}\" data-side=\"{side}\">",
        (b'a' + c.file) as char,
        c.rank + 1,
        escape(&p.id)
    );
    match style {
        Style::Tiles => tile(out, p, lay, cx, cy),
        Style::Tokens => token(out, p, cx, cy),
    }
    out.push_str("</g>");
}

/// Font size of an ID of `len` characters: `width` is the share of a square the text may
/// take (bold capitals are about 0.7 em wide).
fn id_size(len: usize, width: f64) -> f64 {
    (0.5 * CELL).min(width * CELL / (0.7 * len.max(1) as f64))
}

/// Text width available on a tile and inside a token, as a share of the square.
const TILE_WIDTH: f64 = 0.8;
const TOKEN_WIDTH: f64 = 0.56;

/// The pentagon, pointing up when its owner sits at the bottom of the picture.
fn tile(out: &mut String, p: &PieceView, lay: &Layout, cx: f64, cy: f64) {
    let owner_at_bottom = (p.side == Color::White) != lay.flip;
    let s = if owner_at_bottom { 1.0 } else { -1.0 };
    let pts = [(0.0, -0.45), (0.31, -0.31), (0.39, 0.43), (-0.39, 0.43), (-0.31, -0.31)];
    let mut points = String::new();
    for (x, y) in pts {
        let _ = write!(points, "{:.1},{:.1} ", cx + x * CELL, cy + s * y * CELL);
    }
    let class = if owner_at_bottom { "kd-tile" } else { "kd-tile2" };
    let _ = write!(out, "<polygon class=\"{class}\" points=\"{}\"/>", points.trim_end());
    let ink = if p.promoted { "kd-red" } else { "kd-ink" };
    label(out, p, ink, (cx, cy, s), TILE_WIDTH, ("kd-g", 0.42));
}

/// A round token, or a rounded square for a royal piece; a red ring marks a promoted type.
fn token(out: &mut String, p: &PieceView, cx: f64, cy: f64) {
    let (body, ink) = if p.side == Color::White { ("kd-tw", "kd-ink") } else { ("kd-tb", "kd-inv") };
    let r = 0.41 * CELL;
    let shape = |class: &str| {
        if p.royal {
            let (x, y, w) = (cx - r * 0.95, cy - r * 0.95, 2.0 * r * 0.95);
            format!("<rect class=\"{class}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{w:.1}\" rx=\"6\"/>")
        } else {
            format!("<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r:.1}\"/>")
        }
    };
    out.push_str(&shape(body));
    if p.promoted {
        let r = r - 3.5;
        if p.royal {
            let (x, y, w) = (cx - r * 0.95, cy - r * 0.95, 2.0 * r * 0.95);
            let _ = write!(
                out,
                "<rect class=\"kd-ring\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{w:.1}\" rx=\"5\"/>"
            );
        } else {
            let _ = write!(out, "<circle class=\"kd-ring\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r:.1}\"/>");
        }
    }
    label(out, p, ink, (cx, cy, 1.0), TOKEN_WIDTH, ("kd-sym", 0.62));
}

/// The glyph above a small ID, or the ID alone. `s` is 1 when the wide end of the piece is at
/// the bottom, -1 when at the top (an opponent's tile): the ID goes to the wide end.
/// `gclass` picks the glyph's font (kanji or chess symbols), `gsize` its size in squares.
fn label(
    out: &mut String,
    p: &PieceView,
    ink: &str,
    (cx, cy, s): (f64, f64, f64),
    width: f64,
    (gclass, gsize): (&str, f64),
) {
    match &p.glyph {
        Some(g) => {
            let _ = write!(
                out,
                "<text class=\"{gclass} {ink}\" x=\"{cx}\" y=\"{:.1}\" font-size=\"{:.1}\">{}</text>\
                 <text class=\"kd-id {ink}\" x=\"{cx}\" y=\"{:.1}\" font-size=\"{:.1}\">{}</text>",
                cy - s * if gclass == "kd-sym" { 0.1 } else { 0.08 } * CELL,
                gsize * CELL,
                escape(g),
                cy + s * 0.29 * CELL,
                (0.22 * CELL).min(id_size(p.id.len(), width * 0.8)),
                escape(&p.id)
            );
        }
        None => {
            let _ = write!(
                out,
                "<text class=\"kd-id {ink}\" x=\"{cx}\" y=\"{:.1}\" font-size=\"{:.1}\">{}</text>",
                cy + s * 0.04 * CELL,
                id_size(p.id.len(), width),
                escape(&p.id)
            );
        }
    }
}
