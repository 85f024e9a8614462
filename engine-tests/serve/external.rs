//! External engines on the board, through a real `kyodai serve --engine ...` process: Kyodai
//! itself over UCI, USI and XBoard as the external engines, and the match runner's fake
//! engines (an illegal move, a crash). After the server is stopped with SIGINT, as Ctrl-C
//! does, no engine process it started may be left.

use super::{get, post, wait, At};
use kyodai::tournament::referee::{replay, start_position};
use kyodai::Game;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

const KYODAI: &str = env!("CARGO_BIN_EXE_kyodai");

/// A `kyodai serve` process on a free port.
struct Served {
    child: Child,
    addr: SocketAddr,
}

impl At for Served {
    fn at(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // Only reached with the server still running when a test failed.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `kyodai serve --port 0` with these `--engine` arguments and reads its address.
fn serve(engines: &[String]) -> Served {
    let mut cmd = Command::new(KYODAI);
    cmd.args(["serve", "--port", "0", "--hash", "4"]);
    for e in engines {
        cmd.arg("--engine").arg(e);
    }
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    // "Kyodai board: http://127.0.0.1:PORT/  (Ctrl-C stops the server)"
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).unwrap_or_else(|| panic!("{line}"));
    Served { addr: addr.parse().unwrap(), child }
}

/// The processes whose parent is `pid` (Linux `/proc`).
fn children(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // "PID (COMM) STATE PPID ...": the command may hold spaces and parentheses.
        let after = &stat[stat.rfind(')').map_or(0, |i| i + 1)..];
        if after.split_whitespace().nth(1).and_then(|p| p.parse().ok()) == Some(pid) {
            out.extend(entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()));
        }
    }
    out
}

fn alive(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Stops the server as Ctrl-C does; it exits cleanly and every engine it started is gone.
fn stop(mut s: Served, engines: &[u32]) {
    let pid = nix::unistd::Pid::from_raw(s.child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let status = s.child.wait().unwrap();
    assert!(status.success(), "the server ended with {status}");
    for &e in engines {
        assert!(!alive(e), "engine process {e} outlived the server");
    }
}

/// Plays a legal move for the person (a different one from game to game, chosen by the rules).
fn play_legal(s: &Served) -> Value {
    let st = get(s, "/api/state");
    let v = Game::builtin(st["game"]["name"].as_str().unwrap()).unwrap();
    let line: Vec<String> = serde_json::from_value(st["line"].clone()).unwrap();
    let (mut r, _) = replay(start_position(&v, st["start_fen"].as_str()).unwrap(), &line).unwrap();
    let mv = r.nth_legal(|n| (line.len() * 7 + 3) % n).unwrap();
    post(s, "/api/move", json!({ "move": mv }))
}

/// Waits until `ply` moves are played and no engine thinks; no engine failed.
fn settled(s: &Served, ply: u64) -> Value {
    let st = wait(s, |st| st["ply"].as_u64() >= Some(ply) && st["thinking"].is_null());
    assert!(st["message"].is_null() && st["result"].is_null(), "{st}");
    st
}

#[test]
fn external_engines_play_people_and_each_other_and_end_with_the_server() {
    let spec = |name: &str, proto: &str| format!("name={name} cmd={KYODAI} {proto} proto={proto}");
    let s = serve(&[spec("K2", "uci"), spec("K3", "usi"), spec("K4", "xboard")]);
    assert_eq!(get(&s, "/api/games")["engines"], json!(["Kyodai", "K2", "K3", "K4"]));
    assert!(children(s.child.id()).is_empty(), "engines start when first needed");
    // A person against K2 (UCI) in Chu Shogi: its answers and its search reports arrive.
    post(&s, "/api/new", json!({ "game": "chu", "black": "k2", "depth": 1 }));
    for k in 1..=3 {
        play_legal(&s);
        settled(&s, 2 * k);
    }
    let mut engines = children(s.child.id());
    let st = get(&s, "/api/state");
    assert_eq!(st["players"], json!({ "w": "human", "b": "k2" }));
    assert_eq!(st["evals"].as_array().unwrap().len(), 3, "one evaluation per K2 move: {st}");
    // Taking a move back while K2 thinks stops its search; it then answers the new position.
    post(&s, "/api/new", json!({ "game": "chu", "black": "k2", "movetime_ms": 5000 }));
    play_legal(&s);
    assert_eq!(post(&s, "/api/undo", json!({}))["ply"], 0);
    post(&s, "/api/new", json!({ "game": "chu", "black": "k2", "depth": 1 }));
    play_legal(&s);
    settled(&s, 2);
    // Rule options stay the board's: the page says that K2 does not know them.
    let st = post(&s, "/api/new", json!({ "game": "bigorra", "options": ["fifty_move_rule=off"], "black": "k2" }));
    assert!(st["message"].as_str().unwrap().starts_with("K2 is told only the game's name"), "{}", st["message"]);
    // Bigorra: K2 has the first move, with a time per move.
    post(&s, "/api/new", json!({ "game": "bigorra", "white": "k2", "movetime_ms": 200 }));
    settled(&s, 1);
    for k in 1..=2 {
        play_legal(&s);
        settled(&s, 2 * k + 1);
    }
    // Kyodai against K2, then two external engines (USI against XBoard), watched.
    for (w, b) in [("kyodai", "k2"), ("k3", "k4")] {
        post(&s, "/api/new", json!({ "game": "chu", "white": w, "black": b, "depth": 1 }));
        wait(&s, |st| st["ply"].as_u64() >= Some(4));
        engines.extend(children(s.child.id()));
        post(&s, "/api/pause", json!({ "on": true }));
        let st = wait(&s, |st| st["thinking"].is_null());
        assert!(st["message"].is_null(), "{w} vs {b}: {}", st["message"]);
        assert_eq!(st["players"], json!({ "w": w, "b": b }));
    }
    // Pausing stops a search with the protocol's own command (UCI/USI `stop`, XBoard `?`); an
    // engine that does not obey is restarted, so only a lower bound of processes is known.
    engines.sort_unstable();
    engines.dedup();
    assert!(engines.len() >= 3, "a process per external engine used: {engines:?}");
    stop(s, &engines);
}

fn fake() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/match/fake_engine.py").to_string_lossy().into_owned()
}

fn pids(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file).unwrap_or_default().lines().map(|l| l.parse().unwrap()).collect()
}

