//! Which pseudo-legal moves are legal, and why not: the game is over, royal safety where the game
//! has check, the Chu Shogi lion-capture rules, and the repetition rules (Chu's no-repeat,
//! Scirocco's and Typhoon's no third occurrence). One check ([`check`], [`try_make`]) for every
//! front end and the search.

pub use super::check::{in_check, royals_safe};
use super::lion::{self, LionRule};
use crate::geometry::Color;
use crate::geometry::Square;
use crate::movegen;
use crate::movegen::attack::{after_plain, attacked_through};
use crate::moves::Move;
use crate::position::{Position, Undo};
use crate::variant::{Legality, Repetition};
use std::fmt;

/// Why a pseudo-legal move is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is already decided by material (a side without royals, a bare king).
    GameOver,
    /// It leaves the mover's King attacked (games with check).
    LeavesKingInCheck,
    /// Chu Shogi's lion-capture rules forbid it.
    LionCapture(LionRule),
    /// It recreates an earlier position with the same side to move (Chu Shogi).
    Repeats,
    /// It would produce a position for the third time (Scirocco, Typhoon).
    ThirdOccurrence,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("the game is over"),
            Illegal::LeavesKingInCheck => f.write_str("it leaves the King in check"),
            // One text for both rules (the rules pages quote it); the variant says which.
            Illegal::LionCapture(_) => {
                f.write_str("the lion-capture rules forbid it (protected distant Lion, or counter-strike)")
            }
            Illegal::Repeats => f.write_str("it repeats an earlier position"),
            Illegal::ThirdOccurrence => f.write_str("it would produce the same position for the third time"),
        }
    }
}

impl std::error::Error for Illegal {}

/// Whether the history-dependent repetition rules are applied: always in play, and optionally
/// in perft, which counts like independent move counters without them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    /// Judge repetitions from the position's history, as a game does.
    Apply,
    /// Take every position as new: perft counts, comparable with other move counters.
    Ignore,
}

/// How a side loses by material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialLoss {
    /// It has no royal piece left.
    NoRoyal,
    /// The bare-king rule: it has at most one piece (Scirocco, Typhoon).
    BareKing,
}

/// Whether `c` meets a loss condition of material: no royal piece left, or, with the bare-king
/// rule, at most one piece in total (so with two pieces left, losing either loses), or a bare
/// royal by lishogi's or the JCSA's rule (`rules::bare`).
pub fn loss_condition(pos: &Position, c: Color) -> Option<MaterialLoss> {
    let rules = &pos.variant().rules;
    if pos.royal_count(c) == 0 {
        Some(MaterialLoss::NoRoyal)
    } else if rules.bare_king && pos.pieces(c).len() <= 1
        || rules.bare_royal && super::bare::bared(pos, c)
        || rules.bare_royal_reply && super::bare::bared_with_reply(pos, c)
    {
        Some(MaterialLoss::BareKing)
    } else {
        None
    }
}

/// Whether the game is already decided by material. Then there are no legal moves.
pub fn material_decided(pos: &Position) -> bool {
    Color::ALL.iter().any(|&c| loss_condition(pos, c).is_some())
}

/// Whether the game is already decided by lost royals (then there are no legal moves).
pub fn royal_lost(pos: &Position) -> bool {
    pos.royal_count(Color::White) == 0 || pos.royal_count(Color::Black) == 0
}

/// The rules that need the position before the move (the game not being over aside).
fn check_before(pos: &mut Position, m: Move) -> Result<(), Illegal> {
    if pos.variant().rules.lion_capture_rules {
        lion::check(pos, m).map_err(Illegal::LionCapture)?;
    }
    Ok(())
}

/// The rules that need the position after the move (made by `us`); the repetition rules only
/// with a recorded history (`make`, not `make_raw`).
fn check_after(pos: &Position, us: Color, history: History) -> Result<(), Illegal> {
    check_after_knowing(pos, us, history, Safety::Ask)
}

/// How the mover's royal safety is judged after a move (`try_make_knowing`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Safety {
    /// Known from before the move.
    Known(bool),
    /// Safe before; only the lines through these two squares can have changed.
    Through([Square; 2]),
    /// Asked of the position.
    Ask,
}

