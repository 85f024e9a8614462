//! The XBoard / CECP dialect (protocol 2 with H.G. Muller's engine-defined variants): the
//! feature list, `setup` and `piece` lines, multi-leg moves in both directions, `lift` /
//! `put` / `hover` answered with `highlight`, clocks, analysis, and the engine as referee
//! (`Illegal move (reason): MOVE`, `1-0 {reason}`).

use super::engine::{Engine, InfoFormatter, MAX_MULTIPV, MAX_OVERHEAD_MS};
use super::squares::{move_to_xb_legs, parse_xb_move};
use super::xbetza::XbGame;
use super::{split_command, Dialect, Flow, Out, ENGINE_NAME};
use crate::geometry::{Color, Square};
use crate::legality::legal_move_list;
use crate::moves::Move;
use crate::notation::parse_move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::search::{Info, Limits, Score};
use crate::variant::{PromotionText, Variant};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

/// Largest board XBoard shows.
const MAX_XB_SIDE: u8 = 16;
/// The piece types XBoard can show (the standard edition's 66 piece images). Typhoon's 75
/// types exceed it, so XBoard sessions neither advertise nor accept it.
const MAX_XB_PIECE_TYPES: usize = 66;

/// The result line of a finished game.
pub fn result_line(o: Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            let (score, name) = if winner == Color::White { ("1-0", "White") } else { ("0-1", "Black") };
            format!("{score} {{{name} wins: {}}}", reason.text())
        }
        Outcome::Draw { reason } => format!("1/2-1/2 {{Draw: {}}}", reason.text()),
    }
}

/// The `level` time control: moves per session (0 = whole game), base and increment.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    mps: u32,
    base_ms: u64,
    inc_ms: u64,
}

/// Parses `level MPS BASE INC` (BASE in minutes or `min:sec`, INC in seconds).
fn parse_level(args: &str) -> Result<Level, String> {
    let w: Vec<&str> = args.split_whitespace().collect();
    if w.len() != 3 {
        return Err("expected 'level MPS BASE INC'".into());
    }
    let mps: u32 = w[0].parse().map_err(|_| format!("moves per session '{}' is not a number", w[0]))?;
    let base_ms = match w[1].split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| format!("bad minutes in '{}'", w[1]))?;
            let s: u64 = s.parse().map_err(|_| format!("bad seconds in '{}'", w[1]))?;
            (m * 60 + s) * 1000
        }
        None => {
            let m: f64 = w[1].parse().map_err(|_| format!("base time '{}' is not a number", w[1]))?;
            if !(0.0..1e7).contains(&m) {
                return Err(format!("base time '{}' is out of range", w[1]));
            }
            (m * 60_000.0) as u64
        }
    };
    let inc: f64 = w[2].parse().map_err(|_| format!("increment '{}' is not a number", w[2]))?;
    if !(0.0..1e6).contains(&inc) {
        return Err(format!("increment '{}' is out of range", w[2]));
    }
    Ok(Level { mps, base_ms, inc_ms: (inc * 1000.0) as u64 })
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// Our move: play it when done.
    Think,
    /// Analysis: only thinking output.
    Analyze,
}

