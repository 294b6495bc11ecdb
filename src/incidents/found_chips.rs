//! Lost and found chips (incident `found-chips`).
//!
//! Concept `lost-found-chips`: rule 64 (59 in the German TDA 2015). Found
//! chips nobody can be shown to own leave play; the edition's record
//! (provision `lostfound-removed`) says where they go (`then`: the prize
//! pool in onk-2023-nl, the tournament's stock in the others) and which
//! chips the rule covers (`when`: onk-2023-nl and dpc-2019-en only chips
//! whose owner cannot be determined; pokerpunt-nl, tda-2015-de and
//! tda-2019-sk name no owner). No edition says what happens to found chips
//! whose owner is known: the floor decides (rule 1), and where the rule
//! names no owner the card says that a literal reading would remove them
//! too.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::poker::Chips;

/// The `found-chips` incident.
pub struct FoundChips;

/// The answers of `found-chips`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// It can be established whose chips they are.
    pub owner_known: bool,
    /// The value of the chips found, when counted.
    pub found: Option<Chips>,
}

/// The amounts of `found-chips`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The value taken out of play, when counted.
    pub removed_chips: Option<Chips>,
}

impl Incident for FoundChips {
    const ID: &'static str = "found-chips";
    type Answers = Answers;
    type Outcome = FoundOutcome;
    type Amounts = Amounts;
    type Extra = ();
    type Note = crate::engine::notes::NoNote;
    const PROVISIONS: &'static [&'static str] = &["lostfound-removed"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<FoundChips>, Error> {
        let terms = cx.stated("lostfound-removed")?;
        let then = terms.and_then(|t| t.then.as_deref());
        let covers = terms.and_then(|t| t.when.as_deref());
        let outcome = found_chips(a.owner_known);
        let mut d = Decision::<FoundChips>::plain(outcome);
        match outcome {
            FoundOutcome::Removed => {
                if then == Some("prize-pool") {
                    d.remedy_variant = Some("prize-pool");
                }
                d.amounts.removed_chips = a.found;
            }
            FoundOutcome::TdDecides => {
                d.discretion = Some(true);
                if covers != Some("owner-unknown") {
                    d.remedy_variant = Some("no-condition");
                }
            }
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `found-chips` incident.
    pub enum FoundOutcome {
        /// Nobody can be shown to own them: they leave play.
        Removed => [LOST_FOUND_CHIPS],
        /// The owner is known: the floor decides.
        TdDecides => [LOST_FOUND_CHIPS, FLOOR_DECISIONS],
    }
}

/// Rules on found chips by whether their owner is known.
///
/// ```
/// use floor::incidents::found_chips::{found_chips, FoundOutcome};
/// assert_eq!(found_chips(false), FoundOutcome::Removed);
/// ```
pub fn found_chips(owner_known: bool) -> FoundOutcome {
    match owner_known {
        false => FoundOutcome::Removed,
        true => FoundOutcome::TdDecides,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // dpc-2019-en 64: "Lost and found chips for which ownership cannot be determined will be
    // taken out of play"; an owner who is known is not covered.
    #[test]
    fn owner_decides() {
        assert_eq!(found_chips(false), FoundOutcome::Removed);
        assert_eq!(found_chips(true), FoundOutcome::TdDecides);
    }
}
