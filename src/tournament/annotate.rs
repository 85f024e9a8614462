//! `kyodai annotate`: every position of a game searched once; each move gets the score after
//! it (for the side that made it), the depth and the expected continuation, plus the best move
//! when another one was better; moves that lose much are marked `?` (a mistake) or `??` (a
//! blunder).
//!
//! A move's loss is the score before it minus the score after it, both for the mover, in
//! centipawns; a mate counts as 20000 minus its distance, so missing a mate or walking into
//! one is always a blunder.

use super::pgnout::score_text;
use super::referee::{start_position, BadFen, Referee};
use crate::game::Game;
use crate::notation::{format_move, MoveError};
use crate::pgn::{read_pgn, write_game, FirstMove, PgnError, PgnGame};
use crate::position::Position;
use crate::rules::outcome::outcome;
use crate::search::{Limits, Score, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What to mark and how long to think.
#[derive(Clone, Debug)]
pub struct AnnotateSettings {
    pub limits: Limits,
    /// A loss of at least this many centipawns is a mistake (`?`).
    pub mistake: i32,
    /// ... and at least this many a blunder (`??`).
    pub blunder: i32,
}

/// One searched position: score for the side to move, depth, best line (our move text).
#[derive(Clone, Debug)]
struct Eval {
    score: Score,
    depth: u32,
    pv: Vec<String>,
}

/// A score as centipawns for comparing: a mate counts as 20000 minus its distance.
pub fn centipawns(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 20_000 - n,
        Score::Mate(n) => -20_000 - n,
    }
}

fn negate(s: Score) -> Score {
    match s {
        Score::Cp(c) => Score::Cp(-c),
        Score::Mate(n) => Score::Mate(-n),
    }
}

/// Searches `pos`, or scores it by the rules when the game is over there.
fn evaluate(searcher: &mut Searcher, pos: &Position, limits: &Limits) -> Eval {
    if let Some(o) = outcome(pos) {
        let score = match o {
            crate::rules::outcome::Outcome::Win { winner, .. } if winner == pos.side() => Score::Mate(1),
            crate::rules::outcome::Outcome::Win { .. } => Score::Mate(-1),
            crate::rules::outcome::Outcome::Draw { .. } => Score::Cp(0),
        };
        return Eval { score, depth: 0, pv: Vec::new() };
    }
    let stop = AtomicBool::new(false);
    let r = searcher.search(pos, limits, 1, &stop, &mut |_| {});
    let v = pos.game();
    Eval { score: r.score, depth: r.depth, pv: r.pv.iter().map(|&m| format_move(v, m)).collect() }
}

/// Why a PGN text cannot be annotated; `game` counts from 1.
#[derive(Clone, Debug)]
pub enum AnnotateError {
    Pgn(PgnError),
    Fen { game: usize, error: BadFen },
    Move { game: usize, number: usize, text: String, error: Box<MoveError> },
}

impl std::fmt::Display for AnnotateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnnotateError::Pgn(e) => write!(f, "{e}"),
            AnnotateError::Fen { game, error } => write!(f, "game {game}: {error}"),
            AnnotateError::Move { game, number, text, error } => {
                write!(f, "game {game}: move {number} ({text}): {error}")
            }
        }
    }
}

impl std::error::Error for AnnotateError {}

/// The positions of a game read from PGN: before the first move, after each move.
fn positions(v: &Arc<Game>, g: &PgnGame, game: usize) -> Result<Vec<Position>, AnnotateError> {
    let start = start_position(v, g.tag("FEN")).map_err(|error| AnnotateError::Fen { game, error })?;
    let mut r = Referee::new(start.clone());
    let mut out = vec![start];
    for (i, m) in g.moves.iter().enumerate() {
        r.play(m).map_err(|e| AnnotateError::Move { game, number: i + 1, text: m.clone(), error: Box::new(e) })?;
        out.push(r.game.pos.clone());
    }
    Ok(out)
}

/// The comment and mark of move `i`, given the evaluations before and after it.
fn annotate_move(played: &str, before: &Eval, after: &Eval, s: &AnnotateSettings) -> (String, &'static str) {
    let mine_after = negate(after.score);
    let mut c = format!("{}/{}", score_text(mine_after), after.depth);
    if !after.pv.is_empty() {
        c.push(' ');
        c.push_str(&after.pv.join(" "));
    }
    let best = before.pv.first().map(String::as_str);
    let mut mark = "";
    if best.is_some_and(|b| b != played) {
        mark = verdict(centipawns(before.score) - centipawns(mine_after), s.mistake, s.blunder);
        c.push_str(&format!("; best {} {}", before.pv[0], score_text(before.score)));
    }
    (c, mark)
}

