//! Every worked example of Cazaux's rules pages (`docs/rules/patchanka.md`, `heavy-shako.md`, `timurid.md`): the hand-counted start positions (1.4,
//! 2.5, 3.1), castling C-1..C-3 (2.3) and the Timurid castling option (3.5), promotions (1.3,
//! 2.4, 3.3), e.p. (1.3, 2.4, 3.3), succession S-1..S-3 (3.4), FEN rules and the end of the game
//! (docs/rules/bigorra.md §3.6, 4). Each test names its section.

use crate::common::*;
use crate::pieces::{game, GAME_NAMES};
use crate::reference::{Game, Options, Outcome, Pos, Special};

fn pawn_moves(files: &str, rank: u32) -> String {
    files.chars().map(|f| format!("{f}{rank}{f}{} {f}{rank}{f}{} ", rank + 1, rank + 2)).collect()
}

// ------------------------------------------------------------------------------------------
// Start positions: the hand counts, move by move
// ------------------------------------------------------------------------------------------

#[test]
fn start_fens_read_and_write_back() {
    for g in GAME_NAMES {
        let p = Pos::start(g);
        assert_eq!(p.to_fen(), game(g).unwrap().start, "{g}");
        assert!(!p.in_check(true) && !p.in_check(false));
    }
}

#[test]
fn patchanka_start_has_the_44_moves_of_section_1_4() {
    let p = Pos::start("patchanka");
    let expected = pawn_moves("abcdefghij", 3)
        + "a2a1 a2c4 b2b1 b2d4 c2b1 c2c4 d2c1 d2d4 g2h1 g2g4 h2i1 h2h4 i2i1 i2g4 j2j1 j2h4 \
           d1b4 d1f4 f1e4 f1g4 f1d4 f1h4 g1f4 g1h4";
    assert_eq!(set(&expected).len(), 44);
    assert_moves(&p.legal_texts(), &set(&expected), "Patchanka start");
}

#[test]
fn heavy_shako_start_has_the_30_moves_of_section_2_5() {
    let p = Pos::start("heavy-shako");
    let expected = pawn_moves("abcdefghij", 3) + "a2c4 c2b4 c2d4 h2g4 h2i4 j2h4 f1e4 f1g4 f1d4 f1h4";
    assert_eq!(set(&expected).len(), 30);
    assert_moves(&p.legal_texts(), &set(&expected), "Heavy Shako start");
}

/// Section 3.1: Herat's 52 moves, and in each other version the central piece's moves instead
/// of the Crowned Rook's g2g1 g2f1.
#[test]
fn timurid_starts_have_the_hand_counted_moves_of_section_3_1() {
    let common = pawn_moves("abcdefghijkl", 3)
        + "c1b4 c1d4 j1i4 j1k4 e1d1 e1f1 e1g1 h1g1 h1f1 h1i1 b2a4 b2c4 b2d1 k2j4 k2l4 k2i1 \
           c2b1 c2d1 j2i1 j2k1 e2d1 e2f1 h2g1 h2i1 f2f1 f2g1 ";
    let central = [
        ("herat", "g2g1 g2f1", 52),
        ("babur", "g2e4 g2f4 g2g4 g2h4 g2i4 g2i1", 56),
        ("mirza", "g2g1", 51),
        ("samarkand", "g2f1 g2d1 g2f5 g2h5", 54),
        ("wild-herat", "g2f1 g2g1", 52),
        ("wild-babur", "g2f1 g2g1 g2e4 g2f4 g2g4 g2h4 g2i4 g2i1", 58),
        ("wild-mirza", "g2g1", 51),
        ("wild-samarkand", "g2f1 g2d1 g2f5 g2h5 g2f4 g2h4 g2i1", 57),
    ];
    for (version, moves, count) in central {
        let g = format!("timurid-{version}");
        let expected = set(&(common.clone() + moves));
        assert_eq!(expected.len(), count, "{g}");
        assert_moves(&Pos::start(&g).legal_texts(), &expected, &g);
    }
}

// ------------------------------------------------------------------------------------------
// Castling (2.3, 3.5)
// ------------------------------------------------------------------------------------------

