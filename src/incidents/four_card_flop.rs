//! A flop of four cards (incident `four-card-flop`).
//!
//! Concept `four-card-flop`: TDA 2019 rule 39 (also in Pokerpunt and ONK),
//! 36 in the German TDA 2015. Every bundled edition says the same: exposed
//! or not, the four cards are scrambled face down and one is drawn at random
//! as the burn card.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c, ConceptId};

/// The `four-card-flop` incident.
pub struct FourCardFlop;

/// The answers of `four-card-flop` (SPEC section 5).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The four cards were exposed (the remedy is the same).
    pub exposed: bool,
}

impl Incident for FourCardFlop {
    const ID: &'static str = "four-card-flop";
    type Answers = Answers;
    type Outcome = FourCardFlopOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<FourCardFlop>, Error> {
        let r = four_card_flop(a.exposed);
        Ok(Decision::<FourCardFlop>::new(r.outcome, r.concepts))
    }
}

crate::outcomes! {
    /// The outcome id of the `four-card-flop` incident.
    pub enum FourCardFlopOutcome {
        /// The floor is called; the dealer scrambles the four cards face down,
        /// the floor picks one at random as the next burn card, the other three
        /// are the flop.
        Scramble => [FOUR_CARD_FLOP],
    }
}

/// The four-card-flop ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FourCardFlopRuling {
    /// Always [`FourCardFlopOutcome::Scramble`].
    pub outcome: FourCardFlopOutcome,
    /// Whether the four cards had been exposed (the remedy is the same).
    pub exposed: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// Rules on a flop of four cards (rule 39 in TDA 2019 numbering and in
/// Pokerpunt and ONK, 36 in the German TDA 2015; concept `four-card-flop`):
/// exposed or not, the four cards are scrambled face down and one is drawn
/// at random as the burn card. Every bundled edition says so; `exposed` does
/// not change the outcome ("exposed or not", "gezien of ongezien").
///
/// ```
/// use floor::incidents::four_card_flop::{FourCardFlopOutcome, four_card_flop};
///
/// assert_eq!(four_card_flop(true).outcome, FourCardFlopOutcome::Scramble);
/// ```
pub fn four_card_flop(exposed: bool) -> FourCardFlopRuling {
    FourCardFlopRuling {
        outcome: FourCardFlopOutcome::Scramble,
        exposed,
        concepts: vec![c::FOUR_CARD_FLOP],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // dpc-2019-en rule 39: "If the flop has 4 rather than 3 cards, exposed or not ... scrambles"
    #[test]
    fn dpc_2019_en_r39_four_card_flop_exposed_or_not_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // tda-2019-sk rule 39: "Ak dealer rozdá na flop 4 karty (namiesto 3), odkryté alebo nie"
    #[test]
    fn tda_2019_sk_r39_four_card_flop_exposed_or_not_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // onk-2023-nl rule 39: "verricht met deze vier kaarten een chemmy shuffle"
    #[test]
    fn onk_2023_nl_r39_four_card_flop_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // pokerpunt-nl rule 39: "gezien of ongezien ... De brush zal willekeurig een kaart kiezen"
    #[test]
    fn pokerpunt_nl_r39_four_card_flop_seen_or_unseen_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // tda-2015-de rule 36: "unabhängig davon ob diese bereits umgedreht wurden ... mischt die 4 Karten"
    #[test]
    fn tda_2015_de_r36_four_card_flop_turned_or_not_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    #[test]
    fn outcome_id_is_the_contract_id() {
        let id: &str = FourCardFlopOutcome::Scramble.into();
        assert_eq!(id, "scramble");
    }
}
