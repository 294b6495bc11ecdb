//! Replaying a hand under the edition's rules: for every action, whose turn
//! it was, the amount to call, the minimum raise-to, the pot-limit maximum
//! and whether betting was re-opened, all from the one betting round
//! ([`Round`]). An irregular action (a silent oversized chip, several chips,
//! a number said alone, chips in two motions, a bet or raise below the
//! minimum, an undercall, an action out of turn) gets the ruling of the
//! matching incident, cited in the edition in use, and the replay goes on
//! from the action as ruled. At the end: the pots with the players who may
//! win each, and the split when the winners are given.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Act, Hand};
use crate::engine::{self, GivenAnswers, Ruling};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{
    Action, ActionKind, Chips, Game, Pot, PreflopOpener, RaiseCap, Round, Setup, Spot, Street,
    TableSeat, add, layer_pots_with_dead,
};
use crate::rules::Store;
use crate::rules::params::{CapLifted, Resolved};
use crate::ui::Ui;

/// One action of the hand, checked.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// Its number in the hand, from 1.
    pub number: usize,
    /// The betting round.
    pub street: Street,
    /// Who acted.
    pub seat: u8,
    /// Whose turn it was (when it was not his: an action out of turn).
    pub turn: Option<u8>,
    /// The action as written.
    pub action: String,
    /// The action as ruled, `ACTION[:TOTAL]` (`call`, `raise:1200`), or
    /// `withdrawn`: out of turn and not binding, taken back.
    pub ruled: String,
    /// The ruling changed the action (a call for an oversized chip, a
    /// raise brought to the minimum); an action out of turn stands.
    pub corrected: bool,
    /// The total the player had to reach to call.
    pub to_call: Chips,
    /// The minimum total of a raise (or bet), when he could raise.
    pub min_raise_to: Option<Chips>,
    /// The pot-limit maximum total, in pot-limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_total: Option<Chips>,
    /// Betting was open for him: he could raise.
    pub reopened: bool,
    /// The action was legal as written.
    pub legal: bool,
    /// The rules cited by the ruling, `NUMBER[-PART]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<String>,
    /// The ruling on an action out of turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_turn: Option<Ruling>,
    /// The ruling on an irregular action (the bet, call or raise it counts
    /// as).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Ruling>,
}

/// A winner's chips from one pot.
#[derive(Debug, Clone, Serialize)]
pub struct Share {
    /// The player, by the hand's number.
    pub seat: u8,
    /// His chips from the pot.
    pub chips: Chips,
}

/// A pot at the end, with the players who may win it.
#[derive(Debug, Clone, Serialize)]
pub struct PotOut {
    /// Its chips.
    pub amount: Chips,
    /// Who may win it, by the hand's numbers.
    pub eligible: Vec<u8>,
    /// Who won it and his chips, when the winners are given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub won: Vec<Share>,
    /// Several winners: the split ruling (odd chips), cited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split: Option<Ruling>,
}

/// The options of the player to act after the last action given.
#[derive(Debug, Clone, Serialize)]
pub struct Next {
    /// The betting round.
    pub street: Street,
    /// Whose turn it is.
    pub seat: u8,
    /// The total to reach to call.
    pub to_call: Chips,
    /// The minimum total of a raise, when he may raise.
    pub min_raise_to: Option<Chips>,
    /// The pot-limit maximum, in pot-limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_total: Option<Chips>,
    /// The total of his all-in, when his chips do not reach a full bet or
    /// raise: the call is all he can do, or an all-in short of the minimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_in_to: Option<Chips>,
    /// Betting is open for him.
    pub reopened: bool,
    /// With `--at`: the rules behind these options (re-opening, the
    /// minimum raise, the pot-limit maximum), `NUMBER[-PART]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<String>,
    /// In limit, the raises are capped at this many: he may call or fold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capped: Option<u32>,
}

/// A hand replayed.
#[derive(Debug, Clone, Serialize)]
pub struct Replay {
    /// The edition in use.
    pub edition: String,
    /// Every action, checked.
    pub steps: Vec<Step>,
    /// The pots, main pot first (with the chips of the last betting round).
    pub pots: Vec<PotOut>,
    /// Chips nobody called, back to their owner: (player, chips); while
    /// the round goes on (`next`), the bet not called yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returned: Option<(u8, Chips)>,
    /// The options of the next player, when the hand is not over.
    pub next: Option<Next>,
    /// The round as played up to the next player, for an incident that
    /// starts from the hand.
    #[serde(skip)]
    pub situation: Option<Situation>,
    /// Each player's chips in the pot so far and whether he folded (the
    /// answers of `side-pots`).
    #[serde(skip)]
    pub contributions: Vec<(u8, Chips, bool)>,
    /// The antes: dead money in the main pot (the `dead` answer of
    /// `side-pots`).
    #[serde(skip)]
    pub dead: Chips,
}

/// The betting round as played up to the player to act: what a betting
/// incident needs to start from a hand instead of questions.
#[derive(Debug, Clone)]
pub struct Situation {
    /// The betting structure.
    pub game: Game,
    /// The round.
    pub street: Street,
    /// The big blind (in limit: the small bet).
    pub big_blind: Chips,
    /// The small blind, pre-flop.
    pub small_blind: Option<Chips>,
    /// The players in acting order with their chips behind after posting,
    /// by their names in `actions`.
    pub stacks: Vec<(String, Option<Chips>)>,
    /// The round's actions so far, as ruled.
    pub actions: Vec<Action>,
    /// The round's actions so far as played: an undercall as the call it
    /// reached (`call:300` facing 1000), a bet or raise below the minimum
    /// as written; otherwise as ruled.
    pub played: Vec<Action>,
    /// The player to act.
    pub player: String,
    /// Everything in the pot and in front of the players.
    pub pot: Option<Chips>,
}

