//! [`Position`]: the state of one game (mailbox, piece lists, side to move, game-specific
//! state, hash and history) and make / unmake, which restore everything exactly.

mod consistency;
pub mod fen;
mod load;
mod make;

pub use consistency::Inconsistency;
pub use make::Undo;

use crate::game::Game;
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::movegen::tables::Tables;
use crate::movegen::{Board, State};
use crate::moves::Move;
use crate::variant::{KindId, Variant};
use std::sync::Arc;

pub use crate::cell::{Cell, Piece};
use crate::geometry::MAILBOX;

/// The state of a game.
#[derive(Clone)]
pub struct Position {
    game: Arc<Game>,
    /// The padded mailbox, in an array of `MAILBOX` cells whatever the game's size: a square
    /// masked to it needs no bounds check, in the reads every generator and attack test makes.
    /// The cells beyond the game's mailbox are off the board (as `Square::NONE`'s is).
    board: Box<[Cell; MAILBOX]>,
    lists: ByColor<Vec<Square>>,
    /// Index of the piece on each square in its owner's list.
    list_idx: Vec<u16>,
    side: Color,
    /// Squares of each side's royal pieces (order not significant). A `Vec`: a set-up position
    /// may have any number of royals.
    royals: ByColor<Vec<Square>>,
    /// Number of pieces per piece code (type and owner), e.g. to know at once whether a side
    /// has a relayer.
    counts: Vec<u16>,
    /// En-passant square (passed over by the last move's double step), or NONE.
    pub(crate) ep: Square,
    /// Square of the piece that made that double step.
    pub(crate) ep_victim: Square,
    /// Bigorra King-leap rights.
    pub(crate) leap_rights: ByColor<bool>,
    /// Castling rights (bits of `movegen::castling::bit`).
    pub(crate) castling: u8,
    /// Chu Shogi rule B: square of the Lion the opponent's last move took with a non-Lion.
    pub(crate) counter_strike: Square,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Plies since the last irreversible move (capture, promotion, clock-reset move).
    rev_plies: u32,
    /// Whether `hash` includes the en-passant square.
    ep_hashed: bool,
    hash: u64,
    /// Per side: material plus piece-square values of its pieces (`game.psq`), kept by the
    /// same board edits that keep the hash.
    psq: ByColor<i32>,
    /// Repetition keys of every position of the game so far, the current one last.
    history: Vec<u64>,
    /// The moves that led from each position of `history` to the next (Nutty's repetition
    /// rule replays the cycle to classify its moves; see `outcome`).
    moves: Vec<Move>,
}

