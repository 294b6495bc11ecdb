//! The named calculators a decision tree can call: each reads its answers,
//! takes the edition's parameters, calls a pure function of `calc` and
//! states the decision. This is the only place answers meet arithmetic.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::Cx;
use super::answer::Answer;
use super::ruling::Decision;
use super::walk::Answers;
use crate::calc::{self, CalcError, Chips};

type Run = fn(&Answers, &mut Cx<'_>) -> Result<Decision, CalcError>;

/// A calculator: its name (as trees cite it), the outcomes it can reach,
/// and the function.
pub struct Calculator {
    /// The name trees use in `calculator:`.
    pub name: &'static str,
    /// Every outcome id it can return.
    pub outcomes: &'static [&'static str],
    run: Run,
}

/// Every calculator.
pub const CALCULATORS: &[Calculator] = &[
    Calculator {
        name: "substantial-action",
        outcomes: &["substantial-action", "no-substantial-action"],
        run: substantial_action,
    },
    Calculator {
        name: "misdeal",
        outcomes: &["misdeal", "no-misdeal", "fouled-deck"],
        run: misdeal,
    },
    Calculator {
        name: "four-card-flop",
        outcomes: &["scramble"],
        run: four_card_flop,
    },
    Calculator {
        name: "premature-card",
        outcomes: &[
            "flop-redeal",
            "flop-stands",
            "turn-reshuffle",
            "river-reshuffle",
        ],
        run: premature_card,
    },
    Calculator {
        name: "button-too-few-cards",
        outcomes: &["dead-hand", "replace-missing"],
        run: button_too_few_cards,
    },
    Calculator {
        name: "asking-to-see",
        outcomes: &["must-show", "discretion", "no-right"],
        run: asking_to_see,
    },
    Calculator {
        name: "accidentally-killed-hand",
        outcomes: &["live", "dead"],
        run: accidentally_killed_hand,
    },
    Calculator {
        name: "chips-found-behind",
        outcomes: &["in-action", "not-paid", "may-go-to-caller"],
        run: chips_found_behind,
    },
    Calculator {
        name: "at-your-seat",
        outcomes: &["live", "dead-hand"],
        run: at_your_seat,
    },
    Calculator {
        name: "dispute-window",
        outcomes: &["open", "closed"],
        run: dispute_window,
    },
    Calculator {
        name: "exposed-card",
        outcomes: &["penalty-hand-live", "no-penalty"],
        run: exposed_card,
    },
];

/// The calculator with this name.
pub fn find(name: &str) -> Option<&'static Calculator> {
    CALCULATORS.iter().find(|c| c.name == name)
}

/// Runs the calculator `name` on the answers with the edition's parameters.
pub fn run(name: &str, answers: &Answers, cx: &mut Cx<'_>) -> Result<Decision, crate::Error> {
    let calculator = find(name).ok_or_else(|| {
        crate::Error::bad(crate::message::Message::new(crate::message::Msg::Text).arg(
            "text",
            format!("no calculator named `{name}` (ruling data is wrong)"),
        ))
    })?;
    Ok((calculator.run)(answers, cx)?)
}

// --- reading answers ------------------------------------------------------

fn opt_amount(a: &Answers, key: &str) -> Option<Chips> {
    match a.get(key) {
        Some(Answer::Amount(n)) => Some(*n),
        _ => None,
    }
}

fn flag(a: &Answers, key: &str) -> bool {
    matches!(a.get(key), Some(Answer::Bool(true)))
}

fn text<'a>(a: &'a Answers, key: &'static str) -> Result<&'a str, CalcError> {
    match a.get(key) {
        Some(Answer::Text(t)) => Ok(t),
        _ => Err(CalcError::invalid(
            key,
            "is needed here: give it with --answer",
        )),
    }
}

fn small(n: Chips, key: &'static str, max: u8) -> Result<u8, CalcError> {
    u8::try_from(n)
        .ok()
        .filter(|v| *v <= max)
        .ok_or_else(|| CalcError::invalid(key, format!("{n} is too many: at most {max}")))
}

