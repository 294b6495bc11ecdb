//! `floor hand`: whole hands replayed on the poker model, in the compact
//! notation and in PHH files written by pokerkit.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::{EDITIONS, floor, json, json_of, one_line_error, scratch_dir, stdout};

fn hands_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hands")
}

/// The bundled hand files, compact and PHH, in name order.
fn bundled_hands() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(hands_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "hand" || x == "phh"))
        .collect();
    files.sort();
    files
}

fn hand_file(name: &str) -> String {
    hands_dir().join(name).display().to_string()
}

/// `text` written to a hand file of this test run; its path.
/// The directory goes when the first of the pair is dropped.
fn written_hand(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = crate::common::scratch_dir();
    let file = dir.path().join(name);
    std::fs::write(&file, text).expect("write the hand");
    let file = file.display().to_string();
    (dir, file)
}

fn step(replay: &Value, number: u64) -> &Value {
    replay["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["number"] == number)
        .unwrap_or_else(|| panic!("no step {number}"))
}

#[test]
fn an_underraise_and_an_action_out_of_turn_are_ruled_in_the_edition_in_use() {
    let file = hand_file("underraise-out-of-turn.hand");
    // (edition, rule cited for the underraise, for the action out of turn):
    // the raise standard forces the raise, "raise" with an amount is its
    // total.
    for (edition, underraise, out_of_turn) in [
        ("dpc-2019-en", ["43-A", "43-B"], "53-A"),
        ("tda-2019-sk", ["43-A", "43-B"], "53-A"),
        ("tda-2015-de", ["43-A", "43-B"], "40-A"),
        ("pokerpunt-nl", ["47-A", "47-B"], "44-A"),
    ] {
        let r = json(&["--rules", edition, "hand", &file]);
        assert_eq!(r["edition"], edition);
        // Flop: 4 bets 1000, 6 "raises to 1500": half a raise or more, so a
        // full raise to 2000 (the raise rule).
        let s = step(&r, 11);
        assert_eq!(s["action"], "6 r1500");
        assert_eq!(
            (s["to_call"].as_u64(), s["min_raise_to"].as_u64()),
            (Some(1000), Some(2000))
        );
        assert_eq!(s["ruled"], serde_json::json!({"kind": "raise", "to": 2000}));
        assert_eq!(s["corrected"], true);
        assert_eq!(s["legal"], false);
        assert_eq!(s["ruling"]["outcome"], "raise");
        assert_eq!(s["citations"], serde_json::json!(underraise), "{edition}");
        // Turn: 6 bets before 4, whose turn it was; 4 only calls, so the bet
        // stands.
        let s = step(&r, 14);
        assert_eq!(
            (s["player"].as_str(), s["turn"].as_str()),
            (Some("6"), Some("4"))
        );
        assert_eq!(s["out_of_turn"]["outcome"], "binding");
        assert_eq!(s["ruled"], serde_json::json!({"kind": "bet", "to": 2000}));
        assert_eq!(s["corrected"], false);
        assert_eq!(
            s["citations"],
            serde_json::json!([out_of_turn]),
            "{edition}"
        );
        // Seat 3 (800) is all-in pre-flop: the main pot holds six 25 antes,
        // 775 more from each of 2, 3, 4 and 6, and the small blind's 100.
        let pots = r["pots"].as_array().unwrap();
        assert_eq!(pots[0]["amount"], 3350);
        assert_eq!(pots[0]["eligible"], serde_json::json!(["3", "4", "6"]));
        assert_eq!(
            pots[0]["won"],
            serde_json::json!([{"player": "6", "seat": 6, "chips": 3350}])
        );
        // Side pot: 2, 4 and 6 put 825 more pre-flop, 2 folded after 2000
        // more from 4 and 6 on the flop and 2000 each on the turn.
        assert_eq!(pots[1]["amount"], 3 * 825 + 2 * 2000 + 2 * 2000);
        assert_eq!(pots[1]["eligible"], serde_json::json!(["4", "6"]));
        assert!(r["next"].is_null());
    }
}

#[test]
fn the_table_shows_the_rulings_in_the_ui_language() {
    let file = hand_file("underraise-out-of-turn.hand");
    let en = stdout(&["hand", &file]);
    assert!(en.contains("Raise to 2000 (Rule 43-A, 43-B)"), "{en}");
    assert!(en.contains("Out of turn: seat 4 was to act."), "{en}");
    assert!(
        en.contains("Main pot 3350: seats 3, 4, 6 → seat 6 wins 3350"),
        "{en}"
    );
    let nl = stdout(&["--lang", "nl", "--rules", "onk-2023-nl", "hand", &file]);
    // The ruling column wraps at 100 columns.
    assert!(nl.contains("Raise naar 2000 (Regel"), "{nl}");
    assert!(nl.contains("Out of turn: stoel 4"), "{nl}");
    assert!(
        nl.contains("Hoofdpot 3350: stoelen 3, 4, 6 → stoel 6 wint 3350"),
        "{nl}"
    );
}

#[test]
fn an_action_out_of_turn_that_does_not_stand_is_taken_back() {
    // Flop: 4 is to act after 2 checks; 6 bets out of turn, then 4 bets:
    // 6's bet is not binding, his chips come back and 4's bet opens.
    let text = "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:5000 5:5000 6:5000\n\
                pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n\
                flop: 2 x, 6 b1000, 4 b600, 6 c, 2 f\n";
    let r = json_of(floor().args(["hand", "-", "--json"]).write_stdin(text));
    let s = step(&r, 8);
    assert_eq!(s["out_of_turn"]["outcome"], "not-binding");
    assert_eq!(
        s["ruled"],
        serde_json::json!({"kind": "withdrawn", "to": null})
    );
    // 4 then faces no bet: his 600 is a bet, and 6 calls 600, not 1000.
    assert_eq!(step(&r, 9)["to_call"], 0);
    assert_eq!(step(&r, 10)["to_call"], 600);
    assert_eq!(step(&r, 10)["legal"], true);
    assert_eq!(pots_total(&r), 100 + 3 * 200 + 2 * 600);
}

/// The chips in all the pots of a replay.
fn pots_total(replay: &Value) -> u64 {
    replay["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["amount"].as_u64().unwrap())
        .sum()
}

/// `text` replayed, as JSON.
fn replayed(text: &str) -> Value {
    json_of(
        floor()
            .args(["hand", "-", "--json"])
            .write_stdin(text.to_string()),
    )
}

#[test]
fn an_action_out_of_turn_stands_when_the_skipped_player_only_calls_all_in() {
    // Flop: 6 bets 1000 out of turn while 4 is to act; 4 has 800 left and
    // goes all in: a short call, no bet or raise (TDA 53-A), so 6's bet
    // stands and 200 of it comes back uncalled.
    let r = replayed(
        "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:1000 5:5000 6:5000\n\
         pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n\
         flop: 2 x, 6 b1000, 4 a, 2 f\n",
    );
    let s = step(&r, 8);
    assert_eq!(s["out_of_turn"]["outcome"], "binding");
    assert_eq!(s["ruled"], serde_json::json!({"kind": "bet", "to": 1000}));
    assert_eq!(step(&r, 9)["to_call"], 800);
    assert_eq!(
        step(&r, 9)["ruled"],
        serde_json::json!({"kind": "all-in", "to": 800})
    );
    assert_eq!(pots_total(&r), 100 + 3 * 200 + 2 * 800);
}

#[test]
fn an_action_out_of_turn_may_change_when_the_skipped_player_raises_all_in() {
    // The same flop with 2800 left to 4: his all-in is more than the 1000
    // he faces, a raise: 6's bet is not binding and comes back.
    let r = replayed(
        "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:3000 5:5000 6:5000\n\
         pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n\
         flop: 2 x, 6 b1000, 4 a, 6 c, 2 f\n",
    );
    let s = step(&r, 8);
    assert_eq!(s["out_of_turn"]["outcome"], "not-binding");
    assert_eq!(
        s["ruled"],
        serde_json::json!({"kind": "withdrawn", "to": null})
    );
    assert_eq!(step(&r, 9)["to_call"], 0);
    assert_eq!(step(&r, 10)["to_call"], 2800);
}

/// TDA 53-A: "A check, call or fold by the correct player does not change
/// action". The player an action out of turn skipped checks, facing what
/// he faced before it (nothing): the bet out of turn then stands and he
/// answers it when the action comes back to him. Before he acts, his
/// options are his own turn's: check or bet.
#[test]
fn the_skipped_player_may_check_and_the_bet_out_of_turn_then_stands() {
    let text = "NL 100/200 button 4\n1:8000 2:8000 3:8000 4:8000\n\
                pre: 3 c, 4 c, 1 c, 2 x\n\
                flop: 1 x, 3 b600, 2 x, 4 r1000, 1 f, 2 f, 3 c\n";
    let r = replayed(text);
    let oot = step(&r, 6);
    assert_eq!(oot["out_of_turn"]["outcome"], "binding");
    assert_eq!(oot["ruled"], serde_json::json!({"kind": "bet", "to": 600}));
    let check = step(&r, 7);
    assert_eq!(check["to_call"], 0);
    assert_eq!(
        check["ruled"],
        serde_json::json!({"kind": "check", "to": null})
    );
    assert_eq!(check["legal"], true);
    assert_eq!(step(&r, 8)["to_call"], 600);
    assert_eq!(step(&r, 10)["to_call"], 1200);
    assert_eq!(pots_total(&r), 4 * 200 + 2 * 1200);
    let before = json_of(
        floor()
            .args(["hand", "-", "--json", "--at", "7"])
            .write_stdin(text),
    );
    let next = &before["next"];
    assert_eq!(next["player"], "2");
    assert_eq!(next["to_call"], 0);
}

/// `out-of-turn` told the round's actions holds the action out of turn as
/// the replay does: the skipped player may check or bet as if it had not
/// been made, or call it. Both rule alike on each list.
#[test]
fn the_incident_holds_an_action_out_of_turn_as_the_replay_does() {
    for (played, outcome) in [
        ("1 x, 3 b600, 2 x", "binding"),
        ("1 x, 3 b600, 2 x, 4 f", "binding"),
        ("1 x, 3 b600, 2 c", "binding"),
        ("1 x, 3 b600, 2 b800", "not-binding"),
        ("1 x, 3 b600, 2 b800, 3 c", "not-binding"),
        ("1 x, 3 b600, 2 r1800, 3 c", "not-binding"),
    ] {
        let r = replayed(&format!(
            "NL 100/200 button 4\n1:8000 2:8000 3:8000 4:8000\n\
             pre: 3 c, 4 c, 1 c, 2 x\nflop: {played}\n"
        ));
        assert_eq!(step(&r, 6)["out_of_turn"]["outcome"], outcome, "{played}");
        let actions: Vec<String> = played
            .split(", ")
            .map(|a| {
                let (seat, act) = a.split_once(' ').expect("seat and action");
                let (kind, amount) = act.split_at(1);
                let kind = match kind {
                    "x" => "check",
                    "c" => "call",
                    "f" => "fold",
                    "b" => "bet",
                    _ => "raise",
                };
                match amount {
                    "" => format!("{seat}:{kind}"),
                    n => format!("{seat}:{kind}:{n}"),
                }
            })
            .collect();
        let answers = [
            format!("actions={}", actions.join(",")),
            "stacks=1:7800,2:7800,3:7800,4:7800".to_string(),
            "street=flop".to_string(),
            "big_blind=200".to_string(),
            "player=3".to_string(),
            "skipped=2".to_string(),
        ];
        let mut args = vec![
            "incident",
            "out-of-turn",
            "--rules",
            "tda-2019-sk",
            "--json",
        ];
        for a in &answers {
            args.extend(["--answer", a.as_str()]);
        }
        let ruled = json_of(floor().args(&args));
        assert_eq!(ruled["outcome"], outcome, "{played}: {ruled}");
    }
}

#[test]
fn a_skipped_player_silent_through_substantial_action_loses_his_say() {
    // 6 bets out of turn, 2 calls out of turn too, then 4 speaks: two
    // actions behind him, one with chips, are substantial action (TDA 36):
    // 6's bet stands and the floor rules on 4's hand. 2's call alone is
    // no substantial action: it stands as any call.
    let r = replayed(
        "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:5000 5:5000 6:5000\n\
         pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n\
         flop: 2 x, 6 b1000, 2 c, 4 c\n",
    );
    assert_eq!(
        step(&r, 8)["out_of_turn"]["outcome"],
        "skipped-hand-discretion"
    );
    assert_eq!(step(&r, 9)["out_of_turn"]["outcome"], "binding");
    // Told only 6's bet and 4's answer, he spoke in time: the bet stands.
    let r = replayed(
        "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:5000 5:5000 6:5000\n\
         pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n\
         flop: 2 x, 6 b1000, 4 c, 2 f\n",
    );
    assert_eq!(step(&r, 8)["out_of_turn"]["outcome"], "binding");
}

#[test]
fn before_an_action_the_player_to_act_and_his_options() {
    let file = hand_file("underraise-out-of-turn.hand");
    let r = json(&["hand", &file, "--at", "15"]);
    assert_eq!(r["steps"].as_array().unwrap().len(), 14);
    let next = &r["next"];
    assert_eq!(
        (next["player"].as_str(), next["street"].as_str()),
        (Some("4"), Some("turn"))
    );
    // Seat 6 bet 2000 out of turn, skipping him: his options are his own
    // turn's, and the bet stands unless a bet or raise comes first (TDA
    // 53-A).
    assert_eq!(
        (next["to_call"].as_u64(), next["min_raise_to"].as_u64()),
        (Some(0), Some(200))
    );
    assert_eq!(
        next["waiting"],
        serde_json::json!([{"step": 14, "player": "6", "seat": 6,
                            "ruled": {"kind": "bet", "to": 2000}}])
    );
    let text = stdout(&["hand", &file, "--at", "15"]);
    assert!(
        text.contains("Next: seat 4 (Turn), check, bet at least 200; out of turn before him"),
        "{text}"
    );
    assert!(text.contains("seat 6, Bet 2000 (step 14)"), "{text}");
}

#[test]
fn a_player_short_of_a_full_raise_is_offered_only_his_all_in() {
    // 1 raises to 600, 2 calls; the big blind has 700 (500 behind his 200),
    // short of the 1000 a raise needs: call 600 or all-in to 700.
    let short = "NL 100/200 button 1\n1:5000 2:5000 3:700\npre: 1 r600, 2 c\n";
    // With 500 in all he cannot even call the 600 in full.
    let shorter = "NL 100/200 button 1\n1:5000 2:5000 3:500\npre: 1 r600, 2 c\n";
    // After the flop, the 150 he has left is less than the big blind a bet
    // needs.
    let opening = "NL 100/200 button 1\n1:5000 2:5000 3:350\npre: 1 c, 2 c, 3 x\nflop: 2 x\n";
    for (hand, line, all_in) in [
        (
            short,
            "Next: seat 3 (Pre-flop), call 600, or all-in to 700 (less than a full raise)",
            700,
        ),
        (
            shorter,
            "Next: seat 3 (Pre-flop), call all-in to 500 (his chips do not cover the bet)",
            500,
        ),
        (
            opening,
            "Next: seat 3 (Flop), check, or bet all-in 150 (less than the minimum bet)",
            150,
        ),
    ] {
        let (_file_dir, file) = written_hand("short.hand", hand);
        let text = stdout(&["hand", &file]);
        assert!(text.contains(line), "{text}");
        assert!(!text.contains("at least"), "{text}");
        let r = json(&["hand", &file]);
        assert_eq!(r["next"]["all_in_to"], all_in, "{hand}");
    }
    // Chips enough: no all-in offered.
    let (_deep_dir, deep) = written_hand(
        "deep.hand",
        "NL 100/200 button 1\n1:5000 2:5000 3:5000\npre: 1 r600, 2 c\n",
    );
    assert!(json(&["hand", &deep])["next"]["all_in_to"].is_null());
}

#[test]
fn a_short_all_in_does_not_reopen_the_betting_for_a_player_who_acted() {
    // Pre-flop 3 raises to 600, 4 goes all-in for 900 (300 more: less than
    // the 400 raise), the big blind calls. Back to 3: call 900 or fold.
    let text = "NL 100/200 button 4\n1:10000 2:10000 3:10000 4:900\npre: 3 r600, 4 a, 1 f, 2 c\n";
    let r = json_of(floor().args(["hand", "-", "--json"]).write_stdin(text));
    assert_eq!(r["next"]["player"], "3");
    assert_eq!(r["next"]["to_call"], 900);
    assert_eq!(r["next"]["reopened"], false);
    assert!(r["next"]["min_raise_to"].is_null());
}

#[test]
fn pokerkit_hands_replay_as_pokerkit_played_them() {
    let mut files = 0;
    for entry in std::fs::read_dir(hands_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "phh")
            || !path.with_extension("pokerkit.json").exists()
        {
            continue;
        }
        files += 1;
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(path.with_extension("pokerkit.json")).unwrap(),
        )
        .unwrap();
        // pokerkit plays TDA 43 alone: an edition without a house minimum
        // raise.
        let r = json(&[
            "--rules",
            "tda-2019-sk",
            "hand",
            &path.display().to_string(),
        ]);
        let steps = r["steps"].as_array().unwrap();
        let pk = expected["steps"].as_array().unwrap();
        assert_eq!(steps.len(), pk.len(), "{}", path.display());
        for (s, e) in steps.iter().zip(pk) {
            let all_in = e["all_in"].as_u64().unwrap();
            let at = format!("{} step {}", path.display(), s["number"]);
            assert_eq!(s["player"], format!("p{}", e["seat"]), "{at}");
            // He may raise exactly when pokerkit lets him: a minimum
            // raise-to is given then, and only then.
            assert_eq!(s["min_raise_to"].is_null(), e["may_raise"] == false, "{at}");
            assert_eq!(
                s["to_call"].as_u64().unwrap().min(all_in),
                e["to_call"].as_u64().unwrap(),
                "{at}"
            );
            assert_eq!(s["legal"], true, "{at}");
            if e["may_raise"] == true {
                let min = s["min_raise_to"].as_u64().unwrap().min(all_in);
                assert_eq!(min, e["min_raise_to"].as_u64().unwrap(), "{at}");
                if !e["pl_max"].is_null() {
                    assert_eq!(s["max_total"], e["pl_max"], "{at}");
                }
            }
        }
        let pots: Vec<Value> = r["pots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let eligible: Vec<u64> = p["eligible"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e.as_str().unwrap()[1..].parse().unwrap())
                    .collect();
                serde_json::json!({"amount": p["amount"], "eligible": eligible})
            })
            .collect();
        assert_eq!(Value::Array(pots), expected["pots"], "{}", path.display());
    }
    assert!(files >= 2, "the PHH files of tests/hands");
}

