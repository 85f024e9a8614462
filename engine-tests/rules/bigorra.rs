//! Bigorra rules tests. The authority is `shared/rules/bigorra.md` ("the rules file"); every
//! test names the section it checks.
//!
//! Move sets are compared as canonical move text (`format_move`), per piece (legal moves
//! filtered by origin square), together with each move's captured squares and promotion ID,
//! which are observed by actually making the move.

use kyodai::notation::{format_move, parse_move};
use kyodai::perft::perft;
use kyodai::rules::legality::{in_check, legal_move_list, History};
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Game, Move, Position, Square};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, OnceLock};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn variant() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("bigorra").expect("bigorra is built in")))
}

fn pos(fen: &str) -> Position {
    Position::from_fen(&variant(), fen).unwrap_or_else(|e| panic!("FEN should be accepted: {fen}\n{e}"))
}

fn sq(name: &str) -> Square {
    variant().shape.parse_square(name).unwrap_or_else(|e| panic!("bad square {name}: {e}"))
}

fn name(s: Square) -> String {
    variant().shape.name(s)
}

fn text(m: Move) -> String {
    format_move(&variant(), m)
}

/// The ID (upper case, e.g. "Q", "AZ") of the piece on `s`, with its colour.
fn piece_on(p: &Position, s: &str) -> Option<(Color, String)> {
    p.piece_at(sq(s)).map(|pc| (pc.color(), variant().piece(pc.kind()).id.clone()))
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Every legal move of the side to move, as text.
fn all_moves(p: &mut Position) -> BTreeSet<String> {
    let list = legal_move_list(p);
    let texts: BTreeSet<String> = list.iter().map(|&m| text(m)).collect();
    assert_eq!(texts.len(), list.len(), "two legal moves share one text in {}", p.to_fen());
    texts
}

/// The legal moves of the piece on `from`, as text.
fn moves_from(fen: &str, from: &str) -> BTreeSet<String> {
    let mut p = pos(fen);
    let f = sq(from);
    legal_move_list(&mut p).into_iter().filter(|m| m.from == f).map(text).collect()
}

/// What one move does: the squares it empties of enemy pieces, and the promotion ID.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Effect {
    captured: Vec<String>,
    promo: Option<String>,
}

/// Makes `m`, observes its effect on the board and checks it against the move's own fields,
/// then takes it back and checks that the position is restored.
fn effect_of(p: &mut Position, m: Move) -> Effect {
    let v = variant();
    let before_fen = p.to_fen();
    let us = p.side();
    let mover = p.piece_at(m.from).expect("a piece on the origin");
    let squares: Vec<Square> = v.shape.squares().collect();
    let enemy_before: Vec<Square> =
        squares.iter().copied().filter(|&s| p.piece_at(s).map(|pc| pc.color() != us).unwrap_or(false)).collect();
    let undo = p.make(m);
    let mut captured: Vec<String> = enemy_before
        .iter()
        .copied()
        .filter(|&s| p.piece_at(s).map(|pc| pc.color() == us).unwrap_or(true))
        .map(name)
        .collect();
    captured.sort();
    let arrived = p.piece_at(m.to).expect("the mover stands on the destination");
    assert_eq!(arrived.color(), us);
    assert!(p.piece_at(m.from).is_none(), "origin {} not emptied by {}", name(m.from), text(m));
    let promo = m.promotion().map(|k| v.piece(k).id.clone());
    match m.promotion() {
        Some(k) => assert_eq!(arrived.kind(), k, "{} should have promoted", text(m)),
        None => assert_eq!(arrived.kind(), mover.kind(), "{} changed the piece type without a promotion", text(m)),
    }
    p.unmake(m, undo);
    assert_eq!(p.to_fen(), before_fen, "unmake of {} did not restore the position", text(m));
    Effect { captured, promo }
}

/// The legal moves of the piece on `from` with their effects.
fn effects_from(fen: &str, from: &str) -> BTreeMap<String, Effect> {
    let mut p = pos(fen);
    let f = sq(from);
    let list: Vec<Move> = legal_move_list(&mut p).into_iter().filter(|m| m.from == f).collect();
    let mut out = BTreeMap::new();
    for m in list {
        let t = text(m);
        // Output never carries a promotion suffix: the text is exactly the two squares.
        assert_eq!(t, format!("{}{}", name(m.from), name(m.to)), "move text of {t}");
        let e = effect_of(&mut p, m);
        assert!(out.insert(t.clone(), e).is_none(), "duplicate move {t}");
    }
    out
}

/// Parses an expected-move spec: `"h13 x"` (captures on the destination), `"e11 xe10"`
/// (captures e10), `"e16 =DW"` (promotes), `"d16 x =DW"`, or just `"h9"`.
fn expected(from: &str, specs: &[&str]) -> BTreeMap<String, Effect> {
    let mut out = BTreeMap::new();
    for spec in specs {
        let mut parts = spec.split_whitespace();
        let to = parts.next().unwrap();
        let mut captured = Vec::new();
        let mut promo = None;
        for p in parts {
            if let Some(c) = p.strip_prefix('x') {
                captured.push(if c.is_empty() { to.to_string() } else { c.to_string() });
            } else if let Some(id) = p.strip_prefix('=') {
                promo = Some(id.to_string());
            } else {
                panic!("bad spec {spec}");
            }
        }
        assert!(out.insert(format!("{from}{to}"), Effect { captured, promo }).is_none(), "spec repeats {spec}");
    }
    out
}

/// Asserts the exact legal moves of the piece on `from`, with captures and promotions.
fn check_piece(fen: &str, from: &str, specs: &[&str]) {
    let want = expected(from, specs);
    let got = effects_from(fen, from);
    if got != want {
        let gk: BTreeSet<&String> = got.keys().collect();
        let wk: BTreeSet<&String> = want.keys().collect();
        let missing: Vec<_> = wk.difference(&gk).collect();
        let extra: Vec<_> = gk.difference(&wk).collect();
        let differ: Vec<_> = want
            .iter()
            .filter_map(|(k, w)| got.get(k).filter(|g| *g != w).map(|g| format!("{k}: want {w:?}, got {g:?}")))
            .collect();
        panic!(
            "moves of {from} in {fen}\n  missing: {missing:?}\n  extra: {extra:?}\n  different effect: {differ:?}\n  got: {:?}",
            got.keys().collect::<Vec<_>>()
        );
    }
}

/// Builds a FEN from (square, token) pairs, e.g. `("a1", "K")`, `("g14", "(PR)")`, and the
/// fields after the placement (`"w - - 0 1"`).
fn build_fen(pieces: &[(&str, &str)], rest: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 16]; 16];
    for (s, tok) in pieces {
        let file = (s.as_bytes()[0] - b'a') as usize;
        let rank: usize = s[1..].parse::<usize>().unwrap() - 1;
        assert!(grid[rank][file].is_none(), "square {s} used twice");
        grid[rank][file] = Some(tok.to_string());
    }
    let mut rows = Vec::new();
    for r in (0..16).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[r] {
            match cell {
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
    format!("{} {}", rows.join("/"), rest)
}

/// Plays a move given as text (it must be legal) and returns it.
fn play(p: &mut Position, mv: &str) -> Move {
    let m = parse_move(p, mv).unwrap_or_else(|e| panic!("{mv} should be legal in {}: {e}", p.to_fen()));
    p.make(m);
    m
}

/// The FEN fields after the placement.
fn fields(p: &Position) -> String {
    let f = p.to_fen();
    f.split_once(' ').unwrap().1.to_string()
}

fn rejects(fen: &str) {
    assert!(Position::from_fen(&variant(), fen).is_err(), "FEN should be rejected: {fen}");
}

fn accepts(fen: &str) -> Position {
    pos(fen)
}

// ---------------------------------------------------------------------------------------------
// Section 8: hand-checkable tests
// ---------------------------------------------------------------------------------------------

/// §8 H-1 (§2.3): Sorceress on h8, 22 moves; hop captures over either colour's screen, never
/// the screen itself, never two screens.
#[test]
fn h1_sorceress() {
    let fen = "16/15k/16/7r8/11b4/16/7P1p6/16/7O1n1N4/6n1P7/5P3p6/7p8/16/16/K15/16 w - - 0 1";
    check_piece(
        fen,
        "h8",
        &[
            "h9", "h13 x", // north
            "i8",    // east
            "h7", "h6", // south
            "g8", "f8", "e8", "d8", "c8", "b8", "a8", // west
            "i9", "l12 x", // NE
            "g9", "f10", "e11", "d12", "c13", "b14", "a15",  // NW
            "j6 x", // SE
        ],
    );
    assert_eq!(moves_from(fen, "h8").len(), 22);
}

/// §8 H-2 (§2.3): Cannon on e5, 6 moves.
#[test]
fn h2_cannon() {
    let fen = "15k/16/16/16/16/16/16/4r11/16/4P11/16/1rnNCn1b8/16/16/4p11/K3N11 w - - 0 1";
    check_piece(fen, "e5", &["e6", "e9 x", "h5 x", "c5 x", "e4", "e3"]);
}

/// §8 H-3 (§2.3): Archer on e5, 8 moves.
#[test]
fn h3_archer() {
    let fen = "k15/16/16/16/16/16/16/8q7/16/6P9/3p12/4V11/16/2N13/1r14/15K w - - 0 1";
    check_piece(fen, "e5", &["f6", "i9 x", "f4", "g3", "h2", "i1", "d4", "b2 x"]);
}

/// §8 T-1 (§2 Troll, §3.5): all eight 3-leaps, the step, the diagonal capture; rank-16 leaps
/// do not promote.
#[test]
fn t1_troll_all_leaps() {
    let fen = "7r8/4p11/5n10/4T11/16/16/1P14/16/15k/16/16/16/16/16/16/K15 w - - 0 1";
    check_piece(fen, "e13", &["e16", "h16 x", "b16", "h13", "b13", "e10", "h10", "e14", "f14 x"]);
}

/// §8 T-2 (§3.5): a Troll promotes to Direwolf only on its one-step moves.
#[test]
fn t2_troll_promotes_on_step() {
    let fen = "3n12/4T11/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1";
    check_piece(fen, "e15", &["e16 =DW", "d16 x =DW", "h15", "b15", "e12", "h12", "b12"]);
}

/// §8 T-3 (§3.5, §4): a Troll on its last rank moves only by leaps and never promotes.
#[test]
fn t3_troll_on_last_rank() {
    let fen = "4r2T8/16/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1";
    check_piece(fen, "h16", &["e16 x", "k16", "h13", "k13", "e13"]);
}

const K1_FEN: &str = "5r9k/16/16/16/16/16/16/16/16/16/16/4p11/16/4K11/r2N12/16 w K - 0 1";

/// §8 K-1 (§3.2): the King's leap with the crossing condition; every one of the 16 ring
/// squares is judged as the table says.
#[test]
fn k1_king_leap_crossing() {
    check_piece(K1_FEN, "e3", &["e2", "d3", "e4", "d1", "e1", "c3", "c4", "d5"]);
    let got = moves_from(K1_FEN, "e3");
    let ring: [(&str, bool); 16] = [
        ("c1", false),
        ("d1", true),
        ("e1", true),
        ("f1", false),
        ("g1", false),
        ("c2", false),
        ("g2", false),
        ("c3", true),
        ("g3", false),
        ("c4", true),
        ("g4", false),
        ("c5", false),
        ("d5", true),
        ("e5", false),
        ("f5", false),
        ("g5", false),
    ];
    for (t, ok) in ring {
        assert_eq!(got.contains(&format!("e3{t}")), ok, "ring square {t}");
    }
}

/// §8 K-2 (§3.2): without the leap right only the steps remain.
#[test]
fn k2_no_leap_right() {
    let fen = K1_FEN.replace(" w K - ", " w - - ");
    check_piece(&fen, "e3", &["e2", "d3", "e4"]);
}

/// §8 K-3 (§3.2): no leap out of check.
#[test]
fn k3_no_leap_out_of_check() {
    let fen = "5r9k/16/16/16/16/16/16/16/16/16/16/4p11/2n13/4K11/r2N12/16 w K - 0 1";
    let p = pos(fen);
    assert!(in_check(&p, Color::White));
    assert!(p.leap_right(Color::White));
    check_piece(fen, "e3", &["e2", "d3", "e4"]);
    // The right survives the check (§3.2: being checked does not remove it).
    assert_eq!(fields(&p), "w K - 0 1");
}

const K4_FEN: &str = "(hk)(mm)(sq)1j2(az)3j4/cmz1a2k8/ern3(pr)9/1sts5(dw)2z3/pp3(sh)4l1g3/2p2s1s1sm5/6p5(sq)3/5P1pS3u3/2PP2pP3w4/3TP1P9/3SS2S1H1(PR)4/PP1N2(PR)3L(HK)4/1S1(HK)2J2DJ5/ER1(SQ)(SH)2W8/C3A2K8/1(MM)2V2(AZ)8 w Kk - 0 169";

/// §8 K-4 (§3.2): the position before 169. Kh2-f3 of the sample game; King h2 has 13 moves.
#[test]
fn k4_king_leap_from_the_game() {
    check_piece(K4_FEN, "h2", &["g1", "g2", "g3", "i1", "i2", "i3", "f1", "f2", "f3", "f4", "j1", "j2", "j3"]);
    let mut p = pos(K4_FEN);
    play(&mut p, "h2f3");
    assert_eq!(piece_on(&p, "f3"), Some((Color::White, "K".into())));
    assert!(!p.leap_right(Color::White), "the leap uses up the right");
    assert!(p.leap_right(Color::Black));
}

const E1_FEN: &str = "15k/16/16/16/16/16/3(PR)(pr)S10/16/16/16/16/16/16/16/16/K15 w - e11 0 1";

/// §8 E-1 (§3.4): a Soldier captures a Prince en passant; identity (f10, e11, e10).
#[test]
fn e1_soldier_captures_prince_ep() {
    check_piece(E1_FEN, "f10", &["f11", "f12", "g10", "e11 xe10"]);
    let mut p = pos(E1_FEN);
    play(&mut p, "f10e11");
    assert_eq!(piece_on(&p, "e11"), Some((Color::White, "S".into())));
    assert_eq!(piece_on(&p, "e10"), None, "the Prince is captured e.p.");
    assert_eq!(piece_on(&p, "f10"), None);
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.halfmove_clock(), 0);
}

