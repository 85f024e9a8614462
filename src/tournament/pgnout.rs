//! `--pgnout`: a match's games in PGN (`crate::pgn` writes them).
//!
//! Tags: Event, Site, Date, Round (the game number), White, Black, Result, Variant, FEN and
//! SetUp when the game does not start from the standard position, TimeControl (or White- and
//! BlackTimeControl when they differ), Termination (cutechess-cli's words), PlyCount, and
//! `Pair` (the repeat pair of `--repeat`, which `pgn stats` uses for the pentanomial model).
//! Each engine move gets a comment `{score/depth time}` (`{+0.35/12 0.812s}`, `{-M3/9 0.1s}`,
//! score for the mover in pawns), opening moves `{book}`; the reason of the result is the last
//! comment.

use super::game::{GameRecord, MoveNote};
use crate::pgn::PgnGame;
use crate::search::Score;

/// The tags every game of a match shares.
pub struct Header<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub variant: &'a str,
    pub tc: [String; 2],
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

/// The comment of each move of a match game: `book` for an opening move, else the engine's note.
pub fn move_comments(g: &GameRecord) -> Vec<Option<String>> {
    g.moves.iter().map(|m| if m.book { Some("book".into()) } else { note_text(&m.note) }).collect()
}

/// One game in PGN.
pub fn write_game(h: &Header, g: &GameRecord) -> String {
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", h.event.into()),
        ("Site", h.site.into()),
        ("Date", h.date.into()),
        ("Round", g.number.to_string()),
        ("White", g.white.clone()),
        ("Black", g.black.clone()),
        ("Result", g.result.to_string()),
        ("Variant", h.variant.into()),
    ];
    if let Some(f) = &g.fen {
        tags.extend([("FEN", f.clone()), ("SetUp", "1".into())]);
    }
    if h.tc[0] == h.tc[1] {
        tags.push(("TimeControl", h.tc[0].clone()));
    } else {
        tags.extend([("WhiteTimeControl", h.tc[0].clone()), ("BlackTimeControl", h.tc[1].clone())]);
    }
    tags.extend([("Termination", g.termination.tag().into()), ("PlyCount", g.moves.len().to_string())]);
    if let Some(p) = g.pair {
        tags.push(("Pair", p.to_string()));
    }
    let pgn = PgnGame {
        tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        moves: g.moves.iter().map(|m| m.text.clone()).collect(),
        comments: move_comments(g).into_iter().map(|c| c.into_iter().collect()).collect(),
        final_comment: Some(g.reason.clone()),
        result: g.result,
    };
    crate::pgn::write_game(&pgn, g.first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores() {
        assert_eq!(score_text(Score::Cp(35)), "+0.35");
        assert_eq!(score_text(Score::Cp(-120)), "-1.20");
        assert_eq!(score_text(Score::Mate(-2)), "-M2");
    }
}
