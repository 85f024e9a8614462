//! A game being played: where it started, the moves played since, and the position they lead to
//! (with the history the repetition rules need). One type for every part of Kyodai that keeps a
//! game going: the engine's protocols, the match referee and its engine clients, the web board,
//! the KIF writer.

use crate::game::Game;
use crate::moves::Move;
use crate::position::{Position, Undo};
use crate::rules::outcome::{outcome, Outcome};
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
    pub fn outcome(&mut self) -> Option<Outcome> {
        outcome(&mut self.pos)
    }
}
