//! `kyodai match`: a referee and tournament runner for engines speaking UCI, USI or XBoard, in
//! any game Kyodai knows, with Kyodai's rules as the referee (cutechess-cli's vocabulary).
//!
//! - `referee`: the one adapter to the rules core (legal moves, results);
//! - `process`, `player`: engine processes, their protocol clients, the built-in random mover;
//! - `engine`: engine settings and the referee's clocks; `adjudicate`: resign/draw/move limit;
//! - `game`: one game; `schedule`: which games, openings and colours, shards;
//! - `openings`, `pgnout`: input and output (PGN through `crate::pgn`); `stats`: Elo, LOS, SPRT; `runner`: the whole match.

pub mod adjudicate;
pub mod annotate;
pub mod engine;
pub mod game;
pub mod openings;
pub mod pgnout;
pub mod player;
pub mod process;
pub mod referee;
pub mod runner;
pub mod schedule;
pub mod standings;
pub mod stats;
