//! User-interface texts: every heading, label and message of the tool, in
//! four languages (`locales/<lang>/ui.yaml`), looked up by key.

mod keys;

use crate::data::DataSource;
use crate::error::LoadError;
use crate::message::Arg;
use serde::{Deserialize, Serialize};

/// A UI and rulebook language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    En,
    /// Dutch.
    Nl,
    /// German.
    De,
    /// Slovak.
    Sk,
}

impl Lang {
    /// Every language, in the order used for listings.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Nl, Lang::De, Lang::Sk];

    /// The ISO 639-1 code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Nl => "nl",
            Lang::De => "de",
            Lang::Sk => "sk",
        }
    }

    /// Parses an ISO 639-1 code (case-insensitive).
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }
}

/// The UI texts of one language, sorted by key.
#[derive(Debug, Clone)]
pub struct Ui {
    /// The language.
    pub lang: Lang,
    texts: Texts,
}

/// Where the texts are kept.
#[derive(Debug, Clone)]
enum Texts {
    /// Embedded: `key\x1fvalue\x1e` records sorted by key, flattened at
    /// build time and looked up in place, so loading costs nothing.
    Flat(&'static str),
    /// Read from a `--data` tree, sorted by key.
    Parsed(Vec<(String, String)>),
}

/// The record separator and the key/value separator of [`Texts::Flat`].
const RECORD: u8 = 0x1e;
const FIELD: char = '\x1f';

/// The value of `key` in flattened records, by binary search over the bytes
/// (as look(1) searches a sorted file): the record holding the middle byte
/// is compared and the half that cannot hold the key dropped.
fn flat_get<'a>(records: &'a str, key: &str) -> Option<&'a str> {
    let bytes = records.as_bytes();
    // Every record starting in lo..hi is still a candidate; lo and hi are
    // record starts (or the end).
    let (mut lo, mut hi) = (0, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = bytes
            .get(lo..mid)
            .and_then(|b| memchr::memrchr(RECORD, b))
            .map_or(lo, |i| lo + i + 1);
        let end = bytes
            .get(start..)
            .and_then(|b| memchr::memchr(RECORD, b))
            .map_or(bytes.len(), |i| start + i);
        let record = records.get(start..end)?;
        let (k, v) = record.split_once(FIELD)?;
        match k.cmp(key) {
            std::cmp::Ordering::Equal => return Some(v),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    None
}

/// The path of a language's UI file in a data tree.
pub fn ui_path(lang: Lang) -> String {
    format!("locales/{}/ui.yaml", lang.code())
}

impl Ui {
    /// Loads the UI texts of `lang` from the data tree.
    pub fn load(source: &DataSource, lang: Lang) -> crate::Result<Ui> {
        let path = ui_path(lang);
        let file = source.read(&path)?.ok_or_else(|| {
            LoadError::file(
                &path,
                None,
                crate::message::Message::new(crate::message::Msg::UiMissing),
            )
        })?;
        // Embedded files were flattened at build time: borrow them as they are.
        if let Some(records) = file.flat_records() {
            return Ok(Ui {
                lang,
                texts: Texts::Flat(records),
            });
        }
        let tree: serde_json::Value = file.parse()?;
        let texts = keys::dotted_texts(&tree)
            .map_err(|key| {
                LoadError::file(
                    &file.shown,
                    None,
                    crate::message::Message::new(crate::message::Msg::CheckUiNotTexts)
                        .arg("key", key),
                )
            })?
            .into_iter()
            // Texts of a `--data` tree are data: made visible once, here.
            .map(|(k, v)| {
                let v = crate::text::shown(&v).into_owned();
                (k, v)
            })
            .collect();
        Ok(Ui {
            lang,
            texts: Texts::Parsed(texts),
        })
    }

    /// Every key, sorted.
    pub fn keys(&self) -> Box<dyn Iterator<Item = &str> + '_> {
        match &self.texts {
            Texts::Flat(records) => Box::new(
                records
                    .split(char::from(RECORD))
                    .filter_map(|r| r.split_once(FIELD))
                    .map(|(k, _)| k),
            ),
            Texts::Parsed(texts) => Box::new(texts.iter().map(|(k, _)| k.as_str())),
        }
    }

    /// The text for `key`; the key itself if the language lacks it (`floor
    /// check` reports missing keys, so this only shows during development).
    pub fn t<'a>(&'a self, key: &'a str) -> &'a str {
        self.get(key).unwrap_or(key)
    }

    /// The label of choice `value` of question `question`: its own where
    /// the question words that choice otherwise (`choices.<question>.<value>`),
    /// else the label every question shares (`choices.<value>`).
    pub fn choice(&self, question: &str, value: &str) -> Option<&str> {
        self.get(&format!("choices.{question}.{value}"))
            .or_else(|| self.get(&format!("choices.{value}")))
    }

    /// The text for `key` if it exists.
    pub fn get(&self, key: &str) -> Option<&str> {
        match &self.texts {
            Texts::Flat(records) => flat_get(records, key),
            Texts::Parsed(texts) => texts
                .binary_search_by(|(k, _)| k.as_str().cmp(key))
                .ok()
                .and_then(|i| texts.get(i))
                .map(|(_, v)| v.as_str()),
        }
    }

    /// The text for `key` with `{name}` placeholders filled in. The values
    /// are data or input (a title, a path, what was typed): each is made
    /// visible (see [`crate::text::shown`]) as it enters the text.
    ///
    /// The text is filled in one pass: a value that itself holds `{name}`
    /// stays as it was typed.
    pub fn f(&self, key: &str, args: &[(&str, &str)]) -> String {
        let template = self.t(key);
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            let (before, from_brace) = rest.split_at(open);
            out.push_str(before);
            let filled = from_brace.find('}').and_then(|close| {
                let name = from_brace.get(1..close)?;
                let (_, value) = args.iter().find(|(n, _)| *n == name)?;
                Some((close, value))
            });
            match filled {
                Some((close, value)) => {
                    out.push_str(&crate::text::shown(value));
                    rest = from_brace.get(close + 1..).unwrap_or_default();
                }
                None => {
                    out.push('{');
                    rest = from_brace.get(1..).unwrap_or_default();
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The text for `key` said of `count` things, `{count}` filled in: the
    /// language's `<key>_one` where the count is one ("1 topic"), `key`
    /// otherwise.
    pub fn f_count(&self, key: &str, count: usize, args: &[(&str, &str)]) -> String {
        let one = format!("{key}_one");
        let key = if count == 1 && self.get(&one).is_some() {
            one.as_str()
        } else {
            key
        };
        let count = count.to_string();
        let mut all = args.to_vec();
        all.push(("count", &count));
        self.f(key, &all)
    }

    /// A parameter's short name (`compare.param.<key>`), as tables and
    /// cards print it; the key where the language lacks one (`floor check`
    /// requires one for every parameter).
    pub fn param_name<'a>(&'a self, key: &'a str) -> &'a str {
        self.get(&format!("{PARAM_NAMES}.{key}")).unwrap_or(key)
    }

    /// One value of a parameter in words (`compare.value.<id>`): the one
    /// lookup for parameter values wherever they are printed. Numbers stay
    /// numbers; `floor check` requires words for every other value.
    pub fn value_word(&self, value: &str) -> String {
        self.get(&format!("{VALUE_WORDS}.{value}"))
            .unwrap_or(value)
            .to_string()
    }

    /// A parameter's value in words; a list's items joined with ", ".
    pub fn value_words(&self, value: &serde_json::Value) -> String {
        match value {
            serde_json::Value::Array(items) => items
                .iter()
                .map(|i| self.value_words(i))
                .collect::<Vec<_>>()
                .join(", "),
            serde_json::Value::String(s) => self.value_word(s),
            serde_json::Value::Bool(b) => self.value_word(&b.to_string()),
            other => other.to_string(),
        }
    }
}

/// Where the short names of parameters are kept in `ui.yaml`.
pub const PARAM_NAMES: &str = "compare.param";
/// Where the words for parameter values are kept in `ui.yaml`.
pub const VALUE_WORDS: &str = "compare.value";

/// The `{name}` placeholders of a UI text: the names [`Ui::f`] fills in.
pub fn placeholders(text: &str) -> std::collections::BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

/// The bundled English texts, loaded once: messages shown outside a UI
/// context (`Display`, logs, tests) are English.
pub fn english() -> Option<&'static Ui> {
    static EN: std::sync::OnceLock<Option<Ui>> = std::sync::OnceLock::new();
    EN.get_or_init(|| Ui::load(&DataSource::Embedded, Lang::En).ok())
        .as_ref()
}

/// The UI language: `--lang` if given, else the first of LC_ALL,
/// LC_MESSAGES, LANG that names a supported language, else English.
/// `env` looks up an environment variable.
pub fn detect_lang(flag: Option<Lang>, env: impl Fn(&str) -> Option<String>) -> Lang {
    flag.or_else(|| locale_lang(&env).map(|(lang, _)| lang))
        .unwrap_or(Lang::En)
}

/// The UI language the locale names, with the deciding assignment
/// (`LANG=de_DE.UTF-8`): the first non-empty of LC_ALL, LC_MESSAGES, LANG
/// decides (POSIX), English if it names no UI language. `None` if none is set.
pub fn locale_lang(env: &impl Fn(&str) -> Option<String>) -> Option<(Lang, String)> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .find_map(|var| {
            let value = env(var).filter(|v| !v.is_empty())?;
            let code = value.split(['_', '.', '@', '-']).next().unwrap_or("");
            Some((
                Lang::from_code(code).unwrap_or(Lang::En),
                format!("{var}={value}"),
            ))
        })
}

/// Messages are rendered here, with the UI texts, so that the message
/// model below needs nothing above it.
impl crate::message::Message {
    /// The text in the language of `ui`.
    pub fn render(&self, ui: &Ui) -> String {
        let args: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(t) => t.clone(),
                    Arg::Message(m) => m.render(ui),
                };
                (*name, value)
            })
            .collect();
        let borrowed: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
        ui.f(&format!("errors.{}", self.msg.key()), &borrowed)
    }
}

