//! `lion[:3|:F|:DIRS][(pass-anywhere)]` — lion moves: walks of king steps that may capture what
//! they step on and go on (double capture, hit-and-run), return to the origin having captured
//! (igui), or return without capturing (the pass, allowed when some first step is empty, or
//! always with `pass-anywhere`, Tai option `lion_pass_unrestricted`). Shapes:
//! - `lion`: up to two king steps (Chu Lion): jumps to the 24 squares within distance 2;
//! - `lion:3`: up to three (Tai Teaching King option `teaching_king_v2`): jumps within 3;
//! - `lion:f,fl,...`: two steps along each listed direction, the second forward or back (Horned
//!   Falcon, Soaring Eagle): step, jump, double capture, igui;
//! - `lion:F`: two diagonal steps (Nutty Harpy); its plain one- and two-step moves are the Q, A
//!   and D of its Betza string, so the power adds only what captures on the first step.
//!
//! Moves are generated once per effect: a walk that captures only on its last square is the
//! jump to it. The generation order of each shape is the one the search's bench signature was
//! measured with.

use crate::cell::Piece;
use crate::geometry::{BoardShape, Square};
use crate::movegen::power::{
    captures_of, check_flags, direction, direction_name, Attacks, Captures, Compile, Description, Generate, PowerError,
    Spec,
};
use crate::movegen::view::{Shape, View};
use crate::moves::Move;
use crate::variant::PowerCall;

/// The shape of a lion move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LionShape {
    /// Up to `steps` king steps in any directions.
    King { steps: u8 },
    /// Two steps along each listed unit direction (owner-relative).
    Lines(Vec<(i8, i8)>),
    /// Two diagonal steps; the plain moves are atoms.
    Diagonal,
}

/// When a lion may pass (move out and back to its square).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassRule {
    /// Only with an empty square next to it to step out to (the default).
    NeedsExit,
    /// Always (Tai option `lion_pass_unrestricted`: parameter `pass-anywhere`).
    Anywhere,
}

/// A lion power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lion {
    pub(crate) shape: LionShape,
    pub(crate) pass: PassRule,
}

/// A lion shape compiled for one colour.
#[derive(Clone, Debug)]
pub(crate) enum ShapeT {
    King2,
    /// Board deltas of the lines.
    Lines(Vec<i32>),
    Diagonal,
    King3,
}

/// The lion moves of a type and colour.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// In generation order: King2, Lines, Diagonal, King3.
    pub(crate) shapes: Vec<ShapeT>,
    pub(crate) pass: PassRule,
}

impl Lion {
    fn text(&self) -> String {
        let mut t = match &self.shape {
            LionShape::King { steps: 2 } => "lion power".to_string(),
            LionShape::King { .. } => "three-step lion move (jumps within 3, walks capturing up to 3)".to_string(),
            LionShape::Lines(d) => {
                let names: Vec<&str> = d.iter().map(|&v| direction_name(v)).collect();
                format!("lion line {}", names.join(","))
            }
            LionShape::Diagonal => "two diagonal steps (igui, hit-and-run, double capture, pass)".to_string(),
        };
        if self.pass == PassRule::Anywhere {
            t.push_str(", may always pass");
        }
        t
    }

    fn xbetza(&self) -> String {
        match &self.shape {
            // HaChu's Lion: jumps to distance 2, capture and continue, and the pass.
            LionShape::King { steps: 2 } => "KNADcaKmabK".into(),
            LionShape::King { .. } => String::new(),
            // Step, jump, capture-then-continue, igui, pass: all along each line.
            LionShape::Lines(dirs) => dirs
                .iter()
                .map(|&d| {
                    let (step, jump) = if d.0 != 0 && d.1 != 0 { ('F', 'A') } else { ('W', 'D') };
                    let l = direction_name(d);
                    format!("{l}{step}{l}{jump}{l}caf{step}{l}cab{step}{l}mab{step}")
                })
                .collect(),
            // Capture diagonally and step on (or back: igui), and the pass.
            LionShape::Diagonal => "caFmabF".into(),
        }
    }
}

impl Spec for Lion {
    const NAME: &'static str = "lion";
    const SYNTAX: &'static str = "lion[:3|:F|:DIRS][(pass-anywhere)]";
    const ATTACKS: Attacks = Attacks::Tables;
    type Game = ();
    type Moves = Compiled;

