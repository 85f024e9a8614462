//! The reference against the rules files' own numbers.

use super::helpers::*;
use super::reference::{move_text, Game, RefPos};
use std::collections::BTreeSet;

/// Legal moves of the piece on `from` according to the reference.
fn ref_piece_moves(game: Game, fen: &str, from: &str) -> BTreeSet<String> {
    let r = RefPos::from_fen(game, fen).unwrap();
    r.legal_texts()
        .into_iter()
        .filter(|t| t.starts_with(from) && !t[from.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

#[test]
fn reference_reproduces_bigorra_rules_examples() {
    let g = Game::Bigorra;
    let f = bigorra_rule_fens();
    let cases: &[(usize, &str, usize)] = &[
        (1, "h8", 22),
        (2, "e5", 6),
        (3, "e5", 8),
        (4, "e13", 9),
        (5, "e15", 7),
        (6, "h16", 5),
        (7, "e3", 8),
        (8, "e3", 3),
        (9, "e3", 3),
        (10, "h2", 13),
        (11, "f10", 4),
        (11, "d10", 9),
        (12, "f10", 9),
        (13, "f10", 3),
        (14, "h7", 3),
        (15, "h8", 56),
        (16, "h8", 56),
        (17, "h8", 30),
        (18, "h8", 28),
        (19, "h8", 29),
        (20, "d14", 3),
        (20, "g14", 9),
        (20, "k14", 8),
    ];
    for &(i, from, n) in cases {
        let got = ref_piece_moves(g, &f[i], from);
        assert_eq!(got.len(), n, "{from} in {}: {got:?}", f[i]);
    }
    // Specific sets.
    let k1: BTreeSet<String> =
        ["e3e2", "e3d3", "e3e4", "e3d1", "e3e1", "e3c3", "e3c4", "e3d5"].iter().map(ToString::to_string).collect();
    assert_eq!(ref_piece_moves(g, &f[7], "e3"), k1);
    assert!(ref_piece_moves(g, &f[11], "f10").contains("f10e11"));
    assert!(!ref_piece_moves(g, &f[12], "f10").contains("f10e11"));
    // P-1: the FEN after d14d16.
    let r = RefPos::from_fen(g, &f[20]).unwrap();
    let m = r.legal_moves().into_iter().find(|m| move_text(g, m) == "d14d16").unwrap();
    assert_eq!(r.make(&m).to_fen(), f[21]);
    // G-1.
    assert_eq!(RefPos::from_fen(g, &f[22]).unwrap().legal_texts().len(), 0);
    assert_eq!(RefPos::from_fen(g, &f[23]).unwrap().legal_texts().into_iter().collect::<Vec<_>>(), vec!["a16b15"]);
    // §7 and §9.1.
    let start = RefPos::from_fen(g, BIGORRA_START).unwrap();
    assert_eq!(start.legal_moves().len(), 52);
    let table: [(&str, usize); 20] = [
        ("b Kk h6 0 1", 52),
        ("w Kk i11 0 2", 54),
        ("b Kk h5 0 2", 54),
        ("w Kk g11 0 3", 62),
        ("b Kk - 1 3", 53),
        ("w Kk - 0 4", 74),
        ("b Kk i6 0 4", 55),
        ("w Kk i12 0 5", 76),
        ("b Kk - 0 5", 61),
        ("w Kk j11 0 6", 78),
        ("b Kk j6 0 6", 60),
        ("w Kk - 1 7", 76),
        ("b Kk - 0 7", 69),
        ("w Kk - 0 8", 76),
        ("b Kk - 0 8", 70),
        ("w Kk k11 0 9", 78),
        ("b Kk k6 0 9", 70),
        ("w Kk f11 0 10", 79),
        ("b Kk k5 0 10", 73),
        ("w Kk - 0 11", 97),
    ];
    let fens = sample_game_fens();
    for (i, (fields, n)) in table.iter().enumerate() {
        let fen = &fens[i + 1];
        assert!(fen.ends_with(fields), "ply {}: {fen} should end with {fields}", i + 1);
        assert_eq!(RefPos::from_fen(g, fen).unwrap().legal_moves().len(), *n, "ply {}: {fen}", i + 1);
    }
    assert_eq!(fens[20], BIGORRA_PLY20);
    assert_eq!(fens[fens.len() - 1], BIGORRA_FINAL);
    let last = RefPos::from_fen(g, BIGORRA_FINAL).unwrap();
    assert!(last.legal_moves().is_empty() && last.bigorra_in_check('w'));
    assert_eq!(fens.len(), 465);
}

#[test]
fn reference_reproduces_chu_rules_examples() {
    let g = Game::Chu;
    let f = chu_rule_fens();
    let cases: &[(usize, &str, usize)] = &[
        (1, "f6", 25),
        (2, "e5", 24),
        (3, "e5", 25),
        (4, "e5", 24),
        (5, "e6", 33),
        (6, "e5", 32),
        (7, "e5", 31),
        (8, "e6", 5),
        (9, "e6", 6),
        (10, "e5", 25),
        (12, "f6", 40),
        (13, "f6", 37),
        (14, "e8", 41),
        (15, "e8", 8),
        (16, "e9", 5),
        (17, "e9", 7),
        (18, "e9", 6),
        (19, "e11", 1),
        (20, "e10", 1),
        (21, "e6", 9),
        (23, "f6", 8),
        (24, "f6", 8),
    ];
    for &(i, from, n) in cases {
        let got = ref_piece_moves(g, &f[i], from);
        assert_eq!(got.len(), n, "{from} in {}: {got:?}", f[i]);
    }
    assert!(!ref_piece_moves(g, &f[2], "e5").contains("e5e7"));
    assert!(ref_piece_moves(g, &f[3], "e5").contains("e5e7"));
    assert!(ref_piece_moves(g, &f[6], "e5").contains("e5e6,e6e7"));
    assert!(!ref_piece_moves(g, &f[7], "e5").contains("e5e6,e6e7"));
    let b = ref_piece_moves(g, &f[10], "e5");
    assert!(b.contains("e5e7") && b.contains("e5c4"));
    let falcon: BTreeSet<String> = ref_piece_moves(g, &f[14], "e8");
    for t in ["e8e9,e9e8", "e8e9", "e8e10", "e8e9,e9e10"] {
        assert!(falcon.contains(t), "{t}");
    }
    assert_eq!(ref_piece_moves(g, &f[19], "e11").into_iter().collect::<Vec<_>>(), vec!["e11e12"]);
    // C7c: after e6e7 the counter-strike is on; the Gold c5 may not retake on c4.
    let r = RefPos::from_fen(g, &f[11]).unwrap();
    let m = r.legal_moves().into_iter().find(|m| move_text(g, m) == "e6e7").unwrap();
    let r2 = r.make(&m);
    assert!(r2.to_fen().contains(" b e7 "), "{}", r2.to_fen());
    let t2 = r2.legal_texts();
    assert!(!t2.contains("c5c4") && t2.contains("c5d4"));
    // C14: the double capture exists for the second player.
    let mut r3 = RefPos::from_fen(g, &f[22]).unwrap();
    r3.side = 'b';
    assert!(r3.legal_texts().contains("e8e7,e7e6"));
    // C16: royals.
    assert!(!RefPos::from_fen(g, &f[25]).unwrap().legal_texts().is_empty());
    let no_royal = RefPos::from_fen(g, "12/11k/12/12/12/12/12/5N6/12/12/12/12 w - 1").unwrap();
    assert!(no_royal.legal_texts().is_empty());
    // C1.
    let start = RefPos::from_fen(g, CHU_START).unwrap();
    assert_eq!(start.perft(1), 36);
    assert_eq!(start.perft(2), 1_296);
}
