//! Tai Shogi rules tests. The authority is `docs/rules/tai.md`; every test names the
//! section (§) or test case (T1..T13) of the page's Rule index that it checks. Counts are of legal moves of the
//! named piece, one per effect (section 8). Cross-checks against an independent generator
//! and of attack detection are in `tai_cross.rs`.

#[path = "../support/common.rs"]
mod common;

#[path = "../support/perft_data.rs"]
mod perft_data;

#[path = "../support/walk.rs"]
mod walk;

#[path = "tai_reference.rs"]
mod reference;

#[path = "tai_cross.rs"]
mod cross;

#[path = "tai/helpers.rs"]
mod helpers;

#[path = "tai/cases.rs"]
mod cases;

#[path = "tai/pieces.rs"]
mod pieces;

#[path = "tai/notation.rs"]
mod notation;

#[path = "tai/options.rs"]
mod options;
