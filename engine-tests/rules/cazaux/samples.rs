//! The book's sample games (`docs/rules/patchanka.md` §1.6, `heavy-shako.md`
//! §2.5, `timurid.md` §3.7; data files `data/cazaux/*-sample.txt`)
//! replayed move by move, every move checked against the reference's legal moves, ending in the
//! result the rules page gives; and the positions after their first ten moves (1.6, 2.5, 3.7)
//! with the rules page's legal-move counts.

use crate::common::*;
use crate::reference::{Game, Move, Options, Outcome, Pos, Special};

/// Replays a sample game; returns the game and every move as made (with its position before).
fn replay(game: &str, opts: Options) -> (Game, Vec<(Pos, Move)>) {
    let start = Pos::from_fen_with(game, Pos::start(game).to_fen().as_str(), opts).unwrap();
    let mut g = Game::new(start);
    let mut made = Vec::new();
    for (i, t) in sample_moves(game).into_iter().enumerate() {
        assert_eq!(g.outcome(), None, "{game}: the game ended before ply {}", i + 1);
        let before = g.pos.clone();
        let m = before.parse_move(t).unwrap_or_else(|e| panic!("{game} ply {}: {e}", i + 1));
        // Each book move matches exactly one legal move, whose text is the book move's.
        assert_eq!(before.text(&m), t, "{game} ply {}", i + 1);
        g.play(t).unwrap();
        made.push((before, m));
    }
    (g, made)
}

fn find<'a>(made: &'a [(Pos, Move)], text: &str, ply: usize) -> &'a (Pos, Move) {
    let entry = &made[ply - 1];
    assert_eq!(entry.0.text(&entry.1), text, "ply {ply}");
    entry
}

#[test]
fn patchanka_sample_game_black_wins() {
    let (g, made) = replay("patchanka", Options::default());
    assert_eq!(made.len(), 150);
    assert_eq!(g.pos.to_fen(), "4k5/6b1hr/10/6p2p/8p1/p3sh2P1/2p1b2PR1/6I3/5K4/2r1m5 w - - 2 76");
    assert_eq!(g.outcome(), Some(Outcome::Checkmate { white_wins: false }));
    // 1.6: 15...f6e5 e.p. on a Soldier (e4-e6), 55...h5g4 e.p. on a Pawn (g3-g5),
    // 59...b3b1 Kirin -> Badger, 74...c2d1 Pawn -> Medusa.
    let (p, m) = find(&made, "f6e5", 30);
    assert_eq!(m.special, Special::EnPassant(sq("e6")));
    assert_eq!(p.at(sq("e6")).map(|pc| format!("{:?}", pc.kind)), Some("Soldier".into()));
    let (p, m) = find(&made, "h5g4", 110);
    assert_eq!(m.special, Special::EnPassant(sq("g5")));
    assert_eq!(p.at(sq("g5")).map(|pc| format!("{:?}", pc.kind)), Some("Pawn".into()));
    assert_eq!(format!("{:?}", find(&made, "b3b1", 118).1.promo), "Some(Badger)");
    assert_eq!(format!("{:?}", find(&made, "c2d1", 148).1.promo), "Some(Medusa)");
}

#[test]
fn heavy_shako_sample_game_white_wins() {
    let (g, made) = replay("heavy-shako", Options::default());
    assert_eq!(made.len(), 131);
    assert_eq!(g.pos.to_fen(), "6kw2/4e1b3/4S3p1/5QPp1p/8e1/3P5c/7E2/1W4PPP1/7K2/7W1C b - - 4 66");
    assert_eq!(g.outcome(), Some(Outcome::Checkmate { white_wins: true }));
    // 2.5: no castling, e.p. or promotion in the game.
    assert!(made.iter().all(|(_, m)| m.special == Special::None && m.promo.is_none()));
}

