//! Hand-for-hand play: the places of players eliminated in the same hand
//! (incident `hand-for-hand`), and the level clock while tables play hand
//! for hand.
//!
//! Owns concept `hand-for-hand`: TDA 2019 / 2022 RP-8, tda-2019-sk OP8.
//! Where the edition's data states the payout (`hand_for_hand_payout`, onk's
//! house rule MEC-7, `mec-hand-for-hand`), that rule decides and is cited
//! first. pokerpunt-nl, tda-2015-de and dpc-2019-en print no hand-for-hand
//! procedure.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::mul;
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::params::tda;

/// The `hand-for-hand` incident.
pub struct HandForHand;

/// The answers of `hand-for-hand`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// Players left when the hand began.
    pub remaining: u32,
    /// Places paid.
    pub paid: u32,
    /// Players eliminated in the hand.
    pub busted: u32,
}

crate::outcomes! {
    /// The outcomes of `hand-for-hand`.
    pub enum HandForHandOutcome {
        /// The busted players share places.
        SharedPlaces => [HAND_FOR_HAND],
        /// One player out: he takes his own place.
        OwnPlace => [HAND_FOR_HAND],
    }
}

/// The amounts of `hand-for-hand` (places, not chips).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The best place the busted players share.
    pub best_place: u32,
    /// The worst.
    pub worst_place: u32,
    /// The prize place they are paid as.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prize_place: Option<u32>,
}

/// What the JSON of `hand-for-hand` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// How the edition pays shared places.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payout: Option<HandForHandPayout>,
    /// The places whose prizes are pooled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paid_places: Option<[u32; 2]>,
}

impl Incident for HandForHand {
    const ID: &'static str = "hand-for-hand";
    type Answers = Answers;
    type Outcome = HandForHandOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<HandForHand>, Error> {
        let payout = cx.params.hand_for_hand_payout();
        let r = shared_places(a.remaining, a.paid, a.busted, payout)?;
        let outcome = match r.players {
            1 => HandForHandOutcome::OwnPlace,
            _ => HandForHandOutcome::SharedPlaces,
        };
        let mut d = Decision::<HandForHand>::new(outcome, r.concepts);
        d.remedy_variant = match (r.paid_places, r.payout) {
            (None, _) => Some("unpaid"),
            (Some(_), HandForHandPayout::BestPlacePrize) if r.players > 1 => Some("best-place"),
            (Some(_), _) => None,
        };
        // The rule that sets the payout decides how the places are paid.
        if let Some(concept) = cx.concept_stating("hand_for_hand_payout") {
            d.decided_by(concept);
        }
        d.amounts = Amounts {
            best_place: r.best_place,
            worst_place: r.worst_place,
            prize_place: r.prize_place,
        };
        d.extra = Extra {
            payout: Some(r.payout),
            paid_places: r.paid_places.map(|(hi, lo)| [hi, lo]),
        };
        Ok(d)
    }
}

pub use crate::rules::vocab::HandForHandPayout;

/// An edition's hand-for-hand parameters (`hand_for_hand_minutes`,
/// `hand_for_hand_payout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandForHandParams {
    /// Minutes taken off the level clock per hand (2 in onk RP-8 and
    /// tda-2019-sk OP8-B: "TDA štandardná dĺžka je 2 minúty").
    pub minutes: u64,
    /// What players busting in the same hand receive.
    pub payout: HandForHandPayout,
}

impl Default for HandForHandParams {
    /// The TDA practice: 2 minutes a hand, busted players share.
    fn default() -> Self {
        HandForHandParams {
            minutes: u64::from(tda::hand_for_hand_minutes().get()),
            payout: tda::hand_for_hand_payout(),
        }
    }
}

/// The finishing places of players eliminated in one hand-for-hand hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedPlaces {
    /// The best place among them (e.g. 50).
    pub best_place: u32,
    /// The worst place among them (e.g. 52).
    pub worst_place: u32,
    /// How many players busted in the hand.
    pub players: u32,
    /// The paid places among `best_place..=worst_place`, if any (e.g.
    /// `(50, 50)`).
    pub paid_places: Option<(u32, u32)>,
    /// How they are paid.
    pub payout: HandForHandPayout,
    /// Under [`HandForHandPayout::BestPlacePrize`], the place whose full
    /// prize each of them receives; `None` when no place is paid or they
    /// share.
    pub prize_place: Option<u32>,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// The places of `busted` players eliminated in the same hand, with
