//! The button dealt too few cards (incident `button-too-few-cards`).
//!
//! Concept `button-too-few-cards`: TDA 2019 rule 37 (also in Pokerpunt and
//! ONK). The German TDA 2015 has no such rule: the card says so and follows
//! TDA practice.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c, ConceptId};

/// The `button-too-few-cards` incident.
pub struct ButtonTooFewCards;

/// The answers of `button-too-few-cards`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The button acted (checked or bet) on the short hand.
    pub acted: bool,
}

impl Incident for ButtonTooFewCards {
    const ID: &'static str = "button-too-few-cards";
    type Answers = Answers;
    type Outcome = ButtonShortOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<ButtonTooFewCards>, Error> {
        let r = button_too_few_cards(a.acted);
        Ok(Decision::<ButtonTooFewCards>::new(r.outcome, r.concepts))
    }
}

crate::outcomes! {
    /// The outcomes of the `button-too-few-cards` incident.
    pub enum ButtonShortOutcome {
        /// The button acted (checked or bet) with too few cards: the hand is dead.
        DeadHand => [BUTTON_TOO_FEW_CARDS],
        /// The missing card(s) may still be dealt to the button, even after
        /// substantial action.
        ReplaceMissing => [BUTTON_TOO_FEW_CARDS],
    }
}

/// The ruling on a button dealt too few cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButtonShortRuling {
    /// Dead hand or replace the missing cards.
    pub outcome: ButtonShortOutcome,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// Rules on a button dealt too few cards (rule 37 in TDA 2019 numbering and
/// in Pokerpunt and ONK; the German TDA 2015 has no such rule; concept
/// `button-too-few-cards`): if the button acted on the short hand (by check
/// or bet) the hand is dead, otherwise the missing cards may be replaced,
/// even after substantial action. dpc adds "if permitted for the game type";
/// tda-2019-sk speaks of exactly one missing card being dealt.
///
/// ```
/// use floor::incidents::button_too_few_cards::{ButtonShortOutcome, button_too_few_cards};
///
/// assert_eq!(button_too_few_cards(true).outcome, ButtonShortOutcome::DeadHand);
/// assert_eq!(button_too_few_cards(false).outcome, ButtonShortOutcome::ReplaceMissing);
/// ```
pub fn button_too_few_cards(acted: bool) -> ButtonShortRuling {
    ButtonShortRuling {
        outcome: if acted {
            ButtonShortOutcome::DeadHand
        } else {
            ButtonShortOutcome::ReplaceMissing
        },
        concepts: vec![c::BUTTON_TOO_FEW_CARDS],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_with_too_few_cards() {
        assert_eq!(
            button_too_few_cards(true).outcome,
            ButtonShortOutcome::DeadHand
        );
        let r = button_too_few_cards(false);
        assert_eq!(r.outcome, ButtonShortOutcome::ReplaceMissing);
        assert_eq!(r.concepts, vec![c::BUTTON_TOO_FEW_CARDS]);
    }
}
