//! Cazaux's book games (Patchanka, Heavy Shako, the eight Timurids), phase 1 of issue 16: the
//! independent reference generator (`cazaux_reference.rs`, `cazaux_pieces.rs`) checked against
//! every worked example of the rules pages of Cazaux's games (`docs/rules/patchanka.md`, `heavy-shako.md`, `timurid.md`), the book's sample games, its
//! own perft counts and Fairy-Stockfish's move lists and perft (data files in
//! `data/cazaux/`). It does not use the engine; phase 2 compares the engine with it.

#[path = "cazaux_pieces.rs"]
mod pieces;

#[path = "cazaux_reference.rs"]
mod reference;

#[path = "cazaux/common.rs"]
mod common;

#[path = "cazaux/examples.rs"]
mod examples;

#[path = "cazaux/samples.rs"]
mod samples;

#[path = "cazaux/crosscheck.rs"]
mod crosscheck;
