//! Steps and lines that several powers walk: the eight king steps, a slide on from a square (the
//! second leg of bent and hook moves), and the twins of line moves that end facing an enemy (the
//! approach capture and the conversion after a move).

use super::view::{Shape, View};
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

/// The eight king steps, (files, ranks).
pub(crate) const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// Slides on from `at` (not included) along `d`: a quiet move to each empty square, and the
/// capture of the first enemy met (bent sliders' and hook movers' second legs).
pub(crate) fn ride(pos: &impl View, piece: Piece, from: Square, at: Square, d: i32, out: &mut Vec<Move>) {
    let them = piece.color().flip();
    let mut to = at;
    loop {
        to = to.offset(d);
        let c = pos.cell(to);
        if c.is_off() {
            break;
        }
        if c.is_empty() {
            pos.push_move(piece, Move::new(from, to), Shape::QUIET, out);
            continue;
        }
        if c.holds(them) {
            pos.push_move(piece, Move::new(from, to), Shape::CAPTURE, out);
        }
        break;
    }
}

/// For each plain, non-capturing line move in `out[start..]` that arrives facing an enemy (the
/// next square on the same line), a twin of kind `kind` with that enemy's square as `aux`: the
/// Sorcerer's approach capture and the Missionary's conversion act on the same square.
pub(crate) fn facing_twins(pos: &impl View, piece: Piece, start: usize, kind: MoveKind, out: &mut Vec<Move>) {
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
