//! Dai Shogi rules tests. The authority is `docs/rules/dai.md`; every test names the section
//! (§) or test case (D*) of the page it checks. Move sets are compared exactly, in the listing
//! notation (`h8-i8 x i8`, `+` for promotion). The independent generator
//! (`great_shogi_reference.rs`) checks the engine on perft and random games at the end.

#[path = "../support/perft_data.rs"]
mod perft_data;

#[path = "../support/walk.rs"]
mod walk;

#[path = "great_shogi_reference.rs"]
mod reference;

#[path = "great_shogi_helpers.rs"]
mod helpers;

use helpers::{check, game, moves_of, play, pos};
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::search::{Limits, Score, Searcher};
use kyodai::{Color, Game, Position};
use reference::Rules;
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

const START: &str = "l(kt)(st)(ig)csgkgsc(ig)(st)(kt)l/a1(csw)1f1tet1f1(csw)1a/1(vo)1(ab)1(ew)xno(ew)1(ab)1(vo)1/r(fd)mvbhdqdhbvm(fd)r/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/R(FD)MVBHDQDHBVM(FD)R/1(VO)1(AB)1(EW)ONX(EW)1(AB)1(VO)1/A1(CSW)1F1TET1F1(CSW)1A/L(KT)(ST)(IG)CSGKGSC(IG)(ST)(KT)L w 1";

fn dai() -> Arc<Game> {
    static G: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(G.get_or_init(|| game("dai")))
}

/// A FEN with the test cases' Kings (first player a2, second player o14) and `rows` given as
/// (rank, row text) for the other ranks.
fn fen(rows: &[(u32, &str)]) -> String {
    let mut out = Vec::new();
    for rank in (1..=15).rev() {
        let row = match rows.iter().find(|(r, _)| *r == rank) {
            Some((_, t)) => (*t).to_string(),
            None if rank == 14 => "14k".to_string(),
            None if rank == 2 => "K14".to_string(),
            None => "15".to_string(),
        };
        out.push(row);
    }
    format!("{} w 1", out.join("/"))
}

fn to(from: &str, squares: &[&str]) -> Vec<String> {
    squares.iter().map(|t| format!("{from}-{t}")).collect()
}

/// §3: the start position is the game's, and it reads back unchanged.
#[test]
fn s3_start_position() {
    let g = dai();
    assert_eq!(kyodai::Position::start(&g).to_fen(), START);
    assert_eq!(g.shape.files, 15);
    assert_eq!(kyodai::Position::start(&g).pieces(Color::White).len(), 65);
}

/// D1: 71 moves from the start, by piece as the case lists them.
#[test]
fn d1_start_moves_by_piece() {
    let g = dai();
    let mut p = pos(&g, START);
    assert_eq!(legal_move_list(&mut p).len(), 71);
    check(&g, START, "b4", &to("b4", &["a3", "c3", "d2"]), "D1 Flying Dragon b4");
    check(&g, START, "b3", &to("b3", &["a3", "c3", "b2"]), "D1 Violent Ox b3");
    check(&g, START, "d3", &to("d3", &["c3", "e3", "d2"]), "D1 Angry Boar d3");
    check(&g, START, "g3", &to("g3", &["e3", "f2"]), "D1 Kirin");
    check(&g, START, "h3", &to("h3", &["f2", "j2"]), "D1 Lion (no pass: no empty neighbour)");
    check(&g, START, "b1", &to("b1", &["a3", "c3"]), "D1 Knight");
    check(&g, START, "c1", &to("c1", &["b2", "d2"]), "D1 Stone General");
    for quiet in ["i3", "h4", "g4", "e4", "d4", "h2", "h1"] {
        assert!(moves_of(&g, START, quiet).is_empty(), "D1: {quiet} has no move");
    }
}

/// D2 (§5): the Lion alone has its 24 squares and the pass.
#[test]
fn d2_lion_alone() {
    let f = fen(&[(8, "7N7")]);
    assert_eq!(moves_of(&dai(), &f, "h8").len(), 25);
    assert!(moves_of(&dai(), &f, "h8").contains("h8-h8"));
}

/// D3 (§2.1): the Violent Ox moves up to two squares and never leaps.
#[test]
fn d3_violent_ox() {
    let f = fen(&[(9, "7P7"), (8, "7(VO)p6")]);
    check(&dai(), &f, "h8", &["h8-h7", "h8-h6", "h8-g8", "h8-f8", "h8-i8 x i8"], "D3");
}

/// D4 (§2.1): the Flying Dragon likewise on the diagonals.
#[test]
fn d4_flying_dragon() {
    let f = fen(&[(9, "6p1P6"), (8, "7(FD)7")]);
    check(&dai(), &f, "h8", &["h8-g9 x g9", "h8-g7", "h8-f6", "h8-i7", "h8-j6"], "D4");
}

