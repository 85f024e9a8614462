//! The moves of a Betza string: leaps (plain and lame, en passant), slides (riders, with the
//! rules some powers add: a first square that must be empty, skipped, or lame), and cannon hops.
//! Compiled once per type and colour, generated first for every piece, found by the reverse
//! attack tables, and listed flat for the quiescence search.

use super::attack_tables::{add_to, AttackTables};
use super::kind_set::KindSet;
use super::view::{Shape, View};
use crate::cell::Piece;
use crate::geometry::{BoardShape, Color, Square};
use crate::moves::Move;
use crate::variant::betza::{Mode, Travel, Vector};
use crate::variant::{orient, KindId, Orientation};
use arrayvec::ArrayVec;

/// A leap (or lame leap) to `delta`.
#[derive(Clone, Debug)]
pub struct LeapT {
    pub(crate) delta: i32,
    pub(crate) mode: Mode,
    /// Captures en passant onto an empty square too.
    pub ep: bool,
    /// Squares (as deltas from the origin) that must be empty: lame leaps only.
    pub path: ArrayVec<i32, 2>,
    /// King distance of the leap (1 = a step).
    pub dist: u8,
    /// The board rank (0-based) the piece must stand on for this leap (Betza `i`), or -1.
    pub rank: i32,
}

/// A slide along `delta`.
#[derive(Clone, Debug)]
pub struct SlideT {
    pub(crate) delta: i32,
    pub(crate) mode: Mode,
    /// Maximum number of steps; 255 = unlimited.
    pub max: u8,
    /// First step that is a target: 1 normally, 2 for a skip-first rider (Scirocco Wagon),
    /// whose first square must be empty.
    pub min: u8,
    /// The first square is skipped: whatever stands there blocks nothing (Nutty Tetrarchs).
    pub skip: bool,
    /// Two-square leaps whose skipped middle squares must be empty too (Typhoon option
    /// `dayrider_strict`); attacks are found by generation.
    pub lame: bool,
}

impl SlideT {
    /// A slide of the owner-relative rider `v` for colour `c`, with `min` and the flags.
    pub fn of(shape: &BoardShape, o: Orientation, c: Color, v: &Vector) -> SlideT {
        let (dx, dy) = orient(o, c, v.dx as i32, v.dy as i32);
        let max = match v.travel {
            Travel::Ride { max: 0 } => 255,
            Travel::Ride { max } => max,
            _ => 1,
        };
        SlideT { delta: shape.delta(dx, dy), mode: v.mode, max, min: 1, skip: false, lame: false }
    }
}

/// The atom moves of one type and colour.
#[derive(Clone, Debug, Default)]
pub struct Atoms {
    pub(crate) leaps: Vec<LeapT>,
    pub(crate) slides: Vec<SlideT>,
    /// Cannon-style hop captures, per direction.
    pub hops: Vec<i32>,
    /// Has an en-passant capture vector.
    pub ep_capturer: bool,
    /// Flat views of the capturing atoms for quiescence: plain capturing leaps as (delta, is a
    /// one-square step)...
    pub capture_leaps: Vec<(i32, bool)>,
    /// ...capturing leaps that are lame or capture en passant (the general leap loop)...
    pub capture_leaps_special: bool,
    /// ...and capturing slides as (delta, first target step, last step).
    pub capture_slides: Vec<(i32, u8, u8)>,
    /// Every leap is plain (no path, rank or en passant) and every slide too (first target
    /// at step 1, nothing skipped, not lame): `generate` takes its short loops.
    pub plain: bool,
    /// The type may promote: its plain moves go through the promotion rules
    /// (`View::push_move`); the others' are pushed as they are.
    pub(crate) promotes: bool,
}

fn lame_path(shape: &BoardShape, dx: i32, dy: i32) -> ArrayVec<i32, 2> {
    let mut p = ArrayVec::new();
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    if ax == 0 || ay == 0 || ax == ay {
        let n = ax.max(ay);
        for k in 1..n.min(3) {
            p.push(shape.delta(sx * k, sy * k));
        }
    } else if ax > ay {
        p.push(shape.delta(sx, 0));
    } else {
        p.push(shape.delta(0, sy));
    }
    p
}

