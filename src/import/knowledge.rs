//! What the corpus knows that an import draws on: the editions (each
//! rule's number, concept, title and text, in every language), the
//! concordance (which concepts exist, which number each numbering gives
//! them), the search lexicon's terms, and the cue words.
//!
//! [`Knowledge::only`] is the same knowledge restricted to a chosen set of
//! editions: the others' editions, the concepts only they have, the
//! lexicon terms only they contributed (terms their texts contain and no
//! kept edition's does) and the cue words and phrases only their books
//! contain are gone. [`Knowledge::without`] holds one edition out, so
//! that importing that edition's own rulebook can be measured against it
//! without the answer leaking in. The words each known edition's rule
//! states a parameter with ([`Quote`], from its provision record) go with
//! that edition.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::import::cues::Cues;
use crate::rules::lexicon::LexiconFile;
use crate::rules::{Concept, Edition, Lang, RuleKind, Store};

/// A lexicon term: the words floor people use for a concept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// Its language.
    pub lang: Lang,
    /// The concept it names.
    pub concept: String,
    /// The term as written.
    pub text: String,
}

/// The words of a known edition's rule that state a parameter (or one
/// item of a list parameter), as its provision record quotes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    /// The edition.
    pub edition: String,
    /// The rule's number there.
    pub rule: String,
    /// The parameter's key.
    pub key: String,
    /// The item of a list parameter the words state, as the catalog
    /// writes it (`boxed-cards`); `None` for the whole value.
    pub item: Option<String>,
    /// The words.
    pub span: String,
}

/// Everything an import may know.
#[derive(Debug, Clone)]
pub struct Knowledge {
    /// The known editions.
    pub editions: Vec<Edition>,
    /// The concept vocabulary.
    pub concepts: Vec<Concept>,
    /// The lexicon's terms.
    pub terms: Vec<Term>,
    /// Each language's stop words.
    pub stop_words: BTreeMap<Lang, BTreeSet<String>>,
    /// The cue words.
    pub cues: Cues,
    /// The cue words and phrases left out because only a held-out book
    /// contains them (`field: phrase`).
    pub cues_held_out: Vec<String>,
    /// Where the known editions state their parameters.
    pub quotes: Vec<Quote>,
}

/// The rulebooks' texts, by edition id: what the cues are checked against
/// when editions are held out (an edition without its book stands for
/// itself with its titles and texts).
pub type Books = BTreeMap<String, String>;

/// A numbering: which number it gives each concept.
#[derive(Debug, Clone, Default)]
pub struct Numbering {
    /// Its id (`tda-2019`).
    pub id: String,
    /// The editions that follow it.
    pub editions: Vec<String>,
    /// Number (as the editions store it: "43", "RP-5" written `RP-5`) of
    /// each concept.
    pub number_of: HashMap<String, String>,
    /// The concepts in the order of the numbering: rules by number, then
    /// procedures by number.
    pub order: Vec<String>,
}

impl Knowledge {
    /// The knowledge of a data tree.
    pub fn from_store(store: &Store) -> crate::Result<Knowledge> {
        let editions: Vec<Edition> = store.editions()?.into_iter().cloned().collect();
        let concepts = store.concepts()?.to_vec();
        let mut terms = Vec::new();
        let mut stop_words = BTreeMap::new();
        for lang in Lang::ALL {
            let file: Option<LexiconFile> = crate::rules::lexicon::read(store.source(), lang)?;
            let Some(file) = file else { continue };
            stop_words.insert(
                lang,
                file.stop_words
                    .iter()
                    .map(|w| crate::text::fold(w).trim().to_string())
                    .collect(),
            );
            for (concept, list) in file.concepts {
                for text in list {
                    terms.push(Term {
                        lang,
                        concept: concept.clone(),
                        text,
                    });
                }
            }
        }
        let cues = Cues::load(store.source())?;
        let quotes = quotes(store, &editions)?;
        Ok(Knowledge {
            editions,
            concepts,
            terms,
            stop_words,
            cues,
            cues_held_out: Vec::new(),
            quotes,
        })
    }

