//! Bigorra rules, section 4: FEN.

use super::hand_checks::{E1_FEN, K1_FEN, K4_FEN, P_FEN};
use super::helpers::*;
use super::pieces::token;
use super::sample_game::FINAL_FEN;
use kyodai::Color;

pub fn kings(extra: &[(&str, &str)], rest: &str) -> String {
    let mut v = vec![("a2", "K"), ("p13", "k")];
    v.extend_from_slice(extra);
    build_fen(&v, rest)
}

/// §4 validation: not exactly one King per colour; a Prince is no King.
#[test]
fn fen_rejects_wrong_king_count() {
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1");
    rejects("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14K w - - 0 1");
    rejects("k14k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/(PR)15 w - - 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1");
}

/// §4 validation: the side not to move must not be in check (including a hopper's check).
#[test]
fn fen_rejects_side_not_to_move_in_check() {
    let fen = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14R w - - 0 1";
    rejects(fen);
    accepts(&fen.replace(" w ", " b "));
    // Cannon check over a screen.
    let c = "7k8/16/16/16/16/16/16/7n8/16/16/16/16/16/16/16/K6C8 w - - 0 1";
    rejects(c);
    accepts(&c.replace(" w ", " b "));
}

/// §4 validation: a promoting type other than the Troll may not stand on its own last rank;
/// on the opponent's last rank (its own first rank) it may. Trolls and non-promoting types
/// may stand anywhere.
#[test]
fn fen_promoting_types_on_last_rank() {
    for id in ["P", "S", "PR", "N", "M", "Z", "E", "W", "MM", "SQ", "J", "SH", "SN", "HK"] {
        rejects(&kings(&[("h16", &token(id, Color::White))], "w - - 0 1"));
        rejects(&kings(&[("h1", &token(id, Color::Black))], "w - - 0 1"));
        accepts(&kings(&[("h1", &token(id, Color::White))], "w - - 0 1"));
        accepts(&kings(&[("h16", &token(id, Color::Black))], "w - - 0 1"));
    }
    for id in ["T", "Q", "AZ", "DW", "L", "G", "D", "O", "U", "F", "H", "X", "A", "Y", "B", "R", "C", "V", "CH"] {
        accepts(&kings(&[("h16", &token(id, Color::White))], "b - - 0 1"));
        accepts(&kings(&[("h1", &token(id, Color::Black))], "w - - 0 1"));
    }
}

/// §4: a Pawn on its own first rank is accepted and may double-step from there (§3.3); a
/// Troll on its last rank is accepted (T-3).
#[test]
fn fen_pawn_on_first_rank() {
    let fen = kings(&[("h1", "P"), ("g16", "p")], "w - - 0 1");
    check_piece(&fen, "h1", &["h2", "h3"]);
    let fen = kings(&[("h1", "P"), ("g16", "p")], "b - - 0 1");
    check_piece(&fen, "g16", &["g15", "g14"]);
    let mut p = pos(&fen);
    play(&mut p, "g16g14");
    assert_eq!(p.ep_square(), Some(sq("g15")));
}

/// §4 validation: the e.p. square must be empty, have a Pawn, Soldier or Prince of the side
/// that just moved right after it, and an empty, on-board square right before it.
#[test]
fn fen_ep_square_consistency() {
    // E-5 is consistent.
    let good = "15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 0 1";
    accepts(good);
    // X occupied.
    rejects("15k/16/16/16/16/16/16/16/6n9/6pP8/16/16/16/16/16/K15 w - g8 0 1");
    // Nothing after X; a Troll after X; a White Pawn after X; a Black Pawn but the ep on the wrong side.
    rejects("15k/16/16/16/16/16/16/16/16/7P8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/6tP8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/6PP8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g6 0 1");
    // A Soldier and a Prince after X are fine.
    accepts("15k/16/16/16/16/16/16/16/16/6sP8/16/16/16/16/16/K15 w - g8 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/6(pr)P8/16/16/16/16/16/K15 w - g8 0 1");
    // Square before X occupied (by either side).
    rejects("15k/16/16/16/16/16/16/6n9/16/6pP8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/6N9/16/6pP8/16/16/16/16/16/K15 w - g8 0 1");
    // Square before X off the board: Black "double step" from rank 17.
    rejects("15k/7p8/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - h16 0 1");
    // White's double step, Black to move.
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/16/K15 b - h3 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/16/K15 w - h3 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/7N8/K15 b - h3 0 1");
    // Square before X off the board for White: X on rank 1.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/7P8/K15 b - h1 0 1");
    // Not a square.
    rejects("15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - q8 0 1");
}

/// §4 placement syntax: wrong square counts, unknown pieces, bad side, wrong rank count,
/// leading-zero or zero runs, longest-digit-sequence reading.
#[test]
fn fen_rejects_bad_syntax() {
    let ok = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1";
    accepts(ok);
    rejects("14k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1"); // 15 squares
    rejects("16k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1"); // 17 squares
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15P w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1"); // 15 ranks
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1"); // 17 ranks
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/I15/K15 w - - 0 1"); // unknown piece
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(XX)15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/+Q15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 x - - 0 1"); // bad side
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 W - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/016/K15 w - - 0 1"); // leading zero
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/0P15/K15 w - - 0 1"); // zero run
                                                                              // Readers take the longest digit sequence: "78" is seventy-eight squares, not 7 + 8.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K78 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K1410 w - - 0 1");
    // Leap-rights field: K, k, in that order, or -.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w Q - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w kK - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w KK - 0 1");
    // Clock fields are numbers.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - x 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 y");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w Kk - 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w k - 0 1");
}

/// §4: two-letter IDs are written in parentheses; without them the letters are two pieces.
#[test]
fn fen_two_letter_ids() {
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(HK)15/K15 w - - 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(hk)15/K15 w - - 0 1");
    // H and K: a Marshall and a second White King.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/HK14/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(HK/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/()15/K15 w - - 0 1");
}

/// §4: "Parentheses around a single letter are invalid."
#[test]
fn fen_rejects_single_letter_in_parentheses() {
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(Q)15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(q)15/K15 w - - 0 1");
}

/// §4: canonical FENs round-trip exactly through `to_fen`, including multi-digit runs and
/// two-letter IDs, the leap-rights, e.p., clock and move-number fields.
#[test]
fn fen_round_trip() {
    for fen in [
        "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K10R4 w - - 0 1",
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/1(SQ)11(AZ)1K w - - 37 120",
        "15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 0 1",
        "15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/16/K15 b - h3 0 1",
        "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w Kk - 99 50",
        "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b k - 3 7",
        E1_FEN,
        K1_FEN,
        K4_FEN,
        P_FEN,
        FINAL_FEN,
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // Writers merge runs (the builder here always does; a position set up with pieces removed
    // writes merged runs too).
    let mut p = pos("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K7R7 w - - 0 1");
    play(&mut p, "i1i16");
    assert_eq!(p.to_fen(), "8R6k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 1 1");
}
