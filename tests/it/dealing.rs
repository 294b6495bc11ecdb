//! Dealing incidents through the real binary: what each edition's text
//! decides, and only that is cited.

use serde_json::Value;

use crate::common::json;

fn numbers(ruling: &Value) -> Vec<String> {
    ruling["citations"]
        .as_array()
        .map(|c| {
            c.iter()
                .map(|c| match c["part"].as_str() {
                    Some(p) => format!("{}-{p}", c["number"].as_str().unwrap_or("")),
                    None => c["number"].as_str().unwrap_or("").to_string(),
                })
                .collect()
        })
        .unwrap_or_default()
}

fn notes(ruling: &Value) -> String {
    ruling["notes"]
        .as_array()
        .map(|n| {
            n.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

#[test]
fn a_fouled_deck_cites_the_clause_that_states_it_or_none() {
    for (edition, words) in [
        (
            "dpc-2019-en",
            "If a fouled deck is discovered, regardless of SA",
        ),
        ("tda-2019-sk", "poškodený balík kariet"),
        ("onk-2023-nl", "Ongeldig decks."),
    ] {
        let r = json(&[
            "incident",
            "misdeal",
            "--rules",
            edition,
            "--answer",
            "fouled_deck=yes",
        ]);
        assert_eq!(r["outcome"], "fouled-deck", "{edition}");
        assert_eq!(numbers(&r), ["35-E"], "{edition}");
        let excerpt = r["citations"][0]["excerpt"].as_str().unwrap_or("");
        assert!(excerpt.contains(words), "{edition}: {excerpt}");
        assert_eq!(notes(&r), "", "{edition}: no note on unread parameters");
    }
    // Pokerpunt 35 and TDA 2015 rule 34 have no fouled-deck text: nothing
    // is cited (not a stud item of the misdeal list), the card says so.
    for edition in ["pokerpunt-nl", "tda-2015-de"] {
        let r = json(&[
            "--lang",
            "en",
            "incident",
            "misdeal",
            "--rules",
            edition,
            "--answer",
            "fouled_deck=yes",
        ]);
        assert_eq!(r["outcome"], "fouled-deck", "{edition}");
        assert!(numbers(&r).is_empty(), "{edition}: {:?}", numbers(&r));
        assert!(
            notes(&r).contains(
                "The edition has no rule on what happens when a deck is fouled: TDA practice is used"
            ),
            "{edition}: {}",
            notes(&r)
        );
    }
}

#[test]
fn tda_2015_has_no_accounting_window_after_the_next_hand_begins() {
    let accounting = |edition: &str| {
        json(&[
            "incident",
            "dispute-window",
            "--rules",
            edition,
            "--answer",
            "dispute=accounting",
            "--answer",
            "next_hand_started=yes",
        ])
    };
    let de = accounting("tda-2015-de");
    assert_eq!(de["outcome"], "closed");
    assert_eq!(numbers(&de)[0], "21");
    for edition in ["tda-2019-sk", "dpc-2019-en", "onk-2023-nl", "pokerpunt-nl"] {
        let r = accounting(edition);
        assert_eq!(r["outcome"], "open", "{edition}");
        assert_eq!(numbers(&r)[0], "22", "{edition}");
    }
}

#[test]
fn the_break_minutes_are_shown_only_for_a_hand_ended_at_a_break() {
    let r = json(&[
        "incident",
        "dispute-window",
        "--rules",
        "dpc-2019-en",
        "--answer",
        "dispute=accounting",
        "--answer",
        "next_hand_started=no",
    ]);
    assert_eq!(r["amounts"], serde_json::json!({}));
    let r = json(&[
        "incident",
        "dispute-window",
        "--rules",
        "dpc-2019-en",
        "--answer",
        "dispute=reading",
        "--answer",
        "during_break=yes",
        "--answer",
        "minutes_since_award=0",
    ]);
    assert_eq!(r["outcome"], "open");
    assert_eq!(r["amounts"]["break_minutes"], 1);
}

fn remedy(ruling: &Value) -> Vec<String> {
    ruling["remedy"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

fn premature(edition: &str, answers: &[&str]) -> Value {
    let mut args = vec![
        "--lang",
        "en",
        "incident",
        "premature-card",
        "--rules",
        edition,
    ];
    for a in answers {
        args.extend(["--answer", a]);
    }
    json(&args)
}

#[test]
fn a_premature_turn_gets_the_steps_of_the_edition_in_use() {
    // tda-2019-sk OP-5-B: burn and deal the would-be river as the turn.
    let sk = premature("tda-2019-sk", &["street=turn"]);
    assert_eq!(numbers(&sk), ["OP-5-B"]);
    assert!(
        remedy(&sk).contains(
            &"Burn the next card and deal the card that would have been the river as the turn."
                .to_string()
        ),
        "{:?}",
        remedy(&sk)
    );
    // onk-2023-nl rule 39-2 (over RP-5): the card goes back, the deck is
    // shuffled, the top card is the turn without a burn.
    let onk = premature("onk-2023-nl", &["street=turn"]);
    assert_eq!(numbers(&onk), ["39-2", "RP-5"]);
    assert_eq!(
        remedy(&onk),
        [
            "Leave the turn's burn card where it is.",
            "Put the premature turn card back on the deck and shuffle the whole deck.",
            "Deal the top card as the turn, without burning first."
        ]
    );
    assert!(notes(&onk).contains("The rule governs and is cited first."));
    // No headline says the card is set aside where the edition puts it back.
    assert!(
        !onk["outcome_text"]
            .as_str()
            .unwrap_or("")
            .contains("set aside")
    );
    // dpc-2019-en and tda-2015-de have no procedure: nothing cited (not rule
    // 39 or 36 on four-card flops), the TDA procedure named.
    for edition in ["dpc-2019-en", "tda-2015-de"] {
        let r = premature(edition, &["street=turn"]);
        assert!(numbers(&r).is_empty(), "{edition}: {:?}", numbers(&r));
        assert_eq!(remedy(&r), remedy(&sk), "{edition}");
        assert!(
            notes(&r).contains(&format!(
                "{edition} has no rule on premature cards: the ruling follows TDA practice (TDA recommended procedure 5, premature cards)."
            )),
            "{edition}: {}",
            notes(&r)
        );
    }
}

#[test]
fn the_premature_flop_questions_count_only_where_the_procedure_turns_on_them() {
    // Four editions redeal any premature flop: `burned` and `action_since`
    // change nothing and are not asked (given ones are noted as ignored).
    for edition in ["dpc-2019-en", "tda-2015-de", "tda-2019-sk", "pokerpunt-nl"] {
        let r = premature(edition, &["street=flop", "burned=no", "action_since=yes"]);
        assert_eq!(r["outcome"], "flop-redeal", "{edition}");
        assert_eq!(
            r["answers"],
            serde_json::json!({"street": "flop"}),
            "{edition}"
        );
        assert!(notes(&r).contains("Ignored (not asked on this path): `burned`, `action_since`."));
    }
    // ONK rule 39-1: an unburned flop stands after action, else it is
    // scrambled; a flop dealt with its burn is outside the text.
    let stands = premature(
        "onk-2023-nl",
        &["street=flop", "burned=no", "action_since=yes"],
    );
    assert_eq!(stands["outcome"], "flop-stands");
    assert_eq!(numbers(&stands)[0], "39-1");
    let scrambled = premature(
        "onk-2023-nl",
        &["street=flop", "burned=no", "action_since=no"],
    );
    assert_eq!(scrambled["outcome"], "flop-redeal");
    assert_eq!(
        remedy(&scrambled)[0],
        "Turn the three flop cards face down and shuffle them; one of them is chosen as the burn card."
    );
    let burned = premature("onk-2023-nl", &["street=flop", "burned=yes"]);
    assert!(numbers(&burned).is_empty());
    assert!(notes(&burned).contains("covers only a flop dealt without its burn card"));
}

#[test]
fn button_too_few_cards_in_tda_2015_names_the_tda_rule_it_follows() {
    let r = json(&[
        "--lang",
        "en",
        "incident",
        "button-too-few-cards",
        "--rules",
        "tda-2015-de",
        "--answer",
        "acted=no",
    ]);
    assert!(numbers(&r).is_empty(), "{:?}", numbers(&r));
    assert!(
        notes(&r).contains(
            "tda-2015-de has no rule on the button dealt too few cards: the ruling follows TDA practice (TDA 2019 rule 37:"
        ),
        "{}",
        notes(&r)
    );
}

const EDITIONS: [&str; 5] = [
    "dpc-2019-en",
    "tda-2019-sk",
    "onk-2023-nl",
    "pokerpunt-nl",
    "tda-2015-de",
];

fn misdeal(edition: &str, answers: &[&str]) -> Value {
    let mut args = vec!["--lang", "en", "incident", "misdeal", "--rules", edition];
    for a in answers {
        args.extend(["--answer", a]);
    }
    json(&args)
}

#[test]
fn no_misdeal_cites_what_decides_it() {
    for edition in EDITIONS {
        // No substantial action and no cause: the list of causes decides
        // (35-A; 34-A in tda-2015-de), not the substantial-action clause.
        let none = misdeal(edition, &["substantial_action=no"]);
        assert_eq!(none["outcome"], "no-misdeal", "{edition}");
        let cited = numbers(&none);
        assert_eq!(cited.len(), 1, "{edition}: {cited:?}");
        assert!(cited[0].ends_with("-A"), "{edition}: {cited:?}");
        // After substantial action, 35-D and the definition (36) decide.
        let after = misdeal(
            edition,
            &["substantial_action=yes", "eligible_seat_dealt_out=yes"],
        );
        assert_eq!(after["outcome"], "no-misdeal", "{edition}");
        let cited = numbers(&after);
        assert!(cited[0].ends_with("-D"), "{edition}: {cited:?}");
        assert_eq!(cited.len(), 2, "{edition}: {cited:?}");
    }
}

// onk-2023-nl 35-D: "Niet-standaard kaarten die na actie gevonden worden,
// worden uit het spel gehaald". The card says to take the card out; an
// edition that says nothing of it is not made to, and the answer is named
// as ignored.
#[test]
fn a_non_standard_card_after_action_is_taken_out_only_where_the_edition_says_so() {
    let answers = ["substantial_action=yes", "nonstandard_card=yes"];
    let onk = misdeal("onk-2023-nl", &answers);
    assert_eq!(onk["outcome"], "no-misdeal");
    assert_eq!(
        onk["remedy"],
        serde_json::json!([
            "Take the non-standard card out of play.",
            "The hand proceeds."
        ])
    );
    assert_eq!(numbers(&onk), ["35-D", "36"]);
    let dpc = misdeal("dpc-2019-en", &answers);
    assert_eq!(dpc["remedy"], serde_json::json!(["The hand proceeds."]));
    assert!(
        notes(&dpc).contains("`nonstandard_card` is asked only where the rulebook states it"),
        "{dpc}"
    );
}

#[test]
fn the_contract_keys_and_the_list_of_causes_rule_alike() {
    for edition in EDITIONS {
        let by_key = misdeal(edition, &["eligible_seat_dealt_out=yes"]);
        let by_list = misdeal(edition, &["causes=eligible-seat-dealt-out"]);
        assert_eq!(by_key["outcome"], "misdeal", "{edition}");
        assert_eq!(by_list["outcome"], "misdeal", "{edition}");
        assert_eq!(by_key["causes"], by_list["causes"], "{edition}");
        assert_eq!(numbers(&by_key), numbers(&by_list), "{edition}");
    }
    // The list is the edition's: ONK lists the joker, dpc does not.
    let onk = misdeal("onk-2023-nl", &["causes=joker-in-deck"]);
    assert_eq!(onk["outcome"], "misdeal");
    let mut dpc = crate::common::floor();
    dpc.args([
        "--lang",
        "en",
        "incident",
        "misdeal",
        "--rules",
        "dpc-2019-en",
        "--answer",
        "causes=joker-in-deck",
    ]);
    let err = crate::common::one_line_error(&mut dpc);
    assert!(
        err.contains("`joker-in-deck` is not one of: boxed-cards, first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, first-two-exposed, downcards-exposed"),
        "{err}"
    );
    // Nothing ticked is an answer: no cause, nothing assumed.
    let none = misdeal("dpc-2019-en", &["causes=none"]);
    assert_eq!(none["outcome"], "no-misdeal");
    assert_eq!(none["answers"]["causes"], serde_json::json!([]));
    assert!(
        none["defaults_used"]
            .as_array()
            .is_some_and(|d| d.iter().all(|k| k != "causes" && k != "boxed_cards"))
    );
}

#[test]
fn the_second_citation_is_the_rule_the_outcome_turns_on() {
    // No action pending: the hands are tabled (face up for all-ins), no
    // penalty rule; with action pending, the penalty rule.
    for (pending, second) in [("no", "16"), ("yes", "71")] {
        let r = json(&[
            "incident",
            "exposed-card",
            "--rules",
            "dpc-2019-en",
            "--answer",
            &format!("action_pending={pending}"),
        ]);
        assert_eq!(numbers(&r), ["68", second], "action_pending={pending}");
    }
    // Chips not part of the action: accepted action is not what decides.
    let r = json(&[
        "incident",
        "chips-found-behind",
        "--rules",
        "dpc-2019-en",
        "--answer",
        "part_of_action=no",
        "--answer",
        "all_in_won=yes",
    ]);
    assert_eq!(numbers(&r), ["62"]);
}

// tda-2019-sk 37 deals a missing button card "práve jedna" (exactly one):
// how many are missing is asked there only, through how its provision is
// worded (`provision.button-short-replaced.when`).
#[test]
fn how_many_button_cards_are_missing_is_asked_where_the_count_decides() {
    for edition in EDITIONS {
        let mut args = vec!["--lang", "en", "incident", "button-too-few-cards"];
        args.extend(["--rules", edition, "--answer", "acted=no"]);
        let ruled = json(&args);
        let asked = ruled["answers"].get("cards_missing").is_some();
        assert_eq!(asked, edition == "tda-2019-sk", "{edition}: {ruled}");
    }
    let mut args = vec!["--lang", "en", "incident", "button-too-few-cards"];
    args.extend(["--rules", "tda-2019-sk", "--answer", "acted=no"]);
    args.extend(["--answer", "cards_missing=2"]);
    let two = json(&args);
    assert_eq!(two["discretion"], true);
    assert!(
        notes(&two).contains("of 2 missing cards it says nothing"),
        "{two}"
    );
}
