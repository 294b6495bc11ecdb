//! Button and blinds for the next hand after eliminations (incident
//! `button-blinds`): the dead button, a dead small blind, players who wait
//! between the small blind and the button, and going heads-up.
//!
//! Owns concept `dead-button`: TDA 2019 rule 32 (onk, pokerpunt, tda-2019-sk,
//! dpc), tda-2015-de rule 31. No edition spells the mechanics out; the TDA
//! practice every one of them names ("dead button", ONK "no small blind")
//! is: the big blind moves on to the next player every hand, the small
//! blind is posted from last hand's big-blind seat (none when that player is
//! gone), and the button goes to last hand's small-blind seat, even when
//! nobody sits there (pokerpunt 32 says so in words). Players seated between
//! the small blind and the button are not dealt in until the button passes
//! (alternates-late-registration, breaking-tables: TDA 2019 rules 8 and 10,
//! tda-2015-de and pokerpunt 7 and 9); pokerpunt 7-A never seats a new
//! player there. With two players dealt in, the heads-up rule decides
//! ([`heads_up_blinds`]).

use serde::Deserialize;

use super::heads_up_button::heads_up_blinds;
use crate::engine::ruling::{SeatMark, TablePicture};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Seat;
use crate::poker::seats::{check_distinct, check_seat, clockwise_after};
use crate::rules::concepts::{self as c, Cite};

/// The `button-blinds` incident.
pub struct ButtonBlinds;

/// The answers of `button-blinds`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The seats with a player for the next hand (new players included,
    /// players who busted left out).
    pub seats: Vec<Seat>,
    /// Where the small blind was last hand: the seat that posted it, or the
    /// seat it belonged to when it was dead.
    pub last_small_blind: Seat,
    /// The seat that posted the big blind last hand.
    pub last_big_blind: Seat,
}

pub use crate::rules::vocab::NewPlayerBetweenSbButton;

crate::outcomes! {
    /// The outcomes of `button-blinds`.
    pub enum ButtonBlindsOutcome {
        /// Button, small blind and big blind on players.
        Normal => [DEAD_BUTTON, ALTERNATES_LATE_REGISTRATION, BREAKING_TABLES],
        /// The button on an empty seat.
        DeadButton => [DEAD_BUTTON, ALTERNATES_LATE_REGISTRATION, BREAKING_TABLES],
        /// No small blind: last hand's big blind is gone.
        DeadSmallBlind => [DEAD_BUTTON, ALTERNATES_LATE_REGISTRATION, BREAKING_TABLES],
        /// The button on an empty seat and no small blind.
        DeadButtonSmallBlind => [DEAD_BUTTON, ALTERNATES_LATE_REGISTRATION, BREAKING_TABLES],
        /// Two players dealt in: the heads-up rule.
        HeadsUp => [HEADS_UP_BUTTON, DEAD_BUTTON, ALTERNATES_LATE_REGISTRATION, BREAKING_TABLES],
    }
}

/// Button and blinds of the next hand.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct NextHand {
    /// The button's seat (empty when the button is dead).
    pub button: Seat,
    /// Nobody sits on the button's seat.
    pub button_dead: bool,
    /// The seat that posts the small blind; `None` when it is dead.
    pub small_blind: Option<Seat>,
    /// The seat that posts the big blind.
    pub big_blind: Seat,
    /// Seats between the small blind and the button: not dealt in.
    pub dealt_out: Vec<Seat>,
    /// The first player to act pre-flop.
    pub first_to_act: Seat,
    /// Two players are dealt in: the button is the small blind.
    pub heads_up: bool,
}

