//! Small decisions without arithmetic beyond a refund: asking to see a hand,
//! accidentally killed hands, chips found behind, at-your-seat, the dispute
//! window, exposed cards. Each names the concept it applies.

use super::{CalcError, Chips};

/// The outcome of a request to see a hand at showdown (TDA 2019 rule 18).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeeHand {
    /// The hand must be tabled: a caller of a final-round bet asking for the
    /// last aggressor's hand, with his own cards kept ("the hand they paid
    /// to see").
    MustShow,
    /// Any other request: the TD decides.
    Discretion,
    /// The requester has no right: he no longer holds cards, or mucked
    /// without tabling.
    NoRight,
}

/// Decides a request to see a hand.
///
/// `requester_kept_cards`: the requester still holds his cards (or tabled
/// them). `river_bet`: there was a bet on the final round. `asks_last_aggressor`:
/// the requester called and asks for the last aggressor's hand.
///
/// ```
/// use floor::calc::decisions::{see_hand, SeeHand};
/// assert_eq!(see_hand(true, true, true).0, SeeHand::MustShow);
/// assert_eq!(see_hand(true, false, true).0, SeeHand::Discretion);
/// assert_eq!(see_hand(false, true, true).0, SeeHand::NoRight);
/// ```
pub fn see_hand(
    requester_kept_cards: bool,
    river_bet: bool,
    asks_last_aggressor: bool,
) -> (SeeHand, &'static [&'static str]) {
    let outcome = if !requester_kept_cards {
        SeeHand::NoRight
    } else if river_bet && asks_last_aggressor {
        SeeHand::MustShow
    } else {
        SeeHand::Discretion
    };
    (outcome, &["asking-to-see-hand"])
}

/// An accidentally killed or fouled hand (TDA 2019 rule 65).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KilledHand {
    /// The hand can still be identified with certainty and stays in play.
    pub live: bool,
    /// Chips returned: a bet or raise the player made that nobody called.
    pub returned: Chips,
}

/// Rules on a hand the dealer killed by mistake or that was fouled.
///
/// If the hand can be identified with 100% certainty it remains in play.
/// Otherwise the player has no redress and gets back only a bet or raise he
/// made that was not called (`uncalled`).
///
/// ```
/// use floor::calc::decisions::killed_hand;
/// assert!(killed_hand(true, 0).live);
/// let dead = killed_hand(false, 800);
/// assert!(!dead.live);
/// assert_eq!(dead.returned, 800);
/// ```
pub fn killed_hand(identifiable: bool, uncalled: Chips) -> KilledHand {
    if identifiable {
        KilledHand {
            live: true,
            returned: 0,
        }
    } else {
        KilledHand {
            live: false,
            returned: uncalled,
        }
    }
}

/// What happens to chips found behind an all-in player (TDA 2019 rule 62).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoundChips {
    /// The TD rules the chips part of the accepted action: the caller owes them.
    InAction,
    /// Not part of the action and the all-in player won: he is not paid for them.
    NotPaid,
    /// Not part of the action and the all-in player lost: they do not save
    /// him; the TD may award them to the winning caller.
    MayGoToCaller,
}

/// Rules on chips found behind an all-in player after a call.
///
/// ```
/// use floor::calc::decisions::{found_chips, FoundChips};
/// assert_eq!(found_chips(false, true), FoundChips::NotPaid);
/// assert_eq!(found_chips(false, false), FoundChips::MayGoToCaller);
/// assert_eq!(found_chips(true, false), FoundChips::InAction);
/// ```
pub fn found_chips(part_of_action: bool, all_in_player_won: bool) -> FoundChips {
    match (part_of_action, all_in_player_won) {
        (true, _) => FoundChips::InAction,
        (false, true) => FoundChips::NotPaid,
        (false, false) => FoundChips::MayGoToCaller,
    }
}

/// Whether a hand is live under the at-your-seat rule (TDA 2019 rule 30): the
/// player must be in reach of his chair when the last card is dealt to all
/// players on the initial deal; otherwise the hand is killed and posted
/// blinds and antes stay in the pot.
pub fn at_seat_live(at_seat_when_last_card_dealt: bool) -> bool {
    at_seat_when_last_card_dealt
}

/// What is disputed (TDA 2019 rule 22).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dispute {
    /// The reading of a tabled hand.
    Reading,
    /// An accounting error in calculating or awarding the pot.
    Accounting,
}

/// Where play stands when the dispute is raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DisputeTiming {
    /// The next hand has begun (first riffle, shuffler button, dealer push).
    pub next_hand_started: bool,
    /// Substantial action has occurred on the next hand.
    pub next_hand_substantial_action: bool,
    /// The hand finished during a break.
    pub during_break: bool,
    /// Minutes since the pot was awarded (hands finished during a break).
    pub minutes_since_award: u64,
}

