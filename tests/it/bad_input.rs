//! Every bad input gets exit code 2 and one line on stderr that names the
//! input and says what to do: a matrix of cases run through the binary.

use std::path::{Path, PathBuf};

use crate::common::{floor, one_line_error};

thread_local! {
    // Each test runs on a thread of its own: the directory goes when the
    // test ends.
    static FIXTURES: tempfile::TempDir = {
        let scratch = crate::common::scratch_dir();
        let dir = scratch.path();
        let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).expect("fixture");
        let overlay_head = "id: club-x\nextends: onk-2023-nl\ntitle: Club X\nhouse: Club X\n";
        // --answers files
        write("syntax.yaml", b"facing: [1200\n");
        write("types.yaml", b"facing: {amount: 1200}\n");
        write("unknown-key.yaml", b"facing_bet: yes\nshoe: 6\n");
        write("duplicate.yaml", b"facing_bet: yes\nfacing_bet: no\n");
        write("list.yaml", b"- facing_bet\n- yes\n");
        write("empty.yaml", b"");
        write("deep.yaml", format!("facing_bet: {}{}\n", "[".repeat(5000), "]".repeat(5000)).as_bytes());
        write(
            "deep-block.yaml",
            (0..200).map(|i| format!("{}k{i}:\n", " ".repeat(i))).collect::<String>().as_bytes(),
        );
        let mut bomb = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for i in 1..10 {
            bomb.push_str(&format!("a{i}: &a{i} [{}]\n", vec![format!("*a{}", i - 1); 9].join(", ")));
        }
        bomb.push_str("facing_bet: *a9\n");
        write("bomb.yaml", bomb.as_bytes());
        write("latin1.yaml", b"facing_bet: ja\nnote: caf\xe9\n");
        let big = std::fs::File::create(dir.join("100mb.yaml")).expect("big file");
        big.set_len(100 * 1024 * 1024).expect("sparse 100 MB");
        // --house files
        write("h-syntax.yaml", format!("{overlay_head}rules: [\n").as_bytes());
        write("h-types.yaml", b"id: club-x\nextends: onk-2023-nl\ntitle: [a, b]\nhouse: Club X\n");
        write("h-unknown-key.yaml", format!("{overlay_head}colour: red\n").as_bytes());
        write("h-duplicate.yaml", format!("{overlay_head}title: again\n").as_bytes());
        write("h-empty.yaml", b"   \n");
        write("h-extends.yaml", b"id: club-x\nextends: onk-2099\ntitle: t\nhouse: h\n");
        write("h-no-extends.yaml", b"id: club-x\ntitle: t\nhouse: h\n");
        write(
            "h-concept.yaml",
            format!("{overlay_head}add:\n  - number: CLUB-1\n    concept: c\n    title: t\n    text: x\n    touches: [calling-clok]\n").as_bytes(),
        );
        write(
            "h-clash.yaml",
            format!("{overlay_head}add:\n  - number: MEC-2\n    concept: c\n    title: t\n    text: x\n").as_bytes(),
        );
        write("h-rule.yaml", format!("{overlay_head}rules:\n  - number: \"99\"\n    text: x\n").as_bytes());
        write("h-param.yaml", format!("{overlay_head}rules:\n  - number: \"29\"\n    params: {{clock_secs: 40}}\n").as_bytes());
        write("h-bundled-id.yaml", b"id: pokerpunt-nl\nextends: onk-2023-nl\ntitle: t\nhouse: h\n");
        write("h-bomb.yaml", format!("{overlay_head}{bomb}").replace("facing_bet: *a9", "date: *a9").as_bytes());
        write("h-latin1.yaml", b"id: club-x\nextends: onk-2023-nl\ntitle: Caf\xe9\nhouse: h\n");
        // --data trees
        std::fs::create_dir_all(dir.join("data-empty")).expect("dir");
        std::fs::create_dir_all(dir.join("data-broken/locales/en")).expect("dir");
        write("data-broken/locales/en/ui.yaml", b"default_edition: x\neditions: [unclosed\n");
        std::fs::create_dir_all(dir.join("data-lang/locales/fr")).expect("dir");
        write("data-lang/locales/fr/club.yaml", b"id: club\n");
        write("not-a-dir", b"");
        std::fs::create_dir_all(dir.join("a-directory")).expect("dir");
        scratch
    };
}

/// A directory of hostile and malformed files, made once per test.
fn fixtures() -> PathBuf {
    FIXTURES.with(|dir| dir.path().to_path_buf())
}

fn file(name: &str) -> String {
    fixtures().join(name).display().to_string()
}

/// Runs `args`; asserts exit 2, nothing on stdout, one line on stderr that
/// contains every `needle`; then the same in Dutch, German and Slovak, with
/// no English in the line (see [`english_in`]).
fn bad(args: &[&str], needles: &[&str]) {
    refused(args, &[], needles);
}

/// [`bad`] with environment variables set.
fn refused(args: &[&str], env: &[(&str, &str)], needles: &[&str]) {
    let stderr = one_line_error(
        floor()
            .args(args)
            .envs(env.iter().copied())
            .timeout(TIMEOUT),
    );
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "{args:?}: {needle:?} not in {stderr}"
        );
    }
    // A case about `--lang` itself is not run in other languages.
    if args.iter().any(|a| a.starts_with("--lang")) {
        return;
    }
    for lang in ["nl", "de", "sk"] {
        let line = one_line_error(
            floor()
                .args(args)
                .args(["--lang", lang])
                .envs(env.iter().copied())
                .timeout(TIMEOUT),
        );
        if let Some(word) = english_in(&line, args) {
            panic!("{args:?} --lang {lang}: English `{word}` in: {line}");
        }
    }
}

