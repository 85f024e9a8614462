//! Pseudo-legal move generation: atoms from the tables, plus one small module per power that
//! no atom expresses. Every move is emitted once per distinct effect (see `moves`).
//!
//! Legality (check, lion-capture rules, repetition) is applied on top by `legality`.

pub mod approach;
pub mod area;
pub mod attack;
pub mod bent;
pub mod board;
pub mod burn;
pub mod cicada;
pub mod convert;
pub mod effect;
pub mod emperor;
pub mod harpy;
pub mod hook;
pub mod hop_capture;
pub mod igui;
pub mod immobilizer;
pub mod jump;
pub mod king_leap;
pub mod lion;
pub mod lion3;
pub mod longleap;
pub mod parrot;
pub mod power;
pub mod promotion;
pub mod relay;
pub mod swap;
pub mod sweep;
pub mod tables;
pub mod withdraw;

use crate::cell::Piece;
use crate::geometry::Square;
use crate::moves::Move;
pub use board::Board;

/// Every pseudo-legal move of the side to move, appended to `out`: each piece's own moves,
/// then the moves friends relay to it (`relay`), each effect once.
pub fn generate(pos: &impl Board, out: &mut Vec<Move>) {
    let us = pos.side();
    let relayers = if pos.tables().relay.any() { relay::present(pos, us) } else { relay::Relayers::default() };
    // Where the relayers stand, so that only pieces within their reach are asked.
    let reach = if relayers.any() { relay::Reach::of(pos, us) } else { relay::Reach::default() };
    for &from in pos.pieces(us) {
        let start = out.len();
        generate_from(pos, from, out);
        if relayers.any() && reach.may_relay_to(pos, from) {
            relay::add_relayed(pos, from, start, relayers, out);
        }
    }
}

