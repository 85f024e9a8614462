//! Squares and move text of the USI and XBoard dialects, converted to and from our notation
//! (`docs/protocols.md`).
//!
//! - USI (lishogi): file number counted from the right, rank letter counted from the top, so
//!   our `a1` on 12x12 is `12l`. A lion double move is three squares (`6f5e6d`), igui
//!   `6i5h6i`, a pass `6f6g6f` (or `@@@@`); `+` promotes.
//! - XBoard: our squares, except that boards with exactly 10 ranks count ranks from 0. Legs
//!   are comma-separated as in our text; a pass is `@@@@`.

use super::error::{CmdResult, CommandError, Usage};
use crate::geometry::{BoardShape, Square};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::pass::pass_square;

/// The USI name of `sq`: file from the right, rank letter from the top.
pub fn usi_square(shape: &BoardShape, sq: Square) -> String {
    let file = shape.files as i32 - shape.file_of(sq);
    let rank = (b'a' + (shape.ranks as i32 - 1 - shape.rank_of(sq)) as u8) as char;
    format!("{file}{rank}")
}

/// Reads a USI square at the start of `text`; returns it and the bytes used.
pub fn parse_usi_square_prefix(shape: &BoardShape, text: &str) -> CmdResult<(Square, usize)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && b[i].is_ascii_digit() && i < 2 {
        i += 1;
    }
    if i == 0 {
        return Err(Usage::UsiSquareExpected(text.to_string()).into());
    }
    if b[0] == b'0' {
        return Err(Usage::UsiLeadingZero(text.to_string()).into());
    }
    let file: i32 = text[..i].parse().map_err(|_| CommandError::from(Usage::UsiBadFile(text.to_string())))?;
    let Some(&r) = b.get(i) else {
        return Err(Usage::UsiNoRank(text.to_string()).into());
    };
    if !r.is_ascii_lowercase() {
        // The digits and the character after them (which may be any character, so the text
        // is cut by characters, never by bytes).
        let shown: String = text.chars().take(i + 1).collect();
        return Err(Usage::UsiRankCase(shown).into());
    }
    let rank_from_top = (r - b'a') as i32;
    let f = shape.files as i32 - file;
    let rk = shape.ranks as i32 - 1 - rank_from_top;
    match shape.square(f, rk) {
        Some(sq) => Ok((sq, i + 1)),
        None => {
            Err(Usage::UsiOffBoard { square: text[..=i].to_string(), files: shape.files, ranks: shape.ranks }.into())
        }
    }
}

/// Converts a USI move to our move text (`7g7f+` → `f3f4+`, `6f5e6d` → `g6h7,h7g8`).
pub fn usi_move_to_ours(shape: &BoardShape, text: &str) -> CmdResult<String> {
    let t = text.trim();
    if t == "@@@@" || t == "pass" {
        return Ok("@@@@".into());
    }
    let mut squares = Vec::new();
    let mut i = 0;
    while i < t.len() && t.as_bytes()[i].is_ascii_digit() {
        let (sq, n) = parse_usi_square_prefix(shape, &t[i..])?;
        squares.push(sq);
        i += n;
    }
    let suffix = &t[i..];
    if !(suffix.is_empty() || suffix == "+" || suffix == "=") {
        return Err(Usage::UsiSuffix { suffix: suffix.to_string(), text: t.to_string() }.into());
    }
    let names: Vec<String> = squares.iter().map(|&s| shape.name(s)).collect();
    let body = match names.len() {
        2 => format!("{}{}", names[0], names[1]),
        3 => format!("{}{},{}{}", names[0], names[1], names[1], names[2]),
        4 => format!("{}{},{}{},{}{}", names[0], names[1], names[1], names[2], names[2], names[3]),
        n => return Err(Usage::UsiSquareCount { text: t.to_string(), count: n }.into()),
    };
    Ok(format!("{body}{suffix}"))
}

/// The USI text of `m` in `pos` (where it is legal).
pub fn move_to_usi(pos: &mut Position, m: Move) -> String {
    let shape = *pos.shape();
    let mut s = usi_square(&shape, m.from);
    if m.is_pass() {
        return match pass_square(pos, m.from) {
            Some(via) => format!("{s}{}{s}", usi_square(&shape, via)),
            None => "@@@@".into(),
        };
    }
    for mid in m.mids() {
        s.push_str(&usi_square(&shape, mid));
    }
    s.push_str(&usi_square(&shape, m.to));
    if m.promotion().is_some() {
        s.push('+');
    }
    s
}

/// Whether XBoard counts this board's ranks from 0.
pub fn xb_zero_based(shape: &BoardShape) -> bool {
    shape.ranks == 10
}

/// The XBoard name of `sq`.
pub fn xb_square(shape: &BoardShape, sq: Square) -> String {
    let file = (b'a' + shape.file_of(sq) as u8) as char;
    let rank = shape.rank_of(sq) + if xb_zero_based(shape) { 0 } else { 1 };
    format!("{file}{rank}")
}

