//! Conventions of a well-made CLI: each incident's answer keys in its
//! help, a pager for long listings (never for a ruling), `--color never`
//! for prompts too.

use std::process::Command;

use floor::data::DataSource;
use floor::rules::Lang;
use floor::ui::Ui;
use rexpect::session::PtySession;

use crate::common::floor;

fn stdout_of(cmd: &mut assert_cmd::Command) -> String {
    String::from_utf8_lossy(&cmd.assert().success().get_output().stdout).into_owned()
}

#[test]
fn incident_help_lists_every_answer_key_from_its_tree_in_the_ui_language() {
    let tree = floor::engine::load(&DataSource::Embedded, "bet").expect("bet loads");
    let ui = Ui::load(&DataSource::Embedded, Lang::De).expect("ui");
    let help = stdout_of(floor().args(["incident", "bet", "--help", "--lang", "de"]));
    assert!(help.contains("Aufruf: floor incident"), "{help}");
    for q in &tree.questions {
        assert!(
            help.contains(&format!("\n  {} ", q.id)),
            "{} missing:\n{help}",
            q.id
        );
        let text = ui
            .get(&format!("incidents.bet.q.{}.text", q.id))
            .expect("question text");
        // The listing wraps long questions: compare the words.
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words(&help).contains(&words(text)), "{text} missing");
    }
    // Kind, choices with their labels, defaults, conditions, in German.
    assert!(
        help.contains("eines von no-limit, pot-limit, limit; Standard: no-limit"),
        "{help}"
    );
    assert!(help.contains("Betrag in Chips; Standard: 0"), "{help}");
    assert!(help.contains("gefragt, wenn facing ≥ 1"), "{help}");
    // The same listing through `floor help`, and clock's one required key.
    let clock = stdout_of(floor().args(["help", "incident", "clock"]));
    assert!(clock.contains("facing_bet  yes/no; required"), "{clock}");
    // Unknown incidents are refused with the nearest ids.
    floor()
        .args(["incident", "clok", "--help"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("clock"));
}

/// `floor ARGS` in a pseudo-terminal of 12 rows, with `pager` as FLOOR_PAGER.
fn on_a_small_terminal(args: &str, pager: &std::path::Path) -> PtySession {
    on_a_terminal(12, args, pager)
}

/// `floor ARGS` in a pseudo-terminal of `rows` rows and 100 columns.
fn on_a_terminal(rows: u16, args: &str, pager: &std::path::Path) -> PtySession {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!(
            "stty rows {rows} cols 100; exec {} {args}",
            env!("CARGO_BIN_EXE_floor")
        ))
        .env_clear()
        .env("TERM", "xterm")
        .env("LANG", "en_US.UTF-8")
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("FLOOR_PAGER", pager);
    rexpect::session::spawn_command(cmd, Some(10_000)).expect("spawn in a pty")
}

fn fake_pager() -> crate::common::ScratchFile {
    let path = crate::common::ScratchFile::new("pager.sh");
    std::fs::write(&path, "#!/bin/sh\necho \"paged $(wc -l) lines\"\n").expect("write");
    let mut perms = std::fs::metadata(&path).expect("meta").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&path, perms).expect("chmod");
    path
}

#[test]
fn long_listings_go_through_the_pager_on_a_terminal_and_rulings_never_do() {
    let pager = fake_pager();
    let mut p = on_a_small_terminal("compare onk-2023-nl pokerpunt-nl", &pager);
    p.exp_regex(r"paged \d{3} lines").expect("compare is paged");
    p.exp_eof().expect("ends");

    let mut p = on_a_small_terminal("compare onk-2023-nl pokerpunt-nl --no-pager", &pager);
    let out = p.exp_eof().expect("ends");
    assert!(
        !out.contains("paged") && out.contains("calling-clock"),
        "{out}"
    );

    // A ruling taller than the 12-row screen stays on it, its headline
    // said again at the bottom, where the screen ends.
    let mut p = on_a_small_terminal(
        "incident bet --rules onk-2023-nl --answer facing=1200 --answer chips=5000",
        &pager,
    );
    let out = p.exp_eof().expect("ends");
    assert!(
        out.lines().count() > 12,
        "the card is taller than the screen"
    );
    assert!(!out.contains("paged"), "{out}");
    let out = plain(&out);
    let headline = "Call: 1200 in total · onk-2023-nl";
    let lines: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.first(), Some(&headline), "{out}");
    assert_eq!(lines.last(), Some(&headline), "{out}");
    assert_eq!(out.matches(headline).count(), 2, "{out}");

    // On a screen the card fits on, it says it once.
    let mut p = on_a_terminal(
        60,
        "incident bet --rules onk-2023-nl --answer facing=1200 --answer chips=5000",
        &pager,
    );
    let out = plain(&p.exp_eof().expect("ends"));
    assert_eq!(out.matches(headline).count(), 1, "{out}");
}

