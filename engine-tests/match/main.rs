//! `kyodai match`, `kyodai pgn stats` and `kyodai annotate` end to end: Kyodai against itself
//! over UCI, USI and XBoard in every game each protocol can carry, misbehaving engines
//! forfeited with the right reason, PGN read back and every game replayed by the rules, shards
//! merged into the same games as one run, Ctrl-C ending the match with no engine left.
//!
//! Engines play at depth 1 with a small `--maxmoves`, so the suite stays fast; nothing here
//! depends on timing except the two forfeits that are about time (a 1 s clock against an
//! engine that sleeps 3 s, and a 1 s `--timeout` against one that never answers).

use kyodai::pgn::{read_pgn, PgnGame};
use kyodai::tournament::referee::{replay, start_position, Verdict};
use kyodai::Game;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const KYODAI: &str = env!("CARGO_BIN_EXE_kyodai");

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kyodai-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn fake() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/match/fake_engine.py").to_string_lossy().into_owned()
}

fn have_python() -> bool {
    let ok = Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("SKIPPED: python3 is not installed (the fake engines are python3 scripts)");
    }
    ok
}

fn run(args: &[&str]) -> Output {
    Command::new(KYODAI).arg("match").args(args).stdin(Stdio::null()).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Reads a PGN file back and replays every game by our rules: the moves are legal, the ply
/// count is right, and a game the rules ended has the rules' result.
fn replay_pgn(path: &Path, variant: &str) -> Vec<PgnGame> {
    replay_pgn_of(path, &Game::builtin(variant).unwrap())
}

fn replay_pgn_of(path: &Path, v: &std::sync::Arc<Game>) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).unwrap();
    let games = read_pgn(&text).unwrap();
    for g in &games {
        let round = g.tag("Round").unwrap();
        assert_eq!(g.tag("Variant"), Some(v.name.as_str()));
        let start = start_position(v, g.tag("FEN")).unwrap();
        let (mut r, _) = replay(start, &g.moves).unwrap_or_else(|e| panic!("game {round}: {e}"));
        assert_eq!(g.tag("PlyCount").unwrap(), g.moves.len().to_string(), "game {round}");
        assert_eq!(g.tag("Result"), Some(g.result.text()));
        let reason = g.comments.last().and_then(|c| c.last()).cloned().unwrap_or_default();
        match r.verdict() {
            Some(Verdict { result, reason: why }) => {
                assert_eq!((g.result, g.tag("Termination")), (result, Some("normal")), "game {round}");
                assert_eq!(reason, why, "game {round}");
            }
            // Not over by the rules: adjudicated, forfeited, or resigned.
            None => assert!(
                g.tag("Termination") != Some("normal") || reason.ends_with(" resigns"),
                "game {round} is not over by the rules: {reason}"
            ),
        }
    }
    games
}

