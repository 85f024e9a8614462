//! The documentation is checked against the program: every game `kyodai variants` lists has its
//! rules page `docs/rules/<name>.md`, every relative link in README.md, CONTRIBUTING.md,
//! CHANGELOG.md and docs/ leads to a file that exists, the piece tables in docs/rules are `kyodai
//! pieces` output, every example command in a `console` block of docs/rules prints what the page
//! says it prints, the strength log is well-formed data with a current summary, and no file of the
//! repository sends its reader to a path outside it.
//!
//! The console blocks of README.md and of the book (`docs/*.md`, `docs/design/`,
//! `docs/strength/`) are run by trycmd in `engine-tests/readme.rs`, with trycmd's syntax.

#[path = "docs/strength.rs"]
mod strength;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every Markdown file under docs/, sorted.
fn doc_pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join("docs"), &mut out);
    out.sort();
    out
}

/// The rules pages, `docs/rules/*.md`: their `console` and `sh` examples are checked here.
fn rules_pages() -> Vec<PathBuf> {
    doc_pages().into_iter().filter(|p| p.starts_with(root().join("docs/rules"))).collect()
}

fn kyodai(args: &[String]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kyodai")).args(args).output().expect("run kyodai")
}

/// The game names `kyodai variants` prints (first column, after the header).
fn game_names() -> Vec<String> {
    let out = kyodai(&["variants".to_string()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().skip(1).filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect()
}

#[test]
fn every_game_has_a_rules_page() {
    let names = game_names();
    assert!(names.len() >= 6, "{names:?}");
    let index = read(&root().join("docs/rules/README.md"));
    for name in &names {
        let page = root().join(format!("docs/rules/{name}.md"));
        assert!(page.is_file(), "game '{name}' has no rules page {}", page.display());
        assert!(index.contains(&format!("]({name}.md)")), "docs/rules/README.md does not link {name}.md");
    }
    // The README's game table links every page.
    let readme = read(&root().join("README.md"));
    for name in &names {
        assert!(readme.contains(&format!("](docs/rules/{name}.md)")), "README.md does not link docs/rules/{name}.md");
    }
}

/// The targets of the inline Markdown links `[text](target)` in `text`, outside code spans and
/// code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Drop code spans so that `[a](b)` inside backticks is not read as a link.
        let mut plain = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                plain.push_str(part);
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].trim().to_string());
            rest = &after[end + 1..];
        }
    }
    out
}

/// The anchors GitHub gives the headings of `text`: lower case, punctuation other than `-` and
/// `_` dropped, spaces as `-`, and `-1`, `-2`, ... after repeated headings.
fn heading_anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut seen = std::collections::HashMap::<String, usize>::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let Some(title) = line.strip_prefix('#').map(|t| t.trim_start_matches('#')) else { continue };
        if in_block || !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.push(if *n == 0 { slug } else { format!("{slug}-{n}") });
        *n += 1;
    }
    out
}

#[test]
fn relative_links_lead_to_files() {
    let mut pages = vec![root().join("README.md"), root().join("CONTRIBUTING.md"), root().join("CHANGELOG.md")];
    pages.extend(doc_pages());
    let mut checked = 0;
    for page in &pages {
        let text = read(page);
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() { page.clone() } else { page.parent().unwrap().join(file) };
            assert!(path.exists(), "{}: link '{target}' leads to no file ({})", page.display(), path.display());
            if !anchor.is_empty() && path.is_file() {
                let anchors = heading_anchors(&read(&path));
                assert!(
                    anchors.iter().any(|a| a == anchor),
                    "{}: link '{target}': no heading '#{anchor}'",
                    page.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} relative links found");
}

/// The repository cites only itself: no file sends its reader to the project's private notes
/// (the folder beside the repository) or to a path on the developers' machine. The rules we
/// follow are written in our own words in `docs/rules/`, the protocols in `docs/protocols.md`.
#[test]
fn no_file_points_outside_the_repository() {
    // Built from pieces, so that this file does not match itself.
    let notes = ["sha", "red/"].concat();
    let machine = ["/wo", "rk/"].concat();
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if [".git", "target", "node_modules"].contains(&name.as_str()) {
                continue; // a worktree's .git is a file
            }
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root(), &mut files);
    let mut bad = Vec::new();
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else { continue }; // binary files
        for (i, line) in text.lines().enumerate() {
            if line.contains(&notes) || line.contains(&machine) {
                bad.push(format!("{}:{}: {}", file.strip_prefix(root()).unwrap().display(), i + 1, line.trim()));
            }
        }
    }
    assert!(files.len() > 100, "only {} files found", files.len());
    assert!(bad.is_empty(), "these lines point outside the repository:\n{}", bad.join("\n"));
}

