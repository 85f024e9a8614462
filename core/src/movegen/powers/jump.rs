//! `jump-capture:RIDER` — jumping captures (Nutty Jumping Rook, Jumping Bishop, Regent, Jumping Queen; rules section
//! 4.3). Along its jump lines the piece may capture an enemy beyond other pieces, friend or foe,
//! as long as every piece passed over has a strictly lower jump rank than the mover. The captured
//! piece may have any rank. Non-capturing moves are the piece's ordinary slides, and so is the
//! capture of the first piece on a line; this module adds only the captures beyond it.
//!
//! With the parameter `lower-only` (`jump-capture:R(lower-only)`, Tenjiku's ShogiVar option), a
//! capture beyond the first piece takes only an enemy of strictly lower jump rank than the mover.
//!
//! Jumping captures attack: the power's attack test (its `Hooks::own_attacks`) answers for
//! attack detection.

use crate::cell::Piece;
use crate::geometry::{ByColor, Color, Square};
use crate::movegen::attack_tables::add_to;
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{
    check_flags, Attacks, Compile, Description, Generate, Hooks, PowerError, Spec, StepRule, Steps,
};
use crate::movegen::view::{Cells, Shape, View};
use crate::moves::Move;
use crate::variant::{PieceType, PowerCall};

/// `jump-capture:RIDER`: the lines along which the piece jump-captures, and whether a capture
/// over pieces takes only lower-ranked enemies (`lower-only`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpCapture(pub Steps, pub bool);

/// Board deltas of its jump lines.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(crate) dirs: Vec<i32>,
    pub(crate) lower_only: bool,
}

/// Where a square's jumping capturers stand, per attacking colour: (delta from target toward the
/// attacker, types that jump-capture along it); the types with `lower-only`; and the jump rank
/// of every type of the game (the piece key `jump_rank`), which decides what may stand between.
#[derive(Clone, Debug, Default)]
pub struct Attackers {
    lines: ByColor<Vec<(i32, KindSet)>>,
    lower_only: KindSet,
    ranks: Vec<u8>,
}

impl Attackers {
    /// Jump rank of `piece`.
    #[inline]
    fn rank(&self, piece: Piece) -> u8 {
        self.ranks[piece.kind().index()]
    }
}

const LOWER_ONLY: &str = "lower-only";

impl Spec for JumpCapture {
    const NAME: &'static str = "jump-capture";
    const SYNTAX: &'static str = "jump-capture:RIDER[(lower-only)]";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = Attackers;
    type Moves = Compiled;

    fn parse(call: &PowerCall) -> Result<JumpCapture, PowerError> {
        check_flags(call, &[LOWER_ONLY])?;
        let mut bare = call.clone();
        bare.flags.clear();
        let steps = Steps::parse(&bare, StepRule::Rider)?;
        if steps.vectors.iter().any(|v| !matches!(v.travel, crate::variant::betza::Travel::Ride { max: 0 })) {
            return Err(PowerError(format!(
                "jump-capture:{}: the argument must be an unlimited rider (R, B, Q)",
                steps.spec
            )));
        }
        Ok(JumpCapture(steps, call.flags.iter().any(|f| f == LOWER_ONLY)))
    }

    fn describe(&self) -> Description {
        let of = if self.1 { " of lower-ranked enemies" } else { "" };
        Description::text_only(format!("jumping captures `{}`{of} over lower jump ranks", self.0.spec))
    }

    fn compile(&self, cx: &mut Compile<'_>, game: &mut Attackers) -> Option<Compiled> {
        let dirs = cx.deltas(&self.0);
        for &j in &dirs {
            add_to(&mut game.lines[cx.color], -j, cx.kind);
        }
        if self.1 {
            game.lower_only.insert(cx.kind);
        }
        Some(Compiled { dirs, lower_only: self.1 })
    }
}

impl Generate<Attackers> for Compiled {
    /// The jumping captures beyond the first piece of each line.
    fn generate(&self, game: &Attackers, pos: &impl View, piece: Piece, from: Square, _: usize, out: &mut Vec<Move>) {
        generate(game, pos, piece, from, self, out);
    }

    /// One set of jump lines per piece: `lower-only` is a rule of the type (its attack test
    /// reads it so).
    fn absorb(&mut self, other: Compiled) -> Option<Compiled> {
        self.dirs.extend(other.dirs);
        self.lower_only |= other.lower_only;
        None
    }
}

fn generate(game: &Attackers, pos: &impl View, piece: Piece, from: Square, jc: &Compiled, out: &mut Vec<Move>) {
    let them = piece.color().flip();
    let mine = game.rank(piece);
    for &d in &jc.dirs {
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
            if passed_first && passed.color() == them && !(jc.lower_only && game.rank(passed) >= mine) {
                pos.push_move(piece, Move::new(from, to), Shape::CAPTURE, out);
            }
            if game.rank(passed) >= mine {
                break;
            }
            passed_first = true;
        }
    }
}

impl Hooks for Attackers {
    fn finish(&mut self, pieces: &[PieceType]) {
        self.ranks = pieces.iter().map(|t| t.jump_rank).collect();
    }

    /// Whether a jumping capturer of `by` can capture on `target` (over at least zero pieces).
    fn own_attacks(&self, _: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        attacks(self, target, by, cell_at)
    }
}

/// Whether a jumping capturer of `by` can capture on `target` (over at least zero pieces).
fn attacks(game: &Attackers, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
    let lower_only = &game.lower_only;
    // The rank of what would be taken (an empty square: the lowest).
    let taken = cell_at(target).piece().map_or(0, |p| game.rank(p));
    for (d, set) in &game.lines[by] {
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
            let r = game.rank(p);
            if p.color() == by
                && set.contains(p.kind())
                && highest.is_none_or(|h| h < r && !(lower_only.contains(p.kind()) && taken >= r))
            {
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
