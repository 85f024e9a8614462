//! The rules of one game as data: board, piece catalogue, setup, and the promotion, victory and
//! repetition rules. Built-in games live in `defs/*.toml`, embedded in the binary; users may
//! load their own files with [`Variant::from_toml`].

pub mod betza;
pub mod piece;
pub mod setup;
pub mod table;

use crate::geometry::{BoardShape, ByColor, Color, Square};
use crate::movegen::tables::Tables;
pub use piece::{Atoms, BentRule, HookRule, KindId, PieceType, Power};
use serde::Deserialize;
pub use setup::SetupRules;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// The built-in games: (name, data file).
const BUILTIN: &[(&str, &str)] = &[
    ("bigorra", include_str!("defs/bigorra.toml")),
    ("chu", include_str!("defs/chu.toml")),
    ("nutty", include_str!("defs/nutty.toml")),
    ("scirocco", include_str!("defs/scirocco.toml")),
    ("typhoon", include_str!("defs/typhoon.toml")),
    ("tai", include_str!("defs/tai.toml")),
];

/// How the second player's owner-relative directions are obtained from the first player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Orientation {
    /// Turned through 180 degrees (shogi).
    Rotate,
    /// Reflected across the middle rank (Bigorra: both Kings on the same file).
    Mirror,
}

/// What makes a move illegal beyond its geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Legality {
    /// A move that leaves the mover's royal attacked is illegal; checkmate wins (Bigorra).
    Check,
    /// Moving into attack is legal; the game is won by capturing every enemy royal.
    RoyalCapture,
}

/// The result for a side to move without a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoMoves {
    /// Stalemate is a draw; with `Legality::Check`, checkmate loses.
    StalemateDraws,
    /// Having no legal move loses.
    Loses,
}

/// The repetition rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// The third occurrence of a position draws (chess).
    DrawThird,
    /// Repeating is legal; the fourth occurrence of a position ends the game as a draw (Tai
    /// option `repetition = "draw-fourth"`, the rules file's REPETITION_FOURFOLD_DRAW). The
    /// referee (`outcome`) ends the game; the search scores any repetition in its tree as a draw.
    DrawFourth,
    /// A move that recreates any earlier position with the same side to move is illegal
    /// (HaChu's Chu Shogi default).
    ForbidRepeat,
    /// A move that would produce a position for the third time in the game is illegal; nothing
    /// is ever drawn by repetition (Scirocco).
    ForbidThird,
    /// Nutty Shogi (rules section 7.3): the first repetition ends the game; perpetual check
    /// loses, then perpetual chase loses, then no attacks draws, else the side that completed
    /// the repetition loses. `repetition::nutty_outcome`.
    FirstRepetition,
}

/// When a move offers promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionRule {
    /// Compulsory when a move ends on the last `zone` ranks (Bigorra: the last rank).
    Arrival,
    /// Chu Shogi (HaChu "promote on entry"): a non-capture entering the zone, or a capture that
    /// starts or ends in it.
    ShogiEntry,
    /// Optional, for any own move that starts or ends in the zone (Scirocco).
    StartOrEnd,
    /// Compulsory for every move that captures, anywhere; there is no zone (Tai Shogi).
    Capture,
}

/// How a promotion is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionText {
    /// A yes/no choice written `+` (shogi).
    Plus,
    /// Forced and unique: nothing written; input may add the target ID (`d14d16q`).
    Implicit,
    /// Forced by the move itself (Tai Shogi: every capture promotes): nothing written; input
    /// may add `+` to a promoting move.
    Silent,
}

