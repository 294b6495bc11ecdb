//! Two or more undercalls in a row (incident `undercall-sequence`): play
//! backs up to the first undercaller, who is ruled as for one undercall;
//! the TD decides how to treat the later ones.
//!
//! Owns the decision of TDA 2019 rule 51-C (ONK 51-C, Pokerpunt 42-C); the
//! German TDA 2015 rule 39 has no such part, so TDA practice applies there
//! and the card says so (parameter `undercall_sequence`). The first
//! undercaller is ruled by [`super::undercall::undercall`] (51-B), with the
//! edition's pre-flop opener.

use serde::Deserialize;

use super::sequence::{Irregular, apply, spot_at};
use super::situation::{Needs, WithRound, round_before};
use super::undercall::{FoldChips, UndercallInput, UndercallOutcome, undercall};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{Action, ActionKind, Chips, Game, PreflopOpener, Round, Street};
use crate::rules::concepts::{self as c};

/// The `undercall-sequence` incident.
pub struct UndercallSequence;

/// The answers of `undercall-sequence` of its own: none. The round is
/// told by the keys every betting incident shares
/// ([`Told`](super::situation::Told)), its actions as played: the
/// undercalls written as calls with the total each reached (`B:call:300`
/// facing 1000).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {}

pub use crate::rules::vocab::UndercallSequenceRule;

crate::outcomes! {
    /// The outcomes of `undercall-sequence`.
    pub enum SequenceOutcome {
        /// The first undercaller must make the full call (51-B: he faced the
        /// opening bet); the later ones are the TD's.
        FullCallFirst => [BINDING_DECLARATIONS_UNDERCALLS, FLOOR_DECISIONS],
        /// The first undercaller is the TD's too (51-B: not the opening bet,
        /// or not in turn).
        Discretion => [BINDING_DECLARATIONS_UNDERCALLS, FLOOR_DECISIONS, ACTION_OUT_OF_TURN],
    }
}

impl Incident for UndercallSequence {
    const ID: &'static str = "undercall-sequence";
    type Answers = WithRound<Answers>;
    type Outcome = SequenceOutcome;
    type Amounts = super::undercall::Amounts;
    type Extra = Extra;
    type Note = Notes;
    const PROVISIONS: &'static [&'static str] = &["undercall-forfeit-fold", "undercall-in-turn"];
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &["undercall-in-turn"];

    fn rule(
        given: WithRound<Answers>,
        cx: &mut Cx<'_>,
    ) -> Result<Decision<UndercallSequence>, Error> {
        let told = given.told;
        let UndercallSequenceRule::BackToFirst = cx.params.undercall_sequence();
        let opener = if told.street.is_some_and(Street::is_preflop) {
            cx.params.undercall_preflop_opener()
        } else {
            PreflopOpener::BigBlind
        };
        let actions = told
            .actions
            .as_deref()
            .ok_or_else(|| super::answer_needed("actions"))?;
        let needs = Needs {
            game: Some(Game::NoLimit),
            ..Needs::default()
        };
        let (round, actions) = round_before(&told, actions, needs, cx)?;
        let found = undercalls(round, &actions, opener)?;
        let Some(first) = found.undercalls.first() else {
            return Err(one_undercall());
        };
        if found.undercalls.len() < 2 {
            return Err(one_undercall());
        }
        let r = undercall(&UndercallInput {
            heads_up: false,
            opening_bet: found.first_faced_opening_bet,
            facing: first.facing,
            pushed: first.total - first.in_front,
            in_front: first.in_front,
            // 51-B "if made in turn", as `undercall` reads it: the actions
            // show who was to act.
            in_turn: found.first_out_of_turn.is_none(),
        })?;
        let outcome = match r.outcome {
            UndercallOutcome::FullCall => SequenceOutcome::FullCallFirst,
            UndercallOutcome::Discretion => SequenceOutcome::Discretion,
        };
        let mut cites = vec![
            c::BINDING_DECLARATIONS_UNDERCALLS.part("C"),
            c::FLOOR_DECISIONS.into(),
        ];
        if found.first_out_of_turn.is_some() {
            cites.push(c::ACTION_OUT_OF_TURN.into());
        }
        let mut d = Decision::<UndercallSequence>::new(outcome, cites);
        if let Some(next) = &found.first_out_of_turn {
            d.notes.push(Notes::OutOfTurnShown { next: next.clone() });
            // pokerpunt-nl and tda-2019-sk do not name the turn: their
            // silence is read as TDA practice, and said.
            d.notes
                .push(if cx.stated_or_practice("undercall-in-turn")?.is_none() {
                    Notes::InTurnAsPractice
                } else {
                    Notes::OutOfTurn
                });
        }
        // An undercaller let fold keeps or forfeits his chips as for one
        // undercall: the first where the TD decides, every later one.
        let later_ones = found.undercalls.len() > 1;
        let fold = match (r.outcome, later_ones) {
            (UndercallOutcome::FullCall, false) => None,
            _ => Some(FoldChips::of(cx)?),
        };
        let chips = match r.outcome {
            UndercallOutcome::Discretion => fold,
            UndercallOutcome::FullCall => None,
        };
        d.amounts = super::undercall::Amounts {
            total: r.total,
            to_add: r.to_add,
            forfeit: r.forfeit.zip(chips).map(|(pushed, c)| c.forfeit(pushed)),
        };
        d.remedy_variant = match (fold.and_then(FoldChips::variant), &found.first_out_of_turn) {
            (None, Some(_)) => Some("out-of-turn"),
            (Some(_), Some(_)) => Some("out-of-turn-withdraw"),
            (variant, None) => variant,
        };
        if fold == Some(FoldChips::AsPractice) {
            d.notes.push(Notes::ForfeitAsPractice);
        }
        d.discretion = Some(true);
        d.notes.push(Notes::UndercallFirst {
            player: first.player.clone(),
            pushed: first.total - first.in_front,
        });
        let mut later = Vec::new();
        for u in found.undercalls.iter().skip(1) {
            let to_add = u.facing - u.total;
            let (player, pushed, total) = (u.player.clone(), u.total - u.in_front, u.facing);
            d.notes.push(match fold {
                Some(FoldChips::TakenBack) => Notes::UndercallLaterWithdraw {
                    player,
                    pushed,
                    total,
                    to_add,
                },
                _ => Notes::UndercallLater {
                    player,
                    pushed,
                    total,
                    to_add,
                },
            });
            later.push(Later {
                player: u.player.clone(),
                pushed: u.total - u.in_front,
                total: u.facing,
                to_add,
            });
        }
        d.extra = Extra {
            first: first.player.clone(),
            opening_bet: found.first_faced_opening_bet,
            later,
        };
        Ok(d)
    }
}

