//! A whole hand as it was played, read from a PHH file (the open
//! hand-history format) or from the compact notation a floor person types,
//! and replayed on the one poker model: every action is checked against the
//! betting round, and an irregular one gets the ruling of the matching
//! incident (see [`replay`]).

pub mod compact;
pub mod phh;
pub mod replay;

use crate::poker::{Chips, Game, Street};

pub use replay::{Replay, Step, replay};

use crate::message::{Message, Msg};

/// The most players a hand seats (a full ring game table).
pub const MAX_PLAYERS: usize = 10;
/// The most actions a hand holds, all rounds together. A real hand has a
/// few dozen; a file with more is refused before it is replayed, so a
/// replay's time and memory are bounded whatever the file holds.
pub const MAX_ACTIONS: usize = 1000;

impl Hand {
    /// Refuses a hand no table plays: a seat listed twice, more than
    /// [`MAX_PLAYERS`] players or more than [`MAX_ACTIONS`] actions. Both
    /// notations end their parse here.
    pub fn within_limits(self) -> Result<Hand, Message> {
        if self.seats.len() > MAX_PLAYERS {
            return Err(Message::new(Msg::HandTooManyPlayers)
                .arg("count", self.seats.len())
                .arg("max", MAX_PLAYERS));
        }
        for (i, seat) in self.seats.iter().enumerate() {
            if self.seats.iter().take(i).any(|s| s.number == seat.number) {
                return Err(Message::new(Msg::HandSeatTwice).arg("seat", seat.number));
            }
        }
        let actions: usize = self.streets.iter().map(|s| s.actions.len()).sum();
        if actions > MAX_ACTIONS {
            return Err(Message::new(Msg::HandTooManyActions).arg("max", MAX_ACTIONS));
        }
        Ok(self)
    }
}

/// A hand: the table, the forced bets and the actions of each street.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// The betting structure.
    pub game: Game,
    /// The players in clockwise table order.
    pub seats: Vec<Seated>,
    /// The player on the button.
    pub button: u8,
    /// The small blind.
    pub small_blind: Chips,
    /// The big blind (in limit: the small bet).
    pub big_blind: Chips,
    /// Each player's ante, by player number (a big-blind ante is the big
    /// blind's only).
    pub antes: Vec<(u8, Chips)>,
    /// The betting rounds played, in order.
    pub streets: Vec<Played>,
    /// Who won each pot, main pot first; empty when not given.
    pub winners: Vec<Vec<u8>>,
    /// The chips each player won from the pots, by player (PHH
    /// `winnings`); matched to the pots at the end. Empty when not given.
    pub winnings: Vec<(u8, Chips)>,
}

/// A player at the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    /// His number as the hand numbers him (PHH `p3` is 3; a seat number in
    /// the compact notation).
    pub number: u8,
    /// His chips at the start of the hand; `None` when not known.
    pub stack: Option<Chips>,
}

/// One betting round as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Which round.
    pub street: Street,
    /// The actions in the order they happened.
    pub actions: Vec<Move>,
}

/// One action as it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Who acted.
    pub player: u8,
    /// What he did.
    pub act: Act,
    /// The action as written in the hand file.
    pub given: String,
}

/// What a player did, as the hand describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// Fold.
    Fold,
    /// Check.
    Check,
    /// Call; with the chips put out when fewer than the call (an undercall).
    Call(Option<Chips>),
    /// Check or call, whichever the situation is (PHH `cc`).
    CheckOrCall,
    /// Bet to a total.
    Bet(Chips),
    /// Raise to a total.
    Raise(Chips),
    /// Bet or raise to a total, whichever the situation is (PHH `cbr`).
    BetOrRaise(Chips),
    /// All the player's chips; the total when given.
    AllIn(Option<Chips>),
    /// Chips put out silently, nothing said: a plain amount.
    Pushed(Chips),
    /// Chips put out silently, nothing said: the denominations.
    Chips(Vec<Chips>),
    /// A number said alone ("fourteen hundred").
    Said(Chips),
    /// "Raise" said, chips put out in two motions (a string bet unless the
    /// edition accepts the second motion).
    TwoMotions(Chips, Chips),
}