/// Extra FEN fields after the side to move, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FenField {
    /// Bigorra King-leap rights: `Kk`, `K`, `k`, `-`.
    LeapRights,
    /// En-passant square or `-`.
    EnPassant,
    /// Chu Shogi counter-strike square (lion-capture rule B) or `-`.
    CounterStrike,
    Halfmove,
    Fullmove,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    orientation: Orientation,
    legality: Legality,
    no_moves: NoMoves,
    repetition: Repetition,
    #[serde(default)]
    fifty_move_rule: bool,
    #[serde(default)]
    bare_kings_draw: bool,
    /// A side with at most one piece loses (Scirocco's bare-king rule).
    #[serde(default)]
    bare_king: bool,
    /// Scirocco option D1: a Dervish also lets a diagonally adjacent friend leap (D) to the two
    /// neighbouring corner squares.
    #[serde(default)]
    dervish_corner_leaps: bool,
    #[serde(default)]
    lion_capture_rules: bool,
    /// Bigorra King leap: both knight-path middle squares must be safe (Jocly's reading).
    #[serde(default)]
    leap_knight_both_safe: bool,
    /// FEN may write a one-letter ID in parentheses, `(P)` (Typhoon yes, Bigorra no).
    #[serde(default = "yes")]
    fen_single_letter_parentheses: bool,
    fen_fields: Vec<FenField>,
    /// Fields that may be left out of a FEN (the rest default).
    #[serde(default)]
    optional_fen_fields: usize,
    /// The side-to-move field is required (otherwise a board-only FEN means White to move).
    #[serde(default)]
    fen_side_required: bool,
    /// Fields after the game's own are accepted and ignored (Scirocco: `- - 0 1`).
    #[serde(default)]
    fen_ignore_extra_fields: bool,
    /// Any number of royals is accepted, including none (the game is then already decided).
    #[serde(default)]
    fen_any_royals: bool,
    /// Lion-type pieces may pass even with no empty adjacent square (Tai option).
    #[serde(default)]
    lion_pass_unrestricted: bool,
    /// Tai Emperor: any non-royal may be captured, a royal only if nothing protects it by
    /// attack (rules file section 5.8, option).
    #[serde(default)]
    emperor_free_nonroyal_capture: bool,
    /// Referee setting: the game is drawn once this many full moves were played (0 = off).
    #[serde(default)]
    move_cap: u32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PromotionFile {
    rule: PromotionRule,
    zone: u8,
    text: PromotionText,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceFile {
    id: String,
    name: String,
    #[serde(default)]
    betza: String,
    #[serde(default)]
    powers: Vec<String>,
    #[serde(default)]
    royal: bool,
    #[serde(default)]
    lion: bool,
    #[serde(default = "yes")]
    bridge: bool,
    #[serde(default)]
    promotes: Option<String>,
    #[serde(default)]
    forced_promotion_ranks: u8,
    #[serde(default)]
    promotion_needs_step: bool,
    #[serde(default)]
    ep_victim: bool,
    #[serde(default)]
    clock_reset: String,
    #[serde(default)]
    value: i32,
    #[serde(default)]
    jump_rank: u8,
    /// `[present, becomes]`: promotes to `becomes` instead while a `present` is on the board
    /// (Typhoon King: Emperor of Emperors while an Emperor exists).
    #[serde(default)]
    promotes_if_present: Vec<String>,
    /// Decide `promotes_if_present` on the board before the move's captures (Typhoon option
    /// `king_promotion_test = before`).
    #[serde(default)]
    promotion_test_before: bool,
    /// Moves relayed to this piece may not capture (Typhoon option `relay_respects_no_capture`).
    #[serde(default)]
    relayed_moves_only_move: bool,
    /// May pass only with an empty square among its own step squares.
    #[serde(default)]
    pass_needs_empty_step: bool,
    /// The type exists only while this declared `[[option]]` has its non-default value (Tai's
    /// `+(CP)`, an Emperor made from a Crown Prince): otherwise a FEN may not name it.
    #[serde(default)]
    requires: Option<String>,
    /// A short display label (kanji, chess symbol) for diagrams; the ID is shown without it.
    #[serde(default)]
    glyph: Option<String>,
}

fn yes() -> bool {
    true
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
        }
    }
}