/// What the JSON of `undercall-sequence` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The first undercaller.
    pub first: String,
    /// He faced the round's opening bet.
    pub opening_bet: bool,
    /// The later undercallers, the TD's.
    pub later: Vec<Later>,
}

/// A later undercaller.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Later {
    /// Who.
    pub player: String,
    /// The chips he put out.
    pub pushed: Chips,
    /// The full call.
    pub total: Chips,
    /// What a full call adds.
    pub to_add: Chips,
}

crate::notes! {
    /// The notes of `undercall-sequence`.
    pub enum Notes {
        /// The first undercaller.
        UndercallFirst { player: String, pushed: Chips } = "undercall_first",
        /// A later undercaller.
        UndercallLater { player: String, pushed: Chips, total: Chips, to_add: Chips } = "undercall_later",
        /// A later undercaller, where one let fold takes his chips back.
        UndercallLaterWithdraw { player: String, pushed: Chips, total: Chips, to_add: Chips } = "undercall_later_withdraw",
        /// The edition says nothing of the chips the first undercaller put
        /// out when he is let fold: the forfeit is the TDA practice.
        ForfeitAsPractice = "undercall_forfeit_practice",
        /// The first undercall was out of turn: the full call is mandatory
        /// only in turn.
        OutOfTurn = "undercall_out_of_turn",
        /// The actions show `next` was to act before the first undercaller.
        OutOfTurnShown { next: String } = "undercall_out_of_turn_shown",
        /// The edition does not name the turn: TDA practice.
        InTurnAsPractice = "undercall_in_turn_practice",
    }
}

fn one_undercall() -> Error {
    Error::input("actions", Message::new(Msg::SequenceOneUndercall))
}

/// The undercalls of a round, in order, and whether the first faced the
/// round's opening bet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undercalls {
    /// Each undercall: a call that reached less than the bet faced.
    pub undercalls: Vec<Irregular>,
    /// The first undercaller faced the opening bet (TDA 51-B).
    pub first_faced_opening_bet: bool,
    /// The player who was to act before the first undercaller, where the
    /// first undercall was out of turn.
    pub first_out_of_turn: Option<String>,
}

