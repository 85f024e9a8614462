//! PGN in our move text: the writer of `--pgnout` and the reader of `kyodai pgn stats`,
//! `kyodai annotate` and `--openings format=pgn`. Its [`PgnGame`] is also what a KIF record
//! is read into (`crate::kifu`).
//!
//! Tags: Event, Site, Date, Round (the game number), White, Black, Result, Variant, FEN and
//! SetUp when the game does not start from the standard position, TimeControl (or White- and
//! BlackTimeControl when they differ), Termination (cutechess-cli's words), PlyCount, and
//! `Pair` (the repeat pair of `--repeat`, which `pgn stats` uses for the pentanomial model).
//! Each engine move gets a comment `{score/depth time}` (`{+0.35/12 0.812s}`, `{-M3/9 0.1s}`,
//! score for the mover in pawns), opening moves `{book}`; the reason of the result is the last
//! comment.

use super::game::{GameRecord, MoveNote};
use crate::record::GameResult;
use crate::search::Score;

/// The tags every game of a match shares.
pub struct Header<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub variant: &'a str,
    pub tc: [String; 2],
}

/// Today's date in PGN form (`2026.11.25`, UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A score in pawns for PGN comments: `+0.35`, `-1.20`, `+M3`, `-M2`.
pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{}{:.2}", if c >= 0 { "+" } else { "-" }, c.unsigned_abs() as f64 / 100.0),
        Score::Mate(n) => format!("{}M{}", if n > 0 { "+" } else { "-" }, n.unsigned_abs()),
    }
}

/// The comment of an engine move, or `None` when the engine said nothing and no time is known.
pub fn note_text(n: &MoveNote) -> Option<String> {
    let mut parts = Vec::new();
    match (n.score, n.depth) {
        (Some(s), Some(d)) => parts.push(format!("{}/{d}", score_text(s))),
        (Some(s), None) => parts.push(score_text(s)),
        _ => {}
    }
    if let Some(t) = n.time {
        let ms = t.as_millis();
        parts.push(format!("{}.{:03}s", ms / 1000, ms % 1000));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn tag(out: &mut String, k: &str, v: &str) {
    let v = v.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{k} \"{v}\"]\n"));
}

/// Word-wraps `tokens` at 79 columns.
pub(crate) fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut col = 0;
    for t in tokens {
        if col > 0 && col + 1 + t.len() > 79 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(t);
        col += t.len();
    }
    out.push('\n');
    out
}

/// The move text tokens: numbers, moves and their comments (`comment(i)` after move `i`).
pub fn movetext(
    moves: &[String],
    start_number: u32,
    black_first: bool,
    mut comment: impl FnMut(usize) -> Option<String>,
) -> Vec<String> {
    let mut tokens = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = i + usize::from(black_first);
        let number = start_number as usize + ply / 2;
        if ply % 2 == 0 {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.clone());
        if let Some(c) = comment(i) {
            tokens.extend(format!("{{{c}}}").split(' ').map(String::from));
        }
    }
    tokens
}

/// One game in PGN.
pub fn write_game(h: &Header, g: &GameRecord) -> String {
    let mut s = String::new();
    tag(&mut s, "Event", h.event);
    tag(&mut s, "Site", h.site);
    tag(&mut s, "Date", h.date);
    tag(&mut s, "Round", &g.number.to_string());
    tag(&mut s, "White", &g.white);
    tag(&mut s, "Black", &g.black);
    tag(&mut s, "Result", g.result.text());
    tag(&mut s, "Variant", h.variant);
    if let Some(f) = &g.fen {
        tag(&mut s, "FEN", f);
        tag(&mut s, "SetUp", "1");
    }
    if h.tc[0] == h.tc[1] {
        tag(&mut s, "TimeControl", &h.tc[0]);
    } else {
        tag(&mut s, "WhiteTimeControl", &h.tc[0]);
        tag(&mut s, "BlackTimeControl", &h.tc[1]);
    }
    tag(&mut s, "Termination", g.termination.tag());
    tag(&mut s, "PlyCount", &g.moves.len().to_string());
    if let Some(p) = g.pair {
        tag(&mut s, "Pair", &p.to_string());
    }
    s.push('\n');
    let texts: Vec<String> = g.moves.iter().map(|m| m.text.clone()).collect();
    let mut tokens = movetext(&texts, g.start_number, g.black_first, |i| {
        let m = &g.moves[i];
        if m.book {
            Some("book".into())
        } else {
            note_text(&m.note)
        }
    });
    tokens.extend(format!("{{{}}}", g.reason).split(' ').map(String::from));
    tokens.push(g.result.to_string());
    s.push_str(&wrap(&tokens));
    s.push('\n');
    s
}

/// A game read from PGN.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The comments after each move.
    pub comments: Vec<Vec<String>>,
    /// A comment before the first move, or after the last one when there is no move.
    pub final_comment: Option<String>,
    /// The result the movetext ends with; `Unfinished` when it ends with `*` or with none.
    pub result: GameResult,
}

impl PgnGame {
    pub fn tag(&self, k: &str) -> Option<&str> {
        self.tags.iter().find(|(x, _)| x == k).map(|(_, v)| v.as_str())
    }

    /// The result the record states: its `Result` tag if it has one (`Unfinished` when that
    /// is no result), else the movetext's.
    pub fn stated_result(&self) -> GameResult {
        match self.tag("Result") {
            Some(t) => t.trim().parse().unwrap_or(GameResult::Unfinished),
            None => self.result,
        }
    }

