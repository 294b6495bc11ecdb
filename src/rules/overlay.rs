//! House overlays: a user file that `extends:` a bundled edition (or
//! another overlay), overrides parameters, replaces rule texts or
//! sub-parts, marks rules not applicable, and adds house rules. The result
//! is an edition of its own, usable wherever a bundled one is.
//!
//! One validation path: [`load`] (and [`parse`]) is what `--house` runs for
//! every command and what `floor check --house` reports on. Mistakes the
//! parser can place (unknown keys, wrong types, unknown rules, concepts and
//! provisions, numbers and ids out of their grammar, an entry given twice)
//! are refused with file, line and column; the built edition then passes
//! the checks every bundled edition passes (`rules::check`), and its
//! provisions are checked against its texts. What is legal but likely a
//! mistake is returned as a [`Warning`].

use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer};

use crate::data::read_limited;
use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::rules::number::PREFIXES;
use crate::rules::provisions::{self, Catalog, Descriptions, Statement, Term, Unique, is_slug};
use crate::rules::{
    Edition, Example, Params, Part, Rule, RuleKind, RuleRef, Section, Stated, Store,
};
use crate::yaml::custom_error;

/// How many overlays a chain of `extends:` may hold.
pub const MAX_CHAIN: usize = 8;

/// A house overlay file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overlay {
    /// The new edition's id.
    #[serde(deserialize_with = "edition_id")]
    pub id: String,
    /// The edition it extends: a bundled edition's id, or the path of
    /// another overlay (relative to this file).
    pub extends: String,
    /// The new edition's title.
    #[serde(deserialize_with = "some_text")]
    pub title: String,
    /// Whose house rules these are.
    #[serde(deserialize_with = "some_text")]
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
    /// Sections of the base edition the house numbers otherwise.
    #[serde(default)]
    pub sections: Vec<SectionChange>,
}

/// A section of the base edition printed under another number.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionChange {
    /// The section's title in the base edition.
    #[serde(deserialize_with = "existing_section")]
    pub title: String,
    /// The number the house prints it under.
    #[serde(deserialize_with = "some_text")]
    pub label: String,
}

/// A change to one rule of the base edition.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleChange {
    /// The rule, in any spelling the command line accepts ("29", "RP5");
    /// after parsing, its number in the base edition.
    #[serde(deserialize_with = "existing_number")]
    pub number: String,
    /// A new title.
    #[serde(default)]
    pub title: Option<String>,
    /// A new text (replaces the rule's text).
    #[serde(default)]
    pub text: Option<String>,
    /// Sub-parts replaced by label (case-insensitive), or added if the
    /// label is new.
    #[serde(default)]
    pub parts: Vec<Part>,
    /// Parameters overridden (only those given change).
    #[serde(default)]
    pub params: Params,
    /// The house does not apply the rule.
    #[serde(default)]
    pub not_applicable: bool,
    /// What the new text states: provision id → the words that state it.
    /// Given, it replaces what the rule stated; left out, the provisions
    /// whose words the new text still contains are kept.
    #[serde(default, deserialize_with = "known_provisions")]
    pub provisions: Option<Unique<Statement>>,
}

/// A house rule added by the overlay.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRule {
    /// Its number, unique in the edition ("CLUB-1"), in any spelling the
    /// command line accepts; stored as the command line spells it back.
    #[serde(deserialize_with = "new_number")]
    pub number: String,
    /// Its concept: a new slug of its own.
    #[serde(deserialize_with = "new_concept")]
    pub concept: String,
    /// Its title.
    #[serde(deserialize_with = "some_text")]
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
    /// What it states: provision id → the words that state it.
    #[serde(default, deserialize_with = "known_provisions")]
    pub provisions: Option<Unique<Statement>>,
}

/// A house overlay, loaded.
#[derive(Debug, Clone)]
pub struct House {
    /// The edition it builds.
    pub edition: Edition,
    /// The edition it extends, as built (with its own overlays, if any).
    pub base: Edition,
    /// What is legal but likely a mistake.
    pub warnings: Vec<Warning>,
}

