//! The JCSA's checkmate (`[rules] mate_ends_game`, `docs/rules/dai.md` §11) in a game won by
//! taking the royals: a side to move whose last royal is attacked, and which has no move that
//! saves it or wins at once, has lost at once, instead of playing on until the royal is taken.
//! The referee and the search ask the same question (`outcome::end`), so a mated line ends at
//! the same ply in both.

use super::legality::{in_check, loss_condition, try_make};
use crate::geometry::Color;
use crate::movegen;
use crate::position::Position;

/// Whether the side to move is mated: it has one royal, that royal is attacked, and after each
/// of its legal moves (`saved`) it is still there to be taken. The moves are made on a copy,
/// taken only when the royal is attacked.
pub fn mated(pos: &Position) -> bool {
    let us = pos.side();
    if pos.royal_count(us) != 1 || !in_check(pos, us) {
        return false;
    }
    let pos = &mut pos.clone();
    let mut moves = Vec::with_capacity(256);
    movegen::generate(pos, &mut moves);
    !moves.into_iter().any(|m| match try_make(pos, m) {
        Ok(u) => {
            let ok = saved(pos, us);
            pos.unmake(m, u);
            ok
        }
        Err(_) => false,
    })
}

/// Whether the move just made by `c` saved it: the opponent (now to move) has lost by material
/// (its last royal taken, or bared), or else `c` has not lost by material and its royals cannot
/// all be taken at once: one royal that is not attacked, or two (a Drunk Elephant promoted to
/// Crown Prince beside the King).
fn saved(pos: &Position, c: Color) -> bool {
    if loss_condition(pos, c.flip()).is_some() {
        return true;
    }
    if loss_condition(pos, c).is_some() {
        return false;
    }
    pos.royal_count(c) > 1 || !in_check(pos, c)
}