impl Replay {
    /// The answers of `side-pots`: each player's chips so far and who
    /// folded.
    pub fn pot_answers(&self) -> Vec<(&'static str, String)> {
        let list = |items: Vec<String>| items.join(",");
        let mut out = vec![(
            "contributions",
            list(
                self.contributions
                    .iter()
                    .map(|(p, c, _)| format!("{p}:{c}"))
                    .collect(),
            ),
        )];
        let folded: Vec<String> = self
            .contributions
            .iter()
            .filter(|(_, _, f)| *f)
            .map(|(p, _, _)| p.to_string())
            .collect();
        if !folded.is_empty() {
            out.push(("folded", list(folded)));
        }
        if self.dead > 0 {
            out.push(("dead", self.dead.to_string()));
        }
        out
    }
}

/// The incidents that rule a round's irregular actions themselves: from a
/// hand they start from the actions as played, not as the replay ruled them.
pub const AS_PLAYED: [&str; 2] = ["undercall-sequence", "underraise-callers"];

/// A player's name in the answers of a betting incident: pre-flop the
/// blinds are `SB` and `BB`; otherwise players keep their seat numbers.
fn answer_name(street: Street, p: &str, (sb, bb): &(String, String)) -> String {
    if street.is_preflop() && p == sb {
        "SB".to_string()
    } else if street.is_preflop() && p == bb {
        "BB".to_string()
    } else {
        p.to_string()
    }
}

/// `action` with its player named as the answers name him.
fn renamed(street: Street, action: &Action, blinds: &(String, String)) -> Action {
    Action {
        player: action
            .player
            .as_deref()
            .map(|p| answer_name(street, p, blinds)),
        ..action.clone()
    }
}

/// A round's actions so far: as ruled (what the round applied) and as
/// played (see [`Situation::played`]).
#[derive(Debug, Clone, Default)]
struct Told {
    ruled: Vec<Action>,
    played: Vec<Action>,
}

impl Situation {
    fn new(
        hand: &Hand,
        street: Street,
        round: &Round,
        seats: &[TableSeat],
        told: Told,
        player: String,
        blinds: (String, String),
    ) -> Situation {
        let rename = |p: &str| answer_name(street, p, &blinds);
        let all = |actions: Vec<Action>| -> Vec<Action> {
            actions
                .iter()
                .map(|a| renamed(street, a, &blinds))
                .collect()
        };
        Situation {
            game: hand.game,
            street,
            big_blind: hand.big_blind,
            small_blind: street.is_preflop().then_some(hand.small_blind),
            stacks: seats.iter().map(|s| (rename(&s.name), s.stack)).collect(),
            actions: all(told.ruled),
            played: all(told.played),
            pot: round.spot(&player).ok().and_then(|s| s.pot),
            player: rename(&player),
        }
    }

    /// The answers of betting incident `incident`, by key: the actions as
    /// played for the incidents of [`AS_PLAYED`], as ruled for the others.
    pub fn answers_for(&self, incident: &str) -> Vec<(&'static str, String)> {
        let mut out = self.answers();
        if AS_PLAYED.contains(&incident) {
            for (key, value) in &mut out {
                if *key == "actions" {
                    *value = joined(&self.played);
                }
            }
        }
        out
    }

    /// The answers of a betting incident, by key.
    pub fn answers(&self) -> Vec<(&'static str, String)> {
        let game: &str = self.game.into();
        let street: &str = self.street.into();
        let mut out = vec![
            ("game", game.to_string()),
            ("street", street.to_string()),
            ("big_blind", self.big_blind.to_string()),
            ("actions", joined(&self.actions)),
            ("player", self.player.clone()),
        ];
        if let Some(sb) = self.small_blind {
            out.push(("small_blind", sb.to_string()));
        }
        let stacks: Vec<String> = self
            .stacks
            .iter()
            .filter_map(|(p, s)| s.map(|s| format!("{p}:{s}")))
            .collect();
        if !stacks.is_empty() {
            out.push(("stacks", stacks.join(",")));
        }
        if let Some(pot) = self.pot {
            out.push(("pot", pot.to_string()));
        }
        out
    }
}

/// Actions as the answers write them: `PLAYER:ACTION[:TOTAL],...`.
fn joined(actions: &[Action]) -> String {
    actions
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// What the replay needs besides the hand.
pub struct Rules<'a> {
    /// The store of editions (and decision trees).
    pub store: &'a Store,
    /// The edition in use.
    pub edition: &'a str,
    /// The UI texts, for the rulings.
    pub ui: &'a Ui,
}

fn name(p: u8) -> String {
    p.to_string()
}

fn bad(message: Message) -> Error {
    Error::input("hand", message)
}

