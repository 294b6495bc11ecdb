//! Each rule of the book mapped to a concept of the concordance, with a
//! confidence and the evidence for it; a rule that maps to nothing is a
//! house rule.
//!
//! Three kinds of evidence are weighed. Content: the rule's title and text
//! against every known rule of each concept, word by word in the book's
//! language and by letter triples across languages, and the lexicon's
//! terms for each concept found in it. Numbering: when the printed numbers
//! agree with a numbering the corpus knows (TDA 2015, 2017, 2019), the
//! concept that numbering gives the printed number. Order: books follow a
//! TDA version's order, so the rules are aligned with the concepts in the
//! order of the best-fitting numbering (a dynamic-programming alignment
//! that may skip a rule — a house rule — or a concept the book leaves out).
//! A mapping is uncertain, and left to a person, when the evidence is thin
//! or disagrees.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::import::knowledge::{Knowledge, Numbering};
use crate::import::similarity::{Features, Space, Vector};
use crate::import::structure::{Book, BookRule};
use crate::rules::{Lang, RuleKind};

/// One piece of evidence for a mapping.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Evidence {
    /// The printed number is the concept's in a known numbering.
    Number {
        /// The numbering.
        numbering: String,
        /// The number printed.
        printed: String,
        /// The editions that follow the numbering.
        editions: Vec<String>,
    },
    /// The title is like a known rule's title.
    Title {
        /// The known rule's edition.
        edition: String,
        /// Its number.
        number: String,
        /// Its title.
        title: String,
        /// How alike, 0-1.
        score: f32,
    },
    /// The text is like a known rule's text.
    Text {
        /// The known rule's edition.
        edition: String,
        /// Its number.
        number: String,
        /// How alike, 0-1.
        score: f32,
    },
    /// Lexicon terms of the concept found in the rule.
    Terms {
        /// The terms.
        terms: Vec<String>,
    },
    /// The rule stands where the concept stands in the numbering's order.
    Order {
        /// The numbering.
        numbering: String,
    },
    /// A house prefix ("MEC Regel 2").
    HousePrefix {
        /// The prefix.
        prefix: String,
    },
    /// No heading: front matter or a closing note.
    NoHeading,
    /// The rule prints the text of another rule of the book again.
    Repeats {
        /// The other rule's position in the book (from 0).
        rule: usize,
    },
}

/// What a rule of the book is.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mapping {
    /// The concept; `None` for a house rule.
    pub concept: Option<String>,
    /// How sure, 0-1.
    pub confidence: f32,
    /// Whether a person should decide.
    pub uncertain: bool,
    /// Why.
    pub evidence: Vec<Evidence>,
    /// The next-best concepts, with their scores.
    pub alternatives: Vec<(String, f32)>,
    /// For a house rule: the concepts it is about.
    pub touches: Vec<String>,
    /// The rule repeats another of the book (position from 0).
    pub duplicate_of: Option<usize>,
}

/// The mapping of a whole book.
#[derive(Debug, Clone, PartialEq)]
pub struct BookMapping {
    /// Per rule, in book order.
    pub rules: Vec<Mapping>,
    /// The known numbering the printed numbers follow, if any.
    pub numbering: Option<String>,
    /// The numbering whose order the book follows (for numbers the book
    /// lost or restarted).
    pub order_numbering: Option<String>,
}

/// A known rule, as compared.
struct Known {
    edition: String,
    number: String,
    concept: String,
    title: String,
    lang: Lang,
    title_v: Vector,
    text_v: Vector,
    words_v: Vector,
}

/// A rule of the book, as compared.
struct Draft {
    title_v: Vector,
    text_v: Vector,
    words_v: Vector,
    folded: Vec<String>,
    folded_title: Vec<String>,
}

/// The known rules behind a content score: the best title (rule, score)
/// and the best text (rule, score).
type BestKnown = (usize, f32, usize, f32);

/// The weights of the content score.
const W_TITLE: f32 = 0.9;
const W_TEXT: f32 = 0.9;
const W_WORDS: f32 = 1.2;
const W_TERM_TITLE: f32 = 0.35;
const W_TERM_TEXT: f32 = 0.08;
/// What the printed number adds when the book follows a known numbering.
const W_NUMBER: f32 = 1.2;
/// The score of "no concept" (a house rule) in the alignment.
const HOUSE_SCORE: f32 = 0.45;
/// What a match earns that goes on from the previous rule's match.
const RUN_BONUS: f32 = 0.35;
/// Same-language likeness of text (and of titles) above which two rules
/// of a book may be one printed twice.
const TWIN_WORDS: f32 = 0.45;
const TWIN_TITLE: f32 = 0.4;
const TWIN_WORDS_ALONE: f32 = 0.7;
/// The margin over the next concept that makes a rule an anchor of the
/// order.
const ANCHOR_MARGIN: f32 = 0.15;
/// A rule the order places must have its concept among its best this many.
const FORCED_RANK: usize = 12;
/// The confidence of a rule whose printed number, order and content agree.
const NUMBERED_CONFIDENCE: f32 = 0.9;
/// The confidence of a rule the order places.
const FORCED_CONFIDENCE: f32 = 0.85;
/// The fewest rules of a family of prefixed numbers whose content must
/// show it to be a known numbering's procedures.
const MIN_FAMILY: usize = 3;
/// Below this content score, a rule left unaligned is a house rule.
const MIN_CONTENT: f32 = 0.5;
/// The margin over every other concept (and a house rule's score) by
/// which a rule's words name its concept whatever its place: the order
/// places it there or nowhere, and places no other rule on that concept.
const DECISIVE: f32 = 1.0;
/// A concept the rule's own words put this far below another is not
/// written, however the order placed it: the rule is left to a person.
const CONTRADICTED: f32 = 1.5;

