//! Pseudo-legal move generation: each piece's atoms (its Betza string), then its compiled
//! powers in the registry's order, then the moves other pieces lend it (relays), and the
//! castling moves. Every move is emitted once per distinct effect (see `moves`).

use super::board::Board;
use super::castling;
use super::effect::is_capture;
use super::power::PowerRefusal;
use super::powers::Gen;
use super::promotion;
use super::tables::{CaptureSearch, KindMoves};
use super::view::Shape;
use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;

/// Every pseudo-legal move of the side to move, appended to `out`: each piece's own moves,
/// then the moves friends lend it (relays), each effect once.
pub fn generate(pos: &impl Board, out: &mut Vec<Move>) {
    let us = pos.side();
    let tables = pos.tables();
    let registry = &tables.registry;
    let lent = registry.lends() && registry.lend_all(pos, us, out);
    if !lent {
        let freezes = registry.freezes();
        for &from in pos.pieces(us) {
            let Some(piece) = pos.piece_at(from) else { continue };
            let km = tables.kind(us, piece.kind());
            // Nearly every piece has only plain atoms: their loops run here, without the
            // general path's call.
            if km.plain_only && !freezes {
                let start = out.len();
                km.atoms.generate_plain::<true>(pos, piece, from, out);
                keep_order(km, out, start);
            } else {
                piece_moves(pos, piece, km, from, out);
            }
        }
    }
    if let Some(c) = &tables.castling {
        castling::generate(pos, c, out);
    }
}

/// The pseudo-legal moves of the side to move that take nothing: exactly the moves of
/// [`generate`] that are not captures ([`is_capture`]), in the same order (the search's quiet
/// stage, which has tried the captures already). A plain piece's loops skip their captures;
/// the other pieces' moves, and every move where powers lend or freeze, are filtered.
pub fn generate_quiets(pos: &impl Board, out: &mut Vec<Move>) {
    let tables = pos.tables();
    let registry = &tables.registry;
    if registry.lends() || registry.freezes() {
        let start = out.len();
        generate(pos, out);
        retain_quiets(pos, out, start);
        return;
    }
    for &from in pos.pieces(pos.side()) {
        let Some(piece) = pos.piece_at(from) else { continue };
        let km = tables.kind(piece.color(), piece.kind());
        let start = out.len();
        // As in `generate_captures`: where the capture lists are the type's whole story, a
        // move is a capture exactly when it lands on an enemy piece.
        if km.plain_only && km.capture_search == CaptureSearch::Lists {
            km.atoms.generate_plain::<false>(pos, piece, from, out);
            keep_order(km, out, start);
        } else {
            piece_moves(pos, piece, km, from, out);
            retain_quiets(pos, out, start);
        }
    }
    if let Some(c) = &tables.castling {
        castling::generate(pos, c, out);
    }
}

/// The pseudo-legal moves of the piece on `from` (of either colour, as if it were to move)
/// under its own power; with the moves friends relay to it, see [`generate_piece`].
pub fn generate_from(pos: &impl Board, from: Square, out: &mut Vec<Move>) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    piece_moves(pos, piece, pos.tables().kind(piece.color(), piece.kind()), from, out);
}

/// [`generate_from`] for `piece`, whose compiled moves are `km`. Out of line: inlined into
/// [`generate`]'s loop, the powers' dispatch took registers from the plain pieces' loops.
#[inline(never)]
fn piece_moves(pos: &impl Board, piece: Piece, km: &KindMoves, from: Square, out: &mut Vec<Move>) {
    if pos.tables().registry.freezes() && frozen(pos, from, piece, out) {
        return;
    }
    let start = out.len();
    km.atoms.generate(pos, piece, from, out);
    if !km.gens.is_empty() {
        power_moves(&km.gens, pos, piece, from, start, out);
    }
    if km.needs_dedup || km.sorted {
        dedup(out, start);
    }
}

/// Whether `piece` on `from` is frozen; if so, the one move left to it, capturing itself. Out
/// of line, as the powers' moves below, and for the same reason.
#[inline(never)]
fn frozen(pos: &impl Board, from: Square, piece: Piece, out: &mut Vec<Move>) -> bool {
    let frozen = pos.tables().registry.frozen(pos, from, piece.color());
    if frozen {
        out.push(Move::self_capture(from));
    }
    frozen
}

/// The moves of a piece's powers, after its atom moves `out[start..]`. Out of line: the dispatch
/// over the registry's powers and their bodies, inlined into `generate_from`, took registers from
/// the atoms' loops that nearly every piece runs (Chu's perft ran 3% more instructions).
#[inline(never)]
fn power_moves(gens: &[Gen], pos: &impl Board, piece: Piece, from: Square, start: usize, out: &mut Vec<Move>) {
    let registry = &pos.tables().registry;
    for g in gens {
        g.generate(registry, pos, piece, from, start, out);
    }
}

