//! What a bet, call or raise action counts as (incident `bet`).
//!
//! Owns the rules that turn what a player said and the chips he pushed into
//! a call, bet or raise and its amount: methods of betting, calling and
//! raising, raise amounts and the 50% standard, the oversized chip, multiple
//! chips, prior-bet chips not pulled in, invalid declarations, over-betting
//! for change, the minimum raise and the pot-limit cap (TDA 2019 rules
//! 40-46, 52, 54, 55, 61; TDA 2015 rules 37, 41-47, 50, 56; Pokerpunt rules
//! 40, 45-47, 49-51, 54, 55, 61; ONK rules 40-46, 54, 55, 61).
//!
//! The numbers (the call, the minimum raise-to, the pot-limit maximum) come
//! from the player's [`Spot`]; the edition differences that change a result
//! here, the raising methods and the raise standard, arrive as
//! [`RaiseMethods`] and [`BetInput::standard_percent`].

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::{Error, Refusal};
use crate::message::{Message, Msg};
use crate::poker::{Chips, Game, HouseMinimum, Spot, add};
use crate::rules::concepts::{self as c, Cite, ConceptId};
use crate::rules::provisions::Term;

use super::situation::{self, HouseRaise, Needs, Situation, WithRound};

/// The `bet` incident.
pub struct Bet;

/// The answers of `bet` of its own (SPEC section 5); the round is told by
/// the keys every betting incident shares ([`Told`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What became of his chips already in front (rule 46).
    pub prior_chips: Option<PriorChips>,
    /// How much of them was pulled back.
    pub pulled_back: Option<Chips>,
    /// What was said first.
    pub declared: Declared,
    /// The amount said.
    pub declared_amount: Option<Chips>,
    /// The denominations pushed in one motion.
    pub chips: Option<Vec<Chips>>,
    /// An amount pushed, when denominations do not matter.
    pub pushed: Option<Chips>,
    /// Chips added in a second motion.
    pub second_motion: Option<Vec<Chips>>,
    /// Pot-limit: the pot.
    pub pot: Option<Chips>,
}

impl Incident for Bet {
    const ID: &'static str = "bet";
    type Answers = WithRound<Answers>;
    type Outcome = BetOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;
    const PROVISIONS: &'static [&'static str] = &[provision::READ.0];
    const QUOTES: &'static [&'static str] = &provision::QUOTED_IDS;
    // What a "pot" declared outside pot-limit binds to turns on these.
    const VARIED: &'static [&'static str] = &["game", "facing", "big_blind", "declared", "pushed"];

    fn rule(given: WithRound<Answers>, cx: &mut Cx<'_>) -> Result<Decision<Bet>, Error> {
        let WithRound { answers: a, told } = given;
        let needs = Needs {
            reopened: true,
            cap: true,
            ..Needs::default()
        };
        let situation = Situation::read(&told, needs, cx)?;
        let game = situation.game();
        let mut input = BetInput::from_spot(&situation.spot);
        // Rule 46 on every path: with chips of his own in front, what
        // became of them decides. Told by the actions, a walkthrough that
        // left it to its default asks it; given, the default is said on the
        // card.
        input.prior_chips = match a.prior_chips {
            Some(p) => p,
            None if input.in_front == 0 => PriorChips::None,
            None => return Err(super::answer_needed("prior_chips")),
        };
        if input.in_front > 0 && cx.defaulted("prior_chips") {
            cx.ask("prior_chips");
        } else if input.in_front == 0 {
            cx.unused("prior_chips");
        }
        input.pulled_back = a.pulled_back;
        input.declared = a.declared;
        // Asked of the edition only where "pot" was said outside pot-limit:
        // no other ruling reads it.
        if a.declared == Declared::Pot
            && game != Game::PotLimit
            && cx.words(provision::POT_DECLARED_IN_NL, Term::Bound, EXACTLY)
        {
            input.pot_declared = PotDeclared::ExactlyMinimum;
        }
        if a.declared == Declared::Number && a.declared_amount.is_none() {
            return Err(Error::input(
                "declared_amount",
                Message::new(Msg::BetNumberWithout),
            ));
        }
        input.declared_amount = a.declared_amount;
        input.pushed = match (a.chips, a.pushed) {
            (Some(chips), None) => Pushed::Chips(chips),
            (None, Some(n)) => Pushed::Amount(n),
            (None, None) => Pushed::Nothing,
            (Some(_), Some(_)) => {
                return Err(Error::input("pushed", Message::new(Msg::BetChipsAndPushed)));
            }
        };
        input.second_motion = a.second_motion.map_or(Pushed::Nothing, Pushed::Chips);
        input.pot = a.pot.or(input.pot);
        input.standard_percent = cx.params.raise_standard_percent().get();
        let methods = RaiseMethods(cx.params.raise_methods());
        let r = rule_bet(&input, &methods)?;
        let mut d = Decision::<Bet>::new(r.outcome, r.cites());
        d.game = Some(game);
        // He may raise only because short all-ins added up to a full raise.
        if r.total > input.facing && situation.reopened_by_short_all_ins() {
            d.cites
                .push(c::REOPENING_BETTING.stating(provision::REOPEN_CUMULATIVE));
        }
        if r.outcome == BetOutcome::Call && r.returned == 0 {
            d.remedy_variant = Some("exact");
        }
        d.amounts = Amounts {
            total: r.total,
            raise_by: r.raise_by,
            min_raise_to: input.may_raise.then_some(r.min_raise_to),
            to_call: r.to_call,
            returned: (r.returned > 0).then_some(r.returned),
            owed: (r.owed > 0).then_some(r.owed),
        };
        d.extra = Extra {
            forced: r.forced.is_some(),
            player: situation.player.clone(),
        };
        card_of_bet(&mut d, &situation, &input, &r, a.declared_amount, cx);
        Ok(d)
    }
}

/// What the card of a ruled bet cites and says beside its amounts, for
/// every incident that rules one (`bet`, a string bet of
/// `premature-action`): the rule on methods of betting in limit, what the
/// situation took as told, a limit bet held to one bet, a bet or raise
/// forced up to the minimum, a house minimum raise, what he adds to chips
/// already in front.
pub(super) fn card_of_bet<I: Incident<Note = Notes>>(
    d: &mut Decision<I>,
    situation: &Situation,
    input: &BetInput,
    r: &BetRuling,
    declared_amount: Option<Chips>,
    cx: &Cx<'_>,
) {
    // TDA 42 speaks of no-limit and pot-limit: in limit a declaration
    // binds by the rule on methods of betting (40) too, which the card
    // cites where the edition's 42 is not cited for limit.
    if input.game == Game::Limit
        && let Some(at) = d
            .cites
            .iter()
            .position(|c| c.concept == c::METHODS_OF_RAISING)
        && !d.cites.iter().any(|c| c.concept == c::METHODS_OF_BETTING)
    {
        d.cites.insert(at + 1, c::METHODS_OF_BETTING.into());
    }
    d.notes.extend(situation.notes.iter().map(|n| match n {
        situation::Note::StreetUnnamed => Notes::StreetUnnamed,
        situation::Note::ReopenedAssumed => Notes::ReopenedAssumed,
        situation::Note::CapAssumed => Notes::CapAssumed,
        situation::Note::LimitAllInsAdded(added) => Notes::LimitAllInsAdded(added.clone()),
    }));
    // Limit: more said or pushed than the street's fixed bet is held to
    // it; no edition has a rule on it, so the card says which practice.
    let above_fixed = r.returned > 0 || declared_amount.is_some_and(|n| n > r.total);
    if input.game == Game::Limit && r.total > input.facing && above_fixed {
        d.notes.push(Notes::LimitFixedSize { unit: input.unit });
    }
    if let Some(why) = r.forced {
        let min_raise_to = r.min_raise_to;
        d.notes.push(match why {
            Forced::Standard => Notes::ForcedRaise { min_raise_to },
            Forced::Declared => Notes::ForcedDeclared { min_raise_to },
            Forced::BelowMinimumBet => Notes::ForcedShortBet { min_raise_to },
            Forced::PotExactly => Notes::PotExactly { min_raise_to },
        });
    }
    // A house minimum above TDA 43 decided the minimum the card shows:
    // the house rule is cited beside 43 and the card says both.
    if input.may_raise && HouseRaise::not_in_limit(&input.spot()) {
        d.notes.push(Notes::HouseMinRaiseLimit);
    }
    if input.may_raise
        && let Some(h) = HouseRaise::of(&input.spot(), cx)
    {
        h.cite(d);
        d.notes.push(Notes::HouseMinRaise(h));
    }
    // A total counts the chips already in front: what he puts in now
    // is what the floor hands over or takes.
    d.notes
        .extend(situation::Adds::of(r.total, input.in_front).map(Notes::Adds));
    // What the minimum shown is: with nothing faced, the least he may bet;
    // in limit, the fixed bet or raise.
    d.amount_words = match (input.game, input.facing) {
        (Game::Limit, 0) => Some("limit_opening"),
        (Game::Limit, _) => Some("limit"),
        (_, 0) => Some("opening"),
        _ => None,
    };
}

/// The amounts of `bet` (SPEC section 5), in the order the card shows them.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The player's total for the round after the action.
    pub total: Chips,
    /// A raise: how much above the bet faced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raise_by: Option<Chips>,
    /// The legal minimum total of a bet or raise, when he may raise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_raise_to: Option<Chips>,
    /// The total a call amounts to.
    pub to_call: Chips,
    /// Chips given back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returned: Option<Chips>,
    /// Chips he must still add.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owed: Option<Chips>,
}

/// What the JSON of `bet` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// A bet or raise was forced up to the minimum.
    pub forced: bool,
    /// The player, told as played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

crate::notes! {
    /// The notes of `bet`.
    pub enum Notes {
        /// The round was not named: taken as after the flop.
        StreetUnnamed = "street_unnamed",
        /// Betting taken as still open for him.
        ReopenedAssumed = "reopened_assumed",
        /// The limit raises taken as not capped.
        CapAssumed = "cap_assumed",
        /// In limit, short all-ins taken to add up.
        LimitAllInsAdded(crate::poker::AddedUp) = "limit_all_ins_added",
        /// Fixed limit: held to one bet.
        LimitFixedSize { unit: Chips } = "limit_fixed_size",
        /// A raise of 50% or more of a full raise, short of it, forced up
        /// to the minimum raise (43-A).
        ForcedRaise { min_raise_to: Chips } = "forced_raise",
        /// A declared bet or raise bound to at least the minimum.
        ForcedDeclared { min_raise_to: Chips } = "forced_declared",
        /// A bet below the minimum bet brought up to it.
        ForcedShortBet { min_raise_to: Chips } = "forced_short_bet",
        /// "Pot" declared outside pot-limit held to exactly the minimum.
        PotExactly { min_raise_to: Chips } = "pot_declared_exactly",
        /// The total less the chips already in front: what he adds.
        Adds(situation::Adds) = "bet_adds",
        /// A house minimum raise above TDA 43, and what 43 alone gives.
        HouseMinRaise(HouseRaise) = "house_min_raise",
        /// The house minimum raise is not applied in limit.
        HouseMinRaiseLimit = "house_min_raise_limit",
    }
}

pub use super::situation::RaisesMade;

/// What became of the player's chips from an earlier bet this round that
/// were still in front of him when he acted (rule 46).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum PriorChips {
    /// No special handling: chips in front (if any) stay and count.
    #[default]
    None,
    /// The prior chips were left where they were.
    Left,
    /// Some of the prior chips were pulled back (see
    /// [`BetInput::pulled_back`]).
    PartlyPulled,
    /// All the prior chips were pulled back.
    FullyPulled,
}

/// What the player said before (or without) pushing chips.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Declared {
    /// Nothing was said (a bare number, if any, is in
    /// [`BetInput::declared_amount`]).
    #[default]
    Nothing,
    /// A number alone ("fourteen hundred"): the same as `nothing` with the
    /// amount said.
    Number,
    /// "Check".
    Check,
    /// "Call".
    Call,
    /// "Bet".
    Bet,
    /// "Raise".
    Raise,
    /// "All-in".
    AllIn,
    /// "Pot" (a pot-limit term).
    Pot,
}

pub use crate::rules::vocab::RaiseMethod;

/// The raising methods of an edition (rule 42 in TDA 2019 and 2015, 46 in
/// Pokerpunt). All five bundled editions accept `one-motion` and
/// `verbal-amount`; tda-2015-de and pokerpunt-nl add
/// `declare-call-then-raise`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct RaiseMethods(pub Vec<RaiseMethod>);

