//! Comparing two editions: one row per topic (concept) in either, with
//! both numbers and titles, the findings that tell a floor person what
//! changes a ruling, and the parameters with the words that state them.
//!
//! Substance is compared through provisions (`rules::provisions`), which
//! editions in different languages share: a provision stated in one
//! edition and not the other, or a parameter with another value, is a
//! substantive difference. Two texts in one language are also aligned
//! sentence by sentence ([`align`]), so that a reworded sentence reads as
//! wording, never as a change of substance. The editions passed in carry
//! their provisions; an edition without any is compared on parameters,
//! numbers and structure only, and the comparison says so.
//!
//! Pure: no I/O, no terminal.

pub mod align;
pub mod renumber;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use crate::rules::provisions::{Catalog, scalar, squeeze};
use crate::rules::{Edition, Params, Part, Rule, RuleKind, RuleRef};

/// A finding about one row; a row can carry several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flag {
    /// A parameter a ruling reads has another value (house rules included).
    Ruling,
    /// A provision is stated in one edition and not the other, or with
    /// another value.
    Substance,
    /// The topic is marked not applicable (as a whole or in a part) in one
    /// edition only.
    NotApplicable,
    /// A house rule or a house change touches the topic in one edition
    /// only (or different ones in each).
    House,
    /// Parts split, merged or added: the outline of the rule differs
    /// (labels 1/A/a aside).
    Structure,
    /// The same provisions in other words (same language only).
    Wording,
    /// The numbers differ (`RP-n` and `OP-n` are one numbering).
    Renumbered,
}

impl Flag {
    /// Every flag, most weighty first.
    pub const ALL: [Flag; 7] = [
        Flag::Ruling,
        Flag::Substance,
        Flag::NotApplicable,
        Flag::House,
        Flag::Structure,
        Flag::Wording,
        Flag::Renumbered,
    ];

    /// The id, as in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Flag::Ruling => "ruling",
            Flag::Substance => "substance",
            Flag::NotApplicable => "not-applicable",
            Flag::House => "house",
            Flag::Structure => "structure",
            Flag::Wording => "wording",
            Flag::Renumbered => "renumbered",
        }
    }
}

/// The single summary of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Same number, nothing found.
    Same,
    /// Another number, nothing else found.
    Renumbered,
    /// Anything else found.
    Changed,
    /// Only in the first edition.
    OnlyA,
    /// Only in the second edition.
    OnlyB,
}

pub use crate::rules::params::READ_BY_RULINGS;

/// One side of a row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Side {
    /// The rule number in that edition.
    pub number: String,
    /// Its title.
    pub title: String,
}

/// A parameter's value on each side (`null` where the edition does not
/// state it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParamDiff {
    /// In the first edition.
    pub a: serde_json::Value,
    /// In the second edition.
    pub b: serde_json::Value,
}

/// A provision one side states and the other does not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Quote {
    /// The provision.
    pub id: String,
    /// The rule that states it.
    pub number: String,
    /// The words that state it.
    pub span: String,
}

/// The provisions only one side states.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Provisions {
    /// Stated by the first edition only.
    pub only_a: Vec<Quote>,
    /// Stated by the second edition only.
    pub only_b: Vec<Quote>,
}

impl Provisions {
    fn is_empty(&self) -> bool {
        self.only_a.is_empty() && self.only_b.is_empty()
    }
}

/// The house rules touching a topic on each side.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct House {
    /// Numbers of the first edition's house rules touching it.
    pub a: Vec<String>,
    /// Numbers of the second edition's.
    pub b: Vec<String>,
}

impl House {
    fn is_empty(&self) -> bool {
        self.a.is_empty() && self.b.is_empty()
    }
}

/// Sentences only one side has, written by a house without saying what
/// they state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Unrecorded {
    /// In the first edition.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub only_a: Vec<String>,
    /// In the second edition.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub only_b: Vec<String>,
}

impl Unrecorded {
    fn is_empty(&self) -> bool {
        self.only_a.is_empty() && self.only_b.is_empty()
    }
}

