//! Same facts, same ruling. Betting rounds are generated (no-limit,
//! pot-limit, limit; 2 to 10 players; blinds, antes or a big-blind ante;
//! short and full all-ins; every street), and for every betting incident
//! and every edition the facts told as the round was played (the actions,
//! the stacks, the player) and the same facts told as numbers must give the
//! identical ruling: outcome, every amount, the citations, the notes, the
//! remedy. `floor hand` ruling the round's last action must agree with the
//! incident ruling the same action told by its actions.
//!
//! `out-of-turn` is told both ways too: the round with the action out of
//! turn and those after it, or the three facts of the rule (the action, the
//! action changed, the skipped player spoke in time); `floor hand` ruling
//! the action out of turn must agree. The other betting incidents are told
//! one way only, so there is nothing to compare: `undercall-sequence`,
//! `underraise-callers`, `reopening` and `limit-raises` by the actions,
//! `incorrect-bet` and `unclear-bet` by the numbers.
//!
//! A house minimum raise (dpc-2019-en's note DPC-1, twice the bet faced)
//! makes other raises legal, so its editions get rounds generated under it:
//! each seed gives one round per minimum-raise rule, the editions without a
//! house minimum sharing theirs.
//!
//! `cargo test` runs a modest number of rounds; `FLOOR_EQUIVALENCE_CASES`
//! sets another (`.ci/run` runs thousands) and `FLOOR_EQUIVALENCE_SEED` the
//! seed. The counts are printed with `--nocapture`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use floor::data::DataSource;
use floor::engine::{GivenAnswers, Ruling, Tree};
use floor::hand::replay::Rules;
use floor::poker::{
    Action, ActionKind, Chips, Game, HouseMinimum, Round, Setup, Spot, Street, TableSeat,
};
use floor::rules::Store;
use floor::ui::{Lang, Ui};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use crate::common::Rng;

const EDITIONS: [&str; 5] = [
    "dpc-2019-en",
    "onk-2023-nl",
    "pokerpunt-nl",
    "tda-2015-de",
    "tda-2019-sk",
];

/// The antes of the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ante {
    None,
    Each(Chips),
    BigBlind(Chips),
}

/// A betting round generated up to the player to act.
#[derive(Debug, Clone)]
struct Scenario {
    game: Game,
    street: Street,
    big_blind: Chips,
    small_blind: Chips,
    ante: Ante,
    /// Seat numbers in acting order for this street.
    order: Vec<u8>,
    /// Each player's chips at the start of the hand, by seat.
    hand_stacks: BTreeMap<u8, Chips>,
    /// Each player's chips behind at the start of this street (after the
    /// blinds), by seat.
    street_stacks: BTreeMap<u8, Chips>,
    /// The chips in the pot before this street.
    dead: Chips,
    /// The actions of the street, by seat.
    moves: Vec<(u8, ActionKind, Option<Chips>)>,
    /// The round after them.
    round: Round,
    /// The seat to act.
    player: u8,
    /// Seats of the blinds.
    sb: u8,
    bb: u8,
}

impl Scenario {
    /// The player's name in the answers: pre-flop the blinds are SB and BB.
    fn name(&self, seat: u8) -> String {
        if self.street.is_preflop() && seat == self.sb {
            "SB".into()
        } else if self.street.is_preflop() && seat == self.bb {
            "BB".into()
        } else {
            seat.to_string()
        }
    }

    /// The round's actions so far; `none` before the first.
    fn actions(&self) -> String {
        match self.moves.is_empty() {
            true => "none".to_string(),
            false => self.actions_of(&self.moves),
        }
    }

