//! The book's sample games (appendices B–E) replayed by the engine move by move: every book move
//! reads as exactly one legal move whose text is the book's, the game is not over before its
//! last move, the final position is the rules page's, and the result is the one it gives (the
//! Mirza game both with succession, its default, and without).

use crate::common::{assert_moves, sample_moves, set};
use crate::engine::*;
use crate::reference::{Options, Outcome};
use kyodai::notation::{format_move, parse_move};
use kyodai::{Move, Position};
use std::sync::Arc;

/// Replays a sample game; returns the final position and every move with its position before.
fn replay(name: &str, o: Options) -> (Position, Vec<(Position, Move)>) {
    let g = game_with(name, o);
    let mut p = Position::start(&g);
    let mut made = Vec::new();
    for (i, t) in sample_moves(name).into_iter().enumerate() {
        assert_eq!(outcome_of(&mut p), None, "{name}: the game ended before ply {}", i + 1);
        let m = parse_move(&mut p, t).unwrap_or_else(|e| panic!("{name} ply {}: {e}", i + 1));
        assert_eq!(format_move(&g, m), t, "{name} ply {}", i + 1);
        made.push((p.clone(), m));
        p.make(m);
        p.debug_check().unwrap_or_else(|e| panic!("{name} ply {}: {e}", i + 1));
    }
    (p, made)
}

/// The piece the move at `ply` (from 1) becomes, and its text.
fn promotion_at(made: &[(Position, Move)], ply: usize) -> (String, Option<String>) {
    let (p, m) = &made[ply - 1];
    let g = Arc::clone(p.game());
    (format_move(&g, *m), m.promotion().map(|k| g.piece(k).id.clone()))
}

#[test]
fn patchanka_sample_game_black_wins() {
    let (mut p, made) = replay("patchanka", Options::default());
    assert_eq!(made.len(), 150);
    assert_eq!(p.to_fen(), "4k5/6b1hr/10/6p2p/8p1/p3sh2P1/2p1b2PR1/6I3/5K4/2r1m5 w - - 2 76");
    assert_eq!(outcome_of(&mut p), Some(Outcome::Checkmate { white_wins: false }));
    // 15...f6e5 and 55...h5g4 take en passant (a Soldier, a Pawn); 59...b3b1 and 74...c2d1
    // promote to Badger and Medusa.
    for (ply, text, victim) in [(30, "f6e5", "e6"), (110, "h5g4", "g5")] {
        let (before, m) = &made[ply - 1];
        assert_eq!(format_move(before.game(), *m), text);
        assert_eq!(m.kind, kyodai::moves::MoveKind::EnPassant, "{text}");
        assert_eq!(id_on(&played(before, text), victim), None, "{text} removes the piece on {victim}");
    }
    assert_eq!(promotion_at(&made, 118), ("b3b1".into(), Some("B".into())));
    assert_eq!(promotion_at(&made, 148), ("c2d1".into(), Some("M".into())));
}

#[test]
fn heavy_shako_sample_game_white_wins() {
    let (mut p, made) = replay("heavy-shako", Options::default());
    assert_eq!(made.len(), 131);
    assert_eq!(p.to_fen(), "6kw2/4e1b3/4S3p1/5QPp1p/8e1/3P5c/7E2/1W4PPP1/7K2/7W1C b - - 4 66");
    assert_eq!(outcome_of(&mut p), Some(Outcome::Checkmate { white_wins: true }));
    assert!(made.iter().all(|(_, m)| m.kind == kyodai::moves::MoveKind::Normal && m.promotion().is_none()));
}

#[test]
fn timurid_babur_sample_game_white_wins() {
    let (mut p, made) = replay("timurid-babur", Options::default());
    assert_eq!(made.len(), 157);
    let end = "5k6/5(PR)6/3pQ4e2/11p/10p1/1p5p1p2/2p9/3P3P4/3(PR)4P1M1/PPP6PPP/5K6/2c8E b - f10 0 79";
    assert_eq!(p.to_fen(), end);
    assert_eq!(outcome_of(&mut p), Some(Outcome::Checkmate { white_wins: true }), "Black has no Prince");
    // 66. e10e12: a Pawn double step that promotes and leaves no e.p. square.
    assert_eq!(promotion_at(&made, 131), ("e10e12".into(), Some("Q".into())));
    assert_eq!(made[131].0.to_fen().split_whitespace().nth(3), Some("-"));
}

#[test]
fn timurid_mirza_sample_game_ends_by_succession_or_mate() {
    let end = "3R4b3/5cc1k3/G7U3/p4C6/1p6(SH)2p/2p3p2p2/2P2p3P2/1PE1pM4P1/9N1P/PB4(pr)1B3/4K7/11R b - - 0 82";
    let (mut p, made) = replay("timurid-mirza", Options::default());
    assert_eq!(made.len(), 163);
    assert_eq!(p.to_fen(), end);
    assert_eq!(promotion_at(&made, 133), ("g8f12".into(), Some("G".into())));
    assert_eq!(promotion_at(&made, 149), ("i9g12".into(), Some("U".into())));
    // Succession on (default): exactly one legal move, the swap with the Prince g3.
    assert_moves(&texts(&mut p), &set("i11g3"), "Mirza end, succession on");
    assert_eq!(outcome_of(&mut p), None);
    let after = played(&p, "i11g3");
    assert_eq!(id_on(&after, "g3").as_deref(), Some("k"));
    assert_eq!(id_on(&after, "i11").as_deref(), Some("pr"));
    // Succession off (the book, Jocly): checkmate, White wins.
    let (mut off, _) = replay("timurid-mirza", Options { succession: false, ..Options::default() });
    assert_eq!(outcome_of(&mut off), Some(Outcome::Checkmate { white_wins: true }));
}

/// 1.6, 2.5, 3.7: the positions after the first ten moves and their legal-move counts.
#[test]
fn positions_after_the_first_ten_moves() {
    for (name, count) in [("patchanka", 59), ("heavy-shako", 62), ("timurid-babur", 95), ("timurid-mirza", 68)] {
        let moves = sample_moves(name)[..20].join(" ");
        let mut p = played(&Position::start(&game(name)), &moves);
        assert_eq!(texts(&mut p).len(), count, "{name}");
        agree(name, &p.to_fen(), Options::default());
    }
}

/// Every move of the sample games agrees with the reference in every seventh position, and
/// every legal move there reads back from its text.
#[test]
fn sample_game_positions_agree_with_the_reference_and_round_trip() {
    for name in ["patchanka", "heavy-shako", "timurid-babur", "timurid-mirza"] {
        let (_, made) = replay(name, Options::default());
        for (p, _) in made.iter().step_by(7) {
            agree(name, &p.to_fen(), Options::default());
            let g = Arc::clone(p.game());
            let mut q = p.clone();
            for m in kyodai::rules::legality::legal_move_list(&mut q) {
                assert_eq!(parse_move(&mut q, &format_move(&g, m)), Ok(m), "{name}: {}", format_move(&g, m));
            }
        }
    }
}
