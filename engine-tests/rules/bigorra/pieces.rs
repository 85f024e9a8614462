//! Bigorra rules, section 2: every piece type against an independent reference.

use super::fen::kings;
use super::helpers::*;
use kyodai::rules::legality::in_check;
use kyodai::{Color, Position};
use std::collections::{BTreeMap, BTreeSet, HashMap};

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

pub fn token(id: &str, c: Color) -> String {
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
        let promo = if to.1 == last_rank(c) { promotes_to(id).map(ToString::to_string) } else { None };
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
