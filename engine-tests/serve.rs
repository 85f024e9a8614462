//! The web board's HTTP endpoints: a server on a free port of 127.0.0.1, spoken to over plain
//! HTTP/1.1 as a browser would. Waiting for the engine is bounded by a number of polls, never
//! by how fast it is. `external.rs` (a module of this test) plays external engines through a
//! real `kyodai serve` process.

#[path = "serve/external.rs"]
mod external;

use kyodai::serve::{Config, Handle, Server};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A server to talk to: in this process, or a `kyodai serve` process.
pub trait At {
    fn at(&self) -> SocketAddr;
}

impl At for Handle {
    fn at(&self) -> SocketAddr {
        self.addr
    }
}

fn start() -> Handle {
    Server::bind("127.0.0.1:0", &Config { hash_mb: 4, threads: 1, ..Config::default() }).unwrap().spawn()
}

/// One request; returns the status and the body.
fn request(h: &impl At, method: &str, path: &str, client: Option<u64>, body: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(h.at()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.unwrap_or("");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(c) = client {
        head.push_str(&format!("X-Kyodai-Client: {c}\r\n"));
    }
    head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

fn get(h: &impl At, path: &str) -> Value {
    let (status, body) = request(h, "GET", path, None, None);
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap()
}

fn post(h: &impl At, path: &str, body: Value) -> Value {
    let (status, text) = request(h, "POST", path, None, Some(&body.to_string()));
    assert_eq!(status, 200, "{path} {body}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// A refused request: its status and error message.
fn refused(h: &impl At, path: &str, body: &str) -> (u16, String) {
    let (status, text) = request(h, "POST", path, None, Some(body));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, v["error"].as_str().unwrap_or_else(|| panic!("no error in {text}")).to_string())
}

/// Polls the state until `done` holds (at most 600 polls, 50 ms apart).
fn wait(h: &impl At, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let st = get(h, "/api/state");
        if done(&st) {
            return st;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the state never became as expected: {}", get(h, "/api/state"));
}

#[test]
fn page_and_assets_are_served() {
    let h = start();
    let (status, page) = request(&h, "GET", "/", None, None);
    assert_eq!(status, 200);
    assert!(page.contains("<script type=\"module\" src=\"/js/main.js\">"));
    for js in ["api", "board", "moves", "panel", "graph", "main"] {
        let (status, text) = request(&h, "GET", &format!("/js/{js}.js"), None, None);
        assert_eq!(status, 200, "{js}");
        // The SVG namespace is a name, not an address that is fetched.
        let text = text.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{js}.js must not load anything from the network"
        );
    }
    assert_eq!(request(&h, "GET", "/style.css", None, None).0, 200);
    let (status, body) = request(&h, "GET", "/nowhere", None, None);
    assert_eq!(status, 404);
    assert!(body.contains("\"error\""));
    assert_eq!(request(&h, "PUT", "/api/state", None, None).0, 405);
    let games = get(&h, "/api/games");
    let names: Vec<&str> = games["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    // Every built-in game, in the order `kyodai variants` lists them.
    let builtin = kyodai::Variant::builtin_names();
    assert_eq!(names, builtin);
    assert_eq!(names[..6], ["bigorra", "chu", "nutty", "scirocco", "typhoon", "tai"]);
    // Each game's rule options, for the page's selects (Chu: HaChu's rules or lishogi's).
    assert_eq!(games["games"][1]["choices"], json!([{ "key": "rules", "values": ["hachu", "lishogi"] }]));
    h.stop();
}

#[test]
fn bad_requests_get_clear_errors_and_the_server_goes_on() {
    let h = start();
    post(&h, "/api/new", json!({ "game": "chu" }));
    let cases = [
        ("/api/new", "{\"game\": ", "malformed JSON"),
        ("/api/new", "{\"game\": \"xiangqi\"}", "unknown variant 'xiangqi'"),
        ("/api/new", "{\"game\": \"chu\", \"fen\": \"12/12 w\"}", "FEN"),
        ("/api/new", "{\"game\": \"chu\", \"colour\": \"red\"}", "unknown field `colour`"),
        ("/api/new", "{\"game\": \"chu\", \"white\": \"stockfish\"}", "unknown player 'stockfish'"),
        ("/api/new", "{\"game\": \"chu\", \"options\": [\"nonsense\"]}", "not KEY=VALUE"),
        ("/api/new", "{\"game\": \"chu\", \"setup\": \"17\"}", "start array"),
        ("/api/move", "{\"move\": \"f4f6\"}", "illegal move 'f4f6'"),
        ("/api/move", "{\"move\": \"zz\"}", "cannot read move"),
        ("/api/move", "[1, 2]", "malformed JSON"),
        ("/api/undo", "{}", "no move to take back"),
        ("/api/goto", "{\"ply\": 5}", "beyond"),
        ("/api/pgn", "{\"pgn\": \"1. f4f5\"}", "no Variant tag"),
        ("/api/pgn", "{\"pgn\": \"[Variant \\\"chu\\\"]\\n1. f4f5 f4f5\"}", "PGN move 1 (f4f5)"),
        ("/api/nothing", "{}", "no such address"),
    ];
    for (path, body, expect) in cases {
        let (status, msg) = refused(&h, path, body);
        assert!((400..500).contains(&status), "{path} {body}: {status}");
        assert!(msg.contains(expect), "{path} {body}: '{msg}' lacks '{expect}'");
    }
    // Nothing above changed the game.
    let st = get(&h, "/api/state");
    assert_eq!((st["game"]["name"].as_str(), st["ply"].as_u64()), (Some("chu"), Some(0)));
    assert_eq!(request(&h, "GET", "/api/moves?square=z99", None, None).0, 400);
    assert_eq!(request(&h, "GET", "/api/moves", None, None).0, 400);
    h.stop();
}

#[test]
fn moves_are_listed_leg_by_leg_and_played_through_the_rules() {
    let h = start();
    let fen = "12/12/12/12/12/4k7/4+e7/4N7/12/12/K11/12 w - 1";
    post(&h, "/api/new", json!({ "game": "chu", "fen": fen }));
    let m = get(&h, "/api/moves?square=e5");
    let moves = m["moves"].as_array().unwrap();
    let double = moves.iter().find(|x| x["text"] == "e5e6,e6e7").unwrap();
    assert_eq!(double["legs"], json!(["e6", "e7"]));
    assert!(moves.iter().any(|x| x["text"] == "e5e5" && x["effect"] == "pass"));
    // An empty square and a bad square.
    assert_eq!(get(&h, "/api/moves?square=a1")["moves"], json!([]));
    assert_eq!(request(&h, "GET", "/api/moves?square=q1", None, None).0, 400);
    let st = post(&h, "/api/move", json!({ "move": "e5e6,e6e7" }));
    assert_eq!(st["line"], json!(["e5e6,e6e7"]));
    assert_eq!(st["last"], json!(["e5", "e6", "e7"]));
    // It took the Crown Prince and the King: every royal.
    assert_eq!((st["result"].as_str(), st["reason"].as_str()), (Some("1-0"), Some("white wins: all royals captured")));
    assert_eq!(
        refused(&h, "/api/move", "{\"move\": \"a2a3\"}").1,
        "the game is over (white wins: all royals captured)"
    );
    let (status, svg) = request(&h, "GET", "/api/board.svg?flip=1", None, None);
    assert_eq!(status, 200);
    assert!(
        svg.starts_with("<svg") && svg.contains("data-sq=\"e7\" data-id=\"N\"") && svg.contains("data-flip=\"true\"")
    );
    // Undo, then replay the line with goto.
    let st = post(&h, "/api/undo", json!({}));
    assert_eq!((st["ply"].as_u64(), st["fen"].as_str()), (Some(0), Some(fen)));
    h.stop();
}

#[test]
fn a_promotion_is_two_moves_with_the_same_legs() {
    let h = start();
    post(&h, "/api/new", json!({ "game": "chu", "fen": "6k5/12/12/12/4P7/12/12/12/12/12/12/5K6 w - 1" }));
    let m = get(&h, "/api/moves?square=e8");
    let texts: Vec<(&str, bool)> = m["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["text"].as_str().unwrap(), x["promotes"].as_bool().unwrap()))
        .collect();
    assert_eq!(texts, [("e8e9", false), ("e8e9+", true)]);
    let st = post(&h, "/api/move", json!({ "move": "e8e9+" }));
    assert!(st["fen"].as_str().unwrap().contains("+P"));
    h.stop();
}

#[test]
fn the_engine_answers_and_can_play_itself() {
    let h = start();
    post(&h, "/api/new", json!({ "game": "scirocco", "black": "kyodai", "depth": 1 }));
    post(&h, "/api/move", json!({ "move": "e3e4" }));
    let st = wait(&h, |s| s["ply"] == 2 && s["thinking"].is_null());
    assert_eq!(st["players"], json!({ "w": "human", "b": "kyodai" }));
    assert!(!st["evals"].as_array().unwrap().is_empty());
    // Undo takes back the engine's move and ours.
    let st = post(&h, "/api/undo", json!({}));
    assert_eq!(st["ply"], 0);
    // Kyodai against itself until paused.
    post(&h, "/api/new", json!({ "game": "chu", "white": "kyodai", "black": "kyodai", "depth": 1 }));
    wait(&h, |s| s["ply"].as_u64().unwrap() >= 4);
    post(&h, "/api/pause", json!({ "on": true }));
    let st = wait(&h, |s| s["thinking"].is_null());
    let ply = st["ply"].as_u64().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(get(&h, "/api/state")["ply"].as_u64(), Some(ply), "a paused game does not go on");
    // Analysis of a position where people play.
    post(&h, "/api/new", json!({ "game": "chu" }));
    post(&h, "/api/analyse", json!({ "on": true }));
    wait(&h, |s| s["thinking"] == "analysis" && !s["lines"].as_array().unwrap().is_empty());
    post(&h, "/api/analyse", json!({ "on": false }));
    wait(&h, |s| s["thinking"].is_null());
    h.stop();
}

/// docs/rules/chu.md §15: a handicap start; the giver (the second player) moves first, so an
/// engine playing it starts at once, and a person playing the first player waits.
#[test]
fn a_handicap_game_starts_with_the_giver_to_move() {
    let h = start();
    let st = post(&h, "/api/new", json!({ "game": "chu", "handicap": "two-lions", "black": "kyodai", "depth": 1 }));
    assert!(st["start_fen"].as_str().unwrap().contains("A1B1T+OXT1B1A/LFCSGKEGSCFL b "), "{}", st["start_fen"]);
    let st = wait(&h, |s| s["ply"] == 1 && s["thinking"].is_null());
    assert_eq!(st["side"], "w", "the engine, giving the handicap, moved first");
    let (status, body) = refused(&h, "/api/new", r#"{"game": "chu", "handicap": "queen"}"#);
    assert_eq!(status, 400);
    assert!(body.contains("handicap 'queen': Chu Shogi has copper, silver"), "{body}");
    let (_, body) = refused(&h, "/api/new", r#"{"game": "chu", "handicap": "rook", "fen": "12/12 w - 1"}"#);
    assert!(body.contains("not two"), "{body}");
    h.stop();
}

/// The help for a person: a hint is a move of the position shown, and the review searches every
/// position, fills the graph and marks the move that let a win go `??`.
#[test]
fn a_hint_and_a_review_that_marks_a_blunder() {
    let h = start();
    // The Rook could take the King and win (no check rule in Chu); the first player moves its
    // own King instead.
    let fen = "12/12/12/12/12/12/6k5/12/12/12/6R5/K11 w - 1";
    post(&h, "/api/new", json!({ "game": "chu", "fen": fen, "movetime_ms": 200 }));
    post(&h, "/api/hint", json!({}));
    let st = wait(&h, |s| s["hint"].is_string());
    assert_eq!(st["hint"], "g2g6", "the hint takes the King");
    post(&h, "/api/move", json!({ "move": "a1a2" }));
    let st = post(&h, "/api/move", json!({ "move": "g6f5" }));
    assert!(st["hint"].is_null(), "a hint is for the position it was asked in");
    post(&h, "/api/review", json!({ "movetime_ms": 100 }));
    let st = wait(&h, |s| s["review"]["marks"].as_array().is_some_and(|m| !m.is_empty()));
    assert_eq!(st["review"]["marks"][0], "??", "{}", st["review"]);
    assert_eq!(st["review"]["done"], st["review"]["total"]);
    assert_eq!(st["evals"].as_array().unwrap().len(), 3, "the graph has every position: {}", st["evals"]);
    // The game saved as KIF reads back with the same moves (docs/kifu.md).
    let (status, kif) = request(&h, "GET", "/api/game.kifu", None, None);
    assert_eq!(status, 200, "{kif}");
    let k = kyodai::kifu::parse_kif(&kif).unwrap_or_else(|e| panic!("{e}\n{kif}"));
    assert_eq!(k.to_pgn(None).unwrap().moves, ["a1a2", "g6f5"], "{kif}");
    // A new game ends the review.
    let st = post(&h, "/api/new", json!({ "game": "chu" }));
    assert!(st["review"].is_null());
    h.stop();
}

#[test]
fn a_clock_runs_for_the_side_to_move() {
    let h = start();
    let st = post(&h, "/api/new", json!({ "game": "chu", "clock_ms": 60000, "increment_ms": 1000 }));
    assert_eq!(st["clocks"].as_array().unwrap().len(), 2);
    let st = post(&h, "/api/move", json!({ "move": "f4f5" }));
    let c = st["clocks"].as_array().unwrap();
    // The first player got the increment, and has not spent a whole second.
    assert!(c[0].as_u64().unwrap() > 60000);
    assert!(c[1].as_u64().unwrap() <= 60000);
    h.stop();
}

#[test]
fn a_game_record_is_loaded_and_replayed() {
    let h = start();
    let pgn = "[Event \"test\"]\n[Variant \"Chu Shogi\"]\n\n1. f4f5 {+0.10/5} g9g8 2. e4e5 *";
    let st = post(&h, "/api/pgn", json!({ "pgn": pgn }));
    assert_eq!((st["ply"].as_u64(), st["line"].as_array().unwrap().len()), (Some(0), 3));
    assert_eq!(st["comments"][0], "+0.10/5");
    let st = post(&h, "/api/goto", json!({ "ply": 2 }));
    assert_eq!(st["last"], json!(["g9", "g8"]));
    // A move played at ply 2 replaces the rest of the line.
    let st = post(&h, "/api/move", json!({ "move": "a4a5" }));
    assert_eq!(st["line"], json!(["f4f5", "g9g8", "a4a5"]));
    h.stop();
}

#[test]
fn a_kif_record_is_loaded_like_a_pgn_game() {
    let h = start();
    // lishogi's Chu exports leave 手合割 empty: the record is read as the board's game.
    let kif = "手合割：\n先手：a\n後手：b\n手数----指手--\n   1 7八歩兵 （←7九）\n*+0.10/5\n   2 6五歩兵 （←6四）\n   3 8八歩兵 （←8九）\nまで3手で中断\n";
    let st = post(&h, "/api/pgn", json!({ "pgn": kif }));
    assert_eq!(st["line"], json!(["f4f5", "g9g8", "e4e5"]));
    assert_eq!(st["comments"][0], "+0.10/5");
    let (status, msg) = refused(&h, "/api/pgn", &json!({ "pgn": "手合割：中将棋\n   1 7八歩兵 7九\n" }).to_string());
    assert_eq!(status, 400);
    assert!(msg.contains("KIF: line 2: expected the origin square"), "{msg}");
    h.stop();
}

#[test]
fn a_second_page_is_read_only_until_it_takes_over() {
    let h = start();
    let first: Value = serde_json::from_str(&request(&h, "POST", "/api/hello", None, Some("{}")).1).unwrap();
    let second: Value = serde_json::from_str(&request(&h, "POST", "/api/hello", None, Some("{}")).1).unwrap();
    let (a, b) = (first["client"].as_u64().unwrap(), second["client"].as_u64().unwrap());
    assert_eq!((first["controller"].as_bool(), second["controller"].as_bool()), (Some(true), Some(false)));
    let body = "{\"move\": \"f4f5\"}";
    let (status, text) = request(&h, "POST", "/api/move", Some(b), Some(body));
    assert_eq!(status, 409);
    assert!(text.contains("read-only"));
    // The second page still sees the game.
    let (status, st) = request(&h, "GET", "/api/state", Some(b), None);
    assert_eq!(status, 200);
    assert!(st.contains("\"controller\":false"));
    assert_eq!(request(&h, "POST", "/api/move", Some(a), Some(body)).0, 200);
    // Taking over moves control to the second page.
    assert_eq!(request(&h, "POST", "/api/takeover", Some(b), Some("{}")).0, 200);
    assert_eq!(request(&h, "POST", "/api/move", Some(a), Some("{\"move\": \"g9g8\"}")).0, 409);
    assert_eq!(request(&h, "POST", "/api/move", Some(b), Some("{\"move\": \"g9g8\"}")).0, 200);
    h.stop();
}
