//! Every decision tree and its module agree, and `floor check` proves it:
//! a copy of the data with a question or an outcome renamed in the tree
//! (and its texts) fails the check, naming the tree and the module, in the
//! UI language.

use std::path::{Path, PathBuf};

use floor::data::DataSource;

use crate::common::{check_adds_nothing, floor};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// A copy of the bundled data tree (rulings and locales).
fn data_copy() -> tempfile::TempDir {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = crate::common::scratch_dir();
    for sub in ["rulings", "locales"] {
        copy_dir(&root.join(sub), &dir.path().join(sub));
    }
    dir
}

/// Replaces `from` by `to` in a file of the copy; the text must be there.
fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{file} has no `{from}`");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// `floor check` on the copy: its exit code and output.
fn check(dir: &Path) -> (i32, String) {
    check_with(dir, &[])
}

/// `floor check` on the copy with more arguments (`--lang de`, `--json`).
fn check_with(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = floor()
        .args(["check", "--data"])
        .arg(dir)
        .args(args)
        .output()
        .expect("runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn every_tree_has_its_module() {
    let ids = floor::engine::ids(&DataSource::Embedded).expect("ids");
    assert_eq!(ids.len(), floor::incidents::ALL.len());
    for id in &ids {
        assert!(floor::incidents::find(id).is_some(), "{id} has no module");
    }
}

/// Renames the misdeal question `first_card_wrong_seat` in its decision
/// tree and its UI texts, but not in the module's answers.
fn rename_misdeal_question(dir: &Path) {
    edit(
        dir,
        "rulings/misdeal.yaml",
        "{id: first_card_wrong_seat,",
        "{id: first_card_wrong_place,",
    );
    for lang in ["en", "nl", "de", "sk"] {
        edit(
            dir,
            &format!("locales/{lang}/ui.yaml"),
            "    first_card_wrong_seat:\n",
            "    first_card_wrong_place:\n",
        );
    }
}

#[test]
fn a_renamed_misdeal_question_fails_the_check() {
    let copy = data_copy();
    let dir = copy.path().to_path_buf();
    // The copy adds nothing before the change.
    check_adds_nothing(&["check".as_ref(), "--data".as_ref(), dir.as_os_str()]);
    rename_misdeal_question(&dir);
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(
            "rulings/misdeal.yaml: question `first_card_wrong_place` has no field in the answers of module `misdeal`"
        ),
        "{out}"
    );
    assert!(
        out.contains("answer field `first_card_wrong_seat` has no question in the tree"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_renamed_outcome_of_a_dealing_incident_fails_the_check() {
    let copy = data_copy();
    let dir = copy.path().to_path_buf();
    edit(
        &dir,
        "rulings/dispute-window.yaml",
        "  - id: open\n",
        "  - id: still-open\n",
    );
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("rulings/dispute-window.yaml: outcome `open` of the module is not listed"),
        "{out}"
    );
    assert!(
        out.contains("outcome `still-open` can never be reached"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_edition_condition_on_an_unknown_value_fails_the_check() {
    let copy = data_copy();
    let dir = copy.path().to_path_buf();
    edit(
        &dir,
        "rulings/premature-card.yaml",
        "param.premature_flop: [stands-after-action]}}\n  - {id: action_since",
        "param.premature_flop: [stands-after-acting]}}\n  - {id: action_since",
    );
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(
            "rulings/premature-card.yaml: question `burned`: condition on `param.premature_flop`: `stands-after-acting` is not a value of `premature_flop`"
        ),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_condition_on_how_a_provision_is_worded_names_a_value_of_its_term() {
    let copy = data_copy();
    let dir = copy.path().to_path_buf();
    edit(
        &dir,
        "rulings/button-too-few-cards.yaml",
        "provision.button-short-replaced.when: one-missing",
        "provision.button-short-replaced.when: two-missing",
    );
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(
            "rulings/button-too-few-cards.yaml: question `cards_missing`: condition on `provision.button-short-replaced.when`: `two-missing` is not a value of `button-short-replaced.when`"
        ),
        "{out}"
    );
    // A term no provision has.
    edit(
        &dir,
        "rulings/button-too-few-cards.yaml",
        "provision.button-short-replaced.when: two-missing",
        "provision.button-short-replaced.whence: one-missing",
    );
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("`provision.button-short-replaced.whence`"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The findings are worded in the UI language, as the report around them:
/// a concept listed twice, a rule without a title and a renamed question.
#[test]
fn findings_are_in_the_ui_language() {
    let copy = data_copy();
    let dir = copy.path().to_path_buf();
    let concept = "  - {slug: floor-decisions, kind: rule, name: \"Floor decisions\"}\n";
    edit(
        &dir,
        "locales/concepts.yaml",
        concept,
        &format!("{concept}{concept}"),
    );
    edit(
        &dir,
        "locales/en/dpc-2019-en.yaml",
        "title: \"Player Identity\"",
        "title: \"\"",
    );
    rename_misdeal_question(&dir);
    let english = [
        "concept `floor-decisions` listed twice",
        "rule 4: empty title",
        "has no field in the answers of module",
        "unknown key `first_card_wrong_place`",
    ];
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    for phrase in english {
        assert!(out.contains(phrase), "{phrase}: {out}");
    }
    for (lang, phrases) in [
        (
            "de",
            [
                "locales/concepts.yaml: Thema `floor-decisions` ist doppelt aufgeführt",
                "locales/en/dpc-2019-en.yaml: Regel 4: leerer Titel",
                "rulings/misdeal.yaml: Frage `first_card_wrong_place` hat kein Feld in den Antworten des Moduls `misdeal`",
                "unbekannter Schlüssel `first_card_wrong_place`",
                "Prüfung fehlgeschlagen",
            ],
        ),
        (
            "sk",
            [
                "locales/concepts.yaml: téma `floor-decisions` je uvedená dvakrát",
                "locales/en/dpc-2019-en.yaml: pravidlo 4: prázdny názov",
                "rulings/misdeal.yaml: otázka `first_card_wrong_place` nemá pole v odpovediach modulu `misdeal`",
                "neznámy kľúč `first_card_wrong_place`",
                "kontrola zlyhala",
            ],
        ),
    ] {
        let (code, out) = check_with(&dir, &["--lang", lang]);
        assert_eq!(code, 2, "{out}");
        for phrase in phrases {
            assert!(out.contains(phrase), "{lang}: {phrase}: {out}");
        }
        for phrase in english {
            assert!(!out.contains(phrase), "{lang}: {phrase}: {out}");
        }
    }
    // The JSON report carries the same words.
    let (code, out) = check_with(&dir, &["--lang", "de", "--json"]);
    assert_eq!(code, 2, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("json");
    let messages: Vec<&str> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert!(messages.contains(&"Regel 4: leerer Titel"), "{messages:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A help that says what an empty answer means is true: the question takes
/// one (it is optional, has a default, or is a list where none is an
/// answer). Where empty means nothing, the help says nothing about it.
#[test]
fn a_help_speaks_of_empty_only_where_empty_is_an_answer() {
    use floor::engine::tree::Kind;
    use floor::ui::{Lang, Ui};
    let source = floor::data::DataSource::Embedded;
    let mut wrong = Vec::new();
    for (lang, word) in [
        (Lang::En, "empty"),
        (Lang::Nl, "leeg"),
        (Lang::De, "leer"),
        (Lang::Sk, "prázdn"),
    ] {
        let ui = Ui::load(&source, lang).expect("ui");
        for id in floor::engine::ids(&source).expect("ids") {
            let tree = floor::engine::load(&source, &id).expect("tree");
            for q in &tree.questions {
                let Some(help) = ui.get(&format!("incidents.{id}.q.{}.help", q.id)) else {
                    continue;
                };
                let takes_empty = q.optional
                    || q.default.is_some()
                    || !q.default_from.is_empty()
                    || q.kind == Kind::MultiChoice;
                if help.to_lowercase().contains(word) && !takes_empty {
                    wrong.push(format!("{lang:?} {id}.{}: {help}", q.id));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A choice the tree offers that the module's type does not read, and a
/// `cite:` that is not what the module declares for its outcome: each is
/// a finding of `floor check`, at its place in the tree.
#[test]
fn a_choice_or_a_citation_the_module_does_not_know_fails_the_check() {
    let copy = data_copy();
    let dir = copy.path().to_path_buf();
    // The copy adds nothing before the change.
    check_adds_nothing(&["check".as_ref(), "--data".as_ref(), dir.as_os_str()]);
    edit(
        &dir,
        "rulings/bet.yaml",
        "all-in, pot], default: nothing}",
        "all-in, pot, shove], default: nothing}",
    );
    edit(
        &dir,
        "rulings/bet.yaml",
        "cite: [methods-of-betting#A, oversized-chip, incorrect-bets,",
        "cite: [methods-of-betting#A, oversized-chip, deck-changes,",
    );
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("rulings/bet.yaml:36"), "{out}");
    assert!(
        out.contains(
            "choice `shove` of question `declared` does not read into the answers of module `bet`"
        ),
        "{out}"
    );
    assert!(
        out.contains("cites methods-of-betting, oversized-chip, deck-changes"),
        "{out}"
    );
    // Placed at the concept the module does not declare.
    let tree = std::fs::read_to_string(dir.join("rulings/bet.yaml")).expect("read");
    let at = tree
        .lines()
        .enumerate()
        .find_map(|(i, l)| {
            l.find("deck-changes")
                .map(|c| format!("{}:{}", i + 1, c + 1))
        })
        .expect("the edited citation");
    assert!(out.contains(&format!("rulings/bet.yaml:{at}:")), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A question bound to the `game` setting that lacks one of the games
/// fails the check; and an event set to that game is told so by the
/// incident instead of being answered by the question's default.
#[test]
fn a_game_question_lacking_a_game_fails_and_never_drops_the_setting() {
    let copy = data_copy();
    let dir = copy.path().to_path_buf();
    edit(
        &dir,
        "rulings/reopening.yaml",
        "choices: [no-limit, pot-limit, limit], default: no-limit, setting: game}",
        "choices: [no-limit, limit], default: no-limit, setting: game}",
    );
    let (code, out) = check(&dir);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(
            "rulings/reopening.yaml: question `game`: setting `game` may be `pot-limit`, which is not a choice"
        ),
        "{out}"
    );
    let out = floor()
        .arg("--data")
        .arg(&dir)
        .args(["--game", "pot-limit", "incident", "reopening", "--json"])
        .args([
            "--answer",
            "big_blind=200",
            "--answer",
            "actions=1:raise:600",
        ])
        .args(["--answer", "player=2"])
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the event's game is pot-limit, which question `game` does not take"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
