//! The words the importer reads structure and values by, per language
//! (`locales/import.yaml`): the words of a rule heading ("Regel 43",
//! "Pravidlo 43"), the markers of a worked example, what says a rule does
//! not apply, closing notes and sources, the names of languages, how the
//! clock's countdown is said. A director whose book words these otherwise
//! adds the words there; nothing in the code names them. The languages'
//! own words (units, numbers) are [`Words`], never held out.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::data::DataSource;
use crate::error::LoadError;
use crate::import::params::Text;
use crate::import::words::{Folded, Words};
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
    /// Places a sentence names when it says what holds somewhere else ("In
    /// the United States, English only"): not the house's rule.
    #[serde(default)]
    pub elsewhere_words: Vec<String>,
    /// Words that say the last seconds are counted down.
    #[serde(default)]
    pub countdown_words: Vec<String>,
    /// Words for "the last" (seconds of the clock).
    #[serde(default)]
    pub last_words: Vec<String>,
}

/// Phrases per language.
pub type ByLang = BTreeMap<Lang, Vec<String>>;

/// A value and the phrases that state it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueCue {
    /// The value, as the data files write it.
    pub value: serde_json::Value,
    /// English phrases.
    #[serde(default)]
    pub en: Vec<String>,
    /// Dutch phrases.
    #[serde(default)]
    pub nl: Vec<String>,
    /// German phrases.
    #[serde(default)]
    pub de: Vec<String>,
    /// Slovak phrases.
    #[serde(default)]
    pub sk: Vec<String>,
}

impl ValueCue {
    /// The phrases in `lang`.
    pub fn phrases(&self, lang: Lang) -> &[String] {
        match lang {
            Lang::En => &self.en,
            Lang::Nl => &self.nl,
            Lang::De => &self.de,
            Lang::Sk => &self.sk,
        }
    }

    fn phrases_mut(&mut self, lang: Lang) -> &mut Vec<String> {
        match lang {
            Lang::En => &mut self.en,
            Lang::Nl => &mut self.nl,
            Lang::De => &mut self.de,
            Lang::Sk => &mut self.sk,
        }
    }
}

/// How one parameter is read from the sentences that state it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParamCue {
    /// Phrases one of which the rule must have for the parameter to be read.
    #[serde(default)]
    pub topic: ByLang,
    /// Phrases a number stands in (`#`): the first found.
    #[serde(default)]
    pub number: ByLang,
    /// Phrases numbers stand in: every one found (a list).
    #[serde(default)]
    pub numbers: ByLang,
    /// Values in order of precedence.
    #[serde(default)]
    pub one_of: Vec<ValueCue>,
    /// The value where the topic is there and no `one_of` value is.
    #[serde(default)]
    pub otherwise: Option<serde_json::Value>,
    /// The items of a list.
    #[serde(default)]
    pub all_of: Vec<ValueCue>,
    /// List items in the order the text gives them.
    #[serde(default)]
    pub text_order: bool,
    /// Read in house rules too.
    #[serde(default)]
    pub house: bool,
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
    /// How each parameter is read, by key.
    #[serde(default)]
    pub params: BTreeMap<String, ParamCue>,
    /// The languages' own words (`locales/language.yaml`): no book's, so
    /// never held out.
    #[serde(skip)]
    pub words: Words,
}

