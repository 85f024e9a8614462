//! One engine process: started in a process group of its own (so a Ctrl-C typed at the
//! terminal reaches only the match, which then ends the engines itself), a reader thread per
//! process feeding a channel, and every read with a deadline. Killing it kills its whole
//! group (a script engine's children too) and reaps it, so no zombie is left.
//!
//! Nothing the engine does can block or exhaust the referee: lines to it go through a writer
//! thread (an engine that stops reading its input fills the pipe and blocks that thread, not
//! the match, which then times out as for any silent engine), a line from it is cut at
//! `MAX_LINE` bytes (an endless line without a newline cannot eat the memory), and at most
//! `BACKLOG` unread lines are queued (a flood waits in the engine's own pipe).

use crate::protocol::client::{Link, LinkError};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a waiting read looks at the stop flag.
const POLL: Duration = Duration::from_millis(50);
/// How long a lost engine waits for the match's own stop before it counts as a crash (see
/// `EngineProcess::lost`).
const STOP_GRACE: Duration = Duration::from_millis(500);
/// How long an engine gets to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(1000);
/// The longest line read from an engine; the rest of a longer line is dropped. A Tai Shogi
/// principal variation of 100 moves is under 2 KB.
const MAX_LINE: u64 = 1 << 20;
/// Lines read from an engine and not yet taken by the referee.
const BACKLOG: usize = 4096;

/// How to start an engine.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Launch {
    /// The command line (`cmd=`), split like a shell would (quotes and backslashes).
    pub cmd: String,
    /// Extra arguments (`arg=`, repeatable).
    pub args: Vec<String>,
    /// Working directory (`dir=`).
    pub dir: Option<String>,
}

/// Why a command line does not split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordsError {
    TrailingBackslash,
    /// The whole command line.
    UnclosedQuote(String),
}

impl std::fmt::Display for WordsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WordsError::TrailingBackslash => f.write_str("a command line ends with '\\'"),
            WordsError::UnclosedQuote(s) => write!(f, "unclosed quote in command '{s}'"),
        }
    }
}

impl std::error::Error for WordsError {}

/// Why an engine process cannot be started.
#[derive(Debug)]
pub enum SpawnError {
    Words(WordsError),
    Empty,
    Start { cmd: String, error: std::io::Error },
}

impl std::fmt::Display for SpawnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpawnError::Words(e) => write!(f, "{e}"),
            SpawnError::Empty => f.write_str("empty engine command"),
            SpawnError::Start { cmd, error } => write!(f, "cannot start '{cmd}': {error}"),
        }
    }
}

impl std::error::Error for SpawnError {}

/// Splits a command line into words: whitespace separates, quotes group, `\` escapes.
pub fn split_words(s: &str) -> Result<Vec<String>, WordsError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"') | None, '\\') => {
                cur.push(chars.next().ok_or(WordsError::TrailingBackslash)?);
                in_word = true;
            }
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(WordsError::UnclosedQuote(s.into()));
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    /// Lines for the writer thread; `None` once the input is closed.
    input: Option<Sender<String>>,
    /// Set by the writer thread when a write fails (the engine closed its input).
    input_broken: Arc<AtomicBool>,
    lines: Receiver<String>,
    /// Set when the match stops (Ctrl-C, SPRT): waiting reads return `Interrupted`.
    stop: Arc<AtomicBool>,
    /// Prefix for the traffic log on stderr (`--debug`), or `None`.
    debug: Option<String>,
    reaped: bool,
}

/// The reader thread: the engine's output as lines (cut at `MAX_LINE`, at most `BACKLOG`
/// waiting), ending when the engine closes it or the receiver is gone.
fn read_lines(stdout: ChildStdout) -> Receiver<String> {
    let (tx, rx) = sync_channel(BACKLOG);
    std::thread::spawn(move || {
        let mut r = BufReader::new(stdout);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match r.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    if buf.last() != Some(&b'\n') && skip_line(&mut r).is_err() {
                        return;
                    }
                    let line = String::from_utf8_lossy(&buf).trim_end_matches(['\r', '\n']).to_string();
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// Drops the rest of an over-long line (up to its newline or the end of the output).
fn skip_line(r: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                r.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                r.consume(n);
            }
        }
    }
}

/// The writer thread: writes each line sent to it; on a failed write it sets `broken` and
/// ends. Dropping the sender closes the engine's input.
fn write_lines(mut stdin: ChildStdin, broken: Arc<AtomicBool>) -> Sender<String> {
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        for line in rx {
            if stdin.write_all(line.as_bytes()).and_then(|_| stdin.flush()).is_err() {
                broken.store(true, Ordering::Relaxed);
                return;
            }
        }
    });
    tx
}

