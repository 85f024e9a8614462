//! Chu Shogi rules, section 6 / 13: promotion.

use super::helpers::*;
use kyodai::notation::parse_move;
use kyodai::Color;

/// Section 13 C9 / 6: entering the zone without capture offers promotion (both moves).
#[test]
fn c9_entering_the_zone() {
    let f = fen_k(&[("e8", "S")], 'w');
    assert_moves(&moves_of(&f, "e8"), &with_from("e8", &["d9", "d9+", "e9", "e9+", "f9", "f9+", "d7", "f7"]), "C9");
    let mut p = pos(&f);
    let plain = parse_move(&mut p, "e8e9").unwrap();
    assert_eq!(plain.promotion(), None, "no suffix = deferral");
    assert_eq!(parse_move(&mut p, "e8e9=").unwrap(), plain);
    assert!(parse_move(&mut p, "e8e9+").unwrap().promotion().is_some());
}

/// Section 13 C10 / 6: non-captures inside the zone never promote; captures there do.
#[test]
fn c10_inside_the_zone() {
    let f = fen_k(&[("e9", "S")], 'w');
    assert_moves(&moves_of(&f, "e9"), &with_from("e9", &["d10", "e10", "f10", "d8", "f8"]), "C10");
    let mut p = pos(&f);
    assert!(is_illegal(&mut p, "e9e10+"));
    assert!(parse_move(&mut p, "e9e10").is_ok());
    let g = fen_k(&[("e9", "S"), ("d10", "p"), ("e10", "p")], 'w');
    assert_moves(
        &moves_of(&g, "e9"),
        &with_from("e9", &["d10", "d10+", "e10", "e10+", "f10", "d8", "f8"]),
        "C10 with captures",
    );
}

/// Section 13 C11 / 6: a capture out of the zone offers promotion.
#[test]
fn c11_capturing_out_of_the_zone() {
    let f = fen_k(&[("e9", "S"), ("d8", "p")], 'w');
    assert_moves(&moves_of(&f, "e9"), &with_from("e9", &["d10", "e10", "f10", "d8", "d8+", "f8"]), "C11");
}

/// Section 6: captures outside the zone never promote; a capture entering it does.
#[test]
fn captures_and_the_zone() {
    let f = fen_k(&[("e3", "R"), ("e7", "p")], 'w');
    assert!(moves_of(&f, "e3").iter().all(|m| !m.ends_with('+')));
    let f = fen_k(&[("e6", "R"), ("e10", "p")], 'w');
    let got = moves_of(&f, "e6");
    assert!(got.contains("e6e10") && got.contains("e6e10+") && got.contains("e6e9+") && got.contains("e6e9"));
    // HaChu accepts a Rook deferral e8e9; we generate both.
    let got = moves_of(&fen_k(&[("e8", "R")], 'w'), "e8");
    assert!(got.contains("e8e9") && got.contains("e8e9+"));
}

/// Section 6: to get another chance without capturing, the piece must leave the zone and
/// enter again.
#[test]
fn leave_and_reenter_the_zone() {
    let mut p = pos(&fen_k(&[("e9", "S")], 'w'));
    play(&mut p, "e9d8");
    play(&mut p, "l11l12");
    assert_moves(
        &moves_from(&mut p, "d8"),
        &with_from("d8", &["c9", "c9+", "d9", "d9+", "e9", "e9+", "c7", "e7"]),
        "re-entry",
    );
}

