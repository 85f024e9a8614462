//! Helpers shared by the Dai and Tenjiku rules suites: the engine's moves in the listing form
//! of `docs/rules/tenjiku.md` §4.7 (origin-destination, the enemy squares the move empties by
//! captures and burns, `+`), and the cross-check with the independent generator
//! (`great_shogi_reference.rs`) on perft, given positions and random games.

use super::reference::{self, Key, Rules};
use kyodai::notation::format_move;
use kyodai::perft::perft;
use kyodai::rules::legality::{legal_move_list, History};
use kyodai::{Game, Move, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

pub fn game(name: &str) -> Arc<Game> {
    Game::builtin(name).unwrap_or_else(|e| panic!("built-in game {name}: {e}"))
}

pub fn pos(g: &Arc<Game>, fen: &str) -> Position {
    Position::from_fen(g, fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

/// The listing form of `m`, played on a copy of `p` to find what it removes (burns too).
pub fn listing(p: &Position, m: Move) -> String {
    let shape = p.game().shape;
    let them = p.side().flip();
    let before: Vec<_> = p.pieces(them).to_vec();
    let mut q = p.clone();
    let u = q.make(m);
    let mut removed: Vec<_> = before.into_iter().filter(|&s| q.piece_at(s).is_none_or(|x| x.color() != them)).collect();
    q.unmake(m, u);
    assert_eq!(&q, p, "unmake restores the position");
    removed.sort_by_key(|&s| (shape.file_of(s), shape.rank_of(s)));
    let mut t = format!("{}-{}", shape.name(m.from), shape.name(m.to));
    if !removed.is_empty() {
        let names: Vec<String> = removed.iter().map(|&s| shape.name(s)).collect();
        t.push_str(&format!(" x {}", names.join(",")));
    }
    if m.promotion().is_some() {
        t.push_str(" +");
    }
    t
}

/// The legal moves of the piece on `from`, in the listing form; each effect is one move.
pub fn moves_of(g: &Arc<Game>, fen: &str, from: &str) -> BTreeSet<String> {
    let mut p = pos(g, fen);
    let s = g.shape.parse_square(from).unwrap();
    let moves: Vec<Move> = legal_move_list(&mut p).into_iter().filter(|m| m.from == s).collect();
    let out: BTreeSet<String> = moves.iter().map(|&m| listing(&p, m)).collect();
    assert_eq!(out.len(), moves.len(), "{from}: duplicate effects");
    out
}

#[track_caller]
pub fn check<S: AsRef<str>>(g: &Arc<Game>, fen: &str, from: &str, expected: &[S], ctx: &str) {
    let actual = moves_of(g, fen, from);
    let expected: BTreeSet<String> = expected.iter().map(|t| t.as_ref().to_string()).collect();
    if actual != expected {
        let missing: Vec<_> = expected.difference(&actual).collect();
        let extra: Vec<_> = actual.difference(&expected).collect();
        panic!(
            "{ctx}: {} moves, expected {}\n  missing: {missing:?}\n  unexpected: {extra:?}",
            actual.len(),
            expected.len()
        );
    }
}

/// Plays `text` in our notation.
pub fn play(p: &mut Position, text: &str) {
    let m = kyodai::notation::parse_move(p, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_fen()));
    p.make(m);
}

/// The engine's move as the reference's effect key.
pub fn key(p: &Position, m: Move) -> Key {
    let shape = p.game().shape;
    let xy = |s: kyodai::Square| (shape.file_of(s), shape.rank_of(s));
    let mut caps: Vec<(i32, i32)> = m.mids().filter(|&s| !p.is_empty(s)).map(xy).collect();
    if m.to != m.from && !p.is_empty(m.to) {
        caps.push(xy(m.to));
    }
    caps.sort_unstable();
    caps.dedup();
    (xy(m.from), xy(m.to), caps, m.promotion().is_some())
}

/// The engine's moves of `fen` equal the reference's, effect by effect.
#[track_caller]
pub fn same_moves(g: &Arc<Game>, rules: Rules, fen: &str) {
    let mut p = pos(g, fen);
    let moves = legal_move_list(&mut p);
    let ours: BTreeSet<Key> = moves.iter().map(|&m| key(&p, m)).collect();
    assert_eq!(ours.len(), moves.len(), "{fen}: two engine moves with one effect");
    let theirs = reference::parse(rules, fen).moves();
    if ours != theirs {
        let missing: Vec<_> = theirs.difference(&ours).collect();
        let extra: Vec<_> = ours.difference(&theirs).collect();
        panic!("{fen}\n  only the reference: {missing:?}\n  only the engine: {extra:?}");
    }
}

/// Engine and reference perft agree on `fen` at every depth up to `depth`.
pub fn same_perft(g: &Arc<Game>, rules: Rules, fen: &str, depth: u32) {
    let mut p = pos(g, fen);
    let r = reference::parse(rules, fen);
    for d in 1..=depth {
        assert_eq!(perft(&mut p, d, History::Ignore), r.perft(d), "{fen} depth {d}");
    }
}

/// Random games from the start (captures preferred a third of the time, so they open up): at
/// every position the two generators list the same effects, and playing the chosen move gives
/// the same position in both (burns included).
pub fn same_on_random_games(g: &Arc<Game>, rules: Rules, seed: u64, games: usize, plies: usize) -> usize {
    let mut next = super::walk::xorshift(seed);
    let mut positions = 0;
    for _ in 0..games {
        let mut p = Position::start(g);
        for _ in 0..plies {
            let fen = p.to_fen();
            same_moves(g, rules, &fen);
            positions += 1;
            let Some(m) = super::walk::random_move(&mut p, &mut next, 3) else {
                break;
            };
            let after = reference::parse(rules, &fen).play(&key(&p, m));
            p.make(m);
            if kyodai::rules::outcome::outcome(&p).is_some() {
                // A side lost its last royal (a position the FEN reader may refuse).
                break;
            }
            let fen_after = p.to_fen();
            assert!(after.same(&reference::parse(rules, &fen_after)), "{fen}: {} gives {fen_after}", format_move(g, m));
        }
    }
    positions
}
