//! Bigorra rules tests. The authority is `docs/rules/bigorra.md` ("the rules page"); every
//! test names the section (§) or case of the page's Rule index that it checks.
//!
//! Move sets are compared as canonical move text (`format_move`), per piece (legal moves
//! filtered by origin square), together with each move's captured squares and promotion ID,
//! which are observed by actually making the move.

#[path = "../support/common.rs"]
mod common;

#[path = "bigorra/helpers.rs"]
mod helpers;

#[path = "bigorra/hand_checks.rs"]
mod hand_checks;

#[path = "bigorra/pieces.rs"]
mod pieces;

#[path = "bigorra/start_position.rs"]
mod start_position;

#[path = "bigorra/sample_game.rs"]
mod sample_game;

#[path = "bigorra/fen.rs"]
mod fen;

#[path = "bigorra/end_of_game.rs"]
mod end_of_game;

#[path = "bigorra/legality.rs"]
mod legality;

#[path = "bigorra/notation.rs"]
mod notation;
