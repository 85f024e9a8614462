//! The Harpy's double diagonal step (Nutty promoted Queen, rules section 4.6): two diagonal
//! steps in one turn, the first optionally a jump. The plain leaps to the A and D squares are
//! atoms of its Betza string (`QAD`); this module adds what needs a capture on the first
//! square X (a diagonal neighbour): igui, hit-and-run to an empty square diagonal to X, double
//! capture, and the pass when some diagonal neighbour is empty.
//!
//! Every square these moves capture on is also reached by its Q slides (X) or its A and D
//! leaps (the second square), so the attack tables need nothing extra.

use super::promotion;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

pub fn generate(pos: &impl Board, piece: Piece, from: Square, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let them = piece.color().flip();
    let mut can_pass = false;
    for (dx, dy) in DIAG {
        let x = from.offset(shape.delta(dx, dy));
        let cx = pos.cell(x);
        if cx.is_empty() {
            can_pass = true;
        }
        if cx.is_off() || !cx.holds(them) {
            continue;
        }
        promotion::push(pos, piece, Move::via(from, x, from), true, false, out);
        for (ex, ey) in DIAG {
            let y = x.offset(shape.delta(ex, ey));
            if y == from {
                continue;
            }
            let cy = pos.cell(y);
            if cy.is_empty() || cy.holds(them) {
                promotion::push(pos, piece, Move::via(from, x, y), true, false, out);
            }
        }
    }
    if can_pass {
        out.push(Move::pass(from));
    }
}
