//! Rounds told as played with irregular actions in them: undercalls in a
//! row, or a bet or raise below the minimum that others called. The round
//! starts from [`super::as_played::round_before`]; the legal actions are
//! applied to the one betting round ([`Round`]), each irregular action is
//! recorded with the spot its player faced, and the round goes on from the
//! action as the rules correct it.

use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{Action, ActionKind, Chips, Round, Spot};

/// An action that put out chips, with the spot its player faced.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Irregular {
    /// Who acted.
    pub player: String,
    /// His total for the round after the action, as he put it out.
    pub total: Chips,
    /// The bet he faced.
    pub facing: Chips,
    /// His own chips in front before the action.
    pub in_front: Chips,
    /// The number of the action in the list, from 1.
    #[serde(skip)]
    pub number: usize,
}

/// The spot of the player of action `n`; errors name `actions`.
pub fn spot_at(round: &Round, n: usize, action: &Action) -> Result<(String, Spot), Error> {
    let Some(player) = action.player.clone() else {
        return Err(Error::input(
            "actions",
            Message::new(Msg::ActionNoPlayer).arg("item", action),
        ));
    };
    let spot = round.spot(&player).map_err(|m| {
        Error::input(
            "actions",
            Message::new(Msg::ActionAt)
                .arg("n", n)
                .arg("player", &player)
                .nested("problem", m),
        )
    })?;
    Ok((player, spot))
}

/// Applies action `n` as the rules let it stand; errors name `actions`.
pub fn apply(round: &mut Round, n: usize, action: &Action) -> Result<(), Error> {
    round
        .apply(n, action)
        .map_err(|m| Error::input("actions", m))
}

/// The same action with another kind and total.
pub fn as_ruled(action: &Action, kind: ActionKind, total: Option<Chips>) -> Action {
    Action {
        player: action.player.clone(),
        kind,
        total,
    }
}
