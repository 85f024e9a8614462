//! The USI dialect as lishogi speaks it for large shogi games: `USI_Variant`, traditional
//! squares (`12l`), three-square lion moves, SFEN with `b` = sente = our first player, byoyomi,
//! `bestmove resign` / `win`. Only shogi-style games are offered. The command loop is the one
//! UCI and USI share ([`super::uci_usi`]); this file is what only USI says.

use super::engine::{max_hash_mb, Engine};
use super::error::{CmdResult, CommandError, Refusal, Usage};
use super::options::{check, spin};
use super::squares::{move_to_usi, parse_usi_square_prefix, usi_move_to_ours};
use super::uci_usi::Flavor;
use super::Out;
use crate::game::Game;
use crate::geometry::Color;
use crate::moves::Move;
use crate::notation::parse_move;
use crate::position::Position;
use crate::rules::outcome::Outcome;
use crate::variant::{FenField, Orientation, PromotionText};

/// Whether a game is offered over USI: as its data file says (`[protocols] usi`), or, where it
/// says nothing, if it is shogi-style (turned setup, `+` promotion).
pub fn is_shogi_style(v: &Game) -> bool {
    v.protocols.usi.unwrap_or(v.rules.orientation == Orientation::Rotate && v.promotion.text == PromotionText::Plus)
}

/// Converts a SFEN (`board b|w [counter-strike|hands] [move number]`) to our FEN for `v`.
/// Sente (`b`) is our first player (`w`); the SFEN move number counts plies from 1.
pub fn sfen_to_fen(v: &Game, sfen: &str) -> CmdResult<String> {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    let Some(board) = f.first() else {
        return Err(Usage::EmptySfen.into());
    };
    let side = match f.get(1) {
        None | Some(&"b") => Color::White,
        Some(&"w") => Color::Black,
        Some(other) => return Err(Usage::SfenSide(other.to_string()).into()),
    };
    if f.len() > 4 {
        return Err(Usage::SfenFields(f.len()).into());
    }
    let counter = match f.get(2) {
        None | Some(&"-") => "-".to_string(),
        Some(t) if t.starts_with(|c: char| c.is_ascii_digit()) => {
            let (sq, n) = parse_usi_square_prefix(&v.shape, t)?;
            if n != t.len() {
                return Err(Usage::SfenCounterNotSquare(t.to_string()).into());
            }
            v.shape.name(sq)
        }
        Some(t) => {
            v.shape
                .parse_square(t)
                .map_err(|error| CommandError::from(Usage::SfenCounter { text: t.to_string(), error }))?;
            t.to_string()
        }
    };
    let ply: u32 = match f.get(3) {
        None => 1,
        Some(t) => t.parse().map_err(|_| CommandError::from(Usage::SfenMoveNumber(t.to_string())))?,
    };
    let fullmove = (ply.max(1) - 1) / 2 + 1;
    let mut fen = format!("{board} {}", side.fen_char());
    for field in &v.fen.fields {
        fen.push(' ');
        match field {
            FenField::CounterStrike => fen.push_str(&counter),
            FenField::Fullmove => fen.push_str(&fullmove.to_string()),
            FenField::Halfmove => fen.push('0'),
            FenField::EnPassant | FenField::LeapRights | FenField::CastlingRights => fen.push('-'),
        }
    }
    Ok(fen)
}

/// The SFEN of `pos`: our board, `b` for sente (our first player), the counter-strike square
/// in USI squares or `-`, and the ply number from 1.
pub fn position_to_sfen(pos: &Position) -> String {
    let v = pos.game();
    let side = if pos.side() == Color::White { 'b' } else { 'w' };
    let cs = match pos.counter_strike() {
        Some(sq) => super::squares::usi_square(&v.shape, sq),
        None => "-".into(),
    };
    let ply = 2 * (pos.fullmove_number().max(1) - 1) + u32::from(pos.side() == Color::Black) + 1;
    format!("{} {side} {cs} {ply}", pos.board_fen())
}

/// USI's words.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usi;

fn shogi_names(e: &Engine) -> Vec<String> {
    e.variant_names().into_iter().filter(|n| e.find_variant(n).is_ok_and(|v| is_shogi_style(&v))).collect()
}

fn set_variant(e: &mut Engine, v: Option<&str>) -> CmdResult {
    let var = e.find_variant(v.ok_or_else(|| CommandError::from(Usage::OptionNeedsValue("USI_Variant".into())))?)?;
    let var = e.with_rule_options(&var)?;
    if !is_shogi_style(&var) {
        return Err(Refusal::NotShogi { game: var.name.clone(), offered: shogi_names(e) }.into());
    }
    e.new_game(&var);
    e.forget_position("for this game");
    Ok(())
}

