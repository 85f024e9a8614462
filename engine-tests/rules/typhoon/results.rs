//! Typhoon rules, 14.3 and 14.4: game results and repetition.

use super::helpers::*;
use super::support::*;
use kyodai::notation::parse_move;
use kyodai::rules::outcome::{outcome, Reason};
use kyodai::{Color, Game, Position};
use std::sync::Arc;

// ------------------------------------------------------------------------------------------
// 14.3 Game results
// ------------------------------------------------------------------------------------------

#[test]
fn v1_converting_the_last_royal_wins() {
    let mut p = pos("p11/12/12/12/12/12/12/4k7/4(CU)7/12/12/11K w");
    play(&mut p, "e4e4~e5");
    assert_eq!(outcome(&p), win(Color::White, Reason::AllRoyalsCaptured));
    assert_eq!(p.royal_count(Color::White), 2);
}

#[test]
fn v2_self_capture_of_the_last_royal_loses() {
    let mut p = pos("11k/12/12/12/12/12/4(im)7/4K7/12/12/P11/12 w");
    assert_moves(&texts(&mut p), &set("a2a3 e5e5xe5"), "V2");
    play(&mut p, "e5e5xe5");
    assert_eq!(outcome(&p), win(Color::Black, Reason::AllRoyalsCaptured));
}

#[test]
fn v3_bare_king() {
    let mut p = pos("(ep)6p4/12/12/12/R3k7/12/12/12/12/12/12/11K w");
    play(&mut p, "a8e8");
    assert_eq!(outcome(&p), None);
    let mut p = pos("(ep)11/12/12/12/R3k7/12/12/12/12/12/12/11K w");
    play(&mut p, "a8e8");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
}

#[test]
fn no_legal_move_loses_and_a_frozen_side_can_still_capture_itself() {
    // Tan: Fu a1 and d1, Lantern b1 (no forward square), Elephant Prince c1 hemmed in by its
    // own pieces, Fus b2-d2 blocked by them. No legal move: Tan loses (section 7, step 3).
    let mut p = pos("11K/11P/12/12/12/12/12/12/12/12/1(fu)(fu)(fu)8/(fu)(la)(ep)(fu)8 b");
    assert!(texts(&mut p).is_empty());
    assert_eq!(outcome(&p), win(Color::White, Reason::NoLegalMove));
    // A frozen side is not stalemated: its frozen pieces may capture themselves.
    let mut q = pos("k(IM)10/p11/P11/12/12/12/12/12/12/12/12/11K b");
    assert_moves(&texts(&mut q), &set("a12a12xa12 a11a11xa11"), "frozen king and pawn");
    assert_eq!(outcome(&q), None);
}

// ------------------------------------------------------------------------------------------
// 14.4 Repetition
// ------------------------------------------------------------------------------------------

#[test]
fn r1_third_occurrence_is_illegal() {
    let mut p = pos("11k/12/12/12/12/11p/11P/12/12/12/12/K11 w");
    for t in "a1b1 l12k12 b1a1 k12l12 a1b1 l12k12 b1a1".split(' ') {
        play(&mut p, t);
    }
    assert_moves(&moves_of(&mut p, &["k12"]), &set("k12j12 k12j11 k12k11 k12l11"), "R1");
    assert!(parse_move(&mut p, "k12l12").is_err());
}

#[test]
fn r2_passes_take_part_in_repetition() {
    let mut p = pos("11k/12/11(ra)/12/12/12/12/12/12/(PA)11/12/K11 w");
    for t in "a3a3 l10l10 a3a3".split(' ') {
        play(&mut p, t);
    }
    assert_moves(&texts(&mut p), &set("l10k11 l10k9 l10j12 l10j8 l12k11 l12k12 l12l11"), "R2");
}

/// The rules page's 2x3 test geometry (R3): the Typhoon data file on a 2x3 board, bare-king
/// rule off, no promotion (the King's `promotes` removed).
fn tiny() -> Arc<Game> {
    let text = include_str!("../../../core/src/variant/defs/typhoon.toml")
        .replacen("files = 12", "files = 2", 1)
        .replacen("ranks = 12", "ranks = 3", 1)
        .replacen("zone = 4", "zone = 1", 1)
        .replacen("promotes = \"EM\"\n", "", 1)
        .replacen("promotes_if_present = [\"EM\", \"EE\"]\n", "", 1);
    let start = text.lines().find(|l| l.starts_with("start = ")).unwrap();
    let text = text.replacen(start, "start = \"1k/2/K1 w\"", 1);
    let cut = text.find("[setup]").unwrap();
    let end = text[cut..].find("[eval]").unwrap() + cut;
    let text = format!("{}{}", &text[..cut], &text[end..]);
    Arc::new(Game::from_toml_with(&text, &[("bare_king".into(), "off".into())]).unwrap())
}

#[test]
fn r3_page_example_on_the_2x3_board() {
    let v = tiny();
    let mut p = Position::from_fen(&v, "1k/2/K1 w").unwrap();
    for t in "a1b1 b3a3 b1a1 a3b3 a1b1 b3a3 b1a1".split(' ') {
        play(&mut p, t);
    }
    assert_moves(&texts(&mut p), &set("a3a2 a3b2"), "R3");
    play(&mut p, "a3a2");
    play(&mut p, "a1a2");
    assert_eq!(outcome(&p), win(Color::White, Reason::AllRoyalsCaptured));
}
