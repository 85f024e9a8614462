//! The engine's perft on every number of `perft/data/<game>.txt` (one harness for all games);
//! each game's reference generator counts the same numbers in its own tests.

use crate::perft_data::{select, Speed};
use kyodai::perft::perft;
use kyodai::rules::legality::History;
use kyodai::{Game, Position};

/// The games with a perft file.
const GAMES: [&str; 8] = ["bigorra", "chu", "nutty", "scirocco", "typhoon", "tai", "dai", "tenjiku"];

fn check(game: &str, speed: Speed) {
    let g = Game::builtin(game).unwrap_or_else(|e| panic!("{game}: {e}"));
    let start = Position::start(&g).to_fen();
    for e in select(game, speed) {
        let mut pos = Position::from_fen(&g, &e.fen).unwrap_or_else(|err| panic!("{game} {}: {err}", e.position));
        let before = pos.to_fen();
        if e.position == "start" {
            assert_eq!(before, start, "{game}: the position named 'start' is not the start position");
        }
        let history = if e.history_applies { History::Apply } else { History::Ignore };
        assert_eq!(perft(&mut pos, e.depth, history), e.count, "{game} {} perft({}): {}", e.position, e.depth, e.fen);
        assert_eq!(pos.to_fen(), before, "{game} {}: perft must leave the position unchanged", e.position);
    }
}

#[test]
fn bigorra() {
    check("bigorra", Speed::Quick);
}

#[test]
fn chu() {
    check("chu", Speed::Quick);
}

#[test]
fn nutty() {
    check("nutty", Speed::Quick);
}

#[test]
fn scirocco() {
    check("scirocco", Speed::Quick);
}

#[test]
fn typhoon() {
    check("typhoon", Speed::Quick);
}

#[test]
fn tai() {
    check("tai", Speed::Quick);
}

#[test]
fn dai() {
    check("dai", Speed::Quick);
}

#[test]
fn tenjiku() {
    check("tenjiku", Speed::Quick);
}

/// `cargo test --test perft -- --ignored`: Scirocco's depth 5, Typhoon's depth 5.
#[test]
#[ignore = "slow: minutes in a test build; cargo test --test perft -- --ignored"]
fn slow_numbers() {
    for game in GAMES {
        check(game, Speed::Slow);
    }
}
