//! Bigorra rules, section 3.1-3.4: check, legality, King leap, double steps, e.p.

use super::helpers::*;
use kyodai::rules::legality::in_check;
use kyodai::rules::outcome::outcome;
use kyodai::Color;

/// §3.1: a pinned piece may only move along the pin line.
#[test]
fn pinned_piece_moves_along_the_pin() {
    let fen = build_fen(&[("a1", "K"), ("a4", "R"), ("a10", "r"), ("p16", "k")], "w - - 0 1");
    check_piece(&fen, "a4", &["a2", "a3", "a5", "a6", "a7", "a8", "a9", "a10 x"]);
}

/// §3.1, §3.4: an e.p. capture that exposes the King (two squares emptied on one rank) is
/// illegal.
#[test]
fn ep_capture_exposing_king_is_illegal() {
    let fen = "15k/16/16/16/16/16/16/16/16/K5Pp7r/16/16/16/16/16/16 w - h8 0 1";
    check_piece(fen, "g7", &["g8", "g9"]);
    // Without the Rook the capture is legal.
    let fen2 = "15k/16/16/16/16/16/16/16/16/K5Pp8/16/16/16/16/16/16 w - h8 0 1";
    check_piece(fen2, "g7", &["g8", "g9", "h8 xh7"]);
}

/// §3.1: a Cannon attacks over a screen of either colour; its line beyond the screen is
/// forbidden to the King, its line before the screen is not.
#[test]
fn hopper_gives_check() {
    // Black King e16, White Cannon e1, screen on e8: check.
    let mut p = pos("4k11/16/16/16/16/16/16/16/4N11/16/16/16/16/16/16/K3C11 b - - 0 1");
    assert!(in_check(&p, Color::Black));
    let moves = all_moves(&mut p);
    assert!(!moves.contains("e16e15"), "e15 is still on the line beyond the screen");
    assert!(moves.contains("e16d16") && moves.contains("e16f15"));
    // No screen: no check.
    let p = pos("4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K3C11 b - - 0 1");
    assert!(!in_check(&p, Color::Black));
    // Two screens: no check.
    let p = pos("4k11/16/16/16/4n11/16/16/16/4N11/16/16/16/16/16/16/K3C11 b - - 0 1");
    assert!(!in_check(&p, Color::Black));
    // The King may not step onto a square beyond a screen.
    let fen = build_fen(&[("g2", "K"), ("h8", "N"), ("h16", "c"), ("a16", "k")], "w - - 0 1");
    check_piece(&fen, "g2", &["f1", "f2", "f3", "g1", "g3"]);
    // Sorceress and Archer check too.
    let p = pos("4k11/16/16/16/16/16/16/16/4N11/16/16/16/16/16/16/K3O11 b - - 0 1");
    assert!(in_check(&p, Color::Black));
    let p = pos("15k/16/16/16/16/16/16/16/7N8/16/16/16/16/16/16/V14K b - - 0 1");
    assert!(in_check(&p, Color::Black), "Archer a1 over the screen h8");
    let p = pos("15k/16/16/16/16/16/16/16/8N7/16/16/16/16/16/16/V14K b - - 0 1");
    assert!(!in_check(&p, Color::Black), "no screen on the diagonal");
}

/// §3.1: attacks are pseudo-legal: a pinned piece still attacks, and its squares are
/// forbidden to the enemy King.
#[test]
fn pinned_piece_still_attacks() {
    // Black Rook p10 pinned to the Black King p16 by the White Queen p1; it still holds rank 10.
    let fen = build_fen(&[("h9", "K"), ("p1", "Q"), ("p10", "r"), ("p16", "k")], "w - - 0 1");
    check_piece(&fen, "h9", &["g8", "h8", "i8", "g9", "i9"]);
}

/// §3.1: non-capturing moves never attack: a Pawn's straight step, a Soldier's sideways step,
/// a Troll's straight step and the hoppers' plain slides do not give check.
#[test]
fn non_capturing_moves_do_not_attack() {
    // White King on h8; Black Pawn h9 (its straight step), Soldier g8 (its sideways step), Troll
    // h9 (its straight step), Prince h10 (its double step), Cannon h12 without a screen (its
    // plain slide).
    let fen = build_fen(&[("h8", "K"), ("h9", "p"), ("g8", "s"), ("p16", "k")], "w - - 0 1");
    let p = pos(&fen);
    assert!(!in_check(&p, Color::White));
    let fen = build_fen(&[("h8", "K"), ("h9", "t"), ("p16", "k")], "w - - 0 1");
    assert!(!in_check(&pos(&fen), Color::White));
    let fen = build_fen(&[("h8", "K"), ("h10", "(pr)"), ("p16", "k")], "w - - 0 1");
    assert!(!in_check(&pos(&fen), Color::White), "a Prince double step is no attack");
    let fen = build_fen(&[("h8", "K"), ("h12", "c"), ("p16", "k")], "w - - 0 1");
    assert!(!in_check(&pos(&fen), Color::White), "a Cannon without a screen does not attack");
    // The King may step next to a Soldier's sideways target and in front of a Pawn.
    let fen = build_fen(&[("h8", "K"), ("j9", "s"), ("h11", "p"), ("p16", "k")], "w - - 0 1");
    let got = moves_from(&fen, "h8");
    assert!(got.contains("h8i9"), "i9 is only a sideways target of the Soldier j9");
    assert!(got.contains("h8h9"), "h9 is only a double-step target of the Pawn h11");
    assert!(!got.contains("h8i8"), "i8 is attacked by the Soldier j9 (diagonal forward)");
}

