//! House overlays through the real binary: one validation path for
//! loading and `floor check --house`, chains of overlays, rules marked not
//! applicable, two house versions compared, and what a house changed with
//! its warnings.

use std::path::Path;

use serde_json::{Value, json};

use crate::common::{ScratchFile, floor, json, one_line_error, stdout};

const CLUB_2024: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-clock-40.yaml");
const CLUB_2025: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-2025.yaml");
const WARNINGS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/overlays/warnings.yaml"
);

const HEAD: &str = "extends: onk-2023-nl\ntitle: Club X\nhouse: Club X\n";

/// Writes an overlay into a directory of its own and returns its path.
fn overlay(name: &str, text: &[u8]) -> ScratchFile {
    let path = ScratchFile::new(name);
    std::fs::write(&path, text).expect("write");
    path
}

fn with_head(name: &str, id: &str, rest: &str) -> ScratchFile {
    overlay(name, format!("id: {id}\n{HEAD}{rest}").as_bytes())
}

/// `floor check --house FILE` and `floor rule 29 --house FILE` refuse it
/// alike, naming the file and the position.
fn refused(path: &Path, needle: &str) {
    for args in [vec!["check"], vec!["rule", "29"]] {
        let stderr = one_line_error(floor().args(&args).arg("--house").arg(path));
        assert!(
            stderr.contains(&format!("{}:", path.display())),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains(needle),
            "{args:?}: {needle:?} not in {stderr}"
        );
    }
}

#[test]
fn ids_numbers_and_concepts_out_of_their_grammar_are_refused_where_they_stand() {
    refused(
        &overlay("empty-id.yaml", format!("id: \"\"\n{HEAD}").as_bytes()),
        ":1:5: id: id `` is not an edition id",
    );
    refused(
        &overlay(
            "esc-id.yaml",
            format!("id: \"club\\e]0;PWNED\\a\"\n{HEAD}").as_bytes(),
        ),
        "is not an edition id",
    );
    refused(
        &with_head(
            "empty-concept.yaml",
            "club-x",
            "add:\n  - number: CLUB-1\n    concept: \"\"\n    title: t\n    text: x\n",
        ),
        ":7:14: add[0].concept: concept `` is not a slug",
    );
    refused(
        &with_head(
            "long-number.yaml",
            "club-x",
            "add:\n  - number: CLUB-99999999999\n    concept: club-a\n    title: t\n    text: x\n",
        ),
        ":6:13: add[0].number: `CLUB-99999999999` is not a rule number",
    );
    refused(
        &with_head(
            "two-concept.yaml",
            "club-x",
            "add:\n  - number: CLUB-1\n    concept: club-a\n    title: t\n    text: x\n  - number: CLUB-2\n    concept: club-a\n    title: u\n    text: y\n",
        ),
        ":11:14: add[1].concept: concept `club-a` belongs to a rule already",
    );
    refused(
        &with_head(
            "two-entries.yaml",
            "club-x",
            "rules:\n  - number: \"29\"\n    params: {clock_seconds: 40}\n  - number: \"29\"\n    params: {clock_seconds: 60}\n",
        ),
        ":8:13: rules[1].number: rule `29` is changed twice",
    );
    refused(
        &with_head(
            "bad-cite.yaml",
            "club-x",
            "rules:\n  - number: \"29\"\n    text: \"Zie Regel 99.\"\n",
        ),
        "rule 29: its text cites rule 99, which club-x does not have",
    );
    refused(
        &with_head(
            "bad-provision.yaml",
            "club-x",
            "rules:\n  - number: \"29\"\n    provisions: {clock-tim: \"25 seconden\"}\n",
        ),
        "unknown provision `clock-tim` (nearest: clock-time",
    );
    refused(
        &with_head(
            "bad-span.yaml",
            "club-x",
            "rules:\n  - number: \"29\"\n    provisions: {clock-time: \"41 seconden\"}\n",
        ),
        "the span of `clock-time` is not in the rule's text",
    );
    // A parameter with no value would leave the edition's standing.
    for empty in ["~", "null", ""] {
        refused(
            &with_head(
                "empty-param.yaml",
                "club-x",
                &format!("rules:\n  - number: \"29\"\n    params:\n      clock_seconds: {empty}\n"),
            ),
            "rules[0].params.clock_seconds: has no value: give one, or leave the line out",
        );
    }
}

