//! Material and piece-square values in one table, indexed like the Zobrist keys (piece code and
//! square), so `Position` can keep each side's sum up to date in make/unmake at the cost of one
//! load per board edit. The evaluation then reads two integers instead of walking both piece
//! lists at every leaf.
//!
//! - Material: the data file's values; a piece left at 0 gets `value_per_target` per square it
//!   reaches on average from every square of an empty board (its mobility).
//! - Piece-square: how much more (or less) than average the piece reaches from that square on
//!   an empty board, plus a share of its promotion gain as it approaches its zone, plus
//!   `advancement` per rank beyond its owner's first (for games without zones).

use crate::cell::Piece;
use crate::geometry::{BoardShape, Color, Square};
use crate::movegen::tables::{KindMoves, Tables};
use crate::variant::{KindId, Variant};

/// Material plus piece-square value of every piece on every square, and each type's material value
/// alone.
#[derive(Clone, Debug, Default)]
pub struct PieceSquare {
    /// Material value per kind (royals 0: their loss is scored by the game's end, not here).
    values: Vec<i32>,
    /// `piece index * cells + square` -> material + piece-square bonus.
    table: Vec<i32>,
    cells: usize,
}

/// The unweighted piece-square terms of one piece on one square (what `[eval]` weighs; the
/// tuner reads them too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareTerms {
    /// Empty-board targets from here above the piece type's average (`mobility_pst` / 4).
    pub mobility: i32,
    /// Progress toward the promotion zone: `near` of `half` (`promotion_potential` percent of
    /// the promotion gain, times `near / half`).
    pub near: i32,
    /// Half the board's ranks (at least 1): the scale `near` is measured on.
    pub half: i32,
    /// Ranks beyond the owner's first (`advancement`; 0 for royals).
    pub ranks: i32,
}

/// What the table is built from: each piece type's average empty-board mobility (White
/// tables; Black is symmetric) and material value.
pub struct Basis {
    pub(crate) avg: Vec<i32>,
    /// Material value per type: the data file's, or from its mobility when the file says 0; royals
    /// 0.
    pub values: Vec<i32>,
}

impl Basis {
    /// The averages and values of game `v`, from its compiled `tables`.
    pub fn of(v: &Variant, tables: &Tables) -> Basis {
        let shape = tables.shape;
        let nk = v.pieces.len();
        let avg: Vec<i32> = (0..nk)
            .map(|k| {
                let km = &tables.moves[Color::White][k];
                let total: i32 = shape.squares().map(|s| empty_board_mobility(&shape, km, s)).sum();
                total / shape.num_squares().max(1) as i32
            })
            .collect();
        let values = (0..nk)
            .map(|k| {
                let t = &v.pieces[k];
                if t.royal {
                    0
                } else if t.value > 0 {
                    t.value
                } else {
                    (avg[k] * v.eval.value_per_target).max(50)
                }
            })
            .collect();
        Basis { avg, values }
    }

    /// The promotion gain of type `k` (what promoting adds to its value; 0 without one).
    pub fn gain(&self, v: &Variant, k: usize) -> i32 {
        v.pieces[k].promotes_to.map_or(0, |pk| (self.values[pk.index()] - self.values[k]).max(0))
    }

    /// The terms of a piece of type `k` and colour `c` on `sq`.
    pub fn terms(&self, v: &Variant, tables: &Tables, c: Color, k: usize, sq: Square) -> SquareTerms {
        let shape = tables.shape;
        let m = empty_board_mobility(&shape, &tables.moves[c][k], sq);
        // Ranks still to go before the zone, over half the board.
        let zone = v.promotion.zone as i32;
        let to_zone = (tables.ranks_to_edge(c, sq) - zone).max(0);
        let half = (shape.ranks as i32 / 2).max(1);
        let ranks = if v.pieces[k].royal { 0 } else { shape.ranks as i32 - tables.ranks_to_edge(c, sq) };
        SquareTerms { mobility: m - self.avg[k], near: (half - to_zone).max(0), half, ranks }
    }
}

impl PieceSquare {
    pub(crate) fn build(v: &Variant, tables: &Tables) -> PieceSquare {
        let shape = tables.shape;
        let cells = shape.cells as usize;
        let p = &v.eval;
        let nk = v.pieces.len();
        let basis = Basis::of(v, tables);
        let codes = Piece::table_size(nk);
        let mut table = vec![0i32; codes * cells];
        for c in Color::ALL {
            for k in 0..nk {
                let gain = basis.gain(v, k);
                let code = Piece::new(KindId(k as u8), c).index();
                for sq in shape.squares() {
                    let t = basis.terms(v, tables, c, k, sq);
                    let mut b = t.mobility * p.mobility_pst / 4;
                    if gain > 0 {
                        b += gain * p.promotion_potential / 100 * t.near / t.half;
                    }
                    b += p.advancement * t.ranks;
                    table[code * cells + sq.index()] = basis.values[k] + b.clamp(-2000, 2000);
                }
            }
        }
        PieceSquare { values: basis.values, table, cells }
    }

    /// The material value of type `k` (0 for a royal).
    #[inline]
    pub fn value(&self, k: KindId) -> i32 {
        self.values[k.index()]
    }

    /// Material plus piece-square bonus of `p` standing on `sq`.
    #[inline]
    pub fn get(&self, p: Piece, sq: Square) -> i32 {
        self.table[p.index() * self.cells + sq.index()]
    }
}

/// Squares a piece reaches from `sq` on an empty board: its atoms' and its powers'.
fn empty_board_mobility(shape: &BoardShape, km: &KindMoves, sq: Square) -> i32 {
    km.atoms.mobility(shape, sq) + km.gens.iter().map(|g| g.mobility(shape, sq)).sum::<i32>()
}