/// §8 E-2 (§3.4): a Prince cannot capture e.p.; its step onto the e.p. square captures nothing.
#[test]
fn e2_prince_cannot_capture_ep() {
    check_piece(E1_FEN, "d10", &["c9", "d9", "e9", "c10", "e10 x", "c11", "d11", "e11", "d12"]);
    let mut p = pos(E1_FEN);
    play(&mut p, "d10e11");
    assert_eq!(piece_on(&p, "e10"), Some((Color::Black, "PR".into())), "e10 stays");
    assert_eq!(piece_on(&p, "e11"), Some((Color::White, "PR".into())));
}

/// §8 E-3 (§2.4, §3.4): a Troll cannot capture e.p.
#[test]
fn e3_troll_cannot_capture_ep() {
    let fen = "15k/16/16/16/16/16/4(pr)T10/16/16/16/16/16/16/16/16/K15 w - e11 0 1";
    check_piece(fen, "f10", &["f11", "f13", "i13", "c13", "i10", "c10", "f7", "i7", "c7"]);
}

/// §8 E-4 (§3.4): the e.p. right lasts one ply only: without the field, no e.p. capture.
#[test]
fn e4_ep_right_expires() {
    let fen = E1_FEN.replace(" e11 ", " - ");
    check_piece(&fen, "f10", &["f11", "f12", "g10"]);
    // And played out: after a waiting move by each side the capture is gone.
    let mut p = pos(E1_FEN);
    play(&mut p, "a1a2");
    play(&mut p, "p16p15");
    assert!(!moves_from(&p.to_fen(), "f10").contains("f10e11"));
}

/// §8 E-5 (§3.3, §3.4): e.p. after a double step that did not start on the start rank.
#[test]
fn e5_pawn_ep_from_any_rank() {
    let fen = "15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 0 1";
    check_piece(fen, "h7", &["g8 xg7", "h8", "h9"]);
}

fn bent_fen(piece: &str) -> String {
    format!("15k/16/16/16/16/16/16/16/7{piece}8/16/16/16/16/16/16/K15 w - - 0 1")
}

fn squares_between(from: &str, dx: i32, dy: i32, n: i32) -> Vec<String> {
    let f = (from.as_bytes()[0] - b'a') as i32;
    let r: i32 = from[1..].parse().unwrap();
    (1..=n).map(|k| format!("{}{}", (b'a' + (f + k * dx) as u8) as char, r + k * dy)).collect()
}

/// §8 B-1 (§2.2): Eagle on an empty board, 56 moves.
#[test]
fn b1_eagle() {
    let mut want: Vec<String> = ["g9", "i9", "g7", "i7"].iter().map(|s| s.to_string()).collect();
    want.extend(squares_between("i9", 1, 0, 7));
    want.extend(squares_between("i9", 0, 1, 7));
    want.extend(squares_between("g9", -1, 0, 6));
    want.extend(squares_between("g9", 0, 1, 7));
    want.extend(squares_between("i7", 1, 0, 7));
    want.extend(squares_between("i7", 0, -1, 6));
    want.extend(squares_between("g7", -1, 0, 6));
    want.extend(squares_between("g7", 0, -1, 6));
    assert_eq!(want.len(), 56);
    let specs: Vec<&str> = want.iter().map(|s| s.as_str()).collect();
    check_piece(&bent_fen("G"), "h8", &specs);
}

fn rhino_snake_diagonals() -> Vec<String> {
    let mut v = Vec::new();
    v.extend(squares_between("h9", 1, 1, 7));
    v.extend(squares_between("h9", -1, 1, 7));
    v.extend(squares_between("h7", 1, -1, 6));
    v.extend(squares_between("h7", -1, -1, 6));
    v
}

/// §8 B-2 (§2.2): Rhinoceros on an empty board, 56 moves.
#[test]
fn b2_rhinoceros() {
    let mut want: Vec<String> = ["h9", "h7", "i8", "g8"].iter().map(|s| s.to_string()).collect();
    want.extend(rhino_snake_diagonals());
    want.extend(squares_between("i8", 1, 1, 7));
    want.extend(squares_between("i8", 1, -1, 7));
    want.extend(squares_between("g8", -1, 1, 6));
    want.extend(squares_between("g8", -1, -1, 6));
    assert_eq!(want.len(), 56);
    let specs: Vec<&str> = want.iter().map(|s| s.as_str()).collect();
    check_piece(&bent_fen("U"), "h8", &specs);
}

/// §8 B-3 (§2.2, §3.5): Ship on an empty board, 30 moves; g16 and i16 promote to Eagle.
#[test]
fn b3_ship() {
    let mut want: Vec<String> = ["g9", "i9", "g7", "i7"].iter().map(|s| s.to_string()).collect();
    want.extend(squares_between("i9", 0, 1, 7));
    want.extend(squares_between("g9", 0, 1, 7));
    want.extend(squares_between("i7", 0, -1, 6));
    want.extend(squares_between("g7", 0, -1, 6));
    assert_eq!(want.len(), 30);
    for w in want.iter_mut() {
        if w == "g16" || w == "i16" {
            w.push_str(" =G");
        }
    }
    let specs: Vec<&str> = want.iter().map(|s| s.as_str()).collect();
    check_piece(&bent_fen("(SH)"), "h8", &specs);
}

/// §8 B-4 (§2.2, §3.5): Snake on an empty board, 28 moves; o16 and a16 promote to Rhinoceros.
#[test]
fn b4_snake() {
    let mut want: Vec<String> = vec!["h9".into(), "h7".into()];
    want.extend(rhino_snake_diagonals());
    assert_eq!(want.len(), 28);
    for w in want.iter_mut() {
        if w == "o16" || w == "a16" {
            w.push_str(" =U");
        }
    }
    let specs: Vec<&str> = want.iter().map(|s| s.as_str()).collect();
    check_piece(&bent_fen("(SN)"), "h8", &specs);
}

/// §8 B-5 (§2.2): Eagle with blocked first squares, 29 moves.
#[test]
fn b5_eagle_blocked() {
    let fen = "15k/16/16/16/16/16/16/8p7/7G8/6P9/16/16/16/16/16/K15 w - - 0 1";
    let mut want: Vec<String> = vec!["i9 x".into(), "g9".into(), "i7".into()];
    want.extend(squares_between("g9", -1, 0, 6));
    want.extend(squares_between("g9", 0, 1, 7));
    want.extend(squares_between("i7", 1, 0, 7));
    want.extend(squares_between("i7", 0, -1, 6));
    assert_eq!(want.len(), 29);
    let specs: Vec<&str> = want.iter().map(|s| s.as_str()).collect();
    check_piece(fen, "h8", &specs);
}

const P_FEN: &str = "16/4n11/3P2(PR)3N5/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1";

/// §8 P-1 (§3.3, §3.5): a Pawn's double step onto the last rank promotes to Queen and leaves
/// no e.p. square; the capture on rank 15 does not promote.
#[test]
fn p1_pawn_double_step_promotes() {
    check_piece(P_FEN, "d14", &["d15", "e15 x", "d16 =Q"]);
    let mut p = pos(P_FEN);
    play(&mut p, "d14d16");
    assert_eq!(p.to_fen(), "3Q12/4n11/6(PR)3N5/16/16/16/16/16/15k/16/16/16/16/16/16/K15 b - - 0 1");
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.halfmove_clock(), 0);
}

/// §8 P-2 (§3.3, §3.5): the Prince's double step onto the last rank promotes to Amazon.
#[test]
fn p2_prince_promotes_to_amazon() {
    check_piece(P_FEN, "g14", &["f13", "g13", "h13", "f14", "h14", "f15", "g15", "h15", "g16 =AZ"]);
    let mut p = pos(P_FEN);
    play(&mut p, "g14g16");
    assert_eq!(p.ep_square(), None, "no e.p. square after a promoting double step");
    assert_eq!(piece_on(&p, "g16"), Some((Color::White, "AZ".into())));
}

/// §8 P-3 (§3.5): a Knight reaching the last rank becomes a Buffalo.
#[test]
fn p3_knight_promotes_to_buffalo() {
    check_piece(P_FEN, "k14", &["j12", "l12", "i13", "m13", "i15", "m15", "j16 =F", "l16 =F"]);
}

/// §8 G-1 (§3.6): stalemate is a draw; with the Queen on b15 Black has one move.
#[test]
fn g1_stalemate() {
    let mut p = pos("k15/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1");
    assert!(legal_move_list(&mut p).is_empty());
    assert!(!in_check(&p, Color::Black));
    assert_eq!(outcome(&mut p), Some(Outcome::Draw { reason: Reason::Stalemate }));
    let mut q = pos("k15/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1");
    assert_eq!(all_moves(&mut q), set(&["a16b15"]));
    assert_eq!(outcome(&mut q), None);
}

/// §8 G-2 (§3.6): 3. g4g7 (Troll leap) sets the clock to 1, 3...h12h11 back to 0.
#[test]
fn g2_halfmove_clock_examples() {
    let mut p = Position::start(&variant());
    for mv in ["h5h7", "i12i10", "h4h6", "g12g10"] {
        play(&mut p, mv);
    }
    play(&mut p, "g4g7");
    assert_eq!(p.halfmove_clock(), 1);
    play(&mut p, "h12h11");
    assert_eq!(p.halfmove_clock(), 0);
}

// ---------------------------------------------------------------------------------------------
// Section 2: every piece type against an independent reference
// ---------------------------------------------------------------------------------------------

/// The offsets of Betza atom families (all sign and order variants), §0.
fn family(atoms: &str) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for a in atoms.chars() {
        let (x, y) = match a {
            'W' => (1, 0),
            'F' => (1, 1),
            'D' => (2, 0),
            'N' => (2, 1),
            'A' => (2, 2),
            'H' => (3, 0),
            'C' => (3, 1),
            'Z' => (3, 2),
            'G' => (3, 3),
            _ => panic!("atom {a}"),
        };
        for (p, q) in [(x, y), (y, x)] {
            for sx in [1, -1] {
                for sy in [1, -1] {
                    let o = (p * sx, q * sy);
                    if !out.contains(&o) {
                        out.push(o);
                    }
                }
            }
        }
    }
    out
}

/// How a non-directional piece moves, straight from the table of §2.
struct Spec {
    id: &'static str,
    /// Leap families.
    leaps: &'static str,
    /// Ride families: "W" rook lines, "F" bishop lines.
    rides: &'static str,
    /// A hopper (§2.3): the rides do not capture, captures hop one screen.
    hopper: bool,
}

