// What `changing_ruled` finds between every two bundled editions,
// written by `FLOOR_BLESS=1 cargo test --lib differ` and checked
// against it by the same test: ruling every set of facts costs
// many times a comparison.

/// Every two bundled editions, as they are shipped.
pub const BUNDLED: &[Pair] = &[
    Pair {
        a: "onk-2023-nl",
        b: "pokerpunt-nl",
        inputs: [0x161ab7bf2f74e765, 0x83afac5998fe41cb],
        changing: &["dodge-blinds", "etiquette-penalised", "language-during-hand", "oot-penalty", "outofview-sealed-exempt", "rebuy-single-any-time"],
    },
    Pair {
        a: "onk-2023-nl",
        b: "tda-2015-de",
        inputs: [0x161ab7bf2f74e765, 0xb8f6a158ef572dac],
        changing: &["devices-no-apps-live-hand", "devices-no-nuisance", "dodge-blinds", "found-behind-to-winner", "language-during-hand", "language-house-decides", "oot-penalty", "outofview-disqualified", "penalty-nuts-check", "rebuy-single-any-time", "terms-pass-fold", "undercall-forfeit-fold"],
    },
    Pair {
        a: "onk-2023-nl",
        b: "tda-2019-sk",
        inputs: [0x161ab7bf2f74e765, 0x85828543decd53fe],
        changing: &["burn-random-from-killed", "found-behind-to-winner", "language-during-hand", "outofview-disqualified", "rebuy-single-any-time", "seating-correct-stack", "table-stay-live-hand", "terms-pass-fold"],
    },
    Pair {
        a: "onk-2023-nl",
        b: "dpc-2019-en",
        inputs: [0x161ab7bf2f74e765, 0xe84ea8dfa3c6cc28],
        changing: &["etiquette-penalised", "found-behind-to-winner", "language-during-hand", "oot-penalty", "outofview-disqualified", "rebuy-single-any-time"],
    },
    Pair {
        a: "pokerpunt-nl",
        b: "tda-2015-de",
        inputs: [0x83afac5998fe41cb, 0xb8f6a158ef572dac],
        changing: &["devices-no-apps-live-hand", "devices-no-nuisance", "etiquette-penalised", "found-behind-to-winner", "language-house-decides", "outofview-disqualified", "outofview-sealed-exempt", "penalty-nuts-check", "terms-pass-fold", "undercall-forfeit-fold"],
    },
    Pair {
        a: "pokerpunt-nl",
        b: "tda-2019-sk",
        inputs: [0x83afac5998fe41cb, 0x85828543decd53fe],
        changing: &["burn-random-from-killed", "dodge-blinds", "etiquette-penalised", "found-behind-to-winner", "oot-penalty", "outofview-disqualified", "outofview-sealed-exempt", "seating-correct-stack", "table-stay-live-hand", "terms-pass-fold"],
    },
    Pair {
        a: "pokerpunt-nl",
        b: "dpc-2019-en",
        inputs: [0x83afac5998fe41cb, 0xe84ea8dfa3c6cc28],
        changing: &["dodge-blinds", "etiquette-penalised", "found-behind-to-winner", "outofview-disqualified", "outofview-sealed-exempt"],
    },
    Pair {
        a: "tda-2015-de",
        b: "tda-2019-sk",
        inputs: [0xb8f6a158ef572dac, 0x85828543decd53fe],
        changing: &["burn-random-from-killed", "devices-no-apps-live-hand", "devices-no-nuisance", "dodge-blinds", "language-house-decides", "oot-penalty", "penalty-nuts-check", "seating-correct-stack", "table-stay-live-hand", "undercall-forfeit-fold"],
    },
    Pair {
        a: "tda-2015-de",
        b: "dpc-2019-en",
        inputs: [0xb8f6a158ef572dac, 0xe84ea8dfa3c6cc28],
        changing: &["devices-no-apps-live-hand", "devices-no-nuisance", "dodge-blinds", "etiquette-penalised", "language-house-decides", "penalty-nuts-check", "terms-pass-fold", "undercall-forfeit-fold"],
    },
    Pair {
        a: "tda-2019-sk",
        b: "dpc-2019-en",
        inputs: [0x85828543decd53fe, 0xe84ea8dfa3c6cc28],
        changing: &["burn-random-from-killed", "etiquette-penalised", "oot-penalty", "seating-correct-stack", "table-stay-live-hand", "terms-pass-fold"],
    },
];
