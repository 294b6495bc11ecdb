//! The shape of an edition file (`locales/<lang>/<edition>.yaml`).
//!
//! Plain serde types with `deny_unknown_fields`, so a misspelt key in a data
//! file is an error, not a silently ignored value. Validation that needs the
//! whole file (unique numbers, resolvable references) is in `check`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::layout::{self, Block};
use crate::rules::params::Params;

pub use crate::ui::Lang;

/// One rulebook edition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Edition {
    /// Edition id, e.g. `onk-2023-nl`.
    pub id: String,
    /// The document's title.
    pub title: String,
    /// The language of its texts.
    pub language: Lang,
    /// The TDA version it is based on.
    pub basis: String,
    /// The rule numbering it follows: editions with the same numbering give
    /// every TDA rule topic the same number (`tda-2015`, `tda-2017`,
    /// `tda-2019`; TDA 2022 kept the 2019 numbers).
    pub numbering: String,
    /// Whose house version it is (`None` for a plain translation).
    #[serde(default)]
    pub house: Option<String>,
    /// The seed file it was extracted from.
    pub source: String,
    /// The date the document states, ISO format.
    #[serde(default)]
    pub date: Option<String>,
    /// House overlays: the editions it is built on, nearest first, ending
    /// with the bundled one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extends: Vec<String>,
    /// Front matter before the first rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preamble: Option<String>,
    /// Text printed under a rule heading that is not a rule of the edition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strays: Vec<Stray>,
    /// The sections, in document order.
    pub sections: Vec<Section>,
}

/// A section of an edition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The printed section number, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The printed heading.
    pub title: String,
    /// Text between the heading and the first rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intro: Option<String>,
    /// The rules, in document order.
    pub rules: Vec<Rule>,
}

/// What sort of rule it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    /// A numbered TDA rule.
    Rule,
    /// A TDA recommended procedure (RP-n, OPn).
    Procedure,
    /// A house rule or house note.
    House,
}

/// One rule of an edition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// The number the edition cites it by: "43", "RP-5", "OP-5", "MEC-2".
    pub number: String,
    /// The printed heading label when it differs from `number`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// TDA rule, procedure or house rule.
    pub kind: RuleKind,
    /// The topic slug shared by every edition (the concordance key).
    pub concept: String,
    /// The printed title.
    pub title: String,
    /// Text outside the sub-parts (may be empty).
    pub text: String,
    /// Sub-parts, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
    /// Worked examples of the rule as a whole.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<Example>,
    /// Text printed after the sub-parts (reading order: text, parts, tail).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tail: String,
    /// Rules of this edition the text cites ("13-A", "RP-1").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refs: Vec<String>,
    /// Rules the text cites that this edition does not print (e.g. a TDA
    /// recommended procedure left out of a house edition).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub external_refs: Vec<String>,
    /// Citations printed wrong (a number left over from another TDA
    /// version, a part that does not exist), with the rule they mean.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errata: Vec<Erratum>,
    /// The numbers, thresholds and lists the rule states.
    #[serde(default, skip_serializing_if = "Params::is_empty")]
    pub params: Params,
    /// Parameters the rule's words speak to that are not set, with the
    /// values the words allow (an import leaves these to a person: "1
    /// minute" on the clock). A ruling that applies the TDA practice for
    /// one says the rule words it, never that the edition is silent.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub unsettled: BTreeMap<String, Vec<serde_json::Value>>,
    /// The edition says the rule does not apply at its events.
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_applicable: bool,
    /// House rules: the concepts they modify; a TDA rule or procedure: the
    /// topics of other rules it states a parameter of (the Slovak OP-12
    /// states when an all-in is counted, a parameter of the chip count).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub touches: Vec<String>,
    /// Topics the edition has no rule of their own on that this rule
    /// speaks to, deciding them or naming where they are decided (TDA
    /// 2015's rule on four-card flops sends every card dealt too early to
    /// the recommended procedure on premature cards, which the edition does
    /// not print): a search reading a query as one of them answers with
    /// this rule.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    /// House rules: they contradict the rule text they touch.
    #[serde(default, skip_serializing_if = "is_false")]
    pub conflicts: bool,
    /// Editorial note on the extraction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The provisions the rule states, in catalog order. Recorded apart
    /// from the edition (`locales/<lang>/provisions/<edition>.yaml`) so
    /// that the edition file stays the seed's text; attached when a
    /// command compares or checks (see `rules::provisions`).
    #[serde(skip)]
    pub provisions: Vec<Stated>,
    /// The house overlays that changed this rule (text, title, parts,
    /// parameters or applicability), by edition id, first in the chain
    /// first; empty for a rule as its edition prints it.
    #[serde(skip)]
    pub changed_by: Vec<String>,
}