/// Longer than any refusal takes: a FIFO or device that was read would hang.
const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// Words of English messages that Dutch, German and Slovak ones never use.
const ENGLISH: &[&str] = &[
    "the", "is not", "does not", "cannot", "must", "expected", "unknown", "found", "should",
    "invalid", "missing", "give", "with", "while", "error", "no such", "denied", "see",
];

/// The first English word or phrase of [`ENGLISH`] in `line`, leaving out
/// what is data: the arguments given, and anything in backticks, quotes or
/// `<…>` (a value, an id, a clap value name).
fn english_in(line: &str, args: &[&str]) -> Option<String> {
    let mut text = line.to_string();
    for arg in args.iter().filter(|a| a.len() > 2) {
        text = text.replace(arg, " ");
    }
    let mut plain = String::new();
    let mut close = None;
    for c in text.chars() {
        match (close, c) {
            (Some(end), c) if c == end => close = None,
            (Some(_), _) => {}
            (None, '`') => close = Some('`'),
            (None, '"') => close = Some('"'),
            (None, '<') => close = Some('>'),
            (None, c) => plain.push(c),
        }
    }
    let words: Vec<String> = plain
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let pairs = words.windows(2).map(|w| w.join(" "));
    words
        .iter()
        .cloned()
        .chain(pairs)
        .find(|w| ENGLISH.contains(&w.as_str()))
}

#[test]
fn the_english_check_finds_english_and_leaves_data_alone() {
    assert_eq!(
        english_in("fout: `the` is geen waarde", &[]),
        None,
        "backticks are data"
    );
    assert_eq!(
        english_in(
            "Fehler: --data /x/the-dir ist kein Verzeichnis",
            &["/x/the-dir"]
        ),
        None
    );
    assert_eq!(
        english_in("Fehler: `jump` is not an action", &[]).as_deref(),
        Some("is not")
    );
    assert_eq!(
        english_in("chyba: unknown field `colour`", &[]).as_deref(),
        Some("unknown")
    );
}

fn bet(answer: &str) -> Vec<String> {
    [
        "incident",
        "bet",
        "--answer",
        "big_blind=100",
        "--answer",
        answer,
    ]
    .iter()
    .map(ToString::to_string)
    .collect()
}

fn bad_owned(args: Vec<String>, needles: &[&str]) {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    bad(&refs, needles);
}

#[test]
fn unknown_names_say_what_exists() {
    bad(
        &["rule", "43", "--rules", "xyz"],
        &["unknown edition `xyz`", "floor editions"],
    );
    bad(
        &["rule", "43", "--rules", "onk-2032-nl"],
        &["nearest: onk-2023-nl"],
    );
    bad(
        &["rule", "999", "--rules", "onk-2023-nl"],
        &["has no rule `999`", "nearest: 71"],
    );
    bad(
        &["rule", "RP-99", "--rules", "onk-2023-nl"],
        &["has no rule `RP-99`", "nearest: RP-19"],
    );
    bad(
        &["rule", "MEC-9", "--rules", "onk-2023-nl"],
        &["has no rule `MEC-9`", "MEC-8"],
    );
    bad(
        &["rule", "43-Q", "--rules", "dpc-2019-en"],
        &["rule 43 has no part `Q`", "A, B"],
    );
    bad(
        &["rule", "48", "--rules", "tda-2019-sk"],
        &["tda-2019-sk has no rule `48`"],
    );
    bad(
        &["rule", "raise-amountz"],
        &["unknown rule or concept `raise-amountz`", "raise-amounts"],
    );
    bad(
        &["rule", "special-needs", "--rules", "dpc-2019-en"],
        &["dpc-2019-en has no rule for `special-needs`", "--all"],
    );
    bad(
        &["incident", "bett"],
        &["unknown incident `bett`", "nearest: bet", "--list"],
    );
    bad(
        &["incident", "clock", "--answer", "facing=1"],
        &["`facing` is not a question of `clock`", "facing_bet"],
    );
    bad(
        &["compare", "onk-2023-nl", "xyz"],
        &["unknown edition `xyz`"],
    );
    bad(
        &[
            "compare",
            "onk-2023-nl",
            "pokerpunt-nl",
            "--concept",
            "nope",
        ],
        &["unknown rule or concept `nope`"],
    );
    bad(
        &["--lang", "fr", "editions"],
        &["`fr` is not a UI language", "en, nl, de or sk"],
    );
    bad(&["search"], &["<QUERY>", "--help"]);
    bad(
        &["--color", "sometimes", "editions"],
        &["sometimes", "--help"],
    );
    bad(&["search", "x", "--limit", "0"], &["--limit", "--help"]);
    bad(
        &["incident", "clock", "--answer", "facing_bet"],
        &["not KEY=VALUE", "facing=1200"],
    );
    bad(&["frobnicate"], &["frobnicate", "--help"]);
    bad(&["--game", "poker", "editions"], &["`poker`", "no-limit"]);
    refused(
        &["editions"],
        &[("FLOOR_GAME", "poker")],
        &["FLOOR_GAME", "`poker` is not a game"],
    );
    let config = fixtures().join("config-game.yaml");
    std::fs::write(&config, "game: poker\n").expect("write");
    refused(
        &["editions"],
        &[("FLOOR_CONFIG", config.to_str().expect("utf-8"))],
        &["config-game.yaml", "`poker` is not a game"],
    );
}