/// A kebab-case value (choice answer) as the enum it names.
fn parse_enum<T: DeserializeOwned>(value: &str, key: &'static str) -> Result<T, CalcError> {
    serde_json::from_value(Value::String(value.to_string()))
        .map_err(|_| CalcError::invalid(key, format!("`{value}` is not a valid value")))
}

/// The serialized (kebab-case) id of an outcome enum.
fn id<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

fn decision(outcome: String, concepts: Vec<&'static str>) -> Decision {
    Decision {
        outcome,
        concepts,
        ..Decision::default()
    }
}

// --- betting --------------------------------------------------------------

// --- pots -----------------------------------------------------------------

// --- penalties, dealing, turn order -----------------------------------------

fn substantial_action(a: &Answers, cx: &mut Cx<'_>) -> Result<Decision, CalcError> {
    use calc::dealing::{SaThresholds, parse_sa_actions, substantial_action};
    let actions = parse_sa_actions(text(a, "actions")?)?;
    let thresholds = SaThresholds {
        sa_chip_actions: u8::try_from(cx.params.sa_chip_actions().get()).unwrap_or(u8::MAX),
        sa_any_actions: u8::try_from(cx.params.sa_any_actions().get()).unwrap_or(u8::MAX),
    };
    let r = substantial_action(&actions, thresholds)?;
    let mut d = decision(id(&r.outcome), r.concepts.clone());
    d.data.insert("actions".into(), json!(r.actions));
    d.data.insert("chip_actions".into(), json!(r.chip_actions));
    Ok(d)
}

fn misdeal(a: &Answers, cx: &mut Cx<'_>) -> Result<Decision, CalcError> {
    use calc::dealing::{MisdealInput, MisdealRules, misdeal};
    let count = |c: u32| u8::try_from(c).unwrap_or(u8::MAX);
    let rules = MisdealRules {
        conditions: cx.params.misdeal_conditions(),
        misdeal_boxed_cards: count(cx.params.misdeal_boxed_cards().get()),
        misdeal_exposed_downcards: count(cx.params.misdeal_exposed_downcards().get()),
    };
    let r = misdeal(
        &MisdealInput {
            boxed_cards: small(opt_amount(a, "boxed_cards").unwrap_or(0), "boxed_cards", 52)?,
            first_card_wrong_seat: flag(a, "first_card_wrong_seat"),
            dealt_to_ineligible_seat: flag(a, "dealt_to_ineligible_seat"),
            eligible_seat_dealt_out: flag(a, "eligible_seat_dealt_out"),
            first_two_exposed: flag(a, "first_two_exposed"),
            downcards_exposed: small(
                opt_amount(a, "downcards_exposed").unwrap_or(0),
                "downcards_exposed",
                52,
            )?,
            stud: false,
            wrong_card_count: flag(a, "wrong_card_count"),
            joker_in_deck: flag(a, "joker_in_deck"),
            substantial_action: flag(a, "substantial_action"),
            fouled_deck: flag(a, "fouled_deck"),
        },
        &rules,
    )?;
    let mut d = decision(id(&r.outcome), r.concepts.clone());
    d.data.insert("causes".into(), json!(r.met));
    d.data.insert(
        "barred_by_substantial_action".into(),
        json!(r.barred_by_substantial_action),
    );
    Ok(d)
}

fn four_card_flop(a: &Answers, _: &mut Cx<'_>) -> Result<Decision, CalcError> {
    let r = calc::dealing::four_card_flop(flag(a, "exposed"));
    Ok(decision(id(&r.outcome), r.concepts.clone()))
}

fn premature_card(a: &Answers, cx: &mut Cx<'_>) -> Result<Decision, CalcError> {
    use calc::dealing::{PrematureInput, PrematureProcedure, premature_card};
    let procedure = PrematureProcedure {
        flop: cx.params.premature_flop(),
        turn: cx.params.premature_turn(),
    };
    let r = premature_card(
        &PrematureInput {
            street: parse_enum(text(a, "street")?, "street")?,
            burned: flag(a, "burned"),
            action_since: flag(a, "action_since"),
        },
        procedure,
    );
    let mut d = decision(id(&r.outcome), r.concepts.clone());
    if let Some(p) = r.flop_procedure {
        d.data.insert("procedure".into(), json!(p));
    }
    if let Some(p) = r.turn_procedure {
        d.data.insert("procedure".into(), json!(p));
    }
    Ok(d)
}

