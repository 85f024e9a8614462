//! The evaluation as a function of its weights, for tuning: the same terms `eval` adds up
//! (read from `eval::psq::Basis::terms` and `Evaluator::side_terms`, so there is one
//! definition of each), unweighted per position and weighed here with any weights.
//!
//! Weights: the material value of each piece type, then the `[eval]` keys of [`EVAL_KEYS`].
//! Features of a position (first player's minus second player's): the count of each type, the
//! promotion progress of each type (weighed by its promotion gain, itself a difference of two
//! values, times `promotion_potential` percent), then one feature per `[eval]` key.

use super::fit::{Model, Sample};
use crate::eval::Evaluator;
use crate::game::psq::{Basis, SquareTerms};
use crate::game::Game;
use crate::position::Position;
use crate::variant::{EvalParams, KindId};
use crate::Color;
use std::sync::Arc;

/// The `[eval]` keys the tuner fits, in the order of their weights after the piece values.
pub const EVAL_KEYS: [&str; 9] = [
    "mobility_pst",
    "promotion_potential",
    "advancement",
    "extra_royal",
    "royal_attackers",
    "royal_defenders",
    "mop_up",
    "tempo",
    "slider_mobility",
];

const MOBILITY: usize = 0;
const PROMOTION: usize = 1;
const ADVANCEMENT: usize = 2;
const EXTRA_ROYAL: usize = 3;
const ATTACKERS: usize = 4;
const DEFENDERS: usize = 5;
const MOP_UP: usize = 6;
const TEMPO: usize = 7;
const SLIDER: usize = 8;

fn eval_values(p: &EvalParams) -> [i32; 9] {
    [
        p.mobility_pst,
        p.promotion_potential,
        p.advancement,
        p.extra_royal,
        p.royal_attackers,
        p.royal_defenders,
        p.mop_up,
        p.tempo,
        p.slider_mobility,
    ]
}

/// One game's evaluation as a tunable model.
pub struct EvalModel {
    game: Arc<Game>,
    ev: Evaluator,
    /// Piece types.
    nk: usize,
    /// The type each type promotes to.
    promotes_to: Vec<Option<usize>>,
    royal: Vec<bool>,
    /// Piece-square terms by colour, type and square index.
    terms: Vec<SquareTerms>,
    cells: usize,
}

impl EvalModel {
    pub fn new(v: &Arc<Game>) -> EvalModel {
        let nk = v.pieces.len();
        let cells = v.shape.cells as usize;
        let basis = Basis::of(v, &v.tables);
        let mut terms = vec![SquareTerms::default(); 2 * nk * cells];
        for c in Color::ALL {
            for k in 0..nk {
                for sq in v.shape.squares() {
                    terms[(c.index() * nk + k) * cells + sq.index()] = basis.terms(v, &v.tables, c, k, sq);
                }
            }
        }
        EvalModel {
            game: Arc::clone(v),
            ev: Evaluator::new(v),
            nk,
            promotes_to: v
                .pieces
                .iter()
                .map(|p| p.promotes_to.map(super::super::variant::piece::KindId::index))
                .collect(),
            royal: v.pieces.iter().map(|p| p.royal).collect(),
            terms,
            cells,
        }
    }

