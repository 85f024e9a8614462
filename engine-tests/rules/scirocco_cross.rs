//! Cross-checks against the independent reference generator (`scirocco_reference.rs`):
//! legal move sets and results on random positions and games, perft counted twice, attack
//! detection against generated captures, make/unmake and both move-text forms.

use super::reference::{RefPos, IDS};
use super::support::{board_field, token, Rng};
use super::{assert_moves, pos, sc, texts, START};
use kyodai::movegen::{self, attack::is_attacked};
use kyodai::notation::{format_explicit, format_move, parse_move};
use kyodai::perft::perft;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::legality::History;
use kyodai::rules::outcome::{outcome, Outcome};
use kyodai::{Color, Move, Position};
use std::sync::Arc;

/// A random position: both royals, 2–14 pieces a side drawn from all 36 types, often crowded
/// into a small window and often around Dervishes and Harpies so relays, hops and shots occur.
fn random_fen(rng: &mut Rng) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 10]; 10];
    let (w0, h0) = if rng.below(2) == 0 { (rng.below(5) as usize, rng.below(5) as usize) } else { (0, 0) };
    let span = if w0 + h0 > 0 { 6 } else { 10 };
    let place = |rng: &mut Rng, grid: &mut Vec<Vec<Option<String>>>, t: String| {
        for _ in 0..50 {
            let f = w0 + rng.below(span as u64) as usize;
            let r = h0 + rng.below(span as u64) as usize;
            if f < 10 && r < 10 && grid[f][r].is_none() {
                grid[f][r] = Some(t);
                return;
            }
        }
    };
    for blue in [true, false] {
        let royal = if rng.below(6) == 0 { "EM" } else { "K" };
        place(rng, &mut grid, token(royal, blue));
        if rng.below(3) > 0 {
            let relayer = if rng.below(2) == 0 { "DE" } else { "HA" };
            place(rng, &mut grid, token(relayer, blue));
        }
        let n = 1 + rng.below(13);
        for _ in 0..n {
            let id = IDS[rng.below(IDS.len() as u64) as usize];
            place(rng, &mut grid, token(id, blue));
        }
    }
    format!("{} {}", board_field(&grid), if rng.below(2) == 0 { "w" } else { "b" })
}

/// Whether a pseudo-legal capture of `by` removes the piece on `s`.
fn captured_by_generation(p: &Position, s: kyodai::Square, by: Color) -> bool {
    let q = if p.side() == by {
        p.clone()
    } else {
        let fen = p.board_fen() + if by == Color::White { " w" } else { " b" };
        Position::from_fen(p.game(), &fen).unwrap()
    };
    let mut moves = Vec::new();
    movegen::generate(&q, &mut moves);
    moves.iter().any(|m| (m.to == s && m.from != s) || m.mids().any(|x| x == s))
}

/// Every check at one position of a game: the reference's legal moves and result, attack
/// detection on every occupied square, make/unmake, both text forms.
fn check_position(p: &mut Position, r: &RefPos, line: &[String]) {
    let ctx = || format!("{} after [{}]", p.to_fen(), line.join(" "));
    let ctx = ctx();
    assert_moves(&texts(p), &r.legal_texts(), &format!("legal moves vs reference at {ctx}"));
    let ours = outcome(p).map(|o| match o {
        Outcome::Win { winner, .. } => winner == Color::White,
        Outcome::Draw { .. } => panic!("Scirocco has no draws: {o} at {ctx}"),
    });
    assert_eq!(ours, r.result(), "result at {ctx}");
    let v = Arc::clone(p.game());
    for s in v.shape.squares() {
        if let Some(pc) = p.piece_at(s) {
            let by = pc.color().flip();
            assert_eq!(
                is_attacked(p, s, by),
                captured_by_generation(p, s, by),
                "is_attacked({}, by {}) at {ctx}",
                v.shape.name(s),
                by.name()
            );
        }
    }
    for m in legal_move_list(p) {
        let before = p.clone();
        let u = p.make(m);
        p.debug_check().unwrap_or_else(|e| panic!("{} at {ctx}: {e}", format_move(&v, m)));
        p.unmake(m, u);
        assert!(*p == before, "make/unmake of {} at {ctx}", format_move(&v, m));
        for t in [format_move(&v, m), format_explicit(&v, m)] {
            assert_eq!(parse_move(p, &t).unwrap_or_else(|e| panic!("{t} at {ctx}: {e}")), m, "{t} at {ctx}");
        }
    }
}

