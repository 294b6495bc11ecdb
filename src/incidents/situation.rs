//! The one betting situation every betting incident rules on, built here
//! and nowhere else: from the round as the floor saw it (the actions, with
//! the players' chips where given) or from the numbers (the bet faced, the
//! last raise, the player's chips in front...). Either way the result is
//! the same [`Situation`]: the player's [`Spot`] on the one betting round of
//! the poker model, who the player is, and what was assumed on the way.
//!
//! Whose action is ruled is never guessed: with the actions, the player is
//! named (or the hand is heads-up, where the next to act is certain); a
//! ruling without him is refused, naming the question, and the walkthrough
//! asks it.

use serde::Deserialize;

use crate::engine::read::{ReadError, read};
use crate::engine::registry::FromAnswers;
use crate::engine::{Answers, Cx};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{
    Action, ActionKind, AddedUp, Chips, Game, HouseMinimum, RaiseCap, Round, Setup, Spot, Street,
    spot::ChipsAllow,
};
use crate::rules::params::Resolved;

/// The answers that tell a betting round, the same keys in every betting
/// incident (SPEC sections 4-5): each incident's tree asks those it needs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Told {
    /// The betting structure (incidents of one structure have none).
    pub game: Option<Game>,
    /// Which round: it places the blinds; in limit it sizes the bet.
    pub street: Option<Street>,
    /// Pre-flop: the small blind.
    pub small_blind: Option<Chips>,
    /// The big blind (in limit: the small bet).
    pub big_blind: Option<Chips>,
    /// The round's actions before the one ruled: given, the round tells
    /// the numbers below.
    pub actions: Option<Vec<Action>>,
    /// Whose action is ruled, as the actions name him.
    pub player: Option<String>,
    /// The players' chips behind at the start of the round (after the
    /// blinds), by name.
    pub stacks: Option<Vec<(String, Chips)>>,
    /// Told in numbers: the total bet the player faces this round.
    pub facing: Option<Chips>,
    /// Told in numbers: the last full bet or raise this round.
    pub last_raise: Option<Chips>,
    /// Told in numbers: the player's own chips already in front this round.
    pub in_front: Option<Chips>,
    /// Told in numbers: betting is open for him (no short all-in since he
    /// last acted).
    pub reopened: Option<bool>,
    /// In limit: whether the raises of the round reached the house's cap.
    pub raises: Option<RaisesMade>,
    /// The player's chips behind before acting; told by the actions, the
    /// stacks give them (this overrides).
    pub stack: Option<Chips>,
}

/// In limit, the raises made this round against the house's cap (TDA 48).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum RaisesMade {
    /// Fewer than the cap, or no cap applies (the event is down to two
    /// players, TDA 48): he may still raise.
    UnderCap,
    /// The cap is reached: he may call or fold.
    CapReached,
}

/// An incident's own answers with the round told: each read from its own
/// keys (a betting incident's tree asks both).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithRound<A> {
    /// The incident's own answers.
    pub answers: A,
    /// The round told.
    pub told: Told,
}

impl<A: serde::de::DeserializeOwned> FromAnswers for WithRound<A> {
    fn fields() -> Vec<&'static str> {
        let mut fields = A::fields();
        fields.extend(Told::fields());
        fields
    }

    fn own_fields() -> Vec<&'static str> {
        A::fields()
    }

    fn read(answers: &Answers) -> Result<Self, ReadError> {
        let own = A::fields();
        let told = Told::fields();
        Ok(WithRound {
            answers: read(answers, Some(&own))?,
            told: read(answers, Some(&told))?,
        })
    }
}

