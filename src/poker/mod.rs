//! The one model of a poker hand that every betting ruling rests on.
//!
//! Chips, seats, the game's betting structure, streets, actions (one enum,
//! one grammar), and one betting round ([`Round`]) from which everything is
//! derived: whose turn it is, the amount to call, the minimum raise-to, the
//! pot-limit maximum, whether betting is re-opened for a player, the round's
//! opening bet and the pots with their eligible players. The situation one
//! player faces is a [`Spot`]; incidents that are told the numbers instead of
//! the actions build a `Spot` directly, so both paths share every formula.
//!
//! Pure: no I/O, no user-facing text (errors are [`Message`]s, rendered in
//! the UI language by the caller), no edition lookup (edition differences
//! arrive as typed parameters).

pub mod action;
pub mod amount;
pub mod cards;
pub mod pots;
pub mod round;
pub mod seats;
pub mod spot;
pub mod variant;

use crate::message::{Message, Msg};

pub use action::{Action, ActionKind, parse_actions};
pub use pots::{Pot, Returned, layer_pots, layer_pots_with_dead};
pub use round::{AddedUp, PreflopOpener, RaiseCap, Round, Setup, Standing, TableSeat};
pub use spot::{HouseMinimum, Spot};

/// A chip amount: an integer count of chips' value, never a float.
pub type Chips = u64;

/// A seat number at a table.
pub type Seat = u8;

/// The betting structure of the game being played.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Game {
    /// No-limit: any raise up to the player's stack.
    #[default]
    NoLimit,
    /// Pot-limit: raises capped at the size of the pot.
    PotLimit,
    /// Fixed limit: bets and raises of a fixed size.
    Limit,
}

/// The betting round of a hand.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Street {
    /// Before the flop: the posted big blind is the round's first bet.
    Preflop,
    /// The flop.
    Flop,
    /// The turn (in limit games: the big bet).
    Turn,
    /// The river (in limit games: the big bet).
    River,
    /// A round after the flop, not named: it starts with no bet.
    #[default]
    Postflop,
}

impl Street {
    /// Before the flop.
    pub fn is_preflop(self) -> bool {
        self == Street::Preflop
    }

    /// In limit games, how many small bets one bet of this street is: 1
    /// pre-flop and on the flop, 2 on the turn and river; `None` for a
    /// post-flop street that was not named.
    pub fn limit_multiple(self) -> Option<Chips> {
        match self {
            Street::Preflop | Street::Flop => Some(1),
            Street::Turn | Street::River => Some(2),
            Street::Postflop => None,
        }
    }
}

/// Checked addition; `input` names what overflowed.
pub fn add(a: Chips, b: Chips, input: &'static str) -> Result<Chips, Message> {
    a.checked_add(b)
        .ok_or_else(|| Message::new(Msg::Overflow).arg("input", input))
}

/// Checked multiplication; `input` names what overflowed.
pub fn mul(a: Chips, b: Chips, input: &'static str) -> Result<Chips, Message> {
    a.checked_mul(b)
        .ok_or_else(|| Message::new(Msg::Overflow).arg("input", input))
}