/// One topic's comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The concept.
    pub concept: String,
    /// The first edition's rule, if it has one.
    pub a: Option<Side>,
    /// The second edition's rule, if it has one.
    pub b: Option<Side>,
    /// The single summary.
    pub status: Status,
    /// The parameters that differ, as each edition applies them (house
    /// rules included).
    pub params: BTreeMap<String, ParamDiff>,
    /// The findings, most weighty first.
    pub flags: Vec<Flag>,
    /// The provisions only one side states.
    #[serde(skip_serializing_if = "Provisions::is_empty")]
    pub provisions: Provisions,
    /// House rules touching the topic.
    #[serde(skip_serializing_if = "House::is_empty")]
    pub house: House,
    /// Sentences a house wrote into one side that state no recorded
    /// provision (they count as substance).
    #[serde(skip_serializing_if = "Unrecorded::is_empty")]
    pub unrecorded: Unrecorded,
    /// Sentence by sentence, for two texts in one language when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentences: Option<Vec<align::Aligned>>,
}

impl Row {
    /// Whether the row carries `flag`.
    pub fn has(&self, flag: Flag) -> bool {
        self.flags.contains(&flag)
    }

    /// Whether the row differs in words alone (a new number aside): the
    /// rows a report hides unless asked for all.
    pub fn wording_only(&self) -> bool {
        self.has(Flag::Wording)
            && self
                .flags
                .iter()
                .all(|f| matches!(f, Flag::Wording | Flag::Renumbered))
    }

    /// Whether the row differs in what a ruling depends on (ruling or
    /// substance).
    pub fn substantive(&self) -> bool {
        self.has(Flag::Ruling) || self.has(Flag::Substance)
    }
}

/// One side of a parameter: the value, the rule that states it and the
/// words that do.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stating {
    /// The value as the data files write it.
    pub value: serde_json::Value,
    /// The rule that states it (a house rule where one sets it).
    pub number: String,
    /// Whether a house rule sets it.
    pub house: bool,
    /// The words that state it (one per list element where the elements
    /// are quoted one by one).
    pub spans: Vec<Words>,
}

/// Words of a rule that state a parameter's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Words {
    /// The list element they state, for a list quoted element by element.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
    /// The words.
    pub span: String,
}

/// A parameter of one topic on both sides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Parameter {
    /// The topic.
    pub concept: String,
    /// The parameter key.
    pub param: String,
    /// A ruling reads it.
    pub ruling: bool,
    /// The values differ.
    pub differs: bool,
    /// In the first edition.
    pub a: Option<Stating>,
    /// In the second edition.
    pub b: Option<Stating>,
}

/// How many rows carry each flag, and have each status.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Rows compared.
    pub rows: usize,
    /// Rows per flag.
    #[serde(flatten)]
    pub flags: BTreeMap<&'static str, usize>,
    /// Rows per status.
    pub status: BTreeMap<&'static str, usize>,
}

/// The whole comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// The first edition's id.
    pub a: String,
    /// The second edition's id.
    pub b: String,
    /// Whether both are in one language (texts compared word for word).
    pub same_language: bool,
    /// Editions with no provisions recorded: their substance is not
    /// compared.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub without_provisions: Vec<String>,
    /// Counts per flag and status.
    pub summary: Summary,
    /// Every parameter stated on either side, per topic.
    pub parameters: Vec<Parameter>,
    /// The renumbering as a compact map.
    pub renumbering: Vec<renumber::Run>,
    /// One row per concept, in the first edition's order, then the second's.
    pub rows: Vec<Row>,
}

/// What to compare.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Only this concept.
    pub concept: Option<String>,
    /// Align the sentences of same-language rows that differ.
    pub sentences: bool,
}

/// Compares `a` with `b`. `catalog` tells which provisions carry which
/// parameter (for the quoting spans).
pub fn compare(a: &Edition, b: &Edition, catalog: &Catalog, options: &Options) -> Comparison {
    let mut concepts: Vec<&str> = Vec::new();
    let mut seen = BTreeSet::new();
    for rule in a.rules().chain(b.rules()) {
        if seen.insert(rule.concept.as_str()) {
            concepts.push(&rule.concept);
        }
    }
    let ctx = Context {
        index: [Index::of(a), Index::of(b)],
        catalog,
        same_language: a.language == b.language,
        known: [has_provisions(a), has_provisions(b)],
    };
    let wanted = |c: &&str| options.concept.as_deref().is_none_or(|w| w == *c);
    let mut rows = Vec::new();
    let mut parameters = Vec::new();
    for concept in concepts.into_iter().filter(wanted) {
        let (row, params) = ctx.row(concept, options.sentences);
        rows.push(row);
        parameters.extend(params);
    }
    let pairs: Vec<(String, String)> = rows
        .iter()
        .filter_map(|r| Some((r.a.as_ref()?.number.clone(), r.b.as_ref()?.number.clone())))
        .collect();
    let mut summary = Summary {
        rows: rows.len(),
        ..Summary::default()
    };
    for flag in Flag::ALL {
        summary
            .flags
            .insert(flag.id(), rows.iter().filter(|r| r.has(flag)).count());
    }
    for (status, id) in [
        (Status::Same, "same"),
        (Status::Renumbered, "renumbered"),
        (Status::Changed, "changed"),
        (Status::OnlyA, "only-a"),
        (Status::OnlyB, "only-b"),
    ] {
        summary
            .status
            .insert(id, rows.iter().filter(|r| r.status == status).count());
    }
    let without_provisions = [a, b]
        .iter()
        .zip(ctx.known)
        .filter(|(_, known)| !known)
        .map(|(e, _)| e.id.clone())
        .collect();
    Comparison {
        a: a.id.clone(),
        b: b.id.clone(),
        same_language: ctx.same_language,
        without_provisions,
        summary,
        parameters,
        renumbering: renumber::map(&pairs),
        rows,
    }
}

