//! The rules of one game as data: board, piece catalogue, start position and arrays, and the
//! promotion, victory, repetition and FEN rules, read from its data file and checked. Nothing
//! here plays: what is compiled for play (move tables, keys, values) is `game::Game`.
//!
//! Built-in games are the files `defs/*.toml`, embedded in the binary; users may load their own
//! with [`Variant::from_toml`].

pub mod betza;
pub mod castling;
mod file;
mod handicap;
pub use handicap::{Handicap, HandicapError};
#[cfg(test)]
mod keys;
mod options;
pub use options::RuleChoice;
pub mod piece;
pub mod placement;
pub mod rules;
pub mod setup;

pub use castling::{CastlingRule, CastlingWay};
pub use file::{EvalParams, LateMoves, Reductions, SearchParams, DEFAULT_GAME_LENGTH};
pub use piece::{KindId, PieceType, PowerCall};
pub use rules::{
    Bench, Castling, CastlingSide, FenField, FenFormat, Legality, NoMoves, Orientation, Promotion, PromotionRule,
    PromotionText, Protocols, Repetition, Rules, XboardParent,
};
pub use setup::{SetupError, SetupRules, SetupSpecError};

use crate::geometry::Color;
use std::collections::HashMap;
use std::fmt;

// `BUILTIN`: every file of `defs/`, listed by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/builtin.rs"));

/// A built-in game file, read once: its name, text, head (the top-level keys) and aliases.
struct Builtin {
    name: &'static str,
    text: &'static str,
    head: toml::Table,
}

/// The built-in games in list order: by their `list_position` key, then the games without one
/// by name (so a new data file needs no key to be listed).
fn builtins() -> &'static [Builtin] {
    static LIST: std::sync::OnceLock<Vec<Builtin>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        let mut list: Vec<Builtin> = BUILTIN
            .iter()
            .map(|&(name, text)| Builtin { name, text, head: toml::from_str(text).unwrap_or_default() })
            .collect();
        let position = |b: &Builtin| b.head.get("list_position").and_then(toml::Value::as_integer).unwrap_or(i64::MAX);
        list.sort_by_key(|b| (position(b), b.name));
        list
    })
}

/// An error in a game file or in the options given for it: names the game, the piece and the
/// key where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// No built-in game has this name or alias.
    Unknown {
        /// The name asked for.
        name: String,
        /// The names of the built-in games.
        known: Vec<String>,
    },
    /// The text is not a well-formed game file (TOML, or a key of the wrong shape).
    File(FileError),
    /// An `--option` (or the `[[option]]` table that declares it) that cannot be applied.
    Option {
        /// The option's key.
        key: String,
        /// What is wrong with it.
        message: String,
    },
    /// An `--option` key the game does not offer; `options` are the keys it does.
    NotAnOption {
        /// The key given.
        key: String,
        /// The game's title.
        game: String,
        /// The keys the game offers.
        options: Vec<String>,
    },
    /// A key of one piece, e.g. an unreadable Betza string or an unknown power.
    Piece {
        /// The game's name.
        game: String,
        /// The piece, by name and ID.
        piece: String,
        /// The key of the piece's table that is wrong.
        key: String,
        /// What is wrong with it.
        message: String,
    },
    /// Anything else about a game: board size, catalogue, start position, setup, promotion zone.
    Game {
        /// The game's name.
        game: String,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Unknown { name, known } => {
                write!(f, "unknown variant '{name}' (known: {})", known.join(", "))
            }
            VariantError::File(e) => write!(f, "{e}"),
            VariantError::Option { key, message } => write!(f, "option '{key}': {message}"),
            VariantError::NotAnOption { key, game, options } => {
                write!(f, "'{key}' is not an option of {game} (its options: {})", options.join(", "))
            }
            VariantError::Piece { game, piece, key, message } => {
                write!(f, "game '{game}': piece {piece}, key '{key}': {message}")
            }
            VariantError::Game { game, message } => write!(f, "game '{game}': {message}"),
        }
    }
}

impl std::error::Error for VariantError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VariantError::File(FileError::Toml(e) | FileError::Shape(e)) => Some(e),
            _ => None,
        }
    }
}

