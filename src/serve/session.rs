//! The game on the board: position and history, the line being replayed, who plays each
//! side, the clocks, and the analysis shown. Every move, from a person or an engine, enters
//! through [`Session::play_text`], which reads it with the rules core.
//!
//! The rules core is used here (setting up, playing, undoing, the result) and in `legs.rs`
//! (the legal moves of a piece); the rest of the server works with text.

use super::engine::{Line, Opponent};
use super::http::ApiError;
use crate::diagram::{self, Scene};
use crate::geometry::Color;
use crate::moves::Move;
use crate::notation::{format_move, parse_move};
use crate::position::Position;
use crate::record::{GameResult, Record};
use crate::variant::Variant;
use serde::Deserialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    /// The engine in this slot of the server's engine list.
    Engine(usize),
}

/// A request for a new game (`POST /api/new`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub game: String,
    #[serde(default)]
    pub options: Vec<String>,
    pub setup: Option<String>,
    pub fen: Option<String>,
    /// A handicap start of the game, by name (`two-lions`).
    pub handicap: Option<String>,
    /// `human` or an engine name (`kyodai`); default human.
    pub white: Option<String>,
    pub black: Option<String>,
    pub movetime_ms: Option<u64>,
    pub depth: Option<u32>,
    /// A clock for each side: base time and increment per move.
    pub clock_ms: Option<u64>,
    pub increment_ms: Option<u64>,
    pub multipv: Option<usize>,
}

/// The clocks of a game with a time control. Taking moves back gives no time back.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// Each side's time at the start.
    pub base: Duration,
    pub left: [Duration; 2],
    pub increment: Duration,
    pub since: Instant,
    pub flagged: Option<Color>,
}

/// An engine slot: its name and the opponent (absent while it thinks on its own thread).
pub struct Slot {
    pub name: String,
    pub opponent: Option<Box<dyn Opponent>>,
    /// Tell it that a new game started before it next thinks.
    pub reset: bool,
    /// An engine outside the server (`--engine`): it is told the game's name, not its rule
    /// options.
    pub external: bool,
}

/// A search in progress.
pub struct Running {
    pub gen: u64,
    pub stop: Arc<AtomicBool>,
    pub task: Task,
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// A move for this side.
    Move(Color),
    /// The analysis lines of the position shown.
    Analysis,
    /// A hint for the person to move (`review.rs`).
    Hint,
    /// The review of this position (ply) of the line (`review.rs`).
    Review(usize),
}

impl Task {
    /// How the page names it.
    pub fn name(self) -> &'static str {
        match self {
            Task::Move(_) => "move",
            Task::Analysis => "analysis",
            Task::Hint => "hint",
            Task::Review(_) => "review",
        }
    }
}

/// One evaluation for the graph, from the first player's point of view.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Eval {
    pub ply: usize,
    pub cp: i32,
    pub mate: Option<i32>,
}

pub struct Session {
    pub game: Record,
    pub options: Vec<String>,
    /// The whole line: `game.moves` is a prefix when replaying.
    pub line: Vec<Move>,
    pub comments: Vec<Option<String>>,
    pub tags: Vec<(String, String)>,
    pub players: [Player; 2],
    pub movetime_ms: u64,
    pub depth: Option<u32>,
    pub multipv: usize,
    pub clocks: Option<Clocks>,
    pub analyse: bool,
    pub paused: bool,
    pub running: Option<Running>,
    /// Changes whenever the position or line changes (searches of an older one are void).
    pub gen: u64,
    /// Changes whenever anything shown changes (the page polls it).
    pub version: u64,
    pub lines: Vec<Line>,
    pub evals: Vec<Eval>,
    pub message: Option<String>,
    /// A side that lost by what its engine did (an illegal move, a resignation), and why.
    pub forfeit: Option<(Color, String)>,
    pub engines: Vec<Slot>,
    /// The server is stopping: no search starts any more.
    pub closing: bool,
    pub review: Option<super::review::Review>,
    pub hint: super::review::Hint,
}

pub const DEFAULT_MOVETIME_MS: u64 = 1000;