    /// This knowledge with edition `id` held out: see [`Knowledge::only`].
    pub fn without(&self, id: &str, books: &Books) -> Knowledge {
        let keep: BTreeSet<String> = self
            .editions
            .iter()
            .map(|e| e.id.clone())
            .filter(|e| e != id)
            .collect();
        self.only(&keep, books)
    }

    /// This knowledge restricted to the editions in `keep`: the others'
    /// editions, the concepts no kept edition has, the lexicon terms their
    /// texts contain that no kept edition's texts contain, and the cue
    /// words and phrases their books (`books`, or their texts) contain
    /// that no kept edition's book contains, are left out.
    pub fn only(&self, keep: &BTreeSet<String>, books: &Books) -> Knowledge {
        let (editions, dropped): (Vec<&Edition>, Vec<&Edition>) =
            self.editions.iter().partition(|e| keep.contains(&e.id));
        if dropped.is_empty() {
            return self.clone();
        }
        let used: BTreeSet<&str> = editions
            .iter()
            .flat_map(|e| e.rules().map(|r| r.concept.as_str()))
            .collect();
        let concepts: Vec<Concept> = self
            .concepts
            .iter()
            .filter(|c| used.contains(c.slug.as_str()))
            .cloned()
            .collect();
        let dropped_words: Vec<Vec<String>> = dropped.iter().map(|e| edition_words(e)).collect();
        let kept_words: Vec<Vec<String>> = editions.iter().map(|e| edition_words(e)).collect();
        let terms = self
            .terms
            .iter()
            .filter(|t| used.contains(t.concept.as_str()))
            .filter(|t| {
                let words = term_words(&t.text);
                let in_dropped = dropped_words.iter().any(|d| contains_run(d, &words));
                !in_dropped || kept_words.iter().any(|o| contains_run(o, &words))
            })
            .cloned()
            .collect();
        let book = |e: &Edition| books.get(&e.id).cloned().unwrap_or_else(|| edition_text(e));
        let dropped_text: String = dropped
            .iter()
            .map(|e| book(e))
            .collect::<Vec<_>>()
            .join("\n");
        let kept_texts: Vec<String> = editions.iter().map(|e| book(e)).collect();
        let kept_refs: Vec<&str> = kept_texts.iter().map(String::as_str).collect();
        let (cues, mut cues_held_out) = self.cues.held_out(&dropped_text, &kept_refs);
        cues_held_out.extend(self.cues_held_out.iter().cloned());
        Knowledge {
            editions: editions.into_iter().cloned().collect(),
            concepts,
            terms,
            stop_words: self.stop_words.clone(),
            cues,
            cues_held_out,
            quotes: self
                .quotes
                .iter()
                .filter(|q| keep.contains(&q.edition))
                .cloned()
                .collect(),
        }
    }

    /// The concept with this slug.
    pub fn concept(&self, slug: &str) -> Option<&Concept> {
        self.concepts.iter().find(|c| c.slug == slug)
    }

    /// The numberings the known editions follow, each with the number it
    /// gives every concept (the first edition that has the concept decides;
    /// editions of one numbering agree, `floor check` sees to it).
    pub fn numberings(&self) -> Vec<Numbering> {
        let mut out: Vec<Numbering> = Vec::new();
        for ed in &self.editions {
            let at = match out.iter().position(|n| n.id == ed.numbering) {
                Some(at) => at,
                None => {
                    out.push(Numbering {
                        id: ed.numbering.clone(),
                        ..Numbering::default()
                    });
                    out.len() - 1
                }
            };
            let n = &mut out[at];
            n.editions.push(ed.id.clone());
            for rule in ed.rules().filter(|r| r.kind != RuleKind::House) {
                n.number_of
                    .entry(rule.concept.clone())
                    .or_insert_with(|| rule.number.clone());
            }
        }
        for n in &mut out {
            let mut concepts: Vec<(&String, &String)> = n.number_of.iter().collect();
            concepts.sort_by_key(|(_, number)| sort_key(number));
            n.order = concepts.into_iter().map(|(c, _)| c.clone()).collect();
        }
        out
    }
}

