//! Substantial action (incident `substantial-action`): whether the actions
//! in turn since the deal are enough that a misdeal can no longer be called.
//!
//! Concept `substantial-action`: TDA 2019 rule 36 (also in Pokerpunt and
//! ONK), 35 in the German TDA 2015. The two thresholds are edition
//! parameters; the actions are read with the one action grammar of
//! [`crate::poker::action`].

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{Action, ActionKind};
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::provisions::Term;

/// The `substantial-action` incident.
pub struct SubstantialAction;

/// The answers of `substantial-action` (SPEC section 5).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The actions in turn since the deal, blinds excluded (typed
    /// `check,bet,fold`; who acted may be named, `A:check,B:bet:100`).
    pub actions: Vec<Action>,
}

/// What the JSON of `substantial-action` carries: the counts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Actions in turn.
    pub actions: usize,
    /// Of them, actions that put chips in.
    pub chip_actions: usize,
}

impl Incident for SubstantialAction {
    const ID: &'static str = "substantial-action";
    type Answers = Answers;
    type Outcome = SaOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = SaNote;
    const PROVISIONS: &'static [&'static str] = &[CHIP_ACTIONS, ANY_ACTIONS];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<SubstantialAction>, Error> {
        let kinds: Vec<ActionKind> = a.actions.iter().map(|a| a.kind).collect();
        let thresholds = SaThresholds::of(&mut cx.params);
        let r = substantial_action(&kinds, thresholds)?;
        let mut d = Decision::<SubstantialAction>::new(r.outcome, r.concepts);
        d.extra = Extra {
            actions: r.actions,
            chip_actions: r.chip_actions,
        };
        if in_turn_unsaid(cx) {
            d.notes.push(SaNote::InTurnUnsaid);
        }
        Ok(d)
    }
}

/// The definition's two parts (rule 36 A and B).
const CHIP_ACTIONS: &str = "sa-chip-actions";
const ANY_ACTIONS: &str = "sa-any-actions";

crate::notes! {
    /// The notes of the `substantial-action` card.
    pub enum SaNote {
        /// The edition does not say that the actions counted are in turn
        /// ("opeenvolgende", "aufeinander folgende", "akékoľvek"): the card
        /// counts the actions in turn, as the TDA practice does.
        InTurnUnsaid = "sa_in_turn_unsaid",
    }
}

/// Whether the edition words the actions substantial action counts without
/// saying "in turn" (see [`SaNote::InTurnUnsaid`]). An edition without a
/// record is held to the practice, which says it.
fn in_turn_unsaid(cx: &Cx<'_>) -> bool {
    [CHIP_ACTIONS, ANY_ACTIONS].into_iter().any(|id| {
        ["consecutive", crate::rules::provisions::UNSAID]
            .into_iter()
            .any(|value| cx.words(id, Term::What, value))
    })
}

/// The two thresholds of the substantial-action definition (rule 36): any
/// `sa_chip_actions` actions in turn at least one of which puts chips in, or
/// any `sa_any_actions` actions in turn. Every bundled edition states 2 and
/// 3, the TDA practice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SaThresholds {
    /// Actions needed when at least one of them puts chips in (2).
    pub sa_chip_actions: u32,
    /// Actions needed of any kind (3).
    pub sa_any_actions: u32,
}

impl SaThresholds {
    /// The edition's counts, read where every ruling reads them: a count
    /// the edition does not state is the TDA practice, noted on the card.
    pub fn of(params: &mut crate::rules::params::Resolved<'_>) -> SaThresholds {
        SaThresholds {
            sa_chip_actions: params.sa_chip_actions().get(),
            sa_any_actions: params.sa_any_actions().get(),
        }
    }
}

impl Default for SaThresholds {
    fn default() -> Self {
        SaThresholds {
            sa_chip_actions: 2,
            sa_any_actions: 3,
        }
    }
}

crate::outcomes! {
    /// The outcome ids of the `substantial-action` incident.
    pub enum SaOutcome {
        /// Substantial action has occurred.
        SubstantialAction => [SUBSTANTIAL_ACTION],
        /// It has not.
        NoSubstantialAction => [SUBSTANTIAL_ACTION],
    }
}

/// The substantial-action ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaRuling {
    /// Whether substantial action occurred.
    pub outcome: SaOutcome,
    /// Actions counted.
    pub actions: usize,
    /// Of which put chips in.
    pub chip_actions: usize,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// Decides whether the actions in turn since the deal are substantial action
