//! The rules core of Kyodai: giant chess variants as data, and everything the rules text alone
//! can check. Bottom up: `geometry` (squares, colours, board shapes) and `random` (the one
//! seeded random generator), `variant` (a game's data file, read and validated), `cell` and
//! `moves` (how a square and a move are packed), `movegen` (one module per power), `game` (a
//! variant compiled for play), `position` (state, make and unmake, FEN), `rules` (legality,
//! game end, repetition); on top `notation` (move text), `perft` and `record` (a game being
//! played). No module imports from its own layer or one above it (`engine-tests/layers.rs`); no
//! engine, protocol or file format of games lives here: those are the `kyodai` crate's.
//!
//! ```
//! use kyodai_core::{perft::perft, rules::legality::History, Game, Position};
//!
//! let chu = Game::builtin("chu").expect("a built-in game");
//! let mut pos = Position::start(&chu);
//! // 36 first moves, 36 replies to each (lishogi and minase count the same: docs/rules/chu.md, test C1).
//! assert_eq!(perft(&mut pos, 2, History::Ignore), 1_296);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cell;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod random;
pub mod record;
pub mod rules;
pub mod variant;

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub use cell::{Cell, Piece};
pub use game::Game;
pub use geometry::{BoardShape, ByColor, Color, Square};
pub use moves::Move;
pub use position::Position;
pub use variant::Variant;
