//! Search by topic: a query is matched against rule titles and texts and
//! against the lexicon and the concept names; a concept the query names
//! brings that concept's rule in every edition searched.
//!
//! - Words are folded (case and accents), stop words left out, and stemmed
//!   in each edition's language (`analyze`), so "penalties" finds
//!   "Penalty's" and "stávok" finds "stávka".
//! - A query word may also be read transliterated ("Hoehe" as "Höhe"), split
//!   where two words were typed glued ("undercall" finds "under call"), and,
//!   when no text has it, as the nearest words of the vocabulary (typos:
//!   "strng" finds "string").
//! - Every query word counts by how rare it is; a rule that has only some of
//!   them still ranks, below those that have all.
//!
//! Searching works on [`Doc`]s. For the bundled editions they are made at
//! build time, so a search parses no edition at all.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use memchr::memmem;

use crate::error::LookupError;
use crate::rules::analyze::{self, StopWords, Words};
use crate::rules::lexicon::Lexicon;
use crate::rules::{Edition, Rule};
use crate::text::{fold, fold_mapped};

/// The longest query accepted, in characters: a topic is a few words, and a
/// longer text would only make the search slow.
pub const MAX_QUERY_CHARS: usize = 200;

/// Query words looked up for typos at most (the others count as they are).
const MAX_TYPO_LOOKUPS: usize = 6;

/// A searchable rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doc<'a> {
    /// The edition's id.
    pub edition: &'a str,
    /// The rule number.
    pub number: &'a str,
    /// The concept.
    pub concept: &'a str,
    /// The edition's language code.
    pub lang: &'a str,
    /// The title.
    pub title: &'a str,
    /// The title's index terms (`analyze::index_terms`).
    pub title_terms: Cow<'a, str>,
    /// The text's index terms.
    pub text_terms: Cow<'a, str>,
    /// The whole text (`Rule::full_text`).
    pub text: Cow<'a, str>,
}

impl<'a> Doc<'a> {
    /// The doc of a parsed rule (editions not in the build-time index:
    /// `--data` trees and house overlays).
    pub fn of(edition: &'a Edition, rule: &'a Rule, stop: &StopWords, vocab: &Vocab) -> Doc<'a> {
        let lang = edition.language.code();
        let text = rule.full_text();
        Doc {
            edition: &edition.id,
            number: &rule.number,
            concept: &rule.concept,
            lang,
            title: &rule.title,
            title_terms: Cow::Owned(analyze::index_terms(&rule.title, lang, stop, vocab)),
            text_terms: Cow::Owned(analyze::index_terms(&text, lang, stop, vocab)),
            text: Cow::Owned(text),
        }
    }
}

/// The docs of the bundled editions, from the build-time index.
pub fn embedded_docs() -> Vec<Doc<'static>> {
    let (text, offsets) = crate::data::search_index();
    let field = |i: usize| -> &'static str {
        let (Some(&a), Some(&b)) = (offsets.get(i), offsets.get(i + 1)) else {
            return "";
        };
        text.get(a as usize..b as usize).unwrap_or("")
    };
    (0..offsets.len().saturating_sub(1) / 8)
        .map(|r| {
            let f = |k: usize| field(r * 8 + k);
            Doc {
                edition: f(0),
                number: f(1),
                concept: f(2),
                lang: f(3),
                title: f(4),
                title_terms: Cow::Borrowed(f(5)),
                text_terms: Cow::Borrowed(f(6)),
                text: Cow::Borrowed(f(7)),
            }
        })
        .collect()
}

/// The words of the texts: the bundled vocabulary (sorted, made at build
/// time) and the words of editions read at run time.
#[derive(Debug, Clone, Default)]
pub struct Vocab {
    /// Sorted words, each on its own line, a newline first.
    sorted: &'static str,
    /// Sorted `lang stem` lines of those words.
    stems: &'static str,
    extra: analyze::WordSet,
}

/// Whether `lines` (sorted words, a newline before and after each) has
/// `word`.
fn has_line(lines: &str, word: &str) -> bool {
    let at = crate::rules::lexicon::lower_bound(lines, word);
    lines
        .get(at..)
        .and_then(|rest| rest.split('\n').next())
        .is_some_and(|line| line == word && !word.is_empty())
}

