//! What the importer knows of the four languages themselves
//! (`locales/language.yaml`): the words for what a number counts
//! (seconds, minutes, hands, rounds, percent, times, players, years), numbers
//! written as words, the names of languages, and general words by what
//! they mean (the vocabulary a value worded in one language is recognised
//! by in another). Unlike the cues of `locales/import.yaml`, which
//! record how rulebooks word things, this is no book's: holding a book out
//! leaves it whole.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::data::DataSource;
use crate::rules::Lang;

/// The path of the language file in a data tree.
pub const PATH: &str = "locales/language.yaml";

/// What a number counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// Seconds.
    Seconds,
    /// Minutes.
    Minutes,
    /// Hands.
    Hands,
    /// Rounds.
    Rounds,
    /// Percent (the word; `%` is read as the same).
    Percent,
    /// Times (a multiple).
    Times,
    /// Players.
    Players,
    /// Years (of age).
    Years,
}

/// The fewest letters of each part of a compound read by its last part.
const COMPOUND_PART: usize = 3;

/// The words of one language.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LangWords {
    /// Per unit, the words that follow a number of it.
    #[serde(default)]
    pub units: BTreeMap<Unit, Vec<String>>,
    /// The names of languages, by ISO 639-1 code.
    #[serde(default)]
    pub languages: BTreeMap<String, Vec<String>>,
    /// Numbers written as words.
    #[serde(default)]
    pub number_words: BTreeMap<String, u32>,
    /// Words that are also the indefinite article: a number only before a
    /// unit of time.
    #[serde(default)]
    pub article_numbers: BTreeMap<String, u32>,
    /// A unit of time in the singular that says one of it where no number
    /// stands before it, in a language without an article ("minútu po",
    /// a minute after).
    #[serde(default)]
    pub one_units: Vec<String>,
    /// General words by what they mean ("left", "dead", "first"), a word
    /// ending in `*` standing for every word it begins: how a value stated
    /// in one language is recognised in another.
    #[serde(default)]
    pub vocabulary: BTreeMap<String, Vec<String>>,
    /// The words that say "no": a sentence with one does not say yes.
    #[serde(default)]
    pub negations: Vec<String>,
    /// The words that open a concession ("even when", "auch wenn"): what
    /// the clause after them names is what the sentence holds even then,
    /// not what it states.
    #[serde(default)]
    pub concessions: Vec<String>,
    /// Abbreviations by the words they stand for ("BB": big blind): they
    /// mean what those words mean.
    #[serde(default)]
    pub abbreviations: BTreeMap<String, String>,
    /// The words a cross-reference is made of: the nouns that name rules
    /// and recommended procedures, in every grammatical form, and the words
    /// that join a list of numbers ("Regels 10, 11 en 63").
    #[serde(default)]
    pub references: ReferenceWords,
    /// What a value's id (or a yes/no key) says, in words of this
    /// language, where its own words do not say it (`at-most-pot`: "less
    /// than or equal to the pot"); only English, the language ids are
    /// written in. A value said in several ways has a list, its first
    /// gloss the one its name is read by.
    #[serde(default)]
    pub glosses: BTreeMap<String, Glosses>,
    /// Whether the language writes compound words as one ("Gesamtpot",
    /// "restfiche"): a word the vocabulary does not have then means what
    /// its last part means.
    #[serde(default)]
    pub compounds: bool,
}

/// A value's gloss, or its several ("a tie goes to the player": an action
/// as the time runs out is accepted; the player has the advantage).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Glosses {
    /// One gloss.
    One(String),
    /// Several, the first the value's definition.
    Many(Vec<String>),
}

impl Glosses {
    fn list(&self) -> Vec<String> {
        match self {
            Glosses::One(g) => vec![g.clone()],
            Glosses::Many(list) => list.clone(),
        }
    }
}

