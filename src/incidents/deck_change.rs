//! A new deck asked for (incident `deck-change`).
//!
//! Concept `deck-changes`: rule 26 (25 in tda-2015-de). Players may not ask
//! for a deck change ("Players may not ask for deck changes", "Spelers
//! kunnen niet om een nieuw deck vragen"; tda-2019-sk: "Hráči by nemali
//! žiadať o zmenu balíčka svojvoľne", should not; provision
//! `deck-players-cannot-ask`, term `force`). When decks are changed is the
//! edition's (provision `deck-change-when`, term `when`):
//!
//! | edition | when |
//! |---|---|
//! | pokerpunt-nl, tda-2019-sk, dpc-2019-en | the dealer push, a level change, or as the house prescribes |
//! | tda-2015-de | the dealer's request, a level change, or as the organiser prescribes |
//! | onk-2023-nl | only when cards are damaged ("alleen bij beschadiging") |
//!
//! So a dealer's request changes the deck in tda-2015-de; damaged cards are
//! replaced in onk-2023-nl; the other editions name neither, and the floor
//! decides under "as the house prescribes" (rule 1 cited).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;

/// The `deck-change` incident.
pub struct DeckChange;

/// Who asks for the new deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum AskedBy {
    /// A player.
    Player,
    /// The dealer.
    Dealer,
}

/// The answers of `deck-change`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// Who asks.
    pub asked_by: AskedBy,
    /// A card is damaged or marked.
    pub damaged: bool,
}

/// When the edition changes decks (term `when` of `deck-change-when`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// At the dealer push, a level change, or as the house prescribes.
    PushLevelHouse,
    /// At the dealer's request, a level change, or as the organiser
    /// prescribes.
    DealerRequestLevelHouse,
    /// Only when cards are damaged.
    DamagedOnly,
    /// The edition states none.
    Unstated,
}

impl Schedule {
    /// The remedy variant that names this schedule (`None`: the tree's
    /// default steps, the push, level or house).
    fn variant(self) -> Option<&'static str> {
        match self {
            Schedule::DealerRequestLevelHouse => Some("dealer-request-level-house"),
            Schedule::DamagedOnly => Some("damaged-only"),
            Schedule::PushLevelHouse | Schedule::Unstated => None,
        }
    }
}

crate::notes! {
    /// The notes of `deck-change`.
    pub enum Note {
        /// The edition says players should not ask (not "may not").
        ShouldNotAsk = "deck_should_not_ask",
    }
}

