use super::build::{build, BuildError, Progress, Settings};
use super::format::BookError;
use super::lines::openings;
use super::*;
use crate::notation::parse_move;
use crate::random::Rng;
use crate::search::Limits;
use std::path::PathBuf;

fn chu() -> Arc<Game> {
    Game::builtin("chu").unwrap()
}

fn after(v: &Arc<Game>, moves: &[&str]) -> Position {
    let mut pos = Position::start(v);
    for t in moves {
        let m = parse_move(&mut pos, t).unwrap();
        pos.make(m);
    }
    pos
}

/// A small hand-made Chu book: comments, a transposition's source line, scores of every form.
const SMALL: &str = "\
# a hand-made book
# variant: chu

start : f4f5 100 +23 9 | e4e5 50 +10 9 | c4c5 0 -30 9
f4f5 : c9c8 100 -20 9 | g10e8 25 #-7 9
# a comment between entries stays where it is
f4f5 c9c8 : e4e5 3 #2 - | f2f4 1 - -
f4f5 c9c8 e4e5 : d10b8 7
";

fn err(text: &str) -> BookError {
    Book::from_text(&chu(), text).unwrap_err()
}

#[test]
fn a_book_reads_back_what_it_writes() {
    let v = chu();
    let book = Book::from_text(&v, SMALL).unwrap();
    assert_eq!(book.len(), 4);
    assert_eq!(book.header, vec!["# a hand-made book", "# variant: chu"]);
    let e = &book.entries()[2];
    assert_eq!((e.line, e.path.join(" ")), (7, "f4f5 c9c8".to_string()));
    assert_eq!(e.moves[0].score, Some(Score::Mate(2)));
    assert_eq!((e.moves[1].score, e.moves[1].depth), (None, None));
    assert_eq!(book.entries()[1].moves[1].score, Some(Score::Mate(-7)));
    let text = book.to_text();
    // Written back: the same lines, the unknown score and depth of the last move spelled '-'.
    assert!(text.contains("f4f5 c9c8 e4e5 : d10b8 7 - -\n"), "{text}");
    assert!(text.contains("# a comment between entries stays where it is\nf4f5 c9c8 :"), "{text}");
    let again = Book::from_text(&v, &text).unwrap();
    assert_eq!(again.to_text(), text);
    assert_eq!(
        again.entries().iter().map(|e| &e.moves).collect::<Vec<_>>(),
        book.entries().iter().map(|e| &e.moves).collect::<Vec<_>>()
    );
}

#[test]
fn errors_name_the_line_and_the_problem() {
    let cases: [(&str, usize, &str); 10] = [
        ("start : f4f5 100\nf4f5 g9g8 h3h4\n", 2, "no ':'"),
        ("\n\nf4f5 f4f6 : g9g8 1\n", 3, "move 2 of the line: illegal move 'f4f6'"),
        ("start : f4f5 100 | f4f7 5\n", 1, "book move 2: illegal move 'f4f7'"),
        ("start : f4f5 ten\n", 1, "weight 'ten'"),
        ("start : f4f5 10 good\n", 1, "score 'good'"),
        ("start : f4f5 10 +5 deep\n", 1, "depth 'deep'"),
        ("start : f4f5\n", 1, "has no weight"),
        ("start : f4f5 10 | f4f5 5\n", 1, "book move 2 (f4f5) is the same move as book move 1"),
        (": f4f5 10\n", 1, "nothing before ':'"),
        ("# variant: tai\nstart : f4f5 10\n", 1, "this book is for 'tai', not 'chu'"),
    ];
    for (text, line, message) in cases {
        let e = err(text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.message.to_string().contains(message), "{text:?}: {e}");
    }
    assert_eq!(err("start : f4f5 1 |\n").to_string(), "line 1: book move 2: empty (no move between the separators)");
}

#[test]
fn a_book_text_says_its_game_in_a_variant_line() {
    assert_eq!(format::declared_game("# Kyodai opening book\n#  variant: chu \nstart : f4f5 1\n"), Some("chu"));
    assert_eq!(format::declared_game("# made by hand\nstart : f4f5 1\n"), None);
    // Only comment lines count.
    assert_eq!(format::declared_game("start : f4f5 1 variant: tai\n"), None);
}

