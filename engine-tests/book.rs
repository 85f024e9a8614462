//! `kyodai book` and the engine commands' books, as a user runs them: build a tiny book, check,
//! probe and list it, play from it in `analyze` and `selfplay`, and one clear error line (exit
//! status 2, the file and line named) for a bad book, also from `kyodai uci|usi|xboard --book`.

use std::path::PathBuf;
use std::process::{Command, Output};

fn kyodai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kyodai")).args(args).output().expect("run kyodai")
}

fn ok(args: &[&str]) -> String {
    let o = kyodai(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "args {args:?}: {err}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kyodai-book-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Chu book of five positions built at depth 1 (a second or less).
fn tiny_book(name: &str) -> String {
    let file = scratch(name).join("chu.txt");
    let file = file.to_str().unwrap().to_string();
    let out = ok(&["book", "build", "--variant", "chu", "--depth", "1", "--positions", "5", "-o", &file]);
    assert!(out.contains("5 positions added"), "{out}");
    file
}

#[test]
fn build_check_probe_and_lines() {
    let file = tiny_book("build");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("# run: ") && text.contains("kyodai book build --variant chu --depth 1 --positions 5"),
        "{text}"
    );
    let check = ok(&["book", "check", "--variant", "chu", &file]);
    assert!(check.contains("5 positions"), "{check}");
    let probe = ok(&["book", "probe", "--variant", "chu", "--book", &file]);
    assert!(probe.contains("ply 0, start") && probe.contains("weight") && probe.contains("100"), "{probe}");
    // The start's first book move leads to a book position (the builder went there next).
    let first = text.lines().find(|l| l.starts_with("start :")).unwrap();
    let best = first.split_whitespace().nth(2).unwrap();
    let probe = ok(&["book", "probe", "--variant", "chu", "--book", &file, "--moves", best]);
    assert!(probe.contains(&format!("ply 1, {best}")), "{probe}");
    let lines = ok(&["book", "lines", "--variant", "chu", "--book", &file, "--plies", "2"]);
    let openings: Vec<&str> = lines.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(!openings.is_empty() && openings.iter().all(|l| (1..=2).contains(&l.split(' ').count())), "{lines}");
    // A position the book does not have.
    let other = ok(&["book", "probe", "--variant", "chu", "--book", &file, "--moves", "a4a5", "a9a8", "a5a6"]);
    assert!(other.starts_with("not in the book"), "{other}");
}

#[test]
fn analyze_and_selfplay_play_from_the_book() {
    let file = tiny_book("play");
    let out = ok(&["analyze", "--variant", "chu", "--depth", "1", "--book", &file, "--book-best"]);
    let choice = out.lines().find(|l| l.starts_with("info string book choice ")).expect(&out);
    let mv = choice.split_whitespace().nth(4).unwrap();
    assert!(out.contains(&format!("bestmove {mv}\n")), "{out}");
    assert!(out.contains(&format!("info string book move {mv} weight 100")), "{out}");
    let plain = ok(&["analyze", "--variant", "chu", "--depth", "1", "--no-book"]);
    assert!(!plain.contains("book"), "{plain}");
    // Seeded: the same seed, the same book moves (the searched moves after them depend on
    // the clock).
    let args = ["selfplay", "--variant", "chu", "--movetime", "5", "--max-plies", "4", "--book", &file, "--seed", "3"];
    let book_moves = |out: &str| {
        let n: usize = out.lines().find_map(|l| l.strip_prefix("book moves: ")).expect(out).parse().unwrap();
        let moves = out.lines().nth(2).unwrap().split(' ').filter(|w| !w.ends_with('.'));
        moves.take(n).map(String::from).collect::<Vec<_>>()
    };
    let once = book_moves(&ok(&args));
    assert!(!once.is_empty());
    assert_eq!(once, book_moves(&ok(&args)));
}

#[test]
fn a_bad_book_is_one_error_line_with_file_and_line() {
    let dir = scratch("bad");
    let file = dir.join("bad.txt");
    std::fs::write(&file, "# variant: chu\nstart : f4f5 10\nf4f5 : g9g8 1 | f4f6 2\n").unwrap();
    let file = file.to_str().unwrap();
    for args in [
        vec!["book", "check", "--variant", "chu", file],
        vec!["book", "probe", "--variant", "chu", "--book", file],
        vec!["analyze", "--variant", "chu", "--depth", "1", "--book-file", file],
        // The protocol commands check a --book file before they read the GUI's first line.
        vec!["xboard", "--book", file],
        vec!["uci", "--book-file", file],
    ] {
        let o = kyodai(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("bad.txt: line 3: book move 2: illegal move 'f4f6'"), "{err}");
    }
    let missing = dir.join("missing.txt");
    let o = kyodai(&["usi", "--book", missing.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.starts_with("kyodai: error: cannot read book ") && err.contains("missing.txt"), "{err}");
    let o = kyodai(&["book", "check", "--variant", "tai", file]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1: this book is for 'chu', not 'tai'"));
}
