//! Chu Shogi rules, sections 8 and 9: repetition and the end of the game.

use super::helpers::*;
use kyodai::notation::parse_move;
use kyodai::perft::perft;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::legality::History;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Position};

// ------------------------------------------------------------------------------------------
// Section 8 / 13: repetition
// ------------------------------------------------------------------------------------------

/// Section 13 C13 / 8.1: recreating the start position is illegal.
#[test]
fn c13_repetition() {
    let mut p = Position::start(&chu());
    play(&mut p, "f2d2");
    play(&mut p, "g11i11");
    play(&mut p, "d2f2");
    assert!(!moves_from(&mut p, "i11").contains("i11g11"));
    assert!(is_illegal(&mut p, "i11g11"));
    // Perft with the rule counts one move fewer than without.
    assert_eq!(perft(&mut p, 1, History::Ignore), perft(&mut p, 1, History::Apply) + 1);
}

/// Section 8.1: any earlier position with the same side to move counts; the same board with
/// the other side to move does not.
#[test]
fn repetition_of_a_later_position_and_side_to_move() {
    let mut p = pos(&fen_k(&[], 'w'));
    play(&mut p, "a2a1");
    play(&mut p, "l11l12");
    play(&mut p, "a1b1");
    play(&mut p, "l12l11");
    // b1a1 would recreate the position after a2a1 (Black to move).
    assert!(is_illegal(&mut p, "b1a1"));
    // b1a2 gives the start board, but with Black to move: never seen.
    assert!(parse_move(&mut p, "b1a2").is_ok());
}

/// Section 8.1: the counter-strike state is not part of position identity.
#[test]
fn repetition_ignores_counter_strike() {
    let mut p = pos(&fen_k(&[("e7", "n"), ("e6", "G")], 'w'));
    play(&mut p, "e6e7");
    assert_eq!(p.counter_strike(), Some(sq("e7")));
    play(&mut p, "l11l12");
    play(&mut p, "a2a1");
    play(&mut p, "l12l11");
    assert_eq!(p.counter_strike(), None);
    // a1a2 recreates the board after e6e7 with Black to move; only the counter-strike differs.
    assert!(is_illegal(&mut p, "a1a2"));
    assert!(parse_move(&mut p, "a1b1").is_ok());
}

/// Section 8.1: two passes in a row recreate the position, so the second is illegal.
#[test]
fn two_passes_in_a_row() {
    let mut p = pos(&fen_k(&[("e5", "N"), ("h8", "n")], 'w'));
    let m = play(&mut p, "@@@@");
    assert_eq!(text(m), "e5e5");
    assert!(!moves_from(&mut p, "h8").contains("h8h8"));
    assert!(parse_move(&mut p, "@@@@").is_err());
    assert!(is_illegal(&mut p, "h8h8"));
    assert_eq!(perft(&mut p, 1, History::Ignore), perft(&mut p, 1, History::Apply) + 1);
}

// ------------------------------------------------------------------------------------------
// Section 9 / 13: end of the game
// ------------------------------------------------------------------------------------------

/// Section 9: capturing the last royal wins at once; no legal moves remain.
#[test]
fn capturing_the_last_royal_wins() {
    let f = fen_k(&[("l1", "R")], 'w');
    let mut p = pos(&f);
    assert_eq!(outcome(&p), None);
    play(&mut p, "l1l11");
    assert_eq!(p.royal_count(Color::Black), 0);
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: Reason::AllRoyalsCaptured }));
    assert!(legal_move_list(&mut p).is_empty());
    assert!(parse_move(&mut p, "l11l12").is_err());
}

/// Section 13 C16 / 9: King + Crown Prince survive the loss of one; the game ends with the
/// second.
#[test]
fn c16_king_and_crown_prince() {
    let f = format!("{} b - 1", board(&[("a2", "K"), ("c1", "+E"), ("a12", "r"), ("c12", "r"), ("l11", "k")]));
    let mut p = pos(&f);
    assert_eq!(p.royal_count(Color::White), 2);
    play(&mut p, "a12a2");
    assert_eq!(p.royal_count(Color::White), 1);
    assert_eq!(outcome(&p), None);
    assert!(!legal_move_list(&mut p).is_empty());
    play(&mut p, "c1c2");
    play(&mut p, "c12c2");
    assert_eq!(p.royal_count(Color::White), 0);
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::Black, reason: Reason::AllRoyalsCaptured }));
    assert!(legal_move_list(&mut p).is_empty());
}

/// Section 9: a Lion double move that removes the last two royals wins.
#[test]
fn lion_double_capture_of_both_royals() {
    let f = format!("{} w - 1", board(&[("a2", "K"), ("e6", "N"), ("e7", "k"), ("e8", "+e")]));
    let mut p = pos(&f);
    assert_eq!(p.royal_count(Color::Black), 2);
    play(&mut p, "e6e7,e7e8");
    assert_eq!(p.royal_count(Color::Black), 0);
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: Reason::AllRoyalsCaptured }));
}

/// Section 9: the side to move without a legal move loses.
#[test]
fn no_legal_move_loses() {
    // White King a12 boxed in by its own Pawns, which cannot move either.
    let f = format!("{} w - 1", board(&[("a12", "K"), ("b12", "P"), ("a11", "P"), ("b11", "P"), ("l1", "k")]));
    let mut p = pos(&f);
    assert!(legal_move_list(&mut p).is_empty());
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::Black, reason: Reason::NoLegalMove }));
    let q = pos(&f.replace(" w ", " b "));
    assert_eq!(outcome(&q), None);
}
