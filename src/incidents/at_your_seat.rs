//! At your seat (incident `at-your-seat`): a player must be in reach of his
//! chair when the last card of the initial deal is dealt.
//!
//! Concept `at-your-seat`: TDA 2019 rule 30.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c};

/// The `at-your-seat` incident.
pub struct AtYourSeat;

/// The answers of `at-your-seat`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The player was at his seat when the last card of the initial deal
    /// was dealt.
    pub at_seat: bool,
}

impl Incident for AtYourSeat {
    const ID: &'static str = "at-your-seat";
    type Answers = Answers;
    type Outcome = SeatOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<AtYourSeat>, Error> {
        let outcome = if at_seat_live(a.at_seat) {
            SeatOutcome::Live
        } else {
            SeatOutcome::DeadHand
        };
        Ok(Decision::<AtYourSeat>::new(outcome, vec![c::AT_YOUR_SEAT]))
    }
}

crate::outcomes! {
    /// The outcomes of `at-your-seat`.
    pub enum SeatOutcome {
        /// The hand is live.
        Live => [AT_YOUR_SEAT],
        /// The hand is dead; posted blinds and antes stay in the pot.
        DeadHand => [AT_YOUR_SEAT],
    }
}

/// Whether a hand is live under the at-your-seat rule (TDA 2019 rule 30): the
/// player must be in reach of his chair when the last card is dealt to all
/// players on the initial deal; otherwise the hand is killed and posted
/// blinds and antes stay in the pot.
pub fn at_seat_live(at_seat_when_last_card_dealt: bool) -> bool {
    at_seat_when_last_card_dealt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_seat_the_hand_is_live() {
        assert!(at_seat_live(true));
        assert!(!at_seat_live(false));
    }
}
