//! Bigorra rules, section 8: hand-checkable tests.

use super::helpers::*;
use kyodai::rules::legality::{in_check, legal_move_list};
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Position};

/// §8 H-1 (§2.3): Sorceress on h8, 22 moves; hop captures over either colour's screen, never
/// the screen itself, never two screens.
#[test]
fn h1_sorceress() {
    let fen = "16/15k/16/7r8/11b4/16/7P1p6/16/7O1n1N4/6n1P7/5P3p6/7p8/16/16/K15/16 w - - 0 1";
    check_piece(
        fen,
        "h8",
        &[
            "h9", "h13 x", // north
            "i8",    // east
            "h7", "h6", // south
            "g8", "f8", "e8", "d8", "c8", "b8", "a8", // west
            "i9", "l12 x", // NE
            "g9", "f10", "e11", "d12", "c13", "b14", "a15",  // NW
            "j6 x", // SE
        ],
    );
    assert_eq!(moves_from(fen, "h8").len(), 22);
}

/// §8 H-2 (§2.3): Cannon on e5, 6 moves.
#[test]
fn h2_cannon() {
    let fen = "15k/16/16/16/16/16/16/4r11/16/4P11/16/1rnNCn1b8/16/16/4p11/K3N11 w - - 0 1";
    check_piece(fen, "e5", &["e6", "e9 x", "h5 x", "c5 x", "e4", "e3"]);
}

/// §8 H-3 (§2.3): Archer on e5, 8 moves.
#[test]
fn h3_archer() {
    let fen = "k15/16/16/16/16/16/16/8q7/16/6P9/3p12/4V11/16/2N13/1r14/15K w - - 0 1";
    check_piece(fen, "e5", &["f6", "i9 x", "f4", "g3", "h2", "i1", "d4", "b2 x"]);
}

/// §8 T-1 (§2 Troll, §3.5): all eight 3-leaps, the step, the diagonal capture; rank-16 leaps
/// do not promote.
#[test]
fn t1_troll_all_leaps() {
    let fen = "7r8/4p11/5n10/4T11/16/16/1P14/16/15k/16/16/16/16/16/16/K15 w - - 0 1";
    check_piece(fen, "e13", &["e16", "h16 x", "b16", "h13", "b13", "e10", "h10", "e14", "f14 x"]);
}

/// §8 T-2 (§3.5): a Troll promotes to Direwolf only on its one-step moves.
#[test]
fn t2_troll_promotes_on_step() {
    let fen = "3n12/4T11/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1";
    check_piece(fen, "e15", &["e16 =DW", "d16 x =DW", "h15", "b15", "e12", "h12", "b12"]);
}

/// §8 T-3 (§3.5, §4): a Troll on its last rank moves only by leaps and never promotes.
#[test]
fn t3_troll_on_last_rank() {
    let fen = "4r2T8/16/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1";
    check_piece(fen, "h16", &["e16 x", "k16", "h13", "k13", "e13"]);
}

pub const K1_FEN: &str = "5r9k/16/16/16/16/16/16/16/16/16/16/4p11/16/4K11/r2N12/16 w K - 0 1";

/// §8 K-1 (§3.2): the King's leap with the crossing condition; every one of the 16 ring
/// squares is judged as the table says.
#[test]
fn k1_king_leap_crossing() {
    check_piece(K1_FEN, "e3", &["e2", "d3", "e4", "d1", "e1", "c3", "c4", "d5"]);
    let got = moves_from(K1_FEN, "e3");
    let ring: [(&str, bool); 16] = [
        ("c1", false),
        ("d1", true),
        ("e1", true),
        ("f1", false),
        ("g1", false),
        ("c2", false),
        ("g2", false),
        ("c3", true),
        ("g3", false),
        ("c4", true),
        ("g4", false),
        ("c5", false),
        ("d5", true),
        ("e5", false),
        ("f5", false),
        ("g5", false),
    ];
    for (t, ok) in ring {
        assert_eq!(got.contains(&format!("e3{t}")), ok, "ring square {t}");
    }
}

