//! Which squares can decide an attack: for a side whose captures the reverse attack tables say
//! whole (leaps, lame leaps, slides, hops), the squares around a target, as offsets from it,
//! whose contents can make or unmake that side's attack on it. A move that changes no such
//! square leaves the attack as it was, so the search knows without making the move that a
//! quiet move gives no check (`search::worker`), and a question about a move's effect on a
//! royal is answered from the position before it.
//!
//! Attackers stand on these squares (a leap's origin, a rider's line), and so do the squares
//! their path crosses (a lame leap's path, a line's blockers, a hopper's screen). Lines are
//! taken whole, to the edge of any board of the game's size: a wider set than needed is still
//! right. Where a power finds its attacks in its own way (`Attacks::Own`, `OwnAfterOthers`,
//! `Generated`), or relays and freezing change what pieces may do, nothing is said: the set is
//! [`Influence::Unbounded`].

use crate::geometry::{BoardShape, Square};

/// The squares that can decide whether one side attacks a target.
#[derive(Clone, Debug, Default)]
pub enum Influence {
    /// Any square may: the caller must look at the position itself.
    #[default]
    Unbounded,
    /// Only the squares at these offsets from the target.
    Offsets(Offsets),
}

/// A set of (file, rank) offsets within a board's size, as a table.
#[derive(Clone, Debug)]
pub struct Offsets {
    files: i32,
    ranks: i32,
    /// Per offset `(dx, dy)`, at `(dy + ranks - 1) * (2 * files - 1) + dx + files - 1`.
    set: Vec<bool>,
    /// File and rank of each mailbox cell (no division per question).
    coords: Vec<(i8, i8)>,
}

impl Offsets {
    fn new(shape: &BoardShape) -> Offsets {
        let (files, ranks) = (shape.files as i32, shape.ranks as i32);
        let coords = (0..shape.cells)
            .map(|i| {
                let sq = Square(i);
                (shape.file_of(sq) as i8, shape.rank_of(sq) as i8)
            })
            .collect();
        Offsets { files, ranks, set: vec![false; ((2 * files - 1) * (2 * ranks - 1)) as usize], coords }
    }

    /// The table index of the offset `(dx, dy)`, if a board of this size has it.
    #[inline]
    fn index(&self, dx: i32, dy: i32) -> Option<usize> {
        (dx.abs() < self.files && dy.abs() < self.ranks)
            .then(|| ((dy + self.ranks - 1) * (2 * self.files - 1) + dx + self.files - 1) as usize)
    }

    fn insert(&mut self, dx: i32, dy: i32) {
        if let Some(i) = self.index(dx, dy) {
            self.set[i] = true;
        }
    }

    /// Every multiple of `(dx, dy)` on the board: a whole line from the target.
    fn insert_line(&mut self, dx: i32, dy: i32) {
        let mut k = 1;
        while self.index(k * dx, k * dy).is_some() {
            self.insert(k * dx, k * dy);
            k += 1;
        }
    }
}

impl Influence {
    /// The influence of a side whose captures come from the squares at the offsets `points`
    /// and along the whole lines of the steps `lines` (see `AttackTables::influence`).
    pub(crate) fn of(
        shape: &BoardShape,
        points: impl Iterator<Item = (i32, i32)>,
        lines: impl Iterator<Item = (i32, i32)>,
    ) -> Influence {
        let mut o = Offsets::new(shape);
        for (dx, dy) in points {
            o.insert(dx, dy);
        }
        for (dx, dy) in lines {
            o.insert_line(dx, dy);
        }
        Influence::Offsets(o)
    }

    /// Whether the contents of `sq` can decide whether the side attacks `target`.
    #[inline]
    pub fn may_matter(&self, target: Square, sq: Square) -> bool {
        match self {
            Influence::Unbounded => true,
            Influence::Offsets(o) => {
                let (tx, ty) = o.coords[target.index()];
                let (x, y) = o.coords[sq.index()];
                o.index(x as i32 - tx as i32, y as i32 - ty as i32).is_some_and(|i| o.set[i])
            }
        }
    }

    /// Whether the set is known (`Offsets`), so a move that changes none of its squares leaves the
    /// attack as it was.
    pub fn is_bounded(&self) -> bool {
        matches!(self, Influence::Offsets(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn sq(g: &Game, name: &str) -> Square {
        g.shape.parse_square(name).unwrap()
    }

    #[test]
    fn chu_lines_and_the_lion_box_matter_and_nothing_else() {
        let g = Game::builtin("chu").unwrap();
        let infl = &g.tables.attacks.white.influence;
        assert!(infl.is_bounded());
        let t = sq(&g, "f6");
        for s in ["f12", "f1", "a1", "k11", "a6", "l6", "h8", "d4", "g7"] {
            assert!(infl.may_matter(t, sq(&g, s)), "{s} is on a line from f6 or within the Lion's reach");
        }
        for s in ["g9", "e1", "h1", "l5", "a12"] {
            assert!(!infl.may_matter(t, sq(&g, s)), "{s}: no Chu piece attacks f6 across it or from it");
        }
    }

    #[test]
    fn games_with_their_own_attack_tests_say_nothing() {
        for name in ["tai", "typhoon", "nutty", "scirocco", "timurid-herat"] {
            let g = Game::builtin(name).unwrap();
            assert!(!g.tables.attacks.white.influence.is_bounded(), "{name}");
        }
        for name in ["chu", "heavy-shako", "patchanka"] {
            let g = Game::builtin(name).unwrap();
            assert!(g.tables.attacks.black.influence.is_bounded(), "{name}");
        }
    }

    /// The claim itself, on the positions of random games: a quiet move that changes no square
    /// of the influence leaves every attack on the enemy royals as it was.
    #[test]
    fn a_move_off_the_influence_changes_no_attack_on_a_royal() {
        use crate::moves::MoveKind;
        use crate::position::Position;
        use crate::random::Rng;
        use crate::rules::legality::legal_move_list;
        let mut checked = 0;
        for name in ["chu", "heavy-shako", "patchanka"] {
            let g = Game::builtin(name).unwrap();
            let mut rng = Rng::new(0x1f1);
            for _game in 0..6 {
                let mut pos = Position::start(&g);
                for _ply in 0..120 {
                    let moves = legal_move_list(&mut pos);
                    if moves.is_empty() {
                        break;
                    }
                    let us = pos.side();
                    let infl = &g.tables.attacks[us].influence;
                    let royals: Vec<Square> = pos.royal_squares(us.flip()).collect();
                    let before: Vec<bool> =
                        royals.iter().map(|&r| crate::movegen::attack::is_attacked(&pos, r, us)).collect();
                    for &m in &moves {
                        let quiet = m.kind == MoveKind::Normal && m.mids().next().is_none() && pos.is_empty(m.to);
                        if !quiet || royals.iter().any(|&r| infl.may_matter(r, m.from) || infl.may_matter(r, m.to)) {
                            continue;
                        }
                        let u = pos.make(m);
                        for (i, &r) in royals.iter().enumerate() {
                            assert_eq!(crate::movegen::attack::is_attacked(&pos, r, us), before[i], "{name} {pos:?}");
                        }
                        pos.unmake(m, u);
                        checked += 1;
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    pos.make(m);
                }
            }
        }
        assert!(checked > 10_000, "only {checked} moves checked");
    }
}
