//! `relay:dervish`, `relay:harpy` (with parameters) — relayed moves (Scirocco 2009, Typhoon
//! 1999): moves a piece makes by a friend's power, not its own.
//!
//! Typhoon 1999 (`relay:dervish(reflect-only)`, `relay:harpy(knight-away)`): the Dervish gives
//! only the reflection (a D or A leap across it), and the Harpy gives the Knight leap to friends
//! a Knight's leap away from it. A frozen relayer (`immobilize`) relays nothing; frozen friends
//! may still use relays.
//!
//! - **Dervish relay.** A friend X on one of the 8 squares next to a Dervish may leap to the
//!   point-mirror of its square through the Dervish (a D or A leap over it), and if X is
//!   orthogonally adjacent, step diagonally to either orthogonal neighbour of the Dervish beside
//!   it (a quarter turn around it). With the parameter `corner-leaps` (Scirocco option
//!   `dervish_corner_leaps`), a diagonally adjacent X may also leap (D) to the two neighbouring
//!   corner squares of the Dervish.
//! - **Harpy relay.** A friend 1–3 squares from a Harpy along an open queen line may make any
//!   Knight leap.
//!
//! Relayed moves may move or capture. A relayed move with the same effect as one of the piece's
//! own moves *is* that own move (it keeps its promotion twin); a move that exists only by relay
//! never promotes. The generator emits each effect once: own moves first, then the relay-only
//! targets of the same piece. Relayed captures are real captures: the power's attack test feeds
//! them into attack detection. The relays are lent to friends through the power's hooks
//! (`Hooks::lend_all` for the side's moves, `Hooks::lend_to` for one piece's), which move
//! generation asks in games with relayers.

use crate::cell::Cell;
use crate::geometry::{Color, Square};
use crate::movegen::kind_set::KindSet;
use crate::movegen::power::{
    check_flags, each_then, Attacks, Captures, Compile, Description, Hooks, NoMoves, PowerError, Spec,
};
use crate::movegen::view::{Cells, View};
use crate::moves::{Move, MoveKind};
use crate::variant::{KindId, PowerCall};
use arrayvec::ArrayVec;

/// Who receives a relay, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relay {
    /// `relay:dervish`: an adjacent friend may leap across it (D or A, the reflection); unless
    /// `reflect-only` (Typhoon 1999), an orthogonally adjacent friend may also turn around it,
    /// and with `corner-leaps` (Scirocco option D1) a diagonally adjacent friend may leap to its
    /// two neighbouring corners.
    Dervish {
        /// A friend orthogonally adjacent may also turn around it (off with `reflect-only`).
        turn: bool,
        /// A friend diagonally adjacent may leap to its two neighbouring corners (`corner-leaps`).
        corner_leaps: bool,
    },
    /// `relay:harpy`: friends gain the Knight leap: those 1-3 squares away on an open queen line,
    /// or with `knight-away` (Typhoon 1999) those a Knight's leap away.
    Harpy {
        /// The friends a Knight's leap away gain it, not those on its open queen lines (`knight-away`).
        knight_away: bool,
    },
}

/// Which types relay moves to friends (the same for both colours: relays are symmetric).
/// `dervish`/`harpy` relay as in Scirocco 2009, `dervish_1999`/`harpy_1999` as in Typhoon
/// (`reflect-only`, `knight-away`).
#[derive(Clone, Debug, Default)]
pub struct RelayKinds {
    dervish: KindSet,
    harpy: KindSet,
    dervish_1999: KindSet,
    harpy_1999: KindSet,
    /// Dervishes that also give the corner leaps (`corner-leaps`).
    dervish_corners: KindSet,
    /// Lists of the same, for counting a side's relayers.
    dervish_list: Vec<KindId>,
    harpy_list: Vec<KindId>,
    dervish_1999_list: Vec<KindId>,
    harpy_1999_list: Vec<KindId>,
}

impl Spec for Relay {
    const NAME: &'static str = "relay";
    const SYNTAX: &'static str = "relay:dervish[(corner-leaps|reflect-only)], relay:harpy[(knight-away)]";
    const ATTACKS: Attacks = Attacks::Own;
    type Game = RelayKinds;
    type Moves = NoMoves;

