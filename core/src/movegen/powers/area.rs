//! `area:N` — area moves (Nutty Fire Demon and Regent, `docs/rules/nutty.md` §4.7): a path of 1 to N king steps in
//! freely chosen directions. Every square before the last must be empty (the origin counts as
//! empty once the piece has left it); the last must be empty or hold an enemy, which is
//! captured, so the move stops at the first capture and never jumps. It never ends on the
//! origin. A move is identified by its last square, so each reachable square is emitted once.
//!
//! Area moves capture, so they attack: the power's attack test (its `Hooks::own_attacks`)
//! answers for attack detection.

use crate::cell::Piece;
use crate::geometry::{Color, Square};
use crate::movegen::lines::KING;
use crate::movegen::power::{check_flags, Attacks, Compile, Description, Generate, Hooks, PowerError, Spec};
use crate::movegen::view::{Cells, Shape, View};
use crate::moves::Move;
use crate::variant::{KindId, PowerCall};
use arrayvec::ArrayVec;

/// `area:N`: up to N king steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area(pub u8);

/// The types with an area move, and their step counts.
#[derive(Clone, Debug, Default)]
pub struct AreaKinds(Vec<(KindId, u8)>);

impl Area {
    /// King steps through empty squares, the last may capture.
    fn xbetza(&self) -> String {
        (1..=self.0).map(|k| format!("{}K", "ma".repeat(k as usize - 1))).collect()
    }
}

impl Spec for Area {
    const NAME: &'static str = "area";
    const SYNTAX: &'static str = "area:N";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = AreaKinds;
    type Moves = Self;

    fn parse(call: &PowerCall) -> Result<Area, PowerError> {
        check_flags(call, &[])?;
        match call.arg.as_deref().map(str::parse::<u8>) {
            Some(Ok(n @ 1..=3)) => Ok(Area(n)),
            _ => Err(PowerError(format!("{call}: the argument is a number of king steps, 1 to 3"))),
        }
    }

    fn describe(&self) -> Description {
        Description { text: format!("area move of up to {} king steps", self.0), xbetza: self.xbetza() }
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut AreaKinds) -> Option<Area> {
        match game.0.iter_mut().find(|(k, _)| *k == cx.kind) {
            Some((_, n)) => *n = (*n).max(self.0),
            None => game.0.push((cx.kind, self.0)),
        }
        Some(self.clone())
    }
}

impl Hooks for AreaKinds {
    fn own_attacks(&self, pos: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        attacks(&self.0, pos, target, by, cell_at)
    }
}

impl Generate<AreaKinds> for Area {
    fn generate(&self, _: &AreaKinds, pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let shape = *pos.shape();
        for (to, captures) in reach(pos, from, piece.color(), self.0, &|s| pos.cell(s)) {
            pos.push_move(piece, Move::new(from, to), Shape::taking(captures).step(shape.distance(from, to) == 1), out);
        }
    }

    /// Two area moves of one piece are the longer one.
    fn absorb(&mut self, other: Area) -> Option<Area> {
        self.0 = self.0.max(other.0);
        None
    }

    /// Its squares are reached by the piece's slides too.
    fn overlaps(&self, _has_atoms: bool) -> bool {
        true
    }
}

/// The squares an area move of `steps` from `from` can reach: (square, captures). `cell_at`
/// gives the board as the caller sees it.
fn reach(pos: &impl View, from: Square, us: Color, steps: u8, cell_at: &(impl Cells + ?Sized)) -> Vec<(Square, bool)> {
    let shape = *pos.shape();
    let them = us.flip();
    // Squares already expanded (empty, or the origin): reaching one again later adds nothing.
    let mut seen: ArrayVec<Square, 64> = ArrayVec::new();
    seen.push(from);
    let mut frontier: Vec<Square> = vec![from];
    let mut targets: Vec<(Square, bool)> = Vec::new();
    for _ in 0..steps {
        let mut next = Vec::new();
        for &s in &frontier {
            for (dx, dy) in KING {
                let t = s.offset(shape.delta(dx, dy));
                if t == from || seen.contains(&t) {
                    continue;
                }
                let c = cell_at(t);
                if c.is_off() {
                    continue;
                }
                if c.is_empty() {
                    seen.push(t);
                    next.push(t);
                    targets.push((t, false));
                } else if c.holds(them) && !targets.iter().any(|&(x, _)| x == t) {
                    targets.push((t, true));
                }
            }
        }
        frontier = next;
    }
    targets
}

/// Whether a piece of `by` with an area move (of `kinds`) could capture on `target` with it.
fn attacks(
    kinds: &[(KindId, u8)],
    pos: &impl View,
    target: Square,
    by: Color,
    cell_at: &(impl Cells + ?Sized),
) -> bool {
    if !kinds.iter().any(|&(k, _)| pos.count(k, by) > 0) {
        return false;
    }
    let shape = *pos.shape();
    for dy in -3i32..=3 {
        for dx in -3i32..=3 {
            let a = target.offset(shape.delta(dx, dy));
            if !shape.on_board(a) {
                continue;
            }
            let Some(p) = cell_at(a).piece() else {
                continue;
            };
            if p.color() != by {
                continue;
            }
            let Some(&(_, n)) = kinds.iter().find(|&&(k, _)| k == p.kind()) else {
                continue;
            };
            let d = dx.abs().max(dy.abs());
            if d == 0 || d > n as i32 {
                continue;
            }
            if reach_square(pos, a, n, target, cell_at) {
                return true;
            }
        }
    }
    false
}

/// Whether an area move of `steps` from `from` can end on `target` (whatever stands there),
/// with every square before the last empty.
fn reach_square(pos: &impl View, from: Square, steps: u8, target: Square, cell_at: &(impl Cells + ?Sized)) -> bool {
    let shape = *pos.shape();
    let mut seen: ArrayVec<Square, 64> = ArrayVec::new();
    seen.push(from);
    let mut frontier: Vec<Square> = vec![from];
    for _ in 0..steps {
        let mut next = Vec::new();
        for &s in &frontier {
            if shape.distance(s, target) == 1 {
                return true;
            }
            for (dx, dy) in KING {
                let t = s.offset(shape.delta(dx, dy));
                if seen.contains(&t) || !cell_at(t).is_empty() {
                    continue;
                }
                seen.push(t);
                next.push(t);
            }
        }
        frontier = next;
    }
    false
}