impl PartialEq for Position {
    /// Same game state: board, side, rule state and history. (Piece-list order is covered by
    /// `debug_check`.)
    fn eq(&self, o: &Position) -> bool {
        Arc::ptr_eq(&self.game, &o.game)
            && self.board == o.board
            && self.side == o.side
            && self.ep == o.ep
            && self.ep_victim == o.ep_victim
            && self.leap_rights == o.leap_rights
            && self.castling == o.castling
            && self.counter_strike == o.counter_strike
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
            && self.hash == o.hash
            && self.history == o.history
            && self.lists == o.lists
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// An empty board of `game`, White to move. Used by the FEN reader.
    pub(crate) fn empty(game: Arc<Game>) -> Position {
        let shape = game.shape;
        let mut board = Box::new([Cell::OFF; MAILBOX]);
        for sq in shape.squares() {
            board[sq.index()] = Cell::EMPTY;
        }
        let cells = shape.cells as usize;
        let codes = Piece::table_size(game.variant.num_types());
        Position {
            game,
            board,
            lists: ByColor::new(Vec::new(), Vec::new()),
            list_idx: vec![0; cells],
            side: Color::White,
            royals: ByColor::new(Vec::new(), Vec::new()),
            counts: vec![0; codes],
            ep: Square::NONE,
            ep_victim: Square::NONE,
            leap_rights: ByColor::new(false, false),
            castling: 0,
            counter_strike: Square::NONE,
            halfmove: 0,
            fullmove: 1,
            rev_plies: 0,
            ep_hashed: false,
            hash: 0,
            psq: ByColor::new(0, 0),
            history: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The start position of `game`.
    pub fn start(game: &Arc<Game>) -> Position {
        Position::from_fen(game, &game.variant.start_fen).expect("the start FEN of a game is valid")
    }

    /// The game this position belongs to.
    #[inline]
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }
    /// The game's rules as data.
    #[inline]
    pub fn variant(&self) -> &Variant {
        &self.game.variant
    }
    /// The board's size and mailbox padding.
    #[inline]
    pub fn shape(&self) -> &BoardShape {
        &self.game.shape
    }
    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }
    /// The Zobrist key of the board, side to move and rights (the en-passant square only when it
    /// can be used): the transposition table's key.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Material plus piece-square values of `c`'s pieces (see `eval::psq`).
    #[inline]
    pub fn psq(&self, c: Color) -> i32 {
        self.psq[c]
    }
    /// What stands on `sq`: a piece, nothing, or the edge.
    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.board[sq.index() % MAILBOX]
    }
    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index() % MAILBOX].piece()
    }
    /// Whether `sq` is a board square with nothing on it.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.board[sq.index() % MAILBOX].is_empty()
    }
    /// The squares of `c`'s pieces, in no particular order.
    #[inline]
    pub fn pieces(&self, c: Color) -> &[Square] {
        &self.lists[c]
    }
    /// How many royal pieces `c` has (a side may have several, or none once captured).
    #[inline]
    pub fn royal_count(&self, c: Color) -> u16 {
        self.royals[c].len() as u16
    }
    /// How many pieces of type `kind` the side `c` has.
    #[inline]
    pub fn count(&self, kind: KindId, c: Color) -> u16 {
        self.counts[Piece::new(kind, c).index()]
    }
    /// The square passed over by the last move's double step, if there is one.
    pub fn ep_square(&self) -> Option<Square> {
        if self.ep.is_none() {
            None
        } else {
            Some(self.ep)
        }
    }
    /// The square where the last move took a Lion with a piece that is not one, if it did: for
    /// this one move, a Lion may be taken only by a Lion (Chu Shogi's counter-strike rule).
    pub fn counter_strike(&self) -> Option<Square> {
        if self.counter_strike.is_none() {
            None
        } else {
            Some(self.counter_strike)
        }
    }
    /// Whether `c`'s King still has its leap (Bigorra).
    pub fn leap_right(&self, c: Color) -> bool {
        self.leap_rights[c]
    }
    /// The castling rights held (bits of `movegen::castling::bit`).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// Plies since the last capture, promotion or clock-resetting move (a piece's `clock_reset`
    /// moves, such as a Pawn's steps): the fifty-move rule's clock.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The move number, from 1, counted up after Black's move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// Number of positions in the recorded game (including the current one).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }
    /// Plies since the last move that can never be undone (a capture, a promotion, a forward move
    /// of a piece that never retreats): how far back a repetition can reach.
    pub fn rev_plies(&self) -> u32 {
        self.rev_plies
    }

    /// The squares of `c`'s royal pieces.
    #[inline]
    pub fn royal_squares(&self, c: Color) -> impl Iterator<Item = Square> + '_ {
        self.royals[c].iter().copied()
    }

    fn royal_remove(&mut self, c: Color, sq: Square) {
        let r = &mut self.royals[c];
        if let Some(i) = r.iter().position(|&s| s == sq) {
            r.swap_remove(i);
        }
    }

    fn royal_add(&mut self, c: Color, sq: Square) {
        self.royals[c].push(sq);
    }

    // ----- low-level board edits (keep lists, royals and hash in step) -----

    #[inline]
    fn zkey(&self, p: Piece, sq: Square) -> u64 {
        self.game.zobrist.piece(p, sq)
    }

    /// Puts `p` on the empty square `sq` (appending to its list).
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.board[sq.index()].is_empty());
        self.board[sq.index()] = Cell::from(p);
        let list = &mut self.lists[p.color()];
        self.list_idx[sq.index()] = list.len() as u16;
        list.push(sq);
        if self.game.variant.piece(p.kind()).royal {
            self.royal_add(p.color(), sq);
        }
        self.counts[p.index()] += 1;
        self.hash ^= self.zkey(p, sq);
        self.psq[p.color()] += self.game.psq.get(p, sq);
    }

    /// Removes the piece on `sq`; returns it and its former list index.
    fn take(&mut self, sq: Square) -> (Piece, u16) {
        let p = self.board[sq.index()].piece().expect("take from an occupied square");
        self.board[sq.index()] = Cell::EMPTY;
        let idx = self.list_idx[sq.index()];
        let list = &mut self.lists[p.color()];
        list.swap_remove(idx as usize);
        if (idx as usize) < list.len() {
            let moved = list[idx as usize];
            self.list_idx[moved.index()] = idx;
        }
        if self.game.variant.piece(p.kind()).royal {
            self.royal_remove(p.color(), sq);
        }
        self.counts[p.index()] -= 1;
        self.hash ^= self.zkey(p, sq);
        self.psq[p.color()] -= self.game.psq.get(p, sq);
        (p, idx)
    }

    /// Exact inverse of `take`: puts `p` back at list index `idx`.
    fn untake(&mut self, sq: Square, p: Piece, idx: u16) {
        self.board[sq.index()] = Cell::from(p);
        let list = &mut self.lists[p.color()];
        if (idx as usize) < list.len() {
            let displaced = list[idx as usize];
            list.push(displaced);
            self.list_idx[displaced.index()] = (list.len() - 1) as u16;
            list[idx as usize] = sq;
        } else {
            list.push(sq);
        }
        self.list_idx[sq.index()] = idx;
        if self.game.variant.piece(p.kind()).royal {
            self.royal_add(p.color(), sq);
        }
        self.counts[p.index()] += 1;
        self.hash ^= self.zkey(p, sq);
        self.psq[p.color()] += self.game.psq.get(p, sq);
    }

    /// Moves the piece on `from` to the empty square `to`, keeping its list slot.
    fn shift(&mut self, from: Square, to: Square) {
        let cell = self.board[from.index()];
        let p = cell.piece().expect("shift from an occupied square");
        debug_assert!(self.board[to.index()].is_empty());
        self.board[from.index()] = Cell::EMPTY;
        self.board[to.index()] = cell;
        let idx = self.list_idx[from.index()];
        self.lists[p.color()][idx as usize] = to;
        self.list_idx[to.index()] = idx;
        if self.game.variant.piece(p.kind()).royal {
            for s in &mut self.royals[p.color()] {
                if *s == from {
                    *s = to;
                }
            }
        }
        self.hash ^= self.zkey(p, from) ^ self.zkey(p, to);
        self.psq[p.color()] += self.game.psq.get(p, to) - self.game.psq.get(p, from);
    }

    /// Exchanges the pieces on the occupied squares `a` and `b` (of any owners), keeping each
    /// piece's list slot. Its own inverse.
    fn exchange(&mut self, a: Square, b: Square) {
        let (ca, cb) = (self.board[a.index()], self.board[b.index()]);
        let (pa, pb) =
            (ca.piece().expect("exchange an occupied square"), cb.piece().expect("exchange an occupied square"));
        let (ia, ib) = (self.list_idx[a.index()], self.list_idx[b.index()]);
        self.board[a.index()] = cb;
        self.board[b.index()] = ca;
        self.lists[pa.color()][ia as usize] = b;
        self.lists[pb.color()][ib as usize] = a;
        self.list_idx[b.index()] = ia;
        self.list_idx[a.index()] = ib;
        // Royal squares: find both entries before changing either (both may be royal, of the
        // same owner).
        let ra = if self.game.variant.piece(pa.kind()).royal {
            self.royals[pa.color()].iter().position(|&s| s == a)
        } else {
            None
        };
        let rb = if self.game.variant.piece(pb.kind()).royal {
            self.royals[pb.color()].iter().position(|&s| s == b)
        } else {
            None
        };
        if let Some(i) = ra {
            self.royals[pa.color()][i] = b;
        }
        if let Some(i) = rb {
            self.royals[pb.color()][i] = a;
        }
        self.hash ^= self.zkey(pa, a) ^ self.zkey(pb, b) ^ self.zkey(pb, a) ^ self.zkey(pa, b);
        let t = &self.game.psq;
        let (da, db) = (t.get(pa, b) - t.get(pa, a), t.get(pb, a) - t.get(pb, b));
        self.psq[pa.color()] += da;
        self.psq[pb.color()] += db;
    }

    /// Gives the piece on `sq` to the other side (conversion); returns it and its old list
    /// index for `unconvert`.
    fn convert(&mut self, sq: Square) -> (Piece, u16) {
        let (p, idx) = self.take(sq);
        self.put(sq, p.flipped());
        (p, idx)
    }

    /// Exact inverse of `convert`.
    fn unconvert(&mut self, sq: Square, old: Piece, idx: u16) {
        // `put` appended the converted piece last in its new list, and later changes are
        // already undone, so `take` removes exactly that entry.
        self.take(sq);
        self.untake(sq, old, idx);
    }

    /// Changes the type of the piece on `sq` (same owner).
    fn replace(&mut self, sq: Square, new: Piece) -> Piece {
        let old = self.board[sq.index()].piece().expect("replace an occupied square");
        let (ro, rn) = (self.game.variant.piece(old.kind()).royal, self.game.variant.piece(new.kind()).royal);
        if ro {
            self.royal_remove(old.color(), sq);
        }
        if rn {
            self.royal_add(new.color(), sq);
        }
        self.board[sq.index()] = Cell::from(new);
        self.counts[old.index()] -= 1;
        self.counts[new.index()] += 1;
        self.hash ^= self.zkey(old, sq) ^ self.zkey(new, sq);
        self.psq[old.color()] -= self.game.psq.get(old, sq);
        self.psq[new.color()] += self.game.psq.get(new, sq);
        old
    }

    // ----- hashing of the rule state -----

    /// The part of the hash that comes from rule state rather than pieces. The en-passant
    /// square is included only when `with_ep` (the side to move can really capture there).
    fn state_key(&self, with_ep: bool) -> u64 {
        let z = &self.game.zobrist;
        let mut k = 0;
        if self.side == Color::Black {
            k ^= z.side;
        }
        if with_ep && !self.ep.is_none() {
            k ^= z.ep[self.ep.index()];
        }
        if !self.counter_strike.is_none() {
            k ^= z.counter_strike[self.counter_strike.index()];
        }
        for c in Color::ALL {
            if self.leap_rights[c] {
                k ^= z.leap_right[c.index()];
            }
        }
        let mut rights = self.castling;
        while rights != 0 {
            k ^= z.castling[rights.trailing_zeros() as usize];
            rights &= rights - 1;
        }
        k
    }

    /// The key that decides repetitions: the hash, without the Chu counter-strike state
    /// (HaChu compares boards only; lishogi's rule, `fourth-attacker-loses`, compares its SFEN,
    /// which holds the square). The en-passant square is already hashed only when an
    /// en-passant capture is possible.
    pub fn repetition_key(&self) -> u64 {
        let mut k = self.hash;
        if !self.counter_strike.is_none()
            && self.game.variant.rules.repetition != crate::variant::Repetition::FourthAttackerLoses
        {
            k ^= self.game.zobrist.counter_strike[self.counter_strike.index()];
        }
        k
    }

    /// Recomputes the hash from scratch (for setup and for tests of the incremental hash).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for &sq in &self.lists[c] {
                h ^= self.zkey(self.board[sq.index()].piece().expect("a listed piece"), sq);
            }
        }
        h ^ self.state_key(self.ep_hashed)
    }

    /// Called once the setup is complete: computes the hash and starts the history.
    pub(crate) fn finish_setup(&mut self) {
        self.ep_hashed = self.ep_capturable();
        self.hash = self.compute_hash();
        self.history.clear();
        self.history.push(self.repetition_key());
        self.moves.clear();
    }

    /// Whether a royal of `c` is attacked: the board fact under royal safety. The position sits
    /// below the rules (`rules::check` decides royal safety for legality) and asks this fact
    /// itself for two questions of its own: whether an e.p. capture is legal, for its hash, and
    /// whether a FEN leaves the side not to move in check.
    pub(crate) fn royal_attacked(&self, c: Color) -> bool {
        self.royals[c].iter().any(|&sq| crate::movegen::attack::is_attacked(self, sq, c.flip()))
    }

    /// Whether the side to move has an en-passant capture that is also legal: any, in the games
    /// won by taking the royals; one that leaves the mover's royals unattacked, where the game
    /// has check (the rule of `rules::check::royals_safe`).
    fn ep_capturable(&mut self) -> bool {
        if self.ep.is_none() {
            return false;
        }
        let moves = crate::movegen::en_passant_moves(self);
        if self.game.variant.rules.legality != crate::variant::Legality::Check {
            return !moves.is_empty();
        }
        moves.into_iter().any(|m| {
            let u = self.make_raw(m);
            let ok = !self.royal_attacked(self.side.flip());
            self.unmake_raw(m, u);
            ok
        })
    }

    /// The repetition keys of the positions since the last irreversible move, oldest first,
    /// excluding the current one.
    pub fn recent_history(&self) -> &[u64] {
        let n = self.history.len();
        let k = (self.rev_plies as usize).min(n - 1);
        &self.history[n - 1 - k..n - 1]
    }

    /// The last `k` moves of the game, oldest first (fewer if the game is shorter).
    pub fn last_moves(&self, k: usize) -> &[Move] {
        &self.moves[self.moves.len().saturating_sub(k)..]
    }

    /// Where the side to move has a piece that may not promote by its next quiet move
    /// (`[promotion] declined_entry_waits`): its previous move, two plies back in the move
    /// record, took it into the zone from outside without promoting, and it still stands there.
    /// Entering, a piece that can promote always has the chance under the zone rules, and one
    /// that had to promote did, so the move alone says that a promotion was declined. Read from
    /// the record rather than kept as state: a position read from a FEN (or after `make_raw`)
    /// has no record, and no piece waits.
    fn waiting_square(&self) -> Square {
        let n = self.moves.len();
        if !self.game.variant.promotion.declined_entry_waits || n < 2 {
            return Square::NONE;
        }
        let m = self.moves[n - 2];
        let (t, us) = (&self.game.tables, self.side);
        if m.from.is_none()
            || m.to.is_none()
            || m.promotion().is_some()
            || t.in_zone(us, m.from)
            || !t.in_zone(us, m.to)
        {
            return Square::NONE;
        }
        match self.piece_at(m.to) {
            Some(p) if p.color() == us && t.promotion(p.kind()).target.is_some() => m.to,
            _ => Square::NONE,
        }
    }

    /// The key of the search's transposition table: the hash, and the square of a piece that
    /// waits to promote (`waiting_square`). That state changes the moves (one piece's quiet
    /// promotions) but is not in the hash, which the repetition rules compare: HaChu, whose
    /// rule it is, compares boards for repetition too, and mixes the state into its table's
    /// index only. Without it here a stored best move could be one the position does not have
    /// (the search checks them against the generated moves, so it would never be played), and
    /// a stored score could come from the same board with other promotions.
    pub fn search_key(&self) -> u64 {
        let sq = self.waiting_square();
        if sq.is_none() {
            self.hash
        } else {
            self.hash ^ self.game.zobrist.promotion_waits[sq.index()]
        }
    }

    /// How many moves back the most recent earlier occurrence of the current position is, if
    /// it occurred before (since the last irreversible move).
    pub fn plies_since_occurrence(&self) -> Option<usize> {
        let key = *self.history.last().unwrap();
        let recent = self.recent_history();
        recent.iter().rev().position(|&k| k == key).map(|i| i + 1)
    }

    /// How many moves back the oldest earlier occurrence of the current position is, if it
    /// occurred before (since the last irreversible move).
    pub fn plies_since_first_occurrence(&self) -> Option<usize> {
        let key = *self.history.last().unwrap();
        let recent = self.recent_history();
        recent.iter().position(|&k| k == key).map(|i| recent.len() - i)
    }

    /// Takes back a reversible move (a shift or a pass: no capture, promotion or burn) without
    /// an undo record, for replaying a repetition cycle on a copy. History is not touched.
    pub(crate) fn retract_reversible(&mut self, m: Move) {
        if m.from != m.to {
            self.shift(m.to, m.from);
        }
        self.set_side(self.side.flip());
    }

    /// Sets the side to move (for "as if that side were to move" questions on a copy).
    pub(crate) fn set_side(&mut self, c: Color) {
        self.side = c;
        self.ep = Square::NONE;
        self.ep_victim = Square::NONE;
        self.counter_strike = Square::NONE;
        self.ep_hashed = false;
        self.hash = self.compute_hash();
    }

    /// How many times the current position occurred before in the game.
    pub fn prior_occurrences(&self) -> usize {
        let key = *self.history.last().unwrap();
        self.recent_history().iter().filter(|&&k| k == key).count()
    }

    /// Bytes this position owns on the heap (board, lists, counts, history, move record), by
    /// capacity. With `size_of::<Position>()`, the memory of one position (docs/perft-and-speed.md).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        MAILBOX * size_of::<Cell>()
            + self.list_idx.capacity() * size_of::<u16>()
            + Color::ALL
                .iter()
                .map(|&c| (self.lists[c].capacity() + self.royals[c].capacity()) * size_of::<Square>())
                .sum::<usize>()
            + self.counts.capacity() * size_of::<u16>()
            + self.history.capacity() * size_of::<u64>()
            + self.moves.capacity() * size_of::<Move>()
    }
}

