//! Misdeals and fouled decks (incident `misdeal`).
//!
//! Concept `misdeals`: TDA 2019 rule 35 (also in Pokerpunt and ONK), 34 in
//! the German TDA 2015. The causes an edition lists and their thresholds
//! arrive as parameters ([`MisdealRules`]); substantial action (rule 36)
//! ends the question.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::rules::concepts::{self as c, Cite};
use crate::rules::provisions::{Term, worded};

/// The `misdeal` incident.
pub struct Misdeal;

/// The answers of `misdeal` (SPEC section 5). The causes come either as
/// one list of the edition's causes (`causes`, as the walkthrough asks them)
/// or as the contract keys, one fact each; a fact is `None` when the walk
/// did not ask it: the deck is fouled, substantial action occurred, or the
/// list was given.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The deck is fouled.
    pub fouled_deck: bool,
    /// A fouled deck: the hand was over (the pot awarded) when it was
    /// found.
    pub hand_over: Option<bool>,
    /// Substantial action has occurred.
    pub substantial_action: Option<bool>,
    /// The causes that happened, of those the edition lists.
    pub causes: Option<Vec<MisdealCondition>>,
    /// Boxed cards on the initial deal.
    pub boxed_cards: Option<u64>,
    /// The first card went to the wrong seat.
    pub first_card_wrong_seat: Option<bool>,
    /// Cards were dealt to a seat not entitled to a hand.
    pub dealt_to_ineligible_seat: Option<bool>,
    /// A seat entitled to a hand was dealt out.
    pub eligible_seat_dealt_out: Option<bool>,
    /// One of the first two cards off the deck was exposed by dealer error.
    pub first_two_exposed: Option<bool>,
    /// A boxed card was among the first two cards dealt (asked where the
    /// edition makes it a misdeal).
    pub first_two_boxed: Option<bool>,
    /// Other downcards exposed by dealer error.
    pub downcards_exposed: Option<u64>,
    /// A player was dealt the wrong number of cards.
    pub wrong_card_count: Option<bool>,
    /// A joker (or a card removed from a short deck) was found in the deck.
    pub joker_in_deck: Option<bool>,
    /// After substantial action, a non-standard card (a joker, a card of
    /// another deck) was found: asked where the edition says it is taken
    /// out of play.
    pub nonstandard_card: Option<bool>,
}