/// What a pty session read (a char per byte) as text, without SGR codes.
fn plain(read: &str) -> String {
    let bytes: Vec<u8> = read.chars().map(|c| c as u32 as u8).collect();
    let text = String::from_utf8_lossy(&bytes);
    let mut out = String::new();
    let mut rest = text.as_ref();
    while let Some(at) = rest.find("\x1b[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(after.len());
        rest = after.get(end + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

#[test]
fn color_never_takes_the_colour_out_of_prompts() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_floor"));
    cmd.args(["incident", "clock", "--color", "never"])
        .env_clear()
        .env("TERM", "xterm-256color")
        .env("COLUMNS", "100")
        .env("LANG", "en_US.UTF-8");
    let mut p = rexpect::session::spawn_command(cmd, Some(10_000)).expect("spawn");
    let question = "Does the player face a bet?";
    let before = p.exp_string(question).expect("the question");
    let after = p.exp_string("  no").expect("the choices");
    p.send("\r").expect("enter");
    p.flush().expect("flush");
    let rest = p.exp_eof().expect("ends");
    for part in [before, after, rest] {
        // SGR sequences: ESC [ digits/semicolons m.
        let coloured = regex_sgr(&part);
        assert!(!coloured, "colour codes in: {part:?}");
    }
}

/// Whether `text` holds an SGR (colour/style) escape sequence.
fn regex_sgr(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.windows(2).enumerate().any(|(i, w)| {
        w == b"\x1b[" && {
            let rest = &bytes[i + 2..];
            let end = rest
                .iter()
                .position(|b| !(b.is_ascii_digit() || *b == b';'));
            end.is_some_and(|e| rest.get(e) == Some(&b'm'))
        }
    })
}

#[test]
fn rule_text_is_never_wider_than_a_reading_width() {
    let widest = |columns: &str| {
        stdout_of(
            floor()
                .env("COLUMNS", columns)
                .args(["rule", "43", "--rules", "onk-2023-nl"]),
        )
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
    };
    assert_eq!(widest("200"), 100);
    assert!(widest("60") <= 60);
}

/// The ids of parameter values (`river-as-turn`, `race`).
fn parameter_values() -> std::collections::BTreeSet<String> {
    use floor::rules::Params;
    Params::KEYS
        .iter()
        .flat_map(|k| Params::choices(k).unwrap_or_default())
        .filter(|v| !matches!(**v, "true" | "false"))
        .map(|v| (*v).to_string())
        .collect()
}

/// The identifiers a card could leak: parameter names and the ids of their
/// values, and from every decision tree its answer keys, answer choices and
/// outcome ids.
fn known_identifiers() -> std::collections::BTreeSet<String> {
    let mut ids = parameter_values();
    ids.extend(floor::rules::Params::KEYS.iter().map(|k| (*k).to_string()));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    for entry in std::fs::read_dir(dir).expect("rulings").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("a ruling");
        let tree: serde_json::Value =
            floor::yaml::from_str(&text, "test").expect("a ruling parses");
        for list in ["questions", "outcomes"] {
            for item in tree[list].as_array().into_iter().flatten() {
                ids.extend(item["id"].as_str().map(str::to_string));
                for choice in item["choices"].as_array().into_iter().flatten() {
                    ids.extend(choice.as_str().map(str::to_string));
                }
            }
        }
    }
    // Yes and no are printed as words; these ids are also the floor's own
    // words in every language (all-in, pre-flop, heads-up, no-limit...).
    for word in [
        "true",
        "false",
        "all-in",
        "pre-flop",
        "heads-up",
        "no-limit",
        "pot-limit",
    ] {
        ids.remove(word);
    }
    ids
}

/// Every incident card of the golden cases, in Dutch, German and Slovak:
/// no answer key, answer choice, outcome id, parameter name or parameter
/// value (`min_raise_to`, `side_1`, `river-as-turn`, `(race)`) reaches the
/// reader; words in backticks are names the reader types.
#[test]
fn cards_in_nl_de_sk_show_no_raw_identifier() {
    let cases = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/cases.txt"),
    )
    .expect("cases");
    let known = known_identifiers();
    let values = parameter_values();
    assert!(
        [
            "river-as-turn",
            "share-places",
            "race",
            "count_request_in_turn",
            "dead-hand"
        ]
        .iter()
        .all(|id| known.contains(*id)),
        "the identifiers are read from the data"
    );
    // Snake case is never a word; a known id is one when it has a dash or
    // an underscore, and a one-word parameter value when it stands alone
    // in brackets or after a colon, as a note prints the value it applied
    // (a bare "check" or "race" is the reader's word too, and rule texts
    // explain a word in brackets: "de vijfde kaart (river)").
    let identifier = |w: &str| {
        let snake = w.contains('_')
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && w.chars().next().is_some_and(|c| c.is_ascii_lowercase());
        snake || (known.contains(w) && w.contains(['-', '_']))
    };
    // The rulebooks' own words in brackets ("(riffle)") are quoted rule
    // text, not a value the tool printed.
    let rule_texts: String = ["nl", "de", "sk", "en"]
        .iter()
        .flat_map(|lang| {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("locales")
                .join(lang);
            std::fs::read_dir(dir).expect("a language folder").flatten()
        })
        .filter(|e| e.file_name() != "ui.yaml" && e.path().extension().is_some_and(|x| x == "yaml"))
        .map(|e| std::fs::read_to_string(e.path()).expect("an edition"))
        .collect();
    let mut cards = 0;
    let mut found = Vec::new();
    for line in cases.lines().filter(|l| l.starts_with("incident ")) {
        // The JSON cases as cards.
        let args: Vec<String> = crate::golden::words(line)
            .into_iter()
            .filter(|a| a != "--json")
            .collect();
        if args
            .iter()
            .any(|a| matches!(a.as_str(), "--help" | "--list" | "--lang"))
        {
            continue;
        }
        for lang in ["nl", "de", "sk"] {
            let out = floor()
                .arg("--lang")
                .arg(lang)
                .args(&args)
                .output()
                .expect("runs");
            if !out.status.success() {
                continue;
            }
            cards += 1;
            let text = String::from_utf8_lossy(&out.stdout);
            // Outside backticks only.
            let shown: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
            for word in shown.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            {
                let word = word.trim_matches('-');
                if identifier(word) {
                    found.push(format!("{lang} {line}: {word}"));
                }
            }
            // A value alone in brackets or alone after a colon, as a note
            // prints the value it applied.
            let alone = shown
                .split('(')
                .skip(1)
                .filter_map(|r| r.split_once(')').map(|(v, _)| v))
                .chain(
                    shown
                        .split(": ")
                        .skip(1)
                        .filter_map(|r| r.split(['.', '\n']).next()),
                );
            for value in alone {
                let value = value.trim();
                if values.contains(value) && !rule_texts.contains(&format!("({value})")) {
                    found.push(format!("{lang} {line}: {value}"));
                }
            }
        }
    }
    eprintln!("{cards} cards in nl, de, sk checked");
    assert!(cards > 500, "only {cards} cards");
    assert!(
        found.is_empty(),
        "raw identifiers on cards:\n{}",
        found.join("\n")
    );
}

