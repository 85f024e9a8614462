//! The power contract. A named power is what no Betza atom expresses; each is one module of
//! `movegen/powers/`, three things in one place:
//!
//! - [`Spec`], for its parameters: how its data-file call is read, what it does in words and
//!   in XBetza, how far its moves reach, how attack detection and quiescence find its captures,
//!   and what it compiles to for one piece type and colour;
//! - [`Generate`], for what it compiles to, if it has moves of its own ([`NoMoves`] if not):
//!   the moves of one piece, appended to the generator's list;
//! - [`Hooks`], for what it keeps for the whole game (`Spec::Game`, `()` if nothing): its own
//!   attack test, and what it does beyond its pieces' moves (freezing, lending, burning).
//!
//! A power reads the position through a [`View`], which also answers what it asks of the rules
//! above it. The defaults of the three traits are the common choices, so a power writes only
//! what is its own. The contract names no power: the registry (`movegen::powers`) holds the one
//! list of them, and every dispatch is a `match` it generates, taken once per piece, never per
//! move.

use super::atoms::{Atoms, SlideT};
use super::attack_tables::AttackTables;
use super::view::{Cells, View};
use crate::cell::Piece;
use crate::geometry::{BoardShape, Color, Square};
use crate::moves::{Burned, Move};
use crate::variant::betza::{self, Vector};
use crate::variant::{orient, KindId, Orientation, PieceType, PowerCall};
use std::fmt;
use std::marker::PhantomData;

/// A power text that names no power, or whose argument or parameters do not fit it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerError(pub String);

impl fmt::Display for PowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PowerError {}

/// How attack detection finds a power's captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attacks {
    /// Its moves never capture (or it has no moves of its own).
    Never,
    /// Its captures are entries of the reverse attack tables, which its `compile` adds.
    Tables,
    /// Its own test ([`Hooks::own_attacks`]) answers for the game's pieces that have it.
    Own,
    /// Like `Own`, asked after every other attack, which its test may itself ask (the Tai
    /// Emperor captures only unprotected pieces).
    OwnAfterOthers,
    /// Found by generating its piece's moves: no table says them (Typhoon's powers).
    Generated,
}

/// How the quiescence search finds a power's captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Captures {
    /// Its moves never capture (or it has none of its own).
    Never,
    /// It compiles into atom slides, whose captures the atom capture lists find.
    Atoms,
    /// Its generator lists its captures alone ([`Generate::captures`]).
    Listed,
    /// Its piece's moves are all generated and the captures kept.
    Filtered,
}

/// One named power, implemented by its parameters. The items with a default are the choices
/// that are right for most powers: a call named alone, moves that look one square around
/// (or walk lines step by step), captures found by generating the piece's moves.
pub trait Spec: Sized {
    /// The name in data files (`lion`, `relay`, ...).
    const NAME: &'static str;
    /// The forms a call may take, for the list of known powers (`lion[:3|:F|:DIRS][(...)]`);
    /// by default the bare name.
    const SYNTAX: &'static str = Self::NAME;
    /// How attack detection finds its captures.
    const ATTACKS: Attacks;
    /// Only a royal piece may have it (the game file is refused otherwise): a power whose
    /// attacks are looked for from the royal squares alone.
    const ROYAL_ONLY: bool = false;
    /// Reads a call of the data file (its argument and parameters).
    fn parse(call: &PowerCall) -> Result<Self, PowerError>;
    /// What it does, in words and in XBetza.
    fn describe(&self) -> Description;
    /// The longest single vector its moves use, in king distance: the mailbox padding must be
    /// at least this, so that every step from a board square lands inside the array. By
    /// default 1: a power whose moves step from square to square.
    fn reach(&self) -> u8 {
        1
    }
    /// How quiescence finds its captures; by default by generating the piece's moves and
    /// keeping the captures, which is always right.
    fn quiescence(&self) -> Captures {
        Captures::Filtered
    }
    /// What it keeps for the whole game (the types that have it, its own attack tables), with
    /// the hooks through which it acts beyond its pieces' moves; `()` when it keeps nothing.
    type Game: Hooks;
    /// What it compiles to for one piece type and colour, run by move generation; [`NoMoves`]
    /// when it has no moves of its own (they are atoms, or other pieces').
    type Moves: Generate<Self::Game>;
    /// Compiles it for one piece type and colour: atoms and attack table entries (through
    /// `cx`), what the game keeps of it (`game`), and its moves, if it has any of its own.
    fn compile(&self, cx: &mut Compile<'_>, game: &mut Self::Game) -> Option<Self::Moves>;
}

/// What a power keeps for the whole game, and the hooks through which it acts beyond the moves
/// of its own pieces. Every hook does nothing by default, so a power implements only those it
/// needs; `()` is the data of a power that keeps nothing.
pub trait Hooks: Clone + fmt::Debug + Default {
    /// Completes the data once every type of the game is compiled: what follows from the whole
    /// catalogue (a type that promotes to one with the power, say).
    fn finish(&mut self, _pieces: &[PieceType]) {}
    /// For `Attacks::Own` and `OwnAfterOthers`: whether a piece of `by` with this power captures
    /// on `target`, the board read through `cell_at`.
    fn own_attacks(&self, _pos: &impl View, _target: Square, _by: Color, _cell_at: &(impl Cells + ?Sized)) -> bool {
        false
    }

