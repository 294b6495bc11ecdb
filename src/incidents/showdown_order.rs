//! Who tables first at a showdown (incident `showdown-order`).
//!
//! Owns concept `showdown-order`: TDA 2019 rule 17, TDA 2015 rule 16. A
//! showdown with a player all-in and the betting over has no order: every
//! hand is tabled at once (concept `face-up-all-in`, TDA 2019 rule 16,
//! TDA 2015 rule 15), so whether anyone is all-in is asked first. Seat
//! numbers 1-10, clockwise being increasing seat numbers with seat 1 after
//! seat 10.

use serde::Deserialize;

use crate::engine::ruling::TablePicture;
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Seat;
use crate::poker::seats::{check_distinct, check_seat, clockwise_after};
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::provisions::{Term, worded};

/// The `showdown-order` incident.
pub struct ShowdownOrder;

/// The answers of `showdown-order`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// A player is all-in and the betting is over.
    pub all_in: bool,
    /// The seats still in the hand (asked without an all-in).
    #[serde(default)]
    pub live: Vec<Seat>,
    /// The button (asked without an all-in).
    pub button: Option<Seat>,
    /// Who made the last bet or raise on the final round, if anybody.
    pub last_aggressor: Option<Seat>,
}

crate::outcomes! {
    /// The outcomes of `showdown-order`.
    pub enum ShowdownOrderOutcome {
        /// The order of showing.
        Order => [SHOWDOWN_ORDER],
        /// A player is all-in: every hand is tabled at once.
        AllTabled => [FACE_UP_ALL_IN],
    }
}

/// What the JSON of `showdown-order` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The seats in the order they show (none when all are tabled at once).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<Seat>,
    /// The last aggressor shows first (with an order only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_aggressor: Option<bool>,
}

crate::notes! {
    /// The notes of `showdown-order`.
    pub enum Notes {
        /// The order in words.
        ShowdownOrder { order: String } = "showdown_order",
        /// No bet on the final round, under an edition naming stud's and
        /// razz's first player apart: the order given is a flop game's.
        FlopGameOrder = "showdown_order_flop_game",
        /// The rule names only the first to show: the others are listed
        /// clockwise, as the practice goes.
        ClockwiseAfterFirst = "showdown_order_clockwise",
    }
}

/// Stud and razz name their own first player with no final-round bet
/// (the highest board, the lowest); ONK names none.
const STUD_RAZZ_ORDER: &str = "order-stud-razz";
/// The first seat left of the button shows first with no final-round bet;
/// its `then` term says whether the others follow clockwise.
const NO_BET_LEFT_OF_BUTTON: &str = "order-no-bet-left-of-button";

impl Incident for ShowdownOrder {
    const ID: &'static str = "showdown-order";
    type Answers = Answers;
    type Outcome = ShowdownOrderOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;
    const PROVISIONS: &'static [&'static str] = &[STUD_RAZZ_ORDER, NO_BET_LEFT_OF_BUTTON];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<ShowdownOrder>, Error> {
        if a.all_in {
            return Ok(Decision::<ShowdownOrder>::new(
                ShowdownOrderOutcome::AllTabled,
                vec![c::FACE_UP_ALL_IN],
            ));
        }
        let button = a.button.ok_or_else(|| super::answer_needed("button"))?;
        let r = showdown_order(&a.live, button, a.last_aggressor)?;
        let mut d = Decision::<ShowdownOrder>::new(ShowdownOrderOutcome::Order, r.concepts);
        d.extra = Extra {
            order: r.order.clone(),
            by_aggressor: Some(r.by_aggressor),
        };
        d.notes.push(Notes::ShowdownOrder {
            order: seat_list(&r.order),
        });
        // The seat left of the button is a flop game's first player: where
        // the edition gives stud and razz their own, the card says so.
        let clockwise_stated = match a.last_aggressor {
            Some(_) => false,
            None => {
                if cx.stated_or_practice(STUD_RAZZ_ORDER)?.is_some() {
                    d.notes.push(Notes::FlopGameOrder);
                }
                cx.stated_or_practice(NO_BET_LEFT_OF_BUTTON)?
                    .and_then(|t| worded(t, Term::Then))
                    .is_some()
            }
        };
        if !clockwise_stated {
            d.notes.push(Notes::ClockwiseAfterFirst);
        }
        d.table = Some(TablePicture {
            seats: a.live,
            button: Some(button),
            labels: r
                .order
                .iter()
                .enumerate()
                .map(|(i, s)| (*s, format!("#{}", i + 1)))
                .collect(),
            marks: Vec::new(),
        });
        Ok(d)
    }
}

