//! Hands in the compact notation built from the fuzzer's bytes by its
//! grammar — seats (repeated, out of range), stacks and amounts at every
//! bound, every action code, long rounds, winners — parsed and replayed
//! under every edition. Nothing may panic, and a parsed hand keeps the
//! limits: no seat twice, at most MAX_PLAYERS players and MAX_ACTIONS
//! actions.
#![no_main]

use floor::data::DataSource;
use floor::hand::replay::Rules;
use floor::hand::{MAX_ACTIONS, MAX_PLAYERS};
use floor::rules::{Lang, Store};
use floor::ui::Ui;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static WORLD: (Store, Ui) = (
        Store::open(DataSource::Embedded).expect("store"),
        Ui::load(&DataSource::Embedded, Lang::En).expect("ui"),
    );
}

const AMOUNTS: &[&str] = &[
    "0", "1", "100", "200", "1.2k", "1,200", "18446744073709551615", "18446744073709551616",
    "99999999999999999999", "-1", "?",
];
const CODES: &[&str] = &["f", "x", "c", "b", "r", "a", "p", "o", "m", "s", "q", ""];

fuzz_target!(|data: &[u8]| {
    let mut at = 0usize;
    let mut pick = |n: usize| {
        let b = data.get(at).copied().unwrap_or(0);
        at += 1;
        usize::from(b) % n.max(1)
    };
    let game = ["NL", "PL", "FL", "XX"][pick(4)];
    let mut text = format!(
        "{game} {}/{} ante {} button {}\n",
        AMOUNTS[pick(AMOUNTS.len())],
        AMOUNTS[pick(AMOUNTS.len())],
        AMOUNTS[pick(AMOUNTS.len())],
        pick(12)
    );
    let players = pick(14);
    let seats: Vec<String> = (0..players)
        .map(|_| format!("{}:{}", pick(12), AMOUNTS[pick(AMOUNTS.len())]))
        .collect();
    text.push_str(&seats.join(" "));
    text.push('\n');
    for street in ["pre", "flop", "turn", "river"] {
        if pick(5) == 0 {
            break;
        }
        let n = if pick(20) == 0 { MAX_ACTIONS + pick(3) } else { pick(12) };
        let actions: Vec<String> = (0..n)
            .map(|_| {
                let code = CODES[pick(CODES.len())];
                let amount = if matches!(code, "b" | "r" | "a" | "p" | "o" | "m" | "s" | "c") && pick(2) == 0 {
                    AMOUNTS[pick(AMOUNTS.len())]
                } else {
                    ""
                };
                format!("{} {code}{amount}", pick(12))
            })
            .collect();
        text.push_str(&format!("{street}: {}\n", actions.join(", ")));
    }
    if pick(2) == 0 {
        text.push_str(&format!("win: {} | {}\n", pick(12), pick(12)));
    }
    let Ok(hand) = floor::hand::compact::parse(&text) else {
        return;
    };
    assert!(hand.seats.len() <= MAX_PLAYERS, "{text}");
    let actions: usize = hand.streets.iter().map(|s| s.actions.len()).sum();
    assert!(actions <= MAX_ACTIONS, "{text}");
    for (i, s) in hand.seats.iter().enumerate() {
        assert!(!hand.seats[..i].iter().any(|o| o.number == s.number), "{text}");
    }
    WORLD.with(|(store, ui)| {
        for edition in store.ids() {
            let rules = Rules::new(store, edition, ui);
            let _ = floor::hand::replay(&hand, &rules, None);
        }
    });
});
