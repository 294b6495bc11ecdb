//! The rulebook store: the editions of the data tree, looked up by id, rule
//! number or concept, parsed only when a command needs them.

pub mod analyze;
pub mod book;
pub mod check;
pub mod classifier;
pub mod concepts;
pub mod files;
mod layout;
pub mod lexicon;
pub mod model;
pub mod number;
pub mod overlay;
pub mod params;
pub mod provisions;
pub mod questions;
pub mod search;
pub mod vocab;

use std::cell::OnceCell;

use serde::Deserialize;

use crate::data::DataSource;
use crate::error::{LoadError, LookupError};
use crate::message::{Message, Msg};
pub use book::{Book, Found};
pub use model::{Edition, Example, Lang, Part, Rule, RuleKind, Section, Stated, Stray, Terms};
pub use number::RuleRef;
pub use params::Params;

/// One entry of `locales/concepts.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Concept {
    /// The slug.
    pub slug: String,
    /// Rule, procedure or house.
    pub kind: RuleKind,
    /// A short English name.
    pub name: String,
    /// Topics whose rules decide the same questions in an edition that has
    /// no rule on this one (the TDA rule a house rule or a recommended
    /// procedure details): a search answering with this topic answers
    /// there with the edition's rule on one of these.
    #[serde(default)]
    pub otherwise: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConceptFile {
    concepts: Vec<Concept>,
}

/// The path of the concept vocabulary in a data tree.
pub const CONCEPTS_PATH: &str = "locales/concepts.yaml";

struct Entry {
    id: String,
    path: String,
    language: Lang,
    edition: OnceCell<Edition>,
    index: OnceCell<book::RuleIndex<'static>>,
}

/// The editions of a data tree.
pub struct Store {
    source: DataSource,
    entries: Vec<Entry>,
    concepts: OnceCell<Vec<Concept>>,
}

