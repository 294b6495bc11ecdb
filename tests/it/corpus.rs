//! The rulebook corpus against its sources: every rule heading of every seed
//! is in the YAML with its number and title, no word of a seed is dropped or
//! added, every cross-reference resolves, and the recovered numberings agree.

use std::collections::BTreeMap;

use floor::rules::{Edition, RuleKind, RuleRef};

use crate::common::{seed, seeds_dir, store};

/// A rule heading as printed: the number it shows (if it shows one that the
/// edition cites by) and its title.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Heading {
    printed: Option<String>,
    title: String,
}

fn norm(s: &str) -> String {
    s.replace('\u{a0}', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn heading(printed: Option<String>, title: &str) -> Heading {
    Heading {
        printed,
        title: norm(title),
    }
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(|l| l.replace('\u{a0}', " ")).collect()
}

/// onk-2023-nl: "TDA Regel 43: Title", "MEC Regel 2: Title", "RP-5. Title"
/// in the body (the table of contents prints them as links, skipped).
fn onk_headings(text: &str) -> Vec<Heading> {
    let mut out = Vec::new();
    for line in lines(text) {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("TDA Regel ") {
            let (num, title) = split_number(rest);
            out.push(heading(Some(num), title.trim_start_matches(':')));
        } else if let Some(rest) = line.strip_prefix("MEC Regel ") {
            let (num, title) = split_number(rest);
            out.push(heading(
                Some(format!("MEC-{num}")),
                title.trim_start_matches(':'),
            ));
        } else if let Some(rest) = line.strip_prefix("RP-") {
            let (num, title) = split_number(rest);
            out.push(heading(
                Some(format!("RP-{num}")),
                title.trim_start_matches(['.', ':']),
            ));
        }
    }
    out
}

fn split_number(s: &str) -> (String, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    (s[..end].to_string(), &s[end..])
}

/// Headings printed "N<sep>Title" with N running 1, 2, 3...: a line is the
/// heading of rule N only when N is the next number expected, which skips
/// numbered list items inside rules.
fn sequential_headings(text: &str, max: u32, separators: &[char]) -> Vec<Heading> {
    let mut out = Vec::new();
    let mut next = 1;
    for line in lines(text) {
        if next > max {
            break;
        }
        let expected = next.to_string();
        let Some(rest) = line.trim().strip_prefix(&expected) else {
            continue;
        };
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let title = rest.trim_start_matches(separators).trim();
        if title.starts_with(|c: char| c.is_uppercase() || c == '„' || c == '"') {
            out.push(heading(Some(expected), title));
            next += 1;
        }
    }
    out
}

/// tda-2019-sk: every heading is printed "  1. Title"; a "1." line that
/// starts a numbered list (the next line is "2.") is a list item. The
/// procedures are "OP5. Title".
fn sk_headings(text: &str) -> Vec<Heading> {
    let all = lines(text);
    let mut out = Vec::new();
    for (i, line) in all.iter().enumerate() {
        let next = all.get(i + 1).map(|l| l.trim_start()).unwrap_or("");
        if line.starts_with(' ') && line.trim_start().starts_with("1. ") && !next.starts_with("2. ")
        {
            out.push(heading(None, &line.trim_start()[3..]));
        } else if let Some(rest) = line.trim().strip_prefix("OP") {
            let (num, title) = split_number(rest);
            if !num.is_empty() {
                out.push(heading(
                    Some(format!("OP{num}")),
                    title.trim_start_matches('.'),
                ));
            }
        }
    }
    out
}

/// dpc-2019-en: "3. Title" numbered per section, "67: Title" at the end;
/// a heading stands alone between blank lines (list items do not).
fn dpc_headings(text: &str) -> Vec<Heading> {
    let all = lines(text);
    let blank = |i: usize| all.get(i).is_none_or(|l| l.trim().is_empty());
    let mut out = Vec::new();
    for (i, line) in all.iter().enumerate() {
        let (num, rest) = split_number(line.trim());
        if num.is_empty() || i == 0 || !blank(i - 1) || !blank(i + 1) {
            continue;
        }
        if let Some(title) = rest.strip_prefix(". ").or_else(|| rest.strip_prefix(": ")) {
            out.push(heading(Some(num), title));
        }
    }
    out
}

/// The Pokerpunt club rules and the DPC closing note have no printed heading.
fn has_heading(ed: &Edition, rule: &floor::rules::Rule) -> bool {
    !(ed.id != "onk-2023-nl" && rule.kind == RuleKind::House)
}

/// The YAML's headings in document order (with strays that have a printed
/// heading), `printed` chosen as the seed shows it.
fn yaml_headings(
    ed: &Edition,
    printed: impl Fn(&floor::rules::Rule) -> Option<String>,
) -> Vec<Heading> {
    let mut out = Vec::new();
    for rule in ed.rules() {
        if has_heading(ed, rule) {
            out.push(heading(printed(rule), &rule.title));
        }
        for stray in ed
            .strays
            .iter()
            .filter(|s| s.after == rule.number && s.label.is_some())
        {
            out.push(heading(None, &stray.title));
        }
    }
    out
}

fn assert_same_headings(id: &str, seed_headings: Vec<Heading>, yaml: Vec<Heading>) {
    for (i, (s, y)) in seed_headings.iter().zip(&yaml).enumerate() {
        assert_eq!(s, y, "{id}: heading {} differs (seed vs YAML)", i + 1);
    }
    assert_eq!(
        seed_headings.len(),
        yaml.len(),
        "{id}: the seed has {} rule headings, the YAML {}",
        seed_headings.len(),
        yaml.len()
    );
}

#[test]
fn onk_2023_nl_has_every_rule_heading_with_its_number_and_title() {
    let ed_store = store();
    let ed = ed_store.edition("onk-2023-nl").expect("loads");
    let seed_headings = onk_headings(&seed("000_59b22b88fc79d9c0.txt"));
    assert_eq!(
        seed_headings.len(),
        71 + 8 + 19,
        "71 rules, 8 MEC rules, 19 RPs"
    );
    assert_same_headings(
        ed.id.as_str(),
        seed_headings,
        yaml_headings(ed, |r| Some(r.number.clone())),
    );
}

#[test]
fn pokerpunt_nl_has_every_rule_heading_with_its_number_and_title() {
    let ed_store = store();
    let ed = ed_store.edition("pokerpunt-nl").expect("loads");
    let seed_headings = sequential_headings(&seed("001_67dc1f9d758e9959.txt"), 71, &['.', ' ']);
    assert_eq!(seed_headings.len(), 71);
    assert_same_headings(
        ed.id.as_str(),
        seed_headings,
        yaml_headings(ed, |r| Some(r.number.clone())),
    );
}

#[test]
fn tda_2015_de_has_every_rule_heading_with_its_number_and_title() {
    let ed_store = store();
    let ed = ed_store.edition("tda-2015-de").expect("loads");
    let seed_headings = sequential_headings(&seed("002_b2cd2e60bfea657e.txt"), 66, &[':', ' ']);
    assert_eq!(seed_headings.len(), 66);
    assert_same_headings(
        ed.id.as_str(),
        seed_headings,
        yaml_headings(ed, |r| Some(r.number.clone())),
    );
}

#[test]
fn tda_2019_sk_has_every_rule_heading_in_order_with_its_title() {
    let ed_store = store();
    let ed = ed_store.edition("tda-2019-sk").expect("loads");
    let seed_headings = sk_headings(&seed("003_e6dcc82935c59251.txt"));
    assert_eq!(
        seed_headings.len(),
        71 + 14,
        "71 printed rule headings, 14 procedures"
    );
    let yaml = yaml_headings(ed, |r| {
        (r.kind == RuleKind::Procedure).then(|| r.label.clone().unwrap_or_default())
    });
    assert_same_headings(ed.id.as_str(), seed_headings, yaml);
}

#[test]
fn dpc_2019_en_has_every_rule_heading_with_its_printed_number_and_title() {
    let ed_store = store();
    let ed = ed_store.edition("dpc-2019-en").expect("loads");
    let seed_headings = dpc_headings(&seed("004_50dd279b7862ee3e.txt"));
    assert_eq!(
        seed_headings.len(),
        68,
        "TDA 2019 without rules 3, 9 and 66"
    );
    let yaml = yaml_headings(ed, |r| {
        Some(r.label.clone().unwrap_or_else(|| r.number.clone()))
    });
    assert_same_headings(ed.id.as_str(), seed_headings, yaml);
}

/// tda-2019-sk lost its numbers: they are recovered from the order, with the
/// second copy of "acting in turn" printed after 46 set aside and TDA 2019
/// rule 48 absent. The proof is that every topic it shares with dpc-2019-en
/// and onk-2023-nl (printed numbers, same TDA 2019 numbering) has the same
/// number, and that its own cross-references land on the right topics.
#[test]
fn recovered_numbers_agree_across_editions_of_the_same_numbering() {
    let store = store();
    let sk = store.edition("tda-2019-sk").expect("loads");
    let dpc = store.edition("dpc-2019-en").expect("loads");
    let onk = store.edition("onk-2023-nl").expect("loads");
    let mut compared = 0;
    for rule in sk.rules().filter(|r| r.kind == RuleKind::Rule) {
        for other in [dpc, onk] {
            if let Some(theirs) = other.rule_for(&rule.concept) {
                assert_eq!(
                    rule.number, theirs.number,
                    "{}: sk {} vs {} {}",
                    rule.concept, rule.number, other.id, theirs.number
                );
                compared += 1;
            }
        }
    }
    assert_eq!(
        compared,
        70 + 68 - 1,
        "sk shares all but rule 48 with onk, and dpc's 68 minus 48"
    );
    for rule in dpc.rules().filter(|r| r.kind == RuleKind::Rule) {
        let theirs = onk
            .rule_for(&rule.concept)
            .expect("onk has every TDA 2019 topic");
        assert_eq!(rule.number, theirs.number, "{}", rule.concept);
    }
}

/// Cross-references whose topic is stated by the citing text: each must land
/// on a rule of that topic, in every edition that prints it.
#[test]
fn cross_references_land_on_the_topic_they_cite() {
    let store = store();
    let cases = [
        // (edition, citing rule, reference, concept of the target)
        ("dpc-2019-en", "19", "13-A", "tabling-cards"),
        ("dpc-2019-en", "22", "23", "new-hand-new-limits"),
        ("tda-2019-sk", "60", "49", "accepted-action"),
        ("tda-2019-sk", "62", "49", "accepted-action"),
        ("tda-2019-sk", "51", "52", "incorrect-bets"),
        ("tda-2019-sk", "35", "37", "button-too-few-cards"),
        ("tda-2019-sk", "19", "13-A", "tabling-cards"),
        ("tda-2019-sk", "68", "66", "dead-hands-stud"),
        ("onk-2023-nl", "23", "36", "substantial-action"),
        ("onk-2023-nl", "23", "MEC-2", "mec-two-deck-new-hand"),
        ("tda-2015-de", "3", "42", "methods-of-raising"),
        ("tda-2015-de", "60", "13-B", "tabling-cards"),
        ("tda-2015-de", "63", "61", "dead-hands-stud"),
        ("pokerpunt-nl", "68", "66", "dead-hands-stud"),
        ("pokerpunt-nl", "70", "71", "penalties"),
    ];
    for (id, from, reference, concept) in cases {
        let ed = store.edition(id).expect("loads");
        let rule = ed.rule(from).unwrap_or_else(|| panic!("{id} rule {from}"));
        assert!(
            rule.refs.iter().any(|r| r == reference),
            "{id} {from} cites {reference}"
        );
        let target = RuleRef::parse(reference).expect("a rule number");
        let found = floor::rules::Book::Full(ed)
            .find(&target)
            .expect("resolves");
        assert_eq!(found.rule.concept, concept, "{id} {from} → {reference}");
    }
}

#[test]
fn every_cross_reference_of_every_edition_resolves() {
    let store = store();
    let report = floor::check::check(&store);
    let reference_problems: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.message.to_string().contains("reference"))
        .map(|f| format!("{}: {}", f.file, f.message))
        .collect();
    assert!(reference_problems.is_empty(), "{reference_problems:#?}");
    let total: usize = report.editions.iter().map(|e| e.refs).sum();
    assert!(total > 100, "only {total} references checked");
}

/// Lower-cased word counts of a text.
fn words(text: &str, into: &mut BTreeMap<String, i64>, sign: i64) {
    for w in text
        .replace("](#)", " ")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        *into.entry(w.to_lowercase()).or_default() += sign;
    }
}

