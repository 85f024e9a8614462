//! Cross-check of the move generator against an independent reference generator
//! (`reference.rs`, written from the rules files only), plus perft numbers.
//!
//! Every comparison builds the reference position from FEN text with the reference's own
//! parser and compares the engine's legal moves (`legal_move_list` + `format_move`) with the
//! reference's legal move texts as sets; a mismatch prints the FEN and the symmetric
//! difference. Duplicate texts in the engine's list are reported too (one move per effect).
//! For the fixed positions, every legal move is also made on both sides and the FENs after it
//! compared; the random games compare the FEN after each played move.
//!
//! Positions compared: the start positions, every FEN of the rules files' test sections (and
//! their colour-mirrored forms), a few positions built here, all 465 positions of the Bigorra
//! sample game, and every position of fixed-seed random games of 20-120 plies.
//!
//! Perft numbers: each test says how its number was established. Apart from the numbers
//! published in the rules files, every number is the reference generator's own recursive
//! perft, and the tests run that second count as well.

#[path = "reference.rs"]
mod reference;

use kyodai::notation::format_move;
use kyodai::perft::perft;
use kyodai::rules::legality::{legal_move_list, legal_moves_with, History};
use kyodai::Position;
use reference::{move_text, Game, RefPos};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Chu positions the engine's FEN reader refuses because a side has no royal (see
/// [`compare_fen`]).
static ROYAL_LESS_SKIPPED: AtomicUsize = AtomicUsize::new(0);

// ------------------------------------------------------------------------------------------
// helpers

fn variant(game: Game) -> Arc<kyodai::Game> {
    kyodai::Game::builtin(match game {
        Game::Bigorra => "bigorra",
        Game::Chu => "chu",
    })
    .expect("built-in variant")
}

/// The engine's legal moves as texts; duplicate texts are reported as an error (move identity
/// requires one move per effect).
fn engine_texts(v: &Arc<kyodai::Game>, pos: &mut Position) -> Result<BTreeSet<String>, String> {
    let list = legal_move_list(pos);
    texts_of(v, &list)
}

fn texts_of(v: &Arc<kyodai::Game>, list: &[kyodai::Move]) -> Result<BTreeSet<String>, String> {
    let mut set = BTreeSet::new();
    let mut dups = Vec::new();
    for m in list {
        let t = format_move(v, *m);
        if !set.insert(t.clone()) {
            dups.push(t);
        }
    }
    if dups.is_empty() {
        Ok(set)
    } else {
        Err(format!("engine lists these moves more than once: {dups:?}"))
    }
}

fn diff_report(fen: &str, what: &str, engine: &BTreeSet<String>, reference: &BTreeSet<String>) -> Option<String> {
    if engine == reference {
        return None;
    }
    let only_e: Vec<&String> = engine.difference(reference).collect();
    let only_r: Vec<&String> = reference.difference(engine).collect();
    Some(format!(
        "MISMATCH ({what})\n  FEN: {fen}\n  engine {} / reference {}\n  only in engine:    {only_e:?}\n  only in reference: {only_r:?}",
        engine.len(),
        reference.len()
    ))
}

/// Compares engine and reference on `fen` (a fresh engine position built from the FEN).
///
/// The engine refuses to read a Chu FEN in which a side has no royal left (a finished game);
/// the rules' FEN section (chu-shogi.md §11) does not list that as a reason to reject, but it is
/// a reader policy, not a move-generation question. Such positions are counted in
/// [`ROYAL_LESS_SKIPPED`] and compared through the incrementally made position only.
fn compare_fen(v: &Arc<kyodai::Game>, game: Game, fen: &str) -> Option<String> {
    let r = match RefPos::from_fen(game, fen) {
        Ok(r) => r,
        Err(e) => return Some(format!("reference cannot read FEN {fen}: {e}")),
    };
    let mut pos = match Position::from_fen(v, fen) {
        Ok(p) => p,
        Err(_) if game == Game::Chu && !(r.chu_has_royal('w') && r.chu_has_royal('b')) => {
            ROYAL_LESS_SKIPPED.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        Err(e) => return Some(format!("MISMATCH: engine rejects FEN {fen}: {e}")),
    };
    match engine_texts(v, &mut pos) {
        Err(e) => Some(format!("MISMATCH\n  FEN: {fen}\n  {e}")),
        Ok(es) => diff_report(fen, "fresh position", &es, &r.legal_texts()),
    }
}

/// For every legal move of `fen` (matched by text), the engine's FEN after the move must equal
/// the reference's: this checks each move's effect (captured squares, e.p. victim, promotion,
/// leap rights, e.p. square, clocks, counter-strike), which the move text alone cannot show.
fn compare_makes(v: &Arc<kyodai::Game>, game: Game, fen: &str) -> Vec<String> {
    let (Ok(mut pos), Ok(r)) = (Position::from_fen(v, fen), RefPos::from_fen(game, fen)) else {
        return Vec::new(); // already reported by compare_fen
    };
    let rmoves = r.legal_moves();
    let mut out = Vec::new();
    for m in legal_move_list(&mut pos) {
        let t = format_move(v, m);
        let Some(rm) = rmoves.iter().find(|x| move_text(game, x) == t) else {
            continue; // a set difference, already reported by compare_fen
        };
        let u = pos.make(m);
        let (e, rf) = (pos.to_fen(), r.make(rm).to_fen());
        pos.unmake(m, u);
        if e != rf {
            out.push(format!("MISMATCH after {t}\n  FEN before: {fen}\n  engine:     {e}\n  reference:  {rf}"));
        }
        if pos.to_fen() != fen_normal(v, fen) {
            out.push(format!("MISMATCH: unmake of {t} does not restore {fen}"));
        }
    }
    out
}

/// `fen` as the engine writes it (so that input spelling does not matter).
fn fen_normal(v: &Arc<kyodai::Game>, fen: &str) -> String {
    Position::from_fen(v, fen).map(|p| p.to_fen()).unwrap_or_default()
}

fn check_all(game: Game, fens: &[String]) {
    let v = variant(game);
    let mut failures = Vec::new();
    for fen in fens {
        if let Some(f) = compare_fen(&v, game, fen) {
            failures.push(f);
        }
        failures.extend(compare_makes(&v, game, fen));
    }
    eprintln!("{game:?}: compared {} positions", fens.len());
    assert!(failures.is_empty(), "{} of {} positions differ:\n{}", failures.len(), fens.len(), failures.join("\n"));
}

/// A small fixed-seed generator (xorshift64*), so random games are reproducible.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }
}

