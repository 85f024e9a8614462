//! Tenjiku Shogi rules tests. The authority is `docs/rules/tenjiku.md`; every test names the
//! section (§) or test case (N*, B*) of the page it checks. Move sets are compared exactly, in
//! the listing notation of §4.7 (`h8-f10 x f10`: origin, destination, the enemy squares the
//! move empties by captures and burns, `+` for promotion). The independent generator
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
use kyodai::{Color, Game};
use reference::Rules;
use std::sync::{Arc, OnceLock};

const START: &str = "l(kt)f(ig)csgekgsc(ig)f(kt)l/a1(chs)(chs)1txqnot1(chs)(chs)1a/(sso)(vso)bhd(wbf)(fid)(feg)(lhk)(fid)(wbf)dhb(vso)(sso)/mvr(hf)(se)(bgn)(rgn)(vgn)(ggn)(rgn)(bgn)(se)(hf)rvm/pppppppppppppppp/4(dg)6(dg)4/16/16/16/16/4(DG)6(DG)4/PPPPPPPPPPPPPPPP/MVR(HF)(SE)(BGN)(RGN)(GGN)(VGN)(RGN)(BGN)(SE)(HF)RVM/(SSO)(VSO)BHD(WBF)(FID)(LHK)(FEG)(FID)(WBF)DHB(VSO)(SSO)/A1(CHS)(CHS)1TONQXT1(CHS)(CHS)1A/L(KT)F(IG)CSGKEGSC(IG)F(KT)L w 1";

fn tenjiku() -> Arc<Game> {
    static G: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(G.get_or_init(|| game("tenjiku")))
}

/// The test cases' board: Kings on a2 (first player) and p15 (second player), `piece` alone on
/// h8, first player to move.
fn alone(piece: &str) -> String {
    format!("16/15k/16/16/16/16/16/16/7{piece}8/16/16/16/16/16/K15/16 w 1")
}

fn board_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

/// §3: the start position, 78 pieces a side.
#[test]
fn s3_start_position() {
    let g = tenjiku();
    let p = kyodai::Position::start(&g);
    assert_eq!(p.to_fen(), START);
    assert_eq!(p.pieces(Color::White).len(), 78);
}

/// N1 (§4.3): 74 moves from the start; the jumping Generals' captures as the case lists them.
#[test]
fn n1_start_moves_and_the_jumping_generals() {
    let g = tenjiku();
    let mut p = pos(&g, START);
    assert_eq!(legal_move_list(&mut p).len(), 74);
    check(
        &g,
        START,
        "h4",
        &["h4-h12 x h12", "h4-h13 x h13", "h4-h14 x h14", "h4-h15 x h15", "h4-h16 x h16", "h4-p12 x p12"],
        "N1 Great General",
    );
    check(&g, START, "i4", &["i4-a12 x a12"], "N1 Vice General");
    check(&g, START, "g4", &["g4-g12 x g12", "g4-g12 x g12 +", "g4-g13 x g13", "g4-g13 x g13 +"], "N1 Rook General");
    check(
        &g,
        START,
        "f4",
        &["f4-n12 x n12", "f4-n12 x n12 +", "f4-o13 x o13", "f4-o13 x o13 +", "f4-p14 x p14", "f4-p14 x p14 +"],
        "N1 Bishop General",
    );
    check(&g, START, "d4", &["d4-d6"], "N1 Horned Falcon leaps its own Pawn");
    for quiet in ["h1", "i1", "g3", "j3", "h2", "h3", "i3", "i2", "j2", "b1", "a1", "c4"] {
        assert!(moves_of(&g, START, quiet).is_empty(), "N1: {quiet} has no move");
    }
}

