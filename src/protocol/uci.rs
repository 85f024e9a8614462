//! The UCI dialect (Fairy-Stockfish style variant extensions): `UCI_Variant`, `VariantPath`,
//! `info string variant ...`, positions and moves in our notation. The command loop is the
//! one UCI and USI share ([`super::uci_usi`]); this file is what only UCI says.

use super::engine::{max_hash_mb, Engine};
use super::error::{CmdResult, CommandError, Usage};
use super::options::{check, spin};
use super::uci_usi::Flavor;
use super::Out;
use crate::game::Game;
use crate::moves::Move;
use crate::notation::{format_move, parse_move};
use crate::position::Position;
use crate::rules::outcome::Outcome;

/// UCI's words.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uci;

fn announce_variant(e: &Engine, out: &Out) {
    let v = e.variant();
    out.line(&format!(
        "info string variant {} files {} ranks {} startpos {}",
        v.name, v.shape.files, v.shape.ranks, v.start_fen
    ));
}

fn set_variant(e: &mut Engine, out: &Out, v: Option<&str>) -> CmdResult {
    let var = e.find_variant(v.ok_or_else(|| CommandError::from(Usage::OptionNeedsValue("UCI_Variant".into())))?)?;
    let var = e.with_rule_options(&var)?;
    e.new_game(&var);
    e.forget_position("for this game");
    announce_variant(e, out);
    Ok(())
}

fn variant_path(e: &mut Engine, out: &Out, v: Option<&str>) -> CmdResult {
    let path = v.unwrap_or("").trim();
    if path.is_empty() || path == "<empty>" {
        return Ok(());
    }
    let names = e.load_variant_path(path)?;
    out.line(&format!("info string loaded {}", names.join(" ")));
    Ok(())
}

impl Flavor for Uci {
    fn hello(&self) -> &'static str {
        "uci"
    }

    fn new_game_command(&self) -> &'static str {
        "ucinewgame"
    }

    fn option_lines(&self, e: &Engine) -> Vec<String> {
        let vars: Vec<String> = e.variant_names().iter().map(|n| format!("var {n}")).collect();
        let o = &e.opts;
        vec![
            format!("option name UCI_Variant type combo default {} {}", e.variant().name, vars.join(" ")),
            "option name VariantPath type string default <empty>".into(),
            format!("option name Hash type spin default {} min 1 max {}", o.hash_mb, max_hash_mb()),
            format!("option name Ponder type check default {}", o.ponder),
            format!("option name OwnBook type check default {}", o.own_book),
            format!("option name BookFile type string default {}", e.book_file().unwrap_or("<empty>")),
        ]
    }

    fn setoption(&self, e: &mut Engine, out: &Out, name: &str, v: Option<&str>) -> Option<CmdResult> {
        let r = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => set_variant(e, out, v),
            "variantpath" => variant_path(e, out, v),
            "hash" => spin(name, v, 1, max_hash_mb() as i64).and_then(|n| e.set_hash(n as u64)),
            "ponder" => check(name, v).map(|b| e.opts.ponder = b),
            "ownbook" => check(name, v).map(|b| e.opts.own_book = b),
            "bookfile" => e.set_book_file(v),
            _ => return None,
        };
        Some(r)
    }

    fn fen_word(&self) -> &'static str {
        "fen"
    }

    fn to_fen(&self, _v: &Game, text: &str) -> CmdResult<String> {
        Ok(text.to_string())
    }

    fn read_move(&self, pos: &mut Position, text: &str) -> CmdResult<Move> {
        parse_move(pos, text).map_err(CommandError::refused)
    }

    fn move_text(&self, pos: &mut Position, m: Move) -> String {
        format_move(pos.game(), m)
    }

    fn game_over_line(&self, _pos: &Position, _o: Outcome) -> String {
        "bestmove (none)".into()
    }

    fn no_move_line(&self) -> &'static str {
        "bestmove (none)"
    }

    fn show(&self, pos: &Position) -> String {
        format!("info string fen {}", pos.to_fen())
    }
}
