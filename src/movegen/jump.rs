//! Jumping captures (Nutty Jumping Rook, Jumping Bishop, Regent, Jumping Queen; rules section
//! 4.3). Along its jump lines the piece may capture an enemy beyond other pieces, friend or foe,
//! as long as every piece passed over has a strictly lower jump rank than the mover. The captured
//! piece may have any rank. Non-capturing moves are the piece's ordinary slides, and so is the
//! capture of the first piece on a line; this module adds only the captures beyond it.
//!
//! Jumping captures attack: [`attacks`] answers for `attack::is_attacked`.

use super::promotion;
use super::Board;
use crate::cell::{Cell, Piece};
use crate::geometry::{Color, Square};
use crate::moves::Move;

/// Jump rank of `piece`.
#[inline]
fn rank_of(pos: &impl Board, piece: Piece) -> u8 {
    pos.tables().special.jump_rank[piece.kind().index()]
}

/// The jumping captures of `piece` on `from` along `dirs` (board deltas), beyond the first
/// piece of each line.
pub fn generate(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    let mine = pos.variant().piece(piece.kind()).jump_rank;
    for &d in dirs {
        let mut to = from;
        let mut passed_first = false;
        loop {
            to = to.offset(d);
            let c = pos.cell(to);
            if c.is_off() {
                break;
            }
            let Some(passed) = c.piece() else {
                continue;
            };
            // The first piece is the ordinary slide's target; later ones are jump captures.
            if passed_first && passed.color() == them {
                promotion::push(pos, piece, Move::new(from, to), true, false, out);
            }
            if rank_of(pos, passed) >= mine {
                break;
            }
            passed_first = true;
        }
    }
}

/// Whether a jumping capturer of `by` can capture on `target` (over at least zero pieces).
pub fn attacks(pos: &impl Board, target: Square, by: Color, cell_at: &dyn Fn(Square) -> Cell) -> bool {
    let ranks = &pos.tables().special.jump_rank;
    for (d, set) in &pos.tables().attacks[by].jumps {
        let mut sq = target;
        // Highest rank passed so far walking out from the target (None: nothing passed yet).
        let mut highest: Option<u8> = None;
        loop {
            sq = sq.offset(*d);
            let c = cell_at(sq);
            if c.is_off() {
                break;
            }
            let Some(p) = c.piece() else {
                continue;
            };
            let r = ranks[p.kind().index()];
            if p.color() == by && set.contains(p.kind()) && highest.is_none_or(|h| h < r) {
                return true;
            }
            let h = highest.map_or(r, |h| h.max(r));
            highest = Some(h);
            // Nothing outranks a King or a Jumping Queen among the jumpers.
            if h >= 3 {
                break;
            }
        }
    }
    false
}
