//! Make and unmake: a move's effect applied to the board, the rule state that follows, and
//! the exact inverse.

use super::{Piece, Position};
use crate::geometry::{ByColor, Color, Square};
use crate::moves::{Burned, Effect, Move, MoveKind};
use arrayvec::ArrayVec;

/// Mixed into the history key of a null-move position (see `make_null`).
const NULL_MOVE_SALT: u64 = 0x6E75_6C6C_6D6F_7665;

/// One reversible change made by `make`.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// A piece was removed from `sq`; it stood at `idx` in its owner's list.
    Remove { sq: Square, piece: Piece, idx: u16 },
    /// A piece moved from `from` to the empty square `to`.
    Shift { from: Square, to: Square },
    /// The piece on `sq` changed type (same owner): promotion.
    Replace { sq: Square, old: Piece },
    /// The piece on `sq` changed owner (conversion); `old` stood at `idx` in its old list.
    Convert { sq: Square, old: Piece, idx: u16 },
    /// The pieces on `a` and `b` exchanged places (Hummingbird swap; its own inverse).
    Exchange { a: Square, b: Square },
}

/// Everything `unmake` needs. Plain data, owned by the caller.
#[derive(Clone, Debug)]
pub struct Undo {
    // Room for the largest effects of the planned games (Fire Demon burns, sweeps, Sorcerer runs).
    ops: ArrayVec<Op, 24>,
    hash: u64,
    ep: Square,
    ep_victim: Square,
    leap_rights: ByColor<bool>,
    castling: u8,
    counter_strike: Square,
    halfmove: u32,
    fullmove: u32,
    rev_plies: u32,
    ep_hashed: bool,
}

impl Position {
    /// Plays `m` (which must be pseudo-legal here) and returns what `unmake` needs.
    pub fn make(&mut self, m: Move) -> Undo {
        let undo = self.make_raw(m);
        // Hash the en-passant square only when the new side to move can use it.
        if !self.ep.is_none() && self.ep_capturable() {
            self.hash ^= self.game.zobrist.ep[self.ep.index()];
            self.ep_hashed = true;
        }
        let k = self.repetition_key();
        self.history.push(k);
        self.moves.push(m);
        undo
    }