#[test]
fn malformed_amounts_name_the_key_and_the_fix() {
    for (value, needle) in [
        ("12OO", "contains `O`"),
        ("-5", "is negative"),
        ("1e9", "contains `e`"),
        ("٣٠٠", "contains `٣`"),
        ("18446744073709551616", "too large"),
        ("99999999999999999999999k", "too large"),
        ("1.20", "whole number of chips"),
        ("1,2345k", "1.2k"),
        ("abc", "contains `a`"),
        ("1..200", "whole number"),
    ] {
        bad_owned(bet(&format!("facing={value}")), &["`facing=", needle]);
    }
}

/// A count (minutes, cards, players) that is no whole number says so,
/// never that it is no number of chips.
#[test]
fn a_count_that_is_no_whole_number_is_refused_as_a_count() {
    for value in ["0,5", "1.5", "-1", "x"] {
        let answer = format!("minutes_since_award={value}");
        let args = [
            "incident",
            "dispute-window",
            "--rules",
            "onk-2023-nl",
            "--answer",
            "dispute=reading",
            "--answer",
            "during_break=yes",
            "--answer",
            answer.as_str(),
        ];
        bad(
            &args,
            &["`minutes_since_award=", "not a whole number", "0 to 1440"],
        );
        let line = one_line_error(floor().args(args));
        assert!(!line.contains("chip"), "{line}");
    }
}

/// Pre-flop a player faces at least the big blind: a bet faced below it,
/// the default 0 included, is refused on every betting incident told in
/// numbers, never ruled as a first bet (pot-limit ruled "Maximum: 150 (to
/// call: 0)" pre-flop with 150 in the pot).
#[test]
fn pre_flop_a_bet_faced_below_the_big_blind_is_refused() {
    for (incident, extra) in [
        ("pot-limit", &["pot=150"][..]),
        ("pot-limit", &["pot=150", "facing=50"][..]),
        ("bet", &["pushed=300"][..]),
        ("incorrect-bet", &["game=limit", "total=300"][..]),
    ] {
        let mut args = vec!["incident", incident, "--rules", "dpc-2019-en"];
        for a in ["street=preflop", "big_blind=100"].iter().chain(extra) {
            args.extend(["--answer", a]);
        }
        bad(&args, &["`facing`", "pre-flop", "(100)"]);
    }
    // A short blind is faced at its full size (54-B): no refusal.
    floor()
        .args(["incident", "pot-limit", "--rules", "dpc-2019-en"])
        .args(["--answer", "street=preflop", "--answer", "big_blind=100"])
        .args(["--answer", "pot=110", "--answer", "short_blind=yes"])
        .args(["--answer", "blind_posted=60"])
        .assert()
        .success();
}

