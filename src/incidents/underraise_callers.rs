//! A bet or raise below the minimum that others called before the error
//! was noticed (incident `underraise-callers`): what the bettor and each
//! caller owe when the bet is increased to the minimum "for all bettors".
//!
//! Owns nothing new: whether the bet is corrected, and to what, is TDA 2019
//! rule 52-A as [`super::incorrect_bet::incorrect_bet`] rules it (Pokerpunt
//! 43-A, ONK 52-A; the German TDA 2015 has no such rule). This module finds
//! the short bet in the round as played and brings every caller of it up
//! to the corrected total.

use serde::Deserialize;

use super::incorrect_bet::{
    IncorrectBetInput, IncorrectOutcome, PotLimitUnderbetWindow, holdem_only, incorrect_bet,
};
use super::sequence::{Irregular, apply, as_ruled, spot_at};
use super::situation::{HouseRaise, Needs, WithRound, round_before};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::poker::{Action, ActionKind, AddedUp, Chips, Game, Round, Spot};

/// Several short all-ins that together make a full raise re-open the
/// betting (TDA 2019 47).
const REOPEN_CUMULATIVE: &str = "reopen-cumulative";

/// The `underraise-callers` incident.
pub struct UnderraiseCallers;

/// The answers of `underraise-callers` of its own; the round is told by the
/// keys every betting incident shares ([`Told`](super::situation::Told)),
/// its actions as played: the short bet or raise and its callers included.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The next card was dealt (river: the showdown began) before the error
    /// was noticed.
    pub street_ended: bool,
}

/// A short bet and the callers of it, found in a round as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortBet {
    /// The bet or raise below the minimum, with the spot its player faced.
    pub bet: Irregular,
    /// Its player could raise at all only because short all-ins before it
    /// together made a full raise.
    pub reopened_by_short_all_ins: bool,
    /// In limit, a bet or raise before it counted only by adding short
    /// all-ins up ([`Round::limit_short_all_ins_added`]): its minimum
    /// rests on that reading.
    pub limit_short_all_ins_added: Option<AddedUp>,
    /// The last full bet or raise before it.
    pub last_raise: Chips,
    /// The legal minimum total it should have been.
    pub minimum: Chips,
    /// Who called the short total, in order (before any later raise).
    pub callers: Vec<String>,
    /// The bettor's spot when he bet (its minimum raise is `minimum`).
    pub spot: Spot,
}

