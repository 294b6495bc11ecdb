//! The pot-limit maximum: how much a player may bet or raise to in a
//! pot-limit game (incident `pot-limit`).
//!
//! Applies the pot-limit cap of the player's [`Spot`] (TDA 2019 rule 54,
//! TDA 2015 rule 50, Pokerpunt rule 54, ONK rule 54), with the short blind
//! of 54-B. The rule's numbers are the same in all five bundled editions:
//! "pre-flop a short all-in blind will not affect calculation of the maximum
//! pot limit bet. Post-flop, bets are based on actual pot size."

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{Chips, Game, HouseMinimum, Spot};
use crate::rules::concepts::{self as c, ConceptId};

use super::situation::{self, Needs, Situation, WithRound};

/// The `pot-limit` incident.
pub struct PotLimit;

/// The answers of `pot-limit` of its own (SPEC section 5); the round is
/// told by the keys every betting incident shares
/// ([`Told`](super::situation::Told)).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The pot, bets in front included.
    pub pot: Chips,
    /// A pre-flop blind is all-in short (not asked after the flop, where
    /// the pot is the actual pot).
    pub short_blind: Option<bool>,
    /// What the short blind posted.
    pub blind_posted: Option<Chips>,
    /// The full size of that blind.
    pub blind_full: Option<Chips>,
}

impl Incident for PotLimit {
    const ID: &'static str = "pot-limit";
    type Answers = WithRound<Answers>;
    type Outcome = PotLimitOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;

    fn rule(given: WithRound<Answers>, cx: &mut Cx<'_>) -> Result<Decision<PotLimit>, Error> {
        let WithRound { answers: a, told } = given;
        let big_blind = told
            .big_blind
            .ok_or_else(|| super::answer_needed("big_blind"))?;
        let needs = Needs {
            game: Some(Game::PotLimit),
            short_blind: a.short_blind == Some(true),
            ..Needs::default()
        };
        let situation = Situation::read(&told, needs, cx)?;
        let spot = situation.spot;
        let (facing, in_front) = (spot.facing, spot.in_front);
        let all_in = spot.all_in_total();
        let short_blind = match (a.short_blind, a.blind_posted, a.blind_full) {
            (None | Some(false), _, _) => None,
            (Some(true), Some(posted), Some(full)) => Some(ShortBlind { posted, full }),
            (Some(true), None, _) => {
                return Err(Error::input(
                    "blind_posted",
                    Message::new(Msg::PotBlindPosted),
                ));
            }
            (Some(true), Some(_), None) => {
                return Err(Error::input(
                    "blind_full",
                    Message::new(Msg::PotBlindPosted),
                ));
            }
        };
        // A short blind pre-flop is faced at its full size (54-B): a bet
        // faced left at its default decided nothing and is not assumed.
        if short_blind.is_some() && facing < big_blind {
            cx.unused("facing");
        }
        let r = max_bet(&PotLimitInput {
            pot: a.pot,
            facing,
            in_front,
            big_blind,
            short_blind,
            house: spot.house,
        })?;
        let mut d = Decision::<PotLimit>::new(r.outcome, r.concepts);
        match r.working {
            Some(w) if w.facing == 0 => d.notes.push(Notes::WorkingNoBet {
                pot: w.after,
                max_total: r.max_total,
            }),
            Some(w) => d.notes.push(Notes::Working {
                before: w.before,
                facing: w.facing,
                call: w.call,
                after: w.after,
                max_total: r.max_total,
            }),
            None => {}
        }
        // His chips bound the call as they bound the maximum.
        d.amounts.to_call = all_in.map_or(r.to_call, |all| all.min(r.to_call));
        match all_in {
            // A call is all his chips: no bet beyond it.
            Some(all) if all <= r.to_call && spot.facing_bet() => {
                d.amounts.max_total = all;
                d.notes
                    .extend(situation::CallAllIn::of(&spot).map(Notes::CallAllIn));
            }
            // He cannot put in the pot-limit maximum: all his chips.
            Some(all) if all < r.max_total => {
                d.amounts.max_total = all;
                d.notes.push(Notes::PotLimitAllIn {
                    total: all,
                    max: r.max_total,
                });
            }
            _ => d.amounts.max_total = r.max_total,
        }
        d.extra.player = situation.player;
        if situation.notes.contains(&situation::Note::StreetUnnamed) {
            d.notes.push(Notes::StreetUnnamed);
        }
        Ok(d)
    }
}

/// The amounts of `pot-limit`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The total to call.
    pub to_call: Chips,
    /// The largest total he may bet or raise to.
    pub max_total: Chips,
}

/// What the JSON of `pot-limit` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The player, told as played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

crate::notes! {
    /// The notes of `pot-limit`.
    pub enum Notes {
        /// His chips fall short of the maximum: all of them.
        PotLimitAllIn { total: Chips, max: Chips } = "pot_limit_all_in",
        /// A call is all his chips.
        CallAllIn(situation::CallAllIn) = "call_all_in",
        /// How the maximum is reached against a bet.
        Working { before: Chips, facing: Chips, call: Chips, after: Chips, max_total: Chips } = "pot_limit_working",
        /// How the maximum is reached with no bet to call.
        WorkingNoBet { pot: Chips, max_total: Chips } = "pot_limit_working_no_bet",
        /// The round was not named: taken as after the flop.
        StreetUnnamed = "street_unnamed",
    }
}

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
    /// A house minimum raise above TDA 43: the maximum is never below it.
    pub house: Option<HouseMinimum>,
}

