//! The ten games in the tools (issue 16, item 5): `kyodai bench` searches the positions its data
//! files list (every move of every line legal, since the bench stops a line at its first
//! unreadable move), `analyze` finds each family's mate in 1, `selfplay` plays each family's
//! games to legal ends, and the table of the Timurid versions in docs/rules/timurid.md agrees with the data.

use crate::engine::{game, played};
use crate::pieces::GAME_NAMES;
use kyodai::notation::parse_move;
use kyodai::rules::outcome::outcome;
use kyodai::Position;
use std::process::Command;

fn kyodai(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kyodai")).args(args).output().expect("run kyodai");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "kyodai {}: {stderr}", args.join(" "));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn bench_lines_are_legal_to_their_last_move() {
    for name in GAME_NAMES {
        let g = game(name);
        assert!(g.bench.lines.len() >= 2, "{name}: the start and at least one opening");
        for line in &g.bench.lines {
            let mut p = Position::start(&g);
            for t in line.split_whitespace() {
                let m = parse_move(&mut p, t).unwrap_or_else(|e| panic!("{name} bench line '{line}': {t}: {e}"));
                p.make(m);
            }
        }
        assert_eq!(kyodai::bench::positions(&g).len(), g.bench.lines.len(), "{name}");
    }
}

/// One mate in 1 per family (from `engine-tests/tactics/positions.txt`, where the solver
/// confirms them), asked through `kyodai analyze`: the answer is a mate and a mating move.
#[test]
fn analyze_finds_each_familys_mate_in_one() {
    let cases = [
        ("patchanka", "k9/10/1K8/10/10/10/10/10/10/7R2 w - - 0 1", &["h1h10"][..]),
        ("heavy-shako", "5pkp2/5p1p2/10/10/10/10/10/10/5K2R1/10 w K - 0 1", &["f2h2", "i2g2"][..]),
        ("timurid-herat", "k11/12/2K9/12/12/12/12/11R/12/12/1Q10/11(pr) w - - 0 1", &["b2b11"][..]),
    ];
    for (name, fen, mates) in cases {
        let out = kyodai(&["analyze", "--variant", name, "--fen", fen, "--depth", "3", "--no-book"]);
        let best = out.lines().last().and_then(|l| l.strip_prefix("bestmove ")).unwrap_or_else(|| panic!("{out}"));
        assert!(mates.contains(&best), "{name}: bestmove {best}, a mate is one of {mates:?}\n{out}");
        assert!(out.contains("score mate 1"), "{name}: {out}");
        let after = played(&Position::from_fen(&game(name), fen).unwrap(), best);
        assert!(outcome(&after).is_some(), "{name}: {best} ends the game");
    }
}

/// Engine against the random mover, short games: every printed move replays legally from the
/// printed start, and a game reported as finished is finished in our rules.
#[test]
fn selfplay_plays_each_family() {
    for name in ["patchanka", "heavy-shako", "timurid-mirza"] {
        let args = ["selfplay", "--variant", name, "--movetime", "5", "--games", "2", "--max-plies", "40"];
        let out = kyodai(&[&args[..], &["--black", "random", "--seed", "5", "--no-book"]].concat());
        let mut games = 0;
        let mut lines = out.lines().filter(|l| !l.trim().is_empty());
        while let Some(head) = lines.next() {
            if !head.starts_with("game ") {
                continue;
            }
            let fen = head.split_once(" from ").map_or_else(|| panic!("{head}"), |(_, f)| f);
            let mut p = Position::from_fen(&game(name), fen).unwrap();
            assert_eq!(p.to_fen(), Position::start(&game(name)).to_fen(), "{name}: from the start");
            let players = lines.next().unwrap();
            assert!(players.starts_with("white: ") && players.contains("random"), "{players}");
            let (mut moves, mut result) = (String::new(), "");
            for l in lines.by_ref() {
                if let Some(r) = l.strip_prefix("result: ") {
                    result = r;
                    break;
                }
                moves.push_str(l);
                moves.push(' ');
            }
            p = played(&p, &moves);
            let plies = moves.split_whitespace().filter(|t| !t.ends_with('.')).count();
            if result.starts_with('*') {
                assert_eq!(plies, 40, "{name}: unfinished only at the cap: {result}");
            } else {
                assert!(outcome(&p).is_some(), "{name}: '{result}' but the game goes on: {}", p.to_fen());
            }
            games += 1;
        }
        assert_eq!(games, 2, "{name}:\n{out}");
    }
}

/// The table of the eight Timurid versions in `docs/rules/timurid.md`: each row names the
/// central piece (g2) and the side pieces (d2) of that version's start position, with the
/// central piece's ID, movement and promotion as `kyodai pieces` gives them.
#[test]
fn timurid_version_table_agrees_with_the_data() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/timurid.md")).unwrap();
    for name in GAME_NAMES.iter().filter(|n| n.starts_with("timurid")) {
        let version = name.trim_start_matches("timurid-").split('-').map(capitalized).collect::<Vec<_>>().join(" ");
        let row = page
            .lines()
            .find(|l| l.starts_with(&format!("| {version} |")))
            .unwrap_or_else(|| panic!("docs/rules/timurid.md: no row for {version}"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let g = game(name);
        let p = Position::start(&g);
        let piece_on = |sq: &str| g.piece(p.piece_at(g.shape.parse_square(sq).unwrap()).unwrap().kind());
        let table = kyodai(&["pieces", "--variant", name]);
        let central = piece_on("g2");
        let id = format!("`{}`", central.fen_token(kyodai::Color::White));
        let cols: Vec<&str> = table
            .lines()
            .find(|l| l.starts_with(&format!("| {id} |")))
            .unwrap_or_else(|| panic!("{name}: {id} in kyodai pieces"))
            .split('|')
            .map(str::trim)
            .collect();
        let (betza, powers, promotes) = (cols[3], cols[4], cols[5]);
        let movement = if betza != "—" { betza.to_string() } else { powers.replace("bent slider", "bent") };
        // | Version | Game name | Central piece | Side pieces | Page |
        assert_eq!(cells[2], format!("`{name}`"), "{version}: {row}");
        assert!(cells[3].contains(&id) && cells[3].contains(&central.name), "{version}: {row}");
        assert!(cells[3].contains(&movement), "{version}: the central piece moves {movement}: {row}");
        if promotes != "—" {
            assert!(cells[3].contains(&format!("promotes to {promotes}")), "{version}: {promotes}: {row}");
        }
        let side = &piece_on("d2").name;
        assert!(cells[4].contains(side.as_str()), "{version}: the side pieces are {side}s: {row}");
    }
}

fn capitalized(w: &str) -> String {
    let mut c = w.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
