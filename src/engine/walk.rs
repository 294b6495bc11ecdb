//! Walking a tree: ask each question whose conditions hold, in order, from
//! an answer source (the prompt, or answers given on the command line), with
//! defaults, going back on request, and collecting every missing answer.

use std::collections::{BTreeMap, BTreeSet};

use super::answer::Answer;
use super::tree::{Kind, Question, Tree};
pub use crate::error::WalkError;
use crate::message::{Message, Msg};

/// Where an answer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Given by the user.
    Given,
    /// The question's default.
    Default,
    /// The event's settings (`floor config`: the game).
    Setting,
    /// The hand file the incident starts from (`--hand`).
    Hand,
}

/// The answers a walk produced, by question id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Answers {
    map: BTreeMap<String, (Answer, Origin)>,
    /// Optional questions that applied and were left without an answer:
    /// the ruling takes their absence as a fact (e.g. chips enough behind),
    /// and the card says so.
    unset: BTreeSet<String>,
}

impl Answers {
    /// The answer to `id`, if any.
    pub fn get(&self, id: &str) -> Option<&Answer> {
        self.map.get(id).map(|(a, _)| a)
    }

    /// Where the answer to `id` came from.
    pub fn origin(&self, id: &str) -> Option<Origin> {
        self.map.get(id).map(|(_, o)| *o)
    }

    /// Every answer, by id.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Answer, Origin)> {
        self.map.iter().map(|(k, (a, o))| (k.as_str(), a, *o))
    }

    /// Sets an answer (tests and callers that build answers directly).
    pub fn insert(&mut self, id: &str, answer: Answer, origin: Origin) {
        self.unset.remove(id);
        self.map.insert(id.to_string(), (answer, origin));
    }

    /// Forgets the answer to `id` (a default the ruling did not need).
    pub fn forget(&mut self, id: &str) {
        self.map.remove(id);
    }

    /// The optional questions that applied and were left unanswered.
    pub fn unset(&self) -> impl Iterator<Item = &str> {
        self.unset.iter().map(String::as_str)
    }

    fn remove(&mut self, id: &str) {
        self.unset.remove(id);
        self.map.remove(id);
    }

    fn is_unset(&self, id: &str) -> bool {
        self.unset.contains(id)
    }

    fn leave_unset(&mut self, id: &str) {
        self.map.remove(id);
        self.unset.insert(id.to_string());
    }
}

/// What an answer source says to a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// An answer in text form, to be parsed by the question.
    Value(String),
    /// No answer: use the default (or report it missing).
    Default,
    /// Go back to the previous question.
    Back,
    /// An answer given as a typed value (a program asking, not a person):
    /// the question checks it, no text is parsed.
    Typed(Answer),
}

/// Where answers come from.
pub trait AnswerSource {
    /// The answer to `question`; `default` is the value that applies if none
    /// is given, in text form.
    fn reply(&mut self, question: &Question, default: Option<&str>) -> Result<Reply, WalkError>;

    /// The last reply did not parse; an interactive source shows `problem`
    /// and the walk asks again. A scripted source fails (the default).
    fn rejected(
        &mut self,
        question: &Question,
        value: &str,
        problem: &Message,
    ) -> Result<(), WalkError> {
        Err(WalkError::Invalid {
            key: question.id.clone(),
            value: value.to_string(),
            problem: problem.clone(),
        })
    }

    /// Whether detail questions are put to this source (scripted sources,
    /// the default, are always asked: they answer from what was given).
    fn asks_details(&self) -> bool {
        true
    }
}

/// Walks `tree`, asking `source`.
pub fn walk(tree: &Tree, source: &mut dyn AnswerSource) -> crate::Result<Answers> {
    walk_from(tree, source, Answers::default(), None)
}

