//! `floor import --base EDITION`: a house overlay holding only what the
//! imported book changes in that edition — titles, texts, lettered parts
//! and parameters of the rules they share, rules the book no longer has
//! (not applicable), and rules only the book has (added). It is the file
//! `--house` reads, so `floor compare EDITION FILE` shows the changes as
//! it shows any house's.
//!
//! A rule is the base's when it has the base rule's concept; a house rule
//! of the book without one is the base's house rule of the same number.
//! A section the book numbers otherwise is carried (`sections:`). An
//! overlay keeps the base's rule numbers: a rule the book prints under
//! another number is a point for a person (the full edition, `--out DIR`
//! without `--base`, keeps the book's numbers).

use std::collections::HashSet;

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::rules::{Edition, Rule, RuleKind, RuleRef};

/// One difference, as the report lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "change", rename_all = "kebab-case")]
pub enum Change {
    /// A rule's title changed.
    Title {
        /// The base's number.
        number: String,
    },
    /// A rule's words changed.
    Text {
        /// The base's number.
        number: String,
    },
    /// Parameters changed.
    Params {
        /// The base's number.
        number: String,
        /// The keys.
        keys: Vec<String>,
    },
    /// The book no longer has the rule.
    Removed {
        /// The base's number.
        number: String,
    },
    /// A rule only the book has.
    Added {
        /// Its number.
        number: String,
    },
    /// A section of the same title carries another number.
    Section {
        /// Its title.
        title: String,
        /// The base's number ("" for none).
        number: String,
        /// The book's.
        printed: String,
    },
    /// The book prints the rule under another number.
    Renumbered {
        /// The base's number.
        number: String,
        /// The book's.
        printed: String,
    },
}

/// The overlay and its changes.
#[derive(Debug, Clone)]
pub struct Difference {
    /// The overlay file's content.
    pub overlay: Value,
    /// What it changes.
    pub changes: Vec<Change>,
}

