//! Dealing irregularities: substantial action, misdeals and fouled decks,
//! the button with too few cards, four-card flops and premature board cards
//! (incidents `substantial-action`, `misdeal`, `button-too-few-cards`,
//! `four-card-flop`, `premature-card`).
//!
//! Owns the decisions of TDA 2019 rules 35-39 and recommended procedure 5
//! (TDA 2015 rules 34-36, Pokerpunt 35-39, ONK 35-39 and RP-5, the Slovak
//! OP5). Where the editions differ the difference arrives as a typed
//! parameter ([`SaThresholds`], [`MisdealRules`], [`PrematureProcedure`]).
//! Pure: no I/O, no edition lookup.

use super::CalcError;
use std::str::FromStr;

// ---------------------------------------------------------------------------
// Substantial action (rule 36)
// ---------------------------------------------------------------------------

/// One action in turn, as counted for substantial action (blind posts are
/// never listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SaAction {
    /// A check: puts no chips in.
    Check,
    /// A bet: puts chips in.
    Bet,
    /// A raise: puts chips in.
    Raise,
    /// A call: puts chips in.
    Call,
    /// A fold: puts no chips in.
    Fold,
    /// An all-in: puts chips in.
    AllIn,
}

impl SaAction {
    /// Whether the action puts chips in the pot.
    pub fn puts_chips_in(self) -> bool {
        !matches!(self, SaAction::Check | SaAction::Fold)
    }
}

impl FromStr for SaAction {
    type Err = CalcError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "check" => Ok(SaAction::Check),
            "bet" => Ok(SaAction::Bet),
            "raise" => Ok(SaAction::Raise),
            "call" => Ok(SaAction::Call),
            "fold" => Ok(SaAction::Fold),
            "all-in" | "allin" => Ok(SaAction::AllIn),
            other => Err(CalcError::invalid(
                "actions",
                format!(
                    "`{other}` is not an action: use check, bet, raise, call, fold or all-in, \
                     separated by commas"
                ),
            )),
        }
    }
}

/// Parses the `actions` answer of the `substantial-action` incident: actions
/// in turn since the deal separated by commas, e.g. `check,bet,fold`. An
/// empty answer is no action at all.
///
/// ```
/// use floor::calc::dealing::{SaAction, parse_sa_actions};
///
/// assert_eq!(
///     parse_sa_actions("check, bet,fold").unwrap(),
///     vec![SaAction::Check, SaAction::Bet, SaAction::Fold]
/// );
/// ```
pub fn parse_sa_actions(text: &str) -> Result<Vec<SaAction>, CalcError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',').map(str::parse).collect()
}

/// The two thresholds of the substantial-action definition (rule 36): any
/// `sa_chip_actions` actions in turn at least one of which puts chips in, or
/// any `sa_any_actions` actions in turn. Every bundled edition states 2 and
/// 3, the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SaThresholds {
    /// Actions needed when at least one of them puts chips in (2).
    pub sa_chip_actions: u8,
    /// Actions needed of any kind (3).
    pub sa_any_actions: u8,
}

impl Default for SaThresholds {
    fn default() -> Self {
        SaThresholds {
            sa_chip_actions: 2,
            sa_any_actions: 3,
        }
    }
}

