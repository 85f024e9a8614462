//! Bigorra rules, section 9: the sample game.

use super::hand_checks::K4_FEN;
use super::helpers::*;
use kyodai::notation::parse_move;
use kyodai::rules::legality::{in_check, legal_move_list};
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Move, Position};
use std::collections::BTreeSet;

const NINE_ONE: [(&str, &str, usize); 20] = [
    ("h5h7", "b Kk h6 0 1", 52),
    ("i12i10", "w Kk i11 0 2", 54),
    ("h4h6", "b Kk h5 0 2", 54),
    ("g12g10", "w Kk g11 0 3", 62),
    ("g4g7", "b Kk - 1 3", 53),
    ("h12h11", "w Kk - 0 4", 74),
    ("i5i7", "b Kk i6 0 4", 55),
    ("i13i11", "w Kk i12 0 5", 76),
    ("h7h8", "b Kk - 0 5", 61),
    ("j12j10", "w Kk j11 0 6", 78),
    ("j5j7", "b Kk j6 0 6", 60),
    ("e13h10", "w Kk - 1 7", 76),
    ("j7j8", "b Kk - 0 7", 69),
    ("j10j9", "w Kk - 0 8", 76),
    ("l5l6", "b Kk - 0 8", 70),
    ("k12k10", "w Kk k11 0 9", 78),
    ("k5k7", "b Kk k6 0 9", 70),
    ("f12f10", "w Kk f11 0 10", 79),
    ("k4k6", "b Kk k5 0 10", 73),
    ("f10f9", "w Kk - 0 11", 97),
];

/// §9.1: the first ten moves, with the FEN fields and the legal-move count after every ply,
/// and the FEN after 10...f10f9.
#[test]
fn sample_game_first_ten_moves() {
    let mut p = Position::start(&variant());
    for (i, (mv, f, n)) in NINE_ONE.iter().enumerate() {
        play(&mut p, mv);
        assert_eq!(fields(&p), *f, "fields after ply {} ({mv})", i + 1);
        assert_eq!(legal_move_list(&mut p).len(), *n, "legal moves after ply {} ({mv})", i + 1);
        p.debug_check().unwrap();
        assert_eq!(pos(&p.to_fen()).hash(), p.hash(), "hash after ply {} ({mv}) differs from its FEN's", i + 1);
    }
    assert_eq!(
        p.to_fen(),
        "(hk)(mm)(sq)(ch)jfo(az)(dw)duj(ch)(sq)(mm)(hk)/cmzvaxlkqghyvzmc/ernb(sh)(sn)(pr)ww(pr)(sn)(sh)bnre/tsts1sts1tststst/ppppp6ppppp/7ps7/6ptp1p5/5p3p6/7P1P6/6T1P1P5/7S2SP4/PPPPPPP5PPPP/TSTSTS2ST1TSTST/ERNB(SH)(SN)(PR)WW(PR)(SN)(SH)BNRE/CMZVAXLKQGHYVZMC/(HK)(MM)(SQ)(CH)JFO(AZ)(DW)DUJ(CH)(SQ)(MM)(HK) w Kk - 0 11"
    );
}

fn sample_game() -> Vec<&'static str> {
    include_str!("../data/bigorra_sample_game.txt").split_whitespace().filter(|t| !t.ends_with('.')).collect()
}

pub const FINAL_FEN: &str = "1(mm)e13/1mzk1j10/7c4j3/1stsn(pr)6z3/pp2(sq)11/2p2(hk)3s6/8r7/3P12/2PT3P1J6/3SP1P9/P3S(HK)1S8/1P1N2(PR)K(az)7/2S4(SQ)8/E5JW8/5R4(AZ)5/1(MM)14 w - - 7 233";

/// §9.2, Appendix A: the whole 464-ply game. Every move is legal and matches exactly one
/// generated move; the e.p. captures 27. l8m9 and 30. j8k9 and the King's leap 169. h2f3 behave
/// as stated; nothing promotes; the game is not over before the end; the last position is the
/// given FEN and checkmate, Black wins. Taking every move back restores the start.
#[test]
fn sample_game_whole() {
    let moves = sample_game();
    assert_eq!(moves.len(), 464);
    let mut p = Position::start(&variant());
    let mut played: Vec<(Move, kyodai::position::Undo)> = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + 1;
        let number = i / 2 + 1;
        let white = i % 2 == 0;
        assert_eq!(outcome(&p), None, "game over before ply {ply} ({number}. {mv}) in {}", p.to_fen());
        let list = legal_move_list(&mut p);
        let texts: BTreeSet<String> = list.iter().map(|&m| text(m)).collect();
        assert_eq!(texts.len(), list.len(), "duplicate moves before ply {ply}");
        let m = parse_move(&mut p, mv).unwrap_or_else(|e| panic!("ply {ply} ({number}. {mv}): {e}\n{}", p.to_fen()));
        assert_eq!(list.iter().filter(|x| x.from == m.from && x.to == m.to).count(), 1, "ply {ply}");
        assert_eq!(text(m), *mv);
        assert_eq!(m.promotion(), None, "no promotions in the game (ply {ply}, {mv})");
        let before = p.clone();
        if number == 169 && white {
            assert_eq!(p.to_fen(), K4_FEN, "the position before 169. h2f3 is K-4");
        }
        let u = p.make(m);
        p.debug_check().unwrap_or_else(|e| panic!("after ply {ply} ({mv}): {e}"));
        assert_eq!(pos(&p.to_fen()).hash(), p.hash(), "hash after ply {ply} ({mv}) differs from its FEN's");
        match (number, white) {
            (27, true) => {
                assert_eq!(*mv, "l8m9");
                assert!(before.piece_at(sq("m8")).is_some() && before.piece_at(sq("m9")).is_none());
                assert_eq!(before.ep_square(), Some(sq("m9")));
                assert_eq!(piece_on(&p, "m8"), None, "27. l8m9 captures m8 e.p.");
                assert_eq!(piece_on(&p, "m9").map(|x| x.0), Some(Color::White));
                assert_eq!(p.pieces(Color::Black).len() + 1, before.pieces(Color::Black).len());
            }
            (30, true) => {
                assert_eq!(*mv, "j8k9");
                assert!(before.piece_at(sq("k8")).is_some() && before.piece_at(sq("k9")).is_none());
                assert_eq!(piece_on(&p, "k8"), None, "30. j8k9 captures k8 e.p.");
                assert_eq!(p.pieces(Color::Black).len() + 1, before.pieces(Color::Black).len());
            }
            (169, true) => {
                assert_eq!(*mv, "h2f3");
                assert_eq!(piece_on(&before, "h2"), Some((Color::White, "K".into())));
                assert!(before.leap_right(Color::White));
                assert_eq!(piece_on(&p, "f3"), Some((Color::White, "K".into())));
                assert!(!p.leap_right(Color::White));
            }
            _ => {}
        }
        played.push((m, u));
    }
    assert_eq!(p.to_fen(), FINAL_FEN);
    assert!(legal_move_list(&mut p).is_empty());
    assert!(in_check(&p, Color::White));
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::Black, reason: Reason::Checkmate }));
    // The final FEN read back gives the same verdict.
    let q = pos(FINAL_FEN);
    assert_eq!(q.to_fen(), FINAL_FEN);
    assert_eq!(outcome(&q), Some(Outcome::Win { winner: Color::Black, reason: Reason::Checkmate }));
    // Unmake everything.
    while let Some((m, u)) = played.pop() {
        p.unmake(m, u);
    }
    assert_eq!(p, Position::start(&variant()));
}
