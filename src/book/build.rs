//! The book builder (`kyodai book build`): a best-first expansion of the opening tree from
//! Kyodai's own analysis.
//!
//! Each position is searched with MultiPV at a fixed depth or time; the moves within a margin
//! of the best become its book moves, weighted by how far they fall behind
//! ([`super::weight_for`]). The next position searched is the end of the main line (the best
//! moves from the start, [`Book::main_line`]) until the main line has `plies` moves, then
//! the most likely one not yet in the book: a position's likelihood is the product of the
//! weight shares of the book moves leading to it (the best over its move orders), so the
//! likely lines grow deepest.
//!
//! Work is never lost: each finished position is appended to the file as one line at once,
//! so an interrupted run (Ctrl-C) leaves a valid book, and running the builder again on the
//! same file continues from it (the file is read, checked, and its positions are not searched
//! again). At the end of a run the file is rewritten (atomically) with a header that records
//! every run.

use super::format::{format_entry, BookError};
use super::{position_key, score_value, weight_for, Book, Candidate, Entry, Item, Likely};
use crate::game::Game;
use crate::moves::Move;
use crate::notation::format_move;
use crate::position::Position;
use crate::rules::outcome::outcome;
use crate::search::{Limits, Score, Searcher};
use std::collections::{BinaryHeap, HashSet};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// How to build.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The search of each position: a depth or a time.
    pub limits: Limits,
    /// Stop when the book has this many positions (counting those already in the file).
    pub positions: usize,
    /// Book positions are at most this many plies from the start, minus one: the book has
    /// moves for the first `plies` plies.
    pub plies: usize,
    /// Keep the moves at most this many centipawns below the best.
    pub margin: i32,
    /// How many best moves each search reports (MultiPV).
    pub lines: usize,
    /// Positions searched at once, each on its own thread with its own table.
    pub threads: usize,
    /// Transposition table per thread, in MB.
    pub hash_mb: usize,
}

/// Reported after each position.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Positions added by this run, and in the book now.
    pub added: usize,
    pub total: usize,
    /// The run's target (`Settings::positions`).
    pub target: usize,
    /// The position just added: its ply and its moves from the start.
    pub ply: usize,
    pub path: String,
    pub elapsed: Duration,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Summary {
    pub added: usize,
    pub total: usize,
    /// True when the run stopped because no position within `plies` was left to add.
    pub exhausted: bool,
    pub elapsed: Duration,
}

/// The prefix of the header lines that record a run.
pub const RUN_PREFIX: &str = "# run: ";

/// The header the builder writes, with a record per run (`# run: ...` lines).
pub fn header(v: &Game, runs: &[String]) -> Vec<String> {
    let mut h = vec![
        format!("# Kyodai opening book: {}", v.title),
        format!("# variant: {}", v.name),
        "#".into(),
        "# Made from Kyodai's own analysis by 'kyodai book build': the main line (best moves)".into(),
        "# first, to --plies, then the opening tree best first (the most likely position not yet".into(),
        "# in the book next); each position is searched with MultiPV, and the moves within".into(),
        "# --margin centipawns of the best are kept.".into(),
        "# Runs (date, engine, command, result):".into(),
    ];
    h.extend(runs.iter().cloned());
    h.extend(
        [
            "#",
            "# One line per position:  MOVES : MOVE WEIGHT SCORE DEPTH | MOVE WEIGHT SCORE DEPTH | ...",
            "#   MOVES   the moves that reach the position from the start ('start': the start itself)",
            "#   MOVE    a book move, in Kyodai's notation",
            "#   WEIGHT  how often it is played relative to the line's other moves (0: never); the",
            "#           builder gives the best move 100, halved for every third of the margin",
            "#           a move scores below it",
            "#   SCORE   the search's score in centipawns for the side to move (#N: a win in N",
            "#           moves, #-N: a loss), '-' when unknown",
            "#   DEPTH   the depth of that search, '-' when unknown",
            "# Lines starting with '#' are comments; those below this header are kept when the",
            "# builder rewrites the file.",
        ]
        .map(String::from),
    );
    h
}

/// The best-first queue over positions (by key): a maximum-likelihood search from the start
/// through the book's moves, handing out the positions that are not in the book yet.
struct Frontier {
    start: Position,
    plies: usize,
    queue: BinaryHeap<Likely>,
    settled: HashSet<String>,
}

