//! Typhoon rules, 14.2 and sections 5 and 6: the moves and powers of the pieces, and attack
//! detection.

use super::helpers::*;
use super::support::*;
use kyodai::movegen::attack::is_attacked;
use kyodai::notation::{format_explicit_at, format_move, parse_move};
use kyodai::Color;

// ------------------------------------------------------------------------------------------
// 14.2 Moves of single pieces
// ------------------------------------------------------------------------------------------

#[test]
fn t1_cicada_page_example() {
    check("11k/12/12/12/12/12/12/12/3(GU)8/1b10/1(CI)Nr(sp)7/11K w", &["b2"], "b2b4 b2b5 b2d2 b2e2 b2e5");
}

#[test]
fn t2_sorcerer_page_example() {
    let fen = "11k/12/12/12/12/12/12/12/12/(SO)1pc1n6/12/11K w";
    check(fen, &["a3"], "a3a4 a3a2 a3b3 a3b3xc3 a3b4 a3c5 a3b2 a3c1");
    // The run: c3 and d3, never f3.
    assert_eq!(effect(fen, "a3b3xc3"), set("a3:- b3:SO:White c3:- d3:-"));
    assert_eq!(effect(fen, "a3b3"), set("a3:- b3:SO:White"));
    let mut p = pos(fen);
    let m = parse_move(&mut p, "a3b3xc3xd3").unwrap();
    assert_eq!(format_move(&ty(), m), "a3b3xc3");
    assert!(parse_move(&mut p, "a3b3xc3xd3xf3").is_err());
}

#[test]
fn t3_hummingbird_page_example() {
    let fen = "11k/12/12/12/12/12/12/p11/(HU)(sq)10/12/(OT)11/11K w";
    check(fen, &["a4"], "a4a5s a4b4 a4b4s a4a2s a4a3 a4a6");
    assert_eq!(effect(fen, "a4a5s"), set("a4:P:Black a5:HU:White"));
    assert_eq!(effect(fen, "a4a2s"), set("a4:OT:White a2:HU:White"));
    assert_eq!(effect(fen, "a4b4"), set("a4:- b4:HU:White"));
}

#[test]
fn t4_hummingbird_swap_promotes_partner_does_not() {
    let fen = "11k/12/12/2N9/1p(HU)9/12/12/12/12/12/12/11K w";
    check(fen, &["c8"], "c8b8 c8b8s c8d8 c8c7 c8c10 c8c10+ c8c9s c8c9s+");
    assert_eq!(effect(fen, "c8c9s+"), set("c8:N:White c9:IM:White"));
}

#[test]
fn t5_dervish_1999_page_example() {
    check("11k/11p/12/12/12/12/12/1(DER)10/P11/12/12/11K w", &["a4"], "a4a5 a4c6");
}

#[test]
fn t6_dervish_1999_relayed_capture() {
    let fen = "11k/12/12/12/12/12/2n9/1(DER)10/P11/12/12/11K w";
    check(fen, &["a4"], "a4a5 a4c6");
    assert_eq!(effect(fen, "a4c6"), set("a4:- c6:P:White"));
}

#[test]
fn t7_overtaker_page_example() {
    let fen = "11k/12/12/12/12/12/12/p11/(OV)11/12/12/11K w";
    check(fen, &["a4"], "a4a3 a4b3 a4b4 a4b5 a4a5,a5a6");
    assert_eq!(effect(fen, "a4a5,a5a6"), set("a4:- a5:- a6:OV:White"));
}

#[test]
fn t8_undertaker_page_example() {
    let fen = "11k/12/12/12/12/12/12/p11/(UN)11/12/12/11K w";
    check(fen, &["a4"], "a4a3 a4b3 a4b4 a4b5");
    assert_eq!(effect(fen, "a4a3"), set("a4:- a3:UN:White a5:-"));
    assert_eq!(effect(fen, "a4b3"), set("a4:- b3:UN:White"));
    let mut p = pos(fen);
    let m = parse_move(&mut p, "a4a3xa5").unwrap();
    assert_eq!(format_move(&ty(), m), "a4a3");
}

