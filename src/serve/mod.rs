//! `kyodai serve`: a local web board. One game per server, shown by a page whose every asset is
//! embedded in the binary; the page proposes moves and the server checks them with the rules
//! core (`session.rs`), runs the engines (`driver.rs`), and answers in JSON (`view.rs`).
//!
//! HTTP API (JSON bodies; errors are `{"error": "..."}` with a 4xx status):
//!
//! | request | answer |
//! |---|---|
//! | `GET /api/games` | the games (name, title, size, start arrays) and the engines |
//! | `POST /api/hello` | `{client, controller}`: a page's id; the first page controls the game |
//! | `POST /api/takeover` | this page controls the game from now on |
//! | `GET /api/state` | position, line, players, clocks, analysis, result, `version` |
//! | `GET /api/board.svg?flip=1` | the board as SVG |
//! | `GET /api/moves?square=e5` | the legal moves of that piece, leg by leg |
//! | `POST /api/new` | a new game: `{game, options, setup, fen, white, black, movetime_ms, depth, clock_ms, increment_ms, multipv}` |
//! | `POST /api/move` | `{move: "e5e6,e6e7"}` |
//! | `POST /api/undo`, `POST /api/goto {ply}` | take back; show a ply of the line |
//! | `POST /api/pgn {pgn}` | load a game record (PGN, or KIF) to replay |
//! | `POST /api/analyse {on}`, `POST /api/pause {on}` | engine analysis; pause engine play |
//!
//! A second page (another tab or browser) sees the same game read-only: its requests that
//! change the game get 409 with an explanation, until it takes over.

mod assets;
mod driver;
pub mod engine;
pub mod external;
pub mod http;
pub mod kif;
pub mod legs;
pub mod review;
pub mod session;
mod view;

use crate::tournament::engine::EngineSpec;
use driver::{lock, schedule};
use engine::{Kyodai, Opponent};
use external::External;
use http::{ApiError, Reply};
use serde::Deserialize;
use session::{Session, Slot, Task};
use std::fmt;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tiny_http::{Method, Request};

/// A page that has not asked anything for this long no longer holds the game.
const CONTROL_TIMEOUT: Duration = Duration::from_secs(15);

/// How long a stopping server waits for a search to hand its engine back.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

/// Engine settings: the server's own engine, and the external engines offered on the page.
#[derive(Clone, Debug)]
pub struct Config {
    pub hash_mb: usize,
    pub threads: usize,
    /// External engines (`--engine`), started when first needed.
    pub engines: Vec<EngineSpec>,
    /// Print the external engines' traffic on stderr.
    pub debug: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { hash_mb: 64, threads: 1, engines: Vec::new(), debug: false }
    }
}

/// Which page controls the game.
struct Clients {
    next: u64,
    controller: Option<u64>,
    last_seen: Instant,
}

struct App {
    session: Arc<Mutex<Session>>,
    clients: Mutex<Clients>,
    /// Set when the server stops: every wait for an external engine ends at once.
    halt: Arc<AtomicBool>,
}

impl App {
    /// Stops the searches and ends every engine process (asked to quit, then killed).
    fn close(&self) {
        self.halt.store(true, Ordering::Relaxed);
        {
            let mut s = lock(&self.session);
            s.closing = true;
            if let Some(r) = &s.running {
                r.stop.store(true, Ordering::Relaxed);
            }
        }
        let until = Instant::now() + CLOSE_WAIT;
        while lock(&self.session).running.is_some() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        let players: Vec<Box<dyn Opponent>> =
            lock(&self.session).engines.iter_mut().filter_map(|s| s.opponent.take()).collect();
        for mut p in players {
            p.shutdown();
        }
    }
}

/// The slots of the page's engine list: Kyodai, then each external engine.
/// Why the board server cannot start.
#[derive(Debug)]
pub enum ServeError {
    /// An `--engine` with a setting the page chooses.
    Engine { name: String, why: external::LimitOnEngine },
    /// Two players with one name (or an engine named `human`).
    SameName(String),
    /// The address cannot be listened on.
    Listen { addr: String, why: String },
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Engine { name, why } => write!(f, "engine {name}: {why}"),
            ServeError::SameName(name) => {
                write!(f, "two players are named '{name}': give each engine its own name=")
            }
            ServeError::Listen { addr, why } => write!(f, "cannot listen on {addr}: {why}"),
        }
    }
}

impl std::error::Error for ServeError {}