/// Replays `hand`; stops before action `until` (1-based) when given.
pub fn replay(hand: &Hand, rules: &Rules<'_>, until: Option<usize>) -> Result<Replay, Error> {
    let count: usize = hand.streets.iter().map(|s| s.actions.len()).sum();
    if let Some(n) = until.filter(|n| *n > count + 1) {
        return Err(Error::bad(
            Message::new(Msg::HandAtPastEnd)
                .arg("n", n)
                .arg("count", count)
                .arg("last", count + 1),
        ));
    }
    let mut hand = hand.clone();
    let order: Vec<u8> = hand.seats.iter().map(|s| s.number).collect();
    let n = order.len();
    if n < 2 {
        return Err(bad(Message::new(Msg::HandNoSeats)));
    }
    let b = order
        .iter()
        .position(|p| *p == hand.button)
        .ok_or_else(|| bad(Message::new(Msg::HandButton).arg("seat", hand.button)))?;
    let (sb, bb) = if n == 2 {
        (b, (b + 1) % n)
    } else {
        ((b + 1) % n, (b + 2) % n)
    };
    let player_at = |i: usize| order.get(i % n).copied().unwrap_or(0);
    let bb_name = || (name(player_at(sb)), name(player_at(bb)));
    super::compact::place_antes(&mut hand, player_at(bb));
    let book = rules.store.book(rules.edition)?;
    let (params, _) = book.params_with_sources();
    let mut resolved = Resolved::new(&params);
    let opener = resolved.undercall_preflop_opener();
    let limit_percent = if hand.game == Game::Limit {
        u8::try_from(resolved.limit_reopen_percent().get()).unwrap_or(100)
    } else {
        100
    };
    // The house's cap on limit raises; lifted with two players left where
    // the edition says so. A hand does not tell whether the event is down
    // to two players: where only that lifts it, the cap holds.
    let raise_cap = (hand.game == Game::Limit).then(|| RaiseCap {
        raises: resolved.limit_raise_cap().get(),
        lifted_two_left: resolved.limit_cap_lifted() == CapLifted::PotHeadsUp,
    });
    // Chips behind and in the pot, by player, across the rounds.
    let mut behind: BTreeMap<u8, Option<Chips>> =
        hand.seats.iter().map(|s| (s.number, s.stack)).collect();
    let mut paid: BTreeMap<u8, Chips> = order.iter().map(|p| (*p, 0)).collect();
    let mut folded: BTreeMap<u8, bool> = order.iter().map(|p| (*p, false)).collect();
    let take = |behind: &mut BTreeMap<u8, Option<Chips>>, p: u8, chips: Chips| -> Chips {
        match behind.get_mut(&p) {
            Some(Some(stack)) => {
                let t = chips.min(*stack);
                *stack -= t;
                t
            }
            _ => chips,
        }
    };
    // Antes are dead money in the main pot, never a bet of the player's:
    // none comes back as not called (a big-blind ante included).
    let mut dead: Chips = 0;
    for (p, ante) in &hand.antes {
        let t = take(&mut behind, *p, *ante);
        dead = add(dead, t, "antes").map_err(bad)?;
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut number = 0usize;
    let mut next = None;
    let mut last_round: Option<(Round, Street, Vec<TableSeat>, Told)> = None;
    let mut skipped: Option<String> = None;
    for played in &hand.streets {
        let preflop = played.street.is_preflop();
        let first = if preflop { (bb + 1) % n } else { (b + 1) % n };
        let mut seats = Vec::new();
        let mut posted_now: BTreeMap<u8, Chips> = BTreeMap::new();
        for k in 0..n {
            let p = player_at(first + k);
            if folded.get(&p).copied().unwrap_or(false) {
                continue;
            }
            let posted = if preflop && p == player_at(sb) {
                take(&mut behind, p, hand.small_blind)
            } else if preflop && p == player_at(bb) {
                take(&mut behind, p, hand.big_blind)
            } else {
                0
            };
            posted_now.insert(p, posted);
            let stack = behind.get(&p).copied().flatten();
            if stack == Some(0) && posted == 0 {
                // All-in before this round: no more action.
                continue;
            }
            seats.push(TableSeat {
                name: name(p),
                stack,
                posted,
            });
        }
        let mut setup = Setup::new(hand.game, played.street, hand.big_blind);
        setup.small_blind = Some(hand.small_blind);
        setup.dead = Some(
            paid.values()
                .try_fold(dead, |sum, c| add(sum, *c, "hand"))
                .map_err(bad)?,
        );
        setup.limit_reopen_percent = limit_percent;
        setup.raise_cap = raise_cap;
        let mut round = Round::at_table(setup, &seats).map_err(|(_, m)| bad(m))?;
        let mut told = Told::default();
        // The bet faced at the last undercall, while nobody bet or raised
        // since: a second undercall is one in sequence.
        let mut undercall_facing: Option<Chips> = None;
        // A player skipped by an action out of turn: the turn goes back to
        // him (the action out of turn stands).
        skipped = None;
        for mv in &played.actions {
            number += 1;
            let who = name(mv.player);
            let turn = whose_turn(&round, skipped.as_deref());
            if until.is_some_and(|u| number >= u) {
                let mut situation = None;
                if !round.betting_over() {
                    let to_act = turn.map(name).unwrap_or(who);
                    next = options(&round, played.street, Some(&to_act));
                    situation = Some(Situation::new(
                        &hand,
                        played.street,
                        &round,
                        &seats,
                        told,
                        to_act,
                        bb_name(),
                    ));
                }
                let all_in = all_in_now(&behind, &folded);
                let mut out = finish(
                    &hand,
                    rules,
                    steps,
                    (&paid, dead, &all_in),
                    &folded,
                    Some(round),
                    next,
                )?;
                out.situation = situation;
                return Ok(out);
            }
            // Only a player of this round acts in it: not one who folded or
            // went all-in before it, nor a seat nobody sits in.
            if !seats.iter().any(|s| s.name == who) {
                let problem = if !order.contains(&mv.player) {
                    Message::new(Msg::HandActorAbsent).arg("seat", mv.player)
                } else if folded.get(&mv.player).copied().unwrap_or(false) {
                    Message::new(Msg::ActsAfterFold)
                } else {
                    Message::new(Msg::ActsAfterAllIn)
                };
                return Err(bad(at(number, mv.player, problem)));
            }
            match turn {
                Some(t) if t != mv.player => {
                    skipped.get_or_insert_with(|| name(t));
                }
                _ => skipped = None,
            }
            let spot = round
                .spot(&who)
                .map_err(|m| bad(at(number, mv.player, m)))?;
            let max_total = pot_limit_max(&spot);
            let so_far = SoFar {
                street: played.street,
                played: &told.played,
                undercall_facing,
                blinds: bb_name(),
            };
            let Ruled {
                action,
                ruling,
                legal,
                corrected,
                as_played,
                undercall,
            } = rule(&hand, rules, &round, &spot, mv, opener, &so_far)
                .map_err(|e| bad(at(number, mv.player, e.message())))?;
            if undercall {
                undercall_facing = Some(spot.facing);
            }
            let out_of_turn = match turn {
                Some(t) if t != mv.player => {
                    Some(out_of_turn(rules, &action, t, mv, &played.actions)?)
                }
                _ => None,
            };
            let legal = legal && out_of_turn.is_none();
            // Not binding (a skipped player bet or raised before him): his
            // chips come back and he acts again in turn.
            let withdrawn = out_of_turn
                .as_ref()
                .is_some_and(|r| r.outcome == "not-binding");
            let ruled = if withdrawn {
                WITHDRAWN.to_string()
            } else {
                Action {
                    player: None,
                    ..action.clone()
                }
                .to_string()
            };
            let corrected = corrected || withdrawn;
            let citations: Vec<String> =
                out_of_turn.iter().chain(&ruling).flat_map(cited).collect();
            // An action out of turn that is regular otherwise: its ruling is
            // the step's ruling too.
            let ruling = ruling.or_else(|| out_of_turn.clone());
            if !withdrawn {
                // The round's message names the action already.
                round.apply(number, &action).map_err(bad)?;
                if action.kind == ActionKind::Fold {
                    folded.insert(mv.player, true);
                }
                told.played
                    .push(as_played.unwrap_or_else(|| action.clone()));
                told.ruled.push(action);
            }
            steps.push(Step {
                number,
                street: played.street,
                seat: mv.player,
                turn,
                action: mv.given.clone(),
                ruled,
                corrected,
                to_call: spot.to_call(),
                min_raise_to: if spot.may_raise {
                    spot.min_raise_to().ok()
                } else {
                    None
                },
                max_total,
                reopened: spot.may_raise,
                legal,
                citations,
                out_of_turn,
                ruling,
            });
        }
        // The round's chips go to the pot; the blinds left the stacks when
        // they were posted, the rest leaves them now.
        for (p, total, _) in round.contributions() {
            if let Ok(p) = p.parse::<u8>() {
                let posted = posted_now.get(&p).copied().unwrap_or(0);
                take(&mut behind, p, total.saturating_sub(posted));
                let sum = paid.entry(p).or_default();
                *sum = add(*sum, total, "hand").map_err(bad)?;
            }
        }
        for (p, _) in folded.clone() {
            if round.standing(&name(p)).is_some_and(|s| s.folded) {
                folded.insert(p, true);
            }
        }
        last_round = Some((round, played.street, seats, told));
    }
    let mut situation = None;
    if let Some((round, street, seats, told)) = last_round.filter(|(r, ..)| !r.betting_over()) {
        let to_act = whose_turn(&round, skipped.as_deref()).map(name);
        next = options(&round, street, to_act.as_deref());
        situation =
            to_act.map(|p| Situation::new(&hand, street, &round, &seats, told, p, bb_name()));
    }
    let all_in = all_in_now(&behind, &folded);
    let mut out = finish(
        &hand,
        rules,
        steps,
        (&paid, dead, &all_in),
        &folded,
        None,
        next,
    )?;
    out.situation = situation;
    Ok(out)
}

/// Whose turn it is: the next to act, or after an action out of turn the
/// player it skipped (or the next after him who still has to act).
fn whose_turn(round: &Round, skipped: Option<&str>) -> Option<u8> {
    match skipped {
        Some(s) => round.to_act_from(s),
        None => round.to_act(),
    }
    .and_then(|t| t.parse().ok())
}

fn at(n: usize, player: u8, problem: Message) -> Message {
    Message::new(Msg::ActionAt)
        .arg("n", n)
        .arg("player", player)
        .nested("problem", problem)
}

fn pot_limit_max(spot: &Spot) -> Option<Chips> {
    if spot.game != Game::PotLimit || !spot.may_raise {
        return None;
    }
    let max = spot.pot_limit_max().ok()?;
    Some(spot.all_in_total().map_or(max, |all| all.min(max)))
}

fn options(round: &Round, street: Street, who: Option<&str>) -> Option<Next> {
    let who = who?;
    let spot = round.spot(who).ok()?;
    let min_raise_to = spot.min_raise_to().ok();
    let all_in_to = spot
        .all_in_total()
        .filter(|&all| min_raise_to.is_none_or(|min| all < min));
    Some(Next {
        street,
        seat: who.parse().ok()?,
        to_call: spot.to_call(),
        min_raise_to: min_raise_to.filter(|_| spot.may_raise),
        max_total: pot_limit_max(&spot),
        all_in_to,
        reopened: spot.may_raise,
        citations: Vec::new(),
        capped: spot
            .capped
            .then(|| round.setup().raise_cap.map_or(0, |c| c.raises)),
    })
}

/// The action as ruled of an action out of turn that did not stand.
pub const WITHDRAWN: &str = "withdrawn";

/// An action as ruled.
struct Ruled {
    action: Action,
    ruling: Option<Ruling>,
    /// Legal as written.
    legal: bool,
    /// The ruling changed it.
    corrected: bool,
    /// The action as played when it differs from the action as ruled (an
    /// undercall, a bet or raise below the minimum).
    as_played: Option<Action>,
    /// An undercall.
    undercall: bool,
}

/// What the replay knows of the round so far, for the rulings that look
/// back at it.
struct SoFar<'a> {
    street: Street,
    /// The round's actions as played, by seat number.
    played: &'a [Action],
    /// The bet faced at the last undercall, while nobody bet or raised
    /// since.
    undercall_facing: Option<Chips>,
    /// The small and the big blind, by seat number.
    blinds: (String, String),
}

