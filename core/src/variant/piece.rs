//! Piece types as data: what a piece is (ID, name, value, promotion) and how it moves, as its
//! data file says: Betza vectors, and named powers for what Betza cannot say. The powers are
//! kept as written (`name[:argument][(flag, ...)]`); their meaning lives in `movegen`, one
//! module per power.

use super::betza::Vector;
use crate::geometry::Color;
use std::fmt;

/// Index of a piece type in its game's catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u8);

impl KindId {
    /// The index, for tables indexed by piece type.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A named power as written in a data file: `name`, an optional `:argument`, and optional
/// `(flag, flag)` parameters, e.g. `lion`, `hook:fF>fF`, `relay:dervish(corner-leaps)`. Only
/// the syntax is checked here; the power's module (`movegen`) reads the argument and flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerCall {
    pub(crate) name: String,
    pub(crate) arg: Option<String>,
    pub(crate) flags: Vec<String>,
}

/// A power call that is not well formed: the call as written, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerCallError {
    /// The call, trimmed.
    pub call: String,
    /// What is wrong.
    pub why: PowerCallFault,
}

/// What is wrong with a power call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerCallFault {
    /// A `(` that no `)` closes at the end.
    Unclosed,
    /// An empty parameter (`lion(a,)`).
    EmptyParameter,
    /// A name that is not lower-case letters, digits and `-`.
    BadName,
}

impl fmt::Display for PowerCallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.why {
            PowerCallFault::Unclosed => "'(' without a closing ')' at the end",
            PowerCallFault::EmptyParameter => "an empty parameter between the parentheses",
            PowerCallFault::BadName => "a power name is lower-case letters and '-'",
        };
        write!(f, "power '{}': {why}", self.call)
    }
}

impl std::error::Error for PowerCallError {}

impl PowerCall {
    pub(crate) fn parse(text: &str) -> Result<PowerCall, PowerCallError> {
        let t = text.trim();
        let fault = |why| PowerCallError { call: t.to_string(), why };
        let (head, flags) = match t.split_once('(') {
            None => (t, Vec::new()),
            Some((head, rest)) => {
                let inner = rest.strip_suffix(')').ok_or_else(|| fault(PowerCallFault::Unclosed))?;
                let flags: Vec<String> = inner.split(',').map(|f| f.trim().to_string()).collect();
                if flags.iter().any(String::is_empty) {
                    return Err(fault(PowerCallFault::EmptyParameter));
                }
                (head.trim(), flags)
            }
        };
        let (name, arg) = match head.split_once(':') {
            Some((n, a)) => (n.trim(), Some(a.trim().to_string())),
            None => (head, None),
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(fault(PowerCallFault::BadName));
        }
        Ok(PowerCall { name: name.to_string(), arg, flags })
    }

    /// Adds a parameter (an `[[option]]` that patches the power); nothing if it is there.
    pub fn add_flag(&mut self, flag: &str) {
        if !self.flags.iter().any(|f| f == flag) {
            self.flags.push(flag.to_string());
        }
    }

    /// Whether this call names `target`: a power name (`lion`) or a name and argument
    /// (`relay:dervish`).
    pub fn is(&self, target: &str) -> bool {
        match target.split_once(':') {
            Some((n, a)) => self.name == n && self.arg.as_deref() == Some(a),
            None => self.name == target,
        }
    }
}

impl fmt::Display for PowerCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if let Some(a) = &self.arg {
            write!(f, ":{a}")?;
        }
        if !self.flags.is_empty() {
            write!(f, "({})", self.flags.join(", "))?;
        }
        Ok(())
    }
}

