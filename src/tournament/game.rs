//! One game between two players, refereed by our rules: clocks kept by the referee, every
//! engine answer checked, every failure a loss with its reason.

use super::adjudicate::{Adjudication, Adjudicator, Decision};
use super::engine::{clocks, Clock};
use super::player::{Player, PlayerError, Unfit};
use super::referee::{side_name, BadFen, Referee, Verdict};
use crate::game::Game;
use crate::geometry::Color;
use crate::notation::MoveError;
use crate::pgn::FirstMove;
use crate::position::Position;
use crate::protocol::client::{Answer, ClientError, LinkError, NewGame, Reply, Unsupported};
use crate::protocol::error::CommandError;
use crate::record::GameResult;
use crate::search::Score;
use crate::variant::setup::SetupSpecError;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a game ended, as cutechess-cli's PGN `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Normal,
    Adjudication,
    TimeForfeit,
    IllegalMove,
    StalledConnection,
    Abandoned,
    RulesInfraction,
}

impl Termination {
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::StalledConnection => "stalled connection",
            Termination::Abandoned => "abandoned",
            Termination::RulesInfraction => "rules infraction",
        }
    }

    pub fn from_tag(s: &str) -> Option<Termination> {
        [
            Termination::Normal,
            Termination::Adjudication,
            Termination::TimeForfeit,
            Termination::IllegalMove,
            Termination::StalledConnection,
            Termination::Abandoned,
            Termination::RulesInfraction,
        ]
        .into_iter()
        .find(|t| t.tag() == s)
    }
}

/// What the engine said about a move, for the PGN comment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveNote {
    pub score: Option<Score>,
    pub depth: Option<u32>,
    /// The time the referee charged.
    pub time: Option<Duration>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    pub text: String,
    pub note: MoveNote,
    /// An opening move, not chosen by an engine.
    pub book: bool,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub number: usize,
    pub white: String,
    pub black: String,
    /// The start FEN when it is not the game's standard start.
    pub fen: Option<String>,
    pub moves: Vec<PlayedMove>,
    pub result: GameResult,
    pub reason: String,
    pub termination: Termination,
    /// The repeat pair this game belongs to (`--repeat`), if any.
    pub pair: Option<usize>,
    /// The number of the first move, and whether Black makes it.
    pub first: FirstMove,
}

/// What a game needs besides its players.
pub struct GameSetup<'a> {
    pub variant: &'a Arc<Game>,
    pub variant_file: Option<&'a str>,
    pub start: Position,
    /// The FEN tag (the start when it is not the game's standard start).
    pub fen: Option<String>,
    pub opening: &'a [String],
    pub adjudication: Adjudication,
    pub timemargin: Duration,
    pub timeout: Duration,
    pub seed: u64,
}

/// How a game could not finish.
#[derive(Debug)]
pub enum Stopped {
    /// The match is being stopped: the game is dropped.
    Interrupted,
    /// A setup error that ends the match (boxed: a game's result stays small).
    Fatal(Box<Fatal>),
}

impl Stopped {
    /// The match cannot go on, because of `f`.
    pub fn fatal(f: Fatal) -> Stopped {
        Stopped::Fatal(Box::new(f))
    }
}

