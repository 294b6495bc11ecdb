//! Unclear bets: which amount a bare number such as "five" stands for
//! (incident `unclear-bet`).
//!
//! Owns the reading of an ambiguous verbal bet (TDA 2019 rule 57, TDA 2015
//! rule 52, Pokerpunt and ONK rule 57). The edition's reading arrives as
//! [`UnclearBetReading`].

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Chips;
use crate::rules::concepts::{self as c, ConceptId};

/// The `unclear-bet` incident.
pub struct UnclearBet;

/// The provision that the pot bounding the reading counts the bets in
/// front of players not yet pulled in, as the `pot` question asks it.
const POT_COUNTS_BETS_IN_FRONT: &str = "unclear-pot-counts-bets-in-front";

/// The answers of `unclear-bet` (SPEC section 5).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The pot before the bet.
    pub pot: Chips,
    /// The bare number said.
    pub declared_number: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// Something else made the amount clear (57 reads the number so "with
    /// no other clarifying information").
    pub clarified: bool,
}

/// The amounts of `unclear-bet`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The bet.
    pub total: Chips,
}

/// What the JSON of `unclear-bet` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The legal readings, up to the first above the pot.
    pub readings: Vec<Chips>,
    /// The edition's reading.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<UnclearBetReading>,
}

impl Incident for UnclearBet {
    const ID: &'static str = "unclear-bet";
    type Answers = Answers;
    type Outcome = UnclearBetOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = crate::engine::notes::NoNote;
    const QUOTES: &'static [&'static str] = &[POT_COUNTS_BETS_IN_FRONT];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<UnclearBet>, Error> {
        if a.clarified {
            return Err(Error::input(
                "clarified",
                Message::new(Msg::UnclearClarified),
            ));
        }
        let reading = cx.params.unclear_bet_reading();
        let r = unclear_bet(
            &UnclearBetInput {
                pot: a.pot,
                declared_number: a.declared_number,
                big_blind: a.big_blind,
            },
            reading,
        )?;
        // The pot the answer gives counts the bets in front (TDA 57): an
        // edition that does not say what its pot counts is told so.
        // Read as the smaller bet (tda-2015-de 52), the pot decides nothing.
        let pot_bounds = reading != UnclearBetReading::Smaller;
        let cites = r.concepts.into_iter().map(|concept| match concept {
            c::UNCLEAR_BETS if pot_bounds => concept.stating(POT_COUNTS_BETS_IN_FRONT),
            other => other.into(),
        });
        let mut d = Decision::<UnclearBet>::new(r.outcome, cites);
        d.amounts.total = r.total;
        // The readings that matter: up to the first one above the pot.
        let shown: Vec<Chips> = match r.readings.iter().position(|x| *x > a.pot) {
            Some(i) => r.readings.iter().take(i + 1).copied().collect(),
            None => r.readings.clone(),
        };
        d.extra = Extra {
            readings: shown,
            reading: Some(reading),
        };
        Ok(d)
    }
}

pub use crate::rules::vocab::UnclearBetReading;

/// The answers of the `unclear-bet` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnclearBetInput {
    /// The pot before the bet: everything in the pot and every bet in front
    /// of a player not yet pulled in.
    pub pot: Chips,
    /// The bare number said, e.g. 5 for "I bet five".
    pub declared_number: Chips,
    /// The big blind: a reading below it is not a legal bet.
    pub big_blind: Chips,
}

crate::outcomes! {
    /// The outcome id of the `unclear-bet` incident.
    #[derive(serde::Deserialize)]
    pub enum UnclearBetOutcome {
        /// The declaration is a bet of `total`.
        Bet => [UNCLEAR_BETS, FLOOR_DECISIONS],
    }
}