/// `remaining` players left when the hand began and `paid` places paid
/// (concept `hand-for-hand`; the rule that states the payout is the
/// edition's to name, see [`HandForHand`]).
///
/// Formula: they occupy places `remaining − busted + 1 ..= remaining`; the
/// paid ones are those `≤ paid`. Under [`HandForHandPayout::SharePlaces`]
/// the players split the prizes of those paid places equally; under
/// [`HandForHandPayout::BestPlacePrize`] each gets the prize of the best
/// place.
///
/// Editions: onk prints both: RP-8 (share, as tda-2019-sk OP8-A) and its
/// own MEC-7 (same prize for all). MEC-7's first example, "18 spelers ...
/// 17 prijzen ... 2 spelers uit ... allebei de prijs van plaats 16", does
/// not follow from its rule or its second example (three out of 18 → place
/// 16): two players out of 18 occupy places 17 and 18, so this function
/// answers place 17.
///
/// Errors: `remaining` below 2; `busted` zero or not fewer than
/// `remaining` (somebody must be left); `paid` zero.
///
/// ```
/// use floor::incidents::hand_for_hand::{shared_places, HandForHandPayout};
/// // tda-2019-sk OP8-A: 50 paid, 52 left, 3 bust -> they share 50th place.
/// let p = shared_places(52, 50, 3, HandForHandPayout::SharePlaces).unwrap();
/// assert_eq!((p.best_place, p.worst_place, p.paid_places), (50, 52, Some((50, 50))));
/// ```
pub fn shared_places(
    remaining: u32,
    paid: u32,
    busted: u32,
    payout: HandForHandPayout,
) -> Result<SharedPlaces, Error> {
    if remaining < 2 {
        return Err(Error::input(
            "remaining",
            Message::new(Msg::HandForHandTooFewLeft),
        ));
    }
    if paid == 0 {
        return Err(Error::input("paid", Message::new(Msg::HandForHandNonePaid)));
    }
    if busted == 0 || busted >= remaining {
        return Err(Error::input(
            "busted",
            Message::new(Msg::HandForHandBusted)
                .arg("busted", busted)
                .arg("remaining", remaining)
                .arg("most", remaining - 1),
        ));
    }
    let best_place = remaining - busted + 1;
    let worst_place = remaining;
    let paid_places = (best_place <= paid).then_some((best_place, worst_place.min(paid)));
    let prize_place = match payout {
        HandForHandPayout::SharePlaces => None,
        HandForHandPayout::BestPlacePrize => paid_places.map(|(best, _)| best),
    };
    Ok(SharedPlaces {
        best_place,
        worst_place,
        players: busted,
        paid_places,
        payout,
        prize_place,
        concepts: vec![c::HAND_FOR_HAND],
    })
}

/// The level clock during hand-for-hand play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandForHandClock {
    /// Seconds left in the level at the start of the next hand (0 once the
    /// level is over).
    pub remaining_seconds: u64,
    /// Whether the level's time is used up: the blinds go up.
    pub new_level: bool,
    /// Seconds the hands took beyond the level's end, to come off the next
    /// level.
    pub overrun_seconds: u64,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// The level clock after `hands` hand-for-hand hands (concept
