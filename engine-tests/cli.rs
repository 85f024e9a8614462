//! The command-line tools as a user runs them: output formats, and one clear error line with
//! exit status 2 for every kind of bad input (never a panic).

#[path = "support/run.rs"]
mod run;
use run::{fails_with, kyodai, stderr, stdout};

#[test]
fn variants_lists_every_game() {
    let o = kyodai(&["variants"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("bigorra") && out.contains("16x16") && out.contains("34") && out.contains("80"), "{out}");
    assert!(out.contains("chu") && out.contains("12x12") && out.contains("46"), "{out}");
}

#[test]
fn show_prints_board_side_and_state() {
    let o = kyodai(&["show", "--variant", "bigorra"]);
    assert!(o.status.success());
    let out = stdout(&o);
    // Multi-letter IDs stay readable and aligned: every board row has the same width.
    let rows: Vec<&str> = out.lines().take(16).collect();
    assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{out}");
    assert!(rows[15].contains("HK") && rows[0].contains("hk"), "{out}");
    assert!(out.contains("side to move: white"), "{out}");
    assert!(out.contains("state: in progress"), "{out}");
}

#[test]
fn show_reports_check_checkmate_and_royal_capture() {
    // Bigorra G-1 with the Queen giving check from b15: Black is in check (and can take it).
    let check = "k15/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1";
    let out = stdout(&kyodai(&["show", "--variant", "bigorra", "--fen", check]));
    assert!(out.contains("black is in check"), "{out}");
    // Queen b15 protected by a Rook b1: checkmate.
    let mate = "k15/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/16/KR14 b - - 0 1";
    let out = stdout(&kyodai(&["show", "--variant", "bigorra", "--fen", mate]));
    assert!(out.contains("checkmate: white wins"), "{out}");
    // Chu: the Gold takes the only enemy royal.
    let fen = "12/11k/11G/12/12/12/12/12/12/12/K11/12 w - 1";
    let out = stdout(&kyodai(&["show", "--variant", "chu", "--fen", fen, "--moves", "l10l11"]));
    assert!(out.contains("white wins: all royals captured"), "{out}");
}

#[test]
fn moves_are_sorted_and_parse_back() {
    let o = kyodai(&["moves", "--variant", "chu"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 36);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    // Every printed move is accepted as a --moves argument.
    for m in &lines {
        let o = kyodai(&["show", "--variant", "chu", "--moves", m]);
        assert!(o.status.success(), "{m}: {}", stderr(&o));
    }
}

#[test]
fn perft_prints_divide_and_total() {
    let o = kyodai(&["perft", "--variant", "chu", "--depth", "2", "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 37);
    assert!(lines[..36].iter().all(|l| l.ends_with(": 36")), "{out}");
    assert_eq!(lines[36], "Nodes searched: 1296");
    assert!(stderr(&o).contains("nodes per second"));
    // Threads give the same total.
    let o = kyodai(&["perft", "--variant", "bigorra", "--depth", "2", "--threads", "2"]);
    assert_eq!(stdout(&o).trim(), "Nodes searched: 2704");
}

#[test]
fn bad_input_is_one_clear_line_and_exit_2() {
    fails_with(&["show", "--variant", "nosuch"], &["unknown variant 'nosuch'", "chu"]);
    fails_with(&["show", "--variant", "chu", "--fen", "12/12 w"], &["FEN", "ranks"]);
    fails_with(&["show", "--variant", "chu", "--fen", "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFZ w"], &["rank 1", "unknown piece 'Z'"]);
    fails_with(
        &["show", "--variant", "chu", "--fen", "12/12/12/12/12/12/12/12/12/12/K11/12 w"],
        &["black has no royal"],
    );
    fails_with(&["show", "--variant", "chu", "--moves", "e4e5", "zz"], &["move 2", "zz"]);
    fails_with(&["show", "--variant", "chu", "--moves", "e4e6"], &["move 1", "illegal", "e4e6"]);
    fails_with(&["show", "--variant", "chu", "--moves", "e9e8"], &["belongs to black"]);
    fails_with(&["perft", "--variant", "chu", "--depth", "0"], &["depth"]);
    fails_with(&["moves", "--variant", "bigorra", "--option", "fifty_move_rule"], &["KEY=VALUE"]);
    fails_with(&["moves", "--variant", "bigorra", "--option", "bogus=on"], &["bogus"]);
    let unreadable = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml/game.toml");
    fails_with(&["moves", "--variant", unreadable], &["cannot read game file"]);
}

#[test]
fn option_switches_the_fifty_move_rule() {
    // Halfmove clock 100 with the rule on: drawn; off: play on.
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/KR14 w - - 100 80";
    let on = stdout(&kyodai(&["show", "--variant", "bigorra", "--fen", fen]));
    assert!(on.contains("draw: 50-move rule"), "{on}");
    let off = stdout(&kyodai(&["show", "--variant", "bigorra", "--fen", fen, "--option", "fifty_move_rule=off"]));
    assert!(off.contains("state: in progress"), "{off}");
}

#[test]
fn help_teaches() {
    let out = stdout(&kyodai(&["--help"]));
    for w in ["variants", "show", "moves", "perft", "Examples"] {
        assert!(out.contains(w), "{out}");
    }
    let out = stdout(&kyodai(&["perft", "--help"]));
    assert!(out.contains("--divide") && out.contains("--threads") && out.contains("Nodes searched"), "{out}");
}

#[test]
fn scirocco_tools_setups_and_results() {
    let out = stdout(&kyodai(&["variants"]));
    assert!(out.contains("scirocco") && out.contains("10x10") && out.contains("36") && out.contains("27"), "{out}");
    let o = kyodai(&["moves", "--variant", "scirocco"]);
    assert_eq!(stdout(&o).lines().count(), 21);
    let o = kyodai(&["perft", "--variant", "scirocco", "--depth", "2"]);
    assert_eq!(stdout(&o).trim(), "Nodes searched: 441");
    // A chosen array: Wagon a1, Dabbaba b1, mirror symmetry (Tan King above Blue's on d).
    let out = stdout(&kyodai(&["show", "--variant", "scirocco", "--setup", "WA D mirror"]));
    assert!(out.contains("fen: (wa)d(st)1nc(de)(go)a(ch)/1(pr)(sc)kwf(co)(sc)(ma)1/"), "{out}");
    fails_with(&["show", "--variant", "scirocco", "--setup", "512"], &["setup '512'", "out of range"]);
    fails_with(&["show", "--variant", "scirocco", "--setup", "XX"], &["'XX'"]);
    // Igui and hop captures in the move list, and the explicit form on input.
    let fen = "9k/10/10/10/4pp4/4(GE)5/3n6/10/10/K9 w";
    let out = stdout(&kyodai(&["moves", "--variant", "scirocco", "--fen", fen]));
    assert!(out.lines().any(|l| l == "e5e6,e6e5"), "{out}");
    let out = stdout(&kyodai(&["show", "--variant", "scirocco", "--fen", fen, "--moves", "e5e5xe6"]));
    assert!(out.contains("state: in progress"), "{out}");
    // Bare king: Blue wins at once.
    let fen = "10/10/10/10/4k5/4p5/4K5/10/P9/10 w";
    let out = stdout(&kyodai(&["show", "--variant", "scirocco", "--fen", fen, "--moves", "e4e5"]));
    assert!(out.contains("white wins: bare king"), "{out}");
}

#[test]
fn nutty_tools_moves_perft_and_results() {
    let out = stdout(&kyodai(&["variants"]));
    assert!(out.contains("nutty") && out.contains("13x13"), "{out}");
    let o = kyodai(&["moves", "--variant", "nutty"]);
    assert_eq!(stdout(&o).lines().count(), 43);
    let o = kyodai(&["perft", "--variant", "nutty", "--depth", "2"]);
    assert_eq!(stdout(&o).trim(), "Nodes searched: 1843");
    // A burn is never written: the area move c5f8 burns the King on g9.
    let fen = "13/13/13/13/6k6/13/13/13/2F10/13/13/13/1K11 w";
    let out = stdout(&kyodai(&["show", "--variant", "nutty", "--fen", fen, "--moves", "c5f8"]));
    assert!(out.contains("white wins"), "{out}");
    // Repetition results state the reason (rules page R1, R3).
    let fen = "4k8/13/13/6i6/13/13/13/13/13/6I6/13/13/1K11 w";
    let out = stdout(&kyodai(&["show", "--variant", "nutty", "--fen", fen, "--moves", "g4g4", "g10g10"]));
    assert!(out.contains("draw: repetition without attacks"), "{out}");
    let fen = "4k8/13/13/13/13/13/13/R12/12x/13/13/13/1K11 w";
    let out = stdout(&kyodai(&["show", "--variant", "nutty", "--fen", fen, "--moves", "a6a5", "m5m6", "a5a6", "m6m5"]));
    assert!(out.contains("black wins") && out.contains("perpetual chase"), "{out}");
    fails_with(&["show", "--variant", "nutty", "--fen", "4k8/13/13/13/13/13/6+F6/13/13/13/13/13/1K11 w"], &["+F"]);
}

#[test]
fn typhoon_tools_setups_moves_and_results() {
    let out = stdout(&kyodai(&["variants"]));
    assert!(out.contains("typhoon") && out.contains("12x12"), "{out}");
    let o = kyodai(&["moves", "--variant", "typhoon"]);
    assert_eq!(stdout(&o).lines().count(), 39);
    let o = kyodai(&["perft", "--variant", "typhoon", "--depth", "2"]);
    assert_eq!(stdout(&o).trim(), "Nodes searched: 1521");
    // A chosen array: the Commoner on f1, Tan mirrored (both Kings on the g-file).
    let out = stdout(&kyodai(&["show", "--variant", "typhoon", "--setup", "CO mirror"]));
    assert!(out.contains("fen: (fh)(ma)(st)(ci)(gg)(co)k(fl)(sa)(go)(pr)(gw)/"), "{out}");
    fails_with(&["show", "--variant", "typhoon", "--setup", "XX"], &["'XX'"]);
    // Markers in the move list (swap, conversion) and the explicit form on input.
    let fen = "11k/12/12/12/12/12/12/p11/(CU)11/12/12/11K w";
    let out = stdout(&kyodai(&["moves", "--variant", "typhoon", "--fen", fen]));
    assert!(out.lines().any(|l| l == "a4a4~a5"), "{out}");
    // Converting Tan's last piece besides the King leaves Tan bare.
    let out = stdout(&kyodai(&["show", "--variant", "typhoon", "--fen", fen, "--moves", "a4a4~a5"]));
    assert!(out.contains("white wins: bare king"), "{out}");
    // V1: converting the last Tan royal wins at once.
    let fen = "p11/12/12/12/12/12/12/4k7/4(CU)7/12/12/11K w";
    let out = stdout(&kyodai(&["show", "--variant", "typhoon", "--fen", fen, "--moves", "e4e4~e5"]));
    assert!(out.contains("white wins"), "{out}");
}

#[test]
fn tai_tools_moves_perft_show_and_errors() {
    let out = stdout(&kyodai(&["variants"]));
    assert!(out.contains("tai") && out.contains("25x25") && out.contains("177"), "{out}");
    let o = kyodai(&["moves", "--variant", "tai"]);
    assert_eq!(stdout(&o).lines().count(), 298);
    let o = kyodai(&["perft", "--variant", "tai", "--depth", "2", "--threads", "2"]);
    assert_eq!(stdout(&o).trim(), "Nodes searched: 89050");
    // show: 25 ranks, columns as wide as the longest ID on the board (3 letters + a space).
    let out = stdout(&kyodai(&["show", "--variant", "tai", "--moves", "m1m10"]));
    let rows: Vec<&str> = out.lines().take(26).collect();
    assert!(rows[0].starts_with("25") && rows[24].starts_with(" 1"), "{out}");
    assert!(rows.iter().all(|r| r.len() <= 3 + 25 * 4), "{out}");
    assert!(rows[15].contains('E') && out.contains("state: in progress"), "{out}");
    // Promoted multi-letter pieces and USI-style long ranks read back.
    let fen = "25/24e/25/25/25/25/25/25/25/25/13p11/12p12/12(LN)12/25/25/25/25/25/25/25/25/25/25/E24/25 w";
    let out = stdout(&kyodai(&["show", "--variant", "tai", "--fen", fen, "--moves", "m13m14,m14n15"]));
    assert!(out.contains("+LN") && out.contains("fen: 25/24e/25/25/25/25/25/25/25/25/13+(LN)11/"), "{out}");
    let out = stdout(&kyodai(&["moves", "--variant", "tai", "--option", "turtle_snake_as_dat=on"]));
    assert_eq!(out.lines().count(), 298);
    fails_with(&["moves", "--variant", "tai", "--option", "turtle_snake_as_dat=maybe"], &["turtle_snake_as_dat"]);
    fails_with(&["show", "--variant", "tai", "--fen", "25/24e/25 w"], &["ranks"]);
    fails_with(&["show", "--variant", "tai", "--fen", &fen.replace("(LN)", "(FF)")], &["(FF)"]);
    fails_with(&["show", "--variant", "tai", "--moves", "m13m14"], &["m13m14"]);
}

#[test]
fn svg_draws_a_position_and_refuses_bad_input() {
    let o = kyodai(&["svg", "--variant", "chu", "--moves", "f3f5", "--arrow", "f5-f7", "--flip"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg ") && svg.contains("data-sq=\"f5\" data-id=\"N\"") && svg.contains("kd-head"));
    assert!(svg.contains("data-flip=\"true\"") && svg.matches("class=\"kd-last\"").count() == 2);
    fails_with(&["svg", "--variant", "chu", "--arrow", "f5-z9"], &["--arrow 'f5-z9'"]);
    fails_with(&["svg", "--variant", "chu", "--moves", "f3f9"], &["--moves, move 1 (f3f9)"]);
    // A path below a regular file can never be made, whatever else runs on the machine (a
    // directory such as /nonexistent/dir could be created by another program meanwhile).
    let unwritable = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml/x.svg");
    fails_with(&["svg", "--variant", "chu", "--output", unwritable], &["cannot write"]);
}

/// The diagrams of README.md and docs/ are what `kyodai svg` draws today (scripts/update-diagrams.sh).
#[test]
fn svg_diagrams_in_docs_are_current() {
    let root = env!("CARGO_MANIFEST_DIR");
    let list = std::fs::read_to_string(format!("{root}/docs/img/diagrams.txt")).unwrap();
    let mut n = 0;
    for line in list.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let file = words.next().unwrap();
        let mut args = vec!["svg"];
        args.extend(words);
        let o = kyodai(&args);
        assert!(o.status.success(), "{line}: {}", stderr(&o));
        let stored = std::fs::read_to_string(format!("{root}/docs/img/{file}")).unwrap();
        assert!(stored == stdout(&o), "docs/img/{file} is stale: run scripts/update-diagrams.sh");
        n += 1;
    }
    assert!(n >= 3);
}

#[test]
fn serve_refuses_bad_engine_specs() {
    let serve = |spec: &[&str], needles: &[&str]| {
        let mut args = vec!["serve", "--port", "0", "--engine"];
        args.extend(spec);
        fails_with(&args, needles);
    };
    serve(&["name=x proto=uxi cmd=y"], &["protocol 'uxi'"]);
    serve(&["name=x", "colour=red", "cmd=y"], &["unknown engine setting 'colour'"]);
    serve(&["name=x"], &["cmd="]);
    // The page chooses the time, so an engine's own limits are refused.
    serve(&["name=x cmd=y st=1"], &["engine x", "chosen on the page"]);
    serve(&["name=kyodai cmd=y"], &["two players are named 'kyodai'"]);
    serve(&["name=a cmd=y", "--engine", "name=A cmd=z"], &["two players are named 'A'"]);
}

// ----- `-o` is the output file; `-O` the rule option -----

/// A fresh directory for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kyodai-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn dash_o_writes_the_output_file() {
    let dir = scratch("dash-o");
    let board = dir.join("board.svg");
    let o = kyodai(&["svg", "--variant", "chu", "-o", board.to_str().unwrap()]);
    assert!(o.status.success() && stdout(&o).is_empty(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&board).unwrap();
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"), "{svg}");
    assert_eq!(svg, stdout(&kyodai(&["svg", "--variant", "chu"])), "-o writes what stdout would show");
    // A match's PGN (-o is --pgnout) and its annotation (-o is --output).
    let (pgn, notes) = (dir.join("m.pgn"), dir.join("a.pgn"));
    let random = ["--engine", "name=a", "cmd=builtin:random", "--engine", "name=b", "cmd=builtin:random"];
    let mut args = vec!["match", "--variant", "chu", "--games", "2", "--maxmoves", "3", "-o", pgn.to_str().unwrap()];
    args.extend(random);
    let o = kyodai(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&pgn).unwrap().matches("[Round ").count(), 2);
    let o = kyodai(&["annotate", "-v", "chu", pgn.to_str().unwrap(), "--depth", "1", "-o", notes.to_str().unwrap()]);
    assert!(o.status.success() && stdout(&o).is_empty(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&notes).unwrap().contains("/1 "), "scores of depth 1");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_old_dash_o_option_is_pointed_at_dash_capital_o() {
    // -O is the rule option, on every command that takes one.
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/KR14 w - - 100 80";
    let off = stdout(&kyodai(&["show", "--variant", "bigorra", "--fen", fen, "-O", "fifty_move_rule=off"]));
    assert!(off.contains("state: in progress"), "{off}");
    // `-o KEY=VALUE` where -o is the output file: refused rather than written as a file.
    fails_with(
        &["svg", "--variant", "bigorra", "-o", "fifty_move_rule=off"],
        &["looks like a rule option", "-O KEY=VALUE"],
    );
    let random = ["--engine", "name=a", "cmd=builtin:random", "--engine", "name=b", "cmd=builtin:random"];
    fails_with(&[&["match"][..], &random, &["-o", "move_cap=1"]].concat(), &["-o/--pgnout", "-O KEY=VALUE"]);
    // ... and where the command writes no file.
    fails_with(&["show", "--variant", "bigorra", "-o", "fifty_move_rule=off"], &["writes no file", "-O KEY=VALUE"]);
    fails_with(&["moves", "--variant", "chu", "-omove_cap=1"], &["writes no file", "-O KEY=VALUE"]);
    // The other slip: a file name given to -O.
    fails_with(&["show", "--variant", "chu", "-O", "board.svg"], &["not KEY=VALUE", "-o FILE"]);
}

#[test]
fn completions_for_every_shell_know_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = kyodai(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for word in ["match", "svg", "manpage", "--variant", "pgnout"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    fails_with(&["completions", "tcsh"], &["invalid value 'tcsh'", "bash"]);
}

#[test]
fn man_pages_are_roff_from_the_same_definitions() {
    let page = stdout(&kyodai(&["manpage"]));
    // .TH title section date source manual: every field present, so none slides into another.
    let th: Vec<&str> = page.lines().filter(|l| l.starts_with(".TH ")).collect();
    assert_eq!(th.len(), 1, "{page}");
    let fields: Vec<&str> = th[0].split(' ').collect();
    assert_eq!(fields[..3], [".TH", "kyodai", "1"], "{page}");
    assert!(fields[3].len() == 10 && fields[3].chars().filter(|&c| c == '-').count() == 2, "a date: {page}");
    assert!(th[0].ends_with(" \"kyodai 0.1.0\" \"Kyodai Manual\""), "{page}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(page.contains(section), "{section} missing: {page}");
    }
    let svg = stdout(&kyodai(&["manpage", "svg"]));
    assert!(svg.contains(".TH kyodai-svg 1") && svg.contains(r"\fB\-o\fR, \fB\-\-output\fR"), "{svg}");
    let dir = scratch("man");
    let out = dir.join("man1");
    let o = kyodai(&["manpage", "-o", out.to_str().unwrap()]);
    assert!(o.status.success() && stdout(&o).contains("pages written"), "{}", stderr(&o));
    for name in ["kyodai.1", "kyodai-match.1", "kyodai-book-build.1", "kyodai-pgn-stats.1"] {
        let text = std::fs::read_to_string(out.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(text.lines().any(|l| l.starts_with(".TH ")), "{name}: {text}");
    }
    assert!(!out.join("kyodai-help.1").exists(), "no page for the implicit help command");
    fails_with(&["manpage", "book", "nosuch"], &["'kyodai book' has no command 'nosuch'", "build"]);
    let _ = std::fs::remove_dir_all(&dir);
}
