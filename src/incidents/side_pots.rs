//! Main and side pots from each player's chips in the hand (incident
//! `side-pots`).
//!
//! Owns concept `side-pots` (TDA 2019 rule 21, TDA 2015 rule 20): the
//! editions say each side pot is placed apart (ONK 21, Pokerpunt 21), split
//! on its own (DPC, tda-2019-sk), or both (tda-2015-de); where an edition
//! does not say it is split on its own, the card says the TDA practice is
//! followed. The pots come from the one construction of
//! [`crate::poker::layer_pots`], the same the hand replay uses.

use serde::Deserialize;

use super::situation::{Needs, Told, WithRound};
use crate::engine::ruling::{Pots, SeatMark, TablePicture};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{Action, Chips, Game, Seat, add, layer_pots_with_dead};
use crate::rules::concepts::{self as c};

/// The `side-pots` incident.
pub struct SidePots;

/// The answers of `side-pots` of its own (SPEC section 5); told the round
/// as it was played (the keys every betting incident shares,
/// [`Told`](super::situation::Told); players named by seat number,
/// `3:bet:600`, are drawn at the table), the actions replace
/// `contributions` and `folded`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// With `actions`: the chips in the pot before this round (antes and
    /// earlier rounds), shared by every player still in.
    pub pot_before: Option<Chips>,
    /// Each player's total chips in the hand, by seat.
    pub contributions: Option<Vec<(Seat, Chips)>>,
    /// The seats that folded: their chips stay in, they win nothing.
    pub folded: Option<Vec<Seat>>,
    /// Dead money in the main pot (the antes): never returned.
    pub dead: Option<Chips>,
}

crate::outcomes! {
    /// The one outcome of `side-pots`.
    pub enum PotsOutcome {
        /// The pots.
        Pots => [SIDE_POTS, FACE_UP_ALL_IN],
    }
}

crate::notes! {
    /// The notes of `side-pots`.
    pub enum Note {
        /// Pot-limit, told by the actions without the pot before the
        /// round: the bets could not be held to the pot.
        PotLimitUnchecked = "pots_pot_limit_unchecked",
    }
}

/// The provision that splits each pot on its own, as the pots are built.
const SPLIT_SEPARATELY: &str = "side-pots-split-separately";

const CONTRIBUTIONS: &str = "contributions";
const POT_BEFORE: &str = "pot_before";
const FOLDED: &str = "folded";

impl Incident for SidePots {
    const ID: &'static str = "side-pots";
    type Answers = WithRound<Answers>;
    type Outcome = PotsOutcome;
    type Amounts = Pots;
    type Extra = Extra;
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &[SPLIT_SEPARATELY];
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &[SPLIT_SEPARATELY];

    fn rule(given: WithRound<Answers>, cx: &mut Cx<'_>) -> Result<Decision<SidePots>, Error> {
        let WithRound { answers: a, told } = given;
        if let Some(actions) = &told.actions {
            return from_actions(&a, &told, actions, cx);
        }
        let contributions = a
            .contributions
            .ok_or_else(|| super::answer_needed(CONTRIBUTIONS))?;
        // Not given: nobody folded (the card says so).
        let folded = a.folded.unwrap_or_default();
        let (pots, returned) = pots_with_dead(&contributions, &folded, a.dead.unwrap_or(0))?;
        let mut d = decision(&pots, returned.as_ref());
        let mut seats: Vec<Seat> = contributions.iter().map(|(s, _)| *s).collect();
        seats.sort_unstable();
        d.table = Some(TablePicture {
            seats,
            button: None,
            labels: contributions
                .iter()
                .map(|(s, c)| (*s, c.to_string()))
                .collect(),
            marks: folded.iter().map(|s| (*s, SeatMark::Folded)).collect(),
        });
        Ok(d)
    }
}

