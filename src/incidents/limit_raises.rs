//! The number of raises in limit (incident `limit-raises`): may the player
//! still raise, or are the raises of the round capped; what the bet, the
//! call and the raise are on this street.
//!
//! The rule (TDA 2019 and 2015 rule 48, ONK rule 48, Pokerpunt rule 52): no
//! cap in no-limit and pot-limit; in limit the house caps the raises of a
//! round. No rulebook gives the number, so it is the house's
//! (`limit_raise_cap`, a bet and three raises where the house sets none).
//! When the cap stops holding is worded two ways (`limit_cap_lifted`):
//! "even when heads-up until the event is down to 2 players" (DPC, TDA
//! 2015, and TDA 2019, whose Slovak edition lacks the rule), or "totdat er
//! twee spelers zijn overgebleven (heads-up)" (ONK 48, Pokerpunt 52), which
//! may mean the hand or the event: read as the event, as the English and
//! German texts of the same TDA rule say, and the card says the Dutch
//! wording is ambiguous.
//!
//! The raises are counted by the one betting round of
//! [`crate::poker::Round`]: what re-opens the betting counts (a full bet or
//! raise, or an all-in of at least the edition's share of a bet).

use serde::Deserialize;

use super::situation::{self, Needs, WithRound};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{Chips, Game, RaiseCap, Round};
use crate::rules::concepts::{self as c};

/// The `limit-raises` incident.
pub struct LimitRaises;

pub use crate::rules::vocab::CapLifted;

/// Heads-up, as the floor sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeadsUp {
    /// Three or more players are in the hand.
    No,
    /// Only two players are left in this hand.
    Hand,
    /// The event is down to two players.
    Event,
}

/// The answers of `limit-raises` of its own; the round is told by the
/// keys every betting incident shares ([`Told`](super::situation::Told)).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// Heads-up in the hand or in the event.
    pub heads_up: Option<HeadsUp>,
}

crate::outcomes! {
    /// The outcome ids of `limit-raises`.
    #[derive(serde::Deserialize)]
    pub enum LimitOutcome {
        /// No bet yet: he may check or bet.
        MayBet => [NUMBER_OF_RAISES],
        /// He may fold, call or raise: the cap is not reached (and a short
        /// all-in since he acted re-opened the betting for him).
        MayRaise => [NUMBER_OF_RAISES, REOPENING_BETTING],
        /// The raises are capped: he may only call or fold.
        Capped => [NUMBER_OF_RAISES],
        /// No cap: no-limit or pot-limit, or heads-up as the edition lifts it.
        NoCap => [NUMBER_OF_RAISES],
        /// Betting is not re-opened for him (only a short all-in since he
        /// acted): he may only call or fold.
        Closed => [REOPENING_BETTING],
    }
}

/// The cap that holds, as the edition and the house set it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cap {
    /// The cap; `None`: lifted heads-up.
    pub cap: Option<RaiseCap>,
    /// Why it is lifted or holds heads-up, for the card.
    pub note: Option<Notes>,
}

/// The cap on raises in a limit round with `heads_up` (the house's number
/// and the edition's wording of when it stops; both read only when they
/// matter, so the card names a practice only when it was used).
pub(crate) fn cap(heads_up: HeadsUp, cx: &mut Cx<'_>) -> Cap {
    let (lifted, note) = match heads_up {
        HeadsUp::No => (false, None),
        HeadsUp::Event => (true, Some(Notes::CapLiftedEvent)),
        HeadsUp::Hand => {
            let worded = cx.params.limit_cap_lifted();
            let note = match worded {
                CapLifted::PotHeadsUp => Notes::CapLiftedHand,
                CapLifted::EventHeadsUp => Notes::CapHoldsHand,
                CapLifted::TwoRemain => Notes::CapHoldsHandAmbiguous,
            };
            (worded.as_ruled() == CapLifted::PotHeadsUp, Some(note))
        }
    };
    let cap = (!lifted).then(|| RaiseCap {
        raises: cx.params.limit_raise_cap().get(),
        lifted_two_left: false,
    });
    Cap { cap, note }
}

/// The error for "heads-up in this hand" when the actions show more
/// players still in it.
pub(crate) fn check_heads_up(heads_up: HeadsUp, round: &Round) -> Result<(), Error> {
    if heads_up == HeadsUp::Hand && round.live() > 2 {
        return Err(Error::input(
            "heads_up",
            Message::new(Msg::HeadsUpButMore).arg("players", round.live()),
        ));
    }
    Ok(())
}

