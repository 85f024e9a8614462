//! The engine's counts and move lists against two other counters: the reference generator's
//! start perft (`data/cazaux/perft.txt`, whose depths 1–4 of Patchanka and Heavy Shako
//! Fairy-Stockfish confirms in `perft-fsf.txt`), Fairy-Stockfish's legal moves for positions of
//! random games (`fsf-*.txt`, made by `engine-tests/compare/cazaux_fsf.py`), and the reference
//! on random games played here, every position compared move by move.

use crate::common::{assert_moves, data_lines};
use crate::engine::*;
use crate::pieces::GAME_NAMES;
use crate::reference::{self, Options};
use kyodai::perft::{divide, perft};
use kyodai::rules::legality::{legal_move_list, History};
use kyodai::Position;
use std::collections::BTreeSet;

/// `(game, depth, count, method)` rows of `perft.txt` and `perft-fsf.txt`.
fn perft_rows() -> Vec<(&'static str, u32, u64, &'static str)> {
    data_lines("perft")
        .chain(data_lines("perft-fsf"))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap(), f[3])
        })
        .collect()
}

fn check_perft(min_depth: u32, max_depth: u32, threads: usize) {
    let rows = perft_rows();
    for g in GAME_NAMES {
        let p = Position::start(&game(g));
        for depth in min_depth..=max_depth {
            let expected: Vec<_> = rows.iter().filter(|r| r.0 == g && r.1 == depth).collect();
            assert!(!expected.is_empty(), "{g} depth {depth}: no row in perft.txt");
            let count: u64 = divide(&p, depth, threads, History::Ignore).iter().map(|(_, n)| n).sum();
            for (_, _, n, method) in expected {
                assert_eq!(count, *n, "{g} perft({depth}) against {method}");
            }
        }
    }
}

/// Depths 1–3 from every start: the reference's counts (depth 1 the rules page's hand count),
/// and Fairy-Stockfish's for Patchanka and Heavy Shako.
#[test]
fn start_perft_to_depth_3_agrees_with_the_reference_and_fairy_stockfish() {
    check_perft(1, 3, 1);
}

/// Depth 4 (about 90 million leaves in all; a minute on two cores in a test build):
/// `cargo test --test cazaux_rules -- --ignored`.
#[test]
#[ignore = "slow: about a minute on two cores in a test build"]
fn start_perft_4_agrees_with_the_reference_and_fairy_stockfish() {
    check_perft(4, 4, 2);
}

