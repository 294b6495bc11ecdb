//! The house-overlay loader on arbitrary files: the shape check, then the
//! parser and the overlay's application, as `--house` runs them.
#![no_main]

use floor::data::DataSource;
use floor::rules::Store;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static STORE: Store = Store::open(DataSource::Embedded).expect("embedded data");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    STORE.with(|store| {
        let _ = floor::rules::overlay::parse(text, "fuzz.yaml", store);
    });
});