impl RaiseMethods {
    /// `one-motion` and `verbal-amount`, the TDA 2019 methods.
    pub fn tda_2019() -> RaiseMethods {
        RaiseMethods(vec![RaiseMethod::OneMotion, RaiseMethod::VerbalAmount])
    }

    /// The three methods of TDA 2015 (German rule 42 A-C).
    pub fn tda_2015() -> RaiseMethods {
        RaiseMethods(vec![
            RaiseMethod::OneMotion,
            RaiseMethod::VerbalAmount,
            RaiseMethod::DeclareCallThenRaise,
        ])
    }

    /// Whether the edition accepts `method`.
    pub fn accepts(&self, method: RaiseMethod) -> bool {
        self.0.contains(&method)
    }
}

impl Default for RaiseMethods {
    fn default() -> Self {
        RaiseMethods::tda_2019()
    }
}

/// Chips pushed out in one motion.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Pushed {
    /// No chips.
    #[default]
    Nothing,
    /// A plain amount, when the denominations do not matter (`pushed`).
    Amount(Chips),
    /// The denominations pushed, e.g. `[1000, 500]` (`chips`).
    Chips(Vec<Chips>),
}

impl Pushed {
    fn key(&self) -> &'static str {
        match self {
            Pushed::Chips(_) => "chips",
            Pushed::Nothing | Pushed::Amount(_) => "pushed",
        }
    }

    fn total(&self) -> Result<Chips, Error> {
        match self {
            Pushed::Nothing => Ok(0),
            Pushed::Amount(a) => Ok(*a),
            Pushed::Chips(v) => {
                let mut sum: Chips = 0;
                for c in v {
                    if *c == 0 {
                        return Err(Error::input("chips", Message::new(Msg::BetChipZero)));
                    }
                    sum = add(sum, *c, "chips").map_err(|m| Error::input("chips", m))?;
                }
                Ok(sum)
            }
        }
    }

    fn single_chip(&self) -> Option<Chips> {
        match self {
            Pushed::Chips(v) if v.len() == 1 => v.first().copied(),
            _ => None,
        }
    }

    fn smallest_of_several(&self) -> Option<Chips> {
        match self {
            Pushed::Chips(v) if v.len() >= 2 => v.iter().min().copied(),
            _ => None,
        }
    }
}

/// The answers of the `bet` incident.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetInput {
    /// The betting structure.
    pub game: Game,
    /// The total bet the player faces this round (0 if none; pre-flop the
    /// big blind counts).
    pub facing: Chips,
    /// The size of the largest prior full bet or raise this round. In limit
    /// games: the round's fixed bet size.
    pub last_raise: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// The size of a bet this round: in limit games the street's fixed bet
    /// (the small bet, or the big bet on the turn and river); else the big
    /// blind.
    pub unit: Chips,
    /// The player's own chips already in front this round.
    pub in_front: Chips,
    /// What became of those chips (rule 46).
    pub prior_chips: PriorChips,
    /// With [`PriorChips::PartlyPulled`]: how much of `in_front` was pulled
    /// back (required then; implied by the other values).
    pub pulled_back: Option<Chips>,
    /// Chips behind before acting; `None` when unlimited or unknown.
    pub stack: Option<Chips>,
    /// What was said before the chips.
    pub declared: Declared,
    /// How the edition binds "pot" declared outside pot-limit.
    pub pot_declared: PotDeclared,
    /// The number said, if any ("raise, eight thousand": 8000).
    pub declared_amount: Option<Chips>,
    /// The chips pushed in one motion.
    pub pushed: Pushed,
    /// Chips pushed in a second, separate motion (a string bet unless the
    /// edition accepts [`RaiseMethod::DeclareCallThenRaise`] and the first
    /// motion was the exact call after "raise").
    pub second_motion: Pushed,
    /// Pot-limit: everything in the pot and in front of the players before
    /// this action (needed for "pot" and for the cap).
    pub pot: Option<Chips>,
    /// The raise standard (TDA 43-A: 50): a raise of at least this share of
    /// a full raise is forced to the minimum raise, less is a call.
    pub standard_percent: u32,
    /// Betting is open for the player (TDA 47) and, in limit, the raises
    /// are not capped (TDA 48); when not, he may only call.
    pub may_raise: bool,
    /// In limit, the raises of the round are capped (why he may not raise).
    pub capped: bool,
    /// In limit, the total a raise goes one bet above, when the round told
    /// it ([`Spot::level`]); `None`: the bet faced.
    pub level: Option<Chips>,
    /// A house minimum raise above TDA 43 ([`Spot::house`]).
    pub house: Option<HouseMinimum>,
}

impl BetInput {
    /// A player facing `facing` with nothing else known: `last_raise` as
    /// the SPEC defaults it (`facing`, or the big blind when there is no
    /// bet), nothing in front, unlimited stack, nothing said or pushed.
    pub fn new(game: Game, facing: Chips, big_blind: Chips) -> BetInput {
        BetInput {
            game,
            facing,
            last_raise: if facing == 0 { big_blind } else { facing },
            big_blind,
            unit: big_blind,
            in_front: 0,
            prior_chips: PriorChips::None,
            pulled_back: None,
            stack: None,
            declared: Declared::Nothing,
            pot_declared: PotDeclared::AtLeastMinimum,
            declared_amount: None,
            pushed: Pushed::Nothing,
            second_motion: Pushed::Nothing,
            pot: None,
            standard_percent: 50,
            may_raise: true,
            capped: false,
            level: None,
            house: None,
        }
    }

    /// The situation of a player as the round derived it, nothing said or
    /// pushed yet.
    pub fn from_spot(spot: &Spot) -> BetInput {
        BetInput {
            last_raise: spot.full_raise,
            unit: spot.unit,
            in_front: spot.in_front,
            stack: spot.stack,
            pot: spot.pot,
            may_raise: spot.may_raise,
            capped: spot.capped,
            level: spot.level,
            house: spot.house,
            ..BetInput::new(spot.game, spot.facing, spot.big_blind)
        }
    }

    /// The situation of the player as the numbers describe it.
    pub fn spot(&self) -> Spot {
        Spot {
            game: self.game,
            big_blind: self.big_blind,
            unit: self.unit,
            facing: self.facing,
            full_raise: self.last_raise,
            in_front: self.in_front,
            stack: self.stack,
            pot: self.pot,
            may_raise: self.may_raise,
            capped: self.capped,
            level: self.level,
            house: self.house,
        }
    }
}

crate::outcomes! {
    /// The outcome ids of the `bet` incident.
    #[derive(Hash, serde::Deserialize)]
    pub enum BetOutcome {
        /// A check.
        Check => [
            INVALID_DECLARATIONS,
            METHODS_OF_BETTING,
            METHODS_OF_RAISING,
            NUMBER_OF_RAISES,
            OVERSIZED_CHIP,
            POT_SIZE_POT_LIMIT,
            RAISE_AMOUNTS,
            REOPENING_BETTING,
            STRING_BETS,
        ],
        /// A call.
        Call => [
            RAISE_AMOUNTS,
            OVERSIZED_CHIP,
            MULTIPLE_CHIPS,
            METHODS_OF_BETTING,
            BINDING_DECLARATIONS_UNDERCALLS,
            INVALID_DECLARATIONS,
            METHODS_OF_CALLING,
            METHODS_OF_RAISING,
            NUMBER_OF_RAISES,
            OVER_BETTING_CHANGE,
            POT_SIZE_POT_LIMIT,
            PRIOR_BET_CHIPS,
            REOPENING_BETTING,
            STRING_BETS,
        ],
        /// A bet (no bet was faced).
        Bet => [
            METHODS_OF_BETTING,
            OVERSIZED_CHIP,
            INCORRECT_BETS,
            INVALID_DECLARATIONS,
            METHODS_OF_RAISING,
            POT_SIZE_POT_LIMIT,
            STRING_BETS,
        ],
        /// A raise.
        Raise => [
            RAISE_AMOUNTS,
            RAISE_AMOUNTS,
            METHODS_OF_RAISING,
            METHODS_OF_BETTING,
            MULTIPLE_CHIPS,
            OVER_BETTING_CHANGE,
            OVERSIZED_CHIP,
            POT_SIZE_POT_LIMIT,
            PRIOR_BET_CHIPS,
            STRING_BETS,
            REOPENING_BETTING,
        ],
        /// All the player's chips go in.
        AllIn => [
            MULTIPLE_CHIPS,
            REOPENING_BETTING,
            BINDING_DECLARATIONS_UNDERCALLS,
            INCORRECT_BETS,
            INVALID_DECLARATIONS,
            METHODS_OF_BETTING,
            METHODS_OF_CALLING,
            METHODS_OF_RAISING,
            NUMBER_OF_RAISES,
            OVER_BETTING_CHANGE,
            OVERSIZED_CHIP,
            POT_SIZE_POT_LIMIT,
            PRIOR_BET_CHIPS,
            RAISE_AMOUNTS,
            STRING_BETS,
        ],
        /// The player said "check" facing a bet: he may call or fold, not raise.
        CallOrFold => [INVALID_DECLARATIONS, RAISE_AMOUNTS],
    }
}

/// What the action counts as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetRuling {
    /// The outcome id.
    pub outcome: BetOutcome,
    /// The player's total for the round after the action. For
    /// [`BetOutcome::CallOrFold`]: his chips in front while he decides.
    pub total: Chips,
    /// The total a call amounts to here (capped by the stack).
    pub to_call: Chips,
    /// For a raise (also an all-in raise): how much above the bet faced.
    pub raise_by: Option<Chips>,
    /// The legal minimum total for a bet or raise here.
    pub min_raise_to: Chips,
    /// Chips given back to the player (change, chips beyond the call or the
    /// pot-limit maximum, chips pushed after a check).
    pub returned: Chips,
    /// Chips the player must still add to reach `total` (a forced minimum
    /// raise, a declared amount not yet pushed).
    pub owed: Chips,
    /// Why a bet or raise was forced up to the minimum, where it was.
    pub forced: Option<Forced>,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
    /// The provisions whose words decided, by concept: each concept is
    /// cited at the part of the edition's rule that states its provision.
    pub stated: Vec<(ConceptId, &'static str)>,
}

impl BetRuling {
    /// The rules applied, deciding rule first, each at the provision that
    /// decided where one did.
    pub fn cites(&self) -> Vec<Cite> {
        let mut cites = Vec::new();
        for &concept in &self.concepts {
            let mut stating = self.stated.iter().filter(|(c, _)| *c == concept).peekable();
            if stating.peek().is_none() {
                cites.push(concept.into());
            }
            cites.extend(stating.map(|(_, provision)| concept.stating(provision)));
        }
        cites
    }
}

/// How an edition words the bound of `pot-declared-in-nl` where "pot"
/// binds to exactly the minimum (tda-2019-sk 54-C).
const EXACTLY: &str = "exactly";

/// The provisions (`locales/provisions.yaml`) whose words decide a bet.
/// The provisions a ruled bet's citations may quote ([`BetRuling::cites`]):
/// every incident ruling a bet declares them.
pub(super) const QUOTED_BY_RULED_BET: [&str; 18] = provision::QUOTED_IDS;

mod provision {
    pub const RAISE_STANDARD: &str = "raise-standard";
    pub const RAISE_DECLARED_TOTAL: &str = "raise-declared-total";
    pub const POT_DECLARED_IN_NL: &str = "pot-declared-in-nl";
    pub const RAISE_IS_MIN_BET: &str = "invalid-raise-min-bet";
    pub const CALL_IS_CHECK: &str = "invalid-call-is-check";
    pub const CHECK_FACING_BET: &str = "invalid-check-facing-bet";
    pub const OVERCHIP_CALL: &str = "overchip-call";
    pub const OVERCHIP_RAISE: &str = "overchip-raise-chip-value";
    pub const OVERCHIP_NO_BET: &str = "overchip-no-bet";
    pub const MULTICHIP_CALL: &str = "multichip-call";
    pub const MULTICHIP_STANDARD: &str = "multichip-50-standard";
    pub const MULTICHIP_LAST_CHIPS: &str = "multichip-last-chips-allin";
    pub const PRIOR_LEFT_OR_PULLED: &str = "prior-left-or-pulled";
    pub const PRIOR_PARTLY_PULLED: &str = "prior-partly-pulled";
    pub const AMOUNT_AS_CHIPS: &str = "bet-amount-as-chips";
    pub const VERBAL_OR_CHIPS: &str = "bet-verbal-or-chips";
    pub const LIMIT_TOO: &str = "incorrect-limit-too";
    pub const REOPEN_CUMULATIVE: &str = "reopen-cumulative";
    pub const RAISE_UNDER_STANDARD: &str = "raise-under-standard-allin";

