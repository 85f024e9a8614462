//! The README's examples are tests, so the README cannot drift from the binary:
//! - every ```` ```console ```` block (`$ kyodai ...` and its output) is run by `trycmd`; output
//!   that depends on timing is written with trycmd's `[..]` (rest of a line) and `...` (lines);
//! - every ```` ```uci-session ````, ```` ```usi-session ```` and ```` ```xboard-session ````
//!   block is a protocol session: the text left of `→` is sent, the text right of it must be
//!   printed, in this order (other lines may come between; `...` inside a line matches any
//!   text). The engine is given time for each expected line; nothing depends on timing.
//!
//! Whoever changes what the binary prints updates the README (`TRYCMD=overwrite` rewrites the
//! console blocks).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md")
}

#[test]
fn console_examples() {
    trycmd::TestCases::new().register_bin("kyodai", trycmd::cargo::cargo_bin!("kyodai")).case("README.md");
}

/// `...` matches any run of characters; everything else is literal.
fn matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    let mut rest = line;
    for (i, p) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(p) else { return false };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(p);
        } else {
            match rest.find(p) {
                Some(k) => rest = &rest[k + p.len()..],
                None => return false,
            }
        }
    }
    rest.is_empty()
}

/// The protocol session blocks: (protocol, lines).
fn sessions(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut cur: Option<(String, Vec<String>)> = None;
    for l in text.lines() {
        match (&mut cur, l.trim_start().strip_prefix("```")) {
            (None, Some(info)) if info.ends_with("-session") => {
                cur = Some((info.trim_end_matches("-session").to_string(), Vec::new()));
            }
            (Some(_), Some(_)) => out.push(cur.take().unwrap()),
            (Some((_, lines)), None) => lines.push(l.to_string()),
            _ => {}
        }
    }
    out
}

fn run_session(protocol: &str, lines: &[String]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .arg(protocol)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start kyodai");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                return;
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = Vec::new();
    for l in lines {
        let (send, expect) = match l.split_once('→') {
            Some((s, e)) => (s.trim(), e.trim()),
            None => (l.trim(), ""),
        };
        if !send.is_empty() {
            writeln!(stdin, "{send}").and_then(|_| stdin.flush()).expect("send");
        }
        if expect.is_empty() {
            continue;
        }
        loop {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(got) => {
                    let hit = matches(expect, &got);
                    seen.push(got);
                    if hit {
                        break;
                    }
                }
                Err(_) => {
                    let _ = child.kill();
                    panic!("README {protocol} session: '{expect}' was not printed; got:\n{}", seen.join("\n"));
                }
            }
        }
    }
    drop(stdin);
    let _ = child.wait();
}

#[test]
fn protocol_session_examples() {
    let s = sessions(&readme());
    assert!(s.len() >= 3, "the README shows a UCI, a USI and an XBoard session");
    for (protocol, lines) in s {
        run_session(&protocol, &lines);
    }
}

#[test]
fn patterns() {
    assert!(matches("bestmove ...", "bestmove e2e4"));
    assert!(matches("info depth 1 ... pv f2f4", "info depth 1 seldepth 2 score cp 91 pv f2f4"));
    assert!(!matches("bestmove f2f4", "bestmove f2f5"));
    assert!(matches("a...b...c", "aXbYc") && !matches("a...b...c", "aXbY"));
}
