//! The library's top-level modules form layers, and so do the binary's: an
//! import from a module to one in a higher layer, or a cycle of imports,
//! fails here. Each crate allows one cycle, named with its layers.
//!
//! The same reading of the sources holds the one way files are opened:
//! only `data` opens a file, so none can wait on a FIFO or be written
//! unchecked.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's modules in layers, lowest first, and the one cycle allowed.
struct Crate {
    /// The crate's root file.
    root: &'static str,
    /// How the root declares a module of its own.
    declares: &'static str,
    layers: &'static [&'static [&'static str]],
    allowed: [&'static str; 2],
    /// A module whose files stand as modules of their own (`cmd::hand`):
    /// its files may import each other, never in a circle.
    split: Option<&'static str>,
}

/// The library: the same layers as the crate documentation's list. The
/// one cycle: the engine lists the catalogue's modules, and each of them
/// implements the engine's `Incident`.
const LIBRARY: Crate = Crate {
    root: "lib.rs",
    declares: "pub mod ",
    layers: &[
        &["text", "fnv", "message"],
        &["error"],
        &["data", "yaml"],
        &["ui"],
        &["poker"],
        &["rules"],
        &["engine", "incidents"],
        &["log", "hand", "settings", "check", "import", "compare"],
    ],
    allowed: ["engine", "incidents"],
    split: None,
};

/// The binary: the output boundary and the command line at the bottom,
/// the shared rendering and prompting above them, then the commands, then
/// `app`, which dispatches to them. The one cycle: completers are attached
/// to the arguments they complete and read the command's definition.
const BINARY: Crate = Crate {
    root: "main.rs",
    declares: "mod ",
    layers: &[
        &["output", "pager"],
        &["cli", "complete"],
        &["cli_text", "ctx", "man"],
        &["render", "prompt", "help"],
        &["cmd"],
        &["app"],
    ],
    allowed: ["cli", "complete"],
    split: Some("cmd"),
};

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

impl Crate {
    /// The modules the root declares, a split module's files each as one.
    fn modules(&self) -> Vec<String> {
        let root = std::fs::read_to_string(src().join(self.root)).expect("root readable");
        let mut out = Vec::new();
        for m in root
            .lines()
            .filter_map(|l| l.trim().strip_prefix(self.declares))
            .filter_map(|l| l.strip_suffix(';'))
        {
            out.push(m.to_string());
            if self.split == Some(m) {
                let mut files = Vec::new();
                rust_files(&src().join(m), &mut files);
                out.extend(
                    files
                        .iter()
                        .filter_map(|f| f.file_stem()?.to_str())
                        .filter(|stem| *stem != "mod")
                        .map(|stem| format!("{m}::{stem}")),
                );
            }
        }
        out
    }

    /// The files of a module.
    fn files(&self, module: &str) -> Vec<PathBuf> {
        let mut files = Vec::new();
        match module.split_once("::") {
            Some((dir, file)) => files.push(src().join(dir).join(format!("{file}.rs"))),
            None if self.split == Some(module) => files.push(src().join(module).join("mod.rs")),
            None => {
                rust_files(&src().join(format!("{module}.rs")), &mut files);
                rust_files(&src().join(module), &mut files);
            }
        }
        files
    }

    /// Each module's imports of the others.
    fn graph(&self) -> BTreeMap<String, BTreeSet<String>> {
        let modules = self.modules();
        let mut graph = BTreeMap::new();
        for m in &modules {
            let mut imports = BTreeSet::new();
            for f in self.files(m) {
                let text = std::fs::read_to_string(&f).expect("source readable");
                imports.extend(named(&code(&text), &modules));
            }
            imports.remove(m);
            graph.insert(m.clone(), imports);
        }
        graph
    }

    /// A module's layer (a split module's files share the module's).
    fn layer(&self, module: &str) -> Option<usize> {
        let top = module.split("::").next().unwrap_or(module);
        self.layers.iter().position(|l| l.contains(&top))
    }

    fn allowed(&self, from: &str, to: &str) -> bool {
        self.allowed.contains(&from) && self.allowed.contains(&to)
    }

    /// Whether `to` can be reached from `from` without the allowed edge.
    fn reaches(&self, graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if self.allowed(&m, next) {
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

/// The modules named by `crate::` paths in `code`, grouped imports (`use
/// crate::{a::X, b}`) included: the longest of `a::b` and `a` that is one
/// of `modules`.
fn named(code: &str, modules: &[String]) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("")
            .to_string()
    };
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let paths: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
            None => vec![rest],
        };
        for path in paths {
            let mut parts = path.trim().splitn(3, "::");
            let head = ident(parts.next().unwrap_or(""));
            let two = parts.next().map(|p| format!("{head}::{}", ident(p)));
            if let Some(m) = two.iter().chain([&head]).find(|m| modules.contains(m)) {
                out.insert(m.clone());
            }
        }
    }
    out
}

#[test]
fn every_module_has_a_layer() {
    for krate in [LIBRARY, BINARY] {
        let unplaced: Vec<String> = krate
            .modules()
            .into_iter()
            .filter(|m| krate.layer(m).is_none())
            .collect();
        assert!(
            unplaced.is_empty(),
            "place these modules of {} in src/layers.rs (and the library's in the crate documentation): {unplaced:?}",
            krate.root
        );
    }
}

#[test]
fn imports_run_downward_only() {
    for krate in [LIBRARY, BINARY] {
        let mut upward = Vec::new();
        for (from, imports) in &krate.graph() {
            for to in imports {
                if let (Some(a), Some(b)) = (krate.layer(from), krate.layer(to))
                    && b > a
                {
                    upward.push(format!("{from} → {to}"));
                }
            }
        }
        assert!(
            upward.is_empty(),
            "{}: imports running upward: {upward:?}",
            krate.root
        );
    }
}

#[test]
fn no_cycle_but_the_allowed_one() {
    for krate in [LIBRARY, BINARY] {
        let graph = krate.graph();
        let cycles: Vec<String> = graph
            .iter()
            .flat_map(|(from, imports)| imports.iter().map(move |to| (from, to)))
            .filter(|(from, to)| !krate.allowed(from, to) && krate.reaches(&graph, to, from))
            .map(|(from, to)| format!("{from} → {to} → … → {from}"))
            .collect();
        assert!(
            cycles.is_empty(),
            "{}: import cycles: {cycles:?}",
            krate.root
        );
    }
}

#[test]
fn the_binary_is_read_module_by_module() {
    let modules = BINARY.modules();
    for m in ["app", "output", "cmd", "cmd::hand", "cmd::incident"] {
        assert!(modules.iter().any(|x| x == m), "{m} in {modules:?}");
    }
    let graph = BINARY.graph();
    assert!(graph["cmd::incident"].contains("cmd::hand"));
    assert!(graph["app"].contains("output"));
}

#[test]
fn the_parser_sees_grouped_and_nested_paths() {
    let modules: Vec<String> = ["poker", "rules", "error", "cmd", "cmd::hand"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let found = named(
        "use crate::{poker::Chips, rules};\nlet x = crate::error::Error::bad(m);\n\
         crate::cmd::hand::load(f); use crate::cmd;",
        &modules,
    );
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        ["cmd", "cmd::hand", "error", "poker", "rules"]
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
