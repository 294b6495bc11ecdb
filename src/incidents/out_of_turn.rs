//! Action out of turn: whether an out-of-turn action stands (incident
//! `out-of-turn`).
//!
//! Owns the decision of TDA 2019 rule 53 (TDA 2015 rule 40, Pokerpunt rule
//! 44, ONK rule 53). The five bundled editions agree on it, so there is no
//! edition parameter. Pure: no I/O, no edition lookup.

use serde::Deserialize;

use crate::error::Error;
use crate::incident::{Cx, Decision, Incident};

/// The action taken out of turn: the one action enum of the poker model
/// (the tree offers check, call, bet, raise and fold).
pub use crate::poker::ActionKind as OotAction;

/// The `out-of-turn` incident.
pub struct OutOfTurn;

/// The answers of `out-of-turn` (SPEC section 5).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What the out-of-turn player did.
    pub oot_action: OotAction,
    /// The action changed before it reached him.
    pub action_changed: Option<bool>,
    /// The skipped player spoke up before substantial action behind him.
    pub skipped_spoke: Option<bool>,
}

impl Incident for OutOfTurn {
    const ID: &'static str = "out-of-turn";
    type Answers = Answers;
    type Outcome = OutOfTurnOutcome;

    fn rule(a: Answers, _: &mut Cx<'_>) -> Result<Decision<OutOfTurnOutcome>, Error> {
        let r = out_of_turn(&OutOfTurnInput {
            oot_action: a.oot_action,
            action_changed: a.action_changed.unwrap_or(false),
            skipped_spoke: a.skipped_spoke.unwrap_or(false),
        });
        let mut d = Decision::new(r.outcome, r.concepts);
        d.discretion = Some(r.discretion);
        d.data("chips_returned", r.chips_returned);
        Ok(d)
    }
}

/// The answers of the `out-of-turn` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfTurnInput {
    /// What the out-of-turn player did.
    pub oot_action: OotAction,
    /// Whether the action changed before it reached the out-of-turn player
    /// (a bet or raise by a player in between; see [`action_changed`]).
    pub action_changed: bool,
    /// Whether the skipped player spoke up before substantial action
    /// occurred behind him.
    pub skipped_spoke: bool,
}

/// The outcome ids of the `out-of-turn` incident.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum OutOfTurnOutcome {
    /// The out-of-turn action stands when the action reaches the player.
    Binding,
    /// The action changed: the out-of-turn action is void, any chips it put
    /// out are returned and the player has all options (fold, call, raise).
    NotBinding,
    /// A fold out of turn is always binding.
    FoldBinding,
    /// The skipped player did not speak up before substantial action: the
    /// out-of-turn action stands and the floor rules how to treat the
    /// skipped hand (up to ruling it dead or limiting it to non-aggressive
    /// action).
    SkippedHandDiscretion,
}

/// The out-of-turn ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfTurnRuling {
    /// What becomes of the out-of-turn action.
    pub outcome: OutOfTurnOutcome,
    /// True when chips the out-of-turn player put out go back to him.
    pub chips_returned: bool,
    /// True when the floor decides (the skipped hand).
    pub discretion: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Whether the actions taken between the skipped player and the out-of-turn
/// player change the action (rule 53-A): only a bet or a raise does; "a
/// check, call or fold by the correct player does not change action".
///
/// ```
/// use floor::incidents::out_of_turn::{OotAction, action_changed};
///
/// assert!(!action_changed(&[OotAction::Check, OotAction::Fold]));
/// assert!(action_changed(&[OotAction::Call, OotAction::Raise]));
/// ```
pub fn action_changed(between: &[OotAction]) -> bool {
    between
        .iter()
        .any(|a| matches!(a, OotAction::Bet | OotAction::Raise))
}

