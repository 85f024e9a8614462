//! A made-up game file (`data/mixtape.toml`) mixing powers from different games on a 7x7 board:
//! a Lion (Chu), a Cannon (Bigorra, Shako), a Dervish relay (Scirocco) that is also the King's
//! successor (Timurid), and a Pawn with an initial-rank double step and a choice of promotions
//! (Heavy Shako). Every move list below is counted by hand in its comment.

use crate::common::{assert_moves, set};
use kyodai::notation::parse_move;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Game, Position};
use std::sync::Arc;

const FILE: &str = include_str!("../data/mixtape.toml");

fn pos(fen: &str) -> Position {
    let g = Arc::new(Game::from_toml(FILE).expect("the made-up game loads"));
    Position::from_fen(&g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(p: &mut Position) -> std::collections::BTreeSet<String> {
    let g = Arc::clone(p.game());
    legal_move_list(p).into_iter().map(|m| kyodai::notation::format_move(&g, m)).collect()
}

/// Lion d4 next to a Black Pawn d5: the 24 squares within two king steps (d5 taken), the seven
/// captures of d5 that step on (c4 c5 c6 d6 e4 e5 e6), igui back to d4, and the pass: 33.
/// Cannon d1: c1 b1 (King a1 stops it), e1 f1 g1, d2 d3 (the Lion stops it), and d5 over the
/// Lion: 8. King a1: a2 b1 b2. 44 in all.
#[test]
fn lion_and_cannon() {
    let mut p = pos("6k/7/3p3/3L3/7/7/K2C3 w - - 0 1");
    let mut lion: String = ["b", "c", "d", "e", "f"]
        .iter()
        .flat_map(|f| (2..=6).map(move |r| format!("d4{f}{r} ")))
        .filter(|m| m != "d4d4 ")
        .collect();
    lion += "d4d4 d4d5,d5d4 d4d5,d5c4 d4d5,d5c5 d4d5,d5c6 d4d5,d5d6 d4d5,d5e4 d4d5,d5e5 d4d5,d5e6 ";
    let expected = lion + "d1c1 d1b1 d1e1 d1f1 d1g1 d1d2 d1d3 d1d5 a1a2 a1b1 a1b2";
    assert_moves(&texts(&mut p), &set(&expected), "Lion and Cannon");
    let g = Arc::clone(p.game());
    let mut q = p.clone();
    let m = parse_move(&mut q, "d4d5,d5e6").unwrap();
    q.make(m);
    assert_eq!(q.to_fen(), "6k/4L2/7/7/7/7/K2C3 b - - 0 1", "the double move takes d5 and lands on e6");
    assert_eq!(kyodai::notation::format_move(&g, m), "d4d5,d5e6");
}

/// Dervish d4 with a Cannon d5 (its north neighbour) and a Pawn c3 (diagonal): the Cannon
/// leaps across it to d3 and turns around it to c4 and e4; the Pawn leaps across it to e5. Own
/// moves: Cannon a5 b5 c5 e5 f5 g5 d6 d7; Pawn c4; Dervish c4 e4 d3; King a2 b1 b2. 19.
#[test]
fn dervish_relay() {
    let mut p = pos("6k/7/3C3/3D3/2P4/7/K6 w - - 0 1");
    let expected = "d5a5 d5b5 d5c5 d5e5 d5f5 d5g5 d5d6 d5d7 d5d3 d5c4 d5e4 c3c4 c3e5 d4c4 d4e4 d4d3 a1a2 a1b1 a1b2";
    assert_moves(&texts(&mut p), &set(expected), "relayed moves");
}

/// Pawn b6 promotes on b7 or by taking the Cannon c7, to a Lion or a Cannon, named; Pawn e2
/// double-steps from its initial rank only, and a Black Pawn takes it en passant.
#[test]
fn pawn_initial_rank_choice_of_promotion_and_en_passant() {
    let mut p = pos("2c3k/1P5/7/3p3/7/4P2/K6 w - - 0 1");
    assert_moves(&texts(&mut p), &set("b6b7l b6b7c b6c7l b6c7c e2e3 e2e4 a1a2 a1b1 a1b2"), "White");
    assert!(parse_move(&mut p, "b6b7").is_err(), "the promotion must be named");
    let mut q = pos("6k/7/7/7/4P2/7/K6 w - - 0 1");
    assert_moves(&texts(&mut q), &set("e3e4 a1a2 a1b1 a1b2"), "no double step off the initial rank");
    let m = parse_move(&mut p, "e2e4").unwrap();
    p.make(m);
    assert_eq!(p.to_fen(), "2c3k/1P5/7/3pP2/7/7/K6 b - e3 1 1");
    let m = parse_move(&mut p, "d4e3").unwrap();
    p.make(m);
    assert_eq!(p.to_fen(), "2c3k/1P5/7/7/4p2/7/K6 w - - 0 2", "en passant takes e4");
}

/// Black's King a7 is mated by the Lion b6, which the King c5 protects; its successor, the
/// Dervish g1, stands unattacked: the only move is the exchange. Without succession: mate.
#[test]
fn succession_to_the_dervish() {
    let fen = "k6/1L5/2K4/7/7/7/6d b - - 0 1";
    let mut p = pos(fen);
    assert_moves(&texts(&mut p), &set("a7g1"), "succession");
    assert_eq!(outcome(&p), None);
    let m = parse_move(&mut p, "a7g1").unwrap();
    p.make(m);
    assert_eq!(p.to_fen(), "d6/1L5/2K4/7/7/7/6k w - - 1 2");
    let g = Game::from_toml_with(FILE, &[("succession".into(), "off".into())]).unwrap();
    let off = Position::from_fen(&Arc::new(g), fen).unwrap();
    assert_eq!(outcome(&off), Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate }));
}