/// [`check_after`], with the royals' safety judged as `safety` says.
fn check_after_knowing(pos: &Position, us: Color, history: History, safety: Safety) -> Result<(), Illegal> {
    let safe = match safety {
        Safety::Known(safe) => safe,
        Safety::Through(squares) => {
            !pos.royal_squares(us).any(|r| attacked_through(pos, r, us.flip(), squares, &|sq| pos.cell(sq)))
        }
        Safety::Ask => royals_safe(pos, us),
    };
    if !safe {
        return Err(Illegal::LeavesKingInCheck);
    }
    if history == History::Apply {
        match pos.variant().rules.repetition {
            Repetition::ForbidRepeat if pos.prior_occurrences() > 0 => return Err(Illegal::Repeats),
            Repetition::ForbidThird if pos.prior_occurrences() >= 2 => return Err(Illegal::ThirdOccurrence),
            _ => {}
        }
    }
    Ok(())
}

/// Whether the pseudo-legal move `m` is legal here, and if not, why. With `History::Ignore` the
/// repetition rules are not applied (perft's default). The position is left as it was.
pub fn check(pos: &mut Position, m: Move, history: History) -> Result<(), Illegal> {
    if material_decided(pos) {
        return Err(Illegal::GameOver);
    }
    check_move(pos, m, history)
}

/// [`check`] with the repetition rules applied, told whether the mover's royals are safe before
/// the move (`safe`, as [`try_make_knowing`] is): the same verdict as `try_make_knowing`'s,
/// without keeping the move made. The search asks it of moves it skips but still counts.
pub fn check_knowing(pos: &mut Position, m: Move, safe: Option<bool>) -> Result<(), Illegal> {
    if material_decided(pos) {
        return Err(Illegal::GameOver);
    }
    check_move_knowing(pos, m, History::Apply, safe)
}

/// [`check`] in a position whose game is not over.
fn check_move(pos: &mut Position, m: Move, history: History) -> Result<(), Illegal> {
    check_move_knowing(pos, m, history, None)
}

/// [`check_move`], told whether the mover's royals are safe before the move (`safe`), which
/// lets a move that cannot change their safety be judged without making it.
fn check_move_knowing(pos: &mut Position, m: Move, history: History, safe: Option<bool>) -> Result<(), Illegal> {
    check_before(pos, m)?;
    let rules = &pos.variant().rules;
    let us = pos.side();
    // A third occurrence needs two earlier ones with the same side to move, so at least two
    // earlier positions since the last irreversible move (passes make two-ply cycles).
    let window = if rules.repetition == Repetition::ForbidThird { 2 } else { 1 };
    let history = match history {
        History::Apply
            if rules.repetition.forbids_moves()
                && pos.recent_history().len() >= window
                && movegen::effect::may_repeat(pos, m) =>
        {
            History::Apply
        }
        _ => History::Ignore,
    };
    if history == History::Apply {
        let u = pos.make(m);
        let r = check_after(pos, us, history);
        pos.unmake(m, u);
        r
    } else if rules.legality == Legality::Check {
        if let Some(safe) = safe.filter(|_| keeps_royal_safety(pos, m)) {
            return if safe { Ok(()) } else { Err(Illegal::LeavesKingInCheck) };
        }
        if safe == Some(true) && plain_non_royal(pos, m) {
            // Safe before, and only the lines through the two squares the move changes can
            // bring an attack: read them on the board as it will be, without making the move.
            let us = pos.side();
            let after = after_plain(&*pos, m);
            let attacked = pos.royal_squares(us).any(|r| attacked_through(pos, r, us.flip(), [m.from, m.to], &after));
            return if attacked { Err(Illegal::LeavesKingInCheck) } else { Ok(()) };
        }
        let u = pos.make_raw(m);
        let r = check_after(pos, us, history);
        pos.unmake_raw(m, u);
        r
    } else {
        Ok(())
    }
}

/// Whether the move `m` surely leaves the mover's royals exactly as safe as they are: a plain
/// move (no capture on the way, no special effect) by a piece that is not royal and does not
/// become one, that changes no square able to decide an attack on them
/// (`movegen::influence`). `false` when unsure.
fn keeps_royal_safety(pos: &Position, m: Move) -> bool {
    if !plain_non_royal(pos, m) {
        return false;
    }
    let us = pos.side();
    let infl = &pos.game().tables.attacks[us.flip()].influence;
    pos.royal_squares(us).all(|r| !infl.may_matter(r, m.from) && !infl.may_matter(r, m.to))
}