    fn parse(call: &PowerCall) -> Result<Lion, PowerError> {
        check_flags(call, &["pass-anywhere"])?;
        let shape = match call.arg.as_deref() {
            None | Some("2") => LionShape::King { steps: 2 },
            Some("3") => LionShape::King { steps: 3 },
            Some("F") => LionShape::Diagonal,
            Some(dirs) => LionShape::Lines(
                dirs.split(',')
                    .map(|d| {
                        direction(d.trim()).ok_or_else(|| {
                            PowerError(format!("lion direction '{}' is not one of f b l r fl fr bl br", d.trim()))
                        })
                    })
                    .collect::<Result<_, _>>()?,
            ),
        };
        let anywhere = call.flags.iter().any(|f| f == "pass-anywhere");
        Ok(Lion { shape, pass: if anywhere { PassRule::Anywhere } else { PassRule::NeedsExit } })
    }

    fn reach(&self) -> u8 {
        match self.shape {
            LionShape::King { steps } => steps,
            LionShape::Lines(_) | LionShape::Diagonal => 2,
        }
    }

    fn describe(&self) -> Description {
        Description { text: self.text(), xbetza: self.xbetza() }
    }

    fn quiescence(&self) -> Captures {
        match self.shape {
            LionShape::King { steps: 2 } | LionShape::Lines(_) => Captures::Listed,
            LionShape::King { .. } | LionShape::Diagonal => Captures::Filtered,
        }
    }

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Compiled> {
        let shape = match &self.shape {
            LionShape::King { steps } => {
                let r = *steps as i32;
                for dx in -r..=r {
                    for dy in -r..=r {
                        if dx != 0 || dy != 0 {
                            cx.attacks.add_leap(cx.shape.delta(dx, dy), cx.kind);
                        }
                    }
                }
                if *steps == 2 {
                    ShapeT::King2
                } else {
                    ShapeT::King3
                }
            }
            LionShape::Lines(dirs) => {
                let deltas: Vec<i32> = dirs.iter().map(|&(dx, dy)| cx.delta(dx, dy)).collect();
                for &u in &deltas {
                    cx.attacks.add_leap(u, cx.kind);
                    cx.attacks.add_leap(2 * u, cx.kind);
                }
                ShapeT::Lines(deltas)
            }
            // Every square these moves capture on is also reached by the Harpy's Q slides (the
            // first step) or its A and D leaps (the second): the atoms' attack entries say them.
            LionShape::Diagonal => ShapeT::Diagonal,
        };
        Some(Compiled { shapes: vec![shape], pass: self.pass })
    }
}

impl Compiled {
    fn rank(s: &ShapeT) -> u8 {
        match s {
            ShapeT::King2 => 0,
            ShapeT::Lines(_) => 1,
            ShapeT::Diagonal => 2,
            ShapeT::King3 => 3,
        }
    }
}

impl Generate for Compiled {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        for s in &self.shapes {
            match s {
                ShapeT::King2 => king2(pos, piece, from, self.pass, out),
                ShapeT::Lines(dirs) => lines(pos, piece, from, dirs, Mode::All, self.pass, out),
                ShapeT::Diagonal => diagonal(pos, piece, from, out),
                ShapeT::King3 => king3(pos, piece, from, self.pass, out),
            }
        }
    }

    fn captures(&self, _: &(), pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
        for s in &self.shapes {
            match s {
                ShapeT::King2 => king2_captures(pos, piece, from, out),
                ShapeT::Lines(dirs) => lines(pos, piece, from, dirs, Mode::Captures, PassRule::NeedsExit, out),
                ShapeT::Diagonal | ShapeT::King3 => {
                    let one = Compiled { shapes: vec![s.clone()], pass: self.pass };
                    captures_of(&one, &(), pos, piece, from, out);
                }
            }
        }
    }

    /// The shapes of one piece run as one generator, in their order.
    fn absorb(&mut self, other: Compiled) -> Option<Compiled> {
        if other.pass == PassRule::Anywhere {
            self.pass = PassRule::Anywhere;
        }
        for s in other.shapes {
            match (self.shapes.iter_mut().find(|x| Compiled::rank(x) == Compiled::rank(&s)), s) {
                (Some(ShapeT::Lines(a)), ShapeT::Lines(b)) => a.extend(b),
                (Some(_), _) => {}
                (None, s) => {
                    let at = self.shapes.iter().position(|x| Compiled::rank(x) > Compiled::rank(&s));
                    self.shapes.insert(at.unwrap_or(self.shapes.len()), s);
                }
            }
        }
        None
    }

    fn overlaps(&self, has_atoms: bool) -> bool {
        // A full lion's jumps may land where the piece's atoms do; the Harpy's and the
        // three-step walks reach one square by several paths.
        self.shapes.iter().any(|s| match s {
            ShapeT::King2 => has_atoms,
            ShapeT::Lines(_) => false,
            ShapeT::Diagonal | ShapeT::King3 => true,
        })
    }

    fn mobility(&self, shape: &BoardShape, from: Square) -> i32 {
        let within = |r: i32| {
            let mut n = 0;
            for dx in -r..=r {
                for dy in -r..=r {
                    n += ((dx, dy) != (0, 0) && shape.on_board(from.offset(shape.delta(dx, dy)))) as i32;
                }
            }
            n
        };
        self.shapes
            .iter()
            .map(|s| match s {
                ShapeT::King2 => within(2),
                ShapeT::King3 => within(3),
                ShapeT::Lines(dirs) => dirs
                    .iter()
                    .map(|&d| shape.on_board(from.offset(d)) as i32 + shape.on_board(from.offset(2 * d)) as i32)
                    .sum(),
                // Its plain moves are atoms, counted there.
                ShapeT::Diagonal => 0,
            })
            .sum()
    }
}