impl Board for Position {
    #[inline]
    fn tables(&self) -> &Tables {
        &self.game.tables
    }
}

impl State for Position {
    #[inline]
    fn variant(&self) -> &Variant {
        &self.game.variant
    }
    #[inline]
    fn shape(&self) -> &BoardShape {
        &self.game.tables.shape
    }
    #[inline]
    fn cell(&self, sq: Square) -> Cell {
        self.board[sq.index() % MAILBOX]
    }
    #[inline]
    fn cells(&self) -> &[Cell] {
        &self.board[..self.game.shape.cells as usize]
    }
    #[inline]
    fn side(&self) -> Color {
        self.side
    }
    #[inline]
    fn pieces(&self, c: Color) -> &[Square] {
        &self.lists[c]
    }
    #[inline]
    fn royal_squares(&self, c: Color) -> &[Square] {
        &self.royals[c]
    }
    #[inline]
    fn count(&self, kind: KindId, c: Color) -> u16 {
        self.counts[Piece::new(kind, c).index()]
    }
    #[inline]
    fn ep_square(&self) -> Option<Square> {
        Position::ep_square(self)
    }
    #[inline]
    fn ep_victim(&self) -> Square {
        self.ep_victim
    }
    #[inline]
    fn leap_right(&self, c: Color) -> bool {
        self.leap_rights[c]
    }
    #[inline]
    fn castling_rights(&self) -> u8 {
        self.castling
    }
    #[inline]
    fn waiting_to_promote(&self) -> Square {
        self.waiting_square()
    }
}