    /// Those the card quotes without the ruling reading them.
    pub const QUOTED_IDS: [&str; 18] = {
        let mut ids = [""; 18];
        let mut i = 0;
        while i < QUOTED.len() {
            ids[i] = QUOTED[i].0;
            i += 1;
        }
        ids
    };

    /// The provisions the card quotes, each with the concept it is cited
    /// under; `pot-declared-in-nl`, whose bound the ruling reads, is
    /// [`READ`].
    pub const QUOTED: [(&str, super::ConceptId); 18] = [
        (RAISE_STANDARD, super::c::RAISE_AMOUNTS),
        (RAISE_DECLARED_TOTAL, super::c::RAISE_AMOUNTS),
        (RAISE_IS_MIN_BET, super::c::INVALID_DECLARATIONS),
        (CALL_IS_CHECK, super::c::INVALID_DECLARATIONS),
        (CHECK_FACING_BET, super::c::INVALID_DECLARATIONS),
        (OVERCHIP_CALL, super::c::OVERSIZED_CHIP),
        (OVERCHIP_RAISE, super::c::OVERSIZED_CHIP),
        (OVERCHIP_NO_BET, super::c::OVERSIZED_CHIP),
        (MULTICHIP_CALL, super::c::MULTIPLE_CHIPS),
        (MULTICHIP_STANDARD, super::c::MULTIPLE_CHIPS),
        (MULTICHIP_LAST_CHIPS, super::c::MULTIPLE_CHIPS),
        (PRIOR_LEFT_OR_PULLED, super::c::PRIOR_BET_CHIPS),
        (PRIOR_PARTLY_PULLED, super::c::PRIOR_BET_CHIPS),
        (AMOUNT_AS_CHIPS, super::c::METHODS_OF_BETTING),
        (VERBAL_OR_CHIPS, super::c::METHODS_OF_BETTING),
        (LIMIT_TOO, super::c::INCORRECT_BETS),
        (REOPEN_CUMULATIVE, super::c::REOPENING_BETTING),
        (RAISE_UNDER_STANDARD, super::c::RAISE_AMOUNTS),
    ];

    /// The provision whose words the ruling reads, with its concept.
    pub const READ: (&str, super::ConceptId) = (POT_DECLARED_IN_NL, super::c::POT_SIZE_POT_LIMIT);
}

/// Checked addition naming the answer key that overflowed.
fn plus(a: Chips, b: Chips, key: &'static str) -> Result<Chips, Error> {
    add(a, b, key).map_err(|m| Error::input(key, m))
}

/// Why a bet or raise was brought up to the legal minimum: each is a
/// different rule, and the card says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forced {
    /// 43-A: 50% or more of a full raise, short of it: a full raise.
    Standard,
    /// "Bet" or "raise" declared (55-B, 42): it binds to at least the
    /// minimum, whatever was pushed, or with nothing pushed yet.
    Declared,
    /// Facing no bet, silent chips or a number below the minimum bet (52).
    BelowMinimumBet,
    /// "Pot" declared outside pot-limit, where the edition binds it to
    /// exactly the minimum bet or raise (tda-2019-sk 54-C), whatever was
    /// pushed.
    PotExactly,
}

/// How the edition binds "pot" declared outside pot-limit (TDA 54-C).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PotDeclared {
    /// To a valid bet or raise, at least the minimum: the chips pushed
    /// make it more (the TDA practice).
    #[default]
    AtLeastMinimum,
    /// To exactly the minimum bet or raise ("navýšiť práve minimálnu
    /// čiastku", tda-2019-sk 54-C): chips beyond it are returned.
    ExactlyMinimum,
}

/// One decision before the caps: the total and why.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Judged {
    total: Chips,
    forced: Option<Forced>,
    call_or_fold: bool,
    concepts: Vec<ConceptId>,
    /// The provisions whose words decided, by concept.
    stated: Vec<(ConceptId, &'static str)>,
}

impl Judged {
    fn to(total: Chips, concepts: Vec<ConceptId>) -> Judged {
        Judged {
            total,
            forced: None,
            call_or_fold: false,
            concepts,
            stated: Vec::new(),
        }
    }

    /// The same, decided by the words of provision `provision` of `concept`.
    fn stating(mut self, concept: ConceptId, provision: &'static str) -> Judged {
        self.stated.push((concept, provision));
        self
    }
}

/// The validated facts of one bet action.
struct Ctx<'a> {
    i: &'a BetInput,
    methods: &'a RaiseMethods,
    /// Chips in front after any pulled back.
    kept: Chips,
    /// The first motion.
    p1: Chips,
    /// The second motion.
    p2: Chips,
    /// Everything physically in front after the action.
    physical: Chips,
    /// `in_front + stack`.
    max_total: Option<Chips>,
    /// The size of a full raise (limit: the fixed bet), a house minimum
    /// included.
    full: Chips,
    /// The size the 50% standard is a share of: TDA 43's full raise.
    standard_of: Chips,
    /// The legal minimum total for a bet or raise.
    min_total: Chips,
    /// The player has chips to put in to call.
    facing_bet: bool,
    /// The player's situation, from which the limits are derived.
    spot: Spot,
}