    /// The power's pieces freeze enemies (Typhoon's Immobilizer): the game asks the hook below
    /// while the other side has a piece of a type with the power (and then attack detection asks
    /// every piece of the frozen side by generating its moves).
    const FREEZES: bool = false;
    /// Whether the piece of `c` on `sq` is frozen: it has no moves of its own but capturing
    /// itself, and lends no moves to others.
    fn freezes(&self, _pos: &impl View, _sq: Square, _c: Color) -> bool {
        false
    }

    /// The power lends moves to other pieces (relays): the game asks the two hooks below, and
    /// quiescence generates every move of such a game.
    const LENDS: bool = false;
    /// Appends the moves of `side`'s pieces, each piece's own moves ([`View::own_moves`])
    /// followed by those this power lends it, and answers `true`; or answers `false` when it lends
    /// nothing now, so that the caller generates the pieces' own moves alone.
    fn lend_all(&self, _pos: &impl View, _side: Color, _out: &mut Vec<Move>) -> bool {
        false
    }
    /// Appends the moves it lends the piece on `from`, whose own moves are `out[own_start..]`.
    fn lend_to(&self, _pos: &impl View, _from: Square, _own_start: usize, _out: &mut Vec<Move>) {}

    /// The power's moves burn pieces beside them (Nutty's Fire Demon): the game asks the two
    /// hooks below for every move.
    const BURNS: bool = false;
    /// Whether the moves of type `k` may burn (it has the power, or promotes to a type that
    /// has): quiescence finds its captures by generating all its moves.
    fn burns_with(&self, _k: KindId) -> bool {
        false
    }
    /// What burns after the move `m` of `mover`, which ends it as `final_kind`, while the move
    /// itself takes the pieces on `removed` (judged on the position before the move).
    fn burned(&self, _pos: &impl View, _m: Move, _mover: Piece, _final_kind: KindId, _removed: &[Square]) -> Burned {
        Burned::Nothing
    }
}

impl Hooks for () {}

/// A power compiled for one piece type and colour, run by move generation; `G` is what the power
/// keeps for the whole game (its `Spec::Game`), which its moves may read.
pub trait Generate<G = ()>: Sized {
    /// Appends the power's moves of `piece` on `from`; `out[start..]` already holds the piece's
    /// atom moves and those of the powers before it (which some powers modify or extend).
    fn generate(&self, game: &G, pos: &impl View, piece: Piece, from: Square, start: usize, out: &mut Vec<Move>);
    /// Merges a second call of the same power on one piece into this one, or gives it back to
    /// run as a generator of its own after this one (the default: right whenever the two calls
    /// give different moves, which a piece's calls do: the game refuses a call written twice).
    fn absorb(&mut self, other: Self) -> Option<Self> {
        Some(other)
    }
    /// Appends only the moves that take a piece. Asked for `Captures::Listed` powers, which
    /// list them faster; by default, its moves generated and filtered.
    fn captures(&self, game: &G, pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
        captures_of(self, game, pos, piece, from, out);
    }
    /// Whether its moves may repeat a target its other moves reach (then the piece's moves are
    /// merged), given whether the piece has atom moves. By default they never do.
    fn overlaps(&self, _has_atoms: bool) -> bool {
        false
    }
    /// Squares it reaches from `from` on an empty board (piece-square values); by default none
    /// are counted.
    fn mobility(&self, _shape: &BoardShape, _from: Square) -> i32 {
        0
    }
    /// Why it gives `piece` on `from` no move to `to` though its geometry reaches there (a rule
    /// of the power itself, for the notation's refusals); by default it has no such rule.
    fn refuses(&self, _game: &G, _pos: &impl View, _piece: Piece, _from: Square, _to: Square) -> Option<PowerRefusal> {
        None
    }
}

/// What compiling one piece type for one colour builds: what the power adds to the type's atoms
/// and to its colour's reverse attack tables (its moves and its game data are what `compile`
/// gives back and fills).
pub struct Compile<'a> {
    pub(crate) shape: &'a BoardShape,
    pub(crate) orientation: Orientation,
    pub(crate) color: Color,
    pub(crate) kind: KindId,
    /// The number of types of the game (slide tables keep a range per type).
    pub kinds: usize,
    pub(crate) piece: &'a PieceType,
    /// The type's atom moves (of its Betza string), which rider powers extend.
    pub(crate) atoms: &'a mut Atoms,
    /// The reverse attack tables of the type's colour.
    pub(crate) attacks: &'a mut AttackTables,
}

