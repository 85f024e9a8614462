//! The named powers of the data files, parsed: moves no Betza atom expresses. Each has its own
//! module in `movegen`; [`Power::parse`] reads the calls the data file makes
//! (`variant::PowerCall`).

use crate::variant::betza::{self, Vector};
use crate::variant::PowerCall;

/// Named powers: moves no Betza atom expresses. Each has its own module in `movegen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Power {
    /// Lion moves (`lion`, `lion:3`, `lion:f,fl`, `lion:F`): walks of king steps that may capture
    /// what they step on and go on, igui, and the pass. `movegen::lion`.
    Lion(LionRule),
    /// Bent slider: a first step, then optionally a slide in the continuation directions that
    /// point away from the origin. `movegen::bent`.
    Bent(BentRule),
    /// Bigorra's one-time King leap to an empty ring-2 square with the crossing condition
    /// (`king-leap`; `king-leap(both-safe)`: a knight-shaped leap needs both crossed squares
    /// safe, Jocly's reading). `movegen::king_leap`.
    KingLeap { both_safe: bool },
    /// A rider whose first square must be empty and is never a target (Scirocco Wagon,
    /// `skip-first:R`): compiled into slides that start at distance 2 (`movegen::tables`).
    SkipFirst(Atoms),
    /// Igui / shooting (Scirocco Genie, `shoot:K`): removes an enemy on one of these unit
    /// vectors without moving. `movegen::igui`.
    Shoot(Atoms),
    /// Hop capture (Scirocco Zig `hop-capture:F`, Zag `hop-capture:W`): jumps an enemy on one
    /// of these unit vectors onto the empty square beyond, removing it. `movegen::hop_capture`.
    HopCapture(Atoms),
    /// Relays (`relay:dervish`, `relay:harpy`, with parameters): friends near the piece gain
    /// moves. `movegen::relay`.
    Relay(RelayRule),
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
    /// captures it; with `withdraw(optional)` the capture is a choice (a second move).
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
    /// Tai Shogi Emperor (`emperor`): moves to any square not held by a friend, and captures
    /// only unprotected pieces (`emperor(free-nonroyal-capture)`: any non-royal, and a royal
    /// only if nothing protects it, rules file section 5.8 option). `movegen::emperor`.
    Emperor { free_nonroyal_capture: bool },
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

/// The shape of a lion move: which steps its walks take and how many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LionShape {
    /// Up to `steps` king steps in any directions (`lion`: 2, the Chu Lion; `lion:3`: the Tai
    /// Teaching King option). Jumps to every square within that distance.
    King { steps: u8 },
    /// Two steps along each listed unit direction, the second forward or back (`lion:f,fl`:
    /// Horned Falcon, Soaring Eagle). Step, jump, igui, double capture.
    Lines(Vec<(i8, i8)>),
    /// Two diagonal steps (`lion:F`, the Nutty Harpy): its plain one- and two-step moves are its
    /// Betza atoms; the power adds the moves that capture on the first step and the pass.
    Diagonal,
}

/// A lion power: its shape, and whether it may pass with no empty square among its first steps
/// (`pass-anywhere`, Tai option `lion_pass_unrestricted`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LionRule {
    pub shape: LionShape,
    pub pass_anywhere: bool,
}

/// Who receives a relay, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayRule {
    /// A Dervish: an adjacent friend may leap across it (D or A, the reflection); unless
    /// `reflect-only` (Typhoon 1999), an orthogonally adjacent friend may also turn around it,
    /// and with `corner-leaps` (Scirocco option D1) a diagonally adjacent friend may leap to its
    /// two neighbouring corners.
    Dervish { turn: bool, corner_leaps: bool },
    /// A Harpy: friends gain the Knight leap: those 1-3 squares away on an open queen line, or
    /// with `knight-away` (Typhoon 1999) those a Knight's leap away.
    Harpy { knight_away: bool },
}