/// clap's own help is in the UI language too: headings, the commands'
/// descriptions, each option's help, clap's -h and -V; the locale decides
/// as for everything else.
#[test]
fn command_line_help_is_in_the_ui_language() {
    let de = stdout_of(floor().args(["--lang", "de", "--help"]));
    for said in [
        "Aufruf: floor",
        "Befehle:",
        "Optionen:",
        "Die Regeln nach Thema durchsuchen",
        "Hilfe ausgeben",
        "Version ausgeben",
        "Beispiele:",
    ] {
        assert!(de.contains(said), "{said}:\n{de}");
    }
    for english in [
        "Usage:",
        "Options:",
        "Print help",
        "Search the rules",
        "[default:",
    ] {
        assert!(!de.contains(english), "{english}:\n{de}");
    }
    let sk = stdout_of(
        floor()
            .env("LANG", "sk_SK.UTF-8")
            .args(["incident", "--help"]),
    );
    assert!(sk.contains("Použitie: floor incident"), "{sk}");
    assert!(sk.contains("Argumenty:"), "{sk}");
    let nl = stdout_of(floor().args(["--lang", "nl", "help", "log", "show"]));
    assert!(nl.contains("Gebruik: floor log show"), "{nl}");
    // English stays clap's own.
    let en = stdout_of(floor().args(["--lang", "en", "--help"]));
    assert!(
        en.contains("Usage: floor") && en.contains("Print help"),
        "{en}"
    );
}