/// The rules a ruling cites, `NUMBER[-PART]`.
pub fn cited(ruling: &Ruling) -> Vec<String> {
    ruling
        .citations
        .iter()
        .map(|c| match &c.part {
            Some(p) => format!("{}-{p}", c.number),
            None => c.number.clone(),
        })
        .collect()
}

/// The total of an undercall the bet incident refused to rule: it is the
/// undercall incident's.
fn undercall_total(e: &Error) -> Option<Chips> {
    match e {
        Error::Input { problem, .. } if problem.msg == Msg::BetUndercall => {
            problem.text_arg("total")?.parse().ok()
        }
        _ => None,
    }
}

/// The action as ruled: a legal action as it is; an irregular one through
/// its incident.
fn rule(
    hand: &Hand,
    rules: &Rules<'_>,
    round: &Round,
    spot: &Spot,
    mv: &super::Move,
    opener: PreflopOpener,
    so_far: &SoFar<'_>,
) -> Result<Ruled, Error> {
    let who = name(mv.player);
    let all_in_total = spot.all_in_total();
    let action = |kind: ActionKind, total: Option<Chips>| Action {
        player: Some(who.clone()),
        kind,
        total,
    };
    let facing_bet = spot.facing > spot.in_front;
    let min = spot.min_raise_to().unwrap_or(spot.facing);
    // The numbers of the bet incident for this player; the street sizes a
    // limit bet.
    let street: &str = so_far.street.into();
    let mut bet = vec![
        ("game", game_id(hand.game).to_string()),
        ("street", street.to_string()),
        ("facing", spot.facing.to_string()),
        ("big_blind", hand.big_blind.to_string()),
        // Re-opened as TDA 47 has it; a limit cap on raises is told apart.
        (
            "reopened",
            if spot.may_raise || spot.capped {
                "yes"
            } else {
                "no"
            }
            .to_string(),
        ),
    ];
    if spot.capped {
        bet.push(("raises", "cap-reached".to_string()));
    }
    if spot.facing > 0 {
        bet.push((
            "last_raise",
            spot.full_raise.max(1).min(spot.facing).to_string(),
        ));
        bet.push(("in_front", spot.in_front.to_string()));
    }
    if let Some(stack) = spot.stack {
        if stack == 0 {
            return Err(Error::bad(
                Message::new(Msg::PlayerAllIn).arg("player", mv.player),
            ));
        }
        bet.push(("stack", stack.to_string()));
    }
    if let Some(pot) = spot.pot
        && hand.game == Game::PotLimit
    {
        bet.push(("pot", pot.to_string()));
    }
    let ruled = |kind: ActionKind, total: Option<Chips>, r: Ruling| Ruled {
        action: action(kind, total),
        ruling: Some(r),
        legal: false,
        corrected: true,
        as_played: None,
        undercall: false,
    };
    // Less than the call put out, not all-in: an undercall (TDA 51-B), or
    // one in sequence after another (51-C). The replay goes on with the
    // full call; where the TD may let him fold instead, the ruling says so.
    let undercall = |put: Chips| -> Result<Ruled, Error> {
        let total = spot.in_front.saturating_add(put);
        let as_played = action(ActionKind::Call, Some(total));
        let r = if so_far.undercall_facing == Some(spot.facing) {
            let played: Vec<Action> = so_far
                .played
                .iter()
                .chain(std::iter::once(&as_played))
                .map(|a| renamed(so_far.street, a, &so_far.blinds))
                .collect();
            let street: &str = so_far.street.into();
            let mut answers = vec![
                ("actions", joined(&played)),
                ("street", street.to_string()),
                ("big_blind", hand.big_blind.to_string()),
            ];
            if so_far.street.is_preflop() {
                answers.push(("small_blind", hand.small_blind.to_string()));
            }
            decide(rules, "undercall-sequence", &answers)?
        } else {
            let heads_up = hand_active(round) == 2;
            let opening = round.facing_opening_bet(opener);
            let mut answers = vec![
                ("heads_up", if heads_up { "yes" } else { "no" }.into()),
                ("opening_bet", if opening { "yes" } else { "no" }.into()),
                ("facing", spot.facing.to_string()),
                ("pushed", put.to_string()),
                ("in_front", spot.in_front.to_string()),
            ];
            if let Some(stack) = spot.stack {
                answers.push(("stack", stack.to_string()));
            }
            decide(rules, "undercall", &answers)?
        };
        // The full call, or all his chips when they do not cover it.
        let full = match all_in_total {
            Some(all) if all <= spot.facing => ruled(ActionKind::AllIn, Some(all), r),
            _ => ruled(ActionKind::Call, None, r),
        };
        Ok(Ruled {
            as_played: Some(as_played),
            undercall: true,
            ..full
        })
    };
    let by_bet = |extra: Vec<(&'static str, String)>| -> Result<Ruled, Error> {
        let mut answers = bet.clone();
        answers.extend(extra);
        let r = match decide(rules, "bet", &answers) {
            Ok(r) => r,
            Err(e) => {
                return match undercall_total(&e) {
                    Some(total) => undercall(total.saturating_sub(spot.in_front)),
                    None => Err(e),
                };
            }
        };
        let total = r
            .amounts
            .get("total")
            .and_then(|v| v.as_u64())
            .unwrap_or(spot.facing);
        let kind = match r.outcome.as_str() {
            "check" => ActionKind::Check,
            "call" => ActionKind::Call,
            "all-in" => ActionKind::AllIn,
            "bet" => ActionKind::Bet,
            "raise" => ActionKind::Raise,
            // Said "check" facing a bet: the replay goes on with a call.
            _ => ActionKind::Call,
        };
        let total = match kind {
            ActionKind::Check => None,
            ActionKind::Call => None,
            _ => Some(total),
        };
        Ok(ruled(kind, total, r))
    };
    let legal = |a: Action| -> Result<Ruled, Error> {
        Ok(Ruled {
            action: a,
            ruling: None,
            legal: true,
            corrected: false,
            as_played: None,
            undercall: false,
        })
    };
    let by_total = |t: Chips| -> ActionKind {
        if all_in_total == Some(t) {
            ActionKind::AllIn
        } else if spot.facing == 0 {
            ActionKind::Bet
        } else {
            ActionKind::Raise
        }
    };
    match &mv.act {
        Act::Fold => legal(action(ActionKind::Fold, None)),
        Act::Check if !facing_bet => legal(action(ActionKind::Check, None)),
        // A check facing a bet: "check" said facing a bet.
        Act::Check => by_bet(vec![("declared", "check".into())]),
        Act::CheckOrCall if !facing_bet => legal(action(ActionKind::Check, None)),
        Act::Call(None) | Act::CheckOrCall => {
            if all_in_total.is_some_and(|all| all <= spot.facing) {
                legal(action(ActionKind::AllIn, all_in_total))
            } else {
                legal(action(ActionKind::Call, None))
            }
        }
        Act::Call(Some(put)) => {
            let total = spot.in_front.saturating_add(*put);
            if total >= spot.facing || all_in_total == Some(total) {
                return legal(action(ActionKind::Call, None));
            }
            undercall(*put)
        }
        Act::AllIn(total) => {
            let t = total.or(all_in_total);
            legal(action(ActionKind::AllIn, t))
        }
        Act::Bet(t) | Act::Raise(t) | Act::BetOrRaise(t) => {
            let t = *t;
            let short = match hand.game {
                Game::Limit => t != min,
                Game::NoLimit | Game::PotLimit => t < min,
            };
            let over_pot =
                hand.game == Game::PotLimit && pot_limit_max(spot).is_some_and(|max| t > max);
            let all_in = all_in_total == Some(t);
            if (short && !all_in) || over_pot || (!spot.may_raise && t > spot.facing && !all_in) {
                // Below the minimum or above the maximum: the bet rules on a
                // declared amount ("raise to N").
                let declared = if spot.facing == 0 { "bet" } else { "raise" };
                let mut r = by_bet(vec![
                    ("declared", declared.into()),
                    ("declared_amount", t.to_string()),
                ])?;
                if t < min {
                    let kind = if spot.facing == 0 {
                        ActionKind::Bet
                    } else {
                        ActionKind::Raise
                    };
                    r.as_played = Some(action(kind, Some(t)));
                }
                if hand.game == Game::Limit
                    && t > min
                    && spot.may_raise
                    && let Some(ruling) = r.ruling.as_mut()
                {
                    above_the_limit(rules, ruling);
                }
                return Ok(r);
            }
            legal(action(by_total(t), Some(t)))
        }
        Act::Pushed(chips) => by_bet(vec![("pushed", chips.to_string())]),
        Act::Chips(chips) => by_bet(vec![(
            "chips",
            chips
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
        )]),
        Act::Said(amount) => by_bet(vec![
            ("declared", "number".into()),
            ("declared_amount", amount.to_string()),
        ]),
        Act::TwoMotions(first, second) => by_bet(vec![
            ("declared", "raise".into()),
            ("pushed", first.to_string()),
            ("second_motion", second.to_string()),
        ]),
    }
}