/// Walks `tree` from the answers already known (`seed`): questions answered
/// by the event's settings are not asked; with `start`, the walk resumes at
/// that question (to ask it again after the ruling refused its answer or
/// found it needed), every earlier answer kept and reachable by going back;
/// after it, only questions not answered before are asked. An answer given
/// before is offered as the default when its question comes again.
///
/// Which questions are put to a terminal: every question that applies,
/// except a `detail` question and one whose `ask` conditions do not hold;
/// those are left to their default (or to no answer) because on the paths
/// they are left on their answer cannot change the outcome or an amount
/// (`tests/it/skipped.rs` proves it path by path). Where only the ruling
/// can tell that such an answer decides the case, it refuses to rule
/// without it, naming the question, and the walk resumes there: the
/// question at `start` is always put to the source.
pub fn walk_from(
    tree: &Tree,
    source: &mut dyn AnswerSource,
    seed: Answers,
    start: Option<&str>,
) -> crate::Result<Answers> {
    let mut answers = seed;
    let mut asked: Vec<usize> = Vec::new();
    let mut missing = Vec::new();
    let mut index = 0;
    let mut start_at = None;
    if let Some(start) = start {
        let at = tree
            .questions
            .iter()
            .position(|q| q.id == start)
            .unwrap_or(0);
        start_at = Some(at);
        asked = (0..at)
            .filter(|i| {
                tree.questions.get(*i).is_some_and(|q| {
                    applies(q, &answers) && answers.origin(&q.id) == Some(Origin::Given)
                })
            })
            .collect();
        index = at;
    }

    while let Some(question) = tree.questions.get(index) {
        if !applies(question, &answers) {
            answers.remove(&question.id);
            index += 1;
            continue;
        }
        if matches!(
            answers.origin(&question.id),
            Some(Origin::Setting | Origin::Hand)
        ) {
            index += 1;
            continue;
        }
        // Resumed after the question the ruling needed: the answers given
        // before stand and are not asked again; a default follows the
        // answers it comes from. Only a question that now applies for the
        // first time is asked.
        if start_at.is_some_and(|at| index > at) {
            match answers.origin(&question.id) {
                Some(Origin::Given) => {
                    index += 1;
                    continue;
                }
                Some(Origin::Default) => {
                    if let Some(Ok(answer)) =
                        default_for(question, &answers).map(|d| question.parse(&d))
                    {
                        answers.insert(&question.id, answer, Origin::Default);
                        index += 1;
                        continue;
                    }
                }
                _ if answers.is_unset(&question.id) => {
                    index += 1;
                    continue;
                }
                _ => {}
            }
        }
        let default = match (answers.get(&question.id), answers.origin(&question.id)) {
            (Some(previous), Some(Origin::Given)) => Some(previous.canonical()),
            _ => default_for(question, &answers),
        };
        // A detail question is left to its default, unless it has none to
        // give; so is a question whose `ask` conditions do not hold, on a
        // terminal; but not the question the ruling needs (`start`).
        let at_start = start.is_some_and(|s| s == question.id);
        let quiet = (question.detail
            || !question
                .ask
                .iter()
                .all(|(key, condition)| condition.holds(answers.get(key))))
            && !source.asks_details()
            && !at_start;
        let use_default = quiet && (default.is_some() || question.optional);
        let reply = if use_default {
            Reply::Default
        } else {
            source.reply(question, default.as_deref())?
        };
        match reply {
            Reply::Back => {
                if let Some(previous) = asked.pop() {
                    index = previous;
                } else {
                    return Err(WalkError::BackToStart.into());
                }
                continue;
            }
            Reply::Value(raw) => match question.parse(&raw) {
                Ok(answer) => answers.insert(&question.id, answer, Origin::Given),
                Err(problem) => {
                    source.rejected(question, &raw, &problem.0)?;
                    continue;
                }
            },
            Reply::Typed(answer) => match question.check(&answer) {
                Ok(read) => answers.insert(&question.id, read, Origin::Given),
                Err(problem) => {
                    return Err(WalkError::Invalid {
                        key: question.id.clone(),
                        value: answer.canonical(),
                        problem: problem.0,
                    }
                    .into());
                }
            },
            Reply::Default => match default.as_deref().map(|d| question.parse(d)) {
                Some(Ok(answer)) => answers.insert(&question.id, answer, Origin::Default),
                Some(Err(problem)) => {
                    return Err(WalkError::Invalid {
                        key: question.id.clone(),
                        value: default.unwrap_or_default(),
                        problem: Message::new(Msg::BadDefault).nested("problem", problem.0),
                    }
                    .into());
                }
                None if question.optional => answers.leave_unset(&question.id),
                None => missing.push(question.id.clone()),
            },
        }
        if !use_default {
            asked.push(index);
        }
        index += 1;
    }
    if missing.is_empty() {
        Ok(answers)
    } else {
        Err(WalkError::Missing(missing).into())
    }
}

