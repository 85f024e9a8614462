//! `emperor` — the Tai Shogi Emperor (`docs/rules/tai.md` §5.8): it moves in one turn to any square not held by
//! a friend, and may capture a piece only if that piece is not protected.
//!
//! Protected (rule 1): its side still has an Emperor other than the piece itself. Otherwise
//! (rule 2): in the position after the capture (our Emperor on the target, its origin empty),
//! some piece of the victim's side could capture on the target. Rule 2 is one reverse attack
//! lookup (`attack::attacked_plain`), never a move generation. Emperor moves of the victim's
//! side need no look: rule 1 already covers any Emperor of that side.

use crate::cell::{Cell, Piece};
use crate::geometry::{Color, Square, MAX_SIDE};
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{
    no_argument, Attacks, Captures, Compile, Description, Generate, Hooks, PowerError, PowerRefusal, Spec,
};
use crate::movegen::view::{Cells, Shape, View};
use crate::moves::Move;
use crate::variant::PowerCall;

/// `emperor[(free-nonroyal-capture)]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emperor {
    /// Any non-royal may be captured; a royal only if nothing protects it by attack (`docs/rules/tai.md`
    /// §5.8, option `emperor_free_nonroyal_capture`).
    pub free_nonroyal_capture: bool,
}

/// The game's Emperors: their types, and those of them that may take any non-royal.
#[derive(Clone, Debug, Default)]
pub struct Emperors {
    set: KindSet,
    free: KindSet,
}

impl Spec for Emperor {
    const NAME: &'static str = "emperor";
    const SYNTAX: &'static str = "emperor[(free-nonroyal-capture)]";

    /// Its protection test asks the other attacks, so it is asked after them.
    const ATTACKS: Attacks = Attacks::OwnAfterOthers;

    /// Its attacks are looked for from the royal squares only (Tai's Emperor is royal).
    const ROYAL_ONLY: bool = true;

    type Game = Emperors;
    type Moves = Self;

    fn parse(call: &PowerCall) -> Result<Emperor, PowerError> {
        no_argument(call, &["free-nonroyal-capture"])?;
        Ok(Emperor { free_nonroyal_capture: call.flags.iter().any(|f| f == "free-nonroyal-capture") })
    }

    fn reach(&self) -> u8 {
        // It visits the board squares directly.
        0
    }

    fn describe(&self) -> Description {
        Description::text_only(if self.free_nonroyal_capture {
            "moves to any square; captures any non-royal and only unprotected royals"
        } else {
            "moves to any square; captures only unprotected pieces"
        })
    }

    /// It lists its captures from the enemy pieces, not from its 600-odd empty targets.
    fn quiescence(&self) -> Captures {
        Captures::Listed
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Emperors) -> Option<Emperor> {
        game.set.insert(cx.kind);
        if self.free_nonroyal_capture {
            game.free.insert(cx.kind);
        }
        Some(self.clone())
    }
}

impl Hooks for Emperors {
    fn own_attacks(&self, pos: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        // Read through a trait object from here on: the Emperor's protection test asks the
        // attack tables again with a board of its own, and one reader type ends that recursion
        // of generic instances (the Emperor is Tai's alone, and rare on the board).
        attacks(self, pos, target, by, &|sq| cell_at(sq))
    }
}

impl Generate<Emperors> for Emperor {
    /// Every empty square, and every unprotected enemy, rank by rank.
    fn generate(
        &self,
        game: &Emperors,
        pos: &impl View,
        piece: Piece,
        from: Square,
        _start: usize,
        out: &mut Vec<Move>,
    ) {
        let shape = *pos.shape();
        let files = shape.files as usize;
        let them = piece.color().flip();
        let judged = Judged::new(game, pos, piece);
        // Some 270 quiet moves a generation in Tai: one reservation, not a regrowth per rank.
        out.reserve(files * shape.ranks as usize);
        // Rule 1 leaves at most one enemy to ask in Tai's usual case (one Emperor a side): it is
        // judged once, and the ranks are runs of empty squares split only at the captures.
        let only = match judged {
            Judged::Only(e) => (!protected(game, pos, from, e)).then_some(e),
            _ => None,
        };
        let cells = pos.cells();
        for r in 0..shape.ranks as i32 {
            let row = shape.square_unchecked(0, r);
            // A rank is one run of cells in the mailbox; its squares follow `row` in order.
            let rank = &cells[row.index()..row.index() + files];
            let mut run = 0;
            let mut take = |f: usize, out: &mut Vec<Move>| {
                push_empty(out, from, row.offset(run as i32), &rank[run..f]);
                pos.push_move(piece, Move::new(from, row.offset(f as i32)), Shape::CAPTURE, out);
                run = f + 1;
            };
            match judged {
                Judged::All => {}
                Judged::Only(_) => {
                    if let Some(e) = only.filter(|&e| shape.rank_of(e) == r) {
                        take(e.index() - row.index(), out);
                    }
                }
                // No enemy Emperor, or `free-nonroyal-capture`: every enemy by rule 2.
                Judged::None => {
                    for (f, &cell) in rank.iter().enumerate() {
                        if cell.holds(them) && !protected(game, pos, from, row.offset(f as i32)) {
                            take(f, out);
                        }
                    }
                }
            }
            push_empty(out, from, row.offset(run as i32), &rank[run..]);
        }
    }

