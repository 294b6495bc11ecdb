//! Board cards dealt before the betting round was complete (incident
//! `premature-card`).
//!
//! Concepts `premature-cards` (TDA 2019 recommended procedure 5, the Slovak
//! OP-5, ONK RP-5) and `four-card-flop` (rule 39, which in ONK also lists
//! the procedure). How an edition repairs a premature flop and turn arrives
//! as parameters ([`PrematureProcedure`]).
//!
//! ONK states the procedure twice: in rule 39 (items 1-3) and in RP-5, with
//! different words (39-1 turns the three flop cards face down and shuffles
//! them, RP-5 says "opengelegd"; 39-2 puts the premature turn card back,
//! RP-5 the "burnkaart" it has just said to leave). Rule 39 governs: it is a
//! rule of the edition, RP-5 a recommended procedure, and only 39 reads
//! consistently. The card cites 39 first and says so.
//!
//! Editions without a procedure (dpc-2019-en and pokerpunt-nl, whose rule 39
//! covers four-card flops only; tda-2015-de, whose rule 36 points to a
//! procedure 5 it does not print) get the TDA procedure: nothing is cited,
//! and the card names the practice.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Street;
use crate::rules::concepts::{self as c, Cite};

/// The `premature-card` incident.
pub struct PrematureCard;

/// The answers of `premature-card` (SPEC section 5).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The street dealt too early: flop, turn or river.
    pub street: Street,
    /// The burn card for the flop was dealt.
    pub burned: Option<bool>,
    /// Some action (even a check) has taken place since the flop was dealt.
    pub action_since: Option<bool>,
}

impl Incident for PrematureCard {
    const ID: &'static str = "premature-card";
    type Answers = Answers;
    type Outcome = PrematureOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<PrematureCard>, Error> {
        // Only the procedure of the street at hand is read (an unstated one
        // is noted on the card as the TDA practice).
        let (flop, turn) = match a.street {
            Street::Flop => (cx.params.premature_flop(), PrematureTurn::RiverAsTurn),
            Street::Turn => (PrematureFlop::Redeal, cx.params.premature_turn()),
            _ => (PrematureFlop::Redeal, PrematureTurn::RiverAsTurn),
        };
        // The flop questions are asked only where the procedure turns on
        // them; a tree walked for another edition may lack them.
        let (burned, action_since) = match (a.street, flop) {
            (Street::Flop, PrematureFlop::StandsAfterAction) => {
                let burned = a.burned.ok_or_else(|| super::answer_needed("burned"))?;
                let action = match (burned, a.action_since) {
                    (true, _) => false,
                    (false, Some(action)) => action,
                    (false, None) => return Err(super::answer_needed("action_since")),
                };
                (burned, action)
            }
            _ => (true, false),
        };
        let r = premature_card(
            &PrematureInput {
                street: a.street,
                burned,
                action_since,
            },
            PrematureProcedure { flop, turn },
        )?;
        let in_rule = cx.params.premature_cards_in_rule() == Some(true);
        let mut d = Decision::<PrematureCard>::plain(r.outcome);
        let part = match a.street {
            Street::Flop => (c::PREMATURE_CARDS.part("A"), c::FOUR_CARD_FLOP.part("1")),
            Street::Turn => (c::PREMATURE_CARDS.part("B"), c::FOUR_CARD_FLOP.part("2")),
            _ => (c::PREMATURE_CARDS.part("C"), c::FOUR_CARD_FLOP.part("3")),
        };
        d.cites = match (r.edition_text, in_rule) {
            (false, _) => Vec::new(),
            (true, true) => vec![part.1, c::PREMATURE_CARDS.into()],
            (true, false) => vec![part.0],
        };
        if !r.edition_text {
            d.uncited = true;
            d.notes.push(Notes::PrematureFlopBurned);
        } else if in_rule {
            d.notes.push(Notes::PrematureRuleGoverns);
        }
        d.remedy_variant = r.remedy_variant;
        d.extra.procedure = r
            .flop_procedure
            .map(Procedure::Flop)
            .or(r.turn_procedure.map(Procedure::Turn));
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `premature-card`.
    pub enum Notes {
        /// The edition has no text for a premature flop with the burn card
        /// dealt: the TDA practice applies.
        PrematureFlopBurned = "premature_flop_burned",
        /// The edition's own rule on premature cards governs.
        PrematureRuleGoverns = "premature_rule_governs",
    }
}

/// What the JSON of `premature-card` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The procedure the edition states.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub procedure: Option<Procedure>,
}

