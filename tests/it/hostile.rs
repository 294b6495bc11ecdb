//! The hostile table: every class of hostile input crossed with every place
//! a path, a value or data enters the tool, run through the binary. Each
//! cell must end within its time with exit 0 (the input was harmless) or 2
//! (refused, naming the input), never a crash, a hang or an I/O failure,
//! and nothing it writes on stdout or stderr may hold a raw control,
//! bidirectional or zero-width character.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::floor;

/// A short house rulebook beside the data tree, for the import entries.
fn house_book(tree: &Path) -> PathBuf {
    crate::common::house_book(tree.parent().unwrap_or(tree))
}

/// A hostile input for a path: a name and how to make it in `dir`.
struct FileClass {
    name: &'static str,
    /// Makes the path (inside `dir`) and returns it.
    make: fn(&Path) -> PathBuf,
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("fixture");
    path
}

/// Characters no output may carry raw: C0 and C1 controls, DEL, an escape
/// sequence, bidirectional overrides and isolates, zero-width characters.
const HOSTILE: &str =
    "\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{9b}31m\u{7f}\u{202e}\u{2066}\u{200b}\u{feff}\r";

fn file_classes() -> Vec<FileClass> {
    vec![
        FileClass {
            name: "missing",
            make: |d| d.join("no-such-file.yaml"),
        },
        FileClass {
            name: "directory",
            make: |d| {
                let p = d.join("a-dir.yaml");
                std::fs::create_dir_all(&p).expect("dir");
                p
            },
        },
        FileClass {
            name: "/dev/null",
            make: |_| PathBuf::from("/dev/null"),
        },
        FileClass {
            name: "/dev/zero",
            make: |_| PathBuf::from("/dev/zero"),
        },
        FileClass {
            name: "fifo",
            make: |d| {
                let p = d.join("a-fifo.yaml");
                let _ = std::fs::remove_file(&p);
                nix::unistd::mkfifo(&p, nix::sys::stat::Mode::S_IRWXU).expect("mkfifo");
                p
            },
        },
        FileClass {
            name: "empty",
            make: |d| write(d, "empty.yaml", b""),
        },
        FileClass {
            name: "over 4 MiB",
            make: |d| {
                let p = d.join("big.yaml");
                let f = std::fs::File::create(&p).expect("big");
                f.set_len(5 * 1024 * 1024).expect("sparse");
                p
            },
        },
        FileClass {
            name: "latin-1",
            make: |d| write(d, "latin1.yaml", b"title: caf\xe9\n"),
        },
        FileClass {
            name: "control characters",
            make: |d| {
                write(
                    d,
                    "ctl.yaml",
                    format!("id: \"{}\"\n", HOSTILE.escape_default()).as_bytes(),
                )
            },
        },
        FileClass {
            name: "alias bomb",
            make: |d| {
                let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
                for i in 1..10 {
                    let refs = vec![format!("\t*a{}", i - 1); 9].join(", ");
                    bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
                }
                write(d, "bomb.yaml", bomb.as_bytes())
            },
        },
        FileClass {
            name: "deep nesting",
            make: |d| {
                let deep: String = (0..3000)
                    .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
                    .collect();
                write(d, "deep.yaml", deep.as_bytes())
            },
        },
        FileClass {
            name: "numbers at their bounds",
            make: |d| {
                write(
                    d,
                    "numbers.yaml",
                    b"facing_bet: 18446744073709551616\nchips: -1\nstack: 18446744073709551615\n",
                )
            },
        },
    ]
}

/// A place a path enters: the arguments and environment that give it.
struct PathEntry {
    name: &'static str,
    run: fn(&Path, &Path) -> assert_cmd::Command,
}