/// Plays a random game of up to `plies` plies from `fen`, choosing among the reference's legal
/// moves (captures and promotions preferred half of the time, to reach sharp positions). At
/// every ply it compares:
/// - the engine's moves on a fresh position from the FEN with the reference's;
/// - the engine's moves on the incrementally made position (no-repeat rule off) with the same;
/// - after each move, the engine's FEN with the reference's own make.
///
/// Returns the number of positions compared and the failures.
fn random_game(v: &Arc<kyodai::Game>, game: Game, fen: &str, plies: usize, seed: u64) -> (usize, Vec<String>) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::from_fen(v, fen).expect("start FEN");
    let mut r = RefPos::from_fen(game, fen).expect("reference FEN");
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut buf = Vec::new();
    for ply in 0..=plies {
        let fen_now = pos.to_fen();
        let ref_fen = r.to_fen();
        if fen_now != ref_fen {
            failures.push(format!(
                "MISMATCH after make (seed {seed})\n  engine FEN:    {fen_now}\n  reference FEN: {ref_fen}"
            ));
            break;
        }
        compared += 1;
        if let Some(f) = compare_fen(v, game, &fen_now) {
            failures.push(f);
            break;
        }
        let rmoves = r.legal_moves();
        let rtexts: BTreeSet<String> = rmoves.iter().map(|m| move_text(game, m)).collect();
        legal_moves_with(&mut pos, &mut buf, History::Ignore);
        match texts_of(v, &buf) {
            Err(e) => failures.push(format!("MISMATCH (incremental)\n  FEN: {fen_now}\n  {e}")),
            Ok(es) => {
                if let Some(f) = diff_report(&fen_now, "incrementally made position", &es, &rtexts) {
                    failures.push(f);
                }
            }
        }
        if rmoves.is_empty() || ply == plies {
            break;
        }
        // Choose a move, sorted by text so the game depends on the rules only.
        let mut sorted: Vec<(String, &reference::RMove)> = rmoves.iter().map(|m| (move_text(game, m), m)).collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let sharp: Vec<&(String, &reference::RMove)> =
            sorted.iter().filter(|(_, m)| m.promo.is_some() || !r.captured_squares(m).is_empty()).collect();
        let (text, rm) = if !sharp.is_empty() && rng.below(2) == 0 {
            let k = rng.below(sharp.len());
            (sharp[k].0.clone(), sharp[k].1)
        } else {
            let k = rng.below(sorted.len());
            (sorted[k].0.clone(), sorted[k].1)
        };
        let Some(em) = buf.iter().copied().find(|m| format_move(v, *m) == text) else {
            failures.push(format!("engine lacks the chosen move {text} in {fen_now}"));
            break;
        };
        pos.make(em);
        r = r.make(rm);
    }
    (compared, failures)
}

fn run_random_games(game: Game, starts: &[String], games_per_start: usize, seed0: u64) {
    let v = variant(game);
    let mut failures = Vec::new();
    let mut total = 0;
    let mut seed = seed0;
    for fen in starts {
        for _ in 0..games_per_start {
            seed += 1;
            let plies = 20 + (seed as usize * 37) % 101; // 20..=120
            let (n, f) = random_game(&v, game, fen, plies, seed);
            total += n;
            failures.extend(f);
        }
    }
    eprintln!("{game:?}: random games compared {total} positions");
    assert!(failures.is_empty(), "{} failures in random games:\n{}", failures.len(), failures.join("\n"));
}

// ------------------------------------------------------------------------------------------
// positions