/// Why a text is not a well-formed game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The text is not TOML: the TOML reader's error (its message, line and excerpt).
    Toml(toml::de::Error),
    /// A key has the wrong shape, in the file or as an `--option` set it: the reader's error.
    Shape(toml::de::Error),
    /// `option` is not an array of tables.
    OptionNotTables,
    /// Rule options were given, but the file has no `[rules]` table to set them in.
    NoRules,
    /// `[rules] settable` is not a list.
    SettableNotList,
    /// `[rules] settable` holds something other than a key.
    SettableNotKey,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Toml(e) => write!(f, "variant file: {e}"),
            FileError::Shape(e) => write!(f, "variant file or option: {}", e.message()),
            FileError::OptionNotTables => f.write_str("variant file: 'option' must be an array of tables"),
            FileError::NoRules => f.write_str("variant file has no [rules] table"),
            FileError::SettableNotList => f.write_str("variant file: [rules] settable must be a list of keys"),
            FileError::SettableNotKey => f.write_str("variant file: [rules] settable lists keys"),
        }
    }
}

/// The `[kifu]` table of a game file: the game has a KIF form (`docs/kifu.md`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KifuNames {
    /// The game's name on the KIF `手合割` line (`中将棋`); default: its title.
    #[serde(default)]
    pub name: Option<String>,
}

/// One game's rules, as its data file states them.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The name the game is asked for by (`chu`, `bigorra`).
    pub name: String,
    /// The name to show (`Chu Shogi`).
    pub title: String,
    /// Other names it is found by (`--variant`, the protocols' variant names).
    pub aliases: Vec<String>,
    /// The board's width.
    pub files: u8,
    /// The board's height.
    pub ranks: u8,
    /// The catalogue of piece types, promoted forms included; a [`KindId`] indexes it.
    pub pieces: Vec<PieceType>,
    /// The `[rules]` table: how the game is won, drawn and lost, and what is illegal.
    pub rules: Rules,
    /// The `[promotion]` table: the rule, the zone, and how a promotion is written.
    pub promotion: Promotion,
    /// The `[fen]` table: the game's FEN fields.
    pub fen: FenFormat,
    /// How the King castles (`[castling]`), if the game describes it; played while
    /// `rules.castling` is on.
    pub castling: Option<CastlingRule>,
    /// The `[eval]` table: the evaluation's weights for this game.
    pub eval: EvalParams,
    /// The `[search]` table: what the search needs to know about this game.
    pub search: SearchParams,
    /// The start position in FEN, as the data file's `start` gives it.
    pub start_fen: String,
    /// The start arrays a player may choose, if the game has array freedom.
    pub setup: Option<SetupRules>,
    /// The game the command line and the protocols start with when none is named.
    pub default: bool,
    /// Its place in the lists of built-in games (`None`: after them, by name).
    pub list_position: Option<u32>,
    /// What `kyodai bench` searches.
    pub bench: Bench,
    /// How the protocols offer the game.
    pub protocols: Protocols,
    /// The game's named rule alternatives (`[[option]]` tables), for the protocols to offer.
    pub rule_choices: Vec<RuleChoice>,
    /// Named handicap starts (`[[handicap]]` tables).
    pub handicaps: Vec<Handicap>,
    /// Its KIF names (`[kifu]`), if the game can be recorded in KIF (`docs/kifu.md`).
    pub kifu: Option<KifuNames>,
    by_id: HashMap<String, KindId>,
}

