//! Move text in our notation (`docs/notation.md`): `from`+`to`, legs through captured
//! squares (`e4e5,e5e6`), igui (`e4e5,e5e4`), pass (`e4e4`), promotion `+` (shogi) or an
//! optional target ID (`d14d16q`) where promotion is forced.
//!
//! Input also accepts the explicit effect form of `docs/rules/scirocco.md` §10:
//! `<from><to>` then `x<sq>` for every removed square other than an enemy on a destination
//! that differs from the origin, e.g. `e5c7xd6` (hop capture) or `e5e5xe6` (igui).

use crate::game::Game;
use crate::geometry::Color;
use crate::geometry::Square;
use crate::movegen::{self, power::PowerRefusal};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::legality::{self, legal_move_list, History, Illegal};
use crate::variant::PromotionText;
use std::fmt;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in our notation.
    Syntax {
        /// The text as given.
        text: String,
        /// What in it is not our notation.
        reason: String,
    },
    /// A well-formed move that names no legal move here.
    Illegal {
        /// The text as given.
        text: String,
        /// Why it names no legal move.
        reason: Refusal,
    },
}

impl MoveError {
    /// The reason alone, without the move text (the protocols' `Illegal move (reason)`).
    pub fn reason(&self) -> String {
        match self {
            MoveError::Syntax { reason, .. } => reason.clone(),
            MoveError::Illegal { reason, .. } => reason.to_string(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, reason } => write!(f, "cannot read move '{text}': {reason}"),
            MoveError::Illegal { text, reason } => write!(f, "illegal move '{text}': {reason}"),
        }
    }
}

