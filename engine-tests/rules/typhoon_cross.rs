//! Cross-checks against the independent reference generator (`typhoon_reference.rs`): legal
//! move sets and the positions they produce on random positions and games, perft counted
//! twice, attack detection against generated captures, make/unmake and both move-text forms.

use super::helpers::{pos, ty, START};
use super::reference::{RefPos, IDS};
use super::support::{assert_moves, board_field, token, Rng};
use kyodai::movegen::attack::is_attacked;
use kyodai::notation::{format_explicit_at, format_move, parse_move};
use kyodai::perft::perft;
use kyodai::rules::legality::legal_moves_with;
use kyodai::rules::legality::History;
use kyodai::{Color, Move, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A random position: a royal each, 2–16 pieces a side drawn from all 75 types, often crowded
/// into a small window and often with Dervishes, Harpies and Immobilizers, so that relays,
/// freezing, hops, sweeps, swaps and conversions occur.
fn random_fen(rng: &mut Rng) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 12]; 12];
    let (w0, h0) = if rng.below(3) > 0 { (rng.below(6) as usize, rng.below(6) as usize) } else { (0, 0) };
    let span = if rng.below(3) > 0 { 6 } else { 12 };
    let place = |rng: &mut Rng, grid: &mut Vec<Vec<Option<String>>>, t: String| {
        for _ in 0..50 {
            let f = w0 + rng.below(span as u64) as usize;
            let r = h0 + rng.below(span as u64) as usize;
            if f < 12 && r < 12 && grid[f][r].is_none() {
                grid[f][r] = Some(t);
                return;
            }
        }
    };
    for blue in [true, false] {
        let royal = ["K", "K", "K", "EM", "EE", "EP", "TP"][rng.below(7) as usize];
        place(rng, &mut grid, token(royal, blue));
        for special in ["DER", "HA", "IM"] {
            if rng.below(3) == 0 {
                place(rng, &mut grid, token(special, blue));
            }
        }
        let n = 1 + rng.below(15);
        for _ in 0..n {
            let id = IDS[rng.below(IDS.len() as u64) as usize];
            place(rng, &mut grid, token(id, blue));
        }
    }
    format!("{} {}", board_field(&grid), if rng.below(2) == 0 { "w" } else { "b" })
}

fn legal(p: &mut Position) -> Vec<Move> {
    let mut v = Vec::new();
    legal_moves_with(p, &mut v, History::Ignore);
    v
}

/// Whether some move of `by` (own or relayed, as the reference generates them) removes or
/// converts the piece on `s`.
fn taken_by_reference(p: &Position, s: kyodai::Square, by: Color) -> bool {
    let fen = p.board_fen() + if by == Color::White { " w" } else { " b" };
    let r = RefPos::from_fen(&fen);
    let shape = p.game().shape;
    let (f, rk) = (shape.file_of(s) as usize, shape.rank_of(s) as usize);
    let before = r.board[f][rk];
    // The defender's piece was removed or changed owner; a swap (text marker `s`) moves it
    // but is no attack (section 5.4).
    r.moves_ignoring_result().iter().any(|m| m.after.board[f][rk] != before && !m.text.contains('s'))
}

/// Every check at one position of a game.
fn check_position(p: &mut Position, r: &RefPos, line: &[String], attacks: bool) {
    let v = Arc::clone(p.game());
    let ctx = format!("{} after [{}]", p.to_fen(), line.join(" "));
    let ours = legal(p);
    let ours_text: BTreeSet<String> = ours.iter().map(|&m| format_move(&v, m)).collect();
    assert_eq!(ours_text.len(), ours.len(), "distinct moves, distinct texts at {ctx}");
    let theirs = r.moves();
    let theirs_text: BTreeSet<String> = theirs.iter().map(|m| m.text.clone()).collect();
    assert_moves(&ours_text, &theirs_text, &format!("legal moves vs reference at {ctx}"));
    for m in &ours {
        let t = format_move(&v, *m);
        let rm = theirs.iter().find(|x| x.text == t).unwrap();
        let before = p.clone();
        let u = p.make(*m);
        assert_eq!(p.to_fen(), rm.after.fen(), "position after {t} at {ctx}");
        p.debug_check().unwrap_or_else(|e| panic!("{t} at {ctx}: {e}"));
        p.unmake(*m, u);
        assert!(*p == before, "make/unmake of {t} at {ctx}");
        for text in [t.clone(), format_explicit_at(p, *m)] {
            assert_eq!(parse_move(p, &text).unwrap_or_else(|e| panic!("{text} at {ctx}: {e}")), *m, "{text} at {ctx}");
        }
    }
    if attacks && !r.decided() {
        for s in v.shape.squares() {
            if let Some(pc) = p.piece_at(s) {
                let by = pc.color().flip();
                assert_eq!(
                    is_attacked(p, s, by),
                    taken_by_reference(p, s, by),
                    "is_attacked({}, by {:?}) at {ctx}",
                    v.shape.name(s),
                    by
                );
            }
        }
    }
}

#[test]
fn random_positions_and_games_agree_with_the_reference() {
    let mut rng = Rng(0x7_1999);
    let mut compared = 0;
    for game in 0..300 {
        let fen = random_fen(&mut rng);
        let mut p = pos(&fen);
        let mut r = RefPos::from_fen(&fen);
        let mut line = Vec::new();
        for ply in 0..8 {
            check_position(&mut p, &r, &line, game % 3 == 0 && ply % 2 == 0);
            compared += 1;
            let ms = legal(&mut p);
            if ms.is_empty() {
                break;
            }
            let m = ms[rng.below(ms.len() as u64) as usize];
            let t = format_move(&ty(), m);
            let rm = r.moves().into_iter().find(|x| x.text == t).expect("reference has the move");
            p.make(m);
            r = rm.after;
            line.push(t);
        }
    }
    assert!(compared > 1500, "{compared}");
}