#[test]
fn t10_wagon_page_example() {
    check(
        "11k/12/12/12/12/12/12/12/12/p10K/p11/(WA)11 w",
        &["a1"],
        "a1c1 a1d1 a1e1 a1f1 a1g1 a1h1 a1i1 a1j1 a1k1 a1l1",
    );
}

#[test]
fn t11_missionary_page_example() {
    let fen = "11k/12/12/12/12/12/3p8/12/12/(MI)11/12/11K w";
    check(fen, &["a3"], "a3a4 a3a2 a3b3 a3b4 a3c5 a3c5~d6 a3b2 a3c1");
    assert_eq!(effect(fen, "a3c5~d6"), set("a3:- c5:MI:White d6:P:White"));
}

#[test]
fn t12_cuckoo_page_example() {
    let fen = "11k/12/12/12/12/12/12/p11/(CU)11/12/12/11K w";
    check(fen, &["a4"], "a4a4~a5 a4b4 a4a3 a4a6");
    assert_eq!(effect(fen, "a4a4~a5"), set("a5:P:White"));
}

#[test]
fn t13_cuckoo_back_conversion_over_a_friend() {
    check("11k/12/12/12/12/12/12/3p(CU)n6/4P7/4p7/12/11K w", &["e5"], "e5d5 e5f5 e5e7 e5e5~d5 e5e5~f5 e5e5~e3");
}

#[test]
fn t14_cuckoo_moves_promote_conversions_do_not() {
    check(
        "11k/12/2p9/2(CU)p8/12/2p9/12/12/12/12/12/11K w",
        &["c9"],
        "c9b9 c9b9+ c9d9 c9d9+ c9c8 c9c8+ c9c11 c9c11+ c9c9~c10 c9c9~d9 c9c9~c7",
    );
}

#[test]
fn t15_typhoon_sweep() {
    let fen = "11k/12/12/12/12/12/3n1p6/3p8/1p1(TY)1P6/2P9/12/11K w";
    check(fen, &["d4"], "d4c5 d4e5 d4e3 d4b6 d4f6 d4b2 d4f2 d4d5 d4d6 d4d7 d4e4 d4c4 d4b4 d4a4 d4d3 d4d2 d4d1");
    assert_eq!(effect(fen, "d4d6"), set("d4:- d5:- d6:TY:White"));
    assert_eq!(effect(fen, "d4d7"), set("d4:- d5:- d6:- d7:TY:White"));
    assert_eq!(effect(fen, "d4a4"), set("d4:- b4:- a4:TY:White"));
    let mut p = pos(fen);
    let m = parse_move(&mut p, "d4d7xd5xd6").unwrap();
    assert_eq!(format_move(&ty(), m), "d4d7");
    assert_eq!(format_explicit_at(&p, m), "d4d7xd5xd6");
}

#[test]
fn t16_longleaper() {
    let fen = "11k/12/12/12/12/3p8/5p6/3pp7/pp1(LO)1P6/12/1p10/11K w";
    check(
        fen,
        &["d4"],
        "d4d6 d4d8 d4d9 d4d10 d4d11 d4d12 d4e4 d4e3 d4f2 d4g1 d4d3 d4d2 d4d1 d4c3 d4a1 d4c4 d4c5 d4b6 d4a7",
    );
    assert_eq!(effect(fen, "d4d8"), set("d4:- d5:- d7:- d8:LO:White"));
    assert_eq!(effect(fen, "d4a1"), set("d4:- b2:- a1:LO:White"));
    let p = pos(fen);
    let mut q = p.clone();
    let m = parse_move(&mut q, "d4d8").unwrap();
    assert_eq!(format_explicit_at(&p, m), "d4d8xd5xd7");
}

#[test]
fn t17_parrot() {
    let fen = "11k/12/12/12/12/4p7/4p7/2Pp(PA)p6/12/4p7/12/11K w";
    check(fen, &["e5"], "e5e6 e5f5 e5d5 e5e4 e5e7 e5g5 e5e3 e5e6,e6e5 e5f5,f5e5 e5d5,d5e5 e5e6,e6e7 e5f5,f5g5 e5e5");
    assert_eq!(effect(fen, "e5e6,e6e7"), set("e5:- e6:- e7:PA:White"));
    assert_eq!(effect(fen, "e5e6,e6e5"), set("e6:-"));
    assert_eq!(effect(fen, "e5e7"), set("e5:- e7:PA:White"));
    assert!(effect(fen, "e5e5").is_empty());
}

