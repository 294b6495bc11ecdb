//! Comparing two editions: one row per topic (concept) in either, with
//! both numbers and titles, the findings that tell a floor person what
//! changes a ruling, and the parameters with the words that state them.
//!
//! Substance is compared through provisions (`rules::provisions`), which
//! editions in different languages share: a provision stated in one
//! edition and not the other, the same provision stated on other terms
//! (another condition, "or" for "and", "may" for "will"), or a parameter
//! with another value. A difference weighs by what the provision is: in a
//! ruling it is substance (and changes a ruling unless the provision only
//! says what someone must do); in a procedure, an explanation or a
//! recommendation it is flagged `procedure` and weighs nothing more. A
//! provision an incident's ruling reads (`Incident::PROVISIONS`) changes a
//! ruling, whatever its kind, where the incident's own tree and module rule
//! some facts otherwise with it ([`Ruled`]), unless the incident decides
//! only what the staff does (its tree says `decides: duty`, the deck
//! change); a parameter a ruling reads only for what the staff does is
//! declared `ruled(duty)` (how the final table is formed, where a new
//! player may be seated), and its provisions are duties. A provision one
//! edition states alone on a topic both have, whose silence the incident
//! reading it takes as the TDA practice (`Incident::SILENCE_AS_PRACTICE`),
//! weighs nothing where the rulings agree ([`Ruled::silence_alike`]).
//! [`weigh`] is the one answer. A
//! provision counts for its topic wherever the edition states it, so a
//! clause one edition puts in another rule is not missing; a house rule
//! that touches a topic counts for that topic. Two texts in one language
//! are also aligned sentence by sentence ([`align`]), so that a reworded
//! sentence reads as wording, never as a change of substance. The editions
//! passed in carry their provisions; an edition without any is compared on
//! parameters, numbers and structure only, and the comparison says so.
//!
//! Pure: no I/O, no terminal.

pub mod align;
pub mod renumber;

use std::collections::{BTreeMap, BTreeSet};

// Looked up only, never iterated: the order of a map never reaches a row.
use foldhash::{HashMap, HashMapExt};

use serde::Serialize;

use crate::rules::provisions::{Catalog, Kind, Term, scalar, squeeze, worded};
use crate::rules::{Edition, Params, Part, Rule, RuleKind, RuleRef, Stated};

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
    /// A procedure, an explanation or a recommendation is stated in one
    /// edition only, or on other terms: nothing the floor rules differs.
    Procedure,
    /// One edition has no rule on the topic and applies the TDA practice,
    /// which states provisions the other edition states as it does: said
    /// beside the difference (the silent edition has no rule to cite).
    TdaPractice,
    /// The numbers differ (`RP-n` and `OP-n` are one numbering).
    Renumbered,
}

impl Flag {
    /// Every flag, most weighty first.
    pub const ALL: [Flag; 9] = [
        Flag::Ruling,
        Flag::Substance,
        Flag::NotApplicable,
        Flag::House,
        Flag::Structure,
        Flag::Wording,
        Flag::Procedure,
        Flag::TdaPractice,
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
            Flag::Procedure => "procedure",
            Flag::TdaPractice => "tda-practice",
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
    /// The number the edition prints, where it prints its own numbering
    /// (DPC numbers its rules within each section).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed: Option<String>,
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

impl ParamDiff {
    /// The values each edition applies (`null` where it has none).
    fn of(a: Option<&Applied<'_>>, b: Option<&Applied<'_>>) -> ParamDiff {
        let value =
            |v: Option<&Applied<'_>>| v.map_or(serde_json::Value::Null, |v| v.value.clone());
        ParamDiff {
            a: value(a),
            b: value(b),
        }
    }

    /// Whether a ruling reads the two values of parameter `key` apart (an
    /// edition without a value takes the TDA practice).
    pub fn ruled_apart(&self, key: &str) -> bool {
        let ruled = |v: &serde_json::Value| {
            match v {
                serde_json::Value::Null => Params::default().value_or_tda(key),
                v => Some(v.clone()),
            }
            .map(|v| crate::rules::params::as_ruled(key, v))
        };
        ruled(&self.a) != ruled(&self.b)
    }
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
    /// What the provision is (a ruling weighs; the others do not).
    pub kind: Kind,
}

/// The edition without a rule on a row's topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Silent {
    /// The first.
    A,
    /// The second.
    B,
}

/// The TDA version whose practice the catalog's `tda` marks record.
pub const PRACTICE_NUMBERING: &str = "tda-2019";

/// A topic one edition has no rule on, where that edition follows the TDA
/// practice (see `Index::follows_practice`). Silence is silence: that
/// edition's floor applies the practice, and the row says which provisions the
/// other states as the practice does and which not. Each still weighs as
/// a provision one side states: the silent edition has no rule to cite,
/// and readers of the rulebooks count such a topic as a difference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Silence {
    /// The edition without a rule.
    pub silent: Silent,
    /// The provisions stated as the TDA practice states them.
    pub as_tda: Vec<String>,
    /// The provisions the practice states otherwise or not at all.
    pub unlike_tda: Vec<String>,
}

/// A provision both sides state, on another term.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermDiff {
    /// The provision.
    pub id: String,
    /// What the provision is.
    pub kind: Kind,
    /// The term that differs.
    pub term: Term,
    /// Its value in the first edition (`null`: the edition words the
    /// provision without it).
    pub a: Option<String>,
    /// In the second.
    pub b: Option<String>,
    /// The rules that state it, in the first and the second edition.
    pub numbers: [String; 2],
    /// The words that state it, in the first and the second edition.
    pub spans: [String; 2],
    /// The two values rule alike (the catalog's `alike`, and no incident
    /// rules otherwise with them): a difference in words.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub alike: bool,
}

impl TermDiff {
    /// Whether the difference weighs: both editions word the term (one
    /// leaving it unworded is silence) with values that do not rule alike.
    /// The one answer for the row's flags and the line's ★ and order.
    pub fn weighed(&self) -> bool {
        self.a.is_some() && self.b.is_some() && !self.alike
    }
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
    /// The provisions both state, on other terms.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<TermDiff>,
    /// House rules touching the topic.
    #[serde(skip_serializing_if = "House::is_empty")]
    pub house: House,
    /// Sentences a house wrote into one side that state no recorded
    /// provision (they count as substance).
    #[serde(skip_serializing_if = "Unrecorded::is_empty")]
    pub unrecorded: Unrecorded,
    /// Where one edition has no rule on the topic: what the TDA practice it
    /// applies states alike and otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub silence: Option<Silence>,
    /// Sentence by sentence, for two texts in one language when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentences: Option<Vec<align::Aligned>>,
    /// Provisions one side states alone that word a parameter the other
    /// side's provisions word too: their difference is the parameter's,
    /// weighed as the rulings read its values.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub worded_as_parameter: Vec<String>,
    /// Provisions one side states alone where the other side's rule on the
    /// topic is silent on them and its ruling reads the silence as the TDA
    /// practice, which states them alike: the same ruling under both
    /// ([`Ruled::silence_alike`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub silence_as_practice: Vec<String>,
    /// For one topic asked (`--concept`): per provision whose difference
    /// changes a ruling, the facts an incident rules otherwise on under
    /// the two editions ([`crate::engine::differ::dispute`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub disputes: Vec<RowDispute>,
}

