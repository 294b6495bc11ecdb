//! `floor compare` and house overlays through the real binary.

use serde_json::{Value, json};

use crate::common::{floor, json, one_line_error, stdout};

const OVERLAY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-clock-40.yaml");

fn row<'a>(c: &'a Value, concept: &str) -> &'a Value {
    c["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["concept"] == concept))
        .unwrap_or_else(|| panic!("no row for {concept}"))
}

#[test]
fn onk_against_pokerpunt_rows_and_summary() {
    let c = json(&["compare", "onk-2023-nl", "pokerpunt-nl"]);
    assert_eq!(
        (c["a"].as_str(), c["b"].as_str()),
        (Some("onk-2023-nl"), Some("pokerpunt-nl"))
    );
    let raise = row(&c, "raise-amounts");
    assert_eq!(
        raise["a"],
        json!({"number": "43", "title": "Raise amounts"})
    );
    assert_eq!(raise["b"], json!({"number": "47", "title": "Raises"}));
    assert_eq!(raise["status"], "changed");
    let clock = row(&c, "calling-clock");
    assert_eq!(
        clock["params"],
        json!({"clock_tie_to_player": {"a": null, "b": true}})
    );
    let unclear = row(&c, "unclear-bets");
    assert_eq!(unclear["a"]["number"], "57");
    assert_eq!(unclear["b"]["number"], "57");
    assert_eq!(unclear["status"], "changed");
    assert!(
        unclear["compared"]
            .as_array()
            .is_some_and(|c| c.contains(&json!("text")))
    );
    // House rules exist on one side only.
    assert_eq!(row(&c, "mec-two-deck-new-hand")["status"], "only-a");
    assert_eq!(row(&c, "club-minimum-age")["status"], "only-b");
    // The summary counts the rows.
    let rows = c["rows"].as_array().map(Vec::len).unwrap_or(0);
    let s = &c["summary"];
    let total: u64 = ["same", "renumbered", "changed", "only_a", "only_b"]
        .iter()
        .filter_map(|k| s[*k].as_u64())
        .sum();
    assert_eq!(total as usize, rows);
}

#[test]
fn summary_line_comes_first_in_human_output() {
    let text = stdout(&["compare", "onk-2023-nl", "pokerpunt-nl"]);
    let first = text.lines().next().unwrap_or("");
    assert!(first.starts_with("onk-2023-nl vs pokerpunt-nl:"), "{first}");
    assert!(
        first.contains("changed") && first.contains("renumbered"),
        "{first}"
    );
}

#[test]
fn word_diff_of_a_changed_rule_in_the_same_language() {
    let c = json(&[
        "compare",
        "onk-2023-nl",
        "pokerpunt-nl",
        "--concept",
        "calling-clock",
    ]);
    let pieces = c["rows"][0]["diff"].as_array().expect("a diff");
    assert!(pieces.iter().any(|p| p["tag"] == "delete"));
    assert!(pieces.iter().any(|p| p["tag"] == "insert"));
    // Plain text marks the changes; colour is only for terminals.
    floor()
        .args([
            "compare",
            "onk-2023-nl",
            "pokerpunt-nl",
            "--concept",
            "calling-clock",
        ])
        .assert()
        .success()
        .stdout(predicates::str::contains("[-").and(predicates::str::contains("{+")));
    // Across languages texts are not diffed.
    let c = json(&[
        "compare",
        "onk-2023-nl",
        "tda-2019-sk",
        "--concept",
        "calling-clock",
    ]);
    assert!(c["rows"][0]["diff"].is_null());
    assert!(
        !c["rows"][0]["compared"]
            .as_array()
            .is_some_and(|a| a.contains(&json!("text")))
    );
}

use predicates::prelude::PredicateBooleanExt;

/// TDA 2015 numbered the betting rules 37-57; TDA 2019 moved them to 40-62.
#[test]
fn tda_2015_against_2019_shows_the_betting_renumbering_and_the_clock() {
    let c = json(&["compare", "tda-2015-de", "tda-2019-sk"]);
    let pairs = [
        ("methods-of-betting", "37", "40"),
        ("acting-in-turn", "38", "50"),
        ("binding-declarations-undercalls", "39", "51"),
        ("action-out-of-turn", "40", "53"),
        ("methods-of-calling", "41", "41"),
        ("methods-of-raising", "42", "42"),
        ("raise-amounts", "43", "43"),
        ("reopening-betting", "44", "47"),
        ("oversized-chip", "45", "44"),
        ("multiple-chips", "46", "45"),
        ("prior-bet-chips", "47", "46"),
        ("accepted-action", "49", "49"),
        ("pot-size-pot-limit", "50", "54"),
        ("string-bets", "51", "56"),
        ("unclear-bets", "52", "57"),
        ("non-standard-folds", "53", "58"),
        ("conditional-declarations", "54", "59"),
        ("chip-count", "55", "60"),
        ("over-betting-change", "56", "61"),
        ("chips-found-behind", "57", "62"),
    ];
    for (concept, a, b) in pairs {
        let r = row(&c, concept);
        assert_eq!(
            (r["a"]["number"].as_str(), r["b"]["number"].as_str()),
            (Some(a), Some(b)),
            "{concept}"
        );
        if a != b {
            assert_ne!(r["status"], "same", "{concept}");
        }
    }
    // Number of raises (2015 rule 48) is missing from the Slovak text.
    assert_eq!(row(&c, "number-of-raises")["status"], "only-a");
    let clock = row(&c, "calling-clock");
    assert_eq!(clock["status"], "changed");
    assert_eq!(clock["params"]["clock_seconds"], json!({"a": 60, "b": 30}));
    assert_eq!(clock["params"]["clock_countdown"], json!({"a": 10, "b": 5}));
    assert_eq!(
        clock["params"]["clock_expiry_not_facing_bet"],
        json!({"a": "dead-hand", "b": "check"})
    );
}

