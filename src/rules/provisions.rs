//! Provisions: what a rule states that a ruling depends on ("an undercall
//! heads-up must be made a full call", "a joker in the deck is a misdeal"),
//! as ids every edition shares whatever its language and numbering.
//!
//! The catalog (`locales/provisions.yaml`) describes each provision in the
//! four UI languages and names the parameter it carries a value of, if any.
//! Each edition's record (`locales/<lang>/provisions/<edition>.yaml`) lists,
//! per rule number, the provisions the rule states with the words of its
//! own text that state them. The records sit beside the editions rather
//! than inside them, so an edition file stays the seed's text and commands
//! that do not compare editions never read them.
//!
//! No I/O beyond reading the data tree; no printing.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::data::DataSource;
use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::rules::{Edition, Lang, Params, Part, Rule, RuleKind, Stated};

/// The path of the provision catalog in a data tree.
pub const CATALOG_PATH: &str = "locales/provisions.yaml";

/// The path of an edition's provision record in a data tree.
pub fn record_path(lang: Lang, edition: &str) -> String {
    format!("locales/{}/provisions/{edition}.yaml", lang.code())
}

/// One provision of the catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provision {
    /// Its id, a slug.
    pub id: String,
    /// The topic it belongs to.
    pub concept: String,
    /// The parameter whose value it states, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param: Option<String>,
    /// For a list parameter: the one element it states.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// English description.
    pub en: String,
    /// Dutch description.
    pub nl: String,
    /// German description.
    pub de: String,
    /// Slovak description.
    pub sk: String,
}

impl Provision {
    /// The description in `lang`.
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Nl => &self.nl,
            Lang::De => &self.de,
            Lang::Sk => &self.sk,
        }
    }
}

/// The provision catalog, in file order (provisions of one topic together).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Catalog {
    provisions: Vec<Provision>,
    by_id: BTreeMap<String, usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    provisions: Vec<Provision>,
}

impl Catalog {
    /// Builds a catalog; a repeated id keeps its first entry (`problems`
    /// reports it).
    pub fn new(provisions: Vec<Provision>) -> Catalog {
        let mut by_id = BTreeMap::new();
        for (i, p) in provisions.iter().enumerate() {
            by_id.entry(p.id.clone()).or_insert(i);
        }
        Catalog { provisions, by_id }
    }

    /// Reads the catalog of a data tree; `None` when the tree has none.
    pub fn load(source: &DataSource) -> crate::Result<Option<Catalog>> {
        let Some(file) = source.read(CATALOG_PATH)? else {
            return Ok(None);
        };
        let parsed: CatalogFile = file.parse()?;
        Ok(Some(Catalog::new(parsed.provisions)))
    }

    /// The provision with this id.
    pub fn get(&self, id: &str) -> Option<&Provision> {
        self.by_id.get(id).and_then(|&i| self.provisions.get(i))
    }

    /// Where the provision stands in the catalog (for ordering).
    pub fn position(&self, id: &str) -> usize {
        self.by_id.get(id).copied().unwrap_or(usize::MAX)
    }

    /// Every provision, in catalog order.
    pub fn iter(&self) -> impl Iterator<Item = &Provision> {
        self.provisions.iter()
    }

    /// The provisions that carry `param`.
    pub fn carrying<'a>(&'a self, param: &'a str) -> impl Iterator<Item = &'a Provision> {
        self.provisions
            .iter()
            .filter(move |p| p.param.as_deref() == Some(param))
    }

    /// What is wrong with the catalog itself, given the known concepts.
    pub fn problems(&self, concepts: &BTreeSet<&str>) -> Vec<Message> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        for p in &self.provisions {
            let id = |msg: Msg| Message::new(msg).arg("id", &p.id);
            if !seen.insert(p.id.as_str()) {
                out.push(id(Msg::CheckProvisionTwice));
            }
            if !is_slug(&p.id) {
                out.push(Message::new(Msg::CheckProvisionNotSlug).arg("id", p.id.escape_debug()));
            }
            if !concepts.contains(p.concept.as_str()) {
                out.push(id(Msg::CheckProvisionConcept).arg("concept", &p.concept));
            }
            match (&p.param, &p.value) {
                (Some(param), _) if !Params::KEYS.contains(&param.as_str()) => {
                    out.push(id(Msg::CheckProvisionNotParam).arg("param", param))
                }
                (None, Some(_)) => out.push(id(Msg::CheckProvisionValueNoParam)),
                _ => {}
            }
            for lang in Lang::ALL {
                let text = p.text(lang);
                if text.trim().is_empty() {
                    out.push(id(Msg::CheckProvisionNoDescription).arg("lang", lang.code()));
                }
                if text.chars().any(char::is_control) {
                    out.push(id(Msg::CheckProvisionControl).arg("lang", lang.code()));
                }
            }
        }
        out
    }
}

