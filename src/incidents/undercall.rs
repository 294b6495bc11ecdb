//! Undercalls: a player puts out less than the call without first saying
//! "call" (incident `undercall`). The full call is mandatory only for an
//! undercall in turn (dpc-2019-en, tda-2015-de and ONK's title say so;
//! pokerpunt-nl and tda-2019-sk, silent, are read as TDA practice).
//!
//! Owns the decision of TDA 2019 rule 51-B (TDA 2015 rule 39-B, Pokerpunt
//! rule 42-B, ONK rule 51-B). Whether the bet faced is the round's opening
//! bet follows the edition: pre-flop it is the posted big blind in most, the
//! first raise in tda-2019-sk (parameter `undercall_preflop_opener`).
//!
//! Where the full call is not required, the floor may let the player fold;
//! what becomes of the chips he put out is the edition's (provision
//! `undercall-forfeit-fold`, term `then`): he forfeits them in onk-2023-nl
//! ("de under call te verliezen en te folden") and dpc-2019-en ("forfeit the
//! amount of the intended undercall and fold"); he takes the incomplete call
//! back in tda-2015-de ("den unvollständigen Call zurücknehmen kann und
//! foldet"), forfeiting nothing; tda-2019-sk has the undercall made, then
//! the fold ("musia urobiť undercall a môžu zahodiť"): forfeited;
//! pokerpunt-nl ("van een undercall een fold maken") says nothing of the
//! chips, and the card says that the forfeit is the TDA practice.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::{Action, ActionKind, Chips, Game, PreflopOpener, Round, Setup, Street, add};
use crate::rules::concepts::{self as c, ConceptId};

use super::situation::{Needs, Situation, WithRound};

/// The `undercall` incident.
pub struct Undercall;

/// Which bet the player faced, as the floor sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BetFaced {
    /// Pre-flop, the posted big blind.
    BigBlind,
    /// Pre-flop, the first raise after the blinds.
    FirstRaise,
    /// After the flop, the first bet of the round.
    FirstBet,
    /// A later raise.
    LaterRaise,
}

/// The answers of `undercall` of its own (SPEC section 5; `bet_faced` is
/// the question the walkthrough asks, `opening_bet` the contract's direct
/// answer); the round is told by the keys every betting incident shares
/// ([`Told`](super::situation::Told)).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// Only two players are in the hand.
    pub heads_up: bool,
    /// The bet faced is the round's opening bet.
    pub opening_bet: Option<bool>,
    /// Which bet the player faced.
    pub bet_faced: Option<BetFaced>,
    /// The chips put out.
    pub pushed: Chips,
    /// Made in turn (51-B "if made in turn"; an edition that does not name
    /// the turn is read as TDA practice).
    pub in_turn: Option<bool>,
}

impl Incident for Undercall {
    const ID: &'static str = "undercall";
    type Answers = WithRound<Answers>;
    type Outcome = UndercallOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &["undercall-forfeit-fold", "undercall-in-turn"];
    // pokerpunt-nl and tda-2019-sk do not name the turn.
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &["undercall-in-turn"];