    fn parse(call: &PowerCall) -> Result<Relay, PowerError> {
        let flag = |f: &str| call.flags.iter().any(|x| x == f);
        match call.arg.as_deref() {
            Some("dervish") => {
                check_flags(call, &["corner-leaps", "reflect-only"])?;
                Ok(Relay::Dervish { turn: !flag("reflect-only"), corner_leaps: flag("corner-leaps") })
            }
            Some("harpy") => {
                check_flags(call, &["knight-away"])?;
                Ok(Relay::Harpy { knight_away: flag("knight-away") })
            }
            _ => Err(PowerError(format!("{call}: the relayer is 'dervish' or 'harpy' (relay:dervish, relay:harpy)"))),
        }
    }

    fn reach(&self) -> u8 {
        2
    }

    fn describe(&self) -> Description {
        Description::text_only(match self {
            Relay::Dervish { turn: true, corner_leaps: false } => "Dervish relay (F, D, A to adjacent friends)",
            Relay::Dervish { turn: true, corner_leaps: true } => {
                "Dervish relay (F, D, A to adjacent friends; D to its corners)"
            }
            Relay::Dervish { turn: false, .. } => "Dervish relay 1999 (reflection: D, A across it)",
            Relay::Harpy { knight_away: false } => "Harpy relay (N to friends within Q3)",
            Relay::Harpy { knight_away: true } => "Harpy relay 1999 (N to friends a Knight's leap away)",
        })
    }

    /// Relayed moves are the receivers' (quiescence takes the general path in games with
    /// relays: `movegen::generate_captures`).
    fn quiescence(&self) -> Captures {
        Captures::Never
    }

    fn compile(&self, cx: &mut Compile<'_>, r: &mut RelayKinds) -> Option<NoMoves> {
        let k = cx.kind;
        let (set, list) = match *self {
            Relay::Dervish { turn: true, corner_leaps } => {
                if corner_leaps {
                    r.dervish_corners.insert(k);
                }
                (&mut r.dervish, &mut r.dervish_list)
            }
            Relay::Dervish { turn: false, .. } => (&mut r.dervish_1999, &mut r.dervish_1999_list),
            Relay::Harpy { knight_away: false } => (&mut r.harpy, &mut r.harpy_list),
            Relay::Harpy { knight_away: true } => (&mut r.harpy_1999, &mut r.harpy_1999_list),
        };
        set.insert(k);
        if !list.contains(&k) {
            list.push(k);
        }
        None
    }
}

impl Hooks for RelayKinds {
    fn own_attacks(&self, pos: &impl View, target: Square, by: Color, cell_at: &(impl Cells + ?Sized)) -> bool {
        attacks(self, pos, target, by, &cell_at)
    }

    const LENDS: bool = true;

    /// The side's pieces, each one's own moves, then the relay-only ones: relayers are asked
    /// for once, and only the pieces within their reach are given relays.
    fn lend_all(&self, pos: &impl View, side: Color, out: &mut Vec<Move>) -> bool {
        let relayers = present(self, pos, side);
        if !relayers.any() {
            return false;
        }
        let reach = Reach::of(self, pos, side);
        each_then(pos, side, out, |from, start, out| {
            if reach.may_relay_to(pos, from) {
                add_relayed(self, pos, from, start, relayers, out);
            }
        });
        true
    }

    fn lend_to(&self, pos: &impl View, from: Square, own_start: usize, out: &mut Vec<Move>) {
        let Some(p) = pos.piece_at(from) else {
            return;
        };
        let relayers = present(self, pos, p.color());
        if relayers.any() {
            add_relayed(self, pos, from, own_start, relayers, out);
        }
    }
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// Which relayers a side has on the board.
#[derive(Clone, Copy, Debug, Default)]
struct Relayers {
    dervish: bool,
    harpy: bool,
    dervish_1999: bool,
    harpy_1999: bool,
}

impl Relayers {
    fn any(self) -> bool {
        self.dervish || self.harpy || self.dervish_1999 || self.harpy_1999
    }
}

/// The relayers `c` has (from the piece counts: no board scan).
fn present(r: &RelayKinds, pos: &impl View, c: Color) -> Relayers {
    let has = |list: &[KindId]| pos.has_any(list, c);
    Relayers {
        dervish: has(&r.dervish_list),
        harpy: has(&r.harpy_list),
        dervish_1999: has(&r.dervish_1999_list),
        harpy_1999: has(&r.harpy_1999_list),
    }
}

/// The squares of a side's relayers, to skip at once the pieces no relayer can reach (most of
/// them): a 1999 Dervish reaches its 8 neighbours, a 1999 Harpy the squares a Knight's leap away;
/// the 2009 relayers (and more relayers than the list holds) are not filtered.
#[derive(Clone, Debug, Default)]
struct Reach {
    /// (square, is a Dervish): 1999 relayers.
    squares: ArrayVec<(Square, bool), 8>,
    /// Every piece must be asked.
    all: bool,
}

impl Reach {
    fn of(r: &RelayKinds, pos: &impl View, c: Color) -> Reach {
        let mut reach = Reach { squares: ArrayVec::new(), all: !r.dervish_list.is_empty() || !r.harpy_list.is_empty() };
        if reach.all {
            return reach;
        }
        for &sq in pos.pieces(c) {
            let cell = pos.cell(sq);
            let (d, h) = (r.dervish_1999.holds(cell, c), r.harpy_1999.holds(cell, c));
            if (d || h) && reach.squares.try_push((sq, d)).is_err() {
                reach.all = true;
                break;
            }
        }
        reach
    }