impl Incident for Misdeal {
    const ID: &'static str = "misdeal";
    type Answers = Answers;
    type Outcome = MisdealOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &[
        "misdeal-causes-open",
        DISPUTE_ENDS,
        FIRST_TWO_BOXED,
        NONSTANDARD_REMOVED,
        FIRST_TWO_EXPOSED,
        DOWNCARDS_EXPOSED,
    ];
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &[DISPUTE_ENDS];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<Misdeal>, Error> {
        if a.fouled_deck {
            // Only some editions state the fouled deck (35-E); the others
            // get the TDA practice, noted on the card, and no citation of a
            // misdeal rule that does not say it.
            // Found once the hand is over, the claim is a dispute of the
            // pot: it stands only within the window the rule on disputed
            // pots gives (35-E in tda-2019-sk and ONK; the TDA practice
            // elsewhere, said on the card).
            let hand_over = a
                .hand_over
                .ok_or_else(|| super::answer_needed("hand_over"))?;
            if hand_over {
                return Ok(Decision::<Misdeal>::new(
                    MisdealOutcome::FouledDeckAfterHand,
                    vec![
                        c::MISDEALS.part("E").stating(DISPUTE_ENDS),
                        c::DISPUTED_POTS.into(),
                    ],
                ));
            }
            let stated = cx.params.stated().fouled_deck.is_some();
            let FouledDeck::StopPlayReturnBets = cx.params.fouled_deck();
            let mut d =
                Decision::<Misdeal>::new(MisdealOutcome::FouledDeck, vec![c::MISDEALS.part("E")]);
            d.uncited = !stated;
            d.extra = Extra::default();
            return Ok(d);
        }
        let conditions = cx.params.misdeal_conditions();
        let substantial_action = a.substantial_action == Some(true);
        // Causes given that the edition does not list: they make no misdeal
        // under its rule, and the card says which (never dropped unsaid).
        let mut unlisted: Vec<MisdealCondition> = Vec::new();
        // A boxed card among the first two is that cause where the edition
        // says so; elsewhere it is a cause it does not list.
        let first_two_boxed = a.first_two_boxed == Some(true) && !substantial_action;
        let boxed_first_two_counts =
            first_two_boxed && cx.stated_or_practice(FIRST_TWO_BOXED)?.is_some();
        let boxed_first_two_unlisted = first_two_boxed && !boxed_first_two_counts;
        let r = match &a.causes {
            Some(causes) => {
                unlisted.extend(causes.iter().copied().filter(|c| !conditions.contains(c)));
                rule_on_causes(
                    conditions
                        .iter()
                        .copied()
                        .filter(|c| {
                            causes.contains(c)
                                || boxed_first_two_counts && *c == MisdealCondition::FirstTwoExposed
                        })
                        .collect(),
                    substantial_action,
                )
            }
            // After substantial action the causes are not asked: 35-D decides.
            None if substantial_action => rule_on_causes(Vec::new(), true),
            None => {
                // The contract keys, each asked (or defaulted by the tree) on
                // this path. A threshold is read only where the edition lists
                // its cause (a parameter read and not stated is noted on the
                // card).
                let flag =
                    |v: Option<bool>, key: &'static str| v.ok_or_else(|| super::answer_needed(key));
                let number =
                    |v: Option<u64>, key: &'static str| v.ok_or_else(|| super::answer_needed(key));
                let count = |c: u32| u8::try_from(c).unwrap_or(u8::MAX);
                let boxed = conditions
                    .contains(&MisdealCondition::BoxedCards)
                    .then(|| count(cx.params.misdeal_boxed_cards().get()));
                let downcards = conditions
                    .contains(&MisdealCondition::DowncardsExposed)
                    .then(|| count(cx.params.misdeal_exposed_downcards().get()));
                let input = MisdealInput {
                    boxed_cards: number(a.boxed_cards, "boxed_cards")?,
                    first_card_wrong_seat: flag(a.first_card_wrong_seat, "first_card_wrong_seat")?,
                    dealt_to_ineligible_seat: flag(
                        a.dealt_to_ineligible_seat,
                        "dealt_to_ineligible_seat",
                    )?,
                    eligible_seat_dealt_out: flag(
                        a.eligible_seat_dealt_out,
                        "eligible_seat_dealt_out",
                    )?,
                    first_two_exposed: flag(a.first_two_exposed, "first_two_exposed")?
                        || boxed_first_two_counts,
                    downcards_exposed: number(a.downcards_exposed, "downcards_exposed")?,
                    stud: false,
                    wrong_card_count: flag(a.wrong_card_count, "wrong_card_count")?,
                    joker_in_deck: flag(a.joker_in_deck, "joker_in_deck")?,
                    substantial_action,
                    fouled_deck: false,
                };
                // The causes it does not list, read at the TDA's counts.
                let others = MisdealRules {
                    conditions: <MisdealCondition as strum::VariantArray>::VARIANTS
                        .iter()
                        .copied()
                        .filter(|c| !conditions.contains(c))
                        .collect(),
                    misdeal_boxed_cards: Some(2),
                    misdeal_exposed_downcards: Some(2),
                };
                unlisted.extend(misdeal(&input, &others)?.met);
                let rules = MisdealRules {
                    conditions,
                    misdeal_boxed_cards: boxed,
                    misdeal_exposed_downcards: downcards,
                };
                misdeal(&input, &rules)?
            }
        };
        // What decides: substantial action (35-D) when it occurred, else
        // the edition's list of causes (35-A), met or not. A misdeal's
        // re-deal as an exact replay is part C in every bundled edition
        // (TDA 2015 34-C, the others 35-C): cited for the step.
        let mut concepts = if substantial_action {
            vec![c::MISDEALS.part("D"), c::SUBSTANTIAL_ACTION.into()]
        } else {
            vec![c::MISDEALS.part("A")]
        };
        if r.outcome == MisdealOutcome::Misdeal {
            concepts.push(c::MISDEALS.part("C"));
        }
        let mut d = Decision::<Misdeal>::new(r.outcome, concepts);
        // A non-standard card found once the hand must go on is taken out
        // of play where the edition says so (ONK 35-D); the tree asks it
        // only there.
        if substantial_action
            && a.nonstandard_card == Some(true)
            && cx.states(NONSTANDARD_REMOVED)?
        {
            d.remedy_variant = Some("nonstandard-removed");
        }
        // No listed cause: where the edition gives its causes as examples
        // (TDA "not necessarily limited to", ONK "o.a."), the card says the
        // list is open rather than let "no misdeal" read as final; a cause
        // given that it does not list is then the floor's to judge. An
        // edition without a provision record gets no such note.
        let open = r.outcome == MisdealOutcome::NoMisdeal
            && !substantial_action
            && cx.states("misdeal-causes-open").unwrap_or(false);
        let unlisted_given =
            !substantial_action && (!unlisted.is_empty() || boxed_first_two_unlisted);
        match (unlisted_given, open) {
            (false, true) => d.notes.push(Note::CausesOpen),
            (false, false) => {}
            (true, true) => {
                d.notes.push(Note::CausesNotListedOpen);
                d.discretion = Some(true);
            }
            (true, false) => d.notes.push(Note::CausesNotListed),
        }
        // The exposed-card causes are a flop game's where the edition says
        // so (TDA 35-A 5 "In flop games"): a card ruling them says so.
        if r.outcome == MisdealOutcome::Misdeal {
            let mut flop_only = false;
            for (cause, provision) in [
                (MisdealCondition::FirstTwoExposed, FIRST_TWO_EXPOSED),
                (MisdealCondition::DowncardsExposed, DOWNCARDS_EXPOSED),
            ] {
                if r.met.contains(&cause) {
                    flop_only |= cx
                        .stated_or_practice(provision)?
                        .and_then(|t| worded(t, Term::Scope))
                        .is_some();
                }
            }
            if flop_only {
                d.notes.push(Note::FlopGamesCause);
            }
        }
        d.extra = Extra {
            causes: r.met,
            causes_not_listed: if substantial_action {
                Vec::new()
            } else {
                unlisted
            },
            barred_by_substantial_action: r.barred_by_substantial_action,
        };
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `misdeal`.
    pub enum Note {
        /// The edition's causes are examples: an error it does not name is
        /// the floor's to judge.
        CausesOpen = "misdeal_causes_open",
        /// A cause given is not one the edition lists (named in the JSON,
        /// `causes_not_listed`).
        CausesNotListed = "misdeal_causes_not_listed",
        /// A cause given is not one the edition lists, and its list is of
        /// examples: whether it is a misdeal is the floor's to judge.
        CausesNotListedOpen = "misdeal_causes_not_listed_open",
        /// The exposed-card cause met is stated for flop games.
        FlopGamesCause = "misdeal_flop_games_cause",
    }
}

/// What the JSON of `misdeal` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The causes of a misdeal found.
    pub causes: Vec<MisdealCondition>,
    /// Causes given that the edition does not list.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub causes_not_listed: Vec<MisdealCondition>,
    /// Substantial action bars the misdeal.
    pub barred_by_substantial_action: bool,
}

