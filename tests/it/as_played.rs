//! The betting incidents told the round as it was played rule exactly as
//! when told the numbers: the same outcome and amounts, in editions whose
//! numbers differ.

use crate::common::json;

/// Each pair: the answers as actions, the same situation as numbers.
const SAME: &[(&str, &[&str], &[&str])] = &[
    // The big blind's silent 5000 chip facing a raise to 1200 (400-800
    // blinds, so 400 of his own in front).
    (
        "bet",
        &[
            "street=preflop",
            "big_blind=400",
            "actions=A:raise:1200",
            "player=BB",
            "chips=5000",
        ],
        &[
            "facing=1200",
            "last_raise=800",
            "big_blind=400",
            "in_front=400",
            "chips=5000",
        ],
    ),
    // A silent 1400 against an opening bet of 1000: a call.
    (
        "bet",
        &[
            "big_blind=100",
            "actions=A:bet:1000",
            "player=B",
            "pushed=1400",
        ],
        &["facing=1000", "big_blind=100", "pushed=1400"],
    ),
    // An undercall facing the first raise pre-flop (tda-2019-sk: the opener).
    (
        "undercall",
        &[
            "street=preflop",
            "big_blind=100",
            "actions=A:raise:300",
            "player=B",
            "pushed=100",
        ],
        &["bet_faced=first-raise", "facing=300", "pushed=100"],
    ),
    // The pot-limit maximum facing a 300 bet into 700 (pot 1000 in all).
    (
        "pot-limit",
        &["pot=1000", "big_blind=100", "actions=A:bet:300", "player=B"],
        &["pot=1000", "big_blind=100", "facing=300"],
    ),
    // Limit 10/20 on the turn: "bet, forty" is the big bet.
    (
        "bet",
        &[
            "game=limit",
            "street=turn",
            "big_blind=20",
            "actions=A:check",
            "player=B",
            "declared=bet",
            "declared_amount=40",
        ],
        &[
            "game=limit",
            "street=turn",
            "big_blind=20",
            "facing=0",
            "declared=bet",
            "declared_amount=40",
        ],
    ),
    // C calls out of turn, B is skipped, nothing changed yet: binding.
    (
        "out-of-turn",
        &[
            "actions=A:bet:100,C:call:100",
            "big_blind=50",
            "player=C",
            "skipped=B",
        ],
        &["oot_action=call", "action_changed=no", "skipped_spoke=yes"],
    ),
    // B, skipped, then raises: the call out of turn is not binding.
    (
        "out-of-turn",
        &[
            "actions=A:bet:100,C:call:100,B:raise:300",
            "big_blind=50",
            "player=C",
            "skipped=B",
        ],
        &["oot_action=call", "action_changed=yes", "skipped_spoke=yes"],
    ),
    // D folds behind C's call before B spoke up: substantial action
    // (onk-2023-nl rule 53's example), the skipped hand is the TD's.
    (
        "out-of-turn",
        &[
            "actions=A:bet:600,C:call:600,D:fold",
            "big_blind=100",
            "player=C",
            "skipped=B",
        ],
        &["oot_action=call", "action_changed=no", "skipped_spoke=no"],
    ),
    // Seat 2 all-in for 300, seats 1 and 3 bet on.
    (
        "side-pots",
        &["actions=1:bet:1000,2:all-in:300,3:call", "big_blind=100"],
        &["contributions=1:1000,2:300,3:1000"],
    ),
    // A bettor who folds to a raise leaves his chips in the pots.
    (
        "side-pots",
        &[
            "actions=1:bet:500,2:raise:1500,3:all-in:800,1:fold",
            "big_blind=100",
        ],
        &["contributions=1:500,2:1500,3:800", "folded=1"],
    ),
];

fn ruling(incident: &str, edition: &str, answers: &[&str]) -> serde_json::Value {
    let mut args = vec!["incident", incident, "--rules", edition];
    for a in answers {
        args.push("--answer");
        args.push(a);
    }
    json(&args)
}