const C1: &str = "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w KQ - 0 1";

#[test]
fn heavy_shako_castling_tests_c1_to_c3() {
    let cases = [
        (C1, "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3 f2h2 f2d2"),
        ("4k5/10/10/10/10/10/10/4r5/1R3K2R1/10 w KQ - 0 1", "f2e3 f2f1 f2g1 f2g2 f2h2"),
        ("4k5/10/10/10/10/10/10/3r6/1R3K2R1/10 w KQ - 0 1", "f2e1 f2e2 f2f1 f2g1 f2g2 f2h2"),
    ];
    for (fen, king) in cases {
        assert_moves(&moves_of(&pos("heavy-shako", fen), &["f2"]), &set(king), fen);
    }
    let p = pos("heavy-shako", C1);
    assert_eq!(play(&p, "f2h2").to_fen(), "4k5/10/10/10/10/10/10/10/1R4RK2/10 b - - 1 1");
    assert_eq!(play(&p, "f2d2").to_fen(), "4k5/10/10/10/10/10/10/10/3KR3R1/10 b - - 1 1");
    let m = p.parse_move("f2h2").unwrap();
    assert_eq!(m.special, Special::Castle(sq("i2"), sq("g2")));
}

#[test]
fn heavy_shako_castling_rights_are_lost_as_section_2_3_says() {
    let both = "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1";
    let p = pos("heavy-shako", both);
    assert_eq!(play(&p, "b2b3").castling, [true, false, true, true], "a Rook leaves b2");
    assert_eq!(play(&p, "f2f3").castling, [false, false, true, true], "any King move");
    assert_eq!(play(&p, "i2i9").castling, [false, true, false, true], "leaving i2, capturing on i9");
    assert_eq!(play(&p, "b2b9").castling, [true, false, true, false], "leaving b2, capturing on b9");
    // The Black side castles on rank 9 with the same files.
    let q = play(&p, "b2b3 f9d9");
    assert_eq!(q.castling, [true, false, false, false], "Black castled");
    assert_eq!(q.board_fen(), "10/3kr3r1/10/10/10/10/10/1R8/5K2R1/10");
    // Castling is refused while in check, through an attacked square, or into check.
    let check = pos("heavy-shako", "4k5/10/10/10/10/10/10/5r4/1R3K2R1/10 w KQ - 0 1");
    assert!(!moves_of(&check, &["f2"]).iter().any(|m| m == "f2h2" || m == "f2d2"), "in check");
    // The Rook's squares must be empty: a piece on c2 blocks the long castling only.
    let blocked = pos("heavy-shako", "4k5/10/10/10/10/10/10/10/1RN2K2R1/10 w KQ - 0 1");
    assert!(moves_of(&blocked, &["f2"]).contains("f2h2") && !moves_of(&blocked, &["f2"]).contains("f2d2"));
}

#[test]
fn heavy_shako_castling_needs_the_king_safe_after_the_move() {
    // An enemy Rook on a2 is screened by our Rook b2; after f2d2 (Rook to e2) it would see d2.
    let p = pos("heavy-shako", "4k5/10/10/10/10/10/10/10/rR3K2R1/10 w KQ - 0 1");
    assert!(!moves_of(&p, &["f2"]).contains("f2d2"));
    assert!(moves_of(&p, &["f2"]).contains("f2h2"));
}

#[test]
fn fen_castling_rights_need_their_king_and_rook() {
    assert!(Pos::from_fen("heavy-shako", "4k5/10/10/10/10/10/10/10/1R3K4/10 w KQ - 0 1").is_err());
    assert!(Pos::from_fen("heavy-shako", "4k5/10/10/10/10/10/10/10/1R3K4/10 w Q - 0 1").is_ok());
    assert!(Pos::from_fen("heavy-shako", "4k5/10/10/10/10/10/10/10/1R2K3R1/10 w K - 0 1").is_err());
    assert!(Pos::from_fen("patchanka", "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w K - 0 1").is_err(), "no castling");
}