impl<'a> Ctx<'a> {
    fn new(i: &'a BetInput, methods: &'a RaiseMethods) -> Result<Ctx<'a>, Error> {
        let spot = i.spot();
        spot.validate().map_err(|(key, m)| Error::input(key, m))?;
        if i.stack == Some(0) {
            return Err(Error::input("stack", Message::new(Msg::BetStackZero)));
        }
        if i.declared_amount == Some(0) {
            return Err(Error::input(
                "declared_amount",
                Message::new(Msg::BetDeclaredZero),
            ));
        }
        if i.prior_chips != PriorChips::None && i.in_front == 0 {
            return Err(Error::input(
                "prior_chips",
                Message::new(Msg::BetNoPriorChips),
            ));
        }
        let pulled = match (i.prior_chips, i.pulled_back) {
            (PriorChips::None | PriorChips::Left, None | Some(0)) => 0,
            (PriorChips::None | PriorChips::Left, Some(p)) => {
                return Err(Error::input(
                    "pulled_back",
                    Message::new(if i.prior_chips == PriorChips::Left {
                        Msg::BetPulledButLeft
                    } else {
                        Msg::BetPulledButUntouched
                    })
                    .arg("pulled", p),
                ));
            }
            (PriorChips::FullyPulled, p) if p.is_none_or(|p| p == i.in_front) => i.in_front,
            (PriorChips::FullyPulled, _) => {
                return Err(Error::input(
                    "pulled_back",
                    Message::new(Msg::BetFullyPulled).arg("in_front", i.in_front),
                ));
            }
            (PriorChips::PartlyPulled, Some(p)) if p > 0 && p < i.in_front => p,
            (PriorChips::PartlyPulled, _) => {
                return Err(Error::input(
                    "pulled_back",
                    Message::new(Msg::BetPartlyPulled).arg("in_front", i.in_front),
                ));
            }
        };
        let kept = i.in_front.saturating_sub(pulled);
        let p1 = i.pushed.total()?;
        let p2 = i.second_motion.total()?;
        let key = i.pushed.key();
        let pushed = plus(p1, p2, key)?;
        let max_total = match i.stack {
            Some(s) => {
                let available = plus(s, pulled, "stack")?;
                if pushed > available {
                    return Err(Error::input(
                        key,
                        Message::new(Msg::BetOverStack)
                            .arg("pushed", pushed)
                            .arg("available", available),
                    ));
                }
                Some(plus(i.in_front, s, "stack")?)
            }
            None => None,
        };
        let physical = plus(kept, pushed, key)?;
        Ok(Ctx {
            i,
            methods,
            kept,
            p1,
            p2,
            physical,
            max_total,
            full: spot.min_raise_size(),
            standard_of: spot.tda_raise_size(),
            min_total: spot.min_raise_to().map_err(|m| Error::input("facing", m))?,
            facing_bet: spot.facing_bet(),
            spot,
        })
    }

    fn limit(&self) -> bool {
        self.i.game == Game::Limit
    }

    /// Whether `total` is all the player's chips.
    fn all_in(&self, total: Chips) -> bool {
        self.max_total == Some(total)
    }

    fn undercall(&self, total: Chips) -> Error {
        Refusal::Undercall {
            input: self.i.pushed.key(),
            total,
            facing: self.i.facing,
        }
        .into()
    }

    /// A bet or raise to `target`, brought up to the legal minimum (limit:
    /// exactly the fixed bet or raise); `why`, where it was brought up.
    fn bet_or_raise(&self, target: Chips, mut concepts: Vec<ConceptId>, why: Forced) -> Judged {
        let forced = target < self.min_total;
        let total = if self.limit() {
            self.min_total
        } else {
            target.max(self.min_total)
        };
        let mut stated = Vec::new();
        if forced {
            if self.i.facing == 0 {
                concepts.push(c::INCORRECT_BETS);
                // 52-A corrects a limit bet where the edition says so.
                if self.limit() {
                    stated.push((c::INCORRECT_BETS, provision::LIMIT_TOO));
                }
            } else {
                // 43-A: short of a full raise, made a full raise.
                concepts.push(c::RAISE_AMOUNTS);
                stated.push((c::RAISE_AMOUNTS, provision::RAISE_STANDARD));
            }
        }
        Judged {
            total,
            forced: forced.then_some(why),
            call_or_fold: false,
            concepts,
            stated,
        }
    }

    /// The 50% standard (rule 43-A) for a player who now has `total` in
    /// front against a bet (the big blind's option included), or a bet when
    /// none is faced.
    fn judge(
        &self,
        total: Chips,
        silent_raise: bool,
        mut concepts: Vec<ConceptId>,
    ) -> Result<Judged, Error> {
        let facing = self.i.facing;
        if facing == 0 {
            return Ok(self.bet_or_raise(total, concepts, Forced::BelowMinimumBet));
        }
        let all_in = self.all_in(total);
        concepts.push(c::RAISE_AMOUNTS);
        if total < facing {
            return if all_in {
                Ok(Judged::to(total, concepts))
            } else {
                Err(self.undercall(total))
            };
        }
        let inc = total - facing;
        if inc == 0 || !silent_raise {
            return Ok(Judged::to(facing, concepts));
        }
        if inc >= self.full {
            let t = if self.limit() { self.min_total } else { total };
            return Ok(Judged::to(t, concepts));
        }
        // The raise standard: at least this share of a full raise as TDA 43
        // sizes it (a house minimum raises the minimum, not the standard).
        let standard =
            (u128::from(self.standard_of) * u128::from(self.i.standard_percent)).div_ceil(100);
        if u128::from(inc) >= standard {
            return Ok(Judged {
                total: self.min_total,
                forced: Some(Forced::Standard),
                call_or_fold: false,
                concepts,
                stated: vec![(c::RAISE_AMOUNTS, provision::RAISE_STANDARD)],
            });
        }
        if all_in {
            // Below the standard the last chips stay all-in: the exception
            // rule 43 words beside "raise" declared.
            return Ok(Judged::to(total, concepts)
                .stating(c::RAISE_AMOUNTS, provision::RAISE_UNDER_STANDARD));
        }
        Ok(Judged::to(facing, concepts))
    }

    fn decide(&self) -> Result<Judged, Error> {
        let i = self.i;
        match i.declared {
            Declared::Check => Ok(self.check_declared()),
            Declared::Call => Ok(if self.facing_bet {
                Judged::to(
                    i.facing,
                    vec![c::METHODS_OF_CALLING, c::BINDING_DECLARATIONS_UNDERCALLS],
                )
            } else {
                Judged::to(i.in_front, vec![c::INVALID_DECLARATIONS])
                    .stating(c::INVALID_DECLARATIONS, provision::CALL_IS_CHECK)
            }),
            Declared::AllIn => {
                let max = self
                    .max_total
                    .ok_or_else(|| Error::input("stack", Message::new(Msg::BetAllInNeedsStack)))?;
                let total = if self.limit() && max > self.min_total {
                    self.min_total
                } else {
                    max
                };
                // The declaration binds (40-A), not an amount said (40-C).
                Ok(Judged::to(total, vec![c::METHODS_OF_BETTING])
                    .stating(c::METHODS_OF_BETTING, provision::VERBAL_OR_CHIPS))
            }
            Declared::Pot if i.game == Game::PotLimit => {
                Ok(Judged::to(self.pot_max()?, vec![c::POT_SIZE_POT_LIMIT]))
            }
            Declared::Pot | Declared::Bet | Declared::Raise => self.raise_declared(),
            Declared::Nothing | Declared::Number => match i.declared_amount {
                Some(a) => {
                    // Rule 40-C: a number alone is the same as silently
                    // pushing out that amount.
                    let total = plus(self.kept, a, "declared_amount")?;
                    let mut d = self.judge(
                        total,
                        self.methods.accepts(RaiseMethod::VerbalAmount),
                        vec![c::METHODS_OF_BETTING],
                    )?;
                    d.stated
                        .push((c::METHODS_OF_BETTING, provision::AMOUNT_AS_CHIPS));
                    Ok(d)
                }
                None => self.silent(),
            },
        }
    }

    fn check_declared(&self) -> Judged {
        let i = self.i;
        if !self.facing_bet {
            return Judged::to(i.in_front, vec![c::METHODS_OF_BETTING]);
        }
        // Rule 55: "check" facing a bet may call or fold, not raise.
        if self.physical >= i.facing {
            Judged::to(
                i.facing,
                vec![c::INVALID_DECLARATIONS, c::METHODS_OF_CALLING],
            )
            .stating(c::INVALID_DECLARATIONS, provision::CHECK_FACING_BET)
        } else if self.all_in(self.physical) {
            Judged::to(self.physical, vec![c::INVALID_DECLARATIONS])
                .stating(c::INVALID_DECLARATIONS, provision::CHECK_FACING_BET)
        } else {
            Judged {
                total: self.physical,
                forced: None,
                call_or_fold: true,
                concepts: vec![c::INVALID_DECLARATIONS],
                stated: Vec::new(),
            }
            .stating(c::INVALID_DECLARATIONS, provision::CHECK_FACING_BET)
        }
    }

    fn pot_max(&self) -> Result<Chips, Error> {
        self.spot
            .pot_limit_max()
            .map_err(|(key, m)| Error::input(key, m))
    }

    /// "Bet", "raise" (and "pot" outside pot-limit) declared first.
    fn raise_declared(&self) -> Result<Judged, Error> {
        let i = self.i;
        let mut concepts = Vec::new();
        let mut stated = Vec::new();
        if i.declared == Declared::Pot {
            // Rule 54-C: "pot" outside pot-limit binds to a valid bet or raise.
            concepts.push(c::POT_SIZE_POT_LIMIT);
            stated.push((c::POT_SIZE_POT_LIMIT, provision::POT_DECLARED_IN_NL));
        }
        if i.declared == Declared::Pot && i.pot_declared == PotDeclared::ExactlyMinimum {
            // tda-2019-sk 54-C: "pot" binds to exactly the minimum bet or
            // raise, whatever was pushed; chips beyond it are returned.
            let mut d = self.bet_or_raise(self.min_total, concepts, Forced::PotExactly);
            d.forced = Some(Forced::PotExactly);
            d.stated.extend(stated);
            return Ok(d);
        }
        if i.declared == Declared::Raise && i.facing == 0 {
            // Rule 55-B: "raise" facing no bet is at least a minimum bet.
            concepts.push(c::INVALID_DECLARATIONS);
            stated.push((c::INVALID_DECLARATIONS, provision::RAISE_IS_MIN_BET));
        }
        let third = i.declared == Declared::Raise
            && self.methods.accepts(RaiseMethod::DeclareCallThenRaise)
            && self.p2 > 0;
        let target = match i.declared_amount {
            Some(a) if self.methods.accepts(RaiseMethod::VerbalAmount) => {
                // Rule 43-B: "raise" and an amount is the total bet.
                if i.facing == 0 {
                    concepts.push(c::METHODS_OF_BETTING);
                } else {
                    concepts.push(c::RAISE_AMOUNTS);
                    stated.push((c::RAISE_AMOUNTS, provision::RAISE_DECLARED_TOTAL));
                }
                a
            }
            _ if third => {
                concepts.push(c::METHODS_OF_RAISING);
                if plus(self.kept, self.p1, "pushed")? == i.facing {
                    plus(i.facing, self.p2, "pushed")?
                } else {
                    plus(self.kept, self.p1, "pushed")?
                }
            }
            _ if self.p1 > 0 => {
                match i.pushed.single_chip() {
                    Some(chip) if self.facing_bet && chip > i.facing.saturating_sub(self.kept) => {
                        // Rule 44: raise declared with an oversized chip and
                        // no amount is the most the chip allows.
                        concepts.push(c::OVERSIZED_CHIP);
                        stated.push((c::OVERSIZED_CHIP, provision::OVERCHIP_RAISE));
                    }
                    _ => concepts.push(c::METHODS_OF_RAISING),
                }
                if self.p2 > 0 {
                    concepts.push(c::STRING_BETS);
                }
                plus(self.kept, self.p1, "pushed")?
            }
            _ => {
                // Nothing pushed yet: the declaration binds to the minimum.
                concepts.push(c::METHODS_OF_RAISING);
                let mut d = self.bet_or_raise(self.min_total, concepts, Forced::Declared);
                d.forced = Some(Forced::Declared);
                d.stated.extend(stated);
                return Ok(d);
            }
        };
        let mut d = self.bet_or_raise(target, concepts, Forced::Declared);
        d.stated.extend(stated);
        Ok(d)
    }

    /// Nothing said: the chips speak.
    fn silent(&self) -> Result<Judged, Error> {
        let i = self.i;
        if self.p1 == 0 {
            return Err(Error::input("pushed", Message::new(Msg::BetNothing)));
        }
        let mut concepts: Vec<ConceptId> = Vec::new();
        let mut stated = Vec::new();
        let total = plus(self.kept, self.p1, i.pushed.key())?;
        let silent_raise = self.methods.accepts(RaiseMethod::OneMotion);
        let mut d = if !self.facing_bet {
            if let Some(chip) = i.pushed.single_chip() {
                // Not facing a bet, a chip is oversized when it alone makes
                // at least the minimum bet or raise.
                let makes = plus(self.kept, chip, "chips")?;
                if makes >= self.min_total {
                    concepts.push(c::OVERSIZED_CHIP);
                    stated.push((c::OVERSIZED_CHIP, provision::OVERCHIP_NO_BET));
                } else {
                    concepts.push(c::METHODS_OF_BETTING);
                }
            } else {
                concepts.push(c::METHODS_OF_BETTING);
            }
            self.judge(total, silent_raise, concepts)?
        } else if i.prior_chips == PriorChips::PartlyPulled {
            // Rule 46-C-2: the combined final bet meets the 50% standard or
            // is a call.
            stated.push((c::PRIOR_BET_CHIPS, provision::PRIOR_PARTLY_PULLED));
            self.judge(total, silent_raise, vec![c::PRIOR_BET_CHIPS])?
        } else {
            if i.in_front > 0 && i.prior_chips != PriorChips::None {
                // Rule 46-C-1: prior chips left or fully pulled back.
                concepts.push(c::PRIOR_BET_CHIPS);
                stated.push((c::PRIOR_BET_CHIPS, provision::PRIOR_LEFT_OR_PULLED));
            }
            let call_add = i.facing.saturating_sub(self.kept);
            if let Some(chip) = i.pushed.single_chip() {
                if chip >= call_add {
                    // Rule 44: a single oversized chip is a call.
                    if chip > call_add {
                        concepts.push(c::OVERSIZED_CHIP);
                        stated.push((c::OVERSIZED_CHIP, provision::OVERCHIP_CALL));
                    } else {
                        concepts.push(c::METHODS_OF_CALLING);
                    }
                    Judged::to(i.facing, concepts)
                } else if self.all_in(total) {
                    concepts.push(c::METHODS_OF_CALLING);
                    Judged::to(total, concepts)
                } else {
                    return Err(self.undercall(total));
                }
            } else if let Some(smallest) = i.pushed.smallest_of_several() {
                concepts.push(c::MULTIPLE_CHIPS);
                if total.saturating_sub(smallest) < i.facing {
                    // Rule 45-A: every chip is needed to call.
                    stated.push((c::MULTIPLE_CHIPS, provision::MULTICHIP_CALL));
                    if total >= i.facing {
                        Judged::to(i.facing, concepts)
                    } else if self.all_in(total) {
                        Judged::to(total, concepts)
                    } else {
                        return Err(self.undercall(total));
                    }
                } else if self.all_in(total) {
                    // Rule 45-B-2: the last chips are all-in, 50% or not.
                    Judged::to(total, concepts)
                        .stating(c::MULTIPLE_CHIPS, provision::MULTICHIP_LAST_CHIPS)
                } else {
                    stated.push((c::MULTIPLE_CHIPS, provision::MULTICHIP_STANDARD));
                    let mut d = self.judge(total, silent_raise, concepts)?;
                    if d.total > i.facing {
                        // Rule 61: pushing more than the bet expecting change.
                        d.concepts.push(c::OVER_BETTING_CHANGE);
                    }
                    d
                }
            } else {
                self.judge(total, silent_raise, concepts)?
            }
        };
        if self.p2 > 0 {
            d.concepts.push(c::STRING_BETS);
        }
        d.stated.extend(stated);
        Ok(d)
    }
}

