//! The embedding of a folder's files in the binary, shared by the build scripts of both crates
//! (`core/build.rs`: the games' data files; `build.rs`: the opening books).

use std::path::Path;

/// Writes `$OUT_DIR/{out}`: `const {name}: &[(&str, &str)]`, the (file stem, contents) of every
/// `*.{ext}` file of `dir`, sorted by name.
pub fn embed(dir: &Path, ext: &str, name: &str, doc: &str, out: &str) {
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