/// `KEY=` is no answer, as Enter at the prompt: on the command line and in
/// an answers file (`key:` alone or `key: ""`) the ruling is the one given
/// when the key is left out (here the default 0 of `facing`, the stated
/// "enough" of `stack`).
#[test]
fn an_empty_answer_is_no_answer_on_every_path() {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ruled = |args: &[&str]| {
        let out = floor()
            .args(["incident", "bet", "--json"])
            .args(args)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let left_out = ruled(&["--answer", "big_blind=100", "--answer", "pushed=300"]);
    let empty = ruled(&[
        "--answer",
        "big_blind=100",
        "--answer",
        "facing=",
        "--answer",
        "stack=",
        "--answer",
        "pushed=300",
    ]);
    assert_eq!(empty, left_out);
    for (name, text) in [
        (
            "bare.yaml",
            "big_blind: 100\nfacing:\nstack:\npushed: 300\n",
        ),
        (
            "quoted.yaml",
            "big_blind: 100\nfacing: \"\"\nstack: ''\npushed: 300\n",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        let path = path.display().to_string();
        assert_eq!(ruled(&["--answers", &path]), left_out, "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn contradictory_answers_are_refused() {
    // More called than the bettor's last bet: a raise over it would have
    // made him the caller.
    bad(
        &[
            "incident",
            "showdown-retrieval",
            "--answer",
            "situation=bettor-mucked",
            "--answer",
            "retrievable=no",
            "--answer",
            "bet=1000",
            "--answer",
            "called=3000",
        ],
        &["called", "3000", "1000"],
    );
    bad(
        &[
            "incident",
            "bet",
            "--answer",
            "facing=100",
            "--answer",
            "pushed=500",
            "--answer",
            "stack=200",
        ],
        &["pushed", "stack"],
    );
    bad(
        &[
            "incident",
            "undercall",
            "--answer",
            "heads_up=yes",
            "--answer",
            "facing=1000",
            "--answer",
            "pushed=1500",
        ],
        &["pushed"],
    );
    bad(
        &[
            "incident",
            "split-pot",
            "--answer",
            "pot=100",
            "--answer",
            "winners=2,11",
            "--answer",
            "button=1",
        ],
        &["winners=2,11", "seats are 1 to 10"],
    );
    bad(
        &[
            "incident",
            "split-pot",
            "--answer",
            "pot=100",
            "--answer",
            "winners=4,5",
            "--answer",
            "button=1",
            "--answer",
            "seats=1-3",
        ],
        &["winners"],
    );
    bad(
        &[
            "incident",
            "split-pot",
            "--answer",
            "pot=100",
            "--answer",
            "winners=2",
            "--answer",
            "button=0",
        ],
        &["button=0", "1 to 10"],
    );
    bad(
        &[
            "incident",
            "split-pot",
            "--answer",
            "pot=101",
            "--answer",
            "winners=1,2",
            "--answer",
            "button=3",
            "--answer",
            "smallest_chip=25",
        ],
        &["pot"],
    );
    bad(
        &[
            "incident",
            "side-pots",
            "--answer",
            "contributions=1:500,12:400",
        ],
        &["contributions"],
    );
    bad(
        &[
            "incident",
            "side-pots",
            "--answer",
            "contributions=1:500,1:400",
        ],
        &["contributions"],
    );
    // Pot-limit, the pot before the round told: a raise over the pot.
    bad(
        &[
            "incident",
            "side-pots",
            "--answer",
            "actions=A:bet:500,B:raise:2100,C:call,A:call",
            "--answer",
            "game=pot-limit",
            "--answer",
            "big_blind=100",
            "--answer",
            "pot_before=500",
        ],
        &["actions", "2100", "2000"],
    );
    bad(
        &["incident", "side-pots", "--answer", "contributions=1:abc"],
        &["contributions"],
    );
    bad(
        &[
            "incident",
            "side-pots",
            "--answer",
            "contributions=1:500,2:500",
            "--answer",
            "folded=7",
        ],
        &["folded"],
    );
    bad(
        &[
            "incident",
            "reopening",
            "--answer",
            "big_blind=100",
            "--answer",
            "actions=A:bet:200,B:fold",
            "--answer",
            "player=B",
        ],
        &["player"],
    );
    bad(
        &[
            "incident",
            "reopening",
            "--answer",
            "big_blind=100",
            "--answer",
            "actions=A:jump:200",
            "--answer",
            "player=A",
        ],
        &["actions"],
    );
    // A player named as the actions name one but for case is a slip, not
    // a player who has not acted (which flipped "closed" to "reopened").
    bad(
        &[
            "incident",
            "reopening",
            "--answer",
            "big_blind=200",
            "--answer",
            "actions=A:bet:1000,B:all-in:1400,C:call:1400",
            "--answer",
            "player=a",
        ],
        &["player", "give A"],
    );
    bad(
        &["incident", "balance", "--answer", "tables=1:12"],
        &["tables"],
    );
    bad(
        &["incident", "balance", "--answer", "tables=1:5,1:6"],
        &["tables"],
    );
    bad(
        &["incident", "penalty", "--answer", "players_at_table=1"],
        &["players_at_table=1", "2 to 10"],
    );
    bad(
        &["incident", "penalty", "--answer", "players_at_table=11"],
        &["players_at_table=11"],
    );
    bad(
        &[
            "incident",
            "heads-up-button",
            "--answer",
            "players=3",
            "--answer",
            "last_big_blind=3",
            "--answer",
            "button=3",
        ],
        &["players"],
    );
    bad(
        &["incident", "clock", "--answer", "facing_bet=maybe"],
        &["facing_bet=maybe", "yes or no"],
    );
    bad_owned(
        bet("game=poker"),
        &["game=poker", "no-limit, pot-limit, limit"],
    );
    bad(
        &[
            "incident",
            "substantial-action",
            "--answer",
            "actions=check,jump",
        ],
        &["actions"],
    );
}

#[test]
fn missing_answers_list_every_key_with_its_question() {
    bad(
        &["incident", "split-pot", "--answer", "pot=100"],
        &["winners (", "button ("],
    );
    bad(
        &["incident", "clock"],
        &["facing_bet (Does the player face a bet?)"],
    );
}

#[test]
fn malformed_answers_files() {
    let clock = |f: &str| {
        vec![
            "incident".to_string(),
            "clock".into(),
            "--answers".into(),
            file(f),
        ]
    };
    bad_owned(clock("syntax.yaml"), &["syntax.yaml:"]);
    bad_owned(
        clock("types.yaml"),
        &[
            "types.yaml",
            "`facing` must be a number, text, yes/no or a list",
        ],
    );
    bad_owned(
        clock("unknown-key.yaml"),
        &["`shoe` is not a question of `clock`"],
    );
    bad_owned(
        clock("duplicate.yaml"),
        &["duplicate.yaml:2:1", "`facing_bet` is given twice"],
    );
    bad_owned(
        clock("list.yaml"),
        &["list.yaml", "must be a map of answers"],
    );
    bad_owned(clock("empty.yaml"), &["empty.yaml", "is empty"]);
    bad_owned(
        clock("deep.yaml"),
        &["deep.yaml:1:", "nested more than 32 levels deep"],
    );
    bad_owned(
        clock("deep-block.yaml"),
        &["deep-block.yaml:", "nested more than 32 levels deep"],
    );
    bad_owned(clock("bomb.yaml"), &["bomb.yaml:1:", "aliases"]);
    bad_owned(
        clock("latin1.yaml"),
        &["latin1.yaml is not UTF-8", "offset 24"],
    );
    bad_owned(
        clock("100mb.yaml"),
        &["100mb.yaml is larger than 4 MiB", "limit"],
    );
    bad_owned(clock("missing.yaml"), &["cannot read", "missing.yaml"]);
    bad_owned(clock("a-directory"), &["a-directory"]);
}

#[test]
fn malformed_house_overlays() {
    let house = |f: &str| vec!["rule".to_string(), "29".into(), "--house".into(), file(f)];
    bad_owned(house("h-syntax.yaml"), &["h-syntax.yaml:"]);
    bad_owned(house("h-types.yaml"), &["h-types.yaml:3:", "title"]);
    bad_owned(
        house("h-unknown-key.yaml"),
        &["h-unknown-key.yaml:5:1", "unknown key `colour`", "`house`"],
    );
    bad_owned(
        house("h-duplicate.yaml"),
        &["h-duplicate.yaml:5:1", "`title` is given twice"],
    );
    bad_owned(house("h-empty.yaml"), &["h-empty.yaml", "is empty"]);
    bad_owned(
        house("h-extends.yaml"),
        &["extends: unknown edition `onk-2099`"],
    );
    bad_owned(
        house("h-no-extends.yaml"),
        &["missing `extends: <edition>`"],
    );
    bad_owned(
        house("h-concept.yaml"),
        &["h-concept.yaml:10:14", "unknown concept `calling-clok`"],
    );
    bad_owned(
        house("h-clash.yaml"),
        &["h-clash.yaml:6:", "number `MEC-2` is already used"],
    );
    bad_owned(
        house("h-rule.yaml"),
        &["h-rule.yaml:6:", "rule `99` does not exist"],
    );
    bad_owned(
        house("h-param.yaml"),
        &[
            "h-param.yaml:",
            "unknown key `clock_secs`",
            "`clock_seconds`",
        ],
    );
    bad_owned(
        house("h-bundled-id.yaml"),
        &["`pokerpunt-nl` is a bundled edition"],
    );
    bad_owned(house("h-bomb.yaml"), &["aliases"]);
    bad_owned(house("h-latin1.yaml"), &["is not UTF-8"]);
    bad_owned(house("100mb.yaml"), &["limit"]);
    bad_owned(house("missing.yaml"), &["cannot read", "missing.yaml"]);
}

#[test]
fn missing_or_broken_data_trees() {
    bad(
        &["rule", "43", "--data", "/nonexistent/floor-data"],
        &["/nonexistent/floor-data is not a directory"],
    );
    bad_owned(
        vec![
            "rule".into(),
            "43".into(),
            "--data".into(),
            file("not-a-dir"),
        ],
        &["is not a directory"],
    );
    bad_owned(
        vec![
            "rule".into(),
            "43".into(),
            "--data".into(),
            file("data-empty"),
        ],
        &["has no locales/ folder"],
    );
    bad_owned(
        vec![
            "rule".into(),
            "43".into(),
            "--data".into(),
            file("data-broken"),
        ],
        &["ui.yaml:2:11"],
    );
    bad_owned(
        vec!["editions".into(), "--data".into(), file("data-lang")],
        &["`fr` is not a language"],
    );
}

#[test]
fn unusable_log_paths() {
    bad(
        &[
            "incident",
            "clock",
            "--answer",
            "facing_bet=yes",
            "--log",
            "/nonexistent/dir/rulings.jsonl",
        ],
        &[
            "cannot open the log /nonexistent/dir/rulings.jsonl",
            "writable --log",
        ],
    );
    bad_owned(
        vec![
            "incident".into(),
            "clock".into(),
            "--answer".into(),
            "facing_bet=yes".into(),
            "--log".into(),
            file("a-directory"),
        ],
        &["is not a regular file"],
    );
    bad(&["log", "show"], &["no log file", "--log FILE"]);
    bad(
        &["log", "show", "--log", "/nonexistent/rulings.jsonl"],
        &["cannot read the log"],
    );
    // A duration back past the calendar's reach is no time either, not a
    // failure of the system.
    for since in ["yesterday", "20000y"] {
        bad_owned(
            vec![
                "log".into(),
                "show".into(),
                "--log".into(),
                file("empty.yaml"),
                "--since".into(),
                since.into(),
            ],
            &[&format!("--since `{since}` is not a time")],
        );
    }
}

#[test]
fn closed_stdin_never_prompts_and_logs_nothing() {
    let log = fixtures().join("closed-stdin.jsonl");
    floor()
        .args(["incident", "clock", "--log"])
        .arg(&log)
        .write_stdin("")
        .assert()
        .code(2);
    assert!(!log.exists());
}

/// A FIFO at `name` in the fixtures (made once).
fn fifo(name: &str) -> String {
    let path = fixtures().join(name);
    if !path.exists() {
        nix::unistd::mkfifo(&path, nix::sys::stat::Mode::S_IRWXU).expect("mkfifo");
    }
    path.display().to_string()
}

#[test]
fn files_that_are_not_regular_files_are_refused_at_once() {
    // A FIFO would block forever; a device would be read without end.
    let f = fifo("answers.fifo");
    let ext = fifo("ext-fifo.yaml");
    let dir = file("a-directory");
    let extends = |name: &str, target: &str| {
        let path = fixtures().join(name);
        std::fs::write(
            &path,
            format!("id: club-x\nextends: {target}\ntitle: t\nhouse: h\n"),
        )
        .expect("write");
        path.display().to_string()
    };
    let via_fifo = extends("h-extends-fifo.yaml", &ext);
    let via_device = extends("h-extends-device.yaml", "/dev/zero");
    let book = crate::common::house_book(&fixtures()).display().to_string();
    let not_a_file = "not a regular file";
    for path in [f.as_str(), "/dev/zero", "/dev/urandom", dir.as_str()] {
        bad(&["incident", "clock", "--answers", path], &[not_a_file]);
        bad(&["rule", "29", "--house", path], &[not_a_file]);
        bad(&["log", "show", "--log", path], &[not_a_file]);
        // A directory's hand files are replayed (see tests/it/hand.rs).
        if path != dir.as_str() {
            bad(&["hand", path], &[not_a_file]);
        }
        bad(&["incident", "bet", "--hand", path], &[not_a_file]);
        bad(&["compare", path, "onk-2023-nl"], &[not_a_file]);
        bad(&["import", path], &[not_a_file]);
        // Written, not read: refused before a byte is written.
        bad(
            &["import", &book, "--base", "onk-2023-nl", "--out", path],
            &[not_a_file],
        );
        refused(&["editions"], &[("FLOOR_CONFIG", path)], &[not_a_file]);
    }
    bad(
        &["rule", "29", "--house", &via_fifo],
        &["extends", not_a_file],
    );
    bad(
        &["rule", "29", "--house", &via_device],
        &["extends", not_a_file],
    );
    bad(
        &[
            "incident",
            "clock",
            "--answer",
            "facing_bet=yes",
            "--log",
            f.as_str(),
        ],
        &[not_a_file],
    );
}

/// A copy of the bundled English data (UI, one edition, concepts, the clock
/// ruling) in the fixtures, under `name`.
fn english_tree(name: &str) -> PathBuf {
    let root = fixtures().join(name);
    if !root.exists() {
        let embedded = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::create_dir_all(root.join("locales/en")).expect("dir");
        std::fs::create_dir_all(root.join("rulings")).expect("dir");
        for rel in [
            "locales/en/ui.yaml",
            "locales/en/dpc-2019-en.yaml",
            "locales/concepts.yaml",
            "rulings/clock.yaml",
        ] {
            std::fs::copy(embedded.join(rel), root.join(rel)).expect("copy");
        }
    }
    root
}

#[test]
fn a_data_tree_never_leads_out_of_itself() {
    let outside = english_tree("data-outside");
    // locales/ itself a link out of the tree: refused, the link named.
    let linked = fixtures().join("data-linked");
    if !linked.exists() {
        std::fs::create_dir_all(&linked).expect("dir");
        std::os::unix::fs::symlink(outside.join("locales"), linked.join("locales"))
            .expect("symlink");
    }
    let linked = linked.display().to_string();
    bad(
        &["editions", "--data", &linked],
        &["locales/", "symbolic link"],
    );
    // rulings/ a link: refused the same way.
    let rulings = fixtures().join("data-linked-rulings");
    if !rulings.exists() {
        std::fs::create_dir_all(rulings.join("locales")).expect("dir");
        std::os::unix::fs::symlink(outside.join("rulings"), rulings.join("rulings"))
            .expect("symlink");
    }
    let rulings = rulings.display().to_string();
    bad(
        &["editions", "--data", &rulings],
        &["rulings/", "symbolic link"],
    );
    // A language folder that links out: its files are not part of the tree.
    let inner = fixtures().join("data-linked-inner");
    if !inner.exists() {
        std::fs::create_dir_all(inner.join("locales")).expect("dir");
        std::os::unix::fs::symlink(outside.join("locales/en"), inner.join("locales/en"))
            .expect("symlink");
    }
    let inner = inner.display().to_string();
    bad(
        &["editions", "--data", &inner, "--lang", "en"],
        &["locales/en/ui.yaml", "missing"],
    );
    // The same files inside the tree are read.
    floor()
        .args(["editions", "--data"])
        .arg(&outside)
        .assert()
        .success();
}

#[test]
fn a_byte_order_mark_is_accepted_in_every_file() {
    const BOM: &str = "\u{feff}";
    let answers = fixtures().join("bom-answers.yaml");
    std::fs::write(&answers, format!("{BOM}facing_bet: yes\n")).expect("write");
    floor()
        .args(["incident", "clock", "--json", "--answers"])
        .arg(&answers)
        .assert()
        .success();
    let tree = english_tree("data-bom");
    let edition = tree.join("locales/en/dpc-2019-en.yaml");
    let text = std::fs::read_to_string(&edition).expect("read");
    if !text.starts_with(BOM) {
        std::fs::write(&edition, format!("{BOM}{text}")).expect("write");
    }
    let out = floor()
        .args(["rule", "43", "--data"])
        .arg(&tree)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8_lossy(&out).contains("43"));
    let house = fixtures().join("bom-house.yaml");
    std::fs::write(
        &house,
        format!("{BOM}id: club-bom\nextends: onk-2023-nl\ntitle: t\nhouse: h\n"),
    )
    .expect("write");
    floor()
        .args(["rule", "29", "--house"])
        .arg(&house)
        .assert()
        .success();
    // A log saved by an editor: the first entry is read, nothing skipped.
    let log = fixtures().join("bom-log.jsonl");
    let _ = std::fs::remove_file(&log);
    crate::common::log_one_ruling(&log);
    let line = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, format!("{BOM}{line}")).expect("write");
    let out = floor()
        .args(["log", "show", "--json", "--log"])
        .arg(&log)
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn an_over_long_log_line_is_skipped_in_bounded_memory() {
    // One line of 256 MiB (a sparse file: no disk) after a real entry.
    let log = fixtures().join("long-line.jsonl");
    let _ = std::fs::remove_file(&log);
    crate::common::log_one_ruling(&log);
    let file = std::fs::OpenOptions::new()
        .append(true)
        .open(&log)
        .expect("open");
    let len = file.metadata().expect("meta").len();
    file.set_len(len + 256 * 1024 * 1024).expect("sparse line");
    drop(file);
    #[expect(
        clippy::zombie_processes,
        reason = "waited for with wait4, which also reports its peak memory"
    )]
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_floor"))
        .args(["log", "show", "--no-pager", "--log"])
        .arg(&log)
        .env_clear()
        .env("LANG", "en_US.UTF-8")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let stderr = std::io::read_to_string(child.stderr.take().expect("stderr")).expect("stderr");
    let stdout = std::io::read_to_string(child.stdout.take().expect("stdout")).expect("stdout");
    let (status, max_rss_kb) = wait_with_peak_memory(&child);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("Rulings: 1"), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("unreadable lines skipped: 1, the first at line 2"),
        "{stderr}"
    );
    assert!(
        max_rss_kb < 64 * 1024,
        "log show held {max_rss_kb} KB for a 256 MiB line"
    );
    let _ = std::fs::remove_file(&log);
}

