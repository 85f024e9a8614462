//! Helpers shared by the Chu Shogi rules tests, and an independent reference for the non-lion
//! pieces transcribed from section 2.

use super::common;
use kyodai::notation::{format_move, parse_move, MoveError};
use kyodai::rules::legality::legal_move_list;
use kyodai::{Color, Game, Move, Position, Square};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

/// Section 3: the start FEN.
pub const START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";

pub fn chu() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("chu").expect("built-in variant chu")))
}

pub fn sq(name: &str) -> Square {
    chu().shape.parse_square(name).unwrap_or_else(|e| panic!("square {name}: {e:?}"))
}

pub fn pos(fen: &str) -> Position {
    Position::from_fen(&chu(), fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

pub fn text(m: Move) -> String {
    format_move(&chu(), m)
}

/// All legal moves of the side to move, as canonical text.
pub fn all_moves(p: &mut Position) -> BTreeSet<String> {
    legal_move_list(p).into_iter().map(text).collect()
}

/// The legal moves of the piece on `from`, as canonical text.
pub fn moves_from(p: &mut Position, from: &str) -> BTreeSet<String> {
    let s = sq(from);
    legal_move_list(p).into_iter().filter(|m| m.from == s).map(text).collect()
}

pub fn moves_of(fen: &str, from: &str) -> BTreeSet<String> {
    moves_from(&mut pos(fen), from)
}

pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(ToString::to_string).collect()
}

/// `from` + each target, e.g. `with_from("e6", &["e7", "e8+"])`.
pub fn with_from(from: &str, targets: &[&str]) -> BTreeSet<String> {
    targets.iter().map(|t| format!("{from}{t}")).collect()
}

pub fn assert_moves(actual: &BTreeSet<String>, expected: &BTreeSet<String>, ctx: &str) {
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
pub fn squares_in(m: &str) -> Vec<String> {
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
pub fn coords(name: &str) -> (i32, i32) {
    let file = (name.as_bytes()[0] - b'a') as i32;
    let rank: i32 = name[1..].parse().unwrap();
    (file, rank)
}

pub fn square_name(file: i32, rank: i32) -> Option<String> {
    if (0..12).contains(&file) && (1..=12).contains(&rank) {
        Some(format!("{}{}", (b'a' + file as u8) as char, rank))
    } else {
        None
    }
}

/// The board field of a FEN holding `pieces` (square, FEN token such as `K`, `p`, `+h`).
pub fn board(pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; 12]; 12];
    for &(s, t) in pieces {
        let (f, r) = coords(s);
        assert!(grid[(r - 1) as usize][f as usize].is_none(), "two pieces on {s}");
        grid[(r - 1) as usize][f as usize] = Some(t);
    }
    common::placement(&grid)
}

/// A full FEN with the section-13 Kings (a2, l11) added to `pieces`.
pub fn fen_k(pieces: &[(&str, &str)], side: char) -> String {
    let mut all = vec![("a2", "K"), ("l11", "k")];
    all.extend_from_slice(pieces);
    format!("{} {side} - 1", board(&all))
}

/// Parses and plays `t`; panics if it is refused.
pub fn play(p: &mut Position, t: &str) -> Move {
    let m = parse_move(p, t).unwrap_or_else(|e| panic!("{t} in {}: {e}", p.to_fen()));
    let _ = p.make(m);
    m
}

pub fn is_illegal(p: &mut Position, t: &str) -> bool {
    matches!(parse_move(p, t), Err(MoveError::Illegal { .. }))
}

/// (upper-case ID such as `+E`, owner) of the piece on `s`.
pub fn piece_on(p: &Position, s: &str) -> Option<(String, Color)> {
    p.piece_at(sq(s)).map(|pc| (p.game().piece(pc.kind()).id.clone(), pc.color()))
}

/// The squares from `files` (inclusive letters) x `ranks` (inclusive), minus `except`.
pub fn block(files: (char, char), ranks: (i32, i32), except: &[&str]) -> Vec<String> {
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

pub fn lion_set(from: &str, targets: &[String], extra: &[&str]) -> BTreeSet<String> {
    let mut s: BTreeSet<String> = targets.iter().map(|t| format!("{from}{t}")).collect();
    s.extend(extra.iter().map(ToString::to_string));
    s
}

// ---- an independent reference for the non-lion pieces, transcribed from section 2 ----------

/// Owner-relative directions in the column order of the section 2 tables:
/// f, b, l, r, fl, fr, bl, br (first player's view; the second player's is turned 180°).
pub const DIRS: [(i32, i32); 8] = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)];

/// The direction cells of sections 2.1 and 2.2 (`-` none, `1` step, `S` slide, `J2` leap to
/// the second square). Lion-power pieces are tested with explicit sets instead.
pub fn cells(id: &str) -> [&'static str; 8] {
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
pub fn promotable(id: &str) -> bool {
    !id.starts_with('+') && !matches!(id, "K" | "N" | "Q")
}

pub fn in_zone(c: Color, rank: i32) -> bool {
    match c {
        Color::White => rank >= 9,
        Color::Black => rank <= 4,
    }
}

pub fn last_rank(c: Color, rank: i32) -> bool {
    match c {
        Color::White => rank == 12,
        Color::Black => rank == 1,
    }
}

/// Section 6: the promotion suffixes a move offers.
pub fn suffixes(id: &str, c: Color, from_rank: i32, to_rank: i32, capture: bool) -> Vec<&'static str> {
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

/// The legal moves the rules page gives the (non-lion) piece on `from` in `p`.
pub fn expected_moves(p: &Position, from: &str) -> BTreeSet<String> {
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
