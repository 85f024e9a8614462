//! lishogi's material ends of Chu Shogi (`docs/rules/chu.md` §14.6, §14.7), in general terms:
//! a *dead* piece is one whose every move goes forward, standing on its owner's last rank (a
//! Pawn or Lance that declined promotion there); it never counts. A side is *bared* when its one
//! royal is all it has left that counts, against a royal and at least one more piece that
//! counts and `bares` (`[rules] bare_royal`); two royals alone draw (`[rules] lone_royals_draw`).

use super::legality::in_check;
use crate::geometry::{Color, Square};
use crate::position::Position;

/// Whether the piece on `sq` is dead: all its moves go forward and it stands on its owner's
/// last rank, so it can never move again.
pub fn dead(pos: &Position, sq: Square) -> bool {
    let Some(p) = pos.piece_at(sq) else { return false };
    let g = pos.game();
    if g.tables.ranks_to_edge(p.color(), sq) != 1 {
        return false;
    }
    let t = g.variant.piece(p.kind());
    t.powers.is_empty() && !t.vectors.is_empty() && t.vectors.iter().all(|v| v.dy > 0)
}

/// Whether `c` has exactly one piece that is not dead (stops counting at two).
fn one_live_piece(pos: &Position, c: Color) -> bool {
    let mut live = 0;
    for &sq in pos.pieces(c) {
        if !dead(pos, sq) {
            live += 1;
            if live > 1 {
                return false;
            }
        }
    }
    live == 1
}

/// Whether `c` is bared (`docs/rules/chu.md` §14.6): its single royal is its only piece that is
/// not dead; the opponent has a royal and more than one piece that bares (not dead, `bares`),
/// no royal of the opponent is attacked, and, when the opponent has exactly two such pieces,
/// `c`'s royal stands next to neither.
pub fn bared(pos: &Position, c: Color) -> bool {
    let them = c.flip();
    if pos.royal_count(c) != 1 || pos.royal_count(them) == 0 || !one_live_piece(pos, c) {
        return false;
    }
    let v = pos.variant();
    let theirs: Vec<Square> = pos
        .pieces(them)
        .iter()
        .copied()
        .filter(|&sq| !dead(pos, sq) && pos.piece_at(sq).is_some_and(|p| v.piece(p.kind()).bares))
        .collect();
    if theirs.len() < 2 || in_check(pos, them) {
        return false;
    }
    let Some(ours) = pos.royal_squares(c).next() else { return false };
    let shape = &pos.game().shape;
    theirs.len() > 2 || !theirs.iter().any(|&sq| shape.distance(ours, sq) == 1)
}

/// Whether only two royals are left, one a side, besides dead pieces, and neither is attacked
/// (`docs/rules/chu.md` §14.7).
pub fn lone_royals(pos: &Position) -> bool {
    Color::ALL.iter().all(|&c| pos.royal_count(c) == 1 && one_live_piece(pos, c) && !in_check(pos, c))
}
