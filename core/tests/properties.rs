//! Property tests of the rules core, run over random games of every built-in game
//! (`Variant::builtin_names()`), so a newly added game is covered without editing this file.
//!
//! A random game is a list of steps `(mode, index)`: at each position the legal moves are
//! listed and the step picks `legal[index % len]`, or, depending on `mode` and when there are
//! such moves, one of the captures (so captures, lion double moves and royal captures happen
//! often) or of the promotions / forward moves (so pieces reach the promotion zone and pawns
//! meet for en passant); see [`pick`]. The game stops early when there is no legal move.
//! Proptest shrinks a failing list to a short game, and every failure message gives the game,
//! the moves played, the FEN of the position, the move text and what differs.
//!
//! Properties (each checked separately for every built-in game):
//! 1. `make` then `unmake` restores the position exactly (`==`, plus the rev-ply counter and
//!    `debug_check`), for every pseudo-legal move of every visited position (a superset of the
//!    legal moves, which is asserted).
//! 2. After every `make` (of the game's moves and of every tried move), `debug_check()` is Ok.
//! 3. `parse_move(format_move(m)) == m` for every legal move; distinct legal moves have
//!    distinct texts and no legal move is listed twice.
//! 4. FEN round trip: same FEN, same hash, same legal moves (ignoring the history-dependent
//!    no-repeat rule) for every visited position where both sides still have a royal.
//! 5. Hash sensitivity: two positions met in one game (visited, or one legal move away) with
//!    different boards or sides to move have different hashes.
//! 6. Legality consistency: in check games no legal move leaves the mover's royal attacked (and,
//!    where check is the only filter, every rejected pseudo-legal move does); in every game each
//!    legal move changes the board or is a pass, and a pass changes nothing but the side.
//!
//! Plus deterministic smoke tests: fixed-seed 200-ply games of every game, with `outcome` at
//! every position.
//!
//! `PROPTEST_CASES` overrides the number of cases per game and property. Games on boards of
//! more than 400 squares (Tai Shogi) get a quarter of the cases and half the plies.

#[path = "../../engine-tests/support/common.rs"]
mod common;

use kyodai_core::moves::MoveKind;
use kyodai_core::notation::{format_move, parse_move};
use kyodai_core::rules::legality::{
    in_check, legal_move_list, legal_moves_with, material_decided, royal_lost, History,
};
use kyodai_core::rules::outcome::outcome;
use kyodai_core::variant::{Legality, Repetition};
use kyodai_core::{movegen, Game, Move, Position, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// One ply of a random game: which kind of move to prefer (see [`pick`]), and which move.
type Step = (u8, u16);

const DEFAULT_CASES: u32 = 64;
/// Longest random game, in plies, for the properties that try every move of every position
/// (parsing a move lists the legal moves again, so the text property is quadratic).
const MAX_PLIES: usize = 100;
/// Longest random game for the cheaper properties.
const LONG_PLIES: usize = 160;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn steps_strategy(max_plies: usize) -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec((0u8..10, any::<u16>()), 0..=max_plies)
}

/// Captures in the broad sense of the generator (conversions, sweeps, long leaps, approach
/// runs included), so random games exercise them often.
fn is_capture(pos: &Position, m: Move) -> bool {
    movegen::is_capture(pos, m)
}

/// How far `sq` is from the owner's first rank, for the side to move.
fn depth(pos: &Position, sq: kyodai_core::Square) -> i32 {
    let shape = &pos.game().shape;
    let r = shape.rank_of(sq);
    if pos.side().forward() > 0 {
        r
    } else {
        shape.ranks as i32 - 1 - r
    }
}

/// The move a step chooses: mode 0-4 any legal move; 5-7 a capture; 8-9 a promotion, else a
/// forward move, among the ones that end deepest in the enemy camp for mode 9 (so pieces reach
/// the promotion zone and pawns meet for en passant). Falls back to any legal move.
fn pick(pos: &Position, legal: &[Move], (mode, index): Step) -> Move {
    let mut preferred: Vec<Move> = match mode {
        0..=4 => Vec::new(),
        5..=7 => legal.iter().copied().filter(|&m| is_capture(pos, m)).collect(),
        _ => legal.iter().copied().filter(|&m| m.promotion().is_some()).collect(),
    };
    if mode >= 8 && preferred.is_empty() {
        preferred = legal.iter().copied().filter(|&m| depth(pos, m.to) > depth(pos, m.from)).collect();
        if mode == 9 {
            let deepest = preferred.iter().map(|&m| depth(pos, m.to)).max().unwrap_or(0);
            preferred.retain(|&m| depth(pos, m.to) == deepest);
        }
    }
    if preferred.is_empty() {
        legal[index as usize % legal.len()]
    } else {
        preferred[index as usize % preferred.len()]
    }
}