/// §8 K-2 (§3.2): without the leap right only the steps remain.
#[test]
fn k2_no_leap_right() {
    let fen = K1_FEN.replace(" w K - ", " w - - ");
    check_piece(&fen, "e3", &["e2", "d3", "e4"]);
}

/// §8 K-3 (§3.2): no leap out of check.
#[test]
fn k3_no_leap_out_of_check() {
    let fen = "5r9k/16/16/16/16/16/16/16/16/16/16/4p11/2n13/4K11/r2N12/16 w K - 0 1";
    let p = pos(fen);
    assert!(in_check(&p, Color::White));
    assert!(p.leap_right(Color::White));
    check_piece(fen, "e3", &["e2", "d3", "e4"]);
    // The right survives the check (§3.2: being checked does not remove it).
    assert_eq!(fields(&p), "w K - 0 1");
}

pub const K4_FEN: &str = "(hk)(mm)(sq)1j2(az)3j4/cmz1a2k8/ern3(pr)9/1sts5(dw)2z3/pp3(sh)4l1g3/2p2s1s1sm5/6p5(sq)3/5P1pS3u3/2PP2pP3w4/3TP1P9/3SS2S1H1(PR)4/PP1N2(PR)3L(HK)4/1S1(HK)2J2DJ5/ER1(SQ)(SH)2W8/C3A2K8/1(MM)2V2(AZ)8 w Kk - 0 169";

/// §8 K-4 (§3.2): the position before 169. Kh2-f3 of the sample game; King h2 has 13 moves.
#[test]
fn k4_king_leap_from_the_game() {
    check_piece(K4_FEN, "h2", &["g1", "g2", "g3", "i1", "i2", "i3", "f1", "f2", "f3", "f4", "j1", "j2", "j3"]);
    let mut p = pos(K4_FEN);
    play(&mut p, "h2f3");
    assert_eq!(piece_on(&p, "f3"), Some((Color::White, "K".into())));
    assert!(!p.leap_right(Color::White), "the leap uses up the right");
    assert!(p.leap_right(Color::Black));
}

pub const E1_FEN: &str = "15k/16/16/16/16/16/3(PR)(pr)S10/16/16/16/16/16/16/16/16/K15 w - e11 0 1";

/// §8 E-1 (§3.4): a Soldier captures a Prince en passant; identity (f10, e11, e10).
#[test]
fn e1_soldier_captures_prince_ep() {
    check_piece(E1_FEN, "f10", &["f11", "f12", "g10", "e11 xe10"]);
    let mut p = pos(E1_FEN);
    play(&mut p, "f10e11");
    assert_eq!(piece_on(&p, "e11"), Some((Color::White, "S".into())));
    assert_eq!(piece_on(&p, "e10"), None, "the Prince is captured e.p.");
    assert_eq!(piece_on(&p, "f10"), None);
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.halfmove_clock(), 0);
}

/// §8 E-2 (§3.4): a Prince cannot capture e.p.; its step onto the e.p. square captures nothing.
#[test]
fn e2_prince_cannot_capture_ep() {
    check_piece(E1_FEN, "d10", &["c9", "d9", "e9", "c10", "e10 x", "c11", "d11", "e11", "d12"]);
    let mut p = pos(E1_FEN);
    play(&mut p, "d10e11");
    assert_eq!(piece_on(&p, "e10"), Some((Color::Black, "PR".into())), "e10 stays");
    assert_eq!(piece_on(&p, "e11"), Some((Color::White, "PR".into())));
}

/// §8 E-3 (§2.4, §3.4): a Troll cannot capture e.p.
#[test]
fn e3_troll_cannot_capture_ep() {
    let fen = "15k/16/16/16/16/16/4(pr)T10/16/16/16/16/16/16/16/16/K15 w - e11 0 1";
    check_piece(fen, "f10", &["f11", "f13", "i13", "c13", "i10", "c10", "f7", "i7", "c7"]);
}