/// What the search needs to know about a game beyond its rules and evaluation.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SearchParams {
    /// Typical length of a game between strong players, in moves per side: the clock is
    /// planned for it (scaled by the material left, `search::time::Plan`).
    pub game_length: u32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams { game_length: crate::search::time::DEFAULT_GAME_LENGTH }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantFile {
    name: String,
    title: String,
    #[serde(default)]
    aliases: Vec<String>,
    files: u8,
    ranks: u8,
    start: String,
    rules: RulesFile,
    promotion: PromotionFile,
    #[serde(default)]
    eval: EvalParams,
    #[serde(default)]
    search: SearchParams,
    /// Array freedom: which start squares may be exchanged (`setup.rs`).
    #[serde(default)]
    setup: Option<setup::SetupFile>,
    piece: Vec<PieceFile>,
}

/// The game rules that are not piece moves.
#[derive(Clone, Debug)]
pub struct Rules {
    pub orientation: Orientation,
    pub legality: Legality,
    pub no_moves: NoMoves,
    pub repetition: Repetition,
    pub fifty_move_rule: bool,
    pub bare_kings_draw: bool,
    pub bare_king: bool,
    pub dervish_corner_leaps: bool,
    pub lion_capture_rules: bool,
    pub leap_knight_both_safe: bool,
    pub fen_single_letter_parentheses: bool,
    pub fen_fields: Vec<FenField>,
    pub optional_fen_fields: usize,
    pub fen_side_required: bool,
    pub fen_ignore_extra_fields: bool,
    pub fen_any_royals: bool,
    pub lion_pass_unrestricted: bool,
    pub emperor_free_nonroyal_capture: bool,
    pub move_cap: u32,
    pub promotion_rule: PromotionRule,
    pub promotion_zone: u8,
    pub promotion_text: PromotionText,
}

impl Rules {
    pub fn has_field(&self, f: FenField) -> bool {
        self.fen_fields.contains(&f)
    }
}

/// An error in a variant file: names the game, the piece and the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError(pub String);

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for VariantError {}

/// One game's complete rules.
pub struct Variant {
    pub name: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub shape: BoardShape,
    pub pieces: Vec<PieceType>,
    pub rules: Rules,
    pub eval: EvalParams,
    pub search: SearchParams,
    pub start_fen: String,
    /// The start arrays a player may choose, if the game has array freedom.
    pub setup: Option<SetupRules>,
    by_id: HashMap<String, KindId>,
    /// Promotion zone membership per colour, indexed by mailbox square.
    zone: ByColor<Vec<bool>>,
    /// Precomputed move and attack tables.
    pub tables: Tables,
    pub zobrist: crate::position::zobrist::Zobrist,
    /// Material and piece-square values, kept summed by `Position` (see `eval::psq`).
    pub psq: crate::eval::psq::PieceSquare,
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({})", self.name)
    }
}

impl Variant {
    /// Names of the built-in games.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// The data file of the built-in game `name` (its exact name), as shipped.
    pub fn builtin_source(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
    }

    /// Loads a built-in game by name or alias (case-insensitive).
    pub fn builtin(name: &str) -> Result<Arc<Variant>, VariantError> {
        Variant::builtin_with(name, &[])
    }

    /// Loads a built-in game with rule options: each `(key, value)` overrides the key of the
    /// game's `[rules]` table (e.g. `fifty_move_rule = off`, `leap_knight_both_safe = on`).
    pub fn builtin_with(name: &str, options: &[(String, String)]) -> Result<Arc<Variant>, VariantError> {
        let wanted = name.trim().to_ascii_lowercase();
        for (n, text) in BUILTIN {
            let head: toml::Table =
                toml::from_str(text).map_err(|e| VariantError(format!("built-in game '{n}': {e}")))?;
            let aliases: Vec<String> = head
                .get("aliases")
                .and_then(|a| a.as_array())
                .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
                .unwrap_or_default();
            if *n == wanted || aliases.iter().any(|a| a.eq_ignore_ascii_case(&wanted)) {
                return Variant::from_toml_with(text, options).map(Arc::new);
            }
        }
        Err(VariantError(format!("unknown variant '{}' (known: {})", name, Variant::builtin_names().join(", "))))
    }

