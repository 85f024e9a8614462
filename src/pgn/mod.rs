//! PGN, with moves in our move text: the one reader and writer of game records in PGN, for
//! `kyodai match --pgnout`, `kyodai pgn stats`, `kyodai annotate`, `--openings format=pgn`,
//! `kyodai tune`'s games and the web board's "Load a game". A KIF record is read into the same
//! [`PgnGame`] (`crate::kifu`), so whatever reads PGN reads KIF too.
//!
//! The reader takes what people and programs write: tag pairs (`[Variant "chu"]`, several on a
//! line if need be), move numbers (`12.`, `12...`, or glued to the move: `12.f4f5`), `!` and `?`
//! marks after a move (dropped), `{comments}` (kept, after the move they follow), and the result
//! (`1-0`, `0-1`, `1/2-1/2`, `*`), which ends the game. Variations `( ... )`, `;` comments and
//! `$n` annotations are skipped. A file holds any number of games; a game's tags start the next.

mod read;
mod write;

pub use read::{read_first, read_pgn};
pub use write::{movetext, today, wrap, write_game, FirstMove};

use crate::record::GameResult;
use std::fmt;

/// One game record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    /// The tag pairs, in the order read.
    pub tags: Vec<(String, String)>,
    /// The moves, in our move text as written (numbers and `!`/`?` marks dropped).
    pub moves: Vec<String>,
    /// The comments after each move (as many lists as moves).
    pub comments: Vec<Vec<String>>,
    /// A comment before the first move, or, when there is no move, the comment of the game. A
    /// writer puts it after the last move, where a reader finds it as that move's last comment.
    pub final_comment: Option<String>,
    /// The result the movetext ends with; `Unfinished` when it ends with `*` or with none.
    pub result: GameResult,
}

impl PgnGame {
    /// The value of a tag, by its name in any case (`Variant`, `variant`).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The result the record states: its `Result` tag if it has one (`Unfinished` when that
    /// is no result), else the movetext's.
    pub fn stated_result(&self) -> GameResult {
        match self.tag("Result") {
            Some(t) => t.trim().parse().unwrap_or(GameResult::Unfinished),
            None => self.result,
        }
    }
}

/// Why a PGN text cannot be read; lines count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A tag pair, the line it is on, and what is wrong with it.
    Tag {
        /// The line of its `[`.
        line: usize,
        /// What is wrong.
        why: TagError,
    },
    /// A comment `{` is not closed: the line it opens on.
    UnclosedComment {
        /// The line of its `{`.
        line: usize,
    },
    /// A variation `(` is not closed: the line it opens on.
    UnclosedVariation {
        /// The line of its `(`.
        line: usize,
    },
}

/// What is wrong with a tag pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagError {
    /// No `]` closes it on its line.
    Unclosed,
    /// It has a name and no value.
    NoValue,
    /// Its value is not in double quotes.
    Unquoted,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Tag { line, why } => {
                let why = match why {
                    TagError::Unclosed => "a tag pair must end with ']' on its line",
                    TagError::NoValue => "a tag pair needs a name and a value",
                    TagError::Unquoted => "a tag value must be in double quotes",
                };
                write!(f, "line {line}: {why}")
            }
            PgnError::UnclosedComment { line } => write!(f, "line {line}: a comment '{{' is not closed"),
            PgnError::UnclosedVariation { line } => write!(f, "line {line}: a variation '(' is not closed"),
        }
    }
}

impl std::error::Error for PgnError {}
