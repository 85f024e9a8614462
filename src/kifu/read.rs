//! Reading KIF: header lines (`key：value`), an optional board diagram, the move list (one move
//! a line, `   1 7八歩兵 （←7九）`; a lion's double move on two lines, `一歩目` and `二歩目`),
//! comments (`*` after a move), and the result (an end word such as `投了`, or the `まで` line).
//! Variations (`変化：`) are skipped. The moves are read by their squares only: the piece name is
//! for people, and the origin in brackets says which piece moves.

use super::board::{self, Diagram};
use super::squares::{digit_value, read_square, KifSquare};
use super::{game_named, KifuError};
use crate::geometry::{BoardShape, Color};
use crate::pgn::PgnGame;
use crate::protocol::squares::usi_move_to_ours;
use crate::record::GameResult;
use crate::variant::{PromotionText, Variant};

/// One move of a KIF record, by squares: origin, then each step's destination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KifMove {
    /// The line it was read from (its first line for a move of several steps).
    pub line: usize,
    /// Empty for a pass (`パス`).
    pub squares: Vec<KifSquare>,
    pub promote: bool,
    /// A pass: `パス`, or a step out and back marked `(じっと)`.
    pub pass: bool,
    /// The comments after it (`*` lines).
    pub comments: Vec<String>,
}

impl KifMove {
    /// The move in lishogi's USI dialect (`7j7i6h`, `5l6k+`, `@@@@` for a pass).
    pub fn usi(&self) -> String {
        if self.squares.is_empty() {
            return "@@@@".into();
        }
        let mut s: String = self.squares.iter().map(|q| q.usi()).collect();
        if self.promote {
            s.push('+');
        }
        s
    }
}

/// A KIF record as written: its header, start diagram, moves and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KifGame {
    /// `key：value` header lines, in order.
    pub headers: Vec<(String, String)>,
    pub diagram: Option<Diagram>,
    /// The second player (gote, 後手番) moves first.
    pub gote_first: bool,
    pub moves: Vec<KifMove>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// `1-0` (sente won), `0-1`, `1/2-1/2` or `*`, when the record says.
    pub result: Option<GameResult>,
    /// How the game ended, as the record says it (`まで96手で先手の勝ち`, `投了`).
    pub end: Option<String>,
}

const STEP_WORDS: [&str; 3] = ["一歩目", "二歩目", "三歩目"];

/// Whether a line can only come from a KIF record (for telling formats apart).
pub(super) fn is_kif_marker(l: &str) -> bool {
    ["手合割", "先手：", "後手：", "下手：", "上手：", "手数----", "開始日時", "#KIF"].iter().any(|m| l.starts_with(m))
        || STEP_WORDS.iter().any(|w| l.contains(w))
        || l.contains("（←")
}

/// The result of an end word said by the side to move (`true`: sente).
fn end_word_result(word: &str, sente_to_move: bool) -> Option<GameResult> {
    let mover = if sente_to_move { Color::White } else { Color::Black };
    match word {
        "投了" | "詰み" | "切れ負け" | "反則負け" | "時間切れ" | "不戦敗" => {
            Some(GameResult::win(mover.flip()))
        }
        "反則勝ち" | "入玉勝ち" | "不戦勝" => Some(GameResult::win(mover)),
        "千日手" | "持将棋" | "引き分け" => Some(GameResult::Draw),
        "中断" => Some(GameResult::Unfinished),
        _ => None,
    }
}

/// The result a `まで` line states.
fn summary_result(line: &str) -> Option<GameResult> {
    if line.contains("先手の勝ち") || line.contains("下手の勝ち") {
        Some(GameResult::WhiteWins)
    } else if line.contains("後手の勝ち") || line.contains("上手の勝ち") {
        Some(GameResult::BlackWins)
    } else if ["千日手", "持将棋", "引き分け"].iter().any(|w| line.contains(w)) {
        Some(GameResult::Draw)
    } else if line.contains("中断") {
        Some(GameResult::Unfinished)
    } else {
        None
    }
}

/// What one move line says.
#[derive(Debug, PartialEq, Eq)]
enum LineMove {
    /// `step`: 1 for `一歩目`, 2 for `二歩目`...; `to`: `None` for `同` (the last destination).
    /// `jitto`: marked `(じっと)`, a pass written as a step out and back.
    Step {
        step: Option<usize>,
        to: Option<KifSquare>,
        from: KifSquare,
        promote: bool,
        jitto: bool,
    },
    Pass,
    End(String),
}

