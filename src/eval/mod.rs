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
use crate::movegen::Board;
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
            let t = self.side_terms(pos, c);
            let mut s = pos.psq(c) + t.extra_royals * p.extra_royal + t.defenders * p.royal_defenders
                - t.attackers * p.royal_attackers;
            if let Some((centre, distance)) = t.mop_up {
                s += centre * p.mop_up - distance * p.mop_up / 4;
            }
            if p.slider_mobility != 0 {
                s += p.slider_mobility * slider_reach(pos, c);
            }
            score[c.index()] = s;
        }
        let us = pos.side();
        score[us.index()] - score[us.flip().index()] + p.tempo
    }

    /// The terms of `c`'s side beyond material and piece-square values, unweighted.
    #[inline]
    pub fn side_terms(&self, pos: &Position, c: Color) -> SideTerms {
        let royals = pos.royal_count(c) as i32;
        let (mut defenders, mut attackers) = (0, 0);
        // Royal safety: enemies within distance 2, friends next to the royal.
        for r in pos.royal_squares(c) {
            for &(d, adjacent) in &self.box2 {
                let Some(piece) = pos.cell(r.offset(d)).piece() else {
                    continue;
                };
                if piece.color() == c {
                    defenders += adjacent as i32;
                } else {
                    attackers += 1;
                }
            }
        }
        let them = c.flip();
        let bare = pos.pieces(them).len() == pos.royal_count(them) as usize
            && pos.pieces(c).len() > pos.royal_count(c) as usize;
        SideTerms { extra_royals: (royals - 1).max(0), defenders, attackers, mop_up: bare.then(|| self.mop_up(pos, c)) }
    }

    /// `c` against bare royals: how far the enemy royals stand from the centre (half squares)
    /// and the sum of the distances from `c`'s pieces to them.
    fn mop_up(&self, pos: &Position, c: Color) -> (i32, i32) {
        let shape = self.game.shape;
        let (cx2, cy2) = (shape.files as i32 - 1, shape.ranks as i32 - 1);
        let (mut centre, mut distance) = (0, 0);
        for r in pos.royal_squares(c.flip()) {
            let (x, y) = (shape.file_of(r), shape.rank_of(r));
            centre += (2 * x - cx2).abs().max((2 * y - cy2).abs());
            for &q in pos.pieces(c) {
                distance += shape.distance(q, r);
            }
        }
        (centre, distance)
    }
}

/// How many squares `c`'s riders reach along their slides as the board stands
/// ([`Atoms::reach`](crate::movegen::atoms::Atoms::reach) of each piece). Leaps and powers are
/// left out: a rider's worth is what depends most on the pieces in its way, and walking its
/// lines is cheap.
pub fn slider_reach(pos: &Position, c: Color) -> i32 {
    let tables = pos.tables();
    let mut n = 0;
    for &sq in pos.pieces(c) {
        if let Some(piece) = pos.piece_at(sq) {
            n += tables.kind(c, piece.kind()).atoms.reach(pos, c, sq);
        }
    }
    n
}

/// One side's evaluation terms beyond material and piece-square values, unweighted (the
/// evaluation weighs them with `[eval]`; the tuner fits those weights).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTerms {
    /// Royals beyond the first (`extra_royal`).
    pub extra_royals: i32,
    /// Friendly pieces next to a royal (`royal_defenders`), enemy pieces within distance 2
    /// (`royal_attackers`), counted per royal.
    pub defenders: i32,
    pub attackers: i32,
    /// Against bare royals: their distance from the centre in half squares (`mop_up`) and the
    /// sum of the distances from each piece to them (a quarter of `mop_up` each; the same as
    /// a quarter per piece when `mop_up` is a multiple of 4, as every built-in game's is).
    pub mop_up: Option<(i32, i32)>,
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

    #[test]
    fn a_riders_reach_is_its_open_lines_and_the_enemy_ending_a_capturing_one() {
        let g = Game::builtin("heavy-shako").unwrap();
        // Rook e5: e6 e7 and the Pawn on e8 (3), e4 up to its own Pawn (1), a5-d5 (4), f5-j5
        // (5). Cannon a3 (mRcpR: its slides do not capture): a4-a7 (4, not the Pawn on a8),
        // b3-d3 (3), a2 (1). Kings and Pawns have no slides.
        let pos = Position::from_fen(&g, "9k/10/p3p5/10/10/4R5/10/C3P5/10/K9 w").unwrap();
        assert_eq!((slider_reach(&pos, Color::White), slider_reach(&pos, Color::Black)), (21, 0));
    }
}