/// The reading of an unclear bet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnclearBetRuling {
    /// Always [`UnclearBetOutcome::Bet`].
    pub outcome: UnclearBetOutcome,
    /// The bet: one of `readings`.
    pub total: Chips,
    /// Every legal reading of the number ([`readings`]), smallest first.
    pub readings: Vec<Chips>,
    /// False when no legal reading met the edition's pot test and the
    /// smallest legal reading was taken instead (see [`unclear_bet`]).
    pub fits_pot: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// The legal readings of a bare number: the number said with one scale
/// word left unsaid, "five" for five hundred, five thousand, five hundred
/// thousand, five million and so on (`declared_number × 10^k` for `k` of 0,
/// 2, 3, 5, 6, 8, 9, …), that are at least the big blind (a smaller bet is
/// not a legal bet) and fit in the chip range, smallest first. "Five" never
/// reads as fifty or fifty thousand: those are other words.
///
/// ```
/// use floor::incidents::unclear_bet::readings;
///
/// // NLHE 200-400, "five": 5 is below the big blind.
/// assert_eq!(readings(5, 400).unwrap()[..4], [500, 5000, 500_000, 5_000_000]);
/// ```
pub fn readings(declared_number: Chips, big_blind: Chips) -> Result<Vec<Chips>, Error> {
    if declared_number == 0 {
        return Err(Error::input(
            "declared_number",
            Message::new(Msg::UnclearZero),
        ));
    }
    if big_blind == 0 {
        return Err(Error::input("big_blind", Message::new(Msg::BigBlindZero)));
    }
    let mut out = Vec::new();
    // The powers of ten a scale word stands for: one, hundred, thousand,
    // hundred thousand, million, … (k mod 3 is 0 or 2).
    let mut reading = Some(declared_number);
    let mut k = 0u32;
    while let Some(r) = reading {
        if k % 3 != 1 && r >= big_blind {
            out.push(r);
        }
        reading = r.checked_mul(10);
        k += 1;
    }
    if out.is_empty() {
        return Err(Error::input(
            "declared_number",
            Message::new(Msg::UnclearNoReading)
                .arg("number", declared_number)
                .arg("big_blind", big_blind),
        ));
    }
    Ok(out)
}

