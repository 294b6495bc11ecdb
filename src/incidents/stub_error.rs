//! Stub and burn errors (incident `stub-error`).
//!
//! Concept `burns-after-sa` (rule 38; none in tda-2015-de): after
//! substantial action a hand killed for a wrong number of cards is mucked
//! whole, the stub is dealt as a normal stub and one card, only one, is
//! burned for each later street ("all cards of the killed hand are mucked",
//! "worden alle kaarten van de dode hand in de muck geplaatst", "wordt de
//! gehele hand gemuckt"; provision `burn-killed-hand-mucked`). tda-2019-sk
//! instead burns one card of the killed hand picked at random ("náhodne sa
//! vyberie z týchto kariet jedna karta a tá bude spálená",
//! `burn-random-from-killed`, with a reference to OP14). tda-2015-de has no
//! such rule: the card names TDA practice (TDA 2019 rule 38).
//!
//! Concept `disordered-stub` (onk-2023-nl RP-4, tda-2019-sk OP-4; TDA
//! practice elsewhere): a dropped or disordered stub is put back in its
//! order if possible; otherwise a new stub is made of the unused cards only,
//! scrambled, shuffled and cut; a stub mixed with the muck or the burns has
//! the mixed cards scrambled, shuffled and cut.
//!
//! Concept `unusual-situations` (RP-14, OP-14): for an error the rules do
//! not cover, the TD may use randomness to devise a solution (rule 1).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;

/// The `stub-error` incident.
pub struct StubError;

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum StubFault {
    /// After substantial action a hand was killed for a wrong number of
    /// cards: its cards and the burns.
    KilledHand,
    /// The stub was dropped or is out of order with cards still to deal.
    DroppedStub,
    /// Another stub or burn error.
    OtherStubError,
}

/// The answers of `stub-error`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What went wrong.
    pub error: StubFault,
    /// The dropped stub got mixed with the muck or the burns.
    pub mixed_with_muck: Option<bool>,
    /// Its order can be put back.
    pub reconstructable: Option<bool>,
}

/// What the edition does with a hand killed for a wrong card count after
/// substantial action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KilledHand {
    /// Muck it whole; the stub is normal, one burn per street.
    Muck,
    /// Burn one of its cards picked at random.
    BurnRandomCard,
}

impl Incident for StubError {
    const ID: &'static str = "stub-error";
    type Answers = Answers;
    type Outcome = StubOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = crate::engine::notes::NoNote;
    const PROVISIONS: &'static [&'static str] = &["burn-random-from-killed"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<StubError>, Error> {
        let need = super::answer_needed;
        let killed = if cx.states("burn-random-from-killed")? {
            KilledHand::BurnRandomCard
        } else {
            // Stated as such, or TDA 2019 rule 38 where the edition is silent.
            KilledHand::Muck
        };
        let mixed = match a.error {
            StubFault::DroppedStub => {
                Some(a.mixed_with_muck.ok_or_else(|| need("mixed_with_muck"))?)
            }
            _ => None,
        };
        let reconstructable = match mixed {
            Some(false) => Some(a.reconstructable.ok_or_else(|| need("reconstructable"))?),
            _ => None,
        };
        let outcome = stub_error(a.error, killed, mixed, reconstructable);
        Ok(Decision::<StubError>::plain(outcome))
    }
}

crate::outcomes! {
    /// The outcome id of the `stub-error` incident.
    pub enum StubOutcome {
        /// The killed hand is mucked whole; one burn per street.
        MuckKilledHand => [BURNS_AFTER_SA],
        /// One card of the killed hand, picked at random, is burned.
        BurnRandomCard => [BURNS_AFTER_SA, UNUSUAL_SITUATIONS],
        /// The stub is put back in its order.
        Reconstruct => [DISORDERED_STUB],
        /// A new stub of the unused cards, scrambled, shuffled and cut.
        NewStub => [DISORDERED_STUB],
        /// The mixed cards are scrambled, shuffled and cut.
        ScrambleMixed => [DISORDERED_STUB],
        /// Not covered: the TD decides, randomness may be used.
        TdDecides => [UNUSUAL_SITUATIONS, FLOOR_DECISIONS],
    }
}

/// Rules on a stub or burn error: the edition's way with a killed hand,
/// and for a dropped stub whether it mixed with the muck and whether its
/// order can be put back.
///
/// ```
/// use floor::incidents::stub_error::{stub_error, KilledHand, StubFault, StubOutcome};
/// assert_eq!(stub_error(StubFault::DroppedStub, KilledHand::Muck, Some(false), Some(false)), StubOutcome::NewStub);
/// assert_eq!(stub_error(StubFault::KilledHand, KilledHand::BurnRandomCard, None, None), StubOutcome::BurnRandomCard);
/// ```
pub fn stub_error(
    error: StubFault,
    killed: KilledHand,
    mixed_with_muck: Option<bool>,
    reconstructable: Option<bool>,
) -> StubOutcome {
    match (error, killed) {
        (StubFault::KilledHand, KilledHand::Muck) => StubOutcome::MuckKilledHand,
        (StubFault::KilledHand, KilledHand::BurnRandomCard) => StubOutcome::BurnRandomCard,
        (StubFault::DroppedStub, _) => match (mixed_with_muck, reconstructable) {
            (Some(true), _) => StubOutcome::ScrambleMixed,
            (_, Some(true)) => StubOutcome::Reconstruct,
            _ => StubOutcome::NewStub,
        },
        (StubFault::OtherStubError, _) => StubOutcome::TdDecides,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::{EDITIONS, rule_in};

    fn outcome(
        edition: &str,
        error: StubFault,
        mixed: Option<bool>,
        rebuild: Option<bool>,
    ) -> StubOutcome {
        let a = Answers {
            error,
            mixed_with_muck: mixed,
            reconstructable: rebuild,
        };
        rule_in::<StubError>(edition, a).unwrap().outcome
    }

    // tda-2019-sk 38: "náhodne sa vyberie z týchto kariet jedna karta a tá bude spálená";
    // dpc-2019-en 38: "all cards of the killed hand are mucked".
    #[test]
    fn the_killed_hand_per_edition() {
        use StubOutcome::{BurnRandomCard as B, MuckKilledHand as M};
        for (edition, want) in EDITIONS.iter().zip([M, M, M, B, M]) {
            assert_eq!(
                outcome(edition, StubFault::KilledHand, None, None),
                want,
                "{edition}"
            );
        }
    }

    // onk-2023-nl RP-4 and tda-2019-sk OP-4, steps 1 to 3; the same in every edition.
    #[test]
    fn a_dropped_stub_follows_the_three_steps() {
        let rows = [
            (Some(true), None, StubOutcome::ScrambleMixed),
            (Some(false), Some(true), StubOutcome::Reconstruct),
            (Some(false), Some(false), StubOutcome::NewStub),
        ];
        for edition in EDITIONS {
            for (mixed, rebuild, want) in rows {
                assert_eq!(
                    outcome(edition, StubFault::DroppedStub, mixed, rebuild),
                    want
                );
            }
            assert_eq!(
                outcome(edition, StubFault::OtherStubError, None, None),
                StubOutcome::TdDecides
            );
        }
    }

    #[test]
    fn a_dropped_stub_needs_its_answers() {
        let a = Answers {
            error: StubFault::DroppedStub,
            mixed_with_muck: Some(false),
            reconstructable: None,
        };
        let e = rule_in::<StubError>("onk-2023-nl", a).unwrap_err();
        assert_eq!(e.input_key(), Some("reconstructable"));
    }
}