/// Something in an overlay that is legal but likely a mistake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// A parameter changed while the rule's text still states the old
    /// value in the words quoted.
    StaleText {
        /// The rule.
        number: String,
        /// The parameter.
        param: String,
        /// The words that still state the old value.
        span: String,
    },
    /// A parameter no ruling reads: it changes what `compare` shows only.
    Unread {
        /// The rule that sets it.
        number: String,
        /// The parameter.
        param: String,
    },
    /// Two entries decide one rule: the change of the rule and a house rule
    /// that sets one of its parameters (the house rule wins).
    TwoEntries {
        /// The rule changed.
        number: String,
        /// The house rule that also sets its parameter.
        house: String,
        /// The parameter.
        param: String,
    },
    /// A part label that matches no part of the rule: the part is added.
    UnmatchedPart {
        /// The rule.
        number: String,
        /// The label given.
        label: String,
    },
    /// A part added to a rule whose entry does not say what it states
    /// (no `provisions:`).
    UnstatedPart {
        /// The rule.
        number: String,
        /// The part's label.
        label: String,
    },
    /// A provision the entry lists without one of the terms the catalog
    /// gives it ("who", "when"...): compare shows that term as not said.
    TermNotGiven {
        /// The rule.
        number: String,
        /// The provision.
        id: String,
        /// The term.
        term: Term,
    },
    /// A replaced text no longer contains the words that stated a
    /// provision, and the entry does not say what the new text states.
    LostProvision {
        /// The rule.
        number: String,
        /// The provision.
        id: String,
        /// The words the old text stated it with.
        span: String,
    },
}

/// What the parse-time checks need to know.
#[derive(Default)]
struct Context {
    numbers: HashSet<String>,
    changed: HashSet<String>,
    added: HashSet<String>,
    concepts: Vec<String>,
    known_concepts: HashSet<String>,
    added_concepts: HashSet<String>,
    provisions: BTreeSet<String>,
    sections: Vec<String>,
    sections_changed: HashSet<String>,
}

thread_local! {
    static CONTEXT: RefCell<Option<Context>> = const { RefCell::new(None) };
}

fn with_context<T>(f: impl FnOnce(&mut Context) -> T) -> Option<T> {
    CONTEXT.with(|c| c.borrow_mut().as_mut().map(f))
}

fn fail<E: serde::de::Error>(problem: Message) -> E {
    custom_error(problem)
}

/// " (nearest: a, b)", or nothing.
fn nearest_list(list: &[String]) -> Message {
    if list.is_empty() {
        Message::new(Msg::Text).arg("text", "")
    } else {
        Message::new(Msg::Nearest).arg("list", list.join(", "))
    }
}

fn edition_id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let id = String::deserialize(d)?;
    if is_slug(&id) {
        Ok(id)
    } else {
        Err(fail(
            Message::new(Msg::OverlayBadId).arg("id", id.escape_debug()),
        ))
    }
}

fn some_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let text = String::deserialize(d)?;
    if text.trim().is_empty() {
        Err(fail(Message::new(Msg::OverlayEmptyText)))
    } else {
        Ok(text)
    }
}

fn existing_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let given = String::deserialize(d)?;
    let shown = given.escape_debug().to_string();
    let parsed = RuleRef::parse(&given).filter(|r| r.part.is_none());
    let Some(parsed) = parsed else {
        return Err(fail(
            Message::new(Msg::OverlayNotNumber).arg("number", &shown),
        ));
    };
    let found = with_context(|c| {
        let number = parsed
            .candidates()
            .into_iter()
            .find(|n| c.numbers.contains(n));
        if let Some(n) = &number {
            if c.changed.contains(n) {
                return Err(Message::new(Msg::OverlayRuleTwice).arg("number", n));
            }
            c.changed.insert(n.clone());
        }
        Ok(number)
    });
    match found {
        None => Ok(given),
        Some(Err(message)) => Err(fail(message)),
        Some(Ok(Some(number))) => Ok(number),
        Some(Ok(None)) => Err(fail(
            Message::new(Msg::OverlayRuleMissing).arg("number", &shown),
        )),
    }
}

fn existing_section<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let title = String::deserialize(d)?;
    let problem = with_context(|c| {
        if !c.sections.contains(&title) {
            let nearest = crate::nearest(&title, c.sections.iter().map(String::as_str), 3);
            Some(
                Message::new(Msg::OverlaySectionMissing)
                    .arg("title", title.escape_debug())
                    .nested("nearest", nearest_list(&nearest)),
            )
        } else if !c.sections_changed.insert(title.clone()) {
            Some(Message::new(Msg::OverlaySectionTwice).arg("title", title.escape_debug()))
        } else {
            None
        }
    })
    .flatten();
    match problem {
        Some(message) => Err(fail(message)),
        None => Ok(title),
    }
}

