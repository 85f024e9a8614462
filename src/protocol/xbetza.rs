//! What XBoard needs to show a game it does not know: one letter per piece type (with XBoard's
//! `'`/`!` suffixes when letters run out), the piece-to-image table of the `setup` command,
//! XBoard FENs, and each piece's moves in XBetza, generated from the game's data file.

use super::error::{CmdResult, Usage};
use crate::game::Game;
use crate::geometry::{BoardShape, Color, Square};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{placement as fen_placement, FenField, PromotionText, XboardParent};

/// A FEN-style placement of `shape` (ranks from the top, `/`-separated, runs of empty squares
/// as numbers) with `mark` giving the text of each occupied square: XBoard's FEN and its
/// `highlight` board are both written this way.
pub fn placement(shape: &BoardShape, mark: impl Fn(Square) -> Option<String>) -> String {
    fen_placement::write(shape.files, shape.ranks, |f, r| mark(shape.square_unchecked(f, r)))
}

/// Number of picture slots before the `/` of XBoard's piece table that a game may fill.
const SLOTS: usize = 44;
/// Slots after the `/`, the last one being the King.
const TAIL: usize = 20;

/// Preferred XBoard picture slot for our usual IDs (Pawn, Knight, Bishop, ... in XBoard's
/// order), so familiar pieces keep familiar pictures.
const PREFERRED: &[(&str, usize)] = &[
    ("P", 0),
    ("N", 1),
    ("B", 2),
    ("R", 3),
    ("Q", 4),
    ("E", 6),
    ("X", 7),
    ("H", 8),
    ("W", 9),
    ("J", 10),
    ("C", 11),
    ("Y", 13),
    ("A", 14),
    ("S", 16),
    ("L", 21),
    ("U", 20),
    ("G", 36),
];

/// How XBoard shows one game, as its data file's `[protocols]` table says.
#[derive(Clone)]
pub struct XbGame {
    /// XBoard ID of each piece kind, upper case (`N`, `+D`, `S'`).
    pub ids: Vec<String>,
    /// The parent variant of the `setup` command (`chu`: shogi-style `+` promotion; `fairy`).
    pub parent: XboardParent,
    /// The piece-to-char table of the `setup` command.
    pub table: String,
    /// XBoard knows the game: no `setup` is sent.
    known: bool,
    /// FENs end `side 0 fullmove`, as XBoard writes shogi.
    short_fen: bool,
}

impl XbGame {
    pub fn new(v: &Game) -> XbGame {
        // XBoard's shogi parent promotes a piece only to its `+` form; games whose promoted types
        // are pieces of their own (Scirocco) need the chess-like parent and letter suffixes.
        let shogi = v.pieces.iter().any(|p| p.promoted);
        let mut ids: Vec<String> = vec![String::new(); v.pieces.len()];
        let mut used: Vec<String> = Vec::new();
        // Bare letters first, so that one-letter IDs keep their letter.
        for (k, p) in v.pieces.iter().enumerate() {
            if p.promoted {
                continue;
            }
            if p.id.len() == 1 && !used.contains(&p.id) {
                ids[k] = p.id.clone();
                used.push(p.id.clone());
            }
        }
        for (k, p) in v.pieces.iter().enumerate() {
            if p.promoted || !ids[k].is_empty() {
                continue;
            }
            // Never pick `X` for a multi-letter ID: XBoard reads a promotion suffix `x` as a
            // capture sign (a Scirocco `i6h8x` was refused as an off-board move).
            let letters: Vec<char> = p.id.chars().chain('A'..='Z').filter(|&c| c != 'X').collect();
            let pick = ["", "'", "!"]
                .iter()
                .flat_map(|suf| letters.iter().map(move |c| format!("{c}{suf}")))
                .find(|cand| !used.contains(cand))
                .unwrap_or_else(|| "?".into());
            used.push(pick.clone());
            ids[k] = pick;
        }
        for (k, p) in v.pieces.iter().enumerate() {
            if p.promoted {
                // `+X` is the promoted form of the piece whose ID is X.
                let base = v.kind_by_id(p.id.trim_start_matches('+'));
                ids[k] = match base {
                    Some(b) => format!("+{}", ids[b.index()]),
                    None => format!("+{}", &p.id[1..]),
                };
            }
        }
        let facts = &v.protocols;
        let parent = facts.xboard_parent.unwrap_or(if shogi { XboardParent::Chu } else { XboardParent::Fairy });
        let table = facts.xboard_pieces.clone().unwrap_or_else(|| build_table(v, &ids));
        let short_fen = facts.xboard_short_fen.unwrap_or(parent == XboardParent::Chu);
        XbGame { ids, parent, table, known: facts.xboard_known, short_fen }
    }

