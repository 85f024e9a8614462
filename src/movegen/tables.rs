//! Move and attack tables compiled from the piece catalogue for one board shape.
//!
//! They are built once when a game loads and never change. Move tables say, per colour and
//! piece type, what to try from a square; attack tables answer "which piece types could capture
//! on this square from there" by reverse lookup, so an attack query never generates moves.

use super::power::{LionShape, Power, RelayRule};
use crate::cell::Cell;
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::variant::betza::{Mode, Travel};
use crate::variant::{orient, KindId, Orientation, PieceType, PromotionRule, Variant};
use arrayvec::ArrayVec;

/// A set of piece types (up to 256).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindSet([u64; 4]);

impl KindSet {
    #[inline]
    pub fn insert(&mut self, k: KindId) {
        let k = k.index();
        self.0[k >> 6] |= 1 << (k & 63);
    }
    #[inline]
    pub fn contains(&self, k: KindId) -> bool {
        let k = k.index();
        self.0[k >> 6] & (1 << (k & 63)) != 0
    }
    /// Whether `cell` holds a piece of colour `c` whose type is in the set.
    #[inline]
    pub fn holds(&self, cell: Cell, c: Color) -> bool {
        cell.piece().is_some_and(|p| p.color() == c && self.contains(p.kind()))
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
}

/// A leap (or lame leap) to `delta`.
#[derive(Clone, Debug)]
pub struct LeapT {
    pub delta: i32,
    pub mode: Mode,
    /// Captures en passant onto an empty square too.
    pub ep: bool,
    /// Squares (as deltas from the origin) that must be empty: lame leaps only.
    pub path: ArrayVec<i32, 2>,
    /// King distance of the leap (1 = a step).
    pub dist: u8,
}

#[derive(Clone, Debug)]
pub struct SlideT {
    pub delta: i32,
    pub mode: Mode,
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

/// A hook move's first-leg direction and its (up to two) second-leg directions.
#[derive(Clone, Debug)]
pub struct HookT {
    pub first: i32,
    pub turns: ArrayVec<i32, 2>,
    /// The same as board vectors (files, ranks), for the attack test's corner arithmetic.
    pub first_v: (i32, i32),
    pub turns_v: ArrayVec<(i32, i32), 2>,
}

#[derive(Clone, Debug)]
pub struct BentT {
    pub first: i32,
    pub first_mode: Mode,
    pub conts: ArrayVec<i32, 3>,
}

/// What one piece type (of one colour) may try.
#[derive(Clone, Debug, Default)]
pub struct KindMoves {
    pub leaps: Vec<LeapT>,
    pub slides: Vec<SlideT>,
    /// Cannon-style hop captures, per direction.
    pub hops: Vec<i32>,
    pub bents: Vec<BentT>,
    pub lion: bool,
    /// Lion-line unit directions.
    pub lion_lines: Vec<i32>,
    pub king_leap: bool,
    /// The King leap needs both crossed squares of a knight-shaped leap safe.
    pub king_leap_both_safe: bool,
    /// Its lion moves may pass with no empty first-step square.
    pub lion_pass_anywhere: bool,
    /// Igui directions (board deltas of the victim): `movegen::igui`.
    pub shoot: Vec<i32>,
    /// Hop-capture directions (board deltas of the victim; landing at twice the delta):
    /// `movegen::hop_capture`.
    pub hop_captures: Vec<i32>,
    /// Area move of up to this many king steps (0 = none): `movegen::area`.
    pub area: u8,
    /// Jumping-capture directions (board deltas): `movegen::jump`.
    pub jump_lines: Vec<i32>,
    /// The Harpy's double diagonal step: `movegen::harpy`.
    pub double_diagonal: bool,
    /// Hook moves (Tai Hook Mover, Capricorn, ...): `movegen::hook`.
    pub hooks: Vec<HookT>,
    /// The Tai Emperor's move to any square: `movegen::emperor`.
    pub emperor: bool,
    /// The three-step lion move (Tai Teaching King option): `movegen::lion3`.
    pub lion3: bool,
    /// The Emperor's move is the piece's only move (its captures can be listed from the enemy
    /// pieces: `emperor::generate_captures`).
    pub emperor_only: bool,
    /// Some targets can be reached by two atoms: the generator must merge duplicates.
    pub needs_dedup: bool,
    /// Has an en-passant capture vector.
    pub ep_capturer: bool,
    /// Flat views of the capturing atoms for the quiescence generator (`generate_captures`),
    /// which walks only these: plain capturing leaps as (delta, is a one-square step)...
    pub capture_leaps: Vec<(i32, bool)>,
    /// ...capturing leaps that are lame or capture en passant (the general leap loop)...
    pub capture_leaps_special: bool,
    /// ...and capturing slides as (delta, first target step, last step).
    pub capture_slides: Vec<(i32, u8, u8)>,
    /// Typhoon powers (one module each; see `variant::Power`).
    pub cicada: bool,
    /// Cuckoo conversion squares (board deltas): `movegen::convert`.
    pub convert: Vec<i32>,
    /// Missionary conversion after its moves: `movegen::convert`.
    pub convert_ahead: bool,
    /// Hummingbird swap partner squares (board deltas): `movegen::swap`.
    pub swap: Vec<i32>,
    /// Undertaker withdrawal: `movegen::withdraw`; optional (a second move) or automatic.
    pub withdraw: bool,
    pub withdraw_optional: bool,
    /// May pass only next to an empty step square (Typhoon option).
    pub pass_needs_empty_step: bool,
    /// Sorcerer approach: `movegen::approach`.
    pub approach: bool,
    /// Typhoon sweep: (unit delta, range): `movegen::sweep`.
    pub sweep: Vec<(i32, u8)>,
    /// Parrot powers per unit direction: `movegen::parrot`.
    pub parrot: Vec<i32>,
    /// Shots at any distance (unit deltas): `movegen::igui`.
    pub shoot_line: Vec<i32>,
    /// Longleaper capture lines (unit deltas): `movegen::longleap`.
    pub long_leap: Vec<i32>,
    /// Has a capturing power the reverse attack tables do not model; attack queries generate
    /// this piece's moves instead (`attack`).
    pub generated_attacks: bool,
}

/// Reverse lookup tables for attacks by one colour.
#[derive(Clone, Debug, Default)]
pub struct AttackTables {
    /// (delta from target to attacker, types that capture with that leap).
    pub leaps: Vec<(i32, KindSet)>,
    /// Lame capturing leaps: (delta target->attacker, path deltas from the attacker, types).
    pub lame: Vec<(i32, ArrayVec<i32, 2>, KindSet)>,
    /// Slide directions: (delta from target toward the attacker, (first, last) capturing
    /// distance per type: last 0 none, 255 unlimited; first 2 for skip-first riders).
    pub slides: Vec<(i32, Vec<(u8, u8)>)>,
    /// Hop captures: (delta from target toward the attacker, types).
    pub hops: Vec<(i32, KindSet)>,
    /// Bent sliders: (continuation delta u, [(first-step delta s, types)]): an attacker at
    /// Y - s where Y = target - k*u (k >= 1, Y and the squares up to the target empty).
    pub bents: Vec<(i32, Vec<(i32, KindSet)>)>,
    /// Hop captures (Zig, Zag): (delta from target to the attacker, types); the landing square,
    /// target minus that delta, must be empty.
    pub hop_captures: Vec<(i32, KindSet)>,
    /// Sliders whose first square is skipped (Tetrarchs): (delta from target toward the
    /// attacker, (first, last) capturing distance per type).
    pub skip_slides: Vec<(i32, Vec<(u8, u8)>)>,
    /// Jumping captures: (delta from target toward the attacker, types that jump-capture
    /// along it); the jump ranks decide what may stand between (`movegen::jump`).
    pub jumps: Vec<(i32, KindSet)>,
}

/// Which types relay moves to friends (the same for both colours: relays are symmetric).
/// `dervish`/`harpy` relay as in Scirocco 2009, `dervish_1999`/`harpy_1999` as in Typhoon
/// (`reflect-only`, `knight-away`).
#[derive(Clone, Debug, Default)]
pub struct RelayKinds {
    pub dervish: KindSet,
    pub harpy: KindSet,
    pub dervish_1999: KindSet,
    pub harpy_1999: KindSet,
    /// Dervishes that also give the corner leaps (`corner-leaps`).
    pub dervish_corners: KindSet,
    /// Lists of the same, for counting a side's relayers.
    pub dervish_list: Vec<KindId>,
    pub harpy_list: Vec<KindId>,
    pub dervish_1999_list: Vec<KindId>,
    pub harpy_1999_list: Vec<KindId>,
}

impl RelayKinds {
    pub fn any(&self) -> bool {
        !self.dervish_list.is_empty()
            || !self.harpy_list.is_empty()
            || !self.dervish_1999_list.is_empty()
            || !self.harpy_1999_list.is_empty()
    }
}

/// Nutty powers that need whole-board attention: which types have them.
#[derive(Clone, Debug, Default)]
pub struct SpecialKinds {
    /// Types with an area move, and their step counts.
    pub area: Vec<(KindId, u8)>,
    /// Types that burn (Fire Demons).
    pub burners: KindSet,
    /// Types that burn or promote to a burner (Buffalo): their moves may burn.
    pub may_burn: Vec<KindId>,
    /// Jump rank per type.
    pub jump_rank: Vec<u8>,
    /// Immobilizers (Typhoon): their enemies next to them are frozen.
    pub immobilizers: KindSet,
    pub immobilizer_list: Vec<KindId>,
    /// Types whose attacks are found by generating their moves (`KindMoves::generated_attacks`).
    pub generated_attackers: KindSet,
    pub any_generated_attackers: bool,
    /// Types with hook moves (their two-leg attacks are found by `movegen::hook::attacks`).
    pub hookers: Vec<KindId>,
    pub hooker_set: KindSet,
    /// Types with the Emperor's move (`movegen::emperor`), and those of them that may take any
    /// non-royal (`free-nonroyal-capture`).
    pub emperors: Vec<KindId>,
    pub emperor_set: KindSet,
    pub free_emperors: KindSet,
    /// Types with the King leap (Bigorra): their moves end the leap right.
    pub king_leapers: KindSet,
}

/// What a game's pieces may do, compiled once from its data: the board shape (its padding is
/// the longest reach of any move), the promotion zones, each type's parsed powers and its moves
/// per colour, the reverse attack tables, and the sets of types with game-wide powers.
pub struct Tables {
    pub shape: BoardShape,
    /// Promotion zone membership per colour, indexed by mailbox square.
    zone: ByColor<Vec<bool>>,
    /// Each type's powers, as parsed from the data file.
    pub powers: Vec<Vec<Power>>,
    /// No move of the type takes it backward (Pawn, Soldier, Lance): its forward moves are
    /// irreversible.
    pub never_retreats: Vec<bool>,
    pub moves: ByColor<Vec<KindMoves>>,
    pub attacks: ByColor<AttackTables>,
    pub relay: RelayKinds,
    pub special: SpecialKinds,
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

impl Tables {
    /// Compiles the game `v` whose pieces have the parsed `powers`.
    pub fn build(v: &Variant, powers: Vec<Vec<Power>>) -> Tables {
        let pieces = &v.pieces;
        let o = v.rules.orientation;
        let shape = BoardShape::new(v.files, v.ranks, padding(pieces, &powers));
        let mut moves = ByColor::new(Vec::new(), Vec::new());
        let mut attacks = ByColor::new(AttackTables::default(), AttackTables::default());
        for c in Color::ALL {
            for (k, t) in pieces.iter().enumerate() {
                let km = compile_kind(&shape, t, &powers[k], o, c);
                add_attacks(&mut attacks[c], &shape, &km, k, pieces.len());
                moves[c].push(km);
            }
        }
        let relay = relay_kinds(&powers);
        let special = special_kinds(pieces, &powers, &moves);
        let relays = powers.iter().flatten().any(|p| p.moves_others());
        let never_retreats = pieces
            .iter()
            .zip(&powers)
            .map(|(t, pw)| !relays && pw.is_empty() && t.vectors.iter().all(|v| v.dy >= 0))
            .collect();
        let zone = zones(v, &shape);
        Tables { shape, zone, powers, never_retreats, moves, attacks, relay, special }
    }

