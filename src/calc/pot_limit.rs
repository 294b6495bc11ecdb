//! The pot-limit maximum: how much a player may bet or raise to in a
//! pot-limit game (incident `pot-limit`).
//!
//! Owns the arithmetic of the pot-limit cap (TDA 2019 rule 54, TDA 2015 rule
//! 50, Pokerpunt rule 54, ONK rule 54) and nothing else: no I/O, no edition
//! lookup. The other calculators ([`super::betting`], [`super::incorrect`])
//! use [`max_total`] for the cap.
//!
//! The rule's numbers are the same in all five bundled editions: "pre-flop a
//! short all-in blind will not affect calculation of the maximum pot limit
//! bet. Post-flop, bets are based on actual pot size."

use super::{CalcError, Chips, add};

/// A pre-flop blind that was posted short because the player is all-in for
/// less than the blind (rule 54-B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShortBlind {
    /// The chips the blind actually posted (all the chips the player had).
    pub posted: Chips,
    /// The full size of that blind (the big blind, or the small blind when
    /// the small blind is the short one).
    pub full: Chips,
}

/// The answers of the `pot-limit` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PotLimitInput {
    /// Everything in the pot and in front of players before this action,
    /// including the bet faced and the player's own chips in front.
    pub pot: Chips,
    /// The total bet the player faces this round (0 if none; pre-flop the
    /// big blind counts).
    pub facing: Chips,
    /// The player's own chips already in front this round.
    pub in_front: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// Pre-flop only: a blind posted short by an all-in player. The maximum
    /// is computed as if that blind had been posted in full.
    pub short_blind: Option<ShortBlind>,
}

/// The outcome id of the `pot-limit` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PotLimitOutcome {
    /// The player may bet or raise up to `max_total`.
    MaxBet,
}

