//! A caller given a wrong count (incident `wrong-count`): who is bound to
//! what, and what a player facing an all-in may ask for before acting.
//!
//! Owns the decisions of TDA 2019 rule 49 (accepted action; TDA 2015 rule
//! 49, Pokerpunt 53) and rule 60 (a count of an opponent's stack; TDA 2015
//! rule 55). A caller who asked for a count, was told a wrong one by the
//! dealer or a player, and then called or pushed out that amount is bound
//! to the correct bet or all-in, whoever gave the count. Before he acts, he
//! is owed a precise count only facing an all-in; three editions add "when
//! it is his turn" to rule 60, and the Slovak TDA 2019 says so in its
//! procedure OP-12 (parameter `count_request_in_turn`).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Chips;
use crate::rules::concepts::{self as c};

/// The `wrong-count` incident.
pub struct WrongCount;

/// The answers of `wrong-count`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// He called on the count he was given (said "call" or pushed it out).
    pub called: bool,
    /// The total he was told.
    pub count_given: Option<Chips>,
    /// The bet's (or all-in's) real total.
    pub correct_total: Option<Chips>,
    /// His chips before calling, his chips in front this round included;
    /// not given: he covers the correct total.
    pub stack: Option<Chips>,
    /// Not yet acted: the bet he faces is an all-in.
    pub facing_all_in: Option<bool>,
    /// Facing an all-in: it is his turn to act (asked where the edition
    /// gives a precise count only then).
    pub his_turn: Option<bool>,
}

crate::outcomes! {
    /// The outcomes of `wrong-count`.
    pub enum CountOutcome {
        /// He is bound to the correct total.
        CorrectAmount => [ACCEPTED_ACTION, CHIP_COUNT],
        /// The correct total is more than he has: he is all-in.
        AllIn => [ACCEPTED_ACTION, CHIP_COUNT],
        /// He has not called: he is owed a precise count (he faces an all-in).
        Recount => [CHIP_COUNT, ACCEPTED_ACTION],
        /// He has not called and faces no all-in: a reasonable estimate only.
        Estimate => [CHIP_COUNT, CHIPS_VISIBLE],
        /// He faces an all-in, but it is not his turn, and the edition gives a
        /// precise count only then: an estimate until it is.
        NotHisTurn => [CHIP_COUNT, CHIPS_VISIBLE],
    }
}

/// What a caller given a wrong count is bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// Correct amount, or all-in.
    pub outcome: CountOutcome,
    /// His total for the round once he has called.
    pub total: Chips,
    /// What he adds when he had put out the counted amount.
    pub to_add: Chips,
    /// What comes back when the count was too high and he put it out.
    pub returned: Chips,
}

/// Rules on a call made on a wrong count (TDA 49: "subject to the correct
/// wager or all-in amount"). `stack` is the caller's chips before the call,
/// his chips in front included (`None`: enough).
///
/// Errors: `count_given` when the count was right, `stack` when he could
/// not have put out the counted amount.
///
/// ```
/// use floor::incidents::wrong_count::{CountOutcome, bound};
///
/// // Told 6200, the all-in is 8400, he called with 20000: he adds 2200.
/// let b = bound(6200, 8400, Some(20000)).unwrap();
/// assert_eq!((b.outcome, b.total, b.to_add), (CountOutcome::CorrectAmount, 8400, 2200));
/// // With 7000 he is all-in for 7000.
/// assert_eq!(bound(6200, 8400, Some(7000)).unwrap().total, 7000);
/// ```
pub fn bound(count_given: Chips, correct: Chips, stack: Option<Chips>) -> Result<Bound, Error> {
    if count_given == correct {
        return Err(Error::input(
            "count_given",
            Message::new(Msg::CountWasRight).arg("total", correct),
        ));
    }
    if let Some(stack) = stack
        && stack < count_given.min(correct)
    {
        return Err(Error::input(
            "stack",
            Message::new(Msg::CountStackShort)
                .arg("stack", stack)
                .arg("count", count_given.min(correct)),
        ));
    }
    let (outcome, total) = match stack {
        Some(stack) if stack < correct => (CountOutcome::AllIn, stack),
        _ => (CountOutcome::CorrectAmount, correct),
    };
    Ok(Bound {
        outcome,
        total,
        to_add: total.saturating_sub(count_given),
        returned: count_given.saturating_sub(total),
    })
}