#[test]
fn one_line_per_position_even_by_another_move_order() {
    let e = err("f4f5 c9c8 e4e5 : d10b8 1\ne4e5 c9c8 f4f5 : d10b8 1\n");
    assert_eq!((e.line, &e.message), (2, &format::LineError::SamePosition(1)));
    assert_eq!(e.to_string(), "line 2: the same position as line 1 (one line per position)");
}

#[test]
fn probing_finds_a_position_by_any_move_order_and_only_that_position() {
    let v = chu();
    let book = Book::from_text(&v, SMALL).unwrap();
    // The book's line is f4f5 c9c8 e4e5; the other order reaches the same position.
    let hit = book.probe(&after(&v, &["e4e5", "c9c8", "f4f5"])).unwrap();
    assert_eq!(hit.path, ["f4f5", "c9c8", "e4e5"]);
    assert_eq!(hit.moves[0].text, "d10b8");
    // The same position from a FEN with another move number.
    let fen = after(&v, &["f4f5", "c9c8"]).to_fen();
    let renumbered = format!("{} 40", fen.rsplit_once(' ').unwrap().0);
    assert_ne!(fen, renumbered);
    assert_eq!(book.probe(&Position::from_fen(&v, &renumbered).unwrap()).unwrap().path, ["f4f5", "c9c8"]);
    // The same board with the other side to move is another position.
    let other_side = fen.replace(" w ", " b ");
    assert_ne!(other_side, fen);
    assert!(book.probe(&Position::from_fen(&v, &other_side).unwrap()).is_none());
    assert!(book.probe(&after(&v, &["c4c5"])).is_none());
}

#[test]
fn moves_are_drawn_by_weight_from_a_seed() {
    let v = chu();
    let book = Book::from_text(&v, SMALL).unwrap();
    let mut start = Position::start(&v);
    let mut counts: HashMap<String, u32> = HashMap::new();
    for i in 0..3000 {
        let c = book.choose(&mut start, Rng::at(7, i), false).unwrap();
        *counts.entry(c.text.clone()).or_default() += 1;
    }
    // Weights 100 : 50 : 0 -> shares 2/3 and 1/3; c4c5 (weight 0) never.
    assert_eq!(counts.len(), 2, "{counts:?}");
    let f4f5 = counts["f4f5"] as f64 / 3000.0;
    assert!((f4f5 - 2.0 / 3.0).abs() < 0.03, "{counts:?}");
    // The same seed gives the same choices; the best is always the highest weight.
    let first: Vec<String> =
        (0..20).map(|i| book.choose(&mut start, Rng::at(7, i), false).unwrap().text.clone()).collect();
    let second: Vec<String> =
        (0..20).map(|i| book.choose(&mut start, Rng::at(7, i), false).unwrap().text.clone()).collect();
    assert_eq!(first, second);
    assert!((0..20).all(|i| book.choose(&mut start, Rng::at(9, i), true).unwrap().text == "f4f5"));
    // Fixed draws: r % 150 below 100 is f4f5, the rest e4e5.
    assert_eq!(book.choose(&mut start, 99, false).unwrap().text, "f4f5");
    assert_eq!(book.choose(&mut start, 100, false).unwrap().text, "e4e5");
    assert_eq!(book.choose(&mut start, 249, false).unwrap().text, "f4f5");
}

#[test]
fn a_move_that_is_not_legal_here_is_never_chosen() {
    let v = chu();
    let mut book = Book::new(&v);
    let mut start = Position::start(&v);
    let mut after_f4f5 = after(&v, &["f4f5"]);
    let black = parse_move(&mut after_f4f5, "c9c8").unwrap();
    let white = parse_move(&mut start, "f4f5").unwrap();
    let cand = |mv, text: &str, weight| Candidate { mv, text: text.into(), weight, score: None, depth: None };
    let entry = Entry { path: vec![], moves: vec![cand(black, "c9c8", 1000), cand(white, "f4f5", 1)], line: 0 };
    book.insert(position_key(&start), entry).unwrap();
    assert!((0..50).all(|i| book.choose(&mut start, Rng::at(1, i), false).unwrap().text == "f4f5"));
    assert_eq!(book.choose(&mut start, 0, true).unwrap().text, "f4f5");
}

