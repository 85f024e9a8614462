//! The USI client in the lishogi dialect: `usi`/`usiok`, `USI_Variant`, `usinewgame`,
//! `position startpos|sfen ... moves ...` in USI squares, `go btime wtime byoyomi binc winc`
//! (sente = our first player), `bestmove resign|win`, `gameover`.

use super::uci::{fixed_limits, handshake, option_name, read_bestmove, stop_search, sync};
use super::{Answer, Client, ClientError, Clocks, Link, NewGame, Reply, SearchLimits, Unsupported};
use crate::geometry::Color;
use crate::position::Position;
use crate::protocol::squares::{move_to_usi, usi_move_to_ours};
use crate::protocol::usi::{is_shogi_style, position_to_sfen};
use crate::record::{GameResult, Record};
use std::time::Instant;

#[derive(Default)]
pub struct UsiClient {
    /// The engine's option lines (`option name X type combo ... var Y ...`).
    option_lines: Vec<String>,
    limits: SearchLimits,
    /// `sfen <SFEN>` or `startpos`.
    position: String,
    /// The USI text of the game's moves so far, and the position after them.
    texts: Vec<String>,
    pos: Option<Position>,
}

impl UsiClient {
    /// The name of the variant option the engine has, and the value it knows our game by: the
    /// game's name, or the first of its aliases the engine lists (lishogi calls Chu Shogi
    /// `chushogi`; Kyodai accepts both).
    fn variant_option(&self, v: &crate::game::Game) -> Option<(String, String)> {
        for key in ["USI_Variant", "UCI_Variant"] {
            if let Some(l) = self.option_lines.iter().find(|l| option_name(l).as_deref() == Some(key)) {
                let listed = |n: &str| l.split_whitespace().collect::<Vec<_>>().windows(2).any(|w| w == ["var", n]);
                let value = std::iter::once(&v.name).chain(&v.aliases).find(|n| listed(n)).unwrap_or(&v.name);
                return Some((key.to_string(), value.clone()));
            }
        }
        None
    }

    /// Brings the USI move texts up to date with `game`.
    fn catch_up(&mut self, game: &Record) {
        if self.texts.len() > game.moves.len() || self.pos.is_none() {
            self.texts.clear();
            self.pos = Some(game.start.clone());
        }
        let pos = self.pos.as_mut().expect("set above");
        for &m in &game.moves[self.texts.len()..] {
            self.texts.push(move_to_usi(pos, m));
            pos.make(m);
        }
    }
}

impl Client for UsiClient {
    fn start(
        &mut self,
        link: &mut dyn Link,
        options: &[(String, String)],
        deadline: Instant,
    ) -> Result<Option<String>, ClientError> {
        let (name, lines) = handshake(link, "usi", "usiok", options, deadline)?;
        self.option_lines = lines;
        Ok(name)
    }

    fn new_game(&mut self, link: &mut dyn Link, g: &NewGame, deadline: Instant) -> Result<(), ClientError> {
        if !is_shogi_style(g.variant) {
            return Err(ClientError::Unsupported(Unsupported::NotShogi(g.variant.title.clone())));
        }
        let Some((key, value)) = self.variant_option(g.variant) else {
            let game = g.variant.title.clone();
            return Err(ClientError::Unsupported(Unsupported::NoVariantOption { option: "USI_Variant", game }));
        };
        link.send(&format!("setoption name {key} value {value}"))?;
        link.send("usinewgame")?;
        self.limits = g.limits.clone();
        self.texts.clear();
        self.pos = None;
        self.position = match g.fen {
            Some(f) => {
                let p = Position::from_fen(g.variant, f).map_err(|e| ClientError::Unsupported(Unsupported::Fen(e)))?;
                format!("sfen {}", position_to_sfen(&p))
            }
            None => "startpos".into(),
        };
        sync(link, deadline)
    }

    fn go(&mut self, link: &mut dyn Link, game: &Record, c: &Clocks, deadline: Instant) -> Result<Reply, ClientError> {
        self.catch_up(game);
        let mut pos = format!("position {}", self.position);
        if !self.texts.is_empty() {
            pos.push_str(" moves ");
            pos.push_str(&self.texts.join(" "));
        }
        link.send(&pos)?;
        let mut go = String::from("go");
        if self.limits.tc.is_some() {
            // USI: `btime` is sente's clock, our first player's.
            go.push_str(&format!(" btime {} wtime {} binc {} winc {}", c.time[0], c.time[1], c.inc[0], c.inc[1]));
        } else if self.limits.st.is_some() {
            go.push_str(" btime 0 wtime 0");
        }
        go.push_str(&fixed_limits(&self.limits, "byoyomi"));
        link.send(&go)?;
        let (mv, thinking) = read_bestmove(link, deadline)?;
        let side = game.pos.side();
        let answer = match mv.as_str() {
            "resign" => Answer::Resign,
            "win" => Answer::Claim { result: GameResult::win(side), reason: "bestmove win".into() },
            "(none)" | "" => Answer::NoMove,
            _ => Answer::Move { text: mv.clone(), ours: usi_move_to_ours(&game.game().shape, &mv) },
        };
        Ok(Reply { answer, thinking })
    }

    fn game_over(&mut self, link: &mut dyn Link, result: GameResult, _reason: &str, side: Color) {
        let word = match result.winner() {
            Some(w) if w == side => "win",
            Some(_) => "lose",
            None => "draw",
        };
        let _ = link.send(&format!("gameover {word}"));
    }

    fn quit(&mut self, link: &mut dyn Link) {
        let _ = link.send("quit");
    }

    fn abort(&mut self, link: &mut dyn Link, deadline: Instant) -> bool {
        stop_search(link, deadline)
    }
}
