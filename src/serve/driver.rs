//! Starts engines when it is their turn (or when analysis is on), each search on its own
//! thread, and brings their moves back to the session, where the rules core checks them.

use super::engine::{Budget, Decision, Opponent, ThinkError, ThinkRequest};
use super::review;
use super::session::{Player, Running, Session, Task};
use crate::geometry::Color;
use crate::tournament::referee::side_name;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Locks the session; a panic on another thread does not make the server unusable.
pub fn lock(s: &Mutex<Session>) -> MutexGuard<'_, Session> {
    s.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

struct Job {
    gen: u64,
    slot: usize,
    ply: usize,
    side: Color,
    task: Task,
    opponent: Box<dyn Opponent>,
    req: ThinkRequest,
    stop: Arc<AtomicBool>,
}

/// Starts whatever search the session needs now, if any.
pub fn schedule(shared: &Arc<Mutex<Session>>) {
    let job = {
        let mut s = lock(shared);
        next_job(&mut s)
    };
    if let Some(job) = job {
        let shared = Arc::clone(shared);
        std::thread::spawn(move || run(shared, job));
    }
}

/// In order: the engine to move, the review of the game (which goes on after the game ended),
/// a hint asked for, the analysis of the position shown.
fn next_job(s: &mut Session) -> Option<Job> {
    s.clock_now();
    if s.running.is_some() || s.closing {
        return None;
    }
    let playing = !s.paused && s.result().is_none();
    let side = s.game.pos.side();
    let at_end = s.ply() == s.line.len();
    let (start, moves, ply) = (s.game.start.clone(), s.game.moves.clone(), s.ply());
    if let (true, Player::Engine(i), true) = (playing, s.players[side.index()], at_end) {
        let budget = budget(s);
        let multipv = s.multipv;
        return job(s, i, Task::Move(side), (start, &moves, ply), budget, multipv);
    }
    if let Some(job) = review_job(s) {
        return Some(job);
    }
    let task = match s.players[side.index()] {
        Player::Human if playing && s.hint.wanted == Some(s.gen) => Task::Hint,
        Player::Human if playing && s.analyse => Task::Analysis,
        _ => return None,
    };
    let (budget, multipv) = match task {
        Task::Hint => (Budget::MoveTime(Duration::from_millis(s.movetime_ms.min(HINT_MAX_MS))), 1),
        _ => (Budget::Infinite, s.multipv.max(3)),
    };
    job(s, 0, task, (start, &moves, ply), budget, multipv)
}

/// A hint thinks as long as the engine would, but never longer than this.
const HINT_MAX_MS: u64 = 3000;

/// The next position of the review to search (positions where the game is over are scored
/// by their result on the way), or `None` when there is no review to do.
fn review_job(s: &mut Session) -> Option<Job> {
    let start = s.game.start.clone();
    let r = s.review.as_mut()?;
    if r.line != s.line {
        s.review = None;
        return None;
    }
    while !r.done() {
        let ply = r.next;
        let pos = review::position_at(&start, &r.line, ply);
        match crate::rules::outcome::outcome(&pos) {
            Some(o) => {
                r.record_end(ply, &pos, o);
                r.next += 1;
            }
            None => {
                let (line, ms) = (r.line.clone(), r.movetime_ms);
                let budget = Budget::MoveTime(Duration::from_millis(ms));
                return job(s, 0, Task::Review(ply), (start, &line, ply), budget, 1);
            }
        }
    }
    if r.marks.is_empty() && !r.line.is_empty() {
        let texts = review::texts(&start, &r.line);
        r.finish(&texts);
        s.touch(false);
    }
    None
}

