//! Helpers shared by the rules suites of Scirocco and Typhoon (the same move-list checks on
//! games of the same family): squares by name, legal moves as text, expected-set comparison,
//! playing moves by text.

use kyodai::notation::{format_move, parse_move};
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{Outcome, Reason};
use kyodai::{Color, Move, Position, Square};
use std::collections::BTreeSet;
use std::sync::Arc;

#[path = "../support/common.rs"]
mod common;
pub use common::{placement, SplitMix as Rng};

pub fn sq(p: &Position, name: &str) -> Square {
    p.game().shape.parse_square(name).unwrap_or_else(|e| panic!("square {name}: {e}"))
}

pub fn texts(p: &mut Position) -> BTreeSet<String> {
    let v = Arc::clone(p.game());
    legal_move_list(p).into_iter().map(|m| format_move(&v, m)).collect()
}

/// The legal moves of the pieces on `from`, as canonical text.
pub fn moves_of(p: &mut Position, from: &[&str]) -> BTreeSet<String> {
    let squares: Vec<Square> = from.iter().map(|f| sq(p, f)).collect();
    let v = Arc::clone(p.game());
    legal_move_list(p).into_iter().filter(|m| squares.contains(&m.from)).map(|m| format_move(&v, m)).collect()
}

pub fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(str::to_string).collect()
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

pub fn play(p: &mut Position, t: &str) -> Move {
    let m = parse_move(p, t).unwrap_or_else(|e| panic!("{t} in {}: {e}", p.to_fen()));
    p.make(m);
    m
}

pub fn id_on(p: &Position, s: &str) -> Option<(String, Color)> {
    p.piece_at(sq(p, s)).map(|pc| (p.game().piece(pc.kind()).id.clone(), pc.color()))
}

pub fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// A piece's FEN token: upper case for the first player, parentheses for multi-letter IDs.
pub fn token(id: &str, blue: bool) -> String {
    let t = if blue { id.to_string() } else { id.to_ascii_lowercase() };
    if t.len() == 1 {
        t
    } else {
        format!("({t})")
    }
}

/// The FEN board field of `grid[file][rank]` (tokens or empty squares), top rank first.
pub fn board_field(grid: &[Vec<Option<String>>]) -> String {
    let ranks = grid.first().map_or(0, Vec::len);
    let by_rank: Vec<Vec<Option<&str>>> =
        (0..ranks).map(|r| grid.iter().map(|column| column[r].as_deref()).collect()).collect();
    placement(&by_rank)
}
