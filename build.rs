//! Embeds every game file of `src/variant/defs/` in the binary: a built-in game is its data file
//! alone. Writes `$OUT_DIR/builtin.rs`, the list of (file stem, contents), sorted by name; and
//! likewise `$OUT_DIR/books.rs`, the opening books of `book/*.txt` (a game's book is
//! `book/<game>.txt`, so a new game's book is one file too).
//! Also records the commit the binary is built from (`KYODAI_GIT`), for the headers of the
//! books it makes: the commit of the sources compiled, not of the tree it later runs beside.

use std::path::Path;

fn main() {
    git_commit();
    let games = "The built-in games: (name, data file), one per file of `src/variant/defs/`.";
    embed(Path::new("src/variant/defs"), "toml", "BUILTIN", games, "builtin.rs");
    let books = "The shipped opening books: (game, book text), one per file of `book/`.";
    embed(Path::new("book"), "txt", "BOOKS", books, "books.rs");
}

/// Writes `$OUT_DIR/{out}`: `const {name}: &[(&str, &str)]`, the (file stem, contents) of every
/// `*.{ext}` file of `dir`, sorted by name.
fn embed(dir: &Path, ext: &str, name: &str, doc: &str, out: &str) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("the folder of embedded files is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| {
            println!("cargo:rerun-if-changed={}", p.display());
            let stem = p.file_stem().expect("a file name").to_string_lossy().into_owned();
            let abs = std::fs::canonicalize(&p).expect("a readable file");
            (stem, abs.to_string_lossy().into_owned())
        })
        .collect();
    files.sort();
    let mut code = format!("/// {doc}\n");
    code.push_str(&format!("const {name}: &[(&str, &str)] = &[\n"));
    for (stem, path) in &files {
        code.push_str(&format!("    ({stem:?}, include_str!({path:?})),\n"));
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join(out);
    std::fs::write(out, code).expect("OUT_DIR is writable");
}

/// Sets `KYODAI_GIT` to the short commit of the sources ("<commit>, modified" when `src/` or the
/// Cargo files differ from it; empty outside a git checkout, e.g. a crate from a registry).
fn git_commit() {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let mut text = String::new();
    if let Some(commit) = git(&["rev-parse", "--short", "HEAD"]).filter(|c| !c.is_empty()) {
        let dirty = git(&["status", "--porcelain", "--untracked-files=no", "--", "src", "Cargo.toml", "Cargo.lock"])
            .is_some_and(|s| !s.is_empty());
        text = if dirty { format!("{commit}, modified") } else { commit };
        // Run again when the commit or the sources change (a directory is watched whole).
        for path in ["HEAD", "packed-refs"] {
            if let Some(p) = git(&["rev-parse", "--git-path", path]) {
                println!("cargo:rerun-if-changed={p}");
            }
        }
        if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]).and_then(|r| git(&["rev-parse", "--git-path", &r])) {
            println!("cargo:rerun-if-changed={r}");
        }
        for p in ["src", "Cargo.toml", "Cargo.lock"] {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    println!("cargo:rustc-env=KYODAI_GIT={text}");
}
