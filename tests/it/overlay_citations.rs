//! What a house text cites is read as the rulebooks write citations: an
//! example's label or a word like "Top-10" is no rule, and a citation the
//! edition prints wrong (its errata) still means what the erratum says in
//! every text the house left as printed.

use floor::rules::overlay;

use crate::common::{check_adds_nothing, floor, json_of, store};

fn overlay_text(extends: &str, rules: &str) -> String {
    format!("id: club-cites\nextends: {extends}\ntitle: T\nhouse: H\n{rules}")
}

/// `floor check --house` on `text` finds nothing the bundled data has not
/// (see [`check_adds_nothing`]), and the house is used.
fn check_passes(name: &str, text: &str) {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    check_adds_nothing(&["check".as_ref(), "--house".as_ref(), path.as_os_str()]);
    floor()
        .args(["rule", "1", "--house"])
        .arg(&path)
        .assert()
        .success();
}

#[test]
fn a_part_can_be_changed_beside_examples_labelled_ex_1() {
    // dpc-2019-en rule 45: part A holds the examples `Ex-1` and `Ex-2`.
    let text = overlay_text(
        "dpc-2019-en",
        "rules:\n  - number: \"45\"\n    parts:\n      - {label: B, text: \"House part.\"}\n",
    );
    let house = overlay::parse(&text, "dpc45.yaml", &store()).expect("accepted");
    let rule = house.edition.rule("45").expect("rule 45");
    assert_eq!(
        rule.parts
            .iter()
            .map(|p| p.label.as_str())
            .collect::<Vec<_>>(),
        ["A", "B"]
    );
    check_passes("dpc45.yaml", &text);
}

#[test]
fn a_word_like_top_10_is_no_citation() {
    let text = overlay_text(
        "dpc-2019-en",
        "add:\n  - {number: CLUB-1, concept: club-final, title: t, text: \"Only the Top-10 of the Covid-19 season play the final.\"}\n",
    );
    let house = overlay::parse(&text, "top10.yaml", &store()).expect("accepted");
    assert!(house.edition.rule("CLUB-1").expect("added").refs.is_empty());
    check_passes("top10.yaml", &text);
    // A house rule citing another house rule that is not there is refused.
    let text = overlay_text(
        "dpc-2019-en",
        "add:\n  - {number: CLUB-1, concept: club-final, title: t, text: \"As CLUB-2 says.\"}\n",
    );
    let err = overlay::parse(&text, "club2.yaml", &store()).expect_err("CLUB-2 missing");
    assert!(err.to_string().contains("cites rule CLUB-2"), "{err}");
}

#[test]
fn every_erratum_still_applies_to_the_texts_a_house_leaves_as_printed() {
    let store = store();
    let mut checked = 0;
    for edition in store.editions().expect("editions") {
        for rule in edition.rules().filter(|r| !r.errata.is_empty()) {
            // A part added beside the printed texts: the rule is rewritten,
            // its printed citations are read again.
            let text = overlay_text(
                &edition.id,
                &format!(
                    "rules:\n  - number: \"{}\"\n    parts:\n      - {{label: Z, text: \"House addition.\"}}\n",
                    rule.number
                ),
            );
            let house = overlay::parse(&text, "errata.yaml", &store)
                .unwrap_or_else(|e| panic!("{} rule {}: {e}", edition.id, rule.number));
            let changed = house.edition.rule(&rule.number).expect("rule");
            assert_eq!(
                changed.refs, rule.refs,
                "{} rule {}",
                edition.id, rule.number
            );
            assert_eq!(
                changed.errata, rule.errata,
                "{} rule {}",
                edition.id, rule.number
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 8, "rules with errata in the bundled editions");
}

#[test]
fn onk_43_can_change_its_part_b() {
    // Part A prints "TDA Regel 45B"; rule 45 has no parts (erratum: 45).
    let text = overlay_text(
        "onk-2023-nl",
        "rules:\n  - number: \"43\"\n    parts:\n      - {label: B, text: \"Huisregel.\"}\n",
    );
    let house = overlay::parse(&text, "onk43.yaml", &store()).expect("accepted");
    let rule = house.edition.rule("43").expect("rule 43");
    assert!(rule.refs.contains(&"45".to_string()), "{:?}", rule.refs);
    assert_eq!(rule.errata.len(), 1);
    check_passes("onk43.yaml", &text);
}

#[test]
fn a_rewritten_text_means_what_it_says() {
    // The printed "Regel 45B" replaced by a house text citing rule 44: the
    // erratum went with the printed words.
    let house = overlay::parse(
        &overlay_text("onk-2023-nl", "rules:\n  - number: \"43\"\n    text: \"Zie Regel 44.\"\n    parts:\n      - {label: A, text: \"Huisregel.\"}\n      - {label: B, text: \"Huisregel.\"}\n"),
        "onk43b.yaml",
        &store(),
    )
    .expect("accepted");
    let rule = house.edition.rule("43").expect("rule 43");
    assert!(rule.errata.is_empty(), "{:?}", rule.errata);
    assert!(rule.refs.contains(&"44".to_string()), "{:?}", rule.refs);
    assert!(!rule.refs.contains(&"45".to_string()), "{:?}", rule.refs);
}

#[test]
fn a_house_of_5000_rules_that_cite_one_another_resolves_every_citation() {
    // A smoke test of size: every citation is resolved against an index of
    // the rules, not by scanning them.
    let mut text = overlay_text("dpc-2019-en", "add:\n");
    for i in 1..=5_000 {
        let cited = if i == 1 { 5_000 } else { i - 1 };
        text.push_str(&format!(
            "  - {{number: HS-{i}, concept: house-{i}, title: t, text: \"See HS-{cited} and Rule 43.\"}}\n"
        ));
    }
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("big.yaml");
    std::fs::write(&path, &text).expect("write");
    check_adds_nothing(&["check".as_ref(), "--house".as_ref(), path.as_os_str()]);
    let rule = json_of(
        floor()
            .args(["rule", "HS-7", "--json", "--house"])
            .arg(&path)
            .timeout(std::time::Duration::from_secs(60)),
    );
    assert_eq!(rule["refs"], serde_json::json!(["HS-6", "43"]));
}