/// Why a match cannot go on: a game of it cannot be set up or played at all.
#[derive(Debug)]
pub enum Fatal {
    /// An engine cannot play in the match: its name, and why.
    Engine {
        /// The engine's name in the match.
        name: String,
        /// Why it cannot play.
        why: Unfit,
    },
    /// An engine's client found mid-game that it cannot play the game.
    Unsupported(Unsupported),
    /// A move of the opening is not legal where it is played.
    OpeningMove {
        /// The move as the opening writes it.
        mv: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// The opening slot's start array cannot be dealt.
    Opening(SetupSpecError),
    /// The opening's start position cannot be read.
    Start(BadFen),
}

impl std::fmt::Display for Fatal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fatal::Engine { name, why } => write!(f, "{name}: {why}"),
            Fatal::Unsupported(why) => write!(f, "{why}"),
            Fatal::OpeningMove { mv, error } => write!(f, "opening move {mv}: {error}"),
            Fatal::Opening(e) => write!(f, "{e}"),
            Fatal::Start(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Fatal {}

/// How a game ends: its result, the reason in words, and the PGN termination.
#[derive(Debug, PartialEq)]
pub struct Ending {
    pub result: GameResult,
    pub reason: String,
    pub termination: Termination,
}

fn loss(side: Color, reason: String, termination: Termination) -> Ending {
    Ending { result: GameResult::win(side.flip()), reason, termination }
}

/// The ending when `side`'s engine failed; `Err` when the match is being stopped.
fn failure(side: Color, e: ClientError, clocked: bool) -> Result<Ending, Stopped> {
    let who = side_name(side);
    Ok(match e {
        ClientError::Link(LinkError::Interrupted) => return Err(Stopped::Interrupted),
        ClientError::Link(LinkError::Timeout) if clocked => {
            loss(side, format!("{who} loses on time"), Termination::TimeForfeit)
        }
        ClientError::Link(LinkError::Timeout) => {
            loss(side, format!("{who}'s connection stalls"), Termination::StalledConnection)
        }
        ClientError::Link(LinkError::Closed) => loss(side, format!("{who} disconnects"), Termination::Abandoned),
        ClientError::Protocol(m) => loss(side, format!("{who}: protocol error: {m}"), Termination::RulesInfraction),
        ClientError::Unsupported(why) => return Err(Stopped::fatal(Fatal::Unsupported(why))),
    })
}

/// Why an engine's reply loses it the game: what it sent, and why the referee refuses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move text that cannot be read: the text, and why.
    Unreadable { text: String, error: CommandError },
    /// A move the rules refuse: the text, and why.
    Illegal { text: String, error: MoveError },
    /// It resigned, or claimed its own loss.
    Resigns,
    /// It said it has no move, but it has legal moves.
    NoMove,
    /// It claimed a result the referee does not confirm: the result, and the engine's reason.
    FalseClaim { result: GameResult, reason: String },
}

/// A reply that loses the game: whose it was, and its fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    pub side: Color,
    pub fault: Fault,
}

impl Forfeit {
    /// How the PGN's `Termination` tag calls the ending.
    pub fn termination(&self) -> Termination {
        match self.fault {
            Fault::Unreadable { .. } | Fault::Illegal { .. } | Fault::NoMove => Termination::IllegalMove,
            Fault::Resigns => Termination::Normal,
            Fault::FalseClaim { .. } => Termination::RulesInfraction,
        }
    }
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let who = side_name(self.side);
        match &self.fault {
            Fault::Unreadable { text, error } => write!(f, "{who} makes an unreadable move: {text} ({error})"),
            Fault::Illegal { text, error } => write!(f, "{who} makes an illegal move: {text} ({error})"),
            Fault::Resigns => write!(f, "{who} resigns"),
            Fault::NoMove => write!(f, "{who} gives no move, but has legal moves"),
            Fault::FalseClaim { result, reason } => write!(f, "{who} makes a false claim: {result} {{{reason}}}"),
        }
    }
}

impl From<Forfeit> for Ending {
    fn from(f: Forfeit) -> Ending {
        loss(f.side, f.to_string(), f.termination())
    }
}

/// Plays `reply` (already within the clock) for `side`: the move's canonical text, or the
/// ending it causes (an illegal or unreadable move, a resignation, a false claim, no move).
pub fn apply(r: &mut Referee, side: Color, reply: &Reply) -> Result<String, Ending> {
    judge(r, side, reply).map_err(Ending::from)
}

