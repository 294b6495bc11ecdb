//! Re-opening the bet (incident `reopening`): whether a player may still
//! raise after short all-ins, and the minimum raise if he may.
//!
//! The rule (TDA 2019 rule 47, TDA 2015 rule 44, Pokerpunt rule 48, ONK
//! rule 47) lives in the one betting round of [`crate::poker::Round`]; this
//! module asks it about one player and states the ruling. In limit a round
//! whose raises are capped (TDA 48) is closed to every player: he may call
//! or fold, and the card says it is the cap.

use serde::Deserialize;

use super::limit_raises::{self, HeadsUp};
use super::situation::{self, HouseRaise, Needs, WithRound};
use crate::engine::notes::{NoteArgs, NoteText};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::poker::{Action, Chips, Game, RaiseCap, Round, Setup, Street, spot::ChipsAllow};
use crate::rules::concepts::{self as c, ConceptId};

pub use crate::poker::parse_actions;

/// Several short all-ins that together make a full raise re-open the
/// betting (TDA 2019 47).
const REOPEN_CUMULATIVE: &str = "reopen-cumulative";

/// The `reopening` incident.
pub struct Reopening;

/// The answers of `reopening` of its own (SPEC section 5); the round is
/// told by the keys every betting incident shares
/// ([`Told`](super::situation::Told)): always by its actions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// In limit, heads-up in the hand or the event: asked only when the
    /// raises reach the cap.
    pub heads_up: Option<HeadsUp>,
}

