//! Running the `kyodai` binary from a test: its output as text, and the check that bad input
//! fails cleanly. Shared by the command-line test targets (`#[path]` module).

#![allow(dead_code)]

use std::process::{Command, Output};

pub fn kyodai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kyodai")).args(args).output().expect("run kyodai")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts a clean failure: exit 2, one line on stderr containing every `needle`, no panic.
pub fn fails_with(args: &[&str], needles: &[&str]) {
    let o = kyodai(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "args {args:?}: status {:?}, stderr {err}", o.status);
    assert!(!err.contains("panicked"), "args {args:?} panicked: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "args {args:?}: expected one line, got {err}");
    for n in needles {
        assert!(err.contains(n), "args {args:?}: '{n}' missing from: {err}");
    }
}