    /// Parses and checks a variant file.
    pub fn from_toml(text: &str) -> Result<Variant, VariantError> {
        Variant::from_toml_with(text, &[])
    }

    /// Parses a variant file, overriding keys of its `[rules]` table with `options`.
    /// Values are TOML values; `on`/`off`/`yes`/`no` are accepted for booleans.
    pub fn from_toml_with(text: &str, options: &[(String, String)]) -> Result<Variant, VariantError> {
        let mut table: toml::Table = toml::from_str(text).map_err(|e| VariantError(format!("variant file: {e}")))?;
        // Options the file declares in `[[option]]` patch piece definitions (Typhoon's rule
        // decisions, section 13); the others override keys of `[rules]`.
        let declared = match table.remove("option") {
            None => Vec::new(),
            Some(toml::Value::Array(a)) => a,
            Some(_) => return Err(VariantError("variant file: 'option' must be an array of tables".into())),
        };
        let settable = settable_keys(&mut table, &declared)?;
        let mut rule_options = Vec::new();
        // Declared options set to their other value.
        let mut chosen: Vec<String> = Vec::new();
        for (k, val) in options {
            let value = option_value(val);
            if !settable.iter().any(|s| s == k.trim()) {
                let title = table.get("title").and_then(|t| t.as_str()).unwrap_or("this game");
                return Err(VariantError(format!(
                    "'{}' is not an option of {title} (its options: {})",
                    k.trim(),
                    settable.join(", ")
                )));
            }
            match declared.iter().find(|o| o.get("key").and_then(|x| x.as_str()) == Some(k.trim())) {
                Some(o) => {
                    if apply_piece_option(&mut table, o, k.trim(), &value)? {
                        chosen.push(k.trim().to_string());
                    }
                }
                None => rule_options.push((k.trim().to_string(), value)),
            }
        }
        let before_rules = table.clone();
        if !rule_options.is_empty() {
            let rules = table
                .get_mut("rules")
                .and_then(|r| r.as_table_mut())
                .ok_or_else(|| VariantError("variant file has no [rules] table".into()))?;
            for (k, value) in &rule_options {
                rules.insert(k.clone(), value.clone());
            }
        }
        let file: VariantFile = match table.try_into() {
            Ok(f) => f,
            Err(e) => return Err(blame_option(&before_rules, &rule_options, &e)),
        };
        let game = file.name.clone();
        let e = |msg: String| VariantError(format!("game '{game}': {msg}"));
        // Types that exist only under a rule option (Tai `+(CP)`) are dropped when it is off.
        let mut file = file;
        for p in &file.piece {
            if let Some(o) = &p.requires {
                if !declared.iter().any(|d| d.get("key").and_then(|x| x.as_str()) == Some(o)) {
                    return Err(e(format!("piece '{}': 'requires' names '{o}', which no [[option]] declares", p.id)));
                }
            }
        }
        file.piece.retain(|p| p.requires.as_ref().is_none_or(|o| chosen.contains(o)));
        if file.files == 0 || file.ranks == 0 || file.files > 25 || file.ranks > 25 {
            return Err(e(format!("board {}x{} is outside 1x1..25x25", file.files, file.ranks)));
        }
        if file.piece.is_empty() || file.piece.len() > 250 {
            return Err(e(format!("{} piece types; between 1 and 250 are allowed", file.piece.len())));
        }
        let mut by_id = HashMap::new();
        for (i, p) in file.piece.iter().enumerate() {
            let id = p.id.to_ascii_uppercase();
            let base = id.strip_prefix('+').unwrap_or(&id);
            if base.is_empty() || !base.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(e(format!("piece '{}': an ID is letters, optionally after one '+'", p.id)));
            }
            if by_id.insert(id.clone(), KindId(i as u8)).is_some() {
                return Err(e(format!("piece ID '{}' is defined twice", p.id)));
            }
        }
        let mut pieces = Vec::new();
        for p in &file.piece {
            let pe = |key: &str, msg: String| e(format!("piece '{}' ({}), key '{}': {}", p.name, p.id, key, msg));
            let (name, betza_text, power_texts, promotes_text) =
                (p.name.clone(), p.betza.clone(), p.powers.clone(), p.promotes.clone());
            let vectors = betza::parse(&betza_text).map_err(|x| pe("betza", x.to_string()))?;
            let mut powers = Vec::new();
            for t in &power_texts {
                powers.push(Power::parse(t).map_err(|x| pe("powers", x))?);
            }
            let promotes_to = match &promotes_text {
                None => None,
                Some(t) => Some(
                    *by_id
                        .get(&t.to_ascii_uppercase())
                        .ok_or_else(|| pe("promotes", format!("no piece has the ID '{t}'")))?,
                ),
            };
            let promotes_if_present = match p.promotes_if_present.as_slice() {
                [] => None,
                [a, b] => {
                    let look = |t: &String| {
                        by_id
                            .get(&t.to_ascii_uppercase())
                            .copied()
                            .ok_or_else(|| pe("promotes_if_present", format!("no piece has the ID '{t}'")))
                    };
                    Some((look(a)?, look(b)?))
                }
                _ => return Err(pe("promotes_if_present", "give two IDs: [present, becomes]".into())),
            };
            let clock_reset = betza::parse(&p.clock_reset)
                .map_err(|x| pe("clock_reset", x.to_string()))?
                .into_iter()
                .map(|v| (v.dx, v.dy))
                .collect();
            pieces.push(PieceType {
                id: p.id.to_ascii_uppercase(),
                name,
                betza: betza_text,
                vectors,
                powers,
                royal: p.royal,
                lion: p.lion,
                bridge: p.bridge,
                promotes_to,
                promoted: p.id.starts_with('+'),
                forced_promotion_ranks: p.forced_promotion_ranks,
                promotion_needs_step: p.promotion_needs_step,
                ep_victim: p.ep_victim,
                clock_reset,
                value: p.value,
                in_setup: false,
                never_retreats: false,
                jump_rank: p.jump_rank,
                promotes_if_present,
                promotion_test_before: p.promotion_test_before,
                relayed_moves_only_move: p.relayed_moves_only_move,
                pass_needs_empty_step: p.pass_needs_empty_step,
                requires: None,
                glyph: p.glyph.clone().filter(|g| !g.trim().is_empty()),
            });
            let t = pieces.last_mut().unwrap();
            t.requires = p.requires.clone();
            t.never_retreats = t.powers.is_empty() && t.vectors.iter().all(|v| v.dy >= 0);
        }
        // A relayer can move any friend backward (a Dervish reflects a Pawn), so no move is
        // irreversible merely by its direction.
        if pieces.iter().any(|p| p.is_relayer()) {
            for p in &mut pieces {
                p.never_retreats = false;
            }
        }
        // Padding: the longest single vector of any atom or power.
        let mut pad = 1i32;
        for p in &pieces {
            for v in &p.vectors {
                pad = pad.max(v.dx.abs() as i32).max(v.dy.abs() as i32);
            }
            for pw in &p.powers {
                // Two-square reaches: lion jumps, King leap, hop landings, relayed leaps (a
                // Dervish reflection, a Harpy's Knight leap from a friend).
                if matches!(
                    pw,
                    Power::Lion
                        | Power::LionLine(_)
                        | Power::KingLeap
                        | Power::HopCapture(_)
                        | Power::DervishRelay
                        | Power::HarpyRelay
                        | Power::DoubleDiagonal
                        | Power::LeapFirst(_)
                        | Power::DervishRelay1999
                        | Power::HarpyRelay1999
                        | Power::Parrot(_)
                ) {
                    pad = pad.max(2);
                }
                // The Cicada's 3-square hops.
                if matches!(pw, Power::Cicada) {
                    pad = pad.max(3);
                }
                if let Power::Convert(a) | Power::Swap(a) = pw {
                    for v in &a.vectors {
                        pad = pad.max(v.dx.abs() as i32).max(v.dy.abs() as i32);
                    }
                }
                if matches!(pw, Power::ThreeStepLion) {
                    pad = pad.max(3);
                }
            }
        }
        let shape = BoardShape::new(file.files, file.ranks, pad as u8);
        let rules = Rules {
            orientation: file.rules.orientation,
            legality: file.rules.legality,
            no_moves: file.rules.no_moves,
            repetition: file.rules.repetition,
            fifty_move_rule: file.rules.fifty_move_rule,
            bare_kings_draw: file.rules.bare_kings_draw,
            bare_king: file.rules.bare_king,
            dervish_corner_leaps: file.rules.dervish_corner_leaps,
            lion_capture_rules: file.rules.lion_capture_rules,
            leap_knight_both_safe: file.rules.leap_knight_both_safe,
            fen_single_letter_parentheses: file.rules.fen_single_letter_parentheses,
            fen_fields: file.rules.fen_fields.clone(),
            optional_fen_fields: file.rules.optional_fen_fields,
            fen_side_required: file.rules.fen_side_required,
            fen_ignore_extra_fields: file.rules.fen_ignore_extra_fields,
            fen_any_royals: file.rules.fen_any_royals,
            lion_pass_unrestricted: file.rules.lion_pass_unrestricted,
            emperor_free_nonroyal_capture: file.rules.emperor_free_nonroyal_capture,
            move_cap: file.rules.move_cap,
            promotion_rule: file.promotion.rule,
            promotion_zone: file.promotion.zone,
            promotion_text: file.promotion.text,
        };
        let zone_ok = if rules.promotion_rule == PromotionRule::Capture {
            rules.promotion_zone == 0
        } else {
            rules.promotion_zone > 0 && rules.promotion_zone <= file.ranks
        };
        if !zone_ok {
            return Err(e(format!(
                "promotion zone of {} ranks does not fit the board (rule 'capture' needs zone 0)",
                rules.promotion_zone
            )));
        }
        let mut zone = ByColor::new(vec![false; shape.cells as usize], vec![false; shape.cells as usize]);
        for sq in shape.squares() {
            let r = shape.rank_of(sq);
            let z = rules.promotion_zone as i32;
            zone.white[sq.index()] = z > 0 && r >= shape.ranks as i32 - z;
            zone.black[sq.index()] = r < z;
        }
        let tables = Tables::build(&shape, &pieces, rules.orientation);
        let zobrist = crate::position::zobrist::Zobrist::new(&shape, pieces.len());
        let mut v = Variant {
            name: file.name.to_ascii_lowercase(),
            title: file.title,
            aliases: file.aliases,
            shape,
            pieces,
            rules,
            eval: file.eval.clone(),
            search: file.search.clone(),
            start_fen: file.start.trim().to_string(),
            setup: None,
            by_id,
            zone,
            tables,
            zobrist,
            psq: Default::default(),
        };
        v.psq = crate::eval::psq::PieceSquare::build(&v);
        // Check the start position and mark the types it uses.
        let board_field = v.start_fen.split_whitespace().next().unwrap_or("");
        let setup =
            crate::position::fen::parse_board(&v, board_field).map_err(|x| e(format!("start position: {x}")))?;
        for (_, piece) in &setup {
            v.pieces[piece.kind().index()].in_setup = true;
        }
        if let Some(sf) = &file.setup {
            v.setup = Some(SetupRules::build(&v, sf, &setup).map_err(|x| e(format!("[setup]: {x}")))?);
        }
        // The whole start position must be valid (royals, side to move, fields), since
        // `Position::start` relies on it: a game file whose start lacks a royal was accepted and
        // then panicked at its first use (found by fuzzing the game-file reader).
        let v = Arc::new(v);
        let start = crate::position::Position::from_fen(&v, &v.start_fen).map(|_| ());
        start.map_err(|x| e(format!("start position: {x}")))?;
        // The position checked above is gone, so this is the only reference.
        Arc::try_unwrap(v).map_err(|_| e("internal error: the start position check kept the game".into()))
    }

    #[inline]
    pub fn piece(&self, k: KindId) -> &PieceType {
        &self.pieces[k.index()]
    }

    /// Looks up an upper-case ID such as `SQ` or `+D`.
    pub fn kind_by_id(&self, id: &str) -> Option<KindId> {
        self.by_id.get(&id.to_ascii_uppercase()).copied()
    }

    #[inline]
    pub fn in_zone(&self, c: Color, sq: Square) -> bool {
        self.zone[c][sq.index()]
    }

    /// Ranks from `sq` to the far edge for `c`: 1 on the last rank.
    #[inline]
    pub fn ranks_to_edge(&self, c: Color, sq: Square) -> i32 {
        match c {
            Color::White => self.shape.ranks as i32 - self.shape.rank_of(sq),
            Color::Black => self.shape.rank_of(sq) + 1,
        }
    }

    /// Converts an owner-relative vector to a board vector for `c`.
    #[inline]
    pub fn orient(&self, c: Color, dx: i32, dy: i32) -> (i32, i32) {
        orient(self.rules.orientation, c, dx, dy)
    }

    pub fn num_types(&self) -> usize {
        self.pieces.len()
    }
}

