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

/// At most this many characters of a command are echoed in an error line.
pub const ECHO_MAX: usize = 80;
/// At most this many characters of an error's own message (which may quote the input).
pub const MESSAGE_MAX: usize = 240;

/// `text` cut after `max` characters, `...` marking the cut.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((i, _)) => format!("{}...", &text[..i]),
    }
}

/// The command as an error line echoes it: trimmed and clipped to [`ECHO_MAX`] characters, so
/// a huge input line never makes a huge error line.
pub fn echo(line: &str) -> String {
    clip(line.trim(), ECHO_MAX)
}

/// An error message as printed: one line (a multi-line message, such as a TOML parser's
/// with its source excerpt, is joined with ` / `, the excerpt's marker lines dropped), clipped
/// to [`MESSAGE_MAX`] characters.
pub fn message(e: &impl fmt::Display) -> String {
    let text = e.to_string();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.chars().all(|c| c == '|' || c == '^' || c.is_whitespace()))
        .collect();
    clip(&lines.join(" / "), MESSAGE_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_echoed_as_a_short_prefix() {
        assert_eq!(echo("  go depth 1 "), "go depth 1");
        let long = "é".repeat(100);
        assert_eq!(echo(&long), format!("{}...", "é".repeat(80)));
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcd", 3), "abc...");
        let toml =
            "bad.toml: TOML parse error at line 4, column 9\n  |\n4 | ranks = x\n  |         ^\ninvalid string\n";
        assert_eq!(message(&toml), "bad.toml: TOML parse error at line 4, column 9 / 4 | ranks = x / invalid string");
    }
}