/// Whether every `when` condition of `question` holds.
pub fn applies(question: &Question, answers: &Answers) -> bool {
    question
        .when
        .iter()
        .all(|(key, condition)| condition.holds(answers.get(key)))
}

/// The default that applies to `question` given the earlier answers.
pub fn default_for(question: &Question, answers: &Answers) -> Option<String> {
    if let Some(d) = &question.default {
        return Some(d.clone());
    }
    question
        .default_from
        .iter()
        .find_map(|key| match answers.get(key) {
            Some(Answer::Amount(n)) if *n > 0 => Some(n.to_string()),
            _ => None,
        })
}

/// Answers a program gives as typed values, by question id (`floor hand`
/// asking the incidents that rule its irregular actions): never prompts.
pub struct TypedAnswers {
    values: BTreeMap<&'static str, Answer>,
}

impl TypedAnswers {
    /// Checks that every key is a question of `tree` (a question renamed in
    /// the tree fails here, not by being left to its default).
    pub fn new(
        tree: &Tree,
        values: impl IntoIterator<Item = (&'static str, Answer)>,
    ) -> crate::Result<Self> {
        let values: BTreeMap<&'static str, Answer> = values.into_iter().collect();
        if let Some(key) = values.keys().find(|k| tree.question(k).is_none()) {
            return Err(WalkError::UnknownKey {
                key: key.to_string(),
                incident: tree.id.clone(),
                valid: tree.questions.iter().map(|q| q.id.clone()).collect(),
            }
            .into());
        }
        Ok(TypedAnswers { values })
    }
}

impl AnswerSource for TypedAnswers {
    fn reply(&mut self, question: &Question, _default: Option<&str>) -> Result<Reply, WalkError> {
        Ok(match self.values.get(question.id.as_str()) {
            Some(answer) => Reply::Typed(answer.clone()),
            None => Reply::Default,
        })
    }
}

/// Answers given as `KEY=VALUE` (and from a file): never prompts.
pub struct GivenAnswers {
    values: BTreeMap<String, String>,
}

impl GivenAnswers {
    /// Checks that every key is a question of `tree`.
    pub fn new(tree: &Tree, values: BTreeMap<String, String>) -> crate::Result<Self> {
        if let Some(key) = values.keys().find(|k| tree.question(k).is_none()) {
            return Err(WalkError::UnknownKey {
                key: key.clone(),
                incident: tree.id.clone(),
                valid: tree.questions.iter().map(|q| q.id.clone()).collect(),
            }
            .into());
        }
        Ok(GivenAnswers { values })
    }
}

impl AnswerSource for GivenAnswers {
    /// An empty value (`KEY=`) is no answer, as Enter on an empty line is
    /// at the prompt: the question's default, or for an optional question
    /// what its help says empty means. Several choices are the exception,
    /// as at the prompt: none ticked is the answer "none".
    fn reply(&mut self, question: &Question, _default: Option<&str>) -> Result<Reply, WalkError> {
        Ok(match self.values.get(&question.id) {
            Some(v) if v.trim().is_empty() && question.kind != Kind::MultiChoice => Reply::Default,
            Some(v) => Reply::Value(v.clone()),
            None => Reply::Default,
        })
    }
}
