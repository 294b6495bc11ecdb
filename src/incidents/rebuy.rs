//! A rebuy at the table (incident `rebuy`).
//!
//! Concept `rebuys`: rule 27 (26 in tda-2015-de). Every edition says a
//! player may not miss a hand ("Players may not miss a hand", "Ein Spieler
//! im Turnier darf keine Hand aussetzen"; provision `rebuy-no-missed-hand`)
//! and that a rebuy declared before the hand binds: he plays those chips
//! behind and must make it (`rebuy-declared-binds`; onk-2023-nl's example:
//! an all-in then includes the rebuy chips not yet on the table). Who may
//! rebuy only onk-2023-nl says: 50% of the starting stack or less
//! (parameter `rebuy_threshold_percent`), and in a single-rebuy event at any
//! time of the rebuy period (`rebuy-single-any-time`); in the other
//! editions the event's rebuy terms decide. A rebuy declared during a hand
//! no edition covers: the floor decides (rule 1).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Chips;

/// The `rebuy` incident.
pub struct Rebuy;

/// What the floor is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Situation {
    /// He asks to rebuy now: may he?
    MayRebuy,
    /// He wants to sit out hands until his rebuy is made.
    SitOut,
    /// He declared a rebuy: does it bind, do its chips play?
    Declared,
}

/// The answers of `rebuy`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What the floor is asked.
    pub situation: Situation,
    /// The event allows a single rebuy (asked where the edition says so).
    pub single_rebuy: Option<bool>,
    /// His chips now (asked where the edition sets a threshold).
    pub stack: Option<Chips>,
    /// The starting stack.
    pub starting_stack: Option<Chips>,
    /// He declared the rebuy before the hand began.
    pub before_hand: Option<bool>,
    /// The chips he has on the table.
    pub chips_on_table: Option<Chips>,
    /// The chips the rebuy gives.
    pub rebuy_chips: Option<Chips>,
}

/// The amounts of `rebuy`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The most chips he may have to rebuy.
    pub threshold: Option<Chips>,
    /// His chips in play: those on the table and the rebuy's.
    pub in_play: Option<Chips>,
}