/// Finds the first bet or raise below the legal minimum in the round as
/// played, and who called it; the round goes on as if it had been the
/// minimum (so later actions are checked against the corrected bet).
///
/// ```
/// use floor::incidents::underraise_callers::short_bet;
/// use floor::poker::{Game, Round, Setup, Street, parse_actions};
///
/// // dpc-2019-en rule 52-A: A opens 600, B raises to 1000, C and D call, E folds.
/// let mut round = Round::new(Setup::new(Game::NoLimit, Street::Flop, 200)).unwrap();
/// let actions = parse_actions("A:bet:600,B:raise:1000,C:call,D:call,E:fold").unwrap();
/// let found = short_bet(&mut round, &actions).unwrap().unwrap();
/// assert_eq!((found.bet.total, found.minimum), (1000, 1200));
/// assert_eq!(found.callers, ["C", "D"]);
/// ```
pub fn short_bet(round: &mut Round, actions: &[Action]) -> Result<Option<ShortBet>, Error> {
    let mut found: Option<ShortBet> = None;
    let mut reraised = false;
    for (i, action) in actions.iter().enumerate() {
        let n = i + 1;
        let raising = matches!(action.kind, ActionKind::Bet | ActionKind::Raise);
        match &mut found {
            None if raising => {
                let (player, spot) = spot_at(round, n, action)?;
                if let Some(total) = action.total
                    && spot.may_raise
                    && total > spot.facing
                {
                    let minimum = spot
                        .min_raise_to()
                        .map_err(|m| Error::input("actions", m))?;
                    // Limit: a raise short of the fixed size; no-limit:
                    // below the minimum raise-to.
                    if total < minimum {
                        let reopened_by_short_all_ins = round.reopened_by_short_all_ins(&player);
                        found = Some(ShortBet {
                            reopened_by_short_all_ins,
                            limit_short_all_ins_added: round.limit_short_all_ins_added().cloned(),
                            bet: Irregular {
                                player,
                                total,
                                facing: spot.facing,
                                in_front: spot.in_front,
                                number: n,
                            },
                            last_raise: spot.full_raise,
                            minimum,
                            callers: Vec::new(),
                            spot,
                        });
                        apply(round, n, &as_ruled(action, action.kind, Some(minimum)))?;
                        continue;
                    }
                }
            }
            Some(short)
                if !reraised
                    && action.kind == ActionKind::Call
                    && action.total.is_none_or(|t| t == short.bet.total) =>
            {
                let (player, _) = spot_at(round, n, action)?;
                short.callers.push(player);
                apply(round, n, &as_ruled(action, ActionKind::Call, None))?;
                continue;
            }
            // An all-in raises over the short bet only where it puts in
            // more than the short total; one for that total or less calls
            // it, and the calls after it are still of the short bet.
            Some(short) if action.kind == ActionKind::AllIn => {
                let (_, spot) = spot_at(round, n, action)?;
                let total = action
                    .total
                    .or_else(|| spot.stack.map(|s| spot.in_front.saturating_add(s)));
                if total.is_none_or(|t| t > short.bet.total) {
                    reraised = true;
                }
            }
            Some(_) if raising => reraised = true,
            _ => {}
        }
        apply(round, n, action)?;
    }
    Ok(found)
}

