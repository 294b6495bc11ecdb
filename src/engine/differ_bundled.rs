// What `changing_ruled` finds between every two bundled editions,
// written by `FLOOR_BLESS=1 cargo test --lib differ` and checked
// against it by the same test: ruling every set of facts costs
// many times a comparison.

/// Every two bundled editions, as they are shipped.
pub const BUNDLED: &[Pair] = &[
    Pair {
        a: "onk-2023-nl",
        b: "pokerpunt-nl",
        inputs: [0x00d0233148261b63, 0x040bd633c655b274],
        changing: &["dodge-blinds", "etiquette-penalised", "language-during-hand", "misdeal-first-two-boxed", "oot-penalty", "outofview-sealed-exempt", "rebuy-declared-binds", "rebuy-single-any-time"],
    },
    Pair {
        a: "onk-2023-nl",
        b: "tda-2015-de",
        inputs: [0x00d0233148261b63, 0x10f781fb5627d03c],
        changing: &["devices-no-apps-live-hand", "devices-no-nuisance", "dodge-blinds", "found-behind-to-winner", "language-during-hand", "language-house-decides", "misdeal-first-two-boxed", "oot-penalty", "oot-reasonable-time", "outofview-disqualified", "rebuy-single-any-time", "terms-pass-fold", "undercall-forfeit-fold"],
    },
    Pair {
        a: "onk-2023-nl",
        b: "tda-2019-sk",
        inputs: [0x00d0233148261b63, 0x736474f937e71e88],
        changing: &["burn-random-from-killed", "found-behind-to-winner", "language-during-hand", "oot-skipped-floor", "outofview-disqualified", "pot-declared-in-nl", "rebuy-single-any-time", "seating-correct-stack", "table-stay-live-hand", "terms-pass-fold"],
    },
    Pair {
        a: "onk-2023-nl",
        b: "dpc-2019-en",
        inputs: [0x00d0233148261b63, 0xf9bdab1d80f87745],
        changing: &["etiquette-penalised", "found-behind-to-winner", "language-during-hand", "misdeal-first-two-boxed", "oot-penalty", "oot-reasonable-time", "outofview-disqualified", "rebuy-single-any-time"],
    },
    Pair {
        a: "pokerpunt-nl",
        b: "tda-2015-de",
        inputs: [0x040bd633c655b274, 0x10f781fb5627d03c],
        changing: &["devices-no-apps-live-hand", "devices-no-nuisance", "etiquette-penalised", "found-behind-to-winner", "language-house-decides", "oot-reasonable-time", "outofview-disqualified", "outofview-sealed-exempt", "rebuy-declared-binds", "terms-pass-fold", "undercall-forfeit-fold"],
    },
    Pair {
        a: "pokerpunt-nl",
        b: "tda-2019-sk",
        inputs: [0x040bd633c655b274, 0x736474f937e71e88],
        changing: &["burn-random-from-killed", "dodge-blinds", "etiquette-penalised", "found-behind-to-winner", "misdeal-first-two-boxed", "oot-penalty", "oot-skipped-floor", "outofview-disqualified", "outofview-sealed-exempt", "pot-declared-in-nl", "rebuy-declared-binds", "seating-correct-stack", "table-stay-live-hand", "terms-pass-fold"],
    },
    Pair {
        a: "pokerpunt-nl",
        b: "dpc-2019-en",
        inputs: [0x040bd633c655b274, 0xf9bdab1d80f87745],
        changing: &["dodge-blinds", "etiquette-penalised", "found-behind-to-winner", "oot-reasonable-time", "outofview-disqualified", "outofview-sealed-exempt", "rebuy-declared-binds"],
    },
    Pair {
        a: "tda-2015-de",
        b: "tda-2019-sk",
        inputs: [0x10f781fb5627d03c, 0x736474f937e71e88],
        changing: &["burn-random-from-killed", "devices-no-apps-live-hand", "devices-no-nuisance", "dodge-blinds", "language-house-decides", "misdeal-first-two-boxed", "oot-penalty", "oot-reasonable-time", "oot-skipped-floor", "pot-declared-in-nl", "seating-correct-stack", "table-stay-live-hand", "undercall-forfeit-fold"],
    },
    Pair {
        a: "tda-2015-de",
        b: "dpc-2019-en",
        inputs: [0x10f781fb5627d03c, 0xf9bdab1d80f87745],
        changing: &["devices-no-apps-live-hand", "devices-no-nuisance", "dodge-blinds", "etiquette-penalised", "language-house-decides", "terms-pass-fold", "undercall-forfeit-fold"],
    },
    Pair {
        a: "tda-2019-sk",
        b: "dpc-2019-en",
        inputs: [0x736474f937e71e88, 0xf9bdab1d80f87745],
        changing: &["burn-random-from-killed", "etiquette-penalised", "misdeal-first-two-boxed", "oot-penalty", "oot-reasonable-time", "oot-skipped-floor", "pot-declared-in-nl", "seating-correct-stack", "table-stay-live-hand", "terms-pass-fold"],
    },
];