impl Frontier {
    fn new(start: &Position, plies: usize) -> Frontier {
        let mut f = Frontier { start: start.clone(), plies, queue: BinaryHeap::new(), settled: HashSet::new() };
        f.queue.push(Likely { probability: 1.0, path: Vec::new() });
        f
    }

    fn position(&self, path: &[Move]) -> Position {
        let mut pos = self.start.clone();
        for &m in path {
            pos.make(m);
        }
        pos
    }

    /// The next position to search: where the main line ends, while it is shorter than
    /// `plies` (so the main line is complete however wide the book grows), otherwise the most
    /// likely position not in the book. Positions in the book met on the way are expanded
    /// (their book moves queued).
    fn next(&mut self, book: &Book) -> Option<Likely> {
        let (path, probability) = book.main_line_moves();
        if path.len() < self.plies {
            let pos = self.position(&path);
            let key = position_key(&pos);
            // In the book already: its book moves are all illegal here (the history forbids
            // them), so the main line ends there.
            if outcome(&pos).is_none() && !book.contains_key(&key) && self.settled.insert(key) {
                return Some(Likely { probability, path });
            }
        }
        while let Some(node) = self.queue.pop() {
            let key = position_key(&self.position(&node.path));
            if !self.settled.insert(key.clone()) {
                continue;
            }
            if book.contains_key(&key) {
                self.expand(book, &node);
            } else {
                return Some(node);
            }
        }
        None
    }

    /// Queues the positions the book moves of `node` lead to.
    fn expand(&mut self, book: &Book, node: &Likely) {
        if node.path.len() + 1 >= self.plies {
            return;
        }
        let mut pos = self.position(&node.path);
        let Some(entry) = book.probe(&pos) else { return };
        let total = entry.total_weight() as f64;
        for c in entry.moves.iter().filter(|c| c.weight > 0) {
            let undo = pos.make(c.mv);
            if outcome(&pos).is_none() && !self.settled.contains(&position_key(&pos)) {
                let mut path = node.path.clone();
                path.push(c.mv);
                self.queue.push(Likely { probability: node.probability * c.weight as f64 / total, path });
            }
            pos.unmake(c.mv, undo);
        }
    }
}

/// One searched position: its path and the search's lines (best first).
struct Searched {
    path: Vec<Move>,
    probability: f64,
    lines: Vec<(Move, Score, u32)>,
}

/// Searches `pos` and returns the last complete iteration's lines, best first.
fn analyse(searcher: &mut Searcher, pos: &Position, s: &Settings) -> Vec<(Move, Score, u32)> {
    let stop = AtomicBool::new(false);
    let mut lines: Vec<(Move, Score, u32)> = Vec::new();
    let r = searcher.search(pos, &s.limits, s.lines, &stop, &mut |i| {
        if lines.first().is_some_and(|l| l.2 != i.depth) {
            lines.clear();
        }
        if let Some(&m) = i.pv.first() {
            lines.push((m, i.score, i.depth));
        }
    });
    if lines.is_empty() {
        // No iteration finished in the time given: the search's move alone.
        lines.extend(r.best.map(|m| (m, r.score, r.depth)));
    }
    lines
}

/// The book moves from the search's lines: those within the margin, weighted.
fn candidates(v: &Game, lines: &[(Move, Score, u32)], margin: i32) -> Vec<Candidate> {
    let Some(best) = lines.first().map(|l| score_value(l.1)) else { return Vec::new() };
    lines
        .iter()
        .filter(|l| best - score_value(l.1) <= margin)
        .map(|&(mv, score, depth)| Candidate {
            mv,
            text: format_move(v, mv),
            weight: weight_for(best - score_value(score), margin),
            score: Some(score),
            depth: Some(depth),
        })
        .collect()
}