impl Vocab {
    /// The bundled editions' words.
    pub fn embedded() -> Vocab {
        let tables = crate::data::search_tables();
        Vocab {
            sorted: tables.vocab,
            stems: tables.stems,
            extra: analyze::WordSet::default(),
        }
    }

    /// Adds the words of a text in a language.
    pub fn add_text(&mut self, text: &str, lang: &str) {
        self.extra.add_text(text, lang);
    }

    fn all(&self) -> impl Iterator<Item = &str> {
        self.sorted
            .split('\n')
            .filter(|w| !w.is_empty())
            .chain(self.extra.words.iter().map(String::as_str))
    }
}

impl Words for Vocab {
    fn has(&self, word: &str) -> bool {
        has_line(self.sorted, word) || self.extra.has(word)
    }
    fn has_stem(&self, lang: &str, stem: &str) -> bool {
        has_line(self.stems, &format!("{lang} {stem}")) || self.extra.has_stem(lang, stem)
    }
}

/// What a search looks in: the docs, the lexicon, the vocabulary.
pub struct Index<'a> {
    /// Every rule of every edition that can be searched.
    pub docs: Vec<Doc<'a>>,
    /// The lexicon and stop words.
    pub lexicon: Lexicon,
    /// The words of the texts.
    pub vocab: Vocab,
}

impl Index<'static> {
    /// The bundled editions and lexicons.
    pub fn embedded() -> Index<'static> {
        Index {
            docs: embedded_docs(),
            lexicon: Lexicon::embedded(),
            vocab: Vocab::embedded(),
        }
    }
}

impl<'s> Index<'s> {
    /// Every edition of a store: the bundled ones from the build-time index,
    /// the others (a `--data` tree, a house overlay) analysed now.
    pub fn of_store(store: &'s crate::rules::Store) -> Result<Index<'s>, crate::Error> {
        let embedded: Vec<&str> = store.ids().filter(|id| store.is_embedded(id)).collect();
        let mut docs: Vec<Doc<'s>> = if embedded.is_empty() {
            Vec::new()
        } else {
            embedded_docs()
                .into_iter()
                .filter(|d| embedded.contains(&d.edition))
                .collect()
        };
        let lexicon = Lexicon::load(store)?;
        let mut vocab = Vocab::embedded();
        let others: Vec<&Edition> = store
            .ids()
            .filter(|id| !store.is_embedded(id))
            .map(|id| store.edition(id))
            .collect::<Result<_, _>>()?;
        for edition in &others {
            for rule in edition.rules() {
                vocab.add_text(&rule.title, edition.language.code());
                vocab.add_text(&rule.full_text(), edition.language.code());
            }
        }
        for edition in others {
            docs.extend(
                edition
                    .rules()
                    .map(|r| Doc::of(edition, r, &lexicon.stop, &vocab)),
            );
        }
        Ok(Index {
            docs,
            lexicon,
            vocab,
        })
    }
}

/// One search hit.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit<'d, 'a> {
    /// The rule found.
    pub doc: &'d Doc<'a>,
    /// How well it matched (higher is better).
    pub score: f64,
    /// A short excerpt around the best match.
    pub snippet: Snippet,
    /// Found in another edition than the one in use, because that one has
    /// nothing on the topic.
    pub fallback: bool,
}

/// The hits of a search.
#[derive(Debug, Clone, PartialEq)]
pub struct Found<'d, 'a> {
    /// Best first.
    pub hits: Vec<Hit<'d, 'a>>,
    /// The edition in use had no match at all: every hit is from the others.
    pub widened: bool,
}

/// An excerpt of a rule's text with the matched ranges marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The excerpt.
    pub text: String,
    /// Byte ranges of `text` that matched the query.
    pub marks: Vec<(usize, usize)>,
}

const SNIPPET_RADIUS: usize = 70;

/// One way to read a query word: the folded words that must all be in a
/// text, and how much a match counts.
#[derive(Debug, Clone)]
struct Reading {
    words: Vec<String>,
    weight: f64,
    /// Per language (in `analyze::LANGS` order), the stems of `words`.
    stems: [Vec<String>; 4],
}

impl Reading {
    fn new(words: Vec<String>, weight: f64) -> Reading {
        let stems =
            analyze::LANGS.map(|lang| words.iter().map(|w| analyze::stem(lang, w)).collect());
        Reading {
            words,
            weight,
            stems,
        }
    }
}

/// A query word and its readings.
#[derive(Debug, Clone)]
struct Term {
    readings: Vec<Reading>,
}

