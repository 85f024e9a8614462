//! The engine against the reference generator.

use super::helpers::*;
use super::reference::{move_text, Game, RefPos};
use kyodai::notation::format_move;
use kyodai::rules::legality::legal_move_list;
use kyodai::Position;
use std::sync::atomic::Ordering;

/// Positions built for this file (not from the rules files) to reach rarely used rules.
pub const BIGORRA_PROMOTIONS: &str = "r1n1b1q1r1n1c1vk/1P1S1(PR)1TJ1(SH)1(SN)3/E1W1(MM)1(SQ)2N3Z2/11M2(HK)1/16/16/16/16/16/16/16/16/11m4/1p7n3z2/3s1(pr)1t8/K1R1B1Q3N1C3 w Kk - 0 1";
/// e.p. capture d10e11 would expose the King a10 to the Queen p10 (two squares emptied).
pub const BIGORRA_EP_PIN: &str = "15k/16/16/16/16/16/K2Pp10q/16/16/16/16/16/16/16/16/16 w - e11 0 1";
/// The double-stepped Pawn e10 gives check; the e.p. capture d10e11 removes the checker.
pub const BIGORRA_EP_CHECK: &str = "15k/16/16/16/16/16/3Pp11/5K10/16/16/16/16/16/16/16/16 w - e11 0 1";
/// Lions, a promoted Kirin, Horned Falcons, a Soaring Eagle and a Kirin about to promote, in
/// contact. The second form has the counter-strike set (a non-Lion just took a Lion).
pub const CHU_MELEE: &str = "12/11k/X2npi2+h3/1r3nps4/4PPO3o1/3G3I4/2+H4+O4/4N4+D2/12/2l9/K11/12 w - 1";
pub const CHU_MELEE_CS: &str = "12/11k/X2npi2+h3/1r3nps4/4PPO3o1/3G3I4/2+H4+O4/4N4+D2/12/2l9/K11/12 b d7 1";
/// Rule A: the Go-Between e6 is the only protector of the Lion e7. The double capture
/// e5e6,e6e7 removes it, so the Lion is unprotected after the move and may be taken
/// (docs/rules/chu.md §7.1 judges protection after the move), while the jump e5e7 may not.
const CHU_BRIDGE_PROTECTOR: &str = "12/11k/12/12/12/4n7/4i7/4N7/12/12/K11/12 w - 1";
/// A Kirin takes a Lion on entering the zone (with or without promotion); after e7e9+ the new
/// Lion is covered by Rule B: the Gold f10 may not take it.
const CHU_KIRIN_TAKES_LION: &str = "12/11k/5g6/4n7/12/4O7/12/12/12/12/K11/12 w - 1";
const CHU_KIRIN_TAKES_LION_AFTER: &str = "12/11k/5g6/4+O7/12/12/12/12/12/12/K11/12 b e9 1";
/// King's leap e3g4 (middles f3 and f4): the Knight h4 attacks f3; the Archer c1 would attack
/// f4 only by using the King's own origin e3 as its screen. The King is removed from its origin
/// for the test (docs/rules/bigorra.md §3.2), so f4 is safe and the leap is legal. The second form has a
/// White Pawn on the middle square f4, which does not matter.
const BIGORRA_LEAP_ORIGIN_SCREEN: &str = "15k/16/16/16/16/16/16/16/16/16/16/16/7n8/4K11/16/2v13 w K - 0 1";
const BIGORRA_LEAP_ORIGIN_SCREEN_2: &str = "15k/16/16/16/16/16/16/16/16/16/16/16/5P1n8/4K11/16/2v13 w K - 0 1";

fn with_mirrors(game: Game, fens: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = fens.iter().map(ToString::to_string).collect();
    v.extend(fens.iter().map(|f| mirror_fen(game, f)));
    v
}

