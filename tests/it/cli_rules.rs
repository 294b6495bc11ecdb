//! `floor editions`, `floor rule`, `floor search`, `floor check` through the
//! real binary.

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{
    bundled_findings, check_adds_nothing, floor, json, json_exit, log_one_ruling, one_line_error,
    stdout_not_covered, store,
};

#[test]
fn rule_43_of_pokerpunt_is_its_incorrect_bets_rule() {
    floor()
        .args(["rule", "43", "--rules", "pokerpunt-nl"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Incorrecte Bets, Underbets en Underraises",
        ));
    let rule = json(&["rule", "43", "--rules", "pokerpunt-nl"]);
    assert_eq!(rule["edition"], "pokerpunt-nl");
    assert_eq!(rule["number"], "43");
    assert_eq!(rule["concept"], "incorrect-bets");
    assert_eq!(rule["title"], "Incorrecte Bets, Underbets en Underraises");
    assert_eq!(rule["parts"][0]["label"], "A");
}

/// ONK MEC-7's first example contradicts its rule (see the incident card
/// test): the rule shows it as printed and says so under it, in the UI
/// language; the JSON marks it.
#[test]
fn a_rule_marks_its_example_that_reads_otherwise() {
    let shown = |lang: &str| {
        let out = floor()
            .args(["rule", "MEC-7", "--rules", "onk-2023-nl", "--lang", lang])
            .output()
            .expect("floor runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(
        shown("en")
            .contains("The example \"Voorbeeld 1\" reads otherwise than the rule's own words"),
        "{}",
        shown("en")
    );
    assert!(shown("nl").contains("Het voorbeeld \"Voorbeeld 1\" leest anders"));
    assert!(!shown("en").contains("\"Voorbeeld 2\" reads otherwise"));
    let rule = json(&["rule", "MEC-7", "--rules", "onk-2023-nl"]);
    assert_eq!(rule["examples"][0]["against_rule"], true, "{rule}");
    let other = floor()
        .args(["rule", "43", "--rules", "onk-2023-nl"])
        .output()
        .expect("floor runs");
    assert!(!String::from_utf8_lossy(&other.stdout).contains("reads otherwise"));
}

#[test]
fn raise_amounts_in_every_edition_keeps_each_editions_number() {
    let rows = json(&["rule", "raise-amounts", "--all"]);
    let numbers: Vec<(String, String)> = rows
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| {
            (
                r["edition"].as_str().unwrap_or("").into(),
                r["number"].as_str().unwrap_or("").into(),
            )
        })
        .collect();
    let expect = |id: &str, n: &str| (id.to_string(), n.to_string());
    assert_eq!(
        numbers,
        [
            expect("tda-2015-de", "43"),
            expect("dpc-2019-en", "43"),
            expect("onk-2023-nl", "43"),
            expect("pokerpunt-nl", "47"),
            expect("tda-2019-sk", "43"),
        ]
    );
    for row in rows.as_array().expect("array") {
        assert_eq!(row["concept"], "raise-amounts");
        assert!(
            row["text"].as_str().is_some_and(|t| t.contains("50")),
            "{row}"
        );
    }
}

/// `floor rule` names a rule as the printed book does where it prints it
/// otherwise, as the ruling cards do: DPC with its section.
#[test]
fn a_rule_card_says_how_the_book_prints_the_rule_as_the_ruling_cards_do() {
    let head = |edition: &str, number: &str| {
        let out = floor()
            .args(["--lang", "en", "rule", number, "--rules", edition])
            .output()
            .expect("runs");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    };
    for (edition, number, printed) in [
        (
            "dpc-2019-en",
            "43",
            Some("printed as Play: Bets & Raises 4"),
        ),
        ("onk-2023-nl", "43", Some("printed as TDA Regel 43")),
        ("tda-2019-sk", "OP-5", Some("printed as OP5")),
        // Every Slovak heading reads "1.": no number to look up.
        ("tda-2019-sk", "43", None),
        ("tda-2015-de", "43", None),
    ] {
        let head = head(edition, number);
        match printed {
            Some(p) => assert!(head.ends_with(p), "{edition} {number}: {head}"),
            None => assert!(!head.contains("printed"), "{edition} {number}: {head}"),
        }
    }
}

