//! The XBoard / CECP dialect (protocol 2 with H.G. Muller's engine-defined variants): the
//! feature list, `setup` and `piece` lines, multi-leg moves in both directions, `lift` /
//! `put` / `hover` answered with `highlight` (`xboard/mouse.rs`), clocks (`xboard/clock.rs`),
//! analysis, and the engine as referee (`Illegal move (reason): MOVE`, `1-0 {reason}`).

mod clock;
mod mouse;

use super::engine::{set_common_option, Engine, InfoFormatter, MAX_MULTIPV, MAX_OVERHEAD_MS};
use super::error::{echo, message, CmdResult, CommandError, Refusal, Usage};
use super::options::check;
use super::xbetza::XbGame;
use super::{split_command, Dialect, Flow, Out, ENGINE_NAME};
use crate::game::Game;
use crate::geometry::Color;
use crate::moves::Move;
use crate::notation::parse_move;
use crate::position::Position;
use crate::record::GameResult;
use crate::rules::outcome::Outcome;
use crate::search::{Info, Limits, Score};
use clock::Clock;
use mouse::Lifted;
use std::collections::VecDeque;
use std::sync::Arc;

/// Largest board XBoard shows.
const MAX_XB_SIDE: u8 = 16;
/// The piece types XBoard can show (the standard edition's 66 piece images). Typhoon's 75
/// types exceed it, so XBoard sessions neither advertise nor accept it.
const MAX_XB_PIECE_TYPES: usize = 66;

/// The result line of a finished game: `1-0 {White wins: checkmate}`.
pub fn result_line(o: Outcome) -> String {
    format!("{} {{{}}}", GameResult::from(o), o.summary())
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// Our move: play it when done.
    Think,
    /// Analysis: only thinking output.
    Analyze,
}

/// How moves are written for this game: legs in XBoard squares, then the promotion suffix
/// (`+` for XBoard's shogi parent, otherwise the new piece's letter).
#[derive(Clone)]
struct MoveWriter {
    v: Arc<Game>,
    xb: XbGame,
}

impl MoveWriter {
    fn new(v: &Arc<Game>, xb: &XbGame) -> MoveWriter {
        MoveWriter { v: Arc::clone(v), xb: xb.clone() }
    }

    /// The legs of `m`, the promotion suffix on the last (`XbGame::move_legs`, shared with the
    /// match runner's XBoard client).
    fn legs(&self, m: Move) -> Vec<String> {
        self.xb.move_legs(&self.v, m)
    }
}

/// An XBoard session.
pub struct Xboard {
    e: Engine,
    out: Out,
    xb: XbGame,
    force: bool,
    engine_side: Color,
    analyze: bool,
    post: bool,
    purpose: Option<Purpose>,
    /// Lines that must wait until our move is sent (`ping`, moves, ...).
    pending: VecDeque<String>,
    clock: Clock,
    game_over: bool,
    lifted: Lifted,
}

impl Xboard {
    pub fn new(mut e: Engine, out: Out) -> Xboard {
        if !shown(e.variant()) {
            if let Some(v) = e.variant_names().iter().filter_map(|n| e.find_variant(n).ok()).find(|v| shown(v)) {
                e.new_game(&v);
            }
        }
        let xb = XbGame::new(e.variant());
        Xboard {
            e,
            out,
            xb,
            force: false,
            engine_side: Color::Black,
            analyze: false,
            post: false,
            purpose: None,
            pending: VecDeque::new(),
            clock: Clock::default(),
            game_over: false,
            lifted: Lifted::default(),
        }
    }

