//! Protocol clients: the other side of `uci`, `usi` and `xboard`. The match runner
//! (`tournament`) drives engines through them; they share the square and move conversions of
//! the servers (`protocol::squares`, `protocol::xbetza`, `protocol::usi`).
//!
//! A client never owns the engine process: it talks through a [`Link`] (lines in, lines out,
//! every read with a deadline), so a dead or silent engine is an error value, never a hang.
//! It never judges moves either: it returns the engine's move converted to our notation, and
//! the referee decides whether it is legal.

pub mod uci;
pub mod usi;
pub mod xboard;

use crate::game::Game as Compiled;
use crate::geometry::Color;
use crate::position::fen::FenError;
use crate::record::{GameResult, Record};
use crate::search::Score;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No answer before the deadline.
    Timeout,
    /// The engine closed its output (it exited or crashed) or its input is closed.
    Closed,
    /// The match is being stopped (Ctrl-C, SPRT decision).
    Interrupted,
}

/// Lines to and from one engine process.
pub trait Link {
    /// Sends one line (a line end is added).
    fn send(&mut self, line: &str) -> Result<(), LinkError>;
    /// The next line, waiting until `deadline` at most.
    fn recv(&mut self, deadline: Instant) -> Result<String, LinkError>;
}

/// How often a [`Watched`] link looks at its stop flag while it waits.
const WATCH_POLL: Duration = Duration::from_millis(50);

/// A link that shows every line it receives to `seen` (a board showing the engine's thinking
/// as it comes) and gives up waiting when `stop` is set (a search nobody wants any more).
pub struct Watched<'a> {
    pub link: &'a mut dyn Link,
    pub stop: &'a AtomicBool,
    pub seen: &'a mut dyn FnMut(&str),
}

impl Link for Watched<'_> {
    fn send(&mut self, line: &str) -> Result<(), LinkError> {
        self.link.send(line)
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, LinkError> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Err(LinkError::Interrupted);
            }
            let step = deadline.min(Instant::now() + WATCH_POLL);
            match self.link.recv(step) {
                Ok(line) => {
                    (self.seen)(&line);
                    return Ok(line);
                }
                Err(LinkError::Timeout) if step < deadline => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// What went wrong in a client, in words the referee can put in a game's termination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientError {
    Link(LinkError),
    /// The engine broke the protocol (refused a legal move, answered nonsense).
    Protocol(Breach),
    /// The engine cannot play this game at all (a setup error, not a forfeit).
    Unsupported(Unsupported),
}

/// Why an engine cannot play a game at all, found while setting the game up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// The engine lacks the option the protocol sets the game with (`UCI_Variant`,
    /// `USI_Variant`): the option, and the game's title.
    NoVariantOption {
        /// The option's name.
        option: &'static str,
        /// The game's title.
        game: String,
    },
    /// The engine has no UCI `VariantPath` option to load a game file from: the file.
    NoVariantPath(String),
    /// USI plays only the shogi games: the game's title.
    NotShogi(String),
    /// The XBoard engine does not list the variant: its name, and the engine's list.
    VariantNotOffered {
        /// The variant's name.
        variant: String,
        /// What the engine offers (its `variants` feature).
        offered: String,
    },
    /// XBoard has no node limit.
    NoNodeLimit,
    /// The XBoard engine cannot set up a position (no `setboard` feature).
    NoSetboard,
    /// The game's start FEN cannot be read.
    Fen(FenError),
    /// The engine answered the set-up with an error: its line.
    Refused(String),
}

/// How an engine broke the protocol during a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// The game handed to the client has fewer moves than it already sent the engine.
    GameShorter {
        /// The moves already sent.
        sent: usize,
        /// The moves of the game handed over.
        moves: usize,
    },
    /// The engine answered a legal move with `Illegal move`: its line (the engine's own words).
    RefusedMove(String),
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Breach::GameShorter { .. } => f.write_str("the game is shorter than the moves sent"),
            Breach::RefusedMove(line) => write!(f, "the engine refused a legal move: {line}"),
        }
    }
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsupported::NoVariantOption { option, game } => {
                write!(f, "the engine has no {option} option, so it cannot play {game}")
            }
            Unsupported::NoVariantPath(path) => {
                write!(f, "the engine has no VariantPath option, so it cannot load the game file {path}")
            }
            Unsupported::NotShogi(game) => write!(f, "{game} is not a shogi game: USI cannot play it (use proto=uci)"),
            Unsupported::VariantNotOffered { variant, offered } => {
                write!(f, "the engine does not offer variant {variant} (it offers: {offered})")
            }
            Unsupported::NoNodeLimit => f.write_str("XBoard has no node limit: use depth=, st= or tc="),
            Unsupported::NoSetboard => f.write_str("the engine cannot set up a position (no setboard)"),
            Unsupported::Fen(e) => write!(f, "{e}"),
            Unsupported::Refused(line) => write!(f, "the engine refused the game: {line}"),
        }
    }
}