pub use crate::rules::vocab::MisdealCondition;

pub use crate::rules::vocab::FouledDeck;

/// An edition's misdeal list and its thresholds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisdealRules {
    /// The conditions the edition lists.
    pub conditions: Vec<MisdealCondition>,
    /// Boxed cards on the initial deal that make a misdeal (2 where stated);
    /// `None` where the edition does not list boxed cards, or no count is
    /// known.
    pub misdeal_boxed_cards: Option<u8>,
    /// Exposed downcards (other than the first two cards) that make a
    /// misdeal in flop games (2 where stated); `None` as above.
    pub misdeal_exposed_downcards: Option<u8>,
}

/// The facts of a dealing error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MisdealInput {
    /// Boxed cards found on the initial deal.
    pub boxed_cards: u64,
    /// The first card went to the wrong seat.
    pub first_card_wrong_seat: bool,
    /// Cards were dealt to a seat not entitled to a hand.
    pub dealt_to_ineligible_seat: bool,
    /// A seat entitled to a hand was dealt out.
    pub eligible_seat_dealt_out: bool,
    /// One of the first two cards off the deck was exposed by dealer error.
    pub first_two_exposed: bool,
    /// Other downcards exposed by dealer error.
    pub downcards_exposed: u64,
    /// The game is a stud game (downcards are the hole cards of stud).
    pub stud: bool,
    /// A player was dealt the wrong number of cards.
    pub wrong_card_count: bool,
    /// A joker (or a card removed from a short deck) was found in the deck.
    pub joker_in_deck: bool,
    /// Substantial action has occurred.
    pub substantial_action: bool,
    /// The deck is fouled (e.g. two cards of the same rank and suit).
    pub fouled_deck: bool,
}

crate::outcomes! {
    /// The outcome ids of the `misdeal` incident.
    pub enum MisdealOutcome {
        /// Misdeal: the re-deal is an exact replay.
        Misdeal => [MISDEALS, MISDEALS],
        /// No misdeal: the hand proceeds.
        NoMisdeal => [MISDEALS, MISDEALS, SUBSTANTIAL_ACTION],
        /// Fouled deck: play stops and all bets are returned.
        FouledDeck => [MISDEALS],
        /// Fouled deck found after the hand: the claim stands only within
        /// the window for disputing the pot.
        FouledDeckAfterHand => [MISDEALS, DISPUTED_POTS],
    }
}