impl Atoms {
    /// Compiles the Betza `vectors` for colour `c`; `initial_rank` (owner-relative, from 1) is
    /// where its `i` leaps start.
    pub fn compile(
        shape: &BoardShape,
        vectors: &[Vector],
        o: Orientation,
        c: Color,
        initial_rank: Option<u8>,
    ) -> Atoms {
        let mut a = Atoms::default();
        // Black's ranks count from the other edge in both orientations.
        let initial = match (initial_rank, c) {
            (None, _) => -1,
            (Some(r), Color::White) => r as i32 - 1,
            (Some(r), Color::Black) => shape.ranks as i32 - r as i32,
        };
        for v in vectors {
            let (dx, dy) = orient(o, c, v.dx as i32, v.dy as i32);
            let delta = shape.delta(dx, dy);
            match v.travel {
                Travel::Leap | Travel::Lame => {
                    let path = if v.travel == Travel::Lame { lame_path(shape, dx, dy) } else { ArrayVec::new() };
                    a.ep_capturer |= v.en_passant;
                    let dist = dx.abs().max(dy.abs()) as u8;
                    let rank = if v.initial { initial } else { -1 };
                    a.leaps.push(LeapT { delta, mode: v.mode, ep: v.en_passant, path, dist, rank });
                }
                Travel::Ride { .. } => a.slides.push(SlideT::of(shape, o, c, v)),
                Travel::Hop => a.hops.push(delta),
            }
        }
        a
    }

    /// Adds the captures of the Betza atoms of type `k` to the reverse tables.
    pub fn add_attacks(&self, at: &mut AttackTables, k: KindId, kinds: usize) {
        for l in self.leaps.iter().filter(|l| l.mode.captures) {
            if l.path.is_empty() {
                at.add_leap(l.delta, k);
            } else {
                let d = -l.delta;
                match at.lame.iter_mut().find(|(x, p, _)| *x == d && *p == l.path) {
                    Some((_, _, set)) => set.insert(k),
                    None => {
                        let mut s = KindSet::default();
                        s.insert(k);
                        at.lame.push((d, l.path.clone(), s));
                    }
                }
            }
        }
        for s in self.slides.iter().filter(|s| s.mode.captures) {
            at.add_slide(s.delta, s.min, s.max, k, kinds);
        }
        for &h in &self.hops {
            add_to(&mut at.hops, -h, k);
        }
    }

    /// Once the powers have added their slides: the flat capture lists.
    pub fn finish(&mut self) {
        for l in &self.leaps {
            if l.mode.captures && l.path.is_empty() && !l.ep {
                self.capture_leaps.push((l.delta, l.dist == 1));
            } else if l.mode.captures {
                self.capture_leaps_special = true;
            }
        }
        self.capture_slides = self.slides.iter().filter(|s| s.mode.captures).map(|s| (s.delta, s.min, s.max)).collect();
        self.plain = self.leaps.iter().all(|l| l.path.is_empty() && l.rank < 0 && !l.ep)
            && self.slides.iter().all(|s| s.min == 1 && !s.skip && !s.lame);
    }

    /// Whether the type has leaps or slides.
    pub fn any(&self) -> bool {
        !self.leaps.is_empty() || !self.slides.is_empty()
    }

    /// Whether two atoms reach one target: a leap landing where a slide or another leap does.
    /// Compared as vectors on the board, not as mailbox offsets: a Dragon King's diagonal step
    /// is also its sideways slide's offset times the mailbox's width, but a slide stops at the
    /// edge and never wraps to the next rank, so the two never meet (and a false "overlap"
    /// would send every such piece down the generator's general path to merge duplicates it
    /// never makes).
    pub fn overlaps(&self, shape: &BoardShape) -> bool {
        let leap_dup = self.leaps.iter().enumerate().any(|(i, l)| {
            self.leaps[..i].iter().any(|m| m.delta == l.delta)
                || self.slides.iter().any(|s| slide_reaches(shape, s, l.delta))
        });
        let slide_dup =
            self.slides.iter().enumerate().any(|(i, s)| self.slides[..i].iter().any(|m| m.delta == s.delta));
        leap_dup || slide_dup
    }

