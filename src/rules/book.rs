//! An edition as the commands that need only some of its rules see it.
//!
//! For a bundled edition, build.rs records where each rule lies in the
//! edition's JSON, with its number, concept, kind, touched concepts and
//! parameters; a `Book` parses that small index and then only the rules
//! asked for. A `--data` edition or a house overlay is already parsed whole
//! and is served from memory. Either way the answers are the same (a test
//! checks every bundled rule).

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::{LoadError, LookupError};
use crate::message::{Message, Msg};
use crate::rules::{Edition, Params, Part, Rule, RuleKind, RuleRef};

/// What the index says of one rule. Its texts are borrowed from the
/// index's JSON (built in, so never escaped); the few rules that state
/// parameters carry them, boxed, the others nothing.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct RuleEntry<'a> {
    /// Its number.
    pub number: &'a str,
    /// Its concept.
    pub concept: &'a str,
    /// Rule, procedure or house rule.
    pub kind: RuleKind,
    /// The concepts it touches ([`crate::rules::Rule::touches`]).
    #[serde(default, borrow)]
    pub touches: Vec<&'a str>,
    /// Its parameters, when it states any.
    #[serde(default)]
    pub params: Option<Box<Params>>,
    /// The parameters its words speak to that are not set
    /// ([`crate::rules::Rule::unsettled`]), when there are any.
    #[serde(default)]
    pub unsettled: Option<Box<BTreeMap<String, Vec<serde_json::Value>>>>,
    /// Its printed heading label, when it has one.
    #[serde(default, borrow)]
    pub label: Option<Cow<'a, str>>,
    /// Which section holds it (its place in [`RuleIndex::sections`]).
    #[serde(default)]
    pub section: usize,
    /// The byte range of its JSON in the edition's JSON.
    at: (usize, usize),
}

/// The rule index of a bundled edition.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct RuleIndex<'a> {
    /// The edition's fields, without its sections.
    pub head: Edition,
    /// The sections' titles, in document order.
    #[serde(default, borrow)]
    pub sections: Vec<Cow<'a, str>>,
    /// Every rule, in document order.
    #[serde(borrow)]
    pub rules: Vec<RuleEntry<'a>>,
}

/// One edition, parsed whole or read rule by rule.
#[derive(Debug, Clone, Copy)]
pub enum Book<'a> {
    /// An edition parsed whole.
    Full(&'a Edition),
    /// A bundled edition read through its rule index.
    Indexed {
        /// The index.
        index: &'a RuleIndex<'static>,
        /// The edition's JSON the index points into.
        json: &'static str,
    },
}

/// A rule found by number, and the sub-part asked for.
#[derive(Debug, Clone)]
pub struct Found<'a> {
    /// The rule.
    pub rule: Cow<'a, Rule>,
    /// The label of the sub-part asked for, as the rule has it.
    pub part: Option<String>,
}

impl Found<'_> {
    /// The sub-part asked for.
    pub fn part(&self) -> Option<&Part> {
        self.part.as_deref().and_then(|p| self.rule.part(p))
    }
}