/// A dispute a ★ stands on, as a row shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowDispute {
    /// The incident that rules it.
    pub incident: String,
    /// The provision the editions state otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provision: Option<String>,
    /// The parameter they set otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub param: Option<String>,
    /// The facts, in the order the incident asks them (a JSON object of
    /// answers, as `floor incident --json` echoes them).
    #[serde(serialize_with = "in_order")]
    pub answers: Vec<(String, crate::engine::answer::Answer)>,
    /// The ruling under the first edition.
    pub a: RowVerdict,
    /// The ruling under the second.
    pub b: RowVerdict,
}

/// Answers as a JSON object, in their order.
fn in_order<S: serde::Serializer>(
    pairs: &[(String, crate::engine::answer::Answer)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, &v.json())?;
    }
    map.end()
}

/// An outcome id and its amounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowVerdict {
    /// The outcome id (see the incident catalogue).
    pub outcome: String,
    /// The named amounts, in chips.
    pub amounts: BTreeMap<String, u64>,
    /// How the outcome is worded (see
    /// [`crate::engine::differ::Verdict`]).
    #[serde(skip)]
    pub remedy_variant: Option<&'static str>,
    /// How the amounts are worded.
    #[serde(skip)]
    pub amounts_worded_by: Option<&'static str>,
}

impl From<&crate::engine::differ::Verdict> for RowVerdict {
    fn from(v: &crate::engine::differ::Verdict) -> RowVerdict {
        RowVerdict {
            outcome: v.outcome.to_string(),
            amounts: v.amounts.iter().map(|(k, c)| (k.clone(), *c)).collect(),
            remedy_variant: v.remedy_variant,
            amounts_worded_by: v.amounts_worded_by,
        }
    }
}

impl Row {
    /// What a difference in provision `id` weighs on this row: [`weigh`],
    /// save where the other side words it as a parameter the rulings read
    /// alike, or where an incident reads the other side's silence inside
    /// its rule as the practice. A topic the other edition has no rule on
    /// weighs as [`weigh`] says, whatever the practice states: that
    /// edition binds its floor to nothing there. The one answer for each
    /// line's ★ and order.
    pub fn weighs(&self, catalog: &Catalog, ruled: &Ruled, id: &str, term: Option<Term>) -> Weighs {
        // Wording a parameter the rulings read alike on both sides: no
        // change of ruling.
        if term.is_none()
            && self.worded_as_parameter.iter().any(|p| p == id)
            && !catalog
                .get(id)
                .and_then(|p| p.param.as_deref())
                .and_then(|key| Some((key, self.params.get(key)?)))
                .is_some_and(|(key, d)| d.ruled_apart(key))
        {
            return match weigh(catalog, ruled, id, None) {
                Weighs::Ruling => Weighs::Duty,
                other => other,
            };
        }
        // The other side's silence read as the practice: the same ruling.
        if term.is_none() && self.silence_as_practice.iter().any(|p| p == id) {
            return Weighs::Procedure;
        }
        weigh(catalog, ruled, id, term)
    }

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

    /// Whether the row differs in procedures, explanations or advice only
    /// (a new number, layout or wording aside): a report gives it one line.
    pub fn procedure_only(&self) -> bool {
        self.has(Flag::Procedure)
            && self.flags.iter().all(|f| {
                matches!(
                    f,
                    Flag::Procedure | Flag::Wording | Flag::Renumbered | Flag::Structure
                )
            })
    }

    /// Whether the row is a topic one edition has no rule on, where the TDA
    /// practice that edition applies rules as the other states (procedures
    /// aside): a report gives it one line.
    pub fn practice_only(&self) -> bool {
        self.has(Flag::TdaPractice)
            && self.flags.iter().all(|f| {
                matches!(
                    f,
                    Flag::TdaPractice
                        | Flag::Procedure
                        | Flag::Wording
                        | Flag::Renumbered
                        | Flag::Structure
                )
            })
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
    /// The number that rule is printed with, where the edition prints its
    /// own numbering (DPC's section labels).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed: Option<String>,
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
    /// A ruling reads it (or a provision of kind ruling states it) and
    /// comes out otherwise: the values differ as applied, an edition that
    /// states none taking the TDA practice.
    pub changes_ruling: bool,
    /// In the first edition.
    pub a: Option<Stating>,
    /// In the second edition.
    pub b: Option<Stating>,
    /// What an edition that does not state the parameter states instead
    /// (the house decides the languages): first edition, second edition.
    #[serde(skip_serializing_if = "Provisions::is_empty")]
    pub instead: Provisions,
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
    /// The numbers an edition prints where it numbers its rules its own
    /// way (DPC within each section), per section, as a compact map from
    /// the concordance numbers to the printed ones.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub printed: Vec<Printed>,
    /// The sections both editions print (by title) and number otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<SectionNumber>,
    /// One row per concept, in the first edition's order, then the second's.
    pub rows: Vec<Row>,
    /// The provisions whose difference changes a ruling (see [`weigh`]).
    #[serde(skip)]
    pub ruled: Ruled,
}

/// The provisions an incident reads whose difference between two editions
/// changes one of its rulings: its own tree and module, run under each
/// edition with the provision stated as the other states it, rule some
/// facts otherwise ([`crate::engine::differ`]); and whether one of the two
/// editions plays no stud.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ruled {
    changing: BTreeSet<String>,
    one_without_stud: bool,
}

impl Ruled {
    /// Those of editions `a` and `b`. An edition whose provisions cannot be
    /// read is an error, never an empty set: that would drop every ★ the
    /// incidents give.
    pub fn between(a: &Edition, b: &Edition, shipped: bool) -> crate::Result<Ruled> {
        let found = crate::engine::differ::changing_between(a, b, shipped)?;
        Ok(Ruled {
            changing: found.into_iter().map(str::to_string).collect(),
            one_without_stud: false,
        })
    }

    /// The same, where one of the two editions plays no stud
    /// ([`Index::plays_stud`]): a provision for stud alone then changes
    /// nothing its floor rules.
    pub fn one_without_stud(self, without: bool) -> Ruled {
        Ruled {
            one_without_stud: without,
            ..self
        }
    }

    /// Whether a difference in provision `id` changes a ruling.
    pub fn contains(&self, id: &str) -> bool {
        self.changing.contains(id)
    }