/// The procedure of a premature flop or turn card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Procedure {
    /// On the flop.
    Flop(PrematureFlop),
    /// On the turn.
    Turn(PrematureTurn),
}

pub use crate::rules::vocab::PrematureFlop;

pub use crate::rules::vocab::PrematureTurn;

/// An edition's premature-card procedure.
///
/// | edition | flop | turn | source |
/// |---|---|---|---|
/// | tda-2019-sk | `redeal` | `river-as-turn` | OP5 |
/// | onk-2023-nl | `stands-after-action` | `reshuffle-now` | rule 39 and RP-5 |
/// | dpc-2019-en, pokerpunt-nl | no text (rule 39 covers four-card flops only) | | |
/// | tda-2015-de | no text (rule 36 refers to a procedure 5 the seed does not contain) | | |
///
/// The editions without a text get the TDA 2019 procedure (`redeal`,
/// `river-as-turn`) as a default the rulebook may override.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct PrematureProcedure {
    /// How a premature flop is repaired.
    pub flop: PrematureFlop,
    /// How a premature turn is repaired.
    pub turn: PrematureTurn,
}

impl Default for PrematureProcedure {
    fn default() -> Self {
        PrematureProcedure {
            flop: PrematureFlop::Redeal,
            turn: PrematureTurn::RiverAsTurn,
        }
    }
}

/// The facts of a premature card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrematureInput {
    /// The street dealt too early: flop, turn or river.
    pub street: Street,
    /// Whether the burn card for that street was dealt.
    pub burned: bool,
    /// Whether any action (even a check) has taken place since the card(s)
    /// were dealt.
    pub action_since: bool,
}

crate::outcomes! {
    /// The outcome ids of the `premature-card` incident.
    pub enum PrematureOutcome {
        /// The flop is dealt again (see [`PrematureFlop`] for how).
        FlopRedeal => [PREMATURE_CARDS, FOUR_CARD_FLOP],
        /// The flop stands.
        FlopStands => [PREMATURE_CARDS, FOUR_CARD_FLOP],
        /// The turn is replaced after a reshuffle (see [`PrematureTurn`]).
        TurnReshuffle => [PREMATURE_CARDS, FOUR_CARD_FLOP],
        /// The premature river is reshuffled into the stub; after the betting
        /// round a new river is dealt without a burn.
        RiverReshuffle => [PREMATURE_CARDS, FOUR_CARD_FLOP],
    }
}

/// The premature-card ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrematureRuling {
    /// What happens to the board.
    pub outcome: PrematureOutcome,
    /// For a flop re-deal: the flop procedure applied.
    pub flop_procedure: Option<PrematureFlop>,
    /// For a turn: the turn procedure applied.
    pub turn_procedure: Option<PrematureTurn>,
    /// The remedy steps, where they are not the TDA procedure's: the
    /// variant of the outcome in `rulings/premature-card.yaml`.
    pub remedy_variant: Option<&'static str>,
    /// Whether the edition's own procedure decides (false: a case its text
    /// does not cover, ruled by the TDA procedure).
    pub edition_text: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<Cite>,
}