    /// Number of weights.
    pub fn len(&self) -> usize {
        self.nk + EVAL_KEYS.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The weights the game file gives now: piece values (as the evaluation uses them, those
    /// from mobility included), then the `[eval]` keys.
    pub fn weights(&self) -> Vec<f64> {
        let basis = Basis::of(&self.game, &self.game.tables);
        let mut w: Vec<f64> = basis.values.iter().map(|&x| x as f64).collect();
        w.extend(eval_values(&self.game.eval).iter().map(|&x| x as f64));
        w
    }

    /// The weight of piece type `k`'s value.
    pub fn value_index(&self, k: KindId) -> usize {
        k.index()
    }

    /// The weight of the `[eval]` key `i` of [`EVAL_KEYS`].
    pub fn eval_index(&self, i: usize) -> usize {
        self.nk + i
    }

    /// Whether weight `i` is a royal's value (always 0: the loss of a royal is scored by the
    /// end of the game or `extra_royal`).
    pub fn is_royal_value(&self, i: usize) -> bool {
        i < self.nk && self.royal[i]
    }

    /// The features of `pos`.
    pub fn features(&self, pos: &Position) -> Vec<(u32, f32)> {
        let nk = self.nk;
        let mut f = vec![0f32; 2 * nk + EVAL_KEYS.len()];
        for c in Color::ALL {
            let sign = if c == Color::White { 1.0 } else { -1.0 };
            for &sq in pos.pieces(c) {
                let Some(piece) = pos.piece_at(sq) else { continue };
                let k = piece.kind().index();
                let t = &self.terms[(c.index() * nk + k) * self.cells + sq.index()];
                f[k] += sign;
                f[nk + k] += sign * t.near as f32 / t.half as f32;
                f[2 * nk + MOBILITY] += sign * t.mobility as f32 / 4.0;
                f[2 * nk + ADVANCEMENT] += sign * t.ranks as f32;
            }
            let s = self.ev.side_terms(pos, c);
            f[2 * nk + EXTRA_ROYAL] += sign * s.extra_royals as f32;
            f[2 * nk + ATTACKERS] -= sign * s.attackers as f32;
            f[2 * nk + DEFENDERS] += sign * s.defenders as f32;
            if let Some((centre, distance)) = s.mop_up {
                f[2 * nk + MOP_UP] += sign * (centre as f32 - distance as f32 / 4.0);
            }
            f[2 * nk + SLIDER] += sign * crate::eval::slider_reach(pos, c) as f32;
        }
        f[2 * nk + TEMPO] = if pos.side() == Color::White { 1.0 } else { -1.0 };
        f.iter().enumerate().filter(|(_, x)| **x != 0.0).map(|(i, &x)| (i as u32, x)).collect()
    }

    /// The promotion gain of type `k` under weights `w` (0 when promoting loses value).
    fn gain(&self, w: &[f64], k: usize) -> f64 {
        self.promotes_to[k].map_or(0.0, |p| (w[p] - w[k]).max(0.0))
    }
}

impl Model for EvalModel {
    fn eval(&self, w: &[f64], s: &Sample) -> f64 {
        let nk = self.nk;
        let pp = w[nk + PROMOTION] / 100.0;
        s.features
            .iter()
            .map(|&(i, x)| {
                let i = i as usize;
                let x = x as f64;
                if i < nk {
                    w[i] * x
                } else if i < 2 * nk {
                    pp * self.gain(w, i - nk) * x
                } else {
                    // The eval keys' features are weighed directly, except promotion progress
                    // (above, per type).
                    w[i - nk] * x
                }
            })
            .sum()
    }

    fn add_gradient(&self, w: &[f64], s: &Sample, k: f64, grad: &mut [f64]) {
        let nk = self.nk;
        let pp = w[nk + PROMOTION] / 100.0;
        for &(i, x) in &s.features {
            let i = i as usize;
            let x = x as f64;
            if i < nk {
                grad[i] += k * x;
            } else if i < 2 * nk {
                let t = i - nk;
                let g = self.gain(w, t);
                grad[nk + PROMOTION] += k * g * x / 100.0;
                if g > 0.0 {
                    let p = self.promotes_to[t].expect("a gain needs a promoted type");
                    grad[p] += k * pp * x;
                    grad[t] -= k * pp * x;
                }
            } else {
                grad[i - nk] += k * x;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::rules::legality::legal_move_list;

    /// Positions along a random game of `v` (pieces move, get captured and promote).
    fn positions(v: &Arc<Game>, plies: usize, seed: u64) -> Vec<Position> {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start(v);
        let mut out = Vec::new();
        for _ in 0..plies {
            let legal = legal_move_list(&mut pos);
            if legal.is_empty() || crate::rules::outcome::outcome(&pos).is_some() {
                break;
            }
            pos.make(legal[rng.below(legal.len() as u64) as usize]);
            out.push(pos.clone());
        }
        out
    }

    #[test]
    fn the_model_at_the_files_weights_is_the_evaluation() {
        for name in crate::Variant::builtin_names() {
            let v = Game::builtin(name).unwrap();
            let (m, ev) = (EvalModel::new(&v), Evaluator::new(&v));
            let w = m.weights();
            for pos in positions(&v, 300, 7) {
                let s = Sample { features: m.features(&pos), result: 0.5 };
                let ours = ev.evaluate(&pos) as f64 * if pos.side() == Color::White { 1.0 } else { -1.0 };
                // The evaluation rounds each piece-square entry to whole centipawns (and clamps
                // it to +-2000, which no built-in game reaches); the model does not.
                let pieces = (pos.pieces(Color::White).len() + pos.pieces(Color::Black).len()) as f64;
                let diff = (m.eval(&w, &s) - ours).abs();
                assert!(diff <= 3.0 * pieces, "{name} {}: model {} eval {ours}", pos.to_fen(), m.eval(&w, &s));
            }
        }
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_evaluation() {
        let v = Game::builtin("chu").unwrap();
        let m = EvalModel::new(&v);
        let w = m.weights();
        for pos in positions(&v, 200, 3).iter().step_by(20) {
            let s = Sample { features: m.features(pos), result: 0.5 };
            let mut grad = vec![0.0; m.len()];
            m.add_gradient(&w, &s, 1.0, &mut grad);
            for i in 0..m.len() {
                let (mut lo, mut hi) = (w.clone(), w.clone());
                lo[i] -= 0.5;
                hi[i] += 0.5;
                let slope = m.eval(&hi, &s) - m.eval(&lo, &s);
                assert!((slope - grad[i]).abs() < 1e-6 * (1.0 + slope.abs()), "weight {i}: {slope} vs {}", grad[i]);
            }
        }
    }
}