/// Why a well-formed move text names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its origin is empty.
    NoPiece {
        /// The origin, by name (`e4`).
        square: String,
    },
    /// Its piece belongs to the side not to move.
    NotYourPiece {
        /// The origin, by name.
        square: String,
        /// Whose piece stands there.
        owner: Color,
    },
    /// No piece of the side to move can pass here (`@@@@`, `pass`).
    NoPass,
    /// The piece has no such move.
    CannotMoveThatWay {
        /// The piece's name.
        piece: String,
        /// Its square, by name.
        square: String,
    },
    /// The move exists, promoting: the text declines or omits the promotion.
    MustPromote,
    /// The move exists, but not promoting: the text asks to promote.
    CannotPromote,
    /// The promotion suffix names another piece than the one it becomes.
    WrongPromotion,
    /// The move promotes to a piece the player chooses: the text must name it (`c9c10q`).
    NamePromotion,
    /// `+` or `=` in a game whose promotions are forced and written without them (Bigorra).
    SuffixNotWritten {
        /// The suffix written (`+` or `=`).
        suffix: char,
        /// The game's title.
        game: String,
    },
    /// A rule of the piece's power forbids the move its geometry allows.
    Power {
        /// The mover's name.
        piece: String,
        /// Its square, by name.
        square: String,
        /// The name of the piece it would take.
        victim: String,
        /// That piece's square, by name.
        target: String,
        /// The power's rule that forbids the capture.
        rule: PowerRefusal,
    },
    /// A rule forbids the move (`rules::legality`).
    Rule(Illegal),
    /// The move exists, written another way (a Typhoon move with markers).
    WrittenAs(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoPiece { square } => write!(f, "there is no piece on {square}"),
            Refusal::NotYourPiece { square, owner } => {
                write!(f, "the piece on {square} belongs to {}, but it is {}'s turn", owner.name(), owner.flip().name())
            }
            Refusal::NoPass => f.write_str("no piece can pass here"),
            Refusal::CannotMoveThatWay { piece, square } => write!(f, "the {piece} on {square} cannot move that way"),
            Refusal::MustPromote => f.write_str("this move must promote"),
            Refusal::CannotPromote => f.write_str("this move cannot promote"),
            Refusal::WrongPromotion => f.write_str("the promotion suffix does not match the piece it becomes"),
            Refusal::NamePromotion => f.write_str("this move promotes: add the new piece's ID (as in c9c10q)"),
            Refusal::SuffixNotWritten { suffix, game } => write!(
                f,
                "{game} writes no '{suffix}': a promotion is forced; write the move alone, or add the new piece's ID"
            ),
            Refusal::Power { piece, square, victim, target, rule: PowerRefusal::Protected } => write!(
                f,
                "the {piece} on {square} cannot take the {victim} on {target}: it is protected (an Emperor takes only \
                 unprotected pieces)"
            ),
            Refusal::Rule(r) => write!(f, "{r}"),
            Refusal::WrittenAs(t) => write!(f, "this move is written {t}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// The canonical text of `m`.
pub fn format_move(g: &Game, m: Move) -> String {
    let mut s = m.legs_text(&g.shape);
    if let Some(k) = m.promotion() {
        if g.variant.promotion.text == PromotionText::Plus {
            s.push('+');
        } else if m.names_promotion() {
            s.push_str(&g.piece(k).id.trim_start_matches('+').to_ascii_lowercase());
        }
    }
    s
}

/// The explicit effect form of `m`: `<from><to>`, `x<sq>` per removed square other than the
/// destination, nearest to the origin first, then `+` if it promotes (`e5c7xd6`, `e5e5xe6`).
pub fn format_explicit(g: &Game, m: Move) -> String {
    let shape = &g.shape;
    let mut s = String::with_capacity(16);
    shape.write_name(m.from, &mut s);
    shape.write_name(m.to, &mut s);
    let mut removed: Vec<Square> = m.mids().collect();
    removed.sort_by_key(|&x| (shape.distance(m.from, x), x));
    for x in removed {
        s.push('x');
        shape.write_name(x, &mut s);
    }
    if m.promotion().is_some() && g.variant.promotion.text == PromotionText::Plus {
        s.push('+');
    }
    s
}

/// The explicit effect form of `m` in `pos` (`docs/rules/typhoon.md` §11): `<from><to>`, then `x<sq>`
/// for every removed square except an enemy on a destination that differs from the origin
/// (nearest to the origin first, ties by file, then rank), `~<sq>` for a conversion, `s` for a
/// swap, `+`. Unlike [`format_explicit`] it knows the captures `make` finds (long leaps,
/// approach runs), so every move has exactly one explicit text.
pub fn format_explicit_at(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let shape = pos.shape();
    let mut s = String::with_capacity(20);
    shape.write_name(m.from, &mut s);
    shape.write_name(m.to, &mut s);
    let mut removed = arrayvec::ArrayVec::<Square, 16>::new();
    crate::movegen::effect::removed_squares(pos, m, &mut removed);
    let mut removed: Vec<Square> = removed.into_iter().filter(|&x| x != m.to || m.to == m.from).collect();
    removed.sort_by_key(|&x| (shape.distance(m.from, x), shape.file_of(x), shape.rank_of(x)));
    for x in removed {
        s.push('x');
        shape.write_name(x, &mut s);
    }
    if m.kind == MoveKind::Convert {
        s.push('~');
        shape.write_name(m.aux, &mut s);
    }
    if m.kind == MoveKind::Swap {
        s.push('s');
    }
    if m.promotion().is_some() && v.promotion.text == PromotionText::Plus {
        s.push('+');
    }
    s
}

/// The legal move whose text the engine prints is `text`: in every game its canonical text,
/// exactly as printed (a move the engine writes always reads back, whatever the game's
/// promotion text); in games that write promotion as `+` also the explicit text, both
/// lower-cased and with a trailing `=` declining promotion removed. (Elsewhere the explicit
/// text leaves out the promotion, so it does not name one move.)
fn find_by_text(pos: &mut Position, legal: &[Move], text: &str) -> Option<Move> {
    let g = std::sync::Arc::clone(pos.game());
    if g.variant.promotion.text != PromotionText::Plus {
        let t = text.trim();
        return legal.iter().copied().find(|&m| format_move(&g, m) == t);
    }
    let t = text.trim().to_ascii_lowercase();
    let t = t.strip_suffix('=').unwrap_or(&t);
    legal.iter().copied().find(|&m| format_move(&g, m) == t || format_explicit_at(pos, m) == t)
}

/// What the suffix after the last square asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Suffix {
    None,
    Decline,
    Promote,
    Id(String),
}

/// A syntactically valid move text: the visited squares and the suffix.
struct Parsed {
    path: Vec<Square>,
    /// The `x<sq>` squares of the explicit effect form, if it was used.
    removed: Option<Vec<Square>>,
    suffix: Suffix,
    pass_alias: bool,
}

fn syntax(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Syntax { text: text.to_string(), reason: reason.into() }
}

fn parse_text(g: &Game, text: &str) -> Result<Parsed, MoveError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(syntax(text, "empty move"));
    }
    let lower = t.to_ascii_lowercase();
    if lower == "@@@@" || lower == "0000" || lower == "pass" {
        return Ok(Parsed { path: Vec::new(), removed: None, suffix: Suffix::None, pass_alias: true });
    }
    let shape = &g.shape;
    let mut path: Vec<Square> = Vec::new();
    let legs: Vec<&str> = lower.split(',').collect();
    let mut suffix = Suffix::None;
    let mut removed: Option<Vec<Square>> = None;
    for (i, leg) in legs.iter().enumerate() {
        let (a, n1) = shape.parse_prefix(leg).map_err(|e| syntax(text, format!("leg {}: {e}", i + 1)))?;
        let (b, n2) = shape.parse_prefix(&leg[n1..]).map_err(|e| syntax(text, format!("leg {}: {e}", i + 1)))?;
        let mut rest = &leg[n1 + n2..];
        // Explicit effect form: `x<sq>` markers after the destination, one leg only.
        while let Some(after) = rest.strip_prefix('x') {
            if legs.len() > 1 {
                return Err(syntax(text, "'x' markers belong to the one-leg explicit form (e5c7xd6), not to legs"));
            }
            let (sq, n) = shape.parse_prefix(after).map_err(|e| syntax(text, format!("after 'x': {e}")))?;
            let list = removed.get_or_insert_with(Vec::new);
            if list.contains(&sq) {
                return Err(syntax(text, format!("{} is marked 'x' twice", shape.name(sq))));
            }
            list.push(sq);
            rest = &after[n..];
        }
        if i == 0 {
            path.push(a);
        } else if *path.last().unwrap() != a {
            return Err(syntax(
                text,
                format!(
                    "leg {} starts on {} but the previous leg ended on {}",
                    i + 1,
                    shape.name(a),
                    shape.name(*path.last().unwrap())
                ),
            ));
        }
        path.push(b);
        if !rest.is_empty() {
            if i + 1 != legs.len() {
                return Err(syntax(text, format!("unexpected '{rest}' after leg {}", i + 1)));
            }
            suffix = match rest {
                "+" => Suffix::Promote,
                "=" => Suffix::Decline,
                r => {
                    let id = r.trim_start_matches('=').trim_start_matches('(').trim_end_matches(')');
                    let id = id.trim_start_matches('+');
                    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphabetic()) {
                        return Err(syntax(text, format!("unknown suffix '{rest}' (use +, =, or a piece ID)")));
                    }
                    Suffix::Id(id.to_ascii_uppercase())
                }
            };
        }
    }
    Ok(Parsed { path, removed, suffix, pass_alias: false })
}

