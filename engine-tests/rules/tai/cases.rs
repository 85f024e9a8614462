//! Tai Shogi rules, the test cases T1..T13 of section 13 (with the rules they exercise).

use super::helpers::*;
use kyodai::notation::{format_move, parse_move};
use kyodai::perft::perft;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::legality::History;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Move, Position};
use std::collections::BTreeSet;

// ---------- T1-T3: lion power (section 5.3) ----------

#[test]
fn t1_lion_alone_has_24_jumps_and_a_pass() {
    let f = "25/24e/25/25/25/25/25/25/25/25/25/25/12(LN)12/25/25/25/25/25/25/25/25/25/25/E24/25 w";
    let mut p = pos(f);
    let got = texts_of(&mut p, "m13");
    let mut want = box_around(2);
    want.insert("m13m13".into());
    assert_eq!(got, want);
}

#[test]
fn t2_lion_with_victims_33() {
    let f = "25/24e/25/25/25/25/25/25/25/25/13p11/12p12/12(LN)12/25/25/25/25/25/25/25/25/25/25/E24/25 w";
    let mut p = pos(f);
    let got = texts_of(&mut p, "m13");
    let mut want = box_around(2);
    want.insert("m13m13".into()); // pass
    want.insert("m13m14,m14m13".into()); // igui
    for y in ["l13", "n13", "l14", "n14", "l15", "m15"] {
        want.insert(format!("m13m14,m14{y}"));
    }
    want.insert("m13m14,m14n15".into()); // double capture
    assert_eq!(got.len(), 33);
    assert_eq!(got, want);
    // Every capturing move promotes the Lion to a Furious Fiend.
    let v = tai();
    let fiend = v.kind_by_id("+LN").unwrap();
    for m in moves_of(&mut p, "m13") {
        let captures = kyodai::movegen::is_capture(&p, m);
        assert_eq!(m.promotion() == Some(fiend), captures, "{}", format_move(&v, m));
    }
}

#[test]
fn t3_lion_boxed_in_by_friends_has_16_and_no_pass() {
    let mut extra = vec![("(LN)", "m13")];
    for s in ["l12", "m12", "n12", "l13", "n13", "l14", "m14", "n14"] {
        extra.push(("P", s));
    }
    let mut p = pos(&framed(&extra));
    let got = texts_of(&mut p, "m13");
    assert_eq!(got.len(), 16);
    assert!(!got.contains("m13m13"));
    assert!(got.iter().all(|t| sq(&t[3..]) != sq("m13") && tai().shape.distance(sq(&t[3..]), sq("m13")) == 2));
}

#[test]
fn lion_pass_unrestricted_option_allows_the_boxed_pass() {
    let v = with_options(&[("lion_pass_unrestricted", "on")]);
    let mut extra = vec![("E", "a2"), ("e", "y24"), ("(LN)", "m13")];
    for s in ["l12", "m12", "n12", "l13", "n13", "l14", "m14", "n14"] {
        extra.push(("P", s));
    }
    let mut p = pos_in(&v, &fen(&extra, 'w'));
    let s = sq("m13");
    let ms: Vec<Move> = legal_move_list(&mut p).into_iter().filter(|m| m.from == s).collect();
    assert_eq!(ms.len(), 17);
    assert!(ms.iter().any(|m| m.is_pass()));
}

// ---------- T4-T6: hook movers (section 5.7) ----------

#[test]
fn t4_hook_mover_on_an_empty_board_reaches_623() {
    assert_eq!(count_alone("(HM)"), 623);
    let mut p = pos(&framed(&[("(HM)", "m13")]));
    let got = texts_of(&mut p, "m13");
    assert!(got.contains("m13y24"), "captures the Emperor in one move");
    assert!(!got.contains("m13a2"));
}

#[test]
fn t5_hook_mover_in_a_corner() {
    let f = "24E/25/25/25/25/12e12/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/p24/25/(HM)P23 w";
    let mut p = pos(f);
    let got = texts_of(&mut p, "a1");
    let mut want: BTreeSet<String> = ["a1a2".to_string(), "a1a3".to_string()].into();
    for file in 'b'..='y' {
        want.insert(format!("a1{file}2"));
    }
    assert_eq!(got, want);
    let v = tai();
    let m = parse_move(&mut p, "a1a3").unwrap();
    assert_eq!(m.promotion(), v.kind_by_id("+HM"), "the capture promotes to Gold");
    // A friendly pawn on a2: no move at all.
    let f2 = "24E/25/25/25/25/12e12/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/p24/P24/(HM)P23 w";
    assert_eq!(moves_of(&mut pos(f2), "a1").len(), 0);
    // An enemy pawn on a2: exactly the capture; no turn on a square where it captured.
    let f3 = "24E/25/25/25/25/12e12/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/p24/p24/(HM)P23 w";
    let mut p3 = pos(f3);
    let got3 = texts_of(&mut p3, "a1");
    assert_eq!(got3, ["a1a2".to_string()].into());
    assert!(moves_of(&mut p3, "a1")[0].promotion().is_some());
}