/// Drops a leading move number (`12 `, `57手目`) and side mark (`▲`, `△`); digits followed by a
/// rank (`7八`) are the destination, not a number.
fn strip_number(s: &str) -> &str {
    let s = s.trim_start();
    let rest = s.trim_start_matches(|c| digit_value(c).is_some());
    let s = match rest.strip_prefix("手目") {
        Some(r) => r,
        None if rest.starts_with(|c: char| c.is_whitespace() || "▲△☗☖".contains(c)) => rest,
        None => s,
    };
    s.trim_start().trim_start_matches(['▲', '△', '☗', '☖']).trim_start()
}

/// The origin in brackets at the start of `s` (`（←7九）`, `(7九)`, `(77)`): it, and the bytes
/// used.
fn read_origin(s: &str) -> Option<(KifSquare, usize)> {
    let open = s.chars().next().filter(|c| *c == '(' || *c == '（')?;
    let mut i = open.len_utf8();
    if s[i..].starts_with('←') {
        i += '←'.len_utf8();
    }
    let (sq, n) = read_square(&s[i..]).or_else(|| {
        // Standard shogi's two-digit origin, `(77)`.
        let b = &s.as_bytes()[i..];
        (b.len() >= 2 && b[0].is_ascii_digit() && b[1].is_ascii_digit() && b[0] != b'0' && b[1] != b'0')
            .then(|| (KifSquare { file: u32::from(b[0] - b'0'), rank: u32::from(b[1] - b'0') }, 2))
    })?;
    i += n;
    let close = s[i..].chars().next().filter(|c| *c == ')' || *c == '）')?;
    Some((sq, i + close.len_utf8()))
}

/// Reads one move line (after its number).
fn read_move_line(line: &str) -> Result<LineMove, &'static str> {
    let mut s = strip_number(line);
    let mut step = None;
    if let Some(i) = STEP_WORDS.iter().position(|w| s.starts_with(w)) {
        step = Some(i + 1);
        s = strip_number(&s[STEP_WORDS[i].len()..]);
    }
    let word: String = s.chars().take_while(|c| !c.is_whitespace()).collect();
    if end_word_result(&word, true).is_some() && step.is_none() {
        return Ok(LineMove::End(word));
    }
    if word == "パス" && step.is_none() {
        return Ok(LineMove::Pass);
    }
    let (to, rest) = if let Some(r) = s.strip_prefix('同').or_else(|| s.strip_prefix('仝')) {
        (None, r.trim_start())
    } else {
        let (sq, n) = read_square(s).ok_or("a destination square (7八), 同, or an end word such as 投了")?;
        (Some(sq), &s[n..])
    };
    let (at, from) = rest
        .char_indices()
        .filter(|&(_, c)| c == '(' || c == '（')
        .find_map(|(i, _)| read_origin(&rest[i..]).map(|(sq, _)| (i, sq)))
        .ok_or("the origin square in brackets after the piece name, as in 7八歩兵 （←7九）")?;
    // lishogi writes the pass mark before the origin, we after it (`write.rs`).
    let jitto = rest.contains("じっと");
    let name =
        rest[..at].replace("（居食い）", "").replace("(居食い)", "").replace("(じっと)", "").replace("（じっと）", "");
    let name = name.trim();
    if name.contains('打') {
        return Err("a move from a square (these games have no drops)");
    }
    if name.is_empty() {
        return Err("a piece name after the destination");
    }
    let promote = name.ends_with('成') && !name.ends_with("不成");
    Ok(LineMove::Step { step, to, from, promote, jitto })
}

/// The record being read: moves so far, and a move of several steps being put together.
#[derive(Default)]
struct Reader {
    game: KifGame,
    pending: Option<KifMove>,
    /// The pending move's first step said `同`: its square is the next step's origin.
    mid_unknown: bool,
    /// The destination of the last whole move (what `同` means).
    last_to: Option<KifSquare>,
    done: bool,
}

impl Reader {
    fn flush(&mut self) {
        if let Some(m) = self.pending.take() {
            self.last_to = m.squares.last().copied();
            self.game.moves.push(m);
        }
        self.mid_unknown = false;
    }

    fn sente_to_move(&self) -> bool {
        self.game.moves.len().is_multiple_of(2) != self.game.gote_first
    }

