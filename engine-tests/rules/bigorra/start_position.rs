//! Bigorra rules, section 7: start position.

use super::helpers::*;
use kyodai::rules::legality::legal_move_list;
use kyodai::{Color, Position};
use std::collections::{BTreeMap, BTreeSet};

/// §1, §4: the start FEN is the one of the rules page and round-trips.
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

/// §7: the 52 first moves with the stated breakdown (32 Pawn moves, 20 Troll moves), and every
/// White first move leaves Black exactly 52 replies (perft/data/bigorra.txt has perft(1) = 52
/// and perft(2) = 2704).
#[test]
fn start_position_perft() {
    let mut p = Position::start(&variant());
    let moves = all_moves(&mut p);
    assert_eq!(moves.len(), 52);
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
    for m in legal_move_list(&mut p) {
        let u = p.make(m);
        assert_eq!(legal_move_list(&mut p).len(), 52, "after {}", text(m));
        p.unmake(m, u);
    }
    // Black's side is the mirror image: 52 moves with Black to move.
    let start = p.to_fen().replace(" w Kk ", " b Kk ");
    assert_eq!(legal_move_list(&mut pos(&start)).len(), 52);
}
