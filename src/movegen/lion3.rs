//! The three-step lion move of the Tai Shogi Teaching King under option `teaching_king_v2`
//! (rules section 5.6): a jump to any square within king distance 3 that holds no friend, or
//! a walk of up to three king steps, each onto an empty square, an enemy (captured), or the
//! starting square (empty once left). The effect is the final square plus the set of enemies
//! stepped on; a walk that captured nothing and ends where it started is the pass.
//!
//! Walks whose only capture is their final square are jumps, so only walks with an earlier
//! capture add moves. Captured squares are stored sorted, so two walks that take the same
//! pieces in a different order are the same move (the caller merges duplicates).

use super::promotion;
use super::Board;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

pub fn generate(pos: &impl Board, piece: Piece, from: Square, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let us = piece.color();
    let them = us.flip();
    let mut can_pass = false;
    for dy in -3i32..=3 {
        for dx in -3i32..=3 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let to = from.offset(shape.delta(dx, dy));
            let cell = pos.cell(to);
            if cell.is_off() || cell.holds(us) {
                continue;
            }
            promotion::push(pos, piece, Move::new(from, to), !cell.is_empty(), false, out);
        }
    }
    let steps: Vec<i32> = (-1..=1)
        .flat_map(|y| (-1..=1).map(move |x| (x, y)))
        .filter(|&d| d != (0, 0))
        .map(|(x, y)| shape.delta(x, y))
        .collect();
    // Whether a walk may step on `s` having captured `caps` so far.
    let enterable = |s: Square, caps: &[Square]| -> Option<bool> {
        if s == from {
            return Some(false);
        }
        let c = pos.cell(s);
        if c.is_off() || c.holds(us) {
            return None;
        }
        // An enemy already taken on this walk leaves an empty square.
        Some(c.holds(them) && !caps.contains(&s))
    };
    for &d1 in &steps {
        let s1 = from.offset(d1);
        let Some(c1) = enterable(s1, &[]) else {
            continue;
        };
        if !c1 && s1 != from {
            can_pass = true; // out to an empty square and back
        }
        let caps1: Vec<Square> = if c1 { vec![s1] } else { vec![] };
        for &d2 in &steps {
            let s2 = s1.offset(d2);
            let Some(c2) = enterable(s2, &caps1) else {
                continue;
            };
            let mut caps2 = caps1.clone();
            if c2 {
                caps2.push(s2);
            }
            emit(pos, piece, from, s2, &caps2, out);
            for &d3 in &steps {
                let s3 = s2.offset(d3);
                let Some(c3) = enterable(s3, &caps2) else {
                    continue;
                };
                let mut caps3 = caps2.clone();
                if c3 {
                    caps3.push(s3);
                }
                emit(pos, piece, from, s3, &caps3, out);
            }
        }
    }
    if can_pass || super::lion::pass_anywhere(pos, piece) {
        out.push(Move::pass(from));
    }
}

/// Pushes the walk ending on `to` that captured `caps` (in walk order), if it is not a jump.
fn emit(pos: &impl Board, piece: Piece, from: Square, to: Square, caps: &[Square], out: &mut Vec<Move>) {
    let mut mids: Vec<Square> = caps.iter().copied().filter(|&s| s != to).collect();
    if mids.is_empty() {
        return; // a jump (or, ending on the origin without captures, the pass)
    }
    mids.sort();
    let mut m = Move::via(from, mids[0], to);
    if mids.len() > 1 {
        m.mid[1] = mids[1];
    }
    promotion::push(pos, piece, m, true, false, out);
}
