//! Scirocco (2009) rules tests. The authority is `docs/rules/scirocco.md`; each test names
//! the section (§) or the case of the page's Rule index (T1–T15, V1–V3, R1–R2) it checks. Move sets are compared
//! exactly, as canonical move text (section 10), filtered by the origin squares of the pieces
//! under test.
//!
//! `scirocco_reference.rs` is an independent generator written from the rules page; the tests
//! in `scirocco_cross.rs` compare the engine with it on random positions and count perft a
//! second way.

#[path = "../support/perft_data.rs"]
mod perft_data;

#[path = "scirocco_reference.rs"]
mod reference;

#[path = "scirocco_cross.rs"]
mod cross;

mod support;
use support::*;

use kyodai::movegen::attack::is_attacked;
use kyodai::notation::{format_explicit, format_move, parse_move, MoveError};
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{outcome, Reason};
use kyodai::{Color, Game, Position};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

// ------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------

/// Section 8.1.
pub const START: &str = "(wa)d(go)(de)cn1(st)a(ch)/1(ma)(sc)(co)fwk(sc)(pr)1/pp(gu)pppp(gu)pp/10/10/10/10/PP(GU)PPPP(GU)PP/1(PR)(SC)KWF(CO)(SC)(MA)1/(CH)A(ST)1NC(DE)(GO)D(WA) w";

pub fn sc() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("scirocco").expect("built-in variant scirocco")))
}

fn sc_corner() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(
        V.get_or_init(|| Game::builtin_with("scirocco", &[("dervish_corner_leaps".into(), "on".into())]).unwrap()),
    )
}

