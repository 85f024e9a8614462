//! Chu Shogi rules tests. The authority is `shared/rules/chu-shogi.md` (HaChu 0.21 defaults);
//! every test names the section it checks. Move sets are compared exactly, as canonical move
//! text (section 10), filtered by the origin square of the piece under test.
//!
//! Unless a test says otherwise, positions follow section 13: the first player (White, `w`,
//! upper case) to move, Kings on a2 (`K`) and l11 (`k`).

use kyodai::notation::{format_move, parse_move, MoveError};
use kyodai::perft::perft;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::legality::History;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Game, Move, Position, Square};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

/// Section 3: the start FEN.
const START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";

// ------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------

fn chu() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("chu").expect("built-in variant chu")))
}

fn sq(name: &str) -> Square {
    chu().shape.parse_square(name).unwrap_or_else(|e| panic!("square {name}: {e:?}"))
}

fn pos(fen: &str) -> Position {
    Position::from_fen(&chu(), fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

fn text(m: Move) -> String {
    format_move(&chu(), m)
}

/// All legal moves of the side to move, as canonical text.
fn all_moves(p: &mut Position) -> BTreeSet<String> {
    legal_move_list(p).into_iter().map(text).collect()
}

/// The legal moves of the piece on `from`, as canonical text.
fn moves_from(p: &mut Position, from: &str) -> BTreeSet<String> {
    let s = sq(from);
    legal_move_list(p).into_iter().filter(|m| m.from == s).map(text).collect()
}

fn moves_of(fen: &str, from: &str) -> BTreeSet<String> {
    moves_from(&mut pos(fen), from)
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// `from` + each target, e.g. `with_from("e6", &["e7", "e8+"])`.
fn with_from(from: &str, targets: &[&str]) -> BTreeSet<String> {
    targets.iter().map(|t| format!("{from}{t}")).collect()
}

fn assert_moves(actual: &BTreeSet<String>, expected: &BTreeSet<String>, ctx: &str) {
    if actual != expected {
        let missing: Vec<_> = expected.difference(actual).collect();
        let extra: Vec<_> = actual.difference(expected).collect();
        panic!(
            "{ctx}: {} moves, expected {}\n  missing:    {missing:?}\n  unexpected: {extra:?}",
            actual.len(),
            expected.len()
        );
    }
}

/// The square names in a plain move text (`f3d2` -> `f3`, `d2`).
fn squares_in(m: &str) -> Vec<String> {
    let b = m.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_lowercase() {
            let s = i;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(m[s..i].to_string());
        } else {
            i += 1;
        }
    }
    out
}

/// (file 0..=11, rank 1..=12) of a square name.
fn coords(name: &str) -> (i32, i32) {
    let file = (name.as_bytes()[0] - b'a') as i32;
    let rank: i32 = name[1..].parse().unwrap();
    (file, rank)
}

fn square_name(file: i32, rank: i32) -> Option<String> {
    if (0..12).contains(&file) && (1..=12).contains(&rank) {
        Some(format!("{}{}", (b'a' + file as u8) as char, rank))
    } else {
        None
    }
}

/// The board field of a FEN holding `pieces` (square, FEN token such as `K`, `p`, `+h`).
fn board(pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; 12]; 12];
    for &(s, t) in pieces {
        let (f, r) = coords(s);
        assert!(grid[(r - 1) as usize][f as usize].is_none(), "two pieces on {s}");
        grid[(r - 1) as usize][f as usize] = Some(t);
    }
    let mut rows = Vec::new();
    for cells in grid.iter().rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in cells {
            match *cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(t);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A full FEN with the section-13 Kings (a2, l11) added to `pieces`.
fn fen_k(pieces: &[(&str, &str)], side: char) -> String {
    let mut all = vec![("a2", "K"), ("l11", "k")];
    all.extend_from_slice(pieces);
    format!("{} {side} - 1", board(&all))
}

/// Parses and plays `t`; panics if it is refused.
fn play(p: &mut Position, t: &str) -> Move {
    let m = parse_move(p, t).unwrap_or_else(|e| panic!("{t} in {}: {e}", p.to_fen()));
    let _ = p.make(m);
    m
}

fn is_illegal(p: &mut Position, t: &str) -> bool {
    matches!(parse_move(p, t), Err(MoveError::Illegal { .. }))
}

/// (upper-case ID such as `+E`, owner) of the piece on `s`.
fn piece_on(p: &Position, s: &str) -> Option<(String, Color)> {
    p.piece_at(sq(s)).map(|pc| (p.game().piece(pc.kind()).id.clone(), pc.color()))
}

/// The squares from `files` (inclusive letters) x `ranks` (inclusive), minus `except`.
fn block(files: (char, char), ranks: (i32, i32), except: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for f in files.0..=files.1 {
        for r in ranks.0..=ranks.1 {
            let s = format!("{f}{r}");
            if !except.contains(&s.as_str()) {
                out.push(s);
            }
        }
    }
    out
}

fn lion_set(from: &str, targets: &[String], extra: &[&str]) -> BTreeSet<String> {
    let mut s: BTreeSet<String> = targets.iter().map(|t| format!("{from}{t}")).collect();
    s.extend(extra.iter().map(|e| e.to_string()));
    s
}

// ---- an independent reference for the non-lion pieces, transcribed from section 2 ----------

/// Owner-relative directions in the column order of the section 2 tables:
/// f, b, l, r, fl, fr, bl, br (first player's view; the second player's is turned 180°).
const DIRS: [(i32, i32); 8] = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)];

/// The direction cells of sections 2.1 and 2.2 (`-` none, `1` step, `S` slide, `J2` leap to
/// the second square). Lion-power pieces are tested with explicit sets instead.
fn cells(id: &str) -> [&'static str; 8] {
    let row = match id {
        "K" | "+E" => "1 1 1 1 1 1 1 1",
        "Q" | "+X" => "S S S S S S S S",
        "D" | "+R" => "S S S S 1 1 1 1",
        "H" | "+B" => "1 1 1 1 S S S S",
        "R" | "+G" => "S S S S - - - -",
        "B" | "+F" => "- - - - S S S S",
        "V" | "+S" => "S S 1 1 - - - -",
        "M" | "+C" => "1 1 S S - - - -",
        "E" | "+I" => "1 - 1 1 1 1 1 1",
        "T" => "- 1 1 1 1 1 1 1",
        "G" | "+P" => "1 1 1 1 1 1 - -",
        "F" => "1 1 - - 1 1 1 1",
        "O" => "J2 J2 J2 J2 1 1 1 1",
        "X" => "1 1 1 1 J2 J2 J2 J2",
        "A" => "S S - - - - - -",
        "L" => "S - - - - - - -",
        "S" => "1 - - - 1 1 1 1",
        "C" => "1 1 - - 1 1 - -",
        "I" => "1 1 - - - - - -",
        "P" => "1 - - - - - - -",
        "+V" => "S S - - S S S S",
        "+M" => "- - S S S S S S",
        "+T" => "S S 1 1 1 1 1 1",
        "+A" => "S S - - - - S S",
        "+L" => "S S - - S S - -",
        other => panic!("no direction cells for {other}"),
    };
    let v: Vec<&'static str> = row.split(' ').collect();
    v.try_into().unwrap()
}

/// Section 2.1/6: only unpromoted pieces other than King, Lion and Free King promote.
fn promotable(id: &str) -> bool {
    !id.starts_with('+') && !matches!(id, "K" | "N" | "Q")
}

fn in_zone(c: Color, rank: i32) -> bool {
    match c {
        Color::White => rank >= 9,
        Color::Black => rank <= 4,
    }
}

fn last_rank(c: Color, rank: i32) -> bool {
    match c {
        Color::White => rank == 12,
        Color::Black => rank == 1,
    }
}

/// Section 6: the promotion suffixes a move offers.
fn suffixes(id: &str, c: Color, from_rank: i32, to_rank: i32, capture: bool) -> Vec<&'static str> {
    if !promotable(id) {
        return vec![""];
    }
    let (zf, zt) = (in_zone(c, from_rank), in_zone(c, to_rank));
    let chance = if capture { zf || zt } else { !zf && zt };
    if !chance {
        vec![""]
    } else if matches!(id, "P" | "L") && last_rank(c, to_rank) {
        vec!["+"]
    } else {
        vec!["", "+"]
    }
}