#[test]
fn the_example_overlay_gives_40_seconds_and_cites_its_own_rule() {
    let r = json(&[
        "incident",
        "clock",
        "--house",
        OVERLAY,
        "--answer",
        "facing_bet=yes",
    ]);
    assert_eq!(r["edition"], "club-de-kaart-2024");
    assert_eq!(r["outcome"], "dead-hand");
    assert_eq!(r["amounts"]["seconds"], 40);
    assert_eq!(r["citations"][0]["edition"], "club-de-kaart-2024");
    assert_eq!(r["citations"][0]["number"], "29");
    assert!(
        r["citations"][0]["excerpt"]
            .as_str()
            .is_some_and(|t| t.contains("35 seconden"))
    );
    assert_eq!(r["house_notes"][0]["number"], "CLUB-1");
}

#[test]
fn the_overlay_is_an_edition_for_rule_and_search_too() {
    let rule = json(&["rule", "CLUB-1", "--house", OVERLAY]);
    assert_eq!(rule["edition"], "club-de-kaart-2024");
    let hits = json(&["search", "finaletafel klok", "--house", OVERLAY]);
    assert_eq!(hits[0]["number"], "CLUB-1");
    floor()
        .args(["check", "--house", OVERLAY])
        .assert()
        .success();
}

#[test]
fn comparing_the_overlay_with_its_base_shows_exactly_what_it_changed() {
    let c = json(&[
        "compare",
        "club-de-kaart-2024",
        "onk-2023-nl",
        "--house",
        OVERLAY,
    ]);
    let not_same: Vec<(&str, &str)> = c["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["status"] != "same")
        .map(|r| {
            (
                r["concept"].as_str().unwrap_or(""),
                r["status"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        not_same,
        [
            ("calling-clock", "changed"),
            ("club-final-table-clock", "only-a")
        ]
    );
    let clock = row(&c, "calling-clock");
    assert_eq!(
        clock["params"],
        json!({"clock_seconds": {"a": 40, "b": 30}})
    );
    assert!(
        clock["differs"]
            .as_array()
            .is_some_and(|d| d.contains(&json!("text")))
    );
}

fn overlay_fails(yaml: &str, needle: &str) {
    let dir = std::env::temp_dir().join(format!("floor-overlay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join(format!("{}.yaml", needle.len()));
    std::fs::write(&file, yaml).expect("write");
    let stderr = one_line_error(floor().args(["rule", "29", "--house"]).arg(&file));
    let at = format!("{}:", file.display());
    assert!(stderr.contains(&at), "names the file: {stderr}");
    assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
}

const HEAD: &str = "id: club-x\nextends: onk-2023-nl\ntitle: Club X\nhouse: Club X\n";

#[test]
fn malformed_overlays_are_one_line_errors_with_their_position() {
    overlay_fails(
        &format!("{HEAD}colour: red\n"),
        ":5:1: unknown field `colour`",
    );
    overlay_fails(
        &format!("{HEAD}rules:\n  - number: \"29\"\n    params:\n      clock_secs: 40\n"),
        ":8:7: rules[0].params: unknown field `clock_secs`",
    );
    overlay_fails(
        &format!("{HEAD}rules:\n  - number: \"99\"\n    text: x\n"),
        ":6:5: rules[0]: rule `99` does not exist",
    );
    overlay_fails(
        &format!(
            "{HEAD}add:\n  - number: \"MEC-2\"\n    concept: club-x\n    title: t\n    text: x\n"
        ),
        ":6:5: add[0]: number `MEC-2` is already used",
    );
    overlay_fails(
        &format!(
            "{HEAD}add:\n  - number: \"CLUB-1\"\n    concept: club-x\n    title: t\n    text: x\n    touches: [calling-clok]\n"
        ),
        "unknown concept `calling-clok` (nearest: calling-clock",
    );
    overlay_fails(&format!("{HEAD}rules: [unclosed\n"), ":6:");
    overlay_fails(
        "id: club-x\nextends: onk-2099\ntitle: t\nhouse: h\n",
        "extends: unknown edition `onk-2099`",
    );
}
