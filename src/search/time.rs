//! Time management: turns the limits of a `go` into a soft target (do not start another
//! iteration after it) and a hard deadline (stop searching), with a safety margin. A fixed
//! time per move is used in full. On a clock the time left is planned over the moves the game
//! still asks for ([`Plan`]: the game's typical length, scaled by the material left), a reserve
//! is kept for process overhead, a forced move is answered at once, a score that drops between
//! iterations earns more time, and an iteration that cannot finish is not started.

use crate::geometry::Color;
use crate::position::Position;
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

/// How many moves we plan for when neither the clock nor the game says (see [`Plan`]).
pub use crate::variant::DEFAULT_GAME_LENGTH;
/// Plan for at least this many moves still to come, however little material is left: a
/// game that lasts longer than expected must still be playable on what is left.
const MIN_MOVES_LEFT: u32 = 20;
/// Plan for at most this many moves (clocks with moves-to-go included).
const MAX_MOVES_LEFT: u32 = 500;
/// Never plan less than this.
const MIN_THINK: Duration = Duration::from_millis(5);
/// The soft target is this share (percent) of the time a move may take on average: an
/// iteration started just before the soft target ends well after it (in Chu games a move took
/// 1.7 times its average with 60%).
const SOFT_SHARE: u32 = 45;
/// The hard limit is this many times the average time of a move ...
const HARD_FACTOR: u32 = 3;
/// ... and never more than this share (percent) of the usable clock (`HARD_SHARE_LAST` before a
/// time control refills it).
const HARD_SHARE: u32 = 50;
const HARD_SHARE_LAST: u32 = 67;
/// A reserve of this many move overheads is kept on the clock: below it a move takes less than
/// the increment less the overhead, so the clock grows back over [`REBUILD_MOVES`] moves.
const RESERVE_OVERHEADS: u32 = 8;
const REBUILD_MOVES: u32 = 10;
/// A score drop between iterations beyond `DROP_NOISE` centipawns stretches the soft target,
/// doubling it at `DROP_NOISE + DROP_FOR_DOUBLE`; it never passes the hard limit.
const DROP_NOISE: i32 = 20;
const DROP_FOR_DOUBLE: i32 = 150;
/// How much longer one iteration takes than the one before it (measured: about 2 in every
/// game's middlegame; iterations that end sooner only leave time unused).
const ITERATION_GROWTH: u32 = 2;

/// What the position says about the clock's future: how many more moves the game will ask of
/// us, and whether this one is forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Moves we expect still to play in this game.
    pub moves_left: u32,
    /// Only one legal move: on a clock it is played at once (one iteration, for the score).
    pub forced: bool,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan { moves_left: DEFAULT_GAME_LENGTH, forced: false }
    }
}

impl Plan {
    /// The plan for a game whose typical length is `game_length` moves, with `pieces` of the
    /// `start_pieces` non-royal pieces of the start position left on the board and
    /// `legal_moves` moves to choose from. Measured in Chu, Typhoon and Tai games: the moves
    /// still to play are close to the game length times the share of material left (Chu vs
    /// HaChu: 125 moves left with every piece, 60 with 60%, 30 with 30%), whatever the move
    /// number, so the material left is the clock's guide.
    pub fn new(game_length: u32, pieces: usize, start_pieces: usize, legal_moves: usize) -> Plan {
        let share = pieces.min(start_pieces) as u64;
        let left = game_length as u64 * share / start_pieces.max(1) as u64;
        Plan { moves_left: (left as u32).clamp(MIN_MOVES_LEFT, MAX_MOVES_LEFT), forced: legal_moves == 1 }
    }
}

impl Plan {
    /// The plan for `pos` (its game's `[search] game_length`, the non-royal pieces left on
    /// the board against the start position's) with `legal_moves` moves to choose from.
    pub fn of(pos: &Position, legal_moves: usize) -> Plan {
        let g = pos.game();
        let non_royal = |p: &Position| -> usize {
            Color::ALL.iter().map(|&c| p.pieces(c).len().saturating_sub(p.royal_count(c) as usize)).sum()
        };
        Plan::new(g.variant.search.game_length, non_royal(pos), non_royal(&Position::start(g)), legal_moves)
    }
}

impl Budget {
    /// The budget of one search: a fixed time per move is used in full; on a clock the moves
    /// still to play share what is left and the increments to come (a reserve kept), and a
    /// forced move is answered after one iteration.
    pub fn of(l: &Limits, plan: &Plan) -> Budget {
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
        let n = l.moves_to_go.unwrap_or(plan.moves_left).clamp(1, MAX_MOVES_LEFT);
        let target = Budget::average_move(usable, l.increment, l.overhead, n);
        let share = if l.moves_to_go == Some(1) { HARD_SHARE_LAST } else { HARD_SHARE };
        let hard = (target * HARD_FACTOR).min(usable * share / 100).max(MIN_THINK);
        let soft = if plan.forced { Duration::ZERO } else { (target * SOFT_SHARE / 100).clamp(MIN_THINK, hard) };
        Budget { soft: Some(soft), hard: Some(hard), predict: true }
    }

