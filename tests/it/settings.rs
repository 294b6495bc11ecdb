//! Event settings: options, FLOOR_* variables and the settings file, in
//! that order; `floor config` names where each value came from; the
//! edition in use is named before the first question.

use crate::common::{floor, json_of, one_line_error};

fn config_json(cmd: &mut assert_cmd::Command) -> serde_json::Value {
    json_of(cmd.args(["config", "--json"]))
}

#[test]
fn config_names_a_file_a_variable_and_an_option_as_sources() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().to_path_buf();
    let file = dir.join("config.yaml");
    std::fs::write(
        &file,
        "rules: pokerpunt-nl\nlog: rulings.jsonl\nlang: nl\ngame: limit\n",
    )
    .expect("write");
    let json = config_json(
        floor()
            .env("FLOOR_CONFIG", &file)
            .env("FLOOR_GAME", "pot-limit")
            .args(["--rules", "tda-2019-sk"]),
    );
    let source = |key: &str| (json[key]["value"].clone(), json[key]["source"].clone());
    assert_eq!(source("rules"), ("tda-2019-sk".into(), "flag".into()));
    assert_eq!(source("game"), ("pot-limit".into(), "env".into()));
    assert_eq!(source("lang"), ("nl".into(), "file".into()));
    assert_eq!(
        source("log"),
        (
            dir.join("rulings.jsonl").to_string_lossy().into(),
            "file".into()
        )
    );
    assert_eq!(json["edition"]["value"], "tda-2019-sk");
    assert_eq!(json["file"]["present"], true);
    // The human table says the same in the UI language of the file.
    floor()
        .env("FLOOR_CONFIG", &file)
        .arg("config")
        .assert()
        .success()
        .stdout(predicates::str::contains("instellingenbestand"))
        .stdout(predicates::str::contains("pokerpunt-nl"));
}

#[test]
fn without_settings_the_edition_is_the_ui_languages_default() {
    let json = config_json(floor().env("LANG", "de_DE.UTF-8"));
    assert_eq!(json["lang"]["from"], "LANG=de_DE.UTF-8");
    assert_eq!(json["rules"], serde_json::Value::Null);
    assert_eq!(json["edition"]["value"], "tda-2015-de");
    assert_eq!(json["edition"]["source"], "default");
}

fn clock_seconds(lang: &str, rules: Option<&str>) -> serde_json::Value {
    let mut cmd = floor();
    cmd.env("LANG", lang);
    if let Some(rules) = rules {
        cmd.env("FLOOR_RULES", rules);
    }
    let json = json_of(cmd.args(["incident", "clock", "--answer", "facing_bet=yes", "--json"]));
    json["amounts"]["seconds"].clone()
}

#[test]
fn floor_rules_gives_the_same_clock_ruling_on_a_german_and_an_english_laptop() {
    // Without settings the locale picks the rulebook: 60 s against 30 s.
    assert_eq!(clock_seconds("de_DE.UTF-8", None), 60);
    assert_eq!(clock_seconds("en_GB.UTF-8", None), 30);
    // Set once for the event, both rule the same.
    assert_eq!(clock_seconds("de_DE.UTF-8", Some("tda-2015-de")), 60);
    assert_eq!(clock_seconds("en_GB.UTF-8", Some("tda-2015-de")), 60);
}

#[test]
fn the_settings_file_log_records_rulings_without_an_option() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().to_path_buf();
    std::fs::create_dir_all(dir.join("floor")).expect("dir");
    std::fs::write(dir.join("floor/config.yaml"), "log: event.jsonl\n").expect("write");
    floor()
        .env("XDG_CONFIG_HOME", &dir)
        .args(["incident", "clock", "--answer", "facing_bet=no", "--json"])
        .assert()
        .success();
    let logged = std::fs::read_to_string(dir.join("floor/event.jsonl")).expect("logged");
    assert_eq!(logged.lines().count(), 1);
}

#[test]
fn a_house_option_beats_an_edition_from_the_environment() {
    let json = config_json(floor().env("FLOOR_RULES", "pokerpunt-nl").args([
        "--house",
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-clock-40.yaml"),
    ]));
    assert_eq!(json["edition"]["value"], "club-de-kaart-2024");
    assert_eq!(json["edition"]["source"], "flag");
}

#[test]
fn bad_settings_name_where_they_were_set() {
    let line = one_line_error(floor().env("FLOOR_RULES", "onk-2032-nl").arg("editions"));
    assert!(
        line.contains("FLOOR_RULES") && line.contains("onk-2023-nl"),
        "{line}"
    );
    let line = one_line_error(floor().env("FLOOR_GAME", "stud").arg("editions"));
    assert!(
        line.contains("FLOOR_GAME") && line.contains("no-limit, pot-limit or limit"),
        "{line}"
    );
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().to_path_buf();
    let file = dir.join("config.yaml");
    std::fs::write(&file, "rules: [a, b]\n").expect("write");
    let line = one_line_error(floor().env("FLOOR_CONFIG", &file).arg("editions"));
    assert!(line.contains("config.yaml:1:"), "{line}");
    // A key with no value would fall through to the next source unseen.
    for empty in ["rules: ~\n", "house:\n", "lang: null\n"] {
        std::fs::write(&file, empty).expect("write");
        let line = one_line_error(floor().env("FLOOR_CONFIG", &file).arg("config"));
        assert!(
            line.contains("config.yaml:1:") && line.contains("has no value"),
            "{empty:?}: {line}"
        );
    }
    let line = one_line_error(
        floor()
            .env("FLOOR_CONFIG", dir.join("absent.yaml"))
            .arg("editions"),
    );
    assert!(
        line.contains("absent.yaml") && line.contains("FLOOR_CONFIG"),
        "{line}"
    );
    let line = one_line_error(floor().args(["--game", "stud", "editions"]));
    assert!(line.contains("stud"), "{line}");
}