#[test]
fn a_number_with_all_shows_its_concept_everywhere() {
    let rows = json(&["rule", "47", "--all", "--rules", "pokerpunt-nl"]);
    assert_eq!(rows.as_array().map(Vec::len), Some(5));
    assert!(
        rows.as_array()
            .expect("array")
            .iter()
            .all(|r| r["concept"] == "raise-amounts")
    );
}

#[test]
fn procedures_and_house_rules_are_rules_too() {
    let rp = json(&["rule", "RP-5", "--rules", "onk-2023-nl"]);
    assert_eq!(rp["number"], "RP-5");
    assert_eq!(rp["concept"], "premature-cards");
    let mec = json(&["rule", "MEC-2", "--rules", "onk-2023-nl"]);
    assert_eq!(mec["number"], "MEC-2");
    assert_eq!(mec["title"], "Start van een nieuwe hand met twee decks");
    // Every spelling of a procedure number, and OP/RP across editions.
    for spelling in ["RP5", "rp-5", "OP5", "op 5"] {
        assert_eq!(
            json(&["rule", spelling, "--rules", "onk-2023-nl"])["number"],
            "RP-5"
        );
        assert_eq!(
            json(&["rule", spelling, "--rules", "tda-2019-sk"])["number"],
            "OP-5"
        );
    }
}

#[test]
fn sub_parts_are_accepted_in_every_spelling() {
    for spelling in ["43A", "43-A", "43a", "43 a"] {
        let rule = json(&["rule", spelling, "--rules", "dpc-2019-en"]);
        assert_eq!(rule["number"], "43");
        assert_eq!(rule["part"]["label"], "A");
        assert!(
            rule["part"]["text"]
                .as_str()
                .is_some_and(|t| t.contains("50%"))
        );
    }
}

#[test]
fn search_finds_the_four_card_flop_rules_first_in_dutch() {
    // In the English edition in use: its rule on the topic the Dutch words
    // name.
    let hits = json(&["search", "vier kaarten"]);
    assert_eq!(hit_ids(&hits)[0], "dpc-2019-en 39", "{hits}");
    let hits = json(&["search", "vier kaarten", "--all-editions"]);
    let first = &hits[0];
    assert_eq!(first["concept"], "four-card-flop", "{hits}");
    assert!(
        first["edition"]
            .as_str()
            .is_some_and(|e| e.ends_with("-nl"))
    );
    let in_onk = json(&["search", "vier kaarten", "--rules", "onk-2023-nl"]);
    assert_eq!(in_onk[0]["edition"], "onk-2023-nl");
    assert_eq!(in_onk[0]["number"], "39");
}

#[test]
fn search_finds_raise_amounts_for_hoehe() {
    let hits = json(&["search", "Höhe", "--lang", "de"]);
    assert_eq!(hits[0]["edition"], "tda-2015-de");
    assert_eq!(hits[0]["concept"], "raise-amounts");
    // Accent-insensitive both ways.
    assert_eq!(
        json(&["search", "hohe", "--rules", "tda-2015-de"])[0]["number"],
        "43"
    );
}

#[test]
fn search_without_accents_finds_slovak_live_hands() {
    let hits = json(&["search", "ziva ruka", "--all-editions"]);
    assert_eq!(hits[0]["edition"], "tda-2019-sk");
    assert_eq!(hits[0]["number"], "30");
    let hits = json(&["search", "ziva ruka", "--rules", "tda-2019-sk"]);
    assert_eq!(hits[0]["number"], "30");
    // The topic, named in Slovak, in the English edition in use.
    let hits = json(&["search", "ziva ruka", "--rules", "dpc-2019-en"]);
    assert_eq!(hits[0]["edition"], "dpc-2019-en");
    assert_eq!(hits[0]["concept"], "at-your-seat");
}