/// XBoard stores a rank as the character `'1' + index`, so the 16th rank is `'@'`, its drop
/// sign: XBoard 4.9 relays a move from the 16th rank to the other engine as a drop, the file
/// letter in upper case (`i16g13` becomes `I@g13`). None of our games has drops, so on a board
/// of 16 ranks a letter and `@` name that rank's square.
const XB_RANK_16: u8 = b'@';

/// Reads an XBoard square at the start of `text`.
fn parse_xb_square_prefix(shape: &BoardShape, text: &str) -> CmdResult<(Square, usize)> {
    let b = text.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == XB_RANK_16 && shape.ranks == 16 && !xb_zero_based(shape) {
        let file = (b[0].to_ascii_lowercase() - b'a') as i32;
        return match shape.square(file, 15) {
            Some(sq) => Ok((sq, 2)),
            None => Err(Usage::OffTheBoard(text[..2].to_string()).into()),
        };
    }
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return Err(Usage::SquareExpected(text.to_string()).into());
    }
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() && i < 3 {
        i += 1;
    }
    if i == 1 {
        return Err(Usage::NoRankNumber(text[..1].to_string()).into());
    }
    let n: i32 = text[1..i].parse().map_err(|_| CommandError::from(Usage::BadRank(text[..i].to_string())))?;
    let rank = if xb_zero_based(shape) { n } else { n - 1 };
    match shape.square((b[0] - b'a') as i32, rank) {
        Some(sq) => Ok((sq, i)),
        None => Err(Usage::OffBoard { square: text[..i].to_string(), files: shape.files, ranks: shape.ranks }.into()),
    }
}

/// An XBoard move split into our squares and its suffix (`+`, `=`, or a piece letter).
pub struct XbMove {
    /// Our move text without the suffix (legs as in ours), or `@@@@`.
    pub body: String,
    pub suffix: String,
}

/// Reads an XBoard move (`e2e4`, `c4d5,d5e4`, `e9e10+`, `a8a9q`, `@@@@`).
pub fn parse_xb_move(shape: &BoardShape, text: &str) -> CmdResult<XbMove> {
    let t = text.trim();
    if t == "@@@@" {
        return Ok(XbMove { body: "@@@@".into(), suffix: String::new() });
    }
    let legs: Vec<&str> = t.split(',').collect();
    let mut body = String::new();
    let mut suffix = String::new();
    for (k, leg) in legs.iter().enumerate() {
        let (a, n1) = parse_xb_square_prefix(shape, leg)?;
        let (b, n2) = parse_xb_square_prefix(shape, &leg[n1..])?;
        let rest = &leg[n1 + n2..];
        if !rest.is_empty() && k + 1 != legs.len() {
            return Err(Usage::AfterLeg { rest: rest.to_string(), leg: k + 1, text: t.to_string() }.into());
        }
        if k > 0 {
            body.push(',');
        }
        body.push_str(&shape.name(a));
        body.push_str(&shape.name(b));
        suffix = rest.to_string();
    }
    Ok(XbMove { body, suffix })
}