/// Squares of m13's colour other than m13 (and not a2 / y24, which are of the other colour).
fn same_colour_squares() -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for u in -12i32..=12 {
        for w in -12i32..=12 {
            if (u + w) % 2 == 0 && (u, w) != (0, 0) {
                out.push((u, w));
            }
        }
    }
    out
}

#[test]
fn t6_capricorn_goblin_peacock() {
    assert_eq!(same_colour_squares().len(), 312);
    assert_eq!(count_alone("(CA)"), 312);
    assert_eq!(count_alone("(LGN)"), 316);
    assert_eq!(count_alone("(PC)"), 226);
    // The Peacock: every same-colour square with v > -|u|, plus its four bB2 squares.
    let mut p = pos(&framed(&[("(PC)", "m13")]));
    let got = texts_of(&mut p, "m13");
    let shape = tai().shape;
    let mut want = BTreeSet::new();
    for (u, w) in same_colour_squares() {
        if w > -u.abs() {
            want.insert(format!("m13{}", shape.name(shape.square(12 + u, 12 + w).unwrap())));
        }
    }
    for s in ["l12", "k11", "n12", "o11"] {
        want.insert(format!("m13{s}"));
    }
    assert_eq!(got, want);
}

#[test]
fn peacock_forward_second_leg_option_is_smaller() {
    let v = with_options(&[("peacock_forward_second_leg", "on")]);
    let mut p = pos_in(&v, &framed(&[("(PC)", "m13")]));
    let s = sq("m13");
    let n = legal_move_list(&mut p).into_iter().filter(|m| m.from == s).count();
    // First leg fl or fr, second leg only fl / fr: the forward cone v >= |u| of m13's colour
    // (12 ranks ahead: 2 + 3 + ... + 13 = 90 squares, minus none), plus bB2's 4 squares.
    let cone = same_colour_squares().iter().filter(|&&(u, w)| w >= u.abs()).count();
    assert_eq!(n, cone + 4);
    assert!(n < 226);
}

#[test]
fn hook_second_leg_needs_an_empty_corner_and_open_lines() {
    // Hook Mover m13, enemy pawn on m16: it may capture m16 but not turn there; a friend on
    // p13 stops the rightward leg and its corners beyond.
    let mut p = pos(&framed(&[("(HM)", "m13"), ("p", "m16"), ("P", "p13")]));
    let got = texts_of(&mut p, "m13");
    assert!(got.contains("m13m16"));
    assert!(!got.contains("m13m17"));
    assert!(!got.contains("m13p13") && !got.contains("m13q13"));
    // n17 is still reached through the corner n13 (right 1, then up 4).
    assert!(got.contains("m13n17"));
    // l17 through l13 too; but nothing beyond m16 straight up.
    assert!(got.contains("m13l17"));
    // Input may name the corner as an extra leg; it is the same move.
    let m = parse_move(&mut p, "m13n17").unwrap();
    assert_eq!(parse_move(&mut p, "m13n13,n13n17").unwrap(), m);
    assert_eq!(format_move(&tai(), m), "m13n17");
}

// ---------- T7: lion lines (section 5.4) ----------

#[test]
fn t7_horned_falcon_87_soaring_eagle_77() {
    let mut p = pos(&framed(&[("(HF)", "m13")]));
    let got = texts_of(&mut p, "m13");
    assert_eq!(got.len(), 87);
    assert!(got.contains("m13m14") && got.contains("m13m15") && got.contains("m13m13"));
    assert!(!got.contains("m13m16"));
    let mut p = pos(&framed(&[("(SE)", "m13")]));
    let got = texts_of(&mut p, "m13");
    assert_eq!(got.len(), 77);
    for t in ["m13l14", "m13k15", "m13n14", "m13o15", "m13m13"] {
        assert!(got.contains(t), "{t}");
    }
    assert!(!got.contains("m13j16"));
}