/// Every place that writes to stdout or stderr, by file, with how many
/// times: each passes what it writes through the one escaping
/// (`output::escaped`), or writes only text escaped where it entered
/// (dialoguer's prompts and the pager's copy of escaped output). A new
/// writer changes a count here and has to be looked at.
#[test]
fn every_writer_to_the_terminal_is_known() {
    let known: &[(&str, usize)] = &[
        // finish() and its notices, through escaped().
        ("src/app.rs", 2),
        // stream() (floor hand's many hands), through escaped().
        ("src/output.rs", 1),
        // The failure line, through escaped().
        ("src/main.rs", 1),
        // log show's streamed JSON lines, tables and the skipped warning.
        ("src/cmd/log.rs", 2),
        // is_terminal only.
        ("src/ctx.rs", 1),
        // The pager's copy of text finish() escaped; its screen size.
        ("src/pager.rs", 2),
        // dialoguer's prompts on stderr: every text made visible (shown()).
        ("src/prompt.rs", 9),
    ];
    let writers = [
        "std::io::stdout()",
        "std::io::stderr()",
        "println!",
        "eprintln!",
        "print!(",
        "eprint!(",
        "Term::stderr()",
        "Term::stdout()",
    ];
    let mut found = Vec::new();
    for (rel, text) in sources(&["src"]) {
        let count: usize = text
            .lines()
            .filter(|l| writers.iter().any(|w| l.contains(w)))
            .count();
        if count > 0 {
            found.push((rel, count));
        }
    }
    found.sort();
    let mut known: Vec<(String, usize)> = known.iter().map(|(f, n)| (f.to_string(), *n)).collect();
    known.sort();
    assert_eq!(found, known);
}

/// Every file under the crate's `tops` folders, by path from the crate root,
/// with its text.
fn sources(tops: &[&str]) -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut stack: Vec<_> = tops.iter().map(|t| root.join(t)).collect();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            let rel = path
                .strip_prefix(root)
                .expect("inside")
                .display()
                .to_string();
            files.push((rel, text));
        }
    }
    files
}

/// Test scratch space comes from `tempfile`, which removes it when the test
/// ends; a path made by hand in the system temp dir stays behind after
/// every run.
#[test]
fn no_source_makes_scratch_paths_in_the_system_temp_dir_by_hand() {
    // Spelled in two parts so that this file does not match itself.
    let by_hand = concat!("temp", "_dir()");
    let mut found = Vec::new();
    for (rel, text) in sources(&["src", "tests"]) {
        for (i, line) in text.lines().enumerate() {
            if line.contains(by_hand) {
                found.push(format!("{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "scratch paths made in the system temp dir by hand are never removed; \
         use crate::common::scratch_dir() or ScratchFile (tempfile::tempdir() in \
         src/), held until the test ends:\n{}",
        found.join("\n")
    );
}