/// A piece the user has picked up, and the first leg of a multi-leg move in progress.
#[derive(Clone, Copy, Debug, Default)]
struct Lifted {
    from: Option<Square>,
    via: Option<Square>,
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
    level: Option<Level>,
    st_ms: Option<u64>,
    sd: Option<u32>,
    my_time_ms: Option<u64>,
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
            level: None,
            st_ms: None,
            sd: None,
            my_time_ms: None,
            game_over: false,
            lifted: Lifted::default(),
        }
    }

    fn error(&self, kind: &str, cmd: &str) {
        self.out.line(&format!("Error ({kind}): {cmd}"));
    }

    fn features(&self) {
        let names: Vec<String> = self
            .e
            .variant_names()
            .into_iter()
            .filter(|n| self.e.find_variant(n).map(|v| shown(&v)).unwrap_or(false))
            .collect();
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
        self.out.line("feature done=1");
    }

    fn set_variant(&mut self, v: &Arc<Variant>) {
        self.e.new_game(v);
        self.xb = XbGame::new(v);
        self.game_over = false;
        self.lifted = Lifted::default();
        if let Some(l) = self.xb.setup_line(v, &self.e.game.pos) {
            self.out.line(&l);
        }
        for l in self.xb.piece_lines(v) {
            self.out.line(&l);
        }
    }

    /// Reads a move from the GUI in the current position.
    fn read_move(&mut self, text: &str) -> Result<Move, String> {
        let v = Arc::clone(self.e.variant());
        let ours = self.xb.move_to_ours(&v, text)?;
        parse_move(&mut self.e.game.pos, &ours).map_err(|e| match e {
            crate::notation::MoveError::Syntax { reason, .. } | crate::notation::MoveError::Illegal { reason, .. } => {
                reason
            }
        })
    }

    /// The text of `m` as XBoard legs, with the promotion suffix on the last.
    fn move_legs(&self, m: Move) -> Vec<String> {
        self.xb.move_legs(self.e.variant(), m)
    }

    fn formatter(&self) -> InfoFormatter {
        let v = Arc::clone(self.e.variant());
        let xb_ids = self.xb.ids.clone();
        let plus = v.rules.promotion_text == PromotionText::Plus && self.xb.parent == "chu";
        let post = self.post;
        Box::new(move |i: &Info| {
            if !post {
                return None;
            }
            let score = match i.score {
                Score::Cp(c) => c,
                Score::Mate(n) if n > 0 => 100_000 + n,
                Score::Mate(n) => -100_000 + n,
            };
            let pv: Vec<String> =
                i.pv.iter()
                    .map(|&m| {
                        let mut legs = move_to_xb_legs(&v.shape, m).concat();
                        if let Some(k) = m.promotion() {
                            if plus {
                                legs.push('+');
                            } else {
                                legs.push_str(&xb_ids[k.index()].to_lowercase());
                            }
                        }
                        legs
                    })
                    .collect();
            Some(format!("{} {} {} {} {}", i.depth, score, i.time.as_millis() / 10, i.nodes, pv.join(" ")))
        })
    }

    fn limits(&self) -> Limits {
        let overhead = Duration::from_millis(self.e.opts.overhead_ms);
        let mut l = Limits { overhead, depth: self.sd, ..Limits::default() };
        if let Some(st) = self.st_ms {
            l.movetime = Some(Duration::from_millis(st));
            return l;
        }
        match (self.my_time_ms, self.level) {
            (Some(t), lv) => {
                l.time = Some(Duration::from_millis(t));
                if let Some(lv) = lv {
                    l.increment = Duration::from_millis(lv.inc_ms);
                    if lv.mps > 0 {
                        let played = self.e.game.pos.fullmove_number().saturating_sub(1);
                        l.moves_to_go = Some(lv.mps - played % lv.mps);
                    }
                }
            }
            (None, Some(lv)) => {
                l.time = Some(Duration::from_millis(lv.base_ms.max(1000)));
                l.increment = Duration::from_millis(lv.inc_ms);
            }
            (None, None) => {
                if self.sd.is_none() {
                    l.movetime = Some(Duration::from_secs(5));
                }
            }
        }
        l
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
        if self.force || self.analyze || self.game_over || self.e.is_searching() {
            return;
        }
        if self.e.game.pos.side() != self.engine_side {
            return;
        }
        if self.check_end() {
            return;
        }
        let limits = self.limits();
        let fmt = self.formatter();
        self.e.start_search(limits, 1, fmt);
        self.purpose = Some(Purpose::Think);
    }

    fn start_analysis(&mut self) {
        self.e.abort();
        self.purpose = None;
        if !self.analyze {
            return;
        }
        let mut p = self.e.game.pos.clone();
        if crate::outcome::outcome(&mut p).is_some() {
            return;
        }
        let limits = Limits { infinite: true, depth: self.sd, ..Limits::default() };
        let post = self.post;
        self.post = true;
        let fmt = self.formatter();
        self.post = post;
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

    fn usermove(&mut self, text: &str) {
        if self.game_over {
            self.out.line(&format!("Illegal move (the game is over): {text}"));
            return;
        }
        match self.read_move(text) {
            Err(reason) => self.out.line(&format!("Illegal move ({reason}): {text}")),
            Ok(m) => {
                self.abort();
                self.e.game.play(m);
                self.lifted = Lifted::default();
                if self.check_end() {
                    return;
                }
                if self.analyze {
                    self.start_analysis();
                } else {
                    self.maybe_think();
                }
            }
        }
    }

    /// Handles one command (or queues it while we think on our move).
    fn command(&mut self, line: &str) -> Flow {
        let (cmd, args) = split_command(line);
        if self.thinking() && defer_while_thinking(cmd) {
            self.pending.push_back(line.to_string());
            return Flow::Continue;
        }
        match cmd {
            "" => {}
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "hint"
            | "draw" | "bk" | "easy" | "hard" | "." => {}
            "protover" => self.features(),
            "new" => {
                self.abort();
                self.analyze = false;
                let v = Arc::clone(self.e.variant());
                self.e.new_game(&v);
                self.force = false;
                self.engine_side = Color::Black;
                self.sd = None;
                self.game_over = false;
                self.lifted = Lifted::default();
            }
            "variant" => match self.e.find_variant(args) {
                Ok(v) if shown(&v) => {
                    self.abort();
                    self.set_variant(&v);
                }
                Ok(v) => self.error(&refusal(&v).unwrap_or_default(), line),
                Err(_) => self.error("unknown variant", line),
            },
            "force" => {
                self.abort();
                self.force = true;
            }
            "go" => {
                self.force = false;
                self.engine_side = self.e.game.pos.side();
                if self.game_over || self.check_end() {
                    return Flow::Continue;
                }
                self.maybe_think();
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
            "ping" => self.out.line(&format!("pong {args}")),
            "result" => {
                self.abort();
                self.game_over = true;
            }
            "setboard" => {
                let v = Arc::clone(self.e.variant());
                let r = self.xb.fen_to_ours(&v, args).and_then(|fen| {
                    self.e.set_position(&v, Some(&fen), &[], &mut |p: &mut Position, t: &str| {
                        parse_move(p, t).map_err(|e| e.to_string())
                    })
                });
                match r {
                    Ok(()) => {
                        self.purpose = None;
                        self.game_over = false;
                        self.lifted = Lifted::default();
                        if self.analyze {
                            self.start_analysis();
                        }
                    }
                    Err(e) => {
                        self.out.line(&format!("tellusererror Illegal position: {e}"));
                        self.error(&format!("illegal position: {e}"), line);
                    }
                }
            }
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if self.e.game.moves.len() < n {
                    self.error("command not legal now", line);
                } else {
                    self.abort();
                    for _ in 0..n {
                        self.e.game.undo();
                    }
                    self.game_over = false;
                    self.lifted = Lifted::default();
                    if self.analyze {
                        self.start_analysis();
                    }
                }
            }
            "time" | "otim" => match args.trim().parse::<i64>() {
                Ok(cs) => {
                    if cmd == "time" {
                        self.my_time_ms = Some(cs.max(0) as u64 * 10);
                    }
                }
                Err(_) => self.error("bad time", line),
            },
            "level" => match parse_level(args) {
                Ok(l) => {
                    self.level = Some(l);
                    self.st_ms = None;
                }
                Err(e) => self.error(&e, line),
            },
            "st" => match args.trim().parse::<f64>() {
                Ok(s) if s > 0.0 && s < 1e7 => self.st_ms = Some((s * 1000.0) as u64),
                _ => self.error("st needs a positive number of seconds", line),
            },
            "sd" => match args.trim().parse::<u32>() {
                Ok(d) if d > 0 => self.sd = Some(d),
                _ => self.error("sd needs a positive depth", line),
            },
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.analyze = true;
                self.start_analysis();
            }
            "exit" => {
                if self.analyze {
                    self.analyze = false;
                    self.abort();
                } else {
                    self.error("command not legal now", line);
                }
            }
            "memory" => match args.trim().parse::<usize>() {
                Ok(mb) if mb > 0 => self.e.set_hash(mb),
                _ => self.error("memory needs a size in MB", line),
            },
            "cores" => match args.trim().parse::<usize>() {
                Ok(n) if n > 0 => self.e.set_threads(n),
                _ => self.error("cores needs a positive number", line),
            },
            "option" => {
                if let Err(e) = self.option(args) {
                    self.error(&e, line);
                }
            }
            "lift" => self.lift(args, line),
            "put" => self.put(args, line),
            "hover" => {}
            "quit" => return Flow::Quit,
            _ => {
                // A bare move (usermove=0 GUIs): try it as one before calling it unknown.
                if looks_like_move(cmd) && args.is_empty() {
                    self.usermove(cmd);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        Flow::Continue
    }

    fn option(&mut self, args: &str) -> Result<(), String> {
        let (name, value) = match args.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (args.trim(), None),
        };
        match name {
            "MultiPV" => {
                self.e.opts.multipv = super::uci::spin(name, value, 1, MAX_MULTIPV as i64)? as usize;
            }
            "Move Overhead" => {
                self.e.opts.overhead_ms = super::uci::spin(name, value, 0, MAX_OVERHEAD_MS as i64)? as u64;
            }
            "Clear Hash" => self.e.clear_hash(),
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    // ----- mouse entry: lift / put -> highlight -----

    fn square(&self, text: &str) -> Result<Square, String> {
        let v = self.e.variant();
        let t = text.trim();
        // Reuse the move reader on a dummy leg to read one XBoard square.
        parse_xb_move(&v.shape, &format!("{t}{t}")).and_then(|m| {
            let n = m.body.len() / 2;
            v.shape.parse_square(&m.body[..n]).map_err(|e| e.to_string())
        })
    }

    fn lift(&mut self, args: &str, line: &str) {
        let sq = match self.square(args) {
            Ok(s) => s,
            Err(e) => return self.error(&e, line),
        };
        if let (Some(from), Some(via)) = (self.lifted.from, self.lifted.via) {
            if via == sq {
                self.highlight_second_leg(from, via);
                return;
            }
        }
        self.lifted = Lifted { from: Some(sq), via: None };
        self.highlight_from(sq);
    }

    fn put(&mut self, args: &str, line: &str) {
        let sq = match self.square(args) {
            Ok(s) => s,
            Err(e) => return self.error(&e, line),
        };
        let Some(from) = self.lifted.from else { return };
        let moves = self.moves_from(from);
        let v = Arc::clone(self.e.variant());
        if self.lifted.via.is_none() && moves.iter().any(|m| m.mids().next() == Some(sq)) {
            // The first leg of a multi-leg move ended here: show where the second can go.
            self.lifted.via = Some(sq);
            self.highlight_second_leg(from, sq);
            return;
        }
        let to_here: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.to == sq && (self.lifted.via.is_none() || m.mids().next() == self.lifted.via))
            .collect();
        if v.rules.promotion_text != PromotionText::Plus
            && !to_here.is_empty()
            && to_here.iter().all(|m| m.promotion().is_some())
        {
            // Forced promotion (highlighted blue): tell the GUI what the piece becomes.
            let ids: Vec<String> =
                to_here.iter().filter_map(|m| m.promotion()).map(|k| self.xb.ids[k.index()].clone()).collect();
            self.out.line(&format!("choice {}", ids.concat()));
        }
        self.lifted = Lifted::default();
    }

    fn moves_from(&mut self, from: Square) -> Vec<Move> {
        if self.game_over {
            return Vec::new();
        }
        legal_move_list(&mut self.e.game.pos).into_iter().filter(|m| m.from == from).collect()
    }

    /// Colour of a destination reached by `ms` (all moves to one square).
    fn colour(&self, ms: &[Move], captures: bool) -> char {
        let promo = ms.iter().filter(|m| m.promotion().is_some()).count();
        let plus = self.e.variant().rules.promotion_text == PromotionText::Plus;
        if promo > 0 && promo < ms.len() {
            'M'
        } else if promo > 0 && !plus {
            'B'
        } else if captures {
            'R'
        } else {
            'Y'
        }
    }

    fn highlight_from(&mut self, from: Square) {
        let moves = self.moves_from(from);
        let pos = self.e.game.pos.clone();
        let mut marks: Vec<(Square, char)> = Vec::new();
        let mut dests: Vec<Square> = moves.iter().filter(|m| m.mids().next().is_none()).map(|m| m.to).collect();
        dests.sort();
        dests.dedup();
        for d in dests {
            let ms: Vec<Move> =
                moves.iter().copied().filter(|m| m.to == d && m.mids().next().is_none() && !m.is_pass()).collect();
            if ms.is_empty() {
                continue;
            }
            let captures = !pos.is_empty(d) || ms.iter().any(|m| m.kind == crate::moves::MoveKind::EnPassant);
            marks.push((d, self.colour(&ms, captures)));
        }
        // First legs of multi-leg moves: cyan (the move goes on from there).
        for m in &moves {
            if let Some(via) = m.mids().next() {
                marks.retain(|(s, _)| *s != via);
                marks.push((via, 'C'));
            }
        }
        // A pass: the piece's own square.
        if moves.iter().any(|m| m.is_pass()) {
            marks.push((from, 'Y'));
        }
        self.send_highlight(&marks);
    }

    fn highlight_second_leg(&mut self, from: Square, via: Square) {
        let moves = self.moves_from(from);
        let pos = self.e.game.pos.clone();
        let mut marks: Vec<(Square, char)> = Vec::new();
        let second: Vec<Move> = moves.iter().copied().filter(|m| m.mids().next() == Some(via)).collect();
        let mut dests: Vec<Square> = second.iter().map(|m| m.to).collect();
        // Stopping on the first square is the one-leg capture.
        if moves.iter().any(|m| m.to == via && m.mids().next().is_none()) {
            dests.push(via);
        }
        dests.sort();
        dests.dedup();
        for d in dests {
            let ms: Vec<Move> = if d == via {
                moves.iter().copied().filter(|m| m.to == via && m.mids().next().is_none()).collect()
            } else {
                second.iter().copied().filter(|m| m.to == d).collect()
            };
            let captures = d == from || d == via || !pos.is_empty(d);
            marks.push((d, self.colour(&ms, captures)));
        }
        self.send_highlight(&marks);
    }

    fn send_highlight(&self, marks: &[(Square, char)]) {
        let shape = self.e.variant().shape;
        let mut s = String::new();
        for r in (0..shape.ranks as i32).rev() {
            let mut empty = 0;
            for f in 0..shape.files as i32 {
                let sq = shape.square_unchecked(f, r);
                match marks.iter().find(|(x, _)| *x == sq) {
                    None => empty += 1,
                    Some((_, c)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(*c);
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
        self.out.line(&format!("highlight {s}"));
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
fn shown(v: &Variant) -> bool {
    refusal(v).is_none()
}

/// Why XBoard cannot play `v`, if it cannot.
fn refusal(v: &Variant) -> Option<String> {
    if v.shape.files > MAX_XB_SIDE || v.shape.ranks > MAX_XB_SIDE {
        Some(format!(
            "{} is {}x{} with {} piece types, beyond XBoard's {MAX_XB_SIDE}x{MAX_XB_SIDE} board and letters; use UCI or USI",
            v.title,
            v.shape.files,
            v.shape.ranks,
            v.pieces.len()
        ))
    } else if v.pieces.len() > MAX_XB_PIECE_TYPES {
        Some(format!("{} has {} piece types; XBoard supports at most {MAX_XB_PIECE_TYPES}", v.title, v.pieces.len()))
    } else {
        None
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
        let purpose = self.purpose.take();
        if purpose != Some(Purpose::Think) {
            return self.drain_pending();
        }
        match f.result.best {
            Some(m) if !self.game_over => {
                let legs = self.move_legs(m);
                for leg in legs {
                    self.out.line(&format!("move {leg}"));
                }
                self.e.game.play(m);
                self.check_end();
            }
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
    fn level_reads_minutes_seconds_and_increment() {
        assert_eq!(parse_level("40 5 0").unwrap(), Level { mps: 40, base_ms: 300_000, inc_ms: 0 });
        assert_eq!(parse_level("0 0:30 0.5").unwrap(), Level { mps: 0, base_ms: 30_000, inc_ms: 500 });
        assert!(parse_level("40 5").is_err());
        assert!(parse_level("x 5 0").is_err());
    }

    #[test]
    fn moves_are_recognised() {
        assert!(looks_like_move("e2e4"));
        assert!(looks_like_move("e8e7,e7e6"));
        assert!(looks_like_move("@@@@"));
        assert!(!looks_like_move("protover"));
    }
}
