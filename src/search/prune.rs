//! The pruning and reduction rules of the main search, as named numbers and small pure
//! functions: which nodes end on their static evaluation, which late moves are skipped or
//! searched shallower. `worker.rs` applies them; every rule there is skipped when the side to
//! move's last royal is attacked (`danger`), in PV nodes where said, and when a bound is a
//! mate score, so that a forced win or loss is never pruned on a static guess.

use super::MATE_BOUND;
use crate::variant::{LateMoves, Reductions};

/// Reverse futility pruning (static null move): a non-PV node at depth `RFP_MAX_DEPTH` or less
/// whose static evaluation beats beta by `RFP_MARGIN` per ply of depth fails high without a
/// search. Safe here because the opponent would need to win that margin back within `depth`
/// plies against a side that may also move; on giant boards one ply rarely swings a position by
/// more than a minor piece unless a capture is pending, which the margin and the depth cap bound.
pub(super) const RFP_MAX_DEPTH: i32 = 6;
pub(super) const RFP_MARGIN: i32 = 90;

/// Whether a node with static evaluation `eval` fails high against `beta` without a search.
/// Never on mate scores: a static guess is no bound on a forced mate.
pub(super) fn reverse_futility(eval: i32, beta: i32, depth: i32) -> bool {
    depth <= RFP_MAX_DEPTH && beta.abs() < MATE_BOUND && eval.abs() < MATE_BOUND && eval - RFP_MARGIN * depth >= beta
}

/// Razoring (`[search] razoring`): a non-PV node at depth `RAZOR_MAX_DEPTH` or less whose
/// static evaluation is `RAZOR_BASE + RAZOR_PER_DEPTH` per ply below alpha is unlikely to be
/// saved by a quiet move: the quiescence search (captures) is asked, and the node ends on its
/// answer when that stays at or below alpha. A capture that saves it is found; a quiet save is
/// what the margin bets against.
pub(super) const RAZOR_MAX_DEPTH: i32 = 2;
pub(super) const RAZOR_BASE: i32 = 300;
pub(super) const RAZOR_PER_DEPTH: i32 = 200;

/// Whether a node with static evaluation `eval` at `depth` is razored against `alpha`.
pub(super) fn razor(eval: i32, alpha: i32, depth: i32) -> bool {
    depth <= RAZOR_MAX_DEPTH && short_of(eval, alpha, RAZOR_BASE + RAZOR_PER_DEPTH * depth)
}

/// Whether `eval` falls `margin` or more short of `alpha`, neither being a mate score (a
/// static guess is no bound on a forced mate).
fn short_of(eval: i32, alpha: i32, margin: i32) -> bool {
    alpha.abs() < MATE_BOUND && eval.abs() < MATE_BOUND && eval + margin <= alpha
}

/// Late-move pruning: at depth `LMP_MAX_DEPTH` or less, a quiet move ranked after
/// `lmp_count` legal moves is not searched. Safe because moves are ordered (table move,
/// captures, killers, history) and a position with 100-300 legal moves has few quiet moves that
/// matter at the frontier; checks, promotions and captures are never skipped, and the node
/// keeps at least the moves searched before.
pub(super) const LMP_MAX_DEPTH: i32 = 4;
pub(super) const LMP_BASE: usize = 4;

/// The number of moves of a chess position the fixed counts were made for (`LateMoves::Share`).
pub(super) const LMP_REFERENCE_MOVES: usize = 35;

/// How many legal moves a node at `depth` with `moves` pseudo-legal moves searches before it
/// skips late quiet ones, by the game's rule: more when the static evaluation is improving (the
/// side's plan is working; its quiet moves matter).
pub(super) fn lmp_count(rule: LateMoves, depth: i32, improving: bool, moves: usize) -> usize {
    let d = depth.max(0) as usize;
    let fixed = (LMP_BASE + d * d) * if improving { 2 } else { 1 };
    match rule {
        LateMoves::Fixed => fixed,
        LateMoves::Share => fixed.max(fixed * moves / LMP_REFERENCE_MOVES),
    }
}

/// Futility pruning of quiet moves at the frontier: at depth `FUTILITY_MAX_DEPTH` or less, a
/// quiet move cannot lift a static evaluation this far below alpha, since it wins no material
/// and gives no check.
pub(super) const FUTILITY_MAX_DEPTH: i32 = 3;
pub(super) const FUTILITY_BASE: i32 = 100;
pub(super) const FUTILITY_PER_DEPTH: i32 = 120;

/// Whether a quiet move at a node with static evaluation `eval` is futile against `alpha`.
pub(super) fn futile(eval: i32, alpha: i32, depth: i32) -> bool {
    depth <= FUTILITY_MAX_DEPTH && short_of(eval, alpha, FUTILITY_BASE + FUTILITY_PER_DEPTH * depth)
}

