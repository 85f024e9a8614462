//! Embeds every game file of `src/variant/defs/` in the binary: a built-in game is its data file
//! alone. Writes `$OUT_DIR/builtin.rs`, the list of (file stem, contents), sorted by name.

use std::path::Path;

fn main() {
    let defs = Path::new("src/variant/defs");
    println!("cargo:rerun-if-changed={}", defs.display());
    let mut games: Vec<(String, String)> = std::fs::read_dir(defs)
        .expect("src/variant/defs is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            println!("cargo:rerun-if-changed={}", p.display());
            let stem = p.file_stem().expect("a file name").to_string_lossy().into_owned();
            let abs = std::fs::canonicalize(&p).expect("a readable game file");
            (stem, abs.to_string_lossy().into_owned())
        })
        .collect();
    games.sort();
    let mut code = String::from("/// The built-in games: (name, data file), one per file of `src/variant/defs/`.\n");
    code.push_str("const BUILTIN: &[(&str, &str)] = &[\n");
    for (name, path) in &games {
        code.push_str(&format!("    ({name:?}, include_str!({path:?})),\n"));
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