/// After the hand, a fouled-deck claim ends as a dispute of the pot does.
const DISPUTE_ENDS: &str = "misdeal-fouled-dispute-ends";
/// One boxed card among the first two dealt is a misdeal (onk-2023-nl
/// 35-A-g "of bij een boxed kaart bij de eerste twee gedeelde kaarten";
/// tda-2019-sk 35-A-1, the first or second card "rozdané odhalené",
/// whatever the cause): the cause of the first two cards, where the
/// others need two boxed cards.
const FIRST_TWO_BOXED: &str = "misdeal-first-two-boxed";
/// Non-standard cards found after action are taken out of play and the
/// hand goes on (onk-2023-nl 35-D "worden uit het spel gehaald").
const NONSTANDARD_REMOVED: &str = "misdeal-nonstandard-removed";
/// One of the first two cards exposed is a misdeal; its `scope` says where
/// an edition limits it to flop games.
const FIRST_TWO_EXPOSED: &str = "misdeal-first-two-exposed";
/// Other downcards exposed are a misdeal; `scope` as above.
const DOWNCARDS_EXPOSED: &str = "misdeal-downcards-exposed";

/// The misdeal ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisdealRuling {
    /// What happens to the hand.
    pub outcome: MisdealOutcome,
    /// The edition's misdeal conditions that the facts meet (listed even
    /// when substantial action bars the misdeal).
    pub met: Vec<MisdealCondition>,
    /// True when the conditions met would have made a misdeal but
    /// substantial action had occurred.
    pub barred_by_substantial_action: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<Cite>,
}

/// Classifies a dealing error (rule 35 in TDA 2019 numbering and in
/// Pokerpunt and ONK, 34 in the German TDA 2015; concept `misdeals`).
///
/// - A fouled deck stops play and returns all bets whatever the action
///   (35-E: dpc, sk, onk; pokerpunt and tda-2015-de have no fouled-deck
///   text, and the same remedy is applied).
/// - Otherwise a condition in the edition's list makes a misdeal, unless
///   substantial action has occurred (35-D): then the hand proceeds. ONK's
///   35-D adds that non-standard cards found after action (a joker) are
///   removed from play, which is the same no-misdeal outcome.
///
/// Errors: a threshold of 0 (`misdeal_boxed_cards`,
/// `misdeal_exposed_downcards`).
///
/// ```
/// use floor::incidents::misdeal::{MisdealCondition, MisdealInput, MisdealOutcome, MisdealRules, misdeal};
///
/// // onk-2023-nl rule 35-A-f: a joker found in the deck before any action.
/// let onk = MisdealRules {
///     conditions: vec![MisdealCondition::JokerInDeck],
///     misdeal_boxed_cards: None,
///     misdeal_exposed_downcards: None,
/// };
/// let joker = MisdealInput { joker_in_deck: true, ..MisdealInput::default() };
/// assert_eq!(misdeal(&joker, &onk).unwrap().outcome, MisdealOutcome::Misdeal);
/// ```
pub fn misdeal(input: &MisdealInput, rules: &MisdealRules) -> Result<MisdealRuling, Error> {
    for (param, threshold) in [
        ("misdeal_boxed_cards", rules.misdeal_boxed_cards),
        ("misdeal_exposed_downcards", rules.misdeal_exposed_downcards),
    ] {
        if threshold == Some(0) {
            return Err(Error::input(param, Message::new(Msg::AtLeastOne)));
        }
    }
    if input.fouled_deck {
        return Ok(MisdealRuling {
            outcome: MisdealOutcome::FouledDeck,
            met: Vec::new(),
            barred_by_substantial_action: false,
            concepts: vec![c::MISDEALS.into()],
        });
    }
    let facts = |c: MisdealCondition| match c {
        MisdealCondition::BoxedCards => rules
            .misdeal_boxed_cards
            .is_some_and(|t| input.boxed_cards >= u64::from(t)),
        MisdealCondition::FirstCardWrongSeat => input.first_card_wrong_seat,
        MisdealCondition::DealtToIneligibleSeat => input.dealt_to_ineligible_seat,
        MisdealCondition::EligibleSeatDealtOut => input.eligible_seat_dealt_out,
        MisdealCondition::FirstTwoExposed => input.first_two_exposed,
        MisdealCondition::DowncardsExposed => {
            !input.stud
                && rules
                    .misdeal_exposed_downcards
                    .is_some_and(|t| input.downcards_exposed >= u64::from(t))
        }
        MisdealCondition::StudDowncardsExposed => input.stud && input.downcards_exposed > 0,
        MisdealCondition::JokerInDeck => input.joker_in_deck,
        MisdealCondition::WrongCardCount => input.wrong_card_count,
    };
    let mut met: Vec<MisdealCondition> = Vec::new();
    for c in rules.conditions.iter().copied() {
        if facts(c) && !met.contains(&c) {
            met.push(c);
        }
    }
    Ok(rule_on_causes(met, input.substantial_action))
}

