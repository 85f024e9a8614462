//! Promotions the search never declines: when a piece's promoted form does everything the
//! piece does, declining the promotion gives nothing, so the search skips the deferral and
//! spends its time elsewhere. This is a choice of the search, not a rule: the legal move lists,
//! perft and the referee keep both moves.
//!
//! It also keeps Kyodai clear of HaChu 0.21's deviation in Chu Shogi (once a Pawn has declined,
//! HaChu offers it promotion again only on the last rank, and calls the later promotion
//! illegal): the Pawn is one of the pieces whose promotion is never declined.
//!
//! "Does everything" is read from move generation, not from a list of names: on an empty board
//! from every square, and on boards filled at random with pieces of both colours from squares
//! drawn at random, each move of the piece (promotion aside) must be a move of its promoted form
//! from the same square.

use crate::cell::{Cell, Piece};
use crate::game::Game;
use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::movegen::tables::Tables;
use crate::movegen::{generate_from, Board, State};
use crate::moves::Move;
use crate::random::Rng;
use crate::variant::{KindId, Variant};

/// Random boards tried besides the empty one, the share (percent) of squares they fill, and
/// the origins tried on each (every square on the empty board).
const RANDOM_BOARDS: usize = 6;
const FILL_PERCENT: u64 = 30;
const RANDOM_ORIGINS: usize = 64;

/// Per piece type: whether its promotion is never declined in the search.
#[derive(Clone, Debug, Default)]
pub struct Deferrals {
    never: Vec<bool>,
    /// Some type's promotion is never declined (else there is nothing to drop).
    any: bool,
}

impl Deferrals {
    pub fn of(game: &Game) -> Deferrals {
        let never = (0..game.variant.pieces.len())
            .map(|k| {
                let kind = KindId(k as u8);
                game.variant.piece(kind).promotes_to.is_some_and(|p| does_everything(game, p, kind))
            })
            .collect::<Vec<bool>>();
        let any = never.iter().any(|&n| n);
        Deferrals { never, any }
    }

    /// Whether the search never declines the promotion of type `k`.
    pub fn never_declined(&self, k: KindId) -> bool {
        self.never.get(k.index()).copied().unwrap_or(false)
    }

    /// Drops from `moves` (generated in `pos`) each deferral whose promoting twin is also in
    /// the list, for the types whose promotion is never declined. The generator pushes the
    /// twins next to each other (`movegen::promotion::push`; sorted, they stay neighbours).
    pub fn drop_deferrals(&self, pos: &impl Board, moves: &mut Vec<Move>) {
        // Most lists (nearly every quiescence node's) hold no promotion, hence no twins: one
        // read-only pass says so, cheaper than the rewriting pass below.
        if !self.any || moves.iter().all(|m| m.promotion().is_none()) {
            return;
        }
        let twins = |a: Move, b: Move| b.promotion().is_some() && b.without_promotion() == a;
        // In place: the write index never passes the read index, so the next move is still
        // the generator's, and the previous one is kept aside before it can be overwritten.
        let mut prev: Option<Move> = None;
        let mut w = 0;
        for r in 0..moves.len() {
            let m = moves[r];
            let deferral = m.promotion().is_none()
                && (prev.is_some_and(|p| twins(m, p)) || moves.get(r + 1).is_some_and(|&n| twins(m, n)))
                && pos.piece_at(m.from).is_some_and(|p| self.never_declined(p.kind()));
            prev = Some(m);
            if !deferral {
                moves[w] = m;
                w += 1;
            }
        }
        moves.truncate(w);
    }
}

/// Whether type `p` does everything type `k` does (see the module documentation).
fn does_everything(game: &Game, p: KindId, k: KindId) -> bool {
    let mut rng = Rng::new(0x5eed ^ k.index() as u64);
    let shape = game.shape;
    let squares: Vec<Square> = shape.squares().collect();
    // Pieces that may stand around: every type but the two compared, of either colour.
    let others: Vec<KindId> = (0..game.variant.pieces.len() as u8).map(KindId).filter(|&o| o != p && o != k).collect();
    for round in 0..=RANDOM_BOARDS {
        let mut b = Scratch::new(game);
        if round > 0 && !others.is_empty() {
            for &sq in &squares {
                if rng.below(100) < FILL_PERCENT {
                    let kind = others[rng.below(others.len() as u64) as usize];
                    let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
                    b.put(sq, Piece::new(kind, color));
                }
            }
        }
        let origins: Vec<Square> = match round {
            0 => squares.clone(),
            _ => (0..RANDOM_ORIGINS).map(|_| squares[rng.below(squares.len() as u64) as usize]).collect(),
        };
        for from in origins {
            let saved = b.cell(from);
            b.set(from, Cell::from(Piece::new(k, Color::White)));
            let mine = b.moves(from);
            b.set(from, Cell::from(Piece::new(p, Color::White)));
            let theirs = b.moves(from);
            b.set(from, saved);
            if !mine.iter().all(|m| theirs.contains(m)) {
                return false;
            }
        }
    }
    true
}

/// A board for move generation alone: the mailbox, White to move, and the piece lists the
/// generators read.
struct Scratch<'a> {
    game: &'a Game,
    cells: Vec<Cell>,
    lists: ByColor<Vec<Square>>,
    royals: ByColor<Vec<Square>>,
    counts: Vec<u16>,
}