/// N2 (§4): each piece alone on h8.
#[test]
fn n2_pieces_alone() {
    let g = tenjiku();
    for (piece, n) in [
        ("(FID)", 74),
        ("(VGN)", 65),
        ("(GGN)", 59),
        ("(FEG)", 59),
        ("(LHK)", 46),
        ("+(CHS)", 42),
        ("(CHS)", 62),
        ("(WBF)", 57),
        ("(VSO)", 18),
        ("(SSO)", 18),
        ("+(DG)", 22),
        ("(DG)", 3),
    ] {
        assert_eq!(moves_of(&g, &alone(piece), "h8").len(), n, "N2 {piece}");
    }
    // §4.6: the Fire Demon slides straight back and forward, not sideways, beyond its area.
    let demon = moves_of(&g, &alone("(FID)"), "h8");
    assert!(demon.contains("h8-h1") && demon.contains("h8-h16") && !demon.contains("h8-a8"));
}

/// N3 (§4.3): a Great General jumps lower ranks, captures but never jumps an equal rank.
#[test]
fn n3_great_general_and_ranks() {
    let g = tenjiku();
    let f = "16/3p11k/3(ggn)12/16/3(vgn)12/16/3p12/16/3(rgn)12/16/3P12/16/3(GGN)12/16/K15/16 w 1";
    let m = moves_of(&g, f, "d4");
    assert_eq!(m.len(), 44);
    for t in ["d4-d5", "d4-d8 x d8", "d4-d10 x d10", "d4-d12 x d12", "d4-d14 x d14"] {
        assert!(m.contains(t), "N3 {t}");
    }
    assert!(!m.iter().any(|t| t.starts_with("d4-d15") || t.starts_with("d4-d7") || t.starts_with("d4-d9")));
}

/// N4 (§4.5): the Heavenly Tetrarchs among pieces.
#[test]
fn n4_tetrarchs_with_pieces() {
    let f = "16/15k/16/16/16/16/5p10/6Pp8/1p4P+(CHS)1p6/7P8/16/16/16/16/K15/16 w 1";
    let mut expected = vec!["h8-h8 x h9".to_string(), "h8-f10 x f10".into(), "h8-j8 x j8".into()];
    for t in [
        "h10", "h11", "h12", "h13", "h14", "h15", "h16", "h6", "h5", "h4", "h3", "h2", "h1", "j10", "k11", "l12",
        "m13", "n14", "o15", "p16", "f6", "e5", "d4", "c3", "b2", "a1", "j6", "k5", "l4", "m3", "n2", "o1", "f8", "e8",
    ] {
        expected.push(format!("h8-{t}"));
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    check(&tenjiku(), f, "h8", &expected, "N4");
}

/// N5 (§4.3, §4.4): the Vice General's jumping capture and area move.
#[test]
fn n5_vice_general() {
    let f = "16/15k/16/16/16/4(vgn)11/16/6pP8/7(VGN)8/16/16/16/16/16/K15/16 w 1";
    let m = moves_of(&tenjiku(), f, "h8");
    assert_eq!(m.len(), 59);
    assert!(m.contains("h8-e11 x e11") && m.contains("h8-g9 x g9") && !m.contains("h8-d12"));
}

/// N6 (§5, §6): burning, played out and compared as FEN.
#[test]
fn n6_burning_resolution() {
    let g = tenjiku();
    let b2 = "16/15k/16/2ppp11/16/16/3(WBF)12/16/16/16/16/16/16/16/K15/16 w 1";
    for (case, fen, mv, after) in [
        (
            "B1",
            "16/15k/16/16/16/16/3(fid)12/2p13/16/16/16/16/16/2R13/K15/16 w 1",
            "c3c9",
            "16/15k/16/16/16/16/3(fid)12/16/16/16/16/16/16/16/K15/16 b",
        ),
        ("B2", b2, "d10d12+", "16/15k/16/16/3+(WBF)12/16/16/16/16/16/16/16/16/16/K15/16 b"),
        ("B3", b2, "d10d12", "16/15k/16/2ppp11/3(WBF)12/16/16/16/16/16/16/16/16/16/K15/16 b"),
    ] {
        let mut p = pos(&g, fen);
        play(&mut p, mv);
        assert_eq!(board_and_side(&p.to_fen()), after, "{case}");
    }
    // B4 (§5 end of move): a King that steps next to an enemy Fire Demon burns; its side loses.
    let mut p = pos(&g, "16/16/16/16/16/16/16/16/16/16/6k9/7(fid)8/5K10/16/16/16 w 1");
    play(&mut p, "f4g5");
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::Black, reason: Reason::AllRoyalsCaptured }));
}

