//! Embeds the bundled data tree (`locales/`, `rulings/`) into the binary.
//!
//! YAML is converted to JSON here, once, so that a command parses only the
//! file it needs, with a fast parser, at run time. Schema validation stays in
//! the library (`floor check` and the test suite run it on the same files).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut files = Vec::new();
    for top in ["locales", "rulings"] {
        println!("cargo:rerun-if-changed={top}");
        collect(&root, &root.join(top), &mut files);
    }
    files.sort();
    let mut table = String::from("&[\n");
    for rel in &files {
        let yaml = fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        // A file that is not valid YAML is embedded as it is: the library
        // parses it at run time and reports the error with its position.
        let json = serde_yaml::from_str::<serde_yaml::Value>(&yaml)
            .ok()
            .and_then(|value| serde_json::to_string(&value).ok());
        let (format, body) = match json {
            Some(json) => ("Json", json),
            None => ("Yaml", yaml),
        };
        let name = rel.replace(['/', '.', '-'], "_");
        fs::write(out.join(&name), body).expect("write OUT_DIR");
        table.push_str(&format!(
            "    ({rel:?}, Format::{format}, include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))),\n"
        ));
    }
    table.push(']');
    fs::write(out.join("embedded.rs"), table).expect("write OUT_DIR");
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            println!("cargo:rerun-if-changed={}", path.display());
            collect(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "yaml") {
            println!("cargo:rerun-if-changed={}", path.display());
            let rel = path.strip_prefix(root).expect("under root");
            files.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}
