//! Helpers of the Cazaux reference tests: positions by FEN, move sets by origin, exact set
//! comparison, data files.

use crate::pieces::Sq;
use crate::reference::{parse_sq, Options, Pos};
use std::collections::BTreeSet;

pub fn pos(game: &str, fen: &str) -> Pos {
    Pos::from_fen(game, fen).unwrap_or_else(|e| panic!("{game} FEN {fen}: {e}"))
}

pub fn pos_with(game: &str, fen: &str, opts: Options) -> Pos {
    Pos::from_fen_with(game, fen, opts).unwrap_or_else(|e| panic!("{game} FEN {fen}: {e}"))
}

pub fn sq(name: &str) -> Sq {
    parse_sq(name).unwrap_or_else(|| panic!("square {name}"))
}

pub fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(str::to_string).collect()
}

/// The legal moves of the pieces on `from`, as text.
pub fn moves_of(p: &Pos, from: &[&str]) -> BTreeSet<String> {
    let squares: Vec<Sq> = from.iter().map(|f| sq(f)).collect();
    p.legal_moves().iter().filter(|m| squares.contains(&m.from)).map(|m| p.text(m)).collect()
}

#[track_caller]
pub fn assert_moves(actual: &BTreeSet<String>, expected: &BTreeSet<String>, ctx: &str) {
    if actual != expected {
        let missing: Vec<_> = expected.difference(actual).collect();
        let extra: Vec<_> = actual.difference(expected).collect();
        panic!(
            "{ctx}: {} moves, expected {}\n  missing: {missing:?}\n  unexpected: {extra:?}",
            actual.len(),
            expected.len()
        );
    }
}

/// Plays `moves` (our notation) from `p`.
pub fn play(p: &Pos, moves: &str) -> Pos {
    let mut q = p.clone();
    for t in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = q.parse_move(t).unwrap_or_else(|e| panic!("{e}"));
        q = q.make(&m);
    }
    q
}

/// A data file of `data/cazaux/`, read at compile time so the tests need no working directory.
pub fn data(name: &str) -> &'static str {
    match name {
        "patchanka-sample" => include_str!("../data/cazaux/patchanka-sample.txt"),
        "heavy-shako-sample" => include_str!("../data/cazaux/heavy-shako-sample.txt"),
        "timurid-babur-sample" => include_str!("../data/cazaux/timurid-babur-sample.txt"),
        "timurid-mirza-sample" => include_str!("../data/cazaux/timurid-mirza-sample.txt"),
        "perft" => include_str!("../data/cazaux/perft.txt"),
        "perft-fsf" => include_str!("../data/cazaux/perft-fsf.txt"),
        "fsf-patchanka" => include_str!("../data/cazaux/fsf-patchanka.txt"),
        "fsf-heavy-shako" => include_str!("../data/cazaux/fsf-heavy-shako.txt"),
        other => panic!("no data file {other}"),
    }
}

/// The lines of a data file without comments and blank lines.
pub fn data_lines(name: &str) -> impl Iterator<Item = &'static str> {
    data(name).lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The moves of a sample-game file (move numbers dropped).
pub fn sample_moves(game: &str) -> Vec<&'static str> {
    data_lines(&format!("{game}-sample")).flat_map(str::split_whitespace).filter(|t| !t.ends_with('.')).collect()
}
