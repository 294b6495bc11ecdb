//! A pot split between tied winners, odd chips included (incident
//! `split-pot`).
//!
//! Owns concept `odd-chips`: TDA 2019 rule 20, TDA 2015 rule 19. The
//! odd-chip policy arrives as [`OddChipRecipient`], an edition parameter;
//! what the pot is broken down to is the smallest chip in play, or the
//! smallest at the table where the edition says so (Pokerpunt 20).

use serde::Deserialize;

use crate::engine::ruling::PerSeat;
use crate::engine::ruling::{SeatMark, TablePicture};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::seats::{check_distinct, check_seat, clockwise_after};
use crate::poker::{Chips, Seat, add, mul};
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::provisions::Term;

/// The `split-pot` incident.
pub struct SplitPot;

/// The answers of `split-pot`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The pot to split.
    pub pot: Chips,
    /// The seats that tied.
    pub winners: Vec<Seat>,
    /// The button.
    pub button: Seat,
    /// The occupied seats.
    pub seats: Vec<Seat>,
    /// The smallest denomination in play.
    pub smallest_chip: Chips,
}

crate::outcomes! {
    /// The one outcome of `split-pot`.
    pub enum SplitOutcome {
        /// The pot is split.
        Split => [ODD_CHIPS, SIDE_POTS],
    }
}

impl Incident for SplitPot {
    const ID: &'static str = "split-pot";
    type Answers = Answers;
    type Outcome = SplitOutcome;
    type Amounts = PerSeat;
    type Extra = Extra;
    type Note = OddChipNote;
    const PROVISIONS: &'static [&'static str] = &[BREAKDOWN, RECIPIENT];
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &[BREAKDOWN];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<SplitPot>, Error> {
        let breakdown = Breakdown::of(cx);
        let recipient = cx.params.odd_chip_recipient();
        let r = split_pot(
            a.pot,
            &a.winners,
            a.button,
            &a.seats,
            a.smallest_chip,
            recipient,
        )?;
        let cites: Vec<crate::rules::concepts::Cite> = r
            .concepts
            .iter()
            .map(|&concept| {
                if concept == c::ODD_CHIPS {
                    breakdown.cite
                } else {
                    concept.into()
                }
            })
            .collect();
        let mut d = Decision::<SplitPot>::new(SplitOutcome::Split, cites);
        d.remedy_variant = breakdown.variant;
        d.notes.extend(breakdown.seat_note);
        d.amounts = r.per_seat();
        d.extra = Extra {
            odd_chips: r.odd_chips,
            shares: r.shares.clone(),
        };
        d.table = Some(TablePicture {
            seats: a.seats,
            button: Some(a.button),
            labels: r
                .shares
                .iter()
                .map(|s| (s.seat, s.amount.to_string()))
                .collect(),
            marks: r
                .shares
                .iter()
                .filter(|s| s.odd_chip)
                .map(|s| (s.seat, SeatMark::OddChip))
                .collect(),
        });
        Ok(d)
    }
}

pub use crate::rules::vocab::OddChipRecipient;

/// The provision that breaks odd chips down first.
const BREAKDOWN: &str = "odd-chip-smallest";
/// How an edition words the chip the pot is broken down to when it is the
/// smallest at the table (Pokerpunt 20), not in play.
const AT_TABLE: &str = "at-table";
/// The provision naming the seat that receives the odd chip.
const RECIPIENT: &str = "odd-chip-recipient";
/// How an edition words that seat's rule when it speaks of Hold'em games
/// only (ONK and Pokerpunt 20: "Bij alle Hold'em-spelen").
const HOLDEM: &str = "holdem";

crate::notes! {
    /// The notes of the odd-chip cards (`split-pot`, `hi-lo-split`).
    pub enum OddChipNote {
        /// The edition gives the odd chip's seat for Hold'em games only:
        /// in another board game the practice gives it to the same seat.
        SeatHoldemOnly = "odd_chip_seat_holdem_only",
        /// The edition looks for the highest card by suit among the cards
        /// of each stud winner's best five-card hand only.
        StudBestFive = "odd_chip_stud_best_five",
    }
}