fn has_provisions(edition: &Edition) -> bool {
    edition.rules().any(|r| !r.provisions.is_empty())
}

struct Context<'a> {
    index: [Index<'a>; 2],
    catalog: &'a Catalog,
    same_language: bool,
    known: [bool; 2],
}

/// An edition's rules by concept and by number, and the house rules
/// touching each topic, built once so that comparing takes time in
/// proportion to the rules.
pub struct Index<'a> {
    rule: HashMap<&'a str, &'a Rule>,
    number: HashMap<&'a str, &'a Rule>,
    touching: HashMap<&'a str, Vec<&'a Rule>>,
}

impl<'a> Index<'a> {
    /// The index of `edition`.
    pub fn of(edition: &'a Edition) -> Index<'a> {
        let mut rule = HashMap::new();
        let mut number = HashMap::new();
        let mut touching: HashMap<&str, Vec<&Rule>> = HashMap::new();
        for r in edition.rules() {
            // The first rule of a concept (or number) is the edition's, as
            // `Edition::rule_for` finds it.
            rule.entry(r.concept.as_str()).or_insert(r);
            number.entry(r.number.as_str()).or_insert(r);
            if r.kind == RuleKind::House {
                for t in r.touches.iter().filter(|t| **t != r.concept) {
                    touching.entry(t.as_str()).or_default().push(r);
                }
            }
        }
        Index {
            rule,
            number,
            touching,
        }
    }

    /// The rule for `concept` ([`Edition::rule_for`]).
    pub fn rule_for(&self, concept: &str) -> Option<&'a Rule> {
        self.rule.get(concept).copied()
    }

    /// The rule numbered `number` ([`Edition::rule`]).
    pub fn rule(&self, number: &str) -> Option<&'a Rule> {
        self.number.get(number).copied()
    }

    /// The house rules of other topics that touch `concept`.
    pub fn touching(&self, concept: &str) -> &[&'a Rule] {
        self.touching.get(concept).map_or(&[], Vec::as_slice)
    }
}

/// A parameter as an edition applies it to a topic.
struct Applied<'a> {
    value: serde_json::Value,
    rule: &'a Rule,
    house: bool,
}

