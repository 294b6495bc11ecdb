//! Incorrect bets: an opening bet or raise below the legal minimum, or a
//! pot-limit bet made on a wrong pot count, and until when it is corrected.
//!
//! Owns the decision of TDA 2019 rule 52 (Pokerpunt rule 43, ONK rule 52;
//! the German TDA 2015 has no such rule). The editions differ on the
//! pot-limit window, which arrives as [`PotLimitUnderbetWindow`]. Pure: no
//! I/O, no edition lookup.

use super::pot_limit;
use super::{CalcError, Chips, Game};

/// Until when a pot-limit bet made too low on a wrong pot count is
/// corrected (rule 52-B).
///
/// | edition | text | value |
/// |---|---|---|
/// | dpc-2019-en | "if too low, corrected until substantial action occurs after the bet" | `until-substantial-action` |
/// | onk-2023-nl | "gecorrigeerd totdat er een bindende actie is geweest in de bet ronde" | `until-substantial-action` |
/// | tda-2019-sk | "táto čiastka bude opravená v aktuálnom stávkovom kole" (no high/low distinction) | `current-street` |
/// | pokerpunt-nl | "Wanneer het te weinig was dan wordt dit gecorrigeerd als het in de ronde wordt opgemerkt" | `current-street` |
///
/// A bet too high is corrected anywhere on the current street in every
/// edition with the rule (Pokerpunt names no window for it; the street is
/// taken).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PotLimitUnderbetWindow {
    /// Corrected until substantial action occurs after the bet.
    UntilSubstantialAction,
    /// Corrected anywhere on the current street.
    CurrentStreet,
}

/// The facts of an incorrect bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IncorrectBetInput {
    /// The betting structure.
    pub game: Game,
    /// The big blind (limit: the fixed bet of the round).
    pub big_blind: Chips,
    /// The bet the bettor faced (0 for an opening bet).
    pub facing: Chips,
    /// The largest full bet or raise before the incorrect one.
    pub last_raise: Chips,
    /// The bettor's own chips in front before the bet (pot-limit).
    pub in_front: Chips,
    /// The total the bettor bet or raised to.
    pub total: Chips,
    /// Pot-limit only: the pot before the bet (everything in the pot and in
    /// front of the players); the bet was meant as the pot.
    pub pot: Option<Chips>,
    /// The error is noticed after the street ended: the next card was dealt
    /// (on the river: the showdown started).
    pub street_ended: bool,
    /// Substantial action occurred after the bet before the error was noticed.
    pub substantial_action_after: bool,
}

/// What kind of error the bet was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IncorrectKind {
    /// A bet or raise below the legal minimum (rule 52-A).
    UnderMinimum,
    /// A pot-limit bet above the pot (rule 52-B: an illegal bet).
    OverPot,
    /// A pot-limit pot bet below the pot on a wrong count (rule 52-B).
    UnderPot,
}

/// Whether the bet is corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IncorrectOutcome {
    /// The bet is corrected to `corrected_to` for every bettor.
    Corrected,
    /// Too late: the error stands.
    Stands,
}