#[test]
fn lion_line_igui_and_double_capture() {
    let mut p = pos(&framed(&[("(HF)", "m13"), ("p", "m14"), ("p", "m15")]));
    let got = texts_of(&mut p, "m13");
    for t in ["m13m14", "m13m15", "m13m14,m14m13", "m13m14,m14m15"] {
        assert!(got.contains(t), "{t}: {got:?}");
    }
    // No pass: the only lion-line first square is occupied.
    assert!(!got.contains("m13m13"));
}

// ---------- T8: Emperor (section 5.8) ----------

#[test]
fn t8a_emperor_takes_only_the_unprotected_emperor() {
    let f = "24e/25/25/25/25/25/25/25/25/25/25/25/12p12/25/25/25/25/25/25/25/25/25/25/25/E24 w";
    let mut p = pos(f);
    let got = texts_of(&mut p, "a1");
    assert_eq!(got.len(), 623);
    assert!(got.contains("a1y25"));
    assert!(!got.contains("a1m13"), "the pawn is protected by its own Emperor");
    let m = parse_move(&mut p, "a1y25").unwrap();
    p.make(m);
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: Reason::AllRoyalsCaptured }));
}

#[test]
fn t8b_a_gold_protects_its_emperor() {
    let f = "24e/24g/25/25/25/25/25/25/25/25/25/25/12p12/25/25/25/25/25/25/25/25/25/25/25/E24 w";
    let mut p = pos(f);
    let got = texts_of(&mut p, "a1");
    assert_eq!(got.len(), 621);
    assert!(!got.contains("a1y25") && !got.contains("a1y24") && !got.contains("a1m13"));
}

#[test]
fn t8c_the_emperor_uncovers_the_rook_line_it_blocked() {
    let f = "25/25/25/25/25/25/25/25/25/25/25/25/12e12/25/25/25/25/25/12E12/25/25/25/25/25/12r12 w";
    let mut p = pos(f);
    let got = texts_of(&mut p, "m7");
    assert_eq!(got.len(), 622);
    assert!(!got.contains("m7m13"), "in the position after the move the Rook protects m13");
    // A first-player pawn on m3 blocks the Rook: the capture is legal.
    let f2 = "25/25/25/25/25/25/25/25/25/25/25/25/12e12/25/25/25/25/25/12E12/25/25/25/12P12/25/12r12 w";
    let mut p2 = pos(f2);
    let got2 = texts_of(&mut p2, "m7");
    assert_eq!(got2.len(), 622);
    assert!(got2.contains("m7m13"));
}

#[test]
fn t8d_without_its_emperor_a_side_protects_only_by_attack() {
    let mut p = pos(&fen(&[("E", "a1"), ("(cp)", "y25"), ("g", "m14"), ("p", "m13")], 'w'));
    let got = texts_of(&mut p, "a1");
    assert!(got.contains("a1y25"));
    assert!(got.contains("a1m14"));
    assert!(!got.contains("a1m13"));
    // Emperor captures never promote (the Emperor has no promoted form).
    let m = parse_move(&mut p, "a1m14").unwrap();
    assert_eq!(m.promotion(), None);
}

#[test]
fn emperor_protection_counts_lion_captures() {
    // The second player's only royal is a Crown Prince on y25; its Lion on w23 can jump to
    // y25 (distance 2), so the Crown Prince is protected against the Emperor.
    let mut p = pos(&fen(&[("E", "a1"), ("(cp)", "y25"), ("(ln)", "w23")], 'w'));
    let got = texts_of(&mut p, "a1");
    assert!(!got.contains("a1y25"));
    assert!(got.contains("a1w23"), "nothing protects the Lion");
}

#[test]
fn emperor_attack_detection_matches_its_captures() {
    // "In check" by the Emperor: exactly when the Emperor could capture the royal.
    let p = pos(&fen(&[("E", "a1"), ("e", "y25")], 'w'));
    assert!(kyodai::rules::legality::in_check(&p, Color::Black));
    let p = pos(&fen(&[("E", "a1"), ("e", "y25"), ("g", "y24")], 'w'));
    assert!(!kyodai::rules::legality::in_check(&p, Color::Black));
    // A Crown Prince while its own Emperor lives is protected by rule 1.
    let p = pos(&fen(&[("E", "a1"), ("e", "y25"), ("(cp)", "c3")], 'w'));
    assert!(!kyodai::movegen::attack::is_attacked(&p, sq("c3"), Color::White));
}

