//! The interactive walkthrough through a pseudo-terminal: prompts answered
//! as a user would, in two UI languages, going back a question with Esc (on
//! a list) and `<` (typed), Ctrl-C leaving with 130.

use std::process::Command;

use floor::data::DataSource;
use floor::rules::Lang;
use floor::ui::Ui;
use nix::sys::wait::WaitStatus;
use rexpect::session::PtySession;

pub const ENTER: &str = "\r";
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
pub fn text(lang: Lang, key: &str) -> String {
    Ui::load(&DataSource::Embedded, lang)
        .expect("ui loads")
        .get(key)
        .unwrap_or_else(|| panic!("{key}"))
        .to_string()
}

pub fn question(lang: Lang, incident: &str, id: &str) -> String {
    text(lang, &format!("incidents.{incident}.q.{id}.text"))
}

/// rexpect hands the terminal's bytes back one char per byte, so non-ASCII
/// text is matched in that form.
fn bytes(s: &str) -> String {
    s.bytes().map(char::from).collect()
}

pub fn expect(p: &mut PtySession, s: &str) {
    p.exp_string(&bytes(s))
        .unwrap_or_else(|e| panic!("waiting for {s:?}: {e}"));
}

/// Waits for a list prompt to be drawn (its last item), then sends `key`:
/// keys sent before the list is drawn would be read in line mode.
pub fn pick(p: &mut PtySession, question: &str, last_item: &str, key: &str) {
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

pub fn exits_with(p: &mut PtySession, code: i32) {
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
    pick(&mut p, &question(nl, "undercall", "in_turn"), &no, ENTER); // default: yes
    type_line(&mut p, &question(nl, "undercall", "in_front"), ""); // default: 0
    type_line(&mut p, &question(nl, "undercall", "stack"), ""); // he covers the call
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
    let log = crate::common::ScratchFile::new("log.jsonl");
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
    let log = crate::common::ScratchFile::new("log.jsonl");
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

pub const DOWN: &str = "\x1b[B";
pub const UP: &str = "\x1b[A";

/// Picks the item `steps` down from the one preselected.
fn pick_down(p: &mut PtySession, question: &str, last_item: &str, steps: usize) {
    pick(
        p,
        question,
        last_item,
        &format!("{}{ENTER}", DOWN.repeat(steps)),
    );
}

#[test]
fn a_pot_bet_in_a_pot_limit_event_is_the_pot_limit_maximum() {
    let en = Lang::En;
    let q = |id: &str| question(en, "bet", id);
    let mut p = spawn(&["incident", "bet", "--lang", "en", "--rules", "dpc-2019-en"]);
    // The game is asked: pot-limit is the second of three.
    pick_down(&mut p, &q("game"), &text(en, "choices.limit"), 1);
    type_line(&mut p, &q("actions"), ""); // the numbers instead
    type_line(&mut p, &q("facing"), "1200");
    type_line(&mut p, &q("last_raise"), "");
    type_line(&mut p, &q("big_blind"), ""); // the last raise's 1200
    type_line(&mut p, &q("in_front"), "");
    // "Pot" said: the last of eight.
    pick_down(&mut p, &q("declared"), &text(en, "choices.pot"), 7);
    type_line(&mut p, &q("chips"), "");
    type_line(&mut p, &q("stack"), ""); // more than enough
    type_line(&mut p, &q("pot"), "3000");
    // Call 1200, then the pot of 3000 + 1200: a raise to 5400.
    expect(&mut p, "5400");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn the_big_blinds_oversized_chip_counts_his_blind_in_front() {
    let en = Lang::En;
    let q = |id: &str| question(en, "bet", id);
    let mut p = spawn_with(
        &["incident", "bet", "--lang", "en", "--rules", "dpc-2019-en"],
        &[("FLOOR_GAME", "no-limit")],
    );
    type_line(&mut p, &q("actions"), "");
    type_line(&mut p, &q("facing"), "1200");
    type_line(&mut p, &q("last_raise"), "800");
    type_line(&mut p, &q("big_blind"), "400");
    type_line(&mut p, &q("in_front"), "400");
    pick(&mut p, &q("reopened"), &text(en, "incident.no"), ENTER); // yes
    // His blind stays in front: "left", the second item.
    pick_down(
        &mut p,
        &q("prior_chips"),
        &text(en, "choices.fully-pulled"),
        1,
    );
    pick(&mut p, &q("declared"), &text(en, "choices.pot"), ENTER); // nothing said
    type_line(&mut p, &q("chips"), "5000");
    type_line(&mut p, &q("stack"), "20000");
    // A call of 1200 in all: 800 more from the 5000 chip, 4200 back.
    expect(&mut p, "4200");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn the_next_player_asks_for_his_minimum_raise() {
    let en = Lang::En;
    let q = |id: &str| question(en, "reopening", id);
    let mut p = spawn_with(
        &[
            "incident",
            "reopening",
            "--lang",
            "en",
            "--rules",
            "dpc-2019-en",
        ],
        &[("FLOOR_GAME", "no-limit")],
    );
    // Post-flop is preselected (the default), pre-flop four items up.
    pick(
        &mut p,
        &q("street"),
        &text(en, "choices.postflop"),
        &format!("{}{ENTER}", "\x1b[A".repeat(4)),
    );
    type_line(&mut p, &q("big_blind"), "200");
    type_line(&mut p, &q("actions"), "A:raise:600,B:raise:1600");
    type_line(&mut p, &q("player"), "C"); // has not acted yet
    // C faces 1600 after a 1000 raise: at least 2600.
    expect(&mut p, "2600");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn going_back_twice_and_changing_an_answer_changes_the_ruling() {
    let en = Lang::En;
    let q = |id: &str| question(en, "undercall", id);
    let no = text(en, "incident.no");
    let mut p = spawn(&[
        "incident",
        "undercall",
        "--lang",
        "en",
        "--rules",
        "dpc-2019-en",
    ]);
    pick(&mut p, &q("heads_up"), &no, ENTER);
    type_line(&mut p, &q("actions"), "");
    let later = text(en, "choices.later-raise");
    pick(&mut p, &q("bet_faced"), &later, ENTER); // the opening bet
    type_line(&mut p, &q("facing"), "1000");
    type_line(&mut p, &q("pushed"), "<"); // back to facing
    type_line(&mut p, &q("facing"), "<"); // back to the bet faced
    // A later raise instead of the opening bet: the TD's discretion.
    pick_down(&mut p, &q("bet_faced"), &later, 1);
    type_line(&mut p, &q("facing"), ""); // keeps 1000, typed before
    type_line(&mut p, &q("pushed"), "400");
    pick(&mut p, &q("in_turn"), &text(en, "incident.no"), ENTER); // default: yes
    type_line(&mut p, &q("in_front"), "");
    type_line(&mut p, &q("stack"), "");
    let discretion = text(en, "incidents.undercall.outcome.discretion")
        .replace("{total}", "1000")
        .replace("{forfeit}", "400");
    expect(&mut p, &discretion);
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// Undercalls in a row, in German: the actions typed as played, back once
/// from the list of rounds, the big blind, and the ruling names the first
/// undercaller.
#[test]
fn undercall_sequence_in_german_from_the_actions() {
    let de = Lang::De;
    let mut p = spawn(&[
        "incident",
        "undercall-sequence",
        "--rules",
        "tda-2019-sk",
        "--lang",
        "de",
    ]);
    let actions = question(de, "undercall-sequence", "actions");
    let street = question(de, "undercall-sequence", "street");
    let postflop = text(de, "choices.postflop");
    type_line(&mut p, &actions, "A:bet:1000,B:call:200");
    pick(&mut p, &street, &postflop, ESC); // back to the actions
    type_line(&mut p, &actions, "A:bet:1000,B:call:300,C:call:500");
    pick(&mut p, &street, &postflop, ENTER); // default: after the flop
    type_line(
        &mut p,
        &question(de, "undercall-sequence", "big_blind"),
        "100",
    );
    let outcome =
        text(de, "incidents.undercall-sequence.outcome.full-call-first").replace("{total}", "1000");
    expect(&mut p, &outcome);
    expect(&mut p, "B");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// An underraise called by two players, in Slovak: each adds 200.
#[test]
fn underraise_callers_in_slovak() {
    let sk = Lang::Sk;
    let no = text(sk, "incident.no");
    let mut p = spawn_with(
        &[
            "incident",
            "underraise-callers",
            "--rules",
            "tda-2019-sk",
            "--lang",
            "sk",
        ],
        &[("FLOOR_GAME", "no-limit")],
    );
    type_line(
        &mut p,
        &question(sk, "underraise-callers", "actions"),
        "A:bet:600,B:raise:1000,C:call,D:call,E:fold",
    );
    pick(
        &mut p,
        &question(sk, "underraise-callers", "street"),
        &text(sk, "choices.postflop"),
        ENTER,
    );
    type_line(
        &mut p,
        &question(sk, "underraise-callers", "big_blind"),
        "200",
    );
    pick(
        &mut p,
        &question(sk, "underraise-callers", "street_ended"),
        &no,
        "\x1b[B\r", // down to "no"
    );
    let outcome = text(sk, "incidents.underraise-callers.outcome.corrected")
        .replace("{corrected_to}", "1200");
    expect(&mut p, &outcome);
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// Going back from the first question returns to the list of incidents,
/// whether the incident was picked there (`<` typed) or named on the
/// command line (Esc on a list); another incident is then ruled.
#[test]
fn back_from_the_first_question_returns_to_the_incident_list() {
    let en = Lang::En;
    let pick_prompt = text(en, "incident.pick");
    let mut p = split_pot_and_back_to_the_list();
    type_in_picker(&mut p, "clock");
    p.send(ENTER).expect("pick");
    p.flush().expect("flush");
    clock_in_english_without_a_bet(&mut p);
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);

    // Named on the command line: Esc on its first question.
    let mut p = spawn(&[
        "incident",
        "clock",
        "--lang",
        "en",
        "--rules",
        "dpc-2019-en",
    ]);
    pick(
        &mut p,
        &question(en, "clock", "facing_bet"),
        &text(en, "incident.no"),
        ESC,
    );
    expect(&mut p, &pick_prompt);
}

/// Ctrl-C at the incident list, reached again by going back from a
/// question, leaves with 130 like Ctrl-C anywhere else.
#[test]
fn ctrl_c_at_the_list_after_going_back_leaves_with_130() {
    for _ in 0..3 {
        let mut p = split_pot_and_back_to_the_list();
        p.send("\x03").expect("ctrl-c");
        p.flush().expect("flush");
        exits_with(&mut p, 130);
    }
}

/// An answer the ruling refuses against the others (put out as much as the
/// call: no undercall) is shown and its question asked again, every other
/// answer kept; the corrected answer rules.
#[test]
fn a_cross_field_error_asks_the_question_at_fault_again() {
    let en = Lang::En;
    let q = |id: &str| question(en, "undercall", id);
    let mut p = spawn(&[
        "incident",
        "undercall",
        "--lang",
        "en",
        "--rules",
        "dpc-2019-en",
    ]);
    pick(&mut p, &q("heads_up"), &text(en, "incident.no"), ENTER);
    type_line(&mut p, &q("actions"), "");
    pick_down(&mut p, &q("bet_faced"), &text(en, "choices.later-raise"), 3); // a later raise
    type_line(&mut p, &q("facing"), "1000");
    type_line(&mut p, &q("pushed"), "1000");
    pick(&mut p, &q("in_turn"), &text(en, "incident.no"), ENTER); // default: yes
    type_line(&mut p, &q("in_front"), "");
    type_line(&mut p, &q("stack"), "");
    expect(&mut p, "that is a call, not an undercall");
    // Only the question at fault is asked again.
    type_line(&mut p, &q("pushed"), "400");
    // The earlier answers stand: a later raise multi-way, the TD decides.
    let discretion = text(en, "incidents.undercall.outcome.discretion")
        .replace("{total}", "1000")
        .replace("{forfeit}", "400");
    expect(&mut p, &discretion);
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// In limit the street sizes the bet: told as numbers, the ruling asks for
/// it and rules "bet, forty" on the turn as the big bet of 40.
#[test]
fn a_limit_bet_asks_for_the_street_and_uses_the_big_bet_on_the_turn() {
    let en = Lang::En;
    let q = |id: &str| question(en, "bet", id);
    let mut p = spawn_with(
        &["incident", "bet", "--lang", "en", "--rules", "dpc-2019-en"],
        &[("FLOOR_GAME", "limit")],
    );
    type_line(&mut p, &q("actions"), "");
    type_line(&mut p, &q("facing"), "0");
    type_line(&mut p, &q("big_blind"), "20");
    pick_down(&mut p, &q("declared"), &text(en, "choices.pot"), 4); // bet
    type_line(&mut p, &q("declared_amount"), "40");
    type_line(&mut p, &q("chips"), "");
    type_line(&mut p, &q("stack"), "");
    expect(&mut p, "the big bet, 40");
    // The list starts at pre-flop: the turn is third.
    pick_down(&mut p, &q("street"), &text(en, "choices.postflop"), 2);
    expect(&mut p, "Bet of 40");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// `reopening` asks the game when the event has not set it; in limit the
/// turn's big bet sizes the raise the next player may make.
#[test]
fn reopening_asks_the_game_and_sizes_a_limit_raise_by_the_street() {
    let en = Lang::En;
    let q = |id: &str| question(en, "reopening", id);
    let mut p = spawn(&[
        "incident",
        "reopening",
        "--lang",
        "en",
        "--rules",
        "dpc-2019-en",
    ]);
    // Limit is the third of three.
    pick_down(&mut p, &q("game"), &text(en, "choices.limit"), 2);
    // Post-flop is preselected; the turn is two up.
    pick(
        &mut p,
        &q("street"),
        &text(en, "choices.postflop"),
        &format!("{}{ENTER}", "\x1b[A".repeat(2)),
    );
    type_line(&mut p, &q("big_blind"), "20");
    type_line(&mut p, &q("actions"), "A:bet:40,B:raise:80");
    type_line(&mut p, &q("player"), "C");
    // One big bet more: 80 + 40.
    expect(&mut p, "raise to 120");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// Button and blinds in Dutch under Pokerpunt's rules: a seat that does not
/// exist is refused and asked again, `<` goes back a question; the small
/// blind's seat is empty and a newcomer sits between it and the big blind's
/// old seat: the button is dead on seat 3, seat 4 waits, and the picture
/// draws the button on the empty seat.
#[test]
fn button_blinds_in_dutch_with_a_dead_button_and_a_waiting_player() {
    let nl = Lang::Nl;
    let mut p = spawn(&[
        "incident",
        "button-blinds",
        "--rules",
        "pokerpunt-nl",
        "--lang",
        "nl",
    ]);
    let seats = question(nl, "button-blinds", "seats");
    let small_blind = question(nl, "button-blinds", "last_small_blind");
    let big_blind = question(nl, "button-blinds", "last_big_blind");
    type_line(&mut p, &seats, "1,2,4,6,8");
    type_line(&mut p, &small_blind, "11");
    expect(&mut p, "`11`");
    p.send_line("2").expect("send");
    type_line(&mut p, &big_blind, "<"); // back: the small blind was on 3
    type_line(&mut p, &small_blind, "3");
    type_line(&mut p, &big_blind, "6");
    expect(
        &mut p,
        &text(nl, "incidents.button-blinds.outcome.dead-button"),
    );
    expect(&mut p, "Regel 32");
    expect(&mut p, "Regel 7-A");
    expect(&mut p, "· D");
    expect(&mut p, &text(nl, "card.mark_dealt_out"));
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// A bet faced below the big blind (a short all-in): the big blind is asked
/// and sizes the raise, and the ruling asks whether he may raise at all.
#[test]
fn a_bet_below_the_big_blind_asks_the_big_blind_and_whether_he_may_raise() {
    let en = Lang::En;
    let q = |id: &str| question(en, "bet", id);
    let walk = |may_raise: bool| {
        let mut p = spawn_with(
            &["incident", "bet", "--lang", "en", "--rules", "dpc-2019-en"],
            &[("FLOOR_GAME", "no-limit")],
        );
        type_line(&mut p, &q("actions"), "");
        type_line(&mut p, &q("facing"), "150");
        type_line(&mut p, &q("last_raise"), "");
        type_line(&mut p, &q("big_blind"), "200");
        type_line(&mut p, &q("in_front"), "");
        // "Raise": the sixth of eight.
        pick_down(&mut p, &q("declared"), &text(en, "choices.pot"), 5);
        type_line(&mut p, &q("declared_amount"), "");
        type_line(&mut p, &q("chips"), "");
        type_line(&mut p, &q("second_motion"), "");
        type_line(&mut p, &q("stack"), "5000");
        // Nothing in front and less than a full bet faced: did he check?
        expect(&mut p, "less than a full bet (200)");
        let key = if may_raise { ENTER } else { "\x1b[B\r" };
        pick(&mut p, &q("reopened"), &text(en, "incident.no"), key);
        p
    };
    // He had not acted: the raise is a big blind more, not 150 more.
    let mut p = walk(true);
    expect(&mut p, "Raise to 350");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
    // He checked before the all-in: a call.
    let mut p = walk(false);
    expect(&mut p, "Call: 150 in total");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// `limit-raises` in a limit event: four questions, the cap counted from
/// the actions, heads-up in the hand keeping it until the event is heads-up
/// (the Dutch "until two players remain" read so, the ambiguity said).
#[test]
fn limit_raises_counts_the_raises_and_reads_heads_up_as_the_edition_words_it() {
    let en = Lang::En;
    let q = |id: &str| question(en, "limit-raises", id);
    for (edition, outcome) in [
        ("onk-2023-nl", "can mean the hand or the event"),
        ("dpc-2019-en", "Capped: call 400 or fold"),
    ] {
        let mut p = spawn_with(
            &[
                "incident",
                "limit-raises",
                "--lang",
                "en",
                "--rules",
                edition,
            ],
            &[("FLOOR_GAME", "limit")],
        );
        // The flop: second of four.
        pick_down(&mut p, &q("street"), &text(en, "choices.river"), 1);
        type_line(&mut p, &q("big_blind"), "100");
        type_line(
            &mut p,
            &q("actions"),
            "A:bet:100,B:raise:200,A:raise:300,B:raise:400",
        );
        // Heads-up in the hand: second of three.
        pick_down(&mut p, &q("heads_up"), &text(en, "choices.event"), 1);
        expect(&mut p, outcome);
        p.exp_eof().expect("ends");
        exits_with(&mut p, 0);
    }
}

/// Types `query` into the incident picker one key at a time, each after the
/// list is redrawn with what was typed so far.
fn type_in_picker(p: &mut rexpect::session::PtySession, query: &str) {
    let mut typed = String::new();
    for c in query.chars() {
        typed.push(c);
        p.send(&c.to_string()).expect("type");
        p.flush().expect("flush");
        expect(p, &format!("\u{203a}\u{1b}[0m {typed}"));
    }
}

/// The walkthrough in English: split-pot picked from the list, then `<` at
/// its first question, back at the list.
fn split_pot_and_back_to_the_list() -> rexpect::session::PtySession {
    let en = Lang::En;
    let pick_prompt = text(en, "incident.pick");
    let mut p = spawn(&["incident", "--lang", "en", "--rules", "dpc-2019-en"]);
    expect(&mut p, &pick_prompt);
    type_in_picker(&mut p, "split-pot");
    p.send(ENTER).expect("pick");
    p.flush().expect("flush");
    type_line(&mut p, &question(en, "split-pot", "pot"), "<");
    expect(&mut p, &pick_prompt);
    p
}

/// Types `query` into the incident picker, takes the first incident listed,
/// and expects the first question of `incident`; then leaves with Ctrl-C.
fn pick_by_typing(lang: Lang, code: &str, query: &str, incident: &str, first_question: &str) {
    let mut p = spawn(&["incident", "--lang", code]);
    expect(&mut p, &text(lang, "incident.pick"));
    type_in_picker(&mut p, query);
    p.send(ENTER).expect("pick the first listed");
    p.flush().expect("flush");
    expect(&mut p, &question(lang, incident, first_question));
    p.send("\x03").expect("ctrl-c");
    p.flush().expect("flush");
    exits_with(&mut p, 130);
}

#[test]
fn the_picker_finds_the_premature_card_in_slovak_without_accents() {
    pick_by_typing(Lang::Sk, "sk", "predcasne", "premature-card", "street");
}

#[test]
fn the_picker_finds_the_bet_incident_by_its_floor_words() {
    pick_by_typing(Lang::En, "en", "oversized", "bet", "game");
    pick_by_typing(Lang::Nl, "nl", "meerwaarde", "bet", "game");
}

#[test]
fn the_picker_takes_beurt_for_action_out_of_turn_not_an_unclear_bet() {
    pick_by_typing(Lang::Nl, "nl", "beurt", "out-of-turn", "actions");
}

/// Words that name a procedure topic rather than an incident: the picker
/// says `floor rule` covers it, and Enter quotes the rule of the edition in
/// use (every edition's, where it has none).
#[test]
fn the_picker_quotes_the_rule_for_a_procedure_topic() {
    for (query, rules, quoted) in [
        ("rabbit hunting", "dpc-2019-en", "Rabbit Hunting"),
        ("bag and tag", "dpc-2019-en", "onk-2023-nl"),
    ] {
        let mut p = spawn(&["incident", "--lang", "en", "--rules", rules]);
        expect(&mut p, &text(Lang::En, "incident.pick"));
        type_in_picker(&mut p, query);
        expect(&mut p, "a procedure, no ruling at the table");
        p.send(ENTER).expect("take the topic");
        p.flush().expect("flush");
        expect(&mut p, quoted);
        p.exp_eof().expect("ends");
        exits_with(&mut p, 0);
    }
}

/// TDA 2019 53-B binds a skipped player only if he had reasonable time to
/// speak up: the actions show substantial action behind him, never whether
/// he had that time, so the walkthrough asks it before the ruling stands;
/// "no" keeps his say (53-A: the call out of turn stands when his turn
/// comes).
#[test]
fn the_round_told_as_actions_asks_whether_the_skipped_player_had_time() {
    let en = Lang::En;
    let q = |id: &str| question(en, "out-of-turn", id);
    let mut p = spawn(&[
        "incident",
        "out-of-turn",
        "--rules",
        "dpc-2019-en",
        "--lang",
        "en",
    ]);
    type_line(&mut p, &q("actions"), "A:bet:600,C:call,D:fold");
    pick(&mut p, &q("street"), &text(en, "choices.postflop"), ENTER);
    type_line(&mut p, &q("big_blind"), "200");
    type_line(&mut p, &q("player"), "C");
    type_line(&mut p, &q("skipped"), "B");
    pick_down(&mut p, &q("skipped_had_time"), &text(en, "incident.no"), 1);
    expect(&mut p, &text(en, "incidents.out-of-turn.outcome.binding"));
    expect(&mut p, "Rule 53-B");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}