#[test]
fn rulings_from_the_actions_match_rulings_from_the_numbers() {
    for edition in ["onk-2023-nl", "tda-2019-sk", "tda-2015-de"] {
        for (incident, played, numbers) in SAME {
            let a = ruling(incident, edition, played);
            let b = ruling(incident, edition, numbers);
            for field in ["outcome", "amounts", "discretion", "pots"] {
                assert_eq!(
                    a[field], b[field],
                    "{edition} {incident} {field}: {played:?} vs {numbers:?}"
                );
            }
            let numbers = |r: &serde_json::Value| -> Vec<String> {
                r["citations"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| c["number"].to_string())
                    .collect()
            };
            assert_eq!(numbers(&a), numbers(&b), "{edition} {incident} citations");
        }
    }
}

#[test]
fn the_round_decides_what_the_numbers_cannot_say() {
    // A acted; B's short all-in did not re-open the betting for him, so his
    // declared raise is a call, citing the re-opening rule first.
    let r = ruling(
        "bet",
        "onk-2023-nl",
        &[
            "big_blind=100",
            "actions=A:bet:100,B:all-in:150",
            "player=A",
            "declared=raise",
            "chips=500",
        ],
    );
    assert_eq!(r["outcome"], "call");
    assert_eq!(r["amounts"]["total"], 150);
    assert_eq!(r["player"], "A");
    assert_eq!(r["citations"][0]["number"], "47");
    assert!(r["amounts"].get("min_raise_to").is_none());
}

/// Every betting incident that takes the actions takes the stacks too: an
/// all-in typed without its total is sized by the player's chips.
#[test]
fn an_all_in_without_its_total_is_sized_by_the_stacks() {
    for edition in ["onk-2023-nl", "tda-2019-sk"] {
        let with_stacks = ruling(
            "reopening",
            edition,
            &[
                "big_blind=200",
                "actions=A:bet:600,B:all-in,C:call",
                "stacks=B:900",
                "player=A",
            ],
        );
        let with_total = ruling(
            "reopening",
            edition,
            &[
                "big_blind=200",
                "actions=A:bet:600,B:all-in:900,C:call",
                "player=A",
            ],
        );
        assert_eq!(with_stacks["outcome"], "closed", "{edition}");
        assert_eq!(with_stacks["outcome"], with_total["outcome"], "{edition}");
        assert_eq!(with_stacks["amounts"], with_total["amounts"], "{edition}");
        let undercall = ruling(
            "undercall",
            edition,
            &[
                "big_blind=200",
                "actions=A:bet:600,B:all-in",
                "stacks=B:400",
                "player=C",
                "pushed=300",
            ],
        );
        let numbers = ruling(
            "undercall",
            edition,
            &[
                "big_blind=200",
                "actions=A:bet:600,B:all-in:400",
                "player=C",
                "pushed=300",
            ],
        );
        assert_eq!(undercall["outcome"], numbers["outcome"], "{edition}");
        assert_eq!(undercall["amounts"], numbers["amounts"], "{edition}");
    }
}

/// Whose action is ruled is never picked by the ruling: the actions alone
/// do not say it (another player may sit between), so without `player` the
/// ruling is refused, naming the question; heads-up, the next to act is
/// certain.
#[test]
fn the_player_is_named_never_picked() {
    for (incident, answers) in [
        (
            "bet",
            &[
                "big_blind=100",
                "actions=A:bet:100,B:all-in:150",
                "chips=500",
            ][..],
        ),
        (
            "undercall",
            &[
                "heads_up=no",
                "big_blind=1000",
                "street=river",
                "actions=A:bet:2000,B:raise:5000",
                "pushed=2000",
            ][..],
        ),
        (
            "pot-limit",
            &["pot=1000", "big_blind=100", "actions=A:bet:300"][..],
        ),
    ] {
        let mut cmd = crate::common::floor();
        cmd.args(["incident", incident, "--rules", "dpc-2019-en"]);
        for a in answers {
            cmd.args(["--answer", a]);
        }
        let line = crate::common::one_line_error(&mut cmd);
        assert!(line.contains("player"), "{incident}: {line}");
    }
    // Heads-up, B undercalled A's raise: B is certain.
    let r = ruling(
        "undercall",
        "dpc-2019-en",
        &[
            "heads_up=yes",
            "big_blind=100",
            "street=flop",
            "actions=A:bet:300,B:raise:900,A:raise:2700",
            "pushed=600",
        ],
    );
    assert_eq!(r["player"], "B");
    assert_eq!(r["amounts"]["to_add"], 1200);
}