const SPECS: &[Spec] = &[
    Spec { id: "K", leaps: "WF", rides: "", hopper: false },
    Spec { id: "Q", leaps: "", rides: "WF", hopper: false },
    Spec { id: "AZ", leaps: "N", rides: "WF", hopper: false },
    Spec { id: "DW", leaps: "NADHCZG", rides: "", hopper: false },
    Spec { id: "L", leaps: "WFNAD", rides: "", hopper: false },
    Spec { id: "D", leaps: "WFADGH", rides: "", hopper: false },
    Spec { id: "O", leaps: "", rides: "WF", hopper: true },
    Spec { id: "F", leaps: "NCZ", rides: "", hopper: false },
    Spec { id: "H", leaps: "N", rides: "W", hopper: false },
    Spec { id: "X", leaps: "N", rides: "F", hopper: false },
    Spec { id: "A", leaps: "F", rides: "W", hopper: false },
    Spec { id: "Y", leaps: "W", rides: "F", hopper: false },
    Spec { id: "B", leaps: "", rides: "F", hopper: false },
    Spec { id: "N", leaps: "N", rides: "", hopper: false },
    Spec { id: "R", leaps: "", rides: "W", hopper: false },
    Spec { id: "C", leaps: "", rides: "W", hopper: true },
    Spec { id: "V", leaps: "", rides: "F", hopper: true },
    Spec { id: "M", leaps: "C", rides: "", hopper: false },
    Spec { id: "Z", leaps: "Z", rides: "", hopper: false },
    Spec { id: "E", leaps: "FA", rides: "", hopper: false },
    Spec { id: "W", leaps: "WD", rides: "", hopper: false },
    Spec { id: "J", leaps: "WFN", rides: "", hopper: false },
    Spec { id: "SQ", leaps: "NAD", rides: "", hopper: false },
    Spec { id: "CH", leaps: "HCZG", rides: "", hopper: false },
    Spec { id: "MM", leaps: "WFAD", rides: "", hopper: false },
    Spec { id: "HK", leaps: "ADGH", rides: "", hopper: false },
];

/// §3.5: what each promoting type becomes.
fn promotes_to(id: &str) -> Option<&'static str> {
    Some(match id {
        "P" | "S" => "Q",
        "PR" => "AZ",
        "N" | "M" | "Z" => "F",
        "E" | "W" | "MM" | "SQ" | "J" => "L",
        "SH" => "G",
        "SN" => "U",
        "HK" => "D",
        "T" => "DW",
        _ => return None,
    })
}

fn token(id: &str, c: Color) -> String {
    let s = if c == Color::White { id.to_ascii_uppercase() } else { id.to_ascii_lowercase() };
    if s.len() > 1 {
        format!("({s})")
    } else {
        s
    }
}

type Board = HashMap<(i32, i32), Color>;

fn coords(s: &str) -> (i32, i32) {
    ((s.as_bytes()[0] - b'a') as i32, s[1..].parse::<i32>().unwrap() - 1)
}

fn sq_name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on_board((f, r): (i32, i32)) -> bool {
    (0..16).contains(&f) && (0..16).contains(&r)
}

fn last_rank(c: Color) -> i32 {
    if c == Color::White {
        15
    } else {
        0
    }
}

/// Reference move generator for the pieces of `SPECS` and the bent sliders (pseudo-legal; the
/// test positions never involve check).
fn reference(board: &Board, from: (i32, i32), c: Color, id: &str) -> BTreeMap<String, Effect> {
    let mut out = BTreeMap::new();
    let fname = sq_name(from);
    let mut add = |to: (i32, i32), capture: bool| {
        let promo = if to.1 == last_rank(c) { promotes_to(id).map(|s| s.to_string()) } else { None };
        let captured = if capture { vec![sq_name(to)] } else { vec![] };
        out.insert(format!("{fname}{}", sq_name(to)), Effect { captured, promo });
    };
    let at = |s: (i32, i32)| board.get(&s).copied();
    if let Some(spec) = SPECS.iter().find(|s| s.id == id) {
        for (dx, dy) in family(spec.leaps) {
            let to = (from.0 + dx, from.1 + dy);
            if !on_board(to) {
                continue;
            }
            match at(to) {
                None => add(to, false),
                Some(o) if o != c => add(to, true),
                _ => {}
            }
        }
        for (dx, dy) in family(spec.rides) {
            let mut to = from;
            loop {
                to = (to.0 + dx, to.1 + dy);
                if !on_board(to) {
                    break;
                }
                match at(to) {
                    None => add(to, false),
                    Some(o) => {
                        if spec.hopper {
                            // Beyond the screen: the first occupied square.
                            let mut t = to;
                            loop {
                                t = (t.0 + dx, t.1 + dy);
                                if !on_board(t) {
                                    break;
                                }
                                if let Some(o2) = at(t) {
                                    if o2 != c {
                                        add(t, true);
                                    }
                                    break;
                                }
                            }
                        } else if o != c {
                            add(to, true);
                        }
                        break;
                    }
                }
            }
        }
        return out;
    }
    // Bent sliders, §2.2 table.
    type Line = ((i32, i32), Vec<(i32, i32)>);
    let firsts_and_conts: Vec<Line> = match id {
        "G" => family("F").into_iter().map(|(sx, sy)| ((sx, sy), vec![(sx, 0), (0, sy)])).collect(),
        "U" => family("W")
            .into_iter()
            .map(|(sx, sy)| ((sx, sy), if sx == 0 { vec![(1, sy), (-1, sy)] } else { vec![(sx, 1), (sx, -1)] }))
            .collect(),
        "SH" => family("F").into_iter().map(|(sx, sy)| ((sx, sy), vec![(0, sy)])).collect(),
        "SN" => [(0, 1), (0, -1)].into_iter().map(|(sx, sy)| ((sx, sy), vec![(1, sy), (-1, sy)])).collect(),
        _ => panic!("no reference for {id}"),
    };
    for (s, conts) in firsts_and_conts {
        let s1 = (from.0 + s.0, from.1 + s.1);
        if !on_board(s1) {
            continue;
        }
        match at(s1) {
            Some(o) => {
                if o != c {
                    add(s1, true);
                }
                continue;
            }
            None => add(s1, false),
        }
        for u in conts {
            let mut to = s1;
            loop {
                to = (to.0 + u.0, to.1 + u.1);
                if !on_board(to) {
                    break;
                }
                match at(to) {
                    None => add(to, false),
                    Some(o) => {
                        if o != c {
                            add(to, true);
                        }
                        break;
                    }
                }
            }
        }
    }
    out
}

