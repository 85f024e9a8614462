//! Engine settings in cutechess-cli's words (`name=N cmd=CMD proto=uci dir=D arg=A
//! option.NAME=VALUE tc=.. st=.. nodes=.. depth=.. timemargin=..`) and the referee's clock.

use super::process::Launch;
use crate::protocol::client::{Clocks, Proto, SearchLimits, TimeControl, UnknownProto};
use std::fmt;
use std::time::Duration;

/// The command of the built-in random mover.
pub const BUILTIN_RANDOM: &str = "builtin:random";

/// One engine of the match.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub launch: Launch,
    pub proto: Proto,
    /// `option.NAME=VALUE`, in the order given.
    pub options: Vec<(String, String)>,
    pub limits: SearchLimits,
    /// Time an engine may overrun its clock before it loses on time.
    pub timemargin: Option<Duration>,
}

impl EngineSpec {
    pub fn is_builtin_random(&self) -> bool {
        self.launch.cmd == BUILTIN_RANDOM
    }
}

/// Why a time (`15`, `1:30`) is refused; each holds the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeError {
    BadMinutes(String),
    BadSeconds(String),
    NotSeconds(String),
    OutOfRange(String),
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeError::BadMinutes(s) => write!(f, "bad minutes in '{s}'"),
            TimeError::BadSeconds(s) => write!(f, "bad seconds in '{s}'"),
            TimeError::NotSeconds(s) => write!(f, "'{s}' is not a number of seconds"),
            TimeError::OutOfRange(s) => write!(f, "'{s}' is out of range"),
        }
    }
}

/// Why a time control is refused; `tc` is its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TcError {
    BadMoves { tc: String, moves: String },
    Time { tc: String, why: TimeError },
    NoTime(String),
}

impl fmt::Display for TcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TcError::BadMoves { tc, moves } => write!(f, "tc '{tc}': '{moves}' is not a number of moves"),
            TcError::Time { tc, why } => write!(f, "tc '{tc}': {why}"),
            TcError::NoTime(tc) => write!(f, "tc '{tc}' gives no time"),
        }
    }
}

/// What is wrong with a setting's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadValue {
    Time(TimeError),
    NotANumber,
    NotMilliseconds,
}

/// Why an engine's settings are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    NotKeyValue(String),
    Proto(UnknownProto),
    Tc(TcError),
    Value {
        key: String,
        value: String,
        why: BadValue,
    },
    Unknown(String),
    NoCommand,
    /// The command cannot be split into words (an open quote).
    Command(super::process::WordsError),
    /// A match's engine without a limit, by name.
    NoLimit(String),
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::NotKeyValue(t) => write!(f, "engine setting '{t}' is not KEY=VALUE"),
            SettingError::Proto(e) => write!(f, "{e}"),
            SettingError::Tc(e) => write!(f, "{e}"),
            SettingError::Value { key, value, why } => {
                write!(f, "{key}={value}: ")?;
                match why {
                    BadValue::Time(e) => write!(f, "{e}"),
                    BadValue::NotANumber => f.write_str("not a number"),
                    BadValue::NotMilliseconds => f.write_str("not milliseconds"),
                }
            }
            SettingError::Unknown(k) => write!(
                f,
                "unknown engine setting '{k}' (name, cmd, proto, dir, arg, option.NAME, tc, st, nodes, depth, timemargin)"
            ),
            SettingError::NoCommand => f.write_str("an engine needs cmd=COMMAND (or cmd=builtin:random)"),
            SettingError::Command(e) => write!(f, "{e}"),
            SettingError::NoLimit(name) => {
                write!(f, "engine '{name}' has no limit: give tc=, st=, nodes= or depth= (or --each tc=...)")
            }
        }
    }
}

impl std::error::Error for TimeError {}
impl std::error::Error for TcError {}
impl std::error::Error for SettingError {}

/// Parses seconds: `15`, `0.15`, or `min:sec` (`1:30`).
fn seconds(s: &str) -> Result<Duration, TimeError> {
    let secs = match s.split_once(':') {
        Some((m, sec)) => {
            let m: u64 = m.parse().map_err(|_| TimeError::BadMinutes(s.to_string()))?;
            let sec: f64 = sec.parse().map_err(|_| TimeError::BadSeconds(s.to_string()))?;
            m as f64 * 60.0 + sec
        }
        None => s.parse::<f64>().map_err(|_| TimeError::NotSeconds(s.to_string()))?,
    };
    if !(0.0..1e7).contains(&secs) {
        return Err(TimeError::OutOfRange(s.to_string()));
    }
    Ok(Duration::from_millis((secs * 1000.0).round() as u64))
}