/// Where the button and the blinds go in the next hand under the dead
/// button (concept `dead-button`).
///
/// `seats` are the players of the next hand; `last_small_blind` the seat the
/// small blind belonged to last hand (posted or dead), `last_big_blind` the
/// seat that posted the big blind. The button goes to `last_small_blind`,
/// the small blind to `last_big_blind` (dead if that seat is empty), the big
/// blind to the first player after it. Players strictly between the button
/// and the small blind would skip the blinds: they are dealt out until the
/// button passes. With two players dealt in, the heads-up rule places the
/// button ([`heads_up_blinds`]).
///
/// Errors: seats not distinct or outside 1-10, fewer than two players, both
/// blinds on one seat, fewer than two players who may be dealt in.
///
/// ```
/// use floor::incidents::button_blinds::next_hand;
/// // Button 1, small blind 2, big blind 3; seat 2 busts (tda-2015-de 31:
/// // "z.B. wenn der Small-Blind ausscheidet").
/// let next = next_hand(&[1, 3, 4, 5, 6], 2, 3).unwrap();
/// assert_eq!((next.button, next.button_dead), (2, true));
/// assert_eq!((next.small_blind, next.big_blind), (Some(3), 4));
/// ```
pub fn next_hand(
    seats: &[Seat],
    last_small_blind: Seat,
    last_big_blind: Seat,
) -> Result<NextHand, Error> {
    check_distinct(seats).map_err(|m| Error::input("seats", m))?;
    check_seat(last_small_blind).map_err(|m| Error::input("last_small_blind", m))?;
    check_seat(last_big_blind).map_err(|m| Error::input("last_big_blind", m))?;
    if last_small_blind == last_big_blind {
        return Err(Error::input(
            "last_big_blind",
            Message::new(Msg::BlindsOneSeat).arg("seat", last_big_blind),
        ));
    }
    if seats.len() < 2 {
        return Err(Error::input(
            "seats",
            Message::new(Msg::BlindsTooFewPlayers),
        ));
    }
    let button = last_small_blind;
    let small_blind = last_big_blind;
    // Clockwise from the button: the seats before the small blind's are
    // between the small blind and the button.
    let around = clockwise_after(button, &[seats, &[small_blind]].concat());
    let gap: Vec<Seat> = around
        .iter()
        .copied()
        .take_while(|s| *s != small_blind)
        .filter(|s| *s != button)
        .collect();
    if let [a, b] = seats {
        // Going heads-up nobody waits: the heads-up rule alone decides.
        return heads_up([*a, *b], last_big_blind, Vec::new());
    }
    let dealt_in: Vec<Seat> = seats.iter().copied().filter(|s| !gap.contains(s)).collect();
    match dealt_in[..] {
        [a, b] => return heads_up([a, b], last_big_blind, gap),
        [] | [_] => {
            return Err(Error::input(
                "seats",
                Message::new(Msg::BlindsTooFewDealtIn).arg("waiting", seat_list(&gap)),
            ));
        }
        _ => {}
    }
    let after_small_blind = clockwise_after(small_blind, &dealt_in);
    let Some(&big_blind) = after_small_blind.iter().find(|s| **s != small_blind) else {
        return Err(Error::input(
            "seats",
            Message::new(Msg::BlindsTooFewPlayers),
        ));
    };
    let first_to_act = clockwise_after(big_blind, &dealt_in)
        .first()
        .copied()
        .unwrap_or(big_blind);
    Ok(NextHand {
        button,
        button_dead: !seats.contains(&button),
        small_blind: seats.contains(&small_blind).then_some(small_blind),
        big_blind,
        dealt_out: gap,
        first_to_act,
        heads_up: false,
    })
}

fn heads_up(
    players: [Seat; 2],
    last_big_blind: Seat,
    dealt_out: Vec<Seat>,
) -> Result<NextHand, Error> {
    let (button, big_blind) = heads_up_blinds(players, last_big_blind)?;
    Ok(NextHand {
        button,
        button_dead: false,
        small_blind: Some(button),
        big_blind,
        dealt_out,
        first_to_act: button,
        heads_up: true,
    })
}

/// What the JSON of `button-blinds` carries: the next hand's seats.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The button.
    pub button: Seat,
    /// The button is on an empty seat.
    pub button_dead: bool,
    /// The small blind (none: a dead small blind).
    pub small_blind: Option<Seat>,
    /// The big blind.
    pub big_blind: Seat,
    /// Players dealt out until the button passes.
    pub dealt_out: Vec<Seat>,
    /// The first to act pre-flop.
    pub first_to_act: Seat,
}

