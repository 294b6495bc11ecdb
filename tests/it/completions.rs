//! Shell completion of editions, incidents, languages and answer keys,
//! exercised in a real bash the way bash calls it on <TAB>.

use std::process::Command;

use crate::common::stdout;

/// The completions bash offers for `line` (words; the last is the one being
/// completed), with floor's script loaded.
fn bash_completes(line: &[&str]) -> Vec<String> {
    let cur = line.last().copied().unwrap_or_default();
    let dir = crate::common::scratch_dir();
    bash_completes_split(line, cur, dir.path())
}

#[test]
fn bash_completes_an_incident_id() {
    assert_eq!(bash_completes(&["floor", "incident", "sp"]), ["split-pot"]);
}

#[test]
fn bash_completes_editions_after_rules() {
    let mut offered = bash_completes(&["floor", "incident", "--rules", ""]);
    offered.sort();
    assert_eq!(
        offered,
        [
            "dpc-2019-en",
            "onk-2023-nl",
            "pokerpunt-nl",
            "tda-2015-de",
            "tda-2019-sk"
        ]
    );
    assert_eq!(
        bash_completes(&["floor", "compare", "onk"]),
        ["onk-2023-nl"]
    );
}

#[test]
fn bash_completes_languages_answer_keys_and_their_choices() {
    assert_eq!(
        bash_completes(&["floor", "--lang", ""]),
        ["en", "nl", "de", "sk"]
    );
    assert_eq!(
        bash_completes(&["floor", "incident", "clock", "--answer", "f"]),
        ["facing_bet="]
    );
    assert_eq!(
        bash_completes(&["floor", "incident", "bet", "--answer", "game="]),
        ["game=no-limit", "game=pot-limit", "game=limit"]
    );
    assert_eq!(
        bash_completes(&["floor", "incident", "clock", "--answer", "facing_bet="]),
        ["facing_bet=yes", "facing_bet=no"]
    );
}

#[test]
fn every_shell_gets_a_script_that_calls_floor_back() {
    for (shell, marker) in [
        ("bash", "COMPLETE=\"bash\""),
        ("zsh", "COMPLETE=\"zsh\""),
        ("fish", "COMPLETE=fish"),
        ("elvish", "COMPLETE=\"elvish\""),
        ("powershell", "$env:COMPLETE = \"powershell\""),
    ] {
        let script = stdout(&["completions", shell]);
        assert!(script.contains(marker), "{shell}:\n{script}");
        assert!(
            script.contains(env!("CARGO_BIN_EXE_floor")),
            "{shell} calls this binary"
        );
    }
}

#[test]
fn a_binary_path_with_shell_syntax_is_one_quoted_word_in_bash() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path().join("with space $(touch pwned) it's");
    std::fs::create_dir_all(&dir).expect("dir");
    let bin = dir.join("floor");
    std::fs::copy(env!("CARGO_BIN_EXE_floor"), &bin).expect("copy");
    let witness = dir.parent().expect("parent").join("pwned");
    let script = r#"source <("$BIN" completions bash)
COMP_WORDS=(floor inc); COMP_CWORD=1; COMP_TYPE=9
_clap_complete_floor floor inc floor
printf '%s\n' "${COMPREPLY[@]}""#;
    let out = Command::new("bash")
        .args(["--norc", "-c", script])
        .current_dir(dir.parent().expect("parent"))
        .env_clear()
        .env("BIN", &bin)
        .env("LANG", "en_US.UTF-8")
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .output()
        .expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "incident");
    assert!(!witness.exists(), "the path's $(…) ran");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let script = Command::new(&bin)
            .args(["completions", shell])
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&script.stdout);
        assert!(!text.contains("FLOORCOMPLETERPATH"), "{shell}: {text}");
        assert!(text.contains("touch pwned"), "{shell}: {text}");
    }
    let _ = std::fs::remove_dir_all(dir.parent().expect("parent"));
}

