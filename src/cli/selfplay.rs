//! `kyodai selfplay`: the engine (or a random mover) against itself, games printed with results.

use super::{setup, Fail, PositionArgs};
use crate::outln;
use clap::Args;
use kyodai::search::Limits;
use kyodai::selfplay::{play_match_game, Player, Rng};
use std::sync::Arc;

#[derive(Args)]
pub struct SelfplayArgs {
    /// Game name or alias, or a game file (*.toml). Default: the default game (Chu Shogi: its
    /// data file says `default = true`).
    #[arg(long, short, default_value = kyodai::Variant::default_name())]
    variant: String,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Start from this FEN instead of the game's start position.
    #[arg(long, short)]
    fen: Option<String>,
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
    /// Seed of the random players (default: a new one each run, printed on stderr so the run
    /// can be repeated). Game N uses the seed plus N - 1.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(a: SelfplayArgs) -> Result<(), Fail> {
    let random_players = a.white == Player::Random || a.black == Player::Random;
    if a.movetime == 0 || a.games == 0 || a.max_plies == 0 || a.hash == 0 {
        return Err(Fail("--movetime, --games, --max-plies and --hash must be at least 1".into()));
    }
    let start =
        setup(&PositionArgs { variant: a.variant, options: a.options, fen: a.fen, setup: None, moves: vec![] })?;
    let v = Arc::clone(start.game());
    let mut searcher = kyodai::resources::searcher(a.hash, 1).map_err(|e| Fail(format!("--hash: {e}")))?;
    let limits = Limits::movetime(a.movetime);
    let seed = a.seed.unwrap_or_else(Rng::entropy_seed);
    if random_players {
        eprintln!("seed {seed} (repeat the random moves with --seed {seed})");
    }
    for g in 1..=a.games {
        // Colours alternate from game to game.
        let players = if g % 2 == 1 { [a.white, a.black] } else { [a.black, a.white] };
        let name = |p: Player| format!("{p:?}").to_lowercase();
        outln!("game {g}: {} from {}", v.title, start.to_fen());
        outln!("white: {}, black: {}", name(players[0]), name(players[1]));
        let rec = play_match_game(
            &start,
            players,
            seed.wrapping_add(g as u64 - 1),
            &mut searcher,
            &limits,
            a.max_plies,
            &mut |ply, _| {
                if ply > 0 && ply % 50 == 0 {
                    eprintln!("game {g}: {ply} plies played");
                }
            },
        );
        outln!("{}", rec.move_text());
        let reason = match rec.outcome {
            Some(o) => o.to_string(),
            None => format!("unfinished after {} plies", rec.moves.len()),
        };
        outln!("result: {} ({reason})\n", rec.result_tag());
    }
    Ok(())
}