    fn comment(&mut self, c: &str) {
        self.flush();
        match self.game.moves.last_mut() {
            Some(m) => m.comments.push(c.to_string()),
            None => self.game.comments.push(c.to_string()),
        }
    }

    fn end(&mut self, word: String) {
        self.flush();
        self.game.result = end_word_result(&word, self.sente_to_move());
        self.game.end = Some(word);
    }

    fn step(&mut self, n: usize, lm: LineMove, text: &str) -> Result<(), KifuError> {
        let err = |expected| KifuError::Syntax { line: n, expected, found: text.to_string() };
        let LineMove::Step { step, to, from, promote, jitto } = lm else { return Ok(()) };
        if !matches!(step, Some(k) if k > 1) {
            self.flush();
        }
        let same = self.last_to.ok_or(err("a destination square (同 needs a move before it)"));
        match step {
            Some(k) if k > 1 => {
                let unknown = self.mid_unknown;
                let p = self.pending.as_mut().filter(|p| p.squares.len() == k);
                let p = p.ok_or(err("the step before this one, from where this one starts"))?;
                if unknown {
                    // lishogi writes `仝` for a first step whose move ends where the last one
                    // did, though the step itself stops elsewhere: this step's origin says where.
                    *p.squares.last_mut().expect("a step") = from;
                }
                if p.squares.last() != Some(&from) {
                    return Err(err("the step before this one, from where this one starts"));
                }
                p.squares.push(to.map_or(same, Ok)?);
                p.promote |= promote;
                p.pass = jitto && p.squares.first() == p.squares.last();
                self.mid_unknown = false;
            }
            _ => {
                let first = match (to, step) {
                    (Some(t), _) => t,
                    (None, Some(_)) => from,
                    (None, None) => same?,
                };
                let m = KifMove { line: n, squares: vec![from, first], promote, pass: false, comments: Vec::new() };
                if step == Some(1) {
                    self.pending = Some(m);
                    self.mid_unknown = to.is_none();
                } else {
                    self.last_to = Some(first);
                    self.game.moves.push(m);
                }
            }
        }
        Ok(())
    }

    /// Reads line `n` (from 1).
    fn line(&mut self, n: usize, raw: &str) -> Result<(), KifuError> {
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with('&') || self.done {
            return Ok(());
        }
        let first = l.chars().next().unwrap_or(' ');
        if let Some(c) = l.strip_prefix('*') {
            self.comment(c.trim());
        } else if l.starts_with("変化") {
            // A variation: the main line is over.
            self.flush();
            self.done = true;
        } else if l.starts_with("まで") {
            self.flush();
            self.game.result = summary_result(l).or(self.game.result.take());
            self.game.end = Some(l.to_string());
        } else if first == '|' {
            self.game.diagram.get_or_insert_with(Diagram::default).rows.push((n, l.to_string()));
        } else if first == '+' || l.chars().all(|c| c.is_whitespace() || digit_value(c).is_some()) {
            // The diagram's frame and file numbers.
        } else if ["後手番", "上手番"].iter().any(|w| l.starts_with(w)) {
            self.game.gote_first = true;
        } else if ["先手番", "下手番"].iter().any(|w| l.starts_with(w)) || l.starts_with("手数") {
        } else if digit_value(first).is_some() || "▲△☗☖".contains(first) || STEP_WORDS.iter().any(|w| l.starts_with(w))
        {
            let lm = read_move_line(l).map_err(|expected| KifuError::Syntax { line: n, expected, found: l.into() })?;
            match lm {
                LineMove::End(w) => self.end(w),
                LineMove::Pass => {
                    self.flush();
                    let pass =
                        KifMove { line: n, squares: Vec::new(), promote: false, pass: true, comments: Vec::new() };
                    self.game.moves.push(pass);
                }
                step => self.step(n, step, l)?,
            }
        } else if let Some((k, v)) = l.split_once('：').or_else(|| l.split_once(':')) {
            self.game.headers.push((k.trim().to_string(), v.trim().to_string()));
        } else {
            let expected = "a header line (key：value), a move line, a comment (*) or a diagram row (|)";
            return Err(KifuError::Syntax { line: n, expected, found: l.to_string() });
        }
        Ok(())
    }
}

/// Reads a KIF record.
pub fn parse_kif(text: &str) -> Result<KifGame, KifuError> {
    let mut r = Reader::default();
    for (i, line) in text.lines().enumerate() {
        r.line(i + 1, line)?;
    }
    r.flush();
    Ok(r.game)
}

