//! `bent:FIRST>THEN` — bent sliders (Bigorra Eagle, Rhinoceros, Ship, Snake; Scirocco Octopus,
//! Spider): one step, then optionally a slide in the continuation directions that point away
//! from the origin. The slide continues only when the first square is empty; with `mF>W` the
//! first square is move-only. A square's attackers are found by walking back along each
//! continuation (its own table).

use crate::cell::Piece;
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::movegen::attack_tables::add_to;
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{direction_name, Attacks, Compile, Description, Generate, Hooks, PowerError, Spec};
use crate::movegen::view::{Cells, Shape, View};
use crate::moves::Move;
use crate::variant::betza::{self, Mode, Vector};
use crate::variant::PowerCall;
use arrayvec::ArrayVec;

/// A bent slider's geometry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bent {
    /// Unit first steps, owner-relative, with the mode allowed on the first square.
    pub first: Vec<Vector>,
    /// Continuation unit directions allowed (owner-relative); for each first step only those
    /// with a positive dot product with the step (pointing away) and not equal to it are used.
    pub then: Vec<(i8, i8)>,
    /// The spec as written in the data file, e.g. `F>W`.
    pub spec: String,
}

impl Bent {
    /// Continuation directions for the first step `s`.
    pub fn continuations(&self, s: (i8, i8)) -> Vec<(i8, i8)> {
        self.then
            .iter()
            .copied()
            .filter(|&u| u != s && (u.0 as i32 * s.0 as i32 + u.1 as i32 * s.1 as i32) > 0)
            .collect()
    }
}

/// One first step and its continuations, as board deltas.
#[derive(Clone, Debug)]
pub struct BentT {
    pub(crate) first: i32,
    pub(crate) first_mode: Mode,
    pub(crate) conts: ArrayVec<i32, 3>,
}

/// The bent moves of a type and colour.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(crate) bents: Vec<BentT>,
}

/// Where a square's bent attackers stand, per attacking colour: per continuation direction u,
/// [(first-step delta s, types)]; an attacker stands at Y - s where Y = target - k*u (k >= 1,
/// Y and the squares up to the target empty).
#[derive(Clone, Debug, Default)]
pub struct Attackers(ByColor<Vec<(i32, Firsts)>>);

/// The first steps of the bent attackers along one continuation, with their types.
type Firsts = Vec<(i32, KindSet)>;

impl Bent {
    fn xbetza(&self) -> String {
        let mut s = String::new();
        for v in &self.first {
            let first = (v.dx, v.dy);
            let atom = if first.0 != 0 && first.1 != 0 { 'F' } else { 'W' };
            let conts = self.continuations(first);
            // Continuations 45 degrees left or right of the first step, as slides ('y').
            let cross = |u: (i8, i8)| first.0 as i32 * u.1 as i32 - first.1 as i32 * u.0 as i32;
            let left = conts.iter().any(|&u| cross(u) > 0);
            let right = conts.iter().any(|&u| cross(u) < 0);
            let rel = match (left, right) {
                (true, true) => "fs",
                (true, false) => "fl",
                (false, true) => "fr",
                _ => continue,
            };
            let mode = if v.mode.captures { "" } else { "m" };
            // The first step itself is a move (and capture unless move-only).
            s.push_str(&format!("{}{mode}{atom}", direction_name(first)));
            s.push_str(&format!("{}ya{rel}{atom}", direction_name(first)));
        }
        s
    }
}

impl Spec for Bent {
    const NAME: &'static str = "bent";
    const SYNTAX: &'static str = "bent:FIRST>THEN";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = Attackers;
    type Moves = Compiled;

    fn parse(call: &PowerCall) -> Result<Bent, PowerError> {
        crate::movegen::power::check_flags(call, &[])?;
        let spec = call.arg.as_deref().unwrap_or_default();
        let e = |m: String| PowerError(m);
        let (a, b) =
            spec.split_once('>').ok_or_else(|| e(format!("bent spec '{spec}' needs the form FIRST>THEN, e.g. F>W")))?;
        let first = betza::parse(a).map_err(|x| e(x.to_string()))?;
        let then: Vec<(i8, i8)> =
            betza::parse(b).map_err(|x| e(x.to_string()))?.into_iter().map(|v| (v.dx, v.dy)).collect();
        if first.iter().any(|v| v.dx.abs() > 1 || v.dy.abs() > 1) || then.iter().any(|v| v.0.abs() > 1 || v.1.abs() > 1)
        {
            return Err(e(format!("bent spec '{spec}': both parts must be unit steps (W, F)")));
        }
        Ok(Bent { first, then, spec: spec.to_string() })
    }

    fn describe(&self) -> Description {
        Description { text: format!("bent slider `{}`", self.spec), xbetza: self.xbetza() }
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Attackers) -> Option<Compiled> {
        let mut bents = Vec::new();
        for f in &self.first {
            let first = cx.delta(f.dx, f.dy);
            let conts: ArrayVec<i32, 3> =
                self.continuations((f.dx, f.dy)).into_iter().map(|(ux, uy)| cx.delta(ux, uy)).collect();
            if f.mode.captures {
                cx.attacks.add_leap(first, cx.kind);
            }
            for &u in &conts {
                let table = &mut game.0[cx.color];
                let idx = match table.iter().position(|(x, _)| *x == u) {
                    Some(i) => i,
                    None => {
                        table.push((u, Vec::new()));
                        table.len() - 1
                    }
                };
                add_to(&mut table[idx].1, first, cx.kind);
            }
            bents.push(BentT { first, first_mode: f.mode, conts });
        }
        Some(Compiled { bents })
    }
}

impl Hooks for Attackers {
    fn own_attacks(&self, _: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        for (u, firsts) in &self.0[by] {
            let mut y = target;
            loop {
                y = y.offset(-*u);
                if !cell_at(y).is_empty() {
                    break;
                }
                if firsts.iter().any(|(s, set)| set.holds(cell_at(y.offset(-*s)), by)) {
                    return true;
                }
            }
        }
        false
    }
}

impl Generate<Attackers> for Compiled {
    fn generate(&self, _: &Attackers, pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for b in &self.bents {
            let s1 = from.offset(b.first);
            let cell = pos.cell(s1);
            if cell.is_off() {
                continue;
            }
            if !cell.is_empty() {
                if b.first_mode.captures && cell.holds(them) {
                    pos.push_move(piece, Move::new(from, s1), Shape::CAPTURE.one_step(), out);
                }
                continue;
            }
            if b.first_mode.moves {
                pos.push_move(piece, Move::new(from, s1), Shape::QUIET.one_step(), out);
            }
            for &u in &b.conts {
                crate::movegen::lines::ride(pos, piece, from, s1, u, out);
            }
        }
    }

    fn mobility(&self, shape: &BoardShape, from: Square) -> i32 {
        let mut n = 0;
        for b in &self.bents {
            let s1 = from.offset(b.first);
            if !shape.on_board(s1) {
                continue;
            }
            n += 1;
            for &u in &b.conts {
                n += crate::movegen::atoms::ray(shape, s1, u, i32::MAX);
            }
        }
        n
    }
}