/// Fairy-Stockfish's legal moves (`fsf-<game>.txt`: a `fen` line, then the sorted `moves` in
/// our notation) are the engine's, and the engine writes the same FEN back. The files were made
/// by `python3 engine-tests/compare/cazaux_fsf.py` (defaults: seed 16, 320 positions of uniform
/// random games plus 160 of games biased toward promotions, castling, Pawn moves and captures)
/// with pyffish 0.0.90 (Fairy-Stockfish 230826 LB) and `cazaux-variants.ini`; the script turns
/// Fairy-Stockfish's move and FEN text into ours (promotion marks, Patchanka's promoted
/// Kirin/Phoenix letters, the e.p. square after a Soldier's double step: see the .ini), and
/// running it again with the same seed writes the same files.
fn check_fsf_positions(name: &str) -> usize {
    let file = format!("fsf-{name}");
    let mut lines = data_lines(&file).filter(|l| !l.starts_with("perft"));
    let mut count = 0;
    while let Some(fen_line) = lines.next() {
        let fen = fen_line.strip_prefix("fen ").unwrap_or_else(|| panic!("{file}: expected 'fen', got {fen_line}"));
        let moves = lines.next().and_then(|l| l.strip_prefix("moves")).expect("a 'moves' line");
        let expected: BTreeSet<String> = moves.split_whitespace().map(str::to_string).collect();
        let mut p = epos(name, fen);
        assert_eq!(p.to_fen(), fen, "the FEN writer gives back the script's FEN");
        assert_moves(&texts(&mut p), &expected, &format!("{name} {fen}"));
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

/// SplitMix64: a fixed sequence, independent of the engine.
use crate::shared::SplitMix as Rng;

/// Plays `games` random games of `name` with both programs side by side: at every ply the same
/// FEN, legal moves (as text) and outcome. Half the games favour captures, promotions, castling
/// and King moves, so that the special rules come up; returns the number of positions compared.
fn random_games(name: &str, o: Options, games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut compared = 0;
    for g in 0..games {
        let mut r = reference::Game::new(reference::Pos::start(name));
        r.pos.opts = o;
        let mut p = Position::start(&game_with(name, o));
        if o.timurid_castling {
            // The reference's start position carries the rights when castling is on.
            r = reference::Game::new(reference::Pos::from_fen_with(name, &p.to_fen(), o).unwrap());
        }
        for ply in 0..plies {
            let ctx = format!("{name} {o:?} game {g} ply {ply}: {}", r.pos.to_fen());
            assert_eq!(p.to_fen(), r.pos.to_fen(), "{ctx}");
            let legal = r.pos.legal_moves();
            assert_moves(&texts(&mut p), &r.pos.legal_texts(), &ctx);
            assert_eq!(outcome_of(&mut p), r.outcome(), "{ctx}");
            compared += 1;
            if r.outcome().is_some() {
                break;
            }
            let special: Vec<_> = legal
                .iter()
                .filter(|m| {
                    m.promo.is_some()
                        || m.special != reference::Special::None
                        || r.pos.at(m.to).is_some()
                        || r.pos.at(m.from).is_some_and(|pc| pc.kind == crate::pieces::Kind::King)
                })
                .collect();
            let m = if g % 2 == 1 && !special.is_empty() && rng.index(3) > 0 {
                *special[rng.index(special.len())]
            } else {
                legal[rng.index(legal.len())]
            };
            let t = r.pos.text(&m);
            r.play(&t).unwrap();
            p = played(&p, &t);
        }
        p.debug_check().unwrap_or_else(|e| panic!("{name} game {g}: {e}"));
    }
    compared
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut total = 0;
    for (i, name) in GAME_NAMES.iter().enumerate() {
        total += random_games(name, Options::default(), 6, 160, 16 + i as u64);
    }
    total += random_games("timurid-herat", Options { timurid_castling: true, ..Options::default() }, 6, 160, 99);
    total += random_games("timurid-mirza", Options { succession: false, ..Options::default() }, 4, 160, 98);
    total += random_games("patchanka", Options { okapi_text: true, ..Options::default() }, 4, 160, 97);
    assert!(total > 5000, "{total} positions");
}

/// Perft with bulk counting equals the sum of the leaves counted one by one, in positions with
/// castling, promotions and succession (the legal move list is the only source of both).
#[test]
fn perft_counts_special_positions_like_the_reference() {
    let cases = [
        ("heavy-shako", "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1", 3),
        ("heavy-shako", "4k5/2P7/10/10/10/10/10/10/5K4/10 w - - 0 1", 3),
        ("timurid-herat", "12/4(PR)7/12/12/12/12/12/11k/12/12/12/K11 w - - 0 1", 3),
        ("timurid-herat", "k11/1Q10/2K9/12/12/12/12/12/12/12/11(pr)/11(pr) b - - 0 1", 3),
        ("patchanka", "4k5/10/4s5/10/3P1S4/10/10/10/10/4K5 b - - 0 1", 3),
    ];
    for (name, fen, depth) in cases {
        let mut p = epos(name, fen);
        let r = reference::Pos::from_fen(name, fen).unwrap();
        assert_eq!(perft(&mut p, depth, History::Ignore), r.perft(depth), "{name} {fen}");
        assert!(!legal_move_list(&mut p).is_empty());
    }
}
