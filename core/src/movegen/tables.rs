//! Move and attack tables compiled from the piece catalogue for one board shape.
//!
//! They are built once when a game loads and never change. Move tables say, per colour and
//! piece type, what to try from a square (its atoms and its compiled powers, in generation
//! order); attack tables answer "which piece types could capture on this square from there" by
//! reverse lookup, so an attack query rarely generates moves.

use super::atoms::Atoms;
use super::influence::Influence;
use super::power::{Captures, Steps};
use super::powers::{Gen, Power, Registry};
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
/// per colour, the reverse attack tables, and what the game keeps of each power (its registry).
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
    /// What the game keeps of each power, and which powers its attack detection asks.
    pub registry: Registry,
    /// Lions in the sense of Chu Shogi's lion-capture rules (the piece flag `lion`).
    pub lions: KindSet,
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
        let mut registry = Registry::default();
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
                };
                compile_kind(&mut cx, &mut registry, &powers[k]);
                moves[c].push(km);
            }
        }
        registry.finish(pieces);
        let mut lions = KindSet::default();
        for (k, t) in pieces.iter().enumerate() {
            if t.lion {
                lions.insert(KindId(k as u8));
            }
        }
        // A type whose moves may burn (a burner, or one that promotes to a burner) has its
        // captures found by filtering all its moves: a move that only burns takes pieces too.
        for c in Color::ALL {
            for k in 0..pieces.len() {
                if registry.burns_with(KindId(k as u8)) {
                    moves[c][k].capture_search = CaptureSearch::Filter;
                }
            }
        }
        // A piece lent moves by a friend (a relay) may move backward whatever its own moves.
        let lent = registry.lends();
        let never_retreats = pieces
            .iter()
            .zip(&powers)
            .map(|(t, pw)| !lent && pw.is_empty() && t.vectors.iter().all(|v| v.dy >= 0))
            .collect();
        for c in Color::ALL {
            let at = &mut attacks[c];
            at.slide_vectors = at.slides.iter().map(|(d, _)| shape.vector(*d)).collect();
            at.hop_vectors = at.hops.iter().map(|(d, _)| shape.vector(*d)).collect();
            if registry.attacks_in_tables() {
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
            registry,
            lions,
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
fn compile_kind(cx: &mut Compile<'_>, registry: &mut Registry, powers: &[Power]) {
    cx.moves.atoms = Atoms::compile(cx.shape, &cx.piece.vectors, cx.orientation, cx.color, cx.piece.initial_rank);
    cx.moves.atoms.add_attacks(cx.attacks, cx.kind, cx.kinds);
    for p in powers {
        if let Some(g) = registry.compile(p, cx) {
            cx.moves.add_gen(g);
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
