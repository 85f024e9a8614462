//! KIF numbers and squares: a square is its file number counted from the right (Arabic, ASCII
//! or full-width digits) and its rank counted from the top in kanji numerals, `7八`, `12十二`.
//! Because the rank is kanji and the file is digits, a file above 9 needs no separator: `11十一`
//! cannot be read as file 1 (lishogi #45). USI squares (`12l`) count the same way, so a KIF
//! square converts one-to-one to lishogi's USI dialect.

const DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A square as KIF counts it: file from the right and rank from the top, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KifSquare {
    pub file: u32,
    pub rank: u32,
}

impl KifSquare {
    /// The KIF text: ASCII file digits, kanji rank (`7八`, as lishogi writes large boards).
    pub fn kif(self) -> String {
        format!("{}{}", self.file, kanji_number(self.rank))
    }

    /// The USI text: file number, rank letter from `a` (`7h`).
    pub fn usi(self) -> String {
        format!("{}{}", self.file, char::from(b'a' + (self.rank - 1) as u8))
    }
}

/// `n` (1..=99) in kanji numerals: `八`, `十`, `十二`, `二十五`.
pub fn kanji_number(n: u32) -> String {
    let mut s = String::new();
    let (tens, ones) = (n / 10, n % 10);
    if tens > 1 {
        s.push(DIGITS[tens as usize - 1]);
    }
    if tens > 0 {
        s.push('十');
    }
    if ones > 0 {
        s.push(DIGITS[ones as usize - 1]);
    }
    s
}

/// The value of one kanji digit.
fn kanji_digit(c: char) -> Option<u32> {
    DIGITS.iter().position(|&d| d == c).map(|i| i as u32 + 1)
}

/// Reads a kanji numeral (1..=99) at the start of `s`; returns it and the bytes used.
pub fn read_kanji_number(s: &str) -> Option<(u32, usize)> {
    let mut chars = s.char_indices().peekable();
    let mut value = 0;
    let mut end = 0;
    let mut tens_seen = false;
    let mut pending = None;
    while let Some(&(i, c)) = chars.peek() {
        if c == '十' && !tens_seen {
            value = pending.take().unwrap_or(1) * 10;
            tens_seen = true;
        } else if let Some(d) = kanji_digit(c).filter(|_| pending.is_none()) {
            pending = Some(d);
        } else {
            break;
        }
        end = i + c.len_utf8();
        chars.next();
    }
    let value = value + pending.unwrap_or(0);
    (value > 0).then_some((value, end))
}

/// An ASCII or full-width decimal digit's value.
pub fn digit_value(c: char) -> Option<u32> {
    match c {
        '0'..='9' => c.to_digit(10),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    }
}

/// Reads a KIF square at the start of `s` (`7八`, `１２十二`); returns it and the bytes used.
pub fn read_square(s: &str) -> Option<(KifSquare, usize)> {
    let mut file = 0;
    let mut used = 0;
    for c in s.chars().take(2) {
        match digit_value(c) {
            Some(d) => {
                file = file * 10 + d;
                used += c.len_utf8();
            }
            None => break,
        }
    }
    if used == 0 || file == 0 {
        return None;
    }
    let (rank, n) = read_kanji_number(&s[used..])?;
    Some((KifSquare { file, rank }, used + n))
}

/// Reads the squares of a USI move (`7j7i6h+`): the squares, and whether it promotes.
pub fn usi_squares(usi: &str) -> Option<(Vec<KifSquare>, bool)> {
    let (body, promote) = match usi.strip_suffix('+') {
        Some(b) => (b, true),
        None => (usi, false),
    };
    let b = body.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let file: u32 = body.get(start..i)?.parse().ok()?;
        let rank = u32::from(*b.get(i).filter(|c| c.is_ascii_lowercase())? - b'a') + 1;
        out.push(KifSquare { file, rank });
        i += 1;
    }
    (!out.is_empty()).then_some((out, promote))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numbers_read_back_for_every_rank_of_the_largest_board() {
        for n in 1..=99 {
            let k = kanji_number(n);
            assert_eq!(read_kanji_number(&k), Some((n, k.len())), "{n} = {k}");
        }
        assert_eq!(kanji_number(12), "十二");
        assert_eq!(kanji_number(25), "二十五");
        assert_eq!(read_kanji_number("十十"), Some((10, "十".len())));
        assert_eq!(read_kanji_number("歩"), None);
    }

    #[test]
    fn squares_with_files_above_nine_need_no_separator() {
        let sq = |file, rank| KifSquare { file, rank };
        assert_eq!(read_square("11十一獅子"), Some((sq(11, 11), "11十一".len())));
        assert_eq!(read_square("1十一"), Some((sq(1, 11), "1十一".len())));
        assert_eq!(read_square("１２十二"), Some((sq(12, 12), "１２十二".len())));
        assert_eq!(read_square("0一"), None);
        assert_eq!(read_square("7"), None);
        assert_eq!(sq(12, 12).kif(), "12十二");
        assert_eq!(sq(7, 9).usi(), "7i");
        assert_eq!(usi_squares("7j7i6h"), Some((vec![sq(7, 10), sq(7, 9), sq(6, 8)], false)));
        assert_eq!(usi_squares("5l6k+"), Some((vec![sq(5, 12), sq(6, 11)], true)));
        assert_eq!(usi_squares("@@@@"), None);
    }
}