impl Variant {
    /// Names of the built-in games.
    pub fn builtin_names() -> Vec<&'static str> {
        builtins().iter().map(|b| b.name).collect()
    }

    /// The name of the built-in game the command line and the protocols start with when none
    /// is named: the one whose data file says `default = true`.
    pub fn default_name() -> &'static str {
        let is_default = |b: &&Builtin| b.head.get("default").and_then(toml::Value::as_bool) == Some(true);
        builtins().iter().find(is_default).or(builtins().first()).map(|b| b.name).expect("built-in games")
    }

    /// The rule options (`[[option]]` tables) of every built-in game: (game, option), in list
    /// order.
    pub fn builtin_rule_choices() -> Vec<(&'static str, RuleChoice)> {
        builtins().iter().flat_map(|b| options::choices(&b.head).into_iter().map(move |c| (b.name, c))).collect()
    }

    /// The data file of the built-in game `name` (its exact name), as shipped.
    pub fn builtin_source(name: &str) -> Option<&'static str> {
        builtins().iter().find(|b| b.name == name).map(|b| b.text)
    }

    /// Reads a built-in game by name or alias (case-insensitive), with rule options: each
    /// `(key, value)` patches what the game's `[[option]]` table of that key declares, or
    /// overrides the key of its `[rules]` table (e.g. `fifty_move_rule = off`).
    pub fn builtin_with(name: &str, options: &[(String, String)]) -> Result<Variant, VariantError> {
        let wanted = name.trim().to_ascii_lowercase();
        for b in builtins() {
            let aliases = b.head.get("aliases").and_then(|a| a.as_array()).map(Vec::as_slice).unwrap_or_default();
            if b.name == wanted || aliases.iter().any(|a| a.as_str().is_some_and(|a| a.eq_ignore_ascii_case(&wanted))) {
                return Variant::from_toml_with(b.text, options);
            }
        }
        let known = Variant::builtin_names().into_iter().map(str::to_string).collect();
        Err(VariantError::Unknown { name: name.to_string(), known })
    }

    /// Reads and checks a game file.
    pub fn from_toml(text: &str) -> Result<Variant, VariantError> {
        Variant::from_toml_with(text, &[])
    }

    /// Reads a game file with rule options (see [`Variant::builtin_with`]). Values are TOML
    /// values; `on`/`off`/`yes`/`no` are accepted for booleans.
    pub fn from_toml_with(text: &str, options: &[(String, String)]) -> Result<Variant, VariantError> {
        let table: toml::Table = toml::from_str(text).map_err(|e| VariantError::File(FileError::Toml(e)))?;
        let mut rule_choices = options::choices(&table);
        let (mut file, chosen) = options::read(table, options)?;
        for c in &mut rule_choices {
            c.chosen = chosen.contains(&c.key);
        }
        // Types that exist only under a rule option (Tai `+(CP)`) are dropped when it is off.
        file.piece.retain(|p| p.requires.as_ref().is_none_or(|o| chosen.contains(o)));
        let game = file.name.clone();
        let e = |message: String| VariantError::Game { game: game.clone(), message };
        if file.files == 0 || file.ranks == 0 || file.files > 25 || file.ranks > 25 {
            return Err(e(format!("board {}x{} is outside 1x1..25x25", file.files, file.ranks)));
        }
        if file.piece.is_empty() || file.piece.len() > 250 {
            return Err(e(format!("{} piece types; between 1 and 250 are allowed", file.piece.len())));
        }
        let zone = file.promotion.zone;
        let zone_ok =
            if file.promotion.rule == PromotionRule::Capture { zone == 0 } else { zone > 0 && zone <= file.ranks };
        if !zone_ok {
            return Err(e(format!(
                "promotion zone of {zone} ranks does not fit the board (rule 'capture' needs zone 0)"
            )));
        }
        let by_id = file::index_ids(&game, &file.piece)?;
        let pieces = file.piece.iter().map(|p| p.read(&game, &by_id)).collect::<Result<Vec<_>, _>>()?;
        if let Some(p) = pieces.iter().find(|p| p.promotion_optional && file.promotion.rule != PromotionRule::Arrival) {
            return Err(e(format!(
                "piece {p}: promotion = \"optional\" belongs to the rule 'arrival' (the others decide it)"
            )));
        }
        if let Some(p) = pieces.iter().find(|p| p.promotion_suffix && file.promotion.text != PromotionText::Implicit) {
            return Err(e(format!("piece {p}: promotion_text = \"suffix\" needs [promotion] text = \"implicit\"")));
        }
        // With `start-or-end` every move ending in the zone has the chance already: the key
        // adds nothing there, and is allowed so that an option may switch the rule under it
        // (Dai's `promote_in_zone` beside `pawn_last_rank_promotion`).
        let zone_rule = matches!(file.promotion.rule, PromotionRule::ShogiEntry | PromotionRule::StartOrEnd);
        if file.promotion.declined_entry_waits && !zone_rule {
            return Err(e("[promotion] declined_entry_waits needs the rule 'shogi-entry' or 'start-or-end'".into()));
        }
        if let Some(p) =
            pieces.iter().find(|p| p.promotion_chance_ranks > 0 && (!zone_rule || p.promotion_chance_ranks > zone))
        {
            return Err(e(format!(
                "piece {p}: promotion_chance_ranks needs the rule 'shogi-entry' or 'start-or-end' and at most the \
                 zone's {zone} ranks"
            )));
        }
        if let Some(p) = pieces.iter().find(|p| p.initial_rank.is_some_and(|r| r > file.ranks)) {
            return Err(e(format!("piece {p}: initial_rank is beyond the board's {} ranks", file.ranks)));
        }
        let castling = match &file.castling {
            None if file.rules.castling => {
                return Err(e("[rules] castling is on, but there is no [castling] table".into()))
            }
            None => None,
            Some(c) => {
                if !castling::fen_holds_rights(&file.fen) {
                    return Err(e("[castling] needs the FEN field 'castling-rights' ([fen] fields)".into()));
                }
                Some(CastlingRule::read(c, file.files, file.ranks, &by_id).map_err(|x| e(format!("[castling]: {x}")))?)
            }
        };
        let mut v = Variant {
            name: file.name.to_ascii_lowercase(),
            title: file.title,
            aliases: file.aliases,
            files: file.files,
            ranks: file.ranks,
            pieces,
            rules: file.rules,
            promotion: file.promotion,
            fen: file.fen,
            castling,
            eval: file.eval,
            search: file.search,
            start_fen: file.start.trim().to_string(),
            setup: None,
            default: file.default,
            list_position: file.list_position,
            bench: file.bench,
            protocols: file.protocols,
            rule_choices,
            handicaps: Vec::new(),
            kifu: file.kifu,
            by_id,
        };
        // Check the start position and mark the types it uses.
        let board_field = v.start_fen.split_whitespace().next().unwrap_or("");
        let start = placement::parse(&v, board_field).map_err(|x| e(format!("start position: bad FEN: {x}")))?;
        for p in &start {
            v.pieces[p.kind.index()].in_setup = true;
        }
        if let Some(sf) = &file.setup {
            v.setup = Some(SetupRules::build(&v, sf, &start).map_err(|x| e(format!("[setup]: {x}")))?);
        }
        handicap::check(&v, &file.handicap).map_err(|x| e(x.to_string()))?;
        v.handicaps = file.handicap;
        Ok(v)
    }

    /// The piece type `k`.
    #[inline]
    pub fn piece(&self, k: KindId) -> &PieceType {
        &self.pieces[k.index()]
    }

    /// Looks up an upper-case ID such as `SQ` or `+D`.
    pub fn kind_by_id(&self, id: &str) -> Option<KindId> {
        self.by_id.get(&id.to_ascii_uppercase()).copied()
    }

    /// The number of piece types in the catalogue.
    pub fn num_types(&self) -> usize {
        self.pieces.len()
    }

    /// Converts an owner-relative vector to a board vector for `c`.
    #[inline]
    pub fn orient(&self, c: Color, dx: i32, dy: i32) -> (i32, i32) {
        orient(self.rules.orientation, c, dx, dy)
    }
}

