//! Embeds the bundled data tree (`locales/`, `rulings/`) into the binary.
//!
//! YAML is converted to JSON here, once, so that a command parses only the
//! file it needs, with a fast parser, at run time. Schema validation stays in
//! the library (`floor check` and the test suite run it on the same files).

// The search index folds texts exactly as the library does: same code.
#[allow(dead_code)]
#[path = "src/text.rs"]
mod text;

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
    let mut rule_indexes = String::from("&[\n");
    let mut index = String::new();
    for rel in &files {
        let yaml = fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        // A file that is not valid YAML is embedded as it is: the library
        // parses it at run time and reports the error with its position.
        let value = serde_yaml::from_str::<serde_json::Value>(&yaml).ok();
        let (format, body) = match value {
            // UI texts are looked up by dotted key: flattened here, they load
            // without parsing.
            Some(value) if rel.ends_with("/ui.yaml") => match flatten(&value) {
                Some(flat) => ("Flat", flat),
                None => ("Yaml", yaml),
            },
            Some(mut value) => {
                if is_edition(rel) {
                    index_edition(&value, &mut index);
                }
                // Extraction notes are for maintainers (they stay in the YAML
                // and in --data trees); commands never show them.
                drop_notes(&mut value);
                if is_edition(rel) {
                    // Where each rule lies in the JSON, so a command that needs
                    // one rule parses that rule only.
                    let (json, rules) = edition_json(&value);
                    let name = format!("{}_rules", rel.replace(['/', '.', '-'], "_"));
                    fs::write(out.join(&name), rules).expect("write OUT_DIR");
                    rule_indexes.push_str(&format!(
                        "    ({rel:?}, include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))),\n"
                    ));
                    ("Json", json)
                } else {
                    ("Json", serde_json::to_string(&value).expect("a JSON value"))
                }
            }
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
    rule_indexes.push(']');
    fs::write(out.join("rule_indexes.rs"), rule_indexes).expect("write OUT_DIR");
    fs::write(out.join("search_index"), index).expect("write OUT_DIR");
    // `floor --version` names the editions it carries.
    let editions: Vec<String> = files
        .iter()
        .filter(|f| is_edition(f))
        .filter_map(|f| {
            f.rsplit('/')
                .next()?
                .strip_suffix(".yaml")
                .map(str::to_string)
        })
        .filter(|id| id != "concepts")
        .collect();
    println!("cargo:rustc-env=FLOOR_EDITIONS={}", editions.join(", "));
}

fn is_edition(rel: &str) -> bool {
    let parts: Vec<&str> = rel.split('/').collect();
    matches!(parts.as_slice(), ["locales", _, file] if *file != "ui.yaml")
}

/// One record per rule: edition, number, concept, title, folded title,
/// folded text, text (`\x1f` between fields, `\x1e` after each record), so
/// that searching the bundled editions parses nothing. The library checks
/// in a test that every record matches what it computes from the edition.
fn index_edition(edition: &serde_json::Value, out: &mut String) {
    let str_of = |v: &serde_json::Value, k: &str| {
        v.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string()
    };
    let id = str_of(edition, "id");
    let sections = edition
        .get("sections")
        .and_then(|s| s.as_array())
        .cloned()
        .unwrap_or_default();
    for section in &sections {
        let rules = section
            .get("rules")
            .and_then(|r| r.as_array())
            .cloned()
            .unwrap_or_default();
        for rule in &rules {
            let title = str_of(rule, "title");
            let full = full_text(rule);
            let fields = [
                id.clone(),
                str_of(rule, "number"),
                str_of(rule, "concept"),
                title.clone(),
                text::fold(&title),
                text::fold(&full),
                full,
            ];
            if fields.iter().any(|f| f.contains(['\x1e', '\x1f'])) {
                continue;
            }
            out.push_str(&fields.join("\x1f"));
            out.push('\x1e');
        }
    }
}

/// A rule's whole text in reading order, as `Rule::full_text` composes it.
fn full_text(rule: &serde_json::Value) -> String {
    let mut out = String::new();
    push_para(&mut out, field(rule, "text"));
    write_parts(&mut out, rule.get("parts"), "");
    push_para(&mut out, field(rule, "tail"));
    write_examples(&mut out, rule.get("examples"), "");
    out
}

fn field<'a>(v: &'a serde_json::Value, k: &str) -> &'a str {
    v.get(k).and_then(|x| x.as_str()).unwrap_or("")
}

fn push_para(out: &mut String, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(text);
}