/// What a betting incident needs of the situation besides the spot.
#[derive(Debug, Clone, Copy, Default)]
pub struct Needs {
    /// The incident's own betting structure (`undercall`: no-limit,
    /// `pot-limit`: pot-limit); `None`: the `game` answer.
    pub game: Option<Game>,
    /// Told in numbers, whether betting is open for him decides (`bet`):
    /// asked where it can differ, else taken as open and said.
    pub reopened: bool,
    /// In limit, whether the raises are capped decides (`bet`): counted on
    /// the round, or asked.
    pub cap: bool,
    /// The hand is heads-up: with the actions, the next to act is certain.
    pub heads_up: bool,
    /// In limit, the house's cap on raises, as the incident has it.
    pub raise_cap: Option<RaiseCap>,
    /// The chips in the pot before the round, where the incident was told
    /// them: with them the round knows its pot, and a pot-limit bet over
    /// the pot is refused.
    pub pot_before: Option<Chips>,
    /// Pre-flop a blind is short (all-in for less) and is faced at its full
    /// size (`pot-limit`, 54-B): the bet faced may be told below the big
    /// blind.
    pub short_blind: bool,
    /// The round without the house's minimum raise (DPC-1): what the TDA
    /// raise rule alone gives, to tell whether the house decided.
    pub without_house: bool,
}

/// The situation of the player whose action is ruled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    /// The round's fixed facts.
    pub setup: Setup,
    /// The player, as the actions name him; `None` told in numbers ("the
    /// player").
    pub player: Option<String>,
    /// His spot: the bet, his chips, the last full raise, the pot, whether
    /// he may raise.
    pub spot: Spot,
    /// The round as played, told by its actions.
    pub round: Option<Round>,
    /// What was taken as said (the card names each).
    pub notes: Vec<Note>,
}

impl Situation {
    /// Betting is open for the player only because several short all-ins
    /// together made a full raise (told by the actions): an edition whose
    /// rule on re-opening does not say they add up follows the practice
    /// there, and the card says so where it decided.
    pub fn reopened_by_short_all_ins(&self) -> bool {
        match (&self.round, &self.player) {
            (Some(round), Some(player)) => round.reopened_by_short_all_ins(player),
            _ => false,
        }
    }
}

crate::notes! {
    /// What the situation took as said, for the card.
    pub enum Note {
        /// The round was not named: taken as after the flop.
        StreetUnnamed = "street_unnamed",
        /// Betting taken as still open for him.
        ReopenedAssumed = "reopened_assumed",
        /// The limit raises taken as not capped.
        CapAssumed = "cap_assumed",
        /// In limit, short all-ins taken to add up to the share of a bet
        /// that re-opens ([`Round::limit_short_all_ins_added`]).
        LimitAllInsAdded(AddedUp) = "limit_all_ins_added",
    }
}

impl Situation {
    /// The situation the answers tell: from the actions when given, else
    /// from the numbers. Errors name the answer at fault, or the one the
    /// case needs (`player` when the actions do not say whose action it
    /// is).
    pub fn read(told: &Told, needs: Needs, cx: &mut Cx<'_>) -> Result<Situation, Error> {
        match &told.actions {
            Some(actions) => Self::played(told, actions, needs, cx),
            None => Self::numbers(told, needs, cx),
        }
    }

    /// The game of the situation.
    pub fn game(&self) -> Game {
        self.setup.game
    }

    /// Told by the actions.
    pub fn played(
        told: &Told,
        actions: &[Action],
        needs: Needs,
        cx: &mut Cx<'_>,
    ) -> Result<Situation, Error> {
        let (setup, round) = round(told, actions, needs, cx)?;
        let player = match told.player.as_deref().map(str::trim) {
            Some(p) => p.to_string(),
            None => certain_player(&round, needs)?,
        };
        if setup.street.is_preflop() && player == "SB" && setup.small_blind.is_none() {
            return Err(Error::input(
                "small_blind",
                Message::new(Msg::SmallBlindNeeded),
            ));
        }
        // Heads-up said against actions that show more players in the
        // hand (the player himself counted where they have not named him
        // yet): the answer that decides is refused, not ruled on.
        let in_hand = round.live() + usize::from(!round.knows(&player));
        if needs.heads_up && in_hand > 2 {
            return Err(Error::input(
                "heads_up",
                Message::new(Msg::HeadsUpButMore).arg("players", in_hand),
            ));
        }
        let mut spot = round.spot(&player).map_err(|m| Error::input("player", m))?;
        if told.stack.is_some() {
            spot.stack = told.stack;
        }
        if needs.cap && setup.game == Game::Limit {
            spot.capped = capped_as_played(told.raises, &round, cx)?;
            spot.may_raise = spot.may_raise && !spot.capped;
        }
        reopen_share_read(&round, &player, cx)?;
        let mut notes = Vec::new();
        if told.street.is_none() {
            notes.push(Note::StreetUnnamed);
        }
        if let Some(added) = round.limit_short_all_ins_added() {
            notes.push(Note::LimitAllInsAdded(added.clone()));
        }
        Ok(Situation {
            setup,
            player: Some(player),
            spot,
            round: Some(round),
            notes,
        })
    }

