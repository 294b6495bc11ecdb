//! A hand killed by the dealer's mistake, or fouled (incident
//! `accidentally-killed-hand`).
//!
//! Concept `accidentally-killed-hands`: TDA 2019 rule 65. An uncalled bet
//! of a dead hand goes back to the player: where the edition's rule does
//! not say so (Pokerpunt 65-A names no uncalled bet), the card says the
//! return is TDA practice.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::poker::Chips;
use crate::rules::concepts::{self as c};

/// The `accidentally-killed-hand` incident.
pub struct AccidentallyKilledHand;

/// The answers of `accidentally-killed-hand`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The hand can be identified with 100% certainty.
    pub identifiable: bool,
    /// The player's bet or raise nobody called (asked when the hand is
    /// dead).
    pub uncalled: Option<Chips>,
}

impl Incident for AccidentallyKilledHand {
    const ID: &'static str = "accidentally-killed-hand";
    type Answers = Answers;
    type Outcome = KilledOutcome;
    type Amounts = Amounts;
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &["killed-uncalled-returned"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<AccidentallyKilledHand>, Error> {
        let uncalled = match (a.identifiable, a.uncalled) {
            (true, _) => 0,
            (false, Some(uncalled)) => uncalled,
            (false, None) => return Err(super::answer_needed("uncalled")),
        };
        let r = killed_hand(a.identifiable, uncalled);
        let outcome = if r.live {
            KilledOutcome::Live
        } else {
            KilledOutcome::Dead
        };
        let mut d =
            Decision::<AccidentallyKilledHand>::new(outcome, vec![c::ACCIDENTALLY_KILLED_HANDS]);
        d.amounts.returned = r.returned;
        if r.returned > 0 && !cx.states("killed-uncalled-returned")? {
            d.notes.push(Note::UncalledReturnedPractice);
        }
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `accidentally-killed-hand`.
    pub enum Note {
        /// The edition's rule names no uncalled bet: returned as TDA practice.
        UncalledReturnedPractice = "killed_uncalled_practice",
    }
}

/// The amounts of `accidentally-killed-hand`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The uncalled bet or raise returned to the player of a dead hand.
    pub returned: Chips,
}

crate::outcomes! {
    /// The outcomes of `accidentally-killed-hand`.
    pub enum KilledOutcome {
        /// The hand stays in play.
        Live => [ACCIDENTALLY_KILLED_HANDS],
        /// The hand is dead.
        Dead => [ACCIDENTALLY_KILLED_HANDS],
    }
}

/// An accidentally killed or fouled hand (TDA 2019 rule 65).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KilledHand {
    /// The hand can still be identified with certainty and stays in play.
    pub live: bool,
    /// Chips returned: a bet or raise the player made that nobody called.
    pub returned: Chips,
}

/// Rules on a hand the dealer killed by mistake or that was fouled.
///
/// If the hand can be identified with 100% certainty it remains in play.
/// Otherwise the player has no redress and gets back only a bet or raise he
/// made that was not called (`uncalled`).
///
/// ```
/// use floor::incidents::accidentally_killed_hand::killed_hand;
/// assert!(killed_hand(true, 0).live);
/// let dead = killed_hand(false, 800);
/// assert!(!dead.live);
/// assert_eq!(dead.returned, 800);
/// ```
pub fn killed_hand(identifiable: bool, uncalled: Chips) -> KilledHand {
    if identifiable {
        KilledHand {
            live: true,
            returned: 0,
        }
    } else {
        KilledHand {
            live: false,
            returned: uncalled,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killed_hands_return_only_uncalled_chips() {
        assert_eq!(
            killed_hand(false, 0),
            KilledHand {
                live: false,
                returned: 0
            }
        );
        assert_eq!(
            killed_hand(true, 500),
            KilledHand {
                live: true,
                returned: 0
            }
        );
    }
}
