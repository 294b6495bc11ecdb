//! The interactive walkthrough through a pseudo-terminal: prompts answered
//! as a user would, in two UI languages, going back a question with Esc (on
//! a list) and `<` (typed), Ctrl-C leaving with 130.

use std::process::Command;

use floor::data::DataSource;
use floor::rules::Lang;
use floor::ui::Ui;
use nix::sys::wait::WaitStatus;
use rexpect::session::PtySession;

const ENTER: &str = "\r";
const ESC: &str = "\x1b";

fn spawn(args: &[&str]) -> PtySession {
    spawn_with(args, &[])
}

/// `floor` in a pseudo-terminal, English unless `env` says otherwise.
pub fn spawn_with(args: &[&str], env: &[(&str, &str)]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_floor"));
    cmd.args(args)
        .env_clear()
        .env("TERM", "xterm")
        .env("LANG", "en_US.UTF-8")
        .env("COLUMNS", "100")
        .envs(env.iter().copied());
    rexpect::session::spawn_command(cmd, Some(10_000)).expect("spawn in a pty")
}

/// A UI text of the bundled data, as the prompt shows it.
fn text(lang: Lang, key: &str) -> String {
    Ui::load(&DataSource::Embedded, lang)
        .expect("ui loads")
        .get(key)
        .unwrap_or_else(|| panic!("{key}"))
        .to_string()
}

fn question(lang: Lang, incident: &str, id: &str) -> String {
    text(lang, &format!("incidents.{incident}.q.{id}.text"))
}

/// rexpect hands the terminal's bytes back one char per byte, so non-ASCII
/// text is matched in that form.
fn bytes(s: &str) -> String {
    s.bytes().map(char::from).collect()
}

fn expect(p: &mut PtySession, s: &str) {
    p.exp_string(&bytes(s))
        .unwrap_or_else(|e| panic!("waiting for {s:?}: {e}"));
}

/// Waits for a list prompt to be drawn (its last item), then sends `key`:
/// keys sent before the list is drawn would be read in line mode.
fn pick(p: &mut PtySession, question: &str, last_item: &str, key: &str) {
    expect(p, question);
    expect(p, last_item);
    p.send(key).expect("send");
    p.flush().expect("flush");
}

/// Waits for an input prompt, then types `line`.
fn type_line(p: &mut PtySession, question: &str, line: &str) {
    expect(p, question);
    expect(p, "\u{203a}");
    p.send_line(line).expect("send");
}

/// Answers the clock's one question "no" in English; expects its outcome.
fn clock_in_english_without_a_bet(p: &mut PtySession) {
    pick(
        p,
        &question(Lang::En, "clock", "facing_bet"),
        &text(Lang::En, "incident.no"),
        ENTER,
    );
    expect(p, "30 seconds, then the hand is dead");
}

fn exits_with(p: &mut PtySession, code: i32) {
    match p.process_mut().wait().expect("wait") {
        WaitStatus::Exited(_, c) => assert_eq!(c, code),
        other => panic!("expected exit {code}, got {other:?}"),
    }
}

