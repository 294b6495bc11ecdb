//! The incident log: concurrent writers lose nothing, a killed writer never
//! corrupts a line it reported, a torn line is skipped with a warning.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::common::{floor, log_one_ruling};

/// A fresh path for a log file in this run's temporary directory.
pub fn temp_log(name: &str) -> crate::common::ScratchFile {
    crate::common::ScratchFile::new(name)
}

/// Every line of the log parsed as a JSON entry (`None` for a bad line).
fn lines(path: &Path) -> Vec<Option<floor::log::Entry>> {
    std::fs::read_to_string(path)
        .expect("log readable")
        .lines()
        .map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// How many entries `floor log show --json` prints with `filters`.
fn shown_entries(log: &Path, filters: &[&str]) -> usize {
    let out = floor()
        .args(["log", "show", "--json"])
        .args(filters)
        .arg("--log")
        .arg(log)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8_lossy(&out).lines().count()
}

fn writer(log: &Path, seat: u32) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_floor"));
    cmd.env_clear()
        .env("LANG", "en_US.UTF-8")
        .args([
            "incident",
            "penalty",
            "--json",
            "--answer",
            "kind=missed-hands",
            "--answer",
        ])
        .arg(format!("hands={}", seat % 100 + 1))
        .arg("--log")
        .arg(log);
    cmd
}

#[test]
fn four_processes_appending_500_rulings_each_leave_2000_valid_lines() {
    let log = temp_log("concurrent.jsonl");
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let log = log.to_path_buf();
            std::thread::spawn(move || {
                for i in 0..500 {
                    let status = writer(&log, w * 1000 + i).output().expect("runs").status;
                    assert!(status.success(), "writer {w} run {i}: {status}");
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer thread");
    }
    let entries = lines(&log);
    assert_eq!(entries.len(), 2000);
    assert!(
        entries.iter().all(Option::is_some),
        "every line is a valid entry"
    );
    // Every ruling of every writer is there once.
    let mut hands: Vec<u64> = entries
        .iter()
        .flatten()
        .filter_map(|e| e.amounts.get("hands_missed").and_then(|v| v.as_u64()))
        .collect();
    hands.sort_unstable();
    let mut expected: Vec<u64> = (0..4u32)
        .flat_map(|w| (0..500u32).map(move |i| u64::from((w * 1000 + i) % 100 + 1)))
        .collect();
    expected.sort_unstable();
    assert_eq!(hands, expected);
}

/// A tiny deterministic generator for the kill delays (no dependency).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn a_writer_killed_at_random_points_200_times_never_loses_a_reported_line() {
    let log = temp_log("killed.jsonl");
    let mut rng = Lcg(0x5eed_f100);
    let mut reported = 0;
    let mut killed = 0;
    // The kill points are fractions of how long a whole run takes on this
    // machine now (measured on the runs left alone), not fixed times: on a
    // busy machine fixed delays all fell before the write, on a fast one
    // after it. Every tenth run is left alone (a reported line for sure),
    // every tenth killed at once (a run that never got to write), the
    // rest anywhere from the start to past the end of a run.
    let mut whole_run = Duration::from_millis(12);
    for i in 0..200 {
        let started = std::time::Instant::now();
        let mut child = writer(&log, i)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("spawn");
        let left_alone = i % 10 == 0;
        if !left_alone {
            let permille = if i % 10 == 5 { 0 } else { rng.next() % 1_200 };
            std::thread::sleep(whole_run * u32::try_from(permille).unwrap_or(0) / 1_000);
            let _ = child.kill(); // SIGKILL; a no-op if it already exited
        }
        let out = child.wait_with_output().expect("wait");
        if left_alone {
            whole_run = started.elapsed();
        }
        // Reported as logged: exited by itself with success and printed the ruling.
        if out.status.success() && !out.stdout.is_empty() {
            reported += 1;
        } else {
            killed += 1;
        }
    }
    let entries = lines(&log);
    let valid = entries.iter().filter(|e| e.is_some()).count();
    assert!(
        valid >= reported,
        "{valid} valid lines, {reported} reported"
    );
    // A corrupt line is only ever the start of an entry a killed writer did
    // not finish: a write that crosses a page of the file is made a page at
    // a time, and SIGKILL can land between them. The next writer starts on
    // a fresh line, so the fragment stays a line of its own (as
    // `a_torn_last_line_is_skipped_with_a_warning_and_healed_by_the_next_ruling`
    // shows) and no reported line runs into it (counted above).
    let text = std::fs::read_to_string(&log).expect("log readable");
    let torn: Vec<&str> = text
        .lines()
        .filter(|l| serde_json::from_str::<floor::log::Entry>(l).is_err())
        .collect();
    const START: &str = "{\"time\"";
    for line in &torn {
        let start_of_an_entry = !line.is_empty()
            && (START.starts_with(line) || line.starts_with(START))
            && line.matches(START).count() <= 1;
        assert!(
            start_of_an_entry,
            "a corrupt line that is no torn entry: {line:?}"
        );
    }
    assert!(
        torn.len() <= killed,
        "{} torn lines, {killed} killed",
        torn.len()
    );
    assert!(
        killed > 0 && reported > 0,
        "the delays must hit both sides: {killed} killed, {reported} reported"
    );
    eprintln!("kill test: 200 runs, {reported} reported, {killed} killed, {valid} valid lines");
}

#[test]
fn a_torn_last_line_is_skipped_with_a_warning_and_healed_by_the_next_ruling() {
    let log = temp_log("torn.jsonl");
    log_one_ruling(&log);
    // Power loss in the middle of the second line.
    let mut text = std::fs::read_to_string(&log).expect("read");
    text.push_str("{\"time\":\"2026-11-21T10:");
    std::fs::write(&log, text).expect("write");
    floor()
        .args(["log", "show", "--json", "--log"])
        .arg(&log)
        .assert()
        .success()
        .stderr(predicates::str::contains("the first at line 2"));
    floor()
        .args([
            "incident",
            "clock",
            "--answer",
            "facing_bet=no",
            "--json",
            "--log",
        ])
        .arg(&log)
        .assert()
        .success();
    let entries = lines(&log);
    assert_eq!(entries.len(), 3);
    assert!(entries[0].is_some() && entries[1].is_none() && entries[2].is_some());
    assert_eq!(shown_entries(&log, &[]), 2);
}

#[test]
fn log_show_filters_by_time() {
    let log = temp_log("since.jsonl");
    log_one_ruling(&log);
    let count = |since: &str| shown_entries(&log, &["--since", since]);
    assert_eq!(count("1h"), 1);
    assert_eq!(count("2000-01-01"), 1);
    assert_eq!(count("2999-01-01T00:00:00Z"), 0);
}
