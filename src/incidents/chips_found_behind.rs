//! Chips found behind an all-in player after a call (incident
//! `chips-found-behind`).
//!
//! Concept `chips-found-behind`: TDA 2019 rule 62, with `accepted-action`
//! when the TD rules the chips part of the action. Whether the chips of a
//! losing all-in player go to the winner is the edition's word: the TDA
//! text says the TD "may award" them, ONK and Pokerpunt that the TD "will
//! give" them (provision `found-behind-to-winner`, its force).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::poker::Chips;
use crate::rules::concepts::{self as c};

/// The `chips-found-behind` incident.
pub struct ChipsFoundBehind;

/// The answers of `chips-found-behind`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The TD rules the found chips part of the accepted action.
    pub part_of_action: bool,
    /// The all-in player won the hand (asked when the chips are not part
    /// of the action).
    pub all_in_won: Option<bool>,
    /// The value of the chips found, echoed in the JSON when given.
    pub found: Option<Chips>,
}

/// What the JSON of `chips-found-behind` carries: the value found, echoed.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The value of the chips found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<Chips>,
}

impl Incident for ChipsFoundBehind {
    const ID: &'static str = "chips-found-behind";
    type Answers = Answers;
    type Outcome = FoundChips;
    type Amounts = ();
    type Extra = Extra;
    type Note = crate::engine::notes::NoNote;
    const PROVISIONS: &'static [&'static str] = &["found-behind-to-winner"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<ChipsFoundBehind>, Error> {
        let won = match (a.part_of_action, a.all_in_won) {
            (true, _) => false,
            (false, Some(won)) => won,
            (false, None) => return Err(super::answer_needed("all_in_won")),
        };
        // Unstated, the TDA practice: the TD may award them.
        let given = cx
            .stated("found-behind-to-winner")?
            .and_then(|terms| terms.force.as_deref())
            == Some("will");
        let r = found_chips(a.part_of_action, won, given);
        // Accepted action decides only when the chips are part of it.
        let concepts = match r {
            FoundChips::InAction => vec![c::CHIPS_FOUND_BEHIND, c::ACCEPTED_ACTION],
            FoundChips::NotPaid | FoundChips::MayGoToCaller | FoundChips::GoToWinner => {
                vec![c::CHIPS_FOUND_BEHIND]
            }
        };
        let mut d = Decision::<ChipsFoundBehind>::new(r, concepts);
        d.discretion = Some(r == FoundChips::MayGoToCaller);
        // The value found changes nothing in the ruling: it is echoed, not
        // an amount the ruling computed.
        d.extra.found = a.found;
        Ok(d)
    }
}

crate::outcomes! {
    /// What happens to chips found behind an all-in player (TDA 2019 rule 62).
    pub enum FoundChips {
        /// The TD rules the chips part of the accepted action: the caller owes them.
        InAction => [CHIPS_FOUND_BEHIND, ACCEPTED_ACTION],
        /// Not part of the action and the all-in player won: he is not paid for them.
        NotPaid => [CHIPS_FOUND_BEHIND],
        /// Not part of the action and the all-in player lost: they do not save
        /// him; the TD may award them to the winning caller.
        MayGoToCaller => [CHIPS_FOUND_BEHIND],
        /// Not part of the action and the all-in player lost, in an edition
        /// whose TD gives them to the winner: no discretion.
        GoToWinner => [CHIPS_FOUND_BEHIND],
    }
}

/// Rules on chips found behind an all-in player after a call;
/// `to_winner_given`: the edition says the TD gives a loser's found chips
/// to the winner (else he may).
///
/// ```
/// use floor::incidents::chips_found_behind::{found_chips, FoundChips};
/// assert_eq!(found_chips(false, true, false), FoundChips::NotPaid);
/// assert_eq!(found_chips(false, false, false), FoundChips::MayGoToCaller);
/// assert_eq!(found_chips(false, false, true), FoundChips::GoToWinner);
/// assert_eq!(found_chips(true, false, true), FoundChips::InAction);
/// ```
pub fn found_chips(
    part_of_action: bool,
    all_in_player_won: bool,
    to_winner_given: bool,
) -> FoundChips {
    match (part_of_action, all_in_player_won, to_winner_given) {
        (true, _, _) => FoundChips::InAction,
        (false, true, _) => FoundChips::NotPaid,
        (false, false, false) => FoundChips::MayGoToCaller,
        (false, false, true) => FoundChips::GoToWinner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_chips_by_action_result_and_the_editions_word() {
        for (part, won, given, outcome) in [
            (true, true, false, FoundChips::InAction),
            (true, false, true, FoundChips::InAction),
            (false, true, false, FoundChips::NotPaid),
            (false, true, true, FoundChips::NotPaid),
            (false, false, false, FoundChips::MayGoToCaller),
            (false, false, true, FoundChips::GoToWinner),
        ] {
            assert_eq!(
                found_chips(part, won, given),
                outcome,
                "{part} {won} {given}"
            );
        }
        let ids: Vec<&str> = [
            FoundChips::InAction,
            FoundChips::NotPaid,
            FoundChips::MayGoToCaller,
            FoundChips::GoToWinner,
        ]
        .into_iter()
        .map(Into::into)
        .collect();
        assert_eq!(
            ids,
            ["in-action", "not-paid", "may-go-to-caller", "go-to-winner"]
        );
    }
}