    fn actions_of(&self, moves: &[(u8, ActionKind, Option<Chips>)]) -> String {
        moves
            .iter()
            .map(|(seat, kind, total)| {
                Action {
                    player: Some(self.name(*seat)),
                    kind: *kind,
                    total: *total,
                }
                .to_string()
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    fn stacks(&self) -> String {
        self.order
            .iter()
            .map(|s| format!("{}:{}", self.name(*s), self.street_stacks[s]))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn street_id(&self) -> &'static str {
        self.street.into()
    }

    fn game_id(&self) -> &'static str {
        self.game.into()
    }

    /// The answers that tell the round as it was played.
    fn told_as_played(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![
            ("street", self.street_id().to_string()),
            ("big_blind", self.big_blind.to_string()),
            ("actions", self.actions()),
            ("player", self.name(self.player)),
            ("stacks", self.stacks()),
        ];
        if self.street.is_preflop() {
            out.push(("small_blind", self.small_blind.to_string()));
        }
        out
    }

    /// The compact notation of the hand up to this street's actions, and
    /// then the moves `after` (seat, compact action).
    fn hand(&self, after: &[(u8, String)]) -> String {
        let game = match self.game {
            Game::NoLimit => "NL",
            Game::PotLimit => "PL",
            Game::Limit => "FL",
        };
        let mut head = format!("{game} {}/{}", self.small_blind, self.big_blind);
        match self.ante {
            Ante::None => {}
            Ante::Each(a) => head.push_str(&format!(" ante {a}")),
            Ante::BigBlind(a) => head.push_str(&format!(" bbante {a}")),
        }
        let button = *self.hand_stacks.keys().last().expect("seats");
        head.push_str(&format!(" button {button}\n"));
        let seats: Vec<String> = self
            .hand_stacks
            .iter()
            .map(|(s, c)| format!("{s}:{c}"))
            .collect();
        let mut text = format!("{head}{}\n", seats.join(" "));
        // The streets before: everyone calls the big blind, then checks.
        let preflop_order = preflop_order(self.hand_stacks.len() as u8);
        let streets = [Street::Preflop, Street::Flop, Street::Turn, Street::River];
        for s in streets {
            let label = match s {
                Street::Preflop => "pre",
                Street::Flop => "flop",
                Street::Turn => "turn",
                _ => "river",
            };
            if s == self.street {
                let mut line: Vec<String> = self
                    .moves
                    .iter()
                    .map(|(seat, kind, total)| format!("{seat} {}", compact(*kind, *total)))
                    .collect();
                line.extend(after.iter().map(|(seat, m)| format!("{seat} {m}")));
                text.push_str(&format!("{label}: {}\n", line.join(", ")));
                break;
            }
            let line: Vec<String> = if s == Street::Preflop {
                preflop_order
                    .iter()
                    .map(|seat| {
                        if *seat == self.bb {
                            format!("{seat} x")
                        } else {
                            format!("{seat} c")
                        }
                    })
                    .collect()
            } else {
                postflop_order(self.hand_stacks.len() as u8)
                    .iter()
                    .map(|seat| format!("{seat} x"))
                    .collect()
            };
            text.push_str(&format!("{label}: {}\n", line.join(", ")));
        }
        text
    }
}

fn compact(kind: ActionKind, total: Option<Chips>) -> String {
    match (kind, total) {
        (ActionKind::Fold, _) => "f".into(),
        (ActionKind::Check, _) => "x".into(),
        (ActionKind::Call, _) => "c".into(),
        (ActionKind::Bet, Some(t)) => format!("b{t}"),
        (ActionKind::Raise, Some(t)) => format!("r{t}"),
        (ActionKind::AllIn, Some(t)) => format!("a{t}"),
        (ActionKind::AllIn, None) => "a".into(),
        (k, _) => k.word().into(),
    }
}

/// Seats 1..=n clockwise, the button on seat n: pre-flop the first to act
/// is left of the big blind (heads-up the button, who posts the small
/// blind, acts first).
fn preflop_order(n: u8) -> Vec<u8> {
    if n == 2 {
        return vec![2, 1];
    }
    (3..=n).chain([1, 2]).collect()
}

fn postflop_order(n: u8) -> Vec<u8> {
    (1..=n).collect()
}

fn blinds(n: u8) -> (u8, u8) {
    if n == 2 { (2, 1) } else { (1, 2) }
}

/// A legal action for `who` in `round`, as the generator plays it: fold,
/// check or call, a bet or raise, or all-in. `Some(None)`: none this time
/// (an all-in above the limit's raise or the pot); `None`: the round
/// refused him.
fn pick_move(
    rng: &mut Rng,
    round: &Round,
    who: &str,
    game: Game,
) -> Option<Option<(ActionKind, Option<Chips>)>> {
    let spot = round.spot(who).ok()?;
    let all = spot.all_in_total().unwrap_or(Chips::MAX);
    let facing_bet = spot.facing > spot.in_front;
    let min = spot.min_raise_to().ok()?;
    let max = match game {
        Game::Limit => min,
        Game::PotLimit => spot.pot_limit_max().ok()?,
        Game::NoLimit => all,
    };
    let roll = rng.range(0, 99);
    let (kind, total) = if facing_bet && roll < 12 {
        (ActionKind::Fold, None)
    } else if roll < 50 {
        if facing_bet {
            if all <= spot.facing {
                (ActionKind::AllIn, Some(all))
            } else {
                (ActionKind::Call, None)
            }
        } else {
            (ActionKind::Check, None)
        }
    } else if roll < 85 && spot.may_raise && min < all {
        let t = rng.range(min, max.min(all));
        let kind = if t == all {
            ActionKind::AllIn
        } else if spot.facing == 0 {
            ActionKind::Bet
        } else {
            ActionKind::Raise
        };
        (kind, Some(t))
    } else if all < Chips::MAX && all > spot.in_front && (spot.may_raise || all <= spot.facing) {
        // All-in, short of a bet or raise or not; never over the limit's
        // fixed raise or the pot.
        if all > max {
            return Some(None);
        }
        (ActionKind::AllIn, Some(all))
    } else if facing_bet {
        (ActionKind::Call, None)
    } else {
        (ActionKind::Check, None)
    };
    Some(Some((kind, total)))
}

/// A round generated from `seed` under the minimum raise of `house` (TDA 43
/// alone when `None`); `None` when nobody is left to act.
fn scenario(seed: u64, house: Option<HouseMinimum>) -> Option<Scenario> {
    let mut rng = Rng(seed);
    let game = rng.pick(&[Game::NoLimit, Game::PotLimit, Game::Limit]);
    let street = rng.pick(&[Street::Preflop, Street::Flop, Street::Turn, Street::River]);
    let n = rng.range(2, 10) as u8;
    let big_blind = rng.pick(&[100u64, 200, 400, 1000]);
    let small_blind = big_blind / 2;
    let ante = match rng.range(0, 2) {
        0 => Ante::None,
        1 => Ante::Each(big_blind / 10),
        _ => Ante::BigBlind(big_blind),
    };
    let (sb, bb) = blinds(n);
    let order = if street.is_preflop() {
        preflop_order(n)
    } else {
        postflop_order(n)
    };
    // Chips at the start of the street: some short (all-in soon), most not.
    let mut street_stacks = BTreeMap::new();
    for seat in 1..=n {
        let bbs = if rng.chance(25) {
            rng.range(1, 6)
        } else {
            rng.range(10, 120)
        };
        street_stacks.insert(seat, bbs * big_blind + rng.range(0, 3) * (big_blind / 4));
    }
    // What each paid before this street: antes, and pre-flop everybody
    // called the big blind.
    let ante_of = |seat: u8| match ante {
        Ante::None => 0,
        Ante::Each(a) => a,
        Ante::BigBlind(a) if seat == bb => a,
        Ante::BigBlind(_) => 0,
    };
    let antes: Chips = (1..=n).map(ante_of).sum();
    let mut hand_stacks = BTreeMap::new();
    for seat in 1..=n {
        let before = if street.is_preflop() {
            if seat == sb {
                small_blind
            } else if seat == bb {
                big_blind
            } else {
                0
            }
        } else {
            big_blind
        };
        hand_stacks.insert(seat, street_stacks[&seat] + before + ante_of(seat));
    }
    let dead = if street.is_preflop() {
        antes
    } else {
        antes + big_blind * Chips::from(n)
    };
    let mut setup = Setup::new(game, street, big_blind);
    setup.small_blind = Some(small_blind);
    setup.dead = Some(dead);
    setup.house = house;
    // The TDA practice every bundled edition follows in limit: half a bet
    // re-opens, and a bet and three raises are the cap.
    setup.limit_reopen_percent = 50;
    if game == Game::Limit {
        setup.raise_cap = Some(floor::poker::RaiseCap {
            raises: 3,
            lifted_two_left: false,
        });
    }
    let name = |seat: u8| {
        if street.is_preflop() && seat == sb {
            "SB".to_string()
        } else if street.is_preflop() && seat == bb {
            "BB".to_string()
        } else {
            seat.to_string()
        }
    };
    let seats: Vec<TableSeat> = order
        .iter()
        .map(|s| {
            let posted = if !street.is_preflop() {
                0
            } else if *s == sb {
                small_blind
            } else if *s == bb {
                big_blind
            } else {
                0
            };
            TableSeat {
                name: name(*s),
                stack: Some(street_stacks[s]),
                posted,
                due: posted,
            }
        })
        .collect();
    let mut round = Round::at_table(setup, &seats).ok()?;
    let seat_of = |name: &str| -> u8 {
        match name {
            "SB" => sb,
            "BB" => bb,
            n => n.parse().unwrap_or(0),
        }
    };
    let mut moves = Vec::new();
    let length = rng.range(0, 9);
    for k in 1..=length {
        if round.betting_over() {
            break;
        }
        let Some(who) = round.to_act().map(str::to_string) else {
            break;
        };
        let Some((kind, total)) = pick_move(&mut rng, &round, &who, game)? else {
            continue;
        };
        let action = Action {
            player: Some(who.clone()),
            kind,
            total,
        };
        if round.apply(k as usize, &action).is_err() {
            return None;
        }
        moves.push((seat_of(&who), kind, total));
    }
    if round.betting_over() {
        return None;
    }
    let player = seat_of(round.to_act()?);
    round.spot(&name(player)).ok()?;
    Some(Scenario {
        game,
        street,
        big_blind,
        small_blind,
        ante,
        order,
        hand_stacks,
        street_stacks,
        dead,
        moves,
        round,
        player,
        sb,
        bb,
    })
}

/// What is compared of two rulings: everything a floor person acts on.
/// The notes naming a TDA practice where the edition is silent say how the
/// facts were read, which depends on how they were told: they are left out
/// (and counted).
fn essence(r: &Ruling) -> serde_json::Value {
    let notes: Vec<&String> = r
        .notes
        .iter()
        .filter(|n| !r.practices.contains(n))
        .collect();
    serde_json::json!({
        "outcome": r.outcome,
        "amounts": r.amounts,
        "citations": r.citations.iter().map(|c| (c.number.clone(), c.part.clone())).collect::<Vec<_>>(),
        "notes": notes,
        "remedy": r.remedy,
        "discretion": r.discretion,
    })
}

fn outcome_of(r: &floor::Result<Ruling>) -> serde_json::Value {
    match r {
        Ok(r) => essence(r),
        Err(e) => serde_json::json!({"refused": e.input_key(), "message": e.message().to_string()}),
    }
}

struct Rig {
    store: Store,
    ui: Ui,
    trees: BTreeMap<&'static str, Tree>,
    /// The editions by the minimum raise they rule with: TDA 43 alone, or
    /// a house minimum above it.
    families: Vec<(Option<HouseMinimum>, Vec<&'static str>)>,
}

impl Rig {
    fn new() -> Rig {
        let store = Store::open(DataSource::Embedded).expect("store");
        let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
        let trees = ["bet", "undercall", "pot-limit", "side-pots", "out-of-turn"]
            .into_iter()
            .map(|id| (id, floor::engine::load(store.source(), id).expect("tree")))
            .collect();
        let mut families: Vec<(Option<HouseMinimum>, Vec<&'static str>)> = Vec::new();
        for edition in EDITIONS {
            let params = store.book(edition).expect("edition").params();
            let house = floor::incidents::situation::house_minimum(
                &floor::rules::params::Resolved::new(&params),
            );
            match families.iter_mut().find(|(h, _)| *h == house) {
                Some((_, editions)) => editions.push(edition),
                None => families.push((house, vec![edition])),
            }
        }
        assert!(
            families
                .iter()
                .any(|(h, e)| h.is_some() && e.contains(&"dpc-2019-en")),
            "dpc-2019-en rules with its house minimum"
        );
        Rig {
            store,
            ui,
            trees,
            families,
        }
    }

    fn rule(&self, id: &str, edition: &str, answers: &[(&str, String)]) -> floor::Result<Ruling> {
        let tree = &self.trees[id];
        let book = self.store.book(edition)?;
        // The tree as the edition's walkthrough asks it: a question that
        // depends on what the edition states is asked there.
        let stated = floor::rules::provisions::StatedIn::of(&book)?;
        let tree = tree.for_edition_stating(&book.params(), stated.as_ref());
        let given: BTreeMap<String, String> = answers
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        let mut source = GivenAnswers::new(&tree, given)?;
        let walked = floor::engine::walk(&tree, &mut source)?;
        floor::engine::decide(&tree, &book, &self.ui, &walked)
    }
}

#[derive(Default)]
struct Counts {
    rounds: AtomicUsize,
    comparisons: AtomicUsize,
    both_refused: AtomicUsize,
    not_told_in_numbers: AtomicUsize,
    hands: AtomicUsize,
    oot_rounds: AtomicUsize,
    oot_comparisons: AtomicUsize,
    oot_hands: AtomicUsize,
    oot_hands_all_in_call: AtomicUsize,
    /// Records where players after the one out of turn act before the
    /// skipped player.
    oot_hands_others_first: AtomicUsize,
    /// Records where the skipped player answered a bet out of turn, then
    /// one seated between raised (not compared).
    oot_hands_answered_bet: AtomicUsize,
    /// Records that never show the skipped player again (not compared).
    oot_hands_never_back: AtomicUsize,
    /// Records where the skipped player, backed up to at once, checks or
    /// bets as if the bet out of turn had not been made (53-A).
    oot_hands_as_if_not_made: AtomicUsize,
    /// Records with a player seated between the skipped player and the one
    /// out of turn.
    oot_hands_seated_between: AtomicUsize,
    /// Records where players act after the skipped player, before the
    /// action is back to the one out of turn.
    oot_hands_between_acted: AtomicUsize,
    /// Rounds generated under a house minimum raise.
    house_rounds: AtomicUsize,
    /// Undercalls by a player still to act whom the round has not called on.
    undercalls_out_of_turn: AtomicUsize,
}

/// What the player does: silent chips, or words and chips.
fn act(rng: &mut Rng, s: &Scenario) -> Vec<(&'static str, String)> {
    let spot = s.round.spot(&s.name(s.player)).expect("spot");
    let call = spot.facing.saturating_sub(spot.in_front);
    let top = (call * 3).max(s.big_blind * 3);
    let mut out = Vec::new();
    match rng.range(0, 5) {
        0 => {
            let chip = rng.pick(&[25u64, 100, 500, 1000, 5000, 25_000]);
            out.push(("chips", chip.to_string()));
        }
        1 => {
            let a = rng.pick(&[100u64, 500, 1000]);
            let b = rng.pick(&[25u64, 100, 500, 1000]);
            out.push(("chips", format!("{a},{b}")));
        }
        2 => {
            out.push(("declared", "raise".into()));
            out.push(("declared_amount", rng.range(1, top).to_string()));
        }
        3 => {
            out.push(("declared", rng.pick(&["call", "check", "all-in"]).into()));
        }
        _ => out.push(("pushed", rng.range(1, top).to_string())),
    }
    // Never more than he has.
    if let Some(stack) = spot.stack {
        let pushed = out.iter().find_map(|(k, v)| match *k {
            "pushed" => v.parse::<Chips>().ok(),
            "chips" => Some(v.split(',').filter_map(|c| c.parse::<Chips>().ok()).sum()),
            _ => None,
        });
        if pushed.is_some_and(|p| p > stack) {
            out.retain(|(k, _)| !matches!(*k, "pushed" | "chips"));
            out.push(("pushed", stack.to_string()));
        }
    }
    if spot.in_front > 0 {
        match rng.range(0, 3) {
            0 => out.push(("prior_chips", "none".into())),
            1 => out.push(("prior_chips", "left".into())),
            2 if spot.in_front >= 2 => {
                out.push(("prior_chips", "partly-pulled".into()));
                out.push(("pulled_back", rng.range(1, spot.in_front - 1).to_string()));
            }
            _ => out.push(("prior_chips", "fully-pulled".into())),
        }
    }
    out
}

/// The facts of `out-of-turn` as a floor person gives them, beside the
/// ruling told by the round's actions: the round generated up to the player
/// to act (the skipped one), the next player (or the one after him, a
/// player seated between them) acts before him, then a few players: the
/// skipped one at once when the floor backs the action up, else those
/// after the out-of-turn player first; after the skipped player, those
/// seated between, until the action comes back to the out-of-turn player.
/// What the rule asks is read off what the generator did: the action out of
/// turn, whether the skipped player or one seated between then bet or
/// raised on his first action after it (the action changed, TDA 53-A), and
/// whether substantial action
/// (the edition's counts, TDA 36) came behind the skipped player before he
/// acted. `floor hand` ruling the action out of turn must agree, whatever
/// the record shows after it: the skipped player at once, others first,
/// players seated between, or never again (the record leaves his action
/// out).
fn check_out_of_turn(
    rig: &Rig,
    counts: &Counts,
    s: &Scenario,
    seed: u64,
    editions: &[&'static str],
) -> Result<(), TestCaseError> {
    // The incident replays the round as no-limit (it asks no game): a limit
    // round's completions after a short all-in are no no-limit raises.
    if s.game == Game::Limit {
        return Ok(());
    }
    let mut rng = Rng(seed ^ 0x00_07_0F_70);
    let skipped = s.name(s.player);
    let seat_of = |name: &str| -> u8 {
        match name {
            "SB" => s.sb,
            "BB" => s.bb,
            n => n.parse().unwrap_or(0),
        }
    };
    // Who acts out of turn: the next to act once the skipped player is past.
    let mut past = s.round.clone();
    let fold = Action {
        player: Some(skipped.clone()),
        kind: ActionKind::Fold,
        total: None,
    };
    if past.apply(99, &fold).is_err() || past.betting_over() {
        return Ok(());
    }
    let Some(mut oot_name) = past.to_act().map(str::to_string) else {
        return Ok(());
    };
    if oot_name == skipped {
        return Ok(());
    }
    // The skipped player and those seated between him and the player out of
    // turn: their bet or raise changes the action (TDA 53-A).
    let mut between = vec![skipped.clone()];
    if rng.chance(40) {
        let fold = Action {
            player: Some(oot_name.clone()),
            kind: ActionKind::Fold,
            total: None,
        };
        if past.apply(99, &fold).is_ok()
            && !past.betting_over()
            && let Some(further) = past.to_act().map(str::to_string)
            && further != skipped
        {
            between.push(std::mem::replace(&mut oot_name, further));
        }
    }
    let spot = s.round.spot(&oot_name).expect("the next player's spot");
    let all = spot.all_in_total().unwrap_or(Chips::MAX);
    let facing_bet = spot.facing > spot.in_front;
    let passive = if !facing_bet {
        (ActionKind::Check, None)
    } else if all > spot.facing {
        (ActionKind::Call, None)
    } else {
        (ActionKind::Fold, None)
    };
    let roll = rng.range(0, 99);
    let (kind, total) = if roll < 20 {
        (ActionKind::Fold, None)
    } else if roll < 60 {
        passive
    } else {
        let min = spot.min_raise_to().unwrap_or(Chips::MAX);
        let max = match s.game {
            Game::PotLimit => spot.pot_limit_max().unwrap_or(min),
            _ => all,
        }
        .min(all.saturating_sub(1));
        if spot.may_raise && min <= max {
            let t = rng.range(min, max);
            let kind = if spot.facing == 0 {
                ActionKind::Bet
            } else {
                ActionKind::Raise
            };
            (kind, Some(t))
        } else {
            passive
        }
    };
    let oot = Action {
        player: Some(oot_name.clone()),
        kind,
        total,
    };
    let mut round = s.round.clone();
    let mut n = s.moves.len() + 1;
    round
        .apply(n, &oot)
        .map_err(|m| TestCaseError::fail(format!("out of turn {oot}: {m:?}")))?;
    let mut moves = s.moves.clone();
    moves.push((seat_of(&oot_name), kind, total));
    // Behind the skipped player: the action out of turn and those after it
    // until he acts.
    let mut behind = vec![kind];
    let mut changed = false;
    let mut skipped_acted = false;
    let mut skipped_all_in_call = false;
    let mut between_acted = false;
    let mut skipped_raised = false;
    let mut as_if_not_made = false;
    // Those seated between (the skipped player too) who acted since.
    let mut answered: Vec<String> = Vec::new();
    // Half the time the floor backs the action up to the skipped player at
    // once; else the players behind go on, the skipped one when his turn
    // comes back. After him, the players in turn, until the action is back
    // to the player out of turn.
    let back_up = rng.chance(50);
    for _ in 0..rng.range(1, 4) {
        if round.betting_over() {
            break;
        }
        let next = if back_up && !skipped_acted {
            Some(skipped.as_str())
        } else {
            round.to_act()
        };
        let Some(who) = next.map(str::to_string) else {
            break;
        };
        if who == oot_name {
            break;
        }
        // Backed up to at once after a bet out of turn, the skipped player
        // may act as if it had not been made: check, or bet himself (which
        // changes the action). The record ends there.
        if back_up && who == skipped && kind == ActionKind::Bet && rng.chance(50) {
            let Some(Some((own, own_total))) = pick_move(&mut rng, &s.round, &who, s.game) else {
                break;
            };
            let (own, own_total) = match own {
                ActionKind::Bet => (own, own_total),
                _ => (ActionKind::Check, None),
            };
            moves.push((seat_of(&who), own, own_total));
            let raises = own == ActionKind::Bet;
            changed = changed || raises;
            answered.push(who.clone());
            skipped_acted = true;
            skipped_raised = raises;
            as_if_not_made = true;
            break;
        }
        let Some(Some((kind, total))) = pick_move(&mut rng, &round, &who, s.game) else {
            break;
        };
        let facing = round.facing();
        n += 1;
        let action = Action {
            player: Some(who.clone()),
            kind,
            total,
        };
        if round.apply(n, &action).is_err() {
            break;
        }
        moves.push((seat_of(&who), kind, total));
        // Only a bet or raise by the skipped player or one seated between
        // changes the action: a call all-in does not.
        let raises = match kind {
            ActionKind::Bet | ActionKind::Raise => true,
            ActionKind::AllIn => total.is_some_and(|t| t > facing),
            _ => false,
        };
        // A player's next action after his first is a turn around the
        // table later: the action had reached the player out of turn.
        if between.contains(&who) && !answered.contains(&who) {
            changed = changed || raises;
            answered.push(who.clone());
        }
        if who == skipped {
            skipped_acted = true;
            skipped_raised = raises;
            skipped_all_in_call = kind == ActionKind::AllIn && !raises;
        } else if skipped_acted {
            between_acted = true;
        } else {
            behind.push(kind);
        }
    }
    counts.oot_rounds.fetch_add(1, Ordering::Relaxed);
    let mut played = vec![
        ("street", s.street_id().to_string()),
        ("big_blind", s.big_blind.to_string()),
        ("actions", s.actions_of(&moves)),
        ("player", oot_name.clone()),
        ("skipped", skipped.clone()),
        ("stacks", s.stacks()),
    ];
    if s.street.is_preflop() {
        played.push(("small_blind", s.small_blind.to_string()));
    }
    // Now and then the skipped player had no reasonable time to speak up
    // (a fact neither the actions nor a hand record show), told alike to
    // both: where the edition makes it a condition (TDA 2019 53-B), he
    // keeps his say.
    let had_time = rng.chance(75);
    if !had_time {
        played.push(("skipped_had_time", "no".to_string()));
    }
    let mut rulings = BTreeMap::new();
    for &edition in editions {
        let params = rig.store.book(edition).expect("edition").params();
        let chip_actions = params.sa_chip_actions.map_or(2, |c| c.get()) as usize;
        let any_actions = params.sa_any_actions.map_or(3, |c| c.get()) as usize;
        let substantial = behind.len() >= any_actions
            || (behind.len() >= chip_actions && behind.iter().any(|k| k.puts_chips_in()));
        let mut facts = vec![("oot_action", kind.word().to_string())];
        if kind != ActionKind::Fold {
            let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
            facts.push(("action_changed", yes_no(changed)));
            facts.push(("skipped_spoke", yes_no(!substantial)));
        }
        if !had_time {
            facts.push(("skipped_had_time", "no".to_string()));
        }
        let a = rig.rule("out-of-turn", edition, &played);
        let b = rig.rule("out-of-turn", edition, &facts);
        counts.oot_comparisons.fetch_add(1, Ordering::Relaxed);
        prop_assert_eq!(
            told_alike(&a, &b),
            with_chips_returned(&b),
            "out-of-turn, {} seed {}: played {:?} facts {:?}",
            edition,
            seed,
            played,
            facts
        );
        rulings.insert(edition, a);
    }
    // floor hand: the same round, the action out of turn ruled as it is
    // made: the skipped player back at once, after others (the hand rules
    // each of them out of turn too: the first ruling out of turn is the one
    // compared), players seated between acting after him. A record that
    // never shows him again leaves his action out, as hand histories do:
    // the replay takes him to have folded in turn, so the action is in turn
    // there (not the same facts, counted apart).
    if !skipped_acted {
        counts.oot_hands_never_back.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    // A hand record cannot say he had no time: the replay takes the
    // question's default, as its card says.
    if !had_time {
        return Ok(());
    }
    // A bet or raise out of turn the skipped player answered without
    // raising, then one seated between raised: the replay returns the bet
    // before the skipped player acts (he faced no bet), the round told by
    // its actions keeps it (he called it). Not the same facts, counted apart.
    if matches!(kind, ActionKind::Bet | ActionKind::Raise) && changed && !skipped_raised {
        counts
            .oot_hands_answered_bet
            .fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    let after: Vec<(u8, String)> = moves
        .iter()
        .skip(s.moves.len())
        .map(|(seat, kind, total)| (*seat, compact(*kind, *total)))
        .collect();
    let text = s.hand(&after);
    let hand = floor::hand::compact::parse(&text)
        .map_err(|m| TestCaseError::fail(format!("{m}: {text}")))?;
    let edition = pick_edition(editions, seed);
    let rules = Rules::new(&rig.store, edition, &rig.ui);
    let replayed = floor::hand::replay(&hand, &rules, None)
        .map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    let Some(ruled) = replayed.steps.iter().find_map(|st| st.out_of_turn.as_ref()) else {
        return Err(TestCaseError::fail(format!(
            "no action out of turn: {text}"
        )));
    };
    let incident = &rulings[edition];
    // Counted apart to show these records compared: a call all-in by the
    // skipped player changes nothing (rule 53-A: only a bet or raise does).
    if skipped_all_in_call && kind != ActionKind::Fold {
        counts.oot_hands_all_in_call.fetch_add(1, Ordering::Relaxed);
    }
    if behind.len() > 1 {
        counts
            .oot_hands_others_first
            .fetch_add(1, Ordering::Relaxed);
    }
    if between.len() > 1 {
        counts
            .oot_hands_seated_between
            .fetch_add(1, Ordering::Relaxed);
    }
    if between_acted {
        counts
            .oot_hands_between_acted
            .fetch_add(1, Ordering::Relaxed);
    }
    if as_if_not_made {
        counts
            .oot_hands_as_if_not_made
            .fetch_add(1, Ordering::Relaxed);
    }
    counts.oot_hands.fetch_add(1, Ordering::Relaxed);
    prop_assert_eq!(
        told_alike(incident, &Ok(ruled.clone())),
        with_chips_returned(&Ok(ruled.clone())),
        "hand vs out-of-turn, {} seed {}:\n{}\n{:?}",
        edition,
        seed,
        text,
        played
    );
    Ok(())
}

/// The ruling told by the round's actions, without the notes that say
/// which facts the actions showed and who has not acted since (the ruling
/// told the facts has neither), and with the chips returned, as `other`
/// has it: compared with `other`.
fn told_alike(played: &floor::Result<Ruling>, other: &floor::Result<Ruling>) -> serde_json::Value {
    let (Ok(p), Ok(o)) = (played, other) else {
        return with_chips_returned(played);
    };
    let mut v = with_chips_returned(played);
    let mine: Vec<&String> = p
        .notes
        .iter()
        .filter(|n| !p.practices.contains(n))
        .collect();
    let theirs: Vec<&String> = o
        .notes
        .iter()
        .filter(|n| !o.practices.contains(n))
        .collect();
    let kept: Vec<&String> = mine
        .iter()
        .copied()
        .filter(|n| theirs.contains(n))
        .collect();
    // Exactly one note more: the facts as the actions show them; and,
    // where players between have not acted yet, the one that says the
    // binding waits on them (the numbers path is told the action did not
    // change).
    let waiting = mine
        .iter()
        .filter(|n| n.contains("has not acted since the action out of turn"))
        .count();
    if kept.len() + 1 + waiting == mine.len() {
        v["notes"] = serde_json::json!(kept);
    }
    v
}

/// What is compared of an `out-of-turn` ruling: with whether the chips go
/// back.
fn with_chips_returned(r: &floor::Result<Ruling>) -> serde_json::Value {
    let mut v = outcome_of(r);
    if let Ok(r) = r {
        v["chips_returned"] = r.data.get("chips_returned").cloned().unwrap_or_default();
    }
    v
}

/// One of `editions`, by the seed.
fn pick_edition(editions: &[&'static str], seed: u64) -> &'static str {
    editions[(seed % editions.len() as u64) as usize]
}

fn check_round(rig: &Rig, counts: &Counts, seed: u64) -> Result<(), TestCaseError> {
    for (house, editions) in &rig.families {
        check_family(rig, counts, seed, *house, editions)?;
    }
    Ok(())
}

/// The round `seed` generates under the minimum raise of `house`, compared
/// in each of `editions` (those that rule with that minimum).
fn check_family(
    rig: &Rig,
    counts: &Counts,
    seed: u64,
    house: Option<HouseMinimum>,
    editions: &[&'static str],
) -> Result<(), TestCaseError> {
    let Some(s) = scenario(seed, house) else {
        return Ok(());
    };
    check_out_of_turn(rig, counts, &s, seed, editions)?;
    counts.rounds.fetch_add(1, Ordering::Relaxed);
    if house.is_some() {
        counts.house_rounds.fetch_add(1, Ordering::Relaxed);
    }
    let mut rng = Rng(seed ^ 0x5EED);
    let spot = s.round.spot(&s.name(s.player)).expect("spot");
    // Limit after a short all-in below the share that re-opens: the next
    // raise completes the bet, a fact no number of the questions holds.
    let level_told = s.game != Game::Limit || spot.level.is_none_or(|l| l == spot.facing);
    let capped = spot.capped;
    let mut numbers: Vec<(&'static str, String)> = vec![
        ("game", s.game_id().to_string()),
        ("street", s.street_id().to_string()),
        ("big_blind", s.big_blind.to_string()),
        ("facing", spot.facing.to_string()),
    ];
    if spot.facing > 0 {
        numbers.push((
            "last_raise",
            spot.full_raise.max(1).min(spot.facing).to_string(),
        ));
        numbers.push(("in_front", spot.in_front.to_string()));
        numbers.push((
            "reopened",
            if spot.may_raise || capped {
                "yes"
            } else {
                "no"
            }
            .into(),
        ));
    }
    let mut played = s.told_as_played();
    played.push(("game", s.game_id().to_string()));
    if s.game == Game::Limit && spot.facing > 0 {
        let raises = if capped { "cap-reached" } else { "under-cap" };
        numbers.push(("raises", raises.into()));
        if capped {
            played.push(("raises", raises.into()));
        }
    }
    if let Some(stack) = spot.stack {
        numbers.push(("stack", stack.to_string()));
    }
    let pot = spot.pot.expect("the pot is known");
    if s.game == Game::PotLimit {
        numbers.push(("pot", pot.to_string()));
        played.push(("pot", pot.to_string()));
    }
    let what = act(&mut rng, &s);
    numbers.extend(what.iter().cloned());
    played.extend(what.iter().cloned());
    for &edition in editions {
        // bet
        if level_told {
            let a = outcome_of(&rig.rule("bet", edition, &played));
            let b = outcome_of(&rig.rule("bet", edition, &numbers));
            counts.comparisons.fetch_add(1, Ordering::Relaxed);
            if a.get("refused").is_some() && b.get("refused").is_some() {
                counts.both_refused.fetch_add(1, Ordering::Relaxed);
            }
            prop_assert_eq!(
                &a,
                &b,
                "bet, {} seed {}: played {:?} numbers {:?}",
                edition,
                seed,
                played,
                numbers
            );
        } else {
            counts.not_told_in_numbers.fetch_add(1, Ordering::Relaxed);
        }
        // undercall: less than the call put out
        let call = spot.facing.saturating_sub(spot.in_front);
        if s.game == Game::NoLimit && call > 1 {
            let pushed = rng.range(1, call - 1);
            let heads_up = if s.round.live() == 2 { "yes" } else { "no" };
            let bets = s.round.bets();
            let faced = match (s.street.is_preflop(), bets) {
                (true, 0) => "big-blind",
                (true, 1) => "first-raise",
                (false, 1) => "first-bet",
                _ => "later-raise",
            };
            let mut a_answers = s.told_as_played();
            a_answers.extend([
                ("heads_up", heads_up.into()),
                ("pushed", pushed.to_string()),
            ]);
            // The undercall told in numbers by the player at `at`.
            let in_numbers = |at: &Spot| {
                let mut told = vec![
                    ("heads_up", heads_up.to_string()),
                    ("bet_faced", faced.to_string()),
                    ("facing", at.facing.to_string()),
                    ("in_front", at.in_front.to_string()),
                    ("pushed", pushed.to_string()),
                ];
                if let Some(stack) = at.stack {
                    told.push(("stack", stack.to_string()));
                }
                told
            };
            let b_answers = in_numbers(&spot);
            let a = outcome_of(&rig.rule("undercall", edition, &a_answers));
            let b = outcome_of(&rig.rule("undercall", edition, &b_answers));
            counts.comparisons.fetch_add(1, Ordering::Relaxed);
            prop_assert_eq!(
                &a,
                &b,
                "undercall, {} seed {}: {:?} vs {:?}",
                edition,
                seed,
                a_answers,
                b_answers
            );
            // The same chips put out by a player still to act whom the
            // round has not called on: out of turn, shown by the actions,
            // said on the numbers path (51-B "if made in turn").
            let later = s.hand_stacks.keys().copied().find(|seat| {
                *seat != s.player
                    && s.round
                        .standing(&s.name(*seat))
                        .is_some_and(|st| !st.folded && !st.all_in)
                    && s.round.spot(&s.name(*seat)).is_ok_and(|x| {
                        x.facing.saturating_sub(x.in_front) > pushed
                            && x.stack.is_none_or(|st| st > pushed)
                    })
            });
            if let Some(seat) = later
                && let Ok(x) = s.round.spot(&s.name(seat))
            {
                let mut a_answers = s.told_as_played();
                a_answers.retain(|(k, _)| *k != "player");
                a_answers.extend([
                    ("player", s.name(seat)),
                    ("heads_up", heads_up.into()),
                    ("pushed", pushed.to_string()),
                ]);
                let mut b_answers = in_numbers(&x);
                b_answers.push(("in_turn", "no".to_string()));
                let mut a = outcome_of(&rig.rule("undercall", edition, &a_answers));
                let b = outcome_of(&rig.rule("undercall", edition, &b_answers));
                // The actions path first says whom they show was to act.
                let to_act = s.name(s.player);
                if let Some(notes) = a["notes"].as_array_mut() {
                    let shown = notes.first().and_then(|n| n.as_str()).is_some_and(|n| {
                        n.starts_with(&format!("The actions show {to_act} was to act"))
                    });
                    prop_assert!(shown, "{:?}: {:?}", a_answers, notes);
                    notes.remove(0);
                }
                counts.comparisons.fetch_add(1, Ordering::Relaxed);
                counts
                    .undercalls_out_of_turn
                    .fetch_add(1, Ordering::Relaxed);
                prop_assert_eq!(
                    &a,
                    &b,
                    "undercall out of turn, {} seed {}: {:?} vs {:?}",
                    edition,
                    seed,
                    a_answers,
                    b_answers
                );
            }
        }
        // pot-limit: the maximum (or all his chips)
        if s.game == Game::PotLimit {
            let mut a_answers = s.told_as_played();
            a_answers.push(("pot", pot.to_string()));
            let mut b_answers = vec![
                ("pot", pot.to_string()),
                ("street", s.street_id().to_string()),
                ("big_blind", s.big_blind.to_string()),
                ("facing", spot.facing.to_string()),
            ];
            if spot.facing > 0 {
                b_answers.push(("in_front", spot.in_front.to_string()));
            }
            if let Some(stack) = spot.stack {
                b_answers.push(("stack", stack.to_string()));
            }
            let a = outcome_of(&rig.rule("pot-limit", edition, &a_answers));
            let b = outcome_of(&rig.rule("pot-limit", edition, &b_answers));
            counts.comparisons.fetch_add(1, Ordering::Relaxed);
            prop_assert_eq!(&a, &b, "pot-limit, {} seed {}", edition, seed);
        }
        // side pots, after the flop where every player is a seat
        if !s.street.is_preflop() && !s.moves.is_empty() {
            let told: Vec<(&str, String)> = s
                .told_as_played()
                .into_iter()
                .filter(|(k, _)| *k != "player")
                .chain([
                    ("pot_before", s.dead.to_string()),
                    ("game", s.game_id().to_string()),
                ])
                .collect();
            // A player still to act: told by the actions, the pots are
            // refused (contributions cannot tell it) ...
            if s.round.to_act().is_some() {
                let open = outcome_of(&rig.rule("side-pots", edition, &told));
                counts.comparisons.fetch_add(1, Ordering::Relaxed);
                prop_assert_eq!(
                    &open["refused"],
                    "actions",
                    "side-pots, {} seed {}",
                    edition,
                    seed
                );
            }
            // ... and made once the players still to act call (or fold
            // where the round refuses the call).
            let (round, closing) = closed(&s.round, s.moves.len());
            let a_answers: Vec<(&str, String)> = told
                .into_iter()
                .map(|(k, v)| match k {
                    "actions" => (
                        k,
                        [v].into_iter()
                            .chain(closing.clone())
                            .collect::<Vec<_>>()
                            .join(","),
                    ),
                    _ => (k, v),
                })
                .collect();
            let contributions: Vec<String> = round
                .contributions()
                .iter()
                .map(|(p, c, _)| format!("{p}:{c}"))
                .collect();
            let folded: Vec<String> = round
                .contributions()
                .iter()
                .filter(|(_, _, f)| *f)
                .map(|(p, _, _)| p.to_string())
                .collect();
            let mut b_answers = vec![
                ("contributions", contributions.join(",")),
                ("dead", s.dead.to_string()),
            ];
            if !folded.is_empty() {
                b_answers.push(("folded", folded.join(",")));
            }
            let a = outcome_of(&rig.rule("side-pots", edition, &a_answers));
            let b = outcome_of(&rig.rule("side-pots", edition, &b_answers));
            counts.comparisons.fetch_add(1, Ordering::Relaxed);
            prop_assert_eq!(&a, &b, "side-pots, {} seed {}", edition, seed);
        }
    }
    // floor hand: the round's last action, chips put out silently, ruled as
    // the bet incident (or the undercall) rules it told by the actions.
    if level_told && s.game != Game::Limit {
        let put = rng.range(
            1,
            (spot.facing.saturating_sub(spot.in_front) * 2).max(s.big_blind),
        );
        let put = spot.stack.map_or(put, |st| put.min(st));
        let text = s.hand(&[(s.player, format!("p{put}"))]);
        let hand = floor::hand::compact::parse(&text)
            .map_err(|m| TestCaseError::fail(format!("{m}: {text}")))?;
        let edition = pick_edition(editions, seed);
        let rules = Rules::new(&rig.store, edition, &rig.ui);
        let replayed = floor::hand::replay(&hand, &rules, None)
            .map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        let step = replayed.steps.last().expect("a step");
        if let Some(ruling) = &step.ruling {
            let mut answers = s.told_as_played();
            answers.push(("game", s.game_id().to_string()));
            answers.push(("pushed", put.to_string()));
            if s.game == Game::PotLimit {
                answers.push(("pot", pot.to_string()));
            }
            if spot.in_front > 0 {
                answers.push(("prior_chips", "none".into()));
            }
            let incident = ruling.incident.as_str();
            if incident == "undercall" {
                answers.retain(|(k, _)| !matches!(*k, "game" | "pot" | "prior_chips"));
                let heads_up = if s.round.live() == 2 { "yes" } else { "no" };
                answers.push(("heads_up", heads_up.into()));
            }
            if incident == "bet" || incident == "undercall" {
                let r = rig.rule(incident, edition, &answers);
                counts.hands.fetch_add(1, Ordering::Relaxed);
                prop_assert_eq!(
                    essence(ruling),
                    outcome_of(&r),
                    "hand vs incident {}, {} seed {}:\n{}\n{:?}",
                    incident,
                    edition,
                    seed,
                    text,
                    answers
                );
            }
        }
    }
    Ok(())
}

#[test]
fn the_same_facts_as_actions_and_as_numbers_give_the_same_ruling() {
    let cases: u32 = std::env::var("FLOOR_EQUIVALENCE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let seed: u64 = std::env::var("FLOOR_EQUIVALENCE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_231_123);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(config, rng);
    let rig = Rig::new();
    let counts = Counts::default();
    let result = runner.run(&any::<u64>(), |s| check_round(&rig, &counts, s));
    eprintln!(
        "equivalence: seed {seed}, {cases} cases, {} rounds ({} under dpc-2019-en's house minimum raise), {} comparisons ({} refused on both paths alike), {} hands against the incident, {} rounds a number cannot tell (limit after a short all-in), {} undercalls out of turn; out-of-turn: {} rounds, {} comparisons, {} hands against the incident ({} where others acted before the skipped player, {} with a player seated between, {} with players acting after him, {} where he called all-in, {} where he checked or bet as if it had not been made; not compared: {} records where he never acts again, {} where he answered the bet out of turn before one seated between raised): {} differences",
        counts.rounds.load(Ordering::Relaxed),
        counts.house_rounds.load(Ordering::Relaxed),
        counts.comparisons.load(Ordering::Relaxed),
        counts.both_refused.load(Ordering::Relaxed),
        counts.hands.load(Ordering::Relaxed),
        counts.not_told_in_numbers.load(Ordering::Relaxed),
        counts.undercalls_out_of_turn.load(Ordering::Relaxed),
        counts.oot_rounds.load(Ordering::Relaxed),
        counts.oot_comparisons.load(Ordering::Relaxed),
        counts.oot_hands.load(Ordering::Relaxed),
        counts.oot_hands_others_first.load(Ordering::Relaxed),
        counts.oot_hands_seated_between.load(Ordering::Relaxed),
        counts.oot_hands_between_acted.load(Ordering::Relaxed),
        counts.oot_hands_all_in_call.load(Ordering::Relaxed),
        counts.oot_hands_as_if_not_made.load(Ordering::Relaxed),
        counts.oot_hands_never_back.load(Ordering::Relaxed),
        counts.oot_hands_answered_bet.load(Ordering::Relaxed),
        if result.is_ok() { 0 } else { 1 },
    );
    result.unwrap();
}

/// The round played to its end: each player still to act calls, or folds
/// where the round refuses the call; with the actions that closed it.
fn closed(round: &Round, moves: usize) -> (Round, Vec<String>) {
    let mut round = round.clone();
    let mut closing = Vec::new();
    while let Some(next) = round.to_act().map(str::to_string) {
        let n = moves + closing.len() + 1;
        let call = Action {
            player: Some(next),
            kind: ActionKind::Call,
            total: None,
        };
        let mut after = round.clone();
        let act = match after.apply(n, &call) {
            Ok(()) => call,
            Err(_) => Action {
                kind: ActionKind::Fold,
                ..call
            },
        };
        if round.apply(n, &act).is_err() || n > moves + 20 {
            break;
        }
        closing.push(act.to_string());
    }
    (round, closing)
}
