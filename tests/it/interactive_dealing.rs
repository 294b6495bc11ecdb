//! The misdeal walkthrough through a pseudo-terminal: the causes are one
//! list to tick, the edition's own.

use floor::rules::Lang;

use crate::interactive::{DOWN, ENTER, UP, exits_with, expect, pick, question, spawn_with, text};

#[test]
fn a_seat_dealt_out_is_a_misdeal_citing_the_editions_list() {
    let en = Lang::En;
    let q = |id: &str| question(en, "misdeal", id);
    let mut p = spawn_with(
        &[
            "incident",
            "misdeal",
            "--lang",
            "en",
            "--rules",
            "dpc-2019-en",
        ],
        &[],
    );
    // Not fouled, no substantial action: the defaults.
    pick(&mut p, &q("fouled_deck"), &text(en, "incident.no"), ENTER);
    pick(
        &mut p,
        &q("substantial_action"),
        &text(en, "incident.no"),
        ENTER,
    );
    // dpc-2019-en 35-A lists six causes; the seat dealt out is the fourth.
    // The last one shows the edition's threshold.
    pick(
        &mut p,
        &q("causes"),
        "2 or more other downcards exposed by dealer error",
        &format!("{} {ENTER}", DOWN.repeat(3)),
    );
    // The outcome in bold, then the edition.
    expect(&mut p, &text(en, "incidents.misdeal.outcome.misdeal"));
    expect(&mut p, "· dpc-2019-en");
    expect(&mut p, "Rule 35-A");
    expect(&mut p, "a seat entitled to a hand is dealt out;");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

/// The ONK misdeal walkthrough in Dutch, answered up to its list of
/// causes: no fouled deck, no substantial action.
fn onk_misdeal_at_its_causes() -> rexpect::session::PtySession {
    let nl = Lang::Nl;
    let q = |id: &str| question(nl, "misdeal", id);
    let mut p = spawn_with(
        &[
            "incident",
            "misdeal",
            "--lang",
            "nl",
            "--rules",
            "onk-2023-nl",
        ],
        &[],
    );
    pick(&mut p, &q("fouled_deck"), &text(nl, "incident.no"), ENTER);
    pick(
        &mut p,
        &q("substantial_action"),
        &text(nl, "incident.no"),
        ENTER,
    );
    p
}

#[test]
fn the_onk_list_is_the_editions_own_with_its_joker() {
    let nl = Lang::Nl;
    let q = |id: &str| question(nl, "misdeal", id);
    let mut p = onk_misdeal_at_its_causes();
    // ONK 35-A: a-d, e (wrong count), f (joker), g (first two): the joker
    // is the sixth of seven; nothing about two other exposed downcards.
    let joker = text(nl, "choices.joker-in-deck");
    pick(
        &mut p,
        &q("causes"),
        &text(nl, "choices.first-two-exposed"),
        &format!("{} {ENTER}", DOWN.repeat(5)),
    );
    expect(&mut p, &joker);
    // A ticked cause makes the misdeal: the boxed card among the first two
    // (35-A-g) is not asked after it (its prompt would wait for a key and
    // the outcome never come).
    expect(&mut p, &text(nl, "incidents.misdeal.outcome.misdeal"));
    expect(&mut p, "· onk-2023-nl");
    expect(&mut p, "Regel 35-A");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}

#[test]
fn a_boxed_card_among_the_first_two_is_asked_when_no_cause_is_ticked() {
    let nl = Lang::Nl;
    let q = |id: &str| question(nl, "misdeal", id);
    let mut p = onk_misdeal_at_its_causes();
    // Nothing ticked: ONK 35-A-g still makes one boxed card among the
    // first two a misdeal, a fact no cause of the list names.
    pick(
        &mut p,
        &q("causes"),
        &text(nl, "choices.first-two-exposed"),
        ENTER,
    );
    pick(
        &mut p,
        &q("first_two_boxed"),
        &text(nl, "incident.no"),
        &format!("{UP}{ENTER}"),
    );
    expect(&mut p, &text(nl, "incidents.misdeal.outcome.misdeal"));
    expect(&mut p, "Regel 35-A");
    p.exp_eof().expect("ends");
    exits_with(&mut p, 0);
}