    #[inline]
    pub fn in_zone(&self, c: Color, sq: Square) -> bool {
        self.zone[c][sq.index()]
    }

    /// Ranks from `sq` to the far edge for `c`: 1 on the last rank.
    #[inline]
    pub fn ranks_to_edge(&self, c: Color, sq: Square) -> i32 {
        match c {
            Color::White => self.shape.ranks as i32 - self.shape.rank_of(sq),
            Color::Black => self.shape.rank_of(sq) + 1,
        }
    }
}

/// The mailbox padding: the longest single vector of any atom or power, at least 1.
fn padding(pieces: &[PieceType], powers: &[Vec<Power>]) -> u8 {
    let mut pad = 1u8;
    for (t, pw) in pieces.iter().zip(powers) {
        for v in &t.vectors {
            pad = pad.max(v.dx.unsigned_abs()).max(v.dy.unsigned_abs());
        }
        for p in pw {
            pad = pad.max(p.reach());
        }
    }
    pad
}

/// Promotion zones per colour (none for the rule `capture`).
fn zones(v: &Variant, shape: &BoardShape) -> ByColor<Vec<bool>> {
    let cells = shape.cells as usize;
    let mut zone = ByColor::new(vec![false; cells], vec![false; cells]);
    let z = v.promotion.zone as i32;
    if v.promotion.rule == PromotionRule::Capture {
        return zone;
    }
    for sq in shape.squares() {
        let r = shape.rank_of(sq);
        zone.white[sq.index()] = z > 0 && r >= shape.ranks as i32 - z;
        zone.black[sq.index()] = r < z;
    }
    zone
}

fn relay_kinds(powers: &[Vec<Power>]) -> RelayKinds {
    let mut relay = RelayKinds::default();
    for (k, pw) in powers.iter().enumerate() {
        let kind = KindId(k as u8);
        for p in pw {
            let Power::Relay(rule) = p else { continue };
            let (set, list) = match *rule {
                RelayRule::Dervish { turn: true, corner_leaps } => {
                    if corner_leaps {
                        relay.dervish_corners.insert(kind);
                    }
                    (&mut relay.dervish, &mut relay.dervish_list)
                }
                RelayRule::Dervish { turn: false, .. } => (&mut relay.dervish_1999, &mut relay.dervish_1999_list),
                RelayRule::Harpy { knight_away: false } => (&mut relay.harpy, &mut relay.harpy_list),
                RelayRule::Harpy { knight_away: true } => (&mut relay.harpy_1999, &mut relay.harpy_1999_list),
            };
            set.insert(kind);
            list.push(kind);
        }
    }
    relay
}

fn special_kinds(pieces: &[PieceType], powers: &[Vec<Power>], moves: &ByColor<Vec<KindMoves>>) -> SpecialKinds {
    let mut special = SpecialKinds::default();
    let burns = |k: usize| powers[k].iter().any(|p| matches!(p, Power::Burn));
    for (k, t) in pieces.iter().enumerate() {
        let kind = KindId(k as u8);
        special.jump_rank.push(t.jump_rank);
        for p in &powers[k] {
            match p {
                Power::Area(n) => special.area.push((kind, *n)),
                Power::Immobilize => {
                    special.immobilizers.insert(kind);
                    special.immobilizer_list.push(kind);
                }
                Power::Hook(_) if !special.hooker_set.contains(kind) => {
                    special.hookers.push(kind);
                    special.hooker_set.insert(kind);
                }
                Power::Emperor { free_nonroyal_capture } => {
                    special.emperors.push(kind);
                    special.emperor_set.insert(kind);
                    if *free_nonroyal_capture {
                        special.free_emperors.insert(kind);
                    }
                }
                Power::KingLeap { .. } => special.king_leapers.insert(kind),
                _ => {}
            }
        }
        if burns(k) {
            special.burners.insert(kind);
        }
        if moves[Color::White][k].generated_attacks {
            special.generated_attackers.insert(kind);
            special.any_generated_attackers = true;
        }
        if burns(k) || t.promotes_to.is_some_and(|p| burns(p.index())) {
            special.may_burn.push(kind);
        }
    }
    special
}

fn compile_kind(shape: &BoardShape, t: &PieceType, powers: &[Power], o: Orientation, c: Color) -> KindMoves {
    let mut km = KindMoves::default();
    for v in &t.vectors {
        let (dx, dy) = orient(o, c, v.dx as i32, v.dy as i32);
        let delta = shape.delta(dx, dy);
        match v.travel {
            Travel::Leap | Travel::Lame => {
                let path = if v.travel == Travel::Lame { lame_path(shape, dx, dy) } else { ArrayVec::new() };
                km.ep_capturer |= v.en_passant;
                km.leaps.push(LeapT {
                    delta,
                    mode: v.mode,
                    ep: v.en_passant,
                    path,
                    dist: dx.abs().max(dy.abs()) as u8,
                });
            }
            Travel::Ride { max } => km.slides.push(SlideT {
                delta,
                mode: v.mode,
                max: if max == 0 { 255 } else { max },
                min: 1,
                skip: false,
                lame: false,
            }),
            Travel::Hop => km.hops.push(delta),
        }
    }
    for p in powers {
        match p {
            Power::Lion(rule) => {
                km.lion_pass_anywhere |= rule.pass_anywhere;
                match &rule.shape {
                    LionShape::King { steps: 2 } => km.lion = true,
                    LionShape::King { .. } => km.lion3 = true,
                    LionShape::Diagonal => km.double_diagonal = true,
                    LionShape::Lines(dirs) => {
                        for &(dx, dy) in dirs {
                            let (dx, dy) = orient(o, c, dx as i32, dy as i32);
                            km.lion_lines.push(shape.delta(dx, dy));
                        }
                    }
                }
            }
            Power::KingLeap { both_safe } => {
                km.king_leap = true;
                km.king_leap_both_safe = *both_safe;
            }
            Power::Bent(rule) => {
                for f in &rule.first {
                    let (sx, sy) = orient(o, c, f.dx as i32, f.dy as i32);
                    let mut conts = ArrayVec::new();
                    for (ux, uy) in rule.continuations((f.dx, f.dy)) {
                        let (ux, uy) = orient(o, c, ux as i32, uy as i32);
                        conts.push(shape.delta(ux, uy));
                    }
                    km.bents.push(BentT { first: shape.delta(sx, sy), first_mode: f.mode, conts });
                }
            }
            Power::SkipFirst(atoms) | Power::LeapFirst(atoms) => {
                let skip = matches!(p, Power::LeapFirst(_));
                for v in &atoms.vectors {
                    let (dx, dy) = orient(o, c, v.dx as i32, v.dy as i32);
                    let max = match v.travel {
                        Travel::Ride { max: 0 } => 255,
                        Travel::Ride { max } => max,
                        _ => 1,
                    };
                    km.slides.push(SlideT { delta: shape.delta(dx, dy), mode: v.mode, max, min: 2, skip, lame: false });
                }
            }
            Power::Shoot(atoms) => {
                for (dx, dy) in atoms.dirs() {
                    let (dx, dy) = orient(o, c, dx as i32, dy as i32);
                    km.shoot.push(shape.delta(dx, dy));
                }
            }
            Power::HopCapture(atoms) => {
                for (dx, dy) in atoms.dirs() {
                    let (dx, dy) = orient(o, c, dx as i32, dy as i32);
                    km.hop_captures.push(shape.delta(dx, dy));
                }
            }
            // Relays give moves to other pieces: `movegen::relay`, keyed by `Tables::relay`.
            Power::Relay(_) | Power::Immobilize => {}
            Power::Area(n) => km.area = *n,
            Power::JumpCapture(atoms) => {
                for (dx, dy) in atoms.dirs() {
                    let (dx, dy) = orient(o, c, dx as i32, dy as i32);
                    km.jump_lines.push(shape.delta(dx, dy));
                }
            }
            Power::LameRide(a) => {
                for v in &a.vectors {
                    let (dx, dy) = orient(o, c, v.dx as i32, v.dy as i32);
                    let max = match v.travel {
                        Travel::Ride { max: 0 } => 255,
                        Travel::Ride { max } => max,
                        _ => 1,
                    };
                    km.slides.push(SlideT {
                        delta: shape.delta(dx, dy),
                        mode: v.mode,
                        max,
                        min: 1,
                        skip: false,
                        lame: true,
                    });
                }
            }
            Power::Cicada => km.cicada = true,
            Power::ConvertAhead => km.convert_ahead = true,
            Power::Withdraw { optional } => {
                km.withdraw = true;
                km.withdraw_optional = *optional;
            }
            Power::Approach => km.approach = true,
            Power::Convert(a) | Power::Swap(a) => {
                for v in &a.vectors {
                    let (dx, dy) = orient(o, c, v.dx as i32, v.dy as i32);
                    let d = shape.delta(dx, dy);
                    if matches!(p, Power::Convert(_)) {
                        km.convert.push(d)
                    } else {
                        km.swap.push(d)
                    }
                }
            }
            Power::Parrot(a) => {
                for (dx, dy) in a.dirs() {
                    let (dx, dy) = orient(o, c, dx as i32, dy as i32);
                    km.parrot.push(shape.delta(dx, dy));
                }
            }
            Power::Sweep(a) | Power::ShootLine(a) | Power::LongLeap(a) => {
                for v in &a.vectors {
                    let (dx, dy) = orient(o, c, v.dx as i32, v.dy as i32);
                    let d = shape.delta(dx, dy);
                    match (p, v.travel) {
                        (Power::Sweep(_), Travel::Ride { max }) => km.sweep.push((d, if max == 0 { 255 } else { max })),
                        (Power::ShootLine(_), _) => km.shoot_line.push(d),
                        _ => km.long_leap.push(d),
                    }
                }
            }
            Power::Hook(rule) => {
                for &(fx, fy) in &rule.first {
                    let (sx, sy) = orient(o, c, fx as i32, fy as i32);
                    let mut turns = ArrayVec::new();
                    let mut turns_v = ArrayVec::new();
                    for (ux, uy) in rule.turns((fx, fy)) {
                        let (ux, uy) = orient(o, c, ux as i32, uy as i32);
                        turns.push(shape.delta(ux, uy));
                        turns_v.push((ux, uy));
                    }
                    km.hooks.push(HookT { first: shape.delta(sx, sy), turns, first_v: (sx, sy), turns_v });
                }
            }
            Power::Emperor { .. } => km.emperor = true,
            // Burning is a forced effect of `make` (`movegen::burn`), not a move.
            Power::Burn => {}
        }
    }
    // Duplicate targets: a leap that lands on a square a slide also reaches, or two leaps to
    // the same square with different travel.
    let mut dup = false;
    for (i, l) in km.leaps.iter().enumerate() {
        if km.leaps[..i].iter().any(|m| m.delta == l.delta) {
            dup = true;
        }
        for s in &km.slides {
            for k in (s.min as i32)..=(s.max.min(30) as i32) {
                if s.delta * k == l.delta {
                    dup = true;
                }
            }
        }
    }
    for (i, s) in km.slides.iter().enumerate() {
        if km.slides[..i].iter().any(|m| m.delta == s.delta) {
            dup = true;
        }
    }
    if (km.lion || !km.lion_lines.is_empty()) && (!km.leaps.is_empty() || !km.slides.is_empty()) {
        // Lion lines coincide with slides only in other directions; a full lion plus atoms
        // could overlap.
        dup |= km.lion;
    }
    // An area move reaches squares the piece's slides reach too; the Harpy's double steps land
    // where its A and D leaps do (only its capture-and-continue moves are its own, but merging
    // keeps the rule simple).
    dup |= km.area > 0 || km.double_diagonal;
    // A hook move may reach one square through two corners (and a Long-Nosed Goblin's steps
    // are merged with it for simplicity).
    dup |= km.hooks.iter().any(|h| !h.turns.is_empty());
    dup |= km.lion3;
    km.needs_dedup = dup;
    km.emperor_only = km.emperor && t.vectors.is_empty() && powers.len() == 1;
    for l in &km.leaps {
        if l.mode.captures && l.path.is_empty() && !l.ep {
            km.capture_leaps.push((l.delta, l.dist == 1));
        } else if l.mode.captures {
            km.capture_leaps_special = true;
        }
    }
    km.capture_slides = km.slides.iter().filter(|s| s.mode.captures).map(|s| (s.delta, s.min, s.max)).collect();
    km.pass_needs_empty_step = t.pass_needs_empty_step;
    km.generated_attacks = km.cicada
        || !km.convert.is_empty()
        || km.convert_ahead
        || km.withdraw
        || km.approach
        || !km.sweep.is_empty()
        || !km.parrot.is_empty()
        || !km.shoot_line.is_empty()
        || !km.long_leap.is_empty()
        || km.slides.iter().any(|s| s.lame);
    km
}

fn add_attacks(at: &mut AttackTables, shape: &BoardShape, km: &KindMoves, k: usize, nkinds: usize) {
    let add_leap = |at: &mut AttackTables, delta: i32| {
        let d = -delta;
        match at.leaps.iter_mut().find(|(x, _)| *x == d) {
            Some((_, set)) => set.insert(KindId(k as u8)),
            None => {
                let mut s = KindSet::default();
                s.insert(KindId(k as u8));
                at.leaps.push((d, s));
            }
        }
    };
    for l in &km.leaps {
        if !l.mode.captures {
            continue;
        }
        if l.path.is_empty() {
            add_leap(at, l.delta);
        } else {
            let d = -l.delta;
            match at.lame.iter_mut().find(|(x, p, _)| *x == d && *p == l.path) {
                Some((_, _, set)) => set.insert(KindId(k as u8)),
                None => {
                    let mut s = KindSet::default();
                    s.insert(KindId(k as u8));
                    at.lame.push((d, l.path.clone(), s));
                }
            }
        }
    }
    if km.lion {
        for dx in -2..=2 {
            for dy in -2..=2 {
                if (dx, dy) != (0, 0) {
                    add_leap(at, shape.delta(dx, dy));
                }
            }
        }
    }
    if km.lion3 {
        for dx in -3..=3 {
            for dy in -3..=3 {
                if (dx, dy) != (0, 0) {
                    add_leap(at, shape.delta(dx, dy));
                }
            }
        }
    }
    for &u in &km.lion_lines {
        add_leap(at, u);
        add_leap(at, 2 * u);
    }
    // A hook's first leg alone is a plain slide; its two-leg captures are `hook::attacks`.
    let hook_slides: Vec<SlideT> = km
        .hooks
        .iter()
        .map(|h| SlideT {
            delta: h.first,
            mode: crate::variant::betza::Mode::BOTH,
            max: 255,
            min: 1,
            skip: false,
            lame: false,
        })
        .collect();
    for s in km.slides.iter().chain(hook_slides.iter()) {
        // Lame riders' attacks come from generation (`generated_attacks`).
        if !s.mode.captures || s.lame {
            continue;
        }
        let d = -s.delta;
        let list = if s.skip { &mut at.skip_slides } else { &mut at.slides };
        let idx = match list.iter().position(|(x, _)| *x == d) {
            Some(i) => i,
            None => {
                list.push((d, vec![(0, 0); nkinds]));
                list.len() - 1
            }
        };
        // Ranges of one type in one direction start at 1 or 2, so their union is one range.
        let r = &mut list[idx].1[k];
        *r = if r.1 == 0 { (s.min, s.max) } else { (r.0.min(s.min), r.1.max(s.max)) };
    }
    for &e in &km.shoot {
        add_leap(at, e);
    }
    for &j in &km.jump_lines {
        let d = -j;
        match at.jumps.iter_mut().find(|(x, _)| *x == d) {
            Some((_, set)) => set.insert(KindId(k as u8)),
            None => {
                let mut s = KindSet::default();
                s.insert(KindId(k as u8));
                at.jumps.push((d, s));
            }
        }
    }
    for &e in &km.hop_captures {
        let d = -e;
        match at.hop_captures.iter_mut().find(|(x, _)| *x == d) {
            Some((_, set)) => set.insert(KindId(k as u8)),
            None => {
                let mut s = KindSet::default();
                s.insert(KindId(k as u8));
                at.hop_captures.push((d, s));
            }
        }
    }
    for &h in &km.hops {
        let d = -h;
        match at.hops.iter_mut().find(|(x, _)| *x == d) {
            Some((_, set)) => set.insert(KindId(k as u8)),
            None => {
                let mut s = KindSet::default();
                s.insert(KindId(k as u8));
                at.hops.push((d, s));
            }
        }
    }
    for b in &km.bents {
        if b.first_mode.captures {
            add_leap(at, b.first);
        }
        for &u in &b.conts {
            let idx = match at.bents.iter().position(|(x, _)| *x == u) {
                Some(i) => i,
                None => {
                    at.bents.push((u, Vec::new()));
                    at.bents.len() - 1
                }
            };
            let list = &mut at.bents[idx].1;
            match list.iter_mut().find(|(s, _)| *s == b.first) {
                Some((_, set)) => set.insert(KindId(k as u8)),
                None => {
                    let mut s = KindSet::default();
                    s.insert(KindId(k as u8));
                    list.push((b.first, s));
                }
            }
        }
    }
}
