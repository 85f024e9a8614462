//! `king-leap[(both-safe)]` — Bigorra's King leap (rule of Metamachy): once, while the leap right
//! lasts, the King may leap to an empty square of ring 2, never out of check, and only if the
//! square it crosses is safe (for knight-shaped leaps, at least one of the two crossed squares;
//! both with `both-safe`, Jocly's reading, option `leap_knight_both_safe`). Whether the target
//! itself is attacked is the ordinary legality test. The leap never captures.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{no_argument, Attacks, Captures, Compile, Description, Generate, Hooks, PowerError, Spec};
use crate::movegen::view::View;
use crate::moves::Move;
use crate::variant::{KindId, PowerCall};

/// `king-leap[(both-safe)]`: the King's once-a-game leap to an empty square two away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingLeap {
    /// A knight-shaped leap needs both crossed squares safe.
    pub both_safe: bool,
}

/// The types with the King leap: their moves end the leap right (`position::make`).
#[derive(Clone, Debug, Default)]
pub struct Leapers(KindSet);

impl Leapers {
    /// Whether type `k` has the King leap.
    pub fn contains(&self, k: KindId) -> bool {
        self.0.contains(k)
    }
}

impl Hooks for Leapers {}

impl Spec for KingLeap {
    const NAME: &'static str = "king-leap";
    const SYNTAX: &'static str = "king-leap[(both-safe)]";
    const ATTACKS: Attacks = Attacks::Never;
    type Game = Leapers;
    type Moves = Self;

    fn parse(call: &PowerCall) -> Result<KingLeap, PowerError> {
        no_argument(call, &["both-safe"])?;
        Ok(KingLeap { both_safe: call.flags.iter().any(|f| f == "both-safe") })
    }

    fn reach(&self) -> u8 {
        2
    }

    fn describe(&self) -> Description {
        Description::text_only(if self.both_safe {
            "King's leap (both crossed squares of a knight leap safe)"
        } else {
            "King's leap"
        })
    }

    fn quiescence(&self) -> Captures {
        Captures::Never
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Leapers) -> Option<KingLeap> {
        game.0.insert(cx.kind);
        Some(self.clone())
    }
}

impl Generate<Leapers> for KingLeap {
    fn generate(&self, _: &Leapers, pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let us = piece.color();
        let them = us.flip();
        if !pos.leap_right(us) || pos.is_attacked(from, them) {
            return;
        }
        let shape = *pos.shape();
        // A crossed square is safe when a King standing there (having left `from`) would not be
        // attacked; what stands on it does not matter.
        let safe = |dx: i32, dy: i32| -> bool {
            let m = from.offset(shape.delta(dx, dy));
            shape.on_board(m) && !pos.is_attacked_ignoring(m, them, from)
        };
        for dx in -2i32..=2 {
            for dy in -2i32..=2 {
                if dx.abs().max(dy.abs()) != 2 {
                    continue;
                }
                let to = from.offset(shape.delta(dx, dy));
                if !shape.on_board(to) || !pos.is_empty(to) {
                    continue;
                }
                let (sx, sy) = (dx.signum(), dy.signum());
                let ok = if dx.abs() == dy.abs() || dx == 0 || dy == 0 {
                    safe(sx, sy)
                } else {
                    let (a, b) = if dx.abs() == 2 { (safe(sx, 0), safe(sx, sy)) } else { (safe(0, sy), safe(sx, sy)) };
                    if self.both_safe {
                        a && b
                    } else {
                        a || b
                    }
                };
                if ok {
                    out.push(Move::new(from, to));
                }
            }
        }
    }

    /// The leap never captures.
    fn captures(&self, _: &Leapers, _: &impl View, _: Piece, _: Square, _: &mut Vec<Move>) {}

    /// One leap per King, with the stricter rule if either call asks for it.
    fn absorb(&mut self, other: KingLeap) -> Option<KingLeap> {
        self.both_safe |= other.both_safe;
        None
    }
}
