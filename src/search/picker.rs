//! The moves of a main-search node, in stages, so that a node that cuts off early needs only
//! part of its moves generated and ordered: the table's move (found among its piece's moves
//! alone), the captures that do not lose material (most valuable victim first, each tested
//! for a losing exchange only when it is about to be tried), the killers, the quiet moves by
//! history, and last the captures that probably lose.
//!
//! The worker drives it (`Worker::next_move`): the stages need the evaluator's values and the
//! history tables. Each move comes once: the table's move and the killers are skipped when
//! their stage's list holds them. Once the late-move rule has pruned a quiet move, the node
//! asks only for the quiet moves it never prunes (`skip_quiets`): promotions, and those that
//! may give check.

use super::ordering::{self, MoveList};
use super::tt::encode_move;
use super::worker::{Node, Worker};
use crate::geometry::Square;
use crate::movegen::{generate, generate_captures, generate_piece, generate_quiets, is_capture};
use crate::moves::Move;
use crate::rules::legality::add_succession_if_mated;

/// Where a node's move picking stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// The transposition table's move, if it is one of the position's moves.
    Table,
    /// Generate and score the captures.
    GenerateCaptures,
    /// The captures, best first, until one probably loses.
    GoodCaptures,
    /// The two killer moves, if they are quiet moves of the position.
    Killers,
    /// Generate and score the quiet moves.
    GenerateQuiets,
    /// The quiet moves, best first.
    Quiets,
    /// The captures that probably lose, best first.
    BadCaptures,
    Done,
}

/// One node's moves, in stages (buffers reused from node to node of the same ply).
pub(super) struct Picker {
    pub stage: Stage,
    /// The table's move, once found among the position's moves.
    pub table: Option<Move>,
    /// The killers tried (to skip them among the quiet moves).
    pub killers: [Option<Move>; 2],
    /// Which killer is next.
    pub killer: usize,
    pub captures: MoveList,
    pub quiets: MoveList,
    /// The next position to pick among the captures (good ones, then the losing ones).
    pub next: usize,
    /// The next position to pick among the quiet moves.
    pub quiet_next: usize,
    /// The number of pseudo-legal moves of the node, once the quiet moves are generated.
    pub total: Option<usize>,
    /// Quiet moves are no longer wanted (late-move pruning); promotions still are.
    pub skip_quiets: bool,
}

/// An empty picker that allocates nothing: what a ply's slot holds while its picker is out
/// (`std::mem::take` at every node).
impl Default for Picker {
    fn default() -> Picker {
        Picker {
            stage: Stage::Done,
            table: None,
            killers: [None; 2],
            killer: 0,
            captures: MoveList::default(),
            quiets: MoveList::default(),
            next: 0,
            quiet_next: 0,
            total: None,
            skip_quiets: false,
        }
    }
}

impl Picker {
    pub fn new() -> Picker {
        Picker { captures: MoveList::with_capacity(64), quiets: MoveList::with_capacity(256), ..Picker::default() }
    }

    /// Starts a node.
    pub fn reset(&mut self) {
        self.stage = Stage::Table;
        self.table = None;
        self.killers = [None; 2];
        self.killer = 0;
        self.captures.clear();
        self.quiets.clear();
        self.next = 0;
        self.quiet_next = 0;
        self.total = None;
        self.skip_quiets = false;
    }

    /// Whether `m` was tried in an earlier stage (the table's move or a killer).
    #[inline]
    pub fn tried_early(&self, m: Move) -> bool {
        self.table == Some(m) || self.killers.contains(&Some(m))
    }
}