/// Takes the engine of `slot` and starts `task` on the position after the first `ply` moves
/// of `line` from `start`.
fn job(
    s: &mut Session,
    slot: usize,
    task: Task,
    (start, line, ply): (crate::position::Position, &[crate::moves::Move], usize),
    budget: Budget,
    multipv: usize,
) -> Option<Job> {
    let mut opponent = s.engines.get_mut(slot)?.opponent.take()?;
    if std::mem::take(&mut s.engines[slot].reset) {
        opponent.new_game();
    }
    let side = review::position_at(&start, line, ply).side();
    let moves = review::texts(&start, &line[..ply]);
    let req = ThinkRequest { start, moves, budget, multipv };
    let stop = Arc::new(AtomicBool::new(false));
    s.running = Some(Running { gen: s.gen, stop: Arc::clone(&stop), task });
    s.touch(false);
    Some(Job { gen: s.gen, slot, ply, side, task, opponent, req, stop })
}

/// What the engine to move may spend: the clocks as they are now, a depth, or a time.
fn budget(s: &mut Session) -> Budget {
    let left = s.clock_now();
    match (&s.clocks, left) {
        (Some(c), Some(left)) => {
            Budget::Clock { base: c.base, left: left.map(Duration::from_millis), increment: c.increment }
        }
        _ => match s.depth {
            Some(d) => Budget::Depth(d),
            None => Budget::MoveTime(Duration::from_millis(s.movetime_ms)),
        },
    }
}

fn run(shared: Arc<Mutex<Session>>, mut job: Job) {
    let (gen, ply, side, task) = (job.gen, job.ply, job.side, job.task);
    let info_shared = Arc::clone(&shared);
    let result = job.opponent.think(&job.req, &job.stop, &mut |line| {
        let mut s = lock(&info_shared);
        if let Task::Review(k) = task {
            // The graph fills in as the review goes; the analysis lines stay the page's.
            if line.multipv <= 1 {
                s.record_eval(k, side, &line);
                if let Some(r) = s.review.as_mut() {
                    r.record(k, &line);
                }
                s.touch(false);
            }
        } else if s.gen == gen && task != Task::Hint {
            let i = line.multipv.max(1) - 1;
            if s.lines.len() <= i {
                s.lines.resize(i + 1, line.clone());
            }
            if i == 0 {
                s.record_eval(ply, side, &line);
            }
            s.lines[i] = line;
            s.touch(false);
        }
    });
    {
        let mut s = lock(&shared);
        s.engines[job.slot].opponent = Some(job.opponent);
        if s.running.as_ref().is_some_and(|r| r.gen == gen) {
            s.running = None;
        }
        let stopped = job.stop.load(std::sync::atomic::Ordering::Relaxed);
        let name = s.engines[job.slot].name.clone();
        match task {
            Task::Move(_) if !s.paused && !s.closing && s.gen == gen && s.result().is_none() => {
                answer(&mut s, &name, side, result);
            }
            // A review search cut short (the board changed) is searched again.
            Task::Review(k) if !stopped => {
                if let Some(r) = s.review.as_mut().filter(|r| r.next == k) {
                    r.next = k + 1;
                }
            }
            Task::Hint if s.gen == gen => {
                s.hint.wanted = None;
                if let Ok(Decision::Move(text)) = result {
                    s.hint.answer = Some((gen, text));
                }
            }
            _ => {}
        }
        s.touch(false);
    }
    schedule(&shared);
}

/// Plays an engine's answer through the rules core, or stops its game with the reason.
fn answer(s: &mut Session, name: &str, side: Color, result: Result<Decision, ThinkError>) {
    match result {
        Ok(Decision::Move(text)) => {
            if let Err(e) = s.play_text(&text) {
                let why = format!("{} makes an illegal move: {text} ({})", side_name(side), e.message);
                s.forfeit(side, name, why);
            }
        }
        Ok(Decision::Nothing) => {}
        Ok(Decision::Forfeit(why)) => s.forfeit(side, name, why.to_string()),
        Err(e) => {
            s.message = Some(format!("{name}: {e}. Paused: press Resume to go on."));
            s.paused = true;
        }
    }
}