/// The piece tables between `<!-- pieces:GAME -->` and `<!-- /pieces -->` are `kyodai pieces`
/// output; `scripts/update-piece-tables.sh` refreshes them.
#[test]
fn rules_page_piece_tables_match_the_data() {
    for name in game_names() {
        let page = root().join(format!("docs/rules/{name}.md"));
        let text = read(&page);
        let out = kyodai(&["pieces".into(), "--variant".into(), name.clone()]);
        let table = String::from_utf8(out.stdout).unwrap();
        let block = format!("<!-- pieces:{name} -->\n{table}<!-- /pieces -->");
        assert!(
            text.contains(&block),
            "the piece table of {} is stale: run scripts/update-piece-tables.sh",
            page.display()
        );
    }
}

/// One example of a `console` block: the command line and the lines it should print.
struct Example {
    page: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The lines inside the fenced blocks of `text` opened with ```` ```LANG ````: (block number,
/// line number, line without trailing spaces).
fn block_lines<'a>(text: &'a str, lang: &str) -> Vec<(usize, usize, &'a str)> {
    let fence = format!("```{lang}");
    let (mut out, mut inside, mut block) = (Vec::new(), false, 0);
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_end();
        if t.starts_with("```") {
            inside = !inside && t == fence;
            block += 1;
        } else if inside {
            out.push((block, i + 1, t));
        }
    }
    out
}

/// The examples of every `console` block in `text`: a line `$ kyodai ...` is a command, the lines
/// after it (up to the next `$` line or the end of the block) its expected output.
fn examples(page: &str, text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut current_block = None;
    for (block, line, t) in block_lines(text, "console") {
        if let Some(cmd) = t.strip_prefix("$ ") {
            out.push(Example { page: page.to_string(), line, command: cmd.to_string(), expected: Vec::new() });
            current_block = Some(block);
        } else if current_block == Some(block) {
            out.last_mut().unwrap().expected.push(t.to_string());
        } else {
            panic!("{page}:{line}: output before any '$' command");
        }
    }
    out
}

/// Splits a command line as a POSIX shell would for plain words and single or double quotes
/// (no variables, escapes or pipes: the examples must run exactly as written).
fn split_words(cmd: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut have = false;
    let mut quote: Option<char> = None;
    for c in cmd.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                have = true;
            }
            None if c.is_whitespace() => {
                if have || !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                    have = false;
                }
            }
            None if "|;&<>$\\`".contains(c) => return Err(format!("shell character '{c}' in an example")),
            None => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err("unclosed quote".into());
    }
    if have || !cur.is_empty() {
        words.push(cur);
    }
    Ok(words)
}

/// Whether `actual` matches `expected`, where a line `...` stands for any number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => (0..=actual.len()).any(|k| lines_match(rest, &actual[k..])),
        Some((first, rest)) => actual.first().is_some_and(|a| a == first) && lines_match(rest, &actual[1..]),
    }
}

