//! Nothing from data or input reaches the terminal as a control sequence:
//! a house overlay, a `--data` UI text, a log line, the command line and
//! the search query, on every channel (tables, cards, errors, prompts),
//! with colour on and off. Only the tool's own styles are sent; data is
//! shown escaped (`\u{1b}`).

use std::path::Path;

use floor::text::{is_hidden, own_styles};

use crate::common::{ScratchFile, floor};

/// What a hostile text holds: a window title, a screen clear, a style the
/// tool also uses (bold, then `B`), a colour and hidden text it never uses,
/// a bidi override and a zero-width space.
const HOSTILE: &str = "\\e]0;PWNED\\a\\e[2J\\e[1mB\\e[31mR\\e[8mH\\u202eX\\u200bY";

/// Raw sequences that may only appear if data went out unescaped.
const LEAKS: &[&str] = &[
    "\u{1b}]0;",
    "\u{1b}[2J",
    "\u{1b}[1mB",
    "\u{1b}[31mR",
    "\u{1b}[8mH",
];

/// An overlay with the hostile text in its title, house, a changed rule's
/// title, and an added house rule's title, text and part (the house rule
/// touches the clock, so it is shown on clock rulings).
fn hostile_overlay() -> ScratchFile {
    let path = ScratchFile::new("esc.yaml");
    let text = format!(
        "id: club-esc\nextends: onk-2023-nl\ntitle: \"T{HOSTILE} title\"\nhouse: \"H{HOSTILE} house\"\n\
         rules:\n  - number: \"29\"\n    title: \"Klok {HOSTILE}\"\n\
         add:\n  - number: CLUB-1\n    concept: club-esc-rule\n    title: \"Huis {HOSTILE}\"\n\
         \x20   text: \"Zoekwoord flapdrol {HOSTILE} einde\"\n    touches: [calling-clock]\n\
         \x20   parts:\n      - {{label: A, text: \"deel flapdrol {HOSTILE}\"}}\n"
    );
    std::fs::write(&path, text).expect("write");
    path
}

/// Asserts that `bytes` hold no control or invisible character but the
/// tool's own styles, newline and tab, and that the data was shown
/// (escaped) rather than left out.
fn assert_shown_escaped(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for leak in LEAKS {
        assert!(!text.contains(leak), "{what}: {leak:?} sent raw:\n{text}");
    }
    let mut rest = text.to_string();
    for own in own_styles() {
        rest = rest.replace(own, "");
    }
    if let Some(c) = rest.chars().find(|c| is_hidden(*c)) {
        panic!("{what}: {c:?} sent raw:\n{text}");
    }
    assert!(
        text.contains("\\u{1b}"),
        "{what}: the data is not shown:\n{text}"
    );
}

/// Runs `args` with colour on and off; checks stdout and stderr together.
fn check(what: &str, args: &[&str], env: &[(&str, &str)]) {
    for color in ["always", "never"] {
        let out = floor()
            .args(args)
            .args(["--color", color])
            .envs(env.iter().copied())
            .output()
            .expect("runs");
        let all = [out.stdout, out.stderr].concat();
        assert_shown_escaped(&format!("{what} --color {color}"), &all);
    }
}

