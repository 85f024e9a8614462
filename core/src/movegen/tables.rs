//! Move and attack tables compiled from the piece catalogue for one board shape.
//!
//! They are built once when a game loads and never change. Move tables say, per colour and
//! piece type, what to try from a square (its atoms and its compiled powers, in generation
//! order); attack tables answer "which piece types could capture on this square from there" by
//! reverse lookup, so an attack query rarely generates moves.

use super::atoms::Atoms;
use super::influence::Influence;
use super::power::{Attacks, Captures, Steps};
use super::powers::{bent, hop_capture, jump, leap_first, relay, Gen, Power, PowerKind};
use super::promotion::Promotes;
use crate::cell::Cell;
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::variant::{orient, KindId, Orientation, PieceType, PromotionRule, Variant};
use arrayvec::ArrayVec;

/// A set of piece types (up to 256).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindSet([u64; 4]);

impl KindSet {
    #[inline]
    pub(crate) fn insert(&mut self, k: KindId) {
        let k = k.index();
        self.0[k >> 6] |= 1 << (k & 63);
    }
    /// Whether type `k` is in the set.
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
    /// Whether the set holds no type.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
    /// Whether `cell` holds a piece (of either colour) whose type is in the set.
    #[inline]
    pub fn contains_cell(&self, cell: Cell) -> bool {
        cell.piece().is_some_and(|p| self.contains(p.kind()))
    }
}

/// How quiescence finds a type's captures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CaptureSearch {
    /// From the atom capture lists and the powers that list their captures.
    #[default]
    Lists,
    /// By generating all the piece's moves and keeping the captures.
    Filter,
}

/// What one piece type (of one colour) may try.
#[derive(Clone, Debug, Default)]
pub struct KindMoves {
    /// The moves of its Betza string (and of the powers that are riders with a rule).
    pub atoms: Atoms,
    /// Its compiled powers, in generation order.
    pub(crate) gens: Vec<Gen>,
    /// Some targets can be reached twice: the generator merges duplicates.
    pub needs_dedup: bool,
    pub(crate) capture_search: CaptureSearch,
    /// Its captures are found by generation (a power the attack tables cannot say).
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
    /// Cannon hops: (delta from target toward the attacker, types).
    pub hops: Vec<(i32, KindSet)>,
    /// The tables of powers that walk their own (`Attacks::Own`).
    pub bent: bent::AttackTable,
    pub(crate) hop_capture: hop_capture::AttackTable,
    pub(crate) leap_first: leap_first::AttackTable,
    pub(crate) jump: jump::AttackTable,
    /// The squares, around a target, that can decide an attack by this side (`influence`).
    pub influence: Influence,
    /// The (file, rank) step of each entry of `slides` and of `hops`.
    pub slide_vectors: Vec<(i32, i32)>,
    pub(crate) hop_vectors: Vec<(i32, i32)>,
}

/// Adds type `k` to the set of `list` whose key is `key`.
pub fn add_to<K: PartialEq + Copy>(list: &mut Vec<(K, KindSet)>, key: K, k: KindId) {
    match list.iter_mut().find(|(x, _)| *x == key) {
        Some((_, set)) => set.insert(k),
        None => {
            let mut s = KindSet::default();
            s.insert(k);
            list.push((key, s));
        }
    }
}

impl AttackTables {
    /// Type `k` captures with a leap of `delta` (attacker to target).
    pub fn add_leap(&mut self, delta: i32, k: KindId) {
        add_to(&mut self.leaps, -delta, k);
    }

    /// Type `k` captures sliding along `delta` (attacker to target) at distances `min..=max`.
    pub fn add_slide(&mut self, delta: i32, min: u8, max: u8, k: KindId, kinds: usize) {
        add_range(&mut self.slides, delta, min, max, k, kinds);
    }
}

/// Adds the capturing distances `min..=max` of type `k` along `delta` (attacker to target) to a
/// slide table. Ranges of one type in one direction start at 1 or 2, so their union is one.
pub fn add_range(list: &mut Vec<(i32, Vec<(u8, u8)>)>, delta: i32, min: u8, max: u8, k: KindId, kinds: usize) {
    let d = -delta;
    let idx = match list.iter().position(|(x, _)| *x == d) {
        Some(i) => i,
        None => {
            list.push((d, vec![(0, 0); kinds]));
            list.len() - 1
        }
    };
    let r = &mut list[idx].1[k.index()];
    *r = if r.1 == 0 { (min, max) } else { (r.0.min(min), r.1.max(max)) };
}