fn slots(cfg: &Config, halt: &Arc<AtomicBool>) -> Result<Vec<Slot>, ServeError> {
    let mut engines = vec![Slot {
        name: "Kyodai".into(),
        opponent: Some(Box::new(Kyodai::new(cfg.hash_mb, cfg.threads))),
        reset: true,
        external: false,
    }];
    for spec in &cfg.engines {
        external::check_spec(spec).map_err(|why| ServeError::Engine { name: spec.name.clone(), why })?;
        let taken = |n: &str| n.eq_ignore_ascii_case(&spec.name);
        if taken("human") || engines.iter().any(|s| taken(&s.name)) {
            return Err(ServeError::SameName(spec.name.clone()));
        }
        let opponent = External::new(spec.clone(), Arc::clone(halt), cfg.debug);
        engines.push(Slot { name: spec.name.clone(), opponent: Some(Box::new(opponent)), reset: true, external: true });
    }
    Ok(engines)
}

/// A bound server; [`Server::run`] answers requests until a [`Stopper`] stops it.
pub struct Server {
    http: Arc<tiny_http::Server>,
    app: Arc<App>,
}

impl Server {
    /// Listens on `addr` (port 0: any free port).
    pub fn bind(addr: &str, cfg: &Config) -> Result<Server, ServeError> {
        let halt = Arc::new(AtomicBool::new(false));
        let engines = slots(cfg, &halt)?;
        let http = tiny_http::Server::http(addr)
            .map_err(|e| ServeError::Listen { addr: addr.to_string(), why: e.to_string() })?;
        let app = App {
            session: Arc::new(Mutex::new(Session::new(engines))),
            clients: Mutex::new(Clients { next: 1, controller: None, last_seen: Instant::now() }),
            halt,
        };
        Ok(Server { http: Arc::new(http), app: Arc::new(app) })
    }

    pub fn addr(&self) -> SocketAddr {
        self.http.server_addr().to_ip().expect("an IP listener")
    }

    /// Answers requests until stopped, then ends every engine. A bad request never ends it.
    pub fn run(&self) {
        for req in self.http.incoming_requests() {
            handle(&self.app, req);
        }
        self.app.close();
    }

    /// What stops the server from another thread (a Ctrl-C handler).
    pub fn stopper(&self) -> Stopper {
        Stopper(Arc::clone(&self.http))
    }

    /// Runs on a thread of its own; the handle stops it.
    pub fn spawn(self) -> Handle {
        let addr = self.addr();
        let http = Arc::clone(&self.http);
        let thread = std::thread::spawn(move || self.run());
        Handle { addr, http, thread: Some(thread) }
    }
}

/// Stops a running server: [`Server::run`] returns once its engines are ended.
#[derive(Clone)]
pub struct Stopper(Arc<tiny_http::Server>);

impl Stopper {
    pub fn stop(&self) {
        self.0.unblock();
    }
}