#[test]
fn random_positions_and_games_agree_with_the_reference() {
    let mut rng = Rng(0x5C1_20CC0);
    let mut compared = 0;
    for _ in 0..400 {
        let fen = random_fen(&mut rng);
        let mut p = pos(&fen);
        let mut r = RefPos::from_fen(&fen).unwrap();
        let mut line = Vec::new();
        for _ in 0..8 {
            check_position(&mut p, &r, &line);
            compared += 1;
            let legal = legal_move_list(&mut p);
            if legal.is_empty() {
                break;
            }
            // Prefer captures and promotions half of the time, so games change materially.
            let special: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.promotion().is_some() || m.mids().next().is_some() || p.piece_at(m.to).is_some())
                .collect();
            let m = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len() as u64) as usize]
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            let t = format_move(&sc(), m);
            let rm = r.legal().into_iter().find(|x| x.text() == t).expect("reference has the move");
            p.make(m);
            r.make(rm);
            line.push(t);
        }
    }
    assert!(compared > 2000, "{compared}");
}

#[test]
fn repetition_agrees_with_the_reference_on_shuffling_games() {
    // Kings and Wazirs walking back and forth in a small box: repeats happen often.
    let mut rng = Rng(7);
    for _ in 0..60 {
        let fen = "9k/8w1/10/10/10/10/10/10/1W8/K9 w";
        let mut p = pos(fen);
        let mut r = RefPos::from_fen(fen).unwrap();
        let mut line = Vec::new();
        for _ in 0..40 {
            assert_moves(&texts(&mut p), &r.legal_texts(), &format!("after [{}]", line.join(" ")));
            let legal = legal_move_list(&mut p);
            if legal.is_empty() {
                break;
            }
            // Mostly moves of the first two listed pieces back and forth.
            let m = legal[rng.below(legal.len().min(4) as u64) as usize];
            let t = format_move(&sc(), m);
            let rm = r.legal().into_iter().find(|x| x.text() == t).unwrap();
            p.make(m);
            r.make(rm);
            line.push(t);
        }
    }
}

/// The reference generator's perft of the start position on the numbers of
/// `perft/data/scirocco.txt` (the engine counts them in the perft harness; how each number was
/// established is in the file).
fn reference_start_perft(speed: crate::perft_data::Speed) {
    let (fen, counts) = crate::perft_data::position("scirocco", "start", speed);
    assert_eq!(fen, START);
    let r = RefPos::from_fen(&fen).unwrap();
    for (depth, expected) in counts {
        assert_eq!(r.perft(depth), expected, "reference perft {depth}");
    }
}

#[test]
fn start_perft_counted_twice() {
    reference_start_perft(crate::perft_data::Speed::Quick);
}

#[test]
fn midgame_perft_agrees_with_the_reference() {
    let mut rng = Rng(99);
    for _ in 0..12 {
        let fen = random_fen(&mut rng);
        let mut p = pos(&fen);
        let r = RefPos::from_fen(&fen).unwrap();
        assert_eq!(perft(&mut p, 2, History::Apply), r.perft(2), "perft 2 of {fen}");
    }
}

/// Depth 5 from the start (about a minute for the reference generator):
/// `cargo test --test scirocco_rules -- --ignored`.
#[test]
#[ignore = "slow: about a minute for the reference generator"]
fn start_perft_5_counted_twice() {
    reference_start_perft(crate::perft_data::Speed::Slow);
}
