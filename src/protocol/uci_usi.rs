//! The command loop UCI and USI share: `isready`, `setoption`, the new-game command,
//! `position`, `go`, `stop`, `ponderhit`, `d`, `quit`, and the search's answers. What differs
//! (squares, SFEN, option names, the game-over answer) is the dialect's [`Flavor`].

use super::engine::{budget, set_common_option, Engine, InfoFormatter, Options};
use super::engine::{MAX_MULTIPV, MAX_OVERHEAD_MS, MAX_THREADS};
use super::error::{echo, message, CmdResult, CommandError, Usage};
use super::go::{info_line, parse_go, Go};
use super::options::parse_setoption;
use super::{split_command, Dialect, Flow, HeldBestmove, Out, ENGINE_AUTHOR, ENGINE_NAME};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::outcome::Outcome;
use crate::search::Info;
use std::sync::Arc;

/// The answer to `go` when there is no valid position: UCI's null move (USI has none of its
/// own; `resign` and `win` are answers about a position, so USI uses the same).
pub const NULL_BESTMOVE: &str = "bestmove 0000";

/// What UCI and USI do differently.
pub trait Flavor: Clone + Send + 'static {
    /// The greeting command (`uci`, `usi`); the answer is it plus `ok`.
    fn hello(&self) -> &'static str;
    /// The new-game command (`ucinewgame`, `usinewgame`).
    fn new_game_command(&self) -> &'static str;
    /// Prepares a new session's engine (USI switches to a shogi game).
    fn init(&self, _e: &mut Engine) {}
    /// The `option` lines of the greeting for the dialect's own options (the common ones
    /// follow them).
    fn option_lines(&self, e: &Engine) -> Vec<String>;
    /// Handles an option of the dialect's own; `None` when `name` is none of them.
    fn setoption(&self, e: &mut Engine, out: &Out, name: &str, value: Option<&str>) -> Option<CmdResult>;
    /// The word before a position in `position` (`fen`, `sfen`).
    fn fen_word(&self) -> &'static str;
    /// Our FEN of a position in the dialect's text.
    fn to_fen(&self, v: &Game, text: &str) -> CmdResult<String>;
    /// Reads one move of a `position ... moves` list.
    fn read_move(&self, pos: &mut Position, text: &str) -> CmdResult<Move>;
    /// The dialect's text of `m`, legal in `pos`.
    fn move_text(&self, pos: &mut Position, m: Move) -> String;
    /// The `bestmove` line of a finished game.
    fn game_over_line(&self, pos: &Position, o: Outcome) -> String;
    /// The `bestmove` line when the search found no move.
    fn no_move_line(&self) -> &'static str;
    /// Whether `btime` is our first player's clock (USI: sente is black there).
    fn swaps_clocks(&self) -> bool {
        false
    }
    /// The answer to `d`.
    fn show(&self, pos: &Position) -> String;
    /// `go mate`: `true` when the dialect answered it itself (USI's tsume search).
    fn go_mate(&self, _out: &Out) -> bool {
        false
    }
    /// A command of the dialect's own; `None` when `cmd` is none.
    fn command(&self, _e: &mut Engine, _cmd: &str, _args: &str) -> Option<CmdResult> {
        None
    }
}

/// A UCI or USI session.
pub struct Session<F: Flavor> {
    e: Engine,
    out: Out,
    /// `bestmove` held back while pondering or searching infinitely.
    held: HeldBestmove<Go>,
    flavor: F,
}

impl<F: Flavor> Session<F> {
    pub fn new(mut e: Engine, out: Out, flavor: F) -> Session<F> {
        flavor.init(&mut e);
        e.forget_position("yet");
        Session { e, out, held: HeldBestmove::new(), flavor }
    }

    fn error(&self, msg: &str) {
        self.out.line(&format!("info string error: {msg}"));
    }

    fn greet(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {ENGINE_AUTHOR}"));
        let lines = self.flavor.option_lines(&self.e).into_iter().chain(common_option_lines(&self.e.opts));
        for l in lines.chain(self.e.rule_option_lines()) {
            self.out.line(&l);
        }
        self.out.line(&format!("{}ok", self.flavor.hello()));
    }

