//! The end of the game: royal capture, checkmate, stalemate, no legal move, bare kings (draw),
//! bare king (loss), the 50-move rule and threefold repetition, each as the game's rules say.

use crate::geometry::Color;
use crate::position::Position;
use crate::rules::legality::{in_check, legal_move_list};
use crate::variant::{Legality, NoMoves, Repetition};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    AllRoyalsCaptured,
    NoLegalMove,
    Stalemate,
    BareKings,
    /// Scirocco: the side has at most one piece left.
    BareKing,
    FiftyMoves,
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
    /// The referee's move cap (`move_cap`, a match setting): that many full moves were played.
    MoveCap,
}

impl Reason {
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
            Reason::MoveCap => "move cap reached",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: Reason },
    Draw { reason: Reason },
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

/// Whether `c` meets a loss condition of material: no royal piece left, or, with the bare-king
/// rule, at most one piece in total (so with two pieces left, losing either loses).
pub fn loss_condition(pos: &Position, c: Color) -> Option<Reason> {
    if pos.royal_count(c) == 0 {
        Some(Reason::AllRoyalsCaptured)
    } else if pos.variant().rules.bare_king && pos.pieces(c).len() <= 1 {
        Some(Reason::BareKing)
    } else {
        None
    }
}

/// The result if the game is over in `pos` (with its history), else `None`.
///
/// Order (Scirocco section 6): the side to move loses if it meets a loss condition; otherwise
/// the other side loses if it does; otherwise a side with no legal move loses or is
/// stalemated, as the game says. So a set-up position where both sides meet one is lost by the
/// side to move.
pub fn outcome(pos: &mut Position) -> Option<Outcome> {
    let g = std::sync::Arc::clone(pos.game());
    let v = &g.variant;
    let side = pos.side();
    for c in [side, side.flip()] {
        if let Some(reason) = loss_condition(pos, c) {
            return Some(Outcome::Win { winner: c.flip(), reason });
        }
    }
    // Nutty (section 5 step 7): repetition is judged before the no-legal-move rule.
    if v.rules.repetition == Repetition::FirstRepetition {
        if let Some(o) = crate::rules::repetition::nutty_outcome(pos) {
            return Some(o);
        }
    }
    // The fourth occurrence ends the game at once, before any question of legal moves.
    if v.rules.repetition == Repetition::DrawFourth && pos.prior_occurrences() >= 3 {
        return Some(Outcome::Draw { reason: Reason::FourfoldRepetition });
    }
    // A referee setting, not a rule: after `move_cap` full moves the game is drawn.
    if v.rules.move_cap > 0 && pos.fullmove_number() > v.rules.move_cap {
        return Some(Outcome::Draw { reason: Reason::MoveCap });
    }
    if legal_move_list(pos).is_empty() {
        return Some(match (v.rules.no_moves, v.rules.legality) {
            (NoMoves::Loses, _) => Outcome::Win { winner: side.flip(), reason: Reason::NoLegalMove },
            (NoMoves::StalemateDraws, Legality::Check) if in_check(pos, side) => {
                Outcome::Win { winner: side.flip(), reason: Reason::Checkmate }
            }
            (NoMoves::StalemateDraws, _) => Outcome::Draw { reason: Reason::Stalemate },
        });
    }
    if v.rules.bare_kings_draw && pos.pieces(Color::White).len() == 1 && pos.pieces(Color::Black).len() == 1 {
        return Some(Outcome::Draw { reason: Reason::BareKings });
    }
    if v.rules.fifty_move_rule && pos.halfmove_clock() >= 100 {
        return Some(Outcome::Draw { reason: Reason::FiftyMoves });
    }
    if v.rules.repetition == Repetition::DrawThird && pos.prior_occurrences() >= 2 {
        return Some(Outcome::Draw { reason: Reason::Repetition });
    }
    None
}
