//! Where a pass goes: a lion-like piece passes (moves and comes back to its square) through one
//! of the adjacent squares its lion moves may step to. The move itself is one effect (nothing
//! changes), but a notation that writes the squares (USI) must name one its reader accepts.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::position::Position;
use crate::rules::legality::legal_move_list;
use crate::variant::KindId;
use std::sync::Arc;

/// The adjacent empty square a pass of the piece on `from` can go through and come back from
/// (USI writes a pass as origin, that square, origin). It must be a square of the piece's lion
/// moves (else the first adjacent step it has): a Horned Falcon passes only forward, a Soaring Eagle only diagonally forward,
/// and lishogi refuses a pass written through another neighbour (found by
/// `engine-tests/compare/kifu-check.mjs`). Such a square is one where the piece could capture
/// an enemy and come back (igui), so each empty neighbour is tried with an enemy put there.
pub fn pass_square(pos: &mut Position, from: Square) -> Option<Square> {
    let shape = *pos.shape();
    let steps: Vec<Square> = legal_move_list(pos)
        .into_iter()
        .filter(|m| {
            m.from == from
                && m.to != from
                && m.mids().next().is_none()
                && m.promotion().is_none()
                && shape.distance(from, m.to) == 1
                && pos.is_empty(m.to)
        })
        .map(|m| m.to)
        .collect();
    let mover = pos.piece_at(from)?;
    let game = Arc::clone(pos.game());
    let target = (0..game.pieces.len())
        .map(|i| KindId(i as u8))
        .find(|&k| !game.piece(k).royal && !game.piece(k).lion)
        .map(|k| Piece::new(k, mover.color().flip()));
    let lion_square = |v: Square| {
        let Some(t) = target else { return false };
        let mut probe = pos.clone();
        probe.put(v, t);
        legal_move_list(&mut probe).iter().any(|m| m.from == from && m.to == from && m.mids().eq([v]))
    };
    steps.iter().copied().find(|&v| lion_square(v)).or(steps.first().copied())
}
