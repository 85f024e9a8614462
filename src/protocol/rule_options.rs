//! The games' rule options (`[[option]]` tables: Chu's `rules=lishogi`, Tai's piece options) as
//! protocol options, shared by every dialect.
//!
//! A GUI sets its options once, at start-up, usually before it names the game (XBoard sends
//! `option` lines before `variant`; a lishogi bot may send `rules` before `USI_Variant`). So the
//! engine offers the rule options of every built-in game, remembers each one set, and applies it
//! to whichever game declares it, now or when that game is chosen later.

use super::engine::Engine;
use super::error::{CmdResult, CommandError, Refusal, Usage};
use crate::game::Game as Compiled;
use crate::variant::Variant;
use std::sync::Arc;

/// A rule option as the protocols offer it: its key and its values, the first game's default
/// first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offered {
    pub key: String,
    pub values: Vec<String>,
    /// The built-in games that declare it; a value is checked by the first.
    pub games: Vec<&'static str>,
}

/// The rule options of all built-in games, merged by key (case-insensitive), in list order.
pub fn offered() -> Vec<Offered> {
    let mut out: Vec<Offered> = Vec::new();
    for (game, c) in Variant::builtin_rule_choices() {
        let i = match out.iter().position(|o| o.key.eq_ignore_ascii_case(&c.key)) {
            Some(i) => i,
            None => {
                out.push(Offered { key: c.key.clone(), values: Vec::new(), games: Vec::new() });
                out.len() - 1
            }
        };
        out[i].games.push(game);
        for v in [c.default, c.value] {
            if !out[i].values.contains(&v) {
                out[i].values.push(v);
            }
        }
    }
    out
}

impl Engine {
    /// The value of rule option `o` now: the one set, else the current game's default if it
    /// declares the option, else the first game's default.
    fn rule_value_now(&self, o: &Offered) -> String {
        if let Some((_, v)) = self.rule_options.iter().find(|(k, _)| k.eq_ignore_ascii_case(&o.key)) {
            return v.clone();
        }
        let here = self.variant().variant.rule_choices.iter().find(|c| c.key == o.key);
        here.map_or_else(|| o.values[0].clone(), |c| c.default.clone())
    }

    /// The rule options of the games `offers` accepts (by name), with their value now, as (key,
    /// value now, all values).
    pub fn rule_option_values(&self, offers: impl Fn(&str) -> bool) -> Vec<(String, String, Vec<String>)> {
        offered()
            .into_iter()
            .filter(|o| o.games.iter().any(|g| offers(g)))
            .map(|o| (o.key.clone(), self.rule_value_now(&o), o.values))
            .collect()
    }

    /// The option lines of the rule options in the UCI and USI form: combos.
    pub fn rule_option_lines(&self) -> Vec<String> {
        self.rule_option_values(|_| true)
            .into_iter()
            .map(|(key, now, values)| {
                let vars: Vec<String> = values.iter().map(|v| format!("var {v}")).collect();
                format!("option name {key} type combo default {now} {}", vars.join(" "))
            })
            .collect()
    }

    /// Sets the rule option `key` of any built-in game; if the current game declares it, starts
    /// a new game of it under the new rules. `None` if no game has such an option.
    pub fn set_rule_option(&mut self, key: &str, value: Option<&str>) -> Option<CmdResult> {
        let o = offered().into_iter().find(|o| o.key.eq_ignore_ascii_case(key.trim()))?;
        let Some(value) = value.map(str::trim).filter(|x| !x.is_empty()) else {
            return Some(Err(Usage::OptionNeedsValue(o.key.clone()).into()));
        };
        // The value is checked by the data file that declares it (`on`, `true` and `yes` are one).
        if let Err(e) = Variant::builtin_with(o.games[0], &[(o.key.clone(), value.to_string())]) {
            return Some(Err(Usage::RuleOption(e).into()));
        }
        let before = std::mem::take(&mut self.rule_options);
        self.rule_options = before.iter().filter(|(k, _)| *k != o.key).cloned().collect();
        self.rule_options.push((o.key.clone(), value.to_string()));
        let v = Arc::clone(self.variant());
        if !v.variant.rule_choices.iter().any(|c| c.key == o.key) {
            return Some(Ok(()));
        }
        match self.find_variant(&v.variant.name).and_then(|b| self.with_rule_options(&b)) {
            Ok(g) => {
                self.new_game(&g);
                self.forget_position("for these rules");
                Some(Ok(()))
            }
            Err(e) => {
                self.rule_options = before;
                Some(Err(e))
            }
        }
    }

    /// The game `v` with the rule options set that it declares (`v` itself if none).
    pub fn with_rule_options(&self, v: &Arc<Compiled>) -> CmdResult<Arc<Compiled>> {
        let opts: Vec<(String, String)> = self
            .rule_options
            .iter()
            .filter(|(k, _)| v.variant.rule_choices.iter().any(|c| &c.key == k))
            .cloned()
            .collect();
        if opts.is_empty() {
            return Ok(Arc::clone(v));
        }
        if self.user_variants.iter().any(|u| Arc::ptr_eq(u, v)) {
            return Err(Refusal::RuleOptionsOnFile(v.variant.name.clone()).into());
        }
        Compiled::builtin_with(&v.variant.name, &opts).map_err(CommandError::refused)
    }
}

#[cfg(test)]
mod tests {
    use super::offered;

    /// The Dai and Tenjiku rule options are offered, with their values, default first
    /// (docs/rules/dai.md §11, docs/rules/tenjiku.md §10).
    #[test]
    fn the_dai_and_tenjiku_options_are_offered() {
        let all = offered();
        let find = |key: &str| all.iter().find(|o| o.key == key).unwrap_or_else(|| panic!("{key} is not offered"));
        assert_eq!(find("promote_in_zone").games, ["dai", "tenjiku"]);
        assert_eq!(find("promote_in_zone").values, ["off", "on"]);
        assert_eq!(find("promote_on_entry").values, ["on", "off"]);
        for key in ["pawn_last_rank_promotion", "promote_on_entry", "mate_ends_game", "bare_king_jcsa"] {
            assert_eq!(find(key).games, ["dai"], "{key}");
        }
    }
}