    /// Whether an edition's silence on provision `id` is read as the TDA
    /// practice by the incident that reads it, which rules alike under
    /// both editions: one edition silent on it, the floor rules the same.
    pub fn silence_alike(&self, id: &str) -> bool {
        crate::engine::differ::silence_read_as_practice(id) && !self.contains(id)
    }
}

/// A section both editions print and number, numbered otherwise in each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SectionNumber {
    /// Its title.
    pub title: String,
    /// Its number in the first edition.
    pub a: String,
    /// Its number in the second.
    pub b: String,
}

/// One section's printed numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Printed {
    /// The edition.
    pub edition: String,
    /// The section's title.
    pub section: String,
    /// The concordance numbers (`a`) and the printed ones (`b`), in runs.
    pub runs: Vec<renumber::Run>,
}

/// What to compare.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Only this concept.
    pub concept: Option<String>,
    /// Align the sentences of same-language rows that differ.
    pub sentences: bool,
    /// Both editions are bundled editions as shipped (the embedded data,
    /// no house overlay): which provisions change a ruling is looked up by
    /// their ids ([`crate::engine::differ::changing_between`]).
    pub shipped: bool,
}

/// Compares `a` with `b`. `catalog` tells what each provision is, which
/// topic it belongs to and which parameter it carries.
pub fn compare(
    a: &Edition,
    b: &Edition,
    catalog: &Catalog,
    options: &Options,
) -> crate::Result<Comparison> {
    let index = [Index::of(a, catalog), Index::of(b, catalog)];
    compare_indexed(a, b, &index, catalog, options)
}

/// [`compare`] with the editions' indexes already built (a report that
/// also reads them builds them once).
pub fn compare_indexed<'a>(
    a: &'a Edition,
    b: &'a Edition,
    index: &'a [Index<'a>; 2],
    catalog: &'a Catalog,
    options: &Options,
) -> crate::Result<Comparison> {
    let mut concepts: Vec<&str> = Vec::new();
    let mut seen = BTreeSet::new();
    for rule in a.rules().chain(b.rules()) {
        if seen.insert(rule.concept.as_str()) {
            concepts.push(&rule.concept);
        }
    }
    let ruled = Ruled::between(a, b, options.shipped)?
        .one_without_stud(!index.iter().all(|i| i.plays_stud));
    let ctx = Context {
        index,
        catalog,
        ruled: &ruled,
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
    // One topic asked: the disputes its changes of ruling stand on (each
    // incident that reads a provision ruled again under both editions; too
    // slow for every topic at once).
    if options.concept.is_some() && rows.iter().any(|r| r.has(Flag::Ruling)) {
        let under = [
            crate::engine::differ::Under::of(&crate::rules::Book::Full(a))?,
            crate::engine::differ::Under::of(&crate::rules::Book::Full(b))?,
        ];
        for row in &mut rows {
            row.disputes = row_disputes(row, &ruled, &under);
        }
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
    let in_rows: BTreeSet<&str> = rows.iter().map(|r| r.concept.as_str()).collect();
    let printed = [a, b]
        .into_iter()
        .flat_map(|e| printed_numbers(e, &in_rows))
        .collect();
    // Sections both number, otherwise (one topic asked: none).
    let sections = b
        .sections
        .iter()
        .filter(|_| options.concept.is_none())
        .filter_map(|sb| {
            let sa = a.sections.iter().find(|s| s.title == sb.title)?;
            let (la, lb) = (sa.label.as_ref()?, sb.label.as_ref()?);
            (la != lb).then(|| SectionNumber {
                title: sb.title.clone(),
                a: la.clone(),
                b: lb.clone(),
            })
        })
        .collect();
    Ok(Comparison {
        a: a.id.clone(),
        b: b.id.clone(),
        same_language: ctx.same_language,
        without_provisions,
        summary,
        parameters,
        renumbering: renumber::map(&pairs),
        printed,
        sections,
        rows,
        ruled,
    })
}

fn has_provisions(edition: &Edition) -> bool {
    edition.rules().any(|r| !r.provisions.is_empty())
}

/// Per section of `edition`, its printed numbers of the topics compared.
fn printed_numbers(edition: &Edition, concepts: &BTreeSet<&str>) -> Vec<Printed> {
    if !edition.prints_own_numbers() {
        return Vec::new();
    }
    edition
        .sections
        .iter()
        .filter_map(|section| {
            let pairs: Vec<(String, String)> = section
                .rules
                .iter()
                .filter(|r| concepts.contains(r.concept.as_str()))
                .filter_map(|r| Some((r.number.clone(), r.printed_number()?.to_string())))
                .collect();
            let runs = renumber::map(&pairs);
            (!runs.is_empty()).then(|| Printed {
                edition: edition.id.clone(),
                section: section.title.clone(),
                runs,
            })
        })
        .collect()
}

struct Context<'a> {
    index: &'a [Index<'a>; 2],
    catalog: &'a Catalog,
    ruled: &'a Ruled,
    same_language: bool,
    known: [bool; 2],
}

/// A provision as one edition states it: the rule and its words.
#[derive(Debug, Clone, Copy)]
pub struct Said<'a> {
    /// The rule that states it.
    pub rule: &'a Rule,
    /// What the rule says of it.
    pub stated: &'a Stated,
}

/// An edition's rules by concept and by number, the rules of other topics
/// touching each topic (house rules, and a rule that states a parameter of
/// another topic), and the provisions it states per topic wherever it
/// states them, built once so that comparing takes time in proportion to
/// the rules.
pub struct Index<'a> {
    /// The edition prints a numbering of its own.
    prints: bool,
    /// The edition plays stud: it has no rule on a topic of stud alone
    /// ([`Catalog::stud_topics`]), or one that applies. ONK marks its stud
    /// rules not applicable ("Stud games worden niet gespeeld").
    pub plays_stud: bool,
    /// Where the edition has no rule, its floor applies the TDA practice
    /// the catalog records ([`PRACTICE_NUMBERING`]): a house version or a
    /// text of that TDA version. A plain text of an earlier TDA version
    /// stands as its version stood: a rule added since is a difference.
    follows_practice: bool,
    rule: HashMap<&'a str, &'a Rule>,
    number: HashMap<&'a str, &'a Rule>,
    touching: HashMap<&'a str, Vec<&'a Rule>>,
    said: HashMap<&'a str, Vec<Said<'a>>>,
}