const BIGORRA_START: &str = "(hk)(mm)(sq)(ch)jfo(az)(dw)duj(ch)(sq)(mm)(hk)/cmzvaxlkqghyvzmc/ernb(sh)(sn)(pr)ww(pr)(sn)(sh)bnre/tstststsstststst/pppppppppppppppp/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/TSTSTSTSSTSTSTST/ERNB(SH)(SN)(PR)WW(PR)(SN)(SH)BNRE/CMZVAXLKQGHYVZMC/(HK)(MM)(SQ)(CH)JFO(AZ)(DW)DUJ(CH)(SQ)(MM)(HK) w Kk - 0 1";
const CHU_START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";

/// Bigorra FEN after 10...f10f9 (rules §9.1).
const BIGORRA_PLY20: &str = "(hk)(mm)(sq)(ch)jfo(az)(dw)duj(ch)(sq)(mm)(hk)/cmzvaxlkqghyvzmc/ernb(sh)(sn)(pr)ww(pr)(sn)(sh)bnre/tsts1sts1tststst/ppppp6ppppp/7ps7/6ptp1p5/5p3p6/7P1P6/6T1P1P5/7S2SP4/PPPPPPP5PPPP/TSTSTS2ST1TSTST/ERNB(SH)(SN)(PR)WW(PR)(SN)(SH)BNRE/CMZVAXLKQGHYVZMC/(HK)(MM)(SQ)(CH)JFO(AZ)(DW)DUJ(CH)(SQ)(MM)(HK) w Kk - 0 11";
/// K-4: the position before 169. Kh2-f3 (rules §8).
const BIGORRA_K4: &str = "(hk)(mm)(sq)1j2(az)3j4/cmz1a2k8/ern3(pr)9/1sts5(dw)2z3/pp3(sh)4l1g3/2p2s1s1sm5/6p5(sq)3/5P1pS3u3/2PP2pP3w4/3TP1P9/3SS2S1H1(PR)4/PP1N2(PR)3L(HK)4/1S1(HK)2J2DJ5/ER1(SQ)(SH)2W8/C3A2K8/1(MM)2V2(AZ)8 w Kk - 0 169";
/// The final position of the sample game (rules §9.2): White is checkmated.
const BIGORRA_FINAL: &str = "1(mm)e13/1mzk1j10/7c4j3/1stsn(pr)6z3/pp2(sq)11/2p2(hk)3s6/8r7/3P12/2PT3P1J6/3SP1P9/P3S(HK)1S8/1P1N2(PR)K(az)7/2S4(SQ)8/E5JW8/5R4(AZ)5/1(MM)14 w - - 7 233";

fn bigorra_rule_fens() -> Vec<String> {
    let k1 = "5r9k/16/16/16/16/16/16/16/16/16/16/4p11/16/4K11/r2N12/16 w K - 0 1";
    let e1 = "15k/16/16/16/16/16/3(PR)(pr)S10/16/16/16/16/16/16/16/16/K15 w - e11 0 1";
    let b = "15k/16/16/16/16/16/16/16/7X8/16/16/16/16/16/16/K15 w - - 0 1";
    let mut v: Vec<String> = vec![
        BIGORRA_START.into(),
        // H-1 .. H-3 hoppers
        "16/15k/16/7r8/11b4/16/7P1p6/16/7O1n1N4/6n1P7/5P3p6/7p8/16/16/K15/16 w - - 0 1".into(),
        "15k/16/16/16/16/16/16/4r11/16/4P11/16/1rnNCn1b8/16/16/4p11/K3N11 w - - 0 1".into(),
        "k15/16/16/16/16/16/16/8q7/16/6P9/3p12/4V11/16/2N13/1r14/15K w - - 0 1".into(),
        // T-1 .. T-3 Troll
        "7r8/4p11/5n10/4T11/16/16/1P14/16/15k/16/16/16/16/16/16/K15 w - - 0 1".into(),
        "3n12/4T11/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1".into(),
        "4r2T8/16/16/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1".into(),
        // K-1 .. K-4 King's leap
        k1.into(),
        k1.replace(" w K ", " w - "),
        k1.replace("/4p11/16/4K11/", "/4p11/2n13/4K11/"),
        BIGORRA_K4.into(),
        // E-1 .. E-5 e.p. (E-2 is E-1)
        e1.into(),
        "15k/16/16/16/16/16/4(pr)T10/16/16/16/16/16/16/16/16/K15 w - e11 0 1".into(),
        e1.replace(" e11 ", " - "),
        "15k/16/16/16/16/16/16/16/16/6pP8/16/16/16/16/16/K15 w - g8 0 1".into(),
        // B-1 .. B-5 bent sliders
        b.replace('X', "G"),
        b.replace('X', "U"),
        b.replace('X', "(SH)"),
        b.replace('X', "(SN)"),
        "15k/16/16/16/16/16/16/8p7/7G8/6P9/16/16/16/16/16/K15 w - - 0 1".into(),
        // P-1 .. P-3 promotions, and the position after d14d16
        "16/4n11/3P2(PR)3N5/16/16/16/16/16/15k/16/16/16/16/16/16/K15 w - - 0 1".into(),
        "3Q12/4n11/6(PR)3N5/16/16/16/16/16/15k/16/16/16/16/16/16/K15 b - - 0 1".into(),
        // G-1 stalemate and its variant
        "k15/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1".into(),
        "k15/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1".into(),
        // §9
        BIGORRA_PLY20.into(),
        BIGORRA_FINAL.into(),
    ];
    // The same test positions with colours swapped and the board mirrored vertically, so the
    // second player's geometry (forward = down) is exercised too.
    let mirrored: Vec<String> = v.iter().map(|f| mirror_fen(Game::Bigorra, f)).collect();
    v.extend(mirrored);
    v
}