/// Finds the undercalls in a round told as played: a `call` written with a
/// total below the bet faced. They are not applied to the round (their
/// chips do not change the bet); every other action is.
///
/// ```
/// use floor::incidents::undercall_sequence::undercalls;
/// use floor::poker::{Game, PreflopOpener, Round, Setup, Street, parse_actions};
///
/// let round = Round::new(Setup::new(Game::NoLimit, Street::Flop, 100)).unwrap();
/// let actions = parse_actions("A:bet:1000,B:call:300,C:call:500").unwrap();
/// let found = undercalls(round, &actions, PreflopOpener::BigBlind).unwrap();
/// assert_eq!(found.undercalls.len(), 2);
/// assert!(found.first_faced_opening_bet);
/// ```
pub fn undercalls(
    mut round: Round,
    actions: &[Action],
    opener: PreflopOpener,
) -> Result<Undercalls, Error> {
    let mut found = Undercalls {
        undercalls: Vec::new(),
        first_faced_opening_bet: false,
        first_out_of_turn: None,
    };
    for (i, action) in actions.iter().enumerate() {
        let n = i + 1;
        if action.kind == ActionKind::Call
            && let Some(total) = action.total
        {
            let (player, spot) = spot_at(&round, n, action)?;
            if total < spot.facing {
                if total <= spot.in_front {
                    return Err(Error::input(
                        "actions",
                        Message::new(Msg::ActionAt)
                            .arg("n", n)
                            .arg("player", &player)
                            .nested("problem", Message::new(Msg::UndercallNoChips)),
                    ));
                }
                if found.undercalls.is_empty() {
                    found.first_faced_opening_bet = round.facing_opening_bet(opener);
                    found.first_out_of_turn = round.to_act_before(&player).map(str::to_string);
                }
                found.undercalls.push(Irregular {
                    player,
                    total,
                    facing: spot.facing,
                    in_front: spot.in_front,
                    number: n,
                });
                continue;
            }
        }
        apply(&mut round, n, action)?;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(street: Street, actions: &str) -> WithRound<Answers> {
        WithRound {
            answers: Answers {},
            told: crate::incidents::situation::Told {
                actions: Some(crate::poker::parse_actions(actions).expect("test actions")),
                street: Some(street),
                small_blind: Some(50),
                big_blind: Some(100),
                ..Default::default()
            },
        }
    }

    fn rule(edition: &str, street: Street, actions: &str) -> Decision<UndercallSequence> {
        super::super::rule_in::<UndercallSequence>(edition, answers(street, actions)).unwrap()
    }

    fn amounts(d: &Decision<UndercallSequence>) -> Vec<(String, Chips)> {
        d.named_amounts().into_iter().collect()
    }

    /// The first undercaller is ruled as `undercall` rules the same facts,
    /// the round as played before his undercall: pre-flop the blinds both
    /// undercall A's raise to 300, the big blind first while the small
    /// blind is still to act (out of turn), or the small blind first (in
    /// turn). 51-B makes the full call mandatory only in turn (dpc, de, onk
    /// say so; pokerpunt and sk are read as the practice, and said): out of
    /// turn the TD decides under every edition.
    #[test]
    fn the_first_undercaller_is_ruled_as_the_undercall_itself() {
        use super::super::undercall::{self, Undercall};
        for (first, actions, out_of_turn) in [
            ("BB", "A:raise:300,BB:call:200,SB:call:150", true),
            ("SB", "A:raise:300,SB:call:150,BB:call:200", false),
        ] {
            for edition in crate::incidents::EDITIONS {
                let d = rule(edition, Street::Preflop, actions);
                let mut told = answers(Street::Preflop, "A:raise:300").told;
                told.player = Some(first.into());
                let alone = super::super::rule_in::<Undercall>(
                    edition,
                    WithRound {
                        answers: undercall::Answers {
                            heads_up: false,
                            opening_bet: None,
                            bet_faced: None,
                            pushed: 100,
                            in_turn: None,
                        },
                        told,
                    },
                )
                .unwrap();
                let same = match alone.outcome {
                    UndercallOutcome::FullCall => SequenceOutcome::FullCallFirst,
                    UndercallOutcome::Discretion => SequenceOutcome::Discretion,
                };
                assert_eq!(d.outcome, same, "{edition} {first}");
                let shown = d
                    .notes
                    .iter()
                    .any(|n| matches!(n, Notes::OutOfTurnShown { .. }));
                assert_eq!(shown, out_of_turn, "{edition} {first}");
                if out_of_turn {
                    assert_eq!(d.outcome, SequenceOutcome::Discretion, "{edition}");
                }
            }
        }
    }

    // dpc-2019-en rule 51-C: "play backs up to the first undercaller who must correct his or
    // her bet. The TD will determine how to treat hands of the remaining bettors".
    #[test]
    fn dpc_2019_en_r51_c_first_undercaller_facing_the_opening_bet_calls_in_full() {
        let d = rule(
            "dpc-2019-en",
            Street::Flop,
            "A:bet:1000,B:call:300,C:call:500",
        );
        assert_eq!(d.outcome, SequenceOutcome::FullCallFirst);
        assert_eq!(
            amounts(&d),
            [("total".to_string(), 1000), ("to_add".to_string(), 700)]
        );
        assert_eq!(d.discretion, Some(true));
        assert_eq!(d.data()["first"], "B");
        assert_eq!(d.data()["later"][0]["player"], "C");
        assert_eq!(d.data()["later"][0]["to_add"], 500);
    }

    // onk-2023-nl rule 51-C, with 51-B: facing a raise (not the opening bet) the first
    // undercaller is the TD's too.
    #[test]
    fn onk_2023_nl_r51_c_facing_a_raise_every_undercaller_is_the_tds() {
        let d = rule(
            "onk-2023-nl",
            Street::Flop,
            "A:bet:400,B:raise:1200,C:call:400,D:call:800",
        );
        assert_eq!(d.outcome, SequenceOutcome::Discretion);
        assert_eq!(
            amounts(&d),
            [
                ("total".to_string(), 1200),
                ("to_add".to_string(), 800),
                ("forfeit".to_string(), 400)
            ]
        );
    }

    // tda-2019-sk rule 51-B: pre-flop the first raise is the opener, so undercalls facing it
    // start with a mandatory full call; in dpc-2019-en the big blind is the opener.
    #[test]
    fn tda_2019_sk_r51_preflop_opener_decides_the_first_undercaller() {
        let actions = "A:raise:300,B:call:100,C:call:200";
        assert_eq!(
            rule("tda-2019-sk", Street::Preflop, actions).outcome,
            SequenceOutcome::FullCallFirst
        );
        assert_eq!(
            rule("dpc-2019-en", Street::Preflop, actions).outcome,
            SequenceOutcome::Discretion
        );
    }

    #[test]
    fn one_undercall_or_bad_sequences_name_the_actions() {
        for actions in [
            "A:bet:1000,B:call:300",
            "A:bet:1000,B:call",
            "A:bet:1000,B:call:0,C:call:300",
            "A:bet:1000,B:raise:1100,C:call:300",
            "",
        ] {
            let err = super::super::rule_in::<UndercallSequence>(
                "dpc-2019-en",
                answers(Street::Flop, actions),
            )
            .expect_err(actions);
            assert_eq!(err.input_key(), Some("actions"), "{actions}");
        }
    }

    // tda-2015-de 39-B lets an undercaller the TD lets fold take the
    // incomplete call back ("den unvollständigen Call zurücknehmen"): the
    // later undercallers are told the same as the first, never a forfeit;
    // dpc-2019-en 51-B forfeits, for them all.
    #[test]
    fn later_undercallers_keep_or_forfeit_their_chips_as_the_first_does() {
        let actions = "A:bet:1000,B:raise:3000,C:call:1000,D:call:2000";
        for (edition, withdraw) in [("tda-2015-de", true), ("dpc-2019-en", false)] {
            let d = rule(edition, Street::Flop, actions);
            assert_eq!(
                d.remedy_variant,
                withdraw.then_some("withdraw"),
                "{edition}"
            );
            let later_withdraw = d
                .notes
                .iter()
                .any(|n| matches!(n, Notes::UndercallLaterWithdraw { .. }));
            let later_forfeit = d
                .notes
                .iter()
                .any(|n| matches!(n, Notes::UndercallLater { .. }));
            assert_eq!(
                (later_withdraw, later_forfeit),
                (withdraw, !withdraw),
                "{edition}"
            );
        }
    }
}
