//! The checks of one edition on its own beyond its schema: unique numbers,
//! known concepts, resolvable cross-references. The bundled editions pass
//! them in `floor check` ([`crate::check`]); a house overlay passes them
//! when it is loaded (`rules::overlay`).

use std::collections::HashMap;

use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::rules::{Edition, RuleKind, RuleRef, Store};

/// One problem found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The file it is in.
    pub file: String,
    /// What is wrong, rendered in the UI language where it is shown.
    pub message: Message,
}

/// Rule counts of one edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionStats {
    /// Edition id.
    pub id: String,
    /// TDA rules.
    pub rules: usize,
    /// Recommended procedures.
    pub procedures: usize,
    /// House rules.
    pub house: usize,
    /// Cross-references checked.
    pub refs: usize,
    /// Worked examples.
    pub examples: usize,
}

/// The problems [`check`] finds in one edition on its own (everything but
/// what compares editions with each other): what a house overlay's edition
/// must pass before it is used.
pub fn edition_problems(ed: &Edition, store: &Store) -> Vec<Message> {
    let mut kinds: HashMap<&str, RuleKind> = match store.concepts() {
        Ok(concepts) => concepts.iter().map(|c| (c.slug.as_str(), c.kind)).collect(),
        Err(e) => return vec![e.message()],
    };
    for rule in ed.rules().filter(|r| r.kind == RuleKind::House) {
        kinds
            .entry(rule.concept.as_str())
            .or_insert(RuleKind::House);
    }
    let mut findings = Vec::new();
    check_edition(ed, &kinds, &mut findings);
    findings.into_iter().map(|f| f.message).collect()
}

