//! The UCI dialect (Fairy-Stockfish style variant extensions): `UCI_Variant`, `VariantPath`,
//! `info string variant ...`, positions and moves in our notation (`shared/PROTOCOLS.md`).

use super::engine::{budget, Engine, InfoFormatter, MAX_HASH_MB, MAX_MULTIPV, MAX_OVERHEAD_MS, MAX_THREADS};
use super::{split_command, Dialect, Flow, HeldBestmove, Out, ENGINE_AUTHOR, ENGINE_NAME};
use crate::game::Game;
use crate::moves::Move;
use crate::notation::{format_move, parse_move};
use crate::position::Position;
use crate::search::{Info, Limits};
use std::sync::Arc;
use std::time::Duration;

/// The limits and flags of one `go` command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    /// USI byoyomi (milliseconds per move after the main time).
    pub byoyomi: Option<u64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub perft: Option<u32>,
}

fn number<T: std::str::FromStr>(key: &str, v: Option<&&str>) -> Result<T, String> {
    match v {
        None => Err(format!("'{key}' needs a value")),
        Some(t) => t.parse::<T>().map_err(|_| format!("'{key}' needs a non-negative number, not '{t}'")),
    }
}

/// Reads the arguments of `go` (UCI and USI words).
pub fn parse_go(args: &str) -> Result<Go, String> {
    let t: Vec<&str> = args.split_whitespace().collect();
    let mut g = Go::default();
    let mut i = 0;
    while i < t.len() {
        let k = t[i];
        let v = t.get(i + 1);
        match k {
            "wtime" => g.wtime = Some(number::<i64>(k, v)?.max(0) as u64),
            "btime" => g.btime = Some(number::<i64>(k, v)?.max(0) as u64),
            "winc" => g.winc = Some(number(k, v)?),
            "binc" => g.binc = Some(number(k, v)?),
            "byoyomi" => g.byoyomi = Some(number(k, v)?),
            "movestogo" => g.movestogo = Some(number(k, v)?),
            "depth" => g.depth = Some(number(k, v)?),
            "nodes" => g.nodes = Some(number(k, v)?),
            "movetime" => g.movetime = Some(number(k, v)?),
            "mate" => g.mate = Some(number(k, v)?),
            "perft" => g.perft = Some(number(k, v)?),
            "infinite" => {
                g.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                g.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => return Err("'searchmoves' is not supported".into()),
            other => return Err(format!("unknown word '{other}'")),
        }
        i += 2;
    }
    if g.depth == Some(0) || g.nodes == Some(0) || g.perft == Some(0) || g.mate == Some(0) {
        return Err("depth, nodes, mate and perft must be at least 1".into());
    }
    Ok(g)
}

impl Go {
    /// The search limits for the side to move (`white` = our first player), with `overhead`
    /// kept back.
    pub fn limits(&self, white: bool, overhead_ms: u64) -> Limits {
        let (time, inc) = if white { (self.wtime, self.winc) } else { (self.btime, self.binc) };
        let mut l = Limits { overhead: Duration::from_millis(overhead_ms), ..Limits::default() };
        l.depth = self.depth.or(self.mate.map(|m| (2 * m).saturating_sub(1).max(1)));
        l.nodes = self.nodes;
        l.movetime = self.movetime.map(Duration::from_millis);
        l.infinite = self.infinite;
        l.moves_to_go = self.movestogo;
        if let Some(t) = time {
            // Byoyomi: the main time plus the period, of which nearly all may be used now.
            let byo = self.byoyomi.unwrap_or(0);
            if t == 0 && byo > 0 {
                l.movetime = Some(Duration::from_millis(byo));
            } else {
                l.time = Some(Duration::from_millis(t + byo * 3 / 4));
            }
        } else if let Some(b) = self.byoyomi {
            if b > 0 && l.movetime.is_none() {
                l.movetime = Some(Duration::from_millis(b));
            }
        }
        l.increment = Duration::from_millis(inc.unwrap_or(0));
        l
    }
}

/// An `info` line shared by UCI and USI: the moves are already in the dialect's text.
pub fn info_line(i: &Info, multipv: usize, pv: &str) -> String {
    let mut s = format!("info depth {} seldepth {}", i.depth, i.seldepth);
    if multipv > 1 {
        s.push_str(&format!(" multipv {}", i.multipv));
    }
    s.push_str(&format!(
        " score {} nodes {} nps {} hashfull {} time {}",
        i.score,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time.as_millis()
    ));
    if !pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(pv);
    }
    s
}

