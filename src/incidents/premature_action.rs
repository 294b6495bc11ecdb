//! Acting or speaking before it is clear (incident `premature-action`): a
//! conditional statement of future action, a call before the bet's amount
//! is known, a fold before the amount is clear, a string bet.
//!
//! Owns the decisions of TDA 2019 rule 59 (conditional and premature
//! declarations; TDA 2015 rule 54 has only its first part), rule 50-B
//! (players wait for clear bet amounts; TDA 2015 38-B, Pokerpunt 41-B) and
//! rule 56 (dealers call string bets; TDA 2015 51). Rule 59 leaves the
//! ruling to the TD and names the options; this module names them, with
//! the amounts where there are any. What a string bet counts as is ruled
//! by [`super::bet::rule_bet`] with its second motion.

use serde::Deserialize;

use super::bet::{BetInput, Declared, Pushed, RaiseMethods, card_of_bet, rule_bet};
use super::situation::{Needs, Situation, WithRound};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::poker::{Chips, Game};
use crate::rules::concepts::{self as c};
use crate::rules::vocab::RaiseMethod;

/// The `premature-action` incident.
pub struct PrematureAction;

/// The penalty rule's clause for incidents like those it lists.
const PENALTY_SIMILAR: &str = "penalty-similar";

/// A raise is the full amount put out in one motion.
const ONE_MOTION: &str = "raise-one-motion";

/// The provisions the card quotes: its own and, for a string bet, those a
/// ruled bet's citations may quote.
const QUOTED: [&str; 2 + super::bet::QUOTED_BY_RULED_BET.len()] = {
    let mut ids = [""; 2 + super::bet::QUOTED_BY_RULED_BET.len()];
    ids[0] = PENALTY_SIMILAR;
    ids[1] = ONE_MOTION;
    let mut i = 0;
    while i < super::bet::QUOTED_BY_RULED_BET.len() {
        ids[i + 2] = super::bet::QUOTED_BY_RULED_BET[i];
        i += 1;
    }
    ids
};

/// What was said or done too early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum What {
    /// A conditional statement of future action ("if you bet, I raise").
    Conditional,
    /// A call before the bettor's exact amount was known.
    CalledEarly,
    /// A fold before the bettor's amount was clear.
    FoldedEarly,
    /// Chips put out in more than one motion.
    StringBet,
}

/// The answers of `premature-action` of its own. A string bet is a bet:
/// its situation (the game, the bet faced, the big blind, in limit the
/// street and the cap) is told by the keys every betting incident shares
/// ([`Told`](super::situation::Told)) and read as `bet` reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What happened.
    pub what: What,
    /// Called early: the total the bettor then declared.
    pub declared_total: Option<Chips>,
    /// String bet: "raise" was said before the chips.
    pub said_raise: Option<bool>,
    /// String bet: the chips of the first motion.
    pub first_motion: Option<Chips>,
    /// String bet: the chips added in a second motion.
    pub second_motion: Option<Chips>,
    /// String bet in pot-limit: the pot.
    pub pot: Option<Chips>,
}

pub use crate::rules::vocab::PrematureCall;

crate::outcomes! {
    /// The outcomes of `premature-action`.
    pub enum PrematureOutcome {
        /// The TD decides: binding, penalty, both, or neither.
        Conditional => [CONDITIONAL_DECLARATIONS, PENALTIES],
        /// The TD rules the bet as best fits, possibly holding the caller to
        /// any amount.
        CallAnyAmount => [CONDITIONAL_DECLARATIONS, ACTING_IN_TURN],
        /// The fold stands.
        FoldStands => [ACTING_IN_TURN, PLAYER_RESPONSIBILITIES, PENALTIES],
        /// A string bet: what the action counts as.
        StringBet => [
            STRING_BETS,
            METHODS_OF_RAISING,
            RAISE_AMOUNTS,
            METHODS_OF_BETTING,
            INCORRECT_BETS,
            // "Raise" said facing no bet (55-B).
            INVALID_DECLARATIONS,
            // As a bet: the limit cap, the pot-limit cap, betting not
            // reopened for him.
            NUMBER_OF_RAISES,
            POT_SIZE_POT_LIMIT,
            REOPENING_BETTING,
        ],
    }
}