/// The pot-limit ruling: the call and the largest legal total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotLimitRuling {
    /// Always [`PotLimitOutcome::MaxBet`].
    pub outcome: PotLimitOutcome,
    /// The player's total for the round if he calls.
    pub to_call: Chips,
    /// The largest total the player may bet or raise to.
    pub max_total: Chips,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Computes the pot-limit maximum (rule 54 in TDA 2019 numbering, 50 in the
/// German TDA 2015, 54 in Pokerpunt and ONK; concept `pot-size-pot-limit`).
///
/// The player first calls, then raises by the size of the pot after the
/// call:
///
/// `max_total = facing + (pot + (facing - in_front))`
///
/// where `pot` already holds the bet faced and the player's own chips in
/// front. With a short all-in blind pre-flop (rule 54-B, the same in every
/// bundled edition) the pot is counted as if the blind were complete, and the
/// bet faced is at least the full big blind. The minimum bet or raise is
/// always allowed, so `max_total` is never below the minimum legal total
/// (the big blind, or `facing` plus the big blind).
///
/// Errors name the answer key at fault: `big_blind` (zero), `in_front`
/// (more than the bet faced), `pot` (smaller than the chips it must
/// contain), `short_blind` (not short, or larger than the big blind).
///
/// ```
/// use floor::calc::pot_limit::{PotLimitInput, max_bet};
///
/// // Blinds 100-200 pre-flop: the pot holds 300 and the player faces the
/// // 200 big blind. He may raise to 200 + (300 + 200) = 700.
/// let r = max_bet(&PotLimitInput {
///     pot: 300,
///     facing: 200,
///     in_front: 0,
///     big_blind: 200,
///     short_blind: None,
/// })
/// .unwrap();
/// assert_eq!((r.to_call, r.max_total), (200, 700));
/// ```
pub fn max_bet(input: &PotLimitInput) -> Result<PotLimitRuling, CalcError> {
    let PotLimitInput {
        pot,
        facing,
        in_front,
        big_blind,
        short_blind,
    } = *input;
    if big_blind == 0 {
        return Err(CalcError::invalid(
            "big_blind",
            "the big blind must be at least 1 chip",
        ));
    }
    let (pot, facing) = match short_blind {
        None => (pot, facing),
        Some(ShortBlind { posted, full }) => {
            if full == 0 || full > big_blind {
                return Err(CalcError::invalid(
                    "short_blind",
                    format!(
                        "a blind of {full} is not a blind of this level: give the full size of the \
                         short blind (at most the big blind {big_blind})"
                    ),
                ));
            }
            let missing = full.checked_sub(posted).filter(|m| *m > 0).ok_or_else(|| {
                CalcError::invalid(
                    "short_blind",
                    format!(
                        "a blind that posted {posted} of {full} is not short: only an all-in \
                         blind of less than {full} is short"
                    ),
                )
            })?;
            (add(pot, missing, "pot")?, facing.max(big_blind))
        }
    };
    Ok(PotLimitRuling {
        outcome: PotLimitOutcome::MaxBet,
        to_call: facing,
        max_total: max_total(pot, facing, in_front, big_blind)?,
        concepts: vec!["pot-size-pot-limit"],
    })
}

/// The pot-limit maximum total for a player who faces `facing` with
/// `in_front` of his own chips already in front, when `pot` holds everything
/// in the pot and in front of the players (rule 54): `facing + pot +
/// (facing - in_front)`, never below the minimum bet or raise (`big_blind`
/// when no bet is faced, `facing + big_blind` otherwise).
///
/// No short-blind adjustment is made here; [`max_bet`] makes it.
///
/// ```
/// use floor::calc::pot_limit::max_total;
///
/// // Post-flop pot 1000 (including a 300 bet faced): raise to 300 + 1000 + 300.
/// assert_eq!(max_total(1000, 300, 0, 200).unwrap(), 1600);
/// ```
pub fn max_total(
    pot: Chips,
    facing: Chips,
    in_front: Chips,
    big_blind: Chips,
) -> Result<Chips, CalcError> {
    let call = facing.checked_sub(in_front).ok_or_else(|| {
        CalcError::invalid(
            "in_front",
            format!(
                "{in_front} in front is more than the {facing} bet faced: the bet faced includes \
                 the player's own chips"
            ),
        )
    })?;
    // The pot holds the bet faced and, when it is another player's bet, the
    // player's own chips in front as well.
    let contained = if call > 0 {
        add(facing, in_front, "pot")?
    } else {
        facing
    };
    if pot < contained {
        return Err(CalcError::invalid(
            "pot",
            format!(
                "a pot of {pot} cannot hold the {facing} bet faced and the {in_front} in front: \
                 count everything in the pot and in front of the players"
            ),
        ));
    }
    let raise_by = add(pot, call, "pot")?;
    let pot_total = add(facing, raise_by, "pot")?;
    let min_total = add(facing, big_blind, "big_blind")?;
    let min_total = if facing == 0 { big_blind } else { min_total };
    Ok(pot_total.max(min_total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn input(pot: Chips, facing: Chips, in_front: Chips) -> PotLimitInput {
        PotLimitInput {
            pot,
            facing,
            in_front,
            big_blind: 200,
            short_blind: None,
        }
    }

    #[test]
    fn table_of_pot_limit_maxima() {
        // (pot, facing, in_front, to_call, max_total)
        let cases: &[(Chips, Chips, Chips, Chips, Chips)] = &[
            // Unopened flop, pot 600: bet the pot.
            (600, 0, 0, 0, 600),
            // Pre-flop 100-200, first to act: 200 + 300 + 200.
            (300, 200, 0, 200, 700),
            // Small blind completing: 200 + 300 + 100.
            (300, 200, 100, 200, 600),
            // Big blind with the option after limps: 200 + 500 + 0.
            (500, 200, 200, 200, 700),
            // Post-flop bet of 300 into 600 (pot now 900): 300 + 900 + 300.
            (900, 300, 0, 300, 1500),
            // Raised to 900 over the player's own 300 bet (pot 1800).
            (1800, 900, 300, 900, 3300),
        ];
        for &(pot, facing, in_front, to_call, max) in cases {
            let r = max_bet(&input(pot, facing, in_front)).unwrap();
            assert_eq!(
                (r.to_call, r.max_total),
                (to_call, max),
                "{pot}/{facing}/{in_front}"
            );
            assert_eq!(r.outcome, PotLimitOutcome::MaxBet);
            assert_eq!(r.concepts, vec!["pot-size-pot-limit"]);
        }
    }

    #[test]
    fn short_all_in_big_blind_counts_as_full_pre_flop() {
        // Blinds 100-200, the big blind is all-in for 60: pot 160. Rule 54-B:
        // compute as if 200 were posted (pot 300, facing 200): 700.
        let r = max_bet(&PotLimitInput {
            pot: 160,
            facing: 60,
            in_front: 0,
            big_blind: 200,
            short_blind: Some(ShortBlind {
                posted: 60,
                full: 200,
            }),
        })
        .unwrap();
        assert_eq!((r.to_call, r.max_total), (200, 700));
    }

    #[test]
    fn short_all_in_small_blind_counts_as_full_pre_flop() {
        // Small blind all-in for 40 of 100: pot 240 counts as 300.
        let r = max_bet(&PotLimitInput {
            pot: 240,
            facing: 200,
            in_front: 0,
            big_blind: 200,
            short_blind: Some(ShortBlind {
                posted: 40,
                full: 100,
            }),
        })
        .unwrap();
        assert_eq!((r.to_call, r.max_total), (200, 700));
    }

    #[test]
    fn tiny_pot_still_allows_the_minimum_bet() {
        assert_eq!(max_total(50, 0, 0, 200).unwrap(), 200);
        assert_eq!(max_total(0, 0, 0, 200).unwrap(), 200);
    }

    #[test]
    fn contradictory_inputs_name_the_key() {
        let key = |r: Result<PotLimitRuling, CalcError>| match r {
            Err(CalcError::Invalid { input, .. }) => input,
            other => panic!("expected an invalid input, got {other:?}"),
        };
        assert_eq!(key(max_bet(&input(1000, 100, 200))), "in_front");
        assert_eq!(key(max_bet(&input(250, 200, 100))), "pot");
        assert_eq!(key(max_bet(&input(100, 200, 0))), "pot");
        assert_eq!(
            key(max_bet(&PotLimitInput {
                big_blind: 0,
                ..input(300, 0, 0)
            })),
            "big_blind"
        );
        for short in [
            ShortBlind {
                posted: 200,
                full: 200,
            },
            ShortBlind {
                posted: 10,
                full: 400,
            },
            ShortBlind { posted: 0, full: 0 },
        ] {
            assert_eq!(
                key(max_bet(&PotLimitInput {
                    short_blind: Some(short),
                    ..input(300, 200, 0)
                })),
                "short_blind"
            );
        }
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        let r = max_bet(&input(u64::MAX, u64::MAX / 2, 0));
        assert_eq!(r, Err(CalcError::Overflow { input: "pot" }));
        let r = max_bet(&input(u64::MAX - 1, 1, 0));
        assert!(matches!(r, Err(CalcError::Overflow { .. })));
    }

    proptest! {
        #[test]
        fn max_total_is_at_least_every_legal_min_raise(
            bb in 1u64..10_000,
            facing in 0u64..1_000_000,
            in_front_frac in 0u64..=100,
            last_raise_frac in 0u64..=100,
            extra in 0u64..1_000_000,
        ) {
            let in_front = facing * in_front_frac / 100;
            let contained = if in_front < facing { facing + in_front } else { facing };
            let pot = contained + extra;
            let r = max_bet(&PotLimitInput {
                pot, facing, in_front, big_blind: bb, short_blind: None,
            }).unwrap();
            // The largest prior full bet or raise is never more than the bet faced.
            let last_raise = facing * last_raise_frac / 100;
            let min_raise_to = if facing == 0 { bb } else { facing + last_raise.max(bb) };
            prop_assert!(r.max_total >= min_raise_to);
            prop_assert_eq!(r.to_call, facing);
        }

        #[test]
        fn max_total_is_monotone_in_pot(
            facing in 0u64..1_000_000,
            in_front_frac in 0u64..=100,
            extra in 0u64..1_000_000,
            more in 0u64..1_000_000,
        ) {
            let in_front = facing * in_front_frac / 100;
            let contained = if in_front < facing { facing + in_front } else { facing };
            let a = max_total(contained + extra, facing, in_front, 100).unwrap();
            let b = max_total(contained + extra + more, facing, in_front, 100).unwrap();
            prop_assert!(b >= a);
        }
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [PotLimitOutcome::MaxBet]
            .iter()
            .map(|o| {
                serde_json::to_value(o)
                    .unwrap()
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        assert_eq!(ids, ["max-bet"]);
    }
}
