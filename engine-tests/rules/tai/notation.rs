//! Tai Shogi rules, sections 9, 1 and 8: FEN and the traditional (USI) coordinates.

use super::helpers::*;
use kyodai::notation::parse_move;
use kyodai::Position;

// ---------- Section 9: FEN ----------

#[test]
fn fen_errors_are_clear() {
    let v = tai();
    let base = framed(&[]);
    for (bad, why) in [
        (base.replacen("25", "24", 1), "squares"),
        (base.replacen("E24", "(QQ)24", 1), "unknown"),
        (base.replacen("25", "+P24", 1), "unknown"),
        (base.replacen("25", "+E24", 1), "unknown"),
        (base.replacen("25", "(FF)24", 1), "unknown"),
        (base.replacen("25", "+(FF)24", 1), "unknown"),
    ] {
        let err = Position::from_fen(&v, &bad).expect_err(&bad).to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
    // A one-letter ID in parentheses is accepted (section 9 does not reject it) and written
    // back bare.
    assert_eq!(pos(&base.replacen("25", "(P)24", 1)).to_fen(), format!("{} 1", base.replacen("25", "P24", 1)));
    // Multi-letter IDs, promoted IDs and multi-digit runs read back exactly.
    let f = framed(&[("+(LN)", "m13"), ("(lch)", "b7"), ("+(de)", "x20")]);
    assert_eq!(pos(&f).to_fen(), format!("{f} 1"));
}

// ---------- Sections 1 and 8: traditional (USI) coordinates ----------

#[test]
fn usi_squares_and_moves_on_25x25() {
    use kyodai::protocol::squares::{move_to_usi, usi_move_to_ours, usi_square};
    let shape = tai().shape;
    for (ours, usi) in [("a1", "25y"), ("y1", "1y"), ("a25", "25a"), ("y25", "1a"), ("m1", "13y"), ("m25", "13a")] {
        assert_eq!(usi_square(&shape, sq(ours)), usi);
    }
    // The program's igui example: a Lion on 8c taking on 9d is our r23 taking q22.
    assert_eq!(usi_square(&shape, sq("r23")), "8c");
    assert_eq!(usi_square(&shape, sq("q22")), "9d");
    assert_eq!(usi_move_to_ours(&shape, "13s13r").unwrap(), "m7m8");
    assert_eq!(usi_move_to_ours(&shape, "13m13l12k").unwrap(), "m13m14,m14n15");
    assert!(usi_move_to_ours(&shape, "26a25a").is_err());
    assert!(usi_move_to_ours(&shape, "1z1y").is_err());
    // A double capture and an igui as USI text.
    let f = "25/24e/25/25/25/25/25/25/25/25/13p11/12p12/12(LN)12/25/25/25/25/25/25/25/25/25/25/E24/25 w";
    let mut p = pos(f);
    let m = parse_move(&mut p, "m13m14,m14n15").unwrap();
    assert_eq!(move_to_usi(&mut p, m), "13m13l12k+");
    let m = parse_move(&mut p, "m13m14,m14m13").unwrap();
    assert_eq!(move_to_usi(&mut p, m), "13m13l13m+");
}
