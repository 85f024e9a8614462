//! The soak: many fast games with every position invariant checked after every move. Used by
//! `kyodai soak` (and briefly by the tests) to find states that no hand-written test reaches.
//!
//! Each game starts from the game's start position; every ply is a node-limited search (one
//! thread, deterministic) or, with a probability set by the caller, a random legal move, so
//! that games differ from one seed to the next. After every move:
//! - make/unmake: unmaking the move restores the FEN and the hash, and the position's own
//!   consistency check (`Position::debug_check`: piece lists, counts, royals, piece-square
//!   sums, incremental hash = recomputed hash) holds before and after;
//! - the FEN read back gives the same FEN and hash (a FEN the game refuses is a failure unless
//!   the game is over, since some games refuse a FEN without a royal);
//! - the move's text reads back as the same move;
//! - referee and search agree on the end: the search reports no move exactly when
//!   `outcome` says the game is over (checked on every engine turn and at the end).

use crate::game::Game;
use crate::moves::Move;
use crate::notation::{format_move, parse_move, MoveError};
use crate::position::fen::FenError;
use crate::position::{Inconsistency, Position};
use crate::random::Rng;
use crate::rules::legality::legal_move_list;
use crate::rules::outcome::{outcome, Outcome};
use crate::search::{Limits, Searcher};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// How the soak plays.
#[derive(Clone, Debug)]
pub struct SoakConfig {
    pub games: usize,
    /// Node limit of each engine move.
    pub nodes: u64,
    /// A game still running after this many plies ends as unfinished.
    pub max_plies: usize,
    /// Percent of plies played by a uniformly random legal move instead of the search.
    pub random_percent: u32,
    pub seed: u64,
    /// Transposition table size of the search, in MB.
    pub hash_mb: usize,
}

/// One broken invariant, with what is needed to replay it.
#[derive(Clone, Debug)]
pub struct Failure {
    pub game: usize,
    pub ply: usize,
    pub start_fen: String,
    pub moves: Vec<String>,
    pub what: Broken,
}

/// An invariant a soak game broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The move's text reads back as another move.
    TextReadsOther { text: String },
    /// The move's text does not read back.
    TextUnreadable { text: String, error: Box<MoveError> },
    /// The position's own consistency check fails after the move.
    Inconsistent { text: String, error: Inconsistency },
    /// The position's own consistency check fails after unmaking the move.
    InconsistentUnmade { text: String, error: Inconsistency },
    /// Unmaking the move does not restore the FEN or the hash; `fen` is the one it leaves.
    UnmakeDiffers { text: String, fen: String },
    /// The FEN reads back as another FEN.
    FenReadsOther { fen: String, back: String },
    /// The FEN reads back with another hash.
    FenOtherHash { fen: String },
    /// The FEN of a game in progress is refused.
    FenRefused { fen: String, error: FenError },
    /// The search found no move in a game the referee says goes on.
    NoMove,
    /// The search found a move in a game the referee says is over.
    MoveAfterEnd(Outcome),
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Broken::TextReadsOther { text } => write!(f, "move text '{text}' reads back as another move"),
            Broken::TextUnreadable { text, error } => write!(f, "move text '{text}' does not read back: {error}"),
            Broken::Inconsistent { text, error } => write!(f, "after {text}: {error}"),
            Broken::InconsistentUnmade { text, error } => write!(f, "after unmaking {text}: {error}"),
            Broken::UnmakeDiffers { text, fen } => {
                write!(f, "unmaking {text} does not restore the position (FEN {fen})")
            }
            Broken::FenReadsOther { fen, back } => write!(f, "FEN {fen} reads back as {back}"),
            Broken::FenOtherHash { fen } => write!(f, "FEN {fen} reads back with another hash"),
            Broken::FenRefused { fen, error } => write!(f, "FEN {fen} of a game in progress is refused: {error}"),
            Broken::NoMove => f.write_str("the search found no move, but the referee says the game goes on"),
            Broken::MoveAfterEnd(o) => {
                write!(f, "the search found a move, but the referee says the game is over ({o})")
            }
        }
    }
}

impl std::error::Error for Broken {}

/// What a soak found.
#[derive(Clone, Debug, Default)]
pub struct SoakReport {
    pub games: usize,
    pub plies: u64,
    /// Results by text (`1-0 white wins: all royals captured`, `* unfinished`), counted.
    pub results: BTreeMap<String, usize>,
    pub failures: Vec<Failure>,
}

/// Checks one move `m` in `pos` and plays it: make/unmake, consistency, FEN and move text.
fn play_checked(pos: &mut Position, m: Move) -> Result<(), Broken> {
    let v = Arc::clone(pos.game());
    let text = format_move(&v, m);
    match parse_move(pos, &text) {
        Ok(back) if back == m => {}
        Ok(_) => return Err(Broken::TextReadsOther { text }),
        Err(error) => return Err(Broken::TextUnreadable { text, error: Box::new(error) }),
    }
    let (fen, hash) = (pos.to_fen(), pos.hash());
    let u = pos.make(m);
    pos.debug_check().map_err(|error| Broken::Inconsistent { text: text.clone(), error })?;
    pos.unmake(m, u);
    if pos.to_fen() != fen || pos.hash() != hash {
        return Err(Broken::UnmakeDiffers { text, fen: pos.to_fen() });
    }
    pos.debug_check().map_err(|error| Broken::InconsistentUnmade { text, error })?;
    pos.make(m);
    Ok(())
}

