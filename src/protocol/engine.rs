//! The engine controller shared by every dialect: the game (start position, moves, current
//! position), the options, the loaded games, and the search thread. It knows no protocol: the
//! dialects parse and format text and call it.

use super::error::{message, CmdResult, CommandError, Refusal, Usage};
use super::options::spin;
use super::{Event, Out};
use crate::game::Game as Compiled;
use crate::moves::Move;
use crate::perft::perft;
use crate::position::Position;
use crate::random::Rng;
use crate::record::Record;
use crate::rules::legality::{legal_moves_with, History};
use crate::search::{Info, Limits, SearchResult, Searcher};
use crate::variant::Variant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The engine options every protocol exposes (in its own words).
#[derive(Clone, Debug)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub own_book: bool,
    /// Time kept back per move for communication, in milliseconds.
    pub overhead_ms: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options { hash_mb: 64, threads: 1, multipv: 1, ponder: false, own_book: true, overhead_ms: 50 }
    }
}

/// Limits for the options the protocols offer.
pub use crate::resources::{max_hash_mb, MAX_THREADS};
pub const MAX_MULTIPV: usize = 256;
pub const MAX_OVERHEAD_MS: u64 = 10_000;

struct Running {
    id: u64,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<WorkerResult>,
    root: Position,
    /// Our clock when a clock search started, and when it started (for the overhead meter).
    clock: Option<(Duration, std::time::Instant)>,
}

/// What a worker thread gives back. A perft's lines are printed by the session when it takes
/// the result, not by the thread: a client that sees `Nodes searched` and sends its next
/// command at once must find the engine idle (printing from the thread raced the event).
enum WorkerResult {
    Search(SearchResult, Searcher),
    /// The lines to print, or `None` when stopped.
    Perft(Option<Vec<String>>),
}

/// A finished search: its id, what it found, and the position it searched.
pub struct Finished {
    pub id: u64,
    pub result: SearchResult,
    pub root: Position,
}

/// Writes a move legal in a position in the dialect's notation.
pub type MoveText = Box<dyn Fn(&mut Position, Move) -> String + Send>;

/// Turns a progress report into a protocol line (or nothing).
pub type InfoFormatter = Box<dyn FnMut(&Info) -> Option<String> + Send>;

/// The controller.
pub struct Engine {
    pub game: Record,
    /// Why `game` may not be searched or played on: no position given yet, or the last one
    /// was refused. `None` when the GUI's position is `game`.
    pub no_position: Option<String>,
    pub opts: Options,
    /// Games loaded from files (UCI `VariantPath`), found by name before the built-in ones.
    pub user_variants: Vec<Arc<Compiled>>,
    /// The rule options set with `setoption` (Chu's `rules=lishogi`), applied to every game
    /// that declares them.
    pub rule_options: Vec<(String, String)>,
    searcher: Option<Searcher>,
    searcher_cfg: (usize, usize),
    clear_pending: bool,
    running: Option<Running>,
    next_id: u64,
    events: Sender<Event>,
    out: Out,
    /// The opening book: the built-in one, or the file the GUI named.
    books: super::book::BookSource,
    /// What a move costs beyond the search, learnt from the GUI's clocks.
    meter: crate::search::time::OverheadMeter,
    /// Book moves are drawn by weight from this seed (new each session) and a counter.
    book_seed: u64,
    book_draws: u64,
    /// The last position read, reused when the next one only adds moves.
    replay: super::replay::Replay,
}

impl Engine {
    /// A controller with the default game (see [`default_variant_name`]).
    pub fn new(out: Out, events: Sender<Event>) -> Engine {
        let v = builtin(default_variant_name()).expect("the default game is built in");
        Engine {
            game: Record::new(&v),
            no_position: None,
            opts: Options::default(),
            user_variants: Vec::new(),
            rule_options: Vec::new(),
            searcher: None,
            searcher_cfg: (0, 0),
            clear_pending: false,
            running: None,
            next_id: 1,
            events,
            out,
            books: Default::default(),
            meter: Default::default(),
            book_seed: Rng::entropy_seed(),
            book_draws: 0,
            replay: Default::default(),
        }
    }

    pub fn out(&self) -> &Out {
        &self.out
    }

    pub fn variant(&self) -> &Arc<Compiled> {
        self.game.game()
    }

