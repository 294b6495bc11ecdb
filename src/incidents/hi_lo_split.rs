//! High-low pots and stud ties (incident `hi-lo-split`): halves, quarters,
//! the odd chip to the high half, identical hands split as evenly as
//! possible, and in stud the odd chip by suit.
//!
//! Owns the parts of the odd-chip rule (TDA 2015 rule 19-B/C/D, TDA 2019
//! rule 20) that `split-pot` does not: a board tie is split there. Every
//! share is cut by [`super::split_pot::share_out`], the one split formula.
//! The editions differ: tda-2015-de states the high-low, identical-hand and
//! stud cases (19-B, C, D), tda-2019-sk the high-low and stud cases; the
//! DPC text and the Dutch editions state only the board tie, so TDA
//! practice applies there and the card says so (parameters
//! `hi_lo_odd_chip`, `hi_lo_identical`, `stud_odd_chip`).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::split_pot::{Breakdown, OddChipNote, OddChipRecipient, Share, check_pot, share_out};
use crate::engine::ruling::PerSeat;
use crate::engine::ruling::{SeatMark, TablePicture};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::seats::{check_distinct, check_seat, clockwise_after};
use crate::poker::{Chips, Seat, add};
use crate::rules::concepts::{self as c, Cite};
use crate::rules::provisions::Term;

/// The `hi-lo-split` incident.
pub struct HiLoSplit;

/// The game whose pot is split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum SplitGame {
    /// A board game split high and low (Omaha/8).
    BoardHiLo,
    /// Stud split high and low (Stud/8).
    StudHiLo,
    /// Stud, high only: a tie.
    Stud,
}

impl SplitGame {
    fn hi_lo(self) -> bool {
        matches!(self, SplitGame::BoardHiLo | SplitGame::StudHiLo)
    }
}

/// The answers of `hi-lo-split`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The game.
    pub game: SplitGame,
    /// The pot.
    pub pot: Chips,
    /// The seats that win high (stud: the tied winners).
    pub high: Vec<Seat>,
    /// The seats that win low; none given: no hand qualifies for low.
    pub low: Option<Vec<Seat>>,
    /// Board games: the button.
    pub button: Option<Seat>,
    /// Board games: the occupied seats.
    pub seats: Option<Vec<Seat>>,
    /// Stud: the winners, highest card by suit first.
    pub by_suit: Option<Vec<Seat>>,
    /// The smallest denomination in play.
    pub smallest_chip: Chips,
}

pub use crate::rules::vocab::HiLoOddChip;

pub use crate::rules::vocab::HiLoIdentical;

pub use crate::rules::vocab::StudOddChip;

crate::outcomes! {
    /// The outcomes of `hi-lo-split`.
    pub enum HiLoOutcome {
        /// Split high and low, each half among its winners.
        SplitHighLow => [ODD_CHIPS, SPLIT_POT_STACKING],
        /// No low: the high hands take the whole pot.
        HighTakesAll => [ODD_CHIPS],
        /// Identical hands win high and low: one even split.
        SplitEvenly => [ODD_CHIPS, SPLIT_POT_STACKING],
        /// A stud tie: odd chips by suit.
        SplitBySuit => [ODD_CHIPS],
    }
}

/// What the JSON of `hi-lo-split` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Each winner's chips, by half.
    pub shares: Vec<HiLoShare>,
}

/// One winner's chips from the pot, by half.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct HiLoShare {
    /// The seat.
    pub seat: Seat,
    /// From the high half (or the whole pot when it is not halved).
    pub high: Chips,
    /// From the low half.
    pub low: Chips,
    /// Everything he receives.
    pub amount: Chips,
    /// Odd chips among them.
    pub odd_chips: u8,
}

/// The provision that breaks odd chips down first.
const BREAKDOWN: &str = "odd-chip-smallest";
/// The provision naming the stud card that takes the odd chip.
const STUD: &str = "odd-chip-stud";
/// How an edition words it when only the best five cards count
/// (tda-2015-de 19-B).
const BEST_FIVE: &str = "best-five";