/// Section 13 C12 / 6: Pawn and Lance at the last rank.
#[test]
fn c12_pawn_and_lance_at_the_last_rank() {
    // Pawn e11: e11e12 without promotion, then immobile.
    let f = fen_k(&[("e11", "P")], 'w');
    assert_moves(&moves_of(&f, "e11"), &with_from("e11", &["e12"]), "Pawn e11");
    let mut p = pos(&f);
    play(&mut p, "e11e12");
    assert_eq!(piece_on(&p, "e12"), Some(("P".into(), Color::White)));
    play(&mut p, "l11l10");
    assert!(moves_from(&mut p, "e12").is_empty(), "the unpromoted Pawn on e12 is immobile");

    // Pawn e10: e10e11 only; e10e11+ rejected.
    let f = fen_k(&[("e10", "P")], 'w');
    assert_moves(&moves_of(&f, "e10"), &with_from("e10", &["e11"]), "Pawn e10");
    assert!(is_illegal(&mut pos(&f), "e10e11+"));

    // A Pawn that entered without promoting cannot promote with a later non-capture.
    let mut p = pos(&fen_k(&[("d8", "P")], 'w'));
    assert_moves(&moves_from(&mut p, "d8"), &with_from("d8", &["d9", "d9+"]), "Pawn d8");
    play(&mut p, "d8d9");
    assert_eq!(piece_on(&p, "d9"), Some(("P".into(), Color::White)));
    play(&mut p, "l11l10");
    assert!(is_illegal(&mut p, "d9d10+"));
    assert!(parse_move(&mut p, "d9d10").is_ok());

    // A capture onto the last rank must promote.
    let f = fen_k(&[("e11", "P"), ("e12", "p")], 'w');
    assert_moves(&moves_of(&f, "e11"), &with_from("e11", &["e12+"]), "Pawn e11 takes e12");
    let mut p = pos(&f);
    assert!(parse_move(&mut p, "e11e12").unwrap().promotion().is_some(), "deferral text = forced promotion");
    assert!(parse_move(&mut p, "e11e12=").is_err());

    // Lance e6: 9 moves, e12 only with promotion.
    let f = fen_k(&[("e6", "L")], 'w');
    assert_moves(
        &moves_of(&f, "e6"),
        &with_from("e6", &["e7", "e8", "e9", "e9+", "e10", "e10+", "e11", "e11+", "e12+"]),
        "Lance e6",
    );
    let mut p = pos(&f);
    assert_eq!(text(parse_move(&mut p, "e6e12").unwrap()), "e6e12+");
    assert!(parse_move(&mut p, "e6e12=").is_err());

    // Lance inside the zone: reaches e12 unpromoted without capture, must promote capturing.
    let f = fen_k(&[("e10", "L")], 'w');
    assert_moves(&moves_of(&f, "e10"), &with_from("e10", &["e11", "e12"]), "Lance e10");
    let mut p = pos(&f);
    play(&mut p, "e10e12");
    play(&mut p, "l11l10");
    assert!(moves_from(&mut p, "e12").is_empty(), "the unpromoted Lance on e12 is immobile");
    let f = fen_k(&[("e10", "L"), ("e12", "p")], 'w');
    assert_moves(&moves_of(&f, "e10"), &with_from("e10", &["e11", "e12+"]), "Lance e10 takes e12");
}

/// Sections 2.1 / 6: King, Lion and Free King never promote; promoted pieces never promote
/// again.
#[test]
fn never_promoting_pieces() {
    for (id, from) in [("K", "e8"), ("Q", "e8"), ("N", "e8"), ("+B", "e8"), ("+G", "e8"), ("+I", "e8"), ("+P", "e8")] {
        let f = fen_k(&[(from, id), ("e9", "p"), ("d9", "p")], 'w');
        let got = moves_of(&f, from);
        assert!(!got.is_empty());
        assert!(got.iter().all(|m| !m.ends_with('+')), "{id}: {got:?}");
    }
}

/// Sections 2.2 / 9: a Drunk Elephant promotes to a royal Crown Prince, a Go-Between to a
/// non-royal Drunk Elephant.
#[test]
fn drunk_elephant_and_go_between_promotion() {
    let f = fen_k(&[("e8", "E"), ("h8", "I")], 'w');
    let mut p = pos(&f);
    assert!(moves_from(&mut p, "e8").contains("e8e9+"));
    play(&mut p, "e8e9+");
    assert_eq!(piece_on(&p, "e9"), Some(("+E".into(), Color::White)));
    assert_eq!(p.royal_count(Color::White), 2);
    play(&mut p, "l11l10");
    play(&mut p, "h8h9+");
    assert_eq!(piece_on(&p, "h9"), Some(("+I".into(), Color::White)));
    assert_eq!(p.royal_count(Color::White), 2, "+I is not royal");
    let q = pos(&fen_k(&[("e8", "+I")], 'w'));
    assert_eq!(q.royal_count(Color::White), 1);
    let q = pos(&fen_k(&[("e8", "+E")], 'w'));
    assert_eq!(q.royal_count(Color::White), 2);
}
