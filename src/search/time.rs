//! Time management: turns the limits of a `go` into a soft target (do not start another
//! iteration after it) and a hard deadline (stop searching), with a safety margin.

use std::time::{Duration, Instant};

/// What the caller allows the search to spend.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Time left on our clock.
    pub time: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Stop once a win in at most this many moves is found (`go mate N`); read by the
    /// protocols' search driver, not a limit of the search itself.
    pub mate: Option<u32>,
    /// Time kept back for communication and process overhead.
    pub overhead: Duration,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }
    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }
}

#[derive(Clone, Debug)]
pub struct TimeManager {
    pub start: Instant,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// Moves we expect still to play when the clock gives no moves-to-go (giant games are long).
const DEFAULT_MOVES_TO_GO: u32 = 40;
/// Never plan less than this.
const MIN_THINK: Duration = Duration::from_millis(5);

impl TimeManager {
    pub fn new(l: &Limits) -> TimeManager {
        let start = Instant::now();
        if l.infinite {
            return TimeManager { start, soft: None, hard: None };
        }
        if let Some(mt) = l.movetime {
            let t = mt.saturating_sub(l.overhead).max(MIN_THINK);
            return TimeManager { start, soft: Some(t), hard: Some(t) };
        }
        if let Some(left) = l.time {
            let usable = left.saturating_sub(l.overhead);
            let mtg = l.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 200);
            let base = usable / mtg + l.increment * 3 / 4;
            // Never plan to use more than a third of what is left (half with one move to go).
            let cap = if mtg == 1 { usable / 2 } else { usable / 3 };
            let soft = base.min(cap).max(MIN_THINK);
            let hard = (soft * 4).min(usable * 2 / 3).max(MIN_THINK);
            return TimeManager { start, soft: Some(soft), hard: Some(hard) };
        }
        TimeManager { start, soft: None, hard: None }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard deadline has passed.
    pub fn out_of_time(&self) -> bool {
        self.hard.map(|h| self.start.elapsed() >= h).unwrap_or(false)
    }

    /// Whether another iteration should start (it would likely not finish otherwise).
    pub fn may_start_iteration(&self) -> bool {
        self.soft.map(|s| self.start.elapsed() < s / 2).unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_a_fraction_of_the_time_left() {
        let l =
            Limits { time: Some(Duration::from_secs(60)), overhead: Duration::from_millis(50), ..Limits::default() };
        let tm = TimeManager::new(&l);
        let soft = tm.soft.unwrap();
        assert!(soft > Duration::from_millis(1000) && soft < Duration::from_secs(3), "{soft:?}");
        assert!(tm.hard.unwrap() <= Duration::from_secs(40));
        // Almost no time: still a positive budget below what is left.
        let l =
            Limits { time: Some(Duration::from_millis(30)), overhead: Duration::from_millis(10), ..Limits::default() };
        let tm = TimeManager::new(&l);
        assert!(tm.hard.unwrap() <= Duration::from_millis(20));
        let l = Limits { depth: Some(3), ..Limits::default() };
        assert!(TimeManager::new(&l).hard.is_none());
    }
}