pub(crate) fn check_edition(
    ed: &Edition,
    kinds: &HashMap<&str, RuleKind>,
    findings: &mut Vec<Finding>,
) -> EditionStats {
    let file = format!("locales/{}/{}.yaml", ed.language.code(), ed.id);
    let mut add = |message: Message| {
        findings.push(Finding {
            file: file.clone(),
            message,
        })
    };
    let mut stats = EditionStats {
        id: ed.id.clone(),
        rules: 0,
        procedures: 0,
        house: 0,
        refs: 0,
        examples: 0,
    };
    let mut numbers = HashMap::new();
    let mut concepts = HashMap::new();
    for rule in ed.rules() {
        match rule.kind {
            RuleKind::Rule => stats.rules += 1,
            RuleKind::Procedure => stats.procedures += 1,
            RuleKind::House => stats.house += 1,
        }
        stats.examples += rule.examples.len() + count_part_examples(&rule.parts);
        if RuleRef::parse(&rule.number).is_none_or(|r| r.part.is_some()) {
            add(Message::new(Msg::CheckNotRuleNumber).arg("number", &rule.number));
        }
        if let Some(prev) = numbers.insert(rule.number.as_str(), &rule.title) {
            add(Message::new(Msg::CheckRuleTwice)
                .arg("rule", &rule.number)
                .arg("first", prev)
                .arg("second", &rule.title));
        }
        if let Some(prev) = concepts.insert(rule.concept.as_str(), &rule.number) {
            add(Message::new(Msg::CheckConceptTwoRules)
                .arg("concept", &rule.concept)
                .arg("first", prev)
                .arg("second", &rule.number));
        }
        // A topic can move between the rules and the recommended procedures
        // from one TDA version to the next (final-table size did), but house
        // rules and TDA topics never share a concept.
        match kinds.get(rule.concept.as_str()) {
            None => add(Message::new(Msg::CheckConceptUnknown)
                .arg("rule", &rule.number)
                .arg("concept", &rule.concept)),
            Some(kind) if (*kind == RuleKind::House) != (rule.kind == RuleKind::House) => {
                let msg = if *kind == RuleKind::House {
                    Msg::CheckConceptOfHouse
                } else {
                    Msg::CheckConceptNotHouse
                };
                add(Message::new(msg)
                    .arg("rule", &rule.number)
                    .arg("concept", &rule.concept))
            }
            Some(_) => {}
        }
        for touched in &rule.touches {
            if !kinds.contains_key(touched.as_str()) {
                add(Message::new(Msg::CheckTouchesUnknown)
                    .arg("rule", &rule.number)
                    .arg("concept", touched));
            }
        }
        for also in &rule.also {
            if !kinds.contains_key(also.as_str()) || ed.rules().any(|r| r.concept == *also) {
                add(Message::new(Msg::CheckAlsoUnknown)
                    .arg("rule", &rule.number)
                    .arg("concept", also));
            }
        }
        for key in rule.params.to_map().keys() {
            // A house rule may set the parameters of the topics it touches.
            match crate::rules::Params::home(key) {
                Some(concept)
                    if concept != rule.concept && !rule.touches.iter().any(|t| t == concept) =>
                {
                    add(Message::new(Msg::CheckParamElsewhere)
                        .arg("rule", &rule.number)
                        .arg("param", key)
                        .arg("concept", concept))
                }
                None => add(Message::new(Msg::CheckParamNoHome)
                    .arg("rule", &rule.number)
                    .arg("param", key)),
                _ => {}
            }
        }
        for key in rule.unsettled.keys() {
            if crate::rules::Params::home(key).is_none() {
                add(Message::new(Msg::CheckParamNoHome)
                    .arg("rule", &rule.number)
                    .arg("param", key));
            }
        }
        if rule.title.trim().is_empty() {
            add(Message::new(Msg::CheckEmptyTitle).arg("rule", &rule.number));
        }
        if rule.text.trim().is_empty() && rule.parts.is_empty() {
            add(Message::new(Msg::CheckNoText).arg("rule", &rule.number));
        }
    }
    // Looked up once: a house overlay may add tens of thousands of rules.
    let by_number: std::collections::HashMap<&str, &crate::rules::Rule> =
        ed.rules().map(|r| (r.number.as_str(), r)).collect();
    for rule in ed.rules() {
        for reference in &rule.refs {
            stats.refs += 1;
            let Some(parsed) = RuleRef::parse(reference) else {
                add(Message::new(Msg::CheckRefMalformed)
                    .arg("rule", &rule.number)
                    .arg("reference", reference));
                continue;
            };
            let target = parsed
                .candidates()
                .iter()
                .find_map(|n| by_number.get(n.as_str()).copied());
            match target {
                None => add(Message::new(Msg::CheckRefNoRule)
                    .arg("rule", &rule.number)
                    .arg("reference", reference)
                    .arg("edition", &ed.id)),
                Some(t) => {
                    if let Some(part) = &parsed.part
                        && t.part(part).is_none()
                    {
                        add(Message::new(Msg::CheckRefNoPart)
                            .arg("rule", &rule.number)
                            .arg("reference", reference)
                            .arg("target", &t.number)
                            .arg("part", part));
                    }
                }
            }
        }
    }
    for rule in ed.rules() {
        for erratum in &rule.errata {
            if !rule.refs.contains(&erratum.means) {
                add(Message::new(Msg::CheckErratumNotInRefs)
                    .arg("rule", &rule.number)
                    .arg("printed", &erratum.printed)
                    .arg("means", &erratum.means));
            }
        }
        for reference in &rule.external_refs {
            let inside = RuleRef::parse(reference).is_some_and(|r| {
                r.candidates()
                    .iter()
                    .any(|n| by_number.contains_key(n.as_str()))
            });
            if inside {
                add(Message::new(Msg::CheckExternalRefInside)
                    .arg("rule", &rule.number)
                    .arg("reference", reference)
                    .arg("edition", &ed.id));
            }
        }
    }
    for stray in &ed.strays {
        if ed.rule(&stray.after).is_none() {
            add(Message::new(Msg::CheckStrayAfter)
                .arg("title", &stray.title)
                .arg("after", &stray.after));
        }
        if let Some(dup) = &stray.duplicate_of
            && ed.rule(dup).is_none()
        {
            add(Message::new(Msg::CheckStrayDuplicate)
                .arg("title", &stray.title)
                .arg("rule", dup));
        }
    }
    stats
}

fn count_part_examples(parts: &[crate::rules::Part]) -> usize {
    parts
        .iter()
        .map(|p| p.examples.len() + count_part_examples(&p.parts))
        .sum()
}

/// Wraps a load error of a single file as a finding (for callers that check
/// extra files such as house overlays).
pub fn finding_from(err: &LoadError, file: &str) -> Finding {
    Finding {
        file: file.to_string(),
        message: err.message(),
    }
}
