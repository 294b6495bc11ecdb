//! House overlays: a user file that `extends:` a bundled edition, overrides
//! parameters, replaces rule texts or sub-parts, and adds house rules. The
//! result is an edition of its own, usable wherever a bundled one is.
//!
//! Errors carry the file, line and column: unknown keys and wrong types are
//! caught by the parser; unknown concepts and clashing numbers are checked
//! while parsing, so the parser reports where they are.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Deserializer};

use crate::data::read_yaml;
use crate::error::LoadError;
use crate::rules::{Edition, Example, Params, Part, Rule, RuleKind, Section, Store};

/// A house overlay file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overlay {
    /// The new edition's id.
    pub id: String,
    /// The bundled edition it extends.
    pub extends: String,
    /// The new edition's title.
    pub title: String,
    /// Whose house rules these are.
    pub house: String,
    /// The date of the house rules, if any.
    #[serde(default)]
    pub date: Option<String>,
    /// Changes to existing rules, by number.
    #[serde(default)]
    pub rules: Vec<RuleChange>,
    /// House rules added to the edition.
    #[serde(default)]
    pub add: Vec<NewRule>,
}

/// A change to one rule of the base edition.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleChange {
    /// The rule's number in the base edition.
    #[serde(deserialize_with = "existing_number")]
    pub number: String,
    /// A new title.
    #[serde(default)]
    pub title: Option<String>,
    /// A new text (replaces the rule's text).
    #[serde(default)]
    pub text: Option<String>,
    /// Sub-parts replaced by label (or added if the label is new).
    #[serde(default)]
    pub parts: Vec<Part>,
    /// Parameters overridden (only those given change).
    #[serde(default)]
    pub params: Params,
}

/// A house rule added by the overlay.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRule {
    /// Its number, unique in the edition ("CLUB-1").
    #[serde(deserialize_with = "new_number")]
    pub number: String,
    /// Its concept: a new slug of its own.
    pub concept: String,
    /// Its title.
    pub title: String,
    /// Its text.
    pub text: String,
    /// Its sub-parts.
    #[serde(default)]
    pub parts: Vec<Part>,
    /// Its worked examples.
    #[serde(default)]
    pub examples: Vec<Example>,
    /// The concepts it modifies (shown next to rulings on them).
    #[serde(default, deserialize_with = "known_concepts")]
    pub touches: Vec<String>,
    /// It contradicts the rule text it touches.
    #[serde(default)]
    pub conflicts: bool,
    /// Parameters it sets for the topics it touches.
    #[serde(default)]
    pub params: Params,
}

/// What the parse-time checks need to know.
struct Context {
    numbers: Vec<String>,
    added: Vec<String>,
    concepts: Vec<String>,
}

thread_local! {
    static CONTEXT: RefCell<Option<Context>> = const { RefCell::new(None) };
}

fn with_context<T>(f: impl FnOnce(&mut Context) -> T) -> Option<T> {
    CONTEXT.with(|c| c.borrow_mut().as_mut().map(f))
}

fn existing_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let number = String::deserialize(d)?;
    let known = with_context(|c| c.numbers.contains(&number)).unwrap_or(true);
    if known {
        Ok(number)
    } else {
        Err(serde::de::Error::custom(format!(
            "rule `{number}` does not exist in the edition extended: use its number there"
        )))
    }
}

fn new_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let number = String::deserialize(d)?;
    if crate::rules::RuleRef::parse(&number).is_none() && !is_house_number(&number) {
        return Err(serde::de::Error::custom(format!(
            "`{number}` is not a rule number: write e.g. CLUB-1"
        )));
    }
    let clash = with_context(|c| {
        let clash = c.numbers.contains(&number) || c.added.contains(&number);
        c.added.push(number.clone());
        clash
    })
    .unwrap_or(false);
    if clash {
        return Err(serde::de::Error::custom(format!(
            "number `{number}` is already used: give the house rule a number of its own"
        )));
    }
    Ok(number)
}

