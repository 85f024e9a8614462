//! KIF end to end (docs/kifu.md): a lishogi Chu game, written by lishogi's own KIF writer
//! (shogiops 0.18, `engine-tests/compare/kifu-check.mjs --fixture`), replays and annotates, in
//! KIF, in Shift-JIS KIF and as its USI moves; `kyodai match --kifout` writes records that read
//! back move for move; CSA and games without a KIF form are refused with the reason. With node
//! and shogiops installed, shogiops reads our KIF and we read its KIF (skipped otherwise).

use kyodai::geometry::BoardShape;
use kyodai::kifu::{encode_sjis, read_games};
use kyodai::pgn::read_pgn;
use kyodai::position::Position;
use kyodai::protocol::squares::usi_move_to_ours;
use kyodai::tournament::referee::Referee;
use kyodai::Game;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const KYODAI: &str = env!("CARGO_BIN_EXE_kyodai");

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/kifu").join(name)
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kyodai-kifu-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn kyodai(args: &[&str]) -> Output {
    Command::new(KYODAI).args(args).stdin(Stdio::null()).output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "kyodai failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// The fixture's USI moves in our canonical text, replayed by the referee under lishogi's rules.
fn usi_game() -> Vec<String> {
    let chu = Game::builtin_with("chu", &[("rules".into(), "lishogi".into())]).unwrap();
    let shape = BoardShape::new(12, 12, 0);
    let mut r = Referee::new(Position::start(&chu));
    let usi = std::fs::read_to_string(fixture("lishogi-chu.usi")).unwrap();
    usi.lines().map(|u| r.play(&usi_move_to_ours(&shape, u).unwrap()).unwrap()).collect()
}

/// The moves of an annotated PGN, without their `?` marks, in canonical text (annotate keeps
/// a move as the record wrote it: a Lion's two steps to an empty square stay two steps).
fn annotated_moves(pgn: &str) -> Vec<String> {
    let g = read_pgn(pgn).unwrap();
    assert_eq!(g.len(), 1);
    assert!(g[0].comments.iter().all(|c| c.len() == 1 && c[0].contains('/')), "every move has a score");
    let chu = Game::builtin_with("chu", &[("rules".into(), "lishogi".into())]).unwrap();
    let mut r = Referee::new(Position::start(&chu));
    g[0].moves.iter().map(|m| r.play(m.trim_end_matches(['?', '!'])).unwrap()).collect()
}

#[test]
fn a_lishogi_chu_game_in_kif_and_in_usi_replays_and_annotates() {
    let expected = usi_game();
    assert_eq!(expected.len(), 120);
    let usi = std::fs::read_to_string(fixture("lishogi-chu.usi")).unwrap();
    let three_squares = usi.lines().filter(|u| u.chars().filter(char::is_ascii_lowercase).count() == 3).count();
    assert!(three_squares > 20, "the game has Lion double moves, igui and passes");
    assert!(expected.iter().any(|m| m.contains(',')) && expected.iter().any(|m| m[..m.len() / 2] == m[m.len() / 2..]));
    let kif = fixture("lishogi-chu.kifu");
    let out = kyodai(&["annotate", kif.to_str().unwrap(), "-v", "chu", "-O", "rules=lishogi", "--depth", "1"]);
    assert_eq!(annotated_moves(&stdout(&out)), expected);
    // The same record in Shift-JIS, under a name that says nothing: read by its content.
    let dir = scratch("sjis");
    let sjis = dir.join("lishogi-chu.txt");
    let text = std::fs::read_to_string(&kif).unwrap();
    std::fs::write(&sjis, encode_sjis(&text).unwrap()).unwrap();
    let out = kyodai(&["annotate", sjis.to_str().unwrap(), "-v", "chu", "-O", "rules=lishogi", "--depth", "1"]);
    assert_eq!(annotated_moves(&stdout(&out)), expected);
    // Annotated into KIF: every move keeps its place and gets its score on a `*` line.
    let annotated = dir.join("annotated.kifu");
    let args = ["annotate", kif.to_str().unwrap(), "-v", "chu", "-O", "rules=lishogi", "--depth", "1", "-o"];
    stdout(&kyodai(&[&args[..], &[annotated.to_str().unwrap()]].concat()));
    let back = read_games("annotated.kifu", &std::fs::read(&annotated).unwrap(), None).unwrap();
    assert_eq!(back[0].tag("Variant"), Some("chu"), "written with its 手合割");
    // Written from the replayed moves: in canonical text (a Lion's two steps to an empty
    // square are its jump).
    assert_eq!(back[0].moves, expected);
    assert!(back[0].comments.iter().all(|c| c.len() == 1 && c[0].contains('/')), "a score after every move");
    // lishogi's header names no game (手合割 is empty): pgn stats needs --variant.
    let o = kyodai(&["pgn", "stats", kif.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("name the game with --variant"));
    let o = kyodai(&["pgn", "stats", kif.to_str().unwrap(), "--variant", "chu"]);
    assert!(stdout(&o).contains("Games: 0 finished, 1 unfinished"), "{}", stdout(&o));
}

#[test]
fn match_kifout_records_read_back_as_the_pgn_says() {
    let dir = scratch("match");
    let (kifs, pgn) = (dir.join("kif"), dir.join("games.pgn"));
    let args = [
        "match",
        "--variant",
        "chu",
        "--engine",
        "name=a",
        "cmd=builtin:random",
        "--engine",
        "name=b",
        "cmd=builtin:random",
        "--games",
        "2",
        "--maxmoves",
        "30",
        "--kifout",
        kifs.to_str().unwrap(),
        "--pgnout",
        pgn.to_str().unwrap(),
    ];
    stdout(&kyodai(&args));
    let games = read_pgn(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    let chu = Game::builtin("chu").unwrap();
    for g in &games {
        let file = kifs.join(format!("game-{:04}.kifu", g.tag("Round").unwrap().parse::<usize>().unwrap()));
        let kif = read_games(file.to_str().unwrap(), &std::fs::read(&file).unwrap(), None).unwrap();
        assert_eq!(kif[0].moves, g.moves);
        assert_eq!((kif[0].tag("White"), kif[0].tag("Black")), (g.tag("White"), g.tag("Black")));
        assert_eq!(kif[0].result, g.result);
        assert_eq!(kif[0].tag("Variant"), Some(chu.name.as_str()));
    }
    let o = kyodai(&[
        "pgn",
        "stats",
        kifs.join("game-0001.kifu").to_str().unwrap(),
        kifs.join("game-0002.kifu").to_str().unwrap(),
    ]);
    assert!(stdout(&o).contains("Games: 2 finished"), "{}", stdout(&o));
}

#[test]
fn games_and_formats_kif_cannot_carry_are_refused_with_the_reason() {
    let dir = scratch("refused");
    let o = kyodai(&[
        "match",
        "--variant",
        "bigorra",
        "--engine",
        "name=a",
        "cmd=builtin:random",
        "--engine",
        "name=b",
        "cmd=builtin:random",
        "--kifout",
        dir.join("k").to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("Bigorra has no KIF form"));
    let csa = dir.join("game.csa");
    std::fs::write(&csa, "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n").unwrap();
    let o = kyodai(&["annotate", csa.to_str().unwrap(), "-v", "chu", "--depth", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 1: a CSA record") && err.contains("9x9 shogi"), "{err}");
    let bad = dir.join("bad.kifu");
    std::fs::write(&bad, "手合割：中将棋\n   1 7八歩兵\n").unwrap();
    let o = kyodai(&["annotate", bad.to_str().unwrap(), "-v", "chu", "--depth", "1"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2: expected the origin square"));
}

/// shogiops' folder: $SHOGIOPS_DIR, else where `kifu-check.sh` installs it.
fn shogiops_dir() -> Option<PathBuf> {
    let dir =
        std::env::var_os("SHOGIOPS_DIR").map_or_else(|| std::env::temp_dir().join("kyodai-shogiops"), PathBuf::from);
    dir.join("node_modules/shogiops/package.json").is_file().then_some(dir)
}

#[test]
fn shogiops_reads_our_kif_and_we_read_its_kif() {
    if !Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success()) {
        eprintln!("SKIPPED: node is not installed (apt-get install nodejs npm)");
        return;
    }
    let Some(sops) = shogiops_dir() else {
        eprintln!(
            "SKIPPED: shogiops is not installed: run engine-tests/compare/kifu-check.sh once, or set SHOGIOPS_DIR"
        );
        return;
    };
    let work = scratch("shogiops");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/compare/kifu-check.mjs");
    let o = Command::new("node")
        .arg(script)
        .arg(KYODAI)
        .args(["--shogiops", sops.to_str().unwrap(), "--work", work.to_str().unwrap()])
        .args(["--games", "3", "--plies", "60", "--seed", "5"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("kifu check: all games agree"), "{out}");
}
