//! Engine-vs-itself games, adjudicated by our own rules: used by `kyodai selfplay` and by the
//! tests that check the engine never plays an illegal move.

use crate::legality::legal_move_list;
use crate::notation::format_move;
use crate::outcome::{outcome, Outcome};
use crate::position::Position;
use crate::search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;

/// A finished (or capped) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub start_fen: String,
    pub moves: Vec<String>,
    /// `None` when the ply cap ended the game.
    pub outcome: Option<Outcome>,
}

impl GameRecord {
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished), PGN style.
    pub fn result_tag(&self) -> &'static str {
        match self.outcome {
            Some(Outcome::Win { winner: crate::Color::White, .. }) => "1-0",
            Some(Outcome::Win { .. }) => "0-1",
            Some(Outcome::Draw { .. }) => "1/2-1/2",
            None => "*",
        }
    }

    /// The moves numbered in pairs: `1. a b 2. c d ...`.
    pub fn move_text(&self) -> String {
        let mut s = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                if i > 0 {
                    s.push(' ');
                }
                s.push_str(&format!("{}. ", i / 2 + 1));
            } else {
                s.push(' ');
            }
            s.push_str(m);
        }
        s
    }
}

/// Plays one game from `start` with `limits` per move, at most `max_plies` plies.
/// `on_move` sees each move as it is played (for progress output).
pub fn play_game(
    start: &Position,
    searcher: &mut Searcher,
    limits: &Limits,
    max_plies: usize,
    on_move: &mut dyn FnMut(usize, &str),
) -> GameRecord {
    let v = start.variant().clone();
    let mut pos = start.clone();
    let stop = AtomicBool::new(false);
    let mut moves = Vec::new();
    searcher.clear();
    for ply in 0..max_plies {
        if let Some(o) = outcome(&mut pos) {
            return GameRecord { start_fen: start.to_fen(), moves, outcome: Some(o) };
        }
        let r = searcher.search(&pos, limits, 1, &stop, &mut |_| {});
        let Some(m) = r.best else { break };
        debug_assert!(legal_move_list(&mut pos).contains(&m));
        let text = format_move(&v, m);
        on_move(ply, &text);
        moves.push(text);
        pos.make(m);
    }
    let o = outcome(&mut pos);
    GameRecord { start_fen: start.to_fen(), moves, outcome: o }
}
