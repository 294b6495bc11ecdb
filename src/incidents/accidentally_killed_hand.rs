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
    const PROVISIONS: &'static [&'static str] = &[
        "killed-uncalled-returned",
        "killed-identifiable-stays",
        "killed-no-redress",
    ];

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
        if r.live && killed_read_as_fouled(cx)? {
            d.notes.push(Note::KilledReadAsFouled);
        }
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `accidentally-killed-hand`.
    pub enum Note {
        /// The edition's rule names no uncalled bet: returned as TDA practice.
        UncalledReturnedPractice = "killed_uncalled_practice",
        /// The rule keeps only a fouled identifiable hand: a hand the
        /// dealer killed is ruled as one.
        KilledReadAsFouled = "killed_read_as_fouled",
    }
}

/// Whether the edition keeps in play only a *fouled* hand that can be
/// identified while giving no redress for a hand the dealer kills by
/// mistake (TDA 2019 65-A and 65-B as printed): an identifiable hand the
/// dealer killed is then ruled as a fouled one, a reading the card states.
fn killed_read_as_fouled(cx: &Cx<'_>) -> Result<bool, Error> {
    let keeps_fouled_only = cx
        .stated_or_practice("killed-identifiable-stays")?
        .is_some_and(|t| t.when.as_deref() == Some("fouled"));
    let dealer_kill_no_redress = cx
        .stated_or_practice("killed-no-redress")?
        .is_some_and(|t| {
            matches!(
                t.when.as_deref(),
                Some("dealer-mistake" | "unprotected-mistake")
            )
        });
    Ok(keeps_fouled_only && dealer_kill_no_redress)
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

    // dpc-2019-en and pokerpunt-nl 65-B keep only a "fouled" identifiable
    // hand and 65-A gives no redress for one the dealer kills by mistake;
    // onk-2023-nl ("gefold"), tda-2015-de ("getötet") and tda-2019-sk
    // ("zahodené karty") keep the killed hand itself.
    #[test]
    fn an_identifiable_killed_hand_is_read_as_fouled_where_the_rule_says_only_fouled() {
        for (edition, read_as_fouled) in [
            ("dpc-2019-en", true),
            ("pokerpunt-nl", true),
            ("onk-2023-nl", false),
            ("tda-2015-de", false),
            ("tda-2019-sk", false),
        ] {
            let live = Answers {
                identifiable: true,
                uncalled: None,
            };
            let d = crate::incidents::rule_in::<AccidentallyKilledHand>(edition, live).unwrap();
            assert_eq!(d.outcome, KilledOutcome::Live, "{edition}");
            assert_eq!(
                d.notes.contains(&Note::KilledReadAsFouled),
                read_as_fouled,
                "{edition}"
            );
            let dead = Answers {
                identifiable: false,
                uncalled: Some(300),
            };
            let d = crate::incidents::rule_in::<AccidentallyKilledHand>(edition, dead).unwrap();
            assert_eq!(d.outcome, KilledOutcome::Dead, "{edition}");
            assert!(!d.notes.contains(&Note::KilledReadAsFouled), "{edition}");
        }
    }
}