    /// The enemy pieces it may take, from the enemy's piece list.
    fn captures(&self, game: &Emperors, pos: &impl View, piece: Piece, from: Square, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        let judged = Judged::new(game, pos, piece);
        let mut take = |to| {
            if !protected(game, pos, from, to) {
                pos.push_move(piece, Move::new(from, to), Shape::CAPTURE, out);
            }
        };
        match judged {
            Judged::All => {}
            // The one enemy rule 1 leaves open, without a walk through the 170-odd others.
            Judged::Only(e) => take(e),
            Judged::None => pos.pieces(them).iter().for_each(|&to| take(to)),
        }
    }

    /// It moves once whatever the calls: its parameter is the type's (`Emperors::free`).
    fn absorb(&mut self, _: Emperor) -> Option<Emperor> {
        None
    }

    /// An enemy it reaches like any square, but protected.
    fn refuses(
        &self,
        game: &Emperors,
        pos: &impl View,
        piece: Piece,
        from: Square,
        to: Square,
    ) -> Option<PowerRefusal> {
        let enemy = pos.cell(to).holds(piece.color().flip());
        (enemy && protected(game, pos, from, to)).then_some(PowerRefusal::Protected)
    }
}

/// Appends the moves from `from` to the empty cells of `run`, the cells of one rank from the
/// square `first` on, in order. Most ranks of a shogi board are full or empty: a count (which
/// the compiler vectorizes) settles those without looking at a cell twice. In a mixed rank the
/// empty files are gathered without a branch on the cell (each file is written, and kept only
/// if its cell is empty). The moves then go in by one `extend` of known length. A branch per
/// cell, taken at random, and a capacity test per move had cost Tai's perft(3) 6% of its
/// instructions (5.28 G against 4.97 G).
#[inline]
fn push_empty(out: &mut Vec<Move>, from: Square, first: Square, run: &[Cell]) {
    let to = |f: usize| Move::new(from, first.offset(f as i32));
    let empty = run.iter().filter(|c| c.is_empty()).count();
    if empty == run.len() {
        out.extend((0..run.len()).map(to));
    } else if empty > 0 {
        // A rank has at most `MAX_SIDE` (25) cells: `& 31` keeps the index in the array
        // without a test.
        const _: () = assert!(MAX_SIDE <= 32);
        let mut files = [0u8; 32];
        let mut n = 0usize;
        for (f, &cell) in run.iter().enumerate() {
            files[n & 31] = f as u8;
            n += usize::from(cell.is_empty());
        }
        out.extend(files[..n.min(32)].iter().map(|&f| to(usize::from(f))));
    }
}

/// Rule 1 of [`protected`] for every target at once, read from the board once per generation
/// rather than once per enemy piece: which enemies an enemy Emperor (other than the one taken)
/// protects against the Emperor `piece`. What rule 1 leaves open is left to `protected`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Judged {
    /// Two enemy Emperors or more: every enemy is protected by one that is not taken.
    All,
    /// One enemy Emperor, on this square: it alone may be taken (if rule 2 allows).
    Only(Square),
    /// No enemy Emperor, or ours is free to take non-royals: rule 1 protects nothing.
    None,
}

impl Judged {
    /// What rule 1 says of the enemies of the Emperor `piece`.
    fn new(game: &Emperors, pos: &impl View, piece: Piece) -> Judged {
        let them = piece.color().flip();
        if game.free.contains(piece.kind()) {
            return Judged::None;
        }
        let set = &game.set;
        let mut emperors = pos.royal_squares(them).iter().copied().filter(|&r| set.holds(pos.cell(r), them));
        match (emperors.next(), emperors.next()) {
            (None, _) => Judged::None,
            (Some(e), None) => Judged::Only(e),
            (Some(_), Some(_)) => Judged::All,
        }
    }
}