fn direction(d: &str) -> Result<(i8, i8), PowerError> {
    Ok(match d.trim() {
        "f" => (0, 1),
        "b" => (0, -1),
        "l" => (-1, 0),
        "r" => (1, 0),
        "fl" => (-1, 1),
        "fr" => (1, 1),
        "bl" => (-1, -1),
        "br" => (1, -1),
        other => return Err(PowerError(format!("lion direction '{other}' is not one of f b l r fl fr bl br"))),
    })
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

impl LionRule {
    fn parse(arg: Option<&str>, pass_anywhere: bool) -> Result<LionRule, PowerError> {
        let shape = match arg {
            None | Some("2") => LionShape::King { steps: 2 },
            Some("3") => LionShape::King { steps: 3 },
            Some("F") => LionShape::Diagonal,
            Some(dirs) => LionShape::Lines(dirs.split(',').map(direction).collect::<Result<_, _>>()?),
        };
        Ok(LionRule { shape, pass_anywhere })
    }
}

/// A power text that names no power, or whose argument or parameters do not fit it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerError(pub String);

impl std::fmt::Display for PowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PowerError {}

impl Power {
    /// Reads a power call (`name[:argument][(flag, ...)]`) of a data file.
    pub fn parse(call: &PowerCall) -> Result<Power, PowerError> {
        let text = call.to_string();
        let name = call.name.as_str();
        let arg = call.arg.as_deref();
        let allowed: &[&str] = match name {
            "lion" => &["pass-anywhere"],
            "king-leap" => &["both-safe"],
            "relay" => &["corner-leaps", "reflect-only", "knight-away"],
            "withdraw" => &["optional"],
            "emperor" => &["free-nonroyal-capture"],
            _ => &[],
        };
        if let Some(f) = call.flags.iter().find(|f| !allowed.contains(&f.as_str())) {
            let known = if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") };
            return Err(PowerError(format!("power '{text}': unknown parameter '{f}' (known: {known})")));
        }
        let flag = |f: &str| call.flags.iter().any(|x| x == f);
        let e = |m: String| PowerError(m);
        match (name, arg) {
            ("lion", a) => Ok(Power::Lion(LionRule::parse(a, flag("pass-anywhere"))?)),
            ("king-leap", None) => Ok(Power::KingLeap { both_safe: flag("both-safe") }),
            ("bent", Some(a)) => Ok(Power::Bent(BentRule::parse(a).map_err(e)?)),
            ("skip-first", Some(a)) => {
                let atoms = Atoms::parse(name, a, false).map_err(e)?;
                if atoms.vectors.iter().any(|v| !matches!(v.travel, betza::Travel::Ride { .. })) {
                    return Err(e(format!("skip-first:{a}: the argument must be a rider (R, B, Q, WW, R4, ...)")));
                }
                Ok(Power::SkipFirst(atoms))
            }
            ("shoot", Some(a)) => Ok(Power::Shoot(Atoms::parse(name, a, true).map_err(e)?)),
            ("hop-capture", Some(a)) => Ok(Power::HopCapture(Atoms::parse(name, a, true).map_err(e)?)),
            ("relay", Some("dervish")) if !flag("knight-away") => {
                Ok(Power::Relay(RelayRule::Dervish { turn: !flag("reflect-only"), corner_leaps: flag("corner-leaps") }))
            }
            ("relay", Some("harpy")) if !flag("reflect-only") && !flag("corner-leaps") => {
                Ok(Power::Relay(RelayRule::Harpy { knight_away: flag("knight-away") }))
            }
            ("burn", None) => Ok(Power::Burn),
            ("cicada", None) => Ok(Power::Cicada),
            ("convert", Some(a)) => Ok(Power::Convert(Atoms::parse(name, a, false).map_err(e)?)),
            ("convert-ahead", None) => Ok(Power::ConvertAhead),
            ("swap", Some(a)) => Ok(Power::Swap(Atoms::parse(name, a, false).map_err(e)?)),
            ("withdraw", None) => Ok(Power::Withdraw { optional: flag("optional") }),
            ("approach", None) => Ok(Power::Approach),
            ("immobilize", None) => Ok(Power::Immobilize),
            ("lame-ride", Some(a)) => {
                let atoms = Atoms::parse(name, a, false).map_err(e)?;
                let ok = |v: &Vector| {
                    matches!(v.travel, betza::Travel::Ride { .. })
                        && v.dx % 2 == 0
                        && v.dy % 2 == 0
                        && v.dx.abs().max(v.dy.abs()) == 2
                };
                if !atoms.vectors.iter().all(ok) {
                    return Err(e(format!("lame-ride:{a}: the argument must be D or A riders (DD, AA)")));
                }
                Ok(Power::LameRide(atoms))
            }
            ("parrot", Some(a)) => Ok(Power::Parrot(Atoms::parse(name, a, true).map_err(e)?)),
            ("sweep" | "shoot-line" | "long-leap", Some(a)) => {
                let atoms = Atoms::parse(name, a, false).map_err(e)?;
                if atoms
                    .vectors
                    .iter()
                    .any(|v| !matches!(v.travel, betza::Travel::Ride { .. }) || v.dx.abs() > 1 || v.dy.abs() > 1)
                {
                    return Err(e(format!(
                        "{name}:{a}: the argument must be a rider of unit steps (R, B, Q, R3, ...)"
                    )));
                }
                Ok(match name {
                    "sweep" => Power::Sweep(atoms),
                    "shoot-line" => Power::ShootLine(atoms),
                    _ => Power::LongLeap(atoms),
                })
            }
            ("hook", Some(a)) => Ok(Power::Hook(HookRule::parse(a).map_err(e)?)),
            ("emperor", None) => Ok(Power::Emperor { free_nonroyal_capture: flag("free-nonroyal-capture") }),
            ("area", Some(a)) => match a.parse::<u8>() {
                Ok(n @ 1..=3) => Ok(Power::Area(n)),
                _ => Err(e(format!("area:{a}: the argument is a number of king steps, 1 to 3"))),
            },
            ("jump-capture", Some(a)) => {
                let atoms = Atoms::parse(name, a, false).map_err(e)?;
                if atoms.vectors.iter().any(|v| !matches!(v.travel, betza::Travel::Ride { max: 0 })) {
                    return Err(e(format!("jump-capture:{a}: the argument must be an unlimited rider (R, B, Q)")));
                }
                Ok(Power::JumpCapture(atoms))
            }
            ("leap-first", Some(a)) => {
                let atoms = Atoms::parse(name, a, false).map_err(e)?;
                if atoms.vectors.iter().any(|v| !matches!(v.travel, betza::Travel::Ride { .. })) {
                    return Err(e(format!("leap-first:{a}: the argument must be a rider (R, B, sR3, ...)")));
                }
                Ok(Power::LeapFirst(atoms))
            }
            _ => Err(e(format!(
                "unknown power '{text}' (known: lion[:3|:F|:DIRS][(pass-anywhere)], bent:FIRST>THEN, \
                 king-leap[(both-safe)], skip-first:RIDER, shoot:STEPS, hop-capture:STEPS, \
                 relay:dervish[(corner-leaps|reflect-only)], relay:harpy[(knight-away)], burn, area:N, \
                 jump-capture:RIDER, leap-first:RIDER, cicada, convert:LEAPS, convert-ahead, swap:LEAPS, \
                 withdraw[(optional)], approach, immobilize, parrot:STEPS, sweep:RIDER, shoot-line:RIDER, \
                 long-leap:RIDER, lame-ride:DD/AA, hook:FIRST[>THEN], emperor[(free-nonroyal-capture)])"
            ))),
        }
    }

    /// The longest single vector its moves use, in king distance: the mailbox padding must be
    /// at least this, so that every step from a board square lands inside the array.
    pub fn reach(&self) -> u8 {
        let atoms =
            |a: &Atoms| a.vectors.iter().map(|v| v.dx.unsigned_abs().max(v.dy.unsigned_abs())).max().unwrap_or(1);
        match self {
            Power::Lion(LionRule { shape: LionShape::King { steps }, .. }) => *steps,
            Power::Lion(_) | Power::KingLeap { .. } | Power::HopCapture(_) | Power::Relay(_) | Power::Parrot(_) => 2,
            Power::Cicada => 3,
            Power::Convert(a)
            | Power::Swap(a)
            | Power::LameRide(a)
            | Power::SkipFirst(a)
            | Power::LeapFirst(a)
            | Power::Shoot(a)
            | Power::JumpCapture(a)
            | Power::Sweep(a)
            | Power::ShootLine(a)
            | Power::LongLeap(a) => atoms(a),
            Power::Bent(_)
            | Power::Burn
            | Power::Area(_)
            | Power::ConvertAhead
            | Power::Withdraw { .. }
            | Power::Approach
            | Power::Immobilize
            | Power::Hook(_) => 1,
            // The Emperor visits the board squares directly.
            Power::Emperor { .. } => 0,
        }
    }

    /// Whether the power lends moves to friends (a relay), so that no piece's move is
    /// irreversible merely by its direction.
    pub fn moves_others(&self) -> bool {
        matches!(self, Power::Relay(_))
    }
}
