//! Transcript tests of the protocol front ends: each `*.txt` file in this folder is a script
//! that drives the real `kyodai` binary through stdin/stdout.
//!
//! Script lines:
//! - `args WORD ...`: command-line arguments (first line only; none = protocol auto-detect);
//! - `> TEXT`: send TEXT to the engine;
//! - `< PATTERN`: the next output line (not ignored) must match PATTERN, where `*` matches
//!   any run of characters and `?` any one character;
//! - `<? PATTERN`: the next output line may match PATTERN (then it is consumed);
//! - `ignore PATTERN`: from here on, skip output lines matching PATTERN (`ignore none` clears);
//! - `# ...` and blank lines are comments.
//!
//! At the end of a script the engine's input is closed; it must then exit with status 0 and
//! print nothing more that is not ignored. Every wait has a generous timeout, so a hang fails
//! the test instead of hanging CI; no expectation depends on timing.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long one expected line may take (a hang guard, not a timing assumption).
const LINE_TIMEOUT: Duration = Duration::from_secs(60);

/// `*` any run, `?` any one character, everything else literal.
fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let (mut star, mut mark) = (None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}

struct Session {
    child: Child,
    lines: Receiver<Option<String>>,
    log: Vec<String>,
    ignore: Vec<String>,
    name: String,
    /// A line read ahead by an optional expectation that did not match it.
    back: Option<String>,
}

impl Session {
    fn start(name: &str, args: &[String]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kyodai"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start kyodai");
        let out = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                match l {
                    Ok(l) => {
                        if tx.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(None);
        });
        Session { child, lines: rx, log: Vec::new(), ignore: Vec::new(), name: name.to_string(), back: None }
    }

    fn fail(&mut self, lineno: usize, msg: &str) -> ! {
        let _ = self.child.kill();
        let tail: Vec<&String> = self.log.iter().rev().take(25).collect::<Vec<_>>().into_iter().rev().collect();
        let tail: Vec<&str> = tail.iter().map(|s| s.as_str()).collect();
        panic!("{} line {lineno}: {msg}\n--- last output ---\n{}", self.name, tail.join("\n"));
    }

    fn send(&mut self, lineno: usize, text: &str) {
        self.log.push(format!("> {text}"));
        let stdin = self.child.stdin.as_mut().unwrap();
        if writeln!(stdin, "{text}").and_then(|_| stdin.flush()).is_err() {
            self.fail(lineno, &format!("cannot send '{text}': the engine has exited"));
        }
    }

    /// The next output line that is not ignored; `None` at the end of output.
    fn next(&mut self, lineno: usize, waiting_for: &str) -> Option<String> {
        if let Some(l) = self.back.take() {
            return Some(l);
        }
        let deadline = Instant::now() + LINE_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Some(l)) => {
                    self.log.push(format!("< {l}"));
                    if self.ignore.iter().any(|p| glob(p, &l)) {
                        continue;
                    }
                    return Some(l);
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => self.fail(lineno, &format!("timed out waiting for '{waiting_for}'")),
            }
        }
    }

    fn expect(&mut self, lineno: usize, pattern: &str) {
        match self.next(lineno, pattern) {
            Some(l) if glob(pattern, &l) => {}
            Some(l) => self.fail(lineno, &format!("expected '{pattern}', got '{l}'")),
            None => self.fail(lineno, &format!("expected '{pattern}', but the output ended")),
        }
    }

    fn maybe(&mut self, lineno: usize, pattern: &str) {
        if let Some(l) = self.next(lineno, pattern) {
            if !glob(pattern, &l) {
                self.back = Some(l);
            }
        }
    }

    fn finish(&mut self, lineno: usize) {
        drop(self.child.stdin.take());
        if let Some(l) = self.next(lineno, "the end of output") {
            self.fail(lineno, &format!("unexpected output after the script: '{l}'"));
        }
        let deadline = Instant::now() + LINE_TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    if !status.success() {
                        let mut err = String::new();
                        if let Some(mut e) = self.child.stderr.take() {
                            let _ = std::io::Read::read_to_string(&mut e, &mut err);
                        }
                        self.fail(lineno, &format!("engine exited with {status}: {err}"));
                    }
                    return;
                }
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                _ => self.fail(lineno, "engine did not exit after its input closed"),
            }
        }
    }
}

fn run_script(path: &Path) {
    let text = std::fs::read_to_string(path).expect("read transcript");
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut lines = text.lines().enumerate().peekable();
    let mut args: Vec<String> = Vec::new();
    while let Some((_, l)) = lines.peek() {
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') {
            lines.next();
            continue;
        }
        if let Some(a) = t.strip_prefix("args ") {
            args = a.split_whitespace().map(str::to_string).collect();
            lines.next();
        }
        break;
    }
    let mut s = Session::start(&name, &args);
    let mut last = 0;
    for (i, l) in lines {
        let lineno = i + 1;
        last = lineno;
        if let Some(t) = l.strip_prefix("> ") {
            s.send(lineno, t);
        } else if l == ">" {
            s.send(lineno, "");
        } else if let Some(p) = l.strip_prefix("<? ") {
            s.maybe(lineno, p);
        } else if let Some(p) = l.strip_prefix("< ") {
            s.expect(lineno, p);
        } else if let Some(p) = l.strip_prefix("ignore ") {
            if p.trim() == "none" {
                s.ignore.clear();
            } else {
                s.ignore.push(p.to_string());
            }
        } else if l.trim().is_empty() || l.trim_start().starts_with('#') {
        } else {
            s.fail(lineno, &format!("cannot read script line '{l}'"));
        }
    }
    s.finish(last);
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/protocol")
}

macro_rules! transcripts {
    ($($test:ident => $file:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                run_script(&dir().join($file));
            }
        )*

        /// Every transcript in the folder has a test above.
        #[test]
        fn every_transcript_is_run() {
            let listed = [$($file),*];
            for e in std::fs::read_dir(dir()).unwrap() {
                let p = e.unwrap().path();
                if p.extension().map(|x| x == "txt").unwrap_or(false) {
                    let n = p.file_name().unwrap().to_string_lossy().into_owned();
                    assert!(listed.contains(&n.as_str()), "{n} has no test in main.rs");
                }
            }
        }
    };
}

transcripts! {
    uci_session => "uci_session.txt",
    uci_moves => "uci_moves.txt",
    uci_errors => "uci_errors.txt",
    uci_cazaux => "uci_cazaux.txt",
    usi_session => "usi_session.txt",
    usi_errors => "usi_errors.txt",
    usi_lishogi_bot => "usi_lishogi_bot.txt",
    usi_rule_option_flag => "usi_rule_option_flag.txt",
    xboard_rule_options => "xboard_rule_options.txt",
    xboard_handicap => "xboard_handicap.txt",
    xboard_session => "xboard_session.txt",
    xboard_moves => "xboard_moves.txt",
    xboard_errors => "xboard_errors.txt",
    autodetect => "autodetect.txt",
    uci_book_file => "uci_book_file.txt",
    usi_book_file => "usi_book_file.txt",
    xboard_book_file => "xboard_book_file.txt",
    usi_great_shogi => "usi_great_shogi.txt",
    xboard_great_shogi => "xboard_great_shogi.txt",
}

#[test]
fn glob_patterns() {
    assert!(glob("bestmove *", "bestmove e2e4"));
    assert!(glob("a?c", "abc"));
    assert!(!glob("a?c", "abbc"));
    assert!(glob("*x*", "abxcd"));
    assert!(!glob("bestmove", "bestmove e2e4"));
}