    fn comment(&mut self, c: String) {
        match self.comments.last_mut() {
            Some(s) => s.push(c),
            None => self.final_comment = Some(c),
        }
    }
}

/// Why a PGN text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A tag line (its line number, from 1) and what is wrong with it.
    Tag { line: usize, why: TagError },
    /// A game (its number, from 1) whose comment `{` is not closed.
    UnclosedComment { game: usize },
}

/// What is wrong with a tag line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagError {
    NoBracket,
    NoValue,
    Unquoted,
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PgnError::Tag { line, why } => {
                let why = match why {
                    TagError::NoBracket => "a tag line must end with ']'",
                    TagError::NoValue => "a tag needs a name and a value",
                    TagError::Unquoted => "a tag value must be quoted",
                };
                write!(f, "line {line}: {why}")
            }
            PgnError::UnclosedComment { game } => write!(f, "game {game}: a comment '{{' is not closed"),
        }
    }
}

impl std::error::Error for PgnError {}

/// Reads a tag line `[Key "Value"]`.
fn read_tag(line: &str) -> Result<(String, String), TagError> {
    let inner = line.trim().strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or(TagError::NoBracket)?;
    let (k, v) = inner.split_once(char::is_whitespace).ok_or(TagError::NoValue)?;
    let v = v.trim();
    let v = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or(TagError::Unquoted)?;
    Ok((k.to_string(), v.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// The move of a movetext token, without move numbers and `!`/`?` annotations.
fn move_of(token: &str) -> Option<&str> {
    let t = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let t = if t.len() < token.len() && t.starts_with('.') { t.trim_start_matches('.') } else { token };
    let t = t.trim_end_matches(['!', '?']);
    (!t.is_empty()).then_some(t)
}

/// Reads the movetext of one game into `g`; an error when a comment is not closed.
fn read_movetext(text: &str, g: &mut PgnGame) -> Result<(), ()> {
    let mut chars = text.char_indices().peekable();
    let mut depth = 0;
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => {
                let end = text[i..].find('}').ok_or(())?;
                let body = text[i + 1..i + end].split_whitespace().collect::<Vec<_>>().join(" ");
                if depth == 0 {
                    g.comment(body);
                }
                while chars.peek().is_some_and(|&(j, _)| j <= i + end) {
                    chars.next();
                }
            }
            ';' => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            '(' => depth += 1,
            ')' => depth -= 1,
            c if c.is_whitespace() => {}
            _ => {
                let end =
                    text[i..].find(|c: char| c.is_whitespace() || "{};)".contains(c)).map_or(text.len(), |e| i + e);
                let token = &text[i..end];
                while chars.peek().is_some_and(|&(j, _)| j < end) {
                    chars.next();
                }
                if depth > 0 || token.starts_with('$') {
                    continue;
                }
                if let Ok(r) = token.parse::<GameResult>() {
                    g.result = r;
                } else if let Some(m) = move_of(token) {
                    g.moves.push(m.to_string());
                    g.comments.push(Vec::new());
                }
            }
        }
    }
    Ok(())
}

/// Reads every game of a PGN text.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut cur = PgnGame::default();
    let mut moves = String::new();
    let mut in_moves = false;
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        let in_comment = moves.matches('{').count() > moves.matches('}').count();
        if l.starts_with('[') && !in_comment {
            if in_moves {
                read_movetext(&moves, &mut cur).map_err(|()| PgnError::UnclosedComment { game: games.len() + 1 })?;
                games.push(std::mem::take(&mut cur));
                moves.clear();
                in_moves = false;
            }
            cur.tags.push(read_tag(l).map_err(|why| PgnError::Tag { line: n + 1, why })?);
        } else if !l.is_empty() || in_moves {
            in_moves |= !l.is_empty();
            moves.push_str(line);
            moves.push('\n');
        }
    }
    if in_moves || !cur.tags.is_empty() {
        read_movetext(&moves, &mut cur).map_err(|()| PgnError::UnclosedComment { game: games.len() + 1 })?;
        games.push(cur);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_reads_back_with_comments_variations_and_nags() {
        let text =
            "[Event \"t \\\"q\\\"\"]\n[Result \"1-0\"]\n\n1. f4f5 {book} g9g8 2. e5e6,e6e7+! {+0.35/12\n0.812s} \
                    (2. a1a2 b1b2) $1 h8h7?? ; rest\n3. @@@@ {White wins} 1-0\n[Event \"b\"]\n1... a1a2 *\n";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("Event"), Some("t \"q\""));
        assert_eq!(g[0].moves, vec!["f4f5", "g9g8", "e5e6,e6e7+", "h8h7", "@@@@"]);
        assert_eq!(g[0].comments[0], vec!["book"]);
        assert_eq!(g[0].comments[2], vec!["+0.35/12 0.812s"]);
        assert_eq!(g[0].comments[4], vec!["White wins"]);
        assert_eq!(g[0].result, GameResult::WhiteWins);
        assert_eq!((g[1].moves.clone(), g[1].result), (vec!["a1a2".to_string()], GameResult::Unfinished));
    }

    #[test]
    fn scores_and_numbers() {
        assert_eq!(score_text(Score::Cp(35)), "+0.35");
        assert_eq!(score_text(Score::Cp(-120)), "-1.20");
        assert_eq!(score_text(Score::Mate(-2)), "-M2");
        let t = movetext(&["a".into(), "b".into(), "c".into()], 7, true, |_| None);
        assert_eq!(t, vec!["7...", "a", "8.", "b", "c"]);
        assert_eq!(today().len(), 10);
    }
}