/// The incorrect-bet ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncorrectBetRuling {
    /// Corrected or stands.
    pub outcome: IncorrectOutcome,
    /// The kind of error.
    pub kind: IncorrectKind,
    /// The correct total: every player who bet or called the incorrect
    /// amount is brought to it when the bet is corrected.
    pub corrected_to: Chips,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Rules on an incorrect bet (rule 52 in TDA 2019 numbering and ONK, 43 in
/// Pokerpunt; the German TDA 2015 has none; concept `incorrect-bets`).
///
/// - **Under the minimum (52-A)**, limit and no-limit: an opening bet or
///   raise below the legal minimum ([`min_raise_to`]) is corrected to the
///   minimum for all bettors anywhere on the current street (on the river,
///   before the showdown starts); after that the error stands. ONK's 52-A
///   names no-limit only; Pokerpunt and the TDA 2019 texts name limit and
///   no-limit. Pot-limit underraises are not covered by 52-A; in pot-limit
///   give `pot` and the bet is judged against the pot count instead.
/// - **Pot-limit on a wrong count (52-B)**: a bet above the pot
///   ([`pot_limit::max_total`]) is corrected for all players anywhere on the
///   street; a pot bet below the pot is corrected within `window`.
///
/// Errors: `total` when the bet was legal (nothing to correct) or not a bet
/// at all, `pot` when pot-limit has no pot, `big_blind` when it is 0.
///
/// ```
/// use floor::calc::Game;
/// use floor::calc::incorrect::{
///     IncorrectBetInput, IncorrectOutcome, PotLimitUnderbetWindow, incorrect_bet,
/// };
///
/// // dpc-2019-en rule 52-A: NLHE 100-200, A opens 600, B raises to 1000.
/// let b = IncorrectBetInput {
///     game: Game::NoLimit,
///     big_blind: 200,
///     facing: 600,
///     last_raise: 600,
///     in_front: 0,
///     total: 1000,
///     pot: None,
///     street_ended: false,
///     substantial_action_after: true,
/// };
/// let r = incorrect_bet(&b, PotLimitUnderbetWindow::UntilSubstantialAction).unwrap();
/// assert_eq!((r.outcome, r.corrected_to), (IncorrectOutcome::Corrected, 1200));
/// ```
pub fn incorrect_bet(
    input: &IncorrectBetInput,
    window: PotLimitUnderbetWindow,
) -> Result<IncorrectBetRuling, CalcError> {
    if input.big_blind == 0 {
        return Err(CalcError::invalid(
            "big_blind",
            "the big blind must be at least 1 chip",
        ));
    }
    if input.total <= input.facing {
        return Err(CalcError::invalid(
            "total",
            format!(
                "{} is not a bet or raise over the {} faced: for a call of less see the \
                 `undercall` incident",
                input.total, input.facing
            ),
        ));
    }
    let (kind, corrected_to, in_window) = if input.game == Game::PotLimit {
        let pot = input.pot.ok_or_else(|| {
            CalcError::invalid(
                "pot",
                "a pot-limit bet is judged against the pot: give the pot before the bet",
            )
        })?;
        let max = pot_limit::max_total(pot, input.facing, input.in_front, input.big_blind)?;
        if input.total > max {
            (IncorrectKind::OverPot, max, !input.street_ended)
        } else if input.total < max {
            let open = match window {
                PotLimitUnderbetWindow::UntilSubstantialAction => {
                    !input.street_ended && !input.substantial_action_after
                }
                PotLimitUnderbetWindow::CurrentStreet => !input.street_ended,
            };
            (IncorrectKind::UnderPot, max, open)
        } else {
            return Err(CalcError::invalid(
                "total",
                format!(
                    "{} is exactly the pot-limit maximum: nothing to correct",
                    input.total
                ),
            ));
        }
    } else {
        let spot = crate::poker::Spot {
            full_raise: input.last_raise,
            ..crate::poker::Spot::new(input.game, input.big_blind, input.facing)
        };
        let min = spot
            .min_raise_to()
            .map_err(|_| CalcError::Overflow { input: "facing" })?;
        let short = match input.game {
            Game::Limit => input.total != min,
            Game::NoLimit | Game::PotLimit => input.total < min,
        };
        if !short {
            return Err(CalcError::invalid(
                "total",
                format!(
                    "{} is a legal bet here (the minimum is {min}): nothing to correct",
                    input.total
                ),
            ));
        }
        (IncorrectKind::UnderMinimum, min, !input.street_ended)
    };
    let mut concepts = vec!["incorrect-bets"];
    concepts.push(match kind {
        IncorrectKind::UnderMinimum => "raise-amounts",
        IncorrectKind::OverPot | IncorrectKind::UnderPot => "pot-size-pot-limit",
    });
    if kind == IncorrectKind::UnderPot
        && window == PotLimitUnderbetWindow::UntilSubstantialAction
        && input.substantial_action_after
    {
        concepts.push("substantial-action");
    }
    Ok(IncorrectBetRuling {
        outcome: if in_window {
            IncorrectOutcome::Corrected
        } else {
            IncorrectOutcome::Stands
        },
        kind,
        corrected_to,
        concepts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use IncorrectOutcome::*;
    use PotLimitUnderbetWindow::*;

    /// NLHE 100-200 post-flop: A opens 600, B raises to 1000 (a 200
    /// underraise); C and D call.
    fn underraise(street_ended: bool) -> IncorrectBetRuling {
        incorrect_bet(
            &IncorrectBetInput {
                game: Game::NoLimit,
                big_blind: 200,
                facing: 600,
                last_raise: 600,
                in_front: 0,
                total: 1000,
                pot: None,
                street_ended,
                substantial_action_after: true,
            },
            UntilSubstantialAction,
        )
        .unwrap()
    }

    fn assert_corrected_then_stands() {
        let before = underraise(false);
        assert_eq!((before.outcome, before.corrected_to), (Corrected, 1200));
        assert_eq!(before.kind, IncorrectKind::UnderMinimum);
        assert_eq!(before.concepts, vec!["incorrect-bets", "raise-amounts"]);
        assert_eq!(underraise(true).outcome, Stands);
    }

    // dpc-2019-en rule 52-A: "Increase the bet to 1200 total for all bettors any time before
    // the turn is dealt. After the turn the error stands."
    #[test]
    fn dpc_2019_en_r52_underraise_corrected_to_1200_until_the_turn() {
        assert_corrected_then_stands();
    }

    // tda-2019-sk rule 52-A: "Raise bude navýšený na 1200 pre všetkých hráčov pred vyložením
    // turn karty. Pokiaľ sa na chybu príde po vyložení turn karty, akcia sa nevráti."
    #[test]
    fn tda_2019_sk_r52_underraise_corrected_to_1200_until_the_turn() {
        assert_corrected_then_stands();
    }

    // onk-2023-nl rule 52-A: "de raise wordt alsnog gecorrigeerd naar 1200 ... Indien de fout
    // pas wordt ontdekt nadat de Turn al is gedraaid ... dan blijft de fout staan."
    #[test]
    fn onk_2023_nl_r52_underraise_corrected_to_1200_until_the_turn() {
        assert_corrected_then_stands();
    }

    // pokerpunt-nl rule 43-A: "De bet wordt dan 1200 gemaakt bij alle spelers en dan pas wordt
    // de turn gedraaid. Na de turn, blijft de fout staan"
    #[test]
    fn pokerpunt_nl_r43_underraise_corrected_to_1200_until_the_turn() {
        assert_corrected_then_stands();
    }

    fn pot_limit(
        total: Chips,
        street_ended: bool,
        sa: bool,
        window: PotLimitUnderbetWindow,
    ) -> IncorrectBetRuling {
        // Post-flop pot 900 including a 300 bet faced: the maximum is 1500.
        incorrect_bet(
            &IncorrectBetInput {
                game: Game::PotLimit,
                big_blind: 100,
                facing: 300,
                last_raise: 300,
                in_front: 0,
                total,
                pot: Some(900),
                street_ended,
                substantial_action_after: sa,
            },
            window,
        )
        .unwrap()
    }

    #[test]
    fn pot_limit_over_the_pot_is_corrected_anywhere_on_the_street() {
        for window in [UntilSubstantialAction, CurrentStreet] {
            let r = pot_limit(1800, false, true, window);
            assert_eq!(
                (r.outcome, r.kind, r.corrected_to),
                (Corrected, IncorrectKind::OverPot, 1500)
            );
            assert_eq!(pot_limit(1800, true, true, window).outcome, Stands);
        }
    }

    #[test]
    fn pot_limit_under_the_pot_window_differs_by_edition() {
        // dpc/onk: until substantial action after the bet.
        let r = pot_limit(1200, false, false, UntilSubstantialAction);
        assert_eq!(
            (r.outcome, r.kind, r.corrected_to),
            (Corrected, IncorrectKind::UnderPot, 1500)
        );
        let r = pot_limit(1200, false, true, UntilSubstantialAction);
        assert_eq!(r.outcome, Stands);
        assert_eq!(
            r.concepts,
            vec!["incorrect-bets", "pot-size-pot-limit", "substantial-action"]
        );
        // sk/pokerpunt: anywhere on the street.
        assert_eq!(
            pot_limit(1200, false, true, CurrentStreet).outcome,
            Corrected
        );
        assert_eq!(pot_limit(1200, true, false, CurrentStreet).outcome, Stands);
    }

    #[test]
    fn opening_bet_below_the_big_blind_and_limit_raises() {
        let base = IncorrectBetInput {
            game: Game::NoLimit,
            big_blind: 200,
            facing: 0,
            last_raise: 0,
            in_front: 0,
            total: 150,
            pot: None,
            street_ended: false,
            substantial_action_after: false,
        };
        let r = incorrect_bet(&base, CurrentStreet).unwrap();
        assert_eq!((r.outcome, r.corrected_to), (Corrected, 200));
        // Limit 100/200 on the turn: a raise to 300 over 200 is corrected to 400.
        let r = incorrect_bet(
            &IncorrectBetInput {
                game: Game::Limit,
                big_blind: 100,
                facing: 200,
                last_raise: 200,
                total: 300,
                ..base
            },
            CurrentStreet,
        )
        .unwrap();
        assert_eq!((r.outcome, r.corrected_to), (Corrected, 400));
    }

    #[test]
    fn legal_or_impossible_bets_name_the_key() {
        let base = IncorrectBetInput {
            game: Game::NoLimit,
            big_blind: 200,
            facing: 600,
            last_raise: 600,
            in_front: 0,
            total: 1200,
            pot: None,
            street_ended: false,
            substantial_action_after: false,
        };
        let key = |i: IncorrectBetInput| match incorrect_bet(&i, CurrentStreet) {
            Err(CalcError::Invalid { input, .. }) => input,
            other => panic!("expected an invalid input, got {other:?}"),
        };
        assert_eq!(key(base), "total");
        assert_eq!(key(IncorrectBetInput { total: 600, ..base }), "total");
        assert_eq!(key(IncorrectBetInput { total: 500, ..base }), "total");
        assert_eq!(
            key(IncorrectBetInput {
                big_blind: 0,
                ..base
            }),
            "big_blind"
        );
        assert_eq!(
            key(IncorrectBetInput {
                game: Game::PotLimit,
                ..base
            }),
            "pot"
        );
        assert_eq!(
            key(IncorrectBetInput {
                game: Game::PotLimit,
                pot: Some(1800),
                total: 3000,
                ..base
            }),
            "total"
        );
        assert_eq!(
            incorrect_bet(
                &IncorrectBetInput {
                    facing: u64::MAX - 1,
                    last_raise: 5,
                    total: u64::MAX,
                    ..base
                },
                CurrentStreet
            ),
            Err(CalcError::Overflow { input: "facing" })
        );
    }

    #[test]
    fn window_parameter_uses_the_rulebook_values() {
        let w: Vec<PotLimitUnderbetWindow> =
            serde_yaml::from_str("[until-substantial-action, current-street]").unwrap();
        assert_eq!(w, vec![UntilSubstantialAction, CurrentStreet]);
    }
}
