//! Cazaux's book games in the engine (issue 16, phase 2): Patchanka, Heavy Shako and the eight
//! Timurids as their data files describe them, checked against their rules
//! pages (`docs/rules/patchanka.md`, `heavy-shako.md`, `timurid.md`: the authority), the independent reference generator of phase 1
//! (`cazaux_reference.rs`, sharing no code with the engine), Fairy-Stockfish's move lists and
//! perft (`data/cazaux/`), and the book's sample games. A made-up game mixing powers from
//! several games guards the promise that a new game is a data file.

#[path = "cazaux_pieces.rs"]
#[allow(dead_code)]
mod pieces;

#[path = "cazaux_reference.rs"]
#[allow(dead_code)]
mod reference;

#[path = "../support/common.rs"]
mod shared;

#[path = "cazaux/common.rs"]
#[allow(dead_code)]
mod common;

#[path = "cazaux/engine.rs"]
mod engine;

#[path = "cazaux/engine_examples.rs"]
mod examples;

#[path = "cazaux/engine_samples.rs"]
mod samples;

#[path = "cazaux/engine_crosscheck.rs"]
mod crosscheck;

#[path = "cazaux/mixed_game.rs"]
mod mixed_game;

#[path = "cazaux/engine_tools.rs"]
mod tools;
