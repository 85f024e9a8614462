//! Starts engines when it is their turn (or when analysis is on), each search on its own
//! thread, and brings their moves back to the session, where the rules core checks them.

use super::engine::{Budget, Decision, Opponent, ThinkError, ThinkRequest};
use super::session::{Player, Running, Session};
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
    analysis: bool,
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

fn next_job(s: &mut Session) -> Option<Job> {
    s.clock_now();
    if s.running.is_some() || s.paused || s.closing || s.result().is_some() {
        return None;
    }
    let side = s.game.pos.side();
    let at_end = s.ply() == s.line.len();
    let (slot, analysis) = match s.players[side.index()] {
        Player::Engine(i) if at_end => (i, false),
        Player::Human if s.analyse => (0, true),
        _ => return None,
    };
    let mut opponent = s.engines.get_mut(slot)?.opponent.take()?;
    if std::mem::take(&mut s.engines[slot].reset) {
        opponent.new_game();
    }
    let budget = if analysis { Budget::Infinite } else { budget(s) };
    let v = std::sync::Arc::clone(s.variant());
    let req = ThinkRequest {
        start: s.game.start.clone(),
        moves: s.game.moves.iter().map(|&m| crate::notation::format_move(&v, m)).collect(),
        budget,
        multipv: if analysis { s.multipv.max(3) } else { s.multipv },
    };
    let stop = Arc::new(AtomicBool::new(false));
    s.running = Some(Running { gen: s.gen, stop: Arc::clone(&stop), side: (!analysis).then_some(side) });
    s.touch(false);
    Some(Job { gen: s.gen, slot, ply: s.ply(), side, analysis, opponent, req, stop })
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
    let (gen, ply, side) = (job.gen, job.ply, job.side);
    let info_shared = Arc::clone(&shared);
    let result = job.opponent.think(&job.req, &job.stop, &mut |line| {
        let mut s = lock(&info_shared);
        if s.gen == gen {
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
        let name = s.engines[job.slot].name.clone();
        if !job.analysis && !s.paused && !s.closing && s.gen == gen && s.result().is_none() {
            answer(&mut s, &name, side, result);
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
        Ok(Decision::Forfeit(why)) => s.forfeit(side, name, why),
        Err(e) => {
            s.message = Some(format!("{name}: {e}. Paused: press Resume to go on."));
            s.paused = true;
        }
    }
}