    /// Whether a leap's offset is a slide's offset times a number of its steps (the test the
    /// generator once took for overlapping atoms): such types keep their moves sorted
    /// (`KindMoves::sorted`).
    pub fn overlaps_by_offset(&self) -> bool {
        self.leaps
            .iter()
            .any(|l| self.slides.iter().any(|s| (s.min as i32..=s.max.min(30) as i32).any(|k| s.delta * k == l.delta)))
    }

    /// Whether quiescence must generate the piece's moves: a slide whose first square is
    /// skipped or whose steps are lame is not in the capture lists.
    pub fn needs_filter(&self) -> bool {
        self.slides.iter().any(|s| s.skip || s.lame)
    }

    /// The atom moves of `piece` on `from`.
    #[inline]
    pub fn generate(&self, pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
        if self.plain {
            return self.generate_plain::<true>(pos, piece, from, out);
        }
        let them = piece.color().flip();
        for l in &self.leaps {
            let to = from.offset(l.delta);
            let cell = pos.cell(to);
            if cell.is_off() {
                continue;
            }
            if !l.path.is_empty() && l.path.iter().any(|&d| !pos.cell(from.offset(d)).is_empty()) {
                continue;
            }
            if l.rank >= 0 && pos.shape().rank_of(from) != l.rank {
                continue;
            }
            if cell.is_empty() {
                if l.mode.moves {
                    pos.push_move(piece, Move::new(from, to), Shape::QUIET.step(l.dist == 1), out);
                }
                if l.ep && l.mode.captures && pos.ep_square() == Some(to) {
                    pos.push_move(piece, Move::en_passant(from, to), Shape::CAPTURE.one_step(), out);
                }
            } else if l.mode.captures && cell.holds(them) {
                pos.push_move(piece, Move::new(from, to), Shape::CAPTURE.step(l.dist == 1), out);
            }
        }
        for s in &self.slides {
            slide(pos, piece, from, s, out);
        }
        if !self.hops.is_empty() {
            hops(pos, piece, from, &self.hops, out);
        }
    }

    /// [`Atoms::generate`] for plain atoms (nearly every piece): the same moves in the same
    /// order, in loops that test only what a plain leap or slide needs. An off-board cell is
    /// neither empty nor anyone's, so it ends a line without a test of its own.
    /// `CAPTURES` false: the quiet moves alone (the search's quiet stage), in the same order.
    #[inline(always)]
    pub(crate) fn generate_plain<const CAPTURES: bool>(
        &self,
        pos: &impl View,
        piece: Piece,
        from: Square,
        out: &mut Vec<Move>,
    ) {
        let them = piece.color().flip();
        let promotes = self.promotes;
        let mut emit = |m: Move, shape: Shape| {
            if promotes {
                pos.push_move(piece, m, shape, out);
            } else {
                out.push(m);
            }
        };
        for l in &self.leaps {
            let to = from.offset(l.delta);
            let cell = pos.cell(to);
            if cell.is_empty() {
                if l.mode.moves {
                    emit(Move::new(from, to), Shape::QUIET.step(l.dist == 1));
                }
            } else if CAPTURES && l.mode.captures && cell.holds(them) {
                emit(Move::new(from, to), Shape::CAPTURE.step(l.dist == 1));
            }
        }
        for s in &self.slides {
            let mut to = from;
            // Half-open: `1..=max` carries an exhaustion flag through the hot loop.
            for step in 1..s.max as u32 + 1 {
                to = to.offset(s.delta);
                let cell = pos.cell(to);
                if cell.is_empty() {
                    if s.mode.moves {
                        emit(Move::new(from, to), Shape::QUIET.step(step == 1));
                    }
                    continue;
                }
                if CAPTURES && s.mode.captures && cell.holds(them) {
                    emit(Move::new(from, to), Shape::CAPTURE.step(step == 1));
                }
                break;
            }
        }
        // Hops only capture.
        if CAPTURES && !self.hops.is_empty() {
            hops(pos, piece, from, &self.hops, out);
        }
    }