/// A fixed-limit bet or raise above the fixed amount: no edition has a
/// rule for it (their raise rules set a minimum), so the ruling cites none
/// and names the practice the replay follows.
fn above_the_limit(rules: &Rules<'_>, ruling: &mut Ruling) {
    let total = ruling
        .amounts
        .get("total")
        .map(ToString::to_string)
        .unwrap_or_default();
    ruling.citations.clear();
    ruling
        .notes
        .push(rules.ui.f("hand.above_the_limit", &[("total", &total)]));
}

/// The ruling on `mv` made out of turn while `skipped` was to act: it
/// stands unless the skipped player bets or raises before the player acts
/// again (then he may change it).
fn out_of_turn(
    rules: &Rules<'_>,
    ruled: &Action,
    skipped: u8,
    mv: &super::Move,
    street_moves: &[super::Move],
) -> Result<Ruling, Error> {
    let kind = match ruled.kind {
        ActionKind::Check => "check",
        ActionKind::Call => "call",
        ActionKind::Fold => "fold",
        ActionKind::Bet => "bet",
        ActionKind::Raise | ActionKind::AllIn => "raise",
    };
    let here = street_moves
        .iter()
        .position(|m| std::ptr::eq(m, mv))
        .unwrap_or(0);
    let changed = street_moves
        .iter()
        .skip(here + 1)
        .take_while(|m| m.player != mv.player)
        .any(|m| {
            m.player == skipped
                && matches!(
                    m.act,
                    Act::Bet(_) | Act::Raise(_) | Act::BetOrRaise(_) | Act::AllIn(_)
                )
        });
    decide(
        rules,
        "out-of-turn",
        &[
            ("oot_action", kind.to_string()),
            (
                "action_changed",
                if changed { "yes" } else { "no" }.to_string(),
            ),
            ("skipped_spoke", "yes".to_string()),
        ],
    )
}

