//! Bigorra rules, section 5: notation.

use super::hand_checks::{E1_FEN, K4_FEN, P_FEN};
use super::helpers::*;
use kyodai::notation::{format_move, parse_move};
use kyodai::Position;

/// §5: the optional promotion suffix must match the forced promotion; no suffix on
/// non-promotions; squares are case-insensitive; output has no suffix.
#[test]
fn notation_promotion_suffix() {
    let v = variant();
    let mut p = pos(P_FEN);
    let plain = parse_move(&mut p, "d14d16").unwrap();
    assert_eq!(plain.promotion().map(|k| v.piece(k).id.clone()), Some("Q".into()));
    for t in ["d14d16q", "d14d16Q", "D14D16", "D14d16q"] {
        assert_eq!(parse_move(&mut p, t).unwrap(), plain, "{t}");
    }
    assert_eq!(format_move(&v, plain), "d14d16");
    for t in ["d14d16az", "d14d16r", "d14d16f", "d14d15q", "d14e15q", "k14l12f", "g14g15az"] {
        assert!(parse_move(&mut p, t).is_err(), "{t} should be rejected");
    }
    let pr = parse_move(&mut p, "g14g16az").unwrap();
    assert_eq!(v.piece(pr.promotion().unwrap()).id, "AZ");
    assert_eq!(parse_move(&mut p, "G14G16AZ").unwrap(), pr);
    assert!(parse_move(&mut p, "g14g16q").is_err());
    assert_eq!(v.piece(parse_move(&mut p, "k14j16f").unwrap().promotion().unwrap()).id, "F");
    assert_eq!(format_move(&v, pr), "g14g16");
    // Troll: e15e16dw promotes; a leap onto rank 16 with a suffix is refused.
    let mut t = pos("3n12/4T11/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1");
    assert_eq!(v.piece(parse_move(&mut t, "e15e16dw").unwrap().promotion().unwrap()).id, "DW");
    assert_eq!(v.piece(parse_move(&mut t, "e15d16DW").unwrap().promotion().unwrap()).id, "DW");
    let mut t1 = pos("7r8/4p11/5n10/4T11/16/16/1P14/16/15k/16/16/16/16/16/16/K15 w - - 0 1");
    assert!(parse_move(&mut t1, "e13e16").unwrap().promotion().is_none());
    assert!(parse_move(&mut t1, "e13e16dw").is_err());
}

/// §5: syntax: multi-digit ranks, no leading zero, illegal moves refused, e.p. and the
/// King's leap carry no marker.
#[test]
fn notation_syntax() {
    let mut p = Position::start(&variant());
    assert!(parse_move(&mut p, "h5h7").is_ok());
    assert!(parse_move(&mut p, "H5H7").is_ok());
    assert!(parse_move(&mut p, "h5h8").is_err(), "not a legal move");
    assert!(parse_move(&mut p, "h05h07").is_err());
    assert!(parse_move(&mut p, "h5").is_err());
    assert!(parse_move(&mut p, "q5q7").is_err());
    assert!(parse_move(&mut p, "h12h10").is_err(), "Black's piece, White to move");
    let mut p = pos("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/P14K w - - 0 1");
    let m = parse_move(&mut p, "a1a3").unwrap();
    assert_eq!(text(m), "a1a3");
    let mut p = pos("15k/16/16/16/16/16/P15/16/16/16/16/16/16/16/16/15K w - - 0 1");
    assert_eq!(text(parse_move(&mut p, "a10a12").unwrap()), "a10a12");
    let mut e = pos(E1_FEN);
    assert_eq!(text(parse_move(&mut e, "f10e11").unwrap()), "f10e11");
    let mut k = pos(K4_FEN);
    assert_eq!(text(parse_move(&mut k, "h2f3").unwrap()), "h2f3");
}

/// Notation: a FEN may leave out its last fields, even all of them after the side to move; they
/// take their defaults, as after a placement alone. A refused FEN never shows the program's own
/// type names.
#[test]
fn fen_fields_may_be_left_out_from_the_end() {
    let board = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15";
    for (given, read) in [
        ("w", "w - - 0 1"),
        ("b", "b - - 0 1"),
        ("w -", "w - - 0 1"),
        ("w - -", "w - - 0 1"),
        ("w - - 7", "w - - 7 1"),
        ("w - - 7 9", "w - - 7 9"),
    ] {
        assert_eq!(fields(&pos(&format!("{board} {given}"))), read, "{given}");
    }
    for bad in ["w - - 0 1 5", "w Q", "w - z9", "w - - x", "x"] {
        let e = Position::from_fen(&variant(), &format!("{board} {bad}")).unwrap_err().to_string();
        for internal in ["LeapRights", "EnPassant", "CounterStrike", "Halfmove", "Fullmove"] {
            assert!(!e.contains(internal), "'{bad}': {e}");
        }
    }
}

/// Notation: the explicit effect form is general; en passant writes its victim (E-1).
#[test]
fn explicit_en_passant_form() {
    let mut p = pos(E1_FEN);
    let m = parse_move(&mut p, "f10e11").unwrap();
    assert_eq!(parse_move(&mut p, "f10e11xe10"), Ok(m));
    assert_eq!(kyodai::notation::format_explicit_at(&p, m), "f10e11xe10");
    assert!(parse_move(&mut p, "f10e11xe9").is_err(), "e9 is not what it takes");
}

/// Notation: a refused move says why: a `+` where Bigorra's forced promotion is written without
/// one, a suffix on a move that does not promote.
#[test]
fn refusals_name_the_real_reason() {
    use kyodai::notation::{MoveError, Refusal};
    let fen = "k15/4n11/3P12/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1";
    let mut p = pos(fen);
    let e = parse_move(&mut p, "d14d16+").unwrap_err();
    assert!(matches!(&e, MoveError::Illegal { reason: Refusal::SuffixNotWritten { suffix: '+', .. }, .. }), "{e}");
    assert!(e.to_string().contains("Bigorra writes no '+'"), "{e}");
    let e = parse_move(&mut p, "d14e15q").unwrap_err();
    assert!(matches!(&e, MoveError::Illegal { reason: Refusal::CannotPromote, .. }), "{e}");
    assert!(parse_move(&mut p, "d14d16").is_ok() && parse_move(&mut p, "d14d16q").is_ok());
}
