//! Typhoon rules, section 13: the options.

use super::helpers::*;
use super::support::*;
use kyodai::movegen::attack::is_attacked;
use kyodai::notation::{format_explicit_at, format_move, parse_move};
use kyodai::rules::outcome::{outcome, Reason};
use kyodai::{Color, Game, Position};
use std::sync::Arc;

fn ty_with(key: &str, value: &str) -> Arc<Game> {
    Game::builtin_with("typhoon", &[(key.into(), value.into())]).unwrap_or_else(|e| panic!("{key}={value}: {e}"))
}

#[track_caller]
fn check_with(v: &Arc<Game>, fen: &str, from: &[&str], expected: &str) {
    let mut p = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"));
    assert_moves(&moves_of(&mut p, from), &set(expected), &format!("{from:?} in {fen}"));
}

#[test]
fn t25_ee_leaps_capture_off() {
    let v = ty_with("ee_leaps_capture", "off");
    let fen = "11k/12/12/4p7/7p4/12/12/r3(EE)1P1n3/4p7/2p9/1P10/11K w";
    let all = "e5a5,a5e5 e5b3 e5b4 e5b5 e5b6 e5b7 e5b8 e5c2 e5c3,c3e5 e5c4 e5c5 e5c6 e5c7 e5c8 e5d2 \
        e5d3 e5d4 e5d5 e5d6 e5d7 e5d8 e5e2 e5e3 e5e4,e4e5 e5e6 e5e7 e5e8 e5e9,e9e5 e5f2 e5f3 e5f4 e5f5 \
        e5f6 e5f7 e5f8 e5g2 e5g3 e5g4 e5g6 e5g7 e5g8 e5h2 e5h3 e5h4 e5h5 e5h6 e5h7 e5h8,h8e5";
    assert_eq!(set(all).len(), 48);
    check_with(&v, fen, &["e5"], all);
}

#[test]
fn t27_fire_horse_narrow() {
    let v = ty_with("fire_horse_narrow", "on");
    check_with(&v, "11k/12/12/12/4p7/12/12/4(FH)7/12/12/12/11K w", &["e5"], "e5e6 e5e7 e5e8 e5d3 e5f3");
}

#[test]
fn t29_salamander_range_3() {
    let v = ty_with("salamander_range", "3");
    let fen = "11k/12/12/12/12/12/4pP6/4(SA)7/12/12/12/11K w";
    let mut p = Position::from_fen(&v, fen).unwrap();
    let got = moves_of(&mut p, &["e5"]);
    assert_eq!(got.len(), 19, "{got:?}");
    assert!(got.contains("e5e6") && got.contains("e5b2") && !got.contains("e5a1") && !got.contains("e5a9"));
}

#[test]
fn tadpole_diagonal_3_option_adds_g_leaps() {
    let fen = "11k/11p/12/12/12/12/12/4(TA)7/12/12/12/11K w";
    check(fen, &["e5"], "e5d4 e5d6 e5f4 e5f6 e5b5 e5h5 e5e2 e5e8");
    let v = ty_with("tadpole_diagonal_3", "on");
    check_with(&v, fen, &["e5"], "e5d4 e5d6 e5f4 e5f6 e5b5 e5h5 e5e2 e5e8 e5b2 e5b8 e5h2 e5h8");
}

#[test]
fn relays_2009_option_uses_the_scirocco_relays() {
    let v = ty_with("relays_2009", "on");
    // The 2009 Dervish also turns an orthogonal neighbour around it: the Pawn a5 next to the
    // Dervish b5 may step to b6 or b4; the 1999 Dervish only reflects it to c5.
    let fen = "11k/11p/12/12/12/12/12/P(DER)10/12/12/12/11K w";
    check(fen, &["a5"], "a5a6 a5c5");
    check_with(&v, fen, &["a5"], "a5a6 a5c5 a5b6 a5b4");
    // The 2009 Harpy (mQ3) relays the Knight leap to friends on open queen lines within 3.
    let fen = "11k/11p/12/12/12/12/12/12/(HA)2P8/12/12/11K w";
    check(fen, &["d4"], "d4d5");
    check_with(&v, fen, &["d4"], "d4d5 d4c6 d4e6 d4b5 d4f5 d4b3 d4f3 d4c2 d4e2");
}

