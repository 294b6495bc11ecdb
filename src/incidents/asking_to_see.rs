//! A player asks to see a hand at showdown (incident `asking-to-see`).
//!
//! Concept `asking-to-see-hand`: TDA 2019 rule 18 (TDA 2015 rule 17).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c, ConceptId};

/// The `asking-to-see` incident.
pub struct AskingToSee;

/// The answers of `asking-to-see`. The later questions are asked only
/// while they can change the ruling.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The asking player still holds (or has tabled) his cards.
    pub kept_cards: bool,
    /// There was a bet on the final round.
    pub river_bet: Option<bool>,
    /// He is a caller asking for the last aggressor's hand.
    pub asks_last_aggressor: Option<bool>,
}

impl Incident for AskingToSee {
    const ID: &'static str = "asking-to-see";
    type Answers = Answers;
    type Outcome = SeeHand;
    type Amounts = ();
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] =
        &["ask-caller-holds-cards", "ask-other-requests-floor"];
    // tda-2019-sk 18-B has no sentence on other requests: the TD decides
    // them as under the TDA's (the card says so).
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &["ask-other-requests-floor"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<AskingToSee>, Error> {
        let (outcome, concepts) = see_hand(
            a.kept_cards,
            a.river_bet == Some(true),
            a.asks_last_aggressor == Some(true),
        );
        // The TD's discretion over other requests is a sentence of its own
        // (TDA 2019 18-B "TDs discretion governs all other requests"): an
        // edition without it is said to follow the TDA there.
        let mut d = match outcome {
            SeeHand::Discretion => Decision::<AskingToSee>::new(
                outcome,
                vec![c::ASKING_TO_SEE_HAND.stating("ask-other-requests-floor")],
            ),
            _ => Decision::<AskingToSee>::new(outcome, concepts.to_vec()),
        };
        d.discretion = Some(outcome == SeeHand::Discretion);
        // pokerpunt-nl 18-B: "ervan uitgaande dat de caller zijn eigen hand
        // al wel open op tafel heeft gelegd": holding his cards is not
        // enough there, which the question (held or tabled) cannot tell.
        let tabled_own = cx
            .stated("ask-caller-holds-cards")?
            .is_some_and(|t| t.what.as_deref() == Some("tabled-own"));
        if outcome == SeeHand::MustShow && tabled_own {
            d.notes.push(Note::CallerTabledOwn);
        }
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `asking-to-see`.
    pub enum Note {
        /// The edition gives the right only to a caller who tabled his own
        /// hand.
        CallerTabledOwn = "ask_caller_tabled_own",
    }
}

crate::outcomes! {
    /// The outcome of a request to see a hand at showdown (TDA 2019 rule 18).
    pub enum SeeHand {
        /// The hand must be tabled: a caller of a final-round bet asking for the
        /// last aggressor's hand, with his own cards kept ("the hand they paid
        /// to see").
        MustShow => [ASKING_TO_SEE_HAND],
        /// Any other request: the TD decides.
        Discretion => [ASKING_TO_SEE_HAND],
        /// The requester has no right: he no longer holds cards, or mucked
        /// without tabling.
        NoRight => [ASKING_TO_SEE_HAND],
    }
}

/// Decides a request to see a hand.
///
/// `requester_kept_cards`: the requester still holds his cards (or tabled
/// them). `river_bet`: there was a bet on the final round. `asks_last_aggressor`:
/// the requester called and asks for the last aggressor's hand.
///
/// ```
/// use floor::incidents::asking_to_see::{see_hand, SeeHand};
/// assert_eq!(see_hand(true, true, true).0, SeeHand::MustShow);
/// assert_eq!(see_hand(true, false, true).0, SeeHand::Discretion);
/// assert_eq!(see_hand(false, true, true).0, SeeHand::NoRight);
/// ```
pub fn see_hand(
    requester_kept_cards: bool,
    river_bet: bool,
    asks_last_aggressor: bool,
) -> (SeeHand, &'static [ConceptId]) {
    let outcome = if !requester_kept_cards {
        SeeHand::NoRight
    } else if river_bet && asks_last_aggressor {
        SeeHand::MustShow
    } else {
        SeeHand::Discretion
    };
    (outcome, &[c::ASKING_TO_SEE_HAND])
}

#[cfg(test)]
mod tests {
    use super::*;

    // dpc-2019-en rule 18-B: "any caller has an inalienable right to have the
    // last aggressor's hand tabled on request ... provided the caller tabled or
    // retains his or her cards. TDs discretion governs all other requests."
    #[test]
    fn dpc_2019_en_r18_caller_sees_the_hand_he_paid_to_see() {
        assert_eq!(see_hand(true, true, true).0, SeeHand::MustShow);
        assert_eq!(see_hand(true, true, false).0, SeeHand::Discretion);
        assert_eq!(see_hand(true, false, true).0, SeeHand::Discretion);
    }

    // dpc-2019-en rule 18-A: players who mucked lose any right to ask.
    #[test]
    fn dpc_2019_en_r18_mucked_players_have_no_right_to_ask() {
        for river_bet in [true, false] {
            assert_eq!(see_hand(false, river_bet, true).0, SeeHand::NoRight);
        }
    }

    // tda-2015-de rule 17-B: "Es liegt im Ermessen der Turnierleitung, wie mit allen anderen
    // Bitten umgegangen wird. Zum Beispiel, um die Hand eines anderen Callers zu sehen oder wenn
    // es keine Riverbet gab."
    #[test]
    fn tda_2015_de_r17_other_callers_hand_or_no_river_bet_is_discretion() {
        // Another caller's hand, after a river bet.
        assert_eq!(see_hand(true, true, false).0, SeeHand::Discretion);
        // No river bet.
        assert_eq!(see_hand(true, false, true).0, SeeHand::Discretion);
        assert_eq!(see_hand(true, false, false).0, SeeHand::Discretion);
        assert_eq!(see_hand(true, true, false).1, &[c::ASKING_TO_SEE_HAND]);
    }

    #[test]
    fn outcome_ids() {
        let ids: Vec<&str> = [SeeHand::MustShow, SeeHand::Discretion, SeeHand::NoRight]
            .into_iter()
            .map(Into::into)
            .collect();
        assert_eq!(ids, ["must-show", "discretion", "no-right"]);
    }

    // The TD's discretion is cited by the sentence that states it, so an
    // edition without it (pokerpunt-nl 18, tda-2019-sk 18) is said to
    // follow TDA practice there.
    #[test]
    fn the_tds_discretion_is_cited_by_the_sentence_that_states_it() {
        let answers = Answers {
            kept_cards: true,
            river_bet: Some(false),
            asks_last_aggressor: None,
        };
        let d = super::super::rule_in::<AskingToSee>("pokerpunt-nl", answers).unwrap();
        assert_eq!(d.outcome, SeeHand::Discretion);
        assert_eq!(d.cites[0].stating, Some("ask-other-requests-floor"));
    }
}