#[test]
fn search_in_all_editions_ranks_chip_race_rules() {
    let hits = json(&["search", "chip race", "--all-editions"]);
    let hits = hits.as_array().expect("array");
    assert!(hits.len() >= 4, "{hits:?}");
    assert_eq!(hits[0]["concept"], "chip-race");
    let scores: Vec<f64> = hits
        .iter()
        .map(|h| h["score"].as_f64().unwrap_or(0.0))
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
}

#[test]
fn search_highlights_matches_only_with_colour() {
    floor()
        .args(["search", "chip race", "--color", "always"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            floor::text::Style::Mark.paint("chip"),
        ));
    floor()
        .args(["search", "chip race"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\x1b[").not());
}

#[test]
fn editions_lists_five_with_their_rule_counts() {
    let rows = json(&["editions"]);
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 5);
    let onk = rows
        .iter()
        .find(|r| r["id"] == "onk-2023-nl")
        .expect("onk listed");
    assert_eq!(onk["rules"], 71);
    assert_eq!(onk["procedures"], 19);
    assert_eq!(onk["house_rules"], 8);
    assert_eq!(onk["language"], "nl");
}

#[test]
fn check_says_it_passed_exactly_when_it_finds_nothing() {
    // Whether the bundled data passes is the fast test's
    // (the_bundled_data_passes_every_check); here, what check says of it.
    let (code, verdict) = match bundled_findings() {
        [] => (0, "check passed"),
        _ => (2, "check failed"),
    };
    floor()
        .arg("check")
        .assert()
        .code(code)
        .stdout(predicate::str::contains(verdict));
}

#[test]
fn default_edition_follows_the_ui_language() {
    for (lang, edition) in [
        ("nl", "onk-2023-nl"),
        ("de", "tda-2015-de"),
        ("sk", "tda-2019-sk"),
        ("en", "dpc-2019-en"),
    ] {
        assert_eq!(json(&["rule", "43", "--lang", lang])["edition"], edition);
    }
    let rule: Value = serde_json::from_slice(
        &floor()
            .env("LANG", "de_DE.UTF-8")
            .args(["rule", "43", "--json"])
            .assert()
            .success()
            .get_output()
            .stdout,
    )
    .expect("json");
    assert_eq!(rule["edition"], "tda-2015-de");
}

fn fails_with(args: &[&str], needle: &str) {
    let stderr = one_line_error(floor().args(args));
    assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
}

#[test]
fn unknown_edition_is_one_line_with_the_nearest() {
    fails_with(
        &["rule", "43", "--rules", "onk-2023"],
        "unknown edition `onk-2023` (nearest: onk-2023-nl",
    );
}

#[test]
fn missing_rule_number_is_one_line_with_the_nearest() {
    fails_with(
        &["rule", "99", "--rules", "onk-2023-nl"],
        "onk-2023-nl has no rule `99` (nearest: 71",
    );
    fails_with(
        &["rule", "48", "--rules", "tda-2019-sk"],
        "tda-2019-sk has no rule `48` (nearest: 47, 49",
    );
    fails_with(
        &["rule", "43-Z", "--rules", "dpc-2019-en"],
        "rule 43 has no part `Z`",
    );
}

#[test]
fn unknown_concept_is_one_line_with_the_nearest() {
    fails_with(
        &["rule", "raise-amount"],
        "unknown rule or concept `raise-amount` (nearest: raise-amounts",
    );
}

#[test]
fn malformed_data_trees_are_one_line_errors() {
    let _empty_dir = crate::common::scratch_dir();
    let empty = _empty_dir.path().to_path_buf();
    fails_with(
        &["rule", "43", "--data", empty.to_str().unwrap_or("")],
        "has no locales/ folder",
    );
    fails_with(
        &["rule", "43", "--data", "/nonexistent/floor-data"],
        "is not a directory",
    );

    let _broken_dir = crate::common::scratch_dir();
    let broken = _broken_dir.path().to_path_buf();
    std::fs::create_dir_all(broken.join("locales/en")).expect("mkdir");
    std::fs::write(
        broken.join("locales/en/ui.yaml"),
        "default_edition: x\neditions: [unclosed\n",
    )
    .expect("write");
    fails_with(
        &["rule", "43", "--data", broken.to_str().unwrap_or("")],
        "ui.yaml:",
    );

    // A text declared twice is refused, not silently replaced by the last.
    let _twice_dir = crate::common::scratch_dir();
    let twice = _twice_dir.path().to_path_buf();
    std::fs::create_dir_all(twice.join("locales/en")).expect("mkdir");
    std::fs::write(
        twice.join("locales/en/ui.yaml"),
        "params:\n  fouled_deck: \"one\"\n  fouled_deck: \"two\"\n",
    )
    .expect("write");
    fails_with(
        &["rule", "43", "--data", twice.to_str().unwrap_or("")],
        "ui.yaml:3:3:",
    );
    fails_with(
        &["rule", "43", "--data", twice.to_str().unwrap_or("")],
        "fouled_deck",
    );
}

/// Tables and text fit a 60-column terminal.
#[test]
fn human_output_fits_sixty_columns() {
    let log = crate::common::ScratchFile::new("log.jsonl");
    log_one_ruling(&log);
    let log = log.display().to_string();
    let commands: Vec<Vec<&str>> = vec![
        vec!["editions"],
        vec!["rule", "43", "--rules", "onk-2023-nl"],
        vec!["rule", "raise-amounts", "--all"],
        vec!["search", "chip race", "--all-editions"],
        vec!["search", "vier kaarten"],
        vec!["compare", "onk-2023-nl", "pokerpunt-nl"],
        vec![
            "compare",
            "onk-2023-nl",
            "pokerpunt-nl",
            "--concept",
            "calling-clock",
        ],
        vec![
            "incident",
            "bet",
            "--answer",
            "facing=1200",
            "--answer",
            "last_raise=800",
            "--answer",
            "chips=5000",
        ],
        vec![
            "incident",
            "split-pot",
            "--answer",
            "pot=1025",
            "--answer",
            "winners=2,7",
            "--answer",
            "button=5",
        ],
        vec!["incident", "--list"],
        vec!["check"],
        vec!["log", "show", "--log", &log],
    ];
    for args in commands {
        // The bundled data's own findings are the fast test's; here only
        // their width counts.
        let failing = args == ["check"] && !bundled_findings().is_empty();
        let out = floor()
            .env("COLUMNS", "60")
            .args(&args)
            .assert()
            .code(if failing { 2 } else { 0 })
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8_lossy(&out);
        // A finding is one `FILE: message` line, as a compiler writes it,
        // for grep and editors: the bundled data's own are left as they are.
        let finding = |line: &str| {
            failing
                && bundled_findings().iter().any(|f| {
                    f["file"]
                        .as_str()
                        .is_some_and(|file| line.starts_with(&format!("{file}: ")))
                })
        };
        for line in text.lines().filter(|l| !finding(l)) {
            assert!(
                line.chars().count() <= 60,
                "{args:?}: {} columns: {line}",
                line.chars().count()
            );
        }
    }
}

#[test]
fn errors_speak_the_ui_language() {
    for (lang, start, words) in [
        ("nl", "fout: ", "heeft geen regel `99`"),
        ("de", "Fehler: ", "hat keine Regel `99`"),
        ("sk", "chyba: ", "nemá pravidlo `99`"),
        ("en", "error: ", "has no rule `99`"),
    ] {
        let stderr = one_line_error(floor().args(["rule", "99", "--lang", lang]));
        assert!(
            stderr.starts_with(start) && stderr.contains(words),
            "{lang}: {stderr}"
        );
    }
}

#[test]
fn man_page_and_version() {
    floor()
        .arg("man")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH floor 1"));
    floor().arg("--version").assert().success().stdout(
        predicate::str::contains("onk-2023-nl").and(predicate::str::contains("dpc-2019-en")),
    );
    floor()
        .args(["incident", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:"));
}

/// The rule numbers of a search's hits, as `edition number`.
fn hit_ids(hits: &Value) -> Vec<String> {
    hits.as_array()
        .expect("array")
        .iter()
        .map(|h| {
            format!(
                "{} {}",
                h["edition"].as_str().unwrap_or(""),
                h["number"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn search_finds_the_topic_by_its_floor_words() {
    for (query, edition, first) in [
        ("Uhr", "tda-2015-de", "27"),
        ("hodiny", "tda-2019-sk", "29"),
        ("ondercall", "onk-2023-nl", "51"),
        ("undercall", "onk-2023-nl", "51"),
        ("dode button", "onk-2023-nl", "32"),
        ("misdael", "onk-2023-nl", "35"),
        ("Mindesterhöhung", "tda-2015-de", "43"),
        ("Wechselgeld", "tda-2015-de", "56"),
        ("Karte zu früh", "tda-2015-de", "36"),
        ("Hoehe des Raises", "tda-2015-de", "43"),
        ("chip race", "tda-2019-sk", "24"),
        ("žetón vyššej hodnoty", "tda-2019-sk", "44"),
        ("penalties", "onk-2023-nl", "71"),
        ("one chip call", "dpc-2019-en", "44"),
        ("chop", "dpc-2019-en", "20"),
    ] {
        assert_first_hit_is_own_rule(query, edition, first);
    }
}

/// Searched in `edition`, `query` finds that edition's rule `number` first,
/// not another edition's (no `fallback`).
fn assert_first_hit_is_own_rule(query: &str, edition: &str, number: &str) {
    let hits = json(&["search", query, "--rules", edition]);
    assert_eq!(
        hit_ids(&hits).first().map(String::as_str),
        Some(format!("{edition} {number}").as_str()),
        "{query}: {hits}"
    );
    assert!(hits[0].get("fallback").is_none(), "{query}: {hits}");
}

#[test]
fn search_reads_inflections_and_whole_words() {
    let stavka = hit_ids(&json(&["search", "stávka", "--rules", "tda-2019-sk"]));
    let stavok = hit_ids(&json(&["search", "stávok", "--rules", "tda-2019-sk"]));
    assert!(!stavka.is_empty());
    assert_eq!(stavka, stavok);
    // A short word is a word, not the start of another ("kto", "ktorý").
    let (kto, _) = json_exit(&["search", "kto", "--rules", "tda-2019-sk", "--limit", "100"]);
    for hit in kto.as_array().expect("array") {
        let snippet = hit["snippet"].as_str().unwrap_or("").to_lowercase();
        assert!(
            snippet
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == "kto"),
            "{hit}"
        );
    }
}

#[test]
fn search_in_every_edition_finds_the_topic_in_every_language() {
    let hits = json(&["search", "string bet", "--all-editions"]);
    let string_bets: Vec<&str> = hits
        .as_array()
        .expect("array")
        .iter()
        .filter(|h| h["concept"] == "string-bets")
        .filter_map(|h| h["edition"].as_str())
        .collect();
    assert_eq!(string_bets.len(), 5, "{hits}");
    let hits = json(&["search", "Uhr", "--all-editions"]);
    let clock = hits
        .as_array()
        .expect("array")
        .iter()
        .filter(|h| h["concept"] == "calling-clock")
        .count();
    assert_eq!(clock, 5, "{hits}");
}

#[test]
fn search_marks_the_hits_from_other_editions() {
    // dpc-2019-en has no rule on the ante format: it does not cover the
    // query (exit 1, as grep); the editions that do come first, marked.
    let (hits, code) = json_exit(&["search", "BB ante", "--rules", "dpc-2019-en"]);
    assert_eq!(code, 1, "{hits}");
    let hits = hits.as_array().expect("array");
    assert_eq!(hits[0]["concept"], "no-ante-reduction");
    assert_eq!(hits[0]["fallback"], true);
    for hit in hits {
        assert_eq!(
            hit["fallback"] == true,
            hit["edition"] != "dpc-2019-en",
            "{hit}"
        );
        // An answer from another edition is not a nearby topic.
        assert!(
            hit["fallback"] != true || hit.get("nearest").is_none(),
            "{hit}"
        );
    }
    let text = stdout_not_covered(&["search", "BB ante", "--rules", "dpc-2019-en"]);
    assert!(
        text.starts_with("Not covered by dpc-2019-en: no rule answers \"BB ante\"."),
        "{text}"
    );
    assert!(
        text.contains("(no rule on this topic in dpc-2019-en)"),
        "{text}"
    );
    // A query in another language finds the edition's own rule on its
    // topic: Slovak "zamýšľal" (intended) is in the Slovak rule on unclear
    // bets, and dpc-2019-en has that topic.
    let hits = json(&["search", "zamýšľal", "--rules", "dpc-2019-en"]);
    assert_eq!(hits[0]["edition"], "dpc-2019-en", "{hits}");
    assert_eq!(hits[0]["concept"], "unclear-bets", "{hits}");
    assert!(hits[0].get("fallback").is_none(), "{hits}");
    // A hit of the edition in use, or of --all-editions, has no key.
    for args in [
        vec!["search", "undercall", "--rules", "onk-2023-nl"],
        vec!["search", "undercall", "--all-editions"],
    ] {
        let hits = json(&args);
        assert!(
            hits.as_array()
                .expect("array")
                .iter()
                .all(|h| h.get("fallback").is_none() && h.get("nearest").is_none()),
            "{args:?}: {hits}"
        );
    }
}

#[test]
fn search_refuses_an_overlong_query_at_once() {
    let long = "a".repeat(201);
    fails_with(&["search", &long], "201 characters, more than 200");
    let stderr = one_line_error(floor().args(["search", &long, "--lang", "nl"]));
    assert!(stderr.contains("201 tekens"), "{stderr}");
    // 60,000 words (as many arguments, joined): refused for its length,
    // before any search (how fast is measured by benches/run.sh, not here).
    let stderr = one_line_error(
        floor()
            .arg("search")
            .args(std::iter::repeat_n("chip", 60_000))
            .arg("--all-editions"),
    );
    assert!(stderr.contains("more than 200"), "{stderr}");
    // The longest query accepted, of words no text has: nothing matches.
    let unknown: Vec<String> = (0..33).map(|i| format!("qx{i:03}")).collect();
    floor()
        .arg("search")
        .args(&unknown)
        .arg("--all-editions")
        .assert()
        .code(1);
}

/// The topics a search answers with where an edition lacks one, at the
/// two places they are written: a topic the vocabulary says is decided
/// otherwise, and a rule said to speak to another topic too, must each name
/// a topic that exists and that the rule's edition has no rule on; a topic
/// answered by itself is named as such.
#[test]
fn check_refuses_a_topic_answered_otherwise_that_does_not_exist() {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    crate::common::copy_bundled_tree(&dir);
    let replace_in = |file: &str, from: &str, to: &str| {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).expect(file);
        assert!(text.contains(from), "{file}: {from}");
        std::fs::write(&path, text.replace(from, to)).expect("write");
    };
    replace_in(
        "locales/concepts.yaml",
        "otherwise: [hand-for-hand]",
        "otherwise: [hand-for-hand, handje-voor-handje]",
    );
    replace_in(
        "locales/concepts.yaml",
        "otherwise: [final-table-size]",
        "otherwise: [final-table-size, mec-final-table-players]",
    );
    replace_in(
        "locales/de/tda-2015-de.yaml",
        "also: [premature-cards]",
        "also: [premature-cards, misdeals]",
    );
    let out = check_refuses(
        &dir,
        &[
            "locales/concepts.yaml: concept `handje-voor-handje` is not in locales/concepts.yaml",
            "locales/concepts.yaml: concept `mec-final-table-players`: `otherwise` names the concept itself",
            "rule 36: `also` names `misdeals`",
        ],
    );
    assert!(!out.contains("`premature-cards`"), "{out}");
    assert!(
        !out.contains("`mec-final-table-players` is not in"),
        "{out}"
    );
}

/// `floor check --data dir` refuses the tree (exit 2) and says every one of
/// `needles`; what it printed.
fn check_refuses(dir: &std::path::Path, needles: &[&str]) -> String {
    let out = floor()
        .args(["check", "--data", &dir.display().to_string()])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8_lossy(&out).into_owned();
    for needle in needles {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    out
}

/// Where an edition has no rule on the topic a question is about, its rule
/// that decides the same questions answers, not another edition's rule:
/// the TDA 2019 hand-for-hand procedure for a question on the ONK house
/// rule's matter, the TDA 2015 four-card-flop rule (which sends every card
/// dealt too early to the procedure on premature cards) for premature
/// cards.
#[test]
fn a_topic_the_edition_lacks_is_answered_by_its_rule_that_decides_it() {
    for (query, edition, first) in [
        (
            "drie spelers gaan in dezelfde hand eruit tijdens hand for hand, hoe wordt het prijzengeld verdeeld",
            "tda-2019-sk",
            "OP-8",
        ),
        (
            "der Dealer hat den Turn zu früh aufgedeckt, was jetzt",
            "tda-2015-de",
            "36",
        ),
    ] {
        assert_first_hit_is_own_rule(query, edition, first);
    }
}

#[test]
fn check_validates_and_counts_the_lexicons() {
    let report = check_adds_nothing(&["check"]);
    let lexicon = report["lexicon"].as_array().expect("lexicon counts");
    assert_eq!(lexicon.len(), 4);
    let concepts = store().concepts().expect("concepts").len();
    for lang in lexicon {
        // Every concept has words in every language.
        assert_eq!(lang["concepts"], concepts, "{lang}");
        assert!(lang["terms"].as_u64().unwrap_or(0) >= 400, "{lang}");
        // And example questions in every language.
        assert!(lang["questions"].as_u64().unwrap_or(0) >= 2000, "{lang}");
    }
    // A --data tree whose lexicon names an unknown concept or an empty term.
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    crate::common::copy_bundled_tree(&dir);
    std::fs::write(
        dir.join("locales/nl/lexicon.yaml"),
        "stop_words: [de]\nconcepts:\n  klokje: [klok]\n  calling-clock: [\"\", klok, Klok]\nnot_covered:\n  penalties: [straf]\n",
    )
    .expect("write");
    // ... and whose example questions do the same, or name an uncovered
    // topic its lexicon does not list.
    std::fs::write(
        dir.join("locales/nl/questions.yaml"),
        "questions:\n  klokje: [\"mag ik de klok vragen\"]\n  calling-clock: [\"\", \"hij zit te kwakkelen\", \"Hij zit te kwakkelen!\"]\nnot_covered:\n  tipping: [\"fooi geven\"]\n",
    )
    .expect("write");
    check_refuses(
        &dir,
        &[
            "locales/nl/lexicon.yaml: concept `klokje` is not in locales/concepts.yaml",
            "`calling-clock` has an empty term",
            "`calling-clock` lists `Klok` twice",
            "`penalties` is listed under not_covered but is a concept of locales/concepts.yaml",
            "locales/nl/questions.yaml: concept `klokje` is not in locales/concepts.yaml",
            "locales/nl/questions.yaml: `calling-clock` has an empty term",
            "locales/nl/questions.yaml: `calling-clock` lists `Hij zit te kwakkelen!` twice",
            "locales/nl/questions.yaml: `tipping` is not listed under not_covered in this language's lexicon",
        ],
    );
    // The tree's own lexicon is the one searched.
    let hits = json(&[
        "search",
        "klok",
        "--data",
        &dir.display().to_string(),
        "--rules",
        "dpc-2019-en",
    ]);
    assert_eq!(hits[0]["concept"], "calling-clock", "{hits}");
    // ... and its own example questions: a word only one of them says.
    let hits = json(&[
        "search",
        "kwakkelen",
        "--data",
        &dir.display().to_string(),
        "--rules",
        "onk-2023-nl",
    ]);
    assert_eq!(hits[0]["concept"], "calling-clock", "{hits}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn search_says_when_no_rule_covers_the_query() {
    // A topic no rulebook has: said by its name in the UI language, exit 1
    // (as grep), the nearest topics offered only as such.
    for (query, edition, lang, said) in [
        (
            "Rauchen am Tisch",
            "tda-2015-de",
            "de",
            "Nicht geregelt in tda-2015-de: keine Regel zu Rauchen.",
        ),
        (
            "fooi voor de dealer",
            "onk-2023-nl",
            "nl",
            "Niet geregeld in onk-2023-nl: geen regel over fooi voor de dealer.",
        ),
        (
            "bounty za vyradenie hráča",
            "tda-2019-sk",
            "sk",
            "Vydanie tda-2019-sk to nerieši: žiadne pravidlo na tému bounty",
        ),
        (
            "can players tip the dealer",
            "dpc-2019-en",
            "en",
            "Not covered by dpc-2019-en: no rule on tips for the dealer.",
        ),
    ] {
        let args = ["search", query, "--rules", edition, "--lang", lang];
        let text = stdout_not_covered(&args);
        assert!(text.starts_with(said), "{query}: {text}");
        let (hits, code) = json_exit(&args);
        assert_eq!(code, 1);
        for hit in hits.as_array().expect("array") {
            assert_eq!(hit["nearest"], true, "{query}: {hit}");
        }
    }
    let text = stdout_not_covered(&["search", "straddle", "--all-editions"]);
    assert!(
        text.starts_with("Not covered by any edition: no rule on straddles."),
        "{text}"
    );
    // Words nothing says: no rule matches.
    assert_eq!(
        stdout_not_covered(&["search", "flapdrol", "--rules", "onk-2023-nl"]),
        "No rule matches \"flapdrol\".\n"
    );
}

#[test]
fn search_answers_whole_questions_word_forms_and_other_languages() {
    // The queries of the issue that asked for it: the edition's rule on
    // the topic comes first, unflagged.
    for (query, edition, concept) in [
        ("meerwaardechip", "onk-2023-nl", "oversized-chip"),
        (
            "meerwaardechip gegooid zonder iets te zeggen",
            "onk-2023-nl",
            "oversized-chip",
        ),
        ("chiprace", "onk-2023-nl", "chip-race"),
        ("doen jullie een chiprace", "onk-2023-nl", "chip-race"),
        ("verlassen", "tda-2015-de", "at-table-action-pending"),
        ("verlässt", "tda-2015-de", "at-table-action-pending"),
        ("kloppen", "onk-2023-nl", "official-terminology"),
        ("klopt", "onk-2023-nl", "official-terminology"),
        ("telefonieren", "tda-2015-de", "electronic-devices"),
        (
            "undercall heads up",
            "dpc-2019-en",
            "binding-declarations-undercalls",
        ),
        ("odíde", "tda-2019-sk", "at-table-action-pending"),
        ("50% raise rule", "dpc-2019-en", "raise-amounts"),
        ("ratholing", "dpc-2019-en", "chips-out-of-view"),
        ("angle shooting", "dpc-2019-en", "ethical-play"),
        ("tanken", "onk-2023-nl", "calling-clock"),
        // German in the Slovak edition: its own rule, not a fallback.
        ("Uhr", "tda-2019-sk", "calling-clock"),
        ("toter Button", "tda-2019-sk", "dead-button"),
    ] {
        let hits = json(&["search", query, "--rules", edition]);
        assert_eq!(hits[0]["edition"], edition, "{query}: {hits}");
        assert_eq!(hits[0]["concept"], concept, "{query}: {hits}");
        assert!(
            hits[0].get("fallback").is_none() && hits[0].get("nearest").is_none(),
            "{query}: {hits}"
        );
    }
}
