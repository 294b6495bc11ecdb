//! Comparing two editions: one row per concept in either, with both numbers
//! and titles, a status (same, renumbered, changed, only-a, only-b), the
//! parameters that differ, and — for two editions in the same language — a
//! word-level diff of the texts.

use std::collections::BTreeMap;

use serde::Serialize;
use similar::{ChangeTag, TextDiff};

use crate::rules::{Edition, Rule, RuleKind};

/// How a concept differs between the two editions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Same number, and nothing compared differs.
    Same,
    /// A different number, nothing else compared differs.
    Renumbered,
    /// A parameter, the text (same language), the sub-part structure or the
    /// house notes differ.
    Changed,
    /// Only in the first edition.
    OnlyA,
    /// Only in the second edition.
    OnlyB,
}

/// One side of a row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Side {
    /// The rule number in that edition.
    pub number: String,
    /// Its title.
    pub title: String,
}

/// A parameter's value on each side (`null` where the edition does not state it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParamDiff {
    /// In the first edition.
    pub a: serde_json::Value,
    /// In the second edition.
    pub b: serde_json::Value,
}

/// One concept's comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The concept.
    pub concept: String,
    /// The first edition's rule, if it has one.
    pub a: Option<Side>,
    /// The second edition's rule, if it has one.
    pub b: Option<Side>,
    /// The verdict.
    pub status: Status,
    /// The parameters that differ.
    pub params: BTreeMap<String, ParamDiff>,
    /// What was compared: `text` (same language only), `parts`, `params`,
    /// `house-notes`, `applicability`.
    pub compared: Vec<&'static str>,
    /// What differed, from the same list.
    pub differs: Vec<&'static str>,
    /// The word-level diff of the two texts, when asked for and the
    /// editions share a language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diff: Option<Vec<Piece>>,
}

/// The whole comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// The first edition's id.
    pub a: String,
    /// The second edition's id.
    pub b: String,
    /// Counts by status.
    pub summary: Summary,
    /// One row per concept, in the first edition's order, then the second's.
    pub rows: Vec<Row>,
}

/// How many rows have each status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Same.
    pub same: usize,
    /// Renumbered.
    pub renumbered: usize,
    /// Changed.
    pub changed: usize,
    /// Only in the first edition.
    pub only_a: usize,
    /// Only in the second edition.
    pub only_b: usize,
}

/// Compares `a` with `b`, optionally for one concept only; `with_diff` adds
/// word diffs to the changed rows whose texts can be compared.
pub fn compare(a: &Edition, b: &Edition, concept: Option<&str>, with_diff: bool) -> Comparison {
    let mut concepts: Vec<&str> = Vec::new();
    for rule in a.rules().chain(b.rules()) {
        if !concepts.contains(&rule.concept.as_str()) {
            concepts.push(&rule.concept);
        }
    }
    let rows: Vec<Row> = concepts
        .into_iter()
        .filter(|c| concept.is_none_or(|want| want == *c))
        .map(|c| {
            let mut r = row(a, b, c);
            if with_diff
                && r.differs.contains(&"text")
                && let (Some(ra), Some(rb)) = (a.rule_for(c), b.rule_for(c))
            {
                r.diff = Some(word_diff(&ra.full_text(), &rb.full_text()));
            }
            r
        })
        .collect();
    let mut summary = Summary::default();
    for r in &rows {
        match r.status {
            Status::Same => summary.same += 1,
            Status::Renumbered => summary.renumbered += 1,
            Status::Changed => summary.changed += 1,
            Status::OnlyA => summary.only_a += 1,
            Status::OnlyB => summary.only_b += 1,
        }
    }
    Comparison {
        a: a.id.clone(),
        b: b.id.clone(),
        summary,
        rows,
    }
}

fn side(rule: &Rule) -> Side {
    Side {
        number: rule.number.clone(),
        title: rule.title.clone(),
    }
}

fn row(a: &Edition, b: &Edition, concept: &str) -> Row {
    let (ra, rb) = (a.rule_for(concept), b.rule_for(concept));
    let (Some(ra), Some(rb)) = (ra, rb) else {
        return Row {
            concept: concept.to_string(),
            a: ra.map(side),
            b: rb.map(side),
            status: if ra.is_some() {
                Status::OnlyA
            } else {
                Status::OnlyB
            },
            params: BTreeMap::new(),
            compared: Vec::new(),
            differs: Vec::new(),
            diff: None,
        };
    };
    let mut compared = Vec::new();
    let mut differs = Vec::new();
    let mut check = |what: &'static str, differ: bool| {
        compared.push(what);
        if differ {
            differs.push(what);
        }
    };
    let same_language = a.language == b.language;
    if same_language {
        check(
            "text",
            normalized(&ra.full_text()) != normalized(&rb.full_text()),
        );
    }
    check("parts", part_labels(ra) != part_labels(rb));
    let params = param_diffs(ra, rb);
    check("params", !params.is_empty());
    check(
        "house-notes",
        house_notes(a, concept) != house_notes(b, concept),
    );
    check("applicability", ra.not_applicable != rb.not_applicable);
    let status = if !differs.is_empty() {
        Status::Changed
    } else if ra.number != rb.number {
        Status::Renumbered
    } else {
        Status::Same
    };
    Row {
        concept: concept.to_string(),
        a: Some(side(ra)),
        b: Some(side(rb)),
        status,
        params,
        compared,
        differs,
        diff: None,
    }
}

fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn part_labels(rule: &Rule) -> Vec<String> {
    fn walk(parts: &[crate::rules::Part], prefix: &str, out: &mut Vec<String>) {
        for p in parts {
            let label = format!("{prefix}{}", p.label.to_uppercase());
            out.push(label.clone());
            walk(&p.parts, &format!("{label}."), out);
        }
    }
    let mut out = Vec::new();
    walk(&rule.parts, "", &mut out);
    out
}

fn param_diffs(a: &Rule, b: &Rule) -> BTreeMap<String, ParamDiff> {
    let (pa, pb) = (a.params.to_map(), b.params.to_map());
    let mut out = BTreeMap::new();
    for key in pa.keys().chain(pb.keys()) {
        let (va, vb) = (pa.get(key), pb.get(key));
        if va != vb {
            out.insert(
                key.clone(),
                ParamDiff {
                    a: va.cloned().unwrap_or(serde_json::Value::Null),
                    b: vb.cloned().unwrap_or(serde_json::Value::Null),
                },
            );
        }
    }
    out
}

/// The house rules of an edition that touch `concept` (their numbers and
/// whether they conflict).
fn house_notes(edition: &Edition, concept: &str) -> Vec<(String, bool)> {
    edition
        .rules()
        .filter(|r| r.kind == RuleKind::House && r.touches.iter().any(|t| t == concept))
        .map(|r| (r.number.clone(), r.conflicts))
        .collect()
}

/// A piece of a word diff.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// `equal`, `delete` (only in the first text) or `insert` (only in the second).
    pub tag: &'static str,
    /// The words.
    pub text: String,
}

/// The word-level diff of two texts. Runs of changed words separated only
/// by spaces are shown as one deletion and one insertion, which reads far
/// better than alternating single words.
pub fn word_diff(a: &str, b: &str) -> Vec<Piece> {
    let diff = TextDiff::from_words(a, b);
    let mut pieces: Vec<Piece> = Vec::new();
    let (mut deleted, mut inserted, mut gap) = (String::new(), String::new(), String::new());
    let flush = |pieces: &mut Vec<Piece>, deleted: &mut String, inserted: &mut String| {
        for (tag, text) in [("delete", deleted), ("insert", inserted)] {
            if !text.is_empty() {
                pieces.push(Piece {
                    tag,
                    text: std::mem::take(text),
                });
            }
        }
    };
    for change in diff.iter_all_changes() {
        let text = change.value();
        match change.tag() {
            ChangeTag::Equal
                if text.trim().is_empty() && !(deleted.is_empty() && inserted.is_empty()) =>
            {
                gap.push_str(text);
            }
            ChangeTag::Equal => {
                flush(&mut pieces, &mut deleted, &mut inserted);
                let text = format!("{}{text}", std::mem::take(&mut gap));
                match pieces.last_mut() {
                    Some(last) if last.tag == "equal" => last.text.push_str(&text),
                    _ => pieces.push(Piece { tag: "equal", text }),
                }
            }
            ChangeTag::Delete | ChangeTag::Insert => {
                if !gap.is_empty() {
                    // The spaces between two changed runs belong to both sides.
                    if !deleted.is_empty() {
                        deleted.push_str(&gap);
                    }
                    if !inserted.is_empty() {
                        inserted.push_str(&gap);
                    }
                    gap.clear();
                }
                if change.tag() == ChangeTag::Delete {
                    deleted.push_str(text);
                } else {
                    inserted.push_str(text);
                }
            }
        }
    }
    flush(&mut pieces, &mut deleted, &mut inserted);
    if !gap.is_empty() {
        pieces.push(Piece {
            tag: "equal",
            text: gap,
        });
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_diff_marks_changed_words_only() {
        let pieces = word_diff("heeft 25 seconden de tijd", "heeft 35 seconden de tijd");
        let changed: Vec<(&str, &str)> = pieces
            .iter()
            .filter(|p| p.tag != "equal")
            .map(|p| (p.tag, p.text.as_str()))
            .collect();
        assert_eq!(changed, [("delete", "25"), ("insert", "35")]);
        let rebuilt_a: String = pieces
            .iter()
            .filter(|p| p.tag != "insert")
            .map(|p| p.text.as_str())
            .collect();
        assert_eq!(rebuilt_a, "heeft 25 seconden de tijd");
    }
}
