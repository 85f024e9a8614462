//! The XBoard (CECP protocol 2) client: `xboard`, `protover 2` and the `feature` list (waited
//! for with a timeout), `new`/`variant`/`level`/`st`/`sd`/`memory`, the opponent's moves in
//! force mode (`usermove` when the engine asked for it), `time`/`otim` in centiseconds, `go`,
//! multi-leg moves in both forms (`move e8e7,` then `move e7e6`, or `move e8e7,e7e6`), `@@@@`,
//! thinking lines, result claims, `ping`/`pong`.

use super::{Answer, Breach, Client, ClientError, Clocks, Link, NewGame, Reply, SearchLimits, Thinking, Unsupported};
use crate::geometry::Color;
use crate::position::Position;
use crate::protocol::xbetza::XbGame;
use crate::record::{GameResult, Record};
use crate::search::Score;
use std::time::{Duration, Instant};

/// How long an engine that never says `feature done=0` gets to finish its feature list
/// (protocol 2: after 2 seconds the GUI may assume a protocol 1 engine).
const FEATURE_WAIT: Duration = Duration::from_secs(2);
/// `memory` sent to engines that announce `feature memory=1` when no `option.memory` is given
/// (HaChu 0.21 crashes if it searches before receiving one).
const DEFAULT_MEMORY_MB: u32 = 64;

#[derive(Default)]
pub struct XboardClient {
    features: Vec<(String, String)>,
    /// `memory` and `cores` given as engine options (sent as commands, not `option`).
    memory: Option<String>,
    cores: Option<String>,
    xb: Option<XbGame>,
    limits: SearchLimits,
    /// Moves of the game the engine has been told (or played itself).
    sent: usize,
    /// Whether the engine has left force mode (after `go`).
    playing: bool,
    ping: u32,
}

/// The features of one `feature` line: `key=value` pairs, values possibly quoted.
fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line.strip_prefix("feature").unwrap_or("").trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            let end = q.find('"').unwrap_or(q.len());
            (q[..end].to_string(), q.get(end + 1..).unwrap_or(""))
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (after[..end].to_string(), &after[end..])
        };
        out.push((key, value));
        rest = next.trim_start();
    }
    out
}

/// A thinking line `ply score time nodes pv...` (time in centiseconds).
pub(crate) fn parse_thinking(line: &str) -> Option<Thinking> {
    let w: Vec<&str> = line.split_whitespace().collect();
    if w.len() < 4 {
        return None;
    }
    let depth: u32 = w[0].trim_end_matches(['.', '&']).parse().ok()?;
    let score: i32 = w[1].parse().ok()?;
    let cs: u64 = w[2].parse().ok()?;
    let nodes: u64 = w[3].parse().ok()?;
    // XBoard's convention: mate scores are 100000 + moves (Kyodai writes them so).
    let score = match score {
        s if s >= 90_000 => Score::Mate((s - 100_000).max(1)),
        s if s <= -90_000 => Score::Mate((s + 100_000).min(-1)),
        s => Score::Cp(s),
    };
    Some(Thinking {
        score: Some(score),
        depth: Some(depth),
        time: Some(Duration::from_millis(cs * 10)),
        nodes: Some(nodes),
        pv: w[4..].iter().map(ToString::to_string).collect(),
    })
}

/// A result claim `1-0 {reason}`, `0-1 {...}`, `1/2-1/2 {...}`.
fn parse_claim(line: &str) -> Option<(GameResult, String)> {
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let result = word.parse::<GameResult>().ok().filter(|r| r.is_finished())?;
    Some((result, rest.trim().trim_start_matches('{').trim_end_matches('}').to_string()))
}

/// `level` arguments: moves per period, base as minutes or `min:sec`, increment in seconds.
fn level(tc: &super::TimeControl) -> String {
    let s = tc.base.as_millis() as f64 / 1000.0;
    let base = if s % 60.0 == 0.0 { format!("{}", s / 60.0) } else { format!("{}:{:02}", (s / 60.0) as u64, s % 60.0) };
    format!("level {} {base} {}", tc.moves, super::seconds_text(tc.inc))
}

