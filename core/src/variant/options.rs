//! Rule options (`--option KEY=VALUE`): a key the data file declares in an `[[option]]` table
//! patches pieces or powers; any other key overrides the same key of its `[rules]` table.
//!
//! An `[[option]]` table names its `key`, its `default`, its other `value`, and `set`, a list of
//! patches applied when the other value is chosen:
//! - `{ piece = ID, KEY = VALUE, ... }` replaces those keys of that piece (`betza`, `powers`,
//!   `promotes`, `name`, ...);
//! - `{ power = NAME, flags = [...] }` gives those parameters to every power called `NAME`
//!   (`lion`, or a name and argument such as `relay:dervish`), in every piece, after the piece
//!   patches of all options (so a power an option adds gets them too);
//! - `{ rules = { KEY = VALUE, ... } }` sets those keys of the `[rules]` table (Timurid's
//!   castling option turns `castling` on);
//! - `{ promotion = { KEY = VALUE, ... } }` sets those keys of the `[promotion]` table (Dai's
//!   `promote_in_zone` changes the rule);
//! - `{ start = FEN }` replaces the start position (the same option gives it castling rights).

use super::file::VariantFile;
use super::piece::PowerCall;
use super::{FileError, VariantError};

/// The keys of an `[[option]]` table and of its `set` entries (see the module documentation).
#[cfg(test)]
pub(crate) const KEYS: [&str; 10] = [KEY, DEFAULT, VALUE, SET, PIECE, POWER, FLAGS, RULES, PROMOTION, START];
const KEY: &str = "key";
const DEFAULT: &str = "default";
const VALUE: &str = "value";
const SET: &str = "set";
const PIECE: &str = "piece";
const POWER: &str = "power";
const FLAGS: &str = "flags";
const RULES: &str = "rules";
const PROMOTION: &str = "promotion";
const START: &str = "start";

/// A declared `[[option]]`: its key and its two values as text (`on`/`off` for booleans).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleChoice {
    /// The option's key, as `--option KEY=VALUE` names it.
    pub key: String,
    /// The value the game plays without the option.
    pub default: String,
    /// The other value, which applies the option's patches.
    pub value: String,
    /// The other value is in force.
    pub chosen: bool,
}

/// The `[[option]]` tables of the parsed data file `table`, as [`RuleChoice`]s (none chosen).
pub(crate) fn choices(table: &toml::Table) -> Vec<RuleChoice> {
    let text = |v: Option<&toml::Value>| match v {
        Some(toml::Value::String(s)) => s.clone(),
        Some(toml::Value::Boolean(b)) => (if *b { "on" } else { "off" }).to_string(),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    let declared = table.get("option").and_then(toml::Value::as_array).map(Vec::as_slice).unwrap_or_default();
    declared
        .iter()
        .filter_map(|o| {
            Some(RuleChoice {
                key: o.get(KEY)?.as_str()?.to_string(),
                default: text(o.get(DEFAULT)),
                value: text(o.get(VALUE)),
                chosen: false,
            })
        })
        .collect()
}

fn option_err(key: &str, message: String) -> VariantError {
    VariantError::Option { key: key.to_string(), message }
}

/// An option value as TOML: `on`/`off`/`yes`/`no` are booleans, numbers integers, the rest
/// strings.
pub(crate) fn value(val: &str) -> toml::Value {
    match val.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => toml::Value::Boolean(true),
        "off" | "no" | "false" => toml::Value::Boolean(false),
        other => match other.parse::<i64>() {
            Ok(n) => toml::Value::Integer(n),
            Err(_) => toml::Value::String(val.trim().to_string()),
        },
    }
}

/// Rule keys every game's `--option` may set: referee settings, not rules.
const REFEREE_KEYS: &[&str] = &["move_cap"];

/// The `[rules]` key that lists which of its keys `--option` may set.
pub(crate) const SETTABLE: &str = "settable";

