//! One search thread: negamax PVS with transposition table, null-move pruning, late-move
//! reductions, check extension, quiescence search, and the frontier pruning of `prune.rs` in the
//! games whose file asks for it; the move order is `ordering.rs`'s. Split by phase into small
//! functions.

use super::deferral::Deferrals;
use super::history::{bonus, History, Played};
use super::ordering::{self, MoveList, MoveOrder, ORDER_TT};
use super::picker::Picker;
use super::prune;
use super::time::{Limits, TimeManager};
use super::tt::{encode_move, Bound, TranspositionTable};
use super::{INF, MATE, MATE_BOUND, MAX_PLY};
use crate::eval::Evaluator;
use crate::geometry::Square;
use crate::movegen::attack::attacked_after_quiet;
use crate::movegen::{generate, generate_captures};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::legality::{add_succession_if_mated, check_knowing, in_check, try_make, try_make_knowing};
use crate::rules::outcome::{end, without_moves, Judge, Outcome};
use crate::variant::{Legality, SearchParams};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

// Step 0: tuned numbers, named.
/// Nodes between two looks at the clock and the stop flag.
const POLL_NODES: u64 = 1024;
/// Null move: minimum depth, base reduction.
const NULL_MIN_DEPTH: i32 = 3;
const NULL_BASE_R: i32 = 2;
/// Late-move reductions: minimum depth and moves searched before reducing.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_MIN_MOVES: usize = 3;
/// Quiescence plies in which a side whose last royal is attacked may not stand pat.
const QS_EVASION_PLIES: i32 = 2;
/// Quiescence stops (stands pat) after this many plies: giant boards have long capture chains.
const QS_MAX_PLIES: i32 = 10;
/// Delta pruning: a capture that cannot lift the score near alpha even with this margin is
/// skipped.
const QS_DELTA_MARGIN: i32 = 200;
/// A capture by a piece worth more than its victim by this margin, onto a square the opponent
/// attacks, is presumed losing and skipped in quiescence (a cheap stand-in for exchange
/// evaluation that works for every piece type).
const QS_BAD_CAPTURE_MARGIN: i32 = 50;
/// Entries of the per-thread evaluation cache (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;

/// Whether a node may try the null move: not right after one (nor at the root).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NullMove {
    Allowed,
    Forbidden,
}

/// Which thread a worker is: the main thread watches the clock and the node limit; helpers
/// run until the main thread stops them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Main,
    Helper,
}

/// What every search thread shares: the evaluator and the promotions never declined, the
/// table, the limits and the clock, the node count, and the flag that stops this thread.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a> {
    pub ev: &'a Evaluator,
    pub deferrals: &'a Deferrals,
    pub tt: &'a TranspositionTable,
    pub stop: &'a AtomicBool,
    pub tm: &'a TimeManager,
    pub limits: &'a Limits,
    pub nodes: &'a AtomicU64,
}

/// A node of the main search, as its move loop needs it.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub beta: i32,
    pub depth: i32,
    pub ply: usize,
    /// The side to move's last royal is attacked.
    pub danger: bool,
    /// The transposition table's move (0: none).
    pub tt_move: u64,
    /// The static evaluation (`NO_EVAL` in danger: it means nothing there).
    pub eval: i32,
    /// The static evaluation is better than two plies before.
    pub improving: bool,
}

/// The static evaluation of a node where none was taken (the side's last royal is attacked).
const NO_EVAL: i32 = -INF;

/// A move being searched: its rank among the node's legal moves (from 1), and whether it
/// captures (asked before it is made).
#[derive(Clone, Copy)]
struct Tried {
    m: Move,
    nth: usize,
    capture: bool,
}

/// The moves a quiescence node tries.
#[derive(Clone, Copy)]
enum QuietMoves {
    /// Every move: the side's last royal is attacked and it may not stand pat.
    Evasions,
    /// The captures (and burns) that can lift the standing score `stand` near `alpha`.
    Captures { stand: i32, alpha: i32 },
}

