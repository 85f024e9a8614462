//! One module per named power (see `movegen::power` for what each provides), and the few
//! routines several of them share.

pub mod approach;
pub mod area;
pub mod bent;
pub mod burn;
pub mod cicada;
pub mod convert;
pub mod convert_ahead;
pub mod emperor;
pub mod hook;
pub mod hop_capture;
pub mod immobilize;
pub mod jump;
pub mod king_leap;
pub mod lame_ride;
pub mod leap_first;
pub mod lion;
pub mod long_leap;
pub mod parrot;
pub mod relay;
pub mod shoot;
pub mod shoot_line;
pub mod skip_first;
pub mod swap;
pub mod sweep;
pub mod withdraw;

use super::power::Generate;
use super::promotion::{self, Shape};
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};

/// The eight king steps, (files, ranks).
pub(crate) const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// Slides on from `at` (not included) along `d`: a quiet move to each empty square, and the
/// capture of the first enemy met (bent sliders' and hook movers' second legs).
pub(crate) fn ride(pos: &impl Board, piece: Piece, from: Square, at: Square, d: i32, out: &mut Vec<Move>) {
    let them = piece.color().flip();
    let mut to = at;
    loop {
        to = to.offset(d);
        let c = pos.cell(to);
        if c.is_off() {
            break;
        }
        if c.is_empty() {
            promotion::push(pos, piece, Move::new(from, to), Shape::QUIET, out);
            continue;
        }
        if c.holds(them) {
            promotion::push(pos, piece, Move::new(from, to), Shape::CAPTURE, out);
        }
        break;
    }
}

/// The captures among a generator's moves (for powers whose captures quiescence finds by
/// generating: `Captures::Filtered`).
pub(crate) fn captures_of(g: &impl Generate, pos: &impl Board, piece: Piece, from: Square, out: &mut Vec<Move>) {
    let start = out.len();
    g.generate(pos, piece, from, start, out);
    super::retain_captures(pos, out, start);
}

/// For each plain, non-capturing line move in `out[start..]` that arrives facing an enemy (the
/// next square on the same line), a twin of kind `kind` with that enemy's square as `aux`: the
/// Sorcerer's approach capture and the Missionary's conversion act on the same square.
pub(crate) fn facing_twins(pos: &impl Board, piece: Piece, start: usize, kind: MoveKind, out: &mut Vec<Move>) {
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
