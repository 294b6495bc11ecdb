//! The search evaluation set (tests/search_eval.yaml), run through the
//! library path `floor search` takes: success@1, success@3 and MRR per
//! language, and the share of (query, edition) pairs where a query in one
//! language finds the topic's rule in another edition.

use std::collections::BTreeMap;

use floor::data::DataSource;
use floor::rules::Store;
use floor::rules::search::{Coverage, Index, search};
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
    let bare = Index::new(
        index.docs.clone(),
        floor::rules::lexicon::Lexicon::from_terms(
            index.lexicon.stop.clone(),
            kept.iter()
                .map(|(l, c, s)| (l.as_str(), c.as_str(), s.as_str())),
        ),
        floor::rules::search::Vocab::embedded(),
    );
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

/// A question set of `tests/search_eval/` (`dev*.yaml`, the development
/// half of a set written from the rulebooks alone; `test*.yaml`, its test
/// half, only reported): questions as a floor person types them, each with
/// the topics (concept slugs) whose rule in the edition searched answers it,
/// none when no rule of that edition does.
#[derive(Deserialize)]
struct QuestionSet {
    queries: Vec<Question>,
}

#[derive(Deserialize)]
struct Question {
    q: String,
    /// The language the question is written in.
    lang: String,
    /// The edition searched.
    rules: String,
    /// Concepts whose rule answers it; empty: not covered by the edition.
    expect: Vec<String>,
    /// words, slang, inflection, compound, accents, typo, sentence, cross
    /// (written in another language than the edition's), none.
    kind: String,
}

/// What a set must reach, by file name; a file not listed is only reported.
/// The development half is held at what the search reaches on it, so a
/// change that loses ground fails here; the test half is read only to
/// report (its targets: success@1 0.95, whole sentences 0.90,
/// cross-language 0.95, no answer 0.90).
const FLOORS: &[(&str, Floors)] = &[
    (
        "dev.yaml",
        Floors {
            at1: 0.98,
            sentence: 0.97,
            cross: 1.0,
            no_answer: 1.0,
        },
    ),
    (
        "dev2.yaml",
        Floors {
            at1: 0.96,
            sentence: 0.94,
            cross: 1.0,
            no_answer: 1.0,
        },
    ),
    (
        "dev3.yaml",
        Floors {
            at1: 0.99,
            sentence: 0.97,
            cross: 1.0,
            no_answer: 0.92,
        },
    ),
    (
        "dev4.yaml",
        Floors {
            at1: 0.95,
            sentence: 0.97,
            cross: 0.97,
            no_answer: 0.92,
        },
    ),
    (
        "dev5.yaml",
        Floors {
            at1: 0.95,
            sentence: 0.97,
            cross: 0.97,
            no_answer: 1.0,
        },
    ),
    (
        "dev6.yaml",
        Floors {
            at1: 0.96,
            sentence: 0.94,
            cross: 1.0,
            no_answer: 1.0,
        },
    ),
    (
        "dev7.yaml",
        Floors {
            at1: 0.96,
            sentence: 0.97,
            cross: 0.97,
            no_answer: 0.92,
        },
    ),
    (
        "dev8.yaml",
        Floors {
            at1: 0.97,
            sentence: 0.97,
            cross: 0.97,
            no_answer: 1.0,
        },
    ),
    (
        "dev9.yaml",
        Floors {
            at1: 0.96,
            sentence: 0.92,
            cross: 0.97,
            no_answer: 0.96,
        },
    ),
    (
        "dev10.yaml",
        Floors {
            at1: 0.97,
            sentence: 1.0,
            cross: 1.0,
            no_answer: 1.0,
        },
    ),
    (
        "dev11.yaml",
        Floors {
            at1: 0.99,
            sentence: 0.97,
            cross: 1.0,
            no_answer: 0.97,
        },
    ),
    (
        "dev12.yaml",
        Floors {
            at1: 0.96,
            sentence: 0.92,
            cross: 1.0,
            no_answer: 0.87,
        },
    ),
    (
        "dev13.yaml",
        Floors {
            at1: 0.98,
            sentence: 0.97,
            cross: 1.0,
            no_answer: 1.0,
        },
    ),
];