    fn features(&self) {
        let names: Vec<String> =
            self.e.variant_names().into_iter().filter(|n| self.e.find_variant(n).is_ok_and(|v| shown(&v))).collect();
        self.out.line("feature done=0");
        self.out.line(&format!(
            "feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=1 colors=0 memory=1 smp=1 highlight=1 debug=1 myname=\"{ENGINE_NAME}\" variants=\"{}\"",
            names.join(",")
        ));
        self.out.line(&format!("feature option=\"MultiPV -spin {} 1 {MAX_MULTIPV}\"", self.e.opts.multipv));
        self.out
            .line(&format!("feature option=\"Move Overhead -spin {} 0 {MAX_OVERHEAD_MS}\"", self.e.opts.overhead_ms));
        self.out.line("feature option=\"Clear Hash -button\"");
        self.out.line(&format!("feature option=\"OwnBook -check {}\"", u8::from(self.e.opts.own_book)));
        self.out.line(&format!("feature option=\"BookFile -file {}\"", self.e.book_file().unwrap_or("")));
        // The games' rule options (Chu `rules`, Tai's piece options): XBoard's combo lists the
        // value in force first, then the others.
        for (key, now, values) in self.e.rule_option_values(|g| names.iter().any(|n| n == g)) {
            let rest: Vec<String> = values.into_iter().filter(|v| *v != now).map(|v| format!(" /// {v}")).collect();
            self.out.line(&format!("feature option=\"{key} -combo {now}{}\"", rest.concat()));
        }
        self.out.line("feature done=1");
    }

    fn set_variant(&mut self, v: &Arc<Game>) {
        self.abort();
        self.e.new_game(v);
        self.xb = XbGame::new(v);
        self.game_over = false;
        self.drop_lifted();
        if let Some(l) = self.xb.setup_line(v, &self.e.game.pos) {
            self.out.line(&l);
        }
        for l in self.xb.piece_lines(v) {
            self.out.line(&l);
        }
    }

    /// Reads a move from the GUI in the current position; the error is the reason alone.
    fn read_move(&mut self, text: &str) -> CmdResult<Move> {
        let v = Arc::clone(self.e.variant());
        let ours = self.xb.move_to_ours(&v, text)?;
        parse_move(&mut self.e.game.pos, &ours).map_err(|e| Refusal::MoveReason(e).into())
    }

    fn formatter(&self, post: bool) -> InfoFormatter {
        let w = MoveWriter::new(self.e.variant(), &self.xb);
        Box::new(move |i: &Info| {
            if !post {
                return None;
            }
            let score = match i.score {
                Score::Cp(c) => c,
                Score::Mate(n) if n > 0 => 100_000 + n,
                Score::Mate(n) => -100_000 + n,
            };
            let pv: Vec<String> = i.pv.iter().map(|&m| w.legs(m).concat()).collect();
            Some(format!("{} {} {} {} {}", i.depth, score, i.time.as_millis() / 10, i.nodes, pv.join(" ")))
        })
    }

    /// Announces the result if the game is over; returns whether it is.
    fn check_end(&mut self) -> bool {
        if let Some(o) = self.e.game.outcome() {
            if !self.game_over {
                self.out.line(&result_line(o));
            }
            self.game_over = true;
            return true;
        }
        false
    }

    /// Starts thinking on our move if it is our turn.
    fn maybe_think(&mut self) {
        if self.force || self.analyze || self.game_over || self.e.is_searching() || self.e.no_position.is_some() {
            return;
        }
        if self.e.game.pos.side() != self.engine_side || self.check_end() {
            return;
        }
        let book_move = self.e.book_move().unwrap_or_else(|e| {
            self.out.line(&format!("tellusererror {e}"));
            None
        });
        if let Some(c) = book_move {
            let text = self.move_text(c.mv);
            self.out.line(&format!("# book move {text}{}", c.details()));
            self.play_our_move(c.mv);
            return;
        }
        let limits = self.clock.limits(self.e.opts.overhead_ms, self.e.game.pos.fullmove_number());
        let fmt = self.formatter(self.post);
        self.e.start_search(limits, 1, fmt);
        self.purpose = Some(Purpose::Think);
    }

    /// Sends our move (leg by leg) and plays it.
    fn play_our_move(&mut self, m: Move) {
        for leg in MoveWriter::new(self.e.variant(), &self.xb).legs(m) {
            self.out.line(&format!("move {leg}"));
        }
        self.e.game.play(m);
        self.check_end();
    }