/// The slug of a concept's letters, to compare a term with a text.
fn prefixes(text: &str) -> Vec<String> {
    crate::text::fold(text)
        .split_whitespace()
        .map(|w| w.chars().take(6).collect())
        .collect()
}

/// Whether the words of `phrase` stand one after another in `words`, each
/// a word's start.
fn has_phrase(words: &[String], phrase: &[String]) -> bool {
    !phrase.is_empty()
        && words.len() >= phrase.len()
        && words
            .windows(phrase.len())
            .any(|w| w.iter().zip(phrase).all(|(a, b)| a.starts_with(b.as_str())))
}

fn full_text(rule: &BookRule) -> String {
    let body = &rule.body;
    let r = crate::rules::Rule {
        number: String::new(),
        label: None,
        kind: RuleKind::Rule,
        concept: String::new(),
        title: String::new(),
        text: body.text.clone(),
        parts: body.parts.clone(),
        examples: body.examples.clone(),
        tail: body.tail.clone(),
        refs: Vec::new(),
        external_refs: Vec::new(),
        errata: Vec::new(),
        params: crate::rules::Params::default(),
        unsettled: Default::default(),
        not_applicable: false,
        touches: Vec::new(),
        also: Vec::new(),
        conflicts: false,
        notes: None,
        provisions: Vec::new(),
        changed_by: Vec::new(),
    };
    r.full_text()
}