struct Floors {
    at1: f64,
    sentence: f64,
    cross: f64,
    no_answer: f64,
}

/// Correct answers over questions, for one figure.
#[derive(Default, Clone, Copy)]
struct Rate {
    right: usize,
    of: usize,
}

impl Rate {
    fn add(&mut self, right: bool) {
        self.of += 1;
        self.right += usize::from(right);
    }
    fn value(self) -> f64 {
        self.right as f64 / self.of.max(1) as f64
    }
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{:.3} ({}/{})", self.value(), self.right, self.of)
    }
}

/// A test half (`test*.yaml`) is read only when `FLOOR_EVAL_TEST=1` asks
/// for the report (`scripts/eval_report.sh`), so that tuning on the
/// development halves never sees its figures.
fn reads_test_halves() -> bool {
    std::env::var_os("FLOOR_EVAL_TEST").is_some_and(|v| v == "1")
}

fn is_test_half(path: &std::path::Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("test"))
}

#[test]
fn search_answers_the_question_sets() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/search_eval");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .expect("tests/search_eval")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .filter(|p| reads_test_halves() || !is_test_half(p))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no question set in {dir}");
    let store = Store::open(DataSource::Embedded).expect("store");
    let index = Index::of_store(&store).expect("index");
    let mut failed = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        let text = std::fs::read_to_string(path).expect("question set");
        let set: QuestionSet =
            floor::yaml::from_str(&text, &name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (mut at1, mut at3, mut sentence, mut cross, mut no_answer, mut false_none) = (
            Rate::default(),
            Rate::default(),
            Rate::default(),
            Rate::default(),
            Rate::default(),
            Rate::default(),
        );
        let mut by_lang: BTreeMap<&str, (Rate, f64)> = BTreeMap::new();
        let mut misses = Vec::new();
        for case in &set.queries {
            assert!(
                store.ids().any(|id| id == case.rules),
                "{name}: {}: no edition {}",
                case.q,
                case.rules
            );
            let found = search(&index, &case.q, Some(&case.rules), LIMIT).expect("search");
            let covered = found.coverage == Coverage::Covered && !found.hits.is_empty();
            let got: Vec<String> = found
                .hits
                .iter()
                .take(3)
                .map(|h| {
                    let flag = if h.nearest {
                        " nearest"
                    } else if h.fallback {
                        " fallback"
                    } else {
                        ""
                    };
                    format!("{} {}{flag}", h.doc.edition, h.doc.concept)
                })
                .collect();
            if case.expect.is_empty() {
                no_answer.add(!covered);
                if covered {
                    misses.push(format!(
                        "none  {} {:?} in {}: answered {got:?}",
                        case.lang, case.q, case.rules
                    ));
                }
                continue;
            }
            // A hit answers when it is the edition's own rule on an
            // expected topic, offered as an answer.
            let rank = found
                .hits
                .iter()
                .position(|h| {
                    h.doc.edition == case.rules
                        && !h.fallback
                        && !h.nearest
                        && case.expect.iter().any(|c| c == h.doc.concept)
                })
                .map(|i| i + 1);
            at1.add(rank == Some(1));
            at3.add(rank.is_some_and(|r| r <= 3));
            false_none.add(!covered);
            let lang = by_lang.entry(case.lang.as_str()).or_default();
            lang.0.add(rank == Some(1));
            lang.1 += rank.map_or(0.0, |r| 1.0 / r as f64);
            if case.kind == "sentence" {
                sentence.add(rank == Some(1));
            }
            if case.kind == "cross" {
                cross.add(rank == Some(1));
            }
            if rank != Some(1) {
                misses.push(format!(
                    "{:<5} {} {:?} in {} ({:?}): rank {rank:?}, got {got:?}{}",
                    case.kind,
                    case.lang,
                    case.q,
                    case.rules,
                    case.expect,
                    if covered { "" } else { ", not covered" }
                ));
            }
        }
        println!(
            "{name}: {} questions ({} answerable, {} with no answer)",
            set.queries.len(),
            at1.of,
            no_answer.of
        );
        println!("  success@1            {at1}");
        println!("  success@3            {at3}");
        for (lang, (rate, reciprocal)) in &by_lang {
            println!(
                "  {lang}: success@1 {rate}, MRR {:.3}",
                reciprocal / rate.of.max(1) as f64
            );
        }
        println!("  whole sentences @1   {sentence}");
        println!("  cross-language @1    {cross}");
        println!("  no answer, said so   {no_answer}");
        println!("  answerable, said not covered {false_none}");
        // A test half's questions stay unseen: its figures are reported,
        // never which questions it missed.
        if !is_test_half(path) {
            for m in &misses {
                println!("    miss: {m}");
            }
        }
        if let Some((_, floors)) = FLOORS.iter().find(|(f, _)| *f == name) {
            for (what, rate, floor) in [
                ("success@1", at1, floors.at1),
                ("whole sentences", sentence, floors.sentence),
                ("cross-language", cross, floors.cross),
                ("no answer", no_answer, floors.no_answer),
            ] {
                if rate.value() < floor {
                    failed.push(format!("{name}: {what} {rate} < {floor}"));
                }
            }
        }
    }
    assert!(failed.is_empty(), "below the floors: {failed:?}");
}

