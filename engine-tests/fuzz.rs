//! The fuzz targets (`src/fuzz.rs`), briefly: a few thousand deterministic inputs each (FEN
//! reader, move readers of our notation and the USI and XBoard dialects, protocol loops, game
//! files). Any panic fails the test, and so does a broken property. `scripts/fuzz.sh` runs
//! the same targets at volume.

fn clean(target: &str, n: u64) {
    let failures = kyodai::fuzz::run(target, 2026, 0, n);
    assert!(failures.is_empty(), "{target}: {}", failures.join("\n"));
}

#[test]
fn fen_reader() {
    clean("fen", 3000);
}

#[test]
fn move_readers() {
    clean("moves", 3000);
}

#[test]
fn protocol_loops() {
    clean("protocol", 1000);
}

#[test]
fn game_files() {
    clean("gamefile", 1000);
}

#[test]
fn edits_reach_the_readers_with_bad_characters() {
    // The generator really produces multi-byte characters, huge numbers and noise.
    let mut rng = kyodai::random::Rng::new(1);
    let all: String = (0..2000).map(|_| kyodai::fuzz::mutate("e2e4", &mut rng)).collect();
    assert!(all.contains('é') && all.contains("99999999999") && all.contains('\u{0}'));
}