impl std::fmt::Display for crate::message::Message {
    /// English, from the bundled UI texts.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match english() {
            Some(ui) => f.write_str(&self.render(ui)),
            None => write!(f, "{:?}", self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What was typed is shown as typed, even where it looks like a
    /// placeholder of the text it enters.
    #[test]
    fn one_thing_is_said_in_the_singular() {
        for (lang, one, two) in [
            (
                Lang::En,
                "What differs (1 topic)",
                "What differs (2 topics)",
            ),
            (
                Lang::De,
                "Was sich unterscheidet (1 Thema)",
                "Was sich unterscheidet (2 Themen)",
            ),
            (Lang::Sk, "Čo sa líši (1 téma)", "Čo sa líši (tém: 2)"),
        ] {
            let ui = Ui::load(&DataSource::Embedded, lang).expect("ui");
            assert_eq!(ui.f_count("compare.changes_heading", 1, &[]), one);
            assert_eq!(ui.f_count("compare.changes_heading", 2, &[]), two);
        }
        // A text without a singular says the count either way.
        let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
        assert_eq!(
            ui.f_count("errors.walk_missing", 1, &[("list", "x")]),
            ui.f("errors.walk_missing", &[("list", "x")])
        );
    }

    #[test]
    fn values_that_look_like_placeholders_stay_as_typed() {
        let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
        let text = ui.f(
            "errors.invalid_answer",
            &[
                ("key", "facing_bet"),
                ("value", "{problem}{key}"),
                ("problem", "not yes or no"),
            ],
        );
        assert_eq!(text, "answer `facing_bet={problem}{key}`: not yes or no");
        // An unknown or unclosed brace is left alone.
        assert_eq!(
            ui.f("errors.walk_missing", &[("x", "y")]),
            ui.t("errors.walk_missing")
        );
    }

    /// The in-place lookup of the embedded texts finds exactly what the
    /// parsed YAML holds, and nothing between, before or after its keys.
    #[test]
    fn embedded_lookup_agrees_with_the_parsed_file() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for lang in [Lang::En, Lang::Nl, Lang::De, Lang::Sk] {
            let flat = Ui::load(&DataSource::Embedded, lang).expect("embedded");
            assert!(matches!(flat.texts, Texts::Flat(_)));
            let source = DataSource::dir(root).expect("data tree");
            let parsed = Ui::load(&source, lang).expect("parsed");
            let keys: Vec<&str> = parsed.keys().collect();
            assert!(keys.len() > 1000);
            assert_eq!(flat.keys().collect::<Vec<_>>(), keys);
            for key in &keys {
                assert_eq!(flat.get(key), parsed.get(key), "{key}");
                for near in [format!("{key}."), format!("{key}~"), format!(" {key}")] {
                    assert_eq!(flat.get(&near), parsed.get(&near), "{near}");
                }
                assert_eq!(
                    flat.get(&key[..key.len() - 1]),
                    parsed.get(&key[..key.len() - 1])
                );
            }
            for absent in ["", "\u{0}", "zzzz", "~"] {
                assert_eq!(flat.get(absent), None);
            }
        }
    }