/// The pseudo-legal moves of the piece on `from` (of either colour, as if it were to move)
/// under its own power; with the moves friends relay to it, see [`generate_piece`].
pub fn generate_from(pos: &impl Board, from: Square, out: &mut Vec<Move>) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    let us = piece.color();
    let km = &pos.tables().moves[us][piece.kind().index()];
    let start = out.len();
    let them = us.flip();
    // A frozen piece (Typhoon) has no own moves; it may only capture itself.
    if !pos.tables().special.immobilizer_list.is_empty() && immobilizer::frozen(pos, from, us) {
        out.push(Move::self_capture(from));
        return;
    }

    for l in &km.leaps {
        let to = from.offset(l.delta);
        let cell = pos.cell(to);
        if cell.is_off() {
            continue;
        }
        if !l.path.is_empty() && l.path.iter().any(|&d| !pos.cell(from.offset(d)).is_empty()) {
            continue;
        }
        if cell.is_empty() {
            if l.mode.moves {
                promotion::push(pos, piece, Move::new(from, to), false, l.dist == 1, out);
            }
            if l.ep && l.mode.captures && pos.ep_square() == Some(to) {
                promotion::push(pos, piece, Move::en_passant(from, to), true, true, out);
            }
        } else if l.mode.captures && cell.holds(them) {
            promotion::push(pos, piece, Move::new(from, to), true, l.dist == 1, out);
        }
    }
    for s in &km.slides {
        let mut to = from;
        let min = s.min as u32;
        for step in 1..=s.max as u32 {
            to = to.offset(s.delta);
            let cell = pos.cell(to);
            if cell.is_off() {
                break;
            }
            // A Tetrarchs' first square is skipped, whatever stands there.
            if s.skip && step == 1 {
                continue;
            }
            // A lame rider's skipped square (half a D or A leap back) must be empty too.
            if s.lame && !pos.cell(to.offset(-s.delta / 2)).is_empty() {
                break;
            }
            // Squares before `min` (a Wagon's first square) must be empty and are no targets.
            if cell.is_empty() {
                if s.mode.moves && step >= min {
                    promotion::push(pos, piece, Move::new(from, to), false, step == 1, out);
                }
                continue;
            }
            if s.mode.captures && step >= min && cell.holds(them) {
                promotion::push(pos, piece, Move::new(from, to), true, step == 1, out);
            }
            break;
        }
    }
    // Powers that modify or extend the plain moves generated so far (Typhoon).
    if km.withdraw {
        withdraw::apply(pos, piece, start, km.withdraw_optional, out);
    }
    if km.approach {
        approach::add(pos, piece, start, out);
    }
    if km.convert_ahead {
        convert::add_ahead(pos, piece, start, out);
    }
    if !km.hops.is_empty() {
        hop_captures_of(pos, piece, from, &km.hops, out);
    }
    if !km.bents.is_empty() {
        bent::generate(pos, piece, from, km, out);
    }
    if km.lion {
        lion::generate_lion(pos, piece, from, false, out);
    }
    if !km.lion_lines.is_empty() {
        lion::generate_lines(pos, piece, from, &km.lion_lines, false, out);
    }
    if km.king_leap && pos.leap_right(us) {
        king_leap::generate(pos, from, km.king_leap_both_safe, out);
    }
    if !km.shoot.is_empty() {
        igui::generate(pos, piece, from, &km.shoot, out);
    }
    if !km.hop_captures.is_empty() {
        hop_capture::generate(pos, piece, from, &km.hop_captures, out);
    }
    if km.area > 0 {
        area::generate(pos, piece, from, km.area, out);
    }
    if !km.jump_lines.is_empty() {
        jump::generate(pos, piece, from, &km.jump_lines, out);
    }
    if km.double_diagonal {
        harpy::generate(pos, piece, from, out);
    }
    if km.cicada {
        cicada::generate(pos, piece, from, out);
    }
    if !km.convert.is_empty() {
        convert::generate(pos, piece, from, &km.convert, out);
    }
    if !km.swap.is_empty() {
        swap::generate(pos, piece, from, &km.swap, out);
    }
    if !km.sweep.is_empty() {
        sweep::generate(pos, piece, from, &km.sweep, out);
    }
    if !km.parrot.is_empty() {
        // Option `pass_needs_empty_neighbour`: an empty square among its own step squares,
        // i.e. one of its plain moves so far is a step to an empty square.
        let may_pass = !km.pass_needs_empty_step
            || out[start..].iter().any(|m| {
                m.kind == crate::moves::MoveKind::Normal
                    && m.mid[0].is_none()
                    && pos.is_empty(m.to)
                    && pos.shape().distance(from, m.to) == 1
            });
        parrot::generate(pos, piece, from, &km.parrot, may_pass, out);
    }
    if !km.shoot_line.is_empty() {
        igui::generate_lines(pos, piece, from, &km.shoot_line, out);
    }
    if !km.long_leap.is_empty() {
        longleap::generate(pos, piece, from, &km.long_leap, out);
    }
    if !km.hooks.is_empty() {
        hook::generate(pos, piece, from, &km.hooks, out);
    }
    if km.emperor {
        emperor::generate(pos, piece, from, out);
    }
    if km.lion3 {
        lion3::generate(pos, piece, from, out);
    }
    if km.needs_dedup {
        dedup(out, start);
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

/// Cannon-style captures along `dirs`: over exactly one screen, onto the first piece beyond it
/// if it is an enemy (hoppers' captures; their quiet moves are ordinary slides).
fn hop_captures_of(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    for &d in dirs {
        let mut to = from.offset(d);
        while pos.cell(to).is_empty() {
            to = to.offset(d);
        }
        if pos.cell(to).is_off() {
            continue;
        }
        to = to.offset(d);
        while pos.cell(to).is_empty() {
            to = to.offset(d);
        }
        if pos.cell(to).holds(them) {
            promotion::push(pos, piece, Move::new(from, to), true, false, out);
        }
    }
}

pub use effect::is_capture;

/// Keeps only the captures among `out[start..]`.
fn retain_captures(pos: &impl Board, out: &mut Vec<Move>, start: usize) {
    let mut w = start;
    for r in start..out.len() {
        if is_capture(pos, out[r]) {
            out[w] = out[r];
            w += 1;
        }
    }
    out.truncate(w);
}

/// The pseudo-legal captures of the side to move (what a quiescence search tries): exactly the
/// moves of [`generate`] that remove a piece. Plain atoms skip their quiet targets; pieces with
/// powers, and games with relays, take the general path and are filtered, so each power's
/// rules stay in one place.
pub fn generate_captures(pos: &impl Board, out: &mut Vec<Move>) {
    let us = pos.side();
    // Relays and immobilizers change what every piece may do: the general path.
    if pos.tables().relay.any() || !pos.tables().special.immobilizer_list.is_empty() {
        let start = out.len();
        generate(pos, out);
        retain_captures(pos, out, start);
        return;
    }
    let them = us.flip();
    for &from in pos.pieces(us) {
        let piece = pos.piece_at(from).unwrap();
        let km = &pos.tables().moves[us][piece.kind().index()];
        // A pure Emperor (Tai) takes only unprotected enemies: look at the enemy pieces, not
        // at its 600-odd empty target squares.
        if km.emperor_only {
            emperor::generate_captures(pos, piece, from, out);
            continue;
        }
        if !km.bents.is_empty()
            || !km.shoot.is_empty()
            || !km.hop_captures.is_empty()
            || km.area > 0
            || !km.jump_lines.is_empty()
            || km.double_diagonal
            || km.generated_attacks
            || !km.swap.is_empty()
            || !km.hooks.is_empty()
            || km.emperor
            || km.lion3
            || km.slides.iter().any(|s| s.skip || s.lame)
        {
            let start = out.len();
            generate_from(pos, from, out);
            retain_captures(pos, out, start);
            continue;
        }
        let start = out.len();
        for &(d, step) in &km.capture_leaps {
            let to = from.offset(d);
            if pos.cell(to).holds(them) {
                promotion::push(pos, piece, Move::new(from, to), true, step, out);
            }
        }
        if km.capture_leaps_special {
            for l in km.leaps.iter().filter(|l| l.mode.captures && (l.ep || !l.path.is_empty())) {
                let to = from.offset(l.delta);
                let cell = pos.cell(to);
                if cell.is_off() || l.path.iter().any(|&d| !pos.cell(from.offset(d)).is_empty()) {
                    continue;
                }
                if cell.is_empty() {
                    if l.ep && pos.ep_square() == Some(to) {
                        promotion::push(pos, piece, Move::en_passant(from, to), true, true, out);
                    }
                } else if cell.holds(them) {
                    promotion::push(pos, piece, Move::new(from, to), true, l.dist == 1, out);
                }
            }
        }
        for &(d, min, max) in &km.capture_slides {
            // Walk the empty squares; the first piece met ends the line (off-board counts as a
            // piece of neither colour).
            let mut to = from.offset(d);
            let mut step = 1u8;
            while pos.cell(to).is_empty() && step < max {
                to = to.offset(d);
                step += 1;
            }
            if step >= min && pos.cell(to).holds(them) {
                promotion::push(pos, piece, Move::new(from, to), true, step == 1, out);
            }
        }
        if !km.hops.is_empty() {
            hop_captures_of(pos, piece, from, &km.hops, out);
        }
        if km.lion {
            lion::generate_lion(pos, piece, from, true, out);
        }
        if !km.lion_lines.is_empty() {
            lion::generate_lines(pos, piece, from, &km.lion_lines, true, out);
        }
        if km.needs_dedup {
            dedup(out, start);
        }
    }
}

/// The pseudo-legal moves of the piece on `from` when its side is to move: its own moves and
/// the moves its friends relay to it.
pub fn generate_piece(pos: &impl Board, from: Square, out: &mut Vec<Move>) {
    let Some(p) = pos.piece_at(from) else {
        return;
    };
    let start = out.len();
    generate_from(pos, from, out);
    if pos.tables().relay.any() {
        let relayers = relay::present(pos, p.color());
        if relayers.any() {
            relay::add_relayed(pos, from, start, relayers, out);
        }
    }
}

/// The en-passant captures available to the side to move (pseudo-legal).
pub fn en_passant_moves(pos: &impl Board) -> Vec<Move> {
    let mut out = Vec::new();
    let Some(ep) = pos.ep_square() else {
        return out;
    };
    let us = pos.side();
    for &from in pos.pieces(us) {
        let p: Piece = pos.piece_at(from).unwrap();
        let km = &pos.tables().moves[us][p.kind().index()];
        if !km.ep_capturer {
            continue;
        }
        for l in &km.leaps {
            if l.ep && l.mode.captures && from.offset(l.delta) == ep {
                promotion::push(pos, p, Move::en_passant(from, ep), true, true, &mut out);
            }
        }
    }
    out
}