#[test]
fn a_bad_hand_names_the_line_and_the_problem() {
    let err = one_line_error(
        floor()
            .args(["hand", "-"])
            .write_stdin("NL 100/200 button 1\n1:500 2:500\npre: 1 z5\n"),
    );
    assert!(err.contains("line 3"), "{err}");
    let err = one_line_error(
        floor()
            .args(["hand", "-"])
            .write_stdin("variant = 'XX'\nstarting_stacks = [1, 2]\n"),
    );
    assert!(err.contains("`XX` is none of the PHH variants"), "{err}");
}

#[test]
fn a_betting_incident_starts_from_the_hand() {
    // 3 raised to 600, 4 went all-in for 900 (not a full raise), the big
    // blind called; back to 3, who pushes 1400 more without a word.
    let (_file_dir, file) = written_hand(
        "short-all-in.hand",
        "NL 100/200 button 4\n1:10000 2:10000 3:10000 4:900\npre: 3 r600, 4 a, 1 f, 2 c\n",
    );
    let r = json(&[
        "incident",
        "bet",
        "--hand",
        &file,
        "--answer",
        "pushed=1400",
    ]);
    assert_eq!(r["outcome"], "call");
    assert_eq!(r["amounts"]["total"], 900);
    assert_eq!(r["amounts"]["returned"], 1100);
    assert_eq!(r["answers"]["player"], "3");
    assert_eq!(
        r["answers"]["actions"],
        "3:raise:600,4:all-in:900,SB:fold,BB:call"
    );
    assert!(
        r["from_hand"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k == "actions")
    );
    let r = json(&["incident", "reopening", "--hand", &file]);
    assert_eq!(r["outcome"], "closed");
    // Before action 2: 4 faces the 600 raise.
    let r = json(&[
        "incident",
        "bet",
        "--hand",
        &file,
        "--at",
        "2",
        "--answer",
        "pushed=900",
    ]);
    assert_eq!(r["answers"]["player"], "4");
    assert_eq!(r["outcome"], "all-in");
    // A hand whose betting is over has nobody to act.
    let (_over_dir, over) = written_hand(
        "over.hand",
        "NL 100/200 button 2\n1:5000 2:5000\npre: 2 f\n",
    );
    let err = one_line_error(floor().args(["incident", "bet", "--hand", &over]));
    assert!(err.contains("--at N"), "{err}");
}

/// Before the round's first action the hand still tells the bet faced: the
/// big blind pre-flop, for the first player to act and for the blinds.
#[test]
fn the_first_action_of_a_round_faces_the_blinds() {
    let (_dir, file) = written_hand(
        "first.hand",
        "NL 100/200 button 3\n1:20000 2:20000 3:20000 4:20000\npre: 2 r600, 3 c\n",
    );
    let at_first = |answer: &str| {
        json(&[
            "incident", "bet", "--hand", &file, "--at", "1", "--answer", answer,
        ])
    };
    let r = at_first("chips=1000");
    assert_eq!(r["outcome"], "call");
    assert_eq!(r["amounts"]["total"], 200);
    assert_eq!(r["amounts"]["returned"], 800);
    assert_eq!(r["answers"]["actions"], "none");
    assert_eq!(r["answers"]["player"], "2");
    let r = at_first("pushed=400");
    assert_eq!(
        (r["outcome"].as_str(), r["amounts"]["total"].as_u64()),
        (Some("raise"), Some(400))
    );
    // Less than the big blind, not all-in: an undercall, as told by numbers.
    let err = one_line_error(floor().args([
        "incident",
        "bet",
        "--hand",
        &file,
        "--at",
        "1",
        "--answer",
        "pushed=50",
    ]));
    assert!(err.contains("200 call"), "{err}");
    let told = one_line_error(floor().args([
        "incident",
        "bet",
        "--answer",
        "facing=200",
        "--answer",
        "big_blind=200",
        "--answer",
        "pushed=50",
    ]));
    assert_eq!(err, told);
}