fn yaml_words(ed: &Edition, into: &mut BTreeMap<String, i64>) {
    fn parts(ps: &[floor::rules::Part], into: &mut BTreeMap<String, i64>) {
        for p in ps {
            words(&p.label, into, -1);
            words(&p.text, into, -1);
            words(&p.tail, into, -1);
            for ex in &p.examples {
                words(&ex.label, into, -1);
                words(&ex.text, into, -1);
            }
            parts(&p.parts, into);
        }
    }
    words(ed.preamble.as_deref().unwrap_or(""), into, -1);
    for section in &ed.sections {
        words(section.label.as_deref().unwrap_or(""), into, -1);
        words(&section.title, into, -1);
        words(section.intro.as_deref().unwrap_or(""), into, -1);
        for rule in &section.rules {
            if has_heading(ed, rule) {
                words(rule.label.as_deref().unwrap_or(&rule.number), into, -1);
                words(&rule.title, into, -1);
            }
            words(&rule.text, into, -1);
            words(&rule.tail, into, -1);
            for ex in &rule.examples {
                words(&ex.label, into, -1);
                words(&ex.text, into, -1);
            }
            parts(&rule.parts, into);
        }
    }
    for stray in &ed.strays {
        words(stray.label.as_deref().unwrap_or(""), into, -1);
        words(&stray.title, into, -1);
        words(&stray.text, into, -1);
        parts(&stray.parts, into);
        for ex in &stray.examples {
            words(&ex.label, into, -1);
            words(&ex.text, into, -1);
        }
    }
}