fn is_house_number(number: &str) -> bool {
    match number.split_once('-') {
        Some((prefix, n)) => {
            !prefix.is_empty()
                && prefix.chars().all(|c| c.is_ascii_uppercase())
                && !n.is_empty()
                && n.chars().all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

fn known_concepts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let concepts = Vec::<String>::deserialize(d)?;
    for concept in &concepts {
        let nearest = with_context(|c| {
            if c.concepts.contains(concept) {
                None
            } else {
                Some(crate::nearest(
                    concept,
                    c.concepts.iter().map(String::as_str),
                    3,
                ))
            }
        })
        .flatten();
        if let Some(nearest) = nearest {
            return Err(serde::de::Error::custom(format!(
                "unknown concept `{concept}` (nearest: {})",
                nearest.join(", ")
            )));
        }
    }
    Ok(concepts)
}

/// Reads a house overlay and builds its edition from the store's base
/// edition.
pub fn load(path: &Path, store: &Store) -> Result<Edition, crate::Error> {
    let text = read_yaml(path)?;
    parse(&text, &path.display().to_string(), store)
}

/// Builds the edition of an overlay's text (`shown` names the file in
/// errors). The text must have passed [`crate::data::check_shape`].
pub fn parse(text: &str, shown: &str, store: &Store) -> Result<Edition, crate::Error> {
    let shown = shown.to_string();
    if text.trim().is_empty() {
        return Err(LoadError::Invalid {
            file: shown,
            message: "is empty: start with `id:`, `extends:`, `title:` and `house:`".into(),
        }
        .into());
    }
    let invalid = |message: String| LoadError::Invalid {
        file: shown.clone(),
        message,
    };
    // The base edition is needed before the file can be checked in full:
    // read `extends` first with a lenient pass.
    #[derive(Deserialize)]
    struct Head {
        extends: Option<String>,
    }
    let head: Head = serde_yaml::from_str(text).map_err(|e| schema(&shown, &e))?;
    let base_id = head.extends.ok_or_else(|| {
        invalid("missing `extends: <edition>`: name the bundled edition it changes".into())
    })?;
    let base = store.edition(&base_id).map_err(|e| match e {
        crate::Error::Lookup(l) => crate::Error::Load(invalid(format!("extends: {l}"))),
        other => other,
    })?;
    let concepts: Vec<String> = store.concepts()?.iter().map(|c| c.slug.clone()).collect();
    CONTEXT.with(|c| {
        *c.borrow_mut() = Some(Context {
            numbers: base.rules().map(|r| r.number.clone()).collect(),
            added: Vec::new(),
            concepts: concepts.clone(),
        });
    });
    let parsed: Result<Overlay, _> = serde_yaml::from_str(text);
    CONTEXT.with(|c| *c.borrow_mut() = None);
    let overlay = parsed.map_err(|e| schema(&shown, &e))?;
    if store.language_of(&overlay.id).is_some() && overlay.id != base.id {
        return Err(invalid(format!(
            "id `{}` is a bundled edition: give the house edition an id of its own",
            overlay.id
        ))
        .into());
    }
    if overlay.id == base.id {
        return Err(invalid(format!(
            "id `{}` is the edition it extends: choose a new id",
            overlay.id
        ))
        .into());
    }
    for rule in &overlay.add {
        if concepts.contains(&rule.concept) || base.rule_for(&rule.concept).is_some() {
            return Err(invalid(format!(
                "house rule {}: concept `{}` belongs to a rule already; give it a slug of its own \
                 and name the topics it changes in `touches`",
                rule.number, rule.concept
            ))
            .into());
        }
    }
    Ok(apply(base, overlay))
}

fn schema(file: &str, e: &serde_yaml::Error) -> LoadError {
    crate::data::yaml_error(file, e)
}

/// The base edition with the overlay applied.
pub fn apply(base: &Edition, overlay: Overlay) -> Edition {
    let mut edition = base.clone();
    edition.id = overlay.id;
    edition.title = overlay.title;
    edition.house = Some(overlay.house);
    edition.date = overlay.date;
    edition.source = format!("house overlay extending {}", base.id);
    edition.extends = vec![base.id.clone()];
    let changes: BTreeMap<String, RuleChange> = overlay
        .rules
        .into_iter()
        .map(|c| (c.number.clone(), c))
        .collect();
    for rule in edition.rules_mut() {
        if let Some(change) = changes.get(&rule.number) {
            change_rule(rule, change);
        }
    }
    if !overlay.add.is_empty() {
        edition.sections.push(Section {
            label: None,
            title: edition.house.clone().unwrap_or_default(),
            intro: None,
            rules: overlay.add.into_iter().map(new_rule).collect(),
        });
    }
    edition
}

fn change_rule(rule: &mut Rule, change: &RuleChange) {
    if let Some(title) = &change.title {
        rule.title = title.clone();
    }
    if let Some(text) = &change.text {
        rule.text = text.clone();
    }
    for part in &change.parts {
        match rule.parts.iter_mut().find(|p| p.label == part.label) {
            Some(existing) => *existing = part.clone(),
            None => rule.parts.push(part.clone()),
        }
    }
    rule.params.merge(&change.params);
    rule.notes = Some("changed by the house overlay".into());
    rule.changed_by_house = true;
}

fn new_rule(r: NewRule) -> Rule {
    Rule {
        number: r.number,
        label: None,
        kind: RuleKind::House,
        concept: r.concept,
        title: r.title,
        text: r.text,
        parts: r.parts,
        examples: r.examples,
        tail: String::new(),
        refs: Vec::new(),
        external_refs: Vec::new(),
        errata: Vec::new(),
        params: r.params,
        not_applicable: false,
        touches: r.touches,
        conflicts: r.conflicts,
        notes: Some("added by the house overlay".into()),
        provisions: Vec::new(),
        changed_by_house: true,
    }
}