/// The note counting the raises against the cap.
pub(crate) fn count_note(round: &Round, cap: u32) -> Notes {
    Notes::RaiseCount {
        raises: round.raises(),
        cap,
    }
}

crate::notes! {
    /// The notes of `limit-raises` (`reopening` carries those of the cap too).
    pub enum Notes {
        /// No cap in this game.
        NoCapGame = "no_cap_game",
        /// The total to call less his chips in front.
        Adds(situation::Adds) = "bet_adds",
        /// No player named: the options of any player still to act.
        AnyPlayerToAct = "any_player_to_act",
        /// The raises counted against the cap.
        RaiseCount { raises: u32, cap: u32 } = "raise_count",
        /// Short all-ins taken to add up to a raise.
        LimitAllInsAdded(crate::poker::AddedUp) = "limit_all_ins_added",
        /// The event is heads-up: no cap.
        CapLiftedEvent = "cap_lifted_event",
        /// Two players left in the hand: the edition lifts the cap.
        CapLiftedHand = "cap_lifted_hand",
        /// Two players left in the hand: the cap holds until the event is
        /// heads-up.
        CapHoldsHand = "cap_holds_hand",
        /// Heads-up in the hand under the Dutch "until two players remain":
        /// read as the event, the ambiguity said.
        CapHoldsHandAmbiguous = "cap_holds_hand_ambiguous",
    }
}

/// The amounts of `limit-raises`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// A bet of this street (limit only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bet_size: Option<Chips>,
    /// Facing a bet: the total to call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_call: Option<Chips>,
    /// Facing a bet and free to raise: the total of a raise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raise_to: Option<Chips>,
    /// Under a cap: raises left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raises_left: Option<Chips>,
}

/// What the JSON of `limit-raises` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Limit: the raises of the round, as the cap counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raises: Option<u32>,
    /// The player, when named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

impl Incident for LimitRaises {
    const ID: &'static str = "limit-raises";
    type Answers = WithRound<Answers>;
    type Outcome = LimitOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;