impl<'a> Context<'a> {
    fn row(&self, concept: &str, sentences: bool) -> (Row, Vec<Parameter>) {
        let [ia, ib] = &self.index;
        let (ra, rb) = (ia.rule_for(concept), ib.rule_for(concept));
        let numbers = |rules: &[&Rule]| rules.iter().map(|r| r.number.clone()).collect();
        let house = House {
            a: numbers(ia.touching(concept)),
            b: numbers(ib.touching(concept)),
        };
        let (pa, pb) = (
            applied(ia.touching(concept), ra, concept),
            applied(ib.touching(concept), rb, concept),
        );
        let mut params = BTreeMap::new();
        let mut parameters = Vec::new();
        for key in pa.keys().chain(pb.keys()).collect::<BTreeSet<_>>() {
            let (va, vb) = (pa.get(key), pb.get(key));
            let differs = va.map(|v| &v.value) != vb.map(|v| &v.value);
            if differs {
                params.insert(
                    key.to_string(),
                    ParamDiff {
                        a: va.map_or(serde_json::Value::Null, |v| v.value.clone()),
                        b: vb.map_or(serde_json::Value::Null, |v| v.value.clone()),
                    },
                );
            }
            parameters.push(Parameter {
                concept: concept.to_string(),
                param: key.to_string(),
                ruling: READ_BY_RULINGS.contains(&key.as_str()),
                differs,
                a: va.map(|v| self.stating(key, v)),
                b: vb.map(|v| self.stating(key, v)),
            });
        }
        let mut flags = BTreeSet::new();
        if params.keys().any(|k| READ_BY_RULINGS.contains(&k.as_str())) {
            flags.insert(Flag::Ruling);
        }
        let (own_a, own_b) = (in_force(ra), in_force(rb));
        let provisions = Provisions {
            only_a: quotes(ra, &own_a, &own_b),
            only_b: quotes(rb, &own_b, &own_a),
        };
        let known = self.known[0] && self.known[1];
        let both = ra.is_some() && rb.is_some();
        let own_params_differ = ra.map(|r| r.params.to_map()) != rb.map(|r| r.params.to_map());
        // A house rule an overlay adds states something of its own even
        // where the catalog has no provision for it.
        let unrecorded_house_rule = |r: Option<&Rule>| {
            r.is_some_and(|r| {
                r.kind == RuleKind::House
                    && r.changed_by_house()
                    && !r.not_applicable
                    && r.provisions.is_empty()
            })
        };
        if (both && own_params_differ)
            || (!provisions.is_empty() && (known || !both))
            || (!both && (unrecorded_house_rule(ra) || unrecorded_house_rule(rb)))
        {
            flags.insert(Flag::Substance);
        }
        if inapplicable(ra) != inapplicable(rb) {
            flags.insert(Flag::NotApplicable);
        }
        // Two versions of one house share the changes of the overlays both
        // build on: only the others count.
        let changed = |r: Option<&'a Rule>| r.map_or(&[][..], |r| r.changed_by.as_slice());
        let lone_house =
            |r: Option<&Rule>| r.is_some_and(|r| r.kind == RuleKind::House && r.touches.is_empty());
        if house.a != house.b || changed(ra) != changed(rb) || lone_house(ra) != lone_house(rb) {
            flags.insert(Flag::House);
        }
        let mut aligned = None;
        let mut unrecorded = Unrecorded::default();
        if let (Some(x), Some(y)) = (ra, rb) {
            if number_key(&x.number) != number_key(&y.number) {
                flags.insert(Flag::Renumbered);
            }
            if outline(&x.parts) != outline(&y.parts) {
                flags.insert(Flag::Structure);
            }
            if self.same_language {
                let reworded =
                    !align::same_words(x, y) || !align::same_text_words(&x.title, &y.title);
                // Words a house wrote that state no recorded provision (a
                // part it added and did not describe) may say anything:
                // they count as substance, never as mere wording.
                let house_wrote = x.changed_by != y.changed_by;
                if reworded && (sentences || house_wrote) {
                    let steps = align::align(&align::sentences(x), &align::sentences(y));
                    for step in steps.iter().filter(|s| house_wrote && unstated(s, x, y)) {
                        match step {
                            align::Aligned::OnlyA { a } => unrecorded.only_a.push(a.clone()),
                            align::Aligned::OnlyB { b } => unrecorded.only_b.push(b.clone()),
                            _ => {}
                        }
                    }
                    if !unrecorded.is_empty() {
                        flags.insert(Flag::Substance);
                    }
                    if sentences {
                        aligned = Some(steps);
                    }
                }
                if reworded && !flags.contains(&Flag::Substance) {
                    flags.insert(Flag::Wording);
                }
            }
        }
        let status = match (ra, rb) {
            (Some(_), None) => Status::OnlyA,
            (None, _) => Status::OnlyB,
            _ if flags.iter().any(|f| *f != Flag::Renumbered) => Status::Changed,
            _ if flags.contains(&Flag::Renumbered) => Status::Renumbered,
            _ => Status::Same,
        };
        let row = Row {
            concept: concept.to_string(),
            a: ra.map(side),
            b: rb.map(side),
            status,
            params,
            flags: flags.into_iter().collect(),
            provisions,
            house,
            unrecorded,
            sentences: aligned,
        };
        (row, parameters)
    }