/// The words of cross-references in one language, or folded in all.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceWords {
    /// Nouns that name a rule ("Regels", "pravidlá").
    #[serde(default)]
    pub rules: Vec<String>,
    /// Nouns that name a recommended procedure ("Verfahren").
    #[serde(default)]
    pub procedures: Vec<String>,
    /// Words that join a list of numbers ("en", "alebo").
    #[serde(default)]
    pub joiners: Vec<String>,
}

impl ReferenceWords {
    /// Whether `word` (as written) is one of `list`'s words, folded.
    pub fn has(list: &[String], word: &str) -> bool {
        let word = crate::text::fold(word);
        list.contains(&word)
    }
}

/// Every language's words, folded for matching.
#[derive(Debug, Clone, Default)]
pub struct Words {
    langs: BTreeMap<Lang, Folded>,
}

/// One language's words, folded (lower case, no accents).
#[derive(Debug, Clone, Default)]
pub struct Folded {
    units: BTreeMap<String, Unit>,
    numbers: BTreeMap<String, u32>,
    articles: BTreeMap<String, u32>,
    one_units: BTreeSet<String>,
    negations: BTreeSet<String>,
    /// Each concession's folded words.
    concessions: Vec<Vec<String>>,
    /// Each folded abbreviation's folded words.
    abbreviations: BTreeMap<String, Vec<String>>,
    references: ReferenceWords,
    languages: BTreeMap<String, Vec<String>>,
    /// Folded words (and `*` stems, `true`) with their meaning.
    meanings: Vec<(String, bool, String)>,
    glosses: BTreeMap<String, Vec<String>>,
    compounds: bool,
}

impl Folded {
    fn of(words: &LangWords) -> Folded {
        let fold = |w: &str| crate::text::fold(w).trim().to_string();
        Folded {
            units: words
                .units
                .iter()
                .flat_map(|(unit, list)| list.iter().map(move |w| (fold(w), *unit)))
                .collect(),
            numbers: words
                .number_words
                .iter()
                .map(|(w, n)| (fold(w), *n))
                .collect(),
            articles: words
                .article_numbers
                .iter()
                .map(|(w, n)| (fold(w), *n))
                .collect(),
            one_units: words.one_units.iter().map(|w| fold(w)).collect(),
            negations: words.negations.iter().map(|w| fold(w)).collect(),
            concessions: words
                .concessions
                .iter()
                .map(|c| fold(c).split_whitespace().map(str::to_string).collect())
                .collect(),
            abbreviations: words
                .abbreviations
                .iter()
                .map(|(a, full)| {
                    let words = fold(full).split_whitespace().map(str::to_string).collect();
                    (fold(a), words)
                })
                .collect(),
            references: ReferenceWords {
                rules: words.references.rules.iter().map(|w| fold(w)).collect(),
                procedures: words
                    .references
                    .procedures
                    .iter()
                    .map(|w| fold(w))
                    .collect(),
                joiners: words.references.joiners.iter().map(|w| fold(w)).collect(),
            },
            languages: words.languages.clone(),
            meanings: words
                .vocabulary
                .iter()
                .flat_map(|(meaning, list)| {
                    list.iter().map(move |w| match w.strip_suffix('*') {
                        Some(stem) => (fold(stem), true, meaning.clone()),
                        None => (fold(w), false, meaning.clone()),
                    })
                })
                .collect(),
            glosses: words
                .glosses
                .iter()
                .map(|(id, g)| (id.clone(), g.list()))
                .collect(),
            compounds: words.compounds,
        }
    }

    /// What a value's id says where its own words do not say it.
    pub fn gloss(&self, id: &str) -> Option<&str> {
        self.glosses
            .get(id)
            .and_then(|list| list.first())
            .map(String::as_str)
    }

    /// Every way the language file says what a value's id says: its
    /// definition first, then the other ways it is said.
    pub fn glosses(&self, id: &str) -> &[String] {
        self.glosses.get(id).map_or(&[], Vec::as_slice)
    }