#[test]
fn a_house_overlay_is_shown_escaped_on_every_command() {
    let house = hostile_overlay();
    let house = house.to_str().expect("utf-8");
    let log = ScratchFile::new("esc.jsonl");
    let _ = std::fs::remove_file(&log);
    let log = log.to_str().expect("utf-8");
    for (what, args) in [
        ("editions", vec!["editions"]),
        ("rule (house rule)", vec!["rule", "CLUB-1"]),
        ("rule (changed title)", vec!["rule", "29"]),
        ("rule --all", vec!["rule", "calling-clock", "--all"]),
        ("search", vec!["search", "flapdrol"]),
        (
            "search --all-editions",
            vec!["search", "flapdrol", "--all-editions"],
        ),
        (
            "incident card",
            vec![
                "incident",
                "clock",
                "--answer",
                "facing_bet=yes",
                "--log",
                log,
            ],
        ),
        ("compare", vec!["compare", "onk-2023-nl"]),
        (
            "compare --diff",
            vec!["compare", "onk-2023-nl", "--diff", "--all"],
        ),
        (
            "compare --format markdown",
            vec!["compare", "onk-2023-nl", "--format", "markdown"],
        ),
        ("config", vec!["config"]),
    ] {
        let mut full = vec!["--house", house];
        full.extend(args);
        check(what, &full, &[]);
    }
    // The rulings logged under the house: their citations hold its titles
    // (log show prints the rule number; the JSON has the title, escaped).
    let out = floor()
        .args(["log", "show", "--json", "--log", log])
        .output()
        .expect("runs");
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(json.contains("\\u001b]0;PWNED"), "{json}");
    assert!(!out.stdout.contains(&0x1b), "{json}");
}

/// With `--json` the hostile text goes out in JSON's own escapes: the
/// output is valid JSON that holds the text exactly, and nothing raw.
#[test]
fn json_output_with_a_hostile_overlay_stays_json() {
    let house = hostile_overlay();
    let house = house.to_str().expect("utf-8");
    for args in [
        vec!["editions"],
        vec!["rule", "CLUB-1"],
        vec!["search", "flapdrol"],
        vec!["incident", "clock", "--answer", "facing_bet=yes"],
    ] {
        let out = floor()
            .args(["--house", house, "--json"])
            .args(&args)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!text.chars().any(is_hidden), "{args:?}: raw:\n{text}");
        let value: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}\n{text}"));
        assert!(
            value.to_string().contains("\u{202e}X\u{200b}Y"),
            "{args:?}: the text is not kept:\n{text}"
        );
    }
}

#[test]
fn an_overlay_id_with_control_characters_is_refused_and_shown_escaped() {
    let path = ScratchFile::new("esc-id.yaml");
    std::fs::write(
        &path,
        format!("id: \"club{HOSTILE}\"\nextends: onk-2023-nl\ntitle: t\nhouse: h\n"),
    )
    .expect("write");
    for color in ["always", "never"] {
        let out = floor()
            .args(["rule", "29", "--color", color, "--house"])
            .arg(&path)
            .assert()
            .code(2)
            .get_output()
            .clone();
        assert_shown_escaped("overlay id", &out.stderr);
    }
}

#[test]
fn log_fields_are_shown_escaped() {
    let e = "\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{1b}[1mB\u{1b}[31mR\u{202e}X";
    let line = serde_json::json!({
        "time": format!("2026-11-21T18:04:05Z{e}"), "edition": format!("ed{e}"),
        "incident": format!("inc{e}"), "answers": {format!("k{e}"): format!("v{e}")},
        "outcome": format!("out{e}"), "amounts": {}, "citations": [
            {"edition": "e", "number": format!("29{e}"), "concept": "c", "title": format!("t{e}")}
        ], "table": format!("4{e}"), "note": format!("note{e}")
    });
    let path = ScratchFile::new("fields.jsonl");
    std::fs::write(&path, format!("{line}\n")).expect("write");
    check(
        "log show",
        &["log", "show", "--log", path.to_str().expect("utf-8")],
        &[],
    );
}