/// The words each edition's provision record quotes for the parameters
/// its rules state (none where the tree has no catalog or record).
fn quotes(store: &Store, editions: &[Edition]) -> crate::Result<Vec<Quote>> {
    use crate::rules::provisions::{Catalog, Descriptions, Record};
    let Some(catalog) = Catalog::load_describing(store.source(), Descriptions::None)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for ed in editions {
        let Some(record) = Record::load(store.source(), ed)? else {
            continue;
        };
        for (number, stated) in &record.rules.0 {
            for (id, statement) in &stated.0 {
                let Some(key) = catalog.get(id).and_then(|p| p.param.clone()) else {
                    continue;
                };
                out.push(Quote {
                    edition: ed.id.clone(),
                    rule: number.clone(),
                    item: catalog.get(id).and_then(|p| p.value.clone()),
                    key,
                    span: statement.span.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// How numbers sort: rules by number, then each prefix's by number.
pub fn sort_key(number: &str) -> (String, u32) {
    match crate::rules::RuleRef::parse(number) {
        Some(r) => (r.prefix.unwrap_or_default(), r.ordinal),
        None => (number.to_string(), 0),
    }
}

/// A term's words, folded and cut to their first five letters (so that
/// inflected forms count as the same word: holding out is cautious).
fn term_words(text: &str) -> Vec<String> {
    crate::text::fold(text)
        .split_whitespace()
        .map(|w| w.chars().take(5).collect())
        .collect()
}

/// Every word of an edition's titles and texts, as [`term_words`] cuts them.
fn edition_words(ed: &Edition) -> Vec<String> {
    term_words(&edition_text(ed))
}

/// An edition's titles and texts, one rule a line.
fn edition_text(ed: &Edition) -> String {
    let mut text = String::new();
    for rule in ed.rules() {
        text.push_str(&rule.title);
        text.push('\n');
        text.push_str(&rule.full_text());
        text.push('\n');
    }
    for section in &ed.sections {
        text.push_str(&section.title);
        text.push('\n');
    }
    text
}

/// Whether `words` occur one after another in `text`.
fn contains_run(text: &[String], words: &[String]) -> bool {
    if words.is_empty() {
        return false;
    }
    text.windows(words.len()).any(|w| w == words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DataSource;

    #[test]
    fn holding_an_edition_out_removes_it_its_own_concepts_and_its_own_terms() {
        let store = Store::open(DataSource::Embedded).expect("store");
        let all = Knowledge::from_store(&store).expect("knowledge");
        let held = all.without("onk-2023-nl", &Books::new());
        assert!(held.editions.iter().all(|e| e.id != "onk-2023-nl"));
        assert_eq!(held.editions.len(), all.editions.len() - 1);
        assert!(held.concept("mec-leaving-pit").is_none());
        assert!(held.concept("raise-amounts").is_some());
        // Nothing the held-out edition alone has is left in the terms.
        assert!(held.terms.iter().all(|t| !t.concept.starts_with("mec-")));
        // The German edition is the only German text: its own words for
        // a topic go with it; a term no edition prints stays.
        let de = all.without("tda-2015-de", &Books::new());
        let has = |k: &Knowledge, text: &str| k.terms.iter().any(|t| t.text == text);
        assert!(has(&all, "Platzauslosung") && !has(&de, "Platzauslosung"));
        assert!(has(&de, "Handy"));
        assert!(all.terms.len() > de.terms.len());
    }

    #[test]
    fn numberings_order_the_concepts_by_their_numbers() {
        let store = Store::open(DataSource::Embedded).expect("store");
        let k = Knowledge::from_store(&store).expect("knowledge");
        let numberings = k.numberings();
        let tda2019 = numberings
            .iter()
            .find(|n| n.id == "tda-2019")
            .expect("2019");
        assert_eq!(tda2019.number_of["raise-amounts"], "43");
        assert_eq!(tda2019.number_of["premature-cards"], "RP-5");
        assert_eq!(
            tda2019.order.first().map(String::as_str),
            Some("floor-decisions")
        );
        let tda2017 = numberings
            .iter()
            .find(|n| n.id == "tda-2017")
            .expect("2017");
        assert_eq!(tda2017.number_of["raise-amounts"], "47");
    }
}
