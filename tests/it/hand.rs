//! `floor hand`: whole hands replayed on the poker model, in the compact
//! notation and in PHH files written by pokerkit.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::{floor, json, one_line_error, stdout};

fn hands_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hands")
}

fn hand_file(name: &str) -> String {
    hands_dir().join(name).display().to_string()
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
    // (edition, rule cited for the underraise, for the action out of turn)
    for (edition, underraise, out_of_turn) in [
        ("dpc-2019-en", "43-A", "53-A"),
        ("tda-2019-sk", "43-A", "53-A"),
        ("tda-2015-de", "43-A", "40-A"),
        ("pokerpunt-nl", "47-A", "44-A"),
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
        assert_eq!(s["ruled"], "raise:2000");
        assert_eq!(s["corrected"], true);
        assert_eq!(s["legal"], false);
        assert_eq!(s["ruling"]["outcome"], "raise");
        assert_eq!(s["citations"], serde_json::json!([underraise]), "{edition}");
        // Turn: 6 bets before 4, whose turn it was; 4 only calls, so the bet
        // stands.
        let s = step(&r, 14);
        assert_eq!((s["seat"].as_u64(), s["turn"].as_u64()), (Some(6), Some(4)));
        assert_eq!(s["out_of_turn"]["outcome"], "binding");
        assert_eq!(s["ruled"], "bet:2000");
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
        assert_eq!(pots[0]["eligible"], serde_json::json!([3, 4, 6]));
        assert_eq!(
            pots[0]["won"],
            serde_json::json!([{"seat": 6, "chips": 3350}])
        );
        // Side pot: 2, 4 and 6 put 825 more pre-flop, 2 folded after 2000
        // more from 4 and 6 on the flop and 2000 each on the turn.
        assert_eq!(pots[1]["amount"], 3 * 825 + 2 * 2000 + 2 * 2000);
        assert_eq!(pots[1]["eligible"], serde_json::json!([4, 6]));
        assert!(r["next"].is_null());
    }
}

#[test]
fn the_table_shows_the_rulings_in_the_ui_language() {
    let file = hand_file("underraise-out-of-turn.hand");
    let en = stdout(&["hand", &file]);
    assert!(en.contains("Raise to 2000 (Rule 43-A)"), "{en}");
    assert!(en.contains("Out of turn: seat 4 was to act."), "{en}");
    assert!(
        en.contains("Main pot 3350: seats 3, 4, 6 → seat 6 wins 3350"),
        "{en}"
    );
    let nl = stdout(&["--lang", "nl", "--rules", "onk-2023-nl", "hand", &file]);
    // The ruling column wraps at 100 columns.
    assert!(nl.contains("Raise naar 2000 (Regel"), "{nl}");
    assert!(nl.contains("Buiten de beurt: stoel 4"), "{nl}");
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
    let out = floor()
        .args(["hand", "-", "--json"])
        .write_stdin(text)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let r: Value = serde_json::from_slice(&out).unwrap();
    let s = step(&r, 8);
    assert_eq!(s["out_of_turn"]["outcome"], "not-binding");
    assert_eq!(s["ruled"], "withdrawn");
    // 4 then faces no bet: his 600 is a bet, and 6 calls 600, not 1000.
    assert_eq!(step(&r, 9)["to_call"], 0);
    assert_eq!(step(&r, 10)["to_call"], 600);
    assert_eq!(step(&r, 10)["legal"], true);
    let total: u64 = r["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["amount"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 100 + 3 * 200 + 2 * 600);
}

#[test]
fn before_an_action_the_player_to_act_and_his_options() {
    let file = hand_file("underraise-out-of-turn.hand");
    let r = json(&["hand", &file, "--at", "15"]);
    assert_eq!(r["steps"].as_array().unwrap().len(), 14);
    let next = &r["next"];
    assert_eq!(
        (next["seat"].as_u64(), next["street"].as_str()),
        (Some(4), Some("turn"))
    );
    assert_eq!(
        (next["to_call"].as_u64(), next["min_raise_to"].as_u64()),
        (Some(2000), Some(4000))
    );
    let text = stdout(&["hand", &file, "--at", "15"]);
    assert!(
        text.contains("Next: seat 4 (Turn), call 2000, raise to at least 4000"),
        "{text}"
    );
    assert!(text.contains("Not called yet, from seat 6: 2000"), "{text}");
}

#[test]
fn a_short_all_in_does_not_reopen_the_betting_for_a_player_who_acted() {
    // Pre-flop 3 raises to 600, 4 goes all-in for 900 (300 more: less than
    // the 400 raise), the big blind calls. Back to 3: call 900 or fold.
    let text = "NL 100/200 button 4\n1:10000 2:10000 3:10000 4:900\npre: 3 r600, 4 a, 1 f, 2 c\n";
    let out = floor()
        .args(["hand", "-", "--json"])
        .write_stdin(text)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let r: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(r["next"]["seat"], 3);
    assert_eq!(r["next"]["to_call"], 900);
    assert_eq!(r["next"]["reopened"], false);
    assert!(r["next"]["min_raise_to"].is_null());
}

#[test]
fn pokerkit_hands_replay_as_pokerkit_played_them() {
    let mut files = 0;
    for entry in std::fs::read_dir(hands_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "phh") {
            continue;
        }
        files += 1;
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(path.with_extension("pokerkit.json")).unwrap(),
        )
        .unwrap();
        let r = json(&["hand", &path.display().to_string()]);
        let steps = r["steps"].as_array().unwrap();
        let pk = expected["steps"].as_array().unwrap();
        assert_eq!(steps.len(), pk.len(), "{}", path.display());
        for (s, e) in steps.iter().zip(pk) {
            let all_in = e["all_in"].as_u64().unwrap();
            let at = format!("{} step {}", path.display(), s["number"]);
            assert_eq!(s["seat"], e["seat"], "{at}");
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
            .map(|p| serde_json::json!({"amount": p["amount"], "eligible": p["eligible"]}))
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
            .write_stdin("variant = 'F7S'\nstarting_stacks = [1, 2]\n"),
    );
    assert!(err.contains("F7S"), "{err}");
}

