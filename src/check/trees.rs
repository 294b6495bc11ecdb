//! Validation of the decision trees for `floor check`: every question and
//! outcome well-formed, every default valid, every condition about an earlier
//! question, the tree and its module agreeing (question ids are the answer
//! fields, outcomes the outcome enum), every cited concept known, every text
//! present in the UI files.

use std::collections::HashSet;

use crate::data::DataSource;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::engine::registry::{Place, Problem};
use crate::engine::tree::{Condition, Kind, Tree, cite_parts};
use crate::message::{Message, Msg};
use crate::rules::Concept;
use crate::ui::Ui;

/// The problems of one tree; a choice its module cannot read is placed at
/// that choice, a citation the module does not declare at that citation.
pub fn validate(tree: &Tree, concepts: &[Concept], ui: &Ui) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut placed = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for q in &tree.questions {
        let at = |msg: Msg| Message::new(msg).arg("question", &q.id);
        if seen.contains(&q.id.as_str()) {
            problems.push(at(Msg::CheckQuestionTwice));
        }
        let choosing = matches!(q.kind, Kind::Choice | Kind::MultiChoice);
        if choosing == q.choices.is_empty() {
            problems.push(at(Msg::CheckChoicesRequired));
        }
        if let Some(name) = &q.choices_from {
            match crate::rules::params::Params::default().value_or_tda(name) {
                _ if q.kind != Kind::MultiChoice => problems.push(at(Msg::CheckChoicesFromKind)),
                Some(serde_json::Value::Array(tda)) => {
                    for v in tda.iter().map(crate::rules::provisions::scalar) {
                        if !q.choices.contains(&v) {
                            problems.push(
                                at(Msg::CheckChoicesFromMissing)
                                    .arg("value", &v)
                                    .arg("param", name),
                            );
                        }
                    }
                }
                _ => problems.push(at(Msg::CheckChoicesFromNotList).arg("param", name)),
            }
        }
        if let Some(default) = &q.default
            && let Err(e) = q.parse(default)
        {
            problems.push(
                at(Msg::CheckDefaultInvalid)
                    .arg("default", default)
                    .nested("problem", e.0),
            );
        }
        for key in &q.default_from {
            match tree.question(key) {
                Some(src) if seen.contains(&key.as_str()) && src.kind == Kind::Amount => {}
                _ => problems.push(at(Msg::CheckDefaultFrom).arg("key", key)),
            }
        }
        for (key, condition) in q.when.iter().chain(&q.ask) {
            if let Some((_, term)) = crate::engine::tree::provision_key(key) {
                let fits = match term {
                    None => matches!(condition, Condition::Flag(_)),
                    Some(term) => {
                        crate::rules::provisions::Term::of_id(term).is_some()
                            && matches!(condition, Condition::Is(_) | Condition::AnyOf(_))
                    }
                };
                if !q.when.contains_key(key) {
                    problems.push(at(Msg::CheckWhenOnly).arg("key", key));
                } else if !fits {
                    problems.push(
                        at(Msg::CheckParamCondition)
                            .arg("key", key)
                            .nested("problem", Message::new(Msg::CheckConditionValues)),
                    );
                }
                continue;
            }
            if let Some(name) = key.strip_prefix(crate::engine::tree::PARAM) {
                if !q.when.contains_key(key) {
                    problems.push(at(Msg::CheckWhenOnly).arg("key", key));
                } else if let Err(problem) = param_condition(name, condition) {
                    problems.push(
                        at(Msg::CheckParamCondition)
                            .arg("key", key)
                            .nested("problem", problem),
                    );
                }
                continue;
            }
            match tree.question(key) {
                Some(src) if seen.contains(&key.as_str()) => {
                    if !condition.is_valid_for(src.kind) {
                        problems.push(at(Msg::CheckConditionKind).arg("key", key));
                    }
                }
                _ => problems.push(at(Msg::CheckConditionNotEarlier).arg("key", key)),
            }
        }
        {
            let field = "text";
            let key = format!("incidents.{}.q.{}.{field}", tree.id, q.id);
            if ui.get(&key).is_none() {
                problems.push(at(Msg::CheckQuestionNoText).arg("key", key));
            }
        }
        match q.setting.as_deref() {
            None => {}
            Some("game") if q.kind == Kind::Choice => {
                for c in &q.choices {
                    if c.parse::<crate::poker::Game>().is_err() {
                        problems.push(at(Msg::CheckChoiceNotGame).arg("choice", c));
                    }
                }
                // Every game an event may set must answer the question, or
                // the setting would be dropped for that event.
                use strum::VariantNames;
                for game in crate::poker::Game::VARIANTS {
                    if !q.choices.iter().any(|c| c == game) {
                        problems.push(
                            at(Msg::CheckSettingChoiceMissing)
                                .arg("setting", "game")
                                .arg("value", *game),
                        );
                    }
                }
            }
            Some(other) => problems.push(at(Msg::CheckSettingUnknown).arg("setting", other)),
        }
        if choosing {
            for c in &q.choices {
                let key = format!("choices.{c}");
                if ui.get(&key).is_none() {
                    problems.push(at(Msg::CheckQuestionNoText).arg("key", key));
                }
            }
        }
        seen.push(&q.id);
    }
    let known: HashSet<&str> = concepts.iter().map(|c| c.slug.as_str()).collect();
    match crate::incidents::find(&tree.id) {
        Some(entry) => placed.extend(entry.check(tree)),
        None => problems.push(Message::new(Msg::CheckNoModule).arg("incident", &tree.id)),
    }
    for o in &tree.outcomes {
        let outcome = |msg: Msg| Message::new(msg).arg("outcome", &o.id);
        if o.cite.is_empty() {
            problems.push(outcome(Msg::CheckOutcomeNoCite));
        }
        for c in &o.cite {
            let (concept, _) = cite_parts(c);
            if !known.contains(concept) {
                problems.push(outcome(Msg::CheckOutcomeUnknownConcept).arg("concept", concept));
            }
        }
        let key = format!("incidents.{}.outcome.{}", tree.id, o.id);
        if ui.get(&key).is_none() {
            problems.push(outcome(Msg::CheckOutcomeNoText).arg("key", key));
        }
        for step in o.remedy.iter().chain(o.variants.values().flatten()) {
            let key = format!("incidents.{}.remedy.{step}", tree.id);
            if ui.get(&key).is_none() {
                problems.push(outcome(Msg::CheckOutcomeNoText).arg("key", key));
            }
        }
    }
    let title = format!("incidents.{}.title", tree.id);
    if ui.get(&title).is_none() {
        problems.push(Message::new(Msg::CheckNoTitle).arg("key", title));
    }
    problems
        .into_iter()
        .map(|message| Problem {
            place: None,
            message,
        })
        .chain(placed)
        .collect()
}