    /// The words a folded abbreviation stands for ("bb": big, blind).
    pub fn expansion(&self, word: &str) -> Option<&[String]> {
        self.abbreviations.get(word).map(Vec::as_slice)
    }

    /// The concessions' folded words ("auch", "wenn").
    pub fn concessions(&self) -> &[Vec<String>] {
        &self.concessions
    }

    /// What a folded word means, if the vocabulary has it; in a language
    /// that compounds, a word it does not have means what its longest
    /// last part it has means ("gesamtpot": pot), both parts of
    /// [`COMPOUND_PART`] letters at least.
    pub fn meaning(&self, word: &str) -> Option<&str> {
        self.meaning_of(word).or_else(|| {
            if !self.compounds {
                return None;
            }
            word.char_indices()
                .filter(|(at, _)| word.get(..*at).map_or(0, |p| p.chars().count()) >= COMPOUND_PART)
                .filter_map(|(at, _)| word.get(at..))
                .filter(|rest| rest.chars().count() >= COMPOUND_PART)
                .find_map(|rest| self.meaning_of(rest))
        })
    }

    /// What a folded word means as the vocabulary writes it.
    fn meaning_of(&self, word: &str) -> Option<&str> {
        self.meanings
            .iter()
            .find(|(w, stem, _)| {
                if *stem {
                    word.starts_with(w.as_str())
                } else {
                    word == w
                }
            })
            .map(|(_, _, m)| m.as_str())
    }

    /// The names of languages (as written), by ISO 639-1 code.
    pub fn language_names(&self) -> &BTreeMap<String, Vec<String>> {
        &self.languages
    }

    /// The unit a folded word names.
    pub fn unit(&self, word: &str) -> Option<Unit> {
        self.units.get(word).copied()
    }

    /// The unit a folded word names, or else the one unit whose words
    /// mean what the word means ("multiple": times).
    pub fn unit_meant(&self, word: &str) -> Option<Unit> {
        if let Some(unit) = self.unit(word) {
            return Some(unit);
        }
        let meaning = self.meaning(word)?;
        let mut units: Vec<Unit> = self
            .units
            .iter()
            .filter(|(w, _)| self.meaning(w) == Some(meaning))
            .map(|(_, u)| *u)
            .collect();
        units.sort_unstable();
        units.dedup();
        match units.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The number a folded word is; an article only when `before_time`.
    pub fn number(&self, word: &str, before_time: bool) -> Option<u32> {
        self.numbers.get(word).copied().or_else(|| {
            before_time
                .then(|| self.articles.get(word).copied())
                .flatten()
        })
    }

    /// Whether a folded word is a unit that alone says one of it.
    pub fn one_unit(&self, word: &str) -> bool {
        self.one_units.contains(word)
    }

    /// Whether a folded word says "no".
    pub fn negates(&self, word: &str) -> bool {
        self.negations.contains(word)
    }

    /// The number a folded word of a cue phrase stands for, article or
    /// not.
    pub fn phrase_number(&self, word: &str) -> Option<u32> {
        self.number(word, true)
    }
}

impl Words {
    /// The words of a data tree; none when it has no language file.
    pub fn load(source: &DataSource) -> crate::Result<Words> {
        let file: BTreeMap<Lang, LangWords> = match source.read(PATH)? {
            Some(file) => file.parse()?,
            None => BTreeMap::new(),
        };
        Ok(Words::from_lists(&file))
    }

    /// The words of the lists given.
    pub fn from_lists(lists: &BTreeMap<Lang, LangWords>) -> Words {
        Words {
            langs: lists.iter().map(|(l, w)| (*l, Folded::of(w))).collect(),
        }
    }

    /// The words of cross-references of every language, folded: a book
    /// cites in its own language, and quotes another's now and then.
    pub fn references(&self) -> ReferenceWords {
        let mut all = ReferenceWords::default();
        for f in self.langs.values() {
            all.rules.extend(f.references.rules.iter().cloned());
            all.procedures
                .extend(f.references.procedures.iter().cloned());
            all.joiners.extend(f.references.joiners.iter().cloned());
        }
        all
    }

