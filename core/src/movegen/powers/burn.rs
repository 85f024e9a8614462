//! `burn` — Fire Demon burning (Nutty Shogi, `docs/rules/nutty.md` §5): the one place that decides what
//! a move burns. Burns are forced side effects: never written in move text, part of the move's effect
//! (`movegen::effect`), which `make` plays and records for `unmake`.
//!
//! - Passive: if an enemy Fire Demon stands next to the mover's final square, the mover is
//!   removed and burns nothing itself (a Demon or just-promoted Buffalo arriving next to an
//!   enemy Demon burns first). A Demon the move captured is already gone and burns nothing.
//! - Active: otherwise, if the mover is now a Fire Demon, every enemy next to its final square
//!   is removed (after slides, area moves, captures, and a Buffalo's promotion).
//!
//! Burning removes pieces, so it attacks: the power's attack test (its `Hooks::own_attacks`)
//! answers for attack detection, and the effect of every move asks it what burns
//! (`Hooks::burned`).

use arrayvec::ArrayVec;

use crate::cell::Piece;
use crate::geometry::{Color, Square};
use crate::movegen::kind_set::KindSet;
use crate::movegen::lines::KING;
use crate::movegen::power::{no_argument, Attacks, Compile, Description, Hooks, NoMoves, PowerError, Spec};
use crate::movegen::view::{Cells, View};
use crate::moves::{Burned, Move};
use crate::variant::{KindId, PieceType, PowerCall};

/// `burn`: the piece is a Fire Demon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Burn;

/// The game's Fire Demons, and the types whose moves may burn: the Demons and those that promote
/// to one (Buffalo), whose promoting moves burn.
#[derive(Clone, Debug, Default)]
pub struct Burners {
    set: KindSet,
    may_burn: Vec<KindId>,
}

impl Spec for Burn {
    const NAME: &'static str = "burn";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = Burners;
    type Moves = NoMoves;

    // Burning is a forced effect of moves, not a move; but a move that only burns takes
    // pieces, so quiescence generates a burner's moves and keeps those that take or burn (the
    // default `Captures::Filtered`).

    fn parse(call: &PowerCall) -> Result<Burn, PowerError> {
        no_argument(call, &[])?;
        Ok(Burn)
    }

    fn describe(&self) -> Description {
        Description::text_only("burns adjacent enemies; burns pieces that land next to it")
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Burners) -> Option<NoMoves> {
        game.set.insert(cx.kind);
        None
    }
}

impl Hooks for Burners {
    fn finish(&mut self, pieces: &[PieceType]) {
        for (k, t) in pieces.iter().enumerate() {
            let k = KindId(k as u8);
            if self.set.contains(k) || t.promotes_to.is_some_and(|p| self.set.contains(p)) {
                self.may_burn.push(k);
            }
        }
    }

    /// Burns are judged on the board as it is (see `attacks`).
    fn own_attacks(&self, pos: &impl View, target: Square, by: Color, _: &(impl Cells + ?Sized)) -> bool {
        attacks(self, pos, target, by)
    }

    const BURNS: bool = true;

    fn burns_with(&self, k: KindId) -> bool {
        self.may_burn.contains(&k)
    }

    fn burned(&self, pos: &impl View, m: Move, mover: Piece, final_kind: KindId, removed: &[Square]) -> Burned {
        burned(self, pos, m, mover, final_kind, removed)
    }
}

/// What burns after the move `m` of `mover`, which ends it as `final_kind` on `m.to`, while
/// the move itself takes the pieces on `removed`. Judged on the position before the move: the
/// squares next to `m.to` hold the same pieces after it, less those taken (a move changes no
/// other square there: the origin held the mover, and no game with burners converts or swaps).
/// One pass over the neighbours, since every move of the game asks: an enemy Demon among them
/// burns the mover first, else a Demon mover burns the enemies it met.
fn burned(game: &Burners, pos: &impl View, m: Move, mover: Piece, final_kind: KindId, removed: &[Square]) -> Burned {
    let shape = *pos.shape();
    let them = mover.color().flip();
    let burns = game.set.contains(final_kind);
    let mut victims = ArrayVec::new();
    for &(dx, dy) in &KING {
        let s = m.to.offset(shape.delta(dx, dy));
        let Some(p) = pos.cell(s).piece().filter(|p| p.color() == them) else {
            continue;
        };
        if removed.contains(&s) {
            continue;
        }
        if game.set.contains(p.kind()) {
            return Burned::Mover;
        }
        if burns {
            victims.push(s);
        }
    }
    if burns {
        Burned::Victims(victims)
    } else {
        Burned::Nothing
    }
}

/// Whether some move of a `by` piece would burn a piece standing on `target`: a Fire Demon (or
/// a Buffalo promoting) ending next to `target` without being burned first. Squares a move
/// captures on are not counted as burning Demons. Pieces about to leave a square (the
/// `ignore` of `attack::is_attacked_ignoring`) are not modelled here: no Nutty rule asks.
fn attacks(game: &Burners, pos: &impl View, target: Square, by: Color) -> bool {
    if game.may_burn.is_empty() || !game.may_burn.iter().any(|&k| pos.count(k, by) > 0) {
        return false;
    }
    let shape = *pos.shape();
    let them = by.flip();
    let mut moves = Vec::new();
    for &from in pos.pieces(by) {
        let p = pos.piece_at(from).unwrap();
        if !game.may_burn.contains(&p.kind()) {
            continue;
        }
        // Only moves ending within two squares can end next to the target.
        if shape.distance(from, target) > 1 && !could_reach_near(pos, from, target) {
            continue;
        }
        moves.clear();
        pos.own_moves(from, &mut moves);
        for &m in &moves {
            if shape.distance(m.to, target) != 1 {
                continue;
            }
            let final_kind = m.promotion().unwrap_or(p.kind());
            if !game.set.contains(final_kind) {
                continue;
            }
            if !burned_first(&game.set, pos, m, them) {
                return true;
            }
        }
    }
    false
}

/// Whether a demon-like piece on `from` could possibly end next to `target`: on a common line
/// within one square, or within the area-move reach (king distance 4).
fn could_reach_near(pos: &impl View, from: Square, target: Square) -> bool {
    let shape = *pos.shape();
    let (dx, dy) = (shape.file_of(target) - shape.file_of(from), shape.rank_of(target) - shape.rank_of(from));
    shape.distance(from, target) <= 4 || dx.abs() <= 1 || dy.abs() <= 1 || (dx.abs() - dy.abs()).abs() <= 2
}

/// Whether the mover of `m` would be burned on arrival by a Demon of `demons` not captured by
/// `m` itself.
fn burned_first(burners: &KindSet, pos: &impl View, m: Move, demons: Color) -> bool {
    let captured = |s: Square| s == m.to && m.to != m.from || m.mids().any(|x| x == s);
    KING.iter().any(|&(dx, dy)| {
        let s = m.to.offset(pos.shape().delta(dx, dy));
        !captured(s) && pos.piece_at(s).is_some_and(|p| p.color() == demons && burners.contains(p.kind()))
    })
}
