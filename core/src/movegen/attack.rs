//! Attack queries by reverse lookup: "can a piece of colour `by` capture on `target`?".
//!
//! A square is attacked when some piece has a capturing move to it, assuming an enemy stood
//! there (pseudo-legal: pins and the attacker's own royal do not matter). Non-capturing moves
//! (move-only atoms, the King's leap, passes) never attack. En-passant captures never attack a
//! square either: they land on an empty square. Hop captures (Zig, Zag), igui shots and relayed
//! captures (Dervish, Harpy) are real captures and do attack.
//!
//! Typhoon's capturing powers that no reverse table models (Cicada hops, sweeps, long leaps,
//! approach and withdrawal captures, Parrot-family hops and shots, shots at range, Cuckoo and
//! Missionary conversions) are answered by generating the moves of just the pieces that have
//! them ([`generated_attack`]). While the defender owns an Immobilizer, `by`'s frozen pieces
//! cannot capture, so the whole answer comes from generation. Generated answers say whether
//! `by` can remove or convert the piece that stands on `target` now (the `ignore` square and a
//! friendly or empty target are not modelled: only move-ordering heuristics ask that).

use super::board::Board;
use super::effect::takes;
use super::generate::{generate_from, generate_piece};
use super::kind_set::KindSet;
use super::view::Cells;
use crate::cell::Cell;
use crate::geometry::{Color, Square};
use crate::moves::{Move, MoveKind};

/// Which pieces a generated answer asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Every piece of the attacker, with the moves its friends relay to it.
    All,
    /// Only the pieces whose powers no table says (`Attacks::Generated`), own moves alone.
    Generated,
}

/// Whether `by` attacks `target`.
#[inline]
pub fn is_attacked(pos: &impl Board, target: Square, by: Color) -> bool {
    is_attacked_ignoring(pos, target, by, Square::NONE)
}

/// Like [`is_attacked`], but `ignore` counts as an empty square (a piece about to leave it).
pub fn is_attacked_ignoring(pos: &impl Board, target: Square, by: Color, ignore: Square) -> bool {
    let registry = &pos.tables().registry;
    if registry.freezes() && registry.may_freeze(pos, by) {
        return generated_attack(pos, target, by, Asked::All);
    }
    if registry.any_generated && generated_attack(pos, target, by, Asked::Generated) {
        return true;
    }
    let cell_at = |sq: Square| -> Cell {
        if sq == ignore {
            Cell::EMPTY
        } else {
            pos.cell(sq)
        }
    };
    attacked_plain(pos, target, by, &cell_at) || registry.own_attacks(true, pos, target, by, &cell_at)
}

/// Every attack except those asked after the others (the Tai Emperor's), with the board read
/// through `cell_at` (so callers can look at a position that differs from `pos` in a few
/// squares). The Emperor's own protection test uses this: its rule 1 already covers the other
/// side's Emperor.
pub(crate) fn attacked_plain(pos: &impl Board, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
    let at = &pos.tables().attacks[by];
    for (d, set) in &at.leaps {
        if set.holds(cell_at(target.offset(*d)), by) {
            return true;
        }
    }
    for (d, path, set) in &at.lame {
        let a = target.offset(*d);
        if set.holds(cell_at(a), by) && path.iter().all(|&p| cell_at(a.offset(p)).is_empty()) {
            return true;
        }
    }
    for (d, ranges) in &at.slides {
        if slide_attack(target, by, *d, ranges, cell_at) {
            return true;
        }
    }
    for (d, set) in &at.hops {
        if hop_attack(target, by, *d, set, cell_at) {
            return true;
        }
    }
    pos.tables().registry.own_attacks(false, pos, target, by, cell_at)
}

/// Whether a slider of `by` takes on `target` along `d` (from the target toward the slider),
/// each type within its range of distances.
#[inline]
fn slide_attack(target: Square, by: Color, d: i32, ranges: &[(u8, u8)], cell_at: &(impl Cells + ?Sized)) -> bool {
    let mut sq = target;
    let mut dist = 0u32;
    loop {
        sq = sq.offset(d);
        dist += 1;
        let c = cell_at(sq);
        if c.is_empty() {
            continue;
        }
        return c.piece().is_some_and(|p| {
            let (lo, hi) = ranges[p.kind().index()];
            p.color() == by && hi as u32 >= dist && lo as u32 <= dist
        });
    }
}

/// Whether a hopper of `by` (a type of `set`) takes on `target` along `d`.
#[inline]
fn hop_attack(target: Square, by: Color, d: i32, set: &KindSet, cell_at: &(impl Cells + ?Sized)) -> bool {
    // First piece from the target is the captured-side neighbour: the square beyond the
    // screen seen from the hopper. Walk: empty squares, then the screen, then empty
    // squares, then the hopper.
    let mut sq = target.offset(d);
    while cell_at(sq).is_empty() {
        sq = sq.offset(d);
    }
    if cell_at(sq).is_off() {
        return false;
    }
    sq = sq.offset(d);
    while cell_at(sq).is_empty() {
        sq = sq.offset(d);
    }
    set.holds(cell_at(sq), by)
}