/// Waits for `child`: its exit code and its peak resident memory in KB.
fn wait_with_peak_memory(child: &std::process::Child) -> (i32, i64) {
    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    let mut status = 0;
    // SAFETY: wait4 writes only into the two locals it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

#[test]
fn an_overlay_parameter_out_of_range_names_its_place_and_range() {
    let path = fixtures().join("h-range.yaml");
    std::fs::write(
        &path,
        "id: club-x\nextends: onk-2023-nl\ntitle: Club X\nhouse: Club X\nrules:\n  - number: \"26\"\n    params: {halt_threshold: 300}\n",
    )
    .expect("write");
    let path = path.display().to_string();
    bad(
        &[
            "incident",
            "balance",
            "--answer",
            "tables=9,5",
            "--house",
            &path,
        ],
        &["h-range.yaml:7:30", "halt_threshold", "300", "give 2 to 9"],
    );
    bad(
        &["check", "--house", &path],
        &["h-range.yaml:7:30", "give 2 to 9"],
    );
    let path = fixtures().join("h-kind.yaml");
    std::fs::write(
        &path,
        "id: club-x\nextends: onk-2023-nl\ntitle: Club X\nhouse: Club X\nrules:\n  - number: \"26\"\n    params: {halt_threshold: many}\n",
    )
    .expect("write");
    let path = path.display().to_string();
    bad(
        &["rule", "29", "--house", &path],
        &[
            "h-kind.yaml:7:",
            "halt_threshold",
            "a whole number from 2 to 9",
        ],
    );
}

#[test]
fn a_data_tree_with_symlink_cycles_is_walked_once() {
    let root = fixtures().join("data-cycles");
    if !root.exists() {
        let embedded = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::create_dir_all(root.join("locales/en")).expect("dir");
        for (from, to) in [
            ("locales/en/ui.yaml", "locales/en/ui.yaml"),
            ("locales/en/dpc-2019-en.yaml", "locales/en/dpc-2019-en.yaml"),
            ("locales/concepts.yaml", "locales/concepts.yaml"),
        ] {
            std::fs::copy(embedded.join(from), root.join(to)).expect("copy");
        }
        for l in ["a", "b"] {
            std::os::unix::fs::symlink(".", root.join("locales").join(l)).expect("symlink");
        }
    }
    floor()
        .args(["editions", "--data"])
        .arg(&root)
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .success();
}

#[test]
fn an_answers_file_follows_the_answer_grammar() {
    let path = fixtures().join("hex.yaml");
    std::fs::write(&path, "remaining: 0x10\npaid: 9\nbusted: 1\n").expect("write");
    let stderr = one_line_error(
        floor()
            .args(["incident", "hand-for-hand", "--answers"])
            .arg(&path),
    );
    assert!(stderr.contains("0x10"), "{stderr}");
    std::fs::write(&path, "facing_bet: +16\n").expect("write");
    one_line_error(floor().args(["incident", "clock", "--answers"]).arg(&path));
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let hostile = "\u{1b}]0;PWNED\u{7}\u{1b}[2J";
    for args in [
        vec!["rule", hostile],
        vec!["rule", "43", "--rules", hostile],
        vec!["incident", hostile],
        vec!["incident", "clock", "--answer", &*format!("{hostile}=1")],
    ] {
        let out = floor().args(&args).output().expect("runs");
        let all = [out.stdout, out.stderr].concat();
        assert!(
            !all.contains(&0x1b) && !all.contains(&0x07),
            "{args:?}: {}",
            String::from_utf8_lossy(&all)
        );
    }
    // The query is echoed on stdout, escaped, whatever the colour setting.
    let out = floor()
        .args(["search", hostile, "--color", "always"])
        .output()
        .expect("runs");
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("\u{1b}]0"),
        "OSC passed"
    );
}

