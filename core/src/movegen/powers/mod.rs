//! The registry of powers: their modules, the one list of them (a line per power names its
//! module and its `Spec`), and what the list generates: the enum [`Power`] of parsed powers, the
//! enum `Gen` of compiled ones, the game data of every power ([`Registry`]), and one dispatch per
//! concern of the power contract (`movegen::power`), taken once per piece, never per square.
//!
//! The order of the list is the order in which move generation runs a piece's powers: those
//! that modify or extend the piece's atom moves (`withdraw`, `approach`, `convert-ahead`) come
//! first, and the order of the rest is the one the bench signature was measured with.

pub mod approach;
pub mod area;
pub mod bent;
pub mod burn;
pub mod cicada;
pub mod convert;
pub mod convert_ahead;
pub mod emperor;
pub mod grasshopper;
pub mod hook;
pub mod hop_capture;
pub mod immobilize;
pub mod jump;
pub mod king_leap;
pub mod lame_ride;
pub mod leap_first;
pub mod lion;
pub mod long_leap;
pub mod parrot;
pub mod relay;
pub mod shoot;
pub mod shoot_line;
pub mod skip_first;
pub mod swap;
pub mod sweep;
pub mod withdraw;

use super::kind_set::KindSet;
use super::power::{
    each_then, Attacks, Captures, Compile, Description, Generate, Hooks, PowerError, PowerRefusal, Spec,
};
use super::view::{Cells, View};
use crate::cell::Piece;
use crate::geometry::{BoardShape, Color, Square};
use crate::moves::{Burned, Move};
use crate::variant::{KindId, PieceType, PowerCall};