fn new_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let given = String::deserialize(d)?;
    let parsed = RuleRef::parse(&given).filter(|r| r.part.is_none());
    let Some(parsed) = parsed else {
        return Err(fail(
            Message::new(Msg::OverlayNotNewNumber).arg("number", given.escape_debug()),
        ));
    };
    let number = parsed.to_string();
    let clash = with_context(|c| {
        let clash = parsed
            .candidates()
            .iter()
            .any(|n| c.numbers.contains(n) || c.added.contains(n));
        c.added.insert(number.clone());
        clash
    })
    .unwrap_or(false);
    if clash {
        return Err(fail(
            Message::new(Msg::OverlayNumberUsed).arg("number", &number),
        ));
    }
    Ok(number)
}

fn new_concept<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let concept = String::deserialize(d)?;
    if !is_slug(&concept) {
        return Err(fail(
            Message::new(Msg::OverlayConceptNotSlug).arg("concept", concept.escape_debug()),
        ));
    }
    let problem = with_context(|c| {
        if c.known_concepts.contains(&concept) || c.added_concepts.contains(&concept) {
            Some(Message::new(Msg::OverlayConceptTaken).arg("concept", &concept))
        } else {
            c.added_concepts.insert(concept.clone());
            None
        }
    })
    .flatten();
    match problem {
        Some(message) => Err(fail(message)),
        None => Ok(concept),
    }
}

fn known_concepts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let concepts = Vec::<String>::deserialize(d)?;
    for concept in &concepts {
        let nearest = with_context(|c| {
            if c.known_concepts.contains(concept) || c.added_concepts.contains(concept) {
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
            return Err(fail(
                Message::new(Msg::OverlayUnknownConcept)
                    .arg("concept", concept.escape_debug())
                    .nested("nearest", nearest_list(&nearest)),
            ));
        }
    }
    Ok(concepts)
}

fn known_provisions<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Unique<Statement>>, D::Error> {
    let given = Unique::<Statement>::deserialize(d)?;
    for (id, statement) in &given.0 {
        let known =
            with_context(|c| c.provisions.is_empty() || c.provisions.contains(id)).unwrap_or(true);
        if !known {
            let nearest =
                with_context(|c| crate::nearest(id, c.provisions.iter().map(String::as_str), 3))
                    .unwrap_or_default();
            return Err(fail(
                Message::new(Msg::OverlayUnknownProvision)
                    .arg("id", id.escape_debug())
                    .nested("nearest", nearest_list(&nearest)),
            ));
        }
        if statement.span.trim().is_empty() {
            return Err(fail(Message::new(Msg::OverlayProvisionWords).arg("id", id)));
        }
    }
    Ok(Some(given))
}

/// Reads a house overlay and builds its edition.
pub fn load(path: &Path, store: &Store) -> Result<House, crate::Error> {
    load_chain(path, store, &mut Vec::new())
}

fn load_chain(path: &Path, store: &Store, seen: &mut Vec<PathBuf>) -> Result<House, crate::Error> {
    let shown = path.display().to_string();
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    if seen.contains(&canonical) {
        return Err(invalid(&shown, Message::new(Msg::OverlayCycle)).into());
    }
    if seen.len() >= MAX_CHAIN {
        return Err(invalid(
            &shown,
            Message::new(Msg::OverlayChain).arg("max", MAX_CHAIN),
        )
        .into());
    }
    seen.push(canonical);
    let text = read_limited(path)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    build(&text, &shown, &dir, store, seen)
}

/// Builds the edition of an overlay's text (`shown` names the file in
/// errors; an overlay it extends is looked for from the current
/// directory).
pub fn parse(text: &str, shown: &str, store: &Store) -> Result<House, crate::Error> {
    build(text, shown, Path::new("."), store, &mut Vec::new())
}

fn invalid(file: &str, problem: Message) -> LoadError {
    LoadError::file(file, None, problem)
}

fn build(
    text: &str,
    shown: &str,
    dir: &Path,
    store: &Store,
    seen: &mut Vec<PathBuf>,
) -> Result<House, crate::Error> {
    // A byte-order mark is how some editors save UTF-8: not content.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(invalid(shown, Message::new(Msg::OverlayEmpty)).into());
    }
    // The base edition is needed before the file can be checked in full:
    // read `extends` first with a lenient pass.
    #[derive(Deserialize)]
    struct Head {
        extends: Option<String>,
    }
    let head: Head = crate::yaml::from_str(text, shown)?;
    let extends = head
        .extends
        .ok_or_else(|| invalid(shown, Message::new(Msg::OverlayNoExtends)))?;
    let base = base_edition(&extends, shown, dir, store, seen)?;
    let catalog = Catalog::load_describing(store.source(), Descriptions::None)?.unwrap_or_default();
    let mut concepts: Vec<String> = store.concepts()?.iter().map(|c| c.slug.clone()).collect();
    let mut seen_concepts: HashSet<String> = concepts.iter().cloned().collect();
    for rule in base.rules() {
        if seen_concepts.insert(rule.concept.clone()) {
            concepts.push(rule.concept.clone());
        }
    }
    CONTEXT.with(|c| {
        *c.borrow_mut() = Some(Context {
            numbers: base.rules().map(|r| r.number.clone()).collect(),
            known_concepts: concepts.iter().cloned().collect(),
            concepts: concepts.clone(),
            provisions: catalog.iter().map(|p| p.id.clone()).collect(),
            sections: base.sections.iter().map(|s| s.title.clone()).collect(),
            ..Context::default()
        });
    });
    let parsed: crate::Result<Overlay> = crate::yaml::from_str(text, shown);
    CONTEXT.with(|c| *c.borrow_mut() = None);
    let overlay = parsed?;
    if overlay.id == base.id || base.extends.contains(&overlay.id) {
        return Err(invalid(
            shown,
            Message::new(Msg::OverlayIdIsBase).arg("id", &overlay.id),
        )
        .into());
    }
    if store.language_of(&overlay.id).is_some() {
        return Err(invalid(
            shown,
            Message::new(Msg::OverlayIdBundled).arg("id", &overlay.id),
        )
        .into());
    }
    let written = rewritten(&overlay);
    let (edition, warnings) = apply(&base, overlay, &catalog);
    let mut problems: Vec<Message> = crate::rules::check::edition_problems(&edition, store);
    let prefixes = house_prefixes(&edition);
    let rules = by_number(&edition);
    let printed = by_number(&base);
    for rule in edition.rules().filter(|r| r.changed_by_house()) {
        problems.extend(provisions::rule_problems(rule, &catalog, false));
        if written.contains(&rule.number) {
            problems.extend(reference_problems(
                rule,
                &edition,
                &rules,
                printed.get(rule.number.as_str()).copied(),
                &prefixes,
            ));
        }
    }
    if let Some(first) = problems.into_iter().next() {
        return Err(invalid(shown, first).into());
    }
    Ok(House {
        edition,
        base,
        warnings,
    })
}