/// Parses a time control: `MOVES/TIME+INC`, `MOVES/TIME`, `TIME+INC` or `TIME` (seconds or
/// `min:sec`); `inf` for none.
pub fn parse_tc(s: &str) -> Result<Option<TimeControl>, TcError> {
    if s == "inf" {
        return Ok(None);
    }
    let (moves, rest) = match s.split_once('/') {
        Some((m, r)) => (m.parse::<u32>().map_err(|_| TcError::BadMoves { tc: s.into(), moves: m.into() })?, r),
        None => (0, s),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (seconds(b), seconds(i)),
        None => (seconds(rest), Ok(Duration::ZERO)),
    };
    let time = |why| TcError::Time { tc: s.into(), why };
    let (base, inc) = (base.map_err(time)?, inc.map_err(time)?);
    if base.is_zero() && inc.is_zero() {
        return Err(TcError::NoTime(s.into()));
    }
    Ok(Some(TimeControl { moves, base, inc }))
}

/// The PGN `TimeControl` tag of a tc (`40/60+0.5`, `15+0.15`).
pub fn tc_tag(l: &SearchLimits) -> String {
    let s = |d: Duration| crate::protocol::client::seconds_text(d);
    match (&l.tc, l.st) {
        (Some(tc), _) if tc.moves > 0 => format!("{}/{}+{}", tc.moves, s(tc.base), s(tc.inc)),
        (Some(tc), _) => format!("{}+{}", s(tc.base), s(tc.inc)),
        (None, Some(st)) => format!("{}/move", s(st)),
        (None, None) => "-".into(),
    }
}

/// The keys of an engine's settings (`option.NAME` besides).
const KEYS: [&str; 10] = ["name", "cmd", "proto", "dir", "arg", "tc", "st", "nodes", "depth", "timemargin"];

/// Whether `s` starts with a setting's key and its `=`.
fn starts_with_key(s: &str) -> bool {
    let word = s.split(|c: char| c.is_whitespace() || c == '=').next().unwrap_or("");
    s[word.len()..].starts_with('=')
        && (KEYS.contains(&word) || word.strip_prefix("option.").is_some_and(|o| !o.is_empty()))
}

/// Splits one argument holding several settings (`'name=K cmd=kyodai uci proto=uci'`) into
/// one per setting: a value runs up to the next space followed by a known key and `=`, so a
/// command may carry its own arguments.
pub fn split_settings(arg: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in arg.char_indices() {
        let next = i + c.len_utf8();
        if c.is_whitespace() && starts_with_key(&arg[next..]) {
            out.push(arg[start..i].trim().to_string());
            start = next;
        }
    }
    out.push(arg[start..].trim().to_string());
    out.retain(|t| !t.is_empty());
    out
}