/// Every word of a seed is in its edition exactly as often as in the seed,
/// apart from what the extraction removes on purpose (listed per edition).
/// `cut` removes a region of the seed (from the first marker up to the
/// second) that is not rule text, such as a table of contents.
fn assert_words_match(id: &str, file: &str, cut: Option<(&str, &str)>, allowed: &[(&str, i64)]) {
    let store = store();
    let ed = store.edition(id).expect("loads");
    let text = seed(file);
    let body = match cut {
        Some((from, to)) => {
            let start = text.find(from).expect("start marker in seed");
            let end = start + text[start..].find(to).expect("end marker in seed");
            format!("{}{}", &text[..start], &text[end..])
        }
        None => text,
    };
    let mut diff = BTreeMap::new();
    words(&body, &mut diff, 1);
    yaml_words(ed, &mut diff);
    for (word, count) in allowed {
        *diff.entry(word.to_lowercase()).or_default() -= count;
    }
    diff.retain(|_, n| *n != 0);
    assert!(
        diff.is_empty(),
        "{id}: words in the seed but not the YAML (>0) or the YAML but not the seed (<0): {diff:?}"
    );
}

#[test]
fn seed_copies_are_the_shared_sources() {
    let shared = seeds_dir().join("../../../shared/seeds");
    let Ok(entries) = std::fs::read_dir(&shared) else {
        return; // a clean clone has only the copies
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let copy = std::fs::read(seeds_dir().join(&name)).expect("copied");
        assert_eq!(
            copy,
            std::fs::read(entry.path()).expect("readable"),
            "{name:?}"
        );
    }
}