/// A player first named after the action out of turn is seated by the
/// stacks, never assumed: seated between the skipped player and the one
/// out of turn, his raise changes the action (53-A).
#[test]
fn a_seat_that_decides_an_action_out_of_turn_is_asked() {
    // D calls out of turn, B (skipped) calls, then C raises.
    let base = [
        "actions=A:bet:100,D:call:100,B:call:100,C:raise:300",
        "big_blind=50",
        "player=D",
        "skipped=B",
    ];
    let mut cmd = crate::common::floor();
    cmd.args(["incident", "out-of-turn", "--rules", "tda-2019-sk"]);
    for a in base {
        cmd.args(["--answer", a]);
    }
    let line = crate::common::one_line_error(&mut cmd);
    assert!(line.contains("stacks") && line.contains('C'), "{line}");
    for (stacks, outcome) in [
        // C between B and D: the action changed.
        ("stacks=A:5000,B:5000,C:5000,D:5000", "not-binding"),
        // C after D: it did not.
        ("stacks=A:5000,B:5000,D:5000,C:5000", "binding"),
    ] {
        let mut answers = base.to_vec();
        answers.push(stacks);
        let r = ruling("out-of-turn", "tda-2019-sk", &answers);
        assert_eq!(r["outcome"], outcome, "{stacks}: {r}");
    }
    // A player named late whose seat changes nothing: ruled as before.
    let r = ruling(
        "out-of-turn",
        "tda-2019-sk",
        &[
            "actions=A:bet:100,D:call:100,B:call:100,C:call:100",
            "big_blind=50",
            "player=D",
            "skipped=B",
        ],
    );
    assert_eq!(r["outcome"], "binding", "{r}");
}

/// A call short of the bet in the actions is no call the round can take:
/// the refusal names the incidents that rule an undercall.
#[test]
fn an_earlier_undercall_in_the_actions_is_sent_to_its_incident() {
    let mut cmd = crate::common::floor();
    cmd.args(["incident", "undercall", "--rules", "tda-2019-sk"]);
    for a in [
        "heads_up=no",
        "big_blind=100",
        "street=flop",
        "actions=A:bet:1000,B:call:400",
        "player=C",
        "pushed=400",
    ] {
        cmd.args(["--answer", a]);
    }
    let line = crate::common::one_line_error(&mut cmd);
    assert!(line.contains("action 2 (B)"), "{line}");
    assert!(line.contains("`undercall-sequence`"), "{line}");
}

/// Told by the actions in pot-limit, the pots are drawn from the bets held
/// to the pot when the pot before the round is given, and the card says so
/// when it is not.
#[test]
fn side_pots_in_pot_limit_say_when_the_bets_were_not_held_to_the_pot() {
    let played = [
        "actions=A:bet:500,B:raise:2000,C:call,A:call",
        "game=pot-limit",
        "big_blind=100",
    ];
    let unchecked = |answers: &[&str]| {
        let j = ruling("side-pots", "dpc-2019-en", answers);
        j["notes"].as_array().is_some_and(|n| {
            n.iter()
                .any(|t| t.as_str().is_some_and(|t| t.contains("pot_before")))
        })
    };
    assert!(unchecked(&played));
    let mut told = played.to_vec();
    told.push("pot_before=500");
    assert!(!unchecked(&told));
    let mut no_limit = told.clone();
    no_limit[1] = "game=no-limit";
    no_limit.pop();
    assert!(!unchecked(&no_limit));
}
