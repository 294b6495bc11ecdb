//! Every incident fed arbitrary answers through the real path: the first
//! byte picks the incident and the edition, the rest is KEY=VALUE lines
//! given as `--answer`s; the walk and the ruling must never panic.
#![no_main]

use std::collections::BTreeMap;

use floor::data::DataSource;
use floor::engine::{GivenAnswers, Tree, decide, walk};
use floor::rules::{Lang, Store};
use floor::ui::Ui;
use libfuzzer_sys::fuzz_target;

struct World {
    store: Store,
    trees: Vec<Tree>,
    editions: Vec<String>,
    ui: Ui,
}

thread_local! {
    static WORLD: World = {
        let store = Store::open(DataSource::Embedded).expect("store");
        let trees = floor::engine::ids(&DataSource::Embedded)
            .expect("ids")
            .iter()
            .map(|id| floor::engine::load(&DataSource::Embedded, id).expect("tree"))
            .collect();
        let editions = store.ids().map(str::to_string).collect();
        let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
        World { store, trees, editions, ui }
    };
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    WORLD.with(|w| {
        let Some(tree) = w.trees.get(usize::from(pick) % w.trees.len()) else {
            return;
        };
        let Some(id) = w.editions.get(usize::from(pick / 32) % w.editions.len()) else {
            return;
        };
        let Ok(book) = w.store.book(id) else {
            return;
        };
        let given: BTreeMap<String, String> = text
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        let Ok(mut source) = GivenAnswers::new(tree, given) else {
            return;
        };
        if let Ok(answers) = walk(tree, &mut source) {
            let _ = decide(tree, &book, &w.ui, &answers);
        }
    });
});
