//! Kyodai: an engine for giant chess variants.
//!
//! The rules live in the `kyodai-core` crate (`core/`: geometry, the games as data, move
//! generation, positions, legality, move text, perft), re-exported here under the same module
//! names, so `kyodai::position::Position` is `kyodai_core::position::Position`. This crate holds
//! what plays and serves above them: `eval`, `search`, books and diagrams, the protocols, the
//! match runner, the tools. No module imports from its own layer or one above it: the layers
//! are listed in the README (the layer map) and checked by `engine-tests/layers.rs`; Cargo keeps
//! the core from importing this crate at all.
#![forbid(unsafe_code)]

pub mod bench;
pub mod book;
pub mod diagram;
pub mod eval;
pub mod fuzz;
pub mod kifu;
pub mod pgn;
pub mod protocol;
pub mod resources;
pub mod search;
pub mod selfplay;
pub mod serve;
pub mod soak;
pub mod tournament;
pub mod tune;

pub use kyodai_core::{
    cell, game, geometry, movegen, moves, notation, perft, position, random, record, rules, variant,
};
pub use kyodai_core::{BoardShape, ByColor, Cell, Color, Game, Move, Piece, Position, Square, Variant};