pub fn pos(fen: &str) -> Position {
    Position::from_fen(&sc(), fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

#[track_caller]
fn check(fen: &str, from: &[&str], expected: &str) {
    let mut p = pos(fen);
    assert_moves(&moves_of(&mut p, from), &set(expected), &format!("{from:?} in {fen}"));
}
// ------------------------------------------------------------------------------------------
// 13.1 Start position
// ------------------------------------------------------------------------------------------

#[test]
fn start_position_has_exactly_the_21_listed_moves() {
    let mut p = Position::start(&sc());
    assert_eq!(p.to_fen(), START);
    let expected = set("a3a4 b3b4 d3d4 e3e4 f3f4 g3g4 i3i4 j3j4 c3c4 h3h4 f1e4 f1g4 a1a2 b2a4 b2c4 b2d1 c2d1 d2d1 \
                        i2h4 i2j4 i2j2");
    assert_eq!(expected.len(), 21);
    assert_moves(&texts(&mut p), &expected, "start");
    assert!(outcome(&p).is_none());
    // Tan, to move after any of these, also has exactly 21.
    for m in legal_move_list(&mut p) {
        let u = p.make(m);
        assert_eq!(legal_move_list(&mut p).len(), 21, "after {}", format_move(&sc(), m));
        p.unmake(m, u);
    }
}

// ------------------------------------------------------------------------------------------
// 13.2 Moves of single pieces (T1–T15)
// ------------------------------------------------------------------------------------------

const T1: &str = "8wk/10/10/10/10/6(DE)P2/5P4/10/10/K9 w";

#[test]
fn t1_dervish_relay_page_example() {
    check(T1, &["f4", "h5"], "f4f5 f4h6 h5f5 h5g4 h5g6 h5h6");
}

#[test]
fn t2_dervish_corner_leaps_option() {
    let mut p = Position::from_fen(&sc_corner(), T1).unwrap();
    assert_moves(&moves_of(&mut p, &["f4", "h5"]), &set("f4f5 f4f6 f4h4 f4h6 h5f5 h5g4 h5g6 h5h6"), "T2");
}

#[test]
fn t3_relay_versus_own_move_and_promotion() {
    check("9k/6n3/6(DE)P2/10/10/10/10/10/10/K9 w", &["h8"], "h8h9 h8h9+ h8g9 h8g9+ h8g7 h8f8");
}

#[test]
fn t4_promotion_and_relays_into_the_zone() {
    check(
        "9k/9p/6(DE)3/2P2P(GO)3/10/10/10/10/10/K9 w",
        &["c7", "f7", "g7"],
        "c7c8 c7c8+ f7f8 f7f8+ f7h9 g7e7 g7f6 g7f8 g7f8+ g7g5 g7g9 g7g9+ g7h6 g7h8 g7h8+ g7i7",
    );
}

#[test]
fn t5_harpy_relay_reach_block_range_capture_no_promotion() {
    check(
        "9k/3r6/10/4P5/10/1PW1(HA)5/10/10/10/K3P5 w",
        &["e7", "c5", "b5", "e1"],
        "e7e8 e7e8+ e7c8 e7c6 e7d9 e7f9 e7g8 e7g6 e7d5 e7f5 \
         c5c4 c5c6 c5d5 c5a4 c5a6 c5b3 c5b7 c5d3 c5d7 c5e4 c5e6 b5b6 e1e2",
    );
}

#[test]
fn t6_wagon_page_example() {
    check("9k/10/10/10/10/10/10/p8K/p9/(WA)9 w", &["a1"], "a1c1 a1d1 a1e1 a1f1 a1g1 a1h1 a1i1 a1j1");
}

#[test]
fn t7_wagon_captures_at_distance_two() {
    check("9k/10/10/10/10/10/10/n8K/10/(WA)1p7 w", &["a1"], "a1a3 a1c1");
}

#[test]
fn t8_wagon_blocked_by_own_adjacent_piece() {
    check("9k/10/10/10/10/10/10/p8K/10/(WA)N8 w", &["a1"], "a1a3");
}

#[test]
fn t9_octopus() {
    check(
        "9k/10/10/10/2p7/4P5/3(OC)6/5n4/10/K9 w",
        &["d4"],
        "d4c5 d4b5 d4a5 d4c6 d4e3 d4f3 d4e2 d4e1 d4c3 d4b3 d4a3 d4c2 d4c1",
    );
}

#[test]
fn t10_spider() {
    check(
        "9k/10/10/10/2p3p3/3P6/3(SP)6/10/10/K9 w",
        &["d4"],
        "d4d3 d4e2 d4f1 d4c2 d4b1 d4e4 d4f5 d4g6 d4f3 d4g2 d4h1 d4c4 d4b5 d4a6 d4b3 d4a2",
    );
}

#[test]
fn t11_zig_hop_needs_an_empty_landing_square() {
    check("9k/10/10/6r3/3p1p4/4(ZI)5/3n6/2P7/10/K9 w", &["e5"], "e5e6 e5e4 e5d5 e5f5 e5e7 e5e3 e5c5 e5g5 e5d6,d6c7");
}

#[test]
fn t12_zag() {
    check("9k/10/10/4p5/4p5/4(ZA)p4/10/10/10/K9 w", &["e5"], "e5d4 e5d6 e5f4 e5f6 e5c3 e5c7 e5g3 e5g7 e5f5,f5g5");
}

const T13: &str = "9k/10/10/10/4pp4/4(GE)5/3n6/10/10/K9 w";

#[test]
fn t13_genie_capture_versus_shot() {
    check(
        T13,
        &["e5"],
        "e5e6 e5f6 e5d4 e5f5 e5g5 e5h5 e5f4 e5g3 e5h2 e5e4 e5e3 e5e2 e5d5 e5c5 e5b5 e5d6 e5c7 e5b8 \
         e5e6,e6e5 e5f6,f6e5 e5d4,d4e5",
    );
}

#[test]
fn t14_vulture() {
    check(
        "9k/10/10/4p5/3P1p4/2p1(VU)5/4P5/10/10/K9 w",
        &["e5"],
        "e5e6 e5f5 e5d5 e5e7 e5c5 e5f6 e5f4 e5g3 e5h2 e5i1 e5d4 e5c3 e5b2",
    );
}

#[test]
fn t15_emperor_and_tadpole() {
    let fen = "9k/10/10/10/4p5/1p2(EM)P4/10/2p7/1(TA)8/K9 w";
    check(fen, &["e5"], "e5e6 e5e4 e5d5 e5e7 e5e3 e5c5 e5g5 e5c3 e5c7 e5g3 e5g7");
    check(fen, &["b2"], "b2c1 b2a3 b2c3 b2b5 b2e2");
}

// ------------------------------------------------------------------------------------------
// Section 4: the powers, one test each beyond the rules-page cases
// ------------------------------------------------------------------------------------------

#[test]
fn dervish_relays_to_any_friend_and_two_dervishes_unite() {
    // King e5 between Dervishes d5 and f5: reflections c5 (over d5) and g5 (over f5), turning
    // steps d4, d6, f4, f6 (all its own King steps too, so no extra moves), and nothing twice.
    check("p8k/10/10/10/10/3(DE)K(DE)4/10/10/10/10 w", &["e5"], "e5e6 e5e4 e5d6 e5d4 e5f6 e5f4 e5c5 e5g5");
    // A Dervish next to a Dervish is relayed by it: d5 turns to e6 and e4; its reflection f5
    // is also its own D leap, listed once.
    check("p8k/10/10/10/10/3(DE)(DE)5/10/10/10/K9 w", &["d5"], "d5b5 d5f5 d5d7 d5d3 d5b7 d5b3 d5f7 d5f3 d5e6 d5e4");
    // An enemy Dervish relays nothing.
    check("p8k/10/10/10/10/3(de)P5/10/10/10/K9 w", &["e5"], "e5e6");
}

#[test]
fn dervish_moves_a_pawn_backward_and_a_pawn_on_the_last_rank() {
    // The Pawn on rank 10 has no move of its own; the Dervish below reflects it to e8 and turns it.
    check("4P3pk/4(DE)5/10/10/10/10/10/10/10/K9 w", &["e10"], "e10e8 e10d9 e10f9");
}

#[test]
fn harpy_relay_once_for_two_harpies_and_harpy_never_captures() {
    // Wazir e5 in reach of Harpies e7 and c5: its Knight leaps once each; the Harpies' own
    // moves are non-captures only.
    let mut p = pos("9k/10/10/4(HA)5/3n6/2(HA)1W5/10/10/10/K9 w");
    let w = moves_of(&mut p, &["e5"]);
    assert_moves(&w, &set("e5e4 e5d5 e5f5 e5e6 e5c6 e5c4 e5d7 e5f7 e5g6 e5g4 e5d3 e5f3"), "Wazir with two Harpies");
    let h = moves_of(&mut p, &["c5"]);
    assert!(!h.contains("c5d6"), "a Harpy never captures: {h:?}");
    // The Harpy in reach of the other Harpy (c5-e7 diagonal is blocked by d6) gets nothing.
    assert!(!h.contains("c5a6") && !h.contains("c5e6"), "{h:?}");
}

#[test]
fn genie_shot_removes_the_victim_and_stays() {
    let mut p = pos(T13);
    let m = play(&mut p, "e5e6,e6e5");
    assert_eq!(m.from, m.to);
    assert_eq!(id_on(&p, "e5"), Some(("GE".into(), Color::White)));
    assert_eq!(id_on(&p, "e6"), None);
    p.debug_check().unwrap();
}

#[test]
fn zig_and_zag_hops_capture_exactly_one_piece() {
    let mut p = pos("9k/10/10/10/3p6/4(ZI)5/10/10/10/K9 w");
    play(&mut p, "e5d6,d6c7");
    assert_eq!(id_on(&p, "c7"), Some(("ZI".into(), Color::White)));
    assert_eq!(id_on(&p, "d6"), None);
    // No hop over a friend.
    check("p8k/10/10/10/3P6/4(ZI)5/10/10/10/K9 w", &["e5"], "e5e6 e5e4 e5d5 e5f5 e5e7 e5e3 e5c5 e5g5");
}

#[test]
fn wagon_cannot_stop_on_its_first_square_in_any_direction() {
    // Moves into the zone (ranks 8-10) may promote.
    check(
        "p8k/10/10/10/10/4(WA)5/10/10/10/K9 w",
        &["e5"],
        "e5e7 e5e8 e5e8+ e5e9 e5e9+ e5e10 e5e10+ e5e3 e5e2 e5e1 e5c5 e5b5 e5a5 e5g5 e5h5 e5i5 e5j5",
    );
}

// ------------------------------------------------------------------------------------------
// Attacks: relayed captures, hop captures and shots are real threats (section 4.3)
// ------------------------------------------------------------------------------------------

#[test]
fn attack_detection_includes_relays_hops_and_shots() {
    // Tan King e7; Blue Pawn e5 with a Dervish e6 between: reflection e5->e7.
    let p = pos("10/10/10/4k5/4(DE)5/4P5/10/10/10/K9 w");
    assert!(is_attacked(&p, sq(&p, "e7"), Color::White), "Dervish reflection");
    // Turning step onto the King: Pawn d6 beside the Dervish e6 turns to e7.
    let p = pos("10/10/10/4k5/3P(DE)5/10/10/10/10/K9 w");
    assert!(is_attacked(&p, sq(&p, "e7"), Color::White), "Dervish quarter turn");
    // Harpy relay: Wazir c5 in reach of Harpy e5 (d5 empty) leaps to d7.
    let p = pos("10/10/10/3k6/10/2W1(HA)5/10/10/10/K9 w");
    assert!(is_attacked(&p, sq(&p, "d7"), Color::White), "Harpy relay");
    let p = pos("10/10/10/3k6/10/2WP(HA)5/10/10/10/K9 w");
    assert!(!is_attacked(&p, sq(&p, "d7"), Color::White), "Harpy relay blocked by d5");
    // Zig hop: needs the empty landing square.
    let p = pos("10/10/10/10/3k6/4(ZI)5/10/10/10/K9 w");
    assert!(is_attacked(&p, sq(&p, "d6"), Color::White), "Zig hop");
    let p = pos("10/10/10/2p7/3k6/4(ZI)5/10/10/10/K9 w");
    assert!(!is_attacked(&p, sq(&p, "d6"), Color::White), "Zig hop onto an occupied square");
    // Octopus: no capture on its first square, a capture a Knight's leap away.
    let p = pos("10/10/10/10/4k5/3(OC)6/10/10/10/K9 w");
    assert!(!is_attacked(&p, sq(&p, "e6"), Color::White), "Octopus first square");
    let p = pos("10/10/10/10/5k4/3(OC)6/10/10/10/K9 w");
    assert!(is_attacked(&p, sq(&p, "f6"), Color::White), "Octopus bent capture");
    // Wagon: not on the adjacent square, yes at distance 2.
    let p = pos("10/10/10/10/10/4k5/4(WA)5/10/10/K9 w");
    assert!(!is_attacked(&p, sq(&p, "e5"), Color::White), "Wagon first square");
    let p = pos("10/10/10/10/4k5/10/4(WA)5/10/10/K9 w");
    assert!(is_attacked(&p, sq(&p, "e6"), Color::White), "Wagon at distance 2");
}

// ------------------------------------------------------------------------------------------
// Section 5: promotion
// ------------------------------------------------------------------------------------------

#[test]
fn promotion_is_optional_when_a_move_starts_or_ends_in_the_zone() {
    // Knight e8 leaves the zone (starts in it): may promote. Knight a4 to b6: neither.
    let mut p = pos("p8k/10/4N5/10/10/10/N9/10/10/K9 w");
    let e8 = moves_of(&mut p, &["e8"]);
    assert!(e8.contains("e8d6") && e8.contains("e8d6+") && e8.contains("e8c9+"), "{e8:?}");
    let a4 = moves_of(&mut p, &["a4"]);
    assert_moves(&a4, &set("a4b6 a4c5 a4c3 a4b2"), "Knight outside the zone");
    play(&mut p, "e8d6+");
    assert_eq!(id_on(&p, "d6"), Some(("R".into(), Color::White)));
}

#[test]
fn king_promotes_to_a_royal_emperor_and_promoted_pieces_never_promote() {
    let mut p = pos("p8k/10/10/4K5/10/10/10/10/10/9R w");
    play(&mut p, "e7e8+");
    assert_eq!(id_on(&p, "e8"), Some(("EM".into(), Color::White)));
    assert_eq!(p.royal_count(Color::White), 1);
    p.debug_check().unwrap();
    // Tan: Rook (a promoted type) in its zone never promotes.
    let mut q = pos("9k/10/10/10/10/10/10/r9/10/K8P b");
    assert!(moves_of(&mut q, &["a3"]).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn a_pawn_may_stay_a_pawn_on_the_last_rank() {
    let mut p = pos("p8k/4P5/10/10/10/10/10/10/10/K9 w");
    play(&mut p, "e9e10");
    assert_eq!(id_on(&p, "e10"), Some(("P".into(), Color::White)));
    play(&mut p, "j10j9");
    assert!(moves_of(&mut p, &["e10"]).is_empty());
}

#[test]
fn plus_and_equals_suffixes() {
    let mut p = pos("p8k/4P5/10/10/10/10/10/10/10/K9 w");
    assert!(parse_move(&mut p, "e9e10+").unwrap().promotion().is_some());
    assert!(parse_move(&mut p, "e9e10=").unwrap().promotion().is_none());
    assert!(parse_move(&mut p, "e9e10").unwrap().promotion().is_none());
    // A relay-only move cannot promote (T3: h8g7).
    let mut q = pos("9k/6n3/6(DE)P2/10/10/10/10/10/10/K9 w");
    assert!(matches!(parse_move(&mut q, "h8g7+"), Err(MoveError::Illegal { .. })));
}

// ------------------------------------------------------------------------------------------
// Section 6: royalty and the end of the game (V1–V3)
// ------------------------------------------------------------------------------------------

#[test]
fn v1_bare_king_wins_at_once_and_moving_into_check_is_legal() {
    let mut p = pos("10/10/10/10/4k5/4p5/4K5/10/P9/10 w");
    assert_moves(&texts(&mut p), &set("a2a3 e4d3 e4d4 e4d5 e4e3 e4e5 e4f3 e4f4 e4f5"), "V1 before");
    play(&mut p, "e4e5");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
    assert!(legal_move_list(&mut p).is_empty(), "the loser gets no reply");
}

#[test]
fn v2_no_legal_move_loses() {
    let mut p = pos("KP8/PP8/10/10/10/10/10/10/9p/9k w");
    assert!(legal_move_list(&mut p).is_empty());
    assert_eq!(outcome(&p), win(Color::Black, Reason::NoLegalMove));
}

#[test]
fn v3_capturing_the_king_wins_at_once() {
    let mut p = pos("4k5/10/3N6/10/10/10/10/10/4Pp4/K7p1 w");
    play(&mut p, "d8e10");
    assert_eq!(outcome(&p), win(Color::White, Reason::AllRoyalsCaptured));
    assert!(legal_move_list(&mut p).is_empty());
}

#[test]
fn moving_next_to_the_enemy_king_or_leaving_the_king_en_prise_is_legal() {
    let mut p = pos("9k/10/10/10/4r5/10/10/10/3P6/3K6 w");
    let k = moves_of(&mut p, &["d1"]);
    assert!(k.contains("d1e1") && k.contains("d1e2"), "into the Rook's line: {k:?}");
}

#[test]
fn with_two_pieces_left_losing_either_loses() {
    // Tan King j10 + Knight a10: Blue Rook takes the Knight; Tan is bare and loses at once.
    let mut p = pos("n8k/10/10/10/10/10/10/10/10/R8K w");
    play(&mut p, "a1a10");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
    // A King may capture on an attacked square (e3, next to the Tan King) if that leaves the
    // opponent one piece: the loser gets no reply.
    let mut p = pos("10/10/10/10/10/10/4k5/4r5/P3K5/10 w");
    play(&mut p, "e2e3");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
}

#[test]
fn judging_order_side_to_move_first() {
    // D5: both sides bare: the side to move loses.
    let mut p = pos("9k/10/10/10/10/10/10/10/10/K9 w");
    assert_eq!(outcome(&p), win(Color::Black, Reason::BareKing));
    assert!(legal_move_list(&mut p).is_empty());
    let p = pos("9k/10/10/10/10/10/10/10/10/K9 b");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
    // Step 1 with only the side to move bare, step 2 with only the other side bare.
    let p = pos("9k/10/10/10/10/10/10/10/10/KP8 b");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
    let mut p = pos("9k/10/10/10/10/10/10/10/10/KP8 w");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
    assert!(legal_move_list(&mut p).is_empty());
    // No royal: accepted as a FEN, already decided.
    let p = pos("9p/9p/10/10/10/10/10/10/10/KP8 w");
    assert_eq!(outcome(&p), win(Color::White, Reason::AllRoyalsCaptured));
}

// ------------------------------------------------------------------------------------------
// Section 7: repetition (R1, R2)
// ------------------------------------------------------------------------------------------

#[test]
fn r1_third_occurrence_is_illegal() {
    let mut p = pos("9k/10/10/10/10/9p/9P/10/10/K9 w");
    for t in "a1b1 j10i10 b1a1 i10j10 a1b1 j10i10 b1a1".split(' ') {
        play(&mut p, t);
    }
    assert_moves(&texts(&mut p), &set("i10h10 i10h9 i10i9 i10j9"), "R1");
    match parse_move(&mut p, "i10j10") {
        Err(MoveError::Illegal { reason, .. }) => assert!(reason.to_string().contains("third"), "{reason}"),
        other => panic!("i10j10 must be illegal: {other:?}"),
    }
    // The same position without the history: j10 is legal (the game history is what counts).
    let mut fresh = Position::from_fen(&sc(), &p.to_fen()).unwrap();
    assert!(texts(&mut fresh).contains("i10j10"));
}

/// The rules page's 2x3 test geometry (R2): the Scirocco data file on a 2x3 board.
fn tiny(bare_king: bool) -> Arc<Game> {
    let text = include_str!("../../core/src/variant/defs/scirocco.toml")
        .replacen("files = 10", "files = 2", 1)
        .replacen("ranks = 10", "ranks = 3", 1)
        .replacen("zone = 3", "zone = 1", 1);
    let start = text.lines().find(|l| l.starts_with("start = ")).unwrap();
    let text = text.replacen(start, "start = \"1k/2/K1 w\"", 1);
    // Array freedom is a 10x10 matter.
    let cut = text.find("[setup]").unwrap();
    let end = text[cut..].find("[eval]").unwrap() + cut;
    let text = format!("{}{}", &text[..cut], &text[end..]);
    let opt = if bare_king { "on" } else { "off" };
    Arc::new(Game::from_toml_with(&text, &[("bare_king".into(), opt.into())]).unwrap())
}

#[test]
fn r2_page_example_on_the_2x3_board() {
    let v = tiny(false);
    let mut p = Position::from_fen(&v, "1k/2/K1 w").unwrap();
    for t in "a1b1 b3a3 b1a1 a3b3 a1b1 b3a3 b1a1".split(' ') {
        play(&mut p, t);
    }
    assert_moves(&texts(&mut p), &set("a3a2 a3b2"), "R2");
    play(&mut p, "a3a2");
    play(&mut p, "a1a2");
    assert_eq!(outcome(&p), win(Color::White, Reason::AllRoyalsCaptured));
    // With the bare-king rule on, the start is already decided: Blue, to move, loses.
    let q = Position::from_fen(&tiny(true), "1k/2/K1 w").unwrap();
    assert_eq!(outcome(&q), win(Color::Black, Reason::BareKing));
}

#[test]
fn a_side_whose_only_moves_would_repeat_a_third_time_loses() {
    // Blue's only mobile piece is the Rook j10 <-> j9 (everything else is boxed in; a Rook
    // never promotes, so there is no way out by promotion).
    let fen = "KP6PR/PP6P1/8PF/8P1/10/4p5/10/10/10/4k5 b";
    let mut p = pos(fen);
    for t in "e1e2 j10j9 e2e1 j9j10 e1e2 j10j9 e2e1".split(' ') {
        play(&mut p, t);
    }
    assert!(legal_move_list(&mut p).is_empty(), "{:?}", texts(&mut p));
    assert_eq!(outcome(&p), win(Color::Black, Reason::NoLegalMove));
}

// ------------------------------------------------------------------------------------------
// Section 9: FEN
// ------------------------------------------------------------------------------------------

#[test]
fn fen_input_rules() {
    let v = sc();
    // Trailing fields are ignored; output is canonical.
    let p = Position::from_fen(&v, &format!("{START} - - 0 1")).unwrap();
    assert_eq!(p.to_fen(), START);
    // Mixed case inside parentheses and parenthesised one-letter IDs.
    let p = Position::from_fen(&v, "9k/10/10/10/10/10/10/10/(Sc)(p)8/(K)9 w").unwrap();
    assert_eq!(p.to_fen(), "9k/10/10/10/10/10/10/10/(SC)p8/K9 w");
    // Any number of royals, and unpromoted Pawns on the last rank.
    assert!(Position::from_fen(&v, "KKP7/10/10/10/10/10/10/10/10/kkk7 b").is_ok());
    // Errors name the problem.
    let e = |f: &str| Position::from_fen(&v, f).unwrap_err().to_string();
    assert!(e("9k/10/10/10/10/10/10/10/10/K9").contains("side to move"));
    assert!(e("9k/10/10/10/10/10/10/10/10/K9 x").contains("'x'"));
    assert!(e("9k/10/10/10/10/10/10/10/(XY)9/K9 w").contains("(XY)"));
    assert!(e("9k/10/10/10/10/10/10/10/9/K9 w").contains("rank 2"));
    assert!(e("9k/10/10/10/10/10/10/10/K9 w").contains("ranks"));
}

// ------------------------------------------------------------------------------------------
// Section 8: setups
// ------------------------------------------------------------------------------------------

/// Checks the section 8.2 conditions directly on a placement.
fn is_standard_array(fen: &str) -> bool {
    let r = reference::RefPos::from_fen(fen).unwrap();
    let at = |s: &str| {
        let b = s.as_bytes();
        r.at(((b[0] - b'a') as i32, s[1..].parse::<i32>().unwrap() - 1))
    };
    let blue = |s: &str, id: &str| at(s) == Some((reference::IDS.iter().copied().find(|x| *x == id).unwrap(), true));
    let rank3 = ["P", "P", "GU", "P", "P", "P", "P", "GU", "P", "P"];
    if !(0..10).all(|f| blue(&format!("{}3", (b'a' + f as u8) as char), rank3[f])) {
        return false;
    }
    if !blue("c2", "SC") || !blue("h2", "SC") || at("a2").is_some() || at("j2").is_some() {
        return false;
    }
    let pairs = [
        ("a1", "j1", "CH", "WA"),
        ("b1", "i1", "A", "D"),
        ("c1", "h1", "ST", "GO"),
        ("e1", "f1", "N", "C"),
        ("b2", "i2", "PR", "MA"),
        ("d2", "g2", "K", "CO"),
        ("e2", "f2", "W", "F"),
    ];
    for (a, b, x, y) in pairs {
        if !((blue(a, x) && blue(b, y)) || (blue(a, y) && blue(b, x))) {
            return false;
        }
    }
    if !((blue("d1", "DE") && at("g1").is_none()) || (blue("g1", "DE") && at("d1").is_none())) {
        return false;
    }
    // Symmetry, decided by the Kings' files.
    let mut bk = (0, 0);
    let mut tk = (0, 0);
    for f in 0..10 {
        for rk in 0..10 {
            match r.at((f, rk)) {
                Some(("K", true)) => bk = (f, rk),
                Some(("K", false)) => tk = (f, rk),
                _ => {}
            }
        }
    }
    let rotate = bk.0 != tk.0;
    for f in 0..10 {
        for rk in 0..10 {
            let img = if rotate { (9 - f, 9 - rk) } else { (f, 9 - rk) };
            let a = r.at((f, rk));
            let b = r.at(img);
            let ok = match (a, b) {
                (None, None) => true,
                (Some((x, c1)), Some((y, c2))) => x == y && c1 != c2,
                _ => false,
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

#[test]
fn setups_are_the_512_standard_arrays() {
    let v = sc();
    let rules = v.setup.as_ref().expect("Scirocco has array freedom");
    assert_eq!(rules.count(), 512);
    let mut fens = BTreeSet::new();
    let mut blue_arrays = BTreeSet::new();
    for i in 0..rules.count() {
        let fen = rules.fen(&v, i).unwrap();
        assert!(is_standard_array(&fen), "array {i}: {fen}");
        let p = Position::from_fen(&v, &fen).unwrap();
        assert!(outcome(&p).is_none());
        // The spec names the array.
        assert_eq!(v.setup_fen(&rules.spec(&v, i)).unwrap(), fen, "spec {}", rules.spec(&v, i));
        let board = fen.split(' ').next().unwrap().to_string();
        blue_arrays.insert(board.rsplitn(4, '/').take(3).collect::<Vec<_>>().join("/"));
        fens.insert(fen);
    }
    assert_eq!(fens.len(), 512);
    assert_eq!(blue_arrays.len(), 256);
    assert_eq!(rules.fen(&v, 0).unwrap(), START);
    assert_eq!(v.setup_fen("default").unwrap(), START);
}

#[test]
fn setup_specs() {
    let v = sc();
    // Mirror setup with the Wagon and the Dabbaba on the left: Tan's array mirrors Blue's.
    let fen = v.setup_fen("WA D mirror").unwrap();
    let p = Position::from_fen(&v, &fen).unwrap();
    assert_eq!(id_on(&p, "a1"), Some(("WA".into(), Color::White)));
    assert_eq!(id_on(&p, "a10"), Some(("WA".into(), Color::Black)));
    assert_eq!(id_on(&p, "b1"), Some(("D".into(), Color::White)));
    assert_eq!(id_on(&p, "d9"), Some(("K".into(), Color::Black)));
    assert!(is_standard_array(&fen));
    // Numbers select by index; errors name the problem.
    assert_eq!(v.setup_fen("0").unwrap(), START);
    assert!(v.setup_fen("512").unwrap_err().to_string().contains("out of range"));
    assert!(v.setup_fen("SC").unwrap_err().to_string().contains("'SC'"));
    assert!(v.setup_fen("CH WA").unwrap_err().to_string().contains("twice"));
    assert!(Game::builtin("chu").unwrap().setup_fen("WA").is_err());
}

// ------------------------------------------------------------------------------------------
// Section 10: move text
// ------------------------------------------------------------------------------------------

#[test]
fn explicit_effect_form() {
    let v = sc();
    let mut p = pos("9k/10/10/6r3/3p1p4/4(ZI)5/3n6/2P7/10/K9 w");
    let hop = parse_move(&mut p, "e5c7xd6").unwrap();
    assert_eq!(format_move(&v, hop), "e5d6,d6c7");
    assert_eq!(format_explicit(&v, hop), "e5c7xd6");
    let mut g = pos(T13);
    let shot = parse_move(&mut g, "E5E5XE6").unwrap();
    assert_eq!(format_move(&v, shot), "e5e6,e6e5");
    assert_eq!(format_explicit(&v, shot), "e5e5xe6");
    // A plain capture has no x marker; a wrong marker is no move.
    assert!(parse_move(&mut g, "e5e6xe6").is_err());
    assert!(parse_move(&mut g, "e5e5").is_err());
    assert!(matches!(parse_move(&mut g, "e5e5xq6"), Err(MoveError::Syntax { .. })));
}

#[test]
fn every_move_round_trips_through_both_forms_on_the_rules_file_positions() {
    let v = sc();
    for fen in [
        START,
        T1,
        T13,
        "9k/6n3/6(DE)P2/10/10/10/10/10/10/K9 w",
        "9k/9p/6(DE)3/2P2P(GO)3/10/10/10/10/10/K9 w",
        "9k/3r6/10/4P5/10/1PW1(HA)5/10/10/10/K3P5 w",
        "9k/10/10/6r3/3p1p4/4(ZI)5/3n6/2P7/10/K9 w",
        "9k/10/10/4p5/4p5/4(ZA)p4/10/10/10/K9 w",
    ] {
        let mut p = pos(fen);
        for m in legal_move_list(&mut p) {
            for t in [format_move(&v, m), format_explicit(&v, m)] {
                assert_eq!(parse_move(&mut p, &t).unwrap_or_else(|e| panic!("{t}: {e}")), m, "{t} in {fen}");
            }
        }
    }
}
