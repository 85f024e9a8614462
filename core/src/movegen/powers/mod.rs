//! The registry of powers: the one list of them (each line declares the power's module and
//! names its `Spec`), and what the list generates: the enum [`Power`] of parsed powers, the
//! enum `Gen` of compiled ones, and one dispatch per concern of the power contract
//! (`movegen::power`), taken once per piece, never per square.
//!
//! The order of the list is the order in which move generation runs a piece's powers: those
//! that modify or extend the piece's atom moves (`withdraw`, `approach`, `convert-ahead`) come
//! first, and the order of the rest is the one the bench signature was measured with.

use super::board::Board;
use super::power::{Attacks, Captures, Generate, PowerError, PowerRefusal, Spec};
use super::promotion::{self, Shape};
use super::tables::{Compile, KindMoves};
use crate::cell::{Cell, Piece};
use crate::geometry::{BoardShape, Color, Square};
use crate::moves::{Move, MoveKind};
use crate::variant::PowerCall;

/// The list of powers: each line is `module::Spec`, the module under `powers/` and the type
/// that implements [`Spec`] there, with the line of its [`Power`] variant's documentation.
macro_rules! registry {
    ( $( $(#[$doc:meta])* $module:ident :: $spec:ident ),* $(,)? ) => {
        $( pub mod $module; )*

        /// A named power of a piece, parsed from its data file.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Power {
            $( $(#[$doc])* $spec($module::$spec), )*
        }

        /// Which power, without its parameters; its place in the list is its place in the
        /// generation order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum PowerKind {
            $( $spec, )*
        }

        impl Power {
            /// Reads a power call of a data file (`name[:argument][(flag, ...)]`).
            pub fn parse(call: &PowerCall) -> Result<Power, PowerError> {
                $(
                    if call.name == <$module::$spec as Spec>::NAME {
                        return <$module::$spec as Spec>::parse(call).map(Power::$spec);
                    }
                )*
                Err(PowerError(format!("unknown power '{call}' (known: {})", Power::syntaxes().join(", "))))
            }

            /// The forms of every power's call, for messages and the key reference.
            pub fn syntaxes() -> Vec<&'static str> {
                vec![$( <$module::$spec as Spec>::SYNTAX ),*]
            }

            pub(crate) fn kind(&self) -> PowerKind {
                match self {
                    $( Power::$spec(_) => PowerKind::$spec, )*
                }
            }

            pub(crate) fn reach(&self) -> u8 {
                match self {
                    $( Power::$spec(p) => p.reach(), )*
                }
            }

            pub(crate) fn text(&self) -> String {
                match self {
                    $( Power::$spec(p) => p.describe().text, )*
                }
            }

            /// Its moves in XBetza, for XBoard's `piece` command; empty where XBetza cannot say
            /// them.
            pub fn xbetza(&self) -> String {
                match self {
                    $( Power::$spec(p) => p.describe().xbetza, )*
                }
            }

            pub(crate) fn attacks(&self) -> Attacks {
                match self {
                    $( Power::$spec(_) => <$module::$spec as Spec>::ATTACKS, )*
                }
            }

            pub(crate) fn captures(&self) -> Captures {
                match self {
                    $( Power::$spec(p) => p.captures(), )*
                }
            }

            /// Its name, if only a royal piece may have it ([`Spec::ROYAL_ONLY`]).
            pub fn royal_only(&self) -> Option<&'static str> {
                match self {
                    $( Power::$spec(_) => <$module::$spec as Spec>::ROYAL_ONLY.then_some(<$module::$spec as Spec>::NAME), )*
                }
            }

            /// Compiles it for one type and colour; its moves, if it has any of its own, join
            /// the type's generators.
            pub(crate) fn compile(&self, cx: &mut Compile<'_>) {
                match self {
                    $( Power::$spec(p) => {
                        if let Some(g) = p.compile(cx) {
                            cx.moves.add_gen(Gen::$spec(g));
                        }
                    } )*
                }
            }
        }

        impl PowerKind {
            /// The power's own attack test (see [`Spec::own_attacks`]).
            pub(crate) fn own_attacks(self, pos: &impl Board, target: Square, by: Color, cell_at: &(impl Fn(Square) -> Cell + ?Sized)) -> bool {
                match self {
                    $( PowerKind::$spec => <$module::$spec as Spec>::own_attacks(pos, target, by, cell_at), )*
                }
            }
        }

        /// A power compiled for one piece type and colour.
        #[derive(Clone, Debug)]
        pub(crate) enum Gen {
            $( $spec(<$module::$spec as Spec>::Moves), )*
        }

        impl Gen {
            /// Its place in the generation order.
            fn rank(&self) -> usize {
                match self {
                    $( Gen::$spec(_) => PowerKind::$spec as usize, )*
                }
            }

            #[inline]
            pub(crate) fn generate(&self, pos: &impl Board, piece: Piece, from: Square, start: usize, out: &mut Vec<Move>) {
                match self {
                    $( Gen::$spec(g) => g.generate(pos, piece, from, start, out), )*
                }
            }

            #[inline]
            pub(crate) fn captures(&self, pos: &impl Board, piece: Piece, from: Square, out: &mut Vec<Move>) {
                match self {
                    $( Gen::$spec(g) => g.captures(pos, piece, from, out), )*
                }
            }

            pub(crate) fn overlaps(&self, has_atoms: bool) -> bool {
                match self {
                    $( Gen::$spec(g) => g.overlaps(has_atoms), )*
                }
            }

            pub(crate) fn mobility(&self, shape: &BoardShape, from: Square) -> i32 {
                match self {
                    $( Gen::$spec(g) => g.mobility(shape, from), )*
                }
            }

            pub(crate) fn refuses(&self, pos: &impl Board, piece: Piece, from: Square, to: Square) -> Option<PowerRefusal> {
                match self {
                    $( Gen::$spec(g) => g.refuses(pos, piece, from, to), )*
                }
            }

            /// Merges `other` into `self` if they are the same power; otherwise gives it back.
            fn absorb(&mut self, other: Gen) -> Option<Gen> {
                match (self, other) {
                    $( (Gen::$spec(a), Gen::$spec(b)) => { a.absorb(b); None } )*
                    (_, other) => Some(other),
                }
            }
        }
    };
}

