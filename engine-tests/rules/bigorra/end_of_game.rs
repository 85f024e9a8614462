//! Bigorra rules, section 3.6: end of the game.

use super::helpers::*;
use kyodai::rules::legality::{in_check, legal_move_list};
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Game, Position};
use std::sync::Arc;

/// §3.6 step 1: no legal move while in check is checkmate and loses.
#[test]
fn checkmate_wins() {
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/1R13K b k - 0 1");
    assert!(in_check(&p, Color::Black));
    assert!(legal_move_list(&mut p).is_empty());
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate }));
}

/// §3.6 step 2: bare Kings draw; a single extra piece of either colour does not.
#[test]
fn bare_kings_draw() {
    let p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1");
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::BareKings }));
    let p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/14PK w - - 0 1");
    assert_eq!(outcome(&p), None);
    let p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/b14K w - - 0 1");
    assert_eq!(outcome(&p), None);
    // Reached by a capture: the King takes the last piece.
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/14n1/15K w - - 0 1");
    assert_eq!(outcome(&p), None);
    play(&mut p, "p1o2");
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::BareKings }));
    // Step 2 comes before step 3.
    let p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 100 80");
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::BareKings }));
}

/// §3.6 step 3: the halfmove clock reaching 100 draws; at 99 it does not; a checkmate on the
/// 100th ply wins (step 1 first); a stalemate at 100 is a stalemate.
#[test]
fn fifty_move_rule() {
    assert!(variant().rules.fifty_move_rule, "the option is on by default");
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/7R8/1R13K w - - 99 50";
    let mut p = pos(fen);
    assert_eq!(outcome(&p), None);
    play(&mut p, "h2h3");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::FiftyMoves }));
    let mut p = pos(fen);
    play(&mut p, "h2a2");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate }));
    let mut p = pos(&fen.replace(" 99 50", " 98 50"));
    play(&mut p, "h2h3");
    assert_eq!(p.halfmove_clock(), 99);
    assert_eq!(outcome(&p), None);
    // A clock read from the FEN counts as well.
    let p = pos(&fen.replace(" 99 50", " 100 50"));
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::FiftyMoves }));
    let p = pos("k15/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 100 80");
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::Stalemate }));
    // A capture on the 100th ply resets the clock: no draw (Bishop h1).
    let mut p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/7R8/1R5b7K w - - 99 50");
    play(&mut p, "h2h1");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(outcome(&p), None);
}

/// §6: the `fifty_move_rule` switch turns the rule off.
#[test]
fn fifty_move_rule_switch() {
    let text = include_str!("../../../core/src/variant/defs/bigorra.toml");
    assert!(text.contains("fifty_move_rule = true"));
    let off = Arc::new(Game::from_toml(&text.replace("fifty_move_rule = true", "fifty_move_rule = false")).unwrap());
    assert!(!off.rules.fifty_move_rule);
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/7R8/1R13K w - - 120 80";
    let p = Position::from_fen(&off, fen).unwrap();
    assert_eq!(outcome(&p), None);
    let q = pos(fen);
    assert_eq!(outcome(&q), Some(Outcome::Draw { reason: Reason::FiftyMoves }));
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
    assert!(outcomes_after(&mut p, &a).iter().all(Option::is_none));
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
    assert!(outcomes_after(&mut p, &king_cycle).iter().all(Option::is_none));
    assert_eq!(fields(&p), "w - - 4 3");
    // P1 again: second occurrence (it would be the third if the right were ignored).
    assert!(outcomes_after(&mut p, &knight_cycle).iter().all(Option::is_none));
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
    assert!(outcomes_after(&mut p, &cycle).iter().all(Option::is_none), "second occurrence");
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
    assert!(outcomes_after(&mut p, &cycle).iter().all(Option::is_none));
    assert!(outcomes_after(&mut p, &cycle).iter().all(Option::is_none), "only the second occurrence");
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
    assert!(outcomes_after(&mut p, &cycle).iter().all(Option::is_none));
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
    assert!(outcomes_after(&mut p, &cycle).iter().all(Option::is_none));
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
    assert!(outcomes_after(&mut p, &cycle).iter().all(Option::is_none));
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
