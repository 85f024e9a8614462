//! Adjudication in cutechess-cli's terms: `--resign movecount=N score=CP [twosided=true]`,
//! `--draw movenumber=N movecount=N score=CP`, `--maxmoves N`. The game's own rules are asked
//! first; adjudication only ends games they have not ended.

use crate::geometry::Color;
use crate::search::Score;
use std::fmt;

/// A mate score counts as this many centipawns.
const MATE_CP: i32 = 100_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub movecount: u32,
    pub score: i32,
    /// Also require the opponent to agree (its score at least `score`).
    pub twosided: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// Draw after this many full moves.
    pub maxmoves: Option<u32>,
}

/// Why the words of `--resign` or `--draw` are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A word without `=`.
    NotKeyValue(String),
    /// A key the rule does not have, and the keys it has.
    UnknownKey {
        key: String,
        expected: String,
    },
    NotANumber {
        key: String,
        value: String,
    },
    /// The option (`--resign`) and the key it lacks.
    Missing {
        option: &'static str,
        key: &'static str,
    },
    /// The option's values are out of range (`--resign needs ...`).
    Range(&'static str),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::NotKeyValue(w) => write!(f, "'{w}' is not KEY=VALUE"),
            RuleError::UnknownKey { key, expected } => write!(f, "unknown key '{key}' (expected {expected})"),
            RuleError::NotANumber { key, value } => write!(f, "{key}={value}: not a number"),
            RuleError::Missing { option, key } => write!(f, "{option} needs {key}=N"),
            RuleError::Range(needs) => f.write_str(needs),
        }
    }
}

impl std::error::Error for RuleError {}

/// Reads `key=value` words into (key, number) pairs.
fn numbers<'a>(words: &'a [String], keys: &[&str]) -> Result<Vec<(&'a str, i64)>, RuleError> {
    let mut out = Vec::new();
    for w in words {
        let (k, v) = w.split_once('=').ok_or_else(|| RuleError::NotKeyValue(w.clone()))?;
        if !keys.contains(&k) {
            return Err(RuleError::UnknownKey { key: k.to_string(), expected: keys.join(", ") });
        }
        let n = match v {
            "true" => 1,
            "false" => 0,
            _ => v.parse().map_err(|_| RuleError::NotANumber { key: k.to_string(), value: v.to_string() })?,
        };
        out.push((k, n));
    }
    Ok(out)
}

fn get(v: &[(&str, i64)], key: &'static str, option: &'static str) -> Result<i64, RuleError> {
    v.iter().find(|(x, _)| *x == key).map(|&(_, n)| n).ok_or(RuleError::Missing { option, key })
}

impl ResignRule {
    pub fn parse(words: &[String]) -> Result<ResignRule, RuleError> {
        let v = numbers(words, &["movecount", "score", "twosided"])?;
        let movecount = get(&v, "movecount", "--resign")?;
        let score = get(&v, "score", "--resign")?;
        if movecount < 1 || score < 0 {
            return Err(RuleError::Range("--resign needs movecount >= 1 and score >= 0"));
        }
        let twosided = v.iter().any(|&(k, n)| k == "twosided" && n != 0);
        Ok(ResignRule { movecount: movecount as u32, score: score as i32, twosided })
    }
}

impl DrawRule {
    pub fn parse(words: &[String]) -> Result<DrawRule, RuleError> {
        let v = numbers(words, &["movenumber", "movecount", "score"])?;
        let movenumber = get(&v, "movenumber", "--draw")?;
        let movecount = get(&v, "movecount", "--draw")?;
        let score = get(&v, "score", "--draw")?;
        if movenumber < 0 || movecount < 1 || score < 0 {
            return Err(RuleError::Range("--draw needs movenumber >= 0, movecount >= 1 and score >= 0"));
        }
        Ok(DrawRule { movenumber: movenumber as u32, movecount: movecount as u32, score: score as i32 })
    }
}

fn centipawns(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    }
}

/// What adjudication decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// This side resigns (its score stayed below the threshold).
    Resigns(Color),
    Draw,
    MoveLimit,
}

