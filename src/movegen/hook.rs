//! Tai Shogi hook moves (Hook Mover and promoted Poisonous Snake, Capricorn, Long-Nosed
//! Goblin, Peacock; rules section 5.7): a slide along a first-leg direction that may capture
//! the first enemy met (ending the move), and, from any empty square where that slide stops,
//! an optional second slide at right angles. Neither leg leaps; there is no third leg.
//!
//! A square reachable through two corners is one move: the generator's caller merges
//! duplicates (`KindMoves::needs_dedup`).

use super::promotion;
use super::tables::HookT;
use super::Board;
use crate::cell::{Cell, Piece};
use crate::geometry::{Color, Square};
use crate::moves::Move;

/// The hook moves of `piece` on `from`.
pub fn generate(pos: &impl Board, piece: Piece, from: Square, hooks: &[HookT], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for h in hooks {
        let mut corner = from;
        loop {
            corner = corner.offset(h.first);
            let cell = pos.cell(corner);
            if cell.is_off() {
                break;
            }
            if !cell.is_empty() {
                if cell.holds(them) {
                    promotion::push(pos, piece, Move::new(from, corner), true, false, out);
                }
                break;
            }
            promotion::push(pos, piece, Move::new(from, corner), false, false, out);
            for &u in &h.turns {
                let mut to = corner;
                loop {
                    to = to.offset(u);
                    let c = pos.cell(to);
                    if c.is_off() {
                        break;
                    }
                    if c.is_empty() {
                        promotion::push(pos, piece, Move::new(from, to), false, false, out);
                        continue;
                    }
                    if c.holds(them) {
                        promotion::push(pos, piece, Move::new(from, to), true, false, out);
                    }
                    break;
                }
            }
        }
    }
}

/// Whether a hook mover of `by` captures on `target` with a two-leg move (one-leg captures
/// are plain slides in the attack tables). Instead of walking every possible corner, each
/// hook mover of `by` (a side has a handful) solves for the one corner per turn that joins its
/// square to the target, then checks the two legs are open.
pub fn attacks(pos: &impl Board, target: Square, by: Color, cell_at: &dyn Fn(Square) -> Cell) -> bool {
    let sp = &pos.tables().special;
    if !sp.hookers.iter().any(|&k| pos.count(k, by) > 0) {
        return false;
    }
    let shape = *pos.shape();
    let (tx, ty) = (shape.file_of(target), shape.rank_of(target));
    for &a in pos.pieces(by) {
        let Some(kind) = cell_at(a).piece().map(|p| p.kind()) else {
            continue;
        };
        if !sp.hooker_set.contains(kind) || a == target {
            continue;
        }
        let (ax, ay) = (shape.file_of(a), shape.rank_of(a));
        let (dx, dy) = (tx - ax, ty - ay);
        for h in &pos.tables().moves[by][kind.index()].hooks {
            let f = h.first_v;
            for (&ud, &u) in h.turns.iter().zip(h.turns_v.iter()) {
                // target - a = k*f + j*u with f, u perpendicular and of equal length.
                let norm = f.0 * f.0 + f.1 * f.1;
                let kn = dx * f.0 + dy * f.1;
                let jn = dx * u.0 + dy * u.1;
                if kn <= 0 || jn <= 0 || kn % norm != 0 || jn % norm != 0 {
                    continue;
                }
                let (k, j) = (kn / norm, jn / norm);
                if k * f.0 + j * u.0 != dx || k * f.1 + j * u.1 != dy {
                    continue;
                }
                if shape.square(ax + k * f.0, ay + k * f.1).is_none() {
                    continue;
                }
                let open = (1..=k).all(|i| cell_at(a.offset(i * h.first)).is_empty())
                    && (1..j).all(|i| cell_at(target.offset(-i * ud)).is_empty());
                if open {
                    return true;
                }
            }
        }
    }
    false
}