/// §8 E-4 (§3.4): the e.p. right lasts one ply only: without the field, no e.p. capture.
#[test]
fn e4_ep_right_expires() {
    let fen = E1_FEN.replace(" e11 ", " - ");
    check_piece(&fen, "f10", &["f11", "f12", "g10"]);
    // And played out: after a waiting move by each side the capture is gone.
    let mut p = pos(E1_FEN);
    play(&mut p, "a1a2");
    play(&mut p, "p16p15");
    assert!(!moves_from(&p.to_fen(), "f10").contains("f10e11"));
}

/// §8 E-5 (§3.3, §3.4): e.p. after a double step that did not start on the start rank.
#[test]
fn e5_pawn_ep_from_any_rank() {
    let fen = "15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 0 1";
    check_piece(fen, "h7", &["g8 xg7", "h8", "h9"]);
}

fn bent_fen(piece: &str) -> String {
    format!("15k/16/16/16/16/16/16/16/7{piece}8/16/16/16/16/16/16/K15 w - - 0 1")
}

fn squares_between(from: &str, dx: i32, dy: i32, n: i32) -> Vec<String> {
    let f = (from.as_bytes()[0] - b'a') as i32;
    let r: i32 = from[1..].parse().unwrap();
    (1..=n).map(|k| format!("{}{}", (b'a' + (f + k * dx) as u8) as char, r + k * dy)).collect()
}

/// §8 B-1 (§2.2): Eagle on an empty board, 56 moves.
#[test]
fn b1_eagle() {
    let mut want: Vec<String> = ["g9", "i9", "g7", "i7"].iter().map(ToString::to_string).collect();
    want.extend(squares_between("i9", 1, 0, 7));
    want.extend(squares_between("i9", 0, 1, 7));
    want.extend(squares_between("g9", -1, 0, 6));
    want.extend(squares_between("g9", 0, 1, 7));
    want.extend(squares_between("i7", 1, 0, 7));
    want.extend(squares_between("i7", 0, -1, 6));
    want.extend(squares_between("g7", -1, 0, 6));
    want.extend(squares_between("g7", 0, -1, 6));
    assert_eq!(want.len(), 56);
    let specs: Vec<&str> = want.iter().map(String::as_str).collect();
    check_piece(&bent_fen("G"), "h8", &specs);
}

fn rhino_snake_diagonals() -> Vec<String> {
    let mut v = Vec::new();
    v.extend(squares_between("h9", 1, 1, 7));
    v.extend(squares_between("h9", -1, 1, 7));
    v.extend(squares_between("h7", 1, -1, 6));
    v.extend(squares_between("h7", -1, -1, 6));
    v
}

/// §8 B-2 (§2.2): Rhinoceros on an empty board, 56 moves.
#[test]
fn b2_rhinoceros() {
    let mut want: Vec<String> = ["h9", "h7", "i8", "g8"].iter().map(ToString::to_string).collect();
    want.extend(rhino_snake_diagonals());
    want.extend(squares_between("i8", 1, 1, 7));
    want.extend(squares_between("i8", 1, -1, 7));
    want.extend(squares_between("g8", -1, 1, 6));
    want.extend(squares_between("g8", -1, -1, 6));
    assert_eq!(want.len(), 56);
    let specs: Vec<&str> = want.iter().map(String::as_str).collect();
    check_piece(&bent_fen("U"), "h8", &specs);
}

/// §8 B-3 (§2.2, §3.5): Ship on an empty board, 30 moves; g16 and i16 promote to Eagle.
#[test]
fn b3_ship() {
    let mut want: Vec<String> = ["g9", "i9", "g7", "i7"].iter().map(ToString::to_string).collect();
    want.extend(squares_between("i9", 0, 1, 7));
    want.extend(squares_between("g9", 0, 1, 7));
    want.extend(squares_between("i7", 0, -1, 6));
    want.extend(squares_between("g7", 0, -1, 6));
    assert_eq!(want.len(), 30);
    for w in &mut want {
        if w == "g16" || w == "i16" {
            w.push_str(" =G");
        }
    }
    let specs: Vec<&str> = want.iter().map(String::as_str).collect();
    check_piece(&bent_fen("(SH)"), "h8", &specs);
}