/// The legal moves the rules file gives the (non-lion) piece on `from` in `p`.
fn expected_moves(p: &Position, from: &str) -> BTreeSet<String> {
    let pc = p.piece_at(sq(from)).unwrap_or_else(|| panic!("no piece on {from}"));
    let color = pc.color();
    let id = p.game().piece(pc.kind()).id.clone();
    let (f0, r0) = coords(from);
    let mut out = BTreeSet::new();
    for (cell, (dx, dy)) in cells(&id).iter().zip(DIRS) {
        let (dx, dy) = if color == Color::White { (dx, dy) } else { (-dx, -dy) };
        let (first, last) = match *cell {
            "-" => continue,
            "1" => (1, 1),
            "S" => (1, 11),
            "J2" => (2, 2),
            other => panic!("cell {other}"),
        };
        for k in first..=last {
            let Some(to) = square_name(f0 + k * dx, r0 + k * dy) else {
                break;
            };
            let capture = match p.piece_at(sq(&to)) {
                None => false,
                Some(q) if q.color() != color => true,
                Some(_) => break,
            };
            for s in suffixes(&id, color, r0, r0 + k * dy, capture) {
                out.insert(format!("{from}{to}{s}"));
            }
            if capture {
                break;
            }
        }
    }
    out
}

// ------------------------------------------------------------------------------------------
// Section 13, C1: start position
// ------------------------------------------------------------------------------------------

/// Section 13 C1: perft 36 / 1,296 / 48,315 for depths 1-3 (repetition rule off).
#[test]
fn c1_start_perft_depth_1_to_3() {
    let mut p = Position::start(&chu());
    assert_eq!(perft(&mut p, 1, History::Ignore), 36);
    assert_eq!(perft(&mut p, 2, History::Ignore), 1_296);
    assert_eq!(perft(&mut p, 3, History::Ignore), 48_315);
    assert_eq!(p.to_fen(), START, "perft must leave the position unchanged");
}

/// Section 13 C1: perft depth 4 = 1,801,639 (by-effect counting).
#[test]
fn c1_start_perft_depth_4() {
    let mut p = Position::start(&chu());
    assert_eq!(perft(&mut p, 4, History::Ignore), 1_801_639);
}

