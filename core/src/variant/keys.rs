//! The keys of a data file, as the code reads them: the field names serde's derived readers
//! accept, for the reference of every key (`docs/data-files.md`, checked against this by a test).

use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::fmt;

/// The error that carries the field names out of a derived reader.
#[derive(Debug)]
struct Fields(&'static [&'static str]);

impl fmt::Display for Fields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl std::error::Error for Fields {}

impl de::Error for Fields {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Fields(&[])
    }
}

/// A deserializer that answers a struct request with the struct's field names.
struct FieldNames;

impl<'de> Deserializer<'de> for FieldNames {
    type Error = Fields;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Fields> {
        Err(Fields(&[]))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Fields> {
        Err(Fields(fields))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

/// The keys a table read into `T` accepts.
pub(crate) fn keys<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    match T::deserialize(FieldNames) {
        Err(Fields(f)) => f,
        Ok(_) => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::powers::Power;
    use crate::variant::file::{EvalParams, PieceFile, SearchParams, VariantFile};
    use crate::variant::rules::{Bench, Castling, CastlingSide, FenFormat, Promotion, Protocols, Rules};
    use crate::variant::setup::SetupFile;
    use std::collections::BTreeSet;

    fn reference() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/data-files.md");
        std::fs::read_to_string(path).expect("docs/data-files.md")
    }

    /// The backticked keys of the first column of the table under the heading `title`.
    fn documented(doc: &str, title: &str) -> BTreeSet<String> {
        let start = doc.find(&format!("\n## {title}\n")).unwrap_or_else(|| panic!("no section '## {title}'"));
        let section = &doc[start + 1..];
        let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
        section[..end]
            .lines()
            .filter_map(|l| l.strip_prefix("| `"))
            // A table cell escapes `|` even inside code.
            .filter_map(|l| l.split_once('`').map(|(k, _)| k.replace("\\|", "|")))
            .collect()
    }

    #[test]
    fn the_key_reference_lists_exactly_the_keys_the_code_reads() {
        let doc = reference();
        let mut top: BTreeSet<String> = keys::<VariantFile>().iter().map(ToString::to_string).collect();
        // Declared options are read before the rest (`options.rs`).
        top.insert("option".into());
        let mut rules: BTreeSet<String> = keys::<Rules>().iter().map(ToString::to_string).collect();
        // `settable` is read with the options, before the rest (`options.rs`).
        rules.insert(crate::variant::options::SETTABLE.into());
        let tables: Vec<(&str, BTreeSet<String>)> = vec![
            ("Top level", top),
            ("`[rules]`", rules),
            ("`[promotion]`", keys::<Promotion>().iter().map(ToString::to_string).collect()),
            ("`[fen]`", keys::<FenFormat>().iter().map(ToString::to_string).collect()),
            (
                "`[castling]`",
                keys::<Castling>().iter().chain(keys::<CastlingSide>()).map(ToString::to_string).collect(),
            ),
            ("`[eval]`", keys::<EvalParams>().iter().map(ToString::to_string).collect()),
            ("`[search]`", keys::<SearchParams>().iter().map(ToString::to_string).collect()),
            ("`[setup]`", keys::<SetupFile>().iter().map(ToString::to_string).collect()),
            ("`[bench]`", keys::<Bench>().iter().map(ToString::to_string).collect()),
            ("`[protocols]`", keys::<Protocols>().iter().map(ToString::to_string).collect()),
            ("`[kifu]`", keys::<crate::variant::KifuNames>().iter().map(ToString::to_string).collect()),
            ("`[[piece]]`", keys::<PieceFile>().iter().map(ToString::to_string).collect()),
            ("`[[option]]`", crate::variant::options::KEYS.iter().map(ToString::to_string).collect()),
        ];
        for (title, code) in tables {
            assert!(!code.is_empty(), "{title}: no keys read from the code");
            assert_eq!(documented(&doc, title), code, "section {title} of docs/data-files.md");
        }
    }

    #[test]
    fn the_key_reference_lists_every_power() {
        let doc = documented(&reference(), "Powers");
        for syntax in Power::syntaxes() {
            for form in syntax.split(", ") {
                assert!(doc.contains(form), "power '{form}' is missing from docs/data-files.md");
            }
        }
        assert_eq!(doc.len(), Power::syntaxes().iter().map(|s| s.split(", ").count()).sum::<usize>());
    }
}
