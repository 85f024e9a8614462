//! The whole match: `--concurrency C` worker threads, each with its own engine processes,
//! take games from the schedule; the main thread prints cutechess-cli's lines, appends each
//! finished game to the PGN file at once, keeps the standings and stops on an SPRT decision,
//! a fatal setup error or the stop flag (Ctrl-C). Every engine process is ended before `run`
//! returns.

use super::adjudicate::Adjudication;
use super::engine::{tc_tag, EngineSpec};
use super::game::{play_game, Fatal, GameRecord, GameSetup, Stopped};
use super::openings::Source;
use super::pgnout::{write_game, Header};
use super::player::Player;
use super::referee::start_position;
use super::schedule::{schedule, shard, Job, Kind};
use super::standings::Standings;
use super::stats::Sprt;
use crate::game::Game;
use crate::pgn::today;
use crate::position::Position;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Everything `kyodai match` was told.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: Arc<Game>,
    /// The game file, when the game is not built in.
    pub variant_file: Option<String>,
    pub engines: Vec<EngineSpec>,
    pub kind: Kind,
    pub games: usize,
    pub rounds: usize,
    pub repeat: bool,
    pub concurrency: usize,
    pub source: Source,
    pub adjudication: Adjudication,
    pub pgnout: Option<String>,
    /// Each finished game as a KIF file in this folder (`game-0001.kifu`, or `.kif` in Shift-JIS).
    pub kifout: Option<KifOut>,
    pub sprt: Option<Sprt>,
    pub shard: Option<(usize, usize)>,
    pub seed: u64,
    pub timemargin: Duration,
    pub timeout: Duration,
    pub debug: bool,
    pub event: String,
    pub site: String,
}

/// Where `--kifout` writes: a folder, whether in Shift-JIS (`.kif`) or UTF-8 (`.kifu`), and
/// how a game becomes the bytes of its file. The match runner knows no KIF: `crate::kifu` sits
/// a layer above it (it reads into the PGN record), so the command line hands the writer in.
#[derive(Clone)]
pub struct KifOut {
    pub dir: String,
    pub sjis: bool,
    pub render: KifRender,
}

/// Renders a finished game (its start position, its record, the match's event and site) as the
/// bytes of its KIF file, or says why it cannot.
/// The error is boxed because its type (the KIF writer's) lives above the tournament.
pub type KifRender = Arc<dyn Fn(&Position, &GameRecord, &MatchConfig) -> Result<Vec<u8>, RenderError> + Send + Sync>;

/// Why a game cannot be rendered for `--kifout`.
pub type RenderError = Box<dyn std::error::Error + Send + Sync>;

impl std::fmt::Debug for KifOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KifOut").field("dir", &self.dir).field("sjis", &self.sjis).finish_non_exhaustive()
    }
}

impl KifOut {
    /// The file of game `number`: numbered as in the PGN's Round tag, so the shards of one match
    /// never write the same file.
    pub fn path(&self, number: usize) -> std::path::PathBuf {
        let ext = if self.sjis { "kif" } else { "kifu" };
        std::path::Path::new(&self.dir).join(format!("game-{number:04}.{ext}"))
    }
}

/// What a match did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Finished games, in the order they finished.
    pub games: Vec<GameRecord>,
    pub standings: Standings,
    /// Stopped by the stop flag before the schedule was done.
    pub interrupted: bool,
    /// `Some(true)` if SPRT accepted H1, `Some(false)` for H0.
    pub sprt: Option<bool>,
}

enum Event {
    Started(Job),
    Finished(Box<GameRecord>),
    Fatal(Box<Fatal>),
}

/// The games this run plays (all, or its shard).
pub fn jobs(cfg: &MatchConfig) -> (Vec<Job>, usize) {
    let all = schedule(cfg.kind, cfg.engines.len(), cfg.rounds, cfg.games, cfg.repeat);
    let total = all.len();
    match cfg.shard {
        Some((k, n)) => (shard(&all, k, n), total),
        None => (all, total),
    }
}

/// One worker: plays jobs until none is left or the match stops.
fn worker(cfg: &MatchConfig, queue: &Mutex<VecDeque<Job>>, stop: &Arc<AtomicBool>, tx: &Sender<Event>) {
    let mut players: Vec<Player> =
        cfg.engines.iter().map(|e| Player::new(e.clone(), Arc::clone(stop), cfg.debug, cfg.timeout)).collect();
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(job) = queue.lock().map_or(None, |mut q| q.pop_front()) else { break };
        let _ = tx.send(Event::Started(job));
        match play_job(cfg, &job, &mut players) {
            Ok(mut rec) => {
                rec.pair = job.pair;
                let _ = tx.send(Event::Finished(Box::new(rec)));
            }
            Err(Stopped::Interrupted) => break,
            Err(Stopped::Fatal(m)) => {
                let _ = tx.send(Event::Fatal(m));
                break;
            }
        }
    }
    for p in &mut players {
        if stop.load(Ordering::Relaxed) {
            p.restart();
        } else {
            p.shutdown();
        }
    }
}