/// The outcome ids of the `substantial-action` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SaOutcome {
    /// Substantial action has occurred.
    SubstantialAction,
    /// It has not.
    NoSubstantialAction,
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
    pub concepts: Vec<&'static str>,
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
/// ```
/// use floor::calc::dealing::{SaOutcome, SaThresholds, parse_sa_actions, substantial_action};
///
/// let sa = |s| substantial_action(&parse_sa_actions(s).unwrap(), SaThresholds::default())
///     .unwrap()
///     .outcome;
/// assert_eq!(sa("check,bet"), SaOutcome::SubstantialAction);
/// assert_eq!(sa("check,check"), SaOutcome::NoSubstantialAction);
/// assert_eq!(sa("check,check,check"), SaOutcome::SubstantialAction);
/// ```
pub fn substantial_action(
    actions: &[SaAction],
    thresholds: SaThresholds,
) -> Result<SaRuling, CalcError> {
    if thresholds.sa_chip_actions == 0 || thresholds.sa_any_actions == 0 {
        return Err(CalcError::invalid(
            "sa_chip_actions",
            "the substantial-action thresholds must be at least 1 action",
        ));
    }
    let n = actions.len();
    let chips = actions.iter().filter(|a| a.puts_chips_in()).count();
    let sa = (n >= usize::from(thresholds.sa_chip_actions) && chips > 0)
        || n >= usize::from(thresholds.sa_any_actions);
    Ok(SaRuling {
        outcome: if sa {
            SaOutcome::SubstantialAction
        } else {
            SaOutcome::NoSubstantialAction
        },
        actions: n,
        chip_actions: chips,
        concepts: vec!["substantial-action"],
    })
}

// ---------------------------------------------------------------------------
// Misdeals and fouled decks (rule 35)
// ---------------------------------------------------------------------------

/// One condition an edition lists as a misdeal (rule 35-A).
///
/// | edition | conditions |
/// |---|---|
/// | dpc-2019-en | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, first-two-exposed, downcards-exposed (2) |
/// | tda-2019-sk | first-two-exposed, downcards-exposed (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out (no boxed cards) |
/// | onk-2023-nl | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, wrong-card-count, joker-in-deck, first-two-exposed (a boxed card among the first two counts as exposed) |
/// | pokerpunt-nl | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, stud-downcards-exposed, first-two-exposed, downcards-exposed (2) |
/// | tda-2015-de | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, stud-downcards-exposed, first-two-exposed, downcards-exposed (2) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MisdealCondition {
    /// At least `misdeal_boxed_cards` boxed cards on the initial deal.
    BoxedCards,
    /// The first card went to the wrong seat.
    FirstCardWrongSeat,
    /// Cards were dealt to a seat not entitled to a hand.
    DealtToIneligibleSeat,
    /// A seat entitled to a hand was dealt out.
    EligibleSeatDealtOut,
    /// One of the first two cards off the deck was exposed by dealer error.
    FirstTwoExposed,
    /// Flop games: at least `misdeal_exposed_downcards` other downcards were
    /// exposed by dealer error.
    DowncardsExposed,
    /// Stud games: a downcard was exposed by dealer error.
    StudDowncardsExposed,
    /// A joker (or, in short deck, a removed card) was found in the deck.
    JokerInDeck,
    /// A player was dealt the wrong number of cards (the button's short hand
    /// is rule 37, not a misdeal).
    WrongCardCount,
}

impl MisdealCondition {
    /// The causes TDA 2019 rule 35-A lists for flop games.
    pub const TDA: [MisdealCondition; 6] = [
        MisdealCondition::BoxedCards,
        MisdealCondition::FirstCardWrongSeat,
        MisdealCondition::DealtToIneligibleSeat,
        MisdealCondition::EligibleSeatDealtOut,
        MisdealCondition::FirstTwoExposed,
        MisdealCondition::DowncardsExposed,
    ];
}

/// An edition's misdeal list and its thresholds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MisdealRules {
    /// The conditions the edition lists.
    pub conditions: Vec<MisdealCondition>,
    /// Boxed cards on the initial deal that make a misdeal (2 where stated).
    pub misdeal_boxed_cards: u8,
    /// Exposed downcards (other than the first two cards) that make a
    /// misdeal in flop games (2 where stated).
    pub misdeal_exposed_downcards: u8,
}