/// Reads an engine's settings: its `key=value` tokens after `--each`'s (its own win). Each
/// token is one setting (`cmd="./k arg=x"` is a command), except that an engine given as one
/// argument may hold them all (`--engine 'name=K cmd=kyodai uci'`: see [`split_settings`]).
/// No limit is required: see [`parse_engine`] for a match's engines.
pub fn parse_settings(tokens: &[String], each: &[String]) -> Result<EngineSpec, SettingError> {
    let tokens = match tokens {
        [one] => split_settings(one),
        _ => tokens.to_vec(),
    };
    let mut e = EngineSpec {
        name: String::new(),
        launch: Launch::default(),
        proto: Proto::Uci,
        options: Vec::new(),
        limits: SearchLimits::default(),
        timemargin: None,
    };
    for t in each.iter().chain(&tokens) {
        let Some((k, v)) = t.split_once('=') else {
            return Err(SettingError::NotKeyValue(t.clone()));
        };
        let num = |why| SettingError::Value { key: k.into(), value: v.into(), why };
        match k {
            "name" => e.name = v.to_string(),
            "cmd" => e.launch.cmd = v.to_string(),
            "dir" => e.launch.dir = Some(v.to_string()),
            "arg" => e.launch.args.push(v.to_string()),
            "proto" => e.proto = v.parse().map_err(SettingError::Proto)?,
            "tc" => e.limits.tc = parse_tc(v).map_err(SettingError::Tc)?,
            "st" => e.limits.st = Some(seconds(v).map_err(|m| num(BadValue::Time(m)))?).filter(|d| !d.is_zero()),
            "nodes" => e.limits.nodes = Some(v.parse().map_err(|_| num(BadValue::NotANumber))?),
            "depth" => e.limits.depth = Some(v.parse().map_err(|_| num(BadValue::NotANumber))?),
            "timemargin" => {
                e.timemargin = Some(Duration::from_millis(v.parse().map_err(|_| num(BadValue::NotMilliseconds))?));
            }
            _ => match k.strip_prefix("option.") {
                Some(o) if !o.is_empty() => {
                    e.options.retain(|(n, _)| n != o);
                    e.options.push((o.to_string(), v.to_string()));
                }
                _ => return Err(SettingError::Unknown(k.to_string())),
            },
        }
    }
    if e.launch.cmd.is_empty() {
        return Err(SettingError::NoCommand);
    }
    if e.name.is_empty() {
        e.name = if e.is_builtin_random() {
            "random".into()
        } else {
            let first = super::process::split_words(&e.launch.cmd)
                .map_err(SettingError::Command)?
                .into_iter()
                .next()
                .unwrap_or_default();
            first.rsplit('/').next().unwrap_or(&first).to_string()
        };
    }
    Ok(e)
}

/// Builds an engine of a match: its settings (see [`parse_settings`]), which must bound its
/// thinking (tc, st, nodes or depth) unless it is the built-in random mover.
pub fn parse_engine(tokens: &[String], each: &[String]) -> Result<EngineSpec, SettingError> {
    let e = parse_settings(tokens, each)?;
    let l = &e.limits;
    if l.tc.is_none() && l.st.is_none() && l.nodes.is_none() && l.depth.is_none() && !e.is_builtin_random() {
        return Err(SettingError::NoLimit(e.name));
    }
    Ok(e)
}

/// One side's clock, kept by the referee.
#[derive(Clone, Debug)]
pub struct Clock {
    limits: SearchLimits,
    left: Duration,
    moves: u32,
}

impl Clock {
    pub fn new(limits: &SearchLimits) -> Clock {
        Clock { limits: limits.clone(), left: limits.tc.map_or(Duration::ZERO, |t| t.base), moves: 0 }
    }

    /// What the engine may spend on this move (its clock, or `st`), if anything bounds it.
    pub fn budget(&self) -> Option<Duration> {
        match (&self.limits.tc, self.limits.st) {
            (Some(_), _) => Some(self.left),
            (None, st) => st,
        }
    }

    pub fn left_ms(&self) -> u64 {
        self.left.as_millis() as u64
    }

    pub fn inc_ms(&self) -> u64 {
        self.limits.tc.map_or(0, |t| t.inc.as_millis() as u64)
    }

    /// Moves until the next time period, for clocks with moves per period.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.limits.tc.filter(|t| t.moves > 0).map(|t| t.moves - self.moves % t.moves)
    }

    /// Charges a move that took `used`; `false` if it overran the clock by more than `margin`.
    pub fn spend(&mut self, used: Duration, margin: Duration) -> bool {
        if let Some(b) = self.budget() {
            if used > b + margin {
                return false;
            }
        }
        if let Some(tc) = self.limits.tc {
            self.moves += 1;
            self.left = self.left.saturating_sub(used) + tc.inc;
            if tc.moves > 0 && self.moves.is_multiple_of(tc.moves) {
                self.left += tc.base;
            }
        }
        true
    }
}