#[test]
fn completing_a_word_that_is_not_utf8_does_not_panic() {
    use std::os::unix::ffi::OsStrExt as _;
    let out = Command::new(env!("CARGO_BIN_EXE_floor"))
        .env_clear()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "4")
        .args(["--", "floor", "incident", "bet", "--answer"])
        .arg(std::ffi::OsStr::from_bytes(b"fa\xff"))
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The completions bash offers where it splits the line itself: `words`
/// as COMP_WORDS (bash makes `KEY=VAL` three words, `=` one of them), the
/// last being the one the cursor is in, and `cur` the text bash replaces
/// (after the `=`); run in `dir`.
fn bash_completes_split(words: &[&str], cur: &str, dir: &std::path::Path) -> Vec<String> {
    let script = format!(
        r#"source <("{bin}" completions bash)
COMP_WORDS=({words}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_LINE="${{COMP_WORDS[*]}}"; COMP_POINT=${{#COMP_LINE}}; COMP_TYPE=9
_clap_complete_floor floor '{cur}' "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        bin = env!("CARGO_BIN_EXE_floor"),
        words = words
            .iter()
            .map(|w| format!("'{w}'"))
            .collect::<Vec<_>>()
            .join(" "),
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &script])
        .current_dir(dir)
        .env_clear()
        .env("LANG", "en_US.UTF-8")
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_the_value_after_key_equals_as_bash_splits_it() {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    std::fs::create_dir_all(&dir).expect("dir");
    let answer = ["floor", "incident", "bet", "--answer", "declared", "="];
    // `declared=`: the cursor in the `=`, nothing typed after it.
    let offered = bash_completes_split(&answer, "", &dir);
    assert!(
        offered.contains(&"nothing".to_string()) && offered.contains(&"check".to_string()),
        "{offered:?}"
    );
    assert!(!offered.iter().any(|o| o.starts_with('-')), "{offered:?}");
    // `declared=noth`: only the value, which bash puts after the `=`.
    let mut typed = answer.to_vec();
    typed.push("noth");
    assert_eq!(bash_completes_split(&typed, "noth", &dir), ["nothing"]);
    // `--answer=facing_bet=y` in the clock: both `=` joined back.
    let joined = [
        "floor",
        "incident",
        "clock",
        "--answer",
        "=",
        "facing_bet",
        "=",
        "y",
    ];
    assert_eq!(bash_completes_split(&joined, "y", &dir), ["yes"]);
    // `dec`: both keys that start so, each with its `=`.
    assert_eq!(
        bash_completes_split(
            &["floor", "incident", "bet", "--answer", "dec"],
            "dec",
            &dir
        ),
        ["declared=", "declared_amount="]
    );
    // An overlay file where compare takes an edition or a house file.
    std::fs::write(dir.join("club-house.yaml"), "id: x\n").expect("write");
    std::fs::write(dir.join("club-notes.txt"), "").expect("write");
    assert_eq!(
        bash_completes_split(&["floor", "compare", "club"], "club", &dir),
        ["club-house.yaml"]
    );
    assert_eq!(
        bash_completes_split(&["floor", "compare", "onk-2023-nl", "club"], "club", &dir),
        ["club-house.yaml"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn file_names_are_completed_with_their_control_characters_escaped() {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("a\u{1b}]0;x\u{7}b.yaml"), "").expect("write");
    for args in [
        &["floor", "--house", "a"][..],
        &["floor", "hand", "a"],
        &["floor", "compare", "a"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_floor"))
            .current_dir(&dir)
            .env_clear()
            .env("COMPLETE", "bash")
            .env("_CLAP_COMPLETE_INDEX", (args.len() - 1).to_string())
            .arg("--")
            .args(args)
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("a\\u{1b}]0;x\\u{7}b.yaml"),
            "{args:?}: {text:?}"
        );
        assert!(
            !text.chars().any(|c| c == '\u{1b}' || c == '\u{7}'),
            "{args:?}: {text:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