/// What a visitor sees at each position of a random game.
struct Visit<'a> {
    v: &'a Arc<Game>,
    pos: &'a mut Position,
    legal: &'a [Move],
    /// Texts of the moves played from the start position.
    line: &'a [String],
}

impl Visit<'_> {
    /// "game, moves from the start, FEN": where a failure happened.
    fn at(&self) -> String {
        format!(
            "{} after {} plies [{}]\n  FEN: {}",
            self.v.name,
            self.line.len(),
            self.line.join(" "),
            self.pos.to_fen()
        )
    }
    fn text(&self, m: Move) -> String {
        format_move(self.v, m)
    }
    fn fail<T>(&self, what: String) -> Result<T, TestCaseError> {
        Err(TestCaseError::fail(format!("{what}\n  at {}", self.at())))
    }
}

/// Plays the random game `steps` from the start position, calling `visit` at every position
/// (including the last). Checks `debug_check` after every move played.
fn play(
    v: &Arc<Game>,
    steps: &[Step],
    mut visit: impl FnMut(&mut Visit) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut pos = Position::start(v);
    let mut line: Vec<String> = Vec::new();
    let mut ply = 0;
    loop {
        let legal = legal_move_list(&mut pos);
        visit(&mut Visit { v, pos: &mut pos, legal: &legal, line: &line })?;
        if legal.is_empty() || ply == steps.len() {
            return Ok(());
        }
        let m = pick(&pos, &legal, steps[ply]);
        let text = format_move(v, m);
        let before = pos.to_fen();
        pos.make(m);
        if let Err(e) = pos.debug_check() {
            return Err(TestCaseError::fail(format!(
                "debug_check failed after playing {text}: {e}\n  at {} after [{}]\n  FEN before: {before}\n  FEN after: {}",
                v.name,
                line.join(" "),
                pos.to_fen()
            )));
        }
        line.push(text);
        ply += 1;
    }
}

/// The moves a step list plays (for failure reports); stops at a panic.
fn replay_line(v: &Arc<Game>, steps: &[Step]) -> String {
    let mut line = Vec::new();
    let _ = catch_unwind(AssertUnwindSafe(|| {
        let mut pos = Position::start(v);
        for &s in steps {
            let legal = legal_move_list(&mut pos);
            if legal.is_empty() {
                break;
            }
            let m = pick(&pos, &legal, s);
            line.push(format_move(v, m));
            pos.make(m);
        }
    }));
    line.join(" ")
}