impl Incident for HiLoSplit {
    const ID: &'static str = "hi-lo-split";
    type Answers = Answers;
    type Outcome = HiLoOutcome;
    type Amounts = PerSeat;
    type Extra = Extra;
    type Note = OddChipNote;
    const PROVISIONS: &'static [&'static str] = &[BREAKDOWN, "odd-chip-recipient", STUD];
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &[BREAKDOWN];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<HiLoSplit>, Error> {
        check_pot(a.pot, a.smallest_chip)?;
        let low = if a.game.hi_lo() {
            a.low.clone().unwrap_or_default()
        } else {
            Vec::new()
        };
        check_group("high", &a.high)?;
        check_distinct(&low).map_err(|m| Error::input("low", m))?;
        let order = Order::new(&a, &low, cx)?;
        let units = a.pot / a.smallest_chip;
        let same = {
            let (mut h, mut l) = (a.high.clone(), low.clone());
            h.sort_unstable();
            l.sort_unstable();
            h == l
        };
        let mut shares: BTreeMap<Seat, HiLoShare> = BTreeMap::new();
        let (outcome, concepts) = if low.is_empty() {
            let all = order.of(&a.high);
            add_shares(
                &mut shares,
                &share_out(units, &all, a.smallest_chip)?.0,
                true,
            )?;
            if a.game.hi_lo() {
                (HiLoOutcome::HighTakesAll, vec![order.tie_part()])
            } else {
                (HiLoOutcome::SplitBySuit, vec![order.tie_part()])
            }
        } else if same {
            let HiLoIdentical::EvenSplit = cx.params.hi_lo_identical();
            let all = order.of(&a.high);
            add_shares(
                &mut shares,
                &share_out(units, &all, a.smallest_chip)?.0,
                true,
            )?;
            (
                HiLoOutcome::SplitEvenly,
                vec![c::ODD_CHIPS.part("D"), c::SPLIT_POT_STACKING.into()],
            )
        } else {
            let HiLoOddChip::HighHalf = cx.params.hi_lo_odd_chip();
            let low_units = units / 2;
            let high_units = units - low_units;
            let high = share_out(high_units, &order.of(&a.high), a.smallest_chip)?.0;
            let low_shares = share_out(low_units, &order.of(&low), a.smallest_chip)?.0;
            add_shares(&mut shares, &high, true)?;
            add_shares(&mut shares, &low_shares, false)?;
            (
                HiLoOutcome::SplitHighLow,
                vec![c::ODD_CHIPS.part("C"), c::SPLIT_POT_STACKING.into()],
            )
        };
        // Every share is counted in `smallest_chip`s: the chips are first
        // broken down to the chip the edition names.
        let breakdown = Breakdown::of(cx);
        let mut concepts = concepts;
        concepts.push(breakdown.cite);
        let mut d = Decision::<HiLoSplit>::new(outcome, concepts);
        d.stud = a.game != SplitGame::BoardHiLo;
        d.remedy_variant = match outcome {
            HiLoOutcome::HighTakesAll => (a.high.len() == 1).then_some("one"),
            _ => breakdown.variant,
        };
        // Stud hands the odd chip out by suit, not by seat; the card
        // asks the order by suit, and says which cards count where the
        // edition narrows them.
        if a.game == SplitGame::BoardHiLo {
            d.notes.extend(breakdown.seat_note);
        } else if cx.words(STUD, Term::What, BEST_FIVE) {
            d.notes.push(OddChipNote::StudBestFive);
        }
        d.amounts = PerSeat(shares.values().map(|s| (s.seat, s.amount)).collect());
        d.extra.shares = shares.values().copied().collect();
        d.table = Some(TablePicture {
            seats: order.picture_seats(&shares),
            button: order.button,
            labels: shares
                .values()
                .map(|s| (s.seat, s.amount.to_string()))
                .collect(),
            marks: shares
                .values()
                .filter(|s| s.odd_chips > 0)
                .map(|s| (s.seat, SeatMark::OddChip))
                .collect(),
        });
        Ok(d)
    }
}

/// The order in which odd chips are handed out: clockwise from the button
/// (board games) or by suit (stud).
struct Order {
    button: Option<Seat>,
    seats: Vec<Seat>,
    by_suit: Option<Vec<Seat>>,
}

impl Order {
    fn new(a: &Answers, low: &[Seat], cx: &mut Cx<'_>) -> Result<Order, Error> {
        match a.game {
            SplitGame::BoardHiLo => Order::of_board(a, low, cx),
            SplitGame::StudHiLo | SplitGame::Stud => Order::of_stud(a, low, cx),
        }
    }

