//! Chu Shogi by lishogi's rules, `--option rules=lishogi`: `docs/rules/chu.md` §14. Each test
//! plays the same position by both rule sets where HaChu's (the default) differs.

use super::helpers::*;
use kyodai::notation::{format_move, parse_move};
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{end, outcome, Judge, Outcome, Reason};
use kyodai::{Color, Game, Position};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

fn lishogi() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    let opts = [("rules".to_string(), "lishogi".to_string())];
    Arc::clone(V.get_or_init(|| Game::builtin_with("chu", &opts).expect("chu with rules=lishogi")))
}

fn lpos(fen: &str) -> Position {
    Position::from_fen(&lishogi(), fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

fn lmoves_from(p: &mut Position, from: &str) -> BTreeSet<String> {
    let s = sq(from);
    let g = lishogi();
    legal_move_list(p).into_iter().filter(|m| m.from == s).map(|m| format_move(&g, m)).collect()
}

fn lplay(p: &mut Position, text: &str) {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make(m);
}

fn legal(p: &mut Position, text: &str) -> bool {
    parse_move(p, text).is_ok()
}

/// §14.1, §14.2: a quiet Pawn step from inside the zone onto the last rank may promote, and
/// may stay; HaChu gives no chance (C12).
#[test]
fn pawn_on_the_last_rank() {
    let fen = "12/4P6k/12/12/12/12/12/12/12/12/K11/12 w - 1";
    assert_moves(&lmoves_from(&mut lpos(fen), "e11"), &set(&["e11e12", "e11e12+"]), "lishogi");
    assert_moves(&moves_of(fen, "e11"), &set(&["e11e12"]), "hachu");
}

/// §14.2: the Lance entering the zone onto the last rank may decline; HaChu forces it.
#[test]
fn lance_may_decline_on_the_last_rank() {
    let fen = "12/11k/12/12/12/12/4L7/12/12/12/K10p/12 w - 1";
    let l = lmoves_from(&mut lpos(fen), "e6");
    assert!(l.contains("e6e12") && l.contains("e6e12+"), "{l:?}");
    let h = moves_of(fen, "e6");
    assert!(!h.contains("e6e12") && h.contains("e6e12+"), "{h:?}");
}

/// Kirin e8 takes the Lion e10 and promotes; Golds e11 and h11 face the new Lion e10 and the
/// Lion h10.
const KIRIN: &str = "11k/4g2g4/4n2N4/12/4O7/12/12/12/12/12/K11/12 w - 1";

/// §14.3: after a Kirin takes a Lion and promotes, a non-Lion may take the new Lion back, but
/// no other Lion; HaChu forbids both (Decision 4).
#[test]
fn counter_strike_spares_the_kirins_lion() {
    let mut l = lpos(KIRIN);
    lplay(&mut l, "e8e10+");
    assert_eq!(l.counter_strike(), Some(sq("e10")));
    assert!(legal(&mut l, "e11e10"), "the Kirin's new Lion");
    assert!(!legal(&mut l, "h11h10"), "another Lion");
    let mut h = pos(KIRIN);
    play(&mut h, "e8e10+");
    assert!(is_illegal(&mut h, "e11e10"));
    assert!(is_illegal(&mut h, "h11h10"));
}

/// Lion e5, Go-Between e6 protecting the Lion e7, nothing else near.
const BRIDGE: &str = "11k/12/12/12/12/4n7/4i7/4N7/12/12/K11/12 w - 1";

/// §14.4: taking the Go-Between on the way does not free its Lion: the Go-Between still
/// protects it. HaChu judges after the move, when the Go-Between is gone (Decision 3).
#[test]
fn a_taken_go_between_still_protects() {
    assert!(!legal(&mut lpos(BRIDGE), "e5e6,e6e7"));
    assert!(parse_move(&mut pos(BRIDGE), "e5e6,e6e7").is_ok());
    // The jump is refused by both: the Go-Between stands.
    assert!(!legal(&mut lpos(BRIDGE), "e5e7"));
    assert!(is_illegal(&mut pos(BRIDGE), "e5e7"));
}

/// Kings a1 and l12, a Gold each (g9, f6), far apart: nobody attacks.
const QUIET: &str = "11k/12/12/6G5/12/12/5g6/12/12/12/12/K11 w - 1";

/// §14.5: repeating is legal; the fourth occurrence draws when nobody attacked. HaChu forbids
/// the first repetition (§8).
#[test]
fn fourth_occurrence_draws() {
    let cycle = ["a1a2", "l12l11", "a2a1", "l11l12"];
    let mut p = lpos(QUIET);
    for (i, m) in cycle.iter().cycle().take(12).enumerate() {
        assert_eq!(outcome(&p), None, "before move {}", i + 1);
        lplay(&mut p, m);
    }
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::FourfoldRepetition }));
    let mut h = pos(QUIET);
    for m in &cycle[..3] {
        play(&mut h, m);
    }
    assert!(is_illegal(&mut h, cycle[3]));
}

