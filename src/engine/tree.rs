//! The shape of a decision tree (`rulings/<incident>.yaml`): questions with
//! kinds, defaults and conditions on earlier answers; outcomes with the
//! concepts they cite and their remedy steps. No arithmetic lives here: the
//! incident's module (registered under the tree's id) rules on its answers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::answer::{self, Answer, Invalid};
use crate::message::{Message, Msg};

/// One incident's decision tree.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Tree {
    /// The incident id (`bet`, `undercall`, ...), equal to the file name.
    pub id: String,
    /// Questions, in the order they are asked.
    pub questions: Vec<Question>,
    /// Every outcome the incident's module can reach.
    pub outcomes: Vec<Outcome>,
    /// The ruling card draws the table (seats and button).
    #[serde(default)]
    pub diagram: bool,
    /// What its outcomes decide: by default a ruling (a hand, chips, a bet,
    /// a penalty); `duty` where they only settle what the staff does (whether
    /// a deck is changed), so that a provision making it rule otherwise is a
    /// difference of duty in `floor compare`, not a change of ruling (★).
    #[serde(default, skip_serializing_if = "Decides::is_ruling")]
    pub decides: Decides,
}

/// What an incident's outcomes decide (see [`Tree::decides`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decides {
    /// A ruling: a hand, chips, a bet or a penalty.
    #[default]
    Ruling,
    /// What the staff does, nothing a player wins, loses or is held to.
    Duty,
}

impl Decides {
    fn is_ruling(&self) -> bool {
        *self == Decides::Ruling
    }
}

/// The kind of answer a question takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// yes or no.
    YesNo,
    /// one of `choices`.
    Choice,
    /// any of `choices`, none included (`a,b`; `none`): asked as one list
    /// to tick.
    MultiChoice,
    /// a chip amount.
    Amount,
    /// a plain count (players, rounds, hands).
    Number,
    /// chip denominations pushed (`1000,500`).
    Chips,
    /// one seat (1-10).
    Seat,
    /// a list of seats (`1,4,7`, `1-10`).
    Seats,
    /// a sequence of actions in the one action grammar.
    Actions,
    /// `SEAT:AMOUNT,...`.
    Contributions,
    /// `ID:PLAYERS,...`.
    Tables,
    /// A player's name as used in an action list (`C`, `BB`, `seat4`).
    Player,
    /// Players' chips, `PLAYER:CHIPS,...`.
    Stacks,
    /// Each seat's upcard, `SEAT:CARD,...` (`2:7c,5:7d`).
    Cards,
}

/// One question.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The answer key (contract: SPEC section 5).
    pub id: String,
    /// What kind of answer it takes.
    pub kind: Kind,
    /// For `choice` and `multi-choice`: the values allowed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
    /// For `multi-choice`: the list parameter that names, per edition,
    /// which of `choices` the edition has (in its order); the others are
    /// not offered in that edition (see [`Tree::for_edition`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices_from: Option<String>,
    /// The edition's values of the parameters the choice texts name
    /// (`{misdeal_boxed_cards}`), set by [`Tree::for_edition`].
    #[serde(skip)]
    pub args: Vec<(String, String)>,
    /// The value used when none is given, in `--answer` form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    /// When no default applies: take the first of these earlier answers
    /// that is given and not zero.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub default_from: Vec<String>,
    /// No answer is needed (the module has a rule for its absence,
    /// e.g. an unlimited stack).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// Asked interactively only on request (`--all-questions`): its default
    /// fits almost every case. Scripted answers may always set it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub detail: bool,
    /// The event setting that answers it when set (`game`): the question
    /// is then not asked, and the card says the setting decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setting: Option<String>,
    /// On a terminal, ask only if every one of these conditions holds too;
    /// otherwise its default (or nothing) applies. Scripted answers may give
    /// it whenever `when` holds (e.g. a bare amount said with `declared:
    /// nothing`, which the walkthrough offers as the choice `number`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ask: BTreeMap<String, Condition>,
    /// Ask only if every condition holds on earlier answers; a key
    /// `param.NAME` is a condition on the edition's parameter NAME (its
    /// stated value, else the TDA practice; `{given: true}`: the edition or
    /// the TDA practice gives it a value), a key `provision.ID: true|false`
    /// on whether the edition states provision ID, for a question that
    /// changes nothing in editions without it, and `provision.ID.TERM:
    /// VALUE` on how it words one term (see [`Tree::for_edition`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub when: BTreeMap<String, Condition>,
    /// For `number`: the smallest and largest values allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u64>,
    /// See `min`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
}