    /// The XBoard ID of the piece on a square, in FEN case.
    fn token(&self, kind: usize, color: Color) -> String {
        let id = &self.ids[kind];
        if color == Color::White {
            id.clone()
        } else {
            id.to_lowercase()
        }
    }

    /// The kind whose XBoard ID is `id` (case-insensitive letter, suffix kept).
    pub fn kind_of(&self, id: &str) -> Option<usize> {
        let up = id.to_uppercase();
        self.ids.iter().position(|x| *x == up)
    }

    /// Whether promotions are written `+` (XBoard's shogi parent) rather than with the new
    /// piece's letter (its chess-like parent refuses a `+`).
    fn plus_promotion(&self, v: &Game) -> bool {
        v.promotion.text == PromotionText::Plus && self.parent == XboardParent::Chu
    }

    /// The text of `m` as XBoard legs (`["e8e7,", "e7e6"]`), the promotion suffix on the last.
    pub fn move_legs(&self, v: &Game, m: Move) -> Vec<String> {
        let mut legs = super::squares::move_to_xb_legs(&v.shape, m);
        if let Some(k) = m.promotion() {
            let last = legs.last_mut().expect("a move has a leg");
            if self.plus_promotion(v) {
                last.push('+');
            } else {
                last.push_str(&self.ids[k.index()].to_lowercase());
            }
        }
        legs
    }

    /// An XBoard move (`e2e4`, `c4d5,d5e4`, `e9e10+`, `a8a9q`, `@@@@`) as our move text,
    /// not yet checked against a position.
    pub fn move_to_ours(&self, v: &Game, text: &str) -> CmdResult<String> {
        let super::squares::XbMove { body, suffix } = super::squares::parse_xb_move(&v.shape, text)?;
        Ok(match suffix.as_str() {
            "" => body,
            "+" | "=" => format!("{body}{suffix}"),
            // HaChu's convention: any other letter after a shogi move means promotion.
            _ if v.promotion.text == PromotionText::Plus => format!("{body}+"),
            s => match self.kind_of(s) {
                Some(k) => format!("{body}=({})", v.pieces[k].id.trim_start_matches('+')),
                None => return Err(Usage::UnknownPromotion(s.to_string()).into()),
            },
        })
    }

    /// The board of `pos` as an XBoard FEN placement.
    pub fn board(&self, pos: &Position) -> String {
        placement(pos.shape(), |sq| pos.piece_at(sq).map(|p| self.token(p.kind().index(), p.color())))
    }

    /// A full XBoard FEN of `pos`.
    pub fn fen(&self, pos: &Position) -> String {
        let side = pos.side().fen_char();
        if self.short_fen {
            format!("{} {side} 0 {}", self.board(pos), pos.fullmove_number())
        } else {
            let castling = pos
                .to_fen()
                .split_whitespace()
                .nth(2)
                .filter(|_| v_has_castling(pos.game()))
                .unwrap_or("-")
                .to_string();
            format!("{} {side} {castling} - {} {}", self.board(pos), pos.halfmove_clock(), pos.fullmove_number())
        }
    }