/// The edition an overlay extends: a bundled one (with its provisions), or
/// another overlay file, loaded in turn.
fn base_edition(
    extends: &str,
    shown: &str,
    dir: &Path,
    store: &Store,
    seen: &mut Vec<PathBuf>,
) -> Result<Edition, crate::Error> {
    let is_file = extends.ends_with(".yaml") || extends.ends_with(".yml") || extends.contains('/');
    if is_file {
        let path = dir.join(extends);
        return load_chain(&path, store, seen)
            .map(|house| house.edition)
            .map_err(|e| match e {
                // A file that cannot be opened is named as what `extends:`
                // gives; a problem inside it is named with its place there.
                crate::Error::Load(
                    LoadError::Unreadable { file, problem }
                    | LoadError::File {
                        file,
                        location: None,
                        problem,
                    },
                ) if matches!(
                    problem.msg,
                    Msg::NotRegularFile
                        | Msg::IoNotFound
                        | Msg::IoPermission
                        | Msg::IoNotADirectory
                        | Msg::IoOther
                        | Msg::IoSystem
                        | Msg::IoExists
                        | Msg::IoNameTooLong
                        | Msg::IoTruncated
                        | Msg::IoLinkLoop
                ) =>
                {
                    invalid(
                        shown,
                        Message::new(Msg::OverlayExtendsUnreadable)
                            .arg("file", file)
                            .nested("problem", problem),
                    )
                    .into()
                }
                other => other,
            });
    }
    let base = store.edition_owned(extends).map_err(|e| match e {
        crate::Error::Lookup(l) => crate::Error::Load(invalid(
            shown,
            Message::new(Msg::OverlayExtends).nested("problem", l.message()),
        )),
        other => other,
    })?;
    let catalog = Catalog::load_describing(store.source(), Descriptions::None)?.unwrap_or_default();
    provisions::with_provisions(base, store.source(), &catalog)
}