/// §10: the piece options change exactly their pieces.
#[test]
fn s10_options() {
    let with = |key: &str| {
        Game::builtin_with("tenjiku", &[(key.to_string(), "on".to_string())]).unwrap_or_else(|e| panic!("{key}: {e}"))
    };
    let demon = moves_of(&with("fire_demon_sideways"), &alone("(FID)"), "h8");
    assert!(demon.contains("h8-a8") && !demon.contains("h8-h1"));
    let eagle =
        moves_of(&with("free_eagle_queen"), "16/15k/16/16/16/16/16/7p8/7(FEG)8/16/16/16/16/16/K15/16 w 1", "h8");
    assert!(!eagle.contains("h8-h10"), "a plain Queen does not leap its first square");
    let hawk = moves_of(&with("lion_hawk_area2"), &alone("(LHK)"), "h8");
    assert!(!hawk.contains("h8-h8") && hawk.contains("h8-h10") && !hawk.contains("h8-h11"));
    let tetrarchs = moves_of(&with("tetrarchs_no_vertical"), &alone("+(CHS)"), "h8");
    assert!(!tetrarchs.contains("h8-h10") && tetrarchs.contains("h8-j10"));
    // ShogiVar's jumping captures take only lower ranks: the Great General of N3 no longer takes
    // the equal-ranked Great General beyond the other pieces.
    let n3 = "16/3p11k/3(ggn)12/16/3(vgn)12/16/3p12/16/3(rgn)12/16/3P12/16/3(GGN)12/16/K15/16 w 1";
    let lower = moves_of(&with("jump_capture_lower_only"), n3, "d4");
    assert_eq!(lower.len(), 43, "{lower:?}");
    assert!(lower.contains("d4-d12 x d12") && !lower.contains("d4-d14 x d14"));
    // A Crown Prince of rank 0 may be jumped by a Rook General.
    let f = "16/15k/16/16/16/16/7P8/16/7+E8/16/16/16/16/16/K15/7(rgn)8 b 1";
    assert!(!moves_of(&tenjiku(), f, "h1").contains("h1-h10 x h10"));
    assert!(moves_of(&with("crown_prince_rank0"), f, "h1").contains("h1-h10 x h10"));
}

/// §10 (T8): `promote_in_zone`, ShogiVar's rule: a quiet move inside the zone or out of it may
/// promote, and an Iron General stepping from h15 onto the last rank must.
#[test]
fn s10_promote_in_zone_option() {
    let g = Game::builtin_with("tenjiku", &[("promote_in_zone".to_string(), "on".to_string())])
        .unwrap_or_else(|e| panic!("{e}"));
    let copper = "16/15k/16/16/7C8/16/16/16/16/16/16/16/16/16/K15/16 w 1";
    let quiet = ["h12-g13", "h12-h13", "h12-i13", "h12-h11"];
    check(&tenjiku(), copper, "h12", &quiet, "§6 default: no chance inside the zone or leaving it");
    let both: Vec<String> = quiet.iter().flat_map(|m| [(*m).to_string(), format!("{m} +")]).collect();
    check(&g, copper, "h12", &both, "§10 promote_in_zone: every move may promote");
    let iron = "16/7(IG)7k/16/16/16/16/16/16/16/16/16/16/16/16/K15/16 w 1";
    check(&tenjiku(), iron, "h15", &["h15-g16", "h15-h16", "h15-i16"], "§6 default: no chance, stuck there");
    check(&g, iron, "h15", &["h15-g16 +", "h15-h16 +", "h15-i16 +"], "§10 promote_in_zone: forced");
}