/// Rule keys every game's `--option` may set: referee settings, not rules.
const REFEREE_KEYS: &[&str] = &["move_cap"];

/// The keys a user may set with `--option`: the file's `[[option]]` keys, the `[rules]` keys
/// its `settable` list names (removed from the table here), and the referee settings.
fn settable_keys(table: &mut toml::Table, declared: &[toml::Value]) -> Result<Vec<String>, VariantError> {
    let listed = match table.get_mut("rules").and_then(|r| r.as_table_mut()).and_then(|r| r.remove("settable")) {
        None => Vec::new(),
        Some(toml::Value::Array(a)) => a,
        Some(_) => return Err(VariantError("variant file: [rules] settable must be a list of keys".into())),
    };
    let mut keys: Vec<String> = declared.iter().filter_map(|o| o.get("key")?.as_str().map(str::to_string)).collect();
    for k in listed {
        let k = k.as_str().ok_or_else(|| VariantError("variant file: [rules] settable lists keys".into()))?;
        keys.push(k.to_string());
    }
    keys.extend(REFEREE_KEYS.iter().map(|k| k.to_string()));
    Ok(keys)
}

/// Why a file that read before the rule options fails with them: the first option that
/// fails alone is named with its value (`--option fifty_move_rule=maybe`).
fn blame_option(before: &toml::Table, rule_options: &[(String, toml::Value)], e: &toml::de::Error) -> VariantError {
    for (k, value) in rule_options {
        let mut alone = before.clone();
        if let Some(r) = alone.get_mut("rules").and_then(|r| r.as_table_mut()) {
            r.insert(k.clone(), value.clone());
        }
        if alone.try_into::<VariantFile>().is_err() {
            // serde calls an enum value a "variant", which here would read as a game.
            let why = e.message().replace("unknown variant", "unknown value");
            return VariantError(format!("option '{k}': {value} is not a valid value ({why})"));
        }
    }
    VariantError(format!("variant file or option: {}", e.message()))
}

