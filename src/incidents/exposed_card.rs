//! A player exposed his cards (incident `exposed-card`).
//!
//! Concepts `exposing-cards` and `penalties` (TDA 2019 rule 68), or
//! `face-up-all-in` when no action is pending.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c};

/// The `exposed-card` incident.
pub struct ExposedCard;

/// The answers of `exposed-card`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// Action is still pending.
    pub action_pending: bool,
}

impl Incident for ExposedCard {
    const ID: &'static str = "exposed-card";
    type Answers = Answers;
    type Outcome = ExposedOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<ExposedCard>, Error> {
        // With action pending the penalty rule applies; with none, the
        // hands are tabled anyway (face up for all-ins).
        Ok(if exposure_penalty_applies(a.action_pending) {
            Decision::<ExposedCard>::new(
                ExposedOutcome::PenaltyHandLive,
                vec![c::EXPOSING_CARDS, c::PENALTIES],
            )
        } else {
            Decision::<ExposedCard>::new(
                ExposedOutcome::NoPenalty,
                vec![c::EXPOSING_CARDS, c::FACE_UP_ALL_IN],
            )
        })
    }
}

crate::outcomes! {
    /// The outcomes of `exposed-card`.
    pub enum ExposedOutcome {
        /// A penalty is possible; the hand stays live.
        PenaltyHandLive => [EXPOSING_CARDS, PENALTIES],
        /// All-in with betting complete: no penalty.
        NoPenalty => [EXPOSING_CARDS, FACE_UP_ALL_IN],
    }
}

/// A player exposed a card (TDA 2019 rule 68): with action pending it may be
/// penalized (the penalty starts at the end of the hand) but the hand is not
/// dead; with no action pending (all-in and betting complete) there is no
/// penalty.
pub fn exposure_penalty_applies(action_pending: bool) -> bool {
    action_pending
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exposure_with_action_pending_is_penalized_but_live() {
        assert!(exposure_penalty_applies(true));
        assert!(!exposure_penalty_applies(false));
    }
}