#[test]
fn console_examples_print_what_the_pages_say() {
    let mut all = Vec::new();
    for page in rules_pages() {
        let name = page.strip_prefix(root()).unwrap().display().to_string();
        all.extend(examples(&name, &read(&page)));
    }
    assert!(all.len() >= 30, "only {} console examples found", all.len());
    let mut failures = Vec::new();
    for ex in &all {
        let words = split_words(&ex.command).unwrap_or_else(|e| panic!("{}:{}: {e}", ex.page, ex.line));
        assert_eq!(words.first().map(String::as_str), Some("kyodai"), "{}:{}: not a kyodai command", ex.page, ex.line);
        let out = kyodai(&words[1..]);
        // Successful commands are compared on stdout (perft's timing goes to stderr); failing
        // ones on their error line.
        let text = if out.status.success() {
            String::from_utf8_lossy(&out.stdout).into_owned()
        } else {
            String::from_utf8_lossy(&out.stderr).into_owned()
        };
        let actual: Vec<&str> = text.lines().map(str::trim_end).collect();
        let mut expected = ex.expected.clone();
        while expected.last().is_some_and(String::is_empty) {
            expected.pop();
        }
        if !lines_match(&expected, &actual) {
            failures.push(format!(
                "{}:{}: $ {}\n--- expected\n{}\n--- got\n{}",
                ex.page,
                ex.line,
                ex.command,
                expected.join("\n"),
                actual.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} examples differ:\n\n{}", failures.len(), all.len(), failures.join("\n\n"));
}

/// The command lines of the `sh` blocks of `text` that run `kyodai` (a trailing `# comment`
/// removed), with their line numbers.
fn shell_commands(text: &str) -> Vec<(usize, String)> {
    block_lines(text, "sh")
        .into_iter()
        .filter(|(_, _, t)| t.starts_with("kyodai "))
        .map(|(_, line, t)| (line, t.split(" #").next().unwrap().trim_end().to_string()))
        .collect()
}

/// Commands shown without their output (`sh` blocks) must at least run: exit status 0.
#[test]
fn shell_examples_run() {
    let mut n = 0;
    for page in rules_pages() {
        for (line, cmd) in shell_commands(&read(&page)) {
            let words = split_words(&cmd).unwrap_or_else(|e| panic!("{}:{line}: {e}", page.display()));
            let out = kyodai(&words[1..]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{}:{line}: `{cmd}` failed: {err}", page.display());
            n += 1;
        }
    }
    assert!(n >= 12, "only {n} shell examples found");
}

#[test]
fn the_example_checker_itself() {
    assert_eq!(
        split_words("kyodai show --fen '9k/10 w' -m a1a2").unwrap(),
        ["kyodai", "show", "--fen", "9k/10 w", "-m", "a1a2"]
    );
    assert!(split_words("kyodai moves | head").is_err());
    let e = |v: &[&str]| v.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert!(lines_match(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&e(&["...", "b"]), &["a", "b"]));
    assert!(!lines_match(&e(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(!lines_match(&e(&["a"]), &["a", "b"]));
    let ex = examples("p", "x\n```console\n$ kyodai variants\nname\n...\n```\n```\n$ not run\n```\n");
    assert_eq!(ex.len(), 1);
    assert_eq!(ex[0].expected, ["name", "..."]);
    assert_eq!(shell_commands("```sh\nkyodai show  # a comment\nls\n```\n"), [(2, "kyodai show".to_string())]);
    assert_eq!(
        heading_anchors("# A b\n## FEN, fields\n```\n# no\n```\n## A b\n# A\n## A b"),
        ["a-b", "fen-fields", "a-b-1", "a", "a-b-2"]
    );
    assert_eq!(link_targets("see [a](x.md) and `[b](y.md)`\n```\n[c](z.md)\n```\n[d](w.md#t)"), ["x.md", "w.md#t"]);
}

/// The strength log is data: every row well-formed (`docs/strength/log.csv`), and every row
/// whose text is cut short (`…`) has its full text in `docs/strength/notes.md`.
#[test]
fn strength_log_is_data() {
    let games = game_names();
    let log = read(&root().join("docs/strength/log.csv"));
    let rows = strength::read_log(&log, &games).unwrap_or_else(|e| panic!("docs/strength/log.csv: {e}"));
    assert!(rows.len() >= 100, "only {} rows", rows.len());
    let noted = strength::noted_ids(&read(&root().join("docs/strength/notes.md")));
    for r in &rows {
        if r.cells.iter().any(|c| c.ends_with('…')) {
            assert!(
                noted.contains(&r.id),
                "row {} is cut short (…) but docs/strength/notes.md has no '### #{}'",
                r.id,
                r.id
            );
        }
    }
    for id in &noted {
        assert!(
            *id >= 1 && *id <= rows.len(),
            "docs/strength/notes.md has a section for row {id}, which the log lacks"
        );
    }
    assert!(rows.iter().any(|r| !r.goal.is_empty()), "no row answers a strength goal");
}

/// The summary in `docs/strength/README.md` is generated from the log; with
/// `KYODAI_UPDATE_DOCS=1` (`scripts/update-strength-summary.sh`) this test rewrites it.
#[test]
fn strength_summary_is_current() {
    let games = game_names();
    let rows = strength::read_log(&read(&root().join("docs/strength/log.csv")), &games).unwrap();
    let block = strength::summary(&rows, &games);
    let path = root().join("docs/strength/README.md");
    let page = read(&path);
    let start = page.find(strength::BEGIN).expect("docs/strength/README.md has the summary's start marker");
    let end = page[start..].find(strength::END).expect("the summary's end marker") + start + strength::END.len();
    if std::env::var_os("KYODAI_UPDATE_DOCS").is_some() {
        let new = format!("{}{block}{}", &page[..start], &page[end..]);
        std::fs::write(&path, new).expect("write docs/strength/README.md");
        return;
    }
    assert!(
        page[start..end] == block,
        "the summary of docs/strength/README.md is stale: run scripts/update-strength-summary.sh"
    );
}
