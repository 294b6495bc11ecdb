//! A hand around the level change (incident `new-level`): had the hand
//! begun when the new level was announced (after the clock reached
//! zero, rule 23), and which level does it play?
//!
//! Owns concept `new-hand-new-limits`: TDA 2019 rule 23 (onk, pokerpunt,
//! tda-2019-sk, dpc), tda-2015-de rule 22, with ONK house rule MEC-2 for
//! two decks. Every edition starts the new level with the next hand; they
//! differ in what begins a hand (parameter `hand_start_events`):
//!
//! | edition | a hand begins at |
//! |---|---|
//! | tda-2015-de 22 | shuffling by hand, the shuffler, "nach Ansage des Dealer" (the dealer's announcement) |
//! | dpc-2019-en, tda-2019-sk, onk-2023-nl 23 | the first riffle, the shuffler button, the dealer push |
//! | pokerpunt-nl 23 | the first riffle (not the chemmy), the shuffler's green button |
//! | onk-2023-nl MEC-2 | with two decks: the cut (parameter `two_deck_hand_start`) |
//!
//! A hand dealt at the old level by mistake is finished at it after
//! substantial action: onk and tda-2019-sk 23 say so (parameter
//! `old_level_after_sa`), TDA practice elsewhere. Before substantial action
//! no edition says: the TD decides (rule 1), and the card says so.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c};

/// The `new-level` incident.
pub struct NewLevel;

/// What had happened when the new level was announced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Started {
    /// Nothing yet, or only the chemmy (wash).
    NoShuffle,
    /// The first riffle (shuffling by hand had begun).
    Riffle,
    /// The shuffler's button was pressed.
    Shuffler,
    /// The dealer push (a new dealer sat in).
    DealerPush,
    /// The dealer had announced the hand.
    DealerAnnouncement,
    /// Two decks: the new hand's dealer had cut, or placed the cut card.
    Cut,
}

/// The level the hand is being played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LevelPlayed {
    /// The level that ended.
    OldLevel,
    /// The level just announced.
    NewLevel,
}

/// The answers of `new-level`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What had happened when the new level was announced.
    pub started: Started,
    /// The level the hand is being played at.
    pub level_played: LevelPlayed,
    /// Substantial action has occurred in the hand.
    pub substantial_action: Option<bool>,
}

pub use crate::rules::vocab::HandStart;

pub use crate::rules::vocab::TwoDeckStart;

pub use crate::rules::vocab::OldLevelAfterSa;

crate::outcomes! {
    /// The outcomes of `new-level`.
    pub enum NewLevelOutcome {
        /// The hand had begun: it plays the old level, as it does.
        OldLevel => [NEW_HAND_NEW_LIMITS],
        /// The hand had not begun: it plays the new level, as it does.
        NewLevel => [NEW_HAND_NEW_LIMITS],
        /// Not begun, dealt at the old level, substantial action: finished at
        /// the old level.
        FinishOldLevel => [NEW_HAND_NEW_LIMITS, SUBSTANTIAL_ACTION],
        /// Not begun, dealt at the old level, no substantial action yet: the
        /// TD corrects it to the new level.
        CorrectToNew => [NEW_HAND_NEW_LIMITS, FLOOR_DECISIONS],
        /// Begun, but dealt at the new level: no rule, the TD decides.
        CorrectToOld => [NEW_HAND_NEW_LIMITS, FLOOR_DECISIONS],
    }
}

impl Incident for NewLevel {
    const ID: &'static str = "new-level";
    type Answers = Answers;
    type Outcome = NewLevelOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<NewLevel>, Error> {
        let events = cx.params.hand_start_events();
        let mut notes = Vec::new();
        let mut decided_by = None;
        let event = match a.started {
            Started::NoShuffle => None,
            Started::Riffle => Some(HandStart::Riffle),
            Started::Shuffler => Some(HandStart::Shuffler),
            Started::DealerPush => Some(HandStart::DealerPush),
            Started::DealerAnnouncement => Some(HandStart::DealerAnnouncement),
            Started::Cut => None,
        };
        let begun = match a.started {
            Started::Cut => match cx.params.two_deck_hand_start() {
                Some(TwoDeckStart::Cut) => {
                    decided_by = cx.concept_stating("two_deck_hand_start");
                    true
                }
                None => {
                    notes.push(Notes::TwoDecksNoRule);
                    false
                }
            },
            _ => event.is_some_and(|e| events.contains(&e)),
        };
        if a.started != Started::NoShuffle {
            notes.push(if begun {
                Notes::EventStartsHand
            } else {
                Notes::EventNotListed
            });
        }
        let (outcome, concepts) = match (begun, a.level_played) {
            (true, LevelPlayed::OldLevel) => {
                (NewLevelOutcome::OldLevel, vec![c::NEW_HAND_NEW_LIMITS])
            }
            (false, LevelPlayed::NewLevel) => {
                (NewLevelOutcome::NewLevel, vec![c::NEW_HAND_NEW_LIMITS])
            }
            (true, LevelPlayed::NewLevel) => {
                notes.push(Notes::DealtNewByMistake);
                (
                    NewLevelOutcome::CorrectToOld,
                    vec![c::NEW_HAND_NEW_LIMITS, c::FLOOR_DECISIONS],
                )
            }
            (false, LevelPlayed::OldLevel) => {
                match a
                    .substantial_action
                    .ok_or_else(|| super::answer_needed("substantial_action"))?
                {
                    true => {
                        let OldLevelAfterSa::Finish = cx.params.old_level_after_sa();
                        (
                            NewLevelOutcome::FinishOldLevel,
                            vec![c::NEW_HAND_NEW_LIMITS, c::SUBSTANTIAL_ACTION],
                        )
                    }
                    false => {
                        notes.push(Notes::OldLevelBeforeSa);
                        (
                            NewLevelOutcome::CorrectToNew,
                            vec![c::NEW_HAND_NEW_LIMITS, c::FLOOR_DECISIONS],
                        )
                    }
                }
            }
        };
        let mut d = Decision::<NewLevel>::new(outcome, concepts);
        if let Some(concept) = decided_by {
            d.decided_by(concept);
        }
        d.notes = notes;
        d.extra = Extra {
            begun,
            hand_start_events: events,
        };
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `new-level`.
    pub enum Notes {
        /// The edition has no rule on two decks.
        TwoDecksNoRule = "two_decks_no_rule",
        /// The event started the hand.
        EventStartsHand = "event_starts_hand",
        /// The edition does not list the event as starting a hand.
        EventNotListed = "event_not_listed",
        /// The new level was dealt by mistake.
        DealtNewByMistake = "dealt_new_by_mistake",
        /// The old level before substantial action.
        OldLevelBeforeSa = "old_level_before_sa",
    }
}

/// What the JSON of `new-level` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The hand had begun when the level changed.
    pub begun: bool,
    /// What starts a hand in the edition.
    pub hand_start_events: Vec<HandStart>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::rule_in;

