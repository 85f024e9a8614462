//! The two crates are one one-way stack (README, Architecture): every module of `core/src/` (the
//! rules core, `kyodai-core`) and of `src/` (`kyodai`) belongs to one layer of the README's
//! `layers` block, and its code names only modules of lower layers (`crate::x` in a library,
//! `kyodai::x` in the binary, `kyodai_core::x` above the core). Test code (`#[cfg(test)]` modules
//! and files) may look anywhere. A new module must be given a layer in the README, or this fails.
//! Cargo adds its own check: the core cannot name the crate above it at all.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The layers of the README's block, bottom first: `layer N  a, b, c  what they are`.
fn declared_layers(readme: &str) -> BTreeMap<String, usize> {
    let start = readme.find("<!-- layers").expect("README has a <!-- layers --> block");
    let end = readme[start..].find("<!-- /layers -->").expect("the layers block ends") + start;
    let mut layers = BTreeMap::new();
    for line in readme[start..end].lines() {
        let Some(rest) = line.strip_prefix("layer") else { continue };
        let mut words = rest.split_whitespace();
        let n: usize = words.next().and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("layer number in '{line}'"));
        // Module names are comma-separated; the first name without a comma is the last.
        for w in words {
            let name = w.trim_end_matches(',');
            assert!(layers.insert(name.to_string(), n).is_none(), "module '{name}' is in two layers");
            if !w.ends_with(',') {
                break;
            }
        }
    }
    layers
}

/// Names the library re-exports at its root (`pub use position::Position;`), by module. What a
/// crate re-exports from the core (`pub use kyodai_core::...`) keeps the core's own names.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.strip_prefix("pub use ") else { continue };
        let rest = rest.trim_end_matches(';');
        let Some((module, names)) = rest.split_once("::") else { continue };
        if module == "kyodai_core" {
            continue;
        }
        for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            let name = name.trim().rsplit("::").next().unwrap_or("").to_string();
            map.insert(name, module.to_string());
        }
    }
    map
}

/// The code of a file outside its `#[cfg(test)] mod name { ... }` blocks, comments dropped,
/// with line numbers.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let t = line.trim();
        if t == "#[cfg(test)]" {
            if let Some((_, next)) = lines.peek() {
                if next.trim_start().starts_with("mod ") && next.trim_end().ends_with('{') {
                    // Skip the block by its braces.
                    let mut depth = 0i32;
                    for (_, l) in lines.by_ref() {
                        depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                        if depth <= 0 {
                            break;
                        }
                    }
                }
            }
            continue;
        }
        if t.starts_with("//") {
            continue;
        }
        let code = match line.find("//") {
            Some(c) if !line[..c].contains('"') => &line[..c],
            _ => line,
        };
        out.push((i + 1, code.to_string()));
    }
    out
}

/// The top-level modules a piece of code names with `prefix::` (`crate` or `kyodai`), through
/// the root's re-exports; `use crate::{a, b::c}` included.
fn named_modules(code: &str, prefix: &str, exports: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let pat = format!("{prefix}::");
    let mut rest = code;
    while let Some(p) = rest.find(&pat) {
        let before_ok = p == 0 || !rest[..p].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        rest = &rest[p + pat.len()..];
        if !before_ok {
            continue;
        }
        let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            inner.split(',').map(|n| n.trim().split("::").next().unwrap_or("").trim()).collect()
        } else {
            vec![rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("")]
        };
        for n in names.into_iter().filter(|n| !n.is_empty()) {
            out.insert(exports.get(n).cloned().unwrap_or_else(|| n.to_string()));
        }
    }
    out
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Whether `file` is declared `#[cfg(test)] mod name;` by its parent.
fn test_only(file: &Path) -> bool {
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let dir = file.parent().unwrap();
    let (name, parents) = if stem == "mod" {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let up = dir.parent().unwrap();
        (name.clone(), vec![up.join("mod.rs"), up.join("lib.rs"), up.join(format!("{}.rs", up.display()))])
    } else {
        (stem, vec![dir.join("mod.rs"), dir.join("lib.rs"), PathBuf::from(format!("{}.rs", dir.display()))])
    };
    parents.iter().filter_map(|p| std::fs::read_to_string(p).ok()).any(|text| {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        lines.windows(2).any(|w| {
            w[0] == "#[cfg(test)]"
                && [format!("mod {name};"), format!("pub mod {name};"), format!("pub(crate) mod {name};")]
                    .contains(&w[1].to_string())
        })
    })
}