/// The Emperor's generation takes each rank as runs of empty squares (`powers/emperor.rs`):
/// its moves must be exactly the square-by-square reading of §5.8, in board order (the order
/// is the search's, so a speed change must keep it), in random games where Emperors roam.
#[test]
fn emperor_moves_come_in_board_order() {
    let mut next = crate::walk::xorshift(0x7a1_5eed_u64);
    let v = tai();
    let shape = v.shape;
    let mut captures = 0;
    for _game in 0..3 {
        let mut p = Position::start(&v);
        for _ply in 0..60 {
            let us = p.side();
            let emperor = v.kind_by_id("E");
            let emperors: Vec<_> =
                p.royal_squares(us).filter(|&r| p.piece_at(r).map(kyodai::Piece::kind) == emperor).collect();
            for from in emperors {
                let mut got = Vec::new();
                kyodai::movegen::generate_piece(&p, from, &mut got);
                let mut want = Vec::new();
                for r in 0..shape.ranks as i32 {
                    for f in 0..shape.files as i32 {
                        let to = shape.square_unchecked(f, r);
                        let enemy = p.cell(to).holds(us.flip());
                        if p.is_empty(to) || enemy && kyodai::movegen::power_refusal(&p, from, to).is_none() {
                            want.push((from, to));
                            captures += usize::from(enemy);
                        }
                    }
                }
                let got: Vec<_> = got.iter().map(|m| (m.from, m.to)).collect();
                assert_eq!(got, want, "{}", p.to_fen());
            }
            let Some(m) = crate::walk::random_move(&mut p, &mut next, 2) else {
                break;
            };
            p.make(m);
        }
    }
    assert!(captures > 0, "the walks never let an Emperor capture");
}

// ---------- T9: other leapers, ranges, promoted powers ----------

#[test]
fn t9_other_leapers_and_promoted_powers() {
    let cases: &[(&str, usize)] = &[
        ("(KY)", 8),
        ("(PH)", 8),
        ("(DO)", 4),
        ("(PS)", 5),
        ("N", 2),
        ("(LD)", 24),
        ("+(LN)", 33),
        ("+(DSP)", 105),
        ("+(DV)", 96),
        ("(TS)", 41),
        ("(VS)", 41),
    ];
    for &(tok, n) in cases {
        assert_eq!(count_alone(tok), n, "{tok}");
    }
    let mut p = pos(&framed(&[("(DO)", "m13")]));
    assert_eq!(
        texts_of(&mut p, "m13"),
        ["m13m15", "m13m11", "m13l13", "m13n13"].iter().map(ToString::to_string).collect()
    );
    let mut p = pos(&framed(&[("(PS)", "m13")]));
    assert_eq!(
        texts_of(&mut p, "m13"),
        ["m13m15", "m13k11", "m13o11", "m13l13", "m13n13"].iter().map(ToString::to_string).collect()
    );
    let mut p = pos(&framed(&[("N", "m13")]));
    assert_eq!(texts_of(&mut p, "m13"), ["m13l15", "m13n15"].iter().map(ToString::to_string).collect());
}

#[test]
fn t9b_turtle_snake_is_not_a_sparrow() {
    let mut p = pos(&framed(&[("(TS)", "m13")]));
    let ts = texts_of(&mut p, "m13");
    assert!(ts.contains("m13m11") && ts.contains("m13m14") && !ts.contains("m13m15"));
    let mut p = pos(&framed(&[("(VS)", "m13")]));
    let vs = texts_of(&mut p, "m13");
    assert!(vs.contains("m13m15") && !vs.contains("m13m11"));
    // Option TS_AS_DAT: the Turtle-Snake moves like the Sparrow.
    let v = with_options(&[("turtle_snake_as_dat", "on")]);
    let mut p = pos_in(&v, &framed(&[("(TS)", "m13")]));
    let s = sq("m13");
    let got: BTreeSet<String> =
        legal_move_list(&mut p).into_iter().filter(|m| m.from == s).map(|m| format_move(&v, m)).collect();
    assert_eq!(got, vs);
}

#[test]
fn range_limited_moves_cannot_jump() {
    // Lion Dog (Q3): a friend on m14 stops the forward line; an enemy on n14 is captured but
    // not passed.
    let mut p = pos(&framed(&[("(LD)", "m13"), ("P", "m14"), ("p", "n14")]));
    let got = texts_of(&mut p, "m13");
    assert!(!got.contains("m13m15") && !got.contains("m13m16"));
    assert!(got.contains("m13n14") && !got.contains("m13o15"));
    assert_eq!(got.len(), 24 - 3 - 2);
    // She-Devil (R5B2): range 5 forward stops at the first piece.
    let mut p = pos(&framed(&[("(SD)", "m13"), ("p", "m16")]));
    let got = texts_of(&mut p, "m13");
    assert!(got.contains("m13m16") && !got.contains("m13m17"));
}