impl Incident for UnderraiseCallers {
    const ID: &'static str = "underraise-callers";
    type Answers = WithRound<Answers>;
    type Outcome = UnderraiseOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;
    // 52-A in limit, as `incorrect_bet` cites it.
    const PROVISIONS: &'static [&'static str] = &["incorrect-limit-too", "incorrect-underraise"];
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &["incorrect-limit-too"];
    const QUOTES: &'static [&'static str] = &[REOPEN_CUMULATIVE];

    fn rule(
        given: WithRound<Answers>,
        cx: &mut Cx<'_>,
    ) -> Result<Decision<UnderraiseCallers>, Error> {
        let WithRound { answers: a, told } = given;
        let actions = told
            .actions
            .as_deref()
            .ok_or_else(|| super::answer_needed("actions"))?;
        let (mut round, actions) = round_before(&told, actions, Needs::default(), cx)?;
        let setup = *round.setup();
        let street = setup.street;
        // No bet or raise below the minimum (an all-in for less is one he
        // may make): nothing to correct, and the calls stand.
        let Some(found) = short_bet(&mut round, &actions)? else {
            let mut d = Decision::<UnderraiseCallers>::new(
                UnderraiseOutcome::Legal,
                [
                    crate::rules::concepts::RAISE_AMOUNTS,
                    crate::rules::concepts::REOPENING_BETTING,
                ],
            );
            d.game = Some(setup.game);
            if let Some(added) = round.limit_short_all_ins_added() {
                d.notes.push(Notes::LimitAllInsAdded(added.clone()));
            }
            return Ok(d);
        };
        // Rule 52-A names limit and no-limit only; a pot-limit raise below
        // the minimum (the same minimum as in no-limit) is corrected as in
        // no-limit, and the card says no rule covers it.
        let pot_limit = setup.game == Game::PotLimit;
        let r = incorrect_bet(
            &IncorrectBetInput {
                game: if pot_limit { Game::NoLimit } else { setup.game },
                big_blind: setup.big_blind,
                street,
                facing: found.bet.facing,
                last_raise: found.last_raise,
                in_front: found.bet.in_front,
                total: found.bet.total,
                pot: None,
                street_ended: a.street_ended,
                substantial_action_after: false,
                // The round told refuses a raise past the limit cap.
                capped: false,
                house: setup.house,
                // Its all-ins are read from the actions before this.
                all_in: false,
                meant_pot: false,
            },
            PotLimitUnderbetWindow::CurrentStreet,
        )?;
        let corrected = r.outcome == IncorrectOutcome::Corrected;
        let outcome = if corrected {
            UnderraiseOutcome::Corrected
        } else {
            UnderraiseOutcome::Stands
        };
        let mut d = Decision::<UnderraiseCallers>::new(outcome, r.concepts);
        d.game = Some(setup.game);
        // He could raise at all only because short all-ins added up.
        if found.reopened_by_short_all_ins {
            d.cites
                .push(crate::rules::concepts::REOPENING_BETTING.stating(REOPEN_CUMULATIVE));
        }
        if let Some(added) = found.limit_short_all_ins_added.clone() {
            d.notes.push(Notes::LimitAllInsAdded(added));
        }
        if pot_limit {
            d.notes.push(Notes::PotLimitAsNoLimit);
        }
        // The correction's own words, as `incorrect-bet` reads them.
        if holdem_only(cx) {
            d.notes.push(Notes::HoldemOnly);
        }
        // Short of a minimum a house sets above TDA 43.
        if let Some(h) = HouseRaise::of(&found.spot, cx) {
            h.cite(&mut d);
            d.notes.push(Notes::HouseMinRaise(h));
        }
        let owed = r.corrected_to.saturating_sub(found.bet.total);
        d.amounts = Amounts {
            corrected_to: r.corrected_to,
            to_add: corrected.then_some(owed),
        };
        let (player, total) = (found.bet.player.clone(), found.bet.total);
        d.notes.push(if corrected {
            Notes::ShortBettorAdds {
                player,
                total,
                to_add: owed,
            }
        } else {
            Notes::ShortBettorStands { player, total }
        });
        let mut callers = Vec::new();
        for caller in &found.callers {
            if corrected {
                d.notes.push(Notes::ShortCallerAdds {
                    player: caller.clone(),
                    total: found.bet.total,
                    corrected_to: r.corrected_to,
                    to_add: owed,
                });
            }
            callers.push(Caller {
                player: caller.clone(),
                called: found.bet.total,
                to_add: if corrected { owed } else { 0 },
            });
        }
        d.extra = Extra {
            bettor: found.bet.player.clone(),
            callers,
        };
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcomes of `underraise-callers`: those of `incorrect-bet` (rule
    /// 52-A decides), citing what this incident cites.
    pub enum UnderraiseOutcome {
        /// The short bet is brought to the minimum, its callers with it.
        Corrected => [INCORRECT_BETS, RAISE_AMOUNTS, REOPENING_BETTING],
        /// Too late: the bet and the calls stand.
        Stands => [INCORRECT_BETS, RAISE_AMOUNTS, REOPENING_BETTING],
        /// No bet or raise was short of the minimum (a short all-in is
        /// allowed): nothing to correct.
        Legal => [RAISE_AMOUNTS, REOPENING_BETTING],
    }
}

/// The amounts of `underraise-callers`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The total the bet is corrected to (where it stands, the minimum it
    /// is not corrected to; none when nothing was short).
    #[serde(skip_serializing_if = "is_zero")]
    pub corrected_to: Chips,
    /// Corrected: what the bettor and each caller add.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_add: Option<Chips>,
}

/// What the JSON of `underraise-callers` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Who made the short bet (none when nothing is short).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub bettor: String,
    /// Who called it.
    pub callers: Vec<Caller>,
}

/// A caller of the short bet.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Caller {
    /// Who.
    pub player: String,
    /// The total he called.
    pub called: Chips,
    /// What he adds.
    pub to_add: Chips,
}

