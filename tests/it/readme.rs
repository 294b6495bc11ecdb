//! The README's command examples run as written: each ```console block's
//! `$ floor ...` lines are run and their output compared (`...` elides
//! lines, `[..]` part of a line). A changed output fails here until the
//! README shows it. `TRYCMD=overwrite cargo test readme` rewrites them.

#[test]
fn readme_examples_match_the_real_output() {
    let cases = trycmd::TestCases::new();
    cases.register_bin(
        "floor",
        std::path::PathBuf::from(env!("CARGO_BIN_EXE_floor")),
    );
    // The output a reader sees on a fresh install: English, no colour,
    // 80 columns, UTC, no settings from this machine.
    for (key, value) in [
        ("LANG", "en_US.UTF-8"),
        ("LC_ALL", ""),
        ("LC_MESSAGES", ""),
        ("NO_COLOR", "1"),
        ("COLUMNS", "80"),
        ("TZ", "UTC"),
        ("FLOOR_CONFIG", "/dev/null"),
        ("FLOOR_RULES", ""),
        ("FLOOR_HOUSE", ""),
        ("FLOOR_LANG", ""),
        ("FLOOR_LOG", ""),
        ("FLOOR_GAME", ""),
    ] {
        cases.env(key, value);
    }
    // The examples run in README.in/ (trycmd's folder for README.md,
    // whatever the working directory or CARGO_TARGET_DIR): its `tests` and
    // `examples` lead to the repository's. The log example starts from an
    // empty log there.
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.in/rulings.jsonl");
    let _ = std::fs::remove_file(log);
    cases.case(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
}
