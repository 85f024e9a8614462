//! Piece names in KIF, from the game's data: a diagram shows each piece by its glyph (one
//! kanji), move text by its full kanji name (`kanji` in the data file). A promoted piece whose
//! glyph is also an unpromoted piece's gets `成` before it on diagrams (`成竜`, the promoted
//! Rook, as lishogi writes it), so no two kinds share a diagram name where the data can tell
//! them apart (lishogi #472). A piece without a glyph is named by its ID (`SQ`, `成D`).

use crate::variant::{KindId, Variant};
use std::collections::HashMap;

/// Spellings of the same kanji: lishogi writes 龍 and 玉 where our data has 竜 and 王.
const VARIANT_FORMS: [(char, char); 2] = [('龍', '竜'), ('玉', '王')];

/// What a diagram name names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    One(KindId),
    /// Two kinds of the game share the name (Tai Shogi's glyphs do): it cannot be read.
    Several,
}

/// The KIF names of one game's pieces.
pub struct PieceNames {
    board: Vec<String>,
    moves: Vec<String>,
    lookup: HashMap<String, Named>,
    promotes_to: Vec<Option<KindId>>,
}

/// Why a diagram name names no piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Unknown(String),
    Ambiguous(String),
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Unknown(n) => write!(f, "no piece of this game is named '{n}'"),
            NameError::Ambiguous(n) => write!(f, "'{n}' names more than one piece of this game"),
        }
    }
}

impl PieceNames {
    pub fn new(v: &Variant) -> PieceNames {
        let base = |i: usize| {
            let p = &v.pieces[i];
            p.glyph.clone().unwrap_or_else(|| p.id.trim_start_matches('+').to_string())
        };
        let unpromoted: Vec<String> = (0..v.pieces.len()).filter(|&i| !v.pieces[i].promoted).map(base).collect();
        let board: Vec<String> = (0..v.pieces.len())
            .map(|i| {
                let p = &v.pieces[i];
                let b = base(i);
                let clash = p.glyph.is_none() || unpromoted.contains(&b);
                if p.promoted && clash {
                    format!("成{b}")
                } else {
                    b
                }
            })
            .collect();
        let moves = v.pieces.iter().zip(&board).map(|(p, b)| p.kanji.clone().unwrap_or_else(|| b.clone())).collect();
        let mut lookup = HashMap::new();
        for (i, name) in board.iter().enumerate() {
            let k = KindId(i as u8);
            lookup.entry(name.clone()).and_modify(|n| *n = Named::Several).or_insert(Named::One(k));
        }
        let promotes_to = v.pieces.iter().map(|p| p.promotes_to).collect();
        PieceNames { board, moves, lookup, promotes_to }
    }

    /// The diagram name of kind `k` (`竜`, `成竜`, `SQ`).
    pub fn board(&self, k: KindId) -> &str {
        &self.board[k.index()]
    }

    /// The move-text name of kind `k` (`龍王`).
    pub fn mover(&self, k: KindId) -> &str {
        &self.moves[k.index()]
    }

    fn exact(&self, name: &str) -> Option<Result<KindId, NameError>> {
        let found = self.lookup.get(name).or_else(|| {
            let other: String =
                name.chars().map(|c| VARIANT_FORMS.iter().find(|(a, _)| *a == c).map_or(c, |&(_, b)| b)).collect();
            self.lookup.get(&other)
        })?;
        Some(match found {
            Named::One(k) => Ok(*k),
            Named::Several => Err(NameError::Ambiguous(name.to_string())),
        })
    }

    /// The kind a diagram names: its diagram name, or `成` and an unpromoted piece's name for
    /// that piece's promotion (`成歩`, as KIF names a promoted pawn).
    pub fn find(&self, name: &str) -> Result<KindId, NameError> {
        if let Some(r) = self.exact(name) {
            return r;
        }
        if let Some(rest) = name.strip_prefix('成') {
            if let Some(k) = self.exact(rest).transpose()? {
                if let Some(p) = self.promotes_to[k.index()] {
                    return Ok(p);
                }
            }
        }
        Err(NameError::Unknown(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promoted_pieces_sharing_a_glyph_get_a_distinct_diagram_name() {
        let v = Variant::builtin_with("chu", &[]).unwrap();
        let names = PieceNames::new(&v);
        let id = |s: &str| v.kind_by_id(s).unwrap();
        assert_eq!(names.board(id("D")), "竜");
        assert_eq!(names.board(id("+R")), "成竜");
        assert_eq!(names.board(id("+H")), "鷹");
        assert_eq!(names.mover(id("P")), "歩兵");
        for (i, _) in v.pieces.iter().enumerate() {
            let k = KindId(i as u8);
            assert_eq!(names.find(names.board(k)), Ok(k), "{}", names.board(k));
        }
        assert_eq!(names.find("成龍"), Ok(id("+R")));
        assert_eq!(names.find("玉"), Ok(id("K")));
        assert_eq!(names.find("成歩"), Ok(id("+P")));
        assert!(matches!(names.find("猫"), Err(NameError::Unknown(_))));
    }

    #[test]
    fn a_game_without_glyphs_is_named_by_ids() {
        let v = Variant::builtin_with("nutty", &[]).unwrap();
        let names = PieceNames::new(&v);
        for (i, p) in v.pieces.iter().enumerate() {
            let k = KindId(i as u8);
            assert_eq!(names.board(k), p.id.replace('+', "成"));
            assert_eq!(names.find(names.board(k)), Ok(k));
        }
    }
}