impl Incident for PrematureAction {
    const ID: &'static str = "premature-action";
    type Answers = WithRound<Answers>;
    type Outcome = PrematureOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = super::bet::Notes;
    const QUOTES: &'static [&'static str] = &QUOTED;

    fn rule(
        given: WithRound<Answers>,
        cx: &mut Cx<'_>,
    ) -> Result<Decision<PrematureAction>, Error> {
        let WithRound { answers: a, told } = given;
        match a.what {
            What::Conditional => {
                let mut d = Decision::<PrematureAction>::new(
                    PrematureOutcome::Conditional,
                    vec![c::CONDITIONAL_DECLARATIONS.part("A"), c::PENALTIES.into()],
                );
                d.discretion = Some(true);
                Ok(d)
            }
            What::CalledEarly => {
                // The rule that states it is 59-B; an edition without it
                // falls back on waiting for clear amounts (50-B).
                let stated = cx.params.states("premature_call");
                let PrematureCall::AnyAmount = cx.params.premature_call();
                let concepts = if stated {
                    vec![
                        c::CONDITIONAL_DECLARATIONS.part("B"),
                        c::ACTING_IN_TURN.part("B"),
                    ]
                } else {
                    vec![
                        c::ACTING_IN_TURN.part("B"),
                        c::CONDITIONAL_DECLARATIONS.into(),
                    ]
                };
                let mut d =
                    Decision::<PrematureAction>::new(PrematureOutcome::CallAnyAmount, concepts);
                let total = a
                    .declared_total
                    .ok_or_else(|| super::answer_needed("declared_total"))?;
                d.amounts.total = Some(total);
                d.discretion = Some(true);
                Ok(d)
            }
            // The warning its card allows rests on the penalty rule's
            // "similar incidents": an edition without that clause follows
            // the practice, and its card says so.
            What::FoldedEarly => Ok(Decision::<PrematureAction>::new(
                PrematureOutcome::FoldStands,
                vec![
                    c::ACTING_IN_TURN.part("B"),
                    c::PLAYER_RESPONSIBILITIES.into(),
                    c::PENALTIES.stating(PENALTY_SIMILAR),
                ],
            )),
            What::StringBet => string_bet(&a, &told, cx),
        }
    }
}

/// The amounts of `premature-action`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The player's total for the round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<Chips>,
    /// Chips given back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returned: Option<Chips>,
    /// Chips still to add.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owed: Option<Chips>,
}

/// What the JSON of `premature-action` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// A string bet: what the first motion counts as.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts_as: Option<super::bet::BetOutcome>,
}

