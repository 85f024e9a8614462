//! A game being played: where it started, the moves played since, and the position they lead to
//! (with the history the repetition rules need). One type for every part of Kyodai that keeps a
//! game going: the engine's protocols, the match referee and its engine clients, the web board,
//! the KIF writer, self-play and the tuner's games. And the result of a game as records write
//! it ([`GameResult`]).

use crate::game::Game;
use crate::geometry::Color;
use crate::moves::Move;
use crate::position::{Position, Undo};
use crate::rules::outcome::{outcome, Outcome};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// One game: its start, its moves, and the current position. Moves are played and taken back
/// through [`Record::play`] and [`Record::undo`], which keep the three in step.
#[derive(Clone)]
pub struct Record {
    /// The position the game started from (the game's start, or a position given by FEN).
    pub start: Position,
    /// The moves played from `start`, in order.
    pub moves: Vec<Move>,
    /// The position after `moves`, with the history of the whole game.
    pub pos: Position,
    undos: Vec<Undo>,
}

impl Record {
    /// A game from `start`.
    pub fn from_position(start: Position) -> Record {
        Record { pos: start.clone(), start, moves: Vec::new(), undos: Vec::new() }
    }

    /// A game from the start position of `game`.
    pub fn new(game: &Arc<Game>) -> Record {
        Record::from_position(Position::start(game))
    }

    /// The compiled game being played.
    pub fn game(&self) -> &Arc<Game> {
        self.start.game()
    }

    /// Plays `m`, a legal move of the current position.
    pub fn play(&mut self, m: Move) {
        let u = self.pos.make(m);
        self.moves.push(m);
        self.undos.push(u);
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match (self.moves.pop(), self.undos.pop()) {
            (Some(m), Some(u)) => {
                self.pos.unmake(m, u);
                true
            }
            _ => false,
        }
    }

    /// The result if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        outcome(&self.pos)
    }
}

/// The result of a game as game records and protocols write it: `1-0`, `0-1`, `1/2-1/2`, or
/// `*` for a game not finished. The one place these texts are written and read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: the first player (White, sente) won.
    WhiteWins,
    /// `0-1`: the second player won.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game is not over (or its end is not known).
    #[default]
    Unfinished,
}

impl GameResult {
    /// Every result, finished ones first.
    pub const ALL: [GameResult; 4] =
        [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unfinished];

    /// The result of a win by `c`.
    pub fn win(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The result of a game that ended as `o`, or is not over (`None`).
    pub fn of(o: Option<Outcome>) -> GameResult {
        match o {
            Some(Outcome::Win { winner, .. }) => GameResult::win(winner),
            Some(Outcome::Draw { .. }) => GameResult::Draw,
            None => GameResult::Unfinished,
        }
    }

    /// The side that won, if one did.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Unfinished => None,
        }
    }

    /// Whether the game is over (won or drawn).
    pub fn is_finished(self) -> bool {
        self != GameResult::Unfinished
    }

    /// The first player's score: 1, 0.5 or 0; `None` while the game is unfinished.
    pub fn white_score(self) -> Option<f64> {
        match self {
            GameResult::WhiteWins => Some(1.0),
            GameResult::BlackWins => Some(0.0),
            GameResult::Draw => Some(0.5),
            GameResult::Unfinished => None,
        }
    }

    /// The result's text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn text(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(o: Outcome) -> GameResult {
        GameResult::of(Some(o))
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// A text that is no game result (`GameResult`'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultError {
    /// The text read.
    pub found: String,
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is no game result (1-0, 0-1, 1/2-1/2 or *)", self.found)
    }
}

impl std::error::Error for ResultError {}

impl FromStr for GameResult {
    type Err = ResultError;

    /// Reads `1-0`, `0-1`, `1/2-1/2` or `*`, exactly.
    fn from_str(s: &str) -> Result<GameResult, ResultError> {
        GameResult::ALL.into_iter().find(|r| r.text() == s).ok_or_else(|| ResultError { found: s.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_back_what_they_write() {
        for r in GameResult::ALL {
            assert_eq!(r.to_string().parse(), Ok(r));
        }
        assert_eq!(
            "½-½".parse::<GameResult>().unwrap_err().to_string(),
            "'½-½' is no game result (1-0, 0-1, 1/2-1/2 or *)"
        );
        assert_eq!(GameResult::win(Color::Black).winner(), Some(Color::Black));
        assert_eq!(GameResult::of(None), GameResult::Unfinished);
    }
}
