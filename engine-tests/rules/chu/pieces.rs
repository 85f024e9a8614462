//! Chu Shogi rules, section 2 / 4: piece moves.

use super::helpers::*;
use kyodai::rules::outcome::outcome;

const START_TYPES: [&str; 21] =
    ["K", "N", "Q", "D", "H", "R", "B", "V", "M", "E", "T", "G", "F", "O", "X", "A", "L", "S", "C", "I", "P"];

/// Section 2.1: each non-lion start type alone on f6 moves exactly as its direction cells
/// say, including the promotion choices of section 6 for targets in ranks 9-12.
#[test]
fn start_types_alone_on_f6() {
    // Hand counts (targets + promotion alternatives), section 2.1 cells from f6.
    let counts = [
        ("K", 8),
        ("Q", 43),
        ("D", 30),
        ("H", 32),
        ("R", 26),
        ("B", 28),
        ("V", 17),
        ("M", 13),
        ("E", 7),
        ("T", 7),
        ("G", 6),
        ("F", 6),
        ("O", 8),
        ("X", 8),
        ("A", 15),
        ("L", 9),
        ("S", 5),
        ("C", 4),
        ("I", 2),
        ("P", 1),
    ];
    for (id, n) in counts {
        let f = pos(&fen_k(&[("f6", id)], 'w'));
        let mut p = f.clone();
        let got = moves_from(&mut p, "f6");
        let want = expected_moves(&f, "f6");
        assert_moves(&got, &want, &format!("{id} on f6"));
        assert_eq!(got.len(), n, "{id} on f6");
    }
    assert_eq!(counts.len() + 1, START_TYPES.len(), "every start type but the Lion (C2)");
}

/// Section 2.2: each non-lion promoted type alone on f6 (no promotion ever).
#[test]
fn promoted_types_alone_on_f6() {
    let counts = [
        ("+E", 8),
        ("+V", 32),
        ("+M", 32),
        ("+T", 17),
        ("+A", 21),
        ("+L", 22),
        ("+P", 6),
        ("+X", 43),
        ("+R", 26),
        ("+B", 25),
        ("+G", 22),
        ("+F", 21),
        ("+S", 13),
        ("+C", 13),
        ("+I", 7),
    ];
    for (id, n) in counts {
        let f = pos(&fen_k(&[("f6", id)], 'w'));
        let mut p = f.clone();
        let got = moves_from(&mut p, "f6");
        assert_moves(&got, &expected_moves(&f, "f6"), &format!("{id} on f6"));
        assert_eq!(got.len(), n, "{id} on f6");
        assert!(got.iter().all(|m| !m.ends_with('+')), "{id} promoted again: {got:?}");
    }
}

/// Section 2.2: a promoted Kirin moves as a Lion (as C2).
#[test]
fn promoted_kirin_is_a_lion() {
    let got = moves_of(&fen_k(&[("f6", "+O")], 'w'), "f6");
    let want = lion_set("f6", &block(('d', 'h'), (4, 8), &["f6"]), &["f6f6"]);
    assert_moves(&got, &want, "+O on f6");
}

/// The crowded neighbourhood of f6 used by the blocking tests.
fn crowded(piece: &str) -> String {
    fen_k(
        &[
            ("f6", piece),
            // own pieces
            ("f7", "G"),
            ("e5", "G"),
            ("h6", "S"),
            ("h8", "S"),
            // enemy pieces
            ("g6", "p"),
            ("e7", "g"),
            ("f4", "s"),
            ("d8", "s"),
        ],
        'w',
    )
}

/// Sections 2 and 4: in a crowded position sliders stop at the first piece, capture only
/// enemies, never land on friends; Kirin and Phoenix J2 moves leap over the first square.
#[test]
fn pieces_blocked_and_leaping_in_a_crowd() {
    for id in START_TYPES
        .iter()
        .filter(|&&id| id != "N")
        .copied()
        .chain(["+E", "+V", "+M", "+T", "+A", "+L", "+P", "+X", "+R", "+B", "+G", "+F", "+S", "+C", "+I"])
    {
        let f = pos(&crowded(id));
        let mut p = f.clone();
        assert_moves(&moves_from(&mut p, "f6"), &expected_moves(&f, "f6"), &format!("{id} on f6 in the crowd"));
    }
    // Hand-checked spot sets.
    assert_moves(
        &moves_of(&crowded("O"), "f6"),
        &with_from("f6", &["f8", "f4", "d6", "e7", "g7", "g5"]),
        "Kirin in the crowd (f8 over own f7, f4 captures, h6 own)",
    );
    assert_moves(
        &moves_of(&crowded("X"), "f6"),
        &with_from("f6", &["f5", "e6", "g6", "d8", "d4", "h4"]),
        "Phoenix in the crowd (d8 over e7 captures, d4 over own e5, h8 own)",
    );
    assert_moves(
        &moves_of(&crowded("Q"), "f6"),
        &with_from("f6", &["f5", "f4", "e6", "d6", "c6", "b6", "a6", "g6", "e7", "g7", "g5", "h4", "i3", "j2", "k1"]),
        "Free King in the crowd",
    );
}

/// Section 1/2: the second player's pieces move in the rotated directions (Lance, Pawn,
/// Silver by hand; every non-lion type against the reference).
#[test]
fn second_player_pieces_are_rotated() {
    assert_moves(
        &moves_of(&fen_k(&[("e7", "l")], 'b'), "e7"),
        &with_from("e7", &["e6", "e5", "e4", "e4+", "e3", "e3+", "e2", "e2+", "e1+"]),
        "Black Lance e7",
    );
    assert_moves(&moves_of(&fen_k(&[("e5", "p")], 'b'), "e5"), &with_from("e5", &["e4", "e4+"]), "Black Pawn e5");
    assert_moves(&moves_of(&fen_k(&[("e2", "p")], 'b'), "e2"), &with_from("e2", &["e1"]), "Black Pawn e2");
    assert_moves(
        &moves_of(&fen_k(&[("e2", "p"), ("e1", "G")], 'b'), "e2"),
        &with_from("e2", &["e1+"]),
        "Black Pawn e2 capturing on e1",
    );
    assert_moves(
        &moves_of(&fen_k(&[("f6", "s")], 'b'), "f6"),
        &with_from("f6", &["f5", "e5", "g5", "e7", "g7"]),
        "Black Silver f6",
    );
    for id in START_TYPES.iter().filter(|&&id| id != "N") {
        let lower = id.to_ascii_lowercase();
        let f = pos(&fen_k(&[("g7", &lower)], 'b'));
        let mut p = f.clone();
        assert_moves(&moves_from(&mut p, "g7"), &expected_moves(&f, "g7"), &format!("Black {id} on g7"));
    }
}

/// Section 4: no move ends on a friendly piece; the King may move into attack (no check
/// rule) and a side may leave its King attacked.
#[test]
fn no_check_rule() {
    // Black Rook on b12 attacks the whole b-file, Black Rook a12 attacks the King on a2.
    let f = fen_k(&[("b12", "r"), ("a12", "r"), ("h1", "G")], 'w');
    assert_moves(&moves_of(&f, "a2"), &with_from("a2", &["a1", "a3", "b1", "b2", "b3"]), "King a2");
    assert_moves(&moves_of(&f, "h1"), &with_from("h1", &["h2", "g1", "i1", "g2", "i2"]), "Gold h1 ignores the check");
    let p = pos(&f);
    assert_eq!(outcome(&p), None, "no checkmate rule (section 9)");
}
