//! The words the rulebooks' parameters take: each enum is a value an
//! edition states for one of its rules (see [`super::params`]), read by the
//! incident that rules on it. They live with the rules, below the
//! incidents, so that the rulebook store never reaches up into a ruling.

/// How an edition sizes the final table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinalTablePolicy {
    /// A full table plus one, never more than 10 (TDA 2015 / 2017 rule 11:
    /// tda-2015-de, pokerpunt-nl): 9-handed events start the final table
    /// with 10, 8-handed with 9, 6-handed with 7. Not for heads-up events.
    FullPlusOne,
    /// Two tables of five combine to a 9-handed final table, two of four to
    /// a 7-handed one (TDA 2019/2022 RP-9: onk-2023-nl for 10-, 9- and
    /// 8-handed events, tda-2019-sk OP9 for 9- and 8-handed; both for 7-
    /// and 6-handed).
    CombineTwoTables,
}

/// A method of raising an edition accepts in no-limit and pot-limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RaiseMethod {
    /// Pushing out the full amount in one motion.
    OneMotion,
    /// Declaring the full amount before pushing out chips.
    VerbalAmount,
    /// Declaring "raise", putting out the exact call, then the raise in one
    /// motion; less than a minimum raise then is a minimum raise (tda-2015-de
    /// rule 42-C; pokerpunt-nl rule 46-C has it too).
    DeclareCallThenRaise,
}

/// A player new at the table (late registration, alternate, re-entry) and
/// the seat between the small blind and the button.
///
/// | edition | text | value |
/// |---|---|---|
/// | dpc-2019-en 8-A | "are dealt in except between the small blind and button" | `dealt-out` |
/// | onk-2023-nl 8-A | "Wanneer deze geplaatst wordt tussen de small blind en de button wordt de speler niet ingedeeld." | `dealt-out` |
/// | tda-2015-de 7 | "können, außer zwischen Small-Blind und Button, sofort mitspielen" | `dealt-out` |
/// | pokerpunt-nl 7-A | "met uitzondering van de plek tussen de Small Blind en Button" | `never-seated` |
/// | tda-2019-sk 8 | "karty im nebudú … rozdané iba v prípade, že dostanú miesto medzi blindami" | `dealt-out-between-blinds` |
///
/// The Slovak rule 8 says "between the blinds", where its own rule 10 and
/// TDA 2019 rule 8 say between the small blind and the button; the ruling
/// applies the latter and says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NewPlayerBetweenSbButton {
    /// Seated there, dealt in once the button has passed.
    DealtOut,
    /// Never given that seat (players from a broken table may get it and
    /// wait).
    NeverSeated,
    /// Worded "between the blinds"; read as between the small blind and the
    /// button.
    DealtOutBetweenBlinds,
}

/// How an edition removes a denomination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChipRaceMethod {
    /// Exchange at equal value, race the leftovers (TDA: onk, tda-2015-de,
    /// tda-2019-sk, dpc).
    Race,
    /// No race: each player's leftover is rounded up to one new chip
    /// (pokerpunt-nl rule 24: "Poker Punt doet niet aan een Chip Race. Bij
    /// de chip up zal de chipcount per speler naar boven afgerond worden.").
    RoundUp,
}

/// How the pooled leftover value is turned into a number of new chips to
/// race. None of the five texts states it (see [`crate::incidents::chip_race`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChipRaceRounding {
    /// Only whole new chips: the rest is removed.
    Down,
    /// To the nearest new chip, half rounding up (the usual practice).
    Nearest,
    /// Any part of a new chip makes one more chip.
    Up,
}

/// What happens to the hand of a player whose clock runs out.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::VariantNames,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ClockExpiry {
    /// The hand is dead (outcome `dead-hand`).
    DeadHand,
    /// The player is deemed to have checked (outcome `check`).
    Check,
}

impl ClockExpiry {
    /// The answer-contract outcome id: `dead-hand` or `check`.
    pub fn id(self) -> &'static str {
        self.into()
    }
}