/// The ruling on `pots`: each pot's amount, the pots with who may win
/// them, and what goes back uncalled.
fn decision<P: Clone + Into<Player>>(
    pots: &[crate::poker::Pot<P>],
    returned: Option<&crate::poker::Returned<P>>,
) -> Decision<SidePots> {
    let mut d = Decision::<SidePots>::new(
        PotsOutcome::Pots,
        vec![c::SIDE_POTS.stating(SPLIT_SEPARATELY)],
    );
    d.amounts = Pots {
        pots: pots.iter().map(|p| p.amount).collect(),
        returned: returned.map(|r| r.amount),
    };
    d.extra.pots = pots
        .iter()
        .map(|p| PotOut {
            amount: p.amount,
            eligible: p.eligible.iter().cloned().map(Into::into).collect(),
        })
        .collect();
    d.extra.returned = returned.map(|r| ReturnedOut {
        seat: r.player.clone().into(),
        amount: r.amount,
    });
    d
}

/// What the JSON of `side-pots` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The pots, main pot first, with who may win each.
    pub pots: Vec<PotOut>,
    /// Chips nobody called, back to their owner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returned: Option<ReturnedOut>,
    /// Told as played: each player's chips this round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contributions: Option<Vec<Contribution>>,
}

/// A player as the pots name him: by seat, or by the name the actions
/// give him.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Player {
    /// A seat number.
    Seat(Seat),
    /// A name from the actions.
    Name(String),
}

impl From<Seat> for Player {
    fn from(seat: Seat) -> Player {
        Player::Seat(seat)
    }
}

impl From<String> for Player {
    fn from(name: String) -> Player {
        Player::Name(name)
    }
}

/// A pot with who may win it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PotOut {
    /// Its chips.
    pub amount: Chips,
    /// Who may win it.
    pub eligible: Vec<Player>,
}

/// Chips returned uncalled.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ReturnedOut {
    /// Whose.
    pub seat: Player,
    /// How many.
    pub amount: Chips,
}

/// A player's chips in the round, told as played.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Contribution {
    /// The player.
    pub player: String,
    /// His chips this round.
    pub amount: Chips,
    /// He folded.
    pub folded: bool,
}

/// The pots of a round as it was played: each player's total this round
/// from the one betting round, the folds from the actions, and the chips
/// from before the round in the main pot (or, when a player still in put
/// nothing in this round, in a main pot of their own that every player
/// still in may win). Players named by seat number (`3:bet:600`) are
/// reported as seats and drawn at the table.
fn from_actions(
    a: &Answers,
    told: &Told,
    actions: &[Action],
    cx: &mut Cx<'_>,
) -> Result<Decision<SidePots>, Error> {
    // A pot-limit bet is held to the pot only where the pot before the
    // round was told: the default of 0 would refuse legal bets.
    let told_pot = !cx.defaulted(POT_BEFORE);
    let needs = Needs {
        pot_before: a.pot_before.filter(|_| told_pot),
        ..Needs::default()
    };
    let round = super::situation::round_played(told, actions, needs, cx)?;
    // A player still to act may call, raise or fold: the pots are not
    // made yet, and an amount drawn now would cap him as if all-in.
    if let Some(next) = round.to_act() {
        return Err(Error::input(
            "actions",
            Message::new(Msg::PotsRoundOpen)
                .arg("player", next)
                .arg("facing", round.facing()),
        ));
    }
    let played: Vec<(String, Chips, bool)> = round
        .contributions()
        .into_iter()
        .map(|(name, total, folded)| (name.to_string(), total, folded))
        .collect();
    let before = a.pot_before.unwrap_or_default();
    // Seats when every player is named by a seat number.
    let seats: Option<Vec<(Seat, Chips, bool)>> = played
        .iter()
        .map(|(name, total, folded)| {
            let seat: Seat = name.parse().ok().filter(|s| (1..=10).contains(s))?;
            Some((seat, *total, *folded))
        })
        .collect();
    let mut d = match &seats {
        Some(seats) => {
            let (pots, returned) = layered(seats, before)?;
            let mut d = decision(&pots, returned.as_ref());
            let mut drawn: Vec<Seat> = seats.iter().map(|(s, _, _)| *s).collect();
            drawn.sort_unstable();
            d.table = Some(TablePicture {
                seats: drawn,
                button: None,
                labels: seats.iter().map(|(s, c, _)| (*s, c.to_string())).collect(),
                marks: seats
                    .iter()
                    .filter(|(_, _, f)| *f)
                    .map(|(s, _, _)| (*s, SeatMark::Folded))
                    .collect(),
            });
            d
        }
        None => {
            let (pots, returned) = layered(&played, before)?;
            decision(&pots, returned.as_ref())
        }
    };
    if round.setup().game == Game::PotLimit && !told_pot {
        d.notes.push(Note::PotLimitUnchecked);
    }
    d.extra.contributions = Some(
        played
            .iter()
            .map(|(p, c, f)| Contribution {
                player: p.clone(),
                amount: *c,
                folded: *f,
            })
            .collect(),
    );
    Ok(d)
}