/// The pots as `AMOUNT:SEAT,SEAT;...`.
fn pots_of(r: &Value) -> String {
    r["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let seats: Vec<String> = p["eligible"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().map_or_else(|| s.to_string(), str::to_string))
                .collect();
            format!("{}:{}", p["amount"], seats.join(","))
        })
        .collect::<Vec<_>>()
        .join(";")
}

#[test]
fn mid_round_the_chips_still_to_be_called_are_no_side_pot() {
    let file = hand_file("underraise-out-of-turn.hand");
    // Before action 7 seats 3 and 4 have still to act on seat 6's 1600:
    // nobody is all-in, so every chip is in the one pot they may all win.
    let r = json(&["hand", &file, "--at", "7"]);
    assert_eq!(pots_of(&r), "4650:2,3,4,6");
    let text = stdout(&["hand", &file, "--at", "7"]);
    assert!(!text.contains("Side pot"), "{text}");
    // Seat 3's all-in (775) caps the main pot; above it seat 4, still to
    // act, may yet call: the side pot is his too.
    let r = json(&["hand", &file, "--at", "8"]);
    assert_eq!(pots_of(&r), "3175:2,3,4,6;1650:2,4,6");
    // The betting over, the pots are those of the chips as called.
    let r = json(&["hand", &file]);
    assert_eq!(pots_of(&r), "3350:3,4,6;10475:4,6");
}

#[test]
fn side_pots_from_the_hand_are_the_pots_of_the_replay() {
    let file = hand_file("underraise-out-of-turn.hand");
    let r = json(&["incident", "side-pots", "--hand", &file]);
    // The antes (six of 25) are dead money in the main pot, apart from
    // each player's chips.
    assert_eq!(
        r["answers"]["contributions"],
        "1:100,2:1600,3:775,4:5600,6:5600"
    );
    assert_eq!(r["answers"]["dead"], 150);
    assert_eq!(r["answers"]["folded"], serde_json::json!([1, 2]));
    let replay = json(&["hand", &file]);
    for (i, name) in ["main", "side_1"].iter().enumerate() {
        assert_eq!(r["amounts"][name], replay["pots"][i]["amount"], "{name}");
        let eligible: Vec<String> = r["pots"][i]["eligible"]
            .as_array()
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            serde_json::json!(eligible),
            replay["pots"][i]["eligible"],
            "{name}"
        );
    }
}

/// `floor hand -` on `text`, as JSON, with `args` before `hand`.
/// The part cited is the one that states what decided, in each edition; a
/// rule that states nothing of it is cited whole, and the card says the
/// ruling follows the TDA's provision, in words.
#[test]
fn a_rule_silent_on_what_decided_says_so() {
    let hand = "NL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 r1000, 1 m1000+500\n";
    for (edition, cited, silent) in [
        ("dpc-2019-en", "45-B", false),
        ("pokerpunt-nl", "50-B", false),
        ("tda-2019-sk", "45", true),
    ] {
        let r = replay_text(&["--rules", edition, "--lang", "en"], hand);
        let s = last_step(&r);
        assert_eq!(s["citations"][0], cited, "{edition}");
        let notes = s["ruling"]["notes"].to_string();
        let says = notes.contains(&format!(
            "{edition} rule 45 does not state what decided here"
        )) && notes.contains("the 50% standard decides");
        assert_eq!(says, silent, "{edition}: {notes}");
    }
}

/// A data tree read whole without provision records tells nothing of what
/// its rules state: the card never says a rule is silent on that ground.
#[test]
fn without_its_record_an_edition_is_not_called_silent() {
    let dir = scratch_dir();
    crate::common::copy_bundled_tree(dir.path());
    let data = dir.path().to_str().unwrap();
    let r = json(&[
        "--data",
        data,
        "--lang",
        "en",
        "incident",
        "bet",
        "--rules",
        "dpc-2019-en",
        "--answer",
        "facing=1000",
        "--answer",
        "big_blind=100",
        "--answer",
        "declared=raise",
        "--answer",
        "declared_amount=1500",
    ]);
    assert_eq!(r["amounts"]["total"], 2000);
    let notes = r["notes"].to_string();
    assert!(!notes.contains("does not state"), "{notes}");
}

fn replay_text(args: &[&str], text: &str) -> Value {
    json_of(
        floor()
            .args(args)
            .args(["hand", "-", "--json"])
            .write_stdin(text),
    )
}

/// A step's `ruled` as `KIND[:TO]`.
fn ruled_text(ruled: &Value) -> String {
    match ruled["to"].as_u64() {
        Some(to) if ruled["kind"] != "call" => format!("{}:{to}", ruled["kind"].as_str().unwrap()),
        _ => ruled["kind"].as_str().unwrap().to_string(),
    }
}

fn last_step(r: &Value) -> &Value {
    r["steps"].as_array().unwrap().last().unwrap()
}

/// `floor hand - --json` on `text`.
fn json_stdin(text: &str) -> Value {
    replay_text(&[], text)
}

