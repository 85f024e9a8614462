//! The USI dialect as lishogi speaks it for large shogi games: `USI_Variant`, traditional
//! squares (`12l`), three-square lion moves, SFEN with `b` = sente = our first player, byoyomi,
//! `bestmove resign` / `win`. Only shogi-style games are offered (`shared/PROTOCOLS.md`).

use super::engine::{budget, Engine, InfoFormatter, MAX_HASH_MB, MAX_MULTIPV, MAX_OVERHEAD_MS, MAX_THREADS};
use super::squares::{move_to_usi, parse_usi_square_prefix, usi_move_to_ours};
use super::uci::{check, info_line, parse_go, parse_setoption, spin, Go};
use super::{split_command, Dialect, Flow, HeldBestmove, Out, ENGINE_AUTHOR, ENGINE_NAME};
use crate::game::Game;
use crate::geometry::Color;
use crate::notation::parse_move;
use crate::position::Position;
use crate::rules::outcome::Outcome;
use crate::search::Info;
use crate::variant::{FenField, Orientation, PromotionText};
use std::sync::Arc;

/// Whether a game is offered over USI: as its data file says (`[protocols] usi`), or, where it
/// says nothing, if it is shogi-style (turned setup, `+` promotion).
pub fn is_shogi_style(v: &Game) -> bool {
    v.protocols.usi.unwrap_or(v.rules.orientation == Orientation::Rotate && v.promotion.text == PromotionText::Plus)
}