    fn rule(given: WithRound<Answers>, cx: &mut Cx<'_>) -> Result<Decision<Undercall>, Error> {
        let WithRound { answers: a, told } = given;
        let needs = Needs {
            game: Some(Game::NoLimit),
            heads_up: a.heads_up,
            ..Needs::default()
        };
        let situation = Situation::read(&told, needs, cx)?;
        let opening_bet = match (&situation.round, a.heads_up, a.opening_bet, a.bet_faced) {
            (_, true, _, _) => false,
            (Some(round), false, _, _) => {
                let opener = if round.setup().street.is_preflop() {
                    cx.params.undercall_preflop_opener()
                } else {
                    PreflopOpener::BigBlind
                };
                round.facing_opening_bet(opener)
            }
            (None, false, Some(given), _) => given,
            (None, false, None, Some(faced)) => {
                let round = faced.round()?;
                // Only a pre-flop bet needs the edition's opener.
                let opener = if round.setup().street.is_preflop() {
                    cx.params.undercall_preflop_opener()
                } else {
                    PreflopOpener::BigBlind
                };
                round.facing_opening_bet(opener)
            }
            (None, false, None, None) => {
                return Err(Error::input(
                    "bet_faced",
                    Message::new(Msg::UndercallWhichBet),
                ));
            }
        };
        // 51-B "if made in turn": the actions tell it when they show
        // another player was to act; otherwise the answer does.
        let next = match (&situation.round, &situation.player) {
            (Some(round), Some(player)) => round.to_act_before(player).map(str::to_string),
            _ => None,
        };
        if let Some(next) = &next {
            // The actions decide: a "yes" typed against them is refused, a
            // default is not the card's to call assumed.
            if a.in_turn == Some(true) && !cx.defaulted("in_turn") {
                return Err(Error::input(
                    "in_turn",
                    Message::new(Msg::UndercallNotInTurn).arg("next", next),
                ));
            }
            cx.unused("in_turn");
        }
        let in_turn = next.is_none() && a.in_turn.unwrap_or(true);
        // More pushed than he had behind: the chips or the stack are wrong,
        // and no reading of the call can tell which.
        if let Some(stack) = situation.spot.stack
            && a.pushed > stack
        {
            return Err(Error::input(
                "pushed",
                Message::new(Msg::BetOverStack)
                    .arg("pushed", a.pushed)
                    .arg("available", stack),
            ));
        }
        // The full call is all his chips when they do not cover the bet
        // (the stacks tell it).
        let mut d = decide(
            a.heads_up,
            opening_bet,
            situation.spot.to_call(),
            a.pushed,
            situation.spot.in_front,
            in_turn,
        )?;
        if !in_turn {
            // Shown by the actions: said first, then as told in numbers.
            if let Some(next) = next {
                d.notes.push(Note::OutOfTurnShown { next });
            }
            // pokerpunt-nl and tda-2019-sk do not name the turn: their
            // silence is read as TDA practice, and said instead of what
            // their rule would then not say.
            d.notes.push(
                match cx.stated_or_practice("undercall-in-turn")?.is_none() {
                    true => Note::InTurnAsPractice,
                    false => Note::OutOfTurn,
                },
            );
        }
        d.extra.player = situation.player;
        if d.outcome == UndercallOutcome::Discretion {
            let chips = FoldChips::of(cx)?;
            d.amounts.forfeit = d.amounts.forfeit.map(|pushed| chips.forfeit(pushed));
            d.remedy_variant = chips.variant();
            if chips == FoldChips::AsPractice {
                d.notes.push(Note::ForfeitAsPractice);
            }
        }
        Ok(d)
    }
}

/// What becomes of the chips put out when the floor lets an undercaller
/// fold, as the edition states it (provision `undercall-forfeit-fold`,
/// term `then`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldChips {
    /// He forfeits them.
    Forfeited,
    /// He takes the incomplete call back: nothing is forfeited.
    TakenBack,
    /// The edition does not say: forfeited, as in TDA practice (the card
    /// says so).
    AsPractice,
}

impl FoldChips {
    /// As the edition of `cx` states it; an edition without a provisions
    /// record as TDA practice states it, said on the card.
    pub fn of(cx: &Cx<'_>) -> Result<FoldChips, Error> {
        let then = cx
            .stated_or_practice("undercall-forfeit-fold")?
            .and_then(|t| t.then.as_deref());
        Ok(match then {
            Some("forfeit-and-fold") => FoldChips::Forfeited,
            Some("withdraw-and-fold") => FoldChips::TakenBack,
            _ => FoldChips::AsPractice,
        })
    }

    /// The chips forfeited of the `pushed` put out.
    pub fn forfeit(self, pushed: Chips) -> Chips {
        match self {
            FoldChips::TakenBack => 0,
            FoldChips::Forfeited | FoldChips::AsPractice => pushed,
        }
    }

    /// The remedy variant that names it (`None`: the forfeit).
    pub fn variant(self) -> Option<&'static str> {
        (self == FoldChips::TakenBack).then_some("withdraw")
    }
}