/// The game's sets of types whose powers act beyond their own moves.
#[derive(Clone, Debug, Default)]
pub struct Sets {
    /// Relayers (`relay`).
    pub relay: relay::RelayKinds,
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
    pub(crate) immobilizer_list: Vec<KindId>,
    /// Types whose attacks are found by generating their moves (`Attacks::Generated`).
    pub generated_attackers: KindSet,
    pub(crate) any_generated_attackers: bool,
    /// Types with hook moves.
    pub hookers: Vec<KindId>,
    pub(crate) hooker_set: KindSet,
    /// Types with the Emperor's move, and those of them that may take any non-royal.
    pub emperors: Vec<KindId>,
    pub(crate) emperor_set: KindSet,
    pub(crate) free_emperors: KindSet,
    /// Types with the King leap (Bigorra): their moves end the leap right.
    pub king_leapers: KindSet,
    /// Lions in the sense of Chu Shogi's lion-capture rules (the piece flag `lion`).
    pub lions: KindSet,
    /// The powers whose own attack tests the game asks (`Attacks::Own`), and those asked after
    /// the others (`Attacks::OwnAfterOthers`).
    pub(crate) own_attackers: Vec<PowerKind>,
    pub(crate) last_attackers: Vec<PowerKind>,
}

impl Sets {
    /// Adds `k` to a list of types once.
    pub fn list(list: &mut Vec<KindId>, k: KindId) {
        if !list.contains(&k) {
            list.push(k);
        }
    }
}

/// What compiling one piece type for one colour builds.
pub struct Compile<'a> {
    pub(crate) shape: &'a BoardShape,
    pub(crate) orientation: Orientation,
    pub(crate) color: Color,
    pub(crate) kind: KindId,
    /// The number of types of the game (slide tables keep a range per type).
    pub kinds: usize,
    pub(crate) piece: &'a PieceType,
    pub(crate) moves: &'a mut KindMoves,
    pub(crate) attacks: &'a mut AttackTables,
    pub(crate) sets: &'a mut Sets,
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
}

/// What a game's pieces may do, compiled once from its data: the board shape (its padding is
/// the longest reach of any move), the promotion zones, each type's parsed powers and its moves
/// per colour, the reverse attack tables, and the sets of types with game-wide powers.
pub struct Tables {
    pub(crate) shape: BoardShape,
    /// Promotion zone membership, indexed by mailbox square: bit `c.index()` for colour `c`
    /// (one load answers a question the generators ask at nearly every move).
    zone: Vec<u8>,
    /// Each type's powers, as parsed from the data file.
    pub powers: Vec<Vec<Power>>,
    /// No move of the type takes it backward (Pawn, Soldier, Lance): its forward moves are
    /// irreversible.
    pub never_retreats: Vec<bool>,
    pub(crate) moves: ByColor<Vec<KindMoves>>,
    /// Reverse attack tables per attacking colour: which types capture onto a square from where.
    pub attacks: ByColor<AttackTables>,
    /// The game's sets of types whose powers act beyond their own moves (relayers, burners, ...).
    pub special: Sets,
    /// Castling, if the game plays it.
    pub castling: Option<super::castling::Compiled>,
    /// The game's promotion rule, and what each type's promotion needs (`promotion::push`).
    pub promotion_rule: PromotionRule,
    promotes: Vec<Promotes>,
}

impl Tables {
    /// Compiles the game `v` whose pieces have the parsed `powers`.
    pub fn build(v: &Variant, powers: Vec<Vec<Power>>) -> Tables {
        let pieces = &v.pieces;
        let shape = BoardShape::new(v.files, v.ranks, padding(pieces, &powers));
        let mut moves = ByColor::new(Vec::new(), Vec::new());
        let mut attacks = ByColor::new(AttackTables::default(), AttackTables::default());
        let mut sets = Sets::default();
        for c in Color::ALL {
            for (k, t) in pieces.iter().enumerate() {
                let mut km = KindMoves::default();
                let mut cx = Compile {
                    shape: &shape,
                    orientation: v.rules.orientation,
                    color: c,
                    kind: KindId(k as u8),
                    kinds: pieces.len(),
                    piece: t,
                    moves: &mut km,
                    attacks: &mut attacks[c],
                    sets: &mut sets,
                };
                compile_kind(&mut cx, &powers[k]);
                moves[c].push(km);
            }
        }
        finish_sets(&mut sets, pieces, &powers);
        // A type that promotes to a burner burns with its promoting moves: quiescence filters its
        // moves too (the burners themselves say so with their power, `Captures::Filtered`).
        for c in Color::ALL {
            for &k in &sets.may_burn {
                moves[c][k.index()].capture_search = CaptureSearch::Filter;
            }
        }
        let relays = powers.iter().flatten().any(|p| p.kind() == PowerKind::Relay);
        let never_retreats = pieces
            .iter()
            .zip(&powers)
            .map(|(t, pw)| !relays && pw.is_empty() && t.vectors.iter().all(|v| v.dy >= 0))
            .collect();
        for c in Color::ALL {
            let at = &mut attacks[c];
            at.slide_vectors = at.slides.iter().map(|(d, _)| shape.vector(*d)).collect();
            at.hop_vectors = at.hops.iter().map(|(d, _)| shape.vector(*d)).collect();
            if bounded_influence(&sets) {
                at.influence = Influence::of_tables(&shape, at);
            }
        }
        let zone = zones(v, &shape);
        let castling = super::castling::Compiled::build(v, &shape);
        let promotes = pieces.iter().map(Promotes::of).collect();
        Tables {
            shape,
            zone,
            powers,
            never_retreats,
            moves,
            attacks,
            special: sets,
            castling,
            promotion_rule: v.promotion.rule,
            promotes,
        }
    }