/// Runs `property` on random games of every built-in game; panics with every game's minimal
/// failing game if any fails.
fn check_all_games(
    name: &str,
    default_cases: u32,
    max_plies: usize,
    property: impl Fn(&Arc<Game>, &[Step]) -> Result<(), TestCaseError>,
) {
    let mut failures = Vec::new();
    for game in Variant::builtin_names() {
        let v = Game::builtin(game).unwrap_or_else(|e| panic!("built-in game {game}: {e}"));
        // Tai Shogi's positions are big (625 squares, about 300 moves each): fewer, shorter
        // games keep the suite quick while still reaching captures and promotions.
        let big = v.shape.num_squares() > 400;
        let (game_cases, game_plies) =
            if big { ((default_cases / 4).max(4), max_plies / 2) } else { (default_cases, max_plies) };
        let config = Config {
            cases: cases(game_cases),
            failure_persistence: None,
            max_shrink_time: 120_000,
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        match runner.run(&steps_strategy(game_plies), |steps| property(&v, &steps)) {
            Ok(()) => {}
            Err(TestError::Fail(reason, steps)) => failures.push(format!(
                "[{game}] {name} fails.\n  minimal game ({} steps): {}\n  steps: {steps:?}\n  {reason}",
                steps.len(),
                replay_line(&v, &steps)
            )),
            Err(TestError::Abort(reason)) => failures.push(format!("[{game}] {name} aborted: {reason}")),
        }
    }
    if !failures.is_empty() {
        panic!("{}", failures.join("\n\n"));
    }
}

fn board_cells(pos: &Position) -> Vec<kyodai_core::cell::Cell> {
    pos.game().shape.squares().map(|sq| pos.cell(sq)).collect()
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}

fn texts(v: &Game, moves: &[Move]) -> String {
    moves.iter().map(|&m| format_move(v, m)).collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------------------
// Properties 1 and 2: make / unmake
// ---------------------------------------------------------------------------------------------

/// Makes and unmakes `m`, checking `debug_check` after the make and exact restoration after the
/// unmake.
fn check_make_unmake(ctx: &mut Visit, m: Move, kind: &str) -> Result<(), TestCaseError> {
    let before = ctx.pos.clone();
    let undo = ctx.pos.make(m);
    if let Err(e) = ctx.pos.debug_check() {
        let after = ctx.pos.to_fen();
        ctx.pos.unmake(m, undo);
        return ctx.fail(format!("debug_check failed after {kind} move {}: {e}; FEN after: {after}", ctx.text(m)));
    }
    let after = ctx.pos.to_fen();
    ctx.pos.unmake(m, undo);
    if *ctx.pos != before || ctx.pos.rev_plies() != before.rev_plies() {
        let what = format!(
            "make/unmake of {kind} move {} ({m:?}) does not restore the position\n  FEN after make: {after}\n  \
             FEN after unmake: {}\n  hash {:016x} -> {:016x}, rev plies {} -> {}, history {} -> {}",
            ctx.text(m),
            ctx.pos.to_fen(),
            before.hash(),
            ctx.pos.hash(),
            before.rev_plies(),
            ctx.pos.rev_plies(),
            before.history_len(),
            ctx.pos.history_len()
        );
        *ctx.pos = before;
        return ctx.fail(what);
    }
    if let Err(e) = ctx.pos.debug_check() {
        *ctx.pos = before;
        return ctx.fail(format!("debug_check failed after make/unmake of {kind} move {}: {e}", ctx.text(m)));
    }
    Ok(())
}

#[test]
fn make_unmake_restores_every_move() {
    check_all_games("make/unmake of every move", DEFAULT_CASES, MAX_PLIES, |v, steps| {
        play(v, steps, |ctx| {
            let mut pseudo = Vec::new();
            movegen::generate(ctx.pos, &mut pseudo);
            let pseudo_set: HashSet<Move> = pseudo.iter().copied().collect();
            for &m in ctx.legal {
                // The King's succession (Timurid) is a rule of the legality layer, offered only
                // to a side that would be mated: rules::succession adds it, not the generator.
                if m.kind == MoveKind::Succession {
                    continue;
                }
                if !pseudo_set.contains(&m) {
                    return ctx.fail(format!("legal move {} is not generated by movegen::generate", ctx.text(m)));
                }
                check_make_unmake(ctx, m, "legal")?;
            }
            let legal_set: HashSet<Move> = ctx.legal.iter().copied().collect();
            for &m in &pseudo {
                if !legal_set.contains(&m) {
                    check_make_unmake(ctx, m, "pseudo-legal")?;
                }
            }
            Ok(())
        })
    });
}

/// Property 2 on longer games: `debug_check` after every move played (checked by `play`) and
/// after every legal reply.
#[test]
fn debug_check_after_every_make() {
    check_all_games("debug_check after make", DEFAULT_CASES, 200, |v, steps| {
        play(v, steps, |ctx| {
            if let Err(e) = ctx.pos.debug_check() {
                return ctx.fail(format!("debug_check failed: {e}"));
            }
            for &m in ctx.legal {
                let undo = ctx.pos.make(m);
                let r = ctx.pos.debug_check();
                ctx.pos.unmake(m, undo);
                if let Err(e) = r {
                    return ctx.fail(format!("debug_check failed after {}: {e}", ctx.text(m)));
                }
            }
            Ok(())
        })
    });
}

// ---------------------------------------------------------------------------------------------
// Property 3: move text
// ---------------------------------------------------------------------------------------------

#[test]
fn move_text_round_trips() {
    check_all_games("format/parse round trip", DEFAULT_CASES, MAX_PLIES, |v, steps| {
        play(v, steps, |ctx| {
            let mut seen_moves: HashSet<Move> = HashSet::new();
            let mut seen_texts: HashMap<String, Move> = HashMap::new();
            for &m in ctx.legal {
                if !seen_moves.insert(m) {
                    return ctx.fail(format!("legal move {} ({m:?}) is listed twice", ctx.text(m)));
                }
                let text = ctx.text(m);
                if let Some(&other) = seen_texts.get(&text) {
                    return ctx.fail(format!("distinct legal moves {other:?} and {m:?} are both written {text}"));
                }
                seen_texts.insert(text.clone(), m);
                let before = ctx.pos.clone();
                let parsed = parse_move(ctx.pos, &text);
                if *ctx.pos != before {
                    *ctx.pos = before;
                    return ctx.fail(format!("parse_move({text}) changed the position"));
                }
                match parsed {
                    Ok(p) if p == m => {}
                    Ok(p) => {
                        return ctx.fail(format!(
                            "parse_move(\"{text}\") gives {} ({p:?}), not the legal move {m:?}",
                            ctx.text(p)
                        ))
                    }
                    Err(e) => return ctx.fail(format!("parse_move(\"{text}\") fails for legal move {m:?}: {e}")),
                }
            }
            Ok(())
        })
    });
}

// ---------------------------------------------------------------------------------------------
// Property 4: FEN round trip
// ---------------------------------------------------------------------------------------------

#[test]
fn fen_round_trips() {
    check_all_games("FEN round trip", DEFAULT_CASES, LONG_PLIES, |v, steps| {
        play(v, steps, |ctx| {
            if royal_lost(ctx.pos) {
                return Ok(());
            }
            let fen = ctx.pos.to_fen();
            let mut copy = match Position::from_fen(v, &fen) {
                Ok(p) => p,
                Err(e) => return ctx.fail(format!("from_fen(to_fen()) fails: {e}")),
            };
            if copy.to_fen() != fen {
                return ctx.fail(format!("to_fen differs after the round trip: {}", copy.to_fen()));
            }
            if copy.hash() != ctx.pos.hash() {
                return ctx.fail(format!(
                    "hash differs after the FEN round trip: {:016x} (game) vs {:016x} (from FEN)",
                    ctx.pos.hash(),
                    copy.hash()
                ));
            }
            if let Err(e) = copy.debug_check() {
                return ctx.fail(format!("debug_check of the position read back from the FEN fails: {e}"));
            }
            let mut a = Vec::new();
            let mut b = Vec::new();
            legal_moves_with(ctx.pos, &mut a, History::Ignore);
            legal_moves_with(&mut copy, &mut b, History::Ignore);
            let (a, b) = (sorted(a), sorted(b));
            if a != b {
                let only_game: Vec<Move> = a.iter().copied().filter(|m| !b.contains(m)).collect();
                let only_fen: Vec<Move> = b.iter().copied().filter(|m| !a.contains(m)).collect();
                return ctx.fail(format!(
                    "legal moves (no-repeat rule aside) differ after the FEN round trip: only in the game: [{}]; \
                     only from the FEN: [{}]",
                    texts(v, &only_game),
                    texts(v, &only_fen)
                ));
            }
            Ok(())
        })
    });
}

// ---------------------------------------------------------------------------------------------
// Property 5: hash sensitivity
// ---------------------------------------------------------------------------------------------

#[test]
fn hash_distinguishes_positions() {
    check_all_games("hash sensitivity", DEFAULT_CASES, LONG_PLIES, |v, steps| {
        // Every position met: the visited ones, and each one legal move away from them.
        // (FEN and game line of each visited position, for the failure message.)
        let mut visited: Vec<String> = Vec::new();
        // hash -> (board, side, visited index, move from there)
        let mut seen: HashMap<u64, (Vec<kyodai_core::cell::Cell>, kyodai_core::Color, usize, Option<Move>)> =
            HashMap::new();
        let describe = |visited: &[String], i: usize, m: Option<Move>| -> String {
            let at = &visited[i];
            match m {
                None => format!("visited position {at}"),
                Some(m) => {
                    let fen = at.rsplit("FEN: ").next().unwrap();
                    let mut p = Position::from_fen(v, fen).unwrap();
                    p.make(m);
                    format!(
                        "{}
    (reached by {} from visited position {at})",
                        p.to_fen(),
                        format_move(v, m)
                    )
                }
            }
        };
        let mut failure = None;
        play(v, steps, |ctx| {
            visited.push(ctx.at());
            let i = visited.len() - 1;
            let mut met = vec![(ctx.pos.hash(), board_cells(ctx.pos), ctx.pos.side(), None)];
            for &m in ctx.legal {
                let undo = ctx.pos.make(m);
                met.push((ctx.pos.hash(), board_cells(ctx.pos), ctx.pos.side(), Some(m)));
                ctx.pos.unmake(m, undo);
            }
            for (h, board, side, m) in met {
                match seen.get(&h) {
                    Some((b0, s0, i0, m0)) if *b0 != board || *s0 != side => {
                        failure = Some((h, *i0, *m0, i, m));
                        return Err(TestCaseError::fail("hash collision"));
                    }
                    Some(_) => {}
                    None => {
                        seen.insert(h, (board, side, i, m));
                    }
                }
            }
            Ok(())
        })
        .map_err(|e| match failure {
            Some((h, i0, m0, i1, m1)) => TestCaseError::fail(format!(
                "hash {h:016x} is shared by positions with different boards or sides to move:\n  {}\n  {}",
                describe(&visited, i0, m0),
                describe(&visited, i1, m1)
            )),
            None => e,
        })
    });
}

// ---------------------------------------------------------------------------------------------
// Property 6: legality consistency
// ---------------------------------------------------------------------------------------------

#[test]
fn legal_moves_are_consistent() {
    check_all_games("legality consistency", DEFAULT_CASES, LONG_PLIES, |v, steps| {
        let check_game = v.rules.legality == Legality::Check;
        // Where royal safety is the only legality filter (no lion-capture rules, repetition only
        // draws), the legal moves are exactly the pseudo-legal moves that leave the mover's
        // royal unattacked, unless the game is already decided by material.
        let check_only = check_game && !v.rules.lion_capture_rules && v.rules.repetition == Repetition::DrawThird;
        play(v, steps, |ctx| {
            let check_only = check_only && !material_decided(ctx.pos);
            let us = ctx.pos.side();
            let legal: HashSet<Move> = ctx.legal.iter().copied().collect();
            let mut pseudo = Vec::new();
            movegen::generate(ctx.pos, &mut pseudo);
            for &m in &pseudo {
                let is_legal = legal.contains(&m);
                if !is_legal && !check_only {
                    continue;
                }
                let board = board_cells(ctx.pos);
                // Typhoon: a Hummingbird may swap with an identical friendly Hummingbird, a
                // real move (section 5.4) that leaves the board as it was.
                let same_swap =
                    m.kind == kyodai_core::moves::MoveKind::Swap && ctx.pos.piece_at(m.from) == ctx.pos.piece_at(m.to);
                let undo = ctx.pos.make(m);
                let attacked = in_check(ctx.pos, us);
                let changed = board_cells(ctx.pos) != board;
                ctx.pos.unmake(m, undo);
                if check_game && is_legal && attacked {
                    return ctx.fail(format!("legal move {} leaves the {} royal attacked", ctx.text(m), us.name()));
                }
                if check_only && !is_legal && !attacked {
                    return ctx.fail(format!(
                        "pseudo-legal move {} leaves the {} royal safe but is not listed as legal",
                        ctx.text(m),
                        us.name()
                    ));
                }
                if is_legal && !changed && !m.is_pass() && !same_swap {
                    return ctx.fail(format!(
                        "legal move {} ({m:?}) is not a pass but leaves the board unchanged",
                        ctx.text(m)
                    ));
                }
                if is_legal && changed && m.is_pass() {
                    return ctx.fail(format!("pass {} ({m:?}) changes the board", ctx.text(m)));
                }
            }
            Ok(())
        })
    });
}

// ---------------------------------------------------------------------------------------------
// Deterministic smoke tests
// ---------------------------------------------------------------------------------------------

/// SplitMix64, for fixed-seed games independent of proptest.
use common::SplitMix as Rng;

/// Plays a 200-ply random game with `seed`, calling `outcome` at every position. Returns the
/// number of plies played and the final outcome text.
fn smoke_game(v: &Arc<Game>, seed: u64) -> (usize, String) {
    let mut rng = Rng(seed);
    let mut pos = Position::start(v);
    let mut line: Vec<String> = Vec::new();
    for ply in 0..=200 {
        let before = pos.clone();
        let result = outcome(&pos);
        assert!(pos == before, "{}: outcome changed the position at {}", v.name, pos.to_fen());
        let legal = legal_move_list(&mut pos);
        if legal.is_empty() {
            assert!(
                result.is_some(),
                "{}: no legal move but no outcome at {} after [{}]",
                v.name,
                pos.to_fen(),
                line.join(" ")
            );
            return (ply, result.unwrap().to_string());
        }
        if ply == 200 {
            return (ply, result.map_or_else(|| "unfinished".into(), |o| o.to_string()));
        }
        let r = rng.next();
        let step = ((r % 10) as u8, (r >> 16) as u16);
        let m = pick(&pos, &legal, step);
        line.push(format_move(v, m));
        pos.make(m);
        if let Err(e) = pos.debug_check() {
            panic!("{}: debug_check after [{}]: {e}", v.name, line.join(" "));
        }
    }
    unreachable!()
}

#[test]
fn builtin_games_are_listed_and_load() {
    let names = Variant::builtin_names();
    for expected in ["bigorra", "chu"] {
        assert!(names.contains(&expected), "{expected} missing from {names:?}");
    }
    for name in names {
        let v = Game::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut pos = Position::start(&v);
        pos.debug_check().unwrap_or_else(|e| panic!("{name} start position: {e}"));
        assert_eq!(Position::from_fen(&v, &pos.to_fen()).unwrap().to_fen(), pos.to_fen());
        assert!(!legal_move_list(&mut pos).is_empty(), "{name}: no legal move at the start");
        assert!(outcome(&pos).is_none(), "{name}: the start position is already decided");
    }
}

#[test]
fn smoke_fixed_seed_games_with_outcome() {
    for name in Variant::builtin_names() {
        let v = Game::builtin(name).unwrap();
        for seed in 1..=16u64 {
            let (plies, result) = smoke_game(&v, seed);
            eprintln!("{name} seed {seed}: {plies} plies, {result}");
        }
    }
}

/// `generate_captures` (the quiescence search's generator) yields exactly the captures among
/// the moves of `generate`, and `generate_quiets` (the search's quiet stage) exactly the other
/// moves in `generate`'s order, in random positions of every game.
#[test]
fn capture_and_quiet_generators_match_filtered_generate() {
    use kyodai_core::movegen::{generate, generate_captures, generate_quiets, is_capture};
    for name in Variant::builtin_names() {
        let v = Game::builtin(name).unwrap();
        for game in 0..8u64 {
            let mut pos = Position::start(&v);
            let mut seed = 0x1234_5678_9ABC_DEF0u64 ^ (game << 7);
            for _ply in 0..120 {
                let mut all = Vec::new();
                generate(&pos, &mut all);
                let mut want: Vec<_> = all.iter().copied().filter(|&m| is_capture(&pos, m)).collect();
                let mut got = Vec::new();
                generate_captures(&pos, &mut got);
                want.sort();
                got.sort();
                assert_eq!(got, want, "{name}: {}", pos.to_fen());
                let quiet: Vec<_> = all.iter().copied().filter(|&m| !is_capture(&pos, m)).collect();
                let mut got = Vec::new();
                generate_quiets(&pos, &mut got);
                assert_eq!(got, quiet, "{name}, the quiet moves: {}", pos.to_fen());
                let legal = legal_move_list(&mut pos);
                if legal.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Prefer captures half of the time, so positions get sparse.
                let caps: Vec<_> = legal.iter().copied().filter(|&m| is_capture(&pos, m)).collect();
                let m = if seed.is_multiple_of(2) && !caps.is_empty() {
                    caps[(seed >> 8) as usize % caps.len()]
                } else {
                    legal[(seed >> 8) as usize % legal.len()]
                };
                pos.make(m);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Typhoon: random games from positions crowded with power pieces
// ---------------------------------------------------------------------------------------------

/// Start positions where conversions, swaps, sweeps, long leaps, approach and withdrawal
/// captures, hops, shots, passes, relays and freezing occur at once (games from the standard
/// start position reach them rarely).
const TYPHOON_POWER_FENS: [&str; 3] = [
    "(lo)1(ee)2(ty)k1(so)2(pa)/2(ra)(im)1p1(der)(cu)2(ha)/3p2p2p2/2(ho)5(do)3/12/4p2P4/3(MI)4(CI)3/\
     1(IM)1(SO)2(CU)1(HU)3/2P3P1P3/(DER)2(TY)1(EE)2(LO)1(HA)1/(PA)2(UN)2K1(OV)1(RA)1/12 w",
    "11k/1(hu)(cu)(un)(ov)4(so)2/2p1p2p1p2/3(LO)1(TY)2(MI)3/12/2(im)2p2p3/2(HU)1(CU)3(RA)3/12/\
     3(lo)(ty)2(pa)(zi)3/2(ZA)(DER)2(UN)(IM)4/1(OV)2(SO)2(HO)4/K11 b",
    "(ee)10k/p1p1p1p1p1p1/1(LO)3(TY)3(SO)2/12/1(MI)2(HU)2(CU)4/(der)(im)2(ha)2(do)4/12/\
     (RA)1(PA)2(DER)(IM)4(HA)/P1P1P1P1P1P1/(UN)1(OV)1(ZA)1(ZI)1(CI)3/12/K10(EE) w",
];

/// Every legal move of every position of the game: make restores exactly by unmake (conversions,
/// swaps and multi-captures included), the incremental hash equals a recomputation, the FEN
/// after the move reads back to the same position and hash, and both move texts parse back.
#[test]
fn typhoon_power_positions_make_unmake_hash_text_fen() {
    let v = Game::builtin("typhoon").unwrap();
    let config = Config { cases: cases(24), failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let strategy = (0usize..TYPHOON_POWER_FENS.len(), steps_strategy(40));
    let result = runner.run(&strategy, |(which, steps)| {
        let mut pos = Position::from_fen(&v, TYPHOON_POWER_FENS[which]).unwrap();
        let mut line: Vec<String> = Vec::new();
        for ply in 0..=steps.len() {
            let legal = legal_move_list(&mut pos);
            let at = format!("{} after [{}]", pos.to_fen(), line.join(" "));
            for &m in &legal {
                let text = format_move(&v, m);
                let explicit = kyodai_core::notation::format_explicit_at(&pos, m);
                let before = pos.clone();
                let undo = pos.make(m);
                if let Err(e) = pos.debug_check() {
                    return Err(TestCaseError::fail(format!("{text}: {e} at {}", before.to_fen())));
                }
                let fen = pos.to_fen();
                let back = Position::from_fen(&v, &fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
                if back.to_fen() != fen || back.hash() != pos.hash() {
                    return Err(TestCaseError::fail(format!("FEN round trip after {text}: {fen}")));
                }
                pos.unmake(m, undo);
                if pos != before {
                    return Err(TestCaseError::fail(format!("make/unmake of {text} ({m:?}) at {at}")));
                }
                for t in [&text, &explicit] {
                    match parse_move(&mut pos, t) {
                        Ok(p) if p == m => {}
                        other => {
                            return Err(TestCaseError::fail(format!("{t} parses as {other:?}, not {m:?} at {at}")))
                        }
                    }
                }
            }
            if legal.is_empty() || ply == steps.len() {
                break;
            }
            let m = pick(&pos, &legal, steps[ply]);
            line.push(format_move(&v, m));
            pos.make(m);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The power positions above really contain every Typhoon move kind, so the property test
/// exercises them.
#[test]
fn typhoon_power_positions_cover_every_move_kind() {
    let v = Game::builtin("typhoon").unwrap();
    let mut kinds = HashSet::new();
    let mut hops = false;
    for fen in TYPHOON_POWER_FENS {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        let mut moves = legal_move_list(&mut pos);
        // The other side's moves too.
        let other = fen.replace(" w", " x").replace(" b", " w").replace(" x", " b");
        moves.extend(legal_move_list(&mut Position::from_fen(&v, &other).unwrap()));
        for m in moves {
            kinds.insert(m.kind);
            hops |= m.kind == MoveKind::Normal && m.mids().next().is_some();
        }
    }
    for k in [
        MoveKind::Normal,
        MoveKind::Pass,
        MoveKind::Implied,
        MoveKind::Line,
        MoveKind::Approach,
        MoveKind::Convert,
        MoveKind::Swap,
        MoveKind::SelfCapture,
    ] {
        assert!(kinds.contains(&k), "no {k:?} move in the power positions");
    }
    assert!(hops, "no hop capture or shot in the power positions");
}