fn game_id(game: Game) -> &'static str {
    game.into()
}

/// Players still in the hand in this round (not folded).
fn hand_active(round: &Round) -> usize {
    round
        .contributions()
        .iter()
        .filter(|(_, _, folded)| !folded)
        .count()
}

impl Replay {
    /// The rulings behind the next player's options: whether betting is
    /// open for him and the minimum raise (`reopening`), and in pot-limit
    /// the maximum (`pot-limit`), from the round as played (as ruled).
    /// An incident that cannot start from this point (the hand has a player
    /// act whom the round as ruled does not call on) gives no ruling: the
    /// options stand on the round alone.
    pub fn options_rulings(&self, rules: &Rules<'_>) -> Result<Vec<Ruling>, Error> {
        let Some(situation) = &self.situation else {
            return Ok(Vec::new());
        };
        let mut ids = vec!["reopening"];
        if situation.game == Game::PotLimit && self.next.as_ref().is_some_and(|n| n.reopened) {
            ids.push("pot-limit");
        }
        ids.into_iter()
            .map(|id| {
                let tree = engine::load(rules.store.source(), id)?;
                let answers: Vec<(&str, String)> = situation
                    .answers_for(id)
                    .into_iter()
                    .filter(|(k, _)| tree.question(k).is_some())
                    .collect();
                Ok(decide(rules, id, &answers).ok())
            })
            .filter_map(Result::transpose)
            .collect()
    }
}

