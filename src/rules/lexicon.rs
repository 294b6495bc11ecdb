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
use crate::message::{Message, Msg};
use crate::rules::analyze::{self, StopWords};
use crate::ui::Lang;

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
    /// Topics no rulebook has a rule on (tips, smoking, deals, …): slug →
    /// the terms that name it. A search that names one says the edition
    /// does not cover it, unless a rule says the words better.
    #[serde(default)]
    pub not_covered: BTreeMap<String, Vec<String>>,
}

/// Marks a topic of `not_covered` in the analysed terms' concept column.
pub const NOT_COVERED_MARK: char = '!';

impl LexiconFile {
    /// Every topic's terms: the concepts' under their slug, the uncovered
    /// topics' under their slug marked with [`NOT_COVERED_MARK`].
    pub fn topics(&self) -> impl Iterator<Item = (String, &Vec<String>)> {
        marked_topics(&self.concepts, &self.not_covered)
    }
}

/// The entries of a file keyed by topic: the concepts' under their slug,
/// the uncovered topics' under their slug marked with [`NOT_COVERED_MARK`].
pub fn marked_topics<'f, T>(
    concepts: &'f BTreeMap<String, T>,
    not_covered: &'f BTreeMap<String, T>,
) -> impl Iterator<Item = (String, &'f T)> {
    let concepts = concepts.iter().map(|(c, t)| (c.clone(), t));
    let uncovered = not_covered
        .iter()
        .map(|(c, t)| (format!("{NOT_COVERED_MARK}{c}"), t));
    concepts.chain(uncovered)
}

/// The lexicon file of a language.
pub fn path(lang: Lang) -> String {
    format!("locales/{}/lexicon.yaml", lang.code())
}

/// A term, analysed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term<'a> {
    /// The language of the term (its stemmer).
    pub lang: &'a str,
    /// The concept it points to (or the slug of a topic no rulebook
    /// covers).
    pub concept: &'a str,
    /// Its stems, separated by spaces.
    pub stems: &'a str,
    /// It names a topic no rulebook covers.
    pub uncovered: bool,
}

/// The lexicons of a data tree, analysed.
///
/// The terms are one text, a term a line (`lang stems<TAB>concept`), sorted,
/// so that the terms starting with a stem are found by a binary search, and
/// the bundled lexicon is used as the build made it, with nothing to load.
#[derive(Debug, Clone, Default)]
pub struct Lexicon {
    /// The stop words of each language.
    pub stop: StopWords,
    terms: Cow<'static, str>,
    /// Where the terms say each stem (`analyze::stem_index`).
    by_stem: Cow<'static, str>,
    /// How many terms name each topic (`analyze::term_counts`).
    counts: Cow<'static, str>,
}

impl Lexicon {
    /// The bundled lexicons, analysed at build time.
    pub fn embedded() -> Lexicon {
        let tables = crate::data::search_tables();
        Lexicon {
            stop: StopWords::prebuilt(tables.stop_words),
            terms: Cow::Borrowed(tables.terms),
            by_stem: Cow::Borrowed(tables.stem_index),
            counts: Cow::Borrowed(tables.term_counts),
        }
    }

    /// A lexicon of analysed terms: (language, concept, stems).
    pub fn from_terms<'t>(
        stop: StopWords,
        terms: impl IntoIterator<Item = (&'t str, &'t str, &'t str)>,
    ) -> Lexicon {
        Lexicon::of_lines(stop, analyze::term_lines(terms))
    }

    /// The lexicons of a data tree: the bundled ones as prebuilt, a
    /// `--data` tree's read from its files (a language without a lexicon
    /// file has no terms and no stop words).
    pub fn load(store: &crate::rules::Store) -> crate::Result<Lexicon> {
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
        let mut analysed: Vec<(&str, String, String)> = Vec::new();
        for concept in store.concepts()? {
            let stems = analyze::term_stems(&concept.name, "en", &stop);
            analysed.push(("en", concept.slug.clone(), stems));
        }
        for (lang, file) in &files {
            for (concept, terms) in file.topics() {
                for term in terms {
                    let stems = analyze::term_stems(term, lang, &stop);
                    analysed.push((lang, concept.clone(), stems));
                }
            }
        }
        let terms = analyze::term_lines(
            analysed
                .iter()
                .map(|(l, c, s)| (*l, c.as_str(), s.as_str())),
        );
        Ok(Lexicon::of_lines(stop, terms))
    }