#[test]
fn king_promotion_test_before_option() {
    // V4 (c): the only Emperor is captured by the promoting move itself.
    let fen = "11k/p11/12/4(em)7/4K7/12/12/12/12/12/P11/12 w";
    let mut p = pos(fen);
    play(&mut p, "e8e9+");
    assert_eq!(id_on(&p, "e9"), Some(("EM".into(), Color::White)));
    let mut q = Position::from_fen(&ty_with("king_promotion_test", "before"), fen).unwrap();
    play(&mut q, "e8e9+");
    assert_eq!(id_on(&q, "e9"), Some(("EE".into(), Color::White)));
}

#[test]
fn relay_respects_no_capture_option() {
    // An Immobilizer next to a Dervish, an enemy beyond: the relayed capture exists by default
    // (D17), not with the option.
    let fen = "11k/11p/12/12/12/12/2n9/1(DER)10/(IM)11/12/12/11K w";
    assert!(moves_of(&mut pos(fen), &["a4"]).contains("a4c6"));
    let v = ty_with("relay_respects_no_capture", "on");
    let mut p = Position::from_fen(&v, fen).unwrap();
    assert!(!moves_of(&mut p, &["a4"]).contains("a4c6"));
    assert!(!is_attacked(&p, sq(&p, "c6"), Color::White));
    assert!(is_attacked(&pos(fen), sq(&pos(fen), "c6"), Color::White));
}

#[test]
fn bad_option_values_are_clear_errors() {
    let e = Game::builtin_with("typhoon", &[("salamander_range".into(), "5".into())]).unwrap_err().to_string();
    assert!(e.contains("salamander_range") && e.contains('4') && e.contains('3'), "{e}");
    let e = Game::builtin_with("typhoon", &[("no_such_option".into(), "on".into())]).unwrap_err().to_string();
    assert!(e.contains("no_such_option"), "{e}");
    // The default value changes nothing.
    assert!(Game::builtin_with("typhoon", &[("salamander_range".into(), "4".into())]).is_ok());
}

#[test]
fn t9_undertaker_optional() {
    let v = ty_with("undertaker_optional", "on");
    let fen = "11k/12/12/12/12/12/12/p11/(UN)11/12/12/11K w";
    check_with(&v, fen, &["a4"], "a4a3 a4a3xa5 a4b3 a4b4 a4b5");
    let mut p = Position::from_fen(&v, fen).unwrap();
    let before = p.clone();
    let m = play(&mut p, "a4a3xa5");
    assert_eq!(id_on(&p, "a5"), None);
    assert_eq!(format_explicit_at(&before, m), "a4a3xa5");
    let mut q = Position::from_fen(&v, fen).unwrap();
    play(&mut q, "a4a3");
    assert_eq!(id_on(&q, "a5"), Some(("P".into(), Color::Black)));
}

#[test]
fn pass_needs_empty_neighbour_option() {
    // A Parrot in the corner whose step squares hold friends: it may pass by default only.
    let fen = "11k/11p/12/12/12/12/12/12/12/12/P11/(PA)N9K w";
    assert!(moves_of(&mut pos(fen), &["a1"]).contains("a1a1"));
    let v = ty_with("pass_needs_empty_neighbour", "on");
    let mut p = Position::from_fen(&v, fen).unwrap();
    assert!(!moves_of(&mut p, &["a1"]).contains("a1a1"));
    // With one empty step square it may pass again.
    let mut p = Position::from_fen(&v, "11k/11p/12/12/12/12/12/12/12/12/12/(PA)N9K w").unwrap();
    assert!(moves_of(&mut p, &["a1"]).contains("a1a1"));
}