impl Incident for WrongCount {
    const ID: &'static str = "wrong-count";
    type Answers = Answers;
    type Outcome = CountOutcome;
    type Amounts = Amounts;
    type Extra = ();
    type Note = Notes;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<WrongCount>, Error> {
        if !a.called {
            let all_in = a
                .facing_all_in
                .ok_or_else(|| super::answer_needed("facing_all_in"))?;
            if !all_in {
                return Ok(Decision::<WrongCount>::new(
                    CountOutcome::Estimate,
                    vec![c::CHIP_COUNT, c::CHIPS_VISIBLE],
                ));
            }
            // Silence sets no turn condition (see the parameter).
            let in_turn_only = cx.params.count_request_in_turn() == Some(true);
            if in_turn_only && !a.his_turn.ok_or_else(|| super::answer_needed("his_turn"))? {
                let mut d = Decision::<WrongCount>::new(
                    CountOutcome::NotHisTurn,
                    vec![c::CHIP_COUNT, c::CHIPS_VISIBLE],
                );
                // The rule that sets the turn condition decides (OP-12 where
                // rule 60 names the all-in only).
                if let Some(concept) = cx.concept_stating("count_request_in_turn") {
                    d.decided_by(concept);
                }
                return Ok(d);
            }
            let mut d = Decision::<WrongCount>::new(
                CountOutcome::Recount,
                vec![c::CHIP_COUNT, c::ACCEPTED_ACTION],
            );
            if in_turn_only {
                d.notes.push(Notes::CountInTurn);
            }
            return Ok(d);
        }
        let given = a
            .count_given
            .ok_or_else(|| super::answer_needed("count_given"))?;
        let correct = a
            .correct_total
            .ok_or_else(|| super::answer_needed("correct_total"))?;
        let b = bound(given, correct, a.stack)?;
        let mut d = Decision::<WrongCount>::new(b.outcome, vec![c::ACCEPTED_ACTION, c::CHIP_COUNT]);
        d.amounts = Amounts {
            total: Some(b.total),
            to_add: (b.to_add > 0).then_some(b.to_add),
            returned: (b.returned > 0).then_some(b.returned),
        };
        if a.stack.is_none() {
            d.notes.push(Notes::CountCovers { total: correct });
        }
        Ok(d)
    }
}

/// The amounts of `wrong-count`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The player's total as ruled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<Chips>,
    /// Chips he adds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_add: Option<Chips>,
    /// Chips given back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returned: Option<Chips>,
}

