//! Tai Shogi cross-checks: the engine against an independent generator (`tai_reference.rs`)
//! on the start perft to depth 3, the rules page's positions, every piece, random games and
//! random sparse positions; and attack detection against the generated captures.

use super::helpers::{fen, framed, pos, tai};
use super::pieces::{rows, token_of};
use super::reference;
use kyodai::notation::format_move;
use kyodai::perft::perft;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::legality::History;
use kyodai::{Color, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;

// ---------- Cross-checks against the independent generator (`tai_reference.rs`) ----------

fn ref_table() -> &'static reference::Table {
    static T: OnceLock<reference::Table> = OnceLock::new();
    T.get_or_init(reference::Table::load)
}

/// The engine's moves as effects (perft's move set: no repetition rule).
fn engine_effects(p: &mut Position) -> BTreeSet<reference::Effect> {
    let shape = p.game().shape;
    let i = |s: kyodai::geometry::Square| reference::idx(shape.file_of(s), shape.rank_of(s)).unwrap();
    let mut ms = Vec::new();
    kyodai::rules::legality::legal_moves_with(p, &mut ms, History::Ignore);
    let set: BTreeSet<reference::Effect> = ms
        .iter()
        .map(|m| {
            let mut caps: Vec<usize> = m.mids().map(i).collect();
            if m.to != m.from && !p.is_empty(m.to) {
                caps.push(i(m.to));
            }
            caps.sort();
            (i(m.from), i(m.to), caps, m.promotion().is_some())
        })
        .collect();
    assert_eq!(set.len(), ms.len(), "{}: the engine lists an effect twice", p.to_fen());
    set
}

fn compare_with_reference(p: &mut Position) {
    let b = reference::Board::from_fen(ref_table(), &p.to_fen());
    let want = b.moves(ref_table());
    let got = engine_effects(p);
    if got != want {
        let only_engine: Vec<_> = got.difference(&want).take(5).collect();
        let only_ref: Vec<_> = want.difference(&got).take(5).collect();
        panic!("{}\nonly engine: {only_engine:?}\nonly reference: {only_ref:?}", p.to_fen());
    }
}

/// The start position's numbers of `perft/data/tai.txt` (the engine counts them in the perft
/// harness).
#[test]
fn reference_agrees_on_the_start_perft_1_and_2() {
    let (fen, counts) = crate::perft_data::position("tai", "start", crate::perft_data::Speed::Quick);
    let b = reference::Board::from_fen(ref_table(), &fen);
    for (depth, n) in counts {
        assert_eq!(b.perft(ref_table(), depth), n, "reference perft {depth}");
    }
}

#[test]
fn reference_agrees_on_every_rules_file_position_and_piece() {
    let mut fens = vec![
        "25/24e/25/25/25/25/25/25/25/25/13p11/12p12/12(LN)12/25/25/25/25/25/25/25/25/25/25/E24/25 w".to_string(),
        "24E/25/25/25/25/12e12/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/p24/25/(HM)P23 w".to_string(),
        "24E/25/25/25/25/12e12/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/p24/p24/(HM)P23 w".to_string(),
        "24e/25/25/25/25/25/25/25/25/25/25/25/12p12/25/25/25/25/25/25/25/25/25/25/25/E24 w".to_string(),
        "24e/24g/25/25/25/25/25/25/25/25/25/25/12p12/25/25/25/25/25/25/25/25/25/25/25/E24 w".to_string(),
        "25/25/25/25/25/25/25/25/25/25/25/25/12e12/25/25/25/25/25/12E12/25/25/25/25/25/12r12 w".to_string(),
        "25/25/25/25/25/25/25/25/25/25/25/25/12e12/25/25/25/25/25/12E12/25/25/25/12P12/25/12r12 w".to_string(),
        fen(&[("E", "a1"), ("(cp)", "y25"), ("g", "m14"), ("p", "m13")], 'w'),
        fen(&[("E", "a1"), ("(cp)", "y25"), ("(ln)", "w23")], 'w'),
        framed(&[("(HF)", "m13"), ("p", "m14"), ("p", "m15")]),
        framed(&[("(SE)", "m13"), ("p", "l14"), ("P", "n14"), ("p", "k15")]),
    ];
    for r in rows() {
        let tok = token_of(&r);
        if r.id != "E" {
            fens.push(framed(&[(tok.as_str(), "m13"), ("p", "m14"), ("P", "n13"), ("p", "l12"), ("p", "o15")]));
            fens.push(fen(&[("E", "a2"), ("e", "y24"), (tok.to_ascii_lowercase().as_str(), "c3")], 'b'));
        }
    }
    for f in fens {
        compare_with_reference(&mut pos(&f));
    }
}

/// Random games from the start (captures preferred half the time, so lions, hooks and the
/// Emperor meet enemies): the engine's move set equals the reference's at every position.
#[test]
fn reference_agrees_on_random_games() {
    let mut next = super::walk::xorshift(0x2545_F491_4F6C_DD1Du64);
    let mut positions = 0;
    for _game in 0..4 {
        let mut p = Position::start(&tai());
        for ply in 0..80 {
            compare_with_reference(&mut p);
            positions += 1;
            // Now and then a perft(2) as well: the positions after each move (promotions, lion
            // double captures, royals lost) must agree too.
            if ply % 20 == 10 {
                let b = reference::Board::from_fen(ref_table(), &p.to_fen());
                assert_eq!(perft(&mut p, 2, History::Ignore), b.perft(ref_table(), 2), "perft(2) of {}", p.to_fen());
            }
            let Some(m) = super::walk::random_move(&mut p, &mut next, 2) else {
                break;
            };
            p.make(m);
        }
    }
    assert!(positions > 100, "{positions}");
}