/// An option value as TOML: `on`/`off`/`yes`/`no` are booleans, numbers integers, the rest
/// strings.
fn option_value(val: &str) -> toml::Value {
    match val.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => toml::Value::Boolean(true),
        "off" | "no" | "false" => toml::Value::Boolean(false),
        other => match other.parse::<i64>() {
            Ok(n) => toml::Value::Integer(n),
            Err(_) => toml::Value::String(val.trim().to_string()),
        },
    }
}

/// Applies the declared option `o` (`key`, `default`, `value`, `set = [{ piece = ID, KEY =
/// VALUE, ... }]`) with the chosen `value`: the default changes nothing, the other value
/// replaces the listed keys of the listed pieces. Returns whether it did (the other value).
fn apply_piece_option(
    table: &mut toml::Table,
    o: &toml::Value,
    key: &str,
    value: &toml::Value,
) -> Result<bool, VariantError> {
    let err = |m: String| VariantError(format!("option '{key}': {m}"));
    let default = o.get("default").ok_or_else(|| err("the file declares no default".into()))?;
    let other = o.get("value").ok_or_else(|| err("the file declares no value".into()))?;
    if value == default {
        return Ok(false);
    }
    if value != other {
        return Err(err(format!("the value must be {default} (default) or {other}, not {value}")));
    }
    let sets = o.get("set").and_then(|x| x.as_array()).ok_or_else(|| err("the file declares no 'set' list".into()))?;
    let pieces = table
        .get_mut("piece")
        .and_then(|x| x.as_array_mut())
        .ok_or_else(|| err("the variant file has no pieces".into()))?;
    for patch in sets {
        let patch = patch.as_table().ok_or_else(|| err("each 'set' entry is a table".into()))?;
        let id =
            patch.get("piece").and_then(|x| x.as_str()).ok_or_else(|| err("a 'set' entry names no piece".into()))?;
        let target = pieces
            .iter_mut()
            .filter_map(|p| p.as_table_mut())
            .find(|p| p.get("id").and_then(|x| x.as_str()).is_some_and(|x| x.eq_ignore_ascii_case(id)))
            .ok_or_else(|| err(format!("no piece has the ID '{id}'")))?;
        for (k, v) in patch {
            if k != "piece" {
                target.insert(k.clone(), v.clone());
            }
        }
    }
    Ok(true)
}

