//! The positions a tuning learns from, each with the result of its game: read from PGN files,
//! or played here by the engine against itself (node-limited, from a few random plies so the
//! games differ), which can be saved as PGN and read again.
//!
//! Only quiet positions are kept: the side to move is not in check, and neither the move that
//! led there nor the move played from there captures, so the static evaluation is a fair
//! guess of the position and no exchange is half done. The first plies of a game are left out
//! (every game starts alike).

use super::fit::Sample;
use crate::game::Game;
use crate::movegen::is_capture;
use crate::moves::Move;
use crate::notation::{format_move, parse_move, MoveError};
use crate::pgn::{read_pgn, write_game, FirstMove, PgnError, PgnGame};
use crate::position::fen::FenError;
use crate::position::Position;
use crate::random::Rng;
use crate::record::{GameResult, Record};
use crate::rules::legality::{in_check, legal_move_list};
use crate::rules::outcome::outcome;
use crate::search::{Limits, Score, Searcher};
use crate::tournament::openings::{SetupChoiceError, Source};
use crate::variant::setup::SetupSpecError;
use crate::Color;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Plies at the start of a game that give no samples.
pub const SKIP_PLIES: usize = 8;

/// The features of a position (see `tune::features`).
pub type Features<'a> = dyn Fn(&Position) -> Vec<(u32, f32)> + 'a;

/// Samples and where they came from.
#[derive(Debug, Default)]
pub struct Collected {
    /// Each sample with the number of its game (0-based), so whole games can be held out.
    pub samples: Vec<(Sample, usize)>,
    pub games: usize,
    /// Games left out: unfinished (`*`), and of another game than the one tuned.
    pub unfinished: usize,
    pub other_game: usize,
}

/// Adds the quiet positions of the game `moves` from `start`, which ended `result` (for the
/// first player: 1, 0.5 or 0).
fn add_game(start: &Position, moves: &[Move], result: f32, game: usize, features: &Features, out: &mut Collected) {
    let mut pos = start.clone();
    let mut last_captured = false;
    for (ply, &m) in moves.iter().enumerate() {
        let captures = is_capture(&pos, m);
        if ply >= SKIP_PLIES && !captures && !last_captured && !in_check(&pos, pos.side()) {
            out.samples.push((Sample { features: features(&pos), result }, game));
        }
        last_captured = captures;
        pos.make(m);
    }
    out.games += 1;
}

/// Why samples cannot be read from PGN or a self-play game cannot start; `game` counts from 1.
#[derive(Clone, Debug)]
pub enum SampleError {
    Pgn(PgnError),
    Fen {
        game: usize,
        error: FenError,
    },
    Move {
        game: usize,
        number: usize,
        text: String,
        error: Box<MoveError>,
    },
    /// The game's random start array cannot be chosen.
    Setup(SetupChoiceError),
    Opening(SetupSpecError),
    /// The chosen start array is not a position.
    Start(FenError),
    /// The search found no move in a game that is not over.
    NoMove,
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SampleError::Pgn(e) => write!(f, "{e}"),
            SampleError::Fen { game, error } => write!(f, "game {game}: FEN: {error}"),
            SampleError::Move { game, number, text, error } => {
                write!(f, "game {game}, move {number} ({text}): {error}")
            }
            SampleError::Setup(e) => write!(f, "{e}"),
            SampleError::Opening(e) => write!(f, "{e}"),
            SampleError::Start(e) => write!(f, "{e}"),
            SampleError::NoMove => f.write_str("the search found no move in a game that is not over"),
        }
    }
}

impl std::error::Error for SampleError {}

/// Reads the games of a PGN text of the game `v` (every move checked by the rules).
pub fn from_pgn(v: &Arc<Game>, text: &str, features: &Features, out: &mut Collected) -> Result<(), SampleError> {
    for (i, g) in read_pgn(text).map_err(SampleError::Pgn)?.iter().enumerate() {
        let other_game = g
            .tag("Variant")
            .is_some_and(|t| !t.eq_ignore_ascii_case(&v.name) && !v.aliases.iter().any(|a| a.eq_ignore_ascii_case(t)));
        if other_game {
            out.other_game += 1;
            continue;
        }
        let Some(result) = g.stated_result().white_score() else {
            out.unfinished += 1;
            continue;
        };
        let mut pos = match g.tag("FEN") {
            Some(f) => Position::from_fen(v, f).map_err(|error| SampleError::Fen { game: i + 1, error })?,
            None => Position::start(v),
        };
        let start = pos.clone();
        let mut moves = Vec::with_capacity(g.moves.len());
        for (n, text) in g.moves.iter().enumerate() {
            let m = parse_move(&mut pos, text).map_err(|e| SampleError::Move {
                game: i + 1,
                number: n + 1,
                text: text.clone(),
                error: Box::new(e),
            })?;
            pos.make(m);
            moves.push(m);
        }
        let game = out.games;
        add_game(&start, &moves, result as f32, game, features, out);
    }
    Ok(())
}