/// Converts a SFEN (`board b|w [counter-strike|hands] [move number]`) to our FEN for `v`.
/// Sente (`b`) is our first player (`w`); the SFEN move number counts plies from 1.
pub fn sfen_to_fen(v: &Game, sfen: &str) -> Result<String, String> {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    let Some(board) = f.first() else {
        return Err("empty SFEN".into());
    };
    let side = match f.get(1) {
        None | Some(&"b") => Color::White,
        Some(&"w") => Color::Black,
        Some(other) => return Err(format!("SFEN side to move '{other}' is not 'b' (sente) or 'w' (gote)")),
    };
    if f.len() > 4 {
        return Err(format!("SFEN has {} fields; at most 4 are allowed", f.len()));
    }
    let counter = match f.get(2) {
        None | Some(&"-") => "-".to_string(),
        Some(t) if t.starts_with(|c: char| c.is_ascii_digit()) => {
            let (sq, n) = parse_usi_square_prefix(&v.shape, t)?;
            if n != t.len() {
                return Err(format!("SFEN field 3 '{t}' is not a square"));
            }
            v.shape.name(sq)
        }
        Some(t) => {
            v.shape.parse_square(t).map_err(|e| format!("SFEN field 3 '{t}': {e}"))?;
            t.to_string()
        }
    };
    let ply: u32 = match f.get(3) {
        None => 1,
        Some(t) => t.parse().map_err(|_| format!("SFEN move number '{t}' is not a number"))?,
    };
    let fullmove = (ply.max(1) - 1) / 2 + 1;
    let mut fen = format!("{board} {}", side.fen_char());
    for field in &v.fen.fields {
        fen.push(' ');
        match field {
            FenField::CounterStrike => fen.push_str(&counter),
            FenField::Fullmove => fen.push_str(&fullmove.to_string()),
            FenField::Halfmove => fen.push('0'),
            FenField::EnPassant | FenField::LeapRights => fen.push('-'),
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

/// A USI session.
pub struct Usi {
    e: Engine,
    out: Out,
    /// `bestmove` held back while pondering or searching infinitely.
    held: HeldBestmove<Go>,
}

impl Usi {
    pub fn new(mut e: Engine, out: Out) -> Usi {
        if !is_shogi_style(e.variant()) {
            if let Some(v) = shogi_names(&e).first().and_then(|n| e.find_variant(n).ok()) {
                e.new_game(&v);
            }
        }
        Usi { e, out, held: HeldBestmove::new() }
    }

    fn error(&self, msg: &str) {
        self.out.line(&format!("info string error: {msg}"));
    }

    fn id(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {ENGINE_AUTHOR}"));
        let vars: Vec<String> = shogi_names(&self.e).iter().map(|n| format!("var {n}")).collect();
        let o = &self.e.opts;
        self.out.line(&format!(
            "option name USI_Variant type combo default {} {}",
            self.e.variant().name,
            vars.join(" ")
        ));
        self.out.line(&format!("option name USI_Hash type spin default {} min 1 max {MAX_HASH_MB}", o.hash_mb));
        self.out.line(&format!("option name USI_Ponder type check default {}", o.ponder));
        self.out.line(&format!("option name Threads type spin default {} min 1 max {MAX_THREADS}", o.threads));
        self.out.line(&format!("option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}", o.multipv));
        self.out.line(&format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_OVERHEAD_MS}",
            o.overhead_ms
        ));
        self.out.line("option name Clear Hash type button");
        self.out.line("usiok");
    }

    fn setoption(&mut self, args: &str) -> Result<(), String> {
        let (name, value) = parse_setoption(args)?;
        let v = value.as_deref();
        match name.to_ascii_lowercase().as_str() {
            "usi_variant" => {
                let var = self.e.find_variant(v.ok_or("option 'USI_Variant' needs a value")?)?;
                if !is_shogi_style(&var) {
                    return Err(format!(
                        "'{}' is not a shogi game; USI offers {}",
                        var.name,
                        shogi_names(&self.e).join(", ")
                    ));
                }
                self.e.new_game(&var);
            }
            "usi_hash" | "hash" => self.e.set_hash(spin(&name, v, 1, MAX_HASH_MB as i64)? as usize),
            "usi_ponder" => self.e.opts.ponder = check(&name, v)?,
            "threads" => self.e.set_threads(spin(&name, v, 1, MAX_THREADS as i64)? as usize),
            "multipv" => self.e.opts.multipv = spin(&name, v, 1, MAX_MULTIPV as i64)? as usize,
            "move overhead" => self.e.opts.overhead_ms = spin(&name, v, 0, MAX_OVERHEAD_MS as i64)? as u64,
            "clear hash" => self.e.clear_hash(),
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn position(&mut self, args: &str) -> Result<(), String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &words[0..0]),
        };
        let v = Arc::clone(self.e.variant());
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"startpos") => return Err(format!("unexpected '{}' after startpos", head[1..].join(" "))),
            Some(&"sfen") if head.len() > 1 => Some(sfen_to_fen(&v, &head[1..].join(" "))?),
            Some(&"sfen") => return Err("'position sfen' needs a SFEN".into()),
            Some(other) => return Err(format!("expected 'startpos' or 'sfen', not '{other}'")),
            None => return Err("expected 'position startpos|sfen <SFEN> [moves ...]'".into()),
        };
        let shape = v.shape;
        self.e.set_position(&v, fen.as_deref(), moves, &mut |p: &mut Position, t: &str| {
            let ours = usi_move_to_ours(&shape, t)?;
            parse_move(p, &ours).map_err(|e| e.to_string())
        })
    }

    fn formatter(&self, multipv: usize) -> InfoFormatter {
        let root = self.e.game.pos.clone();
        Box::new(move |i: &Info| {
            let mut p = root.clone();
            let mut pv = Vec::new();
            for &m in &i.pv {
                pv.push(move_to_usi(&mut p, m));
                p.make(m);
            }
            Some(info_line(i, multipv, &pv.join(" ")))
        })
    }

    /// `bestmove` for a finished game: `win` if the side to move has won, else `resign`.
    fn game_over_line(&self, o: Outcome) -> String {
        match o {
            Outcome::Win { winner, .. } if winner == self.e.game.pos.side() => "bestmove win".into(),
            _ => "bestmove resign".into(),
        }
    }

    fn go(&mut self, args: &str) -> Result<(), String> {
        let g = parse_go(args)?;
        if self.e.is_searching() {
            return Err("already searching (send 'stop' first)".into());
        }
        if g.mate.is_some() {
            self.out.line("checkmate notimplemented");
            return Ok(());
        }
        self.held.drop_line();
        if let Some(o) = self.e.game.outcome() {
            self.out.line(&format!("info string game over: {o}"));
            self.out.line(&self.game_over_line(o));
            return Ok(());
        }
        // USI: btime is sente's clock, and sente is our first player ("white").
        let white = self.e.game.pos.side() == Color::White;
        let swapped = Go { wtime: g.btime, btime: g.wtime, winc: g.binc, binc: g.winc, ..g.clone() };
        let mut limits = swapped.limits(white, self.e.opts.overhead_ms);
        if g.ponder {
            limits.infinite = true;
        }
        self.held.start(g.infinite || g.ponder, if g.ponder { Some(swapped) } else { None });
        let mpv = self.e.opts.multipv;
        let fmt = self.formatter(mpv);
        self.e.start_search(limits, mpv, fmt);
        Ok(())
    }

    fn ponderhit(&mut self) {
        let g = match self.held.ponderhit(&self.out) {
            Err(()) => {
                self.error("'ponderhit' without a ponder search");
                return;
            }
            Ok(None) => return,
            Ok(Some(g)) => g,
        };
        let Some(id) = self.e.running_id() else { return };
        let white = self.e.game.pos.side() == Color::White;
        let mut limits = g.limits(white, self.e.opts.overhead_ms);
        limits.infinite = false;
        if let Some(t) = budget(&limits) {
            self.e.arm_deadline(id, t);
        }
    }
}