/// The ruling of incident `id` on `answers`, as the CLI gives it.
fn decide(rules: &Rules<'_>, id: &str, answers: &[(&str, String)]) -> Result<Ruling, Error> {
    let tree = engine::load(rules.store.source(), id)?;
    let book = rules.store.book(rules.edition)?;
    let given: BTreeMap<String, String> = answers
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    let mut source = GivenAnswers::new(&tree, given)?;
    let walked = engine::walk(&tree, &mut source)?;
    engine::decide(&tree, &book, rules.ui, &walked)
}

/// The players still in with no chips behind (all-in, maybe on the ante).
fn all_in_now(behind: &BTreeMap<u8, Option<Chips>>, folded: &BTreeMap<u8, bool>) -> Vec<u8> {
    behind
        .iter()
        .filter(|(p, s)| **s == Some(0) && !folded.get(p).copied().unwrap_or(false))
        .map(|(p, _)| *p)
        .collect()
}

fn finish(
    hand: &Hand,
    rules: &Rules<'_>,
    steps: Vec<Step>,
    (paid, dead, all_in): (&BTreeMap<u8, Chips>, Chips, &[u8]),
    folded: &BTreeMap<u8, bool>,
    round: Option<Round>,
    next: Option<Next>,
) -> Result<Replay, Error> {
    let mut paid = paid.clone();
    let mut folded = folded.clone();
    // Stopped mid-round: that round's chips count too.
    if let Some(round) = round {
        for (p, total, f) in round.contributions() {
            if let Ok(p) = p.parse::<u8>() {
                let sum = paid.entry(p).or_default();
                *sum = add(*sum, total, "hand").map_err(bad)?;
                if f {
                    folded.insert(p, true);
                }
            }
        }
    }
    // A player all-in on his ante has no chips in besides, but he may win
    // the antes.
    let contributions: Vec<(u8, Chips, bool)> = paid
        .iter()
        .filter(|(p, c)| **c > 0 || (dead > 0 && all_in.contains(p)))
        .map(|(p, c)| (*p, *c, folded.get(p).copied().unwrap_or(false)))
        .collect();
    let (pots, returned) = match layer_pots_with_dead(&contributions, dead).map_err(bad)? {
        Some((pots, returned)) => (pots, returned),
        None => (Vec::new(), None),
    };
    let over = next.is_none();
    let pots: Vec<Pot<u8>> = pots;
    // Who won each pot: the `win:` groups (fewer groups than pots: the
    // last group wins the rest), or PHH winnings matched to the pots.
    let groups: Vec<Vec<u8>> = if !over {
        Vec::new()
    } else if !hand.winnings.is_empty() {
        match_winnings(hand, rules, &pots)?
    } else {
        winner_groups(hand, &pots, &folded)?
    };
    let mut out = Vec::new();
    for (i, pot) in pots.into_iter().enumerate() {
        let winners = groups.get(i).cloned().unwrap_or_default();
        let (won, split) = shares(hand, rules, pot.amount, &winners)?;
        out.push(PotOut {
            amount: pot.amount,
            eligible: pot.eligible,
            won,
            split,
        });
    }
    Ok(Replay {
        edition: rules.edition.to_string(),
        steps,
        pots: out,
        returned: returned.map(|r| (r.player, r.amount)),
        next,
        situation: None,
        contributions,
        dead,
    })
}

/// The winners of each pot from the `win:` groups: a winner must be seated
/// and still in; a group given for a pot names only players who may win
/// it. Fewer groups than pots: the last group wins the rest, each pot by
/// those of the group who may win it.
fn winner_groups(
    hand: &Hand,
    pots: &[Pot<u8>],
    folded: &BTreeMap<u8, bool>,
) -> Result<Vec<Vec<u8>>, Error> {
    for w in hand.winners.iter().flatten() {
        if !hand.seats.iter().any(|s| s.number == *w) {
            return Err(bad(Message::new(Msg::HandWinnerAbsent).arg("seat", w)));
        }
        if folded.get(w).copied().unwrap_or(false) {
            return Err(bad(Message::new(Msg::HandWinnerFolded).arg("seat", w)));
        }
    }
    let mut groups = Vec::new();
    for (i, pot) in pots.iter().enumerate() {
        let given = hand.winners.get(i);
        if let Some(group) = given
            && let Some(w) = group.iter().find(|w| !pot.eligible.contains(w))
        {
            let seats: Vec<String> = pot.eligible.iter().map(ToString::to_string).collect();
            return Err(bad(Message::new(Msg::HandWinnerNotEligible)
                .arg("seat", w)
                .arg("group", i + 1)
                .arg("seats", seats.join(", "))));
        }
        let group = given.or_else(|| hand.winners.last());
        groups.push(
            group
                .into_iter()
                .flatten()
                .copied()
                .filter(|w| pot.eligible.contains(w))
                .collect(),
        );
    }
    Ok(groups)
}

