//! [`Move`]: a compact, `Copy` description of one move's effect, and its text form.
//!
//! A move is identified by its effect. The generator fills the fields canonically, so two
//! moves are equal exactly when they have the same effect:
//! - `from`, `to`: origin and destination (equal for igui, shots and passes);
//! - `mid`: squares whose pieces are captured on the way (lion double moves, igui, hop
//!   captures), in path order, unused slots [`Square::NONE`];
//! - `aux`: a chosen effect square: the converted piece (Typhoon Cuckoo, Missionary), the first
//!   victim of an approach capture (Sorcerer) or of a chosen withdrawal; on a promoting normal
//!   move, the destination when the promotion is written with the new piece's ID (a choice of
//!   types, or an optional promotion: `c9c10q`);
//! - `promo`: the type the piece becomes, if it promotes (for the Typhoon King the first choice;
//!   `make` decides Emperor or Emperor of Emperors);
//! - `kind`: what `make` must do beyond moving (en passant, pass, Typhoon's implied and line
//!   captures, approach, conversion, swap, self-capture, castling, the King's succession).
//!
//! Forced side effects that follow from these fields (the pawn taken en passant, a Fire Demon's
//! burns, a Longleaper's jumped pieces, the rest of a Sorcerer's run) are not stored: the
//! [`Effect`] of a move in a position says them all (`movegen::effect`), and `make` plays it. A
//! Typhoon sweep's victims (at most two besides the destination) are stored in `mid`, so that a
//! sweep without victims is the plain move with the same effect.

use crate::geometry::{BoardShape, Square};
use crate::variant::KindId;
use arrayvec::ArrayVec;

/// Everything a move does to the board besides taking its piece from `from` to `to`, found
/// from the move and the position before it (`movegen::effect::of`): one answer for `make`, the
/// explicit move text, attack detection and the search.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Effect {
    /// The squares whose pieces the move takes, in the order `make` removes them: captures on
    /// the way and the destination, en passant, a Longleaper's jumped pieces, a Sorcerer's run, a
    /// frozen piece's own square.
    pub removed: ArrayVec<Square, 16>,
    /// What burns once the move is made (Nutty Fire Demons).
    pub burned: Burned,
    /// The enemy piece that changes sides (Typhoon Cuckoo, Missionary).
    pub converted: Option<Square>,
    /// The mover and the piece on `to` exchange places (Typhoon Hummingbird).
    pub swapped: bool,
    /// What the mover becomes, if it promotes (the Typhoon King's choice already made).
    pub promotion: Option<KindId>,
    /// The Rook's move of a castling: from, to.
    pub castle_rook: Option<(Square, Square)>,
}

/// What a Fire Demon burns after a move.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Burned {
    /// Nothing burns: no Fire Demon is involved.
    #[default]
    Nothing,
    /// The mover, arriving next to an enemy Fire Demon.
    Mover,
    /// The enemies next to the mover, a Fire Demon.
    Victims(ArrayVec<Square, 8>),
}

impl Effect {
    /// The enemy squares the move empties, burns included: what it takes from the opponent
    /// (a conversion aside).
    pub fn burned_victims(&self) -> &[Square] {
        match &self.burned {
            Burned::Victims(v) => v,
            _ => &[],
        }
    }
}

/// What a move does beyond taking its piece from `from` to `to`, for `make` and the move text.
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
    /// Like `Normal`, but the captures on `mid` follow from origin and destination, so the text
    /// omits them (Typhoon sweep, Undertaker withdrawal): `d4d7`.
    Implied = 3,
    /// Longleaper capture: every piece strictly between `from` and `to` on their line is
    /// removed (`make` finds them). Text `d4d8`.
    Line = 4,
    /// Sorcerer approach capture: after moving, `aux` and the run of enemies beyond it (away
    /// from `to`) are removed. Text `a3b3xc3`.
    Approach = 5,
    /// Conversion: after moving (`from == to` for the Cuckoo), the enemy on `aux` changes
    /// owner. Text `a4a4~a5`, `a3c5~d6`.
    Convert = 6,
    /// Hummingbird swap: the pieces on `from` and `to` exchange places. Text `a4a5s`.
    Swap = 7,
    /// A frozen piece captures itself (`from == to`, `mid[0] == from`). Text `g7g7xg7`.
    SelfCapture = 8,
    /// A chosen capture of the single piece on `aux` (Undertaker withdrawal under the Typhoon
    /// option `undertaker_optional`). Text `a4a3xa5`.
    Chosen = 9,
    /// Castling: the King goes from `from` to `to`, and the Rook of that way to castle (found
    /// by `make` from the game's castling table) to its square. Text `f2h2`.
    Castle = 10,
    /// The King's succession: the King on `from` and the successor (Prince) on `to` exchange
    /// squares. Text `i11g3`.
    Succession = 11,
}

/// One move. 12 bytes; see the module documentation for the meaning of each field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The mover's square.
    pub from: Square,
    /// Where the mover ends (its own square again for igui, shots, passes and conversions in
    /// place).
    pub to: Square,
    /// Squares whose pieces are captured on the way, in path order; unused slots `Square::NONE`.
    pub mid: [Square; 2],
    /// A chosen effect square (a converted piece, the first victim of an approach or a chosen
    /// withdrawal), or the mark of a promotion written with the new ID; else `Square::NONE`.
    pub aux: Square,
    /// `KindId + 1` of the promoted type, or 0.
    promo: u8,
    /// What `make` must do beyond moving the piece.
    pub kind: MoveKind,
}