    /// Told in numbers.
    fn numbers(told: &Told, needs: Needs, cx: &mut Cx<'_>) -> Result<Situation, Error> {
        let game = needs.game.or(told.game).unwrap_or_default();
        let facing = told.facing.ok_or_else(|| super::answer_needed("facing"))?;
        let big_blind = told.big_blind.unwrap_or(0);
        // Pre-flop every player faces at least the big blind: less is a
        // fact misread (the default 0 among them), never ruled on.
        if told.street.is_some_and(Street::is_preflop) && facing < big_blind && !needs.short_blind {
            return Err(Error::input(
                "facing",
                Message::new(Msg::PreflopFacingBelowBlind)
                    .arg("facing", facing)
                    .arg("big_blind", big_blind),
            ));
        }
        // Asked against a bet where it can count: not asked, nothing in
        // front.
        let in_front = told.in_front.unwrap_or(0);
        let mut setup = Setup::new(game, told.street.unwrap_or_default(), big_blind);
        setup.small_blind = told.small_blind;
        setup.house = house_minimum(&cx.params);
        let mut spot = Spot {
            in_front,
            full_raise: match told.last_raise {
                Some(last) => last,
                None if facing == 0 => big_blind,
                None => facing,
            },
            stack: told.stack,
            house: setup.house,
            ..Spot::new(game, big_blind, facing)
        };
        let mut notes = Vec::new();
        if needs.reopened || needs.cap {
            spot.unit = setup
                .named_unit()
                .map_err(|(key, m)| Error::input(key, m))?;
        }
        if needs.reopened {
            let (open, assumed) = open_for_him(told.reopened, &spot, setup, cx)?;
            spot.may_raise = open;
            if assumed {
                notes.push(Note::ReopenedAssumed);
            }
        }
        // Limit: asked against a bet; unanswered, not capped (said).
        if needs.cap && game == Game::Limit && facing > 0 {
            spot.capped = told.raises == Some(RaisesMade::CapReached);
            if spot.capped {
                // Which cap: the house's (its practice noted).
                cx.params.limit_raise_cap();
            }
            if told.raises.is_none() {
                notes.push(Note::CapAssumed);
            }
            spot.may_raise = spot.may_raise && !spot.capped;
        }
        Ok(Situation {
            setup,
            player: None,
            spot,
            round: None,
            notes,
        })
    }
}

/// The round told by `actions`, replayed with the players' chips, and its
/// setup. Errors name `actions`, `stacks`, `big_blind` or the setup's key.
fn round(
    told: &Told,
    actions: &[Action],
    needs: Needs,
    cx: &mut Cx<'_>,
) -> Result<(Setup, Round), Error> {
    let (setup, stacks, actions) = read_round(told, actions, needs, cx)?;
    let round =
        Round::replay_seated(setup, &stacks, &actions).map_err(|(key, m)| Error::input(key, m))?;
    Ok((*round.setup(), round))
}

/// The round before its first action, with the players' chips seated, and
/// the actions parsed, for incidents that walk the actions one by one
/// (irregular ones included). Errors name `actions`, `stacks` or the
/// setup's key.
pub fn round_before(
    told: &Told,
    actions: &[Action],
    needs: Needs,
    cx: &mut Cx<'_>,
) -> Result<(Round, Vec<Action>), Error> {
    let (setup, stacks, actions) = read_round(told, actions, needs, cx)?;
    if actions.is_empty() {
        return Err(Error::input("actions", Message::new(Msg::AnswerEmptyList)));
    }
    let mut round = Round::new(setup).map_err(|(key, m)| Error::input(key, m))?;
    for (name, chips) in &stacks {
        round.seat(name, Some(*chips));
    }
    Ok((round, actions))
}