/// `floor ARGS` with `text` on standard input: its output.
fn stdout_stdin(args: &[&str], text: &str) -> String {
    let out = floor()
        .args(args)
        .write_stdin(text.to_string())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

fn hand_error(text: &str) -> String {
    one_line_error(floor().args(["hand", "-"]).write_stdin(text.to_string()))
}

#[test]
fn a_big_blind_ante_is_dead_money_in_the_main_pot() {
    // Checked down three-way: 3 x 200 and the 200 ante, nothing returned
    // (pokerkit: one pot of 800).
    let r = json(&["hand", &hand_file("big-blind-ante.hand")]);
    assert_eq!(
        r["pots"],
        serde_json::json!([{"amount": 800, "eligible": ["1", "2", "3"], "won": [{"player": "1", "seat": 1, "chips": 800}], "split": null}])
    );
    assert!(r["returned"].is_null(), "{r}");
    // Everybody folds to the big blind: his ante stays in the pot; only the
    // part of his blind the small blind did not match comes back.
    let r = replay_text(
        &[],
        "NL 100/200 bbante 200 button 3\n1:5000 2:5000 3:5000\npre: 3 f, 1 f\n",
    );
    assert_eq!(r["pots"][0]["amount"], 400);
    assert_eq!(
        r["returned"],
        serde_json::json!({"player": "2", "seat": 2, "chips": 100})
    );
    // The pot-limit maximum counts the ante: 200 ante + 100 + 200, plus the
    // call of 200: a raise to 900 at most.
    let r = replay_text(
        &[],
        "PL 100/200 bbante 200 button 3\n1:5000 2:5000 3:5000\npre: 3 c\n",
    );
    assert_eq!(step(&r, 1)["max_total"], 900);
    // The side-pots incident from the hand gets the antes as dead money.
    let p = json(&[
        "incident",
        "side-pots",
        "--hand",
        &hand_file("big-blind-ante.hand"),
    ]);
    assert_eq!(p["answers"]["dead"], 200);
    assert_eq!(p["amounts"]["main"], 800);
}

#[test]
fn amounts_below_the_call_are_undercalls_and_the_replay_goes_on() {
    // Facing a raise to 2000 on the button, the small blind (100 in front)
    // puts out less than the call in each way the notation has.
    for action in ["c1400", "p1400", "s1400", "m1000+400", "o500"] {
        let text =
            format!("NL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 r2000, 1 {action}, 2 f\n");
        let r = replay_text(&[], &text);
        let s = step(&r, 2);
        assert_eq!(s["ruled"]["kind"], "call", "{action}");
        assert_eq!(s["corrected"], true, "{action}");
        assert_eq!(s["ruling"]["incident"], "undercall", "{action}");
        // Not the opening bet (dpc-2019-en: the big blind is the pre-flop
        // opener): the TD's discretion, 51-B.
        assert_eq!(s["ruling"]["outcome"], "discretion", "{action}");
        assert_eq!(s["citations"], serde_json::json!(["51-B"]), "{action}");
        // The replay went on from the full call.
        assert_eq!(step(&r, 3)["to_call"], 2000, "{action}");
        assert_eq!(r["pots"][0]["amount"], 4200, "{action}");
    }
}

#[test]
fn a_second_undercall_in_sequence_is_the_tds_under_the_sequence_rule() {
    let file = hand_file("undercalls-in-sequence.hand");
    // (edition, the first undercall's rule, the second's)
    for (edition, first, second) in [
        ("dpc-2019-en", "51-B", "51-C"),
        ("onk-2023-nl", "51-B", "51-C"),
        ("pokerpunt-nl", "42-B", "42-C"),
    ] {
        let r = json(&["--rules", edition, "hand", &file]);
        let s = step(&r, 9);
        assert_eq!(s["ruling"]["incident"], "undercall", "{edition}");
        assert_eq!(s["ruling"]["outcome"], "full-call", "{edition}");
        assert_eq!(s["citations"][0], first, "{edition}");
        let s = step(&r, 10);
        assert_eq!(s["action"], "4 p500");
        assert_eq!(s["ruling"]["incident"], "undercall-sequence", "{edition}");
        assert_eq!(s["ruling"]["discretion"], true, "{edition}");
        assert_eq!(s["citations"][0], second, "{edition}");
        assert_eq!(s["ruled"]["kind"], "call");
        assert_eq!(r["pots"][0]["amount"], 6 * 200 + 3 * 1000);
    }
    // The incident starts from the hand with the undercalls as played.
    let r = json(&[
        "incident",
        "undercall-sequence",
        "--hand",
        &file,
        "--at",
        "11",
    ]);
    assert_eq!(
        r["answers"]["actions"],
        "1:check,2:bet:1000,3:call:300,4:call:500"
    );
    assert_eq!(r["outcome"], "full-call-first");
    assert_eq!(r["first"], "3");
}

#[test]
fn the_irregular_kinds_are_ruled_in_place() {
    let table = "NL 100/200 button 3\n1:5000 2:5000 3:5000\n";
    // (actions, edition, the last action as ruled, its citations)
    for (actions, edition, ruled, cited) in [
        // A single 5000 chip facing the big blind: a call (oversized chip).
        ("pre: 3 o5000", "dpc-2019-en", "call", vec!["44"]),
        // 1000 + 500 facing 1000 (100 in front): every chip is not needed,
        // 50% of the raise or more: the minimum raise, 1800 under TDA 43;
        // twice the bet faced under DPC's house note.
        // The Slovak 45 prints only its part A: cited whole (see
        // `a_rule_silent_on_what_decided_says_so`).
        (
            "pre: 3 r1000, 1 m1000+500",
            "tda-2019-sk",
            "raise:1800",
            vec!["45", "43-A", "61"],
        ),
        (
            "pre: 3 r1000, 1 m1000+500",
            "dpc-2019-en",
            "raise:2000",
            vec!["45-B", "43-A", "61", "DPC-1"],
        ),
        // A bet of 100 with the big blind at 200: brought to 200.
        (
            "pre: 3 c, 1 c, 2 x\nflop: 1 b100",
            "dpc-2019-en",
            "bet:200",
            vec!["40-A", "52"],
        ),
        // Facing a bet of 1000, "raise", 1000 then 1500 more: a string bet
        // where the edition counts only the first motion (the minimum
        // raise); a raise to 2500 where the second counts.
        (
            "pre: 3 c, 1 c, 2 x\nflop: 1 b1000, 2 r1000+1500",
            "dpc-2019-en",
            "raise:2000",
            vec!["42", "56", "43-A"],
        ),
        (
            "pre: 3 c, 1 c, 2 x\nflop: 1 b1000, 2 r1000+1500",
            "tda-2015-de",
            "raise:2500",
            vec!["42"],
        ),
        // A call of 100 facing 1000.
        ("pre: 3 r1000, 1 c100", "dpc-2019-en", "call", vec!["51-B"]),
    ] {
        let r = replay_text(&["--rules", edition], &format!("{table}{actions}\n"));
        let s = last_step(&r);
        assert_eq!(ruled_text(&s["ruled"]), ruled, "{actions} {edition}");
        assert_eq!(s["legal"], false, "{actions} {edition}");
        assert_eq!(
            s["citations"],
            serde_json::json!(cited),
            "{actions} {edition}"
        );
    }
}

#[test]
fn a_pot_limit_overbet_is_brought_to_the_pot() {
    // Flop pot 600: a bet of 2500 is the pot, 600.
    let r = replay_text(
        &[],
        "PL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 c, 1 c, 2 x\nflop: 1 b2500, 2 c\n",
    );
    let s = step(&r, 4);
    assert_eq!(
        (s["to_call"].as_u64(), s["max_total"].as_u64()),
        (Some(0), Some(600))
    );
    assert_eq!(s["ruled"], serde_json::json!({"kind": "bet", "to": 600}));
    assert_eq!(s["citations"], serde_json::json!(["40-A", "54"]));
    assert_eq!(step(&r, 5)["to_call"], 600);
}

/// All his chips where they are more than he may bet: "all-in" said, ruled
/// as the bet incident rules it told the same round. In pot-limit it is the
/// pot; where betting was not re-opened for him, a call.
#[test]
fn an_all_in_over_what_he_may_bet_is_ruled_as_the_bet_incident_rules_it() {
    for (text, number, ruled, citations) in [
        (
            "PL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 c, 1 c, 2 x\nflop: 1 a, 2 c\n",
            4,
            serde_json::json!({"kind": "bet", "to": 600}),
            serde_json::json!(["40-A", "54"]),
        ),
        (
            "NL 100/200 button 4\n1:10000 2:10000 3:10000 4:900\npre: 3 r600, 4 a, 1 f, 2 c, 3 a\n",
            5,
            serde_json::json!({"kind": "call", "to": 900}),
            serde_json::json!(["47", "40-A"]),
        ),
    ] {
        let r = replay_text(&[], text);
        let s = step(&r, number);
        assert_eq!(s["ruled"], ruled, "{text}");
        assert_eq!(s["citations"], citations, "{text}");
        assert_eq!(s["legal"], false, "{text}");
        // The same round told to the bet incident, "all-in" said.
        let (_dir, file) = written_hand("all-in.txt", text);
        let at = number.to_string();
        let incident = json(&[
            "incident",
            "bet",
            "--hand",
            &file,
            "--at",
            &at,
            "--answer",
            "declared=all-in",
        ]);
        assert_eq!(s["ruling"]["outcome"], incident["outcome"], "{text}");
        assert_eq!(
            s["ruling"]["amounts"]["total"], incident["amounts"]["total"],
            "{text}"
        );
    }
}

#[test]
fn a_fixed_limit_raise_above_the_limit_cites_no_raise_rule() {
    let r = replay_text(
        &[],
        "FL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 r500\n",
    );
    let s = step(&r, 1);
    assert_eq!(s["ruled"], serde_json::json!({"kind": "raise", "to": 400}));
    assert_eq!(s["citations"], serde_json::json!([]), "{s}");
    let notes = s["ruling"]["notes"].to_string();
    assert!(notes.contains("No edition has a rule"), "{notes}");
    let text = floor()
        .args(["hand", "-"])
        .write_stdin("FL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 r500\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("Raise to 400 (TDA practice: no"), "{text}");
    // Below the fixed raise the raise rule applies.
    let r = replay_text(
        &[],
        "FL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 r300\n",
    );
    assert_eq!(
        step(&r, 1)["ruled"],
        serde_json::json!({"kind": "raise", "to": 400})
    );
    assert_eq!(
        step(&r, 1)["citations"],
        serde_json::json!(["43-A", "43-B"])
    );
}

#[test]
fn a_split_pot_gives_the_odd_chip_by_the_editions_rule() {
    // Seat 3 all-in for 133; a side pot of 909 split by 1 and 2: the odd
    // chip to seat 2, the first left of the button.
    let r = replay_text(
        &[],
        "NL 25/50 button 1\n1:1000 2:1000 3:133 4:1000\npre: 2 x, 3 a, 4 c, 1 c, 2 c\n\
         flop: 2 b303, 4 c, 1 c\nturn: 2 x, 4 x, 1 x\nriver: 2 x, 4 x, 1 x\nwin: 3 4 | 1 2\n",
    );
    let pots = &r["pots"];
    assert_eq!(
        pots[0]["won"],
        serde_json::json!([
            {"player": "3", "seat": 3, "chips": 266},
            {"player": "4", "seat": 4, "chips": 266}
        ])
    );
    assert_eq!(pots[1]["amount"], 909);
    assert_eq!(
        pots[1]["won"],
        serde_json::json!([
            {"player": "1", "seat": 1, "chips": 454},
            {"player": "2", "seat": 2, "chips": 455}
        ])
    );
    assert_eq!(pots[1]["split"]["odd_chips"], 1);
    assert_eq!(pots[1]["split"]["citations"][0]["number"], "20");
}

#[test]
fn winners_who_cannot_win_are_refused() {
    let hand = "NL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 c, 1 c, 2 x\n\
                flop: 1 x, 2 x, 3 x\nturn: 1 x, 2 x, 3 x\nriver: 1 b200, 2 c, 3 f\n";
    let err = hand_error(&format!("{hand}win: 3\n"));
    assert!(err.contains("seat 3 folded"), "{err}");
    let err = hand_error(&format!("{hand}win: 7\n"));
    assert!(err.contains("seat 7 is not at the table"), "{err}");
    // Seat 3 is all-in for 800: he may win the main pot, not the side pot.
    let err = hand_error(
        "NL 100/200 button 3\n1:5000 2:5000 3:800\npre: 3 a, 1 c, 2 c\n\
         flop: 1 b1000, 2 c\nturn: 1 x, 2 x\nriver: 1 x, 2 x\nwin: 3 | 3\n",
    );
    assert!(err.contains("seat 3 may not win that pot"), "{err}");
    // A winner given and then dropped unseen: a second `win:` line, a
    // group that names nobody, a group for a pot the hand does not have.
    for (win, said) in [
        ("win: 1\nwin: 2\n", "a second `win:` line"),
        ("win: | | 1\n", "group 1 names nobody"),
        (
            "win: 1 | 2\n",
            "gives 2 groups of winners and the hand has 1 pot(s)",
        ),
    ] {
        let err = hand_error(&format!("{hand}{win}"));
        assert!(err.contains(said), "{win:?}: {err}");
    }
    let nl = one_line_error(
        floor()
            .args(["--lang", "nl", "hand", "-"])
            .write_stdin(format!("{hand}win: 3\n")),
    );
    assert!(nl.contains("stoel 3 heeft gefold"), "{nl}");
}

#[test]
fn an_error_names_the_action_once() {
    let err = hand_error("NL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 c, 1 c, 2 c\n");
    assert_eq!(err.matches("action 3 (2)").count(), 1, "{err}");
}

#[test]
fn an_action_out_of_turn_has_its_ruling_as_ruling_too() {
    let r = json(&["hand", &hand_file("underraise-out-of-turn.hand")]);
    let s = step(&r, 14);
    assert_eq!(s["ruling"]["incident"], "out-of-turn");
    assert_eq!(s["ruling"], s["out_of_turn"]);
    // Shown once in the table.
    let text = stdout(&["hand", &hand_file("underraise-out-of-turn.hand")]);
    assert_eq!(text.matches("53-A").count(), 1, "{text}");
}

#[test]
fn phh_winnings_are_matched_to_the_pots() {
    let fixture = std::fs::read_to_string(hands_dir().join("pokerkit-nl-9-players.phh")).unwrap();
    let with = |winnings: &str| format!("{fixture}\nwinnings = {winnings}\n");
    // Seat 4 won the main pot alone; seat 9 both side pots.
    let r = json_of(
        floor()
            .args(["hand", "-", "--json"])
            .write_stdin(with("[0, 0, 0, 26399, 0, 0, 0, 0, 8353]")),
    );
    let won: Vec<Value> = r["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["won"].clone())
        .collect();
    assert_eq!(
        won,
        [
            serde_json::json!([{"player": "p4", "seat": null, "chips": 26399}]),
            serde_json::json!([{"player": "p9", "seat": null, "chips": 3523}]),
            serde_json::json!([{"player": "p9", "seat": null, "chips": 4830}]),
        ]
    );
    // A split main pot, 13200 and 13199 (the odd chip to seat 2, first
    // left of the button), and both side pots to seat 2.
    let r = json_of(
        floor()
            .args(["hand", "-", "--json"])
            .write_stdin(with("[0, 21553, 0, 13199, 0, 0, 0, 0, 0]")),
    );
    assert_eq!(r["pots"][0]["won"].as_array().unwrap().len(), 2);
    assert_eq!(r["result"], "winnings");
    assert_eq!(r["rake"], 0);
    // Winnings after the house's rake: the winners as the record names
    // them, the rake reported.
    let r = json_stdin(&with("[0, 0, 0, 26000, 0, 0, 0, 0, 8353]"));
    assert_eq!(r["rake"], 399);
    assert_eq!(r["pots"][0]["won"][0]["player"], "p4");
    assert_eq!(r["players"][3]["won"], 26000);
    // Winnings no choice of winners gives: p1 folded.
    let err = one_line_error(
        floor()
            .args(["hand", "-"])
            .write_stdin(with("[5000, 0, 0, 26399, 0, 0, 0, 0, 8353]")),
    );
    assert!(err.contains("do not match the pots"), "{err}");
}

#[test]
fn phh_amounts_are_replayed_exactly_in_the_records_unit() {
    let hand = |amount: &str| {
        format!(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [100, 200, 0]\nmin_bet = 200\n\
             starting_stacks = [5000, 5000, 5000]\nactions = ['p3 cbr {amount}', 'p1 f', 'p2 f']\n"
        )
    };
    let r = json_stdin(&hand("600.0"));
    assert_eq!(
        step(&r, 1)["ruled"],
        serde_json::json!({"kind": "raise", "to": 600})
    );
    // Half a chip: the hand is replayed in tenths and shown in them.
    let r = json_stdin(&hand("600.5"));
    assert_eq!(
        step(&r, 1)["ruled"],
        serde_json::json!({"kind": "raise", "to": 600.5})
    );
    assert_eq!(r["returned"]["chips"], 400.5);
    // Dollars and cents: the odd cent of a split pot goes by the edition's
    // rule, to the first winner left of the button.
    let cents = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.10, 0.25, 0]\n\
        min_bet = 0.25\nstarting_stacks = [28.70, 10, 12.05]\n\
        actions = ['p3 cc', 'p1 cc', 'p2 cc', 'd db AhKhQh', 'p1 cc', 'p2 cc', 'p3 cc', \
        'd db 2c', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 3c', 'p1 cbr 0.50', 'p2 f', 'p3 cc']\n\
        finishing_stacks = [28.83, 9.75, 12.17]\n";
    let r = json_stdin(cents);
    assert_eq!(r["pots"][0]["amount"], 1.75);
    assert_eq!(r["result"], "finishing-stacks");
    assert_eq!(
        r["pots"][0]["won"],
        serde_json::json!([
            {"player": "p1", "seat": null, "chips": 0.88},
            {"player": "p3", "seat": null, "chips": 0.87}
        ])
    );
    assert_eq!(r["finishing_stacks_agree"], true);
    let text = stdout_stdin(&["hand", "-"], cents);
    assert!(
        text.contains("Main pot 1.75: p1, p3 → p1 wins 0.88, p3 wins 0.87"),
        "{text}"
    );
    // More decimals than a record's unit can hold are refused, naming the
    // field.
    let err = one_line_error(floor().args(["hand", "-"]).write_stdin(hand("600.1234567")));
    assert!(err.contains("action 1 `p3 cbr 600.1234567`"), "{err}");
}

#[test]
fn before_an_action_is_a_card_with_the_rules_behind_the_options() {
    let file = hand_file("underraise-out-of-turn.hand");
    let text = stdout(&["hand", &file, "--at", "15"]);
    assert!(text.contains("Rule 47"), "{text}");
    assert!(text.contains("Rule 43"), "{text}");
    assert!(text.contains("┌"), "{text}");
    let r = json(&["hand", &file, "--at", "15"]);
    assert_eq!(r["next"]["citations"], serde_json::json!(["47", "43"]));
    // In another edition, its own numbers.
    let r = json(&["--rules", "pokerpunt-nl", "hand", &file, "--at", "15"]);
    assert_eq!(r["next"]["citations"], serde_json::json!(["48", "47"]));
    // One past the last action is the state after it; beyond, an error.
    let text = stdout(&["hand", &file, "--at", "18"]);
    assert!(text.contains("The betting is over."), "{text}");
    let err = one_line_error(floor().args(["hand", &file, "--at", "19"]));
    assert!(err.contains("the hand has 17 actions"), "{err}");
}

#[test]
fn a_replay_is_not_logged() {
    let log = crate::common::ScratchFile::new("log.jsonl");
    let err = one_line_error(floor().args([
        "hand",
        &hand_file("underraise-out-of-turn.hand"),
        "--log",
        &log.display().to_string(),
    ]));
    assert!(err.contains("--log"), "{err}");
    assert!(!log.exists());
}

#[test]
fn the_pot_limit_incident_from_a_hand_counts_the_stack() {
    // Flop pot 600; seat 2 has 500 left: the pot-limit maximum is 600, he
    // can put in 500, as the replay says.
    let (_file_dir, file) = written_hand(
        "short.hand",
        "PL 100/200 button 3\n1:5000 2:700 3:5000\npre: 3 c, 1 c, 2 x\nflop: 1 x\n",
    );
    let replay = json(&["hand", &file]);
    assert_eq!(replay["next"]["max_total"], 500);
    let r = json(&["incident", "pot-limit", "--hand", &file]);
    assert_eq!(r["amounts"]["max_total"], 500);
    assert!(r["notes"][0].as_str().unwrap().contains("600"), "{r}");
}

/// A call written with its amount that is all the player's chips, short of
/// the bet, is an all-in call, as `bet` rules it told the same facts: no
/// undercall, and the replay goes on.
#[test]
fn a_call_of_all_his_chips_short_of_the_bet_is_an_all_in_call() {
    let text = "NL 100/200 button 3\n1:5000 2:5000 3:500\npre: 3 c, 1 c, 2 x\nflop: 1 b1000, 2 f, 3 c300\n";
    let r = replay_text(&["--rules", "tda-2019-sk"], text);
    let s = step(&r, 6);
    assert_eq!(s["legal"], true, "{s}");
    assert_eq!(s["ruled"], serde_json::json!({"kind": "all-in", "to": 300}));
    let card = json(&[
        "incident",
        "bet",
        "--rules",
        "tda-2019-sk",
        "--answer",
        "facing=1000",
        "--answer",
        "big_blind=200",
        "--answer",
        "declared=call",
        "--answer",
        "pushed=300",
        "--answer",
        "stack=300",
    ]);
    assert_eq!(
        (card["outcome"].as_str(), card["amounts"]["total"].as_u64()),
        (Some("all-in"), Some(300)),
        "{card}"
    );
}

/// Pre-flop a blind posted all-in short counts as posted in full (54-B):
/// the replay's maximum, its cut of a raise over it and the `pot-limit`
/// incident from the hand are one number; after the flop the pot is the
/// actual pot.
#[test]
fn a_short_all_in_blind_counts_in_full_for_the_pot_limit_maximum() {
    // (hand, the step, its maximum; the raise as ruled, when cut)
    let rows = [
        // Big blind all-in for 150 of 200: pot 100 + 200, 3 calls 200 and
        // raises by 500.
        ("1:5000 2:150 3:5000\npre: 3 r800\n", 1, 700, Some(700)),
        ("1:5000 2:150 3:5000\npre: 3 r700\n", 1, 700, None),
        // Small blind all-in for 50 of 100: counted as its 100, no more.
        ("1:50 2:5000 3:5000\npre: 3 r800\n", 1, 700, Some(700)),
        // After the flop the actual pot, 150 + 200 + 200.
        (
            "1:5000 2:150 3:5000\npre: 3 c, 1 c\nflop: 1 b900\n",
            3,
            550,
            Some(550),
        ),
    ];
    for (play, number, max, cut) in rows {
        let text = format!("PL 100/200 button 3\n{play}");
        let r = replay_text(&["--rules", "tda-2019-sk"], &text);
        let s = step(&r, number);
        assert_eq!(s["max_total"], max, "{text}");
        match cut {
            Some(to) => assert_eq!(s["ruled"]["to"], to, "{text}"),
            None => assert_eq!(s["legal"], true, "{text}"),
        }
        let (_dir, file) = written_hand("short-blind.hand", &text);
        let card = json(&[
            "incident",
            "pot-limit",
            "--rules",
            "tda-2019-sk",
            "--hand",
            &file,
            "--at",
            &number.to_string(),
        ]);
        assert_eq!(card["amounts"]["max_total"], max, "{text}");
    }
}

#[test]
fn only_a_player_of_the_round_acts_in_it() {
    // Seat 3 is all-in pre-flop, seat 1 folded, nobody sits in seat 7: none
    // of them acts on the flop.
    for (action, problem) in [
        ("3 x", "action 4 (3): acts after going all-in"),
        ("1 x", "action 4 (1): acts after folding"),
        ("7 x", "action 4 (7): seat 7 is not at the table"),
    ] {
        let err = hand_error(&format!(
            "NL 100/200 button 3\n1:5000 2:5000 3:500\npre: 3 a, 1 f, 2 c\nflop: {action}\n"
        ));
        assert!(err.contains(problem), "{err}");
    }
}

#[test]
fn an_incident_error_in_a_replay_names_the_action() {
    let err = hand_error("NL 100/200 button 3\n1:5000 2:5000 3:5000\npre: 3 r2000, 1 c0\n");
    assert!(err.contains("action 2 (1)"), "{err}");
}

#[test]
fn before_an_action_the_round_does_not_call_for_the_state_still_shows() {
    // The big blind's all-in is 17 more: betting is not re-opened, so 3's
    // raise is ruled a call and so is 1's; action 6 (3 again) is one the
    // round as ruled does not call for. The state before it still shows.
    let text = "NL 100/200 button 3\n1:7646 2:217 3:870\npre: 3 c, 1 c, 2 a, 3 r417, 1 r617, 3 c\n";
    let r = json_of(
        floor()
            .args(["hand", "-", "--at", "6", "--json"])
            .write_stdin(text),
    );
    assert_eq!(step(&r, 4)["ruled"]["kind"], "call");
    assert_eq!(step(&r, 4)["reopened"], false);
    let err = hand_error(text);
    assert!(err.contains("action 6 (3)"), "{err}");
}

/// Limit: a raise past the house's cap (a bet and three raises where the
/// house sets none) is ruled a call and the next player is offered no
/// raise; heads-up in the hand lifts the cap in no edition: each holds it
/// until the event is down to two players (ONK 48 and Pokerpunt 52's
/// "until two players remain (heads-up)" read as the event).
#[test]
fn a_raise_past_the_limit_cap_is_a_call_even_heads_up_in_the_hand() {
    let capped = hand_file("limit-capped.hand");
    for (edition, cited) in [
        ("dpc-2019-en", serde_json::json!(["48", "43-B"])),
        ("onk-2023-nl", serde_json::json!(["48", "43-B"])),
        ("pokerpunt-nl", serde_json::json!(["52", "47-B"])),
        // No rule 48 in the Slovak edition: the practice, not a citation.
        ("tda-2019-sk", serde_json::json!(["43-B"])),
    ] {
        let r = json(&["--rules", edition, "hand", &capped]);
        // Pre-flop: the fourth raise, to 100, is a call of 80.
        let s = step(&r, 4);
        assert_eq!(s["action"], "1 r100");
        assert_eq!(
            (ruled_text(&s["ruled"]).as_str(), s["legal"].as_bool()),
            ("call", Some(false))
        );
        assert_eq!(s["min_raise_to"], Value::Null, "{edition}");
        assert_eq!(s["citations"], cited, "{edition}");
        // The flop is capped in the same way; seat 4 may call 80 or fold.
        assert_eq!(step(&r, 13)["ruled"]["kind"], "call");
        let next = &r["next"];
        assert_eq!(
            (next["player"].as_str(), next["to_call"].as_u64()),
            (Some("4"), Some(80))
        );
        assert_eq!(
            (next["reopened"].as_bool(), next["capped"].as_u64()),
            (Some(false), Some(3))
        );
    }
    let text = stdout(&["--rules", "dpc-2019-en", "hand", &capped]);
    assert!(
        text.contains(
            "Next: seat 4 (Flop), call 80; the raises are capped (a bet and 3 raises): call or fold"
        ),
        "{text}"
    );
    let heads_up = hand_file("limit-heads-up.hand");
    for (edition, lifted) in [
        // The Dutch "until two players remain (heads-up)": read as the event.
        ("onk-2023-nl", false),
        ("pokerpunt-nl", false),
        ("dpc-2019-en", false),
        ("tda-2015-de", false),
        ("tda-2019-sk", false),
    ] {
        let r = json(&["--rules", edition, "hand", &heads_up]);
        let s = step(&r, 5);
        assert_eq!(s["action"], "2 r100");
        if lifted {
            assert_eq!(
                (ruled_text(&s["ruled"]).as_str(), s["legal"].as_bool()),
                ("raise:100", Some(true))
            );
            assert_eq!(r["next"]["min_raise_to"].as_u64(), Some(120), "{edition}");
        } else {
            assert_eq!(
                (ruled_text(&s["ruled"]).as_str(), s["legal"].as_bool()),
                ("call", Some(false))
            );
            assert_eq!(r["next"], Value::Null, "{edition}");
        }
    }
}

#[test]
fn a_hand_on_standard_input_may_start_with_a_byte_order_mark() {
    let text = "\u{feff}NL 100/200 button 6\n1:5000 2:5000 3:5000 4:5000 5:5000 6:5000\n\
                pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n";
    let out = floor()
        .args(["hand", "-"])
        .write_stdin(text)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(stdout.contains("Main pot 700: seats 2, 4, 6"), "{stdout}");
}

/// An incident that takes nothing from a hand refuses `--hand` rather than
/// dropping it unsaid.
#[test]
fn an_incident_that_takes_nothing_from_a_hand_refuses_it() {
    let file = hand_file("limit-capped.hand");
    let out = floor()
        .args(["incident", "misdeal", "--hand", &file])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the incident `misdeal` takes nothing from a hand"),
        "{stderr}"
    );
}

fn fixtures_dir() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/phh")
        .display()
        .to_string()
}

/// The JSON lines of `floor hand --json ARGS`, with the exit status.
fn json_lines(args: &[&str], stdin: Option<&str>) -> (Vec<Value>, Option<i32>, String) {
    let mut cmd = floor();
    cmd.args(["hand", "--json"]).args(args);
    if let Some(text) = stdin {
        cmd.write_stdin(text.to_string());
    }
    let out = cmd.output().expect("runs");
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    (
        lines,
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The real sample: every hand of every file read and replayed in one call,
/// each reported on its own line with its file, section and the record's
/// id; the record's final stacks reproduced but where the record itself
/// explains the difference.
#[test]
fn real_hand_histories_are_replayed_in_one_call() {
    let (lines, code, stderr) = json_lines(&[&fixtures_dir()], None);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(lines.len(), 363);
    assert!(lines.iter().all(|l| l.get("error").is_none()));
    let mut variants: Vec<&str> = lines
        .iter()
        .map(|l| l["variant"].as_str().unwrap())
        .collect();
    variants.sort_unstable();
    variants.dedup();
    assert_eq!(
        variants,
        [
            "F2L3D", "F7S", "F7S/8", "FO/8", "FR", "FT", "N2L1D", "NS", "NT", "PO"
        ]
    );
    let online = lines
        .iter()
        .find(|l| {
            l["file"]
                .as_str()
                .unwrap()
                .contains("/PS-2009-07-01_2009-07-23_25NLH_OBFU/")
                && l["section"] == "2"
        })
        .expect("PS25 [2]");
    assert_eq!(online["id"], "59937793662");
    // Final stacks: the record's, but for half chips the record splits and
    // the big-blind ante it trims.
    let disagree: Vec<(&str, Vec<&str>)> = lines
        .iter()
        .filter(|l| l["finishing_stacks_agree"] == false)
        .map(|l| {
            (
                l["file"].as_str().unwrap(),
                l["remarks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r["kind"].as_str().unwrap())
                    .filter(|k| k.starts_with("odd-chip") || k.starts_with("ante-trimming"))
                    .collect(),
            )
        })
        .collect();
    assert_eq!(disagree.len(), 9, "{disagree:?}");
    assert!(
        disagree.iter().all(|(_, kinds)| kinds.len() == 1),
        "{disagree:?}"
    );
    let agree = lines
        .iter()
        .filter(|l| l["finishing_stacks_agree"] == true)
        .count();
    assert_eq!(agree, 84 + 79 - 9);
}

#[test]
fn many_hands_are_json_lines_and_a_bad_one_does_not_stop_the_others() {
    let hand = |stacks: &str| {
        format!(
            "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
             starting_stacks = {stacks}\nactions = ['p2 f']\nhand = 7\n"
        )
    };
    let stream = format!(
        "[1]\n{}\n[2]\n{}\n[3]\n{}",
        hand("[100, 100]"),
        hand("[100]"),
        hand("[100, 50]")
    );
    let (lines, code, stderr) = json_lines(&["-"], Some(&stream));
    assert_eq!(code, Some(2));
    assert!(stderr.contains("1 of 3 hands refused"), "{stderr}");
    assert_eq!(lines.len(), 3);
    assert_eq!(
        (
            lines[0]["file"].as_str(),
            lines[0]["section"].as_str(),
            lines[0]["id"].as_str()
        ),
        (Some("-"), Some("1"), Some("7"))
    );
    // The problem's own key; the message names the file and section.
    assert_eq!(lines[1]["error"]["key"], "hand.phh_players");
    assert_eq!(lines[1]["error"]["exit"], 2);
    assert!(
        lines[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("- [2]: 1 players"),
        "{}",
        lines[1]
    );
    // The big blind wins his walk: his 1 back, the small blind's 1 his.
    assert_eq!(lines[2]["result"], "last-player");
    assert_eq!(lines[2]["returned"]["chips"], 1);
    // Several files: one line each, in the order given; the table for
    // each hand under its file's name.
    let (_a_dir, a) = written_hand("a.phh", &hand("[100, 100]"));
    let (_b_dir, b) = written_hand("b.phh", &hand("[30, 40]"));
    let (lines, code, _) = json_lines(&[&a, &b], None);
    assert_eq!(code, Some(0));
    assert_eq!(
        lines
            .iter()
            .map(|l| l["file"].as_str().unwrap())
            .collect::<Vec<_>>(),
        [a.as_str(), b.as_str()]
    );
    let text = stdout(&["hand", &a, &b]);
    assert!(text.contains(&format!("{b} · hand 7")), "{text}");
    // --at is for one hand.
    let err = one_line_error(floor().args(["hand", &a, &b, "--at", "1"]));
    assert!(err.contains("--at shows one hand"), "{err}");
}

/// A record that leaves out the button's action: he folds there, the
/// replay says so, rules no action out of turn and never waits for him
/// again.
#[test]
fn a_record_that_leaves_out_an_action_has_the_player_fold_and_says_so() {
    let file = format!("{}/wsop/2019/42/3/00-01-07.phh", fixtures_dir());
    let r = json(&["hand", &file]);
    let remark = &r["remarks"][0];
    assert_eq!(
        (
            remark["kind"].as_str(),
            remark["player"].as_str(),
            remark["before_step"].as_u64()
        ),
        (Some("omitted-action"), Some("p8"), Some(6))
    );
    assert!(
        remark["text"].as_str().unwrap().contains(
            "The record omits p8's action before step 6: he is treated as folded from there on"
        ),
        "{remark}"
    );
    let steps = r["steps"].as_array().unwrap();
    assert!(
        steps
            .iter()
            .all(|s| s["out_of_turn"].is_null() && s["turn"] == s["player"])
    );
    assert!(r["next"].is_null());
    assert_eq!(r["players"][7]["folded"], true);
    assert_eq!(r["pots"][0]["eligible"], serde_json::json!(["p1", "p2"]));
    // The record trims the big-blind ante; honoured, and said.
    let kinds: Vec<&str> = r["remarks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"ante-returned"), "{kinds:?}");
    assert!(kinds.contains(&"ante-trimming-non-uniform"), "{kinds:?}");
    assert_eq!(r["pots"][0]["amount"], 7950000);
}

/// A player who covers a short all-in blind, with nobody else left to act
/// against him, has nothing to do: no action is missing from the record,
/// and he keeps his claim to the pot.
#[test]
fn covering_a_short_all_in_blind_heads_up_leaves_nothing_to_do() {
    let r = json_stdin(
        "variant = 'NT'\nantes = [50, 50]\nblinds_or_straddles = [100, 200]\nmin_bet = 200\n\
         starting_stacks = [67, 11553]\nactions = ['d dh p1 8c5c', 'd dh p2 ThTd', \
         'p1 sm 8c5c', 'p2 sm ThTd', 'd db Jd3s2c', 'd db 2d', 'd db 7s']\n",
    );
    assert_eq!(r["remarks"], serde_json::json!([]), "{}", r["remarks"]);
    assert_eq!(r["players"][1]["folded"], false);
    assert_eq!(r["pots"][0]["amount"], 134);
    assert_eq!(r["pots"][0]["eligible"], serde_json::json!(["p1", "p2"]));
    assert!(r["next"].is_null());
}

/// Every forced-bet structure of the PHH specification: straddles, a blind
/// posted out of position, a blind on the button alone, one blind only.
#[test]
fn every_forced_bet_structure_is_replayed() {
    let hand = |blinds: &str, actions: &str| {
        format!(
            "variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = {blinds}\nmin_bet = 2\n\
             starting_stacks = [200, 200, 200, 200]\nactions = [{actions}]\n"
        )
    };
    // A straddle under the gun: the button acts first, the straddler last;
    // a raise adds at least the largest step (TDA 43), and the practice is
    // said. Under DPC's house note a raise is to twice the straddle.
    let straddled = hand("[1, 2, 4, 0]", "'p4 cc', 'p1 cc', 'p2 cc', 'p3 cbr 12'");
    for (edition, min) in [("tda-2019-sk", 6), ("dpc-2019-en", 8)] {
        let r = replay_text(&["--rules", edition], &straddled);
        let first = step(&r, 1);
        assert_eq!(
            (
                first["player"].as_str(),
                first["to_call"].as_u64(),
                first["min_raise_to"].as_u64()
            ),
            (Some("p4"), Some(4), Some(min)),
            "{edition}"
        );
        assert_eq!(step(&r, 4)["player"], "p3");
        assert_eq!(r["remarks"][0]["kind"], "straddle-practice");
    }
    // A blind posted out of position (negative): live, it does not move the
    // action: p3 acts first and checks his own 2.
    let r = json_stdin(&hand("[1, 2, -2, 0]", "'p3 cc', 'p4 f', 'p1 cc', 'p2 cc'"));
    let first = step(&r, 1);
    assert_eq!(
        (
            first["player"].as_str(),
            first["ruled"]["kind"].as_str(),
            first["committed"].as_u64()
        ),
        (Some("p3"), Some("check"), Some(2))
    );
    assert_eq!(r["pots"][0]["amount"], 6);
    // A blind on the button alone: the small blind acts first.
    let r = json_stdin(&hand("[0, 0, 0, 2]", "'p1 cc', 'p2 f', 'p3 f', 'p4 cc'"));
    assert_eq!(step(&r, 1)["player"], "p1");
    assert_eq!(step(&r, 4)["ruled"]["kind"], "check");
    // One blind, no big blind: the next player acts first.
    let r = json_stdin(&hand("[2, 0, 0, 0]", "'p2 f', 'p3 f', 'p4 f'"));
    assert_eq!(step(&r, 1)["to_call"], 2);
    assert_eq!(r["result"], "last-player");
    assert_eq!(r["returned"]["chips"], 2);
}

/// Winnings as the record states them: after the house's rake, with the
/// uncalled chips counted in or not.
#[test]
fn winnings_are_the_result_with_the_rake_taken_off() {
    let hand = |winnings: &str, actions: &str| {
        format!(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.10, 0.25, 0]\nmin_bet = 0.25\n\
             starting_stacks = [10, 10, 10]\nactions = [{actions}]\nwinnings = {winnings}\n"
        )
    };
    // A walk: the big blind's own 0.15 counted in his winnings.
    let r = json_stdin(&hand("[0, 0.35, 0]", "'p3 f', 'p1 f'"));
    assert_eq!(
        (r["result"].as_str(), r["rake"].as_f64()),
        (Some("winnings"), Some(0.0))
    );
    assert_eq!(r["returned"]["chips"], 0.15);
    assert_eq!(r["players"][1]["won"], 0.2);
    assert_eq!(r["players"][1]["end"], 10.1);
    // Called down: 5.00 in the pot, 4.75 won, 0.25 rake.
    let called = "'p3 cbr 1', 'p1 cc', 'p2 cc', 'd db AhKhQh', 'p1 cbr 0.66', 'p2 f', 'p3 cc'";
    let r = json_stdin(&hand("[4.10, 0, 0]", called));
    assert_eq!(r["pots"][0]["amount"], 4.32);
    assert_eq!(r["rake"], 0.22);
    assert_eq!(r["players"][0]["won"], 4.1);
    // Zeros everywhere although the pot was won: not taken, and said.
    let r = json_stdin(&hand("[0, 0, 0]", called));
    assert!(r["result"].is_null());
    assert_eq!(r["remarks"][0]["kind"], "winnings-all-zero");
}

/// The record's seats and names are the players' in every table and ruling.
#[test]
fn seats_and_names_of_the_record_are_shown() {
    let text = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
                starting_stacks = [100, 100, 100]\nseats = [6, 3, 5]\nplayers = ['Ann', 'Bo', 'Cy']\n\
                actions = ['p3 cc', 'p1 cc']\n";
    let r = json_stdin(text);
    assert_eq!(
        (step(&r, 1)["player"].as_str(), step(&r, 1)["seat"].as_u64()),
        (Some("p3"), Some(5))
    );
    assert_eq!(r["players"][2]["name"], "Cy");
    let out = stdout_stdin(&["hand", "-"], text);
    assert!(out.contains("│ 5    ┆ Cy "), "{out}");
    assert!(out.contains("Next: seat 3 (Pre-flop), call 2"), "{out}");
}

/// The mixed games: stud brings in by the lowest up card, draws end a round.
#[test]
fn stud_and_draw_hands_are_replayed_round_by_round() {
    let stud = json(&["hand", &format!("{}/wsop/2023/43/5/10.phh", fixtures_dir())]);
    let first = step(&stud, 1);
    assert_eq!(
        (
            first["street"].as_str(),
            first["player"].as_str(),
            first["ruled"]["kind"].as_str()
        ),
        (Some("third"), Some("p2"), Some("bring-in"))
    );
    // After the bring-in, the completion is the small bet.
    assert_eq!(step(&stud, 2)["min_raise_to"], 200000);
    assert_eq!(stud["finishing_stacks_agree"], true);
    let badugi = json(&["hand", &hand_file("badugi.phh")]);
    let streets: Vec<&str> = badugi["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["street"].as_str().unwrap())
        .collect();
    assert_eq!(streets.first(), Some(&"predraw"));
    assert_eq!(streets.last(), Some(&"third-draw"));
    // The small bet before the second draw, the big bet after.
    assert_eq!(step(&badugi, 5)["min_raise_to"], 100);
    assert_eq!(step(&badugi, 9)["min_raise_to"], 200);
    assert_eq!(badugi["rake"], 0);
    let nl = stdout(&["--lang", "nl", "hand", &hand_file("badugi.phh")]);
    assert!(nl.contains("Na de derde draw"), "{nl}");
}

/// The `out-of-turn` incident's JSON on the round told by `answers`.
fn out_of_turn_told(answers: &[&str]) -> Value {
    let mut args = vec!["incident", "out-of-turn"];
    for a in answers {
        args.extend(["--answer", a]);
    }
    json(&args)
}

/// TDA 53-A: the action changes for the player out of turn when anyone
/// between the skipped player and him bets or raises, not only the skipped
/// player: 6 checks out of turn while 4 is to act, 4 checks, 5 (seated
/// between) bets: 6's check is not binding and he acts again.
#[test]
fn a_bet_by_a_player_seated_between_changes_the_action() {
    let r = replayed(
        "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:5000 5:5000 6:5000\n\
         pre: 3 f, 4 c, 5 c, 6 c, 1 f, 2 x\n\
         flop: 2 x, 6 x, 4 x, 5 b600, 6 c, 2 f, 4 f\n",
    );
    let s = step(&r, 8);
    assert_eq!(s["turn"], "4");
    assert_eq!(s["out_of_turn"]["outcome"], "not-binding");
    assert_eq!(
        s["ruled"],
        serde_json::json!({"kind": "withdrawn", "to": null})
    );
    // Only 4 checks behind him: no substantial action, he spoke in time.
    assert_eq!(step(&r, 10)["to_call"], 0);
    assert_eq!(step(&r, 11)["to_call"], 600);
    assert_eq!(step(&r, 11)["legal"], true);
    // The incident told the same round (the seating from the players'
    // chips) reads the same facts.
    let incident = out_of_turn_told(&[
        "street=flop",
        "big_blind=200",
        "stacks=2:4800,4:4800,5:4800,6:4800",
        "actions=2:check,6:check,4:check,5:bet:600,6:call,2:fold,4:fold",
        "player=6",
        "skipped=4",
    ]);
    assert_eq!(incident["outcome"], s["out_of_turn"]["outcome"]);
    assert_eq!(incident["citations"], s["out_of_turn"]["citations"]);
}

/// TDA 53-A reads what happened before the action reached the player out
/// of turn: 4 bets out of turn while 3 is to act, 3 calls (the action is
/// then 4's: his bet stands), 2 raises and 3 goes all-in. That later raise
/// by 3 comes a turn around the table later and changes nothing; the
/// replay and the incident told the same round agree.
#[test]
fn a_raise_after_the_skipped_player_answered_the_bet_does_not_change_the_action() {
    let r = replayed(
        "NL 200/400 ante 40 button 4\n1:13940 2:29540 3:18640 4:6040\n\
         pre: 3 c, 4 c, 1 c, 2 x\n\
         flop: 1 x, 2 x, 3 x, 4 x\n\
         turn: 1 x, 2 x, 4 b1219, 3 c, 1 f, 2 r11386, 3 a18200\n",
    );
    let s = step(&r, 11);
    assert_eq!(s["turn"], "3");
    assert_eq!(s["out_of_turn"]["outcome"], "binding");
    assert_eq!(step(&r, 12)["to_call"], 1219);
    assert_eq!(step(&r, 12)["legal"], true);
    let incident = out_of_turn_told(&[
        "street=turn",
        "big_blind=400",
        "stacks=1:13500,2:29100,3:18200,4:5600",
        "actions=1:check,2:check,4:bet:1219,3:call,1:fold,2:raise:11386,3:all-in:18200",
        "player=4",
        "skipped=3",
    ]);
    assert_eq!(incident["outcome"], s["out_of_turn"]["outcome"]);
    assert_eq!(incident["citations"], s["out_of_turn"]["citations"]);
}

/// An edition that does not state the counts of substantial action (TDA
/// 36): the replay counts with the TDA practice, and its ruling on the
/// action out of turn says so, as the incident told the same round does.
#[test]
fn the_substantial_action_practice_is_said_where_the_edition_states_no_counts() {
    let _dir_dir = crate::common::scratch_dir();
    let dir = _dir_dir.path().to_path_buf();
    let _ = std::fs::remove_dir_all(&dir);
    crate::common::copy_bundled_tree(&dir);
    let edition = dir.join("locales/en/dpc-2019-en.yaml");
    let text = std::fs::read_to_string(&edition).unwrap();
    let counts = "        params:\n          sa_chip_actions: 2\n          sa_any_actions: 3\n";
    assert!(text.contains(counts), "dpc-2019-en states the counts");
    let without = text.replace(counts, "");
    std::fs::write(&edition, without).unwrap();
    let data = dir.display().to_string();
    let practice = "TDA practice is used";
    let r = replay_text(
        &["--data", &data, "--rules", "dpc-2019-en"],
        "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:5000 5:5000 6:5000\n\
         pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n\
         flop: 2 x, 6 b1000, 2 c, 4 c\n",
    );
    let ruled = &step(&r, 8)["out_of_turn"];
    assert_eq!(ruled["outcome"], "skipped-hand-discretion");
    let notes = ruled["notes"].to_string();
    assert!(notes.contains(practice), "{notes}");
    let incident = json(&[
        "--data",
        &data,
        "--rules",
        "dpc-2019-en",
        "incident",
        "out-of-turn",
        "--answer",
        "street=flop",
        "--answer",
        "big_blind=200",
        "--answer",
        "stacks=2:4800,4:4800,6:4800",
        "--answer",
        "actions=2:check,6:bet:1000,2:call,4:call",
        "--answer",
        "player=6",
        "--answer",
        "skipped=4",
    ]);
    assert_eq!(incident["outcome"], ruled["outcome"]);
    let theirs: Vec<&Value> = incident["notes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n.as_str().is_some_and(|n| n.contains(practice)))
        .collect();
    let ours: Vec<&Value> = ruled["notes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n.as_str().is_some_and(|n| n.contains(practice)))
        .collect();
    assert_eq!(theirs, ours);
    assert_eq!(ours.len(), 2, "{notes}");
    // This tree keeps no record of the edition's provisions: rule 53's
    // wording is read as TDA practice, and said, alike on both paths.
    let unrecorded = "has no record of the provisions its rules state";
    assert!(notes.contains(unrecorded), "{notes}");
    assert!(incident["notes"].to_string().contains(unrecorded));
    // The bundled edition states them: nothing said.
    let r = replay_text(
        &["--rules", "dpc-2019-en"],
        "NL 100/200 button 6\n1:5000 2:5000 3:5000 4:5000 5:5000 6:5000\n\
         pre: 3 f, 4 c, 5 f, 6 c, 1 f, 2 x\n\
         flop: 2 x, 6 b1000, 2 c, 4 c\n",
    );
    assert!(
        !step(&r, 8)["out_of_turn"]["notes"]
            .to_string()
            .contains(practice)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A replay hands each incident its round as typed answers: a list as its
/// items (text only where the question takes a name or a choice), each
/// accepted by its question as given, with no text form in between.
#[test]
fn a_replay_gives_the_incidents_typed_answers() {
    use floor::data::DataSource;
    use floor::engine::answer::Answer;
    use floor::engine::tree::Kind;
    use floor::ui::{Lang, Ui};

    let hand = floor::hand::compact::parse(
        "NL 100/200 button 4\n1:10000 2:10000 3:10000 4:900\npre: 3 r600, 4 a, 1 f, 2 c\n",
    )
    .expect("hand");
    let store = floor::rules::Store::open(DataSource::Embedded).expect("store");
    let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
    let rules = floor::hand::replay::Rules::new(&store, "tda-2019-sk", &ui);
    let replayed = floor::hand::replay(&hand, &rules, None).expect("replay");
    let situation = replayed.situation.as_ref().expect("3 to act");
    for (incident, answers) in [
        ("bet", situation.answers()),
        (
            "undercall-sequence",
            situation.answers_for("undercall-sequence"),
        ),
        ("side-pots", replayed.pot_answers()),
    ] {
        let tree = floor::engine::load(&DataSource::Embedded, incident).expect("tree");
        let mut lists = 0;
        for (key, answer) in &answers {
            let Some(q) = tree.question(key) else {
                continue;
            };
            if !matches!(q.kind, Kind::Choice | Kind::Player) {
                assert!(
                    !matches!(answer, Answer::Text(_)),
                    "{incident}: `{key}` given as text: {answer:?}"
                );
            }
            lists += usize::from(matches!(
                answer,
                Answer::Actions(_) | Answer::Stacks(_) | Answer::SeatChips(_)
            ));
            assert_eq!(q.check(answer).as_ref(), Ok(answer), "{incident}: `{key}`");
        }
        assert!(lists > 0, "{incident}: no list among {answers:?}");
    }
}

/// A raise the record gives below the minimum, without saying whether it
/// was said or pushed: read as said ("raise 1300": the full raise), and
/// where pushed chips would rule otherwise (less than half the raise: a
/// call), the replay says both. At half a raise or more both readings give
/// the full raise, and nothing is said.
#[test]
fn an_amount_below_the_minimum_says_how_it_was_read_when_that_decides() {
    let text =
        std::fs::read_to_string(hands_dir().join("underraise-out-of-turn.hand")).expect("the hand");
    let short = text.replace("6 r1500", "6 r1300");
    assert_ne!(short, text);
    let r = replayed(&short);
    assert_eq!(
        step(&r, 11)["ruled"],
        serde_json::json!({"kind": "raise", "to": 2000})
    );
    let remarks = r["remarks"].as_array().unwrap();
    let reading: Vec<&Value> = remarks
        .iter()
        .filter(|m| m["kind"] == "amount-reading")
        .collect();
    assert_eq!(reading.len(), 1, "{remarks:?}");
    assert_eq!(reading[0]["before_step"], 11);
    assert_eq!(reading[0]["player"], "6");
    let said = reading[0]["text"].as_str().unwrap();
    assert!(
        said.contains("Ruled as said aloud: Raise to 2000"),
        "{said}"
    );
    assert!(said.contains("Call: 1000 in total (rule 43-A)"), "{said}");
    let out = floor()
        .args(["hand", "-"])
        .write_stdin(short)
        .output()
        .expect("runs");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains(said), "{table}");
    let full = replayed(&text);
    assert!(
        full["remarks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["kind"] != "amount-reading"),
        "{full}"
    );
}

/// Every note a ruling of the replay carries in the JSON (a silent edition
/// read as practice, chips added to those in front) is in the table's text
/// too, for every bundled hand under every edition.
#[test]
fn the_table_says_every_note_its_rulings_carry() {
    let files = bundled_hands();
    let mut checked = 0;
    for file in &files {
        let file = file.display().to_string();
        for edition in EDITIONS {
            let args = ["--rules", edition, "hand", &file];
            let r = json(&args);
            let text = stdout(&args);
            for s in r["steps"].as_array().unwrap() {
                for ruling in [&s["ruling"], &s["out_of_turn"]] {
                    for note in ruling["notes"].as_array().into_iter().flatten() {
                        let note = note.as_str().unwrap();
                        assert!(text.contains(note), "{file} {edition}: {note}\n{text}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10, "only {checked} notes");
}

/// dpc-2019-en 51-B "An undercall is a mandatory full call if made in
/// turn" (tda-2015-de 39-B "wenn der Spieler an der Reihe ist", ONK's
/// title "Under Call in turn"): seat 4 puts out 300 against the opening
/// 1000 while seat 3 is to act. Out of turn the TD decides (pokerpunt-nl
/// and tda-2019-sk, silent on the turn, as TDA practice). The hand rules it
/// as the incident does.
#[test]
fn an_undercall_out_of_turn_is_ruled_as_the_incident_rules_it() {
    let file = hand_file("undercall-out-of-turn.hand");
    for edition in EDITIONS {
        let r = json(&["--rules", edition, "hand", &file]);
        let ruling = &step(&r, 9)["ruling"];
        assert_eq!(ruling["incident"], "undercall", "{edition}");
        assert_eq!(ruling["outcome"], "discretion", "{edition}");
        let incident = undercall_out_of_turn(&["--rules", edition]);
        assert_eq!(incident["outcome"], ruling["outcome"], "{edition}");
    }
}

/// The undercall of `undercall-out-of-turn.hand` told in numbers: 300 put
/// out against the opening 1000, multi-way, out of turn; `before` the
/// subcommand.
fn undercall_out_of_turn(before: &[&str]) -> Value {
    let answers = [
        "heads_up=no",
        "opening_bet=yes",
        "facing=1000",
        "pushed=300",
        "in_turn=no",
    ];
    let mut args: Vec<&str> = before.to_vec();
    args.extend(["incident", "undercall"]);
    for a in &answers {
        args.extend(["--answer", a]);
    }
    json(&args)
}

/// A data tree without a record of the provisions its rules state: an
/// undercall the TD decides (out of turn, what the folding player's chips
/// become) is ruled as TDA practice and said, by the incident and in the
/// replayed hand alike, where it stopped the ruling and the whole replay.
#[test]
fn an_undercall_without_the_editions_record_is_ruled_as_tda_practice() {
    let dir = scratch_dir();
    crate::common::copy_bundled_tree(dir.path());
    let data = dir.path().to_str().unwrap();
    let unrecorded = "has no record of the provisions its rules state";
    let incident = undercall_out_of_turn(&["--data", data, "--rules", "dpc-2019-en"]);
    assert_eq!(incident["outcome"], "discretion");
    assert_eq!(incident["amounts"]["forfeit"], 300);
    assert!(incident["notes"].to_string().contains(unrecorded));
    let file = hand_file("undercall-out-of-turn.hand");
    let r = json(&["--data", data, "--rules", "dpc-2019-en", "hand", &file]);
    let ruling = &step(&r, 9)["ruling"];
    assert_eq!(ruling["outcome"], incident["outcome"]);
    assert!(ruling["notes"].to_string().contains(unrecorded));
}

/// Every bundled hand replays from a data tree that keeps no record of
/// the provisions its rules state: a ruling in the middle of a hand reads
/// TDA practice and says so, never stops the replay on the missing record.
#[test]
fn every_hand_replays_without_the_editions_provisions_record() {
    let dir = scratch_dir();
    crate::common::copy_bundled_tree(dir.path());
    let data = dir.path().to_str().unwrap();
    let files = bundled_hands();
    assert!(files.len() > 10);
    for file in &files {
        let file = file.display().to_string();
        for edition in EDITIONS {
            let r = json(&["--data", data, "--rules", edition, "hand", &file]);
            assert!(r["steps"].is_array(), "{file} {edition}");
        }
    }
}

/// In limit, two short all-ins that only together reach half a bet: the
/// second counts as a raise, and the replay says no rule states it; one
/// all-in of half a bet alone is said nothing of.
#[test]
fn limit_short_all_ins_that_add_up_are_said() {
    let limit = |flop: &str| {
        format!(
            "variant = 'FT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 0]\n\
             small_bet = 100\nbig_bet = 200\nstarting_stacks = [1000, 1000, 230, 260]\n\
             actions = ['d dh p1 8h4d', 'd dh p2 9d7c', 'd dh p3 Kc8s', 'd dh p4 Td6h', \
             'p3 cc', 'p4 cc', 'p1 cc', 'p2 cc', 'd db 2c3d4h', {flop}]\n"
        )
    };
    let added = replay_text(
        &["--rules", "tda-2019-sk"],
        &limit("'p1 cbr 100', 'p2 cc', 'p3 cbr 130', 'p4 cbr 160'"),
    );
    let remarks = added["remarks"].as_array().expect("remarks");
    let said: Vec<_> = remarks
        .iter()
        .filter(|r| r["kind"] == "limit-all-ins-added")
        .map(|r| (r["player"].as_str(), r["before_step"].as_u64()))
        .collect();
    assert_eq!(said, [(Some("p4"), Some(8))]);
    assert_eq!(added["next"]["min_raise_to"], 260);
    let alone = replay_text(
        &["--rules", "tda-2019-sk"],
        &limit("'p1 cbr 100', 'p2 cc', 'p3 cc', 'p4 cbr 160'"),
    );
    assert!(
        !alone["remarks"]
            .as_array()
            .expect("remarks")
            .iter()
            .any(|r| r["kind"] == "limit-all-ins-added")
    );
}

/// A heads-up undercall started from the hand is ruled on the hand's fact
/// that two players are left, as the replay rules it: a full call (TDA
/// 51-B), not the TD's discretion a pot with more players would leave.
#[test]
fn an_undercall_from_a_heads_up_hand_is_ruled_as_the_replay_rules_it() {
    let text =
        "NL 100/200 button 2\n1:10000 2:10000\npre: 2 c, 1 x\nflop: 1 b500, 2 r1500, 1 c600\n";
    let (_dir, file) = written_hand("heads-up.hand", text);
    for edition in ["tda-2019-sk", "dpc-2019-en"] {
        let replay = json_of(floor().args(["hand", &file, "--json", "--rules", edition]));
        let card = json_of(floor().args([
            "incident",
            "undercall",
            "--hand",
            &file,
            "--at",
            "5",
            "--answer",
            "pushed=600",
            "--json",
            "--rules",
            edition,
        ]));
        assert_eq!(card["outcome"], "full-call", "{edition}: {card}");
        assert_eq!(card["answers"]["heads_up"], true, "{edition}");
        let ruled = step(&replay, 5)["ruling"]["outcome"].clone();
        assert_eq!(ruled, card["outcome"], "{edition}: {replay}");
    }
}