/// What a pot is broken down to before it is shared, as the edition words
/// `odd-chip-smallest`: the `smallest_chip` answer is that chip.
pub(crate) struct Breakdown {
    /// The odd-chip rule, at the part stating the breakdown (where the
    /// edition does not state it, the card says the TDA practice is
    /// followed: tda-2019-sk 20).
    pub cite: crate::rules::concepts::Cite,
    /// The remedy variant naming the chip at the table, where the edition
    /// breaks down to it.
    pub variant: Option<&'static str>,
    /// Where the edition's rule gives the odd chip's seat for Hold'em
    /// games only, the note saying the practice gives it in another board
    /// game (the card does not ask the game: the seat is the same).
    pub seat_note: Option<OddChipNote>,
}

impl Breakdown {
    pub(crate) fn of(cx: &Cx<'_>) -> Breakdown {
        Breakdown {
            cite: c::ODD_CHIPS.stating(BREAKDOWN),
            variant: cx
                .words(BREAKDOWN, Term::What, AT_TABLE)
                .then_some("at-table"),
            seat_note: cx
                .words(RECIPIENT, Term::Scope, HOLDEM)
                .then_some(OddChipNote::SeatHoldemOnly),
        }
    }
}

/// Checks a pot to split: something in it, made of whole `smallest_chip`s.
pub(crate) fn check_pot(pot: Chips, smallest_chip: Chips) -> Result<(), Error> {
    if smallest_chip == 0 {
        return Err(Error::input(
            "smallest_chip",
            Message::new(Msg::SplitSmallestChipZero),
        ));
    }
    if pot == 0 {
        return Err(Error::input("pot", Message::new(Msg::SplitEmptyPot)));
    }
    if !pot.is_multiple_of(smallest_chip) {
        return Err(Error::input(
            "pot",
            Message::new(Msg::SplitNotMultiple)
                .arg("pot", pot)
                .arg("chip", smallest_chip),
        ));
    }
    Ok(())
}

/// Shares `units` chips of `smallest_chip` between the winners in `order`,
/// the order in which odd chips are handed out, one each: every winner gets
/// `units / n` chips and the first `units % n` one more. Returns the shares
/// in `order`, the even share in chips and the number of odd chips. Errors
/// (`pot`) when a share leaves the chip range.
///
/// Every split goes through here: a tie for a board pot (first winner left
/// of the button first), each half of a high-low pot, a stud tie (highest
/// card by suit first).
///
/// ```
/// use floor::incidents::split_pot::share_out;
/// // 101 chips of 25 between seats 9 and 2, seat 9 first: 51 and 50.
/// let (shares, base, odd) = share_out(101, &[9, 2], 25).unwrap();
/// assert_eq!((shares[0].amount, shares[1].amount, base, odd), (1275, 1250, 1250, 1));
/// ```
pub fn share_out(
    units: u64,
    order: &[Seat],
    smallest_chip: Chips,
) -> Result<(Vec<Share>, Chips, u64), Error> {
    let n = (order.len() as u64).max(1);
    let base_units = units / n;
    let odd = units % n;
    let base_share = mul(base_units, smallest_chip, "pot").map_err(|m| Error::input("pot", m))?;
    let shares = order
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let odd_chip = (i as u64) < odd;
            let amount = if odd_chip {
                add(base_share, smallest_chip, "pot").map_err(|m| Error::input("pot", m))?
            } else {
                base_share
            };
            Ok(Share {
                seat: *seat,
                amount,
                odd_chip,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok((shares, base_share, odd))
}

/// One winner's share of a split pot (JSON `{"seat","amount","odd_chip"}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Share {
    /// The winner's seat.
    pub seat: Seat,
    /// Chips this winner receives, odd chip included (amount `seat_N`).
    pub amount: Chips,
    /// Whether one odd chip (of `smallest_chip`) is part of `amount`.
    pub odd_chip: bool,
}

/// A split pot as [`split_pot`] divides it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitPotRuling {
    /// The shares in clockwise order from the first seat left of the button
    /// (the order in which odd chips are handed out).
    pub shares: Vec<Share>,
    /// The even part every winner gets.
    pub base_share: Chips,
    /// How many odd chips of `smallest_chip` were left over and handed out.
    pub odd_chips: u64,
    /// The denomination the pot was broken down to.
    pub smallest_chip: Chips,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// What the JSON of `split-pot` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Odd chips given out.
    pub odd_chips: u64,
    /// Each winner's share.
    pub shares: Vec<Share>,
}