/// The ruling once the causes met are known (of the edition's list): a
/// misdeal, unless substantial action has occurred (35-D).
///
/// ```
/// use floor::incidents::misdeal::{MisdealCondition, MisdealOutcome, rule_on_causes};
///
/// let out = vec![MisdealCondition::EligibleSeatDealtOut];
/// assert_eq!(rule_on_causes(out.clone(), false).outcome, MisdealOutcome::Misdeal);
/// let barred = rule_on_causes(out, true);
/// assert_eq!(barred.outcome, MisdealOutcome::NoMisdeal);
/// assert!(barred.barred_by_substantial_action);
/// ```
pub fn rule_on_causes(met: Vec<MisdealCondition>, substantial_action: bool) -> MisdealRuling {
    let (outcome, barred, concepts) = match (met.is_empty(), substantial_action) {
        (true, _) => (MisdealOutcome::NoMisdeal, false, vec![c::MISDEALS.into()]),
        (false, false) => (MisdealOutcome::Misdeal, false, vec![c::MISDEALS.into()]),
        (false, true) => (
            MisdealOutcome::NoMisdeal,
            true,
            vec![c::MISDEALS.into(), c::SUBSTANTIAL_ACTION.into()],
        ),
    };
    MisdealRuling {
        outcome,
        met,
        barred_by_substantial_action: barred,
        concepts,
    }
}

#[cfg(test)]
mod tests {
    use super::MisdealCondition::*;
    use super::*;

    fn rules(conditions: &[MisdealCondition]) -> MisdealRules {
        MisdealRules {
            conditions: conditions.to_vec(),
            misdeal_boxed_cards: Some(2),
            misdeal_exposed_downcards: Some(2),
        }
    }

    fn dpc() -> MisdealRules {
        rules(&[
            BoxedCards,
            FirstCardWrongSeat,
            DealtToIneligibleSeat,
            EligibleSeatDealtOut,
            FirstTwoExposed,
            DowncardsExposed,
        ])
    }

    fn sk() -> MisdealRules {
        rules(&[
            FirstTwoExposed,
            DowncardsExposed,
            FirstCardWrongSeat,
            DealtToIneligibleSeat,
            EligibleSeatDealtOut,
        ])
    }

    fn onk() -> MisdealRules {
        rules(&[
            BoxedCards,
            FirstCardWrongSeat,
            DealtToIneligibleSeat,
            EligibleSeatDealtOut,
            WrongCardCount,
            JokerInDeck,
            FirstTwoExposed,
        ])
    }

    fn de() -> MisdealRules {
        rules(&[
            BoxedCards,
            FirstCardWrongSeat,
            DealtToIneligibleSeat,
            EligibleSeatDealtOut,
            StudDowncardsExposed,
            FirstTwoExposed,
            DowncardsExposed,
        ])
    }

    fn outcome(input: MisdealInput, rules: &MisdealRules) -> MisdealOutcome {
        misdeal(&input, rules).unwrap().outcome
    }

    #[test]
    fn misdeal_conditions_per_edition() {
        let none = MisdealInput::default();
        let two_boxed = MisdealInput {
            boxed_cards: 2,
            ..none
        };
        let one_boxed = MisdealInput {
            boxed_cards: 1,
            ..none
        };
        let two_down = MisdealInput {
            downcards_exposed: 2,
            ..none
        };
        let one_down = MisdealInput {
            downcards_exposed: 1,
            ..none
        };
        let joker = MisdealInput {
            joker_in_deck: true,
            ..none
        };
        let wrong_count = MisdealInput {
            wrong_card_count: true,
            ..none
        };
        let stud_down = MisdealInput {
            downcards_exposed: 1,
            stud: true,
            ..none
        };
        use MisdealOutcome::{Misdeal as M, NoMisdeal as N};
        // (input, dpc, sk, onk, de)
        let cases = [
            (none, N, N, N, N),
            (two_boxed, M, N, M, M),
            (one_boxed, N, N, N, N),
            (two_down, M, M, N, M),
            (one_down, N, N, N, N),
            (joker, N, N, M, N),
            (wrong_count, N, N, M, N),
            (stud_down, N, N, N, M),
        ];
        for (i, (input, d, s, o, g)) in cases.into_iter().enumerate() {
            assert_eq!(outcome(input, &dpc()), d, "dpc case {i}");
            assert_eq!(outcome(input, &sk()), s, "sk case {i}");
            assert_eq!(outcome(input, &onk()), o, "onk case {i}");
            assert_eq!(outcome(input, &de()), g, "de case {i}");
        }
        for fact in [
            MisdealInput {
                first_card_wrong_seat: true,
                ..none
            },
            MisdealInput {
                dealt_to_ineligible_seat: true,
                ..none
            },
            MisdealInput {
                eligible_seat_dealt_out: true,
                ..none
            },
            MisdealInput {
                first_two_exposed: true,
                ..none
            },
        ] {
            for r in [dpc(), sk(), onk(), de()] {
                assert_eq!(outcome(fact, &r), M);
            }
        }
    }

