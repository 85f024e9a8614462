//! Perft and move lists counted a second way. `data/cazaux/perft.txt` holds the reference's
//! counts from the start positions (depths 1–3 checked here, depth 4 by the ignored test) and,
//! for Patchanka and Heavy Shako, Fairy-Stockfish's counts for the same depths; the
//! `fsf-*.txt` files hold Fairy-Stockfish's legal moves (in our notation) for positions of
//! random games. Both were produced by `engine-tests/compare/cazaux_fsf.py`.

use crate::common::*;
use crate::pieces::GAME_NAMES;
use crate::reference::Pos;
use std::collections::BTreeSet;

/// `(game, depth, count, method)` rows of `perft.txt`.
fn perft_rows() -> Vec<(&'static str, u32, u64, &'static str)> {
    data_lines("perft")
        .chain(data_lines("perft-fsf"))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap(), f[3])
        })
        .collect()
}

fn check_perft(max_depth: u32, min_depth: u32) {
    let rows = perft_rows();
    for g in GAME_NAMES {
        let p = Pos::start(g);
        for depth in min_depth..=max_depth {
            let expected: Vec<_> = rows.iter().filter(|r| r.0 == g && r.1 == depth).collect();
            assert!(!expected.is_empty(), "{g} depth {depth}: no row in perft.txt");
            let count = p.perft(depth);
            for (_, _, n, method) in expected {
                assert_eq!(count, *n, "{g} perft({depth}) against {method}");
            }
        }
    }
}

/// Depths 1–3 from every start position; for Patchanka and Heavy Shako also Fairy-Stockfish's
/// counts (rows `fsf`). Depth 1 is the rules page's hand count; depth 2 is depth 1 squared in
/// every game (no first move reaches the other side's pieces or changes their moves).
#[test]
fn start_perft_to_depth_3_agrees_with_the_data_file() {
    check_perft(3, 1);
    for g in GAME_NAMES {
        let p = Pos::start(g);
        assert_eq!(p.perft(2), p.perft(1) * p.perft(1), "{g}");
    }
}

/// About two minutes in a test build: `cargo test --test cazaux_reference -- --ignored`.
#[test]
#[ignore = "slow: about two minutes in a test build"]
fn start_perft_4_agrees_with_the_data_file() {
    check_perft(4, 4);
}

/// Prints the reference's start perft for `perft.txt` (run by hand with `--ignored --nocapture`).
#[test]
#[ignore = "prints reference numbers for perft.txt; run by hand with --nocapture"]
fn print_start_perft() {
    let depth: u32 = std::env::var("CAZAUX_PERFT_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(3);
    for g in GAME_NAMES {
        let p = Pos::start(g);
        for d in 1..=depth {
            println!("{g} {d} {} reference", p.perft(d));
        }
    }
}

/// Fairy-Stockfish's legal moves for positions of random games (`fsf-<game>.txt`: a `fen` line,
/// then a `moves` line, sorted, in our notation) against the reference's.
fn check_fsf_positions(game: &str) -> usize {
    let name = format!("fsf-{game}");
    let mut lines = data_lines(&name).filter(|l| !l.starts_with("perft"));
    let mut count = 0;
    while let Some(fen_line) = lines.next() {
        let fen = fen_line.strip_prefix("fen ").unwrap_or_else(|| panic!("{name}: expected 'fen', got {fen_line}"));
        let moves = lines.next().and_then(|l| l.strip_prefix("moves")).expect("a 'moves' line");
        let expected: BTreeSet<String> = moves.split_whitespace().map(str::to_string).collect();
        let p = pos(game, fen);
        assert_eq!(p.to_fen(), fen, "the FEN writer gives back the script's FEN");
        assert_moves(&p.legal_texts(), &expected, &format!("{game} {fen}"));
        count += 1;
    }
    count
}

#[test]
fn patchanka_move_lists_agree_with_fairy_stockfish() {
    assert!(check_fsf_positions("patchanka") >= 300);
}

#[test]
fn heavy_shako_move_lists_agree_with_fairy_stockfish() {
    assert!(check_fsf_positions("heavy-shako") >= 300);
}
