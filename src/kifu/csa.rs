//! CSA, the other Japanese record format, is recognised so that it can be refused with the
//! reason instead of being misread as PGN: a CSA square is two digits (`7776FU`: file and rank
//! 1-9) and its pieces are standard shogi's fourteen codes (`FU`, `KY`, ... `RY`), so it can
//! record 9x9 shogi only. Chu (12x12), Nutty (13x13), Tai (25x25), and Dai (15x15) and Tenjiku
//! (16x16) Shogi have larger boards and pieces without codes; lishogi writes CSA for standard
//! shogi only, for the same reason.

use super::KifuError;

/// Whether `line` (the first that is not a `'` comment) starts a CSA record: a version line
/// (`V2.2`), a player (`N+`), a position (`PI`, `P1`) or a move (`+7776FU`).
pub(super) fn is_csa_line(line: &str) -> bool {
    let b = line.as_bytes();
    let is_move = b.len() >= 7
        && (b[0] == b'+' || b[0] == b'-')
        && b[1..5].iter().all(u8::is_ascii_digit)
        && b[5..7].iter().all(u8::is_ascii_uppercase);
    let is_version = line.starts_with("V1") || line.starts_with("V2") || line.starts_with("V3");
    is_move || is_version || line.starts_with("N+") || line.starts_with("N-") || line.starts_with("PI")
}

/// The error for a CSA record, at its first line that only CSA has.
pub(super) fn refuse(text: &str) -> KifuError {
    let line = text.lines().position(|l| is_csa_line(l.trim())).map_or(1, |i| i + 1);
    KifuError::Csa { line }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csa_lines_are_told_from_pgn_and_kif() {
        assert!(is_csa_line("V2.2"));
        assert!(is_csa_line("+7776FU"));
        assert!(is_csa_line("N+sente"));
        assert!(!is_csa_line("[Event \"x\"]"));
        assert!(!is_csa_line("1. f4f5 g9g8"));
        assert!(!is_csa_line("+---------+"));
        assert_eq!(refuse("'comment\nV2.2\n+7776FU\n"), KifuError::Csa { line: 2 });
    }
}
