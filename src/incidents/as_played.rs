//! The betting incidents told the round as it was played: the actions (and,
//! when known, the players' chips) are replayed on the one betting round of
//! [`crate::poker::Round`], and the situation of the player in question is
//! derived from it instead of being given as numbers.

use crate::engine::Cx;
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::action::parse_stacks;
use crate::poker::{Action, ActionKind, Chips, Game, Round, Setup, Spot, Street, parse_actions};

/// The round as the floor was told it.
#[derive(Debug, Clone, Copy)]
pub struct Played<'a> {
    /// The betting structure.
    pub game: Game,
    /// Which round.
    pub street: Street,
    /// The big blind.
    pub big_blind: Chips,
    /// The small blind (pre-flop: the small blind's chips in front).
    pub small_blind: Option<Chips>,
    /// `PLAYER:ACTION[:TOTAL],...` before the action in question.
    pub actions: &'a str,
    /// Whose action is in question; the next to act when not given.
    pub player: Option<&'a str>,
    /// `PLAYER:CHIPS,...`, the chips behind at the start of the round.
    pub stacks: Option<&'a str>,
}

/// The round replayed, the player in question (empty: one who has not
/// acted yet) and his spot. Errors name `actions`, `stacks`, `small_blind`
/// or `player`.
pub fn replay(played: Played<'_>, cx: &mut Cx<'_>) -> Result<(Round, String, Spot), Error> {
    let (setup, stacks, actions) = read(&played, cx)?;
    let round =
        Round::replay_seated(setup, &stacks, &actions).map_err(|(key, m)| Error::input(key, m))?;
    // Not named: the next to act among the players the actions show, or
    // else a player who has not acted yet this round.
    let player = match played.player {
        Some(p) => p.trim().to_string(),
        None => round.to_act().map(str::to_string).unwrap_or_default(),
    };
    if played.street.is_preflop() && player == "SB" && played.small_blind.is_none() {
        return Err(Error::input(
            "small_blind",
            Message::new(Msg::SmallBlindNeeded),
        ));
    }
    let spot = round.spot(&player).map_err(|m| Error::input("player", m))?;
    Ok((round, player, spot))
}

/// The round replayed, for incidents that need the whole round rather than
/// one player's spot (the pots). Errors name `actions`, `stacks` or the
/// setup's key.
pub fn round(played: Played<'_>, cx: &mut Cx<'_>) -> Result<Round, Error> {
    let (setup, stacks, actions) = read(&played, cx)?;
    Round::replay_seated(setup, &stacks, &actions).map_err(|(key, m)| Error::input(key, m))
}

/// The round before its first action, with the players' chips seated, and
/// the actions parsed, for incidents that walk the actions one by one
/// (irregular ones included). Errors name `actions`, `stacks` or the
/// setup's key.
pub fn round_before(played: Played<'_>, cx: &mut Cx<'_>) -> Result<(Round, Vec<Action>), Error> {
    let (setup, stacks, actions) = read(&played, cx)?;
    if actions.is_empty() {
        return Err(Error::input("actions", Message::new(Msg::AnswerEmptyList)));
    }
    let mut round = Round::new(setup).map_err(|(key, m)| Error::input(key, m))?;
    for (name, chips) in &stacks {
        round.seat(name, Some(*chips));
    }
    Ok((round, actions))
}

type Read = (Setup, Vec<(String, Chips)>, Vec<Action>);

fn read(played: &Played<'_>, cx: &mut Cx<'_>) -> Result<Read, Error> {
    let actions = parse_actions(played.actions).map_err(|m| Error::input("actions", m))?;
    let stacks = match played.stacks {
        Some(text) => parse_stacks(text).map_err(|m| Error::input("stacks", m))?,
        None => Vec::new(),
    };
    let mut setup = Setup::new(played.game, played.street, played.big_blind);
    setup.small_blind = played.small_blind;
    // The share of a bet that re-opens limit betting matters only after an
    // all-in short of a bet; read only then, so that no other limit ruling
    // carries a note about it.
    if played.game == Game::Limit && actions.iter().any(|a| a.kind == ActionKind::AllIn) {
        setup.limit_reopen_percent = limit_reopen_percent(cx)?;
    }
    Ok((setup, stacks, actions))
}

/// The edition's share of a bet that re-opens limit betting (read, and
/// noted on the card where it falls back to practice, only by a round with
/// an all-in).
pub(crate) fn limit_reopen_percent(cx: &mut Cx<'_>) -> Result<u8, Error> {
    let percent = cx.params.limit_reopen_percent().get();
    u8::try_from(percent).map_err(|_| {
        Error::input(
            "limit_reopen_percent",
            Message::new(Msg::Percent).arg("value", percent),
        )
    })
}