/// Kyodai against itself over `proto` in `variant`, two games at depth 1, without its opening
/// book (book moves are answered without a search, so they carry no score; the book in a
/// match is `kyodai_plays_its_book_moves_in_a_match`).
fn selfplay(variant: &str, proto: &str) {
    let dir = scratch(&format!("{proto}-{variant}"));
    let pgn = dir.join("games.pgn");
    let each = format!("proto={proto}");
    let o = run(&[
        "--variant",
        variant,
        "--engine",
        "name=one",
        "--engine",
        "name=two",
        "--each",
        &format!("cmd={KYODAI}"),
        &each,
        "depth=1",
        "option.OwnBook=false",
        "--games",
        "2",
        "--maxmoves",
        "8",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{variant} over {proto}: {out}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("Started game 1 of 2 (one vs two)") && out.contains("Started game 2 of 2 (two vs one)"),
        "{out}"
    );
    assert_eq!(out.matches("Finished game").count(), 2, "{out}");
    assert!(out.contains("Score of one vs two: ") && out.contains("Finished match"), "{out}");
    let games = replay_pgn(&pgn, variant);
    assert_eq!(games.len(), 2);
    for g in &games {
        // Engine moves carry the engine's score, depth and time.
        assert!(g.comments[0][0].contains("/1 "), "{variant} over {proto}: {:?}", g.comments[0]);
        assert!(g.moves.len() <= 16);
        assert!(matches!(g.tag("Termination"), Some("normal" | "adjudication")), "{variant} over {proto}: {g:?}");
    }
}

/// With `OwnBook` on (the default), Kyodai answers a position of its built-in book at once with
/// a book move: the games' first two plies are moves of the book's entries (no score or depth
/// in their comments), and every game replays legally.
#[test]
fn kyodai_plays_its_book_moves_in_a_match() {
    let pgn = scratch("book").join("games.pgn");
    let cmd = format!("cmd={KYODAI}");
    let args = ["--variant", "scirocco", "--engine", "name=one", "--engine", "name=two", "--each", &cmd, "depth=1"];
    let o = run(&[&args[..], &["--games", "2", "--maxmoves", "2", "--pgnout", pgn.to_str().unwrap()]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = Game::builtin("scirocco").unwrap();
    let book = kyodai::book::shipped(&v).expect("a built-in Scirocco book").unwrap();
    for g in replay_pgn(&pgn, "scirocco") {
        let mut pos = kyodai::Position::start(&v);
        for (text, comment) in g.moves.iter().zip(&g.comments).take(2) {
            let m = kyodai::notation::parse_move(&mut pos, text).unwrap();
            let entry = book.probe(&pos).unwrap_or_else(|| panic!("{text}: not a book position"));
            assert!(entry.moves.iter().any(|c| c.mv == m && c.weight > 0), "{text} is not a book move: {entry:?}");
            assert!(comment.iter().all(|c| !c.contains('/')), "{text} {comment:?}");
            pos.make(m);
        }
    }
}

#[test]
fn kyodai_plays_itself_over_uci_in_every_game() {
    for v in ["bigorra", "chu", "nutty", "scirocco", "typhoon", "tai"] {
        selfplay(v, "uci");
    }
}

#[test]
fn kyodai_plays_itself_over_usi_in_the_shogi_games() {
    for v in ["chu", "nutty", "tai"] {
        selfplay(v, "usi");
    }
}

#[test]
fn kyodai_plays_itself_over_xboard_in_the_games_xboard_can_show() {
    for v in ["bigorra", "chu", "scirocco"] {
        selfplay(v, "xboard");
    }
    // Typhoon and Tai are refused by Kyodai's XBoard mode, and Nutty and Dai, whose types do not
    // fit XBoard's piece table: a clear setup error, no game.
    for v in ["typhoon", "tai", "nutty", "dai"] {
        let o = run(&[
            "--variant",
            v,
            "--engine",
            &format!("cmd={KYODAI}"),
            "name=a",
            "--engine",
            &format!("cmd={KYODAI}"),
            "name=b",
            "--each",
            "proto=xboard",
            "depth=1",
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{v}: {err}");
        assert!(err.contains(&format!("does not offer variant {v}")), "{v}: {err}");
    }
}

/// Whether a process is gone (reaped; not even a zombie).
fn gone(pid: &str) -> bool {
    !Path::new(&format!("/proc/{pid}")).exists()
}

/// Every engine process listed in the pid file (one per start) has been ended and reaped.
fn all_gone(pids: &Path) -> usize {
    let started = std::fs::read_to_string(pids).unwrap();
    for pid in started.lines() {
        assert!(gone(pid), "engine process {pid} is still there");
    }
    started.lines().count()
}

#[test]
fn misbehaving_engines_forfeit_with_their_reason_and_the_match_goes_on() {
    if !have_python() {
        return;
    }
    let dir = scratch("fakes");
    let (pgn, pids) = (dir.join("fakes.pgn"), dir.join("pids"));
    let engine = |mode: &str, limit: &str| {
        vec![
            "--engine".to_string(),
            format!("name={mode}"),
            format!("cmd=python3 {} {mode} {}", fake(), pids.display()),
            limit.to_string(),
        ]
    };
    let mut args: Vec<String> = vec!["--variant", "chu", "--tournament", "gauntlet", "--games", "2", "--timeout", "1"]
        .into_iter()
        .map(String::from)
        .collect();
    args.extend(["--engine".into(), "cmd=builtin:random".into()]);
    // Only the two forfeits about time depend on a limit being reached: the others get a clock
    // they never come near, so a loaded machine cannot turn them into time losses.
    for (mode, limit) in
        [("illegal", "tc=60+0"), ("garbage", "tc=60+0"), ("crash", "tc=60+0"), ("hang", "depth=1"), ("slow", "tc=1+0")]
    {
        args.extend(engine(mode, limit));
    }
    args.extend(["--pgnout".into(), pgn.to_string_lossy().into_owned()]);
    let o = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(out.matches("Finished game").count(), 10, "{out}");
    let expect = [
        ("illegal", "makes an illegal move: a1a5", "illegal move"),
        ("garbage", "makes an illegal move: %%garbage%%", "illegal move"),
        ("crash", "disconnects", "abandoned"),
        ("hang", "'s connection stalls", "stalled connection"),
        ("slow", "loses on time", "time forfeit"),
    ];
    let games = replay_pgn(&pgn, "chu");
    assert_eq!(games.len(), 10);
    for (mode, reason, termination) in expect {
        let mine: Vec<&PgnGame> =
            games.iter().filter(|g| g.tag("White") == Some(mode) || g.tag("Black") == Some(mode)).collect();
        assert_eq!(mine.len(), 2, "{mode}");
        for g in mine {
            let fake_white = g.tag("White") == Some(mode);
            assert_eq!(g.result.text(), if fake_white { "0-1" } else { "1-0" }, "{mode}: {g:?}");
            assert_eq!(g.tag("Termination"), Some(termination), "{mode}");
            let why = g.comments.last().and_then(|c| c.last()).or(g.final_comment.as_ref()).unwrap();
            let side = if fake_white { "White" } else { "Black" };
            assert!(why.starts_with(side) && why.contains(reason), "{mode}: {why}");
        }
    }
    assert!(out.contains("Rank Name") && out.contains("random") && out.contains("100.0%"), "{out}");
    // Every engine process the match started has been ended and reaped (hang ignores quit).
    // illegal and garbage: one process each (a forfeit by a bad move keeps the engine); crash,
    // hang and slow: restarted for their second game.
    assert_eq!(all_gone(&pids), 8);
}

/// An XBoard engine that refuses a legal move (as HaChu 0.21 refuses a Pawn promotion after a
/// deferral) and a USI engine that claims a win it does not have both lose, with the reason in
/// the PGN, and the match goes on.
#[test]
fn a_refused_legal_move_and_a_false_claim_lose_over_xboard_and_usi() {
    if !have_python() {
        return;
    }
    let dir = scratch("refuse-claim");
    let pgn = dir.join("games.pgn");
    let cmd = |mode: &str| format!("cmd=python3 {} {mode}", fake());
    let (refuse, falsewin) = (cmd("refuse"), cmd("falsewin"));
    let pgn_arg = pgn.to_string_lossy().into_owned();
    #[rustfmt::skip]
    let args = [
        "--variant", "chu", "--tournament", "gauntlet", "--games", "2", "--timeout", "5",
        "--engine", "cmd=builtin:random",
        "--engine", "name=refuse", &refuse, "proto=xboard", "tc=60+0",
        "--engine", "name=falsewin", &falsewin, "proto=usi", "tc=60+0",
        "--pgnout", &pgn_arg,
    ];
    let o = run(&args);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", String::from_utf8_lossy(&o.stderr));
    let games = replay_pgn(&pgn, "chu");
    assert_eq!(games.len(), 4, "{out}");
    for (mode, reason) in [("refuse", "refused a legal move: Illegal move"), ("falsewin", "makes a false claim")] {
        let mine: Vec<&PgnGame> =
            games.iter().filter(|g| g.tag("White") == Some(mode) || g.tag("Black") == Some(mode)).collect();
        assert_eq!(mine.len(), 2, "{mode}");
        for g in mine {
            let fake_white = g.tag("White") == Some(mode);
            assert_eq!(g.result.text(), if fake_white { "0-1" } else { "1-0" }, "{mode}: {g:?}");
            assert_eq!(g.tag("Termination"), Some("rules infraction"), "{mode}");
            let why = g.comments.last().and_then(|c| c.last()).or(g.final_comment.as_ref()).unwrap();
            assert!(why.contains(reason), "{mode}: {why}");
        }
    }
}

#[test]
fn ctrl_c_keeps_finished_games_and_ends_every_engine() {
    if !have_python() {
        return;
    }
    use std::io::{BufRead, BufReader};
    let dir = scratch("ctrl-c");
    let (pgn, pids) = (dir.join("c.pgn"), dir.join("pids"));
    let mut child = Command::new(KYODAI)
        .args(["match", "--variant", "chu", "--games", "2", "--pgnout", pgn.to_str().unwrap()])
        .args(["--engine", "cmd=builtin:random", "--engine", "name=fake"])
        .arg(format!("cmd=python3 {} resign-then-hang {}", fake(), pids.display()))
        .arg("depth=1")
        .stdout(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // Game 1: the fake resigns. Game 2: it hangs; then Ctrl-C.
    let mut seen = Vec::new();
    while let Some(Ok(l)) = lines.next() {
        seen.push(l.clone());
        if l.starts_with("Started game 2") {
            break;
        }
    }
    assert!(seen.iter().any(|l| l.contains("Finished game 1 (random vs fake): 1-0 {Black resigns}")), "{seen:?}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), nix::sys::signal::Signal::SIGINT).unwrap();
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    assert!(status.success(), "{rest:?}");
    assert!(rest.iter().any(|l| l == "Interrupted: 1 of 2 games finished"), "{rest:?}");
    let games = replay_pgn(&pgn, "chu");
    assert_eq!(games.len(), 1);
    assert_eq!(all_gone(&pids), 1);
}

/// One game as a comparable row: number, White, Black, FEN, moves, result.
type Row = (usize, String, String, Option<String>, Vec<String>, String);

/// The games of PGN files as comparable rows, by game number.
fn rows(files: &[PathBuf]) -> Vec<Row> {
    let mut r: Vec<_> = files
        .iter()
        .flat_map(|f| read_pgn(&std::fs::read_to_string(f).unwrap()).unwrap())
        .map(|g| {
            let t = |k: &str| g.tag(k).unwrap().to_string();
            (
                t("Round").parse().unwrap(),
                t("White"),
                t("Black"),
                g.tag("FEN").map(String::from),
                g.moves.clone(),
                g.result.to_string(),
            )
        })
        .collect();
    r.sort();
    r
}

#[test]
fn shards_merged_give_the_same_games_and_standing_as_one_run() {
    let dir = scratch("shards");
    let base = |pgn: &Path, shard: Option<&str>| {
        let mut a = vec![
            "--variant".to_string(),
            "scirocco".into(),
            "--setup".into(),
            "random".into(),
            "--seed".into(),
            "7".into(),
            "--engine".into(),
            format!("cmd={KYODAI}"),
            "name=kyodai".into(),
            "depth=1".into(),
            "--engine".into(),
            "cmd=builtin:random".into(),
            "--games".into(),
            "2".into(),
            "--repeat".into(),
            "--rounds".into(),
            "3".into(),
            "--maxmoves".into(),
            "12".into(),
            "--pgnout".into(),
            pgn.to_string_lossy().into_owned(),
        ];
        if let Some(s) = shard {
            a.extend(["--shard".into(), s.into()]);
        }
        let o = run(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let whole = dir.join("whole.pgn");
    let out = base(&whole, None);
    let parts: Vec<PathBuf> = (1..=3).map(|k| dir.join(format!("part{k}.pgn"))).collect();
    for (k, p) in parts.iter().enumerate() {
        base(p, Some(&format!("{}/3", k + 1)));
    }
    let all = rows(std::slice::from_ref(&whole));
    assert_eq!(all.len(), 6);
    assert_eq!(all, rows(&parts), "the shards play the same games");
    // Different openings were drawn (random start arrays), each played with both colours.
    assert!(all[0].3.is_some() && all[0].3 == all[1].3 && all[0].3 != all[2].3);
    replay_pgn(&whole, "scirocco");
    // `pgn stats` over the shards prints the standing the whole run ended with.
    let stats = Command::new(KYODAI).args(["pgn", "stats"]).args(&parts).output().unwrap();
    let stats = stdout(&stats);
    let last_score = out.lines().rfind(|l| l.starts_with("Score of")).unwrap();
    let last_elo = out.lines().rfind(|l| l.starts_with("Elo difference")).unwrap();
    let last_ptnml = out.lines().rfind(|l| l.starts_with("Ptnml")).unwrap();
    for l in [last_score, last_elo, last_ptnml] {
        assert!(stats.lines().any(|s| s == l), "'{l}' not in:\n{stats}");
    }
    assert!(stats.starts_with("Games: 6 finished, 0 unfinished"), "{stats}");
    assert!(!stats.contains("Repeats:"), "the shards hold different games:\n{stats}");
    // The same file given twice: every game of the second copy repeats one of the first.
    let twice = Command::new(KYODAI).args(["pgn", "stats"]).args([&whole, &whole]).output().unwrap();
    let twice = stdout(&twice);
    assert!(twice.contains("Repeats: 6 of the 12 games repeat an earlier one move for move"), "{twice}");
}

#[test]
fn sprt_stops_the_match_when_the_ratio_leaves_its_bounds() {
    // Kyodai against a random mover wins every game: with wide error rates the test decides
    // for H1 long before the 40 scheduled games.
    let o = run(&[
        "--variant",
        "scirocco",
        "--engine",
        &format!("cmd={KYODAI}"),
        "name=kyodai",
        "depth=2",
        "--engine",
        "cmd=builtin:random",
        "--games",
        "2",
        "--repeat",
        "--rounds",
        "20",
        "--sprt",
        "elo0=0",
        "elo1=200",
        "alpha=0.2",
        "beta=0.2",
        "--maxmoves",
        "200",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("SPRT: H1 was accepted"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("LLR: ") && l.ends_with("(-1.39, 1.39) [0.00, 200.00]")), "{out}");
    assert!(out.matches("Finished game").count() < 40, "{out}");
}

#[test]
fn annotate_writes_every_move_back_with_a_score_and_line() {
    let dir = scratch("annotate");
    let pgn = dir.join("g.pgn");
    let o = run(&[
        "--variant",
        "chu",
        "--engine",
        &format!("cmd={KYODAI}"),
        "name=k",
        "depth=1",
        "--engine",
        "cmd=builtin:random",
        "--maxmoves",
        "6",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let a = Command::new(KYODAI)
        .args(["annotate", "--variant", "chu", pgn.to_str().unwrap(), "--depth", "2"])
        .output()
        .unwrap();
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert!(String::from_utf8_lossy(&a.stderr).contains("positions"), "a progress bar on stderr");
    let before = read_pgn(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    let after = read_pgn(&stdout(&a)).unwrap();
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].moves, before[0].moves, "the same moves, read back (marks stripped)");
    assert_eq!(after[0].tags, before[0].tags);
    for (i, c) in after[0].comments.iter().enumerate().take(after[0].moves.len() - 1) {
        assert!(c[0].contains("/2") || c[0].contains("/0"), "move {}: {c:?}", i + 1);
    }
    // The random mover's blunders are marked.
    assert!(stdout(&a).contains('?'), "{}", stdout(&a));
}

#[test]
fn a_game_file_and_an_openings_file() {
    // A game file (Scirocco's data under another name) reaches the UCI engine by VariantPath;
    // the openings are played first and marked {book}.
    let dir = scratch("files");
    let data =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/variant/defs/scirocco.toml"))
            .unwrap();
    let game = dir.join("myrocco.toml");
    std::fs::write(&game, data.replacen("name = \"scirocco\"", "name = \"myrocco\"", 1)).unwrap();
    let book = dir.join("book.txt");
    std::fs::write(&book, "# two openings\n1. a3a4 a8a7\nb2a4\n").unwrap();
    let pgn = dir.join("f.pgn");
    let o = run(&[
        "--variant",
        game.to_str().unwrap(),
        "--engine",
        &format!("cmd={KYODAI}"),
        "name=k",
        "depth=1",
        "--engine",
        "cmd=builtin:random",
        "--games",
        "2",
        "--maxmoves",
        "5",
        "--openings",
        &format!("file={}", book.display()),
        "order=sequential",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = std::sync::Arc::new(Game::from_toml(&std::fs::read_to_string(&game).unwrap()).unwrap());
    let games = replay_pgn_of(&pgn, &v);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Variant"), Some("myrocco"));
    assert_eq!(&games[0].moves[..2], &["a3a4", "a8a7"]);
    assert_eq!(games[1].moves[0], "b2a4");
    assert_eq!(games[0].comments[1], vec!["book"]);
    assert!(games.iter().all(|g| g.tag("Termination") == Some("adjudication")), "both play to the move limit");
    // A bad opening line is refused before any game, with its line number.
    std::fs::write(&book, "a3a4\na3a5 a3a5\n").unwrap();
    let o = run(&[
        "--variant",
        "scirocco",
        "--engine",
        "cmd=builtin:random",
        "name=a",
        "--engine",
        "cmd=builtin:random",
        "name=b",
        "--openings",
        &format!("file={}", book.display()),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2: move 1 (a3a5)"), "{err}");
}
