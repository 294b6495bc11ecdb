//! `floor editions`, `floor rule`, `floor search`, `floor check` through the
//! real binary.

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{floor, json, log_one_ruling, one_line_error};

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
    let hits = json(&["search", "vier kaarten"]);
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
    let hits = json(&["search", "ziva ruka"]);
    assert_eq!(hits[0]["edition"], "tda-2019-sk");
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
        .stdout(predicate::str::contains("\x1b[1;33mchip\x1b[0m"));
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
fn check_passes_on_the_bundled_data() {
    floor()
        .arg("check")
        .assert()
        .success()
        .stdout(predicate::str::contains("check passed"));
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
    let empty = tempdir();
    fails_with(
        &["rule", "43", "--data", empty.to_str().unwrap_or("")],
        "has no locales/ folder",
    );
    fails_with(
        &["rule", "43", "--data", "/nonexistent/floor-data"],
        "is not a directory",
    );

    let broken = tempdir();
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
}

fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "floor-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Tables and text fit a 60-column terminal.
#[test]
fn human_output_fits_sixty_columns() {
    let log = std::env::temp_dir().join(format!("floor-60-{}.jsonl", std::process::id()));
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
        let out = floor()
            .env("COLUMNS", "60")
            .args(&args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8_lossy(&out);
        for line in text.lines() {
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