crate::notes! {
    /// The notes of `undercall`.
    pub enum Note {
        /// The edition says nothing of the chips put out when the player is
        /// let fold: the forfeit is the TDA practice.
        ForfeitAsPractice = "undercall_forfeit_practice",
        /// Out of turn: the full call is mandatory only in turn.
        OutOfTurn = "undercall_out_of_turn",
        /// The actions show `next` was to act: out of turn.
        OutOfTurnShown { next: String } = "undercall_out_of_turn_shown",
        /// The edition does not name the turn: TDA practice.
        InTurnAsPractice = "undercall_in_turn_practice",
    }
}

/// The amounts of `undercall` (and of `undercall-sequence`, for the first
/// undercaller).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The full call: the player's total.
    pub total: Chips,
    /// What he adds to make it.
    pub to_add: Chips,
    /// The TD's: the chips he forfeits if he folds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Chips>,
}

/// What the JSON of `undercall` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Multi-way: the bet faced is the round's opening bet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening_bet: Option<bool>,
    /// The player, told as played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

fn decide(
    heads_up: bool,
    opening_bet: bool,
    facing: Chips,
    pushed: Chips,
    in_front: Chips,
    in_turn: bool,
) -> Result<Decision<Undercall>, Error> {
    let r = undercall(&UndercallInput {
        heads_up,
        opening_bet,
        facing,
        pushed,
        in_front,
        in_turn,
    })?;
    let mut d = Decision::<Undercall>::new(r.outcome, r.concepts);
    d.amounts = Amounts {
        total: r.total,
        to_add: r.to_add,
        forfeit: r.forfeit,
    };
    if !heads_up {
        // Whether the bet faced opened the round, as the edition reads it.
        d.extra.opening_bet = Some(opening_bet);
    }
    d.discretion = Some(r.discretion);
    Ok(d)
}

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

impl BetFaced {
    /// The round as the floor named the bet faced: the big blind alone
    /// pre-flop, one raise pre-flop, one bet after the flop, a bet and a
    /// raise. Whether it is the opening bet is then the round's to say
    /// ([`Round::facing_opening_bet`]); the sizes do not matter.
    pub fn round(self) -> Result<Round, Error> {
        let act = |player: &str, kind, total| Action {
            player: Some(player.to_string()),
            kind,
            total: Some(total),
        };
        let (street, actions) = match self {
            BetFaced::BigBlind => (Street::Preflop, vec![]),
            BetFaced::FirstRaise => (Street::Preflop, vec![act("A", ActionKind::Raise, 2)]),
            BetFaced::FirstBet => (Street::Postflop, vec![act("A", ActionKind::Bet, 1)]),
            BetFaced::LaterRaise => (
                Street::Postflop,
                vec![act("A", ActionKind::Bet, 1), act("B", ActionKind::Raise, 2)],
            ),
        };
        Round::replay(Setup::new(Game::NoLimit, street, 1), &actions)
            .map_err(|(key, m)| Error::input(key, m))
    }
}

/// The answers of the `undercall` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndercallInput {
    /// Only two players are in the hand.
    pub heads_up: bool,
    /// The bet faced is the round's opening bet (see
    /// [`Round::facing_opening_bet`]).
    pub opening_bet: bool,
    /// The total bet the player faces this round.
    pub facing: Chips,
    /// The chips the player put out (or the amount he declared) in this
    /// action.
    pub pushed: Chips,
    /// The player's own chips already in front this round.
    pub in_front: Chips,
    /// Made in turn. Out of turn the TD decides (51-B "if made in turn").
    pub in_turn: bool,
}

crate::outcomes! {
    /// The outcome ids of the `undercall` incident.
    #[derive(serde::Deserialize)]
    pub enum UndercallOutcome {
        /// The player must make the full call.
        FullCall => [BINDING_DECLARATIONS_UNDERCALLS],
        /// The TD decides: the player may forfeit the chips put out and fold,
        /// or be required to make the full call.
        Discretion => [BINDING_DECLARATIONS_UNDERCALLS, FLOOR_DECISIONS, ACTION_OUT_OF_TURN],
    }
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
    pub concepts: Vec<ConceptId>,
}

