//! Manual pages: one per command, with the sections a reader looks for,
//! referring only to pages that exist, fitting an 80-column terminal.

use std::collections::BTreeSet;
use std::process::Command;

use crate::common::{floor, stdout};

/// The directory goes when the first of the pair is dropped.
fn written_pages() -> (tempfile::TempDir, BTreeSet<String>) {
    let pages = crate::common::scratch_dir();
    let dir = pages.path();
    floor()
        .args(["man", "--out-dir"])
        .arg(dir)
        .assert()
        .success();
    let files = std::fs::read_dir(dir)
        .expect("listed")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    (pages, files)
}

/// The install step of the README on a fresh home: the directory is made.
#[test]
fn out_dir_is_created_when_it_does_not_exist() {
    let _home_dir = crate::common::scratch_dir();
    let home = _home_dir.path().to_path_buf();
    let _ = std::fs::remove_dir_all(&home);
    let dir = home.join(".local/share/man/man1");
    floor()
        .args(["man", "--out-dir"])
        .arg(&dir)
        .assert()
        .success();
    assert!(dir.join("floor.1").is_file());
    assert!(dir.join("floor-incident.1").is_file());
    // A file where a folder belongs is bad input (exit 2) naming it.
    let file = home.join("a-file");
    std::fs::write(&file, "x").expect("written");
    let out = floor()
        .args(["man", "--out-dir"])
        .arg(file.join("man1"))
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let stderr = String::from_utf8_lossy(&out);
    assert!(stderr.contains("a-file"), "{stderr}");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn every_command_has_a_page_with_the_usual_sections() {
    let (pages, files) = written_pages();
    let dir = pages.path();
    for page in [
        "floor.1",
        "floor-incident.1",
        "floor-log.1",
        "floor-log-show.1",
        "floor-config.1",
    ] {
        assert!(files.contains(page), "{page} missing from {files:?}");
    }
    for file in &files {
        // roff writes a hyphen as `\-`.
        let page = std::fs::read_to_string(dir.join(file))
            .expect("page")
            .replace("\\-", "-");
        for section in [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "\"EXIT STATUS\"",
            "ENVIRONMENT",
            "FILES",
            "EXAMPLES",
            "\"SEE ALSO\"",
        ] {
            assert!(
                page.contains(&format!(".SH {section}")),
                "{file} lacks {section}"
            );
        }
        assert!(
            !page.contains("EXTRA"),
            "{file}: examples belong under EXAMPLES"
        );
        // Every page referred to is one of the pages written.
        for (at, _) in page.match_indices("(1)") {
            let start = page[..at]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(0, |i| i + 1);
            let name = &page[start..at];
            assert!(
                files.contains(&format!("{name}.1")),
                "{file} refers to {name}(1)"
            );
        }
    }
    // One page on stdout, by command.
    assert!(stdout(&["man", "log", "show"]).contains(".TH floor-log-show 1"));
}

#[test]
fn pages_fit_an_80_column_terminal() {
    let (pages, files) = written_pages();
    let dir = pages.path();
    if Command::new("man").arg("--version").output().is_err() {
        eprintln!("man is not installed: rendering not checked");
        return;
    }
    for file in files {
        let out = Command::new("man")
            .arg("-l")
            .arg(dir.join(&file))
            .env("MANWIDTH", "80")
            .env("MANPAGER", "cat")
            .env("LANG", "C.UTF-8")
            .output()
            .expect("man runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        assert!(widest <= 80, "{file}: {widest} columns");
        assert!(text.contains("floor manual"), "{file}: footer");
    }
}
