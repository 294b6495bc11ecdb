//! A word or a gesture used for an action (incident `terminology`).
//!
//! Concept `official-terminology`: rule 3 in four editions; dpc-2019-en
//! prints none (TDA practice: TDA 2019 rule 3, named on the card).
//! Tapping the table is a check (provision `terms-tap-check`: "Tippen/Klopfen
//! auf den Tisch ist ein Check", "kloppen/tikken op tafel betekent een
//! check", "poklepanie po stole je vždy check"). tda-2015-de ("passen
//! (fold)") and tda-2019-sk ("fold/pass (zahodenie)") list "pass" as an
//! official word for fold (`terms-pass-fold`); elsewhere it is no official
//! term. Any word or gesture that is not official is at the player's risk:
//! "kunnen resulteren in een andere beslissing dan de speler bedoelt", the
//! floor rules on what it means. Three editions let a regional term count as
//! official (`terms-regional`), which the card says.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts as c;

/// The `terminology` incident.
pub struct Terminology;

/// What the player used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Used {
    /// He tapped or knocked on the table.
    Tap,
    /// He said "pass" ("passen", "pas").
    Pass,
    /// Another word or gesture, not an official term.
    OtherTerm,
}

/// The answers of `terminology`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The word or gesture he used.
    pub used: Used,
}

crate::notes! {
    /// The notes of `terminology`.
    pub enum Note {
        /// The edition does not list "pass" among its official terms.
        PassNotOfficial = "pass_not_official",
        /// The edition lets regional terms count as official.
        RegionalTerms = "regional_terms",
    }
}

impl Incident for Terminology {
    const ID: &'static str = "terminology";
    type Answers = Answers;
    type Outcome = TermOutcome;
    type Amounts = ();
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] =
        &["terms-official", "terms-pass-fold", "terms-regional"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<Terminology>, Error> {
        let pass_is_fold = cx.states("terms-pass-fold")?;
        let outcome = terminology(a.used, pass_is_fold);
        // Rule 3 says the player's risk itself; an edition without it says
        // so in its rule on unclear betting ("Players use unofficial betting
        // terms and gestures at their own risk", dpc-2019-en 57) and has the
        // duty to use proper terms in rule 2.
        let mut d = if outcome == TermOutcome::PlayersRisk && cx.states("terms-official")? {
            Decision::<Terminology>::new(outcome, [c::OFFICIAL_TERMINOLOGY])
        } else {
            Decision::<Terminology>::plain(outcome)
        };
        if outcome == TermOutcome::PlayersRisk {
            if a.used == Used::Pass {
                d.notes.push(Note::PassNotOfficial);
            }
            if cx.states("terms-regional")? {
                d.notes.push(Note::RegionalTerms);
            }
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `terminology` incident.
    pub enum TermOutcome {
        /// A tap on the table is a check.
        Check => [OFFICIAL_TERMINOLOGY],
        /// "Pass" is an official word for fold in the edition.
        Fold => [OFFICIAL_TERMINOLOGY],
        /// Not an official term: at the player's risk, the floor reads it.
        PlayersRisk => [OFFICIAL_TERMINOLOGY, UNCLEAR_BETS, PLAYER_RESPONSIBILITIES],
    }
}

/// What a word or gesture counts as, where the edition lists "pass" as an
/// official word for fold (`pass_is_fold`) or not.
///
/// ```
/// use floor::incidents::terminology::{terminology, TermOutcome, Used};
/// assert_eq!(terminology(Used::Tap, false), TermOutcome::Check);
/// assert_eq!(terminology(Used::Pass, true), TermOutcome::Fold);
/// assert_eq!(terminology(Used::Pass, false), TermOutcome::PlayersRisk);
/// ```
pub fn terminology(used: Used, pass_is_fold: bool) -> TermOutcome {
    match used {
        Used::Tap => TermOutcome::Check,
        Used::Pass if pass_is_fold => TermOutcome::Fold,
        Used::Pass | Used::OtherTerm => TermOutcome::PlayersRisk,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::{EDITIONS, rule_in};

    /// Check (C), fold (F) or the player's risk (R) per word, in the order
    /// of EDITIONS: "passen (fold)" (tda-2015-de 3), "fold/pass (zahodenie)"
    /// (tda-2019-sk 3); the Dutch texts and TDA 2019 list no "pass".
    #[test]
    fn each_word_per_edition() {
        use TermOutcome::{Check as C, Fold as F, PlayersRisk as R};
        let rows = [
            (Used::Tap, [C, C, C, C, C]),
            (Used::Pass, [R, R, F, F, R]),
            (Used::OtherTerm, [R, R, R, R, R]),
        ];
        assert_eq!(rows.len(), <Used as strum::VariantArray>::VARIANTS.len());
        for (used, want) in rows {
            for (edition, want) in EDITIONS.iter().zip(want) {
                let d = rule_in::<Terminology>(edition, Answers { used }).unwrap();
                assert_eq!(d.outcome, want, "{used:?} in {edition}");
            }
        }
    }

    // "Regional benutzte Ausdrücke können ebenfalls diese Standards erfüllen" (tda-2015-de 3),
    // "Regionale termen kunnen ook hiertoe worden gerekend" (pokerpunt-nl 3), "Regionálne výrazy
    // sú povolené" (tda-2019-sk 3); onk-2023-nl 3 has no such sentence.
    #[test]
    fn the_regional_note_where_the_edition_has_the_sentence() {
        for (edition, want) in EDITIONS.iter().zip([false, true, true, true, false]) {
            let d = rule_in::<Terminology>(
                edition,
                Answers {
                    used: Used::OtherTerm,
                },
            )
            .unwrap();
            assert_eq!(d.notes.contains(&Note::RegionalTerms), want, "{edition}");
        }
    }
}
