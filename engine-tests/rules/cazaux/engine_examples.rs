//! The engine on every worked example of Cazaux's rules pages (`docs/rules/patchanka.md`, `heavy-shako.md`, `timurid.md`) (the positions of the
//! reference's `examples.rs`): each position agrees with the reference generator move by move
//! (`agree`), and the rules page's own statements are checked again on the engine's moves, FENs
//! and results. Each test names its section.

use crate::common::{assert_moves, set};
use crate::engine::*;
use crate::pieces::GAME_NAMES;
use crate::reference::{Options, Outcome};
use kyodai::notation::parse_move;
use kyodai::rules::legality::{in_check, legal_move_list};
use kyodai::{Color, Position};

fn castling_on() -> Options {
    Options { timurid_castling: true, ..Options::default() }
}
fn succession_off() -> Options {
    Options { succession: false, ..Options::default() }
}

/// Every position of the rules page's examples, with the options it is played with.
const POSITIONS: &[(&str, &str)] = &[
    ("heavy-shako", "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w KQ - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/4r5/1R3K2R1/10 w KQ - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/3r6/1R3K2R1/10 w KQ - 0 1"),
    ("heavy-shako", "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/5r4/1R3K2R1/10 w KQ - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/10/1RN2K2R1/10 w KQ - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/10/rR3K2R1/10 w KQ - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/10/cR3K2R1/10 w KQ - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/10/1R3K1cR1/10 w KQ - 0 1"),
    ("heavy-shako", "4k5/2P7/10/10/10/10/10/10/5K4/10 w - - 0 1"),
    ("heavy-shako", "4k5/10/4p5/10/3P6/10/10/10/5K4/10 b - - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/2P7/10/1P8/5K4/10 w - - 0 1"),
    ("heavy-shako", "4k5/10/10/10/10/10/10/10/4P5/4K5 w - - 100 80"),
    ("patchanka", "9k/1I1P3H2/10/10/10/10/10/10/10/4K5 w - - 0 1"),
    ("patchanka", "9k/5S4/10/10/10/10/10/10/10/4K5 w - - 0 1"),
    ("patchanka", "4k5/10/10/10/10/2P1S5/10/10/10/4K5 w - - 0 1"),
    ("patchanka", "4k5/10/4s5/10/3P1S4/10/10/10/10/4K5 b - - 0 1"),
    ("patchanka", "4k5/10/4s5/10/3I6/10/10/10/10/4K5 b - - 0 1"),
    ("patchanka", "4k5/10/10/10/4s5/10/10/10/10/4K5 w - e7 0 1"),
    ("patchanka", "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1"),
    ("patchanka", "4k5/10/10/10/10/4S5/10/10/10/4K5 w - - 7 9"),
    ("patchanka", "4k5/10/10/10/10/4O5/10/10/10/4K5 w - - 0 1"),
    ("timurid-herat", "12/4(PR)7/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
    ("timurid-herat", "3(PR)8/12/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
    ("timurid-herat", "12/3(SH)8/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
    ("timurid-herat", "12/11k/12/12/12/12/2P1(PR)7/12/12/12/12/K11 w - - 0 1"),
    ("timurid-herat", "12/11k/4(pr)7/12/3P1(PR)6/12/12/12/12/12/12/K11 b - - 0 1"),
    ("timurid-herat", "12/11k/4P7/12/12/12/12/12/12/12/12/K11 w - - 0 1"),
    ("timurid-herat", "12/11k/12/12/12/12/4(PR)7/12/12/12/12/K11 w - - 5 9"),
    ("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/12/11(pr) b - - 0 1"),
    ("timurid-herat", "k11/1Q10/2K9/12/12/12/12/11R/12/12/12/11(pr) b - - 0 1"),
    ("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/11(pr)/11(pr) b - - 0 1"),
    ("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/12/1r9(pr) b - - 0 1"),
    ("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/11(pr)/7R3(pr) b - - 0 1"),
    ("timurid-herat", "k11/2Q9/1K10/12/12/12/12/12/12/12/12/12 b - - 0 1"),
    ("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/12/12 b - - 100 90"),
    ("timurid-herat", "12/r4k5r/12/12/12/12/12/12/12/12/R4K5R/12 w - - 0 1"),
    ("timurid-babur", "11k/12/12/12/12/12/12/12/12/12/12/K10(SQ) w - - 0 1"),
    ("timurid-mirza", "12/5(SN)6/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
    ("timurid-herat", "12/5(CR)6/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
    ("timurid-babur", "12/5(SQ)6/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
    ("timurid-samarkand", "12/5(WZ)6/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
    ("timurid-herat", "12/5P6/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"),
];

#[test]
fn every_example_position_agrees_with_the_reference() {
    for (g, fen) in POSITIONS {
        agree(g, fen, Options::default());
    }
    for (g, fen) in POSITIONS.iter().filter(|(g, _)| g.starts_with("timurid")) {
        agree(g, fen, succession_off());
    }
    agree("timurid-herat", "12/r4k5r/12/12/12/12/12/12/12/12/R4K5R/12 w KQkq - 0 1", castling_on());
    agree(
        "patchanka",
        "4k5/10/10/10/10/4O5/10/10/10/4K5 w - - 0 1",
        Options { okapi_text: true, ..Options::default() },
    );
    agree(
        "heavy-shako",
        "4k5/10/10/10/10/10/10/10/4P5/4K5 w - - 100 80",
        Options { fifty_move_rule: false, ..Options::default() },
    );
}

/// 1.4, 2.5, 3.1: the hand-counted start positions (the move lists are the reference's, which
/// its own tests list move by move).
#[test]
fn start_positions_have_the_hand_counted_moves() {
    let counts = [44, 30, 52, 56, 51, 54, 52, 58, 51, 57];
    for (g, n) in GAME_NAMES.iter().zip(counts) {
        let mut p = Position::start(&game(g));
        assert_eq!(texts(&mut p).len(), n, "{g}");
        agree(g, &p.to_fen(), Options::default());
        assert!(!in_check(&p, Color::White) && !in_check(&p, Color::Black));
    }
}

#[test]
fn heavy_shako_castling_tests_c1_to_c3() {
    let c1 = "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w KQ - 0 1";
    let cases = [
        (c1, "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3 f2h2 f2d2"),
        ("4k5/10/10/10/10/10/10/4r5/1R3K2R1/10 w KQ - 0 1", "f2e3 f2f1 f2g1 f2g2 f2h2"),
        ("4k5/10/10/10/10/10/10/3r6/1R3K2R1/10 w KQ - 0 1", "f2e1 f2e2 f2f1 f2g1 f2g2 f2h2"),
    ];
    for (fen, king) in cases {
        assert_moves(&moves_of(&mut epos("heavy-shako", fen), &["f2"]), &set(king), fen);
    }
    let p = epos("heavy-shako", c1);
    assert_eq!(played(&p, "f2h2").to_fen(), "4k5/10/10/10/10/10/10/10/1R4RK2/10 b - - 1 1");
    assert_eq!(played(&p, "f2d2").to_fen(), "4k5/10/10/10/10/10/10/10/3KR3R1/10 b - - 1 1");
}

#[test]
fn heavy_shako_castling_rights_are_lost_as_section_2_3_says() {
    let p = epos("heavy-shako", "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1");
    let rights = |q: Position| q.to_fen().split_whitespace().nth(2).unwrap().to_string();
    assert_eq!(rights(played(&p, "b2b3")), "Kkq", "a Rook leaves b2");
    assert_eq!(rights(played(&p, "f2f3")), "kq", "any King move");
    assert_eq!(rights(played(&p, "i2i9")), "Qq", "leaving i2, capturing on i9");
    assert_eq!(rights(played(&p, "b2b9")), "Kk", "leaving b2, capturing on b9");
    let q = played(&p, "b2b3 f9d9");
    assert_eq!(q.to_fen(), "10/3kr3r1/10/10/10/10/10/1R8/5K2R1/10 w K - 2 2", "Black castled long");
    // Refused in check, and when a square between is taken.
    let mut check = epos("heavy-shako", "4k5/10/10/10/10/10/10/5r4/1R3K2R1/10 w KQ - 0 1");
    assert!(!moves_of(&mut check, &["f2"]).iter().any(|m| m == "f2h2" || m == "f2d2"), "in check");
    let mut blocked = epos("heavy-shako", "4k5/10/10/10/10/10/10/10/1RN2K2R1/10 w KQ - 0 1");
    let king = moves_of(&mut blocked, &["f2"]);
    assert!(king.contains("f2h2") && !king.contains("f2d2"));
    // The repetition key holds the rights: the same board without them is another position.
    let a = epos("heavy-shako", "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1");
    let b = epos("heavy-shako", "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w Kkq - 0 1");
    assert_ne!(a.repetition_key(), b.repetition_key());
}

#[test]
fn heavy_shako_castling_near_hoppers_and_x_rays() {
    let cases = [
        ("4k5/10/10/10/10/10/10/10/rR3K2R1/10 w KQ - 0 1", "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3 f2h2"),
        ("4k5/10/10/10/10/10/10/10/cR3K2R1/10 w KQ - 0 1", "f2e1 f2e3 f2f1 f2f3 f2g1 f2g3"),
        ("4k5/10/10/10/10/10/10/10/1R3K1cR1/10 w KQ - 0 1", "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3"),
    ];
    for (fen, king) in cases {
        assert_moves(&moves_of(&mut epos("heavy-shako", fen), &["f2"]), &set(king), fen);
    }
}

#[test]
fn fen_castling_rights_need_their_king_and_rook() {
    let hs = game("heavy-shako");
    assert!(Position::from_fen(&hs, "4k5/10/10/10/10/10/10/10/1R3K4/10 w KQ - 0 1").is_err());
    assert!(Position::from_fen(&hs, "4k5/10/10/10/10/10/10/10/1R3K4/10 w Q - 0 1").is_ok());
    assert!(Position::from_fen(&hs, "4k5/10/10/10/10/10/10/10/1R2K3R1/10 w K - 0 1").is_err());
    assert!(Position::from_fen(&hs, "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w KK - 0 1").is_err(), "repeated");
    let pa = game("patchanka");
    let e = Position::from_fen(&pa, "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w K - 0 1").unwrap_err();
    assert!(e.to_string().contains("no castling"), "{e}");
}

#[test]
fn timurid_castling_is_an_option_with_our_squares() {
    let fen = "12/r4k5r/12/12/12/12/12/12/12/12/R4K5R/12 w KQkq - 0 1";
    let e = Position::from_fen(&game("timurid-herat"), fen).unwrap_err();
    assert!(e.to_string().contains("castling is off"), "off by default, no rights: {e}");
    let p = epos_with("timurid-herat", fen, castling_on());
    let mut q = p.clone();
    assert_moves(&moves_of(&mut q, &["f2"]), &set("f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3 f2h2 f2d2"), "3.5");
    assert_eq!(played(&p, "f2h2").to_fen(), "12/r4k5r/12/12/12/12/12/12/12/12/R5RK4/12 b kq - 1 1");
    assert_eq!(played(&p, "f2d2").to_fen(), "12/r4k5r/12/12/12/12/12/12/12/12/3KR6R/12 b kq - 1 1");
    // The option gives the start position its rights.
    let start = Position::start(&game_with("timurid-babur", castling_on()));
    assert_eq!(start.to_fen().split_whitespace().nth(2), Some("KQkq"));
    assert_eq!(Position::start(&game("timurid-babur")).to_fen().split_whitespace().nth(2), Some("-"));
}

#[test]
fn heavy_shako_promotion_is_a_choice_of_eleven_with_a_required_suffix() {
    let p = epos("heavy-shako", "4k5/2P7/10/10/10/10/10/10/5K4/10 w - - 0 1");
    let expected: String = "qrbnecswvof".chars().map(|c| format!("c9c10{c} ")).collect();
    assert_moves(&moves_of(&mut p.clone(), &["c9"]), &set(&expected), "2.5 promotion test");
    let e = parse_move(&mut p.clone(), "c9c10").unwrap_err();
    assert!(e.to_string().contains("add the new piece's ID"), "{e}");
    assert_eq!(parse_move(&mut p.clone(), "c9c10O").unwrap(), parse_move(&mut p.clone(), "c9c10o").unwrap());
    assert_eq!(played(&p, "c9c10o").to_fen(), "2O1k5/10/10/10/10/10/10/10/5K4/10 b - - 0 1");
}

#[test]
fn patchanka_promotions_are_compulsory_without_choice() {
    let p = epos("patchanka", "9k/1I1P3H2/10/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_moves(&moves_of(&mut p.clone(), &["b9"]), &set("b9a10 b9c10 b9a8 b9c8 b9b7"), "Kirin");
    assert_eq!(played(&p, "b9a10").to_fen().split(' ').next(), Some("B8k/3P3H2/10/10/10/10/10/10/10/4K5"));
    assert_eq!(id_on(&played(&p, "d9d10"), "d10").as_deref(), Some("M"));
    assert_eq!(id_on(&played(&p, "h9h10"), "h10").as_deref(), Some("R"));
    assert!(parse_move(&mut p.clone(), "b9a10b").is_ok(), "a matching suffix");
    assert!(parse_move(&mut p.clone(), "b9a10m").is_err(), "a wrong suffix");
    assert!(parse_move(&mut p.clone(), "b9a8b").is_err(), "a suffix on a move that does not promote");
    for fen in ["4k4P/10/10/10/10/10/10/10/10/4K5 w - - 0 1", "I3k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1"] {
        assert!(Position::from_fen(&game("patchanka"), fen).is_err(), "{fen}");
    }
}

#[test]
fn timurid_prince_promotion_is_optional_on_every_last_rank_arrival() {
    let p = epos("timurid-herat", "12/4(PR)7/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
    assert_moves(
        &moves_of(&mut p.clone(), &["e11"]),
        &set("e11d10 e11e10 e11f10 e11d11 e11f11 e11d12 e11d12q e11e12 e11e12q e11f12 e11f12q"),
        "3.3 first test",
    );
    let mut q = epos("timurid-herat", "3(PR)8/12/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
    assert_moves(&moves_of(&mut q, &["d12"]), &set("d12c11 d12d11 d12e11 d12c12 d12c12q d12e12 d12e12q"), "second");
    assert_eq!(id_on(&played(&p, "e11e12q"), "e12").as_deref(), Some("Q"));
    assert_eq!(id_on(&played(&p, "e11e12"), "e12").as_deref(), Some("PR"));
    assert_eq!(played(&p, "e11e12").halfmove_clock(), 1, "a declined promotion is a Prince single step");
    assert_eq!(played(&p, "e11e12q").halfmove_clock(), 0, "a chosen promotion resets the clock");
}

#[test]
fn timurid_compulsory_promotions_are_written_without_suffix() {
    let cases = [
        ("timurid-mirza", "(SN)", "f11f12", "U"),
        ("timurid-herat", "(CR)", "f11f12", "Q"),
        ("timurid-babur", "(SQ)", "f11d12", "L"),
        ("timurid-samarkand", "(WZ)", "f11g12", "EM"),
        ("timurid-herat", "P", "f11f12", "Q"),
    ];
    for (g, id, mv, new) in cases {
        let p = epos(g, &format!("12/5{id}6/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1"));
        assert_eq!(id_on(&played(&p, mv), &mv[3..]).as_deref(), Some(new), "{g} {mv}");
        assert!(texts(&mut p.clone()).contains(mv), "{g}: {mv} without suffix");
        let on_last = format!("5{id}6/12/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
        assert!(Position::from_fen(&game(g), &on_last).is_err(), "{g} {id} on its last rank");
    }
    let prince = "3(PR)8/12/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1";
    assert!(Position::from_fen(&game("timurid-herat"), prince).is_ok(), "a Prince may stand there");
}

#[test]
fn double_steps_and_en_passant() {
    // Patchanka: the Pawn only from its start rank, the Soldier from anywhere, both e.p.
    let mut p = epos("patchanka", "4k5/10/10/10/10/2P1S5/10/10/10/4K5 w - - 0 1");
    assert_moves(&moves_of(&mut p, &["c5"]), &set("c5c6"), "Pawn on c5");
    assert_moves(&moves_of(&mut p, &["e5"]), &set("e5e6 e5e7 e5d5 e5f5"), "Soldier on e5");
    let q = played(&epos("patchanka", "4k5/10/4s5/10/3P1S4/10/10/10/10/4K5 b - - 0 1"), "e8e6");
    assert_eq!(q.to_fen(), "4k5/10/10/10/3PsS4/10/10/10/10/4K5 w - e7 0 2");
    assert!(moves_of(&mut q.clone(), &["d6"]).contains("d6e7") && moves_of(&mut q.clone(), &["f6"]).contains("f6e7"));
    // Timurid: a Prince's double step gives e.p. to an enemy Pawn, never to a Prince; a double
    // step that promotes leaves no e.p. square.
    let r = played(&epos("timurid-herat", "12/11k/4(pr)7/12/3P1(PR)6/12/12/12/12/12/12/K11 b - - 0 1"), "e10e8");
    assert_eq!(r.to_fen().split_whitespace().nth(3), Some("e9"));
    assert_eq!(id_on(&played(&r, "d8e9"), "e8"), None, "the Pawn takes the Prince e.p.");
    assert_eq!(id_on(&played(&r, "f8e9"), "e8").as_deref(), Some("pr"), "a Prince's step takes nothing");
    let s = played(&epos("timurid-herat", "12/11k/4P7/12/12/12/12/12/12/12/12/K11 w - - 0 1"), "e10e12");
    assert_eq!(s.to_fen(), "4Q7/11k/12/12/12/12/12/12/12/12/12/K11 b - - 0 1");
}

#[test]
fn succession_tests_s1_to_s3() {
    let s1 = "k11/1Q10/2K9/12/12/12/12/12/12/12/12/11(pr) b - - 0 1";
    let mut p = epos("timurid-herat", s1);
    assert_moves(&texts(&mut p), &set("a12l1"), "S-1");
    assert_eq!(outcome_of(&mut p), None, "not mate while a swap exists");
    assert_eq!(played(&p, "a12l1").to_fen(), "(pr)11/1Q10/2K9/12/12/12/12/12/12/12/12/11k w - - 1 2");
    let mut s2 = epos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/11R/12/12/12/11(pr) b - - 0 1");
    assert!(legal_move_list(&mut s2).is_empty());
    assert_eq!(outcome_of(&mut s2), Some(Outcome::Checkmate { white_wins: true }), "S-2");
    let mut s3 = epos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/11(pr)/11(pr) b - - 0 1");
    assert_moves(&texts(&mut s3), &set("a12l1 a12l2"), "S-3");
    let mut off = epos_with("timurid-herat", s1, succession_off());
    assert_eq!(outcome_of(&mut off), Some(Outcome::Checkmate { white_wins: true }), "option off");
    // Never with an ordinary move, and only to unattacked Princes.
    let mut q = epos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/12/1r9(pr) b - - 0 1");
    assert_moves(&texts(&mut q), &set("b1b11"), "an ordinary move exists");
    let mut r = epos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/11(pr)/7R3(pr) b - - 0 1");
    assert_moves(&texts(&mut r), &set("a12l2"), "l1 is attacked");
    // Never when stalemated.
    let mut stale = epos("timurid-herat", "k11/2Q9/1K10/12/12/12/12/12/12/12/12/11(pr) b - - 0 1");
    assert!(legal_move_list(&mut stale).iter().all(|m| m.from != stale.game().shape.parse_square("a12").unwrap()));
}

#[test]
fn end_of_game_and_the_clock() {
    let mut stale = epos("timurid-herat", "k11/2Q9/1K10/12/12/12/12/12/12/12/12/12 b - - 0 1");
    assert_eq!(outcome_of(&mut stale), Some(Outcome::Stalemate));
    let mut bare = epos("patchanka", "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_eq!(outcome_of(&mut bare), Some(Outcome::BareKings));
    let fifty = "4k5/10/10/10/10/10/10/10/4P5/4K5 w - - 100 80";
    assert_eq!(outcome_of(&mut epos("heavy-shako", fifty)), Some(Outcome::FiftyMoves));
    let no_fifty = Options { fifty_move_rule: false, ..Options::default() };
    assert_eq!(outcome_of(&mut epos_with("heavy-shako", fifty, no_fifty)), None);
    let mut mate = epos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/12/12 b - - 100 90");
    assert_eq!(outcome_of(&mut mate), Some(Outcome::Checkmate { white_wins: true }));
    let mut rep = Position::start(&game("heavy-shako"));
    for t in "c2b4 c9b7 b4c2 b7c9 c2b4 c9b7 b4c2 b7c9".split_whitespace() {
        assert_eq!(outcome_of(&mut rep), None);
        rep = played(&rep, t);
    }
    assert_eq!(outcome_of(&mut rep), Some(Outcome::Repetition));
    // Clock resets: a Soldier's sideways step does not, castling does not, a Prince's double
    // step does and its single step does not.
    let p = epos("patchanka", "4k5/10/10/10/10/4S5/10/10/10/4K5 w - - 7 9");
    assert_eq!((played(&p, "e5d5").halfmove_clock(), played(&p, "e5e6").halfmove_clock()), (8, 0));
    let c1 = epos("heavy-shako", "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w KQ - 0 1");
    assert_eq!(played(&c1, "f2h2").halfmove_clock(), 1);
    let t = epos("timurid-herat", "12/11k/12/12/12/12/4(PR)7/12/12/12/12/K11 w - - 5 9");
    assert_eq!((played(&t, "e6e7").halfmove_clock(), played(&t, "e6e8").halfmove_clock()), (6, 0));
}

#[test]
fn fen_validation() {
    let bad = [
        ("patchanka", "4k5/10/10/10/10/10/10/10/10/4K4K w - - 0 1"),
        ("patchanka", "10/10/10/10/10/10/10/10/10/4K5 w - - 0 1"),
        ("patchanka", "4k5/4R5/10/10/10/10/10/10/10/4K5 w - - 0 1"),
        ("patchanka", "4k5/10/10/10/4s5/10/10/10/10/4K5 w - e6 0 1"),
        ("heavy-shako", "4k5/10/10/10/10/10/10/10/5K4/2(P)7 w - - 0 1"),
        ("heavy-shako", "4k5/10/10/10/10/10/10/10/5K4/9 w - - 0 1"),
        ("heavy-shako", "4k5/10/10/10/4s5/10/10/10/5K4/10 w - e7 0 1"),
        ("timurid-herat", "11k/12/12/12/12/12/12/12/12/12/12/K10(SQ) w - - 0 1"),
        ("timurid-herat", "P10k/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1"),
    ];
    for (g, fen) in bad {
        assert!(Position::from_fen(&game(g), fen).is_err(), "{g}: {fen}");
    }
    let p = epos("timurid-babur", "11k/12/12/12/12/12/12/12/12/12/12/K10(Sq) w - - 0 1");
    assert_eq!(p.to_fen(), "11k/12/12/12/12/12/12/12/12/12/12/K10(SQ) w - - 0 1");
}

#[test]
fn patchanka_okapi_option_swaps_the_okapi_and_the_bison() {
    let fen = "4k5/10/10/10/10/4O5/10/10/10/4K5 w - - 0 1";
    let book = moves_of(&mut epos("patchanka", fen), &["e5"]);
    let text = moves_of(&mut epos_with("patchanka", fen, Options { okapi_text: true, ..Options::default() }), &["e5"]);
    assert!(book.contains("e5f7") && !book.contains("e5f8"), "NZ: a (1,2) leap, no (1,3)");
    assert!(text.contains("e5f8") && !text.contains("e5f7"), "CZ with the option");
}

/// The non-default reading of the Prince's double step (3.2): only from its start rank.
#[test]
fn timurid_prince_initial_double_only_option() {
    let g = kyodai::Game::builtin_with("timurid-herat", &[("timurid_prince_initial_double_only".into(), "on".into())])
        .unwrap();
    let mut p = Position::from_fen(&g, "12/11k/12/12/12/12/4(PR)7/12/12/12/1(PR)10/K11 w - - 0 1").unwrap();
    let m = moves_of(&mut p, &["e6", "b2"]);
    assert!(m.contains("b2b4") && !m.contains("e6e8"), "{m:?}");
    assert_eq!(played(&p, "b2b4").to_fen().split_whitespace().nth(3), Some("b3"));
}