/// Rules on an undercall (rule 51-B in TDA 2019 numbering and ONK, 39-B in
/// the German TDA 2015, 42-B in Pokerpunt; concept
/// `binding-declarations-undercalls`).
///
/// An undercall in turn is a mandatory full call when the player faces any
/// bet heads-up, or the opening bet of the round multi-way. Otherwise (and
/// out of turn, `in_turn` false) the TD decides whether the player forfeits
/// the chips put out and folds, or must call in full. Which bet is the pre-flop opening bet differs by edition
/// ([`Round::facing_opening_bet`]).
///
/// Errors: `in_front` when there is nothing to call, `pushed` when nothing
/// was put out or the chips reach the call (then it is a call, see the `bet`
/// incident).
///
/// ```
/// use floor::incidents::undercall::{UndercallInput, UndercallOutcome, undercall};
///
/// // Multi-way, facing a raise to 1200, a player silently puts out 500.
/// let r = undercall(&UndercallInput {
///     heads_up: false,
///     opening_bet: false,
///     facing: 1200,
///     pushed: 500,
///     in_front: 0,
///     in_turn: true,
/// })
/// .unwrap();
/// assert_eq!(r.outcome, UndercallOutcome::Discretion);
/// assert_eq!((r.total, r.forfeit), (1200, Some(500)));
/// ```
pub fn undercall(input: &UndercallInput) -> Result<UndercallRuling, Error> {
    let UndercallInput {
        heads_up,
        opening_bet,
        facing,
        pushed,
        in_front,
        in_turn,
    } = *input;
    if in_front >= facing {
        return Err(Error::input(
            "in_front",
            Message::new(Msg::UndercallNothingToCall)
                .arg("in_front", in_front)
                .arg("facing", facing),
        ));
    }
    if pushed == 0 {
        return Err(Error::input("pushed", Message::new(Msg::UndercallNoChips)));
    }
    let now = add(in_front, pushed, "pushed").map_err(|m| Error::input("pushed", m))?;
    let to_add = facing.checked_sub(now).filter(|a| *a > 0).ok_or_else(|| {
        Error::input(
            "pushed",
            Message::new(Msg::UndercallIsACall)
                .arg("pushed", pushed)
                .arg("in_front", in_front)
                .arg("facing", facing),
        )
    })?;
    let full = in_turn && (heads_up || opening_bet);
    let mut concepts = vec![c::BINDING_DECLARATIONS_UNDERCALLS];
    if !in_turn {
        concepts.push(c::ACTION_OUT_OF_TURN);
    }
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
        concepts,
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
            in_turn: true,
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
            assert_eq!(r.concepts, vec![c::BINDING_DECLARATIONS_UNDERCALLS]);
        }
    }

    #[test]
    fn opening_bet_by_edition() {
        use UndercallPreflopOpener::*;
        let opening = |faced: BetFaced, opener| faced.round().unwrap().facing_opening_bet(opener);
        // Post-flop the first chip bet is the opener in every edition.
        for opener in [BigBlind, FirstRaise] {
            assert!(opening(BetFaced::FirstBet, opener));
            assert!(!opening(BetFaced::LaterRaise, opener));
        }
        assert!(opening(BetFaced::BigBlind, BigBlind));
        assert!(!opening(BetFaced::FirstRaise, BigBlind));
        assert!(!opening(BetFaced::BigBlind, FirstRaise));
        assert!(opening(BetFaced::FirstRaise, FirstRaise));
    }

    #[test]
    fn contradictory_inputs_name_the_key() {
        let key = |facing, pushed, in_front| match undercall(&UndercallInput {
            heads_up: false,
            opening_bet: false,
            facing,
            pushed,
            in_front,
            in_turn: true,
        }) {
            Err(e) => e.input_key().expect("an input at fault"),
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
                in_turn: true,
            })
            .unwrap_err()
            .input_key(),
            Some("pushed")
        );
    }

    fn ruled(edition: &str, answers: WithRound<Answers>) -> (UndercallOutcome, bool) {
        let d = crate::incidents::rule_in::<Undercall>(edition, answers).unwrap();
        (d.outcome, d.discretion == Some(true))
    }

    /// The chips forfeited when the TD lets the player fold, and whether
    /// the card says the forfeit is the TDA practice, per edition in the
    /// order of EDITIONS: onk-2023-nl "de under call te verliezen en te
    /// folden"; pokerpunt-nl "van een undercall een fold maken" (nothing of
    /// the chips); tda-2015-de "den unvollständigen Call zurücknehmen kann
    /// und foldet"; tda-2019-sk "musia urobiť undercall a môžu zahodiť"
    /// (the undercall is made, then the fold); dpc-2019-en "forfeit the amount of the intended undercall and fold".
    #[test]
    fn the_chips_of_a_player_let_fold_per_edition() {
        let want = [
            (Some(100), false, None),
            (Some(100), true, None),
            (Some(0), false, Some("withdraw")),
            (Some(100), false, None),
            (Some(100), false, None),
        ];
        for (edition, (forfeit, practice, variant)) in crate::incidents::EDITIONS.iter().zip(want) {
            let d = crate::incidents::rule_in::<Undercall>(edition, preflop(BetFaced::LaterRaise))
                .unwrap();
            assert_eq!(d.outcome, UndercallOutcome::Discretion, "{edition}");
            assert_eq!(d.amounts.forfeit, forfeit, "{edition}");
            assert_eq!(
                d.notes.contains(&Note::ForfeitAsPractice),
                practice,
                "{edition}"
            );
            assert_eq!(d.remedy_variant, variant, "{edition}");
        }
        // A full call forfeits nothing and reads no provision's terms.
        let d = crate::incidents::rule_in::<Undercall>("tda-2015-de", preflop(BetFaced::BigBlind))
            .unwrap();
        assert_eq!(
            (d.outcome, d.amounts.forfeit),
            (UndercallOutcome::FullCall, None)
        );
    }

    fn preflop(faced: BetFaced) -> WithRound<Answers> {
        WithRound {
            answers: Answers {
                heads_up: false,
                opening_bet: None,
                bet_faced: Some(faced),
                pushed: 100,
                in_turn: None,
            },
            told: crate::incidents::situation::Told {
                facing: Some(300),
                in_front: Some(0),
                ..Default::default()
            },
        }
    }

    // tda-2019-sk rule 51-B: "Pred flopom je otváracia stávka prvý raise po blindoch."
    // Facing the first raise multi-way, an undercall is a mandatory full call.
    #[test]
    fn tda_2019_sk_r51_b_the_first_raise_is_the_preflop_opener() {
        assert_eq!(
            ruled("tda-2019-sk", preflop(BetFaced::FirstRaise)).0,
            UndercallOutcome::FullCall
        );
        assert_eq!(
            ruled("tda-2019-sk", preflop(BetFaced::BigBlind)).0,
            UndercallOutcome::Discretion
        );
    }

    // dpc-2019-en rule 51-B: "In blind games the posted BB is the pre-flop opener."
    #[test]
    fn dpc_2019_en_r51_b_the_big_blind_is_the_preflop_opener() {
        assert_eq!(
            ruled("dpc-2019-en", preflop(BetFaced::FirstRaise)).0,
            UndercallOutcome::Discretion
        );
        assert_eq!(
            ruled("dpc-2019-en", preflop(BetFaced::BigBlind)).0,
            UndercallOutcome::FullCall
        );
    }

    #[test]
    fn opener_parameter_uses_the_rulebook_values() {
        let v: Vec<UndercallPreflopOpener> =
            crate::yaml::from_str("[big-blind, first-raise]", "test").unwrap();
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

    /// Told by the actions: B called A's opening 100, C raised to 300; B
    /// puts out 100 more while A is still to act.
    fn out_of_turn_as_played(player: &str, in_turn: Option<bool>) -> WithRound<Answers> {
        let act = |p: &str, kind, total| Action {
            player: Some(p.to_string()),
            kind,
            total,
        };
        WithRound {
            answers: Answers {
                heads_up: false,
                opening_bet: None,
                bet_faced: None,
                pushed: 100,
                in_turn,
            },
            told: crate::incidents::situation::Told {
                actions: Some(vec![
                    act("A", ActionKind::Bet, Some(100)),
                    act("B", ActionKind::Call, None),
                    act("C", ActionKind::Raise, Some(300)),
                ]),
                street: Some(Street::Postflop),
                big_blind: Some(50),
                player: Some(player.to_string()),
                ..Default::default()
            },
        }
    }

    // dpc-2019-en 51-B "An undercall is a mandatory full call if made in
    // turn", tda-2015-de 39-B "wenn der Spieler an der Reihe ist",
    // onk-2023-nl 51 "Under Call in turn" (its title): out of turn the TD
    // decides. pokerpunt-nl and tda-2019-sk do not name the turn: read as
    // the TDA practice, and said.
    #[test]
    fn an_undercall_out_of_turn_is_the_tds() {
        for edition in crate::incidents::EDITIONS {
            let stated = matches!(edition, "dpc-2019-en" | "tda-2015-de" | "onk-2023-nl");
            // Heads-up, told in numbers and answered "not in turn".
            let mut told = preflop(BetFaced::BigBlind);
            told.answers.heads_up = true;
            told.answers.in_turn = Some(false);
            let d = crate::incidents::rule_in::<Undercall>(edition, told).unwrap();
            assert_eq!(d.outcome, Discretion, "{edition}");
            // One note: the rule's words, or the practice read for them
            // (never the rule said to say what it does not).
            assert_eq!(d.notes.contains(&Note::OutOfTurn), stated, "{edition}");
            assert_eq!(
                d.notes.contains(&Note::InTurnAsPractice),
                !stated,
                "{edition}"
            );
            // Facing the first bet after the flop multi-way, in turn: a full
            // call in all.
            let mut told = preflop(BetFaced::FirstBet);
            told.answers.in_turn = Some(true);
            let d = crate::incidents::rule_in::<Undercall>(edition, told).unwrap();
            assert_eq!(d.outcome, FullCall, "{edition}");
        }
        // Told by the actions: B acts before A, who is to act.
        let d =
            crate::incidents::rule_in::<Undercall>("dpc-2019-en", out_of_turn_as_played("B", None))
                .unwrap();
        assert_eq!(d.outcome, Discretion);
        assert!(d.notes.contains(&Note::OutOfTurnShown {
            next: "A".to_string()
        }));
        // "In turn" typed against the actions is refused on `in_turn`.
        let e = crate::incidents::rule_in::<Undercall>(
            "dpc-2019-en",
            out_of_turn_as_played("B", Some(true)),
        )
        .unwrap_err();
        assert_eq!(e.input_key(), Some("in_turn"));
        // A, to act, undercalls in turn (a later raise: the TD's anyway).
        let d =
            crate::incidents::rule_in::<Undercall>("dpc-2019-en", out_of_turn_as_played("A", None))
                .unwrap();
        assert!(d.notes.is_empty(), "{:?}", d.notes);
    }

    // Heads-up said against actions that show more players in the hand is
    // refused on `heads_up`: 51-B's mandatory full call heads-up must not
    // be ruled on a multi-way later raise.
    #[test]
    fn heads_up_against_actions_showing_more_players_is_refused() {
        let mut told = out_of_turn_as_played("D", None);
        told.answers.heads_up = true;
        let e = crate::incidents::rule_in::<Undercall>("dpc-2019-en", told).unwrap_err();
        assert_eq!(e.input_key(), Some("heads_up"));
    }

    // More pushed than the stacks give him behind is refused on `pushed`
    // (not read as a call of the stack-capped amount).
    #[test]
    fn more_pushed_than_his_stack_is_refused_on_pushed() {
        let act = |p: &str, kind, total| Action {
            player: Some(p.to_string()),
            kind,
            total,
        };
        let told = WithRound {
            answers: Answers {
                heads_up: false,
                opening_bet: None,
                bet_faced: None,
                pushed: 400,
                in_turn: None,
            },
            told: crate::incidents::situation::Told {
                actions: Some(vec![act("A", ActionKind::Bet, Some(1000))]),
                street: Some(Street::Postflop),
                big_blind: Some(100),
                player: Some("B".to_string()),
                stacks: Some(vec![("B".to_string(), 300)]),
                ..Default::default()
            },
        };
        let e = crate::incidents::rule_in::<Undercall>("dpc-2019-en", told).unwrap_err();
        assert_eq!(e.input_key(), Some("pushed"));
    }
}