/// The base edition with the overlay applied, and the warnings.
pub fn apply(base: &Edition, overlay: Overlay, catalog: &Catalog) -> (Edition, Vec<Warning>) {
    let written = rewritten(&overlay);
    let mut edition = base.clone();
    let mut warnings = Vec::new();
    edition.id = overlay.id;
    edition.title = overlay.title;
    edition.house = Some(overlay.house);
    edition.date = overlay.date;
    edition.source = format!("house overlay extending {}", base.id);
    edition.extends = std::iter::once(base.id.clone())
        .chain(base.extends.iter().cloned())
        .collect();
    let id = edition.id.clone();
    for change in &overlay.sections {
        if let Some(section) = edition
            .sections
            .iter_mut()
            .find(|s| s.title == change.title)
        {
            section.label = Some(change.label.clone());
        }
    }
    for change in &overlay.rules {
        if let Some(rule) = edition.rules_mut().find(|r| r.number == change.number) {
            warnings.extend(change_rule(rule, change, catalog));
            rule.changed_by.push(id.clone());
        }
    }
    let added: Vec<Rule> = overlay.add.into_iter().map(|r| new_rule(r, &id)).collect();
    for house in &added {
        warnings.extend(terms_not_given(house, &house.provisions, catalog));
        for param in house.params.stated() {
            let touched = Params::home(param).and_then(|concept| {
                overlay
                    .rules
                    .iter()
                    .find(|c| {
                        c.params.stated().contains(&param)
                            && base.rule(&c.number).is_some_and(|r| r.concept == concept)
                    })
                    .map(|c| c.number.clone())
            });
            if let Some(number) = touched {
                warnings.push(Warning::TwoEntries {
                    number,
                    house: house.number.clone(),
                    param: param.to_string(),
                });
            }
        }
        warnings.extend(unread(house));
    }
    if !added.is_empty() {
        edition.sections.push(Section {
            label: None,
            title: edition.house.clone().unwrap_or_default(),
            intro: None,
            rules: added,
        });
    }
    // A new text cites what it cites: its references are read from it (the
    // errata of the texts left as printed still apply).
    let snapshot = edition.clone();
    let prefixes = house_prefixes(&snapshot);
    let rules = by_number(&snapshot);
    let printed = by_number(base);
    for rule in edition.rules_mut() {
        if written.contains(&rule.number) {
            let printed = printed.get(rule.number.as_str()).copied();
            let (refs, errata) = references(rule, &rules, printed, &prefixes);
            rule.refs = refs;
            rule.errata = errata;
        }
    }
    (edition, warnings)
}

/// The numbers of the rules whose text an overlay wrote (changed texts or
/// parts, and added rules): their citations are checked.
fn rewritten(overlay: &Overlay) -> HashSet<String> {
    overlay
        .rules
        .iter()
        .filter(|c| c.text.is_some() || !c.parts.is_empty())
        .map(|c| c.number.clone())
        .chain(overlay.add.iter().map(|r| r.number.clone()))
        .collect()
}

fn unread(rule: &Rule) -> Vec<Warning> {
    rule.params
        .stated()
        .into_iter()
        .filter(|p| !super::params::READ_BY_RULINGS.contains(p))
        .map(|p| Warning::Unread {
            number: rule.number.clone(),
            param: p.to_string(),
        })
        .collect()
}

