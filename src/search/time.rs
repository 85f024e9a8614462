//! Time management: turns the limits of a `go` into a soft target (do not start another
//! iteration after it) and a hard deadline (stop searching), with a safety margin. A fixed
//! time per move is used in full; on a clock an iteration that cannot finish is not started.

use std::sync::atomic::{AtomicU64, Ordering};
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

/// The time a search may take, counted from its start: a pure function of the limits
/// ([`Budget::of`]), so the arithmetic is tested as numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Start no iteration after this.
    pub soft: Option<Duration>,
    /// Stop searching at this, even inside an iteration.
    pub hard: Option<Duration>,
    /// Also skip an iteration that is predicted not to finish before `hard` (clock games,
    /// where unused time is kept for later moves). A fixed time per move (`movetime`) is
    /// used in full instead: the user gave that time for this move.
    pub predict: bool,
}

/// Moves we expect still to play when the clock gives no moves-to-go (giant games are long).
const DEFAULT_MOVES_TO_GO: u32 = 40;
/// Never plan less than this.
const MIN_THINK: Duration = Duration::from_millis(5);
/// How much longer one iteration takes than the one before it (measured: about 2 in every
/// game's middlegame; iterations that end sooner only leave time unused).
const ITERATION_GROWTH: u32 = 2;

impl Budget {
    pub fn of(l: &Limits) -> Budget {
        let none = Budget { soft: None, hard: None, predict: false };
        if l.infinite {
            return none;
        }
        if let Some(mt) = l.movetime {
            let t = mt.saturating_sub(l.overhead).max(MIN_THINK);
            return Budget { soft: Some(t), hard: Some(t), predict: false };
        }
        let Some(left) = l.time else { return none };
        let usable = left.saturating_sub(l.overhead);
        let mtg = l.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 200);
        let base = usable / mtg + l.increment * 3 / 4;
        // Never plan to use more than a third of what is left (half with one move to go).
        let cap = if mtg == 1 { usable / 2 } else { usable / 3 };
        let soft = base.min(cap).max(MIN_THINK);
        let hard = (soft * 4).min(usable * 2 / 3).max(soft);
        Budget { soft: Some(soft), hard: Some(hard), predict: true }
    }

    /// Whether to start another iteration at `elapsed`, the last one having taken `last`:
    /// not after `soft`, and (when predicting) not when the next one, about
    /// [`ITERATION_GROWTH`] times as long, cannot finish before `hard`.
    pub fn next_iteration(&self, elapsed: Duration, last: Duration) -> bool {
        let Some(soft) = self.soft else { return true };
        if elapsed >= soft {
            return false;
        }
        match (self.predict, self.hard) {
            (true, Some(hard)) => elapsed + last * ITERATION_GROWTH <= hard,
            _ => true,
        }
    }
}

/// A search's clock: its [`Budget`] and when it started.
#[derive(Debug)]
pub struct TimeManager {
    pub start: Instant,
    pub budget: Budget,
    /// Microseconds from the start to the end of the last iteration (see
    /// [`TimeManager::may_start_iteration`]).
    last_iteration_end: AtomicU64,
}

impl TimeManager {
    pub fn new(l: &Limits) -> TimeManager {
        TimeManager { start: Instant::now(), budget: Budget::of(l), last_iteration_end: AtomicU64::new(0) }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard deadline has passed.
    pub fn out_of_time(&self) -> bool {
        self.budget.hard.map(|h| self.start.elapsed() >= h).unwrap_or(false)
    }

    /// Whether another iteration should start. Called once after each finished iteration (by
    /// the main thread), so the time since the previous call is the last iteration's.
    pub fn may_start_iteration(&self) -> bool {
        let now = self.start.elapsed();
        let micros = now.as_micros().min(u64::MAX as u128) as u64;
        let before = self.last_iteration_end.swap(micros, Ordering::Relaxed);
        let last = now.saturating_sub(Duration::from_micros(before));
        self.budget.next_iteration(now, last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn a_fixed_time_per_move_is_used_in_full() {
        let b = Budget::of(&Limits { movetime: Some(MS(1000)), overhead: MS(50), ..Limits::default() });
        assert_eq!(b, Budget { soft: Some(MS(950)), hard: Some(MS(950)), predict: false });
        // Iterations start until the deadline whatever they cost (before: not after 50%).
        assert!(b.next_iteration(MS(600), MS(400)));
        assert!(b.next_iteration(MS(940), MS(500)));
        assert!(!b.next_iteration(MS(950), MS(1)));
    }

    #[test]
    fn a_clock_plans_a_share_and_skips_iterations_that_cannot_finish() {
        let b = Budget::of(&Limits { time: Some(MS(60_000)), overhead: MS(50), ..Limits::default() });
        // (60000 - 50) / 40 moves = 1498.75 ms; the hard limit is four times that.
        assert_eq!(b, Budget { soft: Some(Duration::from_micros(1_498_750)), hard: Some(MS(5995)), predict: true });
        assert!(b.next_iteration(MS(1000), MS(500)), "1000 + 2 x 500 fits in 5995");
        assert!(!b.next_iteration(MS(1400), MS(2500)), "1400 + 2 x 2500 does not fit");
        assert!(!b.next_iteration(MS(1500), MS(10)), "past the soft target");
        // Increment and moves to go; never more than a third of what is left.
        let b = Budget::of(&Limits {
            time: Some(MS(10_000)),
            increment: MS(1000),
            moves_to_go: Some(5),
            ..Limits::default()
        });
        let ms = |d: Option<Duration>| d.map(|d| d.as_millis());
        assert_eq!((ms(b.soft), ms(b.hard)), (Some(2750), Some(6666)), "10000 / 5 + 3/4 of 1000; 2/3 of 10000");
        let b = Budget::of(&Limits { time: Some(MS(9_000)), moves_to_go: Some(1), ..Limits::default() });
        assert_eq!((ms(b.soft), ms(b.hard)), (Some(4500), Some(6000)), "half with one move to go");
        // Almost no time: a positive budget, never past what is left.
        let b = Budget::of(&Limits { time: Some(MS(30)), overhead: MS(10), ..Limits::default() });
        assert!(b.hard.unwrap() <= MS(20) && b.soft.unwrap() >= MS(5), "{b:?}");
    }

    #[test]
    fn depth_nodes_and_infinite_have_no_deadline() {
        for l in [Limits::depth(3), Limits::nodes(100), Limits { infinite: true, ..Limits::movetime(10) }] {
            let b = Budget::of(&l);
            assert_eq!((b.soft, b.hard), (None, None));
            assert!(b.next_iteration(MS(1_000_000), MS(1_000_000)));
        }
    }
}
