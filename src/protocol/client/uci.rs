//! The UCI client: `uci`/`uciok`, options, `UCI_Variant` (and `VariantPath` for a game file),
//! `isready`/`readyok`, `position startpos|fen ... moves ...` with the whole game, and `go`
//! with the clocks or the fixed limits.

use super::{
    parse_info, wait_for, Answer, Client, ClientError, Clocks, Link, NewGame, Reply, SearchLimits, Thinking,
    Unsupported,
};
use crate::geometry::Color;
use crate::notation::format_move;
use crate::record::{GameResult, Record};
use std::time::Instant;

#[derive(Default)]
pub struct UciClient {
    /// Option names the engine announced (`option name X type ...`).
    options: Vec<String>,
    limits: SearchLimits,
    /// `fen <FEN>` or `startpos`.
    position: String,
}

/// The option name of an `option name NAME type ...` line.
pub(crate) fn option_name(line: &str) -> Option<String> {
    let rest = line.strip_prefix("option name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim().to_string())
}

/// The UCI and USI handshake: `hello` (`uci`/`usi`), then every line up to `ok`
/// (`uciok`/`usiok`), keeping the engine's `id name` and its `option` lines; then the options
/// are set and `isready` answered.
pub(crate) fn handshake(
    link: &mut dyn Link,
    hello: &str,
    ok: &str,
    options: &[(String, String)],
    deadline: Instant,
) -> Result<(Option<String>, Vec<String>), ClientError> {
    link.send(hello)?;
    let (mut name, mut lines) = (None, Vec::new());
    wait_for(
        link,
        deadline,
        |l| l == ok,
        |l| {
            if let Some(n) = l.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            } else if l.starts_with("option name ") {
                lines.push(l.to_string());
            }
            Ok(())
        },
    )?;
    for (k, v) in options {
        link.send(&format!("setoption name {k} value {v}"))?;
    }
    sync(link, deadline)?;
    Ok((name, lines))
}

/// Waits for `readyok` after `isready` (UCI and USI alike).
pub(crate) fn sync(link: &mut dyn Link, deadline: Instant) -> Result<(), ClientError> {
    link.send("isready")?;
    wait_for(link, deadline, |l| l == "readyok", |_| Ok(()))
}

/// The `go` arguments of the fixed limits (`movetime`, `nodes`, `depth`).
pub(crate) fn fixed_limits(l: &SearchLimits, movetime_word: &str) -> String {
    let mut s = String::new();
    if let Some(st) = l.st {
        s.push_str(&format!(" {movetime_word} {}", st.as_millis()));
    }
    if let Some(n) = l.nodes {
        s.push_str(&format!(" nodes {n}"));
    }
    if let Some(d) = l.depth {
        s.push_str(&format!(" depth {d}"));
    }
    s
}

/// Stops a search (UCI and USI alike) and reads its `bestmove`, which nobody wants any more.
pub(crate) fn stop_search(link: &mut dyn Link, deadline: Instant) -> bool {
    link.send("stop").is_ok() && read_bestmove(link, deadline).is_ok()
}

/// Reads lines until `bestmove`, keeping the last scored `info`; returns the move word.
pub(crate) fn read_bestmove(link: &mut dyn Link, deadline: Instant) -> Result<(String, Thinking), ClientError> {
    let mut thinking = Thinking::default();
    loop {
        let line = link.recv(deadline)?;
        let t = line.trim();
        if t.starts_with("info") {
            parse_info(t, &mut thinking);
        } else if let Some(rest) = t.strip_prefix("bestmove") {
            let mv = rest.split_whitespace().next().unwrap_or("").to_string();
            return Ok((mv, thinking));
        }
    }
}

impl Client for UciClient {
    fn start(
        &mut self,
        link: &mut dyn Link,
        options: &[(String, String)],
        deadline: Instant,
    ) -> Result<Option<String>, ClientError> {
        let (name, lines) = handshake(link, "uci", "uciok", options, deadline)?;
        self.options = lines.iter().filter_map(|l| option_name(l)).collect();
        Ok(name)
    }

    fn new_game(&mut self, link: &mut dyn Link, g: &NewGame, deadline: Instant) -> Result<(), ClientError> {
        if let Some(path) = g.variant_file {
            if !self.options.iter().any(|o| o == "VariantPath") {
                return Err(ClientError::Unsupported(Unsupported::NoVariantPath(path.to_string())));
            }
            link.send(&format!("setoption name VariantPath value {path}"))?;
        }
        if !self.options.iter().any(|o| o == "UCI_Variant") {
            let game = g.variant.title.clone();
            return Err(ClientError::Unsupported(Unsupported::NoVariantOption { option: "UCI_Variant", game }));
        }
        link.send(&format!("setoption name UCI_Variant value {}", g.variant.name))?;
        link.send("ucinewgame")?;
        self.limits = g.limits.clone();
        self.position = match g.fen {
            Some(f) => format!("fen {f}"),
            None => "startpos".into(),
        };
        sync(link, deadline)
    }

    fn go(&mut self, link: &mut dyn Link, game: &Record, c: &Clocks, deadline: Instant) -> Result<Reply, ClientError> {
        let mut pos = format!("position {}", self.position);
        if !game.moves.is_empty() {
            pos.push_str(" moves");
            for &m in &game.moves {
                pos.push(' ');
                pos.push_str(&format_move(game.game(), m));
            }
        }
        link.send(&pos)?;
        let mut go = String::from("go");
        if self.limits.tc.is_some() {
            go.push_str(&format!(" wtime {} btime {} winc {} binc {}", c.time[0], c.time[1], c.inc[0], c.inc[1]));
            if let Some(m) = c.moves_to_go {
                go.push_str(&format!(" movestogo {m}"));
            }
        }
        go.push_str(&fixed_limits(&self.limits, "movetime"));
        link.send(&go)?;
        let (mv, thinking) = read_bestmove(link, deadline)?;
        let answer = match mv.as_str() {
            "(none)" | "" => Answer::NoMove,
            "resign" => Answer::Resign,
            _ => Answer::Move { text: mv.clone(), ours: Ok(mv) },
        };
        Ok(Reply { answer, thinking })
    }

    fn game_over(&mut self, _link: &mut dyn Link, _result: GameResult, _reason: &str, _side: Color) {}

    fn quit(&mut self, link: &mut dyn Link) {
        let _ = link.send("quit");
    }

    fn abort(&mut self, link: &mut dyn Link, deadline: Instant) -> bool {
        stop_search(link, deadline)
    }
}