#[test]
fn t18_raven() {
    check(
        "11k/12/12/12/12/2P3p5/3p1p6/4(RA)7/3p8/12/12/11K w",
        &["e5"],
        "e5f6 e5d6 e5d4 e5f4 e5g7 e5c3 e5g3 e5f6,f6e5 e5d6,d6e5 e5d4,d4e5 e5f6,f6g7 e5d4,d4c3 e5e5",
    );
}

#[test]
fn t19_horned_owl() {
    check(
        "11k/12/12/12/12/4p1p5/4p7/2P1(HO)7/12/12/12/11K w",
        &["e5"],
        "e5f6 e5g7 e5d6 e5c7 e5b8 e5a9 e5f4 e5g3 e5h2 e5i1 e5d4 e5c3 e5b2 e5a1 e5g5 e5e3 e5e6 e5e7 \
         e5e6,e6e5 e5e6,e6e7 e5e5",
    );
}

#[test]
fn t20_diving_osprey() {
    check(
        "11k/12/12/12/12/4P1p5/3p1p6/4(DO)7/12/12/12/11K w",
        &["e5"],
        "e5e6 e5f5 e5g5 e5h5 e5i5 e5e4 e5e3 e5e2 e5e1 e5d5 e5c5 e5b5 e5a5 e5c3 e5g3 e5f6 e5d6 e5g7 e5c7 \
         e5f6,f6e5 e5d6,d6e5 e5f6,f6g7 e5d6,d6c7 e5e5",
    );
}

#[test]
fn t21_immobilizer_frozen_knight_raven_free_hummingbird() {
    let fen = "11k/12/12/12/12/3(RA)8/4(im)7/4N7/5(DER)6/4(HU)7/12/11K w";
    check(fen, &["e5", "d7", "e3"], "e5e5xe5 e5g3 d7d7xd7 e3d3 e3f3 e3e2 e3e5s e3g5");
    assert_eq!(effect(fen, "e5e5xe5"), set("e5:-"));
    // The Hummingbird moves the frozen Knight by swapping.
    assert_eq!(effect(fen, "e3e5s"), set("e3:N:White e5:HU:White"));
}

#[test]
fn t22_frozen_piece_relayed_native_move_does_not_promote() {
    check("11k/12/12/6(DER)5/6(GO)5/5(im)6/12/12/12/12/12/11K w", &["g8"], "g8g10 g8g8xg8");
}

#[test]
fn t23_harpy_1999_knight_distance_relays_never_promote() {
    let fen = "11k/12/12/12/3r8/4PP6/12/4(HA)7/2(MA)9/12/12/11K w";
    check(fen, &["f7"], "f7f8 f7d8 f7h8 f7d6 f7h6 f7e9 f7g9 f7g5");
    check(fen, &["e7"], "e7e8 e7d8");
    check(fen, &["c4"], "c4c5 c4c3 c4b4 c4d4 c4a5 c4a3 c4b6 c4b2 c4d6 c4d2 c4e3");
}

#[test]
fn t24_emperor_of_emperors() {
    let fen = "11k/12/12/4p7/7p4/12/12/r3(EE)1P1n3/4p7/2p9/1P10/11K w";
    let expected = "e5a5,a5e5 e5b3 e5b4 e5b5 e5b6 e5b7 e5b8 e5c2 e5c3 e5c3,c3e5 e5c4 e5c5 e5c6 e5c7 e5c8 e5d2 \
        e5d3 e5d4 e5d5 e5d6 e5d7 e5d8 e5e2 e5e3 e5e4 e5e4,e4e5 e5e6 e5e7 e5e8 e5e9,e9e5 e5f2 e5f3 e5f4 e5f5 \
        e5f6 e5f7 e5f8 e5g2 e5g3 e5g4 e5g6 e5g7 e5g8 e5h2 e5h3 e5h4 e5h5 e5h6 e5h7 e5h8 e5h8,h8e5";
    assert_eq!(set(expected).len(), 51);
    check(fen, &["e5"], expected);
    assert_eq!(effect(fen, "e5e9,e9e5"), set("e9:-"));
}