/// A condition on an earlier answer.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Condition {
    /// The answer is one of these (canonical text form).
    AnyOf(Vec<String>),
    /// A comparison.
    Compare(Comparison),
    /// The answer equals this (canonical text form: "yes", "0", "raise").
    Is(String),
    /// A yes-no answer equals this.
    Flag(bool),
}

/// Comparisons for `when`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// The answer is an amount at least this large.
    #[serde(default)]
    pub min: Option<u64>,
    /// The answer is none of these.
    #[serde(default)]
    pub not: Option<Vec<String>>,
    /// The answer was given (or defaulted) at all.
    #[serde(default)]
    pub given: Option<bool>,
}

impl Comparison {
    /// Whether it only asks that a value be given (or not).
    pub fn is_given_only(&self) -> bool {
        self.min.is_none() && self.not.is_none() && self.given.is_some()
    }
}

/// An outcome of the incident.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// The outcome id (contract: SPEC section 5).
    pub id: String,
    /// The concepts it cites, deciding rule first; a `concept#PART` names
    /// the sub-part to quote where the edition has it.
    pub cite: Vec<String>,
    /// The remedy steps, as keys of `incidents.<id>.remedy` in ui.yaml.
    #[serde(default)]
    pub remedy: Vec<String>,
    /// Other remedy steps by name, for an outcome reached by editions whose
    /// texts state different steps: the module names the one that applies.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub variants: BTreeMap<String, Vec<String>>,
    /// The rule leaves the decision to the TD.
    #[serde(default)]
    pub discretion: bool,
}

impl Question {
    /// The text of choice `value` in the UI language, with the numbers it
    /// names (`{misdeal_boxed_cards}`) of the edition (else the TDA
    /// practice, for a tree not decided for an edition).
    pub fn choice_label(&self, ui: &crate::ui::Ui, value: &str) -> String {
        use crate::rules::params::Params;
        let mut label = ui
            .choice(&self.id, value)
            .map_or_else(|| value.to_string(), str::to_string);
        for (k, v) in &self.args {
            label = label.replace(&format!("{{{k}}}"), v);
        }
        for k in Params::KEYS {
            let placeholder = format!("{{{k}}}");
            if label.contains(&placeholder)
                && let Some(v) = Params::default().value_or_tda(k)
            {
                label = label.replace(&placeholder, &crate::rules::provisions::scalar(&v));
            }
        }
        label
    }

    /// A typed answer to this question as the question reads it: the one
    /// validation is the parser's (a choice the tree no longer lists, a
    /// number out of range, the wrong kind fail here, as they would typed
    /// at the prompt).
    pub fn check(&self, answer: &Answer) -> Result<Answer, Invalid> {
        // A list given as its items is checked as items: its text form is
        // for people and files only.
        // An empty list of actions is the round before its first action
        // (`none`): the blinds are the bet faced.
        match (self.kind, answer) {
            (Kind::Actions, Answer::Actions(actions)) => {
                crate::poker::action::check_actions(actions).map_err(Invalid)?;
                Ok(answer.clone())
            }
            (Kind::Stacks, Answer::Stacks(stacks)) => {
                crate::poker::action::check_stacks(stacks).map_err(Invalid)?;
                Ok(answer.clone())
            }
            (Kind::Contributions, Answer::SeatChips(items)) => {
                answer::check_seat_chips(items)?;
                Ok(answer.clone())
            }
            (Kind::Cards, Answer::SeatCards(items)) => {
                answer::check_seat_cards(items)?;
                Ok(answer.clone())
            }
            _ => self.parse(&answer.canonical()),
        }
    }

