//! The button dealt too few cards (incident `button-too-few-cards`).
//!
//! Concept `button-too-few-cards`: TDA 2019 rule 37 (also in Pokerpunt and
//! ONK). The German TDA 2015 has no such rule: the card says so and follows
//! TDA practice.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::provisions::Term;

/// The `button-too-few-cards` incident.
pub struct ButtonTooFewCards;

/// The answers of `button-too-few-cards`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The button acted (checked or bet) on the short hand.
    pub acted: bool,
    /// How many cards the button is missing: asked where the edition deals
    /// a missing card only when exactly one is missing (tda-2019-sk 37).
    pub cards_missing: Option<u64>,
}

impl Incident for ButtonTooFewCards {
    const ID: &'static str = "button-too-few-cards";
    type Answers = Answers;
    type Outcome = ButtonShortOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &[REPLACED];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<ButtonTooFewCards>, Error> {
        let r = button_too_few_cards(a.acted);
        let mut d = Decision::<ButtonTooFewCards>::new(r.outcome, r.concepts);
        if a.acted {
            return Ok(d);
        }
        // An edition that deals a missing card only when exactly one is
        // missing says nothing of more: the practice's "may be dealt" is
        // applied, said, and left to the TD.
        let one_only = cx
            .stated(REPLACED)?
            .and_then(|t| t.get(Term::When))
            .is_some_and(|w| w == ONE_MISSING);
        match a.cards_missing {
            Some(missing) if one_only && missing > 1 => {
                d.notes.push(Note::OneCardOnly { missing });
                d.discretion = Some(true);
            }
            Some(_) if one_only => d.remedy_variant = Some("one-card"),
            _ => {}
        }
        Ok(d)
    }
}

/// The missing button cards may still be dealt, even after substantial
/// action (TDA 2019 37); tda-2019-sk: "Pokiaľ mu chýba práve jedna karta,
/// karta mu bude automaticky rozdaná".
const REPLACED: &str = "button-short-replaced";
/// Its condition where only one missing card is dealt.
const ONE_MISSING: &str = "one-missing";

crate::notes! {
    /// The notes of `button-too-few-cards`.
    pub enum Note {
        /// The edition deals one missing card; more are missing.
        OneCardOnly { missing: u64 } = "button_one_card_only",
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

    // tda-2019-sk 37: "Pokiaľ mu chýba práve jedna karta, karta mu bude
    // automaticky rozdaná"; the other editions let the missing cards be
    // dealt however many there are (tda-2015-de has no such rule).
    #[test]
    fn only_an_edition_dealing_one_card_leaves_more_to_the_td() {
        for edition in crate::incidents::EDITIONS {
            for missing in [1, 2, 3] {
                let answers = Answers {
                    acted: false,
                    cards_missing: Some(missing),
                };
                let d = super::super::rule_in::<ButtonTooFewCards>(edition, answers).unwrap();
                let sk = edition == "tda-2019-sk";
                assert_eq!(d.outcome, ButtonShortOutcome::ReplaceMissing);
                assert_eq!(d.discretion == Some(true), sk && missing > 1, "{edition}");
                assert_eq!(d.notes.is_empty(), !(sk && missing > 1), "{edition}");
                let one = d.remedy_variant == Some("one-card");
                assert_eq!(one, sk && missing == 1, "{edition}");
            }
        }
    }
}