#[test]
fn timurid_babur_sample_game_white_wins() {
    let (g, made) = replay("timurid-babur", Options::default());
    assert_eq!(made.len(), 157);
    let end = "5k6/5(PR)6/3pQ4e2/11p/10p1/1p5p1p2/2p9/3P3P4/3(PR)4P1M1/PPP6PPP/5K6/2c8E b - f10 0 79";
    assert_eq!(g.pos.to_fen(), end);
    assert_eq!(g.outcome(), Some(Outcome::Checkmate { white_wins: true }), "Black has no Prince");
    // 3.7: 66. e10e12 is a Pawn double step that promotes and leaves no e.p. square.
    let (p, m) = find(&made, "e10e12", 131);
    assert_eq!(format!("{:?}", m.promo), "Some(Queen)");
    assert_eq!(p.make(m).ep, None);
    // The rapid moves of 3.2: 21...j9j7 (Pawn off its start rank), 9...f10f8 and 74. f3f5 (Prince).
    for (t, ply) in [("j9j7", 42), ("f10f8", 18), ("f3f5", 147)] {
        let (p, m) = find(&made, t, ply);
        assert!(p.make(m).ep.is_some(), "{t} is a double step");
    }
}

#[test]
fn timurid_mirza_sample_game_ends_by_succession_or_mate() {
    let end = "3R4b3/5cc1k3/G7U3/p4C6/1p6(SH)2p/2p3p2p2/2P2p3P2/1PE1pM4P1/9N1P/PB4(pr)1B3/4K7/11R b - - 0 82";
    let (g, made) = replay("timurid-mirza", Options::default());
    assert_eq!(made.len(), 163);
    assert_eq!(g.pos.to_fen(), end);
    assert_eq!(format!("{:?}", find(&made, "g8f12", 133).1.promo), "Some(Gryphon)");
    assert_eq!(format!("{:?}", find(&made, "i9g12", 149).1.promo), "Some(Rhinoceros)");
    // Succession on (default): exactly one legal move, the swap with the Prince g3.
    assert!(g.pos.in_check(false));
    assert_moves(&g.pos.legal_texts(), &set("i11g3"), "Mirza end, succession on");
    assert_eq!(g.outcome(), None);
    // Succession off (the book, Jocly): checkmate, White wins.
    let off = Options { succession: false, ..Options::default() };
    let (g, _) = replay("timurid-mirza", off);
    assert_eq!(g.outcome(), Some(Outcome::Checkmate { white_wins: true }));
}

#[test]
fn positions_after_the_first_ten_moves() {
    let cases = [
        ("patchanka", "4kz4/rhib1sbihr/ppp2w1ppp/4sop3/3p1p4/5P4/4S5/PPPP2PPPP/RHIB1SBIHR/3OKZW3 w - - 2 11", 59),
        (
            "heavy-shako",
            "cs1vofvwsc/er1bqk1nre/p1w4ppp/1p1np1p3/3b1p4/3B1P4/2P3NE2/PPBPP1PPPP/ER2QK2R1/CSWVOFVWSC w KQkq - 0 11",
            62,
        ),
        (
            "timurid-babur",
            "e3c2c1m1e/rnb(sh)1k(sq)(pr)(sh)bnr/p2pp3pp1p/2pm3p2p1/1p3(pr)p5/5p6/12/3PPB1P4/3M(SH)P(SQ)1P3/PPP3P2PPP/RN2(PR)K1(PR)(SH)BNR/E3C2C1M1E w - - 0 11",
            95,
        ),
        (
            "timurid-mirza",
            "e1m1c2c1m1e/rnb(sh)(pr)k(sn)(pr)(sh)bnr/ppp6ppp/12/3p3pp3/4p1p5/5pP5/3PPP2PP2/7P4/PPP7PP/RNB(SH)(PR)K(SN)(PR)(SH)BNR/E1M1C1C2M1E w - - 0 11",
            68,
        ),
    ];
    for (game, fen, count) in cases {
        let moves = sample_moves(game);
        let first_ten = moves[..20].join(" ");
        let p = play(&Pos::start(game), &first_ten);
        assert_eq!(p.to_fen(), fen, "{game}");
        assert_eq!(p.legal_moves().len(), count, "{game}");
        assert_eq!(pos(game, fen).legal_moves().len(), count, "{game} from its FEN");
    }
}

#[test]
fn every_move_of_the_sample_games_round_trips_through_its_text() {
    for game in ["patchanka", "heavy-shako", "timurid-babur", "timurid-mirza"] {
        let (_, made) = replay(game, Options::default());
        for (p, _) in made.iter().step_by(7) {
            for m in p.legal_moves() {
                assert_eq!(p.parse_move(&p.text(&m)), Ok(m), "{game}: {} in {}", p.text(&m), p.to_fen());
            }
            assert_eq!(pos(game, &p.to_fen()).to_fen(), p.to_fen(), "FEN round trip");
        }
    }
}