/// Whether a `--variant` argument names a game file (`*.toml`, any case) rather than a built-in
/// game: the one test every front end asks before it reads a file.
pub fn is_game_file(name: &str) -> bool {
    std::path::Path::new(name).extension().is_some_and(|e| e.eq_ignore_ascii_case("toml"))
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
            let v = Variant::builtin_with(n, &[]).unwrap();
            assert_eq!(v.name, n);
        }
        assert!(Variant::builtin_with("nosuchgame", &[]).is_err());
        assert_eq!(Variant::builtin_with("CHUSHOGI", &[]).unwrap().name, "chu");
    }

    #[test]
    fn builtin_files_are_named_after_their_game_and_one_is_the_default() {
        let is_default = |n: &&str| Variant::builtin_with(n, &[]).unwrap().default;
        let defaults: Vec<&str> = Variant::builtin_names().into_iter().filter(is_default).collect();
        assert_eq!(defaults, vec![Variant::default_name()], "exactly one built-in game says default = true");
        for (file, text) in BUILTIN {
            assert_eq!(Variant::from_toml(text).unwrap().name, *file, "defs/{file}.toml names another game");
        }
    }

    #[test]
    fn rule_options_override_and_are_checked() {
        let on = Variant::builtin_with("bigorra", &[]).unwrap();
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