impl<'a> Index<'a> {
    /// The index of `edition`; `catalog` gives each provision's topic.
    pub fn of(edition: &'a Edition, catalog: &'a Catalog) -> Index<'a> {
        let mut rule = HashMap::new();
        let mut number = HashMap::new();
        let mut touching: HashMap<&str, Vec<&Rule>> = HashMap::new();
        let mut said: HashMap<&str, Vec<Said<'a>>> = HashMap::new();
        for r in edition.rules() {
            // The first rule of a concept (or number) is the edition's, as
            // `Edition::rule_for` finds it.
            rule.entry(r.concept.as_str()).or_insert(r);
            number.entry(r.number.as_str()).or_insert(r);
            for t in r.touches.iter().filter(|t| **t != r.concept) {
                touching.entry(t.as_str()).or_default().push(r);
            }
            if r.not_applicable {
                continue;
            }
            for stated in &r.provisions {
                // A provision counts for its own topic, wherever stated.
                let topic = catalog
                    .get(&stated.id)
                    .map_or(r.concept.as_str(), |p| p.concept.as_str());
                let list = said.entry(topic).or_default();
                // Where two rules state it, the topic's own rule speaks.
                match list.iter_mut().find(|s| s.stated.id == stated.id) {
                    Some(s) if s.rule.concept != topic && r.concept == topic => {
                        *s = Said { rule: r, stated }
                    }
                    Some(_) => {}
                    None => list.push(Said { rule: r, stated }),
                }
            }
        }
        Index {
            prints: edition.prints_own_numbers(),
            plays_stud: catalog.plays_stud(edition.rules()),
            follows_practice: edition.house.is_some() || edition.numbering == PRACTICE_NUMBERING,
            rule,
            number,
            touching,
            said,
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

    /// The rules of other topics that touch `concept`: house rules, and
    /// rules that state a parameter of it.
    pub fn touching(&self, concept: &str) -> &[&'a Rule] {
        self.touching.get(concept).map_or(&[], Vec::as_slice)
    }

    /// The house rules of other topics that touch `concept`.
    pub fn house_touching(&self, concept: &str) -> impl Iterator<Item = &'a Rule> + '_ {
        self.touching(concept)
            .iter()
            .copied()
            .filter(|r| r.kind == RuleKind::House)
    }

    /// The provisions of `concept` the edition states in force, wherever
    /// it states them.
    pub fn said(&self, concept: &str) -> &[Said<'a>] {
        self.said.get(concept).map_or(&[], Vec::as_slice)
    }

    /// The number `rule` is printed with, where the edition prints its own
    /// numbering.
    pub fn printed(&self, rule: &Rule) -> Option<String> {
        self.prints
            .then(|| rule.printed_number())
            .flatten()
            .map(str::to_string)
    }
}

/// A parameter as an edition applies it to a topic.
struct Applied<'a> {
    value: serde_json::Value,
    rule: &'a Rule,
    house: bool,
}

/// What a difference weighs.
#[derive(Default)]
struct Weight {
    ruling: bool,
    substance: bool,
    procedure: bool,
}

impl Weight {
    /// A difference in provision `id` (stated on both sides with other
    /// terms, or on one side only).
    fn add(&mut self, catalog: &Catalog, ruled: &Ruled, id: &str, term: Option<Term>) {
        self.count(weigh(catalog, ruled, id, term));
    }

    fn count(&mut self, weighs: Weighs) {
        match weighs {
            Weighs::Ruling => {
                self.substance = true;
                self.ruling = true;
            }
            Weighs::Duty => self.substance = true,
            Weighs::Procedure => self.procedure = true,
        }
    }
}

/// What a difference in one provision weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Weighs {
    /// It changes a ruling (★).
    Ruling,
    /// It is substance without changing a ruling: what a player or the
    /// staff must do.
    Duty,
    /// It is a procedure, an explanation or a recommendation.
    Procedure,
}

/// Whether values `a` and `b` of `term` of provision `id`, both worded,
/// rule alike: the catalog says so and no incident that reads the
/// provision rules otherwise with them ([`Ruled`]).
pub fn rule_alike(
    catalog: &Catalog,
    ruled: &Ruled,
    id: &str,
    term: Term,
    a: Option<&str>,
    b: Option<&str>,
) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => catalog.alike(id, term, a, b) && !ruled.contains(id),
        _ => false,
    }
}

/// What a difference in provision `id` between the editions of `ruled`
/// weighs, in `term` where both state it (`None`: one edition states it
/// alone): a ruling where an incident that reads it rules otherwise with
/// it ([`Ruled`], whatever the catalog calls it) or where the catalog has
/// it as a ruling that is no mere duty. "Must" against "should" in a duty
/// that states no consequence (speak up, report at once) is what the
/// recommendation it becomes under "should" weighs: nothing follows a
/// breach either way. The one answer for the row's flags and each line's
/// ★ and order.
pub fn weigh(catalog: &Catalog, ruled: &Ruled, id: &str, term: Option<Term>) -> Weighs {
    // A provision for stud alone, where one edition plays no stud.
    if ruled.one_without_stud && catalog.get(id).is_some_and(|p| p.stud) {
        return Weighs::Procedure;
    }
    if ruled.contains(id) {
        // An incident that reads a duty rules whether it was breached (an
        // offence, a penalty): a difference in the duty itself.
        return match catalog.get(id) {
            Some(p) if p.duty => Weighs::Duty,
            _ => Weighs::Ruling,
        };
    }
    match catalog.get(id) {
        Some(p) if p.kind == Kind::Ruling && !p.duty => Weighs::Ruling,
        Some(p)
            if p.kind == Kind::Ruling && term == Some(Term::Force) && p.consequence.is_none() =>
        {
            Weighs::Procedure
        }
        Some(p) if p.kind == Kind::Ruling => Weighs::Duty,
        Some(_) => Weighs::Procedure,
        // Not in the catalog: only a house overlay can say so, and it was
        // refused on loading; count it, to be safe.
        None => Weighs::Duty,
    }
}

