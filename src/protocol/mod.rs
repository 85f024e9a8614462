//! The protocol front ends: UCI, USI and XBoard (CECP) over one engine controller.
//!
//! One input thread reads lines from the GUI and sends them to the session loop; searches run
//! on their own threads and announce their end through the same channel, so the loop never
//! blocks while the engine thinks (`stop`, `?`, `quit` are read at once). The dialects
//! (`uci`, `usi`, `xboard`) only translate text; the game, the options and the search threads
//! live in [`engine::Engine`]. Every malformed or out-of-order command gets an error line in
//! the dialect's form and the session goes on.

pub mod book;
pub mod client;
pub mod engine;
pub mod error;
pub mod go;
pub mod options;
pub mod replay;
pub mod rule_options;
pub mod squares;
pub mod uci;
pub mod uci_usi;
pub mod usi;
pub mod xbetza;
pub mod xboard;

use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

/// The engine's name and version as the protocols announce it.
pub const ENGINE_NAME: &str = concat!("Kyodai ", env!("CARGO_PKG_VERSION"));
/// The author line of `id author`.
pub const ENGINE_AUTHOR: &str = "the Kyodai developers";

/// Something the session loop reacts to.
#[derive(Debug)]
pub enum Event {
    /// One line from the GUI (without the line end).
    Line(String),
    /// The GUI closed our input.
    Eof,
    /// The search with this id has returned (its result waits in the controller).
    SearchFinished(u64),
    /// A timer armed by the controller (ponderhit, XBoard clocks) fired for this search id.
    Deadline(u64),
}

/// Where protocol lines go: shared by the session loop and the search threads, one whole line
/// at a time, flushed at once.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(w)))
    }

    pub fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()))
    }

    /// Writes one line and flushes. A closed output is ignored: the GUI has gone, and the
    /// input side will see the end of file.
    pub fn line(&self, text: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// The `bestmove` of a `go infinite` or `go ponder` search waits for `stop` or `ponderhit`
/// (UCI and USI alike). This holds it back, with the pending ponder `go` (`G`, the dialect's
/// parsed `go`).
pub(crate) struct HeldBestmove<G> {
    hold: bool,
    line: Option<String>,
    ponder_go: Option<G>,
}

impl<G> HeldBestmove<G> {
    pub fn new() -> Self {
        HeldBestmove { hold: false, line: None, ponder_go: None }
    }

    /// A search starts: hold its `bestmove` or not; remember the `go` of a ponder search.
    pub fn start(&mut self, hold: bool, ponder_go: Option<G>) {
        self.hold = hold;
        self.line = None;
        self.ponder_go = ponder_go;
    }

    /// Forgets a held line (a new game, a new `go`); the hold itself stays as it is.
    pub fn drop_line(&mut self) {
        self.line = None;
    }

    /// Stops holding and forgets a held line (game over, shutdown).
    pub fn clear(&mut self) {
        self.hold = false;
        self.line = None;
    }

    /// The search finished with `line`: print it, or keep it while holding.
    pub fn finished(&mut self, out: &Out, line: String) {
        if self.hold {
            self.line = Some(line);
        } else {
            out.line(&line);
        }
    }

    /// `stop`: nothing is held any more; a held line is printed now.
    pub fn release(&mut self, out: &Out) {
        self.hold = false;
        self.ponder_go = None;
        if let Some(l) = self.line.take() {
            out.line(&l);
        }
    }

    /// `ponderhit`: `Err` without a ponder search; `Ok(None)` when the search had already
    /// finished (its line is printed now); `Ok(Some(go))` when it runs on under `go`'s limits.
    pub fn ponderhit(&mut self, out: &Out) -> Result<Option<G>, ()> {
        let g = self.ponder_go.take().ok_or(())?;
        self.hold = false;
        match self.line.take() {
            Some(l) => {
                out.line(&l);
                Ok(None)
            }
            None => Ok(Some(g)),
        }
    }
}

/// What a dialect tells the loop after handling an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One protocol dialect: reacts to GUI lines and to finished searches.
pub trait Dialect {
    /// Handles one line from the GUI.
    fn line(&mut self, line: &str) -> Flow;
    /// Handles the end of search `id` (the controller holds its result).
    fn search_finished(&mut self, id: u64) -> Flow;
    /// A deadline timer for search `id` fired.
    fn deadline(&mut self, id: u64);
    /// The input ended: stop everything.
    fn shutdown(&mut self);
}

/// The protocols a session can speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Usi,
    Xboard,
}

impl Protocol {
    /// The protocol a GUI's first command asks for.
    pub fn from_first_line(line: &str) -> Option<Protocol> {
        match line.split_whitespace().next() {
            Some("uci") => Some(Protocol::Uci),
            Some("usi") => Some(Protocol::Usi),
            Some("xboard") => Some(Protocol::Xboard),
            _ => None,
        }
    }
}

/// Starts the thread that reads GUI lines from `input` into `tx`.
fn spawn_reader<R: BufRead + Send + 'static>(input: R, tx: Sender<Event>) {
    std::thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Event::Eof);
                    return;
                }
                Ok(_) => {
                    // Invalid UTF-8 is replaced, never fatal; the dialect reports what it cannot read.
                    let text = String::from_utf8_lossy(&buf);
                    let line = text.trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
}

/// Settings from the command line of `kyodai uci|usi|xboard`, applied before the GUI's first
/// line.
#[derive(Clone, Debug, Default)]
pub struct Startup {
    /// `--book FILE`: as if the GUI had set the `BookFile` option first.
    pub book_file: Option<String>,
    /// `-O KEY=VALUE`: rule options, as if the GUI had set them first (`rules=lishogi`).
    pub rule_options: Vec<String>,
}

