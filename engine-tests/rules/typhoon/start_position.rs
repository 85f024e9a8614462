//! Typhoon rules, 14.1: start position, data file, setup.

use super::helpers::*;
use super::support::*;
use kyodai::rules::legality::legal_move_list;
use kyodai::{Color, Position};

#[test]
fn start_position_has_exactly_the_39_listed_moves() {
    let v = ty();
    assert_eq!(v.start_fen, START);
    assert_eq!(v.pieces.len(), 75);
    assert_eq!(v.pieces.iter().filter(|p| p.promotes_to.is_some()).count(), 37);
    assert_eq!(v.pieces.iter().filter(|p| p.royal).count(), 5);
    let mut p = pos(START);
    assert_eq!(p.pieces(Color::White).len(), 46);
    assert_eq!(p.pieces(Color::Black).len(), 46);
    let expected = set("d5c6 d5e6 i5i6 i5h5 i5j5 a4a5 l4l5 b4b5 c4c5 e4e5 f4f5 g4g5 h4h5 j4j5 k4k5 a3b2 b3b2 \
         d3c5 d3e5 d3b2 e3d2 i3g5 i3k5 i4i2 k3k2 a2b2 c2b5 l2k2 l2l1s l2l3s l2l4s b1b2 b1d2 e1d2 h1i2 i1i2 \
         j1i2 j1k2 k1i2");
    assert_eq!(expected.len(), 39);
    assert_moves(&texts(&mut p), &expected, "start");
    // Tan has the same 39 (turned 180 degrees) after any Blue first move.
    for t in ["d5c6", "l2l4s", "i4i2"] {
        let mut q = pos(START);
        play(&mut q, t);
        assert_eq!(legal_move_list(&mut q).len(), 39, "after {t}");
    }
}

#[test]
fn every_initial_type_promotes_and_promoted_types_never_do() {
    let v = ty();
    for (i, p) in v.pieces.iter().enumerate() {
        assert_eq!(p.promotes_to.is_some(), i < 37, "{}", p.name);
        assert_eq!(p.in_setup, i < 37, "{} in the start array", p.name);
    }
    let k = v.kind_by_id("K").unwrap();
    let em = v.kind_by_id("EM").unwrap();
    let ee = v.kind_by_id("EE").unwrap();
    assert_eq!(v.piece(k).promotes_to, Some(em));
    assert_eq!(v.piece(k).promotes_if_present, Some((em, ee)));
}

#[test]
fn fen_ids_case_and_errors() {
    // Section 10: the first letter's case decides the owner; `(Del)` is a Blue Drunk Elephant.
    let p = pos("11k/12/12/12/12/12/12/12/12/12/12/(Del)(P)9K w - - 0 1");
    assert_eq!(id_on(&p, "a1"), Some(("DEL".into(), Color::White)));
    assert_eq!(id_on(&p, "b1"), Some(("P".into(), Color::White)));
    assert!(p.to_fen().starts_with("11k/"), "{}", p.to_fen());
    assert!(p.to_fen().contains("(DEL)P9K"), "{}", p.to_fen());
    for bad in [
        "11k/12/12/12/12/12/12/12/12/12/12/(DE)10K w",
        "11k/12/12/12/12/12/12/12/12/12/12/13K w",
        "11k/12/12/12/12/12/12/12/12/12/11K w",
        "11k/12/12/12/12/12/12/12/12/12/12/11K",
    ] {
        assert!(Position::from_fen(&ty(), bad).is_err(), "{bad} must be refused");
    }
    assert!(pos(START).to_fen().starts_with(&START[..START.len() - 2]));
}

#[test]
fn setup_arrays_pairs_and_symmetries() {
    let v = ty();
    let s = v.setup.as_ref().unwrap();
    assert_eq!(s.count(), (1 << 17) * 2);
    assert_eq!(v.setup_fen("default").unwrap(), START);
    // Exchange the Regal pair (K on g1) and mirror Tan's array: Kings on the same file.
    let fen = v.setup_fen("CO mirror").unwrap();
    let p = Position::from_fen(&v, &fen).unwrap();
    assert_eq!(id_on(&p, "g1"), Some(("K".into(), Color::White)));
    assert_eq!(id_on(&p, "g12"), Some(("K".into(), Color::Black)));
    assert_eq!(id_on(&p, "f1"), Some(("CO".into(), Color::White)));
    assert!(v.setup_fen("XX").is_err());
    assert!(v.setup_fen("524288").is_err());
    // Every array has 46 pieces a side.
    for i in [0usize, 1, 77777, (1 << 17) + 5, (1 << 18) - 1] {
        let p = Position::from_fen(&v, &s.fen(&v, i).unwrap()).unwrap();
        assert_eq!(p.pieces(Color::White).len(), 46);
        assert_eq!(p.pieces(Color::Black).len(), 46);
    }
}
