//! Helpers shared by the Tai Shogi rules tests: positions in section 13's frame and the moves
//! of one piece.

use super::common;
use kyodai::notation::format_move;
use kyodai::rules::legality::legal_move_list;
use kyodai::{Game, Move, Position};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

pub fn tai() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("tai").expect("built-in variant tai")))
}

pub fn with_options(opts: &[(&str, &str)]) -> Arc<Game> {
    let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Game::builtin_with("tai", &o).expect("tai with options")
}

pub fn pos(fen: &str) -> Position {
    pos_in(&tai(), fen)
}

pub fn pos_in(v: &Arc<Game>, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

/// A FEN of the given placements (FEN token, our square name) with `side` to move.
pub fn fen(pieces: &[(&str, &str)], side: char) -> String {
    let shape = tai().shape;
    let mut grid = vec![vec![None::<String>; 25]; 25];
    for (tok, sq) in pieces {
        let s = shape.parse_square(sq).unwrap();
        let (f, r) = (shape.file_of(s) as usize, shape.rank_of(s) as usize);
        assert!(grid[r][f].is_none(), "{sq} used twice");
        grid[r][f] = Some(tok.to_string());
    }
    format!("{} {side}", common::placement(&grid))
}

/// Section 13's default frame: first player's Emperor a2, second player's y24, plus `extra`.
pub fn framed(extra: &[(&str, &str)]) -> String {
    let mut all = vec![("E", "a2"), ("e", "y24")];
    all.extend_from_slice(extra);
    fen(&all, 'w')
}

pub fn sq(name: &str) -> kyodai::geometry::Square {
    tai().shape.parse_square(name).unwrap()
}

/// The legal moves of the piece on `from`.
pub fn moves_of(p: &mut Position, from: &str) -> Vec<Move> {
    let s = sq(from);
    legal_move_list(p).into_iter().filter(|m| m.from == s).collect()
}

/// The move texts of the piece on `from`; each effect must be listed once.
pub fn texts_of(p: &mut Position, from: &str) -> BTreeSet<String> {
    let v = tai();
    let ms = moves_of(p, from);
    let set: BTreeSet<String> = ms.iter().map(|&m| format_move(&v, m)).collect();
    assert_eq!(set.len(), ms.len(), "{from}: duplicate effects");
    set
}

pub fn count_alone(token: &str) -> usize {
    let mut p = pos(&framed(&[(token, "m13")]));
    moves_of(&mut p, "m13").len()
}

/// Every square of the box around m13 within king distance `d`, excluding m13.
pub fn box_around(d: i32) -> BTreeSet<String> {
    let shape = tai().shape;
    let c = sq("m13");
    let mut out = BTreeSet::new();
    for s in shape.squares() {
        let dist = shape.distance(s, c);
        if dist >= 1 && dist <= d {
            out.insert(format!("m13{}", shape.name(s)));
        }
    }
    out
}