impl Cues {
    /// The cues of a data tree; none when the tree has no cue file.
    pub fn load(source: &DataSource) -> crate::Result<Cues> {
        let mut cues: Cues = match source.read(PATH)? {
            Some(file) => file.parse()?,
            None => Cues::default(),
        };
        cues.words = Words::load(source)?;
        Ok(cues)
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

    /// These cues without the ones only a held-out book could have taught:
    /// every word and phrase that `held` (a book's text) contains and none
    /// of `others` (the books still known) contains is dropped, so that
    /// importing `held` is measured without its own wording. A cue no book
    /// contains stays (it was written from none of them). Returns the cues
    /// kept and the ones dropped (`field: phrase`).
    pub fn held_out(&self, held: &str, others: &[&str]) -> (Cues, Vec<String>) {
        // Each text tokenised once per language (number words differ).
        let plain = Folded::default();
        let texts = |lw: &Folded| -> (Text, Vec<Text>) {
            (
                Text::new(held, lw),
                others.iter().map(|o| Text::new(o, lw)).collect(),
            )
        };
        let mut by_lang: BTreeMap<Option<Lang>, (Text, Vec<Text>)> = BTreeMap::new();
        by_lang.insert(None, texts(&plain));
        for lang in Lang::ALL {
            by_lang.insert(Some(lang), texts(self.words.of(lang)));
        }
        let mut dropped = Vec::new();
        let mut kept = self.clone();
        kept.retain_phrases(|lang, field, phrase| {
            let lw = lang.map_or(&plain, |l| self.words.of(l));
            let Some((held, others)) = by_lang.get(&lang) else {
                return true;
            };
            let alone = held.contains(phrase, lw) && !others.iter().any(|o| o.contains(phrase, lw));
            if alone {
                let lang = lang.map_or(String::new(), |l| format!("{}.", l.code()));
                dropped.push(format!("{lang}{field}: {phrase}"));
            }
            !alone
        });
        (kept, dropped)
    }

    /// Keeps the words and phrases `keep` says yes to: it is given their
    /// language (none for the file's common lists), the field and the
    /// phrase.
    fn retain_phrases(&mut self, mut keep: impl FnMut(Option<Lang>, &str, &str) -> bool) {
        let mut list = |lang: Option<Lang>, field: &str, v: &mut Vec<String>| {
            v.retain(|p| keep(lang, field, p));
        };
        list(None, "furniture", &mut self.furniture);
        list(None, "tda_prefixes", &mut self.tda_prefixes);
        list(None, "procedure_prefixes", &mut self.procedure_prefixes);
        for (lang, c) in &mut self.langs {
            let l = Some(*lang);
            list(l, "rule_words", &mut c.rule_words);
            list(l, "example_words", &mut c.example_words);
            list(l, "not_applicable", &mut c.not_applicable);
            list(l, "note_words", &mut c.note_words);
            list(l, "source_words", &mut c.source_words);
            list(l, "obliging_words", &mut c.obliging_words);
            list(l, "elsewhere_words", &mut c.elsewhere_words);
            list(l, "countdown_words", &mut c.countdown_words);
            list(l, "last_words", &mut c.last_words);
        }
        for (key, cue) in &mut self.params {
            for (field, by) in [
                ("topic", &mut cue.topic),
                ("number", &mut cue.number),
                ("numbers", &mut cue.numbers),
            ] {
                for (lang, v) in by.iter_mut() {
                    list(Some(*lang), &format!("{key}.{field}"), v);
                }
            }
            for (field, values) in [("one_of", &mut cue.one_of), ("all_of", &mut cue.all_of)] {
                for v in values.iter_mut() {
                    let name = format!("{key}.{field}.{}", v.value);
                    for lang in Lang::ALL {
                        list(Some(lang), &name, v.phrases_mut(lang));
                    }
                }
            }
        }
    }

    /// Checks that the file names only what it may: parameters that exist,
    /// values they can take, language codes.
    pub fn problems(&self) -> Vec<Message> {
        let mut out = Vec::new();
        for (key, cue) in &self.params {
            if crate::rules::Params::home(key).is_none() {
                out.push(Message::new(Msg::ImportCueParam).arg("param", key));
                continue;
            }
            for v in cue
                .one_of
                .iter()
                .map(|v| &v.value)
                .chain(cue.otherwise.iter())
            {
                let mut one = serde_json::Map::new();
                one.insert(key.clone(), v.clone());
                if serde_json::from_value::<crate::rules::Params>(serde_json::Value::Object(one))
                    .is_err()
                {
                    out.push(
                        Message::new(Msg::ImportCueValue)
                            .arg("param", key)
                            .arg("value", v),
                    );
                }
            }
            for v in &cue.all_of {
                let mut one = serde_json::Map::new();
                one.insert(key.clone(), serde_json::Value::Array(vec![v.value.clone()]));
                if serde_json::from_value::<crate::rules::Params>(serde_json::Value::Object(one))
                    .is_err()
                {
                    out.push(
                        Message::new(Msg::ImportCueValue)
                            .arg("param", key)
                            .arg("value", &v.value),
                    );
                }
            }
        }
        for lang in Lang::ALL {
            for code in self.words.of(lang).language_names().keys() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holding_a_book_out_drops_the_cues_only_it_contains() {
        let all = Cues::load(&DataSource::Embedded).expect("cues");
        let held = "Pravidlo 43: Raise\nHráč má 30 sekúnd. Príklad: raise aspoň o 50 %.";
        let others = [
            "Regel 43: Raise\nMinimaal 50 % of meer; 30 seconden.",
            "Rule 43",
        ];
        let (kept, dropped) = all.held_out(held, &others);
        let sk = kept.of(Lang::Sk);
        // Only the held-out book says "Pravidlo", "Príklad", "aspoň o # %".
        assert!(!sk.rule_words.iter().any(|w| w == "Pravidlo"));
        assert!(!sk.example_words.iter().any(|w| w == "Príklad"));
        assert!(
            dropped
                .iter()
                .any(|d| d == "sk.raise_standard_percent.number: aspon o # %")
        );
        // Words the others print too, and words no book prints, stay.
        assert!(kept.of(Lang::Nl).rule_words.iter().any(|w| w == "Regel"));
        assert!(kept.of(Lang::De).rule_words.iter().any(|w| w == "Regel"));
        assert!(sk.example_words.iter().any(|w| w == "Napríklad"));
        assert_eq!(
            all.params.len(),
            kept.params.len(),
            "a parameter keeps its entry"
        );
    }
}
