//! Who plays for the board besides people: the [`Opponent`] interface, and Kyodai's own search
//! behind it.
//!
//! An opponent gets the game (start position and the moves so far, as text in our notation)
//! and answers with a move text, which the session then checks with the rules core like a
//! person's move. An external engine (UCI, USI, XBoard through the protocol clients of
//! `kyodai match`) is one more implementation of this trait: it would send the start FEN and
//! the moves in its dialect and translate its answer back.

use crate::notation::{format_move, parse_move};
use crate::position::Position;
use crate::search::{Info, Limits, Score, Searcher};
use std::sync::atomic::AtomicBool;

/// What an opponent is asked to think about.
pub struct ThinkRequest {
    /// The game's start position (the variant and its options come with it).
    pub start: Position,
    /// The moves since the start, in our notation.
    pub moves: Vec<String>,
    pub limits: Limits,
    pub multipv: usize,
}

/// One line of analysis, in text: the score is for the side to move.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Line {
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    /// Centipawns, when the score is not a mate.
    pub cp: Option<i32>,
    /// Moves to mate (negative: being mated), when it is.
    pub mate: Option<i32>,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
}

/// A player that is not a person.
pub trait Opponent: Send {
    /// The name shown on the page.
    fn name(&self) -> &str;
    /// A new game starts (forget what was learnt).
    fn new_game(&mut self) {}
    /// Thinks until the limits or `stop`, reporting lines to `info`; returns the chosen move
    /// in our notation, or `None` when there is no move (the game is over).
    fn think(
        &mut self,
        req: &ThinkRequest,
        stop: &AtomicBool,
        info: &mut dyn FnMut(Line),
    ) -> Result<Option<String>, String>;
}

/// Kyodai's own search.
pub struct Kyodai {
    searcher: Searcher,
}

impl Kyodai {
    pub fn new(hash_mb: usize, threads: usize) -> Kyodai {
        Kyodai { searcher: Searcher::new(hash_mb, threads) }
    }
}

impl Opponent for Kyodai {
    fn name(&self) -> &str {
        "Kyodai"
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn think(
        &mut self,
        req: &ThinkRequest,
        stop: &AtomicBool,
        info: &mut dyn FnMut(Line),
    ) -> Result<Option<String>, String> {
        let mut pos = req.start.clone();
        for t in &req.moves {
            let m = parse_move(&mut pos, t).map_err(|e| e.to_string())?;
            pos.make(m);
        }
        let v = std::sync::Arc::clone(pos.variant());
        let r = self.searcher.search(&pos, &req.limits, req.multipv.max(1), stop, &mut |i: &Info| {
            info(line(&v, i));
        });
        Ok(r.best.map(|m| format_move(&v, m)))
    }
}

fn line(v: &crate::Variant, i: &Info) -> Line {
    let (cp, mate) = match i.score {
        Score::Cp(c) => (Some(c), None),
        Score::Mate(m) => (None, Some(m)),
    };
    Line {
        multipv: i.multipv,
        depth: i.depth,
        seldepth: i.seldepth,
        cp,
        mate,
        nodes: i.nodes,
        nps: i.nps,
        time_ms: i.time.as_millis() as u64,
        pv: i.pv.iter().map(|&m| format_move(v, m)).collect(),
    }
}

/// An external engine as named on the command line: `name=X cmd=Y proto=uci|usi|xboard`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub proto: String,
}

impl std::str::FromStr for EngineSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<EngineSpec, String> {
        let (mut name, mut cmd, mut proto) = (None, None, None);
        // A value runs to the next ` KEY=`, so a command may contain spaces.
        let mut rest = s.trim();
        while !rest.is_empty() {
            let (key, after) = rest.split_once('=').ok_or_else(|| format!("'{rest}' is not KEY=VALUE"))?;
            let end = [" name=", " cmd=", " proto="].iter().filter_map(|k| after.find(k)).min().unwrap_or(after.len());
            let value = after[..end].trim().to_string();
            match key.trim() {
                "name" => name = Some(value),
                "cmd" => cmd = Some(value),
                "proto" => proto = Some(value.to_ascii_lowercase()),
                k => return Err(format!("unknown key '{k}' (use name=, cmd=, proto=)")),
            }
            rest = after[end..].trim();
        }
        let proto = proto.unwrap_or_else(|| "uci".into());
        if !["uci", "usi", "xboard"].contains(&proto.as_str()) {
            return Err(format!("proto={proto}: use uci, usi or xboard"));
        }
        Ok(EngineSpec { name: name.ok_or("name= is missing")?, cmd: cmd.ok_or("cmd= is missing")?, proto })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let e: EngineSpec = "name=hachu cmd=hachu -x proto=xboard".parse().unwrap();
        assert_eq!((e.name.as_str(), e.cmd.as_str(), e.proto.as_str()), ("hachu", "hachu -x", "xboard"));
        let e: EngineSpec = "name=fs proto=uci cmd=/usr/bin/fairy-stockfish --flag".parse().unwrap();
        assert_eq!(e.cmd, "/usr/bin/fairy-stockfish --flag");
        assert!("name=x".parse::<EngineSpec>().is_err());
        assert!("name=x cmd=y proto=cecp".parse::<EngineSpec>().is_err());
        assert!("colour=red".parse::<EngineSpec>().is_err());
    }

    #[test]
    fn kyodai_answers_with_a_legal_move_text() {
        let v = crate::Variant::builtin("chu").unwrap();
        let req = ThinkRequest {
            start: Position::start(&v),
            moves: vec!["f4f5".into()],
            limits: Limits::depth(2),
            multipv: 1,
        };
        let mut lines = Vec::new();
        let mv = Kyodai::new(1, 1).think(&req, &AtomicBool::new(false), &mut |l| lines.push(l)).unwrap().unwrap();
        let mut pos = Position::start(&v);
        let m = parse_move(&mut pos, "f4f5").unwrap();
        pos.make(m);
        assert!(parse_move(&mut pos, &mv).is_ok());
        assert!(!lines.is_empty() && lines.last().unwrap().depth == 2);
    }
}