#[test]
fn weights_halve_every_third_of_the_margin() {
    assert_eq!(weight_for(0, 40), 100);
    assert_eq!(weight_for(-5, 40), 100);
    assert_eq!(weight_for(20, 60), 50);
    assert_eq!(weight_for(40, 60), 25);
    assert_eq!(weight_for(60, 60), 13);
    assert_eq!(weight_for(1000, 40), 1);
    assert_eq!(weight_for(10, 0), 100);
    assert!(score_value(Score::Mate(1)) > score_value(Score::Mate(3)));
    assert!(score_value(Score::Mate(3)) > score_value(Score::Cp(2000)));
    assert!(score_value(Score::Mate(-1)) < score_value(Score::Mate(-4)));
    assert!(score_value(Score::Mate(-4)) < score_value(Score::Cp(-2000)));
}

#[test]
fn openings_follow_book_moves_most_likely_first() {
    let v = chu();
    let book = Book::from_text(&v, SMALL).unwrap();
    let lines = openings(&book, 8);
    let text: Vec<String> = lines.iter().map(|l| l.moves.join(" ")).collect();
    // start: f4f5 2/3, e4e5 1/3 (c4c5 weight 0); after f4f5: c9c8 4/5, g10e8 1/5; after f4f5
    // c9c8: e4e5 3/4 (to the book's last position, one move d10b8), f2f4 1/4.
    // The last two are equally likely (2/15): the shorter first.
    assert_eq!(text, ["f4f5 c9c8 e4e5 d10b8", "e4e5", "f4f5 g10e8", "f4f5 c9c8 f2f4"]);
    let p: Vec<f64> = lines.iter().map(|l| l.probability).collect();
    let expect = [2.0 / 3.0 * 0.8 * 0.75, 1.0 / 3.0, 2.0 / 3.0 * 0.2, 2.0 / 3.0 * 0.8 * 0.25];
    assert!(p.iter().zip(expect).all(|(a, b)| (a - b).abs() < 1e-9), "{p:?}");
    assert_eq!(
        openings(&book, 2).iter().map(|l| l.moves.join(" ")).collect::<Vec<_>>(),
        ["f4f5 c9c8", "e4e5", "f4f5 g10e8"]
    );
}