fn is_zero(chips: &Chips) -> bool {
    *chips == 0
}

crate::notes! {
    /// The notes of `underraise-callers`.
    pub enum Notes {
        /// The bettor adds to the minimum.
        ShortBettorAdds { player: String, total: Chips, to_add: Chips } = "short_bettor_adds",
        /// The short bet stands.
        ShortBettorStands { player: String, total: Chips } = "short_bettor_stands",
        /// In limit, short all-ins taken to add up.
        LimitAllInsAdded(AddedUp) = "limit_all_ins_added",
        /// A caller adds too.
        ShortCallerAdds { player: String, total: Chips, corrected_to: Chips, to_add: Chips } = "short_caller_adds",
        /// A house minimum raise above TDA 43, and what 43 alone gives.
        HouseMinRaise(HouseRaise) = "house_min_raise",
        /// Pot-limit: no rule covers it; corrected as in no-limit.
        PotLimitAsNoLimit = "pot_limit_underraise",
        /// The edition states the correction for Hold'em only; another
        /// game follows the practice, which corrects alike.
        HoldemOnly = "underraise_holdem_only",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::{Game, Street};
    use crate::rules::concepts as c;

    fn answers(actions: &str, street_ended: bool) -> WithRound<Answers> {
        WithRound {
            answers: Answers { street_ended },
            told: crate::incidents::situation::Told {
                game: Some(Game::NoLimit),
                actions: Some(crate::poker::parse_actions(actions).expect("test actions")),
                street: Some(Street::Flop),
                big_blind: Some(200),
                ..Default::default()
            },
        }
    }

    fn rule(edition: &str, actions: &str, street_ended: bool) -> Decision<UnderraiseCallers> {
        super::super::rule_in::<UnderraiseCallers>(edition, answers(actions, street_ended)).unwrap()
    }

    const EXAMPLE: &str = "A:bet:600,B:raise:1000,C:call,D:call:1000,E:fold";

    /// A raises short after two short all-ins together made a full raise
    /// (B 1250, D 2000 over A's 1000): he could raise at all only because
    /// they add up, which tda-2015-de 44 does not say; the card cites the
    /// words that do, or says the practice decided; the underraise of the
    /// rule's own example cites no such words.
    #[test]
    fn a_raise_open_only_by_short_all_ins_cites_where_they_add_up() {
        let cumulative = c::REOPENING_BETTING.stating(REOPEN_CUMULATIVE);
        let added_up = "A:bet:1000,B:all-in:1250,C:call:1250,D:all-in:2000,A:raise:2500,C:call";
        for edition in ["tda-2015-de", "dpc-2019-en"] {
            let d = rule(edition, added_up, false);
            assert_eq!(d.outcome, UnderraiseOutcome::Corrected, "{edition}");
            assert!(d.cites.contains(&cumulative), "{edition}");
            let d = rule(edition, EXAMPLE, false);
            assert!(!d.cites.contains(&cumulative), "{edition}");
        }
    }

    // dpc-2019-en rule 52-A: "Increase the bet to 1200 total for all bettors any time before
    // the turn is dealt. After the turn the error stands."
    #[test]
    fn dpc_2019_en_r52_a_every_caller_of_the_underraise_adds_200() {
        let d = rule("dpc-2019-en", EXAMPLE, false);
        assert_eq!(d.outcome, UnderraiseOutcome::Corrected);
        assert_eq!(
            d.named_amounts(),
            [
                ("corrected_to".to_string(), 1200),
                ("to_add".to_string(), 200)
            ]
        );
        assert_eq!(d.data()["callers"][0]["player"], "C");
        assert_eq!(d.data()["callers"][1]["to_add"], 200);
        assert_eq!(d.notes.len(), 3);
        let late = rule("dpc-2019-en", EXAMPLE, true);
        assert_eq!(late.outcome, UnderraiseOutcome::Stands);
        assert_eq!(late.data()["callers"][0]["to_add"], 0);
    }

    // An all-in for the short total calls it (he has nothing to add); one
    // above it raises over the short bet, and who calls after it calls
    // that raise, not the short bet.
    #[test]
    fn an_all_in_for_the_short_total_leaves_the_later_callers_callers() {
        let callers = |actions: &str| -> Vec<String> {
            let d = rule("dpc-2019-en", actions, false);
            d.data()["callers"]
                .as_array()
                .map(|c| c.iter().map(|c| c["player"].to_string()).collect())
                .unwrap_or_default()
        };
        assert_eq!(
            callers("A:bet:600,B:raise:1000,C:all-in:1000,D:call"),
            ["\"D\""]
        );
        assert_eq!(
            callers("A:bet:600,B:raise:1000,C:all-in:800,D:call"),
            ["\"D\""]
        );
        assert!(callers("A:bet:600,B:raise:1000,C:all-in:1100,D:call").is_empty());
    }

    // pokerpunt-nl rule 43-A: "De bet wordt dan 1200 gemaakt bij alle spelers".
    #[test]
    fn pokerpunt_nl_r43_a_the_same_correction() {
        let d = rule("pokerpunt-nl", EXAMPLE, false);
        assert_eq!(d.outcome, UnderraiseOutcome::Corrected);
        assert_eq!(d.cites.first(), Some(&c::INCORRECT_BETS.part("A")));
    }

    #[test]
    fn callers_after_a_later_raise_owe_nothing() {
        let d = rule(
            "onk-2023-nl",
            "A:bet:600,B:raise:1000,C:call,D:raise:3000,E:call",
            false,
        );
        assert_eq!(d.data()["callers"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn an_opening_bet_below_the_big_blind() {
        let d = rule("tda-2019-sk", "A:bet:150,B:call", false);
        assert_eq!(d.named_amounts()[0], ("corrected_to".to_string(), 200));
        assert_eq!(d.data()["callers"][0]["to_add"], 50);
    }

    // 52-A names limit and no-limit only: in pot-limit the same minimum is
    // enforced the same way, and the card says no rule covers it.
    #[test]
    fn a_pot_limit_underraise_is_corrected_as_in_no_limit_and_says_so() {
        let mut a = answers(EXAMPLE, false);
        a.told.game = Some(Game::PotLimit);
        let d = super::super::rule_in::<UnderraiseCallers>("dpc-2019-en", a).unwrap();
        assert_eq!(d.outcome, UnderraiseOutcome::Corrected);
        assert_eq!(d.named_amounts()[0], ("corrected_to".to_string(), 1200));
        assert!(d.notes.contains(&Notes::PotLimitAsNoLimit));
        let d = rule("dpc-2019-en", EXAMPLE, false);
        assert!(!d.notes.contains(&Notes::PotLimitAsNoLimit));
    }

    // A short all-in called by others is allowed (43-A "unless ... the
    // player is all-in"; 43-B: it does not reopen): nothing to correct, in
    // every edition, as with only full bets and raises.
    #[test]
    fn a_called_short_all_in_or_full_raises_leave_nothing_to_correct() {
        for edition in [
            "dpc-2019-en",
            "onk-2023-nl",
            "pokerpunt-nl",
            "tda-2015-de",
            "tda-2019-sk",
        ] {
            for actions in [
                "A:bet:600,B:all-in:800,C:call,D:call",
                "A:bet:600,B:raise:1200,C:call",
                "A:check,B:fold",
            ] {
                let d = rule(edition, actions, false);
                assert_eq!(d.outcome, UnderraiseOutcome::Legal, "{edition} {actions}");
                assert_eq!(d.named_amounts(), [], "{edition} {actions}");
                assert_eq!(
                    d.cites,
                    [c::RAISE_AMOUNTS, c::REOPENING_BETTING],
                    "{edition}"
                );
            }
        }
    }
}