/// The imports of `src/` that do not go down the stack: `file:line: a (layer n) -> b (layer m)`.
fn violations(src: &Path, layers: &BTreeMap<String, usize>, exports: &BTreeMap<String, String>) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_string_lossy().to_string();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || test_only(&file) {
            continue;
        }
        // The binary (main.rs, cli/) names the library `kyodai`; `crate` is the binary itself.
        let prefix = if module == "main" || module == "cli" { "kyodai" } else { "crate" };
        let prefixes = [prefix, "kyodai_core"];
        let Some(&own) = layers.get(&module) else {
            out.push(format!("{}: module '{module}' has no layer in the README", rel.display()));
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, code) in code_lines(&text) {
            for target in prefixes.iter().flat_map(|p| named_modules(&code, p, exports)) {
                if target == module {
                    continue;
                }
                match layers.get(&target) {
                    Some(&t) if t < own => {}
                    Some(&t) => {
                        out.push(format!("{}:{line}: {module} (layer {own}) uses {target} (layer {t})", rel.display()));
                    }
                    None => out.push(format!("{}:{line}: '{target}' is no module with a layer", rel.display())),
                }
            }
        }
    }
    out
}

/// The source folders of the two crates, bottom first.
const CRATES: [&str; 2] = ["core/src", "src"];

#[test]
fn no_module_imports_from_its_own_layer_or_above() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let layers = declared_layers(&readme);
    let mut exports = BTreeMap::new();
    for src in CRATES {
        exports.extend(reexports(&std::fs::read_to_string(root().join(src).join("lib.rs")).unwrap()));
    }
    let bad: Vec<String> = CRATES.iter().flat_map(|src| violations(&root().join(src), &layers, &exports)).collect();
    assert!(bad.is_empty(), "imports that do not go down the stack:\n{}", bad.join("\n"));
}

/// Every module of the core sits below every module of the crate above it except its own
/// layer's (`notation` and `perft` beside `eval`), so the map drawn is the one Cargo enforces.
#[test]
fn the_core_is_the_bottom_of_the_stack() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let layers = declared_layers(&readme);
    let [core, above] = CRATES.map(|src| modules_of(&root().join(src)));
    let top_of_core = core.iter().map(|m| layers[m]).max().unwrap();
    let bottom_above = above.iter().map(|m| layers[m]).min().unwrap();
    assert!(top_of_core <= bottom_above, "a module above the core sits below a core module");
}

#[test]
fn every_module_has_exactly_one_layer() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let layers = declared_layers(&readme);
    let core = modules_of(&root().join(CRATES[0]));
    let above = modules_of(&root().join(CRATES[1]));
    assert!(core.is_disjoint(&above), "a module name in both crates: {:?}", core.intersection(&above));
    let declared: BTreeSet<String> = layers.keys().cloned().collect();
    let modules: BTreeSet<String> = core.union(&above).cloned().collect();
    assert_eq!(declared, modules, "the README's layers and the modules of core/src/ and src/");
}

/// The top-level modules of a crate's source folder (`lib.rs` aside).
fn modules_of(src: &Path) -> BTreeSet<String> {
    let mut modules = BTreeSet::new();
    for e in std::fs::read_dir(src).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if (p.is_dir() || p.extension().is_some_and(|x| x == "rs")) && name != "lib" {
            modules.insert(name);
        }
    }
    modules
}

