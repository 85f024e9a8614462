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

#[derive(Clone, Debug, Default)]
pub struct PieceSquare {
    /// Material value per kind (royals 0: their loss is scored by the game's end, not here).
    values: Vec<i32>,
    /// `piece index * cells + square` -> material + piece-square bonus.
    table: Vec<i32>,
    cells: usize,
}

impl PieceSquare {
    pub fn build(v: &Variant, tables: &Tables) -> PieceSquare {
        let shape = tables.shape;
        let cells = shape.cells as usize;
        let p = &v.eval;
        let nk = v.pieces.len();
        // Average empty-board mobility per kind (White tables; Black is symmetric).
        let avg: Vec<i32> = (0..nk)
            .map(|k| {
                let km = &tables.moves[Color::White][k];
                let total: i32 = shape.squares().map(|s| empty_board_mobility(&shape, km, s)).sum();
                total / shape.num_squares().max(1) as i32
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
        let codes = Piece::table_size(nk);
        let mut table = vec![0i32; codes * cells];
        for c in Color::ALL {
            for k in 0..nk {
                let km = &tables.moves[c][k];
                let t = &v.pieces[k];
                let gain = t.promotes_to.map(|pk| (values[pk.index()] - values[k]).max(0)).unwrap_or(0);
                let code = Piece::new(KindId(k as u8), c).index();
                for sq in shape.squares() {
                    let m = empty_board_mobility(&shape, km, sq);
                    let mut b = (m - avg[k]) * p.mobility_pst / 4;
                    if gain > 0 {
                        // Ranks still to go before the zone, over half the board.
                        let zone = v.promotion.zone as i32;
                        let to_zone = (tables.ranks_to_edge(c, sq) - zone).max(0);
                        let half = (shape.ranks as i32 / 2).max(1);
                        let near = (half - to_zone).max(0);
                        b += gain * p.promotion_potential / 100 * near / half;
                    }
                    if !t.royal {
                        b += p.advancement * (shape.ranks as i32 - tables.ranks_to_edge(c, sq));
                    }
                    table[code * cells + sq.index()] = values[k] + b.clamp(-2000, 2000);
                }
            }
        }
        PieceSquare { values, table, cells }
    }

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
