//! Chu Shogi rules, sections 11 and 10: FEN and move text.

use super::helpers::*;
use super::lion::C3;
use kyodai::notation::parse_move;
use kyodai::rules::legality::legal_move_list;
use kyodai::{Color, Position};
use std::collections::BTreeSet;

// ------------------------------------------------------------------------------------------
// Section 11: FEN
// ------------------------------------------------------------------------------------------

/// Section 11: the start FEN and other FENs round-trip; defaults for a board-only FEN.
#[test]
fn fen_round_trips_and_defaults() {
    assert_eq!(pos(START).to_fen(), START);
    for f in [
        C3,
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1",
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 b - 17",
        "+e11/11k/12/12/2+H+h8/12/12/12/12/12/K+O+P+I8/12 w - 5",
    ] {
        assert_eq!(pos(f).to_fen(), f);
    }
    let board_only = START.split(' ').next().unwrap();
    let p = pos(board_only);
    assert_eq!(p.to_fen(), START);
    assert_eq!(p.side(), Color::White);
    assert_eq!(p.counter_strike(), None);
    assert_eq!(p.fullmove_number(), 1);
    // Full-move number optional.
    assert_eq!(pos(&format!("{board_only} b c4")).to_fen(), format!("{board_only} b c4 1"));
    // make/unmake restores the FEN.
    let mut p = Position::start(&chu());
    for m in legal_move_list(&mut p) {
        let u = p.make(m);
        assert_ne!(p.to_fen(), START);
        p.unmake(m, u);
        assert_eq!(p.to_fen(), START);
    }
}

/// Section 11: malformed FENs are rejected.
#[test]
fn fen_rejections() {
    let v = chu();
    let bad = [
        ("rank sum 13", "12/11k/12/12/12/12/12/12/12/12/K12/12 w - 1"),
        ("rank sum 11", "12/11k/12/12/12/12/12/12/12/12/K10/12 w - 1"),
        ("rank sum 13 by pieces", "12/11k/12/12/12/12/12/12/12/12/K11P/12 w - 1"),
        ("11 ranks", "12/11k/12/12/12/12/12/12/12/K11/12 w - 1"),
        ("13 ranks", "12/11k/12/12/12/12/12/12/12/12/12/K11/12 w - 1"),
        ("unknown letter Z", "12/11k/12/12/12/12/12/12/12/12/K10Z/12 w - 1"),
        ("unknown letter w", "12/11k/12/12/12/12/12/12/12/12/K10w/12 w - 1"),
        ("unknown letter J", "12/11k/12/12/12/12/12/12/12/12/K10J/12 w - 1"),
        ("+K", "12/11k/12/12/12/12/12/12/12/12/K10+K/12 w - 1"),
        ("+N", "12/11k/12/12/12/12/12/12/12/12/K10+N/12 w - 1"),
        ("+Q", "12/11k/12/12/12/12/12/12/12/12/K10+Q/12 w - 1"),
        ("+n", "12/11k/12/12/12/12/12/12/12/12/K10+n/12 w - 1"),
        ("++P", "12/11k/12/12/12/12/12/12/12/12/K10++P/12 w - 1"),
        ("+ alone", "12/11k/12/12/12/12/12/12/12/12/K10+/12 w - 1"),
        ("no White royal", "12/11k/12/12/12/12/12/12/12/12/12/12 w - 1"),
        ("no Black royal", "12/12/12/12/12/12/12/12/12/12/K11/12 w - 1"),
        ("side x", "12/11k/12/12/12/12/12/12/12/12/K11/12 x - 1"),
        ("bad counter-strike", "12/11k/12/12/12/12/12/12/12/12/K11/12 w m13 1"),
        ("bad move number", "12/11k/12/12/12/12/12/12/12/12/K11/12 w - x"),
    ];
    for (why, f) in bad {
        assert!(Position::from_fen(&v, f).is_err(), "{why}: {f} accepted");
    }
    // A Crown Prince alone is a royal.
    let p = pos("12/11k/12/12/12/12/12/12/12/12/+E11/12 w - 1");
    assert_eq!(p.royal_count(Color::White), 1);
}

