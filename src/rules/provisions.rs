//! Provisions: what a rule states that a ruling depends on ("an undercall
//! heads-up must be made a full call", "a joker in the deck is a misdeal"),
//! as ids every edition shares whatever its language and numbering.
//!
//! The catalog (`locales/provisions.yaml`) describes each provision in the
//! four UI languages, says what kind of statement it is (a ruling, a
//! procedure, an explanation or a recommendation: how much a difference in
//! it weighs), names the parameter it carries a value of, if any, and the
//! terms in which editions word it differently: who, what, when, in which games,
//! what follows, "at least" or "exactly", "and" or "or", "must" or "may".
//! Each edition's record (`locales/<lang>/provisions/<edition>.yaml`) lists,
//! per rule number, the provisions the rule states with the words of its
//! own text that state them, and the value of each term the provision has:
//! so two editions in different languages are held against each other on
//! the same point. A rule may state a clause of another topic (`topic:`),
//! as editions do; it counts for that topic. The records sit beside the
//! editions rather than inside them, so an edition file stays the seed's
//! text and commands that do not compare editions never read them.
//!
//! No I/O beyond reading the data tree; no printing.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::data::DataSource;
use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::rules::{Edition, Lang, Params, Part, Rule, RuleKind, Stated, Terms};

/// The path of the provision catalog in a data tree.
pub const CATALOG_PATH: &str = crate::data::CATALOG_PATH;

/// The shared term value a record gives where its text says nothing of the
/// term: silence, shown and never weighed as a difference.
pub const UNSAID: &str = "unsaid";

/// The value `terms` gives `term`, unless the text says nothing of it.
pub fn worded(terms: &Terms, term: Term) -> Option<&str> {
    terms.get(term).filter(|v| *v != UNSAID)
}

/// The path of an edition's provision record in a data tree.
pub fn record_path(lang: Lang, edition: &str) -> String {
    format!("locales/{}/provisions/{edition}.yaml", lang.code())
}

/// What a provision is: how much a difference in it weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// What the floor rules or enforces: an outcome, an amount, a right,
    /// what a player must or must not do. A difference is substance.
    Ruling,
    /// How dealers and staff carry out the game, deciding nothing for a
    /// player.
    Procedure,
    /// A definition, a purpose, a reminder of another rule.
    Explanation,
    /// Advice: what the TDA or the house recommends.
    Recommendation,
}

impl Kind {
    /// The id, as in the data files and JSON.
    pub fn id(self) -> &'static str {
        match self {
            Kind::Ruling => "ruling",
            Kind::Procedure => "procedure",
            Kind::Explanation => "explanation",
            Kind::Recommendation => "recommendation",
        }
    }
}

/// What a provision states follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Consequence {
    /// A penalty may or will be given.
    Penalty,
    /// The hand is dead.
    DeadHand,
    /// The action binds.
    Binding,
}

/// A term in which editions word one provision differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Term {
    /// Who it binds or protects.
    Who,
    /// What is required, said or measured.
    What,
    /// When, or on what condition, it applies.
    When,
    /// In which games or betting structures.
    Scope,
    /// What follows.
    Then,
    /// A bound: "at least" or "exactly".
    Bound,
    /// Conditions joined by "and" or by "or".
    Joint,
    /// "Must", "should", "may", "will".
    Force,
}

impl Term {
    /// Every term, in the order they are shown.
    pub const ALL: [Term; 8] = [
        Term::Who,
        Term::What,
        Term::When,
        Term::Scope,
        Term::Then,
        Term::Bound,
        Term::Joint,
        Term::Force,
    ];

    /// The term with this id, as in the data files (`when`, `then`, ...).
    pub fn of_id(id: &str) -> Option<Term> {
        Term::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The id, as in the data files and JSON.
    pub fn id(self) -> &'static str {
        match self {
            Term::Who => "who",
            Term::What => "what",
            Term::When => "when",
            Term::Scope => "scope",
            Term::Then => "then",
            Term::Bound => "bound",
            Term::Joint => "joint",
            Term::Force => "force",
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A short text in the four UI languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// English.
    #[serde(default, deserialize_with = "described_en")]
    pub en: String,
    /// Dutch.
    #[serde(default, deserialize_with = "described_nl")]
    pub nl: String,
    /// German.
    #[serde(default, deserialize_with = "described_de")]
    pub de: String,
    /// Slovak.
    #[serde(default, deserialize_with = "described_sk")]
    pub sk: String,
}

/// Which languages' descriptions a catalog keeps when it is read: a report
/// needs the UI language's, a JSON answer none, `floor check` all four.
/// Those left out read as empty texts (they are never shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Descriptions {
    /// All four languages.
    All,
    /// One language.
    Only(Lang),
    /// None: ids, kinds, terms and parameters only.
    None,
}

thread_local! {
    /// What the catalog being read keeps ([`Catalog::load_describing`]).
    static KEEP: std::cell::Cell<Descriptions> = const { std::cell::Cell::new(Descriptions::All) };
}

/// A description in `lang`, read only where the catalog keeps it.
fn described<'de, D: Deserializer<'de>>(d: D, lang: Lang) -> Result<String, D::Error> {
    let keep = match KEEP.with(std::cell::Cell::get) {
        Descriptions::All => true,
        Descriptions::Only(l) => l == lang,
        Descriptions::None => false,
    };
    if keep {
        String::deserialize(d)
    } else {
        serde::de::IgnoredAny::deserialize(d).map(|_| String::new())
    }
}

fn described_en<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    described(d, Lang::En)
}

fn described_nl<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    described(d, Lang::Nl)
}

fn described_de<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    described(d, Lang::De)
}

fn described_sk<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    described(d, Lang::Sk)
}

impl Words {
    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Nl => &self.nl,
            Lang::De => &self.de,
            Lang::Sk => &self.sk,
        }
    }
}