impl<'a> Context<'a> {
    fn row(&self, concept: &str, sentences: bool) -> (Row, Vec<Parameter>) {
        let [ia, ib] = self.index;
        let (ra, rb) = (ia.rule_for(concept), ib.rule_for(concept));
        let numbers = |index: &Index<'_>| {
            index
                .house_touching(concept)
                .map(|r| r.number.clone())
                .collect()
        };
        let house = House {
            a: numbers(ia),
            b: numbers(ib),
        };
        let known = self.known[0] && self.known[1];
        let both = ra.is_some() && rb.is_some();
        let (sa, sb) = held_here(concept, (ia, ra), (ib, rb), self.catalog);
        let (sa, sb) = (sa.as_slice(), sb.as_slice());
        let mut weight = Weight::default();
        let mut provisions = Provisions::default();
        let mut worded_as_parameter = Vec::new();
        let mut silence_as_practice = Vec::new();
        let mut terms = Vec::new();
        let mut silence = match (ra, rb) {
            (Some(_), None) if ib.follows_practice => Some(Silent::B),
            (None, Some(_)) if ia.follows_practice => Some(Silent::A),
            _ => None,
        }
        .map(|silent| Silence {
            silent,
            as_tda: Vec::new(),
            unlike_tda: Vec::new(),
        });
        let (mut pa, mut pb) = (
            applied(ia.touching(concept), ra, concept),
            applied(ib.touching(concept), rb, concept),
        );
        // A clause a rule holds of another topic brings the value it words
        // (ONK 39's premature flop and turn on the four-card-flop row), as
        // each edition applies it on that topic, where both editions apply
        // one: a value only one states is the clause's own quote already.
        let held: BTreeSet<&str> = sa
            .iter()
            .chain(sb)
            .filter_map(|s| {
                let p = self.catalog.get(&s.stated.id)?;
                (p.concept != concept).then_some(p.param.as_deref()?)
            })
            .collect();
        for key in held {
            let Some(home) = Params::home(key) else {
                continue;
            };
            let value = |index: &Index<'a>| {
                applied(index.touching(home), index.rule_for(home), home).remove(key)
            };
            if let (Some(va), Some(vb)) = (value(ia), value(ib)) {
                pa.entry(key.to_string()).or_insert(va);
                pb.entry(key.to_string()).or_insert(vb);
            }
        }
        // Where an edition has no provisions recorded, nothing can be said
        // of what a topic both have states.
        if known || !both {
            for (mine, theirs, applies, out) in [
                (sa, sb, &pa, &mut provisions.only_a),
                (sb, sa, &pb, &mut provisions.only_b),
            ] {
                for said in mine.iter().filter(|s| {
                    !theirs.iter().any(|t| t.stated.id == s.stated.id) && !self.said_through(s)
                }) {
                    match silence.as_mut() {
                        Some(s)
                            if (self.catalog.as_tda(said.stated)
                                && self.value_as_tda(&said.stated.id, applies))
                                || self.words_practice_value(&said.stated.id) =>
                        {
                            s.as_tda.push(said.stated.id.clone());
                            weight.add(self.catalog, self.ruled, &said.stated.id, None);
                        }
                        Some(s) => {
                            s.unlike_tda.push(said.stated.id.clone());
                            weight.add(self.catalog, self.ruled, &said.stated.id, None);
                        }
                        // An incident reads the other's silence as the
                        // TDA practice, which states it so, and rules
                        // alike under both: the floor rules the same.
                        None if self.catalog.as_tda(said.stated)
                            && self.ruled.silence_alike(&said.stated.id) =>
                        {
                            silence_as_practice.push(said.stated.id.clone());
                        }
                        // Two provisions wording one parameter (onk-2023-nl
                        // "until two players remain" against the TDA's "even
                        // when heads-up"): the parameter weighs the
                        // difference, as the ruling reads its values; values
                        // it reads as one are words, never weighed.
                        None if self.words_their_parameter(said, theirs) => {
                            let id = &said.stated.id;
                            let apart = self
                                .catalog
                                .get(id)
                                .and_then(|p| p.param.as_deref())
                                .is_some_and(|key| {
                                    ParamDiff::of(pa.get(key), pb.get(key)).ruled_apart(key)
                                });
                            if apart {
                                weight.count(weigh(self.catalog, self.ruled, id, None));
                            }
                            worded_as_parameter.push(id.clone());
                        }
                        None => weight.add(self.catalog, self.ruled, &said.stated.id, None),
                    }
                    out.push(self.quote(said));
                }
            }
            for x in sa {
                let Some(y) = sb.iter().find(|y| y.stated.id == x.stated.id) else {
                    continue;
                };
                for term in Term::ALL {
                    let (va, vb) = (worded(&x.stated.terms, term), worded(&y.stated.terms, term));
                    if va == vb {
                        continue;
                    }
                    let id = &x.stated.id;
                    let alike = rule_alike(self.catalog, self.ruled, id, term, va, vb);
                    let d = TermDiff {
                        id: id.clone(),
                        kind: self.kind(id),
                        term,
                        a: va.map(str::to_string),
                        b: vb.map(str::to_string),
                        numbers: [x.rule.number.clone(), y.rule.number.clone()],
                        spans: [x.stated.span.clone(), y.stated.span.clone()],
                        alike,
                    };
                    // A term one edition leaves unworded is silence, and
                    // values that rule alike differ in words: both shown,
                    // never weighed as a difference.
                    if d.weighed() {
                        weight.add(self.catalog, self.ruled, id, Some(term));
                    }
                    terms.push(d);
                }
            }
        }
        let mut params = BTreeMap::new();
        let mut parameters = Vec::new();
        for key in pa.keys().chain(pb.keys()).collect::<BTreeSet<_>>() {
            let (va, vb) = (pa.get(key), pb.get(key));
            // A race's first seat where one edition runs no race: the
            // choice it depends on carries the difference, on its own row.
            let moot = |p: &BTreeMap<String, Applied<'_>>| {
                Params::moot(key, |on| p.get(on).map(|v| v.value.clone()))
            };
            if moot(&pa) || moot(&pb) {
                continue;
            }
            let differs = va.map(|v| &v.value) != vb.map(|v| &v.value);
            // A parameter only procedures or explanations carry (which rule
            // of the edition states a procedure) decides no ruling.
            let decides = self.decides(key);
            let ruling = READ_BY_RULINGS.contains(&key.as_str());
            // Read by a ruling, and not one that settles only what the staff
            // does (`ruled(duty)`).
            let decides_a_ruling = ruling && !Params::decides_duty(key);
            // As the rulings read the two values (the TDA practice where
            // an edition has none). A house rule of another topic weighs
            // here, on the topic whose value it changes, as well as on its
            // own row (ONK MEC-7 on the hand-for-hand payout, as DPC's
            // closing note on the minimum raise).
            let diff = ParamDiff::of(va, vb);
            let ruled_apart = diff.ruled_apart(key);
            if differs {
                params.insert(key.to_string(), diff);
                // A value on each side, or a value no stated provision
                // carries (a house that set it without saying so): the
                // parameter itself is the difference.
                let unquoted =
                    |v: Option<&Applied<'_>>| v.is_some_and(|v| !self.quoted(key, v.rule));
                // Two wordings a ruling reads as one value are shown and
                // never weighed, as a term's values that rule alike.
                if ruled_apart && ((va.is_some() && vb.is_some()) || unquoted(va) || unquoted(vb)) {
                    if decides {
                        weight.substance = true;
                        weight.ruling |= decides_a_ruling || self.carried_by_ruling(key);
                    } else {
                        weight.procedure = true;
                    }
                }
            }
            // A ruling of this crate reads it, or the edition's text carries
            // it in a ruling (DPC's "Min RAISE = 2 times of prior bet").
            let ruled = decides_a_ruling || self.carried_by_ruling(key);
            let changes_ruling = ruled && decides && differs && ruled_apart;
            weight.ruling |= changes_ruling;
            let instead = |v: Option<&Applied<'_>>, said: &[Said<'_>]| match v {
                Some(_) => Vec::new(),
                None => said
                    .iter()
                    .filter(|s| {
                        self.catalog
                            .get(&s.stated.id)
                            .is_some_and(|p| p.instead_of.as_deref() == Some(key.as_str()))
                    })
                    .map(|s| self.quote(s))
                    .collect(),
            };
            // A held clause's value is listed once, under its own topic.
            if Params::home(key) != Some(concept) {
                continue;
            }
            parameters.push(Parameter {
                concept: concept.to_string(),
                param: key.to_string(),
                ruling,
                differs,
                changes_ruling,
                a: va.map(|v| self.stating(key, v, ia)),
                b: vb.map(|v| self.stating(key, v, ib)),
                instead: Provisions {
                    only_a: instead(va, sa),
                    only_b: instead(vb, sb),
                },
            });
        }
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
        if !both && (unrecorded_house_rule(ra) || unrecorded_house_rule(rb)) {
            weight.substance = true;
        }
        // A house rule of its own topic whose provisions are all another
        // topic's (DPC's closing note on the minimum raise) weighs there;
        // its own row shows and weighs them too, so the change is found
        // under either topic. What the other edition states as well is
        // no difference.
        if !both {
            for (rule, mine, theirs, out) in [
                (ra, ia, ib, &mut provisions.only_a),
                (rb, ib, ia, &mut provisions.only_b),
            ] {
                let Some(rule) = rule.filter(|r| {
                    r.kind == RuleKind::House && !r.not_applicable && !self.states_own_topic(r)
                }) else {
                    continue;
                };
                for stated in &rule.provisions {
                    let Some(p) = self.catalog.get(&stated.id) else {
                        continue;
                    };
                    let topic = stated.topic.as_deref().unwrap_or(&p.concept);
                    let shared = theirs.said(topic).iter().any(|t| t.stated.id == stated.id);
                    let in_force = mine
                        .said(topic)
                        .iter()
                        .any(|t| std::ptr::eq(t.stated, stated));
                    if shared || !in_force {
                        continue;
                    }
                    weight.add(self.catalog, self.ruled, &stated.id, None);
                    out.push(self.quote(&Said { rule, stated }));
                }
            }
        }
        let mut flags = BTreeSet::new();
        if inapplicable(ra) != inapplicable(rb) {
            flags.insert(Flag::NotApplicable);
        }
        // Two versions of one house share the changes of the overlays both
        // build on: only the others count.
        let changed = |r: Option<&'a Rule>| r.map_or(&[][..], |r| r.changed_by.as_slice());
        let is_house = |r: Option<&Rule>| r.is_some_and(|r| r.kind == RuleKind::House);
        if house.a != house.b || changed(ra) != changed(rb) || is_house(ra) != is_house(rb) {
            flags.insert(Flag::House);
        }
        let mut aligned = None;
        let mut unrecorded = Unrecorded::default();
        if let (Some(x), Some(y)) = (ra, rb) {
            if x.number != y.number && number_key(&x.number) != number_key(&y.number) {
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
                        weight.substance = true;
                    }
                    if sentences {
                        aligned = Some(steps);
                    }
                }
                if reworded && !weight.substance {
                    flags.insert(Flag::Wording);
                }
            }
        }
        if weight.ruling {
            flags.insert(Flag::Ruling);
            flags.insert(Flag::Substance);
        }
        if weight.substance {
            flags.insert(Flag::Substance);
        }
        if weight.procedure {
            flags.insert(Flag::Procedure);
        }
        let silence = silence.filter(|s| !s.as_tda.is_empty() || !s.unlike_tda.is_empty());
        if silence.as_ref().is_some_and(|s| !s.as_tda.is_empty()) {
            flags.insert(Flag::TdaPractice);
        }
        let status = match (ra, rb) {
            (Some(_), None) => Status::OnlyA,
            (None, _) => Status::OnlyB,
            _ if flags.iter().any(|f| *f != Flag::Renumbered) => Status::Changed,
            _ if flags.contains(&Flag::Renumbered) => Status::Renumbered,
            _ => Status::Same,
        };
        let side = |index: &Index<'_>, rule: &Rule| Side {
            number: rule.number.clone(),
            title: rule.title.clone(),
            printed: index.printed(rule),
        };
        let row = Row {
            concept: concept.to_string(),
            a: ra.map(|r| side(ia, r)),
            b: rb.map(|r| side(ib, r)),
            status,
            params,
            flags: flags.into_iter().collect(),
            provisions,
            terms,
            house,
            unrecorded,
            silence,
            sentences: aligned,
            worded_as_parameter,
            silence_as_practice,
            disputes: Vec::new(),
        };
        (row, parameters)
    }

    fn kind(&self, id: &str) -> Kind {
        self.catalog.get(id).map_or(Kind::Ruling, |p| p.kind)
    }

    fn quote(&self, said: &Said<'_>) -> Quote {
        Quote {
            id: said.stated.id.clone(),
            number: said.rule.number.clone(),
            span: said.stated.span.clone(),
            kind: self.kind(&said.stated.id),
        }
    }

    /// Whether a rule of another topic states the provision only through
    /// another it states ([`crate::rules::provisions::Provision::implied_by`]):
    /// that one weighs the difference on its own row.
    fn said_through(&self, said: &Said<'_>) -> bool {
        let Some(p) = self.catalog.get(&said.stated.id) else {
            return false;
        };
        let Some(implied) = &p.implied_by else {
            return false;
        };
        said.rule.concept != p.concept
            && said.rule.provisions.iter().any(|s| {
                s.id == implied.provision
                    && worded(&s.terms, implied.term)
                        .is_some_and(|v| implied.values.iter().any(|w| w == v))
            })
    }

    /// Whether `rule` states a provision carrying `key`.
    fn quoted(&self, key: &str, rule: &Rule) -> bool {
        rule.provisions.iter().any(|s| {
            self.catalog
                .get(&s.id)
                .is_some_and(|p| p.param.as_deref() == Some(key))
        })
    }

    /// Whether `key` can decide a ruling: a ruling carries it, or no
    /// provision does.
    fn decides(&self, key: &str) -> bool {
        let mut carriers = self.catalog.carrying(key).peekable();
        carriers.peek().is_none() || carriers.any(|p| p.kind == Kind::Ruling)
    }

    /// Whether the parameter value a provision states is the TDA
    /// practice's: the catalog's mark holds a provision's terms, not the
    /// value of the parameter it carries (a halt 2 players short is not the
    /// practice's 3), where the practice has a value (`Params`' TDA
    /// defaults). A provision naming one value of a list parameter states
    /// that value in itself; an edition that sets no value applies the
    /// practice.
    /// Whether provision `id` words a parameter's value that a ruling reads
    /// as the TDA practice's ("until two players remain", read as the
    /// event, against the practice's "even when heads-up").
    fn words_practice_value(&self, id: &str) -> bool {
        let Some(p) = self.catalog.get(id) else {
            return false;
        };
        let (Some(key), Some(value)) = (&p.param, &p.value) else {
            return false;
        };
        let ruled = |v| crate::rules::params::as_ruled(key, v);
        Params::default()
            .value_or_tda(key)
            .is_some_and(|tda| ruled(serde_json::Value::String(value.clone())) == ruled(tda))
    }

    fn value_as_tda(&self, id: &str, applies: &BTreeMap<String, Applied<'_>>) -> bool {
        let Some(p) = self.catalog.get(id) else {
            return false;
        };
        match (&p.param, &p.value) {
            (Some(key), None) => match Params::default().value_or_tda(key) {
                Some(tda) => applies.get(key).is_none_or(|v| v.value == tda),
                // No practice value to hold it to: the mark says it.
                None => true,
            },
            _ => true,
        }
    }

    /// Whether `rule` states a provision of its own topic (one the record
    /// does not file under another topic).
    fn states_own_topic(&self, rule: &Rule) -> bool {
        rule.provisions.iter().any(|s| {
            s.topic.is_none()
                && self
                    .catalog
                    .get(&s.id)
                    .is_some_and(|p| p.concept == rule.concept)
        })
    }

    /// Whether a provision of kind ruling that is no mere duty carries
    /// `key`.
    /// Whether `said` carries a parameter one of `theirs` carries too.
    fn words_their_parameter(&self, said: &Said<'_>, theirs: &[Said<'_>]) -> bool {
        let param = |s: &Said<'_>| self.catalog.get(&s.stated.id).and_then(|p| p.param.clone());
        param(said).is_some_and(|key| theirs.iter().any(|t| param(t).as_deref() == Some(&key)))
    }

    fn carried_by_ruling(&self, key: &str) -> bool {
        self.catalog
            .carrying(key)
            .any(|p| p.kind == Kind::Ruling && !p.duty)
    }

    /// The value of `key` with the words that state it.
    fn stating(&self, key: &str, applied: &Applied<'_>, index: &Index<'_>) -> Stating {
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
            printed: index.printed(applied.rule),
            spans,
        }
    }
}

