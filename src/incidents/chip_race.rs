//! Chip race at a scheduled colour-up: exchanging a denomination that
//! leaves play (incident `chip-race`).
//!
//! Owns concept `chip-race`: TDA 2019 rule 24, TDA 2015 rule 23, pokerpunt
//! rule 24. The cards dealt in the race are random at the table; here
//! their result comes in as an input (the seats in the order their high
//! cards win).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::seats::{check_distinct, check_seat, clockwise_after};
use crate::poker::{Chips, Seat, add, mul};
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::params::tda;

/// The `chip-race` incident.
pub struct ChipRace;

/// The answers of `chip-race`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The denomination leaving play.
    pub removed_denomination: Chips,
    /// The smallest denomination staying in play.
    pub new_denomination: Chips,
    /// Each player's count of removed chips, `SEAT:COUNT,...`.
    pub removed_chips: Vec<(Seat, Chips)>,
    /// The seats whose only chips are removed ones: they could be raced
    /// out (not given: every player has other chips).
    pub no_other_chips: Option<Vec<Seat>>,
    /// The seats in the order their cards win the race.
    pub race_order: Option<Vec<Seat>>,
}

crate::outcomes! {
    /// The outcomes of `chip-race`.
    pub enum ChipRaceOutcome {
        /// The leftovers are raced.
        Race => [CHIP_RACE],
        /// No race: each player's leftover is rounded up to a new chip (the
        /// edition holds no chip race).
        RoundedUp => [CHIP_RACE],
    }
}

/// The answer key of the players' removed chips.
const REMOVED_CHIPS: &str = "removed_chips";

impl Incident for ChipRace {
    const ID: &'static str = "chip-race";
    type Answers = Answers;
    type Outcome = ChipRaceOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<ChipRace>, Error> {
        let counts = a.removed_chips;
        let only_removed = a.no_other_chips.unwrap_or_default();
        if let Some(seat) = only_removed
            .iter()
            .find(|s| !counts.iter().any(|(c, _)| c == *s))
        {
            return Err(Error::input(
                "no_other_chips",
                Message::new(Msg::ChipRaceSeatNotListed).arg("seat", seat),
            ));
        }
        let stacks: Vec<RaceStack> = counts
            .iter()
            .map(|(seat, count)| RaceStack {
                seat: *seat,
                removed_chips: *count,
                has_other_chips: !only_removed.contains(seat),
            })
            .collect();
        // Where the seat the race starts at, the most chips one player wins
        // and the rounding matter only to a race: read (and noted) only then.
        let method = cx.params.chip_race_method();
        let params = match method {
            ChipRaceMethod::Race => {
                let start = cx.params.chip_race_start_seat().get();
                ChipRaceParams {
                    method,
                    start_seat: Seat::try_from(start).map_err(|_| {
                        Error::input(
                            "chip_race_start_seat",
                            Message::new(Msg::SeatNoSuch).arg("seat", start),
                        )
                    })?,
                    max_chips: cx.params.chip_race_max_chips().get(),
                    rounding: cx.params.chip_race_rounding(),
                }
            }
            ChipRaceMethod::RoundUp => ChipRaceParams {
                method,
                ..ChipRaceParams::default()
            },
        };
        let r = chip_race(
            &stacks,
            a.removed_denomination,
            a.new_denomination,
            a.race_order.as_deref().unwrap_or_default(),
            &params,
        )?;
        let mut d = match params.method {
            ChipRaceMethod::Race => {
                let mut d = Decision::<ChipRace>::new(ChipRaceOutcome::Race, r.concepts);
                if r.leftover_total == 0 {
                    d.remedy_variant = Some("nothing-left");
                }
                d.amounts = Amounts {
                    leftover_total: r.leftover_total,
                    chips_raced: Some(r.chips_raced),
                    removed_value: Some(r.removed_value),
                    ..Amounts::default()
                };
                d
            }
            ChipRaceMethod::RoundUp => {
                let mut d = Decision::<ChipRace>::new(ChipRaceOutcome::RoundedUp, r.concepts);
                d.amounts = Amounts {
                    leftover_total: r.leftover_total,
                    rounded_up: Some(r.chips_raced),
                    added_value: Some(r.added_value),
                    ..Amounts::default()
                };
                d
            }
        };
        // The card names who wins the raced chips and what each seat ends
        // with: the dealer hands them out from it.
        let seats_where = |keep: fn(&RaceSeat) -> bool| -> Vec<String> {
            r.seats
                .iter()
                .filter(|s| keep(s))
                .map(|s| s.seat.to_string())
                .collect()
        };
        if params.method == ChipRaceMethod::Race {
            match seats_where(|s| s.raced > 0).as_slice() {
                [] => {}
                [seat] => d.notes.push(Notes::RaceWinner { seat: seat.clone() }),
                seats => d.notes.push(Notes::RaceWinners {
                    seats: seats.join(", "),
                }),
            }
        }
        match seats_where(|s| s.kept_in).as_slice() {
            [] => {}
            [seat] => d.notes.push(Notes::KeptInOne { seat: seat.clone() }),
            seats => d.notes.push(Notes::KeptIn {
                seats: seats.join(", "),
            }),
        }
        let per_seat: Vec<String> = r
            .seats
            .iter()
            .map(|s| format!("{}: {}", s.seat, s.new_chips))
            .collect();
        d.notes.push(Notes::NewChips {
            denomination: a.new_denomination,
            chips: per_seat.join(", "),
        });
        d.extra.seats = r.seats;
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `chip-race`.
    pub enum Notes {
        /// The seat the one raced chip goes to.
        RaceWinner { seat: String } = "chip_race_winner",
        /// The seats the raced chips go to.
        RaceWinners { seats: String } = "chip_race_winners",
        /// The seat given one chip so as not to be raced out.
        KeptInOne { seat: String } = "chip_race_kept_in_one",
        /// The seats given one chip so as not to be raced out.
        KeptIn { seats: String } = "chip_race_kept_in",
        /// Every seat's new chips ("1: 18, 2: 13").
        NewChips { denomination: Chips, chips: String } = "chip_race_new_chips",
    }
}

/// The amounts of `chip-race`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The value of every leftover chip of the removed denomination.
    pub leftover_total: Chips,
    /// Race: the new chips raced for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chips_raced: Option<Chips>,
    /// Race: the value removed from play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed_value: Option<Chips>,
    /// Rounding up: the new chips given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounded_up: Option<Chips>,
    /// Rounding up: the value added to play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub added_value: Option<Chips>,
}