/// An edition's provision record: per rule number, provision id → span.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The edition it describes.
    pub edition: String,
    /// Per rule number, the provisions it states and their spans.
    pub rules: Unique<Unique<String>>,
}

impl Record {
    /// Reads the record of `edition`; `None` when the tree has none.
    pub fn load(source: &DataSource, edition: &Edition) -> crate::Result<Option<Record>> {
        let path = record_path(edition.language, &edition.id);
        let Some(file) = source.read(&path)? else {
            return Ok(None);
        };
        let record: Record = file.parse()?;
        if record.edition != edition.id {
            return Err(LoadError::file(
                &file.shown,
                None,
                Message::new(Msg::CheckRecordEdition)
                    .arg("edition", &record.edition)
                    .arg("file", &edition.id),
            )
            .into());
        }
        Ok(Some(record))
    }
}

/// A YAML mapping whose keys must be unique, in file order (a repeated key
/// is an error with its position, where a plain map keeps the last value).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Unique<V>(pub Vec<(String, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Unique<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
            type Value = Unique<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out: Vec<(String, V)> = Vec::new();
                let mut seen = BTreeSet::new();
                while let Some(key) = map.next_key::<String>()? {
                    if !seen.insert(key.clone()) {
                        return Err(crate::yaml::custom_error(
                            crate::message::Message::new(crate::message::Msg::OverlayKeyTwice)
                                .arg("key", key),
                        ));
                    }
                    let value = map.next_value()?;
                    out.push((key, value));
                }
                Ok(Unique(out))
            }
        }
        d.deserialize_map(Entries(std::marker::PhantomData))
    }
}

/// Attaches the provisions of `record` to the rules of `edition`, in
/// catalog order; returns the entries that name no rule of the edition or
/// no provision of the catalog (those are left out).
pub fn attach(edition: &mut Edition, record: &Record, catalog: &Catalog) -> Vec<Message> {
    let mut problems = Vec::new();
    for (number, stated) in &record.rules.0 {
        let Some(rule) = edition.rules_mut().find(|r| r.number == *number) else {
            problems.push(
                Message::new(Msg::CheckRecordNoRule)
                    .arg("number", number)
                    .arg("edition", &edition.id),
            );
            continue;
        };
        let mut list = Vec::new();
        for (id, span) in &stated.0 {
            if catalog.get(id).is_none() {
                problems.push(
                    Message::new(Msg::CheckRecordUnknownProvision)
                        .arg("rule", number)
                        .arg("id", id)
                        .arg("file", CATALOG_PATH),
                );
                continue;
            }
            list.push(Stated {
                id: id.clone(),
                span: span.clone(),
            });
        }
        list.sort_by_key(|s| catalog.position(&s.id));
        rule.provisions = list;
    }
    problems
}

/// Loads the catalog and the edition's record and attaches it: the edition
/// with its provisions, or `None` where the data tree records none.
pub fn with_provisions(
    edition: &Edition,
    source: &DataSource,
    catalog: &Catalog,
) -> crate::Result<Option<Edition>> {
    let Some(record) = Record::load(source, edition)? else {
        return Ok(None);
    };
    let mut edition = edition.clone();
    let problems = attach(&mut edition, &record, catalog);
    if let Some(first) = problems.into_iter().next() {
        return Err(
            LoadError::file(&record_path(edition.language, &edition.id), None, first).into(),
        );
    }
    Ok(Some(edition))
}

/// Whitespace runs as one space, ends trimmed: how spans are matched.
pub fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `text` holds the words of `span`: a span may quote several
/// pieces of a text, in order, joined by `…`.
pub fn quotes(text: &str, span: &str) -> bool {
    let mut rest = text;
    for piece in span.split('…').map(str::trim).filter(|p| !p.is_empty()) {
        match rest.find(piece) {
            Some(at) => rest = rest.get(at + piece.len()..).unwrap_or(""),
            None => return false,
        }
    }
    true
}