/// Plays `reply` for `side` like [`apply`], or says why it loses the game.
// A large error is no cost here: `judge` runs once a move, and its error ends the game.
#[allow(clippy::result_large_err)]
pub fn judge(r: &mut Referee, side: Color, reply: &Reply) -> Result<String, Forfeit> {
    let fault = match &reply.answer {
        Answer::Move { text, ours: Err(e) } => Fault::Unreadable { text: text.clone(), error: e.clone() },
        Answer::Move { text, ours: Ok(ours) } => match r.play(ours) {
            Ok(played) => return Ok(played),
            Err(e) => Fault::Illegal { text: text.clone(), error: e },
        },
        Answer::Resign => Fault::Resigns,
        Answer::NoMove => Fault::NoMove,
        Answer::Claim { result, .. } if result.winner() == Some(side.flip()) => Fault::Resigns,
        Answer::Claim { result, reason } => Fault::FalseClaim { result: *result, reason: reason.clone() },
    };
    Err(Forfeit { side, fault })
}

fn decision_ending(d: Decision) -> Ending {
    match d {
        Decision::Resigns(side) => Ending {
            result: GameResult::win(side.flip()),
            reason: format!("{} wins by adjudication", side_name(side.flip())),
            termination: Termination::Adjudication,
        },
        Decision::Draw => Ending {
            result: GameResult::Draw,
            reason: "Draw by adjudication".into(),
            termination: Termination::Adjudication,
        },
        Decision::MoveLimit => Ending {
            result: GameResult::Draw,
            reason: "Draw by adjudication: move limit".into(),
            termination: Termination::Adjudication,
        },
    }
}

/// Plays the game loop after both players are set up.
fn play_moves(
    s: &GameSetup,
    players: &mut [&mut Player; 2],
    r: &mut Referee,
    moves: &mut Vec<PlayedMove>,
) -> Result<Ending, Stopped> {
    let mut clock = [Clock::new(&players[0].spec.limits), Clock::new(&players[1].spec.limits)];
    let mut adj = Adjudicator::new(s.adjudication);
    loop {
        if let Some(Verdict { result, reason }) = r.verdict() {
            return Ok(Ending { result, reason, termination: Termination::Normal });
        }
        let side = r.side();
        let i = side.index();
        let budget = clock[i].budget();
        let margin = players[i].spec.timemargin.unwrap_or(s.timemargin);
        let wait = budget.map_or(s.timeout, |b| b + margin);
        let cl = clocks(&clock, i);
        let t0 = Instant::now();
        let reply = players[i].go(r, &cl, t0 + wait);
        let used = t0.elapsed();
        let reply = match reply {
            Ok(reply) => reply,
            Err(e) => return failure(side, e, budget.is_some()),
        };
        if !clock[i].spend(used, margin) {
            return failure(side, ClientError::Link(LinkError::Timeout), true);
        }
        let text = match apply(r, side, &reply) {
            Ok(t) => t,
            Err(end) => return Ok(end),
        };
        let th = &reply.thinking;
        // The built-in mover takes no time worth recording.
        let time = (!players[i].spec.is_builtin_random()).then_some(used);
        let note = MoveNote { score: th.score, depth: th.depth, time };
        moves.push(PlayedMove { text, note, book: false });
        if r.verdict().is_none() {
            if let Some(d) = adj.after_move(side, th.score, r.game.moves.len()) {
                return Ok(decision_ending(d));
            }
        }
    }
}