#[test]
fn t26_fire_horse() {
    check("11k/12/12/12/4p7/12/12/4(FH)7/12/12/12/11K w", &["e5"], "e5e6 e5e7 e5e8 e5c4 e5g4 e5d3 e5f3");
}

#[test]
fn t28_salamander() {
    check(
        "11k/12/12/12/12/12/4pP6/4(SA)7/12/12/12/11K w",
        &["e5"],
        "e5a1 e5a5 e5a9 e5a9+ e5b2 e5b5 e5b8 e5c3 e5c5 e5c7 e5d4 e5d5 e5d6 e5e1 e5e2 e5e3 e5e4 e5e6 e5f4 \
         e5f5 e5g3 e5g5 e5h2 e5h5 e5i1 e5i5",
    );
}

#[test]
fn t30_ibis() {
    check(
        "11k/12/12/12/12/6p5/4p7/3P(IB)7/5p6/12/12/11K w",
        &["e5"],
        "e5e6 e5f4 e5g7 e5f6 e5d6 e5d4 e5f5 e5g5 e5h5 e5i5 e5j5 e5k5 e5l5 e5e4 e5e3 e5e2 e5e1",
    );
}

#[test]
fn t31_nightrider_and_dayrider() {
    let fen = "11k/12/12/6p5/12/12/1p10/4(NR)7/12/2P2p6/1(DA)10/11K w";
    check(fen, &["e5"], "e5f7 e5g9 e5g6 e5i7 e5k8 e5g4 e5i3 e5k2 e5f3 e5d3 e5c1 e5c4 e5a3 e5c6 e5a7 e5d7 e5c9 e5b11");
    check(
        fen,
        &["b2"],
        "b2b4 b2b6 b2d2 b2f2 b2h2 b2j2 b2l2 b2d4 b2f6 b2h8 b2j10 b2l12 b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2",
    );
}

#[test]
fn t32_elephant_prince_and_tiger_prince() {
    let fen = "11k/12/12/12/12/2p5p3/4p1p3p1/4(EP)2p(TP)3/12/12/12/11K w";
    check(fen, &["e5"], "e5d4 e5d5 e5d6 e5e4 e5f4 e5f5 e5f6 e5g6 e5c7");
    check(fen, &["i5"], "i5h4 i5h6 i5i4 i5i6 i5j4 i5j5 i5j6 i5i7 i5k6 i5g6");
}

// ------------------------------------------------------------------------------------------
// More power checks (sections 5 and 6)
// ------------------------------------------------------------------------------------------

#[test]
fn zig_and_zag_hop_captures() {
    // Zig: WD, hop capture over a diagonal neighbour onto an empty square.
    check(
        "11k/12/12/12/12/12/5p6/4(ZI)7/3p8/2P9/12/11K w",
        &["e5"],
        "e5e6 e5e4 e5d5 e5f5 e5e7 e5e3 e5c5 e5g5 e5f6,f6g7",
    );
    // Zag: FA, hop capture over an orthogonal neighbour.
    check(
        "11k/12/12/12/12/12/4p7/4(ZA)p6/12/12/12/11K w",
        &["e5"],
        "e5d6 e5f6 e5d4 e5f4 e5c7 e5g7 e5c3 e5g3 e5e6,e6e7 e5f5,f5g5",
    );
}

#[test]
fn octopus_and_spider_bent_moves() {
    // Octopus on a1: first step b2 (move only), then onward east or north as a Rook.
    let mut p = pos("11k/12/12/12/12/12/12/12/12/1p10/12/(OC)10K w");
    let got = moves_of(&mut p, &["a1"]);
    let mut want = vec!["a1b2".to_string()];
    for f in "cdefghijk".chars() {
        want.push(format!("a1{f}2"));
    }
    want.push("a1l2".into());
    want.push("a1b3".into()); // the b3 Pawn is captured
    assert_moves(&got, &want.into_iter().collect(), "octopus");
    // Spider on a1: first step a2 or b1, then diagonally away.
    let mut p = pos("11k/12/12/12/12/12/12/12/2p9/12/12/(SP)10K w");
    let got = moves_of(&mut p, &["a1"]);
    let want = set("a1a2 a1b1 a1b3 a1c4 a1c2 a1d3 a1e4 a1f5 a1g6 a1h7 a1i8 a1j9 a1k10 a1l11");
    assert_moves(&got, &want, "spider");
}