/// Removes repeated moves from `out[start..]` (a piece reaching a target by two atoms).
fn dedup(out: &mut Vec<Move>, start: usize) {
    out[start..].sort_unstable();
    let mut w = start;
    for r in start..out.len() {
        if w == start || out[r] != out[w - 1] {
            out[w] = out[r];
            w += 1;
        }
    }
    out.truncate(w);
}

/// Sorts `out[start..]` for a type whose moves are listed sorted (`KindMoves::sorted`).
#[inline(always)]
fn keep_order(km: &KindMoves, out: &mut [Move], start: usize) {
    if km.sorted {
        out[start..].sort_unstable();
    }
}

/// Keeps only the captures among `out[start..]`.
fn retain_captures(pos: &impl Board, out: &mut Vec<Move>, start: usize) {
    retain_by_capture(pos, out, start, true);
}

/// Keeps only the moves that are not captures among `out[start..]`, in their order.
fn retain_quiets(pos: &impl Board, out: &mut Vec<Move>, start: usize) {
    retain_by_capture(pos, out, start, false);
}

/// Keeps among `out[start..]`, in their order, the moves whose being a capture is `captures`.
fn retain_by_capture(pos: &impl Board, out: &mut Vec<Move>, start: usize, captures: bool) {
    let mut w = start;
    for r in start..out.len() {
        if is_capture(pos, out[r]) == captures {
            out[w] = out[r];
            w += 1;
        }
    }
    out.truncate(w);
}

/// The pseudo-legal captures of the side to move (what a quiescence search tries): exactly the
/// moves of [`generate`] that remove a piece. Atoms and the powers that can list their captures
/// skip their quiet targets; the pieces of other powers, and games with relays or immobilizers,
/// have all their moves generated and filtered, so each power's rules stay in one place.
pub fn generate_captures(pos: &impl Board, out: &mut Vec<Move>) {
    let us = pos.side();
    // Powers that freeze or lend moves change what every piece may do: the general path.
    if pos.tables().registry.changes_others() {
        let start = out.len();
        generate(pos, out);
        retain_captures(pos, out, start);
        return;
    }
    let tables = pos.tables();
    for &from in pos.pieces(us) {
        let Some(piece) = pos.piece_at(from) else { continue };
        let km = tables.kind(us, piece.kind());
        // As in `generate`: a plain piece's capture loops run here, the rest out of line.
        if km.plain_only && km.capture_search == CaptureSearch::Lists {
            let start = out.len();
            km.atoms.captures(pos, piece, from, out);
            keep_order(km, out, start);
        } else {
            piece_captures(pos, piece, km, from, out);
        }
    }
}

/// The pseudo-legal captures of `piece` on `from`, whose compiled moves are `km`: from its
/// capture lists and its powers', or by filtering all its moves.
#[inline(never)]
fn piece_captures(pos: &impl Board, piece: Piece, km: &KindMoves, from: Square, out: &mut Vec<Move>) {
    let start = out.len();
    if km.capture_search == CaptureSearch::Filter {
        piece_moves(pos, piece, km, from, out);
        retain_captures(pos, out, start);
        return;
    }
    km.atoms.captures(pos, piece, from, out);
    for g in &km.gens {
        g.captures(&pos.tables().registry, pos, piece, from, out);
    }
    if km.needs_dedup || km.sorted {
        dedup(out, start);
    }
}

/// The pseudo-legal moves of the piece on `from` when its side is to move: its own moves and
/// the moves its friends relay to it.
pub fn generate_piece(pos: &impl Board, from: Square, out: &mut Vec<Move>) {
    if pos.piece_at(from).is_none() {
        return;
    }
    let start = out.len();
    generate_from(pos, from, out);
    let registry = &pos.tables().registry;
    if registry.lends() {
        registry.lend_to(pos, from, start, out);
    }
}

/// Why a power of the piece on `from` refuses it the move to `to` (the Tai Emperor's protected
/// pieces), if one does.
pub fn power_refusal(pos: &impl Board, from: Square, to: Square) -> Option<PowerRefusal> {
    let piece = pos.piece_at(from)?;
    let tables = pos.tables();
    tables.kind(piece.color(), piece.kind()).gens.iter().find_map(|g| g.refuses(&tables.registry, pos, piece, from, to))
}

/// The en-passant captures available to the side to move (pseudo-legal).
pub fn en_passant_moves(pos: &impl Board) -> Vec<Move> {
    let mut out = Vec::new();
    let Some(ep) = pos.ep_square() else {
        return out;
    };
    let us = pos.side();
    for &from in pos.pieces(us) {
        let p = pos.piece_at(from).expect("a listed piece");
        let atoms = &pos.tables().kind(us, p.kind()).atoms;
        if !atoms.ep_capturer {
            continue;
        }
        for l in &atoms.leaps {
            if l.ep && l.mode.captures && from.offset(l.delta) == ep {
                promotion::push(pos, p, Move::en_passant(from, ep), Shape::CAPTURE.one_step(), &mut out);
            }
        }
    }
    out
}
