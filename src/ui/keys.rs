//! A UI file nests its texts by topic (`errors:` then `unknown_rule:`);
//! lookups use one dotted key (`errors.unknown_rule`). The build script
//! flattens the bundled UI files with this same code.

/// Every text of a nested map under its dotted key, sorted by key. `Err`
/// names the key of the first value that is neither a text nor a map.
pub fn dotted_texts(value: &serde_json::Value) -> Result<Vec<(String, String)>, String> {
    let mut texts = Vec::new();
    walk("", value, &mut texts)?;
    texts.sort();
    Ok(texts)
}

fn walk(
    prefix: &str,
    value: &serde_json::Value,
    out: &mut Vec<(String, String)>,
) -> Result<(), String> {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                walk(&key, v, out)?;
            }
            Ok(())
        }
        serde_json::Value::String(s) => {
            out.push((prefix.to_string(), s.clone()));
            Ok(())
        }
        _ => Err(prefix.to_string()),
    }
}