    /// Whether `sq` is in `c`'s promotion zone.
    #[inline]
    pub fn in_zone(&self, c: Color, sq: Square) -> bool {
        self.zone[sq.index()] >> c.index() & 1 != 0
    }

    /// Ranks from `sq` to the far edge for `c`: 1 on the last rank.
    #[inline]
    pub fn ranks_to_edge(&self, c: Color, sq: Square) -> i32 {
        match c {
            Color::White => self.shape.ranks as i32 - self.shape.rank_of(sq),
            Color::Black => self.shape.rank_of(sq) + 1,
        }
    }

    /// What the promotion of `kind` needs.
    #[inline]
    pub fn promotion(&self, kind: KindId) -> &Promotes {
        &self.promotes[kind.index()]
    }

    /// The compiled moves of `kind` for `c`.
    #[inline]
    pub fn kind(&self, c: Color, kind: KindId) -> &KindMoves {
        &self.moves[c][kind.index()]
    }
}

/// Compiles one type for one colour: its atoms, then its powers, then what follows from both.
fn compile_kind(cx: &mut Compile<'_>, powers: &[Power]) {
    cx.moves.atoms = Atoms::compile(cx.shape, &cx.piece.vectors, cx.orientation, cx.color, cx.piece.initial_rank);
    cx.moves.atoms.add_attacks(cx.attacks, cx.kind, cx.kinds);
    for p in powers {
        p.compile(cx);
        match p.attacks() {
            Attacks::Own => add_once(&mut cx.sets.own_attackers, p.kind()),
            Attacks::OwnAfterOthers => add_once(&mut cx.sets.last_attackers, p.kind()),
            Attacks::Generated => {
                cx.moves.generated_attacks = true;
                cx.sets.generated_attackers.insert(cx.kind);
                cx.sets.any_generated_attackers = true;
            }
            Attacks::Never | Attacks::Tables => {}
        }
        if p.captures() == Captures::Filtered {
            cx.moves.capture_search = CaptureSearch::Filter;
        }
    }
    let km = &mut *cx.moves;
    km.atoms.finish();
    let has_atoms = km.atoms.any();
    km.needs_dedup = km.atoms.overlaps() || km.gens.iter().any(|g| g.overlaps(has_atoms));
    if km.atoms.needs_filter() {
        km.capture_search = CaptureSearch::Filter;
    }
}

/// Whether every capture of the game is in the reverse tables, so that the squares deciding an
/// attack are those the tables name (see `influence`): no power with an attack test of its own,
/// no relays, no freezing.
fn bounded_influence(sets: &Sets) -> bool {
    sets.own_attackers.is_empty()
        && sets.last_attackers.is_empty()
        && !sets.any_generated_attackers
        && !sets.relay.any()
        && sets.immobilizer_list.is_empty()
}

fn add_once(list: &mut Vec<PowerKind>, k: PowerKind) {
    if !list.contains(&k) {
        list.push(k);
    }
}

/// The sets that follow from the whole catalogue.
fn finish_sets(sets: &mut Sets, pieces: &[PieceType], powers: &[Vec<Power>]) {
    let burns = |k: usize| powers[k].iter().any(|p| p.kind() == PowerKind::Burn);
    for (k, t) in pieces.iter().enumerate() {
        sets.jump_rank.push(t.jump_rank);
        if t.lion {
            sets.lions.insert(KindId(k as u8));
        }
        if burns(k) || t.promotes_to.is_some_and(|p| burns(p.index())) {
            sets.may_burn.push(KindId(k as u8));
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

/// Promotion zones, a bit per colour and square (none for the rule `capture`).
fn zones(v: &Variant, shape: &BoardShape) -> Vec<u8> {
    let mut zone = vec![0u8; shape.cells as usize];
    let z = v.promotion.zone as i32;
    if v.promotion.rule == PromotionRule::Capture {
        return zone;
    }
    for sq in shape.squares() {
        let r = shape.rank_of(sq);
        let white = z > 0 && r >= shape.ranks as i32 - z;
        let black = r < z;
        zone[sq.index()] = (white as u8) << Color::White.index() | (black as u8) << Color::Black.index();
    }
    zone
}
