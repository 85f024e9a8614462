//! The Parrot family (Typhoon section 5.16: Parrot, Raven, Horned Owl forward, Diving Osprey
//! forward diagonals). Along each listed unit direction, with V1 the neighbour and V2 the
//! square beyond: shoot an enemy on V1 (`Move::via(from, V1, from)`), and hop-capture it onto
//! V2 when V2 is empty or holds an enemy (`Move::via(from, V1, V2)`, taking both). The step to
//! V1 and the leap to V2 are atoms of the Betza string. The piece may also pass, once
//! (decision D7: unconditionally while not frozen; frozen pieces never get here).

use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

/// `may_pass`: whether the pass is allowed (always, unless the option
/// `pass_needs_empty_neighbour` asks for an empty step square).
pub fn generate(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], may_pass: bool, out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in dirs {
        let v1 = from.offset(d);
        if !pos.cell(v1).holds(them) {
            continue;
        }
        out.push(Move::via(from, v1, from));
        let v2 = v1.offset(d);
        let c2 = pos.cell(v2);
        if !c2.is_off() && (c2.is_empty() || c2.holds(them)) {
            out.push(Move::via(from, v1, v2));
        }
    }
    if may_pass {
        out.push(Move::pass(from));
    }
}