/// A server running on its own thread.
pub struct Handle {
    pub addr: SocketAddr,
    http: Arc<tiny_http::Server>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Handle {
    pub fn stop(mut self) {
        self.http.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn handle(app: &App, mut req: Request) {
    let reply = match route(app, &mut req) {
        Ok(r) => r,
        Err(e) => http::error(&e),
    };
    log::debug!("{} {} -> {}", req.method(), req.url(), reply.status);
    http::send(req, reply);
}

fn client_of(req: &Request) -> Option<u64> {
    req.headers().iter().find(|h| h.field.equiv("X-Kyodai-Client")).and_then(|h| h.value.as_str().trim().parse().ok())
}

/// Whether `client` controls the game (a page that stopped asking loses control).
fn controls(app: &App, client: Option<u64>) -> bool {
    let mut c = app.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let stale = c.last_seen.elapsed() > CONTROL_TIMEOUT;
    match (c.controller, client) {
        (Some(id), Some(me)) if id == me => {
            c.last_seen = Instant::now();
            true
        }
        (None, _) => true,
        (Some(_), Some(me)) if stale => {
            c.controller = Some(me);
            c.last_seen = Instant::now();
            true
        }
        (Some(_), None) => stale,
        _ => false,
    }
}

fn hello(app: &App, takeover: Option<u64>) -> serde_json::Value {
    let mut c = app.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let me = takeover.unwrap_or_else(|| {
        c.next += 1;
        c.next
    });
    if takeover.is_some() || c.controller.is_none() || c.last_seen.elapsed() > CONTROL_TIMEOUT {
        c.controller = Some(me);
        c.last_seen = Instant::now();
    }
    serde_json::json!({ "client": me, "controller": c.controller == Some(me) })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlyReq {
    ply: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PgnReq {
    pgn: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Switch {
    on: bool,
}

/// `POST /api/review`: how long to search each position (default `review::DEFAULT_MOVETIME_MS`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewReq {
    movetime_ms: Option<u64>,
}

fn route(app: &App, req: &mut Request) -> Result<Reply, ApiError> {
    let url = req.url().to_string();
    let path = http::path(&url);
    let client = client_of(req);
    match (req.method(), path) {
        (Method::Get, _) if !path.starts_with("/api/") => assets::get(path),
        (Method::Get, "/api/games") => Ok(http::json(&view::games(&lock(&app.session)))),
        (Method::Get, "/api/state") => {
            let c = controls_quietly(app, client);
            let mut s = lock(&app.session);
            Ok(http::json(&view::state(&mut s, c)))
        }
        (Method::Get, "/api/game.kifu") => {
            let text = kif::to_kif(&mut lock(&app.session)).map_err(|e| ApiError::bad(e.to_string()))?;
            Ok(http::body(200, "text/plain; charset=utf-8", text.into_bytes()))
        }
        (Method::Get, "/api/board.svg") => {
            let flip = http::query(&url, "flip").is_some_and(|f| f == "1" || f == "true");
            Ok(http::body(200, "image/svg+xml", lock(&app.session).svg(flip).into_bytes()))
        }
        (Method::Get, "/api/moves") => {
            let sq = http::query(&url, "square").ok_or_else(|| ApiError::bad("give ?square=e5"))?;
            let moves = lock(&app.session).choices(&sq)?;
            Ok(http::json(&serde_json::json!({ "square": sq, "moves": moves })))
        }
        (Method::Post, "/api/hello") => Ok(http::json(&hello(app, None))),
        (Method::Post, "/api/takeover") => {
            let me = client.ok_or_else(|| ApiError::bad("take over needs the page's X-Kyodai-Client header"))?;
            Ok(http::json(&hello(app, Some(me))))
        }
        (Method::Post, p) if p.starts_with("/api/") => {
            if !controls(app, client) {
                return Err(ApiError::conflict(
                    "another page controls this game; this page shows it read-only (press 'Take over' to play here)",
                ));
            }
            change(app, req, p)
        }
        (Method::Get | Method::Post, _) => Err(ApiError::not_found(format!("no such address: {path}"))),
        (m, _) => Err(ApiError { status: 405, message: format!("method {m} is not used here") }),
    }
}

/// Whether `client` may change the game, without taking control (a poll): its own game, no
/// controller yet, or a controller that went silent (its next change takes control).
fn controls_quietly(app: &App, client: Option<u64>) -> bool {
    let mut c = app.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if c.controller.is_some() && c.controller == client {
        c.last_seen = Instant::now();
        return true;
    }
    c.controller.is_none() || c.last_seen.elapsed() > CONTROL_TIMEOUT
}

/// The requests that change the game.
fn change(app: &App, req: &mut Request, path: &str) -> Result<Reply, ApiError> {
    let shared = &app.session;
    {
        let mut s = lock(shared);
        match path {
            "/api/new" => s.new_game(&http::read_json(req)?)?,
            "/api/move" => s.play_text(&http::read_json::<MoveReq>(req)?.mv)?,
            "/api/undo" => s.undo()?,
            "/api/goto" => s.goto(http::read_json::<PlyReq>(req)?.ply)?,
            "/api/pgn" => {
                let text = http::read_json::<PgnReq>(req)?.pgn;
                let g = match crate::kifu::format_of("", text.as_bytes()) {
                    crate::kifu::Format::Kif { .. } => {
                        kif::from_kif(&text, &s.game.game().variant).map_err(|e| ApiError::bad(format!("KIF: {e}")))?
                    }
                    _ => crate::pgn::read_first(&text).map_err(|e| ApiError::bad(e.to_string()))?,
                };
                s.load(&g)?;
            }
            "/api/analyse" => {
                s.analyse = http::read_json::<Switch>(req)?.on;
                if let Some(r) = s.running.as_ref().filter(|r| r.task == Task::Analysis && !s.analyse) {
                    r.stop.store(true, Ordering::Relaxed);
                }
                s.touch(false);
            }
            "/api/hint" => {
                s.hint.wanted = Some(s.gen);
                s.touch(false);
            }
            "/api/review" => {
                let r = http::read_json::<ReviewReq>(req)?;
                let ms = r.movetime_ms.unwrap_or(review::DEFAULT_MOVETIME_MS).clamp(10, 60_000);
                s.review = Some(review::Review::new(s.line.clone(), ms));
                s.touch(false);
            }
            "/api/pause" => {
                s.paused = http::read_json::<Switch>(req)?.on;
                if let Some(r) = s.running.as_ref().filter(|_| s.paused) {
                    r.stop.store(true, Ordering::Relaxed);
                }
                if !s.paused {
                    s.message = None;
                }
                s.touch(false);
            }
            _ => return Err(ApiError::not_found(format!("no such address: {path}"))),
        }
    }
    schedule(shared);
    let mut s = lock(shared);
    Ok(http::json(&view::state(&mut s, true)))
}