    /// Whether some relayer may relay a move to the piece on `x` (frozen relayers included:
    /// `add_relayed` checks that).
    #[inline]
    fn may_relay_to(&self, pos: &impl View, x: Square) -> bool {
        if self.all {
            return true;
        }
        let shape = *pos.shape();
        let (xf, xr) = (shape.file_of(x), shape.rank_of(x));
        self.squares.iter().any(|&(s, dervish)| {
            let (dx, dy) = ((shape.file_of(s) - xf).abs(), (shape.rank_of(s) - xr).abs());
            if dervish {
                dx.max(dy) == 1
            } else {
                dx * dy == 2
            }
        })
    }
}

/// Whether a non-frozen 1999 Harpy of `c` stands a Knight's leap from `x`.
fn harpy_1999_near(r: &RelayKinds, pos: &impl View, x: Square, c: Color, cell: &impl Cells) -> bool {
    let shape = *pos.shape();
    let harpy = &r.harpy_1999;
    KNIGHT.iter().any(|&(nx, ny)| {
        let h = x.offset(shape.delta(nx, ny));
        is_kind(cell(h), c, harpy) && !pos.frozen(h, c)
    })
}

/// Whether `cell` holds a piece of colour `c` whose type is in `set`.
#[inline]
fn is_kind(cell: Cell, c: Color, set: &KindSet) -> bool {
    set.holds(cell, c)
}

/// Whether the square `x` is in reach of a Harpy of `c`: 1–3 squares away along a queen line
/// with only empty squares between. `cell` reads the board (attack queries may ignore a square).
fn harpy_reaches(r: &RelayKinds, pos: &impl View, x: Square, c: Color, cell: &impl Cells) -> bool {
    let shape = *pos.shape();
    let harpy = &r.harpy;
    for (dx, dy) in ORTHO.iter().chain(DIAG.iter()) {
        let u = shape.delta(*dx, *dy);
        let mut s = x;
        for _ in 0..3 {
            s = s.offset(u);
            let v = cell(s);
            if v.is_empty() {
                continue;
            }
            if is_kind(v, c, harpy) && !pos.frozen(s, c) {
                return true;
            }
            break;
        }
    }
    false
}

/// The squares the piece of colour `us` on `from` may reach by relay (before removing those
/// that are its own moves). Targets hold no friend and are on the board.
fn relay_targets(
    r: &RelayKinds,
    pos: &impl View,
    from: Square,
    us: Color,
    relayers: Relayers,
    out: &mut ArrayVec<Square, 48>,
) {
    let shape = *pos.shape();
    let cell = |s: Square| pos.cell(s);
    let mut add = |t: Square| {
        let c = pos.cell(t);
        if !c.is_off() && !c.holds(us) && !out.contains(&t) {
            // At most 8 Dervishes x 3 targets + 8 Knight leaps: the capacity always suffices.
            let _ = out.try_push(t);
        }
    };
    if relayers.dervish || relayers.dervish_1999 {
        let (dervish, d1999) = (&r.dervish, &r.dervish_1999);
        for &(ex, ey) in ORTHO.iter().chain(DIAG.iter()) {
            let d = from.offset(shape.delta(ex, ey));
            let new_style = is_kind(cell(d), us, dervish);
            if !(new_style || is_kind(cell(d), us, d1999)) || pos.frozen(d, us) {
                continue;
            }
            // Reflection through the Dervish (the whole 1999 relay).
            add(d.offset(shape.delta(ex, ey)));
            if !new_style {
                continue;
            }
            if ex == 0 || ey == 0 {
                // Quarter turn: the Dervish's orthogonal neighbours beside X.
                add(d.offset(shape.delta(ey, ex)));
                add(d.offset(shape.delta(-ey, -ex)));
            } else if is_kind(cell(d), us, &r.dervish_corners) {
                // `corner-leaps` (Scirocco option D1): the Dervish's diagonal neighbours beside X.
                add(d.offset(shape.delta(ex, -ey)));
                add(d.offset(shape.delta(-ex, ey)));
            }
        }
    }
    if (relayers.harpy && harpy_reaches(r, pos, from, us, &cell))
        || (relayers.harpy_1999 && harpy_1999_near(r, pos, from, us, &cell))
    {
        for (nx, ny) in KNIGHT {
            add(from.offset(shape.delta(nx, ny)));
        }
    }
}

/// Appends the relay-only moves of the piece on `from`, whose own moves are `out[own_start..]`.
/// A relayed target that one of its own moves already reaches is that own move and is skipped.
fn add_relayed(
    r: &RelayKinds,
    pos: &impl View,
    from: Square,
    own_start: usize,
    relayers: Relayers,
    out: &mut Vec<Move>,
) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    let mut targets = ArrayVec::<Square, 48>::new();
    relay_targets(r, pos, from, piece.color(), relayers, &mut targets);
    let own_end = out.len();
    // Typhoon option `relay_respects_no_capture`: pieces that never capture stay move-only.
    let only_move = pos.variant().piece(piece.kind()).relayed_moves_only_move;
    for t in targets {
        if only_move && !pos.is_empty(t) {
            continue;
        }
        let own = out[own_start..own_end]
            .iter()
            .any(|m| m.to == t && m.kind == MoveKind::Normal && m.mid[0].is_none() && m.from == from);
        if !own {
            out.push(Move::new(from, t));
        }
    }
}