/// §3.1: the Prince is not royal: it may be captured, may move onto attacked squares, and an
/// attacked Prince is no check.
#[test]
fn prince_is_not_royal() {
    let fen = build_fen(&[("c1", "K"), ("e4", "(PR)"), ("a5", "r"), ("p16", "k")], "w - - 0 1");
    let p = pos(&fen);
    assert!(!in_check(&p, Color::White));
    let got = moves_from(&fen, "e4");
    assert!(got.contains("e4e5") && got.contains("e4d5") && got.contains("e4f5"), "{got:?}");
    // Attacked Prince, Black to move: Black may capture it; White is not in check.
    let fen = build_fen(&[("c1", "K"), ("e5", "(PR)"), ("a5", "r"), ("p16", "k")], "b - - 0 1");
    let mut p = pos(&fen);
    assert!(!in_check(&p, Color::White));
    play(&mut p, "a5e5");
    assert_eq!(piece_on(&p, "e5"), Some((Color::Black, "R".into())));
    assert_eq!(outcome(&p), None);
}

/// §3.2: the leap right is lost by any King move (step, capture, leap), kept by other moves,
/// and not lost by being checked.
#[test]
fn leap_right_lifetime() {
    fn base(extra: &[(&'static str, &'static str)]) -> String {
        let mut v = vec![("h2", "K"), ("p16", "k"), ("a1", "R"), ("a16", "r")];
        v.extend_from_slice(extra);
        build_fen(&v, "w Kk - 0 1")
    }
    for mv in ["h2h3", "h2f3", "h2h4", "h2g1"] {
        let mut p = pos(&base(&[]));
        play(&mut p, mv);
        assert!(!p.leap_right(Color::White), "{mv}");
        assert!(p.leap_right(Color::Black));
    }
    let mut p = pos(&base(&[("i3", "n")]));
    play(&mut p, "h2i3");
    assert!(!p.leap_right(Color::White), "a King capture uses up the right");
    let mut p = pos(&base(&[]));
    play(&mut p, "a1a3");
    assert!(p.leap_right(Color::White), "other moves keep it");
    play(&mut p, "p16p14");
    assert_eq!(fields(&p), "w K - 2 2", "Black's leap p16p14 used Black's right");
    // Being checked does not remove it: Black checks, White blocks, later the King leaps.
    let mut p = pos(&base(&[]));
    play(&mut p, "a1a3");
    play(&mut p, "a16h16");
    assert!(in_check(&p, Color::White));
    let got = moves_from(&p.to_fen(), "h2");
    assert!(
        !got.iter().any(|m| ["h2f3", "h2j3", "h2f1", "h2j1"].contains(&m.as_str())),
        "no leap out of check: {got:?}"
    );
    play(&mut p, "a3h3");
    assert!(p.leap_right(Color::White));
    play(&mut p, "h16a16");
    assert!(moves_from(&p.to_fen(), "h2").contains("h2f3"));
    play(&mut p, "h2f3");
    assert!(!p.leap_right(Color::White));
    assert!(!moves_from(&p.to_fen().replace(" b ", " w "), "f3").contains("f3h4"), "no second leap");
}

