//! A hand miscalled at showdown (incident `cards-speak`).
//!
//! Concept `declarations-cards-speak`: rule 12 in all five bundled
//! editions. The tabled cards decide; what a player says about his hand
//! binds nobody ("Cards speak", "Kaarten spreken voor zich", "Die Karten
//! entscheiden", "Karty hovoria za seba"). A hand thrown away on the
//! strength of the call is the player's risk: still 100% identifiable and
//! retrievable it is tabled (rule 14), otherwise it has no claim (13-B). A
//! deliberate miscall MAY be penalised in every edition ("may be
//! penalized", "kan een penalty krijgen", "kann ... bestraft werden",
//! "môže byť penalizovaný"); the penalty itself is `offence-penalty`'s.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;

/// The `cards-speak` incident.
pub struct CardsSpeak;

/// The answers of `cards-speak`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// A player let his cards go because of what was said.
    pub mucked: bool,
    /// Those cards are still 100% identifiable and retrievable (asked when
    /// mucked).
    pub retrievable: Option<bool>,
    /// The hand was miscalled on purpose.
    pub deliberate: bool,
}

impl Incident for CardsSpeak {
    const ID: &'static str = "cards-speak";
    type Answers = Answers;
    type Outcome = CardsSpeakOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<CardsSpeak>, Error> {
        let outcome = cards_speak(a.mucked, a.retrievable, a.deliberate)
            .ok_or_else(|| super::answer_needed("retrievable"))?;
        let mut d = Decision::<CardsSpeak>::plain(outcome);
        // A mucked hand's outcome is about the muck; the deliberate miscall
        // adds the possible penalty to its steps.
        if a.deliberate && outcome != CardsSpeakOutcome::CardsSpeakPenalty {
            d.remedy_variant = Some("penalty");
            d.discretion = Some(true);
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `cards-speak` incident.
    pub enum CardsSpeakOutcome {
        /// Nothing mucked, an honest miscall: the best tabled hand wins.
        CardsSpeak => [DECLARATIONS_CARDS_SPEAK, TABLING_CARDS, DISPUTED_POTS],
        /// Nothing mucked, a deliberate miscall: cards speak, a penalty may follow.
        CardsSpeakPenalty => [DECLARATIONS_CARDS_SPEAK, TABLING_CARDS, PENALTIES],
        /// Mucked on the call but retrievable: the cards are tabled and read.
        Retrieved => [LIVE_CARDS_AT_SHOWDOWN, DECLARATIONS_CARDS_SPEAK],
        /// Mucked and no longer identifiable: no claim to the pot.
        MuckedNoClaim => [TABLING_CARDS, DECLARATIONS_CARDS_SPEAK],
    }
}

/// Rules on a miscalled hand: `None` when a hand was mucked and whether it
/// can be retrieved was not said.
///
/// ```
/// use floor::incidents::cards_speak::{cards_speak, CardsSpeakOutcome};
/// assert_eq!(cards_speak(true, Some(false), false), Some(CardsSpeakOutcome::MuckedNoClaim));
/// ```
pub fn cards_speak(
    mucked: bool,
    retrievable: Option<bool>,
    deliberate: bool,
) -> Option<CardsSpeakOutcome> {
    Some(match (mucked, retrievable, deliberate) {
        (false, _, false) => CardsSpeakOutcome::CardsSpeak,
        (false, _, true) => CardsSpeakOutcome::CardsSpeakPenalty,
        (true, Some(true), _) => CardsSpeakOutcome::Retrieved,
        (true, Some(false), _) => CardsSpeakOutcome::MuckedNoClaim,
        (true, None, _) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::rule_in;

    // dpc-2019-en 12 "Cards speak to determine the winner ... deliberately miscalling a hand may
    // be penalized"; 14 "table cards that remain 100% identifiable and retrievable"; 13-B "the
    // player has no claim to the pot".
    #[test]
    fn table_of_cases() {
        use CardsSpeakOutcome::*;
        let rows = [
            (false, None, false, Some(CardsSpeak)),
            (false, Some(true), false, Some(CardsSpeak)),
            (false, None, true, Some(CardsSpeakPenalty)),
            (true, Some(true), false, Some(Retrieved)),
            (true, Some(true), true, Some(Retrieved)),
            (true, Some(false), false, Some(MuckedNoClaim)),
            (true, Some(false), true, Some(MuckedNoClaim)),
            (true, None, false, None),
            (true, None, true, None),
        ];
        for (mucked, retrievable, deliberate, want) in rows {
            assert_eq!(cards_speak(mucked, retrievable, deliberate), want);
        }
    }

    #[test]
    fn a_deliberate_miscall_on_a_mucked_hand_adds_the_penalty_steps() {
        let d = rule_in::<CardsSpeak>(
            "onk-2023-nl",
            Answers {
                mucked: true,
                retrievable: Some(true),
                deliberate: true,
            },
        )
        .unwrap();
        assert_eq!(d.remedy_variant, Some("penalty"));
        assert_eq!(d.discretion, Some(true));
        let e = rule_in::<CardsSpeak>(
            "onk-2023-nl",
            Answers {
                mucked: true,
                retrievable: None,
                deliberate: false,
            },
        )
        .unwrap_err();
        assert_eq!(e.input_key(), Some("retrievable"));
    }
}