    /// Finds a game by name or alias: loaded files first, then the built-in games; a name
    /// ending in `.toml` is read as a game file.
    pub fn find_variant(&self, name: &str) -> CmdResult<Arc<Compiled>> {
        let n = name.trim();
        if n.is_empty() {
            return Err(Usage::NoGameName.into());
        }
        if let Some(v) = self
            .user_variants
            .iter()
            .find(|v| v.name.eq_ignore_ascii_case(n) || v.aliases.iter().any(|a| a.eq_ignore_ascii_case(n)))
        {
            return Ok(Arc::clone(v));
        }
        if crate::variant::is_game_file(n) {
            return load_game_file(n);
        }
        builtin(n).map_err(CommandError::refused)
    }

    /// Every game the engine can play: built-in names, then loaded ones.
    pub fn variant_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Variant::builtin_names().into_iter().map(str::to_string).collect();
        for v in &self.user_variants {
            if !names.contains(&v.name) {
                names.push(v.name.clone());
            }
        }
        names
    }

    /// Loads the game files named by `paths` (files or folders of `*.toml`, separated by `;`).
    /// Returns the names loaded.
    pub fn load_variant_path(&mut self, paths: &str) -> CmdResult<Vec<String>> {
        let mut loaded = Vec::new();
        for p in paths.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let path = std::path::Path::new(p);
            let files: Vec<std::path::PathBuf> = if path.is_dir() {
                let mut fs: Vec<_> = std::fs::read_dir(path)
                    .map_err(|e| CommandError::from(Refusal::Folder { path: p.to_string(), error: e.to_string() }))?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|f| f.extension().is_some_and(|x| x == "toml"))
                    .collect();
                fs.sort();
                fs
            } else {
                vec![path.to_path_buf()]
            };
            for f in files {
                let v = load_game_file(&f.to_string_lossy())?;
                self.user_variants.retain(|u| u.name != v.name);
                loaded.push(v.name.clone());
                self.user_variants.push(v);
            }
        }
        if loaded.is_empty() {
            return Err(Refusal::NoGameFile(paths.to_string()).into());
        }
        Ok(loaded)
    }

    /// Starts a new game of `v` from its start position.
    pub fn new_game(&mut self, v: &Arc<Compiled>) {
        self.abort();
        self.game = Record::new(v);
        self.no_position = None;
        self.replay.clear();
    }

    /// Sets up a game of `v` from `fen` (or the start) and plays `moves`, each read by
    /// `parse` (only those beyond the last position read, when it began the same way: see
    /// `replay.rs`). If any part is refused, the engine has no position until a valid one arrives
    /// (a GUI must never get an answer about a position other than the one it sent).
    pub fn set_position(
        &mut self,
        v: &Arc<Compiled>,
        fen: Option<&str>,
        moves: &[&str],
        parse: &mut dyn FnMut(&mut Position, &str) -> CmdResult<Move>,
    ) -> CmdResult {
        match self.replay.read(v, fen, moves, parse) {
            Ok(g) => {
                self.abort();
                self.game = g;
                self.no_position = None;
                Ok(())
            }
            Err(e) => {
                self.no_position = Some(format!("no valid position: the last one was refused ({})", message(&e)));
                Err(e)
            }
        }
    }

    /// Forgets the GUI's position (a new game, a new variant): until the next `position`, the
    /// engine refuses to search.
    pub fn forget_position(&mut self, since: &str) {
        self.no_position = Some(format!("no position given {since} (send 'position' first)"));
    }

    /// Fails with the reason when there is no position to work on.
    pub fn require_position(&self) -> CmdResult {
        match &self.no_position {
            Some(r) => Err(CommandError::NoPosition(r.clone())),
            None => Ok(()),
        }
    }

    // ----- options -----

    /// Sets the hash size: checked against the machine's bound, and allocated now unless a
    /// search holds the table (then before the next search). A table that cannot be
    /// allocated is an error, never an abort.
    pub fn set_hash(&mut self, mb: u64) -> CmdResult {
        let mb = crate::resources::hash_mb(mb).map_err(CommandError::refused)?;
        if self.running.is_none() {
            let threads = self.opts.threads;
            let resized = match self.searcher.as_mut() {
                Some(s) => s.try_set_hash(mb),
                None => Searcher::try_new(mb, threads).map(|s| self.searcher = Some(s)),
            };
            if resized.is_err() {
                self.opts.hash_mb = 1;
                self.searcher_cfg.0 = 1;
                return Err(CommandError::refused(crate::resources::ResourceError::NoMemory { mb }));
            }
            self.searcher_cfg = (mb, self.searcher_cfg.1.max(1));
        }
        self.opts.hash_mb = mb;
        Ok(())
    }

    /// Sets the number of search threads (1..=[`MAX_THREADS`]).
    pub fn set_threads(&mut self, n: u64) -> CmdResult {
        self.opts.threads = crate::resources::threads(n).map_err(CommandError::refused)?;
        Ok(())
    }

    /// Forgets the transposition table (now, or when the running search ends).
    pub fn clear_hash(&mut self) {
        match &mut self.searcher {
            Some(s) => s.clear(),
            None => self.clear_pending = true,
        }
    }

    fn take_searcher(&mut self) -> Searcher {
        let cfg = (self.opts.hash_mb, self.opts.threads);
        let mut s = match self.searcher.take() {
            Some(s) => s,
            None => {
                self.searcher_cfg = (1, cfg.1);
                Searcher::new(1, cfg.1)
            }
        };
        if self.searcher_cfg.0 != cfg.0 && s.try_set_hash(cfg.0).is_err() {
            self.out.line(&format!("info string error: cannot allocate a {} MB hash table; using 1 MB", cfg.0));
            self.opts.hash_mb = 1;
        }
        let cfg = (self.opts.hash_mb, self.opts.threads);
        if self.searcher_cfg.1 != cfg.1 {
            s.set_threads(cfg.1);
        }
        if self.clear_pending {
            s.clear();
            self.clear_pending = false;
        }
        self.searcher_cfg = cfg;
        s
    }

    /// Uses the book file `path` from now on (`None` or empty: the built-in books); refused
    /// with the file and the line when it cannot be read or does not fit its game.
    pub fn set_book_file(&mut self, path: Option<&str>) -> CmdResult {
        let mut books = std::mem::take(&mut self.books);
        let current = Arc::clone(self.game.game());
        let r = books.set_file(path, &current, &|name: &str| self.find_variant(name));
        self.books = books;
        r
    }

    /// The book file set, if any.
    pub fn book_file(&self) -> Option<&str> {
        self.books.file()
    }

    /// The book for the current game (see [`super::book::BookSource::book`]).
    pub fn book(&mut self) -> Result<Option<Arc<crate::book::Book>>, super::book::BookUnfit> {
        self.books.book(self.game.game())
    }

    /// With `OwnBook` on, a move of the book for the current position (drawn by weight), if
    /// the book has one that is legal here. An error (once per game) when the book file set
    /// does not fit the game.
    pub fn book_move(&mut self) -> Result<Option<crate::book::Candidate>, super::book::BookUnfit> {
        if !self.opts.own_book || self.no_position.is_some() {
            return Ok(None);
        }
        let Some(book) = self.book()? else { return Ok(None) };
        self.book_draws += 1;
        Ok(book.choose(&mut self.game.pos, Rng::at(self.book_seed, self.book_draws), false).cloned())
    }

    // ----- searching -----

    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    pub fn running_id(&self) -> Option<u64> {
        self.running.as_ref().map(|r| r.id)
    }

    /// Starts searching the current position on a new thread; any running search is aborted
    /// first. Progress lines made by `fmt` go straight to the output; the end is announced
    /// with [`Event::SearchFinished`]. Returns the search id.
    pub fn start_search(&mut self, mut limits: Limits, multipv: usize, mut fmt: InfoFormatter) -> u64 {
        self.abort();
        // On a clock, plan with the overhead the GUI's clocks show when it exceeds the option.
        let clock = limits.time.filter(|_| !limits.infinite);
        limits.overhead = self.meter.overhead(clock, limits.increment, limits.overhead);
        let clock = clock.map(|t| (t, std::time::Instant::now()));
        let id = self.next_id;
        self.next_id += 1;
        let mut searcher = self.take_searcher();
        let stop = Arc::new(AtomicBool::new(false));
        let root = self.game.pos.clone();
        let (pos, flag, out, tx) = (root.clone(), Arc::clone(&stop), self.out.clone(), self.events.clone());
        let handle = std::thread::spawn(move || {
            let r = searcher.search(&pos, &limits, multipv.max(1), &flag, &mut |i: &Info| {
                if let Some(line) = fmt(i) {
                    out.line(&line);
                }
                // `go mate N`: a win in at most N moves is what was asked for; stop there.
                if mate_found(i, limits.mate) {
                    flag.store(true, Ordering::Relaxed);
                }
            });
            let _ = tx.send(Event::SearchFinished(id));
            WorkerResult::Search(r, searcher)
        });
        self.running = Some(Running { id, stop, handle, root, clock });
        id
    }

    /// Counts the moves below the current position to `depth` (perft, no repetition rule) on a
    /// new thread, printing `MOVE: N` per root move in `text`'s notation, sorted, then `Nodes
    /// searched: N`. Like a search it ends with [`Event::SearchFinished`] and stops on `stop`
    /// (within a 3-ply subtree), so the session keeps answering meanwhile.
    pub fn start_perft(&mut self, depth: u32, text: MoveText) -> u64 {
        self.abort();
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let root = self.game.pos.clone();
        let (pos, flag, tx, threads) = (root.clone(), Arc::clone(&stop), self.events.clone(), self.opts.threads);
        let handle = std::thread::spawn(move || {
            let lines = perft_divide(&pos, depth, threads, &flag).map(|counts| {
                let mut p = pos.clone();
                let mut lines: Vec<(String, u64)> = counts.iter().map(|&(m, n)| (text(&mut p, m), n)).collect();
                lines.sort();
                let total = lines.iter().map(|x| x.1).sum::<u64>();
                let mut out: Vec<String> = lines.iter().map(|(t, n)| format!("{t}: {n}")).collect();
                out.push(format!("Nodes searched: {total}"));
                out
            });
            let _ = tx.send(Event::SearchFinished(id));
            WorkerResult::Perft(lines)
        });
        self.running = Some(Running { id, stop, handle, root, clock: None });
        id
    }

    /// Asks the running search to stop; its end arrives as an event.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stops search `id` if it is still the running one.
    pub fn stop_id(&self, id: u64) {
        if let Some(r) = &self.running {
            if r.id == id {
                r.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Collects the result of search `id` once it has announced its end. `None` if it is not
    /// the running search (it was aborted and replaced).
    pub fn finish(&mut self, id: u64) -> Option<Finished> {
        if self.running.as_ref().map(|r| r.id) != Some(id) {
            return None;
        }
        let r = self.running.take()?;
        if let Some((left, started)) = r.clock {
            self.meter.searched(left, started.elapsed());
        }
        match r.handle.join() {
            Ok(WorkerResult::Search(result, searcher)) => {
                self.searcher = Some(searcher);
                Some(Finished { id, result, root: r.root })
            }
            Ok(WorkerResult::Perft(lines)) => {
                for line in lines.unwrap_or_else(|| vec!["info string perft stopped".into()]) {
                    self.out.line(&line);
                }
                None
            }
            Err(_) => {
                self.out.line("info string error: the search thread failed");
                None
            }
        }
    }

    /// Stops the running search, waits for it and throws its result away.
    pub fn abort(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            if let Ok(WorkerResult::Search(_, searcher)) = r.handle.join() {
                self.searcher = Some(searcher);
            }
        }
    }

    /// Sends [`Event::Deadline`] for search `id` after `after`.
    pub fn arm_deadline(&self, id: u64, after: Duration) {
        let tx = self.events.clone();
        std::thread::spawn(move || {
            std::thread::sleep(after);
            let _ = tx.send(Event::Deadline(id));
        });
    }
}

/// The game a session starts with: the default game (`default = true` in its data file), the
/// same as the command line's.
pub fn default_variant_name() -> &'static str {
    Variant::default_name()
}