/// The clocks as a protocol sends them to the side to move.
pub fn clocks(c: &[Clock; 2], to_move: usize) -> Clocks {
    Clocks {
        time: [c[0].left_ms(), c[1].left_ms()],
        inc: [c[0].inc_ms(), c[1].inc_ms()],
        moves_to_go: c[to_move].moves_to_go(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_parse_in_cutechess_forms() {
        let tc = parse_tc("40/60+0.5").unwrap().unwrap();
        assert_eq!((tc.moves, tc.base, tc.inc), (40, ms(60_000), ms(500)));
        let tc = parse_tc("15+0.15").unwrap().unwrap();
        assert_eq!((tc.moves, tc.base, tc.inc), (0, ms(15_000), ms(150)));
        let tc = parse_tc("0:30+0.2").unwrap().unwrap();
        assert_eq!(tc.base, ms(30_000));
        assert_eq!(parse_tc("inf").unwrap(), None);
        assert!(parse_tc("x/5").is_err() && parse_tc("0+0").is_err() && parse_tc("5+y").is_err());
        let l = SearchLimits { tc: parse_tc("40/60+0.5").unwrap(), ..SearchLimits::default() };
        assert_eq!(tc_tag(&l), "40/60+0.5");
    }

    #[test]
    fn engines_take_each_then_their_own_settings() {
        let each: Vec<String> = vec!["tc=10+0.1".into(), "proto=usi".into()];
        let e = parse_engine(&["cmd=./k arg=x".into(), "proto=xboard".into(), "option.Hash=16".into()], &each).unwrap();
        assert_eq!((e.name.as_str(), e.proto, e.launch.cmd.as_str()), ("k", Proto::Xboard, "./k arg=x"));
        assert_eq!(e.options, vec![("Hash".to_string(), "16".to_string())]);
        assert!(parse_engine(&["name=a".into()], &each).is_err());
        assert!(parse_engine(&["cmd=x".into()], &[]).unwrap_err().to_string().contains("no limit"));
        assert!(parse_engine(&["cmd=x".into(), "bogus=1".into()], &each).unwrap_err().to_string().contains("unknown"));
        assert_eq!(parse_engine(&["cmd=builtin:random".into()], &[]).unwrap().name, "random");
    }

    #[test]
    fn one_argument_may_hold_several_settings() {
        assert_eq!(
            split_settings("name=K2 cmd=/bin/kyodai uci proto=uci option.Hash=16"),
            ["name=K2", "cmd=/bin/kyodai uci", "proto=uci", "option.Hash=16"]
        );
        // A word with '=' that is not a key stays in the command; so does a bare 'option.='.
        assert_eq!(split_settings("cmd=e --x=1 option.=2  st=1"), ["cmd=e --x=1 option.=2", "st=1"]);
        assert_eq!(split_settings("  "), Vec::<String>::new());
        let e = parse_settings(&["name=fs proto=xboard cmd=/usr/bin/fs --flag".into()], &[]).unwrap();
        assert_eq!((e.name.as_str(), e.launch.cmd.as_str(), e.proto), ("fs", "/usr/bin/fs --flag", Proto::Xboard));
        assert!(parse_settings(&["name=x cmd=y proto=uxi".into()], &[]).unwrap_err().to_string().contains("uxi"));
        assert!(parse_settings(&["colour=red cmd=y".into()], &[]).unwrap_err().to_string().contains("colour"));
        assert!(parse_engine(&["name=x cmd=y".into()], &[]).unwrap_err().to_string().contains("no limit"));
    }

    #[test]
    fn the_clock_adds_increments_and_periods_and_flags_overruns() {
        let l = SearchLimits { tc: parse_tc("2/10+1").unwrap(), ..SearchLimits::default() };
        let mut c = Clock::new(&l);
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.spend(ms(4_000), ms(0)));
        // 10 - 4 + 1 = 7 s, one move to go.
        assert_eq!((c.left_ms(), c.moves_to_go()), (7_000, Some(1)));
        assert!(c.spend(ms(2_000), ms(0)));
        // 7 - 2 + 1 + 10 (a new period) = 16 s.
        assert_eq!(c.left_ms(), 16_000);
        assert!(!c.spend(ms(16_101), ms(100)));
        assert!(c.spend(ms(16_100), ms(100)));
        let st = SearchLimits { st: Some(ms(500)), ..SearchLimits::default() };
        let mut c = Clock::new(&st);
        assert_eq!(c.budget(), Some(ms(500)));
        assert!(c.spend(ms(550), ms(50)) && !c.spend(ms(551), ms(50)));
        assert_eq!(Clock::new(&SearchLimits::default()).budget(), None);
    }
}
