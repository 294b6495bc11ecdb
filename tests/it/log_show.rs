//! The log as a floor person reads it: localized titles and outcomes, local
//! time with its offset, table and note recorded with a ruling, `--since`
//! with offsets; and the `log` and `help` command groups behaving as clap's.

use crate::common::{floor, log_one_ruling, one_line_error};
use crate::log::temp_log;

fn stdout_of(cmd: &mut assert_cmd::Command) -> String {
    String::from_utf8_lossy(&cmd.assert().success().get_output().stdout).into_owned()
}

#[test]
fn a_table_and_a_note_are_recorded_with_the_ruling() {
    let log = temp_log("note.jsonl");
    floor()
        .args(["incident", "clock", "--answer", "facing_bet=yes", "--json"])
        .args(["--table", "12", "--note", "seat 7 ran out"])
        .arg("--log")
        .arg(&log)
        .assert()
        .success();
    let line: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&log).expect("log").trim()).expect("JSON");
    assert_eq!(line["table"], "12");
    assert_eq!(line["note"], "seat 7 ran out");
    for field in [
        "time",
        "edition",
        "incident",
        "answers",
        "outcome",
        "amounts",
        "citations",
    ] {
        assert!(line.get(field).is_some(), "{field} kept");
    }
    let shown = stdout_of(floor().args(["log", "show", "--log"]).arg(&log));
    assert!(
        shown.contains("seat 7 ran out") && shown.contains("12"),
        "{shown}"
    );
}

#[test]
fn a_note_without_a_log_is_refused() {
    let line = one_line_error(floor().args([
        "incident",
        "clock",
        "--answer",
        "facing_bet=yes",
        "--note",
        "lost",
    ]));
    assert!(
        line.contains("--note") && line.contains("FLOOR_LOG"),
        "{line}"
    );
}

#[test]
fn log_show_words_titles_and_outcomes_in_the_ui_language_and_local_time() {
    let log = temp_log("dutch.jsonl");
    log_one_ruling(&log);
    let shown = stdout_of(
        floor()
            .env("TZ", "XST-3")
            .args(["log", "show", "--lang", "nl", "--log"])
            .arg(&log),
    );
    assert!(shown.contains("Klok gevraagd"), "{shown}");
    assert!(shown.contains("daarna is de"), "{shown}");
    assert!(shown.contains("+03:00"), "{shown}");
    for raw in ["clock", "dead-hand", "Z "] {
        assert!(!shown.contains(raw), "raw `{raw}` in:\n{shown}");
    }
}

#[test]
fn since_takes_rfc3339_offsets() {
    let log = temp_log("offsets.jsonl");
    log_one_ruling(&log);
    let count = |since: &str| {
        stdout_of(
            floor()
                .args(["log", "show", "--json", "--since", since, "--log"])
                .arg(&log),
        )
        .lines()
        .count()
    };
    assert_eq!(count("2026-01-01T00:00:00+01:00"), 1);
    assert_eq!(count("2999-01-01T00:00:00+01:00"), 0);
    assert_eq!(count("2000-01-01T00:00"), 1);
    let line = one_line_error(
        floor()
            .args(["log", "show", "--since", "yesterday", "--log"])
            .arg(&log),
    );
    assert!(line.contains("2026-11-21T18:00:00+01:00"), "{line}");
}

#[test]
fn log_alone_prints_its_help_and_exits_2_as_clap_does() {
    let out = floor().arg("log").assert().code(2).get_output().clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Usage: floor log") && stderr.contains("show"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn help_takes_h_and_names_subcommands_and_incidents() {
    let help = stdout_of(floor().args(["help", "-h"]));
    assert!(help.contains("Usage: floor help"), "{help}");
    let help = stdout_of(floor().args(["help", "log", "show"]));
    assert!(help.contains("Usage: floor log show"), "{help}");
    let line = one_line_error(floor().args(["help", "nope"]));
    assert!(line.contains("nope"), "{line}");
}