    /// Only the atom moves that capture (quiescence), from the flat lists.
    #[inline(always)]
    pub fn captures(&self, pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &(d, step) in &self.capture_leaps {
            let to = from.offset(d);
            if pos.cell(to).holds(them) {
                pos.push_move(piece, Move::new(from, to), Shape::CAPTURE.step(step), out);
            }
        }
        if self.capture_leaps_special {
            for l in self.leaps.iter().filter(|l| l.mode.captures && (l.ep || !l.path.is_empty())) {
                let to = from.offset(l.delta);
                let cell = pos.cell(to);
                if cell.is_off() || l.path.iter().any(|&d| !pos.cell(from.offset(d)).is_empty()) {
                    continue;
                }
                if cell.is_empty() {
                    if l.ep && pos.ep_square() == Some(to) {
                        pos.push_move(piece, Move::en_passant(from, to), Shape::CAPTURE.one_step(), out);
                    }
                } else if cell.holds(them) {
                    pos.push_move(piece, Move::new(from, to), Shape::CAPTURE.step(l.dist == 1), out);
                }
            }
        }
        for &(d, min, max) in &self.capture_slides {
            // Walk the empty squares; the first piece met ends the line (off-board counts as a
            // piece of neither colour).
            let mut to = from.offset(d);
            let mut step = 1u8;
            while pos.cell(to).is_empty() && step < max {
                to = to.offset(d);
                step += 1;
            }
            if step >= min && pos.cell(to).holds(them) {
                pos.push_move(piece, Move::new(from, to), Shape::CAPTURE.step(step == 1), out);
            }
        }
        if !self.hops.is_empty() {
            hops(pos, piece, from, &self.hops, out);
        }
    }

    /// Squares the atoms reach from `sq` on an empty board (hoppers need a screen: a quarter of
    /// their slide squares).
    pub fn mobility(&self, shape: &BoardShape, sq: Square) -> i32 {
        let on = |s: Square| shape.on_board(s);
        let mut n = self.leaps.iter().filter(|l| on(sq.offset(l.delta))).count() as i32;
        for s in &self.slides {
            n += ray(shape, sq, s.delta, s.max as i32);
        }
        for &d in &self.hops {
            n += ray(shape, sq, d, i32::MAX) / 4;
        }
        n
    }

    /// Squares the slides of a piece of colour `us` on `from` reach as the board stands: the
    /// empty squares of each line, and the enemy piece that ends it when the slide captures
    /// (the board-dependent counterpart of [`Atoms::mobility`]; skip-first and lame slides are
    /// walked as plain ones, which an evaluation term can afford).
    pub fn reach(&self, pos: &impl View, us: Color, from: Square) -> i32 {
        let them = us.flip();
        let mut n = 0;
        for s in &self.slides {
            let mut to = from;
            for _ in 0..s.max {
                to = to.offset(s.delta);
                let cell = pos.cell(to);
                if cell.is_empty() {
                    n += s.mode.moves as i32;
                    continue;
                }
                n += (s.mode.captures && cell.holds(them)) as i32;
                break;
            }
        }
        n
    }
}

/// The number of board squares from `sq` along `d` (one step, at most the padding across),
/// at most `max`: how far the edge is, by arithmetic on the square's file and rank.
pub fn ray(shape: &BoardShape, sq: Square, d: i32, max: i32) -> i32 {
    let (dx, dy) = shape.vector(d);
    let (x, y) = (shape.file_of(sq), shape.rank_of(sq));
    if !(0..shape.files as i32).contains(&x) || !(0..shape.ranks as i32).contains(&y) {
        return 0;
    }
    // Steps until the edge along one axis: coordinate `c`, step `s`, size `n`.
    let room = |c: i32, s: i32, n: i32| match s.signum() {
        1 => (n - 1 - c) / s,
        -1 => c / -s,
        _ => i32::MAX,
    };
    room(x, dx, shape.files as i32).min(room(y, dy, shape.ranks as i32)).min(max).max(0)
}