/// What `import` changes in `base`: an overlay with id `id`.
pub fn against(import: &Edition, base: &Edition, id: &str) -> Difference {
    let base_rules: Vec<&Rule> = base.rules().collect();
    let mut matched = vec![false; base_rules.len()];
    let mut pairs: Vec<(&Rule, Option<usize>)> = Vec::new();
    for rule in import.rules() {
        let by_concept = base_rules
            .iter()
            .enumerate()
            .position(|(j, b)| !matched[j] && b.concept == rule.concept);
        let by_number = || {
            (rule.kind == RuleKind::House)
                .then(|| {
                    base_rules.iter().enumerate().position(|(j, b)| {
                        !matched[j]
                            && b.kind == RuleKind::House
                            && same_number(&b.number, &rule.number)
                    })
                })
                .flatten()
        };
        let j = by_concept.or_else(by_number);
        if let Some(j) = j {
            matched[j] = true;
        }
        pairs.push((rule, j));
    }
    let mut changes = Vec::new();
    let mut rules = Vec::new();
    let mut added = Vec::new();
    let mut taken: HashSet<String> = base_rules.iter().map(|r| canonical(&r.number)).collect();
    // Concepts an added rule's own slug must not take.
    let mut slugs: HashSet<String> = base_rules
        .iter()
        .map(|r| r.concept.clone())
        .chain(import.rules().map(|r| r.concept.clone()))
        .collect();
    for (rule, j) in pairs {
        let Some(b) = j.and_then(|j| base_rules.get(j)) else {
            let number = free_number(&rule.number, &mut taken);
            changes.push(Change::Added {
                number: number.clone(),
            });
            added.push(new_rule(rule, &number, &mut slugs));
            continue;
        };
        if !same_number(&b.number, &rule.number) {
            changes.push(Change::Renumbered {
                number: b.number.clone(),
                printed: rule.number.clone(),
            });
        }
        let mut change = Map::new();
        if b.title != rule.title {
            change.insert("title".into(), json!(rule.title));
            changes.push(Change::Title {
                number: b.number.clone(),
            });
        }
        if b.full_text() != rule.full_text() {
            change.insert("text".into(), json!(rule.text));
            if b.parts != rule.parts {
                change.insert("parts".into(), json!(rule.parts));
            }
            if let Some(stated) = restated(b, rule) {
                change.insert("provisions".into(), Value::Object(stated));
            }
            changes.push(Change::Text {
                number: b.number.clone(),
            });
        }
        let (params, keys) = params_changed(b, rule);
        if !keys.is_empty() {
            change.insert("params".into(), Value::Object(params));
            changes.push(Change::Params {
                number: b.number.clone(),
                keys,
            });
        }
        if rule.not_applicable && !b.not_applicable {
            change.insert("not_applicable".into(), json!(true));
            changes.push(Change::Removed {
                number: b.number.clone(),
            });
        }
        if !change.is_empty() {
            let mut entry = Map::new();
            entry.insert("number".into(), json!(b.number));
            entry.extend(change);
            rules.push(Value::Object(entry));
        }
    }
    let mut sections = Vec::new();
    for section in &import.sections {
        let Some(was) = base.sections.iter().find(|s| s.title == section.title) else {
            continue;
        };
        if was.label != section.label
            && let Some(label) = &section.label
        {
            changes.push(Change::Section {
                title: section.title.clone(),
                number: was.label.clone().unwrap_or_default(),
                printed: label.clone(),
            });
            sections.push(json!({"title": section.title, "label": label}));
        }
    }
    for (j, b) in base_rules.iter().enumerate() {
        if !matched[j] && !b.not_applicable {
            changes.push(Change::Removed {
                number: b.number.clone(),
            });
            rules.push(json!({"number": b.number, "not_applicable": true}));
        }
    }
    let mut overlay = Map::new();
    overlay.insert("id".into(), json!(id));
    overlay.insert("extends".into(), json!(base.id));
    overlay.insert("title".into(), json!(import.title));
    let house = import
        .house
        .clone()
        .or_else(|| base.house.clone())
        .unwrap_or_else(|| import.title.clone());
    overlay.insert("house".into(), json!(house));
    if !rules.is_empty() {
        overlay.insert("rules".into(), Value::Array(rules));
    }
    if !added.is_empty() {
        overlay.insert("add".into(), Value::Array(added));
    }
    if !sections.is_empty() {
        overlay.insert("sections".into(), Value::Array(sections));
    }
    Difference {
        overlay: Value::Object(overlay),
        changes,
    }
}

/// What a reworded rule still states, with its new words: each piece of
/// a provision's words that the new text no longer prints is found again
/// as the new sentence most like the old sentence that held it (at least
/// half their words shared), with its topic and terms. A provision none of
/// whose words are found is left out: the new text no longer states it.
/// `None` when the base rule records no provisions (the overlay then keeps
/// what the words still say).
fn restated(base: &Rule, rule: &Rule) -> Option<Map<String, Value>> {
    use crate::rules::provisions::{applicable_text, quotes, squeeze};
    if base.provisions.is_empty() {
        return None;
    }
    let (old, new) = (
        squeeze(&applicable_text(base)),
        squeeze(&applicable_text(rule)),
    );
    let new_sentences = sentences(&new);
    let mut out = Map::new();
    for stated in &base.provisions {
        let mut pieces = Vec::new();
        for piece in stated.span.split('…').map(|p| squeeze(p.trim())) {
            if piece.is_empty() {
                continue;
            }
            if quotes(&new, &piece) {
                pieces.push(piece);
                continue;
            }
            let Some(was) = sentences(&old)
                .into_iter()
                .find(|s| s.contains(piece.as_str()) || piece.contains(*s))
            else {
                continue;
            };
            let best = new_sentences
                .iter()
                .map(|n| (likeness(was, n), *n))
                .filter(|(score, _)| *score >= 0.5)
                .max_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((_, sentence)) = best {
                pieces.push(sentence.to_string());
            }
        }
        let span = pieces.join(" … ");
        if !span.is_empty() && quotes(&new, &span) {
            // The new words state what the old ones did: the same topic
            // and terms (who may ask, what it costs), or compare would
            // read them as no longer said.
            let kept = crate::rules::Stated {
                span,
                ..stated.clone()
            };
            out.insert(stated.id.clone(), crate::import::provisions::written(&kept));
        }
    }
    Some(out)
}