    // dpc-2019-en rule 35-D: "Once substantial action occurs a misdeal cannot be declared"
    #[test]
    fn substantial_action_bars_a_misdeal() {
        let input = MisdealInput {
            boxed_cards: 3,
            first_card_wrong_seat: true,
            substantial_action: true,
            ..MisdealInput::default()
        };
        let r = misdeal(&input, &dpc()).unwrap();
        assert_eq!(r.outcome, MisdealOutcome::NoMisdeal);
        assert!(r.barred_by_substantial_action);
        assert_eq!(r.met, vec![BoxedCards, FirstCardWrongSeat]);
        assert_eq!(r.concepts, vec![c::MISDEALS, c::SUBSTANTIAL_ACTION]);
    }

    // onk-2023-nl rule 35-D: jokers found after action are removed from play.
    #[test]
    fn onk_2023_nl_r35_joker_after_action_is_no_misdeal() {
        let input = MisdealInput {
            joker_in_deck: true,
            substantial_action: true,
            ..MisdealInput::default()
        };
        assert_eq!(outcome(input, &onk()), MisdealOutcome::NoMisdeal);
    }

    // onk-2023-nl rule 35-D: "Niet-standaard kaarten die na actie gevonden worden, worden uit het
    // spel gehaald, denk hier aan Jokers, dubbele kaarten en verkeerde kleurkaarten bijvoorbeeld:
    // Je speelt met een blauw deck en er zit een kaart in van een rood deck tussen. (uitzondering:
    // ongeldig deck)." The non-standard-card answer is `joker_in_deck`.
    #[test]
    fn onk_2023_nl_r35_red_deck_card_in_blue_deck_after_action_is_no_misdeal() {
        let red_card_after_action = MisdealInput {
            joker_in_deck: true,
            substantial_action: true,
            ..MisdealInput::default()
        };
        let r = misdeal(&red_card_after_action, &onk()).unwrap();
        assert_eq!(r.outcome, MisdealOutcome::NoMisdeal);
        assert!(r.barred_by_substantial_action);
        // "(uitzondering: ongeldig deck)"
        let fouled = MisdealInput {
            fouled_deck: true,
            ..red_card_after_action
        };
        assert_eq!(outcome(fouled, &onk()), MisdealOutcome::FouledDeck);
    }

    // dpc-2019-en rule 35-E: "regardless of SA, play will stop and all bets will be returned"
    #[test]
    fn fouled_deck_stops_play_regardless_of_substantial_action() {
        for sa in [false, true] {
            let input = MisdealInput {
                fouled_deck: true,
                substantial_action: sa,
                boxed_cards: 2,
                ..MisdealInput::default()
            };
            assert_eq!(outcome(input, &dpc()), MisdealOutcome::FouledDeck);
        }
    }

    #[test]
    fn misdeal_thresholds_are_parameters() {
        let mut r = dpc();
        r.misdeal_boxed_cards = Some(1);
        let input = MisdealInput {
            boxed_cards: 1,
            ..MisdealInput::default()
        };
        assert_eq!(outcome(input, &r), MisdealOutcome::Misdeal);
        r.misdeal_boxed_cards = Some(0);
        assert_eq!(
            misdeal(&input, &r).unwrap_err().input_key(),
            Some("misdeal_boxed_cards")
        );
        let mut r = dpc();
        r.misdeal_exposed_downcards = Some(0);
        assert_eq!(
            misdeal(&input, &r).unwrap_err().input_key(),
            Some("misdeal_exposed_downcards")
        );
    }

    #[test]
    fn parameters_deserialize_from_the_rulebook_values() {
        let c: Vec<MisdealCondition> = crate::yaml::from_str(
            "[boxed-cards, first-card-wrong-seat, dealt-to-ineligible-seat, \
             eligible-seat-dealt-out, first-two-exposed, downcards-exposed, \
             stud-downcards-exposed, joker-in-deck, wrong-card-count]",
            "test",
        )
        .unwrap();
        assert_eq!(c.len(), 9);
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<&str> = [
            MisdealOutcome::Misdeal,
            MisdealOutcome::NoMisdeal,
            MisdealOutcome::FouledDeck,
            MisdealOutcome::FouledDeckAfterHand,
        ]
        .into_iter()
        .map(Into::into)
        .collect();
        assert_eq!(
            ids,
            [
                "misdeal",
                "no-misdeal",
                "fouled-deck",
                "fouled-deck-after-hand"
            ]
        );
    }