/// Chu FEN with the test Kings (`K` a2, `k` l11) and the given pieces.
fn chu_fen(pieces: &[(&str, &str)], tail: &str) -> String {
    let mut r = RefPos::from_fen(Game::Chu, "12/11k/12/12/12/12/12/12/12/12/K11/12 w - 1").unwrap();
    for (sq, id) in pieces {
        let s = reference::parse_sq(sq).unwrap();
        let (c, id) = if id.chars().any(|ch| ch.is_ascii_uppercase()) {
            ('w', id.to_string())
        } else {
            ('b', id.to_ascii_uppercase())
        };
        r.set(s, Some((c, id)));
    }
    format!("{} {tail}", r.board_fen())
}

fn chu_rule_fens() -> Vec<String> {
    let c3 = "12/11k/12/12/4p7/4n7/12/4N7/12/12/K11/12 w - 1";
    let mut v: Vec<String> = vec![
        CHU_START.into(),
        chu_fen(&[("f6", "N")], "w - 1"),                                        // C2
        c3.into(),                                                               // C3
        chu_fen(&[("e5", "N"), ("e7", "n")], "w - 1"),                           // C3 without the Pawn
        chu_fen(&[("e5", "N"), ("e7", "n"), ("e1", "r")], "w - 1"),              // C4
        chu_fen(&[("e6", "N"), ("e7", "n"), ("e8", "p")], "w - 1"),              // C5
        chu_fen(&[("e5", "N"), ("e6", "s"), ("e7", "n"), ("e8", "p")], "w - 1"), // C6
        chu_fen(&[("e5", "N"), ("e6", "i"), ("e7", "n"), ("e8", "p")], "w - 1"), // C6 Go-Between
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1".into(),                // C7a
        "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w - 1".into(),                 // C7a without Rule B
        chu_fen(&[("e5", "N"), ("e7", "n"), ("c4", "g")], "w c4 1"),             // C7b
        "12/11k/12/12/12/4n7/4G7/2g9/2N9/12/K11/12 w - 1".into(),                // C7c
        chu_fen(&[("f6", "+H")], "w - 1"),                                       // C8 Falcon
        chu_fen(&[("f6", "+D")], "w - 1"),                                       // C8 Eagle
        chu_fen(&[("e8", "+H"), ("e9", "p"), ("e10", "p")], "w - 1"),            // C8 Falcon captures
        chu_fen(&[("e8", "S")], "w - 1"),                                        // C9
        chu_fen(&[("e9", "S")], "w - 1"),                                        // C10
        chu_fen(&[("e9", "S"), ("d10", "p"), ("e10", "p")], "w - 1"),            // C10 captures
        chu_fen(&[("e9", "S"), ("d8", "p")], "w - 1"),                           // C11
        chu_fen(&[("e11", "P")], "w - 1"),                                       // C12
        chu_fen(&[("e10", "P")], "w - 1"),                                       // C12
        chu_fen(&[("e6", "L")], "w - 1"),                                        // C12 Lance
        "12/11k/12/12/4n7/4G7/4G7/12/12/12/K11/12 w - 1".into(),                 // C14
        chu_fen(&[("f6", "O")], "w - 1"),                                        // C15 Kirin
        chu_fen(&[("f6", "X")], "w - 1"),                                        // C15 Phoenix
        // C16-like: a Crown Prince keeps the first player alive without its King.
        "12/11k/12/12/12/12/12/5+E6/12/12/12/12 w - 1".into(),
        "12/11k/12/12/12/12/12/5+E6/12/12/12/12 b - 1".into(),
    ];
    let mirrored: Vec<String> = v.iter().map(|f| mirror_fen(Game::Chu, f)).collect();
    v.extend(mirrored);
    v
}

/// Swaps the colours, turns the board through 180° (Chu) or mirrors it across the midline
/// (Bigorra, whose setup is a reflection), and gives the move to the other side.
fn mirror_fen(game: Game, fen: &str) -> String {
    let r = RefPos::from_fen(game, fen).unwrap();
    let mut m = r.clone();
    let n = r.n;
    for y in 0..n {
        for x in 0..n {
            let src = match game {
                Game::Bigorra => (x, n - 1 - y),
                Game::Chu => (n - 1 - x, n - 1 - y),
            };
            m.set((x, y), r.at(src).clone().map(|(c, id)| (reference::other(c), id)));
        }
    }
    m.side = reference::other(r.side);
    m.leap = [r.leap[1], r.leap[0]];
    m.ep = r.ep.map(|(x, y)| (x, n - 1 - y));
    m.counter_strike = r.counter_strike.map(|(x, y)| match game {
        Game::Bigorra => (x, n - 1 - y),
        Game::Chu => (n - 1 - x, n - 1 - y),
    });
    m.to_fen()
}