#[test]
fn timurid_castling_is_an_option_with_our_squares() {
    let fen = "12/r4k5r/12/12/12/12/12/12/12/12/R4K5R/12 w KQkq - 0 1";
    assert!(Pos::from_fen("timurid-herat", fen).is_err(), "off by default: no rights");
    let on = Options { timurid_castling: true, ..Options::default() };
    let p = pos_with("timurid-herat", fen, on);
    assert_moves(&moves_of(&p, &["f2"]), &set("f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3 f2h2 f2d2"), "3.5");
    assert_eq!(play(&p, "f2h2").to_fen(), "12/r4k5r/12/12/12/12/12/12/12/12/R5RK4/12 b kq - 1 1");
    assert_eq!(play(&p, "f2d2").to_fen(), "12/r4k5r/12/12/12/12/12/12/12/12/3KR6R/12 b kq - 1 1");
    let off = pos("timurid-herat", "12/r4k5r/12/12/12/12/12/12/12/12/R4K5R/12 w - - 0 1");
    assert_eq!(moves_of(&off, &["f2"]).len(), 8);
}

// ------------------------------------------------------------------------------------------
// Promotions (1.3, 2.4, 3.3)
// ------------------------------------------------------------------------------------------

#[test]
fn heavy_shako_promotion_is_a_choice_of_eleven_with_a_required_suffix() {
    let p = pos("heavy-shako", "4k5/2P7/10/10/10/10/10/10/5K4/10 w - - 0 1");
    let expected: String = "qrbnecswvof".chars().map(|c| format!("c9c10{c} ")).collect();
    assert_moves(&moves_of(&p, &["c9"]), &set(&expected), "2.5 promotion test");
    assert!(p.parse_move("c9c10").is_err(), "a promoting move without a suffix is illegal input");
    assert_eq!(p.parse_move("c9c10O").unwrap(), p.parse_move("c9c10o").unwrap(), "any case on input");
    assert_eq!(play(&p, "c9c10o").to_fen(), "2O1k5/10/10/10/10/10/10/10/5K4/10 b - - 0 1");
}