    /// A move as XBoard writes it (legs joined).
    fn move_text(&self, m: Move) -> String {
        MoveWriter::new(self.e.variant(), &self.xb).legs(m).concat()
    }

    /// `bk`: the book's moves for the current position, each on a line starting with a
    /// tab, then an empty line (what XBoard shows for its Book button).
    fn book_moves(&mut self) {
        let book = self.e.book().unwrap_or_else(|e| {
            self.out.line(&format!("\t{e}"));
            None
        });
        match book.and_then(|b| b.probe(&self.e.game.pos).cloned()) {
            Some(e) => {
                for c in &e.moves {
                    self.out.line(&format!("\t{}{}", self.move_text(c.mv), c.details()));
                }
            }
            None => self.out.line("\tno book moves for this position"),
        }
        self.out.line("");
    }

    fn start_analysis(&mut self) {
        self.abort();
        if !self.analyze {
            return;
        }
        if self.e.game.outcome().is_some() {
            return;
        }
        let limits = Limits { infinite: true, depth: self.clock.sd, ..Limits::default() };
        let fmt = self.formatter(true);
        let mpv = self.e.opts.multipv;
        self.e.start_search(limits, mpv, fmt);
        self.purpose = Some(Purpose::Analyze);
    }

    /// Stops and forgets any search (the game is about to change).
    fn abort(&mut self) {
        self.e.abort();
        self.purpose = None;
    }

    fn thinking(&self) -> bool {
        self.purpose == Some(Purpose::Think) && self.e.is_searching()
    }

    /// The position changed under the GUI's hand: think or analyse as the mode says.
    fn position_changed(&mut self) {
        self.drop_lifted();
        if self.analyze {
            self.start_analysis();
        } else {
            self.maybe_think();
        }
    }

    fn usermove(&mut self, text: &str) {
        if let Some(why) = &self.e.no_position {
            self.out.line(&format!("Illegal move ({why}): {}", echo(text)));
            return;
        }
        if self.game_over {
            self.out.line(&format!("Illegal move (the game is over): {}", echo(text)));
            return;
        }
        match self.read_move(text) {
            Err(reason) => self.out.line(&format!("Illegal move ({}): {}", message(&reason), echo(text))),
            Ok(m) => {
                self.abort();
                self.e.game.play(m);
                if !self.check_end() {
                    self.position_changed();
                }
            }
        }
    }

    fn setboard(&mut self, args: &str) -> CmdResult {
        let v = Arc::clone(self.e.variant());
        let fen = self.xb.fen_to_ours(&v, args);
        let r = fen.and_then(|fen| {
            self.e.set_position(&v, Some(&fen), &[], &mut |p: &mut Position, t: &str| {
                parse_move(p, t).map_err(CommandError::refused)
            })
        });
        if let Err(e) = r {
            // No move is played or searched until a valid position arrives (`new`,
            // `variant` or `setboard`).
            self.abort();
            self.e.no_position = Some(format!("no valid position: the last setboard was refused ({})", message(&e)));
            self.out.line(&format!("tellusererror Illegal position: {}", message(&e)));
            return Err(Refusal::IllegalPosition(Box::new(e)).into());
        }
        self.purpose = None;
        self.game_over = false;
        self.drop_lifted();
        if self.analyze {
            self.start_analysis();
        }
        Ok(())
    }

    fn take_back(&mut self, plies: usize) -> CmdResult {
        if self.e.game.moves.len() < plies {
            return Err(CommandError::not_now("command not legal now"));
        }
        self.abort();
        for _ in 0..plies {
            self.e.game.undo();
        }
        self.game_over = false;
        self.drop_lifted();
        if self.analyze {
            self.start_analysis();
        }
        Ok(())
    }

    /// `new`: the current game from its start, engine playing Black, no depth limit.
    fn new_game(&mut self) {
        self.abort();
        self.analyze = false;
        let v = Arc::clone(self.e.variant());
        self.e.new_game(&v);
        self.force = false;
        self.engine_side = Color::Black;
        self.clock.sd = None;
        self.game_over = false;
        self.drop_lifted();
    }

