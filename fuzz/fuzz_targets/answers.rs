//! Answers as users give them: an `--answers` file (shape check, then the
//! parser) and `--answer KEY=VALUE` strings, then every question's parser.
#![no_main]

use floor::data::DataSource;
use floor::engine::answer::{parse_answers_file, parse_key_value};
use libfuzzer_sys::fuzz_target;

thread_local! {
    static TREES: Vec<floor::engine::Tree> = floor::engine::ids(&DataSource::Embedded)
        .expect("ids")
        .iter()
        .map(|id| floor::engine::load(&DataSource::Embedded, id).expect("tree"))
        .collect();
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_answers_file(text, "fuzz.yaml");
    for line in text.lines() {
        if let Ok((key, value)) = parse_key_value(line) {
            TREES.with(|trees| {
                for q in trees
                    .iter()
                    .flat_map(|t| t.questions.iter())
                    .filter(|q| q.id == key)
                {
                    let _ = q.parse(&value);
                }
            });
        }
    }
});