#[test]
fn onk_2023_nl_keeps_every_word_of_its_seed() {
    // The table of contents repeats the headings as links; the body is kept.
    let toc = (
        "Inhoudsopgave TDA Reglement",
        "1 - Algemene regels\n\nTDA Regel 1:",
    );
    assert_words_match("onk-2023-nl", "000_59b22b88fc79d9c0.txt", Some(toc), &[]);
}

#[test]
fn pokerpunt_nl_keeps_every_word_of_its_seed() {
    let dropped = [
        // Web page furniture around the rules.
        ("skip", 2),
        ("to", 2),
        ("content", 1),
        ("footer", 1),
        ("previous", 1),
        ("next", 1),
        ("close", 1),
        ("test", 2),
        ("caption", 1),
        ("description", 1),
        ("goes", 1),
        ("like", 1),
        ("this", 1),
        // Labels glued to their text: "22Discussie", "ABij".
        ("22discussie", 1),
        ("22", -1),
        ("discussie", -1),
        ("abij", 1),
        ("a", -1),
        ("bij", -1),
    ];
    assert_words_match("pokerpunt-nl", "001_67dc1f9d758e9959.txt", None, &dropped);
}

#[test]
fn tda_2015_de_keeps_every_word_of_its_seed() {
    assert_words_match("tda-2015-de", "002_b2cd2e60bfea657e.txt", None, &[]);
}