    /// A fouled deck found once the hand is over is a dispute of the pot
    /// (tda-2019-sk and onk-2023-nl 35-E: "right to dispute ... ends per
    /// rule 22"); the other editions say nothing of it, and their cards say
    /// the practice decided. Found during the hand, play stops everywhere.
    #[test]
    fn a_fouled_deck_found_after_the_hand_is_a_dispute_of_the_pot() {
        let fouled = |hand_over| Answers {
            fouled_deck: true,
            hand_over: Some(hand_over),
            ..listed(Vec::new(), false)
        };
        let ends = c::MISDEALS.part("E").stating(DISPUTE_ENDS);
        for edition in crate::incidents::EDITIONS {
            let d = super::super::rule_in::<Misdeal>(edition, fouled(true)).unwrap();
            assert_eq!(d.outcome, MisdealOutcome::FouledDeckAfterHand, "{edition}");
            assert_eq!(d.cites, [ends, c::DISPUTED_POTS.into()], "{edition}");
            let d = super::super::rule_in::<Misdeal>(edition, fouled(false)).unwrap();
            assert_eq!(d.outcome, MisdealOutcome::FouledDeck, "{edition}");
        }
    }

    /// The causes as the walkthrough gives them, one list.
    fn listed(causes: Vec<MisdealCondition>, substantial_action: bool) -> Answers {
        Answers {
            fouled_deck: false,
            hand_over: None,
            substantial_action: Some(substantial_action),
            causes: Some(causes),
            boxed_cards: None,
            first_card_wrong_seat: None,
            dealt_to_ineligible_seat: None,
            eligible_seat_dealt_out: None,
            first_two_exposed: None,
            first_two_boxed: None,
            downcards_exposed: None,
            wrong_card_count: None,
            joker_in_deck: None,
            nonstandard_card: None,
        }
    }

    // onk-2023-nl 35-A-g: "of bij een boxed kaart bij de eerste twee
    // gedeelde kaarten"; tda-2019-sk 35-A-1: "Prvá alebo druhá karta sú
    // rozdané odhalené (face-up)". The others need two boxed cards, or one
    // of the first two exposed by dealer error.
    #[test]
    fn one_boxed_card_among_the_first_two_is_a_misdeal_where_the_edition_says_so() {
        let keys = |first_two_boxed| Answers {
            fouled_deck: false,
            hand_over: None,
            substantial_action: Some(false),
            causes: None,
            boxed_cards: Some(1),
            first_card_wrong_seat: Some(false),
            dealt_to_ineligible_seat: Some(false),
            eligible_seat_dealt_out: Some(false),
            first_two_exposed: Some(false),
            first_two_boxed: Some(first_two_boxed),
            downcards_exposed: Some(0),
            wrong_card_count: Some(false),
            joker_in_deck: Some(false),
            nonstandard_card: None,
        };
        for edition in crate::incidents::EDITIONS {
            let says = matches!(edition, "onk-2023-nl" | "tda-2019-sk");
            let d = super::super::rule_in::<Misdeal>(edition, keys(true)).unwrap();
            assert_eq!(d.outcome == MisdealOutcome::Misdeal, says, "{edition}");
            // Ticked besides the edition's list of causes, the same.
            let ticked = super::super::rule_in::<Misdeal>(
                edition,
                Answers {
                    first_two_boxed: Some(true),
                    ..listed(Vec::new(), false)
                },
            )
            .unwrap();
            assert_eq!(ticked.outcome == MisdealOutcome::Misdeal, says, "{edition}");
            // Where it is no cause, the card says a cause given is not
            // listed.
            let noted = [Note::CausesNotListed, Note::CausesNotListedOpen]
                .iter()
                .any(|n| d.notes.contains(n));
            assert_eq!(noted, !says, "{edition}");
            let elsewhere = super::super::rule_in::<Misdeal>(edition, keys(false)).unwrap();
            assert_eq!(elsewhere.outcome, MisdealOutcome::NoMisdeal, "{edition}");
        }
    }

    // 35-A as each edition words it: "Misdeals include but are not
    // necessarily limited to" (dpc-2019-en), "schließen folgende Situationen
    // mit ein, sind aber nicht notwendigerweise auf diese beschränkt"
    // (tda-2015-de 34-A), "Er is o.a. sprake van een misdeal" (onk-2023-nl):
    // examples; "Er is sprake van een misdeal indien" (pokerpunt-nl),
    // "Misdealy sú" (tda-2019-sk): a closed list.
    #[test]
    fn no_listed_cause_says_whether_the_editions_list_is_open() {
        let answers = |substantial_action: bool| listed(Vec::new(), substantial_action);
        for (edition, open) in [
            ("tda-2015-de", true),
            ("dpc-2019-en", true),
            ("onk-2023-nl", true),
            ("pokerpunt-nl", false),
            ("tda-2019-sk", false),
        ] {
            let d = super::super::rule_in::<Misdeal>(edition, answers(false)).unwrap();
            assert_eq!(d.outcome, MisdealOutcome::NoMisdeal, "{edition}");
            assert_eq!(d.notes.contains(&Note::CausesOpen), open, "{edition}");
            // Substantial action decides alone: the list does not matter.
            let d = super::super::rule_in::<Misdeal>(edition, answers(true)).unwrap();
            assert!(d.notes.is_empty(), "{edition}");
        }
    }

