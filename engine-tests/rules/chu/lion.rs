//! Chu Shogi rules, section 5 / 13: Lion and lion lines.

use super::helpers::*;
use kyodai::notation::parse_move;
use kyodai::Color;
use std::collections::BTreeSet;

/// Section 13 C2 / 5.1: Lion alone on f6 has 25 moves: 24 jumps and the pass.
#[test]
fn c2_lion_alone() {
    let got = moves_of(&fen_k(&[("f6", "N")], 'w'), "f6");
    let want = lion_set("f6", &block(('d', 'h'), (4, 8), &["f6"]), &["f6f6"]);
    assert_eq!(want.len(), 25);
    assert_moves(&got, &want, "C2");
}

pub const C3: &str = "12/11k/12/12/4p7/4n7/12/4N7/12/12/K11/12 w - 1";

/// Section 13 C3 / 7.1 Rule A: a distant Lion protected by a Pawn may not be taken.
#[test]
fn c3_distant_protected_lion() {
    assert_eq!(fen_k(&[("e8", "p"), ("e7", "n"), ("e5", "N")], 'w'), C3);
    let targets = block(('c', 'g'), (3, 7), &["e5"]);
    let without_e7: Vec<String> = targets.iter().filter(|t| *t != "e7").cloned().collect();
    assert_moves(&moves_of(C3, "e5"), &lion_set("e5", &without_e7, &["e5e5"]), "C3 (24)");
    let mut p = pos(C3);
    assert!(is_illegal(&mut p, "e5e7"));
    assert!(parse_move(&mut p, "e5e6").is_ok());

    // Without the Pawn: 25 moves, e5e7 legal.
    let free = fen_k(&[("e7", "n"), ("e5", "N")], 'w');
    assert_moves(&moves_of(&free, "e5"), &lion_set("e5", &targets, &["e5e5"]), "C3 without the Pawn (25)");
}

/// Section 13 C4 / 7.1 Rule A.2: protection through the Lion's vacated origin counts.
#[test]
fn c4_protection_through_vacated_origin() {
    let f = fen_k(&[("e7", "n"), ("e5", "N"), ("e1", "r")], 'w');
    let targets: Vec<String> = block(('c', 'g'), (3, 7), &["e5", "e7"]);
    let got = moves_of(&f, "e5");
    assert_moves(&got, &lion_set("e5", &targets, &["e5e5"]), "C4 (24, no capture)");
}

