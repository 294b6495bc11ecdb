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
                "The edition states no rule for what happens when a deck is fouled: the TDA practice is used"
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