/// Reads an unclear bet (rule 57 in TDA 2019 numbering, 52 in the German
/// TDA 2015; concept `unclear-bets`).
///
/// The readings of the number ([`readings`]) are the amounts it can stand
/// for that are legal bets (at least the big blind). The edition picks one:
/// - [`UnclearBetReading::AtMostPot`]: the highest reading `<= pot`;
/// - [`UnclearBetReading::BelowPot`]: the highest reading `< pot`;
/// - [`UnclearBetReading::Smaller`]: the smallest reading, whatever the pot
///   (German rule 52: "If it is unclear whether 500 or 5000 is meant, the bet
///   is 500").
///
/// When no reading passes the pot test (the pot is smaller than every legal
/// reading, e.g. "five" at 200-400 with 300 in the pot) none of the rule
/// texts fits; the smallest legal reading is taken, since it is the one
/// closest to the pot, and `fits_pot` is false so the ruling can say that
/// the TD decides (rule 1).
///
/// ```
/// use floor::incidents::unclear_bet::{UnclearBetInput, UnclearBetReading, unclear_bet};
///
/// // dpc-2019-en rule 57: NLHE 200-400, "I bet five" with 5000 in the pot.
/// let five = UnclearBetInput { pot: 5000, declared_number: 5, big_blind: 400 };
/// assert_eq!(unclear_bet(&five, UnclearBetReading::AtMostPot).unwrap().total, 5000);
/// // onk-2023-nl rule 57 reads "kleiner dan de pot": 500.
/// assert_eq!(unclear_bet(&five, UnclearBetReading::BelowPot).unwrap().total, 500);
/// ```
pub fn unclear_bet(
    input: &UnclearBetInput,
    reading: UnclearBetReading,
) -> Result<UnclearBetRuling, Error> {
    let all = readings(input.declared_number, input.big_blind)?;
    let pot = input.pot;
    let fitting = match reading {
        UnclearBetReading::AtMostPot => all.iter().rev().find(|r| **r <= pot).copied(),
        UnclearBetReading::BelowPot => all.iter().rev().find(|r| **r < pot).copied(),
        UnclearBetReading::Smaller => all.first().copied(),
    };
    let smallest = all.first().copied().ok_or_else(|| {
        Error::input(
            "declared_number",
            Message::new(Msg::UnclearNoReading)
                .arg("number", input.declared_number)
                .arg("big_blind", input.big_blind),
        )
    })?;
    let (total, fits_pot) = match fitting {
        Some(t) => (t, true),
        None => (smallest, false),
    };
    let mut concepts = vec![c::UNCLEAR_BETS];
    if !fits_pot {
        concepts.push(c::FLOOR_DECISIONS);
    }
    Ok(UnclearBetRuling {
        outcome: UnclearBetOutcome::Bet,
        total,
        readings: all,
        fits_pot,
        concepts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use UnclearBetReading::{AtMostPot, BelowPot, Smaller};
    use proptest::prelude::*;

    fn five(pot: Chips) -> UnclearBetInput {
        UnclearBetInput {
            pot,
            declared_number: 5,
            big_blind: 400,
        }
    }

    fn total(pot: Chips, reading: UnclearBetReading) -> Chips {
        unclear_bet(&five(pot), reading).unwrap().total
    }

    // dpc-2019-en rule 57: "if the pot totals 5000 or more, the bet is 5000"
    #[test]
    fn dpc_2019_en_r57_five_with_pot_of_5000_is_5000() {
        assert_eq!(total(5000, AtMostPot), 5000);
        assert_eq!(total(7000, AtMostPot), 5000);
    }

    // tda-2015-de rule 52: "Wenn unklar ist ob 500 oder 5000 gemeint ist, wird die Bet als 500 gewertet."
    #[test]
    fn tda_2015_de_r52_five_is_the_smaller_bet_500() {
        assert_eq!(total(4999, Smaller), 500);
        assert_eq!(total(5000, Smaller), 500);
        assert_eq!(total(80_000, Smaller), 500);
    }

    // SPEC section 6: pot 5000 and "five" is 5000 in tda-2019-sk, 500 in onk-2023-nl.
    #[test]
    fn spec_pot_of_exactly_5000_splits_the_editions() {
        assert_eq!(total(5000, AtMostPot), 5000);
        assert_eq!(total(5000, BelowPot), 500);
        assert_eq!(total(5000, Smaller), 500);
    }

    // "Five" is five hundred, five thousand, five hundred thousand: never
    // fifty thousand, however large the pot ("two" never twenty thousand).
    #[test]
    fn a_number_reads_with_a_scale_word_left_unsaid() {
        for (pot, bet) in [(60_000, 5000), (499_999, 5000), (500_000, 500_000)] {
            assert_eq!(total(pot, AtMostPot), bet, "pot {pot}");
        }
        let two = UnclearBetInput {
            pot: 25_000,
            declared_number: 2,
            big_blind: 400,
        };
        assert_eq!(unclear_bet(&two, AtMostPot).unwrap().total, 2000);
        assert_eq!(readings(25, 100).unwrap()[..3], [2500, 25_000, 2_500_000]);
    }

    #[test]
    fn no_reading_fits_takes_the_smallest_legal_bet() {
        for reading in [AtMostPot, BelowPot] {
            let r = unclear_bet(&five(300), reading).unwrap();
            assert_eq!((r.total, r.fits_pot), (500, false));
            assert_eq!(r.concepts, vec![c::UNCLEAR_BETS, c::FLOOR_DECISIONS]);
        }
        let r = unclear_bet(&five(300), Smaller).unwrap();
        assert!(r.fits_pot);
        assert_eq!(r.concepts, vec![c::UNCLEAR_BETS]);
    }

    #[test]
    fn readings_edge_cases() {
        assert_eq!(readings(5, 500).unwrap()[0], 500);
        assert_eq!(readings(5, 501).unwrap()[0], 5000);
        // 10^0 to 10^19 fit in the chip range; 10^1, 10^4, … 10^19 are
        // "ten", "ten thousand", …, no reading of "one".
        assert_eq!(readings(1, 1).unwrap().len(), 13);
        assert_eq!(
            readings(2, 1).unwrap().last(),
            Some(&2_000_000_000_000_000_000)
        );
        assert_eq!(readings(u64::MAX, 1).unwrap(), vec![u64::MAX]);
        assert_eq!(
            readings(0, 400).unwrap_err().input_key(),
            Some("declared_number")
        );
        assert_eq!(readings(5, 0).unwrap_err().input_key(), Some("big_blind"));
        assert_eq!(
            readings(2, u64::MAX).unwrap_err().input_key(),
            Some("declared_number")
        );
    }

    fn any_reading() -> impl Strategy<Value = UnclearBetReading> {
        prop_oneof![Just(AtMostPot), Just(BelowPot), Just(Smaller)]
    }

    proptest! {
        #[test]
        fn result_is_a_reading_and_monotone_in_pot(
            n in 1u64..100_000,
            bb in 1u64..1_000_000,
            pot in 0u64..10_000_000_000,
            more in 0u64..10_000_000_000,
            reading in any_reading(),
        ) {
            let a = unclear_bet(&UnclearBetInput { pot, declared_number: n, big_blind: bb }, reading).unwrap();
            prop_assert!(a.readings.contains(&a.total));
            prop_assert!(a.total >= bb);
            let mut k = a.total;
            while k > n && k.is_multiple_of(10) { k /= 10; }
            prop_assert_eq!(k, n);
            let b = unclear_bet(&UnclearBetInput { pot: pot + more, declared_number: n, big_blind: bb }, reading).unwrap();
            prop_assert!(b.total >= a.total);
        }

        #[test]
        fn at_most_pot_never_exceeds_the_pot_when_a_reading_fits(
            n in 1u64..100_000,
            bb in 1u64..1_000_000,
            pot in 0u64..10_000_000_000,
        ) {
            let r = unclear_bet(&UnclearBetInput { pot, declared_number: n, big_blind: bb }, AtMostPot).unwrap();
            if r.readings.iter().any(|x| *x <= pot) {
                prop_assert!(r.total <= pot);
                prop_assert!(r.fits_pot);
                // And it is the highest such reading.
                prop_assert!(r.readings.iter().all(|x| *x > pot || *x <= r.total));
            }
            let below = unclear_bet(&UnclearBetInput { pot, declared_number: n, big_blind: bb }, BelowPot).unwrap();
            if below.readings.iter().any(|x| *x < pot) {
                prop_assert!(below.total < pot);
            }
        }
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [UnclearBetOutcome::Bet]
            .iter()
            .map(|o| {
                serde_json::to_value(o)
                    .unwrap()
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        assert_eq!(ids, ["bet"]);
    }

    // dpc-2019-en 57: "With no other clarifying information, the bet is
    // 500": where something else made the amount clear (the chips pushed
    // with the words), the bare number is not read, in every edition.
    #[test]
    fn other_clarifying_information_is_not_read_as_a_bare_number() {
        for edition in crate::incidents::EDITIONS {
            let answers = |clarified| Answers {
                pot: 3000,
                declared_number: 5,
                big_blind: 400,
                clarified,
            };
            let e = crate::incidents::rule_in::<UnclearBet>(edition, answers(true)).unwrap_err();
            assert_eq!(e.input_key(), Some("clarified"), "{edition}");
            let d = crate::incidents::rule_in::<UnclearBet>(edition, answers(false)).unwrap();
            assert_eq!(d.outcome, UnclearBetOutcome::Bet, "{edition}");
        }
    }
}
