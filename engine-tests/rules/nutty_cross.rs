//! Nutty Shogi cross-checks: attack detection against played moves, the second player's moves
//! against the first player's turned around, and the engine against an independent generator
//! (`nutty_reference.rs`) on the start perft, the rules page's positions and random games.

use super::reference;
use super::{listing, nutty, pos, START};
use kyodai::notation::format_move;
use kyodai::perft::perft;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::legality::History;
use kyodai::rules::outcome::outcome;
use kyodai::{Color, Move};
use std::collections::BTreeSet;

// ------------------------------------------------------------------------------------------
// Attack detection agrees with the moves (the search and `in_check` rely on it)
// ------------------------------------------------------------------------------------------

/// On positions from random games, a piece is attacked (`is_attacked`: reverse lookups, burn,
/// area and jump reach) exactly when some move of the other side would remove it (captures and
/// burns, found by playing every move: `repetition::attacked_set`).
#[test]
fn attack_detection_matches_the_moves_on_random_games() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    for _game in 0..12 {
        let mut p = pos(START);
        for _ply in 0..120 {
            if outcome(&p).is_some() {
                break;
            }
            for by in [Color::White, Color::Black] {
                let set = kyodai::rules::repetition::attacked_set(&p, by);
                for &s in p.pieces(by.flip()) {
                    let a = kyodai::movegen::attack::is_attacked(&p, s, by);
                    assert_eq!(a, set.contains(&s), "{}: {} attacked by {:?}", p.to_fen(), nutty().shape.name(s), by);
                    checked += 1;
                }
            }
            let moves = legal_move_list(&mut p);
            // Prefer captures half of the time, so the games reach open middlegames.
            let caps: Vec<Move> = moves.iter().copied().filter(|&m| kyodai::movegen::is_capture(&p, m)).collect();
            let m = if !caps.is_empty() && next() % 2 == 0 {
                caps[(next() % caps.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            p.make(m);
        }
    }
    assert!(checked > 10_000, "{checked}");
}

// ------------------------------------------------------------------------------------------
// Symmetry: the second player's moves are the first player's turned 180 degrees
// ------------------------------------------------------------------------------------------

/// The FEN turned 180 degrees with the colours (and the side to move) swapped.
fn rotate_fen(fen: &str) -> String {
    let (board, side) = fen.split_once(' ').unwrap();
    let rows: Vec<String> = board
        .split('/')
        .rev()
        .map(|row| {
            // Tokenise: numbers, `+X`, `X`.
            let mut toks: Vec<String> = Vec::new();
            let b: Vec<char> = row.chars().collect();
            let mut i = 0;
            while i < b.len() {
                if b[i].is_ascii_digit() {
                    let s = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    toks.push(b[s..i].iter().collect());
                } else if b[i] == '+' {
                    toks.push(format!("+{}", b[i + 1]));
                    i += 2;
                } else {
                    toks.push(b[i].to_string());
                    i += 1;
                }
            }
            toks.reverse();
            toks.iter()
                .map(|t| {
                    t.chars()
                        .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                        .collect::<String>()
                })
                .collect::<String>()
        })
        .collect();
    format!("{} {}", rows.join("/"), if side == "w" { "b" } else { "w" })
}

/// A square name turned 180 degrees on the 13x13 board.
fn rotate_square(s: &str) -> String {
    let f = s.as_bytes()[0] - b'a';
    let r: u32 = s[1..].parse().unwrap();
    format!("{}{}", (b'a' + 12 - f) as char, 14 - r)
}

/// A listing (`g7-g9 x g8,g9 +`) turned 180 degrees, removed squares re-sorted.
fn rotate_listing(t: &str) -> String {
    let (main, promo) = match t.strip_suffix(" +") {
        Some(m) => (m, " +"),
        None => (t, ""),
    };
    let (mv, removed) = match main.split_once(" x ") {
        Some((a, b)) => (a, Some(b)),
        None => (main, None),
    };
    let (a, b) = mv.split_once('-').unwrap();
    let mut out = format!("{}-{}", rotate_square(a), rotate_square(b));
    if let Some(r) = removed {
        let mut sq: Vec<String> = r.split(',').map(rotate_square).collect();
        sq.sort_by_key(|s| (s.as_bytes()[0], s[1..].parse::<u32>().unwrap()));
        out.push_str(&format!(" x {}", sq.join(",")));
    }
    out + promo
}

fn all_listings(fen: &str) -> BTreeSet<String> {
    let mut p = pos(fen);
    legal_move_list(&mut p).into_iter().map(|m| listing(&p, m)).collect()
}

#[test]
fn second_player_moves_are_the_first_players_turned_around() {
    for fen in [
        "4k8/13/13/13/6p6/5Pp6/6I6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/13/5p7/13/4p8/ppP10/4f8/F1P9K w",
        "4k8/13/13/13/5r7/5Y7/5p7/5P7/1p1f1Jy1v4/13/5+j7/5p7/1K11 w",
        "4k8/13/13/6p6/13/5PvP5/5P+JV+jp3/6PP5/13/3p9/2K10/1p11/13 w",
        "4k8/13/13/6p6/8P4/5pP6/4p1+Ap1p3/6p6/13/13/13/13/1K11 w",
        "4k8/13/13/13/4P3p4/6Pp5/5P+C1p4/13/4P1P1P4/13/13/13/1K11 w",
        "4k8/13/13/13/13/5PpP5/5P+HP5/5P1P5/6P6/13/13/13/1K11 w",
        "4k8/13/13/13/4p1P6/5PPp5/5P+Q1p4/6PP5/4P8/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/13/5p7/4v8/3yp8/ppJ10/4f8/V1P9K w",
        "4k8/P4p4Pp1/4G3N1PPP/13/2P4+PN4/13/13/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/2P1P3P1P2/3W5A3/2P1P3P1P2/13/6U6/13/13/1K11 w",
        "4k8/13/2ppp8/13/3W9/13/13/13/13/13/13/13/1K11 w",
    ] {
        let white: BTreeSet<String> = all_listings(fen).iter().map(|t| rotate_listing(t)).collect();
        let black = all_listings(&rotate_fen(fen));
        assert_eq!(white, black, "{fen} turned around");
    }
}

// ------------------------------------------------------------------------------------------
// Cross-check with an independent generator (engine-tests/rules/nutty_reference.rs)
// ------------------------------------------------------------------------------------------

/// The start position's numbers of `perft/data/nutty.txt` to depth 3 (the engine counts them
/// in the perft harness).
#[test]
fn independent_generator_agrees_on_the_start_perft() {
    let (fen, counts) = crate::perft_data::position("nutty", "start", crate::perft_data::Speed::Quick);
    assert_eq!(fen, START);
    let r = reference::parse(&fen);
    for (depth, n) in counts.into_iter().filter(|&(d, _)| d <= 3) {
        assert_eq!(r.perft(depth), n, "reference perft {depth}");
    }
}

#[test]
fn independent_generator_agrees_on_the_rules_file_positions() {
    for fen in [
        "4k8/13/13/13/6p6/5Pp6/6I6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/6+I6/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/13/5p7/13/4p8/ppP10/4f8/F1P9K w",
        "4k8/13/13/13/5r7/5Y7/5p7/5P7/1p1f1Jy1v4/13/5+j7/5p7/1K11 w",
        "4k8/13/13/6p6/13/5PvP5/5P+JV+jp3/6PP5/13/3p9/2K10/1p11/13 w",
        "4k8/13/13/6p6/8P4/5pP6/4p1+Ap1p3/6p6/13/13/13/13/1K11 w",
        "4k8/13/13/13/4P3p4/6Pp5/5P+C1p4/13/4P1P1P4/13/13/13/1K11 w",
        "4k8/13/13/13/13/5PpP5/5P+HP5/5P1P5/6P6/13/13/13/1K11 w",
        "4k8/13/13/13/4p1P6/5PPp5/5P+Q1p4/6PP5/4P8/13/13/13/1K11 w",
        "4k8/13/13/13/13/13/13/5p7/4v8/3yp8/ppJ10/4f8/V1P9K w",
        "4k5PPI/P4p4Pp1/4G3N1PPP/13/2P4+PN4/13/13/13/13/13/13/13/1K11 w",
        "4k8/13/13/13/13/2P1P3P1P2/3W5A3/2P1P3P1P2/13/6U6/13/13/1K11 w",
    ] {
        let mut p = pos(fen);
        let r = reference::parse(fen);
        assert_eq!(legal_move_list(&mut p).len(), r.moves().len(), "{fen}");
        for depth in 2..=3 {
            assert_eq!(perft(&mut p, depth, History::Ignore), r.perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn independent_generator_agrees_on_random_games() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = 0;
    for _game in 0..20 {
        let mut p = pos(START);
        for _ply in 0..150 {
            let moves = legal_move_list(&mut p);
            let r = reference::parse(&p.to_fen());
            assert_eq!(moves.len(), r.moves().len(), "{}", p.to_fen());
            positions += 1;
            if moves.is_empty() {
                break;
            }
            let caps: Vec<Move> = moves.iter().copied().filter(|&m| kyodai::movegen::is_capture(&p, m)).collect();
            let m = if !caps.is_empty() && next() % 3 == 0 {
                caps[(next() % caps.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            // The reference plays the same effect to the same position (burns included).
            let shape = nutty().shape;
            let xy = |s: kyodai::Square| (shape.file_of(s), shape.rank_of(s));
            let mut caps: Vec<(i32, i32)> = m.mids().filter(|&s| !p.is_empty(s)).map(xy).collect();
            if m.to != m.from && !p.is_empty(m.to) {
                caps.push(xy(m.to));
            }
            caps.sort();
            let key = (xy(m.from), xy(m.to), caps, m.promotion().is_some());
            assert!(r.moves().contains(&key), "{}: {}", p.to_fen(), format_move(&nutty(), m));
            let after = r.play(&key);
            p.make(m);
            assert!(after.same(&reference::parse(&p.to_fen())), "{}", p.to_fen());
        }
    }
    assert!(positions > 1000, "{positions}");
}