impl Compile<'_> {
    /// An owner-relative vector as a board vector for this colour.
    #[inline]
    pub fn board_vector(&self, dx: i8, dy: i8) -> (i32, i32) {
        orient(self.orientation, self.color, dx as i32, dy as i32)
    }

    /// An owner-relative vector as a mailbox delta for this colour.
    #[inline]
    pub fn delta(&self, dx: i8, dy: i8) -> i32 {
        let (x, y) = self.board_vector(dx, dy);
        self.shape.delta(x, y)
    }

    /// The board deltas of a power argument's vectors, in their order.
    pub fn deltas(&self, steps: &Steps) -> Vec<i32> {
        steps.dirs().map(|(dx, dy)| self.delta(dx, dy)).collect()
    }

    /// The slide of the owner-relative rider `v` for this colour.
    pub(crate) fn slide(&self, v: &Vector) -> SlideT {
        SlideT::of(self.shape, self.orientation, self.color, v)
    }
}

/// The board deltas of a power's Betza argument (its STEPS, LEAPS or RIDER) for one colour, in
/// their order: what a power compiles to when its moves are found along those vectors alone.
/// `P` is the power, so that each implements [`Generate`] for its own.
#[derive(Clone, Debug)]
pub struct Deltas<P>(pub(crate) Vec<i32>, PhantomData<P>);

impl<P> Deltas<P> {
    /// The deltas of `steps` for the type and colour `cx` compiles.
    pub fn of(cx: &Compile<'_>, steps: &Steps) -> Deltas<P> {
        Deltas(cx.deltas(steps), PhantomData)
    }
}

/// How a power is described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// What it does, for the piece tables (`kyodai pieces`, the rules pages).
    pub text: String,
    /// Its moves in XBetza for XBoard's `piece` command; empty where XBetza cannot say them
    /// (the engine's `highlight` answers show those moves).
    pub xbetza: String,
}

impl Description {
    /// A power whose moves XBetza cannot say.
    pub fn text_only(text: impl Into<String>) -> Description {
        Description { text: text.into(), xbetza: String::new() }
    }
}

/// A rule of a power that forbids a move its geometry allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerRefusal {
    /// The Tai Emperor may take only unprotected pieces (`docs/rules/tai.md` §5.8).
    Protected,
}

/// The argument of a power written as a Betza string, e.g. the `K` of `shoot:K`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steps {
    /// As written in the data file.
    pub spec: String,
    pub(crate) vectors: Vec<Vector>,
}

/// What a power's argument must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRule {
    /// Any atoms.
    Any,
    /// One-square steps only (W, F, K).
    Unit,
    /// Riders (R, B, Q, WW, R4, ...).
    Rider,
    /// Riders of one-square steps (R, B, Q, R3, ...).
    UnitRider,
}

