//! Validation of the decision trees for `floor check`: every question and
//! outcome well-formed, every default valid, every condition about an earlier
//! question, the tree and its module agreeing (question ids are the answer
//! fields, outcomes the outcome enum), every cited concept known, every text
//! present in the UI files.

use std::collections::HashSet;

use super::tree::{Condition, Kind, Tree, cite_parts};
use crate::data::DataSource;
use crate::rules::Concept;
use crate::ui::Ui;

/// The problems of one tree (file path, message).
pub fn validate(tree: &Tree, concepts: &[Concept], ui: &Ui) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for q in &tree.questions {
        let at = format!("question `{}`", q.id);
        if seen.contains(&q.id.as_str()) {
            problems.push(format!("{at} appears twice"));
        }
        let choosing = matches!(q.kind, Kind::Choice | Kind::MultiChoice);
        if choosing == q.choices.is_empty() {
            problems.push(format!(
                "{at}: `choices` is required for choice questions and only for them"
            ));
        }
        if let Some(name) = &q.choices_from {
            match crate::rules::params::Params::default().value_or_tda(name) {
                _ if q.kind != Kind::MultiChoice => problems.push(format!(
                    "{at}: `choices_from` is for multi-choice questions only"
                )),
                Some(serde_json::Value::Array(tda)) => {
                    for v in tda.iter().map(crate::rules::provisions::scalar) {
                        if !q.choices.contains(&v) {
                            problems.push(format!(
                                "{at}: `{v}` of `{name}` (the TDA practice) is not one of the choices"
                            ));
                        }
                    }
                }
                _ => problems.push(format!(
                    "{at}: choices_from `{name}` is not a list parameter with a TDA practice"
                )),
            }
        }
        if let Some(default) = &q.default
            && let Err(e) = q.parse(default)
        {
            problems.push(format!("{at}: default `{default}` is invalid: {e}"));
        }
        for key in &q.default_from {
            match tree.question(key) {
                Some(src) if seen.contains(&key.as_str()) && src.kind == Kind::Amount => {}
                _ => problems.push(format!(
                    "{at}: default_from `{key}` must name an earlier amount question"
                )),
            }
        }
        for (key, condition) in q.when.iter().chain(&q.ask) {
            if let Some(name) = key.strip_prefix(super::tree::PARAM) {
                if !q.when.contains_key(key) {
                    problems.push(format!("{at}: `{key}` can be a `when` condition only"));
                } else if let Err(problem) = param_condition(name, condition) {
                    problems.push(format!("{at}: condition on `{key}`: {problem}"));
                }
                continue;
            }
            match tree.question(key) {
                Some(src) if seen.contains(&key.as_str()) => {
                    if !condition.is_valid_for(src.kind) {
                        problems.push(format!("{at}: condition on `{key}` does not fit its kind"));
                    }
                }
                _ => problems.push(format!(
                    "{at}: condition on `{key}`, which is not an earlier question"
                )),
            }
        }
        {
            let field = "text";
            let key = format!("incidents.{}.q.{}.{field}", tree.id, q.id);
            if ui.get(&key).is_none() {
                problems.push(format!("{at}: no UI text `{key}`"));
            }
        }
        match q.setting.as_deref() {
            None => {}
            Some("game") if q.kind == Kind::Choice => {
                for c in &q.choices {
                    if c.parse::<crate::poker::Game>().is_err() {
                        problems.push(format!("{at}: choice `{c}` is not a game"));
                    }
                }
            }
            Some(other) => problems.push(format!(
                "{at}: setting `{other}` does not exist or does not fit the question (game: a choice of games)"
            )),
        }
        if choosing {
            for c in &q.choices {
                if ui.get(&format!("choices.{c}")).is_none() {
                    problems.push(format!("{at}: no UI text `choices.{c}`"));
                }
            }
        }
        seen.push(&q.id);
    }
    let known: HashSet<&str> = concepts.iter().map(|c| c.slug.as_str()).collect();
    match crate::incidents::find(&tree.id) {
        Some(entry) => problems.extend(entry.check(tree)),
        None => problems.push(format!(
            "incident `{}` has no module in the registry (src/incidents)",
            tree.id
        )),
    }
    for o in &tree.outcomes {
        if o.cite.is_empty() {
            problems.push(format!("outcome `{}` cites no rule", o.id));
        }
        for c in &o.cite {
            let (concept, _) = cite_parts(c);
            if !known.contains(concept) {
                problems.push(format!(
                    "outcome `{}` cites unknown concept `{concept}`",
                    o.id
                ));
            }
        }
        let key = format!("incidents.{}.outcome.{}", tree.id, o.id);
        if ui.get(&key).is_none() {
            problems.push(format!("outcome `{}`: no UI text `{key}`", o.id));
        }
        for step in o.remedy.iter().chain(o.variants.values().flatten()) {
            let key = format!("incidents.{}.remedy.{step}", tree.id);
            if ui.get(&key).is_none() {
                problems.push(format!("outcome `{}`: no UI text `{key}`", o.id));
            }
        }
    }
    if ui.get(&format!("incidents.{}.title", tree.id)).is_none() {
        problems.push(format!("no UI text `incidents.{}.title`", tree.id));
    }
    problems
}

/// Whether `condition` can be decided on edition parameter `name`: the
/// parameter exists and each value is one it can take (an element, for a
/// list).
fn param_condition(name: &str, condition: &Condition) -> Result<(), String> {
    use crate::rules::params::Params;
    if !Params::KEYS.contains(&name) {
        return Err(format!("`{name}` is not a parameter"));
    }
    let values: Vec<String> = match condition {
        Condition::AnyOf(values) if !values.is_empty() => values.clone(),
        Condition::Is(value) => vec![value.clone()],
        Condition::Flag(flag) => vec![flag.to_string()],
        _ => return Err("give the values it may have (a list), or yes/no".into()),
    };
    for value in values {
        let scalar = serde_yaml::from_str::<Params>(&format!("{name}: {value}"));
        let element = serde_yaml::from_str::<Params>(&format!("{name}: [{value}]"));
        if scalar.is_err() && element.is_err() {
            return Err(format!("`{value}` is not a value of `{name}`"));
        }
    }
    Ok(())
}

/// Loads and validates every tree of the data tree: (file, message) pairs.
pub fn validate_all(source: &DataSource, concepts: &[Concept], ui: &Ui) -> Vec<(String, String)> {
    let ids = match super::ids(source) {
        Ok(ids) => ids,
        Err(e) => return vec![("rulings/".into(), e.to_string())],
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
            Err(e) => out.push((file, e.to_string())),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn condition(yaml: &str) -> Condition {
        serde_yaml::from_str(yaml).expect("a condition")
    }

    #[test]
    fn edition_conditions_name_a_parameter_and_its_values() {
        assert!(param_condition("premature_flop", &condition("[stands-after-action]")).is_ok());
        assert!(param_condition("misdeal_conditions", &condition("[joker-in-deck]")).is_ok());
        assert!(param_condition("premature_cards_in_rule", &condition("true")).is_ok());
        let unknown = param_condition("premature_flap", &condition("[redeal]")).unwrap_err();
        assert!(unknown.contains("not a parameter"), "{unknown}");
        let value = param_condition("premature_flop", &condition("[stands]")).unwrap_err();
        assert!(value.contains("`stands` is not a value"), "{value}");
        assert!(param_condition("premature_flop", &condition("[]")).is_err());
    }
}
