//! Kyodai: an engine for giant chess variants.
//!
//! The rules core, bottom up: `geometry`, `variant` (the rules as data), `cell` and `moves`,
//! `movegen` (one module per power), `game` (a variant compiled for play), `position`, `rules`
//! (legality, game end, repetition); above them `eval`, `notation` and `perft`, `search`, the
//! tools and the protocols. No module imports from its own layer or one above it: the layers
//! are listed in the README (the layer map) and checked by `engine-tests/layers.rs`.
#![forbid(unsafe_code)]

pub mod bench;
pub mod book;
pub mod cell;
pub mod diagram;
pub mod eval;
pub mod fuzz;
pub mod game;
pub mod geometry;
pub mod kifu;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod resources;
pub mod rules;
pub mod search;
pub mod selfplay;
pub mod serve;
pub mod soak;
pub mod tournament;
pub mod tune;
pub mod variant;

pub use cell::{Cell, Piece};
pub use game::Game;
pub use geometry::{BoardShape, ByColor, Color, Square};
pub use moves::Move;
pub use position::Position;
pub use variant::Variant;
