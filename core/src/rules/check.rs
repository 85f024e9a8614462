//! Check: whether a side's royal is attacked. Its own file because both the legality of a move
//! (`legality`) and the bare-royal rules (`bare`) ask it, and `legality` asks `bare` in turn.

use crate::geometry::Color;
use crate::movegen::attack::is_attacked;
use crate::position::Position;

/// Whether `c` is in check (a royal of `c` is attacked). Meaningful in every game.
pub fn in_check(pos: &Position, c: Color) -> bool {
    pos.royal_squares(c).any(|sq| is_attacked(pos, sq, c.flip()))
}