#[test]
fn failures_of_the_system_exit_1() {
    // A device as the log (/dev/full fails every write) is bad input,
    // refused before a byte is written.
    floor()
        .args([
            "incident",
            "clock",
            "--answer",
            "facing_bet=yes",
            "--log",
            "/dev/full",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not a regular file"));
    // Standard output closed or full: the output went nowhere, whatever
    // the command (help and version included).
    for (args, redirect) in [
        ("editions", ">&-"),
        ("--help", ">&-"),
        ("--version", ">&-"),
        ("rule --help", ">&-"),
        ("", ">&-"),
        ("editions", ">/dev/full"),
        ("--help", ">/dev/full"),
    ] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("{} {args} {redirect}", env!("CARGO_BIN_EXE_floor")))
            .env_clear()
            .env("LANG", "en_US.UTF-8")
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "floor {args} {redirect}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).lines().count(),
            1,
            "floor {args} {redirect}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // A device as the log is refused in the UI language.
    let out = floor()
        .args([
            "--lang",
            "de",
            "incident",
            "clock",
            "--answer",
            "facing_bet=yes",
        ])
        .args(["--log", "/dev/full"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.starts_with("Fehler: das Protokoll /dev/full ist keine"),
        "{said}"
    );
    for (redirect, said) in [
        (
            ">&-",
            "Fehler: die Ausgabe kann nicht geschrieben werden: die Standardausgabe ist geschlossen",
        ),
        (
            ">/dev/full",
            "Fehler: die Ausgabe kann nicht geschrieben werden: kein Platz mehr auf dem Gerät",
        ),
    ] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "{} --lang de editions {redirect}",
                env!("CARGO_BIN_EXE_floor")
            ))
            .env_clear()
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "{redirect}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), said);
    }
}

