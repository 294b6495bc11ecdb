//! Whole hands as they were played, read from hand histories (PHH, the open
//! hand-history format, one hand a file or many in a `.phhs` file) or from
//! the compact notation a floor person types, and replayed on the one poker
//! model: every action is checked against the betting round, and an
//! irregular one gets the ruling of the matching incident (see [`replay`]).
//!
//! - [`source`]: the hands of the files, directories and streams given;
//! - [`phh`] and [`compact`]: one hand's text as a [`Hand`];
//! - [`unit`]: amounts in the record's own unit (cents, half chips);
//! - [`replay`]: the betting, step by step, with the rulings;
//! - [`result`]: the pots, who won them and the stacks at the end, as the
//!   record states them (winnings, final stacks) and checked against them.

pub mod ask;
pub mod compact;
pub mod phh;
pub mod replay;
pub mod result;
pub mod source;
pub mod unit;

use crate::message::{Message, Msg};
use crate::poker::cards::Card;
use crate::poker::variant::{Stage, Variant};
use crate::poker::{Chips, Game};

pub use replay::{Replay, Step, replay};
pub use unit::{Money, Unit};

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

/// A hand: the table, the forced bets, the actions of each betting round
/// and what the record says of the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// The variant (its betting structure, rounds and split).
    pub variant: Variant,
    /// The betting structure (the variant's).
    pub game: Game,
    /// The unit of every amount.
    pub unit: Unit,
    /// The players in clockwise order from the first seat left of the
    /// button (stud: of the dealer); the last one has the button.
    pub seats: Vec<Seated>,
    /// The small blind (the first blind) — what a betting incident started
    /// from the hand is told.
    pub small_blind: Chips,
    /// The big blind: the minimum bet (in limit: the small bet).
    pub big_blind: Chips,
    /// Stud: the bring-in.
    pub bring_in: Option<Chips>,
    /// The antes are trimmed to the second highest (PHH
    /// `ante_trimming_status`): a player's ante is his own contribution to
    /// the pots, the part of an ante nobody matched comes back. Otherwise
    /// antes are dead money in the main pot.
    pub ante_trimming: bool,
    /// The betting rounds played, in order.
    pub streets: Vec<Played>,
    /// Who won each pot, main pot first (the compact notation's `win:`);
    /// empty when not given.
    pub winners: Vec<Vec<u8>>,
    /// What the record says each player won, by player (PHH `winnings`:
    /// after rake, maybe with his uncalled chips); `None` when not given.
    pub winnings: Option<Vec<Chips>>,
    /// The stacks at the end, by player (PHH `finishing_stacks`).
    pub finishing: Option<Vec<Chips>>,
    /// The record's own name of the hand (PHH `hand`).
    pub id: Option<String>,
    /// The notation the hand was written in.
    pub notation: Notation,
    /// The cards known of each player (dealt or shown), by player.
    pub cards: Vec<(u8, Vec<Card>)>,
}

/// The notation of a hand: how its players are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// PHH: players `p1`, `p2`, … in table order.
    Phh,
    /// The compact notation: players by their seat numbers.
    Compact,
}

impl Notation {
    /// How the notation names player `number` (`p3`; a seat number in the
    /// compact notation).
    pub fn label(self, number: u8) -> String {
        match self {
            Notation::Phh => format!("p{number}"),
            Notation::Compact => number.to_string(),
        }
    }
}

/// A player at the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    /// His number as the hand's actions name him (PHH `p3` is 3; a seat
    /// number in the compact notation).
    pub number: u8,
    /// The seat he sits in, when the record says (PHH `seats`; the compact
    /// notation's seat).
    pub seat: Option<u8>,
    /// His name, when the record gives it (PHH `players`).
    pub name: Option<String>,
    /// His chips at the start of the hand; `None` when not known.
    pub stack: Option<Chips>,
    /// The blind or straddle he posts in position (live).
    pub blind: Chips,
    /// A blind he posts out of position, to play at once (PHH: a negative
    /// `blinds_or_straddles` entry): live, but it does not move the action.
    pub post: Chips,
    /// His ante.
    pub ante: Chips,
}

