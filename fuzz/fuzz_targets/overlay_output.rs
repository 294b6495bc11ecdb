//! An overlay whose every text holds what the input holds (control
//! characters, bidi and zero-width characters included) prints nothing a
//! terminal would act on: the overlay is built as `--house` builds it, and
//! every way its texts reach a person in the library (made visible where
//! they enter output, as arguments of UI texts, in the refusal of an
//! overlay in each language, in the last check of finished output) leaves
//! only the tool's own styles.
#![no_main]

use floor::data::DataSource;
use floor::rules::{Lang, Store};
use floor::text::{own_styles, is_hidden, shown, visible};
use floor::ui::Ui;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static STORE: Store = Store::open(DataSource::Embedded).expect("embedded data");
    static UIS: Vec<Ui> = Lang::ALL
        .iter()
        .map(|l| Ui::load(&DataSource::Embedded, *l).expect("ui"))
        .collect();
}

fn assert_printable(what: &str, text: &str) {
    let mut rest = text.to_string();
    for own in own_styles() {
        rest = rest.replace(own, "");
    }
    assert!(
        !rest.chars().any(is_hidden),
        "{what}: a hidden character got through: {text:?}"
    );
}

/// The texts of the built edition that hold the input, as they would be
/// shown: the title and house, the changed rule 29 and the house rule.
fn texts(edition: &floor::rules::Edition) -> Vec<String> {
    let mut out = vec![
        edition.id.clone(),
        edition.title.clone(),
        edition.house.clone().unwrap_or_default(),
    ];
    for rule in ["29", "CLUB-1"].iter().filter_map(|n| edition.rule(n)) {
        out.push(rule.number.clone());
        out.push(rule.title.clone());
        out.push(rule.full_text());
        out.extend(rule.parts.iter().map(|p| p.full_text()));
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let hostile = String::from_utf8_lossy(data);
    let q = serde_json::to_string(hostile.as_ref()).expect("a JSON string");
    // The input in every text field an overlay has; the other puts it in
    // the id, a rule number and a concept (refused, and quoted in the
    // refusal).
    let overlays = [
        format!(
            "id: club-fuzz\nextends: onk-2023-nl\ntitle: {q}\nhouse: {q}\n\
             rules:\n  - number: \"29\"\n    title: {q}\n    parts:\n      - {{label: Z, text: {q}}}\n\
             add:\n  - number: CLUB-1\n    concept: club-fuzz-rule\n    title: {q}\n    text: {q}\n\
             \x20   parts:\n      - {{label: A, text: {q}}}\n    examples:\n      - {{label: {q}, text: {q}}}\n"
        ),
        format!(
            "id: {q}\nextends: onk-2023-nl\ntitle: t\nhouse: h\nadd:\n  - number: {q}\n    concept: {q}\n    title: t\n    text: x\n"
        ),
    ];
    STORE.with(|store| {
        UIS.with(|uis| {
            for text in &overlays {
                match floor::rules::overlay::parse(text, "fuzz.yaml", store) {
                    Ok(house) => {
                        for t in texts(&house.edition) {
                            assert_printable("shown", &shown(&t));
                            for ui in uis {
                                let line = ui.f("settings.header", &[("title", &t), ("edition", &t)]);
                                assert_printable("a UI text's argument", &line);
                            }
                            // Finished output: the tool's bold around data
                            // made visible, then the last check.
                            let styled = format!("\u{1b}[1m{}\u{1b}[0m", shown(&t));
                            assert_printable("styled", &visible(&styled, true));
                            assert_printable("raw data at the last check", &visible(&t, true));
                        }
                    }
                    Err(e) => {
                        for ui in uis {
                            assert_printable("a refusal", &e.message().render(ui));
                        }
                    }
                }
            }
        });
    });
});