    /// Reads a reply in text form as this question's kind of answer.
    pub fn parse(&self, raw: &str) -> Result<Answer, Invalid> {
        let raw = raw.trim();
        Ok(match self.kind {
            Kind::YesNo => Answer::Bool(answer::parse_yes_no(raw)?),
            Kind::Choice => Answer::Text(answer::parse_choice(raw, &self.choices)?),
            Kind::MultiChoice => Answer::Choices(answer::parse_choices(raw, &self.choices)?),
            Kind::Amount => Answer::Amount(answer::parse_amount(raw)?),
            Kind::Number => {
                let (lo, hi) = (self.min.unwrap_or(0), self.max.unwrap_or(u64::MAX));
                // Written as an amount is (1.200 is twelve hundred), but a
                // count of minutes, cards or players is no number of chips.
                let n = answer::parse_amount(raw).map_err(|_| {
                    Invalid(
                        Message::new(Msg::AnswerNotCount)
                            .arg("value", raw)
                            .arg("lo", lo)
                            .arg("hi", hi),
                    )
                })?;
                if n < lo || n > hi {
                    return Err(Invalid(
                        Message::new(Msg::AnswerOutOfRange)
                            .arg("value", raw)
                            .arg("lo", lo)
                            .arg("hi", hi),
                    ));
                }
                Answer::Amount(n)
            }
            Kind::Chips => Answer::Chips(answer::parse_chips(raw)?),
            Kind::Seat => Answer::Seat(answer::parse_seat(raw)?),
            Kind::Seats => Answer::Seats(answer::parse_seats(raw)?),
            Kind::Player => {
                if !crate::poker::action::is_player_name(raw) {
                    return Err(Invalid(Message::new(Msg::AnswerPlayer).arg("value", raw)));
                }
                Answer::Text(raw.to_string())
            }
            Kind::Stacks => {
                Answer::Stacks(crate::poker::action::parse_stacks(raw).map_err(Invalid)?)
            }
            Kind::Contributions => Answer::SeatChips(answer::parse_seat_chips(raw)?),
            Kind::Cards => Answer::SeatCards(answer::parse_seat_cards(raw)?),
            Kind::Actions => {
                if raw.is_empty() {
                    return Err(Invalid(Message::new(Msg::AnswerEmptyList)));
                }
                if raw.eq_ignore_ascii_case(NO_ACTIONS) {
                    return Ok(Answer::Actions(Vec::new()));
                }
                Answer::Actions(crate::poker::parse_actions(raw).map_err(Invalid)?)
            }
            Kind::Tables => {
                if raw.is_empty() {
                    return Err(Invalid(Message::new(Msg::AnswerEmptyList)));
                }
                Answer::Text(raw.split_whitespace().collect::<Vec<_>>().join(""))
            }
        })
    }
}

impl Condition {
    /// Whether the condition holds for `answer` (`None`: not answered).
    pub fn holds(&self, answer: Option<&Answer>) -> bool {
        let text = answer.map(Answer::canonical);
        match self {
            Condition::AnyOf(values) => text.is_some_and(|t| values.contains(&t)),
            Condition::Is(value) => text.is_some_and(|t| *value == t),
            Condition::Flag(flag) => matches!(answer, Some(Answer::Bool(b)) if b == flag),
            Condition::Compare(c) => {
                let min_ok = c.min.is_none_or(|min| match answer {
                    Some(Answer::Amount(n)) => *n >= min,
                    _ => false,
                });
                let not_ok = c
                    .not
                    .as_ref()
                    .is_none_or(|values| text.as_ref().is_none_or(|t| !values.contains(t)));
                let given_ok = c.given.is_none_or(|g| g == answer.is_some());
                min_ok && not_ok && given_ok
            }
        }
    }

    /// Whether the condition holds for an edition parameter (`None`: no
    /// value, neither stated nor TDA practice): `{given: BOOL}` asks
    /// whether it has one, any other condition compares its value.
    pub fn holds_for_param(&self, value: Option<&serde_json::Value>) -> bool {
        match (self, value) {
            (Condition::Compare(c), v) if c.is_given_only() => {
                c.given.is_none_or(|g| g == v.is_some())
            }
            (_, Some(v)) => self.holds_for_value(v),
            (_, None) => false,
        }
    }

    /// Whether the condition holds for an edition parameter's value: a
    /// scalar is compared as an answer's text; a list holds when it lists
    /// one of the values.
    pub fn holds_for_value(&self, value: &serde_json::Value) -> bool {
        let text = |v: &serde_json::Value| crate::rules::provisions::scalar(v);
        match (self, value) {
            (Condition::Flag(flag), serde_json::Value::Bool(b)) => flag == b,
            (Condition::AnyOf(values), serde_json::Value::Array(items)) => {
                items.iter().any(|i| values.contains(&text(i)))
            }
            (Condition::AnyOf(values), v) => values.contains(&text(v)),
            (Condition::Is(value), v) => *value == text(v),
            _ => false,
        }
    }

