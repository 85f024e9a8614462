//! `cicada` — the Cicada (`docs/rules/typhoon.md` §5.12): a queen-line move of 2 or 3 squares that must hop
//! over at least one piece (of either colour, never harmed). The target is empty (move) or holds
//! an enemy (capture). It never reaches an adjacent square. No table says it: attack detection
//! generates it.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{no_argument, Attacks, Compile, Description, Generate, PowerError, Spec};
use crate::movegen::view::{Shape, View};
use crate::moves::Move;
use crate::variant::PowerCall;

const QUEEN: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// `cicada`: a queen-line move of 2 or 3 squares hopping at least one piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cicada;

impl Spec for Cicada {
    const NAME: &'static str = "cicada";
    const ATTACKS: Attacks = Attacks::Generated;
    type Game = ();
    type Moves = Self;

    fn parse(call: &PowerCall) -> Result<Cicada, PowerError> {
        no_argument(call, &[])?;
        Ok(Cicada)
    }

    fn reach(&self) -> u8 {
        3
    }

    fn describe(&self) -> Description {
        Description::text_only("Cicada: Q 2-3 squares, must hop a piece")
    }

    fn compile(&self, _: &mut Compile<'_>, _: &mut ()) -> Option<Cicada> {
        Some(self.clone())
    }
}

impl Generate for Cicada {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let shape = *pos.shape();
        let them = piece.color().flip();
        for (dx, dy) in QUEEN {
            let d = shape.delta(dx, dy);
            let s1 = from.offset(d);
            let c1 = pos.cell(s1);
            if c1.is_off() {
                continue;
            }
            let mut hopped = !c1.is_empty();
            let mut to = s1;
            for _dist in 2..=3 {
                to = to.offset(d);
                let c = pos.cell(to);
                if c.is_off() {
                    break;
                }
                if hopped {
                    if c.is_empty() {
                        pos.push_move(piece, Move::new(from, to), Shape::QUIET, out);
                    } else if c.holds(them) {
                        pos.push_move(piece, Move::new(from, to), Shape::CAPTURE, out);
                    }
                }
                hopped |= !c.is_empty();
            }
        }
    }
}