impl Steps {
    /// Reads the argument of `call` by `rule`; a power whose argument is a Betza string takes
    /// no parameters.
    pub fn parse(call: &PowerCall, rule: StepRule) -> Result<Steps, PowerError> {
        check_flags(call, &[])?;
        let spec = call.arg.as_deref().ok_or_else(|| PowerError(format!("{call}: the power needs an argument")))?;
        let vectors = betza::parse(spec).map_err(|e| PowerError(format!("{}: {e}", call.name)))?;
        if vectors.iter().any(|v| v.initial) {
            return Err(PowerError(format!(
                "{}:{spec}: 'i' (initial rank) belongs to a piece's own Betza string",
                call.name
            )));
        }
        let unit = |v: &Vector| v.dx.abs() <= 1 && v.dy.abs() <= 1;
        let rider = |v: &Vector| matches!(v.travel, betza::Travel::Ride { .. });
        let (ok, what) = match rule {
            StepRule::Any => (true, ""),
            StepRule::Unit => (vectors.iter().all(unit), "only one-square steps (W, F, K) are allowed"),
            StepRule::Rider => (vectors.iter().all(rider), "the argument must be a rider (R, B, Q, WW, R4, ...)"),
            StepRule::UnitRider => (
                vectors.iter().all(|v| rider(v) && unit(v)),
                "the argument must be a rider of unit steps (R, B, Q, R3, ...)",
            ),
        };
        if !ok {
            return Err(PowerError(format!("{}:{spec}: {what}", call.name)));
        }
        Ok(Steps { spec: spec.to_string(), vectors })
    }

    /// The unit directions (owner-relative).
    pub fn dirs(&self) -> impl Iterator<Item = (i8, i8)> + '_ {
        self.vectors.iter().map(|v| (v.dx, v.dy))
    }

    /// The longest vector, in king distance.
    pub fn reach(&self) -> u8 {
        self.vectors.iter().map(|v| v.dx.unsigned_abs().max(v.dy.unsigned_abs())).max().unwrap_or(1)
    }
}

/// Checks that `call` has no argument and only the parameters `allowed`, or says which rule
/// it breaks.
pub fn no_argument(call: &PowerCall, allowed: &[&str]) -> Result<(), PowerError> {
    if let Some(a) = &call.arg {
        return Err(PowerError(format!("{call}: the power takes no argument (found '{a}')")));
    }
    check_flags(call, allowed)
}

/// Checks that `call`'s parameters are among `allowed`, or says which is not.
pub fn check_flags(call: &PowerCall, allowed: &[&str]) -> Result<(), PowerError> {
    match call.flags.iter().find(|f| !allowed.contains(&f.as_str())) {
        None => Ok(()),
        Some(f) => {
            let known = if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") };
            Err(PowerError(format!("power '{call}': unknown parameter '{f}' (known: {known})")))
        }
    }
}

/// The direction letters of a unit step, owner-relative (`f`, `fl`, ...).
pub fn direction_name(d: (i8, i8)) -> &'static str {
    match d {
        (0, 1) => "f",
        (0, -1) => "b",
        (-1, 0) => "l",
        (1, 0) => "r",
        (-1, 1) => "fl",
        (1, 1) => "fr",
        (-1, -1) => "bl",
        (1, -1) => "br",
        _ => "",
    }
}

/// The unit step of a direction word (`f`, `fl`, ...), the inverse of [`direction_name`].
pub fn direction(d: &str) -> Option<(i8, i8)> {
    [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)].into_iter().find(|&v| direction_name(v) == d)
}

/// The compiled moves of a power that has none of its own: no value of it exists.
#[derive(Clone, Debug)]
pub enum NoMoves {}

impl<G> Generate<G> for NoMoves {
    fn generate(&self, _: &G, _: &impl View, _: Piece, _: Square, _: usize, _: &mut Vec<Move>) {
        match *self {}
    }
}

/// The captures among a generator's moves: its moves generated, and those that take nothing
/// dropped (the default of [`Generate::captures`]).
pub(crate) fn captures_of<G>(
    g: &impl Generate<G>,
    game: &G,
    pos: &impl View,
    piece: Piece,
    from: Square,
    out: &mut Vec<Move>,
) {
    let start = out.len();
    g.generate(game, pos, piece, from, start, out);
    let mut w = start;
    for r in start..out.len() {
        if pos.is_capture(out[r]) {
            out[w] = out[r];
            w += 1;
        }
    }
    out.truncate(w);
}

/// Appends the moves of `side`'s pieces, each piece's own moves followed by what `then` adds
/// given where they start: the loop of a power that lends moves to friends.
pub(crate) fn each_then(
    pos: &impl View,
    side: Color,
    out: &mut Vec<Move>,
    mut then: impl FnMut(Square, usize, &mut Vec<Move>),
) {
    for &from in pos.pieces(side) {
        let start = out.len();
        pos.own_moves(from, out);
        then(from, start, out);
    }
}
