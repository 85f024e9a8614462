//! `jump-capture:RIDER` — jumping captures (Nutty Jumping Rook, Jumping Bishop, Regent, Jumping Queen; rules section
//! 4.3). Along its jump lines the piece may capture an enemy beyond other pieces, friend or foe,
//! as long as every piece passed over has a strictly lower jump rank than the mover. The captured
//! piece may have any rank. Non-capturing moves are the piece's ordinary slides, and so is the
//! capture of the first piece on a line; this module adds only the captures beyond it.
//!
//! Jumping captures attack: [`attacks`] answers for `attack::is_attacked`.

use crate::cell::{Cell, Piece};
use crate::geometry::{Color, Square};
use crate::movegen::power::{Attacks, Captures, Description, Gen, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::promotion::{self, Shape};
use crate::movegen::tables::{add_to, Compile, KindSet};
use crate::movegen::Board;
use crate::moves::Move;
use crate::variant::PowerCall;

/// `jump-capture:RIDER`: the lines along which the piece jump-captures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpCapture(pub Steps);

/// Board deltas of its jump lines.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub dirs: Vec<i32>,
}

/// (delta from target toward the attacker, types that jump-capture along it); the jump ranks
/// decide what may stand between.
#[derive(Clone, Debug, Default)]
pub struct AttackTable(pub Vec<(i32, KindSet)>);

impl Spec for JumpCapture {
    const NAME: &'static str = "jump-capture";
    const SYNTAX: &'static str = "jump-capture:RIDER";

    fn parse(call: &PowerCall) -> Result<JumpCapture, PowerError> {
        let steps = Steps::parse(call, StepRule::Rider)?;
        if steps.vectors.iter().any(|v| !matches!(v.travel, crate::variant::betza::Travel::Ride { max: 0 })) {
            return Err(PowerError(format!(
                "jump-capture:{}: the argument must be an unlimited rider (R, B, Q)",
                steps.spec
            )));
        }
        Ok(JumpCapture(steps))
    }

    fn reach(&self) -> u8 {
        1
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("jumping captures `{}` over lower jump ranks", self.0.spec))
    }

    const ATTACKS: Attacks = Attacks::Own;

    fn captures(&self) -> Captures {
        Captures::Filtered
    }

    fn compile(&self, cx: &mut Compile<'_>) {
        let dirs = cx.deltas(&self.0);
        for &j in &dirs {
            add_to(&mut cx.attacks.jump.0, -j, cx.kind);
        }
        cx.moves.add_gen(Gen::JumpCapture(Compiled { dirs }));
    }

    fn own_attacks(pos: &impl Board, target: Square, by: Color, cell_at: &(impl Fn(Square) -> Cell + ?Sized)) -> bool {
        attacks(pos, target, by, cell_at)
    }
}

/// Jump rank of `piece`.
#[inline]
fn rank_of(pos: &impl Board, piece: Piece) -> u8 {
    pos.tables().special.jump_rank[piece.kind().index()]
}

impl Generate for Compiled {
    /// The jumping captures beyond the first piece of each line.
    fn generate(&self, pos: &impl Board, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        generate(pos, piece, from, &self.dirs, out);
    }

    fn absorb(&mut self, other: Compiled) {
        self.dirs.extend(other.dirs);
    }
}

fn generate(pos: &impl Board, piece: Piece, from: Square, dirs: &[i32], out: &mut Vec<Move>) {
    let them = piece.color().flip();
    let mine = pos.variant().piece(piece.kind()).jump_rank;
    for &d in dirs {
        let mut to = from;
        let mut passed_first = false;
        loop {
            to = to.offset(d);
            let c = pos.cell(to);
            if c.is_off() {
                break;
            }
            let Some(passed) = c.piece() else {
                continue;
            };
            // The first piece is the ordinary slide's target; later ones are jump captures.
            if passed_first && passed.color() == them {
                promotion::push(pos, piece, Move::new(from, to), Shape::CAPTURE, out);
            }
            if rank_of(pos, passed) >= mine {
                break;
            }
            passed_first = true;
        }
    }
}

/// Whether a jumping capturer of `by` can capture on `target` (over at least zero pieces).
pub fn attacks(pos: &impl Board, target: Square, by: Color, cell_at: &(impl Fn(Square) -> Cell + ?Sized)) -> bool {
    let ranks = &pos.tables().special.jump_rank;
    for (d, set) in &pos.tables().attacks[by].jump.0 {
        let mut sq = target;
        // Highest rank passed so far walking out from the target (None: nothing passed yet).
        let mut highest: Option<u8> = None;
        loop {
            sq = sq.offset(*d);
            let c = cell_at(sq);
            if c.is_off() {
                break;
            }
            let Some(p) = c.piece() else {
                continue;
            };
            let r = ranks[p.kind().index()];
            if p.color() == by && set.contains(p.kind()) && highest.is_none_or(|h| h < r) {
                return true;
            }
            let h = highest.map_or(r, |h| h.max(r));
            highest = Some(h);
            // Nothing outranks a King or a Jumping Queen among the jumpers.
            if h >= 3 {
                break;
            }
        }
    }
    false
}
