//! Shared helpers: the real binary, the bundled store, the seed texts.

use std::path::PathBuf;

use floor::data::DataSource;
use floor::rules::Store;

/// The bundled editions.
pub const EDITIONS: [&str; 5] = [
    "onk-2023-nl",
    "pokerpunt-nl",
    "tda-2015-de",
    "tda-2019-sk",
    "dpc-2019-en",
];

/// The `floor` binary built for this test run, with a clean environment:
/// English UI, no colour, a fixed table width.
pub fn floor() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("floor").expect("binary builds");
    cmd.env_clear()
        .env("LANG", "en_US.UTF-8")
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100");
    cmd
}

/// The bundled data tree.
pub fn store() -> Store {
    Store::open(DataSource::Embedded).expect("embedded data indexes")
}

/// A seed file's text (the copies under tests/seeds are the five source
/// documents, byte for byte).
pub fn seed(file: &str) -> String {
    std::fs::read_to_string(seeds_dir().join(file)).expect("seed readable")
}

pub fn seeds_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/seeds")
}

/// The stdout of a successful run of `floor` with `args`.
pub fn stdout(args: &[&str]) -> String {
    let out = floor()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8_lossy(&out).into_owned()
}

/// Runs `cmd`; asserts exit 2, nothing on stdout and one line on stderr,
/// and returns that line.
pub fn one_line_error(cmd: &mut assert_cmd::Command) -> String {
    let out = cmd.assert().code(2).get_output().clone();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "one line expected:\n{stderr}");
    assert!(out.stdout.is_empty(), "stdout not empty with: {stderr}");
    stderr
}

/// The JSON output of a successful run of `floor` with `args` and `--json`.
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut with_json = args.to_vec();
    with_json.push("--json");
    serde_json::from_str(&stdout(&with_json)).expect("valid JSON on stdout")
}

/// The JSON a successful run of `cmd` prints on stdout.
pub fn json_of(cmd: &mut assert_cmd::Command) -> serde_json::Value {
    let out = cmd.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("valid JSON on stdout")
}

/// The stdout of a `floor search` that no rule covers (exit 1, as grep
/// exits when nothing matches).
pub fn stdout_not_covered(args: &[&str]) -> String {
    let out = floor()
        .args(args)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    String::from_utf8_lossy(&out).into_owned()
}

/// The JSON output and exit code of a run of `floor` with `args` and
/// `--json` (for `floor search`: 1 when no rule covers the query).
pub fn json_exit(args: &[&str]) -> (serde_json::Value, i32) {
    let out = floor()
        .args(args)
        .arg("--json")
        .output()
        .expect("floor runs");
    let value = serde_json::from_slice(&out.stdout).expect("valid JSON on stdout");
    (value, out.status.code().unwrap_or(-1))
}

/// Rules once on a clock call and appends it to `log`.
pub fn log_one_ruling(log: &std::path::Path) {
    floor()
        .args([
            "incident",
            "clock",
            "--answer",
            "facing_bet=yes",
            "--json",
            "--log",
        ])
        .arg(log)
        .assert()
        .success();
}

/// Copies the bundled data tree (`locales/`, `rulings/`) into `to`: a
/// test's own `--data` tree, to change.
pub fn copy_bundled_tree(to: &std::path::Path) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for top in ["locales", "rulings"] {
        copy_dir(&root.join(top), &to.join(top));
    }
}

/// Copies the folder `from` to `to`, files and folders (a test's own copy
/// of the data tree, to change).
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).expect("copy");
        }
    }
}

/// What `floor check` finds in the bundled data itself, as `--json` writes
/// each finding (`file`, `message`), found once per run. Those findings
/// are the one fast test's (`cargo test --lib
/// the_bundled_data_passes_every_check`, which names each): a test of
/// something else judges only what its own input adds to them.
pub fn bundled_findings() -> &'static [serde_json::Value] {
    static FOUND: std::sync::OnceLock<Vec<serde_json::Value>> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| findings(&check_json(&["check"]).1))
}

fn findings(report: &serde_json::Value) -> Vec<serde_json::Value> {
    report["findings"].as_array().cloned().unwrap_or_default()
}

/// `floor check` with `args` and `--json`: its exit code and report.
fn check_json<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> (i32, serde_json::Value) {
    let out = floor().args(args).arg("--json").output().expect("runs");
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "check --json: {e}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap_or(-1), report)
}

/// Runs `floor check` with `args` (and `--json`) and asserts it finds
/// nothing beyond the bundled data's own findings ([`bundled_findings`]):
/// exit 0, or exit 2 with only those. The report.
pub fn check_adds_nothing<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> serde_json::Value {
    let (code, report) = check_json(args);
    let found = findings(&report);
    let added: Vec<&serde_json::Value> = found
        .iter()
        .filter(|f| !bundled_findings().contains(f))
        .collect();
    assert!(
        added.is_empty(),
        "check finds more than the bundled data has: {added:#?}"
    );
    assert_eq!(code, if found.is_empty() { 0 } else { 2 }, "{found:#?}");
    report
}

/// A scratch directory in the system temp dir, removed when it is dropped:
/// hold it for as long as the test (or a child it runs) uses the path.
pub fn scratch_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("floor-")
        .tempdir()
        .expect("scratch dir")
}

/// A path named `name` in a scratch directory of its own (the file is not
/// made); the directory goes when this is dropped.
pub struct ScratchFile {
    // Only held: dropping it removes the directory.
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl ScratchFile {
    pub fn new(name: &str) -> Self {
        let dir = scratch_dir();
        let path = dir.path().join(name);
        ScratchFile { _dir: dir, path }
    }
}

impl std::ops::Deref for ScratchFile {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::path::Path> for ScratchFile {
    fn as_ref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for ScratchFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// A short house rulebook written into `dir`, for the import commands'
/// file checks.
pub fn house_book(dir: &std::path::Path) -> std::path::PathBuf {
    let book = dir.join("house-book.txt");
    std::fs::write(
        &book,
        "Huisregels\n\nRegel 1: Floor beslissingen\nDe floor beslist in het belang van het spel.\n",
    )
    .expect("fixture");
    book
}

/// A small deterministic generator (splitmix64) for generated cases.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo {
            return lo;
        }
        lo + self.next() % (hi - lo + 1)
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}