impl XboardClient {
    fn feature(&self, key: &str) -> Option<&str> {
        self.features.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    fn on(&self, key: &str) -> bool {
        self.feature(key) == Some("1")
    }

    /// `ping N` and wait for `pong N`; `Error` lines seen meanwhile are returned.
    fn sync(&mut self, link: &mut dyn Link, deadline: Instant) -> Result<Vec<String>, ClientError> {
        let mut errors = Vec::new();
        if !self.on("ping") {
            return Ok(errors);
        }
        self.ping += 1;
        let want = format!("pong {}", self.ping);
        link.send(&format!("ping {}", self.ping))?;
        loop {
            let l = link.recv(deadline)?;
            let l = l.trim();
            if l == want {
                return Ok(errors);
            }
            if l.starts_with("Error") || l.starts_with("tellusererror") {
                errors.push(l.to_string());
            }
        }
    }

    /// Reads the feature lines until `done=1` (or the protocol-1 wait runs out).
    fn read_features(&mut self, link: &mut dyn Link, deadline: Instant) -> Result<(), ClientError> {
        let mut until = deadline.min(Instant::now() + FEATURE_WAIT);
        loop {
            let line = match link.recv(until) {
                Ok(l) => l,
                Err(super::LinkError::Timeout) if until < deadline => return Ok(()),
                Err(e) => return Err(e.into()),
            };
            if !line.trim_start().starts_with("feature") {
                continue;
            }
            for (k, v) in parse_features(line.trim()) {
                if k == "done" {
                    if v == "1" {
                        return Ok(());
                    }
                    until = deadline;
                    continue;
                }
                // We understand everything but SAN; moves come in coordinates.
                let answer = if k == "san" && v == "1" { "rejected" } else { "accepted" };
                link.send(&format!("{answer} {k}"))?;
                self.features.push((k, v));
            }
        }
    }

    /// The text of the game's moves not yet sent, one command each.
    fn send_moves(&mut self, link: &mut dyn Link, game: &Record) -> Result<(), ClientError> {
        if self.sent > game.moves.len() {
            return Err(ClientError::Protocol(Breach::GameShorter { sent: self.sent, moves: game.moves.len() }));
        }
        let xb = self.xb.as_ref().expect("new_game sets the XBoard game");
        let prefix = if self.on("usermove") { "usermove " } else { "" };
        for &m in &game.moves[self.sent..] {
            link.send(&format!("{prefix}{}", xb.move_legs(game.game(), m).concat()))?;
        }
        self.sent = game.moves.len();
        Ok(())
    }

    /// Reads until the engine moves, resigns or claims.
    fn read_answer(&mut self, link: &mut dyn Link, game: &Record, deadline: Instant) -> Result<Reply, ClientError> {
        let mut thinking = Thinking::default();
        let mut legs = String::new();
        let xb = self.xb.as_ref().expect("new_game sets the XBoard game");
        loop {
            let line = link.recv(deadline)?;
            let t = line.trim();
            if let Some(mv) = t.strip_prefix("move ") {
                legs.push_str(mv.trim());
                if legs.ends_with(',') {
                    continue;
                }
                let ours = xb.move_to_ours(game.game(), &legs);
                return Ok(Reply { answer: Answer::Move { text: legs, ours }, thinking });
            }
            if t == "resign" || t.starts_with("resign ") {
                return Ok(Reply { answer: Answer::Resign, thinking });
            }
            if let Some((result, reason)) = parse_claim(t) {
                return Ok(Reply { answer: Answer::Claim { result, reason }, thinking });
            }
            if t.starts_with("Illegal move") {
                return Err(ClientError::Protocol(Breach::RefusedMove(t.to_string())));
            }
            if let Some(th) = parse_thinking(t) {
                thinking = th;
            }
        }
    }
}

impl Client for XboardClient {
    fn start(
        &mut self,
        link: &mut dyn Link,
        options: &[(String, String)],
        deadline: Instant,
    ) -> Result<Option<String>, ClientError> {
        link.send("xboard")?;
        link.send("protover 2")?;
        self.read_features(link, deadline)?;
        for (k, v) in options {
            match k.as_str() {
                "memory" => self.memory = Some(v.clone()),
                "cores" => self.cores = Some(v.clone()),
                _ => link.send(&format!("option {k}={v}"))?,
            }
        }
        self.sync(link, deadline)?;
        Ok(self.feature("myname").map(str::to_string))
    }

    fn new_game(&mut self, link: &mut dyn Link, g: &NewGame, deadline: Instant) -> Result<(), ClientError> {
        let v = g.variant;
        if let Some(list) = self.feature("variants") {
            if !list.split(',').any(|n| n.trim() == v.name) {
                let (variant, offered) = (v.name.clone(), list.to_string());
                return Err(ClientError::Unsupported(Unsupported::VariantNotOffered { variant, offered }));
            }
        }
        if g.limits.nodes.is_some() {
            return Err(ClientError::Unsupported(Unsupported::NoNodeLimit));
        }
        let xb = XbGame::new(v);
        link.send("new")?;
        link.send(&format!("variant {}", v.name))?;
        link.send("force")?;
        if let Some(f) = g.fen {
            if !self.on("setboard") {
                return Err(ClientError::Unsupported(Unsupported::NoSetboard));
            }
            let p = Position::from_fen(v, f).map_err(|e| ClientError::Unsupported(Unsupported::Fen(e)))?;
            link.send(&format!("setboard {}", xb.fen(&p)))?;
        }
        if self.on("memory") {
            link.send(&format!("memory {}", self.memory.clone().unwrap_or(DEFAULT_MEMORY_MB.to_string())))?;
        }
        if let (Some(c), true) = (&self.cores, self.on("smp")) {
            link.send(&format!("cores {c}"))?;
        }
        if let Some(tc) = &g.limits.tc {
            link.send(&level(tc))?;
        }
        if let Some(st) = g.limits.st {
            link.send(&format!("st {}", super::seconds_text(st)))?;
        }
        if let Some(d) = g.limits.depth {
            link.send(&format!("sd {d}"))?;
        }
        link.send("post")?;
        link.send("easy")?;
        let errors = self.sync(link, deadline)?;
        if let Some(e) = errors.iter().find(|e| e.contains("variant") || e.contains("setboard")) {
            return Err(ClientError::Unsupported(Unsupported::Refused(e.clone())));
        }
        self.xb = Some(xb);
        self.limits = g.limits.clone();
        self.sent = 0;
        self.playing = false;
        Ok(())
    }

