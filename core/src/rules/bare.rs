//! lishogi's material ends of Chu Shogi (`docs/rules/chu.md` §14.6, §14.7), in general terms:
//! a *dead* piece is one that can never move again, all its moves going forward beyond its
//! owner's last rank (a Pawn or Lance that declined promotion there); it never counts. A side is *bared* when its one
//! royal is all it has left that counts, against a royal and at least one more piece that
//! counts and `bares` (`[rules] bare_royal`); two royals alone draw (`[rules] lone_royals_draw`).
//!
//! The JCSA's bare king (`docs/rules/dai.md` §11, `[rules] bare_royal_reply`) differs in two
//! points: it needs exactly one piece beside the opponent's royal, and instead of lishogi's
//! fixed exceptions it gives the lone royal one move, when it is to move and can take one of
//! the two: if that move does not take it (or win otherwise), the lone royal has lost.

use super::check::in_check;
use crate::geometry::{Color, Square};
use crate::movegen::attack::is_attacked;
use crate::position::Position;

/// Whether the piece on `sq` is dead: every move of it goes further forward than the board
/// reaches from there (a Pawn or Lance on its owner's last rank, Dai's Knight on the last two),
/// so it can never move again.
pub fn dead(pos: &Position, sq: Square) -> bool {
    let Some(p) = pos.piece_at(sq) else { return false };
    let g = pos.game();
    let edge = g.tables.ranks_to_edge(p.color(), sq);
    let t = g.variant.piece(p.kind());
    t.powers.is_empty() && !t.vectors.is_empty() && t.vectors.iter().all(|v| i32::from(v.dy) >= edge)
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

/// Whether `c` has lost by the JCSA's bare king (module documentation): its single royal is
/// its only piece that is not dead; the opponent has exactly two pieces that are not dead, a
/// royal and one more, and both `bares` (a lone Pawn or Go-Between does not); and `c` is not
/// to move with an attack on one of them (it may take it first: the reply the rule allows).
pub fn bared_with_reply(pos: &Position, c: Color) -> bool {
    let them = c.flip();
    if pos.royal_count(c) != 1 || pos.royal_count(them) == 0 || !one_live_piece(pos, c) {
        return false;
    }
    let mut theirs = [Square::NONE; 2];
    let mut n = 0;
    for &sq in pos.pieces(them) {
        if dead(pos, sq) {
            continue;
        }
        if n == theirs.len() {
            return false;
        }
        theirs[n] = sq;
        n += 1;
    }
    let v = pos.variant();
    if n < theirs.len() || !theirs.iter().all(|&sq| pos.piece_at(sq).is_some_and(|p| v.piece(p.kind()).bares)) {
        return false;
    }
    !(pos.side() == c && theirs.iter().any(|&sq| is_attacked(pos, sq, c)))
}

/// Whether only two royals are left, one a side, besides dead pieces, and neither is attacked
/// (`docs/rules/chu.md` §14.7).
pub fn lone_royals(pos: &Position) -> bool {
    Color::ALL.iter().all(|&c| pos.royal_count(c) == 1 && one_live_piece(pos, c) && !in_check(pos, c))
}
