//! Lion power and lion lines (Chu Shogi; later Nutty and Tai).
//!
//! Moves are generated once per effect: a two-step path whose first step captures nothing is
//! the same as the direct jump, so only capturing first steps make two-leg moves.

use super::promotion;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

/// Full lion power: jumps within distance 2, capture-and-continue, igui, and the pass. With
/// `captures_only`, just the moves that remove a piece (for quiescence).
pub fn generate_lion(pos: &impl Board, piece: Piece, from: Square, captures_only: bool, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let us = piece.color();
    let them = us.flip();
    let mut can_pass = false;
    for dy in -2i32..=2 {
        for dx in -2i32..=2 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let to = from.offset(shape.delta(dx, dy));
            let cell = pos.cell(to);
            if cell.is_off() || cell.holds(us) {
                continue;
            }
            let captures = !cell.is_empty();
            if captures || !captures_only {
                promotion::push(pos, piece, Move::new(from, to), captures, false, out);
            }
            if dx.abs() <= 1 && dy.abs() <= 1 {
                if !captures {
                    can_pass = true;
                    continue;
                }
                // Captured the adjacent enemy on `to`; a second step from there.
                for ey in -1i32..=1 {
                    for ex in -1i32..=1 {
                        if ex == 0 && ey == 0 {
                            continue;
                        }
                        let y = to.offset(shape.delta(ex, ey));
                        let c = pos.cell(y);
                        if y == from || c.is_empty() || c.holds(them) {
                            promotion::push(pos, piece, Move::via(from, to, y), true, false, out);
                        }
                    }
                }
            }
        }
    }
    if (can_pass || pass_anywhere(pos, piece)) && !captures_only {
        out.push(Move::pass(from));
    }
}

/// Lion lines along `dirs` (board deltas): step, jump, igui, double capture, and one pass if
/// the first square of any line is empty. With `captures_only`, just the moves that remove a
/// piece.
pub fn generate_lines(
    pos: &impl Board,
    piece: Piece,
    from: Square,
    dirs: &[i32],
    captures_only: bool,
    out: &mut Vec<Move>,
) {
    let us = piece.color();
    let them = us.flip();
    let mut can_pass = false;
    for &d in dirs {
        let s1 = from.offset(d);
        let c1 = pos.cell(s1);
        if c1.is_off() {
            continue;
        }
        let enemy1 = c1.holds(them);
        if c1.is_empty() {
            can_pass = true;
        }
        if enemy1 || c1.is_empty() && !captures_only {
            promotion::push(pos, piece, Move::new(from, s1), enemy1, true, out);
        }
        let s2 = s1.offset(d);
        let c2 = pos.cell(s2);
        if !c2.is_off() && !c2.holds(us) {
            if !c2.is_empty() || !captures_only {
                promotion::push(pos, piece, Move::new(from, s2), !c2.is_empty(), false, out);
            }
            if enemy1 {
                promotion::push(pos, piece, Move::via(from, s1, s2), true, false, out);
            }
        }
        if enemy1 {
            promotion::push(pos, piece, Move::via(from, s1, from), true, false, out);
        }
    }
    if (can_pass || pass_anywhere(pos, piece)) && !captures_only {
        out.push(Move::pass(from));
    }
}

/// Whether the piece's lion moves may pass with no empty first-step square (`pass-anywhere`).
pub(crate) fn pass_anywhere(pos: &impl Board, piece: Piece) -> bool {
    pos.tables().moves[piece.color()][piece.kind().index()].lion_pass_anywhere
}