#[test]
fn jumps_leap_over_anything() {
    // Kylin: D leaps over occupied first squares; Knight over pawns.
    let mut p = pos(&framed(&[("(KY)", "m13"), ("P", "m14"), ("p", "m15"), ("P", "l14")]));
    let got = texts_of(&mut p, "m13");
    assert!(got.contains("m13m15"));
    assert!(!got.contains("m13m14") && !got.contains("m13l14"));
}

#[test]
fn teaching_king_v2_adds_a_three_step_lion_move() {
    let v = with_options(&[("teaching_king_v2", "on")]);
    let mut p = pos_in(&v, &framed(&[("+(DV)", "m13")]));
    // The option widens the board's padding, so squares are this variant's own.
    let s = v.shape.parse_square("m13").unwrap();
    let n = legal_move_list(&mut p).into_iter().filter(|m| m.from == s).count();
    // Free King's 96, plus the squares of the 7x7 block off the eight lines (8 at distance 2,
    // 16 at distance 3), plus the pass.
    assert_eq!(n, 96 + 8 + 16 + 1);
    // With enemies on m14 and n15 (the Teaching King's own lines), a three-step walk takes
    // both and ends on o16, or takes both and steps back onto m14.
    let mut p = pos_in(&v, &framed(&[("+(DV)", "m13"), ("p", "m14"), ("p", "n15")]));
    let texts: BTreeSet<String> =
        legal_move_list(&mut p).into_iter().filter(|m| m.from == s).map(|m| format_move(&v, m)).collect();
    for t in ["m13m14,m14n15,n15o16", "m13n15,n15m14", "m13m14,m14m13", "m13m14,m14l15"] {
        assert!(texts.contains(t), "{t} missing");
    }
    // Without the option the Teaching King is a Free King: no igui.
    let mut p = pos(&framed(&[("+(DV)", "m13"), ("p", "m14")]));
    assert!(!texts_of(&mut p, "m13").contains("m13m14,m14m13"));
}

// ---------- T10: promotion bookkeeping (section 6) ----------

#[test]
fn t10_promotion_bookkeeping() {
    let v = tai();
    let mut p = pos(&framed(&[("(LN)", "m13"), ("p", "m14")]));
    let got = texts_of(&mut p, "m13");
    assert_eq!(got.len(), 33);
    let m = parse_move(&mut p, "m13m14,m14m13").unwrap();
    p.make(m);
    assert_eq!(p.piece_at(sq("m13")).map(kyodai::Piece::kind), v.kind_by_id("+LN"));
    assert!(p.piece_at(sq("m14")).is_none());

    let mut p = pos(&fen(&[("E", "a2"), ("(CP)", "b2"), ("(DE)", "m10"), ("e", "y24"), ("p", "m11")], 'w'));
    let m = parse_move(&mut p, "m10m11").unwrap();
    p.make(m);
    assert_eq!(p.piece_at(sq("m11")).map(kyodai::Piece::kind), v.kind_by_id("+DE"));
    assert_eq!(p.royal_count(Color::White), 3);
    assert!(p.to_fen().contains("+(DE)"));

    // +(EB) moves as a Lion and stays +(EB) when it captures.
    let mut p = pos(&framed(&[("+(EB)", "m13"), ("p", "m14")]));
    assert_eq!(moves_of(&mut p, "m13").len(), 33);
    for m in moves_of(&mut p, "m13") {
        assert_eq!(m.promotion(), None);
    }
    // A promoted piece never promotes again; a piece without a promoted form just captures.
    let mut p = pos(&framed(&[("+(PS)", "m13"), ("p", "m20")]));
    assert!(moves_of(&mut p, "m13").iter().all(|m| m.promotion().is_none()));
    let mut p = pos(&framed(&[("P", "m13"), ("p", "m14")]));
    assert_eq!(moves_of(&mut p, "m13")[0].promotion(), None);
}

