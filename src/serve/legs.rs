//! The click interface's view of legal moves: each move of a piece as the squares a person
//! clicks, in order ("legs"). This is the one place that turns the core's `Move` fields into
//! clicks:
//!
//! - a plain move, capture, en passant, sweep, long leap, hook move or area move: the
//!   destination (`[to]`; implied captures follow from it);
//! - a move through captured squares (lion double move, hop, Teaching King): each captured
//!   square, then the destination (`[e6, e7]`); igui and shots end on the origin (`[e6, e5]`);
//! - a pass, or a frozen piece's self-capture: the piece's own square (`[e5]`);
//! - a chosen capture (Sorcerer approach, optional withdrawal): destination, then the victim;
//! - a conversion: destination (the origin for the Cuckoo), then the converted piece.
//!
//! Moves with the same clicks (a promotion and its refusal, a swap) are told apart by the page,
//! which asks, showing each move's text.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::notation::format_move;
use crate::position::Position;
use crate::rules::legality::legal_move_list;
use serde::Serialize;

/// One legal move of the selected piece.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Choice {
    /// The move in our notation: what the page sends back to play it.
    pub text: String,
    /// Squares to click after the piece, in order.
    pub legs: Vec<String>,
    /// The move promotes.
    pub promotes: bool,
    /// What else the move does, for the page's question when several moves share their legs:
    /// `swap`, `convert`, `capture-choice`, `self-capture`, `pass`, or empty.
    pub effect: &'static str,
}

/// The squares clicked for `m`, in order.
pub fn legs(m: &Move) -> Vec<Square> {
    match m.kind {
        MoveKind::Pass | MoveKind::SelfCapture => vec![m.from],
        MoveKind::Convert | MoveKind::Approach | MoveKind::Chosen => vec![m.to, m.aux],
        MoveKind::Implied
        | MoveKind::Line
        | MoveKind::Swap
        | MoveKind::EnPassant
        | MoveKind::Castle
        | MoveKind::Succession => vec![m.to],
        MoveKind::Normal => {
            let mut out: Vec<Square> = m.mids().collect();
            out.push(m.to);
            out
        }
    }
}

fn effect(m: &Move) -> &'static str {
    match m.kind {
        MoveKind::Swap => "swap",
        MoveKind::Convert => "convert",
        MoveKind::Approach | MoveKind::Chosen => "capture-choice",
        MoveKind::SelfCapture => "self-capture",
        MoveKind::Pass => "pass",
        _ => "",
    }
}

/// Every legal move of the piece on `from`, sorted by text.
pub fn choices(pos: &mut Position, from: Square) -> Vec<Choice> {
    let v = std::sync::Arc::clone(pos.game());
    let mut out: Vec<Choice> = legal_move_list(pos)
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| Choice {
            text: format_move(&v, m),
            legs: legs(&m).into_iter().map(|s| v.shape.name(s)).collect(),
            promotes: m.promotion().is_some(),
            effect: effect(&m),
        })
        .collect();
    out.sort_by(|a, b| a.text.cmp(&b.text));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    fn at(game: &str, fen: &str, sq: &str) -> Vec<Choice> {
        let v = Game::builtin(game).unwrap();
        let mut p = Position::from_fen(&v, fen).unwrap();
        let s = v.shape.parse_square(sq).unwrap();
        choices(&mut p, s)
    }

    fn find<'a>(cs: &'a [Choice], text: &str) -> &'a Choice {
        cs.iter().find(|c| c.text == text).unwrap_or_else(|| panic!("no {text} in {cs:?}"))
    }

    #[test]
    fn lion_moves_leg_by_leg() {
        let cs = at("chu", "12/12/12/12/12/4k7/4+e7/4N7/12/12/K11/12 w - 1", "e5");
        assert_eq!(find(&cs, "e5e6,e6e7").legs, ["e6", "e7"]);
        assert_eq!(find(&cs, "e5e6,e6e5").legs, ["e6", "e5"]);
        assert_eq!(find(&cs, "e5e6").legs, ["e6"]);
        assert_eq!(find(&cs, "e5e7").legs, ["e7"]);
        let pass = find(&cs, "e5e5");
        assert_eq!((pass.legs.as_slice(), pass.effect), (&["e5".to_string()][..], "pass"));
        // Every text the page may send back is a legal move of the piece, once.
        let mut texts: Vec<&str> = cs.iter().map(|c| c.text.as_str()).collect();
        texts.dedup();
        assert_eq!(texts.len(), cs.len());
    }

    #[test]
    fn promotion_is_a_choice_between_two_moves_with_the_same_legs() {
        // A Chu Pawn entering the zone may promote or not.
        let cs = at("chu", "6k5/12/12/12/4P7/12/12/12/12/12/12/5K6 w - 1", "e8");
        let (yes, no) = (find(&cs, "e8e9+"), find(&cs, "e8e9"));
        assert_eq!(yes.legs, no.legs);
        assert!(yes.promotes && !no.promotes);
    }

    #[test]
    fn typhoon_choices() {
        // Sorcerer: b3 alone, or b3 then the first victim c3.
        let cs = at("typhoon", "11k/12/12/12/12/12/12/12/12/(SO)1pc1n6/12/11K w", "a3");
        assert_eq!(find(&cs, "a3b3").legs, ["b3"]);
        let x = find(&cs, "a3b3xc3");
        assert_eq!((x.legs.as_slice(), x.effect), (&["b3".to_string(), "c3".to_string()][..], "capture-choice"));
        // Hummingbird: capture or swap on b4 have the same click, told apart by the effect.
        let cs = at("typhoon", "11k/12/12/12/12/12/12/p11/(HU)(sq)10/12/(OT)11/11K w", "a4");
        assert_eq!(find(&cs, "a4b4").legs, find(&cs, "a4b4s").legs);
        assert_eq!(find(&cs, "a4b4s").effect, "swap");
        // Cuckoo converts without moving: its own square, then the victim.
        let cs = at("typhoon", "11k/12/12/12/12/12/12/p11/(CU)11/12/12/11K w", "a4");
        assert_eq!(find(&cs, "a4a4~a5").legs, ["a4", "a5"]);
        // Missionary: the destination, then the converted piece.
        let cs = at("typhoon", "11k/12/12/12/12/12/3p8/12/12/(MI)11/12/11K w", "a3");
        assert_eq!(find(&cs, "a3c5~d6").legs, ["c5", "d6"]);
    }
}