    /// Converts an XBoard FEN (XBoard letters) to our FEN for `v`. Fields XBoard does not
    /// know (King-leap rights, counter-strike) are taken from the board: a King on its start
    /// square keeps its leap.
    pub fn fen_to_ours(&self, v: &Game, xb: &str) -> CmdResult<String> {
        let fields: Vec<&str> = xb.split_whitespace().collect();
        let Some(board) = fields.first() else {
            return Err(Usage::EmptyFen.into());
        };
        let mut ours = String::new();
        let b = board.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i] as char;
            if c.is_ascii_digit() || c == '/' {
                ours.push(c);
                i += 1;
                continue;
            }
            let mut tok = String::new();
            if c == '+' {
                tok.push('+');
                i += 1;
            }
            let Some(&l) = b.get(i) else {
                return Err(Usage::FenEndsAfter(tok).into());
            };
            if !l.is_ascii_alphabetic() {
                return Err(Usage::FenUnexpected(l as char).into());
            }
            tok.push(l as char);
            i += 1;
            if let Some(&s) = b.get(i) {
                if s == b'\'' || s == b'!' {
                    tok.push(s as char);
                    i += 1;
                }
            }
            let Some(kind) = self.kind_of(&tok) else {
                return Err(Usage::FenUnknownPiece(tok).into());
            };
            let owner = if (l as char).is_ascii_uppercase() { Color::White } else { Color::Black };
            ours.push_str(&v.pieces[kind].fen_token(owner));
        }
        let side = match fields.get(1) {
            None | Some(&"w") => 'w',
            Some(&"b") => 'b',
            Some(other) => return Err(Usage::FenSide(other.to_string()).into()),
        };
        let nums: Vec<u32> = fields[2.min(fields.len())..].iter().filter_map(|t| t.parse().ok()).collect();
        let fullmove = nums.last().copied().unwrap_or(1).max(1);
        let halfmove = if nums.len() >= 2 { nums[nums.len() - 2] } else { 0 };
        let mut fen = format!("{ours} {side}");
        for f in &v.fen.fields {
            fen.push(' ');
            match f {
                FenField::LeapRights => fen.push_str(&leap_rights_from_board(v, &ours)),
                FenField::CastlingRights => fen.push_str(&castling_from_board(v, &ours, fields.get(2).copied())),
                FenField::EnPassant | FenField::CounterStrike => fen.push('-'),
                FenField::Halfmove => fen.push_str(&halfmove.to_string()),
                FenField::Fullmove => fen.push_str(&fullmove.to_string()),
            }
        }
        Ok(fen)
    }

    /// The `setup` command for `v` starting from `pos`; `None` for a game XBoard knows (Chu
    /// Shogi: its pictures and start position). Tested with XBoard 4.9.1: a piece table sent for
    /// Chu garbles its board, and any `setup` makes XBoard send `setboard` with a full FEN to
    /// the opponent, which HaChu 0.21 cannot read; HaChu itself sends no `setup` for Chu.
    pub fn setup_line(&self, v: &Game, pos: &Position) -> Option<String> {
        if self.known {
            return None;
        }
        Some(format!(
            "setup ({}) {}x{}+0_{} {}",
            self.table,
            v.shape.files,
            v.shape.ranks,
            self.parent.name(),
            self.fen(pos)
        ))
    }

    /// One `piece` command per piece type.
    pub fn piece_lines(&self, v: &Game) -> Vec<String> {
        (0..v.pieces.len()).map(|k| format!("piece {}& {}", self.ids[k], xbetza(v, k))).collect()
    }
}