    fn rule(given: WithRound<Answers>, cx: &mut Cx<'_>) -> Result<Decision<LimitRaises>, Error> {
        let WithRound { answers: a, told } = given;
        if told.game != Some(Game::Limit) {
            let mut d =
                Decision::<LimitRaises>::new(LimitOutcome::NoCap, vec![c::NUMBER_OF_RAISES]);
            d.notes.push(Notes::NoCapGame);
            return Ok(d);
        }
        if told.street.is_none() {
            return Err(super::answer_needed("street"));
        }
        let heads_up = a.heads_up.ok_or_else(|| super::answer_needed("heads_up"))?;
        let actions = told.actions.as_deref().unwrap_or_default();
        let Cap { cap, note } = cap(heads_up, cx);
        let needs = Needs {
            raise_cap: cap,
            ..Needs::default()
        };
        let round = situation::round_played(&told, actions, needs, cx)?;
        check_heads_up(heads_up, &round)?;
        // The cap counts the same for every player: only a short all-in can
        // close the betting for one player and not another, and then whose
        // options they are is asked. Unnamed, the options are those of any
        // player still to act, and nobody is picked.
        let has_all_in = round
            .seating()
            .iter()
            .any(|p| round.standing(p).is_some_and(|s| s.all_in));
        let player = match told.player.as_deref().map(str::trim) {
            Some(p) => Some(p.to_string()),
            None if has_all_in => {
                return Err(Error::input(
                    "player",
                    Message::new(Msg::PlayerNeeded).arg("known", round.seating().join(", ")),
                ));
            }
            None => None,
        };
        let spot = round
            .spot(player.as_deref().unwrap_or_default())
            .map_err(|m| Error::input("player", m))?;
        // The share that re-opens is read (and noted) only where it decides
        // his options, as in every incident that tells them.
        let share_decides = match player.as_deref() {
            Some(p) => situation::reopen_share_read(&round, p, cx)?,
            None => false,
        };
        let bet_size = round
            .setup()
            .unit()
            .map_err(|m| Error::input("big_blind", m))?;
        let outcome = if spot.capped {
            LimitOutcome::Capped
        } else if !spot.may_raise {
            LimitOutcome::Closed
        } else if cap.is_none() {
            LimitOutcome::NoCap
        } else if spot.facing == 0 {
            LimitOutcome::MayBet
        } else {
            LimitOutcome::MayRaise
        };
        let concepts = match outcome {
            LimitOutcome::Closed => vec![c::REOPENING_BETTING],
            // A short all-in since he acted, enough to re-open (TDA 47-B):
            // that rule decides he may raise, the cap only how often.
            LimitOutcome::MayRaise if share_decides => {
                vec![c::REOPENING_BETTING, c::NUMBER_OF_RAISES]
            }
            _ => vec![c::NUMBER_OF_RAISES],
        };
        let mut d = Decision::<LimitRaises>::new(outcome, concepts);
        d.game = Some(round.setup().game);
        if let Some(added) = round.limit_short_all_ins_added() {
            d.notes.push(Notes::LimitAllInsAdded(added.clone()));
        }
        d.amounts.bet_size = Some(bet_size);
        if spot.facing > 0 {
            d.amounts.to_call = Some(spot.to_call());
            d.notes
                .extend(situation::Adds::of(spot.to_call(), spot.in_front).map(Notes::Adds));
        }
        if spot.may_raise && spot.facing > 0 {
            let raise_to = spot
                .min_raise_to()
                .map_err(|m| Error::input("actions", m))?;
            d.amounts.raise_to = Some(raise_to);
        }
        if let Some(c) = cap {
            let left = c.raises.saturating_sub(round.raises());
            d.amounts.raises_left = Some(Chips::from(left));
            d.notes.push(count_note(&round, c.raises));
        }
        d.extra.raises = Some(round.raises());
        if player.is_none() && !actions.is_empty() {
            d.notes.push(Notes::AnyPlayerToAct);
        }
        d.extra.player = player;
        d.notes.extend(note);
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::rule_in;
    use crate::poker::Street;

    fn ask(
        edition: &str,
        street: Street,
        actions: &str,
        heads_up: HeadsUp,
        player: Option<&str>,
    ) -> Result<Decision<LimitRaises>, Error> {
        rule_in::<LimitRaises>(
            edition,
            WithRound {
                answers: Answers {
                    heads_up: Some(heads_up),
                },
                told: crate::incidents::situation::Told {
                    game: Some(Game::Limit),
                    street: Some(street),
                    big_blind: Some(10),
                    actions: Some(crate::poker::parse_actions(actions).expect("test actions")),
                    player: player.map(str::to_string),
                    ..Default::default()
                },
            },
        )
    }

    fn amount(d: &Decision<LimitRaises>, name: &str) -> Option<Chips> {
        d.named_amounts()
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    fn key(r: Result<Decision<LimitRaises>, Error>) -> &'static str {
        match r {
            Err(e) => e.input_key().expect("an input at fault"),
            Ok(d) => panic!("expected a refusal, got {:?}", d.outcome),
        }
    }

    const CAPPED: &str = "A:raise:20,B:raise:30,C:raise:40";

    #[test]
    fn a_bet_and_three_raises_caps_the_round_where_the_house_sets_nothing() {
        for edition in ["onk-2023-nl", "dpc-2019-en", "tda-2019-sk"] {
            let d = ask(edition, Street::Preflop, CAPPED, HeadsUp::No, None).unwrap();
            assert_eq!(d.outcome, LimitOutcome::Capped, "{edition}");
            assert_eq!(amount(&d, "to_call"), Some(40));
            assert_eq!(amount(&d, "raises_left"), Some(0));
            assert_eq!(amount(&d, "raise_to"), None);
            let d = ask(
                edition,
                Street::Preflop,
                "A:raise:20,B:raise:30",
                HeadsUp::No,
                None,
            )
            .unwrap();
            assert_eq!(d.outcome, LimitOutcome::MayRaise);
            assert_eq!(
                (amount(&d, "raise_to"), amount(&d, "raises_left")),
                (Some(40), Some(1))
            );
        }
    }

    #[test]
    fn the_turn_and_river_use_the_big_bet() {
        let d = ask(
            "dpc-2019-en",
            Street::Turn,
            "A:bet:20,B:raise:40",
            HeadsUp::No,
            None,
        )
        .unwrap();
        assert_eq!(d.outcome, LimitOutcome::MayRaise);
        assert_eq!(amount(&d, "bet_size"), Some(20));
        assert_eq!(amount(&d, "to_call"), Some(40));
        assert_eq!(amount(&d, "raise_to"), Some(60));
        assert_eq!(amount(&d, "raises_left"), Some(2));
        let d = ask("dpc-2019-en", Street::River, "", HeadsUp::No, None).unwrap();
        assert_eq!(d.outcome, LimitOutcome::MayBet);
        assert_eq!(
            (amount(&d, "bet_size"), amount(&d, "raises_left")),
            (Some(20), Some(3))
        );
    }

    // onk-2023-nl 48 / pokerpunt-nl 52: "totdat er twee spelers zijn
    // overgebleven (heads-up)", read as the event (the card says the wording
    // is ambiguous); dpc-2019-en 48 and tda-2015-de 48: "even when heads-up
    // until the event is down to 2 players".
    #[test]
    fn heads_up_in_the_hand_keeps_the_cap_until_the_event_is_heads_up() {
        for (edition, lifted) in [
            ("onk-2023-nl", false),
            ("pokerpunt-nl", false),
            ("dpc-2019-en", false),
            ("tda-2015-de", false),
            ("tda-2019-sk", false),
        ] {
            let d = ask(
                edition,
                Street::Flop,
                "A:bet:10,B:raise:20,A:raise:30,B:raise:40",
                HeadsUp::Hand,
                Some("A"),
            )
            .unwrap();
            let expected = if lifted {
                LimitOutcome::NoCap
            } else {
                LimitOutcome::Capped
            };
            assert_eq!(d.outcome, expected, "{edition}");
            let ambiguous = d.notes.contains(&Notes::CapHoldsHandAmbiguous);
            assert_eq!(ambiguous, edition.ends_with("-nl"), "{edition}");
            // The event down to two lifts it everywhere.
            let d = ask(
                edition,
                Street::Flop,
                "A:bet:10,B:raise:20,A:raise:30,B:raise:40",
                HeadsUp::Event,
                Some("A"),
            )
            .unwrap();
            assert_eq!(d.outcome, LimitOutcome::NoCap, "{edition}");
            assert_eq!(amount(&d, "raise_to"), Some(50));
        }
    }

    #[test]
    fn a_short_all_in_needs_the_player_and_may_close_the_betting_for_him() {
        let actions = "A:bet:10,B:all-in:14";
        assert_eq!(
            key(ask("dpc-2019-en", Street::Flop, actions, HeadsUp::No, None)),
            "player"
        );
        let a = ask("dpc-2019-en", Street::Flop, actions, HeadsUp::No, Some("A")).unwrap();
        assert_eq!(a.outcome, LimitOutcome::Closed);
        assert_eq!(amount(&a, "to_call"), Some(14));
        // A player yet to act completes the raise to 20.
        let c = ask("dpc-2019-en", Street::Flop, actions, HeadsUp::No, Some("C")).unwrap();
        assert_eq!(c.outcome, LimitOutcome::MayRaise);
        assert_eq!(amount(&c, "raise_to"), Some(20));
        assert_eq!(amount(&c, "raises_left"), Some(3));
    }

    #[test]
    fn inconsistent_answers_name_the_key() {
        // Three players are still in the hand pre-flop after one raise.
        assert_eq!(
            key(ask(
                "onk-2023-nl",
                Street::Preflop,
                "A:raise:20",
                HeadsUp::Hand,
                None
            )),
            "heads_up"
        );
        assert_eq!(
            key(ask(
                "onk-2023-nl",
                Street::Preflop,
                &format!("{CAPPED},D:raise:50"),
                HeadsUp::No,
                None
            )),
            "actions"
        );
        assert_eq!(
            key(ask(
                "onk-2023-nl",
                Street::Flop,
                "A:bet:10,B:call",
                HeadsUp::No,
                Some("B")
            )),
            "player"
        );
    }

    #[test]
    fn no_limit_has_no_cap() {
        let d = rule_in::<LimitRaises>(
            "dpc-2019-en",
            WithRound {
                answers: Answers { heads_up: None },
                told: crate::incidents::situation::Told {
                    game: Some(Game::NoLimit),
                    ..Default::default()
                },
            },
        )
        .unwrap();
        assert_eq!(d.outcome, LimitOutcome::NoCap);
        assert!(d.named_amounts().is_empty());
    }
}
