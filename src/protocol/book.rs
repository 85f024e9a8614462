//! The opening book the protocols play from: the game's built-in book, or a book file the GUI
//! names (UCI `BookFile`, USI `USI_BookFile`, XBoard `option BookFile=...`, or `--book FILE`
//! on `kyodai uci|usi|xboard`).
//!
//! A book file is one game's book, and while one is set it is the engine's only book: in its
//! game its moves are played, in other games none (a GUI that names a file wants that book, not
//! ours mixed in). The file is read and checked when it is set, so a missing or bad file is
//! refused at once with the reason and the line; it is checked again for the game being played
//! whenever that game changes (rule options can make one of its lines illegal), and a file that
//! does not fit is reported once and leaves the engine without a book.

use super::error::{CmdResult, CommandError, Refusal};
use crate::book::format::{declared_game, BookError};
use crate::book::{shipped_shared, Book};
use crate::game::Game;
use std::fmt;
use std::sync::Arc;

/// A book file that does not fit the game being played (reported once per game): the file,
/// and why.
#[derive(Clone, Debug)]
pub struct BookUnfit {
    /// The file, as set.
    pub path: String,
    /// Why it does not fit.
    pub error: BookError,
}

impl fmt::Display for BookUnfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book {} does not fit this game ({}); playing without a book", self.path, self.error)
    }
}

impl std::error::Error for BookUnfit {}

/// Where the engine's book comes from.
#[derive(Default)]
pub struct BookSource {
    file: Option<BookFile>,
}

/// A book file as set by the GUI.
struct BookFile {
    path: String,
    text: String,
    /// The game the file says it is for (`# variant: NAME`), if it says.
    declared: Option<String>,
    /// The book read for the last game asked about (by [`game_key`]); `None` when it does not
    /// fit that game.
    cache: Option<(String, Option<Arc<Book>>)>,
}

/// A game with its rule options: the name and the start position.
fn game_key(v: &Game) -> String {
    format!("{} {}", v.name, v.start_fen)
}

/// Whether an option value means "no file: the built-in book".
pub fn is_empty_value(value: Option<&str>) -> bool {
    matches!(value.map(str::trim), None | Some("" | "<empty>"))
}

impl BookSource {
    /// The file set, if any.
    pub fn file(&self) -> Option<&str> {
        self.file.as_ref().map(|f| f.path.as_str())
    }

    /// Uses the book file `path` from now on (`None` or empty: the built-in books again). The
    /// file is read and every line checked against the game it declares (found by `find`) or,
    /// when it declares none, against `current`. Refused with the file and the line when it
    /// cannot be read or a line is wrong; the previous choice then stays.
    pub fn set_file(
        &mut self,
        path: Option<&str>,
        current: &Arc<Game>,
        find: &dyn Fn(&str) -> CmdResult<Arc<Game>>,
    ) -> CmdResult {
        let Some(path) = path.map(str::trim).filter(|_| !is_empty_value(path)) else {
            self.file = None;
            return Ok(());
        };
        let text = std::fs::read_to_string(path)
            .map_err(|e| CommandError::from(Refusal::BookUnread { path: path.to_string(), error: e.to_string() }))?;
        let declared = declared_game(&text).map(str::to_string);
        let game = match &declared {
            Some(name) if *name != current.name => find(name).map_err(|e| {
                CommandError::from(Refusal::BookGame { path: path.to_string(), game: name.clone(), error: Box::new(e) })
            })?,
            _ => Arc::clone(current),
        };
        let book = Book::from_text(&game, &text).map_err(|error| {
            let read_as = declared.is_none().then(|| game.name.clone());
            CommandError::from(Refusal::Book { path: path.to_string(), error, read_as })
        })?;
        let cache = Some((game_key(&game), Some(Arc::new(book))));
        self.file = Some(BookFile { path: path.to_string(), text, declared, cache });
        Ok(())
    }

    /// The book for the game `v`: the file's when one is set (none when the file is for
    /// another game), otherwise the game's built-in book. An error, once per game, when the
    /// file does not fit `v`.
    pub fn book(&mut self, v: &Arc<Game>) -> Result<Option<Arc<Book>>, BookUnfit> {
        let Some(f) = &mut self.file else { return Ok(shipped_shared(v)) };
        let key = game_key(v);
        if let Some((k, book)) = &f.cache {
            if *k == key {
                return Ok(book.clone());
            }
        }
        if f.declared.as_ref().is_some_and(|d| *d != v.name) {
            f.cache = Some((key, None));
            return Ok(None);
        }
        let read = Book::from_text(v, &f.text).map(Arc::new);
        f.cache = Some((key, read.as_ref().ok().cloned()));
        match read {
            Ok(b) => Ok(Some(b)),
            Err(error) => Err(BookUnfit { path: f.path.clone(), error }),
        }
    }
}