/// What a pruning rule decided before a move is made.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Skip {
    /// Nothing: the move is made.
    No,
    /// This move is not searched.
    Move,
    /// Neither this quiet move nor any later one (late-move pruning).
    Quiets,
    /// This legal move is not searched but counts among the node's legal moves, as a move
    /// made and then pruned does (`prunes_quiet`): the same decision, taken without the make.
    Counted,
}

/// What a node's move loop found.
struct Searched {
    best: i32,
    best_move: Option<Move>,
    legal: usize,
}

pub(crate) struct Worker<'a> {
    pub(super) pos: Position,
    pub(super) ev: &'a Evaluator,
    pub(super) deferrals: &'a Deferrals,
    pub(super) tt: &'a TranspositionTable,
    pub(super) stop: &'a AtomicBool,
    pub(super) tm: &'a TimeManager,
    pub(super) limits: &'a Limits,
    pub(super) shared_nodes: &'a AtomicU64,
    pub(super) role: Role,
    pub(super) nodes: u64,
    pub(super) flushed: u64,
    pub(super) stopped: bool,
    pub(super) seldepth: usize,
    /// Depth of the current iteration: check extensions stop at twice this ply.
    pub(super) root_depth: i32,
    pub(super) root_excluded: Vec<Move>,
    /// Killers (`ordering.rs`).
    pub(super) order: MoveOrder,
    /// The history tables, kept from search to search (`history.rs`).
    pub(super) hist: &'a mut History,
    /// Per ply: the move made there on the current line (`None` for a null move), the context
    /// of the continuation history.
    pub(super) played: Vec<Option<Played>>,
    /// Per-ply scratch: the node's moves with their scores, and the quiet moves tried (for
    /// history maluses).
    pub(super) bufs: Vec<MoveList>,
    pub(super) quiet_bufs: Vec<Vec<Move>>,
    /// Per ply: the main search's staged move lists (`picker.rs`).
    pub(super) pickers: Vec<Picker>,
    /// Scratch for one piece's moves (the table's move and the killers are looked for there).
    pub(super) piece_moves: Vec<Move>,
    /// Per ply: whether the opponent's royal is attacked at the node (asked once, if at all).
    pub(super) enemy_in_check: Vec<Option<bool>>,
    pub(super) pv: Vec<Vec<Move>>,
    /// The static evaluation of each ply of the current line (`NO_EVAL` in danger), for the
    /// improving flag.
    pub(super) static_evals: Vec<i32>,
    /// Static evaluations by position hash (direct-mapped; `(hash, score)`).
    pub(super) eval_cache: Vec<(u64, i32)>,
    /// The last royal-danger test, by position hash: the parent tests each child for check
    /// after making the move, and the child asks the same question again on entry.
    pub(super) danger_memo: (u64, bool),
    /// The game plays the King's succession: a side in check without a legal move may still
    /// have a swap (`rules::succession`).
    pub(super) succession: bool,
    /// The game's `[search]` rules: frontier pruning (`prune.rs`), the late-move pruning count
    /// and the late-move reduction rule.
    pub(super) search: SearchParams,
}

impl<'a> Worker<'a> {
    pub fn new(pos: Position, shared: Shared<'a>, role: Role, hist: &'a mut History) -> Worker<'a> {
        let v = pos.variant();
        let succession = v.rules.succession;
        let search = v.search.clone();
        Worker {
            pos,
            ev: shared.ev,
            deferrals: shared.deferrals,
            tt: shared.tt,
            stop: shared.stop,
            tm: shared.tm,
            limits: shared.limits,
            shared_nodes: shared.nodes,
            role,
            nodes: 0,
            flushed: 0,
            stopped: false,
            seldepth: 0,
            root_depth: 1,
            root_excluded: Vec::new(),
            order: MoveOrder::new(),
            hist,
            played: vec![None; MAX_PLY + 1],
            bufs: (0..=MAX_PLY).map(|_| MoveList::with_capacity(256)).collect(),
            quiet_bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pickers: (0..=MAX_PLY).map(|_| Picker::new()).collect(),
            piece_moves: Vec::with_capacity(64),
            enemy_in_check: vec![None; MAX_PLY + 1],
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            static_evals: vec![NO_EVAL; MAX_PLY + 1],
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
            danger_memo: (0, false),
            succession,
            search,
        }
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    pub fn total_nodes(&self) -> u64 {
        self.shared_nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    pub fn node_limit_reached(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.total_nodes() >= n)
    }