#[test]
fn patchanka_promotions_are_compulsory_without_choice() {
    // Kirin b9 (FD): a10 and c10 make a Badger; Pawn d9 a Medusa, Phoenix h9 a Ram on h10.
    let p = pos("patchanka", "9k/1I1P3H2/10/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_moves(&moves_of(&p, &["b9"]), &set("b9a10 b9c10 b9a8 b9c8 b9b7"), "Kirin");
    assert_eq!(play(&p, "b9a10").board_fen(), "B8k/3P3H2/10/10/10/10/10/10/10/4K5");
    assert_eq!(play(&p, "d9d10").board_fen(), "3M5k/1I5H2/10/10/10/10/10/10/10/4K5");
    assert_eq!(play(&p, "h9h10").board_fen(), "7R1k/1I1P6/10/10/10/10/10/10/10/4K5");
    assert!(p.parse_move("b9a10b").is_ok(), "a matching suffix is accepted");
    assert!(p.parse_move("b9a10m").is_err(), "a wrong suffix is refused");
    assert!(p.parse_move("b9a8b").is_err(), "a suffix on a move that does not promote");
    assert_eq!(p.text(&p.parse_move("d9d10m").unwrap()), "d9d10", "no suffix on output");
    // A Soldier promotes too; P, S, I, H on their last rank make a FEN invalid.
    let s = pos("patchanka", "9k/5S4/10/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_eq!(play(&s, "f9f10").board_fen(), "5M3k/10/10/10/10/10/10/10/10/4K5");
    for last in ["4k4P/10", "4k4S/10", "I3k5/10", "H3k5/10", "4k5/p9"] {
        let fen = format!("{last}/10/10/10/10/10/10/10/4K5 w - - 0 1");
        let fen = if last.ends_with("p9") { "4k5/10/10/10/10/10/10/10/10/4K4p w - - 0 1".to_string() } else { fen };
        assert!(Pos::from_fen("patchanka", &fen).is_err(), "{fen}");
    }
}

#[test]
fn timurid_prince_promotion_is_optional_on_every_last_rank_arrival() {
    let p = pos("timurid-herat", "12/4(PR)7/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
    assert_moves(
        &moves_of(&p, &["e11"]),
        &set("e11d10 e11e10 e11f10 e11d11 e11f11 e11d12 e11d12q e11e12 e11e12q e11f12 e11f12q"),
        "3.3 first test",
    );
    let q = pos("timurid-herat", "3(PR)8/12/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
    assert_moves(&moves_of(&q, &["d12"]), &set("d12c11 d12d11 d12e11 d12c12 d12c12q d12e12 d12e12q"), "second");
    assert_eq!(play(&p, "e11e12q").board_fen(), "4Q7/12/12/12/12/12/12/11k/12/12/12/K11");
    assert_eq!(play(&p, "e11e12").halfmove, 1, "a declined promotion is a Prince single step");
    assert_eq!(play(&p, "e11e12q").halfmove, 0, "a chosen promotion resets the clock");
    assert!(Pos::from_fen("timurid-herat", "3(PR)8/12/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1").is_ok());
}

#[test]
fn timurid_compulsory_promotions_and_fen_rule() {
    // Ship d11 (F then vertical): d11c12 and d11e12 become Gryphons; a Snake, Crowned Rook,
    // Squirrel, Wizard and Pawn become Rhinoceros, Queen, Lion, Emir and Queen.
    let p = pos("timurid-herat", "12/3(SH)8/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
    assert_eq!(play(&p, "d11e12").board_fen(), "4G7/12/12/12/12/12/12/11k/12/12/12/K11");
    assert!(p.parse_move("d11e12g").is_ok() && p.parse_move("d11e12q").is_err());
    let cases = [
        ("timurid-mirza", "(SN)", "f11f12", "U"),
        ("timurid-herat", "(CR)", "f11f12", "Q"),
        ("timurid-babur", "(SQ)", "f11d12", "L"),
        ("timurid-samarkand", "(WZ)", "f11g12", "EM"),
        ("timurid-herat", "P", "f11f12", "Q"),
    ];
    for (g, id, mv, new) in cases {
        let fen = format!("12/5{id}6/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
        let p = pos(g, &fen);
        let after = play(&p, mv);
        let kind = after.at(sq(&mv[3..])).map(|pc| game(g).unwrap().id_of(pc.kind));
        assert_eq!(kind, Some(new), "{g} {mv}");
        assert_eq!(p.text(&p.parse_move(mv).unwrap()), mv, "no suffix");
        let on_last = format!("5{id}6/12/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1");
        assert!(Pos::from_fen(g, &on_last).is_err(), "{g} {id} on its last rank");
    }
}

// ------------------------------------------------------------------------------------------
// Double steps and en passant (1.2, 1.3, 2.4, 3.2, 3.3)
// ------------------------------------------------------------------------------------------

#[test]
fn patchanka_pawn_double_steps_only_from_its_start_rank_the_soldier_from_anywhere() {
    let p = pos("patchanka", "4k5/10/10/10/10/2P1S5/10/10/10/4K5 w - - 0 1");
    assert_moves(&moves_of(&p, &["c5"]), &set("c5c6"), "Pawn on c5");
    assert_moves(&moves_of(&p, &["e5"]), &set("e5e6 e5e7 e5d5 e5f5"), "Soldier on e5");
    let after = play(&p, "e5e7");
    assert_eq!(after.ep, Some(sq("e6")), "a Soldier's double step leaves an e.p. square");
}

#[test]
fn patchanka_en_passant_by_and_on_pawns_and_soldiers() {
    // Black Soldier e8 double-steps beside White Pawn d6 and Soldier f6: both may take on e7.
    let p = pos("patchanka", "4k5/10/4s5/10/3P1S4/10/10/10/10/4K5 b - - 0 1");
    let q = play(&p, "e8e6");
    assert_eq!(q.to_fen(), "4k5/10/10/10/3PsS4/10/10/10/10/4K5 w - e7 0 2");
    assert!(moves_of(&q, &["d6"]).contains("d6e7") && moves_of(&q, &["f6"]).contains("f6e7"));
    assert_eq!(play(&q, "d6e7").board_fen(), "4k5/10/10/4P5/5S4/10/10/10/10/4K5");
    // The right expires after one ply.
    let later = play(&q, "e1d1 e10d10");
    assert!(!moves_of(&later, &["d6"]).contains("d6e7"));
    // Other pieces never capture e.p.: a Kirin beside e6 only has its ordinary moves.
    let k = play(&pos("patchanka", "4k5/10/4s5/10/3I6/10/10/10/10/4K5 b - - 0 1"), "e8e6");
    assert!(!k.legal_moves().iter().any(|m| matches!(m.special, Special::EnPassant(_))));
    assert!(moves_of(&k, &["d6"]).contains("d6e7"), "the Kirin's own leap to e7");
    assert!(play(&k, "d6e7").at(sq("e6")).is_some(), "takes nothing");
}

#[test]
fn heavy_shako_en_passant_only_pawns() {
    let p = pos("heavy-shako", "4k5/10/4p5/10/3P6/10/10/10/5K4/10 b - - 0 1");
    let q = play(&p, "e8e6");
    assert_eq!(q.ep, Some(sq("e7")));
    assert!(moves_of(&q, &["d6"]).contains("d6e7"));
    assert_eq!(play(&q, "d6e7").board_fen(), "4k5/10/10/4P5/10/10/10/10/5K4/10");
    // A Pawn double-steps only from its start rank (rank 3 for White, 8 for Black).
    let r = pos("heavy-shako", "4k5/10/10/10/10/2P7/10/1P8/5K4/10 w - - 0 1");
    assert_moves(&moves_of(&r, &["c5", "b3"]), &set("c5c6 b3b4 b3b5"), "double steps");
}

#[test]
fn timurid_pawns_and_princes_double_step_from_anywhere_and_only_pawns_capture_ep() {
    let p = pos("timurid-herat", "12/11k/12/12/12/12/2P1(PR)7/12/12/12/12/K11 w - - 0 1");
    assert_moves(&moves_of(&p, &["c6"]), &set("c6c7 c6c8"), "rapid Pawn");
    assert!(moves_of(&p, &["e6"]).contains("e6e8"), "rapid Prince");
    // A Prince's double step gives e.p. to an enemy Pawn (3.3), never to a Prince.
    let q = pos("timurid-herat", "12/11k/4(pr)7/12/3P1(PR)6/12/12/12/12/12/12/K11 b - - 0 1");
    let r = play(&q, "e10e8");
    assert_eq!(r.ep, Some(sq("e9")));
    assert!(moves_of(&r, &["d8"]).contains("d8e9"), "Pawn takes the Prince e.p.");
    assert!(!r.legal_moves().iter().any(|m| m.from == sq("f8") && matches!(m.special, Special::EnPassant(_))));
    assert!(moves_of(&r, &["f8"]).contains("f8e9"), "the Prince may still step onto e9, capturing nothing");
    assert_eq!(play(&r, "f8e9").at(sq("e8")).map(|p| p.white), Some(false), "e8 stays");
    // A double step that promotes leaves no e.p. square (Babur 66. e10e12).
    let s = pos("timurid-herat", "12/11k/4P7/12/12/12/12/12/12/12/12/K11 w - - 0 1");
    assert_eq!(play(&s, "e10e12").ep, None);
    assert_eq!(play(&s, "e10e12").board_fen(), "4Q7/11k/12/12/12/12/12/12/12/12/12/K11");
}

#[test]
fn fen_en_passant_square_must_be_consistent() {
    let ok = "4k5/10/10/10/4s5/10/10/10/10/4K5 w - e7 0 1";
    assert!(Pos::from_fen("patchanka", ok).is_ok());
    for bad in ["4k5/10/10/10/4s5/10/10/10/10/4K5 w - e6 0 1", "4k5/10/10/10/4r5/10/10/10/10/4K5 w - e7 0 1"] {
        assert!(Pos::from_fen("patchanka", bad).is_err(), "{bad}");
    }
    assert!(Pos::from_fen("heavy-shako", "4k5/10/10/10/4s5/10/10/10/5K4/10 w - e7 0 1").is_err(), "Squirrel");
}

// ------------------------------------------------------------------------------------------
// Succession (3.4)
// ------------------------------------------------------------------------------------------

#[test]
fn succession_tests_s1_to_s3() {
    let s1 = "k11/1Q10/2K9/12/12/12/12/12/12/12/12/11(pr) b - - 0 1";
    let p = pos("timurid-herat", s1);
    assert_moves(&p.legal_texts(), &set("a12l1"), "S-1");
    let after = play(&p, "a12l1");
    assert_eq!(after.to_fen(), "(pr)11/1Q10/2K9/12/12/12/12/12/12/12/12/11k w - - 1 2");
    let s2 = "k11/1Q10/2K9/12/12/12/12/11R/12/12/12/11(pr) b - - 0 1";
    let mut g = Game::new(pos("timurid-herat", s2));
    assert!(g.pos.legal_moves().is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Checkmate { white_wins: true }), "S-2");
    let s3 = "k11/1Q10/2K9/12/12/12/12/12/12/12/11(pr)/11(pr) b - - 0 1";
    assert_moves(&pos("timurid-herat", s3).legal_texts(), &set("a12l1 a12l2"), "S-3");
    // With the option off, S-1 is checkmate (Jocly's rule).
    let off = Options { succession: false, ..Options::default() };
    g = Game::new(pos_with("timurid-herat", s1, off));
    assert_eq!(g.outcome(), Some(Outcome::Checkmate { white_wins: true }));
}

#[test]
fn succession_is_never_offered_with_an_ordinary_move_or_without_check() {
    // S-1 with a Black Rook on b1 that can take the Queen: the ordinary move, no succession.
    let p = pos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/12/1r9(pr) b - - 0 1");
    assert_moves(&p.legal_texts(), &set("b1b11"), "an ordinary move exists");
    // Only unattacked Princes: the Rook h1 attacks l1, not l2 (S-3 plus a Rook).
    let q = pos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/11(pr)/7R3(pr) b - - 0 1");
    assert_moves(&q.legal_texts(), &set("a12l2"), "l1 is attacked by the Rook h1");
}

// ------------------------------------------------------------------------------------------
// End of game (docs/rules/bigorra.md §3.6) and the clock
// ------------------------------------------------------------------------------------------

#[test]
fn stalemate_bare_kings_fifty_moves_and_their_order() {
    let stale = Game::new(pos("timurid-herat", "k11/2Q9/1K10/12/12/12/12/12/12/12/12/12 b - - 0 1"));
    assert_eq!(stale.outcome(), Some(Outcome::Stalemate));
    let bare = Game::new(pos("patchanka", "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1"));
    assert_eq!(bare.outcome(), Some(Outcome::BareKings));
    let fifty = "4k5/10/10/10/10/10/10/10/4P5/4K5 w - - 100 80";
    assert_eq!(Game::new(pos("heavy-shako", fifty)).outcome(), Some(Outcome::FiftyMoves));
    let off = Options { fifty_move_rule: false, ..Options::default() };
    assert_eq!(Game::new(pos_with("heavy-shako", fifty, off)).outcome(), None);
    // A checkmate given as the clock reaches 100 wins: no legal move is tested first.
    let mate = Game::new(pos("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/12/12 b - - 100 90"));
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate { white_wins: true }));
}

#[test]
fn threefold_repetition_draws() {
    let mut g = Game::new(Pos::start("heavy-shako"));
    for (i, t) in "c2b4 c9b7 b4c2 b7c9 c2b4 c9b7 b4c2 b7c9".split_whitespace().enumerate() {
        assert_eq!(g.outcome(), None, "before ply {}", i + 1);
        g.play(t).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
}

#[test]
fn halfmove_clock_resets_as_each_section_says() {
    // Patchanka 1.3: a Soldier's sideways step does not reset, its forward step does.
    let p = pos("patchanka", "4k5/10/10/10/10/4S5/10/10/10/4K5 w - - 7 9");
    assert_eq!(play(&p, "e5d5").halfmove, 8);
    assert_eq!(play(&p, "e5e6").halfmove, 0);
    // Heavy Shako 2.3: castling does not reset.
    assert_eq!(play(&pos("heavy-shako", C1), "f2h2").halfmove, 1);
    // Timurid 3.6: a Prince single step does not reset, its double step does.
    let t = pos("timurid-herat", "12/11k/12/12/12/12/4(PR)7/12/12/12/12/K11 w - - 5 9");
    assert_eq!(play(&t, "e6e7").halfmove, 6);
    assert_eq!(play(&t, "e6e8").halfmove, 0);
}

#[test]
fn fen_validation_refuses_what_bigorra_md_4_refuses() {
    let bad = [
        ("patchanka", "4k5/10/10/10/10/10/10/10/10/4K4K w - - 0 1"),
        ("patchanka", "10/10/10/10/10/10/10/10/10/4K5 w - - 0 1"),
        ("patchanka", "4k5/4R5/10/10/10/10/10/10/10/4K5 w - - 0 1"),
        ("heavy-shako", "4k5/10/10/10/10/10/10/10/5K4/2(P)7 w - - 0 1"),
        ("heavy-shako", "4k5/10/10/10/10/10/10/10/5K4/9 w - - 0 1"),
        ("heavy-shako", "4k5/10/10/10/10/10/10/10/5K4/10 x - - 0 1"),
        ("timurid-herat", "11k/12/12/12/12/12/12/12/12/12/12/K10(SQ) w - - 0 1"),
        ("timurid-herat", "P10k/12/12/12/12/12/12/12/12/12/12/K11 w - - 0 1"),
    ];
    for (g, fen) in bad {
        assert!(Pos::from_fen(g, fen).is_err(), "{g}: {fen}");
    }
    // Mixed case decides by the first letter; a FEN round-trips.
    let p = pos("timurid-babur", "11k/12/12/12/12/12/12/12/12/12/12/K10(Sq) w - - 0 1");
    assert_eq!(p.board_fen(), "11k/12/12/12/12/12/12/12/12/12/12/K10(SQ)");
}

#[test]
fn patchanka_okapi_option_swaps_the_okapi_and_the_bison() {
    let fen = "4k5/10/10/10/10/4O5/10/10/10/4K5 w - - 0 1";
    let book = moves_of(&pos("patchanka", fen), &["e5"]);
    let text = moves_of(&pos_with("patchanka", fen, Options { okapi_text: true, ..Options::default() }), &["e5"]);
    assert!(book.contains("e5f7") && !book.contains("e5f8"), "NZ: a (1,2) leap, no (1,3)");
    assert!(text.contains("e5f8") && !text.contains("e5f7"), "CZ with the option");
}

/// Castling near hoppers and through x-rays: the King's moves agree with Fairy-Stockfish's
/// (pyffish, engine-tests/compare/cazaux-variants.ini), listed here by hand from its output.
#[test]
fn heavy_shako_castling_near_hoppers_agrees_with_fairy_stockfish() {
    let cases = [
        // After f2d2 the Rook leaves b2 and the Black Rook a2 would see d2.
        ("4k5/10/10/10/10/10/10/10/rR3K2R1/10 w KQ - 0 1", "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3 f2h2"),
        // The Cannon a2 checks the King over the screen b2.
        ("4k5/10/10/10/10/10/10/10/cR3K2R1/10 w KQ - 0 1", "f2e1 f2e3 f2f1 f2f3 f2g1 f2g3"),
        // The Cannon h2 blocks the short castling; it attacks e2 and d2 with the King f2 as its
        // screen, so the long one is refused too.
        ("4k5/10/10/10/10/10/10/10/1R3K1cR1/10 w KQ - 0 1", "f2e1 f2e2 f2e3 f2f1 f2f3 f2g1 f2g2 f2g3"),
    ];
    for (fen, king) in cases {
        assert_moves(&moves_of(&pos("heavy-shako", fen), &["f2"]), &set(king), fen);
    }
}