/// Why a build run failed.
#[derive(Debug)]
pub enum BuildError {
    /// A setting is zero.
    ZeroSetting,
    /// The book file exists but cannot be read.
    Read { path: PathBuf, error: std::io::Error },
    /// The book file does not read as a book for the game.
    Book { path: PathBuf, error: BookError },
    /// The temporary file cannot be written.
    Write { path: PathBuf, error: std::io::Error },
    /// The temporary file cannot replace the book.
    Replace { path: PathBuf, error: std::io::Error },
    /// The book cannot be opened or written for appending.
    Append { path: PathBuf, error: std::io::Error },
    /// A worker's channel closed early.
    ThreadStopped,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::ZeroSetting => f.write_str("positions, plies, lines, threads and hash must be at least 1"),
            BuildError::Read { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            BuildError::Book { path, error } => write!(f, "{}: {error}", path.display()),
            BuildError::Write { path, error } => write!(f, "cannot write {}: {error}", path.display()),
            BuildError::Replace { path, error } => write!(f, "cannot replace {}: {error}", path.display()),
            BuildError::Append { path, error } => write!(f, "cannot append to {}: {error}", path.display()),
            BuildError::ThreadStopped => f.write_str("a search thread stopped"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Reads the book at `path` for a run; a last line cut short by an interrupted write is
/// dropped (and reported through `warn`).
fn open(v: &Arc<Game>, path: &Path, warn: &mut dyn FnMut(&str)) -> Result<Book, BuildError> {
    let name = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Book::new(v)),
        Err(error) => return Err(BuildError::Read { path: path.into(), error }),
    };
    match Book::from_text(v, &text) {
        Ok(b) => Ok(b),
        Err(BookError { line, .. }) if !text.ends_with('\n') && line == text.lines().count() => {
            warn(&format!("{name}: line {line} was cut short (an interrupted run?): dropped"));
            let keep = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
            Book::from_text(v, keep).map_err(|error| BuildError::Book { path: path.into(), error })
        }
        Err(error) => Err(BuildError::Book { path: path.into(), error }),
    }
}

/// Writes `book` to `path` through a temporary file and a rename, so the file is always
/// either the old book or the new one.
fn rewrite(book: &Book, path: &Path) -> Result<(), BuildError> {
    let tmp = path.with_extension("txt.tmp");
    std::fs::write(&tmp, book.to_text()).map_err(|error| BuildError::Write { path: tmp.clone(), error })?;
    std::fs::rename(&tmp, path).map_err(|error| BuildError::Replace { path: path.into(), error })
}

/// Regenerates the header of `book` with every run record it holds (run records in the body
/// move to the header), `run` replacing the record `replace` (the last one with that text) or
/// added after them.
fn with_runs(book: &mut Book, run: &str, replace: Option<&str>) {
    let is_run = |l: &String| l.starts_with(RUN_PREFIX);
    let mut runs: Vec<String> = book.header.iter().filter(|l| is_run(l)).cloned().collect();
    runs.extend(book.body.iter().filter_map(|i| match i {
        Item::Comment(c) if is_run(c) => Some(c.clone()),
        _ => None,
    }));
    match replace.and_then(|old| runs.iter().rposition(|r| r == old)) {
        Some(i) => runs[i] = run.to_string(),
        None => runs.push(run.to_string()),
    }
    book.body.retain(|i| !matches!(i, Item::Comment(c) if is_run(c)));
    book.header = header(book.game(), &runs);
}

/// Searches the positions it receives until the channel closes.
fn worker(jobs: &Mutex<mpsc::Receiver<Likely>>, done: mpsc::Sender<Searched>, start: &Position, s: &Settings) {
    let mut searcher = Searcher::new(s.hash_mb, 1);
    loop {
        let job = jobs.lock().map(|rx| rx.recv());
        let Ok(Ok(node)) = job else { break };
        let mut pos = start.clone();
        for &m in &node.path {
            pos.make(m);
        }
        let lines = analyse(&mut searcher, &pos, s);
        if done.send(Searched { path: node.path, probability: node.probability, lines }).is_err() {
            break;
        }
    }
}

/// A run in progress: the book, the queue and the file being appended to.
struct Run<'a> {
    v: &'a Arc<Game>,
    s: &'a Settings,
    path: &'a Path,
    book: Book,
    frontier: Frontier,
    file: std::fs::File,
    added: usize,
    began: Instant,
}

