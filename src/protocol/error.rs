//! Why a GUI command was refused: one typed value per kind of mistake, with the message the
//! dialects print (`info string error: ...`, `Error (...): COMMAND`).

use crate::book::format::BookError;
use crate::geometry::SquareError;
use crate::notation::MoveError;
use crate::position::fen::FenError;
use crate::resources::ResourceError;
use crate::rules::outcome::Outcome;
use crate::variant::VariantError;
use std::fmt;

/// A refused command or argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command of the dialect.
    UnknownCommand(String),
    /// `setoption` / `option` with a name the engine does not offer.
    UnknownOption(String),
    /// The command's shape is wrong: what was expected (boxed, as `Refused`: it keeps every
    /// protocol function's error small).
    Usage(Box<Usage>),
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
    /// A game, FEN, move, game file or book that another layer refused, with its error (boxed:
    /// the other layers' errors are large, and every protocol function returns this type).
    Refused(Box<Refusal>),
}

/// What protocol functions return on failure.
pub type CmdResult<T = ()> = Result<T, CommandError>;

impl CommandError {
    /// A refusal carrying another layer's error (`FenError`, `MoveError`, `VariantError`, ...).
    pub fn refused(e: impl Into<Refusal>) -> CommandError {
        CommandError::Refused(Box::new(e.into()))
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
            Usage(u) => write!(f, "{u}"),
            Refused(r) => write!(f, "{r}"),
            NotNow(t) | NoPosition(t) => f.write_str(t),
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

/// A command of the wrong shape: what was expected, with the words or squares that are wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Usage {
    /// `UCI_Variant`, `variant` and the like without a name.
    NoGameName,
    /// A `go` limit of 0.
    ZeroLimit,
    /// `setoption` without `name`.
    SetoptionShape,
    /// `setoption name` without a name.
    NoOptionName,
    /// An option that needs a value got none: the option.
    OptionNeedsValue(String),
    /// A spin option's value is not a number: the option and the value.
    OptionNotANumber { name: String, value: String },
    /// A rule option's value that the game's data file refuses.
    RuleOption(VariantError),
    /// `position startpos` followed by something other than `moves`: the rest.
    AfterStartpos(String),
    /// `position fen` (or `sfen`) with no FEN: the word.
    PositionNeedsFen(&'static str),
    /// `position` followed by something other than `startpos` or the FEN word: the word, and it.
    PositionHead { word: &'static str, found: String },
    /// `position` alone: the FEN word.
    PositionEmpty(&'static str),
    /// USI `gameover` with a word other than win, lose or draw: the word.
    GameoverWord(String),
    /// An SFEN with no field.
    EmptySfen,
    /// An SFEN side to move other than `b` or `w`: the field.
    SfenSide(String),
    /// An SFEN of more than 4 fields: how many.
    SfenFields(usize),
    /// An SFEN field 3 that starts like a USI square but is more: the field.
    SfenCounterNotSquare(String),
    /// An SFEN field 3 that is no square of ours: the field, and why.
    SfenCounter { text: String, error: SquareError },
    /// An SFEN move number that is not a number: the field.
    SfenMoveNumber(String),
    /// An XBoard FEN with no field.
    EmptyFen,
    /// An XBoard FEN placement that ends after a `+`: the token so far.
    FenEndsAfter(String),
    /// A character in an XBoard FEN placement that is no digit, `/`, `+` or letter.
    FenUnexpected(char),
    /// A piece an XBoard FEN placement names that the game does not have: its token.
    FenUnknownPiece(String),
    /// An XBoard FEN side to move other than `w` or `b`: the field.
    FenSide(String),
    /// An XBoard move's promotion suffix that names no piece: the suffix.
    UnknownPromotion(String),
    /// XBoard `variant` with a name the engine does not know.
    UnknownVariant,
    /// XBoard `memory` without a size.
    MemorySize,
    /// XBoard `cores` without a positive number.
    Cores,
    /// A line XBoard's dialect does not know.
    UnknownCommand,
    /// `level` without its three fields.
    LevelShape,
    /// `level`'s base time as `min:sec` with bad minutes: the base time.
    BadMinutes(String),
    /// `level`'s base time as `min:sec` with bad seconds: the base time.
    BadSeconds(String),
    /// `level`'s moves per session is not a number: the field.
    MovesPerSession(String),
    /// `level`'s base time is not a number: the field.
    BaseNotANumber(String),
    /// `level`'s base time is out of range: the field.
    BaseOutOfRange(String),
    /// `level`'s increment is not a number: the field.
    IncrementNotANumber(String),
    /// `level`'s increment is out of range: the field.
    IncrementOutOfRange(String),
    /// `time` or `otim` without a number.
    BadTime,
    /// `st` without a positive number.
    StSeconds,
    /// `sd` without a positive depth.
    SdDepth,
    /// No USI square (file number, rank letter) at the start of the text: the text.
    UsiSquareExpected(String),
    /// A USI file number with a leading zero: the text.
    UsiLeadingZero(String),
    /// A USI file number that cannot be read: the text.
    UsiBadFile(String),
    /// A USI square with no rank letter: the text.
    UsiNoRank(String),
    /// A USI square whose rank letter is not lower case: the square as read.
    UsiRankCase(String),
    /// A USI square off the board: the square, and the board's files and ranks.
    UsiOffBoard { square: String, files: u8, ranks: u8 },
    /// Something other than `+` or `=` after a USI move's squares: it, and the move.
    UsiSuffix { suffix: String, text: String },
    /// A USI move of the wrong number of squares: the move, and how many.
    UsiSquareCount { text: String, count: usize },
    /// No XBoard square at the start of the text: the text.
    SquareExpected(String),
    /// An XBoard square with no rank number: the file letter.
    NoRankNumber(String),
    /// An XBoard rank number that cannot be read: the square as read.
    BadRank(String),
    /// An XBoard square off the board (`i@` beyond a 16-rank board's files): the square.
    OffTheBoard(String),
    /// An XBoard square off the board: the square, and the board's files and ranks.
    OffBoard { square: String, files: u8, ranks: u8 },
    /// Text after a leg of an XBoard move that is not its last: the text, the leg's number, the move.
    AfterLeg { rest: String, leg: usize, text: String },
}

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Usage::*;
        match self {
            NoGameName => f.write_str("no game name given"),
            ZeroLimit => f.write_str("depth, nodes, mate and perft must be at least 1"),
            SetoptionShape => f.write_str("expected 'setoption name <name> [value <value>]'"),
            NoOptionName => f.write_str("option name missing"),
            OptionNeedsValue(name) => write!(f, "option '{name}' needs a value"),
            OptionNotANumber { name, value } => write!(f, "option '{name}': '{value}' is not a number"),
            RuleOption(e) => write!(f, "{e}"),
            AfterStartpos(rest) => write!(f, "unexpected '{rest}' after startpos"),
            PositionNeedsFen(word) => write!(f, "'position {word}' needs a {}", word.to_uppercase()),
            PositionHead { word, found } => write!(f, "expected 'startpos' or '{word}', not '{found}'"),
            PositionEmpty(word) => {
                write!(f, "expected 'position startpos|{word} <{}> [moves ...]'", word.to_uppercase())
            }
            GameoverWord(w) => write!(f, "'gameover' expects win, lose or draw, not '{w}'"),
            EmptySfen => f.write_str("empty SFEN"),
            SfenSide(s) => write!(f, "SFEN side to move '{s}' is not 'b' (sente) or 'w' (gote)"),
            SfenFields(n) => write!(f, "SFEN has {n} fields; at most 4 are allowed"),
            SfenCounterNotSquare(t) => write!(f, "SFEN field 3 '{t}' is not a square"),
            SfenCounter { text, error } => write!(f, "SFEN field 3 '{text}': {error}"),
            SfenMoveNumber(t) => write!(f, "SFEN move number '{t}' is not a number"),
            EmptyFen => f.write_str("empty FEN"),
            FenEndsAfter(tok) => write!(f, "FEN ends after '{tok}'"),
            FenUnexpected(c) => write!(f, "unexpected '{c}' in the FEN placement"),
            FenUnknownPiece(tok) => write!(f, "unknown piece '{tok}' in the FEN placement"),
            FenSide(s) => write!(f, "side to move '{s}' is not 'w' or 'b'"),
            UnknownPromotion(s) => write!(f, "unknown promotion piece '{s}'"),
            UnknownVariant => f.write_str("unknown variant"),
            MemorySize => f.write_str("memory needs a size in MB"),
            Cores => f.write_str("cores needs a positive number"),
            UnknownCommand => f.write_str("unknown command"),
            LevelShape => f.write_str("expected 'level MPS BASE INC'"),
            BadMinutes(t) => write!(f, "bad minutes in '{t}'"),
            BadSeconds(t) => write!(f, "bad seconds in '{t}'"),
            MovesPerSession(t) => write!(f, "moves per session '{t}' is not a number"),
            BaseNotANumber(t) => write!(f, "base time '{t}' is not a number"),
            BaseOutOfRange(t) => write!(f, "base time '{t}' is out of range"),
            IncrementNotANumber(t) => write!(f, "increment '{t}' is not a number"),
            IncrementOutOfRange(t) => write!(f, "increment '{t}' is out of range"),
            BadTime => f.write_str("bad time"),
            StSeconds => f.write_str("st needs a positive number of seconds"),
            SdDepth => f.write_str("sd needs a positive depth"),
            UsiSquareExpected(t) => write!(f, "expected a USI square (file number, rank letter) at '{t}'"),
            UsiLeadingZero(t) => write!(f, "file number in '{t}' has a leading zero"),
            UsiBadFile(t) => write!(f, "bad file number in '{t}'"),
            UsiNoRank(t) => write!(f, "USI square '{t}' has no rank letter"),
            UsiRankCase(t) => write!(f, "USI square '{t}' needs a lower-case rank letter"),
            UsiOffBoard { square, files, ranks } => write!(f, "USI square '{square}' is off the {files}x{ranks} board"),
            UsiSuffix { suffix, text } => {
                write!(f, "unexpected '{suffix}' after the squares of '{text}' (only '+' or '=' may follow)")
            }
            UsiSquareCount { text, count } => {
                write!(f, "'{text}' has {count} squares; a move has 2 (or 3 for a lion double move)")
            }
            SquareExpected(t) => write!(f, "expected a square at '{t}'"),
            NoRankNumber(t) => write!(f, "square '{t}' has no rank number"),
            BadRank(t) => write!(f, "bad rank in '{t}'"),
            OffTheBoard(t) => write!(f, "square '{t}' is off the board"),
            OffBoard { square, files, ranks } => write!(f, "square '{square}' is off the {files}x{ranks} board"),
            AfterLeg { rest, leg, text } => write!(f, "unexpected '{rest}' after leg {leg} of '{text}'"),
        }
    }
}

impl From<Usage> for CommandError {
    fn from(u: Usage) -> CommandError {
        CommandError::Usage(Box::new(u))
    }
}

/// A valid command that the rules, a data file or the machine refuse, with the other layer's
/// error where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game cannot be made (unknown name, a rule option it refuses).
    Variant(VariantError),
    /// A move the rules refuse or cannot read.
    Move(MoveError),
    /// A move the rules refuse, shown by its reason alone (XBoard's `Illegal move (REASON)`).
    MoveReason(MoveError),
    /// A FEN the rules refuse.
    Fen(FenError),
    /// A square that is not on the board.
    Square(SquareError),
    /// A hash size or thread count out of bounds, or a hash table that cannot be allocated.
    Resource(ResourceError),
    /// A folder of game files that cannot be read: it, and the system's words (an `io::Error`
    /// is neither `Clone` nor `Eq`, so its text is kept).
    Folder { path: String, error: String },
    /// No game file in the paths given.
    NoGameFile(String),
    /// A game file that cannot be read: it, and the system's words (as for `Folder`).
    GameFileUnread { path: String, error: String },
    /// A game file that is not a valid game: it, and why.
    GameFile { path: String, error: VariantError },
    /// A book file that cannot be read: it, and the system's words (as for `Folder`).
    BookUnread { path: String, error: String },
    /// A book for a game Kyodai does not know: the file, the game, and why.
    BookGame { path: String, game: String, error: Box<CommandError> },
    /// A book that does not read: the file, why, and the game it was read as when it names none.
    Book { path: String, error: BookError, read_as: Option<String> },
    /// USI plays only the shogi games: the game, and those it offers.
    NotShogi { game: String, offered: Vec<String> },
    /// Rule options set while a loaded game file is the game: its name.
    RuleOptionsOnFile(String),
    /// An XBoard `setboard` that is refused: why.
    IllegalPosition(Box<CommandError>),
    /// A game larger than XBoard's board: its title, files, ranks, piece types, and XBoard's
    /// largest side.
    XboardBoard { title: String, files: u8, ranks: u8, pieces: usize, max: u8 },
    /// A game of more piece types than XBoard has letters: its title, piece types, and XBoard's
    /// most.
    XboardPieceTypes { title: String, pieces: usize, max: usize },
    /// A game whose pieces do not all fit XBoard's piece table: its title, its piece types, and
    /// those left without a slot.
    XboardTable { title: String, pieces: usize, left: Vec<String> },
    /// A move after the end of the game: its number (from 1), its text, and how the game ended.
    GameOver { number: usize, text: String, outcome: Outcome },
    /// A move of a `position` command that is refused: its number (from 1), its text, and why.
    GameMove { number: usize, text: String, error: Box<CommandError> },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            Variant(e) => write!(f, "{e}"),
            Move(e) => write!(f, "{e}"),
            MoveReason(e) => f.write_str(&e.reason()),
            Fen(e) => write!(f, "{e}"),
            Square(e) => write!(f, "{e}"),
            Resource(e) => write!(f, "{e}"),
            Folder { path, error } => write!(f, "cannot read folder '{path}': {error}"),
            NoGameFile(paths) => write!(f, "no game file found in '{paths}'"),
            GameFileUnread { path, error } => write!(f, "cannot read game file '{path}': {error}"),
            GameFile { path, error } => write!(f, "{path}: {error}"),
            BookUnread { path, error } => write!(f, "cannot read book {path}: {error}"),
            BookGame { path, game, error } => {
                write!(f, "book {path}: it is for the game '{game}', which Kyodai does not know ({error})")
            }
            Book { path, error, read_as: None } => write!(f, "book {path}: {error}"),
            Book { path, error, read_as: Some(game) } => {
                write!(f, "book {path}: {error} (read as a {game} book: it has no '# variant: NAME' line)")
            }
            NotShogi { game, offered } => write!(f, "'{game}' is not a shogi game; USI offers {}", offered.join(", ")),
            RuleOptionsOnFile(game) => write!(f, "rule options apply to built-in games, not to '{game}'"),
            IllegalPosition(e) => write!(f, "illegal position: {e}"),
            XboardBoard { title, files, ranks, pieces, max } => write!(
                f,
                "{title} is {files}x{ranks} with {pieces} piece types, beyond XBoard's {max}x{max} board and \
                 letters; use UCI or USI"
            ),
            XboardPieceTypes { title, pieces, max } => {
                write!(f, "{title} has {pieces} piece types; XBoard supports at most {max}")
            }
            XboardTable { title, pieces, left } => write!(
                f,
                "{title} has {pieces} piece types, more than XBoard's piece table holds: {} would have no \
                 picture and their moves no XBoard notation; use UCI or USI",
                left.join(", ")
            ),
            GameOver { number, text, outcome } => write!(f, "move {number} ({text}): the game is over ({outcome})"),
            GameMove { number, text, error } => write!(f, "move {number} ({text}): {error}"),
        }
    }
}

impl From<Refusal> for CommandError {
    fn from(r: Refusal) -> CommandError {
        CommandError::Refused(Box::new(r))
    }
}

impl From<VariantError> for Refusal {
    fn from(e: VariantError) -> Refusal {
        Refusal::Variant(e)
    }
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Refusal {
        Refusal::Move(e)
    }
}

impl From<FenError> for Refusal {
    fn from(e: FenError) -> Refusal {
        Refusal::Fen(e)
    }
}

impl From<SquareError> for Refusal {
    fn from(e: SquareError) -> Refusal {
        Refusal::Square(e)
    }
}

impl From<ResourceError> for Refusal {
    fn from(e: ResourceError) -> Refusal {
        Refusal::Resource(e)
    }
}

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
