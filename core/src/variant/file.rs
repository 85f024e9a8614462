//! The shape of a data file (serde) and its reading into pieces: IDs resolved, Betza strings
//! parsed, power texts read as calls. What the file says, checked; nothing compiled.

use super::betza;
use super::piece::{KindId, PieceType, PowerCall};
use super::rules::{Bench, Castling, FenFormat, Promotion, Protocols, Rules};
use super::setup::SetupFile;
use super::VariantError;
use serde::Deserialize;
use std::collections::HashMap;

fn yes() -> bool {
    true
}

/// `promotes`: one type, or the types a player chooses from.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum Promotes {
    One(String),
    Choice(Vec<String>),
}

/// A piece's `promotion_text`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum PieceText {
    /// The new piece's ID is written after the move, and required on input.
    Suffix,
}

/// A piece's `promotion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum PieceChoice {
    Compulsory,
    Optional,
}

/// Evaluation parameters of one game (centipawns). Tuning is data, not code.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EvalParams {
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Value of each royal beyond the first (losing one of two royals is serious).
    pub extra_royal: i32,
    /// Piece-square scale: centipawns per target square of empty-board mobility above the
    /// piece's average, divided by 4.
    pub mobility_pst: i32,
    /// Share (percent) of the promotion gain credited as a piece approaches its zone.
    pub promotion_potential: i32,
    /// Penalty per enemy piece within king distance 2 of a royal.
    pub royal_attackers: i32,
    /// Bonus per friendly piece adjacent to a royal.
    pub royal_defenders: i32,
    /// Centipawns per empty-board target for pieces whose value the data file leaves at 0.
    pub value_per_target: i32,
    /// Against bare royals: per half square of their distance from the centre (and a quarter
    /// of it per square between them and each attacking piece).
    pub mop_up: i32,
    /// Per rank a non-royal piece stands beyond its owner's first rank (games without promotion
    /// zones, where nothing else rewards making contact on a large board).
    pub advancement: i32,
    /// Per square the side's riders reach along their slides as the board stands (0: off).
    pub slider_mobility: i32,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams {
            tempo: 10,
            extra_royal: 1500,
            mobility_pst: 8,
            promotion_potential: 30,
            royal_attackers: 12,
            royal_defenders: 6,
            value_per_target: 40,
            mop_up: 20,
            advancement: 0,
            slider_mobility: 0,
        }
    }
}

/// The game length planned for when a game's file gives none (`[search] game_length`).
pub const DEFAULT_GAME_LENGTH: u32 = 80;

/// What the search needs to know about a game beyond its rules and evaluation.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SearchParams {
    /// Typical length of a game between strong players, in moves per side: the clock is
    /// planned for it (scaled by the material left, `search::time::Plan`).
    pub game_length: u32,
    /// Frontier pruning (`search/prune.rs`): reverse futility, late-move and futility pruning
    /// of quiet moves. Off by default: it is switched on per game where a match showed a gain.
    pub pruning: bool,
    /// How far late quiet moves are reduced (`search/prune.rs`, `Reductions`).
    pub reductions: Reductions,
    /// How many moves late-move pruning keeps (`search/prune.rs`, `LateMoves`), with `pruning`.
    pub late_moves: LateMoves,
    /// Razoring (`search/prune.rs`), with `pruning`: a node near the horizon whose static
    /// evaluation is far below alpha asks the quiescence search whether anything saves it.
    pub razoring: bool,
}

/// How many moves a node searches before late-move pruning skips quiet ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LateMoves {
    /// A count by depth alone (4 + depth², twice that when improving), as chess engines keep of
    /// chess's 30-40 moves: what the games with pruning were measured with.
    #[default]
    Fixed,
    /// The same share of the node's moves as the fixed count is of a chess position's 35 (never
    /// fewer than the fixed count): where a node has 300 moves, keeping 5 at depth 1 leaves
    /// quiet refutations unsearched.
    Share,
}