/// Section 13 C1: the 36 first moves, exactly, and their breakdown by piece type.
#[test]
fn c1_start_moves_by_piece_type() {
    let mut p = Position::start(&chu());
    let expected = set(&[
        // 10 Pawns (d4 and i4 are blocked by the Go-Betweens)
        "a4a5", "b4b5", "c4c5", "e4e5", "f4f5", "g4g5", "h4h5", "j4j5", "k4k5", "l4l5", // 2 Go-Betweens
        "d5d6", "i5i6", // Lion 5
        "f3e5", "f3f5", "f3g5", "f3h5", "f3d2", // Kirin 1
        "f2d2", // Blind Tigers 2
        "e2d2", "h2i2", // Leopards 2
        "b1b2", "k1k2", // Coppers 4
        "c1b2", "c1d2", "j1i2", "j1k2", // Silvers 2
        "d1d2", "i1i2", // Golds 2
        "e1d2", "h1i2", // Vertical Movers 2
        "b3b2", "k3k2", // Dragon Horses 2
        "d3d2", "i3i2", // Dragon Kings 2
        "e3d2", "h3i2",
    ]);
    assert_moves(&all_moves(&mut p), &expected, "start position");

    let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
    for m in legal_move_list(&mut p) {
        let (id, c) = piece_on(&p, &chu().shape.name(m.from)).unwrap();
        assert_eq!(c, Color::White);
        *by_type.entry(id).or_default() += 1;
    }
    let want: BTreeMap<String, usize> = [
        ("P", 10),
        ("I", 2),
        ("N", 5),
        ("O", 1),
        ("T", 2),
        ("F", 2),
        ("C", 4),
        ("S", 2),
        ("G", 2),
        ("V", 2),
        ("H", 2),
        ("D", 2),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(by_type, want);
}

/// Section 13 C1 / section 3: the second player's first moves are the first player's turned
/// through 180 degrees (after a first-player move that touches nothing of theirs).
#[test]
fn c1_second_player_replies_are_rotated() {
    let rot = |s: &String| {
        let (f, r) = coords(s);
        square_name(11 - f, 13 - r).unwrap()
    };
    let expected: BTreeSet<String> = all_moves(&mut Position::start(&chu()))
        .iter()
        .map(|m| squares_in(m).iter().map(rot).collect::<String>())
        .collect();
    let mut p = Position::start(&chu());
    play(&mut p, "a4a5");
    assert_moves(&all_moves(&mut p), &expected, "second player's replies");
}

// ------------------------------------------------------------------------------------------
// Section 3: setup
// ------------------------------------------------------------------------------------------

/// Section 3: the start array, the named squares, 46 pieces a side and the 180° symmetry.
#[test]
fn setup_matches_section_3() {
    let v = chu();
    assert_eq!(v.start_fen, START);
    let p = Position::start(&v);
    assert_eq!(p.to_fen(), START);
    assert_eq!(p.side(), Color::White);
    assert_eq!(p.pieces(Color::White).len(), 46);
    assert_eq!(p.pieces(Color::Black).len(), 46);
    for (s, id, c) in [
        ("f1", "K", Color::White),
        ("g1", "E", Color::White),
        ("f2", "O", Color::White),
        ("g2", "X", Color::White),
        ("f3", "N", Color::White),
        ("g3", "Q", Color::White),
        ("d5", "I", Color::White),
        ("i5", "I", Color::White),
        ("g12", "K", Color::Black),
        ("f12", "E", Color::Black),
        ("g10", "N", Color::Black),
        ("d8", "I", Color::Black),
        ("i8", "I", Color::Black),
    ] {
        assert_eq!(piece_on(&p, s), Some((id.to_string(), c)), "{s}");
    }
    for f in 0..12 {
        for r in 1..=12 {
            let a = square_name(f, r).unwrap();
            let b = square_name(11 - f, 13 - r).unwrap();
            match (piece_on(&p, &a), piece_on(&p, &b)) {
                (None, None) => {}
                (Some((ia, ca)), Some((ib, cb))) => {
                    assert_eq!(ia, ib, "{a} vs {b}");
                    assert_ne!(ca, cb, "{a} vs {b}");
                }
                (x, y) => panic!("{a}: {x:?} but {b}: {y:?}"),
            }
        }
    }
    assert_eq!(p.royal_count(Color::White), 1);
    assert_eq!(p.royal_count(Color::Black), 1);
}

// ------------------------------------------------------------------------------------------
// Section 2 / 4: piece moves
// ------------------------------------------------------------------------------------------

const START_TYPES: [&str; 21] =
    ["K", "N", "Q", "D", "H", "R", "B", "V", "M", "E", "T", "G", "F", "O", "X", "A", "L", "S", "C", "I", "P"];

/// Section 2.1: each non-lion start type alone on f6 moves exactly as its direction cells
/// say, including the promotion choices of section 6 for targets in ranks 9-12.
#[test]
fn start_types_alone_on_f6() {
    // Hand counts (targets + promotion alternatives), section 2.1 cells from f6.
    let counts = [
        ("K", 8),
        ("Q", 43),
        ("D", 30),
        ("H", 32),
        ("R", 26),
        ("B", 28),
        ("V", 17),
        ("M", 13),
        ("E", 7),
        ("T", 7),
        ("G", 6),
        ("F", 6),
        ("O", 8),
        ("X", 8),
        ("A", 15),
        ("L", 9),
        ("S", 5),
        ("C", 4),
        ("I", 2),
        ("P", 1),
    ];
    for (id, n) in counts {
        let f = pos(&fen_k(&[("f6", id)], 'w'));
        let mut p = f.clone();
        let got = moves_from(&mut p, "f6");
        let want = expected_moves(&f, "f6");
        assert_moves(&got, &want, &format!("{id} on f6"));
        assert_eq!(got.len(), n, "{id} on f6");
    }
    assert_eq!(counts.len() + 1, START_TYPES.len(), "every start type but the Lion (C2)");
}

/// Section 2.2: each non-lion promoted type alone on f6 (no promotion ever).
#[test]
fn promoted_types_alone_on_f6() {
    let counts = [
        ("+E", 8),
        ("+V", 32),
        ("+M", 32),
        ("+T", 17),
        ("+A", 21),
        ("+L", 22),
        ("+P", 6),
        ("+X", 43),
        ("+R", 26),
        ("+B", 25),
        ("+G", 22),
        ("+F", 21),
        ("+S", 13),
        ("+C", 13),
        ("+I", 7),
    ];
    for (id, n) in counts {
        let f = pos(&fen_k(&[("f6", id)], 'w'));
        let mut p = f.clone();
        let got = moves_from(&mut p, "f6");
        assert_moves(&got, &expected_moves(&f, "f6"), &format!("{id} on f6"));
        assert_eq!(got.len(), n, "{id} on f6");
        assert!(got.iter().all(|m| !m.ends_with('+')), "{id} promoted again: {got:?}");
    }
}

/// Section 2.2: a promoted Kirin moves as a Lion (as C2).
#[test]
fn promoted_kirin_is_a_lion() {
    let got = moves_of(&fen_k(&[("f6", "+O")], 'w'), "f6");
    let want = lion_set("f6", &block(('d', 'h'), (4, 8), &["f6"]), &["f6f6"]);
    assert_moves(&got, &want, "+O on f6");
}

/// The crowded neighbourhood of f6 used by the blocking tests.
fn crowded(piece: &str) -> String {
    fen_k(
        &[
            ("f6", piece),
            // own pieces
            ("f7", "G"),
            ("e5", "G"),
            ("h6", "S"),
            ("h8", "S"),
            // enemy pieces
            ("g6", "p"),
            ("e7", "g"),
            ("f4", "s"),
            ("d8", "s"),
        ],
        'w',
    )
}

/// Sections 2 and 4: in a crowded position sliders stop at the first piece, capture only
/// enemies, never land on friends; Kirin and Phoenix J2 moves leap over the first square.
#[test]
fn pieces_blocked_and_leaping_in_a_crowd() {
    for id in START_TYPES
        .iter()
        .filter(|&&id| id != "N")
        .copied()
        .chain(["+E", "+V", "+M", "+T", "+A", "+L", "+P", "+X", "+R", "+B", "+G", "+F", "+S", "+C", "+I"])
    {
        let f = pos(&crowded(id));
        let mut p = f.clone();
        assert_moves(&moves_from(&mut p, "f6"), &expected_moves(&f, "f6"), &format!("{id} on f6 in the crowd"));
    }
    // Hand-checked spot sets.
    assert_moves(
        &moves_of(&crowded("O"), "f6"),
        &with_from("f6", &["f8", "f4", "d6", "e7", "g7", "g5"]),
        "Kirin in the crowd (f8 over own f7, f4 captures, h6 own)",
    );
    assert_moves(
        &moves_of(&crowded("X"), "f6"),
        &with_from("f6", &["f5", "e6", "g6", "d8", "d4", "h4"]),
        "Phoenix in the crowd (d8 over e7 captures, d4 over own e5, h8 own)",
    );
    assert_moves(
        &moves_of(&crowded("Q"), "f6"),
        &with_from("f6", &["f5", "f4", "e6", "d6", "c6", "b6", "a6", "g6", "e7", "g7", "g5", "h4", "i3", "j2", "k1"]),
        "Free King in the crowd",
    );
}

/// Section 1/2: the second player's pieces move in the rotated directions (Lance, Pawn,
/// Silver by hand; every non-lion type against the reference).
#[test]
fn second_player_pieces_are_rotated() {
    assert_moves(
        &moves_of(&fen_k(&[("e7", "l")], 'b'), "e7"),
        &with_from("e7", &["e6", "e5", "e4", "e4+", "e3", "e3+", "e2", "e2+", "e1+"]),
        "Black Lance e7",
    );
    assert_moves(&moves_of(&fen_k(&[("e5", "p")], 'b'), "e5"), &with_from("e5", &["e4", "e4+"]), "Black Pawn e5");
    assert_moves(&moves_of(&fen_k(&[("e2", "p")], 'b'), "e2"), &with_from("e2", &["e1"]), "Black Pawn e2");
    assert_moves(
        &moves_of(&fen_k(&[("e2", "p"), ("e1", "G")], 'b'), "e2"),
        &with_from("e2", &["e1+"]),
        "Black Pawn e2 capturing on e1",
    );
    assert_moves(
        &moves_of(&fen_k(&[("f6", "s")], 'b'), "f6"),
        &with_from("f6", &["f5", "e5", "g5", "e7", "g7"]),
        "Black Silver f6",
    );
    for id in START_TYPES.iter().filter(|&&id| id != "N") {
        let lower = id.to_ascii_lowercase();
        let f = pos(&fen_k(&[("g7", &lower)], 'b'));
        let mut p = f.clone();
        assert_moves(&moves_from(&mut p, "g7"), &expected_moves(&f, "g7"), &format!("Black {id} on g7"));
    }
}

/// Section 4: no move ends on a friendly piece; the King may move into attack (no check
/// rule) and a side may leave its King attacked.
#[test]
fn no_check_rule() {
    // Black Rook on b12 attacks the whole b-file, Black Rook a12 attacks the King on a2.
    let f = fen_k(&[("b12", "r"), ("a12", "r"), ("h1", "G")], 'w');
    assert_moves(&moves_of(&f, "a2"), &with_from("a2", &["a1", "a3", "b1", "b2", "b3"]), "King a2");
    assert_moves(&moves_of(&f, "h1"), &with_from("h1", &["h2", "g1", "i1", "g2", "i2"]), "Gold h1 ignores the check");
    let mut p = pos(&f);
    assert_eq!(outcome(&mut p), None, "no checkmate rule (section 9)");
}

// ------------------------------------------------------------------------------------------
// Section 5 / 13: Lion and lion lines
// ------------------------------------------------------------------------------------------

/// Section 13 C2 / 5.1: Lion alone on f6 has 25 moves: 24 jumps and the pass.
#[test]
fn c2_lion_alone() {
    let got = moves_of(&fen_k(&[("f6", "N")], 'w'), "f6");
    let want = lion_set("f6", &block(('d', 'h'), (4, 8), &["f6"]), &["f6f6"]);
    assert_eq!(want.len(), 25);
    assert_moves(&got, &want, "C2");
}

const C3: &str = "12/11k/12/12/4p7/4n7/12/4N7/12/12/K11/12 w - 1";

/// Section 13 C3 / 7.1 Rule A: a distant Lion protected by a Pawn may not be taken.
#[test]
fn c3_distant_protected_lion() {
    assert_eq!(fen_k(&[("e8", "p"), ("e7", "n"), ("e5", "N")], 'w'), C3);
    let targets = block(('c', 'g'), (3, 7), &["e5"]);
    let without_e7: Vec<String> = targets.iter().filter(|t| *t != "e7").cloned().collect();
    assert_moves(&moves_of(C3, "e5"), &lion_set("e5", &without_e7, &["e5e5"]), "C3 (24)");
    let mut p = pos(C3);
    assert!(is_illegal(&mut p, "e5e7"));
    assert!(parse_move(&mut p, "e5e6").is_ok());

    // Without the Pawn: 25 moves, e5e7 legal.
    let free = fen_k(&[("e7", "n"), ("e5", "N")], 'w');
    assert_moves(&moves_of(&free, "e5"), &lion_set("e5", &targets, &["e5e5"]), "C3 without the Pawn (25)");
}

/// Section 13 C4 / 7.1 Rule A.2: protection through the Lion's vacated origin counts.
#[test]
fn c4_protection_through_vacated_origin() {
    let f = fen_k(&[("e7", "n"), ("e5", "N"), ("e1", "r")], 'w');
    let targets: Vec<String> = block(('c', 'g'), (3, 7), &["e5", "e7"]);
    let got = moves_of(&f, "e5");
    assert_moves(&got, &lion_set("e5", &targets, &["e5e5"]), "C4 (24, no capture)");
}

/// Section 7.1 Rule A.2: protectors of every kind count (King, Lion jump, Horned Falcon's
/// lion line), and a promoted Kirin is a Lion both as target and as capturer.
#[test]
fn rule_a_protectors_and_promoted_kirin() {
    // Protected by the enemy King on e8 (the only Black royal).
    let f = format!("{} w - 1", board(&[("a2", "K"), ("e8", "k"), ("e7", "n"), ("e5", "N")]));
    assert!(!moves_of(&f, "e5").contains("e5e7"), "King protects");
    // Protected by another enemy Lion at distance 2 (g8).
    let f = fen_k(&[("g8", "n"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(!moves_of(&f, "e5").contains("e5e7"), "Lion protects");
    // Protected by a Black Horned Falcon on e9 (forward is down: s1 e8, s2 e7), with e8
    // empty or holding a White piece it jumps over.
    let f = fen_k(&[("e9", "+h"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(!moves_of(&f, "e5").contains("e5e7"), "Falcon lion line protects");
    let f = fen_k(&[("e9", "+h"), ("e8", "G"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(!moves_of(&f, "e5").contains("e5e7"), "Falcon lion line protects over e8");
    // Control: a Black Gold on e9 does not reach e7.
    let f = fen_k(&[("e9", "g"), ("e7", "n"), ("e5", "N")], 'w');
    assert!(moves_of(&f, "e5").contains("e5e7"), "Gold e9 does not protect e7");
    // Target is a promoted Kirin.
    let f = fen_k(&[("e8", "p"), ("e7", "+o"), ("e5", "N")], 'w');
    assert_eq!(moves_of(&f, "e5").len(), 24);
    assert!(!moves_of(&f, "e5").contains("e5e7"), "+O target");
    // Capturer is a promoted Kirin.
    let f = fen_k(&[("e8", "p"), ("e7", "n"), ("e5", "+O")], 'w');
    assert_eq!(moves_of(&f, "e5").len(), 24);
    assert!(!moves_of(&f, "e5").contains("e5e7"), "+O capturer");
}

/// Section 13 C5 / 7.1: an adjacent Lion may always be taken: 10 captures, 33 moves.
#[test]
fn c5_adjacent_lion() {
    let f = fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "N")], 'w');
    let quiet = block(('c', 'g'), (4, 8), &["e6", "e7", "e8"]);
    assert_eq!(quiet.len(), 22);
    let captures = [
        "e6e7",
        "e6e7,e7e6",
        "e6e7,e7d6",
        "e6e7,e7f6",
        "e6e7,e7d7",
        "e6e7,e7f7",
        "e6e7,e7d8",
        "e6e7,e7f8",
        "e6e7,e7e8",
        "e6e8",
    ];
    let mut want = lion_set("e6", &quiet, &["e6e6"]);
    want.extend(captures.iter().map(|s| s.to_string()));
    assert_eq!(want.len(), 33);
    assert_moves(&moves_of(&f, "e6"), &want, "C5");
}

/// Section 5.1: the second step may not land on a friendly piece; no pass when no adjacent
/// square is empty.
#[test]
fn lion_second_step_and_pass_conditions() {
    // Enemy Pawn e7, own Gold d8: hit-and-run via e7 cannot end on d8.
    let f = fen_k(&[("e6", "N"), ("e7", "p"), ("d8", "G")], 'w');
    let got = moves_of(&f, "e6");
    assert!(!got.contains("e6e7,e7d8") && !got.contains("e6d8"), "{got:?}");
    assert!(got.contains("e6e7,e7e8") && got.contains("e6e7,e7e6"), "{got:?}");
    // Surrounded by eight enemy Pawns: captures, but no pass.
    let ring: Vec<(&str, &str)> = ["d5", "e5", "f5", "d6", "f6", "d7", "e7", "f7"].iter().map(|&s| (s, "p")).collect();
    let mut pieces = vec![("e6", "N")];
    pieces.extend(ring);
    let f = fen_k(&pieces, 'w');
    let got = moves_of(&f, "e6");
    assert!(!got.contains("e6e6"), "no pass when every adjacent square is occupied");
    let mut p = pos(&f);
    assert!(parse_move(&mut p, "@@@@").is_err());
    // Expected: the 16 distant squares, the 8 direct captures, and for each captured X every
    // Y adjacent to X (here each is empty, an enemy, or e6 itself = igui).
    let mut want: BTreeSet<String> = block(('c', 'g'), (4, 8), &[])
        .iter()
        .filter(|t| {
            let (f, r) = coords(t);
            (f - 4).abs() == 2 || (r - 6).abs() == 2
        })
        .map(|t| format!("e6{t}"))
        .collect();
    let adj = ["d5", "e5", "f5", "d6", "f6", "d7", "e7", "f7"];
    for x in adj {
        want.insert(format!("e6{x}"));
        let (xf, xr) = coords(x);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                if let Some(y) = square_name(xf + dx, xr + dy) {
                    want.insert(format!("e6{x},{x}{y}"));
                }
            }
        }
    }
    assert_moves(&got, &want, "Lion in a ring of Pawns");
}

/// Section 13 C6 / 7.1 Rule A.1: a bridge capture (not Pawn or Go-Between) on the first step
/// makes the distant Lion capture legal.
#[test]
fn c6_bridge_capture() {
    let with = |bridge: &str| fen_k(&[("e8", "p"), ("e7", "n"), ("e6", bridge), ("e5", "N")], 'w');
    let quiet = block(('c', 'g'), (3, 7), &["e5", "e6", "e7"]);
    let mut base = lion_set("e5", &quiet, &["e5e5"]);
    base.extend(
        ["e5e6", "e5e6,e6e5", "e5e6,e6d5", "e5e6,e6f5", "e5e6,e6d6", "e5e6,e6f6", "e5e6,e6d7", "e5e6,e6f7"]
            .iter()
            .map(|s| s.to_string()),
    );
    assert_eq!(base.len(), 31);
    let mut with_double = base.clone();
    with_double.insert("e5e6,e6e7".into());

    assert_moves(&moves_of(&with("s"), "e5"), &with_double, "C6 Silver bridge (32)");
    assert_moves(&moves_of(&with("i"), "e5"), &base, "C6 Go-Between is no bridge (31)");
    assert_moves(&moves_of(&with("p"), "e5"), &base, "a Pawn is no bridge (31)");
    // Promoted Pawn and Go-Between are bridges ("unpromoted Pawn or Go-Between").
    assert_moves(&moves_of(&with("+p"), "e5"), &with_double, "Tokin bridge (32)");
    assert_moves(&moves_of(&with("+i"), "e5"), &with_double, "+I bridge (32)");
}

/// Section 13 C7 (a) / 7.1 Rule B: after a non-Lion took a Lion, a non-Lion may not take a Lion.
#[test]
fn c7a_counter_strike_forbids_non_lion() {
    let f = "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1";
    assert_eq!(fen_k(&[("e7", "n"), ("e6", "G"), ("c4", "g")], 'w').replace(" - ", " c4 "), f);
    assert_eq!(pos(f).counter_strike(), Some(sq("c4")));
    assert_moves(&moves_of(f, "e6"), &with_from("e6", &["e5", "d6", "f6", "d7", "f7"]), "C7a (5)");
    let mut p = pos(f);
    assert!(is_illegal(&mut p, "e6e7"));
    let g = f.replace(" c4 ", " - ");
    assert_moves(&moves_of(&g, "e6"), &with_from("e6", &["e5", "d6", "f6", "d7", "f7", "e7"]), "C7a without (6)");
    // A non-Lion may still take a non-Lion.
    let h = fen_k(&[("e7", "n"), ("e6", "G"), ("c4", "g"), ("d7", "p")], 'w').replace(" - ", " c4 ");
    assert!(moves_of(&h, "e6").contains("e6d7"));
}

/// Section 13 C7 (b): Lions are exempt from Rule B.
#[test]
fn c7b_lion_exempt_from_counter_strike() {
    let f = "12/11k/12/12/12/4n7/12/4N7/2g9/12/K11/12 w c4 1";
    let targets = block(('c', 'g'), (3, 7), &["e5"]);
    let got = moves_of(f, "e5");
    assert_moves(&got, &lion_set("e5", &targets, &["e5e5"]), "C7b (25)");
    assert!(got.contains("e5e7") && got.contains("e5c4"));
    // A promoted Kirin is a Lion too.
    let f = "12/11k/12/12/12/4n7/12/4+O7/2g9/12/K11/12 w c4 1";
    assert!(moves_of(f, "e5").contains("e5e7"));
}

/// Section 13 C7 (c) / 7.1: a Gold takes a Lion, the reply may not take our Lion with a
/// non-Lion; the restriction lasts exactly one move; FEN third field follows it.
#[test]
fn c7c_counter_strike_lasts_one_move() {
    let start = "12/11k/12/12/12/4n7/4G7/2g9/2N9/12/K11/12";
    let mut p = pos(start);
    assert_eq!(p.to_fen(), format!("{start} w - 1"));
    assert_eq!(p.counter_strike(), None);
    let m = parse_move(&mut p, "e6e7").unwrap();
    let u = p.make(m);
    assert_eq!(p.counter_strike(), Some(sq("e7")));
    assert_eq!(p.to_fen(), "12/11k/12/12/12/4G7/12/2g9/2N9/12/K11/12 b e7 1");
    assert!(is_illegal(&mut p, "c5c4"), "Gold may not take the Lion right after");
    assert!(!moves_from(&mut p, "c5").contains("c5c4"));
    assert!(parse_move(&mut p, "c5d4").is_ok());
    p.unmake(m, u);
    assert_eq!(p.to_fen(), format!("{start} w - 1"));

    // Exactly one move: after a quiet reply and a quiet move, the capture is legal.
    play(&mut p, "e6e7");
    play(&mut p, "l11l12");
    assert_eq!(p.counter_strike(), None);
    play(&mut p, "a2a1");
    assert!(moves_from(&mut p, "c5").contains("c5c4"));
    play(&mut p, "c5c4");
    // That capture (non-Lion takes Lion) sets it again, for White.
    assert_eq!(p.counter_strike(), Some(sq("c4")));
    assert!(p.to_fen().ends_with(" w c4 3"), "{}", p.to_fen());
}

/// Section 7.1 Rule B: a Kirin that takes a Lion sets the counter-strike square, whether it
/// promotes or not (judged before promotion); the new Lion is protected by it.
#[test]
fn kirin_takes_lion_and_promotes() {
    let f = fen_k(&[("e8", "O"), ("e10", "n"), ("e11", "g"), ("g11", "n")], 'w');
    let got = moves_of(&f, "e8");
    assert!(got.contains("e8e10") && got.contains("e8e10+"), "{got:?}");
    for t in ["e8e10+", "e8e10"] {
        let mut p = pos(&f);
        play(&mut p, t);
        assert_eq!(p.counter_strike(), Some(sq("e10")), "{t}");
        assert!(p.to_fen().contains(" b e10 "), "{}", p.to_fen());
        // The Black Lion on g11 may take the piece on e10 (unprotected, Lions are exempt).
        assert!(moves_from(&mut p, "g11").contains("g11e10"), "{t}");
    }
    // After the promotion the new Lion is protected by Rule B: the Gold may not take it.
    let mut p = pos(&f);
    play(&mut p, "e8e10+");
    assert_moves(&moves_from(&mut p, "e11"), &with_from("e11", &["f10", "d10", "f11", "d11", "e12"]), "+O on e10");
    // Unpromoted, e10 holds a Kirin, which is no Lion: the Gold may take it.
    let mut p = pos(&f);
    play(&mut p, "e8e10");
    assert!(moves_from(&mut p, "e11").contains("e11e10"));
    let mut p = pos(&f);
    play(&mut p, "e8e10+");
    assert_eq!(piece_on(&p, "e10"), Some(("+O".into(), Color::White)));
    assert_eq!(p.to_fen(), fen_k(&[("e10", "+O"), ("e11", "g"), ("g11", "n")], 'b').replace(" - ", " e10 "));
}

/// Section 7.1 Rule B: a Horned Falcon taking a Lion on s1 triggers it; a Lion taking a Lion
/// does not; under it a Falcon may not take a Lion.
#[test]
fn counter_strike_triggers() {
    let f = fen_k(&[("e8", "+H"), ("e9", "n")], 'w');
    for t in ["e8e9", "e8e9,e9e8", "e8e9,e9e10"] {
        let mut p = pos(&f);
        play(&mut p, t);
        assert_eq!(p.counter_strike(), Some(sq("e9")), "{t}");
    }
    let mut p = pos(&f);
    play(&mut p, "e8e10");
    assert_eq!(p.counter_strike(), None, "the jump captures nothing");

    let mut p = pos(&fen_k(&[("e6", "N"), ("e7", "n")], 'w'));
    play(&mut p, "e6e7");
    assert_eq!(p.counter_strike(), None, "a Lion took the Lion");

    let under = f.replace(" - ", " c4 ");
    let got = moves_of(&under, "e8");
    for t in ["e8e9", "e8e9,e9e8", "e8e9,e9e10"] {
        assert!(!got.contains(t), "{t} under Rule B");
    }
    assert!(got.contains("e8e10"), "the Falcon's jump takes nothing");
}

/// Section 13 C8 / 5.2: Horned Falcon (40) and Soaring Eagle (37) alone on f6.
#[test]
fn c8_falcon_and_eagle() {
    let mut falcon = with_from("f6", &["f7", "f8", "f6"]);
    for t in [
        "f5", "f4", "f3", "f2", "f1", // b 5
        "e6", "d6", "c6", "b6", "a6", // l 5
        "g6", "h6", "i6", "j6", "k6", "l6", // r 6
        "e7", "d8", "c9", "b10", "a11", // fl 5
        "g7", "h8", "i9", "j10", "k11", "l12", // fr 6
        "e5", "d4", "c3", "b2", "a1", // bl 5
        "g5", "h4", "i3", "j2", "k1", // br 5
    ] {
        falcon.insert(format!("f6{t}"));
    }
    assert_eq!(falcon.len(), 40);
    assert_moves(&moves_of(&fen_k(&[("f6", "+H")], 'w'), "f6"), &falcon, "C8 Falcon");

    let mut eagle = with_from("f6", &["e7", "d8", "g7", "h8", "f6"]);
    for t in [
        "f7", "f8", "f9", "f10", "f11", "f12", // f 6
        "f5", "f4", "f3", "f2", "f1", // b 5
        "e6", "d6", "c6", "b6", "a6", // l 5
        "g6", "h6", "i6", "j6", "k6", "l6", // r 6
        "e5", "d4", "c3", "b2", "a1", // bl 5
        "g5", "h4", "i3", "j2", "k1", // br 5
    ] {
        eagle.insert(format!("f6{t}"));
    }
    assert_eq!(eagle.len(), 37);
    assert_moves(&moves_of(&fen_k(&[("f6", "+D")], 'w'), "f6"), &eagle, "C8 Eagle");
}

/// Section 13 C8: Falcon on e8 with enemy Pawns e9, e10: 37 slides + 4 captures, no pass.
#[test]
fn c8_falcon_line_captures() {
    let f = fen_k(&[("e8", "+H"), ("e9", "p"), ("e10", "p")], 'w');
    let mut want = set(&["e8e9,e9e8", "e8e9", "e8e10", "e8e9,e9e10"]);
    for t in [
        "e7", "e6", "e5", "e4", "e3", "e2", "e1", // b 7
        "d8", "c8", "b8", "a8", // l 4
        "f8", "g8", "h8", "i8", "j8", "k8", "l8", // r 7
        "d9", "c10", "b11", "a12", // fl 4
        "f9", "g10", "h11", "i12", // fr 4
        "d7", "c6", "b5", "a4", // bl 4
        "f7", "g6", "h5", "i4", "j3", "k2", "l1", // br 7
    ] {
        want.insert(format!("e8{t}"));
    }
    assert_eq!(want.len(), 41);
    assert_moves(&moves_of(&f, "e8"), &want, "C8 Falcon e8");
}

/// Section 5.2: lion lines jump over a friendly s1, never land on a friend, and the Eagle's
/// pass needs one empty s1.
#[test]
fn lion_line_details() {
    // Falcon e8, own Gold e9: jump to e10 only on its forward line, no pass.
    let got = moves_of(&fen_k(&[("e8", "+H"), ("e9", "G")], 'w'), "e8");
    assert!(got.contains("e8e10") && !got.contains("e8e9") && !got.contains("e8e8"), "{got:?}");
    // Own piece on s2: step to s1 only (and the pass).
    let got = moves_of(&fen_k(&[("e8", "+H"), ("e10", "G")], 'w'), "e8");
    assert!(got.contains("e8e9") && !got.contains("e8e10") && got.contains("e8e8"), "{got:?}");
    // Eagle f6 with one forward-diagonal s1 blocked by an own piece: still one pass.
    let got = moves_of(&fen_k(&[("f6", "+D"), ("e7", "G")], 'w'), "f6");
    assert!(got.contains("f6f6") && got.contains("f6d8") && !got.contains("f6e7"), "{got:?}");
    // Both blocked by own pieces: no pass, jumps over both.
    let got = moves_of(&fen_k(&[("f6", "+D"), ("e7", "G"), ("g7", "G")], 'w'), "f6");
    assert!(!got.contains("f6f6") && got.contains("f6d8") && got.contains("f6h8"), "{got:?}");
    // Eagle igui and double capture on its lion line; the line does not bend.
    let got = moves_of(&fen_k(&[("f6", "+D"), ("e7", "p"), ("d8", "p"), ("e8", "p")], 'w'), "f6");
    for t in ["f6e7", "f6e7,e7f6", "f6e7,e7d8", "f6d8"] {
        assert!(got.contains(t), "{t} in {got:?}");
    }
    assert!(!got.contains("f6e7,e7e8") && !got.contains("f6e8"), "lion line never bends: {got:?}");
}

/// Section 13 C14 / 10: the second player's Lion double capture, written `e8e7,e7e6`.
#[test]
fn c14_double_capture_text() {
    let mut p = pos("12/11k/12/12/4n7/4G7/4G7/12/12/12/K11/12");
    play(&mut p, "a2a1");
    assert!(moves_from(&mut p, "e8").contains("e8e7,e7e6"));
    let m = play(&mut p, "e8e7,e7e6");
    assert_eq!(text(m), "e8e7,e7e6");
    assert_eq!(piece_on(&p, "e6"), Some(("N".into(), Color::Black)));
    assert_eq!(piece_on(&p, "e7"), None);
    assert_eq!(p.pieces(Color::White).len(), 1);
    assert_eq!(p.counter_strike(), None);
}

/// Section 13 C15: Kirin (8) and Phoenix (8) alone on f6.
#[test]
fn c15_kirin_and_phoenix() {
    assert_moves(
        &moves_of(&fen_k(&[("f6", "O")], 'w'), "f6"),
        &with_from("f6", &["f8", "f4", "d6", "h6", "e5", "g5", "e7", "g7"]),
        "Kirin",
    );
    assert_moves(
        &moves_of(&fen_k(&[("f6", "X")], 'w'), "f6"),
        &with_from("f6", &["f7", "f5", "e6", "g6", "d4", "h4", "d8", "h8"]),
        "Phoenix",
    );
}

// ------------------------------------------------------------------------------------------
// Section 6 / 13: promotion
// ------------------------------------------------------------------------------------------

/// Section 13 C9 / 6: entering the zone without capture offers promotion (both moves).
#[test]
fn c9_entering_the_zone() {
    let f = fen_k(&[("e8", "S")], 'w');
    assert_moves(&moves_of(&f, "e8"), &with_from("e8", &["d9", "d9+", "e9", "e9+", "f9", "f9+", "d7", "f7"]), "C9");
    let mut p = pos(&f);
    let plain = parse_move(&mut p, "e8e9").unwrap();
    assert_eq!(plain.promotion(), None, "no suffix = deferral");
    assert_eq!(parse_move(&mut p, "e8e9=").unwrap(), plain);
    assert!(parse_move(&mut p, "e8e9+").unwrap().promotion().is_some());
}

/// Section 13 C10 / 6: non-captures inside the zone never promote; captures there do.
#[test]
fn c10_inside_the_zone() {
    let f = fen_k(&[("e9", "S")], 'w');
    assert_moves(&moves_of(&f, "e9"), &with_from("e9", &["d10", "e10", "f10", "d8", "f8"]), "C10");
    let mut p = pos(&f);
    assert!(is_illegal(&mut p, "e9e10+"));
    assert!(parse_move(&mut p, "e9e10").is_ok());
    let g = fen_k(&[("e9", "S"), ("d10", "p"), ("e10", "p")], 'w');
    assert_moves(
        &moves_of(&g, "e9"),
        &with_from("e9", &["d10", "d10+", "e10", "e10+", "f10", "d8", "f8"]),
        "C10 with captures",
    );
}

/// Section 13 C11 / 6: a capture out of the zone offers promotion.
#[test]
fn c11_capturing_out_of_the_zone() {
    let f = fen_k(&[("e9", "S"), ("d8", "p")], 'w');
    assert_moves(&moves_of(&f, "e9"), &with_from("e9", &["d10", "e10", "f10", "d8", "d8+", "f8"]), "C11");
}

/// Section 6: captures outside the zone never promote; a capture entering it does.
#[test]
fn captures_and_the_zone() {
    let f = fen_k(&[("e3", "R"), ("e7", "p")], 'w');
    assert!(moves_of(&f, "e3").iter().all(|m| !m.ends_with('+')));
    let f = fen_k(&[("e6", "R"), ("e10", "p")], 'w');
    let got = moves_of(&f, "e6");
    assert!(got.contains("e6e10") && got.contains("e6e10+") && got.contains("e6e9+") && got.contains("e6e9"));
    // HaChu accepts a Rook deferral e8e9; we generate both.
    let got = moves_of(&fen_k(&[("e8", "R")], 'w'), "e8");
    assert!(got.contains("e8e9") && got.contains("e8e9+"));
}

/// Section 6: to get another chance without capturing, the piece must leave the zone and
/// enter again.
#[test]
fn leave_and_reenter_the_zone() {
    let mut p = pos(&fen_k(&[("e9", "S")], 'w'));
    play(&mut p, "e9d8");
    play(&mut p, "l11l12");
    assert_moves(
        &moves_from(&mut p, "d8"),
        &with_from("d8", &["c9", "c9+", "d9", "d9+", "e9", "e9+", "c7", "e7"]),
        "re-entry",
    );
}

/// Section 13 C12 / 6: Pawn and Lance at the last rank.
#[test]
fn c12_pawn_and_lance_at_the_last_rank() {
    // Pawn e11: e11e12 without promotion, then immobile.
    let f = fen_k(&[("e11", "P")], 'w');
    assert_moves(&moves_of(&f, "e11"), &with_from("e11", &["e12"]), "Pawn e11");
    let mut p = pos(&f);
    play(&mut p, "e11e12");
    assert_eq!(piece_on(&p, "e12"), Some(("P".into(), Color::White)));
    play(&mut p, "l11l10");
    assert!(moves_from(&mut p, "e12").is_empty(), "the unpromoted Pawn on e12 is immobile");

    // Pawn e10: e10e11 only; e10e11+ rejected.
    let f = fen_k(&[("e10", "P")], 'w');
    assert_moves(&moves_of(&f, "e10"), &with_from("e10", &["e11"]), "Pawn e10");
    assert!(is_illegal(&mut pos(&f), "e10e11+"));

    // A Pawn that entered without promoting cannot promote with a later non-capture.
    let mut p = pos(&fen_k(&[("d8", "P")], 'w'));
    assert_moves(&moves_from(&mut p, "d8"), &with_from("d8", &["d9", "d9+"]), "Pawn d8");
    play(&mut p, "d8d9");
    assert_eq!(piece_on(&p, "d9"), Some(("P".into(), Color::White)));
    play(&mut p, "l11l10");
    assert!(is_illegal(&mut p, "d9d10+"));
    assert!(parse_move(&mut p, "d9d10").is_ok());

    // A capture onto the last rank must promote.
    let f = fen_k(&[("e11", "P"), ("e12", "p")], 'w');
    assert_moves(&moves_of(&f, "e11"), &with_from("e11", &["e12+"]), "Pawn e11 takes e12");
    let mut p = pos(&f);
    assert!(parse_move(&mut p, "e11e12").unwrap().promotion().is_some(), "deferral text = forced promotion");
    assert!(parse_move(&mut p, "e11e12=").is_err());

    // Lance e6: 9 moves, e12 only with promotion.
    let f = fen_k(&[("e6", "L")], 'w');
    assert_moves(
        &moves_of(&f, "e6"),
        &with_from("e6", &["e7", "e8", "e9", "e9+", "e10", "e10+", "e11", "e11+", "e12+"]),
        "Lance e6",
    );
    let mut p = pos(&f);
    assert_eq!(text(parse_move(&mut p, "e6e12").unwrap()), "e6e12+");
    assert!(parse_move(&mut p, "e6e12=").is_err());

    // Lance inside the zone: reaches e12 unpromoted without capture, must promote capturing.
    let f = fen_k(&[("e10", "L")], 'w');
    assert_moves(&moves_of(&f, "e10"), &with_from("e10", &["e11", "e12"]), "Lance e10");
    let mut p = pos(&f);
    play(&mut p, "e10e12");
    play(&mut p, "l11l10");
    assert!(moves_from(&mut p, "e12").is_empty(), "the unpromoted Lance on e12 is immobile");
    let f = fen_k(&[("e10", "L"), ("e12", "p")], 'w');
    assert_moves(&moves_of(&f, "e10"), &with_from("e10", &["e11", "e12+"]), "Lance e10 takes e12");
}

/// Sections 2.1 / 6: King, Lion and Free King never promote; promoted pieces never promote
/// again.
#[test]
fn never_promoting_pieces() {
    for (id, from) in [("K", "e8"), ("Q", "e8"), ("N", "e8"), ("+B", "e8"), ("+G", "e8"), ("+I", "e8"), ("+P", "e8")] {
        let f = fen_k(&[(from, id), ("e9", "p"), ("d9", "p")], 'w');
        let got = moves_of(&f, from);
        assert!(!got.is_empty());
        assert!(got.iter().all(|m| !m.ends_with('+')), "{id}: {got:?}");
    }
}

/// Sections 2.2 / 9: a Drunk Elephant promotes to a royal Crown Prince, a Go-Between to a
/// non-royal Drunk Elephant.
#[test]
fn drunk_elephant_and_go_between_promotion() {
    let f = fen_k(&[("e8", "E"), ("h8", "I")], 'w');
    let mut p = pos(&f);
    assert!(moves_from(&mut p, "e8").contains("e8e9+"));
    play(&mut p, "e8e9+");
    assert_eq!(piece_on(&p, "e9"), Some(("+E".into(), Color::White)));
    assert_eq!(p.royal_count(Color::White), 2);
    play(&mut p, "l11l10");
    play(&mut p, "h8h9+");
    assert_eq!(piece_on(&p, "h9"), Some(("+I".into(), Color::White)));
    assert_eq!(p.royal_count(Color::White), 2, "+I is not royal");
    let q = pos(&fen_k(&[("e8", "+I")], 'w'));
    assert_eq!(q.royal_count(Color::White), 1);
    let q = pos(&fen_k(&[("e8", "+E")], 'w'));
    assert_eq!(q.royal_count(Color::White), 2);
}

// ------------------------------------------------------------------------------------------
// Section 8 / 13: repetition
// ------------------------------------------------------------------------------------------

/// Section 13 C13 / 8.1: recreating the start position is illegal.
#[test]
fn c13_repetition() {
    let mut p = Position::start(&chu());
    play(&mut p, "f2d2");
    play(&mut p, "g11i11");
    play(&mut p, "d2f2");
    assert!(!moves_from(&mut p, "i11").contains("i11g11"));
    assert!(is_illegal(&mut p, "i11g11"));
    // Perft with the rule counts one move fewer than without.
    assert_eq!(perft(&mut p, 1, History::Ignore), perft(&mut p, 1, History::Apply) + 1);
}

/// Section 8.1: any earlier position with the same side to move counts; the same board with
/// the other side to move does not.
#[test]
fn repetition_of_a_later_position_and_side_to_move() {
    let mut p = pos(&fen_k(&[], 'w'));
    play(&mut p, "a2a1");
    play(&mut p, "l11l12");
    play(&mut p, "a1b1");
    play(&mut p, "l12l11");
    // b1a1 would recreate the position after a2a1 (Black to move).
    assert!(is_illegal(&mut p, "b1a1"));
    // b1a2 gives the start board, but with Black to move: never seen.
    assert!(parse_move(&mut p, "b1a2").is_ok());
}

/// Section 8.1: the counter-strike state is not part of position identity.
#[test]
fn repetition_ignores_counter_strike() {
    let mut p = pos(&fen_k(&[("e7", "n"), ("e6", "G")], 'w'));
    play(&mut p, "e6e7");
    assert_eq!(p.counter_strike(), Some(sq("e7")));
    play(&mut p, "l11l12");
    play(&mut p, "a2a1");
    play(&mut p, "l12l11");
    assert_eq!(p.counter_strike(), None);
    // a1a2 recreates the board after e6e7 with Black to move; only the counter-strike differs.
    assert!(is_illegal(&mut p, "a1a2"));
    assert!(parse_move(&mut p, "a1b1").is_ok());
}

/// Section 8.1: two passes in a row recreate the position, so the second is illegal.
#[test]
fn two_passes_in_a_row() {
    let mut p = pos(&fen_k(&[("e5", "N"), ("h8", "n")], 'w'));
    let m = play(&mut p, "@@@@");
    assert_eq!(text(m), "e5e5");
    assert!(!moves_from(&mut p, "h8").contains("h8h8"));
    assert!(parse_move(&mut p, "@@@@").is_err());
    assert!(is_illegal(&mut p, "h8h8"));
    assert_eq!(perft(&mut p, 1, History::Ignore), perft(&mut p, 1, History::Apply) + 1);
}

// ------------------------------------------------------------------------------------------
// Section 9 / 13: end of the game
// ------------------------------------------------------------------------------------------

/// Section 9: capturing the last royal wins at once; no legal moves remain.
#[test]
fn capturing_the_last_royal_wins() {
    let f = fen_k(&[("l1", "R")], 'w');
    let mut p = pos(&f);
    assert_eq!(outcome(&mut p), None);
    play(&mut p, "l1l11");
    assert_eq!(p.royal_count(Color::Black), 0);
    assert_eq!(outcome(&mut p), Some(Outcome::Win { winner: Color::White, reason: Reason::AllRoyalsCaptured }));
    assert!(legal_move_list(&mut p).is_empty());
    assert!(parse_move(&mut p, "l11l12").is_err());
}

/// Section 13 C16 / 9: King + Crown Prince survive the loss of one; the game ends with the
/// second.
#[test]
fn c16_king_and_crown_prince() {
    let f = format!("{} b - 1", board(&[("a2", "K"), ("c1", "+E"), ("a12", "r"), ("c12", "r"), ("l11", "k")]));
    let mut p = pos(&f);
    assert_eq!(p.royal_count(Color::White), 2);
    play(&mut p, "a12a2");
    assert_eq!(p.royal_count(Color::White), 1);
    assert_eq!(outcome(&mut p), None);
    assert!(!legal_move_list(&mut p).is_empty());
    play(&mut p, "c1c2");
    play(&mut p, "c12c2");
    assert_eq!(p.royal_count(Color::White), 0);
    assert_eq!(outcome(&mut p), Some(Outcome::Win { winner: Color::Black, reason: Reason::AllRoyalsCaptured }));
    assert!(legal_move_list(&mut p).is_empty());
}

/// Section 9: a Lion double move that removes the last two royals wins.
#[test]
fn lion_double_capture_of_both_royals() {
    let f = format!("{} w - 1", board(&[("a2", "K"), ("e6", "N"), ("e7", "k"), ("e8", "+e")]));
    let mut p = pos(&f);
    assert_eq!(p.royal_count(Color::Black), 2);
    play(&mut p, "e6e7,e7e8");
    assert_eq!(p.royal_count(Color::Black), 0);
    assert_eq!(outcome(&mut p), Some(Outcome::Win { winner: Color::White, reason: Reason::AllRoyalsCaptured }));
}

/// Section 9: the side to move without a legal move loses.
#[test]
fn no_legal_move_loses() {
    // White King a12 boxed in by its own Pawns, which cannot move either.
    let f = format!("{} w - 1", board(&[("a12", "K"), ("b12", "P"), ("a11", "P"), ("b11", "P"), ("l1", "k")]));
    let mut p = pos(&f);
    assert!(legal_move_list(&mut p).is_empty());
    assert_eq!(outcome(&mut p), Some(Outcome::Win { winner: Color::Black, reason: Reason::NoLegalMove }));
    let mut q = pos(&f.replace(" w ", " b "));
    assert_eq!(outcome(&mut q), None);
}

// ------------------------------------------------------------------------------------------
// Section 11: FEN
// ------------------------------------------------------------------------------------------

/// Section 11: the start FEN and other FENs round-trip; defaults for a board-only FEN.
#[test]
fn fen_round_trips_and_defaults() {
    assert_eq!(pos(START).to_fen(), START);
    for f in [
        C3,
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1",
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 b - 17",
        "+e11/11k/12/12/2+H+h8/12/12/12/12/12/K+O+P+I8/12 w - 5",
    ] {
        assert_eq!(pos(f).to_fen(), f);
    }
    let board_only = START.split(' ').next().unwrap();
    let p = pos(board_only);
    assert_eq!(p.to_fen(), START);
    assert_eq!(p.side(), Color::White);
    assert_eq!(p.counter_strike(), None);
    assert_eq!(p.fullmove_number(), 1);
    // Full-move number optional.
    assert_eq!(pos(&format!("{board_only} b c4")).to_fen(), format!("{board_only} b c4 1"));
    // make/unmake restores the FEN.
    let mut p = Position::start(&chu());
    for m in legal_move_list(&mut p) {
        let u = p.make(m);
        assert_ne!(p.to_fen(), START);
        p.unmake(m, u);
        assert_eq!(p.to_fen(), START);
    }
}

/// Section 11: malformed FENs are rejected.
#[test]
fn fen_rejections() {
    let v = chu();
    let bad = [
        ("rank sum 13", "12/11k/12/12/12/12/12/12/12/12/K12/12 w - 1"),
        ("rank sum 11", "12/11k/12/12/12/12/12/12/12/12/K10/12 w - 1"),
        ("rank sum 13 by pieces", "12/11k/12/12/12/12/12/12/12/12/K11P/12 w - 1"),
        ("11 ranks", "12/11k/12/12/12/12/12/12/12/K11/12 w - 1"),
        ("13 ranks", "12/11k/12/12/12/12/12/12/12/12/12/K11/12 w - 1"),
        ("unknown letter Z", "12/11k/12/12/12/12/12/12/12/12/K10Z/12 w - 1"),
        ("unknown letter w", "12/11k/12/12/12/12/12/12/12/12/K10w/12 w - 1"),
        ("unknown letter J", "12/11k/12/12/12/12/12/12/12/12/K10J/12 w - 1"),
        ("+K", "12/11k/12/12/12/12/12/12/12/12/K10+K/12 w - 1"),
        ("+N", "12/11k/12/12/12/12/12/12/12/12/K10+N/12 w - 1"),
        ("+Q", "12/11k/12/12/12/12/12/12/12/12/K10+Q/12 w - 1"),
        ("+n", "12/11k/12/12/12/12/12/12/12/12/K10+n/12 w - 1"),
        ("++P", "12/11k/12/12/12/12/12/12/12/12/K10++P/12 w - 1"),
        ("+ alone", "12/11k/12/12/12/12/12/12/12/12/K10+/12 w - 1"),
        ("no White royal", "12/11k/12/12/12/12/12/12/12/12/12/12 w - 1"),
        ("no Black royal", "12/12/12/12/12/12/12/12/12/12/K11/12 w - 1"),
        ("side x", "12/11k/12/12/12/12/12/12/12/12/K11/12 x - 1"),
        ("bad counter-strike", "12/11k/12/12/12/12/12/12/12/12/K11/12 w m13 1"),
        ("bad move number", "12/11k/12/12/12/12/12/12/12/12/K11/12 w - x"),
    ];
    for (why, f) in bad {
        assert!(Position::from_fen(&v, f).is_err(), "{why}: {f} accepted");
    }
    // A Crown Prince alone is a royal.
    let p = pos("12/11k/12/12/12/12/12/12/12/12/+E11/12 w - 1");
    assert_eq!(p.royal_count(Color::White), 1);
}

// ------------------------------------------------------------------------------------------
// Section 10: move text
// ------------------------------------------------------------------------------------------

/// Section 10: every legal move round-trips through its canonical text, and texts are
/// unique, in the start position and lion / promotion positions.
#[test]
fn move_text_round_trips() {
    let fens = vec![
        START.to_string(),
        C3.to_string(),
        fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "N")], 'w'),
        fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "s"), ("e5", "N")], 'w'),
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1".to_string(),
        fen_k(&[("e8", "+H"), ("e9", "p"), ("e10", "p"), ("f6", "+D"), ("e7", "p"), ("g7", "p")], 'w'),
        "12/11k/12/12/4n7/4G7/4G7/12/12/12/K11/12 b - 1".to_string(),
        fen_k(&[("e8", "S"), ("e6", "L"), ("e11", "P"), ("g10", "p"), ("h8", "O"), ("h10", "n")], 'w'),
        fen_k(&[("e5", "p"), ("e7", "l"), ("f6", "s"), ("g7", "n"), ("e1", "G")], 'b'),
    ];
    for f in fens {
        let mut p = pos(&f);
        let moves = legal_move_list(&mut p);
        assert!(!moves.is_empty(), "{f}");
        let mut seen = BTreeSet::new();
        for m in moves {
            let t = text(m);
            assert!(seen.insert(t.clone()), "duplicate text {t} in {f}");
            assert_eq!(parse_move(&mut p, &t), Ok(m), "{t} in {f}");
        }
    }
}