impl From<LinkError> for ClientError {
    fn from(e: LinkError) -> ClientError {
        ClientError::Link(e)
    }
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Link(LinkError::Timeout) => f.write_str("no answer in time"),
            ClientError::Link(LinkError::Closed) => f.write_str("the engine closed the connection"),
            ClientError::Link(LinkError::Interrupted) => f.write_str("interrupted"),
            ClientError::Protocol(b) => write!(f, "{b}"),
            ClientError::Unsupported(u) => write!(f, "{u}"),
        }
    }
}

/// A game as the clients need it to set it up.
pub struct NewGame<'a> {
    pub variant: &'a Arc<Compiled>,
    /// The game file the variant came from, when it is not built in (UCI `VariantPath`).
    pub variant_file: Option<&'a str>,
    /// The start FEN when it is not the game's standard start position.
    pub fen: Option<&'a str>,
    pub limits: &'a SearchLimits,
}

/// An engine's limits for a whole game (cutechess-cli's `tc`, `st`, `nodes`, `depth`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchLimits {
    /// Moves per period (0 = the whole game), base time and increment.
    pub tc: Option<TimeControl>,
    /// Fixed time per move.
    pub st: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

/// `MOVES/TIME+INC` or `TIME+INC`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    pub moves: u32,
    pub base: Duration,
    pub inc: Duration,
}

/// The clocks when an engine is asked to move (milliseconds; White = our first player).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clocks {
    pub time: [u64; 2],
    pub inc: [u64; 2],
    pub moves_to_go: Option<u32>,
}

/// What an engine said about its search (the last report with a score).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Thinking {
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    /// The principal variation in the engine's own move text.
    pub pv: Vec<String>,
}

/// The engine's answer when asked to move.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A move: the engine's text and its conversion to ours (or why it could not be read).
    Move {
        text: String,
        ours: Result<String, crate::protocol::error::CommandError>,
    },
    Resign,
    /// A result claim (XBoard `1-0 {...}`, USI `bestmove win`): a win or a draw.
    Claim {
        result: GameResult,
        reason: String,
    },
    /// The engine says it has no move (`bestmove (none)`, `0000`).
    NoMove,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub answer: Answer,
    pub thinking: Thinking,
}

/// One protocol's client.
pub trait Client: Send {
    /// The handshake: identifies the engine and sets its options; returns its `id name`.
    fn start(
        &mut self,
        link: &mut dyn Link,
        options: &[(String, String)],
        deadline: Instant,
    ) -> Result<Option<String>, ClientError>;
    /// Prepares a new game (the variant, the start position, the limits).
    fn new_game(&mut self, link: &mut dyn Link, g: &NewGame, deadline: Instant) -> Result<(), ClientError>;
    /// Asks for a move in `game` (the whole game from its start) with `clocks`.
    fn go(
        &mut self,
        link: &mut dyn Link,
        game: &Record,
        clocks: &Clocks,
        deadline: Instant,
    ) -> Result<Reply, ClientError>;
    /// Tells the engine, which played `side`, that the game is over (`result` in PGN form).
    fn game_over(&mut self, link: &mut dyn Link, result: GameResult, reason: &str, side: Color);
    /// Asks the engine to exit.
    fn quit(&mut self, link: &mut dyn Link);
    /// Ends a search that [`Client::go`] gave up on (its link was interrupted) and waits for
    /// the engine's now unwanted answer, so that the next `go` reads a fresh one; `false` when
    /// that fails (the engine must then be restarted). The caller starts a new game next.
    fn abort(&mut self, _link: &mut dyn Link, _deadline: Instant) -> bool {
        false
    }
}

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Uci,
    Usi,
    Xboard,
}