/// Whether the parsed text describes the effect of `m`.
fn text_matches(pos: &Position, m: Move, parsed: &Parsed) -> bool {
    match &parsed.removed {
        None => path_matches(pos, m, &parsed.path),
        Some(removed) => {
            let (from, to) = (parsed.path[0], parsed.path[1]);
            if m.from != from || m.to != to || m.is_pass() {
                return false;
            }
            // As the explicit form is written: every removed square but an enemy on the
            // destination (en passant's victim, a hop's jumped piece, a shot's target).
            let mut taken = arrayvec::ArrayVec::<Square, 16>::new();
            crate::movegen::effect::removed_squares(pos, m, &mut taken);
            let mut a = removed.clone();
            let mut b: Vec<Square> = taken.into_iter().filter(|&x| x != m.to || m.to == m.from).collect();
            a.sort();
            b.sort();
            a == b
        }
    }
}

/// Whether the text's path describes the effect of `m`.
fn path_matches(pos: &Position, m: Move, path: &[Square]) -> bool {
    let (from, to) = (path[0], *path.last().unwrap());
    if m.from != from || m.to != to {
        return false;
    }
    let them = pos.side().flip();
    let mut caps: Vec<Square> = path[1..path.len() - 1]
        .iter()
        .copied()
        .filter(|&s| pos.piece_at(s).is_some_and(|p| p.color() == them))
        .collect();
    caps.dedup();
    let mids: Vec<Square> = m.mids().collect();
    if m.is_pass() {
        return caps.is_empty();
    }
    if from == to && mids.is_empty() {
        return false;
    }
    let mut a = caps.clone();
    let mut b = mids.clone();
    a.sort();
    b.sort();
    a == b
}

fn suffix_ok(v: &crate::variant::Variant, m: Move, s: &Suffix) -> bool {
    let implicit = v.promotion.text == PromotionText::Implicit;
    let silent = v.promotion.text == PromotionText::Silent;
    match (s, m.promotion()) {
        // Where capturing decides promotion, `+` may confirm it; nothing can decline it.
        (Suffix::Decline, _) if silent => false,
        // Where promotion is forced, the only suffix is the new piece's ID.
        (Suffix::Decline | Suffix::Promote, _) if implicit => false,
        (Suffix::None, _) => true, // decided below: prefer the non-promoting move
        (Suffix::Decline, p) => p.is_none(),
        (Suffix::Promote, p) => p.is_some(),
        (Suffix::Id(id), Some(k)) => {
            let pid = &v.piece(k).id;
            pid == id || pid.trim_start_matches('+') == id
        }
        (Suffix::Id(_), None) => false,
    }
}