fn sample_game_moves() -> Vec<String> {
    include_str!("bigorra_sample_game.txt")
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .map(|t| t.to_string())
        .collect()
}

/// The positions along the sample game (rules Appendix A), replayed with the reference.
fn sample_game_fens() -> Vec<String> {
    static CACHE: OnceLock<Vec<String>> = OnceLock::new();
    CACHE.get_or_init(replay_sample_game).clone()
}

fn replay_sample_game() -> Vec<String> {
    let mut r = RefPos::from_fen(Game::Bigorra, BIGORRA_START).unwrap();
    let mut fens = vec![r.to_fen()];
    for t in sample_game_moves() {
        let ms = r.legal_moves();
        let m = ms
            .iter()
            .find(|m| move_text(Game::Bigorra, m) == t)
            .unwrap_or_else(|| panic!("reference: sample-game move {t} is not legal in {}", r.to_fen()));
        r = r.make(m);
        fens.push(r.to_fen());
    }
    fens
}

// ------------------------------------------------------------------------------------------
// the reference against the rules files' own numbers

/// Legal moves of the piece on `from` according to the reference.
fn ref_piece_moves(game: Game, fen: &str, from: &str) -> BTreeSet<String> {
    let r = RefPos::from_fen(game, fen).unwrap();
    r.legal_texts()
        .into_iter()
        .filter(|t| t.starts_with(from) && !t[from.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

#[test]
fn reference_reproduces_bigorra_rules_examples() {
    let g = Game::Bigorra;
    let f = bigorra_rule_fens();
    let cases: &[(usize, &str, usize)] = &[
        (1, "h8", 22),
        (2, "e5", 6),
        (3, "e5", 8),
        (4, "e13", 9),
        (5, "e15", 7),
        (6, "h16", 5),
        (7, "e3", 8),
        (8, "e3", 3),
        (9, "e3", 3),
        (10, "h2", 13),
        (11, "f10", 4),
        (11, "d10", 9),
        (12, "f10", 9),
        (13, "f10", 3),
        (14, "h7", 3),
        (15, "h8", 56),
        (16, "h8", 56),
        (17, "h8", 30),
        (18, "h8", 28),
        (19, "h8", 29),
        (20, "d14", 3),
        (20, "g14", 9),
        (20, "k14", 8),
    ];
    for &(i, from, n) in cases {
        let got = ref_piece_moves(g, &f[i], from);
        assert_eq!(got.len(), n, "{from} in {}: {got:?}", f[i]);
    }
    // Specific sets.
    let k1: BTreeSet<String> =
        ["e3e2", "e3d3", "e3e4", "e3d1", "e3e1", "e3c3", "e3c4", "e3d5"].iter().map(|s| s.to_string()).collect();
    assert_eq!(ref_piece_moves(g, &f[7], "e3"), k1);
    assert!(ref_piece_moves(g, &f[11], "f10").contains("f10e11"));
    assert!(!ref_piece_moves(g, &f[12], "f10").contains("f10e11"));
    // P-1: the FEN after d14d16.
    let r = RefPos::from_fen(g, &f[20]).unwrap();
    let m = r.legal_moves().into_iter().find(|m| move_text(g, m) == "d14d16").unwrap();
    assert_eq!(r.make(&m).to_fen(), f[21]);
    // G-1.
    assert_eq!(RefPos::from_fen(g, &f[22]).unwrap().legal_texts().len(), 0);
    assert_eq!(RefPos::from_fen(g, &f[23]).unwrap().legal_texts().into_iter().collect::<Vec<_>>(), vec!["a16b15"]);
    // §7 and §9.1.
    let start = RefPos::from_fen(g, BIGORRA_START).unwrap();
    assert_eq!(start.legal_moves().len(), 52);
    let table: [(&str, usize); 20] = [
        ("b Kk h6 0 1", 52),
        ("w Kk i11 0 2", 54),
        ("b Kk h5 0 2", 54),
        ("w Kk g11 0 3", 62),
        ("b Kk - 1 3", 53),
        ("w Kk - 0 4", 74),
        ("b Kk i6 0 4", 55),
        ("w Kk i12 0 5", 76),
        ("b Kk - 0 5", 61),
        ("w Kk j11 0 6", 78),
        ("b Kk j6 0 6", 60),
        ("w Kk - 1 7", 76),
        ("b Kk - 0 7", 69),
        ("w Kk - 0 8", 76),
        ("b Kk - 0 8", 70),
        ("w Kk k11 0 9", 78),
        ("b Kk k6 0 9", 70),
        ("w Kk f11 0 10", 79),
        ("b Kk k5 0 10", 73),
        ("w Kk - 0 11", 97),
    ];
    let fens = sample_game_fens();
    for (i, (fields, n)) in table.iter().enumerate() {
        let fen = &fens[i + 1];
        assert!(fen.ends_with(fields), "ply {}: {fen} should end with {fields}", i + 1);
        assert_eq!(RefPos::from_fen(g, fen).unwrap().legal_moves().len(), *n, "ply {}: {fen}", i + 1);
    }
    assert_eq!(fens[20], BIGORRA_PLY20);
    assert_eq!(fens[fens.len() - 1], BIGORRA_FINAL);
    let last = RefPos::from_fen(g, BIGORRA_FINAL).unwrap();
    assert!(last.legal_moves().is_empty() && last.bigorra_in_check('w'));
    assert_eq!(fens.len(), 465);
}

#[test]
fn reference_reproduces_chu_rules_examples() {
    let g = Game::Chu;
    let f = chu_rule_fens();
    let cases: &[(usize, &str, usize)] = &[
        (1, "f6", 25),
        (2, "e5", 24),
        (3, "e5", 25),
        (4, "e5", 24),
        (5, "e6", 33),
        (6, "e5", 32),
        (7, "e5", 31),
        (8, "e6", 5),
        (9, "e6", 6),
        (10, "e5", 25),
        (12, "f6", 40),
        (13, "f6", 37),
        (14, "e8", 41),
        (15, "e8", 8),
        (16, "e9", 5),
        (17, "e9", 7),
        (18, "e9", 6),
        (19, "e11", 1),
        (20, "e10", 1),
        (21, "e6", 9),
        (23, "f6", 8),
        (24, "f6", 8),
    ];
    for &(i, from, n) in cases {
        let got = ref_piece_moves(g, &f[i], from);
        assert_eq!(got.len(), n, "{from} in {}: {got:?}", f[i]);
    }
    assert!(!ref_piece_moves(g, &f[2], "e5").contains("e5e7"));
    assert!(ref_piece_moves(g, &f[3], "e5").contains("e5e7"));
    assert!(ref_piece_moves(g, &f[6], "e5").contains("e5e6,e6e7"));
    assert!(!ref_piece_moves(g, &f[7], "e5").contains("e5e6,e6e7"));
    let b = ref_piece_moves(g, &f[10], "e5");
    assert!(b.contains("e5e7") && b.contains("e5c4"));
    let falcon: BTreeSet<String> = ref_piece_moves(g, &f[14], "e8");
    for t in ["e8e9,e9e8", "e8e9", "e8e10", "e8e9,e9e10"] {
        assert!(falcon.contains(t), "{t}");
    }
    assert_eq!(ref_piece_moves(g, &f[19], "e11").into_iter().collect::<Vec<_>>(), vec!["e11e12"]);
    // C7c: after e6e7 the counter-strike is on; the Gold c5 may not retake on c4.
    let r = RefPos::from_fen(g, &f[11]).unwrap();
    let m = r.legal_moves().into_iter().find(|m| move_text(g, m) == "e6e7").unwrap();
    let r2 = r.make(&m);
    assert!(r2.to_fen().contains(" b e7 "), "{}", r2.to_fen());
    let t2 = r2.legal_texts();
    assert!(!t2.contains("c5c4") && t2.contains("c5d4"));
    // C14: the double capture exists for the second player.
    let mut r3 = RefPos::from_fen(g, &f[22]).unwrap();
    r3.side = 'b';
    assert!(r3.legal_texts().contains("e8e7,e7e6"));
    // C16: royals.
    assert!(!RefPos::from_fen(g, &f[25]).unwrap().legal_texts().is_empty());
    let no_royal = RefPos::from_fen(g, "12/11k/12/12/12/12/12/5N6/12/12/12/12 w - 1").unwrap();
    assert!(no_royal.legal_texts().is_empty());
    // C1.
    let start = RefPos::from_fen(g, CHU_START).unwrap();
    assert_eq!(start.perft(1), 36);
    assert_eq!(start.perft(2), 1_296);
}

// ------------------------------------------------------------------------------------------
// engine against reference

/// Positions built for this file (not from the rules files) to reach rarely used rules.
const BIGORRA_PROMOTIONS: &str = "r1n1b1q1r1n1c1vk/1P1S1(PR)1TJ1(SH)1(SN)3/E1W1(MM)1(SQ)2N3Z2/11M2(HK)1/16/16/16/16/16/16/16/16/11m4/1p7n3z2/3s1(pr)1t8/K1R1B1Q3N1C3 w Kk - 0 1";
/// e.p. capture d10e11 would expose the King a10 to the Queen p10 (two squares emptied).
const BIGORRA_EP_PIN: &str = "15k/16/16/16/16/16/K2Pp10q/16/16/16/16/16/16/16/16/16 w - e11 0 1";
/// The double-stepped Pawn e10 gives check; the e.p. capture d10e11 removes the checker.
const BIGORRA_EP_CHECK: &str = "15k/16/16/16/16/16/3Pp11/5K10/16/16/16/16/16/16/16/16 w - e11 0 1";
/// Lions, a promoted Kirin, Horned Falcons, a Soaring Eagle and a Kirin about to promote, in
/// contact. The second form has the counter-strike set (a non-Lion just took a Lion).
const CHU_MELEE: &str = "12/11k/X2npi2+h3/1r3nps4/4PPO3o1/3G3I4/2+H4+O4/4N4+D2/12/2l9/K11/12 w - 1";
const CHU_MELEE_CS: &str = "12/11k/X2npi2+h3/1r3nps4/4PPO3o1/3G3I4/2+H4+O4/4N4+D2/12/2l9/K11/12 b d7 1";
/// Rule A: the Go-Between e6 is the only protector of the Lion e7. The double capture
/// e5e6,e6e7 removes it, so the Lion is unprotected after the move and may be taken
/// (chu-shogi.md §7.1 judges protection after the move), while the jump e5e7 may not.
const CHU_BRIDGE_PROTECTOR: &str = "12/11k/12/12/12/4n7/4i7/4N7/12/12/K11/12 w - 1";
/// A Kirin takes a Lion on entering the zone (with or without promotion); after e7e9+ the new
/// Lion is covered by Rule B: the Gold f10 may not take it.
const CHU_KIRIN_TAKES_LION: &str = "12/11k/5g6/4n7/12/4O7/12/12/12/12/K11/12 w - 1";
const CHU_KIRIN_TAKES_LION_AFTER: &str = "12/11k/5g6/4+O7/12/12/12/12/12/12/K11/12 b e9 1";
/// King's leap e3g4 (middles f3 and f4): the Knight h4 attacks f3; the Archer c1 would attack
/// f4 only by using the King's own origin e3 as its screen. The King is removed from its origin
/// for the test (bigorra.md §3.2), so f4 is safe and the leap is legal. The second form has a
/// White Pawn on the middle square f4, which does not matter.
const BIGORRA_LEAP_ORIGIN_SCREEN: &str = "15k/16/16/16/16/16/16/16/16/16/16/16/7n8/4K11/16/2v13 w K - 0 1";
const BIGORRA_LEAP_ORIGIN_SCREEN_2: &str = "15k/16/16/16/16/16/16/16/16/16/16/16/5P1n8/4K11/16/2v13 w K - 0 1";

fn with_mirrors(game: Game, fens: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = fens.iter().map(|s| s.to_string()).collect();
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

// ------------------------------------------------------------------------------------------
// perft

/// Asserts the engine's perft for each `(depth, count)`; with `reference` also the reference
/// generator's own recursive perft (the second counting method).
fn assert_perft(game: Game, fen: &str, expected: &[(u32, u64)], reference: bool) {
    let v = variant(game);
    let mut pos = Position::from_fen(&v, fen).expect("FEN");
    let r = RefPos::from_fen(game, fen).expect("reference FEN");
    for &(d, n) in expected {
        assert_eq!(perft(&mut pos, d, History::Ignore), n, "engine perft({d}) of {fen}");
        if reference {
            assert_eq!(r.perft(d), n, "reference perft({d}) of {fen}");
        }
    }
}

#[test]
fn chu_start_perft() {
    // 36 / 1,296 / 48,315: chu-shogi.md test C1 (lishogi's shogiops values for depths 1-2,
    // minase's published by-effect counts for depths 1-4; depth 1 also by hand there). The
    // reference generator's own perft gives the same numbers and is run here too.
    assert_perft(Game::Chu, CHU_START, &[(1, 36), (2, 1_296), (3, 48_315)], true);
}

#[test]
fn chu_start_perft_4() {
    // 1,801,639: chu-shogi.md C1 (minase's by-effect count). The engine takes ~0.2 s under the
    // test profile; the reference generator's own perft(4) (~2 s) confirms it.
    assert_perft(Game::Chu, CHU_START, &[(4, 1_801_639)], true);
}

#[test]
fn bigorra_start_perft() {
    // 52 and 2,704 = 52 x 52: bigorra.md §7 (by hand, and an exact argument for depth 2); the
    // reference generator gives the same. 152,932 at depth 3: the engine and the reference
    // generator's own perft(3) (~3.5 s) agree; no outside source.
    assert_perft(Game::Bigorra, BIGORRA_START, &[(1, 52), (2, 2_704), (3, 152_932)], true);
}

#[test]
fn bigorra_midgame_perft_sample_game() {
    // Positions of the book's sample game (Appendix A). Every number: the reference
    // generator's recursive perft, equal to the engine's; both are run here.
    // After 10...f10f9 (§9.1; depth 1 = 97 is also in the §9.1 table).
    assert_perft(Game::Bigorra, BIGORRA_PLY20, &[(1, 97), (2, 7_173)], true);
    // K-4, before 169. Kh2-f3: leap rights for both sides.
    assert_perft(Game::Bigorra, BIGORRA_K4, &[(2, 57_622)], true);
}

#[test]
fn bigorra_midgame_perft_sample_game_2() {
    // As above: reference perft = engine perft, both run here.
    // After 61. ... (ply 121), Black to move.
    let ply121 = "(hk)(mm)(sq)1j1o(az)(dw)duj1(sq)(mm)1/cmzvaxlkqghyvzmc/ern1(sh)(sn)(pr)ww1(sn)(sh)bnre/1sts2fs(pr)t2(ch)2(hk)/ppp12p/4(ch)s1ps4s2/3tp1p1p2t2p1/5p3p1(SH)4/5P1P4TZ2/2T1P1P1P1t1P1P1/3P1S1SS1S5/PPP3(PR)2(PR)F3BP/TS1S7TT1S1/ERN(SQ)(SH)(SN)1WW1(SN)1(SQ)N(MM)E/CMZVAXLKQGHYV1MC/(HK)(MM)2J1O(AZ)(DW)DUJ3(HK) b Kk - 2 61";
    assert_perft(Game::Bigorra, ply121, &[(2, 44_362)], true);
    // Before 101. (ply 200).
    let ply200 = "(hk)(mm)(sq)1j2(az)(dw)dujt(sq)(mm)1/cmzvaxlk1g4m1/ern1(sh)(sn)(pr)3w3re/1sts2fsw2h(ch)3/ppp13/4(ch)s1ps5t1/4p1p1p4nz1/3t1p3p6/3P1P1P8/2T1P1P1PT1SP(SQ)P1/2PS1S1SS7/PP2Z1(PR)1W(PR)2N3/TS10(HK)1S1/ERN(SQ)(SH)(SN)1W6(MM)E/CM1VAJLK1GHY3C/(HK)(MM)5(AZ)(DW)DUJ4 w Kk - 1 101";
    assert_perft(Game::Bigorra, ply200, &[(2, 59_698)], true);
    // Before 221. (ply 440): no leap rights, both Kings exposed; depth 3.
    let ply440 = "(hk)(mm)14/cmz1kj10/er3(pr)6j3/1stsn7z3/pp2(sq)11/2p6s6/9S6/3P12/2PT2(AZ)P8/3SP1P2K4(az)1/4S2S1J6/PP1N2(PR)9/2S(HK)3(SQ)8/ER4JW8/10g5/1(MM)14 w - - 11 221";
    assert_perft(Game::Bigorra, ply440, &[(2, 915), (3, 120_323)], true);
}

#[test]
fn bigorra_rule_positions_perft() {
    // Test positions of bigorra.md §8 and three built here, at depth 3 (depth 2 for the
    // promotion position). Every number: the reference generator's recursive perft, equal to
    // the engine's; both are run here.
    let f = bigorra_rule_fens();
    assert_perft(Game::Bigorra, &f[1], &[(3, 120_326)], true); // H-1 Sorceress
    assert_perft(Game::Bigorra, &f[4], &[(3, 7_014)], true); // T-1 Troll
    assert_perft(Game::Bigorra, &f[7], &[(3, 8_503)], true); // K-1 King's leap
    assert_perft(Game::Bigorra, &f[9], &[(3, 2_079)], true); // K-3 leap out of check
    assert_perft(Game::Bigorra, &f[11], &[(3, 2_653)], true); // E-1 e.p.
    assert_perft(Game::Bigorra, &f[20], &[(3, 6_101)], true); // P-1..P-3 promotions
    assert_perft(Game::Bigorra, BIGORRA_EP_PIN, &[(3, 2_444)], true);
    assert_perft(Game::Bigorra, BIGORRA_EP_CHECK, &[(3, 339)], true);
    assert_perft(Game::Bigorra, BIGORRA_PROMOTIONS, &[(2, 11_124)], true);
}

#[test]
fn bigorra_promotions_perft_3() {
    // 1,700,531: the reference generator's recursive perft(3) (~5 s), equal to the engine's;
    // both are run here. White has one piece of every promoting type of §3.5 near rank 16
    // with captures there; Black has seven near rank 1.
    assert_perft(Game::Bigorra, BIGORRA_PROMOTIONS, &[(3, 1_700_531)], true);
}

#[test]
fn chu_midgame_perft() {
    // Positions after 50 random plies from the start (captures preferred), the Lion melee
    // positions above, and C7a (counter-strike) of chu-shogi.md. Every number: the reference
    // generator's recursive perft, equal to the engine's; both are run here.
    let a = "lfc1ge2gcfl/avs1t1otsb1a/2m1k2dhrvm/p1p4pp1pp/1p4p1iR2/12/12/2P7P1/PPRPPPPP3P/M1V1D1Q3VM/AFBCTOq1DBCA/L2SGKEGS1FL w - 26";
    assert_perft(Game::Chu, a, &[(3, 274_071)], true);
    let b = "lfhseok1scfl/acbgt3gb1a/mv1rd3dr1m/pppp2n2p2/3ip3p1vp/10p1/12/3Ih3IP2/PPPPX1PPP1PP/MVRD4T1VM/ACBGTO2HRFA/LF1S1KEGSCBL w - 26";
    assert_perft(Game::Chu, b, &[(3, 192_241)], true);
    assert_perft(Game::Chu, "12/11k/12/12/12/4n7/4G7/12/2g9/12/K11/12 w c4 1", &[(4, 168_899)], true);
}

#[test]
fn chu_lion_melee_perft() {
    // Reference perft(3) = engine perft(3), both run here (~1 s each for the reference).
    assert_perft(Game::Chu, CHU_MELEE, &[(3, 1_704_145)], true);
    assert_perft(Game::Chu, CHU_MELEE_CS, &[(3, 1_584_243)], true);
}
