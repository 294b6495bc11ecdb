//! The library's top-level modules form layers: an import from a module to
//! one in a higher layer, or a cycle of imports, fails here. The only cycle
//! allowed is the incident registry's: the engine lists the catalogue's
//! modules, and each of them implements the engine's `Incident`.
//!
//! The same reading of the sources holds the one way files are opened:
//! only `data` opens a file, so none can wait on a FIFO or be written
//! unchecked.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first (the same as the crate documentation's list).
const LAYERS: &[&[&str]] = &[
    &["text", "message"],
    &["error"],
    &["data", "yaml"],
    &["ui"],
    &["poker"],
    &["rules"],
    &["engine", "incidents"],
    &["log", "hand", "settings", "check", "import", "compare"],
];

/// The one cycle allowed.
const REGISTRY: [&str; 2] = ["engine", "incidents"];

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The modules `lib.rs` declares public.
fn modules() -> Vec<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("lib.rs");
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|l| l.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("src readable")
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for e in entries {
            rust_files(&e, out);
        }
    } else if path.is_file() && path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The code of a file without its comments and its unit tests (the
/// convention: a `#[cfg(test)] mod tests` at the end).
fn code(text: &str) -> String {
    let text = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |end| &text[..end]);
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules named by `crate::` paths in `code`, grouped
/// imports (`use crate::{a::X, b}`) included.
fn named(code: &str, modules: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let heads: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => {
                let group = group.split('}').next().unwrap_or("");
                group
                    .split(',')
                    .filter_map(|item| item.trim().split("::").next())
                    .collect()
            }
            None => rest
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .into_iter()
                .collect(),
        };
        for head in heads {
            if modules.iter().any(|m| m == head) {
                out.insert(head.to_string());
            }
        }
    }
    out
}

/// Each module's imports of the others.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let mut graph = BTreeMap::new();
    for m in &modules {
        let mut files = Vec::new();
        rust_files(&src().join(format!("{m}.rs")), &mut files);
        rust_files(&src().join(m), &mut files);
        let mut imports = BTreeSet::new();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("source readable");
            imports.extend(named(&code(&text), &modules));
        }
        imports.remove(m);
        graph.insert(m.clone(), imports);
    }
    graph
}

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// Whether `to` can be reached from `from` without the registry's own edge.
fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(m) = stack.pop() {
        for next in graph.get(&m).into_iter().flatten() {
            let registry = REGISTRY.contains(&m.as_str()) && REGISTRY.contains(&next.as_str());
            if registry {
                continue;
            }
            if next == to {
                return true;
            }
            if seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    false
}

#[test]
fn every_module_has_a_layer() {
    let unplaced: Vec<String> = modules()
        .into_iter()
        .filter(|m| layer(m).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "place these modules in src/layers.rs and the crate documentation: {unplaced:?}"
    );
}

#[test]
fn imports_run_downward_only() {
    let graph = graph();
    let mut upward = Vec::new();
    for (from, imports) in &graph {
        for to in imports {
            if let (Some(a), Some(b)) = (layer(from), layer(to))
                && b > a
            {
                upward.push(format!("{from} → {to}"));
            }
        }
    }
    assert!(upward.is_empty(), "imports running upward: {upward:?}");
}

#[test]
fn no_cycle_but_the_registry() {
    let graph = graph();
    let cycles: Vec<String> = graph
        .iter()
        .flat_map(|(from, imports)| imports.iter().map(move |to| (from, to)))
        .filter(|(from, to)| {
            !(REGISTRY.contains(&from.as_str()) && REGISTRY.contains(&to.as_str()))
                && reaches(&graph, to, from)
        })
        .map(|(from, to)| format!("{from} → {to} → … → {from}"))
        .collect();
    assert!(cycles.is_empty(), "import cycles: {cycles:?}");
}

#[test]
fn the_parser_sees_grouped_and_nested_paths() {
    let modules: Vec<String> = ["poker", "rules", "error"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let found = named(
        "use crate::{poker::Chips, rules};\nlet x = crate::error::Error::bad(m);",
        &modules,
    );
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        ["error", "poker", "rules"]
    );
    assert!(code("// crate::poker\nfn a() {}").find("poker").is_none());
}

/// The standard library's ways to open a file by path; `data::open_path`
/// alone may call them (reading a folder's entries opens no file).
const OPENERS: &[&str] = &[
    "fs::write(",
    "fs::read(",
    "fs::read_to_string(",
    "File::open(",
    "File::create(",
    "OpenOptions::new(",
    "File::options(",
    "fs::copy(",
];

/// Where `code` opens a file other than through `data`, as `path: opener`.
fn openers(path: &Path, code: &str) -> Vec<String> {
    OPENERS
        .iter()
        .filter(|o| code.contains(*o))
        .map(|o| format!("{}: {o}", path.display()))
        .collect()
}

#[test]
fn only_data_opens_files() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let here = src().join("layers.rs");
    let data = src().join("data.rs");
    let elsewhere: Vec<String> = files
        .iter()
        .filter(|f| **f != here && **f != data)
        .flat_map(|f| {
            openers(
                f,
                &code(&std::fs::read_to_string(f).expect("source readable")),
            )
        })
        .collect();
    assert!(
        elsewhere.is_empty(),
        "open files through data::open_path (read_limited, open_regular, create_file, write_file): {elsewhere:?}"
    );
    assert_eq!(
        openers(
            Path::new("x.rs"),
            &code("// std::fs::write(p)\nlet t = std::fs::write(p, b);")
        ),
        ["x.rs: fs::write("]
    );
}