/// Under `--json` a failure is written twice on stderr: the line a person
/// reads, then one JSON object a script branches on (its message key, the
/// same localized text, the arguments, the exit code). Every kind of
/// failure and both exit codes, through the binary.
#[test]
fn under_json_every_failure_is_also_one_json_object_on_stderr() {
    let dir = fixtures();
    let syntax = dir.join("syntax.yaml");
    let bomb = dir.join("bomb.yaml");
    let missing_log = dir.join("no-such-dir/rulings.jsonl");
    let cases: Vec<(Vec<std::ffi::OsString>, &str, i32)> = vec![
        (args(&["rule", "999"]), "unknown_rule", 2),
        (args(&["rulez"]), "usage", 2),
        (
            args(&["--lang", "de", "incident", "bet", "--answer", "x=1"]),
            "unknown_key",
            2,
        ),
        (args(&["incident", "nope"]), "unknown_incident", 2),
        (
            args(&["incident", "bet", "--answer", "facing=12OO"]),
            "invalid_answer",
            2,
        ),
        (
            with(&["incident", "clock", "--answers"], &syntax),
            "file_problem",
            2,
        ),
        (
            with(&["incident", "clock", "--answers"], &bomb),
            "file_problem",
            2,
        ),
        (
            with(&["log", "show", "--log"], &missing_log),
            "log_unreadable",
            2,
        ),
        (args(&["search", &"x".repeat(5000)]), "query_too_long", 2),
    ];
    for (argv, key, exit) in cases {
        let out = floor().args(&argv).arg("--json").output().expect("runs");
        check_json_failure(&argv, &out, key, exit);
    }
    // A failure of the system (exit 1): the output cannot be written.
    #[cfg(target_os = "linux")]
    {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let argv = args(&["rule", "43"]);
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("floor"))
            .env_clear()
            .env("LANG", "en_US.UTF-8")
            .args(&argv)
            .arg("--json")
            .stdout(full)
            .output()
            .expect("runs");
        check_json_failure(&argv, &out, "write_output", 1);
    }
    // A command group with nothing after it, `--json` written before it or
    // after it: the same keyed failure (clap would print the group's help).
    for argv in [args(&["--json", "log"]), args(&["log", "--json"])] {
        let out = floor().args(&argv).output().expect("runs");
        check_json_failure(&argv, &out, "usage", 2);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("floor log"),
            "{argv:?}"
        );
    }
    // Without `--json`, the one line alone.
    let mut plain = floor();
    plain.args(["rule", "999"]);
    assert!(!one_line_error(&mut plain).contains('{'));
}