/// Test boards for the reference comparison: (extra pieces, origin). Extra pieces are Trolls
/// (which may stand on any rank), given as (square, is_friendly). The Kings are placed by
/// `king_squares`.
fn reference_boards() -> Vec<(Vec<(&'static str, bool)>, &'static str)> {
    let cluttered = vec![
        ("h9", true),
        ("g7", true),
        ("i8", true),
        ("j10", true),
        ("h11", false),
        ("f8", false),
        ("e5", false),
        ("k8", false),
        ("h5", false),
        ("l4", false),
        ("c13", false),
        ("g10", false),
        ("k11", false),
        ("f6", false),
    ];
    // Edges: pieces near the rim, targets on the promotion ranks.
    let rim = vec![("c16", false), ("b14", true), ("d13", false), ("a13", false)];
    let low = vec![("n1", false), ("o1", true), ("p2", false), ("m4", false)];
    vec![
        (vec![], "h8"),
        (vec![], "b15"),
        (vec![], "o3"),
        (vec![], "a16"),
        (vec![], "p1"),
        (cluttered, "h8"),
        (rim, "b15"),
        (low, "o3"),
    ]
}

/// Squares for the two Kings, off every line through `origin` (including the bent sliders'
/// lines, which start one step off) and out of reach of any leaper standing there, so that the
/// test piece neither gives check nor is pinned.
fn king_squares(origin: &str, extra: &[(&str, bool)]) -> (&'static str, &'static str) {
    let o = coords(origin);
    let ok = |s: &str| {
        let (x, y) = coords(s);
        let (dx, dy) = (x - o.0, y - o.1);
        s != origin
            && !extra.iter().any(|(e, _)| *e == s)
            && dx.abs() > 1
            && dy.abs() > 1
            && (dx.abs() - dy.abs()).abs() > 1
            && dx.abs().max(dy.abs()) > 3
    };
    let w = ["a2", "d1", "b5", "e2", "a9"].into_iter().find(|s| ok(s)).unwrap();
    let b = ["p13", "m16", "o10", "l15", "p8"].into_iter().find(|s| ok(s)).unwrap();
    (w, b)
}

/// §2, §2.1, §2.2, §2.3, §3.5: every non-directional piece type (leapers, sliders, compounds,
/// hoppers, bent sliders), of both colours, on several boards, has exactly the moves of its
/// table entry: leaps over pieces, slides stop at the first piece, hoppers capture only beyond a
/// screen, promotions exactly on the last rank for the promoting types.
#[test]
fn every_piece_type_matches_the_reference() {
    let mut ids: Vec<&str> = SPECS.iter().map(|s| s.id).collect();
    ids.extend(["G", "U", "SH", "SN"]);
    let mut checked = 0;
    for id in ids {
        for c in Color::ALL {
            for (extra, origin) in reference_boards() {
                if id == "K" && !extra.is_empty() {
                    continue; // enemy Pawns would make some King targets attacked
                }
                let (wk, bk) = king_squares(origin, &extra);
                let mut board: Board = HashMap::new();
                let mut pieces: Vec<(String, String)> = Vec::new();
                for (s, col) in [(wk, Color::White), (bk, Color::Black)] {
                    if id == "K" && col == c {
                        continue; // the test piece is this side's King
                    }
                    board.insert(coords(s), col);
                    pieces.push((s.to_string(), token("K", col)));
                }
                for (s, friendly) in &extra {
                    let col = if *friendly { c } else { c.flip() };
                    board.insert(coords(s), col);
                    pieces.push((s.to_string(), token("T", col)));
                }
                board.insert(coords(origin), c);
                pieces.push((origin.to_string(), token(id, c)));
                let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
                let side = if c == Color::White { "w" } else { "b" };
                let fen = build_fen(&refs, &format!("{side} - - 0 1"));
                let Ok(_) = Position::from_fen(&variant(), &fen) else {
                    // A promoting type on its own last rank is not a legal setup (§4).
                    assert!(
                        promotes_to(id).is_some() && coords(origin).1 == last_rank(c),
                        "FEN unexpectedly rejected: {fen}"
                    );
                    continue;
                };
                let want = reference(&board, coords(origin), c, id);
                let got = effects_from(&fen, origin);
                assert_eq!(got, want, "{id} ({c:?}) on {origin} in {fen}");
                checked += 1;
            }
        }
    }
    assert!(checked > 380, "only {checked} cases");
}

/// The squares a piece of type `id` and colour `c` on `from` attacks (§3.1: it has a capturing
/// move there if an enemy piece stood there), by the reference.
fn reference_attacks(board: &Board, from: (i32, i32), c: Color, id: &str) -> BTreeSet<(i32, i32)> {
    let fwd = if c == Color::White { 1 } else { -1 };
    let fixed: Option<Vec<(i32, i32)>> = match id {
        "K" | "PR" => Some(family("WF")),
        "P" | "S" => Some(vec![(1, fwd), (-1, fwd)]),
        "T" => {
            let mut v = family("HG");
            v.extend([(1, fwd), (-1, fwd)]);
            Some(v)
        }
        _ => None,
    };
    let mut out = BTreeSet::new();
    for x in 0..16 {
        for y in 0..16 {
            let t = (x, y);
            if t == from || board.get(&t) == Some(&c) {
                continue;
            }
            let hit = match &fixed {
                Some(offs) => offs.contains(&(x - from.0, y - from.1)),
                None => {
                    let mut b = board.clone();
                    b.insert(t, c.flip());
                    reference(&b, from, c, id).contains_key(&format!("{}{}", sq_name(from), sq_name(t)))
                }
            };
            if hit {
                out.insert(t);
            }
        }
    }
    out
}

/// §3.1: the attack test agrees with the capturing moves, for every piece type of both colours:
/// an enemy King put on a square is in check from the test piece exactly when the reference
/// says the piece could capture there. Covers leaps, slides, hopper captures over a screen,
/// bent-slider captures, Pawn, Soldier and Troll diagonal captures, the Troll's 3-leaps, and
/// the non-attacking moves (straight steps, double steps, sideways steps, plain hopper slides).
#[test]
fn attacks_match_capturing_moves() {
    let mut ids: Vec<&str> = SPECS.iter().map(|s| s.id).collect();
    ids.extend(["G", "U", "SH", "SN", "P", "S", "PR", "T"]);
    let boards = [
        (vec![], "h8"),
        (vec![("h10", true), ("j8", false), ("f6", true), ("d8", false), ("e11", false), ("h4", true)], "h8"),
        (vec![("c14", false), ("b12", true)], "b15"),
    ];
    let mut checked = 0;
    for id in ids {
        for c in Color::ALL {
            for (extra, origin) in &boards {
                if id == "K" && !extra.is_empty() {
                    continue; // the other pieces could attack too, with no way to tell apart
                }
                // Our King far away in a corner; the enemy King walks over every square.
                let our_king = if c == Color::White { "p1" } else { "a16" };
                let mut board: Board = HashMap::new();
                let mut base: Vec<(String, String)> = Vec::new();
                for (s, friendly) in extra {
                    let col = if *friendly { c } else { c.flip() };
                    board.insert(coords(s), col);
                    base.push((s.to_string(), token("T", col)));
                }
                if id != "K" {
                    board.insert(coords(our_king), c);
                    base.push((our_king.to_string(), token("K", c)));
                }
                let from = coords(origin);
                board.insert(from, c);
                let want = reference_attacks(&board, from, c, id);
                let them = if c == Color::White { "b" } else { "w" };
                for x in 0..16 {
                    for y in 0..16 {
                        let t = (x, y);
                        if board.contains_key(&t) {
                            continue;
                        }
                        let mut with: Vec<(String, String)> = base.clone();
                        with.push((sq_name(t), token("K", c.flip())));
                        // Keep the Kings apart (the test piece may be our King).
                        let k = if id == "K" { from } else { coords(our_king) };
                        if (t.0 - k.0).abs() <= 1 && (t.1 - k.1).abs() <= 1 {
                            continue;
                        }
                        let without = with.clone();
                        with.push((origin.to_string(), token(id, c)));
                        let rest = format!("{them} - - 0 1");
                        let f_with =
                            build_fen(&with.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect::<Vec<_>>(), &rest);
                        let Ok(p_with) = Position::from_fen(&variant(), &f_with) else {
                            // Only possible when the piece may not stand there (§4).
                            assert!(promotes_to(id).is_some() && from.1 == last_rank(c), "rejected: {f_with}");
                            continue;
                        };
                        if id != "K" {
                            let f_without = build_fen(
                                &without.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect::<Vec<_>>(),
                                &rest,
                            );
                            let p_without = pos(&f_without);
                            if in_check(&p_without, c.flip()) {
                                continue; // attacked by another piece; says nothing about ours
                            }
                        }
                        assert_eq!(
                            in_check(&p_with, c.flip()),
                            want.contains(&t),
                            "{id} ({c:?}) on {origin} vs King on {}: {f_with}",
                            sq_name(t)
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 40_000, "only {checked} checks");
}

/// §2.1: "1 or 2" and "1 to 3" pieces leap: pieces on every square in between never block.
#[test]
fn short_range_pieces_are_not_blocked() {
    // White piece on h8 fenced in by its own Pawns on the whole ring 1 and ring 2.
    for (id, far) in [
        ("E", vec!["f6", "j10", "f10", "j6"]),
        ("W", vec!["h6", "h10", "f8", "j8"]),
        ("MM", vec!["h6", "h10", "f8", "j8", "f6", "j10", "f10", "j6"]),
        ("L", vec!["f6", "j10", "f7", "g6", "j7", "i10"]),
        ("D", vec!["h11", "h5", "e8", "k8", "e5", "k11", "e11", "k5", "h6", "f6"]),
        ("HK", vec!["h11", "h5", "e8", "k8", "e5", "k11", "e11", "k5", "h10", "j6"]),
    ] {
        let mut pieces: Vec<(String, String)> = vec![("a2".into(), "K".into()), ("p13".into(), "k".into())];
        for dx in -2i32..=2 {
            for dy in -2i32..=2 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let s = sq_name((7 + dx, 7 + dy));
                if !far.contains(&s.as_str()) {
                    pieces.push((s, "P".into()));
                }
            }
        }
        pieces.push(("h8".into(), token(id, Color::White)));
        let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let fen = build_fen(&refs, "w - - 0 1");
        let got = moves_from(&fen, "h8");
        let want: BTreeSet<String> = far.iter().map(|s| format!("h8{s}")).collect();
        assert_eq!(got, want, "{id} in {fen}");
    }
}

/// §2 (Pawn, Soldier, Prince, Troll), §0 (Black mirrors the forward direction): the
/// forward-dependent pieces of both colours on an empty board and with blockers.
#[test]
fn forward_pieces_both_colours() {
    let with = |extra: &[(&'static str, &'static str)], side: &str| kings(extra, &format!("{side} - - 0 1"));
    // Soldier: forward, sideways, double step; diagonal forward captures only.
    check_piece(&with(&[("h8", "S")], "w"), "h8", &["h9", "h10", "g8", "i8"]);
    check_piece(&with(&[("h8", "s")], "b"), "h8", &["h7", "h6", "g8", "i8"]);
    check_piece(
        &with(&[("h8", "S"), ("g9", "p"), ("i9", "p"), ("g8", "p"), ("g7", "p")], "w"),
        "h8",
        &["h9", "h10", "i8", "g9 x", "i9 x"],
    );
    check_piece(
        &with(&[("h8", "s"), ("g7", "P"), ("i7", "P"), ("i8", "P"), ("i9", "P")], "b"),
        "h8",
        &["h7", "h6", "g8", "g7 x", "i7 x"],
    );
    // Double steps need both squares empty.
    check_piece(&with(&[("h8", "S"), ("h10", "p")], "w"), "h8", &["h9", "g8", "i8"]);
    check_piece(&with(&[("h8", "S"), ("h9", "P")], "w"), "h8", &["g8", "i8"]);
    check_piece(&with(&[("h8", "s"), ("h6", "P")], "b"), "h8", &["h7", "g8", "i8"]);
    // Pawn.
    check_piece(&with(&[("h8", "P")], "w"), "h8", &["h9", "h10"]);
    check_piece(&with(&[("h8", "p")], "b"), "h8", &["h7", "h6"]);
    check_piece(&with(&[("h8", "P"), ("h9", "p"), ("g9", "p"), ("i7", "p")], "w"), "h8", &["g9 x"]);
    check_piece(&with(&[("h8", "p"), ("h6", "P"), ("i7", "P"), ("g9", "P")], "b"), "h8", &["h7", "i7 x"]);
    // Prince: King steps (capturing too) plus a non-capturing forward double step.
    let steps = ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"];
    let mut w: Vec<&str> = steps.to_vec();
    w.push("h10");
    check_piece(&with(&[("h8", "(PR)")], "w"), "h8", &w);
    let mut b: Vec<&str> = steps.to_vec();
    b.push("h6");
    check_piece(&with(&[("h8", "(pr)")], "b"), "h8", &b);
    check_piece(
        &with(&[("h8", "(PR)"), ("h10", "p"), ("g9", "p")], "w"),
        "h8",
        &["g7", "h7", "i7", "g8", "i8", "g9 x", "h9", "i9"],
    );
    check_piece(&with(&[("h8", "(PR)"), ("h9", "p")], "w"), "h8", &["g7", "h7", "i7", "g8", "i8", "g9", "h9 x", "i9"]);
    // Troll: eight 3-leaps, a forward step, forward diagonal captures.
    let leaps = ["h11", "h5", "e8", "k8", "e11", "k11", "e5", "k5"];
    let mut w: Vec<&str> = leaps.to_vec();
    w.push("h9");
    check_piece(&with(&[("h8", "T")], "w"), "h8", &w);
    let mut b: Vec<&str> = leaps.to_vec();
    b.push("h7");
    check_piece(&with(&[("h8", "t")], "b"), "h8", &b);
    check_piece(
        &with(&[("h8", "t"), ("h7", "P"), ("g7", "P"), ("i9", "P"), ("e5", "P"), ("k5", "p")], "b"),
        "h8",
        &["h11", "h5", "e8", "k8", "e11", "k11", "e5 x", "g7 x"],
    );
}

/// §3.5 for Black: promotion on rank 1 (Pawn double step, Troll step and capture, Troll
/// leap onto rank 1 stays a Troll, Snake and Ship).
#[test]
fn black_promotions_on_rank_one() {
    let fen = build_fen(
        &[("p16", "K"), ("a13", "k"), ("c3", "p"), ("e2", "t"), ("f1", "N"), ("l4", "t"), ("h8", "(sn)")],
        "b - - 0 1",
    );
    check_piece(&fen, "c3", &["c2", "c1 =Q"]);
    check_piece(&fen, "e2", &["e1 =DW", "f1 x =DW", "h2", "b2", "e5", "h5", "b5"]);
    check_piece(&fen, "l4", &["l3", "l1", "o1", "i1", "o4", "i4", "l7", "o7", "i7"]);
    let snake = effects_from(&fen, "h8");
    assert_eq!(snake["h8b1"].promo.as_deref(), Some("U"));
    assert_eq!(snake["h8n1"].promo.as_deref(), Some("U"));
    assert_eq!(snake["h8a16"].promo, None);
    assert_eq!(snake.values().filter(|e| e.promo.is_some()).count(), 2);
    let mut p = pos(&fen);
    play(&mut p, "c3c1");
    assert_eq!(piece_on(&p, "c1"), Some((Color::Black, "Q".into())));
    assert_eq!(p.ep_square(), None);
}

// ---------------------------------------------------------------------------------------------
// Section 7: start position
// ---------------------------------------------------------------------------------------------

/// §1, §4: the start FEN is the one of the rules file and round-trips.
#[test]
fn start_position_fen() {
    let start = "(hk)(mm)(sq)(ch)jfo(az)(dw)duj(ch)(sq)(mm)(hk)/cmzvaxlkqghyvzmc/ernb(sh)(sn)(pr)ww(pr)(sn)(sh)bnre/tstststsstststst/pppppppppppppppp/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/TSTSTSTSSTSTSTST/ERNB(SH)(SN)(PR)WW(PR)(SN)(SH)BNRE/CMZVAXLKQGHYVZMC/(HK)(MM)(SQ)(CH)JFO(AZ)(DW)DUJ(CH)(SQ)(MM)(HK) w Kk - 0 1";
    let p = Position::start(&variant());
    assert_eq!(p.to_fen(), start);
    assert_eq!(pos(start).to_fen(), start);
    assert_eq!(piece_on(&p, "h2"), Some((Color::White, "K".into())));
    assert_eq!(piece_on(&p, "h15"), Some((Color::Black, "K".into())));
    assert_eq!(p.pieces(Color::White).len(), 80);
    assert_eq!(p.pieces(Color::Black).len(), 80);
    assert!(p.leap_right(Color::White) && p.leap_right(Color::Black));
}

/// §7: perft(1) = 52 with the stated breakdown (32 Pawn moves, 20 Troll moves), perft(2) =
/// 2704, and every White first move leaves Black exactly 52 replies.
#[test]
fn start_position_perft() {
    let mut p = Position::start(&variant());
    assert_eq!(perft(&mut p, 1, History::Ignore), 52);
    let moves = all_moves(&mut p);
    let mut pawn = 0;
    let mut trolls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in &moves {
        let from = &m[..2];
        let to = m[2..].to_string();
        match piece_on(&p, from).unwrap().1.as_str() {
            "P" => {
                pawn += 1;
                let f = &from[..1];
                assert!(to == format!("{f}6") || to == format!("{f}7"), "{m}");
            }
            "T" => {
                trolls.entry(from.to_string()).or_default().insert(to);
            }
            other => panic!("{other} on {from} should have no move ({m})"),
        }
    }
    assert_eq!(pawn, 32);
    let want: BTreeMap<String, BTreeSet<String>> = [
        ("a4", vec!["a7", "d7"]),
        ("c4", vec!["c7", "f7"]),
        ("e4", vec!["e7", "b7", "h7"]),
        ("g4", vec!["g7", "d7", "j7"]),
        ("j4", vec!["j7", "g7", "m7"]),
        ("l4", vec!["l7", "i7", "o7"]),
        ("n4", vec!["n7", "k7"]),
        ("p4", vec!["p7", "m7"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(trolls, want);
    assert_eq!(perft(&mut p, 2, History::Ignore), 2704);
    for m in legal_move_list(&mut p) {
        let u = p.make(m);
        assert_eq!(legal_move_list(&mut p).len(), 52, "after {}", text(m));
        p.unmake(m, u);
    }
    // Black's side is the mirror image: 52 moves with Black to move.
    let start = p.to_fen().replace(" w Kk ", " b Kk ");
    assert_eq!(legal_move_list(&mut pos(&start)).len(), 52);
}

// ---------------------------------------------------------------------------------------------
// Section 9: the sample game
// ---------------------------------------------------------------------------------------------

const NINE_ONE: [(&str, &str, usize); 20] = [
    ("h5h7", "b Kk h6 0 1", 52),
    ("i12i10", "w Kk i11 0 2", 54),
    ("h4h6", "b Kk h5 0 2", 54),
    ("g12g10", "w Kk g11 0 3", 62),
    ("g4g7", "b Kk - 1 3", 53),
    ("h12h11", "w Kk - 0 4", 74),
    ("i5i7", "b Kk i6 0 4", 55),
    ("i13i11", "w Kk i12 0 5", 76),
    ("h7h8", "b Kk - 0 5", 61),
    ("j12j10", "w Kk j11 0 6", 78),
    ("j5j7", "b Kk j6 0 6", 60),
    ("e13h10", "w Kk - 1 7", 76),
    ("j7j8", "b Kk - 0 7", 69),
    ("j10j9", "w Kk - 0 8", 76),
    ("l5l6", "b Kk - 0 8", 70),
    ("k12k10", "w Kk k11 0 9", 78),
    ("k5k7", "b Kk k6 0 9", 70),
    ("f12f10", "w Kk f11 0 10", 79),
    ("k4k6", "b Kk k5 0 10", 73),
    ("f10f9", "w Kk - 0 11", 97),
];

/// §9.1: the first ten moves, with the FEN fields and the legal-move count after every ply,
/// and the FEN after 10...f10f9.
#[test]
fn sample_game_first_ten_moves() {
    let mut p = Position::start(&variant());
    for (i, (mv, f, n)) in NINE_ONE.iter().enumerate() {
        play(&mut p, mv);
        assert_eq!(fields(&p), *f, "fields after ply {} ({mv})", i + 1);
        assert_eq!(legal_move_list(&mut p).len(), *n, "legal moves after ply {} ({mv})", i + 1);
        p.debug_check().unwrap();
        assert_eq!(pos(&p.to_fen()).hash(), p.hash(), "hash after ply {} ({mv}) differs from its FEN's", i + 1);
    }
    assert_eq!(
        p.to_fen(),
        "(hk)(mm)(sq)(ch)jfo(az)(dw)duj(ch)(sq)(mm)(hk)/cmzvaxlkqghyvzmc/ernb(sh)(sn)(pr)ww(pr)(sn)(sh)bnre/tsts1sts1tststst/ppppp6ppppp/7ps7/6ptp1p5/5p3p6/7P1P6/6T1P1P5/7S2SP4/PPPPPPP5PPPP/TSTSTS2ST1TSTST/ERNB(SH)(SN)(PR)WW(PR)(SN)(SH)BNRE/CMZVAXLKQGHYVZMC/(HK)(MM)(SQ)(CH)JFO(AZ)(DW)DUJ(CH)(SQ)(MM)(HK) w Kk - 0 11"
    );
}

fn sample_game() -> Vec<&'static str> {
    include_str!("data/bigorra_sample_game.txt").split_whitespace().filter(|t| !t.ends_with('.')).collect()
}

const FINAL_FEN: &str = "1(mm)e13/1mzk1j10/7c4j3/1stsn(pr)6z3/pp2(sq)11/2p2(hk)3s6/8r7/3P12/2PT3P1J6/3SP1P9/P3S(HK)1S8/1P1N2(PR)K(az)7/2S4(SQ)8/E5JW8/5R4(AZ)5/1(MM)14 w - - 7 233";

/// §9.2, Appendix A: the whole 464-ply game. Every move is legal and matches exactly one
/// generated move; the e.p. captures 27. l8m9 and 30. j8k9 and the King's leap 169. h2f3 behave
/// as stated; nothing promotes; the game is not over before the end; the last position is the
/// given FEN and checkmate, Black wins. Taking every move back restores the start.
#[test]
fn sample_game_whole() {
    let moves = sample_game();
    assert_eq!(moves.len(), 464);
    let mut p = Position::start(&variant());
    let mut played: Vec<(Move, kyodai::position::Undo)> = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + 1;
        let number = i / 2 + 1;
        let white = i % 2 == 0;
        assert_eq!(outcome(&mut p), None, "game over before ply {ply} ({number}. {mv}) in {}", p.to_fen());
        let list = legal_move_list(&mut p);
        let texts: BTreeSet<String> = list.iter().map(|&m| text(m)).collect();
        assert_eq!(texts.len(), list.len(), "duplicate moves before ply {ply}");
        let m = parse_move(&mut p, mv).unwrap_or_else(|e| panic!("ply {ply} ({number}. {mv}): {e}\n{}", p.to_fen()));
        assert_eq!(list.iter().filter(|x| x.from == m.from && x.to == m.to).count(), 1, "ply {ply}");
        assert_eq!(text(m), *mv);
        assert_eq!(m.promotion(), None, "no promotions in the game (ply {ply}, {mv})");
        let before = p.clone();
        if number == 169 && white {
            assert_eq!(p.to_fen(), K4_FEN, "the position before 169. h2f3 is K-4");
        }
        let u = p.make(m);
        p.debug_check().unwrap_or_else(|e| panic!("after ply {ply} ({mv}): {e}"));
        assert_eq!(pos(&p.to_fen()).hash(), p.hash(), "hash after ply {ply} ({mv}) differs from its FEN's");
        match (number, white) {
            (27, true) => {
                assert_eq!(*mv, "l8m9");
                assert!(before.piece_at(sq("m8")).is_some() && before.piece_at(sq("m9")).is_none());
                assert_eq!(before.ep_square(), Some(sq("m9")));
                assert_eq!(piece_on(&p, "m8"), None, "27. l8m9 captures m8 e.p.");
                assert_eq!(piece_on(&p, "m9").map(|x| x.0), Some(Color::White));
                assert_eq!(p.pieces(Color::Black).len() + 1, before.pieces(Color::Black).len());
            }
            (30, true) => {
                assert_eq!(*mv, "j8k9");
                assert!(before.piece_at(sq("k8")).is_some() && before.piece_at(sq("k9")).is_none());
                assert_eq!(piece_on(&p, "k8"), None, "30. j8k9 captures k8 e.p.");
                assert_eq!(p.pieces(Color::Black).len() + 1, before.pieces(Color::Black).len());
            }
            (169, true) => {
                assert_eq!(*mv, "h2f3");
                assert_eq!(piece_on(&before, "h2"), Some((Color::White, "K".into())));
                assert!(before.leap_right(Color::White));
                assert_eq!(piece_on(&p, "f3"), Some((Color::White, "K".into())));
                assert!(!p.leap_right(Color::White));
            }
            _ => {}
        }
        played.push((m, u));
    }
    assert_eq!(p.to_fen(), FINAL_FEN);
    assert!(legal_move_list(&mut p).is_empty());
    assert!(in_check(&p, Color::White));
    assert_eq!(outcome(&mut p), Some(Outcome::Win { winner: Color::Black, reason: Reason::Checkmate }));
    // The final FEN read back gives the same verdict.
    let mut q = pos(FINAL_FEN);
    assert_eq!(q.to_fen(), FINAL_FEN);
    assert_eq!(outcome(&mut q), Some(Outcome::Win { winner: Color::Black, reason: Reason::Checkmate }));
    // Unmake everything.
    while let Some((m, u)) = played.pop() {
        p.unmake(m, u);
    }
    assert_eq!(p, Position::start(&variant()));
}

// ---------------------------------------------------------------------------------------------
// Section 4: FEN
// ---------------------------------------------------------------------------------------------

fn kings(extra: &[(&str, &str)], rest: &str) -> String {
    let mut v = vec![("a2", "K"), ("p13", "k")];
    v.extend_from_slice(extra);
    build_fen(&v, rest)
}

/// §4 validation: not exactly one King per colour; a Prince is no King.
#[test]
fn fen_rejects_wrong_king_count() {
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1");
    rejects("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14K w - - 0 1");
    rejects("k14k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/(PR)15 w - - 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1");
}

/// §4 validation: the side not to move must not be in check (including a hopper's check).
#[test]
fn fen_rejects_side_not_to_move_in_check() {
    let fen = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14R w - - 0 1";
    rejects(fen);
    accepts(&fen.replace(" w ", " b "));
    // Cannon check over a screen.
    let c = "7k8/16/16/16/16/16/16/7n8/16/16/16/16/16/16/16/K6C8 w - - 0 1";
    rejects(c);
    accepts(&c.replace(" w ", " b "));
}

/// §4 validation: a promoting type other than the Troll may not stand on its own last rank;
/// on the opponent's last rank (its own first rank) it may. Trolls and non-promoting types
/// may stand anywhere.
#[test]
fn fen_promoting_types_on_last_rank() {
    for id in ["P", "S", "PR", "N", "M", "Z", "E", "W", "MM", "SQ", "J", "SH", "SN", "HK"] {
        rejects(&kings(&[("h16", &token(id, Color::White))], "w - - 0 1"));
        rejects(&kings(&[("h1", &token(id, Color::Black))], "w - - 0 1"));
        accepts(&kings(&[("h1", &token(id, Color::White))], "w - - 0 1"));
        accepts(&kings(&[("h16", &token(id, Color::Black))], "w - - 0 1"));
    }
    for id in ["T", "Q", "AZ", "DW", "L", "G", "D", "O", "U", "F", "H", "X", "A", "Y", "B", "R", "C", "V", "CH"] {
        accepts(&kings(&[("h16", &token(id, Color::White))], "b - - 0 1"));
        accepts(&kings(&[("h1", &token(id, Color::Black))], "w - - 0 1"));
    }
}

/// §4: a Pawn on its own first rank is accepted and may double-step from there (§3.3); a
/// Troll on its last rank is accepted (T-3).
#[test]
fn fen_pawn_on_first_rank() {
    let fen = kings(&[("h1", "P"), ("g16", "p")], "w - - 0 1");
    check_piece(&fen, "h1", &["h2", "h3"]);
    let fen = kings(&[("h1", "P"), ("g16", "p")], "b - - 0 1");
    check_piece(&fen, "g16", &["g15", "g14"]);
    let mut p = pos(&fen);
    play(&mut p, "g16g14");
    assert_eq!(p.ep_square(), Some(sq("g15")));
}

/// §4 validation: the e.p. square must be empty, have a Pawn, Soldier or Prince of the side
/// that just moved right after it, and an empty, on-board square right before it.
#[test]
fn fen_ep_square_consistency() {
    // E-5 is consistent.
    let good = "15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 0 1";
    accepts(good);
    // X occupied.
    rejects("15k/16/16/16/16/16/16/16/6n9/6pP8/16/16/16/16/16/K15 w - g8 0 1");
    // Nothing after X; a Troll after X; a White Pawn after X; a Black Pawn but the ep on the wrong side.
    rejects("15k/16/16/16/16/16/16/16/16/7P8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/6tP8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/6PP8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g6 0 1");
    // A Soldier and a Prince after X are fine.
    accepts("15k/16/16/16/16/16/16/16/16/6sP8/16/16/16/16/16/K15 w - g8 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/6(pr)P8/16/16/16/16/16/K15 w - g8 0 1");
    // Square before X occupied (by either side).
    rejects("15k/16/16/16/16/16/16/6n9/16/6pP8/16/16/16/16/16/K15 w - g8 0 1");
    rejects("15k/16/16/16/16/16/16/6N9/16/6pP8/16/16/16/16/16/K15 w - g8 0 1");
    // Square before X off the board: Black "double step" from rank 17.
    rejects("15k/7p8/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - h16 0 1");
    // White's double step, Black to move.
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/16/K15 b - h3 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/16/K15 w - h3 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/7N8/K15 b - h3 0 1");
    // Square before X off the board for White: X on rank 1.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/7P8/K15 b - h1 0 1");
    // Not a square.
    rejects("15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - q8 0 1");
}

/// §4 placement syntax: wrong square counts, unknown pieces, bad side, wrong rank count,
/// leading-zero or zero runs, longest-digit-sequence reading.
#[test]
fn fen_rejects_bad_syntax() {
    let ok = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1";
    accepts(ok);
    rejects("14k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1"); // 15 squares
    rejects("16k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1"); // 17 squares
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15P w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w - - 0 1"); // 15 ranks
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1"); // 17 ranks
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/I15/K15 w - - 0 1"); // unknown piece
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(XX)15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/+Q15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 x - - 0 1"); // bad side
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 W - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/016/K15 w - - 0 1"); // leading zero
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/0P15/K15 w - - 0 1"); // zero run
                                                                              // Readers take the longest digit sequence: "78" is seventy-eight squares, not 7 + 8.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K78 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K1410 w - - 0 1");
    // Leap-rights field: K, k, in that order, or -.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w Q - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w kK - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w KK - 0 1");
    // Clock fields are numbers.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - x 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 y");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w Kk - 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w k - 0 1");
}

/// §4: two-letter IDs are written in parentheses; without them the letters are two pieces.
#[test]
fn fen_two_letter_ids() {
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(HK)15/K15 w - - 0 1");
    accepts("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(hk)15/K15 w - - 0 1");
    // H and K: a Marshall and a second White King.
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/HK14/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(HK/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/()15/K15 w - - 0 1");
}

/// §4: "Parentheses around a single letter are invalid."
#[test]
fn fen_rejects_single_letter_in_parentheses() {
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(Q)15/K15 w - - 0 1");
    rejects("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/(q)15/K15 w - - 0 1");
}

/// §4: canonical FENs round-trip exactly through `to_fen`, including multi-digit runs and
/// two-letter IDs, the leap-rights, e.p., clock and move-number fields.
#[test]
fn fen_round_trip() {
    for fen in [
        "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K10R4 w - - 0 1",
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/1(SQ)11(AZ)1K w - - 37 120",
        "15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 0 1",
        "15k/16/16/16/16/16/16/16/16/16/16/16/7P8/16/16/K15 b - h3 0 1",
        "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w Kk - 99 50",
        "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b k - 3 7",
        E1_FEN,
        K1_FEN,
        K4_FEN,
        P_FEN,
        FINAL_FEN,
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // Writers merge runs (the builder here always does; a position set up with pieces removed
    // writes merged runs too).
    let mut p = pos("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K7R7 w - - 0 1");
    play(&mut p, "i1i16");
    assert_eq!(p.to_fen(), "8R6k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 1 1");
}

// ---------------------------------------------------------------------------------------------
// Section 3.6: end of the game
// ---------------------------------------------------------------------------------------------

/// §3.6 step 1: no legal move while in check is checkmate and loses.
#[test]
fn checkmate_wins() {
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/1R13K b k - 0 1");
    assert!(in_check(&p, Color::Black));
    assert!(legal_move_list(&mut p).is_empty());
    assert_eq!(outcome(&mut p), Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate }));
}

/// §3.6 step 2: bare Kings draw; a single extra piece of either colour does not.
#[test]
fn bare_kings_draw() {
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1");
    assert_eq!(outcome(&mut p), Some(Outcome::Draw { reason: Reason::BareKings }));
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/14PK w - - 0 1");
    assert_eq!(outcome(&mut p), None);
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/b14K w - - 0 1");
    assert_eq!(outcome(&mut p), None);
    // Reached by a capture: the King takes the last piece.
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/14n1/15K w - - 0 1");
    assert_eq!(outcome(&mut p), None);
    play(&mut p, "p1o2");
    assert_eq!(outcome(&mut p), Some(Outcome::Draw { reason: Reason::BareKings }));
    // Step 2 comes before step 3.
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 100 80");
    assert_eq!(outcome(&mut p), Some(Outcome::Draw { reason: Reason::BareKings }));
}

/// §3.6 step 3: the halfmove clock reaching 100 draws; at 99 it does not; a checkmate on the
/// 100th ply wins (step 1 first); a stalemate at 100 is a stalemate.
#[test]
fn fifty_move_rule() {
    assert!(variant().rules.fifty_move_rule, "the option is on by default");
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/7R8/1R13K w - - 99 50";
    let mut p = pos(fen);
    assert_eq!(outcome(&mut p), None);
    play(&mut p, "h2h3");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(outcome(&mut p), Some(Outcome::Draw { reason: Reason::FiftyMoves }));
    let mut p = pos(fen);
    play(&mut p, "h2a2");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(outcome(&mut p), Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate }));
    let mut p = pos(&fen.replace(" 99 50", " 98 50"));
    play(&mut p, "h2h3");
    assert_eq!(p.halfmove_clock(), 99);
    assert_eq!(outcome(&mut p), None);
    // A clock read from the FEN counts as well.
    let mut p = pos(&fen.replace(" 99 50", " 100 50"));
    assert_eq!(outcome(&mut p), Some(Outcome::Draw { reason: Reason::FiftyMoves }));
    let mut p = pos("k15/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 100 80");
    assert_eq!(outcome(&mut p), Some(Outcome::Draw { reason: Reason::Stalemate }));
    // A capture on the 100th ply resets the clock: no draw (Bishop h1).
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/7R8/1R5b7K w - - 99 50");
    play(&mut p, "h2h1");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(outcome(&mut p), None);
}

/// §6: the `fifty_move_rule` switch turns the rule off.
#[test]
fn fifty_move_rule_switch() {
    let text = include_str!("../../src/variant/defs/bigorra.toml");
    assert!(text.contains("fifty_move_rule = true"));
    let off = Arc::new(Game::from_toml(&text.replace("fifty_move_rule = true", "fifty_move_rule = false")).unwrap());
    assert!(!off.rules.fifty_move_rule);
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/7R8/1R13K w - - 120 80";
    let mut p = Position::from_fen(&off, fen).unwrap();
    assert_eq!(outcome(&mut p), None);
    let mut q = pos(fen);
    assert_eq!(outcome(&mut q), Some(Outcome::Draw { reason: Reason::FiftyMoves }));
}

/// Plays the moves and returns the outcome after each.
fn outcomes_after(p: &mut Position, moves: &[&str]) -> Vec<Option<Outcome>> {
    moves
        .iter()
        .map(|mv| {
            play(p, mv);
            outcome(p)
        })
        .collect()
}

const DRAW_REP: Option<Outcome> = Some(Outcome::Draw { reason: Reason::Repetition });

/// §3.6 step 4: the third occurrence of a position draws, the second does not.
#[test]
fn threefold_repetition() {
    let mut p = pos("k5n9/16/16/16/16/16/16/16/16/16/16/16/16/16/16/1N13K w - - 0 1");
    let cycle = ["b1c3", "g16f14", "c3b1", "f14g16"];
    assert_eq!(outcomes_after(&mut p, &cycle), vec![None, None, None, None], "second occurrence");
    assert_eq!(outcomes_after(&mut p, &cycle[..3]), vec![None, None, None]);
    assert_eq!(outcome_after(&mut p, cycle[3]), DRAW_REP, "third occurrence");
    // Not necessarily in a row: the intermediate positions repeat too.
    let mut p = pos("k5n9/16/16/16/16/16/16/16/16/16/16/16/16/16/16/1N13K w - - 0 1");
    let a = ["b1c3", "g16f14", "c3b1", "f14g16"];
    let b = ["b1a3", "g16h14", "a3b1", "h14g16"];
    assert!(outcomes_after(&mut p, &a).iter().all(|o| o.is_none()));
    assert_eq!(outcomes_after(&mut p, &b[..3]), vec![None, None, None]);
    assert_eq!(outcome_after(&mut p, b[3]), DRAW_REP, "third occurrence by another route");
}

fn outcome_after(p: &mut Position, mv: &str) -> Option<Outcome> {
    play(p, mv);
    outcome(p)
}

/// §3.6 position identity: the leap rights are part of it. A King that steps out and back
/// has lost its right, so the old position does not count.
#[test]
fn repetition_includes_leap_rights() {
    let mut p = pos("k5n9/16/16/16/16/16/16/16/16/16/16/16/16/16/16/1N13K w K - 0 1");
    let king_cycle = ["p1p2", "g16h14", "p2p1", "h14g16"];
    let knight_cycle = ["b1c3", "g16f14", "c3b1", "f14g16"];
    // Start position P0 (right K). After the King's cycle: P1 (no right), first occurrence.
    assert!(outcomes_after(&mut p, &king_cycle).iter().all(|o| o.is_none()));
    assert_eq!(fields(&p), "w - - 4 3");
    // P1 again: second occurrence (it would be the third if the right were ignored).
    assert!(outcomes_after(&mut p, &knight_cycle).iter().all(|o| o.is_none()));
    assert_eq!(outcomes_after(&mut p, &knight_cycle[..3]), vec![None, None, None]);
    assert_eq!(outcome_after(&mut p, knight_cycle[3]), DRAW_REP);
}

/// §3.6 position identity: the e.p. square counts only if the side to move has a legal e.p.
/// capture. After a double step nobody can take e.p., the position equals the same placement
/// later with "-".
#[test]
fn repetition_ignores_unusable_ep_square() {
    let fen = "k5n9/16/16/16/16/16/16/16/16/16/16/7P8/16/16/16/1N13K w - - 0 1";
    let mut p = pos(fen);
    play(&mut p, "h5h7");
    assert_eq!(p.ep_square(), Some(sq("h6")));
    // Black to move; cycle back to the same placement, Black to move.
    let cycle = ["g16f14", "b1c3", "f14g16", "c3b1"];
    assert!(outcomes_after(&mut p, &cycle).iter().all(|o| o.is_none()), "second occurrence");
    assert_eq!(outcomes_after(&mut p, &cycle[..3]), vec![None, None, None]);
    assert_eq!(outcome_after(&mut p, cycle[3]), DRAW_REP, "third occurrence counts the e.p. position");
}

/// §3.6 position identity: an e.p. square with a legal capture makes the position different
/// from the same placement without it.
#[test]
fn repetition_counts_usable_ep_square() {
    let fen = build_fen(&[("a16", "k"), ("g16", "n"), ("g7", "p"), ("h5", "P"), ("b1", "N"), ("p1", "K")], "w - - 0 1");
    let mut p = pos(&fen);
    play(&mut p, "h5h7");
    assert!(moves_from(&p.to_fen(), "g7").contains("g7h6"), "e.p. is possible");
    let cycle = ["g16f14", "b1c3", "f14g16", "c3b1"];
    // Each cycle ends on the same placement without e.p., which differs from the position
    // right after h5h7. After two cycles it has occurred twice (three times if the e.p. square
    // were ignored).
    assert!(outcomes_after(&mut p, &cycle).iter().all(|o| o.is_none()));
    assert!(outcomes_after(&mut p, &cycle).iter().all(|o| o.is_none()), "only the second occurrence");
    // The third cycle repeats its first position for the third time.
    assert_eq!(outcome_after(&mut p, cycle[0]), DRAW_REP);
}

/// §3.6 position identity: a pseudo-legal but illegal e.p. capture (the capturer is pinned)
/// does not count; the position after the double step equals the later one with "-".
#[test]
fn repetition_ignores_illegal_ep_capture() {
    // Black King g10, Black Pawn g7 pinned by the White Rook g1.
    let fen = build_fen(
        &[("a2", "K"), ("g1", "R"), ("h5", "P"), ("b1", "N"), ("g10", "k"), ("g7", "p"), ("a16", "n")],
        "w - - 0 1",
    );
    let mut p = pos(&fen);
    play(&mut p, "h5h7");
    assert_eq!(p.ep_square(), Some(sq("h6")));
    assert!(!moves_from(&p.to_fen(), "g7").contains("g7h6"), "the pinned Pawn may not take e.p.");
    let cycle = ["a16b14", "b1c3", "b14a16", "c3b1"];
    assert!(outcomes_after(&mut p, &cycle).iter().all(|o| o.is_none()));
    assert_eq!(outcomes_after(&mut p, &cycle[..3]), vec![None, None, None]);
    assert_eq!(outcome_after(&mut p, cycle[3]), DRAW_REP);
}

/// §3.6: repetition counts every earlier position of the game. A Prince double step resets the
/// halfmove clock but is reversible (the Prince steps back), so positions before it can occur
/// again.
#[test]
fn repetition_across_prince_double_step() {
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("h8", "(PR)"), ("o15", "r")], "w - - 0 1");
    let mut p = pos(&fen);
    let cycle = ["h8h10", "o15n15", "h10h9", "n15m15", "h9h8", "m15o15"];
    assert!(outcomes_after(&mut p, &cycle).iter().all(|o| o.is_none()));
    assert_eq!(p.to_fen(), fen.replace(" 0 1", " 5 4"), "back to the start placement");
    // Second cycle: every position occurs for the second time, and the last move brings the
    // start position back for the third time.
    assert_eq!(outcomes_after(&mut p, &cycle[..5]), vec![None; 5]);
    assert_eq!(outcome_after(&mut p, cycle[5]), DRAW_REP, "third occurrence of the start position");
}

/// §3.6: the same for the Troll's one-step move, which resets the clock; the Troll comes back
/// with a 3-leap and two steps.
#[test]
fn repetition_across_troll_step() {
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("h8", "T"), ("g16", "n")], "w - - 0 1");
    let mut p = pos(&fen);
    let cycle = ["h8h9", "g16f14", "h9h6", "f14g16", "h6h7", "g16f14", "h7h8", "f14g16"];
    assert!(outcomes_after(&mut p, &cycle).iter().all(|o| o.is_none()));
    assert_eq!(p.to_fen(), fen.replace(" 0 1", " 1 5"), "back to the start placement");
    // Second cycle: every position occurs for the second time, and the last move brings the
    // start position back for the third time.
    assert_eq!(outcomes_after(&mut p, &cycle[..7]), vec![None; 7]);
    assert_eq!(outcome_after(&mut p, cycle[7]), DRAW_REP, "third occurrence of the start position");
}