/// Maps every rule of `book`, written in `lang`.
pub fn map(book: &Book, lang: Lang, knowledge: &Knowledge) -> BookMapping {
    let rules: Vec<&BookRule> = book.rules().collect();
    let known_concepts: HashSet<&str> =
        knowledge.concepts.iter().map(|c| c.slug.as_str()).collect();
    // The vectors.
    let mut space = Space::default();
    let mut known_texts = Vec::new();
    for ed in &knowledge.editions {
        for r in ed.rules() {
            if !known_concepts.contains(r.concept.as_str()) {
                continue;
            }
            let text = r.full_text();
            space.add(&r.title, ed.language, Features::Trigrams);
            space.add(&text, ed.language, Features::Trigrams);
            space.add(&text, ed.language, Features::Words);
            known_texts.push((ed, r, text));
        }
    }
    let texts: Vec<String> = rules.iter().map(|r| full_text(r)).collect();
    for (r, text) in rules.iter().zip(&texts) {
        space.add(&r.title, lang, Features::Trigrams);
        space.add(text, lang, Features::Trigrams);
        space.add(text, lang, Features::Words);
    }
    let known: Vec<Known> = known_texts
        .iter()
        .map(|(ed, r, text)| Known {
            edition: ed.id.clone(),
            number: r.number.clone(),
            concept: r.concept.clone(),
            title: r.title.clone(),
            lang: ed.language,
            title_v: space.vector(&r.title, ed.language, Features::Trigrams),
            text_v: space.vector(text, ed.language, Features::Trigrams),
            words_v: space.vector(text, ed.language, Features::Words),
        })
        .collect();
    let drafts: Vec<Draft> = rules
        .iter()
        .zip(&texts)
        .map(|(r, text)| Draft {
            title_v: space.vector(&r.title, lang, Features::Trigrams),
            text_v: space.vector(text, lang, Features::Trigrams),
            words_v: space.vector(text, lang, Features::Words),
            folded: prefixes(text),
            folded_title: prefixes(&r.title),
        })
        .collect();
    let concepts: Vec<String> = knowledge.concepts.iter().map(|c| c.slug.clone()).collect();
    let index: HashMap<&str, usize> = concepts
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    // Terms per concept: the lexicon and the concept's English name.
    let mut terms: Vec<Vec<(String, Vec<String>, usize)>> = vec![Vec::new(); concepts.len()];
    for t in &knowledge.terms {
        if let Some(&c) = index.get(t.concept.as_str()) {
            let stop = knowledge.stop_words.get(&t.lang);
            // The term's words in order; it counts by its words that are not
            // stop words.
            let words: Vec<String> = prefixes(&t.text);
            let weight = words
                .iter()
                .filter(|w| w.len() >= 3 && !stop.is_some_and(|s| s.contains(*w)))
                .count();
            if weight > 0 {
                terms[c].push((t.text.clone(), words, weight));
            }
        }
    }
    // Concepts some known edition states as a TDA rule or procedure.
    let mut tda = vec![false; concepts.len()];
    for r in knowledge.editions.iter().flat_map(|e| e.rules()) {
        if r.kind != RuleKind::House
            && let Some(&c) = index.get(r.concept.as_str())
        {
            tda[c] = true;
        }
    }
    // Content scores and their best evidence.
    let mut content = vec![vec![0f32; concepts.len()]; rules.len()];
    let mut best_known: Vec<Vec<Option<BestKnown>>> = vec![vec![None; concepts.len()]; rules.len()];
    let mut found_terms: Vec<Vec<Vec<String>>> =
        vec![vec![Vec::new(); concepts.len()]; rules.len()];
    for (i, d) in drafts.iter().enumerate() {
        let mut per: Vec<(f32, f32, f32, usize, usize)> =
            vec![(0.0, 0.0, 0.0, usize::MAX, usize::MAX); concepts.len()];
        for (k, kn) in known.iter().enumerate() {
            let Some(&c) = index.get(kn.concept.as_str()) else {
                continue;
            };
            let t = if d.title_v.is_empty() {
                0.0
            } else {
                d.title_v.cosine(&kn.title_v)
            };
            let x = d.text_v.cosine(&kn.text_v);
            let w = if kn.lang == lang {
                d.words_v.cosine(&kn.words_v)
            } else {
                0.0
            };
            let e = &mut per[c];
            if t > e.0 {
                e.0 = t;
                e.3 = k;
            }
            if x.max(w) > e.1.max(e.2) {
                e.4 = k;
            }
            e.1 = e.1.max(x);
            e.2 = e.2.max(w);
        }
        for c in 0..concepts.len() {
            let (t, x, w, tk, xk) = per[c];
            let mut score = W_TITLE * t + W_TEXT * x + W_WORDS * w;
            let mut hits = Vec::new();
            let mut term_score = 0.0;
            for (text, words, weight) in &terms[c] {
                if has_phrase(&d.folded_title, words) {
                    term_score += W_TERM_TITLE * *weight as f32;
                    hits.push(text.clone());
                } else if has_phrase(&d.folded, words) {
                    term_score += W_TERM_TEXT * *weight as f32;
                    hits.push(text.clone());
                }
            }
            score += term_score.min(1.0);
            content[i][c] = score;
            found_terms[i][c] = hits;
            best_known[i][c] = Some((tk, t, xk, x.max(w)));
        }
    }
    // Which known numbering the printed numbers follow.
    let numberings = knowledge.numberings();
    let concept_at = |n: &Numbering| -> HashMap<String, String> {
        n.number_of
            .iter()
            .map(|(c, num)| (number_key(knowledge, num), c.clone()))
            .collect()
    };
    let argmax = |i: usize| -> Option<usize> {
        (0..concepts.len()).max_by(|&a, &b| content[i][a].total_cmp(&content[i][b]))
    };
    // A prefix no cue names and no known edition prints may still be a
    // known numbering's procedures under another name ("RP-5" where the
    // known edition prints "OP-5"): it is, when for most of its rules the
    // procedure that numbering gives their ordinal is, of that numbering's
    // procedures, the one their content is most like, for at least half of
    // them. (Across languages the content alone seldom puts the procedure
    // first of every concept; among a numbering's dozen or more
    // procedures, chance would put the ordinal's first for one rule in
    // twelve.)
    let learned: HashSet<String> = {
        let mut families: HashMap<String, Vec<(usize, u32)>> = HashMap::new();
        for (i, r) in rules.iter().enumerate() {
            if let Some(p) = r.printed.as_ref()
                && let Some(prefix) = &p.prefix
                && !is_procedure(knowledge, prefix)
                && !numberings.iter().any(|n| {
                    n.number_of
                        .values()
                        .any(|num| num.starts_with(&format!("{prefix}-")))
                })
            {
                families
                    .entry(prefix.to_uppercase())
                    .or_default()
                    .push((i, p.ordinal));
            }
        }
        families
            .into_iter()
            .filter(|(_, family)| {
                numberings.iter().any(|n| {
                    let at = concept_at(n);
                    let procedures: Vec<usize> = at
                        .iter()
                        .filter(|(key, _)| key.starts_with("P-"))
                        .filter_map(|(_, c)| index.get(c.as_str()).copied())
                        .collect();
                    let (mut agree, mut total) = (0usize, 0usize);
                    for &(i, ordinal) in family {
                        let Some(&c) = at
                            .get(&format!("P-{ordinal}"))
                            .and_then(|c| index.get(c.as_str()))
                        else {
                            continue;
                        };
                        total += 1;
                        let best = procedures
                            .iter()
                            .copied()
                            .max_by(|&a, &b| content[i][a].total_cmp(&content[i][b]));
                        if best == Some(c) {
                            agree += 1;
                        }
                    }
                    agree >= MIN_FAMILY && agree * 2 >= total
                })
            })
            .map(|(prefix, _)| prefix)
            .collect()
    };
    let procedure_prefix =
        |p: &str| is_procedure(knowledge, p) || learned.contains(&p.to_uppercase());
    let printed_key = |r: &BookRule| -> Option<String> {
        let p = r.printed.as_ref()?;
        if (book.lost_numbers || book.restarts) && p.prefix.is_none() {
            return None;
        }
        Some(match &p.prefix {
            None => p.ordinal.to_string(),
            Some(prefix) if procedure_prefix(prefix) => format!("P-{}", p.ordinal),
            Some(prefix) => format!("{prefix}-{}", p.ordinal),
        })
    };
    let mut followed: Option<&Numbering> = None;
    let mut best_agree = 0.0f32;
    for n in &numberings {
        let at = concept_at(n);
        let (mut agree, mut total) = (0usize, 0usize);
        for (i, r) in rules.iter().enumerate() {
            let Some(key) = printed_key(r) else { continue };
            let Some(c) = at.get(&key) else { continue };
            total += 1;
            if argmax(i).is_some_and(|a| concepts[a] == *c) {
                agree += 1;
            }
        }
        let share = if total >= 5 {
            agree as f32 / total as f32
        } else {
            0.0
        };
        if share > best_agree {
            best_agree = share;
            followed = Some(n);
        }
    }
    let followed = followed.filter(|_| best_agree >= 0.75);
    // The scores with the numbering's evidence.
    let mut score = content.clone();
    let mut by_number: Vec<Option<usize>> = vec![None; rules.len()];
    if let Some(n) = followed {
        let at = concept_at(n);
        for (i, r) in rules.iter().enumerate() {
            if let Some(key) = printed_key(r)
                && let Some(c) = at.get(&key)
                && let Some(&ci) = index.get(c.as_str())
            {
                score[i][ci] += W_NUMBER;
                by_number[i] = Some(ci);
            }
        }
    }
    // Rules that are house rules by their form.
    let house_by_form: Vec<bool> = rules
        .iter()
        .map(|r| {
            r.headless.is_some()
                || r.printed
                    .as_ref()
                    .and_then(|p| p.prefix.as_deref())
                    .is_some_and(|p| {
                        !procedure_prefix(p)
                            && !numberings.iter().any(|n| {
                                n.number_of
                                    .values()
                                    .any(|num| num.starts_with(&format!("{p}-")))
                            })
                    })
        })
        .collect();
    // Rules whose text another rule of the book prints too: candidates
    // for a copy set aside.
    let mut twins: Vec<(usize, usize)> = Vec::new();
    for i in 0..rules.len() {
        for j in i + 1..rules.len() {
            let words = drafts[i].words_v.cosine(&drafts[j].words_v);
            let title = drafts[i].title_v.cosine(&drafts[j].title_v);
            let twin = words >= TWIN_WORDS_ALONE || (words >= TWIN_WORDS && title >= TWIN_TITLE);
            if !house_by_form[i] && !house_by_form[j] && twin {
                twins.push((i, j));
            }
        }
    }
    let mut excluded = house_by_form.clone();
    let mut duplicate_of: Vec<Option<usize>> = vec![None; rules.len()];
    // Rules whose words name their concept beyond doubt, and the concepts
    // they name.
    let decisive: Vec<Option<usize>> = (0..rules.len())
        .map(|i| {
            (0..concepts.len())
                .max_by(|&a, &b| score[i][a].total_cmp(&score[i][b]))
                .filter(|&c| !house_by_form[i] && margin_of(&score[i], c) >= DECISIVE)
        })
        .collect();
    let mut claimed = vec![false; concepts.len()];
    for c in decisive.iter().flatten() {
        claimed[*c] = true;
    }
    let (mut aligned, mut order_numbering) =
        best_alignment(&score, &numberings, &index, &excluded, &decisive, &claimed);
    // A copy is the one of a pair that its own best concept does not place
    // where it stands: the other rule holds that concept in order.
    for &(i, j) in &twins {
        // A rule its printed number places is no copy.
        let confirmed = |k: usize| by_number[k].is_some() && by_number[k] == aligned[k];
        if confirmed(i) || confirmed(j) {
            continue;
        }
        // The topic both print is the concept the two texts together are
        // most like, of the two the alignment gave them; the rule placed
        // on it is the original.
        let (Some(ci), Some(cj)) = (aligned[i], aligned[j]) else {
            continue;
        };
        let together = |c: usize| score[i][c] + score[j][c];
        let copy = if together(cj) > together(ci) {
            Some((i, j))
        } else if together(ci) > together(cj) {
            Some((j, i))
        } else {
            None
        };
        if let Some((copy, original)) = copy {
            duplicate_of[copy] = Some(original);
            excluded[copy] = true;
        }
    }
    if duplicate_of.iter().any(Option::is_some) {
        (aligned, order_numbering) =
            best_alignment(&score, &numberings, &index, &excluded, &decisive, &claimed);
    }
    // Assign: the alignment first; a rule it left out takes its best
    // concept still free, when the content is strong enough.
    let mut chosen: Vec<Option<usize>> = aligned.clone();
    let mut taken: HashSet<usize> = chosen.iter().flatten().copied().collect();
    let mut order_i: Vec<usize> = (0..rules.len())
        .filter(|&i| chosen[i].is_none() && !excluded[i])
        .collect();
    order_i.sort_by(|&a, &b| {
        let ma = argmax(a).map_or(0.0, |c| score[a][c]);
        let mb = argmax(b).map_or(0.0, |c| score[b][c]);
        mb.total_cmp(&ma)
    });
    for i in order_i {
        let free = (0..concepts.len())
            .filter(|c| !taken.contains(c))
            .max_by(|&a, &b| score[i][a].total_cmp(&score[i][b]));
        if let Some(c) = free
            && score[i][c] >= MIN_CONTENT + 0.4
        {
            chosen[i] = Some(c);
            taken.insert(c);
        }
    }
    // A rule the alignment left out between two placed rules takes the
    // best free concept that stands near theirs in the order (two topics
    // printed the other way round), left to a person to confirm.
    let place: HashMap<usize, usize> = order_numbering
        .map(|n| {
            n.order
                .iter()
                .filter_map(|c| index.get(c.as_str()).copied())
                .enumerate()
                .map(|(p, c)| (c, p))
                .collect()
        })
        .unwrap_or_default();
    for i in 0..rules.len() {
        if chosen[i].is_some() || excluded[i] {
            continue;
        }
        let before = (0..i)
            .rev()
            .find_map(|k| chosen[k].and_then(|c| place.get(&c)));
        let after = (i + 1..rules.len()).find_map(|k| chosen[k].and_then(|c| place.get(&c)));
        let (Some(&lo), Some(&hi)) = (before, after) else {
            continue;
        };
        let near = |p: usize| p + 2 >= lo && p <= hi + 2;
        let free = (0..concepts.len())
            .filter(|c| !taken.contains(c) && place.get(c).is_some_and(|&p| near(p)))
            .max_by(|&a, &b| score[i][a].total_cmp(&score[i][b]));
        if let Some(c) = free
            && score[i][c] >= MIN_CONTENT / 2.0
        {
            chosen[i] = Some(c);
            taken.insert(c);
        }
    }
    // A concept the rule's words lose to another by a decisive margin is
    // not written: the rule is left a house rule touching what its words
    // name, a point for a person.
    for (i, c) in chosen.iter_mut().enumerate() {
        if let Some(k) = *c {
            let best = score[i].iter().copied().fold(f32::MIN, f32::max);
            if best - score[i][k] >= CONTRADICTED {
                *c = None;
            }
        }
    }
    // The printed numbers of each family (the rules, the procedures, a
    // house prefix) that agree with a known numbering on the concepts the
    // order and content gave them confirm those concepts.
    let mut confirmed = vec![false; rules.len()];
    let family =
        |r: &BookRule| printed_key(r).map(|k| k.rsplit_once('-').map(|(f, _)| f.to_string()));
    for n in &numberings {
        let at = concept_at(n);
        let mut by_family: HashMap<Option<String>, Vec<(usize, bool)>> = HashMap::new();
        for (i, r) in rules.iter().enumerate() {
            let (Some(key), Some(c)) = (printed_key(r), chosen[i]) else {
                continue;
            };
            let agree = at.get(&key).is_some_and(|k| *k == concepts[c]);
            by_family
                .entry(family(r).flatten())
                .or_default()
                .push((i, agree));
        }
        for list in by_family.values() {
            let agree = list.iter().filter(|(_, a)| *a).count();
            if list.len() >= 3 && agree * 4 >= list.len() * 3 {
                for &(i, a) in list {
                    confirmed[i] |= a;
                }
            }
        }
    }
    // Rules the order alone places: between two rules whose content names
    // their concept, as many rules as the numbering has concepts between
    // those two, each on the next concept in turn.
    let position: HashMap<usize, usize> = order_numbering
        .map(|n| {
            n.order
                .iter()
                .filter_map(|c| index.get(c.as_str()).copied())
                .enumerate()
                .map(|(p, c)| (c, p))
                .collect()
        })
        .unwrap_or_default();
    let rank = |i: usize, c: usize| {
        (0..concepts.len())
            .filter(|&o| score[i][o] > score[i][c])
            .count()
    };
    let anchor = |i: usize| {
        chosen[i].is_some_and(|c| {
            (confirmed[i] && rank(i, c) < FORCED_RANK)
                || (rank(i, c) == 0 && margin_of(&score[i], c) >= ANCHOR_MARGIN)
        })
    };
    let mut forced = vec![false; rules.len()];
    let placed: Vec<usize> = (0..rules.len()).filter(|&i| !excluded[i]).collect();
    let anchors: Vec<usize> = placed.iter().copied().filter(|&i| anchor(i)).collect();
    for pair in anchors.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (Some(pa), Some(pb)) = (
            chosen[a].and_then(|c| position.get(&c)),
            chosen[b].and_then(|c| position.get(&c)),
        ) else {
            continue;
        };
        let between: Vec<usize> = placed.iter().copied().filter(|&i| i > a && i < b).collect();
        if pb <= pa || pb - pa - 1 != between.len() {
            continue;
        }
        let in_turn = between
            .iter()
            .enumerate()
            .all(|(k, &i)| chosen[i].and_then(|c| position.get(&c)) == Some(&(pa + 1 + k)));
        if in_turn {
            for &i in &between {
                if chosen[i].is_some_and(|c| rank(i, c) < FORCED_RANK) {
                    forced[i] = true;
                }
            }
        }
    }
    // Confidence, evidence, alternatives.
    let mut out = Vec::with_capacity(rules.len());
    for i in 0..rules.len() {
        let mut ranked: Vec<usize> = (0..concepts.len()).collect();
        ranked.sort_by(|&a, &b| score[i][b].total_cmp(&score[i][a]));
        let top = ranked.first().copied();
        let chosen_c = chosen[i];
        let margin = match chosen_c {
            Some(c) => margin_of(&score[i], c),
            None => HOUSE_SCORE.max(MIN_CONTENT) - top.map_or(0.0, |c| score[i][c]),
        };
        let mut confidence = 1.0 / (1.0 + (-6.0 * margin).exp());
        let agrees_with_content = chosen_c.is_some() && chosen_c == top;
        let agrees_with_number = by_number[i].is_some() && by_number[i] == chosen_c;
        if agrees_with_number && agrees_with_content {
            confidence = confidence.max(0.97);
        }
        if forced[i] {
            confidence = confidence.max(FORCED_CONFIDENCE);
        }
        if let Some(c) = chosen_c
            && confirmed[i]
            && rank(i, c) < FORCED_RANK
        {
            confidence = confidence.max(NUMBERED_CONFIDENCE);
        }
        if house_by_form[i] {
            confidence = confidence.max(0.9);
        }
        let disagree = (by_number[i].is_some() && by_number[i] != chosen_c)
            || (chosen_c.is_some()
                && !agrees_with_content
                && !agrees_with_number
                && !forced[i]
                && !confirmed[i]);
        // A house rule by its form (a prefix no numbering knows, no
        // heading) whose content reads as a known TDA topic no other rule
        // took may be that topic under a name the corpus does not know (a
        // house rule like another house's is a house rule either way).
        let like_known = house_by_form[i]
            && chosen_c.is_none()
            && top.is_some_and(|c| {
                content[i][c] >= MIN_CONTENT + 0.4 && !taken.contains(&c) && tda[c]
            });
        let uncertain = confidence < 0.8 || disagree || like_known || duplicate_of[i].is_some();
        let mut evidence = Vec::new();
        if let (Some(n), Some(c)) = (followed, by_number[i])
            && Some(c) == chosen_c
        {
            evidence.push(Evidence::Number {
                numbering: n.id.clone(),
                printed: rules[i].label.clone().unwrap_or_default(),
                editions: n.editions.clone(),
            });
        }
        if let Some(c) = chosen_c {
            if let Some((tk, t, xk, x)) = best_known[i][c] {
                if let Some(k) = known.get(tk).filter(|_| t >= 0.3) {
                    evidence.push(Evidence::Title {
                        edition: k.edition.clone(),
                        number: k.number.clone(),
                        title: k.title.clone(),
                        score: round2(t),
                    });
                }
                if let Some(k) = known.get(xk).filter(|_| x >= 0.15) {
                    evidence.push(Evidence::Text {
                        edition: k.edition.clone(),
                        number: k.number.clone(),
                        score: round2(x),
                    });
                }
            }
            if !found_terms[i][c].is_empty() {
                evidence.push(Evidence::Terms {
                    terms: found_terms[i][c].iter().take(4).cloned().collect(),
                });
            }
            if aligned[i] == Some(c)
                && let Some(n) = order_numbering
            {
                evidence.push(Evidence::Order {
                    numbering: n.id.clone(),
                });
            }
        } else if let Some(p) = rules[i]
            .printed
            .as_ref()
            .and_then(|p| p.prefix.clone())
            .filter(|_| house_by_form[i])
        {
            evidence.push(Evidence::HousePrefix { prefix: p });
        } else if rules[i].headless.is_some() {
            evidence.push(Evidence::NoHeading);
        }
        if let Some(j) = duplicate_of[i] {
            evidence.push(Evidence::Repeats { rule: j });
        }
        let alternatives: Vec<(String, f32)> = ranked
            .iter()
            .copied()
            .filter(|&c| Some(c) != chosen_c)
            .take(3)
            .map(|c| (concepts[c].clone(), round2(score[i][c])))
            .collect();
        // A house rule touches the topics its content is most like: the
        // best, and one close behind it.
        let touches = if chosen_c.is_none() {
            let best = top.map_or(0.0, |c| content[i][c]);
            ranked
                .iter()
                .copied()
                .filter(|&c| content[i][c] >= MIN_CONTENT && content[i][c] >= best - 0.3)
                .take(2)
                .map(|c| concepts[c].clone())
                .collect()
        } else {
            Vec::new()
        };
        out.push(Mapping {
            concept: chosen_c.map(|c| concepts[c].clone()),
            confidence: round2(confidence),
            uncertain,
            evidence,
            alternatives,
            touches,
            duplicate_of: duplicate_of[i],
        });
    }
    BookMapping {
        rules: out,
        numbering: followed.map(|n| n.id.clone()),
        order_numbering: order_numbering.map(|n| n.id.clone()),
    }
}