#[test]
fn dayrider_strict_option() {
    // T31's Dayrider: by default it leaps over its own c3 (b2d4 ...); strict, the line is
    // blocked there, and every skipped square must be empty.
    let fen = "11k/12/12/6p5/12/12/1p10/4(NR)7/12/2P2p6/1(DA)10/11K w";
    let v = ty_with("dayrider_strict", "on");
    check_with(&v, fen, &["b2"], "b2b4 b2b6 b2d2 b2f2 b2h2 b2j2 b2l2 b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2");
    // Attack detection follows the strict rule: b6 is attacked (b3, b5 empty); with a piece
    // on b5 it is not.
    let p = Position::from_fen(&v, fen).unwrap();
    assert!(is_attacked(&p, sq(&p, "b6"), Color::White));
    let p = Position::from_fen(&v, "11k/12/12/6p5/12/12/1p10/1P2(NR)7/12/2P2p6/1(DA)10/11K w").unwrap();
    assert!(!is_attacked(&p, sq(&p, "b6"), Color::White));
}

#[test]
fn only_exact_texts_name_marked_moves() {
    // a4 Hummingbird, a5 Blue Pawn: `a4a5s` swaps; `a4a5` is no move (a friend stands there).
    let mut p = pos("11k/11p/12/12/12/12/12/P11/(HU)11/12/12/11K w");
    assert!(parse_move(&mut p, "a4a5s").is_ok());
    assert!(parse_move(&mut p, "a4a5").is_err());
    // The Cuckoo's conversion needs its marker; the bare origin twice is no move.
    let mut p = pos("11k/11p/12/12/12/12/12/p11/(CU)11/12/12/11K w");
    assert!(parse_move(&mut p, "a4a4~a5").is_ok());
    assert!(parse_move(&mut p, "a4a4").is_err());
    assert!(parse_move(&mut p, "a4a4~a6").is_err());
    // Pass aliases and `=` (declining promotion) are read as the rules page says.
    let mut p = pos("11k/11p/12/12/12/1P10/12/12/12/12/12/K11 w");
    let m = parse_move(&mut p, "b7b8=").unwrap();
    assert_eq!(format_move(&ty(), m), "b7b8");
    assert!(parse_move(&mut p, "@@@@").is_err(), "no piece can pass here");
}

#[test]
fn page_example_two_kings_promote_to_emperor_then_emperor_of_emperors() {
    // Section 6.2's page example: Blue owns two Kings (one converted); the first to promote
    // becomes an Emperor, the second, while that Emperor lives, an Emperor of Emperors.
    let mut p = pos("11k/11p/12/12/2K5K3/12/12/12/12/12/12/12 w");
    play(&mut p, "c8c9+");
    assert_eq!(id_on(&p, "c9"), Some(("EM".into(), Color::White)));
    play(&mut p, "l11l10");
    play(&mut p, "i8i9+");
    assert_eq!(id_on(&p, "i9"), Some(("EE".into(), Color::White)));
}

#[test]
fn page_example_king_may_step_into_attack_when_the_capture_wins() {
    // Section 7's page example: the Tan King e7 defends the Pawn e6, yet the Blue King takes
    // it, because that leaves Tan a single piece and wins at once; the reply never comes.
    let fen = "12/12/12/12/12/4k7/4p7/4K7/12/12/P11/12 w";
    let mut p = pos(fen);
    assert!(is_attacked(&p, sq(&p, "e6"), Color::Black), "the Tan King defends e6");
    play(&mut p, "e5e6");
    assert_eq!(outcome(&p), win(Color::White, Reason::BareKing));
    // With one more Tan piece the game goes on, and the Tan King may take the Blue King.
    let mut q = pos("12/11p/12/12/12/4k7/4p7/4K7/12/12/P11/12 w");
    play(&mut q, "e5e6");
    assert_eq!(outcome(&q), None);
    play(&mut q, "e7e6");
    assert_eq!(outcome(&q), win(Color::Black, Reason::AllRoyalsCaptured));
}