/// Perft(3) from the start, counted by the engine and by the reference generator, root move by
/// root move (about 10 s in a debug build).
#[test]
fn start_perft_3_counted_twice() {
    let v = tai();
    let p = Position::start(&v);
    let b = reference::Board::from_fen(ref_table(), &v.start_fen);
    let engine = kyodai::perft::divide(&p, 3, 2, History::Ignore);
    let shape = v.shape;
    let i = |s: kyodai::geometry::Square| reference::idx(shape.file_of(s), shape.rank_of(s)).unwrap();
    let mut total = 0;
    for (m, n) in &engine {
        let e = b.moves(ref_table()).into_iter().find(|e| e.0 == i(m.from) && e.1 == i(m.to)).unwrap();
        assert_eq!(b.play(&e).perft(ref_table(), 2), *n, "{}", format_move(&v, *m));
        total += n;
    }
    assert_eq!(total, 26_807_532);
}

/// Random sparse positions (a few royals, some of them missing Emperors, and random pieces of
/// every type, promoted or not): hooks, lions and the Emperor's protection rules in the open.
#[test]
fn reference_agrees_on_random_sparse_positions() {
    let mut next = super::walk::xorshift(0x9E37_79B9_7F4A_7C15u64);
    let v = tai();
    let kinds: Vec<String> =
        v.pieces.iter().filter(|p| p.id != "E").map(|p| p.fen_token(kyodai::Color::White)).collect();
    let names: Vec<String> = (0..625).map(|i| v.shape.name(v.shape.square(i % 25, i / 25).unwrap())).collect();
    for case in 0..60 {
        let mut used = BTreeSet::new();
        let mut pieces: Vec<(String, String)> = Vec::new();
        let mut place = |tok: String, next: &mut dyn FnMut() -> u64| loop {
            let i = (next() % 625) as usize;
            if used.insert(i) {
                pieces.push((tok, names[i].clone()));
                break;
            }
        };
        // Royals: Emperors in most cases; sometimes only Crown Princes.
        for white in [true, false] {
            let e = if case % 4 == 3 { "(CP)" } else { "E" };
            place(if white { e.to_string() } else { e.to_ascii_lowercase() }, &mut next);
            if case % 3 == 0 {
                place(if white { "(CP)".into() } else { "(cp)".into() }, &mut next);
            }
        }
        for k in 0..30 {
            let tok = kinds[(next() % kinds.len() as u64) as usize].clone();
            place(if k % 2 == 0 { tok } else { tok.to_ascii_lowercase() }, &mut next);
        }
        let side = if case % 2 == 0 { 'w' } else { 'b' };
        let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let mut p = pos(&fen(&refs, side));
        compare_with_reference(&mut p);
        // And one move later, from a random move.
        let moves = legal_move_list(&mut p);
        if !moves.is_empty() {
            p.make(moves[(next() % moves.len() as u64) as usize]);
            if kyodai::rules::legality::material_decided(&p) {
                continue;
            }
            compare_with_reference(&mut p);
        }
    }
}

// ---------- Attack detection (used by `in check`, the search and the evaluation) ----------

/// On positions from random games and random sparse positions, an enemy piece is attacked
/// (`is_attacked`: reverse lookups, hook corners, the Emperor's protection rule) exactly when
/// some move of the attacking side would capture it.
#[test]
fn attack_detection_matches_the_captures() {
    let mut next = super::walk::xorshift(0x0DDB_1A5E_5BAD_5EEDu64);
    let v = tai();
    let mut fens = Vec::new();
    for _game in 0..3 {
        let mut p = Position::start(&v);
        for _ply in 0..80 {
            fens.push(p.to_fen());
            let Some(m) = super::walk::random_move(&mut p, &mut next, 2) else {
                break;
            };
            p.make(m);
        }
    }
    let kinds: Vec<String> =
        v.pieces.iter().filter(|p| p.id != "E").map(|p| p.fen_token(kyodai::Color::White)).collect();
    for case in 0..40 {
        let mut used = BTreeSet::new();
        let mut pieces: Vec<(String, String)> = Vec::new();
        let royals = if case % 3 == 0 { ["(CP)", "(cp)"] } else { ["E", "e"] };
        let mut all: Vec<String> = royals.iter().map(ToString::to_string).collect();
        for k in 0..24 {
            let t = kinds[(next() % kinds.len() as u64) as usize].clone();
            all.push(if k % 2 == 0 { t } else { t.to_ascii_lowercase() });
        }
        for tok in all {
            loop {
                let i = (next() % 625) as i32;
                if used.insert(i) {
                    pieces.push((tok, v.shape.name(v.shape.square(i % 25, i / 25).unwrap())));
                    break;
                }
            }
        }
        let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        fens.push(fen(&refs, 'w'));
    }
    let mut checked = 0;
    for f in fens {
        for by in [Color::White, Color::Black] {
            let side = if by == Color::White { " w" } else { " b" };
            let board = f.split_whitespace().next().unwrap();
            let mut p = pos(&format!("{board}{side}"));
            if kyodai::rules::legality::material_decided(&p) {
                continue;
            }
            let mut ms = Vec::new();
            kyodai::rules::legality::legal_moves_with(&mut p, &mut ms, History::Ignore);
            let mut captured = BTreeSet::new();
            for m in ms {
                captured.extend(m.mids());
                if m.to != m.from && !p.is_empty(m.to) {
                    captured.insert(m.to);
                }
            }
            for &s in p.pieces(by.flip()) {
                let a = kyodai::movegen::attack::is_attacked(&p, s, by);
                assert_eq!(a, captured.contains(&s), "{}: {} attacked by {:?}", p.to_fen(), v.shape.name(s), by);
                checked += 1;
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}