/// The answers of the `misdeal` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MisdealInput {
    /// Boxed cards found on the initial deal.
    pub boxed_cards: u8,
    /// The first card went to the wrong seat.
    pub first_card_wrong_seat: bool,
    /// Cards were dealt to a seat not entitled to a hand.
    pub dealt_to_ineligible_seat: bool,
    /// A seat entitled to a hand was dealt out.
    pub eligible_seat_dealt_out: bool,
    /// One of the first two cards off the deck was exposed by dealer error.
    pub first_two_exposed: bool,
    /// Other downcards exposed by dealer error.
    pub downcards_exposed: u8,
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

/// The outcome ids of the `misdeal` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MisdealOutcome {
    /// Misdeal: the re-deal is an exact replay.
    Misdeal,
    /// No misdeal: the hand proceeds.
    NoMisdeal,
    /// Fouled deck: play stops and all bets are returned.
    FouledDeck,
}

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
    pub concepts: Vec<&'static str>,
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
/// ```
/// use floor::calc::dealing::{MisdealCondition, MisdealInput, MisdealOutcome, MisdealRules, misdeal};
///
/// // onk-2023-nl rule 35-A-f: a joker found in the deck before any action.
/// let onk = MisdealRules {
///     conditions: vec![MisdealCondition::JokerInDeck],
///     misdeal_boxed_cards: 2,
///     misdeal_exposed_downcards: 2,
/// };
/// let joker = MisdealInput { joker_in_deck: true, ..MisdealInput::default() };
/// assert_eq!(misdeal(&joker, &onk).unwrap().outcome, MisdealOutcome::Misdeal);
/// ```
pub fn misdeal(input: &MisdealInput, rules: &MisdealRules) -> Result<MisdealRuling, CalcError> {
    if rules.misdeal_boxed_cards == 0 {
        return Err(CalcError::invalid(
            "misdeal_boxed_cards",
            "the boxed-card threshold must be at least 1 card",
        ));
    }
    if rules.misdeal_exposed_downcards == 0 {
        return Err(CalcError::invalid(
            "misdeal_exposed_downcards",
            "the exposed-downcard threshold must be at least 1 card",
        ));
    }
    if input.fouled_deck {
        return Ok(MisdealRuling {
            outcome: MisdealOutcome::FouledDeck,
            met: Vec::new(),
            barred_by_substantial_action: false,
            concepts: vec!["misdeals"],
        });
    }
    let facts = |c: MisdealCondition| match c {
        MisdealCondition::BoxedCards => input.boxed_cards >= rules.misdeal_boxed_cards,
        MisdealCondition::FirstCardWrongSeat => input.first_card_wrong_seat,
        MisdealCondition::DealtToIneligibleSeat => input.dealt_to_ineligible_seat,
        MisdealCondition::EligibleSeatDealtOut => input.eligible_seat_dealt_out,
        MisdealCondition::FirstTwoExposed => input.first_two_exposed,
        MisdealCondition::DowncardsExposed => {
            !input.stud && input.downcards_exposed >= rules.misdeal_exposed_downcards
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
    let (outcome, barred, concepts) = match (met.is_empty(), input.substantial_action) {
        (true, _) => (MisdealOutcome::NoMisdeal, false, vec!["misdeals"]),
        (false, false) => (MisdealOutcome::Misdeal, false, vec!["misdeals"]),
        (false, true) => (
            MisdealOutcome::NoMisdeal,
            true,
            vec!["misdeals", "substantial-action"],
        ),
    };
    Ok(MisdealRuling {
        outcome,
        met,
        barred_by_substantial_action: barred,
        concepts,
    })
}

// ---------------------------------------------------------------------------
// Button with too few cards (rule 37)
// ---------------------------------------------------------------------------

/// The outcomes of the `button-too-few-cards` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ButtonShortOutcome {
    /// The button acted (checked or bet) with too few cards: the hand is dead.
    DeadHand,
    /// The missing card(s) may still be dealt to the button, even after
    /// substantial action.
    ReplaceMissing,
}

/// The ruling on a button dealt too few cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButtonShortRuling {
    /// Dead hand or replace the missing cards.
    pub outcome: ButtonShortOutcome,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Rules on a button dealt too few cards (rule 37 in TDA 2019 numbering and
/// in Pokerpunt and ONK; the German TDA 2015 has no such rule; concept
/// `button-too-few-cards`): if the button acted on the short hand (by check
/// or bet) the hand is dead, otherwise the missing cards may be replaced,
/// even after substantial action. dpc adds "if permitted for the game type";
/// tda-2019-sk speaks of exactly one missing card being dealt.
///
/// ```
/// use floor::calc::dealing::{ButtonShortOutcome, button_too_few_cards};
///
/// assert_eq!(button_too_few_cards(true).outcome, ButtonShortOutcome::DeadHand);
/// assert_eq!(button_too_few_cards(false).outcome, ButtonShortOutcome::ReplaceMissing);
/// ```
pub fn button_too_few_cards(acted: bool) -> ButtonShortRuling {
    ButtonShortRuling {
        outcome: if acted {
            ButtonShortOutcome::DeadHand
        } else {
            ButtonShortOutcome::ReplaceMissing
        },
        concepts: vec!["button-too-few-cards"],
    }
}

// ---------------------------------------------------------------------------
// Four-card flops (rule 39)
// ---------------------------------------------------------------------------

/// The outcome id of the `four-card-flop` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FourCardFlopOutcome {
    /// The floor is called; the dealer scrambles the four cards face down,
    /// the floor picks one at random as the next burn card, the other three
    /// are the flop.
    Scramble,
}

/// The four-card-flop ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FourCardFlopRuling {
    /// Always [`FourCardFlopOutcome::Scramble`].
    pub outcome: FourCardFlopOutcome,
    /// Whether the four cards had been exposed (the remedy is the same).
    pub exposed: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Rules on a flop of four cards (rule 39 in TDA 2019 numbering and in
/// Pokerpunt and ONK, 36 in the German TDA 2015; concept `four-card-flop`):
/// exposed or not, the four cards are scrambled face down and one is drawn
/// at random as the burn card. Every bundled edition says so; `exposed` does
/// not change the outcome ("exposed or not", "gezien of ongezien").
///
/// ```
/// use floor::calc::dealing::{FourCardFlopOutcome, four_card_flop};
///
/// assert_eq!(four_card_flop(true).outcome, FourCardFlopOutcome::Scramble);
/// ```
pub fn four_card_flop(exposed: bool) -> FourCardFlopRuling {
    FourCardFlopRuling {
        outcome: FourCardFlopOutcome::Scramble,
        exposed,
        concepts: vec!["four-card-flop"],
    }
}

// ---------------------------------------------------------------------------
// Premature board cards (rule 39, RP-5 / OP5)
// ---------------------------------------------------------------------------

/// The street whose board card(s) came too early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardStreet {
    /// The flop.
    Flop,
    /// The turn.
    Turn,
    /// The river.
    River,
}

/// How an edition repairs a premature flop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrematureFlop {
    /// The burn stays; the premature flop cards go back into the stub, which
    /// is reshuffled, and a new flop is dealt without a burn
    /// (tda-2019-sk OP5-A, the TDA 2019 procedure).
    Redeal,
    /// ONK rule 39-1 / RP-5: a flop dealt without its burn is scrambled face
    /// down, one card becomes the burn and the flop is the other two plus
    /// the next card; but once any action (even a check) has taken place the
    /// flop stands.
    StandsAfterAction,
}