/// The round as played to the end of `actions` (its pots, who folded).
pub fn round_played(
    told: &Told,
    actions: &[Action],
    needs: Needs,
    cx: &mut Cx<'_>,
) -> Result<Round, Error> {
    round(told, actions, needs, cx).map(|(_, round)| round)
}

type Read = (Setup, Vec<(String, Chips)>, Vec<Action>);

fn read_round(
    told: &Told,
    actions: &[Action],
    needs: Needs,
    cx: &mut Cx<'_>,
) -> Result<Read, Error> {
    let game = needs.game.or(told.game).unwrap_or_default();
    let big_blind = told
        .big_blind
        .ok_or_else(|| super::answer_needed("big_blind"))?;
    let actions = actions.to_vec();
    let stacks = told.stacks.clone().unwrap_or_default();
    let mut setup = Setup::new(game, told.street.unwrap_or_default(), big_blind);
    setup.small_blind = told.small_blind;
    setup.raise_cap = needs.raise_cap;
    setup.dead = needs.pot_before;
    setup.pot_limit_held = needs.pot_before.is_some();
    setup.house = house_minimum(&cx.params).filter(|_| !needs.without_house);
    // The share of a bet that re-opens limit betting matters only after an
    // all-in short of a bet: looked at then; its practice is noted where it
    // decided (see Situation::played).
    if game == Game::Limit && actions.iter().any(|a| a.kind == ActionKind::AllIn) {
        let mut peek = Resolved::new(cx.params.stated());
        setup.limit_reopen_percent = limit_reopen_percent_of(&mut peek)?;
    }
    Ok((setup, stacks, actions))
}

/// The house's minimum raise where the edition (or its house rules) sets
/// one above TDA 43 (`min_raise_multiple`, DPC-1); the one place a round's
/// setup learns it, for the incidents and for `floor hand` alike.
pub fn house_minimum(params: &Resolved<'_>) -> Option<HouseMinimum> {
    params
        .min_raise_multiple()
        .map(|m| HouseMinimum { multiple: m.get() })
}

/// The house minimum where it raised the minimum raise a card shows above
/// TDA 43: the numbers its note states, and the concept of the rule that
/// sets it (cited beside the raise rule).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseRaise {
    /// How many times the bet faced a raise must reach.
    pub multiple: u32,
    /// The total bet faced ("prior bet" as it is read).
    pub facing: Chips,
    /// The minimum raise-to under the house.
    pub house: Chips,
    /// The minimum raise-to under TDA 43 alone.
    pub tda: Chips,
    /// The concept of the rule that sets it (DPC-1's house note).
    pub rule: Option<String>,
}

impl HouseRaise {
    /// Where the house minimum raised the minimum raise-to of `spot`.
    pub fn of(spot: &Spot, cx: &Cx<'_>) -> Option<HouseRaise> {
        let house = spot.house?;
        let (min, tda) = spot.house_raised()?;
        Some(HouseRaise {
            multiple: house.multiple,
            facing: spot.facing,
            house: min,
            tda,
            rule: cx.concept_stating("min_raise_multiple").map(str::to_string),
        })
    }

    /// Whether a house minimum is set but not applied because the game is
    /// limit (a raise there is one fixed bet): the card says so where it
    /// shows a raise against a bet.
    pub fn not_in_limit(spot: &Spot) -> bool {
        spot.game == Game::Limit && spot.house.is_some() && spot.facing > 0
    }

    /// Cites the raise rule it changes (TDA 43) and, beside it, the house
    /// rule that sets it.
    pub fn cite<I: crate::engine::Incident>(&self, d: &mut crate::engine::Decision<I>) {
        let raise = crate::rules::concepts::RAISE_AMOUNTS;
        if !d.cites.iter().any(|c| c.concept == raise) {
            d.cites.push(raise.into());
        }
        d.changed_by.clone_from(&self.rule);
    }
}