/// The mark of a move other than the best that lost `lost` centipawns: `??` from `blunder`
/// on, `?` from `mistake` on, else none. (The web board's review marks moves the same way.)
pub fn verdict(lost: i32, mistake: i32, blunder: i32) -> &'static str {
    if lost >= blunder {
        "??"
    } else if lost >= mistake {
        "?"
    } else {
        ""
    }
}

/// Annotates every game of `text`; `progress(done, total)` is called after each search.
pub fn annotate(
    v: &Arc<Game>,
    text: &str,
    s: &AnnotateSettings,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<String, AnnotateError> {
    let games = read_pgn(text).map_err(AnnotateError::Pgn)?;
    annotate_games(v, &games, s, searcher, progress)
}

/// One annotated game: its start, each move's mark (`?`, `??` or none) and comment.
pub struct Annotated {
    pub start: Position,
    pub marks: Vec<&'static str>,
    pub comments: Vec<String>,
}

/// Searches every position of `games` (from PGN, or from KIF by `crate::kifu`).
pub fn annotate_records(
    v: &Arc<Game>,
    games: &[PgnGame],
    s: &AnnotateSettings,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<Annotated>, AnnotateError> {
    let all: Vec<Vec<Position>> =
        games.iter().enumerate().map(|(i, g)| positions(v, g, i + 1)).collect::<Result<_, _>>()?;
    let total: usize = all.iter().map(Vec::len).sum();
    let mut done = 0;
    let mut out = Vec::new();
    for (g, pos) in games.iter().zip(all) {
        searcher.clear();
        let evals: Vec<Eval> = pos
            .iter()
            .map(|p| {
                let e = evaluate(searcher, p, &s.limits);
                done += 1;
                progress(done, total);
                e
            })
            .collect();
        let (comments, marks) =
            g.moves.iter().enumerate().map(|(i, m)| annotate_move(m, &evals[i], &evals[i + 1], s)).unzip();
        out.push(Annotated { start: pos.into_iter().next().expect("the start"), marks, comments });
    }
    Ok(out)
}

/// The reason of the result a game written by `kyodai match` ends with (its last comment).
pub fn final_reason(g: &PgnGame) -> Option<&str> {
    g.tag("Termination").and(g.comments.last().and_then(|c| c.last())).map(String::as_str)
}

/// Annotates games already read (from PGN, or from KIF by `crate::kifu`); the result is PGN.
pub fn annotate_games(
    v: &Arc<Game>,
    games: &[PgnGame],
    s: &AnnotateSettings,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<String, AnnotateError> {
    let done = annotate_records(v, games, s, searcher, progress)?;
    let mut out = String::new();
    for (g, a) in games.iter().zip(&done) {
        let annotated = PgnGame {
            tags: g.tags.clone(),
            moves: g.moves.iter().zip(&a.marks).map(|(m, mark)| format!("{m}{mark}")).collect(),
            comments: a.comments.iter().map(|c| vec![c.clone()]).collect(),
            // A game written by `kyodai match` ends with the reason of its result: keep it.
            final_comment: final_reason(g).map(str::to_string),
            result: g.result,
        };
        out.push_str(&write_game(&annotated, FirstMove::of(&a.start)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_throws_away_the_score_is_a_blunder() {
        let s = AnnotateSettings { limits: Limits::depth(1), mistake: 100, blunder: 300 };
        let ev = |score, pv: &[&str]| Eval { score, depth: 5, pv: pv.iter().map(ToString::to_string).collect() };
        // Before: +1.00 with a1a2; after b1b2 the opponent stands +3.50: lost 450 cp.
        let (c, mark) = annotate_move("b1b2", &ev(Score::Cp(100), &["a1a2"]), &ev(Score::Cp(350), &["c1c2"]), &s);
        assert_eq!((c.as_str(), mark), ("-3.50/5 c1c2; best a1a2 +1.00", "??"));
        let (_, mark) = annotate_move("b1b2", &ev(Score::Cp(100), &["a1a2"]), &ev(Score::Cp(50), &[]), &s);
        assert_eq!(mark, "?");
        // The best move is never marked, and a missed mate is a blunder.
        let (_, mark) = annotate_move("a1a2", &ev(Score::Cp(100), &["a1a2"]), &ev(Score::Cp(900), &[]), &s);
        assert_eq!(mark, "");
        let (_, mark) = annotate_move("b1b2", &ev(Score::Mate(2), &["a1a2"]), &ev(Score::Cp(-800), &[]), &s);
        assert_eq!(mark, "??");
    }
}