/// One slide of `piece` from `from`.
#[inline]
fn slide(pos: &impl View, piece: Piece, from: Square, s: &SlideT, out: &mut Vec<Move>) {
    let them = piece.color().flip();
    let mut to = from;
    let min = s.min as u32;
    // Half-open, as in `Atoms::generate_plain`.
    for step in 1..s.max as u32 + 1 {
        to = to.offset(s.delta);
        let cell = pos.cell(to);
        if cell.is_off() {
            break;
        }
        // A Tetrarchs' first square is skipped, whatever stands there.
        if s.skip && step == 1 {
            continue;
        }
        // A lame rider's skipped square (half a D or A leap back) must be empty too.
        if s.lame && !pos.cell(to.offset(-s.delta / 2)).is_empty() {
            break;
        }
        // Squares before `min` (a Wagon's first square) must be empty and are no targets.
        if cell.is_empty() {
            if s.mode.moves && step >= min {
                pos.push_move(piece, Move::new(from, to), Shape::QUIET.step(step == 1), out);
            }
            continue;
        }
        if s.mode.captures && step >= min && cell.holds(them) {
            pos.push_move(piece, Move::new(from, to), Shape::CAPTURE.step(step == 1), out);
        }
        break;
    }
}

/// Cannon-style captures along `dirs`: over exactly one screen, onto the first piece beyond it
/// if it is an enemy (hoppers' captures; their quiet moves are ordinary slides).
fn hops(pos: &impl View, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in dirs {
        let mut to = from.offset(d);
        while pos.cell(to).is_empty() {
            to = to.offset(d);
        }
        if pos.cell(to).is_off() {
            continue;
        }
        to = to.offset(d);
        while pos.cell(to).is_empty() {
            to = to.offset(d);
        }
        if pos.cell(to).holds(them) {
            pos.push_move(piece, Move::new(from, to), Shape::CAPTURE, out);
        }
    }
}

/// Whether the slide `s` reaches the target of the leap `delta` (from any square of the board):
/// the leap's vector is a whole number of the slide's steps, between its first and last.
fn slide_reaches(shape: &BoardShape, s: &SlideT, delta: i32) -> bool {
    let ((sx, sy), (lx, ly)) = (shape.vector(s.delta), shape.vector(delta));
    let k = if sx != 0 {
        lx / sx
    } else if sy != 0 {
        ly / sy
    } else {
        return false;
    };
    k >= i32::from(s.min) && k <= i32::from(s.max) && k * sx == lx && k * sy == ly
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::betza;

    fn atoms(betza: &str) -> (BoardShape, Atoms) {
        let shape = BoardShape::new(12, 12, 2);
        let vectors = betza::parse(betza).unwrap();
        let a = Atoms::compile(&shape, &vectors, Orientation::Rotate, Color::White, None);
        (shape, a)
    }

    #[test]
    fn atoms_overlap_where_two_reach_one_square_not_where_offsets_coincide() {
        // The Dragon King's diagonal step is its sideways slide's offset times the mailbox's
        // width, and the Side Mover's forward step too: no square is reached twice.
        for b in ["RF", "vWsR"] {
            let (shape, a) = atoms(b);
            assert!(!a.overlaps(&shape), "{b}");
            assert!(a.overlaps_by_offset(), "{b}: the old offset test took it for overlapping");
        }
        // A step along a slide's line is a real overlap.
        for b in ["WR", "FB", "fWvR"] {
            let (shape, a) = atoms(b);
            assert!(a.overlaps(&shape), "{b}");
        }
        // A slide of at most 2 steps does not reach a 3-square leap on its line.
        let (shape, a) = atoms("R2H");
        assert!(!a.overlaps(&shape));
    }
}