/// Plays one game: `players[0]` has White. Engines that failed are restarted afterwards.
pub fn play_game(number: usize, s: &GameSetup, players: &mut [&mut Player; 2]) -> Result<GameRecord, Stopped> {
    let mut r = Referee::new(s.start.clone());
    let mut moves = Vec::new();
    for m in s.opening {
        let text = r.play(m).map_err(|error| Stopped::fatal(Fatal::OpeningMove { mv: m.clone(), error }))?;
        moves.push(PlayedMove { text, note: MoveNote::default(), book: true });
    }
    let fen = s.fen.clone();
    let mut ending = None;
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        let limits = players[i].spec.limits.clone();
        let g = NewGame { variant: s.variant, variant_file: s.variant_file, fen: fen.as_deref(), limits: &limits };
        match players[i].new_game(&g, s.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9)) {
            Ok(()) => {}
            Err(PlayerError::Unfit(why)) => {
                return Err(Stopped::fatal(Fatal::Engine { name: players[i].spec.name.clone(), why }))
            }
            Err(PlayerError::Client(e)) => {
                ending = Some(failure(side, e, false)?);
                break;
            }
        }
    }
    let ending = match ending {
        Some(e) => e,
        None => play_moves(s, players, &mut r, &mut moves)?,
    };
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        let failed = ending.result == GameResult::win(side.flip())
            && matches!(
                ending.termination,
                Termination::TimeForfeit
                    | Termination::StalledConnection
                    | Termination::Abandoned
                    | Termination::RulesInfraction
            );
        if failed {
            players[i].restart();
        } else {
            players[i].game_over(ending.result, &ending.reason, side);
        }
    }
    Ok(GameRecord {
        number,
        white: players[0].spec.name.clone(),
        black: players[1].spec.name.clone(),
        fen,
        moves,
        result: ending.result,
        reason: ending.reason,
        termination: ending.termination,
        pair: None,
        first: FirstMove::of(&s.start),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::client::Thinking;
    use crate::protocol::error::CommandError;

    fn reply(answer: Answer) -> Reply {
        Reply { answer, thinking: Thinking::default() }
    }

    #[test]
    fn answers_are_judged_by_the_referee() {
        let v = Game::builtin("chu").unwrap();
        let mut r = Referee::new(Position::start(&v));
        let mv = |t: &str, ours: Result<String, CommandError>| reply(Answer::Move { text: t.into(), ours });
        assert_eq!(apply(&mut r, Color::White, &mv("f4f5", Ok("f4f5".into()))), Ok("f4f5".into()));
        let e = apply(&mut r, Color::Black, &mv("a12a1", Ok("a12a1".into()))).err().unwrap();
        assert_eq!((e.result, e.termination), (GameResult::WhiteWins, Termination::IllegalMove));
        assert!(e.reason.starts_with("Black makes an illegal move: a12a1"), "{}", e.reason);
        let e = apply(&mut r, Color::Black, &mv("zz", Err(CommandError::NotNow("bad square".into())))).err().unwrap();
        assert_eq!(e.reason, "Black makes an unreadable move: zz (bad square)");
        // A claim of one's own loss is a resignation; any other claim the referee has not
        // confirmed (the game is not over) is false and loses.
        let claim = |result| reply(Answer::Claim { result, reason: "mine".into() });
        let e = apply(&mut r, Color::Black, &claim(GameResult::WhiteWins)).err().unwrap();
        assert_eq!(
            (e.result, e.reason.as_str(), e.termination),
            (GameResult::WhiteWins, "Black resigns", Termination::Normal)
        );
        let e = apply(&mut r, Color::Black, &claim(GameResult::Draw)).err().unwrap();
        assert_eq!((e.result, e.termination), (GameResult::WhiteWins, Termination::RulesInfraction));
        assert_eq!(e.reason, "Black makes a false claim: 1/2-1/2 {mine}");
        let e = apply(&mut r, Color::White, &claim(GameResult::WhiteWins)).err().unwrap();
        assert_eq!((e.result, e.termination), (GameResult::BlackWins, Termination::RulesInfraction));
        let e = apply(&mut r, Color::Black, &reply(Answer::NoMove)).err().unwrap();
        assert_eq!(e.termination, Termination::IllegalMove);
        // Failures of the connection: time when a clock runs, a stall otherwise.
        let f = |e, clocked| failure(Color::White, ClientError::Link(e), clocked).ok().unwrap();
        assert_eq!(f(LinkError::Timeout, true).reason, "White loses on time");
        assert_eq!(f(LinkError::Timeout, false).termination, Termination::StalledConnection);
        assert_eq!(f(LinkError::Closed, false).reason, "White disconnects");
        assert!(matches!(
            failure(Color::White, ClientError::Link(LinkError::Interrupted), true),
            Err(Stopped::Interrupted)
        ));
    }
}
