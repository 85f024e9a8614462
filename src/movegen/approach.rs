//! Sorcerer approach capture (Typhoon section 5.8): after a plain move, if the square beyond
//! the arrival square (in the move's direction) holds an enemy, the Sorcerer may capture it and
//! the whole run of enemies behind it, up to the first empty square, friend or edge. All or
//! none: both the plain move and the capturing one exist. `Move` kind `Approach`, the first
//! victim in `aux`; `make` finds the rest of the run (`Position::removed_squares`).

use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

/// Adds the approach-capture twins of the piece's plain moves `out[start..]`.
pub fn add(pos: &impl Board, piece: Piece, start: usize, out: &mut Vec<Move>) {
    add_facing_twins(pos, piece, start, MoveKind::Approach, out);
}

/// For each plain, non-capturing line move in `out[start..]` that arrives facing an enemy (the
/// next square on the same line), a twin of kind `kind` with that enemy's square as `aux`: the
/// Sorcerer's approach capture and the Missionary's conversion act on the same square.
pub(crate) fn add_facing_twins(pos: &impl Board, piece: Piece, start: usize, kind: MoveKind, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let them = piece.color().flip();
    for i in start..out.len() {
        let m = out[i];
        if m.kind != MoveKind::Normal || m.mid[0] != Square::NONE || !pos.is_empty(m.to) {
            continue;
        }
        let Some(d) = shape.line_step(m.from, m.to) else {
            continue;
        };
        let t = m.to.offset(d);
        if pos.cell(t).holds(them) {
            let mut a = Move::with_aux(m.from, m.to, kind, t);
            if let Some(k) = m.promotion() {
                a = a.with_promotion(k);
            }
            out.push(a);
        }
    }
}