/// Rules on what a bet, call or raise action counts as (incident `bet`).
///
/// The rules, in TDA 2019 numbering (the German TDA 2015 numbers 37 and
/// 41-47, Pokerpunt 40 and 45-51):
/// - **Verbal and chips (40)**: whichever comes first defines the action; a
///   number said alone is the same as silently pushing that amount (40-C).
/// - **"Raise N" (43-B)**: N is the total bet.
/// - **50% standard (43-A)**: against a bet, a raise of 50% or more of the
///   last full bet or raise (at least the big blind) but less than a full
///   raise is forced to the minimum raise; less than 50% is a call, unless
///   "raise" was declared first (then a forced minimum raise) or the player
///   is all-in.
/// - **Oversized chip (44)**: facing a bet, a single chip larger than the
///   call is a call unless "raise" was declared first; "raise" without an
///   amount is the most the chip allows; not facing a bet, a silent
///   overchip is a bet of its full value.
/// - **Multiple chips (45)**: facing a bet, if removing one of the smallest
///   chips leaves less than the call, it is a call; otherwise the 50%
///   standard, and the player's last chips are all-in either way.
/// - **Prior chips (46-C)**: prior chips not covering the call, left alone
///   or fully pulled back: an overchip is a call, several new chips follow
///   45 and 43; partly pulled back (or prior chips covering the call): the
///   combined final bet is a raise if it meets the 50% standard, else a
///   call. With [`PriorChips::PartlyPulled`] give [`BetInput::pulled_back`].
/// - **Invalid declarations (55)**: "call" facing no bet is a check;
///   "raise" facing no bet is at least a minimum bet; "check" facing a bet
///   is [`BetOutcome::CallOrFold`].
/// - **Over-betting (61)**: silent chips beyond the call count (325 faced,
///   500 + 25 pushed: a raise to 650).
/// - **Incorrect bets (52)**: an opening bet below the big blind is
///   corrected to it.
/// - **Pot-limit (54)**: "pot" is the pot-limit maximum; chips beyond the
///   maximum are returned. Outside pot-limit "pot" binds to a valid bet or
///   raise, at least the minimum (54-C), or to exactly the minimum where
///   the edition says so ([`PotDeclared::ExactlyMinimum`]).
/// - **Limit**: the bet and raise are fixed at `max(last_raise, big_blind)`.
///   Reading of the 50% standard for limit (no bundled edition spells it
///   out): facing a bet, chips reaching the call plus half a bet are a raise
///   of one bet (forced when short, excess returned), less is a call; not
///   facing a bet, any chips are a bet of one bet. A declared bet or raise is
///   one bet, whatever amount was said.
/// - **Raising methods (42)**: with [`RaiseMethod::DeclareCallThenRaise`]
///   ("raise", the exact call, then the raise in one motion) the second
///   motion counts and less than a minimum raise is a minimum raise; without
///   it a second motion is a string bet and only the first counts.
///
/// Amounts: `total` is the round total; `returned` are chips given back,
/// `owed` chips still to add. Always `returned + total + pulled_back ==
/// in_front + pushed + owed`, and one of `returned`, `owed` is 0. Nobody
/// puts in more than `in_front + stack`: a forced raise beyond the stack is
/// an all-in.
///
/// Errors name the answer key: `big_blind`, `in_front`, `last_raise`,
/// `stack`, `prior_chips`, `pulled_back`, `declared_amount`, `pot`, and
/// `pushed`/`chips` when more was pushed than the stack held, when nothing
/// was said or pushed, or when silent chips fall short of the call without
/// being all-in (an undercall: see the `undercall` incident).
///
/// ```
/// use floor::poker::Game;
/// use floor::incidents::bet::{BetInput, BetOutcome, Pushed, RaiseMethods, rule_bet};
///
/// // dpc-2019-en rule 61: the opening bet is 325; A silently puts out one
/// // 500 and one 25 chip: a raise to 650.
/// let r = rule_bet(
///     &BetInput {
///         pushed: Pushed::Chips(vec![500, 25]),
///         ..BetInput::new(Game::NoLimit, 325, 25)
///     },
///     &RaiseMethods::tda_2019(),
/// )
/// .unwrap();
/// assert_eq!((r.outcome, r.total, r.owed), (BetOutcome::Raise, 650, 125));
/// ```
pub fn rule_bet(input: &BetInput, methods: &RaiseMethods) -> Result<BetRuling, Error> {
    let cx = Ctx::new(input, methods)?;
    let mut d = cx.decide()?;
    if let Some(max) = cx.max_total
        && d.total > max
    {
        // All his chips already out, short of what the rules would bring
        // him up to: an all-in is no forced bet or raise (43-A "or the
        // player is all-in"), and no incorrect bet to correct. (Chips left
        // behind are still forced in, up to all of them.)
        if d.forced.is_some() && max < cx.min_total && max <= cx.physical {
            d.forced = None;
            d.concepts.retain(|concept| *concept != c::INCORRECT_BETS);
        }
        d.total = max;
    }
    if !input.may_raise && d.total > input.facing && input.facing > 0 {
        // Betting was not re-opened for him (TDA 47), or in limit the
        // raises are capped (TDA 48): he may only call.
        d.total = input.facing;
        d.forced = None;
        let why = if input.capped {
            c::NUMBER_OF_RAISES
        } else {
            c::REOPENING_BETTING
        };
        if !d.concepts.contains(&why) {
            d.concepts.insert(0, why);
        }
    }
    if input.game == Game::PotLimit && d.total > input.facing.max(input.in_front) {
        let cap = cx.pot_max()?;
        if d.total > cap {
            d.total = cap;
            if !d.concepts.contains(&c::POT_SIZE_POT_LIMIT) {
                d.concepts.push(c::POT_SIZE_POT_LIMIT);
            }
        }
    }
    let total = d.total;
    let outcome = if d.call_or_fold {
        BetOutcome::CallOrFold
    } else if cx.all_in(total) {
        BetOutcome::AllIn
    } else if total > input.facing {
        if input.facing == 0 {
            BetOutcome::Bet
        } else {
            BetOutcome::Raise
        }
    } else if total == input.facing && total > input.in_front {
        BetOutcome::Call
    } else if total == input.in_front && total == input.facing {
        BetOutcome::Check
    } else {
        return Err(cx.undercall(total));
    };
    let returned = cx.physical.saturating_sub(total);
    let owed = total.saturating_sub(cx.physical);
    Ok(BetRuling {
        outcome,
        total,
        to_call: cx.max_total.map_or(input.facing, |m| m.min(input.facing)),
        raise_by: (input.facing > 0 && total > input.facing).then(|| total - input.facing),
        min_raise_to: cx.min_total,
        returned,
        owed,
        forced: d.forced,
        concepts: d.concepts,
        stated: d.stated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use BetOutcome::{AllIn, Call, CallOrFold, Check, Raise};
    use proptest::prelude::*;

    fn nl(facing: Chips, bb: Chips) -> BetInput {
        BetInput::new(Game::NoLimit, facing, bb)
    }

    /// A provision cited by its words is one of the catalog, of the topic
    /// it is cited under: else its part would never be found.
    #[test]
    fn the_provisions_quoted_are_of_their_topics() {
        let catalog = crate::rules::provisions::Catalog::load(&crate::data::DataSource::Embedded)
            .expect("catalog")
            .expect("a bundled catalog");
        for (id, concept) in provision::QUOTED.into_iter().chain([provision::READ]) {
            let found = catalog.get(id).map(|p| p.concept.as_str());
            assert_eq!(found, Some(concept.slug()), "{id}");
        }
    }

    fn rule(input: BetInput) -> BetRuling {
        rule_bet(&input, &RaiseMethods::tda_2019()).unwrap()
    }

    fn rule_with(input: BetInput, methods: &RaiseMethods) -> BetRuling {
        rule_bet(&input, methods).unwrap()
    }

    fn err_key(input: BetInput) -> &'static str {
        match rule_bet(&input, &RaiseMethods::tda_2019()) {
            Err(e) => e.input_key().expect("an input at fault"),
            other => panic!("expected an invalid input, got {other:?}"),
        }
    }

    fn chips(v: &[Chips]) -> Pushed {
        Pushed::Chips(v.to_vec())
    }

    /// The rule 43-A example (opening bet 1000, "1400" said or 1400 pushed)
    /// on the calculator, with what the rulebooks do not print: the 400
    /// handed back and the forced raise to 2000 once raise is declared. What
    /// they print is a row of `tests/seed_examples.yaml` for each edition.
    #[test]
    fn fourteen_hundred_is_a_call() {
        let said = rule(BetInput {
            declared_amount: Some(1400),
            ..nl(1000, 100)
        });
        assert_eq!((said.outcome, said.total), (Call, 1000));
        let pushed = rule(BetInput {
            pushed: Pushed::Amount(1400),
            ..nl(1000, 100)
        });
        assert_eq!(
            (pushed.outcome, pushed.total, pushed.returned),
            (Call, 1000, 400)
        );
        assert!(pushed.concepts.contains(&c::RAISE_AMOUNTS));
        // "unless raise is first declared": then a forced minimum raise.
        let raise = rule(BetInput {
            declared: Declared::Raise,
            declared_amount: Some(1400),
            ..nl(1000, 100)
        });
        assert_eq!(
            (raise.outcome, raise.total, raise.forced),
            (Raise, 2000, Some(Forced::Declared))
        );
    }

    /// The rule 43-B example (A opens 2000, B declares "raise, 8000") on the
    /// calculator: a raise by 6000, owed in full, not forced. The printed
    /// total is a row of `tests/seed_examples.yaml` for each edition.
    #[test]
    fn raise_eight_thousand_is_the_total() {
        let r = rule(BetInput {
            declared: Declared::Raise,
            declared_amount: Some(8000),
            ..nl(2000, 100)
        });
        assert_eq!((r.outcome, r.total, r.raise_by), (Raise, 8000, Some(6000)));
        assert_eq!(r.forced, None);
        assert_eq!(r.owed, 8000);
    }

    /// Rule 40-C example: "two hundred" is the same as silently pushing 200.
    fn two_hundred_said_equals_200_pushed() {
        let said = rule(BetInput {
            declared_amount: Some(200),
            ..nl(0, 100)
        });
        let pushed = rule(BetInput {
            pushed: Pushed::Amount(200),
            ..nl(0, 100)
        });
        assert_eq!((said.outcome, said.total), (BetOutcome::Bet, 200));
        assert_eq!((pushed.outcome, pushed.total), (said.outcome, said.total));
    }

    // onk-2023-nl rule 40-C: "als een speler 200 annonceert, is dit gelijk aan tweehonderd in
    // chips naar voren schuiven"
    #[test]
    fn onk_2023_nl_r40_two_hundred_said_is_200_pushed() {
        two_hundred_said_equals_200_pushed();
    }

    // pokerpunt-nl rule 40-C: "het uitspreken van 'tweehonderd' is hetzelfde als zwijgend 200
    // chips naar het midden schuiven"
    #[test]
    fn pokerpunt_nl_r40_two_hundred_said_is_200_pushed() {
        two_hundred_said_equals_200_pushed();
    }

    /// Multiple chips where every chip is needed: a call, the rest handed back.
    fn two_chips_every_chip_needed(facing: Chips, last_raise: Chips, bb: Chips, pushed: &[Chips]) {
        let r = rule(BetInput {
            last_raise,
            pushed: chips(pushed),
            ..nl(facing, bb)
        });
        assert_eq!((r.outcome, r.total), (Call, facing));
        let sum: Chips = pushed.iter().sum();
        assert_eq!(r.returned, sum - facing);
        assert_eq!(r.concepts, vec![c::MULTIPLE_CHIPS]);
    }

    /// The rule 45-A Ex-2 example (NLHE 25-50, post-flop A opens 1050, B
    /// pushes his last chips, two 1000s) on the calculator, with the amounts
    /// the rulebooks do not print: 950 handed back on the call, all-in for
    /// 2000 once raise or all-in is declared.
    #[test]
    fn last_two_1000s_against_1050() {
        let base = BetInput {
            stack: Some(2000),
            pushed: chips(&[1000, 1000]),
            ..nl(1050, 50)
        };
        let r = rule(base.clone());
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1050, 950));
        // "unless raise or all-in was first declared"
        let r = rule(BetInput {
            declared: Declared::AllIn,
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total, r.raise_by), (AllIn, 2000, Some(950)));
        let r = rule(BetInput {
            declared: Declared::Raise,
            ..base
        });
        assert_eq!((r.outcome, r.total), (AllIn, 2000));
    }

    /// Rule 61 (tda-2015-de 56) example: opening bet 325, 525 silently pushed.
    fn over_bet_525_against_325(pushed: Pushed) {
        let r = rule(BetInput {
            pushed,
            ..nl(325, 25)
        });
        assert_eq!(
            (r.outcome, r.total, r.forced),
            (Raise, 650, Some(Forced::Standard))
        );
        assert_eq!((r.raise_by, r.owed, r.returned), (Some(325), 125, 0));
    }

    /// The multiple-chip examples (rule 45-A Ex-1, tda-2015-de 46,
    /// onk-2023-nl 45, pokerpunt-nl 50-A) on the calculator, with what the
    /// rulebooks do not print: the chips handed back and the rule cited.
    #[test]
    fn two_chips_every_chip_needed_is_a_call() {
        two_chips_every_chip_needed(1100, 700, 50, &[500, 1000]);
        two_chips_every_chip_needed(1200, 800, 400, &[1000, 1000]);
        two_chips_every_chip_needed(1100, 700, 400, &[1000, 1000]);
    }

    /// The rule 61 example on the calculator, in chips or as an amount, with
    /// what the rulebooks do not print: the raise is forced, by 325, with
    /// 125 owed.
    #[test]
    fn over_bet_525_against_325_is_a_forced_raise_to_650() {
        over_bet_525_against_325(chips(&[500, 25]));
        over_bet_525_against_325(Pushed::Amount(525));
    }

    #[test]
    fn over_bet_concepts_name_the_multiple_chip_rule_first() {
        let r = rule(BetInput {
            pushed: chips(&[500, 25]),
            ..nl(325, 25)
        });
        assert_eq!(
            r.concepts,
            vec![c::MULTIPLE_CHIPS, c::RAISE_AMOUNTS, c::OVER_BETTING_CHANGE]
        );
    }

    // onk-2023-nl rule 46-C-b: "Dit is een verplichte raise naar 1300."
    #[test]
    fn onk_2023_nl_r46_partly_pulled_prior_chips_force_a_raise_to_1300() {
        // Blinds 150-300, raised to 800; the small blind (150 in front: a 100
        // and two 25s) takes back the two 25s and adds one 1000 chip.
        let r = rule(BetInput {
            last_raise: 500,
            in_front: 150,
            prior_chips: PriorChips::PartlyPulled,
            pulled_back: Some(50),
            pushed: chips(&[1000]),
            ..nl(800, 300)
        });
        assert_eq!(
            (r.outcome, r.total, r.forced),
            (Raise, 1300, Some(Forced::Standard))
        );
        assert_eq!((r.owed, r.raise_by), (200, Some(500)));
        assert_eq!(r.concepts, vec![c::PRIOR_BET_CHIPS, c::RAISE_AMOUNTS]);
    }

    // SPEC section 1: "Seat 4 threw out a single 5000 chip facing a 1200 raise without saying
    // anything." -> "call, 1200 total — oversized chip rule"
    #[test]
    fn spec_single_5000_chip_facing_1200_is_a_call() {
        let r = rule(BetInput {
            last_raise: 800,
            pushed: chips(&[5000]),
            ..nl(1200, 400)
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1200, 3800));
        assert_eq!(r.concepts, vec![c::OVERSIZED_CHIP]);
    }

    /// Rule 41 (pokerpunt 45) example: blinds 2k-4k, A bets 50k, B silently
    /// puts out one 1k chip. The rule leaves it to the TD, "including being
    /// ruled a full call": the bet calculator does not read the chip as a
    /// call of its own (it refers it to the undercall rule), and every
    /// undercall ruling keeps the full 50k call, leaving it to the TD unless
    /// rule 51-B makes the full call mandatory.
    fn tiny_1k_chip_against_50k_is_left_to_the_td() {
        use crate::incidents::undercall::{UndercallInput, undercall};
        let silent = BetInput {
            pushed: chips(&[1000]),
            ..nl(50_000, 4000)
        };
        assert_eq!(err_key(silent), "chips");
        for heads_up in [false, true] {
            for opening_bet in [false, true] {
                let u = undercall(&UndercallInput {
                    heads_up,
                    opening_bet,
                    facing: 50_000,
                    pushed: 1000,
                    in_front: 0,
                    in_turn: true,
                })
                .unwrap();
                assert_eq!((u.total, u.to_add), (50_000, 49_000));
                assert_eq!(u.discretion, !heads_up && !opening_bet);
            }
        }
    }

    // dpc-2019-en rule 41: "(ex: blinds 2k-4k. A bets 50k, B then silently puts out one 1k chip)
    // is non-standard ... and will be interpreted at TDs discretion, including being ruled a full
    // call."
    #[test]
    fn dpc_2019_en_r41_tiny_1k_chip_against_50k_is_td_discretion_incl_full_call() {
        tiny_1k_chip_against_50k_is_left_to_the_td();
    }

    // onk-2023-nl rule 41: "(Bijvoorbeeld: blinds 2K/4K. Speler A bet 50K, speler B plaatst
    // non-verbaal een chip van 1K) ... kan worden bestraft met een penalty ... of als een
    // volledige call wordt aangemerkt."
    #[test]
    fn onk_2023_nl_r41_tiny_1k_chip_against_50k_is_td_discretion_incl_full_call() {
        tiny_1k_chip_against_50k_is_left_to_the_td();
    }

    // pokerpunt-nl rule 45: "(bijv. blinds 2K, 4K. Speler A bet 50K, speler B plaatst non verbaal
    // een chip van 1K) valt buiten de procedures" ... penalty, or ruled a full call.
    #[test]
    fn pokerpunt_nl_r45_tiny_1k_chip_against_50k_is_td_discretion_incl_full_call() {
        tiny_1k_chip_against_50k_is_left_to_the_td();
    }

    // tda-2015-de rule 41: "bei Blinds 2K-4K: Spieler A setzt 50K und Spieler B legt wortlos einen
    // 1K Chip zur Mitte" ... "wird nach Ermessen der Turnierleitung interpretiert und kann z.B. als
    // vollständiger Zwangs-Call gewertet werden."
    #[test]
    fn tda_2015_de_r41_tiny_1k_chip_against_50k_is_td_discretion_incl_full_call() {
        tiny_1k_chip_against_50k_is_left_to_the_td();
    }

    #[test]
    fn oversized_chip_table() {
        let facing = BetInput {
            last_raise: 800,
            ..nl(1200, 400)
        };
        // Raise declared, no amount: the most the chip allows.
        let r = rule(BetInput {
            declared: Declared::Raise,
            pushed: chips(&[5000]),
            ..facing.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Raise, 5000, 0));
        assert_eq!(r.concepts, vec![c::OVERSIZED_CHIP]);
        // Raise declared with a chip too small for a full raise: forced minimum.
        let r = rule(BetInput {
            declared: Declared::Raise,
            pushed: chips(&[1000]),
            in_front: 400,
            ..facing.clone()
        });
        assert_eq!(
            (r.outcome, r.total, r.owed, r.forced),
            (Raise, 2000, 600, Some(Forced::Declared))
        );
        // The last chip, oversized: still a call, change returned.
        let r = rule(BetInput {
            stack: Some(5000),
            pushed: chips(&[5000]),
            ..facing.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1200, 3800));
        // Not facing a bet: a bet of the chip's full value.
        let r = rule(BetInput {
            pushed: chips(&[5000]),
            ..nl(0, 400)
        });
        assert_eq!((r.outcome, r.total), (BetOutcome::Bet, 5000));
        assert_eq!(r.concepts, vec![c::OVERSIZED_CHIP]);
        // A single chip below the big blind is an underbet, corrected.
        let r = rule(BetInput {
            pushed: chips(&[100]),
            ..nl(0, 400)
        });
        assert_eq!(
            (r.outcome, r.total, r.forced, r.owed),
            (BetOutcome::Bet, 400, Some(Forced::BelowMinimumBet), 300)
        );
        assert!(r.concepts.contains(&c::INCORRECT_BETS));
        // A chip exactly the call is a call; a smaller last chip is all-in.
        let r = rule(BetInput {
            pushed: chips(&[1000]),
            in_front: 200,
            ..facing.clone()
        });
        assert_eq!((r.outcome, r.total), (Call, 1200));
        let r = rule(BetInput {
            stack: Some(500),
            pushed: chips(&[500]),
            ..facing.clone()
        });
        assert_eq!((r.outcome, r.total), (AllIn, 500));
        assert_eq!(
            err_key(BetInput {
                pushed: chips(&[500]),
                ..facing
            }),
            "chips"
        );
    }

    /// A raise open to its player only because two short all-ins together
    /// made a full raise (A bets 100, B all-in 125, D all-in 200: 100 more
    /// in all) cites the rule on re-opening at the words that say they add
    /// up: tda-2015-de 44 does not, and its card says the practice decided.
    #[test]
    fn a_raise_reopened_by_short_all_ins_cites_where_they_add_up() {
        let cumulative = c::REOPENING_BETTING.stating(provision::REOPEN_CUMULATIVE);
        for (actions, cites_it) in [
            ("A:bet:100,B:all-in:125,C:call:125,D:all-in:200", true),
            // One short all-in: betting stays closed; he may only call.
            ("A:bet:100,B:all-in:125,C:call:125", false),
        ] {
            for edition in ["tda-2015-de", "dpc-2019-en"] {
                let told = crate::incidents::situation::Told {
                    actions: Some(crate::poker::parse_actions(actions).expect("actions")),
                    street: Some(crate::poker::Street::Flop),
                    big_blind: Some(50),
                    player: Some("A".into()),
                    stack: Some(5000),
                    ..Default::default()
                };
                let answers = Answers {
                    prior_chips: Some(PriorChips::Left),
                    pulled_back: None,
                    declared: Declared::Raise,
                    declared_amount: Some(400),
                    chips: None,
                    pushed: None,
                    second_motion: None,
                    pot: None,
                };
                let d =
                    crate::incidents::rule_in::<Bet>(edition, WithRound { answers, told }).unwrap();
                assert_eq!(d.outcome == Raise, cites_it, "{edition} {actions}");
                assert_eq!(d.cites.contains(&cumulative), cites_it, "{edition}");
            }
        }
    }

    // A call says chips beyond it are returned only where some were pushed.
    #[test]
    fn only_a_call_with_chips_beyond_it_says_they_are_returned() {
        for (declared, pushed, variant) in [
            (Declared::Call, None, Some("exact")),
            (Declared::Nothing, Some(200), Some("exact")),
            (Declared::Call, Some(500), None),
        ] {
            let told = crate::incidents::situation::Told {
                facing: Some(200),
                big_blind: Some(100),
                ..Default::default()
            };
            let answers = Answers {
                prior_chips: None,
                pulled_back: None,
                declared,
                declared_amount: None,
                chips: None,
                pushed,
                second_motion: None,
                pot: None,
            };
            let d = crate::incidents::rule_in::<Bet>("dpc-2019-en", WithRound { answers, told })
                .unwrap();
            assert_eq!(
                (d.outcome, d.remedy_variant),
                (Call, variant),
                "{declared:?} {pushed:?}"
            );
        }
    }

    // 43-A "unless … the player is all-in": all his chips short of the
    // minimum are an all-in, not a forced raise or a corrected bet.
    #[test]
    fn a_short_all_in_is_not_forced_up() {
        for (facing, pushed, declared) in [
            (200, 350, Declared::Nothing),
            (200, 350, Declared::Raise),
            (0, 60, Declared::Nothing),
            (0, 60, Declared::Bet),
        ] {
            let r = rule(BetInput {
                pushed: Pushed::Amount(pushed),
                stack: Some(pushed),
                declared,
                ..nl(facing, 100)
            });
            assert_eq!((r.outcome, r.total, r.forced), (AllIn, pushed, None));
            assert!(!r.concepts.contains(&c::INCORRECT_BETS), "{r:?}");
        }
    }

    #[test]
    fn fifty_percent_standard_thresholds() {
        // Facing a bet of 1000 (BB 100): min raise to 2000, 50% is 500 more.
        // (pushed, outcome, total, forced)
        let cases = [
            (1000, Call, 1000, None),
            (1499, Call, 1000, None),
            (1500, Raise, 2000, Some(Forced::Standard)),
            (1999, Raise, 2000, Some(Forced::Standard)),
            (2000, Raise, 2000, None),
            (2001, Raise, 2001, None),
        ];
        for (pushed, outcome, total, forced) in cases {
            let r = rule(BetInput {
                pushed: Pushed::Amount(pushed),
                ..nl(1000, 100)
            });
            assert_eq!(
                (r.outcome, r.total, r.forced),
                (outcome, total, forced),
                "{pushed}"
            );
        }
        // An odd full raise rounds the half up: 325 needs 163.
        let r = rule(BetInput {
            pushed: Pushed::Amount(325 + 162),
            ..nl(325, 25)
        });
        assert_eq!(r.outcome, Call);
        let r = rule(BetInput {
            pushed: Pushed::Amount(325 + 163),
            ..nl(325, 25)
        });
        assert_eq!((r.outcome, r.total), (Raise, 650));
        // All-in below 50%: a short all-in raise.
        let r = rule(BetInput {
            stack: Some(1200),
            pushed: Pushed::Amount(1200),
            ..nl(1000, 100)
        });
        assert_eq!((r.outcome, r.total, r.raise_by), (AllIn, 1200, Some(200)));
        // Forced raise beyond the stack: all-in.
        let r = rule(BetInput {
            stack: Some(1800),
            pushed: Pushed::Amount(1600),
            ..nl(1000, 100)
        });
        assert_eq!(
            (r.outcome, r.total, r.forced, r.owed),
            (AllIn, 1800, Some(Forced::Standard), 200)
        );
        // The minimum raise is the last full raise, at least the big blind.
        let r = rule(BetInput {
            last_raise: 0,
            pushed: Pushed::Amount(180),
            ..nl(50, 200)
        });
        assert_eq!((r.outcome, r.total, r.min_raise_to), (Raise, 250, 250));
    }

    #[test]
    fn invalid_declarations_rule_55() {
        // "Call" facing no bet is a check; chips pushed go back.
        let r = rule(BetInput {
            declared: Declared::Call,
            pushed: Pushed::Amount(300),
            ..nl(0, 100)
        });
        assert_eq!((r.outcome, r.total, r.returned), (Check, 0, 300));
        assert_eq!(r.concepts, vec![c::INVALID_DECLARATIONS]);
        // "Raise" facing no bet: at least a minimum bet.
        let r = rule(BetInput {
            declared: Declared::Raise,
            ..nl(0, 100)
        });
        assert_eq!(
            (r.outcome, r.total, r.forced),
            (BetOutcome::Bet, 100, Some(Forced::Declared))
        );
        assert_eq!(r.concepts[0], c::INVALID_DECLARATIONS);
        // "Check" facing a bet: call or fold.
        let r = rule(BetInput {
            declared: Declared::Check,
            ..nl(500, 100)
        });
        assert_eq!((r.outcome, r.total, r.to_call), (CallOrFold, 0, 500));
        // ... and chips reaching the call then are a call, never a raise.
        let r = rule(BetInput {
            declared: Declared::Check,
            pushed: Pushed::Amount(2000),
            ..nl(500, 100)
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 500, 1500));
        // The big blind saying "call" with the option is a check.
        let r = rule(BetInput {
            declared: Declared::Call,
            in_front: 200,
            ..nl(200, 200)
        });
        assert_eq!((r.outcome, r.total), (Check, 200));
    }

    #[test]
    fn declarations_table() {
        // "Call" facing a bet commits to the full call, even with fewer chips.
        let r = rule(BetInput {
            declared: Declared::Call,
            pushed: Pushed::Amount(300),
            ..nl(500, 100)
        });
        assert_eq!((r.outcome, r.total, r.owed), (Call, 500, 200));
        // "Call" short-stacked: all-in.
        let r = rule(BetInput {
            declared: Declared::Call,
            stack: Some(300),
            ..nl(500, 100)
        });
        assert_eq!((r.outcome, r.total, r.to_call), (AllIn, 300, 300));
        // "All-in" needs the stack.
        assert_eq!(
            err_key(BetInput {
                declared: Declared::AllIn,
                ..nl(500, 100)
            }),
            "stack"
        );
        // "Bet" facing a bet is read as a raise.
        let r = rule(BetInput {
            declared: Declared::Bet,
            declared_amount: Some(1500),
            ..nl(500, 100)
        });
        assert_eq!((r.outcome, r.total), (Raise, 1500));
        // "Raise" with nothing pushed or said binds to the minimum.
        let r = rule(BetInput {
            declared: Declared::Raise,
            ..nl(500, 100)
        });
        assert_eq!(
            (r.outcome, r.total, r.forced, r.owed),
            (Raise, 1000, Some(Forced::Declared), 1000)
        );
        // "Pot" in no-limit binds to a valid bet (rule 54-C).
        let r = rule(BetInput {
            declared: Declared::Pot,
            ..nl(0, 100)
        });
        assert_eq!((r.outcome, r.total), (BetOutcome::Bet, 100));
        assert_eq!(r.concepts[0], c::POT_SIZE_POT_LIMIT);
        // tda-2019-sk 54-C binds "pot" to exactly the minimum bet or raise
        // ("navýšiť práve minimálnu čiastku"); the practice to at least it.
        // (bound, facing, pushed) → (outcome, total, returned, owed), big
        // blind 100.
        use PotDeclared::{AtLeastMinimum as AtLeast, ExactlyMinimum as Exactly};
        for (bound, facing, pushed, want) in [
            (AtLeast, 0, 500, (BetOutcome::Bet, 500, 0, 0)),
            (Exactly, 0, 500, (BetOutcome::Bet, 100, 400, 0)),
            (Exactly, 0, 0, (BetOutcome::Bet, 100, 0, 100)),
            (AtLeast, 300, 2000, (Raise, 2000, 0, 0)),
            (Exactly, 300, 2000, (Raise, 600, 1400, 0)),
            (Exactly, 300, 400, (Raise, 600, 0, 200)),
        ] {
            let r = rule(BetInput {
                declared: Declared::Pot,
                pot_declared: bound,
                pushed: if pushed == 0 {
                    Pushed::Nothing
                } else {
                    Pushed::Amount(pushed)
                },
                ..nl(facing, 100)
            });
            assert_eq!(
                (r.outcome, r.total, r.returned, r.owed),
                want,
                "{bound:?} facing {facing} pushed {pushed}"
            );
            assert_eq!(r.concepts[0], c::POT_SIZE_POT_LIMIT);
        }
        // Check when not facing a bet: chips pushed are returned.
        let r = rule(BetInput {
            declared: Declared::Check,
            pushed: Pushed::Amount(100),
            ..nl(0, 100)
        });
        assert_eq!((r.outcome, r.returned), (Check, 100));
        // Big blind option: a silent push of half a raise is forced up.
        let r = rule(BetInput {
            in_front: 200,
            pushed: Pushed::Amount(100),
            ..nl(200, 200)
        });
        assert_eq!(
            (r.outcome, r.total, r.forced),
            (Raise, 400, Some(Forced::Standard))
        );
        let r = rule(BetInput {
            in_front: 200,
            pushed: Pushed::Amount(99),
            ..nl(200, 200)
        });
        assert_eq!((r.outcome, r.total, r.returned), (Check, 200, 99));
    }

    #[test]
    fn prior_chips_rule_46() {
        // Prior 300 left alone, facing 1100 (last raise 700): a single
        // overchip is a call.
        let base = BetInput {
            last_raise: 700,
            in_front: 300,
            prior_chips: PriorChips::Left,
            ..nl(1100, 100)
        };
        let r = rule(BetInput {
            pushed: chips(&[5000]),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1100, 4200));
        assert_eq!(r.concepts, vec![c::PRIOR_BET_CHIPS, c::OVERSIZED_CHIP]);
        // Several new chips: every chip needed, else the 50% standard on the total.
        let r = rule(BetInput {
            pushed: chips(&[500, 500]),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total), (Call, 1100));
        let r = rule(BetInput {
            pushed: chips(&[1000, 1000]),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total), (Raise, 2300));
        // Fully pulled back: the new chips alone count.
        let r = rule(BetInput {
            prior_chips: PriorChips::FullyPulled,
            pushed: chips(&[1000, 500]),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1100, 400));
        // Two 1000s after pulling back: removing one leaves 1000, less than
        // the 1100 call, so every chip is needed.
        let r = rule(BetInput {
            prior_chips: PriorChips::FullyPulled,
            pushed: chips(&[1000, 1000]),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1100, 900));
        let r = rule(BetInput {
            prior_chips: PriorChips::FullyPulled,
            pushed: chips(&[1000, 500, 100]),
            ..base.clone()
        });
        assert_eq!(
            (r.outcome, r.total, r.forced, r.owed),
            (Raise, 1800, Some(Forced::Standard), 200)
        );
        // Partly pulled back, combined below the 50% standard: a call.
        let r = rule(BetInput {
            prior_chips: PriorChips::PartlyPulled,
            pulled_back: Some(100),
            pushed: chips(&[1000]),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1100, 100));
        // Invariant with pulled-back chips.
        assert_eq!(r.returned + r.total + 100, 300 + 1000 + r.owed);
        // Contradictions.
        assert_eq!(
            err_key(BetInput {
                prior_chips: PriorChips::PartlyPulled,
                ..base.clone()
            }),
            "pulled_back"
        );
        assert_eq!(
            err_key(BetInput {
                prior_chips: PriorChips::PartlyPulled,
                pulled_back: Some(300),
                ..base.clone()
            }),
            "pulled_back"
        );
        assert_eq!(
            err_key(BetInput {
                prior_chips: PriorChips::Left,
                pulled_back: Some(10),
                ..base.clone()
            }),
            "pulled_back"
        );
        assert_eq!(
            err_key(BetInput {
                prior_chips: PriorChips::FullyPulled,
                pulled_back: Some(10),
                ..base.clone()
            }),
            "pulled_back"
        );
        assert_eq!(
            err_key(BetInput {
                prior_chips: PriorChips::Left,
                in_front: 0,
                ..base.clone()
            }),
            "prior_chips"
        );
        assert_eq!(
            err_key(BetInput {
                prior_chips: PriorChips::PartlyPulled,
                pulled_back: Some(50),
                in_front: 0,
                ..base
            }),
            "prior_chips"
        );
    }

    #[test]
    fn pot_limit_pot_and_cap() {
        // Post-flop pot 900 including a 300 bet faced: the maximum is 1500.
        let base = BetInput {
            pot: Some(900),
            ..BetInput::new(Game::PotLimit, 300, 100)
        };
        let r = rule(BetInput {
            declared: Declared::Pot,
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total), (Raise, 1500));
        // Chips beyond the maximum are returned.
        let r = rule(BetInput {
            pushed: Pushed::Amount(2500),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Raise, 1500, 1000));
        assert!(r.concepts.contains(&c::POT_SIZE_POT_LIMIT));
        // An all-in larger than the pot is capped, and is no longer all-in.
        let r = rule(BetInput {
            declared: Declared::AllIn,
            stack: Some(10_000),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total), (Raise, 1500));
        // A call needs no pot.
        let r = rule(BetInput {
            declared: Declared::Call,
            ..BetInput::new(Game::PotLimit, 300, 100)
        });
        assert_eq!((r.outcome, r.total), (Call, 300));
        assert_eq!(
            err_key(BetInput {
                declared: Declared::Pot,
                ..BetInput::new(Game::PotLimit, 300, 100)
            }),
            "pot"
        );
    }

    #[test]
    fn limit_fixed_bets() {
        // Limit 100/200 on the turn: the bet is 200 (the street's unit; the
        // last raise does not size a limit raise).
        let turn = |facing| BetInput {
            unit: 200,
            last_raise: 100,
            ..BetInput::new(Game::Limit, facing, 100)
        };
        // (facing, pushed, outcome, total, returned, owed)
        let cases = [
            (0, 50, BetOutcome::Bet, 200, 0, 150),
            (0, 500, BetOutcome::Bet, 200, 300, 0),
            (200, 200, Call, 200, 0, 0),
            (200, 299, Call, 200, 99, 0),
            (200, 300, Raise, 400, 0, 100),
            (200, 1000, Raise, 400, 600, 0),
        ];
        for (facing, pushed, outcome, total, returned, owed) in cases {
            let r = rule(BetInput {
                pushed: Pushed::Amount(pushed),
                ..turn(facing)
            });
            assert_eq!(
                (r.outcome, r.total, r.returned, r.owed),
                (outcome, total, returned, owed),
                "{facing}/{pushed}"
            );
            assert_eq!(r.min_raise_to, if facing == 0 { 200 } else { facing + 200 });
        }
        // A declared raise is one bet, whatever the amount said.
        let r = rule(BetInput {
            declared: Declared::Raise,
            declared_amount: Some(5000),
            ..turn(200)
        });
        assert_eq!((r.outcome, r.total), (Raise, 400));
        // All-in with a big stack is one raise; with a short one, all-in.
        let r = rule(BetInput {
            declared: Declared::AllIn,
            stack: Some(5000),
            ..turn(200)
        });
        assert_eq!((r.outcome, r.total), (Raise, 400));
        let r = rule(BetInput {
            declared: Declared::AllIn,
            stack: Some(250),
            ..turn(200)
        });
        assert_eq!((r.outcome, r.total), (AllIn, 250));
        // The last chips below half a bet more: all-in (rule 45-B-2).
        let r = rule(BetInput {
            stack: Some(250),
            pushed: chips(&[100, 100, 50]),
            ..turn(200)
        });
        assert_eq!((r.outcome, r.total), (AllIn, 250));
    }

    #[test]
    fn raising_methods_decide_the_second_motion() {
        // "Raise", then exactly the 1000 call, then 600 more in one motion.
        let base = BetInput {
            declared: Declared::Raise,
            pushed: Pushed::Amount(1000),
            second_motion: Pushed::Amount(600),
            ..nl(1000, 100)
        };
        // tda-2015-de rule 42-C: less than a minimum raise is a minimum raise.
        let de = rule_with(base.clone(), &RaiseMethods::tda_2015());
        assert_eq!(
            (de.outcome, de.total, de.forced),
            (Raise, 2000, Some(Forced::Declared))
        );
        assert_eq!(de.owed, 400);
        let de = rule_with(
            BetInput {
                second_motion: Pushed::Amount(1500),
                ..base.clone()
            },
            &RaiseMethods::tda_2015(),
        );
        assert_eq!((de.outcome, de.total, de.forced), (Raise, 2500, None));
        // TDA 2019: the second motion is a string raise; "raise" binds to the minimum.
        let r = rule(BetInput {
            second_motion: Pushed::Amount(1500),
            ..base.clone()
        });
        assert_eq!((r.outcome, r.total, r.returned), (Raise, 2000, 500));
        assert!(r.concepts.contains(&c::STRING_BETS));
        // Not the exact call in the first motion: method C does not apply.
        let de = rule_with(
            BetInput {
                pushed: Pushed::Amount(1200),
                second_motion: Pushed::Amount(1500),
                ..base.clone()
            },
            &RaiseMethods::tda_2015(),
        );
        assert_eq!((de.outcome, de.total, de.returned), (Raise, 2000, 700));
        // A silent second motion is a string bet: only the first counts.
        let r = rule(BetInput {
            declared: Declared::Nothing,
            ..base
        });
        assert_eq!((r.outcome, r.total, r.returned), (Call, 1000, 600));
        assert_eq!(r.concepts.last(), Some(&c::STRING_BETS));
        // Without the one-motion method silent chips cannot raise.
        let r = rule_with(
            BetInput {
                pushed: Pushed::Amount(3000),
                ..nl(1000, 100)
            },
            &RaiseMethods(vec![RaiseMethod::VerbalAmount]),
        );
        assert_eq!((r.outcome, r.total), (Call, 1000));
        // Without the verbal-amount method a said amount does not define the raise.
        let r = rule_with(
            BetInput {
                declared: Declared::Raise,
                declared_amount: Some(3000),
                pushed: Pushed::Amount(2500),
                ..nl(1000, 100)
            },
            &RaiseMethods(vec![RaiseMethod::OneMotion]),
        );
        assert_eq!((r.outcome, r.total), (Raise, 2500));
    }

    #[test]
    fn contradictory_inputs_name_the_key() {
        assert_eq!(
            err_key(BetInput {
                big_blind: 0,
                ..nl(0, 100)
            }),
            "big_blind"
        );
        assert_eq!(
            err_key(BetInput {
                in_front: 600,
                ..nl(500, 100)
            }),
            "in_front"
        );
        assert_eq!(
            err_key(BetInput {
                in_front: 100,
                ..nl(0, 100)
            }),
            "in_front"
        );
        assert_eq!(
            err_key(BetInput {
                last_raise: 600,
                ..nl(500, 100)
            }),
            "last_raise"
        );
        assert_eq!(
            err_key(BetInput {
                stack: Some(0),
                ..nl(500, 100)
            }),
            "stack"
        );
        assert_eq!(
            err_key(BetInput {
                declared_amount: Some(0),
                ..nl(500, 100)
            }),
            "declared_amount"
        );
        assert_eq!(
            err_key(BetInput {
                stack: Some(1000),
                pushed: Pushed::Amount(1001),
                ..nl(500, 100)
            }),
            "pushed"
        );
        assert_eq!(
            err_key(BetInput {
                stack: Some(1000),
                pushed: chips(&[1000, 25]),
                ..nl(500, 100)
            }),
            "chips"
        );
        assert_eq!(
            err_key(BetInput {
                pushed: chips(&[0, 5]),
                ..nl(500, 100)
            }),
            "chips"
        );
        assert_eq!(err_key(nl(500, 100)), "pushed");
        assert_eq!(
            err_key(BetInput {
                pushed: Pushed::Amount(300),
                ..nl(500, 100)
            }),
            "pushed"
        );
        assert_eq!(
            err_key(BetInput {
                pushed: chips(&[100, 100]),
                ..nl(500, 100)
            }),
            "chips"
        );
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        let r = rule_bet(
            &BetInput {
                pushed: Pushed::Amount(u64::MAX),
                ..nl(u64::MAX, 100)
            },
            &RaiseMethods::tda_2019(),
        );
        assert!(r.is_err());
        let r = rule_bet(
            &BetInput {
                pushed: chips(&[u64::MAX, 1]),
                ..nl(500, 100)
            },
            &RaiseMethods::tda_2019(),
        );
        assert_eq!(r.unwrap_err().input_key(), Some("chips"));
        let r = rule_bet(
            &BetInput {
                in_front: 10,
                stack: Some(u64::MAX),
                ..nl(500, 100)
            },
            &RaiseMethods::tda_2019(),
        );
        assert_eq!(r.unwrap_err().input_key(), Some("stack"));
        // Large but representable amounts work.
        let r = rule(BetInput {
            pushed: Pushed::Amount(u64::MAX / 2),
            ..nl(u64::MAX / 4, 100)
        });
        assert_eq!((r.outcome, r.total), (Raise, u64::MAX / 2));
    }

    fn min_raise_to(game: Game, facing: Chips, last: Chips, bb: Chips) -> Chips {
        Spot {
            full_raise: last,
            ..Spot::new(game, bb, facing)
        }
        .min_raise_to()
        .unwrap()
    }

    #[test]
    fn the_bet_uses_the_spots_minimum_raise() {
        assert_eq!(min_raise_to(Game::NoLimit, 0, 0, 200), 200);
        assert_eq!(min_raise_to(Game::NoLimit, 300, 200, 100), 500);
        // Limit: the street's fixed bet, whatever the last raise.
        assert_eq!(min_raise_to(Game::Limit, 0, 200, 100), 100);
        let big_bet = Spot {
            unit: 200,
            ..Spot::new(Game::Limit, 100, 200)
        };
        assert_eq!(big_bet.min_raise_to().unwrap(), 400);
        let r = rule(BetInput {
            last_raise: 200,
            declared: Declared::Call,
            ..nl(300, 100)
        });
        assert_eq!(r.min_raise_to, min_raise_to(Game::NoLimit, 300, 200, 100));
    }

    #[test]
    fn the_raise_standard_is_the_editions() {
        // 1000 faced (a full bet of 1000): 1400 in all is a raise of 400.
        let forty = BetInput {
            pushed: Pushed::Amount(1400),
            ..nl(1000, 100)
        };
        assert_eq!(rule(forty.clone()).outcome, Call);
        // A house with a 40% standard forces the minimum raise.
        let r = rule(BetInput {
            standard_percent: 40,
            ..forty
        });
        assert_eq!(
            (r.outcome, r.total, r.forced),
            (Raise, 2000, Some(Forced::Standard))
        );
    }

    #[test]
    fn parameters_deserialize_from_the_rulebook_values() {
        let m: RaiseMethods = crate::yaml::from_str(
            "[one-motion, verbal-amount, declare-call-then-raise]",
            "test",
        )
        .unwrap();
        assert_eq!(m, RaiseMethods::tda_2015());
        let p: PriorChips = crate::yaml::from_str("partly-pulled", "test").unwrap();
        assert_eq!(p, PriorChips::PartlyPulled);
        let d: Declared = crate::yaml::from_str("all-in", "test").unwrap();
        assert_eq!(d, Declared::AllIn);
        let o = serde_json::to_string(&CallOrFold).unwrap();
        assert_eq!(o, "\"call-or-fold\"");
    }

    fn any_game() -> impl Strategy<Value = Game> {
        prop_oneof![Just(Game::NoLimit), Just(Game::PotLimit), Just(Game::Limit)]
    }

    fn any_declared() -> impl Strategy<Value = Declared> {
        prop_oneof![
            Just(Declared::Nothing),
            Just(Declared::Check),
            Just(Declared::Call),
            Just(Declared::Bet),
            Just(Declared::Raise),
            Just(Declared::AllIn),
            Just(Declared::Pot),
        ]
    }

    prop_compose! {
        fn any_bet()(
            game in any_game(),
            bb in 1u64..1000,
            facing_bbs in 0u64..40,
            odd in 0u64..100,
            last_frac in 0u64..=100,
            front_frac in 0u64..=100,
            stack in proptest::option::of(1u64..200_000),
            declared in any_declared(),
            amount in proptest::option::of(1u64..100_000),
            denoms in proptest::collection::vec(prop_oneof![Just(25u64), Just(100), Just(500), Just(1000), Just(5000), Just(25_000)], 0..5),
            plain in proptest::option::of(0u64..100_000),
            pot_extra in 0u64..100_000,
            prior in 0u8..4,
            pull_frac in 1u64..100,
            second in proptest::option::of(1u64..5_000),
            house in proptest::option::of(1u32..4),
            pot_exactly in proptest::bool::ANY,
        ) -> BetInput {
            let facing = if facing_bbs == 0 { 0 } else { facing_bbs * bb + odd };
            let in_front = facing * front_frac / 100;
            let last_raise = if facing == 0 { bb } else { (facing * last_frac / 100).max(1) };
            let pushed = match plain {
                Some(a) => Pushed::Amount(a),
                None if denoms.is_empty() => Pushed::Nothing,
                None => Pushed::Chips(denoms),
            };
            let second_motion = second.map_or(Pushed::Nothing, Pushed::Amount);
            let p = pushed_total(&pushed) + pushed_total(&second_motion);
            let (prior_chips, pulled_back) = match prior {
                _ if in_front == 0 => (PriorChips::None, None),
                0 => (PriorChips::None, None),
                1 => (PriorChips::Left, None),
                2 if in_front >= 2 => (PriorChips::PartlyPulled, Some((in_front * pull_frac / 100).clamp(1, in_front - 1))),
                _ => (PriorChips::FullyPulled, None),
            };
            let stack = stack.map(|s| s.max(p));
            let contained = if in_front < facing { facing + in_front } else { facing };
            BetInput {
                game, facing, last_raise, big_blind: bb, unit: bb, in_front,
                prior_chips, pulled_back, stack,
                declared, declared_amount: amount.filter(|_| declared != Declared::Check), pushed,
                pot_declared: if pot_exactly { PotDeclared::ExactlyMinimum } else { PotDeclared::AtLeastMinimum },
                second_motion,
                pot: Some(contained + bb + pot_extra),
                standard_percent: 50,
                may_raise: true,
                capped: false,
                level: None,
                house: house.map(|multiple| HouseMinimum { multiple }),
            }
        }
    }

    fn pushed_total(p: &Pushed) -> Chips {
        match p {
            Pushed::Nothing => 0,
            Pushed::Amount(a) => *a,
            Pushed::Chips(v) => v.iter().sum(),
        }
    }

    proptest! {
        #[test]
        fn bet_invariants(input in any_bet()) {
            let Ok(r) = rule_bet(&input, &RaiseMethods::tda_2019()) else { return Ok(()); };
            let pushed = pushed_total(&input.pushed) + pushed_total(&input.second_motion);
            let pulled = match input.prior_chips {
                PriorChips::FullyPulled => input.in_front,
                _ => input.pulled_back.unwrap_or(0),
            };
            // Never more than in_front + stack.
            if let Some(s) = input.stack {
                prop_assert!(r.total <= input.in_front + s);
            }
            // A forced or declared raise is never below the legal minimum unless all-in.
            let declared_aggression = matches!(input.declared, Declared::Bet | Declared::Raise | Declared::Pot);
            if (r.forced.is_some() || declared_aggression) && matches!(r.outcome, Raise | BetOutcome::Bet) {
                prop_assert!(r.total >= r.min_raise_to, "{r:?}");
            }
            if r.forced.is_some() {
                prop_assert!(r.total >= r.min_raise_to || r.outcome == AllIn, "{r:?}");
            }
            // The cause the card names is the one that applied: a declared
            // bet or raise, the 50% standard against a bet, a short bet
            // facing none.
            // All his chips pushed, short of the minimum: an all-in, never
            // forced.
            if r.outcome == AllIn && r.total < r.min_raise_to && r.owed == 0 {
                prop_assert!(r.forced.is_none(), "{r:?}");
            }
            match r.forced {
                Some(Forced::Declared) => prop_assert!(declared_aggression, "{r:?}"),
                Some(Forced::Standard) => {
                    prop_assert!(!declared_aggression && input.facing > 0, "{r:?}")
                }
                Some(Forced::BelowMinimumBet) => {
                    prop_assert!(!declared_aggression && input.facing == 0, "{r:?}")
                }
                Some(Forced::PotExactly) => prop_assert!(
                    input.declared == Declared::Pot
                        && input.pot_declared == PotDeclared::ExactlyMinimum
                        && input.game != Game::PotLimit,
                    "{r:?}"
                ),
                None => {}
            }
            // "Pot" bound to exactly the minimum: a bet or raise of exactly
            // the minimum, whatever was pushed.
            if input.declared == Declared::Pot
                && input.pot_declared == PotDeclared::ExactlyMinimum
                && input.game != Game::PotLimit
                && matches!(r.outcome, Raise | BetOutcome::Bet)
            {
                prop_assert_eq!(r.total, r.min_raise_to, "{:?}", r);
            }
            // Total at least the bet faced, except check, all-in and call-or-fold.
            if !matches!(r.outcome, Check | AllIn | CallOrFold) {
                prop_assert!(r.total >= input.facing, "{r:?}");
            }
            // Chips are conserved (pulled-back chips go back to the stack).
            prop_assert_eq!(r.returned + r.total + pulled, input.in_front + pushed + r.owed);
            prop_assert!(r.returned == 0 || r.owed == 0);
            if r.owed == 0 && pushed > 0 && pulled == 0 {
                prop_assert_eq!(r.returned + r.total, input.in_front + pushed);
            }
            // Outcome and amounts agree.
            match r.outcome {
                Raise => prop_assert!(r.total > input.facing && input.facing > 0),
                BetOutcome::Bet => prop_assert!(r.total > 0 && input.facing == 0),
                Call => prop_assert_eq!(r.total, input.facing),
                Check => prop_assert_eq!(r.total, input.facing),
                AllIn => prop_assert_eq!(Some(r.total), input.stack.map(|s| s + input.in_front)),
                CallOrFold => prop_assert!(r.total < input.facing),
            }
            prop_assert_eq!(r.raise_by.is_some(), input.facing > 0 && r.total > input.facing);
            // A house minimum raises TDA 43's, never lowers it: the larger
            // of the two, in no-limit and pot-limit against a bet.
            let tda = BetInput { house: None, ..input.clone() }.spot().min_raise_to().unwrap();
            match input.house {
                Some(h) if input.game != Game::Limit && input.facing > 0 => {
                    prop_assert_eq!(r.min_raise_to, tda.max(input.facing * u64::from(h.multiple)));
                }
                _ => prop_assert_eq!(r.min_raise_to, tda),
            }
            if input.game == Game::PotLimit && r.total > input.facing {
                let cap = input.spot().pot_limit_max().unwrap();
                prop_assert!(r.total <= cap);
            }
        }

        #[test]
        fn min_raise_to_is_monotone(
            game in any_game(),
            bb in 1u64..1000,
            facing in 0u64..1_000_000,
            more in 0u64..1_000_000,
            last in 0u64..1_000_000,
            last_more in 0u64..1_000_000,
        ) {
            let a = min_raise_to(game, facing, last, bb);
            prop_assert!(min_raise_to(game, facing + more, last, bb) >= a);
            prop_assert!(min_raise_to(game, facing, last + last_more, bb) >= a);
            prop_assert!(a >= bb);
        }
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [
            BetOutcome::Check,
            BetOutcome::Call,
            BetOutcome::Bet,
            BetOutcome::Raise,
            BetOutcome::AllIn,
            BetOutcome::CallOrFold,
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
            ["check", "call", "bet", "raise", "all-in", "call-or-fold"]
        );
    }
}
