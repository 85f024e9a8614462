//! Engine-vs-itself games, adjudicated by our own rules: used by `kyodai selfplay` and by the
//! tests that check the engine never plays an illegal move.

use crate::book::Book;
use crate::notation::format_move;
use crate::pgn::{movetext, FirstMove};
use crate::position::Position;
use crate::random::Rng;
use crate::record::{GameResult, Record};
use crate::rules::legality::legal_move_list;
use crate::rules::outcome::{outcome, Outcome};
use crate::search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;

/// A finished (or capped) self-play game: the game itself, kept as every other game being
/// played is ([`Record`]: start, moves, position), and how it ended.
#[derive(Clone)]
pub struct SelfPlayGame {
    /// The game: its start, its moves, and the position they reach.
    pub record: Record,
    /// `None` when the ply cap ended the game.
    pub outcome: Option<Outcome>,
    /// How many of the moves came from an opening book.
    pub book_moves: usize,
}

impl SelfPlayGame {
    /// The game's result (unfinished when the ply cap ended it).
    pub fn result(&self) -> GameResult {
        GameResult::of(self.outcome)
    }

    /// The moves numbered in pairs, `1. a b 2. c d ...`, by the PGN writer's numbering.
    pub fn move_text(&self) -> String {
        let game = self.record.game();
        let texts: Vec<String> = self.record.moves.iter().map(|&m| format_move(game, m)).collect();
        movetext(&texts, FirstMove::default(), |_| &[]).join(" ")
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search, with the game's limits.
    Engine,
    /// A uniformly random legal move (seeded generator: the same seed replays the same game).
    Random,
}

/// A word that names no [`Player`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl std::fmt::Display for UnknownPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "player '{}' is not 'engine' or 'random'", self.0)
    }
}

impl std::error::Error for UnknownPlayer {}

impl std::str::FromStr for Player {
    type Err = UnknownPlayer;
    fn from_str(s: &str) -> Result<Player, UnknownPlayer> {
        match s {
            "engine" => Ok(Player::Engine),
            "random" => Ok(Player::Random),
            _ => Err(UnknownPlayer(s.to_string())),
        }
    }
}

/// An opening book for the engine players: while the position is in it, they play its moves
/// (the highest weight with `best`, otherwise drawn by weight from `seed` and the ply).
#[derive(Clone, Copy)]
pub struct BookPlay<'a> {
    pub book: &'a Book,
    pub best: bool,
    pub seed: u64,
}

/// Plays one engine-vs-engine game from `start` with `limits` per move, at most `max_plies`.
/// `on_move` sees each move as it is played (for progress output).
pub fn play_game(
    start: &Position,
    searcher: &mut Searcher,
    limits: &Limits,
    max_plies: usize,
    on_move: &mut dyn FnMut(usize, &str),
) -> SelfPlayGame {
    play_match_game(start, [Player::Engine, Player::Engine], 0, searcher, limits, max_plies, None, on_move)
}

/// Plays one game with `players` for White and Black; `seed` drives random players; the
/// engine plays from `book` while it can.
#[allow(clippy::too_many_arguments)]
pub fn play_match_game(
    start: &Position,
    players: [Player; 2],
    seed: u64,
    searcher: &mut Searcher,
    limits: &Limits,
    max_plies: usize,
    book: Option<BookPlay>,
    on_move: &mut dyn FnMut(usize, &str),
) -> SelfPlayGame {
    let mut game = Record::from_position(start.clone());
    let stop = AtomicBool::new(false);
    let mut book_moves = 0;
    let mut rng = Rng::new(seed);
    searcher.clear();
    for ply in 0..max_plies {
        if outcome(&game.pos).is_some() {
            break;
        }
        let pos = &mut game.pos;
        let m = match players[pos.side().index()] {
            Player::Engine => match book.and_then(|b| b.book.choose(pos, Rng::at(b.seed, ply as u64), b.best)) {
                Some(c) => {
                    book_moves += 1;
                    Some(c.mv)
                }
                None => searcher.search(pos, limits, 1, &stop, &mut |_| {}).best,
            },
            Player::Random => {
                let legal = legal_move_list(pos);
                legal.get(rng.index(legal.len())).copied()
            }
        };
        let Some(m) = m else { break };
        debug_assert!(legal_move_list(pos).contains(&m));
        on_move(ply, &format_move(game.game(), m));
        game.play(m);
    }
    SelfPlayGame { outcome: outcome(&game.pos), record: game, book_moves }
}