    fn setoption(&mut self, args: &str) -> CmdResult {
        // An option may change the game or the engine under a running search, whose bestmove
        // would then be lost or about another game: the protocols forbid it, we refuse it.
        if self.e.is_searching() {
            return Err(CommandError::not_now("'setoption' while searching (send 'stop' first)"));
        }
        let (name, value) = parse_setoption(args)?;
        if let Some(r) = self.flavor.setoption(&mut self.e, &self.out, &name, value.as_deref()) {
            return r;
        }
        if let Some(r) = set_common_option(&mut self.e, &name, value.as_deref()) {
            return r;
        }
        match self.e.set_rule_option(&name, value.as_deref()) {
            Some(r) => r,
            None => Err(CommandError::UnknownOption(name)),
        }
    }

    fn position(&mut self, args: &str) -> CmdResult {
        if self.e.is_searching() {
            return Err(CommandError::not_now("'position' while searching (send 'stop' first)"));
        }
        let words: Vec<&str> = args.split_whitespace().collect();
        let (head, moves) = match words.iter().position(|w| *w == "moves") {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &words[0..0]),
        };
        let v = Arc::clone(self.e.variant());
        let fen = match position_fen(&self.flavor, &v, head) {
            Ok(f) => f,
            Err(e) => {
                self.e.no_position = Some(format!("no valid position: the last one was refused ({})", message(&e)));
                return Err(e);
            }
        };
        let flavor = &self.flavor;
        self.e.set_position(&v, fen.as_deref(), moves, &mut |p: &mut Position, t: &str| flavor.read_move(p, t))
    }

    fn formatter(&self, multipv: usize) -> InfoFormatter {
        let root = self.e.game.pos.clone();
        let flavor_text = move_texts(&self.flavor);
        Box::new(move |i: &Info| Some(info_line(i, multipv, &flavor_text(&root, &i.pv).join(" "))))
    }

    fn go(&mut self, args: &str) -> CmdResult {
        let g = parse_go(args)?;
        if self.e.is_searching() {
            return Err(CommandError::not_now("already searching (send 'stop' first)"));
        }
        if g.mate.is_some() && self.flavor.go_mate(&self.out) {
            return Ok(());
        }
        if let Err(e) = self.e.require_position() {
            if g.perft.is_none() {
                // An error, then the null move, so a GUI waiting for `bestmove` is answered.
                self.error(&e.to_string());
                self.out.line(NULL_BESTMOVE);
                return Ok(());
            }
            return Err(e);
        }
        if let Some(d) = g.perft {
            let flavor = self.flavor.clone();
            self.held.start(false, None);
            self.e.start_perft(d, Box::new(move |p: &mut Position, m| flavor.move_text(p, m)));
            return Ok(());
        }
        self.held.drop_line();
        if let Some(o) = self.e.game.outcome() {
            self.out.line(&format!("info string game over: {o}"));
            self.out.line(&self.flavor.game_over_line(&self.e.game.pos, o));
            return Ok(());
        }
        if !(g.infinite || g.ponder || g.mate.is_some()) {
            let book_move = self.e.book_move().unwrap_or_else(|e| {
                self.error(&e.to_string());
                None
            });
            if let Some(c) = book_move {
                let text = self.flavor.move_text(&mut self.e.game.pos.clone(), c.mv);
                self.out.line(&format!("info string book move {text}{}", c.details()));
                self.out.line(&format!("bestmove {text}"));
                return Ok(());
            }
        }
        let g = if self.flavor.swaps_clocks() { g.clocks_swapped() } else { g };
        let mut limits = g.limits(self.e.game.pos.side(), self.e.opts.overhead_ms);
        if g.ponder {
            limits.infinite = true;
        }
        self.held.start(g.infinite || g.ponder, if g.ponder { Some(g.clone()) } else { None });
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
        let mut limits = g.limits(self.e.game.pos.side(), self.e.opts.overhead_ms);
        limits.infinite = false;
        match budget(&limits, &self.e.game.pos) {
            Some(t) => self.e.arm_deadline(id, t),
            None => {
                if g.depth.is_none() && g.nodes.is_none() && !g.infinite {
                    self.e.stop();
                }
            }
        }
    }

    fn bestmove_line(&self, root: &mut Position, best: Option<Move>, ponder: Option<Move>) -> String {
        let Some(b) = best else { return self.flavor.no_move_line().to_string() };
        let mut s = format!("bestmove {}", self.flavor.move_text(root, b));
        if let (Some(p), true) = (ponder, self.e.opts.ponder) {
            let mut after = root.clone();
            after.make(b);
            s.push_str(&format!(" ponder {}", self.flavor.move_text(&mut after, p)));
        }
        s
    }

    fn command(&mut self, cmd: &str, args: &str) -> CmdResult {
        if cmd == self.flavor.hello() {
            self.greet();
            return Ok(());
        }
        if cmd == self.flavor.new_game_command() {
            let v = Arc::clone(self.e.variant());
            self.e.new_game(&v);
            self.e.forget_position(&format!("since '{cmd}'"));
            self.e.clear_hash();
            self.held.drop_line();
            return Ok(());
        }
        match cmd {
            "" => Ok(()),
            "isready" => {
                self.out.line("readyok");
                Ok(())
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
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
            "d" => {
                self.e.require_position()?;
                self.out.line(&self.flavor.show(&self.e.game.pos));
                Ok(())
            }
            _ => {
                if cmd == "gameover" {
                    self.held.clear();
                }
                self.flavor.command(&mut self.e, cmd, args).unwrap_or(Err(CommandError::UnknownCommand(cmd.into())))
            }
        }
    }
}

