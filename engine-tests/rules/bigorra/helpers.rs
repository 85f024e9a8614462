//! Helpers shared by the Bigorra rules tests: positions, move sets, and move effects observed
//! by making the move.

use super::common;
use kyodai::notation::{format_move, parse_move};
use kyodai::rules::legality::legal_move_list;
use kyodai::{Color, Game, Move, Position, Square};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

pub fn variant() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("bigorra").expect("bigorra is built in")))
}

pub fn pos(fen: &str) -> Position {
    Position::from_fen(&variant(), fen).unwrap_or_else(|e| panic!("FEN should be accepted: {fen}\n{e}"))
}

pub fn sq(name: &str) -> Square {
    variant().shape.parse_square(name).unwrap_or_else(|e| panic!("bad square {name}: {e}"))
}

pub fn name(s: Square) -> String {
    variant().shape.name(s)
}

pub fn text(m: Move) -> String {
    format_move(&variant(), m)
}

/// The ID (upper case, e.g. "Q", "AZ") of the piece on `s`, with its colour.
pub fn piece_on(p: &Position, s: &str) -> Option<(Color, String)> {
    p.piece_at(sq(s)).map(|pc| (pc.color(), variant().piece(pc.kind()).id.clone()))
}

pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(ToString::to_string).collect()
}

/// Every legal move of the side to move, as text.
pub fn all_moves(p: &mut Position) -> BTreeSet<String> {
    let list = legal_move_list(p);
    let texts: BTreeSet<String> = list.iter().map(|&m| text(m)).collect();
    assert_eq!(texts.len(), list.len(), "two legal moves share one text in {}", p.to_fen());
    texts
}

/// The legal moves of the piece on `from`, as text.
pub fn moves_from(fen: &str, from: &str) -> BTreeSet<String> {
    let mut p = pos(fen);
    let f = sq(from);
    legal_move_list(&mut p).into_iter().filter(|m| m.from == f).map(text).collect()
}

/// What one move does: the squares it empties of enemy pieces, and the promotion ID.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Effect {
    pub captured: Vec<String>,
    pub promo: Option<String>,
}

/// Makes `m`, observes its effect on the board and checks it against the move's own fields,
/// then takes it back and checks that the position is restored.
pub fn effect_of(p: &mut Position, m: Move) -> Effect {
    let v = variant();
    let before_fen = p.to_fen();
    let us = p.side();
    let mover = p.piece_at(m.from).expect("a piece on the origin");
    let squares: Vec<Square> = v.shape.squares().collect();
    let enemy_before: Vec<Square> =
        squares.iter().copied().filter(|&s| p.piece_at(s).is_some_and(|pc| pc.color() != us)).collect();
    let undo = p.make(m);
    let mut captured: Vec<String> =
        enemy_before.iter().copied().filter(|&s| p.piece_at(s).is_none_or(|pc| pc.color() == us)).map(name).collect();
    captured.sort();
    let arrived = p.piece_at(m.to).expect("the mover stands on the destination");
    assert_eq!(arrived.color(), us);
    assert!(p.piece_at(m.from).is_none(), "origin {} not emptied by {}", name(m.from), text(m));
    let promo = m.promotion().map(|k| v.piece(k).id.clone());
    match m.promotion() {
        Some(k) => assert_eq!(arrived.kind(), k, "{} should have promoted", text(m)),
        None => assert_eq!(arrived.kind(), mover.kind(), "{} changed the piece type without a promotion", text(m)),
    }
    p.unmake(m, undo);
    assert_eq!(p.to_fen(), before_fen, "unmake of {} did not restore the position", text(m));
    Effect { captured, promo }
}

/// The legal moves of the piece on `from` with their effects.
pub fn effects_from(fen: &str, from: &str) -> BTreeMap<String, Effect> {
    let mut p = pos(fen);
    let f = sq(from);
    let list: Vec<Move> = legal_move_list(&mut p).into_iter().filter(|m| m.from == f).collect();
    let mut out = BTreeMap::new();
    for m in list {
        let t = text(m);
        // Output never carries a promotion suffix: the text is exactly the two squares.
        assert_eq!(t, format!("{}{}", name(m.from), name(m.to)), "move text of {t}");
        let e = effect_of(&mut p, m);
        assert!(out.insert(t.clone(), e).is_none(), "duplicate move {t}");
    }
    out
}

/// Parses an expected-move spec: `"h13 x"` (captures on the destination), `"e11 xe10"`
/// (captures e10), `"e16 =DW"` (promotes), `"d16 x =DW"`, or just `"h9"`.
pub fn expected(from: &str, specs: &[&str]) -> BTreeMap<String, Effect> {
    let mut out = BTreeMap::new();
    for spec in specs {
        let mut parts = spec.split_whitespace();
        let to = parts.next().unwrap();
        let mut captured = Vec::new();
        let mut promo = None;
        for p in parts {
            if let Some(c) = p.strip_prefix('x') {
                captured.push(if c.is_empty() { to.to_string() } else { c.to_string() });
            } else if let Some(id) = p.strip_prefix('=') {
                promo = Some(id.to_string());
            } else {
                panic!("bad spec {spec}");
            }
        }
        assert!(out.insert(format!("{from}{to}"), Effect { captured, promo }).is_none(), "spec repeats {spec}");
    }
    out
}

/// Asserts the exact legal moves of the piece on `from`, with captures and promotions.
pub fn check_piece(fen: &str, from: &str, specs: &[&str]) {
    let want = expected(from, specs);
    let got = effects_from(fen, from);
    if got != want {
        let gk: BTreeSet<&String> = got.keys().collect();
        let wk: BTreeSet<&String> = want.keys().collect();
        let missing: Vec<_> = wk.difference(&gk).collect();
        let extra: Vec<_> = gk.difference(&wk).collect();
        let differ: Vec<_> = want
            .iter()
            .filter_map(|(k, w)| got.get(k).filter(|g| *g != w).map(|g| format!("{k}: want {w:?}, got {g:?}")))
            .collect();
        panic!(
            "moves of {from} in {fen}\n  missing: {missing:?}\n  extra: {extra:?}\n  different effect: {differ:?}\n  got: {:?}",
            got.keys().collect::<Vec<_>>()
        );
    }
}

/// Builds a FEN from (square, token) pairs, e.g. `("a1", "K")`, `("g14", "(PR)")`, and the
/// fields after the placement (`"w - - 0 1"`).
pub fn build_fen(pieces: &[(&str, &str)], rest: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 16]; 16];
    for (s, tok) in pieces {
        let file = (s.as_bytes()[0] - b'a') as usize;
        let rank: usize = s[1..].parse::<usize>().unwrap() - 1;
        assert!(grid[rank][file].is_none(), "square {s} used twice");
        grid[rank][file] = Some(tok.to_string());
    }
    format!("{} {}", common::placement(&grid), rest)
}

/// Plays a move given as text (it must be legal) and returns it.
pub fn play(p: &mut Position, mv: &str) -> Move {
    let m = parse_move(p, mv).unwrap_or_else(|e| panic!("{mv} should be legal in {}: {e}", p.to_fen()));
    p.make(m);
    m
}

/// The FEN fields after the placement.
pub fn fields(p: &Position) -> String {
    let f = p.to_fen();
    f.split_once(' ').unwrap().1.to_string()
}

pub fn rejects(fen: &str) {
    assert!(Position::from_fen(&variant(), fen).is_err(), "FEN should be rejected: {fen}");
}

pub fn accepts(fen: &str) -> Position {
    pos(fen)
}