crate::outcomes! {
    /// The outcome id of the `pot-limit` incident.
    #[derive(serde::Deserialize)]
    pub enum PotLimitOutcome {
        /// The player may bet or raise up to `max_total`.
        MaxBet => [POT_SIZE_POT_LIMIT],
    }
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
    /// How the maximum is reached, when it is the pot's size (not the
    /// minimum raise): the card shows it.
    pub working: Option<Working>,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// The pot-limit maximum worked out as a floor person counts it: the pot
/// before the bet faced, that bet, the call he adds, the pot after it; the
/// maximum is the bet faced plus that pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Working {
    /// The pot before the bet faced (his own chips in front included).
    pub before: Chips,
    /// The bet faced (0: none).
    pub facing: Chips,
    /// What his call adds.
    pub call: Chips,
    /// The pot once he has called.
    pub after: Chips,
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
/// use floor::incidents::pot_limit::{PotLimitInput, max_bet};
///
/// // Blinds 100-200 pre-flop: the pot holds 300 and the player faces the
/// // 200 big blind. He may raise to 200 + (300 + 200) = 700.
/// let r = max_bet(&PotLimitInput {
///     pot: 300,
///     facing: 200,
///     in_front: 0,
///     big_blind: 200,
///     short_blind: None,
///     house: None,
/// })
/// .unwrap();
/// assert_eq!((r.to_call, r.max_total), (200, 700));
/// ```
pub fn max_bet(input: &PotLimitInput) -> Result<PotLimitRuling, Error> {
    let PotLimitInput {
        pot,
        facing,
        in_front,
        big_blind,
        short_blind,
        house,
    } = *input;
    if big_blind == 0 {
        return Err(Error::input("big_blind", Message::new(Msg::BigBlindZero)));
    }
    let mut spot = Spot {
        in_front,
        pot: Some(pot),
        house,
        ..Spot::new(Game::PotLimit, big_blind, facing)
    };
    if let Some(ShortBlind { posted, full }) = short_blind {
        if full == 0 || full > big_blind {
            return Err(Error::input(
                "short_blind",
                Message::new(Msg::PotBlindNotOfLevel)
                    .arg("full", full)
                    .arg("big_blind", big_blind),
            ));
        }
        let missing = full.checked_sub(posted).filter(|m| *m > 0).ok_or_else(|| {
            Error::input(
                "short_blind",
                Message::new(Msg::PotBlindNotShort)
                    .arg("posted", posted)
                    .arg("full", full),
            )
        })?;
        spot = spot
            .with_full_blind(missing)
            .map_err(|m| Error::input("pot", m))?;
    }
    let max_total = spot
        .pot_limit_max()
        .map_err(|(key, m)| Error::input(key, m))?;
    // pot_limit_max has checked these: the pot holds the bet faced, and his
    // chips in front are no more than it.
    let counted = spot.pot.unwrap_or_default();
    let call = spot.facing.saturating_sub(spot.in_front);
    let after = counted.saturating_add(call);
    let working = Working {
        before: counted.saturating_sub(spot.facing),
        facing: spot.facing,
        call,
        after,
    };
    Ok(PotLimitRuling {
        outcome: PotLimitOutcome::MaxBet,
        to_call: spot.facing,
        max_total,
        working: (spot.facing.saturating_add(after) == max_total).then_some(working),
        concepts: vec![c::POT_SIZE_POT_LIMIT],
    })
}

/// The pot-limit maximum of a player facing `facing` with `in_front` of his
/// own chips, `pot` holding everything in the pot and in front (the
/// [`Spot`]'s formula, without a short-blind adjustment).
///
/// ```
/// use floor::incidents::pot_limit::max_total;
///
/// // Post-flop pot 1000 (including a 300 bet faced): raise to 300 + 1000 + 300.
/// assert_eq!(max_total(1000, 300, 0, 200).unwrap(), 1600);
/// ```
pub fn max_total(
    pot: Chips,
    facing: Chips,
    in_front: Chips,
    big_blind: Chips,
) -> Result<Chips, Error> {
    Spot {
        in_front,
        pot: Some(pot),
        ..Spot::new(Game::PotLimit, big_blind, facing)
    }
    .pot_limit_max()
    .map_err(|(key, m)| Error::input(key, m))
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
            house: None,
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
            assert_eq!(r.concepts, vec![c::POT_SIZE_POT_LIMIT]);
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
            house: None,
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
            house: None,
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
        let key = |r: Result<PotLimitRuling, Error>| match r {
            Err(e) => e.input_key().expect("an input at fault"),
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
        assert_eq!(r.unwrap_err().input_key(), Some("pot"));
        let r = max_bet(&input(u64::MAX - 1, 1, 0));
        assert!(r.is_err());
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
                pot, facing, in_front, big_blind: bb, short_blind: None, house: None,
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