/// D5 (§2.1): the small generals alone.
#[test]
fn d5_small_generals() {
    let g = dai();
    let alone = |id: &str| fen(&[(8, &format!("7{id}7"))]);
    check(&g, &alone("(EW)"), "h8", &to("h8", &["g8", "i8", "g9", "h9", "i9"]), "D5 Evil Wolf");
    check(&g, &alone("(CSW)"), "h8", &to("h8", &["g7", "i7", "g9", "i9"]), "D5 Cat Sword");
    check(&g, &alone("(AB)"), "h8", &to("h8", &["h7", "h9", "g8", "i8"]), "D5 Angry Boar");
}

/// D6 (§6): the Knight's promotion: optional on entering, forced on the last two ranks, none
/// for a quiet move inside the zone.
#[test]
fn d6_knight_and_the_zone() {
    let g = dai();
    check(&g, &fen(&[(10, "7(KT)7")]), "h10", &["h10-g12", "h10-g12 +", "h10-i12", "h10-i12 +"], "D6 entering");
    check(&g, &fen(&[(12, "7(KT)7")]), "h12", &["h12-g14", "h12-i14"], "D6 inside the zone");
    check(&g, &fen(&[(14, "6p7k"), (12, "7(KT)7")]), "h12", &["h12-g14 x g14 +", "h12-i14"], "D6 capture");
}

/// D7 (§6): the Iron General may promote on entering; the Stone General reaches the last rank
/// without a chance and stays there unpromoted.
#[test]
fn d7_iron_and_stone_general() {
    let g = dai();
    let iron = fen(&[(10, "7(IG)7")]);
    let expected: Vec<String> =
        ["g11", "h11", "i11"].iter().flat_map(|t| [format!("h10-{t}"), format!("h10-{t} +")]).collect();
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    check(&g, &iron, "h10", &expected, "D7 Iron General");
    let stone = fen(&[(14, "7(ST)6k")]);
    check(&g, &stone, "h14", &["h14-g15", "h14-i15"], "D7 Stone General");
    let stuck = fen(&[(15, "6(ST)8"), (14, "14k")]);
    assert!(moves_of(&g, &stuck, "g15").is_empty(), "D7: a Stone General on the last rank cannot move");
}

/// §11: `pawn_last_rank_promotion` gives a Pawn stepping onto the last rank inside the zone the
/// promotion it lacks by the entry rule (and forces it there).
#[test]
fn s11_pawn_last_rank_promotion_option() {
    let f = fen(&[(14, "7P6k")]);
    check(&dai(), &f, "h14", &["h14-h15"], "§6 default: no chance, the Pawn is stuck");
    let opt = [("pawn_last_rank_promotion".to_string(), "on".to_string())];
    let g = Game::builtin_with("dai", &opt).unwrap_or_else(|e| panic!("{e}"));
    check(&g, &f, "h14", &["h14-h15 +"], "§11 option");
}

