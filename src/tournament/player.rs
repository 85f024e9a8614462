//! A player of the match: an engine process behind its protocol client (started when first
//! needed, restarted after it failed), or the built-in random mover.

use super::engine::EngineSpec;
use super::process::{EngineProcess, SpawnError};
use super::referee::Referee;
use crate::geometry::Color;
use crate::protocol::client::{
    self, Answer, Client, ClientError, Clocks, LinkError, NewGame, Reply, Thinking, Unsupported, Watched,
};
use crate::random::Rng;
use crate::record::GameResult;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why a player could not take part in a game.
#[derive(Debug)]
pub enum PlayerError {
    /// The engine cannot play in this match at all, so the match cannot go on.
    Unfit(Unfit),
    /// The engine failed (crash, silence, protocol error): it forfeits and is restarted.
    Client(ClientError),
}

/// Why an engine cannot play in a match at all.
#[derive(Debug)]
pub enum Unfit {
    /// Its command cannot be started.
    Spawn(SpawnError),
    /// It cannot play this game: its client says why.
    Unsupported(Unsupported),
}

impl std::fmt::Display for Unfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfit::Spawn(e) => write!(f, "{e}"),
            Unfit::Unsupported(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for Unfit {}

impl From<ClientError> for PlayerError {
    fn from(e: ClientError) -> PlayerError {
        match e {
            ClientError::Unsupported(why) => PlayerError::Unfit(Unfit::Unsupported(why)),
            e => PlayerError::Client(e),
        }
    }
}

/// Start-up and game set-up get at least this long, whatever `--timeout` says: starting a
/// process on a loaded machine can take seconds, and it says nothing about the engine.
const SETUP_TIME: Duration = Duration::from_secs(30);
/// How long an engine gets to answer `stop` with its unwanted move before it is restarted.
const ABORT_TIME: Duration = Duration::from_secs(2);

pub struct Player {
    pub spec: EngineSpec,
    proc: Option<EngineProcess>,
    client: Option<Box<dyn Client>>,
    stop: Arc<AtomicBool>,
    debug: bool,
    /// The longest wait for a move that no clock bounds (fixed depth or nodes).
    timeout: Duration,
    rng: Rng,
}

impl Player {
    pub fn new(spec: EngineSpec, stop: Arc<AtomicBool>, debug: bool, timeout: Duration) -> Player {
        Player { spec, proc: None, client: None, stop, debug, timeout, rng: Rng::new(0) }
    }

    /// Starts the engine if it is not running.
    fn ensure_started(&mut self) -> Result<(), PlayerError> {
        if self.spec.is_builtin_random() || self.proc.is_some() {
            return Ok(());
        }
        let debug = self.debug.then(|| self.spec.name.clone());
        let mut p = EngineProcess::spawn(&self.spec.launch, Arc::clone(&self.stop), debug)
            .map_err(|e| PlayerError::Unfit(Unfit::Spawn(e)))?;
        let mut c = client::client(self.spec.proto);
        let r = c.start(&mut p, &self.spec.options, Instant::now() + self.timeout.max(SETUP_TIME));
        self.proc = Some(p);
        self.client = Some(c);
        r.map(|_| ()).map_err(PlayerError::from)
    }

    /// Sets up a game (`seed` drives the random mover).
    pub fn new_game(&mut self, g: &NewGame, seed: u64) -> Result<(), PlayerError> {
        self.rng = Rng::new(seed);
        self.ensure_started()?;
        match (&mut self.client, &mut self.proc) {
            (Some(c), Some(p)) => {
                c.new_game(p, g, Instant::now() + self.timeout.max(SETUP_TIME)).map_err(PlayerError::from)
            }
            _ => Ok(()),
        }
    }

    /// Asks for a move; `deadline` bounds the wait.
    pub fn go(&mut self, r: &mut Referee, clocks: &Clocks, deadline: Instant) -> Result<Reply, ClientError> {
        match (&mut self.client, &mut self.proc) {
            (Some(c), Some(p)) => c.go(p, &r.game, clocks, deadline),
            _ => {
                let rng = &mut self.rng;
                let answer = match r.nth_legal(|n| rng.index(n)) {
                    Some(m) => Answer::Move { text: m.clone(), ours: Ok(m) },
                    None => Answer::NoMove,
                };
                Ok(Reply { answer, thinking: Thinking::default() })
            }
        }
    }

    /// Asks for a move as [`Player::go`] does, showing every line the engine sends to `seen`
    /// and giving up when `stop` is set: the engine is then told to stop (or restarted when
    /// its protocol cannot stop a search reliably) and the answer is `Interrupted`.
    pub fn go_watching(
        &mut self,
        r: &mut Referee,
        clocks: &Clocks,
        deadline: Instant,
        stop: &AtomicBool,
        seen: &mut dyn FnMut(&str),
    ) -> Result<Reply, ClientError> {
        let (Some(c), Some(p)) = (&mut self.client, &mut self.proc) else {
            return self.go(r, clocks, deadline);
        };
        let reply = c.go(&mut Watched { link: p, stop, seen }, &r.game, clocks, deadline);
        let given_up = reply == Err(ClientError::Link(LinkError::Interrupted)) && stop.load(Ordering::Relaxed);
        if given_up && !c.abort(p, Instant::now() + ABORT_TIME) {
            self.restart();
        }
        reply
    }

    /// Tells a running engine the result.
    pub fn game_over(&mut self, result: GameResult, reason: &str, side: Color) {
        if let (Some(c), Some(p)) = (&mut self.client, &mut self.proc) {
            c.game_over(p, result, reason, side);
        }
    }

    /// Kills the engine; the next game starts a new one.
    pub fn restart(&mut self) {
        if let Some(mut p) = self.proc.take() {
            p.kill();
        }
        self.client = None;
    }

    /// Asks the engine to quit, then makes sure it has.
    pub fn shutdown(&mut self) {
        if let (Some(c), Some(p)) = (&mut self.client, &mut self.proc) {
            c.quit(p);
            p.finish();
        }
        self.restart();
    }

    /// The process id of the running engine, if any.
    pub fn pid(&self) -> Option<u32> {
        self.proc.as_ref().map(super::process::EngineProcess::id)
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        self.restart();
    }
}