    fn of_lines(stop: StopWords, terms: String) -> Lexicon {
        Lexicon {
            stop,
            by_stem: Cow::Owned(analyze::stem_index(&terms)),
            counts: Cow::Owned(analyze::term_counts(&terms)),
            terms: Cow::Owned(terms),
        }
    }

    /// Every term.
    pub fn terms(&self) -> impl Iterator<Item = Term<'_>> {
        self.terms.split('\n').filter_map(parse_line)
    }

    /// How many terms name `concept`, in every language (a topic no
    /// rulebook covers is counted apart, under its marked slug): read from
    /// the counts made with the terms, not by scanning them.
    pub fn terms_of(&self, concept: &str) -> usize {
        let key = format!("{concept}\t");
        let from = lower_bound(&self.counts, &key);
        self.counts
            .get(from..)
            .and_then(|rest| rest.split('\n').next())
            .and_then(|line| line.strip_prefix(key.as_str()))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// The terms of `lang` that have `stem` among their stems, in the
    /// terms' order (found in the stem index, not by reading every term).
    pub fn containing<'l>(&'l self, lang: &'l str, stem: &str) -> Vec<Term<'l>> {
        let key = format!("{lang} {stem}\t");
        let from = lower_bound(&self.by_stem, &key);
        let mut starts: Vec<usize> = self
            .by_stem
            .get(from..)
            .unwrap_or("")
            .split('\n')
            .map_while(|line| line.strip_prefix(key.as_str()))
            .filter_map(|offset| offset.parse().ok())
            .collect();
        starts.sort_unstable();
        starts.dedup();
        starts
            .into_iter()
            .filter_map(|start| {
                let rest = self.terms.get(start..)?;
                let end = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
                parse_line(rest.get(..end)?).filter(|t| t.lang == lang)
            })
            .collect()
    }

    /// The terms of `lang` whose first stem is `stem`.
    pub fn starting_with<'l>(&'l self, lang: &str, stem: &str) -> impl Iterator<Item = Term<'l>> {
        let key = format!("{lang} {stem}");
        let from = lower_bound(&self.terms, &key);
        self.terms
            .get(from..)
            .unwrap_or("")
            .split('\n')
            .take_while(move |line| {
                line.strip_prefix(key.as_str())
                    .is_some_and(|rest| rest.starts_with([' ', '\t']))
            })
            .filter_map(parse_line)
    }
}

fn parse_line(line: &str) -> Option<Term<'_>> {
    let (head, concept) = line.split_once('\t')?;
    let (lang, stems) = head.split_once(' ')?;
    let (concept, uncovered) = match concept.strip_prefix(NOT_COVERED_MARK) {
        Some(slug) => (slug, true),
        None => (concept, false),
    };
    Some(Term {
        lang,
        concept,
        stems,
        uncovered,
    })
}

/// The byte offset of the first line of `lines` (sorted, a newline before
/// and after each) that is not less than `key`; `lines.len()` if none.
pub fn lower_bound(lines: &str, key: &str) -> usize {
    let bytes = lines.as_bytes();
    // Line starts in [lo, hi) are candidates; every line before lo is less.
    let (mut lo, mut hi) = (0usize, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        // memchr: a byte-by-byte scan to the line's ends was most of a
        // lookup's cost.
        let start = bytes
            .get(..mid)
            .and_then(|b| memchr::memrchr(b'\n', b))
            .map_or(0, |p| p + 1)
            .max(lo);
        let end = bytes
            .get(start..)
            .and_then(|b| memchr::memchr(b'\n', b))
            .map_or(bytes.len(), |p| start + p);
        let line = lines.get(start..end).unwrap_or("");
        if line < key {
            lo = end + 1;
        } else {
            hi = start;
        }
    }
    lo.min(bytes.len())
}