/// Layers a round's contributions into pots with the chips from before the
/// round as dead money (see [`from_actions`]). Errors name `actions`.
#[allow(clippy::type_complexity)]
fn layered<P: Clone + Ord>(
    played: &[(P, Chips, bool)],
    before: Chips,
) -> Result<(Vec<crate::poker::Pot<P>>, Option<crate::poker::Returned<P>>), Error> {
    if played.len() < 2 {
        return Err(Error::input("actions", Message::new(Msg::PotsTwoPlayers)));
    }
    layer_pots_with_dead(played, before)
        .map_err(|m| Error::input("actions", m))?
        .ok_or_else(|| Error::input("actions", Message::new(Msg::PotsAllFolded)))
}

pub use crate::engine::ruling::pot_name;

/// The pots of `contributions` (each seat once) with `folded` seats out of
/// contention. Errors name `contributions` (fewer than two players, a total
/// beyond the chip range) or `folded` (a seat without chips, nobody left).
#[allow(clippy::type_complexity)]
pub fn pots(
    contributions: &[(Seat, Chips)],
    folded: &[Seat],
) -> Result<
    (
        Vec<crate::poker::Pot<Seat>>,
        Option<crate::poker::Returned<Seat>>,
    ),
    Error,
> {
    pots_with_dead(contributions, folded, 0)
}

/// [`pots`] with `dead` chips (the antes) in the main pot.
#[allow(clippy::type_complexity)]
pub fn pots_with_dead(
    contributions: &[(Seat, Chips)],
    folded: &[Seat],
    dead: Chips,
) -> Result<
    (
        Vec<crate::poker::Pot<Seat>>,
        Option<crate::poker::Returned<Seat>>,
    ),
    Error,