/// A provision a rule states, the words of the rule that state it and the
/// value it gives each of the provision's terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stated {
    /// The provision's id (`locales/provisions.yaml`).
    pub id: String,
    /// The words of the rule's own text that state it.
    pub span: String,
    /// The provision's topic where the record names it: a clause of
    /// another topic than the rule's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<String>,
    /// The value of each of the provision's terms.
    #[serde(default, skip_serializing_if = "Terms::is_empty")]
    pub terms: Terms,
}

/// The values a statement gives a provision's terms (see
/// `rules::provisions::Term`): value ids of the catalog, `None` where the
/// edition says nothing of that term.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terms {
    /// Who it binds or protects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub who: Option<String>,
    /// What is required, said or measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// When, or on what condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
    /// In which games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// What follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<String>,
    /// "At least" or "exactly".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<String>,
    /// "And" or "or".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joint: Option<String>,
    /// "Must", "should", "may", "will".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force: Option<String>,
}

impl Terms {
    /// The value of `term`.
    pub fn get(&self, term: crate::rules::provisions::Term) -> Option<&str> {
        use crate::rules::provisions::Term;
        match term {
            Term::Who => self.who.as_deref(),
            Term::What => self.what.as_deref(),
            Term::When => self.when.as_deref(),
            Term::Scope => self.scope.as_deref(),
            Term::Then => self.then.as_deref(),
            Term::Bound => self.bound.as_deref(),
            Term::Joint => self.joint.as_deref(),
            Term::Force => self.force.as_deref(),
        }
    }

    /// Gives `term` the value `value`.
    pub fn set(&mut self, term: crate::rules::provisions::Term, value: String) {
        use crate::rules::provisions::Term;
        let slot = match term {
            Term::Who => &mut self.who,
            Term::What => &mut self.what,
            Term::When => &mut self.when,
            Term::Scope => &mut self.scope,
            Term::Then => &mut self.then,
            Term::Bound => &mut self.bound,
            Term::Joint => &mut self.joint,
            Term::Force => &mut self.force,
        };
        *slot = Some(value);
    }

    /// The terms given, in the order they are shown.
    pub fn iter(&self) -> impl Iterator<Item = (crate::rules::provisions::Term, &str)> {
        crate::rules::provisions::Term::ALL
            .into_iter()
            .filter_map(|t| self.get(t).map(|v| (t, v)))
    }

    /// Whether no term is given.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

/// A sub-part of a rule (A, B, 1, 2, ...), possibly with items of its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// The printed label without punctuation.
    pub label: String,
    /// Its text (lead-in only, when it has items).
    pub text: String,
    /// Items inside the part.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
    /// Text printed after the items.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tail: String,
    /// Worked examples of this part.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<Example>,
    /// The edition says this part does not apply at its events.
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_applicable: bool,
    /// Editorial note on the extraction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// A citation the edition prints wrong, and what it means.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// The reference as printed ("44-B").
    pub printed: String,
    /// The rule it means ("53-B"), which is also listed in `refs`.
    pub means: String,
    /// Why.
    pub note: String,
}