impl Session {
    pub fn new(engines: Vec<Slot>) -> Session {
        let v = crate::Game::builtin(crate::Variant::default_name()).expect("the default game is built in");
        Session {
            game: Record::new(&v),
            options: Vec::new(),
            line: Vec::new(),
            comments: Vec::new(),
            tags: Vec::new(),
            players: [Player::Human; 2],
            movetime_ms: DEFAULT_MOVETIME_MS,
            depth: None,
            multipv: 1,
            clocks: None,
            analyse: false,
            paused: false,
            running: None,
            gen: 1,
            version: 1,
            lines: Vec::new(),
            evals: Vec::new(),
            message: None,
            forfeit: None,
            engines,
            closing: false,
            review: None,
            hint: Default::default(),
        }
    }

    pub fn variant(&self) -> &Arc<crate::Game> {
        self.game.game()
    }

    /// Something shown changed; with `position`, the position did too (searches stop).
    pub fn touch(&mut self, position: bool) {
        self.version += 1;
        if position {
            self.gen += 1;
            self.lines.clear();
            if let Some(r) = &self.running {
                r.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    fn player(&self, name: Option<&str>) -> Result<Player, ApiError> {
        let n = name.unwrap_or("human").trim();
        if n.eq_ignore_ascii_case("human") || n.is_empty() {
            return Ok(Player::Human);
        }
        match self.engines.iter().position(|s| s.name.eq_ignore_ascii_case(n)) {
            Some(i) => Ok(Player::Engine(i)),
            None => Err(ApiError::bad(format!(
                "unknown player '{n}' (use human or {})",
                self.engines.iter().map(|s| s.name.to_ascii_lowercase()).collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    /// Starts a new game; nothing changes unless every part of the request is valid.
    pub fn new_game(&mut self, req: &NewGame) -> Result<(), ApiError> {
        let opts = split_options(&req.options)?;
        let v = crate::Game::builtin_with(&req.game, &opts).map_err(|e| ApiError::bad(e.to_string()))?;
        let start = start_position(&v, req.fen.as_deref(), req.setup.as_deref(), req.handicap.as_deref())?;
        let players = [self.player(req.white.as_deref())?, self.player(req.black.as_deref())?];
        if req.movetime_ms == Some(0) || req.depth == Some(0) || req.clock_ms == Some(0) {
            return Err(ApiError::bad("time per move, depth and clock must be positive"));
        }
        self.game = Record::from_position(start);
        self.options = req.options.clone();
        self.players = players;
        self.movetime_ms = req.movetime_ms.unwrap_or(DEFAULT_MOVETIME_MS).min(3_600_000);
        self.depth = req.depth.map(|d| d.min(64));
        self.multipv = req.multipv.unwrap_or(1).clamp(1, 8);
        self.clocks = req.clock_ms.map(|base| Clocks {
            base: Duration::from_millis(base),
            left: [Duration::from_millis(base); 2],
            increment: Duration::from_millis(req.increment_ms.unwrap_or(0)),
            since: Instant::now(),
            flagged: None,
        });
        self.reset_record();
        if let (false, Some(name)) = (opts.is_empty(), self.external_player()) {
            self.message = Some(format!(
                "{name} is told only the game's name, not its rule options: it plays by the standard rules, \
                 and a move the options forbid loses"
            ));
        }
        Ok(())
    }

    /// The name of an external engine playing a side, if one does.
    fn external_player(&self) -> Option<String> {
        self.players.iter().find_map(|p| match p {
            Player::Engine(i) if self.engines[*i].external => Some(self.engines[*i].name.clone()),
            _ => None,
        })
    }

    fn reset_record(&mut self) {
        self.line.clear();
        self.comments.clear();
        self.tags.clear();
        self.evals.clear();
        self.review = None;
        self.hint = Default::default();
        self.message = None;
        self.forfeit = None;
        self.paused = false;
        for s in &mut self.engines {
            s.reset = true;
        }
        self.touch(true);
    }

    /// Loads a game record: its game, start and moves (each checked by the rules core); the
    /// board shows the start, ready to replay. Both sides become people.
    pub fn load(&mut self, g: &crate::pgn::PgnGame) -> Result<(), ApiError> {
        let name = g.tag("Variant").ok_or_else(|| ApiError::bad("the PGN has no Variant tag"))?;
        // A name or alias (`chu`, `chushogi`), or a title (`Chu Shogi`).
        let v = crate::Game::builtin(name)
            .or_else(|e| {
                Variant::builtin_names()
                    .into_iter()
                    .filter_map(|n| crate::Game::builtin(n).ok())
                    .find(|v| v.title.eq_ignore_ascii_case(name.trim()))
                    .ok_or(e)
            })
            .map_err(|e| ApiError::bad(format!("Variant tag: {e}")))?;
        let start = start_position(&v, g.tag("FEN"), None, None)?;
        let mut game = Record::from_position(start);
        for (i, t) in g.moves.iter().enumerate() {
            let m = parse_move(&mut game.pos, t)
                .map_err(|e| ApiError::bad(format!("PGN move {} ({t}): {e}", i / 2 + 1)))?;
            game.play(m);
        }
        let line = game.moves.clone();
        while game.undo() {}
        self.game = game;
        self.options.clear();
        self.players = [Player::Human; 2];
        self.clocks = None;
        self.reset_record();
        self.line = line;
        // The page shows one comment per move: several after a move are joined.
        self.comments = g.comments.iter().map(|c| (!c.is_empty()).then(|| c.join(" "))).collect();
        self.tags = g.tags.clone();
        Ok(())
    }

    pub fn ply(&self) -> usize {
        self.game.moves.len()
    }

    /// Shows the position after `ply` moves of the line.
    pub fn goto(&mut self, ply: usize) -> Result<(), ApiError> {
        if ply > self.line.len() {
            return Err(ApiError::bad(format!("ply {ply} is beyond the line's {} moves", self.line.len())));
        }
        if ply < self.ply() {
            self.forfeit = None;
        }
        while self.ply() > ply {
            self.game.undo();
        }
        while self.ply() < ply {
            let m = self.line[self.ply()];
            self.game.play(m);
        }
        self.touch(true);
        Ok(())
    }

    /// Plays a move given as text, after the moves shown (a later part of the line is
    /// dropped). The only way a move reaches the board.
    pub fn play_text(&mut self, text: &str) -> Result<(), ApiError> {
        if let Some(o) = self.result() {
            return Err(ApiError::bad(format!("the game is over ({})", o.1)));
        }
        let m = parse_move(&mut self.game.pos, text).map_err(|e| ApiError::bad(e.to_string()))?;
        let mover = self.game.pos.side();
        let ply = self.ply();
        self.line.truncate(ply);
        self.comments.truncate(ply);
        self.evals.retain(|e| e.ply <= ply);
        self.game.play(m);
        self.line.push(m);
        self.comments.push(None);
        if let Some(c) = &mut self.clocks {
            let i = mover.index();
            c.left[i] = c.left[i].saturating_sub(c.since.elapsed()) + c.increment;
            c.since = Instant::now();
        }
        self.touch(true);
        Ok(())
    }

    /// Takes back the last move shown (two when that gives the turn back to a person facing an
    /// engine) and drops the rest of the line.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        if self.ply() == 0 {
            return Err(ApiError::bad("there is no move to take back"));
        }
        self.game.undo();
        if self.players[self.game.pos.side().index()] != Player::Human
            && self.players.contains(&Player::Human)
            && self.ply() > 0
        {
            self.game.undo();
        }
        let ply = self.ply();
        self.line.truncate(ply);
        self.comments.truncate(ply);
        self.evals.retain(|e| e.ply <= ply);
        if let Some(c) = &mut self.clocks {
            c.flagged = None;
        }
        self.forfeit = None;
        self.message = None;
        // Engines watched playing each other would answer at once: they wait for 'resume'.
        self.paused = !self.players.contains(&Player::Human);
        self.touch(true);
        Ok(())
    }

    /// The result and its reason, if the game is over (by the rules or on time).
    pub fn result(&mut self) -> Option<(GameResult, String)> {
        if let Some((side, why)) = &self.forfeit {
            return Some((GameResult::win(side.flip()), why.clone()));
        }
        if let Some(side) = self.clocks.as_ref().and_then(|c| c.flagged) {
            return Some((GameResult::win(side.flip()), format!("{} wins on time", side.flip().name())));
        }
        self.game.outcome().map(|o| (GameResult::from(o), o.to_string()))
    }

    /// Time left for each side now, and flags a side whose time ran out.
    pub fn clock_now(&mut self) -> Option<[u64; 2]> {
        let side = self.game.pos.side();
        let over = self.game.outcome().is_some();
        let c = self.clocks.as_mut()?;
        let mut left = c.left;
        if c.flagged.is_none() && !over {
            let i = side.index();
            left[i] = left[i].saturating_sub(c.since.elapsed());
            if left[i].is_zero() {
                c.flagged = Some(side);
                self.touch(false);
                if let Some(r) = &self.running {
                    r.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        Some([left[0].as_millis() as u64, left[1].as_millis() as u64])
    }

    /// The moves of the line as text.
    pub fn line_texts(&self) -> Vec<String> {
        let v = self.variant();
        self.line.iter().map(|&m| format_move(v, m)).collect()
    }

    /// The board as SVG, the last move shown highlighted.
    pub fn svg(&self, flip: bool) -> String {
        let mut opts = diagram::Options { flip, ..Default::default() };
        if let Some(&m) = self.game.moves.last() {
            // The move's squares are read in the position before it.
            let mut before = self.game.clone();
            before.undo();
            opts.last_move = Scene::move_squares(&before.pos, m);
        }
        diagram::position_svg(&self.game.pos, &opts)
    }

    /// The legal moves of the piece on `square`, leg by leg.
    pub fn choices(&mut self, square: &str) -> Result<Vec<super::legs::Choice>, ApiError> {
        let sq = self.variant().shape.parse_square(square.trim()).map_err(|e| ApiError::bad(e.to_string()))?;
        if self.result().is_some() {
            return Ok(Vec::new());
        }
        Ok(super::legs::choices(&mut self.game.pos, sq))
    }

    /// `side`'s engine `name` loses the game by what it did (`why`); a move it sent is not
    /// played.
    pub fn forfeit(&mut self, side: Color, name: &str, why: String) {
        self.message = Some(format!("{name} loses the game: {why}"));
        self.forfeit = Some((side, why));
        self.touch(false);
    }

    /// Records an engine's line for the evaluation graph (first player's view).
    pub fn record_eval(&mut self, ply: usize, side: Color, l: &Line) {
        let sign = if side == Color::White { 1 } else { -1 };
        let cp = match (l.cp, l.mate) {
            (_, Some(m)) => sign * m.signum() * 10_000,
            (Some(c), None) => sign * c,
            (None, None) => return,
        };
        self.evals.retain(|e| e.ply != ply);
        self.evals.push(Eval { ply, cp, mate: l.mate.map(|m| sign * m) });
        self.evals.sort_by_key(|e| e.ply);
    }
}

/// `KEY=VALUE` strings as pairs.
pub fn split_options(options: &[String]) -> Result<Vec<(String, String)>, ApiError> {
    options
        .iter()
        .filter(|o| !o.trim().is_empty())
        .map(|o| match o.split_once('=') {
            Some((k, v)) => Ok((k.trim().to_string(), v.trim().to_string())),
            None => Err(ApiError::bad(format!("option '{o}' is not KEY=VALUE"))),
        })
        .collect()
}

/// A text field that was filled in.
fn given(x: Option<&str>) -> Option<&str> {
    x.map(str::trim).filter(|s| !s.is_empty())
}

/// The start: a FEN, a start array (`setup`), a handicap start, or the game's own.
fn start_position(
    v: &Arc<crate::Game>,
    fen: Option<&str>,
    setup: Option<&str>,
    handicap: Option<&str>,
) -> Result<Position, ApiError> {
    let bad = |e: String| ApiError::bad(e);
    let fen = match (given(fen), given(setup), given(handicap)) {
        (None, None, None) => return Ok(Position::start(v)),
        (Some(f), None, None) => f.to_string(),
        (None, Some(s), None) => v.setup_fen(s).map_err(|e| bad(format!("start array: {e}")))?,
        (None, None, Some(h)) => v.handicap_fen(h).map_err(|e| bad(e.to_string()))?,
        _ => return Err(bad("give one of a FEN, a start array and a handicap, not two".into())),
    };
    Position::from_fen(v, &fen).map_err(|e| bad(e.to_string()))
}
