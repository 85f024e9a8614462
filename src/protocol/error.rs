//! Why a GUI command was refused: one typed value per kind of mistake, with the message the
//! dialects print (`info string error: ...`, `Error (...): COMMAND`).

use std::fmt;

/// A refused command or argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command of the dialect.
    UnknownCommand(String),
    /// `setoption` / `option` with a name the engine does not offer.
    UnknownOption(String),
    /// The command's shape is wrong; the text says what was expected.
    Usage(String),
    /// A keyword or option that needs a value got none.
    MissingValue(String),
    /// A number was expected.
    NotANumber { key: String, text: String },
    /// A number too large for the engine (`go depth 99999999999`).
    TooLarge { key: String, text: String, max: u64 },
    /// An option value outside its bounds.
    OutOfRange { key: String, value: i64, min: i64, max: i64 },
    /// A check option got something other than true or false.
    NotABool(String),
    /// A word the command does not know (`go sideways`).
    UnknownWord(String),
    /// A valid request the engine does not support (`go searchmoves`).
    Unsupported(String),
    /// Valid, but not in the current state (`position` while searching).
    NotNow(String),
    /// No valid position to work on (none given yet, or the last one was refused).
    NoPosition(String),
    /// A game, FEN, move or game file the rules layer refused, with its message.
    Refused(String),
}

/// What protocol functions return on failure.
pub type CmdResult<T = ()> = Result<T, CommandError>;

impl CommandError {
    /// A refusal carrying another layer's message (`FenError`, `MoveError`, `VariantError`).
    pub fn refused(e: impl fmt::Display) -> CommandError {
        CommandError::Refused(e.to_string())
    }

    pub fn usage(text: impl Into<String>) -> CommandError {
        CommandError::Usage(text.into())
    }

    pub fn not_now(text: impl Into<String>) -> CommandError {
        CommandError::NotNow(text.into())
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CommandError::*;
        match self {
            UnknownCommand(c) => write!(f, "unknown command '{c}'"),
            UnknownOption(o) => write!(f, "unknown option '{o}'"),
            Usage(t) | NotNow(t) | Refused(t) | NoPosition(t) => f.write_str(t),
            MissingValue(k) => write!(f, "'{k}' needs a value"),
            NotANumber { key, text } => write!(f, "'{key}' needs a non-negative number, not '{text}'"),
            TooLarge { key, text, max } => write!(f, "'{key}' {text} is too large (at most {max})"),
            OutOfRange { key, value, min, max } => write!(f, "option '{key}': {value} is outside {min}..{max}"),
            NotABool(k) => write!(f, "option '{k}' needs true or false"),
            UnknownWord(w) => write!(f, "unknown word '{w}'"),
            Unsupported(w) => write!(f, "'{w}' is not supported"),
        }
    }
}

impl std::error::Error for CommandError {}
