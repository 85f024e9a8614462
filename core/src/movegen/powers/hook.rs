//! `hook:FIRST[>THEN]` — Tai Shogi hook moves (Hook Mover and promoted Poisonous Snake, Capricorn, Long-Nosed
//! Goblin, Peacock; `docs/rules/tai.md` §5.7): a slide along a first-leg direction that may capture
//! the first enemy met (ending the move), and, from any empty square where that slide stops,
//! an optional second slide at right angles. Neither leg leaps; there is no third leg.
//!
//! A square reachable through two corners is one move: the generator's caller merges
//! duplicates (`KindMoves::needs_dedup`). A first leg alone is a plain slide of the attack
//! tables; a two-leg capture is found by solving for its corner (its attack test).

use crate::cell::Piece;
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{check_flags, Attacks, Compile, Description, Generate, Hooks, PowerError, Spec};
use crate::movegen::view::{Cells, Shape, View};
use crate::moves::Move;
use crate::variant::{betza, KindId, PowerCall};
use arrayvec::ArrayVec;

/// A hook mover's geometry, from a spec such as `W` (Hook Mover), `F` (Capricorn), `fF>fF`
/// (Peacock with the second leg restricted to the forward diagonals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hook {
    /// First-leg unit directions, owner-relative.
    pub first: Vec<(i8, i8)>,
    /// Second-leg unit directions allowed (owner-relative); of these, only the two at right
    /// angles to the first leg are used.
    pub then: Vec<(i8, i8)>,
    pub(crate) spec: String,
}

impl Hook {
    /// The second-leg directions after a first leg along `s`: at right angles, and allowed.
    pub fn turns(&self, s: (i8, i8)) -> Vec<(i8, i8)> {
        self.then.iter().copied().filter(|&u| u.0 as i32 * s.0 as i32 + u.1 as i32 * s.1 as i32 == 0).collect()
    }
}

/// A hook move's first-leg direction and its (up to two) second-leg directions.
#[derive(Clone, Debug)]
pub struct HookT {
    pub(crate) first: i32,
    pub(crate) turns: ArrayVec<i32, 2>,
    /// The same as board vectors (files, ranks), for the attack test's corner arithmetic.
    pub first_v: (i32, i32),
    pub(crate) turns_v: ArrayVec<(i32, i32), 2>,
}

/// The game's hook movers: their types, and each one's hook moves per colour (indexed by type),
/// for the attack test.
#[derive(Clone, Debug, Default)]
pub struct Hookers {
    kinds: Vec<KindId>,
    set: KindSet,
    hooks: ByColor<Vec<Vec<HookT>>>,
}

/// The hook moves of a type and colour.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(crate) hooks: Vec<HookT>,
}

impl Spec for Hook {
    const NAME: &'static str = "hook";
    const SYNTAX: &'static str = "hook:FIRST[>THEN]";

    /// A first leg alone is a plain slide of the attack tables; two-leg captures are its own
    /// test.
    const ATTACKS: Attacks = Attacks::Own;

    type Game = Hookers;
    type Moves = Compiled;

    fn parse(call: &PowerCall) -> Result<Hook, PowerError> {
        check_flags(call, &[])?;
        let spec = call.arg.as_deref().unwrap_or_default();
        let (a, b) = match spec.split_once('>') {
            Some((a, b)) => (a, Some(b)),
            None => (spec, None),
        };
        let unit = |t: &str| -> Result<Vec<(i8, i8)>, PowerError> {
            let v = betza::parse(t).map_err(|e| PowerError(e.to_string()))?;
            if v.iter().any(|v| v.dx.abs() > 1 || v.dy.abs() > 1) {
                return Err(PowerError(format!("hook spec '{spec}': only unit directions (W, F) are allowed")));
            }
            Ok(v.into_iter().map(|v| (v.dx, v.dy)).collect())
        };
        let first = unit(a)?;
        if first.is_empty() {
            return Err(PowerError(format!("hook spec '{spec}' has no first-leg direction")));
        }
        let then = match b {
            Some(b) => unit(b)?,
            None => vec![(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)],
        };
        Ok(Hook { first, then, spec: spec.to_string() })
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("hook move `{}` (a slide, then optionally one at right angles)", self.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Hookers) -> Option<Compiled> {
        let mut hooks = Vec::new();
        for &(fx, fy) in &self.first {
            let first_v = cx.board_vector(fx, fy);
            let first = cx.shape.delta(first_v.0, first_v.1);
            let mut turns = ArrayVec::new();
            let mut turns_v = ArrayVec::new();
            for (ux, uy) in self.turns((fx, fy)) {
                let u = cx.board_vector(ux, uy);
                turns.push(cx.shape.delta(u.0, u.1));
                turns_v.push(u);
            }
            cx.attacks.add_slide(first, 1, 255, cx.kind, cx.kinds);
            hooks.push(HookT { first, turns, first_v, turns_v });
        }
        if !game.set.contains(cx.kind) {
            game.set.insert(cx.kind);
            game.kinds.push(cx.kind);
        }
        let of_colour = &mut game.hooks[cx.color];
        if of_colour.len() <= cx.kind.index() {
            of_colour.resize(cx.kind.index() + 1, Vec::new());
        }
        of_colour[cx.kind.index()].extend(hooks.iter().cloned());
        Some(Compiled { hooks })
    }
}

impl Hooks for Hookers {
    fn own_attacks(&self, pos: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        attacks(self, pos, target, by, cell_at)
    }
}

impl Generate<Hookers> for Compiled {
    fn generate(&self, _: &Hookers, pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for h in &self.hooks {
            let mut corner = from;
            loop {
                corner = corner.offset(h.first);
                let cell = pos.cell(corner);
                if cell.is_off() {
                    break;
                }
                if !cell.is_empty() {
                    if cell.holds(them) {
                        pos.push_move(piece, Move::new(from, corner), Shape::CAPTURE, out);
                    }
                    break;
                }
                pos.push_move(piece, Move::new(from, corner), Shape::QUIET, out);
                for &u in &h.turns {
                    crate::movegen::lines::ride(pos, piece, from, corner, u, out);
                }
            }
        }
    }