// ------------------------------------------------------------------------------------------
// Section 10: move text
// ------------------------------------------------------------------------------------------

/// Section 10: every legal move round-trips through its canonical text, and texts are
/// unique, in the start position and lion / promotion positions.
#[test]
fn move_text_round_trips() {
    let fens = vec![
        START.to_string(),
        C3.to_string(),
        fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "N")], 'w'),
        fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "s"), ("e5", "N")], 'w'),
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1".to_string(),
        fen_k(&[("e8", "+H"), ("e9", "p"), ("e10", "p"), ("f6", "+D"), ("e7", "p"), ("g7", "p")], 'w'),
        "12/11k/12/12/4n7/4G7/4G7/12/12/12/K11/12 b - 1".to_string(),
        fen_k(&[("e8", "S"), ("e6", "L"), ("e11", "P"), ("g10", "p"), ("h8", "O"), ("h10", "n")], 'w'),
        fen_k(&[("e5", "p"), ("e7", "l"), ("f6", "s"), ("g7", "n"), ("e1", "G")], 'b'),
    ];
    for f in fens {
        let mut p = pos(&f);
        let moves = legal_move_list(&mut p);
        assert!(!moves.is_empty(), "{f}");
        let mut seen = BTreeSet::new();
        for m in moves {
            let t = text(m);
            assert!(seen.insert(t.clone()), "duplicate text {t} in {f}");
            assert_eq!(parse_move(&mut p, &t), Ok(m), "{t} in {f}");
        }
    }
}

/// Sections 5.3 / 10: alternative inputs with the same effect are the same move.
#[test]
fn move_text_alternatives() {
    // Pass: "@@@@", "f6f6" and a step to an empty square and back.
    let mut p = pos(&fen_k(&[("f6", "N")], 'w'));
    let pass = parse_move(&mut p, "@@@@").unwrap();
    assert!(pass.is_pass());
    assert_eq!(text(pass), "f6f6");
    assert_eq!(parse_move(&mut p, "f6f6").unwrap(), pass);
    assert_eq!(parse_move(&mut p, "f6f7,f7f6").unwrap(), pass);
    assert_eq!(legal_move_list(&mut p).iter().filter(|m| m.is_pass()).count(), 1, "one pass");

    // Igui.
    let mut p = pos(&fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "N")], 'w'));
    let igui = parse_move(&mut p, "e6e7,e7e6").unwrap();
    assert_eq!(igui.from, sq("e6"));
    assert_eq!(igui.to, sq("e6"));
    assert_eq!(igui.mids().collect::<Vec<_>>(), vec![sq("e7")]);
    assert!(!igui.is_pass());
    assert_eq!(text(igui), "e6e7,e7e6");

    // A double step through an empty square is the jump.
    let mut p = pos(&fen_k(&[("e7", "n"), ("e5", "N")], 'w'));
    let jump = parse_move(&mut p, "e5e7").unwrap();
    assert_eq!(parse_move(&mut p, "e5e6,e6e7").unwrap(), jump);
    assert_eq!(text(jump), "e5e7");
    let quiet = parse_move(&mut p, "e5g7").unwrap();
    assert_eq!(parse_move(&mut p, "e5f6,f6g7").unwrap(), quiet);
    assert_eq!(text(quiet), "e5g7");

    // Promotion suffixes.
    let mut p = pos(&fen_k(&[("e8", "S")], 'w'));
    let promo = parse_move(&mut p, "e8e9+").unwrap();
    assert_eq!(text(promo), "e8e9+");
    assert_eq!(text(parse_move(&mut p, "e8e9=").unwrap()), "e8e9");
}
