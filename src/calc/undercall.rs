//! Undercalls: a player in turn puts out less than the call without first
//! saying "call" (incident `undercall`).
//!
//! Owns the decision of TDA 2019 rule 51-B (TDA 2015 rule 39-B, Pokerpunt
//! rule 42-B, ONK rule 51-B) and a helper that tells the caller how to answer
//! the `opening_bet` question in the edition in use. Pure: no I/O, no edition
//! lookup.

use super::{CalcError, Chips, add};
use crate::poker::Street;

/// Which bet an edition calls the pre-flop opening bet for rule 51-B.
///
/// | edition | text | value |
/// |---|---|---|
/// | dpc-2019-en | "In blind games the posted BB is the pre-flop opener." | `big-blind` |
/// | onk-2023-nl | "Pre-flop is de BB de openingsbet." | `big-blind` |
/// | pokerpunt-nl | "De grote blind is ... het vereiste call bedrag in de eerste ronde" | `big-blind` |
/// | tda-2015-de | "Der gelegte Big Blind ist das eröffnende Gebot der ersten Runde" | `big-blind` |
/// | tda-2019-sk | "Pred flopom je otváracia stávka prvý raise po blindoch." | `first-raise` |
pub use crate::poker::PreflopOpener as UndercallPreflopOpener;

/// Tells whether the bet a player faces is the round's opening bet in the
/// sense of rule 51-B, for the `opening_bet` answer of the `undercall`
/// incident.
///
/// `bets_in_round` counts the voluntary bets and raises made this round so
/// far, the one faced included (blind posts are not counted): post-flop the
/// opening bet is the first chip bet (1); pre-flop it is the posted big blind
/// (0 voluntary bets, [`UndercallPreflopOpener::BigBlind`]) or the first
/// raise (1, [`UndercallPreflopOpener::FirstRaise`]).
///
/// ```
/// use floor::poker::Street;
/// use floor::calc::undercall::{UndercallPreflopOpener, is_opening_bet};
///
/// // Pre-flop, facing the first raise: the opener in tda-2019-sk only.
/// assert!(!is_opening_bet(Street::Preflop, 1, UndercallPreflopOpener::BigBlind));
/// assert!(is_opening_bet(Street::Preflop, 1, UndercallPreflopOpener::FirstRaise));
/// ```
pub fn is_opening_bet(street: Street, bets_in_round: u32, opener: UndercallPreflopOpener) -> bool {
    match (street, opener) {
        (Street::Flop | Street::Turn | Street::River | Street::Postflop, _) => bets_in_round == 1,
        (Street::Preflop, UndercallPreflopOpener::BigBlind) => bets_in_round == 0,
        (Street::Preflop, UndercallPreflopOpener::FirstRaise) => bets_in_round == 1,
    }
}

/// The answers of the `undercall` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndercallInput {
    /// Only two players are in the hand.
    pub heads_up: bool,
    /// The bet faced is the round's opening bet (see [`is_opening_bet`]).
    pub opening_bet: bool,
    /// The total bet the player faces this round.
    pub facing: Chips,
    /// The chips the player put out (or the amount he declared) in this
    /// action.
    pub pushed: Chips,
    /// The player's own chips already in front this round.
    pub in_front: Chips,
}

/// The outcome ids of the `undercall` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UndercallOutcome {
    /// The player must make the full call.
    FullCall,
    /// The TD decides: the player may forfeit the chips put out and fold,
    /// or be required to make the full call.
    Discretion,
}