/// §8 B-4 (§2.2, §3.5): Snake on an empty board, 28 moves; o16 and a16 promote to Rhinoceros.
#[test]
fn b4_snake() {
    let mut want: Vec<String> = vec!["h9".into(), "h7".into()];
    want.extend(rhino_snake_diagonals());
    assert_eq!(want.len(), 28);
    for w in &mut want {
        if w == "o16" || w == "a16" {
            w.push_str(" =U");
        }
    }
    let specs: Vec<&str> = want.iter().map(String::as_str).collect();
    check_piece(&bent_fen("(SN)"), "h8", &specs);
}

/// §8 B-5 (§2.2): Eagle with blocked first squares, 29 moves.
#[test]
fn b5_eagle_blocked() {
    let fen = "15k/16/16/16/16/16/16/8p7/7G8/6P9/16/16/16/16/16/K15 w - - 0 1";
    let mut want: Vec<String> = vec!["i9 x".into(), "g9".into(), "i7".into()];
    want.extend(squares_between("g9", -1, 0, 6));
    want.extend(squares_between("g9", 0, 1, 7));
    want.extend(squares_between("i7", 1, 0, 7));
    want.extend(squares_between("i7", 0, -1, 6));
    assert_eq!(want.len(), 29);
    let specs: Vec<&str> = want.iter().map(String::as_str).collect();
    check_piece(fen, "h8", &specs);
}

pub const P_FEN: &str = "16/4n11/3P2(PR)3N5/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1";

/// §8 P-1 (§3.3, §3.5): a Pawn's double step onto the last rank promotes to Queen and leaves
/// no e.p. square; the capture on rank 15 does not promote.
#[test]
fn p1_pawn_double_step_promotes() {
    check_piece(P_FEN, "d14", &["d15", "e15 x", "d16 =Q"]);
    let mut p = pos(P_FEN);
    play(&mut p, "d14d16");
    assert_eq!(p.to_fen(), "3Q12/4n11/6(PR)3N5/16/16/16/16/16/15k/16/16/16/16/16/16/K15 b - - 0 1");
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.halfmove_clock(), 0);
}

/// §8 P-2 (§3.3, §3.5): the Prince's double step onto the last rank promotes to Amazon.
#[test]
fn p2_prince_promotes_to_amazon() {
    check_piece(P_FEN, "g14", &["f13", "g13", "h13", "f14", "h14", "f15", "g15", "h15", "g16 =AZ"]);
    let mut p = pos(P_FEN);
    play(&mut p, "g14g16");
    assert_eq!(p.ep_square(), None, "no e.p. square after a promoting double step");
    assert_eq!(piece_on(&p, "g16"), Some((Color::White, "AZ".into())));
}

/// §8 P-3 (§3.5): a Knight reaching the last rank becomes a Buffalo.
#[test]
fn p3_knight_promotes_to_buffalo() {
    check_piece(P_FEN, "k14", &["j12", "l12", "i13", "m13", "i15", "m15", "j16 =F", "l16 =F"]);
}

/// §8 G-1 (§3.6): stalemate is a draw; with the Queen on b15 Black has one move.
#[test]
fn g1_stalemate() {
    let mut p = pos("k15/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1");
    assert!(legal_move_list(&mut p).is_empty());
    assert!(!in_check(&p, Color::Black));
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::Stalemate }));
    let mut q = pos("k15/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1");
    assert_eq!(all_moves(&mut q), set(&["a16b15"]));
    assert_eq!(outcome(&q), None);
}

/// §8 G-2 (§3.6): 3. g4g7 (Troll leap) sets the clock to 1, 3...h12h11 back to 0.
#[test]
fn g2_halfmove_clock_examples() {
    let mut p = Position::start(&variant());
    for mv in ["h5h7", "i12i10", "h4h6", "g12g10"] {
        play(&mut p, mv);
    }
    play(&mut p, "g4g7");
    assert_eq!(p.halfmove_clock(), 1);
    play(&mut p, "h12h11");
    assert_eq!(p.halfmove_clock(), 0);
}