/// A text's sentences: up to and with each `.`, `!`, `?` or `:` before a
/// space, or a line's end.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        let end = i + c.len_utf8();
        let at_break = text.get(end..).is_none_or(|rest| rest.starts_with(' '));
        if matches!(c, '.' | '!' | '?' | ':') && at_break {
            if let Some(s) = text
                .get(start..end)
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                out.push(s);
            }
            start = end;
        }
    }
    if let Some(s) = text.get(start..).map(str::trim).filter(|s| !s.is_empty()) {
        out.push(s);
    }
    out
}

/// Shared words over all words of two sentences (folded), 0-1.
fn likeness(a: &str, b: &str) -> f32 {
    let words = |s: &str| -> HashSet<String> {
        crate::text::fold(s)
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (words(a), words(b));
    let union = a.union(&b).count();
    if union == 0 {
        return 0.0;
    }
    a.intersection(&b).count() as f32 / union as f32
}

/// A rule only the book has, as an overlay adds it.
fn new_rule(rule: &Rule, number: &str, slugs: &mut HashSet<String>) -> Value {
    // An overlay adds house rules of their own (`add:` takes a new slug): a
    // rule of a known topic the base does not print is added as a house
    // rule touching that topic.
    let (concept, touches) = if rule.kind == RuleKind::House {
        (rule.concept.clone(), rule.touches.clone())
    } else {
        let prefix = RuleRef::parse(number)
            .and_then(|r| r.prefix)
            .unwrap_or_else(|| crate::import::DEFAULT_PREFIX.to_string())
            .to_lowercase();
        let base = format!("{prefix}-{}", rule.concept);
        let slug = (1..)
            .map(|n| {
                if n == 1 {
                    base.clone()
                } else {
                    format!("{base}-{n}")
                }
            })
            .find(|s| slugs.insert(s.clone()))
            .unwrap_or(base);
        (slug, vec![rule.concept.clone()])
    };
    let mut entry = Map::new();
    entry.insert("number".into(), json!(number));
    entry.insert("concept".into(), json!(concept));
    entry.insert("title".into(), json!(rule.title));
    entry.insert("text".into(), json!(rule.text));
    if !rule.parts.is_empty() {
        entry.insert("parts".into(), json!(rule.parts));
    }
    if !rule.examples.is_empty() {
        entry.insert("examples".into(), json!(rule.examples));
    }
    if !touches.is_empty() {
        entry.insert("touches".into(), json!(touches));
    }
    if let Ok(Value::Object(params)) = serde_json::to_value(&rule.params)
        && !params.is_empty()
    {
        entry.insert("params".into(), Value::Object(params));
    }
    Value::Object(entry)
}

/// The parameters the book states otherwise than the base rule.
fn params_changed(base: &Rule, rule: &Rule) -> (Map<String, Value>, Vec<String>) {
    let as_map = |r: &Rule| match serde_json::to_value(&r.params) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    let (was, now) = (as_map(base), as_map(rule));
    let mut changed = Map::new();
    for (key, value) in now {
        if was.get(&key) != Some(&value) {
            changed.insert(key, value);
        }
    }
    let keys = changed.keys().cloned().collect();
    (changed, keys)
}

/// The number of an added rule: its own, or the next free one of its
/// prefix when the base has it.
fn free_number(number: &str, taken: &mut HashSet<String>) -> String {
    if taken.insert(canonical(number)) {
        return number.to_string();
    }
    let prefix = RuleRef::parse(number)
        .and_then(|r| r.prefix)
        .unwrap_or_else(|| crate::import::DEFAULT_PREFIX.to_string());
    (1..)
        .map(|n| format!("{prefix}-{n}"))
        .find(|n| taken.insert(canonical(n)))
        .unwrap_or_default()
}

fn canonical(number: &str) -> String {
    RuleRef::parse(number).map_or_else(
        || number.to_string(),
        |r| r.candidates().first().cloned().unwrap_or_default(),
    )
}

fn same_number(a: &str, b: &str) -> bool {
    canonical(a) == canonical(b)
}