impl Flavor for Usi {
    fn hello(&self) -> &'static str {
        "usi"
    }

    fn new_game_command(&self) -> &'static str {
        "usinewgame"
    }

    fn init(&self, e: &mut Engine) {
        if !is_shogi_style(e.variant()) {
            if let Some(v) = shogi_names(e).first().and_then(|n| e.find_variant(n).ok()) {
                e.new_game(&v);
            }
        }
    }

    fn option_lines(&self, e: &Engine) -> Vec<String> {
        let vars: Vec<String> = shogi_names(e).iter().map(|n| format!("var {n}")).collect();
        let o = &e.opts;
        vec![
            format!("option name USI_Variant type combo default {} {}", e.variant().name, vars.join(" ")),
            format!("option name USI_Hash type spin default {} min 1 max {}", o.hash_mb, max_hash_mb()),
            format!("option name USI_Ponder type check default {}", o.ponder),
            format!("option name USI_OwnBook type check default {}", o.own_book),
            format!("option name USI_BookFile type string default {}", e.book_file().unwrap_or("<empty>")),
        ]
    }

    fn setoption(&self, e: &mut Engine, _out: &Out, name: &str, v: Option<&str>) -> Option<CmdResult> {
        let r = match name.to_ascii_lowercase().as_str() {
            "usi_variant" => set_variant(e, v),
            "usi_hash" | "hash" => spin(name, v, 1, max_hash_mb() as i64).and_then(|n| e.set_hash(n as u64)),
            "usi_ponder" => check(name, v).map(|b| e.opts.ponder = b),
            "usi_ownbook" | "ownbook" => check(name, v).map(|b| e.opts.own_book = b),
            "usi_bookfile" | "bookfile" => e.set_book_file(v),
            _ => return None,
        };
        Some(r)
    }

    fn fen_word(&self) -> &'static str {
        "sfen"
    }

    fn to_fen(&self, v: &Game, text: &str) -> CmdResult<String> {
        sfen_to_fen(v, text)
    }

    fn read_move(&self, pos: &mut Position, text: &str) -> CmdResult<Move> {
        let ours = usi_move_to_ours(&pos.game().shape, text)?;
        parse_move(pos, &ours).map_err(CommandError::refused)
    }

    fn move_text(&self, pos: &mut Position, m: Move) -> String {
        move_to_usi(pos, m)
    }

    /// `win` if the side to move has won, else `resign`.
    fn game_over_line(&self, pos: &Position, o: Outcome) -> String {
        match o {
            Outcome::Win { winner, .. } if winner == pos.side() => "bestmove win".into(),
            _ => "bestmove resign".into(),
        }
    }

    fn no_move_line(&self) -> &'static str {
        "bestmove resign"
    }

    fn swaps_clocks(&self) -> bool {
        true
    }

    fn show(&self, pos: &Position) -> String {
        format!("info string sfen {}", position_to_sfen(pos))
    }

    fn go_mate(&self, out: &Out) -> bool {
        out.line("checkmate notimplemented");
        true
    }

    fn command(&self, e: &mut Engine, cmd: &str, args: &str) -> Option<CmdResult> {
        if cmd != "gameover" {
            return None;
        }
        e.abort();
        Some(match args {
            "win" | "lose" | "draw" => Ok(()),
            other => Err(Usage::GameoverWord(other.to_string()).into()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_side_b_is_our_first_player() {
        let v = Game::builtin("chu").unwrap();
        let board = v.start_fen.split_whitespace().next().unwrap();
        assert_eq!(sfen_to_fen(&v, &format!("{board} b - 1")).unwrap(), format!("{board} w - 1"));
        assert_eq!(sfen_to_fen(&v, &format!("{board} w - 4")).unwrap(), format!("{board} b - 2"));
        assert_eq!(sfen_to_fen(&v, &format!("{board} w 7f 2")).unwrap(), format!("{board} b f7 1"));
        assert!(sfen_to_fen(&v, &format!("{board} x - 1")).is_err());
        let fen = sfen_to_fen(&v, &format!("{board} w - 4")).unwrap();
        assert_eq!(position_to_sfen(&Position::from_fen(&v, &fen).unwrap()), format!("{board} w - 4"));
        assert!(sfen_to_fen(&v, &format!("{board} b - z")).is_err());
    }
}