/// A position of a soak game (`kyodai soak --variant tenjiku --games 40 --seed 1`, game 3) where
/// one side is over 37,000 centipawns of material ahead: the static evaluation passed the mate
/// range and -INF, no root move beat alpha, and the search panicked without a root line. The
/// search now keeps static scores inside the non-mate range (`search/worker.rs`, `evaluate`).
#[test]
fn search_answers_a_soak_position() {
    let fen = "l(kt)f(ig)csgekgsc(ig)f(kt)l/a1(chs)(chs)1txqnot1(chs)(chs)1a/(sso)(vso)bhd(wbf)(fid)(feg)(lhk)(fid)(wbf)dhb(vso)(sso)/1mr4(vgn)(ggn)1(bgn)(se)(hf)rm1/pppppppppppppppp/4(dg)6(dg)4/16/16/4(DG)11/4(HF)(VGN)10/11(DG)4/PPPPPPPP1PPPPPPP/MVR1(SE)DO4(SE)(HF)R+(bgn)M/(SSO)(VSO)B2(WBF)1(LHK)(FEG)+(se)(WBF)DHB(VSO)(SSO)/A1(CHS)(CHS)HT1NQXT1(CHS)(CHS)1A/L(KT)F(IG)CSGKEGSC(IG)F(KT)L w 13";
    let g = tenjiku();
    helpers::same_moves(&g, Rules::Tenjiku, fen);
    let p = pos(&g, fen);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let r = kyodai::search::Searcher::new(8, 1).search(&p, &kyodai::search::Limits::depth(1), 1, &stop, &mut |_| {});
    assert!(r.best.is_some());
}

// ------------------------------------------------------------------------------------------
// The independent generator (great_shogi_reference.rs) against the engine
// ------------------------------------------------------------------------------------------

/// The start perft of `perft/data/tenjiku.txt` to depth 3: the numbers went into the file only
/// once the engine and the reference generator agreed.
#[test]
fn reference_agrees_on_the_start_perft() {
    for e in perft_data::select("tenjiku", perft_data::Speed::Quick) {
        let n = reference::parse(Rules::Tenjiku, &e.fen).perft(e.depth);
        assert_eq!(n, e.count, "{} perft {}", e.position, e.depth);
    }
}

/// Depth 4 (39,356,869), the engine's count, confirmed by the reference before it was written
/// down.
#[test]
#[ignore = "slow: minutes in a test build; cargo test --test tenjiku_rules -- --ignored"]
fn reference_agrees_on_the_start_perft_depth_4() {
    for e in perft_data::select("tenjiku", perft_data::Speed::Slow) {
        let n = reference::parse(Rules::Tenjiku, &e.fen).perft(e.depth);
        assert_eq!(n, e.count, "{} perft {}", e.position, e.depth);
    }
}

/// Every test case's position, move by move and to depth 2.
#[test]
fn reference_agrees_on_the_test_cases() {
    let g = tenjiku();
    for f in [
        "16/3p11k/3(ggn)12/16/3(vgn)12/16/3p12/16/3(rgn)12/16/3P12/16/3(GGN)12/16/K15/16 w 1",
        "16/15k/16/16/16/16/5p10/6Pp8/1p4P+(CHS)1p6/7P8/16/16/16/16/K15/16 w 1",
        "16/15k/16/16/16/4(vgn)11/16/6pP8/7(VGN)8/16/16/16/16/16/K15/16 w 1",
        "16/15k/16/16/16/16/3(fid)12/2p13/16/16/16/16/16/2R13/K15/16 w 1",
        "16/15k/16/2ppp11/16/16/3(WBF)12/16/16/16/16/16/16/16/K15/16 w 1",
        "16/16/16/16/16/16/16/16/16/16/6k9/7(fid)8/5K10/16/16/16 w 1",
        "16/15k/16/16/16/16/6pp8/5p(LHK)p8/6p(FEG)8/6(FID)9/16/16/16/16/K15/16 w 1",
    ] {
        helpers::same_moves(&g, Rules::Tenjiku, f);
        helpers::same_perft(&g, Rules::Tenjiku, f, 2);
    }
}

/// Random games from the start: the same moves in every position, the same positions after
/// (burns included).
#[test]
fn reference_agrees_on_random_games() {
    let n = helpers::same_on_random_games(&tenjiku(), Rules::Tenjiku, 0x2545_F491_4F6C_DD1D, 10, 160);
    assert!(n > 1000, "{n}");
}
