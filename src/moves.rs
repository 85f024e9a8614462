//! [`Move`]: a compact, `Copy` description of one move's effect, and its text form.
//!
//! A move is identified by its effect. The generator fills the fields canonically, so two
//! moves are equal exactly when they have the same effect:
//! - `from`, `to`: origin and destination (equal for igui, shots and passes);
//! - `mid`: squares whose pieces are captured on the way (lion double moves, igui, hop
//!   captures), in path order, unused slots [`Square::NONE`];
//! - `aux`: a chosen effect square (conversion, approach capture) for powers of later games;
//! - `promo`: the type the piece becomes, if it promotes;
//! - `kind`: what `make` must do beyond moving (en passant, pass, ...).
//!
//! Forced side effects that follow from these fields (the pawn taken en passant, a Fire Demon's
//! burns, a sweep's victims) are not stored: `make` computes them and records them for `unmake`.

use crate::geometry::{BoardShape, Square};
use crate::variant::KindId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveKind {
    /// Moves from `from` to `to`, capturing whatever enemy stands on `to` and on `mid`.
    Normal = 0,
    /// Captures en passant: the victim stands one rank beyond `to`, in the mover's forward
    /// direction (found by `make` from the position's en-passant state).
    EnPassant = 1,
    /// The piece on `from` passes (lion-style); nothing changes but the side to move.
    Pass = 2,
}

/// One move. 12 bytes; see the module documentation for the meaning of each field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub mid: [Square; 2],
    pub aux: Square,
    /// `KindId + 1` of the promoted type, or 0.
    promo: u8,
    pub kind: MoveKind,
}

const _: () = assert!(std::mem::size_of::<Move>() == 12);

impl Move {
    #[inline]
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to, mid: [Square::NONE; 2], aux: Square::NONE, promo: 0, kind: MoveKind::Normal }
    }

    /// A move that captures on `via` on the way from `from` to `to` (lion double capture,
    /// hit-and-run, igui when `to == from`).
    #[inline]
    pub fn via(from: Square, via: Square, to: Square) -> Move {
        Move { from, to, mid: [via, Square::NONE], aux: Square::NONE, promo: 0, kind: MoveKind::Normal }
    }

    #[inline]
    pub fn pass(at: Square) -> Move {
        Move { from: at, to: at, mid: [Square::NONE; 2], aux: Square::NONE, promo: 0, kind: MoveKind::Pass }
    }

    #[inline]
    pub fn en_passant(from: Square, to: Square) -> Move {
        Move { kind: MoveKind::EnPassant, ..Move::new(from, to) }
    }

    #[inline]
    pub fn with_promotion(mut self, k: KindId) -> Move {
        self.promo = k.0 + 1;
        self
    }

    #[inline]
    pub fn promotion(self) -> Option<KindId> {
        if self.promo == 0 {
            None
        } else {
            Some(KindId(self.promo - 1))
        }
    }

    #[inline]
    pub fn is_pass(self) -> bool {
        self.kind == MoveKind::Pass
    }

    /// The captured intermediate squares.
    #[inline]
    pub fn mids(&self) -> impl Iterator<Item = Square> + '_ {
        self.mid.iter().copied().filter(|s| !s.is_none())
    }

    /// The legs of the move as text: `e4e5,e5e6` for a move through a captured square,
    /// `e4e4` for a pass, `e4e6` otherwise. No promotion suffix.
    pub fn legs_text(&self, shape: &BoardShape) -> String {
        let mut s = String::with_capacity(12);
        shape.write_name(self.from, &mut s);
        let mut last = self.from;
        for m in self.mids() {
            shape.write_name(m, &mut s);
            s.push(',');
            shape.write_name(m, &mut s);
            last = m;
        }
        let _ = last;
        shape.write_name(self.to, &mut s);
        s
    }
}
