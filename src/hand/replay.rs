//! Replaying a hand under the edition's rules: for every action, whose turn
//! it was, the amount to call, the minimum raise-to, the pot-limit maximum
//! and whether betting was re-opened, all from the one betting round
//! ([`Round`]). An irregular action (a silent oversized chip, several chips,
//! a number said alone, chips in two motions, a bet or raise below the
//! minimum, an undercall, an action out of turn) gets the ruling of the
//! matching incident, cited in the edition in use, and the replay goes on
//! from the action as ruled.
//!
//! The forced bets are those of the record, whatever they are: blinds,
//! straddles, a blind posted out of position, a blind on the button alone,
//! antes of every kind, the stud bring-in. A record that leaves out a
//! player's action (the next player acts and he never does in that round)
//! has him fold there, and says so. At the end ([`super::result`]): the
//! pots with the players who may win each, who won them as the record
//! states it, and every player's stack.

use std::collections::BTreeMap;

use serde::Serialize;

use super::ask::{Given, Loaded, choice};
use super::result::{self, Finish, PlayerOut, PotOut, Returned};
use super::unit::{Money, Unit};
use super::{Act, Hand, Recorded};
use crate::engine::answer::Answer;
use crate::engine::{Decision, Incident, Ruling};
use crate::error::{Error, Refusal};
use crate::incidents::bet::{Bet, BetOutcome, Declared};
use crate::incidents::out_of_turn::{OutOfTurn, OutOfTurnOutcome, seated_between, what_followed};
use crate::incidents::pot_limit::PotLimit;
use crate::incidents::reopening::Reopening;
use crate::incidents::situation::RaisesMade;
use crate::incidents::stud_first_to_act::{StudFirstToAct, StudSituation};
use crate::incidents::substantial_action::{SaOutcome, SaThresholds, substantial_action};
use crate::incidents::undercall::Undercall;
use crate::incidents::undercall_sequence::UndercallSequence;
use crate::message::{Message, Msg};
use crate::poker::cards::{Aces, Card, highest, showing};
use crate::poker::variant::{Family, Split, Stage};
use crate::poker::{
    Action, ActionKind, Chips, Game, PreflopOpener, RaiseCap, Round, Setup, Spot, Street,
    TableSeat, add, spot::ChipsAllow,
};
use crate::rules::Store;
use crate::rules::params::{CapLifted, Resolved};
use crate::ui::Ui;

/// What an action counts as once ruled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum RuledKind {
    /// A check.
    Check,
    /// A bet.
    Bet,
    /// A raise.
    Raise,
    /// A call.
    Call,
    /// All the player's chips.
    AllIn,
    /// A fold.
    Fold,
    /// Stud: the bring-in.
    BringIn,
    /// Out of turn and not binding: taken back.
    Withdrawn,
}

impl From<ActionKind> for RuledKind {
    fn from(kind: ActionKind) -> RuledKind {
        match kind {
            ActionKind::Check => RuledKind::Check,
            ActionKind::Bet => RuledKind::Bet,
            ActionKind::Raise => RuledKind::Raise,
            ActionKind::Call => RuledKind::Call,
            ActionKind::AllIn => RuledKind::AllIn,
            ActionKind::Fold => RuledKind::Fold,
        }
    }
}

/// An action as ruled: what it counts as, and the player's total for the
/// round after it (`{"kind": "raise", "to": 7000}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RuledAs {
    /// What it counts as.
    pub kind: RuledKind,
    /// The player's total for the round after it; null for a check, a
    /// fold, an action taken back.
    pub to: Option<Money>,
}

impl RuledAs {
    /// Withdrawn: out of turn, not binding.
    pub const WITHDRAWN: RuledAs = RuledAs {
        kind: RuledKind::Withdrawn,
        to: None,
    };
}

/// One action of the hand, checked.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// Its number in the hand, from 1.
    pub number: usize,
    /// The betting round.
    pub street: Stage,
    /// Who acted, as the hand names him (`p3`; a seat in the compact
    /// notation).
    pub player: String,
    /// His seat, when the record says.
    pub seat: Option<u8>,
    /// Whose turn it was, as the hand names him (when it was not his: an
    /// action out of turn).
    pub turn: Option<String>,
    /// The action as the record gives it (shown in its notation).
    pub action: Recorded,
    /// The action as ruled.
    pub ruled: RuledAs,
    /// The ruling changed the action (a call for an oversized chip, a
    /// raise brought to the minimum); an action out of turn stands.
    pub corrected: bool,
    /// The action was legal as written.
    pub legal: bool,
    /// The total the player had to reach to call (his all-in when his chips
    /// do not cover it).
    pub to_call: Money,
    /// The minimum total of a raise (or bet); null when he could not raise
    /// (betting closed for him, no chips beyond the call, nobody left to
    /// call a raise).
    pub min_raise_to: Option<Money>,
    /// The pot-limit maximum total; null but in pot-limit.
    pub max_total: Option<Money>,
    /// Betting was open for him (TDA 47): he could raise, chips allowing.
    pub reopened: bool,
    /// His chips behind when he acted; null when not known.
    pub stack: Option<Money>,
    /// His chips in the pot and in front of him when he acted (antes
    /// included).
    pub committed: Money,
    /// The total his all-in reaches this round; null when his stack is not
    /// known.
    pub all_in_to: Option<Money>,
    /// In limit, the raises were capped at this many: he could call or
    /// fold.
    pub capped: Option<u32>,
    /// The rules cited by the rulings, `NUMBER[-PART]`.
    pub citations: Vec<String>,
    /// The ruling on an action out of turn.
    pub out_of_turn: Option<Ruling>,
    /// The ruling on an irregular action (the bet, call or raise it counts
    /// as).
    pub ruling: Option<Ruling>,
}

/// The options of the player to act after the last action given.
#[derive(Debug, Clone, Serialize)]
pub struct Next {
    /// The betting round.
    pub street: Stage,
    /// Whose turn it is.
    pub player: String,
    /// His seat, when the record says.
    pub seat: Option<u8>,
    /// The total to reach to call.
    pub to_call: Money,
    /// The minimum total of a raise; null when he cannot raise.
    pub min_raise_to: Option<Money>,
    /// The pot-limit maximum; null but in pot-limit.
    pub max_total: Option<Money>,
    /// In limit a bet or raise is exactly `min_raise_to` (one bet more).
    #[serde(skip)]
    pub fixed: bool,
    /// The total of his all-in, when his chips do not reach a full bet or
    /// raise: the call is all he can do, or an all-in short of the minimum.
    pub all_in_to: Option<Money>,
    /// His chips do not cover the bet faced: calling, all-in, is all he
    /// can do (`all_in_to` is that call).
    #[serde(skip)]
    pub call_is_all_in: bool,
    /// Betting is open for him.
    pub reopened: bool,
    /// His chips behind; null when not known.
    pub stack: Option<Money>,
    /// His chips in the pot and in front of him.
    pub committed: Money,
    /// With `--at`: the rules behind these options (re-opening, the
    /// minimum raise, the pot-limit maximum), `NUMBER[-PART]`.
    pub citations: Vec<String>,
    /// In limit, the raises are capped at this many: he may call or fold.
    pub capped: Option<u32>,
    /// Actions out of turn that stand and take effect in their players'
    /// turns, after his (TDA 53-A): his options are those he had before
    /// them; his check, call or fold leaves them standing.
    pub waiting: Vec<Waited>,
}

/// An action out of turn waiting for its player's turn.
#[derive(Debug, Clone, Serialize)]
pub struct Waited {
    /// Its step.
    pub step: usize,
    /// Who made it.
    pub player: String,
    /// His seat, when the record says.
    pub seat: Option<u8>,
    /// What it counts as.
    pub ruled: RuledAs,
}

/// Something the replay tells about the record itself (not a ruling on an
/// action): an action the record leaves out, an assumption it makes.
#[derive(Debug, Clone, Serialize)]
pub struct Remark {
    /// What kind: `omitted-action`, `winnings-all-zero`, …
    pub kind: &'static str,
    /// The player it is about, when one.
    pub player: Option<String>,
    /// The step before which it happened, when in the betting.
    pub before_step: Option<usize>,
    /// The message, rendered where it is shown.
    #[serde(skip)]
    pub message: Message,
    /// The message in the UI language (filled when shown).
    pub text: String,
}

