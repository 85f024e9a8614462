//! Helpers shared by the perft tests: comparing the engine with the reference generator, random
//! games, and the positions compared.

use super::reference::{self, move_text, Game, RefPos};
use kyodai::notation::format_move;
use kyodai::rules::legality::{legal_move_list, legal_moves_with, History};
use kyodai::Position;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Chu positions the engine's FEN reader refuses because a side has no royal (see
/// [`compare_fen`]).
pub static ROYAL_LESS_SKIPPED: AtomicUsize = AtomicUsize::new(0);

pub fn variant(game: Game) -> Arc<kyodai::Game> {
    kyodai::Game::builtin(match game {
        Game::Bigorra => "bigorra",
        Game::Chu => "chu",
    })
    .expect("built-in variant")
}

/// The engine's legal moves as texts; duplicate texts are reported as an error (move identity
/// requires one move per effect).
pub fn engine_texts(v: &Arc<kyodai::Game>, pos: &mut Position) -> Result<BTreeSet<String>, String> {
    let list = legal_move_list(pos);
    texts_of(v, &list)
}

pub fn texts_of(v: &Arc<kyodai::Game>, list: &[kyodai::Move]) -> Result<BTreeSet<String>, String> {
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

pub fn diff_report(fen: &str, what: &str, engine: &BTreeSet<String>, reference: &BTreeSet<String>) -> Option<String> {
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
/// the rules' FEN section (docs/rules/chu.md §11) does not list that as a reason to reject, but it is
/// a reader policy, not a move-generation question. Such positions are counted in
/// [`ROYAL_LESS_SKIPPED`] and compared through the incrementally made position only.
pub fn compare_fen(v: &Arc<kyodai::Game>, game: Game, fen: &str) -> Option<String> {
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
pub fn compare_makes(v: &Arc<kyodai::Game>, game: Game, fen: &str) -> Vec<String> {
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
pub fn fen_normal(v: &Arc<kyodai::Game>, fen: &str) -> String {
    Position::from_fen(v, fen).map(|p| p.to_fen()).unwrap_or_default()
}

pub fn check_all(game: Game, fens: &[String]) {
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
pub struct Rng(u64);

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
pub fn random_game(v: &Arc<kyodai::Game>, game: Game, fen: &str, plies: usize, seed: u64) -> (usize, Vec<String>) {
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

pub fn run_random_games(game: Game, starts: &[String], games_per_start: usize, seed0: u64) {
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

pub const BIGORRA_START: &str = "(hk)(mm)(sq)(ch)jfo(az)(dw)duj(ch)(sq)(mm)(hk)/cmzvaxlkqghyvzmc/ernb(sh)(sn)(pr)ww(pr)(sn)(sh)bnre/tstststsstststst/pppppppppppppppp/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/TSTSTSTSSTSTSTST/ERNB(SH)(SN)(PR)WW(PR)(SN)(SH)BNRE/CMZVAXLKQGHYVZMC/(HK)(MM)(SQ)(CH)JFO(AZ)(DW)DUJ(CH)(SQ)(MM)(HK) w Kk - 0 1";
pub const CHU_START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 1";

/// Bigorra FEN after 10...f10f9 (rules §9.1).
pub const BIGORRA_PLY20: &str = "(hk)(mm)(sq)(ch)jfo(az)(dw)duj(ch)(sq)(mm)(hk)/cmzvaxlkqghyvzmc/ernb(sh)(sn)(pr)ww(pr)(sn)(sh)bnre/tsts1sts1tststst/ppppp6ppppp/7ps7/6ptp1p5/5p3p6/7P1P6/6T1P1P5/7S2SP4/PPPPPPP5PPPP/TSTSTS2ST1TSTST/ERNB(SH)(SN)(PR)WW(PR)(SN)(SH)BNRE/CMZVAXLKQGHYVZMC/(HK)(MM)(SQ)(CH)JFO(AZ)(DW)DUJ(CH)(SQ)(MM)(HK) w Kk - 0 11";
/// K-4: the position before 169. Kh2-f3 (rules §8).
pub const BIGORRA_K4: &str = "(hk)(mm)(sq)1j2(az)3j4/cmz1a2k8/ern3(pr)9/1sts5(dw)2z3/pp3(sh)4l1g3/2p2s1s1sm5/6p5(sq)3/5P1pS3u3/2PP2pP3w4/3TP1P9/3SS2S1H1(PR)4/PP1N2(PR)3L(HK)4/1S1(HK)2J2DJ5/ER1(SQ)(SH)2W8/C3A2K8/1(MM)2V2(AZ)8 w Kk - 0 169";
/// The final position of the sample game (rules §9.2): White is checkmated.
pub const BIGORRA_FINAL: &str = "1(mm)e13/1mzk1j10/7c4j3/1stsn(pr)6z3/pp2(sq)11/2p2(hk)3s6/8r7/3P12/2PT3P1J6/3SP1P9/P3S(HK)1S8/1P1N2(PR)K(az)7/2S4(SQ)8/E5JW8/5R4(AZ)5/1(MM)14 w - - 7 233";

pub fn bigorra_rule_fens() -> Vec<String> {
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
pub fn chu_fen(pieces: &[(&str, &str)], tail: &str) -> String {
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

pub fn chu_rule_fens() -> Vec<String> {
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
pub fn mirror_fen(game: Game, fen: &str) -> String {
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

pub fn sample_game_moves() -> Vec<String> {
    include_str!("bigorra_sample_game.txt")
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .map(ToString::to_string)
        .collect()
}

/// The positions along the sample game (rules Appendix A), replayed with the reference.
pub fn sample_game_fens() -> Vec<String> {
    static CACHE: OnceLock<Vec<String>> = OnceLock::new();
    CACHE.get_or_init(replay_sample_game).clone()
}

pub fn replay_sample_game() -> Vec<String> {
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