/// Splits `setoption name N [value V]` into (N, V).
pub fn parse_setoption(args: &str) -> Result<(String, Option<String>), String> {
    let rest = args.trim();
    let Some(rest) = rest.strip_prefix("name") else {
        return Err("expected 'setoption name <name> [value <value>]'".into());
    };
    let rest = rest.trim();
    let (name, value) = match find_word(rest, "value") {
        Some(i) => (rest[..i].trim(), Some(rest[i + 5..].trim().to_string())),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("option name missing".into());
    }
    Ok((name.to_string(), value))
}

/// Byte index of `word` as a whole word in `s`.
fn find_word(s: &str, word: &str) -> Option<usize> {
    let mut start = 0;
    while let Some(k) = s[start..].find(word) {
        let i = start + k;
        let before = i == 0 || s.as_bytes()[i - 1].is_ascii_whitespace();
        let after = s.as_bytes().get(i + word.len()).map(|c| c.is_ascii_whitespace()).unwrap_or(true);
        if before && after {
            return Some(i);
        }
        start = i + word.len();
    }
    None
}

/// Parses an integer option value within bounds.
pub fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<i64, String> {
    let v = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
    let n: i64 = v.trim().parse().map_err(|_| format!("option '{name}': '{v}' is not a number"))?;
    if n < min || n > max {
        return Err(format!("option '{name}': {n} is outside {min}..{max}"));
    }
    Ok(n)
}

/// Parses a check option value.
pub fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") | Some("1") | Some("on") => Ok(true),
        Some("false") | Some("0") | Some("off") => Ok(false),
        _ => Err(format!("option '{name}' needs true or false")),
    }
}

/// A UCI session.
pub struct Uci {
    e: Engine,
    out: Out,
    /// The `go` of a ponder search, to time it after `ponderhit`.
    /// A finished search's `bestmove` line waiting for `stop` / `ponderhit`.
    /// `bestmove` held back while pondering or searching infinitely.
    held: HeldBestmove<Go>,
}

impl Uci {
    pub fn new(e: Engine, out: Out) -> Uci {
        Uci { e, out, held: HeldBestmove::new() }
    }

    fn error(&self, msg: &str) {
        self.out.line(&format!("info string error: {msg}"));
    }

    fn announce_variant(&self) {
        let v = self.e.variant();
        self.out.line(&format!(
            "info string variant {} files {} ranks {} startpos {}",
            v.name, v.shape.files, v.shape.ranks, v.start_fen
        ));
    }

