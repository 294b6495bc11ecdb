//! Whole hands as a user gives them: the compact notation or a PHH file,
//! parsed and replayed under an edition's rules (every irregular action
//! ruled through its incident); nothing may panic.
#![no_main]

use floor::data::DataSource;
use floor::hand::replay::Rules;
use floor::rules::{Lang, Store};
use floor::ui::Ui;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static WORLD: (Store, Ui) = (
        Store::open(DataSource::Embedded).expect("store"),
        Ui::load(&DataSource::Embedded, Lang::En).expect("ui"),
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let parsed = if pick & 1 == 0 {
        floor::hand::compact::parse(text)
    } else {
        floor::hand::phh::parse(text)
    };
    let Ok(hand) = parsed else {
        return;
    };
    WORLD.with(|(store, ui)| {
        let editions: Vec<&str> = store.ids().collect();
        let Some(edition) = editions.get(usize::from(pick >> 1) % editions.len()) else {
            return;
        };
        let rules = Rules::new(store, edition, ui);
        let at = (pick >> 4 != 0).then_some(usize::from(pick >> 4));
        let _ = floor::hand::replay(&hand, &rules, at);
    });
});
