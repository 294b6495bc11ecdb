//! Golden outputs: every invocation of `tests/golden/cases.txt` run through
//! the real binary, its exit code, stdout and stderr compared with
//! `tests/golden/<section>.out`. A change to any ruling, citation or message
//! shows up here as a diff to review. `FLOOR_BLESS=1 cargo test golden`
//! rewrites the files after an intended change.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::common::floor;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Splits a case line into words: spaces separate, 'single quotes' keep
/// spaces.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

/// The cases by section, in file order.
fn cases() -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(golden_dir().join("cases.txt")).expect("cases.txt");
    let mut sections: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = String::from("misc");
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = name.to_string();
            continue;
        }
        sections
            .entry(current.clone())
            .or_default()
            .push(line.to_string());
    }
    sections
}

fn run(line: &str) -> String {
    let out = floor().args(words(line)).output().expect("the binary runs");
    let mut block = format!("$ floor {line}\nexit {}\n", out.status.code().unwrap_or(-1));
    for l in String::from_utf8_lossy(&out.stdout).lines() {
        // The count of UI texts grows with every new message: not a ruling.
        if l.starts_with("UI texts per language:") {
            block.push_str("UI texts per language: (counted)\n");
        } else {
            block.push_str(l);
            block.push('\n');
        }
    }
    if !block.ends_with('\n') {
        block.push('\n');
    }
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        let _ = writeln!(block, "! {line}");
    }
    block.push('\n');
    block
}

/// Runs `lines` on two threads, keeping their order.
fn run_all(lines: &[String]) -> String {
    let half = lines.len().div_ceil(2);
    let (first, second) = lines.split_at(half);
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| first.iter().map(|l| run(l)).collect::<String>());
        let b = s.spawn(|| second.iter().map(|l| run(l)).collect::<String>());
        (
            a.join().expect("golden thread"),
            b.join().expect("golden thread"),
        )
    });
    a + &b
}

fn first_difference(path: &Path, want: &str, got: &str) -> String {
    let split = |s: &str| {
        s.split("\n$ floor ")
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (want, got) = (split(want), split(got));
    for (w, g) in want.iter().zip(&got) {
        if w != g {
            return format!(
                "{}: first differing case\n--- expected\n{w}\n--- got\n{g}",
                path.display()
            );
        }
    }
    format!(
        "{}: {} cases expected, {} run",
        path.display(),
        want.len(),
        got.len()
    )
}

#[test]
fn every_golden_case_gives_its_recorded_output() {
    let bless = std::env::var_os("FLOOR_BLESS").is_some();
    let mut failures = Vec::new();
    for (section, lines) in cases() {
        let path = golden_dir().join(format!("{section}.out"));
        let got = run_all(&lines);
        if bless {
            std::fs::write(&path, &got).expect("write golden");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if want != got {
            failures.push(first_difference(&path, &want, &got));
        }
    }
    assert!(
        failures.is_empty(),
        "golden outputs differ (FLOOR_BLESS=1 rewrites them after an intended change):\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn case_lines_split_like_a_shell() {
    assert_eq!(
        words("incident bet --answer 'chips=1000, 500' --json"),
        ["incident", "bet", "--answer", "chips=1000, 500", "--json"]
    );
    assert_eq!(words("a ''"), ["a", ""]);
}
