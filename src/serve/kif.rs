//! The web board's KIF: a KIF record read for "Load a game" (`crate::kifu`, into the PGN
//! reader's [`PgnGame`]), and the game on the board written for "Save KIF".

use crate::kifu::{KifHeader, KifuError};
use crate::pgn::PgnGame;
use crate::record::GameResult;

/// Reads a KIF record: its game is the one its `手合割` line names, else `current` (lishogi's
/// Chu exports name none).
pub fn from_kif(text: &str, current: &crate::variant::Variant) -> Result<PgnGame, KifuError> {
    let k = crate::kifu::parse_kif(text)?;
    match k.to_pgn(None) {
        Err(KifuError::UnknownGame { named: None }) => k.to_pgn(Some(current)),
        other => other,
    }
}

/// The game on the board as a KIF record (UTF-8, `crate::kifu`), for the page's "Save KIF":
/// the whole line, the comments, the players and the result so far.
pub fn to_kif(s: &mut super::session::Session) -> Result<String, KifuError> {
    let name = |p: super::session::Player| match p {
        super::session::Player::Human => "human".to_string(),
        super::session::Player::Engine(i) => s.engines[i].name.clone(),
    };
    let h = KifHeader {
        date: Some(crate::pgn::today()),
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