/// §3.6 halfmove clock: which moves reset it to 0 and which add 1, for both colours.
#[test]
fn halfmove_clock_resets() {
    // (pieces besides the Kings a2/p13, side, move, resets?)
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str, bool);
    let cases: &[Case] = &[
        // Soldier: sideways adds, forward / double / capture / e.p. reset.
        (&[("h8", "S")], "w", "h8g8", false),
        (&[("h8", "S")], "w", "h8i8", false),
        (&[("h8", "S")], "w", "h8h9", true),
        (&[("h8", "S")], "w", "h8h10", true),
        (&[("h8", "S"), ("g9", "n")], "w", "h8g9", true),
        (&[("h8", "s")], "b", "h8g8", false),
        (&[("h8", "s")], "b", "h8h7", true),
        (&[("h8", "s")], "b", "h8h6", true),
        // Pawn: every move resets.
        (&[("h8", "P")], "w", "h8h9", true),
        (&[("h8", "P")], "w", "h8h10", true),
        (&[("h8", "p")], "b", "h8h7", true),
        // Prince: single steps add (forward too), the double step resets, captures reset.
        (&[("h8", "(PR)")], "w", "h8h9", false),
        (&[("h8", "(PR)")], "w", "h8g8", false),
        (&[("h8", "(PR)")], "w", "h8h7", false),
        (&[("h8", "(PR)")], "w", "h8i9", false),
        (&[("h8", "(PR)")], "w", "h8h10", true),
        (&[("h8", "(PR)"), ("i9", "n")], "w", "h8i9", true),
        (&[("h8", "(pr)")], "b", "h8h7", false),
        (&[("h8", "(pr)")], "b", "h8h6", true),
        // Troll: 3-leaps add (forward too), the straight step resets, captures reset.
        (&[("h8", "T")], "w", "h8h11", false),
        (&[("h8", "T")], "w", "h8h5", false),
        (&[("h8", "T")], "w", "h8k11", false),
        (&[("h8", "T")], "w", "h8e8", false),
        (&[("h8", "T")], "w", "h8h9", true),
        (&[("h8", "T"), ("i9", "n")], "w", "h8i9", true),
        (&[("h8", "T"), ("k11", "n")], "w", "h8k11", true),
        (&[("h8", "t")], "b", "h8h7", true),
        (&[("h8", "t")], "b", "h8h5", false),
        // Kings: steps and the leap add.
        (&[("h8", "N")], "w", "a2a3", false),
        (&[("h8", "N")], "w", "a2c4", false),
        // Other pieces: plain moves add, captures (hopper too) reset, promotions reset.
        (&[("h8", "N")], "w", "h8g10", false),
        (&[("h8", "N"), ("g10", "n")], "w", "h8g10", true),
        (&[("h8", "C")], "w", "h8h12", false),
        (&[("h8", "C"), ("h10", "P"), ("h13", "n")], "w", "h8h13", true),
        (&[("h15", "N")], "w", "h15g13", false),
        (&[("h14", "N")], "w", "h14g16", true),
        (&[("h15", "T")], "w", "h15h16", true),
        (&[("h13", "T")], "w", "h13h16", false),
    ];
    for (pieces, side, mv, resets) in cases {
        let mut all = vec![("a2", "K"), ("p13", "k")];
        all.extend_from_slice(pieces);
        let rights = if mv.starts_with("a2") { "K" } else { "-" };
        let fen = build_fen(&all, &format!("{side} {rights} - 10 20"));
        let mut p = pos(&fen);
        play(&mut p, mv);
        let want = if *resets { 0 } else { 11 };
        assert_eq!(p.halfmove_clock(), want, "{mv} in {fen}");
        assert_eq!(p.fullmove_number(), if *side == "b" { 21 } else { 20 });
    }
    // e.p. capture resets.
    let mut p = pos("15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 10 20");
    play(&mut p, "h7g8");
    assert_eq!(p.halfmove_clock(), 0);
}