/// A hand replayed.
#[derive(Debug, Clone, Serialize)]
pub struct Replay {
    /// The record's own name of the hand (PHH `hand`).
    pub id: Option<String>,
    /// The hand's variant (its PHH code, or `NL`, `PL`, `FL`).
    pub variant: &'static str,
    /// The edition in use.
    pub edition: String,
    /// Every player: seat, name, and his chips from the start to the end.
    pub players: Vec<PlayerOut>,
    /// Every action, checked.
    pub steps: Vec<Step>,
    /// The pots, main pot first (with the chips of the last betting round).
    pub pots: Vec<PotOut>,
    /// Chips nobody called, back to their owner; while the round goes on
    /// (`next`), the bet not called yet.
    pub returned: Option<Returned>,
    /// Chips the pots held that nobody won, as the record states the result
    /// (the house's rake); null when the result is not given.
    pub rake: Option<Money>,
    /// Where the result comes from: `winners` (given), `winnings`,
    /// `finishing-stacks` (the record's), `last-player` (everybody else
    /// folded); null when nobody is known to have won.
    pub result: Option<&'static str>,
    /// The record's final stacks against the replay's: null when the record
    /// gives none; otherwise whether they agree.
    pub finishing_stacks_agree: Option<bool>,
    /// What the replay says about the record (an action left out, an
    /// assumption).
    pub remarks: Vec<Remark>,
    /// The options of the next player; null when the betting is over.
    pub next: Option<Next>,
    /// The round as played up to the next player, for an incident that
    /// starts from the hand.
    #[serde(skip)]
    pub situation: Option<Situation>,
    /// Each player's chips in the pot so far and whether he folded (the
    /// answers of `side-pots`).
    #[serde(skip)]
    pub contributions: Vec<(u8, Chips, bool)>,
    /// The antes: dead money in the main pot (the `dead` answer of
    /// `side-pots`).
    #[serde(skip)]
    pub dead: Chips,
    /// The unit of the amounts.
    #[serde(skip)]
    pub unit: Unit,
}

/// The betting round as played up to the player to act: what a betting
/// incident needs to start from a hand instead of questions.
#[derive(Debug, Clone)]
pub struct Situation {
    /// The betting structure.
    pub game: Game,
    /// The round.
    pub street: Street,
    /// The big blind (in limit: the small bet).
    pub big_blind: Chips,
    /// The small blind, pre-flop.
    pub small_blind: Option<Chips>,
    /// The players in acting order with their chips behind after posting,
    /// by their names in `actions`.
    pub stacks: Vec<(String, Option<Chips>)>,
    /// The round's actions so far, as ruled.
    pub actions: Vec<Action>,
    /// The round's actions so far as played: an undercall as the call it
    /// reached (`call:300` facing 1000), a bet or raise below the minimum
    /// as written; otherwise as ruled.
    pub played: Vec<Action>,
    /// The player to act.
    pub player: String,
    /// Everything in the pot and in front of the players.
    pub pot: Option<Chips>,
    /// Two players are left in the hand: the pot is heads-up.
    pub heads_up: bool,
    /// Pre-flop, the blinds posted all-in short.
    pub short_blinds: Vec<crate::incidents::pot_limit::ShortBlind>,
}

impl Replay {
    /// The answers of `side-pots`: each player's chips so far and who
    /// folded.
    pub fn pot_answers(&self) -> Given {
        let contributions = self.contributions.iter().map(|(p, c, _)| (*p, *c));
        let mut out: Given = vec![("contributions", Answer::SeatChips(contributions.collect()))];
        let folded: Vec<u8> = self
            .contributions
            .iter()
            .filter(|(_, _, f)| *f)
            .map(|(p, _, _)| *p)
            .collect();
        if !folded.is_empty() {
            out.push(("folded", Answer::Seats(folded)));
        }
        if self.dead > 0 {
            out.push(("dead", Answer::Amount(self.dead)));
        }
        out
    }
}

/// The incidents that rule a round's irregular actions themselves: from a
/// hand they start from the actions as played, not as the replay ruled them.
pub const AS_PLAYED: [&str; 2] = [
    crate::incidents::undercall_sequence::UndercallSequence::ID,
    crate::incidents::underraise_callers::UnderraiseCallers::ID,
];

/// The incidents whose `heads_up` asks whether the pot is heads-up (yes or
/// no), which the hand tells: the replay rules their case on the same
/// fact. (In limit, `heads_up` asks whether the event is heads-up too,
/// which no hand tells.)
pub const HEADS_UP_POT: [&str; 1] = [crate::incidents::undercall::Undercall::ID];

/// The incidents whose `short_blind` asks whether a pre-flop blind was
/// posted all-in short (TDA 54-B), which the hand tells.
pub const SHORT_BLIND: [&str; 1] = [crate::incidents::pot_limit::PotLimit::ID];

/// A player's name in the answers of a betting incident: pre-flop the
/// blinds are `SB` and `BB`; otherwise players keep their seat numbers.
fn answer_name(street: Street, p: &str, (sb, bb): &(String, String)) -> String {
    if street.is_preflop() && p == sb {
        "SB".to_string()
    } else if street.is_preflop() && p == bb {
        "BB".to_string()
    } else {
        p.to_string()
    }
}

/// `action` with its player named as the answers name him.
fn renamed(street: Street, action: &Action, blinds: &(String, String)) -> Action {
    Action {
        player: action
            .player
            .as_deref()
            .map(|p| answer_name(street, p, blinds)),
        ..action.clone()
    }
}

/// A round's actions so far: as ruled (what the round applied) and as
/// played (see [`Situation::played`]).
#[derive(Debug, Clone, Default)]
struct Told {
    ruled: Vec<Action>,
    played: Vec<Action>,
}

impl Situation {
    fn new(
        hand: &Hand,
        street: Street,
        round: &Round,
        seats: &[TableSeat],
        told: Told,
        player: String,
        blinds: (String, String),
    ) -> Situation {
        let rename = |p: &str| answer_name(street, p, &blinds);
        let all = |actions: Vec<Action>| -> Vec<Action> {
            actions
                .iter()
                .map(|a| renamed(street, a, &blinds))
                .collect()
        };
        Situation {
            game: hand.game,
            street,
            big_blind: hand.big_blind,
            small_blind: street.is_preflop().then_some(hand.small_blind),
            stacks: seats.iter().map(|s| (rename(&s.name), s.stack)).collect(),
            actions: all(told.ruled),
            played: all(told.played),
            pot: round.spot(&player).ok().and_then(|s| s.pot),
            heads_up: hand_active(round) == 2,
            short_blinds: seats
                .iter()
                .filter(|s| street.is_preflop() && s.due > s.posted)
                .map(|s| crate::incidents::pot_limit::ShortBlind {
                    posted: s.posted,
                    full: s.due,
                })
                .collect(),
            player: rename(&player),
        }
    }

    /// The answers of betting incident `incident`, by key: the actions as
    /// played for the incidents of [`AS_PLAYED`], as ruled for the others.
    pub fn answers_for(&self, incident: &str) -> Given {
        let mut out = match AS_PLAYED.contains(&incident) {
            true => self.told(&self.played),
            false => self.answers(),
        };
        if HEADS_UP_POT.contains(&incident) {
            out.push(("heads_up", Answer::Bool(self.heads_up)));
        }
        // One short blind is what the question asks about; with more than
        // one the question is left open (asked, or its default said on the
        // card).
        if SHORT_BLIND.contains(&incident) && self.street.is_preflop() {
            match self.short_blinds.as_slice() {
                [] => out.push(("short_blind", Answer::Bool(false))),
                [short] => out.extend([
                    ("short_blind", Answer::Bool(true)),
                    ("blind_posted", Answer::Amount(short.posted)),
                    ("blind_full", Answer::Amount(short.full)),
                ]),
                _ => {}
            }
        }
        out
    }

    /// The answers of a betting incident, by key.
    pub fn answers(&self) -> Given {
        self.told(&self.actions)
    }

    /// The answers of a betting incident with the round's `actions` so
    /// far (none before the round's first action).
    fn told(&self, actions: &[Action]) -> Given {
        let mut out: Given = vec![
            ("game", choice(self.game)),
            ("street", choice(self.street)),
            ("big_blind", Answer::Amount(self.big_blind)),
        ];
        // None yet is an answer too: the round at its first action.
        out.push(("actions", Answer::Actions(actions.to_vec())));
        out.push(("player", Answer::Text(self.player.clone())));
        if let Some(sb) = self.small_blind {
            out.push(("small_blind", Answer::Amount(sb)));
        }
        let stacks: Vec<(String, Chips)> = self
            .stacks
            .iter()
            .filter_map(|(p, s)| s.map(|s| (p.clone(), s)))
            .collect();
        if !stacks.is_empty() {
            out.push(("stacks", Answer::Stacks(stacks)));
        }
        if let Some(pot) = self.pot {
            out.push(("pot", Answer::Amount(pot)));
        }
        out
    }
}

/// What the replay needs besides the hand.
pub struct Rules<'a> {
    /// The store of editions (and decision trees).
    pub store: &'a Store,
    /// The edition in use.
    pub edition: &'a str,
    /// The UI texts, for the rulings.
    pub ui: &'a Ui,
    /// The edition and the trees of the incidents asked, loaded once.
    loaded: Loaded<'a>,
}

