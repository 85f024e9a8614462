//! Nutty Shogi rules tests. The authority is `docs/rules/nutty.md`; every test names the
//! section (§) or test case (T*, A*, R*) of the page's Rule index that it checks. Move sets are compared
//! exactly, in the listing notation of section 4.9: `g7-g9 x g8,g9 +` (origin, destination,
//! the enemy squares the move empties by captures and burns, sorted by file then rank, and `+`
//! for promotion). The listing is computed by playing each move, so burns are checked too.
//! Cross-checks (attack detection, symmetry, an independent generator) are in `nutty_cross.rs`.

use kyodai::notation::{format_move, parse_move};
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Game, Move, Position};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

const START: &str = "lnesgtktgsenl/m1ax1qfi1wo1m/ubrhcvjychrbu/ppppppppppppp/3d5d3/13/13/13/3D5D3/PPPPPPPPPPPPP/UBRHCYJVCHRBU/M1OW1IFQ1XA1M/LNESGTKTGSENL w";

fn nutty() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("nutty").expect("built-in variant nutty")))
}

fn pos(fen: &str) -> Position {
    Position::from_fen(&nutty(), fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

/// Section 4.9's listing form of `m`, played on a copy of `p` to find what it removes.
fn listing(p: &Position, m: Move) -> String {
    let v = nutty();
    let shape = v.shape;
    let them = p.side().flip();
    let before: Vec<_> = p.pieces(them).to_vec();
    let mut q = p.clone();
    let u = q.make(m);
    let mut removed: Vec<_> = before.into_iter().filter(|&s| q.piece_at(s).is_none_or(|x| x.color() != them)).collect();
    q.unmake(m, u);
    assert_eq!(&q, p, "unmake restores the position after {}", format_move(&v, m));
    removed.sort_by_key(|&s| (shape.file_of(s), shape.rank_of(s)));
    let mut t = format!("{}-{}", shape.name(m.from), shape.name(m.to));
    if !removed.is_empty() {
        let names: Vec<String> = removed.iter().map(|&s| shape.name(s)).collect();
        t.push_str(&format!(" x {}", names.join(",")));
    }
    if m.promotion().is_some() {
        t.push_str(" +");
    }
    t
}

/// The legal moves of the piece on `from`, in the listing form.
fn moves_of(fen: &str, from: &str) -> BTreeSet<String> {
    let mut p = pos(fen);
    let s = nutty().shape.parse_square(from).unwrap();
    let moves = legal_move_list(&mut p);
    let out: BTreeSet<String> = moves.iter().filter(|m| m.from == s).map(|&m| listing(&p, m)).collect();
    // Each listed effect is one move (section 4.9).
    assert_eq!(out.len(), moves.iter().filter(|m| m.from == s).count(), "{from}: duplicate effects");
    out
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(ToString::to_string).collect()
}

fn check(fen: &str, from: &str, expected: &[&str], ctx: &str) {
    let actual = moves_of(fen, from);
    let expected = set(expected);
    if actual != expected {
        let missing: Vec<_> = expected.difference(&actual).collect();
        let extra: Vec<_> = actual.difference(&expected).collect();
        panic!(
            "{ctx}: {} moves, expected {}\n  missing:    {missing:?}\n  unexpected: {extra:?}",
            actual.len(),
            expected.len()
        );
    }
}

/// `from-` + each target.
fn targets(from: &str, to: &[&str]) -> Vec<String> {
    to.iter().map(|t| format!("{from}-{t}")).collect()
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Finds the legal move with this listing text and plays it.
fn play_listing(p: &mut Position, text: &str) -> Move {
    let moves = legal_move_list(p);
    let m = *moves
        .iter()
        .find(|&&m| listing(p, m) == text)
        .unwrap_or_else(|| panic!("no legal move {text} in {}", p.to_fen()));
    p.make(m);
    m
}

fn squares_around(c: &str) -> Vec<String> {
    let v = nutty();
    let s = v.shape.parse_square(c).unwrap();
    let (f, r) = (v.shape.file_of(s), v.shape.rank_of(s));
    let mut out = Vec::new();
    for df in -3..=3 {
        for dr in -3..=3 {
            if (df, dr) != (0, 0) {
                out.push(format!("{}{}", (b'a' + (f + df) as u8) as char, r + dr + 1));
            }
        }
    }
    out
}

// ------------------------------------------------------------------------------------------
// Sections 2, 3, 8, 9: pieces, setup, FEN, the start position
// ------------------------------------------------------------------------------------------

#[test]
fn catalogue_has_25_start_types_and_every_promoted_type() {
    let v = nutty();
    let start: Vec<_> = v.pieces.iter().filter(|p| p.in_setup).collect();
    assert_eq!(start.len(), 25);
    assert_eq!(v.pieces.len(), 25 + 22);
    let p = pos(START);
    assert_eq!(p.pieces(Color::White).len(), 50);
    assert_eq!(p.pieces(Color::Black).len(), 50);
    // Section 2.1's promotion column.
    for (from, to) in [
        ("I", "+I"),
        ("Q", "+Q"),
        ("W", "+W"),
        ("A", "+A"),
        ("X", "+X"),
        ("O", "+O"),
        ("M", "+M"),
        ("J", "+J"),
        ("Y", "+Y"),
        ("C", "+C"),
        ("H", "+H"),
        ("R", "+R"),
        ("B", "+B"),
        ("U", "+U"),
        ("L", "+L"),
        ("N", "+N"),
        ("E", "+E"),
        ("S", "+S"),
        ("G", "+G"),
        ("T", "+T"),
        ("D", "+D"),
        ("P", "+P"),
    ] {
        let k = v.kind_by_id(from).unwrap();
        assert_eq!(v.piece(k).promotes_to, v.kind_by_id(to), "{from}");
    }
    for id in ["K", "F", "V"] {
        assert_eq!(v.piece(v.kind_by_id(id).unwrap()).promotes_to, None, "{id}");
    }
    for p in v.pieces.iter().filter(|p| p.promoted) {
        assert_eq!(p.promotes_to, None, "{} never promotes again", p.id);
    }
    // Jump ranks (section 4.3).
    for (id, r) in [("K", 4), ("+J", 3), ("V", 2), ("+Y", 2), ("J", 1), ("Y", 1), ("F", 0), ("+W", 0), ("Q", 0)] {
        assert_eq!(v.piece(v.kind_by_id(id).unwrap()).jump_rank, r, "{id}");
    }
}

#[test]
fn start_fen_round_trips_and_bad_fens_are_rejected() {
    assert_eq!(pos(START).to_fen(), START);
    assert_eq!(nutty().start_fen, START);
    for bad in [
        "4k8/13/13/13/13/13/6+K6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/6+F6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/6+V6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/6Z6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/6P5/13/13/13/13/13/1K11 w",
    ] {
        assert!(Position::from_fen(&nutty(), bad).is_err(), "{bad} must be rejected");
    }
}

#[test]
fn section_9_start_position_has_the_43_listed_moves() {
    let mut p = pos(START);
    let all: BTreeSet<String> = legal_move_list(&mut p).into_iter().map(|m| listing(&p, m)).collect();
    let expected = set(&[
        "f2-e2",
        "f2-f2",
        "h2-i2",
        "f1-e2",
        "h1-i2",
        "e1-e2",
        "i1-i2",
        "d1-e2",
        "j1-i2",
        "c1-b2",
        "k1-l2",
        "a2-b2",
        "m2-l2",
        "c2-e2",
        "d2-e2",
        "k2-l2",
        "j2-i2",
        "d3-e2",
        "j3-i2",
        "e3-e2",
        "i3-i2",
        "f3-e2",
        "f3-m10 x m10",
        "f3-m10 x m10 +",
        "g3-g10 x g10",
        "g3-g10 x g10 +",
        "g3-g11 x g11",
        "g3-g11 x g11 +",
        "h3-i2",
        "h3-a10 x a10",
        "a4-a5",
        "b4-b5",
        "c4-c5",
        "e4-e5",
        "f4-f5",
        "g4-g5",
        "h4-h5",
        "i4-i5",
        "k4-k5",
        "l4-l5",
        "m4-m5",
        "d5-d6",
        "j5-j6",
    ]);
    assert_eq!(all, expected);
    // By symmetry the second player has 43 too.
    assert_eq!(legal_move_list(&mut pos(&START.replace(" w", " b"))).len(), 43);
}

#[test]
fn start_position_divide_matches_the_hand_count() {
    // Every root move leaves the second player 43 replies except these (hand-checked):
    // a4-a5 frees a4: the Jumping Bishop h11 loses h11-a4 (+/-); b4-b5 and l4-l5 put a pawn on a
    // jumping line (one more capture each); f3-m10 (+/-) and h3-a10 take a pawn whose neighbours
    // may now capture the intruder; g3-g10 blocks the Jumping Rook and Bishop and the f11-g10
    // diagonal (the promoted +J, rank 3, also blocks the Regent's m4 capture); g4-g5 and m4-m5.
    let mut p = pos(START);
    let mut odd = Vec::new();
    for m in legal_move_list(&mut p) {
        let u = p.make(m);
        let n = legal_move_list(&mut p).len();
        p.unmake(m, u);
        if n != 43 {
            odd.push((format_move(&nutty(), m), n));
        }
    }
    odd.sort();
    let expected: Vec<(String, usize)> = [
        ("a4a5", 41),
        ("b4b5", 44),
        ("f3m10", 44),
        ("f3m10+", 44),
        ("g3g10", 40),
        ("g3g10+", 39),
        ("g4g5", 42),
        ("h3a10", 44),
        ("l4l5", 44),
        ("m4m5", 42),
    ]
    .iter()
    .map(|&(m, n)| (m.to_string(), n))
    .collect();
    assert_eq!(odd, expected);
}

// ------------------------------------------------------------------------------------------
// Section 13: T1 - T14
// ------------------------------------------------------------------------------------------

#[test]
fn t1_lion_alone() {
    let fen = "4k8/13/13/13/13/13/6I6/13/13/13/13/13/1K11 w";
    let mut exp: Vec<String> = Vec::new();
    for f in b'e'..=b'i' {
        for r in 5..=9 {
            let s = format!("{}{}", f as char, r);
            exp.push(format!("g7-{s}"));
        }
    }
    // g7-g7 is the pass.
    assert_eq!(exp.len(), 25);
    check(fen, "g7", &refs(&exp), "T1");
}

#[test]
fn t2_lion_igui_hit_and_run_double_capture() {
    check(
        "4k8/13/13/13/6p6/5Pp6/6I6/13/13/13/13/13/1K11 w",
        "g7",
        &[
            "g7-e5",
            "g7-f5",
            "g7-g5",
            "g7-h5",
            "g7-i5",
            "g7-e6",
            "g7-f6",
            "g7-g6",
            "g7-h6",
            "g7-i6",
            "g7-e7",
            "g7-f7",
            "g7-f7 x g8",
            "g7-g7",
            "g7-g7 x g8",
            "g7-h7",
            "g7-h7 x g8",
            "g7-i7",
            "g7-e8",
            "g7-g8 x g8",
            "g7-h8",
            "g7-h8 x g8",
            "g7-i8",
            "g7-e9",
            "g7-f9",
            "g7-f9 x g8",
            "g7-g9 x g9",
            "g7-g9 x g8,g9",
            "g7-h9",
            "g7-h9 x g8",
            "g7-i9",
        ],
        "T2",
    );
}

#[test]
fn t3_griffon_alone() {
    let mut exp: Vec<String> = Vec::new();
    for f in b'e'..=b'i' {
        for r in 5..=9 {
            exp.push(format!("g7-{}{}", f as char, r));
        }
    }
    exp.extend(targets(
        "g7",
        &["a1", "b2", "c3", "d4", "m1", "l2", "k3", "j4", "a13", "b12", "c11", "d10", "m13", "l12", "k11", "j10"],
    ));
    assert_eq!(exp.len(), 41);
    check("4k8/13/13/13/13/13/6+I6/13/13/13/13/13/1K11 w", "g7", &refs(&exp), "T3");
}

#[test]
fn t4a_fire_demon_alone() {
    let mut exp: Vec<String> = squares_around("g7").iter().map(|s| format!("g7-{s}")).collect();
    exp.extend(targets(
        "g7",
        &[
            "a1", "b2", "c3", "m1", "l2", "k3", "a13", "b12", "c11", "m13", "l12", "k11", "a7", "b7", "c7", "k7", "l7",
            "m7",
        ],
    ));
    assert_eq!(exp.len(), 66);
    check("4k8/13/13/13/13/13/6F6/13/13/13/13/13/1K11 w", "g7", &refs(&exp), "T4a");
}

#[test]
fn t4b_fire_demon_burning_blocked_area_moves_demon_next_to_demon() {
    check(
        "4k8/13/13/13/13/13/13/5p7/13/4p8/ppP10/4f8/F1P9K w",
        "a1",
        &[
            "a1-b1",
            "a1-d1",
            "a1-a2 x a3,b3",
            "a1-b2 x a3,b3",
            "a1-c2 x b3",
            "a1-d2",
            "a1-a3 x a3,b3",
            "a1-b3 x a3,b3",
            "a1-d3",
        ],
        "T4b",
    );
}

#[test]
fn t5_jumping_rook_and_jump_ranks() {
    check(
        "4k8/13/13/13/5r7/5Y7/5p7/5P7/1p1f1Jy1v4/13/5+j7/5p7/1K11 w",
        "f5",
        &["f5-f3 x f3", "f5-f4", "f5-b5 x b5", "f5-d5 x d5", "f5-e5", "f5-g5 x g5", "f5-f7 x f7"],
        "T5",
    );
}

#[test]
fn t6_jumping_queen() {
    check(
        "4k8/13/13/6p6/13/5PvP5/5P+JV+jp3/6PP5/13/3p9/2K10/1p11/13 w",
        "g7",
        &["g7-d4 x d4", "g7-e5", "g7-f6", "g7-i7 x i7", "g7-g8 x g8", "g7-g10 x g10"],
        "T6",
    );
}

#[test]
fn t7_tetrarchs_alone() {
    let exp = targets(
        "g7",
        &[
            "g9", "g10", "g11", "g12", "g13", "g5", "g4", "g3", "g2", "g1", "e5", "d4", "c3", "b2", "a1", "i5", "j4",
            "k3", "l2", "m1", "e9", "d10", "c11", "b12", "a13", "i9", "j10", "k11", "l12", "m13", "e7", "d7", "i7",
            "j7",
        ],
    );
    assert_eq!(exp.len(), 34);
    check("4k8/13/13/13/13/13/6+A6/13/13/13/13/13/1K11 w", "g7", &refs(&exp), "T7");
}

#[test]
fn t8_tetrarchs_with_pieces() {
    check(
        "4k8/13/13/6p6/8P4/5pP6/4p1+Ap1p3/6p6/13/13/13/13/1K11 w",
        "g7",
        &[
            "g7-a1",
            "g7-g1",
            "g7-m1",
            "g7-b2",
            "g7-g2",
            "g7-l2",
            "g7-c3",
            "g7-g3",
            "g7-k3",
            "g7-d4",
            "g7-g4",
            "g7-j4",
            "g7-e5",
            "g7-g5",
            "g7-i5",
            "g7-e7 x e7",
            "g7-g7 x f8",
            "g7-g7 x g6",
            "g7-g7 x h7",
            "g7-i7",
            "g7-j7 x j7",
            "g7-e9",
            "g7-g9",
            "g7-d10",
            "g7-g10 x g10",
            "g7-c11",
            "g7-b12",
            "g7-a13",
        ],
        "T8",
    );
}

#[test]
fn t9_eagle() {
    check(
        "4k8/13/13/13/4P3p4/6Pp5/5P+C1p4/13/4P1P1P4/13/13/13/1K11 w",
        "g7",
        &[
            "g7-f6",
            "g7-g6",
            "g7-h6",
            "g7-g7",
            "g7-g7 x h8",
            "g7-h7",
            "g7-i7 x i7",
            "g7-f8",
            "g7-h8 x h8",
            "g7-i9 x i9",
            "g7-i9 x h8,i9",
        ],
        "T9",
    );
}

#[test]
fn t10_unicorn_has_no_pass_through_the_rear() {
    check(
        "4k8/13/13/13/13/5PpP5/5P+HP5/5P1P5/6P6/13/13/13/1K11 w",
        "g7",
        &["g7-g6", "g7-g7 x g8", "g7-g8 x g8", "g7-g9", "g7-g9 x g8"],
        "T10",
    );
}

#[test]
fn t11a_harpy_alone() {
    let mut exp = Vec::new();
    let v = nutty();
    let g7 = v.shape.parse_square("g7").unwrap();
    for s in v.shape.squares() {
        let (df, dr) = (v.shape.file_of(s) - v.shape.file_of(g7), v.shape.rank_of(s) - v.shape.rank_of(g7));
        if (df, dr) != (0, 0) && (df == 0 || dr == 0 || df.abs() == dr.abs()) {
            exp.push(format!("g7-{}", v.shape.name(s)));
        }
    }
    assert_eq!(exp.len(), 48);
    exp.push("g7-g7".to_string());
    check("4k8/13/13/13/13/13/6+Q6/13/13/13/13/13/1K11 w", "g7", &refs(&exp), "T11a");
}

#[test]
fn t11b_harpy_with_pieces() {
    check(
        "4k8/13/13/13/4p1P6/5PPp5/5P+Q1p4/6PP5/4P8/13/13/13/1K11 w",
        "g7",
        &[
            "g7-g5",
            "g7-i5",
            "g7-f6",
            "g7-e7",
            "g7-g7",
            "g7-g7 x h8",
            "g7-h7",
            "g7-i7 x i7",
            "g7-i7 x h8,i7",
            "g7-h8 x h8",
            "g7-e9 x e9",
            "g7-i9",
            "g7-i9 x h8",
        ],
        "T11b",
    );
}

#[test]
fn t12_regent_area_move_jump_ranks_burning() {
    check(
        "4k8/13/13/13/13/13/13/5p7/4v8/3yp8/ppJ10/4f8/V1P9K w",
        "a1",
        &[
            "a1-b1",
            "a1-d1",
            "a1-a2",
            "a1-b2",
            "a1-c2",
            "a1-d2",
            "a1-a3 x a3",
            "a1-b3 x b3",
            "a1-d3",
            "a1-d4 x d4",
            "a1-e5 x e5",
        ],
        "T12",
    );
}

#[test]
fn t13_promotion_timing() {
    let fen = "4k5PPI/P4p4Pp1/4G3N1PPP/13/2P4+PN4/13/13/13/13/13/13/13/1K11 w";
    check(fen, "c9", &["c9-c10", "c9-c10 +"], "T13 pawn c9");
    check(fen, "a12", &["a12-a13"], "T13 pawn a12");
    check(fen, "k13", &[], "T13 pawn k13");
    check(
        fen,
        "e11",
        &["e11-e10", "e11-d11", "e11-f11", "e11-d12", "e11-e12", "e11-f12 x f12", "e11-f12 x f12 +"],
        "T13 gold e11",
    );
    check(fen, "h9", &["h9-h8", "h9-g9", "h9-g10", "h9-h10", "h9-i10"], "T13 promoted pawn h9");
    check(fen, "i11", &["i11-h13", "i11-j13"], "T13 knight i11");
    check(fen, "i9", &["i9-h11", "i9-h11 +", "i9-j11", "i9-j11 +"], "T13 knight i9");
    check(
        fen,
        "m13",
        &[
            "m13-l12 x l12",
            "m13-l12 x l12 +",
            "m13-m12",
            "m13-m12 x l12",
            "m13-m12 x l12 +",
            "m13-m13",
            "m13-m13 x l12",
            "m13-m13 x l12 +",
        ],
        "T13 lion m13",
    );
}

#[test]
fn t14_buffalo_chariot_soldier() {
    let fen = "4k8/13/13/13/13/2P1P3P1P2/3W5A3/2P1P3P1P2/13/6U6/13/13/1K11 w";
    let mut buffalo = targets("d7", &["a7", "b7", "c7", "e7", "f7", "g7", "h7", "i7", "d8", "d9"]);
    buffalo.sort();
    check(fen, "d7", &refs(&buffalo), "T14 buffalo");
    let mut chariot = targets("j7", &["h7", "i7", "k7", "l7", "j8", "j9", "j10", "j11", "j12", "j13"]);
    chariot.extend(targets("j7", &["j10 +", "j11 +", "j12 +", "j13 +"]));
    check(fen, "j7", &refs(&chariot), "T14 chariot");
    let soldier =
        targets("g4", &["a4", "b4", "c4", "d4", "e4", "f4", "h4", "i4", "j4", "k4", "l4", "m4", "g5", "g6", "g3"]);
    check(fen, "g4", &refs(&soldier), "T14 soldier");
}

// ------------------------------------------------------------------------------------------
// Section 13 A: move resolution (section 5)
// ------------------------------------------------------------------------------------------

fn resolve(fen: &str, mv: &str) -> Position {
    let mut p = pos(fen);
    let before = p.clone();
    let m = play_listing(&mut p, mv);
    p.debug_check().unwrap();
    // Burns are restored by unmake (they are Remove ops of the undo record).
    let mut q = before.clone();
    let u = q.make(m);
    q.unmake(m, u);
    assert_eq!(q, before);
    q.debug_check().unwrap();
    p
}

#[test]
fn a_move_resolution_table() {
    let cases = [
        (
            "4k8/13/13/3f9/2p10/13/13/13/13/2R10/13/13/1K11 w",
            "c4-c9 x c9",
            "4k8/13/13/3f9/13/13/13/13/13/13/13/13/1K11 b",
        ),
        ("4k8/13/13/13/13/13/7p1f3/13/13/6F6/13/13/1K11 w", "g4-i7", "4k8/13/13/13/13/13/7p1f3/13/13/13/13/13/1K11 b"),
        (
            "4k8/13/13/13/13/13/7p1f3/13/13/6F6/13/13/1K11 w",
            "g4-g6 x h7",
            "4k8/13/13/13/13/13/9f3/6F6/13/13/13/13/1K11 b",
        ),
        (
            "4k8/13/13/13/13/13/7p1f3/13/13/6F6/13/13/1K11 w",
            "g4-j7 x j7",
            "4k8/13/13/13/13/13/7p1F3/13/13/13/13/13/1K11 b",
        ),
        (
            "4k8/13/2ppp8/13/3W9/13/13/13/13/13/13/13/1K11 w",
            "d9-d10 x c11,d11,e11 +",
            "4k8/13/13/3+W9/13/13/13/13/13/13/13/13/1K11 b",
        ),
        (
            "4k8/13/2ppp8/13/3W9/13/13/13/13/13/13/13/1K11 w",
            "d9-d10",
            "4k8/13/2ppp8/3W9/13/13/13/13/13/13/13/13/1K11 b",
        ),
        (
            "4k8/13/2pfp8/13/3W9/13/13/13/13/13/13/13/1K11 w",
            "d9-d10 +",
            "4k8/13/2pfp8/13/13/13/13/13/13/13/13/13/1K11 b",
        ),
        (
            "4k8/13/13/13/3f9/2f10/13/13/13/13/2R10/13/1K11 w",
            "c3-c8 x c8",
            "4k8/13/13/13/3f9/13/13/13/13/13/13/13/1K11 b",
        ),
        (
            "4k8/13/13/13/13/2f4f5/13/13/13/13/2R10/13/1K11 w",
            "c3-c8 x c8",
            "4k8/13/13/13/13/2R4f5/13/13/13/13/13/13/1K11 b",
        ),
    ];
    for (i, (fen, mv, after)) in cases.iter().enumerate() {
        let p = resolve(fen, mv);
        assert_eq!(p.to_fen(), *after, "A case {} ({mv})", i + 1);
    }
}

#[test]
fn a5_a6_victory_by_capturing_or_burning_the_king() {
    let win = |c: Color| Some(Outcome::Win { winner: c, reason: Reason::AllRoyalsCaptured });
    // A5a: the King steps next to the enemy Demon and is burned: the second player wins.
    let p = resolve("13/13/13/13/13/13/6k6/7f5/5K7/13/13/13/13 w", "f5-g6");
    assert_eq!(outcome(&p), win(Color::Black));
    // A5b: the King captures the enemy King and is burned: the mover wins (D16).
    let p = resolve("13/13/13/13/13/13/13/6k6/5K1f5/13/13/13/13 w", "f5-g6 x g6");
    assert_eq!(outcome(&p), win(Color::White));
    // A6: an area move burns the King.
    let mut p = resolve("13/13/13/13/6k6/13/13/13/2F10/13/13/13/1K11 w", "c5-f8 x g9");
    assert_eq!(outcome(&p), win(Color::White));
    assert!(legal_move_list(&mut p).is_empty(), "a king-less position is terminal");
}

#[test]
fn burns_are_never_written_and_text_round_trips() {
    // A6's move is written as a plain area move; the burn is implied.
    let mut p = pos("13/13/13/13/6k6/13/13/13/2F10/13/13/13/1K11 w");
    let m = parse_move(&mut p, "c5f8").unwrap();
    assert_eq!(format_move(&nutty(), m), "c5f8");
    assert_eq!(listing(&p, m), "c5-f8 x g9");
    // Every move of several positions parses back to itself.
    for fen in [
        START,
        "4k8/13/13/13/6p6/5Pp6/6I6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/4p1P6/5PPp5/5P+Q1p4/6PP5/4P8/13/13/13/1K11 w",
        "4k8/13/13/6p6/8P4/5pP6/4p1+Ap1p3/6p6/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/13/5p7/13/4p8/ppP10/4f8/F1P9K w",
    ] {
        let mut p = pos(fen);
        for m in legal_move_list(&mut p) {
            let t = format_move(&nutty(), m);
            assert_eq!(parse_move(&mut p, &t).unwrap(), m, "{fen}: {t}");
        }
    }
}

#[test]
fn moving_into_check_is_legal_and_check_is_detected() {
    // The King may step next to the enemy Demon (A5a); `in_check` sees burn threats.
    let mut p = pos("13/13/13/13/13/13/6k6/7f5/5K7/13/13/13/13 w");
    assert!(legal_move_list(&mut p).iter().any(|m| format_move(&nutty(), *m) == "f5g6"));
    // A Demon three squares from the King: it can end next to it and burn it.
    let p = pos("13/13/13/13/6k6/13/13/13/2F10/13/13/13/1K11 b");
    assert!(kyodai::rules::legality::in_check(&p, Color::Black));
    // A jumping capture checks over a lower-ranked piece, not over an equal one.
    let p = pos("4k8/13/13/13/4p8/13/13/13/13/13/13/4J8/1K11 b");
    assert!(kyodai::rules::legality::in_check(&p, Color::Black));
    let p = pos("4k8/13/13/13/4y8/13/13/13/13/13/13/4J8/1K11 b");
    assert!(!kyodai::rules::legality::in_check(&p, Color::Black));
}

// ------------------------------------------------------------------------------------------
// Section 13 R: repetition (section 7.3)
// ------------------------------------------------------------------------------------------

fn repetition(fen: &str, moves: &[&str]) -> Option<Outcome> {
    let mut p = pos(fen);
    for (i, t) in moves.iter().enumerate() {
        assert_eq!(outcome(&p), None, "game over before move {}", i + 1);
        let m = parse_move(&mut p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        p.make(m);
    }
    outcome(&p)
}

#[test]
fn r1_two_lion_passes_draw() {
    assert_eq!(
        repetition("4k8/13/13/6i6/13/13/13/13/13/6I6/13/13/1K11 w", &["g4g4", "g10g10"]),
        Some(Outcome::Draw { reason: Reason::RepetitionDraw })
    );
}

#[test]
fn r2_perpetual_check_loses_before_mutual_attacks() {
    assert_eq!(
        repetition("R12/12k/11P1/13/13/13/13/13/13/13/13/13/1K11 w", &["a13a12", "m12m13", "a12a13", "m13m12"]),
        Some(Outcome::Win { winner: Color::Black, reason: Reason::PerpetualCheck })
    );
}

#[test]
fn r3_perpetual_chase_loses() {
    assert_eq!(
        repetition("4k8/13/13/13/13/13/13/R12/12x/13/13/13/1K11 w", &["a6a5", "m5m6", "a5a6", "m6m5"]),
        Some(Outcome::Win { winner: Color::Black, reason: Reason::PerpetualChase })
    );
}

#[test]
fn r4_both_attack_the_side_completing_the_repetition_loses() {
    assert_eq!(
        repetition("4k8/13/13/13/13/13/12P/R12/12x/13/13/13/1K11 w", &["a6a5", "m5m6", "a5a6", "m6m5"]),
        Some(Outcome::Win { winner: Color::White, reason: Reason::RepetitionCompleted })
    );
}

#[test]
fn repetition_ignores_history_before_an_irreversible_move_and_null_moves() {
    // The first repetition ends the game at once: after two passes each, not three.
    let mut p = pos("4k8/13/13/6i6/13/13/13/13/13/6I6/13/13/1K11 w");
    let m = parse_move(&mut p, "g4g4").unwrap();
    p.make(m);
    assert_eq!(outcome(&p), None);
    let m = parse_move(&mut p, "g10g10").unwrap();
    p.make(m);
    assert!(outcome(&p).is_some());
}

#[path = "../support/perft_data.rs"]
mod perft_data;

#[path = "nutty_reference.rs"]
mod reference;

#[path = "nutty_cross.rs"]
mod cross;