/// What the JSON of `chip-race` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Every player, in dealing order from the start seat.
    pub seats: Vec<RaceSeat>,
}

pub use crate::rules::vocab::ChipRaceMethod;

pub use crate::rules::vocab::ChipRaceRounding;

/// An edition's chip-race parameters (`chip_race_method`,
/// `chip_race_start_seat`, `chip_race_max_chips`, `chip_race_rounding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChipRaceParams {
    /// Race, or round each player up (pokerpunt).
    pub method: ChipRaceMethod,
    /// The seat the race starts at (seat 1 in every edition that races).
    pub start_seat: Seat,
    /// The most new chips one player can win in the race (1 in
    /// tda-2015-de, tda-2019-sk and dpc; onk does not say).
    pub max_chips: u32,
    /// How the pooled leftover value becomes a number of chips to race.
    pub rounding: ChipRaceRounding,
}

impl Default for ChipRaceParams {
    /// The TDA practice: a race from seat 1, at most one chip each,
    /// nearest rounding.
    fn default() -> Self {
        ChipRaceParams {
            method: tda::chip_race_method(),
            start_seat: Seat::try_from(tda::chip_race_start_seat().get()).unwrap_or(1),
            max_chips: tda::chip_race_max_chips().get(),
            rounding: tda::chip_race_rounding(),
        }
    }
}

/// One player's chips at the colour-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceStack {
    /// The player's seat.
    pub seat: Seat,
    /// How many chips of the removed denomination the player has.
    pub removed_chips: u64,
    /// The player has other chips (of the denominations that stay in play):
    /// he cannot be raced out.
    pub has_other_chips: bool,
}

/// One player's result of the colour-up (JSON `{"seat", "exchanged",
/// "leftover", "raced", "kept_in", "new_chips"}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct RaceSeat {
    /// The player's seat.
    pub seat: Seat,
    /// New chips received at equal value for whole multiples.
    pub exchanged: u64,
    /// Value of the player's removed chips left over (less than one new
    /// chip), which went into the race.
    pub leftover: Chips,
    /// New chips won in the race (or by rounding up, under
    /// [`ChipRaceMethod::RoundUp`]).
    pub raced: u64,
    /// Whether the player got one chip so as not to be raced out.
    pub kept_in: bool,
    /// All new chips the player receives: `exchanged + raced + kept_in`.
    pub new_chips: u64,
}

/// The colour-up as [`chip_race`] computes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChipRaceRuling {
    /// Every player, in dealing order from the start seat.
    pub seats: Vec<RaceSeat>,
    /// Value of all removed-denomination chips before the colour-up.
    pub initial_value: Chips,
    /// Value of all new chips handed out: `initial_value - removed_value +
    /// added_value`.
    pub final_value: Chips,
    /// Pooled leftover value that went into the race.
    pub leftover_total: Chips,
    /// New chips raced (or handed out by rounding up).
    pub chips_raced: u64,
    /// Value removed from play without compensation (the rounding).
    pub removed_value: Chips,
    /// Value added to play: rounding up, and chips given so that nobody is
    /// raced out.
    pub added_value: Chips,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// Colours up a removed denomination (concept `chip-race`).
