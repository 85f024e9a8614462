//! Tactics: the search must find forced wins (checkmate, royal capture, a lion double capture)
//! whose solutions are confirmed by an exhaustive solver; positions with one legal move and
//! with none; and it must never return an illegal move in self-play.

use kyodai::notation::format_move;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{outcome, Outcome};
use kyodai::search::{Limits, Score, Searcher};
use kyodai::variant::Reductions;
use kyodai::{Game, Position, Variant};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Whether the side to move wins within `n` of its own moves, by exhaustive search over the
/// rules core (no evaluation, no pruning).
fn wins_within(pos: &mut Position, n: u32) -> bool {
    let me = pos.side();
    for m in legal_move_list(pos) {
        let u = pos.make(m);
        let won = wins_after(pos, me, n);
        pos.unmake(m, u);
        if won {
            return true;
        }
    }
    false
}

/// After a move by `me`: has `me` won, or does every reply leave a win within `n - 1` more?
fn wins_after(pos: &mut Position, me: kyodai::Color, n: u32) -> bool {
    match outcome(pos) {
        Some(Outcome::Win { winner, .. }) => winner == me,
        Some(_) => false,
        None => n > 1 && loses_within(pos, n - 1),
    }
}

fn loses_within(pos: &mut Position, n: u32) -> bool {
    for m in legal_move_list(pos) {
        let u = pos.make(m);
        let ok = outcome(pos).is_none() && wins_within(pos, n);
        pos.unmake(m, u);
        if !ok {
            return false;
        }
    }
    true
}

fn winning_first_moves(pos: &mut Position, n: u32) -> BTreeSet<String> {
    let v = pos.game().clone();
    let me = pos.side();
    let mut out = BTreeSet::new();
    for m in legal_move_list(pos) {
        let u = pos.make(m);
        if wins_after(pos, me, n) {
            out.insert(format_move(&v, m));
        }
        pos.unmake(m, u);
    }
    out
}

struct Case {
    variant: String,
    fen: String,
    n: u32,
    winners: BTreeSet<String>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("positions.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 4, "bad line: {l}");
            Case {
                variant: f[0].to_string(),
                fen: f[1].to_string(),
                n: f[2].parse().unwrap(),
                winners: f[3].split_whitespace().map(str::to_string).collect(),
            }
        })
        .collect()
}

fn search(pos: &Position, depth: u32) -> kyodai::search::SearchResult {
    let mut s = Searcher::new(16, 1);
    let stop = AtomicBool::new(false);
    s.search(pos, &Limits::depth(depth), 1, &stop, &mut |_| {})
}

/// The listed solutions are exactly right: a win within N, none within N-1, and the listed
/// first moves are all the winning ones.
#[test]
fn solutions_are_confirmed_by_exhaustive_search() {
    for c in cases() {
        let v = Game::builtin(&c.variant).unwrap();
        let mut pos = Position::from_fen(&v, &c.fen).unwrap();
        assert!(wins_within(&mut pos, c.n), "{}: no win within {}", c.fen, c.n);
        if c.n > 1 {
            assert!(!wins_within(&mut pos, c.n - 1), "{}: already a win within {}", c.fen, c.n - 1);
        }
        assert_eq!(winning_first_moves(&mut pos, c.n), c.winners, "{}", c.fen);
    }
}

/// The game `name` with the frontier pruning of `search/prune.rs` switched on or off and the
/// given late-move reduction rule, whatever its data file says: forced wins must survive every
/// selectivity a game's file can ask for.
fn game_with_search(name: &str, pruning: bool, reductions: Reductions) -> Arc<Game> {
    let mut v = Variant::builtin_with(name, &[]).unwrap();
    v.search.pruning = pruning;
    v.search.reductions = reductions;
    Arc::new(Game::new(v).unwrap())
}

/// Every combination of the search's per-game switches.
const SEARCHES: [(bool, Reductions); 4] =
    [(false, Reductions::Gentle), (true, Reductions::Gentle), (false, Reductions::Log), (true, Reductions::Log)];