    /// The words of `lang`.
    pub fn of(&self, lang: Lang) -> &Folded {
        static EMPTY: std::sync::OnceLock<Folded> = std::sync::OnceLock::new();
        self.langs
            .get(&lang)
            .unwrap_or_else(|| EMPTY.get_or_init(Folded::default))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_units_and_numbers() {
        let words = Words::load(&DataSource::Embedded).expect("language file");
        for lang in Lang::ALL {
            let w = words.of(lang);
            for unit in [
                Unit::Seconds,
                Unit::Minutes,
                Unit::Hands,
                Unit::Rounds,
                Unit::Percent,
                Unit::Times,
                Unit::Players,
                Unit::Years,
            ] {
                assert!(w.units.values().any(|u| *u == unit), "{lang:?} {unit:?}");
            }
            for n in 1..=10 {
                let written = w.numbers.values().chain(w.articles.values());
                assert!(written.into_iter().any(|v| *v == n), "{lang:?} {n}");
            }
        }
        let nl = words.of(Lang::Nl);
        assert_eq!(nl.unit("seconden"), Some(Unit::Seconds));
        // "een" is a number before a unit only.
        assert_eq!(nl.number("een", false), None);
        assert_eq!(nl.number("een", true), Some(1));
        assert_eq!(words.of(Lang::Sk).unit("sekund"), Some(Unit::Seconds));
        for lang in Lang::ALL {
            let w = words.of(lang);
            assert!(!w.negations.is_empty(), "{lang:?}");
            let r = &w.references;
            assert!(
                !r.rules.is_empty() && !r.procedures.is_empty() && !r.joiners.is_empty(),
                "{lang:?}"
            );
        }
        assert!(words.of(Lang::De).negates("nicht"));
        assert!(!words.of(Lang::De).negates("ist"));
    }

    /// In a language that compounds, a word the vocabulary lacks means what
    /// its last part means; never in one that does not, nor by parts too
    /// short to be words.
    #[test]
    fn a_compound_means_what_its_last_part_means() {
        let words = Words::load(&DataSource::Embedded).expect("language file");
        let rows: [(Lang, &str, Option<&str>); 7] = [
            (Lang::De, "gesamtpot", Some("pot")),
            (Lang::Nl, "restfiche", Some("chip")),
            (Lang::Nl, "betronde", Some("round")),
            // The vocabulary's own word first.
            (Lang::De, "spieler", Some("player")),
            // A first part shorter than a word.
            (Lang::De, "depot", None),
            // Languages that write compounds apart.
            (Lang::En, "jackpot", None),
            (Lang::Sk, "celkovypot", None),
        ];
        for (lang, word, want) in rows {
            assert_eq!(words.of(lang).meaning(word), want, "{lang:?} {word}");
        }
    }

    /// The vocabulary names the same meanings in every language: a value
    /// worded in one is looked for in any other.
    #[test]
    fn every_language_has_every_meaning() {
        let file: BTreeMap<Lang, LangWords> = DataSource::Embedded
            .read(PATH)
            .expect("read")
            .expect("the language file")
            .parse()
            .expect("parse");
        let en: Vec<&String> = file[&Lang::En].vocabulary.keys().collect();
        assert!(en.len() > 40);
        for lang in Lang::ALL {
            let here: Vec<&String> = file[&lang].vocabulary.keys().collect();
            assert_eq!(here, en, "{lang:?}");
        }
        let words = Words::from_lists(&file);
        assert_eq!(words.of(Lang::Sk).meaning("mrtva"), Some("dead"));
        assert_eq!(words.of(Lang::De).meaning("links"), Some("left"));
        assert_eq!(words.of(Lang::Nl).meaning("speler"), Some("player"));
        assert_eq!(words.of(Lang::En).meaning("the"), None);
    }
}
