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
use crate::rules::concepts as c;

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
    /// Gone, it had been tabled and clearly read before (asked then:
    /// 13-B, 13-C).
    pub clearly_read: Option<bool>,
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
        // 13-B takes the claim of a hand that is gone only "if the TD rules
        // it was not clearly read"; 13-C: a properly tabled hand cannot be
        // killed.
        let outcome = match (outcome, a.clearly_read) {
            (CardsSpeakOutcome::MuckedNoClaim, Some(true)) => CardsSpeakOutcome::ReadBeforeMuck,
            (CardsSpeakOutcome::MuckedNoClaim, None) => {
                return Err(super::answer_needed("clearly_read"));
            }
            (outcome, _) => outcome,
        };
        let mut d = match outcome {
            // Both parts decide: 13-B's condition and 13-C.
            CardsSpeakOutcome::ReadBeforeMuck => Decision::<CardsSpeak>::new(
                outcome,
                vec![
                    c::TABLING_CARDS.part("C"),
                    c::TABLING_CARDS.part("B"),
                    c::DECLARATIONS_CARDS_SPEAK.into(),
                ],
            ),
            _ => Decision::<CardsSpeak>::plain(outcome),
        };
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
        /// Gone, but tabled and clearly read before: it keeps its claim.
        ReadBeforeMuck => [TABLING_CARDS, TABLING_CARDS, DECLARATIONS_CARDS_SPEAK],
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
                clearly_read: None,
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
                clearly_read: None,
                deliberate: false,
            },
        )
        .unwrap_err();
        assert_eq!(e.input_key(), Some("retrievable"));
    }

    // 13-B "If a hand is not 100% retrievable and identifiable and the TD
    // rules it was not clearly read, the player has no claim to the pot";
    // 13-C "Dealers cannot kill a properly tabled hand that was obviously
    // the winner" (tda-2019-sk 13-B drops the first condition, its 13-C
    // keeps the second: one reading for all).
    #[test]
    fn a_hand_gone_into_the_muck_keeps_its_claim_if_it_was_tabled_and_read() {
        for edition in crate::incidents::EDITIONS {
            for (read, deliberate, want, variant) in [
                (false, false, CardsSpeakOutcome::MuckedNoClaim, None),
                (true, false, CardsSpeakOutcome::ReadBeforeMuck, None),
                (
                    true,
                    true,
                    CardsSpeakOutcome::ReadBeforeMuck,
                    Some("penalty"),
                ),
            ] {
                let d = rule_in::<CardsSpeak>(
                    edition,
                    Answers {
                        mucked: true,
                        retrievable: Some(false),
                        clearly_read: Some(read),
                        deliberate,
                    },
                )
                .unwrap();
                assert_eq!((d.outcome, d.remedy_variant), (want, variant), "{edition}");
            }
        }
    }
}