impl<'a> Scratch<'a> {
    fn new(game: &'a Game) -> Scratch<'a> {
        let shape = game.shape;
        let mut cells = vec![Cell::OFF; shape.cells as usize];
        for sq in shape.squares() {
            cells[sq.index()] = Cell::EMPTY;
        }
        Scratch {
            game,
            cells,
            lists: ByColor::default(),
            royals: ByColor::default(),
            counts: vec![0; Piece::table_size(game.variant.pieces.len())],
        }
    }

    /// Puts a piece on an empty square, in the lists too.
    fn put(&mut self, sq: Square, piece: Piece) {
        self.cells[sq.index()] = Cell::from(piece);
        self.lists[piece.color()].push(sq);
        if self.game.variant.piece(piece.kind()).royal {
            self.royals[piece.color()].push(sq);
        }
        self.counts[piece.index()] += 1;
    }

    /// Changes a square's content alone (the mover, which the generators read from the board).
    fn set(&mut self, sq: Square, cell: Cell) {
        self.cells[sq.index()] = cell;
    }

    /// The moves of the piece on `from`, promotion aside, sorted.
    fn moves(&self, from: Square) -> Vec<Move> {
        let mut out = Vec::new();
        generate_from(self, from, &mut out);
        let mut plain: Vec<Move> = out.into_iter().map(Move::without_promotion).collect();
        plain.sort_unstable();
        plain.dedup();
        plain
    }
}

impl Board for Scratch<'_> {
    fn tables(&self) -> &Tables {
        &self.game.tables
    }
}

impl State for Scratch<'_> {
    fn variant(&self) -> &Variant {
        &self.game.variant
    }
    fn shape(&self) -> &BoardShape {
        &self.game.shape
    }
    fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }
    fn cells(&self) -> &[Cell] {
        &self.cells
    }
    fn side(&self) -> Color {
        Color::White
    }
    fn pieces(&self, c: Color) -> &[Square] {
        &self.lists[c]
    }
    fn royal_squares(&self, c: Color) -> &[Square] {
        &self.royals[c]
    }
    fn count(&self, kind: KindId, c: Color) -> u16 {
        self.counts[Piece::new(kind, c).index()]
    }
    fn ep_square(&self) -> Option<Square> {
        None
    }
    fn ep_victim(&self) -> Square {
        Square::NONE
    }
    fn leap_right(&self, _: Color) -> bool {
        false
    }
    fn castling_rights(&self) -> u8 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::legality::legal_move_list;
    use crate::search::{Limits, Searcher};
    use std::sync::atomic::AtomicBool;

    fn never(game: &Game) -> Vec<String> {
        let d = Deferrals::of(game);
        let mut ids: Vec<String> = (0..game.variant.pieces.len() as u8)
            .map(KindId)
            .filter(|&k| d.never_declined(k))
            .map(|k| game.variant.piece(k).id.clone())
            .collect();
        ids.sort();
        ids
    }

    #[test]
    fn chu_never_declines_the_promotions_hachu_never_declines() {
        // HaChu 0.21's generator leaves out exactly these deferrals (Pawn, Lance, Reverse
        // Chariot, Blind Tiger, Drunk Elephant, Kirin, Bishop, Rook, Dragon Horse, Dragon King),
        // found here from the moves alone; Gold (Rook has no diagonal step), Silver, Copper,
        // Go-Between, Leopard, Phoenix, Side and Vertical Movers keep their choice.
        let chu = Game::builtin("chu").unwrap();
        assert_eq!(never(&chu), ["A", "B", "D", "E", "H", "L", "O", "P", "R", "T"]);
    }

    #[test]
    fn the_search_never_defers_those_promotions_and_the_move_list_keeps_them() {
        let chu = Game::builtin("chu").unwrap();
        // White Pawn on e8 steps into the zone (rank 9) with a choice; a Gold on a8 too.
        let fen = "5k6/12/12/12/G3P7/12/12/12/12/12/12/6K5 w - 1";
        let mut pos = Position::from_fen(&chu, fen).unwrap();
        let legal = legal_move_list(&mut pos);
        let text = |m: &Move| crate::notation::format_move(&chu, *m);
        let texts: Vec<String> = legal.iter().map(text).collect();
        for m in ["e8e9", "e8e9+", "a8a9", "a8a9+"] {
            assert!(texts.contains(&m.to_string()), "{m} missing from {texts:?}");
        }
        // Every legal move as a MultiPV line: the Pawn's deferral is never searched; the Gold's
        // is.
        let mut s = Searcher::new(16, 1);
        let stop = AtomicBool::new(false);
        let mut firsts = Vec::new();
        let r = s.search(&pos, &Limits::depth(2), legal.len(), &stop, &mut |i| {
            if i.depth == 2 {
                firsts.push(text(&i.pv[0]));
            }
        });
        assert!(r.best.is_some());
        assert!(firsts.contains(&"e8e9+".to_string()) && !firsts.contains(&"e8e9".to_string()), "{firsts:?}");
        assert!(firsts.contains(&"a8a9".to_string()) && firsts.contains(&"a8a9+".to_string()), "{firsts:?}");
        assert_eq!(firsts.len(), legal.len() - 1, "every move but the deferral");
    }
}