fn lang_index(lang: &str) -> usize {
    analyze::LANGS.iter().position(|l| *l == lang).unwrap_or(0)
}

/// German umlauts typed as two letters ("Hoehe"), read as the folded
/// umlaut ("hohe").
fn transliterated(word: &str) -> Option<String> {
    if !["ae", "oe", "ue"].iter().any(|p| word.contains(p)) {
        return None;
    }
    Some(
        word.replace("ae", "a")
            .replace("oe", "o")
            .replace("ue", "u"),
    )
}

/// How many edits a typo may be from the word meant: none for short words,
/// one up to seven letters, two beyond.
fn typo_distance(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

fn query_terms(words: &[&str], stop: &StopWords, vocab: &Vocab) -> Vec<Term> {
    let content: Vec<&str> = words.iter().copied().filter(|w| !stop.any(w)).collect();
    let words = if content.is_empty() {
        words.to_vec()
    } else {
        content
    };
    let mut seen = BTreeSet::new();
    let mut terms = Vec::new();
    for word in words {
        if !seen.insert(word) {
            continue;
        }
        let mut readings = vec![Reading::new(vec![word.to_string()], 1.0)];
        // Umlauts typed as two letters, where the word as typed is not one
        // of the texts' ("Hoehe", not Dutch "moet").
        if let Some(t) = transliterated(word)
            && !vocab.has(word)
        {
            readings.push(Reading::new(vec![t], 0.95));
        }
        for candidate in [Some(word.to_string()), transliterated(word)]
            .into_iter()
            .flatten()
        {
            if let Some(parts) = analyze::split_glued(&candidate, &analyze::LANGS, vocab, stop) {
                let parts = parts.into_iter().map(str::to_string).collect();
                readings.push(Reading::new(parts, 0.9));
                break;
            }
        }
        terms.push(Term { readings });
    }
    terms
}

/// The readings of a word that no text has: the nearest words of the
/// vocabulary, if any is within the typo distance.
fn typo_readings(word: &str, vocab: &Vocab) -> Vec<Reading> {
    let max = typo_distance(word.len());
    if max == 0 {
        return Vec::new();
    }
    let mut best: Vec<(usize, &str)> = Vec::new();
    for candidate in vocab.all() {
        if candidate.len().abs_diff(word.len()) > max || candidate.len() < 3 {
            continue;
        }
        let d = strsim::osa_distance(word, candidate);
        if d == 0 || d > max {
            continue;
        }
        match best.first() {
            Some((b, _)) if d > *b => {}
            Some((b, _)) if d < *b => best = vec![(d, candidate)],
            _ => best.push((d, candidate)),
        }
    }
    best.truncate(4);
    best.into_iter()
        .map(|(d, w)| Reading::new(vec![w.to_string()], if d == 1 { 0.8 } else { 0.65 }))
        .collect()
}

/// Whether a word is one of the lexicon's (in any language): then it is
/// jargon, not a typo.
fn in_lexicon(word: &str, lexicon: &Lexicon) -> bool {
    let stems = analyze::LANGS.map(|lang| analyze::stem(lang, word));
    lexicon.terms().any(|e| {
        let stem = &stems[lang_index(e.lang)];
        e.stems.split(' ').any(|s| s == stem)
    })
}

/// How a doc matched one query term.
#[derive(Debug, Clone, Copy, Default)]
struct TermMatch {
    weight: f64,
    in_title: bool,
    in_text: usize,
}

fn count(haystack: &str, finder: &memmem::Finder) -> usize {
    finder.find_iter(haystack.as_bytes()).count()
}

fn needle(stem: &str) -> String {
    format!(" {stem} ")
}

/// Matches one term against every doc: the best reading per doc.
fn match_term(term: &Term, docs: &[Doc]) -> Vec<Option<TermMatch>> {
    // Finders per reading and language, made once.
    let finders: Vec<[Vec<memmem::Finder<'static>>; 4]> = term
        .readings
        .iter()
        .map(|r| {
            r.stems.clone().map(|stems| {
                stems
                    .iter()
                    .map(|s| memmem::Finder::new(needle(s).as_bytes()).into_owned())
                    .collect()
            })
        })
        .collect();
    docs.iter()
        .map(|doc| {
            let lang = lang_index(doc.lang);
            let mut best: Option<TermMatch> = None;
            for (reading, finders) in term.readings.iter().zip(&finders) {
                let finders = &finders[lang];
                let mut in_title = true;
                let mut in_text = usize::MAX;
                let mut all = true;
                for f in finders {
                    let t = count(&doc.title_terms, f) > 0;
                    let n = count(&doc.text_terms, f);
                    if !t && n == 0 {
                        all = false;
                        break;
                    }
                    in_title &= t;
                    in_text = in_text.min(n);
                }
                if !all || finders.is_empty() {
                    continue;
                }
                let m = TermMatch {
                    weight: reading.weight,
                    in_title,
                    in_text,
                };
                if best.is_none_or(|b| value(&m) > value(&b)) {
                    best = Some(m);
                }
            }
            best
        })
        .collect()
}

/// What a term's match in a doc is worth, before its rarity.
fn value(m: &TermMatch) -> f64 {
    let tf = m.in_text as f64;
    m.weight * (if m.in_title { 1.0 } else { 0.0 } + 0.5 * tf / (tf + 1.0))
}

/// Concept evidence from the lexicon, the concept names and the titles:
/// concept → how fully the query names it (0 to 1).
/// How fully a query names a concept.
#[derive(Debug, Clone, Default)]
struct Evidence {
    /// 0 for nothing; about 1 for a term that says the whole query, more
    /// for a term of several words.
    fit: f64,
    /// The query terms a lexicon term of the concept covers.
    covers: Vec<bool>,
}

fn concept_evidence(
    terms: &[Term],
    idf: &[f64],
    lexicon: &Lexicon,
    docs: &[Doc],
    title_matches: &[Vec<Option<TermMatch>>],
) -> HashMap<String, Evidence> {
    // Per language: stem → (term, weight) it reads.
    let mut by_lang: [HashMap<&str, Vec<(usize, f64)>>; 4] = Default::default();
    for (i, term) in terms.iter().enumerate() {
        for reading in &term.readings {
            for (lang, stems) in reading.stems.iter().enumerate() {
                for s in stems {
                    if let Some(map) = by_lang.get_mut(lang) {
                        map.entry(s.as_str()).or_default().push((i, reading.weight));
                    }
                }
            }
        }
    }
    let n = terms.len().max(1) as f64;
    let idf_sum: f64 = idf.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let mut evidence: HashMap<String, Evidence> = HashMap::new();
    let mut note = |concept: &str, fit: f64, covered: &[usize]| {
        let e = evidence
            .entry(concept.to_string())
            .or_insert_with(|| Evidence {
                fit: 0.0,
                covers: vec![false; terms.len()],
            });
        e.fit = e.fit.max(fit);
        for &t in covered {
            if let Some(c) = e.covers.get_mut(t) {
                *c = true;
            }
        }
    };
    // A term matches when all its stems are the query's, so its first stem
    // is one of them: only the terms starting with a query stem are read.
    let mut candidates = Vec::new();
    for (lang, map) in analyze::LANGS.iter().zip(&by_lang) {
        for stem in map.keys() {
            candidates.extend(lexicon.starting_with(lang, stem));
        }
    }
    for entry in candidates {
        let Some(map) = by_lang.get(lang_index(entry.lang)) else {
            continue;
        };
        let mut covered: Vec<(usize, f64)> = Vec::new();
        let mut all = true;
        for stem in entry.stems.split(' ') {
            match map.get(stem) {
                Some(reads) => covered.extend(reads.iter().copied()),
                None => {
                    all = false;
                    break;
                }
            }
        }
        if !all || covered.is_empty() {
            continue;
        }
        // Per term, the best weight it was read with.
        let mut per_term: HashMap<usize, f64> = HashMap::new();
        for (t, w) in covered {
            let e = per_term.entry(t).or_insert(0.0);
            *e = e.max(w);
        }
        let weight = per_term.values().copied().fold(1.0, f64::min);
        // The share of the query (rarer words weigh more) the term says; a
        // term of several words that the query says is stronger evidence
        // than one word of it.
        let share: f64 = per_term
            .keys()
            .map(|&t| idf.get(t).copied().unwrap_or(0.0))
            .sum::<f64>()
            / idf_sum;
        let words = per_term.len().min(3) as f64;
        let covered: Vec<usize> = per_term.keys().copied().collect();
        note(
            entry.concept,
            share * weight * (1.0 + 0.25 * (words - 1.0)),
            &covered,
        );
    }
    // A title the query says nearly all of names its concept too.
    for (d, doc) in docs.iter().enumerate() {
        let title_words = doc
            .title_terms
            .bytes()
            .filter(|&b| b == b' ')
            .count()
            .saturating_sub(1);
        if title_words == 0 {
            continue;
        }
        let mut covered = Vec::new();
        let mut weight: f64 = 1.0;
        for (t, per_doc) in title_matches.iter().enumerate() {
            if let Some(Some(m)) = per_doc.get(d)
                && m.in_title
            {
                covered.push(t);
                weight = weight.min(m.weight);
            }
        }
        let q_cov = covered.len() as f64 / n;
        let t_cov = (covered.len() as f64 / title_words as f64).min(1.0);
        if q_cov >= 0.99 && t_cov >= 0.5 {
            note(doc.concept, 0.8 * t_cov * weight, &covered);
        }
    }
    evidence
}

/// The concepts a query names through the lexicon (and the concept names),
/// best first, with how fully (about 1 when a term says the whole query);
/// only those that say at least half of it.
pub fn named_concepts(lexicon: &Lexicon, vocab: &Vocab, query: &str) -> Vec<(String, f64)> {
    let folded = fold(query);
    let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    if words.is_empty() || query.chars().count() > MAX_QUERY_CHARS {
        return Vec::new();
    }
    let terms = query_terms(&words, &lexicon.stop, vocab);
    let idf = vec![1.0; terms.len()];
    let mut named: Vec<(String, f64)> = concept_evidence(&terms, &idf, lexicon, &[], &[])
        .into_iter()
        .filter(|(_, e)| e.fit >= 0.5)
        .map(|(c, e)| (c, e.fit))
        .collect();
    named.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    named
}

/// Searches for `query`: in the edition `edition` (falling back to the
/// others for a topic it has no rule on), or in every edition when
/// `edition` is `None`. Best first, at most `limit` hits.
pub fn search<'d, 'a>(
    index: &'d Index<'a>,
    query: &str,
    edition: Option<&str>,
    limit: usize,
) -> Result<Found<'d, 'a>, crate::Error> {
    let chars = query.chars().count();
    if chars > MAX_QUERY_CHARS {
        return Err(LookupError::QueryTooLong {
            chars,
            limit: MAX_QUERY_CHARS,
        }
        .into());
    }
    let docs = &index.docs;
    let folded = fold(query);
    let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return Ok(Found {
            hits: Vec::new(),
            widened: false,
        });
    }
    let mut terms = query_terms(&words, &index.lexicon.stop, &index.vocab);
    let mut matches: Vec<Vec<Option<TermMatch>>> =
        terms.iter().map(|t| match_term(t, docs)).collect();
    // A word no text has: read it as the nearest words of the vocabulary.
    let mut lookups = 0;
    for (term, per_doc) in terms.iter_mut().zip(matches.iter_mut()) {
        if per_doc.iter().any(Option::is_some) || lookups >= MAX_TYPO_LOOKUPS {
            continue;
        }
        let Some(word) = term.readings.first().and_then(|r| r.words.first()) else {
            continue;
        };
        let known = term
            .readings
            .iter()
            .flat_map(|r| &r.words)
            .any(|w| index.vocab.has(w) || in_lexicon(w, &index.lexicon));
        if known {
            continue;
        }
        lookups += 1;
        let typos = typo_readings(word, &index.vocab);
        if typos.is_empty() {
            continue;
        }
        term.readings.extend(typos);
        *per_doc = match_term(term, docs);
    }
    // Rarer words count more.
    let total = docs.len().max(1) as f64;
    let idf: Vec<f64> = matches
        .iter()
        .map(|per_doc| {
            let df = per_doc.iter().filter(|m| m.is_some()).count() as f64;
            (1.0 + total / (df + 0.5)).ln()
        })
        .collect();
    let idf_sum: f64 = idf.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let evidence = concept_evidence(&terms, &idf, &index.lexicon, docs, &matches);
    let none = Evidence::default();
    let mut scored: Vec<(f64, usize)> = Vec::new();
    for (d, doc) in docs.iter().enumerate() {
        let mut sum = 0.0;
        let mut covered = 0.0;
        // Query words the rule says, or its concept's lexicon says.
        let mut explained = 0.0;
        let mut explained_words = 0usize;
        let found = evidence.get(doc.concept).unwrap_or(&none);
        for (t, (per_doc, w)) in matches.iter().zip(&idf).enumerate() {
            let in_text = matches!(per_doc.get(d), Some(Some(_)));
            if let Some(Some(m)) = per_doc.get(d) {
                sum += w * value(m);
                covered += w;
            }
            if in_text || found.covers.get(t).copied().unwrap_or(false) {
                explained += w;
                explained_words += 1;
            }
        }
        let coverage = covered / idf_sum;
        let concept = found.fit;
        // A partial match still counts: half the query's weight, or half
        // its words.
        if explained / idf_sum < 0.5 && (explained_words as f64) < 0.5 * terms.len() as f64 {
            continue;
        }
        // Query words side by side in the text, as typed.
        let mut phrase = 0.0;
        if terms.len() > 1 {
            for pair in terms.windows(2) {
                let (Some(a), Some(b)) = (pair[0].readings.first(), pair[1].readings.first())
                else {
                    continue;
                };
                let lang = lang_index(doc.lang);
                let (Some(a), Some(b)) = (a.stems[lang].last(), b.stems[lang].first()) else {
                    continue;
                };
                let together = format!(" {a} {b} ");
                if doc.title_terms.contains(&together) {
                    phrase += 0.3;
                } else if doc.text_terms.contains(&together) {
                    phrase += 0.15;
                }
            }
            phrase /= (terms.len() - 1) as f64;
        }
        // Shorter texts are more about what they mention.
        let length = 1.0 + 0.3 * 300.0 / (300.0 + doc.text_terms.len() as f64);
        let text = (sum / idf_sum * coverage + phrase) * length;
        let score = text + concept;
        scored.push(((score * 100.0).round() / 100.0, d));
    }
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| docs[a.1].edition.cmp(docs[b.1].edition))
            .then_with(|| a.1.cmp(&b.1))
    });
    let (picked, widened) = pick(docs, &scored, &evidence, edition, limit);
    let hits = picked
        .into_iter()
        .map(|(score, d, fallback)| {
            let doc = &docs[d];
            Hit {
                doc,
                score,
                snippet: snippet(doc, &terms, &index.vocab, &index.lexicon.stop),
                fallback,
            }
        })
        .collect();
    Ok(Found { hits, widened })
}

