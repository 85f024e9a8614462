//! `kyodai selfplay`: the engine (or a random mover) against itself, games printed with results.

use super::{setup, Fail, GameArgs};
use crate::outln;
use clap::Args;
use kyodai::random::Rng;
use kyodai::search::Limits;
use kyodai::selfplay::{play_match_game, BookPlay, Player};
use std::sync::Arc;

#[derive(Args)]
pub struct SelfplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Thinking time per move in milliseconds.
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Stop a game after this many plies (reported as unfinished, '*').
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Transposition table size in MB (at most half of the machine's memory).
    #[arg(long, default_value_t = 64)]
    hash: u64,
    /// Who plays White in the first game: engine or random (colours alternate).
    #[arg(long, default_value = "engine")]
    white: Player,
    /// Who plays Black in the first game: engine or random.
    #[arg(long, default_value = "engine")]
    black: Player,
    /// Seed of the random players and of the book's choices (default: a new one each run,
    /// printed on stderr so the run can be repeated). Game N uses the seed plus N - 1.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    book: super::book::BookChoice,
}

pub fn run(a: SelfplayArgs) -> Result<(), Fail> {
    let random_players = a.white == Player::Random || a.black == Player::Random;
    if a.movetime == 0 || a.games == 0 || a.max_plies == 0 || a.hash == 0 {
        return Err(Fail("--movetime, --games, --max-plies and --hash must be at least 1".into()));
    }
    let start = setup(&a.game.at_start_of(vec![]))?;
    let v = Arc::clone(start.game());
    let mut searcher = kyodai::resources::searcher(a.hash, 1).map_err(|e| Fail(format!("--hash: {e}")))?;
    let limits = Limits::movetime(a.movetime);
    let book = a.book.load(&v)?;
    let seed = a.seed.unwrap_or_else(Rng::entropy_seed);
    let engine_players = a.white == Player::Engine || a.black == Player::Engine;
    let varied_book = engine_players && book.is_some() && !a.book.book_best;
    let repeatable = match (random_players, varied_book) {
        (true, true) => Some("random and book moves"),
        (true, false) => Some("random moves"),
        (false, true) => Some("book moves"),
        (false, false) => None,
    };
    if let Some(what) = repeatable {
        eprintln!("seed {seed} (repeat the {what} with --seed {seed})");
    }
    for g in 1..=a.games {
        // Colours alternate from game to game.
        let players = if g % 2 == 1 { [a.white, a.black] } else { [a.black, a.white] };
        let name = |p: Player| format!("{p:?}").to_lowercase();
        outln!("game {g}: {} from {}", v.title, start.to_fen());
        outln!("white: {}, black: {}", name(players[0]), name(players[1]));
        let game_seed = seed.wrapping_add(g as u64 - 1);
        let book = book.as_ref().map(|b| BookPlay { book: b, best: a.book.book_best, seed: game_seed });
        let rec =
            play_match_game(&start, players, game_seed, &mut searcher, &limits, a.max_plies, book, &mut |ply, _| {
                if ply > 0 && ply % 50 == 0 {
                    eprintln!("game {g}: {ply} plies played");
                }
            });
        outln!("{}", rec.move_text());
        let reason = match rec.outcome {
            Some(o) => o.to_string(),
            None => format!("unfinished after {} plies", rec.record.moves.len()),
        };
        if rec.book_moves > 0 {
            outln!("book moves: {}", rec.book_moves);
        }
        outln!("result: {} ({reason})\n", rec.result());
    }
    Ok(())
}