    /// The value of `key` with the words that state it.
    fn stating(&self, key: &str, applied: &Applied<'_>) -> Stating {
        let spans = applied
            .rule
            .provisions
            .iter()
            .filter_map(|s| {
                let p = self.catalog.get(&s.id)?;
                (p.param.as_deref() == Some(key)).then(|| Words {
                    element: p.value.clone(),
                    span: s.span.clone(),
                })
            })
            .collect();
        Stating {
            value: applied.value.clone(),
            number: applied.rule.number.clone(),
            house: applied.house,
            spans,
        }
    }
}

/// A sentence only one rule has, written by a house that changed that rule,
/// and stating none of its provisions.
fn unstated(step: &align::Aligned, a: &Rule, b: &Rule) -> bool {
    let (text, rule, other) = match step {
        align::Aligned::OnlyA { a: text } => (text, a, b),
        align::Aligned::OnlyB { b: text } => (text, b, a),
        _ => return false,
    };
    if rule.changed_by.iter().all(|o| other.changed_by.contains(o)) {
        return false;
    }
    let sentence = squeeze(text);
    !rule.provisions.iter().any(|s| {
        s.span
            .split('…')
            .map(squeeze)
            .filter(|p| !p.is_empty())
            .any(|p| sentence.contains(&p) || p.contains(&sentence))
    })
}

fn side(rule: &Rule) -> Side {
    Side {
        number: rule.number.clone(),
        title: rule.title.clone(),
    }
}

/// The parameters of a topic as the edition applies them: the rule's own,
/// then those the house rules touching the topic set for it (house rules
/// win, as in rulings).
fn applied<'a>(
    touching: &[&'a Rule],
    rule: Option<&'a Rule>,
    concept: &str,
) -> BTreeMap<String, Applied<'a>> {
    let mut out = BTreeMap::new();
    if let Some(rule) = rule {
        // A house rule's parameters for the topics it touches are theirs.
        let own = |k: &str| rule.kind != RuleKind::House || Params::home(k) == Some(concept);
        for (k, v) in rule.params.to_map().into_iter().filter(|(k, _)| own(k)) {
            out.insert(
                k,
                Applied {
                    value: v,
                    rule,
                    house: rule.kind == RuleKind::House,
                },
            );
        }
    }
    for &house in touching {
        for (k, v) in house.params.to_map() {
            if Params::home(&k) == Some(concept) {
                out.insert(
                    k,
                    Applied {
                        value: v,
                        rule: house,
                        house: true,
                    },
                );
            }
        }
    }
    out
}

/// The numbers of the house rules that touch `concept` (other than a rule
/// of that concept itself).
/// The provision ids a rule states in force (none for a rule marked not
/// applicable).
fn in_force(rule: Option<&Rule>) -> BTreeSet<&str> {
    match rule {
        Some(r) if !r.not_applicable => r.provisions.iter().map(|s| s.id.as_str()).collect(),
        _ => BTreeSet::new(),
    }
}

fn quotes(rule: Option<&Rule>, own: &BTreeSet<&str>, other: &BTreeSet<&str>) -> Vec<Quote> {
    let Some(rule) = rule else {
        return Vec::new();
    };
    rule.provisions
        .iter()
        .filter(|s| own.contains(s.id.as_str()) && !other.contains(s.id.as_str()))
        .map(|s| Quote {
            id: s.id.clone(),
            number: rule.number.clone(),
            span: s.span.clone(),
        })
        .collect()
}

/// Which of the rule is marked not applicable: the whole, or parts by
/// position.
fn inapplicable(rule: Option<&Rule>) -> (bool, Vec<String>) {
    fn walk(parts: &[Part], prefix: &str, out: &mut Vec<String>) {
        for (i, p) in parts.iter().enumerate() {
            let at = format!("{prefix}{}", i + 1);
            if p.not_applicable {
                out.push(at.clone());
            }
            walk(&p.parts, &format!("{at}."), out);
        }
    }
    let mut parts = Vec::new();
    match rule {
        Some(r) => {
            walk(&r.parts, "", &mut parts);
            (r.not_applicable, parts)
        }
        None => (false, parts),
    }
}

/// The outline of a rule's parts: how many, and the outline of each
/// (labels aside, so 1/2 and A/B are one outline).
#[derive(Debug, PartialEq, Eq)]
struct Outline(Vec<Outline>);

fn outline(parts: &[Part]) -> Outline {
    Outline(parts.iter().map(|p| outline(&p.parts)).collect())
}

/// `RP-5` and `OP-5` are one number.
fn number_key(number: &str) -> String {
    match RuleRef::parse(number) {
        Some(r) if r.prefix.as_deref() == Some("OP") => format!("RP-{}", r.ordinal),
        Some(r) => r.to_string(),
        None => number.to_string(),
    }
}