> {
    if contributions.len() < 2 {
        return Err(Error::input(
            CONTRIBUTIONS,
            Message::new(Msg::PotsTwoPlayers),
        ));
    }
    contributions.iter().try_fold(0, |total: Chips, (_, c)| {
        add(total, *c, CONTRIBUTIONS).map_err(|m| Error::input(CONTRIBUTIONS, m))
    })?;
    if let Some(seat) = folded
        .iter()
        .find(|f| !contributions.iter().any(|(s, _)| s == *f))
    {
        return Err(Error::input(
            FOLDED,
            Message::new(Msg::PotsFoldedWithout).arg("seat", seat),
        ));
    }
    let with_folds: Vec<(Seat, Chips, bool)> = contributions
        .iter()
        .map(|(s, c)| (*s, *c, folded.contains(s)))
        .collect();
    layer_pots_with_dead(&with_folds, dead)
        .map_err(|m| Error::input(CONTRIBUTIONS, m))?
        .ok_or_else(|| Error::input(FOLDED, Message::new(Msg::PotsAllFolded)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::Pot;
    use proptest::prelude::*;

    type Run = (Vec<Pot<Seat>>, Option<(Seat, Chips)>);

    fn run(contributions: &[(Seat, Chips)], folded: &[Seat]) -> Run {
        let (pots, returned) = pots(contributions, folded).unwrap();
        (pots, returned.map(|r| (r.player, r.amount)))
    }

    fn pot(amount: Chips, eligible: &[Seat]) -> Pot<Seat> {
        Pot {
            amount,
            eligible: eligible.to_vec(),
        }
    }

    #[test]
    fn three_way_all_in_builds_main_and_side_and_returns_excess() {
        // Seat 2 all-in for 300, seats 5 and 8 bet on: 1000 and 2500.
        let r = run(&[(2, 300), (5, 1000), (8, 2500)], &[]);
        assert_eq!(
            r,
            (
                vec![pot(900, &[2, 5, 8]), pot(1400, &[5, 8])],
                Some((8, 1500))
            )
        );
    }

    #[test]
    fn equal_contributions_are_one_main_pot() {
        assert_eq!(
            run(&[(1, 500), (2, 500), (3, 500)], &[]),
            (vec![pot(1500, &[1, 2, 3])], None)
        );
    }

    #[test]
    fn folded_chips_stay_in_but_the_folded_player_is_not_eligible() {
        // Seat 4 called 400 then folded; seats 1 and 7 went on to 1000.
        assert_eq!(
            run(&[(1, 1000), (4, 400), (7, 1000)], &[4]),
            (vec![pot(2400, &[1, 7])], None)
        );
    }

    #[test]
    fn folded_chips_above_a_short_all_in_are_dead_money_not_excess() {
        // Seat 3 all-in 300; seat 5 raised to 800 and folded to seat 9's 2000.
        let r = run(&[(3, 300), (5, 800), (9, 2000)], &[5]);
        assert_eq!(
            r,
            (vec![pot(900, &[3, 9]), pot(1000, &[9])], Some((9, 1200)))
        );
    }

    #[test]
    fn everyone_folds_to_the_bettor_who_gets_his_uncalled_bet_back() {
        let r = run(&[(1, 100), (2, 200), (6, 1400)], &[1, 2]);
        assert_eq!(r, (vec![pot(500, &[6])], Some((6, 1200))));
    }

    #[test]
    fn a_killed_hand_that_bet_most_gets_its_uncalled_excess_back() {
        // Seat 1 moved in 5000, seat 2 called all-in for 3000, then seat
        // 1's hand was killed.
        assert_eq!(
            run(&[(1, 5000), (2, 3000)], &[1]),
            (vec![pot(6000, &[2])], Some((1, 2000)))
        );
    }

    #[test]
    fn folded_chips_above_every_live_player_join_the_last_pot() {
        // Seats 1 (5000) and 4 (4000) folded over seat 2's all-in 3000 and
        // seat 3's 1000.
        let r = run(&[(1, 5000), (2, 3000), (3, 1000), (4, 4000)], &[1, 4]);
        assert_eq!(
            r,
            (vec![pot(4000, &[2, 3]), pot(8000, &[2])], Some((1, 1000)))
        );
    }

    #[test]
    fn layers_with_the_same_players_merge_into_one_pot() {
        // Folded seat 2's 600 lies between the live levels 300 and 1000.
        let r = run(&[(1, 300), (2, 600), (3, 1000), (4, 1000)], &[2]);
        assert_eq!(r.0, vec![pot(1200, &[1, 3, 4]), pot(1700, &[3, 4])]);
    }

    #[test]
    fn several_all_ins_give_several_side_pots() {
        let r = run(&[(1, 100), (2, 250), (3, 600), (4, 600), (5, 600)], &[]);
        let expected = vec![
            pot(500, &[1, 2, 3, 4, 5]),
            pot(600, &[2, 3, 4, 5]),
            pot(1050, &[3, 4, 5]),
        ];
        assert_eq!(r, (expected, None));
    }

    #[test]
    fn a_live_player_with_nothing_in_wins_no_pot() {
        assert_eq!(
            run(&[(1, 0), (2, 200), (3, 200)], &[]).0,
            vec![pot(400, &[2, 3])]
        );
    }

    #[test]
    fn amounts_near_the_chip_limit_do_not_overflow() {
        let r = run(&[(1, u64::MAX - 10), (2, 10)], &[]);
        assert_eq!(r, (vec![pot(20, &[1, 2])], Some((1, u64::MAX - 20))));
    }

    #[test]
    fn impossible_tables_are_refused_naming_the_answer() {
        let key = |r: Result<_, Error>| r.err().and_then(|e| e.input_key().map(str::to_string));
        assert_eq!(key(pots(&[], &[])).as_deref(), Some("contributions"));
        assert_eq!(
            key(pots(&[(1, 500)], &[])).as_deref(),
            Some("contributions")
        );
        assert_eq!(
            key(pots(&[(1, 500), (2, 500)], &[7])).as_deref(),
            Some("folded")
        );
        assert_eq!(
            key(pots(&[(1, 500), (2, 500)], &[1, 2])).as_deref(),
            Some("folded")
        );
        assert_eq!(
            key(pots(&[(1, u64::MAX), (2, 1)], &[])).as_deref(),
            Some("contributions")
        );
    }

    /// A valid hand: 2-10 distinct seats, amounts, some folded (never
    /// everybody).
    fn hand() -> impl Strategy<Value = (Vec<(Seat, Chips)>, Vec<Seat>)> {
        (
            proptest::sample::subsequence((1..=10u8).collect::<Vec<_>>(), 2..=10),
            proptest::collection::vec((0..5_000u64, any::<bool>()), 10),
        )
            .prop_map(|(seats, draws)| {
                let contributions: Vec<(Seat, Chips)> = seats
                    .iter()
                    .zip(&draws)
                    .map(|(s, (a, _))| (*s, *a))
                    .collect();
                // Anybody may have folded (a bettor's hand can be killed)
                // except one player, who stays in.
                let keep = seats.first().copied().unwrap_or(1);
                let folded = seats
                    .iter()
                    .zip(&draws)
                    .filter(|(s, (_, f))| *f && **s != keep)
                    .map(|(s, _)| *s)
                    .collect();
                (contributions, folded)
            })
    }

    proptest! {
        #[test]
        fn the_pots_and_the_returned_chips_are_every_chip_put_in((contributions, folded) in hand()) {
            let (pots, returned) = run(&contributions, &folded);
            let in_pots: Chips = pots.iter().map(|p| p.amount).sum();
            let contributed: Chips = contributions.iter().map(|(_, a)| *a).sum();
            prop_assert_eq!(in_pots + returned.map_or(0, |r| r.1), contributed);
        }

        #[test]
        fn later_pots_are_won_by_a_subset_of_earlier_ones((contributions, folded) in hand()) {
            let (pots, _) = run(&contributions, &folded);
            for pair in pots.windows(2) {
                prop_assert!(pair[1].eligible.iter().all(|s| pair[0].eligible.contains(s)));
                prop_assert!(pair[1].eligible.len() < pair[0].eligible.len());
            }
            for p in &pots {
                prop_assert!(p.amount > 0);
                prop_assert!(!p.eligible.is_empty());
                prop_assert!(p.eligible.iter().all(|s| !folded.contains(s)));
            }
        }

        #[test]
        fn only_what_nobody_matched_goes_back((contributions, folded) in hand()) {
            if let (_, Some((seat, amount))) = run(&contributions, &folded) {
                let mine = contributions.iter().find(|(s, _)| *s == seat).map(|(_, a)| *a);
                let others = contributions.iter().filter(|(s, _)| *s != seat).map(|(_, a)| *a).max();
                prop_assert_eq!(mine.zip(others).map(|(m, o)| m - o), Some(amount));
            }
        }
    }

    // Side pots are made when the betting is over: told by actions with a
    // player still to act, the pots are refused on `actions`, naming him.
    #[test]
    fn a_round_with_a_player_still_to_act_makes_no_pots() {
        let told = |actions: &str| WithRound {
            answers: Answers {
                pot_before: Some(1000),
                contributions: None,
                folded: None,
                dead: None,
            },
            told: crate::incidents::situation::Told {
                actions: Some(crate::poker::parse_actions(actions).expect("test actions")),
                street: Some(crate::poker::Street::Flop),
                big_blind: Some(100),
                ..Default::default()
            },
        };
        let e = crate::incidents::rule_in::<SidePots>(
            "dpc-2019-en",
            told("A:bet:1000,B:raise:3000,C:call"),
        )
        .unwrap_err();
        assert_eq!(e.input_key(), Some("actions"));
        let d = crate::incidents::rule_in::<SidePots>(
            "dpc-2019-en",
            told("A:bet:1000,B:raise:3000,C:call,A:call"),
        )
        .unwrap();
        assert_eq!(d.amounts.pots, [10000]);
    }
}