/// Whether `by` captures on `target` by a relayed move (Dervish or Harpy). `cell` reads the
/// board, as `attack::is_attacked_ignoring` sees it.
fn attacks(r: &RelayKinds, pos: &impl View, target: Square, by: Color, cell: &impl Cells) -> bool {
    let relayers = present(r, pos, by);
    let v = pos.variant();
    let shape = *pos.shape();
    // A friend that may capture by relay (not a move-only piece under the Typhoon option
    // `relay_respects_no_capture`).
    let friend_at = |s: Square| {
        let c = cell(s);
        c.piece().is_some_and(|p| p.color() == by && !v.piece(p.kind()).relayed_moves_only_move)
    };
    if relayers.dervish_1999 {
        let d1999 = &r.dervish_1999;
        for &(ex, ey) in ORTHO.iter().chain(DIAG.iter()) {
            let d = target.offset(shape.delta(-ex, -ey));
            if is_kind(cell(d), by, d1999)
                && friend_at(target.offset(shape.delta(-2 * ex, -2 * ey)))
                && !pos.frozen(d, by)
            {
                return true;
            }
        }
    }
    if relayers.harpy_1999 {
        for (nx, ny) in KNIGHT {
            let x = target.offset(shape.delta(nx, ny));
            if friend_at(x) && harpy_1999_near(r, pos, x, by, cell) {
                return true;
            }
        }
    }
    if relayers.dervish {
        let dervish = &r.dervish;
        let dervish_at = |dx: i32, dy: i32| {
            let d = target.offset(shape.delta(-dx, -dy));
            is_kind(cell(d), by, dervish) && !pos.frozen(d, by)
        };
        for &(ex, ey) in ORTHO.iter().chain(DIAG.iter()) {
            // Reflection: the Dervish one step back from the target, X two steps back.
            if dervish_at(ex, ey) && friend_at(target.offset(shape.delta(-2 * ex, -2 * ey))) {
                return true;
            }
        }
        for &(px, py) in &ORTHO {
            // Quarter turn onto the target: Dervish at target - p, X beside it across p.
            if dervish_at(px, py) {
                let d = target.offset(shape.delta(-px, -py));
                if friend_at(d.offset(shape.delta(py, px))) || friend_at(d.offset(shape.delta(-py, -px))) {
                    return true;
                }
            }
        }
        let corners = &r.dervish_corners;
        if !corners.is_empty() {
            for &(px, py) in &DIAG {
                let d = target.offset(shape.delta(-px, -py));
                if dervish_at(px, py)
                    && is_kind(cell(d), by, corners)
                    && (friend_at(d.offset(shape.delta(px, -py))) || friend_at(d.offset(shape.delta(-px, py))))
                {
                    return true;
                }
            }
        }
    }
    if relayers.harpy {
        for (nx, ny) in KNIGHT {
            let x = target.offset(shape.delta(nx, ny));
            if friend_at(x) && harpy_reaches(r, pos, x, by, cell) {
                return true;
            }
        }
    }
    false
}