/// Reads the parsed data file `table` with `options` applied. Returns the file and the declared
/// options set to their other value (pieces that `require` one of them exist).
pub(crate) fn read(
    mut table: toml::Table,
    options: &[(String, String)],
) -> Result<(VariantFile, Vec<String>), VariantError> {
    let declared = match table.remove("option") {
        None => Vec::new(),
        Some(toml::Value::Array(a)) => a,
        Some(_) => return Err(VariantError::File(FileError::OptionNotTables)),
    };
    let settable = settable_keys(&mut table, &declared)?;
    let mut rule_options = Vec::new();
    let mut chosen: Vec<String> = Vec::new();
    let mut power_patches: Vec<(String, toml::Table)> = Vec::new();
    for (k, val) in options {
        let key = k.trim();
        let value = value(val);
        if !settable.iter().any(|s| s == key) {
            let game = table.get("title").and_then(|t| t.as_str()).unwrap_or("this game").to_string();
            return Err(VariantError::NotAnOption { key: key.to_string(), game, options: settable });
        }
        match declared.iter().find(|o| o.get(KEY).and_then(|x| x.as_str()) == Some(key)) {
            Some(o) => {
                if let Some(patches) = chosen_patches(o, key, &value)? {
                    for patch in patches {
                        if patch.contains_key(POWER) {
                            power_patches.push((key.to_string(), patch));
                        } else if [RULES, PROMOTION, START].iter().any(|k| patch.contains_key(*k)) {
                            patch_game(&mut table, key, &patch)?;
                        } else {
                            patch_piece(&mut table, key, &patch)?;
                        }
                    }
                    chosen.push(key.to_string());
                }
            }
            None => rule_options.push((key.to_string(), value)),
        }
    }
    for (key, patch) in power_patches {
        patch_powers(&mut table, &key, &patch)?;
    }
    check_requires(&table, &declared)?;
    let before_rules = if rule_options.is_empty() { None } else { Some(table.clone()) };
    if !rule_options.is_empty() {
        let rules =
            table.get_mut("rules").and_then(|r| r.as_table_mut()).ok_or(VariantError::File(FileError::NoRules))?;
        for (k, value) in &rule_options {
            rules.insert(k.clone(), value.clone());
        }
    }
    match table.try_into::<VariantFile>() {
        Ok(file) => Ok((file, chosen)),
        Err(e) => Err(blame_option(before_rules.as_ref(), &rule_options, e)),
    }
}

/// The keys a user may set with `--option`: the file's `[[option]]` keys, the `[rules]` keys
/// its `settable` list names (removed from the table here), and the referee settings.
fn settable_keys(table: &mut toml::Table, declared: &[toml::Value]) -> Result<Vec<String>, VariantError> {
    let listed = match table.get_mut("rules").and_then(|r| r.as_table_mut()).and_then(|r| r.remove(SETTABLE)) {
        None => Vec::new(),
        Some(toml::Value::Array(a)) => a,
        Some(_) => return Err(VariantError::File(FileError::SettableNotList)),
    };
    let mut keys: Vec<String> = declared.iter().filter_map(|o| o.get(KEY)?.as_str().map(str::to_string)).collect();
    for k in listed {
        let k = k.as_str().ok_or(VariantError::File(FileError::SettableNotKey))?;
        if !keys.iter().any(|x| x == k) {
            keys.push(k.to_string());
        }
    }
    for k in REFEREE_KEYS {
        if !keys.iter().any(|x| x == k) {
            keys.push(k.to_string());
        }
    }
    Ok(keys)
}