// The placeholders of its note (`notes.house_min_raise`), the same in
// every incident that shows it.
crate::note_args!(HouseRaise {
    multiple,
    facing,
    house,
    tda
});

/// A total the player must reach less the chips already in front of him:
/// what he puts in now (`notes.bet_adds`). Every card that gives a total
/// to bet or call tells it where he has chips in front, so the floor never
/// hands over the total a second time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adds {
    /// The total he reaches.
    pub total: Chips,
    /// His chips already in front.
    pub in_front: Chips,
    /// What he puts in now.
    pub adds: Chips,
}

impl Adds {
    /// What reaching `total` adds to `in_front`: `None` with nothing in
    /// front (the total is what he puts in) or nothing to add.
    pub fn of(total: Chips, in_front: Chips) -> Option<Adds> {
        if in_front == 0 {
            return None;
        }
        let adds = total.checked_sub(in_front).filter(|a| *a > 0)?;
        Some(Adds {
            total,
            in_front,
            adds,
        })
    }
}

crate::note_args!(AddedUp {
    player,
    total,
    added,
    share
});

crate::note_args!(Adds {
    total,
    in_front,
    adds
});

/// A call that takes all the player's chips (`notes.call_all_in`): the
/// card's total to call is then his all-in, and he has no raise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallAllIn {
    /// His total once all-in.
    pub total: Chips,
    /// The total bet he faces.
    pub facing: Chips,
}

impl CallAllIn {
    /// The all-in call of the player at `spot`, where his chips do not
    /// cover more than the bet he faces.
    pub fn of(spot: &Spot) -> Option<CallAllIn> {
        match spot.chips_allow() {
            ChipsAllow::CallAllIn { total } => Some(CallAllIn {
                total,
                facing: spot.facing,
            }),
            _ => None,
        }
    }
}

crate::note_args!(CallAllIn { total, facing });

/// A raise the player can only make all-in, short of the legal minimum
/// (`notes.raise_all_in_only`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaiseAllInOnly {
    /// His total once all-in.
    pub total: Chips,
    /// The smallest legal total of a bet or raise.
    pub min_raise_to: Chips,
}

impl RaiseAllInOnly {
    /// The all-in raise of the player at `spot`, where his chips go past
    /// the call but not to a legal bet or raise.
    pub fn of(spot: &Spot) -> Option<RaiseAllInOnly> {
        match spot.chips_allow() {
            ChipsAllow::RaiseAllInOnly {
                total,
                min_raise_to,
            } => Some(RaiseAllInOnly {
                total,
                min_raise_to,
            }),
            _ => None,
        }
    }
}

crate::note_args!(RaiseAllInOnly {
    total,
    min_raise_to
});

/// Whose action it is when the answers do not name him: certain only in a
/// heads-up hand whose two players the actions show; otherwise the question
/// is the floor's to answer, and the ruling is refused without it.
fn certain_player(round: &Round, needs: Needs) -> Result<String, Error> {
    let known = round.seating();
    if needs.heads_up
        && known.len() == 2
        && let Some(next) = round.to_act()
    {
        return Ok(next.to_string());
    }
    Err(Error::input(
        "player",
        Message::new(Msg::PlayerNeeded).arg("known", known.join(", ")),
    ))
}

/// In limit after an all-in, the share that re-opens decides whether
/// `player` may raise when the bet grew since he acted by less than a bet:
/// read from the edition then, so that a practice it falls back to is noted.
/// Every incident that tells a player's options from a round calls it.
/// True where the share decides them: the card cites the rule that states
/// it.
pub(crate) fn reopen_share_read(
    round: &Round,
    player: &str,
    cx: &mut Cx<'_>,
) -> Result<bool, Error> {
    let setup = round.setup();
    let decides = setup.game == Game::Limit
        && setup.limit_reopen_percent != 100
        && round.acted(player)
        && (1..setup.unit().unwrap_or(Chips::MAX)).contains(&round.raised_since_acted(player));
    if decides {
        limit_reopen_percent(cx)?;
    }
    Ok(decides)
}

