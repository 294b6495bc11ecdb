//! Penalties: how many hands a missed-hands or missed-rounds penalty takes
//! (incident `penalty`).
//!
//! Owns concept `penalties`: TDA 2019 rule 71, TDA 2015 rule 66. The TD
//! chooses the penalty; this module turns it into the number of hands the
//! offender sits out.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::mul;
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::params::tda;

/// The `penalty` incident.
pub struct Penalty;

/// The answers of `penalty`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The penalty the TD gives.
    pub kind: PenaltyKind,
    /// Players at the table, the offender included (missed rounds).
    pub players_at_table: Option<u8>,
    /// Penalty rounds (missed rounds).
    pub rounds: Option<u64>,
    /// Penalty hands (missed hands).
    pub hands: Option<u64>,
}

/// The amounts of `penalty` (hands, not chips).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// Hands the player misses.
    pub hands_missed: u64,
}

/// What the JSON of `penalty` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The player's chips are removed from play.
    pub chips_removed: bool,
}

impl Incident for Penalty {
    const ID: &'static str = "penalty";
    type Answers = Answers;
    type Outcome = PenaltyKind;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<Penalty>, Error> {
        let params = PenaltyParams::from_cx(cx);
        let r = penalty(a.kind, a.players_at_table, a.rounds, a.hands, &params)?;
        let mut d = Decision::<Penalty>::new(r.kind, r.concepts);
        d.amounts.hands_missed = r.hands_missed;
        d.extra.chips_removed = r.chips_removed;
        Ok(d)
    }
}

pub use crate::rules::vocab::PenaltyKind;

pub use crate::rules::vocab::MissedRoundFormula;

/// An edition's penalty parameters (`penalty_kinds`,
/// `missed_round_formula`, `penalty_max_rounds`).
///
/// Editions (rule 71; tda-2015-de rule 66):
/// - all five: a missed round is one hand per player at the table, the
///   offender included, times the rounds (dpc: counted "when the penalty is
///   given"); repeat offences may be punished harder.
/// - onk-2023-nl lists verbal warning, exclusion for complete rounds and
///   disqualification; it allows "1, 2, 3 of 4 rondes" (`max_rounds` 4)
///   and mentions missed hands only as a heavier step after a warning.
/// - tda-2019-sk words part A as one missed hand per player at the table
///   and, for repeated offences, "a round (orbit) for every player"; read
///   as the TDA formula (players × rounds) with escalation left to the TD.
/// - pokerpunt-nl, tda-2015-de and dpc list all four kinds without limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PenaltyParams {
    /// The kinds the edition lists; other kinds are refused.
    pub kinds: Vec<PenaltyKind>,
    /// How missed rounds are counted.
    pub formula: MissedRoundFormula,
    /// The most rounds the edition allows (onk-2023-nl: 4), if it says.
    pub max_rounds: Option<u64>,
}

impl PenaltyParams {
    /// The parameters of the edition in use (TDA practice where it states
    /// none): the one reading both `penalty` and `offence-penalty` count with.
    pub fn from_cx(cx: &mut Cx<'_>) -> PenaltyParams {
        PenaltyParams {
            kinds: cx.params.penalty_kinds(),
            formula: cx.params.missed_round_formula(),
            max_rounds: cx.params.penalty_max_rounds().map(|c| u64::from(c.get())),
        }
    }
}

impl Default for PenaltyParams {
    /// The TDA practice: every kind, players times rounds, no maximum.
    fn default() -> Self {
        PenaltyParams {
            kinds: tda::penalty_kinds(),
            formula: tda::missed_round_formula(),
            max_rounds: None,
        }
    }
}

/// A penalty as [`penalty`] computes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PenaltyRuling {
    /// The penalty given (the outcome).
    pub kind: PenaltyKind,
    /// Hands the offender misses (amount `hands_missed`); 0 for a warning
    /// or a disqualification.
    pub hands_missed: u64,
    /// Whether the player's chips are removed from play (disqualification).
    pub chips_removed: bool,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// Computes a penalty (concept `penalties`).
