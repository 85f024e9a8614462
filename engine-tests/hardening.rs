//! Regression tests for the hardening findings (issue 18): each test fails without its fix.
//! Command-line behaviour is tested through the real binary; protocol sessions in-process
//! through `protocol::run_with`, with bounded searches only.

#[path = "support/run.rs"]
mod run;
use run::{fails_with, kyodai, stderr, stdout};
use std::process::Command;

// ----- randomness -----

#[test]
fn random_players_take_a_seed_and_default_to_a_new_one() {
    let run = |seed: Option<&str>| {
        let mut args =
            vec!["selfplay", "--variant", "chu", "--white", "random", "--black", "random", "--max-plies", "30"];
        if let Some(s) = seed {
            args.extend(["--seed", s]);
        }
        let o = kyodai(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        (stdout(&o), stderr(&o))
    };
    let (a, _) = run(Some("5"));
    let (b, _) = run(Some("5"));
    let (c, _) = run(Some("6"));
    assert_eq!(a, b, "the same seed must replay the same game");
    assert_ne!(a, c, "another seed must give another game");
    // Without --seed each run picks its own, and says which.
    let (x, ex) = run(None);
    let (y, _) = run(None);
    assert_ne!(x, y, "two runs without --seed played the same game");
    let seed = ex.split_whitespace().nth(1).expect("seed printed on stderr");
    let (z, _) = run(Some(seed));
    assert_eq!(x, z, "the printed seed must repeat the run");
}

// ----- a finished game goes on -----

// ----- a finished game goes on -----

/// Nutty Shogi: both sides step a piece out and back; the first repetition ends the game (a
/// draw, since neither side attacked anything), though 43 moves remain on the board.
const NUTTY_REPEATED: [&str; 4] = ["a2b2", "m12l12", "b2a2", "l12m12"];

fn nutty_repeated() -> kyodai::Position {
    let v = kyodai::Game::builtin("nutty").unwrap();
    let mut pos = kyodai::Position::start(&v);
    for t in NUTTY_REPEATED {
        let m = kyodai::notation::parse_move(&mut pos, t).unwrap();
        pos.make(m);
    }
    pos
}

#[test]
fn the_search_finds_no_move_in_a_finished_game() {
    let mut pos = nutty_repeated();
    assert!(kyodai::rules::outcome::outcome(&pos).is_some());
    assert!(!kyodai::rules::legality::legal_move_list(&mut pos).is_empty());
    let mut s = kyodai::search::Searcher::new(1, 1);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let r = s.search(&pos, &kyodai::search::Limits::depth(2), 1, &stop, &mut |_| {});
    assert_eq!(r.best, None, "the referee says the game is over");
}

// ----- protocol sessions in-process -----

use kyodai::protocol::Protocol;

/// Runs a whole session on `input` (the input then ends) and returns its output lines.
fn session(p: Option<Protocol>, input: &str) -> Vec<String> {
    kyodai::fuzz::session_lines(p, input)
}

#[test]
fn error_lines_echo_a_short_prefix_of_a_long_command() {
    let huge = "x".repeat(100_000);
    let cases = [
        (Some(Protocol::Uci), format!("{huge}\nposition fen {huge}\nposition startpos moves {huge}\ngo {huge}\n")),
        (Some(Protocol::Usi), format!("{huge}\nposition sfen {huge}\nposition startpos moves 7i7h{huge}\n")),
        (Some(Protocol::Xboard), format!("{huge}\nusermove e4{huge}\nsetboard {huge}\nnew\nforce\na1a2{huge}\n")),
        (None, format!("{huge}\n")),
    ];
    for (p, input) in cases {
        let out = session(p, &input);
        assert!(out.iter().filter(|l| l.contains("...")).count() >= 2 || p.is_none(), "{p:?}: {out:?}");
        for l in &out {
            assert!(l.len() < 500, "{p:?}: an output line of {} characters", l.len());
        }
    }
}

#[test]
fn a_bad_game_file_gives_one_info_string_line() {
    let dir = std::env::temp_dir().join(format!("kyodai-bad-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.toml");
    std::fs::write(&file, "name = \"bad\"\ntitle = \"Bad\"\nfiles = 8\nranks = x\n").unwrap();
    let out = session(Some(Protocol::Uci), &format!("setoption name VariantPath value {}\n", file.display()));
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("info string error: ") && out[0].contains("line 4"), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn go_without_a_valid_position_answers_an_error_and_the_null_move() {
    for p in [Protocol::Uci, Protocol::Usi] {
        // Before any position, after a new game, after a refused one: an error and
        // `bestmove 0000`; a valid position makes `go` search again.
        let input = format!(
            "go depth 1\nposition startpos\n{}\ngo depth 1\nposition fen nonsense\ngo depth 1\nposition startpos\ngo depth 1\n",
            if p == Protocol::Uci { "ucinewgame" } else { "usinewgame" }
        );
        let out = session(Some(p), &input);
        let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(best.len(), 4, "{p:?}: {out:?}");
        assert!(best[..3].iter().all(|b| *b == "bestmove 0000"), "{p:?}: {out:?}");
        assert_ne!(best[3], "bestmove 0000", "{p:?}: {out:?}");
        let errors = out.iter().filter(|l| l.starts_with("info string error: no")).count();
        assert_eq!(errors, 3, "{p:?}: {out:?}");
    }
}

/// [`session`] on its own thread: `None` if it has not ended after `secs` seconds (a hang).
fn session_within(p: Option<Protocol>, input: &str, secs: u64) -> Option<Vec<String>> {
    let (tx, rx) = std::sync::mpsc::channel();
    let input = input.to_string();
    std::thread::spawn(move || {
        let _ = tx.send(session(p, &input));
    });
    rx.recv_timeout(std::time::Duration::from_secs(secs)).ok()
}

#[test]
fn a_long_perft_does_not_block_stop_or_quit() {
    // Chu perft 8 takes hours; the session must read `isready` and `stop` meanwhile and end.
    for p in [Protocol::Uci, Protocol::Usi] {
        let out = session_within(Some(p), "position startpos\ngo perft 8\nisready\nstop\nisready\n", 60)
            .unwrap_or_else(|| panic!("{p:?}: the session hung on a long perft"));
        let mut sorted = out.clone();
        sorted.sort();
        assert_eq!(sorted, ["info string perft stopped", "readyok", "readyok"], "{p:?}");
        let out = session_within(Some(p), "position startpos\ngo perft 8\nquit\n", 60)
            .unwrap_or_else(|| panic!("{p:?}: quit was not read during a long perft"));
        assert!(out.iter().all(|l| !l.starts_with("Nodes")), "{p:?}: {out:?}");
    }
}

// ----- resource bounds -----

#[test]
fn threads_and_hash_are_bounded_on_the_command_line() {
    fails_with(
        &["perft", "--variant", "chu", "--depth", "1", "--threads", "99999999999"],
        &["threads 99999999999 is outside 1..256"],
    );
    fails_with(&["analyze", "--variant", "chu", "--depth", "1", "--threads", "257"], &["outside 1..256"]);
    let too_much = (kyodai::resources::max_hash_mb() + 1).to_string();
    fails_with(&["analyze", "--variant", "chu", "--depth", "1", "--hash", &too_much], &["hash size (MB)", "outside"]);
    fails_with(&["selfplay", "--variant", "chu", "--hash", "99999999999"], &["hash size (MB)"]);
}

#[test]
fn protocols_bound_threads_and_hash_and_advertise_maxima_that_work() {
    let max = kyodai::resources::max_hash_mb();
    let out = session(
        Some(Protocol::Uci),
        &format!("uci\nsetoption name Hash value {}\nsetoption name Threads value 257\n", max + 1),
    );
    assert!(out.contains(&format!("option name Hash type spin default 64 min 1 max {max}")), "{out:?}");
    assert_eq!(out.iter().filter(|l| l.starts_with("info string error: option")).count(), 2, "{out:?}");
    let out = session(Some(Protocol::Usi), &format!("setoption name USI_Hash value {}\n", max + 1));
    assert!(out[0].starts_with("info string error: option 'USI_Hash'"), "{out:?}");
    let out = session(Some(Protocol::Xboard), "xboard\nmemory 99999999999\ncores 100000\nmemory 16\ncores 2\n");
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("Error (hash size (MB) 99999999999 is outside 1.."), "{out:?}");
    assert!(out[1].starts_with("Error (threads 100000 is outside 1..256)"), "{out:?}");
}

// ----- rule options -----

#[test]
fn only_the_games_own_options_are_accepted_and_errors_name_the_key() {
    // A key the game does not have: refused, with the game's real keys (no internal ones).
    fails_with(
        &["moves", "--variant", "chu", "--option", "dervish_corner_leaps=on"],
        &["'dervish_corner_leaps' is not an option of Chu Shogi", "its options: rules, lion_capture_rules, move_cap"],
    );
    let o = kyodai(&["moves", "--variant", "chu", "--option", "orientation=foo"]);
    let err = stderr(&o);
    assert!(err.contains("'orientation' is not an option") && !err.contains("unknown variant"), "{err}");
    let o = kyodai(&["moves", "--variant", "bigorra", "--option", "nope=1"]);
    let err = stderr(&o);
    for key in ["fifty_move_rule", "leap_knight_both_safe", "move_cap"] {
        assert!(err.contains(key), "{key} missing: {err}");
    }
    for internal in ["orientation", "fen_fields", "legality"] {
        assert!(!err.contains(internal), "{internal} listed: {err}");
    }
    // A bad value names the key; an enum value is not called a "variant".
    fails_with(&["moves", "--variant", "bigorra", "--option", "fifty_move_rule=maybe"], &["option 'fifty_move_rule'"]);
    let o = kyodai(&["moves", "--variant", "tai", "--option", "repetition=sometimes"]);
    let err = stderr(&o);
    assert!(err.contains("option 'repetition'") && !err.contains("variant"), "{err}");
    // The game's own options still work.
    for (game, opt) in [("scirocco", "dervish_corner_leaps=on"), ("typhoon", "relays_2009=on"), ("chu", "move_cap=50")]
    {
        assert!(kyodai(&["moves", "--variant", game, "--option", opt]).status.success(), "{game} {opt}");
    }
}

#[test]
fn a_finished_game_lists_no_moves_counts_nothing_and_takes_no_move() {
    let line = ["--moves", "a2b2", "m12l12", "b2a2", "l12m12"];
    let args = |cmd: &'static str, extra: &[&'static str]| {
        let mut a = vec![cmd, "--variant", "nutty"];
        a.extend(extra);
        a.extend(line);
        a
    };
    let o = kyodai(&args("moves", &[]));
    assert!(o.status.success() && stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(stderr(&o).contains("the game is over (draw: repetition"), "{}", stderr(&o));
    let o = kyodai(&args("perft", &["--depth", "2", "--divide"]));
    assert_eq!(stdout(&o), "Nodes searched: 0\n");
    let mut more = args("show", &[]);
    more.push("a4a5");
    fails_with(&more, &["move 5 (a4a5): the game is over (draw: repetition"]);
    // The protocols: the same move is refused in a position, and go answers the end.
    let moves = "a2b2 m12l12 b2a2 l12m12";
    let out = session(
        Some(Protocol::Uci),
        &format!("setoption name UCI_Variant value nutty\nposition startpos moves {moves} a4a5\nposition startpos moves {moves}\ngo depth 1\n"),
    );
    assert!(out.iter().any(|l| l.contains("move 5 (a4a5): the game is over")), "{out:?}");
    assert!(out.contains(&"info string game over: draw: repetition without attacks".to_string()), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("bestmove (none)"), "{out:?}");
}

#[test]
fn a_position_that_extends_the_last_one_is_the_same_position_read_in_full() {
    // The engine reuses the last game read when the new list only adds moves
    // (`protocol/replay.rs`): every way a list can follow another must end where a fresh
    // session reading it once ends, and an added move is checked against the whole history.
    let fen_of =
        |lines: &[String]| lines.iter().filter(|l| l.starts_with("info string fen")).cloned().collect::<Vec<_>>();
    let fresh = |moves: &str| fen_of(&session(Some(Protocol::Uci), &format!("position startpos moves {moves}\nd\n")));
    let lists = ["f4f5 g9g8", "f4f5 g9g8 e4e5", "f4f5 g9g8 e4e5 f9f8", "f4f5", "f4f5 f9f8 e4e5", ""];
    let input: String = lists.iter().map(|m| format!("position startpos moves {m}\nd\n")).collect();
    let seen = fen_of(&session(Some(Protocol::Uci), &input));
    let want: Vec<String> = lists.iter().flat_map(|m| fresh(m)).collect();
    assert_eq!(seen.len(), lists.len(), "{seen:?}");
    assert_eq!(seen, want);
    // Nutty: the repetition that ends the game lies in the moves read before; the added move
    // is still refused.
    let moves = "a2b2 m12l12 b2a2 l12m12";
    let out = session(
        Some(Protocol::Uci),
        &format!("setoption name UCI_Variant value nutty\nposition startpos moves {moves}\nposition startpos moves {moves} a4a5\ngo depth 1\n"),
    );
    assert!(out.iter().any(|l| l.contains("move 5 (a4a5): the game is over")), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("bestmove 0000"), "{out:?}");
}

// ----- the command line as a person meets it -----

#[test]
fn argument_errors_are_one_line() {
    fails_with(&["perft", "--variant", "chu", "--depth", "x"], &["invalid value 'x' for '--depth", "kyodai --help"]);
    fails_with(&["perft", "--depth", "1"], &["required arguments were not provided: --variant"]);
    fails_with(&["bogus"], &["unrecognized subcommand 'bogus'"]);
    fails_with(&["show", "--variant", "chu", "--foo"], &["unexpected argument '--foo'"]);
    // Help still prints in full, and succeeds.
    let o = kyodai(&["perft", "--help"]);
    assert!(o.status.success() && stdout(&o).contains("Example"), "{}", stdout(&o));
}

#[test]
fn protocol_and_variants_help_has_examples() {
    for cmd in ["uci", "usi", "xboard", "variants"] {
        let o = kyodai(&[cmd, "--help"]);
        assert!(stdout(&o).contains("Example"), "{cmd} --help: {}", stdout(&o));
    }
}

#[test]
fn plain_kyodai_hints_on_a_terminal_and_stays_quiet_for_a_gui() {
    use std::io::Write;
    use std::process::Stdio;
    // A GUI (stdin is a pipe): nothing but the protocol.
    let mut child = Command::new(env!("CARGO_BIN_EXE_kyodai"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"uci\nquit\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(stdout(&o).contains("uciok") && stderr(&o).is_empty(), "{}", stderr(&o));
    // A terminal: `script` gives the program one (util-linux; skipped where it is missing).
    let script = std::path::Path::new("/usr/bin/script");
    if !script.exists() {
        eprintln!("skipped: /usr/bin/script (util-linux) is needed to give kyodai a terminal");
        return;
    }
    let mut child = Command::new(script)
        .args(["-qec", env!("CARGO_BIN_EXE_kyodai"), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(stdout(&o).contains("type uci, usi or xboard"), "{}", stdout(&o));
}

// ----- game files (found by fuzzing) -----

#[test]
fn a_game_file_whose_start_lacks_a_royal_is_refused_not_a_panic() {
    let chu = include_str!("../core/src/variant/defs/chu.toml");
    // Chu's King and Crown Prince lose their royal flag: the start has no royal.
    let text = chu.replace("royal = true", "royal = false");
    assert_ne!(text, chu);
    let e = kyodai::Game::from_toml(&text).expect_err("refused").to_string();
    assert!(e.contains("start position") && e.contains("royal"), "{e}");
}