/// Dai with the rule option `key` switched to its other value, `value`.
fn dai_with(key: &str, value: &str) -> Arc<Game> {
    Game::builtin_with("dai", &[(key.to_string(), value.to_string())]).unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// §11 (§13 D3): `promote_in_zone`, ShogiVar's rule: a quiet move inside the zone or out of it
/// may promote too, and the Stone General of D7 now promotes on the last rank, as it must.
#[test]
fn s11_promote_in_zone_option() {
    let copper = fen(&[(11, "7C7")]);
    let quiet = ["h11-g12", "h11-h12", "h11-i12", "h11-h10"];
    check(&dai(), &copper, "h11", &quiet, "§6 default: no chance inside the zone or leaving it");
    let g = dai_with("promote_in_zone", "on");
    let both: Vec<String> = quiet.iter().flat_map(|m| [(*m).to_string(), format!("{m} +")]).collect();
    check(&g, &copper, "h11", &both, "§11 promote_in_zone: every move may promote");
    let stone = fen(&[(14, "7(ST)6k")]);
    check(&g, &stone, "h14", &["h14-g15 +", "h14-i15 +"], "§11 promote_in_zone: forced on the last rank");
}

/// The legal moves of the piece on `from` in `p` (which has its moves' record), listed.
fn moves_here(p: &mut Position, from: &str) -> BTreeSet<String> {
    let s = p.game().shape.parse_square(from).unwrap();
    let moves: Vec<_> = legal_move_list(p).into_iter().filter(|m| m.from == s).collect();
    moves.iter().map(|&m| helpers::listing(p, m)).collect()
}

/// §11: `promote_on_entry=off`, HaChu's rule: a Copper General that entered the zone without
/// promoting has no chance by its next quiet move (its capture keeps one), then every move of it
/// may promote; with `promote_in_zone` it does not wait.
#[test]
fn s11_promote_on_entry_off_option() {
    let start = fen(&[(12, "8p6"), (10, "7C7")]);
    let entered = |g: &Arc<Game>| {
        let mut p = pos(g, &start);
        play(&mut p, "h10h11");
        play(&mut p, "o14o13");
        p
    };
    let set = |moves: &[&str]| moves.iter().map(|m| (*m).to_string()).collect::<BTreeSet<String>>();
    let quiet = ["h11-g12", "h11-h12", "h11-h10"];
    let capture = ["h11-i12 x i12", "h11-i12 x i12 +"];
    let plain = set(&[&quiet[..], &capture[..]].concat());
    let both: Vec<String> = quiet.iter().flat_map(|m| [(*m).to_string(), format!("{m} +")]).collect();
    let both: BTreeSet<String> = both.into_iter().chain(capture.iter().map(|m| (*m).to_string())).collect();
    let off = dai_with("promote_on_entry", "off");
    let mut p = entered(&off);
    assert_eq!(moves_here(&mut p, "h11"), plain, "§11 off: the next quiet move waits");
    play(&mut p, "a2a3");
    play(&mut p, "o13o14");
    assert_eq!(moves_here(&mut p, "h11"), both, "§11 off: one move later every move may promote");
    assert_eq!(moves_here(&mut entered(&dai()), "h11"), plain, "§6 default: no quiet chance inside the zone");
    assert_eq!(moves_here(&mut entered(&dai_with("promote_in_zone", "on")), "h11"), both, "promote_in_zone: no wait");
}

/// §11: `mate_ends_game`, the JCSA's checkmate. The second player's King on o15 is attacked by
/// the Rook on a15 and every square it can reach is attacked too: the game is over at once by
/// the option, played on without it. Taking the checker is an escape.
#[test]
fn s11_mate_ends_game_option() {
    let mated = fen(&[(15, "R13k"), (14, "R14")]).replace(" w ", " b ");
    let on = dai_with("mate_ends_game", "on");
    assert_eq!(outcome(&pos(&dai(), &mated)), None, "§9 default: no checkmate rule");
    let checkmate = Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate });
    assert_eq!(outcome(&pos(&on, &mated)), checkmate, "§11 mate_ends_game");
    let escape = fen(&[(15, "13Rk"), (14, "R14")]).replace(" w ", " b ");
    assert_eq!(outcome(&pos(&on, &escape)), None, "the King takes the Rook on n15");
}

/// §11: the search ends a mated line where the referee does: with `mate_ends_game` Rook b1-b15
/// mates at once (mate in 1); without it the King must still be taken (mate in 2).
#[test]
fn s11_mate_ends_game_in_the_search() {
    let f = fen(&[(15, "14k"), (14, "R14"), (1, "1R13")]);
    let search = |g: &Arc<Game>| {
        let stop = std::sync::atomic::AtomicBool::new(false);
        Searcher::new(8, 1).search(&pos(g, &f), &Limits::depth(3), 1, &stop, &mut |_| {})
    };
    let on = dai_with("mate_ends_game", "on");
    let r = search(&on);
    assert_eq!(r.score, Score::Mate(1));
    let mut p = pos(&on, &f);
    let best = r.best.expect("a move");
    assert!(kyodai::notation::format_move(&on, best).starts_with("b1b15"), "the Rook's check (promoting or not)");
    p.make(best);
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate }));
    assert_eq!(search(&dai()).score, Score::Mate(2), "§9 default: the King is taken on the next move");
}

/// §11: `bare_king_jcsa`, the JCSA's bare king: a lone King loses to King and one more piece; a
/// lone Pawn does not count until it promotes, nor do two pieces; the lone King to move next to
/// the piece may take it back (then two Kings draw), and loses if it does not.
#[test]
fn s11_bare_king_jcsa_option() {
    let on = dai_with("bare_king_jcsa", "on");
    let black = |rows: &[(u32, &str)]| fen(rows).replace(" w ", " b ");
    let judge = |g: &Arc<Game>, f: &str| outcome(&pos(g, f));
    let bare = Some(Outcome::Win { winner: Color::White, reason: Reason::BareKing });
    let gold = black(&[(8, "6G8")]);
    assert_eq!(judge(&dai(), &gold), None, "§9 default: no bare-king rule");
    assert_eq!(judge(&on, &gold), bare, "§11 King and Gold against a lone King");
    assert_eq!(judge(&on, &black(&[(8, "6P8")])), None, "a lone Pawn does not count");
    assert_eq!(judge(&on, &black(&[(8, "6+P8")])), bare, "a Tokin does");
    assert_eq!(judge(&on, &black(&[(8, "6GG7")])), None, "exactly one piece more");
    let reply = black(&[(13, "13G1")]);
    assert_eq!(judge(&on, &reply), None, "the lone King may take the Gold first");
    let mut p = pos(&on, &reply);
    play(&mut p, "o14n13");
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::BareKings }), "two Kings alone draw");
    let mut p = pos(&on, &reply);
    play(&mut p, "o14o15");
    assert_eq!(outcome(&p), bare, "the reply did not take the Gold");
}

