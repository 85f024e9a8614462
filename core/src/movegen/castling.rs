//! Castling, compiled from the game's `[castling]` table (`variant::castling`): the squares of
//! each way to castle per colour, the rights each square's move takes away, and the moves.
//!
//! A way to castle is a move when its right is held, the King and that Rook stand on their
//! squares, every square between them (and both destinations) is empty, the King is not in
//! check, and no square it crosses or lands on is attacked in the position before the move (a
//! crossed square counts as attacked if a piece could capture an enemy standing there, so a
//! hopper may use the King as its screen). As for every move, the King must not be in check
//! after it (`rules::legality`): the Rook's departure may open a line. The move is written as the
//! King's two-square move (`f2h2`); the Rook's move is implied.

use super::view::View;
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::moves::{Move, MoveKind};
use crate::variant::{CastlingRule, KindId, Variant};

/// One way to castle for one colour, in board squares.
#[derive(Clone, Debug)]
pub struct Way {
    /// Its right's bit in `Position::castling`.
    pub bit: u8,
    /// Its right's FEN letter (upper case for the first player).
    pub letter: char,
    /// The King's square before castling.
    pub king_from: Square,
    pub(crate) king_to: Square,
    /// The Rook's square before castling (its right is lost when it moves or is taken).
    pub rook_from: Square,
    pub(crate) rook_to: Square,
    /// Squares that must be empty.
    empty: Vec<Square>,
    /// Squares the King crosses or lands on, which must not be attacked.
    safe: Vec<Square>,
}

/// A game's castling, compiled for its board.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// Each colour's ways to castle, in the order of the data file's `[castling]` table.
    pub ways: ByColor<Vec<Way>>,
    /// The type that castles with the King.
    pub rook: KindId,
    /// Per mailbox square: the rights kept when a move starts there, ends there or removes the
    /// piece standing there (a King's or a Rook's start square clears its rights).
    keep: Vec<u8>,
}

/// The bit of the right of way `i` of colour `c`.
pub fn bit(c: Color, i: usize) -> u8 {
    1 << (c.index() * crate::variant::castling::MAX_WAYS + i)
}

impl Compiled {
    /// The compiled castling of `v`, if it plays castling.
    pub fn build(v: &Variant, shape: &BoardShape) -> Option<Compiled> {
        let rule: &CastlingRule = v.castling.as_ref().filter(|_| v.rules.castling)?;
        let mut keep = vec![0xFFu8; shape.cells as usize];
        let mut ways = ByColor::new(Vec::new(), Vec::new());
        for c in Color::ALL {
            let rank = match c {
                Color::White => rule.rank as i32,
                Color::Black => shape.ranks as i32 - 1 - rule.rank as i32,
            };
            // Both orientations keep the files: Black's array is White's mirrored or turned,
            // and a turned board would put Black's King on another file. Shako and Timurid are
            // mirrored; a turned game would need its own squares.
            let file = |f: u8| {
                let f = if v.rules.orientation == crate::variant::Orientation::Rotate {
                    shape.files as i32 - 1 - f as i32
                } else {
                    f as i32
                };
                shape.square_unchecked(f, rank)
            };
            let king_from = file(rule.king_file);
            for (i, w) in rule.ways.iter().enumerate() {
                let b = bit(c, i);
                let way = Way {
                    bit: b,
                    letter: if c == Color::White { w.right } else { w.right.to_ascii_lowercase() },
                    king_from,
                    king_to: file(w.king_to),
                    rook_from: file(w.rook_from),
                    rook_to: file(w.rook_to),
                    empty: rule.empty_files(w).into_iter().map(file).collect(),
                    safe: rule.safe_files(w).into_iter().map(file).collect(),
                };
                keep[king_from.index()] &= !b;
                keep[way.rook_from.index()] &= !b;
                ways[c].push(way);
            }
        }
        Some(Compiled { ways, rook: rule.rook, keep })
    }

    /// The rights kept after a move that starts, ends or removes a piece on `sq`.
    #[inline]
    pub fn keep(&self, sq: Square) -> u8 {
        self.keep[sq.index()]
    }

    /// The way a castling move `m` takes (by the King's squares).
    pub fn way_of(&self, c: Color, m: Move) -> Option<&Way> {
        self.ways[c].iter().find(|w| w.king_from == m.from && w.king_to == m.to)
    }

    /// Whether the right `w` may be held in a position: its King (a royal piece of its colour)
    /// and its Rook stand on their squares.
    pub fn pieces_home(&self, pos: &impl View, c: Color, w: &Way) -> bool {
        let royal = pos.piece_at(w.king_from).is_some_and(|p| p.color() == c && pos.variant().piece(p.kind()).royal);
        let rook = pos.piece_at(w.rook_from).is_some_and(|p| p.color() == c && p.kind() == self.rook);
        royal && rook
    }
}

/// The castling moves of the side to move (pseudo-legal: the King's safety after the move is
/// the legality filter's).
pub fn generate(pos: &impl View, c: &Compiled, out: &mut Vec<Move>) {
    let us = pos.side();
    let rights = pos.castling_rights();
    for w in &c.ways[us] {
        if rights & w.bit == 0
            || !c.pieces_home(pos, us, w)
            || w.empty.iter().any(|&s| !pos.is_empty(s))
            || pos.is_attacked(w.king_from, us.flip())
            || w.safe.iter().any(|&s| pos.is_attacked(s, us.flip()))
        {
            continue;
        }
        out.push(Move::of_kind(w.king_from, w.king_to, MoveKind::Castle, [Square::NONE; 2]));
    }
}