/// Until when an accounting error in calculating or awarding the pot can be
/// disputed.
///
/// | edition | text | window |
/// |---|---|---|
/// | dpc-2019-en, onk-2023-nl, pokerpunt-nl, tda-2019-sk | rule 22: "until substantial action occurs on the next hand" | `until-substantial-action` |
/// | tda-2015-de | rule 21: the right to dispute a finished hand ends when a new hand begins (no accounting clause) | `next-hand` |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DisputeAccountingWindow {
    /// Until the next hand begins, as any other dispute.
    NextHand,
    /// Until substantial action on the next hand.
    UntilSubstantialAction,
}

/// What players eliminated in the same hand-for-hand hand receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandForHandPayout {
    /// They share the prize money of the paid places they occupy together
    /// (TDA RP-8 / OP8-A: 50 paid, 52 left, 3 bust → "Alle 3 de spelers
    /// zullen delen in de 50ste plaats").
    SharePlaces,
    /// Each receives the full prize of the best place they occupy (onk
    /// MEC-7: "eindigen alle spelers die in die hand worden uitgeschakeld
    /// met dezelfde prijs van de uitgeschakelde plek").
    BestPlacePrize,
}

/// How a pot is split when identical hands win both high and low.
///
/// | edition | text | value |
/// |---|---|---|
/// | tda-2015-de 19-D | "wird der Pot so gleichmäßig wie möglich aufgeteilt" | `even-split` |
/// | the others | not stated | (TDA practice) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HiLoIdentical {
    /// The whole pot is split as evenly as possible, not half by half.
    EvenSplit,
}

/// Where the odd chip of a high-low pot goes.
///
/// | edition | text | value |
/// |---|---|---|
/// | tda-2015-de 19-C | "der übriggebliebene Chip vom Gesamtpot geht an den Spieler mit der High-Hand" | `high-half` |
/// | tda-2019-sk 20 | "Pri H/L hrách bude žetón pridelený do high banku." | `high-half` |
/// | dpc-2019-en, onk-2023-nl, pokerpunt-nl | not stated | (TDA practice) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HiLoOddChip {
    /// The odd chip of the whole pot goes to the high half.
    HighHalf,
}

/// Who brings in on third street in stud (high and high-low). No bundled
/// edition states it in force: onk-2023-nl RP-10 E speaks of "de speler die
/// de lage kaart per kleur gedeeld heeft" but names no suit order, and ONK
/// declares its stud procedures not applicable; tda-2019-sk OP10 names no
/// bring-in (it orders the suits only for the odd chip, rule 20); the
/// others have no stud procedures. A house may state it. No edition states
/// the razz bring-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StudBringIn {
    /// The player dealt the lowest upcard, equal ranks by suit (clubs
    /// lowest, then diamonds, hearts, spades: the common stud practice).
    LowCardBySuit,
}

/// Who receives the odd chip of a stud split.
///
/// | edition | text | value |
/// |---|---|---|
/// | tda-2015-de 19-B | "an die höchste Karte und Farbe in der höchsten 5-Karten-Hand" | `high-card-by-suit` |
/// | tda-2019-sk 20 | "hráčovi s najvyššou (Stud) ... kartou podľa postupnosti farieb" | `high-card-by-suit` |
/// | the others | not stated | (TDA practice) |
///
/// For razz the two differ (tda-2019-sk: the lowest card by suit; tda-2015-de:
/// the highest); razz is not offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StudOddChip {
    /// The winner with the highest card by suit (spades, hearts, diamonds,
    /// clubs) gets the odd chip.
    HighCardBySuit,
}

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

/// When the cap on raises in limit stops holding, as an edition words it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum CapLifted {
    /// Only once the event is down to two players: the cap holds in a
    /// heads-up pot before that.
    EventHeadsUp,
    /// Once only two players are left in the hand.
    PotHeadsUp,
    /// "Until two players remain (heads-up)" (the Dutch editions): the hand
    /// or the event? Read as the event, as the English and German texts of
    /// the same TDA rule say; the card says so.
    TwoRemain,
}

