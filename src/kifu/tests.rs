//! Round trips of whole games and garbage input.

use super::*;
use crate::game::Game;
use crate::position::Position;
use crate::record::GameResult;
use crate::tournament::referee::Referee;

/// A game of `plies` moves picked by a fixed pseudo-random sequence (the same every run).
fn random_game(start: Position, plies: usize, seed: u64) -> Vec<String> {
    let mut r = Referee::new(start);
    let mut x = seed;
    let mut moves = Vec::new();
    for _ in 0..plies {
        if r.verdict().is_some() {
            break;
        }
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let Some(m) = r.nth_legal(|n| (x >> 33) as usize % n) else { break };
        r.play(&m).unwrap();
        moves.push(m);
    }
    moves
}

fn header() -> KifHeader {
    KifHeader {
        date: Some("2026.11.29".into()), sente: "先手の人".into(), gote: "gote".into(), ..KifHeader::default()
    }
}

#[test]
fn random_games_of_every_kif_game_read_back_move_for_move() {
    for (name, seeds) in [("chu", 0..6), ("nutty", 0..3), ("tai", 0..1)] {
        let v = Game::builtin(name).unwrap();
        for seed in seeds {
            let moves = random_game(Position::start(&v), 120, seed);
            let notes: Vec<Option<String>> =
                (0..moves.len()).map(|i| (i % 3 == 0).then(|| format!("+0.{i}/3"))).collect();
            let kif =
                write_kif(&Position::start(&v), &moves, &notes, GameResult::BlackWins, Some("a reason"), &header())
                    .unwrap();
            let g = parse_kif(&kif).unwrap().to_pgn(None).unwrap();
            assert_eq!(g.moves, moves, "{name} seed {seed}:\n{kif}");
            assert_eq!(g.tag("Variant"), Some(name));
            assert_eq!(
                (g.tag("White"), g.tag("Black"), g.result),
                (Some("先手の人"), Some("gote"), GameResult::BlackWins)
            );
            assert_eq!(g.tag("Date"), Some("2026.11.29"));
            assert_eq!(g.comments[0], vec!["+0.0/3".to_string()]);
            assert_eq!(g.tag("FEN"), None);
        }
    }
}

#[test]
fn a_lion_double_move_igui_and_a_pass_read_back() {
    let v = Game::builtin("chu").unwrap();
    // Lions face each other's pawns: f5 Lion, a Black pawn on f6 (the lion can take it and
    // come back), and empty squares around for a pass.
    let fen = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/5p6/3I1N2I3/PPPPP1PPPPPP/MVRHDQ1DHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";
    let start = Position::from_fen(&v, fen).unwrap();
    for m in ["f5f6,f6f5", "f5f6,f6f7", "f5e6,e6f5", "f5f6"] {
        let moves = vec![m.to_string()];
        let kif = write_kif(&start, &moves, &[], GameResult::Unfinished, None, &header()).unwrap();
        let k = parse_kif(&kif).unwrap();
        assert!(k.diagram.is_some(), "{kif}");
        let g = k.to_pgn(None).unwrap();
        assert_eq!(g.tag("FEN"), Some(fen));
        let mut r = Referee::new(Position::from_fen(&v, g.tag("FEN").unwrap()).unwrap());
        assert_eq!(r.play(&g.moves[0]).unwrap(), r_canonical(&start, m), "{kif}");
    }
}

fn r_canonical(start: &Position, m: &str) -> String {
    Referee::new(start.clone()).play(m).unwrap()
}

#[test]
fn shift_jis_round_trips_a_chu_record_and_sniffing_tells_the_formats_apart() {
    let v = Game::builtin("chu").unwrap();
    let moves = random_game(Position::start(&v), 40, 9);
    let h = KifHeader { sjis: true, ..header() };
    let kif = write_kif(&Position::start(&v), &moves, &[], GameResult::WhiteWins, None, &h).unwrap();
    let bytes = encode_sjis(&kif).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err(), "Shift-JIS kanji are not UTF-8");
    assert_eq!(decode(&bytes).unwrap(), kif);
    assert_eq!(format_of("game.txt", &bytes), Format::Kif { sjis: true });
    assert_eq!(format_of("game.txt", kif.as_bytes()), Format::Kif { sjis: false });
    assert_eq!(format_of("game.txt", b"[Event \"x\"]\n1. f4f5 *\n"), Format::Pgn);
    assert_eq!(format_of("game.txt", b"V2.2\nPI\n+\n+7776FU\n"), Format::Csa);
    let games = read_games("game.kif", &bytes, None).unwrap();
    assert_eq!(games[0].moves, moves);
    assert!(matches!(
        read_games("g.csa", b"V2.2\n+7776FU\n", None),
        Err(RecordError::Kifu(KifuError::Csa { line: 1 }))
    ));
    assert_eq!(encode_sjis("♔"), Err(KifuError::Unencodable { character: '♔' }));
}

