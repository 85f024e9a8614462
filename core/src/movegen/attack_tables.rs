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
    /// Which of `slides` and of `hops` have a ray from a target through a square at each
    /// (file, rank) offset from it (`attack::attacked_through`).
    pub(crate) rays: RaysThrough,
}

/// For each (file, rank) offset of a board, the entries of a slide table and of a hop table
/// whose ray from the target passes through it: the lines a changed square can open or close.
/// Read instead of testing every direction against the offset at each attack test.
#[derive(Clone, Debug, Default)]
pub(crate) struct RaysThrough {
    /// The largest offset on either axis (the board's larger side less one).
    span: i32,
    /// Per offset, where its entries start in `slides` / `hops` (one more at the end).
    slide_starts: Vec<u32>,
    slides: Vec<u8>,
    hop_starts: Vec<u32>,
    hops: Vec<u8>,
}

impl RaysThrough {
    /// The offsets of `span` squares at most each way on rays of the `slide` and `hop` steps.
    pub(crate) fn build(span: i32, slide: &[(i32, i32)], hop: &[(i32, i32)]) -> RaysThrough {
        let side = 2 * span + 1;
        let table = |steps: &[(i32, i32)]| {
            let mut per: Vec<Vec<u8>> = vec![Vec::new(); (side * side) as usize];
            for (j, &(ux, uy)) in steps.iter().enumerate() {
                let j = u8::try_from(j).expect("at most 256 slide or hop directions");
                let mut k = 1;
                while (k * ux).abs() <= span && (k * uy).abs() <= span && (ux, uy) != (0, 0) {
                    per[((k * uy + span) * side + k * ux + span) as usize].push(j);
                    k += 1;
                }
            }
            let mut starts = Vec::with_capacity(per.len() + 1);
            let mut flat = Vec::new();
            for e in &per {
                starts.push(flat.len() as u32);
                flat.extend_from_slice(e);
            }
            starts.push(flat.len() as u32);
            (starts, flat)
        };
        let (slide_starts, slides) = table(slide);
        let (hop_starts, hops) = table(hop);
        RaysThrough { span, slide_starts, slides, hop_starts, hops }
    }

    fn index(&self, dx: i32, dy: i32) -> Option<usize> {
        (dx.abs() <= self.span && dy.abs() <= self.span)
            .then(|| ((dy + self.span) * (2 * self.span + 1) + dx + self.span) as usize)
    }

    /// The slide entries whose ray from a target passes through the square `(dx, dy)` from it.
    #[inline]
    pub(crate) fn slides(&self, dx: i32, dy: i32) -> &[u8] {
        self.index(dx, dy)
            .map_or(&[], |i| &self.slides[self.slide_starts[i] as usize..self.slide_starts[i + 1] as usize])
    }

    /// The hop entries whose ray from a target passes through the square `(dx, dy)` from it.
    #[inline]
    pub(crate) fn hops(&self, dx: i32, dy: i32) -> &[u8] {
        self.index(dx, dy).map_or(&[], |i| &self.hops[self.hop_starts[i] as usize..self.hop_starts[i + 1] as usize])
    }
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

#[cfg(test)]
mod tests {
    use super::RaysThrough;

    /// Every offset of a 16x16 board lists exactly the steps of whose rays it is a multiple.
    #[test]
    fn an_offset_lists_the_rays_through_it() {
        let steps = [(0, 1), (1, 1), (-1, 0), (1, 2), (2, 2), (-2, 1), (0, -3)];
        let rays = RaysThrough::build(15, &steps, &steps[..2]);
        for dy in -15..=15 {
            for dx in -15..=15 {
                let on = |&(ux, uy): &(i32, i32)| (1..=15).any(|k| (k * ux, k * uy) == (dx, dy));
                let want: Vec<u8> = (0..steps.len() as u8).filter(|&j| on(&steps[j as usize])).collect();
                assert_eq!(rays.slides(dx, dy), &want[..], "({dx}, {dy})");
                let hops: Vec<u8> = want.iter().copied().filter(|&j| j < 2).collect();
                assert_eq!(rays.hops(dx, dy), &hops[..], "({dx}, {dy})");
            }
        }
        assert!(rays.slides(16, 0).is_empty(), "off the table: no ray");
        assert_eq!(rays.slides(2, 2), &[1, 4], "on the diagonal and on the two-step one");
    }
}
