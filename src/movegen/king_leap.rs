//! Bigorra's King leap (rule of Metamachy): once, while the leap right lasts, the King may leap
//! to an empty square of ring 2, never out of check, and only if the square it crosses is safe
//! (for knight-shaped leaps, at least one of the two crossed squares). Whether the target
//! itself is attacked is the ordinary legality test.

use super::attack::{is_attacked, is_attacked_ignoring};
use super::Board;
use crate::geometry::Square;
use crate::moves::Move;

/// The King leaps of the piece on `from`; `both_safe`: a knight-shaped leap needs both crossed
/// squares safe (`king-leap(both-safe)`).
pub fn generate(pos: &impl Board, from: Square, both_safe: bool, out: &mut Vec<Move>) {
    let us = pos.piece_at(from).unwrap().color();
    let them = us.flip();
    if is_attacked(pos, from, them) {
        return;
    }
    let shape = *pos.shape();
    // A crossed square is safe when a King standing there (having left `from`) would not be
    // attacked; what stands on it does not matter.
    let safe = |dx: i32, dy: i32| -> bool {
        let m = from.offset(shape.delta(dx, dy));
        shape.on_board(m) && !is_attacked_ignoring(pos, m, them, from)
    };
    for dx in -2i32..=2 {
        for dy in -2i32..=2 {
            if dx.abs().max(dy.abs()) != 2 {
                continue;
            }
            let to = from.offset(shape.delta(dx, dy));
            if !shape.on_board(to) || !pos.is_empty(to) {
                continue;
            }
            let (sx, sy) = (dx.signum(), dy.signum());
            let ok = if dx.abs() == dy.abs() || dx == 0 || dy == 0 {
                safe(sx, sy)
            } else {
                let (a, b) = if dx.abs() == 2 { (safe(sx, 0), safe(sx, sy)) } else { (safe(0, sy), safe(sx, sy)) };
                if both_safe {
                    a && b
                } else {
                    a || b
                }
            };
            if ok {
                out.push(Move::new(from, to));
            }
        }
    }
}