fn path_entries() -> Vec<PathEntry> {
    fn cmd(args: &[&str]) -> assert_cmd::Command {
        let mut c = floor();
        c.args(args);
        c
    }
    fn s(p: &Path) -> &str {
        p.to_str().unwrap_or("")
    }
    vec![
        PathEntry {
            name: "--answers",
            run: |p, _| cmd(&["incident", "clock", "--answers", s(p)]),
        },
        PathEntry {
            name: "--house",
            run: |p, _| cmd(&["rule", "29", "--house", s(p)]),
        },
        PathEntry {
            name: "FLOOR_HOUSE",
            run: |p, _| {
                let mut c = cmd(&["rule", "29"]);
                c.env("FLOOR_HOUSE", p);
                c
            },
        },
        PathEntry {
            name: "compare FILE",
            run: |p, _| cmd(&["compare", "onk-2023-nl", s(p)]),
        },
        PathEntry {
            name: "--log (write)",
            run: |p, _| {
                cmd(&[
                    "incident",
                    "clock",
                    "--answer",
                    "facing_bet=yes",
                    "--log",
                    s(p),
                ])
            },
        },
        PathEntry {
            name: "FLOOR_LOG (write)",
            run: |p, _| {
                let mut c = cmd(&["incident", "clock", "--answer", "facing_bet=yes"]);
                c.env("FLOOR_LOG", p);
                c
            },
        },
        PathEntry {
            name: "log show --log",
            run: |p, _| cmd(&["log", "show", "--json", "--log", s(p)]),
        },
        PathEntry {
            name: "FLOOR_CONFIG",
            run: |p, _| {
                let mut c = cmd(&["rule", "43"]);
                c.env("FLOOR_CONFIG", p);
                c
            },
        },
        PathEntry {
            name: "hand FILE",
            run: |p, _| cmd(&["hand", s(p)]),
        },
        PathEntry {
            name: "incident --hand",
            run: |p, _| cmd(&["incident", "undercall", "--hand", s(p), "--at", "1"]),
        },
        PathEntry {
            name: "--data file",
            run: |p, tree| {
                // The hostile file stands as a ruling of a copy of the tree.
                let target = tree.join("rulings/clock.yaml");
                let _ = std::fs::remove_file(&target);
                let _ = std::fs::remove_dir(&target);
                if p.exists() || p.is_symlink() {
                    if p.is_dir() {
                        std::fs::create_dir_all(&target).expect("dir");
                    } else if p.starts_with("/dev") || !p.is_file() {
                        let _ = std::os::unix::fs::symlink(p, &target);
                    } else {
                        std::fs::copy(p, &target).expect("copy");
                    }
                }
                cmd(&["check", "--data", s(tree)])
            },
        },
        PathEntry {
            name: "import FILE",
            run: |p, _| cmd(&["import", s(p)]),
        },
        PathEntry {
            name: "import --base --out (overlay written)",
            run: |p, tree| {
                let book = house_book(tree);
                cmd(&["import", s(&book), "--base", "onk-2023-nl", "--out", s(p)])
            },
        },
        PathEntry {
            name: "import --out (tree written)",
            run: |p, tree| cmd(&["import", s(&house_book(tree)), "--out", s(p)]),
        },
        PathEntry {
            name: "man --out-dir",
            run: |p, tree| {
                // The hostile file stands where a page is written (in the
                // scratch folder: a class's own folder may be /dev).
                let dir = tree.with_file_name("man-out");
                let _ = std::fs::remove_dir_all(&dir);
                std::fs::create_dir_all(&dir).expect("dir");
                let page = dir.join("floor.1");
                if p.is_dir() {
                    std::fs::create_dir_all(&page).expect("dir");
                } else if p.exists() {
                    let _ = std::os::unix::fs::symlink(p, &page);
                }
                cmd(&["man", "--out-dir", s(&dir)])
            },
        },
    ]
}

/// A place a value enters: the arguments and environment that give it.
struct ValueEntry {
    name: &'static str,
    run: fn(&str, &Path) -> assert_cmd::Command,
    /// Exit 1 is an answer here, not a failure: `floor search` exits 1 when
    /// no rule covers the query, as grep does (SPEC section 4).
    one_means_no_match: bool,
}

fn value_entries() -> Vec<ValueEntry> {
    fn cmd(args: &[&str]) -> assert_cmd::Command {
        let mut c = floor();
        c.args(args);
        c
    }
    vec![
        ValueEntry {
            name: "--answer",
            one_means_no_match: false,
            run: |v, _| cmd(&["incident", "bet", "--answer", &format!("facing={v}")]),
        },
        ValueEntry {
            name: "--answer key",
            one_means_no_match: false,
            run: |v, _| cmd(&["incident", "bet", "--answer", &format!("{v}=1")]),
        },
        ValueEntry {
            name: "--rules",
            one_means_no_match: false,
            run: |v, _| cmd(&["rule", "43", "--rules", v]),
        },
        ValueEntry {
            name: "FLOOR_RULES",
            one_means_no_match: false,
            run: |v, _| {
                let mut c = cmd(&["rule", "43"]);
                c.env("FLOOR_RULES", v);
                c
            },
        },
        ValueEntry {
            name: "FLOOR_LANG",
            one_means_no_match: false,
            run: |v, _| {
                let mut c = cmd(&["rule", "43"]);
                c.env("FLOOR_LANG", v);
                c
            },
        },
        ValueEntry {
            name: "FLOOR_GAME",
            one_means_no_match: false,
            run: |v, _| {
                let mut c = cmd(&["rule", "43"]);
                c.env("FLOOR_GAME", v);
                c
            },
        },
        ValueEntry {
            name: "rule NUMBER",
            one_means_no_match: false,
            run: |v, _| cmd(&["rule", v]),
        },
        ValueEntry {
            name: "search QUERY",
            one_means_no_match: true,
            run: |v, _| cmd(&["search", v]),
        },
        ValueEntry {
            name: "incident ID",
            one_means_no_match: false,
            run: |v, _| cmd(&["incident", v]),
        },
        ValueEntry {
            name: "--note and --table, then log show",
            one_means_no_match: false,
            run: |v, dir| {
                let log = dir.join("notes.jsonl");
                let _ = floor()
                    .args([
                        "incident",
                        "clock",
                        "--answer",
                        "facing_bet=yes",
                        "--note",
                        v,
                    ])
                    .args(["--table", v, "--log"])
                    .arg(&log)
                    .timeout(Duration::from_secs(20))
                    .output();
                let mut c = cmd(&["log", "show", "--log"]);
                c.arg(&log);
                c
            },
        },
        ValueEntry {
            name: "--note, then log show --json",
            one_means_no_match: false,
            run: |v, dir| {
                let log = dir.join("notes-json.jsonl");
                let _ = floor()
                    .args([
                        "incident",
                        "clock",
                        "--answer",
                        "facing_bet=yes",
                        "--note",
                        v,
                    ])
                    .arg("--log")
                    .arg(&log)
                    .timeout(Duration::from_secs(20))
                    .output();
                let mut c = cmd(&["log", "show", "--json", "--log"]);
                c.arg(&log);
                c
            },
        },
        ValueEntry {
            name: "hand action",
            one_means_no_match: false,
            run: |v, dir| {
                let hand = dir.join("value.hand");
                std::fs::write(
                    &hand,
                    format!("NL 100/200 button 2\n1:5000 2:5000\npre: 1 {v}\n"),
                )
                .expect("hand");
                let mut c = cmd(&["hand"]);
                c.arg(&hand);
                c
            },
        },
    ]
}

