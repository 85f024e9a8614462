//! [`AttackTables`]: the reverse attack tables of one colour, which answer "which piece types
//! could capture on this square from there" by lookup, so that an attack query rarely generates
//! moves. The atoms and the powers whose captures are leaps or slides add their entries when a
//! game compiles (`Atoms::add_attacks`, `Compile::attacks`); `attack` reads them.

use super::influence::Influence;
use super::kind_set::KindSet;
use crate::geometry::BoardShape;
use crate::variant::KindId;
use arrayvec::ArrayVec;

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

impl AttackTables {
    /// The squares that can decide an attack by this side, when every capture of the game is in
    /// these tables: each leap's origin and lame path, each line of a slide or hop.
    pub(crate) fn influence(&self, shape: &BoardShape) -> Influence {
        let points =
            self.leaps.iter().map(|(d, _)| shape.vector(*d)).chain(self.lame.iter().flat_map(|(d, path, _)| {
                let (dx, dy) = shape.vector(*d);
                std::iter::once((dx, dy)).chain(path.iter().map(move |p| {
                    let (px, py) = shape.vector(*p);
                    (dx + px, dy + py)
                }))
            }));
        let lines =
            self.slides.iter().map(|(d, _)| d).chain(self.hops.iter().map(|(d, _)| d)).map(|d| shape.vector(*d));
        Influence::of(shape, points, lines)
    }
}