    /// A square reachable through two corners is one move (and a Long-Nosed Goblin's steps are
    /// merged with it).
    fn overlaps(&self, _has_atoms: bool) -> bool {
        self.hooks.iter().any(|h| !h.turns.is_empty())
    }
}

/// Whether a hook mover of `by` captures on `target` with a two-leg move (one-leg captures
/// are plain slides in the attack tables). Instead of walking every possible corner, each
/// hook mover of `by` (a side has a handful) solves for the one corner per turn that joins its
/// square to the target, then checks the two legs are open.
fn attacks(game: &Hookers, pos: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
    // How many hook movers `by` has: the scan of its pieces (177 in Tai) stops at the last.
    let mut left: u32 = game.kinds.iter().map(|&k| u32::from(pos.count(k, by))).sum();
    if left == 0 {
        return false;
    }
    let shape = *pos.shape();
    for &a in pos.pieces(by) {
        // The mover's type is read from the board itself (a plain load, where `cell_at` is a
        // pretend board behind a closure): a pretend board only empties squares or puts a piece
        // on `target`, so a hook mover of `cell_at` off `target` is one of the board's.
        if !pos.cell(a).piece().is_some_and(|p| game.set.contains(p.kind())) {
            continue;
        }
        left -= 1;
        let kind = cell_at(a).piece().map(Piece::kind);
        if let Some(kind) = kind.filter(|&k| a != target && game.set.contains(k)) {
            if hooks_reach(game, &shape, a, kind, target, by, cell_at) {
                return true;
            }
        }
        if left == 0 {
            return false;
        }
    }
    false
}

/// Whether the hook mover of `by` (type `kind`) on `a` captures on `target` through the one
/// corner per turn that joins the two squares.
fn hooks_reach(
    game: &Hookers,
    shape: &BoardShape,
    a: Square,
    kind: KindId,
    target: Square,
    by: Color,
    cell_at: &(impl Cells + ?Sized),
) -> bool {
    let (tx, ty) = (shape.file_of(target), shape.rank_of(target));
    let (ax, ay) = (shape.file_of(a), shape.rank_of(a));
    let (dx, dy) = (tx - ax, ty - ay);
    for h in &game.hooks[by][kind.index()] {
        let f = h.first_v;
        for (&ud, &u) in h.turns.iter().zip(h.turns_v.iter()) {
            // target - a = k*f + j*u with f, u perpendicular and of equal length.
            let norm = f.0 * f.0 + f.1 * f.1;
            let kn = dx * f.0 + dy * f.1;
            let jn = dx * u.0 + dy * u.1;
            if kn <= 0 || jn <= 0 || kn % norm != 0 || jn % norm != 0 {
                continue;
            }
            let (k, j) = (kn / norm, jn / norm);
            if k * f.0 + j * u.0 != dx || k * f.1 + j * u.1 != dy {
                continue;
            }
            if shape.square(ax + k * f.0, ay + k * f.1).is_none() {
                continue;
            }
            let open = (1..=k).all(|i| cell_at(a.offset(i * h.first)).is_empty())
                && (1..j).all(|i| cell_at(target.offset(-i * ud)).is_empty());
            if open {
                return true;
            }
        }
    }
    false
}
