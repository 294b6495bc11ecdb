//! The provision record of an imported edition: what each rule states,
//! with the words of its own text that state it, as `floor compare`
//! compares editions through them.
//!
//! A rule states a provision when a known edition in the book's language
//! records that provision on a rule of the same concept (or, for a house
//! rule, of a concept it touches) and the book's rule prints the same
//! words — the words a curated record quotes are taken only where they
//! stand in the book. A provision that names a parameter is taken only
//! when the rule states that parameter with that value. What no known
//! record gives is left to a person: the rules that state nothing are
//! returned.

use std::collections::HashMap;

use crate::import::params::Found;
use crate::rules::provisions::{
    Catalog, Record, Statement, UNSAID, holds, param_gaps, record_path, rule_problems,
    terms_not_given,
};
use crate::rules::{Edition, Params, RuleKind, Stated, Store, Terms};

/// The record made, and the rules of the rulebook left stating nothing.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// The record file's path in the data tree.
    pub path: String,
    /// Its content.
    pub record: serde_json::Value,
    /// The TDA rules and procedures no provision was found for.
    pub unstated: Vec<String>,
    /// The parameters read that no provision of the record quotes: not
    /// set, and left to a person.
    pub unquoted: Vec<Found>,
}

/// `params` without `key`.
fn without(params: &Params, key: &str) -> Params {
    let mut map = params.to_map();
    map.remove(key);
    let object: serde_json::Map<String, serde_json::Value> = map.into_iter().collect();
    // The entries of a valid set, less one, are a valid set: the default
    // is never reached.
    serde_json::from_value(serde_json::Value::Object(object)).unwrap_or_default()
}

/// Records what the rules of `edition` state (setting them on its rules),
/// from the records of the store's other editions in its language and the
/// sentences its parameters were read from (`params`); `None` when the
/// data tree has no provision catalog.
pub fn record(
    edition: &mut Edition,
    params: &[Found],
    store: &Store,
) -> crate::Result<Option<Recorded>> {
    let Some(catalog) = Catalog::load(store.source())? else {
        return Ok(None);
    };
    // Per concept, the (provision, statement) the known records give it.
    let mut known: HashMap<String, Vec<(String, Statement)>> = HashMap::new();
    for ed in store.editions()? {
        if ed.id == edition.id || ed.language != edition.language {
            continue;
        }
        let Some(rec) = Record::load(store.source(), ed)? else {
            continue;
        };
        for (number, stated) in &rec.rules.0 {
            let Some(rule) = ed.rules().find(|r| r.number == *number) else {
                continue;
            };
            let list = known.entry(rule.concept.clone()).or_default();
            for (id, statement) in &stated.0 {
                if !list.iter().any(|(i, s)| i == id && s == statement) {
                    list.push((id.clone(), statement.clone()));
                }
            }
        }
    }
    let mut rules = serde_json::Map::new();
    let mut unstated = Vec::new();
    let mut unquoted = Vec::new();
    for rule in edition.rules_mut() {
        let mut concepts = vec![rule.concept.clone()];
        if rule.kind == RuleKind::House {
            concepts.extend(rule.touches.iter().cloned());
        }
        let mut found: Vec<Stated> = Vec::new();
        if !rule.not_applicable {
            for concept in &concepts {
                for (id, statement) in known.get(concept).into_iter().flatten() {
                    if found.iter().any(|s| s.id == *id) {
                        continue;
                    }
                    rule.provisions = vec![statement.clone().into_stated(id.clone())];
                    if rule_problems(rule, &catalog, false).is_empty() {
                        found.append(&mut rule.provisions);
                    }
                }
            }
            // A parameter no recorded words quote: the sentence it was
            // read from states it, as the provision that carries it.
            for p in params.iter().filter(|p| p.rule == rule.number) {
                let carriers = catalog.carrying(&p.key).filter(|c| {
                    concepts.contains(&c.concept)
                        && c.value.as_deref().is_none_or(|v| holds(&p.value, v))
                });
                for carrier in carriers {
                    if found.iter().any(|s| s.id == carrier.id) {
                        continue;
                    }
                    let mut stated = Stated {
                        id: carrier.id.clone(),
                        span: p.sentence.clone(),
                        topic: None,
                        terms: Terms::default(),
                    };
                    // The sentence a parameter was read from says its
                    // value, not the provision's terms: a term is given as
                    // unsaid where the catalog allows that (the games an
                    // odd chip rule holds in, a book not naming them), and
                    // a provision with a term that must be worded is not
                    // stated by the sentence alone (`floor check` would
                    // refuse it).
                    let terms: Vec<_> = terms_not_given(&stated, carrier).collect();
                    if terms
                        .iter()
                        .any(|t| !catalog.term_values(&carrier.id, *t).contains(&UNSAID))
                    {
                        continue;
                    }
                    for term in terms {
                        stated.terms.set(term, UNSAID.to_string());
                    }
                    rule.provisions = vec![stated];
                    if rule_problems(rule, &catalog, false).is_empty() {
                        found.append(&mut rule.provisions);
                    }
                }
            }
        }
        found.sort_by_key(|s| catalog.position(&s.id));
        rule.provisions = found;
        // A parameter read where no provision its record states quotes
        // it is not set: `floor check` would refuse it, and words no known
        // edition states it in are a person's to read.
        let mut gaps: Vec<String> = param_gaps(rule, &catalog)
            .into_iter()
            .map(|(param, _)| param)
            .collect();
        gaps.dedup();
        for param in gaps {
            let Some(value) = rule.params.to_map().remove(&param) else {
                continue;
            };
            rule.params = without(&rule.params, &param);
            rule.provisions.retain(|s| {
                s.topic.is_some()
                    || catalog
                        .get(&s.id)
                        .is_none_or(|p| p.param.as_deref() != Some(param.as_str()))
            });
            let sentence = params
                .iter()
                .find(|p| p.rule == rule.number && p.key == param)
                .map(|p| p.sentence.clone())
                .unwrap_or_default();
            unquoted.push(Found {
                key: param,
                value,
                rule: rule.number.clone(),
                sentence,
            });
        }
        if rule.provisions.is_empty() {
            if !rule.not_applicable && rule.kind != RuleKind::House {
                unstated.push(rule.number.clone());
            }
            continue;
        }
        let stated: serde_json::Map<String, serde_json::Value> = rule
            .provisions
            .iter()
            .map(|s| (s.id.clone(), written(s)))
            .collect();
        rules.insert(rule.number.clone(), serde_json::Value::Object(stated));
    }
    let record = serde_json::json!({
        "edition": edition.id,
        "rules": rules,
    });
    Ok(Some(Recorded {
        path: record_path(edition.language, &edition.id),
        record,
        unstated,
        unquoted,
    }))
}

/// A statement as a record writes it: the words alone, or with its topic
/// and terms.
pub fn written(stated: &Stated) -> serde_json::Value {
    let terms = match serde_json::to_value(&stated.terms) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    if stated.topic.is_none() && terms.is_empty() {
        return serde_json::Value::from(stated.span.clone());
    }
    let mut full = serde_json::Map::new();
    full.insert("span".into(), serde_json::Value::from(stated.span.clone()));
    if let Some(topic) = &stated.topic {
        full.insert("topic".into(), serde_json::Value::from(topic.clone()));
    }
    full.extend(terms);
    serde_json::Value::Object(full)
}