// ---------------------------------------------------------------------------------------------
// Section 3.1-3.4: check, legality, King leap, double steps, e.p.
// ---------------------------------------------------------------------------------------------

/// §3.1: a pinned piece may only move along the pin line.
#[test]
fn pinned_piece_moves_along_the_pin() {
    let fen = build_fen(&[("a1", "K"), ("a4", "R"), ("a10", "r"), ("p16", "k")], "w - - 0 1");
    check_piece(&fen, "a4", &["a2", "a3", "a5", "a6", "a7", "a8", "a9", "a10 x"]);
}

/// §3.1, §3.4: an e.p. capture that exposes the King (two squares emptied on one rank) is
/// illegal.
#[test]
fn ep_capture_exposing_king_is_illegal() {
    let fen = "15k/16/16/16/16/16/16/16/16/K5Pp7r/16/16/16/16/16/16 w - h8 0 1";
    check_piece(fen, "g7", &["g8", "g9"]);
    // Without the Rook the capture is legal.
    let fen2 = "15k/16/16/16/16/16/16/16/16/K5Pp8/16/16/16/16/16/16 w - h8 0 1";
    check_piece(fen2, "g7", &["g8", "g9", "h8 xh7"]);
}

/// §3.1: a Cannon attacks over a screen of either colour; its line beyond the screen is
/// forbidden to the King, its line before the screen is not.
#[test]
fn hopper_gives_check() {
    // Black King e16, White Cannon e1, screen on e8: check.
    let mut p = pos("4k11/16/16/16/16/16/16/16/4N11/16/16/16/16/16/16/K3C11 b - - 0 1");
    assert!(in_check(&p, Color::Black));
    let moves = all_moves(&mut p);
    assert!(!moves.contains("e16e15"), "e15 is still on the line beyond the screen");
    assert!(moves.contains("e16d16") && moves.contains("e16f15"));
    // No screen: no check.
    let p = pos("4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K3C11 b - - 0 1");
    assert!(!in_check(&p, Color::Black));
    // Two screens: no check.
    let p = pos("4k11/16/16/16/4n11/16/16/16/4N11/16/16/16/16/16/16/K3C11 b - - 0 1");
    assert!(!in_check(&p, Color::Black));
    // The King may not step onto a square beyond a screen.
    let fen = build_fen(&[("g2", "K"), ("h8", "N"), ("h16", "c"), ("a16", "k")], "w - - 0 1");
    check_piece(&fen, "g2", &["f1", "f2", "f3", "g1", "g3"]);
    // Sorceress and Archer check too.
    let p = pos("4k11/16/16/16/16/16/16/16/4N11/16/16/16/16/16/16/K3O11 b - - 0 1");
    assert!(in_check(&p, Color::Black));
    let p = pos("15k/16/16/16/16/16/16/16/7N8/16/16/16/16/16/16/V14K b - - 0 1");
    assert!(in_check(&p, Color::Black), "Archer a1 over the screen h8");
    let p = pos("15k/16/16/16/16/16/16/16/8N7/16/16/16/16/16/16/V14K b - - 0 1");
    assert!(!in_check(&p, Color::Black), "no screen on the diagonal");
}

