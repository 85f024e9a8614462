//! External engines on the board: an [`Opponent`] made of the match runner's [`Player`] (the
//! engine process and its UCI, USI or XBoard client, started when first needed, restarted
//! after it failed) and its referee, which reads the engine's answer the way `kyodai match`
//! does. The session then checks the move once more, like any move.
//!
//! The board's game can go back (undo, a move of the line, a new game): when the game asked
//! about is not the one the engine was told plus new moves, the engine gets a new game first.

use super::engine::{Budget, Decision, Line, Opponent, ThinkError, ThinkRequest};
use crate::game::Game;
use crate::protocol::client::{ClientError, Clocks, LinkError, NewGame, Proto, SearchLimits, Thinking, TimeControl};
use crate::search::Score;
use crate::tournament::engine::EngineSpec;
use crate::tournament::game::judge;
use crate::tournament::player::{Player, PlayerError};
use crate::tournament::referee::replay;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Start-up and game set-up of an engine get this long at least (see `Player`).
const SETUP_WAIT: Duration = Duration::from_secs(30);
/// How far past its time (per move, or its clock) an engine's answer is still awaited; the
/// session's own clock flags a side first.
const ANSWER_MARGIN: Duration = Duration::from_secs(5);
/// The longest wait for a move searched to a fixed depth (the page can always pause it).
const DEPTH_WAIT: Duration = Duration::from_secs(3600);

/// The game an engine was set up for, and the moves it has seen since.
#[derive(Clone, Debug, PartialEq)]
struct Told {
    start: String,
    limits: SearchLimits,
    moves: Vec<String>,
}

/// An engine named on the command line (`--engine name=.. cmd=.. proto=..`).
pub struct External {
    player: Player,
    told: Option<Told>,
    /// Seeds the built-in random mover, one game after another.
    games: u64,
}

/// An engine setting the board does not take: the page chooses the time and depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitOnEngine;

impl std::fmt::Display for LimitOnEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("tc=, st=, nodes=, depth= and timemargin= are chosen on the page, not with the engine")
    }
}

impl std::error::Error for LimitOnEngine {}

/// The settings of an external engine that the board cannot use: the page chooses the time.
pub fn check_spec(spec: &EngineSpec) -> Result<(), LimitOnEngine> {
    let l = &spec.limits;
    if l.tc.is_some() || l.st.is_some() || l.nodes.is_some() || l.depth.is_some() || spec.timemargin.is_some() {
        return Err(LimitOnEngine);
    }
    Ok(())
}

impl External {
    /// An engine that is not started yet; `halt` stops every wait when the server stops, and
    /// `debug` prints its traffic on stderr.
    pub fn new(spec: EngineSpec, halt: Arc<AtomicBool>, debug: bool) -> External {
        External { player: Player::new(spec, halt, debug, SETUP_WAIT), told: None, games: 0 }
    }

    /// Starts the engine if needed, and gives it a new game unless the game asked about
    /// continues the one it knows.
    fn prepare(&mut self, req: &ThinkRequest, limits: &SearchLimits) -> Result<(), PlayerError> {
        let start = req.start.to_fen();
        let continues = self
            .told
            .as_ref()
            .is_some_and(|t| t.start == start && t.limits == *limits && req.moves.starts_with(&t.moves));
        if continues {
            return Ok(());
        }
        self.told = None;
        self.games += 1;
        let v = req.start.game();
        let standard = crate::tournament::referee::start_fen(v) == start;
        let g = NewGame { variant: v, variant_file: None, fen: (!standard).then_some(start.as_str()), limits };
        self.player.new_game(&g, self.games)?;
        self.told = Some(Told { start, limits: limits.clone(), moves: Vec::new() });
        Ok(())
    }

    /// Why the engine could not answer; the engine is restarted when it failed, not when it
    /// cannot play the game.
    fn failed(&mut self, e: PlayerError) -> ThinkError {
        self.told = None;
        match e {
            PlayerError::Unfit(why) => ThinkError::CannotPlay(why),
            PlayerError::Client(e @ ClientError::Unsupported(_)) => ThinkError::Engine(e),
            PlayerError::Client(e) => {
                self.player.restart();
                ThinkError::Engine(e)
            }
        }
    }
}

/// The limits a protocol sends for a budget, the clocks, and how long to wait for the answer.
fn protocol_limits(b: &Budget, side: usize) -> Result<(SearchLimits, Clocks, Duration), ThinkError> {
    let ms = |d: Duration| d.as_millis() as u64;
    Ok(match *b {
        Budget::MoveTime(t) => {
            (SearchLimits { st: Some(t), ..SearchLimits::default() }, Clocks::default(), t + ANSWER_MARGIN)
        }
        Budget::Depth(d) => (SearchLimits { depth: Some(d), ..SearchLimits::default() }, Clocks::default(), DEPTH_WAIT),
        Budget::Clock { base, left, increment } => (
            SearchLimits { tc: Some(TimeControl { moves: 0, base, inc: increment }), ..SearchLimits::default() },
            Clocks { time: [ms(left[0]), ms(left[1])], inc: [ms(increment); 2], moves_to_go: None },
            left[side] + ANSWER_MARGIN,
        ),
        Budget::Infinite => return Err(ThinkError::OnlyKyodaiAnalyses),
    })
}

