//! Reading a GUI's position (a start and a list of moves) into a game, reusing the last one.
//!
//! UCI and USI send the whole game before every move, so a 500-move Bigorra or Tai game makes
//! the engine read and check 500 moves to play one (20–65 ms on this machine, charged to its
//! clock). When the new list only extends the last one read, from the same start in the same
//! game, the game read then is taken up and only the new moves are checked. Anything else (a
//! new start, a takeback, a changed move, another game or rule set) is read from the start.
//! The reused game is the one the same moves produced, so the answer never differs from a full
//! reading: the texts are compared, not guessed.

use super::error::{CmdResult, CommandError, Refusal};
use crate::game::Game as Compiled;
use crate::moves::Move;
use crate::position::Position;
use crate::record::Record;
use std::sync::Arc;

/// The last position read in full: its start and move texts, and the game (which knows its
/// game file).
#[derive(Clone, Default)]
pub struct Replay {
    last: Option<Read>,
}

#[derive(Clone)]
struct Read {
    fen: Option<String>,
    moves: Vec<String>,
    game: Record,
}

impl Replay {
    /// Forgets the last position (a new game: nothing is reused across games).
    pub fn clear(&mut self) {
        self.last = None;
    }

    /// The game `fen` (or the start) and `moves` describe, every move not read before checked
    /// by `parse`. On success it becomes the position reused next.
    pub fn read(
        &mut self,
        v: &Arc<Compiled>,
        fen: Option<&str>,
        moves: &[&str],
        parse: &mut dyn FnMut(&mut Position, &str) -> CmdResult<Move>,
    ) -> CmdResult<Record> {
        let (mut g, done) = match self.reusable(v, fen, moves) {
            Some(r) => (r.game.clone(), r.moves.len()),
            None => {
                let start = match fen {
                    Some(f) => Position::from_fen(v, f).map_err(CommandError::refused)?,
                    None => Position::start(v),
                };
                (Record::from_position(start), 0)
            }
        };
        for (i, t) in moves.iter().enumerate().skip(done) {
            // A finished game takes no more moves (a move after a Nutty repetition would
            // otherwise start a new game from a decided one).
            if let Some(o) = g.outcome() {
                return Err(Refusal::GameOver { number: i + 1, text: t.to_string(), outcome: o }.into());
            }
            let m = parse(&mut g.pos, t).map_err(|e| {
                CommandError::from(Refusal::GameMove { number: i + 1, text: t.to_string(), error: Box::new(e) })
            })?;
            g.play(m);
        }
        self.last = Some(Read {
            fen: fen.map(str::to_string),
            moves: moves.iter().map(ToString::to_string).collect(),
            game: g.clone(),
        });
        Ok(g)
    }

    /// The last reading, if `moves` from `fen` in `v` begin with its moves.
    fn reusable(&self, v: &Arc<Compiled>, fen: Option<&str>, moves: &[&str]) -> Option<&Read> {
        let r = self.last.as_ref()?;
        let same = Arc::ptr_eq(r.game.game(), v)
            && r.fen.as_deref() == fen
            && r.moves.len() <= moves.len()
            && r.moves.iter().zip(moves).all(|(a, b)| a == b);
        same.then_some(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;

    fn parse(p: &mut Position, t: &str) -> CmdResult<Move> {
        parse_move(p, t).map_err(CommandError::refused)
    }

    /// The game `moves` give when read with nothing to reuse.
    fn fresh(v: &Arc<Compiled>, fen: Option<&str>, moves: &[&str]) -> CmdResult<Record> {
        Replay::default().read(v, fen, moves, &mut parse)
    }

    fn same(a: &Record, b: &Record) {
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.pos.hash(), b.pos.hash());
        assert_eq!(a.pos.to_fen(), b.pos.to_fen());
    }

    #[test]
    fn an_extended_list_gives_the_game_a_full_reading_gives() {
        let v = Compiled::builtin("chu").unwrap();
        let line = ["f4f5", "g9g8", "e4e5", "f9f8", "f5f6", "g8g7"];
        let mut r = Replay::default();
        for n in 0..=line.len() {
            let g = r.read(&v, None, &line[..n], &mut parse).unwrap();
            same(&g, &fresh(&v, None, &line[..n]).unwrap());
        }
    }

    #[test]
    fn the_reused_game_keeps_the_history_the_repetition_rule_reads() {
        // Chu as we play it refuses a move that repeats an earlier position: the fourth move of
        // a Go-between shuffle is refused whether the first three were read now or before.
        let v = Compiled::builtin("chu").unwrap();
        let line = ["d5d6", "d8d7", "d6d5", "d7d8"];
        let mut r = Replay::default();
        r.read(&v, None, &line[..3], &mut parse).unwrap();
        let e = r.read(&v, None, &line, &mut parse).err().expect("a repetition");
        assert!(e.to_string().contains("repeats an earlier position"), "{e}");
        assert!(fresh(&v, None, &line).is_err());
    }

    #[test]
    fn a_takeback_a_changed_move_or_another_start_is_read_afresh() {
        let v = Compiled::builtin("chu").unwrap();
        let mut r = Replay::default();
        r.read(&v, None, &["f4f5", "g9g8", "e4e5"], &mut parse).unwrap();
        // Takeback: shorter list.
        same(&r.read(&v, None, &["f4f5"], &mut parse).unwrap(), &fresh(&v, None, &["f4f5"]).unwrap());
        // A changed move inside the list.
        let changed = ["f4f5", "f9f8", "e4e5"];
        same(&r.read(&v, None, &changed, &mut parse).unwrap(), &fresh(&v, None, &changed).unwrap());
        // Another start with the same moves.
        let fen = Position::start(&v).to_fen();
        let g = r.read(&v, Some(&fen), &changed, &mut parse).unwrap();
        same(&g, &fresh(&v, Some(&fen), &changed).unwrap());
        // Another game: the same texts are not taken for the other game's moves.
        let nutty = Compiled::builtin("nutty").unwrap();
        assert!(!Arc::ptr_eq(&v, &nutty));
        let n = r.read(&nutty, None, &[], &mut parse).unwrap();
        assert_eq!(n.pos.to_fen(), Position::start(&nutty).to_fen());
    }

    #[test]
    fn a_refused_extension_is_an_error_and_the_good_prefix_still_serves() {
        let v = Compiled::builtin("chu").unwrap();
        let mut r = Replay::default();
        r.read(&v, None, &["f4f5", "g9g8"], &mut parse).unwrap();
        let e = r.read(&v, None, &["f4f5", "g9g8", "a1a9"], &mut parse).err().expect("an illegal move");
        assert!(e.to_string().contains("move 3 (a1a9)"), "{e}");
        let line = ["f4f5", "g9g8", "e4e5"];
        same(&r.read(&v, None, &line, &mut parse).unwrap(), &fresh(&v, None, &line).unwrap());
    }
}