fn change_rule(rule: &mut Rule, change: &RuleChange, catalog: &Catalog) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let old = rule.clone();
    if let Some(title) = &change.title {
        rule.title = title.clone();
    }
    if let Some(text) = &change.text {
        rule.text = text.clone();
    }
    for part in &change.parts {
        match rule
            .parts
            .iter_mut()
            .find(|p| p.label.eq_ignore_ascii_case(&part.label))
        {
            Some(existing) => {
                let label = existing.label.clone();
                *existing = part.clone();
                existing.label = label;
            }
            None => {
                warnings.push(Warning::UnmatchedPart {
                    number: rule.number.clone(),
                    label: part.label.clone(),
                });
                // New words that say nothing recorded: compare could only
                // call them wording.
                if change.provisions.is_none() {
                    warnings.push(Warning::UnstatedPart {
                        number: rule.number.clone(),
                        label: part.label.clone(),
                    });
                }
                rule.parts.push(part.clone());
            }
        }
    }
    rule.params.merge(&change.params);
    // What the house sets is settled.
    for key in change.params.stated() {
        rule.unsettled.remove(key);
    }
    if change.not_applicable {
        rule.not_applicable = true;
    }
    let text_changed = change.text.is_some() || !change.parts.is_empty();
    if text_changed {
        // The old citations belong to the old text: they are read again
        // from the new one (see `apply`).
        rule.external_refs.clear();
        rule.refs = Vec::new();
    }
    let text = provisions::squeeze(&provisions::applicable_text(rule));
    rule.provisions = match &change.provisions {
        Some(given) => {
            let given: Vec<Stated> = given
                .0
                .iter()
                .map(|(id, st)| st.clone().into_stated(id.clone()))
                .collect();
            warnings.extend(terms_not_given(rule, &given, catalog));
            // The entry says what the pieces it rewrote state; the pieces
            // it left as they were (the other parts, the lead text when
            // only parts change) keep what they stated.
            let rewritten = rewritten_texts(&old, change);
            let kept: Vec<Stated> = old
                .provisions
                .iter()
                .filter(|s| !given.iter().any(|g| g.id == s.id))
                .filter(|s| provisions::quotes(&text, &provisions::squeeze(&s.span)))
                .filter(|s| !in_rewritten(&s.span, &rewritten))
                .cloned()
                .collect();
            given.into_iter().chain(kept).collect()
        }
        None if rule.not_applicable => Vec::new(),
        None => {
            let (kept, lost): (Vec<Stated>, Vec<Stated>) = old
                .provisions
                .iter()
                .cloned()
                .partition(|s| provisions::quotes(&text, &provisions::squeeze(&s.span)));
            warnings.extend(lost.into_iter().map(|s| Warning::LostProvision {
                number: rule.number.clone(),
                id: s.id,
                span: s.span,
            }));
            kept
        }
    };
    rule.provisions.sort_by_key(|s| catalog.position(&s.id));
    let new_params = rule.params.to_map();
    for param in change.params.stated() {
        let new_value = new_params.get(param);
        if old.params.to_map().get(param) == new_value {
            continue;
        }
        // Words that state the old value and are still in the text: for
        // a list whose elements are quoted one by one, the words of an
        // element the list no longer holds.
        let stale = old.provisions.iter().find(|s| {
            let Some(p) = catalog.get(&s.id) else {
                return false;
            };
            let states_old = match &p.value {
                Some(element) => new_value.is_none_or(|v| !provisions::holds(v, element)),
                None => true,
            };
            p.param.as_deref() == Some(param)
                && states_old
                && provisions::quotes(&text, &provisions::squeeze(&s.span))
        });
        if let Some(s) = stale {
            warnings.push(Warning::StaleText {
                number: rule.number.clone(),
                param: param.to_string(),
                span: s.span.clone(),
            });
        }
    }
    warnings.extend(unread(&Rule {
        params: change.params.clone(),
        ..rule.clone()
    }));
    warnings
}

/// The old texts of the pieces of `rule` a change rewrites: its lead text
/// (and tail) when it gives a new text, and each part it replaces.
fn rewritten_texts(rule: &Rule, change: &RuleChange) -> Vec<String> {
    let mut out = Vec::new();
    if change.text.is_some() {
        out.push(provisions::squeeze(&rule.text));
        out.push(provisions::squeeze(&rule.tail));
    }
    for part in &change.parts {
        if let Some(old) = rule
            .parts
            .iter()
            .find(|p| p.label.eq_ignore_ascii_case(&part.label))
        {
            let whole = Rule {
                text: String::new(),
                tail: String::new(),
                examples: Vec::new(),
                parts: vec![old.clone()],
                ..rule.clone()
            };
            out.push(provisions::squeeze(&whole.full_text()));
        }
    }
    out.retain(|t| !t.is_empty());
    out
}

/// Whether any piece of a span (pieces joined by `…`) stands in one of
/// the rewritten texts.
fn in_rewritten(span: &str, rewritten: &[String]) -> bool {
    span.split('…')
        .map(provisions::squeeze)
        .filter(|p| !p.is_empty())
        .any(|p| rewritten.iter().any(|t| t.contains(&p)))
}