    fn variant(&mut self, args: &str) -> CmdResult {
        match self.e.find_variant(args).map(|v| (refusal(&v), v)) {
            Ok((None, v)) => {
                let v = self.e.with_rule_options(&v)?;
                self.set_variant(&v);
                Ok(())
            }
            Ok((Some(why), _)) => Err(why.into()),
            Err(_) => Err(Usage::UnknownVariant.into()),
        }
    }

    /// Commands about the game and whose turn it is; `None` for others.
    fn game_command(&mut self, cmd: &str, args: &str) -> Option<CmdResult> {
        if matches!(cmd, "go" | "playother" | "analyze" | "undo" | "remove") {
            if let Err(e) = self.e.require_position() {
                return Some(Err(e));
            }
        }
        match cmd {
            "new" => self.new_game(),
            "variant" => return Some(self.variant(args)),
            "force" => {
                self.abort();
                self.force = true;
            }
            "go" => {
                self.force = false;
                self.engine_side = self.e.game.pos.side();
                if !(self.game_over || self.check_end()) {
                    self.maybe_think();
                }
            }
            "playother" => {
                self.abort();
                self.force = false;
                self.engine_side = self.e.game.pos.side().flip();
            }
            "usermove" => self.usermove(args),
            "?" => {
                if self.thinking() {
                    self.e.stop();
                }
            }
            "result" => {
                self.abort();
                self.game_over = true;
            }
            "setboard" => return Some(self.setboard(args)),
            "undo" => return Some(self.take_back(1)),
            "remove" => return Some(self.take_back(2)),
            "analyze" => {
                self.analyze = true;
                self.start_analysis();
            }
            "exit" if self.analyze => {
                self.analyze = false;
                self.abort();
            }
            "exit" => return Some(Err(CommandError::not_now("command not legal now"))),
            _ => return None,
        }
        Some(Ok(()))
    }

    /// Commands that set something up (output, memory, threads, options); `None` for others.
    fn setting_command(&mut self, cmd: &str, args: &str) -> Option<CmdResult> {
        match cmd {
            "post" => self.post = true,
            "nopost" => self.post = false,
            "memory" => match args.trim().parse::<u64>() {
                Ok(mb) if mb > 0 => return Some(self.e.set_hash(mb)),
                _ => return Some(Err(Usage::MemorySize.into())),
            },
            "cores" => match args.trim().parse::<u64>() {
                Ok(n) if n > 0 => return Some(self.e.set_threads(n)),
                _ => return Some(Err(Usage::Cores.into())),
            },
            "option" => {
                let (name, value) = match args.split_once('=') {
                    Some((n, v)) => (n.trim(), Some(v.trim())),
                    None => (args.trim(), None),
                };
                if name.eq_ignore_ascii_case("ownbook") {
                    return Some(check(name, value).map(|b| self.e.opts.own_book = b));
                }
                if name.eq_ignore_ascii_case("bookfile") {
                    return Some(self.e.set_book_file(value));
                }
                if let Some(r) = set_common_option(&mut self.e, name, value) {
                    return Some(r);
                }
                let before = Arc::clone(self.e.variant());
                let r = self
                    .e
                    .set_rule_option(name, value)
                    .unwrap_or_else(|| Err(CommandError::UnknownOption(name.into())));
                // A rule option of the game being played starts a new game of it under the new
                // rules: XBoard is told the board again, as after `variant`.
                if !Arc::ptr_eq(&before, self.e.variant()) {
                    let v = Arc::clone(self.e.variant());
                    self.set_variant(&v);
                }
                return Some(r);
            }
            "lift" => return Some(self.lift(args)),
            "put" => return Some(self.put(args)),
            "hover" => {}
            "ping" => self.out.line(&format!("pong {args}")),
            "protover" => self.features(),
            // Commands XBoard may send that need no answer.
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "hint"
            | "draw" | "easy" | "hard" | "." | "" => {}
            "bk" => self.book_moves(),
            _ => return self.clock.command(cmd, args),
        }
        Some(Ok(()))
    }