    /// The earlier answers named in the condition (for validation).
    pub fn is_valid_for(&self, kind: Kind) -> bool {
        match self {
            Condition::Flag(_) => kind == Kind::YesNo,
            Condition::Compare(c) if c.min.is_some() => matches!(kind, Kind::Amount | Kind::Number),
            _ => true,
        }
    }
}

/// The prefix of a `when` key that names an edition parameter.
pub const PARAM: &str = "param.";

/// The text form of a round's actions before its first action.
pub const NO_ACTIONS: &str = "none";

/// The prefix of a `when` key that names a provision the edition may state.
pub const PROVISION: &str = "provision.";

/// A `when` key on a provision: `provision.ID` asks whether the edition
/// states it (`true|false`), `provision.ID.TERM` how it words one term
/// (`provision.button-short-replaced.when: one-missing`); the provision and
/// the term, if any.
pub fn provision_key(key: &str) -> Option<(&str, Option<&str>)> {
    let rest = key.strip_prefix(PROVISION)?;
    Some(match rest.split_once('.') {
        Some((id, term)) => (id, Some(term)),
        None => (rest, None),
    })
}

/// Whether a `provision.` condition holds for an edition's provisions
/// (`None`: none read, and no such condition holds).
fn holds_for_provision(
    stated: Option<&crate::rules::provisions::StatedIn>,
    (id, term): (&str, Option<&str>),
    condition: &Condition,
) -> bool {
    use crate::rules::provisions::Term;
    let Some(stated) = stated else {
        return false;
    };
    match (term, condition) {
        (None, Condition::Flag(flag)) => stated.terms(id).is_some() == *flag,
        (None, _) => false,
        (Some(term), condition) => Term::of_id(term)
            .and_then(|t| stated.terms(id)?.get(t))
            .is_some_and(|v| condition.holds_for_value(&serde_json::Value::from(v))),
    }
}

impl Tree {
    /// The tree for an edition whose provisions are not read: a
    /// `provision.ID` condition never holds (see [`Tree::for_edition_stating`]).
    pub fn for_edition(&self, params: &crate::rules::params::Params) -> Tree {
        self.for_edition_stating(params, None)
    }

    /// Whether a question depends on the provisions the edition states.
    pub fn reads_provisions(&self) -> bool {
        self.questions
            .iter()
            .any(|q| q.when.keys().any(|k| k.starts_with(PROVISION)))
    }

    /// The tree for an edition: each `param.NAME` condition is decided on
    /// the edition's parameters (stated, else the TDA practice), each
    /// `provision.ID` condition on the provisions it states (`stated`, its
    /// record). One that holds is dropped; one that does not leaves the
    /// question asked never, as a condition no answer meets. A tree walked
    /// without this step never asks a question with such a condition.
    pub fn for_edition_stating(
        &self,
        params: &crate::rules::params::Params,
        stated: Option<&crate::rules::provisions::StatedIn>,
    ) -> Tree {
        let mut tree = self.clone();
        for q in &mut tree.questions {
            if let Some(name) = &q.choices_from {
                if let Some(serde_json::Value::Array(listed)) = params.value_or_tda(name) {
                    let listed: Vec<String> = listed
                        .iter()
                        .map(crate::rules::provisions::scalar)
                        .collect();
                    q.choices = listed
                        .into_iter()
                        .filter(|c| q.choices.contains(c))
                        .collect();
                }
                // The texts of the choices may name the edition's numbers
                // of the same rule (a threshold).
                let home = crate::rules::params::Params::home(name);
                q.args = crate::rules::params::Params::KEYS
                    .iter()
                    .filter(|k| crate::rules::params::Params::home(k) == home)
                    .filter_map(|k| {
                        let v = params.value_or_tda(k)?;
                        (!v.is_array())
                            .then(|| (k.to_string(), crate::rules::provisions::scalar(&v)))
                    })
                    .collect();
            }
            let mut never = false;
            q.when.retain(|key, condition| {
                let holds = if let Some(name) = key.strip_prefix(PARAM) {
                    condition.holds_for_param(params.value_or_tda(name).as_ref())
                } else if let Some(provision) = provision_key(key) {
                    holds_for_provision(stated, provision, condition)
                } else {
                    return true;
                };
                never |= !holds;
                false
            });
            if never {
                q.when
                    .insert(format!("{PARAM}edition"), Condition::AnyOf(Vec::new()));
            }
        }
        tree
    }

