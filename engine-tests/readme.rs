//! The examples of README.md and of the book in docs/ are tests, so the pages cannot drift from
//! the binary. The pages are README.md and the Markdown files of `docs/`, `docs/design/` and
//! `docs/strength/` (the rules pages, `docs/rules/`, have their own checker in `docs.rs`):
//! - every ```` ```console ```` block (`$ kyodai ...` and its output) is run by `trycmd`; output
//!   that depends on timing is written with trycmd's `[..]` (rest of a line) and `...` (lines);
//!   stdout and stderr are compared together, and `? 2` states a failing command's exit status;
//! - every ```` ```uci-session ````, ```` ```usi-session ```` and ```` ```xboard-session ````
//!   block is a protocol session: the text left of `→` is sent, the text right of it must be
//!   printed, in this order (other lines may come between; `...` inside a line matches any
//!   text). The engine is given time for each expected line; nothing depends on timing.
//!
//! Whoever changes what the binary prints updates the page (`TRYCMD=overwrite` rewrites the
//! console blocks). trycmd also runs a fenced block with no language, so the pages give every
//! block one (`text`, `sh`, ...).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

/// The pages whose examples this file runs, as globs relative to the repository.
const PAGES: [&str; 4] = ["README.md", "docs/*.md", "docs/design/*.md", "docs/strength/*.md"];

/// The pages as (name, text).
fn pages() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for glob in PAGES {
        let (dir, pattern) = glob.rsplit_once('/').unwrap_or(("", glob));
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut names: Vec<String> = entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| {
                if pattern == "*.md" {
                    std::path::Path::new(n).extension().is_some_and(|e| e.eq_ignore_ascii_case("md"))
                } else {
                    n == pattern
                }
            })
            .collect();
        names.sort();
        for n in names {
            let name = if dir.is_empty() { n } else { format!("{dir}/{n}") };
            let text = std::fs::read_to_string(root.join(&name)).expect("read a page");
            out.push((name, text));
        }
    }
    out
}

#[test]
fn console_examples() {
    let cases = trycmd::TestCases::new();
    cases.register_bin("kyodai", trycmd::cargo::cargo_bin!("kyodai"));
    for glob in PAGES {
        cases.case(glob);
    }
}

/// The examples moved from the README to the book are still found and run.
#[test]
fn the_pages_have_their_examples() {
    // The commands of the console blocks: the README had 12 before the book; none is lost.
    let mut commands = 0;
    for (_, text) in pages() {
        let mut console = false;
        for l in text.lines() {
            if l.trim_start().starts_with("```") {
                console = !console && l.trim_end() == "```console";
            } else if console && l.starts_with("$ kyodai ") {
                commands += 1;
            }
        }
    }
    assert!(commands >= 13, "only {commands} console commands in README.md and the book");
    for (name, text) in pages() {
        let mut inside = false;
        for (i, l) in text.lines().enumerate() {
            if l.trim_start().starts_with("```") {
                assert!(
                    inside || l.trim() != "```",
                    "{name}:{}: a fenced block needs a language (trycmd runs bare ones)",
                    i + 1
                );
                inside = !inside;
            }
        }
    }
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
                    panic!("{protocol} session: '{expect}' was not printed; got:\n{}", seen.join("\n"));
                }
            }
        }
    }
    drop(stdin);
    let _ = child.wait();
}

#[test]
fn protocol_session_examples() {
    let s: Vec<_> = pages().iter().flat_map(|(_, text)| sessions(text)).collect();
    assert!(s.len() >= 3, "the pages show a UCI, a USI and an XBoard session");
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