/// Seats as the card lists them: `2, 5, 9`.
fn seat_list(seats: &[Seat]) -> String {
    seats
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The order in which players table their cards at a non all-in showdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShowdownOrderRuling {
    /// Every live seat, first to show first.
    pub order: Vec<Seat>,
    /// Whether the order starts with the last aggressor (otherwise with the
    /// first live seat left of the button).
    pub by_aggressor: bool,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// The showdown order of a non all-in showdown (concept `showdown-order`:
/// TDA 2019 / onk / pokerpunt / tda-2019-sk / dpc rule 17, tda-2015-de rule
/// 16).
///
/// The last aggressive player on the final betting round tables first. If
/// there was no bet on the final round (`last_aggressor` is `None`), the
/// first live seat left of the button shows first. After the first, the
/// order goes clockwise: onk and pokerpunt say so ("en zo verder met de
/// klok mee"); the other editions name only the first player, and clockwise
/// is the usual practice (the card says so). The TD may enforce this order
/// only when cards are not shown spontaneously (tda-2015-de, tda-2019-sk,
/// dpc). With no final-round bet this is a flop game's order: stud and razz
/// (highest / lowest board first) are not modelled, and the card says so
/// where the edition names them.
///
/// Errors: `live` with fewer than two seats (a lone player wins without
/// showing, rule 17-B), a repeated seat or a seat outside 1-10; `button`
/// outside 1-10; `last_aggressor` not a live seat.
///
/// ```
/// use floor::incidents::showdown_order::showdown_order;
/// // River checked through, button on 9: seat 1 shows first.
/// assert_eq!(showdown_order(&[4, 1, 9], 9, None).unwrap().order, vec![1, 4, 9]);
/// // Seat 4 bet the river and was called: seat 4 first.
/// assert_eq!(showdown_order(&[4, 1, 9], 9, Some(4)).unwrap().order, vec![4, 9, 1]);
/// ```
pub fn showdown_order(
    live: &[Seat],
    button: Seat,
    last_aggressor: Option<Seat>,
) -> Result<ShowdownOrderRuling, Error> {
    check_distinct(live).map_err(|m| Error::input("live", m))?;
    if live.len() < 2 {
        return Err(Error::input("live", Message::new(Msg::ShowdownTooFew)));
    }
    check_seat(button).map_err(|m| Error::input("button", m))?;
    let order = match last_aggressor {
        Some(aggressor) => {
            check_seat(aggressor).map_err(|m| Error::input("last_aggressor", m))?;
            if !live.contains(&aggressor) {
                return Err(Error::input(
                    "last_aggressor",
                    Message::new(Msg::ShowdownAggressorNotLive)
                        .arg("seat", aggressor)
                        .arg("live", format!("{live:?}")),
                ));
            }
            // Start at the aggressor: everybody after him, then him last;
            // rotate him to the front.
            let mut order = clockwise_after(aggressor, live);
            order.rotate_right(1);
            order
        }
        None => clockwise_after(button, live),
    };
    Ok(ShowdownOrderRuling {
        order,
        by_aggressor: last_aggressor.is_some(),
        concepts: vec![c::SHOWDOWN_ORDER],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // dpc-2019-en rule 17 (printed 6) A: "If there was no final round bet ... first seat left
    // of the button in flop games"
    #[test]
    fn dpc_2019_en_r17_no_final_bet_first_seat_left_of_button_shows_first() {
        let order = showdown_order(&[2, 6, 9], 5, None).unwrap();
        assert_eq!(order.order, vec![6, 9, 2]);
        assert!(!order.by_aggressor);
        assert_eq!(order.concepts, vec![c::SHOWDOWN_ORDER]);
    }

    // onk-2023-nl rule 17 A: "de speler die de laatste agressieve actie heeft gemaakt als eerste
    // ... en zo verder met de klok mee"
    #[test]
    fn onk_2023_nl_r17_last_aggressor_first_then_clockwise() {
        let order = showdown_order(&[2, 6, 9], 5, Some(9)).unwrap();
        assert_eq!(order.order, vec![9, 2, 6]);
        assert!(order.by_aggressor);
    }

    // tda-2015-de rule 16-A: "Gab es keine aktive Aktion in der letzten Setzrunde, muss der
    // Spieler, welcher zuerst agieren würde, seine Karten zuerst aufdecken. (z.B. bei Flop-Spielen
    // der Spieler links neben dem Button, ...)"
    #[test]
    fn tda_2015_de_r16_no_bet_first_player_left_of_button_shows_first() {
        let order = showdown_order(&[2, 6, 9], 5, None).unwrap();
        assert_eq!(order.order.first(), Some(&6));
        assert!(!order.by_aggressor);
        assert_eq!(order.concepts, vec![c::SHOWDOWN_ORDER]);
    }

    #[test]
    fn button_among_live_players_shows_last_without_a_bet() {
        assert_eq!(showdown_order(&[3, 7], 7, None).unwrap().order, vec![3, 7]);
        assert_eq!(showdown_order(&[3, 7], 3, None).unwrap().order, vec![7, 3]);
    }

    #[test]
    fn showdown_errors_name_the_input() {
        let cases = [
            (showdown_order(&[4], 1, None), "live"),
            (showdown_order(&[], 1, None), "live"),
            (showdown_order(&[4, 4], 1, None), "live"),
            (showdown_order(&[4, 11], 1, None), "live"),
            (showdown_order(&[4, 5], 0, None), "button"),
            (showdown_order(&[4, 5], 1, Some(6)), "last_aggressor"),
            (showdown_order(&[4, 5], 1, Some(0)), "last_aggressor"),
        ];
        for (result, input) in cases {
            assert_eq!(result.unwrap_err().input_key(), Some(input));
        }
    }

    proptest! {
        #[test]
        fn showdown_order_is_a_permutation_starting_right(
            live in proptest::sample::subsequence((1..=10u8).collect::<Vec<_>>(), 2..=10)
                .prop_shuffle(),
            button in 1..=10u8,
            pick in any::<prop::sample::Index>(),
            aggressive in any::<bool>(),
        ) {
            let aggressor = aggressive.then(|| live[pick.index(live.len())]);
            let result = showdown_order(&live, button, aggressor).unwrap();
            let mut sorted = result.order.clone();
            sorted.sort_unstable();
            let mut expected = live.clone();
            expected.sort_unstable();
            prop_assert_eq!(sorted, expected);
            match aggressor {
                Some(a) => prop_assert_eq!(result.order[0], a),
                None => {
                    // No live seat lies strictly between the button and the first shower.
                    let first = result.order[0];
                    let mut seat = button % 10 + 1;
                    while seat != first {
                        prop_assert!(!live.contains(&seat));
                        seat = seat % 10 + 1;
                    }
                }
            }
        }
    }
}