fn write_parts(out: &mut String, parts: Option<&serde_json::Value>, indent: &str) {
    for part in parts.and_then(|p| p.as_array()).into_iter().flatten() {
        let (label, text) = (field(part, "label"), field(part, "text").trim());
        let line = if text.is_empty() {
            format!("{indent}{label}:")
        } else {
            format!("{indent}{label}: {text}")
        };
        push_para(out, &line);
        let deeper = format!("{indent}  ");
        write_parts(out, part.get("parts"), &deeper);
        let tail = field(part, "tail").trim();
        if !tail.is_empty() {
            push_para(out, &format!("{deeper}{tail}"));
        }
        write_examples(out, part.get("examples"), &deeper);
    }
}

fn write_examples(out: &mut String, examples: Option<&serde_json::Value>, indent: &str) {
    for ex in examples.and_then(|e| e.as_array()).into_iter().flatten() {
        push_para(
            out,
            &format!(
                "{indent}{}: {}",
                field(ex, "label"),
                field(ex, "text").trim()
            ),
        );
    }
}

/// `key\x1fvalue\x1e` records sorted by dotted key; `None` if a value is not
/// text or contains a separator (the library then reports the problem).
fn flatten(value: &serde_json::Value) -> Option<String> {
    fn walk(prefix: &str, v: &serde_json::Value, out: &mut Vec<(String, String)>) -> Option<()> {
        match v {
            serde_json::Value::Object(map) => {
                for (k, child) in map {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    walk(&key, child, out)?;
                }
                Some(())
            }
            serde_json::Value::String(s) if !s.contains(['\x1e', '\x1f']) => {
                out.push((prefix.to_string(), s.clone()));
                Some(())
            }
            _ => None,
        }
    }
    let mut pairs = Vec::new();
    walk("", value, &mut pairs)?;
    pairs.sort();
    Some(
        pairs
            .iter()
            .map(|(k, v)| format!("{k}\x1f{v}\x1e"))
            .collect(),
    )
}

/// The edition as JSON, and its rule index: the edition's fields other than
/// its texts (`head`, with no sections) and, per rule, its number, concept,
/// kind, touched concepts, parameters and the byte range of its JSON.
fn edition_json(value: &serde_json::Value) -> (String, String) {
    let to_json = |v: &serde_json::Value| serde_json::to_string(v).expect("a JSON value");
    let Some(edition) = value.as_object() else {
        return (to_json(value), String::new());
    };
    let mut out = String::from("{");
    let mut rules = Vec::new();
    for (i, (key, field)) in edition.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&to_json(&serde_json::Value::String(key.clone())));
        out.push(':');
        let sections = field.as_array().filter(|_| key == "sections");
        let Some(sections) = sections else {
            out.push_str(&to_json(field));
            continue;
        };
        out.push('[');
        for (si, section) in sections.iter().enumerate() {
            if si > 0 {
                out.push(',');
            }
            out.push('{');
            for (fi, (skey, sfield)) in section.as_object().into_iter().flatten().enumerate() {
                if fi > 0 {
                    out.push(',');
                }
                out.push_str(&to_json(&serde_json::Value::String(skey.clone())));
                out.push(':');
                match sfield.as_array().filter(|_| skey == "rules") {
                    Some(list) => {
                        out.push('[');
                        for (ri, rule) in list.iter().enumerate() {
                            if ri > 0 {
                                out.push(',');
                            }
                            let start = out.len();
                            out.push_str(&to_json(rule));
                            rules.push(serde_json::json!({
                                "number": rule.get("number"),
                                "concept": rule.get("concept"),
                                "kind": rule.get("kind"),
                                "touches": rule.get("touches").cloned().unwrap_or_else(|| serde_json::json!([])),
                                "params": rule.get("params").cloned().unwrap_or_else(|| serde_json::json!({})),
                                "at": [start, out.len()],
                            }));
                        }
                        out.push(']');
                    }
                    None => out.push_str(&to_json(sfield)),
                }
            }
            out.push('}');
        }
        out.push(']');
    }
    out.push('}');
    let mut head = edition.clone();
    for key in ["sections", "strays", "preamble"] {
        head.remove(key);
    }
    head.insert("sections".into(), serde_json::json!([]));
    let index = serde_json::json!({"head": head, "rules": rules});
    (out, to_json(&index))
}

fn drop_notes(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.remove("notes");
            map.values_mut().for_each(drop_notes);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_notes),
        _ => {}
    }
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