crate::notes! {
    /// The notes of `wrong-count`.
    pub enum Notes {
        /// The edition allows a precise count only in turn.
        CountInTurn = "count_in_turn",
        /// His chips cover the correct total (none given: taken as so).
        CountCovers { total: Chips } = "count_covers",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(edition: &str, a: Answers) -> Decision<WrongCount> {
        super::super::rule_in::<WrongCount>(edition, a).unwrap()
    }

    fn called(given: Chips, correct: Chips, stack: Option<Chips>) -> Answers {
        Answers {
            called: true,
            count_given: Some(given),
            correct_total: Some(correct),
            stack,
            facing_all_in: None,
            his_turn: None,
        }
    }

    // dpc-2019-en rule 49: "the caller has accepted the full correct action & is subject to the
    // correct wager or all-in amount."
    #[test]
    fn dpc_2019_en_r49_the_caller_is_bound_to_the_correct_all_in() {
        let d = rule("dpc-2019-en", called(6200, 8400, None));
        assert_eq!(d.outcome, CountOutcome::CorrectAmount);
        assert_eq!(
            d.named_amounts(),
            [("total".to_string(), 8400), ("to_add".to_string(), 2200)]
        );
        assert_eq!(d.cites, [c::ACCEPTED_ACTION, c::CHIP_COUNT]);
        assert_eq!(d.notes.len(), 1);
    }

    // pokerpunt-nl rule 53: "De caller accepteert hier automatisch dus het correcte bedrag.
    // Dit geldt ook voor all-in situaties."
    #[test]
    fn pokerpunt_nl_r53_a_count_too_high_gives_chips_back() {
        let d = rule("pokerpunt-nl", called(9000, 8400, Some(20000)));
        assert_eq!(
            d.named_amounts(),
            [("total".to_string(), 8400), ("returned".to_string(), 600)]
        );
        assert!(d.notes.is_empty());
    }

    #[test]
    fn short_caller_is_all_in() {
        let d = rule("onk-2023-nl", called(6200, 8400, Some(7000)));
        assert_eq!(d.outcome, CountOutcome::AllIn);
        assert_eq!(d.named_amounts()[0], ("total".to_string(), 7000));
    }

    // tda-2015-de rule 55: "wenn er an der Reihe ist und einem All-In gegenübersteht";
    // tda-2019-sk rule 60 names the all-in only, its OP-12 the turn: "All-in hodnota sa
    // počíta iba na vyžiadanie hráča, ktorý práve čelí akcií"; pokerpunt-nl 60 the all-in only.
    #[test]
    fn recount_only_facing_an_all_in_and_in_turn_where_the_edition_says_so() {
        let not_yet = |all_in, his_turn| Answers {
            called: false,
            count_given: None,
            correct_total: None,
            stack: None,
            facing_all_in: Some(all_in),
            his_turn,
        };
        let de = rule("tda-2015-de", not_yet(true, Some(true)));
        assert_eq!(de.outcome, CountOutcome::Recount);
        assert_eq!(de.notes.len(), 1);
        // Not his turn yet: no precise count in the editions that say so,
        // each citing the rule that does.
        for (edition, decided_by) in [
            ("tda-2015-de", "chip-count"),
            ("onk-2023-nl", "chip-count"),
            ("dpc-2019-en", "chip-count"),
            ("tda-2019-sk", "dealers-announce-bets"),
        ] {
            let early = rule(edition, not_yet(true, Some(false)));
            assert_eq!(early.outcome, CountOutcome::NotHisTurn, "{edition}");
            assert_eq!(early.cites, [c::CHIP_COUNT, c::CHIPS_VISIBLE]);
            assert_eq!(early.decided_by.as_deref(), Some(decided_by), "{edition}");
            let unasked = super::super::rule_in::<WrongCount>(edition, not_yet(true, None));
            assert_eq!(unasked.unwrap_err().input_key(), Some("his_turn"));
        }
        // Pokerpunt names the all-in only: no turn condition is added.
        let pokerpunt = rule("pokerpunt-nl", not_yet(true, None));
        assert_eq!(pokerpunt.outcome, CountOutcome::Recount);
        assert!(pokerpunt.notes.is_empty());
        assert_eq!(
            rule("tda-2019-sk", not_yet(false, None)).outcome,
            CountOutcome::Estimate
        );
    }

    #[test]
    fn a_right_count_or_an_impossible_stack_names_the_answer() {
        assert_eq!(
            bound(8400, 8400, None).unwrap_err().input_key(),
            Some("count_given")
        );
        assert_eq!(
            bound(6200, 8400, Some(5000)).unwrap_err().input_key(),
            Some("stack")
        );
        let max = bound(0, u64::MAX, None).unwrap();
        assert_eq!(max.to_add, u64::MAX);
    }
}