/// A word that names no [`Proto`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProto(pub String);

impl fmt::Display for UnknownProto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "protocol '{}' is not uci, usi or xboard", self.0)
    }
}

impl std::error::Error for UnknownProto {}

impl std::str::FromStr for Proto {
    type Err = UnknownProto;
    fn from_str(s: &str) -> Result<Proto, UnknownProto> {
        match s {
            "uci" => Ok(Proto::Uci),
            "usi" => Ok(Proto::Usi),
            "xboard" | "cecp" => Ok(Proto::Xboard),
            _ => Err(UnknownProto(s.to_string())),
        }
    }
}

impl Proto {
    /// The search report of one line the engine sent while thinking (UCI and USI `info`,
    /// XBoard thinking output), if the line is one and has a score.
    pub fn thinking(self, line: &str) -> Option<Thinking> {
        let line = line.trim();
        let t = match self {
            Proto::Uci | Proto::Usi if line.starts_with("info ") => {
                let mut t = Thinking::default();
                parse_info(line, &mut t);
                t
            }
            Proto::Xboard => xboard::parse_thinking(line)?,
            _ => return None,
        };
        t.score.is_some().then_some(t)
    }

    /// A principal variation in our notation, as far as its moves can be read (it is a report
    /// to show, not a move the referee judges).
    pub fn pv_to_ours(self, v: &Compiled, pv: &[String]) -> Vec<String> {
        let xb = (self == Proto::Xboard).then(|| crate::protocol::xbetza::XbGame::new(v));
        pv.iter()
            .map_while(|t| match (self, &xb) {
                (Proto::Uci, _) => Some(t.clone()),
                (Proto::Usi, _) => crate::protocol::squares::usi_move_to_ours(&v.shape, t).ok(),
                (Proto::Xboard, Some(xb)) => xb.move_to_ours(v, t).ok(),
                (Proto::Xboard, None) => None,
            })
            .collect()
    }
}

/// A new client for `p`.
pub fn client(p: Proto) -> Box<dyn Client> {
    match p {
        Proto::Uci => Box::new(uci::UciClient::default()),
        Proto::Usi => Box::new(usi::UsiClient::default()),
        Proto::Xboard => Box::new(xboard::XboardClient::default()),
    }
}

/// Reads lines until one satisfies `done`; lines before it go to `other`.
pub(crate) fn wait_for(
    link: &mut dyn Link,
    deadline: Instant,
    mut done: impl FnMut(&str) -> bool,
    mut other: impl FnMut(&str) -> Result<(), ClientError>,
) -> Result<(), ClientError> {
    loop {
        let line = link.recv(deadline)?;
        if done(line.trim()) {
            return Ok(());
        }
        other(line.trim())?;
    }
}