impl Incident for Reopening {
    const ID: &'static str = "reopening";
    type Answers = WithRound<Answers>;
    type Outcome = ReopenOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;
    const QUOTES: &'static [&'static str] = &[REOPEN_CUMULATIVE];

    fn rule(given: WithRound<Answers>, cx: &mut Cx<'_>) -> Result<Decision<Reopening>, Error> {
        let WithRound { answers: a, told } = given;
        let actions = told
            .actions
            .as_deref()
            .ok_or_else(|| super::answer_needed("actions"))?;
        let player = told
            .player
            .as_deref()
            .ok_or_else(|| super::answer_needed("player"))?;
        let mut needs = Needs::default();
        let mut round = situation::round_played(&told, actions, needs, cx)?;
        let mut notes: Vec<Notes> = Vec::new();
        // In limit the house's cap is read once a raise was made (a cap is
        // at least one raise); heads-up is asked only once it is reached.
        if round.setup().game == Game::Limit
            && round.raises() > 0
            && round.raises() >= cx.params.limit_raise_cap().get()
        {
            let heads_up = a.heads_up.ok_or_else(|| super::answer_needed("heads_up"))?;
            limit_raises::check_heads_up(heads_up, &round)?;
            let cap = limit_raises::cap(heads_up, cx);
            if let Some(c) = cap.cap {
                notes.push(Notes::Limit(limit_raises::count_note(&round, c.raises)));
                needs.raise_cap = cap.cap;
                round = situation::round_played(&told, actions, needs, cx)?;
            }
            notes.extend(cap.note.map(Notes::Limit));
        }
        let r = options(&round, player.trim())?;
        situation::reopen_share_read(&round, player.trim(), cx)?;
        // Re-opened by short all-ins that only together make a full raise:
        // an edition whose rule does not say they add up is told so.
        let cumulative =
            r.outcome == ReopenOutcome::Reopened && round.reopened_by_short_all_ins(player.trim());
        // In limit a raise is one bet more: the raise size of TDA 43 is
        // not what decides, and not cited.
        let limit = round.setup().game == Game::Limit;
        let cites = r
            .concepts
            .into_iter()
            .filter(|concept| !(limit && *concept == c::RAISE_AMOUNTS))
            .map(|concept| match concept {
                c::REOPENING_BETTING if cumulative => concept.stating(REOPEN_CUMULATIVE),
                other => other.into(),
            });
        let mut d = Decision::<Reopening>::new(r.outcome, cites);
        d.game = Some(round.setup().game);
        if limit && r.outcome == ReopenOutcome::Reopened {
            d.remedy_variant = Some("limit");
        }
        d.notes.extend(notes);
        if let Some(added) = round.limit_short_all_ins_added() {
            d.notes
                .push(Notes::Limit(limit_raises::Notes::LimitAllInsAdded(
                    added.clone(),
                )));
        }
        // A house minimum above TDA 43 decided the minimum raise-to (in
        // limit it is not applied, and said).
        let spot = round.spot(player.trim()).ok();
        if r.min_raise_to.is_some() && spot.as_ref().is_some_and(HouseRaise::not_in_limit) {
            d.notes.push(Notes::HouseMinRaiseLimit);
        }
        if r.min_raise_to.is_some()
            && let Some(h) = spot.and_then(|spot| HouseRaise::of(&spot, cx))
        {
            h.cite(&mut d);
            d.notes.push(Notes::HouseMinRaise(h));
        }
        // Closed where TDA 43 alone would reopen it: the house minimum
        // made the raise he faces short, and decided.
        if r.outcome == ReopenOutcome::Closed
            && let Some(house) = round.setup().house
        {
            let tda = Needs {
                without_house: true,
                ..needs
            };
            // Only a comparison: a round the rule alone cannot read leaves
            // the ruling as it is.
            let reopened = situation::round_played(&told, actions, tda, cx)
                .and_then(|tda| options(&tda, player.trim()))
                .is_ok_and(|o| o.outcome == ReopenOutcome::Reopened);
            if reopened {
                let raise = crate::rules::concepts::RAISE_AMOUNTS;
                if !d.cites.iter().any(|c| c.concept == raise) {
                    d.cites.push(raise.into());
                }
                d.changed_by = cx.concept_stating("min_raise_multiple").map(str::to_string);
                d.notes.push(Notes::HouseClosed {
                    multiple: house.multiple,
                });
            }
        }
        if r.capped {
            d.notes.insert(0, Notes::ReopenCapped);
        }
        // The total to call counts his chips in front: what he adds.
        if let Some(adds) = spot.and_then(|s| situation::Adds::of(r.to_call, s.in_front)) {
            d.notes.push(Notes::Adds(adds));
        }
        if r.min_raise_to.is_some()
            && let Some(short) = spot.as_ref().and_then(situation::RaiseAllInOnly::of)
        {
            d.notes.push(Notes::RaiseAllInOnly(short));
        }
        d.amounts = Amounts {
            to_call: r.to_call,
            min_raise_to: r.min_raise_to,
        };
        d.extra = Extra {
            capped: r.capped.then_some(true),
            raised_since_acted: r.raised_since_acted,
            full_raise: r.min_raise,
        };
        Ok(d)
    }
}

/// The amounts of `reopening`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The total to call.
    pub to_call: Chips,
    /// Re-opened: the least total of a raise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_raise_to: Option<Chips>,
}

/// What the JSON of `reopening` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// In limit, the raises are capped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capped: Option<bool>,
    /// How much the bet grew since the player acted.
    pub raised_since_acted: Chips,
    /// The size of a full raise.
    pub full_raise: Chips,
}

/// The notes of `reopening`: its own, and those of the limit cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notes {
    /// The raises are capped: the player may call or fold.
    ReopenCapped,
    /// A note of the limit cap (see [`limit_raises::Notes`]).
    Limit(limit_raises::Notes),
    /// A house minimum raise above TDA 43, and what 43 alone gives.
    HouseMinRaise(HouseRaise),
    /// The house minimum raise is not applied in limit.
    HouseMinRaiseLimit,
    /// Not reopened because of the house minimum raise: under TDA 43 alone
    /// the raise he faces is a full one.
    HouseClosed {
        /// How many times the prior bet a raise must reach.
        multiple: u32,
    },
    /// The total to call less his chips in front.
    Adds(situation::Adds),
    /// His chips go past the call but not to a full raise.
    RaiseAllInOnly(situation::RaiseAllInOnly),
}

