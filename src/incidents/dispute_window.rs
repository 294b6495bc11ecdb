//! Whether the result of a hand can still be disputed (incident
//! `dispute-window`).
//!
//! Concept `disputed-pots`: TDA 2019 rule 22 (TDA 2015 rule 21), with
//! `new-hand-new-limits` for when the next hand begins.

use serde::Deserialize;

use crate::error::Error;
use crate::incident::{Cx, Decision, Incident};
use crate::message::{Message, Msg};

/// The `dispute-window` incident.
pub struct DisputeWindow;

/// The answers of `dispute-window`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What is disputed.
    pub dispute: Dispute,
    /// The hand finished during a break.
    pub during_break: bool,
    /// Minutes since the pot was awarded (asked for a hand finished during
    /// a break).
    pub minutes_since_award: Option<u64>,
    /// The next hand has begun (asked otherwise).
    pub next_hand_started: Option<bool>,
    /// Substantial action has occurred on the next hand (asked once it has
    /// begun).
    pub next_hand_substantial_action: Option<bool>,
}

impl Incident for DisputeWindow {
    const ID: &'static str = "dispute-window";
    type Answers = Answers;
    type Outcome = DisputeOutcome;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<DisputeOutcome>, Error> {
        let minutes = u64::from(cx.params.dispute_break_minutes().get());
        let timing = if a.during_break {
            DisputeTiming {
                next_hand_started: false,
                next_hand_substantial_action: false,
                during_break: true,
                minutes_since_award: a
                    .minutes_since_award
                    .ok_or_else(|| super::answer_needed("minutes_since_award"))?,
            }
        } else {
            DisputeTiming {
                next_hand_started: a
                    .next_hand_started
                    .ok_or_else(|| super::answer_needed("next_hand_started"))?,
                next_hand_substantial_action: a.next_hand_substantial_action == Some(true),
                during_break: false,
                minutes_since_award: 0,
            }
        };
        let open = dispute_open(a.dispute, timing, minutes)?;
        let outcome = if open {
            DisputeOutcome::Open
        } else {
            DisputeOutcome::Closed
        };
        let mut d = Decision::new(outcome, vec!["disputed-pots"]);
        d.amount("break_minutes", minutes);
        Ok(d)
    }
}

/// The outcomes of `dispute-window`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, strum::IntoStaticStr, strum::VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum DisputeOutcome {
    /// The dispute is still open.
    Open,
    /// Too late: the result stands.
    Closed,
}

/// What is disputed (TDA 2019 rule 22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dispute {
    /// The reading of a tabled hand.
    Reading,
    /// An accounting error in calculating or awarding the pot.
    Accounting,
}

/// Where play stands when the dispute is raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DisputeTiming {
    /// The next hand has begun (first riffle, shuffler button, dealer push).
    pub next_hand_started: bool,
    /// Substantial action has occurred on the next hand.
    pub next_hand_substantial_action: bool,
    /// The hand finished during a break.
    pub during_break: bool,
    /// Minutes since the pot was awarded (hands finished during a break).
    pub minutes_since_award: u64,
}

/// Whether a dispute is still open (TDA 2019 rule 22): the reading of a hand
/// until the next hand begins; accounting errors until substantial action on
/// the next hand; for a hand finished during a break, until
/// `break_minutes` after the pot is awarded.
///
/// Errors: substantial action on a next hand that has not begun.
///
/// ```
/// use floor::incidents::dispute_window::{dispute_open, Dispute, DisputeTiming};
/// let t = DisputeTiming { next_hand_started: true, next_hand_substantial_action: false,
///                         during_break: false, minutes_since_award: 0 };
/// assert!(!dispute_open(Dispute::Reading, t, 1).unwrap());
/// assert!(dispute_open(Dispute::Accounting, t, 1).unwrap());
/// ```
pub fn dispute_open(
    what: Dispute,
    timing: DisputeTiming,
    break_minutes: u64,
) -> Result<bool, Error> {
    if timing.next_hand_substantial_action && !timing.next_hand_started {
        return Err(Error::input(
            "next_hand_substantial_action",
            Message::new(Msg::DisputeNotStarted),
        ));
    }
    if timing.during_break {
        return Ok(timing.minutes_since_award < break_minutes);
    }
    Ok(match what {
        Dispute::Reading => !timing.next_hand_started,
        Dispute::Accounting => !timing.next_hand_substantial_action,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispute_windows_per_rule_22() {
        let t = |started, sa, brk, minutes| DisputeTiming {
            next_hand_started: started,
            next_hand_substantial_action: sa,
            during_break: brk,
            minutes_since_award: minutes,
        };
        assert!(dispute_open(Dispute::Reading, t(false, false, false, 0), 1).unwrap());
        assert!(!dispute_open(Dispute::Accounting, t(true, true, false, 0), 1).unwrap());
        assert!(dispute_open(Dispute::Reading, t(false, false, true, 0), 1).unwrap());
        assert!(!dispute_open(Dispute::Reading, t(false, false, true, 1), 1).unwrap());
        assert!(dispute_open(Dispute::Reading, t(false, true, false, 0), 1).is_err());
    }
}