    fn id(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {ENGINE_AUTHOR}"));
        let names = self.e.variant_names();
        let vars: Vec<String> = names.iter().map(|n| format!("var {n}")).collect();
        let o = &self.e.opts;
        self.out.line(&format!(
            "option name UCI_Variant type combo default {} {}",
            self.e.variant().name,
            vars.join(" ")
        ));
        self.out.line("option name VariantPath type string default <empty>");
        self.out.line(&format!("option name Hash type spin default {} min 1 max {MAX_HASH_MB}", o.hash_mb));
        self.out.line(&format!("option name Threads type spin default {} min 1 max {MAX_THREADS}", o.threads));
        self.out.line(&format!("option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}", o.multipv));
        self.out.line(&format!("option name Ponder type check default {}", o.ponder));
        self.out.line(&format!("option name OwnBook type check default {}", o.own_book));
        self.out.line(&format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_OVERHEAD_MS}",
            o.overhead_ms
        ));
        self.out.line("option name Clear Hash type button");
        self.out.line("uciok");
    }

    fn setoption(&mut self, args: &str) -> Result<(), String> {
        let (name, value) = parse_setoption(args)?;
        let v = value.as_deref();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let var = self.e.find_variant(v.ok_or("option 'UCI_Variant' needs a value")?)?;
                self.e.new_game(&var);
                self.announce_variant();
            }
            "variantpath" => {
                let path = v.unwrap_or("").trim();
                if path.is_empty() || path == "<empty>" {
                    return Ok(());
                }
                let names = self.e.load_variant_path(path)?;
                self.out.line(&format!("info string loaded {}", names.join(" ")));
            }
            "hash" => self.e.set_hash(spin(&name, v, 1, MAX_HASH_MB as i64)? as usize),
            "threads" => self.e.set_threads(spin(&name, v, 1, MAX_THREADS as i64)? as usize),
            "multipv" => self.e.opts.multipv = spin(&name, v, 1, MAX_MULTIPV as i64)? as usize,
            "move overhead" => self.e.opts.overhead_ms = spin(&name, v, 0, MAX_OVERHEAD_MS as i64)? as u64,
            "ponder" => self.e.opts.ponder = check(&name, v)?,
            "ownbook" => self.e.opts.own_book = check(&name, v)?,
            "clear hash" => self.e.clear_hash(),
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn position(&mut self, args: &str) -> Result<(), String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &words[0..0]),
        };
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"startpos") => return Err(format!("unexpected '{}' after startpos", head[1..].join(" "))),
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            Some(&"fen") => return Err("'position fen' needs a FEN".into()),
            Some(other) => return Err(format!("expected 'startpos' or 'fen', not '{other}'")),
            None => return Err("expected 'position startpos|fen <FEN> [moves ...]'".into()),
        };
        let v = Arc::clone(self.e.variant());
        self.e.set_position(&v, fen.as_deref(), moves, &mut |p: &mut Position, t: &str| {
            parse_move(p, t).map_err(|e| e.to_string())
        })
    }

    fn formatter(&self, multipv: usize) -> InfoFormatter {
        let v: Arc<Game> = Arc::clone(self.e.variant());
        Box::new(move |i: &Info| {
            let pv: Vec<String> = i.pv.iter().map(|m| format_move(&v, *m)).collect();
            Some(info_line(i, multipv, &pv.join(" ")))
        })
    }

    fn go(&mut self, args: &str) -> Result<(), String> {
        let g = parse_go(args)?;
        if self.e.is_searching() {
            return Err("already searching (send 'stop' first)".into());
        }
        if let Some(d) = g.perft {
            self.perft(d);
            return Ok(());
        }
        self.held.drop_line();
        if let Some(o) = self.e.game.outcome() {
            self.out.line(&format!("info string game over: {o}"));
            self.out.line("bestmove (none)");
            return Ok(());
        }
        let white = self.e.game.pos.side() == crate::Color::White;
        let mut limits = g.limits(white, self.e.opts.overhead_ms);
        if g.ponder {
            limits.infinite = true;
        }
        self.held.start(g.infinite || g.ponder, if g.ponder { Some(g.clone()) } else { None });
        let mpv = self.e.opts.multipv;
        let fmt = self.formatter(mpv);
        self.e.start_search(limits, mpv, fmt);
        Ok(())
    }

    fn perft(&mut self, depth: u32) {
        let v = Arc::clone(self.e.variant());
        let counts =
            crate::perft::divide(&self.e.game.pos, depth, self.e.opts.threads, crate::rules::legality::History::Ignore);
        let mut lines: Vec<(String, u64)> = counts.iter().map(|(m, n)| (format_move(&v, *m), *n)).collect();
        lines.sort();
        for (t, n) in &lines {
            self.out.line(&format!("{t}: {n}"));
        }
        self.out.line(&format!("Nodes searched: {}", lines.iter().map(|x| x.1).sum::<u64>()));
    }

    fn bestmove_line(&self, best: Option<Move>, ponder: Option<Move>) -> String {
        let v = self.e.variant();
        match best {
            None => "bestmove (none)".into(),
            Some(b) => {
                let mut s = format!("bestmove {}", format_move(v, b));
                if let (Some(p), true) = (ponder, self.e.opts.ponder) {
                    s.push_str(&format!(" ponder {}", format_move(v, p)));
                }
                s
            }
        }
    }

    fn ponderhit(&mut self) {
        let g = match self.held.ponderhit(&self.out) {
            Err(()) => {
                self.error("'ponderhit' without a ponder search");
                return;
            }
            Ok(None) => return,
            Ok(Some(g)) => g,
        };
        let Some(id) = self.e.running_id() else { return };
        let white = self.e.game.pos.side() == crate::Color::White;
        let mut limits = g.limits(white, self.e.opts.overhead_ms);
        limits.infinite = false;
        match budget(&limits) {
            Some(t) => self.e.arm_deadline(id, t),
            None => {
                if g.depth.is_none() && g.nodes.is_none() && !g.infinite {
                    self.e.stop();
                }
            }
        }
    }
}