impl Incident for DeckChange {
    const ID: &'static str = "deck-change";
    type Answers = Answers;
    type Outcome = DeckOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &["deck-change-when", "deck-players-cannot-ask"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<DeckChange>, Error> {
        let schedule = match cx.stated("deck-change-when")?.map(|t| t.when.as_deref()) {
            Some(Some("push-level-house")) => Schedule::PushLevelHouse,
            Some(Some("dealer-request-level-house")) => Schedule::DealerRequestLevelHouse,
            Some(Some("damaged-only")) => Schedule::DamagedOnly,
            _ => Schedule::Unstated,
        };
        let cannot_ask = cx.stated("deck-players-cannot-ask")?;
        let outcome = deck_change(a.asked_by, a.damaged, schedule, cannot_ask.is_some());
        let mut d = Decision::<DeckChange>::plain(outcome);
        if matches!(outcome, DeckOutcome::Refused | DeckOutcome::NoChange) {
            d.remedy_variant = schedule.variant();
        }
        if outcome == DeckOutcome::Refused
            && cannot_ask.and_then(|t| t.force.as_deref()) == Some("discouraged")
        {
            d.notes.push(Note::ShouldNotAsk);
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `deck-change` incident.
    pub enum DeckOutcome {
        /// A player asked: no new deck on his request.
        Refused => [DECK_CHANGES],
        /// No new deck now: the edition changes decks at other times.
        NoChange => [DECK_CHANGES],
        /// The damaged cards are replaced.
        Replace => [DECK_CHANGES],
        /// The dealer asked, which the edition lists: the deck is changed.
        Change => [DECK_CHANGES],
        /// The edition does not name the case: the floor decides.
        TdDecides => [DECK_CHANGES, FLOOR_DECISIONS],
    }
}

/// Rules on a request for a new deck by who asked, whether a card is
/// damaged, the edition's schedule and whether it says players cannot ask.
///
/// ```
/// use floor::incidents::deck_change::{deck_change, AskedBy, DeckOutcome, Schedule};
/// assert_eq!(deck_change(AskedBy::Player, false, Schedule::PushLevelHouse, true), DeckOutcome::Refused);
/// assert_eq!(deck_change(AskedBy::Player, true, Schedule::DamagedOnly, true), DeckOutcome::Replace);
/// assert_eq!(deck_change(AskedBy::Dealer, false, Schedule::DealerRequestLevelHouse, true), DeckOutcome::Change);
/// ```
pub fn deck_change(
    asked_by: AskedBy,
    damaged: bool,
    schedule: Schedule,
    players_cannot_ask: bool,
) -> DeckOutcome {
    use DeckOutcome::*;
    match (schedule, asked_by, damaged) {
        (Schedule::Unstated, _, _) => TdDecides,
        (Schedule::DamagedOnly, _, true) => Replace,
        (Schedule::DealerRequestLevelHouse, AskedBy::Dealer, _) => Change,
        (_, AskedBy::Player, false) if players_cannot_ask => Refused,
        (Schedule::DamagedOnly, _, false) => NoChange,
        (_, AskedBy::Player, false) => NoChange,
        // A damaged card, or the dealer's own request, where the edition
        // lists neither: "as the house prescribes".
        (_, _, true) | (Schedule::PushLevelHouse, AskedBy::Dealer, false) => TdDecides,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::{EDITIONS, rule_in};

    /// Per case, the outcome in the order of EDITIONS: onk-2023-nl 26
    /// "Kaarten worden alleen vervangen bij beschadiging"; tda-2015-de 25
    /// "nur auf Anforderung des Dealers, bei Level-Wechseln"; the others
    /// "on the dealer push or level changes or as prescribed by the house".
    #[test]
    fn who_asks_and_damage_per_edition() {
        use DeckOutcome::{Change as C, NoChange as N, Refused as R, Replace as P, TdDecides as T};
        let rows = [
            (AskedBy::Player, false, [R, R, R, R, R]),
            (AskedBy::Player, true, [P, T, T, T, T]),
            (AskedBy::Dealer, false, [N, T, C, T, T]),
            (AskedBy::Dealer, true, [P, T, C, T, T]),
        ];
        for (asked_by, damaged, want) in rows {
            for (edition, want) in EDITIONS.iter().zip(want) {
                let d = rule_in::<DeckChange>(edition, Answers { asked_by, damaged }).unwrap();
                assert_eq!(
                    d.outcome, want,
                    "{asked_by:?} damaged={damaged} in {edition}"
                );
            }
        }
    }

    // tda-2019-sk 26: "Hráči by nemali žiadať o zmenu balíčka svojvoľne" (should not).
    #[test]
    fn should_not_ask_is_noted_in_tda_2019_sk_only() {
        for edition in EDITIONS {
            let d = rule_in::<DeckChange>(
                edition,
                Answers {
                    asked_by: AskedBy::Player,
                    damaged: false,
                },
            )
            .unwrap();
            assert_eq!(
                d.notes.contains(&Note::ShouldNotAsk),
                edition == "tda-2019-sk",
                "{edition}"
            );
        }
    }

    #[test]
    fn refused_only_where_players_cannot_ask() {
        use strum::VariantArray;
        let schedules = [
            Schedule::PushLevelHouse,
            Schedule::DealerRequestLevelHouse,
            Schedule::DamagedOnly,
            Schedule::Unstated,
        ];
        for &s in &schedules {
            for &who in AskedBy::VARIANTS {
                for damaged in [false, true] {
                    for cannot in [false, true] {
                        let o = deck_change(who, damaged, s, cannot);
                        // A player's request is refused only where the edition says he cannot ask.
                        if o == DeckOutcome::Refused {
                            assert!(cannot && who == AskedBy::Player && !damaged);
                        }
                    }
                }
            }
        }
    }
}