#[test]
fn a_double_capture_promotes_once_and_a_plus_suffix_is_accepted() {
    let v = tai();
    let mut p = pos(&framed(&[("(LN)", "m13"), ("p", "m14"), ("p", "m15")]));
    let m = parse_move(&mut p, "m13m14,m14m15").unwrap();
    assert_eq!(m.promotion(), v.kind_by_id("+LN"));
    assert_eq!(format_move(&v, m), "m13m14,m14m15", "forced promotion is not written");
    assert_eq!(parse_move(&mut p, "m13m14,m14m15+").unwrap(), m);
    assert!(parse_move(&mut p, "m13m14,m14m15=").is_err());
}

// ---------- T11: start position (section 10) ----------

/// 298 legal moves (perft/data/tai.txt has the perft numbers, the second player's too).
#[test]
fn t11_start_position_298() {
    let v = tai();
    let mut p = Position::start(&v);
    assert_eq!(legal_move_list(&mut p).len(), 298);
}

#[test]
fn t11_start_moves_by_piece() {
    let v = tai();
    let mut p = Position::start(&v);
    let ms = legal_move_list(&mut p);
    let from_count = |s: &str| ms.iter().filter(|m| m.from == sq(s)).count();
    assert_eq!(from_count("m1"), 271);
    assert_eq!(from_count("h8") + from_count("r8"), 2);
    assert_eq!(from_count("d6") + from_count("v6"), 2);
    let pawns: usize = "abcdefghijklmnopqrstuvwxy".chars().map(|f| from_count(&format!("{f}7"))).sum();
    assert_eq!(pawns, 23);
    assert_eq!(from_count("m4"), 0, "the Lion is boxed in: no jump, no pass");
}

#[test]
fn start_fen_round_trips_and_counts_pieces() {
    let v = tai();
    let p = Position::start(&v);
    assert_eq!(p.to_fen(), v.start_fen);
    assert_eq!(p.pieces(Color::White).len(), 177);
    assert_eq!(p.pieces(Color::Black).len(), 177);
    let start_types: BTreeSet<_> = p.pieces(Color::White).iter().map(|&s| p.piece_at(s).unwrap().kind()).collect();
    assert_eq!(start_types.len(), 93);
    // The array maps onto itself under a 180-degree turn with colours swapped.
    let shape = v.shape;
    for s in shape.squares() {
        let t = shape.square(24 - shape.file_of(s), 24 - shape.rank_of(s)).unwrap();
        match (p.piece_at(s), p.piece_at(t)) {
            (None, None) => {}
            (Some(a), Some(b)) => assert!(a.kind() == b.kind() && a.color() != b.color(), "{}", shape.name(s)),
            _ => panic!("asymmetric at {}", shape.name(s)),
        }
    }
}

// ---------- T12: repetition (section 7.3) ----------

#[test]
fn t12_repeating_the_start_position_is_illegal() {
    let v = tai();
    let mut p = Position::start(&v);
    for t in ["m1m10", "m25m16", "m10m1"] {
        let m = parse_move(&mut p, t).unwrap();
        p.make(m);
    }
    let legal = legal_move_list(&mut p);
    assert_eq!(legal.len(), 300);
    assert!(parse_move(&mut p, "m16m25").is_err());
    assert!(parse_move(&mut p, "m16m1").is_err(), "m1 is protected by its neighbours");
    // By the movement rules alone there are 301 moves.
    assert_eq!(perft(&mut p, 1, History::Ignore), 301);
}

// ---------- T13: victory (section 7.1) ----------

#[test]
fn t13_capturing_the_last_royal_wins() {
    let mut p = pos(&fen(&[("E", "a2"), ("(LN)", "w23"), ("e", "y25")], 'w'));
    let m = parse_move(&mut p, "w23y25").unwrap();
    p.make(m);
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: Reason::AllRoyalsCaptured }));
    let mut p = pos(&fen(&[("E", "a2"), ("(LN)", "w23"), ("e", "y25"), ("(cp)", "b3")], 'w'));
    let m = parse_move(&mut p, "w23y25").unwrap();
    p.make(m);
    assert_eq!(outcome(&p), None);
}

#[test]
fn no_legal_move_loses() {
    // Section 7.2. The second player's Crown Prince on a1 is boxed in by its own Pawns on a2,
    // b2, b1; those Pawns move toward rank 1, where a1 and b1 are their own and b1 has no
    // square ahead. No legal move: the second player loses.
    let mut z = pos(&fen(&[("E", "m13"), ("(cp)", "a1"), ("p", "a2"), ("p", "b2"), ("p", "b1")], 'b'));
    assert!(legal_move_list(&mut z).is_empty());
    assert_eq!(outcome(&z), Some(Outcome::Win { winner: Color::White, reason: Reason::NoLegalMove }));
}