/// §3.1: attacks are pseudo-legal: a pinned piece still attacks, and its squares are
/// forbidden to the enemy King.
#[test]
fn pinned_piece_still_attacks() {
    // Black Rook p10 pinned to the Black King p16 by the White Queen p1; it still holds rank 10.
    let fen = build_fen(&[("h9", "K"), ("p1", "Q"), ("p10", "r"), ("p16", "k")], "w - - 0 1");
    check_piece(&fen, "h9", &["g8", "h8", "i8", "g9", "i9"]);
}

/// §3.1: non-capturing moves never attack: a Pawn's straight step, a Soldier's sideways step,
/// a Troll's straight step and the hoppers' plain slides do not give check.
#[test]
fn non_capturing_moves_do_not_attack() {
    // White King on h8; Black Pawn h9 (its straight step), Soldier g8 (its sideways step), Troll
    // h9 (its straight step), Prince h10 (its double step), Cannon h12 without a screen (its
    // plain slide).
    let fen = build_fen(&[("h8", "K"), ("h9", "p"), ("g8", "s"), ("p16", "k")], "w - - 0 1");
    let p = pos(&fen);
    assert!(!in_check(&p, Color::White));
    let fen = build_fen(&[("h8", "K"), ("h9", "t"), ("p16", "k")], "w - - 0 1");
    assert!(!in_check(&pos(&fen), Color::White));
    let fen = build_fen(&[("h8", "K"), ("h10", "(pr)"), ("p16", "k")], "w - - 0 1");
    assert!(!in_check(&pos(&fen), Color::White), "a Prince double step is no attack");
    let fen = build_fen(&[("h8", "K"), ("h12", "c"), ("p16", "k")], "w - - 0 1");
    assert!(!in_check(&pos(&fen), Color::White), "a Cannon without a screen does not attack");
    // The King may step next to a Soldier's sideways target and in front of a Pawn.
    let fen = build_fen(&[("h8", "K"), ("j9", "s"), ("h11", "p"), ("p16", "k")], "w - - 0 1");
    let got = moves_from(&fen, "h8");
    assert!(got.contains("h8i9"), "i9 is only a sideways target of the Soldier j9");
    assert!(got.contains("h8h9"), "h9 is only a double-step target of the Pawn h11");
    assert!(!got.contains("h8i8"), "i8 is attacked by the Soldier j9 (diagonal forward)");
}

/// §3.1: the Prince is not royal: it may be captured, may move onto attacked squares, and an
/// attacked Prince is no check.
#[test]
fn prince_is_not_royal() {
    let fen = build_fen(&[("c1", "K"), ("e4", "(PR)"), ("a5", "r"), ("p16", "k")], "w - - 0 1");
    let p = pos(&fen);
    assert!(!in_check(&p, Color::White));
    let got = moves_from(&fen, "e4");
    assert!(got.contains("e4e5") && got.contains("e4d5") && got.contains("e4f5"), "{got:?}");
    // Attacked Prince, Black to move: Black may capture it; White is not in check.
    let fen = build_fen(&[("c1", "K"), ("e5", "(PR)"), ("a5", "r"), ("p16", "k")], "b - - 0 1");
    let mut p = pos(&fen);
    assert!(!in_check(&p, Color::White));
    play(&mut p, "a5e5");
    assert_eq!(piece_on(&p, "e5"), Some((Color::Black, "R".into())));
    assert_eq!(outcome(&mut p), None);
}

/// §3.2: the leap right is lost by any King move (step, capture, leap), kept by other moves,
/// and not lost by being checked.
#[test]
fn leap_right_lifetime() {
    fn base(extra: &[(&'static str, &'static str)]) -> String {
        let mut v = vec![("h2", "K"), ("p16", "k"), ("a1", "R"), ("a16", "r")];
        v.extend_from_slice(extra);
        build_fen(&v, "w Kk - 0 1")
    }
    for mv in ["h2h3", "h2f3", "h2h4", "h2g1"] {
        let mut p = pos(&base(&[]));
        play(&mut p, mv);
        assert!(!p.leap_right(Color::White), "{mv}");
        assert!(p.leap_right(Color::Black));
    }
    let mut p = pos(&base(&[("i3", "n")]));
    play(&mut p, "h2i3");
    assert!(!p.leap_right(Color::White), "a King capture uses up the right");
    let mut p = pos(&base(&[]));
    play(&mut p, "a1a3");
    assert!(p.leap_right(Color::White), "other moves keep it");
    play(&mut p, "p16p14");
    assert_eq!(fields(&p), "w K - 2 2", "Black's leap p16p14 used Black's right");
    // Being checked does not remove it: Black checks, White blocks, later the King leaps.
    let mut p = pos(&base(&[]));
    play(&mut p, "a1a3");
    play(&mut p, "a16h16");
    assert!(in_check(&p, Color::White));
    let got = moves_from(&p.to_fen(), "h2");
    assert!(
        !got.iter().any(|m| ["h2f3", "h2j3", "h2f1", "h2j1"].contains(&m.as_str())),
        "no leap out of check: {got:?}"
    );
    play(&mut p, "a3h3");
    assert!(p.leap_right(Color::White));
    play(&mut p, "h16a16");
    assert!(moves_from(&p.to_fen(), "h2").contains("h2f3"));
    play(&mut p, "h2f3");
    assert!(!p.leap_right(Color::White));
    assert!(!moves_from(&p.to_fen().replace(" b ", " w "), "f3").contains("f3h4"), "no second leap");
}

