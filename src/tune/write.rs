//! Writes tuned numbers into a game file: the `[eval]` keys and the pieces' `value`, with a
//! comment above `[eval]` saying how they were obtained. Everything else in the file (order,
//! comments, layout) stays as it was (`toml_edit` keeps it).

use std::fmt;
use toml_edit::{value, DocumentMut, Item, Table, TableLike};

/// Why a game file cannot take the tuned numbers.
#[derive(Debug)]
pub enum RewriteError {
    /// It is not TOML.
    Toml(toml_edit::TomlError),
    /// Its `eval` is not a table.
    EvalNotTable,
    /// It has no `[[piece]]` tables.
    NoPieces,
    /// No piece has this ID.
    NoPiece(String),
}

impl fmt::Display for RewriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("game file: ")?;
        match self {
            RewriteError::Toml(e) => write!(f, "{e}"),
            RewriteError::EvalNotTable => f.write_str("'eval' is not a table"),
            RewriteError::NoPieces => f.write_str("no [[piece]] tables"),
            RewriteError::NoPiece(id) => write!(f, "no piece with id '{id}'"),
        }
    }
}

impl std::error::Error for RewriteError {}

/// The tuned numbers of one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tuned {
    /// `[eval]` keys and their values.
    pub eval: Vec<(String, i64)>,
    /// Piece IDs (as the file's `id`) and their material values.
    pub values: Vec<(String, i64)>,
    /// Lines of the comment above `[eval]` (without `#`).
    pub note: Vec<String>,
}

/// The first line of every note, by which an older note is found and replaced.
pub const NOTE_HEAD: &str = "Tuned by `kyodai tune`";

/// `text` (a game file) with the numbers of `t`.
pub fn rewrite(text: &str, t: &Tuned) -> Result<String, RewriteError> {
    let mut doc: DocumentMut = text.parse().map_err(RewriteError::Toml)?;
    if !doc.contains_key("eval") {
        doc.insert("eval", Item::Table(Table::new()));
    }
    let eval = doc["eval"].as_table_mut().ok_or(RewriteError::EvalNotTable)?;
    for (k, v) in &t.eval {
        set_number(eval, k, *v);
    }
    set_note(eval, &t.note);
    let pieces = doc.get_mut("piece").and_then(|p| p.as_array_of_tables_mut()).ok_or(RewriteError::NoPieces)?;
    for (id, v) in &t.values {
        let piece = pieces
            .iter_mut()
            .find(|p| p.get("id").and_then(|i| i.as_str()) == Some(id.as_str()))
            .ok_or_else(|| RewriteError::NoPiece(id.clone()))?;
        set_number(piece, "value", *v);
    }
    Ok(doc.to_string())
}

/// Sets `key` to `n`, keeping the comment after an old value.
fn set_number(table: &mut dyn TableLike, key: &str, n: i64) {
    match table.get_mut(key).and_then(|i| i.as_value_mut()) {
        Some(old) => {
            let decor = old.decor().clone();
            *old = toml_edit::Value::from(n);
            *old.decor_mut() = decor;
        }
        None => {
            table.insert(key, value(n));
        }
    }
}

/// Puts `note` as comment lines right above the table's header, replacing an older note.
fn set_note(table: &mut Table, note: &[String]) {
    let old = table.decor().prefix().and_then(|p| p.as_str()).unwrap_or("").to_string();
    // Keep the lines before an older note (other comments, blank lines).
    let kept = match old.find(&format!("# {NOTE_HEAD}")) {
        Some(i) => &old[..i],
        None => old.as_str(),
    };
    let mut prefix = kept.to_string();
    if prefix.is_empty() {
        prefix.push('\n');
    }
    for line in note {
        prefix.push_str(&format!("# {line}\n"));
    }
    table.decor_mut().set_prefix(prefix);
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "name = \"mini\" # the game\n\n[eval]\ntempo = 10\n\n# Pieces\n[[piece]]\nid = \"K\"\nroyal = true\n\n[[piece]]\nid = \"R\"\nvalue = 500 # a Rook\n\n[[piece]]\nid = \"P\"\n";

    fn tuned(note: &str) -> Tuned {
        Tuned {
            eval: vec![("tempo".into(), 14), ("mobility_pst".into(), 6)],
            values: vec![("R".into(), 540), ("P".into(), 95)],
            note: vec![format!("{NOTE_HEAD} {note}"), "second line".into()],
        }
    }

    #[test]
    fn numbers_and_note_go_in_and_the_rest_stays() {
        let out = rewrite(FILE, &tuned("from 10 games")).unwrap();
        assert_eq!(
            out,
            "name = \"mini\" # the game\n\n# Tuned by `kyodai tune` from 10 games\n# second line\n[eval]\ntempo = 14\nmobility_pst = 6\n\n# Pieces\n[[piece]]\nid = \"K\"\nroyal = true\n\n[[piece]]\nid = \"R\"\nvalue = 540 # a Rook\n\n[[piece]]\nid = \"P\"\nvalue = 95\n"
        );
        // Tuning again replaces the note instead of adding a second one.
        let again = rewrite(&out, &tuned("from 20 games")).unwrap();
        assert_eq!(again.matches(NOTE_HEAD).count(), 1, "{again}");
        assert!(again.contains("from 20 games\n# second line\n[eval]"), "{again}");
    }

    #[test]
    fn a_file_without_eval_gets_one_and_unknown_pieces_are_refused() {
        let mut t = tuned("now");
        t.values.pop();
        let out = rewrite("name = \"x\"\n[[piece]]\nid = \"R\"\n", &t).unwrap();
        assert!(out.contains("[eval]\ntempo = 14"), "{out}");
        let mut t = tuned("now");
        t.values.push(("Z".into(), 1));
        assert_eq!(rewrite(FILE, &t).unwrap_err().to_string(), "game file: no piece with id 'Z'");
        assert!(rewrite("name = ", &t).unwrap_err().to_string().starts_with("game file: "));
    }
}