    fn go(&mut self, link: &mut dyn Link, game: &Record, c: &Clocks, deadline: Instant) -> Result<Reply, ClientError> {
        if self.playing {
            link.send("force")?;
        }
        self.send_moves(link, game)?;
        if self.limits.tc.is_some() {
            let me = game.pos.side().index();
            link.send(&format!("time {}", c.time[me] / 10))?;
            link.send(&format!("otim {}", c.time[1 - me] / 10))?;
        }
        link.send("go")?;
        self.playing = true;
        let reply = self.read_answer(link, game, deadline)?;
        if matches!(reply.answer, Answer::Move { .. }) {
            // The engine has played its move on its own board.
            self.sent += 1;
        }
        Ok(reply)
    }

    fn game_over(&mut self, link: &mut dyn Link, result: GameResult, reason: &str, _side: Color) {
        let _ = link.send(&format!("result {result} {{{reason}}}"));
        self.playing = false;
    }

    fn quit(&mut self, link: &mut dyn Link) {
        let _ = link.send("quit");
    }

    /// `?` (move now), then the engine's move (or resignation, or claim) is read and dropped.
    /// The engine has played it on its own board: the caller sets up a new game next.
    fn abort(&mut self, link: &mut dyn Link, deadline: Instant) -> bool {
        if link.send("?").is_err() {
            return false;
        }
        loop {
            let Ok(line) = link.recv(deadline) else { return false };
            let t = line.trim();
            let moved = t.strip_prefix("move ").is_some_and(|m| !m.trim().ends_with(','));
            if moved || t == "resign" || t.starts_with("resign ") || parse_claim(t).is_some() {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_thinking_and_claims_are_read() {
        let f = parse_features(r#"feature ping=1 myname="Ha Chu 0.21" variants="chu,dai" done=0"#);
        assert_eq!(f[1], ("myname".into(), "Ha Chu 0.21".into()));
        assert_eq!(f[2], ("variants".into(), "chu,dai".into()));
        assert_eq!(f[3], ("done".into(), "0".into()));
        let t = parse_thinking("9 -35 470 1234567 e5e6 f8f7").unwrap();
        assert_eq!((t.depth, t.score, t.time), (Some(9), Some(Score::Cp(-35)), Some(Duration::from_millis(4700))));
        assert_eq!(parse_thinking("3 100004 10 99 a1a2").unwrap().score, Some(Score::Mate(4)));
        assert!(parse_thinking("Error (unknown command): foo").is_none());
        assert_eq!(parse_claim("0-1 {White resigns}"), Some((GameResult::BlackWins, "White resigns".into())));
        assert_eq!(parse_claim("1/2-1/2"), Some((GameResult::Draw, String::new())));
        assert_eq!(parse_claim("1-0x"), None);
    }

    #[test]
    fn an_abandoned_search_is_ended_with_move_now() {
        use crate::protocol::client::tests::Script;
        let mut c = XboardClient::default();
        let far = Instant::now() + Duration::from_secs(60);
        let mut engine = Script::new(&["3 10 5 100 f4f5", "move f4f5,", "move f5f6"]);
        assert!(c.abort(&mut engine, far));
        assert_eq!(engine.sent, ["?"]);
        // An engine that never moves: the wait ends at the deadline, and it must be restarted.
        let mut silent = Script::new(&["1 0 0 1 a1a2"]);
        assert!(!c.abort(&mut silent, Instant::now() + Duration::from_millis(100)));
    }

    #[test]
    fn level_writes_minutes_or_min_sec() {
        let tc = |m, b, i| super::super::TimeControl {
            moves: m,
            base: Duration::from_millis(b),
            inc: Duration::from_millis(i),
        };
        assert_eq!(level(&tc(0, 15_000, 150)), "level 0 0:15 0.15");
        assert_eq!(level(&tc(40, 300_000, 0)), "level 40 5 0");
        assert_eq!(level(&tc(0, 90_500, 1000)), "level 0 1:30.5 1");
    }
}