/// §14.5: the Rook attacks a Gold with every move of the cycle, Black's King never: White loses
/// at the fourth occurrence.
#[test]
fn perpetual_attack_loses() {
    let mut p = lpos("11k/12/12/5g6/3R1g6/12/12/12/12/12/12/K11 w - 1");
    for m in ["d8d9", "l12l11", "d9d8", "l11l12"].iter().cycle().take(12) {
        lplay(&mut p, m);
    }
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::Black, reason: Reason::PerpetualAttack }));
}

/// §14.5 as the search reads it: a repetition in its tree is scored at once as if the cycle went
/// on to the fourth occurrence: the sole attacker loses, otherwise a draw. The referee waits.
#[test]
fn the_search_scores_a_perpetual_attack_at_its_first_repetition() {
    let mut p = lpos("11k/12/12/5g6/3R1g6/12/12/12/12/12/12/K11 w - 1");
    for m in ["d8d9", "l12l11", "d9d8", "l11l12"] {
        assert_eq!(end(&p, Judge::Search), None, "before {m}");
        lplay(&mut p, m);
    }
    assert_eq!(outcome(&p), None);
    let loss = Outcome::Win { winner: Color::Black, reason: Reason::PerpetualAttack };
    assert_eq!(end(&p, Judge::Search), Some(loss));
    let mut q = lpos(QUIET);
    for m in ["a1a2", "l12l11", "a2a1", "l11l12"] {
        lplay(&mut q, m);
    }
    assert_eq!(end(&q, Judge::Search), Some(Outcome::Draw { reason: Reason::Repetition }));
}

/// §14.5: two passing Lions repeat every two moves; lishogi counts only once 13 positions were
/// played, so the game goes on to the seventh occurrence.
#[test]
fn passing_lions_end_at_the_seventh_occurrence() {
    let mut p = lpos("11k/12/12/12/12/3n8/12/12/3N8/12/12/K11 w - 1");
    for i in 0..12 {
        assert_eq!(outcome(&p), None, "before move {}", i + 1);
        lplay(&mut p, if i % 2 == 0 { "d4d4" } else { "d7d7" });
    }
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::FourfoldRepetition }));
}

fn state(fen: &str) -> Option<Outcome> {
    outcome(&lpos(fen))
}

/// §14.6: a lone King loses to King and Gold; not while it stands next to the only Gold; a
/// Pawn or Go-Between does not bare; HaChu has no such rule.
#[test]
fn bare_king() {
    let won = Some(Outcome::Win { winner: Color::White, reason: Reason::BareKing });
    assert_eq!(state("11k/12/12/12/12/12/12/12/12/12/G11/K11 b - 1"), won);
    assert_eq!(state("11k/10G1/12/12/12/12/12/12/12/12/12/K11 b - 1"), None);
    assert_eq!(state("11k/12/12/12/12/12/4P7/4I7/12/12/12/K11 b - 1"), None);
    assert_eq!(outcome(&pos("11k/12/12/12/12/12/12/12/12/12/G11/K11 b - 1")), None);
    // Black's own dead Pawn (on its last rank) does not save it.
    assert_eq!(state("11k/12/12/12/12/12/12/12/12/12/G11/K10p b - 1"), won);
}

/// §14.7: two Kings draw (a dead Pawn aside); not while they stand next to each other.
#[test]
fn two_royals_draw() {
    let draw = Some(Outcome::Draw { reason: Reason::BareKings });
    assert_eq!(state("4P6k/12/12/12/12/12/12/12/12/12/12/K11 w - 1"), draw);
    assert_eq!(state("12/12/12/12/12/12/5k6/5K6/12/12/12/12 w - 1"), None);
    assert_eq!(outcome(&pos("11k/12/12/12/12/12/12/12/12/12/12/K11 w - 1")), None);
}