crate::notes! {
    /// The notes of `button-blinds`.
    pub enum Notes {
        /// Heads-up: button and big blind.
        HeadsUp { button: Seat, big_blind: Seat } = "heads_up",
        /// The next hand's button and blinds.
        BlindsNext { button: Seat, big_blind: Seat, first: Seat, small_blind: Seat } = "blinds_next",
        /// The next hand's button and big blind, no small blind.
        BlindsNextNoSmallBlind { button: Seat, big_blind: Seat, first: Seat } = "blinds_next_no_small_blind",
        /// The button stays on an empty seat.
        DeadButton { seat: Seat } = "dead_button",
        /// No small blind this hand.
        DeadSmallBlind { seat: Seat } = "dead_small_blind",
        /// Players dealt out.
        DealtOut { seats: String } = "dealt_out",
        /// The edition never seats a new player there.
        NewPlayerNeverSeated = "new_player_never_seated",
        /// The edition words it "between the blinds".
        NewPlayerBetweenBlinds = "new_player_between_blinds",
    }
}

fn seat_list(seats: &[Seat]) -> String {
    seats
        .iter()
        .map(Seat::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Incident for ButtonBlinds {
    const ID: &'static str = "button-blinds";
    type Answers = Answers;
    type Outcome = ButtonBlindsOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<ButtonBlinds>, Error> {
        let next = next_hand(&a.seats, a.last_small_blind, a.last_big_blind)?;
        let outcome = match (next.heads_up, next.button_dead, next.small_blind) {
            (true, _, _) => ButtonBlindsOutcome::HeadsUp,
            (false, false, Some(_)) => ButtonBlindsOutcome::Normal,
            (false, true, Some(_)) => ButtonBlindsOutcome::DeadButton,
            (false, false, None) => ButtonBlindsOutcome::DeadSmallBlind,
            (false, true, None) => ButtonBlindsOutcome::DeadButtonSmallBlind,
        };
        let mut concepts: Vec<Cite> = if next.heads_up {
            vec![c::HEADS_UP_BUTTON.into(), c::DEAD_BUTTON.into()]
        } else {
            vec![c::DEAD_BUTTON.into()]
        };
        let mut d_notes = Vec::new();
        if next.heads_up {
            d_notes.push(Notes::HeadsUp {
                button: next.button,
                big_blind: next.big_blind,
            });
        } else {
            d_notes.push(match next.small_blind {
                Some(small_blind) => Notes::BlindsNext {
                    button: next.button,
                    big_blind: next.big_blind,
                    first: next.first_to_act,
                    small_blind,
                },
                None => Notes::BlindsNextNoSmallBlind {
                    button: next.button,
                    big_blind: next.big_blind,
                    first: next.first_to_act,
                },
            });
            if next.button_dead {
                d_notes.push(Notes::DeadButton { seat: next.button });
            }
            if next.small_blind.is_none() {
                d_notes.push(Notes::DeadSmallBlind {
                    seat: a.last_big_blind,
                });
            }
        }
        if !next.dealt_out.is_empty() {
            concepts.extend([
                c::ALTERNATES_LATE_REGISTRATION.part("A"),
                c::BREAKING_TABLES.into(),
            ]);
            d_notes.push(Notes::DealtOut {
                seats: seat_list(&next.dealt_out),
            });
            match cx.params.new_player_between_sb_button() {
                NewPlayerBetweenSbButton::DealtOut => {}
                NewPlayerBetweenSbButton::NeverSeated => {
                    d_notes.push(Notes::NewPlayerNeverSeated);
                }
                NewPlayerBetweenSbButton::DealtOutBetweenBlinds => {
                    d_notes.push(Notes::NewPlayerBetweenBlinds);
                }
            }
        }
        let mut d = Decision::<ButtonBlinds>::new(outcome, concepts);
        d.notes = d_notes;
        let mut labels = Vec::new();
        if let Some(sb) = next.small_blind {
            labels.push((sb, "SB".to_string()));
        }
        labels.push((next.big_blind, "BB".to_string()));
        d.table = Some(TablePicture {
            seats: a.seats.clone(),
            button: Some(next.button),
            labels,
            marks: next
                .dealt_out
                .iter()
                .map(|s| (*s, SeatMark::DealtOut))
                .collect(),
        });
        d.extra = Extra {
            button: next.button,
            button_dead: next.button_dead,
            small_blind: next.small_blind,
            big_blind: next.big_blind,
            dealt_out: next.dealt_out,
            first_to_act: next.first_to_act,
        };
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notes::NoteText;
    use crate::incidents::rule_in;
    use proptest::prelude::*;

    fn answers(seats: &[Seat], sb: Seat, bb: Seat) -> Answers {
        Answers {
            seats: seats.to_vec(),
            last_small_blind: sb,
            last_big_blind: bb,
        }
    }

    // tda-2015-de rule 31: "Im Turnier wird immer ein Toter Button verwendet, z.B. wenn der
    // Small-Blind ausscheidet." pokerpunt-nl 32: "Als de Small Blind wordt uitgeschakeld dan is
    // deze plek officieel de Button de volgende hand, maar dan zit daar niemand."
    #[test]
    fn the_small_blind_busts_and_the_button_is_dead_on_his_seat() {
        let next = next_hand(&[1, 3, 4, 5, 6], 2, 3).unwrap();
        assert_eq!(
            (
                next.button,
                next.button_dead,
                next.small_blind,
                next.big_blind
            ),
            (2, true, Some(3), 4)
        );
        assert_eq!(next.first_to_act, 5);
        for edition in ["tda-2015-de", "pokerpunt-nl"] {
            let d = rule_in::<ButtonBlinds>(edition, answers(&[1, 3, 4, 5, 6], 2, 3)).unwrap();
            assert_eq!(d.outcome, ButtonBlindsOutcome::DeadButton);
            assert_eq!(d.cites, vec![c::DEAD_BUTTON]);
        }
    }

    // onk-2023-nl rule 32: "In toernooien geldt de 'no small blind' regel."
    #[test]
    fn the_big_blind_busts_and_nobody_posts_the_small_blind() {
        let next = next_hand(&[1, 2, 4, 5, 6], 2, 3).unwrap();
        assert_eq!(
            (
                next.button,
                next.button_dead,
                next.small_blind,
                next.big_blind
            ),
            (2, false, None, 4)
        );
        let d = rule_in::<ButtonBlinds>("onk-2023-nl", answers(&[1, 2, 4, 5, 6], 2, 3)).unwrap();
        assert_eq!(d.outcome, ButtonBlindsOutcome::DeadSmallBlind);
        // Both blinds bust: the button is dead and no small blind is posted.
        let d = rule_in::<ButtonBlinds>("onk-2023-nl", answers(&[1, 4, 5, 6], 2, 3)).unwrap();
        assert_eq!(d.outcome, ButtonBlindsOutcome::DeadButtonSmallBlind);
        assert_eq!(d.data()["big_blind"], 4);
    }

    #[test]
    fn nobody_busts_and_everything_moves_one_seat() {
        let next = next_hand(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10, 1).unwrap();
        assert_eq!(
            (
                next.button,
                next.small_blind,
                next.big_blind,
                next.first_to_act
            ),
            (10, Some(1), 2, 3)
        );
        // Empty seats after the big blind are skipped, seat 10 wraps to 1.
        let next = next_hand(&[1, 4, 8, 9], 8, 9).unwrap();
        assert_eq!(
            (next.button, next.small_blind, next.big_blind),
            (8, Some(9), 1)
        );
    }

    // dpc-2019-en 8-A: "are dealt in except between the small blind and button"; 10: "and be
    // dealt in except between the SB and button".
    #[test]
    fn a_player_between_the_small_blind_and_the_button_waits() {
        // Last hand: small blind dead on 3, big blind 6; a newcomer took seat 4.
        let next = next_hand(&[1, 2, 4, 6, 8], 3, 6).unwrap();
        assert_eq!((next.button, next.button_dead), (3, true));
        assert_eq!((next.small_blind, next.big_blind), (Some(6), 8));
        assert_eq!(next.dealt_out, vec![4]);
        assert_eq!(next.first_to_act, 1);
        let d = rule_in::<ButtonBlinds>("dpc-2019-en", answers(&[1, 2, 4, 6, 8], 3, 6)).unwrap();
        assert_eq!(
            d.cites,
            vec![
                c::DEAD_BUTTON.into(),
                c::ALTERNATES_LATE_REGISTRATION.part("A"),
                c::BREAKING_TABLES.into()
            ]
        );
        let marks = d.table.expect("a picture").marks;
        assert_eq!(marks, vec![(4, SeatMark::DealtOut)]);
        // A new player on the dead button's own seat takes the button.
        let next = next_hand(&[1, 2, 3, 6, 8], 3, 6).unwrap();
        assert_eq!((next.button, next.button_dead), (3, false));
        assert!(next.dealt_out.is_empty());
    }

    // pokerpunt-nl 7-A never gives a new player that seat; tda-2019-sk 8 says "medzi blindami".
    #[test]
    fn editions_word_the_waiting_seat_differently() {
        let seats = [1, 2, 4, 6, 8];
        for (edition, note) in [
            ("pokerpunt-nl", Some("new_player_never_seated")),
            ("tda-2019-sk", Some("new_player_between_blinds")),
            ("onk-2023-nl", None),
            ("tda-2015-de", None),
        ] {
            let d = rule_in::<ButtonBlinds>(edition, answers(&seats, 3, 6)).unwrap();
            let keys: Vec<&str> = d.notes.iter().map(NoteText::key).collect();
            for key in ["new_player_never_seated", "new_player_between_blinds"] {
                assert_eq!(
                    keys.contains(&key),
                    note == Some(key),
                    "{edition}: {keys:?}"
                );
            }
        }
    }

    // tda-2015-de 33 / TDA 2019 34: heads-up the small blind is the button.
    #[test]
    fn two_players_left_go_to_the_heads_up_rule() {
        // Button 1, SB 2, BB 3; seat 1 busts: seat 3 may not post the big blind twice.
        let d = rule_in::<ButtonBlinds>("tda-2015-de", answers(&[2, 3], 2, 3)).unwrap();
        assert_eq!(d.outcome, ButtonBlindsOutcome::HeadsUp);
        assert_eq!(
            (d.data()["button"].clone(), d.data()["big_blind"].clone()),
            (3.into(), 2.into())
        );
        assert_eq!(d.cites, vec![c::HEADS_UP_BUTTON, c::DEAD_BUTTON]);
        // Three at the table, one waiting: two are dealt in, heads-up.
        let next = next_hand(&[2, 3, 4], 2, 4).unwrap();
        assert!(next.heads_up);
        assert_eq!(next.dealt_out, vec![3]);
        assert_eq!((next.button, next.big_blind), (4, 2));
    }

    #[test]
    fn errors_name_the_input() {
        let cases = [
            (next_hand(&[1, 1, 3], 1, 3), "seats"),
            (next_hand(&[1, 11, 3], 1, 3), "seats"),
            (next_hand(&[4], 1, 3), "seats"),
            (next_hand(&[1, 2, 3], 0, 3), "last_small_blind"),
            (next_hand(&[1, 2, 3], 2, 11), "last_big_blind"),
            (next_hand(&[1, 2, 3], 3, 3), "last_big_blind"),
            // Two of three wait: only seat 7 would be dealt in.
            (next_hand(&[3, 5, 7], 2, 6), "seats"),
        ];
        for (result, input) in cases {
            assert_eq!(result.unwrap_err().input_key(), Some(input));
        }
    }

    proptest! {
        /// Whatever the table, the blinds are on players dealt in, the big
        /// blind never on the small blind's seat, and nobody dealt in sits
        /// between the small blind and the button.
        #[test]
        fn blinds_fall_on_players_dealt_in(
            seats in proptest::sample::subsequence((1..=10u8).collect::<Vec<_>>(), 2..=10),
            sb in 1..=10u8,
            bb in 1..=10u8,
        ) {
            prop_assume!(sb != bb);
            if let Ok(next) = next_hand(&seats, sb, bb) {
                prop_assert!(seats.contains(&next.big_blind));
                prop_assert!(!next.dealt_out.contains(&next.big_blind));
                prop_assert!(Some(next.big_blind) != next.small_blind);
                if let Some(s) = next.small_blind {
                    prop_assert!(seats.contains(&s) && !next.dealt_out.contains(&s));
                }
                prop_assert!(!next.dealt_out.contains(&next.first_to_act));
                if !next.heads_up {
                    prop_assert_eq!(next.button, sb);
                    prop_assert!(next.big_blind != bb);
                }
            }
        }
    }
}