    fn answers(started: Started, level: LevelPlayed, sa: Option<bool>) -> Answers {
        Answers {
            started,
            level_played: level,
            substantial_action: sa,
        }
    }

    // dpc-2019-en 23: "Hands begin on the first riffle, push of the shuffler button, or on the
    // dealer push"; pokerpunt-nl 23 names only the riffle and the green button.
    #[test]
    fn a_dealer_push_begins_a_hand_in_some_editions_only() {
        for (edition, begun) in [
            ("dpc-2019-en", true),
            ("onk-2023-nl", true),
            ("tda-2019-sk", true),
            ("pokerpunt-nl", false),
            ("tda-2015-de", false),
        ] {
            let d = rule_in::<NewLevel>(
                edition,
                answers(Started::DealerPush, LevelPlayed::OldLevel, Some(true)),
            )
            .unwrap();
            let expected = if begun {
                NewLevelOutcome::OldLevel
            } else {
                NewLevelOutcome::FinishOldLevel
            };
            assert_eq!(d.outcome, expected, "{edition}");
        }
    }

    // tda-2015-de 22: "... oder nach Ansage des Dealer".
    #[test]
    fn the_dealers_announcement_begins_a_hand_in_tda_2015_only() {
        let d = rule_in::<NewLevel>(
            "tda-2015-de",
            answers(Started::DealerAnnouncement, LevelPlayed::OldLevel, None),
        )
        .unwrap();
        assert_eq!(d.outcome, NewLevelOutcome::OldLevel);
        let d = rule_in::<NewLevel>(
            "dpc-2019-en",
            answers(Started::DealerAnnouncement, LevelPlayed::NewLevel, None),
        )
        .unwrap();
        assert_eq!(d.outcome, NewLevelOutcome::NewLevel);
    }

    // onk-2023-nl MEC-2: "begint de volgende hand wanneer de deler van de nieuwe hand het deck
    // cut of de cut card onder het deck plaatst".
    #[test]
    fn with_two_decks_the_cut_begins_a_hand_at_onk() {
        let d = rule_in::<NewLevel>(
            "onk-2023-nl",
            answers(Started::Cut, LevelPlayed::OldLevel, None),
        )
        .unwrap();
        assert_eq!(d.outcome, NewLevelOutcome::OldLevel);
        assert_eq!(d.decided_by.as_deref(), Some("mec-two-deck-new-hand"));
        let d = rule_in::<NewLevel>(
            "dpc-2019-en",
            answers(Started::Cut, LevelPlayed::OldLevel, Some(false)),
        )
        .unwrap();
        assert_eq!(d.outcome, NewLevelOutcome::CorrectToNew);
        assert!(d.notes.contains(&Notes::TwoDecksNoRule));
    }

    // onk-2023-nl 23: "Indien een hand bij vergissing start in het voorgaande level wordt de
    // hand afgemaakt indien er bindende actie is geweest (zie TDA Regel 36)."
    #[test]
    fn the_old_level_by_mistake_stands_after_substantial_action() {
        let d = rule_in::<NewLevel>(
            "onk-2023-nl",
            answers(Started::NoShuffle, LevelPlayed::OldLevel, Some(true)),
        )
        .unwrap();
        assert_eq!(d.outcome, NewLevelOutcome::FinishOldLevel);
        assert_eq!(d.cites, vec![c::NEW_HAND_NEW_LIMITS, c::SUBSTANTIAL_ACTION]);
        let d = rule_in::<NewLevel>(
            "onk-2023-nl",
            answers(Started::NoShuffle, LevelPlayed::OldLevel, Some(false)),
        )
        .unwrap();
        assert_eq!(d.outcome, NewLevelOutcome::CorrectToNew);
        let missing = rule_in::<NewLevel>(
            "onk-2023-nl",
            answers(Started::NoShuffle, LevelPlayed::OldLevel, None),
        )
        .unwrap_err();
        assert_eq!(missing.input_key(), Some("substantial_action"));
    }

    #[test]
    fn begun_but_dealt_at_the_new_level_is_the_tds() {
        let d = rule_in::<NewLevel>(
            "tda-2019-sk",
            answers(Started::Riffle, LevelPlayed::NewLevel, None),
        )
        .unwrap();
        assert_eq!(d.outcome, NewLevelOutcome::CorrectToOld);
        assert_eq!(d.cites, vec![c::NEW_HAND_NEW_LIMITS, c::FLOOR_DECISIONS]);
    }
}
