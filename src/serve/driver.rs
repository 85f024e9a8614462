//! Starts engines when it is their turn (or when analysis is on), each search on its own
//! thread, and brings their moves back to the session, where the rules core checks them.

use super::engine::{Opponent, ThinkRequest};
use super::session::{Player, Running, Session};
use crate::geometry::Color;
use crate::search::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Time kept back from the clock for each engine move.
const OVERHEAD: Duration = Duration::from_millis(50);

/// Locks the session; a panic on another thread does not make the server unusable.
pub fn lock(s: &Mutex<Session>) -> MutexGuard<'_, Session> {
    s.lock().unwrap_or_else(|e| e.into_inner())
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
    if s.running.is_some() || s.paused || s.result().is_some() {
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
    let limits = if analysis { Limits { infinite: true, ..Limits::default() } } else { move_limits(s, side) };
    let v = std::sync::Arc::clone(s.variant());
    let req = ThinkRequest {
        start: s.game.start.clone(),
        moves: s.game.moves.iter().map(|&m| crate::notation::format_move(&v, m)).collect(),
        limits,
        multipv: if analysis { s.multipv.max(3) } else { s.multipv },
    };
    let stop = Arc::new(AtomicBool::new(false));
    s.running = Some(Running { gen: s.gen, stop: Arc::clone(&stop), side: (!analysis).then_some(side) });
    s.touch(false);
    Some(Job { gen: s.gen, slot, ply: s.ply(), side, analysis, opponent, req, stop })
}

fn move_limits(s: &mut Session, side: Color) -> Limits {
    let left = s.clock_now();
    match (&s.clocks, left) {
        (Some(c), Some(left)) => Limits {
            time: Some(Duration::from_millis(left[side.index()])),
            increment: c.increment,
            overhead: OVERHEAD,
            ..Limits::default()
        },
        _ => match s.depth {
            Some(d) => Limits::depth(d),
            None => Limits { overhead: Duration::ZERO, ..Limits::movetime(s.movetime_ms) },
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
        if !job.analysis && !s.paused && s.gen == gen && s.result().is_none() {
            match result {
                Ok(Some(text)) => {
                    if let Err(e) = s.play_text(&text) {
                        s.message = Some(format!("{name} sent a move the rules refuse ({}); paused", e.message));
                        s.paused = true;
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    s.message = Some(format!("{name} failed: {e}; paused"));
                    s.paused = true;
                }
            }
        }
        s.touch(false);
    }
    schedule(&shared);
}