/// The legs of `m` in XBoard squares (`["e8e7,", "e7e6"]`), without a promotion suffix;
/// `["@@@@"]` for a pass.
pub fn move_to_xb_legs(shape: &BoardShape, m: Move) -> Vec<String> {
    if m.is_pass() {
        return vec!["@@@@".into()];
    }
    let mut squares = vec![m.from];
    squares.extend(m.mids());
    squares.push(m.to);
    let n = squares.len() - 1;
    (0..n)
        .map(|i| {
            let mut s = xb_square(shape, squares[i]);
            s.push_str(&xb_square(shape, squares[i + 1]));
            if i + 1 < n {
                s.push(',');
            }
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::Game;

    #[test]
    fn usi_squares_count_files_from_the_right_and_ranks_from_the_top() {
        let v = Game::builtin("chu").unwrap();
        let s = &v.shape;
        let a1 = s.parse_square("a1").unwrap();
        assert_eq!(usi_square(s, a1), "12l");
        assert_eq!(usi_square(s, s.parse_square("l12").unwrap()), "1a");
        assert_eq!(usi_square(s, s.parse_square("f1").unwrap()), "7l");
        for sq in s.squares() {
            let n = usi_square(s, sq);
            assert_eq!(parse_usi_square_prefix(s, &n).unwrap(), (sq, n.len()));
        }
        assert!(parse_usi_square_prefix(s, "13a").is_err());
        assert!(parse_usi_square_prefix(s, "1m").is_err());
        assert!(parse_usi_square_prefix(s, "a1").is_err());
        // A multi-byte character where the rank letter belongs is an error, not a panic.
        let e = parse_usi_square_prefix(s, "5é").unwrap_err().to_string();
        assert!(e.contains("'5é'"), "{e}");
        assert!(usi_move_to_ours(s, "5é").is_err());
        assert!(usi_move_to_ours(s, "7i7hé").is_err());
        assert!(parse_xb_move(s, "é5e6").is_err() && parse_xb_move(s, "e5é6").is_err());
    }

    #[test]
    fn usi_moves_convert_both_ways() {
        let v = Game::builtin("chu").unwrap();
        assert_eq!(usi_move_to_ours(&v.shape, "7i7h").unwrap(), "f4f5");
        assert_eq!(usi_move_to_ours(&v.shape, "7j6i5h+").unwrap(), "f3g4,g4h5+");
        assert!(usi_move_to_ours(&v.shape, "7i").is_err());
        assert!(usi_move_to_ours(&v.shape, "7i7hx").is_err());
        let mut pos = Position::start(&v);
        let m = parse_move(&mut pos, "f4f5").unwrap();
        assert_eq!(move_to_usi(&mut pos, m), "7i7h");
    }

    #[test]
    fn lion_moves_in_usi_and_xboard_legs() {
        let v = Game::builtin("chu").unwrap();
        let fen = "12/11k/12/12/9P2/4p7/4p7/4N7/12/12/K11/12 w - 1";
        let mut pos = Position::from_fen(&v, fen).unwrap();
        let double = parse_move(&mut pos, "e5e6,e6e7").unwrap();
        assert_eq!(move_to_usi(&mut pos, double), "8h8g8f");
        assert_eq!(move_to_xb_legs(&v.shape, double), vec!["e5e6,".to_string(), "e6e7".to_string()]);
        let igui = parse_move(&mut pos, "e5e6,e6e5").unwrap();
        assert_eq!(move_to_usi(&mut pos, igui), "8h8g8h");
        let pass = parse_move(&mut pos, "e5e5").unwrap();
        let usi = move_to_usi(&mut pos, pass);
        assert!(usi.starts_with("8h") && usi.ends_with("8h") && usi.len() == 6, "{usi}");
        let back = usi_move_to_ours(&v.shape, &usi).unwrap();
        assert_eq!(parse_move(&mut pos, &back).unwrap(), pass);
        assert_eq!(move_to_xb_legs(&v.shape, pass), vec!["@@@@".to_string()]);
        let promo = parse_move(&mut pos, "j8j9+").unwrap();
        assert_eq!(move_to_usi(&mut pos, promo), "3e3d+");
    }

    #[test]
    fn a_horned_falcon_passes_through_its_forward_square_only() {
        let v = Game::builtin("chu").unwrap();
        // A Horned Falcon on e5 with every neighbour empty: its lion moves go forward only.
        let mut pos = Position::from_fen(&v, "12/11k/12/12/12/12/12/4+H7/12/12/K11/12 w - 1").unwrap();
        let pass = parse_move(&mut pos, "e5e5").unwrap();
        assert_eq!(move_to_usi(&mut pos, pass), "8h8g8h");
        // A Soaring Eagle passes through a forward diagonal.
        let mut pos = Position::from_fen(&v, "12/11k/12/12/12/12/12/4+D7/12/12/K11/12 w - 1").unwrap();
        let pass = parse_move(&mut pos, "e5e5").unwrap();
        assert!(["8h9g8h", "8h7g8h"].contains(&move_to_usi(&mut pos, pass).as_str()));
    }

    #[test]
    fn xboard_ranks_start_at_zero_on_ten_rank_boards() {
        let ten = BoardShape::new(10, 10, 2);
        let a1 = ten.parse_square("a1").unwrap();
        assert_eq!(xb_square(&ten, a1), "a0");
        assert_eq!(parse_xb_move(&ten, "a0a1").unwrap().body, "a1a2");
        let twelve = BoardShape::new(12, 12, 2);
        assert_eq!(parse_xb_move(&twelve, "e8e7,e7e6+").unwrap().body, "e8e7,e7e6");
        assert_eq!(parse_xb_move(&twelve, "e8e7,e7e6+").unwrap().suffix, "+");
        assert!(parse_xb_move(&twelve, "e8").is_err());
        assert!(parse_xb_move(&twelve, "e8e7x,e7e6").is_err());
    }

    #[test]
    fn xboard_relays_a_move_from_the_sixteenth_rank_as_a_drop() {
        let sixteen = BoardShape::new(16, 16, 2);
        assert_eq!(parse_xb_move(&sixteen, "I@g13").unwrap().body, "i16g13");
        assert_eq!(parse_xb_move(&sixteen, "g13i@").unwrap().body, "g13i16");
        assert_eq!(parse_xb_move(&sixteen, "i16g13").unwrap().body, "i16g13");
        // Elsewhere `@` is no rank: on 12 ranks the drop form stays an error.
        let twelve = BoardShape::new(12, 12, 2);
        assert!(parse_xb_move(&twelve, "I@g10").is_err());
        assert!(parse_xb_move(&sixteen, "Q@g13").is_err());
    }
}