impl<'a> Rules<'a> {
    /// The rules of `edition` in `store`, the rulings worded in `ui`.
    pub fn new(store: &'a Store, edition: &'a str, ui: &'a Ui) -> Rules<'a> {
        Rules {
            store,
            edition,
            ui,
            loaded: Loaded::default(),
        }
    }

    /// Incident `I`'s typed decision and its ruling on `given`.
    pub(super) fn ask<I: Incident>(&self, given: Given) -> Result<(Decision<I>, Ruling), Error> {
        self.loaded
            .ask::<I>(self.store, self.edition, self.ui, given)
    }

    /// [`Rules::ask`], the ruling reading `reads` in its own parameters
    /// too (see [`crate::engine::decide_as_reading`]).
    fn ask_reading<I: Incident>(
        &self,
        given: Given,
        reads: impl FnOnce(&mut crate::rules::params::Resolved<'_>),
    ) -> Result<(Decision<I>, Ruling), Error> {
        self.loaded
            .ask_reading::<I>(self.store, self.edition, self.ui, given, reads)
    }

    /// The edition's counts of substantial action (TDA 36).
    fn sa_thresholds(&self) -> Result<SaThresholds, Error> {
        let stated = self.loaded.params(self.store, self.edition)?;
        Ok(SaThresholds::of(&mut crate::rules::params::Resolved::new(
            &stated,
        )))
    }
}

fn name(p: u8) -> String {
    p.to_string()
}

fn bad(message: Message) -> Error {
    Error::input("hand", message)
}

/// The chips of every player across the rounds.
struct Ledger {
    /// Chips behind, by player; `None` when not known.
    behind: BTreeMap<u8, Option<Chips>>,
    /// In the pots from the rounds played (with the antes when they are
    /// trimmed: then each is its player's own contribution).
    paid: BTreeMap<u8, Chips>,
    /// The ante each player put in.
    antes: BTreeMap<u8, Chips>,
    /// The part of an ante nobody matched, given back (trimmed antes).
    ante_back: BTreeMap<u8, Chips>,
    /// Who folded (or is taken to have folded).
    folded: BTreeMap<u8, bool>,
    /// Dead money in the main pot: the antes, unless trimmed.
    dead: Chips,
    /// The antes are the players' own contributions.
    trimmed: bool,
}

impl Ledger {
    fn new(hand: &Hand) -> Result<Ledger, Error> {
        let mut l = Ledger {
            behind: hand.seats.iter().map(|s| (s.number, s.stack)).collect(),
            paid: hand.seats.iter().map(|s| (s.number, 0)).collect(),
            antes: BTreeMap::new(),
            ante_back: BTreeMap::new(),
            folded: hand.seats.iter().map(|s| (s.number, false)).collect(),
            dead: 0,
            trimmed: hand.ante_trimming,
        };
        for s in &hand.seats {
            let a = l.take(s.number, s.ante);
            l.antes.insert(s.number, a);
        }
        if hand.ante_trimming {
            // Trimmed to the second highest ante: what nobody matched comes
            // back before the first round.
            let mut sorted: Vec<Chips> = l.antes.values().copied().collect();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let cutoff = sorted.get(1).copied().unwrap_or(0);
            for (p, a) in l.antes.iter_mut() {
                if *a > cutoff {
                    let back = *a - cutoff;
                    *a = cutoff;
                    l.ante_back.insert(*p, back);
                    if let Some(Some(stack)) = l.behind.get_mut(p) {
                        *stack = add(*stack, back, "antes").map_err(bad)?;
                    }
                }
                if let Some(paid) = l.paid.get_mut(p) {
                    *paid = *a;
                }
            }
        } else {
            l.dead = l
                .antes
                .values()
                .try_fold(0, |sum: Chips, a| add(sum, *a, "antes"))
                .map_err(bad)?;
        }
        Ok(l)
    }

    /// Takes up to `chips` from `p`'s stack (all when it is not known).
    fn take(&mut self, p: u8, chips: Chips) -> Chips {
        match self.behind.get_mut(&p) {
            Some(Some(stack)) => {
                let t = chips.min(*stack);
                *stack -= t;
                t
            }
            _ => chips,
        }
    }

    fn folded(&self, p: u8) -> bool {
        self.folded.get(&p).copied().unwrap_or(false)
    }

    /// `p`'s chips in the pot from the rounds before this one, his ante
    /// included.
    fn before_round(&self, p: u8) -> Chips {
        let paid = self.paid.get(&p).copied().unwrap_or(0);
        if self.trimmed {
            paid
        } else {
            paid.saturating_add(self.antes.get(&p).copied().unwrap_or(0))
        }
    }

    /// Everything in the pots from the rounds before this one.
    fn pot(&self) -> Result<Chips, Error> {
        self.paid
            .values()
            .try_fold(self.dead, |sum, c| add(sum, *c, "hand"))
            .map_err(bad)
    }
}

/// The forced bets of the first round of a game with blinds: what each
/// player posts (live), the bet they make, the largest step between them,
/// and who acts first.
struct Blinds {
    posted: BTreeMap<u8, Chips>,
    /// What each was to post in full: more than posted for a player whose
    /// chips did not cover it.
    due: BTreeMap<u8, Chips>,
    facing: Chips,
    full_raise: Chips,
    /// The index in table order of the first player to act.
    first: usize,
    /// The first two blinds by player number, for a betting incident's
    /// `SB` and `BB`.
    names: (String, String),
    /// More than two blinds in position: straddles.
    straddles: bool,
}

fn post_blinds(hand: &Hand, ledger: &mut Ledger) -> Blinds {
    let mut posted = BTreeMap::new();
    let mut due = BTreeMap::new();
    let mut in_position: Vec<(Chips, usize)> = Vec::new();
    for (i, s) in hand.seats.iter().enumerate() {
        let full = s.blind.saturating_add(s.post);
        let live = ledger.take(s.number, full);
        posted.insert(s.number, live);
        due.insert(s.number, full);
        // A post out of position does not move the action.
        in_position.push((live.min(s.blind), i));
    }
    let facing = hand
        .seats
        .iter()
        .map(|s| s.blind.max(s.post))
        .max()
        .unwrap_or(0);
    let mut levels: Vec<Chips> = hand
        .seats
        .iter()
        .map(|s| s.blind)
        .filter(|b| *b > 0)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let step = levels
        .iter()
        .scan(0, |last, b| {
            let s = b - *last;
            *last = *b;
            Some(s)
        })
        .max()
        .unwrap_or(0);
    let full_raise = if facing > 0 {
        step.max(hand.big_blind)
    } else {
        0
    };
    // The largest blind (the last of equals) acts last.
    let last = in_position.iter().max().map_or(0, |(_, i)| *i);
    let mut blinds: Vec<(Chips, u8)> = hand
        .seats
        .iter()
        .filter(|s| s.blind > 0)
        .map(|s| (s.blind, s.number))
        .collect();
    let big = blinds.iter().max().map(|(_, p)| *p);
    blinds.retain(|(_, p)| Some(*p) != big);
    let names = (
        blinds.first().map(|(_, p)| name(*p)).unwrap_or_default(),
        big.map(name).unwrap_or_default(),
    );
    Blinds {
        posted,
        due,
        facing,
        full_raise,
        first: (last + 1) % hand.seats.len().max(1),
        names,
        straddles: hand.seats.iter().filter(|s| s.blind > 0).count() > 2,
    }
}

/// Who opens a stud round: third street the lowest up card brings in
/// (razz: the highest), later the best showing hand (razz: the lowest).
/// Equal showing hands: the highest card by suit among them acts first
/// (the editions' stud procedure D; TDA practice where an edition prints
/// none). `None` when an up card is not known.
struct StudOpener {
    first: Option<u8>,
    /// The players with equal best showing hands, highest card by suit
    /// first (empty without a tie).
    tied: Vec<u8>,
}

fn stud_opener(hand: &Hand, round: usize, up: &BTreeMap<u8, Vec<Card>>, live: &[u8]) -> StudOpener {
    let aces = if hand.variant.split == Split::Low {
        Aces::Low
    } else {
        Aces::High
    };
    let unknown = StudOpener {
        first: None,
        tied: Vec::new(),
    };
    let cards: Vec<(u8, &Vec<Card>)> = live
        .iter()
        .filter_map(|p| up.get(p).map(|c| (*p, c)))
        .collect();
    if cards.len() != live.len() || cards.iter().any(|(_, c)| c.is_empty()) {
        return unknown;
    }
    if round == 0 {
        // The bring-in: one up card each; suits break a tie.
        let upcards: Vec<(u8, Card)> = cards
            .iter()
            .filter_map(|(p, c)| c.last().map(|c| (*p, *c)))
            .collect();
        return StudOpener {
            first: crate::poker::cards::bring_in(&upcards, aces).map(|(p, _)| p),
            tied: Vec::new(),
        };
    }
    let shown: Vec<(u8, crate::poker::cards::Showing, &Vec<Card>)> = cards
        .iter()
        .map(|(p, c)| (*p, showing(c, aces), *c))
        .collect();
    let best = if aces == Aces::Low {
        shown.iter().map(|(_, s, _)| s).min()
    } else {
        shown.iter().map(|(_, s, _)| s).max()
    };
    let Some(best) = best.cloned() else {
        return unknown;
    };
    let mut tied: Vec<(u8, Option<Card>)> = shown
        .iter()
        .filter(|(_, s, _)| *s == best)
        .map(|(p, _, c)| (*p, highest(c, aces)))
        .collect();
    tied.sort_by(|a, b| match (a.1, b.1) {
        (Some(x), Some(y)) => crate::poker::cards::by_rank_then_suit(y, x, aces),
        _ => std::cmp::Ordering::Equal,
    });
    let first = tied.first().map(|(p, _)| *p);
    StudOpener {
        first,
        tied: if tied.len() > 1 {
            tied.into_iter().map(|(p, _)| p).collect()
        } else {
            Vec::new()
        },
    }
}

/// Replays `hand`; stops before action `until` (1-based) when given.
pub fn replay(hand: &Hand, rules: &Rules<'_>, until: Option<usize>) -> Result<Replay, Error> {
    let count: usize = hand.streets.iter().map(|s| s.actions.len()).sum();
    if let Some(n) = until.filter(|n| *n > count + 1) {
        return Err(Error::bad(
            Message::new(Msg::HandAtPastEnd)
                .arg("n", n)
                .arg("count", count)
                .arg("last", count + 1),
        ));
    }
    let order: Vec<u8> = hand.seats.iter().map(|s| s.number).collect();
    let n = order.len();
    if n < 2 {
        return Err(bad(Message::new(Msg::HandNoSeats)));
    }
    let book = rules.store.book(rules.edition)?;
    let (params, _) = book.params_with_sources();
    let mut resolved = Resolved::new(&params);
    let opener = resolved.undercall_preflop_opener();
    let limit_percent = if hand.game == Game::Limit {
        u8::try_from(resolved.limit_reopen_percent().get()).unwrap_or(100)
    } else {
        100
    };
    // The house's cap on limit raises; lifted with two players left where
    // the edition says so. A hand does not tell whether the event is down
    // to two players: where only that lifts it, the cap holds.
    let raise_cap = (hand.game == Game::Limit).then(|| RaiseCap {
        raises: resolved.limit_raise_cap().get(),
        lifted_two_left: resolved.limit_cap_lifted() == CapLifted::PotHeadsUp,
    });
    // A house minimum raise (DPC-1) sizes every raise of the replay, as it
    // does the incidents'.
    let house = crate::incidents::situation::house_minimum(&resolved);
    let mut ledger = Ledger::new(hand)?;
    let mut blinds = hand
        .variant
        .has_blinds()
        .then(|| post_blinds(hand, &mut ledger));
    let blind_names = blinds.as_ref().map(|b| b.names.clone()).unwrap_or_default();
    let mut remarks: Vec<Remark> = Vec::new();
    if let Some(b) = blinds.as_ref().filter(|b| b.straddles) {
        // No edition has a rule on straddles: the practice followed is said.
        remarks.push(remark(
            "straddle-practice",
            None,
            None,
            Message::new(Msg::HandStraddles)
                .arg("facing", Money::new(b.facing, hand.unit))
                .arg("raise", Money::new(b.full_raise, hand.unit)),
        ));
    }
    // The players the record leaves out, and the step before which.
    let mut omitted: BTreeMap<u8, usize> = BTreeMap::new();
    let mut up: BTreeMap<u8, Vec<Card>> = BTreeMap::new();
    let mut steps: Vec<Step> = Vec::new();
    let mut number = 0usize;
    let mut last_round: Option<(Round, Stage, Vec<TableSeat>, Told)> = None;
    let mut skipped: Option<String> = None;
    let later_actions = |k: usize| hand.streets.iter().skip(k + 1).flat_map(|s| &s.actions);
    for (k, played) in hand.streets.iter().enumerate() {
        let stage = played.stage;
        let street = stage.street();
        for (p, cards) in &played.up {
            up.entry(*p).or_default().extend(cards.iter().copied());
        }
        let first_round = k == 0;
        let forced = if first_round { blinds.take() } else { None };
        // Who acts first.
        let mut stud_ruling: Option<(u8, Vec<u8>)> = None;
        let first = match hand.variant.family {
            Family::Board | Family::Draw { .. } => forced.as_ref().map_or(0, |b| b.first),
            Family::Stud => {
                let live: Vec<u8> = order
                    .iter()
                    .copied()
                    .filter(|p| !ledger.folded(*p))
                    .collect();
                let o = stud_opener(hand, k, &up, &live);
                let recorded = played.actions.first().map(|m| m.player);
                let chosen = match (o.first, recorded) {
                    // Equal showing hands and the record opens with another
                    // of them: the record's order stands, the ruling says
                    // who acts first.
                    (Some(f), Some(r)) if f != r && o.tied.contains(&r) => {
                        stud_ruling = Some((f, o.tied.clone()));
                        Some(r)
                    }
                    (Some(f), _) => Some(f),
                    (None, r) => {
                        if let Some(r) = r {
                            remarks.push(remark(
                                "up-cards-unknown",
                                Some(hand.label(r)),
                                Some(number + 1),
                                Message::new(Msg::HandUpCardsUnknown)
                                    .arg("player", hand.label(r))
                                    .arg("street", stage.id()),
                            ));
                        }
                        r
                    }
                };
                chosen
                    .and_then(|p| order.iter().position(|q| *q == p))
                    .unwrap_or(0)
            }
        };
        let mut seats = Vec::new();
        for j in 0..n {
            let p = order.get((first + j) % n).copied().unwrap_or(0);
            if ledger.folded(p) {
                continue;
            }
            let posted = forced
                .as_ref()
                .and_then(|b| b.posted.get(&p).copied())
                .unwrap_or(0);
            let stack = ledger.behind.get(&p).copied().flatten();
            if stack == Some(0) && posted == 0 {
                // All-in before this round: no more action.
                continue;
            }
            let due = forced
                .as_ref()
                .and_then(|b| b.due.get(&p).copied())
                .unwrap_or(0);
            seats.push(TableSeat {
                name: name(p),
                stack,
                posted,
                due,
            });
        }
        let mut setup = Setup::new(hand.game, street, hand.big_blind);
        setup.small_blind = Some(hand.small_blind);
        setup.dead = Some(ledger.pot()?);
        setup.limit_reopen_percent = limit_percent;
        setup.raise_cap = raise_cap;
        setup.house = house;
        // The replay knows every pot: a pot-limit bet is held to it.
        setup.pot_limit_held = true;
        let mut round = Round::at_table(setup, &seats).map_err(|(_, m)| bad(m))?;
        if let Some(b) = &forced {
            round.open_at(b.facing, b.full_raise);
        }
        let mut told = Told::default();
        // The bet faced at the last undercall, while nobody bet or raised
        // since: a second undercall is one in sequence.
        let mut undercall_facing: Option<Chips> = None;
        // A player skipped by an action out of turn: the turn goes back to
        // him (the action out of turn stands).
        skipped = None;
        let mut waiting = Waiting::default();
        for (i, mv) in played.actions.iter().enumerate() {
            number += 1;
            let who = name(mv.player);
            // A player whose turn it is and who never acts in this round
            // again: the record leaves his action out.
            loop {
                let records = (&mut ledger, &mut told, &mut remarks, steps.as_mut_slice());
                waiting.settle(false, hand, &mut round, records)?;
                let Some(t) = whose_turn(&round, skipped.as_deref()).filter(|t| {
                    *t != mv.player
                        && !played.actions.iter().skip(i).any(|m| m.player == *t)
                        && stud_ruling.is_none()
                }) else {
                    break;
                };
                leave_out(
                    hand,
                    &mut round,
                    number,
                    t,
                    later_actions(k).any(|m| m.player == t),
                    (&mut remarks, &mut omitted, &mut ledger),
                )?;
                if skipped.as_deref() == Some(name(t).as_str()) {
                    skipped = None;
                }
            }
            let turn = whose_turn(&round, skipped.as_deref());
            if until.is_some_and(|u| number >= u) {
                let mut situation = None;
                let mut next = None;
                if !round.betting_over() {
                    let to_act = turn.unwrap_or(mv.player);
                    next = options(hand, &round, stage, to_act, &ledger);
                    if let Some(next) = next.as_mut() {
                        next.waiting = waiting.listed(&steps);
                    }
                    situation = Some(Situation::new(
                        hand,
                        street,
                        &round,
                        &seats,
                        told,
                        name(to_act),
                        blind_names.clone(),
                    ));
                }
                let mut out = finish(hand, rules, steps, &ledger, Some(&round), next, remarks)?;
                out.situation = situation;
                return Ok(out);
            }
            // The player an action out of turn skipped checks (or folds)
            // facing what he faced before it; anything else answers it, or
            // comes after it in turn (TDA 53-A).
            let checks_in_turn = turn == Some(mv.player)
                && matches!(mv.act, Act::Check | Act::CheckOrCall | Act::Fold)
                && round.spot(&who).is_ok_and(|s| s.to_call() == 0);
            if !waiting.is_empty() && !checks_in_turn {
                let records = (&mut ledger, &mut told, &mut remarks, steps.as_mut_slice());
                waiting.settle(true, hand, &mut round, records)?;
            }
            let turn = whose_turn(&round, skipped.as_deref());
            // Only a player of this round acts in it: not one who folded or
            // went all-in before it, nor a seat nobody sits in.
            if !seats.iter().any(|s| s.name == who)
                || round.standing(&who).is_some_and(|s| s.folded)
            {
                let problem = if !order.contains(&mv.player) {
                    Message::new(Msg::HandActorAbsent).arg("seat", mv.player)
                } else if let Some(step) = omitted.get(&mv.player) {
                    Message::new(Msg::HandActsAfterOmitted)
                        .arg("player", hand.label(mv.player))
                        .arg("step", step)
                } else if ledger.folded(mv.player) || round.standing(&who).is_some_and(|s| s.folded)
                {
                    Message::new(Msg::ActsAfterFold)
                } else {
                    Message::new(Msg::ActsAfterAllIn)
                };
                return Err(bad(at(number, mv.player, problem)));
            }
            match turn {
                Some(t) if t != mv.player => {
                    skipped.get_or_insert_with(|| name(t));
                }
                _ => skipped = None,
            }
            let spot = round
                .spot(&who)
                .map_err(|m| bad(at(number, mv.player, m)))?;
            let raisable = can_raise(&round, &who, &spot);
            let max_total = pot_limit_max(&round, &spot).filter(|_| raisable);
            let committed = ledger.before_round(mv.player).saturating_add(spot.in_front);
            let money = |c: Chips| Money::new(c, hand.unit);
            let mut step = Step {
                number,
                street: stage,
                player: hand.label(mv.player),
                seat: hand.seated(mv.player).and_then(|s| s.seat),
                turn: turn.map(|t| hand.label(t)),
                action: hand.recorded(mv),
                ruled: RuledAs {
                    kind: RuledKind::Fold,
                    to: None,
                },
                corrected: false,
                legal: true,
                to_call: money(spot.to_call()),
                min_raise_to: raisable
                    .then(|| spot.min_raise_to().ok())
                    .flatten()
                    .map(money),
                max_total: max_total.map(money),
                reopened: spot.may_raise,
                stack: spot.stack.map(money),
                committed: money(committed),
                all_in_to: spot.all_in_total().map(money),
                capped: spot
                    .capped
                    .then(|| round.setup().raise_cap.map_or(0, |c| c.raises)),
                citations: Vec::new(),
                out_of_turn: None,
                ruling: None,
            };
            if let Some((first, tied)) = stud_ruling.take() {
                let r = first_to_act(rules, hand, first, &tied)?;
                step.turn = Some(hand.label(first));
                step.citations = cited(&r);
                step.ruling = Some(r);
                step.legal = false;
            }
            if mv.act == Act::BringIn {
                let amount = hand
                    .bring_in
                    .filter(|_| hand.variant.family == Family::Stud && first_round)
                    .ok_or_else(|| {
                        bad(at(number, mv.player, Message::new(Msg::BringInNotFirst)))
                    })?;
                round.bring_in(number, &who, amount).map_err(bad)?;
                let total = round.standing(&who).map_or(amount, |s| s.total);
                step.ruled = RuledAs {
                    kind: RuledKind::BringIn,
                    to: Some(money(total)),
                };
                let action = Action {
                    player: Some(who.clone()),
                    kind: ActionKind::AllIn,
                    total: Some(total),
                };
                told.played.push(action.clone());
                told.ruled.push(action);
                steps.push(step);
                continue;
            }
            let so_far = SoFar {
                street,
                played: &told.played,
                undercall_facing,
                blinds: blind_names.clone(),
                in_turn: turn.is_none_or(|t| t == mv.player),
            };
            let Ruled {
                action,
                ruling,
                legal,
                corrected,
                as_played,
                undercall,
                reading,
            } = rule(hand, rules, &round, &spot, mv, opener, &so_far)
                .map_err(|e| bad(at(number, mv.player, e.message())))?;
            if let Some(message) = reading {
                remarks.push(remark(
                    "amount-reading",
                    Some(hand.label(mv.player)),
                    Some(number),
                    message.arg("step", number),
                ));
            }
            if undercall {
                undercall_facing = Some(spot.facing);
            }
            // Not binding (a skipped player bet or raised before him): his
            // chips come back and he acts again in turn.
            let (out_of_turn, withdrawn) = match turn {
                Some(t) if t != mv.player && step.ruling.is_none() => {
                    let (ruling, withdrawn) =
                        out_of_turn(rules, &round, &action, t, mv, &played.actions)?;
                    (Some(ruling), withdrawn)
                }
                _ => (None, false),
            };
            let mut citations: Vec<String> =
                out_of_turn.iter().chain(&ruling).flat_map(cited).collect();
            step.citations.append(&mut citations);
            step.legal = step.legal && legal && out_of_turn.is_none();
            step.corrected = corrected || withdrawn;
            // An action out of turn that is regular otherwise: its ruling is
            // the step's ruling too.
            let ruling = ruling.or_else(|| out_of_turn.clone());
            step.out_of_turn = out_of_turn;
            if step.ruling.is_none() {
                step.ruling = ruling;
            }
            let effect = Effect {
                step: steps.len(),
                number,
                player: mv.player,
                action,
                as_played,
            };
            if withdrawn {
                step.ruled = RuledAs::WITHDRAWN;
            } else if step.out_of_turn.is_some() {
                // It stands, and takes effect when the turn reaches its
                // player: the players it skipped act first (TDA 53-A).
                step.ruled = effect.ruled_on(hand, &mut round.clone())?;
                waiting.push(effect);
            } else {
                step.ruled = effect.take(hand, &mut round, &mut ledger, &mut told, &mut remarks)?;
            }
            steps.push(step);
        }
        // Another round follows while players are still to act in this one:
        // the record leaves their actions out.
        if k + 1 < hand.streets.len() {
            loop {
                let records = (&mut ledger, &mut told, &mut remarks, steps.as_mut_slice());
                waiting.settle(false, hand, &mut round, records)?;
                let Some(t) = whose_turn(&round, skipped.as_deref()) else {
                    break;
                };
                if round.betting_over() {
                    break;
                }
                leave_out(
                    hand,
                    &mut round,
                    number + 1,
                    t,
                    later_actions(k).any(|m| m.player == t),
                    (&mut remarks, &mut omitted, &mut ledger),
                )?;
                skipped = None;
            }
        }
        // The record ends before its player's turn: it takes effect.
        let records = (&mut ledger, &mut told, &mut remarks, steps.as_mut_slice());
        waiting.settle(true, hand, &mut round, records)?;
        // The round's chips go to the pot; the blinds left the stacks when
        // they were posted, the rest leaves them now.
        for (p, total, _) in round.contributions() {
            if let Ok(p) = p.parse::<u8>() {
                let posted = forced
                    .as_ref()
                    .and_then(|b| b.posted.get(&p).copied())
                    .unwrap_or(0);
                ledger.take(p, total.saturating_sub(posted));
                let sum = ledger.paid.entry(p).or_default();
                *sum = add(*sum, total, "hand").map_err(bad)?;
            }
        }
        for p in &order {
            if round.standing(&name(*p)).is_some_and(|s| s.folded) {
                ledger.folded.insert(*p, true);
            }
        }
        last_round = Some((round, stage, seats, told));
    }
    let mut situation = None;
    let mut next = None;
    if let Some((round, stage, seats, told)) = last_round.filter(|(r, ..)| !r.betting_over()) {
        let to_act = whose_turn(&round, skipped.as_deref());
        next = to_act.and_then(|p| options(hand, &round, stage, p, &ledger));
        situation = to_act.map(|p| {
            Situation::new(
                hand,
                stage.street(),
                &round,
                &seats,
                told,
                name(p),
                blind_names.clone(),
            )
        });
    }
    let mut out = finish(hand, rules, steps, &ledger, None, next, remarks)?;
    out.situation = situation;
    Ok(out)
}

/// The record leaves out `p`'s action before step `number`: he is taken to
/// have folded (checked, when he could and acts again later), and the
/// remark says so.
/// A ruled action as it takes effect: on the round, on the ledger and on
/// the actions told to the incidents.
struct Effect {
    /// Its step's index among the steps.
    step: usize,
    number: usize,
    player: u8,
    action: Action,
    as_played: Option<Action>,
}

impl Effect {
    /// What it counts as on `round`, applied to it.
    fn ruled_on(&self, hand: &Hand, round: &mut Round) -> Result<RuledAs, Error> {
        round.apply(self.number, &self.action).map_err(bad)?;
        let total = round.standing(&name(self.player)).map(|s| s.total);
        Ok(RuledAs {
            kind: self.action.kind.into(),
            to: match self.action.kind {
                ActionKind::Check | ActionKind::Fold => None,
                _ => total.map(|c| Money::new(c, hand.unit)),
            },
        })
    }

    /// Takes effect; what it counts as.
    fn take(
        self,
        hand: &Hand,
        round: &mut Round,
        ledger: &mut Ledger,
        told: &mut Told,
        remarks: &mut Vec<Remark>,
    ) -> Result<RuledAs, Error> {
        // The round's message names the action already.
        let added_before = round.limit_short_all_ins_added().is_some();
        let ruled = self.ruled_on(hand, round)?;
        if let Some(added) = round.limit_short_all_ins_added().filter(|_| !added_before) {
            let player = hand.label(self.player);
            remarks.push(remark(
                "limit-all-ins-added",
                Some(player.clone()),
                Some(self.number),
                Message::new(Msg::HandLimitAllInsAdded)
                    .arg("player", player)
                    .arg("step", self.number)
                    .arg("total", Money::new(added.total, hand.unit))
                    .arg("added", Money::new(added.added, hand.unit))
                    .arg("share", Money::new(added.share, hand.unit)),
            ));
        }
        if self.action.kind == ActionKind::Fold {
            ledger.folded.insert(self.player, true);
        }
        told.played
            .push(self.as_played.unwrap_or_else(|| self.action.clone()));
        told.ruled.push(self.action);
        Ok(ruled)
    }
}

/// The actions out of turn that stand, in the order they were made, each
/// waiting for its player's turn (TDA 53-A: the players they skipped act
/// first, facing what they faced before them).
#[derive(Default)]
struct Waiting(Vec<Effect>);

impl Waiting {
    fn push(&mut self, effect: Effect) {
        self.0.push(effect);
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// As the options before the next action list them.
    fn listed(&self, steps: &[Step]) -> Vec<Waited> {
        self.0
            .iter()
            .filter_map(|e| steps.get(e.step))
            .map(|step| Waited {
                step: step.number,
                player: step.player.clone(),
                seat: step.seat,
                ruled: step.ruled,
            })
            .collect()
    }

    /// Those whose player's turn it is take effect, in order; with `all`,
    /// every one.
    fn settle(
        &mut self,
        all: bool,
        hand: &Hand,
        round: &mut Round,
        (ledger, told, remarks, steps): (&mut Ledger, &mut Told, &mut Vec<Remark>, &mut [Step]),
    ) -> Result<(), Error> {
        while let Some(first) = self.0.first() {
            let due = all || round.to_act().is_some_and(|t| t == name(first.player));
            if !due {
                break;
            }
            let effect = self.0.remove(0);
            let at = effect.step;
            let ruled = effect.take(hand, round, ledger, told, remarks)?;
            if let Some(step) = steps.get_mut(at) {
                step.ruled = ruled;
            }
        }
        Ok(())
    }
}

fn leave_out(
    hand: &Hand,
    round: &mut Round,
    number: usize,
    p: u8,
    acts_later: bool,
    (remarks, omitted, ledger): (&mut Vec<Remark>, &mut BTreeMap<u8, usize>, &mut Ledger),
) -> Result<(), Error> {
    let who = name(p);
    let can_check = round.spot(&who).is_ok_and(|s| s.facing <= s.in_front);
    let (kind, msg) = if can_check && acts_later {
        (ActionKind::Check, Msg::HandOmittedCheck)
    } else {
        (ActionKind::Fold, Msg::HandOmittedFold)
    };
    round
        .apply(
            number,
            &Action {
                player: Some(who),
                kind,
                total: None,
            },
        )
        .map_err(bad)?;
    if kind == ActionKind::Fold {
        ledger.folded.insert(p, true);
        omitted.insert(p, number);
    }
    remarks.push(remark(
        "omitted-action",
        Some(hand.label(p)),
        Some(number),
        Message::new(msg)
            .arg("player", hand.label(p))
            .arg("step", number),
    ));
    Ok(())
}

fn remark(
    kind: &'static str,
    player: Option<String>,
    before_step: Option<usize>,
    message: Message,
) -> Remark {
    Remark {
        kind,
        player,
        before_step,
        message,
        text: String::new(),
    }
}

/// Whether the player could raise: betting open for him, chips beyond the
/// call, and somebody else left whose chips go beyond the bet, to answer
/// a raise.
fn can_raise(round: &Round, who: &str, spot: &Spot) -> bool {
    let beyond_call = !matches!(spot.chips_allow(), ChipsAllow::CallAllIn { .. });
    let answered = round.seating().iter().any(|other| {
        *other != who
            && round.standing(other).is_some_and(|s| {
                !s.folded
                    && !s.all_in
                    && s.stack
                        .is_none_or(|stack| s.total.saturating_add(stack) > spot.facing)
            })
    });
    spot.may_raise && beyond_call && answered
}

/// The ruling of `stud-first-to-act` on equal showing hands: the highest
/// card by suit among `tied` acts first.
fn first_to_act(rules: &Rules<'_>, hand: &Hand, first: u8, tied: &[u8]) -> Result<Ruling, Error> {
    let seats: Vec<crate::poker::Seat> = tied.iter().map(|p| seat_number(hand, *p)).collect();
    let _ = first;
    let given: Given = vec![
        ("situation", choice(StudSituation::TiedHands)),
        ("by_suit", Answer::Seats(seats)),
    ];
    Ok(rules.ask::<StudFirstToAct>(given)?.1)
}

/// The seat number a ruling that draws the table uses for `p`: his seat
/// when the record gives every seat (1-10), else his number in the hand.
pub fn seat_number(hand: &Hand, p: u8) -> u8 {
    let all_known = hand
        .seats
        .iter()
        .all(|s| s.seat.is_some_and(|n| (1..=10).contains(&n)));
    if all_known {
        hand.seated(p).and_then(|s| s.seat).unwrap_or(p)
    } else {
        p
    }
}

/// The hand's end as the replay has it: the pots, the result, the stacks.
fn finish(
    hand: &Hand,
    rules: &Rules<'_>,
    steps: Vec<Step>,
    ledger: &Ledger,
    round: Option<&Round>,
    next: Option<Next>,
    mut remarks: Vec<Remark>,
) -> Result<Replay, Error> {
    let mut paid = ledger.paid.clone();
    let mut folded = ledger.folded.clone();
    let mut behind = ledger.behind.clone();
    // Stopped mid-round: that round's chips count too.
    if let Some(round) = round {
        for (p, total, f) in round.contributions() {
            if let Ok(p) = p.parse::<u8>() {
                let sum = paid.entry(p).or_default();
                *sum = add(*sum, total, "hand").map_err(bad)?;
                if f {
                    folded.insert(p, true);
                }
                if let Some(s) = round.standing(&name(p)) {
                    behind.insert(p, s.stack.or(behind.get(&p).copied().flatten()));
                }
            }
        }
    }
    // All-in as the hand stands, this round's all-ins included.
    let all_in = behind
        .iter()
        .filter(|(p, s)| **s == Some(0) && !folded.get(p).copied().unwrap_or(false))
        .map(|(p, _)| *p)
        .collect();
    let f = Finish {
        hand,
        rules,
        paid,
        folded,
        behind,
        dead: ledger.dead,
        all_in,
        antes: if ledger.trimmed {
            BTreeMap::new()
        } else {
            ledger.antes.clone()
        },
        ante_back: ledger.ante_back.clone(),
        over: next.is_none(),
    };
    let end = result::finish(&f)?;
    remarks.extend(end.remarks);
    Ok(Replay {
        id: hand.id.clone(),
        variant: hand.variant.code,
        edition: rules.edition.to_string(),
        players: end.players,
        steps,
        pots: end.pots,
        returned: end.returned,
        rake: end.rake,
        result: end.result,
        finishing_stacks_agree: end.finishing_stacks_agree,
        remarks,
        next,
        situation: None,
        contributions: end.contributions,
        dead: ledger.dead,
        unit: hand.unit,
    })
}

/// Whose turn it is: the next to act, or after an action out of turn the
/// player it skipped (or the next after him who still has to act).
fn whose_turn(round: &Round, skipped: Option<&str>) -> Option<u8> {
    match skipped {
        Some(s) => round.to_act_from(s),
        None => round.to_act(),
    }
    .and_then(|t| t.parse().ok())
}

fn at(n: usize, player: u8, problem: Message) -> Message {
    Message::new(Msg::ActionAt)
        .arg("n", n)
        .arg("player", player)
        .nested("problem", problem)
}

fn pot_limit_max(round: &Round, spot: &Spot) -> Option<Chips> {
    if spot.game != Game::PotLimit || !spot.may_raise {
        return None;
    }
    let max = round.pot_limit_max(spot).ok().flatten()?;
    Some(spot.all_in_total().map_or(max, |all| all.min(max)))
}

fn options(hand: &Hand, round: &Round, stage: Stage, p: u8, ledger: &Ledger) -> Option<Next> {
    let who = name(p);
    let spot = round.spot(&who).ok()?;
    let min_raise_to = spot.min_raise_to().ok();
    // As the incidents read it: his chips short of a legal raise leave an
    // all-in call, or an all-in for less.
    let allow = spot.chips_allow();
    let all_in_to = match allow {
        ChipsAllow::CallAllIn { total } | ChipsAllow::RaiseAllInOnly { total, .. } => Some(total),
        ChipsAllow::Enough => None,
    };
    let money = |c: Chips| Money::new(c, hand.unit);
    let raisable = can_raise(round, &who, &spot);
    Some(Next {
        street: stage,
        player: hand.label(p),
        seat: hand.seated(p).and_then(|s| s.seat),
        to_call: money(spot.to_call()),
        min_raise_to: min_raise_to.filter(|_| raisable).map(money),
        max_total: pot_limit_max(round, &spot).filter(|_| raisable).map(money),
        fixed: round.setup().game == Game::Limit,
        all_in_to: all_in_to.map(money),
        call_is_all_in: matches!(allow, ChipsAllow::CallAllIn { .. }),
        reopened: spot.may_raise,
        stack: spot.stack.map(money),
        committed: money(ledger.before_round(p).saturating_add(spot.in_front)),
        citations: Vec::new(),
        capped: spot
            .capped
            .then(|| round.setup().raise_cap.map_or(0, |c| c.raises)),
        waiting: Vec::new(),
    })
}

/// An action as ruled.
struct Ruled {
    action: Action,
    ruling: Option<Ruling>,
    /// Legal as written.
    legal: bool,
    /// The ruling changed it.
    corrected: bool,
    /// The action as played when it differs from the action as ruled (an
    /// undercall, a bet or raise below the minimum).
    as_played: Option<Action>,
    /// An undercall.
    undercall: bool,
    /// The record gives an amount below the minimum without saying how it
    /// was made, and the two readings rule differently: the replay says so.
    reading: Option<Message>,
}

/// What the replay knows of the round so far, for the rulings that look
/// back at it.
struct SoFar<'a> {
    street: Street,
    /// The round's actions as played, by seat number.
    played: &'a [Action],
    /// The bet faced at the last undercall, while nobody bet or raised
    /// since.
    undercall_facing: Option<Chips>,
    /// The small and the big blind, by seat number.
    blinds: (String, String),
    /// The player acts in turn.
    in_turn: bool,
}

/// The rules a ruling cites, `NUMBER[-PART]`.
pub fn cited(ruling: &Ruling) -> Vec<String> {
    ruling
        .citations
        .iter()
        .map(|c| match &c.part {
            Some(p) => format!("{}-{p}", c.number),
            None => c.number.clone(),
        })
        .collect()
}

/// The action as ruled: a legal action as it is; an irregular one through
/// its incident.
fn rule(
    hand: &Hand,
    rules: &Rules<'_>,
    round: &Round,
    spot: &Spot,
    mv: &super::Move,
    opener: PreflopOpener,
    so_far: &SoFar<'_>,
) -> Result<Ruled, Error> {
    let who = name(mv.player);
    let all_in_total = spot.all_in_total();
    let action = |kind: ActionKind, total: Option<Chips>| Action {
        player: Some(who.clone()),
        kind,
        total,
    };
    let facing_bet = spot.facing > spot.in_front;
    let min = spot.min_raise_to().unwrap_or(spot.facing);
    // The numbers of the bet incident for this player; the street sizes a
    // limit bet.
    let mut bet: Given = vec![
        ("game", choice(hand.game)),
        ("street", choice(so_far.street)),
        ("facing", Answer::Amount(spot.facing)),
        ("big_blind", Answer::Amount(hand.big_blind)),
        // Re-opened as TDA 47 has it; a limit cap on raises is told apart.
        ("reopened", Answer::Bool(spot.may_raise || spot.capped)),
    ];
    if spot.capped {
        bet.push(("raises", choice(RaisesMade::CapReached)));
    }
    if spot.facing > 0 {
        bet.push((
            "last_raise",
            Answer::Amount(spot.full_raise.max(1).min(spot.facing)),
        ));
        bet.push(("in_front", Answer::Amount(spot.in_front)));
    }
    if let Some(stack) = spot.stack {
        if stack == 0 {
            return Err(Error::bad(
                Message::new(Msg::PlayerAllIn).arg("player", mv.player),
            ));
        }
        bet.push(("stack", Answer::Amount(stack)));
    }
    if let Some(pot) = spot.pot
        && hand.game == Game::PotLimit
    {
        // Pre-flop a blind posted all-in short counts as posted in full
        // (54-B): the bet's cap is that of the pot so counted.
        let counted = pot.saturating_add(round.short_blinds_missing());
        bet.push(("pot", Answer::Amount(counted)));
    }
    let ruled = |kind: ActionKind, total: Option<Chips>, r: Ruling| Ruled {
        action: action(kind, total),
        ruling: Some(r),
        legal: false,
        corrected: true,
        as_played: None,
        undercall: false,
        reading: None,
    };
    // Less than the call put out, not all-in: an undercall (TDA 51-B), or
    // one in sequence after another (51-C). The replay goes on with the
    // full call; where the TD may let him fold instead, the ruling says so.
    let undercall = |put: Chips| -> Result<Ruled, Error> {
        let total = spot.in_front.saturating_add(put);
        let as_played = action(ActionKind::Call, Some(total));
        let r = if so_far.undercall_facing == Some(spot.facing) {
            let played: Vec<Action> = so_far
                .played
                .iter()
                .chain(std::iter::once(&as_played))
                .map(|a| renamed(so_far.street, a, &so_far.blinds))
                .collect();
            let mut answers: Given = vec![
                ("actions", Answer::Actions(played.clone())),
                ("street", choice(so_far.street)),
                ("big_blind", Answer::Amount(hand.big_blind)),
            ];
            if so_far.street.is_preflop() {
                answers.push(("small_blind", Answer::Amount(hand.small_blind)));
            }
            rules.ask::<UndercallSequence>(answers)?.1
        } else {
            let mut answers: Given = vec![
                ("heads_up", Answer::Bool(hand_active(round) == 2)),
                (
                    "opening_bet",
                    Answer::Bool(round.facing_opening_bet(opener)),
                ),
                ("facing", Answer::Amount(spot.facing)),
                ("pushed", Answer::Amount(put)),
                ("in_front", Answer::Amount(spot.in_front)),
            ];
            if let Some(stack) = spot.stack {
                answers.push(("stack", Answer::Amount(stack)));
            }
            answers.push(("in_turn", Answer::Bool(so_far.in_turn)));
            rules.ask::<Undercall>(answers)?.1
        };
        // The full call, or all his chips when they do not cover it.
        let full = match all_in_total {
            Some(all) if all <= spot.facing => ruled(ActionKind::AllIn, Some(all), r),
            _ => ruled(ActionKind::Call, None, r),
        };
        Ok(Ruled {
            as_played: Some(as_played),
            undercall: true,
            ..full
        })
    };
    let by_bet = |extra: Given| -> Result<(Ruled, Chips), Error> {
        let mut answers = bet.clone();
        answers.extend(extra);
        let (decision, r): (Decision<Bet>, Ruling) = match rules.ask::<Bet>(answers) {
            Ok(ruled) => ruled,
            // Less than the call: the undercall incident's.
            Err(Error::Refused(Refusal::Undercall { total, .. })) => {
                return Ok((undercall(total.saturating_sub(spot.in_front))?, total));
            }
            Err(e) => return Err(e),
        };
        let total = decision.amounts.total;
        let kind = match decision.outcome {
            BetOutcome::Check => ActionKind::Check,
            BetOutcome::Call => ActionKind::Call,
            BetOutcome::AllIn => ActionKind::AllIn,
            BetOutcome::Bet => ActionKind::Bet,
            BetOutcome::Raise => ActionKind::Raise,
            // Said "check" facing a bet: the replay goes on with a call.
            BetOutcome::CallOrFold => ActionKind::Call,
        };
        let to = match kind {
            ActionKind::Check | ActionKind::Call => None,
            _ => Some(total),
        };
        Ok((ruled(kind, to, r), total))
    };
    let legal = |a: Action| -> Result<Ruled, Error> {
        Ok(Ruled {
            action: a,
            ruling: None,
            legal: true,
            corrected: false,
            as_played: None,
            undercall: false,
            reading: None,
        })
    };
    let by_total = |t: Chips| -> ActionKind {
        if all_in_total == Some(t) {
            ActionKind::AllIn
        } else if spot.facing == 0 {
            ActionKind::Bet
        } else {
            ActionKind::Raise
        }
    };
    match &mv.act {
        Act::BringIn => Err(Error::bad(Message::new(Msg::BringInNotFirst))),
        Act::Fold => legal(action(ActionKind::Fold, None)),
        Act::Check if !facing_bet => legal(action(ActionKind::Check, None)),
        // A check facing a bet: "check" said facing a bet.
        Act::Check => by_bet(vec![("declared", choice(Declared::Check))]).map(|(r, _)| r),
        Act::CheckOrCall if !facing_bet => legal(action(ActionKind::Check, None)),
        Act::Call(None) | Act::CheckOrCall => {
            if all_in_total.is_some_and(|all| all <= spot.facing) {
                legal(action(ActionKind::AllIn, all_in_total))
            } else {
                legal(action(ActionKind::Call, None))
            }
        }
        Act::Call(Some(put)) => {
            let total = spot.in_front.saturating_add(*put);
            // All his chips, short of the call: an all-in call, no undercall.
            if all_in_total == Some(total) && total < spot.facing {
                return legal(action(ActionKind::AllIn, Some(total)));
            }
            if total >= spot.facing {
                return legal(action(ActionKind::Call, None));
            }
            undercall(*put)
        }
        Act::AllIn(total) => {
            let t = total.or(all_in_total);
            // All his chips over the pot in pot-limit, or a raise where
            // betting was not re-opened for him: "all-in" said, as the bet
            // incident rules it (the pot, or a call).
            let over_pot = hand.game == Game::PotLimit
                && t.zip(pot_limit_max(round, spot))
                    .is_some_and(|(t, max)| t > max);
            let not_reopened = !spot.may_raise && t.is_some_and(|t| t > spot.facing);
            if over_pot || not_reopened {
                return by_bet(vec![("declared", choice(Declared::AllIn))]).map(|(r, _)| r);
            }
            legal(action(ActionKind::AllIn, t))
        }
        Act::Bet(t) | Act::Raise(t) | Act::BetOrRaise(t) => {
            let t = *t;
            let short = match hand.game {
                Game::Limit => t != min,
                Game::NoLimit | Game::PotLimit => t < min,
            };
            let over_pot = hand.game == Game::PotLimit
                && pot_limit_max(round, spot).is_some_and(|max| t > max);
            let all_in = all_in_total == Some(t);
            if (short && !all_in) || over_pot || (!spot.may_raise && t > spot.facing && !all_in) {
                // Below the minimum or above the maximum: the bet rules on a
                // declared amount ("raise to N").
                let declared = if spot.facing == 0 {
                    Declared::Bet
                } else {
                    Declared::Raise
                };
                let (mut r, total) = by_bet(vec![
                    ("declared", choice(declared)),
                    ("declared_amount", Answer::Amount(t)),
                ])?;
                // Read as said aloud; pushed without a word, the same chips
                // may rule otherwise (the 50% standard): then the replay
                // tells both.
                if t < min
                    && let Some(put) = t.checked_sub(spot.in_front).filter(|p| *p > 0)
                    && let Ok((pushed, _)) = by_bet(vec![("pushed", Answer::Amount(put))])
                    && pushed.action != r.action
                    && let (Some(said), Some(other)) = (&r.ruling, &pushed.ruling)
                {
                    // The pushed reading's rules, where it cites any.
                    let rules = cited(other);
                    let reading = Message::new(if rules.is_empty() {
                        Msg::HandAmountReadingUncited
                    } else {
                        Msg::HandAmountReading
                    })
                    .arg("player", hand.label(mv.player))
                    .arg("total", t)
                    .arg("min", min)
                    .arg("said", &said.outcome_text)
                    .arg("pushed", &other.outcome_text);
                    r.reading = Some(if rules.is_empty() {
                        reading
                    } else {
                        reading.arg("rules", rules.join(", "))
                    });
                }
                if t < min {
                    let kind = if spot.facing == 0 {
                        ActionKind::Bet
                    } else {
                        ActionKind::Raise
                    };
                    r.as_played = Some(action(kind, Some(t)));
                }
                if hand.game == Game::Limit
                    && t > min
                    && spot.may_raise
                    && let Some(ruling) = r.ruling.as_mut()
                {
                    above_the_limit(rules, ruling, total);
                }
                return Ok(r);
            }
            legal(action(by_total(t), Some(t)))
        }
        Act::Pushed(chips) => by_bet(vec![("pushed", Answer::Amount(*chips))]).map(|(r, _)| r),
        Act::Chips(chips) => by_bet(vec![("chips", Answer::Chips(chips.clone()))]).map(|(r, _)| r),
        Act::Said(amount) => by_bet(vec![
            ("declared", choice(Declared::Number)),
            ("declared_amount", Answer::Amount(*amount)),
        ])
        .map(|(r, _)| r),
        Act::TwoMotions(first, second) => by_bet(vec![
            ("declared", choice(Declared::Raise)),
            ("pushed", Answer::Amount(*first)),
            ("second_motion", Answer::Chips(vec![*second])),
        ])
        .map(|(r, _)| r),
    }
}

/// A fixed-limit bet or raise above the fixed amount: no edition has a
/// rule for it (their raise rules set a minimum), so the ruling cites none
/// and names the practice the replay follows.
fn above_the_limit(rules: &Rules<'_>, ruling: &mut Ruling, total: Chips) {
    ruling.citations.clear();
    ruling.notes.push(
        rules
            .ui
            .f("hand.above_the_limit", &[("total", &total.to_string())]),
    );
}

/// The ruling on `mv` made out of turn while `skipped` was to act: it
/// stands unless the skipped player, or a player seated between him and the
/// player, bets or raises before the player acts again (then he may change
/// it); true when it does not stand. The skipped player spoke up in time
/// unless the actions from `mv` until his own make substantial action (TDA
/// 36, the edition's counts; a count the edition does not state is the TDA
/// practice, noted on the ruling). Read as the incident reads the round told
/// by its actions ([`seated_between`], [`what_followed`]). `round` is the
/// round before `mv`.
fn out_of_turn(
    rules: &Rules<'_>,
    round: &Round,
    ruled: &Action,
    skipped: u8,
    mv: &super::Move,
    street_moves: &[super::Move],
) -> Result<(Ruling, bool), Error> {
    // An all-in out of turn is a raise for this rule.
    let kind = match ruled.kind {
        ActionKind::AllIn => ActionKind::Raise,
        kind => kind,
    };
    let here = street_moves
        .iter()
        .position(|m| std::ptr::eq(m, mv))
        .unwrap_or(0);
    // The amount to call when the skipped player acts: the round with the
    // out-of-turn action in, raised by any bet in between.
    let mut ahead = round.clone();
    let mut facing = match ahead.apply(here + 1, ruled) {
        Ok(()) => ahead.facing(),
        Err(_) => round.facing(),
    };
    // Every action after it: who, whether he bet or raised (an all-in that
    // calls, or calls short, the amount he faces does not, TDA 53-A), and
    // its kind for substantial action.
    let (player, skipped) = (name(mv.player), name(skipped));
    let between = seated_between(&round.seating(), &skipped, &player);
    let mut after: Vec<(String, bool, ActionKind)> = Vec::new();
    for m in street_moves.iter().skip(here + 1) {
        let to = raised_to(round, m);
        let raises = match m.act {
            Act::Bet(_) | Act::Raise(_) | Act::BetOrRaise(_) => true,
            Act::AllIn(_) => to.is_some_and(|t| t > facing),
            _ => false,
        };
        after.push((name(m.player), raises, move_kind(m, to, facing)));
        if let Some(t) = to {
            facing = facing.max(t);
        }
    }
    let followed = what_followed(
        after.iter().map(|(who, raises, _)| (who.as_str(), *raises)),
        &player,
        &skipped,
        &between,
    );
    // Behind the skipped player: the out-of-turn action and every one after
    // it until he acts.
    let behind: Vec<ActionKind> = std::iter::once(ruled.kind)
        .chain(after.iter().take(followed.behind).map(|(_, _, k)| *k))
        .collect();
    let changed = followed.changed;
    let sa = substantial_action(&behind, rules.sa_thresholds()?)?;
    let given: Given = vec![
        ("oot_action", choice(kind)),
        ("action_changed", Answer::Bool(changed)),
        (
            "skipped_spoke",
            Answer::Bool(sa.outcome != SaOutcome::SubstantialAction),
        ),
    ];
    let (decision, ruling) = rules.ask_reading::<OutOfTurn>(given, |params| {
        SaThresholds::of(params);
    })?;
    Ok((ruling, decision.outcome == OutOfTurnOutcome::NotBinding))
}

/// The total `m` bets or raises to, as written (an all-in without its total:
/// the player's chips in `round`); none for a check, call or fold.
fn raised_to(round: &Round, m: &super::Move) -> Option<Chips> {
    match m.act {
        Act::Bet(t) | Act::Raise(t) | Act::BetOrRaise(t) | Act::AllIn(Some(t)) => Some(t),
        Act::AllIn(None) => round
            .spot(&name(m.player))
            .ok()
            .and_then(|s| s.all_in_total()),
        _ => None,
    }
}

/// The kind of `m` for counting substantial action: whether it put chips in.
fn move_kind(m: &super::Move, to: Option<Chips>, facing: Chips) -> ActionKind {
    match (&m.act, to) {
        (Act::Fold, _) => ActionKind::Fold,
        (Act::Check, _) => ActionKind::Check,
        (Act::CheckOrCall, _) if facing == 0 => ActionKind::Check,
        (_, Some(t)) if t > facing => ActionKind::Raise,
        _ => ActionKind::Call,
    }
}

/// Players still in the hand in this round (not folded).
fn hand_active(round: &Round) -> usize {
    round
        .contributions()
        .iter()
        .filter(|(_, _, folded)| !folded)
        .count()
}

impl Replay {
    /// The rulings behind the next player's options: whether betting is
    /// open for him and the minimum raise (`reopening`), and in pot-limit
    /// the maximum (`pot-limit`), from the round as played (as ruled).
    /// An incident that cannot start from this point (the hand has a player
    /// act whom the round as ruled does not call on) gives no ruling: the
    /// options stand on the round alone.
    pub fn options_rulings(&self, rules: &Rules<'_>) -> Result<Vec<Ruling>, Error> {
        let Some(situation) = &self.situation else {
            return Ok(Vec::new());
        };
        let given = |id: &'static str| -> Result<Given, Error> {
            let mut out = Vec::new();
            for (key, answer) in situation.answers_for(id) {
                if rules.loaded.asks(rules.store, rules.edition, id, key)? {
                    out.push((key, answer));
                }
            }
            Ok(out)
        };
        let mut out = Vec::new();
        if let Ok((_, r)) = rules.ask::<Reopening>(given(Reopening::ID)?) {
            out.push(r);
        }
        if situation.game == Game::PotLimit
            && self.next.as_ref().is_some_and(|n| n.reopened)
            && let Ok((_, r)) = rules.ask::<PotLimit>(given(PotLimit::ID)?)
        {
            out.push(r);
        }
        Ok(out)
    }
}