/// Rules on board cards dealt before the betting round ended (TDA 2019
/// recommended procedure 5, tda-2019-sk OP5, ONK rule 39 and RP-5; concepts
/// `premature-cards`, then `four-card-flop` for the rule that refers to it).
///
/// - Flop with [`PrematureFlop::Redeal`]: re-dealt.
/// - Flop with [`PrematureFlop::StandsAfterAction`] (ONK): a flop dealt
///   without a burn stands once any action took place, else it is re-dealt
///   (scrambled, one card becomes the burn: remedy variant `scramble`).
///   ONK's text covers only the missing burn; a premature flop with its burn
///   is re-dealt as in TDA 2019, and `edition_text` is false.
/// - Turn: reshuffle, by the edition's [`PrematureTurn`] (`reshuffle-now`:
///   remedy variant `reshuffle-now`).
/// - River: reshuffled, new river without a burn (every edition with a text).
///
/// Errors: a street that has no board card (pre-flop, an unnamed street).
///
/// ```
/// use floor::incidents::premature_card::{
///     PrematureFlop, PrematureInput, PrematureOutcome, PrematureProcedure, PrematureTurn,
///     premature_card,
/// };
/// use floor::poker::Street;
///
/// // onk-2023-nl rule 39-1: an unburned flop and a check since: the flop stands.
/// let onk = PrematureProcedure {
///     flop: PrematureFlop::StandsAfterAction,
///     turn: PrematureTurn::ReshuffleNow,
/// };
/// let r = premature_card(
///     &PrematureInput { street: Street::Flop, burned: false, action_since: true },
///     onk,
/// )
/// .unwrap();
/// assert_eq!(r.outcome, PrematureOutcome::FlopStands);
/// ```
pub fn premature_card(
    input: &PrematureInput,
    procedure: PrematureProcedure,
) -> Result<PrematureRuling, Error> {
    let concepts: Vec<Cite> = vec![c::PREMATURE_CARDS.into(), c::FOUR_CARD_FLOP.into()];
    let ruling = |outcome, flop, turn, remedy_variant, edition_text| PrematureRuling {
        outcome,
        flop_procedure: flop,
        turn_procedure: turn,
        remedy_variant,
        edition_text,
        concepts: concepts.clone(),
    };
    Ok(match input.street {
        Street::Flop => match (procedure.flop, input.burned, input.action_since) {
            (PrematureFlop::StandsAfterAction, false, true) => ruling(
                PrematureOutcome::FlopStands,
                Some(PrematureFlop::StandsAfterAction),
                None,
                None,
                true,
            ),
            (PrematureFlop::StandsAfterAction, false, false) => ruling(
                PrematureOutcome::FlopRedeal,
                Some(PrematureFlop::StandsAfterAction),
                None,
                Some("scramble"),
                true,
            ),
            (PrematureFlop::StandsAfterAction, true, _) => ruling(
                PrematureOutcome::FlopRedeal,
                Some(PrematureFlop::Redeal),
                None,
                None,
                false,
            ),
            (PrematureFlop::Redeal, _, _) => ruling(
                PrematureOutcome::FlopRedeal,
                Some(PrematureFlop::Redeal),
                None,
                None,
                true,
            ),
        },
        Street::Turn => ruling(
            PrematureOutcome::TurnReshuffle,
            None,
            Some(procedure.turn),
            match procedure.turn {
                PrematureTurn::RiverAsTurn => None,
                PrematureTurn::ReshuffleNow => Some("reshuffle-now"),
            },
            true,
        ),
        Street::River => ruling(PrematureOutcome::RiverReshuffle, None, None, None, true),
        other @ (Street::Preflop | Street::Postflop) => {
            return Err(Error::input(
                "street",
                Message::new(Msg::AnswerChoice)
                    .arg("value", <&str>::from(other))
                    .arg("choices", "flop, turn, river"),
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notes::NoteText;

    const ONK: PrematureProcedure = PrematureProcedure {
        flop: PrematureFlop::StandsAfterAction,
        turn: PrematureTurn::ReshuffleNow,
    };

    fn premature(
        street: Street,
        burned: bool,
        action_since: bool,
        p: PrematureProcedure,
    ) -> PrematureRuling {
        premature_card(
            &PrematureInput {
                street,
                burned,
                action_since,
            },
            p,
        )
        .unwrap()
    }

    // tda-2019-sk OP5-A: "vrátia sa všetky predčasne vyložené karty ... do balíku ... bude
    // vyložený nový flop bez pálenia karty"
    #[test]
    fn tda_2019_sk_op5_premature_flop_is_redealt() {
        for (burned, action) in [(true, false), (true, true), (false, false), (false, true)] {
            let r = premature(Street::Flop, burned, action, PrematureProcedure::default());
            assert_eq!(r.outcome, PrematureOutcome::FlopRedeal);
            assert_eq!(r.flop_procedure, Some(PrematureFlop::Redeal));
        }
    }

    // tda-2019-sk OP5-B: "karta, ktorá mala byť pôvodne river karta ... je použitá ako nová
    // turn karta. Po ukončení stávkového kola sa balík opätovne premieša"
    #[test]
    fn tda_2019_sk_op5_premature_turn_river_card_becomes_turn() {
        let r = premature(Street::Turn, true, false, PrematureProcedure::default());
        assert_eq!(r.outcome, PrematureOutcome::TurnReshuffle);
        assert_eq!(r.turn_procedure, Some(PrematureTurn::RiverAsTurn));
    }

    // tda-2019-sk OP5-C: "river karta ... je umiestnená naspäť do balíka ... vyložením novej
    // river karty bez pálenia karty"
    #[test]
    fn tda_2019_sk_op5_premature_river_is_reshuffled() {
        let r = premature(Street::River, true, false, PrematureProcedure::default());
        assert_eq!(r.outcome, PrematureOutcome::RiverReshuffle);
    }

    // onk-2023-nl rule 39-1: "Als er geen burn was bij een flop ... De flop bestaat uit de
    // andere 2 kaarten plus de volgende kaart"
    #[test]
    fn onk_2023_nl_r39_unburned_flop_without_action_is_redealt() {
        let r = premature(Street::Flop, false, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::FlopRedeal);
        assert_eq!(r.flop_procedure, Some(PrematureFlop::StandsAfterAction));
    }

    // onk-2023-nl rule 39-1: "Als er een actie (zelfs een check) heeft plaatsgevonden, gaat
    // het spel verder met de eerste 3 kaarten."
    #[test]
    fn onk_2023_nl_r39_unburned_flop_after_a_check_stands() {
        let r = premature(Street::Flop, false, true, ONK);
        assert_eq!(r.outcome, PrematureOutcome::FlopStands);
    }

    // onk-2023-nl rule 39-2: "Leg de te vroeg gedraaide turnkaart weer terug op het deck ...
    // Schud het hele deck ... leg je de bovenste kaart meteen neer als de turn"
    #[test]
    fn onk_2023_nl_r39_premature_turn_is_reshuffled_now() {
        let r = premature(Street::Turn, true, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::TurnReshuffle);
        assert_eq!(r.turn_procedure, Some(PrematureTurn::ReshuffleNow));
    }

    // onk-2023-nl rule 39-3: "De dealer zal deze kaart opnieuw schudden met de rest van het
    // deck ... legt de dealer zonder een kaart te verbranden een nieuwe vijfde kaart"
    #[test]
    fn onk_2023_nl_r39_premature_river_is_reshuffled() {
        let r = premature(Street::River, true, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::RiverReshuffle);
    }

    // onk-2023-nl RP-5 (flop): "Als er een actie (zelfs een check) heeft plaatsgevonden, gaat
    // het spel verder met de eerste 3 kaarten."
    #[test]
    fn onk_2023_nl_rp5_unburned_flop_stands_after_action_else_redealt() {
        assert_eq!(
            premature(Street::Flop, false, true, ONK).outcome,
            PrematureOutcome::FlopStands
        );
        assert_eq!(
            premature(Street::Flop, false, false, ONK).outcome,
            PrematureOutcome::FlopRedeal
        );
    }

    // onk-2023-nl RP-5 (turn): "Schud het hele dek, als je klaar bent met schudden leg je de
    // bovenste kaart meteen neer als de turn"
    #[test]
    fn onk_2023_nl_rp5_premature_turn_is_reshuffled_now() {
        let r = premature(Street::Turn, true, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::TurnReshuffle);
        assert_eq!(r.turn_procedure, Some(PrematureTurn::ReshuffleNow));
    }

    // onk-2023-nl RP-5 (river): "nadat de inzetronde beëindigd is, legt de dealer zonder een
    // kaart te verbranden een nieuwe vijfde kaart (river) neer"
    #[test]
    fn onk_2023_nl_rp5_premature_river_is_reshuffled() {
        let r = premature(Street::River, false, true, ONK);
        assert_eq!(r.outcome, PrematureOutcome::RiverReshuffle);
    }

    #[test]
    fn onk_burned_premature_flop_falls_back_to_redeal() {
        let r = premature(Street::Flop, true, true, ONK);
        assert_eq!(r.outcome, PrematureOutcome::FlopRedeal);
        assert_eq!(r.flop_procedure, Some(PrematureFlop::Redeal));
        assert_eq!(r.concepts, vec![c::PREMATURE_CARDS, c::FOUR_CARD_FLOP]);
    }

    fn rule(edition: &str, street: Street, burned: Option<bool>) -> Decision<PrematureCard> {
        super::super::rule_in::<PrematureCard>(
            edition,
            Answers {
                street,
                burned,
                action_since: burned.map(|_| false),
            },
        )
        .unwrap()
    }

    // tda-2019-sk OP-5-B: the card cites the part that states the steps.
    #[test]
    fn tda_2019_sk_cites_the_op5_part_of_the_street() {
        for (street, part) in [
            (Street::Flop, c::PREMATURE_CARDS.part("A")),
            (Street::Turn, c::PREMATURE_CARDS.part("B")),
            (Street::River, c::PREMATURE_CARDS.part("C")),
        ] {
            let d = rule("tda-2019-sk", street, None);
            assert_eq!(d.cites, [part]);
            assert_eq!(d.remedy_variant, None);
            assert!(d.notes.is_empty());
        }
    }

    // onk-2023-nl rule 39-2 governs over RP-5 and is cited first, with a note.
    #[test]
    fn onk_2023_nl_rule_39_governs_over_rp5() {
        let d = rule("onk-2023-nl", Street::Turn, None);
        assert_eq!(
            d.cites,
            [c::FOUR_CARD_FLOP.part("2"), c::PREMATURE_CARDS.into()]
        );
        assert_eq!(d.remedy_variant, Some("reshuffle-now"));
        assert_eq!(
            d.notes.first().map(NoteText::key),
            Some("premature_rule_governs")
        );
        let d = rule("onk-2023-nl", Street::Flop, Some(false));
        assert_eq!(d.remedy_variant, Some("scramble"));
        assert_eq!(
            d.cites,
            [c::FOUR_CARD_FLOP.part("1"), c::PREMATURE_CARDS.into()]
        );
    }

    // onk-2023-nl 39-1 covers only a flop dealt without its burn card.
    #[test]
    fn onk_2023_nl_a_burned_premature_flop_has_no_text_and_no_citation() {
        let d = rule("onk-2023-nl", Street::Flop, Some(true));
        assert_eq!(d.outcome, PrematureOutcome::FlopRedeal);
        assert!(d.uncited);
        assert_eq!(
            d.notes.first().map(NoteText::key),
            Some("premature_flop_burned")
        );
        // The walk asks `burned` in ONK: ruling without it is refused.
        let err = super::super::rule_in::<PrematureCard>(
            "onk-2023-nl",
            Answers {
                street: Street::Flop,
                burned: None,
                action_since: None,
            },
        )
        .unwrap_err();
        assert_eq!(err.input_key(), Some("burned"));
    }

    // dpc-2019-en has no premature-card procedure: the TDA steps, and the
    // concept it lacks (the card then says so and cites nothing).
    #[test]
    fn dpc_2019_en_has_no_procedure_and_takes_the_tda_steps() {
        for street in [Street::Flop, Street::Turn] {
            let d = rule("dpc-2019-en", street, None);
            assert_eq!(d.remedy_variant, None);
            assert_eq!(d.cites.len(), 1);
            assert_eq!(d.cites[0].concept, c::PREMATURE_CARDS);
            assert!(d.cites[0].part.is_some());
        }
    }

    #[test]
    fn the_remedy_variants_named_are_in_the_tree() {
        let tree =
            crate::engine::load(&crate::data::DataSource::Embedded, PrematureCard::ID).unwrap();
        for (outcome, variant) in [
            ("flop-redeal", "scramble"),
            ("turn-reshuffle", "reshuffle-now"),
        ] {
            let o = tree.outcome(outcome).unwrap();
            assert!(o.variants.contains_key(variant), "{outcome} {variant}");
        }
    }

    #[test]
    fn a_street_without_a_board_card_is_refused() {
        for street in [Street::Preflop, Street::Postflop] {
            let input = PrematureInput {
                street,
                burned: true,
                action_since: false,
            };
            let err = premature_card(&input, ONK).unwrap_err();
            assert_eq!(err.input_key(), Some("street"));
        }
    }

    #[test]
    fn parameters_deserialize_from_the_rulebook_values() {
        let p: PrematureProcedure =
            crate::yaml::from_str("{flop: stands-after-action, turn: reshuffle-now}", "test")
                .unwrap();
        assert_eq!(p, ONK);
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<&str> = [
            PrematureOutcome::FlopRedeal,
            PrematureOutcome::FlopStands,
            PrematureOutcome::TurnReshuffle,
            PrematureOutcome::RiverReshuffle,
        ]
        .into_iter()
        .map(Into::into)
        .collect();
        assert_eq!(
            ids,
            [
                "flop-redeal",
                "flop-stands",
                "turn-reshuffle",
                "river-reshuffle"
            ]
        );
    }
}