fn args(list: &[&str]) -> Vec<std::ffi::OsString> {
    list.iter().map(Into::into).collect()
}

fn with(list: &[&str], path: &Path) -> Vec<std::ffi::OsString> {
    let mut argv = args(list);
    argv.push(path.into());
    argv
}

fn check_json_failure(
    argv: &[std::ffi::OsString],
    out: &std::process::Output,
    key: &str,
    exit: i32,
) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(exit), "{argv:?}: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    let [human, json] = lines[..] else {
        panic!("{argv:?}: two lines expected:\n{stderr}");
    };
    let value: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{argv:?}: {e}: {json}"));
    let error = &value["error"];
    assert_eq!(error["key"], key, "{argv:?}: {json}");
    assert_eq!(error["exit"], exit, "{argv:?}: {json}");
    assert!(error["args"].is_object(), "{argv:?}: {json}");
    let message = error["message"].as_str().expect("message");
    assert!(
        !message.is_empty() && human.ends_with(message),
        "{argv:?}: the JSON text differs from the line:\n{human}\n{message}"
    );
    assert_eq!(
        value.as_object().map(serde_json::Map::len),
        Some(1),
        "{json}"
    );
}

/// A link that leads to itself, a name too long, a path that exists where
/// a folder is to be made: the system's reason is said in the UI language,
/// never in the system's English words alone.
#[test]
fn the_system_s_reasons_are_said_in_the_ui_language() {
    let scratch = crate::common::scratch_dir();
    let dir = scratch.path();
    let looped = dir.join("loop");
    std::os::unix::fs::symlink(&looped, &looped).expect("symlink");
    let long = dir.join(format!("{}.hand", "x".repeat(300)));
    for (lang, link, name) in [
        ("en", "leads back to itself", "too long"),
        ("nl", "leidt naar zichzelf terug", "te lang"),
        ("de", "führt auf sich selbst zurück", "zu lang"),
        ("sk", "vedie späť sám na seba", "príliš dlhý"),
    ] {
        for (args, want) in [
            (vec!["--house", looped.to_str().unwrap(), "rule", "1"], link),
            (vec!["hand", long.to_str().unwrap()], name),
        ] {
            let line = one_line_error(floor().args(["--lang", lang]).args(&args));
            assert!(line.contains(want), "{lang} {args:?}: {line}");
            assert!(!line.contains("os error"), "{lang} {args:?}: {line}");
        }
    }
}