/// Whether `m` changes the board on its two squares alone, in a game whose attacks the tables
/// say whole (`influence` bounded): a plain move (no capture on the way, no special effect) by
/// a piece that is not royal and does not become one.
fn plain_non_royal(pos: &Position, m: Move) -> bool {
    if m.kind != crate::moves::MoveKind::Normal || m.mids().next().is_some() {
        return false;
    }
    let v = pos.variant();
    let royal = |k: crate::variant::KindId| v.piece(k).royal;
    !(pos.piece_at(m.from).is_none_or(|p| royal(p.kind())) || m.promotion().is_some_and(royal))
        && pos.game().tables.attacks[pos.side().flip()].influence.is_bounded()
}

/// Makes the pseudo-legal move `m` if it is legal and returns its undo record; otherwise leaves
/// the position as it was and says why. The same rules as [`check`], with a single `make` (the
/// search's hot path).
pub fn try_make(pos: &mut Position, m: Move) -> Result<Undo, Illegal> {
    try_make_knowing(pos, m, None)
}

/// [`try_make`], told whether the mover's royals are safe before the move (`safe`, the search
/// knows it): a move that cannot change their safety is not asked about it again, and one
/// that changes only two squares is asked only about the lines through them.
pub fn try_make_knowing(pos: &mut Position, m: Move, safe: Option<bool>) -> Result<Undo, Illegal> {
    if material_decided(pos) {
        return Err(Illegal::GameOver);
    }
    check_before(pos, m)?;
    let us = pos.side();
    let safety = match safe {
        Some(safe) if pos.variant().rules.legality == Legality::Check && plain_non_royal(pos, m) => {
            if keeps_royal_safety(pos, m) {
                Safety::Known(safe)
            } else if safe {
                Safety::Through([m.from, m.to])
            } else {
                Safety::Ask
            }
        }
        _ => Safety::Ask,
    };
    let u = pos.make(m);
    match check_after_knowing(pos, us, History::Apply, safety) {
        Ok(()) => Ok(u),
        Err(e) => {
            pos.unmake(m, u);
            Err(e)
        }
    }
}

/// How often the position with repetition key `key` occurred in the game so far (the current
/// position included). Earlier positions before an irreversible move cannot match.
pub fn occurrences(pos: &Position, key: u64) -> usize {
    pos.recent_history().iter().filter(|&&k| k == key).count() + (pos.repetition_key() == key) as usize
}

/// Every legal move of the side to move, in generation order.
pub fn legal_moves(pos: &mut Position, out: &mut Vec<Move>) {
    legal_moves_with(pos, out, History::Apply);
}

/// [`legal_moves`], optionally without the repetition rules.
pub fn legal_moves_with(pos: &mut Position, out: &mut Vec<Move>, history: History) {
    out.clear();
    if material_decided(pos) {
        return;
    }
    movegen::generate(pos, out);
    if any_rule_applies(pos, history) {
        retain_legal(pos, out, history);
    }
    // A King that would be mated may hand over to a successor (Timurid).
    if out.is_empty() && super::succession::possible(pos) && in_check(pos, pos.side()) {
        succession_moves(pos, out);
    }
}

/// Keeps the legal moves of the pseudo-legal `out`, in order.
fn retain_legal(pos: &mut Position, out: &mut Vec<Move>, history: History) {
    if !applies_beyond_lions(pos, history) {
        lion::retain_allowed(pos, out);
        return;
    }
    // Whether the royals are safe now, asked once, where a move may be judged by it.
    let safe = (pos.variant().rules.legality == Legality::Check
        && pos.game().tables.attacks[pos.side().flip()].influence.is_bounded())
    .then(|| royals_safe(pos, pos.side()));
    let mut w = 0;
    for r in 0..out.len() {
        let m = out[r];
        if check_move_knowing(pos, m, history, safe).is_ok() {
            out[w] = m;
            w += 1;
        }
    }
    out.truncate(w);
}

