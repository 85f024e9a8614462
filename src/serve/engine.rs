//! Who plays for the board besides people: the [`Opponent`] interface, and Kyodai's own search
//! behind it.
//!
//! An opponent gets the game (start position and the moves so far, as text in our notation)
//! and answers with a move text, which the session then checks with the rules core like a
//! person's move. External engines (UCI, USI, XBoard, through the protocol clients of
//! `kyodai match`) are the other implementation, in `external.rs`.

use crate::geometry::Color;
use crate::notation::{format_move, parse_move, MoveError};
use crate::position::Position;
use crate::protocol::client::{ClientError, LinkError};
use crate::search::{Info, Limits, Score, Searcher};
use crate::tournament::game::Forfeit;
use crate::tournament::player::Unfit;
use crate::tournament::referee::ReplayError;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Time kept back from the clock for each engine move.
const OVERHEAD: Duration = Duration::from_millis(50);

/// How long a player may think, as chosen on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed time per move.
    MoveTime(Duration),
    Depth(u32),
    /// A clock: the time each side had at the start, what it has left now (first player
    /// first), and the increment per move.
    Clock {
        base: Duration,
        left: [Duration; 2],
        increment: Duration,
    },
    /// Until stopped (analysis).
    Infinite,
}

impl Budget {
    /// Kyodai's search limits for the side to move.
    pub fn limits(&self, side: Color) -> Limits {
        match *self {
            Budget::MoveTime(t) => Limits { movetime: Some(t), ..Limits::default() },
            Budget::Depth(d) => Limits::depth(d),
            Budget::Clock { left, increment, .. } => {
                Limits { time: Some(left[side.index()]), increment, overhead: OVERHEAD, ..Limits::default() }
            }
            Budget::Infinite => Limits { infinite: true, ..Limits::default() },
        }
    }
}

/// What an opponent is asked to think about.
pub struct ThinkRequest {
    /// The game's start position (the variant and its options come with it).
    pub start: Position,
    /// The moves since the start, in our notation.
    pub moves: Vec<String>,
    pub budget: Budget,
    pub multipv: usize,
}

/// An opponent's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A move in our notation (the session still checks it with the rules core).
    Move(String),
    /// No move: the game is over, or the search was stopped before it had one.
    Nothing,
    /// The player loses the game: it resigned, claimed a result falsely, or sent a move the
    /// rules refuse or that cannot be read (the match's referee says which).
    Forfeit(Forfeit),
}

/// One line of analysis, in text: the score is for the side to move.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Line {
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    /// Centipawns, when the score is not a mate.
    pub cp: Option<i32>,
    /// Moves to mate (negative: being mated), when it is.
    pub mate: Option<i32>,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
}

/// Why a player could not answer.
#[derive(Debug)]
pub enum ThinkError {
    /// A move of the game does not replay (Kyodai's own search).
    Move(MoveError),
    /// The game's moves do not replay (an external engine).
    Replay(ReplayError),
    /// Analysis (an infinite budget) asked of an external engine.
    OnlyKyodaiAnalyses,
    /// The external engine cannot play this game at all: why.
    CannotPlay(Unfit),
    /// The external engine failed (crashed, went silent, broke the protocol, refused the
    /// game); it is started again when it next has to move, unless it cannot play the game.
    Engine(ClientError),
}

impl std::fmt::Display for ThinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ThinkError::Move(e) => write!(f, "{e}"),
            ThinkError::Replay(e) => write!(f, "{e}"),
            ThinkError::OnlyKyodaiAnalyses => f.write_str("only Kyodai analyses on the board"),
            ThinkError::CannotPlay(why) => write!(f, "cannot play this game: {why}"),
            ThinkError::Engine(e) => {
                match e {
                    ClientError::Link(LinkError::Closed) => {
                        f.write_str("the engine closed its connection (it crashed or quit)")?;
                    }
                    ClientError::Link(LinkError::Timeout) => f.write_str("the engine did not answer in time")?,
                    ClientError::Link(LinkError::Interrupted) => f.write_str("interrupted")?,
                    ClientError::Protocol(m) => write!(f, "protocol error: {m}")?,
                    ClientError::Unsupported(why) => return write!(f, "cannot play this game: {why}"),
                }
                f.write_str("; it is started again when it next has to move")
            }
        }
    }
}

impl std::error::Error for ThinkError {}

/// A player that is not a person.
pub trait Opponent: Send {
    /// The name shown on the page.
    fn name(&self) -> &str;
    /// A new game starts (forget what was learnt).
    fn new_game(&mut self) {}
    /// Thinks until the budget runs out or `stop` is set, reporting lines to `info`. An error
    /// says why the player could not answer (it crashed, went silent, cannot play the game).
    fn think(
        &mut self,
        req: &ThinkRequest,
        stop: &AtomicBool,
        info: &mut dyn FnMut(Line),
    ) -> Result<Decision, ThinkError>;
    /// The server stops: end whatever runs outside this process.
    fn shutdown(&mut self) {}
}

/// Kyodai's own search.
pub struct Kyodai {
    searcher: Searcher,
}

impl Kyodai {
    pub fn new(hash_mb: usize, threads: usize) -> Kyodai {
        Kyodai { searcher: Searcher::new(hash_mb, threads) }
    }
}

impl Opponent for Kyodai {
    fn name(&self) -> &str {
        "Kyodai"
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn think(
        &mut self,
        req: &ThinkRequest,
        stop: &AtomicBool,
        info: &mut dyn FnMut(Line),
    ) -> Result<Decision, ThinkError> {
        let mut pos = req.start.clone();
        for t in &req.moves {
            let m = parse_move(&mut pos, t).map_err(ThinkError::Move)?;
            pos.make(m);
        }
        let v = std::sync::Arc::clone(pos.game());
        let limits = req.budget.limits(pos.side());
        let r = self.searcher.search(&pos, &limits, req.multipv.max(1), stop, &mut |i: &Info| {
            info(line(&v, i));
        });
        Ok(r.best.map_or(Decision::Nothing, |m| Decision::Move(format_move(&v, m))))
    }
}

fn line(v: &crate::Game, i: &Info) -> Line {
    let (cp, mate) = match i.score {
        Score::Cp(c) => (Some(c), None),
        Score::Mate(m) => (None, Some(m)),
    };
    Line {
        multipv: i.multipv,
        depth: i.depth,
        seldepth: i.seldepth,
        cp,
        mate,
        nodes: i.nodes,
        nps: i.nps,
        time_ms: i.time.as_millis() as u64,
        pv: i.pv.iter().map(|&m| format_move(v, m)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kyodai_answers_with_a_legal_move_text() {
        let v = crate::Game::builtin("chu").unwrap();
        let req = ThinkRequest {
            start: Position::start(&v),
            moves: vec!["f4f5".into()],
            budget: Budget::Depth(2),
            multipv: 1,
        };
        let mut lines = Vec::new();
        let answer = Kyodai::new(1, 1).think(&req, &AtomicBool::new(false), &mut |l| lines.push(l)).unwrap();
        let Decision::Move(mv) = answer else { panic!("no move: {answer:?}") };
        let mut pos = Position::start(&v);
        let m = parse_move(&mut pos, "f4f5").unwrap();
        pos.make(m);
        assert!(parse_move(&mut pos, &mv).is_ok());
        assert!(!lines.is_empty() && lines.last().unwrap().depth == 2);
    }
}