/// A start-up setting of `kyodai uci|usi|xboard` that is refused; `option` is an `-O` as given.
#[derive(Clone, Debug)]
pub enum StartupError {
    /// The `--book` file is refused.
    Book(error::CommandError),
    /// An `-O` that is not `KEY=VALUE`.
    NotKeyValue(String),
    /// An `-O` whose value is refused.
    Option {
        /// The `-O` as given.
        option: String,
        /// Why its value is refused.
        error: error::CommandError,
    },
    /// An `-O` whose key no game has; `known` are the keys the games have.
    NoSuchOption {
        /// The `-O` as given.
        option: String,
        /// Its key.
        key: String,
        /// The rule options the games offer.
        known: Vec<String>,
    },
}

impl std::fmt::Display for StartupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartupError::Book(e) => write!(f, "{e}"),
            StartupError::NotKeyValue(o) => write!(f, "-O/--option '{o}' is not KEY=VALUE"),
            StartupError::Option { option, error } => write!(f, "-O/--option '{option}': {error}"),
            StartupError::NoSuchOption { option, key, known } => {
                write!(f, "-O/--option '{option}': no game has a rule option '{key}' (they have: {})", known.join(", "))
            }
        }
    }
}

impl std::error::Error for StartupError {}

fn make_dialect(p: Protocol, startup: &Startup, out: Out, tx: Sender<Event>) -> Result<Box<dyn Dialect>, StartupError> {
    let mut engine = engine::Engine::new(out.clone(), tx);
    if let Some(f) = &startup.book_file {
        engine.set_book_file(Some(f)).map_err(StartupError::Book)?;
    }
    for o in &startup.rule_options {
        let (key, value) = o.split_once('=').ok_or_else(|| StartupError::NotKeyValue(o.clone()))?;
        match engine.set_rule_option(key, Some(value)) {
            Some(r) => r.map_err(|error| StartupError::Option { option: o.clone(), error })?,
            None => {
                let known = rule_options::offered().into_iter().map(|o| o.key).collect();
                return Err(StartupError::NoSuchOption { option: o.clone(), key: key.to_string(), known });
            }
        }
    }
    Ok(match p {
        Protocol::Uci => Box::new(uci_usi::Session::new(engine, out, uci::Uci)),
        Protocol::Usi => Box::new(uci_usi::Session::new(engine, out, usi::Usi)),
        Protocol::Xboard => Box::new(xboard::Xboard::new(engine, out)),
    })
}

fn run_loop(mut d: Box<dyn Dialect>, rx: &Receiver<Event>) {
    while let Ok(ev) = rx.recv() {
        let flow = match ev {
            Event::Line(l) => d.line(&l),
            Event::Eof => {
                d.shutdown();
                Flow::Quit
            }
            Event::SearchFinished(id) => d.search_finished(id),
            Event::Deadline(id) => {
                d.deadline(id);
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            d.shutdown();
            return;
        }
    }
}

/// Runs a session of protocol `p` (or, with `None`, the protocol named by the first
/// non-empty line) over `input` and `out`. Returns when the GUI quits or closes the input.
pub fn run_with<R: BufRead + Send + 'static>(p: Option<Protocol>, input: R, out: Out) {
    // With no start-up settings nothing can be refused.
    let _ = run_session(p, &Startup::default(), input, out);
}

/// [`run_with`] after applying `startup`; an error (before any input is read when `p` is
/// given) when a start-up setting is refused.
pub fn run_session<R: BufRead + Send + 'static>(
    p: Option<Protocol>,
    startup: &Startup,
    input: R,
    out: Out,
) -> Result<(), StartupError> {
    let (tx, rx) = channel();
    if let Some(p) = p {
        let d = make_dialect(p, startup, out, tx.clone())?;
        spawn_reader(input, tx);
        run_loop(d, &rx);
        return Ok(());
    }
    spawn_reader(input, tx.clone());
    loop {
        match rx.recv() {
            Ok(Event::Line(l)) => {
                let t = l.trim();
                if t.is_empty() {
                    continue;
                }
                if t == "quit" {
                    return Ok(());
                }
                match Protocol::from_first_line(t) {
                    Some(p) => {
                        let mut d = make_dialect(p, startup, out.clone(), tx.clone())?;
                        if d.line(t) == Flow::Quit {
                            d.shutdown();
                            return Ok(());
                        }
                        run_loop(d, &rx);
                        return Ok(());
                    }
                    None => out.line(&format!(
                        "info string error: unknown protocol command '{}': send 'uci', 'usi' or 'xboard' first",
                        error::echo(t)
                    )),
                }
            }
            Ok(Event::Eof) | Err(_) => return Ok(()),
            Ok(_) => {}
        }
    }
}

/// Runs a session on standard input and output (see [`run_session`]).
pub fn run_stdio(p: Option<Protocol>, startup: &Startup) -> Result<(), StartupError> {
    let stdin = std::io::stdin();
    run_session(p, startup, std::io::BufReader::new(stdin), Out::stdout())
}

/// Splits a command line into its first word and the rest (trimmed).
pub(crate) fn split_command(line: &str) -> (&str, &str) {
    let t = line.trim();
    match t.find(char::is_whitespace) {
        Some(i) => (&t[..i], t[i..].trim_start()),
        None => (t, ""),
    }
}