/// A string bet: only the first motion counts, unless "raise" was said
/// first (then the edition's raising methods decide the second motion).
fn string_bet(
    a: &Answers,
    told: &super::situation::Told,
    cx: &mut Cx<'_>,
) -> Result<Decision<PrematureAction>, Error> {
    let game = told.game.unwrap_or_default();
    if game == Game::Limit && told.street.is_none() {
        return Err(super::answer_needed("street"));
    }
    told.big_blind
        .ok_or_else(|| super::answer_needed("big_blind"))?;
    let situation = Situation::read(
        told,
        Needs {
            cap: true,
            ..Needs::default()
        },
        cx,
    )?;
    let facing = situation.spot.facing;
    let first = a
        .first_motion
        .ok_or_else(|| super::answer_needed("first_motion"))?;
    let second = a
        .second_motion
        .ok_or_else(|| super::answer_needed("second_motion"))?;
    let said_raise = a
        .said_raise
        .ok_or_else(|| super::answer_needed("said_raise"))?;
    let mut input = BetInput::from_spot(&situation.spot);
    input.pot = a.pot;
    input.pushed = Pushed::Amount(first);
    input.standard_percent = cx.params.raise_standard_percent().get();
    let mut returned = 0;
    if said_raise {
        input.declared = Declared::Raise;
        input.second_motion = Pushed::Amount(second);
    } else {
        // Without a declaration the second motion does not count.
        returned = second;
    }
    let methods = RaiseMethods(cx.params.raise_methods());
    let r = rule_bet(&input, &methods).map_err(|e| match e {
        Error::Input {
            input: "pushed" | "chips",
            problem,
        } => Error::input("first_motion", problem),
        Error::Refused(r) if matches!(r.input(), "pushed" | "chips") => {
            Error::Refused(r.blamed_on("first_motion"))
        }
        other => other,
    })?;
    // What the card says follows from what counted: the second motion only
    // where "raise", the exact call, then the raise is a method of the
    // edition (as the bet rules it). Then the raising rule decides: a raise
    // made in the steps it allows is no string bet.
    let counted = said_raise
        && second > 0
        && first == facing
        && methods.accepts(RaiseMethod::DeclareCallThenRaise);
    // Rule 56 says only that the dealer calls it: that the second motion
    // of a raise does not count is the raising rule's "the full amount in
    // one motion" (42), cited at those words.
    let mut cites: Vec<crate::rules::concepts::Cite> = if counted {
        vec![c::METHODS_OF_RAISING.into()]
    } else {
        vec![c::STRING_BETS.into()]
    };
    let void = !said_raise && second > 0 && facing > 0;
    if void {
        cites.push(c::METHODS_OF_RAISING.stating(ONE_MOTION));
    }
    cites.extend(r.cites().into_iter().filter(|cite| {
        cite.concept != c::STRING_BETS
            && !((void || counted) && cite.concept == c::METHODS_OF_RAISING)
    }));
    let mut d = Decision::<PrematureAction>::new(PrematureOutcome::StringBet, cites);
    let returned = r.returned.saturating_add(returned);
    d.amounts = Amounts {
        total: Some(r.total),
        returned: (returned > 0).then_some(returned),
        owed: (r.owed > 0).then_some(r.owed),
    };
    d.extra.counts_as = Some(r.outcome);
    d.remedy_variant = match (counted, returned > 0, r.owed > 0) {
        (false, true, _) => None,
        (false, false, true) => Some("void-owed"),
        (false, false, false) => Some("void"),
        (true, true, _) => Some("counted-returned"),
        (true, false, true) => Some("counted-owed"),
        (true, false, false) => Some("counted"),
    };
    d.game = Some(game);
    card_of_bet(&mut d, &situation, &input, &r, None, cx);
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::incidents::situation::Told;

    fn rule(edition: &str, a: Facts) -> Decision<PrematureAction> {
        super::super::rule_in::<PrematureAction>(edition, a).unwrap()
    }

    type Facts = WithRound<Answers>;

    fn what(what: What) -> Facts {
        WithRound {
            answers: Answers {
                what,
                declared_total: None,
                said_raise: None,
                first_motion: None,
                second_motion: None,
                pot: None,
            },
            told: Told::default(),
        }
    }

    // dpc-2019-en rule 59-A: "At TDs discretion they may be binding and/or penalized."
    #[test]
    fn dpc_2019_en_r59_a_a_conditional_statement_is_the_tds() {
        let d = rule("dpc-2019-en", what(What::Conditional));
        assert_eq!(d.outcome, PrematureOutcome::Conditional);
        assert_eq!(d.discretion, Some(true));
    }

    // tda-2019-sk rule 59-B: "vrátane donútenia hráča B zaplatiť stávku v akejkoľvek hodnote";
    // tda-2015-de rule 54 has no such part: 38-B (wait for clear amounts) decides.
    #[test]
    fn tda_2019_sk_r59_b_a_call_before_the_amount_may_be_held_to_any_amount() {
        let a = || {
            let mut f = what(What::CalledEarly);
            f.answers.declared_total = Some(5000);
            f
        };
        let sk = rule("tda-2019-sk", a());
        assert_eq!(sk.cites[0], c::CONDITIONAL_DECLARATIONS.part("B"));
        assert_eq!(sk.named_amounts(), [("total".to_string(), 5000)]);
        let de = rule("tda-2015-de", a());
        assert_eq!(de.cites[0], c::ACTING_IN_TURN.part("B"));
    }

    // onk-2023-nl rule 50-B: "C zegt \"raise\" en D fold, speler D moet wachten met folden".
    #[test]
    fn onk_2023_nl_r50_b_the_fold_stands() {
        let d = rule("onk-2023-nl", what(What::FoldedEarly));
        assert_eq!(d.outcome, PrematureOutcome::FoldStands);
        assert_eq!(d.cites[0], c::ACTING_IN_TURN.part("B"));
    }

    fn string(said_raise: bool, first: Chips, second: Chips) -> Facts {
        facing(1000, said_raise, first, second)
    }

    /// A string bet in no-limit, big blind 200, facing `facing`.
    fn facing(facing: Chips, said_raise: bool, first: Chips, second: Chips) -> Facts {
        let mut f = what(What::StringBet);
        f.answers.said_raise = Some(said_raise);
        f.answers.first_motion = Some(first);
        f.answers.second_motion = Some(second);
        f.told.facing = Some(facing);
        f.told.big_blind = Some(200);
        f
    }

    /// Rule 56 says only that the dealer calls a string bet; that the
    /// second motion of a raise does not count is rule 42's "the full
    /// amount in one motion", which every edition states and the card
    /// quotes. A string bet facing nothing is no raise: not cited.
    #[test]
    fn a_string_raise_cites_the_one_motion_of_raising() {
        let one_motion = c::METHODS_OF_RAISING.stating(ONE_MOTION);
        for edition in crate::incidents::EDITIONS {
            let d = rule(edition, string(false, 1000, 2000));
            assert!(d.cites.contains(&one_motion), "{edition}");
            let d = rule(edition, string(true, 1000, 2000));
            assert!(!d.cites.contains(&one_motion), "{edition}");
            let facing_none = facing(0, false, 600, 600);
            let d = rule(edition, facing_none);
            assert!(!d.cites.contains(&one_motion), "{edition}");
        }
    }

    // pokerpunt-nl rule 56: dealers call string bets; only the first motion counts.
    #[test]
    fn pokerpunt_nl_r56_only_the_first_motion_counts() {
        let d = rule("pokerpunt-nl", string(false, 1000, 2000));
        assert_eq!(d.outcome, PrematureOutcome::StringBet);
        assert_eq!(d.cites[0], c::STRING_BETS);
        assert_eq!(
            d.named_amounts(),
            [("total".to_string(), 1000), ("returned".to_string(), 2000)]
        );
        assert_eq!(d.data()["counts_as"], "call");
    }

    #[test]
    fn raise_said_first_binds_at_least_the_minimum() {
        let d = rule("dpc-2019-en", string(true, 1000, 2000));
        assert_eq!(d.data()["counts_as"], "raise");
        assert!(d.amounts.total.is_some_and(|t| t >= 2000));
    }

    // What the card says of the second motion follows what counted: it
    // counts only under tda-2015-de 42-C ("raise", the exact call, then the
    // raise in one motion); what is left is returned or added, not both.
    // "Raise" said facing no bet is read by 55-B, cited.
    #[test]
    fn the_remedy_says_what_counted_and_what_is_left() {
        for (edition, said, first, second, variant) in [
            ("pokerpunt-nl", false, 1000, 2000, None),
            ("dpc-2019-en", true, 1000, 200, Some("void-owed")),
            ("tda-2015-de", true, 1000, 1500, Some("counted")),
            ("tda-2015-de", true, 1000, 500, Some("counted-owed")),
            ("tda-2015-de", true, 1200, 500, Some("void-owed")),
        ] {
            let d = rule(edition, string(said, first, second));
            assert_eq!(
                d.remedy_variant, variant,
                "{edition} {said} {first} {second}"
            );
        }
        let no_bet = facing(0, true, 400, 300);
        // Counted, the raising rule decides and is cited first.
        let d = rule("tda-2015-de", string(true, 1000, 1500));
        assert_eq!(d.cites[0], c::METHODS_OF_RAISING);
        assert!(!d.cites.contains(&c::STRING_BETS.into()), "{:?}", d.cites);
        let d = rule("dpc-2019-en", no_bet);
        assert!(
            d.cites.iter().any(|c| c.concept == c::INVALID_DECLARATIONS),
            "{:?}",
            d.cites
        );
    }

    /// A string bet is a bet: told the same facts, `premature-action` and
    /// `bet` ("raise" said or nothing, the first motion pushed, the second
    /// added) rule the same total, owed and outcome in every game and
    /// edition, or both refuse; what `premature-action` returns more is the
    /// second motion, when nothing was said.
    #[test]
    fn a_string_bet_is_ruled_as_the_same_bet() {
        use super::super::bet::{self, Bet};
        use crate::poker::Street;
        use proptest::prelude::*;
        let games = prop_oneof![
            Just((Game::NoLimit, None)),
            Just((Game::PotLimit, None)),
            Just((Game::Limit, Some(Street::Flop))),
            Just((Game::Limit, Some(Street::River))),
        ];
        let mut runner =
            proptest::test_runner::TestRunner::new(proptest::test_runner::Config::with_cases(64));
        runner
            .run(
                &(
                    games,
                    0..5u64,
                    1..4u64,
                    any::<bool>(),
                    0..12u64,
                    0..12u64,
                    0..20u64,
                ),
                |((game, street), facing, bb, said, first, second, pot)| {
                    let bb = bb * 100;
                    let facing = facing * bb;
                    let (first, second) = (first * 100, second * 100);
                    let pot = (game == Game::PotLimit).then_some(pot * 100 + facing);
                    let told = Told {
                        game: Some(game),
                        street,
                        big_blind: Some(bb),
                        facing: Some(facing),
                        ..Told::default()
                    };
                    for edition in crate::incidents::EDITIONS {
                        let mut f = what(What::StringBet);
                        f.answers.said_raise = Some(said);
                        f.answers.first_motion = Some(first);
                        f.answers.second_motion = Some(second);
                        f.answers.pot = pot;
                        f.told = told.clone();
                        let string = super::super::rule_in::<PrematureAction>(edition, f);
                        let as_bet = super::super::rule_in::<Bet>(
                            edition,
                            WithRound {
                                answers: bet::Answers {
                                    prior_chips: None,
                                    pulled_back: None,
                                    declared: if said {
                                        Declared::Raise
                                    } else {
                                        Declared::Nothing
                                    },
                                    declared_amount: None,
                                    chips: None,
                                    pushed: Some(first),
                                    second_motion: (said && second > 0).then(|| vec![second]),
                                    pot,
                                },
                                told: told.clone(),
                            },
                        );
                        match (string, as_bet) {
                            (Ok(s), Ok(b)) => {
                                let extra = if said { 0 } else { second };
                                prop_assert_eq!(
                                    s.amounts.total,
                                    Some(b.amounts.total),
                                    "{}",
                                    edition
                                );
                                prop_assert_eq!(
                                    s.amounts.returned.unwrap_or(0),
                                    b.amounts.returned.unwrap_or(0) + extra,
                                    "{}",
                                    edition
                                );
                                prop_assert_eq!(s.amounts.owed, b.amounts.owed, "{}", edition);
                                prop_assert_eq!(s.extra.counts_as, Some(b.outcome), "{}", edition);
                            }
                            (Err(_), Err(_)) => {}
                            (s, b) => prop_assert!(
                                false,
                                "{edition}: premature-action {:?}, bet {:?}",
                                s.map(|d| d.outcome),
                                b.map(|d| d.outcome)
                            ),
                        }
                    }
                    Ok(())
                },
            )
            .expect("the same facts, the same bet");
    }
}