/// Warnings for provisions an entry lists without a term the catalog gives
/// them.
fn terms_not_given(rule: &Rule, given: &[Stated], catalog: &Catalog) -> Vec<Warning> {
    given
        .iter()
        .flat_map(|s| {
            catalog
                .get(&s.id)
                .into_iter()
                .flat_map(|p| p.terms.keys())
                .filter(|term| s.terms.get(**term).is_none())
                .map(|term| Warning::TermNotGiven {
                    number: rule.number.clone(),
                    id: s.id.clone(),
                    term: *term,
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

fn new_rule(r: NewRule, overlay: &str) -> Rule {
    let provisions = r
        .provisions
        .map(|given| {
            given
                .0
                .into_iter()
                .map(|(id, st)| st.into_stated(id))
                .collect()
        })
        .unwrap_or_default();
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
        unsettled: Default::default(),
        not_applicable: false,
        touches: r.touches,
        also: Vec::new(),
        conflicts: r.conflicts,
        notes: None,
        provisions,
        changed_by: vec![overlay.to_string()],
    }
}

/// Words that introduce a rule citation, in the four languages.
const CITING: &[&str] = &[
    "regel",
    "regels",
    "regeln",
    "rule",
    "rules",
    "pravidlo",
    "pravidlá",
    "pravidla",
    "pravidle",
    "pravidlom",
];

/// The rule numbers a text cites, read as the rulebooks write them: numbers
/// after a citing word ("Regel 30", "Rules 2 and 70", "Regels 41-45"), and
/// procedure and house numbers written out ("RP-5", "OP5", "MEC-2") with a
/// prefix the rulebooks use. Any other capitalised `Word-N` ("Top-10",
/// "Covid-19", an example's "Ex-1") is not a citation.
pub fn cited(text: &str) -> Vec<String> {
    cited_with(text, &HashSet::new())
}

/// [`cited`], with the prefixes of an edition's own house rules (`CLUB`)
/// counted as rule prefixes too.
fn cited_with(text: &str, house_prefixes: &HashSet<String>) -> Vec<String> {
    let tokens = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '[' | ']' | ';'))
        .filter(|t| !t.is_empty());
    let mut out = Vec::new();
    let mut citing = false;
    for token in tokens {
        let word = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        let lower = word.to_lowercase();
        if CITING.contains(&lower.as_str()) {
            citing = true;
            continue;
        }
        let prefixed = RuleRef::parse(word)
            .and_then(|r| r.prefix)
            .is_some_and(|p| {
                word.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                    && (PREFIXES.contains(&p.as_str()) || house_prefixes.contains(&p))
            });
        if prefixed {
            out.push(word.to_string());
            continue;
        }
        if citing {
            if let Some((lo, hi)) = word.split_once('-')
                && let (Ok(lo), Ok(hi)) = (lo.parse::<u32>(), hi.parse::<u32>())
                && lo < hi
                && hi - lo <= 20
            {
                out.extend((lo..=hi).map(|n| n.to_string()));
                continue;
            }
            if word.starts_with(|c: char| c.is_ascii_digit()) && RuleRef::parse(word).is_some() {
                out.push(word.to_string());
                continue;
            }
            if matches!(
                lower.as_str(),
                "en" | "and" | "und" | "a" | "&" | "tda" | "ook"
            ) {
                continue;
            }
            citing = false;
        }
    }
    out
}

/// The texts of a rule that can cite: its text, each part's text, items and
/// tail, the tails, and the examples' texts; never a label (an example's
/// "Ex-1" is a marker, not a rule).
fn citing_texts(rule: &Rule) -> Vec<&str> {
    fn parts<'a>(list: &'a [Part], out: &mut Vec<&'a str>) {
        for p in list {
            out.push(&p.text);
            parts(&p.parts, out);
            out.push(&p.tail);
            out.extend(p.examples.iter().map(|e| e.text.as_str()));
        }
    }
    let mut out = vec![rule.text.as_str()];
    parts(&rule.parts, &mut out);
    out.push(&rule.tail);
    out.extend(rule.examples.iter().map(|e| e.text.as_str()));
    out.retain(|t| !t.trim().is_empty());
    out
}

/// The rules of an edition by number, looked up once (an overlay may add
/// tens of thousands).
type ByNumber<'a> = std::collections::HashMap<&'a str, &'a Rule>;

fn by_number(edition: &Edition) -> ByNumber<'_> {
    edition.rules().map(|r| (r.number.as_str(), r)).collect()
}

/// The prefixes of the house rules of `edition` (`CLUB` of `CLUB-1`).
fn house_prefixes(edition: &Edition) -> HashSet<String> {
    edition
        .rules()
        .filter_map(|r| RuleRef::parse(&r.number)?.prefix)
        .collect()
}

