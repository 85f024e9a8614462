//! The perft expectations of `engine-tests/perft/data/<game>.txt` (the format is at the top of
//! each file): read by the engine's harness (`perft/harness.rs`) and by each game's reference
//! generator tests, so every number is written once. Plain text plumbing: no engine code.

#![allow(dead_code)]

use std::path::Path;

/// One expected count.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The position's name in the file (`start`, `ply20`, ...).
    pub position: String,
    pub fen: String,
    pub depth: u32,
    pub count: u64,
    /// Perft applies the repetition rules (the file's `history apply`).
    pub history_applies: bool,
    /// Checked only in `--ignored` runs.
    pub slow: bool,
}

/// Which entries a test wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// The entries every `cargo test` checks.
    Quick,
    /// The `slow` ones (`--ignored` tests).
    Slow,
}

/// Every entry of `game`'s file, in file order.
pub fn entries(game: &str) -> Vec<Entry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("engine-tests/perft/data/{game}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    let mut history_applies = false;
    let mut position: Option<(String, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), i + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "history" => {
                assert!(rest == "apply" || rest == "ignore", "{}: history apply|ignore", at());
                history_applies = rest == "apply";
            }
            "position" => {
                let (name, fen) = rest.split_once(' ').unwrap_or_else(|| panic!("{}: position NAME FEN", at()));
                position = Some((name.to_string(), fen.trim().to_string()));
            }
            "perft" => {
                let (name, fen) = position.clone().unwrap_or_else(|| panic!("{}: perft before any position", at()));
                let words: Vec<&str> = rest.split_whitespace().collect();
                let number = |k: usize| words.get(k).and_then(|w| w.parse::<u64>().ok());
                let (Some(depth), Some(count)) = (number(0), number(1)) else {
                    panic!("{}: perft DEPTH COUNT [slow]", at())
                };
                let slow = match words.get(2) {
                    None => false,
                    Some(&"slow") => true,
                    Some(w) => panic!("{}: unknown word '{w}'", at()),
                };
                out.push(Entry { position: name, fen, depth: depth as u32, count, history_applies, slow });
            }
            _ => panic!("{}: unknown line '{line}'", at()),
        }
    }
    assert!(!out.is_empty(), "{}: no perft entries", path.display());
    out
}

/// The entries of `game` at `speed`.
pub fn select(game: &str, speed: Speed) -> Vec<Entry> {
    entries(game).into_iter().filter(|e| e.slow == (speed == Speed::Slow)).collect()
}

/// The FEN and `(depth, count)` pairs of one named position of `game` at `speed`.
pub fn position(game: &str, name: &str, speed: Speed) -> (String, Vec<(u32, u64)>) {
    let rows: Vec<Entry> = select(game, speed).into_iter().filter(|e| e.position == name).collect();
    assert!(!rows.is_empty(), "{game}: no {speed:?} perft entry for position '{name}'");
    (rows[0].fen.clone(), rows.iter().map(|e| (e.depth, e.count)).collect())
}
