//! Every incident with contract keys, ruled non-interactively through the
//! real binary: outcome, amounts and the cited rule number, in two editions
//! whose numbering differs.

use serde_json::Value;

use crate::common::{EDITIONS, floor, json, json_of, one_line_error};

/// Rules on `incident` in `edition` with `answers`, as JSON.
fn rule(edition: &str, incident: &str, answers: &[&str]) -> Value {
    let mut cmd = floor();
    cmd.args(["incident", incident, "--rules", edition, "--json"]);
    for a in answers {
        cmd.args(["--answer", a]);
    }
    let out = cmd.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("a ruling as JSON")
}

/// The notes of the ruling [`rule`] gives, as one text to search.
fn notes_of(edition: &str, incident: &str, answers: &[&str]) -> String {
    rule(edition, incident, answers)["notes"].to_string()
}

fn cited(ruling: &Value) -> Vec<String> {
    ruling["citations"]
        .as_array()
        .map(|cs| {
            cs.iter()
                .filter_map(|c| c["number"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn amount(ruling: &Value, key: &str) -> Option<u64> {
    ruling["amounts"][key].as_u64()
}

/// SPEC user story: a single 5000 chip, silently, facing a raise to 1200
/// (a raise of 800) is a call of 1200 under the oversized-chip rule.
#[test]
fn bet_silent_oversized_chip_facing_a_raise_is_a_call() {
    for (edition, number) in [("onk-2023-nl", "44"), ("tda-2015-de", "45")] {
        let r = rule(
            edition,
            "bet",
            &["facing=1200", "last_raise=800", "chips=5000"],
        );
        assert_eq!(r["outcome"], "call", "{edition}");
        assert_eq!(amount(&r, "total"), Some(1200));
        assert_eq!(amount(&r, "returned"), Some(3800));
        assert_eq!(cited(&r)[0], number, "{edition}: {r}");
        assert_eq!(r["answers"]["chips"], serde_json::json!([5000]));
    }
}

/// A player's last chips pushed silently, more than the call and below the
/// 50% standard, stay all-in under every edition, cited at the words of 43
/// that except them; where rule 43 excepts only a declared raise
/// (tda-2015-de), the card says its words give otherwise. Chips behind make
/// it a call, and reaching the standard needs no exception: no such note.
#[test]
fn bet_last_chips_below_the_standard_say_where_rule_43_names_no_all_in() {
    let worded_otherwise = |r: &Value| {
        r["notes"].as_array().is_some_and(|ns| {
            ns.iter()
                .any(|n| n.as_str().is_some_and(|n| n.contains("words it otherwise")))
        })
    };
    for (edition, number) in [
        ("onk-2023-nl", "43"),
        ("pokerpunt-nl", "47"),
        ("tda-2015-de", "43"),
        ("tda-2019-sk", "43"),
        ("dpc-2019-en", "43"),
    ] {
        let short = rule(
            edition,
            "bet",
            &["facing=1000", "pushed=1200", "stack=1200"],
        );
        assert_eq!(short["outcome"], "all-in", "{edition}");
        assert_eq!(amount(&short, "total"), Some(1200), "{edition}");
        assert_eq!(cited(&short)[0], number, "{edition}: {short}");
        assert_eq!(
            worded_otherwise(&short),
            edition == "tda-2015-de",
            "{edition}: {short}"
        );
        let behind = rule(
            edition,
            "bet",
            &["facing=1000", "pushed=1200", "stack=5000"],
        );
        assert_eq!(behind["outcome"], "call", "{edition}");
        assert!(!worded_otherwise(&behind), "{edition}: {behind}");
        let full = rule(
            edition,
            "bet",
            &["facing=1000", "pushed=1600", "stack=1600"],
        );
        assert_eq!(full["outcome"], "all-in", "{edition}");
        assert!(!worded_otherwise(&full), "{edition}: {full}");
    }
    let de = rule(
        "tda-2015-de",
        "bet",
        &["facing=1000", "pushed=1200", "stack=1200"],
    );
    assert_eq!(
        de["notes"][0],
        "tda-2015-de rule 43 words it otherwise than TDA practice (Below the 50% standard it is a \
         call, with the exceptions stated): unless raise was declared first; no all-in is named, \
         where the practice has unless raise was declared first or the player is all-in. The \
         ruling follows the practice; the TD may rule by the rule's own words.",
        "{de}"
    );
}

/// Rules on `incident` for each row (edition, answers, the start of the
/// one note that the edition words a provision otherwise, or none) and
/// checks the card says that and nothing else of the kind.
fn said_worded_otherwise(incident: &str, rows: &[(&str, &[&str], Option<&str>)]) {
    for &(edition, answers, said) in rows {
        let r = rule(edition, incident, answers);
        let notes: Vec<&str> = r["notes"]
            .as_array()
            .map(|ns| ns.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let otherwise: Vec<&&str> = notes
            .iter()
            .filter(|n| n.contains("words it otherwise"))
            .collect();
        match said {
            Some(start) => {
                assert_eq!(otherwise.len(), 1, "{edition}: {notes:?}");
                assert!(otherwise[0].starts_with(start), "{edition}: {notes:?}");
            }
            None => assert!(otherwise.is_empty(), "{edition}: {notes:?}"),
        }
    }
}

/// A card quotes a provision the ruling never reads (it rules as TDA
/// practice words it): where the edition words a term of it otherwise, in
/// values that do not rule alike, the card says so; where the edition words
/// it as the practice does, or alike, it says nothing.
#[test]
fn bet_quoted_provisions_an_edition_words_otherwise_are_said() {
    let pot = [
        "facing=1000",
        "last_raise=1000",
        "declared=pot",
        "pushed=5000",
    ];
    let chips = ["facing=1100", "last_raise=700", "chips=500,1000"];
    let rows: [(&str, &[&str], Option<&str>); 6] = [
        // sk 54-C: "pot" binds to exactly the minimum; the practice: at
        // least. The ruling reads that bound (it rules by the edition's
        // words, `pot_said_in_no_limit_binds_as_the_edition_words_it`):
        // no note that it follows the practice.
        ("tda-2019-sk", &pot, None),
        ("dpc-2019-en", &pot, None),
        // Pokerpunt 50-A: chips of one denomination, removing one chip.
        (
            "pokerpunt-nl",
            &chips,
            Some("pokerpunt-nl rule 50 words it otherwise"),
        ),
        // ONK 45 "one of the chips" rules alike with "one of the smallest".
        ("onk-2023-nl", &chips, None),
        ("tda-2015-de", &chips, None),
        ("tda-2019-sk", &chips, None),
    ];
    said_worded_otherwise("bet", &rows);
}

/// A ruling that reads only whether the edition states a provision rules
/// on it as TDA practice words it: where the edition words a term of it
/// otherwise, the card says so, as for a provision it quotes.
#[test]
fn provisions_read_only_as_stated_an_edition_words_otherwise_are_said() {
    let fold = ["offence=non-standard-fold", "fold_kind=folded-no-bet"];
    let audible = ["offence=phone", "device_use=audible"];
    let rows: [(&str, &[&str], Option<&str>); 6] = [
        // tda-2015-de 53: a fold facing a check; the practice: no bet to face.
        (
            "tda-2015-de",
            &fold,
            Some("tda-2015-de rule 53 words it otherwise"),
        ),
        ("onk-2023-nl", &fold, None),
        ("dpc-2019-en", &fold, None),
        // tda-2019-sk 5: devices switched off; the practice: inaudible.
        (
            "tda-2019-sk",
            &audible,
            Some("tda-2019-sk rule 5 words it otherwise"),
        ),
        ("dpc-2019-en", &audible, None),
        ("onk-2023-nl", &audible, None),
    ];
    said_worded_otherwise("offence-penalty", &rows);
}

/// One boxed card among the first two is a misdeal under onk-2023-nl and
/// tda-2019-sk, which state it; the others never ask it, and an answer
/// given to it is ignored with the reason in the provision's words. A key
/// left out for another reason keeps the plain note.
#[test]
fn an_answer_to_a_question_the_edition_does_not_state_says_why_it_is_ignored() {
    let notes_of = |r: &Value| -> Vec<String> {
        r["notes"]
            .as_array()
            .map(|ns| {
                ns.iter()
                    .filter_map(|n| n.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    for (edition, states) in [
        ("onk-2023-nl", true),
        ("tda-2019-sk", true),
        ("pokerpunt-nl", false),
        ("tda-2015-de", false),
        ("dpc-2019-en", false),
    ] {
        let r = rule(
            edition,
            "misdeal",
            &["boxed_cards=1", "first_two_boxed=yes"],
        );
        assert_eq!(
            r["outcome"],
            if states { "misdeal" } else { "no-misdeal" },
            "{edition}"
        );
        let why = format!(
            "Ignored: `first_two_boxed` is asked only where the rulebook states it (Misdeal: a boxed \
             card among the first two cards dealt); {edition} does not."
        );
        assert_eq!(notes_of(&r).contains(&why), !states, "{edition}: {r}");
    }
    // Boxed cards are counted only when no cause is ticked.
    let r = rule(
        "dpc-2019-en",
        "misdeal",
        &[
            "causes=first-card-wrong-seat",
            "boxed_cards=2",
            "first_two_boxed=yes",
        ],
    );
    let notes = notes_of(&r);
    assert!(
        notes.contains(&"Ignored (not asked on this path): `boxed_cards`.".to_string()),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("Ignored: `first_two_boxed`")),
        "{notes:?}"
    );
}

/// Raise amounts, 50% standard: 1600 facing an opening bet of 1000 is a raise
/// of 600, at least half the bet, so it is forced to a full raise: 2000.
#[test]
fn bet_half_a_raise_is_forced_to_the_minimum() {
    for (edition, number) in [("onk-2023-nl", "43"), ("pokerpunt-nl", "47")] {
        let r = rule(edition, "bet", &["facing=1000", "pushed=1600"]);
        assert_eq!(r["outcome"], "raise", "{edition}");
        assert_eq!(amount(&r, "total"), Some(2000));
        assert_eq!(amount(&r, "min_raise_to"), Some(2000));
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
    // Below half of the bet it is a call, the excess returned.
    let r = rule("dpc-2019-en", "bet", &["facing=1000", "pushed=1400"]);
    assert_eq!(r["outcome"], "call");
    assert_eq!(amount(&r, "total"), Some(1000));
}

#[test]
fn bet_check_facing_a_bet_is_call_or_fold() {
    for (edition, number) in [("onk-2023-nl", "55"), ("pokerpunt-nl", "55")] {
        let r = rule(edition, "bet", &["facing=400", "declared=check"]);
        assert_eq!(r["outcome"], "call-or-fold");
        assert_eq!(cited(&r)[0], number);
    }
}

#[test]
fn undercall_of_the_opening_bet_is_a_full_call_else_discretion() {
    // Let fold, the player forfeits the chips in onk-2023-nl ("de under call
    // te verliezen en te folden") and takes the incomplete call back in
    // tda-2015-de ("den unvollständigen Call zurücknehmen kann und foldet").
    for (edition, number, forfeit) in [("onk-2023-nl", "51", 400), ("tda-2015-de", "39", 0)] {
        let r = rule(
            edition,
            "undercall",
            &[
                "heads_up=no",
                "opening_bet=yes",
                "facing=1000",
                "pushed=400",
            ],
        );
        assert_eq!(r["outcome"], "full-call", "{edition}");
        assert_eq!(amount(&r, "total"), Some(1000));
        assert_eq!(r["discretion"], false);
        assert_eq!(cited(&r)[0], number);
        let r = rule(
            edition,
            "undercall",
            &["heads_up=no", "opening_bet=no", "facing=1000", "pushed=400"],
        );
        assert_eq!(r["outcome"], "discretion");
        assert_eq!(amount(&r, "forfeit"), Some(forfeit), "{edition}");
        assert_eq!(r["discretion"], true);
    }
    let r = rule(
        "dpc-2019-en",
        "undercall",
        &["heads_up=yes", "facing=300", "pushed=100"],
    );
    assert_eq!(r["outcome"], "full-call");
}

/// onk rule 47 example: A bets 100, B all-in 125, C calls 125, D all-in 200:
/// A may raise again, C may not (125 to 200 is not a full raise).
#[test]
fn reopening_after_short_all_ins_per_the_onk_example() {
    let actions = "actions=A:bet:100,B:all-in:125,C:call:125,D:all-in:200";
    for (edition, number) in [("onk-2023-nl", "47"), ("tda-2015-de", "44")] {
        let a = rule(edition, "reopening", &["big_blind=50", actions, "player=A"]);
        assert_eq!(a["outcome"], "reopened", "{edition}");
        assert_eq!(amount(&a, "to_call"), Some(200));
        assert_eq!(amount(&a, "min_raise_to"), Some(300));
        assert_eq!(cited(&a)[0], number);
        let c = rule(edition, "reopening", &["big_blind=50", actions, "player=C"]);
        assert_eq!(c["outcome"], "closed");
        assert_eq!(amount(&c, "to_call"), Some(200));
        assert_eq!(amount(&c, "min_raise_to"), None);
    }
}

/// Limit, A bets 200, B is all-in for 300: half a bet more, which reopens
/// for A in the editions that state the limit share (ONK 47-B, the German
/// and Slovak TDA texts: 50%). DPC's and Pokerpunt's reopening rules name
/// no-limit and pot-limit only: the same TDA share decides there, and the
/// card says so. For D, who has not acted, the share decides nothing.
#[test]
fn the_limit_share_that_reopens_is_said_where_the_edition_has_none() {
    let actions = "actions=A:bet:200,B:all-in:300,C:call";
    let practice = "no rule on the share of a bet that reopens the betting in limit";
    for (edition, stated) in [
        ("dpc-2019-en", false),
        ("pokerpunt-nl", false),
        ("onk-2023-nl", true),
        ("tda-2015-de", true),
        ("tda-2019-sk", true),
    ] {
        let base = ["game=limit", "big_blind=200", "street=flop", actions];
        let a = rule(edition, "reopening", &[&base[..], &["player=A"]].concat());
        assert_eq!(a["outcome"], "reopened", "{edition}");
        let notes = a["notes"].to_string();
        assert_eq!(notes.contains(practice), !stated, "{edition}: {notes}");
        // A share is said with its unit.
        assert_eq!(
            notes.contains("TDA practice is used (50%)"),
            !stated,
            "{edition}: {notes}"
        );
        let d = rule(edition, "reopening", &[&base[..], &["player=D"]].concat());
        assert!(!d["notes"].to_string().contains(practice), "{edition}");
        // limit-raises reads it as reopening does: only where it decides.
        let cap = [&base[..], &["heads_up=no"]].concat();
        let a = rule(edition, "limit-raises", &[&cap[..], &["player=A"]].concat());
        let notes = a["notes"].to_string();
        assert_eq!(notes.contains(practice), !stated, "{edition}: {notes}");
        let d = rule(edition, "limit-raises", &[&cap[..], &["player=D"]].concat());
        assert!(!d["notes"].to_string().contains(practice), "{edition}");
    }
}

/// A cited rule the edition sets aside for its events (ONK 66, stud dead
/// hands, "Niet van toepassing bij MEC Events") is headed so on the card,
/// as `floor rule` heads it, and the JSON flags it; elsewhere neither.
#[test]
fn a_cited_rule_not_applicable_at_the_event_is_headed_so_on_the_card() {
    for (edition, set_aside) in [("onk-2023-nl", true), ("dpc-2019-en", false)] {
        let args = [
            "--lang",
            "en",
            "incident",
            "stud-dead-hand",
            "--rules",
            edition,
            "--answer",
            "facing_action=yes",
        ];
        let out = floor().args(args).output().expect("runs");
        assert!(out.status.success(), "{edition}");
        let card = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(
            card.contains("not applicable at this event"),
            set_aside,
            "{edition}: {card}"
        );
        let r = rule(edition, "stud-dead-hand", &["facing_action=yes"]);
        let flagged = r["citations"]
            .as_array()
            .is_some_and(|cs| cs.iter().any(|c| c["not_applicable"] == true));
        assert_eq!(flagged, set_aside, "{edition}");
    }
}

/// A correction that comes too late shows the amount it was not corrected
/// to as such, never as "Corrected to" nor as a minimum where it is the
/// pot; JSON keeps the amount.
#[test]
fn a_correction_that_stands_does_not_say_corrected_to() {
    for (incident, answers) in [
        (
            "incorrect-bet",
            &["big_blind=100", "facing=300", "last_raise=200", "total=400"][..],
        ),
        (
            "underraise-callers",
            &["big_blind=100", "actions=A:bet:1000,B:raise:1500,C:call"][..],
        ),
        // A pot bet on a wrong count: the amount is the pot, no minimum.
        (
            "incorrect-bet",
            &["game=pot-limit", "big_blind=100", "total=500", "pot=1000"][..],
        ),
    ] {
        for (ended, label) in [("no", "Corrected to"), ("yes", "Not corrected to")] {
            let mut cmd = floor();
            cmd.args([
                "--lang",
                "en",
                "incident",
                incident,
                "--rules",
                "dpc-2019-en",
            ]);
            for a in answers.iter().chain(&[&*format!("street_ended={ended}")]) {
                cmd.args(["--answer", a]);
            }
            let out = cmd.output().expect("runs");
            assert!(out.status.success(), "{incident} {ended}");
            let card = String::from_utf8_lossy(&out.stdout).to_string();
            let amounts = card.lines().find(|l| l.contains("Amounts")).unwrap_or("");
            assert!(amounts.contains(label), "{incident} {ended}: {card}");
            assert!(!amounts.contains("Minimum"), "{incident} {ended}: {card}");
        }
        let mut answers = answers.to_vec();
        answers.push("street_ended=yes");
        let r = rule("dpc-2019-en", incident, &answers);
        assert!(amount(&r, "corrected_to").is_some(), "{incident}: {r}");
    }
}

/// A card giving a total to call or bet tells what the player puts in
/// beside his chips in front, in every incident that gives one: the floor
/// hands over the difference, never the total again. With nothing in front
/// nothing is added to the card.
#[test]
fn a_total_to_call_says_what_the_player_adds_to_his_chips_in_front() {
    let adds = |total: u64, in_front: u64| {
        format!(
            "Of the {total} in total, {in_front} were already in front of him: he adds {}.",
            total - in_front
        )
    };
    let limit = ["game=limit", "big_blind=100", "street=flop"];
    for (incident, answers, said) in [
        (
            "reopening",
            vec![
                "big_blind=100",
                "street=flop",
                "actions=A:bet:100,B:all-in:125,C:call:125,D:all-in:200",
                "player=C",
            ],
            Some(adds(200, 125)),
        ),
        (
            "reopening",
            vec![
                "big_blind=100",
                "street=flop",
                "actions=A:bet:100,B:all-in:125,C:call:125,D:all-in:200",
                "player=E",
            ],
            None,
        ),
        (
            "limit-raises",
            [&limit[..], &["actions=A:bet:100,B:all-in:140", "player=A"]].concat(),
            Some(adds(140, 100)),
        ),
        (
            "limit-raises",
            [&limit[..], &["actions=A:bet:100,B:all-in:140", "player=C"]].concat(),
            None,
        ),
    ] {
        let notes = notes_of("dpc-2019-en", incident, &answers);
        match &said {
            Some(s) => assert!(
                notes.contains(s.as_str()),
                "{incident} {answers:?}: {notes}"
            ),
            None => assert!(
                !notes.contains("he adds"),
                "{incident} {answers:?}: {notes}"
            ),
        }
    }
}

/// A player whose chips do not cover the bet calls all-in for what he has:
/// every card that gives a total to call or a largest total bounds it by
/// his chips, says so, and offers no raise he cannot make. (Reopening and
/// pot-limit gave the bet faced, 200 or 300, to a player holding 150 or
/// 100.)
#[test]
fn a_call_never_asks_more_chips_than_the_player_has() {
    for (incident, answers, outcome, to_call, said) in [
        (
            "reopening",
            vec![
                "big_blind=100",
                "actions=A:bet:200",
                "player=B",
                "stacks=B:150",
            ],
            "all-in-call",
            150,
            "call 150, all his chips",
        ),
        (
            "reopening",
            vec![
                "big_blind=100",
                "actions=A:bet:200",
                "player=B",
                "stacks=B:300",
            ],
            "reopened",
            200,
            "His chips come to 300 in all, short of a full raise to 400",
        ),
        (
            "pot-limit",
            vec!["big_blind=100", "pot=1000", "facing=300", "stack=100"],
            "max-bet",
            100,
            "His chips come to 100 in all, no more than the 300 to call",
        ),
        (
            "pot-limit",
            vec![
                "big_blind=100",
                "street=flop",
                "pot=1000",
                "actions=A:bet:300",
                "player=B",
                "stacks=B:250",
            ],
            "max-bet",
            250,
            "no more than the 300 to call",
        ),
    ] {
        let r = rule("dpc-2019-en", incident, &answers);
        assert_eq!(r["outcome"], outcome, "{incident} {answers:?}");
        assert_eq!(r["amounts"]["to_call"], to_call, "{incident} {answers:?}");
        let card = format!("{} {}", r["outcome_text"], r["notes"]);
        assert!(card.contains(said), "{incident} {answers:?}: {card}");
        if let Some(max) = r["amounts"]["max_total"].as_u64() {
            assert_eq!(
                max, to_call,
                "{incident} {answers:?}: no bet beyond the call"
            );
        }
        if outcome == "all-in-call" {
            assert!(r["amounts"]["min_raise_to"].is_null(), "{answers:?}");
        }
    }
}

/// Colour-up of 25s into 100s: seat 1 has 75 of them (1875: 18 new chips,
/// 75 left over), seats 2 and 4 50 (12, 50 over), seat 3 one (25 over, and
/// no other chips). 200 over: two chips raced, to the first two of the race
/// order (2, 4); seat 3 keeps one chip. The card names who gets what.
#[test]
fn the_chip_race_card_names_the_winners_and_every_seats_chips() {
    let notes = notes_of(
        "dpc-2019-en",
        "chip-race",
        &[
            "removed_denomination=25",
            "new_denomination=100",
            "removed_chips=1:75,2:50,3:1,4:50",
            "race_order=2,4,1",
            "no_other_chips=3",
        ],
    );
    for said in [
        "The raced chips go to seats 2, 4, one each.",
        "Seat 3 would lose its last chip: it gets one chip",
        "New chips of 100 per seat (seat: chips): 1: 18, 2: 13, 3: 1, 4: 13.",
    ] {
        assert!(notes.contains(said), "{said}: {notes}");
    }
}

/// Pot 1000, a bet of 200 in: calling makes 1400, so the largest raise is to
/// 200 + 1400 = 1600.
#[test]
fn pot_limit_maximum_facing_a_bet() {
    for (edition, number) in [("onk-2023-nl", "54"), ("tda-2015-de", "50")] {
        let r = rule(
            edition,
            "pot-limit",
            &["pot=1200", "facing=200", "big_blind=100"],
        );
        assert_eq!(r["outcome"], "max-bet");
        assert_eq!(amount(&r, "to_call"), Some(200));
        assert_eq!(amount(&r, "max_total"), Some(1600));
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
    // A short all-in blind pre-flop is faced at its full size (54-B): the
    // bet faced, left at its default, is not said to be assumed 0.
    let r = rule(
        "dpc-2019-en",
        "pot-limit",
        &[
            "street=preflop",
            "big_blind=100",
            "short_blind=yes",
            "blind_posted=60",
            "pot=110",
        ],
    );
    assert_eq!(
        (amount(&r, "to_call"), amount(&r, "max_total")),
        (Some(100), Some(350))
    );
    let defaults = r["defaults_used"].to_string();
    assert!(!defaults.contains("\"facing\""), "{defaults}");
}

/// SPEC section 6: "five" with a 5000 pot is 5000 in tda-2019-sk (highest
/// reading not above the pot), 500 in onk-2023-nl (below the pot) and in
/// tda-2015-de (the smaller reading).
#[test]
fn unclear_bet_reading_follows_the_edition() {
    let answers = ["pot=5000", "declared_number=5", "big_blind=400"];
    for (edition, total, number) in [
        ("tda-2019-sk", 5000, "57"),
        ("dpc-2019-en", 5000, "57"),
        ("onk-2023-nl", 500, "57"),
        ("pokerpunt-nl", 500, "57"),
        ("tda-2015-de", 500, "52"),
    ] {
        let r = rule(edition, "unclear-bet", &answers);
        assert_eq!(r["outcome"], "bet");
        assert_eq!(amount(&r, "total"), Some(total), "{edition}");
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
    // Below 5000 every edition reads 500.
    let r = rule(
        "tda-2019-sk",
        "unclear-bet",
        &["pot=4900", "declared_number=5", "big_blind=400"],
    );
    assert_eq!(amount(&r, "total"), Some(500));
}

/// ONK MEC-7's first example gives two players out of 18 (17 paid) the
/// prize of place 16; its rule ("dezelfde prijs van de uitgeschakelde
/// plek") and its second example give the highest place eliminated, 17.
/// The card follows the rule and says that the example it quotes reads
/// otherwise.
#[test]
fn a_quoted_example_against_its_rule_is_named() {
    let answers = ["remaining=18", "paid=17", "busted=2"];
    let r = rule("onk-2023-nl", "hand-for-hand", &answers);
    assert_eq!(amount(&r, "best_place"), Some(17), "{r}");
    let notes = r["notes"].to_string();
    assert!(
        notes.contains("Rule MEC-7's example \\\"Voorbeeld 1\\\" reads otherwise"),
        "{notes}"
    );
    let r = rule("dpc-2019-en", "hand-for-hand", &answers);
    assert!(!r["notes"].to_string().contains("reads otherwise"), "{r}");
}

/// onk-2023-nl marks its rules for stud alone not applicable ("Stud games
/// worden niet gespeeld bij Mec Events"): a stud ruling under it says so,
/// a board game's does not, nor does a stud ruling under an edition that
/// plays stud.
#[test]
fn a_stud_ruling_under_an_edition_without_stud_says_so() {
    let bring_in = [
        "situation=who-brings-in",
        "stud_game=seven-card-stud",
        "upcards=1:2c,2:5h,3:Kd",
    ];
    let stud_tie = ["game=stud", "pot=1000", "high=1,2", "by_suit=2,1"];
    let board = [
        "game=board-hi-lo",
        "pot=1000",
        "high=1",
        "low=2",
        "button=5",
    ];
    for (edition, incident, answers, says) in [
        ("onk-2023-nl", "stud-first-to-act", &bring_in[..], true),
        (
            "onk-2023-nl",
            "stud-dead-hand",
            &["facing_action=yes"][..],
            true,
        ),
        ("onk-2023-nl", "hi-lo-split", &stud_tie[..], true),
        ("onk-2023-nl", "hi-lo-split", &board[..], false),
        ("dpc-2019-en", "stud-first-to-act", &bring_in[..], false),
        ("pokerpunt-nl", "hi-lo-split", &stud_tie[..], false),
    ] {
        let notes = notes_of(edition, incident, answers);
        assert_eq!(
            notes.contains("plays no stud"),
            says,
            "{edition} {incident}: {notes}"
        );
    }
}

/// The pot question counts the bets in front not yet pulled in, as dpc 57
/// ("*The pot is the total of all prior bets including any bets in front
/// of a player not yet pulled in") and Pokerpunt 57 define it; the card of
/// an edition whose rule does not say what its pot counts says the ruling
/// follows that practice. tda-2015-de 52 reads the smaller bet whatever the
/// pot ("die der kleineren Bet entspricht"): the pot decides nothing there
/// and the card says nothing of it.
#[test]
fn unclear_bet_says_where_the_rule_does_not_define_the_pot() {
    let answers = ["pot=3000", "declared_number=5", "big_blind=400"];
    for (edition, noted) in [
        ("dpc-2019-en", false),
        ("pokerpunt-nl", false),
        ("onk-2023-nl", true),
        ("tda-2019-sk", true),
        ("tda-2015-de", false),
    ] {
        let notes = notes_of(edition, "unclear-bet", &answers);
        assert_eq!(
            notes.contains("does not state what decided here"),
            noted,
            "{edition}: {notes}"
        );
    }
}

/// Each side pot is split on its own (DPC 21, tda-2019-sk 21, tda-2015-de
/// 20 "gelegt und aufgeteilt"); ONK 21 and Pokerpunt 21 say only that side
/// pots are placed apart from the main pot ("gescheiden geplaatst"): their
/// cards say the split follows the TDA practice.
#[test]
fn side_pots_say_where_the_rule_does_not_split_each_pot_on_its_own() {
    let answers = ["contributions=2:300,5:1000,8:2500"];
    for (edition, silent) in [
        ("dpc-2019-en", false),
        ("tda-2019-sk", false),
        ("tda-2015-de", false),
        ("onk-2023-nl", true),
        ("pokerpunt-nl", true),
    ] {
        let r = rule(edition, "side-pots", &answers);
        assert_eq!(r["outcome"], "pots", "{edition}: {r}");
        let notes = r["notes"].to_string();
        assert_eq!(
            notes.contains("does not state what decided here"),
            silent,
            "{edition}: {notes}"
        );
    }
}

/// A board pot of 1100 tied between seats 3 and 6, button 1, in 100s.
const TIE_FOR_1100: [&str; 4] = ["pot=1100", "winners=3,6", "button=1", "smallest_chip=100"];
/// The same pot in Omaha hi-lo: seat 3 high, seat 6 low.
const BOARD_HI_LO_1100: [&str; 6] = [
    "game=board-hi-lo",
    "pot=1100",
    "high=3",
    "low=6",
    "button=1",
    "smallest_chip=100",
];

/// Pokerpunt 20 makes the odd chip "de laagste denominatie aan tafel": the
/// split breaks the pot down to the smallest chip at the table, where the
/// other editions (ONK 20 "in het spel", DPC 20 "in play", tda-2015-de 19
/// "verfügbaren") name the smallest in play, and tda-2019-sk 20, silent,
/// follows that practice. The same chip gives the same shares.
#[test]
fn odd_chips_are_broken_down_to_the_chip_the_edition_names() {
    let (split, hi_lo) = (TIE_FOR_1100, BOARD_HI_LO_1100);
    for (edition, at_table) in [
        ("pokerpunt-nl", true),
        ("onk-2023-nl", false),
        ("dpc-2019-en", false),
        ("tda-2015-de", false),
        ("tda-2019-sk", false),
    ] {
        for (incident, answers) in [("split-pot", &split[..]), ("hi-lo-split", &hi_lo[..])] {
            let r = rule(edition, incident, answers);
            let first = r["remedy"][0].as_str().unwrap_or_default();
            assert_eq!(
                first.contains("at the table"),
                at_table,
                "{edition} {incident}: {first}"
            );
            assert_eq!(
                first.contains("in play"),
                !at_table,
                "{edition} {incident}: {first}"
            );
            let shares: Vec<u64> = r["shares"]
                .as_array()
                .map(|s| s.iter().filter_map(|x| x["amount"].as_u64()).collect())
                .unwrap_or_default();
            assert_eq!(
                shares.iter().sum::<u64>(),
                1100,
                "{edition} {incident}: {r}"
            );
        }
    }
}

/// tda-2015-de 19-B gives a stud odd chip to "die höchste Karte und Farbe
/// in der höchsten 5-Karten-Hand": the card says only those cards count.
/// The other editions look at any card, or follow the practice.
#[test]
fn the_stud_odd_chip_says_where_only_the_best_five_cards_count() {
    for game in ["stud", "stud-hi-lo"] {
        for edition in EDITIONS {
            let answers = [
                &format!("game={game}")[..],
                "pot=1100",
                "high=3,6",
                "by_suit=6,3",
                "smallest_chip=100",
            ];
            let notes = notes_of(edition, "hi-lo-split", &answers);
            assert_eq!(
                notes.contains("best five-card hand"),
                edition == "tda-2015-de",
                "{edition} {game}: {notes}"
            );
        }
    }
}

/// Pokerpunt 43-A corrects an underraise "in Limit of No-Limit Hold'em":
/// the card says another game follows the practice, which corrects alike.
/// A pot-limit overbet is another rule's (43-B) and gets no such note.
#[test]
fn an_underraise_says_where_the_rule_speaks_of_holdem_only() {
    let under = ["game=no-limit", "big_blind=200", "facing=600", "total=1000"];
    let overbet = [
        "game=pot-limit",
        "big_blind=100",
        "facing=300",
        "pot=900",
        "total=2000",
    ];
    for edition in EDITIONS {
        for (answers, noted) in [
            (&under[..], edition == "pokerpunt-nl"),
            (&overbet[..], false),
        ] {
            let notes = notes_of(edition, "incorrect-bet", answers);
            assert_eq!(
                notes.contains("for Hold'em games only"),
                noted,
                "{edition} {answers:?}: {notes}"
            );
        }
    }
}

/// "Pot" said in no-limit binds to a valid bet, at least the minimum, in
/// every edition but tda-2019-sk, whose 54-C binds it to exactly the
/// minimum ("navýšiť práve minimálnu čiastku"): there the chips beyond it
/// go back. Facing no bet and facing a bet of 300, big blind 100.
#[test]
fn pot_said_in_no_limit_binds_as_the_edition_words_it() {
    for (edition, rule_number) in [
        ("dpc-2019-en", "54"),
        ("tda-2015-de", "50"),
        ("tda-2019-sk", "54"),
        ("onk-2023-nl", "54"),
        ("pokerpunt-nl", "54"),
    ] {
        let exactly = edition == "tda-2019-sk";
        for (facing, pushed, total_at_least, total_exactly) in
            [("0", "500", 500, 100), ("300", "2000", 2000, 600)]
        {
            let r = rule(
                edition,
                "bet",
                &[
                    "game=no-limit",
                    "big_blind=100",
                    &format!("facing={facing}")[..],
                    "declared=pot",
                    &format!("pushed={pushed}")[..],
                ],
            );
            let want = if exactly {
                total_exactly
            } else {
                total_at_least
            };
            let pushed: u64 = pushed.parse().expect("a number");
            assert_eq!(amount(&r, "total"), Some(want), "{edition} facing {facing}");
            assert_eq!(
                amount(&r, "returned"),
                (pushed > want).then(|| pushed - want),
                "{edition} facing {facing}"
            );
            assert_eq!(
                r["notes"].to_string().contains("exactly the minimum"),
                exactly,
                "{edition} facing {facing}: {}",
                r["notes"]
            );
            assert_eq!(
                cited(&r).first().map(String::as_str),
                Some(rule_number),
                "{edition}"
            );
        }
    }
}

/// Only the TDA text (dpc-2019-en 36) says the actions substantial action
/// counts are in turn; ONK and Pokerpunt say "opeenvolgende", tda-2015-de
/// "aufeinander folgende", tda-2019-sk "akékoľvek". The card counts the
/// actions in turn and says so where the edition does not, with
/// substantial action or without.
#[test]
fn substantial_action_says_where_the_rule_does_not_say_in_turn() {
    for edition in EDITIONS {
        for actions in ["check,bet", "check,check"] {
            let notes = notes_of(
                edition,
                "substantial-action",
                &[&format!("actions={actions}")[..]],
            );
            assert_eq!(
                notes.contains("does not say that the actions counted must be in turn"),
                edition != "dpc-2019-en",
                "{edition} {actions}: {notes}"
            );
        }
    }
}

/// Every edition says a player calls the clock from his seat; pokerpunt-nl
/// (30) and tda-2015-de (29) say it in their at-your-seat rule, not the
/// clock rule. The card's first step says it and cites the rule that does,
/// quoting the words that state it.
#[test]
fn the_clock_card_cites_the_rule_that_puts_the_caller_at_his_seat() {
    for (edition, clock_rule, seat_rule) in [
        ("dpc-2019-en", "29", "29"),
        ("onk-2023-nl", "29", "29"),
        ("tda-2019-sk", "29", "29"),
        ("pokerpunt-nl", "29", "30"),
        ("tda-2015-de", "27", "29"),
    ] {
        let r = rule(edition, "clock", &["facing_bet=yes"]);
        assert!(
            r["remedy"][0]
                .as_str()
                .is_some_and(|s| s.contains("at his seat")),
            "{edition}: {r}"
        );
        let cited: Vec<(&str, Option<&str>)> = r["citations"]
            .as_array()
            .map(|c| {
                c.iter()
                    .map(|c| (c["number"].as_str().unwrap_or(""), c["words"].as_str()))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(
            cited.first().map(|c| c.0),
            Some(clock_rule),
            "{edition}: {r}"
        );
        let seat = cited.iter().find(|c| c.0 == seat_rule);
        assert!(seat.is_some(), "{edition}: {r}");
        // Words are quoted only for a rule of another topic.
        assert_eq!(
            seat.and_then(|c| c.1).is_some(),
            clock_rule != seat_rule,
            "{edition}: {r}"
        );
    }
}

/// ONK and Pokerpunt 20 give the odd chip's seat "bij alle Hold'em-spelen":
/// for another board game the card says the practice gives the same seat.
/// Stud hands odd chips out by suit, so no seat is said there.
#[test]
fn the_odd_chip_seat_says_where_the_rule_speaks_of_holdem_only() {
    let (split, board) = (TIE_FOR_1100, BOARD_HI_LO_1100);
    let stud = [
        "game=stud-hi-lo",
        "pot=1100",
        "high=3",
        "low=6",
        "by_suit=3,6",
        "smallest_chip=100",
    ];
    for (edition, holdem_only) in [
        ("pokerpunt-nl", true),
        ("onk-2023-nl", true),
        ("dpc-2019-en", false),
        ("tda-2015-de", false),
        ("tda-2019-sk", false),
    ] {
        for (incident, answers, noted) in [
            ("split-pot", &split[..], holdem_only),
            ("hi-lo-split", &board[..], holdem_only),
            ("hi-lo-split", &stud[..], false),
        ] {
            let notes = notes_of(edition, incident, answers);
            assert_eq!(
                notes.contains("for Hold'em games only"),
                noted,
                "{edition} {incident} {answers:?}: {notes}"
            );
        }
    }
}

/// Two short all-ins that together make a full raise re-open the betting
/// for the first bettor (TDA 2019 47: "or cumulative multiple short
/// all-ins"). tda-2015-de 44 reopens where "zwischenzeitlich nicht
/// mindestens ein vollständiges Raise erfolgte" and says nothing of short
/// all-ins adding up: its card rules as the practice does and says so. A
/// full raise after him needs no such word.
#[test]
fn reopening_by_short_all_ins_says_where_the_rule_does_not_add_them_up() {
    let cumulative = [
        "big_blind=100",
        "actions=A:bet:100,B:all-in:125,C:call,D:all-in:200",
        "player=A",
    ];
    for (edition, states) in [
        ("dpc-2019-en", true),
        ("tda-2019-sk", true),
        ("onk-2023-nl", true),
        ("tda-2015-de", false),
    ] {
        let r = rule(edition, "reopening", &cumulative);
        assert_eq!(r["outcome"], "reopened", "{edition}: {r}");
        let notes = r["notes"].to_string();
        assert_eq!(
            !notes.contains("does not state what decided here"),
            states,
            "{edition}: {notes}"
        );
    }
    let full = [
        "big_blind=100",
        "actions=A:bet:100,B:all-in:150,C:raise:250",
        "player=A",
    ];
    let r = rule("tda-2015-de", "reopening", &full);
    assert_eq!(r["outcome"], "reopened", "{r}");
    assert!(!r["notes"].to_string().contains("does not state"), "{r}");
}

/// A caller of a river bet may see the last aggressor's hand "provided the
/// caller tabled or retains his or her cards" (dpc 18-B; de, sk alike);
/// Pokerpunt 18-B only once he "zijn eigen hand al wel open op tafel heeft
/// gelegd". The question cannot tell holding from tabling: the Pokerpunt
/// card says its condition.
#[test]
fn asking_to_see_says_where_the_caller_must_have_tabled_his_hand() {
    let answers = ["kept_cards=yes", "river_bet=yes", "asks_last_aggressor=yes"];
    for edition in crate::common::EDITIONS {
        let r = rule(edition, "asking-to-see", &answers);
        assert_eq!(r["outcome"], "must-show", "{edition}: {r}");
        assert_eq!(
            r["notes"]
                .to_string()
                .contains("who has tabled his own hand"),
            edition == "pokerpunt-nl",
            "{edition}: {r}"
        );
    }
}

/// A rebuy declared during a hand: dpc 27 binds one declared "before a
/// hand" (onk, de, sk alike), so the floor decides; Pokerpunt 27 binds
/// "Spelers die duidelijk hebben gemaakt een rebuy te willen doen" at no
/// set time: its chips play and he must make it.
#[test]
fn a_rebuy_declared_during_a_hand_binds_where_the_rule_sets_no_time() {
    let answers = ["situation=declared", "before_hand=no"];
    for (edition, binds) in [
        ("dpc-2019-en", false),
        ("onk-2023-nl", false),
        ("pokerpunt-nl", true),
        ("tda-2015-de", false),
        ("tda-2019-sk", false),
    ] {
        let r = rule(edition, "rebuy", &answers);
        let want = if binds { "chips-play" } else { "td-decides" };
        assert_eq!(r["outcome"], want, "{edition}: {r}");
    }
}

#[test]
fn side_pots_from_contributions_with_a_folded_player() {
    for (edition, number) in [("onk-2023-nl", "21"), ("tda-2015-de", "20")] {
        let r = rule(
            edition,
            "side-pots",
            &["contributions=1:500,2:1500,3:1500,4:800", "folded=4"],
        );
        assert_eq!(r["outcome"], "pots");
        assert_eq!(amount(&r, "main"), Some(2000));
        assert_eq!(amount(&r, "side_1"), Some(2300));
        assert_eq!(r["pots"][0]["eligible"], serde_json::json!([1, 2, 3]));
        assert_eq!(r["pots"][1]["eligible"], serde_json::json!([2, 3]));
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
}

/// 1025 in 25s between seats 2 and 7, button 5: 41 chips of 25, 20 each and
/// the odd one to seat 7, the first winner left of the button.
#[test]
fn split_pot_odd_chip_goes_left_of_the_button() {
    for (edition, number) in [("onk-2023-nl", "20"), ("tda-2015-de", "19")] {
        let r = rule(
            edition,
            "split-pot",
            &[
                "pot=1025",
                "winners=2,7",
                "button=5",
                "seats=1-9",
                "smallest_chip=25",
            ],
        );
        assert_eq!(r["outcome"], "split");
        assert_eq!(amount(&r, "seat_2"), Some(500));
        assert_eq!(amount(&r, "seat_7"), Some(525));
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
}

#[test]
fn penalty_missed_rounds_are_players_times_rounds() {
    for (edition, number) in [("onk-2023-nl", "71"), ("tda-2015-de", "66")] {
        let r = rule(
            edition,
            "penalty",
            &["kind=missed-rounds", "players_at_table=9", "rounds=2"],
        );
        assert_eq!(r["outcome"], "missed-rounds");
        assert_eq!(amount(&r, "hands_missed"), Some(18));
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
}

#[test]
fn substantial_action_two_with_chips_or_three_of_any() {
    for (edition, number) in [("onk-2023-nl", "36"), ("tda-2015-de", "35")] {
        let r = rule(edition, "substantial-action", &["actions=check,bet"]);
        assert_eq!(r["outcome"], "substantial-action", "{edition}");
        assert_eq!(cited(&r)[0], number);
        let r = rule(edition, "substantial-action", &["actions=check,check"]);
        assert_eq!(r["outcome"], "no-substantial-action");
        let r = rule(edition, "substantial-action", &["actions=check,check,fold"]);
        assert_eq!(r["outcome"], "substantial-action");
    }
}

#[test]
fn misdeal_causes_follow_the_edition_and_end_with_substantial_action() {
    for (edition, number) in [("onk-2023-nl", "35"), ("tda-2015-de", "34")] {
        let r = rule(edition, "misdeal", &["boxed_cards=2"]);
        assert_eq!(r["outcome"], "misdeal", "{edition}");
        assert_eq!(cited(&r)[0], number);
        let r = rule(
            edition,
            "misdeal",
            &["boxed_cards=2", "substantial_action=yes"],
        );
        assert_eq!(r["outcome"], "no-misdeal");
        let r = rule(edition, "misdeal", &["fouled_deck=yes"]);
        assert_eq!(r["outcome"], "fouled-deck");
    }
    // onk lists a joker in the deck; the 2015 list does not.
    assert_eq!(
        rule("onk-2023-nl", "misdeal", &["joker_in_deck=yes"])["outcome"],
        "misdeal"
    );
    assert_eq!(
        rule("tda-2015-de", "misdeal", &["joker_in_deck=yes"])["outcome"],
        "no-misdeal"
    );
}

#[test]
fn four_card_flop_is_scrambled() {
    for (edition, number) in [("onk-2023-nl", "39"), ("tda-2015-de", "36")] {
        let r = rule(edition, "four-card-flop", &[]);
        assert_eq!(r["outcome"], "scramble");
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
}

#[test]
fn premature_river_is_reshuffled() {
    // ONK states the procedure in rule 39 itself, which governs over RP-5.
    for (edition, number) in [("onk-2023-nl", "39"), ("tda-2019-sk", "OP-5")] {
        let r = rule(edition, "premature-card", &["street=river"]);
        assert_eq!(r["outcome"], "river-reshuffle");
        assert_eq!(cited(&r)[0], number, "{edition}");
    }
}

#[test]
fn premature_turn_waits_for_the_flop_betting() {
    // tda-2019-sk OP-5 B sets the card aside; the others follow the same TDA
    // practice. The flop betting is completed before the new turn is dealt.
    let step = "Complete the flop betting round first; the set-aside card plays no part in it.";
    for edition in ["tda-2019-sk", "dpc-2019-en", "tda-2015-de", "pokerpunt-nl"] {
        let r = rule(edition, "premature-card", &["street=turn"]);
        assert_eq!(r["outcome"], "turn-reshuffle", "{edition}");
        assert_eq!(r["remedy"][0], "Set the premature turn card aside.");
        assert_eq!(r["remedy"][1], step, "{edition}");
    }
    let r = rule("tda-2019-sk", "premature-card", &["street=turn"]);
    assert_eq!(cited(&r), ["OP-5"]);
    assert_eq!(r["citations"][0]["part"], "B");
}

#[test]
fn out_of_turn_binding_unless_the_action_changed() {
    for (edition, number) in [("onk-2023-nl", "53"), ("tda-2015-de", "40")] {
        let r = rule(
            edition,
            "out-of-turn",
            &["oot_action=bet", "action_changed=no"],
        );
        assert_eq!(r["outcome"], "binding", "{edition}");
        assert_eq!(cited(&r)[0], number);
        let r = rule(
            edition,
            "out-of-turn",
            &["oot_action=bet", "action_changed=yes"],
        );
        assert_eq!(r["outcome"], "not-binding");
        let r = rule(edition, "out-of-turn", &["oot_action=fold"]);
        assert_eq!(r["outcome"], "fold-binding");
    }
}

/// SPEC section 6: 50 s + 10 s in tda-2015-de (dead even facing no bet),
/// 25 s + 5 s in onk-2023-nl.
#[test]
fn clock_seconds_and_expiry_follow_the_edition() {
    let de = rule("tda-2015-de", "clock", &["facing_bet=no"]);
    assert_eq!(de["outcome"], "dead-hand");
    assert_eq!(amount(&de, "seconds"), Some(60));
    assert_eq!(amount(&de, "countdown"), Some(10));
    assert_eq!(cited(&de)[0], "27");
    let onk = rule("onk-2023-nl", "clock", &["facing_bet=no"]);
    assert_eq!(onk["outcome"], "check");
    assert_eq!(amount(&onk, "seconds"), Some(30));
    assert_eq!(amount(&onk, "countdown"), Some(5));
    assert_eq!(cited(&onk)[0], "29");
    assert_eq!(
        rule("onk-2023-nl", "clock", &["facing_bet=yes"])["outcome"],
        "dead-hand"
    );
}

/// 9, 6 and 8 players at nine-seat tables: table 2 is three short of the
/// fullest, so it halts; one player moves from table 1 to table 2.
#[test]
fn balance_halts_the_short_table_and_moves_one_player() {
    for (edition, number) in [("onk-2023-nl", "11"), ("tda-2015-de", "10")] {
        let r = rule(edition, "balance", &["tables=1:9,2:6,3:8"]);
        assert_eq!(r["outcome"], "halt", "{edition}");
        assert_eq!(r["halt"], serde_json::json!(["2"]));
        assert_eq!(
            r["moves"],
            serde_json::json!([{"from": "1", "to": "2", "players": 1}])
        );
        assert_eq!(cited(&r)[0], number);
    }
    let r = rule("dpc-2019-en", "balance", &["tables=1:8,2:7"]);
    assert_eq!(r["outcome"], "balanced");
}

/// onk-2023-nl's house rule MEC-7 sets the hand-for-hand payout (the same
/// prize for all): it decides, so it is cited first, before RP-8, and the
/// ruling names the place whose prize each busted player receives.
#[test]
fn hand_for_hand_cites_the_house_rule_that_sets_the_payout() {
    let r = rule(
        "onk-2023-nl",
        "hand-for-hand",
        &["remaining=18", "paid=17", "busted=2"],
    );
    assert_eq!(cited(&r), ["MEC-7", "RP-8"], "{r}");
    assert_eq!(r["citations"][0]["concept"], "mec-hand-for-hand");
    assert_eq!(amount(&r, "prize_place"), Some(17));
    assert_eq!(r["payout"], "best-place-prize");
    // Cited, so not repeated as a house note.
    assert!(r.get("house_notes").is_none(), "{r}");

    // tda-2019-sk states no payout: the players share (TDA practice), no
    // prize place, OP-8 cited alone.
    let sk = rule(
        "tda-2019-sk",
        "hand-for-hand",
        &["remaining=18", "paid=17", "busted=2"],
    );
    assert_eq!(cited(&sk), ["OP-8"], "{sk}");
    assert_eq!(amount(&sk, "prize_place"), None);
    assert_eq!(sk["payout"], "share-places");
}

/// Removed chips worth more than the chip range: the error names the
/// answer to fix, `removed_chips`.
#[test]
fn chip_race_overflow_names_the_removed_chips_answer() {
    for lang in ["en", "de"] {
        let stderr = one_line_error(floor().args([
            "incident",
            "chip-race",
            "--lang",
            lang,
            "--answer",
            "removed_denomination=25",
            "--answer",
            "new_denomination=100",
            "--answer",
            "removed_chips=1:18446744073709551615,2:3",
            "--answer",
            "race_order=2",
        ]));
        assert!(stderr.contains("`removed_chips`"), "{lang}: {stderr}");
        assert!(!stderr.contains("stacks"), "{lang}: {stderr}");
    }
}

#[test]
fn missing_answers_are_listed_with_their_questions() {
    let stderr =
        one_line_error(floor().args(["incident", "undercall", "--answer", "heads_up=yes"]));
    assert!(
        stderr.contains("facing (Total bet the player faces?)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("pushed (Chips the player put out?)"),
        "{stderr}"
    );
}

#[test]
fn stdin_not_a_terminal_never_prompts() {
    // No answers at all, stdin a pipe: the missing answers are reported.
    floor()
        .args(["incident", "clock"])
        .write_stdin("yes\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("facing_bet"));
}

#[test]
fn answers_file_and_answer_flags_combine() {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("split.yaml");
    std::fs::write(
        &file,
        "pot: 1025\nwinners: [2, 7]\nbutton: 5\nsmallest_chip: 25\n",
    )
    .expect("write");
    let r = json_of(
        floor()
            .args([
                "incident",
                "split-pot",
                "--rules",
                "dpc-2019-en",
                "--json",
                "--answers",
            ])
            .arg(&file)
            .args(["--answer", "button=1"]),
    );
    // Button 1: seat 2 is the first winner to its left.
    assert_eq!(r["amounts"]["seat_2"], 525);
    assert_eq!(r["answers"]["button"], 1);
}

#[test]
fn the_incident_list_has_every_contract_incident() {
    let list = json(&["incident", "--list"]);
    let ids: Vec<&str> = list
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|i| i["id"].as_str())
        .collect();
    for id in [
        "bet",
        "undercall",
        "reopening",
        "pot-limit",
        "unclear-bet",
        "side-pots",
        "split-pot",
        "penalty",
        "substantial-action",
        "misdeal",
        "four-card-flop",
        "premature-card",
        "out-of-turn",
        "clock",
        "balance",
        "chip-race",
        "showdown-order",
        "asking-to-see",
        "heads-up-button",
        "accidentally-killed-hand",
        "chips-found-behind",
        "at-your-seat",
        "dispute-window",
        "exposed-card",
        "button-too-few-cards",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
}

/// The assumption on chips already in front is said in words of its own
/// ("none" means they stay and count), in every UI language; another
/// question's "none" keeps the shared label.
#[test]
fn the_assumed_prior_chips_are_said_as_the_bet_reads_them() {
    for (lang, words) in [
        ("en", "Nothing special: they stay in front"),
        ("nl", "Niets bijzonders"),
        ("de", "Nichts Besonderes"),
        ("sk", "Nič zvláštne"),
    ] {
        let out = floor()
            .args(["incident", "bet", "--rules", "dpc-2019-en", "--lang", lang])
            .args([
                "--answer",
                "big_blind=100",
                "--answer",
                "actions=A:bet:200,B:raise:600",
            ])
            .args(["--answer", "player=A", "--answer", "pushed=400"])
            .output()
            .expect("runs");
        let text: String = String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .filter(|w| !w.contains('│') && !w.contains('┆'))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains(words), "{lang}: {text}");
    }
}

/// A showdown with a player all-in has no order: every hand is tabled at
/// once (TDA 2019 16, TDA 2015 15). Left unanswered, no all-in is assumed
/// and said.
#[test]
fn an_all_in_showdown_tables_every_hand_and_no_order_is_given() {
    for (edition, number) in [
        ("onk-2023-nl", "16"),
        ("pokerpunt-nl", "16"),
        ("tda-2015-de", "15"),
        ("tda-2019-sk", "16"),
        ("dpc-2019-en", "16"),
    ] {
        let r = rule(edition, "showdown-order", &["all_in=yes"]);
        assert_eq!(r["outcome"], "all-tabled", "{edition}");
        assert_eq!(cited(&r), [number], "{edition}");
        assert!(r.get("order").is_none(), "{edition}: {r}");
        assert!(r.get("by_aggressor").is_none(), "{edition}: {r}");
        let r = rule(edition, "showdown-order", &["live=2,5,9", "button=5"]);
        assert_eq!(r["outcome"], "order", "{edition}");
        assert_eq!(r["order"], serde_json::json!([9, 2, 5]), "{edition}");
        let assumed = r["defaults_used"].to_string();
        assert!(assumed.contains("all_in"), "{edition}: {assumed}");
    }
}

/// An unofficial word or gesture is at the player's risk: rule 3 says so
/// where the edition has it; dpc-2019-en, which prints no rule 3, says so
/// in its rule 57 on unclear betting, cited before the duty of rule 2.
#[test]
fn an_unofficial_term_cites_the_rule_that_puts_it_at_the_players_risk() {
    for (edition, used, numbers) in [
        ("dpc-2019-en", "other-term", &["57", "2"][..]),
        ("dpc-2019-en", "pass", &["57", "2"][..]),
        ("onk-2023-nl", "other-term", &["3"][..]),
        ("tda-2015-de", "other-term", &["3"][..]),
    ] {
        let r = rule(edition, "terminology", &[&format!("used={used}")]);
        assert_eq!(r["outcome"], "players-risk", "{edition} {used}");
        assert_eq!(cited(&r), numbers, "{edition} {used}");
    }
}

/// Halting play at three short is the full-table rule: in a short-handed
/// event (6-max) the rule on halting leaves it to the TD (Pokerpunt 10-D,
/// tda-2019-sk 11-D), and the card says so rather than order a halt.
#[test]
fn a_short_handed_event_leaves_the_halt_to_the_td() {
    for edition in ["pokerpunt-nl", "tda-2019-sk", "dpc-2019-en"] {
        for (tables, seats, td_decides) in [
            ("1:6,2:3", "6", true),
            ("1:5,2:2", "5", true),
            ("1:9,2:6", "9", false),
            ("1:10,2:7", "10", false),
        ] {
            let r = rule(
                edition,
                "balance",
                &[
                    &format!("tables={tables}"),
                    &format!("seats_per_table={seats}"),
                ],
            );
            assert!(
                !r["halt"].as_array().is_none_or(Vec::is_empty),
                "{edition} {tables}"
            );
            assert_eq!(r["discretion"], td_decides, "{edition} {tables}");
            let said = r["notes"].to_string().contains("short-handed");
            assert_eq!(said, td_decides, "{edition} {tables}: {}", r["notes"]);
        }
    }
}

/// tda-2015-de 42-C: "Es wird zuerst mündlich ein Raise annonciert, dann der
/// exakte Betrag für den Call gesetzt und in einem dritten Schritt der
/// Betrag für das Raise in einem Zug in den Pot gelegt." A raise made so is
/// no string bet: the card is headed and decided by the raising rule.
/// Where the edition has no such method, it stays a string bet.
#[test]
fn a_raise_in_the_steps_the_edition_allows_is_no_string_bet() {
    let answers = [
        "what=string-bet",
        "said_raise=yes",
        "facing=1000",
        "big_blind=200",
        "first_motion=1000",
        "second_motion=2000",
    ];
    let de = rule("tda-2015-de", "premature-action", &answers);
    assert_eq!(de["outcome"], "string-bet");
    assert_eq!(
        de["outcome_text"],
        "“Raise” declared, then the call, then the raise: the raise counts, 3000 in total"
    );
    assert_eq!(de["citations"][0]["number"], "42", "{de}");
    let dpc = rule("dpc-2019-en", "premature-action", &answers);
    let heading = dpc["outcome_text"].as_str().unwrap_or("");
    assert!(heading.starts_with("String bet"), "{dpc}");
}

/// With no bet on the final round, the card orders from the first seat
/// left of the button, a flop game's first player: where the edition names
/// stud's and razz's own (all but ONK), the card says its order is a flop
/// game's. Where the rule names only the first to show, the card says the
/// others are listed clockwise as the practice goes; ONK and Pokerpunt
/// state clockwise only with no bet.
#[test]
fn showdown_order_says_it_is_a_flop_games_and_where_clockwise_is_practice() {
    let flop_game = "order in a flop game";
    let clockwise = "listed clockwise";
    // (edition, last aggressor, says flop game, says clockwise is practice)
    let rows: &[(&str, &str, bool, bool)] = &[
        ("onk-2023-nl", "", false, false),
        ("onk-2023-nl", "5", false, true),
        ("pokerpunt-nl", "", true, false),
        ("pokerpunt-nl", "5", false, true),
        ("dpc-2019-en", "", true, true),
        ("dpc-2019-en", "5", false, true),
        ("tda-2015-de", "", true, true),
        ("tda-2019-sk", "", true, true),
        ("tda-2019-sk", "9", false, true),
    ];
    for &(edition, aggressor, flop, practice) in rows {
        let last = format!("last_aggressor={aggressor}");
        let r = rule(
            edition,
            "showdown-order",
            &["all_in=no", "live=2,5,9", "button=9", &last],
        );
        let notes = r["notes"].to_string();
        assert_eq!(notes.contains(flop_game), flop, "{edition} {last}: {notes}");
        assert_eq!(
            notes.contains(clockwise),
            practice,
            "{edition} {last}: {notes}"
        );
        let first = if aggressor.is_empty() {
            2
        } else {
            aggressor.parse().unwrap_or(0)
        };
        assert_eq!(r["order"][0], first, "{edition} {last}: {r}");
    }
}

/// A card applying a rule the edition limits to some games says so where
/// the edition does: the misdeal for an exposed card is a flop game's in
/// dpc-2019-en and tda-2015-de ("In flop games"); Pokerpunt, tda-2015-de
/// and tda-2019-sk move stud players by seat position when balancing.
#[test]
fn cards_say_where_the_edition_limits_the_rule_to_some_games() {
    let misdeal_flop = "for flop games";
    let stud_seat = "by seat position";
    // (edition, misdeal note, balance note)
    let rows: &[(&str, bool, bool)] = &[
        ("onk-2023-nl", false, false),
        ("pokerpunt-nl", false, true),
        ("dpc-2019-en", true, false),
        ("tda-2015-de", true, true),
        ("tda-2019-sk", false, true),
    ];
    for &(edition, flop, stud) in rows {
        let misdeal = rule(
            edition,
            "misdeal",
            &["first_two_exposed=yes", "substantial_action=no"],
        );
        assert_eq!(misdeal["outcome"], "misdeal", "{edition}: {misdeal}");
        let notes = misdeal["notes"].to_string();
        assert_eq!(notes.contains(misdeal_flop), flop, "{edition}: {notes}");
        let balance = rule(edition, "balance", &["tables=1:5,2:8", "seats_per_table=9"]);
        let notes = balance["notes"].to_string();
        assert_eq!(notes.contains(stud_seat), stud, "{edition}: {notes}");
    }
}
