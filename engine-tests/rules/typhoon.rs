//! Typhoon (1999) rules tests. The authority is `docs/rules/typhoon.md`; each test names the
//! section (§) or the case of the page's Rule index (14.1, T1–T32, V1–V4, R1–R3) it checks. Move sets are
//! compared exactly, as canonical move text (section 11), filtered by the origin squares of the
//! pieces under test.

#[path = "../support/perft_data.rs"]
mod perft_data;

#[path = "typhoon_reference.rs"]
mod reference;

#[path = "typhoon_cross.rs"]
mod cross;

mod support;

#[path = "typhoon/helpers.rs"]
mod helpers;

#[path = "typhoon/start_position.rs"]
mod start_position;

#[path = "typhoon/pieces.rs"]
mod pieces;

#[path = "typhoon/results.rs"]
mod results;

#[path = "typhoon/move_text.rs"]
mod move_text;

#[path = "typhoon/options.rs"]
mod options;
