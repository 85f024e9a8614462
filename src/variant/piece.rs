//! Piece types: what a piece is (ID, name, value, promotion) and how it moves (Betza vectors
//! plus named powers for what Betza cannot say).

use super::betza::{self, Vector};
use std::fmt;

/// Index of a piece type in its game's catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u8);

impl KindId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Named powers: moves no Betza atom expresses. Each has its own module in `movegen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Power {
    /// Full lion power (Chu `N`, `+O`): jumps to the 24 squares within distance 2, capture and
    /// continue (double capture, hit-and-run, igui), and the pass. `movegen::lion`.
    Lion,
    /// Lion lines (Horned Falcon forward, Soaring Eagle forward diagonals): step, jump, igui,
    /// double capture and pass along each listed unit direction. `movegen::lion`.
    LionLine(Vec<(i8, i8)>),
    /// Bent slider: a first step, then optionally a slide in the continuation directions that
    /// point away from the origin. `movegen::bent`.
    Bent(BentRule),
    /// Bigorra's one-time King leap to an empty ring-2 square with the crossing condition.
    /// `movegen::king_leap`.
    KingLeap,
    /// A rider whose first square must be empty and is never a target (Scirocco Wagon,
    /// `skip-first:R`): compiled into slides that start at distance 2 (`movegen::tables`).
    SkipFirst(Atoms),
    /// Igui / shooting (Scirocco Genie, `shoot:K`): removes an enemy on one of these unit
    /// vectors without moving. `movegen::igui`.
    Shoot(Atoms),
    /// Hop capture (Scirocco Zig `hop-capture:F`, Zag `hop-capture:W`): jumps an enemy on one
    /// of these unit vectors onto the empty square beyond, removing it. `movegen::hop_capture`.
    HopCapture(Atoms),
    /// Scirocco Dervish relay (`relay:dervish`): adjacent friends may reflect across it or turn
    /// around it. `movegen::relay`.
    DervishRelay,
    /// Scirocco Harpy relay (`relay:harpy`): friends on open queen lines up to 3 squares away
    /// gain the Knight leap. `movegen::relay`.
    HarpyRelay,
    /// Nutty Fire Demon (`burn`): after its move, every enemy next to its destination is
    /// removed; an enemy move that ends next to it removes the mover. Applied by `make`
    /// (`movegen::burn`).
    Burn,
    /// Nutty area move (`area:3`): up to N king steps through empty squares, stopping at the
    /// first capture, never ending on the origin. `movegen::area`.
    Area(u8),
    /// Nutty jumping captures (`jump-capture:R`): along these lines the piece may capture beyond
    /// pieces of a strictly lower jump rank. `movegen::jump`.
    JumpCapture(Atoms),
    /// A rider whose first square is skipped: never a target, and what stands there blocks
    /// nothing (Nutty Tetrarchs, `leap-first:B`). Compiled into slides (`movegen::tables`).
    LeapFirst(Atoms),
    /// Nutty Harpy (`double-diagonal`): two diagonal steps in one turn, the first optionally a
    /// jump; igui, hit-and-run, double capture and pass. `movegen::harpy`.
    DoubleDiagonal,
    /// Typhoon 1999 Dervish (`relay:dervish-1999`): an adjacent friend may leap to the square
    /// mirrored through it (reflection only). `movegen::relay`.
    DervishRelay1999,
    /// Typhoon 1999 Harpy (`relay:harpy-1999`): friends a Knight's leap away gain the Knight
    /// leap. `movegen::relay`.
    HarpyRelay1999,
    /// Typhoon Cicada (`cicada`): a queen-line move of 2 or 3 squares that must hop over at
    /// least one piece. `movegen::cicada`.
    Cicada,
    /// Conversion without moving (Cuckoo, `convert:fWsWbD`): an enemy on one of these leap
    /// squares changes owner. `movegen::convert`.
    Convert(Atoms),
    /// Conversion after a move (Missionary, `convert-ahead`): the enemy next in line beyond the
    /// arrival square may change owner. `movegen::convert`.
    ConvertAhead,
    /// Swap (Hummingbird, `swap:WvD`): exchange places with any piece on these leap squares.
    /// `movegen::swap`.
    Swap(Atoms),
    /// Withdrawal capture (Undertaker, `withdraw`): a step directly away from an adjacent enemy
    /// captures it; with `withdraw:optional` the capture is a choice (a second move).
    /// `movegen::withdraw`.
    Withdraw { optional: bool },
    /// Approach capture (Sorcerer, `approach`): after a move, the run of enemies straight ahead
    /// may be captured, all or none. `movegen::approach`.
    Approach,
    /// Typhoon sweep (`sweep:R3`): slides through enemies, capturing every one passed.
    /// `movegen::sweep`.
    Sweep(Atoms),
    /// Parrot powers along these unit directions (`parrot:W`): shoot the neighbour, hop-capture
    /// over it (taking the landing square's enemy too), and pass. `movegen::parrot`.
    Parrot(Atoms),
    /// Shooting along lines at any distance (Emperor of Emperors, `shoot-line:Q`): the first
    /// piece on the line, if an enemy. `movegen::igui`.
    ShootLine(Atoms),
    /// Longleaper captures (`long-leap:Q`): jumps single enemies along a line, capturing each.
    /// `movegen::longleap`.
    LongLeap(Atoms),
    /// Immobilizer (`immobilize`): freezes adjacent enemies. `movegen::immobilizer`.
    Immobilize,
    /// A rider of two-square leaps whose skipped squares must be empty too (Typhoon option
    /// `dayrider_strict`, `lame-ride:DDAA`): a slide that stops on every second square.
    /// Compiled into slides with `lame` set (`movegen::tables`).
    LameRide(Atoms),
    /// Tai Shogi hook move (`hook:W`, `hook:F`, `hook:fF`, optionally `hook:fF>fF`): a slide
    /// in one of the first-leg directions, then optionally, from an empty corner, a slide at
    /// right angles to it. `movegen::hook`.
    Hook(HookRule),
    /// Tai Shogi Teaching King, option `teaching_king_v2` (`three-step-lion`): jumps within king
    /// distance 3 and walks of up to three king steps capturing what they step on, igui-like
    /// returns and the pass. `movegen::lion3`.
    ThreeStepLion,
    /// Tai Shogi Emperor (`emperor`): moves to any square not held by a friend, and captures
    /// only unprotected pieces. `movegen::emperor`.
    Emperor,
}

/// A hook mover's geometry, from a spec such as `W` (Hook Mover), `F` (Capricorn), `fF>fF`
/// (Peacock with the second leg restricted to the forward diagonals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookRule {
    /// First-leg unit directions, owner-relative.
    pub first: Vec<(i8, i8)>,
    /// Second-leg unit directions allowed (owner-relative); of these, only the two at right
    /// angles to the first leg are used.
    pub then: Vec<(i8, i8)>,
    pub spec: String,
}

impl HookRule {
    pub fn parse(spec: &str) -> Result<HookRule, String> {
        let (a, b) = match spec.split_once('>') {
            Some((a, b)) => (a, Some(b)),
            None => (spec, None),
        };
        let unit = |t: &str| -> Result<Vec<(i8, i8)>, String> {
            let v = betza::parse(t).map_err(|e| e.to_string())?;
            if v.iter().any(|v| v.dx.abs() > 1 || v.dy.abs() > 1) {
                return Err(format!("hook spec '{spec}': only unit directions (W, F) are allowed"));
            }
            Ok(v.into_iter().map(|v| (v.dx, v.dy)).collect())
        };
        let first = unit(a)?;
        if first.is_empty() {
            return Err(format!("hook spec '{spec}' has no first-leg direction"));
        }
        let then = match b {
            Some(b) => unit(b)?,
            None => vec![(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)],
        };
        Ok(HookRule { first, then, spec: spec.to_string() })
    }

    /// The second-leg directions after a first leg along `s`: at right angles, and allowed.
    pub fn turns(&self, s: (i8, i8)) -> Vec<(i8, i8)> {
        self.then.iter().copied().filter(|&u| u.0 as i32 * s.0 as i32 + u.1 as i32 * s.1 as i32 == 0).collect()
    }
}

/// The argument of a power written as a Betza string, e.g. the `K` of `shoot:K`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atoms {
    /// As written in the data file.
    pub spec: String,
    pub vectors: Vec<Vector>,
}

impl Atoms {
    /// Parses `spec`; with `unit`, every vector must be a one-square step (W, F).
    fn parse(power: &str, spec: &str, unit: bool) -> Result<Atoms, String> {
        let vectors = betza::parse(spec).map_err(|e| format!("{power}: {e}"))?;
        if unit && vectors.iter().any(|v| v.dx.abs() > 1 || v.dy.abs() > 1) {
            return Err(format!("{power}:{spec}: only one-square steps (W, F, K) are allowed"));
        }
        Ok(Atoms { spec: spec.to_string(), vectors })
    }

    /// The unit directions (owner-relative).
    pub fn dirs(&self) -> impl Iterator<Item = (i8, i8)> + '_ {
        self.vectors.iter().map(|v| (v.dx, v.dy))
    }
}

/// A bent slider's geometry, from a spec such as `F>W` (Eagle), `vW>F` (Snake), `mF>W`
/// (Octopus: the first square is move-only and must be empty to continue).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BentRule {
    /// Unit first steps, owner-relative, with the mode allowed on the first square.
    pub first: Vec<Vector>,
    /// Continuation unit directions allowed (owner-relative); for each first step only those
    /// with a positive dot product with the step (pointing away) and not equal to it are used.
    pub then: Vec<(i8, i8)>,
    /// The spec as written in the data file, e.g. `F>W`.
    pub spec: String,
}

impl BentRule {
    pub fn parse(spec: &str) -> Result<BentRule, String> {
        let (a, b) =
            spec.split_once('>').ok_or_else(|| format!("bent spec '{spec}' needs the form FIRST>THEN, e.g. F>W"))?;
        let first = betza::parse(a).map_err(|e| e.to_string())?;
        let then: Vec<(i8, i8)> =
            betza::parse(b).map_err(|e| e.to_string())?.into_iter().map(|v| (v.dx, v.dy)).collect();
        if first.iter().any(|v| v.dx.abs() > 1 || v.dy.abs() > 1) || then.iter().any(|v| v.0.abs() > 1 || v.1.abs() > 1)
        {
            return Err(format!("bent spec '{spec}': both parts must be unit steps (W, F)"));
        }
        Ok(BentRule { first, then, spec: spec.to_string() })
    }

    /// Continuation directions for the first step `s`.
    pub fn continuations(&self, s: (i8, i8)) -> Vec<(i8, i8)> {
        self.then
            .iter()
            .copied()
            .filter(|&u| u != s && (u.0 as i32 * s.0 as i32 + u.1 as i32 * s.1 as i32) > 0)
            .collect()
    }
}

impl Power {
    pub fn parse(text: &str) -> Result<Power, String> {
        let (name, arg) = match text.split_once(':') {
            Some((n, a)) => (n.trim(), Some(a.trim())),
            None => (text.trim(), None),
        };
        match (name, arg) {
            ("lion", None) => Ok(Power::Lion),
            ("king-leap", None) => Ok(Power::KingLeap),
            ("lion-line", Some(a)) => {
                let mut dirs = Vec::new();
                for d in a.split(',') {
                    let v = match d.trim() {
                        "f" => (0, 1),
                        "b" => (0, -1),
                        "l" => (-1, 0),
                        "r" => (1, 0),
                        "fl" => (-1, 1),
                        "fr" => (1, 1),
                        "bl" => (-1, -1),
                        "br" => (1, -1),
                        other => {
                            return Err(format!("lion-line direction '{other}' is not one of f b l r fl fr bl br"))
                        }
                    };
                    dirs.push(v);
                }
                Ok(Power::LionLine(dirs))
            }
            ("bent", Some(a)) => Ok(Power::Bent(BentRule::parse(a)?)),
            ("skip-first", Some(a)) => {
                let atoms = Atoms::parse(name, a, false)?;
                if atoms.vectors.iter().any(|v| !matches!(v.travel, betza::Travel::Ride { .. })) {
                    return Err(format!("skip-first:{a}: the argument must be a rider (R, B, Q, WW, R4, ...)"));
                }
                Ok(Power::SkipFirst(atoms))
            }
            ("shoot", Some(a)) => Ok(Power::Shoot(Atoms::parse(name, a, true)?)),
            ("hop-capture", Some(a)) => Ok(Power::HopCapture(Atoms::parse(name, a, true)?)),
            ("relay", Some("dervish")) => Ok(Power::DervishRelay),
            ("relay", Some("harpy")) => Ok(Power::HarpyRelay),
            ("burn", None) => Ok(Power::Burn),
            ("relay", Some("dervish-1999")) => Ok(Power::DervishRelay1999),
            ("relay", Some("harpy-1999")) => Ok(Power::HarpyRelay1999),
            ("cicada", None) => Ok(Power::Cicada),
            ("convert", Some(a)) => Ok(Power::Convert(Atoms::parse(name, a, false)?)),
            ("convert-ahead", None) => Ok(Power::ConvertAhead),
            ("swap", Some(a)) => Ok(Power::Swap(Atoms::parse(name, a, false)?)),
            ("withdraw", None) => Ok(Power::Withdraw { optional: false }),
            ("withdraw", Some("optional")) => Ok(Power::Withdraw { optional: true }),
            ("approach", None) => Ok(Power::Approach),
            ("immobilize", None) => Ok(Power::Immobilize),
            ("lame-ride", Some(a)) => {
                let atoms = Atoms::parse(name, a, false)?;
                let ok = |v: &Vector| {
                    matches!(v.travel, betza::Travel::Ride { .. })
                        && v.dx % 2 == 0
                        && v.dy % 2 == 0
                        && v.dx.abs().max(v.dy.abs()) == 2
                };
                if !atoms.vectors.iter().all(ok) {
                    return Err(format!("lame-ride:{a}: the argument must be D or A riders (DD, AA)"));
                }
                Ok(Power::LameRide(atoms))
            }
            ("parrot", Some(a)) => Ok(Power::Parrot(Atoms::parse(name, a, true)?)),
            ("sweep" | "shoot-line" | "long-leap", Some(a)) => {
                let atoms = Atoms::parse(name, a, false)?;
                if atoms
                    .vectors
                    .iter()
                    .any(|v| !matches!(v.travel, betza::Travel::Ride { .. }) || v.dx.abs() > 1 || v.dy.abs() > 1)
                {
                    return Err(format!("{name}:{a}: the argument must be a rider of unit steps (R, B, Q, R3, ...)"));
                }
                Ok(match name {
                    "sweep" => Power::Sweep(atoms),
                    "shoot-line" => Power::ShootLine(atoms),
                    _ => Power::LongLeap(atoms),
                })
            }
            ("double-diagonal", None) => Ok(Power::DoubleDiagonal),
            ("hook", Some(a)) => Ok(Power::Hook(HookRule::parse(a)?)),
            ("emperor", None) => Ok(Power::Emperor),
            ("three-step-lion", None) => Ok(Power::ThreeStepLion),
            ("area", Some(a)) => match a.parse::<u8>() {
                Ok(n @ 1..=3) => Ok(Power::Area(n)),
                _ => Err(format!("area:{a}: the argument is a number of king steps, 1 to 3")),
            },
            ("jump-capture", Some(a)) => {
                let atoms = Atoms::parse(name, a, false)?;
                if atoms.vectors.iter().any(|v| !matches!(v.travel, betza::Travel::Ride { max: 0 })) {
                    return Err(format!("jump-capture:{a}: the argument must be an unlimited rider (R, B, Q)"));
                }
                Ok(Power::JumpCapture(atoms))
            }
            ("leap-first", Some(a)) => {
                let atoms = Atoms::parse(name, a, false)?;
                if atoms.vectors.iter().any(|v| !matches!(v.travel, betza::Travel::Ride { .. })) {
                    return Err(format!("leap-first:{a}: the argument must be a rider (R, B, sR3, ...)"));
                }
                Ok(Power::LeapFirst(atoms))
            }
            _ => Err(format!(
                "unknown power '{text}' (known: lion, lion-line:DIRS, bent:FIRST>THEN, king-leap, skip-first:RIDER, \
                 shoot:STEPS, hop-capture:STEPS, relay:dervish, relay:harpy, burn, area:N, jump-capture:RIDER, \
                 leap-first:RIDER, double-diagonal, relay:dervish-1999, relay:harpy-1999, cicada, convert:LEAPS, \
                 convert-ahead, swap:LEAPS, withdraw, withdraw:optional, approach, immobilize, parrot:STEPS, sweep:RIDER, \
                 shoot-line:RIDER, long-leap:RIDER, lame-ride:DD/AA, hook:FIRST[>THEN], emperor, three-step-lion)"
            )),
        }
    }
}

/// When a piece's promotion happens, and what it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// FEN/notation ID in upper case, e.g. `SQ`, `N`, `+D`.
    pub id: String,
    pub name: String,
    pub betza: String,
    pub vectors: Vec<Vector>,
    pub powers: Vec<Power>,
    pub royal: bool,
    /// A Lion for the Chu Shogi lion-capture rules.
    pub lion: bool,
    /// May be used as the bridge of a Lion's distant Lion capture (Chu: not Pawn, Go-Between).
    pub bridge: bool,
    /// Becomes this type on promotion.
    pub promotes_to: Option<KindId>,
    /// Written with `+` (a shogi-style promoted piece).
    pub promoted: bool,
    /// Must promote when its move ends this many ranks from the far edge (1 = last rank) and
    /// the move has a promotion opportunity.
    pub forced_promotion_ranks: u8,
    /// Promotes only with a one-square step (Bigorra Troll).
    pub promotion_needs_step: bool,
    /// May be captured en passant after a lame double step (Bigorra Pawn, Soldier, Prince).
    pub ep_victim: bool,
    /// Non-capturing move vectors (owner-relative) that reset the halfmove clock.
    pub clock_reset: Vec<(i8, i8)>,
    /// Material value in centipawns, for the evaluation.
    pub value: i32,
    /// Counted in the game's piece-per-side total for `kyodai variants`.
    pub in_setup: bool,
    /// No move takes it backward (Pawn, Soldier, Lance): its forward moves are irreversible.
    pub never_retreats: bool,
    /// Nutty jump rank: a jumping capturer passes only pieces of strictly lower rank.
    pub jump_rank: u8,
    /// Typhoon King (section 6.2): promotes to the second type instead of `promotes_to` while a
    /// piece of the first type (either colour) is on the board after the move's captures.
    pub promotes_if_present: Option<(KindId, KindId)>,
    /// Makes that test before the move's captures instead of after.
    pub promotion_test_before: bool,
    /// Moves relayed to this piece only move, never capture.
    pub relayed_moves_only_move: bool,
    /// May pass only with an empty square among its own step squares (Typhoon option
    /// `pass_needs_empty_neighbour`).
    pub pass_needs_empty_step: bool,
    /// The rule option without which this type does not exist (Tai `+(CP)`).
    pub requires: Option<String>,
    /// A short display label for diagrams (kanji, chess symbol); `None`: show the ID.
    pub glyph: Option<String>,
}

impl PieceType {
    /// Whether the piece burns (Nutty Fire Demon).
    pub fn burns(&self) -> bool {
        self.has_power(|p| matches!(p, Power::Burn))
    }

    /// Whether the piece lends moves to friends (Dervish, Harpy).
    pub fn is_relayer(&self) -> bool {
        self.has_power(|p| {
            matches!(p, Power::DervishRelay | Power::HarpyRelay | Power::DervishRelay1999 | Power::HarpyRelay1999)
        })
    }

    pub fn has_power(&self, f: impl Fn(&Power) -> bool) -> bool {
        self.powers.iter().any(f)
    }

    /// The ID as written in FEN for `white`/`black` (parentheses for multi-letter IDs).
    pub fn fen_token(&self, white: bool) -> String {
        let (plus, base) = match self.id.strip_prefix('+') {
            Some(b) => ("+", b),
            None => ("", self.id.as_str()),
        };
        let base = if white { base.to_ascii_uppercase() } else { base.to_ascii_lowercase() };
        if base.len() == 1 {
            format!("{plus}{base}")
        } else {
            format!("{plus}({base})")
        }
    }
}

impl fmt::Display for PieceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name, self.id)
    }
}