/// D8 (§5): Horned Falcon 52 moves, Soaring Eagle 47 (lion lines and the pass).
#[test]
fn d8_falcon_and_eagle() {
    let g = dai();
    let falcon = moves_of(&g, &fen(&[(8, "7+H7")]), "h8");
    assert_eq!(falcon.len(), 52);
    for t in ["h8-h9", "h8-h10", "h8-h8"] {
        assert!(falcon.contains(t), "D8 Falcon {t}");
    }
    let eagle = moves_of(&g, &fen(&[(8, "7+D7")]), "h8");
    assert_eq!(eagle.len(), 47);
    for t in ["h8-g9", "h8-f10", "h8-i9", "h8-j10", "h8-h8"] {
        assert!(eagle.contains(t), "D8 Eagle {t}");
    }
}

/// D9 (§7): no lion-capture rules: a Lion takes a protected Lion two squares away.
#[test]
fn d9_no_lion_protection_rule() {
    let f = fen(&[(10, "7p7"), (9, "7n7"), (7, "7N7")]);
    let m = moves_of(&dai(), &f, "h7");
    assert!(m.contains("h7-h9 x h9"));
    assert_eq!(m.len(), 25);
}

/// D10 (§9): the Crown Prince is royal: losing the King alone does not end the game.
#[test]
fn d10_crown_prince() {
    let g = dai();
    let rows = |r3: &str, r1: &str| {
        let mut v = vec!["15", "14k"];
        v.extend(std::iter::repeat_n("15", 10));
        v.extend([r3, "+E14", r1]);
        format!("{} b 1", v.join("/"))
    };
    let mut p = pos(&g, &rows("15", "K1r12"));
    play(&mut p, "c1a1");
    assert!(outcome(&p).is_none(), "the Crown Prince still stands");
    let mut p = pos(&g, &rows("r14", "15"));
    play(&mut p, "a3a2");
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::Black, reason: Reason::AllRoyalsCaptured }));
}

/// §8: repeating a position is illegal (the Chu rule): after one side passes, the other may
/// not pass back to the position before.
#[test]
fn s8_no_two_passes_in_a_row() {
    let g = dai();
    let mut p = pos(&g, &fen(&[(8, "7N7"), (13, "7n7")]));
    play(&mut p, "h8h8");
    let black_lion = p.game().shape.parse_square("h13").unwrap();
    let moves = legal_move_list(&mut p);
    assert!(moves.iter().any(|m| m.from == black_lion && m.to != black_lion));
    assert!(!moves.iter().any(|m| m.from == black_lion && m.to == black_lion), "the pass repeats the start");
}

// ------------------------------------------------------------------------------------------
// The independent generator (great_shogi_reference.rs) against the engine
// ------------------------------------------------------------------------------------------

/// The start perft of `perft/data/dai.txt` to depth 4 (seconds in a test build): the numbers
/// went into the file only once the engine and the reference generator agreed.
#[test]
fn reference_agrees_on_the_start_perft() {
    for e in perft_data::select("dai", perft_data::Speed::Quick) {
        assert_eq!(reference::parse(Rules::Dai, &e.fen).perft(e.depth), e.count, "{} perft {}", e.position, e.depth);
    }
}

/// Every test case's position, move by move and to depth 2.
#[test]
fn reference_agrees_on_the_test_cases() {
    let g = dai();
    for f in [
        fen(&[(8, "7N7")]),
        fen(&[(9, "7P7"), (8, "7(VO)p6")]),
        fen(&[(9, "6p1P6"), (8, "7(FD)7")]),
        fen(&[(14, "6p7k"), (12, "7(KT)7")]),
        fen(&[(8, "7+H7"), (10, "6p1p6")]),
        fen(&[(8, "7+D7"), (9, "6p8"), (10, "9p5")]),
        fen(&[(10, "7p7"), (9, "7n7"), (7, "7N7")]),
    ] {
        helpers::same_moves(&g, Rules::Dai, &f);
        helpers::same_perft(&g, Rules::Dai, &f, 2);
    }
}

/// Random games from the start: the same moves in every position, the same positions after.
#[test]
fn reference_agrees_on_random_games() {
    let n = helpers::same_on_random_games(&dai(), Rules::Dai, 0x5DEE_CE66_D1A4_F87B, 12, 160);
    assert!(n > 1000, "{n}");
}