/// The reference generator's perft of the start position on the numbers of
/// `perft/data/typhoon.txt` with depths in `depths` (the engine counts them in the perft
/// harness; how each number was established is in the file).
fn reference_start_perft(speed: crate::perft_data::Speed, depths: std::ops::RangeInclusive<u32>) {
    let (fen, counts) = crate::perft_data::position("typhoon", "start", speed);
    assert_eq!(fen, START);
    let r = RefPos::from_fen(&fen);
    for (depth, expected) in counts.into_iter().filter(|(d, _)| depths.contains(d)) {
        assert_eq!(super::reference::perft(&r, depth), expected, "reference perft {depth}");
    }
}

#[test]
fn start_perft_counted_twice() {
    reference_start_perft(crate::perft_data::Speed::Quick, 1..=3);
}

#[test]
fn midgame_perft_agrees_with_the_reference() {
    let mut rng = Rng(1999);
    for _ in 0..12 {
        let fen = random_fen(&mut rng);
        let mut p = pos(&fen);
        let r = RefPos::from_fen(&fen);
        assert_eq!(perft(&mut p, 2, History::Ignore), super::reference::perft(&r, 2), "perft 2 of {fen}");
    }
}

/// Depth 4 from the start (a few seconds for the reference generator).
#[test]
fn start_perft_4_counted_twice() {
    reference_start_perft(crate::perft_data::Speed::Quick, 4..=4);
}

/// Depth 5 from the start (minutes for the reference generator):
/// `cargo test --test typhoon_rules -- --ignored`.
#[test]
#[ignore = "slow: minutes for the reference generator"]
fn start_perft_5_counted_twice() {
    reference_start_perft(crate::perft_data::Speed::Slow, 5..=5);
}

/// Whether a pseudo-legal move of `by` (engine generation, own and relayed) removes or converts
/// the defender's piece on `s`: after the move, `s` no longer holds it. Swaps move it without
/// attacking (section 5.4) and are left out.
fn taken_by_generation(p: &Position, s: kyodai::Square, by: Color) -> bool {
    let fen = p.board_fen() + if by == Color::White { " w" } else { " b" };
    let mut q = Position::from_fen(p.game(), &fen).unwrap();
    let victim = q.piece_at(s);
    let mut moves = Vec::new();
    kyodai::movegen::generate(&q, &mut moves);
    moves.into_iter().filter(|m| m.kind != kyodai::moves::MoveKind::Swap).any(|m| {
        let u = q.make(m);
        let taken = q.piece_at(s) != victim;
        q.unmake(m, u);
        taken
    })
}

/// Every section 13 option: make/unmake, move texts and attack detection stay consistent on
/// random games (the reference generator models the defaults only).
#[test]
fn options_keep_the_engine_consistent() {
    let options = [
        ("relays_2009", "on"),
        ("salamander_range", "3"),
        ("tadpole_diagonal_3", "on"),
        ("ee_leaps_capture", "off"),
        ("fire_horse_narrow", "on"),
        ("undertaker_optional", "on"),
        ("pass_needs_empty_neighbour", "on"),
        ("king_promotion_test", "before"),
        ("dayrider_strict", "on"),
        ("relay_respects_no_capture", "on"),
    ];
    let mut rng = Rng(0x0_D7);
    for (key, value) in options {
        let v = kyodai::Game::builtin_with("typhoon", &[(key.into(), value.into())]).unwrap();
        for _ in 0..25 {
            let fen = random_fen(&mut rng);
            let mut p = Position::from_fen(&v, &fen).unwrap();
            let mut line: Vec<String> = Vec::new();
            for ply in 0..6 {
                let ctx = format!("{key}={value}: {} after [{}]", p.to_fen(), line.join(" "));
                let ms = legal(&mut p);
                let texts: BTreeSet<String> = ms.iter().map(|&m| format_move(&v, m)).collect();
                assert_eq!(texts.len(), ms.len(), "distinct texts at {ctx}");
                for &m in &ms {
                    let before = p.clone();
                    let u = p.make(m);
                    p.debug_check().unwrap_or_else(|e| panic!("{} at {ctx}: {e}", format_move(&v, m)));
                    p.unmake(m, u);
                    assert!(p == before, "make/unmake of {} at {ctx}", format_move(&v, m));
                    for t in [format_move(&v, m), format_explicit_at(&p, m)] {
                        assert_eq!(parse_move(&mut p, &t).unwrap_or_else(|e| panic!("{t} at {ctx}: {e}")), m);
                    }
                }
                if ply % 3 == 0 && !kyodai::rules::legality::material_decided(&p) {
                    for s in v.shape.squares() {
                        if let Some(pc) = p.piece_at(s) {
                            let by = pc.color().flip();
                            assert_eq!(
                                is_attacked(&p, s, by),
                                taken_by_generation(&p, s, by),
                                "is_attacked({}, by {by:?}) at {ctx}",
                                v.shape.name(s)
                            );
                        }
                    }
                }
                if ms.is_empty() {
                    break;
                }
                let m = ms[rng.below(ms.len() as u64) as usize];
                line.push(format_move(&v, m));
                p.make(m);
            }
        }
    }
}