impl Worker<'_> {
    /// The node's next move, stage by stage (see the module documentation); `None` when every
    /// stage is done.
    pub(super) fn next_move(&mut self, p: &mut Picker, node: Node) -> Option<Move> {
        loop {
            match p.stage {
                Stage::Table => {
                    p.stage = Stage::GenerateCaptures;
                    p.table = self.table_move(node);
                    if p.table.is_some() {
                        return p.table;
                    }
                }
                Stage::GenerateCaptures => {
                    generate_captures(&self.pos, &mut p.captures.moves);
                    self.deferrals.drop_deferrals(&self.pos, &mut p.captures.moves);
                    self.score_captures(&mut p.captures);
                    p.next = 0;
                    p.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    while p.next < p.captures.len() {
                        let m = self.pick(&mut p.captures, p.next);
                        if ordering::probably_loses(p.captures.score(p.next)) {
                            break;
                        }
                        p.next += 1;
                        if !p.tried_early(m) {
                            return Some(m);
                        }
                    }
                    p.stage = Stage::Killers;
                }
                Stage::Killers => {
                    if p.killer == 2 {
                        p.stage = Stage::GenerateQuiets;
                        continue;
                    }
                    let i = p.killer;
                    p.killer += 1;
                    let k = self.order.killer(node.ply, i);
                    if p.table != Some(k) && self.is_quiet_move(k) {
                        p.killers[i] = Some(k);
                        return Some(k);
                    }
                }
                Stage::GenerateQuiets => {
                    self.generate_quiets(p, node);
                    p.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if p.skip_quiets {
                        // Late-move pruning ended the quiet moves but for those it never prunes:
                        // promotions, and the moves that may give check (made, and pruned after
                        // all if they do not).
                        let ply = node.ply;
                        p.quiets.retain_from(p.quiet_next, |m| m.promotion().is_some() || !self.gives_no_check(ply, m));
                        p.skip_quiets = false;
                    }
                    if p.quiet_next < p.quiets.len() {
                        let m = p.quiets.pick(p.quiet_next, |_| false);
                        p.quiet_next += 1;
                        return Some(m);
                    }
                    p.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    while p.next < p.captures.len() {
                        let m = self.pick(&mut p.captures, p.next);
                        p.next += 1;
                        if !p.tried_early(m) {
                            return Some(m);
                        }
                    }
                    p.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// The table's move, if it is a move of the position: looked for among the moves of the
    /// piece on its origin (the same moves, deferrals dropped, that the node's lists hold). Not
    /// where the King's succession may add moves to a mated side's list.
    fn table_move(&mut self, node: Node) -> Option<Move> {
        if node.tt_move == 0 || node.danger && self.succession {
            return None;
        }
        let from = Square(((node.tt_move >> 1) & 1023) as u16);
        let found =
            self.piece_moves_with(from, |moves| moves.iter().copied().find(|&m| encode_move(m) == node.tt_move));
        found.flatten()
    }

    /// Whether the killer `k` is a quiet move of the position.
    fn is_quiet_move(&mut self, k: Move) -> bool {
        self.piece_moves_with(k.from, |moves| moves.contains(&k)) == Some(true) && !self.is_capture(k)
    }

    /// `f` of the moves of the side to move's piece on `from` (`None` if none stands there).
    fn piece_moves_with<T>(&mut self, from: Square, f: impl FnOnce(&[Move]) -> T) -> Option<T> {
        let mine =
            self.pos.shape().on_board(from) && self.pos.piece_at(from).is_some_and(|p| p.color() == self.pos.side());
        if !mine {
            return None;
        }
        let mut moves = std::mem::take(&mut self.piece_moves);
        moves.clear();
        generate_piece(&self.pos, from, &mut moves);
        self.deferrals.drop_deferrals(&self.pos, &mut moves);
        let out = f(&moves);
        self.piece_moves = moves;
        Some(out)
    }

    /// The captures scored by what they take and with what (their exchange test left to the
    /// pick), promotions a little higher.
    fn score_captures(&mut self, list: &mut MoveList) {
        list.reset_scores();
        for i in 0..list.len() {
            let m = list.moves[i];
            let score = self.capture_order(m, self.victims(m), false) + self.promotion_order(m);
            list.set(i, score, m.promotion().is_none());
        }
    }

    /// Every move that is neither a capture nor tried already, scored by history (promotions a
    /// little higher); the node's number of moves is known from here on.
    fn generate_quiets(&mut self, p: &mut Picker, node: Node) {
        let list = &mut p.quiets;
        let (table, killers) = (p.table, p.killers);
        let early = |m: Move| table == Some(m) || killers.contains(&Some(m));
        if node.danger && self.succession {
            // The King's succession asks the whole list whether the side is mated.
            generate(&self.pos, &mut list.moves);
            self.deferrals.drop_deferrals(&self.pos, &mut list.moves);
            add_succession_if_mated(&mut self.pos, &mut list.moves);
            p.total = Some(list.len());
            let pos = &self.pos;
            list.moves.retain(|&m| !early(m) && !is_capture(pos, m));
        } else {
            // The captures are in `p.captures` already (with their deferrals dropped alike:
            // a promotion's twin takes what it takes).
            generate_quiets(&self.pos, &mut list.moves);
            self.deferrals.drop_deferrals(&self.pos, &mut list.moves);
            p.total = Some(list.len() + p.captures.len());
            list.moves.retain(|&m| !early(m));
        }
        list.reset_scores();
        let ctx = self.context(node.ply);
        for i in 0..list.len() {
            let m = list.moves[i];
            let score = self.history_score(m, ctx) + self.promotion_order(m);
            list.set(i, score, false);
        }
        p.quiet_next = 0;
    }
}
