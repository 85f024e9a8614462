//! The end of the game: royal capture, checkmate, stalemate, no legal move, bare kings (draw),
//! bare king (loss), the 50-move rule and the repetition rules, each as the game's rules say,
//! judged in one place ([`end`]) for the referee and the search.

use super::legality::{has_legal_move, in_check, loss_condition, MaterialLoss};
use super::repetition::{self, Cycle};
use crate::geometry::Color;
use crate::position::Position;
use crate::variant::{Legality, NoMoves, Repetition};
use std::fmt;

/// Why a game ended: the rule that decided it, for the result's text and the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move is in check with no legal move (or, under the JCSA's rule in Dai, its royal
    /// cannot escape capture).
    Checkmate,
    /// A side has lost its last royal piece.
    AllRoyalsCaptured,
    /// The side to move has no legal move and loses (the shogi games).
    NoLegalMove,
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Each side has one piece left, or (`lone_royals_draw`) one royal each and nothing else that
    /// counts: a draw in the games that say so.
    BareKings,
    /// Scirocco: the side has at most one piece left.
    BareKing,
    /// 100 plies without a capture, promotion or clock-resetting move.
    FiftyMoves,
    /// The third occurrence of a position (for the search, any repetition in its tree).
    Repetition,
    /// Nutty: a side gave check with every move of the repetition cycle.
    PerpetualCheck,
    /// Nutty: a side made attacking moves in the cycle and the other none.
    PerpetualChase,
    /// Nutty: the first repetition, with no attacking move on either side.
    RepetitionDraw,
    /// Nutty: both sides attacked in the cycle; the side that completed it loses.
    RepetitionCompleted,
    /// Tai option `repetition = "draw-fourth"`: a position occurred for the fourth time.
    FourfoldRepetition,
    /// lishogi's Chu: at the fourth occurrence, one side made only attacking moves since the
    /// first.
    PerpetualAttack,
    /// The referee's move cap (`move_cap`, a match setting): that many full moves were played.
    MoveCap,
}

impl Reason {
    /// The reason in words, as the result message gives it (`checkmate`, `50-move rule`).
    pub fn text(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::AllRoyalsCaptured => "all royals captured",
            Reason::NoLegalMove => "no legal move",
            Reason::Stalemate => "stalemate",
            Reason::BareKings => "bare kings",
            Reason::BareKing => "bare king",
            Reason::FiftyMoves => "50-move rule",
            Reason::Repetition => "threefold repetition",
            Reason::PerpetualCheck => "repetition: the loser gave check with every move (perpetual check)",
            Reason::PerpetualChase => "repetition: the loser attacked and the winner did not (perpetual chase)",
            Reason::RepetitionDraw => "repetition without attacks",
            Reason::RepetitionCompleted => "repetition with attacks by both sides: the loser completed it",
            Reason::FourfoldRepetition => "fourfold repetition",
            Reason::PerpetualAttack => "fourfold repetition: the loser attacked with every move since the first",
            Reason::MoveCap => "move cap reached",
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that wins.
        winner: Color,
        /// By which rule.
        reason: Reason,
    },
    /// Neither side won.
    Draw {
        /// By which rule.
        reason: Reason,
    },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason: Reason::Checkmate } => write!(f, "checkmate: {} wins", winner.name()),
            Outcome::Win { winner, reason } => {
                write!(f, "{} wins: {}", winner.name(), reason.text())
            }
            Outcome::Draw { reason } => write!(f, "draw: {}", reason.text()),
        }
    }
}

impl Outcome {
    /// The end in the words of game records and protocols, side first: `White wins:
    /// checkmate`, `Black wins: all royals captured`, `Draw: 50-move rule`.
    pub fn summary(self) -> String {
        match self {
            Outcome::Win { winner: Color::White, reason } => format!("White wins: {}", reason.text()),
            Outcome::Win { winner: Color::Black, reason } => format!("Black wins: {}", reason.text()),
            Outcome::Draw { reason } => format!("Draw: {}", reason.text()),
        }
    }
}

/// Who asks whether the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// The referee of a game: the rules as written.
    Referee,
    /// The search, at a node of its tree. It reads a repetition in the tree as the draw (or,
    /// in Nutty Shogi, the result) it can be forced into, and leaves the end by having no legal
    /// move to its own move loop ([`without_moves`]).
    Search,
}

/// The result when the side to move has no legal move: it loses, or (Bigorra) it is
/// checkmated or stalemated.
pub fn without_moves(pos: &Position) -> Outcome {
    let side = pos.side();
    let v = pos.variant();
    match v.rules.no_moves {
        NoMoves::Loses => Outcome::Win { winner: side.flip(), reason: Reason::NoLegalMove },
        NoMoves::StalemateDraws if v.rules.legality == Legality::Check && in_check(pos, side) => {
            Outcome::Win { winner: side.flip(), reason: Reason::Checkmate }
        }
        NoMoves::StalemateDraws => Outcome::Draw { reason: Reason::Stalemate },
    }
}

/// The result if the game is over in `pos` (with its history), else `None`: the referee's
/// [`end`].
pub fn outcome(pos: &Position) -> Option<Outcome> {
    end(pos, Judge::Referee)
}