/// Owner-relative vector to board vector.
#[inline]
pub fn orient(o: Orientation, c: Color, dx: i32, dy: i32) -> (i32, i32) {
    match (c, o) {
        (Color::White, _) => (dx, dy),
        (Color::Black, Orientation::Rotate) => (-dx, -dy),
        (Color::Black, Orientation::Mirror) => (dx, -dy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_load() {
        for n in Variant::builtin_names() {
            let v = Variant::builtin(n).unwrap();
            assert_eq!(v.name, n);
        }
        assert!(Variant::builtin("nosuchgame").is_err());
        assert_eq!(Variant::builtin("CHUSHOGI").unwrap().name, "chu");
    }

    #[test]
    fn rule_options_override_and_are_checked() {
        let on = Variant::builtin("bigorra").unwrap();
        assert!(on.rules.fifty_move_rule);
        let off = Variant::builtin_with("bigorra", &[("fifty_move_rule".into(), "off".into())]).unwrap();
        assert!(!off.rules.fifty_move_rule);
        let err = Variant::builtin_with("bigorra", &[("no_such_rule".into(), "on".into())]).unwrap_err();
        assert!(err.to_string().contains("no_such_rule"), "{err}");
        let err = Variant::builtin_with("bigorra", &[("fifty_move_rule".into(), "maybe".into())]).unwrap_err();
        assert!(err.to_string().contains("fifty_move_rule") || err.to_string().contains("bool"), "{err}");
    }

    #[test]
    fn bad_files_name_the_piece_and_key() {
        let text = include_str!("defs/chu.toml").replacen("betza = \"vRsW\"", "betza = \"vRsX\"", 1);
        let err = Variant::from_toml(&text).unwrap_err().to_string();
        assert!(err.contains("Vertical Mover") && err.contains("betza") && err.contains("column"), "{err}");
        let text = include_str!("defs/chu.toml").replacen("promotes = \"+D\"", "promotes = \"+QQ\"", 1);
        let err = Variant::from_toml(&text).unwrap_err().to_string();
        assert!(err.contains("promotes") && err.contains("+QQ"), "{err}");
    }
}
