//! What reaches a terminal: any text made visible keeps no control or
//! invisible character but newline and tab (with styles kept, only the
//! tool's own styles); an overlay with control characters in its ids,
//! titles and texts prints none.
#![no_main]

use floor::rules::Store;
use floor::rules::model::Part;
use floor::text::{own_styles, breakable, is_hidden, shown, visible};
use libfuzzer_sys::fuzz_target;

thread_local! {
    static STORE: Store = Store::open(floor::data::DataSource::Embedded).expect("embedded data");
}

fn assert_safe(text: &str) {
    let plain = visible(text, false);
    assert!(
        !plain.chars().any(is_hidden),
        "a control character got through: {plain:?}"
    );
    // With styles kept, only the tool's own styles pass.
    let styled = visible(text, true);
    let mut rest = styled.to_string();
    for own in own_styles() {
        rest = rest.replace(own, "");
    }
    assert!(!rest.chars().any(is_hidden), "only own styles: {styled:?}");
    assert!(!shown(text).chars().any(is_hidden), "{text:?}");
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
    STORE.with(|store| {
        if let Ok(house) = floor::rules::overlay::parse(text, "fuzz.yaml", store) {
            let edition = house.edition;
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
