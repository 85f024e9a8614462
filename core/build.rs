//! Embeds every game file of `src/variant/defs/` in the library: a built-in game is its data file
//! alone. Writes `$OUT_DIR/builtin.rs`, the list of (file stem, contents), sorted by name.

use std::path::Path;

mod embed;

fn main() {
    let games = "The built-in games: (name, data file), one per file of `src/variant/defs/`.";
    embed::embed(Path::new("src/variant/defs"), "toml", "BUILTIN", games, "builtin.rs");
}