/// Whether `i` reports a win in at most `mate` moves (the `go mate` limit).
pub fn mate_found(i: &Info, mate: Option<u32>) -> bool {
    match (i.score, mate) {
        (crate::search::Score::Mate(m), Some(n)) => m > 0 && m as u32 <= n,
        _ => false,
    }
}

/// A built-in game, read and compiled once per process: sessions look games up often (every
/// XBoard `protover` checks each game, every `UCI_Variant` loads one), and a game is
/// immutable once built. Names are matched as `Variant::builtin` matches them.
fn builtin(name: &str) -> Result<Arc<Compiled>, crate::variant::VariantError> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Compiled>>>> = OnceLock::new();
    let key = name.trim().to_ascii_lowercase();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(v) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return Ok(v);
    }
    let v = Compiled::builtin(&key)?;
    if let Ok(mut c) = cache.lock() {
        c.insert(key, Arc::clone(&v));
    }
    Ok(v)
}

/// Perft per root move (no repetition rule, as `kyodai perft`), on `threads` threads; `None`
/// once `stop` is set.
fn perft_divide(pos: &Position, depth: u32, threads: usize, stop: &AtomicBool) -> Option<Vec<(Move, u64)>> {
    use rayon::prelude::*;
    let mut p = pos.clone();
    let mut roots = Vec::new();
    legal_moves_with(&mut p, &mut roots, History::Ignore);
    let count = |&m: &Move| -> Option<(Move, u64)> {
        let mut q = pos.clone();
        let u = q.make(m);
        let n = if depth == 1 { Some(1) } else { perft_stoppable(&mut q, depth - 1, stop) };
        q.unmake(m, u);
        n.map(|n| (m, n))
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build() {
        Ok(pool) if threads > 1 => pool.install(|| roots.par_iter().map(count).collect()),
        _ => roots.iter().map(count).collect(),
    }
}

/// [`perft`] that looks at `stop` above every subtree of at most 3 plies (each takes
/// milliseconds), so a deep perft can be stopped.
fn perft_stoppable(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= 3 {
        return Some(perft(pos, depth, History::Ignore));
    }
    let mut moves = Vec::new();
    legal_moves_with(pos, &mut moves, History::Ignore);
    let mut n = 0;
    for m in moves {
        let u = pos.make(m);
        let sub = perft_stoppable(pos, depth - 1, stop);
        pos.unmake(m, u);
        n += sub?;
    }
    Some(n)
}

fn load_game_file(path: &str) -> CmdResult<Arc<Compiled>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CommandError::from(Refusal::GameFileUnread { path: path.to_string(), error: e.to_string() }))?;
    Compiled::from_toml(&text).map(Arc::new).map_err(|error| Refusal::GameFile { path: path.to_string(), error }.into())
}

