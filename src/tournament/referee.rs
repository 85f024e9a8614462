//! The referee: the only place where the match runner touches the rules core. A move is legal
//! iff our legal move list contains it; the game ends when `outcome` says so.

use crate::game::Game as Compiled;
use crate::geometry::Color;
use crate::notation::{format_move, parse_move, MoveError};
use crate::position::fen::FenError;
use crate::position::Position;
use crate::record::{GameResult, Record};
use crate::rules::legality::legal_move_list;
use crate::rules::outcome::{outcome, Outcome};
use crate::variant::setup::SetupSpecError;
use crate::variant::{NoMoves, Repetition, Variant};
use std::fmt;
use std::sync::Arc;

/// A game under the referee's eye.
pub struct Referee {
    pub game: Record,
}

/// The result of a finished game and its words (`White wins: all royals captured`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub result: GameResult,
    pub reason: String,
}

/// `White` or `Black`, as result texts write them.
pub fn side_name(c: Color) -> &'static str {
    if c == Color::White {
        "White"
    } else {
        "Black"
    }
}

impl Verdict {
    pub fn of(o: Outcome) -> Verdict {
        Verdict { result: GameResult::from(o), reason: o.summary() }
    }
}

/// A FEN the game refuses, and why.
#[derive(Clone, Debug)]
pub struct BadFen {
    pub fen: String,
    pub why: FenError,
}

impl fmt::Display for BadFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN '{}': {}", self.fen, self.why)
    }
}

impl std::error::Error for BadFen {}

/// Why a list of moves cannot be replayed; `number` counts from 1.
#[derive(Clone, Debug)]
pub enum ReplayError {
    /// A move after the game ended, and the reason it ended.
    AfterEnd { number: usize, text: String, reason: String },
    Move {
        number: usize,
        text: String,
        /// Boxed: the error is large and this path is rare.
        why: Box<MoveError>,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::AfterEnd { number, text, reason } => {
                write!(f, "move {number} ({text}) comes after the end of the game ({reason})")
            }
            ReplayError::Move { number, text, why } => write!(f, "move {number} ({text}): {why}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The position a FEN describes in `v` (the start position without one).
pub fn start_position(v: &Arc<Compiled>, fen: Option<&str>) -> Result<Position, BadFen> {
    match fen {
        Some(f) => Position::from_fen(v, f).map_err(|why| BadFen { fen: f.to_string(), why }),
        None => Ok(Position::start(v)),
    }
}

/// The FEN of the game's start position.
pub fn start_fen(v: &Arc<Compiled>) -> String {
    Position::start(v).to_fen()
}

/// The FEN of array `spec` (Scirocco, Typhoon: `--setup`).
pub fn setup_fen(v: &Variant, spec: &str) -> Result<String, SetupSpecError> {
    v.setup_fen(spec)
}

/// The number of start arrays a game offers (1 without array freedom).
pub fn setup_count(v: &Variant) -> usize {
    v.setup.as_ref().map_or(1, super::super::variant::setup::SetupRules::count)
}

/// Whether any rule of `v` can end a game drawn (the `--draw` adjudication needs one).
pub fn has_draws(v: &Variant) -> bool {
    let r = &v.rules;
    r.no_moves == NoMoves::StalemateDraws
        || r.bare_kings_draw
        || r.lone_royals_draw
        || r.fifty_move_rule
        || r.move_cap > 0
        || matches!(
            r.repetition,
            Repetition::DrawThird
                | Repetition::DrawFourth
                | Repetition::FirstRepetition
                | Repetition::FourthAttackerLoses
        )
}

impl Referee {
    pub fn new(start: Position) -> Referee {
        Referee { game: Record::from_position(start) }
    }

    pub fn side(&self) -> Color {
        self.game.pos.side()
    }

    pub fn fen(&self) -> String {
        self.game.pos.to_fen()
    }

    /// Plays `text` if it is a legal move here; returns its canonical text, or why not.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let m = parse_move(&mut self.game.pos, text)?;
        self.game.play(m);
        Ok(format_move(self.game.game(), m))
    }

    /// The result if the game is over by its rules.
    pub fn verdict(&mut self) -> Option<Verdict> {
        outcome(&self.game.pos).map(Verdict::of)
    }

    /// The text of the legal move number `pick(n)` of the `n` legal moves, if any.
    pub fn nth_legal(&mut self, pick: impl FnOnce(usize) -> usize) -> Option<String> {
        let legal = legal_move_list(&mut self.game.pos);
        if legal.is_empty() {
            return None;
        }
        Some(format_move(self.game.game(), legal[pick(legal.len()) % legal.len()]))
    }
}

/// Replays `moves` from `start` (each move's canonical text, or the first error with its
/// number). Used for openings and for reading PGN back.
pub fn replay(start: Position, moves: &[String]) -> Result<(Referee, Vec<String>), ReplayError> {
    let mut r = Referee::new(start);
    let mut out = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        if let Some(v) = r.verdict() {
            return Err(ReplayError::AfterEnd { number: i + 1, text: m.clone(), reason: v.reason });
        }
        out.push(r.play(m).map_err(|why| ReplayError::Move { number: i + 1, text: m.clone(), why: Box::new(why) })?);
    }
    Ok((r, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_and_draw_rules() {
        let chu = Compiled::builtin("chu").unwrap();
        let bigorra = Compiled::builtin("bigorra").unwrap();
        assert!(!has_draws(&chu), "Chu Shogi has no draw rule");
        assert!(has_draws(&bigorra));
        let (mut r, texts) = replay(Position::start(&chu), &["f4f5".into(), "g9g8".into()]).unwrap();
        assert_eq!(texts, vec!["f4f5", "g9g8"]);
        assert!(r.play("a1a9").is_err());
        assert_eq!(r.verdict(), None);
        let e = replay(Position::start(&chu), &["f4f5".into(), "f4f5".into()]).err().unwrap().to_string();
        assert!(e.starts_with("move 2 (f4f5)"), "{e}");
    }
}