/// Why a file that read before the rule options fails with them: the first option that fails
/// alone is named with its value (`--option fifty_move_rule=maybe`).
fn blame_option(
    before: Option<&toml::Table>,
    rule_options: &[(String, toml::Value)],
    e: toml::de::Error,
) -> VariantError {
    for (k, value) in rule_options {
        let Some(mut alone) = before.cloned() else { break };
        if let Some(r) = alone.get_mut("rules").and_then(|r| r.as_table_mut()) {
            r.insert(k.clone(), value.clone());
        }
        if alone.try_into::<VariantFile>().is_err() {
            // serde calls an enum value a "variant", which here would read as a game.
            let why = e.message().replace("unknown variant", "unknown value");
            return option_err(k, format!("{value} is not a valid value ({why})"));
        }
    }
    VariantError::File(FileError::Shape(e))
}

/// The patches of the declared option `o` when `value` is chosen: none for the default, the
/// `set` list for the other value, an error for anything else.
fn chosen_patches(o: &toml::Value, key: &str, value: &toml::Value) -> Result<Option<Vec<toml::Table>>, VariantError> {
    let default = o.get(DEFAULT).ok_or_else(|| option_err(key, "the file declares no default".into()))?;
    let other = o.get(VALUE).ok_or_else(|| option_err(key, "the file declares no value".into()))?;
    if value == default {
        return Ok(None);
    }
    if value != other {
        return Err(option_err(key, format!("the value must be {default} (default) or {other}, not {value}")));
    }
    let sets = o
        .get(SET)
        .and_then(|x| x.as_array())
        .ok_or_else(|| option_err(key, "the file declares no 'set' list".into()))?;
    sets.iter()
        .map(|p| p.as_table().cloned().ok_or_else(|| option_err(key, "each 'set' entry is a table".into())))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

fn pieces_mut<'a>(table: &'a mut toml::Table, key: &str) -> Result<&'a mut Vec<toml::Value>, VariantError> {
    table
        .get_mut("piece")
        .and_then(|x| x.as_array_mut())
        .ok_or_else(|| option_err(key, "the variant file has no pieces".into()))
}

/// `{ piece = ID, KEY = VALUE, ... }`: replaces those keys of that piece.
fn patch_piece(table: &mut toml::Table, key: &str, patch: &toml::Table) -> Result<(), VariantError> {
    let id = patch.get(PIECE).and_then(|x| x.as_str()).ok_or_else(|| {
        option_err(key, "a 'set' entry names no piece (piece = ID) and no power (power = NAME)".into())
    })?;
    let target = pieces_mut(table, key)?
        .iter_mut()
        .filter_map(|p| p.as_table_mut())
        .find(|p| p.get("id").and_then(|x| x.as_str()).is_some_and(|x| x.eq_ignore_ascii_case(id)))
        .ok_or_else(|| option_err(key, format!("no piece has the ID '{id}'")))?;
    for (k, v) in patch {
        if k != PIECE {
            target.insert(k.clone(), v.clone());
        }
    }
    Ok(())
}

/// `{ rules = { KEY = VALUE } }`, `{ promotion = { KEY = VALUE } }`, `{ start = FEN }`: sets
/// keys of `[rules]` or `[promotion]`, or the start position. The keys and values are checked
/// when the patched file is read, as the file's own are.
fn patch_game(table: &mut toml::Table, key: &str, patch: &toml::Table) -> Result<(), VariantError> {
    for (k, v) in patch {
        match (k.as_str(), v) {
            (RULES | PROMOTION, toml::Value::Table(keys)) => {
                let target = table
                    .get_mut(k.as_str())
                    .and_then(|r| r.as_table_mut())
                    .ok_or_else(|| option_err(key, format!("the variant file has no [{k}] table")))?;
                for (tk, tv) in keys {
                    target.insert(tk.clone(), tv.clone());
                }
            }
            (START, toml::Value::String(fen)) => {
                table.insert("start".into(), toml::Value::String(fen.clone()));
            }
            _ => {
                return Err(option_err(
                    key,
                    format!(
                        "a game patch is 'rules = {{ KEY = VALUE }}', 'promotion = {{ KEY = VALUE }}' or \
                         'start = \"FEN\"', not '{k}'"
                    ),
                ))
            }
        }
    }
    Ok(())
}

