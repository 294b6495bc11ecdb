//! A player exposed his cards (incident `exposed-card`).
//!
//! Concepts `exposing-cards` and `penalties` (TDA 2019 rule 68), or
//! `face-up-all-in` when no action is pending.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;

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

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<ExposedOutcome>, Error> {
        // With action pending the penalty rule applies; with none, the
        // hands are tabled anyway (face up for all-ins).
        Ok(if exposure_penalty_applies(a.action_pending) {
            Decision::new(
                ExposedOutcome::PenaltyHandLive,
                vec!["exposing-cards", "penalties"],
            )
        } else {
            Decision::new(
                ExposedOutcome::NoPenalty,
                vec!["exposing-cards", "face-up-all-in"],
            )
        })
    }
}

/// The outcomes of `exposed-card`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, strum::IntoStaticStr, strum::VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ExposedOutcome {
    /// A penalty is possible; the hand stays live.
    PenaltyHandLive,
    /// All-in with betting complete: no penalty.
    NoPenalty,
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