/// Rules on an action out of turn (rule 53 in TDA 2019 numbering, 40 in the
/// German TDA 2015, 44 in Pokerpunt, 53 in ONK; concept `action-out-of-turn`,
/// with `substantial-action` when the skipped player lost his say).
///
/// In order of precedence:
/// 1. a fold out of turn is binding ([`OutOfTurnOutcome::FoldBinding`]);
/// 2. if the skipped player did not speak up before substantial action
///    behind him, the out-of-turn action is binding and the floor rules on
///    the skipped hand ([`OutOfTurnOutcome::SkippedHandDiscretion`]);
/// 3. if the action changed, the out-of-turn action is not binding: chips
///    are returned, all options ([`OutOfTurnOutcome::NotBinding`]);
/// 4. otherwise it is binding ([`OutOfTurnOutcome::Binding`]).
///
/// ```
/// use floor::incidents::out_of_turn::{OotAction, OutOfTurnInput, OutOfTurnOutcome, out_of_turn};
///
/// // onk-2023-nl rule 53: seat 5 calls 600 out of turn, seat 4 stays silent
/// // while seat 6 folds: the call stands, the floor rules on seat 4.
/// let r = out_of_turn(&OutOfTurnInput {
///     oot_action: OotAction::Call,
///     action_changed: false,
///     skipped_spoke: false,
/// });
/// assert_eq!(r.outcome, OutOfTurnOutcome::SkippedHandDiscretion);
/// ```
pub fn out_of_turn(input: &OutOfTurnInput) -> OutOfTurnRuling {
    let chips = input.oot_action.puts_chips_in();
    let (outcome, concepts) = if input.oot_action == OotAction::Fold {
        (OutOfTurnOutcome::FoldBinding, vec!["action-out-of-turn"])
    } else if !input.skipped_spoke {
        (
            OutOfTurnOutcome::SkippedHandDiscretion,
            vec!["action-out-of-turn", "substantial-action"],
        )
    } else if input.action_changed {
        (OutOfTurnOutcome::NotBinding, vec!["action-out-of-turn"])
    } else {
        (OutOfTurnOutcome::Binding, vec!["action-out-of-turn"])
    };
    OutOfTurnRuling {
        outcome,
        chips_returned: outcome == OutOfTurnOutcome::NotBinding && chips,
        discretion: outcome == OutOfTurnOutcome::SkippedHandDiscretion,
        concepts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::substantial_action::{SaOutcome, SaThresholds, substantial_action};
    use OotAction::*;
    use OutOfTurnOutcome::*;

    fn rule(oot_action: OotAction, action_changed: bool, skipped_spoke: bool) -> OutOfTurnRuling {
        out_of_turn(&OutOfTurnInput {
            oot_action,
            action_changed,
            skipped_spoke,
        })
    }

    // onk-2023-nl rule 53-B: "Deze twee acties voldoen aan de bindende actie regel. ...
    // De out of turn actie van seat 5 is nu bindend. Het is aan de toernooileiding om te
    // beslissen wat seat 4 nu nog mag doen."
    #[test]
    fn onk_2023_nl_r53_call_and_fold_behind_skipped_seat_bind_the_oot_call() {
        // Seat 5 calls 600 out of turn, seat 6 folds: two actions behind seat 4.
        let sa = substantial_action(&[Call, Fold], SaThresholds::default()).unwrap();
        assert_eq!(sa.outcome, SaOutcome::SubstantialAction);
        let r = rule(Call, false, false);
        assert_eq!(r.outcome, SkippedHandDiscretion);
        assert!(r.discretion && !r.chips_returned);
        assert_eq!(r.concepts, vec!["action-out-of-turn", "substantial-action"]);
    }

    #[test]
    fn table_of_out_of_turn_rulings() {
        // (action, changed, spoke, outcome, chips returned)
        let cases = [
            (Check, false, true, Binding, false),
            (Call, false, true, Binding, false),
            (Bet, false, true, Binding, false),
            (Raise, false, true, Binding, false),
            (Check, true, true, NotBinding, false),
            (Call, true, true, NotBinding, true),
            (Bet, true, true, NotBinding, true),
            (Raise, true, true, NotBinding, true),
            (Fold, false, true, FoldBinding, false),
            (Fold, true, true, FoldBinding, false),
            (Fold, true, false, FoldBinding, false),
            (Bet, true, false, SkippedHandDiscretion, false),
            (Check, false, false, SkippedHandDiscretion, false),
        ];
        for (a, changed, spoke, outcome, returned) in cases {
            let r = rule(a, changed, spoke);
            assert_eq!((r.outcome, r.chips_returned), (outcome, returned), "{a:?}");
        }
    }

    #[test]
    fn only_bets_and_raises_change_the_action() {
        assert!(!action_changed(&[]));
        assert!(!action_changed(&[Check, Call, Fold]));
        assert!(action_changed(&[Bet]));
        assert!(action_changed(&[Fold, Raise]));
    }

    #[test]
    fn the_answer_is_the_one_action_enum() {
        let a: Answers = serde_json::from_str(r#"{"oot_action": "raise"}"#).unwrap();
        assert_eq!(a.oot_action, Raise);
        assert!(serde_json::from_str::<Answers>(r#"{"oot_action": "muck"}"#).is_err());
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [
            OutOfTurnOutcome::Binding,
            OutOfTurnOutcome::NotBinding,
            OutOfTurnOutcome::FoldBinding,
            OutOfTurnOutcome::SkippedHandDiscretion,
        ]
        .iter()
        .map(|o| {
            serde_json::to_value(o)
                .unwrap()
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
        assert_eq!(
            ids,
            [
                "binding",
                "not-binding",
                "fold-binding",
                "skipped-hand-discretion"
            ]
        );
    }
}