#[test]
fn reference_on_positions_built_here() {
    // The built positions do what their comments say (checked on the reference).
    let t = |g, f| RefPos::from_fen(g, f).unwrap().legal_texts();
    let b = t(Game::Chu, CHU_BRIDGE_PROTECTOR);
    assert!(b.contains("e5e6,e6e7") && !b.contains("e5e7"));
    let k = t(Game::Chu, CHU_KIRIN_TAKES_LION);
    assert!(k.contains("e7e9") && k.contains("e7e9+"));
    let r = RefPos::from_fen(Game::Chu, CHU_KIRIN_TAKES_LION).unwrap();
    let m = r.legal_moves().into_iter().find(|m| move_text(Game::Chu, m) == "e7e9+").unwrap();
    assert_eq!(r.make(&m).to_fen(), CHU_KIRIN_TAKES_LION_AFTER);
    let a = t(Game::Chu, CHU_KIRIN_TAKES_LION_AFTER);
    assert!(!a.contains("f10e9") && a.contains("f10f9"));
    for f in [BIGORRA_LEAP_ORIGIN_SCREEN, BIGORRA_LEAP_ORIGIN_SCREEN_2] {
        assert!(t(Game::Bigorra, f).contains("e3g4"), "{f}");
    }
    let pin = t(Game::Bigorra, BIGORRA_EP_PIN);
    assert!(!pin.contains("d10e11") && pin.contains("d10d11"));
    let chk = t(Game::Bigorra, BIGORRA_EP_CHECK);
    assert!(chk.contains("d10e11") && !chk.contains("d10d11"));
}

#[test]
fn bigorra_rules_positions_match_reference() {
    let mut fens = bigorra_rule_fens();
    fens.extend(with_mirrors(
        Game::Bigorra,
        &[
            BIGORRA_PROMOTIONS,
            BIGORRA_EP_PIN,
            BIGORRA_EP_CHECK,
            BIGORRA_LEAP_ORIGIN_SCREEN,
            BIGORRA_LEAP_ORIGIN_SCREEN_2,
        ],
    ));
    check_all(Game::Bigorra, &fens);
}

#[test]
fn chu_rules_positions_match_reference() {
    let mut fens = chu_rule_fens();
    fens.extend(with_mirrors(
        Game::Chu,
        &[CHU_MELEE, CHU_MELEE_CS, CHU_BRIDGE_PROTECTOR, CHU_KIRIN_TAKES_LION, CHU_KIRIN_TAKES_LION_AFTER],
    ));
    check_all(Game::Chu, &fens);
}

#[test]
fn bigorra_sample_game_positions_match_reference() {
    // Every position of the 464-ply game (465 positions), including the e.p. captures (27., 30.),
    // the King's leap (169.) and the final checkmate. The game is also replayed on the engine,
    // whose FEN after every move must equal the reference's (placement, side, leap rights, e.p.
    // square, clocks).
    let fens = sample_game_fens();
    check_all(Game::Bigorra, &fens);
    let v = variant(Game::Bigorra);
    let mut pos = Position::start(&v);
    assert_eq!(pos.to_fen(), fens[0]);
    for (i, t) in sample_game_moves().iter().enumerate() {
        let m = legal_move_list(&mut pos)
            .into_iter()
            .find(|m| format_move(&v, *m) == *t)
            .unwrap_or_else(|| panic!("engine: move {t} not legal in {}", pos.to_fen()));
        pos.make(m);
        assert_eq!(pos.to_fen(), fens[i + 1], "after ply {} ({t})", i + 1);
    }
}

#[test]
fn bigorra_random_games_match_reference() {
    // From the start, from positions along the sample game, and from the promotion position.
    // 20 to 120 plies each; the seeds are fixed.
    let fens = sample_game_fens();
    let starts: Vec<String> =
        vec![BIGORRA_START.into(), fens[100].clone(), fens[250].clone(), fens[400].clone(), BIGORRA_PROMOTIONS.into()];
    run_random_games(Game::Bigorra, &starts, 8, 1000);
    // Sparse positions (King's leap, e.p., pins), where Kings walk into contact.
    let sparse = with_mirrors(Game::Bigorra, &[&bigorra_rule_fens()[7], &bigorra_rule_fens()[11], BIGORRA_EP_PIN]);
    run_random_games(Game::Bigorra, &sparse, 3, 5000);
}

#[test]
fn chu_random_games_match_reference() {
    run_random_games(Game::Chu, &[CHU_START.to_string()], 80, 2000);
    run_random_games(Game::Chu, &[CHU_MELEE.to_string(), CHU_MELEE_CS.to_string()], 20, 3000);
    eprintln!(
        "Chu: {} finished positions (a side without royals) compared through the incremental position only",
        ROYAL_LESS_SKIPPED.load(Ordering::Relaxed)
    );
}
