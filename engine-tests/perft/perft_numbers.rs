//! Perft: the reference generator's counts of the numbers in `data/<game>.txt`.

use super::engine_vs_reference::{BIGORRA_EP_CHECK, BIGORRA_EP_PIN, BIGORRA_PROMOTIONS, CHU_MELEE, CHU_MELEE_CS};
use super::helpers::*;
use super::perft_data;
use super::reference::{Game, RefPos};

/// The reference generator's own recursive perft on the numbers of `data/<game>.txt`, for each
/// `(position, depth)` (the engine counts every number of the file in `harness.rs`).
fn reference_perft(game: Game, rows: &[(&str, u32)]) {
    let name = match game {
        Game::Bigorra => "bigorra",
        Game::Chu => "chu",
    };
    for &(position, depth) in rows {
        let (fen, counts) = perft_data::position(name, position, perft_data::Speed::Quick);
        let n = counts.iter().find(|&&(d, _)| d == depth).map(|&(_, n)| n);
        let n = n.unwrap_or_else(|| panic!("{name} {position}: no perft({depth}) in the data file"));
        let r = RefPos::from_fen(game, &fen).expect("reference FEN");
        assert_eq!(r.perft(depth), n, "reference perft({depth}) of {position}: {fen}");
    }
}

/// The data file's positions are the ones this file builds (the rules files' test positions).
#[test]
fn perft_data_positions_are_the_rules_files() {
    let f = bigorra_rule_fens();
    let named = [
        ("start", BIGORRA_START),
        ("ply20", BIGORRA_PLY20),
        ("k4", BIGORRA_K4),
        ("h1", &f[1]),
        ("t1", &f[4]),
        ("k1", &f[7]),
        ("k3", &f[9]),
        ("e1", &f[11]),
        ("p1", &f[20]),
        ("ep-pin", BIGORRA_EP_PIN),
        ("ep-check", BIGORRA_EP_CHECK),
        ("promotions", BIGORRA_PROMOTIONS),
    ];
    for (name, fen) in named {
        assert_eq!(perft_data::position("bigorra", name, perft_data::Speed::Quick).0, fen, "bigorra {name}");
    }
    for (name, fen) in [("start", CHU_START), ("melee", CHU_MELEE), ("melee-cs", CHU_MELEE_CS)] {
        assert_eq!(perft_data::position("chu", name, perft_data::Speed::Quick).0, fen, "chu {name}");
    }
}

#[test]
fn chu_start_perft() {
    reference_perft(Game::Chu, &[("start", 1), ("start", 2), ("start", 3)]);
}

#[test]
fn chu_start_perft_4() {
    reference_perft(Game::Chu, &[("start", 4)]);
}

#[test]
fn bigorra_start_perft() {
    reference_perft(Game::Bigorra, &[("start", 1), ("start", 2), ("start", 3)]);
}

#[test]
fn bigorra_midgame_perft_sample_game() {
    reference_perft(Game::Bigorra, &[("ply20", 1), ("ply20", 2), ("k4", 2)]);
}

#[test]
fn bigorra_midgame_perft_sample_game_2() {
    reference_perft(Game::Bigorra, &[("ply121", 2), ("ply200", 2), ("ply440", 2), ("ply440", 3)]);
}

#[test]
fn bigorra_rule_positions_perft() {
    let rows = ["h1", "t1", "k1", "k3", "e1", "p1", "ep-pin", "ep-check"].map(|p| (p, 3));
    reference_perft(Game::Bigorra, &rows);
    reference_perft(Game::Bigorra, &[("promotions", 2)]);
}

#[test]
fn bigorra_promotions_perft_3() {
    reference_perft(Game::Bigorra, &[("promotions", 3)]);
}

#[test]
fn chu_midgame_perft() {
    reference_perft(Game::Chu, &[("random-a", 3), ("random-b", 3), ("c7a", 4)]);
}

#[test]
fn chu_lion_melee_perft() {
    reference_perft(Game::Chu, &[("melee", 3), ("melee-cs", 3)]);
}