impl SplitPotRuling {
    /// Each winner's share by seat, in seat order.
    pub fn per_seat(&self) -> PerSeat {
        let mut shares = self.shares.clone();
        shares.sort_by_key(|s| s.seat);
        PerSeat(shares.iter().map(|s| (s.seat, s.amount)).collect())
    }

    /// The answer-contract amount names (`seat_N`) with each share, in seat
    /// order.
    pub fn named_amounts(&self) -> Vec<(String, Chips)> {
        let mut shares = self.shares.clone();
        shares.sort_by_key(|s| s.seat);
        shares
            .iter()
            .map(|s| (format!("seat_{}", s.seat), s.amount))
            .collect()
    }
}

/// Splits a pot between tied winners (concept `odd-chips`: onk / pokerpunt
/// / tda-2019-sk / dpc rule 20, tda-2015-de rule 19).
///
/// Formula: the pot is broken down to `smallest_chip` (the smallest
/// denomination in play): `units = pot / smallest_chip`. Each of the `n`
/// winners gets `units / n` of them; the `units % n` odd chips go one each
/// to the winners in clockwise order starting with the first seat left of
/// the button ([`OddChipRecipient::FirstLeftOfButton`]), skipping seats that
/// are not winners. Shares therefore differ by at most one smallest chip.
///
/// Editions: all five give the odd chip of a board game to the first winner
/// left of the button. dpc and tda-2015-de first break the odd chips down
/// to the smallest denomination *in play*; onk ("laagste denominatie in het
/// spel") and pokerpunt ("laagste denominatie aan tafel", at the table) say
/// the odd chip is always that smallest denomination; tda-2019-sk does not
/// mention the breakdown. onk's "de eerste actieve speler na de button"
/// means the first of the tied winners after the button (only they share
/// the pot). onk and pokerpunt state the rule for Hold'em games; stud and
/// high/low cases (by suit, to the high hand) are not modelled here.
/// Several odd chips (three winners, two odd chips) go one each, the next
/// winner clockwise taking the next.
///
/// `seats` are the occupied seats (winners must be among them); the button
/// may be on an empty seat (dead button). Errors: `pot` empty or not a
/// multiple of `smallest_chip`; `smallest_chip` zero; `winners` empty,
/// repeated or not occupied seats; `seats` repeated or outside 1-10;
/// `button` outside 1-10.
///
/// ```
/// use floor::incidents::split_pot::{split_pot, OddChipRecipient};
/// // 2,525 split three ways with 25 chips, button on seat 6, winners 2, 5, 9:
/// // 101 chips of 25 -> 33 each, 2 odd chips to seats 9 and 2.
/// let split = split_pot(2525, &[2, 5, 9], 6, &[1, 2, 3, 4, 5, 6, 7, 8, 9], 25,
///     OddChipRecipient::FirstLeftOfButton).unwrap();
/// assert_eq!(split.named_amounts(), vec![
///     ("seat_2".to_string(), 850), ("seat_5".to_string(), 825), ("seat_9".to_string(), 850),
/// ]);
/// ```
pub fn split_pot(
    pot: Chips,
    winners: &[Seat],
    button: Seat,
    seats: &[Seat],
    smallest_chip: Chips,
    recipient: OddChipRecipient,
) -> Result<SplitPotRuling, Error> {
    check_pot(pot, smallest_chip)?;
    check_seat(button).map_err(|m| Error::input("button", m))?;
    check_distinct(seats).map_err(|m| Error::input("seats", m))?;
    if winners.is_empty() {
        return Err(Error::input("winners", Message::new(Msg::SplitNoWinner)));
    }
    check_distinct(winners).map_err(|m| Error::input("winners", m))?;
    if let Some(seat) = winners.iter().find(|s| !seats.contains(s)) {
        return Err(Error::input(
            "winners",
            Message::new(Msg::SplitNotOccupied)
                .arg("seat", seat)
                .arg("seats", format!("{seats:?}")),
        ));
    }
    let order = match recipient {
        OddChipRecipient::FirstLeftOfButton => clockwise_after(button, winners),
    };
    let (shares, base_share, odd) = share_out(pot / smallest_chip, &order, smallest_chip)?;
    Ok(SplitPotRuling {
        shares,
        base_share,
        odd_chips: odd,
        smallest_chip,
        concepts: vec![c::ODD_CHIPS],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn all_seats() -> Vec<Seat> {
        (1..=10).collect()
    }

    fn split(pot: Chips, winners: &[Seat], button: Seat, chip: Chips) -> SplitPotRuling {
        split_pot(
            pot,
            winners,
            button,
            &all_seats(),
            chip,
            OddChipRecipient::FirstLeftOfButton,
        )
        .unwrap()
    }

    #[test]
    fn even_split_has_no_odd_chip() {
        let s = split(1000, &[3, 8], 5, 25);
        assert_eq!(s.odd_chips, 0);
        assert_eq!(
            s.named_amounts(),
            vec![("seat_3".to_string(), 500), ("seat_8".to_string(), 500)]
        );
        assert_eq!(s.concepts, vec![c::ODD_CHIPS]);
    }

    #[test]
    fn odd_chip_goes_to_first_winner_left_of_button() {
        // 1,025 in 25s between seats 3 and 8, button on 5: seat 8 is first left.
        let s = split(1025, &[3, 8], 5, 25);
        assert_eq!(s.odd_chips, 1);
        assert_eq!(
            s.shares,
            vec![
                Share {
                    seat: 8,
                    amount: 525,
                    odd_chip: true
                },
                Share {
                    seat: 3,
                    amount: 500,
                    odd_chip: false
                },
            ]
        );
    }

    // dpc-2019-en rule 20 (printed 9): "First, odd chips will be broken into the smallest
    // denomination in play. Board games with 2 or more high or low hands: the odd chip goes to
    // the first seat left of the button."
    #[test]
    fn dpc_2019_en_r20_odd_chips_broken_down_then_first_seat_left_of_button() {
        // A 3,100 pot three ways, broken down to 25s: 124 chips of 25, 41 each,
        // and the one odd 25 goes to seat 7, first left of the button on 4.
        let s = split(3100, &[2, 7, 9], 4, 25);
        assert_eq!(s.odd_chips, 1);
        assert_eq!(
            s.shares
                .iter()
                .map(|x| (x.seat, x.amount))
                .collect::<Vec<_>>(),
            vec![(7, 1050), (9, 1025), (2, 1025)]
        );
    }

    // onk-2023-nl rule 20: "wordt deze toegekend aan de eerste actieve speler na de button. De
    // rest is altijd ter grootte van de laagste denominatie in het spel."
    #[test]
    fn onk_2023_nl_r20_odd_chip_to_first_active_player_after_button() {
        let s = split(2100, &[1, 5], 10, 100);
        assert_eq!(
            s.shares[0],
            Share {
                seat: 1,
                amount: 1100,
                odd_chip: true
            }
        );
    }

    // tda-2015-de rule 19 A: "Bei Flop-Spielen ...: Der übriggebliebene Chip geht an den ersten
    // Platz links vom Button."
    #[test]
    fn tda_2015_de_r19_a_odd_chip_first_seat_left_of_button() {
        let s = split(1500, &[3, 6], 6, 500);
        assert_eq!(
            s.shares[0],
            Share {
                seat: 3,
                amount: 1000,
                odd_chip: true
            }
        );
    }

    #[test]
    fn odd_chip_wraps_past_seat_ten() {
        // Button on 9: seat 10 is next, but it did not win; seat 2 did.
        let s = split(300, &[2, 6], 9, 100);
        assert_eq!(s.shares[0].seat, 2);
        assert_eq!(s.shares[0].amount, 200);
        assert_eq!(s.shares[1].amount, 100);
    }

    #[test]
    fn winner_on_the_button_is_last_for_the_odd_chip() {
        let s = split(500, &[4, 1], 4, 100);
        assert_eq!(
            s.shares
                .iter()
                .map(|x| (x.seat, x.amount))
                .collect::<Vec<_>>(),
            vec![(1, 300), (4, 200)]
        );
    }

    #[test]
    fn dead_button_on_an_empty_seat_still_orders_from_it() {
        let s = split_pot(
            700,
            &[3, 7],
            5,
            &[1, 3, 7, 9],
            100,
            OddChipRecipient::FirstLeftOfButton,
        )
        .unwrap();
        assert_eq!(
            s.shares[0],
            Share {
                seat: 7,
                amount: 400,
                odd_chip: true
            }
        );
    }

    #[test]
    fn single_winner_takes_everything() {
        let s = split(12_345, &[6], 1, 5);
        assert_eq!(
            s.shares,
            vec![Share {
                seat: 6,
                amount: 12_345,
                odd_chip: false
            }]
        );
    }

    #[test]
    fn split_pot_errors_name_the_input() {
        let ten = all_seats();
        let f = OddChipRecipient::FirstLeftOfButton;
        let cases: Vec<(Result<SplitPotRuling, Error>, &str)> = vec![
            (split_pot(1010, &[1, 2], 5, &ten, 25, f), "pot"),
            (split_pot(0, &[1, 2], 5, &ten, 25, f), "pot"),
            (split_pot(1000, &[1, 2], 5, &ten, 0, f), "smallest_chip"),
            (split_pot(1000, &[], 5, &ten, 25, f), "winners"),
            (split_pot(1000, &[2, 2], 5, &ten, 25, f), "winners"),
            (split_pot(1000, &[2, 4], 5, &[1, 2, 3], 25, f), "winners"),
            (split_pot(1000, &[2, 11], 5, &ten, 25, f), "winners"),
            (split_pot(1000, &[1, 2], 0, &ten, 25, f), "button"),
            (split_pot(1000, &[1, 2], 11, &ten, 25, f), "button"),
            (split_pot(1000, &[1, 2], 5, &[1, 1, 2], 25, f), "seats"),
            (split_pot(1000, &[1, 2], 5, &[1, 2, 12], 25, f), "seats"),
        ];
        for (result, input) in cases {
            assert_eq!(result.unwrap_err().input_key(), Some(input));
        }
    }

    #[test]
    fn split_pot_at_u64_max() {
        let s = split(u64::MAX, &[1, 2], 10, 1);
        assert_eq!(s.shares[0].amount, u64::MAX / 2 + 1);
        assert_eq!(s.shares[1].amount, u64::MAX / 2);
    }

    #[test]
    fn odd_chip_recipient_serializes_as_the_parameter_value() {
        let json = serde_json::to_string(&OddChipRecipient::FirstLeftOfButton).unwrap();
        assert_eq!(json, "\"first-left-of-button\"");
        let back: OddChipRecipient = serde_json::from_str("\"first-left-of-button\"").unwrap();
        assert_eq!(back, OddChipRecipient::FirstLeftOfButton);
    }

    proptest! {
        #[test]
        fn split_conserves_every_chip_and_odd_chips_go_left_of_button(
            units in 1..100_000u64,
            chip in prop::sample::select(vec![1u64, 5, 25, 100, 500]),
            winners in proptest::sample::subsequence((1..=10u8).collect::<Vec<_>>(), 1..=10)
                .prop_shuffle(),
            button in 1..=10u8,
        ) {
            let pot = units * chip;
            let s = split(pot, &winners, button, chip);
            let amounts: Vec<Chips> = s.shares.iter().map(|x| x.amount).collect();
            prop_assert_eq!(amounts.iter().sum::<Chips>(), pot);
            prop_assert_eq!(s.shares.len(), winners.len());
            let max = amounts.iter().copied().max().unwrap_or(0);
            let min = amounts.iter().copied().min().unwrap_or(0);
            prop_assert!(max - min <= chip);
            prop_assert_eq!(s.shares.iter().filter(|x| x.odd_chip).count() as u64, s.odd_chips);
            // Distance clockwise from the button: every odd-chip winner sits
            // closer to the button's left than every winner without one.
            let distance = |seat: Seat| (seat + 10 - button - 1) % 10;
            for a in s.shares.iter().filter(|x| x.odd_chip) {
                for b in s.shares.iter().filter(|x| !x.odd_chip) {
                    prop_assert!(distance(a.seat) < distance(b.seat));
                }
            }
        }
    }
}
