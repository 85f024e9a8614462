//! The board under the pieces (squares, zones, grid), the coordinates, the last move and the
//! arrows.

use super::{Coord, Layout, Scene, Style, CELL};
use std::fmt::Write;

/// Fonts for labels: CJK fonts first for kanji; Latin IDs fall back to the sans fonts.
const FONTS: &str = "'Noto Sans CJK JP','Noto Sans JP','Hiragino Sans','Yu Gothic','MS Gothic',\
'DejaVu Sans','Segoe UI Symbol',Arial,sans-serif";

/// Classes are prefixed `kd-` so that an SVG inlined in a page does not clash with its CSS.
const STYLE: &str = "\
.kd-wood{fill:#efcf8f}.kd-grid{stroke:#5b4322;stroke-width:1}\
.kd-lt{fill:#f3e4c6}.kd-dk{fill:#cfae84}.kd-zone{fill:#7f9fd8;fill-opacity:.25}\
.kd-star{fill:#5b4322}.kd-zline{stroke:#3d5fa8;stroke-width:2.5;stroke-dasharray:7 4;fill:none}.kd-frame{fill:none;stroke:#3b2a14;stroke-width:2}\
.kd-last{fill:#ffd200;fill-opacity:.45}\
.kd-co{fill:#4a4a4a;font-size:13px;text-anchor:middle;dominant-baseline:central}\
.kd-tile{fill:#fbe7bb;stroke:#6b4d22;stroke-width:1.2}\
.kd-tile2{fill:#f1d69e;stroke:#6b4d22;stroke-width:1.2}\
.kd-tw{fill:#fdfdfb;stroke:#222;stroke-width:1.6}.kd-tb{fill:#2d2d2d;stroke:#000;stroke-width:1.6}\
.kd-ring{fill:none;stroke:#d11f1f;stroke-width:2.6}\
.kd-id{font-weight:bold;text-anchor:middle;dominant-baseline:central}\
.kd-g{text-anchor:middle;dominant-baseline:central}\
.kd-sym{text-anchor:middle;dominant-baseline:central;font-family:'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols 2',sans-serif}\
.kd-ink{fill:#1a1a1a}.kd-inv{fill:#f4f4f4}.kd-red{fill:#c8102e}\
.kd-arrow{stroke:#17883d;stroke-opacity:.8;stroke-width:7;stroke-linecap:round;fill:none}\
.kd-head{fill:#17883d;fill-opacity:.8}";

pub(super) fn header(out: &mut String, lay: &Layout) {
    let (w, h) = (lay.width(), lay.height());
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
         font-family=\"{FONTS}\" class=\"kd-board\" data-files=\"{}\" data-ranks=\"{}\" data-flip=\"{}\">\
         <style>{STYLE}</style>",
        lay.files, lay.ranks, lay.flip
    );
}

/// Squares (checkered for tokens, plain wood with grid lines for tiles), zones, frame.
pub(super) fn board(out: &mut String, scene: &Scene, lay: &Layout) {
    let (w, h) = (scene.files as f64 * CELL, scene.ranks as f64 * CELL);
    let m = lay.margin;
    match scene.style {
        Style::Tiles => {
            let _ = write!(out, "<rect class=\"kd-wood\" x=\"{m}\" y=\"{m}\" width=\"{w}\" height=\"{h}\"/>");
        }
        Style::Tokens => {
            for c in scene.coords() {
                let (x, y) = lay.origin(c);
                let class = if (c.file + c.rank) % 2 == 0 { "kd-dk" } else { "kd-lt" };
                let _ = write!(out, "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>");
            }
        }
    }
    for c in scene.coords().filter(|&c| scene.in_zone(c)) {
        let (x, y) = lay.origin(c);
        let _ = write!(out, "<rect class=\"kd-zone\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>");
    }
    match scene.style {
        Style::Tiles => grid(out, scene, lay),
        Style::Tokens => zone_edges(out, scene, lay),
    }
    let _ = write!(out, "<rect class=\"kd-frame\" x=\"{m}\" y=\"{m}\" width=\"{w}\" height=\"{h}\"/>");
}