/// §3.2: the leap goes over pieces of either colour on its middle squares and never captures;
/// a crossed square is judged with the King removed from its origin and whatever stands on the
/// square removed; for knight-shaped leaps one safe middle square is enough.
#[test]
fn king_leap_details() {
    // Friendly Knight on e4 (crossed by e3e5), enemy Pawn on d3 (crossed by e3c3).
    let fen = build_fen(&[("e3", "K"), ("e4", "N"), ("d3", "p"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(got.contains("e3e5"), "leap over a friendly piece: {got:?}");
    assert!(got.contains("e3c3"), "leap over an enemy piece: {got:?}");
    assert!(got.contains("e3d3"), "the step captures the Pawn: {got:?}");
    // Target occupied: no leap, neither onto an enemy nor onto a friend.
    let fen = build_fen(&[("e3", "K"), ("e5", "p"), ("c3", "N"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(!got.contains("e3e5") && !got.contains("e3c3"), "{got:?}");
    assert!(got.contains("e3e1") && got.contains("e3g3"), "{got:?}");
    // The King itself is the screen of a Black Cannon e16 for e2 and e1. With the King removed
    // from e3, a King on e2 is the first piece on the line, so e2 is safe; e3e1 is legal.
    let fen = build_fen(&[("e3", "K"), ("e16", "c"), ("p16", "k")], "w K - 0 1");
    assert!(!in_check(&pos(&fen), Color::White));
    let got = moves_from(&fen, "e3");
    assert!(got.contains("e3e1"), "{got:?}");
    // Rook a4 attacks e4 (what stands on e4 does not matter), and d4. A White Knight on e4
    // shields f4. e3f5 crosses e4 (unsafe) and f4 (safe): legal. e3d5 crosses e4 and d4, both
    // unsafe: illegal. e3e5 crosses e4: illegal.
    let fen = build_fen(&[("e3", "K"), ("e4", "N"), ("a4", "r"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(got.contains("e3f5"), "one safe middle square is enough: {got:?}");
    assert!(!got.contains("e3d5"), "{got:?}");
    assert!(!got.contains("e3e5"), "{got:?}");
    assert!(got.contains("e3g4"), "g4 and f4 are shielded by the Knight e4; f3 safe: {got:?}");
    assert!(!got.contains("e3c4"), "c4 is attacked: {got:?}");
    // Without the Knight on e4 the Rook sweeps the whole rank: e3f5 is illegal too.
    let fen = build_fen(&[("e3", "K"), ("a4", "r"), ("p16", "k")], "w K - 0 1");
    let got = moves_from(&fen, "e3");
    assert!(!got.contains("e3f5") && !got.contains("e3d5") && !got.contains("e3e5"), "{got:?}");
    assert!(got.contains("e3e1") && got.contains("e3g2") && got.contains("e3c2"), "{got:?}");
}

/// §3.3, §3.4: e.p. for Black, played out from moves: White double-steps, a Black Soldier
/// captures e.p.; the e.p. square is set after every non-promoting double step, by Pawns,
/// Soldiers and Princes.
#[test]
fn ep_played_out() {
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("d3", "(PR)"), ("e5", "s"), ("c5", "p")], "w - - 0 1");
    let mut p = pos(&fen);
    play(&mut p, "d3d5");
    assert_eq!(p.ep_square(), Some(sq("d4")));
    assert_eq!(fields(&p), "b - d4 0 1");
    check_piece(&p.to_fen(), "e5", &["e4", "e3", "f5", "d4 xd5"]);
    check_piece(&p.to_fen(), "c5", &["c4", "c3", "d4 xd5"]);
    play(&mut p, "e5d4");
    assert_eq!(piece_on(&p, "d5"), None);
    assert_eq!(piece_on(&p, "d4"), Some((Color::Black, "S".into())));
    assert_eq!(p.ep_square(), None);
    // A Soldier that double-stepped is captured e.p. by a Pawn.
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("j3", "S"), ("k5", "p")], "w - - 0 1");
    let mut p = pos(&fen);
    play(&mut p, "j3j5");
    check_piece(&p.to_fen(), "k5", &["k4", "k3", "j4 xj5"]);
    play(&mut p, "k5j4");
    assert_eq!(piece_on(&p, "j5"), None);
    assert_eq!(piece_on(&p, "j4"), Some((Color::Black, "P".into())));
    // Soldier double step sets it too; Troll has no double step.
    let fen = build_fen(&[("a2", "K"), ("p13", "k"), ("d3", "S"), ("h3", "T")], "w - - 0 1");
    let mut p = pos(&fen);
    play(&mut p, "d3d5");
    assert_eq!(p.ep_square(), Some(sq("d4")));
    assert!(!moves_from(&fen, "h3").contains("h3h5"));
    // A capture or any other move clears it.
    play(&mut p, "p13p12");
    assert_eq!(p.ep_square(), None);
}

/// §3.4: who captures e.p.: Pawns and Soldiers only. A Centaur next to X only steps there.
#[test]
fn ep_capturers() {
    // The Black Prince just double-stepped e12e10. White Pawn d10 takes it e.p.; the White
    // Centaur f10 can only step onto e11 (capturing nothing) or take e10 normally.
    let fen = "15k/16/16/16/16/16/3P(pr)J10/16/16/16/16/16/16/16/16/K15 w - e11 0 1";
    check_piece(fen, "d10", &["d11", "d12", "e11 xe10"]);
    let mut p = pos(fen);
    let got = effects_from(fen, "f10");
    assert_eq!(got["f10e11"], Effect { captured: vec![], promo: None }, "the Centaur's step captures nothing");
    assert_eq!(got["f10e10"], Effect { captured: vec!["e10".into()], promo: None });
    play(&mut p, "f10e11");
    assert_eq!(piece_on(&p, "e10"), Some((Color::Black, "PR".into())));
}

// ---------------------------------------------------------------------------------------------
// Section 5: notation
// ---------------------------------------------------------------------------------------------

/// §5: the optional promotion suffix must match the forced promotion; no suffix on
/// non-promotions; squares are case-insensitive; output has no suffix.
#[test]
fn notation_promotion_suffix() {
    let v = variant();
    let mut p = pos(P_FEN);
    let plain = parse_move(&mut p, "d14d16").unwrap();
    assert_eq!(plain.promotion().map(|k| v.piece(k).id.clone()), Some("Q".into()));
    for t in ["d14d16q", "d14d16Q", "D14D16", "D14d16q"] {
        assert_eq!(parse_move(&mut p, t).unwrap(), plain, "{t}");
    }
    assert_eq!(format_move(&v, plain), "d14d16");
    for t in ["d14d16az", "d14d16r", "d14d16f", "d14d15q", "d14e15q", "k14l12f", "g14g15az"] {
        assert!(parse_move(&mut p, t).is_err(), "{t} should be rejected");
    }
    let pr = parse_move(&mut p, "g14g16az").unwrap();
    assert_eq!(v.piece(pr.promotion().unwrap()).id, "AZ");
    assert_eq!(parse_move(&mut p, "G14G16AZ").unwrap(), pr);
    assert!(parse_move(&mut p, "g14g16q").is_err());
    assert_eq!(v.piece(parse_move(&mut p, "k14j16f").unwrap().promotion().unwrap()).id, "F");
    assert_eq!(format_move(&v, pr), "g14g16");
    // Troll: e15e16dw promotes; a leap onto rank 16 with a suffix is refused.
    let mut t = pos("3n12/4T11/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1");
    assert_eq!(v.piece(parse_move(&mut t, "e15e16dw").unwrap().promotion().unwrap()).id, "DW");
    assert_eq!(v.piece(parse_move(&mut t, "e15d16DW").unwrap().promotion().unwrap()).id, "DW");
    let mut t1 = pos("7r8/4p11/5n10/4T11/16/16/1P14/16/15k/16/16/16/16/16/16/K15 w - - 0 1");
    assert!(parse_move(&mut t1, "e13e16").unwrap().promotion().is_none());
    assert!(parse_move(&mut t1, "e13e16dw").is_err());
}

/// §5: syntax: multi-digit ranks, no leading zero, illegal moves refused, e.p. and the
/// King's leap carry no marker.
#[test]
fn notation_syntax() {
    let mut p = Position::start(&variant());
    assert!(parse_move(&mut p, "h5h7").is_ok());
    assert!(parse_move(&mut p, "H5H7").is_ok());
    assert!(parse_move(&mut p, "h5h8").is_err(), "not a legal move");
    assert!(parse_move(&mut p, "h05h07").is_err());
    assert!(parse_move(&mut p, "h5").is_err());
    assert!(parse_move(&mut p, "q5q7").is_err());
    assert!(parse_move(&mut p, "h12h10").is_err(), "Black's piece, White to move");
    let mut p = pos("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/P14K w - - 0 1");
    let m = parse_move(&mut p, "a1a3").unwrap();
    assert_eq!(text(m), "a1a3");
    let mut p = pos("15k/16/16/16/16/16/P15/16/16/16/16/16/16/16/16/15K w - - 0 1");
    assert_eq!(text(parse_move(&mut p, "a10a12").unwrap()), "a10a12");
    let mut e = pos(E1_FEN);
    assert_eq!(text(parse_move(&mut e, "f10e11").unwrap()), "f10e11");
    let mut k = pos(K4_FEN);
    assert_eq!(text(parse_move(&mut k, "h2f3").unwrap()), "h2f3");
}

/// Notation: a FEN may leave out its last fields, even all of them after the side to move; they
/// take their defaults, as after a placement alone. A refused FEN never shows the program's own
/// type names.
#[test]
fn fen_fields_may_be_left_out_from_the_end() {
    let board = "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15";
    for (given, read) in [
        ("w", "w - - 0 1"),
        ("b", "b - - 0 1"),
        ("w -", "w - - 0 1"),
        ("w - -", "w - - 0 1"),
        ("w - - 7", "w - - 7 1"),
        ("w - - 7 9", "w - - 7 9"),
    ] {
        assert_eq!(fields(&pos(&format!("{board} {given}"))), read, "{given}");
    }
    for bad in ["w - - 0 1 5", "w Q", "w - z9", "w - - x", "x"] {
        let e = Position::from_fen(&variant(), &format!("{board} {bad}")).unwrap_err().to_string();
        for internal in ["LeapRights", "EnPassant", "CounterStrike", "Halfmove", "Fullmove"] {
            assert!(!e.contains(internal), "'{bad}': {e}");
        }
    }
}

/// Notation: the explicit effect form is general; en passant writes its victim (E-1).
#[test]
fn explicit_en_passant_form() {
    let mut p = pos(E1_FEN);
    let m = parse_move(&mut p, "f10e11").unwrap();
    assert_eq!(parse_move(&mut p, "f10e11xe10"), Ok(m));
    assert_eq!(kyodai::notation::format_explicit_at(&p, m), "f10e11xe10");
    assert!(parse_move(&mut p, "f10e11xe9").is_err(), "e9 is not what it takes");
}

/// Notation: a refused move says why: a `+` where Bigorra's forced promotion is written without
/// one, a suffix on a move that does not promote.
#[test]
fn refusals_name_the_real_reason() {
    use kyodai::notation::{MoveError, Refusal};
    let fen = "k15/4n11/3P12/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1";
    let mut p = pos(fen);
    let e = parse_move(&mut p, "d14d16+").unwrap_err();
    assert!(matches!(&e, MoveError::Illegal { reason: Refusal::SuffixNotWritten { suffix: '+', .. }, .. }), "{e}");
    assert!(e.to_string().contains("Bigorra writes no '+'"), "{e}");
    let e = parse_move(&mut p, "d14e15q").unwrap_err();
    assert!(matches!(&e, MoveError::Illegal { reason: Refusal::CannotPromote, .. }), "{e}");
    assert!(parse_move(&mut p, "d14d16").is_ok() && parse_move(&mut p, "d14d16q").is_ok());
}