fn button_too_few_cards(a: &Answers, _: &mut Cx<'_>) -> Result<Decision, CalcError> {
    let r = calc::dealing::button_too_few_cards(flag(a, "acted"));
    Ok(decision(id(&r.outcome), r.concepts.clone()))
}

// --- small decisions --------------------------------------------------------

fn asking_to_see(a: &Answers, _: &mut Cx<'_>) -> Result<Decision, CalcError> {
    use calc::decisions::{SeeHand, see_hand};
    let (outcome, concepts) = see_hand(
        flag(a, "kept_cards"),
        flag(a, "river_bet"),
        flag(a, "asks_last_aggressor"),
    );
    let id = match outcome {
        SeeHand::MustShow => "must-show",
        SeeHand::Discretion => "discretion",
        SeeHand::NoRight => "no-right",
    };
    let mut d = decision(id.into(), concepts.to_vec());
    d.discretion = Some(outcome == SeeHand::Discretion);
    Ok(d)
}

fn accidentally_killed_hand(a: &Answers, _: &mut Cx<'_>) -> Result<Decision, CalcError> {
    let r = calc::decisions::killed_hand(
        flag(a, "identifiable"),
        opt_amount(a, "uncalled").unwrap_or(0),
    );
    let mut d = decision(
        if r.live { "live" } else { "dead" }.into(),
        vec!["accidentally-killed-hands"],
    );
    d.amounts.push(("returned".into(), r.returned));
    Ok(d)
}

fn chips_found_behind(a: &Answers, _: &mut Cx<'_>) -> Result<Decision, CalcError> {
    use calc::decisions::{FoundChips, found_chips};
    let r = found_chips(flag(a, "part_of_action"), flag(a, "all_in_won"));
    let id = match r {
        FoundChips::InAction => "in-action",
        FoundChips::NotPaid => "not-paid",
        FoundChips::MayGoToCaller => "may-go-to-caller",
    };
    let mut d = decision(id.into(), vec!["chips-found-behind", "accepted-action"]);
    d.discretion = Some(r == FoundChips::MayGoToCaller);
    if let Some(found) = opt_amount(a, "found") {
        d.amounts.push(("found".into(), found));
    }
    Ok(d)
}

fn at_your_seat(a: &Answers, _: &mut Cx<'_>) -> Result<Decision, CalcError> {
    let live = calc::decisions::at_seat_live(flag(a, "at_seat"));
    Ok(decision(
        if live { "live" } else { "dead-hand" }.into(),
        vec!["at-your-seat"],
    ))
}

fn dispute_window(a: &Answers, cx: &mut Cx<'_>) -> Result<Decision, CalcError> {
    use calc::decisions::{Dispute, DisputeTiming, dispute_open};
    let what = match text(a, "dispute")? {
        "reading" => Dispute::Reading,
        _ => Dispute::Accounting,
    };
    let minutes = u64::from(cx.params.dispute_break_minutes().get());
    let open = dispute_open(
        what,
        DisputeTiming {
            next_hand_started: flag(a, "next_hand_started"),
            next_hand_substantial_action: flag(a, "next_hand_substantial_action"),
            during_break: flag(a, "during_break"),
            minutes_since_award: opt_amount(a, "minutes_since_award").unwrap_or(0),
        },
        minutes,
    )?;
    let mut d = decision(
        if open { "open" } else { "closed" }.into(),
        vec!["disputed-pots"],
    );
    d.amounts.push(("break_minutes".into(), minutes));
    Ok(d)
}

fn exposed_card(a: &Answers, _: &mut Cx<'_>) -> Result<Decision, CalcError> {
    let penalized = calc::decisions::exposure_penalty_applies(flag(a, "action_pending"));
    Ok(decision(
        if penalized {
            "penalty-hand-live"
        } else {
            "no-penalty"
        }
        .into(),
        vec!["exposing-cards", "penalties"],
    ))
}