/// All moves, or only those that take a piece (quiescence).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    All,
    Captures,
}

/// Up to two king steps: jumps within distance 2, capture-and-continue, igui, and the pass.
fn king2(pos: &impl View, piece: Piece, from: Square, pass: PassRule, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let us = piece.color();
    let them = us.flip();
    let mut can_pass = false;
    for dy in -2i32..=2 {
        for dx in -2i32..=2 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let to = from.offset(shape.delta(dx, dy));
            let cell = pos.cell(to);
            if cell.is_off() || cell.holds(us) {
                continue;
            }
            let captures = !cell.is_empty();
            pos.push_move(piece, Move::new(from, to), Shape::taking(captures), out);
            if dx.abs() <= 1 && dy.abs() <= 1 {
                if !captures {
                    can_pass = true;
                    continue;
                }
                // Captured the adjacent enemy on `to`; a second step from there.
                for ey in -1i32..=1 {
                    for ex in -1i32..=1 {
                        if ex == 0 && ey == 0 {
                            continue;
                        }
                        let y = to.offset(shape.delta(ex, ey));
                        let c = pos.cell(y);
                        if y == from || c.is_empty() || c.holds(them) {
                            pos.push_move(piece, Move::via(from, to, y), Shape::CAPTURE, out);
                        }
                    }
                }
            }
        }
    }
    if can_pass || pass == PassRule::Anywhere {
        out.push(Move::pass(from));
    }
}

/// The moves of [`king2`] that take something, in its order (quiescence asks for them at every
/// node where a Lion stands). Only an enemy on one of the 24 squares leads to a move, so that is
/// the one question asked of each square: the full generator's tests (off the board, own piece,
/// empty, adjacent) cost four times as much, and most squares are empty or friendly.
fn king2_captures(pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
    // Row by row as `king2` visits them; a constant list, since `..=` ranges cost a test of
    // their own per step.
    const RING: [(i32, i32); 24] = {
        let mut r = [(0, 0); 24];
        let mut i = 0;
        let mut k = 0;
        while k < 25 {
            let (dx, dy) = (k % 5 - 2, k / 5 - 2);
            if dx != 0 || dy != 0 {
                r[i] = (dx, dy);
                i += 1;
            }
            k += 1;
        }
        r
    };
    // The king steps row by row, as `king2` takes its second steps: not `lines::KING`, whose
    // order (round the compass) would list the same moves in another order, which the search's
    // move ordering and so its bench signature would see.
    const KING: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
    let stride = pos.shape().stride as i32;
    let them = piece.color().flip();
    for (dx, dy) in RING {
        let to = from.offset(dx + dy * stride);
        if !pos.cell(to).holds(them) {
            continue;
        }
        pos.push_move(piece, Move::new(from, to), Shape::CAPTURE, out);
        if dx.abs() <= 1 && dy.abs() <= 1 {
            // A second step from the captured square: on, or back to the origin (igui).
            for (ex, ey) in KING {
                let y = to.offset(ex + ey * stride);
                let c = pos.cell(y);
                if y == from || c.is_empty() || c.holds(them) {
                    pos.push_move(piece, Move::via(from, to, y), Shape::CAPTURE, out);
                }
            }
        }
    }
}

/// Lion lines along `dirs` (board deltas): step, jump, igui, double capture, and one pass if
/// the first square of any line is empty.
fn lines(pos: &impl View, piece: Piece, from: Square, dirs: &[i32], mode: Mode, pass: PassRule, out: &mut Vec<Move>) {
    let us = piece.color();
    let them = us.flip();
    let mut can_pass = false;
    for &d in dirs {
        let s1 = from.offset(d);
        let c1 = pos.cell(s1);
        if c1.is_off() {
            continue;
        }
        let enemy1 = c1.holds(them);
        if c1.is_empty() {
            can_pass = true;
        }
        if enemy1 || c1.is_empty() && mode == Mode::All {
            pos.push_move(piece, Move::new(from, s1), Shape::taking(enemy1).one_step(), out);
        }
        let s2 = s1.offset(d);
        let c2 = pos.cell(s2);
        if !c2.is_off() && !c2.holds(us) {
            if !c2.is_empty() || mode == Mode::All {
                pos.push_move(piece, Move::new(from, s2), Shape::taking(!c2.is_empty()), out);
            }
            if enemy1 {
                pos.push_move(piece, Move::via(from, s1, s2), Shape::CAPTURE, out);
            }
        }
        if enemy1 {
            pos.push_move(piece, Move::via(from, s1, from), Shape::CAPTURE, out);
        }
    }
    if (can_pass || pass == PassRule::Anywhere) && mode == Mode::All {
        out.push(Move::pass(from));
    }
}