    /// Handles one command (or queues it while we think on our move).
    fn command(&mut self, line: &str) -> Flow {
        let (cmd, args) = split_command(line);
        if self.thinking() && defer_while_thinking(cmd) {
            self.pending.push_back(line.to_string());
            return Flow::Continue;
        }
        if cmd == "quit" {
            return Flow::Quit;
        }
        let r = match self.game_command(cmd, args).or_else(|| self.setting_command(cmd, args)) {
            Some(r) => r,
            // A bare move (usermove=0 GUIs): try it as one before calling it unknown.
            None if looks_like_move(cmd) && args.is_empty() => {
                self.usermove(cmd);
                Ok(())
            }
            None => Err(Usage::UnknownCommand.into()),
        };
        if let Err(e) = r {
            self.out.line(&format!("Error ({}): {}", message(&e), echo(line)));
        }
        Flow::Continue
    }

    fn drain_pending(&mut self) -> Flow {
        while !self.thinking() {
            let Some(l) = self.pending.pop_front() else { break };
            if self.command(&l) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }
}

/// Commands that wait while the engine thinks on its move (so that `pong` and the next moves
/// come after our `move`).
fn defer_while_thinking(cmd: &str) -> bool {
    matches!(
        cmd,
        "ping"
            | "usermove"
            | "setboard"
            | "undo"
            | "remove"
            | "variant"
            | "go"
            | "playother"
            | "analyze"
            | "sd"
            | "st"
            | "level"
    ) || looks_like_move(cmd)
}

fn looks_like_move(t: &str) -> bool {
    t == "@@@@"
        || (t.len() >= 4
            && t.as_bytes()[0].is_ascii_lowercase()
            && t.as_bytes()[1].is_ascii_digit()
            && t.chars().all(|c| c.is_ascii_alphanumeric() || "+=,'!".contains(c)))
}

/// Whether XBoard can show the game.
fn shown(v: &Game) -> bool {
    refusal(v).is_none()
}

/// Why XBoard cannot play `v`, if it cannot.
fn refusal(v: &Game) -> Option<Refusal> {
    let (title, pieces) = (v.title.clone(), v.pieces.len());
    if v.shape.files > MAX_XB_SIDE || v.shape.ranks > MAX_XB_SIDE {
        let (files, ranks) = (v.shape.files, v.shape.ranks);
        Some(Refusal::XboardBoard { title, files, ranks, pieces, max: MAX_XB_SIDE })
    } else if pieces > MAX_XB_PIECE_TYPES {
        Some(Refusal::XboardPieceTypes { title, pieces, max: MAX_XB_PIECE_TYPES })
    } else {
        let left = super::xbetza::unslotted(v);
        (!left.is_empty()).then_some(Refusal::XboardTable { title, pieces, left })
    }
}

impl Dialect for Xboard {
    fn line(&mut self, line: &str) -> Flow {
        if self.command(line) == Flow::Quit {
            return Flow::Quit;
        }
        self.drain_pending()
    }

    fn search_finished(&mut self, id: u64) -> Flow {
        let Some(f) = self.e.finish(id) else { return Flow::Continue };
        if self.purpose.take() != Some(Purpose::Think) {
            return self.drain_pending();
        }
        match f.result.best {
            Some(m) if !self.game_over => self.play_our_move(m),
            Some(_) => {}
            None => {
                if !self.check_end() {
                    self.out.line("resign");
                    self.game_over = true;
                }
            }
        }
        self.drain_pending()
    }

    fn deadline(&mut self, id: u64) {
        self.e.stop_id(id);
    }

    fn shutdown(&mut self) {
        self.e.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_recognised() {
        assert!(looks_like_move("e2e4"));
        assert!(looks_like_move("e8e7,e7e6"));
        assert!(looks_like_move("@@@@"));
        assert!(!looks_like_move("protover"));
    }
}