/// How an edition repairs a premature turn card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrematureTurn {
    /// The premature card is set aside; the next card is burned and the
    /// card that would have been the river is the turn; after that betting
    /// round the deck (with the set-aside card) is reshuffled and the river
    /// is dealt without a burn (tda-2019-sk OP5-B).
    RiverAsTurn,
    /// The turn burn stays; the premature card goes back on the stub, the
    /// deck is reshuffled and its top card is the turn, without a burn
    /// (ONK rule 39-2 / RP-5).
    ReshuffleNow,
}

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

/// The answers of the `premature-card` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrematureInput {
    /// The street dealt too early.
    pub street: BoardStreet,
    /// Whether the burn card for that street was dealt.
    pub burned: bool,
    /// Whether any action (even a check) has taken place since the card(s)
    /// were dealt.
    pub action_since: bool,
}

/// The outcome ids of the `premature-card` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrematureOutcome {
    /// The flop is dealt again (see [`PrematureFlop`] for how).
    FlopRedeal,
    /// The flop stands.
    FlopStands,
    /// The turn is replaced after a reshuffle (see [`PrematureTurn`]).
    TurnReshuffle,
    /// The premature river is reshuffled into the stub; after the betting
    /// round a new river is dealt without a burn.
    RiverReshuffle,
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
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