    /// Takes back `m`, which must be the last move made with `make`.
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        self.history.pop();
        self.moves.pop();
        self.unmake_raw(m, undo);
    }

    /// An undo record holding the scalar state, with no board changes yet.
    fn save_state(&self) -> Undo {
        Undo {
            ops: ArrayVec::new(),
            hash: self.hash,
            ep: self.ep,
            ep_victim: self.ep_victim,
            leap_rights: self.leap_rights,
            castling: self.castling,
            counter_strike: self.counter_strike,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            rev_plies: self.rev_plies,
            ep_hashed: self.ep_hashed,
        }
    }

    /// `make` without history and without the en-passant hash refinement: enough for
    /// legality tests.
    pub(crate) fn make_raw(&mut self, m: Move) -> Undo {
        let mut undo = self.save_state();
        // Clear the old rule-state part of the hash; the new one is added at the end.
        self.hash ^= self.state_key(self.ep_hashed);
        self.ep_hashed = false;
        let mover = self.board[m.from.index()].piece().expect("make: no piece on the origin");
        let e = crate::movegen::effect::of(self, m);
        let captured_lion = self.apply_effect(m, &e, mover, &mut undo);
        self.update_rule_state(m, &e, mover, captured_lion);
        self.hash ^= self.state_key(false);
        undo
    }

    /// The board changes of `m` (effect `e`) by `mover`, in order: captures, the move itself (or
    /// the swap), the castling Rook, conversion, promotion, then Fire Demon burns; each recorded
    /// in `undo`. Returns the square of a captured Lion, if any (Chu's counter-strike rule).
    #[inline]
    fn apply_effect(&mut self, m: Move, e: &Effect, mover: Piece, undo: &mut Undo) -> Square {
        let mut captured_lion = Square::NONE;
        for &sq in &e.removed {
            let (p, idx) = self.take(sq);
            if self.game.variant.piece(p.kind()).lion {
                captured_lion = sq;
            }
            undo.ops.push(Op::Remove { sq, piece: p, idx });
        }
        if e.swapped {
            self.exchange(m.from, m.to);
            undo.ops.push(Op::Exchange { a: m.from, b: m.to });
        } else if m.to != m.from {
            self.shift(m.from, m.to);
            undo.ops.push(Op::Shift { from: m.from, to: m.to });
        }
        if let Some((from, to)) = e.castle_rook {
            self.shift(from, to);
            undo.ops.push(Op::Shift { from, to });
        }
        if let Some(sq) = e.converted {
            let (old, idx) = self.convert(sq);
            undo.ops.push(Op::Convert { sq, old, idx });
        }
        if let Some(k) = e.promotion {
            let old = self.replace(m.to, Piece::new(k, mover.color()));
            undo.ops.push(Op::Replace { sq: m.to, old });
        }
        // Fire Demon burns (Nutty), after the move's captures, placement and promotion.
        let burned: &[Square] = match &e.burned {
            Burned::Nothing => &[],
            Burned::Mover => std::slice::from_ref(&m.to),
            Burned::Victims(list) => &list[..],
        };
        for &sq in burned {
            let (p, idx) = self.take(sq);
            undo.ops.push(Op::Remove { sq, piece: p, idx });
        }
        captured_lion
    }

    /// The rule state after `m` (effect `e`, played by `mover`): en passant, the King's leap
    /// right, castling rights, Chu's counter-strike, the clocks, the side to move. The hash's
    /// rule-state part is the caller's.
    #[inline]
    fn update_rule_state(&mut self, m: Move, e: &Effect, mover: Piece, captured_lion: Square) {
        // The game is read through its field, beside the fields this changes: no `Arc` is
        // cloned at every move.
        let g = &*self.game;
        let v = &g.variant;
        let us = mover.color();
        let mtype = v.piece(mover.kind());
        let captured_any = e.takes_pieces();
        let irreversible = e.promotion.is_some();
        let shape = &g.shape;
        let (fx, fy) = (shape.file_of(m.from), shape.rank_of(m.from));
        let (tx, ty) = (shape.file_of(m.to), shape.rank_of(m.to));
        // Owner-relative vector of the move (for clock resets and double steps).
        let (rdx, rdy) = crate::variant::orient(v.rules.orientation, us, tx - fx, ty - fy);
        self.ep = Square::NONE;
        self.ep_victim = Square::NONE;
        if mtype.ep_victim
            && !captured_any
            && m.promotion().is_none()
            && rdx == 0
            && rdy == 2
            && m.kind == MoveKind::Normal
        {
            self.ep = shape.square_unchecked(fx, (fy + ty) / 2);
            self.ep_victim = m.to;
        }
        if m.from != m.to
            && g.tables.registry.data::<crate::movegen::powers::king_leap::KingLeap>().contains(mover.kind())
        {
            self.leap_rights[us] = false;
        }
        if let Some(c) = &g.tables.castling {
            if self.castling != 0 {
                self.castling &= c.keep(m.from) & c.keep(m.to);
                for &sq in &e.removed {
                    self.castling &= c.keep(sq);
                }
            }
        }
        if v.rules.lion_capture_rules {
            self.counter_strike = if !captured_lion.is_none() && !mtype.lion { captured_lion } else { Square::NONE };
        }
        let clock_reset = m.kind == MoveKind::Normal && mtype.clock_reset.contains(&(rdx as i8, rdy as i8));
        if captured_any || irreversible || clock_reset {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        // The repetition window closes only on moves that can never be undone: captures,
        // promotions, and forward moves of pieces that never retreat. (A Prince's double step
        // resets the 50-move clock, but the Prince can walk back.)
        if captured_any || irreversible || (g.tables.never_retreats[mover.kind().index()] && rdy > 0) {
            self.rev_plies = 0;
        } else {
            self.rev_plies += 1;
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
    }

    /// Passes the turn without a move (null-move pruning in the search). The en-passant and
    /// counter-strike states lapse, as after any move.
    pub fn make_null(&mut self) -> Undo {
        let undo = self.save_state();
        self.hash ^= self.state_key(self.ep_hashed);
        self.ep_hashed = false;
        self.ep = Square::NONE;
        self.ep_victim = Square::NONE;
        self.counter_strike = Square::NONE;
        self.side = self.side.flip();
        self.rev_plies += 1;
        self.hash ^= self.state_key(false);
        // A null move is no move of the game: its position must never count as an occurrence
        // for the repetition rules, so it is recorded under a key no real position has.
        self.history.push(self.repetition_key() ^ NULL_MOVE_SALT);
        self.moves.push(Move::pass(Square::NONE));
        undo
    }

    /// Takes back `make_null`.
    pub fn unmake_null(&mut self, undo: Undo) {
        self.history.pop();
        self.moves.pop();
        self.unmake_raw(Move::pass(Square::NONE), undo);
    }

    /// Exact inverse of `make_raw`.
    pub(crate) fn unmake_raw(&mut self, _m: Move, undo: Undo) {
        for op in undo.ops.iter().rev() {
            match *op {
                Op::Remove { sq, piece, idx } => self.untake(sq, piece, idx),
                Op::Shift { from, to } => self.shift(to, from),
                Op::Replace { sq, old } => {
                    self.replace(sq, old);
                }
                Op::Convert { sq, old, idx } => self.unconvert(sq, old, idx),
                Op::Exchange { a, b } => self.exchange(a, b),
            }
        }
        self.side = self.side.flip();
        self.hash = undo.hash;
        self.ep = undo.ep;
        self.ep_victim = undo.ep_victim;
        self.leap_rights = undo.leap_rights;
        self.castling = undo.castling;
        self.counter_strike = undo.counter_strike;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.rev_plies = undo.rev_plies;
        self.ep_hashed = undo.ep_hashed;
    }
}