/// (rule 36 in TDA 2019 numbering and in Pokerpunt and ONK, 35 in the German
/// TDA 2015; concept `substantial-action`).
///
/// SA is A) any `sa_chip_actions` (2) actions in turn at least one of which
/// puts chips in the pot, or B) any `sa_any_actions` (3) actions in turn.
/// Blind posts do not count and are not listed.
///
/// The rule's own gloss, "i.e. any 2 actions except 2 checks or 2 folds"
/// (dpc, onk, pokerpunt, tda-2015-de), does not say what a check followed by
/// a fold is: neither two checks nor two folds, yet no chips went in. Part A
/// decides it: `check,fold` puts no chips in, so it is **not** substantial
/// action; a third action makes it so by part B.
///
/// Errors: a threshold of 0 (`sa_chip_actions`).
///
/// ```
/// use floor::incidents::substantial_action::{SaOutcome, SaThresholds, substantial_action};
/// use floor::poker::ActionKind::{Bet, Check};
///
/// let sa = |a: &[_]| substantial_action(a, SaThresholds::default()).unwrap().outcome;
/// assert_eq!(sa(&[Check, Bet]), SaOutcome::SubstantialAction);
/// assert_eq!(sa(&[Check, Check]), SaOutcome::NoSubstantialAction);
/// assert_eq!(sa(&[Check, Check, Check]), SaOutcome::SubstantialAction);
/// ```
pub fn substantial_action(
    actions: &[ActionKind],
    thresholds: SaThresholds,
) -> Result<SaRuling, Error> {
    if thresholds.sa_chip_actions == 0 || thresholds.sa_any_actions == 0 {
        return Err(Error::input(
            "sa_chip_actions",
            Message::new(Msg::AtLeastOne),
        ));
    }
    let n = actions.len();
    let chips = actions.iter().filter(|a| a.puts_chips_in()).count();
    let at_least = |k: u32| usize::try_from(k).is_ok_and(|k| n >= k);
    let sa =
        (at_least(thresholds.sa_chip_actions) && chips > 0) || at_least(thresholds.sa_any_actions);
    Ok(SaRuling {
        outcome: if sa {
            SaOutcome::SubstantialAction
        } else {
            SaOutcome::NoSubstantialAction
        },
        actions: n,
        chip_actions: chips,
        concepts: vec![c::SUBSTANTIAL_ACTION],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::ActionKind::*;
    use crate::poker::parse_actions;

    fn sa(text: &str) -> SaOutcome {
        let kinds: Vec<ActionKind> = parse_actions(text)
            .unwrap()
            .iter()
            .map(|a| a.kind)
            .collect();
        substantial_action(&kinds, SaThresholds::default())
            .unwrap()
            .outcome
    }

    const SA: SaOutcome = SaOutcome::SubstantialAction;
    const NO_SA: SaOutcome = SaOutcome::NoSubstantialAction;

    // dpc-2019-en rule 36: "(i.e. any 2 actions except 2 checks or 2 folds)"
    #[test]
    fn dpc_2019_en_r36_two_checks_or_two_folds_are_not_sa() {
        assert_eq!(sa("check,check"), NO_SA);
        assert_eq!(sa("fold,fold"), NO_SA);
        assert_eq!(sa("check,call"), SA);
        assert_eq!(sa("fold,raise"), SA);
    }

    // onk-2023-nl rule 36: "(b.v. iedere twee acties, behalve bij twee checks of twee folds)"
    // and "(dus drie checks en drie folds achter elkaar is een bindende actie)"
    #[test]
    fn onk_2023_nl_r36_two_checks_no_sa_three_checks_or_folds_sa() {
        assert_eq!(sa("check,check"), NO_SA);
        assert_eq!(sa("fold,fold"), NO_SA);
        assert_eq!(sa("check,check,check"), SA);
        assert_eq!(sa("fold,fold,fold"), SA);
    }

    // pokerpunt-nl rule 36: "behalve bij twee checks of twee folds" and
    // "(dus drie checks en drie folds achter elkaar is een bindende actie)"
    #[test]
    fn pokerpunt_nl_r36_two_checks_no_sa_three_checks_or_folds_sa() {
        assert_eq!(sa("check,check"), NO_SA);
        assert_eq!(sa("fold,fold"), NO_SA);
        assert_eq!(sa("check,check,check"), SA);
        assert_eq!(sa("fold,fold,fold"), SA);
    }

    // onk-2023-nl rule 53-B: "Seat 5 de 600 call. Seat 6 ... foldt. ... Deze twee acties
    // voldoen aan de bindende actie regel."
    #[test]
    fn onk_2023_nl_r53_call_then_fold_is_substantial_action() {
        assert_eq!(sa("call,fold"), SA);
    }

    #[test]
    fn check_then_fold_is_not_substantial_action() {
        assert_eq!(sa("check,fold"), NO_SA);
        assert_eq!(sa("fold,check"), NO_SA);
        assert_eq!(sa("check,fold,fold"), SA);
    }

    #[test]
    fn substantial_action_edge_cases() {
        assert_eq!(sa(""), NO_SA);
        assert_eq!(sa("bet"), NO_SA);
        assert_eq!(sa("all-in,fold"), SA);
        // Who acted and the totals may be named: the one grammar.
        assert_eq!(sa("A:check,B:bet:100"), SA);
        let r = substantial_action(
            &[Check, Bet],
            SaThresholds {
                sa_chip_actions: 3,
                sa_any_actions: 4,
            },
        )
        .unwrap();
        assert_eq!((r.outcome, r.actions, r.chip_actions), (NO_SA, 2, 1));
        let zero = substantial_action(
            &[],
            SaThresholds {
                sa_chip_actions: 0,
                sa_any_actions: 3,
            },
        )
        .unwrap_err();
        assert_eq!(zero.input_key(), Some("sa_chip_actions"));
        let muck = parse_actions("check,muck").unwrap_err();
        assert_eq!(muck.msg, Msg::ActionUnknownWord);
        assert!(parse_actions("check,,bet").is_err());
    }

    #[test]
    fn thresholds_deserialize_from_the_rulebook_values() {
        let t: SaThresholds =
            crate::yaml::from_str("{sa_chip_actions: 2, sa_any_actions: 3}", "test").unwrap();
        assert_eq!(t, SaThresholds::default());
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<&str> = [SA, NO_SA].into_iter().map(Into::into).collect();
        assert_eq!(ids, ["substantial-action", "no-substantial-action"]);
    }
}