/// The search finds each forced win at depth 2N+2 (one ply of slack for late-move
/// reductions), with the right distance, with every per-game search switch.
#[test]
fn search_finds_every_forced_win() {
    for (pruning, reductions) in SEARCHES {
        for c in cases() {
            let v = game_with_search(&c.variant, pruning, reductions);
            let pos = Position::from_fen(&v, &c.fen).unwrap();
            let r = search(&pos, 2 * c.n + 2);
            let best = format_move(&v, r.best.expect("a move"));
            assert_eq!(r.score, Score::Mate(c.n as i32), "{} (pruning {pruning}, {reductions:?}): best {best}", c.fen);
            assert!(
                c.winners.contains(&best),
                "{} (pruning {pruning}, {reductions:?}): {best} is not a winning move",
                c.fen
            );
        }
    }
}

/// The losing side sees its loss: after the winning first move, the defender's best score is a
/// loss in N-1, with every per-game search switch.
#[test]
fn defender_sees_the_forced_loss() {
    for (pruning, reductions) in SEARCHES {
        for c in cases().into_iter().filter(|c| c.n >= 2) {
            let v = game_with_search(&c.variant, pruning, reductions);
            let mut pos = Position::from_fen(&v, &c.fen).unwrap();
            let w = c.winners.iter().next().unwrap();
            let m = kyodai::notation::parse_move(&mut pos, w).unwrap();
            pos.make(m);
            let r = search(&pos, 2 * c.n);
            assert_eq!(
                r.score,
                Score::Mate(-(c.n as i32 - 1)),
                "{} after {w} (pruning {pruning}, {reductions:?})",
                c.fen
            );
        }
    }
}

/// With exactly one legal move the search returns it; with none it returns no move.
#[test]
fn one_legal_move_and_none() {
    // Bigorra G-1 variant: Black's only move is a16xb15.
    let v = Game::builtin("bigorra").unwrap();
    let one = Position::from_fen(&v, "k15/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1").unwrap();
    assert_eq!(format_move(&v, search(&one, 4).best.unwrap()), "a16b15");
    // Bigorra G-1: stalemate, no legal move.
    let none = Position::from_fen(&v, "k15/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1").unwrap();
    assert!(search(&none, 4).best.is_none());
    // Chu: Black's King a1 with its own Pawns on b1 (on its last rank: immobile) and a2
    // (blocked by the King): the only move is a1-b2.
    let c = Game::builtin("chu").unwrap();
    let one = Position::from_fen(&c, "11K/12/12/12/12/12/12/12/12/12/p11/kp10 b - 1").unwrap();
    let mut p = one.clone();
    let legal: Vec<String> = legal_move_list(&mut p).iter().map(|m| format_move(&c, *m)).collect();
    assert_eq!(legal, vec!["a1b2"]);
    assert_eq!(format_move(&c, search(&one, 4).best.unwrap()), "a1b2");
    // With a third Pawn on b2 (blocked by b1) Black has no move at all, and loses.
    let none = Position::from_fen(&c, "11K/12/12/12/12/12/12/12/12/12/pp10/kp10 b - 1").unwrap();
    let mut p = none.clone();
    assert!(legal_move_list(&mut p).is_empty());
    assert!(matches!(outcome(&p), Some(Outcome::Win { winner: kyodai::Color::White, .. })));
    assert!(search(&none, 4).best.is_none());
}

/// Self-play at a small depth never produces an illegal move, in any game, and stops when the
/// game is over.
#[test]
fn self_play_moves_are_always_legal() {
    for name in Variant::builtin_names() {
        let v = Game::builtin(name).unwrap();
        for game in 0..3 {
            let mut pos = Position::start(&v);
            let mut s = Searcher::new(8, 1);
            let stop = AtomicBool::new(false);
            for ply in 0..40 {
                if outcome(&pos).is_some() {
                    break;
                }
                let depth = 1 + (ply + game) % 3;
                let r = s.search(&pos, &Limits::depth(depth as u32), 1, &stop, &mut |_| {});
                let m = r.best.expect("a move while the game is on");
                let legal = legal_move_list(&mut pos);
                assert!(legal.contains(&m), "{name}: illegal {} in {}", format_move(&v, m), pos.to_fen());
                pos.make(m);
            }
        }
    }
}