/// Sections 5.3 / 10: alternative inputs with the same effect are the same move.
#[test]
fn move_text_alternatives() {
    // Pass: "@@@@", "f6f6" and a step to an empty square and back.
    let mut p = pos(&fen_k(&[("f6", "N")], 'w'));
    let pass = parse_move(&mut p, "@@@@").unwrap();
    assert!(pass.is_pass());
    assert_eq!(text(pass), "f6f6");
    assert_eq!(parse_move(&mut p, "f6f6").unwrap(), pass);
    assert_eq!(parse_move(&mut p, "f6f7,f7f6").unwrap(), pass);
    assert_eq!(legal_move_list(&mut p).iter().filter(|m| m.is_pass()).count(), 1, "one pass");

    // Igui.
    let mut p = pos(&fen_k(&[("e8", "p"), ("e7", "n"), ("e6", "N")], 'w'));
    let igui = parse_move(&mut p, "e6e7,e7e6").unwrap();
    assert_eq!(igui.from, sq("e6"));
    assert_eq!(igui.to, sq("e6"));
    assert_eq!(igui.mids().collect::<Vec<_>>(), vec![sq("e7")]);
    assert!(!igui.is_pass());
    assert_eq!(text(igui), "e6e7,e7e6");

    // A double step through an empty square is the jump.
    let mut p = pos(&fen_k(&[("e7", "n"), ("e5", "N")], 'w'));
    let jump = parse_move(&mut p, "e5e7").unwrap();
    assert_eq!(parse_move(&mut p, "e5e6,e6e7").unwrap(), jump);
    assert_eq!(text(jump), "e5e7");
    let quiet = parse_move(&mut p, "e5g7").unwrap();
    assert_eq!(parse_move(&mut p, "e5f6,f6g7").unwrap(), quiet);
    assert_eq!(text(quiet), "e5g7");

    // Promotion suffixes.
    let mut p = pos(&fen_k(&[("e8", "S")], 'w'));
    let promo = parse_move(&mut p, "e8e9+").unwrap();
    assert_eq!(text(promo), "e8e9+");
    assert_eq!(text(parse_move(&mut p, "e8e9=").unwrap()), "e8e9");
}
