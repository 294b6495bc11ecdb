//! Seat order at the table: who shows first at a showdown, and where the
//! button and blinds go when play becomes heads-up.
//!
//! Owns the `showdown-order` and `heads-up-button` incidents (TDA 2019 rules
//! 17 and 34, TDA 2015 rules 16 and 33). Pure functions over seat numbers
//! 1-10, clockwise being increasing seat numbers with seat 1 after seat 10.
//! No I/O, no edition lookup.

use super::seats::check_seat;
pub use super::seats::clockwise_after;
use super::{CalcError, Seat};

fn check_distinct(seats: &[Seat], input: &'static str) -> Result<(), CalcError> {
    for (i, seat) in seats.iter().enumerate() {
        check_seat(*seat, input)?;
        if seats.iter().take(i).any(|s| s == seat) {
            return Err(CalcError::invalid(
                input,
                format!("seat {seat} is listed twice"),
            ));
        }
    }
    Ok(())
}

/// The order in which players table their cards at a non all-in showdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShowdownOrder {
    /// Every live seat, first to show first.
    pub order: Vec<Seat>,
    /// Whether the order starts with the last aggressor (otherwise with the
    /// first live seat left of the button).
    pub by_aggressor: bool,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<&'static str>,
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
/// is the usual practice. The TD may enforce this order only when cards are
/// not shown spontaneously (tda-2015-de, tda-2019-sk, dpc). Stud and razz
/// orders (highest / lowest board first) are not modelled.
///
/// Errors: `live` with fewer than two seats (a lone player wins without
/// showing, rule 17-B), a repeated seat or a seat outside 1-10; `button`
/// outside 1-10; `last_aggressor` not a live seat.
///
/// ```
/// use floor::calc::showdown::showdown_order;
/// // River checked through, button on 9: seat 1 shows first.
/// assert_eq!(showdown_order(&[4, 1, 9], 9, None).unwrap().order, vec![1, 4, 9]);
/// // Seat 4 bet the river and was called: seat 4 first.
/// assert_eq!(showdown_order(&[4, 1, 9], 9, Some(4)).unwrap().order, vec![4, 9, 1]);
/// ```
pub fn showdown_order(
    live: &[Seat],
    button: Seat,
    last_aggressor: Option<Seat>,
) -> Result<ShowdownOrder, CalcError> {
    check_distinct(live, "live")?;
    if live.len() < 2 {
        return Err(CalcError::invalid(
            "live",
            "a showdown needs at least two live seats; a single player wins without showing",
        ));
    }
    check_seat(button, "button")?;
    let order = match last_aggressor {
        Some(aggressor) => {
            check_seat(aggressor, "last_aggressor")?;
            if !live.contains(&aggressor) {
                return Err(CalcError::invalid(
                    "last_aggressor",
                    format!("seat {aggressor} is not among the live seats {live:?}"),
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
    Ok(ShowdownOrder {
        order,
        by_aggressor: last_aggressor.is_some(),
        concepts: vec!["showdown-order"],
    })
}

/// Button and blinds for the next heads-up hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadsUp {
    /// The button, who is also the small blind: acts first pre-flop and
    /// last on every later round, and is dealt the last card.
    pub button: Seat,
    /// The big blind: acts first after the flop and is dealt the first card.
    pub big_blind: Seat,
    /// Whether the button does not simply move on to the next player, but
    /// has to be placed so that nobody takes the big blind twice in a row.
    pub button_adjusted: bool,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Who has the button (= small blind) and the big blind in the next hand
/// once two players remain (concept `heads-up-button`: TDA 2019 / onk /
/// pokerpunt / tda-2019-sk / dpc rule 34, tda-2015-de rule 33).
///
/// Heads-up the small blind is the button; it acts first pre-flop and last
/// on all later rounds. The big blind moves on as always: it goes to the
/// next remaining player clockwise after the seat that posted the big blind
/// last hand — so nobody posts the big blind twice in a row — and the other
/// player gets the button. `button_adjusted` says whether that differs from
/// moving the button on to the next remaining player clockwise after
/// `current_button` (it does when the player to the button's left busted
/// and the last big blind is still in).
///
/// Editions: tda-2015-de, tda-2019-sk and dpc say the button may need
/// adjusting at the start of heads-up; onk and pokerpunt say "going from
/// three to two players, the blinds lead" ("de blinde inzetten leidend"),
/// which this function implements the same way. All agree no player is
/// forced to post the big blind twice in a row.
///
/// Errors: `players` not two distinct seats 1-10; `last_big_blind` or
/// `button` outside 1-10; `button` equal to `last_big_blind` (the button
/// never posts the big blind).
///
/// ```
/// use floor::calc::showdown::heads_up_button;
/// // Three-handed: button 1, small blind 2, big blind 3. Seat 1 busts.
/// let next = heads_up_button([2, 3], 3, 1).unwrap();
/// assert_eq!((next.button, next.big_blind), (3, 2)); // seat 3 not BB twice
/// assert!(next.button_adjusted); // plain rotation would give seat 2 the button
/// ```
pub fn heads_up_button(
    players: [Seat; 2],
    last_big_blind: Seat,
    current_button: Seat,
) -> Result<HeadsUp, CalcError> {
    check_distinct(&players, "players")?;
    check_seat(last_big_blind, "last_big_blind")?;
    check_seat(current_button, "button")?;
    if current_button == last_big_blind {
        return Err(CalcError::invalid(
            "button",
            format!("seat {current_button} cannot hold the button and have posted the big blind"),
        ));
    }
    let [a, b] = players;
    let big_blind = clockwise_after(last_big_blind, &players)
        .first()
        .copied()
        .unwrap_or(a);
    let button = if big_blind == a { b } else { a };
    let rotated = clockwise_after(current_button, &players)
        .first()
        .copied()
        .unwrap_or(a);
    Ok(HeadsUp {
        button,
        big_blind,
        button_adjusted: rotated != button,
        concepts: vec!["heads-up-button"],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn input_of(err: CalcError) -> &'static str {
        match err {
            CalcError::Invalid { input, .. } | CalcError::Overflow { input } => input,
        }
    }

    #[test]
    fn clockwise_after_wraps_and_puts_start_last() {
        assert_eq!(clockwise_after(10, &[10, 3, 1]), vec![1, 3, 10]);
        assert_eq!(clockwise_after(1, &[1, 10, 2]), vec![2, 10, 1]);
        assert_eq!(clockwise_after(5, &[]), Vec::<Seat>::new());
    }

    // dpc-2019-en rule 17 (printed 6) A: "If there was no final round bet ... first seat left
    // of the button in flop games"
    #[test]
    fn dpc_2019_en_r17_no_final_bet_first_seat_left_of_button_shows_first() {
        let order = showdown_order(&[2, 6, 9], 5, None).unwrap();
        assert_eq!(order.order, vec![6, 9, 2]);
        assert!(!order.by_aggressor);
        assert_eq!(order.concepts, vec!["showdown-order"]);
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
        assert_eq!(order.concepts, vec!["showdown-order"]);
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
            assert_eq!(input_of(result.unwrap_err()), input);
        }
    }

    // tda-2015-de rule 33: "Der Button ist zu Beginn des Heads-Up ggf. zu ändern, um
    // sicherzustellen, dass kein Spieler zweimal hintereinander den Big Blind hat."
    #[test]
    fn tda_2015_de_r33_button_adjusted_so_nobody_has_big_blind_twice() {
        // Button 1, SB 2, BB 3; the button player (seat 1) busts.
        let next = heads_up_button([2, 3], 3, 1).unwrap();
        assert_eq!(
            (next.button, next.big_blind, next.button_adjusted),
            (3, 2, true)
        );
        assert_eq!(next.concepts, vec!["heads-up-button"]);
    }

    // onk-2023-nl rule 34: "Als er van drie naar twee spelers wordt gegaan, dan zijn de blinde
    // inzetten leidend. Een speler kan dus nooit verplicht tweemaal de big blind achter elkaar
    // betalen."
    #[test]
    fn onk_2023_nl_r34_blinds_lead_from_three_to_two() {
        // Button 1, SB 2, BB 3; the small blind (seat 2) busts: the button moves on normally.
        let next = heads_up_button([1, 3], 3, 1).unwrap();
        assert_eq!(
            (next.button, next.big_blind, next.button_adjusted),
            (3, 1, false)
        );
        // The big blind (seat 3) busts: the big blind moves on to seat 1.
        let next = heads_up_button([1, 2], 3, 1).unwrap();
        assert_eq!(
            (next.button, next.big_blind, next.button_adjusted),
            (2, 1, false)
        );
    }

    #[test]
    fn heads_up_continues_alternating() {
        let next = heads_up_button([4, 8], 8, 4).unwrap();
        assert_eq!(
            (next.button, next.big_blind, next.button_adjusted),
            (8, 4, false)
        );
        let after = heads_up_button([4, 8], next.big_blind, next.button).unwrap();
        assert_eq!((after.button, after.big_blind), (4, 8));
    }

    #[test]
    fn heads_up_after_a_double_bust_wraps_past_seat_ten() {
        // Four-handed: button 9, SB 2, BB 5; seats 7 and 9 bust in the same hand.
        let next = heads_up_button([2, 5], 5, 9).unwrap();
        assert_eq!((next.button, next.big_blind), (5, 2));
        assert!(next.button_adjusted);
        // Button 9, SB 2, BB 5; seats 5 and 7 bust: the big blind moves on to seat 9.
        let next = heads_up_button([2, 9], 5, 9).unwrap();
        assert_eq!(
            (next.button, next.big_blind, next.button_adjusted),
            (2, 9, false)
        );
    }

    #[test]
    fn heads_up_errors_name_the_input() {
        let cases = [
            (heads_up_button([3, 3], 3, 1), "players"),
            (heads_up_button([0, 3], 3, 1), "players"),
            (heads_up_button([2, 3], 11, 1), "last_big_blind"),
            (heads_up_button([2, 3], 3, 0), "button"),
            (heads_up_button([2, 3], 3, 3), "button"),
        ];
        for (result, input) in cases {
            assert_eq!(input_of(result.unwrap_err()), input);
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

        #[test]
        fn nobody_posts_the_big_blind_twice(
            pair in proptest::sample::subsequence((1..=10u8).collect::<Vec<_>>(), 2),
            last_bb in 1..=10u8,
            button in 1..=10u8,
        ) {
            prop_assume!(button != last_bb);
            let players = [pair[0], pair[1]];
            let next = heads_up_button(players, last_bb, button).unwrap();
            prop_assert!(next.button != next.big_blind);
            prop_assert!(players.contains(&next.button) && players.contains(&next.big_blind));
            prop_assert!(next.big_blind != last_bb);
        }
    }
}