impl CapLifted {
    /// When the ruling lifts the cap: "until two players remain" is read
    /// as the event ([`CapLifted::TwoRemain`]). The one reading both the
    /// ruling and `floor compare` use, so that a wording the ruling reads
    /// alike is no change of ruling there.
    pub fn as_ruled(self) -> CapLifted {
        match self {
            CapLifted::TwoRemain => CapLifted::EventHeadsUp,
            other => other,
        }
    }
}

/// What a fouled deck does to the hand (rule 35-E where an edition states
/// it: dpc, tda-2019-sk, onk-2023-nl; the TDA practice elsewhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FouledDeck {
    /// Whatever the action, play stops and all bets are returned.
    StopPlayReturnBets,
}

/// One condition an edition lists as a misdeal (rule 35-A).
///
/// | edition | conditions |
/// |---|---|
/// | dpc-2019-en | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, first-two-exposed, downcards-exposed (2) |
/// | tda-2019-sk | boxed-cards (2: "akékoľvek 2 karty" dealt face up, whatever the cause), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, first-two-exposed (the first or second card "rozdané odhalené", whatever the cause: one boxed card too, `first_two_boxed`), downcards-exposed (2) |
/// | onk-2023-nl | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, wrong-card-count, joker-in-deck, first-two-exposed (one boxed card among the first two counts too: `first_two_boxed`) |
/// | pokerpunt-nl | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, stud-downcards-exposed, first-two-exposed, downcards-exposed (2) |
/// | tda-2015-de | boxed-cards (2), first-card-wrong-seat, dealt-to-ineligible-seat, eligible-seat-dealt-out, stud-downcards-exposed, first-two-exposed, downcards-exposed (2) |
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::VariantNames,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
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

/// An event that begins a hand.
///
/// | edition | text | values |
/// |---|---|---|
/// | tda-2015-de 22 | "Die Hand beginnt mit Start des Mischen per Hand, dem Starten der Mischmaschine oder nach Ansage des Dealer." | riffle, shuffler, dealer-announcement |
/// | dpc-2019-en 23 | "Hands begin on the first riffle, push of the shuffler button, or on the dealer push" | riffle, shuffler, dealer-push |
/// | onk-2023-nl 23 | "1: bij de eerste riffle … 2: … groene knop … 3: bij een dealer wissel" | riffle, shuffler, dealer-push |
/// | pokerpunt-nl 23 | "bij de eerste riffle (dus niet bij de chemmy shuffle), … het indrukken van de groene knop" | riffle, shuffler |
/// | tda-2019-sk 23 | "prvým miešaním kariet (riffle), stlačením tlačidla na miešacej mašine alebo pri dealerskom striedaní" | riffle, shuffler, dealer-push |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandStart {
    /// The first riffle.
    Riffle,
    /// The shuffler's button.
    Shuffler,
    /// The dealer push.
    DealerPush,
    /// The dealer's announcement.
    DealerAnnouncement,
}

/// A hand dealt at the old level by mistake, after substantial action.
///
/// | edition | text | value |
/// |---|---|---|
/// | onk-2023-nl 23 | "wordt de hand afgemaakt indien er bindende actie is geweest" | `finish` |
/// | tda-2019-sk 23 | "ruka sa dohrá so starým limitom" | `finish` |
/// | the others | not stated | (TDA practice) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OldLevelAfterSa {
    /// The hand is finished at the old level.
    Finish,
}

/// When a hand dealt from two decks begins.
///
/// | edition | text | value |
/// |---|---|---|
/// | onk-2023-nl MEC-2 | "begint de volgende hand wanneer de deler van de nieuwe hand het deck cut of de cut card onder het deck plaatst" | `cut` |
/// | the others | not stated | (none: the events of rule 23 apply) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TwoDeckStart {
    /// The new hand's dealer cuts the deck or places the cut card.
    Cut,
}