/// The checker itself: a made-up tree with an import going up, one sideways, one down, a
/// re-exported name and a test module.
#[test]
fn the_checker_finds_imports_that_go_up() {
    let dir = std::env::temp_dir().join(format!("kyodai-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("low")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod low;\npub mod high;\npub mod side;\npub use high::High;\n").unwrap();
    std::fs::write(
        dir.join("low/mod.rs"),
        "// crate::high in a comment is no import\nuse crate::High;\n#[cfg(test)]\nmod tests {\n    use crate::high::x;\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("high.rs"), "use crate::{low::a, side};\n").unwrap();
    std::fs::write(dir.join("side.rs"), "fn f() { crate::high::g() }\n").unwrap();
    let layers: BTreeMap<String, usize> =
        [("low", 1), ("high", 2), ("side", 2)].iter().map(|(m, l)| (m.to_string(), *l)).collect();
    let exports = reexports(&std::fs::read_to_string(dir.join("lib.rs")).unwrap());
    let bad = violations(&dir, &layers, &exports);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        bad,
        [
            "high.rs:1: high (layer 2) uses side (layer 2)",
            "low/mod.rs:2: low (layer 1) uses high (layer 2)",
            "side.rs:1: side (layer 2) uses high (layer 2)",
        ]
    );
}

/// The files of `movegen` import one way too (`docs/design/movegen.md`): the view, the atoms and
/// the reverse tables at the bottom, the power contract, the power modules and their registry
/// (`powers/`, one node: a power may use another), the compiled tables, generation and attack
/// detection on top. A file names another as `super::x`, `crate::movegen::x`, or (the module
/// file, `mod.rs`) `x::`; a name the module re-exports (`crate::movegen::Board`) names `mod.rs`.
fn movegen_graph(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    let node = |file: &Path| -> String {
        let rel = file.strip_prefix(dir).unwrap();
        match rel.components().count() {
            1 => rel.file_stem().unwrap().to_string_lossy().into_owned(),
            _ => rel.components().next().unwrap().as_os_str().to_string_lossy().into_owned(),
        }
    };
    let nodes: BTreeSet<String> = files.iter().map(|f| node(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = nodes.iter().map(|n| (n.clone(), BTreeSet::new())).collect();
    for file in &files {
        if test_only(file) {
            continue;
        }
        let from = node(file);
        // `super::` names a file of `movegen` from its top files and from a folder's `mod.rs`;
        // from the other files of a folder it names the folder itself.
        let top = file.parent() == Some(dir)
            || (file.file_name().is_some_and(|n| n == "mod.rs") && file.parent().and_then(Path::parent) == Some(dir));
        let text = std::fs::read_to_string(file).unwrap();
        for (_, code) in code_lines(&text) {
            if code.trim_start().starts_with("pub mod ") || code.trim_start().starts_with("mod ") {
                continue;
            }
            let mut named = named_modules(&code, "crate::movegen", &BTreeMap::new());
            if top {
                named.extend(named_modules(&code, "super", &BTreeMap::new()));
            }
            if from == "mod" {
                named.extend(nodes.iter().filter(|n| code.contains(&format!("{n}::"))).cloned());
            }
            for n in named {
                let to = if nodes.contains(&n) { n } else { "mod".to_string() };
                if to != from {
                    graph.get_mut(&from).unwrap().insert(to);
                }
            }
        }
    }
    graph
}

/// A circle of `graph`, if it has one: the nodes along it.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            return Some(path[i..].to_vec());
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for m in &graph[n] {
            if let Some(c) = visit(m, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_files_of_movegen_import_one_way() {
    let graph = movegen_graph(&root().join("core/src/movegen"));
    assert!(graph.len() > 10 && graph.contains_key("powers"), "movegen's files were not found: {graph:?}");
    for (from, to) in [("powers", "power"), ("powers", "kind_set"), ("mod", "attack"), ("tables", "powers")] {
        assert!(graph[from].contains(to), "{from} -> {to} not read: {graph:?}");
    }
    if let Some(c) = circle(&graph) {
        panic!("files of core/src/movegen import each other in a circle: {}", c.join(" -> "));
    }
}

/// The checker finds a circle of two files through a re-exported name.
#[test]
fn the_movegen_checker_finds_a_circle() {
    let dir = std::env::temp_dir().join(format!("kyodai-movegen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("powers")).unwrap();
    std::fs::write(dir.join("mod.rs"), "pub mod a;\npub mod powers;\npub use a::A;\nfn f() { a::g() }\n").unwrap();
    std::fs::write(dir.join("a.rs"), "use super::powers::P;\n").unwrap();
    std::fs::write(dir.join("powers/mod.rs"), "pub mod one;\n").unwrap();
    std::fs::write(dir.join("powers/one.rs"), "use crate::movegen::A;\n").unwrap();
    let graph = movegen_graph(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(circle(&graph), Some(vec!["a".to_string(), "powers".to_string(), "mod".to_string()]));
}
