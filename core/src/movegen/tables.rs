//! Move and attack tables compiled from the piece catalogue for one board shape.
//!
//! They are built once when a game loads and never change. Move tables say, per colour and
//! piece type, what to try from a square (its atoms and its compiled powers, in generation
//! order); attack tables answer "which piece types could capture on this square from there" by
//! reverse lookup (`attack_tables`), so an attack query rarely generates moves; the registry
//! (`powers`) holds what the game keeps of each power.

use super::atoms::Atoms;
use super::attack_tables::{AttackTables, RaysThrough};
use super::castling;
use super::kind_set::KindSet;
use super::power::{Captures, Compile};
use super::powers::{Gen, Power, Registry};
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::variant::{KindId, PieceType, PromotionRule, Variant};

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
    /// Its moves are its plain atoms' alone (no power, no duplicate targets): the generator
    /// runs their loops inline.
    pub(crate) plain_only: bool,
    /// Its moves are listed sorted (by [`Move`]'s order), as the generator listed them when it
    /// took these types' atoms for overlapping (a mailbox-offset coincidence, see
    /// [`Atoms::overlaps`]) and merged duplicates by sorting: kept so that the search meets the
    /// moves in the same order and searches the same trees.
    pub(crate) sorted: bool,
}

impl KindMoves {
    /// Adds a compiled power at its place in the generation order, merged with another call of
    /// the same power.
    fn add_gen(&mut self, g: Gen) {
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

/// What the promotion rules need to know of one piece type, compiled from its data into a few
/// bytes (`Tables::promotion`), so that the generators, which ask at every move, read no more.
#[derive(Clone, Copy, Debug, Default)]
pub struct Promotes {
    /// The type it becomes (the first of a list), `None` if it never promotes.
    pub target: Option<KindId>,
    /// It chooses among several types (`promotion_targets`), written as a suffix.
    pub suffix: bool,
    pub(crate) optional: bool,
    pub(crate) needs_step: bool,
    pub(crate) forced_ranks: u8,
    pub(crate) chance_ranks: u8,
}

impl Promotes {
    fn of(t: &PieceType) -> Promotes {
        Promotes {
            target: t.promotes_to,
            suffix: t.promotion_suffix,
            optional: t.promotion_optional,
            needs_step: t.promotion_needs_step,
            forced_ranks: t.forced_promotion_ranks,
            chance_ranks: t.promotion_chance_ranks,
        }
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
    pub castling: Option<castling::Compiled>,
    /// The game's promotion rule, and what each type's promotion needs (`promotion::push`).
    pub promotion_rule: PromotionRule,
    promotes: Vec<Promotes>,
}

impl Tables {
    /// Compiles the game `v` whose pieces have the parsed `powers`, on a mailbox padded by
    /// `pad` (their `padding`, which `Game::new` has checked fits).
    pub fn build(v: &Variant, powers: Vec<Vec<Power>>, pad: u8) -> Tables {
        let pieces = &v.pieces;
        let shape = BoardShape::new(v.files, v.ranks, pad);
        let mut moves = ByColor::new(Vec::new(), Vec::new());
        let mut attacks = ByColor::new(AttackTables::default(), AttackTables::default());
        let mut registry = Registry::default();
        for c in Color::ALL {
            for (k, t) in pieces.iter().enumerate() {
                let mut cx = Compile {
                    shape: &shape,
                    orientation: v.rules.orientation,
                    color: c,
                    kind: KindId(k as u8),
                    kinds: pieces.len(),
                    piece: t,
                    atoms: &mut Atoms::default(),
                    attacks: &mut attacks[c],
                };
                moves[c].push(compile_kind(&mut cx, &mut registry, &powers[k]));
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
            let span = i32::from(shape.files.max(shape.ranks)) - 1;
            at.rays = RaysThrough::build(span, &at.slide_vectors, &at.hop_vectors);
            if registry.attacks_in_tables() {
                at.influence = at.influence(&shape);
            }
        }
        let zone = zones(v, &shape);
        let castling = castling::Compiled::build(v, &shape);
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
fn compile_kind(cx: &mut Compile<'_>, registry: &mut Registry, powers: &[Power]) -> KindMoves {
    *cx.atoms = Atoms::compile(cx.shape, &cx.piece.vectors, cx.orientation, cx.color, cx.piece.initial_rank);
    cx.atoms.add_attacks(cx.attacks, cx.kind, cx.kinds);
    let mut km = KindMoves::default();
    for p in powers {
        if let Some(g) = registry.compile(p, cx) {
            km.add_gen(g);
        }
        if p.quiescence() == Captures::Filtered {
            km.capture_search = CaptureSearch::Filter;
        }
    }
    km.atoms = std::mem::take(cx.atoms);
    km.atoms.promotes = cx.piece.promotes_to.is_some();
    km.atoms.finish();
    let has_atoms = km.atoms.any();
    km.sorted = km.atoms.overlaps_by_offset();
    km.needs_dedup = km.atoms.overlaps(cx.shape) || km.gens.iter().any(|g| g.overlaps(has_atoms));
    if km.atoms.needs_filter() {
        km.capture_search = CaptureSearch::Filter;
    }
    km.plain_only = km.atoms.plain && km.gens.is_empty() && !km.needs_dedup;
    km
}

/// The mailbox padding: the longest single vector of any atom or power, at least 1.
pub(crate) fn padding(pieces: &[PieceType], powers: &[Vec<Power>]) -> u8 {
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