/// How many plies shallower a late quiet move ranked `nth` at `depth` is searched, by the
/// game's rule (`[search] reductions`); the caller clamps the result to the depth left.
pub(super) fn reduction(rule: Reductions, depth: i32, nth: usize, pv_node: bool) -> i32 {
    match rule {
        Reductions::Gentle => gentle_reduction(depth, nth),
        Reductions::Log => log_reduction(depth, nth, pv_node),
    }
}

/// Late-move reductions, the `gentle` rule (every game's default): one ply, one more after the
/// tenth move, one more from depth 9.
fn gentle_reduction(depth: i32, nth: usize) -> i32 {
    1 + i32::from(nth > 10) + i32::from(depth > 8)
}

/// Late-move reductions, the `log` rule (`[search] reductions`): a quiet move ranked `nth`
/// at `depth` is searched `0.75 + ln(depth) ln(nth) / 2.25` plies shallower (a ply less in PV
/// nodes), the rule of strong chess engines. Where a position has 100-300 legal moves and
/// ordering puts the few that matter first, the gentle rule's one or two plies leave the tree
/// nearly as bushy as without reductions; a reduced move that beats alpha is searched again at
/// full depth, so only the ordering's misses cost.
fn log_reduction(depth: i32, nth: usize, pv_node: bool) -> i32 {
    let (d, n) = (depth.max(1) as f64, nth.max(1) as f64);
    let r = (0.75 + d.ln() * n.ln() / 2.25) as i32;
    r - i32::from(pv_node)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_futility_needs_the_margin_a_shallow_depth_and_no_mate_bound() {
        assert!(reverse_futility(300, 100, 2));
        assert!(!reverse_futility(279, 100, 2), "the margin is 90 per ply");
        assert!(!reverse_futility(5000, 100, RFP_MAX_DEPTH + 1), "too deep");
        assert!(!reverse_futility(5000, MATE_BOUND, 1), "beta is a mate score");
        assert!(!reverse_futility(5000, -MATE_BOUND, 1), "beta is a mated score");
    }

    #[test]
    fn late_move_counts_grow_with_depth_and_improvement() {
        for rule in [LateMoves::Fixed, LateMoves::Share] {
            for moves in [20, 35, 300] {
                assert!(lmp_count(rule, 1, false, moves) < lmp_count(rule, 2, false, moves));
                assert!(lmp_count(rule, 2, false, moves) < lmp_count(rule, 3, false, moves));
                assert!(lmp_count(rule, 3, false, moves) < lmp_count(rule, 3, true, moves));
                assert!(lmp_count(rule, 1, false, moves) >= 3, "the table move, a capture and a killer stay");
            }
        }
    }

    #[test]
    fn a_share_keeps_as_many_moves_in_proportion_as_the_fixed_count_of_chess() {
        assert_eq!(lmp_count(LateMoves::Fixed, 1, false, 300), 5);
        assert_eq!(lmp_count(LateMoves::Share, 1, false, 35), 5);
        assert_eq!(lmp_count(LateMoves::Share, 1, false, 20), 5, "never fewer than the fixed count");
        assert_eq!(lmp_count(LateMoves::Share, 1, false, 300), 42);
        assert_eq!(lmp_count(LateMoves::Share, 4, false, 300), 171);
    }

    #[test]
    fn log_reductions_grow_with_depth_and_rank_and_spare_pv_nodes() {
        assert_eq!(log_reduction(3, 4, false), 1);
        assert_eq!(log_reduction(6, 20, false), 3);
        assert_eq!(log_reduction(10, 100, false), 5);
        assert_eq!(log_reduction(10, 100, true), 4);
        assert!(log_reduction(20, 200, false) > log_reduction(10, 100, false));
        assert_eq!(log_reduction(1, 1, true), -1, "the caller clamps at zero");
    }

    #[test]
    fn razoring_needs_the_margin_a_shallow_depth_and_no_mate_bound() {
        assert!(razor(0, 500, 1));
        assert!(!razor(0, 499, 1), "300 + 200 per ply");
        assert!(razor(0, 700, 2));
        assert!(!razor(-5000, 0, RAZOR_MAX_DEPTH + 1), "too deep");
        assert!(!razor(-5000, MATE_BOUND, 1), "alpha is a mate score");
    }

    #[test]
    fn futility_needs_the_margin_a_shallow_depth_and_no_mate_bound() {
        assert!(futile(0, 221, 1));
        assert!(!futile(0, 219, 1));
        assert!(!futile(-5000, 0, FUTILITY_MAX_DEPTH + 1));
        assert!(!futile(-5000, -MATE_BOUND, 1), "alpha is a mated score");
    }
}