/// One provision of the catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provision {
    /// Its id, a slug.
    pub id: String,
    /// The topic it belongs to.
    pub concept: String,
    /// What it is.
    pub kind: Kind,
    /// For a ruling: it states what a player or the staff must do rather
    /// than an outcome the floor decides, so a difference in it is
    /// substance without changing a ruling.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub duty: bool,
    /// For a duty: what its text states follows a breach (can be
    /// penalised). A duty stating none is worded as a recommendation where
    /// an edition says "should": "must" against "should" then changes
    /// nothing the floor rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consequence: Option<Consequence>,
    /// The terms editions word differently, each with the values it can
    /// take: a value of its own (described here), or one of the catalog's
    /// shared values (`~`: "must", "at least", "or"...).
    #[serde(default, skip_serializing_if = "Unique::is_empty")]
    pub terms: Unique<Unique<Option<Words>>, Term>,
    /// Per term, groups of its values the floor rules alike ("100%
    /// identifiable" and "100% identifiable and retrievable": a card is
    /// identified by taking it back). Two editions wording such values
    /// differ in words only: the difference is shown, never weighed.
    #[serde(default, skip_serializing_if = "Unique::is_empty")]
    pub alike: Unique<Vec<Vec<String>>, Term>,
    /// It can apply only in a stud hand (stud, razz, the stud rounds of a
    /// mixed game): where an edition plays no stud, a difference in it
    /// changes nothing its floor rules.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stud: bool,
    /// The parameter whose value it states, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param: Option<String>,
    /// For a list parameter: the one element it states.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// English description.
    #[serde(default, deserialize_with = "described_en")]
    pub en: String,
    /// Dutch description.
    #[serde(default, deserialize_with = "described_nl")]
    pub nl: String,
    /// German description.
    #[serde(default, deserialize_with = "described_de")]
    pub de: String,
    /// Slovak description.
    #[serde(default, deserialize_with = "described_sk")]
    pub sk: String,
    /// Where an edition does not state `param` but states this instead
    /// (the house decides the languages; halting at fewer than three
    /// players), the parameter's line says so rather than "not stated".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instead_of: Option<String>,
    /// Another provision that says this one where it takes one of these
    /// values (ONK 43's "unless … all-in" says a player's last chips are
    /// all-in, a clause of multiple-chips). A rule of another topic that
    /// states this provision only so weighs nothing where the other
    /// edition lacks it: the provision it goes through weighs the
    /// difference on its own row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implied_by: Option<Implied>,
    /// The TDA practice states it (TDA 2019, which a ruling applies where
    /// an edition has no rule), with the value of each term it words;
    /// absent where the practice does not state it. Where one edition has
    /// no rule on a topic, what the other states weighs only where it is
    /// not the practice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tda: Option<Terms>,
}

/// A provision that says another where one of its terms takes one of
/// `values` ([`Provision::implied_by`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Implied {
    /// The provision that says it.
    pub provision: String,
    /// The term whose value says it.
    pub term: Term,
    /// The values that say it.
    pub values: Vec<String>,
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

/// The pieces of `text` between `sep` bytes, as `str::split` gives them;
/// `terminated`: `sep` ends each piece (`str::split_terminator`). The
/// bundled records are split with the vectorised `memchr`: `str::split`
/// scans a byte at a time.
fn pieces(text: &str, sep: u8, terminated: bool) -> impl Iterator<Item = &str> {
    let mut rest = (!(terminated && text.is_empty())).then_some(text);
    std::iter::from_fn(move || {
        let r = rest?;
        match memchr::memchr(sep, r.as_bytes()) {
            Some(at) => {
                // `sep` is ASCII: both ends are character boundaries.
                rest = r.get(at + 1..).filter(|t| !(terminated && t.is_empty()));
                r.get(..at)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// The provision catalog, in file order (provisions of one topic together).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Catalog {
    provisions: Vec<Provision>,
    /// Compare looks provisions up by id thousands of times a run: hashed.
    by_id: foldhash::HashMap<String, usize>,
    /// The provisions carrying each parameter, in file order: compare asks
    /// it for every parameter of every row.
    by_param: BTreeMap<String, Vec<usize>>,
    shared: Unique<Words>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    /// Values any provision's terms may use: "must", "at least", "or"...
    #[serde(default)]
    shared: Unique<Words>,
    provisions: Vec<Provision>,
}

impl Catalog {
    /// Builds a catalog; a repeated id keeps its first entry (`problems`
    /// reports it).
    pub fn new(provisions: Vec<Provision>) -> Catalog {
        Catalog::with_shared(provisions, Unique::default())
    }

    /// Builds a catalog whose terms may use the `shared` values.
    pub fn with_shared(provisions: Vec<Provision>, shared: Unique<Words>) -> Catalog {
        let mut by_id = foldhash::HashMap::default();
        let mut by_param: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, p) in provisions.iter().enumerate() {
            by_id.entry(p.id.clone()).or_insert(i);
            if let Some(param) = &p.param {
                by_param.entry(param.clone()).or_default().push(i);
            }
        }
        Catalog {
            provisions,
            by_id,
            by_param,
            shared,
        }
    }

    /// Reads the catalog of a data tree, every description; `None` when
    /// the tree has none.
    pub fn load(source: &DataSource) -> crate::Result<Option<Catalog>> {
        Catalog::load_describing(source, Descriptions::All)
    }

    /// The catalog built into the binary, read once per process: a ruling
    /// reads it for its notes, and a replay rules many steps.
    pub fn bundled() -> crate::Result<&'static Catalog> {
        static BUNDLED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        if let Some(catalog) = BUNDLED.get() {
            return Ok(catalog);
        }
        let read = Catalog::load(&DataSource::Embedded)?.unwrap_or_default();
        Ok(BUNDLED.get_or_init(|| read))
    }

    /// Reads the catalog keeping only the descriptions asked for (most of
    /// the file is the four languages' texts).
    pub fn load_describing(
        source: &DataSource,
        keep: Descriptions,
    ) -> crate::Result<Option<Catalog>> {
        let bare = match keep {
            Descriptions::None => source.catalog_without_descriptions(),
            _ => None,
        };
        let Some(file) = bare.map_or_else(|| source.read(CATALOG_PATH), |f| Ok(Some(f)))? else {
            return Ok(None);
        };
        let before = KEEP.with(|k| k.replace(keep));
        let parsed: crate::Result<CatalogFile> = file.parse();
        KEEP.with(|k| k.set(before));
        let parsed = parsed?;
        Ok(Some(Catalog::with_shared(parsed.provisions, parsed.shared)))
    }

    /// The words for `value` of `term` of provision `id`: its own, or the
    /// shared value's.
    pub fn term_words(&self, id: &str, term: Term, value: &str) -> Option<&Words> {
        let values = self.get(id)?.terms.get(&term)?;
        match values.get(value)? {
            Some(own) => Some(own),
            None => self.shared.get(value),
        }
    }

    /// The values `term` of provision `id` can take (none when it has no
    /// such term).
    pub fn term_values(&self, id: &str, term: Term) -> Vec<&str> {
        self.get(id)
            .and_then(|p| p.terms.get(&term))
            .map(|values| values.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }

    /// Whether values `a` and `b` of `term` of provision `id` rule alike
    /// (one of its `alike` groups holds both).
    pub fn alike(&self, id: &str, term: Term, a: &str, b: &str) -> bool {
        self.get(id)
            .and_then(|p| p.alike.get(&term))
            .is_some_and(|groups| {
                groups
                    .iter()
                    .any(|g| g.iter().any(|v| v == a) && g.iter().any(|v| v == b))
            })
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

    /// Whether the TDA practice states the provision as `stated` does: no
    /// term both word is worded otherwise (a term one leaves unworded is
    /// silence, as between two editions).
    pub fn as_tda(&self, stated: &Stated) -> bool {
        self.get(&stated.id)
            .and_then(|p| p.tda.as_ref())
            .is_some_and(|tda| {
                stated.terms.iter().all(|(term, value)| {
                    value == UNSAID || worded(tda, term).is_none_or(|t| t == value)
                })
            })
    }

    /// The topics of stud alone: those whose every provision is for stud
    /// only.
    pub fn stud_topics(&self) -> BTreeSet<&str> {
        // Hashed: compare asks it of both editions, over every provision.
        let mut all_stud: foldhash::HashMap<&str, bool> = foldhash::HashMap::default();
        for p in self.iter() {
            *all_stud.entry(p.concept.as_str()).or_insert(true) &= p.stud;
        }
        all_stud
            .into_iter()
            .filter_map(|(concept, stud)| stud.then_some(concept))
            .collect()
    }

    /// Whether an edition with `rules` plays stud: it has no rule on the
    /// topics of stud alone ([`Catalog::stud_topics`]), or one not marked
    /// not applicable (onk-2023-nl marks them all: "Stud games worden niet
    /// gespeeld bij Mec Events").
    pub fn plays_stud<'r>(&self, rules: impl IntoIterator<Item = &'r Rule>) -> bool {
        let stud = self.stud_topics();
        let mut any = false;
        for rule in rules
            .into_iter()
            .filter(|r| stud.contains(r.concept.as_str()))
        {
            if !rule.not_applicable {
                return true;
            }
            any = true;
        }
        !any
    }

    /// The provisions that carry `param`.
    pub fn carrying<'a>(&'a self, param: &'a str) -> impl Iterator<Item = &'a Provision> {
        self.by_param
            .get(param)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter_map(|&i| self.provisions.get(i))
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
            if p.duty && p.kind != Kind::Ruling {
                out.push(id(Msg::CheckProvisionDutyKind).arg("kind", p.kind.id()));
            }
            if let Some(param) = &p.instead_of
                && !Params::KEYS.contains(&param.as_str())
            {
                out.push(id(Msg::CheckProvisionNotParam).arg("param", param));
            }
            if let Some(implied) = &p.implied_by {
                let values = self.term_values(&implied.provision, implied.term);
                for value in implied
                    .values
                    .iter()
                    .filter(|v| !values.contains(&v.as_str()))
                {
                    out.push(
                        id(Msg::CheckImpliedByValue)
                            .arg("other", &implied.provision)
                            .arg("term", implied.term)
                            .arg("value", value),
                    );
                }
            }
            for (term, value) in p.tda.iter().flat_map(Terms::iter) {
                if p.terms
                    .get(&term)
                    .is_none_or(|values| values.get(value).is_none())
                {
                    out.push(
                        id(Msg::CheckTdaTermValue)
                            .arg("term", term)
                            .arg("value", value),
                    );
                }
            }
            for (term, value) in p
                .alike
                .iter()
                .flat_map(|(t, gs)| gs.iter().flatten().map(move |v| (t, v)))
            {
                if p.terms
                    .get(term)
                    .is_none_or(|values| values.get(value).is_none())
                {
                    out.push(
                        id(Msg::CheckAlikeTermValue)
                            .arg("term", term)
                            .arg("value", value),
                    );
                }
            }
            for (term, values) in p.terms.iter() {
                if values.is_empty() {
                    out.push(id(Msg::CheckTermNoValues).arg("term", term));
                }
                for (value, words) in values.iter() {
                    let value_problem = |msg: Msg| id(msg).arg("term", term).arg("value", value);
                    if !is_slug(value) {
                        out.push(value_problem(Msg::CheckTermValueNotSlug));
                    }
                    match words {
                        Some(words) => {
                            for lang in Lang::ALL {
                                let text = words.text(lang);
                                if text.trim().is_empty() || text.chars().any(char::is_control) {
                                    out.push(
                                        value_problem(Msg::CheckTermValueWords)
                                            .arg("lang", lang.code()),
                                    );
                                }
                            }
                        }
                        None if self.shared.get(value).is_none() => {
                            out.push(value_problem(Msg::CheckTermValueUnknown))
                        }
                        None => {}
                    }
                }
            }
        }
        out
    }
}

/// An edition's provision record: per rule number, provision id → what
/// the rule says of it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The edition it describes.
    pub edition: String,
    /// Per rule number, the provisions it states.
    pub rules: Unique<Unique<Statement>>,
}

/// What a rule says of one provision: the words that state it, and the
/// value of each of the provision's terms. Written as the words alone
/// where the provision has no terms and is of the rule's own topic.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Statement {
    /// The words of the rule's own text that state it.
    pub span: String,
    /// The provision's topic, where it is not the rule's: the rule states
    /// a clause of another topic.
    pub topic: Option<String>,
    /// The value of each term.
    pub terms: Terms,
}

