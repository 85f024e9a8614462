//! The `go` command of UCI and USI: its words, and the search limits they mean.

use super::error::{CmdResult, CommandError, Usage};
use crate::geometry::Color;
use crate::search::{Info, Limits};
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

/// The number after `key`: a non-negative integer that fits `T` (a longer run of digits is
/// "too large", anything else "not a number").
fn number<T: TryFrom<u64> + Into<u64> + Bounded>(key: &str, v: Option<&&str>) -> CmdResult<T> {
    let Some(t) = v else { return Err(CommandError::MissingValue(key.into())) };
    let too_large = || CommandError::TooLarge { key: key.into(), text: t.to_string(), max: T::MAX.into() };
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        let n: u64 = t.parse().map_err(|_| too_large())?;
        return T::try_from(n).map_err(|_| too_large());
    }
    Err(CommandError::NotANumber { key: key.into(), text: t.to_string() })
}

/// A clock value: like [`number`], but a negative time (a flag fallen) reads as 0.
fn clock(key: &str, v: Option<&&str>) -> CmdResult<u64> {
    match v.and_then(|t| t.strip_prefix('-')) {
        Some(rest) => number::<u64>(key, Some(&rest)).map(|_| 0),
        None => number(key, v),
    }
}

/// The largest value of a number type `go` reads.
trait Bounded {
    const MAX: Self;
}

impl Bounded for u32 {
    const MAX: u32 = u32::MAX;
}

impl Bounded for u64 {
    const MAX: u64 = u64::MAX;
}

/// Reads the arguments of `go` (UCI and USI words).
pub fn parse_go(args: &str) -> CmdResult<Go> {
    let t: Vec<&str> = args.split_whitespace().collect();
    let mut g = Go::default();
    let mut i = 0;
    while i < t.len() {
        let k = t[i];
        let v = t.get(i + 1);
        match k {
            "wtime" => g.wtime = Some(clock(k, v)?),
            "btime" => g.btime = Some(clock(k, v)?),
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
            "searchmoves" => return Err(CommandError::Unsupported("searchmoves".into())),
            other => return Err(CommandError::UnknownWord(other.into())),
        }
        i += 2;
    }
    if g.depth == Some(0) || g.nodes == Some(0) || g.perft == Some(0) || g.mate == Some(0) {
        return Err(Usage::ZeroLimit.into());
    }
    Ok(g)
}

impl Go {
    /// The same `go` with the clocks exchanged (USI: `btime` is sente's clock, and sente is
    /// our first player).
    pub fn clocks_swapped(&self) -> Go {
        Go { wtime: self.btime, btime: self.wtime, winc: self.binc, binc: self.winc, ..self.clone() }
    }

    /// The search limits for the side to move (`side`; White is our first player), with
    /// `overhead` kept back.
    pub fn limits(&self, side: Color, overhead_ms: u64) -> Limits {
        let (time, inc) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let mut l = Limits { overhead: Duration::from_millis(overhead_ms), ..Limits::default() };
        // `mate N` is no depth: the search goes on until it finds a win in at most N moves (the
        // driver then stops it), or until another limit or `stop` ends it.
        l.depth = self.depth;
        l.mate = self.mate;
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
        assert_eq!(parse_go("wtime -20").unwrap().wtime, Some(0));
        assert!(parse_go("wtime -x").is_err() && parse_go("depth -3").is_err() && parse_go("depth +3").is_err());
        let e = parse_go("depth 99999999999").unwrap_err();
        assert_eq!(e.to_string(), "'depth' 99999999999 is too large (at most 4294967295)");
        let e = parse_go("nodes 99999999999999999999999").unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
        assert!(parse_go("depth 0").is_err());
        assert!(parse_go("frobnicate").is_err());
        assert!(parse_go("infinite").unwrap().infinite);
        assert_eq!(parse_go("perft 2").unwrap().perft, Some(2));
        let l = parse_go("wtime 1000 btime 9000").unwrap().limits(Color::Black, 0);
        assert_eq!(l.time, Some(Duration::from_millis(9000)));
    }
}
