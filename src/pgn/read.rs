//! The PGN reader: one pass over the text, game by game.

use super::{PgnError, PgnGame, TagError};
use crate::record::GameResult;

/// Reads every game of a PGN text.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut r = Reader { text, at: 0 };
    let mut games = Vec::new();
    while let Some(g) = r.game()? {
        games.push(g);
    }
    Ok(games)
}

/// Reads the first game of a PGN text (an empty game when there is none); what follows it is
/// not read, so an error in a later game does not matter.
pub fn read_first(text: &str) -> Result<PgnGame, PgnError> {
    Ok(Reader { text, at: 0 }.game()?.unwrap_or_default())
}

/// Where a movetext token ends, besides white space.
const TOKEN_END: &str = "{}();[";

struct Reader<'a> {
    text: &'a str,
    /// The byte offset read up to.
    at: usize,
}

impl Reader<'_> {
    /// The line (from 1) of byte offset `i`.
    fn line(&self, i: usize) -> usize {
        self.text[..i].matches('\n').count() + 1
    }

    /// The end of the line holding offset `i` (the offset of its `\n`, or the text's end).
    fn line_end(&self, i: usize) -> usize {
        self.text[i..].find('\n').map_or(self.text.len(), |e| i + e)
    }

    /// The next game, or `None` when the text holds no more. A game ends with its result, or
    /// where the next game's tags begin.
    fn game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut g = PgnGame::default();
        let mut in_moves = false;
        let mut ended = false;
        while let Some(c) = self.skip_space() {
            let i = self.at;
            match c {
                '[' if in_moves => break,
                '[' => {
                    let end = self.line_end(i);
                    let close = tag_end(&self.text[i..end])
                        .ok_or(PgnError::Tag { line: self.line(i), why: TagError::Unclosed })?;
                    g.tags.push(
                        read_tag(&self.text[i + 1..i + close])
                            .map_err(|why| PgnError::Tag { line: self.line(i), why })?,
                    );
                    self.at = i + close + 1;
                }
                '{' => {
                    let close = self.text[i..].find('}').ok_or(PgnError::UnclosedComment { line: self.line(i) })?;
                    let body = self.text[i + 1..i + close].split_whitespace().collect::<Vec<_>>().join(" ");
                    match g.comments.last_mut() {
                        Some(after) => after.push(body),
                        None => g.final_comment = Some(body),
                    }
                    self.at = i + close + 1;
                }
                ';' => self.at = self.line_end(i),
                '(' => self.at = self.variation_end(i)?,
                // A stray closing bracket closes nothing: it is passed over.
                ')' | '}' => self.at = i + 1,
                _ => {
                    let end = self.text[i..]
                        .find(|ch: char| ch.is_whitespace() || TOKEN_END.contains(ch))
                        .map_or(self.text.len(), |e| i + e);
                    self.at = end;
                    in_moves = true;
                    let token = &self.text[i..end];
                    if let Ok(r) = token.parse::<GameResult>() {
                        g.result = r;
                        ended = true;
                        break;
                    }
                    if let Some(m) = move_of(token) {
                        g.moves.push(m.to_string());
                        g.comments.push(Vec::new());
                    }
                }
            }
        }
        let any = ended || !g.tags.is_empty() || !g.moves.is_empty() || g.final_comment.is_some();
        Ok(any.then_some(g))
    }

    /// Passes over white space; the next character, if any.
    fn skip_space(&mut self) -> Option<char> {
        let rest = &self.text[self.at..];
        let trimmed = rest.trim_start();
        self.at += rest.len() - trimmed.len();
        trimmed.chars().next()
    }

    /// The offset after the `)` that closes the variation opened at `start`, with the
    /// variations inside it and the comments, which may hold brackets of their own.
    fn variation_end(&self, start: usize) -> Result<usize, PgnError> {
        let unclosed = || PgnError::UnclosedVariation { line: self.line(start) };
        let mut depth = 0;
        let mut i = start;
        while i < self.text.len() {
            match self.text.as_bytes()[i] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(i + 1);
                    }
                }
                b'{' => i += self.text[i..].find('}').ok_or(PgnError::UnclosedComment { line: self.line(i) })?,
                b';' => i = self.line_end(i),
                _ => {}
            }
            i += 1;
        }
        Err(unclosed())
    }
}