/// The list of powers: each line is `module::Spec`, a module declared above and the type that
/// implements [`Spec`] there, with the documentation of its [`Power`] variant. What the list
/// generates is split by concern: the parsed powers, their compiled moves, their game data and
/// the dispatch of their hooks.
macro_rules! registry {
    ( $( $(#[$doc:meta])* $module:ident :: $spec:ident ),* $(,)? ) => {
        parsed_powers! { $( $(#[$doc])* $module::$spec ),* }
        compiled_powers! { $( $module::$spec ),* }
        game_data! { $( $module::$spec ),* }
        hook_dispatch! { $( $module::$spec ),* }
    };
}

/// [`Power`], the enum of parsed powers, and [`PowerKind`], its variants without parameters.
macro_rules! parsed_powers {
    ( $( $(#[$doc:meta])* $module:ident :: $spec:ident ),* ) => {
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

            fn describe(&self) -> Description {
                match self {
                    $( Power::$spec(p) => p.describe(), )*
                }
            }

            pub(crate) fn attacks(&self) -> Attacks {
                match self {
                    $( Power::$spec(_) => <$module::$spec as Spec>::ATTACKS, )*
                }
            }

            pub(crate) fn quiescence(&self) -> Captures {
                match self {
                    $( Power::$spec(p) => p.quiescence(), )*
                }
            }

            /// Its name, if only a royal piece may have it ([`Spec::ROYAL_ONLY`]).
            pub fn royal_only(&self) -> Option<&'static str> {
                match self {
                    $( Power::$spec(_) => <$module::$spec as Spec>::ROYAL_ONLY.then_some(<$module::$spec as Spec>::NAME), )*
                }
            }
        }
    };
}

/// `Gen`, the enum of powers compiled for one type and colour, and its dispatch (moves, captures,
/// refusals with the power's game data; overlaps, mobility and merging without).
macro_rules! compiled_powers {
    ( $( $module:ident :: $spec:ident ),* ) => {
        /// A power compiled for one piece type and colour.
        #[derive(Clone, Debug)]
        pub(crate) enum Gen {
            $( $spec(<$module::$spec as Spec>::Moves), )*
        }

        impl Gen {
            /// Its place in the generation order.
            pub(crate) fn rank(&self) -> usize {
                match self {
                    $( Gen::$spec(_) => PowerKind::$spec as usize, )*
                }
            }

            #[inline]
            pub(crate) fn generate(&self, r: &Registry, pos: &impl View, piece: Piece, from: Square, start: usize, out: &mut Vec<Move>) {
                match self {
                    $( Gen::$spec(g) => g.generate(&r.data.$module, pos, piece, from, start, out), )*
                }
            }

            #[inline]
            pub(crate) fn captures(&self, r: &Registry, pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
                match self {
                    $( Gen::$spec(g) => g.captures(&r.data.$module, pos, piece, from, out), )*
                }
            }

            pub(crate) fn refuses(&self, r: &Registry, pos: &impl View, piece: Piece, from: Square, to: Square) -> Option<PowerRefusal> {
                match self {
                    $( Gen::$spec(g) => g.refuses(&r.data.$module, pos, piece, from, to), )*
                }
            }

            pub(crate) fn overlaps(&self, has_atoms: bool) -> bool {
                match self {
                    $( Gen::$spec(g) => Generate::<<$module::$spec as Spec>::Game>::overlaps(g, has_atoms), )*
                }
            }

            pub(crate) fn mobility(&self, shape: &BoardShape, from: Square) -> i32 {
                match self {
                    $( Gen::$spec(g) => Generate::<<$module::$spec as Spec>::Game>::mobility(g, shape, from), )*
                }
            }

            /// Merges `other` into `self` if they are the same power and it says so; otherwise
            /// gives it back.
            pub(crate) fn absorb(&mut self, other: Gen) -> Option<Gen> {
                match (self, other) {
                    $( (Gen::$spec(a), Gen::$spec(b)) => Generate::<<$module::$spec as Spec>::Game>::absorb(a, b).map(Gen::$spec), )*
                    (_, other) => Some(other),
                }
            }
        }
    };
}

/// `Data`, a field of game data per power, the typed access to it ([`Registered`]), and the
/// compiling of a power call with its data.
macro_rules! game_data {
    ( $( $module:ident :: $spec:ident ),* ) => {
        /// Each power's game data ([`Spec::Game`]), a field per power of the list.
        #[derive(Clone, Debug, Default)]
        struct Data {
            $( $module: <$module::$spec as Spec>::Game, )*
        }

        /// A power of the list, whose game data the registry holds.
        pub trait Registered: Spec {
            /// Its game data in `registry`.
            fn data(registry: &Registry) -> &Self::Game;
        }

        $(
            impl Registered for $module::$spec {
                fn data(registry: &Registry) -> &Self::Game {
                    &registry.data.$module
                }
            }
        )*

        impl Registry {
            /// Compiles `p` for one type and colour ([`Spec::compile`]), its data kept here;
            /// notes which of the game's questions it answers, and gives its moves, if it has
            /// any of its own.
            pub(crate) fn compile(&mut self, p: &Power, cx: &mut Compile<'_>) -> Option<Gen> {
                self.note(p, cx.kind);
                match p {
                    $( Power::$spec(p) => {
                        self.note_hooks::<<$module::$spec as Spec>::Game>(PowerKind::$spec, cx.kind);
                        p.compile(cx, &mut self.data.$module).map(Gen::$spec)
                    } )*
                }
            }

            /// Completes every power's data once every type is compiled ([`Hooks::finish`]).
            pub(crate) fn finish(&mut self, pieces: &[PieceType]) {
                $( self.data.$module.finish(pieces); )*
            }
        }
    };
}

/// One `match` per hook of [`Hooks`], from a power's kind to its data.
macro_rules! hook_dispatch {
    ( $( $module:ident :: $spec:ident ),* ) => {
        impl Registry {
            fn attacks_of(&self, k: PowerKind, pos: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
                match k {
                    $( PowerKind::$spec => self.data.$module.own_attacks(pos, target, by, cell_at), )*
                }
            }

            fn freezes_of(&self, k: PowerKind, pos: &impl View, sq: Square, c: Color) -> bool {
                match k {
                    $( PowerKind::$spec => self.data.$module.freezes(pos, sq, c), )*
                }
            }

            fn lend_all_of(&self, k: PowerKind, pos: &impl View, side: Color, out: &mut Vec<Move>) -> bool {
                match k {
                    $( PowerKind::$spec => self.data.$module.lend_all(pos, side, out), )*
                }
            }

            fn lend_to_of(&self, k: PowerKind, pos: &impl View, from: Square, own_start: usize, out: &mut Vec<Move>) {
                match k {
                    $( PowerKind::$spec => self.data.$module.lend_to(pos, from, own_start, out), )*
                }
            }

            fn burns_with_of(&self, k: PowerKind, kind: KindId) -> bool {
                match k {
                    $( PowerKind::$spec => self.data.$module.burns_with(kind), )*
                }
            }

            #[inline]
            fn burned_of(&self, k: PowerKind, pos: &impl View, m: Move, mover: Piece, final_kind: KindId, removed: &[Square]) -> Burned {
                match k {
                    $( PowerKind::$spec => self.data.$module.burned(pos, m, mover, final_kind, removed), )*
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
    /// `grasshopper`: a hop over the first piece on a line, to the square just beyond it.
    grasshopper::Grasshopper,
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

impl Power {
    /// What it does, for the piece tables.
    pub(crate) fn text(&self) -> String {
        self.describe().text
    }

    /// Its moves in XBetza, for XBoard's `piece` command; empty where XBetza cannot say them.
    pub fn xbetza(&self) -> String {
        self.describe().xbetza
    }
}

/// What one game keeps of its powers: each power's game data ([`Spec::Game`], read with
/// [`Registry::data`]), and which powers its attack detection asks.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    data: Data,
    /// The powers whose own tests answer attacks (`Attacks::Own`)...
    own: Vec<PowerKind>,
    /// ...and those asked after every other attack (`Attacks::OwnAfterOthers`).
    last: Vec<PowerKind>,
    /// The types whose attacks are found by generating their moves (`Attacks::Generated`).
    pub(crate) generated: KindSet,
    pub(crate) any_generated: bool,
    /// The powers with hooks of each kind ([`Hooks::FREEZES`], `LENDS`, `BURNS`).
    freezers: Vec<PowerKind>,
    /// The types with a freezing power: while the other side has none, nothing is frozen.
    freezing: Vec<KindId>,
    lenders: Vec<PowerKind>,
    burners: Vec<PowerKind>,
}

impl Registry {
    /// The game data of the power `P`.
    pub fn data<P: Registered>(&self) -> &P::Game {
        P::data(self)
    }

    /// Notes how the game's attack detection asks for `p`, a power of the type `kind`.
    fn note(&mut self, p: &Power, kind: KindId) {
        match p.attacks() {
            Attacks::Own => add_once(&mut self.own, p.kind()),
            Attacks::OwnAfterOthers => add_once(&mut self.last, p.kind()),
            Attacks::Generated => {
                self.generated.insert(kind);
                self.any_generated = true;
            }
            Attacks::Never | Attacks::Tables => {}
        }
    }

    /// Notes which of the game's hooks the power `k`, whose data is `H`, answers for the type
    /// `kind`.
    fn note_hooks<H: Hooks>(&mut self, k: PowerKind, kind: KindId) {
        if H::FREEZES {
            add_once(&mut self.freezers, k);
            if !self.freezing.contains(&kind) {
                self.freezing.push(kind);
            }
        }
        if H::LENDS {
            add_once(&mut self.lenders, k);
        }
        if H::BURNS {
            add_once(&mut self.burners, k);
        }
    }

    /// Whether a piece of `by` captures on `target` by a power with an attack test of its own,
    /// the board read through `cell_at`: those asked first (`Attacks::Own`), or with `last` those
    /// asked after every other attack (`Attacks::OwnAfterOthers`).
    #[inline]
    pub(crate) fn own_attacks(
        &self,
        last: bool,
        pos: &impl View,
        target: Square,
        by: Color,
        cell_at: &(impl Cells + ?Sized),
    ) -> bool {
        let list = if last { &self.last } else { &self.own };
        list.iter().any(|&k| self.attacks_of(k, pos, target, by, cell_at))
    }

    /// Whether every capture of the game is in the reverse attack tables: no power answers
    /// attacks with a test of its own or by generation, and none changes what other pieces may
    /// do (freezing, lending).
    pub(crate) fn attacks_in_tables(&self) -> bool {
        self.own.is_empty() && self.last.is_empty() && !self.any_generated && !self.changes_others()
    }

    /// Whether some power of the game freezes or lends moves: what any piece may do then
    /// depends on others, so quiescence generates every move and keeps the captures.
    #[inline]
    pub(crate) fn changes_others(&self) -> bool {
        !self.freezers.is_empty() || !self.lenders.is_empty()
    }

    /// Whether some power of the game freezes pieces.
    #[inline]
    pub(crate) fn freezes(&self) -> bool {
        !self.freezers.is_empty()
    }

    /// Whether a piece of `c` may be frozen now: the other side has a piece of a freezing type
    /// (from the piece counts, no board scan).
    #[inline]
    pub(crate) fn may_freeze(&self, pos: &impl View, c: Color) -> bool {
        pos.has_any(&self.freezing, c.flip())
    }

    /// Whether the piece of `c` on `sq` is frozen ([`Hooks::freezes`]).
    #[inline]
    pub(crate) fn frozen(&self, pos: &impl View, sq: Square, c: Color) -> bool {
        self.may_freeze(pos, c) && self.freezes_now(pos, sq, c)
    }

    /// [`Registry::frozen`] once the other side has a freezing piece: out of line, so that the
    /// loops that ask (each piece's generation, each relayer of a relay) stay small.
    #[inline(never)]
    fn freezes_now(&self, pos: &impl View, sq: Square, c: Color) -> bool {
        self.freezers.iter().any(|&k| self.freezes_of(k, pos, sq, c))
    }

    /// Whether some power of the game lends moves to other pieces.
    #[inline]
    pub(crate) fn lends(&self) -> bool {
        !self.lenders.is_empty()
    }

    /// Appends the moves of `side`'s pieces with those lent to them ([`Hooks::lend_all`]), or
    /// answers `false` when nothing is lent now. With more than one lending power, each piece's
    /// own moves are followed by what each power lends it.
    pub(crate) fn lend_all(&self, pos: &impl View, side: Color, out: &mut Vec<Move>) -> bool {
        match self.lenders[..] {
            [] => false,
            [k] => self.lend_all_of(k, pos, side, out),
            _ => {
                each_then(pos, side, out, |from, start, out| self.lend_to(pos, from, start, out));
                true
            }
        }
    }

    /// Appends the moves lent to the piece on `from`, whose own moves are `out[own_start..]`.
    pub(crate) fn lend_to(&self, pos: &impl View, from: Square, own_start: usize, out: &mut Vec<Move>) {
        for &k in &self.lenders {
            self.lend_to_of(k, pos, from, own_start, out);
        }
    }

    /// Whether some power of the game burns pieces.
    #[inline]
    pub fn burns(&self) -> bool {
        !self.burners.is_empty()
    }

    /// Whether the moves of type `k` may burn ([`Hooks::burns_with`]).
    pub(crate) fn burns_with(&self, k: KindId) -> bool {
        self.burners.iter().any(|&p| self.burns_with_of(p, k))
    }

    /// What the move burns ([`Hooks::burned`]): the first burning power's answer that burns
    /// anything.
    pub(crate) fn burned(
        &self,
        pos: &impl View,
        m: Move,
        mover: Piece,
        final_kind: KindId,
        removed: &[Square],
    ) -> Burned {
        // One burning power (Nutty's Fire Demon) is the case every move of such a game asks.
        if let [k] = self.burners[..] {
            return self.burned_of(k, pos, m, mover, final_kind, removed);
        }
        for &k in &self.burners {
            let b = self.burned_of(k, pos, m, mover, final_kind, removed);
            if b != Burned::Nothing {
                return b;
            }
        }
        Burned::Nothing
    }
}

fn add_once(list: &mut Vec<PowerKind>, k: PowerKind) {
    if !list.contains(&k) {
        list.push(k);
    }
}
