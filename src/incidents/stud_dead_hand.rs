//! Stud: upcards picked up (incident `stud-dead-hand`).
//!
//! Concept `dead-hands-stud`: rule 66 (61 in the German TDA 2015). A
//! player who picks up his upcards while facing action has a dead hand
//! (pokerpunt-nl "tijdens zijn beurt", tda-2015-de "während er auf eine
//! Aktion reagieren muss", tda-2019-sk "vo chvíli, keď čelí akcii"); the
//! proper fold is to turn all cards face down. Picked up while not facing
//! action, no edition kills the hand: the floor decides (rule 1).
//! onk-2023-nl prints rule 66 as not applicable at its events and
//! dpc-2019-en has none: where the edition states no rule in force
//! (provision `stud-upcards-dead`), the card names the TDA practice.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;

/// The `stud-dead-hand` incident.
pub struct StudDeadHand;

/// The answers of `stud-dead-hand`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// He was facing action (his turn to act) when he picked them up.
    pub facing_action: bool,
}

crate::notes! {
    /// The notes of `stud-dead-hand`.
    pub enum Note {
        /// The edition states no rule in force: TDA practice decides.
        TdaPractice = "stud_dead_practice",
    }
}

impl Incident for StudDeadHand {
    const ID: &'static str = "stud-dead-hand";
    type Answers = Answers;
    type Outcome = StudDeadOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &["stud-upcards-dead"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<StudDeadHand>, Error> {
        let outcome = stud_dead_hand(a.facing_action);
        let mut d = Decision::<StudDeadHand>::plain(outcome);
        d.stud = true;
        d.discretion = Some(outcome == StudDeadOutcome::TdDecides);
        if !cx.states("stud-upcards-dead")? {
            d.notes.push(Note::TdaPractice);
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `stud-dead-hand` incident.
    pub enum StudDeadOutcome {
        /// Picked up while facing action: the hand is dead.
        DeadHand => [DEAD_HANDS_STUD],
        /// Picked up while not facing action: the floor decides.
        TdDecides => [DEAD_HANDS_STUD, FLOOR_DECISIONS],
    }
}

/// Rules on a stud player who picked up his upcards.
///
/// ```
/// use floor::incidents::stud_dead_hand::{stud_dead_hand, StudDeadOutcome};
/// assert_eq!(stud_dead_hand(true), StudDeadOutcome::DeadHand);
/// ```
pub fn stud_dead_hand(facing_action: bool) -> StudDeadOutcome {
    match facing_action {
        true => StudDeadOutcome::DeadHand,
        false => StudDeadOutcome::TdDecides,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // tda-2019-sk 66: "pokiaľ hráč zoberie odkryté karty (vo chvíli, keď čelí akcii), jeho
    // ruka je mŕtva"; picked up while not facing action, the rule says nothing.
    #[test]
    fn facing_action_decides() {
        assert_eq!(stud_dead_hand(true), StudDeadOutcome::DeadHand);
        assert_eq!(stud_dead_hand(false), StudDeadOutcome::TdDecides);
    }
}