/// Leap rights read from a board: each side whose King-leap piece stands on its start square.
fn leap_rights_from_board(v: &Game, board: &str) -> String {
    let start_board = v.start_fen.split_whitespace().next().unwrap_or("");
    let (Ok(now), Ok(start)) = (fen_placement::parse(v, board), fen_placement::parse(v, start_board)) else {
        return "-".into();
    };
    let mut s = String::new();
    for (c, ch) in [(Color::White, 'K'), (Color::Black, 'k')] {
        let home = start.iter().find(|p| {
            p.color == c && v.tables.registry.data::<crate::movegen::powers::king_leap::KingLeap>().contains(p.kind)
        });
        if let Some(h) = home {
            if now.iter().any(|x| x == h) {
                s.push(ch);
            }
        }
    }
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

/// Whether the game has the castling-rights FEN field (its third field, as in XBoard's FENs).
fn v_has_castling(v: &Game) -> bool {
    v.fen.fields.first() == Some(&FenField::CastlingRights)
}

/// Castling rights for an XBoard FEN: XBoard's own field if it reads as ours, otherwise every
/// right whose King and Rook stand on their squares.
fn castling_from_board(v: &Game, board: &str, given: Option<&str>) -> String {
    let Some(c) = &v.tables.castling else {
        return "-".into();
    };
    let Ok(now) = fen_placement::parse(v, board) else {
        return "-".into();
    };
    let at = |sq: Square| now.iter().find(|p| v.shape.square_unchecked(p.file, p.rank) == sq);
    let mut home = String::new();
    for col in Color::ALL {
        for w in &c.ways[col] {
            let king = at(w.king_from).is_some_and(|p| p.color == col && v.piece(p.kind).royal);
            let rook = at(w.rook_from).is_some_and(|p| p.color == col && p.kind == c.rook);
            if king && rook {
                home.push(w.letter);
            }
        }
    }
    match given {
        Some(g) if g == "-" || (!g.is_empty() && g.chars().all(|ch| home.contains(ch))) => g.to_string(),
        _ if home.is_empty() => "-".into(),
        _ => home,
    }
}

/// The picture table: pieces in preferred slots, the royal King last.
fn build_table(v: &Game, ids: &[String]) -> String {
    table_tokens(v, ids).0
}

/// The piece types of `v` that find no slot in XBoard's piece table (none when the game fits):
/// XBoard cannot show them, and refuses a move that makes one (a promotion to it is an
/// "Impossible move" there).
pub fn unslotted(v: &Game) -> Vec<String> {
    if v.protocols.xboard_pieces.is_some() {
        return Vec::new();
    }
    let xb = XbGame::new(v);
    table_tokens(v, &xb.ids).1.into_iter().map(|k| v.pieces[k].id.clone()).collect()
}

/// The table of `build_table` and the kinds left without a slot.
fn table_tokens(v: &Game, ids: &[String]) -> (String, Vec<usize>) {
    let mut slots: Vec<Option<usize>> = vec![None; SLOTS];
    let mut king: Option<usize> = None;
    let mut rest = Vec::new();
    for (k, p) in v.pieces.iter().enumerate() {
        if p.promoted {
            continue;
        }
        if p.royal && king.is_none() && p.id == "K" {
            king = Some(k);
            continue;
        }
        match PREFERRED.iter().find(|(id, _)| *id == p.id) {
            Some((_, s)) if slots[*s].is_none() => slots[*s] = Some(k),
            _ => rest.push(k),
        }
    }
    let mut dropped = Vec::new();
    for k in rest {
        match slots.iter().position(Option::is_none) {
            Some(s) => slots[s] = Some(k),
            None => dropped.push(k),
        }
    }
    // Shogi-style promoted types take the free slots after the others, written `^X`.
    let mut promoted = Vec::new();
    for (k, p) in v.pieces.iter().enumerate() {
        if p.promoted {
            promoted.push(k);
        }
    }
    let mut tokens: Vec<String> = slots
        .iter()
        .map(|s| match s {
            Some(k) => ids[*k].clone(),
            None => ".".into(),
        })
        .collect();
    for k in promoted {
        match tokens.iter().position(|t| t == ".") {
            Some(i) => tokens[i] = format!("^{}", &ids[k][1..]),
            None => dropped.push(k),
        }
    }
    // XBoard 4.9.1's table layout (as HaChu writes it): 44 slots, '/', then the 20 slots that
    // end with the King.
    let king_id = king.map_or_else(|| "K".into(), |k| ids[k].clone());
    let white = format!("{}/{}{king_id}", tokens.concat(), ".".repeat(TAIL - 1));
    let black: String = white.to_lowercase();
    (format!("{white}{black}"), dropped)
}

/// XBetza of a piece: its Betza atoms rewritten in XBoard's modifier order, plus the XBetza
/// forms of the named powers (lion, lion lines, bent sliders). The King leap and other
/// powers XBetza cannot say are left out: the engine's `highlight` answers show them.
pub fn xbetza(g: &Game, kind: usize) -> String {
    let mut s = betza_tokens(&g.pieces[kind].betza);
    for pw in &g.tables.powers[kind] {
        s.push_str(&pw.xbetza());
    }
    if s.is_empty() {
        // A piece without moves: XBoard needs some description.
        s.push_str("mW0");
    }
    s
}

/// Rewrites our Betza string token by token: direction letters first, then the modes in
/// XBoard's order (m c e p n), a doubled atom as `atom0` (XBoard reads `NN` as two N).
fn betza_tokens(text: &str) -> String {
    let chars: Vec<char> = text.chars().filter(|c| *c != ' ' && *c != '+').collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mut dirs = String::new();
        let mut modes = [false; 5]; // m c e p n
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'm' => modes[0] = true,
                'c' => modes[1] = true,
                'e' => modes[2] = true,
                'p' => modes[3] = true,
                'n' => modes[4] = true,
                d => dirs.push(d),
            }
            i += 1;
        }
        let Some(&atom) = chars.get(i) else { break };
        i += 1;
        let mut range = String::new();
        if i < chars.len() && chars[i] == atom && !"RBQK".contains(atom) {
            range.push('0');
            i += 1;
        }
        while i < chars.len() && chars[i].is_ascii_digit() {
            range.push(chars[i]);
            i += 1;
        }
        out.push_str(&dirs);
        for (k, c) in ['m', 'c', 'e', 'p', 'n'].iter().enumerate() {
            if modes[k] {
                out.push(*c);
            }
        }
        out.push(atom);
        out.push_str(&range);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn betza_is_rewritten_in_xboard_order() {
        assert_eq!(betza_tokens("fmWfceF fmnD"), "fmWfceFfmnD");
        assert_eq!(betza_tokens("NN"), "N0");
        assert_eq!(betza_tokens("mRcpR"), "mRcpR");
        assert_eq!(betza_tokens("vRsW"), "vRsW");
        assert_eq!(betza_tokens("R3"), "R3");
        assert_eq!(betza_tokens("mfW"), "fmW");
    }

    #[test]
    fn chu_keeps_xboard_letters_and_lion_xbetza() {
        let v = Game::builtin("chu").unwrap();
        let g = XbGame::new(&v);
        let lion = v.kind_by_id("N").unwrap().index();
        assert_eq!(g.ids[lion], "N");
        assert_eq!(xbetza(&v, lion), "KNADcaKmabK");
        let eagle = v.kind_by_id("+D").unwrap().index();
        assert_eq!(g.ids[eagle], "+D");
        let pos = Position::start(&v);
        assert_eq!(g.board(&pos), v.start_fen.split_whitespace().next().unwrap());
        let back = g.fen_to_ours(&v, &g.fen(&pos)).unwrap();
        assert_eq!(Position::from_fen(&v, &back).unwrap().to_fen(), pos.to_fen());
    }

    #[test]
    fn bigorra_letters_are_unique_and_round_trip() {
        let v = Game::builtin("bigorra").unwrap();
        let g = XbGame::new(&v);
        let mut seen = g.ids.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), v.pieces.len(), "{:?}", g.ids);
        let pos = Position::start(&v);
        let back = g.fen_to_ours(&v, &g.fen(&pos)).unwrap();
        assert_eq!(Position::from_fen(&v, &back).unwrap().to_fen(), pos.to_fen());
        assert!(g.table.ends_with('k') && g.table.matches('/').count() == 2, "{}", g.table);
        for k in 0..v.pieces.len() {
            assert!(!xbetza(&v, k).is_empty());
        }
    }

    #[test]
    fn the_great_shogis_have_more_promoted_types_than_the_table_holds() {
        // Nutty, Dai and Tenjiku: every promoted type is a type of its own, and 44 slots do not
        // hold them all (the Tokin would have none: XBoard then refuses a Pawn's promotion).
        for name in ["nutty", "dai", "tenjiku"] {
            let v = Game::builtin(name).unwrap();
            assert!(!unslotted(&v).is_empty(), "{name}");
        }
        for name in ["chu", "bigorra", "scirocco", "heavy-shako", "timurid-babur"] {
            let v = Game::builtin(name).unwrap();
            assert_eq!(unslotted(&v), Vec::<String>::new(), "{name}");
        }
    }
}
