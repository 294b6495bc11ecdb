//! The provisions of a topic an incident cites that some bundled edition
//! with a rule on that topic leaves unsaid, and that the incident neither
//! reads nor quotes: why none of them can decide its card. A card that
//! acted on such a provision would quote the edition's rule as saying what
//! it does not say; `every_unsaid_provision_of_a_cited_topic_is_read_or_set_aside`
//! (in `super::tests`) keeps this list exact, so a new incident, topic or
//! record entry is weighed here before it ships.

/// (incident, provision, why it decides nothing on the incident's card).
pub(super) const SET_ASIDE: &[(&str, &str, &str)] = &[
    (
        "asking-to-see",
        "ask-floor-turns-cards",
        "no step says who turns the hand face up",
    ),
    (
        "at-your-seat",
        "seat-absent-bring-in",
        "no stud input; the steps speak of blinds",
    ),
    (
        "at-your-seat",
        "seat-stay-seated",
        "a duty no step states; the outcome is the at_seat answer",
    ),
    (
        "balance",
        "balance-next-bb-moves",
        "its flop-game scope is on the card: the step says it is for a flop game",
    ),
    (
        "balance",
        "balance-mixed-button",
        "no mixed-game input or step",
    ),
    (
        "balance",
        "balance-halt-under-three",
        "halting is the halt threshold parameter, whose fallback the card states",
    ),
    (
        "balance",
        "balance-halt-other-formats",
        "a duty; a table of six seats or fewer makes the halt the TD's decision, said on the card",
    ),
    (
        "balance",
        "break-penalty-detour",
        "no step penalises a detour (offence-penalty rules it)",
    ),
    (
        "balance",
        "ft-max-ten",
        "the cap applies to the full-plus-one policy only, which those editions do not use",
    ),
    (
        "bet",
        "incorrect-underraise",
        "bet cites incorrect-bets only at incorrect-limit-too (a limit bet held to one bet)",
    ),
    (
        "bet",
        "undercall-in-turn",
        "an undercall is refused and sent to `undercall`",
    ),
    (
        "bet",
        "bet-simultaneous-verbal",
        "the user answers what was said first; nothing comes at once",
    ),
    (
        "bet",
        "bet-over-line",
        "no input or step concerns the betting line",
    ),
    (
        "bet",
        "bet-unclear-floor",
        "the bet is decided by what came first, never handed to the floor",
    ),
    (
        "bet",
        "call-tiny-chip-full-call",
        "a tiny chip below the call is refused as an undercall",
    ),
    (
        "bet",
        "prior-covering",
        "prior chips that cover the call are refused",
    ),
    (
        "button-blinds",
        "late-reentry-chips-removed",
        "places button and blinds only; no step on chips given up",
    ),
    ("button-blinds", "break-penalty-detour", "no step penalises"),
    (
        "button-too-few-cards",
        "button-short-report",
        "a duty; the outcome is whether the button acted",
    ),
    (
        "button-too-few-cards",
        "button-extra-report",
        "rules too few cards only",
    ),
    (
        "cards-speak",
        "penalty-similar",
        "the miscall's own rule names the penalty",
    ),
    (
        "cards-speak",
        "penalty-nuts-check",
        "no outcome concerns soft play",
    ),
    (
        "cards-speak",
        "penalty-stud-bring-in",
        "no step on a player on penalty",
    ),
    (
        "cards-speak",
        "penalty-dq-no-refund",
        "no outcome disqualifies",
    ),
    (
        "cards-speak",
        "penalty-report-back",
        "no penalty period is given",
    ),
    (
        "chip-race",
        "race-never-out",
        "pokerpunt-nl rounds up: nobody can lose his last chip",
    ),
    (
        "chip-race",
        "race-witness",
        "a duty no step states; pokerpunt-nl holds no race",
    ),
    (
        "chip-race",
        "race-leftovers",
        "pokerpunt-nl rounds leftovers up, as its rule 24 says",
    ),
    (
        "chips-out-of-view",
        "outofview-break-straight",
        "rules the sanction only, not a table move",
    ),
    (
        "chips-out-of-view",
        "penalty-similar",
        "the sanction is the edition's own rule on chips out of view",
    ),
    (
        "chips-out-of-view",
        "penalty-nuts-check",
        "no outcome concerns soft play",
    ),
    (
        "chips-out-of-view",
        "penalty-stud-bring-in",
        "no step on a player on penalty",
    ),
    (
        "chips-out-of-view",
        "penalty-dq-no-refund",
        "no step speaks of refunds",
    ),
    (
        "chips-out-of-view",
        "penalty-report-back",
        "no penalty period is given",
    ),
    (
        "clock",
        "clock-floor-own-initiative",
        "who called the clock is neither asked nor stated",
    ),
    (
        "exposed-card",
        "penalty-similar",
        "the exposure rule itself names the penalty",
    ),
    (
        "exposed-card",
        "penalty-nuts-check",
        "no outcome concerns soft play",
    ),
    (
        "exposed-card",
        "penalty-stud-bring-in",
        "no step on a player on penalty",
    ),
    (
        "exposed-card",
        "penalty-dq-no-refund",
        "no outcome disqualifies",
    ),
    (
        "exposed-card",
        "penalty-report-back",
        "no penalty period is given",
    ),
    (
        "limit-raises",
        "reopen-cumulative",
        "no-limit and pot-limit only; this incident rules limit",
    ),
    (
        "misdeal",
        "misdeal-absent-excluded",
        "no step speaks of absent players",
    ),
    (
        "misdeal",
        "misdeal-fouled-duplicates",
        "whether the deck is fouled is asked",
    ),
    (
        "offence-penalty",
        "oot-binding-after-sa",
        "rules the penalty, not whether the action binds",
    ),
    (
        "offence-penalty",
        "oot-reasonable-time",
        "rules the penalty, not the skipped player",
    ),
    (
        "offence-penalty",
        "call-tiny-chip-full-call",
        "rules the penalty, not the call",
    ),
    (
        "offence-penalty",
        "clock-floor-own-initiative",
        "no step puts a player on the clock",
    ),
    (
        "offence-penalty",
        "outofview-disqualified",
        "read through `chips_out_of_view::judge`",
    ),
    (
        "offence-penalty",
        "outofview-forfeit",
        "read through `chips_out_of_view::judge`",
    ),
    (
        "offence-penalty",
        "nodisclose-show-one-show-all",
        "no step enforces show one, show all",
    ),
    (
        "offence-penalty",
        "language-bystanders",
        "who spoke is not asked; the ruling is the language list",
    ),
    (
        "offence-penalty",
        "language-us-english",
        "no input concerns the country",
    ),
    (
        "offence-penalty",
        "penalty-stud-bring-in",
        "the steps speak of blinds and antes",
    ),
    (
        "offence-penalty",
        "penalty-dq-no-refund",
        "no step speaks of refunds",
    ),
    (
        "offence-penalty",
        "penalty-report-back",
        "no step tells the player to report back",
    ),
    (
        "out-of-turn",
        "oot-binding-after-sa",
        "tda-2019-sk has its own branch: the action backs up",
    ),
    (
        "out-of-turn",
        "fold-no-bet-penalty",
        "rules folds out of turn, not in turn",
    ),
    (
        "penalty",
        "penalty-similar",
        "counts a penalty the user chose",
    ),
    (
        "penalty",
        "penalty-nuts-check",
        "no outcome concerns soft play",
    ),
    (
        "penalty",
        "penalty-stud-bring-in",
        "the steps speak of blinds and antes",
    ),
    (
        "penalty",
        "penalty-dq-no-refund",
        "no step speaks of refunds",
    ),
    (
        "penalty",
        "penalty-report-back",
        "no step tells the player to report back",
    ),
    (
        "player-away",
        "seat-absent-bring-in",
        "the steps speak of blinds and antes",
    ),
    ("player-away", "seat-stay-seated", "a duty no step states"),
    (
        "player-away",
        "penalty-similar",
        "no outcome gives a penalty",
    ),
    (
        "player-away",
        "penalty-nuts-check",
        "no outcome concerns soft play",
    ),
    (
        "player-away",
        "penalty-stud-bring-in",
        "the steps speak of blinds and antes",
    ),
    (
        "player-away",
        "penalty-dq-no-refund",
        "no step speaks of disqualification",
    ),
    (
        "player-away",
        "penalty-report-back",
        "no step tells the player to report back",
    ),
    (
        "premature-action",
        "incorrect-underraise",
        "a string bet cites incorrect-bets only at incorrect-limit-too, as bet does",
    ),
    (
        "premature-action",
        "bet-simultaneous-verbal",
        "whether raise was said first is asked",
    ),
    (
        "premature-action",
        "bet-over-line",
        "no input or step concerns the betting line",
    ),
    (
        "premature-action",
        "bet-unclear-floor",
        "no path hands the bet to the floor",
    ),
    (
        "premature-action",
        "penalty-nuts-check",
        "no outcome concerns soft play",
    ),
    (
        "premature-action",
        "penalty-stud-bring-in",
        "no step on a player on penalty",
    ),
    (
        "premature-action",
        "penalty-dq-no-refund",
        "no outcome disqualifies",
    ),
    (
        "premature-action",
        "penalty-report-back",
        "no step tells the player to report back",
    ),
    (
        "premature-action",
        "resp-check-card-count",
        "a duty no step states",
    ),
    (
        "premature-action",
        "resp-report-abuse",
        "a duty no step states",
    ),
    (
        "premature-action",
        "resp-stacks-of-20",
        "a duty no step states",
    ),
    (
        "premature-card",
        "premature-flop-unburned",
        "tda-2019-sk re-deals the flop by its own words",
    ),
    ("premature-card", "premature-stud", "no stud street"),
    (
        "showdown-order",
        "order-only-if-not-tabled",
        "spontaneous tabling is not asked",
    ),
    (
        "split-pot",
        "side-pots-split-separately",
        "one pot is split; how side pots are built and split is `side-pots`, which reads it",
    ),
    (
        "stub-error",
        "burn-killed-hand-mucked",
        "tda-2019-sk has its own branch: a random card is burned",
    ),
    (
        "stub-error",
        "burn-one-per-street",
        "tda-2019-sk has its own branch: a random card is burned",
    ),
    (
        "stud-dead-hand",
        "stud-proper-fold",
        "the card says the edition plays no stud and follows the practice",
    ),
    (
        "stud-first-to-act",
        "stud-procs",
        "the card says the edition plays no stud and follows the practice",
    ),
    (
        "terminology",
        "terms-complete",
        "no answer stands for \"complete\"",
    ),
    (
        "terminology",
        "resp-check-card-count",
        "a duty no step states",
    ),
    ("terminology", "resp-report-abuse", "a duty no step states"),
    (
        "terminology",
        "unclear-pot-counts-bets-in-front",
        "no amount is read, only a word or gesture",
    ),
    ("terminology", "resp-stacks-of-20", "a duty no step states"),
    (
        "undercall",
        "oot-binding-after-sa",
        "out of turn the TD decides; the action itself is not ruled",
    ),
    (
        "undercall",
        "oot-reasonable-time",
        "the skipped player is not ruled",
    ),
    (
        "undercall-sequence",
        "oot-binding-after-sa",
        "out of turn the TD decides, as in `undercall`",
    ),
    (
        "undercall-sequence",
        "oot-reasonable-time",
        "the skipped player is not ruled",
    ),
    (
        "wrong-count",
        "visible-color-up-announced",
        "no outcome involves a colour-up",
    ),
];