/// Picks the move the text means among `cands` (moves matching the path).
fn choose(v: &crate::variant::Variant, cands: &[Move], suffix: &Suffix) -> Option<Move> {
    let ok: Vec<Move> = cands.iter().copied().filter(|&m| suffix_ok(v, m, suffix)).collect();
    if *suffix == Suffix::None {
        // No suffix: the non-promoting move if it exists; otherwise a forced promotion.
        if let Some(m) = ok.iter().find(|m| m.promotion().is_none()) {
            return Some(*m);
        }
        // A promotion the player chooses must be named.
        if ok.iter().any(|m| m.names_promotion()) {
            return None;
        }
        if v.promotion.text == PromotionText::Implicit || ok.len() == 1 {
            return ok.first().copied();
        }
        return None;
    }
    ok.first().copied()
}

/// Reads `text` as a legal move in `pos`.
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let g = std::sync::Arc::clone(pos.game());
    let v = &g.variant;
    let legal = legal_move_list(pos);
    // Every text the engine prints (canonical or explicit) names exactly one move.
    if let Some(m) = find_by_text(pos, &legal, text) {
        return Ok(m);
    }
    let parsed = parse_text(&g, text)?;
    if parsed.pass_alias {
        // The pass of the pass-capable piece on the lowest square (a1, b1, ..., a2, ...).
        return legal
            .iter()
            .copied()
            .filter(|m| m.is_pass())
            .min_by_key(|m| (g.shape.rank_of(m.from), g.shape.file_of(m.from)))
            .ok_or_else(|| MoveError::Illegal { text: text.to_string(), reason: Refusal::NoPass });
    }
    // Moves whose text carries a Typhoon marker or implies its captures are read only in their
    // exact canonical or explicit form (above): `a4a5` never means the swap `a4a5s`.
    let plain = |m: Move| {
        matches!(
            m.kind,
            MoveKind::Normal | MoveKind::EnPassant | MoveKind::Pass | MoveKind::Castle | MoveKind::Succession
        )
    };
    let cands: Vec<Move> = legal.iter().copied().filter(|&m| plain(m) && text_matches(pos, m, &parsed)).collect();
    if let Some(m) = choose(v, &cands, &parsed.suffix) {
        return Ok(m);
    }
    Err(MoveError::Illegal { text: text.to_string(), reason: explain(pos, &parsed, &cands) })
}

/// Why the moves matching the text's path refuse its suffix.
fn suffix_refusal(g: &Game, cands: &[Move], suffix: &Suffix) -> Refusal {
    let promotes = cands.iter().any(|m| m.promotion().is_some());
    match suffix {
        Suffix::None if cands.iter().any(|m| m.names_promotion()) => Refusal::NamePromotion,
        Suffix::Promote | Suffix::Decline if g.promotion.text == PromotionText::Implicit => {
            let suffix = if *suffix == Suffix::Promote { '+' } else { '=' };
            Refusal::SuffixNotWritten { suffix, game: g.title.clone() }
        }
        Suffix::Decline | Suffix::None => Refusal::MustPromote,
        Suffix::Promote => Refusal::CannotPromote,
        Suffix::Id(_) if !promotes => Refusal::CannotPromote,
        Suffix::Id(_) => Refusal::WrongPromotion,
    }
}

/// Says why no legal move matched.
fn explain(pos: &mut Position, parsed: &Parsed, legal_cands: &[Move]) -> Refusal {
    let g = std::sync::Arc::clone(pos.game());
    let from = parsed.path[0];
    let square = g.shape.name(from);
    let Some(p) = pos.piece_at(from) else {
        return Refusal::NoPiece { square };
    };
    if p.color() != pos.side() {
        return Refusal::NotYourPiece { square, owner: p.color() };
    }
    if !legal_cands.is_empty() {
        return suffix_refusal(&g, legal_cands, &parsed.suffix);
    }
    let mut pseudo = Vec::new();
    movegen::generate(pos, &mut pseudo);
    let Some(&m) = pseudo.iter().find(|&&m| text_matches(pos, m, parsed)) else {
        if legality::material_decided(pos) {
            return Refusal::Rule(Illegal::GameOver);
        }
        let to = *parsed.path.last().expect("a path has squares");
        let piece = g.piece(p.kind()).name.clone();
        if let (Some(rule), Some(victim)) = (movegen::power_refusal(pos, from, to), pos.piece_at(to)) {
            let victim = g.piece(victim.kind()).name.clone();
            return Refusal::Power { piece, square, victim, target: g.shape.name(to), rule };
        }
        return Refusal::CannotMoveThatWay { piece, square };
    };
    match legality::check(pos, m, History::Apply) {
        Err(r) => Refusal::Rule(r),
        Ok(()) => Refusal::WrittenAs(format_move(&g, m)),
    }
}
