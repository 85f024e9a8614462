//! The strength log is data: `docs/strength/log.csv`, one row per match. This module reads it,
//! checks every row, and writes the summary block of `docs/strength/README.md` from it, so a new
//! match adds a row, never prose. `scripts/update-strength-summary.sh` rewrites the block
//! (`KYODAI_UPDATE_DOCS=1`); the test fails when the block is stale.

use std::collections::BTreeSet;

/// The columns of the log, in order.
pub const COLUMNS: [&str; 15] = [
    "id",
    "date",
    "game",
    "change",
    "builds",
    "control",
    "conditions",
    "games",
    "wins",
    "losses",
    "draws",
    "elo",
    "decision",
    "goal",
    "note",
];

/// What a match decided about the change it measured.
pub const DECISIONS: [&str; 6] = ["kept", "not kept", "rejected", "not merged", "measured", "not played"];

pub const BEGIN: &str = "<!-- strength:summary: generated from log.csv by scripts/update-strength-summary.sh -->";
pub const END: &str = "<!-- /strength:summary -->";

/// One match of the log.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: usize,
    pub date: String,
    pub game: String,
    pub builds: String,
    pub control: String,
    pub games: Option<u32>,
    pub wld: Option<(u32, u32, u32)>,
    pub elo: String,
    pub decision: String,
    pub goal: String,
    /// Every cell, in column order (for checks that read all of them).
    pub cells: Vec<String>,
}

/// Reads CSV as RFC 4180 writes it: fields separated by commas, a field in double quotes may
/// hold commas, quotes (doubled) and line breaks. Returns the records, or the line of an error.
pub fn parse_csv(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut line = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => {
                quoted = false;
                if !matches!(chars.peek(), None | Some(',' | '\n')) {
                    return Err(format!("line {line}: text after a closing quote"));
                }
            }
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                field.push(c);
            }
            (false, '"') if field.is_empty() => quoted = true,
            (false, '"') => return Err(format!("line {line}: a quote inside an unquoted field")),
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                line += 1;
            }
            (false, '\r') => {}
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(format!("line {line}: unclosed quote"));
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

fn number(cell: &str, what: &str, id: usize) -> Result<Option<u32>, String> {
    if cell.is_empty() {
        return Ok(None);
    }
    cell.parse().map(Some).map_err(|_| format!("row {id}: {what} '{cell}' is not a whole number"))
}

/// `+12.3 ± 45.6`, `−400`, `0.0 ± 47.5`: a signed number, optionally with its 95% margin.
fn elo_is_well_formed(elo: &str) -> bool {
    let num = |s: &str| {
        let s = s.strip_prefix('+').or_else(|| s.strip_prefix('−')).unwrap_or(s);
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_digit() || c == '.')
            && s.starts_with(|c: char| c.is_ascii_digit())
    };
    match elo.split_once(" ± ") {
        Some((e, m)) => num(e) && !m.starts_with(['+', '−']) && num(m),
        None => num(elo),
    }
}

/// Reads and checks the log: the header, ids 1, 2, 3, ..., dates never going back, known games
/// and decisions, whole numbers, wins + losses + draws = games, well-formed Elo.
pub fn read_log(text: &str, games: &[String]) -> Result<Vec<Row>, String> {
    let records = parse_csv(text)?;
    let (header, body) = records.split_first().ok_or("the log is empty")?;
    if header.iter().map(String::as_str).ne(COLUMNS) {
        return Err(format!("the header must be {}", COLUMNS.join(",")));
    }
    let mut rows: Vec<Row> = Vec::new();
    for (k, r) in body.iter().enumerate() {
        let id = k + 1;
        if r.len() != COLUMNS.len() {
            return Err(format!("row {id}: {} cells, not {}", r.len(), COLUMNS.len()));
        }
        let cell = |name: &str| r[COLUMNS.iter().position(|c| *c == name).unwrap()].clone();
        if cell("id") != id.to_string() {
            return Err(format!("row {id}: id '{}' (ids count 1, 2, 3, ... in order)", cell("id")));
        }
        let date = cell("date");
        let b = date.as_bytes();
        let date_ok = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !date_ok {
            return Err(format!("row {id}: date '{date}' is not YYYY-MM-DD"));
        }
        if let Some(prev) = rows.last() {
            if date < prev.date {
                return Err(format!(
                    "row {id}: date {date} before row {}'s {} (add rows at the end)",
                    prev.id, prev.date
                ));
            }
        }
        let game = cell("game");
        if !games.contains(&game) {
            return Err(format!("row {id}: game '{game}' is not a name `kyodai variants` lists"));
        }
        let decision = cell("decision");
        if !DECISIONS.contains(&decision.as_str()) {
            return Err(format!("row {id}: decision '{decision}' is not one of {DECISIONS:?}"));
        }
        let n = number(&cell("games"), "games", id)?;
        let (w, l, d) = (
            number(&cell("wins"), "wins", id)?,
            number(&cell("losses"), "losses", id)?,
            number(&cell("draws"), "draws", id)?,
        );
        let wld = match (w, l, d) {
            (Some(w), Some(l), Some(d)) => Some((w, l, d)),
            (None, None, None) => None,
            _ => return Err(format!("row {id}: give wins, losses and draws together, or none")),
        };
        if let (Some((w, l, d)), Some(n)) = (wld, n) {
            if w + l + d != n {
                return Err(format!("row {id}: {w} + {l} + {d} is not {n} games"));
            }
        }
        if wld.is_some() && n.is_none() {
            return Err(format!("row {id}: wins, losses and draws without a number of games"));
        }
        let elo = cell("elo");
        if !elo.is_empty() && !elo_is_well_formed(&elo) {
            return Err(format!("row {id}: Elo '{elo}' is not like '+12.3 ± 45.6'"));
        }
        for (name, value) in COLUMNS.iter().zip(r) {
            if value != value.trim() || value.contains('\n') {
                return Err(format!("row {id}: the {name} cell has spaces at its ends or a line break"));
            }
        }
        rows.push(Row {
            id,
            date,
            game,
            builds: cell("builds"),
            control: cell("control"),
            games: n,
            wld,
            elo,
            decision,
            goal: cell("goal"),
            cells: r.clone(),
        });
    }
    Ok(rows)
}