impl EngineProcess {
    pub fn spawn(l: &Launch, stop: Arc<AtomicBool>, debug: Option<String>) -> Result<EngineProcess, SpawnError> {
        let mut words = split_words(&l.cmd).map_err(SpawnError::Words)?;
        words.extend(l.args.iter().cloned());
        if words.is_empty() {
            return Err(SpawnError::Empty);
        }
        let mut cmd = Command::new(&words[0]);
        cmd.args(&words[1..]).stdin(Stdio::piped()).stdout(Stdio::piped());
        cmd.stderr(if debug.is_some() { Stdio::inherit() } else { Stdio::null() });
        if let Some(d) = &l.dir {
            cmd.current_dir(d);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn().map_err(|error| SpawnError::Start { cmd: l.cmd.clone(), error })?;
        let lines = read_lines(child.stdout.take().expect("stdout is piped"));
        let input_broken = Arc::new(AtomicBool::new(false));
        let input = Some(write_lines(child.stdin.take().expect("stdin is piped"), input_broken.clone()));
        Ok(EngineProcess { child, input, input_broken, lines, stop, debug, reaped: false })
    }

    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process has exited (reaping it if so).
    pub fn exited(&mut self) -> bool {
        self.reaped || matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Waits a moment for the engine to exit by itself (after `quit`), then kills it.
    pub fn finish(&mut self) {
        self.input = None;
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Kills the engine's process group and reaps the engine.
    pub fn kill(&mut self) {
        if self.reaped {
            return;
        }
        self.input = None;
        #[cfg(unix)]
        {
            use nix::sys::signal::{killpg, Signal};
            use nix::unistd::Pid;
            // The group is the engine's own (process_group(0) above): only what we started.
            let _ = killpg(Pid::from_raw(self.child.id() as i32), Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

impl EngineProcess {
    /// The error for an engine whose pipe closed: `Closed` (a crash, the engine's loss), or
    /// `Interrupted` when the match is stopped within `STOP_GRACE`. A batch scheduler ending a
    /// job (Slurm's `scancel`, a time limit) signals every process of the job at once, the
    /// engines included: an engine may die a moment before the referee's own handler sets the
    /// stop flag, and its game must then be dropped with the others, not scored as a forfeit.
    /// A real crash costs the grace once, before the loss is scored.
    fn lost(&self) -> LinkError {
        let until = Instant::now() + STOP_GRACE;
        while Instant::now() < until {
            if self.stop.load(Ordering::Relaxed) {
                return LinkError::Interrupted;
            }
            std::thread::sleep(POLL.min(until.saturating_duration_since(Instant::now())));
        }
        match self.stop.load(Ordering::Relaxed) {
            true => LinkError::Interrupted,
            false => LinkError::Closed,
        }
    }
}

impl Link for EngineProcess {
    fn send(&mut self, line: &str) -> Result<(), LinkError> {
        if let Some(p) = &self.debug {
            eprintln!("{p} < {line}");
        }
        let Some(input) = self.input.as_ref() else { return Err(LinkError::Closed) };
        if self.input_broken.load(Ordering::Relaxed) || input.send(format!("{line}\n")).is_err() {
            return Err(self.lost());
        }
        Ok(())
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, LinkError> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Err(LinkError::Interrupted);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(LinkError::Timeout);
            }
            match self.lines.recv_timeout((deadline - now).min(POLL)) {
                Ok(line) => {
                    if let Some(p) = &self.debug {
                        eprintln!("{p} > {line}");
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(self.lost()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(split_words("a b  c").unwrap(), vec!["a", "b", "c"]);
        assert_eq!(
            split_words(r#"python3 "my engine.py" -x\ y 'q "r'"#).unwrap(),
            vec!["python3", "my engine.py", "-x y", "q \"r"]
        );
        assert_eq!(split_words("a 'b"), Err(WordsError::UnclosedQuote("a 'b".into())));
        assert_eq!(split_words("a\\").unwrap_err().to_string(), "a command line ends with '\\'");
        assert_eq!(split_words("").unwrap(), Vec::<String>::new());
    }

    fn shell(script: &str) -> EngineProcess {
        let l = Launch { cmd: "sh -c".into(), args: vec![script.into()], dir: None };
        EngineProcess::spawn(&l, Arc::new(AtomicBool::new(false)), None).unwrap()
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_does_not_read_cannot_block_the_referee() {
        // `sleep` never reads its input: 2 MB overfill the pipe (64 KB on Linux). A blocking
        // write would wait for the process to end and then fail; the writer thread takes it.
        let mut p = shell("sleep 20");
        let line = "x".repeat(1000);
        for _ in 0..2000 {
            assert_eq!(p.send(&line), Ok(()));
        }
        p.kill();
        assert!(p.exited());
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_killed_with_the_match_is_an_interruption_not_a_crash() {
        // A crash: the pipe closes, nobody stops the match.
        let far = Instant::now() + Duration::from_secs(600);
        assert_eq!(shell("exit 3").recv(far), Err(LinkError::Closed));
        // A scheduler's SIGTERM reaches the engine first and the match's handler 100 ms later.
        let mut p = shell("exit 0");
        let stop = Arc::clone(&p.stop);
        let late = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        assert_eq!(p.recv(far), Err(LinkError::Interrupted));
        late.join().unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_line_is_cut_and_the_next_line_still_arrives() {
        let mut p = shell("head -c 3000000 /dev/zero | tr '\\0' a; echo; echo bestmove f4f5");
        let far = Instant::now() + Duration::from_secs(600);
        let first = p.recv(far).unwrap();
        assert_eq!(first.len() as u64, MAX_LINE);
        assert_eq!(p.recv(far).unwrap(), "bestmove f4f5");
        assert_eq!(p.recv(far), Err(LinkError::Closed));
    }
}