/// The undercall ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndercallRuling {
    /// Full call, or TD's discretion.
    pub outcome: UndercallOutcome,
    /// The player's total for the round when he calls in full (`facing`).
    pub total: Chips,
    /// The chips the player still has to add for the full call.
    pub to_add: Chips,
    /// With [`UndercallOutcome::Discretion`]: the chips forfeited if the TD
    /// lets the player fold (`pushed`).
    pub forfeit: Option<Chips>,
    /// True when the TD decides.
    pub discretion: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Rules on an undercall (rule 51-B in TDA 2019 numbering and ONK, 39-B in
/// the German TDA 2015, 42-B in Pokerpunt; concept
/// `binding-declarations-undercalls`).
///
/// An undercall in turn is a mandatory full call when the player faces any
/// bet heads-up, or the opening bet of the round multi-way. Otherwise the TD
/// decides whether the player forfeits the chips put out and folds, or must
/// call in full. Which bet is the pre-flop opening bet differs by edition:
/// answer `opening_bet` with [`is_opening_bet`].
///
/// Errors: `in_front` when there is nothing to call, `pushed` when nothing
/// was put out or the chips reach the call (then it is a call, see the `bet`
/// incident).
///
/// ```
/// use floor::calc::undercall::{UndercallInput, UndercallOutcome, undercall};
///
/// // Multi-way, facing a raise to 1200, a player silently puts out 500.
/// let r = undercall(&UndercallInput {
///     heads_up: false,
///     opening_bet: false,
///     facing: 1200,
///     pushed: 500,
///     in_front: 0,
/// })
/// .unwrap();
/// assert_eq!(r.outcome, UndercallOutcome::Discretion);
/// assert_eq!((r.total, r.forfeit), (1200, Some(500)));
/// ```
pub fn undercall(input: &UndercallInput) -> Result<UndercallRuling, CalcError> {
    let UndercallInput {
        heads_up,
        opening_bet,
        facing,
        pushed,
        in_front,
    } = *input;
    if in_front >= facing {
        return Err(CalcError::invalid(
            "in_front",
            format!(
                "with {in_front} in front against a bet of {facing} there is nothing to call: an \
                 undercall needs a bet to call"
            ),
        ));
    }
    if pushed == 0 {
        return Err(CalcError::invalid(
            "pushed",
            "no chips were put out: an undercall puts out some chips, but fewer than the call",
        ));
    }
    let now = add(in_front, pushed, "pushed")?;
    let to_add = facing.checked_sub(now).filter(|a| *a > 0).ok_or_else(|| {
        CalcError::invalid(
            "pushed",
            format!(
                "{pushed} with {in_front} in front reaches the {facing} call: that is a call, not \
                 an undercall (see the `bet` incident)"
            ),
        )
    })?;
    let full = heads_up || opening_bet;
    Ok(UndercallRuling {
        outcome: if full {
            UndercallOutcome::FullCall
        } else {
            UndercallOutcome::Discretion
        },
        total: facing,
        to_add,
        forfeit: (!full).then_some(pushed),
        discretion: !full,
        concepts: vec!["binding-declarations-undercalls"],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use UndercallOutcome::*;

    fn rule(heads_up: bool, opening_bet: bool) -> UndercallRuling {
        undercall(&UndercallInput {
            heads_up,
            opening_bet,
            facing: 1200,
            pushed: 500,
            in_front: 200,
        })
        .unwrap()
    }

    #[test]
    fn full_call_heads_up_or_facing_the_opening_bet() {
        // (heads_up, opening_bet, outcome)
        for (h, o, outcome) in [
            (true, true, FullCall),
            (true, false, FullCall),
            (false, true, FullCall),
            (false, false, Discretion),
        ] {
            let r = rule(h, o);
            assert_eq!(r.outcome, outcome);
            assert_eq!((r.total, r.to_add), (1200, 500));
            assert_eq!(r.discretion, outcome == Discretion);
            assert_eq!(
                r.forfeit,
                if outcome == Discretion {
                    Some(500)
                } else {
                    None
                }
            );
            assert_eq!(r.concepts, vec!["binding-declarations-undercalls"]);
        }
    }

    #[test]
    fn opening_bet_by_edition() {
        use UndercallPreflopOpener::*;
        // Post-flop the first chip bet is the opener in every edition.
        for opener in [BigBlind, FirstRaise] {
            assert!(is_opening_bet(Street::Postflop, 1, opener));
            assert!(!is_opening_bet(Street::Postflop, 2, opener));
            assert!(!is_opening_bet(Street::Postflop, 0, opener));
        }
        assert!(is_opening_bet(Street::Preflop, 0, BigBlind));
        assert!(!is_opening_bet(Street::Preflop, 1, BigBlind));
        assert!(!is_opening_bet(Street::Preflop, 0, FirstRaise));
        assert!(is_opening_bet(Street::Preflop, 1, FirstRaise));
        assert!(!is_opening_bet(Street::Preflop, 2, FirstRaise));
    }

    #[test]
    fn contradictory_inputs_name_the_key() {
        let key = |facing, pushed, in_front| match undercall(&UndercallInput {
            heads_up: false,
            opening_bet: false,
            facing,
            pushed,
            in_front,
        }) {
            Err(CalcError::Invalid { input, .. }) => input,
            other => panic!("expected an invalid input, got {other:?}"),
        };
        assert_eq!(key(0, 100, 0), "in_front");
        assert_eq!(key(400, 100, 400), "in_front");
        assert_eq!(key(1200, 0, 0), "pushed");
        assert_eq!(key(1200, 1200, 0), "pushed");
        assert_eq!(key(1200, 1000, 200), "pushed");
        assert_eq!(key(1200, 5000, 0), "pushed");
        assert_eq!(
            undercall(&UndercallInput {
                heads_up: true,
                opening_bet: false,
                facing: u64::MAX,
                pushed: u64::MAX,
                in_front: 1,
            }),
            Err(CalcError::Overflow { input: "pushed" })
        );
    }

    #[test]
    fn opener_parameter_uses_the_rulebook_values() {
        let v: Vec<UndercallPreflopOpener> =
            serde_yaml::from_str("[big-blind, first-raise]").unwrap();
        assert_eq!(
            v,
            vec![
                UndercallPreflopOpener::BigBlind,
                UndercallPreflopOpener::FirstRaise
            ]
        );
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [UndercallOutcome::FullCall, UndercallOutcome::Discretion]
            .iter()
            .map(|o| {
                serde_json::to_value(o)
                    .unwrap()
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        assert_eq!(ids, ["full-call", "discretion"]);
    }
}