/// The ids that `notes.md` has a section for: headings `### #12` or `### #12, #13`.
pub fn noted_ids(notes: &str) -> BTreeSet<usize> {
    notes
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .flat_map(|h| h.split(", ").filter_map(|s| s.strip_prefix('#')?.parse().ok()).collect::<Vec<_>>())
        .collect()
}

fn score(wld: Option<(u32, u32, u32)>) -> String {
    match wld {
        Some((w, l, d)) if w + l + d > 0 => format!("{:.1}%", 100.0 * (w as f64 + d as f64 / 2.0) / (w + l + d) as f64),
        _ => "—".into(),
    }
}

fn wld_text(wld: Option<(u32, u32, u32)>) -> String {
    wld.map_or("—".into(), |(w, l, d)| format!("{w} – {l} – {d}"))
}

fn or_dash(s: &str) -> &str {
    if s.is_empty() {
        "—"
    } else {
        s
    }
}

/// The summary block: the rows that answer a strength goal, then the matches per game.
/// `games` gives the order of the games (as `kyodai variants` lists them).
pub fn summary(rows: &[Row], games: &[String]) -> String {
    let order = |g: &str| games.iter().position(|x| x == g).unwrap_or(usize::MAX);
    let mut out = format!("{BEGIN}\n");
    out.push_str("**Where strength stands**: the rows with a goal (column `goal`), by game.\n\n");
    out.push_str("| game | builds | control | games | W – L – D | score | Elo (95%) | asked | row |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    let mut standing: Vec<&Row> = rows.iter().filter(|r| !r.goal.is_empty()).collect();
    standing.sort_by_key(|r| (order(&r.game), r.id));
    for r in standing {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | #{} |\n",
            r.game,
            r.builds,
            or_dash(&r.control),
            r.games.map_or("—".into(), |n| n.to_string()),
            wld_text(r.wld),
            score(r.wld),
            or_dash(&r.elo),
            r.goal,
            r.id
        ));
    }
    out.push_str("\n**Matches per game**: how many rows the log has, and what they decided.\n\n");
    out.push_str("| game | matches | kept | not kept, rejected or not merged | measured | first | last |\n");
    out.push_str("|---|---|---|---|---|---|---|\n");
    let mut names: Vec<&str> = rows.iter().map(|r| r.game.as_str()).collect::<BTreeSet<_>>().into_iter().collect();
    names.sort_by_key(|g| order(g));
    for g in names {
        let of: Vec<&Row> = rows.iter().filter(|r| r.game == g).collect();
        let count = |ds: &[&str]| of.iter().filter(|r| ds.contains(&r.decision.as_str())).count();
        out.push_str(&format!(
            "| {g} | {} | {} | {} | {} | {} | {} |\n",
            of.len(),
            count(&["kept"]),
            count(&["not kept", "rejected", "not merged", "not played"]),
            count(&["measured"]),
            of.first().unwrap().date,
            of.last().unwrap().date
        ));
    }
    out.push_str(&format!("\n{} rows in all.\n{END}", rows.len()));
    out
}

#[cfg(test)]
mod checks {
    use super::*;

    #[test]
    fn csv_reader() {
        let r = parse_csv("a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,,\n").unwrap();
        assert_eq!(r, [vec!["a", "b", "c"], vec!["1", "x, y", "say \"hi\""], vec!["2", "", ""]]);
        assert!(parse_csv("a,\"b\n").is_err());
        assert!(parse_csv("a,b\"c\n").is_err());
        assert!(elo_is_well_formed("+12.3 ± 45.6") && elo_is_well_formed("−400") && elo_is_well_formed("0.0 ± 47.5"));
        assert!(!elo_is_well_formed("+12 ± −3") && !elo_is_well_formed("about 10") && !elo_is_well_formed("+"));
        assert_eq!(noted_ids("## x\n### #3\n### #4, #5\n"), [3, 4, 5].into_iter().collect());
    }
}