impl Store {
    /// Indexes the editions of a data tree without parsing them:
    /// `locales/<lang>/<edition>.yaml`, every file but the language's own
    /// (`files::LANGUAGE_FILES`).
    pub fn open(source: DataSource) -> crate::Result<Store> {
        let mut entries = Vec::new();
        for path in source.paths()? {
            let mut parts = path.split('/');
            let (Some("locales"), Some(lang), Some(file), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let Some(id) = file.strip_suffix(".yaml") else {
                continue;
            };
            if !files::is_edition_name(id) {
                continue;
            }
            let Some(language) = Lang::from_code(lang) else {
                return Err(LoadError::file(
                    &path,
                    None,
                    crate::message::Message::new(crate::message::Msg::FolderNotLanguage)
                        .arg("folder", lang),
                )
                .into());
            };
            entries.push(Entry {
                id: id.to_string(),
                path: path.clone(),
                language,
                edition: OnceCell::new(),
                index: OnceCell::new(),
            });
        }
        Ok(Store {
            source,
            entries,
            concepts: OnceCell::new(),
        })
    }

    /// The data tree this store reads.
    pub fn source(&self) -> &DataSource {
        &self.source
    }

    /// Every edition id, in path order (language folder, then file name).
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.id.as_str())
    }

    /// The language of an edition, from its folder (no parsing).
    pub fn language_of(&self, id: &str) -> Option<Lang> {
        self.entries.iter().find(|e| e.id == id).map(|e| e.language)
    }

    /// Whether the edition is one of the bundled ones, as bundled (not from
    /// `--data`, not a house overlay): its search docs are prebuilt.
    pub fn is_embedded(&self, id: &str) -> bool {
        matches!(self.source, DataSource::Embedded)
            && self
                .entries
                .iter()
                .any(|e| e.id == id && !e.path.is_empty())
    }

    /// Adds an edition built in memory (a house overlay).
    pub fn insert(&mut self, edition: Edition) {
        self.entries.retain(|e| e.id != edition.id);
        let entry = Entry {
            id: edition.id.clone(),
            path: String::new(),
            language: edition.language,
            edition: OnceCell::new(),
            index: OnceCell::new(),
        };
        let _ = entry.edition.set(edition);
        self.entries.push(entry);
    }

    /// The edition with this id, parsed on first use.
    pub fn edition(&self, id: &str) -> Result<&Edition, crate::Error> {
        let entry = self.entry(id)?;
        if let Some(ed) = entry.edition.get() {
            return Ok(ed);
        }
        let edition = self.load(entry)?;
        Ok(entry.edition.get_or_init(|| edition))
    }

    /// The edition with this id as a value of its own, to change (attach
    /// provisions to): parsed afresh where the store has not parsed it yet,
    /// rather than parsed and copied.
    pub fn edition_owned(&self, id: &str) -> Result<Edition, crate::Error> {
        let entry = self.entry(id)?;
        match entry.edition.get() {
            Some(ed) => Ok(ed.clone()),
            None => self.load(entry),
        }
    }

    fn entry(&self, id: &str) -> Result<&Entry, crate::Error> {
        Ok(self
            .entries
            .iter()
            .find(|e| e.id == id)
            .ok_or_else(|| LookupError::UnknownEdition {
                given: id.to_string(),
                nearest: crate::nearest(id, self.ids(), 3),
            })?)
    }

    fn load(&self, entry: &Entry) -> crate::Result<Edition> {
        let file = self
            .source
            .read(&entry.path)?
            .ok_or_else(|| LoadError::Unreadable {
                file: entry.path.clone(),
                problem: Message::new(Msg::CheckListedButMissing),
            })?;
        let edition: Edition = file.parse()?;
        if edition.id != entry.id {
            return Err(LoadError::file(
                &file.shown,
                None,
                Message::new(Msg::CheckEditionId)
                    .arg("id", &edition.id)
                    .arg("file", &entry.id),
            )
            .into());
        }
        if edition.language != entry.language {
            return Err(LoadError::file(
                &file.shown,
                None,
                Message::new(Msg::CheckEditionLanguage)
                    .arg("lang", edition.language.code())
                    .arg("folder", entry.language.code()),
            )
            .into());
        }
        Ok(edition)
    }

    /// The edition as a [`Book`]: for a bundled edition, read rule by rule
    /// through its build-time index; otherwise parsed whole.
    pub fn book(&self, id: &str) -> Result<Book<'_>, crate::Error> {
        let entry = self.entries.iter().find(|e| e.id == id);
        if let Some(entry) = entry
            && self.is_embedded(id)
            && let (Some(index_json), Some(json)) = (
                crate::data::rule_index(&entry.path),
                crate::data::embedded_json(&entry.path),
            )
        {
            if let Some(index) = entry.index.get() {
                return Ok(Book::Indexed { index, json });
            }
            let index: book::RuleIndex<'static> =
                serde_json::from_str(index_json).map_err(|e| {
                    LoadError::file(
                        &entry.path,
                        None,
                        Message::new(Msg::CheckRuleIndex).arg("problem", e),
                    )
                })?;
            return Ok(Book::Indexed {
                index: entry.index.get_or_init(|| index),
                json,
            });
        }
        Ok(Book::Full(self.edition(id)?))
    }

    /// Every edition, parsed.
    pub fn editions(&self) -> Result<Vec<&Edition>, crate::Error> {
        self.entries.iter().map(|e| self.edition(&e.id)).collect()
    }

    /// The concept vocabulary.
    pub fn concepts(&self) -> crate::Result<&[Concept]> {
        if let Some(c) = self.concepts.get() {
            return Ok(c);
        }
        let file = self.source.read(CONCEPTS_PATH)?.ok_or_else(|| {
            LoadError::file(CONCEPTS_PATH, None, Message::new(Msg::CheckNoConcepts))
        })?;
        let parsed: ConceptFile = file.parse()?;
        Ok(self.concepts.get_or_init(|| parsed.concepts))
    }

    /// Adds concepts of a house overlay's own rules to the vocabulary.
    pub fn add_house_concepts(&mut self, edition: &Edition) -> crate::Result<()> {
        let mut concepts = self.concepts()?.to_vec();
        let mut known: std::collections::HashSet<String> =
            concepts.iter().map(|c| c.slug.clone()).collect();
        for rule in edition.rules().filter(|r| r.kind == RuleKind::House) {
            if known.insert(rule.concept.clone()) {
                concepts.push(Concept {
                    slug: rule.concept.clone(),
                    kind: RuleKind::House,
                    name: rule.title.clone(),
                    otherwise: Vec::new(),
                });
            }
        }
        self.concepts = OnceCell::from(concepts);
        Ok(())
    }

    /// Resolves what the user typed as a concept slug ("raise-amounts",
    /// "Raise amounts"), with the nearest slugs on failure.
    pub fn concept(&self, input: &str) -> Result<&Concept, crate::Error> {
        let slug = slugify(input);
        let concepts = self.concepts()?;
        concepts.iter().find(|c| c.slug == slug).ok_or_else(|| {
            LookupError::UnknownConcept {
                given: input.to_string(),
                nearest: crate::nearest(&slug, concepts.iter().map(|c| c.slug.as_str()), 3),
            }
            .into()
        })
    }
}

/// Lower-case, words joined by `-`: how a typed topic becomes a slug.
pub fn slugify(input: &str) -> String {
    input
        .trim()
        .to_lowercase()
        .split(|c: char| c.is_whitespace() || c == '_' || c == '-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}