/// The FEN a `position` head (`startpos`, `fen ...`, `sfen ...`) names; `None` = the start.
fn position_fen<F: Flavor>(f: &F, v: &Game, head: &[&str]) -> CmdResult<Option<String>> {
    let word = f.fen_word();
    match head.first() {
        Some(&"startpos") if head.len() == 1 => Ok(None),
        Some(&"startpos") => Err(Usage::AfterStartpos(head[1..].join(" ")).into()),
        Some(w) if *w == word && head.len() > 1 => Ok(Some(f.to_fen(v, &head[1..].join(" "))?)),
        Some(w) if *w == word => Err(Usage::PositionNeedsFen(word).into()),
        Some(other) => Err(Usage::PositionHead { word, found: other.to_string() }.into()),
        None => Err(Usage::PositionEmpty(word).into()),
    }
}

/// The `option` lines of the options every dialect offers under the same name.
fn common_option_lines(o: &Options) -> Vec<String> {
    vec![
        format!("option name Threads type spin default {} min 1 max {MAX_THREADS}", o.threads),
        format!("option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}", o.multipv),
        format!("option name Move Overhead type spin default {} min 0 max {MAX_OVERHEAD_MS}", o.overhead_ms),
        "option name Clear Hash type button".into(),
    ]
}

/// The dialect's texts of a line of moves from `root`.
fn move_texts<F: Flavor>(flavor: &F) -> impl Fn(&Position, &[Move]) -> Vec<String> + Send + 'static {
    let f = flavor.clone();
    move |root: &Position, pv: &[Move]| {
        let mut p = root.clone();
        pv.iter()
            .map(|&m| {
                let t = f.move_text(&mut p, m);
                p.make(m);
                t
            })
            .collect()
    }
}

impl<F: Flavor> Dialect for Session<F> {
    fn line(&mut self, line: &str) -> Flow {
        let (cmd, args) = split_command(line);
        if cmd == "quit" {
            return Flow::Quit;
        }
        if let Err(e) = self.command(cmd, args) {
            self.error(&format!("{} (in '{}')", message(&e), echo(line)));
        }
        Flow::Continue
    }

    fn search_finished(&mut self, id: u64) -> Flow {
        let Some(mut f) = self.e.finish(id) else { return Flow::Continue };
        let line = self.bestmove_line(&mut f.root, f.result.best, f.result.ponder);
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
