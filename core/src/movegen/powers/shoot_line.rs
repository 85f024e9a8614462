//! `shoot-line:RIDER` — shots at any distance (Typhoon Emperor of Emperors, `shoot-line:Q`):
//! along each unit direction the first piece, if it is an enemy, is removed; the piece stays.
//! A shot never promotes. No table says these captures: attack detection generates them.

use crate::cell::Piece;
use crate::geometry::Square;
use crate::movegen::power::{Compile, Attacks, Captures, Description, Generate, PowerError, Spec, StepRule, Steps};
use crate::movegen::view::View;
use crate::moves::Move;
use crate::variant::PowerCall;

/// `shoot-line:RIDER`: remove the first piece along a line, if an enemy, without moving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShootLine(pub Steps);

/// Unit board deltas of the lines.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(crate) dirs: Vec<i32>,
}

impl Spec for ShootLine {
    const NAME: &'static str = "shoot-line";
    const SYNTAX: &'static str = "shoot-line:RIDER";

    fn parse(call: &PowerCall) -> Result<ShootLine, PowerError> {
        Steps::parse(call, StepRule::UnitRider).map(ShootLine)
    }

    fn reach(&self) -> u8 {
        1
    }

    fn describe(&self) -> Description {
        Description::text_only(format!("shoots the first piece on `{}` lines", self.0.spec))
    }

    const ATTACKS: Attacks = Attacks::Generated;

    fn captures(&self) -> Captures {
        Captures::Filtered
    }

    type Game = ();
    type Moves = Compiled;

    fn compile(&self, cx: &mut Compile<'_>, _: &mut ()) -> Option<Compiled> {
        let dirs = cx.deltas(&self.0);
        Some(Compiled { dirs })
    }
}

impl Generate for Compiled {
    fn generate(&self, _: &(), pos: &impl View, piece: Piece, from: Square, _start: usize, out: &mut Vec<Move>) {
        let them = piece.color().flip();
        for &d in &self.dirs {
            let mut sq = from.offset(d);
            while pos.cell(sq).is_empty() {
                sq = sq.offset(d);
            }
            if pos.cell(sq).holds(them) {
                out.push(Move::via(from, sq, from));
            }
        }
    }

    fn absorb(&mut self, other: Compiled) {
        self.dirs.extend(other.dirs);
    }
}
