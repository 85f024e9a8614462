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

use super::Board;
use crate::cell::Cell;
use crate::geometry::{Color, Square};

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
    let special = &pos.tables().special;
    if !special.immobilizer_list.is_empty() && super::immobilize::owns_immobilizer(pos, by.flip()) {
        return generated_attack(pos, target, by, Asked::All);
    }
    if special.any_generated_attackers && generated_attack(pos, target, by, Asked::Generated) {
        return true;
    }
    let cell_at = |sq: Square| -> Cell {
        if sq == ignore {
            Cell::EMPTY
        } else {
            pos.cell(sq)
        }
    };
    attacked_plain(pos, target, by, &cell_at)
        || special.last_attackers.iter().any(|k| k.own_attacks(pos, target, by, &cell_at))
}

/// Every attack except those asked after the others (the Tai Emperor's), with the board read
/// through `cell_at` (so callers can look at a position that differs from `pos` in a few
/// squares). The Emperor's own protection test uses this: its rule 1 already covers the other
/// side's Emperor.
pub(crate) fn attacked_plain(
    pos: &impl Board,
    target: Square,
    by: Color,
    cell_at: &(impl Fn(Square) -> Cell + ?Sized),
) -> bool {
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
        let mut sq = target;
        let mut dist = 0u32;
        loop {
            sq = sq.offset(*d);
            dist += 1;
            let c = cell_at(sq);
            if c.is_empty() {
                continue;
            }
            if let Some(p) = c.piece() {
                let (lo, hi) = ranges[p.kind().index()];
                if p.color() == by && hi as u32 >= dist && lo as u32 <= dist {
                    return true;
                }
            }
            break;
        }
    }
    for (d, set) in &at.hops {
        // First piece from the target is the captured-side neighbour: the square beyond the
        // screen seen from the hopper. Walk: empty squares, then the screen, then empty
        // squares, then the hopper.
        let mut sq = target.offset(*d);
        while cell_at(sq).is_empty() {
            sq = sq.offset(*d);
        }
        if cell_at(sq).is_off() {
            continue;
        }
        sq = sq.offset(*d);
        while cell_at(sq).is_empty() {
            sq = sq.offset(*d);
        }
        if set.holds(cell_at(sq), by) {
            return true;
        }
    }
    pos.tables().special.own_attackers.iter().any(|k| k.own_attacks(pos, target, by, cell_at))
}

/// Whether a move of `by` removes or converts the piece on `target` (`effect::takes`), asking
/// the pieces `asked` says.
pub fn generated_attack(pos: &impl Board, target: Square, by: Color, asked: Asked) -> bool {
    let special = &pos.tables().special;
    let mut buf: Vec<crate::moves::Move> = Vec::with_capacity(64);
    for &sq in pos.pieces(by) {
        buf.clear();
        match asked {
            Asked::Generated if !special.generated_attackers.holds(pos.cell(sq), by) => continue,
            Asked::Generated => super::generate_from(pos, sq, &mut buf),
            Asked::All => super::generate_piece(pos, sq, &mut buf),
        }
        if buf.iter().any(|&m| super::effect::takes(pos, m, target)) {
            return true;
        }
    }
    false
}