/// Grid lines as one path, and shogi's star points where a zone's edge meets a file line
/// that marks the zone's width (the board's inner corners of each zone).
fn grid(out: &mut String, scene: &Scene, lay: &Layout) {
    let m = lay.margin;
    let (w, h) = (scene.files as f64 * CELL, scene.ranks as f64 * CELL);
    let mut d = String::new();
    for i in 1..scene.files {
        let _ = write!(d, "M{} {}v{}", m + i as f64 * CELL, m, h);
    }
    for i in 1..scene.ranks {
        let _ = write!(d, "M{} {}h{}", m, m + i as f64 * CELL, w);
    }
    let _ = write!(out, "<path class=\"kd-grid\" d=\"{d}\"/>");
    // Star points: on each zone boundary line, at a third and two thirds of the width.
    let depth = (0..scene.ranks).take_while(|&r| scene.in_zone(Coord { file: 0, rank: r })).count() as u8;
    if depth == 0 || depth * 2 >= scene.ranks {
        return;
    }
    let (x0, x1) = (m + (scene.files / 3) as f64 * CELL, m + (scene.files - scene.files / 3) as f64 * CELL);
    for y in [m + depth as f64 * CELL, m + (scene.ranks - depth) as f64 * CELL] {
        for x in [x0, x1] {
            let _ = write!(out, "<circle class=\"kd-star\" cx=\"{x}\" cy=\"{y}\" r=\"3\"/>");
        }
    }
}

/// On a checkered board the zone tint is faint: a dashed line marks where a zone ends (each
/// edge between a zone square and a square outside it).
fn zone_edges(out: &mut String, scene: &Scene, lay: &Layout) {
    let mut d = String::new();
    for c in scene.coords() {
        let (x, y) = lay.origin(c);
        let right = Coord { file: c.file + 1, rank: c.rank };
        if c.file + 1 < scene.files && scene.in_zone(c) != scene.in_zone(right) {
            let x = lay.origin(right).0.max(x);
            let _ = write!(d, "M{x} {y}v{CELL}");
        }
        let up = Coord { file: c.file, rank: c.rank + 1 };
        if c.rank + 1 < scene.ranks && scene.in_zone(c) != scene.in_zone(up) {
            // The shared edge is the lower of the two squares' tops in the picture.
            let y = lay.origin(up).1.max(y);
            let _ = write!(d, "M{x} {y}h{CELL}");
        }
    }
    if !d.is_empty() {
        let _ = write!(out, "<path class=\"kd-zline\" d=\"{d}\"/>");
    }
}

pub(super) fn last_move(out: &mut String, lay: &Layout, squares: &[Coord]) {
    for &c in squares {
        let (x, y) = lay.origin(c);
        let _ = write!(out, "<rect class=\"kd-last\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>");
    }
}

/// File letters above and below, rank numbers left and right, in our notation (`a1` is the
/// first player's left corner).
pub(super) fn coordinates(out: &mut String, lay: &Layout) {
    let m = lay.margin;
    let (bottom, right) = (lay.height() - m / 2.0, lay.width() - m / 2.0);
    for f in 0..lay.files {
        let (x, _) = lay.centre(Coord { file: f, rank: 0 });
        let l = (b'a' + f) as char;
        let _ = write!(
            out,
            "<text class=\"kd-co\" x=\"{x}\" y=\"{}\">{l}</text><text class=\"kd-co\" x=\"{x}\" y=\"{bottom}\">{l}</text>",
            m / 2.0
        );
    }
    for r in 0..lay.ranks {
        let (_, y) = lay.centre(Coord { file: 0, rank: r });
        let n = r + 1;
        let _ = write!(
            out,
            "<text class=\"kd-co\" x=\"{}\" y=\"{y}\">{n}</text><text class=\"kd-co\" x=\"{right}\" y=\"{y}\">{n}</text>",
            m / 2.0
        );
    }
}

/// Arrows from centre to centre, the head drawn as a triangle (no markers, which some
/// renderers scale differently); an arrow onto its own square is a ring.
pub(super) fn arrows(out: &mut String, lay: &Layout, arrows: &[(Coord, Coord)]) {
    for &(a, b) in arrows {
        let (x0, y0) = lay.centre(a);
        let (x1, y1) = lay.centre(b);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            let _ = write!(out, "<circle class=\"kd-arrow\" cx=\"{x0}\" cy=\"{y0}\" r=\"{}\"/>", CELL * 0.4);
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let head = CELL * 0.42;
        let (bx, by) = (x1 - ux * head, y1 - uy * head);
        let half = CELL * 0.22;
        let _ = write!(
            out,
            "<path class=\"kd-arrow\" d=\"M{x0:.1} {y0:.1}L{bx:.1} {by:.1}\"/>\
             <path class=\"kd-head\" d=\"M{x1:.1} {y1:.1}L{:.1} {:.1}L{:.1} {:.1}Z\"/>",
            bx - uy * half,
            by + ux * half,
            bx + uy * half,
            by - ux * half
        );
    }
}