/// What a rewritten rule cites, as the edition's errata read it: a
/// citation printed wrong in a text the house left as printed means what
/// the erratum says (ONK 43's "Regel 45B" is rule 45); in a text the house
/// wrote it means what it says. Returns the citations and the errata that
/// still apply.
fn citations(
    rule: &Rule,
    printed: Option<&Rule>,
    house_prefixes: &HashSet<String>,
) -> (Vec<String>, Vec<crate::rules::model::Erratum>) {
    let untouched: HashSet<&str> = printed
        .map(citing_texts)
        .unwrap_or_default()
        .into_iter()
        .collect();
    let errata = printed.map_or(&[][..], |p| p.errata.as_slice());
    let mut cites = Vec::new();
    let mut kept: Vec<crate::rules::model::Erratum> = Vec::new();
    for text in citing_texts(rule) {
        let as_printed = untouched.contains(text);
        for cite in cited_with(text, house_prefixes) {
            let parsed = RuleRef::parse(&cite);
            let erratum = errata
                .iter()
                .filter(|_| as_printed)
                .find(|e| parsed.is_some() && RuleRef::parse(&e.printed) == parsed);
            match erratum {
                Some(e) => {
                    if !kept.contains(e) {
                        kept.push(e.clone());
                    }
                    cites.push(e.means.clone());
                }
                None => cites.push(cite),
            }
        }
    }
    (cites, kept)
}

/// The references of a changed rule's text, recomputed: every citation
/// must name a rule of the edition (or a part of one).
fn reference_problems(
    rule: &Rule,
    edition: &Edition,
    rules: &ByNumber<'_>,
    printed: Option<&Rule>,
    house_prefixes: &HashSet<String>,
) -> Vec<Message> {
    let mut out = Vec::new();
    let (cites, _) = citations(rule, printed, house_prefixes);
    for cite in cites {
        let Some(parsed) = RuleRef::parse(&cite) else {
            continue;
        };
        let target = parsed
            .candidates()
            .iter()
            .find_map(|n| rules.get(n.as_str()).copied());
        match target {
            None => out.push(
                Message::new(Msg::OverlayCitesMissing)
                    .arg("rule", &rule.number)
                    .arg("cited", &cite)
                    .arg("edition", &edition.id),
            ),
            Some(t) => {
                if let Some(part) = &parsed.part
                    && t.part(part).is_none()
                {
                    out.push(
                        Message::new(Msg::OverlayCitesMissingPart)
                            .arg("rule", &rule.number)
                            .arg("cited", &cite)
                            .arg("target", &t.number)
                            .arg("part", part),
                    );
                }
            }
        }
    }
    out
}

/// The references a changed text cites, as the edition numbers them, and
/// the errata that still apply to it.
fn references(
    rule: &Rule,
    rules: &ByNumber<'_>,
    printed: Option<&Rule>,
    house_prefixes: &HashSet<String>,
) -> (Vec<String>, Vec<crate::rules::model::Erratum>) {
    let (cites, errata) = citations(rule, printed, house_prefixes);
    let mut out: Vec<String> = Vec::new();
    for cite in cites {
        let Some(parsed) = RuleRef::parse(&cite) else {
            continue;
        };
        if let Some(t) = parsed
            .candidates()
            .iter()
            .find_map(|n| rules.get(n.as_str()).copied())
        {
            let reference = match &parsed.part {
                Some(part) => format!("{}-{part}", t.number),
                None => t.number.clone(),
            };
            if !out.contains(&reference) && reference != rule.number {
                out.push(reference);
            }
        }
    }
    (out, errata)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_in_four_languages() {
        assert_eq!(
            cited("zie TDA Regel 30. Zie ook TDA Regel 2 en TDA Regel 70."),
            ["30", "2", "70"]
        );
        assert_eq!(
            cited("See Rules 13-A and 45, and RP-5."),
            ["13-A", "45", "RP-5"]
        );
        assert_eq!(
            cited("gelden de call/raise regels van TDA Regels 41-43"),
            ["41", "42", "43"]
        );
        assert_eq!(cited("(pozri pravidlá 2 a 70)"), ["2", "70"]);
        assert_eq!(cited("Regel 5 Spieler mit 30 Sekunden"), ["5"]);
    }

    #[test]
    fn capitalised_words_with_numbers_are_not_rules() {
        assert!(cited("Only the Top-10 of the Covid-19 season play the final.").is_empty());
        assert!(cited("Ex-1: Player A bets 500.").is_empty());
        assert_eq!(
            cited("as RP5 and OP-5-D and MEC-2 say"),
            ["RP5", "OP-5-D", "MEC-2"]
        );
        let club: HashSet<String> = ["CLUB".to_string()].into();
        assert_eq!(cited_with("see CLUB-2 and Top-10", &club), ["CLUB-2"]);
        // After a citing word, a number is a rule whatever follows.
        assert_eq!(cited("Rule 45-B applies"), ["45-B"]);
    }
}