const _: () = assert!(std::mem::size_of::<Move>() == 12);

impl Move {
    #[inline]
    pub(crate) fn new(from: Square, to: Square) -> Move {
        Move { from, to, mid: [Square::NONE; 2], aux: Square::NONE, promo: 0, kind: MoveKind::Normal }
    }

    /// A move that captures on `via` on the way from `from` to `to` (lion double capture,
    /// hit-and-run, igui when `to == from`).
    #[inline]
    pub fn via(from: Square, via: Square, to: Square) -> Move {
        Move { from, to, mid: [via, Square::NONE], aux: Square::NONE, promo: 0, kind: MoveKind::Normal }
    }

    /// The lion-style pass of the piece on `at`: it stays, the turn passes.
    #[inline]
    pub fn pass(at: Square) -> Move {
        Move { from: at, to: at, mid: [Square::NONE; 2], aux: Square::NONE, promo: 0, kind: MoveKind::Pass }
    }

    /// A move of `kind` with the effect square `aux` (approach, conversion).
    #[inline]
    pub fn with_aux(from: Square, to: Square, kind: MoveKind, aux: Square) -> Move {
        Move { from, to, mid: [Square::NONE; 2], aux, promo: 0, kind }
    }

    /// A move of `kind` with the given removed squares (`Implied`) or none.
    #[inline]
    pub fn of_kind(from: Square, to: Square, kind: MoveKind, mid: [Square; 2]) -> Move {
        Move { from, to, mid, aux: Square::NONE, promo: 0, kind }
    }

    /// A frozen piece's self-capture.
    #[inline]
    pub fn self_capture(at: Square) -> Move {
        Move { from: at, to: at, mid: [at, Square::NONE], aux: Square::NONE, promo: 0, kind: MoveKind::SelfCapture }
    }

    #[inline]
    pub(crate) fn en_passant(from: Square, to: Square) -> Move {
        Move { kind: MoveKind::EnPassant, ..Move::new(from, to) }
    }

    #[inline]
    pub(crate) fn with_promotion(mut self, k: KindId) -> Move {
        self.promo = k.0 + 1;
        self
    }

    /// The same move without its promotion (and without the mark of a promotion written with
    /// the new piece's ID).
    #[inline]
    pub fn without_promotion(mut self) -> Move {
        if self.names_promotion() {
            self.aux = Square::NONE;
        }
        self.promo = 0;
        self
    }

    /// A promotion to `k` written with `k`'s ID (`c9c10q`): the piece chooses among several
    /// types, or may decline. The mark is `aux` set to the destination, which no other normal
    /// move uses (moves of other kinds keep their `aux` and are written without the ID).
    #[inline]
    pub fn with_named_promotion(mut self, k: KindId) -> Move {
        self.promo = k.0 + 1;
        if self.kind == MoveKind::Normal && self.aux == Square::NONE {
            self.aux = self.to;
        }
        self
    }

    /// Whether the promotion is written with the new piece's ID.
    #[inline]
    pub fn names_promotion(self) -> bool {
        self.promo != 0 && self.kind == MoveKind::Normal && self.aux == self.to
    }

    /// The type the piece becomes, if the move promotes it.
    #[inline]
    pub fn promotion(self) -> Option<KindId> {
        if self.promo == 0 {
            None
        } else {
            Some(KindId(self.promo - 1))
        }
    }

    /// Whether it is a pass (`MoveKind::Pass`).
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
    /// `e4e4` for a pass, `e4e6` otherwise; the Typhoon markers (`x` approach, `~` conversion,
    /// `s` swap) for the kinds that need them. No promotion suffix.
    pub fn legs_text(&self, shape: &BoardShape) -> String {
        let mut s = String::with_capacity(12);
        match self.kind {
            MoveKind::Implied
            | MoveKind::Line
            | MoveKind::Approach
            | MoveKind::Convert
            | MoveKind::Swap
            | MoveKind::SelfCapture
            | MoveKind::Chosen => {
                shape.write_name(self.from, &mut s);
                shape.write_name(self.to, &mut s);
                match self.kind {
                    MoveKind::Approach | MoveKind::Chosen | MoveKind::SelfCapture => {
                        s.push('x');
                        shape.write_name(if self.kind == MoveKind::SelfCapture { self.from } else { self.aux }, &mut s);
                    }
                    MoveKind::Convert => {
                        s.push('~');
                        shape.write_name(self.aux, &mut s);
                    }
                    MoveKind::Swap => s.push('s'),
                    _ => {}
                }
                return s;
            }
            _ => {}
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_without_its_promotion_is_the_plain_move_however_the_promotion_is_written() {
        let plain = Move::new(Square(30), Square(42));
        let k = KindId(3);
        assert_eq!(plain.with_promotion(k).without_promotion(), plain);
        let named = plain.with_named_promotion(k);
        assert!(named.names_promotion() && named != plain.with_promotion(k));
        assert_eq!(named.without_promotion(), plain);
    }
}