/// Section 7.1 Rule A.2: protectors of every kind count (King, Lion jump, Horned Falcon's
/// lion line), and a promoted Kirin is a Lion both as target and as capturer.
#[test]
fn rule_a_protectors_and_promoted_kirin() {
    // Protected by the enemy King on e8 (the only Black royal).
    let f = format!("{} w - 1", board(&[("a2", "K"), ("e8", "k"), ("e7", "n"), ("e5", "N")]));
    assert!(!moves_of(&f, "e5").contains("e5e7"), "King protects");
    // Protected by another enemy Lion at distance 2 (g8).
    let f = fen_k(&[("g8", "n"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(!moves_of(&f, "e5").contains("e5e7"), "Lion protects");
    // Protected by a Black Horned Falcon on e9 (forward is down: s1 e8, s2 e7), with e8
    // empty or holding a White piece it jumps over.
    let f = fen_k(&[("e9", "+h"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(!moves_of(&f, "e5").contains("e5e7"), "Falcon lion line protects");
    let f = fen_k(&[("e9", "+h"), ("e8", "G"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(!moves_of(&f, "e5").contains("e5e7"), "Falcon lion line protects over e8");
    // Control: a Black Gold on e9 does not reach e7.
    let f = fen_k(&[("e9", "g"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(moves_of(&f, "e5").contains("e5e7"), "Gold e9 does not protect e7");
    // Target is a promoted Kirin.
    let f = fen_k(&[("e8", "p"), ("e7", "+o"), ("e5", "N")], 'w');
    assert_eq!(moves_of(&f, "e5").len(), 24);
    assert!(!moves_of(&f, "e5").contains("e5e7"), "+O target");
    // Capturer is a promoted Kirin.
    let f = fen_k(&[("e8", "p"), ("e7", "n"), ("e5", "+O")], 'w');
    assert_eq!(moves_of(&f, "e5").len(), 24);
    assert!(!moves_of(&f, "e5").contains("e5e7"), "+O capturer");
}

/// Section 13 C5 / 7.1: an adjacent Lion may always be taken: 10 captures, 33 moves.
#[test]
fn c5_adjacent_lion() {
    let f = fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "N")], 'w');
    let quiet = block(('c', 'g'), (4, 8), &["e6", "e7", "e8"]);
    assert_eq!(quiet.len(), 22);
    let captures = [
        "e6e7",
        "e6e7,e7e6",
        "e6e7,e7d6",
        "e6e7,e7f6",
        "e6e7,e7d7",
        "e6e7,e7f7",
        "e6e7,e7d8",
        "e6e7,e7f8",
        "e6e7,e7e8",
        "e6e8",
    ];
    let mut want = lion_set("e6", &quiet, &["e6e6"]);
    want.extend(captures.iter().map(ToString::to_string));
    assert_eq!(want.len(), 33);
    assert_moves(&moves_of(&f, "e6"), &want, "C5");
}

/// Section 5.1: the second step may not land on a friendly piece; no pass when no adjacent
/// square is empty.
#[test]
fn lion_second_step_and_pass_conditions() {
    // Enemy Pawn e7, own Gold d8: hit-and-run via e7 cannot end on d8.
    let f = fen_k(&[("e6", "N"), ("e7", "p"), ("d8", "G")], 'w');
    let got = moves_of(&f, "e6");
    assert!(!got.contains("e6e7,e7d8") && !got.contains("e6d8"), "{got:?}");
    assert!(got.contains("e6e7,e7e8") && got.contains("e6e7,e7e6"), "{got:?}");
    // Surrounded by eight enemy Pawns: captures, but no pass.
    let ring: Vec<(&str, &str)> = ["d5", "e5", "f5", "d6", "f6", "d7", "e7", "f7"].iter().map(|&s| (s, "p")).collect();
    let mut pieces = vec![("e6", "N")];
    pieces.extend(ring);
    let f = fen_k(&pieces, 'w');
    let got = moves_of(&f, "e6");
    assert!(!got.contains("e6e6"), "no pass when every adjacent square is occupied");
    let mut p = pos(&f);
    assert!(parse_move(&mut p, "@@@@").is_err());
    // Expected: the 16 distant squares, the 8 direct captures, and for each captured X every
    // Y adjacent to X (here each is empty, an enemy, or e6 itself = igui).
    let mut want: BTreeSet<String> = block(('c', 'g'), (4, 8), &[])
        .iter()
        .filter(|t| {
            let (f, r) = coords(t);
            (f - 4).abs() == 2 || (r - 6).abs() == 2
        })
        .map(|t| format!("e6{t}"))
        .collect();
    let adj = ["d5", "e5", "f5", "d6", "f6", "d7", "e7", "f7"];
    for x in adj {
        want.insert(format!("e6{x}"));
        let (xf, xr) = coords(x);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                if let Some(y) = square_name(xf + dx, xr + dy) {
                    want.insert(format!("e6{x},{x}{y}"));
                }
            }
        }
    }
    assert_moves(&got, &want, "Lion in a ring of Pawns");
}

/// Section 13 C6 / 7.1 Rule A.1: a bridge capture (not Pawn or Go-Between) on the first step
/// makes the distant Lion capture legal.
#[test]
fn c6_bridge_capture() {
    let with = |bridge: &str| fen_k(&[("e8", "p"), ("e7", "n"), ("e6", bridge), ("e5", "N")], 'w');
    let quiet = block(('c', 'g'), (3, 7), &["e5", "e6", "e7"]);
    let mut base = lion_set("e5", &quiet, &["e5e5"]);
    base.extend(
        ["e5e6", "e5e6,e6e5", "e5e6,e6d5", "e5e6,e6f5", "e5e6,e6d6", "e5e6,e6f6", "e5e6,e6d7", "e5e6,e6f7"]
            .iter()
            .map(ToString::to_string),
    );
    assert_eq!(base.len(), 31);
    let mut with_double = base.clone();
    with_double.insert("e5e6,e6e7".into());

    assert_moves(&moves_of(&with("s"), "e5"), &with_double, "C6 Silver bridge (32)");
    assert_moves(&moves_of(&with("i"), "e5"), &base, "C6 Go-Between is no bridge (31)");
    assert_moves(&moves_of(&with("p"), "e5"), &base, "a Pawn is no bridge (31)");
    // Promoted Pawn and Go-Between are bridges ("unpromoted Pawn or Go-Between").
    assert_moves(&moves_of(&with("+p"), "e5"), &with_double, "Tokin bridge (32)");
    assert_moves(&moves_of(&with("+i"), "e5"), &with_double, "+I bridge (32)");
}

/// Section 13 C7 (a) / 7.1 Rule B: after a non-Lion took a Lion, a non-Lion may not take a Lion.
#[test]
fn c7a_counter_strike_forbids_non_lion() {
    let f = "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1";
    assert_eq!(fen_k(&[("e7", "n"), ("e6", "G"), ("c4", "g")], 'w').replace(" - ", " c4 "), f);
    assert_eq!(pos(f).counter_strike(), Some(sq("c4")));
    assert_moves(&moves_of(f, "e6"), &with_from("e6", &["e5", "d6", "f6", "d7", "f7"]), "C7a (5)");
    let mut p = pos(f);
    assert!(is_illegal(&mut p, "e6e7"));
    let g = f.replace(" c4 ", " - ");
    assert_moves(&moves_of(&g, "e6"), &with_from("e6", &["e5", "d6", "f6", "d7", "f7", "e7"]), "C7a without (6)");
    // A non-Lion may still take a non-Lion.
    let h = fen_k(&[("e7", "n"), ("e6", "G"), ("c4", "g"), ("d7", "p")], 'w').replace(" - ", " c4 ");
    assert!(moves_of(&h, "e6").contains("e6d7"));
}

/// Section 13 C7 (b): Lions are exempt from Rule B.
#[test]
fn c7b_lion_exempt_from_counter_strike() {
    let f = "12/11k/12/12/12/4n7/12/4N7/2g9/12/K11/12 w c4 1";
    let targets = block(('c', 'g'), (3, 7), &["e5"]);
    let got = moves_of(f, "e5");
    assert_moves(&got, &lion_set("e5", &targets, &["e5e5"]), "C7b (25)");
    assert!(got.contains("e5e7") && got.contains("e5c4"));
    // A promoted Kirin is a Lion too.
    let f = "12/11k/12/12/12/4n7/12/4+O7/2g9/12/K11/12 w c4 1";
    assert!(moves_of(f, "e5").contains("e5e7"));
}

/// Section 13 C7 (c) / 7.1: a Gold takes a Lion, the reply may not take our Lion with a
/// non-Lion; the restriction lasts exactly one move; FEN third field follows it.
#[test]
fn c7c_counter_strike_lasts_one_move() {
    let start = "12/11k/12/12/12/4n7/4G7/2g9/2N9/12/K11/12";
    let mut p = pos(start);
    assert_eq!(p.to_fen(), format!("{start} w - 1"));
    assert_eq!(p.counter_strike(), None);
    let m = parse_move(&mut p, "e6e7").unwrap();
    let u = p.make(m);
    assert_eq!(p.counter_strike(), Some(sq("e7")));
    assert_eq!(p.to_fen(), "12/11k/12/12/12/4G7/12/2g9/2N9/12/K11/12 b e7 1");
    assert!(is_illegal(&mut p, "c5c4"), "Gold may not take the Lion right after");
    assert!(!moves_from(&mut p, "c5").contains("c5c4"));
    assert!(parse_move(&mut p, "c5d4").is_ok());
    p.unmake(m, u);
    assert_eq!(p.to_fen(), format!("{start} w - 1"));

    // Exactly one move: after a quiet reply and a quiet move, the capture is legal.
    play(&mut p, "e6e7");
    play(&mut p, "l11l12");
    assert_eq!(p.counter_strike(), None);
    play(&mut p, "a2a1");
    assert!(moves_from(&mut p, "c5").contains("c5c4"));
    play(&mut p, "c5c4");
    // That capture (non-Lion takes Lion) sets it again, for White.
    assert_eq!(p.counter_strike(), Some(sq("c4")));
    assert!(p.to_fen().ends_with(" w c4 3"), "{}", p.to_fen());
}

/// Section 7.1 Rule B: a Kirin that takes a Lion sets the counter-strike square, whether it
/// promotes or not (judged before promotion); the new Lion is protected by it.
#[test]
fn kirin_takes_lion_and_promotes() {
    let f = fen_k(&[("e8", "O"), ("e10", "n"), ("e11", "g"), ("g11", "n")], 'w');
    let got = moves_of(&f, "e8");
    assert!(got.contains("e8e10") && got.contains("e8e10+"), "{got:?}");
    for t in ["e8e10+", "e8e10"] {
        let mut p = pos(&f);
        play(&mut p, t);
        assert_eq!(p.counter_strike(), Some(sq("e10")), "{t}");
        assert!(p.to_fen().contains(" b e10 "), "{}", p.to_fen());
        // The Black Lion on g11 may take the piece on e10 (unprotected, Lions are exempt).
        assert!(moves_from(&mut p, "g11").contains("g11e10"), "{t}");
    }
    // After the promotion the new Lion is protected by Rule B: the Gold may not take it.
    let mut p = pos(&f);
    play(&mut p, "e8e10+");
    assert_moves(&moves_from(&mut p, "e11"), &with_from("e11", &["f10", "d10", "f11", "d11", "e12"]), "+O on e10");
    // Unpromoted, e10 holds a Kirin, which is no Lion: the Gold may take it.
    let mut p = pos(&f);
    play(&mut p, "e8e10");
    assert!(moves_from(&mut p, "e11").contains("e11e10"));
    let mut p = pos(&f);
    play(&mut p, "e8e10+");
    assert_eq!(piece_on(&p, "e10"), Some(("+O".into(), Color::White)));
    assert_eq!(p.to_fen(), fen_k(&[("e10", "+O"), ("e11", "g"), ("g11", "n")], 'b').replace(" - ", " e10 "));
}

/// Section 7.1 Rule B: a Horned Falcon taking a Lion on s1 triggers it; a Lion taking a Lion
/// does not; under it a Falcon may not take a Lion.
#[test]
fn counter_strike_triggers() {
    let f = fen_k(&[("e8", "+H"), ("e9", "n")], 'w');
    for t in ["e8e9", "e8e9,e9e8", "e8e9,e9e10"] {
        let mut p = pos(&f);
        play(&mut p, t);
        assert_eq!(p.counter_strike(), Some(sq("e9")), "{t}");
    }
    let mut p = pos(&f);
    play(&mut p, "e8e10");
    assert_eq!(p.counter_strike(), None, "the jump captures nothing");

    let mut p = pos(&fen_k(&[("e6", "N"), ("e7", "n")], 'w'));
    play(&mut p, "e6e7");
    assert_eq!(p.counter_strike(), None, "a Lion took the Lion");

    let under = f.replace(" - ", " c4 ");
    let got = moves_of(&under, "e8");
    for t in ["e8e9", "e8e9,e9e8", "e8e9,e9e10"] {
        assert!(!got.contains(t), "{t} under Rule B");
    }
    assert!(got.contains("e8e10"), "the Falcon's jump takes nothing");
}

/// Section 13 C8 / 5.2: Horned Falcon (40) and Soaring Eagle (37) alone on f6.
#[test]
fn c8_falcon_and_eagle() {
    let mut falcon = with_from("f6", &["f7", "f8", "f6"]);
    for t in [
        "f5", "f4", "f3", "f2", "f1", // b 5
        "e6", "d6", "c6", "b6", "a6", // l 5
        "g6", "h6", "i6", "j6", "k6", "l6", // r 6
        "e7", "d8", "c9", "b10", "a11", // fl 5
        "g7", "h8", "i9", "j10", "k11", "l12", // fr 6
        "e5", "d4", "c3", "b2", "a1", // bl 5
        "g5", "h4", "i3", "j2", "k1", // br 5
    ] {
        falcon.insert(format!("f6{t}"));
    }
    assert_eq!(falcon.len(), 40);
    assert_moves(&moves_of(&fen_k(&[("f6", "+H")], 'w'), "f6"), &falcon, "C8 Falcon");

    let mut eagle = with_from("f6", &["e7", "d8", "g7", "h8", "f6"]);
    for t in [
        "f7", "f8", "f9", "f10", "f11", "f12", // f 6
        "f5", "f4", "f3", "f2", "f1", // b 5
        "e6", "d6", "c6", "b6", "a6", // l 5
        "g6", "h6", "i6", "j6", "k6", "l6", // r 6
        "e5", "d4", "c3", "b2", "a1", // bl 5
        "g5", "h4", "i3", "j2", "k1", // br 5
    ] {
        eagle.insert(format!("f6{t}"));
    }
    assert_eq!(eagle.len(), 37);
    assert_moves(&moves_of(&fen_k(&[("f6", "+D")], 'w'), "f6"), &eagle, "C8 Eagle");
}

/// Section 13 C8: Falcon on e8 with enemy Pawns e9, e10: 37 slides + 4 captures, no pass.
#[test]
fn c8_falcon_line_captures() {
    let f = fen_k(&[("e8", "+H"), ("e9", "p"), ("e10", "p")], 'w');
    let mut want = set(&["e8e9,e9e8", "e8e9", "e8e10", "e8e9,e9e10"]);
    for t in [
        "e7", "e6", "e5", "e4", "e3", "e2", "e1", // b 7
        "d8", "c8", "b8", "a8", // l 4
        "f8", "g8", "h8", "i8", "j8", "k8", "l8", // r 7
        "d9", "c10", "b11", "a12", // fl 4
        "f9", "g10", "h11", "i12", // fr 4
        "d7", "c6", "b5", "a4", // bl 4
        "f7", "g6", "h5", "i4", "j3", "k2", "l1", // br 7
    ] {
        want.insert(format!("e8{t}"));
    }
    assert_eq!(want.len(), 41);
    assert_moves(&moves_of(&f, "e8"), &want, "C8 Falcon e8");
}

/// Section 5.2: lion lines jump over a friendly s1, never land on a friend, and the Eagle's
/// pass needs one empty s1.
#[test]
fn lion_line_details() {
    // Falcon e8, own Gold e9: jump to e10 only on its forward line, no pass.
    let got = moves_of(&fen_k(&[("e8", "+H"), ("e9", "G")], 'w'), "e8");
    assert!(got.contains("e8e10") && !got.contains("e8e9") && !got.contains("e8e8"), "{got:?}");
    // Own piece on s2: step to s1 only (and the pass).
    let got = moves_of(&fen_k(&[("e8", "+H"), ("e10", "G")], 'w'), "e8");
    assert!(got.contains("e8e9") && !got.contains("e8e10") && got.contains("e8e8"), "{got:?}");
    // Eagle f6 with one forward-diagonal s1 blocked by an own piece: still one pass.
    let got = moves_of(&fen_k(&[("f6", "+D"), ("e7", "G")], 'w'), "f6");
    assert!(got.contains("f6f6") && got.contains("f6d8") && !got.contains("f6e7"), "{got:?}");
    // Both blocked by own pieces: no pass, jumps over both.
    let got = moves_of(&fen_k(&[("f6", "+D"), ("e7", "G"), ("g7", "G")], 'w'), "f6");
    assert!(!got.contains("f6f6") && got.contains("f6d8") && got.contains("f6h8"), "{got:?}");
    // Eagle igui and double capture on its lion line; the line does not bend.
    let got = moves_of(&fen_k(&[("f6", "+D"), ("e7", "p"), ("d8", "p"), ("e8", "p")], 'w'), "f6");
    for t in ["f6e7", "f6e7,e7f6", "f6e7,e7d8", "f6d8"] {
        assert!(got.contains(t), "{t} in {got:?}");
    }
    assert!(!got.contains("f6e7,e7e8") && !got.contains("f6e8"), "lion line never bends: {got:?}");
}

/// Section 13 C14 / 10: the second player's Lion double capture, written `e8e7,e7e6`.
#[test]
fn c14_double_capture_text() {
    let mut p = pos("12/11k/12/12/4n7/4G7/4G7/12/12/12/K11/12");
    play(&mut p, "a2a1");
    assert!(moves_from(&mut p, "e8").contains("e8e7,e7e6"));
    let m = play(&mut p, "e8e7,e7e6");
    assert_eq!(text(m), "e8e7,e7e6");
    assert_eq!(piece_on(&p, "e6"), Some(("N".into(), Color::Black)));
    assert_eq!(piece_on(&p, "e7"), None);
    assert_eq!(p.pieces(Color::White).len(), 1);
    assert_eq!(p.counter_strike(), None);
}

/// Section 13 C15: Kirin (8) and Phoenix (8) alone on f6.
#[test]
fn c15_kirin_and_phoenix() {
    assert_moves(
        &moves_of(&fen_k(&[("f6", "O")], 'w'), "f6"),
        &with_from("f6", &["f8", "f4", "d6", "h6", "e5", "g5", "e7", "g7"]),
        "Kirin",
    );
    assert_moves(
        &moves_of(&fen_k(&[("f6", "X")], 'w'), "f6"),
        &with_from("f6", &["f7", "f5", "e6", "g6", "d4", "h4", "d8", "h8"]),
        "Phoenix",
    );
}