/// One piece type of a game, as its data file describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// FEN/notation ID in upper case, e.g. `SQ`, `N`, `+D`.
    pub id: String,
    /// Its full name, e.g. `Drunk Elephant`.
    pub name: String,
    /// Its moves in Betza notation, as written (the named powers are apart, in `powers`).
    pub betza: String,
    pub(crate) vectors: Vec<Vector>,
    /// Named powers, as written (their meaning: `movegen::power`).
    pub powers: Vec<PowerCall>,
    /// Losing it (captured, converted, burned) counts toward losing the game: a King, a Crown
    /// Prince.
    pub royal: bool,
    /// A Lion for the Chu Shogi lion-capture rules.
    pub lion: bool,
    /// May be used as the bridge of a Lion's distant Lion capture (Chu: not Pawn, Go-Between).
    pub bridge: bool,
    /// Becomes this type on promotion (the first of `promotion_targets`).
    pub promotes_to: Option<KindId>,
    /// Every type it may become, in the data file's order (the player's choice).
    pub promotion_targets: Vec<KindId>,
    /// Its promotions are written with the new piece's ID, required on input (`c9c10q`).
    pub promotion_suffix: bool,
    /// In an `arrival` game it may also decline (every move ending in the zone is two moves).
    pub promotion_optional: bool,
    /// The King's succession may exchange it with its checkmated King (Timurid Prince).
    pub successor: bool,
    /// Written with `+` (a shogi-style promoted piece).
    pub promoted: bool,
    /// Must promote when its move ends this many ranks from the far edge (1 = last rank) and
    /// the move has a promotion opportunity.
    pub forced_promotion_ranks: u8,
    /// A move of the `shogi-entry` rule that ends this many ranks from the far edge (1 = last
    /// rank) always offers promotion, even a quiet move from inside the zone (lishogi's Chu
    /// Pawn and Lance, `docs/rules/chu.md` §14.1).
    pub promotion_chance_ranks: u8,
    /// Counts as material that bares the enemy royal (`[rules] bare_royal` and
    /// `bare_royal_reply`; not the Pawn and Go-Between in lishogi's Chu, `docs/rules/chu.md`
    /// §14.6, nor by the JCSA's rule in Dai, `docs/rules/dai.md` §11).
    pub bares: bool,
    /// Promotes only with a one-square step (Bigorra Troll).
    pub promotion_needs_step: bool,
    /// May be captured en passant after a lame double step (Bigorra Pawn, Soldier, Prince).
    pub ep_victim: bool,
    /// The rank (from its owner's side, 1 = first) its Betza `i` moves start from.
    pub initial_rank: Option<u8>,
    /// Non-capturing move vectors (owner-relative) that reset the halfmove clock.
    pub clock_reset: Vec<(i8, i8)>,
    /// Material value in centipawns, for the evaluation.
    pub value: i32,
    /// Counted in the game's piece-per-side total for `kyodai variants`.
    pub in_setup: bool,
    /// Nutty jump rank: a jumping capturer passes only pieces of strictly lower rank.
    pub jump_rank: u8,
    /// Typhoon King (`docs/rules/typhoon.md` §6.2): promotes to the second type instead of `promotes_to` while a
    /// piece of the first type (either colour) is on the board after the move's captures.
    pub promotes_if_present: Option<(KindId, KindId)>,
    /// Makes that test before the move's captures instead of after.
    pub promotion_test_before: bool,
    /// Moves relayed to this piece only move, never capture.
    pub relayed_moves_only_move: bool,
    /// May pass only with an empty square among its own step squares (Typhoon option
    /// `pass_needs_empty_neighbour`).
    pub pass_needs_empty_step: bool,
    /// The rule option without which this type does not exist (Tai `+(CP)`).
    pub requires: Option<String>,
    /// A short display label for diagrams (kanji, chess symbol); `None`: show the ID.
    pub glyph: Option<String>,
    /// The full name in kanji for KIF move text (`docs/kifu.md`); `None`: the glyph, or the ID.
    pub kanji: Option<String>,
}

impl PieceType {
    /// The ID as written in FEN for a piece of `owner` (upper case for the first player,
    /// parentheses for multi-letter IDs).
    pub fn fen_token(&self, owner: Color) -> String {
        let (plus, base) = match self.id.strip_prefix('+') {
            Some(b) => ("+", b),
            None => ("", self.id.as_str()),
        };
        let base = match owner {
            Color::White => base.to_ascii_uppercase(),
            Color::Black => base.to_ascii_lowercase(),
        };
        if base.len() == 1 {
            format!("{plus}{base}")
        } else {
            format!("{plus}({base})")
        }
    }

    /// Whether one of its powers is `name` (or `name:argument`).
    pub fn has_power(&self, name: &str) -> bool {
        self.powers.iter().any(|p| p.is(name))
    }
}

impl fmt::Display for PieceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name, self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_calls_read_name_argument_and_flags() {
        let c = PowerCall::parse(" relay:dervish(corner-leaps) ").unwrap();
        assert_eq!(
            (c.name.as_str(), c.arg.as_deref(), c.flags.clone()),
            ("relay", Some("dervish"), vec!["corner-leaps".into()])
        );
        assert_eq!(c.to_string(), "relay:dervish(corner-leaps)");
        assert!(c.is("relay") && c.is("relay:dervish") && !c.is("relay:harpy"));
        assert_eq!(PowerCall::parse("hook:fF>fF").unwrap().arg.as_deref(), Some("fF>fF"));
        assert_eq!(PowerCall::parse("lion").unwrap().to_string(), "lion");
        assert!(PowerCall::parse("lion(").is_err());
        assert!(PowerCall::parse("lion(a,)").is_err());
        assert!(PowerCall::parse("Lion").is_err());
    }
}