#[test]
fn clock_in_english_one_question() {
    let mut p = spawn(&[
        "incident",
        "clock",
        "--rules",
        "onk-2023-nl",
        "--lang",
        "en",
    ]);
    clock_in_english_without_a_bet(&mut p);
    expect(&mut p, "Vragen om een klok");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn undercall_in_dutch_going_back_twice() {
    let nl = Lang::Nl;
    let no = text(nl, "incident.no");
    let mut p = spawn(&[
        "incident",
        "undercall",
        "--rules",
        "onk-2023-nl",
        "--lang",
        "nl",
    ]);
    let heads_up = question(nl, "undercall", "heads_up");
    let actions = question(nl, "undercall", "actions");
    let bet_faced = question(nl, "undercall", "bet_faced");
    let later = text(nl, "choices.later-raise");
    pick(&mut p, &heads_up, &no, ENTER); // default: no
    type_line(&mut p, &actions, ""); // the numbers instead
    pick(&mut p, &bet_faced, &later, ESC); // back to the actions
    type_line(&mut p, &actions, "<"); // back to heads-up
    pick(&mut p, &heads_up, &no, ENTER);
    type_line(&mut p, &actions, "");
    pick(&mut p, &bet_faced, &later, ENTER); // first item: the big blind, ONK's opener
    let facing = question(nl, "undercall", "facing");
    let pushed = question(nl, "undercall", "pushed");
    type_line(&mut p, &facing, "1.000");
    type_line(&mut p, &pushed, "<"); // back to facing
    type_line(&mut p, &facing, "1000");
    type_line(&mut p, &pushed, "400");
    type_line(&mut p, &question(nl, "undercall", "in_front"), ""); // default: 0
    let outcome = text(nl, "incidents.undercall.outcome.full-call").replace("{total}", "1000");
    expect(&mut p, &outcome);
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn split_pot_in_german_with_a_rejected_amount() {
    let de = Lang::De;
    let mut p = spawn(&[
        "incident",
        "split-pot",
        "--rules",
        "tda-2015-de",
        "--lang",
        "de",
    ]);
    type_line(&mut p, &question(de, "split-pot", "pot"), "1O25");
    expect(&mut p, "`O`");
    p.send_line("1025").expect("send");
    type_line(&mut p, &question(de, "split-pot", "winners"), "2,7");
    type_line(&mut p, &question(de, "split-pot", "button"), "5");
    type_line(&mut p, &question(de, "split-pot", "smallest_chip"), "25");
    expect(&mut p, "525");
    expect(&mut p, "Zuteilung");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn ctrl_c_leaves_with_130_and_logs_nothing() {
    let log = std::env::temp_dir().join(format!("floor-ctrlc-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let log_arg = log.to_string_lossy().to_string();
    let mut p = spawn(&["incident", "undercall", "--lang", "en", "--log", &log_arg]);
    let no = text(Lang::En, "incident.no");
    pick(
        &mut p,
        &question(Lang::En, "undercall", "heads_up"),
        &no,
        "\x03",
    );
    exits_with(&mut p, 130);
    assert!(!log.exists(), "nothing logged");
}

#[test]
fn floor_alone_on_a_terminal_offers_a_menu_then_the_incident_picker() {
    let en = Lang::En;
    let mut p = spawn(&["--lang", "en", "--rules", "onk-2023-nl"]);
    pick(
        &mut p,
        &text(en, "menu.prompt"),
        &text(en, "menu.editions"),
        ENTER,
    ); // first: incident
    expect(&mut p, &text(en, "incident.pick"));
    // Type to filter, one key at a time, each after the list is redrawn.
    for typed in ["c", "cl", "clo", "cloc", "clock"] {
        p.send(&typed[typed.len() - 1..]).expect("type");
        p.flush().expect("flush");
        // The filter line: the prompt's arrow, a colour reset, the typed text.
        expect(&mut p, &format!("\u{203a}\u{1b}[0m {typed}"));
    }
    p.send(ENTER).expect("pick the best match");
    p.flush().expect("flush");
    clock_in_english_without_a_bet(&mut p);
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn the_edition_is_named_before_the_first_question_and_a_locale_choice_is_pointed_out() {
    let de = Lang::De;
    let mut p = spawn_with(&["incident", "clock"], &[("LANG", "de_DE.UTF-8")]);
    expect(&mut p, "Regelwerk: ");
    expect(&mut p, "(tda-2015-de)");
    // The hint names the locale and the three ways to set the edition.
    expect(&mut p, "LANG=de_DE.UTF-8");
    expect(&mut p, "FLOOR_RULES");
    pick(
        &mut p,
        &question(de, "clock", "facing_bet"),
        &text(de, "incident.no"),
        ENTER,
    );
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);

    let mut p = spawn_with(
        &["incident", "clock"],
        &[
            ("LANG", "de_DE.UTF-8"),
            ("FLOOR_RULES", "onk-2023-nl"),
            ("FLOOR_GAME", "pot-limit"),
        ],
    );
    expect(&mut p, "(onk-2023-nl) · Pot-Limit");
    let before = p
        .exp_string(&bytes(&question(de, "clock", "facing_bet")))
        .expect("the question");
    assert!(
        !before.contains("FLOOR_RULES"),
        "no hint once the edition is set: {before:?}"
    );
}

#[test]
fn an_interactive_ruling_says_where_it_was_logged_after_the_card() {
    let log = std::env::temp_dir().join(format!("floor-logged-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let log_arg = log.to_string_lossy().to_string();
    let nl = Lang::Nl;
    let mut p = spawn_with(
        &["incident", "clock", "--lang", "nl"],
        &[
            ("FLOOR_LOG", log_arg.as_str()),
            ("FLOOR_RULES", "onk-2023-nl"),
        ],
    );
    pick(
        &mut p,
        &question(nl, "clock", "facing_bet"),
        &text(nl, "incident.no"),
        ENTER,
    );
    // The card first (its cited rule), then the line.
    expect(&mut p, "Vragen om een klok");
    expect(&mut p, &text(nl, "log.logged").replace("{file}", &log_arg));
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
    assert_eq!(
        std::fs::read_to_string(&log)
            .expect("logged")
            .lines()
            .count(),
        1
    );
}