#[test]
fn numbers_in_any_spelling_of_the_command_line() {
    // A lower-case house number is stored as it is looked up.
    let path = with_head(
        "lower.yaml",
        "club-x",
        "add:\n  - number: club-1\n    concept: club-a\n    title: t\n    text: x\n",
    );
    let rule = json(&[
        "rule",
        "club-1",
        "--house",
        path.to_str().unwrap_or_default(),
    ]);
    assert_eq!(rule["number"], "CLUB-1");
    // RP5 names RP-5, as on the command line.
    let path = with_head(
        "rp5.yaml",
        "club-x",
        "rules:\n  - number: RP5\n    title: Te vroege kaarten (club)\n",
    );
    let rule = json(&["rule", "RP-5", "--house", path.to_str().unwrap_or_default()]);
    assert_eq!(rule["title"], "Te vroege kaarten (club)");
}

#[test]
fn a_part_label_matches_whatever_its_case() {
    let path = with_head(
        "part.yaml",
        "club-x",
        "rules:\n  - number: \"11\"\n    parts:\n      - label: b\n        text: Bij ons wordt ook stud gebalanceerd.\n",
    );
    let rule = json(&["rule", "11", "--house", path.to_str().unwrap_or_default()]);
    let parts: Vec<(&str, &str)> = rule["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| {
            (
                p["label"].as_str().unwrap_or(""),
                p["text"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(parts.len(), 4, "{parts:?}");
    assert_eq!(parts[1], ("B", "Bij ons wordt ook stud gebalanceerd."));
}

#[test]
fn a_replaced_text_cites_what_it_cites() {
    let path = with_head(
        "refs.yaml",
        "club-x",
        "rules:\n  - number: \"29\"\n    text: \"Na een redelijke tijd mag de toernooileiding de klok zetten (zie Regel 30 en RP-19).\"\n",
    );
    let rule = json(&["rule", "29", "--house", path.to_str().unwrap_or_default()]);
    assert_eq!(rule["refs"], json!(["30", "RP-19"]));
}

#[test]
fn a_byte_order_mark_is_not_content() {
    let mut text = b"\xef\xbb\xbf".to_vec();
    text.extend_from_slice(
        format!("id: club-x\n{HEAD}rules:\n  - number: \"29\"\n    title: Klok (club)\n")
            .as_bytes(),
    );
    let path = overlay("bom.yaml", &text);
    let rule = json(&["rule", "29", "--house", path.to_str().unwrap_or_default()]);
    assert_eq!(rule["title"], "Klok (club)");
}

/// `--rules` names the edition the overlay builds on: the overlay is used,
/// and a note says so. An unclear "five" with 5000 in the pot is the
/// house's 5000, not ONK's 500.
#[test]
fn rules_and_house_together_agree_or_are_refused() {
    let answers = [
        "--answer",
        "pot=5000",
        "--answer",
        "declared_number=5",
        "--answer",
        "big_blind=400",
    ];
    let mut args = vec![
        "incident",
        "unclear-bet",
        "--rules",
        "onk-2023-nl",
        "--house",
        CLUB_2025,
    ];
    args.extend(answers);
    args.push("--json");
    let out = floor().args(&args).assert().success().get_output().clone();
    let ruling: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(ruling["edition"], "club-de-kaart-2025");
    assert_eq!(ruling["amounts"]["total"], 5000);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("builds on onk-2023-nl"), "{stderr}");
    // The overlay's own id agrees too, without a note.
    let mut args = vec![
        "incident",
        "unclear-bet",
        "--rules",
        "club-de-kaart-2025",
        "--house",
        CLUB_2025,
    ];
    args.extend(answers);
    let out = floor().args(&args).assert().success().get_output().clone();
    assert!(out.stderr.is_empty());
    // An unrelated edition with the overlay, both on the command line.
    let mut args = vec![
        "incident",
        "unclear-bet",
        "--rules",
        "tda-2019-sk",
        "--house",
        CLUB_2025,
    ];
    args.extend(answers);
    let stderr = one_line_error(floor().args(&args));
    assert!(
        stderr.contains("builds on onk-2023-nl, but the edition named is tda-2019-sk"),
        "{stderr}"
    );
}

#[test]
fn an_overlay_extends_another_and_marks_a_rule_not_applicable() {
    // 2025 keeps the 40 s clock of 2024 and adds its own changes.
    let r = json(&[
        "incident",
        "clock",
        "--house",
        CLUB_2025,
        "--answer",
        "facing_bet=yes",
    ]);
    assert_eq!(r["edition"], "club-de-kaart-2025");
    assert_eq!(r["amounts"]["seconds"], 40);
    let c = json(&[
        "compare",
        "onk-2023-nl",
        "club-de-kaart-2025",
        "--house",
        CLUB_2025,
    ]);
    let ante = c["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["concept"] == "no-ante-reduction"))
        .expect("the ante row");
    assert!(
        ante["flags"]
            .as_array()
            .is_some_and(|f| f.contains(&json!("not-applicable")))
    );
    // A cycle of extends is refused (the two files side by side).
    let cycle = crate::common::scratch_dir();
    let a = cycle.path().join("cycle-a.yaml");
    std::fs::write(
        &a,
        "id: club-a\nextends: cycle-b.yaml\ntitle: A\nhouse: A\n",
    )
    .expect("write");
    std::fs::write(
        cycle.path().join("cycle-b.yaml"),
        "id: club-b\nextends: cycle-a.yaml\ntitle: B\nhouse: B\n",
    )
    .expect("write");
    let stderr = one_line_error(floor().args(["rule", "29", "--house"]).arg(&a));
    assert!(stderr.contains("extends itself"), "{stderr}");
}

#[test]
fn two_house_versions_compared() {
    let c = json(&["compare", CLUB_2024, CLUB_2025]);
    assert_eq!(
        (c["a"].as_str(), c["b"].as_str()),
        (Some("club-de-kaart-2024"), Some("club-de-kaart-2025"))
    );
    let changed: Vec<&str> = c["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["status"] != "same")
        .filter_map(|r| r["concept"].as_str())
        .collect();
    assert_eq!(changed, ["unclear-bets", "no-ante-reduction"]);
    assert_eq!(
        c["rows"][0]["params"],
        json!({}),
        "rows keep their order: floor-decisions first, unchanged"
    );
}

#[test]
fn what_the_house_changed_with_every_warning() {
    let c = json(&["compare", "--house", WARNINGS]);
    assert_eq!(
        (c["a"].as_str(), c["b"].as_str()),
        (Some("onk-2023-nl"), Some("club-warnings"))
    );
    let kinds: Vec<&str> = c["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter_map(|w| w["kind"].as_str())
        .collect();
    for kind in [
        "stale-text",
        "unread",
        "two-entries",
        "unmatched-part",
        "lost-provision",
    ] {
        assert!(kinds.contains(&kind), "{kind} not in {kinds:?}");
    }
    let text = stdout(&["compare", "--house", WARNINGS]);
    assert!(
        text.starts_with("club-warnings: what Club W changed against onk-2023-nl"),
        "{text}"
    );
    assert!(
        text.contains("rule 29: Clock: seconds in all changed, but the text still says"),
        "{text}"
    );
    // The example overlay states what its new text states: no warning.
    let clean = json(&["compare", "--house", CLUB_2024]);
    assert_eq!(clean["warnings"], json!([]));
}