/// How far concept `c` scores above the best other concept (or a house
/// rule's score, if higher).
fn margin_of(scores: &[f32], c: usize) -> f32 {
    let rival = scores
        .iter()
        .enumerate()
        .filter(|&(o, _)| o != c)
        .map(|(_, s)| *s)
        .fold(HOUSE_SCORE, f32::max);
    scores.get(c).copied().unwrap_or(0.0) - rival
}

/// The alignment with the order of the numbering that fits best.
fn best_alignment<'n>(
    score: &[Vec<f32>],
    numberings: &'n [Numbering],
    index: &HashMap<&str, usize>,
    excluded: &[bool],
    decisive: &[Option<usize>],
    claimed: &[bool],
) -> (Vec<Option<usize>>, Option<&'n Numbering>) {
    let mut best: Option<(f32, Vec<Option<usize>>, &Numbering)> = None;
    for n in numberings {
        let order: Vec<usize> = n
            .order
            .iter()
            .filter_map(|c| index.get(c.as_str()).copied())
            .collect();
        let (total, aligned) = align(score, &order, excluded, decisive, claimed);
        if best.as_ref().is_none_or(|(t, _, _)| total > *t) {
            best = Some((total, aligned, n));
        }
    }
    match best {
        Some((_, a, n)) => (a, Some(n)),
        None => (vec![None; score.len()], None),
    }
}

