//! Mouse entry in XBoard: `lift` and `put` answered with `highlight` boards (yellow = move,
//! red = capture, cyan = first leg of a multi-leg move, magenta = promotion choice, blue =
//! forced promotion, answered with `choice` on `put`).

use super::Xboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::protocol::error::{CmdResult, CommandError};
use crate::protocol::squares::parse_xb_move;
use crate::protocol::xbetza::placement;
use crate::rules::legality::legal_move_list;
use crate::variant::PromotionText;

/// A piece the user has picked up, and the first leg of a multi-leg move in progress.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Lifted {
    from: Option<Square>,
    via: Option<Square>,
}

impl Xboard {
    fn square(&self, text: &str) -> CmdResult<Square> {
        let v = self.e.variant();
        let t = text.trim();
        // Reuse the move reader on a dummy leg to read one XBoard square.
        let m = parse_xb_move(&v.shape, &format!("{t}{t}"))?;
        let n = m.body.len() / 2;
        v.shape.parse_square(&m.body[..n]).map_err(CommandError::refused)
    }

    /// `lift SQ`: highlight where the piece can go (or, on the first leg's square of a move in
    /// progress, where its second leg can go).
    pub(super) fn lift(&mut self, args: &str) -> CmdResult {
        let sq = self.square(args)?;
        if let (Some(from), Some(via)) = (self.lifted.from, self.lifted.via) {
            if via == sq {
                self.highlight_second_leg(from, via);
                return Ok(());
            }
        }
        self.lifted = Lifted { from: Some(sq), via: None };
        self.highlight_from(sq);
        Ok(())
    }

    /// `put SQ`: the end of a drag; a multi-leg move goes on, a forced promotion says `choice`.
    pub(super) fn put(&mut self, args: &str) -> CmdResult {
        let sq = self.square(args)?;
        let Some(from) = self.lifted.from else { return Ok(()) };
        let moves = self.moves_from(from);
        if self.lifted.via.is_none() && moves.iter().any(|m| m.mids().next() == Some(sq)) {
            // The first leg of a multi-leg move ended here: show where the second can go.
            self.lifted.via = Some(sq);
            self.highlight_second_leg(from, sq);
            return Ok(());
        }
        let to_here: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.to == sq && (self.lifted.via.is_none() || m.mids().next() == self.lifted.via))
            .collect();
        if self.e.variant().promotion.text != PromotionText::Plus
            && !to_here.is_empty()
            && to_here.iter().all(|m| m.promotion().is_some())
        {
            // Forced promotion (highlighted blue): tell the GUI what the piece becomes.
            let ids: Vec<String> =
                to_here.iter().filter_map(|m| m.promotion()).map(|k| self.xb.ids[k.index()].clone()).collect();
            self.out.line(&format!("choice {}", ids.concat()));
        }
        self.lifted = Lifted::default();
        Ok(())
    }

    /// Forgets a piece in hand (the position changed).
    pub(super) fn drop_lifted(&mut self) {
        self.lifted = Lifted::default();
    }

    fn moves_from(&mut self, from: Square) -> Vec<Move> {
        if self.game_over || self.e.no_position.is_some() {
            return Vec::new();
        }
        legal_move_list(&mut self.e.game.pos).into_iter().filter(|m| m.from == from).collect()
    }

    /// Colour of a destination reached by `ms` (all moves to one square).
    fn colour(&self, ms: &[Move], captures: bool) -> char {
        let promo = ms.iter().filter(|m| m.promotion().is_some()).count();
        let plus = self.e.variant().promotion.text == PromotionText::Plus;
        if promo > 0 && promo < ms.len() {
            'M'
        } else if promo > 0 && !plus {
            'B'
        } else if captures {
            'R'
        } else {
            'Y'
        }
    }

    fn highlight_from(&mut self, from: Square) {
        let moves = self.moves_from(from);
        let pos = &self.e.game.pos;
        let mut marks: Vec<(Square, char)> = Vec::new();
        let one_leg = |m: &&Move| m.mids().next().is_none();
        let mut dests: Vec<Square> = moves.iter().filter(one_leg).map(|m| m.to).collect();
        dests.sort();
        dests.dedup();
        for d in dests {
            let ms: Vec<Move> = moves.iter().filter(one_leg).copied().filter(|m| m.to == d && !m.is_pass()).collect();
            if ms.is_empty() {
                continue;
            }
            let captures = !pos.is_empty(d) || ms.iter().any(|m| m.kind == MoveKind::EnPassant);
            marks.push((d, self.colour(&ms, captures)));
        }
        // First legs of multi-leg moves: cyan (the move goes on from there).
        for m in &moves {
            if let Some(via) = m.mids().next() {
                marks.retain(|(s, _)| *s != via);
                marks.push((via, 'C'));
            }
        }
        // A pass: the piece's own square.
        if moves.iter().any(|m| m.is_pass()) {
            marks.push((from, 'Y'));
        }
        self.send_highlight(&marks);
    }

    fn highlight_second_leg(&mut self, from: Square, via: Square) {
        let moves = self.moves_from(from);
        let pos = &self.e.game.pos;
        let mut marks: Vec<(Square, char)> = Vec::new();
        let second: Vec<Move> = moves.iter().copied().filter(|m| m.mids().next() == Some(via)).collect();
        let stop_on_via: Vec<Move> =
            moves.iter().copied().filter(|m| m.to == via && m.mids().next().is_none()).collect();
        let mut dests: Vec<Square> = second.iter().map(|m| m.to).collect();
        // Stopping on the first square is the one-leg capture.
        if !stop_on_via.is_empty() {
            dests.push(via);
        }
        dests.sort();
        dests.dedup();
        for d in dests {
            let ms: Vec<Move> =
                if d == via { stop_on_via.clone() } else { second.iter().copied().filter(|m| m.to == d).collect() };
            let captures = d == from || d == via || !pos.is_empty(d);
            marks.push((d, self.colour(&ms, captures)));
        }
        self.send_highlight(&marks);
    }

    fn send_highlight(&self, marks: &[(Square, char)]) {
        let shape = self.e.variant().shape;
        let board = placement(&shape, |sq| marks.iter().find(|(x, _)| *x == sq).map(|(_, c)| c.to_string()));
        self.out.line(&format!("highlight {board}"));
    }
}
