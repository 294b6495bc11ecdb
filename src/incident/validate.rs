//! Validation of the decision trees for `floor check`: every question and
//! outcome well-formed, every default valid, every condition about an earlier
//! question, the tree and its module agreeing (question ids are the answer
//! fields, outcomes the outcome enum), every cited concept known, every text
//! present in the UI files.

use std::collections::HashSet;

use super::tree::{Condition, Kind, Tree, cite_parts};
use crate::data::DataSource;
use crate::message::{Message, Msg};
use crate::rules::Concept;
use crate::ui::Ui;

/// The problems of one tree.
pub fn validate(tree: &Tree, concepts: &[Concept], ui: &Ui) -> Vec<Message> {
    let mut problems = Vec::new();
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
            if let Some(name) = key.strip_prefix(super::tree::PARAM) {
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
        Some(entry) => problems.extend(entry.check(tree)),
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
    let ids = match super::ids(source) {
        Ok(ids) => ids,
        Err(e) => return vec![("rulings/".into(), e.message())],
    };
    let mut out = Vec::new();
    for id in ids {
        let file = format!("rulings/{id}.yaml");
        match super::load(source, &id) {
            Ok(tree) => out.extend(
                validate(&tree, concepts, ui)
                    .into_iter()
                    .map(|m| (file.clone(), m)),
            ),
            Err(e) => out.push((file, e.message())),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