/// A search report as a line of the board's analysis.
fn line_of(t: &Thinking, pv: Vec<String>) -> Line {
    let (cp, mate) = match t.score {
        Some(Score::Mate(m)) => (None, Some(m)),
        Some(Score::Cp(c)) => (Some(c), None),
        None => (None, None),
    };
    let (nodes, time_ms) = (t.nodes.unwrap_or(0), t.time.map_or(0, |d| d.as_millis() as u64));
    let depth = t.depth.unwrap_or(0);
    Line { multipv: 1, depth, seldepth: depth, cp, mate, nodes, nps: nodes * 1000 / time_ms.max(1), time_ms, pv }
}

impl Opponent for External {
    fn name(&self) -> &str {
        &self.player.spec.name
    }

    fn new_game(&mut self) {
        self.told = None;
    }

    fn think(
        &mut self,
        req: &ThinkRequest,
        stop: &AtomicBool,
        info: &mut dyn FnMut(Line),
    ) -> Result<Decision, ThinkError> {
        let (mut referee, _) = replay(req.start.clone(), &req.moves).map_err(ThinkError::Replay)?;
        let side = referee.side();
        let (limits, clocks, wait) = protocol_limits(&req.budget, side.index())?;
        if let Err(e) = self.prepare(req, &limits) {
            return Err(self.failed(e));
        }
        let v: Arc<Game> = Arc::clone(referee.game.game());
        let proto: Proto = self.player.spec.proto;
        let mut seen = |l: &str| {
            if let Some(t) = proto.thinking(l) {
                info(line_of(&t, proto.pv_to_ours(&v, &t.pv)));
            }
        };
        let reply = self.player.go_watching(&mut referee, &clocks, Instant::now() + wait, stop, &mut seen);
        let reply = match reply {
            Ok(r) => r,
            // Nobody waits for this answer any more (the game changed, or the server stops).
            Err(ClientError::Link(LinkError::Interrupted)) => {
                self.told = None;
                return Ok(Decision::Nothing);
            }
            Err(e) => return Err(self.failed(PlayerError::Client(e))),
        };
        Ok(match judge(&mut referee, side, &reply) {
            Ok(text) => {
                if let Some(t) = &mut self.told {
                    t.moves = req.moves.clone();
                    t.moves.push(text.clone());
                }
                Decision::Move(text)
            }
            Err(forfeit) => {
                // Its own board may hold the refused move: it gets a new game next time.
                self.told = None;
                Decision::Forfeit(forfeit)
            }
        })
    }

    fn shutdown(&mut self) {
        self.player.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_become_protocol_limits() {
        let s = Duration::from_secs;
        let (l, _, wait) = protocol_limits(&Budget::MoveTime(s(2)), 0).unwrap();
        assert_eq!((l.st, wait), (Some(s(2)), s(2) + ANSWER_MARGIN));
        let clock = Budget::Clock { base: s(60), left: [s(50), s(40)], increment: s(1) };
        let (l, c, wait) = protocol_limits(&clock, 1).unwrap();
        assert_eq!(l.tc, Some(TimeControl { moves: 0, base: s(60), inc: s(1) }));
        assert_eq!((c.time, c.inc, wait), ([50_000, 40_000], [1000, 1000], s(40) + ANSWER_MARGIN));
        assert_eq!(protocol_limits(&Budget::Depth(3), 0).unwrap().0.depth, Some(3));
        assert!(protocol_limits(&Budget::Infinite, 0).is_err());
    }

    #[test]
    fn specs_with_their_own_time_are_refused() {
        let spec = |t: &str| crate::tournament::engine::parse_settings(&[t.to_string()], &[]).unwrap();
        assert!(check_spec(&spec("name=a cmd=b proto=usi option.Hash=8")).is_ok());
        assert!(check_spec(&spec("cmd=b st=1")).unwrap_err().to_string().contains("chosen on the page"));
    }

    #[test]
    fn the_random_mover_plays_and_a_game_that_goes_back_is_set_up_again() {
        let spec = crate::tournament::engine::parse_settings(&["cmd=builtin:random".into()], &[]).unwrap();
        let mut e = External::new(spec, Arc::new(AtomicBool::new(false)), false);
        let v = Game::builtin("chu").unwrap();
        let mut req = ThinkRequest {
            start: crate::position::Position::start(&v),
            moves: vec!["f4f5".into()],
            budget: Budget::Depth(1),
            multipv: 1,
        };
        let mut ask = |req: &ThinkRequest| e.think(req, &AtomicBool::new(false), &mut |_| {}).unwrap();
        let Decision::Move(first) = ask(&req) else { panic!("no move") };
        assert!(replay(req.start.clone(), &[req.moves[0].clone(), first.clone()]).is_ok());
        req.moves = vec!["a4a5".into()];
        assert!(matches!(ask(&req), Decision::Move(_)));
        assert_eq!(e.told.as_ref().map(|t| t.moves.len()), Some(2));
        assert_eq!(e.games, 2, "a game that does not continue the last one is a new game");
    }
}
