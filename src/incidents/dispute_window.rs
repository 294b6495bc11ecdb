//! Whether the result of a hand can still be disputed (incident
//! `dispute-window`).
//!
//! Concept `disputed-pots`: TDA 2019 rule 22 (TDA 2015 rule 21), with
//! `new-hand-new-limits` for when the next hand begins.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::rules::concepts::{self as c};

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
    type Amounts = Amounts;
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<DisputeWindow>, Error> {
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
        // Only what the case turns on is read: the break's minutes for a
        // hand ended at a break, the accounting window for an accounting
        // error (each noted on the card where the edition states none).
        let window = if a.during_break {
            DisputeWindows {
                break_minutes: u64::from(cx.params.dispute_break_minutes().get()),
                accounting: DisputeAccountingWindow::UntilSubstantialAction,
            }
        } else {
            DisputeWindows {
                break_minutes: 0,
                accounting: match a.dispute {
                    Dispute::Accounting => cx.params.dispute_accounting_window(),
                    Dispute::Reading => DisputeAccountingWindow::NextHand,
                },
            }
        };
        let open = dispute_open(a.dispute, timing, window)?;
        let outcome = if open {
            DisputeOutcome::Open
        } else {
            DisputeOutcome::Closed
        };
        let mut d = Decision::<DisputeWindow>::new(outcome, vec![c::DISPUTED_POTS]);
        if a.during_break {
            d.amounts.break_minutes = Some(window.break_minutes);
        }
        Ok(d)
    }
}

/// The amounts of `dispute-window` (in minutes).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// A dispute during a break: the break's length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub break_minutes: Option<u64>,
}

crate::outcomes! {
    /// The outcomes of `dispute-window`.
    pub enum DisputeOutcome {
        /// The dispute is still open.
        Open => [DISPUTED_POTS, NEW_HAND_NEW_LIMITS],
        /// Too late: the result stands.
        Closed => [DISPUTED_POTS, NEW_HAND_NEW_LIMITS],
    }
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

pub use crate::rules::vocab::DisputeAccountingWindow;

/// An edition's dispute windows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DisputeWindows {
    /// Minutes after the award for a hand that ended at a break.
    pub break_minutes: u64,
    /// Until when an accounting error can be disputed.
    pub accounting: DisputeAccountingWindow,
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
/// the next hand where the edition says so (TDA 2015 rule 21 has no such
/// clause: until the next hand begins); for a hand finished during a break,
/// until `break_minutes` after the pot is awarded.
///
/// Errors: substantial action on a next hand that has not begun.
///
/// ```
/// use floor::incidents::dispute_window::{
///     dispute_open, Dispute, DisputeAccountingWindow, DisputeTiming, DisputeWindows,
/// };
/// let t = DisputeTiming { next_hand_started: true, next_hand_substantial_action: false,
///                         during_break: false, minutes_since_award: 0 };
/// let tda2019 = DisputeWindows { break_minutes: 1,
///                                accounting: DisputeAccountingWindow::UntilSubstantialAction };
/// assert!(!dispute_open(Dispute::Reading, t, tda2019).unwrap());
/// assert!(dispute_open(Dispute::Accounting, t, tda2019).unwrap());
/// let tda2015 = DisputeWindows { accounting: DisputeAccountingWindow::NextHand, ..tda2019 };
/// assert!(!dispute_open(Dispute::Accounting, t, tda2015).unwrap());
/// ```
pub fn dispute_open(
    what: Dispute,
    timing: DisputeTiming,
    windows: DisputeWindows,
) -> Result<bool, Error> {
    if timing.next_hand_substantial_action && !timing.next_hand_started {
        return Err(Error::input(
            "next_hand_substantial_action",
            Message::new(Msg::DisputeNotStarted),
        ));
    }
    if timing.during_break {
        return Ok(timing.minutes_since_award < windows.break_minutes);
    }
    Ok(match (what, windows.accounting) {
        (Dispute::Reading, _) | (Dispute::Accounting, DisputeAccountingWindow::NextHand) => {
            !timing.next_hand_started
        }
        (Dispute::Accounting, DisputeAccountingWindow::UntilSubstantialAction) => {
            !timing.next_hand_substantial_action
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(started: bool, sa: bool, brk: bool, minutes: u64) -> DisputeTiming {
        DisputeTiming {
            next_hand_started: started,
            next_hand_substantial_action: sa,
            during_break: brk,
            minutes_since_award: minutes,
        }
    }

    const TDA_2019: DisputeWindows = DisputeWindows {
        break_minutes: 1,
        accounting: DisputeAccountingWindow::UntilSubstantialAction,
    };

    #[test]
    fn dispute_windows_per_rule_22() {
        let w = TDA_2019;
        assert!(dispute_open(Dispute::Reading, t(false, false, false, 0), w).unwrap());
        assert!(!dispute_open(Dispute::Accounting, t(true, true, false, 0), w).unwrap());
        assert!(dispute_open(Dispute::Reading, t(false, false, true, 0), w).unwrap());
        assert!(!dispute_open(Dispute::Reading, t(false, false, true, 1), w).unwrap());
        assert!(dispute_open(Dispute::Reading, t(false, true, false, 0), w).is_err());
    }

    // tda-2015-de rule 21: "Das Recht eine abgeschlossene Hand anzufechten erlischt sobald
    // eine neue Hand beginnt" - no accounting window until substantial action.
    #[test]
    fn tda_2015_de_r21_an_accounting_error_closes_with_the_next_hand() {
        let de = DisputeWindows {
            accounting: DisputeAccountingWindow::NextHand,
            ..TDA_2019
        };
        assert!(!dispute_open(Dispute::Accounting, t(true, false, false, 0), de).unwrap());
        assert!(dispute_open(Dispute::Accounting, t(false, false, false, 0), de).unwrap());
        // The 2019 rule keeps it open until substantial action.
        assert!(dispute_open(Dispute::Accounting, t(true, false, false, 0), TDA_2019).unwrap());
    }
}