/// A piece of a word diff.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// `equal`, `delete` (only in the first text) or `insert` (only in the second).
    pub tag: &'static str,
    /// The words.
    pub text: String,
}

/// The word-level diff of two texts. Words are compared without regard to
/// letter case, and punctuation is a token of its own, so "acties" against
/// "acties." marks only the full stop. Runs of changed words separated only
/// by spaces are shown as one deletion and one insertion, which reads far
/// better than alternating single words.
pub fn word_diff(a: &str, b: &str) -> Vec<Piece> {
    let (ta, tb) = (tokens(a), tokens(b));
    let key = |t: &&str| -> String {
        if t.trim().is_empty() {
            " ".to_string()
        } else {
            t.to_lowercase()
        }
    };
    let ops = similar::capture_diff_slices_by_key(similar::Algorithm::Patience, &ta, &tb, key);
    let text = |tokens: &[&str], range: std::ops::Range<usize>| -> String {
        tokens.get(range).unwrap_or(&[]).concat()
    };
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
    for op in ops {
        let (tag, old, new) = op.as_tag_tuple();
        let (removed, added) = match tag {
            similar::DiffTag::Equal => {
                let same = text(&ta, old);
                if same.trim().is_empty() && !(deleted.is_empty() && inserted.is_empty()) {
                    gap.push_str(&same);
                    continue;
                }
                flush(&mut pieces, &mut deleted, &mut inserted);
                let same = format!("{}{same}", std::mem::take(&mut gap));
                match pieces.last_mut() {
                    Some(last) if last.tag == "equal" => last.text.push_str(&same),
                    _ => pieces.push(Piece {
                        tag: "equal",
                        text: same,
                    }),
                }
                continue;
            }
            similar::DiffTag::Delete => (text(&ta, old), String::new()),
            similar::DiffTag::Insert => (String::new(), text(&tb, new)),
            similar::DiffTag::Replace => (text(&ta, old), text(&tb, new)),
        };
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
        deleted.push_str(&removed);
        inserted.push_str(&added);
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

/// A text cut into words (letters and digits), runs of white space, and
/// single other characters.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let class = |c: char| {
        if c.is_alphanumeric() {
            1
        } else if c.is_whitespace() {
            2
        } else {
            3
        }
    };
    let mut previous = None;
    for (i, c) in text.char_indices() {
        let k = class(c);
        if previous.is_some_and(|p| p != k || k == 3) {
            out.push(&text[start..i]);
            start = i;
        }
        previous = Some(k);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// A parameter value's elements, for list values (sets compare).
pub fn elements(value: &serde_json::Value) -> Option<Vec<String>> {
    match value {
        serde_json::Value::Array(items) => Some(items.iter().map(scalar).collect()),
        _ => None,
    }
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
        // Letter case is no change; a full stop is one of its own.
        let pieces = word_diff("Rabbit hunting acties", "rabbit Hunting acties.");
        let changed: Vec<(&str, &str)> = pieces
            .iter()
            .filter(|p| p.tag != "equal")
            .map(|p| (p.tag, p.text.as_str()))
            .collect();
        assert_eq!(changed, [("insert", ".")]);
    }

    #[test]
    fn procedures_share_one_numbering() {
        assert_eq!(number_key("OP-5"), number_key("RP-5"));
        assert_ne!(number_key("RP-5"), number_key("RP-6"));
    }

    /// Every parameter read through `Resolved` by a ruling is in
    /// [`READ_BY_RULINGS`], and nothing else is.
    #[test]
    fn the_parameters_read_by_rulings_are_those_the_code_reads() {
        fn sources(dir: &std::path::Path, out: &mut String) {
            for entry in std::fs::read_dir(dir).expect("src readable").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    if !path.ends_with("rules") && !path.ends_with("compare") {
                        sources(&path, out);
                    }
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push_str(&std::fs::read_to_string(&path).expect("source readable"));
                }
            }
        }
        let mut code = String::new();
        sources(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut code,
        );
        let read: Vec<&str> = Params::KEYS
            .iter()
            .copied()
            .filter(|k| code.contains(&format!(".{k}()")))
            .collect();
        let mut listed = READ_BY_RULINGS.to_vec();
        listed.sort_unstable();
        let mut read_sorted = read.clone();
        read_sorted.sort_unstable();
        assert_eq!(listed, read_sorted);
    }
}