impl Incident for Rebuy {
    const ID: &'static str = "rebuy";
    type Answers = Answers;
    type Outcome = RebuyOutcome;
    type Amounts = Amounts;
    type Extra = ();
    type Note = crate::engine::notes::NoNote;
    const PROVISIONS: &'static [&'static str] = &["rebuy-declared-binds", "rebuy-single-any-time"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<Rebuy>, Error> {
        let need = super::answer_needed;
        let mut amounts = Amounts::default();
        let mut variant = None;
        let outcome = match a.situation {
            Situation::SitOut => RebuyOutcome::DealtIn,
            Situation::Declared => {
                // pokerpunt-nl 27 binds "Spelers die duidelijk hebben gemaakt
                // een rebuy te willen doen", at no set time: when he said it
                // decides nothing there.
                let once_clear = cx
                    .stated("rebuy-declared-binds")?
                    .is_some_and(|t| t.when.as_deref() == Some("once-clear"));
                if once_clear {
                    variant = Some("once-clear");
                }
                if once_clear || a.before_hand.ok_or_else(|| need("before_hand"))? {
                    amounts.in_play = match (a.chips_on_table, a.rebuy_chips) {
                        (Some(on_table), Some(rebuy)) => Some(in_play(on_table, rebuy)?),
                        _ => None,
                    };
                    RebuyOutcome::ChipsPlay
                } else {
                    RebuyOutcome::TdDecides
                }
            }
            Situation::MayRebuy => {
                let single = cx.states("rebuy-single-any-time")? && a.single_rebuy.unwrap_or(false);
                match cx.params.rebuy_threshold_percent() {
                    _ if single => {
                        variant = Some("single");
                        RebuyOutcome::Allowed
                    }
                    None => RebuyOutcome::EventTerms,
                    Some(share) => {
                        let stack = a.stack.ok_or_else(|| need("stack"))?;
                        let start = a.starting_stack.ok_or_else(|| need("starting_stack"))?;
                        let most = threshold(start, share.get());
                        amounts.threshold = Some(most);
                        if stack <= most {
                            RebuyOutcome::Allowed
                        } else {
                            RebuyOutcome::NotAllowed
                        }
                    }
                }
            }
        };
        let mut d = Decision::<Rebuy>::plain(outcome);
        d.amounts = amounts;
        d.remedy_variant = variant;
        if d.amounts.threshold.is_some() {
            d.decided_by = cx
                .concept_stating("rebuy_threshold_percent")
                .map(str::to_string);
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `rebuy` incident.
    pub enum RebuyOutcome {
        /// He may rebuy.
        Allowed => [REBUYS],
        /// He has more than the edition allows for a rebuy.
        NotAllowed => [REBUYS],
        /// The edition sets no condition: the event's rebuy terms decide.
        EventTerms => [REBUYS],
        /// He may not miss a hand: he is dealt in.
        DealtIn => [REBUYS],
        /// The declared rebuy binds: its chips play, he must make it.
        ChipsPlay => [REBUYS],
        /// Declared during a hand: the floor decides.
        TdDecides => [REBUYS, FLOOR_DECISIONS],
    }
}

/// The most chips a player may have to rebuy: `percent` of the starting
/// stack, rounded down (onk-2023-nl 27: "50% of minder van de startstack").
///
/// ```
/// use floor::incidents::rebuy::threshold;
/// assert_eq!(threshold(10_000, 50), 5_000);
/// assert_eq!(threshold(10_001, 50), 5_000);
/// ```
pub fn threshold(starting_stack: Chips, percent: u32) -> Chips {
    let share = u128::from(starting_stack) * u128::from(percent.min(100)) / 100;
    // At most the starting stack, so it fits.
    Chips::try_from(share).unwrap_or(starting_stack)
}

/// His chips in play once the declared rebuy counts: those on the table and
/// the rebuy's (onk-2023-nl 27: "Mocht hij ... all-in gaan, dan is dit
/// inclusief de nog niet aanwezige rebuy-chips").
///
/// ```
/// use floor::incidents::rebuy::in_play;
/// assert_eq!(in_play(4_000, 20_000).unwrap(), 24_000);
/// ```
pub fn in_play(on_table: Chips, rebuy_chips: Chips) -> Result<Chips, Error> {
    on_table.checked_add(rebuy_chips).ok_or_else(|| {
        Error::input(
            "rebuy_chips",
            Message::new(Msg::Overflow).arg("input", "rebuy_chips"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::{EDITIONS, rule_in};
    use proptest::prelude::*;

    fn answers(situation: Situation) -> Answers {
        Answers {
            situation,
            single_rebuy: Some(false),
            stack: Some(4_000),
            starting_stack: Some(10_000),
            before_hand: Some(true),
            chips_on_table: None,
            rebuy_chips: None,
        }
    }

    fn outcome(edition: &str, a: Answers) -> RebuyOutcome {
        rule_in::<Rebuy>(edition, a).unwrap().outcome
    }

    // "Players may not miss a hand" (dpc 27), "Spelers mogen geen hand overslaan" (pokerpunt 27),
    // "Ein Spieler im Turnier darf keine Hand aussetzen" (tda-2015-de 26).
    #[test]
    fn no_edition_lets_him_miss_a_hand() {
        for edition in EDITIONS {
            assert_eq!(
                outcome(edition, answers(Situation::SitOut)),
                RebuyOutcome::DealtIn
            );
        }
    }

    // "Players declaring intent to rebuy before a hand are playing chips behind and must make
    // the re-buy" (dpc 27); "musia dostať žetóny a žetóny im hrajú" (tda-2019-sk 27).
    // pokerpunt-nl 27 "Spelers die duidelijk hebben gemaakt een rebuy te willen doen" sets no
    // time: declared during a hand binds there too.
    #[test]
    fn a_rebuy_declared_before_the_hand_binds_everywhere() {
        for edition in EDITIONS {
            let mut a = answers(Situation::Declared);
            a.chips_on_table = Some(2_000);
            a.rebuy_chips = Some(10_000);
            let d = rule_in::<Rebuy>(edition, a).unwrap();
            assert_eq!(d.outcome, RebuyOutcome::ChipsPlay);
            assert_eq!(d.amounts.in_play, Some(12_000));
            let mut a = answers(Situation::Declared);
            a.before_hand = Some(false);
            let during = match edition {
                "pokerpunt-nl" => RebuyOutcome::ChipsPlay,
                _ => RebuyOutcome::TdDecides,
            };
            assert_eq!(outcome(edition, a), during, "{edition}");
        }
    }

    // onk-2023-nl 27: "Wanneer een speler 50% of minder van de startstack heeft, is deze
    // gerechtigd tot het doen van een rebuy"; no other edition sets a condition.
    #[test]
    fn who_may_rebuy_per_edition() {
        use RebuyOutcome::{Allowed, EventTerms, NotAllowed};
        let rows = [
            (5_000, Allowed),
            (5_001, NotAllowed),
            (0, Allowed),
            (10_000, NotAllowed),
        ];
        for (stack, want) in rows {
            let mut a = answers(Situation::MayRebuy);
            a.stack = Some(stack);
            let d = rule_in::<Rebuy>("onk-2023-nl", a).unwrap();
            assert_eq!(
                (d.outcome, d.amounts.threshold),
                (want, Some(5_000)),
                "{stack}"
            );
        }
        for edition in &EDITIONS[1..] {
            assert_eq!(outcome(edition, answers(Situation::MayRebuy)), EventTerms);
        }
        // "Indien het een single-rebuy toernooi betreft dan mag de rebuy op elk willekeurig
        // moment tijdens de geldende rebuy-periode worden gedaan."
        let mut a = answers(Situation::MayRebuy);
        a.single_rebuy = Some(true);
        a.stack = Some(9_000);
        assert_eq!(outcome("onk-2023-nl", a), Allowed);
    }

    #[test]
    fn a_threshold_without_the_stacks_is_asked_for() {
        let mut a = answers(Situation::MayRebuy);
        a.stack = None;
        let e = rule_in::<Rebuy>("onk-2023-nl", a).unwrap_err();
        assert_eq!(e.input_key(), Some("stack"));
        let e = in_play(u64::MAX, 1).unwrap_err();
        assert_eq!(e.input_key(), Some("rebuy_chips"));
    }

    proptest! {
        // The threshold is the largest stack the share allows: a stack is at or below it
        // exactly when stack * 100 <= start * percent.
        #[test]
        fn threshold_is_the_largest_stack_allowed(start in 0u64..=u64::MAX, stack in 0u64..=u64::MAX, pct in 0u32..=100) {
            let t = threshold(start, pct);
            prop_assert!(t <= start);
            let exact = u128::from(stack) * 100 <= u128::from(start) * u128::from(pct);
            prop_assert_eq!(stack <= t, exact);
        }
    }
}