impl NoteText for Notes {
    // The cap's notes are listed (and proven translated) with
    // `limit-raises`.
    const ALL: &'static [(&'static str, &'static [&'static str])] = &[
        ("reopen_capped", &[]),
        ("house_min_raise", HouseRaise::NAMES),
        ("house_min_raise_limit", &[]),
        ("house_min_raise_closed", &["multiple"]),
        ("bet_adds", situation::Adds::NAMES),
        ("raise_all_in_only", situation::RaiseAllInOnly::NAMES),
    ];

    fn key(&self) -> &'static str {
        match self {
            Notes::ReopenCapped => "reopen_capped",
            Notes::Limit(n) => n.key(),
            Notes::HouseMinRaise(_) => "house_min_raise",
            Notes::HouseMinRaiseLimit => "house_min_raise_limit",
            Notes::HouseClosed { .. } => "house_min_raise_closed",
            Notes::Adds(_) => "bet_adds",
            Notes::RaiseAllInOnly(_) => "raise_all_in_only",
        }
    }

    fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            Notes::ReopenCapped => Vec::new(),
            Notes::Limit(n) => n.args(),
            Notes::HouseMinRaise(h) => h.args(),
            Notes::HouseMinRaiseLimit => Vec::new(),
            Notes::HouseClosed { multiple } => vec![("multiple", multiple.to_string())],
            Notes::Adds(a) => a.args(),
            Notes::RaiseAllInOnly(r) => r.args(),
        }
    }
}

/// The facts of a re-opening question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReopenInput {
    /// The betting structure.
    pub game: Game,
    /// The big blind; in limit games the small bet.
    pub big_blind: Chips,
    /// Which round.
    pub street: Street,
    /// The round's actions in order (blind posts are not listed).
    pub actions: Vec<Action>,
    /// The players' chips behind at the start of the round, where known.
    pub stacks: Vec<(String, Chips)>,
    /// The player whose options are asked.
    pub player: String,
    /// In limit, the house's cap on raises; `None`: no cap applies.
    pub raise_cap: Option<RaiseCap>,
}

crate::outcomes! {
    /// The outcome ids of the `reopening` incident.
    #[derive(serde::Deserialize)]
    pub enum ReopenOutcome {
        /// The player may fold, call or raise.
        Reopened => [REOPENING_BETTING, RAISE_AMOUNTS],
        /// The player may only call or fold.
        Closed => [REOPENING_BETTING, NUMBER_OF_RAISES, RAISE_AMOUNTS],
        /// His chips do not cover more than the bet faced: he may call
        /// all-in or fold, whatever the betting allows.
        AllInCall => [REOPENING_BETTING],
    }
}

/// The re-opening ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReopenRuling {
    /// Whether the player may raise.
    pub outcome: ReopenOutcome,
    /// The total the player must reach to call.
    pub to_call: Chips,
    /// The minimum total of a raise, when the player may raise.
    pub min_raise_to: Option<Chips>,
    /// The size of the minimum raise in force: the last full valid bet or
    /// raise of the round, at least the big blind.
    pub min_raise: Chips,
    /// How much the bet grew since the player last acted (the whole bet
    /// faced when he has not acted).
    pub raised_since_acted: Chips,
    /// In limit, the raises of the round are capped: he may not raise
    /// whatever the re-opening rule says.
    pub capped: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// Decides whether betting is re-opened for `input.player` (concept
