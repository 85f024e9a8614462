//! Loading a game for play: read its data file (`variant`), compile it (`game::Game::new`) and
//! check that its start position is a playable position (royals, side to move, fields), since
//! `Position::start` relies on it. A game file whose start lacked a royal was accepted and then
//! panicked at its first use (found by fuzzing the game-file reader).

use super::Position;
use crate::game::Game;
use crate::variant::{Variant, VariantError};
use std::sync::Arc;

impl Game {
    /// Loads a built-in game by name or alias (case-insensitive).
    pub fn builtin(name: &str) -> Result<Arc<Game>, VariantError> {
        Game::builtin_with(name, &[])
    }

    /// Loads a built-in game with rule options (see `Variant::builtin_with`).
    pub fn builtin_with(name: &str, options: &[(String, String)]) -> Result<Arc<Game>, VariantError> {
        checked(Game::new(Variant::builtin_with(name, options)?)?)
    }

    /// Reads, checks and compiles a game file.
    pub fn from_toml(text: &str) -> Result<Game, VariantError> {
        Game::from_toml_with(text, &[])
    }

    /// Reads a game file with rule options, checks and compiles it.
    pub fn from_toml_with(text: &str, options: &[(String, String)]) -> Result<Game, VariantError> {
        let game = checked(Game::new(Variant::from_toml_with(text, options)?)?)?;
        // The position checked in `checked` is gone, so this is the only reference.
        Ok(Arc::into_inner(game).expect("no position of a game being loaded survives its check"))
    }
}

/// `game` shared, once its start position reads as a valid position.
fn checked(game: Game) -> Result<Arc<Game>, VariantError> {
    let game = Arc::new(game);
    if let Err(e) = Position::from_fen(&game, &game.start_fen) {
        return Err(VariantError::Game { game: game.name.clone(), message: format!("start position: {e}") });
    }
    Ok(game)
}