///
/// 1. Each player's `removed_chips × removed_denomination` is exchanged at
///    equal value: `value / new_denomination` new chips; the rest (less
///    than one new chip) is the player's leftover.
/// 2. [`ChipRaceMethod::Race`]: the leftovers are pooled and
///    `leftover_total / new_denomination` new chips are raced, rounded per
///    [`ChipRaceRounding`]. Cards are dealt starting at `start_seat` to the
///    players with leftovers; the chips go in `race_order` (the seats by
///    winning card), at most one per player. Since every leftover is less
///    than one new chip, the chips raced never outnumber the players in
///    the race. A player who would lose his last chip gets one chip of the
///    lowest denomination still in play (`new_denomination`). Leftover
///    value not covered by raced chips is removed without compensation.
/// 3. [`ChipRaceMethod::RoundUp`]: no race; every leftover becomes one new
///    chip.
///
/// Value: `Σ new_chips × new_denomination + removed_value = Σ removed_chips
/// × removed_denomination + added_value`.
///
/// Editions: onk rule 24 (race from seat 1, nobody raced out; it does not
/// state a maximum per player), tda-2015-de rule 23, tda-2019-sk rule 24,
/// dpc rule 24 (from seat 1, at most one chip each, nobody raced out);
/// pokerpunt rule 24 does not race and rounds up. No edition says how
/// many chips are raced; the usual practice, rounding to the nearest new
/// chip with a half rounding up, is the default ([`ChipRaceParams`]).
///
/// Errors: `removed_denomination` zero; `new_denomination` not larger than
/// it; `removed_chips` (the stacks) empty, a repeated seat or one outside 1-10, a player with
/// no chips at all, overflow; `race_order` naming a player not in the race,
/// a seat twice, or fewer players than chips to race;
/// `chip_race_start_seat` outside 1-10; `chip_race_max_chips` zero.
///
/// ```
/// use floor::incidents::chip_race::{chip_race, ChipRaceParams, RaceStack};
/// // 25s leave play, 100 is the smallest chip left. Seat 1 has 3 x 25,
/// // seat 4 has 5 x 25, seat 6 has 2 x 25 and nothing else.
/// let stacks = [
///     RaceStack { seat: 1, removed_chips: 3, has_other_chips: true },
///     RaceStack { seat: 4, removed_chips: 5, has_other_chips: true },
///     RaceStack { seat: 6, removed_chips: 2, has_other_chips: false },
/// ];
/// // Leftovers 75 + 25 + 50 = 150: 1.5 chips of 100 -> 2 raced.
/// let race = chip_race(&stacks, 25, 100, &[4, 1, 6], &ChipRaceParams::default()).unwrap();
/// assert_eq!(race.chips_raced, 2);
/// let new: Vec<(u8, u64)> = race.seats.iter().map(|s| (s.seat, s.new_chips)).collect();
/// assert_eq!(new, vec![(1, 1), (4, 2), (6, 1)]); // seat 6 is kept in with one chip
/// ```
pub fn chip_race(
    stacks: &[RaceStack],
    removed_denomination: Chips,
    new_denomination: Chips,
    race_order: &[Seat],
    params: &ChipRaceParams,
) -> Result<ChipRaceRuling, Error> {
    check_denominations(removed_denomination, new_denomination)?;
    check_seat(params.start_seat).map_err(|m| Error::input("chip_race_start_seat", m))?;
    if params.max_chips == 0 {
        return Err(Error::input(
            "chip_race_max_chips",
            Message::new(Msg::ChipRaceMaxChipsZero),
        ));
    }
    if stacks.is_empty() {
        return Err(stacks_wrong(Message::new(Msg::ChipRaceNoPlayers)));
    }
    let seat_numbers: Vec<Seat> = stacks.iter().map(|s| s.seat).collect();
    check_distinct(&seat_numbers).map_err(stacks_wrong)?;
    let mut seats: Vec<RaceSeat> = Vec::new();
    let mut initial_value: Chips = 0;
    for stack in stacks {
        if stack.removed_chips == 0 && !stack.has_other_chips {
            return Err(stacks_wrong(
                Message::new(Msg::ChipRaceNoChips).arg("seat", stack.seat),
            ));
        }
        let value =
            mul(stack.removed_chips, removed_denomination, REMOVED_CHIPS).map_err(stacks_wrong)?;
        initial_value = add(initial_value, value, REMOVED_CHIPS).map_err(stacks_wrong)?;
        seats.push(RaceSeat {
            seat: stack.seat,
            exchanged: value / new_denomination,
            leftover: value % new_denomination,
            raced: 0,
            kept_in: false,
            new_chips: 0,
        });
    }
    let leftover_total = seats
        .iter()
        .try_fold(0, |sum: Chips, s| add(sum, s.leftover, REMOVED_CHIPS))
        .map_err(stacks_wrong)?;

    let chips_raced = match params.method {
        ChipRaceMethod::RoundUp => {
            for seat in seats.iter_mut().filter(|s| s.leftover > 0) {
                seat.raced = 1;
            }
            seats.iter().filter(|s| s.leftover > 0).count() as u64
        }
        ChipRaceMethod::Race => {
            let whole = leftover_total / new_denomination;
            let part = leftover_total % new_denomination;
            let chips = match params.rounding {
                ChipRaceRounding::Down => whole,
                ChipRaceRounding::Nearest if part > 0 && part >= new_denomination - part => {
                    whole + 1
                }
                ChipRaceRounding::Up if part > 0 => whole + 1,
                ChipRaceRounding::Nearest | ChipRaceRounding::Up => whole,
            };
            check_distinct(race_order).map_err(|m| Error::input("race_order", m))?;
            if let Some(seat) = race_order
                .iter()
                .find(|seat| !seats.iter().any(|s| s.seat == **seat && s.leftover > 0))
            {
                return Err(Error::input(
                    "race_order",
                    Message::new(Msg::ChipRaceNotInRace).arg("seat", seat),
                ));
            }
            let winners = race_order.get(..usize::try_from(chips).unwrap_or(usize::MAX));
            let Some(winners) = winners else {
                return Err(Error::input(
                    "race_order",
                    Message::new(Msg::ChipRaceTooFewRanked)
                        .arg("chips", chips)
                        .arg("ranked", race_order.len()),
                ));
            };
            for winner in winners {
                if let Some(seat) = seats.iter_mut().find(|s| s.seat == *winner) {
                    seat.raced = 1;
                }
            }
            chips
        }
    };

    let mut kept_in_chips: u64 = 0;
    for (seat, stack) in seats.iter_mut().zip(stacks) {
        if !stack.has_other_chips && seat.exchanged == 0 && seat.raced == 0 {
            seat.kept_in = true;
            kept_in_chips += 1;
        }
        seat.new_chips = add(
            add(seat.exchanged, seat.raced, REMOVED_CHIPS).map_err(stacks_wrong)?,
            u64::from(seat.kept_in),
            REMOVED_CHIPS,
        )
        .map_err(stacks_wrong)?;
    }

    let raced_value = mul(chips_raced, new_denomination, REMOVED_CHIPS).map_err(stacks_wrong)?;
    let removed_value = leftover_total.saturating_sub(raced_value);
    let added_value = add(
        raced_value.saturating_sub(leftover_total),
        mul(kept_in_chips, new_denomination, REMOVED_CHIPS).map_err(stacks_wrong)?,
        REMOVED_CHIPS,
    )
    .map_err(stacks_wrong)?;
    let final_value = seats
        .iter()
        .try_fold(0, |sum: Chips, s| {
            add(
                sum,
                mul(s.new_chips, new_denomination, REMOVED_CHIPS)?,
                REMOVED_CHIPS,
            )
        })
        .map_err(stacks_wrong)?;

    let before = if params.start_seat == 1 {
        10
    } else {
        params.start_seat - 1
    };
    let order = clockwise_after(before, &seats.iter().map(|s| s.seat).collect::<Vec<_>>());
    let seats = order
        .iter()
        .filter_map(|seat| seats.iter().find(|s| s.seat == *seat).copied())
        .collect();

    Ok(ChipRaceRuling {
        seats,
        initial_value,
        final_value,
        leftover_total,
        chips_raced,
        removed_value,
        added_value,
        concepts: vec![c::CHIP_RACE],
    })
}