/// `reopening-betting`, then `raise-amounts` for the minimum raise).
///
/// The round is replayed and checked first (errors name `actions`). The
/// player asked about is one of the sequence (pre-flop also `SB` or `BB`),
/// or any other name: a player who has not acted yet this round. A player
/// without options (folded, all-in, or the action does not return to him) is
/// an error naming `player`.
///
/// In limit games `limit_reopen_percent` of a full bet re-opens; `None`
/// means a full bet.
///
/// ```
/// use floor::incidents::reopening::{ReopenInput, ReopenOutcome, parse_actions, reopening};
/// use floor::poker::{Game, Street};
///
/// // onk-2023-nl rule 47: A bets 100, B all-in 125, C calls, D all-in 200.
/// let actions = parse_actions("A:bet:100,B:all-in:125,C:call:125,D:all-in:200").unwrap();
/// let ask = |player: &str| {
///     reopening(
///         &ReopenInput {
///             game: Game::NoLimit,
///             big_blind: 50,
///             street: Street::Postflop,
///             actions: actions.clone(),
///             stacks: Vec::new(),
///             player: player.into(),
///             raise_cap: None,
///         },
///         None,
///     )
///     .unwrap()
/// };
/// assert_eq!(ask("A").outcome, ReopenOutcome::Reopened);
/// assert_eq!(ask("A").min_raise_to, Some(300));
/// assert_eq!(ask("C").outcome, ReopenOutcome::Closed);
/// ```
pub fn reopening(
    input: &ReopenInput,
    limit_reopen_percent: Option<u8>,
) -> Result<ReopenRuling, Error> {
    let mut setup = Setup::new(input.game, input.street, input.big_blind);
    setup.limit_reopen_percent = limit_reopen_percent.unwrap_or(100);
    setup.raise_cap = input.raise_cap;
    let round = Round::replay_seated(setup, &input.stacks, &input.actions)
        .map_err(|(key, m)| Error::input(key, m))?;
    let name = input.player.trim();
    // A name not in the actions is a player who has not acted yet this
    // round (SPEC section 5): usually the player whose turn it is.
    options(&round, name)
}

