//! Check and royal safety: whether a side's royal is attacked, and whether the game's rules
//! count that against it. Its own file because both the legality of a move (`legality`) and
//! the bare-royal rules (`bare`) ask it, and `legality` asks `bare` in turn.

use crate::geometry::Color;
use crate::position::Position;
use crate::variant::Legality;

/// Whether `c` is in check (a royal of `c` is attacked). Meaningful in every game.
pub fn in_check(pos: &Position, c: Color) -> bool {
    pos.royal_attacked(c)
}

/// Whether `c`'s royals are safe by the game's rules: not in check where the game has check
/// (`legality = "check"`), and always in the games won by taking the royals, where moving into
/// attack is legal. Legality asks it of the position after a move.
pub fn royals_safe(pos: &Position, c: Color) -> bool {
    pos.variant().rules.legality != Legality::Check || !in_check(pos, c)
}