/// Whether any rule can make a pseudo-legal move illegal here (the game not being over aside):
/// the lion-capture rules, royal safety where the game has check, or a repetition rule that
/// forbids moves, applied and with history to repeat. Otherwise every generated move is legal.
fn any_rule_applies(pos: &Position, history: History) -> bool {
    pos.variant().rules.lion_capture_rules || applies_beyond_lions(pos, history)
}

/// Whether a rule other than the lion-capture rules can make a move illegal here: royal
/// safety where the game has check, or a repetition rule applied with history to repeat.
fn applies_beyond_lions(pos: &Position, history: History) -> bool {
    let rules = &pos.variant().rules;
    let window = if rules.repetition == Repetition::ForbidThird { 2 } else { 1 };
    rules.legality == Legality::Check
        || history == History::Apply && rules.repetition.forbids_moves() && pos.recent_history().len() >= window
}

/// Convenience: the legal moves as a new vector.
pub fn legal_move_list(pos: &mut Position) -> Vec<Move> {
    let mut v = Vec::with_capacity(256);
    legal_moves(pos, &mut v);
    v
}

/// Whether the side to move has a legal move (the first one found answers).
pub fn has_legal_move(pos: &mut Position) -> bool {
    if material_decided(pos) {
        return false;
    }
    let mut moves = Vec::with_capacity(256);
    movegen::generate(pos, &mut moves);
    if moves.iter().any(|&m| check_move(pos, m, History::Apply).is_ok()) {
        return true;
    }
    // A King that would be mated may hand over to a successor (Timurid), as in the list above.
    if super::succession::possible(pos) && in_check(pos, pos.side()) {
        moves.clear();
        succession_moves(pos, &mut moves);
        return !moves.is_empty();
    }
    false
}

/// Appends the legal succession moves (`rules::succession`) of the side to move, which must be
/// in check with no ordinary legal move (the caller knows).
fn succession_moves(pos: &mut Position, out: &mut Vec<Move>) {
    let start = out.len();
    super::succession::candidates(pos, out);
    let mut w = start;
    for r in start..out.len() {
        let m = out[r];
        if check(pos, m, History::Ignore).is_ok() {
            out[w] = m;
            w += 1;
        }
    }
    out.truncate(w);
}

/// For the search: if the side to move, in check, has no legal move among the pseudo-legal
/// `pseudo`, appends its succession moves (`rules::succession`) to them.
pub fn add_succession_if_mated(pos: &mut Position, pseudo: &mut Vec<Move>) {
    if !super::succession::possible(pos) || !in_check(pos, pos.side()) {
        return;
    }
    if pseudo.iter().any(|&m| check(pos, m, History::Ignore).is_ok()) {
        return;
    }
    succession_moves(pos, pseudo);
}

/// Whether `m` is a legal move here (generated and legal).
pub fn is_legal(pos: &mut Position, m: Move) -> bool {
    legal_move_list(pos).contains(&m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::random::Rng;

    /// The shortcuts of a legal-move list (royal safety known before the move, the lines
    /// through the squares it changes) judge every pseudo-legal move of random games as making
    /// it does, in the games with check whose attacks the tables say whole.
    #[test]
    fn judging_without_making_agrees_with_making() {
        let mut judged = 0;
        for name in ["heavy-shako", "patchanka", "bigorra"] {
            let g = Game::builtin(name).unwrap();
            let mut rng = Rng::new(0x5afe);
            for _ in 0..8 {
                let mut pos = Position::start(&g);
                for _ in 0..150 {
                    let mut pseudo = Vec::new();
                    movegen::generate(&pos, &mut pseudo);
                    let safe = Some(royals_safe(&pos, pos.side()));
                    for &m in &pseudo {
                        let quick = check_move_knowing(&mut pos, m, History::Ignore, safe);
                        let made = check_move_knowing(&mut pos, m, History::Ignore, None);
                        assert_eq!(quick, made, "{name} {pos:?} {m:?}");
                        judged += 1;
                    }
                    let legal = legal_move_list(&mut pos);
                    if legal.is_empty() {
                        break;
                    }
                    pos.make(legal[rng.below(legal.len() as u64) as usize]);
                }
            }
        }
        assert!(judged > 50_000, "only {judged} moves judged");
    }
}
