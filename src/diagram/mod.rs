//! Board diagrams as SVG: a pure function from a position and display options to the text of
//! an SVG image. No I/O; `kyodai svg` writes the text, the web board (`serve`) embeds it.
//!
//! The rules core is read in one place, [`Scene::from_position`], which copies what a picture
//! needs (board size, pieces with their labels, promotion zones) into plain data; everything
//! else here draws that data. Shogi games (those with `+` promoted types) get pentagon tiles
//! pointing away from their owner; chess-like games get round tokens (square ones for royals).

mod draw;
mod pieces;

use crate::geometry::{Color, Square};
use crate::moves::Move;
use crate::position::Position;

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Shogi-style pentagon tiles pointing at the opponent (Chu, Nutty, Tai).
    Tiles,
    /// Round tokens, square for royal pieces (Bigorra, Scirocco, Typhoon).
    Tokens,
}

/// One piece as the picture shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// The type's ID, upper case, `+` kept (`+D`, `LCH`).
    pub id: String,
    /// The data file's glyph, if any (kanji, chess symbol).
    pub glyph: Option<String>,
    pub side: Color,
    /// A promoted form (a `+` type, or a type that only arises by promotion).
    pub promoted: bool,
    pub royal: bool,
}

/// Everything a diagram shows of a position, as plain data.
#[derive(Clone, Debug)]
pub struct Scene {
    pub files: u8,
    pub ranks: u8,
    pub style: Style,
    /// Rank-major from `a1`: `cells[rank * files + file]`.
    pub cells: Vec<Option<PieceView>>,
    /// Squares in some side's promotion zone (same indexing as `cells`).
    pub zone: Vec<bool>,
}

/// A square by 0-based file and rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

/// What to draw besides the position.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Turn the board: the second player's side at the bottom.
    pub flip: bool,
    /// Squares of the last move: origin, squares passed with a capture, destination.
    pub last_move: Vec<Coord>,
    /// Arrows from the first to the second square.
    pub arrows: Vec<(Coord, Coord)>,
    /// Leave out the coordinates around the board.
    pub no_coordinates: bool,
}

/// Size of one square in SVG units; the picture scales, this only fixes proportions.
pub const CELL: f64 = 48.0;
/// Width of the coordinate band on each side.
pub const MARGIN: f64 = 22.0;

/// Where squares are in the picture, for callers that overlay their own marks (the web board).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub files: u8,
    pub ranks: u8,
    pub flip: bool,
    pub margin: f64,
}

impl Layout {
    pub fn new(scene: &Scene, opts: &Options) -> Layout {
        let margin = if opts.no_coordinates { 4.0 } else { MARGIN };
        Layout { files: scene.files, ranks: scene.ranks, flip: opts.flip, margin }
    }

    /// Top-left corner of the square.
    pub fn origin(&self, c: Coord) -> (f64, f64) {
        let (col, row) = if self.flip { (self.files - 1 - c.file, c.rank) } else { (c.file, self.ranks - 1 - c.rank) };
        (self.margin + col as f64 * CELL, self.margin + row as f64 * CELL)
    }

    /// Centre of the square.
    pub fn centre(&self, c: Coord) -> (f64, f64) {
        let (x, y) = self.origin(c);
        (x + CELL / 2.0, y + CELL / 2.0)
    }

    pub fn width(&self) -> f64 {
        2.0 * self.margin + self.files as f64 * CELL
    }

    pub fn height(&self) -> f64 {
        2.0 * self.margin + self.ranks as f64 * CELL
    }
}

impl Scene {
    /// The picture's view of `pos`: the only place this module reads the rules core.
    pub fn from_position(pos: &Position) -> Scene {
        let v = pos.game();
        let shape = &v.shape;
        let style = if v.pieces.iter().any(|p| p.promoted) { Style::Tiles } else { Style::Tokens };
        // Types that exist only by promotion (Scirocco's Emperor, Typhoon's promoted forms)
        // are marked like shogi's `+` types.
        let promotion_target = |i: usize| v.pieces.iter().any(|p| p.promotes_to.is_some_and(|k| k.index() == i));
        let mut cells = Vec::with_capacity(shape.num_squares());
        let mut zone = Vec::with_capacity(shape.num_squares());
        for sq in shape.squares() {
            zone.push(v.tables.in_zone(Color::White, sq) || v.tables.in_zone(Color::Black, sq));
            cells.push(pos.piece_at(sq).map(|p| {
                let t = v.piece(p.kind());
                PieceView {
                    id: t.id.clone(),
                    glyph: t.glyph.clone(),
                    side: p.color(),
                    promoted: t.promoted || (!t.in_setup && promotion_target(p.kind().index())),
                    royal: t.royal,
                }
            }));
        }
        Scene { files: shape.files, ranks: shape.ranks, style, cells, zone }
    }

    /// The coordinate of a board square of `pos`'s game.
    pub fn coord(pos: &Position, sq: Square) -> Coord {
        let shape = &pos.game().shape;
        Coord { file: shape.file_of(sq) as u8, rank: shape.rank_of(sq) as u8 }
    }

    /// The squares a move's highlight covers: origin, captured squares passed, destination.
    pub fn move_squares(pos: &Position, m: Move) -> Vec<Coord> {
        let mut out = vec![Scene::coord(pos, m.from)];
        out.extend(m.mids().filter(|&s| s != m.from && s != m.to).map(|s| Scene::coord(pos, s)));
        if m.to != m.from {
            out.push(Scene::coord(pos, m.to));
        }
        out
    }

    pub fn at(&self, c: Coord) -> Option<&PieceView> {
        self.cells[c.rank as usize * self.files as usize + c.file as usize].as_ref()
    }

    fn in_zone(&self, c: Coord) -> bool {
        self.zone[c.rank as usize * self.files as usize + c.file as usize]
    }

    fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.ranks).flat_map(move |rank| (0..self.files).map(move |file| Coord { file, rank }))
    }
}

/// The SVG text of `scene` with `opts`.
pub fn render(scene: &Scene, opts: &Options) -> String {
    let lay = Layout::new(scene, opts);
    let mut out = String::with_capacity(256 + scene.cells.len() * 200);
    draw::header(&mut out, &lay);
    draw::board(&mut out, scene, &lay);
    draw::last_move(&mut out, &lay, &opts.last_move);
    if !opts.no_coordinates {
        draw::coordinates(&mut out, &lay);
    }
    for c in scene.coords() {
        if let Some(p) = scene.at(c) {
            pieces::piece(&mut out, scene.style, p, &lay, c);
        }
    }
    draw::arrows(&mut out, &lay, &opts.arrows);
    out.push_str("</svg>\n");
    out
}

/// `render(Scene::from_position(pos), opts)`.
pub fn position_svg(pos: &Position, opts: &Options) -> String {
    render(&Scene::from_position(pos), opts)
}

/// Text content escaped for XML.
fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '&' => o.push_str("&amp;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests;