/// The options every dialect offers under the same name (`Threads`, `MultiPV`, `Move
/// Overhead`, `Clear Hash`); `None` when `name` is none of them.
pub fn set_common_option(e: &mut Engine, name: &str, v: Option<&str>) -> Option<CmdResult> {
    let r = match name.to_ascii_lowercase().as_str() {
        "threads" => spin(name, v, 1, MAX_THREADS as i64).and_then(|n| e.set_threads(n as u64)),
        "multipv" => spin(name, v, 1, MAX_MULTIPV as i64).map(|n| e.opts.multipv = n as usize),
        "move overhead" => spin(name, v, 0, MAX_OVERHEAD_MS as i64).map(|n| e.opts.overhead_ms = n as u64),
        "clear hash" => {
            e.clear_hash();
            Ok(())
        }
        _ => return None,
    };
    Some(r)
}

/// The time a search with `limits` plans to spend (used to end a ponder search after
/// `ponderhit`, since a running search keeps the limits it started with) in `pos`.
pub fn budget(limits: &Limits, pos: &Position) -> Option<Duration> {
    let legal = crate::rules::legality::legal_move_list(&mut pos.clone()).len();
    crate::search::time::Budget::of(limits, &crate::search::Plan::of(pos, legal)).soft
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{mpsc::channel, Mutex};

    /// An output the test can read back.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// A client that answers `Nodes searched` at once must find the engine idle: the perft's
    /// lines appear only when the session takes the result, never while it is still running.
    #[test]
    fn perft_lines_are_printed_when_the_result_is_taken() {
        let buf = Captured::default();
        let (tx, rx) = channel();
        let mut e = Engine::new(Out::new(Box::new(buf.clone())), tx);
        let id = e.start_perft(2, Box::new(|_, m| format!("{m:?}")));
        assert!(matches!(rx.recv().unwrap(), Event::SearchFinished(i) if i == id));
        let text = || String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert!(e.is_searching() && !text().contains("Nodes searched"), "{}", text());
        assert!(e.finish(id).is_none());
        assert!(!e.is_searching());
        assert!(text().ends_with("Nodes searched: 1296\n"), "{}", text());
    }
}