/// `hand-for-hand`): every hand takes exactly `minutes` off the clock,
/// however long it really lasts, starting with the hand in progress when
/// hand-for-hand is announced (tda-2019-sk OP8-B: 17:30 on the clock at the
/// announcement → 15:30 at the start of the next hand → 13:30 at the one
/// after). The blinds go up when the clock reaches zero (OP8-D).
///
/// Formula: `remaining − hands × minutes × 60`, floored at 0; the excess is
/// `overrun_seconds`. onk RP-8 also takes "2 min" per hand, always per hand
/// and never for a group of hands, but does not say whether the hand in
/// progress at the announcement counts; this function counts it, as
/// tda-2019-sk states.
///
/// Errors: `hand_for_hand_minutes` zero; overflow (`hands`).
///
/// ```
/// use floor::incidents::hand_for_hand::hand_for_hand_clock;
/// // 17:30 left at the announcement; after the current hand: 15:30.
/// let clock = hand_for_hand_clock(17 * 60 + 30, 1, 2).unwrap();
/// assert_eq!(clock.remaining_seconds, 15 * 60 + 30);
/// ```
pub fn hand_for_hand_clock(
    remaining_seconds: u64,
    hands: u64,
    minutes: u64,
) -> Result<HandForHandClock, Error> {
    if minutes == 0 {
        return Err(Error::input(
            "hand_for_hand_minutes",
            Message::new(Msg::HandForHandNoMinutes),
        ));
    }
    let taken = mul(hands, minutes, "hands")
        .and_then(|m| mul(m, 60, "hands"))
        .map_err(|m| Error::input("hands", m))?;
    Ok(HandForHandClock {
        remaining_seconds: remaining_seconds.saturating_sub(taken),
        new_level: taken >= remaining_seconds,
        overrun_seconds: taken.saturating_sub(remaining_seconds),
        concepts: vec![c::HAND_FOR_HAND],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn input_of(err: Error) -> &'static str {
        err.input_key().unwrap_or_default()
    }

    fn mm_ss(minutes: u64, seconds: u64) -> u64 {
        minutes * 60 + seconds
    }

    // onk-2023-nl RP-8, example: "NLHE-toernooi 50 spelers betalen. Er zijn nog 52 spelers over
    // als de aankondiging wordt gedaan en tijdens de huidige hand gaan 3 spelers bust. Alle 3 de
    // spelers zullen delen in de 50ste plaats."
    #[test]
    fn onk_2023_nl_rp8_three_busts_from_52_share_50th_place() {
        let p = shared_places(52, 50, 3, HandForHandPayout::SharePlaces).unwrap();
        assert_eq!((p.best_place, p.worst_place, p.players), (50, 52, 3));
        assert_eq!(p.paid_places, Some((50, 50)));
        assert_eq!(p.prize_place, None);
        assert_eq!(p.concepts, vec![c::HAND_FOR_HAND]);
    }

    // tda-2019-sk OP8-A, example: "V turnaji sa vypláca 50 miest. 52 hráčov zostáva ... vypadnú 3
    // hráči. Všetci títo traja hráči si rozdelia sumu za 50. miesto."
    #[test]
    fn tda_2019_sk_op8_a_three_busts_from_52_share_50th_place() {
        let p = shared_places(52, 50, 3, HandForHandPayout::SharePlaces).unwrap();
        assert_eq!((p.best_place, p.worst_place), (50, 52));
        assert_eq!(p.paid_places, Some((50, 50)));
    }

    // onk-2023-nl MEC-7, Voorbeeld 2: "18 spelers met 17 prijzen en 3 spelers vallen uit ... Deze 3
    // spelers krijgen alle drie de prijs van plek 16."
    #[test]
    fn onk_2023_nl_mec7_ex2_three_busts_from_18_all_get_prize_of_place_16() {
        let p = shared_places(18, 17, 3, HandForHandPayout::BestPlacePrize).unwrap();
        assert_eq!(p.prize_place, Some(16));
        assert_eq!(
            (p.best_place, p.worst_place, p.paid_places),
            (16, 18, Some((16, 17)))
        );
        assert_eq!(p.concepts, vec![c::HAND_FOR_HAND]);
    }

    // onk-2023-nl MEC-7, Voorbeeld 1: "18 spelers in het spel met 17 prijzen en er vallen 2
    // spelers uit. Deze twee spelers krijgen allebei de prijs van plaats 16."
    // The printed place 16 contradicts MEC-7's own rule ("dezelfde prijs van de uitgeschakelde
    // plek") and Voorbeeld 2: two players out of 18 finish 17th and 18th, so the best eliminated
    // place is 17. Asserted as the rule computes it; the discrepancy is reported.
    #[test]
    fn onk_2023_nl_mec7_ex1_two_busts_from_18_get_place_17_not_printed_16() {
        let p = shared_places(18, 17, 2, HandForHandPayout::BestPlacePrize).unwrap();
        assert_eq!((p.best_place, p.worst_place), (17, 18));
        assert_eq!(p.prize_place, Some(17));
    }

    // tda-2019-sk OP8-B, example: "17:30 zostáva na hodinách (clocku) v čase oznámenia ... Na
    // začiatku nasledujúcej ruky sa hodiny nastavia na 15:30, na začiatku ďalšej ruky na 13:30"
    #[test]
    fn tda_2019_sk_op8_b_clock_1730_then_1530_then_1330() {
        let minutes = HandForHandParams::default().minutes;
        let first = hand_for_hand_clock(mm_ss(17, 30), 1, minutes).unwrap();
        assert_eq!(first.remaining_seconds, mm_ss(15, 30));
        let second = hand_for_hand_clock(mm_ss(17, 30), 2, minutes).unwrap();
        assert_eq!(second.remaining_seconds, mm_ss(13, 30));
        assert!(!second.new_level);
        assert_eq!(second.concepts, vec![c::HAND_FOR_HAND]);
    }

    #[test]
    fn level_ends_when_the_clock_reaches_zero() {
        let exact = hand_for_hand_clock(mm_ss(4, 0), 2, 2).unwrap();
        assert_eq!(
            (
                exact.remaining_seconds,
                exact.new_level,
                exact.overrun_seconds
            ),
            (0, true, 0)
        );
        let over = hand_for_hand_clock(mm_ss(3, 0), 2, 2).unwrap();
        assert_eq!(
            (over.remaining_seconds, over.new_level, over.overrun_seconds),
            (0, true, 60)
        );
        let before = hand_for_hand_clock(mm_ss(4, 1), 2, 2).unwrap();
        assert_eq!((before.remaining_seconds, before.new_level), (1, false));
        let none = hand_for_hand_clock(mm_ss(4, 1), 0, 2).unwrap();
        assert_eq!(none.remaining_seconds, mm_ss(4, 1));
    }

    #[test]
    fn nobody_in_the_money_gets_no_paid_place() {
        let p = shared_places(60, 50, 2, HandForHandPayout::BestPlacePrize).unwrap();
        assert_eq!(
            (p.best_place, p.worst_place, p.paid_places, p.prize_place),
            (59, 60, None, None)
        );
        // Exactly on the bubble: the one player out in 51st of 51 with 50 paid gets nothing.
        let bubble = shared_places(51, 50, 1, HandForHandPayout::SharePlaces).unwrap();
        assert_eq!(bubble.paid_places, None);
        // Four out of 52 with 50 paid share 49th and 50th.
        let four = shared_places(52, 50, 4, HandForHandPayout::SharePlaces).unwrap();
        assert_eq!(four.paid_places, Some((49, 50)));
    }

    #[test]
    fn errors_name_the_input() {
        let s = HandForHandPayout::SharePlaces;
        let cases = [
            (shared_places(1, 1, 1, s).map(|_| ()), "remaining"),
            (shared_places(0, 1, 1, s).map(|_| ()), "remaining"),
            (shared_places(10, 0, 1, s).map(|_| ()), "paid"),
            (shared_places(10, 5, 0, s).map(|_| ()), "busted"),
            (shared_places(10, 5, 10, s).map(|_| ()), "busted"),
            (
                hand_for_hand_clock(600, 1, 0).map(|_| ()),
                "hand_for_hand_minutes",
            ),
            (hand_for_hand_clock(600, u64::MAX, 2).map(|_| ()), "hands"),
            (
                hand_for_hand_clock(600, u64::MAX / 30, 1).map(|_| ()),
                "hands",
            ),
        ];
        for (result, input) in cases {
            assert_eq!(input_of(result.unwrap_err()), input);
        }
        let late = hand_for_hand_clock(u64::MAX, u64::MAX / 120, 2).unwrap();
        assert!(!late.new_level);
    }

    // onk-2023-nl MEC-7 sets the payout: that house rule decides and is cited first, and the
    // ruling names the place whose prize each busted player receives.
    #[test]
    fn onk_2023_nl_mec7_the_rule_stating_the_payout_decides_with_the_prize_place() {
        use crate::rules::params::{Params, Resolved};
        let params = Params {
            hand_for_hand_payout: Some(HandForHandPayout::BestPlacePrize),
            ..Params::default()
        };
        let sources = [("hand_for_hand_payout", c::MEC_HAND_FOR_HAND.to_string())];
        let mut cx = Cx::new(Resolved::new(&params), &sources);
        let answers = Answers {
            remaining: 18,
            paid: 17,
            busted: 2,
        };
        let d = HandForHand::rule(answers, &mut cx).unwrap();
        assert_eq!(d.decided_by.as_deref(), Some("mec-hand-for-hand"));
        assert_eq!(d.cites, vec![c::HAND_FOR_HAND]);
        assert_eq!(d.amounts.prize_place, Some(17));
        assert_eq!(d.remedy_variant, Some("best-place"));
        assert!(cx.params.fallbacks().is_empty());

        // No rule states the payout: the TDA practice (share) and no prize place.
        let none = Params::default();
        let mut cx = Cx::new(Resolved::new(&none), &[]);
        let answers = Answers {
            remaining: 18,
            paid: 17,
            busted: 2,
        };
        let d = HandForHand::rule(answers, &mut cx).unwrap();
        assert_eq!(d.decided_by, None);
        assert_eq!(d.amounts.prize_place, None);
        assert_eq!(cx.params.fallbacks()[0].param, "hand_for_hand_payout");
    }

    #[test]
    fn tda_practice_and_parameter_values() {
        assert_eq!(
            HandForHandParams::default(),
            HandForHandParams {
                minutes: 2,
                payout: HandForHandPayout::SharePlaces
            }
        );
        let onk: crate::rules::params::Params =
            crate::yaml::from_str("hand_for_hand_payout: best-place-prize", "test").unwrap();
        assert_eq!(
            onk.hand_for_hand_payout,
            Some(HandForHandPayout::BestPlacePrize)
        );
    }

    proptest! {
        #[test]
        fn places_cover_exactly_the_busted_players(
            remaining in 2..5_000u32,
            paid in 1..5_000u32,
            busted_pick in any::<prop::sample::Index>(),
        ) {
            let busted = busted_pick.index(remaining as usize - 1) as u32 + 1;
            let p = shared_places(remaining, paid, busted, HandForHandPayout::SharePlaces).unwrap();
            prop_assert_eq!(p.worst_place - p.best_place + 1, busted);
            prop_assert_eq!(p.worst_place, remaining);
            prop_assert!(p.best_place >= 2);
            match p.paid_places {
                Some((a, b)) => prop_assert!(p.best_place == a && a <= b && b <= paid && b <= p.worst_place),
                None => prop_assert!(p.best_place > paid),
            }
        }

        #[test]
        fn each_hand_takes_exactly_the_minutes(
            remaining in 0..10_000u64,
            hands in 0..100u64,
            minutes in 1..5u64,
        ) {
            let now = hand_for_hand_clock(remaining, hands, minutes).unwrap();
            let next = hand_for_hand_clock(remaining, hands + 1, minutes).unwrap();
            if !now.new_level {
                prop_assert_eq!(now.remaining_seconds - next.remaining_seconds,
                    (minutes * 60).min(now.remaining_seconds));
            }
            prop_assert_eq!(now.remaining_seconds + hands * minutes * 60,
                remaining + now.overrun_seconds);
        }
    }

    // The card says what the places are: one player out takes his own
    // place; places none of which is paid are said to be unpaid; paid
    // places are shared (TDA RP-8), or each takes the best place's prize
    // where a house rule says so (onk-2023-nl MEC-7).
    #[test]
    fn one_player_out_and_unpaid_places_are_said_as_such() {
        for (remaining, paid, busted, outcome, variant) in [
            (20, 18, 2, HandForHandOutcome::SharedPlaces, Some("unpaid")),
            (20, 19, 2, HandForHandOutcome::SharedPlaces, None),
            (18, 17, 1, HandForHandOutcome::OwnPlace, Some("unpaid")),
            (17, 17, 1, HandForHandOutcome::OwnPlace, None),
        ] {
            let d = crate::incidents::rule_in::<HandForHand>(
                "dpc-2019-en",
                Answers {
                    remaining,
                    paid,
                    busted,
                },
            )
            .unwrap();
            assert_eq!(
                (d.outcome, d.remedy_variant),
                (outcome, variant),
                "{remaining} {paid} {busted}"
            );
        }
        let answers = || Answers {
            remaining: 20,
            paid: 19,
            busted: 2,
        };
        let onk = crate::incidents::rule_in::<HandForHand>("onk-2023-nl", answers()).unwrap();
        assert_eq!(onk.remedy_variant, Some("best-place"));
        let sk = crate::incidents::rule_in::<HandForHand>("tda-2019-sk", answers()).unwrap();
        assert_eq!(sk.remedy_variant, None);
    }
}