    fn of_board(a: &Answers, low: &[Seat], cx: &mut Cx<'_>) -> Result<Order, Error> {
        let OddChipRecipient::FirstLeftOfButton = cx.params.odd_chip_recipient();
        let button = a.button.ok_or_else(|| super::answer_needed("button"))?;
        check_seat(button).map_err(|m| Error::input("button", m))?;
        // The tree's default (every seat) applies on this path.
        let seats = a
            .seats
            .clone()
            .ok_or_else(|| super::answer_needed("seats"))?;
        check_distinct(&seats).map_err(|m| Error::input("seats", m))?;
        for (key, group) in [("high", &a.high[..]), ("low", low)] {
            if let Some(seat) = group.iter().find(|s| !seats.contains(s)) {
                return Err(Error::input(
                    key,
                    Message::new(Msg::SplitNotOccupied)
                        .arg("seat", seat)
                        .arg("seats", format!("{seats:?}")),
                ));
            }
        }
        Ok(Order {
            button: Some(button),
            seats,
            by_suit: None,
        })
    }

    fn of_stud(a: &Answers, low: &[Seat], cx: &mut Cx<'_>) -> Result<Order, Error> {
        let StudOddChip::HighCardBySuit = cx.params.stud_odd_chip();
        let by_suit = a
            .by_suit
            .clone()
            .ok_or_else(|| super::answer_needed("by_suit"))?;
        check_distinct(&by_suit).map_err(|m| Error::input("by_suit", m))?;
        if let Some(seat) = a.high.iter().chain(low).find(|s| !by_suit.contains(s)) {
            return Err(Error::input(
                "by_suit",
                Message::new(Msg::HiLoNotRanked).arg("seat", seat),
            ));
        }
        Ok(Order {
            button: None,
            seats: Vec::new(),
            by_suit: Some(by_suit),
        })
    }

    fn of(&self, group: &[Seat]) -> Vec<Seat> {
        match (&self.by_suit, self.button) {
            (Some(ranked), _) => ranked
                .iter()
                .copied()
                .filter(|s| group.contains(s))
                .collect(),
            (None, Some(button)) => clockwise_after(button, group),
            (None, None) => group.to_vec(),
        }
    }

    fn tie_part(&self) -> Cite {
        if self.by_suit.is_some() {
            c::ODD_CHIPS.part("B")
        } else {
            c::ODD_CHIPS.part("A")
        }
    }

    fn picture_seats(&self, shares: &BTreeMap<Seat, HiLoShare>) -> Vec<Seat> {
        if self.seats.is_empty() {
            shares.keys().copied().collect()
        } else {
            self.seats.clone()
        }
    }
}

fn add_shares(
    into: &mut BTreeMap<Seat, HiLoShare>,
    shares: &[Share],
    high: bool,
) -> Result<(), Error> {
    for s in shares {
        let e = into.entry(s.seat).or_insert(HiLoShare {
            seat: s.seat,
            ..HiLoShare::default()
        });
        if high {
            e.high = add(e.high, s.amount, "pot").map_err(|m| Error::input("pot", m))?;
        } else {
            e.low = add(e.low, s.amount, "pot").map_err(|m| Error::input("pot", m))?;
        }
        e.amount = add(e.amount, s.amount, "pot").map_err(|m| Error::input("pot", m))?;
        e.odd_chips += u8::from(s.odd_chip);
    }
    Ok(())
}