/// §3.2: the leap goes over pieces of either colour on its middle squares and never captures;
/// a crossed square is judged with the King removed from its origin and whatever stands on the
/// square removed; for knight-shaped leaps one safe middle square is enough.
#[test]
fn king_leap_details() {
    // Friendly Knight on e4 (crossed by e3e5), enemy Pawn on d3 (crossed by e3c3).
    let fen = build_fen(&[("e3", "K"), ("e4", "N"), ("d3", "p"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(got.contains("e3e5"), "leap over a friendly piece: {got:?}");
    assert!(got.contains("e3c3"), "leap over an enemy piece: {got:?}");
    assert!(got.contains("e3d3"), "the step captures the Pawn: {got:?}");
    // Target occupied: no leap, neither onto an enemy nor onto a friend.
    let fen = build_fen(&[("e3", "K"), ("e5", "p"), ("c3", "N"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(!got.contains("e3e5") && !got.contains("e3c3"), "{got:?}");
    assert!(got.contains("e3e1") && got.contains("e3g3"), "{got:?}");
    // The King itself is the screen of a Black Cannon e16 for e2 and e1. With the King removed
    // from e3, a King on e2 is the first piece on the line, so e2 is safe; e3e1 is legal.
    let fen = build_fen(&[("e3", "K"), ("e16", "c"), ("p16", "k")], "w K - 0 1");
    assert!(!in_check(&pos(&fen), Color::White));
    let got = moves_from(&fen, "e3");
    assert!(got.contains("e3e1"), "{got:?}");
    // Rook a4 attacks e4 (what stands on e4 does not matter), and d4. A White Knight on e4
    // shields f4. e3f5 crosses e4 (unsafe) and f4 (safe): legal. e3d5 crosses e4 and d4, both
    // unsafe: illegal. e3e5 crosses e4: illegal.
    let fen = build_fen(&[("e3", "K"), ("e4", "N"), ("a4", "r"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(got.contains("e3f5"), "one safe middle square is enough: {got:?}");
    assert!(!got.contains("e3d5"), "{got:?}");
    assert!(!got.contains("e3e5"), "{got:?}");
    assert!(got.contains("e3g4"), "g4 and f4 are shielded by the Knight e4; f3 safe: {got:?}");
    assert!(!got.contains("e3c4"), "c4 is attacked: {got:?}");
    // Without the Knight on e4 the Rook sweeps the whole rank: e3f5 is illegal too.
    let fen = build_fen(&[("e3", "K"), ("a4", "r"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(!got.contains("e3f5") && !got.contains("e3d5") && !got.contains("e3e5"), "{got:?}");
    assert!(got.contains("e3e1") && got.contains("e3g2") && got.contains("e3c2"), "{got:?}");
}

/// §3.3, §3.4: e.p. for Black, played out from moves: White double-steps, a Black Soldier
/// captures e.p.; the e.p. square is set after every non-promoting double step, by Pawns,
/// Soldiers and Princes.
#[test]
fn ep_played_out() {
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("d3", "(PR)"), ("e5", "s"), ("c5", "p")], "w - - 0 1");
    let mut p = pos(&fen);
    play(&mut p, "d3d5");
    assert_eq!(p.ep_square(), Some(sq("d4")));
    assert_eq!(fields(&p), "b - d4 0 1");
    check_piece(&p.to_fen(), "e5", &["e4", "e3", "f5", "d4 xd5"]);
    check_piece(&p.to_fen(), "c5", &["c4", "c3", "d4 xd5"]);
    play(&mut p, "e5d4");
    assert_eq!(piece_on(&p, "d5"), None);
    assert_eq!(piece_on(&p, "d4"), Some((Color::Black, "S".into())));
    assert_eq!(p.ep_square(), None);
    // A Soldier that double-stepped is captured e.p. by a Pawn.
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("j3", "S"), ("k5", "p")], "w - - 0 1");
    let mut p = pos(&fen);
    play(&mut p, "j3j5");
    check_piece(&p.to_fen(), "k5", &["k4", "k3", "j4 xj5"]);
    play(&mut p, "k5j4");
    assert_eq!(piece_on(&p, "j5"), None);
    assert_eq!(piece_on(&p, "j4"), Some((Color::Black, "P".into())));
    // Soldier double step sets it too; Troll has no double step.
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("d3", "S"), ("h3", "T")], "w - - 0 1");
    let mut p = pos(&fen);
    play(&mut p, "d3d5");
    assert_eq!(p.ep_square(), Some(sq("d4")));
    assert!(!moves_from(&fen, "h3").contains("h3h5"));
    // A capture or any other move clears it.
    play(&mut p, "p13p12");
    assert_eq!(p.ep_square(), None);
}

/// §3.4: who captures e.p.: Pawns and Soldiers only. A Centaur next to X only steps there.
#[test]
fn ep_capturers() {
    // The Black Prince just double-stepped e12e10. White Pawn d10 takes it e.p.; the White
    // Centaur f10 can only step onto e11 (capturing nothing) or take e10 normally.
    let fen = "15k/16/16/16/16/16/3P(pr)J10/16/16/16/16/16/16/16/16/K15 w - e11 0 1";
    check_piece(fen, "d10", &["d11", "d12", "e11 xe10"]);
    let mut p = pos(fen);
    let got = effects_from(fen, "f10");
    assert_eq!(got["f10e11"], Effect { captured: vec![], promo: None }, "the Centaur's step captures nothing");
    assert_eq!(got["f10e10"], Effect { captured: vec!["e10".into()], promo: None });
    play(&mut p, "f10e11");
    assert_eq!(piece_on(&p, "e10"), Some((Color::Black, "PR".into())));
}