/// The options of `name` in `round` (a name the round does not know is a
/// player who has not acted yet).
pub fn options(round: &Round, name: &str) -> Result<ReopenRuling, Error> {
    let spot = round.spot(name).map_err(|m| Error::input("player", m))?;
    // His chips, where known, bound the call and may leave no raise.
    let all_in_call = matches!(spot.chips_allow(), ChipsAllow::CallAllIn { .. });
    let min_raise_to = if spot.may_raise && !all_in_call {
        Some(
            spot.min_raise_to()
                .map_err(|m| Error::input("actions", m))?,
        )
    } else {
        None
    };
    Ok(ReopenRuling {
        outcome: if all_in_call {
            ReopenOutcome::AllInCall
        } else if spot.may_raise {
            ReopenOutcome::Reopened
        } else {
            ReopenOutcome::Closed
        },
        to_call: spot.to_call(),
        min_raise_to,
        min_raise: spot.min_raise_size(),
        raised_since_acted: round.raised_since_acted(name),
        capped: spot.capped,
        concepts: if all_in_call {
            vec![c::REOPENING_BETTING]
        } else if spot.may_raise {
            vec![c::REOPENING_BETTING, c::RAISE_AMOUNTS]
        } else if spot.capped {
            vec![c::NUMBER_OF_RAISES]
        } else {
            vec![c::REOPENING_BETTING]
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ask(
        game: Game,
        bb: Chips,
        street: Street,
        actions: &str,
        player: &str,
        pct: Option<u8>,
    ) -> Result<ReopenRuling, Error> {
        reopening(
            &ReopenInput {
                game,
                big_blind: bb,
                street,
                actions: parse_actions(actions).map_err(|m| Error::input("actions", m))?,
                stacks: Vec::new(),
                player: player.into(),
                raise_cap: None,
            },
            pct,
        )
    }

    fn nl(actions: &str, player: &str) -> ReopenRuling {
        ask(Game::NoLimit, 50, Street::Postflop, actions, player, None).unwrap()
    }

    fn err_key(r: Result<ReopenRuling, Error>) -> &'static str {
        match r {
            Err(e) => e.input_key().expect("an input at fault"),
            other => panic!("expected an invalid input, got {other:?}"),
        }
    }

    const ONK_R47: &str = "A:bet:100,B:all-in:125,C:call:125,D:all-in:200";

    // onk-2023-nl rule 47-A: "Speler A mag nu weer folden, callen en raisen."
    #[test]
    fn onk_2023_nl_r47_short_allins_reopen_for_a_only() {
        let a = nl(ONK_R47, "A");
        assert_eq!(a.outcome, ReopenOutcome::Reopened);
        assert_eq!(a.to_call, 200);
        // The minimum raise stays the last full bet, A's 100.
        assert_eq!(a.min_raise_to, Some(300));
        assert_eq!(a.concepts, vec![c::REOPENING_BETTING, c::RAISE_AMOUNTS]);
    }

    // onk-2023-nl rule 47-A: "Speler C mag in dit voorbeeld niet meer raisen ... (van 125-200
    // is geen volledige raise)."
    #[test]
    fn onk_2023_nl_r47_short_allins_stay_closed_for_c() {
        let c = nl(ONK_R47, "C");
        assert_eq!(c.outcome, ReopenOutcome::Closed);
        assert_eq!((c.to_call, c.min_raise_to), (200, None));
        assert_eq!(c.raised_since_acted, 75);
        assert_eq!(c.concepts, vec![c::REOPENING_BETTING]);
    }

    #[test]
    fn single_short_allin_does_not_reopen() {
        let a = nl("A:bet:100,B:all-in:150", "A");
        assert_eq!((a.outcome, a.to_call), (ReopenOutcome::Closed, 150));
        // A full all-in raise does.
        let a = nl("A:bet:100,B:all-in:200", "A");
        assert_eq!(
            (a.outcome, a.min_raise_to),
            (ReopenOutcome::Reopened, Some(300))
        );
        // Exactly a full raise in two short all-ins does too.
        let a = nl("A:bet:100,B:all-in:150,C:all-in:200", "A");
        assert_eq!(a.outcome, ReopenOutcome::Reopened);
    }

    #[test]
    fn full_raise_after_a_player_acted_reopens_him_despite_later_short_allins() {
        let actions = "A:bet:100,B:raise:300,C:all-in:450";
        assert_eq!(nl(actions, "A").outcome, ReopenOutcome::Reopened);
        assert_eq!(nl(actions, "A").min_raise_to, Some(650));
        assert_eq!(nl(actions, "B").outcome, ReopenOutcome::Closed);
    }

    #[test]
    fn check_then_short_allin_bet_below_the_big_blind_stays_closed() {
        // Post-flop big blind 100: A checks, B is all-in for 60.
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            "A:check,B:all-in:60",
            "A",
            None,
        )
        .unwrap();
        assert_eq!(
            (r.outcome, r.to_call, r.min_raise),
            (ReopenOutcome::Closed, 60, 100)
        );
        // A bet of the full big blind re-opens the check.
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            "A:check,B:all-in:100",
            "A",
            None,
        )
        .unwrap();
        assert_eq!(
            (r.outcome, r.min_raise_to),
            (ReopenOutcome::Reopened, Some(200))
        );
    }

    #[test]
    fn preflop_blinds_have_not_acted_until_they_appear() {
        let pf = |actions: &str, player: &str| {
            ask(Game::NoLimit, 200, Street::Preflop, actions, player, None).unwrap()
        };
        // Limped to the big blind: the option.
        let bb = pf("C:call,SB:call", "BB");
        assert_eq!(
            (bb.outcome, bb.to_call, bb.min_raise_to),
            (ReopenOutcome::Reopened, 200, Some(400))
        );
        // A short all-in raise does not reopen for the limper, but the blinds may raise.
        let actions = "C:call,D:all-in:300";
        assert_eq!(pf(actions, "C").outcome, ReopenOutcome::Closed);
        assert_eq!(pf(actions, "SB").outcome, ReopenOutcome::Reopened);
        assert_eq!(pf(actions, "BB").min_raise_to, Some(500));
        // Once the big blind called the short all-in, it is closed for him too
        // when the action comes back after another short all-in.
        let actions = "C:call,D:all-in:300,SB:fold,BB:call,C:call,E:all-in:350";
        assert_eq!(pf(actions, "BB").outcome, ReopenOutcome::Closed);
        assert_eq!(pf(actions, "C").outcome, ReopenOutcome::Closed);
    }

    #[test]
    fn limit_reopens_at_the_editions_fraction() {
        // Limit 100/200 on the flop (bet 100): A bets, B all-in 160.
        let lim = |actions: &str, pct| {
            ask(Game::Limit, 100, Street::Postflop, actions, "A", pct).unwrap()
        };
        let actions = "A:bet:100,B:all-in:160";
        assert_eq!(lim(actions, Some(50)).outcome, ReopenOutcome::Reopened);
        assert_eq!(lim(actions, Some(50)).min_raise_to, Some(260));
        assert_eq!(lim(actions, None).outcome, ReopenOutcome::Closed);
        // 40 chips more is less than half a bet.
        assert_eq!(
            lim("A:bet:100,B:all-in:140", Some(50)).outcome,
            ReopenOutcome::Closed
        );
        // Exactly half a bet re-opens.
        assert_eq!(
            lim("A:bet:100,B:all-in:150", Some(50)).outcome,
            ReopenOutcome::Reopened
        );
        assert_eq!(
            err_key(ask(
                Game::Limit,
                100,
                Street::Postflop,
                "A:bet:100",
                "A",
                Some(0)
            )),
            "limit_reopen_percent"
        );
        assert_eq!(
            err_key(ask(
                Game::Limit,
                100,
                Street::Postflop,
                "A:bet:150",
                "A",
                Some(50)
            )),
            "actions"
        );
        assert_eq!(
            err_key(ask(
                Game::Limit,
                100,
                Street::Postflop,
                "A:bet:100,B:all-in:250",
                "A",
                Some(50)
            )),
            "actions"
        );
    }

    #[test]
    fn invalid_sequences_name_actions() {
        let bad = |actions: &str| {
            err_key(ask(
                Game::NoLimit,
                100,
                Street::Postflop,
                actions,
                "A",
                None,
            ))
        };
        for actions in [
            "A:fold,A:call",                       // acts after folding
            "A:bet:100,B:all-in:300,B:call",       // acts after all-in
            "A:bet:100,B:check",                   // check facing a bet
            "A:call",                              // nothing to call
            "A:bet:100,B:call:90",                 // call for less
            "A:bet:100,B:bet:300",                 // bet facing a bet
            "A:raise:300",                         // raise with no bet
            "A:bet:50",                            // bet below the big blind
            "A:bet:100,B:raise:150",               // raise below the minimum
            "A:bet:100,B:raise:100",               // raise not above the bet
            "A:bet:100,B:all-in:150,A:raise:400",  // raise when closed
            "A:bet:100,B:all-in:150,A:all-in:400", // all-in raise when closed
            "A:bet",                               // bet without a total
            "A:check:100",                         // check with a total
            "A:fold:100",                          // fold with a total
            "A:bet:100,B:all-in:100,B:fold",       // acts after all-in
            "A:bet:100,B:call,C:all-in:0",         // all-in for nothing
            "A:check,A:check",                     // acts again with nothing changed
            "A:wait",                              // unknown action
            ":bet:100",                            // no player
            "A",                                   // no action
            "A:bet:100:5",                         // too many parts
            "A:bet:12OO",                          // not an amount
        ] {
            assert_eq!(bad(actions), "actions", "{actions}");
        }
    }

    #[test]
    fn players_without_options_name_player() {
        let key = |actions: &str, player: &str| {
            err_key(ask(
                Game::NoLimit,
                100,
                Street::Postflop,
                actions,
                player,
                None,
            ))
        };
        assert_eq!(key("A:bet:100,B:fold", "B"), "player");
        assert_eq!(key("A:bet:100,B:all-in:100", "B"), "player");
        assert_eq!(key("A:bet:100,B:call", "A"), "player");
        assert_eq!(
            err_key(ask(
                Game::NoLimit,
                0,
                Street::Postflop,
                "A:bet:100",
                "A",
                None
            )),
            "big_blind"
        );
    }

    #[test]
    fn a_player_who_has_not_acted_may_always_raise() {
        let input = ReopenInput {
            game: Game::NoLimit,
            big_blind: 50,
            street: Street::Postflop,
            actions: parse_actions(ONK_R47).unwrap(),
            stacks: Vec::new(),
            player: "E".into(),
            raise_cap: None,
        };
        // E is not in the sequence: he has not acted and may raise.
        let e = reopening(&input, None).unwrap();
        assert_eq!(
            (e.outcome, e.min_raise_to),
            (ReopenOutcome::Reopened, Some(300))
        );
        let round = Round::replay(
            Setup::new(input.game, input.street, input.big_blind),
            &input.actions,
        )
        .unwrap();
        let e = options(&round, "E").unwrap();
        assert_eq!(e.outcome, ReopenOutcome::Reopened);
        assert_eq!(
            (e.to_call, e.min_raise_to, e.raised_since_acted),
            (200, Some(300), 200)
        );
    }

    #[test]
    fn amounts_in_contract_formats_are_accepted() {
        let r = nl("A:bet:1.000,B:all-in:1.2k", "A");
        assert_eq!((r.outcome, r.to_call), (ReopenOutcome::Closed, 1200));
    }

    #[test]
    fn overflow_is_reported() {
        let big = u64::MAX;
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            &format!("A:bet:{},B:all-in:{big}", big - 10),
            "A",
            None,
        );
        // B's all-in is short (10 more): A is closed; nothing overflows.
        assert_eq!(r.unwrap().outcome, ReopenOutcome::Closed);
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            &format!("A:bet:{big},B:call"),
            "A",
            None,
        );
        assert_eq!(err_key(r), "player");
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            &format!("A:check,B:bet:{}", big - 50),
            "A",
            None,
        );
        assert_eq!(err_key(r), "actions");
    }

    /// A state reached by a generated round: the actions so far, the bet,
    /// the largest full bet or raise, and for each live player who acted
    /// the bet when he last acted (tracked independently of [`Round`]).
    #[derive(Debug, Clone)]
    struct Snapshot {
        actions: String,
        facing: Chips,
        largest_full: Chips,
        levels: Vec<(String, Chips)>,
    }

    /// Plays a random post-flop no-limit round and returns the state after
    /// every action.
    fn generate(bb: Chips, players: usize, choices: &[(u8, u16)]) -> Vec<Snapshot> {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut totals = vec![0u64; players];
        let mut level: Vec<Option<Chips>> = vec![None; players];
        let mut out = vec![false; players]; // folded or all-in
        let mut facing = 0;
        let mut full = 0;
        let mut largest_full = 0;
        let mut acts = Vec::new();
        let mut snapshots = Vec::new();
        let mut turn = 0;
        for &(kind, size) in choices {
            // Next player with options.
            let mut tries = 0;
            while tries < players
                && (out[turn % players]
                    || level[turn % players]
                        .is_some_and(|l| l == facing && totals[turn % players] == facing))
            {
                turn += 1;
                tries += 1;
            }
            if tries == players {
                break;
            }
            let i = turn % players;
            turn += 1;
            let min = full.max(bb);
            let may_raise = level[i].is_none_or(|l| facing - l >= min);
            let name = &names[i];
            let size = Chips::from(size);
            match kind % 10 {
                0 => {
                    out[i] = true;
                    acts.push(format!("{name}:fold"));
                }
                1..=4 => {
                    if facing == totals[i] {
                        acts.push(format!("{name}:check"));
                    } else {
                        acts.push(format!("{name}:call"));
                        totals[i] = facing;
                    }
                    level[i] = Some(facing);
                }
                5 if may_raise => {
                    let t = if facing == 0 {
                        bb + size
                    } else {
                        facing + min + size
                    };
                    acts.push(format!(
                        "{name}:{}:{t}",
                        if facing == 0 { "bet" } else { "raise" }
                    ));
                    full = if facing == 0 { t } else { t - facing };
                    largest_full = largest_full.max(full);
                    facing = t;
                    totals[i] = t;
                    level[i] = Some(facing);
                }
                k => {
                    // All-in: for less, a short raise or bet, or a full raise.
                    let t = match k % 3 {
                        0 if facing > totals[i] + 1 => {
                            totals[i] + 1 + size % (facing - totals[i] - 1)
                        }
                        1 if may_raise => facing + 1 + size % min,
                        _ if may_raise => facing + min + size,
                        _ => {
                            if facing > totals[i] {
                                acts.push(format!("{name}:call"));
                                totals[i] = facing;
                            } else {
                                acts.push(format!("{name}:check"));
                            }
                            level[i] = Some(facing);
                            0 // no all-in: a check or call was made
                        }
                    };
                    if t > 0 {
                        acts.push(format!("{name}:all-in:{t}"));
                        if t > facing {
                            let is_full = if facing == 0 {
                                t >= bb
                            } else {
                                t - facing >= min
                            };
                            if is_full {
                                full = if facing == 0 { t } else { t - facing };
                                largest_full = largest_full.max(full);
                            }
                            facing = t;
                        }
                        totals[i] = t;
                        out[i] = true;
                    }
                }
            }
            snapshots.push(Snapshot {
                actions: acts.join(","),
                facing,
                largest_full,
                levels: (0..players)
                    .filter(|&j| !out[j])
                    .filter_map(|j| level[j].map(|l| (names[j].clone(), l)))
                    .collect(),
            });
        }
        snapshots
    }

    proptest! {
        /// A player's chips bound what the card asks of him: the call is
        /// never more than he has, and a raise is offered only where his
        /// chips go past the call.
        #[test]
        fn the_call_never_asks_more_chips_than_the_player_has(
            bb in 1u64..500,
            bet in 1u64..5_000,
            raise in proptest::option::of(1u64..5_000),
            stack in 1u64..10_000,
        ) {
            let bet = bet.max(bb);
            let mut actions = format!("A:bet:{bet}");
            if let Some(r) = raise {
                actions.push_str(&format!(",B:raise:{}", bet + r.max(bet)));
            }
            let r = reopening(
                &ReopenInput {
                    game: Game::NoLimit,
                    big_blind: bb,
                    street: Street::Postflop,
                    actions: parse_actions(&actions).unwrap(),
                    stacks: vec![("C".into(), stack)],
                    player: "C".into(),
                    raise_cap: None,
                },
                None,
            )
            .unwrap();
            prop_assert!(r.to_call <= stack);
            prop_assert_eq!(r.outcome == ReopenOutcome::AllInCall, stack <= r.to_call);
            prop_assert_eq!(r.min_raise_to.is_some(), stack > r.to_call);
        }
    }

    proptest! {
        #[test]
        fn never_reopened_without_a_full_raise_since_acting(
            bb in 1u64..500,
            players in 2usize..7,
            choices in proptest::collection::vec((0u8..30, 0u16..400), 0..25),
        ) {
            for g in generate(bb, players, &choices) {
                for (name, level) in &g.levels {
                    let r = ask(Game::NoLimit, bb, Street::Postflop, &g.actions, name, None);
                    if *level == g.facing {
                        // The action does not return to him.
                        prop_assert_eq!(err_key(r), "player");
                        continue;
                    }
                    let r = r.unwrap();
                    prop_assert_eq!(r.to_call, g.facing);
                    // The minimum raise is the last full bet or raise (in
                    // no-limit also the largest), at least the big blind.
                    prop_assert_eq!(r.min_raise, g.largest_full.max(bb));
                    let grown = g.facing - level;
                    prop_assert_eq!(r.raised_since_acted, grown);
                    if r.outcome == ReopenOutcome::Reopened {
                        // Facing at least a full bet or raise since he acted.
                        prop_assert!(grown >= bb);
                        prop_assert!(grown >= g.largest_full);
                        let m = r.min_raise_to.unwrap();
                        prop_assert!(m >= r.to_call + bb);
                    } else {
                        prop_assert!(grown < g.largest_full.max(bb));
                        prop_assert_eq!(r.min_raise_to, None);
                    }
                }
            }
        }
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [ReopenOutcome::Reopened, ReopenOutcome::Closed]
            .iter()
            .map(|o| {
                serde_json::to_value(o)
                    .unwrap()
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        assert_eq!(ids, ["reopened", "closed"]);
    }
}
