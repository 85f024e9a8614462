//! Reading a game record in PGN form with moves in our notation, as `kyodai match` writes
//! them: tag pairs (`[Variant "chu"]`, `[FEN "..."]`, ...), then the moves with move numbers,
//! `{comments}` after moves, and the result. Variations `( ... )`, `;` comments and `$n`
//! annotations are skipped. Only the first game of a file is read.

use crate::record::GameResult;
use std::fmt;

/// Why a game record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    UnclosedTag,
    UnclosedComment,
    UnclosedVariation,
    /// The tag pair's text between the brackets.
    NoValue(String),
    /// The tag's name.
    UnquotedValue(String),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::UnclosedTag => f.write_str("a tag pair '[' is not closed"),
            PgnError::UnclosedComment => f.write_str("a comment '{' is not closed"),
            PgnError::UnclosedVariation => f.write_str("a variation '(' is not closed"),
            PgnError::NoValue(inner) => write!(f, "tag pair '[{inner}]' has no value"),
            PgnError::UnquotedValue(key) => write!(f, "tag '{key}': the value must be in double quotes"),
        }
    }
}

impl std::error::Error for PgnError {}

/// One game record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The comment after each move (same length as `moves`).
    pub comments: Vec<Option<String>>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` when the movetext ends with one.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of a tag, by case-insensitive name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Reads a KIF record (`crate::kifu`): its game is the one its `手合割` line names, else
/// `current` (lishogi's Chu exports name none).
pub fn from_kif(text: &str, current: &crate::variant::Variant) -> Result<PgnGame, crate::kifu::KifuError> {
    use crate::kifu::KifuError;
    let k = crate::kifu::parse_kif(text)?;
    let g = match k.to_pgn(None) {
        Err(KifuError::UnknownGame { named: None }) => k.to_pgn(Some(current))?,
        other => other?,
    };
    let comments = g.comments.iter().map(|c| (!c.is_empty()).then(|| c.join(" "))).collect();
    Ok(PgnGame { tags: g.tags, moves: g.moves, comments, result: Some(g.result.text().to_string()) })
}

/// The game on the board as a KIF record (UTF-8, `crate::kifu`), for the page's "Save KIF":
/// the whole line, the comments, the players and the result so far.
pub fn to_kif(s: &mut super::session::Session) -> Result<String, crate::kifu::KifuError> {
    let name = |p: super::session::Player| match p {
        super::session::Player::Human => "human".to_string(),
        super::session::Player::Engine(i) => s.engines[i].name.clone(),
    };
    let h = crate::kifu::KifHeader {
        date: Some(crate::tournament::pgn::today()),
        event: None,
        site: Some("Kyodai web board".into()),
        sente: name(s.players[0]),
        gote: name(s.players[1]),
        sjis: false,
    };
    let (result, reason) = s.result().map_or((GameResult::Unfinished, None), |(r, why)| (r, Some(why)));
    let moves = s.line_texts();
    let notes: Vec<Option<String>> = (0..moves.len()).map(|i| s.comments.get(i).cloned().flatten()).collect();
    crate::kifu::write_kif(&s.game.start, &moves, &notes, result, reason.as_deref(), &h)
}

/// Reads the first game of `text`.
pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
    let mut g = PgnGame::default();
    let mut chars = text.char_indices().peekable();
    let mut seen_moves = false;
    while let Some(&(i, c)) = chars.peek() {
        match c {
            '[' if !seen_moves => {
                let end = text[i..].find(']').ok_or(PgnError::UnclosedTag)? + i;
                g.tags.push(tag_pair(&text[i + 1..end])?);
                skip_to(&mut chars, end + 1);
            }
            '[' => break, // the next game's tags
            '{' => {
                let end = text[i..].find('}').ok_or(PgnError::UnclosedComment)? + i;
                let c = text[i + 1..end].split_whitespace().collect::<Vec<_>>().join(" ");
                if let Some(last) = g.comments.last_mut() {
                    *last = Some(match last.take() {
                        Some(prev) => format!("{prev} {c}"),
                        None => c,
                    });
                }
                skip_to(&mut chars, end + 1);
            }
            ';' => {
                let end = text[i..].find('\n').map_or(text.len(), |e| e + i);
                skip_to(&mut chars, end);
            }
            '(' => {
                let end = variation_end(text, i)?;
                skip_to(&mut chars, end + 1);
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            _ => {
                let end = text[i..]
                    .find(|ch: char| ch.is_whitespace() || "{}();[".contains(ch))
                    .map_or(text.len(), |e| e + i);
                seen_moves = true;
                if token(&mut g, &text[i..end]) {
                    break;
                }
                skip_to(&mut chars, end);
            }
        }
    }
    Ok(g)
}

fn skip_to(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>, end: usize) {
    while chars.peek().is_some_and(|&(j, _)| j < end) {
        chars.next();
    }
}

/// `Key "Value"` with `\"` and `\\` escapes.
fn tag_pair(inner: &str) -> Result<(String, String), PgnError> {
    let inner = inner.trim();
    let (key, rest) = inner.split_once(char::is_whitespace).ok_or_else(|| PgnError::NoValue(inner.to_string()))?;
    let rest = rest.trim();
    let value = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| PgnError::UnquotedValue(key.to_string()))?;
    Ok((key.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

fn variation_end(text: &str, start: usize) -> Result<usize, PgnError> {
    let mut depth = 0;
    for (j, ch) in text[start..].char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(start + j);
                }
            }
            _ => {}
        }
    }
    Err(PgnError::UnclosedVariation)
}

/// Handles one movetext token; true when it was the result (the game ends).
fn token(g: &mut PgnGame, tok: &str) -> bool {
    if let Ok(r) = tok.parse::<GameResult>() {
        g.result = Some(r.text().to_string());
        return true;
    }
    if tok.starts_with('$') {
        return false;
    }
    // Move numbers: `12.`, `12...`, or glued to the move (`12.e4e5`).
    let t = tok.trim_start_matches(|c: char| c.is_ascii_digit());
    let t = if t.len() < tok.len() && t.starts_with('.') { t.trim_start_matches('.') } else { tok };
    if !t.is_empty() {
        g.moves.push(t.to_string());
        g.comments.push(None);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_record() {
        let text = "[Event \"kyodai match\"]\n[Variant \"chu\"]\n[FEN \"a \\\"b\\\"\"]\n\n\
                    1. f4f5 {+0.05/3 0.1s} g9g8 {-0.10/3}\n2. e5e6,e6e7 $1 (2. x1x2 (y)) ; note\n d8d7+ 1-0\n[Event \"next\"]\n1. a1a2";
        let g = parse(text).unwrap();
        assert_eq!(g.tag("variant"), Some("chu"));
        assert_eq!(g.tag("FEN"), Some("a \"b\""));
        assert_eq!(g.moves, ["f4f5", "g9g8", "e5e6,e6e7", "d8d7+"]);
        assert_eq!(g.comments[0].as_deref(), Some("+0.05/3 0.1s"));
        assert_eq!(g.comments[1].as_deref(), Some("-0.10/3"));
        assert_eq!(g.comments[2], None);
        assert_eq!(g.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn glued_numbers_and_errors() {
        let g = parse("1.a1a2 1...b1b2 2.c1c2").unwrap();
        assert_eq!(g.moves, ["a1a2", "b1b2", "c1c2"]);
        assert!(parse("[Variant chu]").is_err());
        assert!(parse("1. a1a2 {open").is_err());
        assert!(parse("1. a1a2 (b1b2").is_err());
    }
}
