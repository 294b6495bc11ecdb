//! Validation of the decision trees for `floor check`: every question and
//! outcome well-formed, every default valid, every condition about an earlier
//! question, the tree and its module agreeing (question ids are the answer
//! fields, outcomes the outcome enum), every cited concept known, every text
//! present in the UI files.

use std::collections::HashSet;

use crate::data::DataSource;
use crate::engine::registry::Problem;
use crate::engine::tree::{Condition, Kind, Tree, cite_parts};
use crate::message::{Message, Msg};
use crate::rules::Concept;
use crate::ui::Ui;

/// The problems of one tree; a choice its module cannot read is placed at
/// that choice.
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
            if key.starts_with(crate::engine::tree::PROVISION) {
                if !q.when.contains_key(key) {
                    problems.push(at(Msg::CheckWhenOnly).arg("key", key));
                } else if !matches!(condition, Condition::Flag(_)) {
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
            choice: None,
            message,
        })
        .chain(placed)
        .collect()
}

/// Where `choice` of `question` is written in a tree's YAML: the line and
/// column of the choice in the question's `choices`.
pub fn choice_position(yaml: &str, question: &str, choice: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = yaml.lines().collect();
    let is_id = |line: &str, id: &str| {
        let line = line.trim_start().trim_start_matches(['-', '{', ' ']);
        line.strip_prefix("id:")
            .map(str::trim_start)
            .and_then(|rest| rest.strip_prefix(id))
            .is_some_and(|rest| rest.starts_with([',', ' ', '}']) || rest.is_empty())
    };
    let start = lines.iter().position(|l| is_id(l, question))?;
    let word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    for (n, line) in lines.iter().enumerate().skip(start) {
        if n > start && line.trim_start().starts_with('-') && line.contains("id:") {
            return None;
        }
        let from = line.find("choices").unwrap_or(0);
        let mut at = from;
        while let Some(i) = line.get(at..).and_then(|rest| rest.find(choice)) {
            let begin = at + i;
            let end = begin + choice.len();
            let before = line[..begin].chars().next_back();
            let after = line[end..].chars().next();
            if !before.is_some_and(word) && !after.is_some_and(word) {
                return Some((n + 1, line[..begin].chars().count() + 1));
            }
            at = end;
        }
    }
    None
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
                // A condition on a provision no catalog lists would hold nowhere.
                for q in &tree.questions {
                    let unknown = q
                        .when
                        .keys()
                        .filter_map(|k| k.strip_prefix(crate::engine::tree::PROVISION))
                        .filter(|p| catalog.as_ref().is_some_and(|c| c.get(p).is_none()));
                    for p in unknown {
                        out.push((
                            file.clone(),
                            Message::new(Msg::CheckParamCondition)
                                .arg("question", &q.id)
                                .arg("key", format!("{}{p}", crate::engine::tree::PROVISION))
                                .nested(
                                    "problem",
                                    Message::new(Msg::CheckNotAProvision).arg("id", p),
                                ),
                        ));
                    }
                }
                let yaml = source.written(&file);
                for p in validate(&tree, concepts, ui) {
                    let at = p
                        .choice
                        .as_ref()
                        .zip(yaml.as_deref())
                        .and_then(|((q, c), yaml)| choice_position(yaml, q, c));
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

    #[test]
    fn a_choice_is_found_where_it_is_written() {
        let yaml = "id: t\nquestions:\n  - {id: game, kind: choice, choices: [no-limit, limit]}\n  - {id: declared, kind: choice, choices: [nothing, call], default: nothing}\n";
        assert_eq!(choice_position(yaml, "declared", "call"), Some((4, 53)));
        assert_eq!(choice_position(yaml, "declared", "nothing"), Some((4, 44)));
        assert_eq!(choice_position(yaml, "game", "limit"), Some((3, 50)));
        assert_eq!(choice_position(yaml, "game", "raise"), None);
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