/// The provisions each edition states on `concept`, wherever it states
/// them, and those the topic's own rule of either edition states of another
/// topic (ONK's rule 39 holds the premature-card procedures; house rules
/// weigh on the topics they touch in [`Context::row`]): the other
/// edition's statement of one of those, wherever it is, stands against it,
/// so a difference in it is found under either topic.
fn held_here<'a>(
    concept: &str,
    (ia, ra): (&Index<'a>, Option<&'a Rule>),
    (ib, rb): (&Index<'a>, Option<&'a Rule>),
    catalog: &Catalog,
) -> (Vec<Said<'a>>, Vec<Said<'a>>) {
    let (mut sa, mut sb) = (ia.said(concept).to_vec(), ib.said(concept).to_vec());
    let (Some(ra), Some(rb)) = (ra, rb) else {
        return (sa, sb);
    };
    // Each rule's own statements of another topic, then the other
    // edition's statement of each, wherever it is. A house rule's
    // provisions of other topics weigh where `Context::row` weighs house
    // rules.
    let elsewhere = |rule: &'a Rule| -> Vec<(Said<'a>, String)> {
        rule.provisions
            .iter()
            .filter(|_| !rule.not_applicable && rule.kind != RuleKind::House)
            .filter_map(|stated| {
                let topic = &catalog.get(&stated.id)?.concept;
                (topic != concept).then(|| (Said { rule, stated }, topic.clone()))
            })
            .collect()
    };
    let (held_a, held_b) = (elsewhere(ra), elsewhere(rb));
    for (mine, own, theirs, index) in [
        (&mut sa, &held_a, &held_b, ia),
        (&mut sb, &held_b, &held_a, ib),
    ] {
        for (said, _) in own {
            if !mine.iter().any(|s| s.stated.id == said.stated.id) {
                mine.push(*said);
            }
        }
        for (said, topic) in theirs {
            let id = &said.stated.id;
            if mine.iter().any(|s| s.stated.id == *id) {
                continue;
            }
            if let Some(s) = index.said(topic).iter().find(|s| s.stated.id == *id) {
                mine.push(*s);
            }
        }
    }
    (sa, sb)
}