/// With one thread the search is deterministic: the same position, depth and hash size give the
/// same move, score and node count.
#[test]
fn one_thread_search_is_deterministic() {
    for name in Variant::builtin_names() {
        let v = Game::builtin(name).unwrap();
        let pos = Position::start(&v);
        let a = search(&pos, 5);
        let b = search(&pos, 5);
        assert_eq!((a.best, a.score, a.nodes, a.pv.clone()), (b.best, b.score, b.nodes, b.pv.clone()), "{name}");
    }
}

/// A search told to stop before it starts still answers at once with a legal move.
#[test]
fn stopped_search_still_returns_a_legal_move() {
    for name in Variant::builtin_names() {
        let v = Game::builtin(name).unwrap();
        let mut pos = Position::start(&v);
        let mut s = Searcher::new(8, 2);
        let stop = AtomicBool::new(true);
        let r = s.search(&pos, &Limits { infinite: true, ..Limits::default() }, 1, &stop, &mut |_| {});
        let m = r.best.expect("a move");
        assert!(legal_move_list(&mut pos).contains(&m), "{name}");
    }
}

/// MultiPV gives distinct first moves, best first.
#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let v = Game::builtin("chu").unwrap();
    let pos = Position::start(&v);
    let mut s = Searcher::new(16, 1);
    let stop = AtomicBool::new(false);
    let mut last: Vec<kyodai::search::Info> = Vec::new();
    s.search(&pos, &Limits::depth(4), 3, &stop, &mut |i| {
        if i.multipv == 1 {
            last.clear();
        }
        last.push(i.clone());
    });
    assert_eq!(last.len(), 3);
    let firsts: BTreeSet<_> = last.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(m) => {
            if m > 0 {
                100_000 - m
            } else {
                -100_000 - m
            }
        }
    };
    assert!(cp(last[0].score) >= cp(last[1].score) && cp(last[1].score) >= cp(last[2].score));
}

/// Nutty Shogi's first-repetition rule is judged inside the search tree. White's Rook a7-a9
/// attacks the Gold h9 (a chase), the Gold steps away to h10, the Rook returns to a7: if the Gold
/// now returns to h9 the start position recurs, White attacked in the cycle and Black did not,
/// so White loses (rules 7.3 (b)). Black must see that as a win at once; one move earlier,
/// White must not walk into it.
#[test]
fn nutty_repetition_outcomes_are_scored_in_the_tree() {
    let v = Game::builtin("nutty").unwrap();
    let start = "12k/13/13/13/7g5/13/R12/13/13/13/13/13/K12 w";
    let after = |moves: &[&str]| {
        let mut p = Position::from_fen(&v, start).unwrap();
        for t in moves {
            let m = kyodai::notation::parse_move(&mut p, t).unwrap();
            p.make(m);
        }
        p
    };
    let black = after(&["a7a9", "h9h10", "a9a7"]);
    let r = search(&black, 3);
    assert_eq!(format_move(&v, r.best.unwrap()), "h10h9");
    assert_eq!(r.score, Score::Mate(1), "the repetition wins for Black");
    let white = after(&["a7a9", "h9h10"]);
    let r = search(&white, 4);
    assert_ne!(format_move(&v, r.best.unwrap()), "a9a7", "returning lets Black win by repetition");
    assert!(!matches!(r.score, Score::Mate(n) if n < 0), "White is not lost: {:?}", r.score);
}

