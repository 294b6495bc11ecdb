//! Every decision tree and its module agree, and `floor check` proves it:
//! a copy of the data with a question or an outcome renamed in the tree
//! (and its texts) fails the check, naming the tree and the module.

use std::path::{Path, PathBuf};

use floor::data::DataSource;

use crate::common::floor;

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
fn data_copy(name: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("floor-trees-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["rulings", "locales"] {
        copy_dir(&root.join(sub), &dir.join(sub));
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
    let out = floor()
        .args(["check", "--data"])
        .arg(dir)
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
    let ids = floor::incident::ids(&DataSource::Embedded).expect("ids");
    assert_eq!(ids.len(), floor::incidents::ALL.len());
    for id in &ids {
        assert!(floor::incidents::find(id).is_some(), "{id} has no module");
    }
}

#[test]
fn a_renamed_misdeal_question_fails_the_check() {
    let dir = data_copy("misdeal-question");
    let (code, out) = check(&dir);
    assert_eq!(code, 0, "the copy passes before the change:\n{out}");
    edit(
        &dir,
        "rulings/misdeal.yaml",
        "{id: first_card_wrong_seat,",
        "{id: first_card_wrong_place,",
    );
    for lang in ["en", "nl", "de", "sk"] {
        edit(
            &dir,
            &format!("locales/{lang}/ui.yaml"),
            "    first_card_wrong_seat:\n",
            "    first_card_wrong_place:\n",
        );
    }
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
    let dir = data_copy("dispute-outcome");
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
    let dir = data_copy("premature-param");
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