/// The disputes of `row`: one per provision it shows differing whose
/// difference changes a ruling.
fn row_disputes(
    row: &Row,
    ruled: &Ruled,
    [a, b]: &[crate::engine::differ::Under; 2],
) -> Vec<RowDispute> {
    let ids: BTreeSet<&str> = row
        .terms
        .iter()
        .map(|t| t.id.as_str())
        .chain(row.provisions.only_a.iter().map(|q| q.id.as_str()))
        .chain(row.provisions.only_b.iter().map(|q| q.id.as_str()))
        .filter(|id| ruled.contains(id))
        .collect();
    let by_provision = ids
        .into_iter()
        .filter_map(|id| Some((Some(id), crate::engine::differ::dispute(a, b, id)?)));
    let by_param = row
        .params
        .iter()
        .filter(|(key, d)| READ_BY_RULINGS.contains(&key.as_str()) && d.ruled_apart(key))
        .filter_map(|(key, _)| Some((None, crate::engine::differ::param_dispute(a, b, key)?)));
    let mut seen = Vec::new();
    by_provision
        .chain(by_param)
        // Two changes shown by one dispute (the clock's seconds and its
        // countdown): shown once.
        .filter(|(_, d)| {
            let key = (d.incident, d.facts.clone(), d.a.clone(), d.b.clone());
            let new = !seen.contains(&key);
            seen.push(key);
            new
        })
        .map(|(provision, d)| RowDispute {
            incident: d.incident.to_string(),
            provision: provision.map(str::to_string),
            param: provision.is_none().then(|| d.changed.clone()),
            answers: d.facts.clone(),
            a: (&d.a).into(),
            b: (&d.b).into(),
        })
        .collect()
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

/// The parameters of a topic as the edition applies them: the rule's own,
/// then those the rules touching the topic set for it (house rules, and a
/// rule of another topic that states one of its parameters: later rules
/// win, as in rulings).
fn applied<'a>(
    touching: &[&'a Rule],
    rule: Option<&'a Rule>,
    concept: &str,
) -> BTreeMap<String, Applied<'a>> {
    let mut out = BTreeMap::new();
    if let Some(rule) = rule {
        // A parameter a rule states for a topic it touches is that topic's.
        let own = |k: &str| Params::home(k) == Some(concept);
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
    for &other in touching {
        for (k, v) in other.params.to_map() {
            if Params::home(&k) == Some(concept) {
                out.insert(
                    k,
                    Applied {
                        value: v,
                        rule: other,
                        house: other.kind == RuleKind::House,
                    },
                );
            }
        }
    }
    out
}

/// Which of the rule is marked not applicable: the whole, or parts by
/// position (a part's position path, outermost first).
fn inapplicable(rule: Option<&Rule>) -> (bool, Vec<Vec<usize>>) {
    fn walk(parts: &[Part], at: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        for (i, p) in parts.iter().enumerate() {
            at.push(i);
            if p.not_applicable {
                out.push(at.clone());
            }
            walk(&p.parts, at, out);
            at.pop();
        }
    }
    let mut parts = Vec::new();
    match rule {
        Some(r) => {
            walk(&r.parts, &mut Vec::new(), &mut parts);
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

    /// "Must" against "should" weighs by what follows: nothing in a duty
    /// that states no consequence, substance in a duty that states one, a
    /// ruling in an outcome the floor decides or where an incident rules
    /// otherwise with it; every other term of a duty stays substance. A
    /// duty an incident rules otherwise with stays a duty (the incident
    /// rules whether it was breached); a provision for stud alone weighs
    /// nothing where one edition plays no stud.
    #[test]
    fn a_duty_s_force_weighs_only_where_a_consequence_follows() {
        let provisions: Vec<crate::rules::provisions::Provision> = crate::yaml::from_str(
            "- {id: speak-up, concept: c, kind: ruling, duty: true, en: e, nl: n, de: d, sk: s}\n\
             - {id: detour, concept: c, kind: ruling, duty: true, consequence: penalty, en: e, nl: n, de: d, sk: s}\n\
             - {id: penalised, concept: c, kind: ruling, en: e, nl: n, de: d, sk: s}\n\
             - {id: advice, concept: c, kind: recommendation, en: e, nl: n, de: d, sk: s}\n",
            "test",
        )
        .expect("provisions");
        let catalog = Catalog::new(provisions);
        let none = Ruled::default();
        let cases = [
            ("speak-up", Some(Term::Force), Weighs::Procedure),
            ("speak-up", Some(Term::When), Weighs::Duty),
            ("speak-up", None, Weighs::Duty),
            ("detour", Some(Term::Force), Weighs::Duty),
            ("penalised", Some(Term::Force), Weighs::Ruling),
            ("advice", Some(Term::Force), Weighs::Procedure),
        ];
        for (id, term, weighs) in cases {
            assert_eq!(weigh(&catalog, &none, id, term), weighs, "{id} {term:?}");
        }
        let ruled = Ruled {
            changing: BTreeSet::from(["speak-up".to_string(), "advice".to_string()]),
            one_without_stud: false,
        };
        assert_eq!(
            weigh(&catalog, &ruled, "speak-up", Some(Term::Force)),
            Weighs::Duty
        );
        assert_eq!(weigh(&catalog, &ruled, "advice", None), Weighs::Ruling);
        let stud: Vec<crate::rules::provisions::Provision> = crate::yaml::from_str(
            "- {id: bring-in, concept: c, kind: ruling, stud: true, en: e, nl: n, de: d, sk: s}\n",
            "test",
        )
        .expect("provisions");
        let stud = Catalog::new(stud);
        assert_eq!(weigh(&stud, &none, "bring-in", None), Weighs::Ruling);
        let one_without = Ruled::default().one_without_stud(true);
        assert_eq!(
            weigh(&stud, &one_without, "bring-in", None),
            Weighs::Procedure
        );
    }

    /// Values the catalog groups as ruling alike differ in words only, in
    /// either order, unless an incident reading the provision rules
    /// otherwise; other values, a provision without groups and silence
    /// stay as they were.
    #[test]
    fn values_the_catalog_rules_alike_are_not_weighed() {
        let provisions: Vec<crate::rules::provisions::Provision> = crate::yaml::from_str(
            "- {id: ban, concept: c, kind: ruling, en: e, nl: n, de: d, sk: s,\n   \
                terms: {force: {forbidden: ~, discouraged: ~, must: ~}},\n   \
                alike: {force: [[forbidden, discouraged]]}}\n\
             - {id: plain, concept: c, kind: ruling, en: e, nl: n, de: d, sk: s,\n   \
                terms: {force: {forbidden: ~, discouraged: ~}}}\n",
            "test",
        )
        .expect("provisions");
        let catalog = Catalog::new(provisions);
        let none = Ruled::default();
        let alike = |ruled: &Ruled, id: &str, a: Option<&str>, b: Option<&str>| {
            rule_alike(&catalog, ruled, id, Term::Force, a, b)
        };
        assert!(alike(&none, "ban", Some("forbidden"), Some("discouraged")));
        assert!(alike(&none, "ban", Some("discouraged"), Some("forbidden")));
        assert!(!alike(&none, "ban", Some("forbidden"), Some("must")));
        assert!(!alike(&none, "ban", Some("forbidden"), None));
        assert!(!alike(
            &none,
            "plain",
            Some("forbidden"),
            Some("discouraged")
        ));
        assert!(!rule_alike(
            &catalog,
            &none,
            "ban",
            Term::When,
            Some("forbidden"),
            Some("discouraged")
        ));
        let ruled = Ruled {
            changing: BTreeSet::from(["ban".to_string()]),
            one_without_stud: false,
        };
        assert!(!alike(
            &ruled,
            "ban",
            Some("forbidden"),
            Some("discouraged")
        ));
        let diff = |a: Option<&str>, b: Option<&str>, alike: bool| TermDiff {
            id: "ban".into(),
            kind: Kind::Ruling,
            term: Term::Force,
            a: a.map(str::to_string),
            b: b.map(str::to_string),
            numbers: Default::default(),
            spans: Default::default(),
            alike,
        };
        assert!(diff(Some("forbidden"), Some("must"), false).weighed());
        assert!(!diff(Some("forbidden"), Some("discouraged"), true).weighed());
        assert!(!diff(Some("forbidden"), None, false).weighed());
    }

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

    /// A provision carrying a parameter declared `ruled(duty)` is no
    /// ruling of its own: its difference stars nothing the parameter does
    /// not.
    #[test]
    fn a_duty_parameter_s_provisions_are_duties() {
        let catalog = Catalog::load(&crate::data::DataSource::Embedded)
            .expect("catalog")
            .expect("a bundled catalog");
        let mut carried = BTreeSet::new();
        for p in catalog.iter() {
            if let Some(key) = p.param.as_deref().filter(|k| Params::decides_duty(k)) {
                assert!(p.kind != Kind::Ruling || p.duty, "{}", p.id);
                carried.insert(key);
            }
        }
        let declared: BTreeSet<&str> = Params::KEYS
            .iter()
            .copied()
            .filter(|k| Params::decides_duty(k))
            .collect();
        assert_eq!(carried, declared);
    }

    #[test]
    fn procedures_share_one_numbering() {
        assert_eq!(number_key("OP-5"), number_key("RP-5"));
        assert_ne!(number_key("RP-5"), number_key("RP-6"));
    }

    /// Every parameter declared `ruled` ([`READ_BY_RULINGS`]) is read
    /// through `Resolved` by a ruling (reading one not declared so does not
    /// compile).
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
