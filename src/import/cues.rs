//! The words the importer reads structure and values by, per language
//! (`locales/import.yaml`): the words of a rule heading ("Regel 43",
//! "Pravidlo 43"), the markers of a worked example, what says a rule does
//! not apply, closing notes and sources, the names of languages, the words
//! for seconds and minutes. A director whose book words these otherwise
//! adds the words there; nothing in the code names them.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::data::DataSource;
use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::rules::Lang;

/// The path of the cue file in a data tree.
pub const PATH: &str = "locales/import.yaml";

/// The cues of one language.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LangCues {
    /// Words a rule heading puts before the number ("Regel", "Rule").
    #[serde(default)]
    pub rule_words: Vec<String>,
    /// Words that open a worked example ("Voorbeeld", "Ex", "z.B.").
    #[serde(default)]
    pub example_words: Vec<String>,
    /// Phrases that say a rule or part does not apply.
    #[serde(default)]
    pub not_applicable: Vec<String>,
    /// Words that open a closing note of the house ("NOTE").
    #[serde(default)]
    pub note_words: Vec<String>,
    /// Words that open a line naming the document's source ("Quelle").
    #[serde(default)]
    pub source_words: Vec<String>,
    /// Words that oblige ("must", "moet"): a paragraph before the first
    /// rule that has one reads as a house rule.
    #[serde(default)]
    pub obliging_words: Vec<String>,
    /// Language names as the book writes them, by ISO 639-1 code.
    #[serde(default)]
    pub languages: BTreeMap<String, Vec<String>>,
    /// Words for seconds.
    #[serde(default)]
    pub seconds: Vec<String>,
    /// Words for minutes.
    #[serde(default)]
    pub minutes: Vec<String>,
}

/// Every language's cues, and the words of web pages left in a copy.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cues {
    /// The words a line of a web page's furniture is made of ("Skip to
    /// content", "Previous Next").
    #[serde(default)]
    pub furniture: Vec<String>,
    /// Prefixes that name the TDA's own numbering ("TDA Regel 43").
    #[serde(default)]
    pub tda_prefixes: Vec<String>,
    /// Prefixes of recommended procedures ("RP-5", "OP5").
    #[serde(default)]
    pub procedure_prefixes: Vec<String>,
    /// Per language.
    #[serde(default)]
    pub langs: BTreeMap<Lang, LangCues>,
}

impl Cues {
    /// The cues of a data tree; none when the tree has no cue file.
    pub fn load(source: &DataSource) -> crate::Result<Cues> {
        match source.read(PATH)? {
            Some(file) => file.parse(),
            None => Ok(Cues::default()),
        }
    }

    /// The cues of `lang`.
    pub fn of(&self, lang: Lang) -> &LangCues {
        static EMPTY: std::sync::OnceLock<LangCues> = std::sync::OnceLock::new();
        self.langs
            .get(&lang)
            .unwrap_or_else(|| EMPTY.get_or_init(LangCues::default))
    }

    /// A list of every language's words, by `pick`, longest first (so that
    /// "Bijvoorbeeld" is tried before "Voorbeeld").
    pub fn all(&self, pick: impl Fn(&LangCues) -> &Vec<String>) -> Vec<String> {
        let mut out: Vec<String> = self.langs.values().flat_map(|c| pick(c).clone()).collect();
        out.sort_by(|a, b| b.chars().count().cmp(&a.chars().count()).then(a.cmp(b)));
        out.dedup();
        out
    }

    /// Checks that the file names only what it may.
    pub fn problems(&self) -> Vec<Message> {
        let mut out = Vec::new();
        for (lang, cues) in &self.langs {
            for code in cues.languages.keys() {
                let valid = code.len() == 2 && code.chars().all(|c| c.is_ascii_lowercase());
                if !valid {
                    out.push(
                        Message::new(Msg::ImportCueLanguage)
                            .arg("lang", lang.code())
                            .arg("code", code),
                    );
                }
            }
        }
        out
    }
}

/// The cue file could not be read as it should be.
pub fn invalid(problem: Message) -> crate::Error {
    LoadError::file(PATH, None, problem).into()
}
