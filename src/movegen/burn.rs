//! Fire Demon burning (Nutty Shogi, rules section 5): the one place that decides what a move
//! burns. Burns are forced side effects: never written in move text, computed by `make` from
//! the position after the move's captures, placement and promotion, and recorded for `unmake`.
//!
//! - Passive: if an enemy Fire Demon stands next to the mover's final square, the mover is
//!   removed and burns nothing itself (a Demon or just-promoted Buffalo arriving next to an
//!   enemy Demon burns first). A Demon the move captured is already gone and burns nothing.
//! - Active: otherwise, if the mover is now a Fire Demon, every enemy next to its final square
//!   is removed (after slides, area moves, captures, and a Buffalo's promotion).
//!
//! Burning removes pieces, so it attacks: [`attacks`] answers for `attack::is_attacked`.

use super::generate_from;
use super::Board;
use crate::cell::Piece;
use crate::geometry::{Color, Square};
use crate::moves::Move;
use arrayvec::ArrayVec;

const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// What burns after a move whose mover (in its final form) stands on `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Burns {
    Nothing,
    /// The mover is burned by an adjacent enemy Fire Demon.
    Mover,
    /// The mover is a Fire Demon: these enemies next to it burn.
    Victims(ArrayVec<Square, 8>),
}

/// Whether a Fire Demon of colour `c` stands next to `at` (looking at `pos` as it is).
fn demon_next_to(pos: &impl Board, at: Square, c: Color) -> bool {
    let shape = *pos.shape();
    KING.iter().any(|&(dx, dy)| {
        pos.piece_at(at.offset(shape.delta(dx, dy)))
            .is_some_and(|p| p.color() == c && pos.tables().special.burners.contains(p.kind()))
    })
}

/// The burns after the mover `mover` has been placed (and promoted) on `at`, captures done.
pub fn effects(pos: &impl Board, mover: Piece, at: Square) -> Burns {
    if pos.tables().special.burners.is_empty() {
        return Burns::Nothing;
    }
    let them = mover.color().flip();
    if demon_next_to(pos, at, them) {
        return Burns::Mover;
    }
    if !pos.tables().special.burners.contains(mover.kind()) {
        return Burns::Nothing;
    }
    let mut victims = ArrayVec::new();
    for (dx, dy) in KING {
        let s = at.offset(pos.shape().delta(dx, dy));
        if pos.piece_at(s).is_some_and(|p| p.color() == them) {
            victims.push(s);
        }
    }
    Burns::Victims(victims)
}

/// Whether some move of a `by` piece would burn a piece standing on `target`: a Fire Demon (or
/// a Buffalo promoting) ending next to `target` without being burned first. Squares a move
/// captures on are not counted as burning Demons. Pieces about to leave a square (the
/// `ignore` of `attack::is_attacked_ignoring`) are not modelled here: no Nutty rule asks.
pub fn attacks(pos: &impl Board, target: Square, by: Color) -> bool {
    let sp = &pos.tables().special;
    if sp.may_burn.is_empty() || !sp.may_burn.iter().any(|&k| pos.count(k, by) > 0) {
        return false;
    }
    let shape = *pos.shape();
    let them = by.flip();
    let mut moves = Vec::new();
    for &from in pos.pieces(by) {
        let p = pos.piece_at(from).unwrap();
        if !sp.may_burn.contains(&p.kind()) {
            continue;
        }
        // Only moves ending within two squares can end next to the target.
        if shape.distance(from, target) > 1 && !could_reach_near(pos, from, target) {
            continue;
        }
        moves.clear();
        generate_from(pos, from, &mut moves);
        for &m in &moves {
            if shape.distance(m.to, target) != 1 {
                continue;
            }
            let final_kind = m.promotion().unwrap_or(p.kind());
            if !sp.burners.contains(final_kind) {
                continue;
            }
            if !burned_first(pos, m, them) {
                return true;
            }
        }
    }
    false
}

/// Whether a demon-like piece on `from` could possibly end next to `target`: on a common line
/// within one square, or within the area-move reach (king distance 4).
fn could_reach_near(pos: &impl Board, from: Square, target: Square) -> bool {
    let shape = *pos.shape();
    let (dx, dy) = (shape.file_of(target) - shape.file_of(from), shape.rank_of(target) - shape.rank_of(from));
    shape.distance(from, target) <= 4 || dx.abs() <= 1 || dy.abs() <= 1 || (dx.abs() - dy.abs()).abs() <= 2
}

/// Whether the mover of `m` would be burned on arrival by a Demon of `demons` not captured by
/// `m` itself.
fn burned_first(pos: &impl Board, m: Move, demons: Color) -> bool {
    let captured = |s: Square| s == m.to && m.to != m.from || m.mids().any(|x| x == s);
    KING.iter().any(|&(dx, dy)| {
        let s = m.to.offset(pos.shape().delta(dx, dy));
        !captured(s)
            && pos.piece_at(s).is_some_and(|p| p.color() == demons && pos.tables().special.burners.contains(p.kind()))
    })
}