/// The hits shown: with an edition in use, its own; the other editions'
/// rules on a topic the query names and that edition has no rule on (best
/// placed by score, marked as fallback); and when it has no match at all,
/// every edition's (all fallback, `widened`).
fn pick(
    docs: &[Doc],
    scored: &[(f64, usize)],
    evidence: &HashMap<String, Evidence>,
    edition: Option<&str>,
    limit: usize,
) -> (Vec<(f64, usize, bool)>, bool) {
    let Some(edition) = edition else {
        return (
            scored
                .iter()
                .take(limit)
                .map(|&(s, d)| (s, d, false))
                .collect(),
            false,
        );
    };
    let own: Vec<(f64, usize)> = scored
        .iter()
        .copied()
        .filter(|&(_, d)| docs[d].edition == edition)
        .collect();
    if own.is_empty() {
        return (
            scored
                .iter()
                .take(limit)
                .map(|&(s, d)| (s, d, true))
                .collect(),
            true,
        );
    }
    let has_concept = |c: &str| docs.iter().any(|d| d.edition == edition && d.concept == c);
    let best_own = own.first().map_or(0.0, |o| o.0);
    let mut out: Vec<(f64, usize, bool)> = Vec::new();
    for &(s, d) in scored {
        let doc = &docs[d];
        if doc.edition == edition {
            out.push((s, d, false));
        } else if evidence.get(doc.concept).is_some_and(|e| e.fit >= 0.75)
            && !has_concept(doc.concept)
            && s > best_own
        {
            out.push((s, d, true));
        }
        if out.len() == limit {
            break;
        }
    }
    (out, false)
}

