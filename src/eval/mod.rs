//! Hand-tuned evaluation, the same code for every game, with each game's numbers in its data
//! file (`[eval]` and the pieces' `value`).
//!
//! Terms, all from the side to move's point of view:
//! - material: the data file's values; a piece left at 0 gets `value_per_target` per square it
//!   reaches on average from every square of an empty board (its mobility);
//! - piece-square: how much more (or less) than average the piece reaches from that square on
//!   an empty board, plus a share of its promotion gain as it approaches its zone;
//! - royals: each royal beyond the first is worth `extra_royal`; enemy pieces within distance 2
//!   of a royal cost, friendly pieces next to it help;
//! - mop-up: when one side has nothing left but royals, the other gains for pushing them to
//!   the edge and bringing its pieces close, so it makes progress toward the win;
//! - tempo.

use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::movegen::tables::KindMoves;
use crate::position::{Position, EMPTY, OFF};
use crate::variant::{KindId, Variant};
use std::sync::Arc;

pub struct Evaluator {
    variant: Arc<Variant>,
    values: Vec<i32>,
    /// Mailbox offsets of the squares within king distance 2 (the royal-safety box), with a
    /// flag for distance 1.
    box2: Vec<(i32, bool)>,
    /// Per colour: `kind * cells + square` -> bonus.
    pst: ByColor<Vec<i16>>,
    cells: usize,
}

/// Squares a piece reaches from `sq` on an empty board.
fn empty_board_mobility(shape: &BoardShape, km: &KindMoves, sq: Square) -> i32 {
    let on = |s: Square| shape.on_board(s);
    let mut n = 0;
    for l in &km.leaps {
        if on(sq.offset(l.delta)) {
            n += 1;
        }
    }
    for s in &km.slides {
        let mut t = sq;
        for _ in 0..s.max {
            t = t.offset(s.delta);
            if !on(t) {
                break;
            }
            n += 1;
        }
    }
    for b in &km.bents {
        let s1 = sq.offset(b.first);
        if !on(s1) {
            continue;
        }
        n += 1;
        for &u in &b.conts {
            let mut t = s1;
            loop {
                t = t.offset(u);
                if !on(t) {
                    break;
                }
                n += 1;
            }
        }
    }
    if km.lion {
        for dx in -2..=2 {
            for dy in -2..=2 {
                if (dx, dy) != (0, 0) && on(sq.offset(shape.delta(dx, dy))) {
                    n += 1;
                }
            }
        }
    }
    for &d in &km.lion_lines {
        n += on(sq.offset(d)) as i32 + on(sq.offset(2 * d)) as i32;
    }
    // Hoppers need a screen; count a quarter of their slide squares.
    for &d in &km.hops {
        let mut t = sq;
        let mut k = 0;
        loop {
            t = t.offset(d);
            if !on(t) {
                break;
            }
            k += 1;
        }
        n += k / 4;
    }
    n
}

