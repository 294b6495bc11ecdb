//! The amount, seat, chip and yes/no parsers on arbitrary text: never a
//! panic, and an accepted amount reads back the same.
#![no_main]

use floor::engine::answer::{parse_amount, parse_chips, parse_seats, parse_yes_no};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(n) = parse_amount(text) {
        assert_eq!(parse_amount(&n.to_string()), Ok(n));
    }
    let _ = parse_chips(text);
    let _ = parse_seats(text);
    let _ = parse_yes_no(text);
});