/// Parses the `info` line of UCI or USI into `t` (only reports with a score replace the last).
pub(crate) fn parse_info(line: &str, t: &mut Thinking) {
    let w: Vec<&str> = line.split_whitespace().collect();
    let mut n = Thinking::default();
    let mut i = 1;
    let mut multipv = 1;
    while i < w.len() {
        let next = w.get(i + 1).copied().unwrap_or("");
        match w[i] {
            "depth" => n.depth = next.parse().ok(),
            "time" => n.time = next.parse().ok().map(Duration::from_millis),
            "nodes" => n.nodes = next.parse().ok(),
            "multipv" => multipv = next.parse().unwrap_or(1),
            "score" => {
                let val = w.get(i + 2).and_then(|v| v.trim_start_matches('+').parse::<i32>().ok());
                n.score = match (next, val) {
                    ("cp", Some(v)) => Some(Score::Cp(v)),
                    ("mate", Some(v)) => Some(Score::Mate(v)),
                    // USI: `mate +` / `mate -` (a mate of unknown length).
                    ("mate", None) if w.get(i + 2) == Some(&"-") => Some(Score::Mate(-999)),
                    ("mate", None) => Some(Score::Mate(999)),
                    _ => None,
                };
                i += 1;
            }
            "pv" => {
                n.pv = w[i + 1..].iter().map(ToString::to_string).collect();
                break;
            }
            "string" => return,
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if multipv == 1 && n.score.is_some() {
        *t = n;
    }
}

/// Seconds as the protocols write them: whole numbers bare, others with their fraction.
pub(crate) fn seconds_text(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        format!("{}", ms as f64 / 1000.0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn info_lines_keep_the_last_scored_report_of_the_first_line() {
        let mut t = Thinking::default();
        parse_info("info depth 5 seldepth 8 multipv 1 score cp -12 nodes 900 nps 1 time 39 pv a1a2 b2b3", &mut t);
        assert_eq!(t.score, Some(Score::Cp(-12)));
        assert_eq!((t.depth, t.nodes, t.time), (Some(5), Some(900), Some(Duration::from_millis(39))));
        assert_eq!(t.pv, vec!["a1a2", "b2b3"]);
        parse_info("info depth 6 multipv 2 score cp 50 pv c1c2", &mut t);
        parse_info("info string hello score cp 7", &mut t);
        parse_info("info currmove a1a2 currmovenumber 3", &mut t);
        assert_eq!(t.score, Some(Score::Cp(-12)));
        parse_info("info depth 7 score mate -3 lowerbound pv x", &mut t);
        assert_eq!(t.score, Some(Score::Mate(-3)));
        parse_info("info depth 7 score mate +", &mut t);
        assert_eq!(t.score, Some(Score::Mate(999)));
    }

    #[test]
    fn thinking_lines_are_read_one_at_a_time_and_pvs_put_in_our_notation() {
        let t = Proto::Uci.thinking("info depth 3 score cp 25 nodes 10 time 2 pv f4f5 g9g8").unwrap();
        assert_eq!((t.depth, t.score), (Some(3), Some(Score::Cp(25))));
        assert!(Proto::Uci.thinking("info depth 3 currmove f4f5").is_none());
        assert!(Proto::Uci.thinking("bestmove f4f5").is_none());
        assert_eq!(Proto::Xboard.thinking("4 -12 30 900 f4f5").unwrap().score, Some(Score::Cp(-12)));
        assert!(Proto::Xboard.thinking("move f4f5").is_none());
        let chu = Compiled::builtin("chu").unwrap();
        let pv =
            |p: Proto, moves: &[&str]| p.pv_to_ours(&chu, &moves.iter().map(ToString::to_string).collect::<Vec<_>>());
        assert_eq!(pv(Proto::Uci, &["f4f5", "g9g8"]), ["f4f5", "g9g8"]);
        // USI counts files from the right and ranks from the top: 7i7h is f4f5 in Chu.
        assert_eq!(pv(Proto::Usi, &["7i7h", "6d6e"]), ["f4f5", "g9g8"]);
        assert_eq!(pv(Proto::Xboard, &["f4f5", "??", "g9g8"]), ["f4f5"]);
    }

    /// A link that answers from a script of lines (then stays silent) and keeps what it is sent.
    pub(crate) struct Script {
        lines: Vec<&'static str>,
        pub sent: Vec<String>,
    }

    impl Script {
        pub fn new(lines: &[&'static str]) -> Script {
            Script { lines: lines.to_vec(), sent: Vec::new() }
        }
    }

    impl Link for Script {
        fn send(&mut self, line: &str) -> Result<(), LinkError> {
            self.sent.push(line.to_string());
            Ok(())
        }
        fn recv(&mut self, deadline: Instant) -> Result<String, LinkError> {
            if self.lines.is_empty() {
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                return Err(LinkError::Timeout);
            }
            Ok(self.lines.remove(0).to_string())
        }
    }

    #[test]
    fn a_watched_link_shows_every_line_and_stops_when_told() {
        let mut script = Script::new(&["info depth 1", "bestmove a1a2"]);
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        let mut w = Watched { link: &mut script, stop: &stop, seen: &mut |l| seen.push(l.to_string()) };
        let far = Instant::now() + Duration::from_secs(600);
        assert_eq!(w.recv(far).unwrap(), "info depth 1");
        assert_eq!(w.recv(far).unwrap(), "bestmove a1a2");
        // Nothing more comes: a deadline still ends the wait, and so does the stop flag.
        assert_eq!(w.recv(Instant::now() + Duration::from_millis(120)), Err(LinkError::Timeout));
        stop.store(true, Ordering::Relaxed);
        assert_eq!(w.recv(far), Err(LinkError::Interrupted));
        assert_eq!(seen, ["info depth 1", "bestmove a1a2"]);
    }
}
