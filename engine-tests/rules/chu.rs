//! Chu Shogi rules tests. The authority is `docs/rules/chu.md` (HaChu 0.21 defaults);
//! every test names the section (§) or case (C1..C16) of the page's Rule index that it checks. Move sets are compared exactly, as canonical move
//! text (section 10), filtered by the origin square of the piece under test.
//!
//! Unless a test says otherwise, positions follow section 13: the first player (White, `w`,
//! upper case) to move, Kings on a2 (`K`) and l11 (`k`).

#[path = "../support/common.rs"]
mod common;

#[path = "chu/helpers.rs"]
mod helpers;

#[path = "chu/start_position.rs"]
mod start_position;

#[path = "chu/pieces.rs"]
mod pieces;

#[path = "chu/lion.rs"]
mod lion;

#[path = "chu/promotion.rs"]
mod promotion;

#[path = "chu/end_of_game.rs"]
mod end_of_game;

#[path = "chu/notation.rs"]
mod notation;

#[path = "chu/lishogi.rs"]
mod lishogi;

#[path = "chu/handicap.rs"]
mod handicap;