/// Each winner's chips from a pot of `amount`: all of it for one winner;
/// split by the edition's rule (odd chips) for several, with the ruling.
fn shares(
    hand: &Hand,
    rules: &Rules<'_>,
    amount: Chips,
    winners: &[u8],
) -> Result<(Vec<Share>, Option<Ruling>), Error> {
    match winners {
        [] => Ok((Vec::new(), None)),
        [one] => Ok((
            vec![Share {
                seat: *one,
                chips: amount,
            }],
            None,
        )),
        _ => {
            let occupied: Vec<String> = hand.seats.iter().map(|s| s.number.to_string()).collect();
            let names: Vec<String> = winners.iter().map(ToString::to_string).collect();
            let r = decide(
                rules,
                "split-pot",
                &[
                    ("pot", amount.to_string()),
                    ("winners", names.join(",")),
                    ("button", hand.button.to_string()),
                    ("seats", occupied.join(",")),
                ],
            )?;
            let won = winners
                .iter()
                .filter_map(|w| {
                    let chips = r
                        .amounts
                        .get(&format!("seat_{w}"))
                        .and_then(serde_json::Value::as_u64)?;
                    Some(Share { seat: *w, chips })
                })
                .collect();
            Ok((won, Some(r)))
        }
    }
}

/// Most splits tried when matching PHH winnings to the pots.
const MATCH_TRIES: usize = 4096;

/// The winners of each pot that give every player exactly the chips the
/// PHH `winnings` say he won: each pot goes to one or several of the
/// players who may win it (split by the edition's rule), main pot first.
/// Winnings that no such choice gives are refused, naming both.
fn match_winnings(hand: &Hand, rules: &Rules<'_>, pots: &[Pot<u8>]) -> Result<Vec<Vec<u8>>, Error> {
    let mut remaining: BTreeMap<u8, Chips> = BTreeMap::new();
    for (p, chips) in hand.winnings.iter().filter(|(_, c)| *c > 0) {
        let sum = remaining.entry(*p).or_default();
        *sum = add(*sum, *chips, "winnings").map_err(bad)?;
    }
    let mut search = Search {
        hand,
        rules,
        pots,
        groups: Vec::new(),
        tries: 0,
    };
    if search.from(0, &mut remaining)? {
        return Ok(search.groups);
    }
    let won: Vec<String> = hand
        .winnings
        .iter()
        .filter(|(_, c)| *c > 0)
        .map(|(p, c)| format!("{p}:{c}"))
        .collect();
    let pots: Vec<String> = pots.iter().map(|p| p.amount.to_string()).collect();
    Err(bad(Message::new(Msg::HandWinnings)
        .arg("winnings", won.join(", "))
        .arg("pots", pots.join(", "))))
}

struct Search<'a> {
    hand: &'a Hand,
    rules: &'a Rules<'a>,
    pots: &'a [Pot<u8>],
    groups: Vec<Vec<u8>>,
    tries: usize,
}

impl Search<'_> {
    /// Chooses the winners of pot `i` and those after it; `remaining` is
    /// what each player has still to win.
    fn from(&mut self, i: usize, remaining: &mut BTreeMap<u8, Chips>) -> Result<bool, Error> {
        let Some(pot) = self.pots.get(i) else {
            return Ok(remaining.values().all(|c| *c == 0));
        };
        // Somebody who may win no later pot must have won it all by now.
        let later = |p: &u8| self.pots.iter().skip(i).any(|q| q.eligible.contains(p));
        if remaining.iter().any(|(p, c)| *c > 0 && !later(p)) {
            return Ok(false);
        }
        let candidates: Vec<u8> = pot
            .eligible
            .iter()
            .copied()
            .filter(|p| remaining.get(p).is_some_and(|c| *c > 0))
            .collect();
        let n = candidates.len().min(10);
        let mut subsets: Vec<u32> = (1..(1u32 << n)).collect();
        subsets.sort_by_key(|m| m.count_ones());
        for mask in subsets {
            self.tries += 1;
            if self.tries > MATCH_TRIES {
                return Ok(false);
            }
            let winners: Vec<u8> = candidates
                .iter()
                .enumerate()
                .filter(|(k, _)| mask & (1 << k) != 0)
                .map(|(_, p)| *p)
                .collect();
            let (won, _) = shares(self.hand, self.rules, pot.amount, &winners)?;
            if won
                .iter()
                .any(|s| remaining.get(&s.seat).is_none_or(|c| *c < s.chips))
            {
                continue;
            }
            for s in &won {
                if let Some(c) = remaining.get_mut(&s.seat) {
                    *c -= s.chips;
                }
            }
            self.groups.push(winners);
            if self.from(i + 1, remaining)? {
                return Ok(true);
            }
            self.groups.pop();
            for s in &won {
                if let Some(c) = remaining.get_mut(&s.seat) {
                    *c += s.chips;
                }
            }
        }
        Ok(false)
    }
}