impl Evaluator {
    pub fn new(variant: &Arc<Variant>) -> Evaluator {
        let v = variant.as_ref();
        let shape = v.shape;
        let cells = shape.cells as usize;
        let p = &v.eval;
        let nk = v.pieces.len();
        // Average empty-board mobility per kind (White tables; Black is symmetric).
        let avg: Vec<i32> = (0..nk)
            .map(|k| {
                let km = &v.tables.moves[Color::White][k];
                let total: i32 = shape.squares().map(|s| empty_board_mobility(&shape, km, s)).sum();
                total / shape.num_squares() as i32
            })
            .collect();
        let values: Vec<i32> = (0..nk)
            .map(|k| {
                let t = &v.pieces[k];
                if t.royal {
                    0
                } else if t.value > 0 {
                    t.value
                } else {
                    (avg[k] * p.value_per_target).max(50)
                }
            })
            .collect();
        let mut pst = ByColor::new(vec![0i16; nk * cells], vec![0i16; nk * cells]);
        for c in Color::ALL {
            for k in 0..nk {
                let km = &v.tables.moves[c][k];
                let t = &v.pieces[k];
                let gain = t.promotes_to.map(|pk| (values[pk.index()] - values[k]).max(0)).unwrap_or(0);
                for sq in shape.squares() {
                    let m = empty_board_mobility(&shape, km, sq);
                    let mut b = (m - avg[k]) * p.mobility_pst / 4;
                    if gain > 0 {
                        // Ranks still to go before the zone, over half the board.
                        let zone = v.rules.promotion_zone as i32;
                        let to_zone = (v.ranks_to_edge(c, sq) - zone).max(0);
                        let half = (shape.ranks as i32 / 2).max(1);
                        let near = (half - to_zone).max(0);
                        b += gain * p.promotion_potential / 100 * near / half;
                    }
                    pst[c][k * cells + sq.index()] = b.clamp(-2000, 2000) as i16;
                }
            }
        }
        // The box reaches as far as the padding allows (2 on every built-in board), so it never
        // leaves the mailbox.
        let reach = (shape.pad as i32).min(2);
        let mut box2 = Vec::new();
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                if (dx, dy) != (0, 0) {
                    box2.push((shape.delta(dx, dy), dx.abs() <= 1 && dy.abs() <= 1));
                }
            }
        }
        Evaluator { variant: Arc::clone(variant), values, box2, pst, cells }
    }

    #[inline]
    pub fn value(&self, k: KindId) -> i32 {
        self.values[k.index()]
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Static evaluation in centipawns for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let v = &self.variant;
        let p = &v.eval;
        let mut score = [0i32; 2];
        for c in Color::ALL {
            let mut s = 0;
            for &sq in pos.pieces(c) {
                let k = pos.piece_at(sq).unwrap().kind().index();
                s += self.values[k] + self.pst[c][k * self.cells + sq.index()] as i32;
            }
            let royals = pos.royal_count(c) as i32;
            s += (royals - 1).max(0) * p.extra_royal;
            // Royal safety: enemies within distance 2, friends next to the royal.
            for r in pos.royal_squares(c) {
                for &(d, adjacent) in &self.box2 {
                    let cell = pos.cell(r.offset(d));
                    if cell == EMPTY || cell == OFF {
                        continue;
                    }
                    if (cell & 1) as usize == c.index() {
                        if adjacent {
                            s += p.royal_defenders;
                        }
                    } else {
                        s -= p.royal_attackers;
                    }
                }
            }
            score[c.index()] = s;
        }
        for c in Color::ALL {
            let them = c.flip();
            if pos.pieces(them).len() == pos.royal_count(them) as usize
                && pos.pieces(c).len() > pos.royal_count(c) as usize
            {
                score[c.index()] += self.mop_up(pos, c);
            }
        }
        let us = pos.side();
        score[us.index()] - score[us.flip().index()] + p.tempo
    }
}

impl Evaluator {
    /// `c` against bare royals: enemy royals far from the centre and close to `c`'s pieces.
    fn mop_up(&self, pos: &Position, c: Color) -> i32 {
        let shape = self.variant.shape;
        let w = self.variant.eval.mop_up;
        let (cx2, cy2) = (shape.files as i32 - 1, shape.ranks as i32 - 1);
        let mut s = 0;
        for r in pos.royal_squares(c.flip()) {
            let (x, y) = (shape.file_of(r), shape.rank_of(r));
            // Distance from the centre, in half squares.
            s += ((2 * x - cx2).abs().max((2 * y - cy2).abs())) * w;
            for &q in pos.pieces(c) {
                s -= shape.distance(q, r) * w / 4;
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced_and_values_sensible() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            let e = Evaluator::new(&v);
            let pos = Position::start(&v);
            // Symmetric start: only the tempo bonus remains.
            assert_eq!(e.evaluate(&pos), v.eval.tempo, "{name}");
        }
        let v = Variant::builtin("chu").unwrap();
        let e = Evaluator::new(&v);
        let val = |id: &str| e.value(v.kind_by_id(id).unwrap());
        assert!(val("N") > val("Q") && val("Q") > val("R") && val("R") > val("P"));
    }
}
