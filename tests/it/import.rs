//! `floor import`: a rulebook's text becomes an edition the other commands
//! use; what it refuses, it refuses with how to convert.

use crate::common::{check_adds_nothing, floor, json_of, one_line_error, seeds_dir};

/// The Pokerpunt seed imported into a new data tree: `floor check` passes
/// on it and `rule`, `search`, `compare` and `incident` use the edition.
#[test]
fn an_imported_book_is_an_edition_every_command_uses() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().join("tree");
    let seed = seeds_dir().join("001_67dc1f9d758e9959.txt");
    let report = json_of(
        floor()
            .args(["import", "--id", "club-nl", "--out"])
            .arg(&dir)
            .arg(&seed)
            .arg("--json"),
    );
    assert_eq!(report["edition"], "club-nl");
    assert_eq!(report["language"], "nl");
    assert_eq!(report["written"]["kind"], "tree");
    assert!(report["rules"].as_array().is_some_and(|r| r.len() > 60));
    // Every rule is mapped for sure; what is left to a person is a list
    // that may miss an item no Dutch phrase reads (a 2015 edition lists
    // the dealer's announcement).
    let points = report["points"].as_array().expect("points");
    assert!(
        points
            .iter()
            .all(|p| p["point"] == "param" && p["readings"][0].is_array()),
        "{points:?}"
    );
    let data = dir.to_str().expect("utf-8 path");
    check_adds_nothing(&["--data", data, "check"]);
    let rule = floor()
        .args(["--data", data, "--rules", "club-nl", "rule", "43", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rule: serde_json::Value = serde_json::from_slice(&rule).expect("JSON");
    assert_eq!(rule["edition"], "club-nl", "{rule}");
    floor()
        .args(["--data", data, "--rules", "club-nl", "search", "klok"])
        .assert()
        .success();
    floor()
        .args(["--data", data, "compare", "pokerpunt-nl", "club-nl"])
        .assert()
        .success();
    floor()
        .args([
            "--data",
            data,
            "--rules",
            "club-nl",
            "incident",
            "clock",
            "--answer",
            "facing_bet=yes",
        ])
        .assert()
        .success();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pdf_is_refused_with_how_to_convert_it() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().join("pdf");
    std::fs::create_dir_all(&dir).expect("dir");
    let pdf = dir.join("rules.pdf");
    std::fs::write(&pdf, b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n").expect("write");
    let line = one_line_error(floor().arg("import").arg(&pdf));
    assert!(line.contains("pdftotext"), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn out_refuses_a_folder_that_is_no_data_tree() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().join("busy");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("notes.txt"), "mine").expect("write");
    let seed = seeds_dir().join("001_67dc1f9d758e9959.txt");
    let line = one_line_error(floor().arg("import").arg(&seed).arg("--out").arg(&dir));
    assert!(line.contains("no data tree"), "{line}");
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).expect("kept"),
        "mine"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A season's edits to the ONK book (tests/import/onk-season-2.txt: the
/// clock set to a minute, MEC 3 reworded, MEC 9 added, MEC 8 removed, the
/// MEC section renumbered) imported against the first season's import:
/// exactly those five, and `compare` shows the five, the clock flagged as
/// a ruling change.
#[test]
fn a_new_season_against_the_last_shows_exactly_its_edits() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().join("seasons");
    let data = dir.to_str().expect("utf-8 path").to_string();
    floor()
        .args(["import", "--id", "club-2024-nl", "--out", &data])
        .arg(seeds_dir().join("000_59b22b88fc79d9c0.txt"))
        .assert()
        .success();
    let overlay = dir.join("club-2025.yaml");
    let season =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import/onk-season-2.txt");
    let report = json_of(
        floor()
            .args([
                "--data",
                &data,
                "import",
                "--base",
                "club-2024-nl",
                "--id",
                "club-2025-nl",
            ])
            .arg(&season)
            .arg("--out")
            .arg(&overlay)
            .arg("--json"),
    );
    let changes: Vec<String> = report["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| {
            format!(
                "{} {}",
                c["change"].as_str().unwrap_or_default(),
                c["number"].as_str().unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        changes,
        [
            "text 29",
            "params 29",
            "text MEC-3",
            "added MEC-9",
            "section 9",
            "removed MEC-8"
        ]
    );
    let compared = floor()
        .args(["--data", &data, "compare", "club-2024-nl"])
        .arg(&overlay)
        .args(["--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let compared: serde_json::Value = serde_json::from_slice(&compared).expect("JSON");
    let text = compared.to_string();
    assert!(text.contains("clock_seconds"), "{text}");
    // Compare shows the five edits, and nothing else: four topics (the
    // reworded clock rule still says who may ask for the clock: its
    // provisions keep their terms) and the section the overlay numbers
    // otherwise.
    let rows: Vec<String> = compared["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["status"] != "same")
        .map(|r| {
            format!(
                "{} {} {} {}",
                r["concept"].as_str().unwrap_or_default(),
                r["status"].as_str().unwrap_or_default(),
                r["flags"],
                r.get("terms")
                    .map_or(0, |t| t.as_array().map_or(0, Vec::len))
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            r#"calling-clock changed ["ruling","substance","house"] 0"#,
            r#"hr-tafel-verlaten-tijdens-pauzes changed ["house","wording"] 0"#,
            r#"hr-eind-speeldag-meerdaags-event changed ["not-applicable","house"] 0"#,
            r#"hr-roken-en-e-sigaretten only-b ["substance","house"] 0"#,
        ],
        "{text}"
    );
    assert_eq!(
        compared["sections"],
        serde_json::json!([{"title": "Aanvullende toernooiregels MEC Events", "a": "9", "b": "10"}])
    );
    let shown = floor()
        .args(["--data", &data, "compare", "club-2024-nl"])
        .arg(&overlay)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let shown = String::from_utf8_lossy(&shown);
    assert!(
        shown.contains(
            "section “Aanvullende toernooiregels MEC Events”: club-2024-nl 9 = club-2025-nl 10"
        ),
        "{shown}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The id names the files written and the title and file name go into
/// their first line: an id that is no slug is refused before anything is
/// written (`../x` would name a file outside the tree), and a title or
/// file name with a newline or an escape stays one comment line.
#[test]
fn what_the_user_names_stays_where_it_belongs_in_the_files_written() {
    let scratch = crate::common::scratch_dir();
    let book = scratch.path().join("book.txt");
    std::fs::write(
        &book,
        "Club rules\n\n1. Floor decisions\nThe floor decides.\n",
    )
    .unwrap();
    for id in ["../../escaped", "a/b", "", "Bad Id"] {
        let tree = scratch.path().join("tree");
        floor()
            .arg("import")
            .arg(&book)
            .args(["--id", id, "--out"])
            .arg(&tree)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("--id"));
        assert!(!tree.exists(), "{id}: nothing is written");
        assert!(!scratch.path().join("escaped.yaml").exists(), "{id}");
    }
    let tree = scratch.path().join("tree");
    floor()
        .arg("import")
        .arg(&book)
        .args([
            "--id",
            "club-x-en",
            "--title",
            "T\u{1b}[2Ji\ndate: 1999",
            "--out",
        ])
        .arg(&tree)
        .assert()
        .success();
    let written = std::fs::read_to_string(tree.join("locales/en/club-x-en.yaml")).unwrap();
    let first = written.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("# T\\u{1b}[2Ji\\u{a}date: 1999 "),
        "{first}"
    );
    assert!(!written.contains('\u{1b}'), "{written}");
    assert!(
        !written.lines().any(|l| l.starts_with("date: 1999")),
        "{written}"
    );
}

/// A room's book in an order of its own: rules whose words name their topic
/// beyond doubt keep it wherever they stand (misdeals after unclear bets),
/// and the TDA order places no other rule on those topics. A topic the
/// rule's own words contradict is never written without a person.
#[test]
fn a_rule_that_names_its_topic_keeps_it_out_of_the_tda_order() {
    let book = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import/kings-rules.md");
    let r = json_of(floor().arg("import").arg(&book).arg("--json"));
    let rules = r["rules"].as_array().expect("rules");
    let concept = |number: &str| {
        rules.iter().find(|x| x["number"] == number).map(|x| {
            (
                x["concept"].as_str().unwrap_or("").to_string(),
                x["uncertain"] == true,
            )
        })
    };
    for (number, topic) in [
        ("12", "misdeals"),
        ("13", "four-card-flop"),
        ("14", "odd-chips"),
        ("15", "rabbit-hunting"),
        ("16", "chip-race"),
        ("17", "dead-button"),
    ] {
        assert_eq!(
            concept(number),
            Some((topic.to_string(), false)),
            "rule {number}"
        );
    }
    // Weak words placed by the order stay a point for a person.
    for number in ["4", "18"] {
        assert_eq!(concept(number).map(|(_, u)| u), Some(true), "rule {number}");
    }
}

/// A room's book in its own words is written as a tree `floor check`
/// passes, and the cards rule as the book says: a parameter whose words no
/// known edition states is left to a person (not set, and not refused at
/// the end), a list read short is not widened by meanings that belong to
/// another item ("first card dealt" is not "the first two cards
/// exposed"), "the lowest reasonable amount" is the smaller bet, and "1
/// minute" is offered as 60 seconds. A tree that would not pass leaves
/// nothing behind.
#[test]
fn a_room_book_in_its_own_words_is_written_as_it_says() {
    let book = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import/kings-rules.md");
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().join("tree");
    let r = json_of(
        floor()
            .args(["import", "--id", "kings", "--out"])
            .arg(&dir)
            .arg(&book)
            .arg("--json"),
    );
    assert_eq!(r["written"]["kind"], "tree", "{r}");
    // The field `field` of the entry of list `list` for parameter `key`.
    let of = |list: &str, key: &str, field: &str| {
        r[list]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["key"] == key)
            .map(|p| p[field].clone())
    };
    let param = |key: &str| of("params", key, "value");
    let offered = |key: &str| of("points", key, "readings");
    assert_eq!(param("unclear_bet_reading"), Some("smaller".into()));
    assert_eq!(param("misdeal_conditions"), None);
    assert_eq!(param("odd_chip_denomination"), None);
    assert_eq!(offered("clock_seconds"), Some(serde_json::json!([60])));
    assert!(offered("odd_chip_denomination").is_some(), "{r}");
    // Nothing but the tree: no folder it was checked in is left beside it.
    let beside: Vec<String> = std::fs::read_dir(scratch.path())
        .expect("scratch")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    assert_eq!(beside, vec!["tree".to_string()]);
    let card = json_of(
        floor()
            .arg("--data")
            .arg(&dir)
            .args(["--rules", "kings", "incident", "unclear-bet", "--json"])
            .args(["--answer", "pot=600", "--answer", "declared_number=5"])
            .args(["--answer", "big_blind=400"]),
    );
    assert_eq!(card["amounts"]["total"], 500, "{card}");
    // "1 minute" left to a person: the clock card applies the TDA practice
    // and says that rule 5 words it, never that the edition is silent.
    let card = json_of(
        floor()
            .arg("--data")
            .arg(&dir)
            .args(["--rules", "kings", "incident", "clock", "--json"])
            .args(["--answer", "facing_bet=yes"]),
    );
    let notes = card["notes"].to_string();
    assert!(
        notes.contains("Rule 5 speaks to the time on the clock (its words read 60)"),
        "{notes}"
    );
    assert!(
        !notes.contains("no rule on the time on the clock"),
        "{notes}"
    );
    // A house file that sets it settles it: the card rules by it, and says
    // nothing of a point left open.
    let house = scratch.path().join("kings-house.yaml");
    std::fs::write(
        &house,
        "id: kings-house\nextends: kings\ntitle: t\nhouse: h\nrules:\n  - number: \"5\"\n    params:\n      clock_seconds: 60\n",
    )
    .expect("write");
    let card = json_of(
        floor()
            .arg("--data")
            .arg(&dir)
            .args(["incident", "clock", "--json", "--house"])
            .arg(&house)
            .args(["--answer", "facing_bet=yes"]),
    );
    assert_eq!(card["amounts"]["seconds"], 60, "{card}");
    assert!(
        !card["notes"].to_string().contains("leaves it unset"),
        "{card}"
    );
}