/// Whether `by` attacks `target` in a way the squares `through` take part in: a slide or hop
/// along the line from the target through one of them, or a lame leap whose path crosses one.
/// In a game whose attacks the reverse tables say whole (`influence` bounded), a board that
/// differs from one where `target` was not attacked only on those squares is attacked exactly
/// when this says so: every other line and leap is as it was.
pub fn attacked_through(
    pos: &impl Board,
    target: Square,
    by: Color,
    through: [Square; 2],
    cell_at: &(impl Cells + ?Sized),
) -> bool {
    let at = &pos.tables().attacks[by];
    let shape = pos.shape();
    let (tx, ty) = (shape.file_of(target), shape.rank_of(target));
    for (i, &s) in through.iter().enumerate() {
        if through[..i].contains(&s) {
            continue;
        }
        let (dx, dy) = (shape.file_of(s) - tx, shape.rank_of(s) - ty);
        // The lines from the target through `s`.
        for &j in at.rays.slides(dx, dy) {
            let (d, ranges) = &at.slides[j as usize];
            if slide_attack(target, by, *d, ranges, cell_at) {
                return true;
            }
        }
        for &j in at.rays.hops(dx, dy) {
            let (d, set) = &at.hops[j as usize];
            if hop_attack(target, by, *d, set, cell_at) {
                return true;
            }
        }
    }
    at.lame.iter().any(|(d, path, set)| {
        let a = target.offset(*d);
        path.iter().any(|&p| through.contains(&a.offset(p)))
            && set.holds(cell_at(a), by)
            && path.iter().all(|&p| cell_at(a.offset(p)).is_empty())
    })
}

/// The board as it will be after the plain move `m` (no legs, no side effect), read without
/// making it: its square empty, its target holding the mover.
pub fn after_plain(pos: &impl Board, m: Move) -> impl Fn(Square) -> Cell + '_ {
    let mover = pos.cell(m.from);
    move |sq: Square| {
        if sq == m.from {
            Cell::EMPTY
        } else if sq == m.to {
            mover
        } else {
            pos.cell(sq)
        }
    }
}

/// Whether `by` attacks `target` after its own quiet move `m`, read without making the move:
/// `Some` when `m` is a plain move (no legs, no promotion, onto an empty square) and the reverse
/// tables say every attack of the game (`Registry::attacks_in_tables`); `None` when unsure.
///
/// `target` must not be attacked by `by` now (the caller knows it). Then only two things can
/// bring an attack: a line or lame leap through one of the two squares the move changes
/// ([`attacked_through`]), or the mover itself, leaping from where it lands (its slides and hops
/// from there run along a line through that square, which the first test walks). The search
/// asks this to skip a pruned quiet move without making it when it may give check.
pub fn attacked_after_quiet(pos: &impl Board, m: Move, target: Square, by: Color) -> Option<bool> {
    if !pos.tables().registry.attacks_in_tables()
        || m.kind != MoveKind::Normal
        || m.mids().next().is_some()
        || m.promotion().is_some()
        || !pos.cell(m.to).is_empty()
    {
        return None;
    }
    let mover = pos.cell(m.from);
    let after = after_plain(pos, m);
    let at = &pos.tables().attacks[by];
    let leaps = at.leaps.iter().any(|(d, set)| target.offset(*d) == m.to && set.holds(mover, by));
    let lame = || {
        at.lame.iter().any(|(d, path, set)| {
            target.offset(*d) == m.to && set.holds(mover, by) && path.iter().all(|&p| after(m.to.offset(p)).is_empty())
        })
    };
    Some(leaps || lame() || attacked_through(pos, target, by, [m.from, m.to], &after))
}

/// Whether a move of `by` removes or converts the piece on `target` (`effect::takes`), asking
/// the pieces `asked` says.
pub fn generated_attack(pos: &impl Board, target: Square, by: Color, asked: Asked) -> bool {
    let generated = &pos.tables().registry.generated;
    let mut buf: Vec<crate::moves::Move> = Vec::with_capacity(64);
    for &sq in pos.pieces(by) {
        buf.clear();
        match asked {
            Asked::Generated if !generated.holds(pos.cell(sq), by) => continue,
            Asked::Generated => generate_from(pos, sq, &mut buf),
            Asked::All => generate_piece(pos, sq, &mut buf),
        }
        if buf.iter().any(|&m| takes(pos, m, target)) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::Position;
    use crate::random::Rng;
    use crate::rules::legality::legal_move_list;

    /// The claim of `attacked_after_quiet`, on the positions of random games of every built-in
    /// game: where it answers, the answer is the one the board gives after the move is made.
    #[test]
    fn an_attack_read_without_the_move_is_the_attack_after_it() {
        let mut answered = std::collections::BTreeMap::new();
        for name in crate::variant::Variant::builtin_names() {
            let g = Game::builtin(name).unwrap();
            let mut rng = Rng::new(0x5eed);
            for _game in 0..3 {
                let mut pos = Position::start(&g);
                for _ply in 0..100 {
                    let moves = legal_move_list(&mut pos);
                    if moves.is_empty() {
                        break;
                    }
                    let us = pos.side();
                    let royals: Vec<Square> =
                        pos.royal_squares(us.flip()).filter(|&r| !is_attacked(&pos, r, us)).collect();
                    for &r in &royals {
                        for &m in &moves {
                            let Some(said) = attacked_after_quiet(&pos, m, r, us) else { continue };
                            let u = pos.make(m);
                            assert_eq!(
                                said,
                                is_attacked(&pos, r, us),
                                "{name}: {m:?} against the royal on {r:?} in {pos:?}"
                            );
                            pos.unmake(m, u);
                            *answered.entry(name).or_insert(0) += 1;
                        }
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    pos.make(m);
                }
            }
        }
        // The search relies on it in Heavy Shako, Patchanka and Chu Shogi (and Dai); the others have
        // powers whose attacks no table says.
        for name in ["chu", "heavy-shako", "patchanka"] {
            assert!(answered.get(name).is_some_and(|&n| n > 1_000), "{name}: {answered:?}");
        }
    }
}