registry! {
    /// `withdraw`: capture by stepping away from the victim (Typhoon Undertaker).
    withdraw::Withdraw,
    /// `approach`: capture by stepping up to a run of enemies (Typhoon Sorcerer).
    approach::Approach,
    /// `convert-ahead`: turning the enemy beyond the arrival square (Typhoon Missionary).
    convert_ahead::ConvertAhead,
    /// `bent`: one step, then a slide turning away from the origin (Bigorra Eagle, Scirocco Octopus).
    bent::Bent,
    /// `lion`: walks of king steps that may capture twice, capture and return, or pass.
    lion::Lion,
    /// `king-leap`: the King's once-a-game leap (Bigorra).
    king_leap::KingLeap,
    /// `shoot`: igui, taking an adjacent enemy without moving (Scirocco Genie).
    shoot::Shoot,
    /// `hop-capture`: jumping an adjacent enemy to take it (Scirocco Zig and Zag).
    hop_capture::HopCapture,
    /// `area`: paths of up to N king steps in any directions (Nutty Fire Demon, Regent).
    area::Area,
    /// `jump-capture`: captures over pieces of lower jump rank (Nutty's jumping pieces).
    jump::JumpCapture,
    /// `cicada`: 2 or 3 squares along a line over at least one piece (Typhoon).
    cicada::Cicada,
    /// `convert`: turning an enemy a leap away to this side instead of moving (Typhoon Cuckoo).
    convert::Convert,
    /// `swap`: exchanging places with a piece a leap away (Typhoon Hummingbird).
    swap::Swap,
    /// `sweep`: an orthogonal slide taking every enemy it passes (Typhoon piece).
    sweep::Sweep,
    /// `parrot`: shooting or hop-capturing an adjacent enemy (Typhoon Parrot family).
    parrot::Parrot,
    /// `shoot-line`: taking the first piece along a line, if an enemy, without moving (Typhoon).
    shoot_line::ShootLine,
    /// `long-leap`: the Longleaper's captures of every enemy it jumps (Typhoon).
    long_leap::LongLeap,
    /// `hook`: a slide with one right-angled turn (Tai Hook Mover and others).
    hook::Hook,
    /// `emperor`: a move to any square, capturing only unprotected pieces (Tai Emperor).
    emperor::Emperor,
    /// `skip-first`: a rider that starts at its second square (Scirocco Wagon).
    skip_first::SkipFirst,
    /// `leap-first`: a rider that leaps its first square (Nutty Tetrarchs).
    leap_first::LeapFirst,
    /// `lame-ride`: a rider of two-square leaps over empty squares only (a Typhoon option).
    lame_ride::LameRide,
    /// `relay`: moves friends gain from this piece (Dervish, Harpy).
    relay::Relay,
    /// `burn`: the Fire Demon, burning enemies next to where it moves (Nutty).
    burn::Burn,
    /// `immobilize`: freezing adjacent enemies (Typhoon Immobilizer).
    immobilize::Immobilize,
}

