//! A book as a set of openings (for `kyodai match --openings ... format=book` and `kyodai book
//! lines`): every way of following book moves from the start, to a given number of plies or
//! until the book ends, each position taken once, the most likely lines first. Every move of
//! a line is a book move, so every line stays within the builder's margin of the best: varied
//! and balanced openings.

use super::{position_key, Book, Likely};
use crate::notation::format_move;
use crate::position::Position;
use crate::rules::legality::legal_move_list;
use crate::rules::outcome::outcome;
use std::collections::{BinaryHeap, HashSet};

/// One opening: its moves from the start and how likely the book is to play it (the product
/// of the weight shares of its moves).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub moves: Vec<String>,
    pub probability: f64,
}

/// The book's openings of at most `plies` plies, most likely first.
pub fn openings(book: &Book, plies: usize) -> Vec<Line> {
    let v = book.game();
    let start = Position::start(v);
    let mut queue = BinaryHeap::new();
    queue.push(Likely { probability: 1.0, path: Vec::new() });
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    while let Some(Likely { probability, path }) = queue.pop() {
        let mut pos = start.clone();
        for &m in &path {
            pos.make(m);
        }
        if !seen.insert(position_key(&pos)) {
            continue;
        }
        // Book moves of positive weight that the history allows here (repetition rules).
        let mut playable = Vec::new();
        if let Some(e) = book.probe(&pos).filter(|_| path.len() < plies && outcome(&pos).is_none()) {
            let legal = legal_move_list(&mut pos);
            playable.extend(e.moves.iter().filter(|c| c.weight > 0 && legal.contains(&c.mv)));
        }
        if playable.is_empty() {
            if !path.is_empty() {
                out.push(Line { moves: path.iter().map(|&m| format_move(v, m)).collect(), probability });
            }
            continue;
        }
        let total: f64 = playable.iter().map(|c| c.weight as f64).sum();
        for c in playable {
            let mut next = path.clone();
            next.push(c.mv);
            queue.push(Likely { probability: probability * c.weight as f64 / total, path: next });
        }
    }
    out
}
