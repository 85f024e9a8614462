//! Board geometry: colours, squares, the padded mailbox shape and coordinates.
//!
//! A [`Square`] is an index into the padded mailbox of one [`BoardShape`]. The padding is at
//! least the longest leap of the game, so a leap from any on-board square lands inside the
//! array (on a board square or on an off-board sentinel) and needs no bounds check.

use std::fmt;

/// Largest board side we support (Tai Shogi is 25x25; files are the letters `a`..`y`).
pub const MAX_SIDE: u8 = 25;

/// The cells of every position's mailbox array: a power of two, at least every game's padded
/// board (`Game::new` refuses a larger one, see [`BoardShape::fits`]), so that a square masked
/// to it indexes the array without a bounds check.
pub(crate) const MAILBOX: usize = 2048;

/// The two players. `White` is always the side that moves first (`w` in FEN), whatever the
/// game calls it (Blue in Scirocco, sente in the shogi games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first; its pieces move toward higher ranks.
    White = 0,
    /// The side that moves second; its pieces move toward rank 1.
    Black = 1,
}

impl Color {
    /// Both colours, White first: for loops over the two sides.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// White 0, Black 1: for tables indexed by colour.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// +1 for White (moves toward higher ranks), -1 for Black.
    #[inline]
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The side-to-move letter of FEN: `w` or `b`.
    pub fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `white` or `black`, for messages and protocol text.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A value per colour, indexed by [`Color`] rather than by casts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub(crate) white: T,
    pub(crate) black: T,
}

impl<T> ByColor<T> {
    pub(crate) fn new(white: T, black: T) -> Self {
        ByColor { white, black }
    }
    #[inline]
    pub(crate) fn get(&self, c: Color) -> &T {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
    #[inline]
    pub(crate) fn get_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

impl<T> std::ops::Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        self.get(c)
    }
}

impl<T> std::ops::IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        self.get_mut(c)
    }
}

/// An index into a padded mailbox. Only meaningful together with its [`BoardShape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    /// "No square": used for unused move fields. Never a valid mailbox index.
    pub const NONE: Square = Square(u16::MAX);

    /// The mailbox index, for arrays of the shape's `cells`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether it is [`Square::NONE`].
    #[inline]
    pub fn is_none(self) -> bool {
        self == Square::NONE
    }

    /// The square `delta` mailbox cells away. The caller guarantees the result is inside the
    /// padded array (true for any leap no longer than the padding from an on-board square).
    #[inline]
    pub fn offset(self, delta: i32) -> Square {
        Square((self.0 as i32 + delta) as u16)
    }
}

/// A board of `files` x `ranks` squares inside a mailbox padded by `pad` cells on every side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardShape {
    /// The number of files (columns) of the board.
    pub files: u8,
    /// The number of ranks (rows) of the board.
    pub ranks: u8,
    /// Off-board cells on each side of the board: at least the longest single step of any move, so
    /// no step from a board square leaves the array.
    pub pad: u8,
    /// Mailbox row length: `files + 2 * pad`.
    pub stride: u16,
    /// Total mailbox cells.
    pub cells: u16,
}

/// An error in square text, e.g. `z9` or `a0` on a board that has no such square. The text
/// held is the part of the input read as the square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// The text ended where a square was expected.
    End,
    /// The text starts with this character, not a file letter.
    NoFile(char),
    /// A file letter without a rank number.
    NoRank(String),
    /// A rank number written with a leading zero (`a01`).
    LeadingZero(String),
    /// A rank number that cannot be read.
    BadRank(String),
    /// A square outside the board, and the board's size.
    OffBoard {
        /// The square as written.
        text: String,
        /// Files of the board.
        files: u8,
        /// Ranks of the board.
        ranks: u8,
    },
    /// A whole text that is more than a square (`a1x`).
    NotASquare(String),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::End => f.write_str("expected a square, found the end of the text"),
            SquareError::NoFile(c) => write!(f, "expected a square (file letter), found '{c}'"),
            SquareError::NoRank(t) => write!(f, "square '{t}' has no rank number"),
            SquareError::LeadingZero(t) => write!(f, "square '{t}' has a rank with a leading zero"),
            SquareError::BadRank(t) => write!(f, "bad rank in '{t}'"),
            SquareError::OffBoard { text, files, ranks } => {
                write!(f, "square '{text}' is off the {files}x{ranks} board")
            }
            SquareError::NotASquare(t) => write!(f, "'{t}' is not a square"),
        }
    }
}

