//! Cross-check of the move generator against an independent reference generator
//! (`reference.rs`, written from the rules files only), plus perft numbers.
//!
//! Every comparison builds the reference position from FEN text with the reference's own
//! parser and compares the engine's legal moves (`legal_move_list` + `format_move`) with the
//! reference's legal move texts as sets; a mismatch prints the FEN and the symmetric
//! difference. Duplicate texts in the engine's list are reported too (one move per effect).
//! For the fixed positions, every legal move is also made on both sides and the FENs after it
//! compared; the random games compare the FEN after each played move.
//!
//! Positions compared: the start positions, every FEN of the rules files' test sections (and
//! their colour-mirrored forms), a few positions built here, all 465 positions of the Bigorra
//! sample game, and every position of fixed-seed random games of 20-120 plies.
//!
//! Perft numbers: `data/bigorra.txt` and `data/chu.txt` hold them, each with how it was
//! established; `harness.rs` counts them with the engine and the tests here with the reference
//! generator. Apart from the numbers published in the rules files, every number is the
//! reference generator's own recursive perft.

#[path = "reference.rs"]
mod reference;

#[path = "../support/perft_data.rs"]
mod perft_data;

#[path = "harness.rs"]
mod harness;

#[path = "helpers.rs"]
mod helpers;

#[path = "rules_examples.rs"]
mod rules_examples;

#[path = "engine_vs_reference.rs"]
mod engine_vs_reference;

#[path = "perft_numbers.rs"]
mod perft_numbers;