impl KindMoves {
    /// Adds a compiled power at its place in the generation order, merged with another call of
    /// the same power.
    pub(crate) fn add_gen(&mut self, g: Gen) {
        let mut g = g;
        for existing in &mut self.gens {
            match existing.absorb(g) {
                None => return,
                Some(back) => g = back,
            }
        }
        let at = self.gens.iter().position(|e| e.rank() > g.rank()).unwrap_or(self.gens.len());
        self.gens.insert(at, g);
    }
}

/// The eight king steps, (files, ranks).
pub(crate) const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// Slides on from `at` (not included) along `d`: a quiet move to each empty square, and the
/// capture of the first enemy met (bent sliders' and hook movers' second legs).
pub(crate) fn ride(pos: &impl Board, piece: Piece, from: Square, at: Square, d: i32, out: &mut Vec<Move>) {
    let them = piece.color().flip();
    let mut to = at;
    loop {
        to = to.offset(d);
        let c = pos.cell(to);
        if c.is_off() {
            break;
        }
        if c.is_empty() {
            promotion::push(pos, piece, Move::new(from, to), Shape::QUIET, out);
            continue;
        }
        if c.holds(them) {
            promotion::push(pos, piece, Move::new(from, to), Shape::CAPTURE, out);
        }
        break;
    }
}

/// For each plain, non-capturing line move in `out[start..]` that arrives facing an enemy (the
/// next square on the same line), a twin of kind `kind` with that enemy's square as `aux`: the
/// Sorcerer's approach capture and the Missionary's conversion act on the same square.
pub(crate) fn facing_twins(pos: &impl Board, piece: Piece, start: usize, kind: MoveKind, out: &mut Vec<Move>) {
    let shape = *pos.shape();
    let them = piece.color().flip();
    for i in start..out.len() {
        let m = out[i];
        if m.kind != MoveKind::Normal || m.mid[0] != Square::NONE || !pos.is_empty(m.to) {
            continue;
        }
        let Some(d) = shape.line_step(m.from, m.to) else {
            continue;
        };
        let t = m.to.offset(d);
        if pos.cell(t).holds(them) {
            let mut a = Move::with_aux(m.from, m.to, kind, t);
            if let Some(k) = m.promotion() {
                a = a.with_promotion(k);
            }
            out.push(a);
        }
    }
}
