//! The JSON the page reads: the list of games and the state of the session.

use super::session::{Player, Session};
use crate::diagram::{CELL, MARGIN};
use crate::game::Game;
use crate::variant::Variant;
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The built-in games, read once (Tai Shogi's tables take a moment to build).
fn game_list() -> &'static Vec<Value> {
    static GAMES: OnceLock<Vec<Value>> = OnceLock::new();
    GAMES.get_or_init(|| {
        Variant::builtin_names()
            .into_iter()
            .filter_map(|n| Game::builtin(n).ok())
            .map(|v| {
                json!({
                    "name": v.name,
                    "title": v.title,
                    "files": v.shape.files,
                    "ranks": v.shape.ranks,
                    "arrays": v.setup.is_some(),
                    // The game's rule options, for the page's selects: default first.
                    "choices": v.variant.rule_choices.iter().map(|c| json!({
                        "key": c.key, "values": [c.default, c.value],
                    })).collect::<Vec<_>>(),
                    "handicaps": v.handicaps.iter().map(|h| json!({ "name": h.name, "title": h.title })).collect::<Vec<_>>(),
                })
            })
            .collect()
    })
}

pub fn games(s: &Session) -> Value {
    let engines: Vec<&str> = s.engines.iter().map(|e| e.name.as_str()).collect();
    json!({ "games": game_list(), "engines": engines })
}

fn player_name(s: &Session, p: Player) -> String {
    match p {
        Player::Human => "human".into(),
        Player::Engine(i) => s.engines[i].name.to_ascii_lowercase(),
    }
}

/// Everything the page shows, for the page that asked (`controller`: it may change the game).
pub fn state(s: &mut Session, controller: bool) -> Value {
    let clocks = s.clock_now();
    let result = s.result();
    let v = std::sync::Arc::clone(s.variant());
    let last: Vec<String> = match s.game.moves.last() {
        Some(m) => {
            let mut sq = vec![v.shape.name(m.from)];
            sq.extend(m.mids().map(|x| v.shape.name(x)));
            sq.push(v.shape.name(m.to));
            sq
        }
        None => Vec::new(),
    };
    let in_check = result.is_none() && crate::rules::legality::in_check(&s.game.pos, s.game.pos.side());
    json!({
        "version": s.version,
        "controller": controller,
        "game": { "name": v.name, "title": v.title, "files": v.shape.files, "ranks": v.shape.ranks },
        "layout": { "cell": CELL, "margin": MARGIN },
        "options": s.options,
        "start_fen": s.game.start.to_fen(),
        "fen": s.game.pos.to_fen(),
        "side": if s.game.pos.side() == crate::Color::White { "w" } else { "b" },
        "in_check": in_check,
        "ply": s.ply(),
        "line": s.line_texts(),
        "comments": s.comments,
        "tags": s.tags,
        "last": last,
        "players": { "w": player_name(s, s.players[0]), "b": player_name(s, s.players[1]) },
        "limits": { "movetime_ms": s.movetime_ms, "depth": s.depth, "multipv": s.multipv },
        "clocks": clocks,
        "result": result.as_ref().map(|r| r.0.text()),
        "reason": result.as_ref().map(|r| r.1.clone()),
        "thinking": s.running.as_ref().map(|r| r.task.name()),
        "hint": s.hint.answer.as_ref().filter(|(g, _)| *g == s.gen).map(|(_, m)| m),
        "review": s.review.as_ref().map(|r| json!({
            "done": r.next.min(r.best.len()), "total": r.best.len(), "marks": r.marks,
            "best": r.best, "score": r.score,
        })),
        "analyse": s.analyse,
        "paused": s.paused,
        "lines": s.lines,
        "evals": s.evals,
        "message": s.message,
    })
}