impl Seated {
    /// A player with `stack`, numbered `number`, nothing posted.
    pub fn new(number: u8, stack: Option<Chips>) -> Seated {
        Seated {
            number,
            seat: None,
            name: None,
            stack,
            blind: 0,
            post: 0,
            ante: 0,
        }
    }
}

/// One betting round as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Which round.
    pub stage: Stage,
    /// The cards dealt face up before it, by player (stud).
    pub up: Vec<(u8, Vec<Card>)>,
    /// The actions in the order they happened.
    pub actions: Vec<Move>,
}

impl Played {
    /// A round with no action yet.
    pub fn new(stage: Stage) -> Played {
        Played {
            stage,
            up: Vec::new(),
            actions: Vec::new(),
        }
    }
}

/// One action as the record gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Who acted.
    pub player: u8,
    /// What he did.
    pub act: Act,
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
    /// Bet or raise to a total, whichever the situation is (PHH `cbr`; in
    /// stud also the completion of the bring-in).
    BetOrRaise(Chips),
    /// Stud: the bring-in posted (PHH `pb`).
    BringIn,
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

impl Act {
    /// The action as `notation` writes it, amounts in `unit`, the player
    /// left out: `cbr 7000`, `cc` (PHH); `r600`, `m1000+500` (compact).
    /// An action one notation has no word for (a PHH record has no
    /// oversized chip) is written as the other writes it.
    pub fn written(&self, notation: Notation, unit: Unit) -> String {
        let show = |c: Chips| unit.show(c);
        let phh = notation == Notation::Phh;
        match self {
            Act::Fold => "f".into(),
            Act::CheckOrCall => "cc".into(),
            Act::BringIn => "pb".into(),
            Act::BetOrRaise(to) => format!("cbr {}", show(*to)),
            Act::Check if phh => "cc".into(),
            Act::Check => "x".into(),
            Act::Call(None) if phh => "cc".into(),
            Act::Call(None) => "c".into(),
            Act::Call(Some(put)) => format!("c{}", show(*put)),
            Act::Bet(to) | Act::Raise(to) if phh => format!("cbr {}", show(*to)),
            Act::Bet(to) => format!("b{}", show(*to)),
            Act::Raise(to) => format!("r{}", show(*to)),
            Act::TwoMotions(first, second) => format!("r{}+{}", show(*first), show(*second)),
            Act::AllIn(None) => "a".into(),
            Act::AllIn(Some(to)) => format!("a{}", show(*to)),
            Act::Pushed(put) => format!("p{}", show(*put)),
            Act::Chips(chips) => match chips.as_slice() {
                [one] => format!("o{}", show(*one)),
                all => {
                    let each: Vec<String> = all.iter().map(|c| show(*c)).collect();
                    format!("m{}", each.join("+"))
                }
            },
            Act::Said(said) => format!("s{}", show(*said)),
        }
    }
}

/// An action of a hand as its record's notation writes it: shown, and
/// serialized, as `p3 cbr 7000` (PHH) or `3 r600` (compact).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// Who acted and what he did.
    pub action: Move,
    /// The record's notation.
    pub notation: Notation,
    /// The record's unit.
    pub unit: Unit,
}

impl Recorded {
    /// What he did, without who: `r600`.
    pub fn act(&self) -> String {
        self.action.act.written(self.notation, self.unit)
    }
}

impl std::fmt::Display for Recorded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let player = self.notation.label(self.action.player);
        write!(f, "{player} {}", self.act())
    }
}

impl serde::Serialize for Recorded {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Hand {
    /// The player on the button (the last; stud: the dealer's right).
    pub fn button(&self) -> u8 {
        self.seats.last().map_or(0, |s| s.number)
    }

    /// The player numbered `number`.
    pub fn seated(&self, number: u8) -> Option<&Seated> {
        self.seats.iter().find(|s| s.number == number)
    }

    /// How the hand's notation names player `number` (`p3`; a seat number
    /// in the compact notation).
    pub fn label(&self, number: u8) -> String {
        self.notation.label(number)
    }

    /// `action` as the hand's record writes it.
    pub fn recorded(&self, action: &Move) -> Recorded {
        Recorded {
            action: action.clone(),
            notation: self.notation,
            unit: self.unit,
        }
    }
}
