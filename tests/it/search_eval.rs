//! The search evaluation set (tests/search_eval.yaml), run through the
//! library path `floor search` takes: success@1, success@3 and MRR per
//! language, and the share of (query, edition) pairs where a query in one
//! language finds the topic's rule in another edition.

use std::collections::BTreeMap;

use floor::data::DataSource;
use floor::rules::Store;
use floor::rules::search::{Index, search};
use serde::Deserialize;

#[derive(Deserialize)]
struct Set {
    same: Vec<Same>,
    cross: Vec<Cross>,
}

#[derive(Deserialize)]
struct Same {
    q: String,
    rules: String,
    expect: Vec<String>,
    kind: String,
}

#[derive(Deserialize)]
struct Cross {
    q: String,
    lang: String,
    concept: String,
}

/// The hits `floor search` shows by default.
const LIMIT: usize = 10;

#[derive(Default)]
struct Tally {
    queries: usize,
    at1: usize,
    at3: usize,
    reciprocal: f64,
}

#[test]
fn search_finds_the_rules_of_the_evaluation_set() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/search_eval.yaml"
    ))
    .expect("tests/search_eval.yaml");
    let set: Set = floor::yaml::from_str(&text, "test").expect("the evaluation set parses");
    let store = Store::open(DataSource::Embedded).expect("store");
    let index = Index::of_store(&store).expect("index");
    let mut by_lang: BTreeMap<String, Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    for case in &set.same {
        let lang = store
            .language_of(&case.rules)
            .unwrap_or_else(|| panic!("{}: no such edition", case.rules))
            .code()
            .to_string();
        let found = search(&index, &case.q, Some(&case.rules), LIMIT).expect("search");
        let rank = found
            .hits
            .iter()
            .position(|h| {
                h.doc.edition == case.rules && case.expect.iter().any(|n| n == h.doc.number)
            })
            .map(|i| i + 1);
        let tally = by_lang.entry(lang.clone()).or_default();
        tally.queries += 1;
        if rank == Some(1) {
            tally.at1 += 1;
        } else {
            let got: Vec<String> = found
                .hits
                .iter()
                .take(3)
                .map(|h| format!("{} {}", h.doc.edition, h.doc.number))
                .collect();
            misses.push(format!(
                "{lang} {:?} in {} ({}): expected {:?}, rank {rank:?}, got {got:?}",
                case.q, case.rules, case.kind, case.expect
            ));
        }
        if rank.is_some_and(|r| r <= 3) {
            tally.at3 += 1;
        }
        tally.reciprocal += rank.map_or(0.0, |r| 1.0 / r as f64);
    }
    // Cross-language: every edition that has the concept.
    let mut pairs = 0usize;
    let mut found_pairs = 0usize;
    let mut cross_queries: BTreeMap<String, usize> = BTreeMap::new();
    for case in &set.cross {
        *cross_queries.entry(case.lang.clone()).or_default() += 1;
        let found = search(&index, &case.q, None, LIMIT).expect("search");
        for edition in store.ids() {
            let has = index
                .docs
                .iter()
                .any(|d| d.edition == edition && d.concept == case.concept);
            if !has {
                continue;
            }
            pairs += 1;
            if found
                .hits
                .iter()
                .any(|h| h.doc.edition == edition && h.doc.concept == case.concept)
            {
                found_pairs += 1;
            } else {
                misses.push(format!(
                    "cross {} {:?}: {} not found in {edition}",
                    case.lang, case.q, case.concept
                ));
            }
        }
    }
    println!(
        "search evaluation ({} queries, {} cross-language):",
        set.same.len(),
        set.cross.len()
    );
    println!("lang  queries  success@1  success@3    MRR");
    let mut failed = Vec::new();
    for (lang, t) in &by_lang {
        let n = t.queries as f64;
        let (s1, s3, mrr) = (t.at1 as f64 / n, t.at3 as f64 / n, t.reciprocal / n);
        println!("{lang:4}  {:7}  {s1:9.3}  {s3:9.3}  {mrr:5.3}", t.queries);
        if s1 < 0.95 || mrr < 0.97 {
            failed.push(format!("{lang}: success@1 {s1:.3}, MRR {mrr:.3}"));
        }
        assert!(
            t.queries >= 30,
            "{lang}: {} queries, 30 at least",
            t.queries
        );
    }
    let share = found_pairs as f64 / pairs.max(1) as f64;
    println!(
        "cross-language: {found_pairs}/{pairs} (query, edition) pairs = {share:.3}; queries per language {cross_queries:?}"
    );
    for m in &misses {
        println!("  miss: {m}");
    }
    if share < 0.95 {
        failed.push(format!("cross-language share {share:.3}"));
    }
    // For comparison only: the same queries with the lexicon's terms left
    // out (concept names, stems, glued words, typos and titles still
    // work), to show what the lexicon adds.
    let names: std::collections::BTreeSet<(String, String)> = store
        .concepts()
        .expect("concepts")
        .iter()
        .map(|c| {
            let stems = floor::rules::analyze::term_stems(&c.name, "en", &index.lexicon.stop);
            (c.slug.clone(), stems)
        })
        .collect();
    let kept: Vec<(String, String, String)> = index
        .lexicon
        .terms()
        .filter(|t| names.contains(&(t.concept.to_string(), t.stems.to_string())))
        .map(|t| {
            (
                t.lang.to_string(),
                t.concept.to_string(),
                t.stems.to_string(),
            )
        })
        .collect();
    let bare = Index {
        docs: index.docs.clone(),
        lexicon: floor::rules::lexicon::Lexicon::from_terms(
            index.lexicon.stop.clone(),
            kept.iter()
                .map(|(l, c, s)| (l.as_str(), c.as_str(), s.as_str())),
        ),
        vocab: floor::rules::search::Vocab::embedded(),
    };
    let (mut at1, mut n) = (0usize, 0usize);
    for case in &set.same {
        n += 1;
        let found = search(&bare, &case.q, Some(&case.rules), LIMIT).expect("search");
        if found.hits.first().is_some_and(|h| {
            h.doc.edition == case.rules && case.expect.iter().any(|x| x == h.doc.number)
        }) {
            at1 += 1;
        }
    }
    println!(
        "without the lexicon's terms (concept names kept): success@1 {:.3} over all {n} queries",
        at1 as f64 / n.max(1) as f64
    );
    assert!(set.same.len() + set.cross.len() >= 150);
    assert!(failed.is_empty(), "below the targets: {failed:?}");
}