impl Statement {
    /// The provision `id` as a rule states it.
    pub fn into_stated(self, id: String) -> Stated {
        Stated {
            id,
            span: self.span,
            topic: self.topic,
            terms: self.terms,
        }
    }
}

/// A statement is its words alone, or a mapping with `span` and terms.
impl<'de> Deserialize<'de> for Statement {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        statement(d)
    }
}

fn statement<'de, D: Deserializer<'de>>(d: D) -> Result<Statement, D::Error> {
    struct Either;
    impl<'de> Visitor<'de> for Either {
        type Value = Statement;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("the words that state it, or a mapping with `span` and its terms")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Statement, E> {
            Ok(Statement {
                span: v.to_string(),
                ..Statement::default()
            })
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Statement, A::Error> {
            #[derive(Deserialize)]
            #[serde(deny_unknown_fields)]
            struct Full {
                span: String,
                #[serde(default)]
                topic: Option<String>,
                #[serde(default)]
                who: Option<String>,
                #[serde(default)]
                what: Option<String>,
                #[serde(default)]
                when: Option<String>,
                #[serde(default)]
                scope: Option<String>,
                #[serde(default)]
                then: Option<String>,
                #[serde(default)]
                bound: Option<String>,
                #[serde(default)]
                joint: Option<String>,
                #[serde(default)]
                force: Option<String>,
            }
            let f = Full::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
            Ok(Statement {
                span: f.span,
                topic: f.topic,
                terms: Terms {
                    who: f.who,
                    what: f.what,
                    when: f.when,
                    scope: f.scope,
                    then: f.then,
                    bound: f.bound,
                    joint: f.joint,
                    force: f.force,
                },
            })
        }
    }
    d.deserialize_any(Either)
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unique<V, K = String>(pub Vec<(K, V)>);

impl<V, K> Default for Unique<V, K> {
    fn default() -> Self {
        Unique(Vec::new())
    }
}

impl<V, K> Unique<V, K> {
    /// The value of `key`.
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: std::borrow::Borrow<Q>,
        Q: PartialEq + ?Sized,
    {
        self.0
            .iter()
            .find(|(k, _)| k.borrow() == key)
            .map(|(_, v)| v)
    }

    /// The keys, in file order.
    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.0.iter().map(|(k, _)| k)
    }

    /// The entries, in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// Whether it has no entry.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<V: Serialize, K: Serialize> Serialize for Unique<V, K> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, V, K> Deserialize<'de> for Unique<V, K>
where
    V: Deserialize<'de>,
    K: Deserialize<'de> + PartialEq + fmt::Display,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<V, K>(std::marker::PhantomData<(V, K)>);
        impl<'de, V, K> Visitor<'de> for Entries<V, K>
        where
            V: Deserialize<'de>,
            K: Deserialize<'de> + PartialEq + fmt::Display,
        {
            type Value = Unique<V, K>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out: Vec<(K, V)> = Vec::new();
                while let Some(key) = map.next_key::<K>()? {
                    if out.iter().any(|(k, _)| *k == key) {
                        return Err(crate::yaml::custom_error(
                            Message::new(Msg::OverlayKeyTwice).arg("key", key),
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
pub fn attach(edition: &mut Edition, record: Record, catalog: &Catalog) -> Vec<Message> {
    let mut problems = Vec::new();
    let id = edition.id.clone();
    // Rule numbers to rules, found once (a record lists every rule).
    let mut rules: std::collections::HashMap<String, &mut Rule> =
        edition.rules_mut().map(|r| (r.number.clone(), r)).collect();
    for (number, stated) in record.rules.0 {
        let Some(rule) = rules.get_mut(number.as_str()) else {
            problems.push(
                Message::new(Msg::CheckRecordNoRule)
                    .arg("number", number)
                    .arg("edition", &id),
            );
            continue;
        };
        let mut list = Vec::new();
        for (id, statement) in stated.0 {
            if catalog.get(&id).is_none() {
                problems.push(
                    Message::new(Msg::CheckRecordUnknownProvision)
                        .arg("rule", &number)
                        .arg("id", &id)
                        .arg("file", CATALOG_PATH),
                );
                continue;
            }
            list.push(statement.into_stated(id));
        }
        list.sort_by_cached_key(|s| catalog.position(&s.id));
        rule.provisions = list;
    }
    problems
}

/// Every bundled record, extracted by the build: per edition (sorted), its
/// statements as one text (see `record_tables` in build.rs). Attaching from
/// it parses no YAML or JSON (compare reads two records at every run).
static BUNDLED_RECORDS: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/provision_records.rs"));

/// The terms of one statement of a bundled record: its next fields, in
/// the order the build writes them.
fn terms_in(next: &mut impl FnMut() -> Option<String>) -> Terms {
    Terms {
        who: next(),
        what: next(),
        when: next(),
        scope: next(),
        then: next(),
        bound: next(),
        joint: next(),
        force: next(),
    }
}

/// The bundled record of edition `id` as the build extracted it: per rule
/// number (sorted), its statements; `None` where there is none (or a line
/// the build did not write).
fn bundled_record(id: &str) -> Option<Vec<(&'static str, Vec<Stated>)>> {
    let at = BUNDLED_RECORDS
        .binary_search_by(|(e, _)| (*e).cmp(id))
        .ok()?;
    let (_, text) = BUNDLED_RECORDS.get(at)?;
    let mut rules: Vec<(&str, Vec<Stated>)> = Vec::new();
    for line in pieces(text, 0x1e, true) {
        let mut fields = pieces(line, 0x1f, false);
        let number = fields.next().unwrap_or_default();
        let mut next = || fields.next().filter(|f| !f.is_empty()).map(str::to_string);
        let (Some(id), Some(span)) = (next(), next()) else {
            return None;
        };
        let stated = Stated {
            id,
            span,
            topic: next(),
            terms: terms_in(&mut next),
        };
        match rules.last_mut() {
            Some((n, list)) if *n == number => list.push(stated),
            _ => rules.push((number, vec![stated])),
        }
    }
    Some(rules)
}

/// The terms with which `book` states provision `id` (where several of its
/// rules state it, the first in the document's order, as [`StatedIn::of`]
/// reads them); `None` where it does not state it or records no provisions.
/// A bundled edition's record is scanned for that one provision, not
/// parsed whole.
pub fn terms_of(book: &crate::rules::Book, id: &str) -> Option<Terms> {
    match book {
        crate::rules::Book::Full(e) => e
            .rules()
            .flat_map(|r| r.provisions.iter())
            .find(|s| s.id == id)
            .map(|s| s.terms.clone()),
        crate::rules::Book::Indexed { index, .. } => {
            let at = BUNDLED_RECORDS
                .binary_search_by(|(e, _)| (*e).cmp(index.head.id.as_str()))
                .ok()?;
            let (_, text) = BUNDLED_RECORDS.get(at)?;
            let mut found: Vec<(&str, Terms)> = Vec::new();
            for line in pieces(text, 0x1e, true) {
                let mut fields = pieces(line, 0x1f, false);
                let number = fields.next().unwrap_or_default();
                if fields.next() != Some(id) {
                    continue;
                }
                // The span and the topic, then the terms in their order.
                let mut next = || fields.next().filter(|f| !f.is_empty()).map(str::to_string);
                let (_span, _topic) = (next(), next());
                found.push((number, terms_in(&mut next)));
            }
            index
                .rules
                .iter()
                .find_map(|entry| found.iter().find(|(n, _)| *n == entry.number))
                .map(|(_, terms)| terms.clone())
        }
    }
}

/// Attaches the bundled record of `edition` as the build extracted it;
/// `false`, with the edition untouched, where there is none or it names a
/// rule the edition does not have (the record is then parsed, and its
/// problems reported).
fn attach_bundled(edition: &mut Edition) -> bool {
    let Some(mut rules) = bundled_record(&edition.id) else {
        return false;
    };
    let find = |number: &str| rules.binary_search_by(|(n, _)| (*n).cmp(number)).ok();
    // Every recorded number must be a rule of the edition, once (`attach`
    // holds one rule per number).
    let mut found: Vec<usize> = edition.rules().filter_map(|r| find(&r.number)).collect();
    let count = found.len();
    found.sort_unstable();
    found.dedup();
    if count != rules.len() || found.len() != count {
        return false;
    }
    for rule in edition.rules_mut() {
        let at = rules.binary_search_by(|(n, _)| (*n).cmp(rule.number.as_str()));
        if let Some((_, list)) = at.ok().and_then(|i| rules.get_mut(i)) {
            rule.provisions = std::mem::take(list);
        }
    }
    true
}

/// Loads the edition's record and attaches it: the edition with its
/// provisions (as it was where the data tree records none).
pub fn with_provisions(
    mut edition: Edition,
    source: &DataSource,
    catalog: &Catalog,
) -> crate::Result<Edition> {
    // The bundled catalog is the one the build ordered the statements by.
    if matches!(source, DataSource::Embedded) && attach_bundled(&mut edition) {
        return Ok(edition);
    }
    let Some(record) = Record::load(source, &edition)? else {
        return Ok(edition);
    };
    let problems = attach(&mut edition, record, catalog);
    if let Some(first) = problems.into_iter().next() {
        return Err(
            LoadError::file(&record_path(edition.language, &edition.id), None, first).into(),
        );
    }
    Ok(edition)
}

/// The provisions an edition states, for a ruling that turns on its words
/// (see [`crate::engine::Cx::states`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatedIn(BTreeMap<String, Terms>);

impl StatedIn {
    /// The provisions `book` states, with their terms: a bundled edition's
    /// record, or those attached to the rules of an edition parsed whole (a
    /// house overlay carries its base's); `None` when none are recorded.
    pub fn of(book: &crate::rules::Book) -> crate::Result<Option<StatedIn>> {
        let mut stated = BTreeMap::new();
        match book {
            crate::rules::Book::Full(e) => {
                for s in e.rules().flat_map(|r| r.provisions.iter()) {
                    stated
                        .entry(s.id.clone())
                        .or_insert_with(|| s.terms.clone());
                }
            }
            crate::rules::Book::Indexed { index, .. } => {
                let Some(mut rules) = bundled_record(&index.head.id) else {
                    return Ok(None);
                };
                // In document order, as the rules of an edition parsed whole.
                for entry in &index.rules {
                    let at = rules.binary_search_by(|(n, _)| (*n).cmp(entry.number));
                    let Some((_, list)) = at.ok().and_then(|i| rules.get_mut(i)) else {
                        continue;
                    };
                    for s in std::mem::take(list) {
                        stated.entry(s.id).or_insert(s.terms);
                    }
                }
            }
        }
        Ok((!stated.is_empty()).then_some(StatedIn(stated)))
    }

    /// The provisions TDA practice states, with its terms: what an edition
    /// without a provisions record is read as where a ruling must not stop
    /// (see [`crate::engine::Cx::stated_or_practice`]).
    pub fn tda_practice(catalog: &Catalog) -> StatedIn {
        StatedIn(
            catalog
                .iter()
                .filter_map(|p| Some((p.id.clone(), p.tda.clone()?)))
                .collect(),
        )
    }

    /// Provisions as given, without terms (tests).
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(ids: I) -> StatedIn {
        StatedIn(
            ids.into_iter()
                .map(|id| (id.into(), Terms::default()))
                .collect(),
        )
    }

    /// The terms of provision `id` where the edition states it.
    pub fn terms(&self, id: &str) -> Option<&Terms> {
        self.0.get(id)
    }

    /// The same provisions with `id` stated as `terms` say (`None`: not
    /// stated), to ask what a ruling would be if only `id` read otherwise.
    pub fn with(&self, id: &str, terms: Option<&Terms>) -> StatedIn {
        let mut stated = self.0.clone();
        match terms {
            Some(t) => stated.insert(id.to_string(), t.clone()),
            None => stated.remove(id),
        };
        StatedIn(stated)
    }
}

/// Every bundled record's statements as (edition, provision, rule number,
/// words), sorted by edition and provision, extracted by the build: a
/// ruling that cites a provision looks its words up here instead of
/// parsing the record. One text, and per statement where its four fields
/// begin and the last ends (see [`bundled_span`]).
static BUNDLED_SPANS: (&str, &[[u32; 5]]) =
    include!(concat!(env!("OUT_DIR"), "/provision_spans.rs"));

/// A statement of [`BUNDLED_SPANS`] as (edition, provision, rule number,
/// words).
fn bundled_span(at: &[u32; 5]) -> (&'static str, &'static str, &'static str, &'static str) {
    let field = |from: u32, to: u32| {
        let range = usize::try_from(from).unwrap_or(usize::MAX)..usize::try_from(to).unwrap_or(0);
        BUNDLED_SPANS.0.get(range).unwrap_or_default()
    };
    let [a, b, c, d, e] = *at;
    (field(a, b), field(b, c), field(c, d), field(d, e))
}

/// The rules of `book` that state provision `id`: each one's number and
/// words; `None` where the book records no provisions at all (an edition
/// parsed whole without its record), so that silence is never read as "not
/// stated". An edition parsed whole with its record (a house overlay too)
/// carries them on its rules; a bundled edition read through its index, in
/// its record (as the build extracted it).
pub fn statements_of(book: &crate::rules::Book, id: &str) -> Option<Vec<(String, String)>> {
    match book {
        crate::rules::Book::Full(e) => {
            if e.rules().all(|rule| rule.provisions.is_empty()) {
                return None;
            }
            Some(
                e.rules()
                    .flat_map(|rule| {
                        rule.provisions
                            .iter()
                            .filter(|s| s.id == id)
                            .map(|s| (rule.number.clone(), s.span.clone()))
                    })
                    .collect(),
            )
        }
        crate::rules::Book::Indexed { index, .. } => {
            let edition = index.head.id.as_str();
            let spans = BUNDLED_SPANS.1;
            let start = spans.partition_point(|s| bundled_span(s).0 < edition);
            let of_edition = spans.get(start..).unwrap_or_default();
            if of_edition
                .first()
                .is_none_or(|s| bundled_span(s).0 != edition)
            {
                return None;
            }
            let key = (edition, id);
            let from = of_edition.partition_point(|s| {
                let (e, p, ..) = bundled_span(s);
                (e, p) < key
            });
            Some(
                of_edition
                    .get(from..)
                    .unwrap_or_default()
                    .iter()
                    .map(bundled_span)
                    .take_while(|(e, p, ..)| (*e, *p) == key)
                    .map(|(_, _, number, span)| (number.to_string(), span.to_string()))
                    .collect(),
            )
        }
    }
}

/// The label of `rule`'s part whose words hold `span` (the first, at the
/// top level: the part a citation names).
pub fn part_holding<'r>(rule: &'r Rule, span: &str) -> Option<&'r str> {
    let span = squeeze(span);
    rule.parts
        .iter()
        .find(|p| quotes(&squeeze(&p.full_text()), &span))
        .map(|p| p.label.as_str())
}

/// A record's `scope` value that limits a provision to some games: the
/// words "In no-limit and pot-limit, ..." (TDA 42 and 47).
pub const NO_LIMIT_POT_LIMIT: &str = "no-limit-pot-limit";

/// How a rule is cited for a ruling of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForGame {
    /// As the ruling cites it.
    Cite,
    /// At this other part of it: the part cited speaks of other games only.
    Part(String),
    /// Not at all: every provision it states speaks of other games only
    /// (its number, for the card to say so).
    Not(String),
}

/// How the rule of `book` for `concept` (at `part`) is cited for a ruling
/// of `game`: where every provision the rule (or the part) states is
/// limited by its words to other games (the record's `scope` term), it is
/// cited at a part that speaks of `game`, or not at all. A rule whose
/// provisions are not recorded is cited as it is.
pub fn for_game(
    book: &crate::rules::Book,
    concept: &str,
    part: Option<&str>,
    game: crate::poker::Game,
) -> crate::Result<ForGame> {
    use crate::poker::Game;
    // The one scope a record gives names no-limit and pot-limit: a ruling
    // of those games reads no record.
    if matches!(game, Game::NoLimit | Game::PotLimit) {
        return Ok(ForGame::Cite);
    }
    let Some(rule) = book.rule_for(concept)? else {
        return Ok(ForGame::Cite);
    };
    let stated = match book {
        crate::rules::Book::Full(_) => rule.provisions.clone(),
        crate::rules::Book::Indexed { index, .. } => bundled_record(&index.head.id)
            .and_then(|rules| {
                rules
                    .into_iter()
                    .find(|(number, _)| *number == rule.number)
                    .map(|(_, list)| list)
            })
            .unwrap_or_default(),
    };
    // Limit, from here on: a provision speaks of it unless its words name
    // no-limit and pot-limit.
    let speaks_of_game = |s: &Stated| worded(&s.terms, Term::Scope) != Some(NO_LIMIT_POT_LIMIT);
    let in_part = |label: &str, s: &Stated| part_holding(&rule, &s.span) == Some(label);
    let cited: Vec<&Stated> = stated
        .iter()
        .filter(|s| part.is_none_or(|p| in_part(p, s)))
        .collect();
    let speaks = |label: &str| {
        stated
            .iter()
            .any(|s| in_part(label, s) && speaks_of_game(s))
    };
    let other_games_only = |label: &str| stated.iter().any(|s| in_part(label, s)) && !speaks(label);
    if cited.is_empty() {
        return Ok(ForGame::Cite);
    }
    if cited.iter().any(|s| speaks_of_game(s)) {
        // Cited whole, a rule with a part for other games only (47-A) is
        // quoted at its part for this game (47-B).
        let whole_mixed = part.is_none() && rule.parts.iter().any(|p| other_games_only(&p.label));
        return Ok(
            match rule.parts.iter().find(|p| whole_mixed && speaks(&p.label)) {
                Some(p) => ForGame::Part(p.label.clone()),
                None => ForGame::Cite,
            },
        );
    }
    let other = rule
        .parts
        .iter()
        .find(|p| Some(p.label.as_str()) != part && speaks(&p.label));
    Ok(match other {
        Some(p) => ForGame::Part(p.label.clone()),
        None => ForGame::Not(rule.number.clone()),
    })
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

/// The terms of `provision` a statement of it leaves out: a record that
/// quotes a provision must say which of its terms the words state.
pub fn terms_not_given<'a>(
    stated: &'a Stated,
    provision: &'a Provision,
) -> impl Iterator<Item = Term> + 'a {
    provision
        .terms
        .keys()
        .copied()
        .filter(|term| stated.terms.get(*term).is_none())
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
        // topic (a house rule also those of the topics it touches), and a
        // clause of another topic where the record names that topic.
        let own_topic = provision.concept == rule.concept
            || (rule.kind == RuleKind::House && rule.touches.contains(&provision.concept));
        match &stated.topic {
            Some(topic) if *topic != provision.concept => out.push(
                id(Msg::CheckProvisionTopicNamed)
                    .arg("topic", topic)
                    .arg("other", &provision.concept),
            ),
            Some(_) => {}
            None if !own_topic => out.push(
                id(Msg::CheckProvisionOtherTopic)
                    .arg("concept", &rule.concept)
                    .arg("other", &provision.concept),
            ),
            None => {}
        }
        for (term, value) in stated.terms.iter() {
            let values = catalog.term_values(&stated.id, term);
            if values.is_empty() {
                out.push(id(Msg::CheckTermNotOfProvision).arg("term", term));
            } else if !values.contains(&value) {
                out.push(
                    id(Msg::CheckTermValueNotOfProvision)
                        .arg("term", term)
                        .arg("value", value)
                        .arg("list", values.join(", ")),
                );
            }
        }
        if quoted {
            for term in terms_not_given(stated, provision) {
                out.push(id(Msg::CheckTermNotGiven).arg("term", term));
            }
        }
        let span = squeeze(&stated.span);
        if span.is_empty() {
            out.push(id(Msg::CheckProvisionNoSpan));
        } else if !quotes(&text, &span) {
            out.push(id(Msg::CheckSpanNotInText).arg("span", span.escape_debug()));
        }
        // A clause of another topic the record names: its parameter is
        // set, and checked, on that topic's rule.
        let param = provision.param.as_ref().filter(|_| stated.topic.is_none());
        if let Some(param) = param {
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
    if quoted {
        for (param, gap) in param_gaps(rule, catalog) {
            let m = n(match &gap {
                ParamGap::NoProvision => Msg::CheckParamNoProvision,
                ParamGap::NotQuoted(_) => Msg::CheckParamNotQuoted,
                ParamGap::ElementNotQuoted(_) => Msg::CheckParamElementNotQuoted,
            })
            .arg("param", &param);
            out.push(match gap {
                ParamGap::NoProvision => m,
                ParamGap::NotQuoted(carriers) => m.arg("list", carriers.join(", ")),
                ParamGap::ElementNotQuoted(element) => m.arg("value", element),
            });
        }
    }
    out
}

/// How a parameter a rule states lacks the provision that quotes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamGap {
    /// No provision of the catalog carries the parameter.
    NoProvision,
    /// Provisions carry it (these ids), but the rule states none of them.
    NotQuoted(Vec<String>),
    /// A list parameter's element whose own provision the rule does not
    /// state.
    ElementNotQuoted(String),
}

/// The parameters `rule` states that no provision it states quotes: a
/// bundled edition's rule quotes every parameter it sets, and an imported
/// one sets none its record does not quote.
pub fn param_gaps(rule: &Rule, catalog: &Catalog) -> Vec<(String, ParamGap)> {
    let ids: BTreeSet<&str> = rule.provisions.iter().map(|s| s.id.as_str()).collect();
    let mut out = Vec::new();
    for (param, value) in rule.params.to_map() {
        let carriers: Vec<&Provision> = catalog.carrying(&param).collect();
        if carriers.is_empty() {
            out.push((param, ParamGap::NoProvision));
            continue;
        }
        let stated: Vec<&Provision> = carriers
            .iter()
            .copied()
            .filter(|p| ids.contains(p.id.as_str()))
            .collect();
        if stated.is_empty() {
            let list = carriers.iter().map(|p| p.id.clone()).collect();
            out.push((param, ParamGap::NotQuoted(list)));
            continue;
        }
        // A list parameter whose elements have provisions of their own:
        // every element must be quoted.
        if let serde_json::Value::Array(items) = &value
            && carriers.iter().any(|p| p.value.is_some())
            && !stated.iter().any(|p| p.value.is_none())
        {
            for item in items {
                let element = scalar(item);
                if !stated
                    .iter()
                    .any(|p| p.value.as_deref() == Some(element.as_str()))
                {
                    out.push((param.clone(), ParamGap::ElementNotQuoted(element)));
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

    #[test]
    fn pieces_are_those_of_str_split() {
        for text in [
            "",
            "a",
            "a\x1f",
            "\x1f",
            "a\x1fb",
            "a\x1f\x1fb\x1f",
            "é\x1fü",
        ] {
            let ours: Vec<&str> = pieces(text, 0x1f, false).collect();
            assert_eq!(ours, text.split('\x1f').collect::<Vec<_>>(), "{text:?}");
            let ours: Vec<&str> = pieces(text, 0x1f, true).collect();
            let std: Vec<&str> = text.split_terminator('\x1f').collect();
            assert_eq!(ours, std, "{text:?}");
        }
    }

    /// The bundled editions and provision catalog.
    fn bundled() -> (crate::rules::Store, Catalog) {
        let store = crate::rules::Store::open(DataSource::Embedded).expect("store");
        let catalog = Catalog::load(&DataSource::Embedded)
            .expect("catalog")
            .expect("a bundled catalog");
        (store, catalog)
    }

    /// Attaching the table the build extracted gives every bundled
    /// edition the provisions parsing its record gives, in the same order.
    #[test]
    fn the_extracted_records_attach_as_the_parsed_ones() {
        let (store, catalog) = bundled();
        let editions = store.editions().expect("editions");
        assert_eq!(editions.len(), 5);
        for edition in editions {
            let mut bundled = edition.clone();
            assert!(attach_bundled(&mut bundled), "{}: no table", edition.id);
            let record = Record::load(&DataSource::Embedded, edition)
                .expect("record")
                .expect("a bundled record");
            let mut parsed = edition.clone();
            assert!(attach(&mut parsed, record, &catalog).is_empty());
            assert_eq!(bundled, parsed, "{}", edition.id);
        }
    }

    /// A bundled edition read through its index states the provisions, with
    /// the terms, that the edition parsed whole with its record states: the
    /// incidents read the first, compare and the differ the second.
    #[test]
    fn an_indexed_edition_states_what_the_edition_parsed_whole_states() {
        let (store, catalog) = bundled();
        let ids: Vec<String> = store.ids().map(str::to_string).collect();
        assert_eq!(ids.len(), 5);
        for id in &ids {
            let book = store.book(id).expect("book");
            assert!(matches!(book, crate::rules::Book::Indexed { .. }), "{id}");
            let indexed = StatedIn::of(&book).expect("read").expect("stated");
            let whole = store.edition_owned(id).expect("edition");
            let whole = with_provisions(whole, &DataSource::Embedded, &catalog).expect("record");
            let parsed = StatedIn::of(&crate::rules::Book::Full(&whole))
                .expect("read")
                .expect("stated");
            assert_eq!(indexed, parsed, "{id}");
        }
    }

    /// One provision looked up alone ([`terms_of`]) has the terms the whole
    /// record read ([`StatedIn::of`]) gives it, for every provision of the
    /// catalog in every bundled edition, read through its index and parsed
    /// whole; one the edition does not state has none.
    #[test]
    fn a_provision_looked_up_alone_has_the_terms_of_the_whole_record() {
        let (store, catalog) = bundled();
        let ids: Vec<String> = store.ids().map(str::to_string).collect();
        let mut worded = 0;
        for id in &ids {
            let book = store.book(id).expect("book");
            let whole = store.edition_owned(id).expect("edition");
            let whole = with_provisions(whole, &DataSource::Embedded, &catalog).expect("record");
            let full = crate::rules::Book::Full(&whole);
            let stated = StatedIn::of(&book).expect("read").expect("stated");
            for p in catalog.iter() {
                let expected = stated.terms(&p.id).cloned();
                worded += usize::from(expected.as_ref().is_some_and(|t| !t.is_empty()));
                assert_eq!(terms_of(&book, &p.id), expected, "{id} {}", p.id);
                assert_eq!(terms_of(&full, &p.id), expected, "{id} {} (whole)", p.id);
            }
        }
        assert!(worded > 50, "{worded}");
    }

    /// The words the build extracted are the record's, rule by rule, in
    /// every bundled edition: the index and the edition parsed whole with
    /// its record give the same spans.
    #[test]
    fn the_extracted_spans_are_the_records() {
        let (store, catalog) = bundled();
        let ids: Vec<String> = store
            .editions()
            .expect("editions")
            .iter()
            .map(|e| e.id.clone())
            .collect();
        let mut editions = 0;
        for id in ids {
            let indexed = store.book(&id).expect("book");
            let whole = with_provisions(
                store.edition(&id).expect("edition").clone(),
                &DataSource::Embedded,
                &catalog,
            )
            .expect("record");
            let whole = crate::rules::Book::Full(&whole);
            let mut stated = 0;
            for provision in catalog.iter() {
                let from_index = statements_of(&indexed, &provision.id).expect("recorded");
                assert_eq!(
                    Some(&from_index),
                    statements_of(&whole, &provision.id).as_ref(),
                    "{id} {}",
                    provision.id
                );
                stated += from_index.len();
            }
            assert!(stated > 100, "{id}: {stated}");
            editions += 1;
        }
        assert_eq!(editions, 5);
    }

    fn provision(id: &str, param: Option<&str>, value: Option<&str>) -> Provision {
        Provision {
            id: id.into(),
            concept: "calling-clock".into(),
            kind: Kind::Ruling,
            duty: false,
            consequence: None,
            terms: Unique::default(),
            alike: Unique::default(),
            stud: false,
            param: param.map(str::to_string),
            value: value.map(str::to_string),
            en: "e".into(),
            nl: "n".into(),
            de: "d".into(),
            sk: "s".into(),
            instead_of: None,
            implied_by: None,
            tda: None,
        }
    }

    fn stated(id: &str, span: &str) -> Stated {
        Stated {
            id: id.into(),
            span: span.into(),
            topic: None,
            terms: Terms::default(),
        }
    }

    /// A parameter a ruling reads weighs as its provisions do: declared
    /// `ruled(duty)` exactly where every ruling that carries it is a duty
    /// (the languages, the turn condition on a count). A declaration that
    /// disagrees would star a duty, or leave a ruling unstarred, on the
    /// parameter line alone.
    #[test]
    fn a_parameter_read_by_rulings_weighs_as_the_provisions_carrying_it() {
        let catalog = Catalog::load(&DataSource::Embedded)
            .expect("catalog")
            .expect("bundled");
        let mut wrong = Vec::new();
        for key in crate::rules::params::READ_BY_RULINGS {
            let rulings: Vec<&Provision> = catalog
                .carrying(key)
                .filter(|p| p.kind == Kind::Ruling)
                .collect();
            if rulings.is_empty() {
                continue;
            }
            let duties = rulings.iter().all(|p| p.duty);
            if duties != Params::decides_duty(key) {
                wrong.push(format!("{key}: carried by duties only: {duties}"));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    /// Read keeping no description, the bundled catalog is the same from
    /// its descriptions-free copy as from the file itself.
    #[test]
    fn the_catalog_without_descriptions_is_the_catalog_read_without_them() {
        let source = DataSource::Embedded;
        let bare = Catalog::load_describing(&source, Descriptions::None)
            .expect("bare")
            .expect("a bundled catalog");
        let file = source.read(CATALOG_PATH).expect("read").expect("the file");
        let before = KEEP.with(|k| k.replace(Descriptions::None));
        let whole: crate::Result<CatalogFile> = file.parse();
        KEEP.with(|k| k.set(before));
        let whole = whole.expect("the whole file");
        assert!(source.catalog_without_descriptions().is_some());
        assert_eq!(bare.provisions, whole.provisions);
        assert_eq!(bare.shared, whole.shared);
        assert!(bare.provisions.len() > 100);
    }

    /// The provisions carrying a parameter, looked up in the index, are
    /// those a scan of the catalog finds, in the same order; a parameter
    /// none carries has none.
    #[test]
    fn the_carriers_of_a_parameter_are_those_a_scan_finds() {
        let catalog = Catalog::load(&DataSource::Embedded)
            .expect("catalog")
            .expect("a bundled catalog");
        let params: BTreeSet<&str> = catalog
            .provisions
            .iter()
            .filter_map(|p| p.param.as_deref())
            .collect();
        assert!(params.len() > 10);
        for param in params.iter().copied().chain(["no-such-parameter"]) {
            let scanned: Vec<&str> = catalog
                .provisions
                .iter()
                .filter(|p| p.param.as_deref() == Some(param))
                .map(|p| p.id.as_str())
                .collect();
            let indexed: Vec<&str> = catalog.carrying(param).map(|p| p.id.as_str()).collect();
            assert_eq!(indexed, scanned, "{param}");
        }
    }

    /// A statement agrees with the TDA practice unless a term both word
    /// is worded otherwise; a provision the practice does not state never
    /// agrees.
    #[test]
    fn the_tda_practice_agrees_unless_a_term_both_word_differs() {
        let terms = |yaml: &str| -> Terms { crate::yaml::from_str(yaml, "test").expect(yaml) };
        let mut tda = provision("p-tda", None, None);
        tda.tda = Some(terms("{when: mucked, joint: and}"));
        let catalog = Catalog::new(vec![tda, provision("p-house", None, None)]);
        let cases = [
            ("p-tda", "{}", true),
            ("p-tda", "{when: mucked}", true),
            ("p-tda", "{joint: or}", false),
            ("p-tda", "{force: may}", true),
            ("p-tda", "{joint: unsaid}", true),
            ("p-house", "{}", false),
            ("p-unknown", "{}", false),
        ];
        for (id, given, agrees) in cases {
            let stated = Stated {
                terms: terms(given),
                ..stated(id, "x")
            };
            assert_eq!(catalog.as_tda(&stated), agrees, "{id} {given}");
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
            stated("clock-time", "have 30 seconds"),
            stated("clock-dead", "The hand is dead."),
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
        rule.provisions = vec![stated("misdeal-joker", "A joker.")];
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

    /// A statement is the words alone or a mapping with terms; a clause of
    /// another topic names it; terms must be the provision's, with its
    /// values, and a bundled edition gives every one.
    #[test]
    fn statements_give_terms_and_name_another_topic() {
        let record: Record = crate::yaml::from_str(
            "edition: x\nrules:\n  \"30\":\n    a: \"Plain words.\"\n    b: {span: \"Other words.\", topic: misdeals, when: touches, force: must}\n",
            "test",
        )
        .expect("record");
        let (_, statements) = &record.rules.0[0];
        assert_eq!(statements.0[0].1.span, "Plain words.");
        let b = &statements.0[1].1;
        assert_eq!(b.topic.as_deref(), Some("misdeals"));
        assert_eq!(b.terms.when.as_deref(), Some("touches"));
        assert!(
            crate::yaml::from_str::<Record>(
                "edition: x\nrules:\n  \"30\":\n    b: {span: w, whom: x}\n",
                "test",
            )
            .is_err(),
            "an unknown term is refused"
        );
        let file: CatalogFile = crate::yaml::from_str(
            "shared:\n  must: {en: must, nl: moet, de: muss, sk: musí}\nprovisions:\n  - id: dead-in-muck\n    concept: misdeals\n    kind: ruling\n    terms:\n      when:\n        touches: {en: touching, nl: raakt, de: berührt, sk: dotkne}\n        pushed: {en: pushed, nl: geschoven, de: geschoben, sk: posunuté}\n      force: {must: ~}\n    en: e\n    nl: n\n    de: d\n    sk: s\n",
            "test",
        )
        .expect("catalog");
        let catalog = Catalog::with_shared(file.provisions, file.shared);
        assert!(catalog.problems(&BTreeSet::from(["misdeals"])).is_empty());
        let file: CatalogFile = crate::yaml::from_str(
            "shared:\n  must: {en: must, nl: moet, de: muss, sk: musí}\nprovisions:\n  - id: kill\n    concept: misdeals\n    kind: ruling\n    terms:\n      force: {must: ~}\n    alike:\n      force: [[must, should]]\n    en: e\n    nl: n\n    de: d\n    sk: s\n",
            "test",
        )
        .expect("catalog");
        let problems: Vec<String> = Catalog::with_shared(file.provisions, file.shared)
            .problems(&BTreeSet::from(["misdeals"]))
            .iter()
            .map(Message::to_string)
            .collect();
        assert_eq!(
            problems.len(),
            1,
            "an `alike` value the term lacks: {problems:#?}"
        );
        assert!(problems[0].contains("`should`"), "{problems:#?}");
        // A provision said by another's term value: the value must be one
        // of that provision's.
        let implied = |values: &str| {
            let file: CatalogFile = crate::yaml::from_str(
                &format!("provisions:\n  - id: kill\n    concept: misdeals\n    kind: ruling\n    terms:\n      when:\n        touches: {{en: t, nl: t, de: t, sk: t}}\n    en: e\n    nl: n\n    de: d\n    sk: s\n  - id: dead\n    concept: misdeals\n    kind: ruling\n    implied_by: {{provision: kill, term: when, values: [{values}]}}\n    en: e\n    nl: n\n    de: d\n    sk: s\n"),
                "test",
            )
            .expect("catalog");
            Catalog::with_shared(file.provisions, file.shared)
                .problems(&BTreeSet::from(["misdeals"]))
                .iter()
                .map(Message::to_string)
                .collect::<Vec<_>>()
        };
        assert!(implied("touches").is_empty(), "{:#?}", implied("touches"));
        let problems = implied("touches, pushed");
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].contains("`pushed`"), "{problems:#?}");
        assert_eq!(
            catalog
                .term_words("dead-in-muck", Term::Force, "must")
                .map(|w| w.de.as_str()),
            Some("muss")
        );
        let mut rule: Rule = crate::yaml::from_str(
            "number: \"35\"\nkind: rule\nconcept: at-your-seat\ntitle: t\ntext: Cards touching the muck are dead.\n",
            "test",
        )
        .expect("rule");
        let mut dead = stated("dead-in-muck", "touching the muck are dead");
        rule.provisions = vec![dead.clone()];
        let problems: Vec<String> = rule_problems(&rule, &catalog, true)
            .iter()
            .map(Message::to_string)
            .collect();
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(problems[0].contains("belongs to `misdeals`"));
        assert!(problems[1].contains("`when`") && problems[2].contains("`force`"));
        dead.topic = Some("misdeals".into());
        dead.terms.when = Some("sliding".into());
        dead.terms.who = Some("dealer".into());
        rule.provisions = vec![dead.clone()];
        let problems: Vec<String> = rule_problems(&rule, &catalog, false)
            .iter()
            .map(Message::to_string)
            .collect();
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert!(problems[0].contains("no term `who`"), "{problems:#?}");
        assert!(problems[1].contains("touches, pushed"), "{problems:#?}");
        dead.terms.when = Some("touches".into());
        dead.terms.who = None;
        dead.terms.force = Some("must".into());
        rule.provisions = vec![dead];
        assert!(rule_problems(&rule, &catalog, true).is_empty());
    }
}