fn shogi_names(e: &Engine) -> Vec<String> {
    e.variant_names().into_iter().filter(|n| e.find_variant(n).map(|v| is_shogi_style(&v)).unwrap_or(false)).collect()
}

impl Dialect for Usi {
    fn line(&mut self, line: &str) -> Flow {
        let (cmd, args) = split_command(line);
        let r: Result<(), String> = match cmd {
            "" => Ok(()),
            "usi" => {
                self.id();
                Ok(())
            }
            "isready" => {
                self.out.line("readyok");
                Ok(())
            }
            "setoption" => self.setoption(args),
            "usinewgame" => {
                let v = Arc::clone(self.e.variant());
                self.e.new_game(&v);
                self.held.drop_line();
                Ok(())
            }
            "position" => {
                if self.e.is_searching() {
                    Err("'position' while searching (send 'stop' first)".into())
                } else {
                    self.position(args)
                }
            }
            "go" => self.go(args),
            "stop" => {
                self.held.release(&self.out);
                self.e.stop();
                Ok(())
            }
            "ponderhit" => {
                self.ponderhit();
                Ok(())
            }
            "gameover" => {
                self.e.abort();
                self.held.clear();
                match args {
                    "win" | "lose" | "draw" => Ok(()),
                    other => Err(format!("'gameover' expects win, lose or draw, not '{other}'")),
                }
            }
            "d" => {
                self.out.line(&format!("info string sfen {}", position_to_sfen(&self.e.game.pos)));
                Ok(())
            }
            "quit" => return Flow::Quit,
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(msg) = r {
            self.error(&format!("{msg} (in '{}')", line.trim()));
        }
        Flow::Continue
    }

    fn search_finished(&mut self, id: u64) -> Flow {
        let Some(mut f) = self.e.finish(id) else { return Flow::Continue };
        let line = match f.result.best {
            None => "bestmove resign".to_string(),
            Some(b) => {
                let mut s = format!("bestmove {}", move_to_usi(&mut f.root, b));
                if let (Some(p), true) = (f.result.ponder, self.e.opts.ponder) {
                    let mut after = f.root.clone();
                    after.make(b);
                    s.push_str(&format!(" ponder {}", move_to_usi(&mut after, p)));
                }
                s
            }
        };
        self.held.finished(&self.out, line);
        Flow::Continue
    }

    fn deadline(&mut self, id: u64) {
        self.e.stop_id(id);
    }

    fn shutdown(&mut self) {
        // A search still running is stopped and its move reported, as after `stop`.
        if let Some(id) = self.e.running_id() {
            self.held.clear();
            self.e.stop();
            self.search_finished(id);
        }
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