#[test]
fn two_adjacent_enemy_immobilizers_freeze_each_other() {
    let mut p = pos("11k/12/12/12/12/12/12/4(IM)(im)6/12/12/12/K11 w");
    let m = moves_of(&mut p, &["e5"]);
    assert_eq!(m, set("e5e5xe5"));
    // A converted piece's frozen state follows its new owner: a Tan Pawn next to a Blue
    // Immobilizer is frozen; converted to Blue, it moves.
    let fen = "11k/11p/12/12/12/12/12/12/12/p11/(CU)(IM)10/K11 w";
    let mut p = pos(fen);
    assert!(moves_of(&mut p, &["a2"]).contains("a2a2~a3"));
    play(&mut p, "a2a2~a3");
    play(&mut p, "l11l10");
    assert!(moves_of(&mut p, &["a3"]).contains("a3a4"));
}

#[test]
fn pass_is_a_move_of_each_pass_capable_piece_and_never_promotes() {
    let mut p = pos("11k/11p/12/(PA)(RA)10/12/12/12/12/12/12/12/K11 w");
    let all = texts(&mut p);
    assert!(all.contains("a9a9") && all.contains("b9b9"));
    assert!(!all.contains("a9a9+"));
    // The pass aliases name the pass of the piece on the lowest square.
    let m = parse_move(&mut p, "@@@@").unwrap();
    assert_eq!(format_move(&ty(), m), "a9a9");
    let m = parse_move(&mut p, "pass").unwrap();
    assert_eq!(format_move(&ty(), m), "a9a9");
}

#[test]
fn relayed_moves_reach_frozen_kings_and_frozen_dervishes() {
    // Tan Immobilizer c1 freezes the Blue King b2 and the Dervish c2, not the Dervish c3.
    // The frozen Dervish c2 relays nothing (no b2d2) but uses c3's relay (c2c4); the frozen
    // King uses c3's relay (b2d4); both may capture themselves.
    let fen = "11k/11p/12/12/12/12/12/12/12/2(DER)9/1K(DER)9/2(im)9 w";
    check(fen, &["b2"], "b2b2xb2 b2d4");
    check(fen, &["c2"], "c2c2xc2 c2c4");
    check(fen, &["c3"], "c3a3 c3e3 c3c5 c3c1 c3a1 c3e1 c3a5 c3e5");
}

#[test]
fn frozen_dervish_and_harpy_relay_nothing() {
    check("11k/12/12/12/12/12/12/12/(im)11/1(DER)10/P11/K11 w", &["a2"], "a2a3");
    // The Pawn a2 would have a2c4 across b3, but the Dervish is frozen by a4.
    let mut p = pos("11k/12/12/12/12/12/12/12/(im)11/1(DER)10/P11/K11 w");
    assert!(!moves_of(&mut p, &["a2"]).contains("a2c4"));
    // A Harpy b4 frozen by a5 gives the Pawn a2 (a Knight's leap away) no Knight leaps; free,
    // it does.
    check("11k/12/12/12/12/12/12/(im)11/1(HA)10/12/P11/K11 w", &["a2"], "a2a3");
    check("11k/11(im)/12/12/12/12/12/12/1(HA)10/12/P11/K11 w", &["a2"], "a2a3 a2c3 a2c1");
}

#[test]
fn king_promotion_emperor_or_emperor_of_emperors() {
    let cases = [
        ("11k/p11/12/12/4K7/12/12/12/12/12/P11/12 w", "EM"),
        ("(em)10k/12/12/12/4K7/12/12/12/12/12/P11/12 w", "EE"),
        ("11k/p11/12/4(em)7/4K7/12/12/12/12/12/P11/12 w", "EM"),
        ("11k/p11/12/12/4K7/12/12/12/12/12/(EM)11/12 w", "EE"),
    ];
    for (fen, want) in cases {
        let mut p = pos(fen);
        let all = texts(&mut p);
        assert!(all.contains("e8e9") && all.contains("e8e9+"), "{fen}");
        let before = p.clone();
        let m = parse_move(&mut p, "e8e9+").unwrap();
        let undo = p.make(m);
        assert_eq!(id_on(&p, "e9"), Some((want.to_string(), Color::White)), "V4 {fen}");
        // Unmake restores the King, whichever type the promotion produced.
        p.unmake(m, undo);
        assert!(p == before, "unmake after e8e9+ in {fen}");
        assert_eq!(id_on(&p, "e8"), Some(("K".to_string(), Color::White)));
    }
}