/// Two diagonal steps, the first capturing: igui, hit-and-run to an empty square diagonal to
/// the first, double capture; and the pass when some diagonal neighbour is empty.
fn diagonal(pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
    const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
    let shape = *pos.shape();
    let them = piece.color().flip();
    let mut can_pass = false;
    for (dx, dy) in DIAG {
        let x = from.offset(shape.delta(dx, dy));
        let cx = pos.cell(x);
        if cx.is_empty() {
            can_pass = true;
        }
        if cx.is_off() || !cx.holds(them) {
            continue;
        }
        pos.push_move(piece, Move::via(from, x, from), Shape::CAPTURE, out);
        for (ex, ey) in DIAG {
            let y = x.offset(shape.delta(ex, ey));
            if y == from {
                continue;
            }
            let cy = pos.cell(y);
            if cy.is_empty() || cy.holds(them) {
                pos.push_move(piece, Move::via(from, x, y), Shape::CAPTURE, out);
            }
        }
    }
    if can_pass {
        out.push(Move::pass(from));
    }
}

/// Up to three king steps: jumps within king distance 3, walks that capture before their last
/// square (captured squares sorted, so two walks taking the same pieces are one move), and the
/// pass (out to an empty square and back).
fn king3(pos: &impl View, piece: Piece, from: Square, pass: PassRule, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let us = piece.color();
    let them = us.flip();
    for dy in -3i32..=3 {
        for dx in -3i32..=3 {
            let to = from.offset(shape.delta(dx, dy));
            let cell = pos.cell(to);
            if (dx, dy) == (0, 0) || cell.is_off() || cell.holds(us) {
                continue;
            }
            pos.push_move(piece, Move::new(from, to), Shape::taking(!cell.is_empty()), out);
        }
    }
    let steps = crate::movegen::lines::KING.map(|(x, y)| shape.delta(x, y));
    // Whether a walk may step on `s` having captured `caps` so far: Some(captures there).
    let enterable = |s: Square, caps: &[Square]| -> Option<bool> {
        if s == from {
            return Some(false);
        }
        let c = pos.cell(s);
        if c.is_off() || c.holds(us) {
            return None;
        }
        // An enemy already taken on this walk leaves an empty square.
        Some(c.holds(them) && !caps.contains(&s))
    };
    let mut can_pass = false;
    for &d1 in &steps {
        let s1 = from.offset(d1);
        let Some(c1) = enterable(s1, &[]) else { continue };
        can_pass |= !c1;
        // A walk takes at most one piece a step: three squares, never on the heap.
        let mut caps1 = Caps::new();
        if c1 {
            caps1.push(s1);
        }
        for &d2 in &steps {
            let s2 = s1.offset(d2);
            let Some(c2) = enterable(s2, &caps1) else { continue };
            let mut caps2 = caps1.clone();
            if c2 {
                caps2.push(s2);
            }
            walk(pos, piece, from, s2, &caps2, out);
            for &d3 in &steps {
                let s3 = s2.offset(d3);
                let Some(c3) = enterable(s3, &caps2) else { continue };
                let mut caps3 = caps2.clone();
                if c3 {
                    caps3.push(s3);
                }
                walk(pos, piece, from, s3, &caps3, out);
            }
        }
    }
    if can_pass || pass == PassRule::Anywhere {
        out.push(Move::pass(from));
    }
}

/// The squares a walk of up to three steps has captured on.
type Caps = arrayvec::ArrayVec<Square, 3>;

/// Pushes the walk ending on `to` that captured `caps` (in walk order), if it is not a jump.
fn walk(pos: &impl View, piece: Piece, from: Square, to: Square, caps: &[Square], out: &mut Vec<Move>) {
    let mut mids: Caps = caps.iter().copied().filter(|&s| s != to).collect();
    if mids.is_empty() {
        return; // a jump (or, ending on the origin without captures, the pass)
    }
    mids.sort();
    let mut m = Move::via(from, mids[0], to);
    if mids.len() > 1 {
        m.mid[1] = mids[1];
    }
    pos.push_move(piece, m, Shape::CAPTURE, out);
}
