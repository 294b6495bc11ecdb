//! What reaches a terminal: any text made visible keeps no control
//! character but newline and tab (with styles kept, only `ESC [ … m`); an
//! overlay with control characters in its ids, titles and texts prints none.
#![no_main]

use floor::data::check_shape;
use floor::rules::Store;
use floor::rules::model::Part;
use floor::text::{breakable, visible};
use libfuzzer_sys::fuzz_target;

thread_local! {
    static STORE: Store = Store::open(floor::data::DataSource::Embedded).expect("embedded data");
}

fn assert_safe(text: &str) {
    let plain = visible(text, false);
    assert!(
        !plain.chars().any(|c| c.is_control() && c != '\n' && c != '\t'),
        "a control character got through: {plain:?}"
    );
    // With styles kept, every ESC starts a style sequence `ESC [ digits/; m`.
    let styled = visible(text, true);
    let mut rest = styled.as_ref();
    while let Some(at) = rest.find('\u{1b}') {
        let after = &rest[at + 1..];
        let body = after.strip_prefix('[').expect("ESC [");
        let end = body
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .expect("terminated");
        assert_eq!(&body[end..end + 1], "m", "only styles: {styled:?}");
        rest = &body[end + 1..];
    }
    assert!(
        !styled.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\u{1b}')),
        "{styled:?}"
    );
    let broken = breakable(text, 40);
    assert_eq!(
        broken.chars().filter(|c| *c != '\n').count(),
        text.chars().filter(|c| *c != '\n').count()
    );
}

fn parts(parts: &[Part]) {
    for p in parts {
        assert_safe(&p.label);
        assert_safe(&p.text);
        assert_safe(&p.tail);
        self::parts(&p.parts);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    assert_safe(text);
    if check_shape(text, "fuzz.yaml").is_err() {
        return;
    }
    STORE.with(|store| {
        if let Ok(edition) = floor::rules::overlay::parse(text, "fuzz.yaml", store) {
            assert_safe(&edition.id);
            assert_safe(&edition.title);
            for section in &edition.sections {
                assert_safe(&section.title);
                for rule in &section.rules {
                    assert_safe(&rule.number);
                    assert_safe(&rule.title);
                    assert_safe(&rule.text);
                    parts(&rule.parts);
                }
            }
        }
    });
});