/// The late-move reduction rule of a game's search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reductions {
    /// One ply, two after the tenth move, three at depth 9 and more: what every game had first.
    #[default]
    Gentle,
    /// Growing with the logarithms of the depth and of the move's rank, as chess engines do:
    /// searches far deeper where few of the many quiet moves matter.
    Log,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            game_length: DEFAULT_GAME_LENGTH,
            pruning: false,
            reductions: Reductions::Gentle,
            late_moves: LateMoves::Fixed,
            razoring: false,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VariantFile {
    pub name: String,
    pub title: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub files: u8,
    pub ranks: u8,
    pub start: String,
    pub rules: Rules,
    pub promotion: Promotion,
    #[serde(default)]
    pub fen: FenFormat,
    /// The squares of castling (played when `[rules] castling` is on).
    #[serde(default)]
    pub castling: Option<Castling>,
    #[serde(default)]
    pub eval: EvalParams,
    #[serde(default)]
    pub search: SearchParams,
    /// Array freedom: which start squares may be exchanged (`setup.rs`).
    #[serde(default)]
    pub setup: Option<SetupFile>,
    /// The game the command line and the protocols start with when none is named.
    #[serde(default)]
    pub default: bool,
    /// Where a built-in game stands in the lists (`kyodai variants`, the protocols' game
    /// lists); games without it come after, by name.
    #[serde(default)]
    pub list_position: Option<u32>,
    #[serde(default)]
    pub bench: Bench,
    #[serde(default)]
    pub protocols: Protocols,
    /// Named handicap starts (`handicap.rs`).
    #[serde(default)]
    pub handicap: Vec<super::handicap::Handicap>,
    /// How KIF records name the game (`[kifu]`); a game without it has no KIF form.
    #[serde(default)]
    pub kifu: Option<super::KifuNames>,
    pub piece: Vec<PieceFile>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PieceFile {
    pub(crate) id: String,
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) betza: String,
    #[serde(default)]
    pub(crate) powers: Vec<String>,
    #[serde(default)]
    pub(crate) royal: bool,
    #[serde(default)]
    pub(crate) lion: bool,
    #[serde(default = "yes")]
    pub(crate) bridge: bool,
    /// One ID, or a list of IDs the player chooses from.
    #[serde(default)]
    pub(crate) promotes: Option<Promotes>,
    /// `suffix`: a promotion is written with the new piece's ID (`c9c10q`), which input must
    /// give (default: as the game's `[promotion] text` says).
    #[serde(default)]
    pub(crate) promotion_text: Option<PieceText>,
    /// `optional`: in an `arrival` game, every move ending in the zone may also stay unpromoted
    /// (default: `compulsory`).
    #[serde(default)]
    pub(crate) promotion: Option<PieceChoice>,
    /// The King's succession may exchange it with a checkmated King (`[rules] succession`).
    #[serde(default)]
    pub(crate) successor: bool,
    #[serde(default)]
    pub(crate) forced_promotion_ranks: u8,
    #[serde(default)]
    pub(crate) promotion_chance_ranks: u8,
    #[serde(default = "yes")]
    pub(crate) bares: bool,
    #[serde(default)]
    pub(crate) promotion_needs_step: bool,
    #[serde(default)]
    pub(crate) ep_victim: bool,
    /// The rank (counted from its owner's side, 1-based) from which its Betza `i` moves start.
    #[serde(default)]
    pub(crate) initial_rank: Option<u8>,
    #[serde(default)]
    pub(crate) clock_reset: String,
    #[serde(default)]
    pub(crate) value: i32,
    #[serde(default)]
    pub(crate) jump_rank: u8,
    /// `[present, becomes]`: promotes to `becomes` instead while a `present` is on the board
    /// (Typhoon King: Emperor of Emperors while an Emperor exists).
    #[serde(default)]
    pub(crate) promotes_if_present: Vec<String>,
    /// Decide `promotes_if_present` on the board before the move's captures (Typhoon option
    /// `king_promotion_test = before`).
    #[serde(default)]
    pub(crate) promotion_test_before: bool,
    /// Moves relayed to this piece may not capture (Typhoon option `relay_respects_no_capture`).
    #[serde(default)]
    pub(crate) relayed_moves_only_move: bool,
    /// May pass only with an empty square among its own step squares.
    #[serde(default)]
    pub(crate) pass_needs_empty_step: bool,
    /// The type exists only while this declared `[[option]]` has its non-default value (Tai's
    /// `+(CP)`, an Emperor made from a Crown Prince): otherwise a FEN may not name it.
    #[serde(default)]
    pub(crate) requires: Option<String>,
    /// A short display label (kanji, chess symbol) for diagrams; the ID is shown without it.
    #[serde(default)]
    pub(crate) glyph: Option<String>,
    /// The piece's full name in kanji, as KIF move text writes it (`歩兵`); default: the glyph.
    #[serde(default)]
    pub(crate) kanji: Option<String>,
}