/// The counters of one game.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    rules: Adjudication,
    /// Consecutive moves of each side with a score at or below `-resign.score`.
    low: [u32; 2],
    /// Consecutive moves of each side with a score at or above `resign.score`.
    high: [u32; 2],
    /// Consecutive plies with a score within `draw.score` of zero.
    level: u32,
}

impl Adjudicator {
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator { rules, ..Adjudicator::default() }
    }

    /// Takes the move `plies` (count after it) made by `side` with the engine's `score` (for
    /// the mover, `None` if it gave none) and decides whether the game ends.
    pub fn after_move(&mut self, side: Color, score: Option<Score>, plies: usize) -> Option<Decision> {
        let i = side.index();
        let cp = score.map(centipawns);
        if let Some(r) = self.rules.resign {
            match cp {
                Some(c) => {
                    self.low[i] = if c <= -r.score { self.low[i] + 1 } else { 0 };
                    self.high[i] = if c >= r.score { self.high[i] + 1 } else { 0 };
                }
                None => (self.low[i], self.high[i]) = (0, 0),
            }
            let other_agrees = !r.twosided || self.high[1 - i] >= r.movecount;
            if self.low[i] >= r.movecount && other_agrees {
                return Some(Decision::Resigns(side));
            }
        }
        if let Some(d) = self.rules.draw {
            self.level = match cp {
                Some(c) if c.abs() <= d.score => self.level + 1,
                _ => 0,
            };
            if plies / 2 >= d.movenumber as usize && self.level >= 2 * d.movecount {
                return Some(Decision::Draw);
            }
        }
        match self.rules.maxmoves {
            Some(n) if plies >= 2 * n as usize => Some(Decision::MoveLimit),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn rules_parse_and_refuse_bad_keys() {
        let r = ResignRule::parse(&words("movecount=3 score=400")).unwrap();
        assert_eq!(r, ResignRule { movecount: 3, score: 400, twosided: false });
        assert!(ResignRule::parse(&words("movecount=3")).is_err());
        assert!(DrawRule::parse(&words("movenumber=40 movecount=8 score=10 x=1")).is_err());
        assert_eq!(DrawRule::parse(&words("movenumber=40 movecount=8 score=10")).unwrap().movecount, 8);
    }

    #[test]
    fn resign_needs_consecutive_low_scores_of_the_same_side() {
        let rules =
            Adjudication { resign: ResignRule::parse(&words("movecount=2 score=500")).ok(), ..Default::default() };
        let mut a = Adjudicator::new(rules);
        assert_eq!(a.after_move(White, Some(Score::Cp(-600)), 1), None);
        assert_eq!(a.after_move(Black, Some(Score::Cp(600)), 2), None);
        // A move without a score breaks the run.
        assert_eq!(a.after_move(White, None, 3), None);
        assert_eq!(a.after_move(Black, Some(Score::Cp(0)), 4), None);
        assert_eq!(a.after_move(White, Some(Score::Mate(-3)), 5), None);
        assert_eq!(a.after_move(Black, Some(Score::Cp(0)), 6), None);
        assert_eq!(a.after_move(White, Some(Score::Cp(-500)), 7), Some(Decision::Resigns(White)));
    }

    #[test]
    fn draw_needs_the_move_number_and_both_sides_level() {
        let rules = Adjudication {
            draw: DrawRule::parse(&words("movenumber=3 movecount=2 score=10")).ok(),
            maxmoves: Some(10),
            ..Default::default()
        };
        let mut a = Adjudicator::new(rules);
        // Four level plies, but only 2 full moves played: too early.
        for p in 1..=4 {
            assert_eq!(a.after_move(if p % 2 == 1 { White } else { Black }, Some(Score::Cp(5)), p), None);
        }
        assert_eq!(a.after_move(White, Some(Score::Cp(-10)), 5), None);
        assert_eq!(a.after_move(Black, Some(Score::Cp(3)), 6), Some(Decision::Draw));
        let mut a = Adjudicator::new(Adjudication { maxmoves: Some(2), ..Default::default() });
        assert_eq!(a.after_move(Black, None, 3), None);
        assert_eq!(a.after_move(Black, None, 4), Some(Decision::MoveLimit));
    }
}