impl Dialect for Uci {
    fn line(&mut self, line: &str) -> Flow {
        let (cmd, args) = split_command(line);
        let r: Result<(), String> = match cmd {
            "" => Ok(()),
            "uci" => {
                self.id();
                Ok(())
            }
            "isready" => {
                self.out.line("readyok");
                Ok(())
            }
            "setoption" => self.setoption(args),
            "ucinewgame" => {
                let v = Arc::clone(self.e.variant());
                self.e.new_game(&v);
                self.e.clear_hash();
                self.held.drop_line();
                Ok(())
            }
            "position" => {
                if self.e.is_searching() {
                    Err("'position' while searching (send 'stop' first)".into())
                } else {
                    self.position(args)
                }
            }
            "go" => self.go(args),
            "stop" => {
                self.held.release(&self.out);
                self.e.stop();
                Ok(())
            }
            "ponderhit" => {
                self.ponderhit();
                Ok(())
            }
            "d" => {
                self.out.line(&format!("info string fen {}", self.e.game.pos.to_fen()));
                Ok(())
            }
            "quit" => return Flow::Quit,
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(msg) = r {
            self.error(&format!("{msg} (in '{}')", line.trim()));
        }
        Flow::Continue
    }

    fn search_finished(&mut self, id: u64) -> Flow {
        let Some(f) = self.e.finish(id) else { return Flow::Continue };
        let line = self.bestmove_line(f.result.best, f.result.ponder);
        self.held.finished(&self.out, line);
        Flow::Continue
    }

    fn deadline(&mut self, id: u64) {
        self.e.stop_id(id);
    }

    fn shutdown(&mut self) {
        // A search still running is stopped and its move reported, as after `stop`.
        if let Some(id) = self.e.running_id() {
            self.held.clear();
            self.e.stop();
            self.search_finished(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_words_are_read_and_checked() {
        let g = parse_go("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 3").unwrap();
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.binc, g.movestogo, g.depth),
            (Some(1000), Some(2000), Some(10), Some(20), Some(5), Some(3))
        );
        assert!(parse_go("depth").is_err());
        assert!(parse_go("depth x").is_err());
        assert!(parse_go("depth 0").is_err());
        assert!(parse_go("frobnicate").is_err());
        assert!(parse_go("infinite").unwrap().infinite);
        assert_eq!(parse_go("perft 2").unwrap().perft, Some(2));
        let l = parse_go("wtime 1000 btime 9000").unwrap().limits(false, 0);
        assert_eq!(l.time, Some(Duration::from_millis(9000)));
    }

    #[test]
    fn setoption_names_may_have_spaces() {
        assert_eq!(
            parse_setoption("name Move Overhead value 30").unwrap(),
            ("Move Overhead".into(), Some("30".into()))
        );
        assert_eq!(parse_setoption("name Clear Hash").unwrap(), ("Clear Hash".into(), None));
        assert!(parse_setoption("Hash 3").is_err());
        assert!(parse_setoption("name").is_err());
    }
}
