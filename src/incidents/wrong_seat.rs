//! A player in the wrong seat (incident `wrong-seat`).
//!
//! Concept `random-seating`: rule 7 (6 in pokerpunt-nl and tda-2015-de). A
//! player who started in a wrong seat moves to the right one with the chips
//! he has now. onk-2023-nl, pokerpunt-nl, tda-2015-de and dpc-2019-en say it
//! of a player who started "with a correct chip stack" ("met het correcte
//! aantal chips", "mit einem korrekten Anfangsstack"; provision
//! `seating-correct-stack`): any other case is not covered and the floor
//! decides (rule 1). tda-2019-sk has no such condition: any player who sat
//! in a wrong seat moves with his stack. pokerpunt-nl alone forbids
//! swapping seats in words (`seating-no-swap`).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;

/// The `wrong-seat` incident.
pub struct WrongSeat;

/// The answers of `wrong-seat`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// He started with the correct starting stack (asked where the
    /// edition's rule has that condition).
    pub correct_stack: Option<bool>,
}

crate::notes! {
    /// The notes of `wrong-seat`.
    pub enum Note {
        /// The edition's rule moves him whatever stack he started with.
        AnyStack = "any_stack",
    }
}

impl Incident for WrongSeat {
    const ID: &'static str = "wrong-seat";
    type Answers = Answers;
    type Outcome = SeatOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &["seating-correct-stack", "seating-no-swap"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<WrongSeat>, Error> {
        let conditional = cx.states("seating-correct-stack")?;
        let correct_stack = match (conditional, a.correct_stack) {
            (true, Some(answer)) => answer,
            (true, None) => {
                return Err(crate::engine::missing_answers(
                    Self::ID,
                    &[("correct_stack".to_string(), String::new())],
                ));
            }
            // The rule moves him whatever he started with: not asked.
            (false, _) => true,
        };
        let outcome = wrong_seat(correct_stack, conditional);
        let mut d = Decision::<WrongSeat>::plain(outcome);
        d.discretion = Some(outcome == SeatOutcome::TdDecides);
        if outcome == SeatOutcome::MoveWithStack {
            if !conditional {
                d.notes.push(Note::AnyStack);
            }
            if cx.states("seating-no-swap")? {
                d.remedy_variant = Some("no-swap");
            }
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `wrong-seat` incident.
    pub enum SeatOutcome {
        /// He moves to his own seat with the chips he has now.
        MoveWithStack => [RANDOM_SEATING],
        /// The rule does not cover his case: the floor decides.
        TdDecides => [RANDOM_SEATING, FLOOR_DECISIONS],
    }
}

/// Rules on a player in a wrong seat, where the edition's rule covers only
/// a player who started with the correct stack (`conditional`) or any.
///
/// ```
/// use floor::incidents::wrong_seat::{wrong_seat, SeatOutcome};
/// assert_eq!(wrong_seat(false, true), SeatOutcome::TdDecides);
/// assert_eq!(wrong_seat(false, false), SeatOutcome::MoveWithStack);
/// ```
pub fn wrong_seat(correct_stack: bool, conditional: bool) -> SeatOutcome {
    if correct_stack || !conditional {
        SeatOutcome::MoveWithStack
    } else {
        SeatOutcome::TdDecides
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::rule_in;

    // onk-2023-nl 7 "maar met het correcte aantal chips"; tda-2019-sk 7 "Hráč, ktorý sa
    // usadil na nesprávne miesto, bude presunutý ... aj so svojim stackom" (no condition).
    #[test]
    fn a_wrong_stack_is_covered_only_where_the_rule_has_no_condition() {
        for (edition, wrong_stack_rules) in [
            ("onk-2023-nl", SeatOutcome::TdDecides),
            ("pokerpunt-nl", SeatOutcome::TdDecides),
            ("tda-2015-de", SeatOutcome::TdDecides),
            ("tda-2019-sk", SeatOutcome::MoveWithStack),
            ("dpc-2019-en", SeatOutcome::TdDecides),
        ] {
            let wrong = rule_in::<WrongSeat>(
                edition,
                Answers {
                    correct_stack: Some(false),
                },
            )
            .unwrap();
            assert_eq!(wrong.outcome, wrong_stack_rules, "{edition}");
            let right = rule_in::<WrongSeat>(
                edition,
                Answers {
                    correct_stack: Some(true),
                },
            )
            .unwrap();
            assert_eq!(right.outcome, SeatOutcome::MoveWithStack, "{edition}");
            assert_eq!(
                right.remedy_variant == Some("no-swap"),
                edition == "pokerpunt-nl",
                "{edition}"
            );
        }
    }
}