/// Reads the position's FEN back and compares; a refusal is allowed only in a finished game.
fn fen_round_trip(pos: &Position, over: bool) -> Result<(), Broken> {
    let fen = pos.to_fen();
    match Position::from_fen(pos.game(), &fen) {
        Ok(q) if q.to_fen() != fen => Err(Broken::FenReadsOther { fen, back: q.to_fen() }),
        Ok(q) if q.hash() != pos.hash() => Err(Broken::FenOtherHash { fen }),
        Ok(_) => Ok(()),
        Err(_) if over => Ok(()),
        Err(error) => Err(Broken::FenRefused { fen, error }),
    }
}

/// Whether the search's answer agrees with the referee's `o`.
fn agree(best: Option<Move>, o: Option<Outcome>) -> Result<(), Broken> {
    match (best, o) {
        (None, None) => Err(Broken::NoMove),
        (Some(_), Some(o)) => Err(Broken::MoveAfterEnd(o)),
        _ => Ok(()),
    }
}

/// A broken invariant within one game: the ply, the moves before it, and what broke.
type GameFailure = (usize, Vec<String>, Broken);

/// Plays one soak game; returns its result text, its plies, and the first failure.
fn soak_game(
    start: &Position,
    searcher: &mut Searcher,
    cfg: &SoakConfig,
    rng: &mut Rng,
) -> (String, usize, Option<GameFailure>) {
    let v = Arc::clone(start.game());
    let limits = Limits::nodes(cfg.nodes);
    let stop = AtomicBool::new(false);
    let mut pos = start.clone();
    let mut texts: Vec<String> = Vec::new();
    searcher.clear();
    for ply in 0..=cfg.max_plies {
        let o = outcome(&pos);
        let fail = |what: Broken, texts: &Vec<String>| (ply, texts.clone(), what);
        if let Err(e) = fen_round_trip(&pos, o.is_some()) {
            return (String::from("failure"), ply, Some(fail(e, &texts)));
        }
        let random = rng.below(100) < cfg.random_percent as u64;
        let m = if o.is_some() || !random {
            let best = searcher.search(&pos, &limits, 1, &stop, &mut |_| {}).best;
            if let Err(e) = agree(best, o) {
                return (String::from("failure"), ply, Some(fail(e, &texts)));
            }
            best
        } else {
            let legal = legal_move_list(&mut pos);
            legal.get(rng.below(legal.len() as u64) as usize).copied()
        };
        if let Some(o) = o {
            return (result_text(Some(o)), ply, None);
        }
        if ply == cfg.max_plies {
            break;
        }
        let Some(m) = m else { unreachable!("agree() refused a missing move in a game in progress") };
        if let Err(e) = play_checked(&mut pos, m) {
            return (String::from("failure"), ply, Some(fail(e, &texts)));
        }
        texts.push(format_move(&v, m));
    }
    (result_text(None), cfg.max_plies, None)
}

/// `1-0 white wins: ...`, `1/2-1/2 draw: ...`, or `* unfinished`.
fn result_text(o: Option<Outcome>) -> String {
    match o {
        Some(o @ Outcome::Win { winner: crate::Color::White, .. }) => format!("1-0 {o}"),
        Some(o @ Outcome::Win { .. }) => format!("0-1 {o}"),
        Some(o) => format!("1/2-1/2 {o}"),
        None => "* unfinished".into(),
    }
}

/// Plays `cfg.games` games of `v`; `progress` sees the report after each game.
pub fn soak(v: &Arc<Game>, cfg: &SoakConfig, progress: &mut dyn FnMut(&SoakReport)) -> SoakReport {
    let start = Position::start(v);
    let mut searcher = Searcher::new(cfg.hash_mb, 1);
    let mut report = SoakReport::default();
    for g in 0..cfg.games {
        // One generator per game, so a failing game replays alone from (seed, game).
        let mut rng = Rng::new(cfg.seed ^ (g as u64).wrapping_mul(0xA076_1D64_78BD_642F));
        let (result, plies, failure) = soak_game(&start, &mut searcher, cfg, &mut rng);
        report.games += 1;
        report.plies += plies as u64;
        *report.results.entry(result).or_insert(0) += 1;
        if let Some((ply, moves, what)) = failure {
            report.failures.push(Failure { game: g + 1, ply, start_fen: start.to_fen(), moves, what });
        }
        progress(&report);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_checks_compare_search_and_referee() {
        let v = Game::builtin("chu").unwrap();
        let mut pos = Position::start(&v);
        let m = legal_move_list(&mut pos)[0];
        let win = Outcome::Win { winner: crate::Color::White, reason: crate::rules::outcome::Reason::NoLegalMove };
        assert!(agree(Some(m), None).is_ok());
        assert!(agree(None, Some(win)).is_ok());
        assert!(agree(None, None).is_err());
        assert!(agree(Some(m), Some(win)).is_err());
        assert!(play_checked(&mut pos, m).is_ok());
        assert!(fen_round_trip(&pos, false).is_ok());
    }

    #[test]
    fn a_short_soak_of_every_game_is_clean_and_repeatable() {
        for name in crate::Variant::builtin_names() {
            let v = Game::builtin(name).unwrap();
            let cfg = SoakConfig { games: 2, nodes: 20, max_plies: 24, random_percent: 50, seed: 7, hash_mb: 1 };
            let a = soak(&v, &cfg, &mut |_| {});
            assert!(a.failures.is_empty(), "{name}: {:?}", a.failures);
            assert_eq!(a.games, 2);
            let b = soak(&v, &cfg, &mut |_| {});
            assert_eq!((a.plies, a.results), (b.plies, b.results), "{name}: a seed must replay the same games");
        }
    }
}