fn round2(x: f32) -> f32 {
    (x * 100.0).round() / 100.0
}

/// Whether a prefix names recommended procedures.
fn is_procedure(knowledge: &Knowledge, prefix: &str) -> bool {
    knowledge
        .cues
        .procedure_prefixes
        .iter()
        .any(|p| p.eq_ignore_ascii_case(prefix))
}

/// A stored number as the printed numbers are keyed: "43", "P-5" for any
/// procedure prefix, "MEC-2".
fn number_key(knowledge: &Knowledge, number: &str) -> String {
    match crate::rules::RuleRef::parse(number) {
        Some(r) => match r.prefix {
            None => r.ordinal.to_string(),
            Some(p) if is_procedure(knowledge, &p) => format!("P-{}", r.ordinal),
            Some(p) => format!("{p}-{}", r.ordinal),
        },
        None => number.to_string(),
    }
}

/// The monotone alignment of the rules (in book order) with the concepts
/// in `order` that maximises the summed scores; a rule may stay unaligned
/// (scoring [`HOUSE_SCORE`]), a concept may be left out (scoring nothing).
/// A match that goes on from the previous rule's (the next concept, or the
/// one after it) earns [`RUN_BONUS`]: a book follows its numbering's order,
/// so a rule whose text says little is placed by its neighbours. Rules that
/// are house rules by their form are never aligned.
fn align(
    score: &[Vec<f32>],
    order: &[usize],
    house: &[bool],
    decisive: &[Option<usize>],
    claimed: &[bool],
) -> (f32, Vec<Option<usize>>) {
    #[derive(Clone, Copy)]
    enum From {
        Start,
        /// Matched after the best of the rules and concepts before.
        Fresh,
        /// Matched right after a match `skip` concepts back (0 or 1 skipped).
        Run(usize),
        SkipRule,
        SkipConcept,
        Matched,
    }
    let (m, n) = (score.len(), order.len());
    let neg = f32::NEG_INFINITY;
    // best[i][j]: the first i rules and j concepts, any ending;
    // end[i][j]: rule i matched to concept j.
    let mut best = vec![vec![0f32; n + 1]; m + 1];
    let mut best_from = vec![vec![From::Start; n + 1]; m + 1];
    let mut end = vec![vec![neg; n + 1]; m + 1];
    let mut end_from = vec![vec![From::Start; n + 1]; m + 1];
    for i in 1..=m {
        best[i][0] = best[i - 1][0] + HOUSE_SCORE;
        best_from[i][0] = From::SkipRule;
    }
    for from in best_from[0].iter_mut().skip(1) {
        *from = From::SkipConcept;
    }
    for i in 1..=m {
        for j in 1..=n {
            let c = order[j - 1];
            let may = match decisive[i - 1] {
                Some(d) => d == c,
                None => !claimed[c],
            };
            if !house[i - 1] && may {
                let s = score[i - 1][c];
                let mut e = best[i - 1][j - 1] + s;
                let mut from = From::Fresh;
                for skip in 0..=1 {
                    if j >= 2 + skip {
                        let run = end[i - 1][j - 1 - skip] + s + RUN_BONUS - 0.1 * skip as f32;
                        if run > e {
                            e = run;
                            from = From::Run(skip);
                        }
                    }
                }
                end[i][j] = e;
                end_from[i][j] = from;
            }
            let options = [
                (end[i][j], From::Matched),
                (best[i - 1][j] + HOUSE_SCORE, From::SkipRule),
                (best[i][j - 1], From::SkipConcept),
            ];
            let (v, f) =
                options.into_iter().fold(
                    (neg, From::Start),
                    |acc, o| if o.0 > acc.0 { o } else { acc },
                );
            best[i][j] = v;
            best_from[i][j] = f;
        }
    }
    let mut out = vec![None; m];
    let (mut i, mut j) = (m, n);
    // Walk back through `best`, and through `end` while in a run.
    let mut in_end = false;
    while i > 0 && j > 0 {
        if in_end {
            out[i - 1] = Some(order[j - 1]);
            match end_from[i][j] {
                From::Run(skip) => {
                    i -= 1;
                    j -= 1 + skip;
                }
                _ => {
                    i -= 1;
                    j -= 1;
                    in_end = false;
                }
            }
            continue;
        }
        match best_from[i][j] {
            From::Matched => in_end = true,
            From::SkipRule => i -= 1,
            _ => j -= 1,
        }
    }
    (best[m][n], out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DataSource;
    use crate::import::{source, structure};
    use crate::rules::Store;

    fn store() -> Store {
        Store::open(DataSource::Embedded).expect("store")
    }

    fn book(text: &str, knowledge: &Knowledge) -> Book {
        structure::read(&source::lines(text, source::Kind::Text), &knowledge.cues)
    }

    /// With ONK held out no cue names "RP" and no known edition prints it:
    /// its procedures are still the TDA 2019 procedures, which the Slovak
    /// edition prints as "OP", learned from what they say.
    #[test]
    fn a_procedure_prefix_no_cue_names_is_learned_from_its_content() {
        let store = store();
        let all = Knowledge::from_store(&store).expect("knowledge");
        let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seeds");
        let books = crate::import::eval::seed_books(&store, &seeds).expect("seeds");
        let knowledge = all.without("onk-2023-nl", &books);
        assert!(!knowledge.cues.procedure_prefixes.iter().any(|p| p == "RP"));
        let onk = store.edition("onk-2023-nl").expect("onk");
        let book = book(&books["onk-2023-nl"], &knowledge);
        let mapping = map(&book, Lang::Nl, &knowledge);
        let mut procedures = 0;
        for (rule, m) in book.rules().zip(&mapping.rules) {
            let Some(p) = rule
                .printed
                .as_ref()
                .filter(|p| p.prefix.as_deref() == Some("RP"))
            else {
                continue;
            };
            let number = format!("RP-{}", p.ordinal);
            let curated = onk.rules().find(|r| r.number == number).expect("curated");
            if knowledge.concept(&curated.concept).is_some() {
                procedures += 1;
                assert_eq!(
                    m.concept.as_deref(),
                    Some(curated.concept.as_str()),
                    "{number}"
                );
            } else {
                // A procedure only ONK has is a house rule here.
                assert_eq!(m.concept, None, "{number}");
            }
        }
        assert_eq!(procedures, 14);
    }

    /// A rule whose prefix no numbering knows, whose words are a known
    /// topic's that no other rule of the book took, is a point for a
    /// person, not a house rule taken for sure.
    #[test]
    fn a_house_prefix_on_a_known_topic_is_left_to_a_person() {
        let store = store();
        let knowledge = Knowledge::from_store(&store).expect("knowledge");
        let dpc = store.edition("dpc-2019-en").expect("dpc");
        let clock = dpc
            .rules()
            .find(|r| r.concept == "calling-clock")
            .expect("clock");
        let text = format!(
            "Club rules\n\nXY-1. {}\n\n{}\n",
            clock.title,
            clock.full_text()
        );
        let book = book(&text, &knowledge);
        let mapping = map(&book, Lang::En, &knowledge);
        let [m] = mapping.rules.as_slice() else {
            panic!("one rule: {:?}", mapping.rules);
        };
        assert_eq!(m.concept, None);
        assert!(m.uncertain, "{m:?}");
        assert_eq!(
            m.alternatives.first().map(|a| a.0.as_str()),
            Some("calling-clock")
        );
    }
}
