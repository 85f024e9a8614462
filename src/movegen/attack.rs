//! Attack queries by reverse lookup: "can a piece of colour `by` capture on `target`?".
//!
//! A square is attacked when some piece has a capturing move to it, assuming an enemy stood
//! there (pseudo-legal: pins and the attacker's own royal do not matter). Non-capturing moves
//! (move-only atoms, the King's leap, passes) never attack. En-passant captures never attack a
//! square either: they land on an empty square. Hop captures (Zig, Zag), igui shots and relayed
//! captures (Dervish, Harpy) are real captures and do attack.

use crate::geometry::{Color, Square};
use crate::position::{Position, EMPTY, OFF};

#[inline]
fn owner_kind(cell: u16) -> (usize, usize) {
    ((cell & 1) as usize, ((cell >> 1) - 1) as usize)
}

/// Whether `by` attacks `target`.
#[inline]
pub fn is_attacked(pos: &Position, target: Square, by: Color) -> bool {
    is_attacked_ignoring(pos, target, by, Square::NONE)
}

/// Like [`is_attacked`], but `ignore` counts as an empty square (a piece about to leave it).
pub fn is_attacked_ignoring(pos: &Position, target: Square, by: Color, ignore: Square) -> bool {
    let cell_at = |sq: Square| -> u16 {
        if sq == ignore {
            EMPTY
        } else {
            pos.cell(sq)
        }
    };
    attacked_plain(pos, target, by, &cell_at)
        || (!pos.variant().tables.special.emperors.is_empty() && super::emperor::attacks(pos, target, by, &cell_at))
}

/// Every attack except the Tai Emperor's, with the board read through `cell_at` (so callers
/// can look at a position that differs from `pos` in a few squares). The Emperor's own
/// protection test uses this: its rule 1 already covers the other side's Emperor.
pub(crate) fn attacked_plain<F: Fn(Square) -> u16>(pos: &Position, target: Square, by: Color, cell_at: &F) -> bool {
    let at = &pos.variant().tables.attacks[by];
    let b = by.index();
    for (d, set) in &at.leaps {
        let c = cell_at(target.offset(*d));
        if c != EMPTY && c != OFF {
            let (o, k) = owner_kind(c);
            if o == b && set.contains(k) {
                return true;
            }
        }
    }
    for (d, path, set) in &at.lame {
        let a = target.offset(*d);
        let c = cell_at(a);
        if c != EMPTY && c != OFF {
            let (o, k) = owner_kind(c);
            if o == b && set.contains(k) && path.iter().all(|&p| cell_at(a.offset(p)) == EMPTY) {
                return true;
            }
        }
    }
    for (d, ranges) in &at.slides {
        let mut sq = target;
        let mut dist = 0u32;
        loop {
            sq = sq.offset(*d);
            dist += 1;
            let c = cell_at(sq);
            if c == EMPTY {
                continue;
            }
            if c != OFF {
                let (o, k) = owner_kind(c);
                let (lo, hi) = ranges[k];
                if o == b && hi as u32 >= dist && lo as u32 <= dist {
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
        while cell_at(sq) == EMPTY {
            sq = sq.offset(*d);
        }
        if cell_at(sq) == OFF {
            continue;
        }
        sq = sq.offset(*d);
        while cell_at(sq) == EMPTY {
            sq = sq.offset(*d);
        }
        let c = cell_at(sq);
        if c != OFF {
            let (o, k) = owner_kind(c);
            if o == b && set.contains(k) {
                return true;
            }
        }
    }
    for (d, set) in &at.hop_captures {
        let c = cell_at(target.offset(*d));
        if c != EMPTY && c != OFF {
            let (o, k) = owner_kind(c);
            if o == b && set.contains(k) && cell_at(target.offset(-*d)) == EMPTY {
                return true;
            }
        }
    }
    for (d, ranges) in &at.skip_slides {
        // The attacker's first square (next to it, on the target's side) blocks nothing, so
        // the attacker may stand one square beyond the first piece met walking out.
        let mut sq = target;
        let mut dist = 0u32;
        let mut first_piece = 0u32;
        loop {
            sq = sq.offset(*d);
            dist += 1;
            let c = cell_at(sq);
            if c == OFF {
                break;
            }
            if c != EMPTY {
                let (o, k) = owner_kind(c);
                let (lo, hi) = ranges[k];
                if o == b && hi as u32 >= dist && lo as u32 <= dist {
                    return true;
                }
                if first_piece == 0 {
                    first_piece = dist;
                }
            }
            if first_piece != 0 && dist > first_piece {
                break;
            }
        }
    }
    if !at.jumps.is_empty() && super::jump::attacks(pos, target, by, cell_at) {
        return true;
    }
    if !pos.variant().tables.special.area.is_empty() && super::area::attacks(pos, target, by, cell_at) {
        return true;
    }
    if !pos.variant().tables.special.hookers.is_empty() && super::hook::attacks(pos, target, by, cell_at) {
        return true;
    }
    if super::burn::attacks(pos, target, by) {
        return true;
    }
    if pos.variant().tables.relay.any() && super::relay::attacks(pos, target, by, cell_at) {
        return true;
    }
    for (u, firsts) in &at.bents {
        let mut y = target;
        loop {
            y = y.offset(-*u);
            if cell_at(y) != EMPTY {
                break;
            }
            for (s, set) in firsts {
                let c = cell_at(y.offset(-*s));
                if c != EMPTY && c != OFF {
                    let (o, k) = owner_kind(c);
                    if o == b && set.contains(k) {
                        return true;
                    }
                }
            }
        }
    }
    false
}