fn play_job(cfg: &MatchConfig, job: &Job, players: &mut [Player]) -> Result<GameRecord, Stopped> {
    let opening =
        cfg.source.opening(&cfg.variant, job.slot, cfg.seed).map_err(|e| Stopped::fatal(Fatal::Opening(e)))?;
    let start = start_position(&cfg.variant, opening.fen.as_deref()).map_err(|e| Stopped::fatal(Fatal::Start(e)))?;
    let setup = GameSetup {
        variant: &cfg.variant,
        variant_file: cfg.variant_file.as_deref(),
        start,
        fen: opening.fen.clone(),
        opening: &opening.moves,
        adjudication: cfg.adjudication,
        timemargin: cfg.timemargin,
        timeout: cfg.timeout,
        seed: cfg.seed ^ (job.number as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
    };
    let (w, b) = (job.white, job.black);
    let (first, second) = players.split_at_mut(w.max(b));
    let (pw, pb) = if w < b { (&mut first[w], &mut second[0]) } else { (&mut second[0], &mut first[b]) };
    play_game(job.number, &setup, &mut [pw, pb])
}

/// Why a match stopped before its end.
#[derive(Debug)]
pub enum RunError {
    /// The PGN file cannot be written.
    Save { path: String, error: std::io::Error },
    /// A game could not be played (an engine that cannot start or play the game, a bad
    /// opening).
    Fatal(Box<Fatal>),
    /// A game's KIF file (`--kifout`) cannot be made: its path, and why.
    Kif { path: String, error: RenderError },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Save { path, error } => write!(f, "cannot write {path}: {error}"),
            RunError::Fatal(e) => write!(f, "{e}"),
            RunError::Kif { path, error } => write!(f, "cannot write {path}: {error}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Appends a game to the PGN file.
fn save(cfg: &MatchConfig, rec: &GameRecord) -> Result<(), RunError> {
    let Some(path) = &cfg.pgnout else { return Ok(()) };
    let tc = |i: usize| {
        cfg.engines.iter().find(|e| e.name == [&rec.white, &rec.black][i].as_str()).map(|e| tc_tag(&e.limits))
    };
    let date = today();
    let h = Header {
        event: &cfg.event,
        site: &cfg.site,
        date: &date,
        variant: &cfg.variant.name,
        tc: [tc(0).unwrap_or_default(), tc(1).unwrap_or_default()],
    };
    let cannot = |error| RunError::Save { path: path.clone(), error };
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(cannot)?;
    f.write_all(write_game(&h, rec).as_bytes()).and_then(|_| f.flush()).map_err(cannot)
}

/// Writes a game to its KIF file (`--kifout`).
fn save_kif(cfg: &MatchConfig, rec: &GameRecord) -> Result<(), RunError> {
    let Some(out) = &cfg.kifout else { return Ok(()) };
    let path = out.path(rec.number);
    let shown = path.display().to_string();
    let cannot = |error: RenderError| RunError::Kif { path: shown.clone(), error };
    let start = start_position(&cfg.variant, rec.fen.as_deref()).map_err(|e| cannot(Box::new(e)))?;
    let bytes = (out.render)(&start, rec, cfg).map_err(cannot)?;
    std::fs::write(&path, bytes).map_err(|error| RunError::Save { path: shown, error })
}

/// Prints one line (a closed output is ignored: the match goes on and the PGN is kept).
fn say(out: &mut dyn Write, line: &str) {
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Runs the match. `stop` ends it early (Ctrl-C); running games are then dropped.
pub fn run(cfg: &MatchConfig, stop: Arc<AtomicBool>, out: &mut dyn Write) -> Result<Summary, RunError> {
    let (jobs, total) = jobs(cfg);
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let mut sum = Summary { standings: Standings::with_names(&names), ..Summary::default() };
    let queue = Mutex::new(jobs.iter().copied().collect::<VecDeque<Job>>());
    let (tx, rx) = channel();
    let mut fatal = None;
    std::thread::scope(|s| {
        for _ in 0..cfg.concurrency.clamp(1, jobs.len().max(1)) {
            let (q, st, tx) = (&queue, &stop, tx.clone());
            s.spawn(move || worker(cfg, q, st, &tx));
        }
        drop(tx);
        for ev in rx {
            match ev {
                Event::Started(j) => say(
                    out,
                    &format!("Started game {} of {total} ({} vs {})", j.number, names[j.white], names[j.black]),
                ),
                Event::Fatal(m) => {
                    fatal.get_or_insert(RunError::Fatal(m));
                    stop.store(true, Ordering::Relaxed);
                }
                Event::Finished(rec) => {
                    if let Err(e) = save(cfg, &rec).and_then(|()| save_kif(cfg, &rec)) {
                        fatal.get_or_insert(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                    let line = format!(
                        "Finished game {} ({} vs {}): {} {{{}}}",
                        rec.number, rec.white, rec.black, rec.result, rec.reason
                    );
                    say(out, &line);
                    let pair = rec.pair.map(|p| p.to_string());
                    if let Some(e) = sum.standings.add(&rec.white, &rec.black, rec.result, pair.as_deref()) {
                        let enc = &sum.standings.encounters[e];
                        for l in enc.report(cfg.sprt.as_ref()) {
                            say(out, &l);
                        }
                        if let Some(s) = &cfg.sprt {
                            if let Some(h1) = enc.sprt_verdict(s) {
                                if sum.sprt.is_none() {
                                    say(out, &format!("SPRT: {} was accepted", if h1 { "H1" } else { "H0" }));
                                }
                                sum.sprt = Some(h1);
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    sum.games.push(*rec);
                }
            }
        }
    });
    if let Some(m) = fatal {
        return Err(m);
    }
    sum.interrupted = sum.sprt.is_none() && sum.games.len() < jobs.len();
    if names.len() > 2 {
        for l in sum.standings.table() {
            say(out, &l);
        }
    }
    if sum.interrupted {
        say(out, &format!("Interrupted: {} of {} games finished", sum.games.len(), jobs.len()));
    }
    say(out, "Finished match");
    Ok(sum)
}