    /// The question with this id.
    pub fn question(&self, id: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.id == id)
    }

    /// The outcome with this id.
    pub fn outcome(&self, id: &str) -> Option<&Outcome> {
        self.outcomes.iter().find(|o| o.id == id)
    }
}

/// Splits `concept#PART` into the concept and the part label.
pub fn cite_parts(cite: &str) -> (&str, Option<&str>) {
    match cite.split_once('#') {
        Some((concept, part)) => (concept, Some(part)),
        None => (cite, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::params::Params;

    fn tree() -> Tree {
        crate::yaml::from_str(
            "id: t\nquestions:\n  - {id: street, kind: choice, choices: [flop, turn]}\n  - {id: burned, kind: yes-no, default: \"yes\", when: {street: [flop], param.premature_flop: [stands-after-action]}}\noutcomes: []\n",
"test")
        .expect("a tree")
    }

    /// A list given as its items passes the checks its text would: a
    /// name that is no player's, a player's chips twice, are refused alike.
    #[test]
    fn a_typed_list_is_checked_as_its_text_would_be() {
        let question = |kind: Kind| -> Question {
            let name = if kind == Kind::Actions {
                "actions"
            } else {
                "stacks"
            };
            crate::yaml::from_str(&format!("{{id: q, kind: {name}}}"), "test").expect("question")
        };
        let cases = [
            (Kind::Actions, "A:bet:100,B:call"),
            (Kind::Actions, "A:bet:100,bad name:call"),
            (Kind::Stacks, "A:100,B:200"),
            (Kind::Stacks, "A:100,A:200"),
        ];
        let mut refused = 0;
        for (kind, text) in cases {
            let q = question(kind);
            let typed = match kind {
                Kind::Actions => Answer::Actions(
                    text.split(',')
                        .map(|item| {
                            let mut parts = item.split(':');
                            crate::poker::Action {
                                player: parts.next().map(str::to_string),
                                kind: parts.next().and_then(|w| w.parse().ok()).expect("kind"),
                                total: parts.next().and_then(|t| t.parse().ok()),
                            }
                        })
                        .collect(),
                ),
                _ => Answer::Stacks(
                    text.split(',')
                        .filter_map(|item| item.split_once(':'))
                        .map(|(n, c)| (n.to_string(), c.parse().expect("chips")))
                        .collect(),
                ),
            };
            assert_eq!(
                q.check(&typed).is_ok(),
                q.parse(text).is_ok(),
                "{text}: typed and text disagree"
            );
            refused += usize::from(q.check(&typed).is_err());
        }
        assert_eq!(refused, 2);
    }

    #[test]
    fn an_edition_condition_is_decided_on_the_editions_parameters() {
        let onk: Params =
            crate::yaml::from_str("premature_flop: stands-after-action", "test").unwrap();
        let burned = |t: &Tree| t.question("burned").map(|q| q.when.clone()).unwrap();
        // Holds: the condition is dropped, the answer conditions stay.
        let for_onk = tree().for_edition(&onk);
        assert_eq!(burned(&for_onk).keys().collect::<Vec<_>>(), ["street"]);
        // Does not hold (here: the TDA practice, redeal): never asked.
        let for_tda = tree().for_edition(&Params::default());
        let mut answers = super::super::walk::Answers::default();
        answers.insert(
            "street",
            Answer::Text("flop".into()),
            super::super::walk::Origin::Given,
        );
        let q = for_tda.question("burned").unwrap();
        assert!(!super::super::walk::applies(q, &answers));
        let q = for_onk.question("burned").unwrap();
        assert!(super::super::walk::applies(q, &answers));
        // A tree not decided for an edition never asks it either.
        let q = tree();
        assert!(!super::super::walk::applies(
            q.question("burned").unwrap(),
            &answers
        ));
    }

    #[test]
    fn a_list_parameter_holds_when_it_lists_a_value() {
        let c = Condition::AnyOf(vec!["joker-in-deck".into()]);
        assert!(c.holds_for_value(&serde_json::json!(["boxed-cards", "joker-in-deck"])));
        assert!(!c.holds_for_value(&serde_json::json!(["boxed-cards"])));
        assert!(Condition::Flag(true).holds_for_value(&serde_json::json!(true)));
        assert!(!Condition::Flag(true).holds_for_value(&serde_json::json!("true")));
    }
}
