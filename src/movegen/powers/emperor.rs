//! `emperor` — the Tai Shogi Emperor (rules section 5.8): it moves in one turn to any square not held by
//! a friend, and may capture a piece only if that piece is not protected.
//!
//! Protected (rule 1): its side still has an Emperor other than the piece itself. Otherwise
//! (rule 2): in the position after the capture (our Emperor on the target, its origin empty),
//! some piece of the victim's side could capture on the target. Rule 2 is one reverse attack
//! lookup (`attack::attacked_plain`), never a move generation. Emperor moves of the victim's
//! side need no look: rule 1 already covers any Emperor of that side.

use crate::cell::{Cell, Piece};
use crate::geometry::{Color, Square};
use crate::movegen::attack::attacked_plain;
use crate::movegen::power::{
    check_flags, no_argument, Attacks, Captures, Gen, Generate, PowerError, PowerRefusal, Spec,
};
use crate::movegen::promotion::{self, Shape};
use crate::movegen::tables::{Compile, Sets};
use crate::movegen::Board;
use crate::moves::Move;
use crate::variant::PowerCall;

/// `emperor[(free-nonroyal-capture)]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emperor {
    /// Any non-royal may be captured; a royal only if nothing protects it by attack (rules file
    /// section 5.8, option `emperor_free_nonroyal_capture`).
    pub free_nonroyal_capture: bool,
}

/// The Emperor's move (the same for both colours).
#[derive(Clone, Debug)]
pub struct Compiled;

impl Spec for Emperor {
    const NAME: &'static str = "emperor";
    const SYNTAX: &'static str = "emperor[(free-nonroyal-capture)]";

    fn parse(call: &PowerCall) -> Result<Emperor, PowerError> {
        no_argument(call)?;
        check_flags(call, &["free-nonroyal-capture"])?;
        Ok(Emperor { free_nonroyal_capture: call.flags.iter().any(|f| f == "free-nonroyal-capture") })
    }

    fn reach(&self) -> u8 {
        // It visits the board squares directly.
        0
    }

    fn text(&self) -> String {
        if self.free_nonroyal_capture {
            "moves to any square; captures any non-royal and only unprotected royals".into()
        } else {
            "moves to any square; captures only unprotected pieces".into()
        }
    }

    fn xbetza(&self) -> String {
        String::new()
    }

    /// Its protection test asks the other attacks, so it is asked after them.
    const ATTACKS: Attacks = Attacks::OwnAfterOthers;

    /// It lists its captures from the enemy pieces, not from its 600-odd empty targets.
    fn captures(&self) -> Captures {
        Captures::Listed
    }

    fn compile(&self, cx: &mut Compile<'_>) {
        let k = cx.kind;
        if !cx.sets.emperor_set.contains(k) {
            cx.sets.emperor_set.insert(k);
            Sets::list(&mut cx.sets.emperors, k);
        }
        if self.free_nonroyal_capture {
            cx.sets.free_emperors.insert(k);
        }
        cx.moves.add_gen(Gen::Emperor(Compiled));
    }

    fn own_attacks(pos: &impl Board, target: Square, by: Color, cell_at: &dyn Fn(Square) -> Cell) -> bool {
        attacks(pos, target, by, cell_at)
    }
}

impl Generate for Compiled {
    /// Every empty square, and every unprotected enemy.
    fn generate(&self, pos: &impl Board, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let shape = *pos.shape();
        let them = piece.color().flip();
        for r in 0..shape.ranks as i32 {
            let row = shape.square_unchecked(0, r);
            for f in 0..shape.files as i32 {
                let to = row.offset(f);
                let cell = pos.cell(to);
                if cell.is_empty() {
                    out.push(Move::new(from, to));
                } else if cell.holds(them) && !protected(pos, from, to) {
                    promotion::push(pos, piece, Move::new(from, to), Shape::CAPTURE, out);
                }
            }
        }
    }

    /// The enemy pieces it may take, from the enemy's piece list.
    fn captures(&self, pos: &impl Board, piece: Piece, from: Square, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &to in pos.pieces(them) {
            if !protected(pos, from, to) {
                promotion::push(pos, piece, Move::new(from, to), Shape::CAPTURE, out);
            }
        }
    }

    fn absorb(&mut self, _: Compiled) {}