    /// The time one of the next `n` moves may take on average: the clock above `reserve`
    /// spread over them, plus the increment (each move earns one). Below the reserve, less than
    /// the increment less the `overhead` a move really costs (process start-up, scheduling on a
    /// busy machine, the position sent with each move), so the clock grows back within
    /// [`REBUILD_MOVES`] moves even where the overhead eats the whole increment.
    fn average_move(usable: Duration, inc: Duration, overhead: Duration, n: u32) -> Duration {
        let reserve = overhead * RESERVE_OVERHEADS;
        if usable >= reserve {
            (usable - reserve) / n + inc
        } else {
            inc.saturating_sub(overhead).saturating_sub((reserve - usable) / REBUILD_MOVES.min(n))
        }
    }

    /// Whether to start another iteration at `elapsed`, the last one having taken `last`, the
    /// score having dropped by `drop` centipawns (negative: risen): not after the soft target
    /// (stretched by a drop, up to twice, never past `hard`), and (when predicting) not when
    /// the next iteration, about [`ITERATION_GROWTH`] times as long, cannot finish before
    /// `hard`.
    pub fn next_iteration(&self, elapsed: Duration, last: Duration, drop: i32) -> bool {
        let Some(soft) = self.soft else { return true };
        let stretch = (drop - DROP_NOISE).clamp(0, DROP_FOR_DOUBLE) as u32;
        let soft = soft + soft * stretch / DROP_FOR_DOUBLE as u32;
        let soft = self.hard.map_or(soft, |h| soft.min(h));
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
    /// The clock of a search that started at `start` (counted from the moment the search was
    /// asked for, so the set-up before the first iteration is counted too).
    pub fn new(l: &Limits, plan: &Plan, start: Instant) -> TimeManager {
        TimeManager { start, budget: Budget::of(l, plan), last_iteration_end: AtomicU64::new(0) }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard deadline has passed.
    pub fn out_of_time(&self) -> bool {
        self.budget.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// Whether another iteration should start, the score having dropped by `drop` centipawns
    /// (see [`Budget::next_iteration`]). Called once after each finished iteration (by the main
    /// thread), so the time since the previous call is the last iteration's.
    pub fn may_start_iteration(&self, drop: i32) -> bool {
        let now = self.start.elapsed();
        let micros = now.as_micros().min(u64::MAX as u128) as u64;
        let before = self.last_iteration_end.swap(micros, Ordering::Relaxed);
        let last = now.saturating_sub(Duration::from_micros(before));
        self.budget.next_iteration(now, last, drop)
    }
}

/// Moves whose overhead is remembered (the largest counts).
const OVERHEAD_MOVES: usize = 8;
/// An overhead measured above this is not believed (a GUI paused, a clock reset).
const OVERHEAD_MAX: Duration = Duration::from_secs(1);

/// Learns what a move really costs beyond the search, from the clocks the GUI sends: the time
/// it charged for our last move (our clock then, plus the increment, less our clock now) less
/// the time we measured ourselves. On a busy machine this is tens of milliseconds (the
/// position to read, threads waiting for a core), more than a configured `Move Overhead` may
/// allow for; the largest of the last moves' is used when it is larger.
#[derive(Clone, Debug, Default)]
pub struct OverheadMeter {
    /// Our clock when the last search started, and the time we measured for it.
    last: Option<(Duration, Duration)>,
    seen: Vec<Duration>,
}

impl OverheadMeter {
    /// A search that started with `left` on our clock took `elapsed` (by our measure).
    pub fn searched(&mut self, left: Duration, elapsed: Duration) {
        self.last = Some((left, elapsed));
    }

    /// Reads the clock of the next `go` (`left`, with increment `inc`) against the last search,
    /// and returns the overhead to plan with: `configured` or the measured one if larger.
    pub fn overhead(&mut self, left: Option<Duration>, inc: Duration, configured: Duration) -> Duration {
        if let (Some(now), Some((before, ours))) = (left, self.last.take()) {
            // A clock that grew by more than the increment started a new period or a new game.
            if let Some(charged) = (before + inc).checked_sub(now) {
                let extra = charged.saturating_sub(ours);
                if extra <= OVERHEAD_MAX {
                    if self.seen.len() == OVERHEAD_MOVES {
                        self.seen.remove(0);
                    }
                    self.seen.push(extra);
                }
            }
        }
        self.seen.iter().copied().max().unwrap_or_default().max(configured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;
    const PLAN: Plan = Plan { moves_left: 40, forced: false };

    fn ms(d: Option<Duration>) -> Option<u128> {
        d.map(|d| d.as_millis())
    }

    fn clock(time: u64, inc: u64, overhead: u64) -> Limits {
        Limits { time: Some(MS(time)), increment: MS(inc), overhead: MS(overhead), ..Limits::default() }
    }

    #[test]
    fn a_fixed_time_per_move_is_used_in_full() {
        let l = Limits { movetime: Some(MS(1000)), overhead: MS(50), ..Limits::default() };
        let b = Budget::of(&l, &PLAN);
        assert_eq!(b, Budget { soft: Some(MS(950)), hard: Some(MS(950)), predict: false });
        // Iterations start until the deadline whatever they cost (before: not after 50%).
        assert!(b.next_iteration(MS(600), MS(400), 0));
        assert!(b.next_iteration(MS(940), MS(500), 0));
        assert!(!b.next_iteration(MS(950), MS(1), 0));
        // A forced move does not shorten a time the user gave for this move.
        assert_eq!(Budget::of(&l, &Plan { forced: true, ..PLAN }), b);
    }

    #[test]
    fn the_moves_left_follow_the_game_length_and_the_material_left() {
        // Chu (130 moves): every piece left, then 60%, then 10% (the floor), then a bare board.
        assert_eq!(Plan::new(130, 92, 92, 30), Plan { moves_left: 130, forced: false });
        assert_eq!(Plan::new(130, 55, 92, 30).moves_left, 77, "130 x 55/92");
        assert_eq!(Plan::new(130, 9, 92, 30).moves_left, MIN_MOVES_LEFT);
        assert_eq!(Plan::new(130, 0, 0, 30).moves_left, MIN_MOVES_LEFT);
        // More pieces than at the start (a set-up position) count as the start.
        assert_eq!(Plan::new(200, 400, 354, 1), Plan { moves_left: 200, forced: true });
        assert_eq!(Plan::new(10_000, 10, 10, 2).moves_left, MAX_MOVES_LEFT);
    }

    #[test]
    fn a_clock_spreads_what_is_left_over_the_moves_to_come() {
        // 15 s + 0.15 s at the start of a Chu game, 50 ms overhead: (14950 - 8 x 50) / 130 +
        // 150 = 261.9 ms a move on average; start no iteration after 45% of it, stop at three
        // times it.
        let plan = Plan { moves_left: 130, forced: false };
        let b = Budget::of(&clock(15_000, 150, 50), &plan);
        assert_eq!((ms(b.soft), ms(b.hard), b.predict), (Some(117), Some(785), true));
        // The same clock with 40 moves to plan for spends more on each.
        let b = Budget::of(&clock(15_000, 150, 50), &PLAN);
        assert_eq!((ms(b.soft), ms(b.hard)), (Some(231), Some(1541)), "(14550 / 40 + 150) x 0.45, x 3");
        // Moves to go win over the plan; never more than half of what is usable...
        let l = Limits { moves_to_go: Some(5), ..clock(10_000, 1000, 0) };
        assert_eq!((ms(Budget::of(&l, &plan).soft), ms(Budget::of(&l, &plan).hard)), (Some(1350), Some(5000)));
        // ... but two thirds before the time control refills the clock.
        let l = Limits { moves_to_go: Some(1), ..clock(9_000, 0, 0) };
        assert_eq!(ms(Budget::of(&l, &plan).hard), Some(6030));
    }

    #[test]
    fn below_the_reserve_a_move_takes_less_than_the_increment() {
        // 5 s + 0.15 s with 300 ms left and 50 ms overhead: 150 ms under the 400 ms reserve,
        // made up over 10 moves: 150 - 50 - 15 = 85 ms a move, hard limit 125 ms (half of 250).
        let b = Budget::of(&clock(300, 150, 50), &Plan { moves_left: 60, forced: false });
        assert_eq!((ms(b.soft), ms(b.hard)), (Some(38), Some(125)));
        // At 5 s + 0.05 s the overhead eats the increment: the smallest think until the clock
        // is back above the reserve.
        let b = Budget::of(&clock(300, 50, 50), &Plan { moves_left: 60, forced: false });
        assert_eq!((b.soft, b.hard), (Some(MIN_THINK), Some(MIN_THINK)));
        // Just above the reserve the increment counts in full again.
        let b = Budget::of(&clock(500, 50, 50), &Plan { moves_left: 50, forced: false });
        assert_eq!((ms(b.soft), ms(b.hard)), (Some(22), Some(153)), "(450 - 400) / 50 + 50 = 51 ms; 45% and 3x");
        // Nothing left but the overhead: the smallest think, never past what is left.
        let b = Budget::of(&clock(30, 0, 10), &PLAN);
        assert_eq!((b.soft, b.hard), (Some(MIN_THINK), Some(MIN_THINK)));
        // At every clock from 0 to 20 s, with or without increment, the hard limit leaves at
        // least half of the clock beyond the overhead, or is the smallest think.
        for left in (0..20_000).step_by(7) {
            for inc in [0, 50, 150, 1000] {
                let b = Budget::of(&clock(left, inc, 50), &PLAN);
                let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
                let half = MS(left.saturating_sub(50)) / 2;
                assert!(soft <= hard && (hard <= half || hard == MIN_THINK), "{left} + {inc}: {b:?}");
            }
        }
    }

    #[test]
    fn iterations_stop_at_the_soft_target_or_when_they_cannot_finish() {
        let b = Budget { soft: Some(MS(1000)), hard: Some(MS(3000)), predict: true };
        assert!(b.next_iteration(MS(900), MS(500), 0), "900 + 2 x 500 fits in 3000");
        assert!(!b.next_iteration(MS(900), MS(1100), 0), "900 + 2 x 1100 does not fit");
        assert!(!b.next_iteration(MS(1000), MS(10), 0), "past the soft target");
        // A score drop stretches the soft target: not at all up to 20 cp (noise), by half at
        // 95 cp, twice at 170 cp or more...
        assert!(!b.next_iteration(MS(1000), MS(10), 20));
        assert!(b.next_iteration(MS(1400), MS(10), 95) && !b.next_iteration(MS(1500), MS(10), 95));
        assert!(b.next_iteration(MS(1900), MS(10), 170) && !b.next_iteration(MS(2000), MS(10), 500));
        // ... a rise does not shorten it, and the hard limit bounds it.
        assert!(!b.next_iteration(MS(1000), MS(10), -300));
        let b = Budget { soft: Some(MS(1000)), hard: Some(MS(1200)), predict: true };
        assert!(!b.next_iteration(MS(1200), MS(0), 150));
    }

    #[test]
    fn a_forced_move_on_a_clock_gets_one_iteration() {
        let b = Budget::of(&clock(60_000, 0, 50), &Plan { moves_left: 40, forced: true });
        assert_eq!(b.soft, Some(Duration::ZERO));
        assert!(b.hard.unwrap() > MS(100), "the first iteration has time to finish: {b:?}");
        assert!(!b.next_iteration(MS(0), MS(0), 0));
    }

    #[test]
    fn the_overhead_is_learnt_from_the_clocks_the_gui_sends() {
        let mut m = OverheadMeter::default();
        let conf = MS(50);
        // Nothing measured yet: the configured overhead.
        assert_eq!(m.overhead(Some(MS(5000)), MS(50), conf), conf);
        // We measured 100 ms; the GUI charged 5000 + 50 - 4870 = 180 ms: 80 ms beyond ours.
        m.searched(MS(5000), MS(100));
        assert_eq!(m.overhead(Some(MS(4870)), MS(50), conf), MS(80));
        // The largest of the last 8 moves counts...
        m.searched(MS(4870), MS(100));
        assert_eq!(m.overhead(Some(MS(4810)), MS(50), conf), MS(80), "10 ms this time");
        for _ in 0..6 {
            m.searched(MS(4810), MS(10));
            assert_eq!(m.overhead(Some(MS(4840)), MS(50), conf), MS(80), "10 ms again");
        }
        // ... until it is older than that; never less than the configured overhead.
        m.searched(MS(4840), MS(10));
        assert_eq!(m.overhead(Some(MS(4870)), MS(50), conf), conf);
        // A clock that grew (a new period, a new game), no clock, or an absurd charge: nothing
        // learnt.
        m.searched(MS(100), MS(10));
        assert_eq!(m.overhead(Some(MS(60_000)), MS(50), conf), conf);
        m.searched(MS(100), MS(10));
        assert_eq!(m.overhead(None, MS(50), conf), conf);
        m.searched(MS(60_000), MS(10));
        assert_eq!(m.overhead(Some(MS(10_000)), MS(0), conf), conf, "50 s charged for a 10 ms search");
    }

    #[test]
    fn depth_nodes_and_infinite_have_no_deadline() {
        for l in [Limits::depth(3), Limits::nodes(100), Limits { infinite: true, ..Limits::movetime(10) }] {
            let b = Budget::of(&l, &PLAN);
            assert_eq!((b.soft, b.hard), (None, None));
            assert!(b.next_iteration(MS(1_000_000), MS(1_000_000), 0));
        }
    }
}