/// The edition's share of a bet that re-opens limit betting (read, and
/// noted on the card where it falls back to practice, only where it
/// matters).
pub(crate) fn limit_reopen_percent(cx: &mut Cx<'_>) -> Result<u8, Error> {
    limit_reopen_percent_of(&mut cx.params)
}

fn limit_reopen_percent_of(params: &mut Resolved<'_>) -> Result<u8, Error> {
    let percent = params.limit_reopen_percent().get();
    u8::try_from(percent).map_err(|_| {
        Error::input(
            "limit_reopen_percent",
            Message::new(Msg::Percent).arg("value", percent),
        )
    })
}

/// Whether the raises of a limit round told by its actions are capped for
/// the player: once the round's raises reach the house's cap, unless the
/// floor says heads-up lifted it (`raises` = under-cap); before that, not.
fn capped_as_played(
    said: Option<RaisesMade>,
    round: &Round,
    cx: &mut Cx<'_>,
) -> Result<bool, Error> {
    let raises = round.raises();
    // The cap is looked at once a raise was made (a cap is at least one
    // raise), and read (its practice noted) only once it is reached: where
    // it decides, as the floor's "cap reached" reads it told in numbers.
    let cap = if raises > 0 {
        Resolved::new(cx.params.stated()).limit_raise_cap().get()
    } else {
        u32::MAX
    };
    if raises >= cap {
        cx.params.limit_raise_cap();
    }
    match said {
        None if raises >= cap => Err(Error::input(
            "raises",
            Message::new(Msg::BetCapReached)
                .arg("raises", raises)
                .arg("cap", cap),
        )),
        Some(RaisesMade::CapReached) if raises < cap => Err(Error::input(
            "raises",
            Message::new(Msg::BetCapNotReached)
                .arg("raises", raises)
                .arg("cap", if cap == u32::MAX { 0 } else { cap }),
        )),
        Some(s) => Ok(s == RaisesMade::CapReached),
        None => Ok(false),
    }
}

/// Whether betting is open for the player told by the numbers (TDA 47),
/// and whether that was assumed. With nothing in front he has not acted or
/// checked, so a bet of at least a full bet (in limit: the edition's share
/// of one) is open to him either way; only a smaller one, a short all-in
/// after his check, needs to be told. With chips in front the answer is
/// asked; left unanswered it is taken as open and the card says so.
fn open_for_him(
    reopened: Option<bool>,
    spot: &Spot,
    setup: Setup,
    cx: &mut Cx<'_>,
) -> Result<(bool, bool), Error> {
    if spot.facing == 0 {
        return Ok((true, false));
    }
    if spot.in_front > 0 {
        return Ok(reopened.map_or((true, true), |open| (open, false)));
    }
    let full = match spot.game {
        Game::NoLimit | Game::PotLimit => spot.big_blind,
        // Below the street's bet only: the share is read (and a practice
        // noted) only then.
        Game::Limit if spot.facing < spot.unit => {
            let mut setup = setup;
            setup.limit_reopen_percent = limit_reopen_percent(cx)?;
            setup
                .limit_reopen_share()
                .map_err(|m| Error::input("big_blind", m))?
        }
        Game::Limit => spot.unit,
    };
    match reopened {
        Some(open) if spot.facing < full => Ok((open, false)),
        None if spot.facing < full => Err(Error::input(
            "reopened",
            Message::new(Msg::BetReopenedNeeded)
                .arg("facing", spot.facing)
                .arg("full", full),
        )),
        // The cap on limit raises is its own answer (`raises`).
        Some(false) => Err(Error::input(
            "reopened",
            Message::new(Msg::BetOpenFacingFullBet)
                .arg("facing", spot.facing)
                .arg("full", full),
        )),
        Some(open) => Ok((open, false)),
        None => Ok((true, false)),
    }
}