///
/// Formula: warning → 0 hands; missed hands → `hands`; missed rounds →
/// `players_at_table × rounds` (the offender counts as a player);
/// disqualification → chips removed. During the penalty the offender's
/// hands are dealt, blinds and antes posted, and killed (all editions).
/// `rounds` is used only for missed rounds and `hands` only for missed
/// hands.
///
/// Errors: `kind` not listed by the edition; `players_at_table` outside
/// 2-10; `rounds` / `hands` missing or zero for their kind; `rounds` above
/// the edition's maximum; overflow of the product (`rounds`).
///
/// ```
/// use floor::incidents::penalty::{penalty, PenaltyKind, PenaltyParams};
/// // A one-round penalty at a nine-handed table: nine hands.
/// let p = penalty(PenaltyKind::MissedRounds, Some(9), Some(1), None, &PenaltyParams::default()).unwrap();
/// assert_eq!(p.hands_missed, 9);
/// ```
pub fn penalty(
    kind: PenaltyKind,
    players_at_table: Option<u8>,
    rounds: Option<u64>,
    hands: Option<u64>,
    params: &PenaltyParams,
) -> Result<PenaltyRuling, Error> {
    if !params.kinds.contains(&kind) {
        let listed: Vec<&str> = params.kinds.iter().map(|k| k.id()).collect();
        return Err(Error::input(
            "kind",
            Message::new(Msg::PenaltyNotListed)
                .arg("kind", kind.id())
                .arg("listed", listed.join(", ")),
        ));
    }
    let positive = |value: Option<u64>, input: &'static str, needed: Msg| match value {
        Some(n) if n > 0 => Ok(n),
        Some(_) => Err(Error::input(input, Message::new(Msg::PenaltyZero))),
        None => Err(Error::input(input, Message::new(needed))),
    };
    let hands_missed = match kind {
        PenaltyKind::Warning | PenaltyKind::Disqualification => 0,
        PenaltyKind::MissedHands => positive(hands, "hands", Msg::PenaltyHandsNeeded)?,
        PenaltyKind::MissedRounds => {
            let rounds = positive(rounds, "rounds", Msg::PenaltyRoundsNeeded)?;
            if let Some(max) = params.max_rounds
                && rounds > max
            {
                return Err(Error::input(
                    "rounds",
                    Message::new(Msg::PenaltyMaxRounds).arg("max", max),
                ));
            }
            // Only a missed-round penalty depends on the table's size.
            let players = match players_at_table {
                Some(n) if (2..=10).contains(&n) => n,
                Some(n) => {
                    return Err(Error::input(
                        "players_at_table",
                        Message::new(Msg::PenaltyPlayers).arg("players", n),
                    ));
                }
                None => {
                    return Err(Error::input(
                        "players_at_table",
                        Message::new(Msg::PenaltyPlayersNeeded),
                    ));
                }
            };
            match params.formula {
                MissedRoundFormula::PlayersTimesRounds => mul(u64::from(players), rounds, "rounds")
                    .map_err(|m| Error::input("rounds", m))?,
            }
        }
    };
    Ok(PenaltyRuling {
        kind,
        hands_missed,
        chips_removed: kind == PenaltyKind::Disqualification,
        concepts: vec![c::PENALTIES],
    })
}

impl crate::engine::Outcome for PenaltyKind {
    fn cites(self) -> &'static [crate::rules::concepts::ConceptId] {
        use crate::rules::concepts as c;
        match self {
            PenaltyKind::Warning => &[c::PENALTIES],
            PenaltyKind::MissedHands => &[c::PENALTIES, c::PENALTIES],
            PenaltyKind::MissedRounds => &[c::PENALTIES, c::PENALTIES],
            PenaltyKind::Disqualification => &[c::PENALTIES, c::PENALTIES],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input_of(err: Error) -> &'static str {
        err.input_key().unwrap_or_default()
    }

    fn onk() -> PenaltyParams {
        PenaltyParams {
            max_rounds: Some(4),
            ..PenaltyParams::default()
        }
    }

    // onk-2023-nl rule 71: "De toernooileiding kan 1, 2, 3 of 4 rondes uitsluiting van het spel
    // als penalty opleggen. ... De overtredende speler zal één hand missen, vermenigvuldigd met
    // het aantal spelers aan tafel, inclusief de speler die de penalty krijgt, vermenigvuldigd
    // met het aantal rondes"
    #[test]
    fn onk_2023_nl_r71_one_to_four_rounds_times_players() {
        for rounds in 1..=4u64 {
            let p = penalty(
                PenaltyKind::MissedRounds,
                Some(8),
                Some(rounds),
                None,
                &onk(),
            )
            .unwrap();
            assert_eq!(p.hands_missed, 8 * rounds);
        }
        let five = penalty(PenaltyKind::MissedRounds, Some(8), Some(5), None, &onk()).unwrap_err();
        assert_eq!(input_of(five), "rounds");
    }

