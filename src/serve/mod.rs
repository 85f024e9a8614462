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
//! | `POST /api/pgn {pgn}` | load a game record to replay |
//! | `POST /api/analyse {on}`, `POST /api/pause {on}` | engine analysis; pause engine play |
//!
//! A second page (another tab or browser) sees the same game read-only: its requests that
//! change the game get 409 with an explanation, until it takes over.

mod assets;
mod driver;
pub mod engine;
pub mod http;
pub mod legs;
pub mod pgn;
pub mod session;
mod view;

use driver::{lock, schedule};
use engine::Kyodai;
use http::{ApiError, Reply};
use serde::Deserialize;
use session::{Session, Slot};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tiny_http::{Method, Request};

/// A page that has not asked anything for this long no longer holds the game.
const CONTROL_TIMEOUT: Duration = Duration::from_secs(15);

/// Engine settings for the server's own engine.
#[derive(Clone, Debug)]
pub struct Config {
    pub hash_mb: usize,
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config { hash_mb: 64, threads: 1 }
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
}

/// A bound server; [`Server::run`] answers requests until [`Server::stop`].
pub struct Server {
    http: Arc<tiny_http::Server>,
    app: Arc<App>,
}

impl Server {
    /// Listens on `addr` (port 0: any free port).
    pub fn bind(addr: &str, cfg: &Config) -> Result<Server, String> {
        let http = tiny_http::Server::http(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let engines = vec![Slot {
            name: "Kyodai".into(),
            opponent: Some(Box::new(Kyodai::new(cfg.hash_mb, cfg.threads))),
            reset: true,
        }];
        let app = App {
            session: Arc::new(Mutex::new(Session::new(engines))),
            clients: Mutex::new(Clients { next: 1, controller: None, last_seen: Instant::now() }),
        };
        Ok(Server { http: Arc::new(http), app: Arc::new(app) })
    }

    pub fn addr(&self) -> SocketAddr {
        self.http.server_addr().to_ip().expect("an IP listener")
    }

    /// Answers requests until stopped. A bad request never ends it.
    pub fn run(&self) {
        for req in self.http.incoming_requests() {
            handle(&self.app, req);
        }
    }

    /// Runs on a thread of its own; the handle stops it.
    pub fn spawn(self) -> Handle {
        let addr = self.addr();
        let http = Arc::clone(&self.http);
        let thread = std::thread::spawn(move || self.run());
        Handle { addr, http, thread: Some(thread) }
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
    let mut c = app.clients.lock().unwrap_or_else(|e| e.into_inner());
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
    let mut c = app.clients.lock().unwrap_or_else(|e| e.into_inner());
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
    let mut c = app.clients.lock().unwrap_or_else(|e| e.into_inner());
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
                let g = pgn::parse(&http::read_json::<PgnReq>(req)?.pgn).map_err(ApiError::bad)?;
                s.load(&g)?
            }
            "/api/analyse" => {
                s.analyse = http::read_json::<Switch>(req)?.on;
                if let Some(r) = s.running.as_ref().filter(|r| r.side.is_none() && !s.analyse) {
                    r.stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                s.touch(false);
            }
            "/api/pause" => {
                s.paused = http::read_json::<Switch>(req)?.on;
                if let Some(r) = s.running.as_ref().filter(|_| s.paused) {
                    r.stop.store(true, std::sync::atomic::Ordering::Relaxed);
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