fn value_classes() -> Vec<(&'static str, String)> {
    vec![
        ("control, bidi and zero-width", format!("x{HOSTILE}y")),
        ("empty", String::new()),
        ("zero", "0".into()),
        ("u64::MAX", u64::MAX.to_string()),
        ("u64::MAX + 1", "18446744073709551616".into()),
        ("negative", "-1".into()),
        ("long", "9".repeat(100_000)),
    ]
}

/// Runs one cell: exit 0 or 2 within the time, and no raw hidden character
/// in what it wrote.
fn cell(what: &str, mut cmd: assert_cmd::Command, one_means_no_match: bool) -> Result<(), String> {
    let out = cmd
        .timeout(Duration::from_secs(30))
        .output()
        .map_err(|e| format!("{what}: {e}"))?;
    let code = out.status.code();
    // An entry the command line does not have would pass as refused: it
    // tests nothing.
    if String::from_utf8_lossy(&out.stderr).contains("unexpected argument '--") {
        return Err(format!("{what}: not an option of floor"));
    }
    if !(matches!(code, Some(0 | 2)) || one_means_no_match && code == Some(1)) {
        return Err(format!(
            "{what}: exit {code:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let text = String::from_utf8_lossy(bytes);
        if let Some(c) = text.chars().find(|c| floor::text::is_hidden(*c)) {
            return Err(format!("{what}: raw {c:?} on {stream}"));
        }
    }
    Ok(())
}

#[test]
fn every_hostile_input_at_every_entry_is_refused_or_harmless() {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    // A copy of the data tree for `--data`.
    let tree = dir.join("tree");
    crate::common::copy_bundled_tree(&tree);
    let mut failures = Vec::new();
    let mut cells = 0;
    let classes = file_classes();
    let entries = path_entries();
    for class in &classes {
        for entry in &entries {
            let path = (class.make)(&dir);
            let what = format!("{} at {}", class.name, entry.name);
            cells += 1;
            if let Err(e) = cell(&what, (entry.run)(&path, &tree), false) {
                failures.push(e);
            }
        }
    }
    let values = value_classes();
    let value_entries = value_entries();
    for (name, value) in &values {
        for entry in &value_entries {
            let what = format!("{name} at {}", entry.name);
            cells += 1;
            if let Err(e) = cell(&what, (entry.run)(value, &dir), entry.one_means_no_match) {
                failures.push(e);
            }
        }
    }
    // Not UTF-8 in every variable that stands for an option: refused,
    // naming the variable.
    for var in floor::settings::VARIABLES {
        if matches!(*var, "HOME" | "XDG_CONFIG_HOME") {
            continue;
        }
        use std::os::unix::ffi::OsStrExt as _;
        cells += 1;
        let out = floor()
            .args(["rule", "43"])
            .env(var, std::ffi::OsStr::from_bytes(b"caf\xe9"))
            .timeout(Duration::from_secs(30))
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() != Some(2) || !stderr.contains(var) {
            failures.push(format!(
                "not UTF-8 in {var}: {:?} {stderr}",
                out.status.code()
            ));
        }
    }
    assert_eq!(
        cells,
        classes.len() * entries.len() + values.len() * value_entries.len() + 6
    );
    assert!(
        failures.is_empty(),
        "{} of {cells} cells failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