    #[test]
    fn table_of_kinds() {
        let params = PenaltyParams::default();
        let cases = [
            (PenaltyKind::Warning, Some(3), Some(2), 0, false),
            (PenaltyKind::MissedHands, None, Some(3), 3, false),
            (PenaltyKind::MissedRounds, Some(2), None, 18, false),
            (PenaltyKind::Disqualification, None, None, 0, true),
        ];
        for (kind, rounds, hands, missed, removed) in cases {
            let p = penalty(kind, Some(9), rounds, hands, &params).unwrap();
            assert_eq!(
                (p.kind, p.hands_missed, p.chips_removed),
                (kind, missed, removed)
            );
            assert_eq!(p.concepts, vec![c::PENALTIES]);
        }
    }

    #[test]
    fn threshold_table_sizes() {
        let params = PenaltyParams::default();
        assert_eq!(
            penalty(PenaltyKind::MissedRounds, Some(2), Some(1), None, &params)
                .unwrap()
                .hands_missed,
            2
        );
        assert_eq!(
            penalty(PenaltyKind::MissedRounds, Some(10), Some(3), None, &params)
                .unwrap()
                .hands_missed,
            30
        );
        for players in [Some(0), Some(1), Some(11), Some(255), None] {
            let err =
                penalty(PenaltyKind::MissedRounds, players, Some(1), None, &params).unwrap_err();
            assert_eq!(input_of(err), "players_at_table");
            // Only missed rounds depend on the table's size.
            assert!(penalty(PenaltyKind::Warning, players, None, None, &params).is_ok());
        }
    }

    #[test]
    fn missing_or_zero_counts_are_refused() {
        let params = PenaltyParams::default();
        let cases = [
            (PenaltyKind::MissedRounds, None, None, "rounds"),
            (PenaltyKind::MissedRounds, Some(0), Some(4), "rounds"),
            (PenaltyKind::MissedHands, Some(2), None, "hands"),
            (PenaltyKind::MissedHands, None, Some(0), "hands"),
        ];
        for (kind, rounds, hands, input) in cases {
            assert_eq!(
                input_of(penalty(kind, Some(6), rounds, hands, &params).unwrap_err()),
                input
            );
        }
    }

    #[test]
    fn overflow_at_u64_max() {
        let params = PenaltyParams::default();
        assert_eq!(
            penalty(
                PenaltyKind::MissedRounds,
                Some(2),
                Some(u64::MAX),
                None,
                &params
            )
            .map_err(|e| e.message()),
            Err(
                Error::input("rounds", Message::new(Msg::Overflow).arg("input", "rounds"))
                    .message()
            )
        );
        assert_eq!(
            penalty(
                PenaltyKind::MissedRounds,
                Some(2),
                Some(u64::MAX / 2),
                None,
                &params
            )
            .unwrap()
            .hands_missed,
            u64::MAX - 1
        );
        assert_eq!(
            penalty(
                PenaltyKind::MissedHands,
                Some(9),
                None,
                Some(u64::MAX),
                &params
            )
            .unwrap()
            .hands_missed,
            u64::MAX
        );
    }

    #[test]
    fn kinds_the_edition_does_not_list_are_refused() {
        let only_rounds = PenaltyParams {
            kinds: vec![
                PenaltyKind::Warning,
                PenaltyKind::MissedRounds,
                PenaltyKind::Disqualification,
            ],
            ..onk()
        };
        let err = penalty(
            PenaltyKind::MissedHands,
            Some(9),
            None,
            Some(2),
            &only_rounds,
        )
        .unwrap_err();
        assert_eq!(input_of(err), "kind");
    }

    #[test]
    fn tda_practice_and_parameter_values() {
        let params: crate::rules::params::Params = crate::yaml::from_str(
            "penalty_kinds: [warning, missed-hands, missed-rounds, disqualification]\n\
             missed_round_formula: players-times-rounds\n\
             penalty_max_rounds: 4",
            "test",
        )
        .unwrap();
        assert_eq!(
            params.penalty_kinds.as_deref(),
            Some(&PenaltyParams::default().kinds[..])
        );
        assert_eq!(
            params.missed_round_formula,
            Some(PenaltyParams::default().formula)
        );
        assert_eq!(params.penalty_max_rounds.map(|c| c.get()), Some(4));
        for kind in PenaltyKind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.id());
        }
    }
}
