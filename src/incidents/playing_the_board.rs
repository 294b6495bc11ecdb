//! Playing the board (incident `playing-the-board`).
//!
//! Concept `playing-the-board`: rule 19 (18 in the German TDA 2015). Every
//! bundled edition says the same: to get part of the pot a player who plays
//! the board must table all his hole cards ("all hole cards", "alle
//! kaarten", "alle Handkarten", "všetky svoje karty"; pokerpunt-nl "zijn
//! kaarten", with "alle kaarten" defined in its 13-A). Cards he let go face
//! down still count while 100% identifiable and retrievable (rule 14);
//! cards that cannot be identified leave him no claim (rule 13-B).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;

/// The `playing-the-board` incident.
pub struct PlayingTheBoard;

/// The answers of `playing-the-board`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// He has tabled all his hole cards.
    pub tabled_all: bool,
    /// The cards he has not tabled are still 100% identifiable and
    /// retrievable (asked when not all are tabled).
    pub retrievable: Option<bool>,
}

impl Incident for PlayingTheBoard {
    const ID: &'static str = "playing-the-board";
    type Answers = Answers;
    type Outcome = BoardOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<PlayingTheBoard>, Error> {
        let outcome = playing_the_board(a.tabled_all, a.retrievable)
            .ok_or_else(|| super::answer_needed("retrievable"))?;
        Ok(Decision::<PlayingTheBoard>::plain(outcome))
    }
}

crate::outcomes! {
    /// The outcome id of the `playing-the-board` incident.
    pub enum BoardOutcome {
        /// All his hole cards are tabled: he shares the pot.
        Shares => [PLAYING_THE_BOARD, TABLING_CARDS],
        /// Not all tabled but still retrievable: he must table them to share.
        MustTable => [PLAYING_THE_BOARD, TABLING_CARDS, LIVE_CARDS_AT_SHOWDOWN],
        /// His cards can no longer be identified: no claim to the pot.
        NoClaim => [TABLING_CARDS, PLAYING_THE_BOARD],
    }
}

/// Rules on a player who plays the board: `None` when not all cards are
/// tabled and whether the rest is retrievable was not said.
///
/// ```
/// use floor::incidents::playing_the_board::{playing_the_board, BoardOutcome};
/// assert_eq!(playing_the_board(false, Some(true)), Some(BoardOutcome::MustTable));
/// ```
pub fn playing_the_board(tabled_all: bool, retrievable: Option<bool>) -> Option<BoardOutcome> {
    match (tabled_all, retrievable) {
        (true, _) => Some(BoardOutcome::Shares),
        (false, Some(true)) => Some(BoardOutcome::MustTable),
        (false, Some(false)) => Some(BoardOutcome::NoClaim),
        (false, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // dpc-2019-en 19: "To play the board, a player must table all hole cards to get part of
    // the pot"; 14: "table cards that remain 100% identifiable and retrievable"; 13-B: "the
    // player has no claim to the pot".
    #[test]
    fn table_of_cases() {
        let rows = [
            (true, None, Some(BoardOutcome::Shares)),
            (true, Some(false), Some(BoardOutcome::Shares)),
            (false, Some(true), Some(BoardOutcome::MustTable)),
            (false, Some(false), Some(BoardOutcome::NoClaim)),
            (false, None, None),
        ];
        for (tabled, retrievable, want) in rows {
            assert_eq!(playing_the_board(tabled, retrievable), want);
        }
    }
}