impl std::error::Error for SquareError {}

impl BoardShape {
    /// The shape of a `files` x `ranks` board padded by `pad`. Panics if a side is 0 or above
    /// [`MAX_SIDE`].
    pub fn new(files: u8, ranks: u8, pad: u8) -> BoardShape {
        assert!(files >= 1 && ranks >= 1 && files <= MAX_SIDE && ranks <= MAX_SIDE);
        let stride = files as u16 + 2 * pad as u16;
        let cells = stride * (ranks as u16 + 2 * pad as u16);
        BoardShape { files, ranks, pad, stride, cells }
    }

    /// Whether a `files` x `ranks` board padded by `pad` cells on every side fits a position's
    /// mailbox array (`MAILBOX`, 2,048 cells).
    pub fn fits(files: u8, ranks: u8, pad: u8) -> bool {
        let side = |n: u8| n as usize + 2 * pad as usize;
        side(files) * side(ranks) <= MAILBOX
    }

    /// Square of 0-based `file` and `rank`; `None` off the board.
    #[inline]
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        Some(self.square_unchecked(file, rank))
    }

    /// Square of 0-based `file` and `rank`, not checked against the board: for coordinates known to
    /// be on it.
    #[inline]
    pub fn square_unchecked(&self, file: i32, rank: i32) -> Square {
        let p = self.pad as i32;
        Square(((rank + p) * self.stride as i32 + file + p) as u16)
    }

    /// The 0-based file of `sq`; negative or `files` and above in the padding.
    #[inline]
    pub fn file_of(&self, sq: Square) -> i32 {
        (sq.0 % self.stride) as i32 - self.pad as i32
    }

    /// The 0-based rank of `sq`; negative or `ranks` and above in the padding.
    #[inline]
    pub fn rank_of(&self, sq: Square) -> i32 {
        (sq.0 / self.stride) as i32 - self.pad as i32
    }

    /// Whether `sq` (a mailbox index) is a square of the board.
    #[inline]
    pub fn on_board(&self, sq: Square) -> bool {
        if sq.0 >= self.cells {
            return false;
        }
        let f = self.file_of(sq);
        let r = self.rank_of(sq);
        f >= 0 && r >= 0 && f < self.files as i32 && r < self.ranks as i32
    }

    /// The vector (files, ranks) of a mailbox offset no longer across than the padding (every
    /// single step of a move): the inverse of [`BoardShape::delta`] for those.
    #[inline]
    pub fn vector(&self, delta: i32) -> (i32, i32) {
        let stride = self.stride as i32;
        let dy = (delta + stride / 2).div_euclid(stride);
        (delta - dy * stride, dy)
    }

    /// Mailbox offset of the vector (`dx` files, `dy` ranks).
    #[inline]
    pub fn delta(&self, dx: i32, dy: i32) -> i32 {
        dx + dy * self.stride as i32
    }

    /// Dense index 0..files*ranks, for tables.
    #[inline]
    pub fn dense(&self, sq: Square) -> usize {
        (self.rank_of(sq) * self.files as i32 + self.file_of(sq)) as usize
    }

    /// The number of board squares, `files * ranks`.
    pub fn num_squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Every board square, rank 1 first, files left to right.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks as i32).flat_map(move |r| (0..self.files as i32).map(move |f| self.square_unchecked(f, r)))
    }

    /// The one-square mailbox step from `a` toward `b` when they lie on one rank, file or
    /// diagonal (and differ); `None` otherwise.
    #[inline]
    pub fn line_step(&self, a: Square, b: Square) -> Option<i32> {
        let dx = self.file_of(b) - self.file_of(a);
        let dy = self.rank_of(b) - self.rank_of(a);
        if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return None;
        }
        Some(self.delta(dx.signum(), dy.signum()))
    }

    /// King distance between two board squares.
    #[inline]
    pub fn distance(&self, a: Square, b: Square) -> i32 {
        let dx = (self.file_of(a) - self.file_of(b)).abs();
        let dy = (self.rank_of(a) - self.rank_of(b)).abs();
        dx.max(dy)
    }

    /// Our square name: file letter + 1-based decimal rank, e.g. `a1`, `p16`, `y25`.
    pub fn name(&self, sq: Square) -> String {
        let mut s = String::with_capacity(3);
        self.write_name(sq, &mut s);
        s
    }

    pub(crate) fn write_name(&self, sq: Square, out: &mut String) {
        use std::fmt::Write;
        if sq.is_none() || !self.on_board(sq) {
            out.push('?');
            return;
        }
        out.push((b'a' + self.file_of(sq) as u8) as char);
        let _ = write!(out, "{}", self.rank_of(sq) + 1);
    }

    /// Parses a square name at the start of `text` (case-insensitive file letter). Returns the
    /// square and the number of bytes used. Ranks have no leading zero.
    pub fn parse_prefix(&self, text: &str) -> Result<(Square, usize), SquareError> {
        let b = text.as_bytes();
        if b.is_empty() {
            return Err(SquareError::End);
        }
        let c = b[0].to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return Err(SquareError::NoFile(text.chars().next().unwrap_or_default()));
        }
        let file = (c - b'a') as i32;
        let mut i = 1;
        while i < b.len() && b[i].is_ascii_digit() && i < 4 {
            i += 1;
        }
        if i == 1 {
            return Err(SquareError::NoRank(text[..1].to_string()));
        }
        let digits = &text[1..i];
        if digits.starts_with('0') {
            return Err(SquareError::LeadingZero(text[..i].to_string()));
        }
        let rank: i32 = digits.parse().map_err(|_| SquareError::BadRank(text[..i].to_string()))?;
        match self.square(file, rank - 1) {
            Some(sq) => Ok((sq, i)),
            None => Err(SquareError::OffBoard { text: text[..i].to_string(), files: self.files, ranks: self.ranks }),
        }
    }

    /// Parses a whole square name.
    pub fn parse_square(&self, text: &str) -> Result<Square, SquareError> {
        let (sq, n) = self.parse_prefix(text)?;
        if n != text.len() {
            return Err(SquareError::NotASquare(text.to_string()));
        }
        Ok(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_every_size() {
        for (f, r) in [(10u8, 10u8), (12, 12), (16, 16), (25, 25), (13, 13)] {
            let shape = BoardShape::new(f, r, 3);
            for sq in shape.squares() {
                let name = shape.name(sq);
                assert_eq!(shape.parse_square(&name).unwrap(), sq, "{name}");
            }
            assert_eq!(shape.squares().count(), f as usize * r as usize);
        }
    }

    #[test]
    fn bad_squares_are_errors() {
        let shape = BoardShape::new(12, 12, 2);
        assert!(shape.parse_square("m1").is_err());
        assert!(shape.parse_square("a13").is_err());
        assert!(shape.parse_square("a0").is_err());
        assert!(shape.parse_square("a01").is_err());
        assert!(shape.parse_square("1a").is_err());
        assert!(shape.parse_square("").is_err());
        assert_eq!(shape.parse_prefix("a10a12").unwrap().1, 3);
    }

    /// The largest board (25x25) fits with the padding of any Betza leap (3) and up to 10; a
    /// longer move is refused rather than read beyond the array.
    #[test]
    fn mailbox_fits_the_largest_boards() {
        assert!(BoardShape::fits(25, 25, 3) && BoardShape::fits(25, 25, 10));
        assert!(!BoardShape::fits(25, 25, 11) && !BoardShape::fits(16, 16, 20));
    }

    #[test]
    fn padding_marks_off_board() {
        let shape = BoardShape::new(16, 16, 3);
        let a1 = shape.square(0, 0).unwrap();
        assert!(!shape.on_board(a1.offset(shape.delta(-1, 0))));
        assert!(!shape.on_board(a1.offset(shape.delta(-3, -3))));
        assert!(shape.on_board(a1.offset(shape.delta(3, 3))));
    }
}