/// A worked example printed in the rulebook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The printed marker ("Ex-1", "Voorbeeld", "z.B.", "Príklad č.1").
    pub label: String,
    /// The example's text after the marker.
    pub text: String,
    /// The example reads otherwise than the rule's own words (kept as
    /// printed; its `notes` say why): a card that quotes it says the
    /// ruling follows the rule.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub against_rule: bool,
}

/// Seed text under a rule heading that is not a rule of the edition (a
/// duplicate, a misplaced copy). Kept so that nothing of the source is lost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stray {
    /// The number of the rule it follows in the source.
    pub after: String,
    /// The rule it copies, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duplicate_of: Option<String>,
    /// Its printed heading label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Its printed heading title.
    pub title: String,
    /// Its text.
    pub text: String,
    /// Its sub-parts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
    /// Its examples.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<Example>,
    /// What it is and why it is not a rule.
    #[serde(default)]
    pub notes: String,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Edition {
    /// Every rule, in document order.
    pub fn rules(&self) -> impl Iterator<Item = &Rule> {
        self.sections.iter().flat_map(|s| s.rules.iter())
    }

    /// Every rule, mutably, in document order.
    pub fn rules_mut(&mut self) -> impl Iterator<Item = &mut Rule> {
        self.sections.iter_mut().flat_map(|s| s.rules.iter_mut())
    }

    /// The rule with this exact number.
    pub fn rule(&self, number: &str) -> Option<&Rule> {
        self.rules().find(|r| r.number == number)
    }

    /// The rule for this concept.
    pub fn rule_for(&self, concept: &str) -> Option<&Rule> {
        self.rules().find(|r| r.concept == concept)
    }

    /// Whether the edition prints a numbering of its own beside the one
    /// its rules are cited by (DPC numbers its rules within each section):
    /// printed labels whose numbers differ from the rules' numbers and
    /// from each other. A label that spells the number another way ("OP1",
    /// "TDA Regel 10") is the same number; a text that lost its numbering
    /// prints one label everywhere (the Slovak 2019 text reads "1." at
    /// every rule), which is no numbering.
    pub fn prints_own_numbers(&self) -> bool {
        own_numbering(self.rules().filter_map(Rule::printed_number))
    }

    /// The title of the section that holds the rule numbered `number`.
    pub fn section_of(&self, number: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|s| s.rules.iter().any(|r| r.number == number))
            .map(|s| s.title.as_str())
    }
}

/// Whether printed numbers (see [`printed_number`]) make a numbering of
/// their own: some, and not all the same.
pub fn own_numbering<'a>(mut printed: impl Iterator<Item = &'a str>) -> bool {
    printed
        .next()
        .is_some_and(|first| printed.any(|other| other != first))
}

/// The number a printed `label` gives, where it is another than the rule's
/// own `number` ("3" for DPC's rule 4): the digits of each compared.
pub fn printed_number<'a>(number: &str, label: Option<&'a str>) -> Option<&'a str> {
    fn digits(s: &str) -> impl Iterator<Item = u8> + '_ {
        s.bytes().filter(u8::is_ascii_digit)
    }
    let label = label?.trim().trim_end_matches('.');
    (digits(label).next().is_some() && !digits(label).eq(digits(number))).then_some(label)
}

impl Rule {
    /// The number the rule's printed label gives, where it is another than
    /// the rule's own (see [`printed_number`]).
    pub fn printed_number(&self) -> Option<&str> {
        printed_number(&self.number, self.label.as_deref())
    }

    /// Whether a house overlay changed the rule (or added it).
    pub fn changed_by_house(&self) -> bool {
        !self.changed_by.is_empty()
    }

    /// The sub-part with this label (case-insensitive): a part of the rule
    /// itself before an item nested in one (ONK 35 has both `E` and `A-e`);
    /// a letter also matches the rule's own part at the same position
    /// written as a digit (B = 2), because translations relabel lists, but
    /// never a nested item (Pokerpunt 35 has no `E`: its item `A-5` is not
    /// one).
    pub fn part(&self, label: &str) -> Option<&Part> {
        find_part(&self.parts, label).or_else(|| {
            let alt = letter_to_digit(label)?;
            self.parts.iter().find(|p| p.label == alt)
        })
    }