impl KifGame {
    /// The value of header `key`.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The game: `given` if any, else the one the `手合割` line names.
    pub fn game(&self, given: Option<&Variant>) -> Result<Variant, KifuError> {
        let named = self.header("手合割").filter(|n| !n.is_empty());
        if let Some(v) = given {
            return Ok(v.clone());
        }
        named.and_then(game_named).ok_or(KifuError::UnknownGame { named: named.map(str::to_string) })
    }

    /// The record as a game record with our move text: tags `White` (先手), `Black` (後手),
    /// `Event` (棋戦), `Site` (場所), `Date` (開始日時), `Variant`, `Result`, and `FEN` when it
    /// does not start from the game's start.
    pub fn to_pgn(&self, given: Option<&Variant>) -> Result<PgnGame, KifuError> {
        let v = self.game(given)?;
        if v.kifu.is_none() {
            return Err(KifuError::NoKifForm { game: v.title.clone() });
        }
        let mut g = PgnGame::default();
        let mut tag = |k: &str, val: Option<&str>| {
            if let Some(val) = val.filter(|x| !x.is_empty()) {
                g.tags.push((k.to_string(), val.to_string()));
            }
        };
        tag("Event", self.header("棋戦"));
        tag("Site", self.header("場所"));
        let date = self.header("開始日時").map(|d| d.chars().take(10).collect::<String>().replace('/', "."));
        tag("Date", date.as_deref());
        tag("White", self.header("先手").or(self.header("下手")));
        tag("Black", self.header("後手").or(self.header("上手")));
        let result = self.result.unwrap_or_default();
        tag("Result", Some(result.text()));
        tag("Variant", Some(&v.name));
        if self.diagram.is_some() || self.gote_first {
            let fen = board::diagram_fen(&v, self.diagram.as_ref(), self.gote_first)?;
            tag("FEN", Some(&fen));
            tag("SetUp", Some("1"));
        }
        let shape = BoardShape::new(v.files, v.ranks, 0);
        for m in &self.moves {
            if let (true, Some(from)) = (m.pass, m.squares.first()) {
                // Our text of a pass names the square twice (`i1i1`).
                let name = usi_move_to_ours(&shape, &format!("{}{}", from.usi(), from.usi()));
                let name =
                    name.map_err(|e| KifuError::Board { line: m.line, why: format!("pass at {}: {e}", from.kif()) })?;
                g.moves.push(name);
                g.comments.push(m.comments.clone());
                continue;
            }
            let usi = m.usi();
            let ours = usi_move_to_ours(&shape, &usi)
                .map_err(|e| KifuError::Board { line: m.line, why: format!("move {usi}: {e}") })?;
            // A game whose promotions are forced writes none (Tai Shogi): KIF's 成 is for people.
            let ours = match v.promotion.text {
                PromotionText::Plus => ours,
                _ => ours.trim_end_matches('+').to_string(),
            };
            g.moves.push(ours);
            g.comments.push(m.comments.clone());
        }
        g.final_comment = (!self.comments.is_empty()).then(|| self.comments.join(" "));
        g.result = result;
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines_in_lishogi_and_numbered_forms() {
        let sq = |file, rank| KifSquare { file, rank };
        let step = |step, to, from, promote| Ok(LineMove::Step { step, to, from, promote, jitto: false });
        assert_eq!(read_move_line("   1 7八歩兵 （←7九）"), step(None, Some(sq(7, 8)), sq(7, 9), false));
        assert_eq!(read_move_line("123手目 ▲6十一金将成 （←5十二）"), step(None, Some(sq(6, 11)), sq(5, 12), true));
        assert_eq!(
            read_move_line("57手目二歩目 ▲7七獅子（居食い） （←6六）"),
            step(Some(2), Some(sq(7, 7)), sq(6, 6), false)
        );
        assert_eq!(read_move_line("5 同 銀不成(77) ( 0:01/00:00:01)"), step(None, None, sq(7, 7), false));
        assert_eq!(read_move_line("  9 投了"), Ok(LineMove::End("投了".into())));
        assert_eq!(read_move_line("7八歩兵 （←7九）"), step(None, Some(sq(7, 8)), sq(7, 9), false));
        assert!(read_move_line("7 5五歩打").is_err());
        assert!(read_move_line("7 5五歩兵").is_err());
        assert!(read_move_line("7 歩兵 （←7九）").is_err());
    }
}
