//! Random games for the cross tests: the next move of a walk through legal positions.

use kyodai::rules::legality::legal_move_list;
use kyodai::{Move, Position};

/// A legal move of `p` drawn with `next` (a seeded generator): a capture one time in
/// `capture_one_in` when there is one (so the walks reach the positions captures make), else
/// any move. `None` when `p` has no legal move.
pub fn random_move(p: &mut Position, next: &mut impl FnMut() -> u64, capture_one_in: u64) -> Option<Move> {
    let moves = legal_move_list(p);
    if moves.is_empty() {
        return None;
    }
    let caps: Vec<Move> = moves.iter().copied().filter(|&m| kyodai::movegen::is_capture(p, m)).collect();
    Some(if !caps.is_empty() && next().is_multiple_of(capture_one_in) {
        caps[(next() % caps.len() as u64) as usize]
    } else {
        moves[(next() % moves.len() as u64) as usize]
    })
}

/// A seeded generator for the walks (xorshift64: the same numbers on every machine and run, so
/// a failing walk can be replayed). `seed` must not be 0.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