/// A problem with the players' removed chips (answer `removed_chips`).
fn stacks_wrong(problem: Message) -> Error {
    Error::input(REMOVED_CHIPS, problem)
}

/// The removed chip is worth something, and less than the smallest chip
/// staying in play.
fn check_denominations(removed: Chips, new: Chips) -> Result<(), Error> {
    if removed == 0 {
        return Err(Error::input(
            "removed_denomination",
            Message::new(Msg::ChipRaceRemovedZero),
        ));
    }
    if new <= removed {
        return Err(Error::input(
            "new_denomination",
            Message::new(Msg::ChipRaceNewNotLarger)
                .arg("new", new)
                .arg("removed", removed),
        ));
    }
    Ok(())
}

/// Removed-denomination chips a player still has after the race, as
/// [`exchange_after_race`] settles them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Chips of the smallest denomination in play given at equal value.
    pub new_chips: u64,
    /// Value removed without compensation.
    pub removed_value: Chips,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// Settles removed-denomination chips found with a player after the race
/// (concept `chip-race`, part C in every racing edition): they are
/// exchanged only at equal value for chips still in play; whatever does not
/// make a whole chip of the smallest denomination in play is removed
/// without compensation.
///
/// Formula: `new_chips = count × removed / smallest`, `removed_value =
/// count × removed mod smallest`.
///
/// Errors: `removed_denomination` zero; `new_denomination` (the smallest in
/// play) not larger; overflow (`removed_chips`).
///
/// ```
/// use floor::incidents::chip_race::exchange_after_race;
/// // onk-2023-nl rule 24 C: "10 van 10 voor 100" ... "7 van 10" removed.
/// assert_eq!(exchange_after_race(10, 10, 100).unwrap().new_chips, 1);
/// assert_eq!(exchange_after_race(7, 10, 100).unwrap().removed_value, 70);
/// ```
pub fn exchange_after_race(
    count: u64,
    removed_denomination: Chips,
    new_denomination: Chips,
) -> Result<Exchange, Error> {
    check_denominations(removed_denomination, new_denomination)?;
    let value = mul(count, removed_denomination, REMOVED_CHIPS).map_err(stacks_wrong)?;
    Ok(Exchange {
        new_chips: value / new_denomination,
        removed_value: value % new_denomination,
        concepts: vec![c::CHIP_RACE],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn stack(seat: Seat, removed_chips: u64, other_chips: Chips) -> RaceStack {
        RaceStack {
            seat,
            removed_chips,
            has_other_chips: other_chips > 0,
        }
    }

    fn new_chips(race: &ChipRaceRuling) -> Vec<(Seat, u64)> {
        race.seats.iter().map(|s| (s.seat, s.new_chips)).collect()
    }

    fn input_of(err: Error) -> &'static str {
        err.input_key().unwrap_or_default()
    }

    fn race_with(rounding: ChipRaceRounding) -> ChipRaceParams {
        ChipRaceParams {
            rounding,
            ..ChipRaceParams::default()
        }
    }

    // onk-2023-nl rule 24 C: "zullen deze alleen gewisseld worden voor de volgende denominatie
    // indien de waarde gelijk is. Voorbeeld: 10 van 10 voor 100)."
    #[test]
    fn onk_2023_nl_r24_c_ten_tens_exchanged_for_one_hundred() {
        let e = exchange_after_race(10, 10, 100).unwrap();
        assert_eq!((e.new_chips, e.removed_value), (1, 0));
        assert_eq!(e.concepts, vec![c::CHIP_RACE]);
    }

    // onk-2023-nl rule 24 C: "Wanneer dit niet het geval is worden de chips verwijderd zonder
    // compensatie (bijvoorbeeld: 7 van 10)."
    #[test]
    fn onk_2023_nl_r24_c_seven_tens_removed_without_compensation() {
        let e = exchange_after_race(7, 10, 100).unwrap();
        assert_eq!((e.new_chips, e.removed_value), (0, 70));
    }

    // dpc-2019-en rule 24 (printed 2) C: "exchanged for current denominations only at equal value.
    // Chips of removed denominations that do not fully total at least the smallest denomination
    // still in play will be removed without compensation."
    #[test]
    fn dpc_2019_en_r24_c_equal_value_only_rest_removed() {
        let e = exchange_after_race(13, 25, 100).unwrap();
        assert_eq!((e.new_chips, e.removed_value), (3, 25));
    }

    // onk-2023-nl rule 24 A: "De chip race start altijd bij seat 1. Een speler kan nooit door een
    // chip race uit het toernooi gaan. Een speler die tijdens een chip race zijn of haar
    // overgebleven chips zou verliezen, zal één chip van de kleinste denominatie behouden."
    #[test]
    fn onk_2023_nl_r24_a_player_losing_last_chips_keeps_one_smallest_chip() {
        let stacks = [stack(3, 4, 0), stack(5, 1, 2_000), stack(1, 3, 800)];
        // 25s removed, 100 remains: leftovers 100->1 exchanged (seat 3), 25, 75 -> race 1.
        let race = chip_race(&stacks, 25, 100, &[1, 5], &ChipRaceParams::default()).unwrap();
        assert_eq!(race.chips_raced, 1);
        // Dealing order from seat 1.
        assert_eq!(new_chips(&race), vec![(1, 1), (3, 1), (5, 0)]);
        // Seat 3 exchanged its whole stack for one 100: not raced out, no extra chip.
        assert!(race.seats.iter().all(|s| !s.kept_in));
        // A player with only removed chips who loses the race keeps one chip.
        let lone = [stack(2, 2, 0), stack(7, 3, 500)];
        let race = chip_race(&lone, 25, 100, &[7, 2], &ChipRaceParams::default()).unwrap();
        assert_eq!(race.chips_raced, 1);
        assert_eq!(new_chips(&race), vec![(2, 1), (7, 1)]);
        assert!(race.seats[0].kept_in && race.seats[0].raced == 0);
        assert_eq!(race.added_value, 100);
    }

    // tda-2015-de rule 23 A: "Hierbei wird immer an Platz 1 gestartet und jeder Spieler kann
    // maximal einen Chip erhalten. ... Ein Spieler der seinen letzten Chip im Chip Race
    // verliert, erhält dennoch 1 Chip in der kleinsten noch im Spiel verbleibenden
    // Chipwertigkeit."
    #[test]
    fn tda_2015_de_r23_a_at_most_one_chip_each_and_nobody_out() {
        let stacks = [stack(9, 4, 0), stack(2, 4, 300), stack(4, 3, 100)];
        // 5s leave, 25 remains: 20, 20, 15 = 55 -> 2.2 -> 2 chips.
        let race = chip_race(&stacks, 5, 25, &[2, 4, 9], &ChipRaceParams::default()).unwrap();
        assert_eq!(race.chips_raced, 2);
        assert!(race.seats.iter().all(|s| s.raced <= 1));
        assert_eq!(new_chips(&race), vec![(2, 1), (4, 1), (9, 1)]);
        let nine = race.seats.iter().find(|s| s.seat == 9).copied();
        assert_eq!(nine.map(|s| (s.raced, s.kept_in)), Some((0, true)));
        assert_eq!(race.removed_value, 5);
        assert_eq!(race.added_value, 25);
    }

    // tda-2019-sk rule 24 A: "žetóny budú zamenené od pozície 1, s maximálnym ohodnotením jedného
    // žetónu pre hráča. Hráč nemôže byť pri chiprace procedúre vyradený z turnaja"
    #[test]
    fn tda_2019_sk_r24_a_from_seat_one_one_chip_each() {
        let stacks = [stack(10, 9, 1_000), stack(1, 9, 1_000), stack(6, 9, 1_000)];
        // 100s leave, 1000 remains: 900 each, 2700 -> 2.7 -> 3 chips, one each.
        let race = chip_race(&stacks, 100, 1_000, &[6, 10, 1], &ChipRaceParams::default()).unwrap();
        assert_eq!(race.chips_raced, 3);
        assert_eq!(new_chips(&race), vec![(1, 1), (6, 1), (10, 1)]);
        assert_eq!(race.added_value, 300);
    }

    // dpc-2019-en rule 24 (printed 2) A: "chips will be raced off starting in seat 1, with a
    // maximum of one chip awarded to a player. Players can't be raced out of play"
    #[test]
    fn dpc_2019_en_r24_a_race_leftovers_and_keep_everybody_in() {
        let stacks = [
            stack(1, 3, 1_000),
            stack(2, 1, 0),
            stack(3, 2, 500),
            stack(4, 5, 0),
            stack(5, 0, 7_000),
        ];
        // 25s leave: seat 4 exchanges 100 -> 1 chip, leftover 25. Leftovers 75+25+50+25 = 175.
        let race = chip_race(&stacks, 25, 100, &[3, 1, 2, 4], &ChipRaceParams::default()).unwrap();
        assert_eq!(race.leftover_total, 175);
        assert_eq!(race.chips_raced, 2);
        assert_eq!(
            new_chips(&race),
            vec![(1, 1), (2, 1), (3, 1), (4, 1), (5, 0)]
        );
        let two = race.seats.iter().find(|s| s.seat == 2).copied();
        assert_eq!(two.map(|s| s.kept_in), Some(true));
        assert_eq!((race.removed_value, race.added_value), (0, 125));
        assert_eq!(race.concepts, vec![c::CHIP_RACE]);
    }

    // pokerpunt-nl rule 24: "Poker Punt doet niet aan een Chip Race. Bij de chip up zal de
    // chipcount per speler naar boven afgerond worden."
    #[test]
    fn pokerpunt_nl_r24_no_race_chip_count_rounded_up_per_player() {
        let params = ChipRaceParams {
            method: ChipRaceMethod::RoundUp,
            ..ChipRaceParams::default()
        };
        let stacks = [stack(1, 1, 900), stack(2, 7, 0), stack(3, 4, 100)];
        // 25s leave, 100 remains: 25 -> 1, 175 -> 1 + 1, 100 -> 1.
        let race = chip_race(&stacks, 25, 100, &[], &params).unwrap();
        assert_eq!(new_chips(&race), vec![(1, 1), (2, 2), (3, 1)]);
        assert_eq!(race.chips_raced, 2);
        assert_eq!((race.removed_value, race.added_value), (0, 100));
    }

    #[test]
    fn rounding_table() {
        // Leftovers 25 + 25 = 50 of a 100 chip: exactly half.
        let stacks = [stack(1, 1, 100), stack(2, 1, 100)];
        let cases = [
            (ChipRaceRounding::Down, 0, 50, 0),
            (ChipRaceRounding::Nearest, 1, 0, 50),
            (ChipRaceRounding::Up, 1, 0, 50),
        ];
        for (rounding, raced, removed, added) in cases {
            let race = chip_race(&stacks, 25, 100, &[2, 1], &race_with(rounding)).unwrap();
            assert_eq!(
                (race.chips_raced, race.removed_value, race.added_value),
                (raced, removed, added)
            );
        }
        // 25 of 100 is less than half: nearest rounds down, up still gives one.
        let one = [stack(1, 1, 100), stack(2, 0, 100)];
        let nearest = chip_race(&one, 25, 100, &[], &race_with(ChipRaceRounding::Nearest)).unwrap();
        assert_eq!((nearest.chips_raced, nearest.removed_value), (0, 25));
        let up = chip_race(&one, 25, 100, &[1], &race_with(ChipRaceRounding::Up)).unwrap();
        assert_eq!((up.chips_raced, up.added_value), (1, 75));
    }

    #[test]
    fn start_seat_sets_the_dealing_order() {
        let params = ChipRaceParams {
            start_seat: 7,
            ..ChipRaceParams::default()
        };
        let stacks = [
            stack(1, 1, 100),
            stack(7, 1, 100),
            stack(9, 1, 100),
            stack(3, 1, 100),
        ];
        let race = chip_race(&stacks, 25, 100, &[9], &params).unwrap();
        let order: Vec<Seat> = race.seats.iter().map(|s| s.seat).collect();
        assert_eq!(order, vec![7, 9, 1, 3]);
    }

    #[test]
    fn chip_race_errors_name_the_input() {
        let ok = [stack(1, 3, 100), stack(2, 3, 100)];
        fn unit<T>(result: Result<T, Error>) -> Result<(), Error> {
            result.map(|_| ())
        }
        let p = ChipRaceParams::default();
        let cases = [
            (
                unit(chip_race(&ok, 0, 100, &[1, 2], &p)),
                "removed_denomination",
            ),
            (
                unit(chip_race(&ok, 100, 100, &[1, 2], &p)),
                "new_denomination",
            ),
            (
                unit(chip_race(&ok, 100, 25, &[1, 2], &p)),
                "new_denomination",
            ),
            (unit(chip_race(&[], 25, 100, &[], &p)), "removed_chips"),
            (
                unit(chip_race(
                    &[stack(1, 1, 1), stack(1, 1, 1)],
                    25,
                    100,
                    &[1],
                    &p,
                )),
                "removed_chips",
            ),
            (
                unit(chip_race(&[stack(11, 1, 1)], 25, 100, &[11], &p)),
                "removed_chips",
            ),
            (
                unit(chip_race(&[stack(4, 0, 0)], 25, 100, &[], &p)),
                "removed_chips",
            ),
            (
                unit(chip_race(&[stack(4, u64::MAX, 0)], 25, 100, &[4], &p)),
                "removed_chips",
            ),
            (unit(chip_race(&ok, 25, 100, &[1], &p)), "race_order"),
            (unit(chip_race(&ok, 25, 100, &[1, 1], &p)), "race_order"),
            (unit(chip_race(&ok, 25, 100, &[1, 2, 5], &p)), "race_order"),
            (
                unit(chip_race(
                    &ok,
                    25,
                    100,
                    &[1, 2],
                    &ChipRaceParams { start_seat: 0, ..p },
                )),
                "chip_race_start_seat",
            ),
            (
                unit(chip_race(
                    &ok,
                    25,
                    100,
                    &[1, 2],
                    &ChipRaceParams { max_chips: 0, ..p },
                )),
                "chip_race_max_chips",
            ),
            (unit(exchange_after_race(1, 0, 100)), "removed_denomination"),
            (unit(exchange_after_race(1, 100, 100)), "new_denomination"),
            (unit(exchange_after_race(u64::MAX, 2, 100)), "removed_chips"),
        ];
        for (result, input) in cases {
            assert_eq!(input_of(result.unwrap_err()), input);
        }
    }

    #[test]
    fn huge_stacks_near_u64_max() {
        let stacks = [stack(1, u64::MAX / 100, 0), stack(2, 1, 0)];
        let race = chip_race(&stacks, 1, 100, &[1, 2], &race_with(ChipRaceRounding::Down)).unwrap();
        assert_eq!(race.seats[0].exchanged, u64::MAX / 100 / 100);
        assert_eq!(race.seats[1].new_chips, 1);
    }

    #[test]
    fn tda_practice_and_parameter_values() {
        let tda = ChipRaceParams::default();
        assert_eq!(
            (tda.method, tda.start_seat, tda.max_chips, tda.rounding),
            (ChipRaceMethod::Race, 1, 1, ChipRaceRounding::Nearest)
        );
        let pokerpunt: crate::rules::params::Params = crate::yaml::from_str(
            "chip_race_method: round-up\nchip_race_rounding: down",
            "test",
        )
        .unwrap();
        assert_eq!(pokerpunt.chip_race_method, Some(ChipRaceMethod::RoundUp));
        assert_eq!(pokerpunt.chip_race_rounding, Some(ChipRaceRounding::Down));
    }

    #[test]
    fn an_overflow_names_the_removed_chips_answer() {
        let err = chip_race(
            &[stack(4, u64::MAX, 0)],
            25,
            100,
            &[4],
            &ChipRaceParams::default(),
        )
        .unwrap_err();
        assert_eq!(err.input_key(), Some("removed_chips"));
        let text = err.to_string();
        // The key is named once, in front of the problem.
        assert!(
            text.starts_with("`removed_chips`: too large")
                && text.matches("removed_chips").count() == 1
                && !text.contains("stacks"),
            "{text}"
        );
    }

    proptest! {
        #[test]
        fn value_is_conserved_up_to_the_rounding_and_nobody_is_raced_out(
            draws in proptest::collection::vec((0..40u64, prop::sample::select(vec![0u64, 500, 10_000])), 1..=10),
            denominations in prop::sample::select(vec![(5u64, 25u64), (25, 100), (100, 500), (100, 1_000), (500, 5_000)]),
            rounding in prop::sample::select(vec![ChipRaceRounding::Down, ChipRaceRounding::Nearest, ChipRaceRounding::Up]),
            round_up in any::<bool>(),
            shuffle_seed in any::<u64>(),
        ) {
            let (removed, new) = denominations;
            let stacks: Vec<RaceStack> = draws
                .iter()
                .enumerate()
                .map(|(i, (count, other))| {
                    let seat = i as u8 + 1;
                    // Nobody sits with no chips at all.
                    let count = if *count == 0 && *other == 0 { 1 } else { *count };
                    stack(seat, count, *other)
                })
                .collect();
            // A deterministic "card" order of everybody with leftovers.
            let mut order: Vec<Seat> = stacks
                .iter()
                .filter(|s| (s.removed_chips * removed) % new > 0)
                .map(|s| s.seat)
                .collect();
            let len = order.len().max(1);
            order.rotate_left((shuffle_seed % len as u64) as usize % len);
            let params = ChipRaceParams {
                method: if round_up { ChipRaceMethod::RoundUp } else { ChipRaceMethod::Race },
                rounding,
                ..ChipRaceParams::default()
            };
            let race = chip_race(&stacks, removed, new, &order, &params).unwrap();
            let initial: u64 = stacks.iter().map(|s| s.removed_chips * removed).sum();
            let finals: u64 = race.seats.iter().map(|s| s.new_chips * new).sum();
            prop_assert_eq!(finals + race.removed_value, initial + race.added_value);
            prop_assert_eq!((race.initial_value, race.final_value), (initial, finals));
            // The rounding loss or gain is less than one new chip.
            prop_assert!(race.removed_value < new);
            for seat in &race.seats {
                prop_assert!(seat.raced <= 1);
                prop_assert!(seat.leftover < new);
                let other = stacks.iter().find(|s| s.seat == seat.seat).is_some_and(|s| s.has_other_chips);
                prop_assert!(seat.new_chips > 0 || other, "seat {} raced out", seat.seat);
                prop_assert_eq!(seat.new_chips, seat.exchanged + seat.raced + u64::from(seat.kept_in));
            }
            prop_assert_eq!(race.seats.iter().map(|s| s.raced).sum::<u64>(), race.chips_raced);
        }
    }

    // Removed chips that make whole new chips leave nothing to race: the
    // card says so, not "0 chips to race for the 0 left over".
    #[test]
    fn nothing_left_over_is_no_race() {
        let answers = |removed_chips: Vec<(Seat, Chips)>| Answers {
            removed_denomination: 25,
            new_denomination: 100,
            removed_chips,
            no_other_chips: None,
            race_order: None,
        };
        let d = super::super::rule_in::<ChipRace>("dpc-2019-en", answers(vec![(1, 4), (2, 8)]))
            .unwrap();
        assert_eq!(
            (d.outcome, d.remedy_variant),
            (ChipRaceOutcome::Race, Some("nothing-left"))
        );
        let some_left = Answers {
            race_order: Some(vec![1]),
            ..answers(vec![(1, 3), (2, 8)])
        };
        let d = super::super::rule_in::<ChipRace>("dpc-2019-en", some_left).unwrap();
        assert_eq!((d.outcome, d.remedy_variant), (ChipRaceOutcome::Race, None));
    }
}
