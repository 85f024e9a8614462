//! Option commands shared by the dialects: `setoption name N [value V]`, and reading spin and
//! check values within their bounds.

use super::error::{CmdResult, CommandError, Usage};

/// Splits `setoption name N [value V]` into (N, V).
pub fn parse_setoption(args: &str) -> CmdResult<(String, Option<String>)> {
    let rest = args.trim();
    let Some(rest) = rest.strip_prefix("name") else {
        return Err(Usage::SetoptionShape.into());
    };
    let rest = rest.trim();
    let (name, value) = match find_word(rest, "value") {
        Some(i) => (rest[..i].trim(), Some(rest[i + 5..].trim().to_string())),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(Usage::NoOptionName.into());
    }
    Ok((name.to_string(), value))
}

/// Byte index of `word` as a whole word in `s`.
fn find_word(s: &str, word: &str) -> Option<usize> {
    let mut start = 0;
    while let Some(k) = s[start..].find(word) {
        let i = start + k;
        let before = i == 0 || s.as_bytes()[i - 1].is_ascii_whitespace();
        let after = s.as_bytes().get(i + word.len()).is_none_or(u8::is_ascii_whitespace);
        if before && after {
            return Some(i);
        }
        start = i + word.len();
    }
    None
}

/// Parses an integer option value within bounds.
pub fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> CmdResult<i64> {
    let v = value.ok_or_else(|| CommandError::from(Usage::OptionNeedsValue(name.to_string())))?;
    let n: i64 = v
        .trim()
        .parse()
        .map_err(|_| CommandError::from(Usage::OptionNotANumber { name: name.to_string(), value: v.to_string() }))?;
    if n < min || n > max {
        return Err(CommandError::OutOfRange { key: name.into(), value: n, min, max });
    }
    Ok(n)
}

/// Parses a check option value.
pub fn check(name: &str, value: Option<&str>) -> CmdResult<bool> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true" | "1" | "on") => Ok(true),
        Some("false" | "0" | "off") => Ok(false),
        _ => Err(CommandError::NotABool(name.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setoption_names_may_have_spaces() {
        assert_eq!(
            parse_setoption("name Move Overhead value 30").unwrap(),
            ("Move Overhead".into(), Some("30".into()))
        );
        assert_eq!(parse_setoption("name Clear Hash").unwrap(), ("Clear Hash".into(), None));
        assert!(parse_setoption("Hash 3").is_err());
        assert!(parse_setoption("name").is_err());
    }
}