#[test]
fn promotion_optional_in_zone_never_for_relayed_moves() {
    // A Pawn steps into the zone: both; a relayed leap into the zone: no promotion.
    let mut p = pos("11k/11p/12/12/1P10/(DER)11/12/12/12/12/12/K11 w");
    let m = moves_of(&mut p, &["b8"]);
    assert!(m.contains("b8b9") && m.contains("b8b9+"), "{m:?}");
    let mut p = pos("11k/11p/12/12/12/12/1(DER)10/P11/12/12/12/K11 w");
    let m = moves_of(&mut p, &["a5"]);
    assert_eq!(m, set("a5a6 a5c7"));
    let mut p = pos("11k/11p/12/12/12/1(DER)10/P11/12/12/12/12/K11 w");
    let m = moves_of(&mut p, &["a6"]);
    assert_eq!(m, set("a6a7 a6c8"), "relayed into the zone (c8 is rank 8: outside)");
    let mut p = pos("11k/11p/12/1(DER)10/P11/12/12/12/12/12/12/K11 w");
    let m = moves_of(&mut p, &["a8"]);
    assert_eq!(m, set("a8a9 a8a9+ a8c10"), "the relayed a8c10 never promotes");
}

// ------------------------------------------------------------------------------------------
// Attack detection knows the capturing powers (section 5.3)
// ------------------------------------------------------------------------------------------

#[test]
fn attack_detection_includes_every_capturing_power() {
    let cases: &[(&str, &str, bool)] = &[
        // Cicada hop capture.
        ("11k/12/12/12/12/12/12/12/12/1k10/1p10/1(CI)9K w", "b3", true),
        // Sweep passes d5 to take d6.
        ("12/12/12/12/12/12/3k8/3p8/3(TY)8/12/12/11K w", "d6", true),
        // Long leap over d5 takes it.
        ("11k/12/12/12/12/12/12/3p8/3(LO)8/12/12/11K w", "d5", true),
        ("11k/12/12/12/12/12/3p8/3p8/3(LO)8/12/12/11K w", "d5", false),
        // Approach: Sorcerer b3 moving to c3 takes d3 and e3.
        ("11k/12/12/12/12/12/12/12/12/1(SO)1pk7/12/11K w", "e3", true),
        // Withdrawal: Undertaker a4 stepping to a3 takes a5.
        ("11k/12/12/12/12/12/12/k11/(UN)11/12/12/11K w", "a5", true),
        // Cuckoo converts the King ahead.
        ("11k/12/12/12/12/12/12/1k10/1(CU)10/12/12/11K w", "b5", true),
        // Missionary converts after moving.
        ("11k/12/12/12/12/12/12/3k8/12/1(MI)10/12/11K w", "d5", true),
        // Emperor of Emperors shoots at range.
        ("11k/12/12/12/12/12/12/12/12/12/(EE)10k/12 w", "l2", true),
        // Parrot shot and double hop.
        ("11k/12/12/12/12/12/12/12/1p10/1(PA)10/12/K11 w", "b4", true),
        // Relayed capture across a 1999 Dervish.
        ("11k/12/12/12/12/12/12/2k9/1(DER)10/P11/12/K11 w", "c5", true),
        // A Hummingbird's swap is no attack.
        ("11k/12/12/12/12/12/12/12/1k10/1(HU)10/12/K11 w", "b4", false),
        // A frozen Knight does not attack; its self-capture takes only itself.
        ("11k/12/12/12/12/12/12/3p8/12/2N(im)8/12/K11 w", "d5", false),
        ("11k/12/12/12/12/12/12/3p8/12/2N9/12/K11 w", "d5", true),
    ];
    for &(fen, target, want) in cases {
        let p = pos(fen);
        assert_eq!(is_attacked(&p, sq(&p, target), Color::White), want, "{target} in {fen}");
    }
}