/// Whether a dispute is still open (TDA 2019 rule 22): the reading of a hand
/// until the next hand begins; accounting errors until substantial action on
/// the next hand; for a hand finished during a break, until
/// `break_minutes` after the pot is awarded.
///
/// ```
/// use floor::calc::decisions::{dispute_open, Dispute, DisputeTiming};
/// let t = DisputeTiming { next_hand_started: true, next_hand_substantial_action: false,
///                         during_break: false, minutes_since_award: 0 };
/// assert_eq!(dispute_open(Dispute::Reading, t, 1), Ok(false));
/// assert_eq!(dispute_open(Dispute::Accounting, t, 1), Ok(true));
/// ```
pub fn dispute_open(
    what: Dispute,
    timing: DisputeTiming,
    break_minutes: u64,
) -> Result<bool, CalcError> {
    if timing.next_hand_substantial_action && !timing.next_hand_started {
        return Err(CalcError::invalid(
            "next_hand_substantial_action",
            "substantial action on the next hand means it has started: answer next_hand_started=yes",
        ));
    }
    if timing.during_break {
        return Ok(timing.minutes_since_award < break_minutes);
    }
    Ok(match what {
        Dispute::Reading => !timing.next_hand_started,
        Dispute::Accounting => !timing.next_hand_substantial_action,
    })
}

/// A player exposed a card (TDA 2019 rule 68): with action pending it may be
/// penalized (the penalty starts at the end of the hand) but the hand is not
/// dead; with no action pending (all-in and betting complete) there is no
/// penalty.
pub fn exposure_penalty_applies(action_pending: bool) -> bool {
    action_pending
}

#[cfg(test)]
mod tests {
    use super::*;

    // dpc-2019-en rule 18-B: "any caller has an inalienable right to have the
    // last aggressor's hand tabled on request ... provided the caller tabled or
    // retains his or her cards. TDs discretion governs all other requests."
    #[test]
    fn dpc_2019_en_r18_caller_sees_the_hand_he_paid_to_see() {
        assert_eq!(see_hand(true, true, true).0, SeeHand::MustShow);
        assert_eq!(see_hand(true, true, false).0, SeeHand::Discretion);
        assert_eq!(see_hand(true, false, true).0, SeeHand::Discretion);
    }

    // dpc-2019-en rule 18-A: players who mucked lose any right to ask.
    #[test]
    fn dpc_2019_en_r18_mucked_players_have_no_right_to_ask() {
        for river_bet in [true, false] {
            assert_eq!(see_hand(false, river_bet, true).0, SeeHand::NoRight);
        }
    }

    // tda-2015-de rule 17-B: "Es liegt im Ermessen der Turnierleitung, wie mit allen anderen
    // Bitten umgegangen wird. Zum Beispiel, um die Hand eines anderen Callers zu sehen oder wenn
    // es keine Riverbet gab."
    #[test]
    fn tda_2015_de_r17_other_callers_hand_or_no_river_bet_is_discretion() {
        // Another caller's hand, after a river bet.
        assert_eq!(see_hand(true, true, false).0, SeeHand::Discretion);
        // No river bet.
        assert_eq!(see_hand(true, false, true).0, SeeHand::Discretion);
        assert_eq!(see_hand(true, false, false).0, SeeHand::Discretion);
        assert_eq!(see_hand(true, true, false).1, &["asking-to-see-hand"]);
    }

    #[test]
    fn killed_hands_return_only_uncalled_chips() {
        assert_eq!(
            killed_hand(false, 0),
            KilledHand {
                live: false,
                returned: 0
            }
        );
        assert_eq!(
            killed_hand(true, 500),
            KilledHand {
                live: true,
                returned: 0
            }
        );
    }

    #[test]
    fn dispute_windows_per_rule_22() {
        let t = |started, sa, brk, minutes| DisputeTiming {
            next_hand_started: started,
            next_hand_substantial_action: sa,
            during_break: brk,
            minutes_since_award: minutes,
        };
        assert_eq!(
            dispute_open(Dispute::Reading, t(false, false, false, 0), 1),
            Ok(true)
        );
        assert_eq!(
            dispute_open(Dispute::Accounting, t(true, true, false, 0), 1),
            Ok(false)
        );
        assert_eq!(
            dispute_open(Dispute::Reading, t(false, false, true, 0), 1),
            Ok(true)
        );
        assert_eq!(
            dispute_open(Dispute::Reading, t(false, false, true, 1), 1),
            Ok(false)
        );
        assert!(dispute_open(Dispute::Reading, t(false, true, false, 0), 1).is_err());
    }

    #[test]
    fn exposure_with_action_pending_is_penalized_but_live() {
        assert!(exposure_penalty_applies(true));
        assert!(!exposure_penalty_applies(false));
        assert!(at_seat_live(true));
        assert!(!at_seat_live(false));
    }
}
