//! Kyodai: an engine for giant chess variants.
//!
//! The rules core is `geometry`, `variant`, `position`, `movegen`, `moves`, `notation`,
//! `legality` and `outcome`; `perft` counts moves; the binary's command-line tools sit on top.
#![forbid(unsafe_code)]

pub mod bench;
pub mod diagram;
pub mod eval;
pub mod fuzz;
pub mod geometry;
pub mod legality;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod repetition;
pub mod resources;
pub mod search;
pub mod selfplay;
pub mod serve;
pub mod soak;
pub mod tournament;
pub mod tune;
pub mod variant;

pub use geometry::{BoardShape, ByColor, Color, Square};
pub use moves::Move;
pub use position::Position;
pub use variant::Variant;