/// The bundled files read as a `--data` tree are searched as the bundled
/// index searches them: the editions analysed at run time, with the
/// vocabulary of the tree's own texts and lexicons, rank every question of
/// a development set alike, scores, flags and coverage included.
#[test]
fn the_bundled_files_as_a_data_tree_search_as_the_bundled_index() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let bundled = Store::open(DataSource::Embedded).expect("bundled store");
    let tree = Store::open(DataSource::dir(root).expect("data tree")).expect("tree store");
    let (bundled_index, tree_index) = (
        Index::of_store(&bundled).expect("bundled index"),
        Index::of_store(&tree).expect("tree index"),
    );
    let path = root.join("tests/search_eval/dev9.yaml");
    let text = std::fs::read_to_string(&path).expect("question set");
    let set: QuestionSet = floor::yaml::from_str(&text, "dev9.yaml").expect("dev9.yaml");
    let shown = |index: &Index, q: &str, rules: &str| {
        let found = search(index, q, Some(rules), LIMIT).expect("search");
        let hits: Vec<String> = found
            .hits
            .iter()
            .map(|h| {
                format!(
                    "{} {} {} {} {} {}",
                    h.doc.edition, h.doc.number, h.score, h.fallback, h.nearest, h.snippet.text
                )
            })
            .collect();
        (format!("{:?}", found.coverage), hits)
    };
    for case in &set.queries {
        assert_eq!(
            shown(&bundled_index, &case.q, &case.rules),
            shown(&tree_index, &case.q, &case.rules),
            "{:?} in {}",
            case.q,
            case.rules
        );
    }
}

/// A `--data` tree's own lexicon words are words of its texts, as the
/// build counts the bundled lexicons' (a glued word of a text splits into
/// the words a floor person types), not the bundled lexicons' words alone.
#[test]
fn a_data_trees_lexicon_words_are_words_of_its_vocabulary() {
    use floor::rules::analyze::Words;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tree = tempfile::tempdir().expect("tempdir");
    crate::common::copy_dir(&root.join("locales"), &tree.path().join("locales"));
    let lexicon = tree.path().join("locales/nl/lexicon.yaml");
    let text = std::fs::read_to_string(&lexicon).expect("lexicon");
    let term = "kwakzalverij";
    let bundled_store = Store::open(DataSource::Embedded).expect("store");
    let bundled = Index::of_store(&bundled_store).expect("index");
    assert!(!bundled.vocab.has(term), "{term} is already a bundled word");
    std::fs::write(
        &lexicon,
        text.replacen("  chip-race: [", &format!("  chip-race: [{term}, "), 1),
    )
    .expect("write lexicon");
    let store = Store::open(DataSource::dir(tree.path()).expect("data tree")).expect("store");
    let index = Index::of_store(&store).expect("index");
    assert!(index.vocab.has(term), "the tree's lexicon word {term}");
}
