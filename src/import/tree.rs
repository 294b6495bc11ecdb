//! The data tree an import writes with `--out DIR`: the tree in use (the
//! bundled one, or `--data`) with the imported edition added as
//! `locales/<lang>/<id>.yaml` and its house rules' concepts added to
//! `locales/concepts.yaml`, so that `floor --data DIR` reads it as it
//! reads any edition. Pure: the files and their texts; the command writes
//! them.

use std::collections::HashSet;

use crate::data::DataSource;
use crate::error::LoadError;
use crate::import::provisions::Recorded;
use crate::message::{Message, Msg};
use crate::rules::{CONCEPTS_PATH, Edition, RuleKind};
use crate::text::one_line;

/// One file of the tree: its path relative to the root, and its text.
pub type File = (String, String);

/// The path of an edition in a data tree.
pub fn edition_path(edition: &Edition) -> String {
    format!("locales/{}/{}.yaml", edition.language.code(), edition.id)
}

/// The files of `source` as YAML, with `edition` and its provision
/// record added (replacing an edition of the same id, in any language
/// folder, and its record) and the concepts of its house rules added to
/// the concordance.
pub fn files(
    source: &DataSource,
    edition: &Edition,
    record: Option<&Recorded>,
) -> crate::Result<Vec<File>> {
    let own = edition_path(edition);
    let mut out = Vec::new();
    for path in source.paths()? {
        if path == own || path == CONCEPTS_PATH {
            continue;
        }
        if path.starts_with("locales/") && path.ends_with(&format!("/{}.yaml", edition.id)) {
            continue;
        }
        if let Some(text) = yaml_of(source, &path)? {
            out.push((path, text));
        }
    }
    out.push((CONCEPTS_PATH.to_string(), concepts(source, edition)?));
    out.push((own, edition_yaml(edition)?));
    if let Some(r) = record {
        out.push((r.path.clone(), crate::yaml::to_string(&r.record, &r.path)?));
    }
    Ok(out)
}

/// An edition as a data file.
pub fn edition_yaml(edition: &Edition) -> crate::Result<String> {
    let body = crate::yaml::to_string(edition, &edition_path(edition))?;
    Ok(format!(
        "# {} — read by `floor import` from {}.\n{body}",
        one_line(&edition.title),
        one_line(&edition.source)
    ))
}

/// A data file as YAML: as written when it is kept so, else rebuilt from
/// what the binary holds (JSON made at build time, or a UI file's flat
/// records).
fn yaml_of(source: &DataSource, path: &str) -> crate::Result<Option<String>> {
    if let Some(written) = source.written(path) {
        return Ok(Some(written.into_owned()));
    }
    let Some(file) = source.read(path)? else {
        return Ok(None);
    };
    let value: serde_json::Value = match file.flat_records() {
        Some(records) => unflatten(records),
        None => file.parse()?,
    };
    crate::yaml::to_string(&value, path).map(Some)
}

/// A UI file's records (`key\x1fvalue\x1e`, keys dotted) as the nested map
/// it was written as.
fn unflatten(records: &str) -> serde_json::Value {
    let mut root = serde_json::Map::new();
    for record in records.split('\x1e') {
        let Some((key, value)) = record.split_once('\x1f') else {
            continue;
        };
        let mut node = &mut root;
        let mut segments = key.split('.').peekable();
        while let Some(segment) = segments.next() {
            if segments.peek().is_none() {
                node.insert(segment.to_string(), serde_json::Value::from(value));
                break;
            }
            let entry = node
                .entry(segment.to_string())
                .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
            if !entry.is_object() {
                *entry = serde_json::Value::Object(serde_json::Map::new());
            }
            let serde_json::Value::Object(next) = entry else {
                break;
            };
            node = next;
        }
    }
    serde_json::Value::Object(root)
}

/// The concordance with the edition's house concepts added.
fn concepts(source: &DataSource, edition: &Edition) -> crate::Result<String> {
    let file = source
        .read(CONCEPTS_PATH)?
        .ok_or_else(|| LoadError::file(CONCEPTS_PATH, None, Message::new(Msg::CheckNoConcepts)))?;
    let mut value: serde_json::Value = file.parse()?;
    if let Some(list) = value
        .get_mut("concepts")
        .and_then(serde_json::Value::as_array_mut)
    {
        let mut known: HashSet<String> = list
            .iter()
            .filter_map(|c| c.get("slug").and_then(|s| s.as_str()).map(str::to_string))
            .collect();
        for rule in edition.rules().filter(|r| r.kind == RuleKind::House) {
            if known.insert(rule.concept.clone()) {
                list.push(serde_json::json!({
                    "slug": rule.concept,
                    "kind": "house",
                    "name": rule.title,
                }));
            }
        }
    }
    crate::yaml::to_string(&value, CONCEPTS_PATH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_records_nest_again() {
        let value = unflatten("a.b\x1fone\x1ea.c\x1ftwo\x1ed\x1fthree\x1e");
        assert_eq!(
            value,
            serde_json::json!({"a": {"b": "one", "c": "two"}, "d": "three"})
        );
    }
}
