//! Shared helpers: the real binary, the bundled store, the seed texts.

use std::path::PathBuf;

use floor::data::DataSource;
use floor::rules::Store;

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