/// Whether `c` has an Emperor on a square other than `except` (cells read through `cell_at`).
fn has_emperor_except(
    set: &KindSet,
    pos: &impl View,
    c: Color,
    except: Square,
    cell_at: &(impl Cells + ?Sized),
) -> bool {
    pos.royal_squares(c).iter().any(|&r| r != except && set.holds(cell_at(r), c))
}

/// An Emperor's capture being judged: from `from` onto the piece of `defender` on `target`.
#[derive(Clone, Copy)]
struct Capture<'a> {
    emperors: &'a Emperors,
    from: Square,
    target: Square,
    defender: Color,
}

/// The board read through `cell_at` after the piece `mover` went onto `target`, with the squares
/// `emptied` (its origin, and another piece that left) empty.
fn after<'a, F: Cells + ?Sized>(cell_at: &'a F, emptied: [Square; 2], target: Square, mover: Cell) -> impl Cells + 'a {
    move |sq| {
        if emptied.contains(&sq) {
            Cell::EMPTY
        } else if sq == target {
            mover
        } else {
            cell_at(sq)
        }
    }
}

impl Capture<'_> {
    /// Whether the piece on `target` is protected against the Emperor on `from`, with cells read
    /// through `cell_at` (so callers can pretend a square is empty).
    fn protected(self, pos: &impl View, cell_at: &(impl Cells + ?Sized)) -> bool {
        let v = pos.variant();
        let free = cell_at(self.from).piece().is_some_and(|p| self.emperors.free.contains(p.kind()));
        if free {
            // `free-nonroyal-capture`: non-royals are free; a royal is protected only by rule 2, where the
            // defender's own Emperor counts if it could take our Emperor there in turn.
            let victim = cell_at(self.target);
            let royal = victim.piece().is_some_and(|p| v.piece(p.kind()).royal);
            if !royal {
                return false;
            }
            return self.attacked_after(pos, cell_at) || self.defender_emperor_recaptures(pos, cell_at);
        }
        if has_emperor_except(&self.emperors.set, pos, self.defender, self.target, cell_at) {
            return true;
        }
        self.attacked_after(pos, cell_at)
    }

    /// Rule 2: in the position after the capture, `defender` attacks `target` (Emperors aside).
    fn attacked_after(self, pos: &impl View, cell_at: &(impl Cells + ?Sized)) -> bool {
        let board = after(cell_at, [self.from; 2], self.target, cell_at(self.from));
        pos.attacked_plain(self.target, self.defender, &board)
    }

    /// Option `emperor_free_nonroyal_capture`: after our Emperor took the royal on `target`,
    /// could an Emperor of `defender` take our Emperor there? Our Emperor is royal, so only if no
    /// piece of ours protects it by attack (one level deep: our other Emperors are not asked in
    /// turn).
    fn defender_emperor_recaptures(self, pos: &impl View, cell_at: &(impl Cells + ?Sized)) -> bool {
        let set = &self.emperors.set;
        let us = self.defender.flip();
        pos.royal_squares(self.defender).iter().any(|&r| {
            let c = cell_at(r);
            // After the recapture: their Emperor on `target`, `r` and our origin empty.
            r != self.target
                && set.holds(c, self.defender)
                && !pos.attacked_plain(self.target, us, &after(cell_at, [self.from, r], self.target, c))
        })
    }
}

/// Whether the Emperor on `from` may not capture the enemy on `target` because it is protected.
fn protected(emperors: &Emperors, pos: &impl View, from: Square, target: Square) -> bool {
    let Some(victim) = pos.piece_at(target) else {
        return false;
    };
    Capture { emperors, from, target, defender: victim.color() }.protected(pos, &|sq| pos.cell(sq))
}

/// Whether an Emperor of `by` could capture on `target` (attack detection: "is this royal
/// exposed to the enemy Emperor?"). The piece standing on `target` is the would-be victim; if
/// the square is empty, a piece of the other side is assumed there.
fn attacks(emperors: &Emperors, pos: &impl View, target: Square, by: Color, cell_at: &dyn Fn(Square) -> Cell) -> bool {
    let set = &emperors.set;
    let defender = by.flip();
    for &r in pos.royal_squares(by) {
        let cell = cell_at(r);
        if r == target || !set.holds(cell, by) {
            continue;
        }
        if !(Capture { emperors, from: r, target, defender }).protected(pos, cell_at) {
            return true;
        }
    }
    false
}