#[test]
fn an_illegal_move_loses_unplayed_and_a_crashed_engine_is_restarted() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("SKIPPED: python3 is not installed (the fake engines are python3 scripts)");
        return;
    }
    let dir: PathBuf = std::env::temp_dir().join(format!("kyodai-serve-fakes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (illegal, crash, hang) = (dir.join("illegal.pids"), dir.join("crash.pids"), dir.join("hang.pids"));
    let s = serve(&[
        format!("name=liar cmd=python3 {} illegal {}", fake(), illegal.display()),
        format!("name=crasher cmd=python3 {} crash {}", fake(), crash.display()),
        format!("name=sleeper cmd=python3 {} hang {}", fake(), hang.display()),
    ]);
    // The liar answers f4f5 with a1a5: the server refuses it, and the liar loses the game.
    post(&s, "/api/new", json!({ "game": "chu", "black": "liar", "depth": 1 }));
    post(&s, "/api/move", json!({ "move": "f4f5" }));
    let st = wait(&s, |st| !st["result"].is_null());
    assert_eq!((st["result"].as_str(), st["line"].clone()), (Some("1-0"), json!(["f4f5"])), "{st}");
    let reason = st["reason"].as_str().unwrap();
    assert!(reason.starts_with("Black makes an illegal move: a1a5"), "{reason}");
    assert!(st["message"].as_str().unwrap().starts_with("liar loses the game: Black makes an illegal move"));
    let (status, _) = super::request(&s, "POST", "/api/move", None, Some("{\"move\": \"g9g8\"}"));
    assert_eq!(status, 400, "the game is over");
    // The crasher exits when asked to move: the page says so and the game pauses; Resume
    // starts it again (and it crashes again).
    post(&s, "/api/new", json!({ "game": "chu", "black": "crasher", "depth": 1 }));
    post(&s, "/api/move", json!({ "move": "f4f5" }));
    let st = wait(&s, |st| st["paused"] == true && st["thinking"].is_null());
    let msg = st["message"].as_str().unwrap();
    assert!(msg.starts_with("crasher: the engine closed its connection (it crashed or quit)"), "{msg}");
    assert!(st["result"].is_null() && st["ply"] == 1);
    post(&s, "/api/pause", json!({ "on": false }));
    wait(&s, |st| st["paused"] == true && st["thinking"].is_null() && !st["message"].is_null());
    assert_eq!(pids(&crash).len(), 2, "restarted once");
    // The sleeper never answers and ignores its input: only the server can end it, and does
    // when it stops in the middle of the sleeper's move.
    post(&s, "/api/new", json!({ "game": "chu", "black": "sleeper", "depth": 1 }));
    post(&s, "/api/move", json!({ "move": "f4f5" }));
    wait(&s, |st| st["thinking"] == "move");
    for _ in 0..1500 {
        if !pids(&hang).is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut engines = pids(&illegal);
    engines.extend(pids(&crash));
    engines.extend(pids(&hang));
    assert_eq!(engines.len(), 4);
    stop(s, &engines);
}