    // onk-2023-nl 35-D: "Niet-standaard kaarten die na actie gevonden
    // worden, worden uit het spel gehaald". No other edition says what
    // happens to such a card once the hand must go on.
    #[test]
    fn a_non_standard_card_found_after_action_is_taken_out_where_the_edition_says_so() {
        for edition in crate::incidents::EDITIONS {
            for found in [true, false] {
                let answers = Answers {
                    causes: None,
                    nonstandard_card: Some(found),
                    ..listed(Vec::new(), true)
                };
                let d = super::super::rule_in::<Misdeal>(edition, answers).unwrap();
                assert_eq!(d.outcome, MisdealOutcome::NoMisdeal, "{edition}");
                let removed = d.remedy_variant == Some("nonstandard-removed");
                assert_eq!(removed, found && edition == "onk-2023-nl", "{edition}");
            }
        }
    }

    // A joker in the deck is a cause in onk-2023-nl 35-A-f only: elsewhere
    // it makes no misdeal, and the card names it as given but not listed,
    // whether given as the list or by its contract key.
    #[test]
    fn a_cause_the_edition_does_not_list_is_named_not_dropped() {
        let by_key = || Answers {
            causes: None,
            boxed_cards: Some(0),
            first_card_wrong_seat: Some(false),
            dealt_to_ineligible_seat: Some(false),
            eligible_seat_dealt_out: Some(false),
            first_two_exposed: Some(false),
            first_two_boxed: Some(false),
            downcards_exposed: Some(0),
            wrong_card_count: Some(false),
            joker_in_deck: Some(true),
            ..listed(Vec::new(), false)
        };
        // Where the edition's list is of examples (dpc-2019-en, tda-2015-de)
        // whether it is a misdeal is the floor's to judge, said so.
        for (edition, listed_there, open) in [
            ("onk-2023-nl", true, true),
            ("pokerpunt-nl", false, false),
            ("dpc-2019-en", false, true),
            ("tda-2019-sk", false, false),
            ("tda-2015-de", false, true),
        ] {
            let named = if open {
                Note::CausesNotListedOpen
            } else {
                Note::CausesNotListed
            };
            for answers in [listed(vec![MisdealCondition::JokerInDeck], false), by_key()] {
                let d = super::super::rule_in::<Misdeal>(edition, answers).unwrap();
                let want = if listed_there {
                    MisdealOutcome::Misdeal
                } else {
                    MisdealOutcome::NoMisdeal
                };
                assert_eq!(d.outcome, want, "{edition}");
                assert_eq!(d.notes.contains(&named), !listed_there, "{edition}");
                assert_eq!(
                    d.discretion,
                    (!listed_there && open).then_some(true),
                    "{edition}"
                );
                let not_listed = d.extra.causes_not_listed == [MisdealCondition::JokerInDeck];
                assert_eq!(not_listed, !listed_there, "{edition}");
            }
        }
    }

    // The re-deal: tda-2015-de 34-C "Bei einem Misdeal wird das Kartengeben
    // genau wiederholt", dpc-2019-en 35-C "the re-deal is an exact re-play",
    // onk-2023-nl and pokerpunt-nl 35-C "zal (er) opnieuw worden gedeeld
    // (re-deal)", tda-2019-sk 35-C "opakované rozdanie presne také isté".
    #[test]
    fn the_re_deal_cites_part_c_in_every_edition() {
        let answers = |substantial_action: bool| {
            listed(
                vec![MisdealCondition::FirstCardWrongSeat],
                substantial_action,
            )
        };
        for edition in [
            "tda-2015-de",
            "dpc-2019-en",
            "onk-2023-nl",
            "pokerpunt-nl",
            "tda-2019-sk",
        ] {
            let d = super::super::rule_in::<Misdeal>(edition, answers(false)).unwrap();
            assert_eq!(d.outcome, MisdealOutcome::Misdeal, "{edition}");
            assert_eq!(
                d.cites,
                [c::MISDEALS.part("A"), c::MISDEALS.part("C")],
                "{edition}"
            );
            // No misdeal: no re-deal, no part C.
            let d = super::super::rule_in::<Misdeal>(edition, answers(true)).unwrap();
            assert_eq!(d.outcome, MisdealOutcome::NoMisdeal, "{edition}");
            assert!(!d.cites.contains(&c::MISDEALS.part("C")), "{edition}");
        }
    }
}