fn check_group(key: &'static str, seats: &[Seat]) -> Result<(), Error> {
    if seats.is_empty() {
        return Err(Error::input(key, Message::new(Msg::SplitNoWinner)));
    }
    check_distinct(seats).map_err(|m| Error::input(key, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(edition: &str, a: Answers) -> Decision<HiLoSplit> {
        super::super::rule_in::<HiLoSplit>(edition, a).unwrap()
    }

    fn board(pot: Chips, high: &[Seat], low: &[Seat], button: Seat) -> Answers {
        Answers {
            game: SplitGame::BoardHiLo,
            pot,
            high: high.to_vec(),
            low: Some(low.to_vec()),
            button: Some(button),
            // The tree's default, as the walk gives it.
            seats: Some((1..=10).collect()),
            by_suit: None,
            smallest_chip: 25,
        }
    }

    fn amounts(d: &Decision<HiLoSplit>) -> Vec<(String, Chips)> {
        d.named_amounts()
    }

    // tda-2015-de rule 19-C: "der übriggebliebene Chip vom Gesamtpot geht an den Spieler mit
    // der High-Hand".
    #[test]
    fn tda_2015_de_r19_c_the_odd_chip_goes_to_the_high_half() {
        // 1025 in 25s: 41 chips, 21 high (525) and 20 low (500).
        let d = rule("tda-2015-de", board(1025, &[3], &[7], 5));
        assert_eq!(d.outcome, HiLoOutcome::SplitHighLow);
        assert_eq!(
            amounts(&d),
            [("seat_3".to_string(), 525), ("seat_7".to_string(), 500)]
        );
        assert_eq!(d.cites[0], c::ODD_CHIPS.part("C"));
    }

    // Quartering: one high, two tied lows; the low half's odd chip goes to the first low
    // winner left of the button (tda-2019-sk rule 20).
    #[test]
    fn tda_2019_sk_r20_quartered_low_half() {
        // 2100 in 100s: 21 chips, 11 high (1100); 10 low split 5 and 5.
        let chips = |pot| Answers {
            smallest_chip: 100,
            ..board(pot, &[2], &[4, 8], 6)
        };
        let d = rule("tda-2019-sk", chips(2100));
        assert_eq!(
            amounts(&d),
            [
                ("seat_2".to_string(), 1100),
                ("seat_4".to_string(), 500),
                ("seat_8".to_string(), 500)
            ]
        );
        // 2300 in 100s: 23 chips, 12 high; 11 low: seat 8 (left of the button on 6) gets 6.
        let d = rule("tda-2019-sk", chips(2300));
        assert_eq!(
            amounts(&d),
            [
                ("seat_2".to_string(), 1200),
                ("seat_4".to_string(), 500),
                ("seat_8".to_string(), 600)
            ]
        );
    }

    #[test]
    fn no_low_the_high_takes_all() {
        let d = rule(
            "dpc-2019-en",
            Answers {
                low: None,
                ..board(1000, &[3], &[], 1)
            },
        );
        assert_eq!(d.outcome, HiLoOutcome::HighTakesAll);
        assert_eq!(amounts(&d), [("seat_3".to_string(), 1000)]);
        // One high hand: nothing to share; two: they share it.
        assert_eq!(d.remedy_variant, Some("one"));
        let d = rule(
            "dpc-2019-en",
            Answers {
                low: None,
                ..board(1000, &[3, 5], &[], 1)
            },
        );
        assert_eq!(
            (d.outcome, d.remedy_variant),
            (HiLoOutcome::HighTakesAll, None)
        );
    }

    // tda-2019-sk rule 20: in stud the odd chip goes to the highest card by suit.
    #[test]
    fn tda_2019_sk_r20_stud_odd_chip_by_suit() {
        let d = rule(
            "tda-2019-sk",
            Answers {
                game: SplitGame::Stud,
                pot: 500,
                high: vec![2, 6],
                low: None,
                button: None,
                seats: None,
                by_suit: Some(vec![6, 2]),
                smallest_chip: 100,
            },
        );
        assert_eq!(d.outcome, HiLoOutcome::SplitBySuit);
        assert_eq!(
            amounts(&d),
            [("seat_2".to_string(), 200), ("seat_6".to_string(), 300)]
        );
        assert_eq!(d.cites[0], c::ODD_CHIPS.part("B"));
    }

    #[test]
    fn bad_answers_name_the_key() {
        let cases: Vec<(Answers, &str)> = vec![
            (board(1010, &[1], &[2], 5), "pot"),
            (board(1000, &[], &[2], 5), "high"),
            (board(1000, &[1], &[2, 2], 5), "low"),
            (board(1000, &[1], &[2], 11), "button"),
            (
                Answers {
                    game: SplitGame::StudHiLo,
                    by_suit: Some(vec![1]),
                    ..board(1000, &[1], &[2], 5)
                },
                "by_suit",
            ),
        ];
        for (a, key) in cases {
            let err = super::super::rule_in::<HiLoSplit>("dpc-2019-en", a).unwrap_err();
            assert_eq!(err.input_key(), Some(key));
        }
    }
}
