//! Chips out of view (incident `chips-out-of-view`).
//!
//! Concept `chips-out-of-view`: rule 63 (58 in the German TDA 2015). The
//! sanction is the edition's, read from its record: onk-2023-nl and
//! pokerpunt-nl disqualify the player ("worden gediskwalificeerd",
//! provision `outofview-disqualified`) and remove his chips; tda-2015-de,
//! tda-2019-sk and dpc-2019-en take the chips out of view ("will forfeit
//! the chips", `outofview-forfeit`) and leave disqualification to the TD
//! ("may be disqualified"). pokerpunt-nl alone exempts chips in a sealed
//! bag or a house rack (`outofview-sealed-exempt`). Penalties part D
//! removes a disqualified player's chips.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::poker::Chips;

/// The `chips-out-of-view` incident.
pub struct ChipsOutOfView;

/// The answers of `chips-out-of-view`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The chips were in a sealed bag or a house rack (asked where the
    /// edition exempts them).
    pub in_rack_or_bag: Option<bool>,
    /// The value of the chips out of view, when counted.
    pub chips: Option<Chips>,
}

/// The amounts of `chips-out-of-view`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The chips he forfeits, when counted.
    pub forfeited: Option<Chips>,
}

crate::notes! {
    /// The notes of `chips-out-of-view`.
    pub enum Note {
        /// The edition's rule states no sanction: TDA practice.
        TdaPractice = "out_of_view_practice",
    }
}

impl Incident for ChipsOutOfView {
    const ID: &'static str = "chips-out-of-view";
    type Answers = Answers;
    type Outcome = OutOfViewOutcome;
    type Amounts = Amounts;
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &[
        "outofview-disqualified",
        "outofview-forfeit",
        "outofview-sealed-exempt",
    ];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<ChipsOutOfView>, Error> {
        let (outcome, sanction) = judge(cx, a.in_rack_or_bag)?;
        let mut d = Decision::<ChipsOutOfView>::plain(outcome);
        d.discretion = Some(outcome == OutOfViewOutcome::Forfeit);
        if outcome == OutOfViewOutcome::Forfeit {
            d.amounts.forfeited = a.chips;
        }
        if sanction == Sanction::Unstated && outcome == OutOfViewOutcome::Forfeit {
            d.notes.push(Note::TdaPractice);
        }
        Ok(d)
    }
}

/// The outcome in the edition in use, and the sanction its rule states
/// (also read by `offence-penalty` for a detour on a table move).
pub fn judge(
    cx: &Cx<'_>,
    in_rack_or_bag: Option<bool>,
) -> Result<(OutOfViewOutcome, Sanction), Error> {
    let sanction = if cx.states("outofview-disqualified")? {
        Sanction::Disqualify
    } else if cx.states("outofview-forfeit")? {
        Sanction::Forfeit
    } else {
        Sanction::Unstated
    };
    let exempt = cx.states("outofview-sealed-exempt")? && in_rack_or_bag == Some(true);
    Ok((out_of_view(sanction, exempt), sanction))
}

/// The sanction the edition's rule states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sanction {
    /// The player is disqualified.
    Disqualify,
    /// He forfeits the chips; the TD may disqualify him.
    Forfeit,
    /// The rule states none (TDA practice: forfeit).
    Unstated,
}

crate::outcomes! {
    /// The outcome id of the `chips-out-of-view` incident.
    pub enum OutOfViewOutcome {
        /// The player is disqualified and his chips removed.
        Disqualified => [CHIPS_OUT_OF_VIEW, PENALTIES],
        /// He forfeits the chips out of view; the TD may disqualify him.
        Forfeit => [CHIPS_OUT_OF_VIEW, PENALTIES],
        /// The chips were in a sealed bag or a house rack: no offence.
        Exempt => [CHIPS_OUT_OF_VIEW],
    }
}

/// Rules on chips held or carried out of view, by the edition's sanction
/// and whether an exemption it states applies.
///
/// ```
/// use floor::incidents::chips_out_of_view::{out_of_view, OutOfViewOutcome, Sanction};
/// assert_eq!(out_of_view(Sanction::Forfeit, false), OutOfViewOutcome::Forfeit);
/// ```
pub fn out_of_view(sanction: Sanction, exempt: bool) -> OutOfViewOutcome {
    match (exempt, sanction) {
        (true, _) => OutOfViewOutcome::Exempt,
        (false, Sanction::Disqualify) => OutOfViewOutcome::Disqualified,
        (false, Sanction::Forfeit | Sanction::Unstated) => OutOfViewOutcome::Forfeit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // onk-2023-nl 63 "worden gediskwalificeerd"; dpc-2019-en 63 "will forfeit the chips and
    // may be disqualified"; pokerpunt-nl 63 "Indien toernooichips niet in een afgesloten
    // sealbag of door het huis geleverde racks zitten".
    #[test]
    fn sanction_and_exemption() {
        use OutOfViewOutcome::*;
        let rows = [
            (Sanction::Disqualify, false, Disqualified),
            (Sanction::Disqualify, true, Exempt),
            (Sanction::Forfeit, false, Forfeit),
            (Sanction::Unstated, false, Forfeit),
        ];
        for (sanction, exempt, want) in rows {
            assert_eq!(out_of_view(sanction, exempt), want);
        }
    }
}