fn snippet(doc: &Doc, terms: &[Term], vocab: &Vocab, stop: &StopWords) -> Snippet {
    let source: &str = if doc.text.trim().is_empty() {
        doc.title
    } else {
        &doc.text
    };
    let lang = lang_index(doc.lang);
    let wanted: BTreeSet<&str> = terms
        .iter()
        .flat_map(|t| &t.readings)
        .flat_map(|r| &r.stems[lang])
        .map(String::as_str)
        .collect();
    let folded = fold_mapped(source);
    // Byte ranges (in the folded text) of the words that matched.
    let mut words: Vec<(usize, usize, &str)> = Vec::new();
    // A rule repeats its words ("chip", "chips"): each is analysed once.
    let mut decided: HashMap<&str, bool> = HashMap::new();
    let mut at = 0;
    for word in folded.text.split(' ') {
        let start = at;
        at += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        let could = wanted
            .iter()
            .any(|s| word.get(..3.min(s.len())) == s.get(..3.min(word.len())));
        // Split a long word only when a stem sought is inside it.
        let glued = word.len() > 2 * analyze::MIN_PART
            && wanted.iter().any(|s| {
                s.len() >= analyze::MIN_PART && word.get(1..).is_some_and(|w| w.contains(s))
            });
        if !could && !glued {
            continue;
        }
        let hit = *decided.entry(word).or_insert_with(|| {
            (could && wanted.contains(analyze::stem(doc.lang, word).as_str()))
                || (glued
                    && analyze::split_glued(word, &[doc.lang], vocab, stop).is_some_and(|parts| {
                        parts
                            .iter()
                            .any(|p| wanted.contains(analyze::stem(doc.lang, p).as_str()))
                    }))
        });
        if hit {
            words.push((start, start + word.len(), word));
        }
    }
    // The window starts at the matched word followed by the most different
    // matched words ("chip race" rather than "chips" alone).
    let mut best: Option<(usize, usize)> = None;
    for (i, &(start, _, _)) in words.iter().enumerate() {
        let distinct: BTreeSet<&str> = words[i..]
            .iter()
            .take_while(|(s, _, _)| *s < start + SNIPPET_RADIUS)
            .map(|(_, _, w)| *w)
            .collect();
        if best.is_none_or(|(n, _)| distinct.len() > n) {
            best = Some((distinct.len(), start));
        }
    }
    let centre = best.map_or(0, |(_, s)| folded.origin.get(s).copied().unwrap_or(0));
    let words: Vec<(usize, usize)> = words.into_iter().map(|(s, e, _)| (s, e)).collect();
    let (start, end) = window(source, centre);
    let excerpt = source.get(start..end).unwrap_or("");
    let mut text = String::new();
    if start > 0 {
        text.push('…');
    }
    let offset = text.len();
    text.push_str(&excerpt.replace('\n', " "));
    if end < source.len() {
        text.push('…');
    }
    let mut marks: Vec<(usize, usize)> = Vec::new();
    for (fs, fe) in words {
        let (Some(&o_start), Some(&o_end)) = (folded.origin.get(fs), folded.origin.get(fe)) else {
            continue;
        };
        if o_start >= start && o_end <= end && o_start < o_end {
            marks.push((o_start - start + offset, o_end - start + offset));
        }
    }
    marks.sort_unstable();
    marks.dedup();
    // Drop overlaps so the marks can be rendered in order.
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (a, b) in marks {
        match merged.last_mut() {
            Some(last) if a < last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    Snippet {
        text,
        marks: merged,
    }
}

/// A window of about `2 * SNIPPET_RADIUS` bytes around `centre`, on char and
/// word boundaries.
fn window(text: &str, centre: usize) -> (usize, usize) {
    let mut start = centre.saturating_sub(SNIPPET_RADIUS);
    while start > 0 && !text.is_char_boundary(start) {
        start -= 1;
    }
    if start > 0
        && let Some(space) = text.get(start..centre).and_then(|s| s.find(' '))
    {
        start += space + 1;
    }
    let mut end = (centre + SNIPPET_RADIUS).min(text.len());
    while end < text.len() && !text.is_char_boundary(end) {
        end += 1;
    }
    if end < text.len()
        && let Some(space) = text.get(centre.min(end)..end).and_then(|s| s.rfind(' '))
    {
        end = centre.min(end) + space;
    }
    (start, end.max(start))
}

#[cfg(test)]
mod tests {
    use super::has_line;

    #[test]
    fn sorted_lines_are_searched_whole() {
        let lines = "\nbet\nchip\nchips\nrace\n";
        for w in ["bet", "chip", "chips", "race"] {
            assert!(has_line(lines, w), "{w}");
        }
        for w in ["", "a", "be", "chi", "chipss", "zz", "rac"] {
            assert!(!has_line(lines, w), "{w}");
        }
        assert!(!has_line("\n", "x"));
    }
}