    pub fn root_pv(&self) -> Vec<Move> {
        self.pv[0].clone()
    }

    /// Searches the root to `depth` in the window (alpha, beta).
    pub fn search_root(&mut self, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.seldepth = 0;
        self.root_depth = depth as i32;
        self.negamax(alpha, beta, depth as i32, 0, NullMove::Forbidden)
    }

    // ----- bookkeeping -----

    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes - self.flushed >= POLL_NODES {
            self.shared_nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
            // The caller's flag is only read: a search that ran out of time or nodes must not
            // leave it set for the caller's next search (self-play reuses one flag per game).
            if self.stop.load(Ordering::Relaxed)
                || self.role == Role::Main && (self.tm.out_of_time() || self.node_limit_reached())
            {
                self.stopped = true;
            }
        }
    }

    #[inline]
    pub(super) fn is_capture(&self, m: Move) -> bool {
        crate::movegen::is_capture(&self.pos, m)
    }

    /// Material value of what `m` takes from the opponent (for ordering and delta pruning): the
    /// pieces it removes (`movegen::effect`), and twice a converted piece (it changes sides).
    pub(super) fn victims(&self, m: Move) -> i32 {
        let value = |s: Square| match self.pos.piece_at(s) {
            Some(p) if self.ev.game().variant.piece(p.kind()).royal => 20_000,
            Some(p) => self.ev.value(p.kind()),
            None => 0,
        };
        match m.kind {
            // A flat 100 rather than the victim's value (kept as it was: the bench signature).
            MoveKind::EnPassant => 100,
            MoveKind::Convert => 2 * value(m.aux),
            _ => {
                let mut sum = 0;
                crate::movegen::effect::for_each_taken(&self.pos, m, |s| sum += value(s));
                sum
            }
        }
    }

    /// Whether the side to move's last royal is attacked ("in check" for extensions and for
    /// quiescence stand-pat; in royal-capture games losing one of several royals is not fatal).
    pub(super) fn in_danger(&mut self) -> bool {
        let h = self.pos.hash();
        if self.danger_memo.0 == h && h != 0 {
            return self.danger_memo.1;
        }
        let us = self.pos.side();
        let rules = &self.pos.variant().rules;
        let d = if rules.legality == Legality::Check || self.pos.royal_count(us) == 1 {
            in_check(&self.pos, us)
        } else {
            false
        };
        self.danger_memo = (h, d);
        d
    }

    /// Records that the side to move's royals are safe in the current position (see
    /// `gives_no_check`), so that `in_danger` answers without testing.
    fn know_no_danger(&mut self) {
        let h = self.pos.hash();
        if h != 0 {
            self.danger_memo = (h, false);
        }
    }

    /// Terminal and drawn positions below the root, by the referee's own test of the end of the
    /// game (`rules::outcome::end`); `None` to search on.
    fn terminal(&mut self, ply: usize) -> Option<i32> {
        let o = end(&self.pos, Judge::Search)?;
        Some(self.outcome_score(o, ply))
    }

    /// The score of a finished game at `ply`, for the side to move.
    fn outcome_score(&self, o: Outcome, ply: usize) -> i32 {
        match o {
            Outcome::Win { winner, .. } if winner == self.pos.side() => MATE - ply as i32,
            Outcome::Win { .. } => -MATE + ply as i32,
            Outcome::Draw { .. } => 0,
        }
    }

    fn no_move_score(&self, ply: usize) -> i32 {
        self.outcome_score(without_moves(&self.pos), ply)
    }

    /// The static evaluation, through a small cache: the same position is evaluated again and
    /// again by quiescence stand-pat and the null-move test.
    fn evaluate(&mut self) -> i32 {
        let h = self.pos.hash();
        let i = (h as usize) & (EVAL_CACHE_SIZE - 1);
        if self.eval_cache[i].0 == h && h != 0 {
            return self.eval_cache[i].1;
        }
        // Kept inside the non-mate range: in the largest games the material alone can pass
        // MATE_BOUND (a Tenjiku side holds over 100,000 centipawns), and a static score beyond
        // it would read as a mate, or reach -INF, where no root move beats alpha.
        let e = self.ev.evaluate(&self.pos).clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        self.eval_cache[i] = (h, e);
        e
    }

    // ----- move ordering -----

    /// Scores every move of `list` for ordering: the table's move first, captures by what they
    /// take and with what (their exchange test left to the pick, see `MoveList`), quiet moves
    /// by killers and history; promotions a little higher.
    fn score_moves(&mut self, list: &mut MoveList, tt_move: u64, ply: usize) {
        list.reset_scores();
        let ctx = self.context(ply);
        for i in 0..list.len() {
            let m = list.moves[i];
            let (score, unsure) = if tt_move != 0 && encode_move(m) == tt_move {
                (ORDER_TT, false)
            } else if self.is_capture(m) {
                let gain = self.victims(m);
                (self.capture_order(m, gain, false), m.promotion().is_none())
            } else {
                (self.quiet_score(m, ply, ctx), false)
            };
            list.set(i, score + self.promotion_order(m), unsure);
        }
    }

    /// The move at `i` of `list` picked best first, a capture's exchange test made on the way.
    #[inline]
    pub(super) fn pick(&mut self, list: &mut MoveList, i: usize) -> Move {
        list.pick(i, |m| self.bad_capture(m, self.victims(m)))
    }

    #[inline]
    pub(super) fn capture_order(&self, m: Move, gain: i32, bad: bool) -> i32 {
        let attacker = self.ev.value(self.pos.piece_at(m.from).unwrap().kind());
        ordering::capture_score(gain, attacker, bad)
    }

    #[inline]
    pub(super) fn promotion_order(&self, m: Move) -> i32 {
        m.promotion().map_or(0, |k| 1000 + self.ev.value(k) / 4)
    }

    /// `m` (about to be made) as the history tables know it.
    #[inline]
    pub(super) fn played_of(&self, m: Move) -> Played {
        Played { piece: self.pos.piece_at(m.from).unwrap(), to: m.to }
    }

    /// The moves before a node at `ply` that its quiet moves' continuation scores follow.
    #[inline]
    pub(super) fn context(&self, ply: usize) -> [Option<Played>; 2] {
        let at = |back: usize| if ply >= back { self.played[ply - back] } else { None };
        [at(1), at(2)]
    }

    /// The history score of the quiet move `m` after the moves `ctx` (`context`, asked once
    /// per node by the callers, not once per move).
    #[inline]
    pub(super) fn history_score(&self, m: Move, ctx: [Option<Played>; 2]) -> i32 {
        self.hist.score(self.played_of(m), ctx)
    }

    /// The ordering score of the quiet move `m` at `ply` after `ctx`: a killer's, else its
    /// history.
    pub(super) fn quiet_score(&self, m: Move, ply: usize, ctx: [Option<Played>; 2]) -> i32 {
        self.order.killer_score(ply, m).unwrap_or_else(|| self.history_score(m, ctx))
    }

    /// `m`, quiet, cut off at `ply` after the quiet moves `tried`: it becomes the first killer,
    /// its history rises and the others' fall by the depth's bonus.
    fn reward_quiet(&mut self, m: Move, ply: usize, depth: i32, tried: &[Move]) {
        self.order.add_killer(m, ply);
        let (ctx, b) = (self.context(ply), bonus(depth));
        let best = self.played_of(m);
        self.hist.update(best, ctx, b);
        for &q in tried {
            if q != m {
                let q = self.played_of(q);
                self.hist.update(q, ctx, -b);
            }
        }
    }

    // ----- the node functions -----

    /// A node of the main search: the window, the depth left, and the null-move permission.
    fn negamax(&mut self, mut alpha: i32, mut beta: i32, depth: i32, ply: usize, null: NullMove) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if let Some(s) = self.terminal(ply) {
                return s;
            }
            // Mate distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let pv_node = beta - alpha > 1;

        // Step 1: transposition table.
        let key = self.pos.search_key();
        let (tt_move, cut) = self.probe_tt(key, alpha, beta, depth, ply);
        if let Some(s) = cut {
            return s;
        }

        // Step 2: reverse futility pruning (`prune.rs`), then the null move.
        let danger = self.in_danger();
        let eval = if danger || !self.search.pruning { NO_EVAL } else { self.evaluate() };
        self.static_evals[ply] = eval;
        let improving = ply >= 2 && eval != NO_EVAL && eval > self.static_evals[ply - 2];
        if self.search.pruning && !pv_node && !danger && ply > 0 && prune::reverse_futility(eval, beta, depth) {
            return (eval + beta) / 2;
        }
        if self.search.razoring
            && self.search.pruning
            && !pv_node
            && !danger
            && ply > 0
            && prune::razor(eval, alpha, depth)
        {
            let s = self.qsearch(alpha, alpha + 1, ply, 0);
            if self.stopped {
                return 0;
            }
            if s <= alpha {
                return s;
            }
        }
        if null == NullMove::Allowed && !pv_node && !danger {
            if let Some(s) = self.null_move(beta, depth, ply) {
                return s;
            }
        }

        // Step 3: the move loop.
        let node = Node { beta, depth, ply, danger, tt_move, eval, improving };
        let Some(found) = self.move_loop(node, alpha) else {
            return 0;
        };
        if found.legal == 0 {
            // Every root move excluded (MultiPV) is not "no legal move".
            if ply == 0 && !self.root_excluded.is_empty() {
                return -INF;
            }
            return self.no_move_score(ply);
        }

        // Step 4: remember the result.
        let bound = if found.best >= beta {
            Bound::Lower
        } else if found.best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if ply > 0 || self.root_excluded.is_empty() {
            self.tt.store(key, found.best_move, score_to_tt(found.best, ply), depth, bound);
        }
        found.best
    }

    /// The table's move for this position (0: none) and, outside PV nodes, the score that ends
    /// the node when the stored search was deep enough and its bound decides.
    fn probe_tt(&self, key: u64, alpha: i32, beta: i32, depth: i32, ply: usize) -> (u64, Option<i32>) {
        let Some(e) = self.tt.probe(key) else {
            return (0, None);
        };
        let pv_node = beta - alpha > 1;
        if pv_node || ply == 0 || e.depth < depth {
            return (e.mv, None);
        }
        let s = score_from_tt(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
            Bound::None => false,
        };
        (e.mv, cut.then_some(s))
    }

    /// Null-move pruning: if passing still holds the score above `beta` at a reduced depth, the
    /// node fails high. `Some` ends the node with that score.
    fn null_move(&mut self, beta: i32, depth: i32, ply: usize) -> Option<i32> {
        if depth < NULL_MIN_DEPTH || !self.has_pieces_to_spare() || self.evaluate() < beta {
            return None;
        }
        let r = NULL_BASE_R + depth / 4;
        self.played[ply] = None;
        let u = self.pos.make_null();
        let s = -self.negamax(-beta, -beta + 1, depth - 1 - r, ply + 1, NullMove::Forbidden);
        self.pos.unmake_null(u);
        if self.stopped {
            return Some(0);
        }
        (s >= beta).then_some(if s >= MATE_BOUND { beta } else { s })
    }

    /// Searches the moves of `node` best-ordered first, from the window (`alpha`, `node.beta`).
    /// `None` when the search was stopped.
    fn move_loop(&mut self, node: Node, mut alpha: i32) -> Option<Searched> {
        let ply = node.ply;
        let mut picker = std::mem::take(&mut self.pickers[ply]);
        picker.reset();
        let mut quiets = std::mem::take(&mut self.quiet_bufs[ply]);
        quiets.clear();
        self.enemy_in_check[ply] = None;
        let mut found = Searched { best: -INF, best_move: None, legal: 0 };
        while let Some(m) = self.next_move(&mut picker, node) {
            if ply == 0 && self.root_excluded.contains(&m) {
                continue;
            }
            let capture = self.is_capture(m);
            let t = Tried { m, nth: found.legal + 1, capture };
            match self.prune_before_making(node, alpha, found.best, t, &picker) {
                Skip::No => {}
                Skip::Move => continue,
                Skip::Counted => {
                    found.legal += 1;
                    continue;
                }
                Skip::Quiets => {
                    picker.skip_quiets = true;
                    continue;
                }
            }
            let safe = self.safe_before(node.danger);
            let played = self.played_of(m);
            // A move that takes nothing changes only its two squares: if they cannot decide an
            // attack on the opponent's royals, none of which is attacked now, the child's
            // danger test (asked below and again by the child) is answered without a look.
            let no_check = !capture && self.gives_no_check(ply, m);
            let Ok(u) = try_make_knowing(&mut self.pos, m, safe) else { continue };
            if no_check {
                self.know_no_danger();
            }
            self.played[ply] = Some(played);
            found.legal += 1;
            let t = Tried { nth: found.legal, ..t };
            if self.prunes_quiet(node, alpha, found.best, t, picker.total) {
                self.pos.unmake(m, u);
                continue;
            }
            let score = self.search_child(node, alpha, t);
            self.pos.unmake(m, u);
            if self.stopped {
                break;
            }
            if score > found.best {
                found.best = score;
                if score > alpha {
                    alpha = score;
                    found.best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= node.beta {
                        if !capture {
                            self.reward_quiet(m, ply, node.depth, &quiets);
                        }
                        break;
                    }
                }
            }
            if !capture {
                quiets.push(m);
            }
        }
        self.pickers[ply] = picker;
        self.quiet_bufs[ply] = quiets;
        (!self.stopped).then_some(found)
    }

    /// Whether a pruning rule applies to the quiet move `t`: only quiet moves, never at the
    /// root or in danger, and only once a move has been searched that does not lose by force
    /// (`best`), so a mate is never missed for a skip.
    #[inline]
    fn may_prune(&self, node: Node, best: i32, t: Tried) -> bool {
        self.search.pruning
            && node.ply > 0
            && !node.danger
            && best > -MATE_BOUND
            && !t.capture
            && t.m.promotion().is_none()
    }

    /// The pruning decided before the quiet move `t` is made (`prune.rs`): late-move pruning
    /// ends the node's quiet moves once `t` ranks past the count among all its `total` moves
    /// (known once the quiet moves are generated: killers are never late); futility skips a
    /// move that cannot lift the evaluation to `alpha` and surely gives no check.
    fn prune_before_making(&mut self, node: Node, alpha: i32, best: i32, t: Tried, picker: &Picker) -> Skip {
        if !self.may_prune(node, best, t) {
            return Skip::No;
        }
        let late = self.is_late(node, t, picker.total);
        if !late && !prune::futile(node.eval, alpha, node.depth) {
            return Skip::No;
        }
        if self.gives_no_check(node.ply, t.m) {
            return if late { Skip::Quiets } else { Skip::Move };
        }
        // The move may give check. Where the board tells without making it, a move that gives
        // none is skipped here, and counted when legal, exactly as `prunes_quiet` would after
        // the make: in Heavy Shako half of the moves made were pruned that way.
        let safe = self.safe_before(node.danger);
        match self.gives_check_unmade(node.ply, t.m) {
            Some(false) if check_knowing(&mut self.pos, t.m, safe).is_ok() => Skip::Counted,
            Some(false) => Skip::Move,
            _ => Skip::No,
        }
    }

    /// Whether the quiet move `t` ranks past the late-move count among the node's `total` moves
    /// (`None` before the quiet moves are generated: killers are never late).
    fn is_late(&self, node: Node, t: Tried, total: Option<usize>) -> bool {
        total.is_some_and(|total| {
            node.depth <= prune::LMP_MAX_DEPTH
                && t.nth > prune::lmp_count(self.search.late_moves, node.depth, node.improving, total)
        })
    }

    /// Late-move and futility pruning of the quiet move just made (`prune.rs`), when it gives no
    /// check: the moves that `prune_before_making` could not judge unmade.
    fn prunes_quiet(&mut self, node: Node, alpha: i32, best: i32, t: Tried, total: Option<usize>) -> bool {
        self.may_prune(node, best, t)
            && (self.is_late(node, t, total) || prune::futile(node.eval, alpha, node.depth))
            && !self.in_danger()
    }

    /// What the node knows of its royals' safety for `try_make_knowing`: where the game has
    /// check, the danger test is the safety test (`in_danger`).
    #[inline]
    fn safe_before(&self, danger: bool) -> Option<bool> {
        (self.pos.variant().rules.legality == Legality::Check).then_some(!danger)
    }

    /// Whether the quiet move `m` surely leaves the opponent out of danger (see `in_danger`),
    /// known without making it: the opponent's danger is not asked (it has several royals in a
    /// royal-capture game), or the move changes no square that can decide an attack on its
    /// royals (`movegen::influence`) and none is attacked now. `false` when unsure.
    pub(super) fn gives_no_check(&mut self, ply: usize, m: Move) -> bool {
        let us = self.pos.side();
        let them = us.flip();
        if self.pos.variant().rules.legality != Legality::Check && self.pos.royal_count(them) != 1 {
            return true;
        }
        if m.kind != MoveKind::Normal || m.mids().next().is_some() {
            return false;
        }
        let infl = &self.pos.game().tables.attacks[us].influence;
        if !infl.is_bounded()
            || self.pos.royal_squares(them).any(|r| infl.may_matter(r, m.from) || infl.may_matter(r, m.to))
        {
            return false;
        }
        !self.enemy_attacked(ply)
    }

    /// Whether the opponent's royals are attacked now, asked once per node (`ply`).
    fn enemy_attacked(&mut self, ply: usize) -> bool {
        let them = self.pos.side().flip();
        *self.enemy_in_check[ply].get_or_insert_with(|| in_check(&self.pos, them))
    }

    /// Whether the quiet move `m` puts the opponent in danger (see `in_danger`), read without
    /// making it (`attacked_after_quiet`); `None` when the board cannot tell. Asked only after
    /// `gives_no_check` was unsure, which has already answered the games whose opponent's
    /// danger is never asked.
    fn gives_check_unmade(&mut self, ply: usize, m: Move) -> Option<bool> {
        if self.enemy_attacked(ply) {
            return None;
        }
        let us = self.pos.side();
        let mut any = false;
        for r in self.pos.royal_squares(us.flip()) {
            any |= attacked_after_quiet(&self.pos, m, r, us)?;
        }
        Some(any)
    }

    /// The score of the move just made (`t`): the first with the full window, the others with
    /// a null window first, reduced when late and quiet (LMR), and searched again when they
    /// beat `alpha`.
    fn search_child(&mut self, node: Node, alpha: i32, t: Tried) -> i32 {
        let (beta, depth, ply) = (node.beta, node.depth, node.ply);
        // Extend moves that put the opponent's last royal (or King) in danger, up to twice
        // the iteration's depth: in Nutty Shogi a distant Fire Demon can threaten to burn a
        // King after almost every move, and unbounded extensions never reach the leaves.
        let gives_check = self.in_danger();
        let ext = i32::from(gives_check && ply < MAX_PLY / 2 && (ply as i32) < 2 * self.root_depth);
        let new_depth = depth - 1 + ext;
        let child = |w: &mut Self, a: i32, b: i32, d: i32| -w.negamax(a, b, d, ply + 1, NullMove::Allowed);
        if t.nth == 1 {
            return child(self, -beta, -alpha, new_depth);
        }
        let quiet = !t.capture && t.m.promotion().is_none() && ext == 0 && !node.danger;
        let r = if depth >= LMR_MIN_DEPTH && t.nth > LMR_MIN_MOVES && quiet {
            prune::reduction(self.search.reductions, depth, t.nth, beta - alpha > 1).min(new_depth - 1).max(0)
        } else {
            0
        };
        let mut s = child(self, -alpha - 1, -alpha, new_depth - r);
        if s > alpha && r > 0 {
            s = child(self, -alpha - 1, -alpha, new_depth);
        }
        if s > alpha && s < beta {
            s = child(self, -beta, -alpha, new_depth);
        }
        s
    }

    /// `m` is the best move at `ply` so far: its line is `m` and the child's line.
    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// Quiescence: captures until the position is quiet. A side whose last
    /// royal is attacked may not stand pat for the first few plies: it must answer.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: i32) -> i32 {
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 {
            if let Some(s) = self.terminal(ply) {
                return s;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let evasion = qply < QS_EVASION_PLIES && self.in_danger();
        let mut best = -INF;
        let mut stand = -INF;
        if !evasion {
            stand = self.evaluate();
            if stand >= beta || qply >= QS_MAX_PLIES {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let kind = if evasion { QuietMoves::Evasions } else { QuietMoves::Captures { stand, alpha } };
        let mut buf = self.quiescence_moves(ply, kind);
        let mut legal = 0;
        for i in 0..buf.len() {
            let m = self.pick(&mut buf, i);
            // The exchange test costs an attack lookup, so it is made only for the moves
            // actually reached: most quiescence nodes cut off after their first capture.
            if !evasion && m.promotion().is_none() {
                let gain = self.victims(m);
                if self.bad_capture(m, gain) {
                    continue;
                }
            }
            let Ok(u) = try_make(&mut self.pos, m) else { continue };
            legal += 1;
            let s = -self.qsearch(-beta, -alpha, ply + 1, qply + 1);
            self.pos.unmake(m, u);
            if self.stopped {
                self.bufs[ply] = buf;
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = buf;
        if evasion && legal == 0 {
            return self.no_move_score(ply);
        }
        best
    }

    /// The moves quiescence tries at `ply`, scored for ordering.
    fn quiescence_moves(&mut self, ply: usize, kind: QuietMoves) -> MoveList {
        let mut list = std::mem::take(&mut self.bufs[ply]);
        list.clear();
        if let QuietMoves::Captures { stand, alpha } = kind {
            generate_captures(&self.pos, &mut list.moves);
            self.deferrals.drop_deferrals(&self.pos, &mut list.moves);
            // Only captures here: they are scored as they are filtered, with the gain already
            // computed for delta pruning.
            list.reset_scores();
            let mut kept = 0;
            for i in 0..list.len() {
                let m = list.moves[i];
                let gain = self.victims(m);
                if m.promotion().is_none() && stand + gain + QS_DELTA_MARGIN < alpha {
                    continue;
                }
                list.moves[kept] = m;
                list.set(kept, self.capture_order(m, gain, false) + self.promotion_order(m), false);
                kept += 1;
            }
            list.truncate(kept);
        } else {
            generate(&self.pos, &mut list.moves);
            self.deferrals.drop_deferrals(&self.pos, &mut list.moves);
            if self.succession {
                add_succession_if_mated(&mut self.pos, &mut list.moves);
            }
            self.score_moves(&mut list, 0, ply);
        }
        list
    }

    /// A capture that probably loses material: the capturer is worth clearly more than what it
    /// takes, and the opponent attacks the square it lands on.
    pub(super) fn bad_capture(&mut self, m: Move, gain: i32) -> bool {
        let mover = self.pos.piece_at(m.from).unwrap();
        let attacker = self.ev.value(mover.kind());
        // A royal may only take undefended pieces safely.
        let royal = self.ev.game().variant.piece(mover.kind()).royal;
        (royal || attacker > gain + QS_BAD_CAPTURE_MARGIN) && self.lands_attacked(m, mover)
    }

    /// Whether the opponent attacks the square where `m` ends. In a game with burners the move
    /// is made to ask: its burns may remove the attackers, and a mover burned on arrival is lost
    /// anyway.
    fn lands_attacked(&mut self, m: Move, mover: crate::cell::Piece) -> bool {
        let them = mover.color().flip();
        if !self.pos.game().tables.registry.burns() {
            return crate::movegen::attack::is_attacked_ignoring(&self.pos, m.to, them, m.from);
        }
        let u = self.pos.make(m);
        let kept = self.pos.piece_at(m.to).is_some_and(|p| p.color() == mover.color());
        let attacked = !kept || crate::movegen::attack::is_attacked(&self.pos, m.to, them);
        self.pos.unmake(m, u);
        attacked
    }

    /// Null move is unsafe when the side has nothing but royals (zugzwang).
    fn has_pieces_to_spare(&self) -> bool {
        let us = self.pos.side();
        self.pos.pieces(us).len() > self.pos.royal_count(us) as usize + 1
    }
}

/// Mate scores are stored relative to the node, so they stay right wherever the entry is found.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
