//! What an incident is in code: typed answers (read from the walk's answers
//! with serde), a typed outcome enum and the rule logic, registered once in
//! [`crate::incidents::ALL`]. `floor check` proves that each decision tree
//! (`rulings/<id>.yaml`) and its module agree: the question ids are the
//! answer fields, the outcomes are the enum's variants, and every set of
//! answers the walk can produce reads into the answer type.

use serde::de::{self, DeserializeOwned, Visitor};
use serde_json::{Map, Value};

use super::answer::Answer;
use super::ruling::Decision;
use super::tree::{Kind, Tree};
use super::walk::Answers;
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::rules::params::Resolved;

/// One incident: its answers, its outcomes and how it rules.
pub trait Incident {
    /// The incident id, equal to its decision tree's file name.
    const ID: &'static str;
    /// The answers, one field per question of the tree (an `Option` where
    /// the walk may leave the question unanswered).
    type Answers: DeserializeOwned;
    /// The outcomes, spelt as the tree spells them.
    type Outcome: Copy + strum::VariantNames + Into<&'static str>;
    /// Rules on the answers with the edition's parameters.
    fn rule(answers: Self::Answers, cx: &mut Cx<'_>) -> Result<Decision<Self::Outcome>, Error>;
}

/// What a ruling may consult besides the answers: the edition's parameters
/// and which rule states each of them.
pub struct Cx<'a> {
    /// The parameters, with TDA practice where the edition states nothing.
    pub params: Resolved<'a>,
    sources: &'a [(&'static str, String)],
}

impl<'a> Cx<'a> {
    /// A context over `params`; `sources` names, per parameter key, the
    /// concept of the rule that states it.
    pub fn new(params: Resolved<'a>, sources: &'a [(&'static str, String)]) -> Cx<'a> {
        Cx { params, sources }
    }

    /// The concept of the rule that states `param` in the edition in use.
    pub fn concept_stating(&self, param: &str) -> Option<&'a str> {
        self.sources
            .iter()
            .rev()
            .find(|(p, _)| *p == param)
            .map(|(_, c)| c.as_str())
    }
}

type Run = fn(&Answers, &mut Cx<'_>) -> Result<Decision, Error>;

/// An incident as the registry lists it.
pub struct Entry {
    /// The incident id.
    pub id: &'static str,
    /// Every outcome id.
    pub outcomes: &'static [&'static str],
    fields: fn() -> &'static [&'static str],
    read: fn(Map<String, Value>) -> Result<(), String>,
    run: Run,
}

impl Entry {
    /// The entry of incident `I`.
    pub const fn of<I: Incident>() -> Entry {
        Entry {
            id: I::ID,
            outcomes: <I::Outcome as strum::VariantNames>::VARIANTS,
            fields: field_names::<I::Answers>,
            read: reads::<I::Answers>,
            run: run::<I>,
        }
    }

    /// The answer fields, as the answer type declares them.
    pub fn fields(&self) -> &'static [&'static str] {
        (self.fields)()
    }

    /// Rules on answers the walk produced.
    pub fn run(&self, answers: &Answers, cx: &mut Cx<'_>) -> Result<Decision, Error> {
        (self.run)(answers, cx)
    }

    /// Where the tree and the module disagree, each problem in words.
    pub fn check(&self, tree: &Tree) -> Vec<Message> {
        let mut problems = Vec::new();
        let fields = self.fields();
        for q in &tree.questions {
            if !fields.contains(&q.id.as_str()) {
                problems.push(
                    Message::new(Msg::CheckQuestionNoField)
                        .arg("question", &q.id)
                        .arg("module", self.id),
                );
            }
        }
        for f in fields {
            if tree.question(f).is_none() {
                problems.push(Message::new(Msg::CheckFieldNoQuestion).arg("field", f));
            }
        }
        for o in self.outcomes {
            if tree.outcome(o).is_none() {
                problems.push(Message::new(Msg::CheckOutcomeNotListed).arg("outcome", o));
            }
        }
        for o in &tree.outcomes {
            if !self.outcomes.contains(&o.id.as_str()) {
                problems.push(Message::new(Msg::CheckOutcomeUnreachable).arg("outcome", &o.id));
            }
        }
        // The fewest answers the walk can produce, then all of them.
        let always =
            |q: &&super::tree::Question| q.when.is_empty() && (!q.optional || q.default.is_some());
        for (which, map) in [
            (
                Msg::CheckFewestAnswers,
                sample(tree.questions.iter().filter(always)),
            ),
            (Msg::CheckEveryAnswers, sample(tree.questions.iter())),
        ] {
            if let Err(e) = (self.read)(map) {
                // The reader's words in the UI language where they are known
                // (an unknown field, a missing one).
                let problem = crate::data::parser_problem(&e.to_string(), false);
                problems.push(Message::new(which).nested("problem", problem));
            }
        }
        problems
    }
}

/// A sample answer of each question's kind, as the walk would produce it.
fn sample<'a>(questions: impl Iterator<Item = &'a super::tree::Question>) -> Map<String, Value> {
    questions
        .map(|q| {
            let v = match q.kind {
                Kind::YesNo => Answer::Bool(false),
                Kind::Choice => Answer::Text(q.choices.first().cloned().unwrap_or_default()),
                Kind::MultiChoice => Answer::Choices(q.choices.iter().take(1).cloned().collect()),
                Kind::Amount | Kind::Number => Answer::Amount(q.min.unwrap_or(1).max(1)),
                Kind::Chips => Answer::Chips(vec![1]),
                Kind::Seat => Answer::Seat(1),
                Kind::Seats => Answer::Seats(vec![1]),
                Kind::Actions => Answer::Text("A:check".into()),
                Kind::Contributions | Kind::Tables => Answer::Text("1:1".into()),
                Kind::Player => Answer::Text("A".into()),
                Kind::Stacks => Answer::Text("A:1".into()),
            };
            (q.id.clone(), v.json())
        })
        .collect()
}

fn reads<T: DeserializeOwned>(map: Map<String, Value>) -> Result<(), String> {
    serde_json::from_value::<T>(Value::Object(map))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn run<I: Incident>(answers: &Answers, cx: &mut Cx<'_>) -> Result<Decision, Error> {
    let map: Map<String, Value> = answers
        .iter()
        .map(|(k, a, _)| (k.to_string(), a.json()))
        .collect();
    let typed: I::Answers = serde_json::from_value(Value::Object(map)).map_err(|e| {
        Error::input(
            "answers",
            crate::data::parser_problem(&e.to_string(), false),
        )
    })?;
    Ok(I::rule(typed, cx)?.erase())
}

/// The field names of a struct that derives `Deserialize`, read from what
/// the derived code hands its deserializer.
fn field_names<T: DeserializeOwned>() -> &'static [&'static str] {
    struct Fields(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("stop")
        }
    }
    impl std::error::Error for Stop {}
    impl de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> de::Deserializer<'de> for &mut Fields {
        type Error = Stop;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
            enum identifier ignored_any
        }
    }
    let mut fields = Fields(None);
    let _ = T::deserialize(&mut fields);
    fields.0.unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Two {
        facing: u64,
        heads_up: Option<bool>,
    }

    #[test]
    fn field_names_come_from_the_derived_deserializer() {
        assert_eq!(field_names::<Two>(), ["facing", "heads_up"]);
    }
}
