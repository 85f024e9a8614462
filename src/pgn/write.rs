//! The PGN writer: tag pairs, then the movetext word-wrapped at 79 columns.

use super::PgnGame;
use crate::geometry::Color;
use crate::position::Position;

/// The number of a game's first move, and whether the second player makes it (a game from a
/// FEN with the second player to move starts `7...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstMove {
    /// The full-move number of the first move (1 for a game from the start).
    pub number: u32,
    /// Whether the second player moves first.
    pub black: bool,
}

impl FirstMove {
    /// The first move of a game from `start`.
    pub fn of(start: &Position) -> FirstMove {
        FirstMove { number: start.fullmove_number().max(1), black: start.side() == Color::Black }
    }
}

impl Default for FirstMove {
    fn default() -> FirstMove {
        FirstMove { number: 1, black: false }
    }
}

/// One game in PGN: its tags in order, a blank line, the moves with their comments, the final
/// comment, the result, and a blank line after.
pub fn write_game(g: &PgnGame, first: FirstMove) -> String {
    let mut s = String::new();
    for (k, v) in &g.tags {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        s.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    s.push('\n');
    let mut tokens = movetext(&g.moves, first, |i| &g.comments[i]);
    if let Some(c) = &g.final_comment {
        push_comment(&mut tokens, c);
    }
    tokens.push(g.result.to_string());
    s.push_str(&wrap(&tokens));
    s.push('\n');
    s
}

/// The movetext tokens of `moves`: move numbers, the moves, and after move `i` its comments
/// (`comments(i)`), a token per word so that wrapping may break inside them.
pub fn movetext<'a>(moves: &[String], first: FirstMove, comments: impl Fn(usize) -> &'a [String]) -> Vec<String> {
    let mut tokens = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = i + usize::from(first.black);
        let number = first.number as usize + ply / 2;
        if ply % 2 == 0 {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.clone());
        for c in comments(i) {
            push_comment(&mut tokens, c);
        }
    }
    tokens
}

/// Appends the comment `{c}`, a token per word.
fn push_comment(tokens: &mut Vec<String>, c: &str) {
    tokens.extend(format!("{{{c}}}").split(' ').map(String::from));
}

/// Word-wraps `tokens` at 79 columns; the text ends with a line break.
pub fn wrap(tokens: &[String]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::read_pgn;
    use crate::record::GameResult;

    #[test]
    fn a_written_game_reads_back() {
        let g = PgnGame {
            tags: vec![("Event".into(), "a \"b\" \\ c".into()), ("Variant".into(), "chu".into())],
            moves: vec!["f4f5".into(), "g9g8".into(), "e5e6,e6e7+".into()],
            comments: vec![vec!["book".into()], Vec::new(), vec!["+0.35/12 0.812s".into()]],
            final_comment: Some("White wins: checkmate".into()),
            result: GameResult::WhiteWins,
        };
        let text = write_game(&g, FirstMove::default());
        assert!(
            text.starts_with("[Event \"a \\\"b\\\" \\\\ c\"]\n[Variant \"chu\"]\n\n1. f4f5 {book} g9g8 2."),
            "{text}"
        );
        let back = &read_pgn(&text).unwrap()[0];
        assert_eq!((&back.tags, &back.moves, back.result), (&g.tags, &g.moves, g.result));
        // The final comment comes back as the last move's last comment.
        assert_eq!(back.comments[2], ["+0.35/12 0.812s", "White wins: checkmate"]);
    }

    #[test]
    fn numbers_from_a_position_with_the_second_player_to_move() {
        let t = movetext(&["a".into(), "b".into(), "c".into()], FirstMove { number: 7, black: true }, |_| &[]);
        assert_eq!(t, ["7...", "a", "8.", "b", "c"]);
        assert_eq!(today().len(), 10);
    }
}