/// Reads and parses a language's lexicon file; `None` when there is none.
pub fn read(source: &DataSource, lang: Lang) -> crate::Result<Option<LexiconFile>> {
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
    /// Example questions (`rules::questions`).
    pub questions: usize,
}

/// Runs `body` on each language's file of one kind that a data tree has,
/// with its path, in the order of [`Lang::ALL`]; a file that cannot be read
/// is a problem of that file, and a language without the file is skipped.
pub(crate) fn for_each_language_file<T>(
    read: impl Fn(Lang) -> Result<Option<T>, crate::Error>,
    path: impl Fn(Lang) -> String,
    problems: &mut Vec<(String, Message)>,
    mut body: impl FnMut(Lang, String, T, &mut Vec<(String, Message)>),
) {
    for lang in Lang::ALL {
        match read(lang) {
            Ok(Some(file)) => body(lang, path(lang), file, problems),
            Ok(None) => {}
            Err(e) => problems.push((path(lang), e.message())),
        }
    }
}

/// Checks the lexicons of a data tree: every target concept exists, no term
/// is empty or says nothing but stop words, no term is listed twice under one
/// concept. Returns the counts per language and the problems, each with its
/// file.
pub fn check(
    source: &DataSource,
    concepts: &BTreeSet<&str>,
) -> (Vec<Counts>, Vec<(String, Message)>) {
    let mut counts = Vec::new();
    let mut problems = Vec::new();
    let each = |l| read(source, l);
    for_each_language_file(
        each,
        path,
        &mut problems,
        |lang, file_path, file, problems| {
            let mut stop = StopWords::default();
            stop.add(lang.code(), file.stop_words.iter().map(String::as_str));
            let mut terms = 0;
            for (topic, list) in file.topics() {
                let concept = topic.strip_prefix(NOT_COVERED_MARK).unwrap_or(&topic);
                // A concept's terms must name a concept; an uncovered topic's
                // must not (a rule covers it).
                if concepts.contains(concept) == topic.starts_with(NOT_COVERED_MARK) {
                    let key = if topic.starts_with(NOT_COVERED_MARK) {
                        Msg::CheckLexiconCoveredTopic
                    } else {
                        Msg::CheckLexiconConcept
                    };
                    problems.push((file_path.clone(), Message::new(key).arg("concept", concept)));
                }
                if list.is_empty() {
                    problems.push((
                        file_path.clone(),
                        Message::new(Msg::CheckLexiconNoTerms).arg("concept", concept),
                    ));
                }
                let mut seen = BTreeSet::new();
                for term in list {
                    // Counted: the terms that lead to a rule.
                    terms += usize::from(!topic.starts_with(NOT_COVERED_MARK));
                    let folded = crate::text::fold(term);
                    let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
                    if words.is_empty() {
                        problems.push((
                            file_path.clone(),
                            Message::new(Msg::CheckLexiconEmptyTerm)
                                .arg("concept", concept)
                                .arg("term", term),
                        ));
                        continue;
                    }
                    if !seen.insert(words.join(" ")) {
                        problems.push((
                            file_path.clone(),
                            Message::new(Msg::CheckLexiconTermTwice)
                                .arg("concept", concept)
                                .arg("term", term),
                        ));
                    }
                }
            }
            for word in &file.stop_words {
                if crate::text::fold(word).trim().is_empty() {
                    problems.push((
                        file_path.clone(),
                        Message::new(Msg::CheckLexiconEmptyStopWord).arg("word", word),
                    ));
                }
            }
            counts.push(Counts {
                lang,
                terms,
                concepts: file.concepts.values().filter(|l| !l.is_empty()).count(),
                stop_words: file.stop_words.len(),
                questions: 0,
            });
        },
    );
    (counts, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count table a lexicon read at run time makes (a `--data` tree's)
    /// says what counting its term lines says: a slug that starts another
    /// (`chip`, `chip-race`) counts apart, an uncovered topic counts under
    /// its marked slug only, and a topic no term names counts none.
    #[test]
    fn a_run_time_lexicon_counts_each_topics_terms() {
        let marked = format!("{NOT_COVERED_MARK}tips");
        let tiny = Lexicon::from_terms(
            StopWords::default(),
            [
                ("nl", "chip-race", "chip rac"),
                ("de", "chip-race", "chip rac"),
                ("en", "chip-race", "colour up"),
                ("nl", "chip", "fich"),
                ("en", marked.as_str(), "tip"),
                ("nl", marked.as_str(), "fooi"),
            ],
        );
        assert_eq!(tiny.terms_of("chip-race"), 3);
        assert_eq!(tiny.terms_of("chip"), 1);
        assert_eq!(tiny.terms_of(&marked), 2);
        assert_eq!(tiny.terms_of("tips"), 0);
        assert_eq!(tiny.terms_of("misdeals"), 0);
    }

    /// The stem index finds, for every stem of every term, exactly the
    /// terms of its language that say it, in the terms' order: what reading
    /// every term would find.
    #[test]
    fn the_stem_index_finds_every_term_saying_a_stem() {
        let tiny = Lexicon::from_terms(
            StopWords::default(),
            [
                ("nl", "chip-race", "chip rac"),
                ("nl", "oversized-chip", "grot chip"),
                ("nl", "hand-for-hand", "hand hand"),
                ("de", "chip-race", "chip rac"),
            ],
        );
        for lexicon in [Lexicon::embedded(), tiny] {
            let mut saying: std::collections::BTreeMap<(&str, &str), Vec<Term>> =
                std::collections::BTreeMap::new();
            for term in lexicon.terms() {
                let stems: std::collections::BTreeSet<&str> = term.stems.split(' ').collect();
                for stem in stems {
                    saying.entry((term.lang, stem)).or_default().push(term);
                }
            }
            assert!(saying.len() > 3, "{}", saying.len());
            for ((lang, stem), terms) in &saying {
                assert_eq!(&lexicon.containing(lang, stem), terms, "{lang} {stem}");
            }
            assert!(lexicon.containing("nl", "zzz").is_empty());
            assert!(
                lexicon
                    .containing("sk", "chip")
                    .iter()
                    .all(|t| t.lang == "sk")
            );
        }
    }

    /// The stop words the build folded and sorted are the ones a data tree
    /// read at run time gives, word for word.
    #[test]
    fn prebuilt_stop_words_are_the_files_stop_words() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let source = DataSource::dir(root).expect("data tree");
        let embedded = Lexicon::embedded();
        let mut seen = 0;
        for lang in Lang::ALL {
            let Some(file) = read(&source, lang).expect("lexicon reads") else {
                continue;
            };
            let mut built = StopWords::default();
            built.add(lang.code(), file.stop_words.iter().map(String::as_str));
            for (code, words) in built.sorted() {
                for word in words {
                    assert!(embedded.stop.of(code, word), "{code}: {word}");
                    seen += 1;
                }
            }
            let prebuilt = crate::data::search_tables()
                .stop_words
                .iter()
                .find(|(l, _)| *l == lang.code())
                .map_or(0, |(_, list)| list.len());
            assert_eq!(prebuilt, built.sorted().flat_map(|(_, w)| w).count());
        }
        assert!(seen > 100, "{seen}");
        assert!(!embedded.stop.any("chip"));
    }

    /// A search that names a topic no rulebook covers says so by the
    /// topic's name, in every UI language; every language's lexicon names
    /// the same topics.
    #[test]
    fn uncovered_topics_have_names_in_every_language() {
        let source = DataSource::Embedded;
        let mut slugs: Option<Vec<String>> = None;
        for lang in Lang::ALL {
            let file = read(&source, lang).expect("lexicon").expect("bundled");
            let these: Vec<String> = file.not_covered.keys().cloned().collect();
            assert!(!these.is_empty(), "{lang:?}");
            assert_eq!(
                slugs.get_or_insert_with(|| these.clone()),
                &these,
                "{lang:?}"
            );
            let ui = crate::ui::Ui::load(&source, lang).expect("ui");
            for slug in &these {
                assert!(
                    ui.get(&format!("search.topics.{slug}")).is_some(),
                    "{lang:?}: search.topics.{slug}"
                );
            }
        }
    }
}