/// How the engine plays its own games.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies from the start before the engine plays.
    pub random_plies: usize,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// A side the engine scores this many centipawns ahead on both sides' moves, for
    /// `ADJUDICATE_PLIES` plies in a row, wins (giant games take long to finish a won game).
    pub adjudicate_cp: i32,
    pub seed: u64,
    pub hash_mb: usize,
}

const ADJUDICATE_PLIES: usize = 8;

/// One self-play game: the game ([`Record`]: start, moves, position) and its result (never
/// unfinished: the game is adjudicated).
pub struct PlayedGame {
    pub game: Record,
    pub result: GameResult,
}

/// Plays game number `n` (0-based) of `cfg`.
pub fn play(v: &Arc<Game>, cfg: &SelfPlay, n: usize, searcher: &mut Searcher) -> Result<PlayedGame, SampleError> {
    // Game n's own stream, seeded from the run's (`Rng::new` says why so).
    let mut rng = Rng::new(Rng::at(cfg.seed, n as u64));
    let source = match v.setup {
        Some(_) => crate::tournament::openings::parse_setup(v, "random").map_err(SampleError::Setup)?,
        None => Source::Standard,
    };
    let start = match source.opening(v, n, cfg.seed).map_err(SampleError::Opening)?.fen {
        Some(f) => Position::from_fen(v, &f).map_err(SampleError::Start)?,
        None => Position::start(v),
    };
    searcher.clear();
    let mut game = Record::from_position(start);
    let stop = AtomicBool::new(false);
    let limits = Limits::nodes(cfg.nodes);
    // Plies in a row the engine has seen the first player far ahead (+) or behind (-).
    let mut streak: i32 = 0;
    let result = loop {
        if let Some(o) = outcome(&game.pos) {
            break GameResult::from(o);
        }
        let (played, pos) = (game.moves.len(), &mut game.pos);
        if played >= cfg.max_plies {
            break GameResult::Draw;
        }
        let m = if played < cfg.random_plies {
            random_opening_move(pos, &mut rng)
        } else {
            let r = searcher.search(pos, &limits, 1, &stop, &mut |_| {});
            let white = if pos.side() == Color::White { 1 } else { -1 };
            let cp = match r.score {
                Score::Cp(c) => c * white,
                Score::Mate(m) => m.signum() * white * 100_000,
            };
            streak = match (cp >= cfg.adjudicate_cp, cp <= -cfg.adjudicate_cp) {
                (true, _) => streak.max(0) + 1,
                (_, true) => streak.min(0) - 1,
                _ => 0,
            };
            if streak.unsigned_abs() as usize >= ADJUDICATE_PLIES {
                break GameResult::win(if streak > 0 { Color::White } else { Color::Black });
            }
            r.best.ok_or(SampleError::NoMove)?
        };
        game.play(m);
    };
    Ok(PlayedGame { game, result })
}

/// A random legal move for the opening plies, by a non-royal piece when one can move: a royal
/// walking at random (Tai's Emperor has hundreds of moves, most of them captures anywhere on
/// the board) would end most games in a few plies and teach nothing about real positions.
fn random_opening_move(pos: &mut Position, rng: &mut Rng) -> Move {
    let legal = legal_move_list(pos);
    let royal = |m: &Move| pos.piece_at(m.from).is_some_and(|p| pos.variant().piece(p.kind()).royal);
    let army: Vec<Move> = legal.iter().copied().filter(|m| !royal(m)).collect();
    let from = if army.is_empty() { &legal } else { &army };
    from[rng.below(from.len() as u64) as usize]
}