/// The one test of the end of a game, for the referee and the search.
///
/// Order (`docs/rules/scirocco.md` §6, `docs/rules/nutty.md` §5): the side to move loses if it meets a
/// loss condition of material, otherwise the other side does if it meets one (so a set-up
/// position where both do is lost by the side to move); then the JCSA's checkmate (Dai
/// option); a Nutty repetition is judged before any
/// question of moves; the referee's fourfold repetition (Tai option) and move cap end the game
/// at once; a side without a legal move loses or is stalemated; only then come the draws by bare
/// kings, the 50-move rule and threefold repetition. The search follows the same order.
pub fn end(pos: &Position, judge: Judge) -> Option<Outcome> {
    let side = pos.side();
    for c in [side, side.flip()] {
        if let Some(loss) = loss_condition(pos, c) {
            let reason = match loss {
                MaterialLoss::NoRoyal => Reason::AllRoyalsCaptured,
                MaterialLoss::BareKing => Reason::BareKing,
            };
            return Some(Outcome::Win { winner: c.flip(), reason });
        }
    }
    let rules = pos.variant().rules;
    // The JCSA's checkmate ends the game before the royal is taken, for the referee and in the
    // search's tree alike.
    if rules.mate_ends_game && super::mate::mated(pos) {
        return Some(Outcome::Win { winner: side.flip(), reason: Reason::Checkmate });
    }
    if rules.repetition == Repetition::FirstRepetition && repeats(pos, judge, 1) {
        if let Some(o) = repetition::judge(pos).map(cycle_outcome) {
            return Some(o);
        }
    }
    if judge == Judge::Search && rules.repetition == Repetition::FourthAttackerLoses && repeats(pos, judge, 1) {
        if let Some(Some(loser)) = repetition::repeated_cycle_loser(pos) {
            return Some(Outcome::Win { winner: loser.flip(), reason: Reason::PerpetualAttack });
        }
    }
    if judge == Judge::Referee {
        if rules.repetition == Repetition::DrawFourth && repeats(pos, judge, 3) {
            return Some(Outcome::Draw { reason: Reason::FourfoldRepetition });
        }
        if rules.repetition == Repetition::FourthAttackerLoses {
            if let Some(o) = repetition::fourth_occurrence(pos) {
                return Some(match o {
                    Some(loser) => Outcome::Win { winner: loser.flip(), reason: Reason::PerpetualAttack },
                    None => Outcome::Draw { reason: Reason::FourfoldRepetition },
                });
            }
        }
        // A referee setting, not a rule: after `move_cap` full moves the game is drawn.
        if rules.move_cap > 0 && pos.fullmove_number() > rules.move_cap {
            return Some(Outcome::Draw { reason: Reason::MoveCap });
        }
    }
    let draw = draw(pos, judge);
    // A side without a legal move loses or is stalemated before any draw is declared (Bigorra
    // `docs/rules/bigorra.md` §3.6: a checkmate given as the halfmove clock reaches 100 wins). The referee asks
    // at every position. The search asks only where a draw would end it (its move loop finds
    // the other positions without moves), and not for a repetition: a position that occurred
    // before had the same moves then (no game that draws by repetition forbids moves by it),
    // and the game went on from it.
    let ask = match judge {
        Judge::Referee => true,
        Judge::Search => draw.is_some_and(|r| r != Reason::Repetition),
    };
    // Whether a move is legal is asked by making it: on a copy, which only these positions
    // (and a checked side under the JCSA's checkmate, `mate::mated`) need.
    if ask && !has_legal_move(&mut pos.clone()) {
        return Some(without_moves(pos));
    }
    draw.map(|reason| Outcome::Draw { reason })
}

/// The draws that a checkmate or a stalemate comes before: bare kings, the 50-move rule, and a
/// repetition (the third occurrence for the referee; for the search, any in its tree, and the
/// fourth-occurrence rule alike).
fn draw(pos: &Position, judge: Judge) -> Option<Reason> {
    let rules = &pos.variant().rules;
    let lone = |c: Color| pos.pieces(c).len() == 1;
    if rules.bare_kings_draw && lone(Color::White) && lone(Color::Black)
        || rules.lone_royals_draw && super::bare::lone_royals(pos)
    {
        return Some(Reason::BareKings);
    }
    if rules.fifty_move_rule && pos.halfmove_clock() >= 100 {
        return Some(Reason::FiftyMoves);
    }
    let repetition_draws = match judge {
        Judge::Referee => rules.repetition == Repetition::DrawThird,
        // lishogi's rule in the tree: a repetition is a draw unless one side only attacked
        // (then `end` has already scored it as that side's loss).
        Judge::Search => {
            matches!(rules.repetition, Repetition::DrawThird | Repetition::DrawFourth | Repetition::FourthAttackerLoses)
        }
    };
    if repetition_draws && repeats(pos, judge, 2) {
        return Some(Reason::Repetition);
    }
    None
}

/// Whether the position occurred `times` times before, as the referee counts; for the search,
/// whether it occurred before at all, four plies or more back.
fn repeats(pos: &Position, judge: Judge, times: usize) -> bool {
    match judge {
        Judge::Referee => pos.prior_occurrences() >= times,
        Judge::Search => pos.rev_plies() >= 4 && pos.prior_occurrences() >= 1,
    }
}

fn cycle_outcome(c: Cycle) -> Outcome {
    match c {
        Cycle::PerpetualCheck { loser } => Outcome::Win { winner: loser.flip(), reason: Reason::PerpetualCheck },
        Cycle::PerpetualChase { loser } => Outcome::Win { winner: loser.flip(), reason: Reason::PerpetualChase },
        Cycle::NoAttacks => Outcome::Draw { reason: Reason::RepetitionDraw },
        Cycle::Completed { loser } => Outcome::Win { winner: loser.flip(), reason: Reason::RepetitionCompleted },
    }
}