    fn env(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn flag_wins_over_environment() {
        assert_eq!(
            detect_lang(Some(Lang::Sk), env(&[("LANG", "nl_NL.UTF-8")])),
            Lang::Sk
        );
    }

    #[test]
    fn first_set_locale_variable_decides() {
        assert_eq!(detect_lang(None, env(&[("LANG", "de_DE.UTF-8")])), Lang::De);
        assert_eq!(
            detect_lang(None, env(&[("LC_ALL", "nl_BE.UTF-8"), ("LANG", "de_DE")])),
            Lang::Nl
        );
        assert_eq!(
            detect_lang(None, env(&[("LC_MESSAGES", "sk_SK"), ("LANG", "nl")])),
            Lang::Sk
        );
        assert_eq!(
            detect_lang(None, env(&[("LC_ALL", ""), ("LANG", "sk_SK")])),
            Lang::Sk
        );
    }

    /// A ruling on a topic the edition lacks names that topic in the reader's
    /// language, so every concept needs a name in every UI language.
    #[test]
    fn every_concept_has_a_topic_name_in_every_language() {
        let store = crate::rules::Store::open(DataSource::Embedded).unwrap();
        let concepts = store.concepts().unwrap();
        assert!(!concepts.is_empty());
        for lang in Lang::ALL {
            let ui = Ui::load(&DataSource::Embedded, lang).unwrap();
            let missing: Vec<&str> = concepts
                .iter()
                .map(|c| c.slug.as_str())
                .filter(|slug| {
                    ui.get(&format!("topics.{slug}"))
                        .is_none_or(|name| name.trim().is_empty())
                })
                .collect();
            assert!(
                missing.is_empty(),
                "{}: no topics.<slug> for {missing:?}",
                lang.code()
            );
        }
    }

    #[test]
    fn unsupported_or_missing_locale_is_english() {
        assert_eq!(detect_lang(None, env(&[("LANG", "fr_FR.UTF-8")])), Lang::En);
        assert_eq!(detect_lang(None, env(&[("LANG", "C")])), Lang::En);
        assert_eq!(detect_lang(None, env(&[])), Lang::En);
    }
}