/// Rules on board cards dealt before the betting round ended (TDA 2019
/// recommended procedure 5, tda-2019-sk OP5, ONK rule 39 and RP-5; concepts
/// `premature-cards`, then `four-card-flop` for the rule that refers to it).
///
/// - Flop with [`PrematureFlop::Redeal`]: re-dealt.
/// - Flop with [`PrematureFlop::StandsAfterAction`] (ONK): a flop dealt
///   without a burn stands once any action took place, else it is re-dealt
///   (scrambled, one card becomes the burn). ONK's text covers only the
///   missing burn; a premature flop with its burn is re-dealt as in TDA 2019.
/// - Turn: reshuffle, by the edition's [`PrematureTurn`].
/// - River: reshuffled, new river without a burn (every edition with a text).
///
/// ONK's RP-5 repeats rule 39 with two differences of wording: the three
/// flop cards are "opengelegd" (39 says "dichtgelegd", face down) and the
/// card put back on the turn is the "burnkaart" (39 says "turnkaart"). The
/// outcome is the same; the remedy text is the edition's own.
///
/// ```
/// use floor::calc::dealing::{
///     BoardStreet, PrematureFlop, PrematureInput, PrematureOutcome, PrematureProcedure,
///     PrematureTurn, premature_card,
/// };
///
/// // onk-2023-nl rule 39-1: an unburned flop and a check since: the flop stands.
/// let onk = PrematureProcedure {
///     flop: PrematureFlop::StandsAfterAction,
///     turn: PrematureTurn::ReshuffleNow,
/// };
/// let r = premature_card(
///     &PrematureInput { street: BoardStreet::Flop, burned: false, action_since: true },
///     onk,
/// );
/// assert_eq!(r.outcome, PrematureOutcome::FlopStands);
/// ```
pub fn premature_card(input: &PrematureInput, procedure: PrematureProcedure) -> PrematureRuling {
    let concepts = vec!["premature-cards", "four-card-flop"];
    match input.street {
        BoardStreet::Flop => {
            let stands = procedure.flop == PrematureFlop::StandsAfterAction
                && !input.burned
                && input.action_since;
            if stands {
                PrematureRuling {
                    outcome: PrematureOutcome::FlopStands,
                    flop_procedure: Some(procedure.flop),
                    turn_procedure: None,
                    concepts,
                }
            } else {
                let flop = if input.burned {
                    PrematureFlop::Redeal
                } else {
                    procedure.flop
                };
                PrematureRuling {
                    outcome: PrematureOutcome::FlopRedeal,
                    flop_procedure: Some(flop),
                    turn_procedure: None,
                    concepts,
                }
            }
        }
        BoardStreet::Turn => PrematureRuling {
            outcome: PrematureOutcome::TurnReshuffle,
            flop_procedure: None,
            turn_procedure: Some(procedure.turn),
            concepts,
        },
        BoardStreet::River => PrematureRuling {
            outcome: PrematureOutcome::RiverReshuffle,
            flop_procedure: None,
            turn_procedure: None,
            concepts,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MisdealCondition::*;

    fn sa(text: &str) -> SaOutcome {
        substantial_action(&parse_sa_actions(text).unwrap(), SaThresholds::default())
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

    // tda-2015-de rule 35: "(z.B. alle zwei Aktionen außer 2 Checks oder 2 Folds)"
    #[test]
    fn tda_2015_de_r35_two_checks_or_two_folds_are_not_sa() {
        assert_eq!(sa("check,check"), NO_SA);
        assert_eq!(sa("fold,fold"), NO_SA);
        assert_eq!(sa("bet,fold"), SA);
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
        let r = substantial_action(
            &[SaAction::Check, SaAction::Bet],
            SaThresholds {
                sa_chip_actions: 3,
                sa_any_actions: 4,
            },
        )
        .unwrap();
        assert_eq!((r.outcome, r.actions, r.chip_actions), (NO_SA, 2, 1));
        assert!(matches!(
            substantial_action(
                &[],
                SaThresholds {
                    sa_chip_actions: 0,
                    sa_any_actions: 3
                }
            ),
            Err(CalcError::Invalid {
                input: "sa_chip_actions",
                ..
            })
        ));
        assert!(matches!(
            parse_sa_actions("check,muck"),
            Err(CalcError::Invalid {
                input: "actions",
                ..
            })
        ));
        assert!(parse_sa_actions("check,,bet").is_err());
    }

    fn rules(conditions: &[MisdealCondition]) -> MisdealRules {
        MisdealRules {
            conditions: conditions.to_vec(),
            misdeal_boxed_cards: 2,
            misdeal_exposed_downcards: 2,
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
        assert_eq!(r.concepts, vec!["misdeals", "substantial-action"]);
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
    // ongeldig deck)." The calculator's non-standard-card answer is `joker_in_deck`.
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
        r.misdeal_boxed_cards = 1;
        let input = MisdealInput {
            boxed_cards: 1,
            ..MisdealInput::default()
        };
        assert_eq!(outcome(input, &r), MisdealOutcome::Misdeal);
        r.misdeal_boxed_cards = 0;
        assert!(matches!(
            misdeal(&input, &r),
            Err(CalcError::Invalid {
                input: "misdeal_boxed_cards",
                ..
            })
        ));
        let mut r = dpc();
        r.misdeal_exposed_downcards = 0;
        assert!(matches!(
            misdeal(&input, &r),
            Err(CalcError::Invalid {
                input: "misdeal_exposed_downcards",
                ..
            })
        ));
    }

    #[test]
    fn button_with_too_few_cards() {
        assert_eq!(
            button_too_few_cards(true).outcome,
            ButtonShortOutcome::DeadHand
        );
        let r = button_too_few_cards(false);
        assert_eq!(r.outcome, ButtonShortOutcome::ReplaceMissing);
        assert_eq!(r.concepts, vec!["button-too-few-cards"]);
    }

    // dpc-2019-en rule 39: "If the flop has 4 rather than 3 cards, exposed or not ... scrambles"
    #[test]
    fn dpc_2019_en_r39_four_card_flop_exposed_or_not_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // tda-2019-sk rule 39: "Ak dealer rozdá na flop 4 karty (namiesto 3), odkryté alebo nie"
    #[test]
    fn tda_2019_sk_r39_four_card_flop_exposed_or_not_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // onk-2023-nl rule 39: "verricht met deze vier kaarten een chemmy shuffle"
    #[test]
    fn onk_2023_nl_r39_four_card_flop_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // pokerpunt-nl rule 39: "gezien of ongezien ... De brush zal willekeurig een kaart kiezen"
    #[test]
    fn pokerpunt_nl_r39_four_card_flop_seen_or_unseen_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    // tda-2015-de rule 36: "unabhängig davon ob diese bereits umgedreht wurden ... mischt die 4 Karten"
    #[test]
    fn tda_2015_de_r36_four_card_flop_turned_or_not_is_scrambled() {
        for exposed in [false, true] {
            assert_eq!(
                four_card_flop(exposed).outcome,
                FourCardFlopOutcome::Scramble
            );
        }
    }

    const ONK: PrematureProcedure = PrematureProcedure {
        flop: PrematureFlop::StandsAfterAction,
        turn: PrematureTurn::ReshuffleNow,
    };

    fn premature(
        street: BoardStreet,
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
    }

    // tda-2019-sk OP5-A: "vrátia sa všetky predčasne vyložené karty ... do balíku ... bude
    // vyložený nový flop bez pálenia karty"
    #[test]
    fn tda_2019_sk_op5_premature_flop_is_redealt() {
        for (burned, action) in [(true, false), (true, true), (false, false), (false, true)] {
            let r = premature(
                BoardStreet::Flop,
                burned,
                action,
                PrematureProcedure::default(),
            );
            assert_eq!(r.outcome, PrematureOutcome::FlopRedeal);
            assert_eq!(r.flop_procedure, Some(PrematureFlop::Redeal));
        }
    }

    // tda-2019-sk OP5-B: "karta, ktorá mala byť pôvodne river karta ... je použitá ako nová
    // turn karta. Po ukončení stávkového kola sa balík opätovne premieša"
    #[test]
    fn tda_2019_sk_op5_premature_turn_river_card_becomes_turn() {
        let r = premature(
            BoardStreet::Turn,
            true,
            false,
            PrematureProcedure::default(),
        );
        assert_eq!(r.outcome, PrematureOutcome::TurnReshuffle);
        assert_eq!(r.turn_procedure, Some(PrematureTurn::RiverAsTurn));
    }

    // tda-2019-sk OP5-C: "river karta ... je umiestnená naspäť do balíka ... vyložením novej
    // river karty bez pálenia karty"
    #[test]
    fn tda_2019_sk_op5_premature_river_is_reshuffled() {
        let r = premature(
            BoardStreet::River,
            true,
            false,
            PrematureProcedure::default(),
        );
        assert_eq!(r.outcome, PrematureOutcome::RiverReshuffle);
    }

    // onk-2023-nl rule 39-1: "Als er geen burn was bij een flop ... De flop bestaat uit de
    // andere 2 kaarten plus de volgende kaart"
    #[test]
    fn onk_2023_nl_r39_unburned_flop_without_action_is_redealt() {
        let r = premature(BoardStreet::Flop, false, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::FlopRedeal);
        assert_eq!(r.flop_procedure, Some(PrematureFlop::StandsAfterAction));
    }

    // onk-2023-nl rule 39-1: "Als er een actie (zelfs een check) heeft plaatsgevonden, gaat
    // het spel verder met de eerste 3 kaarten."
    #[test]
    fn onk_2023_nl_r39_unburned_flop_after_a_check_stands() {
        let r = premature(BoardStreet::Flop, false, true, ONK);
        assert_eq!(r.outcome, PrematureOutcome::FlopStands);
    }

    // onk-2023-nl rule 39-2: "Leg de te vroeg gedraaide turnkaart weer terug op het deck ...
    // Schud het hele deck ... leg je de bovenste kaart meteen neer als de turn"
    #[test]
    fn onk_2023_nl_r39_premature_turn_is_reshuffled_now() {
        let r = premature(BoardStreet::Turn, true, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::TurnReshuffle);
        assert_eq!(r.turn_procedure, Some(PrematureTurn::ReshuffleNow));
    }

    // onk-2023-nl rule 39-3: "De dealer zal deze kaart opnieuw schudden met de rest van het
    // deck ... legt de dealer zonder een kaart te verbranden een nieuwe vijfde kaart"
    #[test]
    fn onk_2023_nl_r39_premature_river_is_reshuffled() {
        let r = premature(BoardStreet::River, true, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::RiverReshuffle);
    }

    // onk-2023-nl RP-5 (flop): "Als er een actie (zelfs een check) heeft plaatsgevonden, gaat
    // het spel verder met de eerste 3 kaarten."
    #[test]
    fn onk_2023_nl_rp5_unburned_flop_stands_after_action_else_redealt() {
        assert_eq!(
            premature(BoardStreet::Flop, false, true, ONK).outcome,
            PrematureOutcome::FlopStands
        );
        assert_eq!(
            premature(BoardStreet::Flop, false, false, ONK).outcome,
            PrematureOutcome::FlopRedeal
        );
    }

    // onk-2023-nl RP-5 (turn): "Schud het hele dek, als je klaar bent met schudden leg je de
    // bovenste kaart meteen neer als de turn"
    #[test]
    fn onk_2023_nl_rp5_premature_turn_is_reshuffled_now() {
        let r = premature(BoardStreet::Turn, true, false, ONK);
        assert_eq!(r.outcome, PrematureOutcome::TurnReshuffle);
        assert_eq!(r.turn_procedure, Some(PrematureTurn::ReshuffleNow));
    }

    // onk-2023-nl RP-5 (river): "nadat de inzetronde beëindigd is, legt de dealer zonder een
    // kaart te verbranden een nieuwe vijfde kaart (river) neer"
    #[test]
    fn onk_2023_nl_rp5_premature_river_is_reshuffled() {
        let r = premature(BoardStreet::River, false, true, ONK);
        assert_eq!(r.outcome, PrematureOutcome::RiverReshuffle);
    }

    #[test]
    fn onk_burned_premature_flop_falls_back_to_redeal() {
        let r = premature(BoardStreet::Flop, true, true, ONK);
        assert_eq!(r.outcome, PrematureOutcome::FlopRedeal);
        assert_eq!(r.flop_procedure, Some(PrematureFlop::Redeal));
        assert_eq!(r.concepts, vec!["premature-cards", "four-card-flop"]);
    }

    #[test]
    fn parameters_deserialize_from_the_rulebook_values() {
        let p: PrematureProcedure =
            serde_yaml::from_str("{flop: stands-after-action, turn: reshuffle-now}").unwrap();
        assert_eq!(p, ONK);
        let c: Vec<MisdealCondition> = serde_yaml::from_str(
            "[boxed-cards, first-card-wrong-seat, dealt-to-ineligible-seat, \
             eligible-seat-dealt-out, first-two-exposed, downcards-exposed, \
             stud-downcards-exposed, joker-in-deck, wrong-card-count]",
        )
        .unwrap();
        assert_eq!(c.len(), 9);
        let t: SaThresholds =
            serde_yaml::from_str("{sa_chip_actions: 2, sa_any_actions: 3}").unwrap();
        assert_eq!(t, SaThresholds::default());
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let id = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
        let sa: Vec<String> = [SaOutcome::SubstantialAction, SaOutcome::NoSubstantialAction]
            .iter()
            .map(|o| id(serde_json::to_value(o).unwrap()))
            .collect();
        assert_eq!(sa, ["substantial-action", "no-substantial-action"]);
        let m: Vec<String> = [
            MisdealOutcome::Misdeal,
            MisdealOutcome::NoMisdeal,
            MisdealOutcome::FouledDeck,
        ]
        .iter()
        .map(|o| id(serde_json::to_value(o).unwrap()))
        .collect();
        assert_eq!(m, ["misdeal", "no-misdeal", "fouled-deck"]);
        let p: Vec<String> = [
            PrematureOutcome::FlopRedeal,
            PrematureOutcome::FlopStands,
            PrematureOutcome::TurnReshuffle,
            PrematureOutcome::RiverReshuffle,
        ]
        .iter()
        .map(|o| id(serde_json::to_value(o).unwrap()))
        .collect();
        assert_eq!(
            p,
            [
                "flop-redeal",
                "flop-stands",
                "turn-reshuffle",
                "river-reshuffle"
            ]
        );
        assert_eq!(
            id(serde_json::to_value(FourCardFlopOutcome::Scramble).unwrap()),
            "scramble"
        );
    }
}
