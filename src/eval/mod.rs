//! Hand-tuned evaluation, the same code for every game, with each game's numbers in its data
//! file (`[eval]` and the pieces' `value`).
//!
//! Terms, all from the side to move's point of view:
//! - material and piece-square values (`psq`), summed incrementally by `Position`;
//! - royals: each royal beyond the first is worth `extra_royal`; enemy pieces within distance 2
//!   of a royal cost, friendly pieces next to it help;
//! - mop-up: when one side has nothing left but royals, the other gains for pushing them to
//!   the edge and bringing its pieces close, so it makes progress toward the win;
//! - tempo.

use crate::game::Game;
use crate::geometry::Color;
use crate::position::Position;
use crate::variant::KindId;
use std::sync::Arc;

pub struct Evaluator {
    game: Arc<Game>,
    /// Mailbox offsets of the squares within king distance 2 (the royal-safety box), with a
    /// flag for distance 1.
    box2: Vec<(i32, bool)>,
}

impl Evaluator {
    pub fn new(game: &Arc<Game>) -> Evaluator {
        let shape = game.shape;
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
        Evaluator { game: Arc::clone(game), box2 }
    }

    #[inline]
    pub fn value(&self, k: KindId) -> i32 {
        self.game.psq.value(k)
    }

    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// Static evaluation in centipawns for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let p = &self.game.variant.eval;
        let mut score = [0i32; 2];
        for c in Color::ALL {
            let mut s = pos.psq(c);
            let royals = pos.royal_count(c) as i32;
            s += (royals - 1).max(0) * p.extra_royal;
            // Royal safety: enemies within distance 2, friends next to the royal.
            for r in pos.royal_squares(c) {
                for &(d, adjacent) in &self.box2 {
                    let Some(piece) = pos.cell(r.offset(d)).piece() else {
                        continue;
                    };
                    if piece.color() == c {
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
        let shape = self.game.shape;
        let w = self.game.variant.eval.mop_up;
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
        for name in crate::Variant::builtin_names() {
            let g = Game::builtin(name).unwrap();
            let e = Evaluator::new(&g);
            let pos = Position::start(&g);
            // Symmetric start: only the tempo bonus remains.
            assert_eq!(e.evaluate(&pos), g.variant.eval.tempo, "{name}");
        }
        let g = Game::builtin("chu").unwrap();
        let e = Evaluator::new(&g);
        let val = |id: &str| e.value(g.variant.kind_by_id(id).unwrap());
        assert!(val("N") > val("Q") && val("Q") > val("R") && val("R") > val("P"));
    }
}