    /// The whole rule as one text: lead text, then each part with its label,
    /// then the examples, in reading order.
    pub fn full_text(&self) -> String {
        layout::compose(self)
    }
}

impl Part {
    /// The part as one text: its own text, items and examples.
    pub fn full_text(&self) -> String {
        layout::compose(self)
    }
}

impl Block for Rule {
    type Part = Part;
    fn label(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.number)
    }
    fn text(&self) -> &str {
        &self.text
    }
    fn tail(&self) -> &str {
        &self.tail
    }
    fn parts(&self) -> &[Part] {
        &self.parts
    }
    fn examples(&self) -> impl Iterator<Item = (&str, &str)> {
        self.examples
            .iter()
            .map(|e| (e.label.as_str(), e.text.as_str()))
    }
}

impl Block for Part {
    type Part = Part;
    fn label(&self) -> &str {
        &self.label
    }
    fn text(&self) -> &str {
        &self.text
    }
    fn tail(&self) -> &str {
        &self.tail
    }
    fn parts(&self) -> &[Part] {
        &self.parts
    }
    fn examples(&self) -> impl Iterator<Item = (&str, &str)> {
        self.examples
            .iter()
            .map(|e| (e.label.as_str(), e.text.as_str()))
    }
}

fn find_part<'a>(parts: &'a [Part], label: &str) -> Option<&'a Part> {
    parts
        .iter()
        .find(|p| p.label.eq_ignore_ascii_case(label))
        .or_else(|| parts.iter().find_map(|p| find_part(&p.parts, label)))
}

fn letter_to_digit(label: &str) -> Option<String> {
    let mut chars = label.chars();
    let c = chars.next()?;
    if chars.next().is_some() || !c.is_ascii_alphabetic() {
        return None;
    }
    Some(((c.to_ascii_uppercase() as u8 - b'A' + 1) as u32).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(label: &str, text: &str, parts: Vec<Part>) -> Part {
        Part {
            label: label.into(),
            text: text.into(),
            parts,
            tail: String::new(),
            examples: Vec::new(),
            not_applicable: false,
            notes: None,
        }
    }

    fn rule(parts: Vec<Part>) -> Rule {
        let mut rule: Rule = crate::yaml::from_str(
            "number: \"35\"\nkind: rule\nconcept: misdeals\ntitle: t\ntext: \"\"\n",
            "test",
        )
        .expect("a rule");
        rule.parts = parts;
        rule
    }

    #[test]
    fn a_part_of_the_rule_comes_before_a_nested_item_and_letters_match_digits_only_at_the_top() {
        // ONK 35: items a-g under A, and its own part E (the fouled deck).
        let onk = rule(vec![
            part("A", "causes", vec![part("e", "wrong count", vec![])]),
            part("E", "fouled deck", vec![]),
        ]);
        assert_eq!(onk.part("E").map(|p| p.text.as_str()), Some("fouled deck"));
        assert_eq!(onk.part("e").map(|p| p.text.as_str()), Some("fouled deck"));
        // Pokerpunt 35: no E; its item A-5 is not E.
        let pokerpunt = rule(vec![
            part("A", "causes", vec![part("5", "stud", vec![])]),
            part("D", "no misdeal after action", vec![]),
        ]);
        assert!(pokerpunt.part("E").is_none());
        assert_eq!(pokerpunt.part("5").map(|p| p.text.as_str()), Some("stud"));
        // A list relabelled 1-4 (ONK 39) still answers to B.
        let numbered = rule(vec![part("1", "flop", vec![]), part("2", "turn", vec![])]);
        assert_eq!(numbered.part("B").map(|p| p.text.as_str()), Some("turn"));
    }
}