/// How a missed-rounds penalty is counted. Every edition states the same
/// formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissedRoundFormula {
    /// One hand for every player at the table (the offender included),
    /// times the number of penalty rounds.
    PlayersTimesRounds,
}

/// The kinds of penalty the rulebooks list (answer `kind`; the outcome id is
/// the same value).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::VariantNames,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum PenaltyKind {
    /// A verbal warning: no hands missed.
    Warning,
    /// One or more missed hands.
    MissedHands,
    /// One or more missed rounds: a hand per player at the table per round.
    MissedRounds,
    /// Disqualification: the player's chips are removed from play.
    Disqualification,
}

impl PenaltyKind {
    /// The answer-contract value / outcome id.
    pub fn id(self) -> &'static str {
        self.into()
    }

    /// Every kind, in order of severity.
    pub const ALL: [PenaltyKind; 4] = [
        PenaltyKind::Warning,
        PenaltyKind::MissedHands,
        PenaltyKind::MissedRounds,
        PenaltyKind::Disqualification,
    ];
}

/// Whether an edition lets the TD hold a player who called before the
/// amount was known to any amount (rule 59-B).
///
/// | edition | text | value |
/// |---|---|---|
/// | dpc-2019-en 59-B | "including possibly obliging B to call any amount" | `any-amount` |
/// | onk-2023-nl 59-B | "inclusief de mogelijkheid om speler B elk bedrag te laten callen" | `any-amount` |
/// | pokerpunt-nl 59-B | "optie kan elk mogelijk bedrag worden" | `any-amount` |
/// | tda-2019-sk 59-B | "vrátane donútenia hráča B zaplatiť stávku v akejkoľvek hodnote" | `any-amount` |
/// | tda-2015-de 54 | no such part | (TDA practice) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrematureCall {
    /// The TD rules the bet as best fits, possibly holding the caller to
    /// any amount.
    AnyAmount,
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

/// Who receives the odd chip(s) of a split pot. The seeds state one policy
/// for board games; stud and high/low variants (by suit, to the high hand)
/// are not modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OddChipRecipient {
    /// One odd chip each to the winners in clockwise order starting with the
    /// first seat left of the button.
    FirstLeftOfButton,
}

/// How an edition reads a bet that can legally mean several amounts.
///
/// | edition | rule | text | value |
/// |---|---|---|---|
/// | tda-2019-sk | 57 | "najvyššou možnou hodnotou, ktorá je menšia alebo rovná hodnote banku" | `at-most-pot` |
/// | dpc-2019-en | 57 | "the highest reasonable amount that is less than or equal to the pot size" | `at-most-pot` |
/// | onk-2023-nl | 57 | "het meest redelijke bedrag, kleiner dan de pot" | `below-pot` |
/// | pokerpunt-nl | 57 | "de meest aannemelijke bet die minder dan de pot is" | `below-pot` |
/// | tda-2015-de | 52 | "diejenige zu wählen, die der kleineren Bet entspricht" | `smaller` |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnclearBetReading {
    /// The highest legal reading that is less than or equal to the pot.
    AtMostPot,
    /// The highest legal reading that is strictly less than the pot.
    BelowPot,
    /// The smaller bet: the smallest legal reading, whatever the pot.
    Smaller,
}

/// How an edition treats several undercalls in a row.
///
/// | edition | text | value |
/// |---|---|---|
/// | dpc-2019-en 51-C | "play backs up to the first undercaller who must correct his or her bet" | `back-to-first` |
/// | onk-2023-nl 51-C | "gaat de actie terug naar de eerste speler die de under call heeft gemaakt" | `back-to-first` |
/// | pokerpunt-nl 42-C | "keert het spel terug naar die eerste undercaller" | `back-to-first` |
/// | tda-2019-sk 51-C | "hra sa musí vrátiť naspäť k prvému hráčovi, ktorý urobil undercall" | `back-to-first` |
/// | tda-2015-de 39 | no such part | (TDA practice) |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UndercallSequenceRule {
    /// Play backs up to the first undercaller; the TD decides for the rest.
    BackToFirst,
}
