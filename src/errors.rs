//! Error messages in the UI language. The library's errors are typed; the
//! common ones are rendered here from `errors.*` templates of ui.yaml, the
//! rest keep the library's English text.

use floor::LookupError;
use floor::calc::CalcError;
use floor::incident::{IncidentError, WalkError};
use floor::ui::Ui;

/// The message of `err` in the UI language, if a template covers it.
pub fn localize(err: &anyhow::Error, ui: &Ui) -> Option<String> {
    let nearest = |list: &[String]| {
        if list.is_empty() {
            String::new()
        } else {
            ui.f("errors.nearest", &[("list", &list.join(", "))])
        }
    };
    for cause in err.chain() {
        // The library's umbrella error is transparent: look inside it.
        let lookup =
            cause
                .downcast_ref::<LookupError>()
                .or(match cause.downcast_ref::<floor::Error>() {
                    Some(floor::Error::Lookup(e)) => Some(e),
                    _ => None,
                });
        let calc =
            cause
                .downcast_ref::<CalcError>()
                .or(match cause.downcast_ref::<floor::Error>() {
                    Some(floor::Error::Calc(e)) => Some(e),
                    _ => None,
                });
        let calc = calc.or(match cause.downcast_ref::<IncidentError>() {
            Some(IncidentError::Calc(e)) => Some(e),
            _ => None,
        });
        if let Some(e) = lookup {
            return Some(match e {
                LookupError::UnknownEdition { given, nearest: n } => ui.f(
                    "errors.unknown_edition",
                    &[("given", given), ("nearest", &nearest(n))],
                ),
                LookupError::UnknownRule {
                    edition,
                    given,
                    nearest: n,
                } => ui.f(
                    "errors.unknown_rule",
                    &[
                        ("edition", edition),
                        ("given", given),
                        ("nearest", &nearest(n)),
                    ],
                ),
                LookupError::UnknownPart {
                    edition,
                    number,
                    part,
                    nearest: n,
                } => ui.f(
                    "errors.unknown_part",
                    &[
                        ("edition", edition),
                        ("number", number),
                        ("part", part),
                        ("nearest", &nearest(n)),
                    ],
                ),
                LookupError::UnknownConcept { given, nearest: n } => ui.f(
                    "errors.unknown_concept",
                    &[("given", given), ("nearest", &nearest(n))],
                ),
                LookupError::UnknownIncident { given, nearest: n } => ui.f(
                    "errors.unknown_incident",
                    &[("given", given), ("nearest", &nearest(n))],
                ),
                LookupError::ConceptNotInEdition {
                    edition,
                    concept,
                    nearest: n,
                } => ui.f(
                    "errors.concept_not_in_edition",
                    &[
                        ("edition", edition),
                        ("concept", concept),
                        ("nearest", &nearest(n)),
                    ],
                ),
            });
        }
        if let Some(IncidentError::MissingAnswers { incident, missing }) =
            cause.downcast_ref::<IncidentError>()
        {
            let list: Vec<String> = missing.iter().map(|(k, q)| format!("{k} ({q})")).collect();
            return Some(ui.f(
                "errors.missing_answers",
                &[("incident", incident), ("list", &list.join("; "))],
            ));
        }
        let walk =
            cause
                .downcast_ref::<WalkError>()
                .or(match cause.downcast_ref::<IncidentError>() {
                    Some(IncidentError::Walk(e)) => Some(e),
                    _ => None,
                });
        if let Some(e) = walk {
            match e {
                WalkError::Invalid {
                    key,
                    value,
                    problem,
                } => {
                    return Some(ui.f(
                        "errors.invalid_answer",
                        &[("key", key), ("value", value), ("problem", problem)],
                    ));
                }
                WalkError::UnknownKey {
                    key,
                    incident,
                    valid,
                } => {
                    return Some(ui.f(
                        "errors.unknown_key",
                        &[
                            ("key", key),
                            ("incident", incident),
                            ("keys", &valid.join(", ")),
                        ],
                    ));
                }
                _ => {}
            }
        }
        if let Some(CalcError::Invalid { input, problem }) = calc {
            return Some(ui.f("errors.calc", &[("input", input), ("problem", problem)]));
        }
    }
    None
}
