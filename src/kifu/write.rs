//! Writing KIF: the header (date, event, site, the game on the `手合割` line, players), a
//! diagram when the game does not start from its own start position, the moves one a line
//! with their comments, and the `まで` line with the result. Move text is lishogi's for large
//! boards: destination, full piece name, `成` if it promotes, origin (`7八歩兵 （←7九）`); a move
//! of several steps (a Lion's) takes a line a step (`一歩目`, `二歩目`), the last marked
//! `（居食い）` when it captures without moving (igui) and `(じっと)` when it passes.

use super::board::write_diagram;
use super::names::PieceNames;
use super::squares::{kanji_number, usi_squares};
use super::KifuError;
use crate::geometry::Color;
use crate::notation::parse_move;
use crate::position::Position;
use crate::protocol::squares::move_to_usi;
use crate::record::{GameResult, Record};

/// What a KIF header says besides the game.
#[derive(Clone, Debug, Default)]
pub struct KifHeader {
    /// PGN style (`2026.11.29`) or KIF style (`2026/11/29`).
    pub date: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    /// The first player (sente, PGN's White) and the second (gote).
    pub sente: String,
    pub gote: String,
    /// Shift-JIS rather than UTF-8: said on the `#KIF` line.
    pub sjis: bool,
}

/// The header lines.
fn header(h: &KifHeader, game_name: &str) -> String {
    let encoding = if h.sjis { "Shift_JIS" } else { "UTF-8" };
    let mut s = format!("#KIF version=2.0 encoding={encoding}\n");
    if let Some(d) = h.date.as_deref().filter(|d| !d.is_empty() && !d.contains('?')) {
        s.push_str(&format!("開始日時：{}\n", d.replace('.', "/")));
    }
    for (k, v) in [("棋戦", &h.event), ("場所", &h.site)] {
        if let Some(v) = v.as_deref().filter(|v| !v.is_empty() && *v != "?") {
            s.push_str(&format!("{k}：{v}\n"));
        }
    }
    s.push_str(&format!("手合割：{game_name}\n先手：{}\n後手：{}\n", h.sente, h.gote));
    s
}

/// The KIF lines of a move (its USI text `usi`; `pass`: it is a pass) by a piece named `name`.
fn move_lines(number: usize, usi: &str, name: &str, pass: bool) -> String {
    let Some((sq, promote)) = usi_squares(usi) else {
        return format!("{number:>4} パス\n");
    };
    let plus = if promote { "成" } else { "" };
    if sq.len() == 2 {
        return format!("{number:>4} {}{name}{plus} （←{}）\n", sq[1].kif(), sq[0].kif());
    }
    let mut out = String::new();
    let last = sq.len() - 1;
    for i in 1..=last {
        let back = i == last && sq[i] == sq[0];
        // Back on its own square: a capture on the way (igui), marked as lishogi marks it, or a
        // pass (jitto) through an empty square. lishogi writes `(じっと)` before the origin,
        // where its own reader (shogiops 0.18) then fails on the line; after the origin both
        // read it.
        let igui = if back && !pass { "（居食い）" } else { "" };
        let jitto = if back && pass { "(じっと)" } else { "" };
        let plus = if i == last { plus } else { "" };
        let step = format!("{}歩目", kanji_number(i as u32));
        let (to, from) = (sq[i].kif(), sq[i - 1].kif());
        out.push_str(&format!("{number:>4} {step} {to}{name}{plus}{igui} （←{from}）{jitto}\n"));
    }
    out
}

/// The `まで` line: the number of moves played and the result.
fn summary(moves: usize, result: GameResult) -> String {
    let what = match result {
        GameResult::WhiteWins => "先手の勝ち",
        GameResult::BlackWins => "後手の勝ち",
        GameResult::Draw => "引き分け",
        GameResult::Unfinished => "中断",
    };
    format!("まで{moves}手で{what}\n")
}

/// A game in KIF: from `start`, the moves in our notation with the comment after each (if any),
/// the result (`WhiteWins` when the first player, sente, won) and, if known, why it ended.
pub fn write_kif(
    start: &Position,
    moves: &[String],
    notes: &[Option<String>],
    result: GameResult,
    reason: Option<&str>,
    h: &KifHeader,
) -> Result<String, KifuError> {
    let v = start.game();
    let Some(kifu) = &v.kifu else { return Err(KifuError::NoKifForm { game: v.title.clone() }) };
    let mut s = header(h, kifu.name.as_deref().unwrap_or(&v.title));
    if start.to_fen() != Position::start(v).to_fen() {
        s.push_str(&write_diagram(start));
        if start.side() == Color::Black {
            s.push_str("後手番\n");
        }
    }
    s.push_str("手数----指手---------消費時間--\n");
    let names = PieceNames::new(v);
    let mut g = Record::from_position(start.clone());
    for (i, text) in moves.iter().enumerate() {
        let bad = |why: String| KifuError::Move { number: i + 1, text: text.clone(), why };
        let m = parse_move(&mut g.pos, text).map_err(|e| bad(e.to_string()))?;
        let piece = g.pos.piece_at(m.from).ok_or_else(|| bad("no piece on its origin".into()))?;
        let usi = move_to_usi(&mut g.pos, m);
        s.push_str(&move_lines(i + 1, &usi, names.mover(piece.kind()), m.is_pass()));
        if let Some(n) = notes.get(i).and_then(Option::as_deref) {
            s.push_str(&format!("*{n}\n"));
        }
        g.play(m);
    }
    if let Some(r) = reason {
        s.push_str(&format!("*{r}\n"));
    }
    s.push_str(&summary(moves.len(), result));
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::super::squares::KifSquare;
    use super::*;

    #[test]
    fn a_lion_double_move_takes_a_line_a_step() {
        let sq = KifSquare { file: 7, rank: 10 };
        assert_eq!(sq.kif(), "7十");
        assert_eq!(move_lines(3, "7i7h", "歩兵", false), "   3 7八歩兵 （←7九）\n");
        assert_eq!(move_lines(12, "5l6k+", "金将", false), "  12 6十一金将成 （←5十二）\n");
        assert_eq!(
            move_lines(5, "7j7i6h", "獅子", false),
            "   5 一歩目 7九獅子 （←7十）\n   5 二歩目 6八獅子 （←7九）\n"
        );
        assert_eq!(
            move_lines(5, "7g6f7g", "獅子", false),
            "   5 一歩目 6六獅子 （←7七）\n   5 二歩目 7七獅子（居食い） （←6六）\n"
        );
        assert_eq!(
            move_lines(5, "7g6f7g", "獅子", true),
            "   5 一歩目 6六獅子 （←7七）\n   5 二歩目 7七獅子 （←6六）(じっと)\n"
        );
    }
}
