//! XBoard's time controls: `level MPS BASE INC`, `st`, `sd`, `time`, turned into search limits.

use crate::protocol::error::{CmdResult, CommandError, Usage};
use crate::search::Limits;
use std::time::Duration;

/// The `level` time control: moves per session (0 = whole game), base and increment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    pub mps: u32,
    pub base_ms: u64,
    pub inc_ms: u64,
}

/// Parses `level MPS BASE INC` (BASE in minutes or `min:sec`, INC in seconds).
pub fn parse_level(args: &str) -> CmdResult<Level> {
    let w: Vec<&str> = args.split_whitespace().collect();
    if w.len() != 3 {
        return Err(Usage::LevelShape.into());
    }
    let mps: u32 = w[0].parse().map_err(|_| CommandError::from(Usage::MovesPerSession(w[0].to_string())))?;
    let base_ms = match w[1].split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| CommandError::from(Usage::BadMinutes(w[1].to_string())))?;
            let s: u64 = s.parse().map_err(|_| CommandError::from(Usage::BadSeconds(w[1].to_string())))?;
            m.saturating_mul(60).saturating_add(s).saturating_mul(1000)
        }
        None => {
            let m: f64 = w[1].parse().map_err(|_| CommandError::from(Usage::BaseNotANumber(w[1].to_string())))?;
            if !(0.0..1e7).contains(&m) {
                return Err(Usage::BaseOutOfRange(w[1].to_string()).into());
            }
            (m * 60_000.0) as u64
        }
    };
    let inc: f64 = w[2].parse().map_err(|_| CommandError::from(Usage::IncrementNotANumber(w[2].to_string())))?;
    if !(0.0..1e6).contains(&inc) {
        return Err(Usage::IncrementOutOfRange(w[2].to_string()).into());
    }
    Ok(Level { mps, base_ms, inc_ms: (inc * 1000.0) as u64 })
}

/// The clock settings of a session.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    pub level: Option<Level>,
    pub st_ms: Option<u64>,
    pub sd: Option<u32>,
    pub my_time_ms: Option<u64>,
}

impl Clock {
    /// The limits of our next move; `fullmove` is the current move number.
    pub fn limits(&self, overhead_ms: u64, fullmove: u32) -> Limits {
        let overhead = Duration::from_millis(overhead_ms);
        let mut l = Limits { overhead, depth: self.sd, ..Limits::default() };
        if let Some(st) = self.st_ms {
            l.movetime = Some(Duration::from_millis(st));
            return l;
        }
        match (self.my_time_ms, self.level) {
            (Some(t), lv) => {
                l.time = Some(Duration::from_millis(t));
                if let Some(lv) = lv {
                    l.increment = Duration::from_millis(lv.inc_ms);
                    if lv.mps > 0 {
                        let played = fullmove.saturating_sub(1);
                        l.moves_to_go = Some(lv.mps - played % lv.mps);
                    }
                }
            }
            (None, Some(lv)) => {
                l.time = Some(Duration::from_millis(lv.base_ms.max(1000)));
                l.increment = Duration::from_millis(lv.inc_ms);
            }
            (None, None) => {
                if self.sd.is_none() {
                    l.movetime = Some(Duration::from_secs(5));
                }
            }
        }
        l
    }

    /// Handles a clock command (`time`, `otim`, `level`, `st`, `sd`); `None` for others.
    pub fn command(&mut self, cmd: &str, args: &str) -> Option<CmdResult> {
        let r = match cmd {
            "time" | "otim" => match args.trim().parse::<i64>() {
                Ok(cs) => {
                    if cmd == "time" {
                        self.my_time_ms = Some((cs.max(0) as u64).saturating_mul(10));
                    }
                    Ok(())
                }
                Err(_) => Err(Usage::BadTime.into()),
            },
            "level" => parse_level(args).map(|l| {
                self.level = Some(l);
                self.st_ms = None;
            }),
            "st" => match args.trim().parse::<f64>() {
                Ok(s) if s > 0.0 && s < 1e7 => {
                    self.st_ms = Some((s * 1000.0) as u64);
                    Ok(())
                }
                _ => Err(Usage::StSeconds.into()),
            },
            "sd" => match args.trim().parse::<u32>() {
                Ok(d) if d > 0 => {
                    self.sd = Some(d);
                    Ok(())
                }
                _ => Err(Usage::SdDepth.into()),
            },
            _ => return None,
        };
        Some(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_reads_minutes_seconds_and_increment() {
        assert_eq!(parse_level("40 5 0").unwrap(), Level { mps: 40, base_ms: 300_000, inc_ms: 0 });
        assert_eq!(parse_level("0 0:30 0.5").unwrap(), Level { mps: 0, base_ms: 30_000, inc_ms: 500 });
        assert!(parse_level("40 5").is_err());
        assert!(parse_level("x 5 0").is_err());
    }

    #[test]
    fn moves_to_go_counts_down_within_a_session() {
        let c = Clock {
            level: Some(Level { mps: 40, base_ms: 300_000, inc_ms: 0 }),
            my_time_ms: Some(60_000),
            ..Clock::default()
        };
        assert_eq!(c.limits(0, 1).moves_to_go, Some(40));
        assert_eq!(c.limits(0, 41).moves_to_go, Some(40));
        assert_eq!(c.limits(0, 45).moves_to_go, Some(36));
    }
}
