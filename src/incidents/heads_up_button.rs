//! Going heads-up: who has the button and who the big blind in the next
//! hand (incident `heads-up-button`).
//!
//! Owns concept `heads-up-button`: TDA 2019 rule 34, TDA 2015 rule 33.
//! Seat numbers 1-10, clockwise being increasing seat numbers with seat 1
//! after seat 10.

use serde::Deserialize;

use crate::engine::ruling::TablePicture;
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Seat;
use crate::poker::seats::{check_distinct, check_seat, clockwise_after};
use crate::rules::concepts::{self as c, ConceptId};

/// The `heads-up-button` incident.
pub struct HeadsUpButton;

/// The answers of `heads-up-button`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The two seats left.
    pub players: Vec<Seat>,
    /// Who posted the big blind in the last hand.
    pub last_big_blind: Seat,
    /// The button in the last hand.
    pub button: Seat,
}

crate::outcomes! {
    /// The one outcome of `heads-up-button`.
    pub enum HeadsUpOutcome {
        /// Where the button goes.
        Button => [HEADS_UP_BUTTON],
    }
}

/// What the JSON of `heads-up-button` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The button's seat.
    pub button: Seat,
    /// The big blind's seat.
    pub big_blind: Seat,
    /// The button moved off its usual seat.
    pub button_adjusted: bool,
}

crate::notes! {
    /// The notes of `heads-up-button`.
    pub enum Notes {
        /// Who has the button and who the big blind.
        HeadsUp { button: Seat, big_blind: Seat } = "heads_up",
    }
}

impl Incident for HeadsUpButton {
    const ID: &'static str = "heads-up-button";
    type Answers = Answers;
    type Outcome = HeadsUpOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<HeadsUpButton>, Error> {
        let [p1, p2] = a.players[..] else {
            return Err(Error::input("players", Message::new(Msg::HeadsUpTwoSeats)));
        };
        let r = heads_up_button([p1, p2], a.last_big_blind, a.button)?;
        let mut d = Decision::<HeadsUpButton>::new(HeadsUpOutcome::Button, r.concepts);
        d.extra = Extra {
            button: r.button,
            big_blind: r.big_blind,
            button_adjusted: r.button_adjusted,
        };
        d.notes.push(Notes::HeadsUp {
            button: r.button,
            big_blind: r.big_blind,
        });
        d.table = Some(TablePicture {
            seats: vec![p1, p2],
            button: Some(r.button),
            labels: vec![(r.button, "SB".into()), (r.big_blind, "BB".into())],
            marks: Vec::new(),
        });
        Ok(d)
    }
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
    pub concepts: Vec<ConceptId>,
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
/// use floor::incidents::heads_up_button::heads_up_button;
/// // Three-handed: button 1, small blind 2, big blind 3. Seat 1 busts.
/// let next = heads_up_button([2, 3], 3, 1).unwrap();
/// assert_eq!((next.button, next.big_blind), (3, 2)); // seat 3 not BB twice
/// assert!(next.button_adjusted); // plain rotation would give seat 2 the button
/// ```
pub fn heads_up_button(
    players: [Seat; 2],
    last_big_blind: Seat,
    current_button: Seat,
) -> Result<HeadsUp, Error> {
    check_distinct(&players).map_err(|m| Error::input("players", m))?;
    check_seat(last_big_blind).map_err(|m| Error::input("last_big_blind", m))?;
    check_seat(current_button).map_err(|m| Error::input("button", m))?;
    if current_button == last_big_blind {
        return Err(Error::input(
            "button",
            Message::new(Msg::HeadsUpButtonWasBigBlind).arg("seat", current_button),
        ));
    }
    let (button, big_blind) = heads_up_blinds(players, last_big_blind)?;
    let rotated = clockwise_after(current_button, &players)
        .first()
        .copied()
        .unwrap_or(players[0]);
    Ok(HeadsUp {
        button,
        big_blind,
        button_adjusted: rotated != button,
        concepts: vec![c::HEADS_UP_BUTTON],
    })
}

/// The heads-up button (= small blind) and big blind of the next hand: the
/// big blind goes to the first of `players` clockwise after the seat that
/// posted it last hand, so nobody posts it twice in a row; the other player
/// has the button. Shared by every ruling that goes heads-up.
///
/// Errors: `players` not two distinct seats 1-10, `last_big_blind` outside
/// 1-10.
///
/// ```
/// use floor::incidents::heads_up_button::heads_up_blinds;
/// // Last hand's big blind was seat 3; seats 2 and 3 remain.
/// assert_eq!(heads_up_blinds([2, 3], 3).unwrap(), (3, 2));
/// ```
pub fn heads_up_blinds(players: [Seat; 2], last_big_blind: Seat) -> Result<(Seat, Seat), Error> {
    check_distinct(&players).map_err(|m| Error::input("players", m))?;
    check_seat(last_big_blind).map_err(|m| Error::input("last_big_blind", m))?;
    let [a, b] = players;
    let big_blind = clockwise_after(last_big_blind, &players)
        .first()
        .copied()
        .unwrap_or(a);
    let button = if big_blind == a { b } else { a };
    Ok((button, big_blind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
        assert_eq!(next.concepts, vec![c::HEADS_UP_BUTTON]);
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
            assert_eq!(result.unwrap_err().input_key(), Some(input));
        }
    }

    proptest! {
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