impl PlayedGame {
    /// The game in PGN, numbered `round`.
    pub fn pgn(&self, v: &Arc<Game>, round: usize, note: &str) -> String {
        let mut tags = vec![
            ("Event", "kyodai tune self-play".to_string()),
            ("Round", round.to_string()),
            ("White", "kyodai".into()),
            ("Black", "kyodai".into()),
            ("Result", self.result.to_string()),
            ("Variant", v.name.clone()),
        ];
        let (start, moves) = (&self.game.start, &self.game.moves);
        let fen = start.to_fen();
        if fen != Position::start(v).to_fen() {
            tags.extend([("FEN", fen), ("SetUp", "1".into())]);
        }
        let g = PgnGame {
            tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            moves: moves.iter().map(|&m| format_move(v, m)).collect(),
            comments: vec![Vec::new(); moves.len()],
            final_comment: Some(note.to_string()),
            result: self.result,
        };
        write_game(&g, FirstMove::of(start))
    }

    /// Adds the game's quiet positions as game number `game`.
    pub fn add_to(&self, game: usize, features: &Features, out: &mut Collected) {
        let result = self.result.white_score().unwrap_or(0.5) as f32;
        add_game(&self.game.start, &self.game.moves, result, game, features, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random game of `plies` plies (or fewer, if it ends) from the start of `name`.
    fn random_game(name: &str, plies: usize, seed: u64, result: GameResult) -> (Arc<Game>, PlayedGame) {
        let g = Game::builtin(name).unwrap();
        let mut rng = Rng::new(seed);
        let mut game = Record::new(&g);
        while game.moves.len() < plies && outcome(&game.pos).is_none() {
            let legal = legal_move_list(&mut game.pos);
            game.play(legal[rng.index(legal.len())]);
        }
        (g, PlayedGame { game, result })
    }

    /// The "features" of a position: its side to move and its number of pieces, enough to
    /// tell positions apart.
    fn probe(p: &Position) -> Vec<(u32, f32)> {
        vec![(0, p.side().index() as f32), (1, (p.pieces(Color::White).len() + p.pieces(Color::Black).len()) as f32)]
    }

    #[test]
    fn games_read_from_pgn_give_the_samples_of_the_games_played() {
        let (g, a) = random_game("chu", 60, 1, GameResult::WhiteWins);
        let (_, b) = random_game("chu", 40, 2, GameResult::Draw);
        let mut direct = Collected::default();
        a.add_to(0, &probe, &mut direct);
        b.add_to(1, &probe, &mut direct);
        // Quiet positions only, none of the first 8 plies: fewer samples than plies.
        assert!(direct.samples.len() < 60 + 40 - 2 * SKIP_PLIES && !direct.samples.is_empty());
        // The same games through PGN, with an unfinished one and one of another game between.
        let (other_game, c) = random_game("bigorra", 20, 3, GameResult::BlackWins);
        let text = format!(
            "{}{}{}{}",
            a.pgn(&g, 1, "a"),
            a.pgn(&g, 2, "unfinished").replace("[Result \"1-0\"]", "[Result \"*\"]").replace(" 1-0\n", " *\n"),
            c.pgn(&other_game, 3, "c"),
            b.pgn(&g, 4, "b")
        );
        let mut read = Collected::default();
        from_pgn(&g, &text, &probe, &mut read).unwrap();
        assert_eq!((read.games, read.unfinished, read.other_game), (2, 1, 1));
        assert_eq!(read.samples, direct.samples);
        // A move the rules refuse names its game and move.
        let bad = a.pgn(&g, 1, "a").replacen("1. ", "1. a1a9 ", 1);
        let e = from_pgn(&g, &bad, &probe, &mut Collected::default()).unwrap_err();
        assert!(matches!(&e, SampleError::Move { game: 1, number: 1, .. }), "{e}");
        assert!(e.to_string().starts_with("game 1, move 1 (a1a9): "), "{e}");
    }

    #[test]
    fn random_opening_plies_move_the_army_not_the_royals() {
        // Tai's Emperor has far more moves than any other piece: a uniform pick among all
        // legal moves would nearly always walk it: 40 random plies from the start never may.
        let g = Game::builtin("tai").unwrap();
        let mut pos = Position::start(&g);
        let mut rng = Rng::new(9);
        for _ in 0..40 {
            let m = random_opening_move(&mut pos, &mut rng);
            let mover = pos.piece_at(m.from).unwrap();
            assert!(!g.variant.piece(mover.kind()).royal, "a royal moved at random: {}", format_move(&g, m));
            pos.make(m);
        }
        // A side with nothing but royals still gets a move.
        let bare = Game::builtin("chu").unwrap();
        let mut lone = Position::from_fen(&bare, "12/12/12/12/12/5k6/12/12/12/12/12/6K5 w - 1").unwrap();
        let m = random_opening_move(&mut lone, &mut rng);
        assert!(legal_move_list(&mut lone).contains(&m));
    }
}