#[test]
fn tda_2019_sk_keeps_every_word_of_its_seed() {
    assert_words_match("tda-2019-sk", "003_e6dcc82935c59251.txt", None, &[]);
}

#[test]
fn dpc_2019_en_keeps_every_word_of_its_seed() {
    assert_words_match("dpc-2019-en", "004_50dd279b7862ee3e.txt", None, &[]);
}

/// Reading a bundled edition rule by rule through its build-time index gives
/// exactly the rules, parameters and house rules of the whole edition.
#[test]
fn the_prebuilt_rule_index_matches_the_editions() {
    use floor::rules::{Book, RuleKind};
    let store = store();
    for edition in store.editions().expect("editions load") {
        let indexed = store.book(&edition.id).expect("book");
        assert!(
            matches!(indexed, Book::Indexed { .. }),
            "{} is indexed",
            edition.id
        );
        let full = Book::Full(edition);
        assert_eq!(indexed.title(), full.title());
        assert_eq!(indexed.numbers(), full.numbers());
        assert_eq!(indexed.params(), full.params());
        for rule in edition.rules() {
            let by_number = indexed
                .rule(&rule.number)
                .expect("parses")
                .expect("present");
            assert_eq!(by_number.as_ref(), rule, "{} {}", edition.id, rule.number);
            let by_concept = indexed
                .rule_for(&rule.concept)
                .expect("parses")
                .expect("present");
            assert_eq!(by_concept.number, rule.number);
        }
        let concepts: Vec<&str> = edition.rules().map(|r| r.concept.as_str()).collect();
        let house: Vec<String> = indexed
            .house_rules_touching(&concepts)
            .expect("parses")
            .iter()
            .map(|r| r.number.clone())
            .collect();
        let expected: Vec<String> = edition
            .rules()
            .filter(|r| {
                r.kind == RuleKind::House
                    && r.touches.iter().any(|t| concepts.contains(&t.as_str()))
            })
            .map(|r| r.number.clone())
            .collect();
        assert_eq!(house, expected, "{}", edition.id);
    }
}

/// What `floor rule` and the cards say a rule is printed as must lead a
/// reader of the printed book to that rule and no other: no two rules of an
/// edition printed as the same, and the rule index says what the whole
/// edition says. (The Slovak text heads every rule "1.": a label repeated
/// like that is no number to look up.)
#[test]
fn a_rule_printed_as_a_number_is_the_only_rule_printed_so() {
    use floor::rules::Book;
    let store = store();
    let mut shown = 0;
    for edition in store.editions().expect("editions load") {
        let indexed = store.book(&edition.id).expect("book");
        let full = Book::Full(edition);
        let mut seen: BTreeMap<String, &str> = BTreeMap::new();
        for rule in edition.rules() {
            let printed = full.printed_as(rule);
            assert_eq!(
                indexed.printed_as(rule),
                printed,
                "{} {}",
                edition.id,
                rule.number
            );
            let Some(printed) = printed else { continue };
            shown += 1;
            if let Some(other) = seen.insert(printed.clone(), &rule.number) {
                panic!(
                    "{}: rules {other} and {} are both shown as printed {printed}",
                    edition.id, rule.number
                );
            }
        }
    }
    // DPC's section numbers, ONK's "TDA Regel", the Slovak "OP5" are shown.
    assert!(shown > 150, "{shown} rules shown with a printed number");
}

/// The build-time search index must say exactly what the library computes
/// from the editions (it is built by build.rs from the same data).
#[test]
fn the_prebuilt_search_index_matches_the_editions() {
    use floor::rules::lexicon::Lexicon;
    use floor::rules::search::{Doc, Vocab, embedded_docs};
    let store = store();
    let embedded = embedded_docs();
    let lexicon = Lexicon::embedded();
    let vocab = Vocab::embedded();
    let mut expected = Vec::new();
    for edition in store.editions().expect("editions load") {
        expected.extend(
            edition
                .rules()
                .map(|r| Doc::of(edition, r, &lexicon.stop, &vocab)),
        );
    }
    assert_eq!(embedded.len(), expected.len());
    for (built, computed) in embedded.iter().zip(&expected) {
        assert_eq!(built, computed, "{} {}", computed.edition, computed.number);
    }
}