/// Where the parts of a tree a problem can concern are written, as the
/// YAML reader reads them: each question's choices and each outcome's
/// `cite:` entries, with their lines and columns.
#[derive(Debug, Default, Deserialize)]
pub struct Places {
    #[serde(default)]
    questions: Vec<QuestionPlaces>,
    #[serde(default)]
    outcomes: Vec<OutcomePlaces>,
}

#[derive(Debug, Deserialize)]
struct QuestionPlaces {
    id: String,
    #[serde(default)]
    choices: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
struct OutcomePlaces {
    id: String,
    #[serde(default)]
    cite: Option<Spanned<Vec<Spanned<String>>>>,
}

impl Places {
    /// The places of a tree's YAML text; none where it does not read.
    pub fn of(yaml: &str) -> Places {
        crate::yaml::from_str(yaml, "").unwrap_or_default()
    }

    /// The line and column `place` is written at.
    pub fn find(&self, place: &Place) -> Option<(usize, usize)> {
        let location = match place {
            Place::Choice { question, choice } => {
                self.questions
                    .iter()
                    .find(|q| q.id == *question)?
                    .choices
                    .iter()
                    .find(|c| c.value == *choice)?
                    .referenced
            }
            Place::Cite { outcome, at } => {
                let cite = self
                    .outcomes
                    .iter()
                    .find(|o| o.id == *outcome)?
                    .cite
                    .as_ref()?;
                match at {
                    Some(i) => cite.value.get(*i)?.referenced,
                    None => cite.referenced,
                }
            }
        };
        let line = usize::try_from(location.line()).ok()?;
        let column = usize::try_from(location.column()).ok()?;
        (line > 0).then_some((line, column))
    }
}

/// Whether `condition` can be decided on edition parameter `name`: the
/// parameter exists and each value is one it can take (an element, for a
/// list).
fn param_condition(name: &str, condition: &Condition) -> Result<(), Message> {
    use crate::rules::params::Params;
    if !Params::KEYS.contains(&name) {
        return Err(Message::new(Msg::CheckNotAParameter).arg("param", name));
    }
    let values: Vec<String> = match condition {
        Condition::Compare(c) if c.is_given_only() => Vec::new(),
        Condition::AnyOf(values) if !values.is_empty() => values.clone(),
        Condition::Is(value) => vec![value.clone()],
        Condition::Flag(flag) => vec![flag.to_string()],
        _ => return Err(Message::new(Msg::CheckConditionValues)),
    };
    for value in values {
        let scalar = crate::yaml::from_str::<Params>(&format!("{name}: {value}"), name);
        let element = crate::yaml::from_str::<Params>(&format!("{name}: [{value}]"), name);
        if scalar.is_err() && element.is_err() {
            return Err(Message::new(Msg::CheckNotAValue)
                .arg("value", value)
                .arg("param", name));
        }
    }
    Ok(())
}

/// Loads and validates every tree of the data tree: (file, message) pairs.
pub fn validate_all(source: &DataSource, concepts: &[Concept], ui: &Ui) -> Vec<(String, Message)> {
    let ids = match crate::engine::ids(source) {
        Ok(ids) => ids,
        Err(e) => return vec![("rulings/".into(), e.message())],
    };
    let catalog = crate::rules::provisions::Catalog::load(source)
        .ok()
        .flatten();
    let mut out = Vec::new();
    for id in ids {
        let file = format!("rulings/{id}.yaml");
        match crate::engine::load(source, &id) {
            Ok(tree) => {
                // A condition on a provision no catalog lists, or on a value
                // its term cannot take, would hold nowhere.
                for q in &tree.questions {
                    for (key, condition) in &q.when {
                        let Some((p, term)) = crate::engine::tree::provision_key(key) else {
                            continue;
                        };
                        let Some(catalog) = &catalog else { continue };
                        let problem = match (catalog.get(p), term) {
                            (None, _) => Message::new(Msg::CheckNotAProvision).arg("id", p),
                            (Some(_), None) => continue,
                            (Some(_), Some(term)) => {
                                let values = crate::rules::provisions::Term::of_id(term)
                                    .map(|t| catalog.term_values(p, t))
                                    .unwrap_or_default();
                                let given = match condition {
                                    Condition::Is(v) => vec![v.as_str()],
                                    Condition::AnyOf(vs) => vs.iter().map(String::as_str).collect(),
                                    _ => Vec::new(),
                                };
                                match given.into_iter().find(|v| !values.contains(v)) {
                                    Some(v) => {
                                        Message::new(Msg::CheckNotAValue).arg("value", v).arg(
                                            "param",
                                            key.trim_start_matches(crate::engine::tree::PROVISION),
                                        )
                                    }
                                    None => continue,
                                }
                            }
                        };
                        out.push((
                            file.clone(),
                            Message::new(Msg::CheckParamCondition)
                                .arg("question", &q.id)
                                .arg("key", key)
                                .nested("problem", problem),
                        ));
                    }
                }
                let problems = validate(&tree, concepts, ui);
                let places = match problems.iter().any(|p| p.place.is_some()) {
                    true => source.written(&file).map(|yaml| Places::of(&yaml)),
                    false => None,
                };
                for p in problems {
                    let at = p
                        .place
                        .as_ref()
                        .zip(places.as_ref())
                        .and_then(|(place, places)| places.find(place));
                    let shown = match at {
                        Some((line, column)) => format!("{file}:{line}:{column}"),
                        None => file.clone(),
                    };
                    out.push((shown, p.message));
                }
            }
            Err(e) => out.push((file, e.message())),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(question: &str, choice: &str) -> Place {
        Place::Choice {
            question: question.into(),
            choice: choice.into(),
        }
    }

    fn cite(outcome: &str, at: Option<usize>) -> Place {
        Place::Cite {
            outcome: outcome.into(),
            at,
        }
    }

    #[test]
    fn a_choice_is_found_where_it_is_written() {
        let yaml = "id: t\nquestions:\n  - {id: game, kind: choice, choices: [no-limit, limit]}\n  - {id: declared, kind: choice, choices: [nothing, call], default: nothing}\n";
        let places = Places::of(yaml);
        assert_eq!(places.find(&choice("declared", "call")), Some((4, 53)));
        assert_eq!(places.find(&choice("declared", "nothing")), Some((4, 44)));
        assert_eq!(places.find(&choice("game", "limit")), Some((3, 50)));
        assert_eq!(places.find(&choice("game", "raise")), None);
        // Written as a block list, the choice is on its own line.
        let block = "id: t\nquestions:\n  - id: game\n    kind: choice\n    choices:\n      - no-limit\n      - limit\n";
        assert_eq!(
            Places::of(block).find(&choice("game", "limit")),
            Some((7, 9))
        );
    }

    #[test]
    fn a_citation_is_found_where_it_is_written() {
        let yaml = "id: t\noutcomes:\n  - id: misdeal\n    cite: [\"misdeals#A\", misdeals#C]\n  - id: fouled-deck\n    cite:\n      - deck-changes\n";
        let places = Places::of(yaml);
        assert_eq!(places.find(&cite("misdeal", Some(0))), Some((4, 12)));
        assert_eq!(places.find(&cite("misdeal", Some(1))), Some((4, 26)));
        assert_eq!(places.find(&cite("misdeal", None)), Some((4, 11)));
        assert_eq!(places.find(&cite("fouled-deck", Some(0))), Some((7, 9)));
        assert_eq!(places.find(&cite("misdeal", Some(2))), None);
        assert_eq!(places.find(&cite("scramble", None)), None);
    }

    fn condition(yaml: &str) -> Condition {
        crate::yaml::from_str(yaml, "test").expect("a condition")
    }

    #[test]
    fn edition_conditions_name_a_parameter_and_its_values() {
        assert!(param_condition("premature_flop", &condition("[stands-after-action]")).is_ok());
        assert!(param_condition("misdeal_conditions", &condition("[joker-in-deck]")).is_ok());
        assert!(param_condition("premature_cards_in_rule", &condition("true")).is_ok());
        let unknown = param_condition("premature_flap", &condition("[redeal]"))
            .unwrap_err()
            .to_string();
        assert!(unknown.contains("not a parameter"), "{unknown}");
        let value = param_condition("premature_flop", &condition("[stands]"))
            .unwrap_err()
            .to_string();
        assert!(value.contains("`stands` is not a value"), "{value}");
        assert!(param_condition("premature_flop", &condition("[]")).is_err());
    }
}
