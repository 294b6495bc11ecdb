//! Example questions: per language (`locales/<lang>/questions.yaml`), the
//! questions floor staff, dealers and players type at a table, each under
//! the topic whose rule decides it, and under `not_covered` the questions
//! on topics no rulebook has a rule on (tips, smoking, deals, …).
//!
//! A search reads a query as the topic of the questions most like it (see
//! `search::Examples`): a situation told in table words ("he threw his
//! cards away though nobody had bet") meets the questions told so, where
//! the rule's own words are few.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::data::DataSource;
use crate::message::{Message, Msg};
use crate::rules::lexicon::NOT_COVERED_MARK;
use crate::ui::Lang;

/// One `locales/<lang>/questions.yaml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionsFile {
    /// Concept slug → questions its rule decides.
    #[serde(default)]
    pub questions: BTreeMap<String, Vec<String>>,
    /// A topic of the lexicon's `not_covered` → questions on it.
    #[serde(default)]
    pub not_covered: BTreeMap<String, Vec<String>>,
}

impl QuestionsFile {
    /// Every topic's questions: the concepts' under their slug, the
    /// uncovered topics' under their slug marked with [`NOT_COVERED_MARK`]
    /// (as `LexiconFile::topics` gives terms).
    pub fn topics(&self) -> impl Iterator<Item = (String, &Vec<String>)> {
        crate::rules::lexicon::marked_topics(&self.questions, &self.not_covered)
    }
}

/// The question file of a language.
pub fn path(lang: Lang) -> String {
    format!("locales/{}/questions.yaml", lang.code())
}

/// Reads and parses a language's question file; `None` when there is none.
pub fn read(source: &DataSource, lang: Lang) -> crate::Result<Option<QuestionsFile>> {
    match source.read(&path(lang))? {
        Some(file) => Ok(Some(file.parse()?)),
        None => Ok(None),
    }
}

/// A problem `floor check` reports: the file, and what is wrong in it.
pub type FileProblem = (String, Message);

/// Checks the question files of a data tree: every concept exists, every
/// uncovered topic is one the language's lexicon lists as such (it names
/// the topic when a search says it is not covered), no topic is empty, no
/// question is empty or listed twice under one topic. Returns the number of
/// questions per language and the problems, each with its file.
pub fn check(
    source: &DataSource,
    concepts: &BTreeSet<&str>,
) -> (Vec<(Lang, usize)>, Vec<FileProblem>) {
    let mut counts = Vec::new();
    let mut problems = Vec::new();
    let each = |l| read(source, l);
    crate::rules::lexicon::for_each_language_file(
        each,
        path,
        &mut problems,
        |lang, file_path, file, problems| {
            let uncovered: BTreeSet<String> = match crate::rules::lexicon::read(source, lang) {
                Ok(Some(lexicon)) => lexicon.not_covered.into_keys().collect(),
                _ => BTreeSet::new(),
            };
            let mut problem = |message: Message| problems.push((file_path.clone(), message));
            for concept in file.questions.keys() {
                if !concepts.contains(concept.as_str()) {
                    problem(Message::new(Msg::CheckLexiconConcept).arg("concept", concept));
                }
            }
            for topic in file.not_covered.keys() {
                if !uncovered.contains(topic) {
                    problem(Message::new(Msg::CheckQuestionsUncoveredTopic).arg("concept", topic));
                }
            }
            let mut questions = 0;
            for (topic, list) in file.topics() {
                let concept = topic.strip_prefix(NOT_COVERED_MARK).unwrap_or(&topic);
                if list.is_empty() {
                    problem(Message::new(Msg::CheckLexiconNoTerms).arg("concept", concept));
                }
                let mut seen = BTreeSet::new();
                for question in list {
                    questions += 1;
                    let folded = crate::text::fold(question);
                    let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
                    if words.is_empty() {
                        problem(
                            Message::new(Msg::CheckLexiconEmptyTerm)
                                .arg("concept", concept)
                                .arg("term", question),
                        );
                    } else if !seen.insert(words.join(" ")) {
                        problem(
                            Message::new(Msg::CheckLexiconTermTwice)
                                .arg("concept", concept)
                                .arg("term", question),
                        );
                    }
                }
            }
            counts.push((lang, questions));
        },
    );
    (counts, problems)
}