#[test]
fn bad_records_get_the_line_and_what_was_expected() {
    let err = |text: &str| parse_kif(text).and_then(|k| k.to_pgn(None).map(|_| ())).unwrap_err().to_string();
    assert_eq!(
        err("手合割：中将棋\n   1 7八歩兵 7九\n"),
        "line 2: expected the origin square in brackets after the piece name, as in 7八歩兵 （←7九）, found '1 7八歩兵 7九'"
    );
    assert!(err("手合割：中将棋\nこんにちは\n").starts_with("line 2: expected a header line"));
    assert!(err("手合割：中将棋\n 1 二歩目 7八獅子 （←7九）\n").starts_with("line 2: expected the step before"));
    assert_eq!(err("手合割：将棋\n"), "no game has the KIF name '将棋' (手合割): name the game with --variant");
    assert!(
        err("手合割：中将棋\n 1 99九歩兵 （←7九）\n").starts_with("line 2: move 7i99i"),
        "{}",
        err("手合割：中将棋\n 1 99九歩兵 （←7九）\n")
    );
    let chu = Variant::builtin_with("chu", &[]).unwrap();
    let short = "手合割：中将棋\n|・・|一\n";
    assert!(parse_kif(short).unwrap().to_pgn(Some(&chu)).unwrap_err().to_string().contains("has 1 rows"));
    let bigorra = Variant::builtin_with("bigorra", &[]).unwrap();
    assert!(matches!(parse_kif("").unwrap().to_pgn(Some(&bigorra)), Err(KifuError::NoKifForm { .. })));
}

#[test]
fn garbage_never_panics() {
    let v = Game::builtin("chu").unwrap();
    let moves = random_game(Position::start(&v), 30, 3);
    let kif = write_kif(&Position::start(&v), &moves, &[], GameResult::WhiteWins, None, &header()).unwrap();
    let chars: Vec<char> = kif.chars().collect();
    let alphabet: Vec<char> =
        "0123456789一二三四五六七八九十成同仝（）()←|v・+-*：歩獅 \n一歩目二歩目".chars().collect();
    let mut x: u64 = 12345;
    let mut next = |n: usize| {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) as usize % n
    };
    for _ in 0..2000 {
        let mut c = chars.clone();
        for _ in 0..1 + next(6) {
            let at = next(c.len());
            match next(3) {
                0 => c[at] = alphabet[next(alphabet.len())],
                1 => c.insert(at, alphabet[next(alphabet.len())]),
                _ => {
                    c.remove(at);
                }
            }
        }
        let text: String = c.into_iter().collect();
        if let Ok(k) = parse_kif(&text) {
            let _ = k.to_pgn(None);
        }
    }
    for n in 0..500 {
        let bytes: Vec<u8> = (0..n).map(|_| next(256) as u8).collect();
        let _ = read_games("x.kif", &bytes, None);
        let _ = format_of("x", &bytes);
    }
}

#[test]
fn lishogi_same_square_marks_in_a_double_move_are_read_by_the_next_steps_origin() {
    // shogiops 0.18 writes 仝 on both steps when the move ends where the last one did, though
    // the first step stops elsewhere; the second step's origin says where.
    let text = "手合割：中将棋\n   1 7八歩兵 （←7九）\n   2 一歩目 仝獅子 （←7六）\n   2 二歩目 仝獅子 （←6七）\n   3 同 歩兵 （←7九）\n";
    let k = parse_kif(text).unwrap();
    let usi: Vec<String> = k.moves.iter().map(KifMove::usi).collect();
    assert_eq!(usi, ["7i7h", "7f6g7h", "7i7h"]);
}

#[test]
fn other_starts_of_nutty_read_back_from_the_diagram_and_ambiguous_tai_names_are_refused() {
    let nutty = Game::builtin("nutty").unwrap();
    let start = Position::start(&nutty);
    let moves = random_game(start, 12, 4);
    let mut r = Referee::new(Position::start(&nutty));
    for m in &moves {
        r.play(m).unwrap();
    }
    let later = r.game.pos.clone();
    let rest = random_game(later.clone(), 10, 5);
    let kif = write_kif(&later, &rest, &[], GameResult::Unfinished, None, &header()).unwrap();
    let g = parse_kif(&kif).unwrap().to_pgn(None).unwrap();
    assert_eq!(g.tag("FEN"), Some(later.to_fen().as_str()), "{kif}");
    assert_eq!(g.moves, rest);
    // Tai's glyphs are shared by several pieces: such a diagram cannot be read back.
    let tai = Game::builtin("tai").unwrap();
    let names = names::PieceNames::new(&tai);
    let shared = (0..tai.pieces.len())
        .map(|i| crate::variant::KindId(i as u8))
        .find(|&k| names.find(names.board(k)).is_err())
        .expect("a shared glyph");
    let err = names.find(names.board(shared)).unwrap_err().to_string();
    assert!(err.contains("names more than one piece"), "{err}");
}

#[test]
fn every_chu_and_tai_name_has_a_shift_jis_code() {
    for name in ["chu", "tai"] {
        let v = Game::builtin(name).unwrap();
        let n = names::PieceNames::new(&v);
        for i in 0..v.pieces.len() {
            let k = crate::variant::KindId(i as u8);
            for text in [n.board(k), n.mover(k)] {
                assert!(encode_sjis(text).is_ok(), "{name}: '{text}'");
            }
        }
    }
}
