//! The search lexicon: per language (`locales/<lang>/lexicon.yaml`), the
//! words a floor person or dealer types for each topic — floor terms,
//! synonyms, jargon, common misspellings — under the concept they point to,
//! and the language's stop words.
//!
//! A term matches a query when every one of its words is in the query
//! (inflected, without accents, misspelt within the typo tolerance); the
//! concept's rule then comes up in every edition searched. The bundled
//! lexicons are analysed at build time; a `--data` tree's are read from its
//! files.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::data::DataSource;
use crate::error::LoadError;
use crate::rules::Lang;
use crate::rules::analyze::{self, StopWords};

/// One `locales/<lang>/lexicon.yaml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LexiconFile {
    /// Words that say nothing about a topic.
    #[serde(default)]
    pub stop_words: Vec<String>,
    /// Concept slug → the terms that point to it.
    #[serde(default)]
    pub concepts: BTreeMap<String, Vec<String>>,
}

/// The lexicon file of a language.
pub fn path(lang: Lang) -> String {
    format!("locales/{}/lexicon.yaml", lang.code())
}

/// A term, analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The language of the term (its stemmer).
    pub lang: Cow<'a, str>,
    /// The concept it points to.
    pub concept: Cow<'a, str>,
    /// Its stems, separated by spaces.
    pub stems: Cow<'a, str>,
}

/// The lexicons of a data tree, analysed.
#[derive(Debug, Clone, Default)]
pub struct Lexicon<'a> {
    /// The stop words of each language.
    pub stop: StopWords,
    /// Every term of every language, and each concept's English name.
    pub entries: Vec<Entry<'a>>,
}

impl Lexicon<'static> {
    /// The bundled lexicons, analysed at build time.
    pub fn embedded() -> Lexicon<'static> {
        let tables = crate::data::search_tables();
        let mut stop = StopWords::default();
        for (lang, words) in tables.stop_words {
            stop.add(lang, words.iter().copied());
        }
        let entries = tables
            .terms
            .iter()
            .map(|(lang, concept, stems)| Entry {
                lang: Cow::Borrowed(*lang),
                concept: Cow::Borrowed(*concept),
                stems: Cow::Borrowed(*stems),
            })
            .collect();
        Lexicon { stop, entries }
    }

    /// The lexicons of a data tree: the bundled ones as prebuilt, a
    /// `--data` tree's read from its files (a language without a lexicon
    /// file has no terms and no stop words).
    pub fn load(store: &crate::rules::Store) -> Result<Lexicon<'static>, LoadError> {
        if matches!(store.source(), DataSource::Embedded) {
            return Ok(Lexicon::embedded());
        }
        let mut files = Vec::new();
        for lang in Lang::ALL {
            if let Some(file) = read(store.source(), lang)? {
                files.push((lang.code(), file));
            }
        }
        let mut stop = StopWords::default();
        for (lang, file) in &files {
            stop.add(lang, file.stop_words.iter().map(String::as_str));
        }
        let mut entries = Vec::new();
        let mut push = |lang: &'static str, concept: &str, term: &str, stop: &StopWords| {
            let stems = analyze::term_stems(term, lang, stop);
            if !stems.is_empty() {
                entries.push(Entry {
                    lang: Cow::Borrowed(lang),
                    concept: Cow::Owned(concept.to_string()),
                    stems: Cow::Owned(stems),
                });
            }
        };
        for concept in store.concepts()? {
            push("en", &concept.slug, &concept.name, &stop);
        }
        for (lang, file) in &files {
            for (concept, terms) in &file.concepts {
                for term in terms {
                    push(lang, concept, term, &stop);
                }
            }
        }
        Ok(Lexicon { stop, entries })
    }
}

/// Reads and parses a language's lexicon file; `None` when there is none.
pub fn read(source: &DataSource, lang: Lang) -> Result<Option<LexiconFile>, LoadError> {
    match source.read(&path(lang))? {
        Some(file) => Ok(Some(file.parse()?)),
        None => Ok(None),
    }
}

/// Terms and concepts of one language's lexicon, as `floor check` reports
/// them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    /// The language.
    pub lang: Lang,
    /// Terms in all.
    pub terms: usize,
    /// Concepts with at least one term.
    pub concepts: usize,
    /// Stop words.
    pub stop_words: usize,
}

/// Checks the lexicons of a data tree: every target concept exists, no term
/// is empty or says nothing but stop words, no term is listed twice under one
/// concept. Returns the counts per language and the problems, each with its
/// file.
pub fn check(
    source: &DataSource,
    concepts: &BTreeSet<&str>,
) -> (Vec<Counts>, Vec<(String, String)>) {
    let mut counts = Vec::new();
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let file_path = path(lang);
        let file = match read(source, lang) {
            Ok(Some(f)) => f,
            Ok(None) => continue,
            Err(e) => {
                problems.push((file_path, e.to_string()));
                continue;
            }
        };
        let mut stop = StopWords::default();
        stop.add(lang.code(), file.stop_words.iter().map(String::as_str));
        let mut terms = 0;
        for (concept, list) in &file.concepts {
            if !concepts.contains(concept.as_str()) {
                problems.push((
                    file_path.clone(),
                    format!("concept `{concept}` is not in locales/concepts.yaml: fix the slug"),
                ));
            }
            if list.is_empty() {
                problems.push((
                    file_path.clone(),
                    format!("`{concept}` has no terms: add some or remove it"),
                ));
            }
            let mut seen = BTreeSet::new();
            for term in list {
                terms += 1;
                let folded = crate::text::fold(term);
                let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
                if words.is_empty() {
                    problems.push((
                        file_path.clone(),
                        format!("`{concept}` has an empty term `{term}`"),
                    ));
                    continue;
                }
                if !seen.insert(words.join(" ")) {
                    problems.push((
                        file_path.clone(),
                        format!("`{concept}` lists `{term}` twice"),
                    ));
                }
            }
        }
        for word in &file.stop_words {
            if crate::text::fold(word).trim().is_empty() {
                problems.push((file_path.clone(), format!("empty stop word `{word}`")));
            }
        }
        counts.push(Counts {
            lang,
            terms,
            concepts: file.concepts.values().filter(|l| !l.is_empty()).count(),
            stop_words: file.stop_words.len(),
        });
    }
    (counts, problems)
}