/// `{ power = NAME, flags = [...] }`: gives the parameters to every power called `NAME`.
fn patch_powers(table: &mut toml::Table, key: &str, patch: &toml::Table) -> Result<(), VariantError> {
    let target = patch.get(POWER).and_then(|x| x.as_str()).unwrap_or_default().to_string();
    let flags: Vec<String> = patch
        .get(FLAGS)
        .and_then(|x| x.as_array())
        .map(|a| a.iter().filter_map(|f| f.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    if flags.is_empty() || patch.keys().any(|k| k != POWER && k != FLAGS) {
        return Err(option_err(key, format!("the patch of power '{target}' needs exactly 'flags = [...]'")));
    }
    let mut found = false;
    for piece in pieces_mut(table, key)?.iter_mut().filter_map(|p| p.as_table_mut()) {
        let Some(powers) = piece.get_mut("powers").and_then(|x| x.as_array_mut()) else { continue };
        for p in powers.iter_mut() {
            let Some(text) = p.as_str() else { continue };
            let mut call = PowerCall::parse(text).map_err(|m| option_err(key, m.to_string()))?;
            if call.is(&target) {
                for f in &flags {
                    call.add_flag(f);
                }
                *p = toml::Value::String(call.to_string());
                found = true;
            }
        }
    }
    if !found {
        return Err(option_err(key, format!("no piece has the power '{target}'")));
    }
    Ok(())
}

/// Every `requires` names a declared option.
fn check_requires(table: &toml::Table, declared: &[toml::Value]) -> Result<(), VariantError> {
    let pieces = table.get("piece").and_then(|x| x.as_array()).map(Vec::as_slice).unwrap_or_default();
    for p in pieces {
        let Some(o) = p.get("requires").and_then(|x| x.as_str()) else { continue };
        if !declared.iter().any(|d| d.get(KEY).and_then(|x| x.as_str()) == Some(o)) {
            let id = p.get("id").and_then(|x| x.as_str()).unwrap_or("?");
            let game = table.get("name").and_then(|x| x.as_str()).unwrap_or("?").to_string();
            return Err(VariantError::Game {
                game,
                message: format!("piece '{id}': 'requires' names '{o}', which no [[option]] declares"),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::variant::{PromotionRule, Variant};

    /// Chu's data file with one more option, `zone_rule`, whose `set` list is `set`.
    fn chu_with(set: &str) -> String {
        let chu = include_str!("defs/chu.toml");
        format!("{chu}\n[[option]]\nkey = \"zone_rule\"\ndefault = false\nvalue = true\nset = [{set}]\n")
    }

    fn on() -> [(String, String); 1] {
        [("zone_rule".to_string(), "on".to_string())]
    }

    /// `{ promotion = { KEY = VALUE } }` sets keys of `[promotion]` when the option is chosen,
    /// and its values are checked as the file's own are.
    #[test]
    fn a_patch_sets_keys_of_the_promotion_table() {
        let text = chu_with(r#"{ promotion = { rule = "start-or-end", zone = 3 } }"#);
        let default = Variant::from_toml_with(&text, &[]).unwrap();
        assert_eq!((default.promotion.rule, default.promotion.zone), (PromotionRule::ShogiEntry, 4));
        let chosen = Variant::from_toml_with(&text, &on()).unwrap();
        assert_eq!((chosen.promotion.rule, chosen.promotion.zone), (PromotionRule::StartOrEnd, 3));
        assert!(Variant::from_toml_with(&chu_with(r#"{ promotion = { rule = "anywhere" } }"#), &on()).is_err());
        let err = Variant::from_toml_with(&chu_with(r#"{ promotion = "start-or-end" }"#), &on()).unwrap_err();
        assert!(err.to_string().contains("zone_rule") && err.to_string().contains("promotion = {"), "{err}");
    }
}
