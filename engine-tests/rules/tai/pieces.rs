//! Tai Shogi rules, section 2: every piece's moves against the direction table.

use super::helpers::*;
use kyodai::{Color, Position};
use std::collections::BTreeSet;

/// One row of the rules page's section 2.2 table (copied to `data/tai_pieces.md`).
pub struct Row {
    name: String,
    pub id: String,
    dirs: Vec<String>,
    promotes: String,
    count: usize,
}

pub fn rows() -> Vec<Row> {
    include_str!("../data/tai_pieces.md")
        .lines()
        .map(|l| {
            let c: Vec<String> = l.trim().trim_matches('|').split('|').map(|x| x.trim().to_string()).collect();
            Row {
                name: c[1].clone(),
                id: c[2].trim_matches('`').to_string(),
                dirs: c[3..11].to_vec(),
                promotes: c[12].clone(),
                count: c[13].parse().unwrap(),
            }
        })
        .collect()
}

/// The FEN token of a row's type: its own ID, or for a promotion-only type the promoted
/// piece that moves as it (section 2.3).
pub fn token_of(r: &Row) -> String {
    let via = |name: &str| -> &'static str {
        match name {
            "Buddhist Spirit" => "+(DSP)",
            "Fragrant Elephant" => "+(NB)",
            "Furious Fiend" => "+(LN)",
            "Great Elephant" => "+(LD)",
            "Mountain Witch" => "+(BM)",
            "Square Mover" => "+(PST)",
            "Teaching King" => "+(DV)",
            "Wizard Stork" => "+(CC)",
            other => panic!("no promoted piece for {other}"),
        }
    };
    if r.count == 0 {
        via(&r.name).to_string()
    } else {
        r.id.clone()
    }
}

/// Destinations on an empty board (files, ranks offsets from m13), independently derived from
/// the direction columns: f b l r fl fr bl br for the first player.
fn expected_targets(r: &Row) -> BTreeSet<(i32, i32)> {
    let dirs = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)];
    let on = |x: i32, y: i32| x.abs() <= 12 && y.abs() <= 12;
    let mut out = BTreeSet::new();
    let mut lion = false;
    let mut pass = false;
    for (code, &(dx, dy)) in r.dirs.iter().zip(dirs.iter()) {
        let (code, l) = match code.as_str() {
            "3+L" => ("3", true),
            "S+L" => ("S", true),
            "L" => ("-", true),
            c => (c, false),
        };
        lion |= l;
        let range = match code {
            "1" => 1,
            "2" => 2,
            "3" => 3,
            "5" => 5,
            "S" => 24,
            _ => 0,
        };
        for k in 1..=range {
            if on(k * dx, k * dy) {
                out.insert((k * dx, k * dy));
            }
        }
        match code {
            "J2" => {
                out.insert((2 * dx, 2 * dy));
            }
            "Kn" => {
                out.insert((-1, 2));
                out.insert((1, 2));
            }
            "LL" => {
                out.insert((dx, dy));
                out.insert((2 * dx, 2 * dy));
                pass = true;
            }
            "H" => {
                for k in 1..=24 {
                    if !on(k * dx, k * dy) {
                        break;
                    }
                    out.insert((k * dx, k * dy));
                    for (ux, uy) in [(dy, -dx), (-dy, dx)] {
                        for j in 1..=24 {
                            let (x, y) = (k * dx + j * ux, k * dy + j * uy);
                            if !on(x, y) {
                                break;
                            }
                            out.insert((x, y));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if lion {
        for x in -2..=2 {
            for y in -2..=2 {
                if (x, y) != (0, 0) {
                    out.insert((x, y));
                }
            }
        }
        pass = true;
    }
    if pass {
        out.insert((0, 0));
    }
    out
}

#[test]
fn every_piece_moves_as_its_row_says_for_both_players() {
    let v = tai();
    let shape = v.shape;
    let mut checked = 0;
    for r in rows() {
        if r.id == "E" {
            continue; // T8 covers the Emperor.
        }
        let tok = token_of(&r);
        let want = expected_targets(&r);
        for side in [Color::White, Color::Black] {
            // The second player's piece is the first player's turned through 180 degrees.
            let t = if side == Color::White { tok.clone() } else { tok.to_ascii_lowercase() };
            let f = fen(&[("E", "a2"), ("e", "y24"), (&t, "m13")], if side == Color::White { 'w' } else { 'b' });
            let mut p = pos(&f);
            let sgn = if side == Color::White { 1 } else { -1 };
            let got: BTreeSet<(i32, i32)> = moves_of(&mut p, "m13")
                .iter()
                .filter(|m| m.to != sq("a2") && m.to != sq("y24"))
                .map(|m| (sgn * (shape.file_of(m.to) - 12), sgn * (shape.rank_of(m.to) - 12)))
                .collect();
            let want: BTreeSet<(i32, i32)> = want
                .iter()
                .copied()
                .filter(|&(x, y)| {
                    let s = shape.square(12 + sgn * x, 12 + sgn * y).unwrap();
                    s != sq("a2") && s != sq("y24")
                })
                .collect();
            assert_eq!(got, want, "{} ({}) as {:?}", r.name, tok, side);
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * 100);
}

#[test]
fn promotions_follow_the_table() {
    let v = tai();
    let by_name: std::collections::HashMap<String, Row> =
        rows().into_iter().map(|r| (r.name.split(" (").next().unwrap().to_string(), r)).collect();
    let mut promoting = 0;
    for r in rows().iter().filter(|r| r.count > 0) {
        let k = v.kind_by_id(r.id.trim_matches(|c| c == '(' || c == ')')).unwrap();
        let t = v.piece(k);
        if r.promotes == "—" {
            assert!(t.promotes_to.is_none(), "{} must not promote", r.name);
            continue;
        }
        promoting += 1;
        let target = t.promotes_to.unwrap_or_else(|| panic!("{} must promote", r.name));
        let pt = v.piece(target);
        assert!(pt.promoted && pt.promotes_to.is_none(), "{}: a promoted piece never promotes", r.name);
        // The promoted piece moves as the named type (compare the compiled move lists of a
        // piece alone on m13 by targets).
        let tname = r.promotes.split(" (").next().unwrap();
        let trow = &by_name[tname];
        let mut a = pos(&framed(&[(pt.fen_token(Color::White).as_str(), "m13")]));
        let got: BTreeSet<_> = moves_of(&mut a, "m13").iter().map(|m| m.to).collect();
        let tt = token_of(trow);
        let mut b = pos(&framed(&[(tt.as_str(), "m13")]));
        let want: BTreeSet<_> = moves_of(&mut b, "m13").iter().map(|m| m.to).collect();
        assert_eq!(got, want, "{} promotes to {}", r.name, tname);
        assert_eq!(pt.royal, tname == "Crown Prince", "{}", r.name);
    }
    assert_eq!(promoting, 36);
}

/// The README's memory figure: one Tai position (the struct plus what it owns on the heap).
#[test]
fn position_memory() {
    let p = Position::start(&tai());
    let total = std::mem::size_of::<Position>() + p.heap_bytes();
    println!("Position: {} bytes + {} heap bytes = {total}", std::mem::size_of::<Position>(), p.heap_bytes());
    assert!(total < 8 * 1024, "{total} bytes");
}
