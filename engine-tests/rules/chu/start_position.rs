//! Chu Shogi rules, section 13 C1 and section 3: the start position and the setup.

use super::helpers::*;
use kyodai::rules::legality::legal_move_list;
use kyodai::{Color, Position};
use std::collections::{BTreeMap, BTreeSet};

// ------------------------------------------------------------------------------------------
// Section 13, C1: start position
// ------------------------------------------------------------------------------------------

// Section 13 C1's perft numbers (36 / 1,296 / 48,315 / 1,801,639) are in perft/data/chu.txt.

/// Section 13 C1: the 36 first moves, exactly, and their breakdown by piece type.
#[test]
fn c1_start_moves_by_piece_type() {
    let mut p = Position::start(&chu());
    let expected = set(&[
        // 10 Pawns (d4 and i4 are blocked by the Go-Betweens)
        "a4a5", "b4b5", "c4c5", "e4e5", "f4f5", "g4g5", "h4h5", "j4j5", "k4k5", "l4l5", // 2 Go-Betweens
        "d5d6", "i5i6", // Lion 5
        "f3e5", "f3f5", "f3g5", "f3h5", "f3d2", // Kirin 1
        "f2d2", // Blind Tigers 2
        "e2d2", "h2i2", // Leopards 2
        "b1b2", "k1k2", // Coppers 4
        "c1b2", "c1d2", "j1i2", "j1k2", // Silvers 2
        "d1d2", "i1i2", // Golds 2
        "e1d2", "h1i2", // Vertical Movers 2
        "b3b2", "k3k2", // Dragon Horses 2
        "d3d2", "i3i2", // Dragon Kings 2
        "e3d2", "h3i2",
    ]);
    assert_moves(&all_moves(&mut p), &expected, "start position");

    let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
    for m in legal_move_list(&mut p) {
        let (id, c) = piece_on(&p, &chu().shape.name(m.from)).unwrap();
        assert_eq!(c, Color::White);
        *by_type.entry(id).or_default() += 1;
    }
    let want: BTreeMap<String, usize> = [
        ("P", 10),
        ("I", 2),
        ("N", 5),
        ("O", 1),
        ("T", 2),
        ("F", 2),
        ("C", 4),
        ("S", 2),
        ("G", 2),
        ("V", 2),
        ("H", 2),
        ("D", 2),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(by_type, want);
}

/// Section 13 C1 / section 3: the second player's first moves are the first player's turned
/// through 180 degrees (after a first-player move that touches nothing of theirs).
#[test]
fn c1_second_player_replies_are_rotated() {
    let rot = |s: &String| {
        let (f, r) = coords(s);
        square_name(11 - f, 13 - r).unwrap()
    };
    let expected: BTreeSet<String> = all_moves(&mut Position::start(&chu()))
        .iter()
        .map(|m| squares_in(m).iter().map(rot).collect::<String>())
        .collect();
    let mut p = Position::start(&chu());
    play(&mut p, "a4a5");
    assert_moves(&all_moves(&mut p), &expected, "second player's replies");
}

// ------------------------------------------------------------------------------------------
// Section 3: setup
// ------------------------------------------------------------------------------------------

/// Section 3: the start array, the named squares, 46 pieces a side and the 180° symmetry.
#[test]
fn setup_matches_section_3() {
    let v = chu();
    assert_eq!(v.start_fen, START);
    let p = Position::start(&v);
    assert_eq!(p.to_fen(), START);
    assert_eq!(p.side(), Color::White);
    assert_eq!(p.pieces(Color::White).len(), 46);
    assert_eq!(p.pieces(Color::Black).len(), 46);
    for (s, id, c) in [
        ("f1", "K", Color::White),
        ("g1", "E", Color::White),
        ("f2", "O", Color::White),
        ("g2", "X", Color::White),
        ("f3", "N", Color::White),
        ("g3", "Q", Color::White),
        ("d5", "I", Color::White),
        ("i5", "I", Color::White),
        ("g12", "K", Color::Black),
        ("f12", "E", Color::Black),
        ("g10", "N", Color::Black),
        ("d8", "I", Color::Black),
        ("i8", "I", Color::Black),
    ] {
        assert_eq!(piece_on(&p, s), Some((id.to_string(), c)), "{s}");
    }
    for f in 0..12 {
        for r in 1..=12 {
            let a = square_name(f, r).unwrap();
            let b = square_name(11 - f, 13 - r).unwrap();
            match (piece_on(&p, &a), piece_on(&p, &b)) {
                (None, None) => {}
                (Some((ia, ca)), Some((ib, cb))) => {
                    assert_eq!(ia, ib, "{a} vs {b}");
                    assert_ne!(ca, cb, "{a} vs {b}");
                }
                (x, y) => panic!("{a}: {x:?} but {b}: {y:?}"),
            }
        }
    }
    assert_eq!(p.royal_count(Color::White), 1);
    assert_eq!(p.royal_count(Color::Black), 1);
}