#[test]
fn the_command_line_is_shown_escaped_in_errors() {
    let h = "\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{1b}[1mB\u{1b}[31mR\u{202e}X";
    let path = format!("/nonexistent/{h}.yaml");
    let log = ScratchFile::new("since.jsonl");
    std::fs::write(&log, "").expect("write");
    let log = log.to_str().expect("utf-8");
    let key = format!("{h}=1");
    let value = format!("facing_bet={h}");
    for (what, args) in [
        ("rule", vec!["rule", h]),
        ("--rules", vec!["rule", "43", "--rules", h]),
        ("incident id", vec!["incident", h]),
        ("--answer key", vec!["incident", "clock", "--answer", &key]),
        (
            "--answer value",
            vec!["incident", "clock", "--answer", &value],
        ),
        (
            "--answer without =",
            vec!["incident", "clock", "--answer", h],
        ),
        ("--house path", vec!["rule", "1", "--house", &path]),
        (
            "--answers path",
            vec!["incident", "clock", "--answers", &path],
        ),
        (
            "--log path",
            vec![
                "incident",
                "clock",
                "--answer",
                "facing_bet=yes",
                "--log",
                &path,
            ],
        ),
        ("--data path", vec!["rule", "1", "--data", &path]),
        ("--hand path", vec!["incident", "bet", "--hand", &path]),
        ("hand path", vec!["hand", &path]),
        ("compare edition", vec!["compare", "onk-2023-nl", h]),
        ("--since", vec!["log", "show", "--log", log, "--since", h]),
        ("--lang value", vec!["--lang", h, "editions"]),
        ("--limit value", vec!["search", "x", "--limit", h]),
        ("unknown command", vec![h]),
        ("unknown option", vec!["editions", &key]),
    ] {
        check(what, &args, &[]);
    }
    check("FLOOR_RULES", &["editions"], &[("FLOOR_RULES", h)]);
    // The search query is echoed on stdout when nothing matches.
    check("search query", &["search", h], &[]);
}

#[test]
fn the_walkthrough_shows_a_house_title_escaped() {
    let house = hostile_overlay();
    let mut p = crate::interactive::spawn_with(
        &[
            "--house",
            house.to_str().expect("utf-8"),
            "incident",
            "clock",
        ],
        &[],
    );
    let before = p
        .exp_string("\\u{1b}]0;PWNED")
        .expect("the edition header, escaped");
    let after = p.exp_string("?").expect("the question");
    p.send_control('c').expect("ctrl-c");
    let seen = format!("{before}{after}");
    for leak in LEAKS {
        assert!(!seen.contains(leak), "{leak:?} sent raw:\n{seen:?}");
    }
}

/// A copy of the bundled English data whose clock question holds the
/// hostile text.
fn hostile_ui_tree() -> ScratchFile {
    let root = ScratchFile::new("data-esc");
    let embedded = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(root.join("locales/en")).expect("dir");
    std::fs::create_dir_all(root.join("rulings")).expect("dir");
    for rel in [
        "locales/en/dpc-2019-en.yaml",
        "locales/concepts.yaml",
        "rulings/clock.yaml",
    ] {
        std::fs::copy(embedded.join(rel), root.join(rel)).expect("copy");
    }
    let ui = std::fs::read_to_string(embedded.join("locales/en/ui.yaml")).expect("ui");
    let ui = ui.replacen(
        "text: \"Does the player face a bet?\"",
        &format!("text: \"Does the player {HOSTILE} face a bet?\""),
        1,
    );
    assert!(ui.contains("PWNED"), "the question text moved");
    std::fs::write(root.join("locales/en/ui.yaml"), ui).expect("write");
    root
}

#[test]
fn a_question_from_a_data_tree_is_shown_escaped_in_the_prompt() {
    let tree = hostile_ui_tree();
    let mut p = crate::interactive::spawn_with(
        &["--data", tree.to_str().expect("utf-8"), "incident", "clock"],
        &[],
    );
    let before = p
        .exp_string("\\u{1b}]0;PWNED")
        .expect("the question, escaped");
    let after = p.exp_string("face a bet?").expect("the rest of it");
    p.send_control('c').expect("ctrl-c");
    let seen = format!("{before}{after}");
    for leak in LEAKS {
        assert!(!seen.contains(leak), "{leak:?} sent raw:\n{seen:?}");
    }
    // The same text in an error (missing answers) and on the card.
    check(
        "--data question in the missing-answers error",
        &["--data", tree.to_str().expect("utf-8"), "incident", "clock"],
        &[],
    );
}