#[test]
fn the_main_line_follows_the_highest_weights() {
    let book = Book::from_text(&chu(), SMALL).unwrap();
    assert_eq!(book.main_line(), ["f4f5", "c9c8", "e4e5", "d10b8"]);
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kyodai-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tiny(positions: usize, threads: usize) -> Settings {
    Settings { limits: Limits::depth(2), positions, plies: 6, margin: 40, lines: 3, threads, hash_mb: 1 }
}

fn run(v: &Arc<Game>, file: &std::path::Path, s: &Settings, warnings: &mut Vec<String>) -> build::Summary {
    let mut seen: Vec<Progress> = Vec::new();
    let summary =
        build(v, file, s, "test run", &mut |p| seen.push(p.clone()), &mut |w| warnings.push(w.into())).unwrap();
    assert_eq!(seen.len(), summary.added);
    summary
}

#[test]
fn a_tiny_build_makes_a_valid_book_and_a_second_run_continues_it() {
    for (game, threads) in [("chu", 1), ("scirocco", 2)] {
        let v = Game::builtin(game).unwrap();
        let file = scratch(game).join("book.txt");
        let mut warnings = Vec::new();
        let first = run(&v, &file, &tiny(6, threads), &mut warnings);
        assert_eq!((first.added, first.total), (6, 6));
        let text = std::fs::read_to_string(&file).unwrap();
        let book = Book::from_text(&v, &text).unwrap();
        assert_eq!(book.len(), 6);
        assert_eq!(book.entries()[0].path.len(), 0, "the start comes first");
        assert!(text.contains(&format!("# variant: {game}\n")));
        assert!(text.contains("# run: test run -> 6 positions added in"), "{text}");
        // Every position after the start is reached by book moves of positions before it.
        for e in &book.entries()[1..] {
            let parent = book.probe(&after(&v, &e.path[..e.ply() - 1].iter().map(String::as_str).collect::<Vec<_>>()));
            assert!(parent.unwrap().moves.iter().any(|c| c.text == e.path[e.ply() - 1]), "{e:?}");
        }
        // Again with a larger target: the same six, then four more, none searched twice.
        let second = run(&v, &file, &tiny(10, threads), &mut warnings);
        assert_eq!((second.added, second.total), (4, 10));
        let grown = Book::from_text(&v, &std::fs::read_to_string(&file).unwrap()).unwrap();
        let strip = |b: &Book| b.entries().iter().map(|e| (e.path.clone(), e.moves.clone())).collect::<Vec<_>>();
        assert_eq!(strip(&grown)[..6], strip(&book)[..]);
        assert_eq!(grown.header.iter().filter(|l| l.starts_with("# run: test run")).count(), 2);
        // Already big enough: nothing to do, the file untouched.
        let before = std::fs::read_to_string(&file).unwrap();
        assert_eq!(run(&v, &file, &tiny(10, threads), &mut warnings).added, 0);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}

#[test]
fn the_main_line_is_built_first_to_the_plies_asked() {
    // Tai: several moves within the margin in almost every position, so best first alone
    // would not leave ply 2 with 12 positions. The main line comes first: the first ten
    // positions are its ten, in order, then the most likely others.
    let v = Game::builtin("tai").unwrap();
    let file = scratch("main").join("book.txt");
    let s = Settings { plies: 10, ..tiny(12, 1) };
    run(&v, &file, &s, &mut Vec::new());
    let book = Book::from_text(&v, &std::fs::read_to_string(&file).unwrap()).unwrap();
    let main = book.main_line();
    assert_eq!(main.len(), 10, "{main:?}");
    for (i, e) in book.entries()[..10].iter().enumerate() {
        assert_eq!(e.path, main[..i], "entry {i}");
    }
    assert!(book.entries()[10..].iter().all(|e| e.ply() <= 2), "{:?}", book.entries());
    let (moves, p) = book.main_line_moves();
    assert_eq!(moves.len(), 10);
    assert!(p > 0.0 && p < 1.0, "{p}");
}

#[test]
fn a_run_resumes_after_a_line_cut_short() {
    let v = chu();
    let file = scratch("cut").join("book.txt");
    let mut warnings = Vec::new();
    run(&v, &file, &tiny(4, 1), &mut warnings);
    // An interrupted run: entries appended, the last one cut in the middle of its write.
    let text = std::fs::read_to_string(&file).unwrap();
    let cut = format!("{text}f4f5 c9c8 f2f4 : d10b");
    std::fs::write(&file, &cut).unwrap();
    let s = run(&v, &file, &tiny(6, 1), &mut warnings);
    assert_eq!((s.added, s.total), (2, 6));
    assert_eq!(warnings.len(), 1);
    assert!(warnings[0].contains("line ") && warnings[0].contains("cut short"), "{warnings:?}");
    Book::from_text(&v, &std::fs::read_to_string(&file).unwrap()).unwrap();
    // A bad line elsewhere is an error, with its line, and the file is left alone.
    std::fs::write(&file, format!("{text}f4f5 f4f6 : g9g8 1\n")).unwrap();
    let e = build(&v, &file, &tiny(8, 1), "x", &mut |_| {}, &mut |_| {}).unwrap_err();
    assert!(matches!(e, BuildError::Book { .. }), "{e}");
    let e = e.to_string();
    assert!(e.contains("book.txt: line ") && e.contains("illegal move 'f4f6'"), "{e}");
}

#[test]
fn every_shipped_book_is_legal_and_big_enough() {
    // Issue 17: every built-in game ships a book (a game added without one fails here); the
    // 10x10 to 16x16 games at least 500 positions, Tai Shogi (25x25) 200; main lines at least
    // 8 plies. Every line of every book is replayed when it is read.
    for name in crate::variant::Variant::builtin_names() {
        let v = Game::builtin(name).unwrap();
        let book = shipped(&v).unwrap_or_else(|| panic!("no book is shipped for {name} (book/{name}.txt)"));
        let book = book.unwrap_or_else(|e| panic!("book/{name}.txt: {e}"));
        let min = if name == "tai" { 200 } else { 500 };
        assert!(book.len() >= min, "{name}: {} positions, fewer than {min}", book.len());
        assert!(book.main_line().len() >= 8, "{name}: main line {:?}", book.main_line());
    }
    // Every book file of the repository is the one built in (none forgotten in shipped_text).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("book");
    for file in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
        if file.extension().is_some_and(|x| x == "txt") {
            let game = file.file_stem().unwrap().to_str().unwrap();
            let text = std::fs::read_to_string(&file).unwrap();
            assert!(shipped_text(game) == Some(text.as_str()), "{} is not the built-in book", file.display());
        }
    }
}