/// The offset of the `]` that closes a tag pair starting at `line[0]`, outside its quoted value.
fn tag_end(line: &str) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (j, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(j),
            _ => {}
        }
    }
    None
}

/// Reads the inside of a tag pair, `Key "Value"`, with `\"` and `\\` escapes.
fn read_tag(inner: &str) -> Result<(String, String), TagError> {
    let (k, v) = inner.trim().split_once(char::is_whitespace).ok_or(TagError::NoValue)?;
    let v = v.trim();
    let v = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or(TagError::Unquoted)?;
    Ok((k.to_string(), v.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// The move of a movetext token, without move numbers and `!`/`?` marks; `None` for a bare
/// number or a `$n` annotation.
fn move_of(token: &str) -> Option<&str> {
    if token.starts_with('$') {
        return None;
    }
    let t = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let t = if t.len() < token.len() && t.starts_with('.') { t.trim_start_matches('.') } else { token };
    let t = t.trim_end_matches(['!', '?']);
    (!t.is_empty()).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_with_comments_variations_and_marks() {
        let text = "[Event \"t \\\"q\\\" ]\"]\n[Result \"1-0\"]\n\n1. f4f5 {book} g9g8 2. e5e6,e6e7+! {+0.35/12\n0.812s} \
                    (2. a1a2 {a (b} b1b2 (c) ; )\n) $1 h8h7?? ; rest\n3. @@@@ {White wins} 1-0\n[Event \"b\"][Round \"2\"]\n1... a1a2 *\n";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("event"), Some("t \"q\" ]"));
        assert_eq!(g[0].moves, ["f4f5", "g9g8", "e5e6,e6e7+", "h8h7", "@@@@"]);
        assert_eq!(g[0].comments[0], ["book"]);
        assert_eq!(g[0].comments[2], ["+0.35/12 0.812s"]);
        assert_eq!(g[0].comments[4], ["White wins"]);
        assert_eq!(g[0].result, GameResult::WhiteWins);
        assert_eq!(g[1].tag("Round"), Some("2"));
        assert_eq!((g[1].moves.clone(), g[1].result), (vec!["a1a2".to_string()], GameResult::Unfinished));
        assert_eq!(read_first(text).unwrap(), g[0]);
    }

    #[test]
    fn glued_numbers_a_result_that_ends_the_game_and_stray_brackets() {
        let g = read_pgn("{start} 1.a1a2 1...b1b2 ) } 2.c1c2 1/2-1/2 1. d1d2").unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].moves, ["a1a2", "b1b2", "c1c2"]);
        assert_eq!((g[0].final_comment.as_deref(), g[0].result), (Some("start"), GameResult::Draw));
        assert_eq!(g[1].moves, ["d1d2"]);
        assert_eq!(read_pgn("  \n").unwrap(), []);
        // Only the first game is read: the second's error does not matter.
        assert_eq!(read_first("1. a1a2 *\n[Variant chu]").unwrap().moves, ["a1a2"]);
    }

    #[test]
    fn errors_name_the_line() {
        let err = |t: &str| read_pgn(t).unwrap_err().to_string();
        assert_eq!(err("[Event \"x\"]\n[Variant chu]"), "line 2: a tag value must be in double quotes");
        assert_eq!(err("[Variant]"), "line 1: a tag pair needs a name and a value");
        assert_eq!(err("[Variant \"chu\"\n1. a1a2"), "line 1: a tag pair must end with ']' on its line");
        assert_eq!(err("1. a1a2\n{open"), "line 2: a comment '{' is not closed");
        assert_eq!(err("1. a1a2 (b1b2\n(c)"), "line 1: a variation '(' is not closed");
        assert_eq!(err("1. a1a2 (b1b2 {x"), "line 1: a comment '{' is not closed");
    }

    /// Text made of the reader's delimiters, digits, letters and multi-byte characters never
    /// makes it panic, and the first game alone reads as the first of all.
    #[test]
    fn any_text_is_read_or_refused() {
        let alphabet: Vec<char> = "[]{}();$\"\\ \n.!?*-/10a歩½".chars().collect();
        let mut rng = crate::random::Rng::new(38);
        for _ in 0..20_000 {
            let n = rng.below(40) as usize;
            let text: String = (0..n).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect();
            if let Ok(all) = read_pgn(&text) {
                assert_eq!(read_first(&text).unwrap(), all.first().cloned().unwrap_or_default(), "{text:?}");
            }
        }
    }
}