/// The rule's title and text without the parts it marks not applicable
/// (those state nothing in force): what spans are found in.
pub fn applicable_text(rule: &Rule) -> String {
    fn keep(parts: &[Part]) -> Vec<Part> {
        parts
            .iter()
            .filter(|p| !p.not_applicable)
            .map(|p| Part {
                parts: keep(&p.parts),
                ..p.clone()
            })
            .collect()
    }
    let mut trimmed = rule.clone();
    trimmed.parts = keep(&rule.parts);
    format!("{}\n{}", rule.title, trimmed.full_text())
}

/// What is wrong with the provisions a rule states: unknown ids, spans its
/// text does not contain, a rule marked not applicable that states
/// something, and parameters and provisions that disagree (every provision
/// that carries a parameter needs the value stated). With `quoted`, every
/// stated parameter must also be quoted by a provision (the bundled
/// editions; a house may set a parameter its text does not state, which
/// `compare --house` warns about).
pub fn rule_problems(rule: &Rule, catalog: &Catalog, quoted: bool) -> Vec<Message> {
    let mut out = Vec::new();
    let n = |msg: Msg| Message::new(msg).arg("rule", &rule.number);
    if rule.not_applicable && !rule.provisions.is_empty() {
        out.push(n(Msg::CheckProvisionNotApplicable));
    }
    let text = squeeze(&applicable_text(rule));
    let mut ids = BTreeSet::new();
    let params = rule.params.to_map();
    for stated in &rule.provisions {
        let id = |msg: Msg| n(msg).arg("id", &stated.id);
        if !ids.insert(stated.id.as_str()) {
            out.push(id(Msg::CheckRuleProvisionTwice));
        }
        let Some(provision) = catalog.get(&stated.id) else {
            out.push(id(Msg::CheckRuleProvisionUnknown));
            continue;
        };
        // A provision belongs to one topic: a rule states those of its own
        // topic (a house rule also those of the topics it touches).
        let own_topic = provision.concept == rule.concept
            || (rule.kind == RuleKind::House && rule.touches.contains(&provision.concept));
        if !own_topic {
            out.push(
                id(Msg::CheckProvisionOtherTopic)
                    .arg("concept", &rule.concept)
                    .arg("other", &provision.concept),
            );
        }
        let span = squeeze(&stated.span);
        if span.is_empty() {
            out.push(id(Msg::CheckProvisionNoSpan));
        } else if !quotes(&text, &span) {
            out.push(id(Msg::CheckSpanNotInText).arg("span", span.escape_debug()));
        }
        if let Some(param) = &provision.param {
            match (params.get(param), &provision.value) {
                (None, _) => out.push(id(Msg::CheckProvisionParamUnstated).arg("param", param)),
                (Some(value), Some(element)) if !holds(value, element) => out.push(
                    id(Msg::CheckProvisionParamValue)
                        .arg("param", param)
                        .arg("element", element)
                        .arg("value", value),
                ),
                _ => {}
            }
        }
    }
    for (param, value) in params.iter().filter(|_| quoted) {
        let carriers: Vec<&Provision> = catalog.carrying(param).collect();
        if carriers.is_empty() {
            out.push(n(Msg::CheckParamNoProvision).arg("param", param));
            continue;
        }
        let stated: Vec<&Provision> = carriers
            .iter()
            .copied()
            .filter(|p| ids.contains(p.id.as_str()))
            .collect();
        if stated.is_empty() {
            out.push(
                n(Msg::CheckParamNotQuoted).arg("param", param).arg(
                    "list",
                    carriers
                        .iter()
                        .map(|p| p.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            );
            continue;
        }
        // A list parameter whose elements have provisions of their own:
        // every element must be quoted.
        if let serde_json::Value::Array(items) = value
            && carriers.iter().any(|p| p.value.is_some())
            && !stated.iter().any(|p| p.value.is_none())
        {
            for item in items {
                let quoted = stated
                    .iter()
                    .any(|p| p.value.as_deref() == Some(scalar(item).as_str()));
                if !quoted {
                    out.push(
                        n(Msg::CheckParamElementNotQuoted)
                            .arg("param", param)
                            .arg("value", scalar(item)),
                    );
                }
            }
        }
    }
    out
}

/// What is wrong with every rule's provisions in `edition`, and rules that
/// should state something but state nothing (every applicable TDA rule and
/// procedure states at least one provision).
pub fn edition_problems(edition: &Edition, catalog: &Catalog) -> Vec<Message> {
    let mut out = Vec::new();
    for rule in edition.rules() {
        out.extend(rule_problems(rule, catalog, true));
        if rule.provisions.is_empty() && !rule.not_applicable && rule.kind != RuleKind::House {
            out.push(
                Message::new(Msg::CheckStatesNothing)
                    .arg("rule", &rule.number)
                    .arg("concept", &rule.concept),
            );
        }
    }
    out
}

/// Whether a parameter's value is, or lists, `element`.
pub fn holds(value: &serde_json::Value, element: &str) -> bool {
    match value {
        serde_json::Value::Array(items) => items.iter().any(|i| scalar(i) == element),
        other => scalar(other) == element,
    }
}

/// A scalar JSON value as the data files write it.
pub fn scalar(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Lower-case ASCII words of letters and digits joined by single `-`.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.split('-').all(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provision(id: &str, param: Option<&str>, value: Option<&str>) -> Provision {
        Provision {
            id: id.into(),
            concept: "calling-clock".into(),
            param: param.map(str::to_string),
            value: value.map(str::to_string),
            en: "e".into(),
            nl: "n".into(),
            de: "d".into(),
            sk: "s".into(),
        }
    }

    #[test]
    fn a_repeated_key_is_refused_where_a_map_would_keep_the_last() {
        let err =
            crate::yaml::from_str::<Unique<Unique<String>>>("\"29\":\n  a: x\n  a: y\n", "test")
                .expect_err("a twice");
        assert!(err.to_string().contains("`a` is given twice"), "{err}");
        assert!(err.to_string().starts_with("test:3:"), "{err}");
    }

    #[test]
    fn spans_must_be_in_the_applicable_text_and_parameters_quoted() {
        let catalog = Catalog::new(vec![
            provision("clock-time", Some("clock_seconds"), None),
            provision("clock-dead", None, None),
        ]);
        let mut rule: Rule = crate::yaml::from_str(
            "number: \"29\"\nkind: rule\nconcept: calling-clock\ntitle: t\ntext: \"You have  30\n seconds.\"\nparams: {clock_seconds: 30, clock_countdown: 5}\nparts:\n  - {label: A, text: The hand is dead., not_applicable: true}\n",
"test")
        .expect("rule");
        rule.provisions = vec![
            Stated {
                id: "clock-time".into(),
                span: "have 30 seconds".into(),
            },
            Stated {
                id: "clock-dead".into(),
                span: "The hand is dead.".into(),
            },
        ];
        let problems = rule_problems(&rule, &catalog, true);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        let problems: Vec<String> = problems.iter().map(Message::to_string).collect();
        assert!(problems[0].contains("`clock-dead` is not in the rule's text"));
        assert!(problems[1].contains("`clock_countdown` has no provision"));
    }

    #[test]
    fn a_provision_of_another_topic_is_refused() {
        let mut misdeal = provision("misdeal-joker", None, None);
        misdeal.concept = "misdeals".into();
        let catalog = Catalog::new(vec![misdeal]);
        let mut rule: Rule = crate::yaml::from_str(
            "number: \"29\"\nkind: rule\nconcept: calling-clock\ntitle: t\ntext: A joker.\n",
            "test",
        )
        .expect("rule");
        rule.provisions = vec![Stated {
            id: "misdeal-joker".into(),
            span: "A joker.".into(),
        }];
        let problems = rule_problems(&rule, &catalog, true);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0].to_string().contains("belongs to `misdeals`"),
            "{problems:#?}"
        );
        // A house rule states those of the topics it touches.
        rule.kind = RuleKind::House;
        rule.concept = "mec-jokers".into();
        rule.touches = vec!["misdeals".into()];
        assert!(rule_problems(&rule, &catalog, true).is_empty());
    }

    #[test]
    fn slugs() {
        assert!(is_slug("clock-action-at-zero"));
        for bad in ["", "Clock", "a--b", "-a", "a b", "\u{1b}x"] {
            assert!(!is_slug(bad), "{bad:?}");
        }
    }
}
