//! Handicap starts: `docs/rules/chu.md` §15 and its tables. Each handicap is compared square by
//! square with the standard start (§3): exactly the differences the tables name.

use super::helpers::*;
use kyodai::{Color, Position};

/// The squares where the handicap start differs from the standard one, with what stands there
/// in each ("" for empty), as `square:start>handicap`.
fn differences(name: &str) -> Vec<String> {
    let v = chu();
    let fen = v.handicap_fen(name).unwrap_or_else(|e| panic!("{e}"));
    let (h, s) = (Position::from_fen(&v, &fen).unwrap(), pos(START));
    assert_eq!(h.side(), Color::Black, "§15: the giver, the second player, moves first ({name})");
    let token = |p: &Position, q| p.piece_at(q).map(|x| v.piece(x.kind()).fen_token(x.color())).unwrap_or_default();
    v.shape
        .squares()
        .filter(|&q| token(&h, q) != token(&s, q))
        .map(|q| format!("{}:{}>{}", v.shape.name(q), token(&s, q), token(&h, q)))
        .collect()
}

#[test]
fn the_nine_removals_take_one_piece_from_the_givers_left() {
    let cases = [
        ("copper", "j12:c>"),
        ("silver", "i12:s>"),
        ("blind-tiger", "h11:t>"),
        ("leopard", "k12:f>"),
        ("gold", "h12:g>"),
        ("side-mover", "l10:m>"),
        ("vertical-mover", "k10:v>"),
        ("rook", "j10:r>"),
        ("free-king", "f10:q>"),
    ];
    for (name, diff) in cases {
        assert_eq!(differences(name), vec![diff.to_string()], "{name}");
    }
}

#[test]
fn lishogis_three_give_the_first_player_lions_or_a_prince() {
    assert_eq!(differences("two-lions"), ["f2:O>+O"]);
    assert_eq!(differences("three-lions"), ["f2:O>+O", "g2:X>+O", "g11:o>x"]);
    assert_eq!(differences("two-kings"), ["g1:E>+E"]);
}

#[test]
fn every_handicap_is_in_the_table_and_a_wrong_name_lists_them() {
    let v = chu();
    assert_eq!(v.handicaps.len(), 12);
    let err = v.handicap_fen("queen").unwrap_err().to_string();
    for h in &v.handicaps {
        assert!(err.contains(&h.name), "{err}");
    }
    assert_eq!(v.handicap_fen("Two-Lions").unwrap(), v.handicap_fen("two-lions").unwrap());
}
