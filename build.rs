//! Embeds the opening books of `book/*.txt` in the binary: writes `$OUT_DIR/books.rs`, the list
//! of (game, book text), sorted by name (a game's book is `book/<game>.txt`, so a new game's book
//! is one file). The games' data files are embedded by the rules core (`core/build.rs`).
//! Also records the commit the binary is built from (`KYODAI_GIT`), for the headers of the
//! books it makes: the commit of the sources compiled, not of the tree it later runs beside.

use std::path::Path;

#[path = "core/embed.rs"]
mod embed;

fn main() {
    git_commit();
    let books = "The shipped opening books: (game, book text), one per file of `book/`.";
    embed::embed(Path::new("book"), "txt", "BOOKS", books, "books.rs");
}

/// Sets `KYODAI_GIT` to the short commit of the sources ("<commit>, modified" when `src/`, `core/` or
/// the Cargo files differ from it; empty outside a git checkout, e.g. a crate from a registry).
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
        let dirty =
            git(&["status", "--porcelain", "--untracked-files=no", "--", "src", "core", "Cargo.toml", "Cargo.lock"])
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
        for p in ["src", "core", "Cargo.toml", "Cargo.lock"] {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    println!("cargo:rustc-env=KYODAI_GIT={text}");
}