/// The IDs of the catalogue, upper case, with their indices.
pub(crate) fn index_ids(game: &str, pieces: &[PieceFile]) -> Result<HashMap<String, KindId>, VariantError> {
    let mut by_id = HashMap::new();
    for (i, p) in pieces.iter().enumerate() {
        let id = p.id.to_ascii_uppercase();
        let base = id.strip_prefix('+').unwrap_or(&id);
        let e = |message: String| VariantError::Game { game: game.to_string(), message };
        if base.is_empty() || !base.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(e(format!("piece '{}': an ID is letters, optionally after one '+'", p.id)));
        }
        if by_id.insert(id.clone(), KindId(i as u8)).is_some() {
            return Err(e(format!("piece ID '{}' is defined twice", p.id)));
        }
    }
    Ok(by_id)
}

impl PieceFile {
    /// The piece type this entry describes, its IDs resolved with `by_id`.
    pub(crate) fn read(&self, game: &str, by_id: &HashMap<String, KindId>) -> Result<PieceType, VariantError> {
        let pe = |key: &str, message: String| VariantError::Piece {
            game: game.to_string(),
            piece: format!("'{}' ({})", self.name, self.id),
            key: key.to_string(),
            message,
        };
        let look = |key: &str, t: &String| {
            by_id.get(&t.to_ascii_uppercase()).copied().ok_or_else(|| pe(key, format!("no piece has the ID '{t}'")))
        };
        let vectors = betza::parse(&self.betza).map_err(|x| pe("betza", x.to_string()))?;
        let powers = self
            .powers
            .iter()
            .map(|t| PowerCall::parse(t).map_err(|x| pe("powers", x.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        let initial = vectors.iter().any(|v| v.initial);
        match self.initial_rank {
            None if initial => {
                return Err(pe("initial_rank", "the Betza string has 'i' moves: say from which rank".into()))
            }
            Some(_) if !initial => return Err(pe("initial_rank", "the Betza string has no 'i' move".into())),
            Some(0) => return Err(pe("initial_rank", "ranks are counted from 1".into())),
            _ => {}
        }
        let promotion_targets = match &self.promotes {
            None => Vec::new(),
            Some(Promotes::One(t)) => vec![look("promotes", t)?],
            Some(Promotes::Choice(list)) if list.is_empty() => {
                return Err(pe("promotes", "an empty list: leave the key out for a piece that never promotes".into()))
            }
            Some(Promotes::Choice(list)) => list.iter().map(|t| look("promotes", t)).collect::<Result<Vec<_>, _>>()?,
        };
        let promotes_to = promotion_targets.first().copied();
        let promotion_suffix = self.promotion_text == Some(PieceText::Suffix);
        let promotion_optional = self.promotion == Some(PieceChoice::Optional);
        if promotes_to.is_none() && (promotion_suffix || promotion_optional) {
            return Err(pe("promotes", "promotion_text and promotion need a promotes key".into()));
        }
        if promotion_targets.len() > 1 && !promotion_suffix {
            return Err(pe("promotes", "a choice of types needs promotion_text = \"suffix\" (c9c10q)".into()));
        }
        let promotes_if_present = match self.promotes_if_present.as_slice() {
            [] => None,
            [a, b] => Some((look("promotes_if_present", a)?, look("promotes_if_present", b)?)),
            _ => return Err(pe("promotes_if_present", "give two IDs: [present, becomes]".into())),
        };
        let clock_reset = betza::parse(&self.clock_reset)
            .map_err(|x| pe("clock_reset", x.to_string()))?
            .into_iter()
            .map(|v| (v.dx, v.dy))
            .collect();
        Ok(PieceType {
            id: self.id.to_ascii_uppercase(),
            name: self.name.clone(),
            betza: self.betza.clone(),
            vectors,
            powers,
            royal: self.royal,
            lion: self.lion,
            bridge: self.bridge,
            promotes_to,
            promotion_targets,
            promotion_suffix,
            promotion_optional,
            successor: self.successor,
            promoted: self.id.starts_with('+'),
            forced_promotion_ranks: self.forced_promotion_ranks,
            promotion_chance_ranks: self.promotion_chance_ranks,
            bares: self.bares,
            promotion_needs_step: self.promotion_needs_step,
            ep_victim: self.ep_victim,
            initial_rank: self.initial_rank,
            clock_reset,
            value: self.value,
            in_setup: false,
            jump_rank: self.jump_rank,
            promotes_if_present,
            promotion_test_before: self.promotion_test_before,
            relayed_moves_only_move: self.relayed_moves_only_move,
            pass_needs_empty_step: self.pass_needs_empty_step,
            requires: self.requires.clone(),
            glyph: self.glyph.clone().filter(|g| !g.trim().is_empty()),
            kanji: self.kanji.clone().filter(|g| !g.trim().is_empty()),
        })
    }
}