impl Run<'_> {
    /// Hands positions to the workers, best first, and records what they find. Returns
    /// whether the tree ran out of positions.
    fn drive(
        &mut self,
        jobs: mpsc::Sender<Likely>,
        done: mpsc::Receiver<Searched>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<bool, BuildError> {
        let mut in_flight = 0;
        let mut exhausted = false;
        loop {
            while in_flight < self.s.threads && self.book.len() + in_flight < self.s.positions {
                let Some(node) = self.frontier.next(&self.book) else {
                    exhausted = in_flight == 0;
                    break;
                };
                jobs.send(node).map_err(|_| BuildError::ThreadStopped)?;
                in_flight += 1;
            }
            if in_flight == 0 {
                return Ok(exhausted);
            }
            let searched = done.recv().map_err(|_| BuildError::ThreadStopped)?;
            in_flight -= 1;
            if let Some(p) = self.record(searched)? {
                progress(&p);
            }
        }
    }

    /// Appends a searched position to the file and the book, and queues its book moves.
    fn record(&mut self, searched: Searched) -> Result<Option<Progress>, BuildError> {
        let moves = candidates(self.v, &searched.lines, self.s.margin);
        if moves.is_empty() {
            return Ok(None);
        }
        let texts = searched.path.iter().map(|&m| format_move(self.v, m)).collect();
        let entry = Entry { path: texts, moves, line: 0 };
        let (ply, path_text) = (entry.ply(), entry.path.join(" "));
        // One write per line: an interruption leaves whole lines (or a last one cut short,
        // which the next run drops).
        self.file
            .write_all(format!("{}\n", format_entry(&entry)).as_bytes())
            .map_err(|error| BuildError::Append { path: self.path.into(), error })?;
        let key = position_key(&self.frontier.position(&searched.path));
        if self.book.insert(key, entry).is_ok() {
            self.added += 1;
            let node = Likely { probability: searched.probability, path: searched.path };
            self.frontier.expand(&self.book, &node);
        }
        Ok(Some(Progress {
            added: self.added,
            total: self.book.len(),
            target: self.s.positions,
            ply,
            path: path_text,
            elapsed: self.began.elapsed(),
        }))
    }
}

/// Builds or grows the book at `path` (see the module documentation). `run` describes the run
/// for the header (date, engine, command); `progress` sees each added position, `warn` any
/// repair made to the file.
pub fn build(
    v: &Arc<Game>,
    path: &Path,
    s: &Settings,
    run: &str,
    progress: &mut dyn FnMut(&Progress),
    warn: &mut dyn FnMut(&str),
) -> Result<Summary, BuildError> {
    if s.positions == 0 || s.plies == 0 || s.lines == 0 || s.threads == 0 || s.hash_mb == 0 {
        return Err(BuildError::ZeroSetting);
    }
    let began = Instant::now();
    let mut book = open(v, path, warn)?;
    if book.len() >= s.positions {
        return Ok(Summary { added: 0, total: book.len(), exhausted: false, elapsed: began.elapsed() });
    }
    let run_line = format!("{RUN_PREFIX}{run}");
    // The run's record goes into the file at once, so even an interrupted run is recorded.
    with_runs(&mut book, &run_line, None);
    rewrite(&book, path)?;
    let file = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|error| BuildError::Append { path: path.into(), error })?;
    let start = Position::start(v);
    let frontier = Frontier::new(&start, s.plies);
    let mut r = Run { v, s, path, book, frontier, file, added: 0, began };
    let (job_tx, job_rx) = mpsc::channel::<Likely>();
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<Searched>();
    let exhausted = std::thread::scope(|scope| {
        for _ in 0..s.threads {
            let (job_rx, done_tx, start) = (&job_rx, done_tx.clone(), &start);
            scope.spawn(move || worker(job_rx, done_tx, start, s));
        }
        drop(done_tx);
        // `drive` owns the job sender: when it returns, the workers' channel closes.
        r.drive(job_tx, done_rx, progress)
    })?;
    let elapsed = began.elapsed();
    let result =
        format!("{run_line} -> {} positions added in {}, {} in the book", r.added, duration(elapsed), r.book.len());
    with_runs(&mut r.book, &result, Some(&run_line));
    rewrite(&r.book, path)?;
    Ok(Summary { added: r.added, total: r.book.len(), exhausted, elapsed })
}

/// `1h02m`, `3m05s`, `12s`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}
