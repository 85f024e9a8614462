//! What a move does to the board, found from the move and the position before it.

use super::Board;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use arrayvec::ArrayVec;

/// The squares whose pieces `m` removes, in this position (before the move): captures on
/// the destination and the way, en passant, a Longleaper's jumped pieces, a Sorcerer's run,
/// a self-capture. One place for `make`, the explicit move text and threat tests.
pub fn removed_squares(pos: &impl Board, m: Move, out: &mut ArrayVec<Square, 16>) {
    let shape = *pos.shape();
    match m.kind {
        MoveKind::Pass | MoveKind::Convert | MoveKind::Swap => {}
        MoveKind::EnPassant => out.push(pos.ep_victim()),
        MoveKind::Normal | MoveKind::Implied | MoveKind::SelfCapture => {
            for sq in m.mids() {
                if !pos.cell(sq).is_empty() && !out.contains(&sq) {
                    out.push(sq);
                }
            }
            if m.to != m.from && !pos.cell(m.to).is_empty() {
                out.push(m.to);
            }
        }
        MoveKind::Line => {
            if let Some(d) = shape.line_step(m.from, m.to) {
                let mut sq = m.from.offset(d);
                while sq != m.to {
                    if !pos.cell(sq).is_empty() {
                        out.push(sq);
                    }
                    sq = sq.offset(d);
                }
            }
            if !pos.cell(m.to).is_empty() {
                out.push(m.to);
            }
        }
        MoveKind::Chosen => out.push(m.aux),
        MoveKind::Approach => {
            let us = pos.cell(m.from).piece().expect("a mover").color();
            let d = m.aux.0 as i32 - m.to.0 as i32;
            let mut sq = m.aux;
            while pos.cell(sq).holds(us.flip()) && !out.is_full() {
                out.push(sq);
                sq = sq.offset(d);
            }
        }
    }
}