/// A search that stops on its own (node limit, clock) leaves the caller's stop flag alone, so
/// the next search with the same flag runs normally (self-play keeps one flag per game; before
/// this was fixed every move after the first stopped at the first poll).
#[test]
fn a_limit_reached_does_not_set_the_callers_stop_flag() {
    let v = Game::builtin("chu").unwrap();
    let pos = Position::start(&v);
    let mut s = Searcher::new(8, 1);
    let stop = AtomicBool::new(false);
    let r = s.search(&pos, &Limits::nodes(3000), 1, &stop, &mut |_| {});
    assert!(r.nodes >= 3000, "the node limit was reached");
    assert!(!stop.load(std::sync::atomic::Ordering::Relaxed));
    let r = s.search(&pos, &Limits::depth(4), 1, &stop, &mut |_| {});
    assert_eq!(r.depth, 4);
}

/// Bigorra section 3.6: a checkmate given by the move that brings the halfmove clock to 100
/// wins (checkmate is judged before the fifty-move draw), for the search as for the referee:
/// both ask `rules::outcome::end` in the same order. Before this was fixed the search scored
/// the mate 0, as the draw, and played any move. A stalemate at 100 stays a stalemate.
#[test]
fn a_mate_as_the_halfmove_clock_reaches_100_is_a_win_in_the_search() {
    use kyodai::rules::outcome::{end, Judge, Reason};
    let v = Game::builtin("bigorra").unwrap();
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/7R8/1R13K w - - 99 50";
    let pos = Position::from_fen(&v, fen).unwrap();
    let r = search(&pos, 2);
    assert_eq!(format_move(&v, r.best.unwrap()), "h2a2");
    assert_eq!(r.score, Score::Mate(1));
    let mut mated = pos.clone();
    let m = kyodai::notation::parse_move(&mut mated, "h2a2").unwrap();
    mated.make(m);
    assert_eq!(mated.halfmove_clock(), 100);
    let win = Some(Outcome::Win { winner: kyodai::Color::White, reason: Reason::Checkmate });
    assert_eq!(end(&mated, Judge::Referee), win);
    assert_eq!(end(&mated, Judge::Search), win);
    let stalemate = Position::from_fen(&v, "k15/2Q13/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 100 80").unwrap();
    let draw = Some(Outcome::Draw { reason: Reason::Stalemate });
    assert_eq!(end(&stalemate, Judge::Referee), draw);
    assert_eq!(end(&stalemate, Judge::Search), draw);
}

/// Nutty Shogi: a Fire Demon's move that captures nothing but burns is a capture for the search.
/// White's Gold (h5) may take the Pawn i6, where Black's Demon (i10, four squares away: it cannot
/// capture there) ends its area move next to it and burns it (i10i7). At depth 1 only
/// quiescence can see that, and only if it lists the burning moves among Black's captures (and
/// does not call them bad for landing next to the Gold that burns). Before this was fixed,
/// White took the Pawn and lost the Gold.
#[test]
fn quiescence_sees_moves_that_only_burn_as_captures() {
    use kyodai::movegen::{generate_captures, is_capture};
    let v = Game::builtin("nutty").unwrap();
    let mut taken = Position::from_fen(&v, "12k/13/13/8f4/13/13/13/8G4/13/13/13/13/12K b").unwrap();
    let burn = kyodai::notation::parse_move(&mut taken, "i10i7").unwrap();
    assert!(is_capture(&taken, burn), "a move that only burns is a capture");
    let mut captures = Vec::new();
    generate_captures(&taken, &mut captures);
    assert!(captures.contains(&burn), "quiescence's generator lists it");
    let white = Position::from_fen(&v, "12k/13/13/8f4/13/13/13/8p4/7G5/13/13/13/12K w").unwrap();
    let r = search(&white, 1);
    let best = format_move(&v, r.best.unwrap());
    assert_ne!(best, "h5i6", "taking the Pawn loses the Gold to a burn");
    let mut after = white.clone();
    after.make(r.best.unwrap());
    let gold = v.kind_by_id("G").unwrap();
    for m in legal_move_list(&mut after) {
        let u = after.make(m);
        let kept = after.count(gold, kyodai::Color::White);
        after.unmake(m, u);
        assert_eq!(kept, 1, "after {best} Black's {} takes the Gold", format_move(&v, m));
    }
}