#[test]
fn a_betting_incident_starts_from_the_hand() {
    // 3 raised to 600, 4 went all-in for 900 (not a full raise), the big
    // blind called; back to 3, who pushes 1400 more without a word.
    let dir = std::env::temp_dir().join(format!("floor-hand-incident-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("short-all-in.hand");
    std::fs::write(
        &file,
        "NL 100/200 button 4\n1:10000 2:10000 3:10000 4:900\npre: 3 r600, 4 a, 1 f, 2 c\n",
    )
    .unwrap();
    let file = file.display().to_string();
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
    std::fs::write(
        dir.join("over.hand"),
        "NL 100/200 button 2\n1:5000 2:5000\npre: 2 f\n",
    )
    .unwrap();
    let err = one_line_error(
        floor()
            .args(["incident", "bet", "--hand"])
            .arg(dir.join("over.hand")),
    );
    assert!(err.contains("--at N"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn side_pots_from_the_hand_are_the_pots_of_the_replay() {
    let file = hand_file("underraise-out-of-turn.hand");
    let r = json(&["incident", "side-pots", "--hand", &file]);
    assert_eq!(
        r["answers"]["contributions"],
        "1:125,2:1625,3:800,4:5625,5:25,6:5625"
    );
    assert_eq!(r["answers"]["folded"], serde_json::json!([1, 2, 5]));
    let replay = json(&["hand", &file]);
    for (i, name) in ["main", "side_1"].iter().enumerate() {
        assert_eq!(r["amounts"][name], replay["pots"][i]["amount"], "{name}");
        assert_eq!(
            r["pots"][i]["eligible"], replay["pots"][i]["eligible"],
            "{name}"
        );
    }
}

/// Limit: a raise past the house's cap (a bet and three raises where the
/// house sets none) is ruled a call and the next player is offered no
/// raise; heads-up in the hand lifts the cap only where the edition says
/// the cap holds "until two players remain" (ONK 48, Pokerpunt 52).
#[test]
fn a_raise_past_the_limit_cap_is_a_call_unless_heads_up_lifts_it() {
    let capped = hand_file("limit-capped.hand");
    for (edition, cited) in [
        ("dpc-2019-en", serde_json::json!(["48", "43-A"])),
        ("onk-2023-nl", serde_json::json!(["48", "43-A"])),
        ("pokerpunt-nl", serde_json::json!(["52", "47-A"])),
        // No rule 48 in the Slovak edition: the practice, not a citation.
        ("tda-2019-sk", serde_json::json!(["43-A"])),
    ] {
        let r = json(&["--rules", edition, "hand", &capped]);
        // Pre-flop: the fourth raise, to 100, is a call of 80.
        let s = step(&r, 4);
        assert_eq!(s["action"], "1 r100");
        assert_eq!(
            (s["ruled"].as_str(), s["legal"].as_bool()),
            (Some("call"), Some(false))
        );
        assert_eq!(s["min_raise_to"], Value::Null, "{edition}");
        assert_eq!(s["citations"], cited, "{edition}");
        // The flop is capped in the same way; seat 4 may call 80 or fold.
        assert_eq!(step(&r, 13)["ruled"], "call");
        let next = &r["next"];
        assert_eq!(
            (next["seat"].as_u64(), next["to_call"].as_u64()),
            (Some(4), Some(80))
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
        ("onk-2023-nl", true),
        ("pokerpunt-nl", true),
        ("dpc-2019-en", false),
        ("tda-2015-de", false),
        ("tda-2019-sk", false),
    ] {
        let r = json(&["--rules", edition, "hand", &heads_up]);
        let s = step(&r, 5);
        assert_eq!(s["action"], "2 r100");
        if lifted {
            assert_eq!(
                (s["ruled"].as_str(), s["legal"].as_bool()),
                (Some("raise:100"), Some(true))
            );
            assert_eq!(r["next"]["min_raise_to"].as_u64(), Some(120), "{edition}");
        } else {
            assert_eq!(
                (s["ruled"].as_str(), s["legal"].as_bool()),
                (Some("call"), Some(false))
            );
            assert_eq!(r["next"], Value::Null, "{edition}");
        }
    }
}