impl<'a> Book<'a> {
    /// The edition's id.
    pub fn id(&self) -> &'a str {
        match self {
            Book::Full(e) => &e.id,
            Book::Indexed { index, .. } => &index.head.id,
        }
    }

    /// The edition's title.
    pub fn title(&self) -> &'a str {
        match self {
            Book::Full(e) => &e.title,
            Book::Indexed { index, .. } => &index.head.title,
        }
    }

    fn parse(&self, entry: &RuleEntry<'_>) -> crate::Result<Rule> {
        let Book::Indexed { json, index } = self else {
            return Err(
                LoadError::file(self.id(), None, Message::new(Msg::CheckNoRuleIndex)).into(),
            );
        };
        let file = format!("{} (built in)", index.head.id);
        let invalid = |problem: Message| LoadError::file(&file, None, problem);
        let rule = |msg: Msg| Message::new(msg).arg("rule", entry.number);
        let text = json
            .get(entry.at.0..entry.at.1)
            .ok_or_else(|| invalid(rule(Msg::CheckRuleOutside)))?;
        serde_json::from_str(text)
            .map_err(|e| invalid(rule(Msg::CheckRuleUnreadable).arg("problem", e)))
            .map_err(crate::Error::from)
    }

    fn find_by(&self, test: impl Fn(&str, &str) -> bool) -> crate::Result<Option<Cow<'a, Rule>>> {
        match self {
            Book::Full(e) => Ok(e
                .rules()
                .find(|r| test(&r.number, &r.concept))
                .map(Cow::Borrowed)),
            Book::Indexed { index, .. } => {
                match index.rules.iter().find(|r| test(r.number, r.concept)) {
                    Some(entry) => Ok(Some(Cow::Owned(self.parse(entry)?))),
                    None => Ok(None),
                }
            }
        }
    }

    /// The rule with this exact number.
    pub fn rule(&self, number: &str) -> crate::Result<Option<Cow<'a, Rule>>> {
        self.find_by(|n, _| n == number)
    }

    /// The rule for this concept.
    pub fn rule_for(&self, concept: &str) -> crate::Result<Option<Cow<'a, Rule>>> {
        self.find_by(|_, c| c == concept)
    }

    /// Whether the edition prints a numbering of its own beside the one its
    /// rules are cited by ([`Edition::prints_own_numbers`]).
    pub fn prints_own_numbers(&self) -> bool {
        match self {
            Book::Full(e) => e.prints_own_numbers(),
            Book::Indexed { index, .. } => super::model::own_numbering(
                index
                    .rules
                    .iter()
                    .filter_map(|r| super::model::printed_number(r.number, r.label.as_deref())),
            ),
        }
    }

    /// How the edition prints `rule`, where it prints a numbering of its own:
    /// the section's title and the printed number (DPC's rule 51 is
    /// "Play: Bets & Raises" 12).
    pub fn printed(&self, rule: &Rule) -> Option<(&'a str, String)> {
        if !self.prints_own_numbers() {
            return None;
        }
        let number = rule.printed_number()?.to_string();
        let section = match self {
            Book::Full(e) => e.section_of(&rule.number)?,
            Book::Indexed { index, .. } => {
                let entry = index.rules.iter().find(|r| r.number == rule.number)?;
                index.sections.get(entry.section)?.as_ref()
            }
        };
        Some((section, number))
    }

    /// What a reader of the printed book finds `rule` under, where that is
    /// not the number it is cited by: the section and number of a numbering
    /// the edition prints of its own ("Play: Bets & Raises 4"), or a label
    /// that prints the same number otherwise ("OP5", "TDA Regel 43"). A
    /// label whose number is another one, in an edition that prints no
    /// numbering of its own, says nothing a reader could look up (the Slovak
    /// text heads every rule "1."): it is not shown.
    pub fn printed_as(&self, rule: &Rule) -> Option<String> {
        if let Some((section, number)) = self.printed(rule) {
            return Some(format!("{section} {number}"));
        }
        let label = rule
            .label
            .as_deref()
            .filter(|l| l.trim().trim_end_matches('.') != rule.number)?;
        rule.printed_number().is_none().then(|| label.to_string())
    }

    /// Every rule number, in document order.
    pub fn numbers(&self) -> Vec<&'a str> {
        match self {
            Book::Full(e) => e.rules().map(|r| r.number.as_str()).collect(),
            Book::Indexed { index, .. } => index.rules.iter().map(|r| r.number).collect(),
        }
    }

    /// The house rules that touch any of `concepts`.
    pub fn house_rules_touching(&self, concepts: &[&str]) -> crate::Result<Vec<Cow<'a, Rule>>> {
        let touched = |c: &str| concepts.contains(&c);
        match self {
            Book::Full(e) => Ok(e
                .rules()
                .filter(|r| r.kind == RuleKind::House && r.touches.iter().any(|c| touched(c)))
                .map(Cow::Borrowed)
                .collect()),
            Book::Indexed { index, .. } => index
                .rules
                .iter()
                .filter(|r| r.kind == RuleKind::House && r.touches.iter().any(|c| touched(c)))
                .map(|entry| self.parse(entry).map(Cow::Owned))
                .collect(),
        }
    }

    /// Every parameter the edition states; house rules come last, so what a
    /// house changes wins over the TDA text.
    pub fn params(&self) -> Params {
        self.params_with_sources().0
    }

    /// [`Book::params`], with the concept of the rule that states each
    /// parameter (the one that wins last, for a parameter stated twice).
    pub fn params_with_sources(&self) -> (Params, Vec<(&'static str, String)>) {
        let mut params = Params::default();
        let mut sources = Vec::new();
        let mut merge = |kind: RuleKind, p: &Params, concept: &str, house_pass: bool| {
            if (kind == RuleKind::House) == house_pass {
                params.merge(p);
                sources.extend(p.stated().into_iter().map(|k| (k, concept.to_string())));
            }
        };
        for house_pass in [false, true] {
            match self {
                Book::Full(e) => e
                    .rules()
                    .for_each(|r| merge(r.kind, &r.params, &r.concept, house_pass)),
                Book::Indexed { index, .. } => index
                    .rules
                    .iter()
                    .filter_map(|r| Some((r, r.params.as_deref()?)))
                    .for_each(|(r, p)| merge(r.kind, p, r.concept, house_pass)),
            }
        }
        (params, sources)
    }

    /// The rule whose words speak to parameter `key` though it is not set
    /// ([`crate::rules::Rule::unsettled`]): its number and the values the
    /// words allow.
    pub fn unsettled(&self, key: &str) -> Option<(String, Vec<serde_json::Value>)> {
        match self {
            Book::Full(e) => e
                .rules()
                .find_map(|r| Some((r.number.clone(), r.unsettled.get(key)?.clone()))),
            Book::Indexed { index, .. } => index.rules.iter().find_map(|r| {
                let readings = r.unsettled.as_deref()?.get(key)?;
                Some((r.number.to_string(), readings.clone()))
            }),
        }
    }

    /// Finds a rule by number (any accepted spelling), with the nearest
    /// numbers on failure.
    pub fn find(&self, number: &RuleRef) -> Result<Found<'a>, crate::Error> {
        let mut rule = None;
        for candidate in number.candidates() {
            if let Some(r) = self.rule(&candidate)? {
                rule = Some(r);
                break;
            }
        }
        let rule = rule.ok_or_else(|| LookupError::UnknownRule {
            edition: self.id().to_string(),
            given: number.to_string(),
            nearest: nearest_numbers(&self.numbers(), number),
        })?;
        let part = match &number.part {
            None => None,
            Some(label) => Some(rule.part(label).map(|p| p.label.clone()).ok_or_else(|| {
                LookupError::UnknownPart {
                    edition: self.id().to_string(),
                    number: rule.number.clone(),
                    part: label.clone(),
                    nearest: rule.parts.iter().map(|p| p.label.clone()).collect(),
                }
            })?),
        };
        Ok(Found { rule, part })
    }
}

/// The three numbers of the same family (TDA, procedure, house prefix)
/// closest to the one asked for.
fn nearest_numbers(numbers: &[&str], wanted: &RuleRef) -> Vec<String> {
    let mut scored: Vec<(u32, &str)> = numbers
        .iter()
        .filter_map(|n| {
            let parsed = RuleRef::parse(n)?;
            let same_family = match (&parsed.prefix, &wanted.prefix) {
                (None, None) => true,
                (Some(a), Some(b)) => {
                    a == b
                        || (matches!(a.as_str(), "RP" | "OP") && matches!(b.as_str(), "RP" | "OP"))
                }
                _ => false,
            };
            same_family.then(|| (parsed.ordinal.abs_diff(wanted.ordinal), *n))
        })
        .collect();
    scored.sort();
    let mut out: Vec<String> = scored.iter().take(3).map(|(_, n)| n.to_string()).collect();
    if out.is_empty() {
        out = numbers.iter().take(3).map(|n| n.to_string()).collect();
    }
    out
}