    /// An enemy it reaches like any square, but protected.
    fn refuses(&self, pos: &impl Board, piece: Piece, from: Square, to: Square) -> Option<PowerRefusal> {
        let enemy = pos.cell(to).holds(piece.color().flip());
        (enemy && protected(pos, from, to)).then_some(PowerRefusal::Protected)
    }
}

/// Whether `c` has an Emperor on a square other than `except` (cells read through `cell_at`).
fn has_emperor_except(pos: &impl Board, c: Color, except: Square, cell_at: &dyn Fn(Square) -> Cell) -> bool {
    let set = &pos.tables().special.emperor_set;
    pos.royal_squares(c).iter().any(|&r| r != except && set.holds(cell_at(r), c))
}

/// Whether the piece on `target` (owned by `defender`) is protected against the Emperor on
/// `from`, with cells read through `cell_at` (so callers can pretend a square is empty).
fn protected_with(
    pos: &impl Board,
    from: Square,
    target: Square,
    defender: Color,
    cell_at: &dyn Fn(Square) -> Cell,
) -> bool {
    let v = pos.variant();
    let free = cell_at(from).piece().is_some_and(|p| pos.tables().special.free_emperors.contains(p.kind()));
    if free {
        // `free-nonroyal-capture`: non-royals are free; a royal is protected only by rule 2, where the
        // defender's own Emperor counts if it could take our Emperor there in turn.
        let victim = cell_at(target);
        let royal = victim.piece().is_some_and(|p| v.piece(p.kind()).royal);
        if !royal {
            return false;
        }
        return attacked_after(pos, from, target, defender, cell_at)
            || defender_emperor_recaptures(pos, from, target, defender, cell_at);
    }
    if has_emperor_except(pos, defender, target, cell_at) {
        return true;
    }
    attacked_after(pos, from, target, defender, cell_at)
}

/// Rule 2: in the position after the capture, `defender` attacks `target` (Emperors aside).
fn attacked_after(
    pos: &impl Board,
    from: Square,
    target: Square,
    defender: Color,
    cell_at: &dyn Fn(Square) -> Cell,
) -> bool {
    let emperor = cell_at(from);
    let after = |sq: Square| -> Cell {
        if sq == from {
            Cell::EMPTY
        } else if sq == target {
            emperor
        } else {
            cell_at(sq)
        }
    };
    attacked_plain(pos, target, defender, &after)
}

/// Option `emperor_free_nonroyal_capture`: after our Emperor took the royal on `target`, could
/// an Emperor of `defender` take our Emperor there? Our Emperor is royal, so only if no piece of
/// ours protects it by attack (one level deep: our other Emperors are not asked in turn).
fn defender_emperor_recaptures(
    pos: &impl Board,
    from: Square,
    target: Square,
    defender: Color,
    cell_at: &dyn Fn(Square) -> Cell,
) -> bool {
    let set = &pos.tables().special.emperor_set;
    let us = defender.flip();
    for &r in pos.royal_squares(defender) {
        let c = cell_at(r);
        if r == target || !set.holds(c, defender) {
            continue;
        }
        // After the recapture: their Emperor on `target`, `r` and our origin empty.
        let after = |sq: Square| -> Cell {
            if sq == from || sq == r {
                Cell::EMPTY
            } else if sq == target {
                c
            } else {
                cell_at(sq)
            }
        };
        if !attacked_plain(pos, target, us, &after) {
            return true;
        }
    }
    false
}

/// Whether the Emperor on `from` may not capture the enemy on `target` because it is protected.
pub fn protected(pos: &impl Board, from: Square, target: Square) -> bool {
    let Some(victim) = pos.piece_at(target) else {
        return false;
    };
    protected_with(pos, from, target, victim.color(), &|sq| pos.cell(sq))
}

/// Whether an Emperor of `by` could capture on `target` (attack detection: "is this royal
/// exposed to the enemy Emperor?"). The piece standing on `target` is the would-be victim; if
/// the square is empty, a piece of the other side is assumed there.
pub fn attacks(pos: &impl Board, target: Square, by: Color, cell_at: &dyn Fn(Square) -> Cell) -> bool {
    let set = &pos.tables().special.emperor_set;
    let defender = by.flip();
    for &r in pos.royal_squares(by) {
        let cell = cell_at(r);
        if r == target || !set.holds(cell, by) {
            continue;
        }
        if !protected_with(pos, r, target, defender, cell_at) {
            return true;
        }
    }
    false
}
