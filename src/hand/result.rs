//! The end of a hand: the main and side pots from every player's chips,
//! who won them as the record states it, and every player's stack.
//!
//! The result is taken from the record, never guessed: the winners given
//! (the compact notation's `win:`), the winnings a PHH record gives (after
//! the house's rake, which is reported; the uncalled chips may be counted
//! in), the only player left when everybody else folded, or the record's
//! final stacks. Each pot goes to one or several players who may win it,
//! split by the edition's odd-chip rule (high-low and stud games by their
//! own rule); winnings no such choice gives are refused. Final stacks the
//! record gives are checked against the replay's.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Hand;
use super::ask::{Given, choice};
use super::replay::{Remark, Rules, seat_number};
use super::unit::Money;
use crate::engine::Ruling;
use crate::engine::answer::Answer;
use crate::error::Error;
use crate::incidents::hi_lo_split::{HiLoSplit, SplitGame};
use crate::incidents::split_pot::SplitPot;
use crate::message::{Message, Msg};
use crate::poker::cards::{Aces, highest};
use crate::poker::variant::{Family, Split};
use crate::poker::{Chips, Pot, add, layer_pots_with_dead};

/// A player from the start of the hand to its end.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerOut {
    /// As the hand names him (`p3`; a seat in the compact notation).
    pub player: String,
    /// His seat, when the record says.
    pub seat: Option<u8>,
    /// His name, when the record gives it.
    pub name: Option<String>,
    /// His chips at the start; null when not known.
    pub stack: Option<Money>,
    /// His chips put in the pots (antes, blinds, bets; the part nobody
    /// called included).
    pub committed: Money,
    /// Chips back to him that nobody called.
    pub returned: Money,
    /// What he won from the pots (after the rake, as the record states
    /// it); null when the result is not known.
    pub won: Option<Money>,
    /// His chips at the end; null when not known.
    pub end: Option<Money>,
    /// The record's final stack (PHH `finishing_stacks`); null when not
    /// given.
    pub record_end: Option<Money>,
    /// He folded (or is taken to have).
    pub folded: bool,
}

/// A winner's chips from one pot.
#[derive(Debug, Clone, Serialize)]
pub struct Share {
    /// The winner, as the hand names him.
    pub player: String,
    /// His seat, when the record says.
    pub seat: Option<u8>,
    /// His chips from the pot (before any rake).
    pub chips: Money,
}

/// A pot at the end, with the players who may win it.
#[derive(Debug, Clone, Serialize)]
pub struct PotOut {
    /// Its chips.
    pub amount: Money,
    /// Who may win it, as the hand names them.
    pub eligible: Vec<String>,
    /// Who won it and his chips (empty when the result is not known).
    pub won: Vec<Share>,
    /// Several winners: the split ruling (odd chips), cited.
    pub split: Option<Ruling>,
    /// The players numbers of `eligible`.
    #[serde(skip)]
    pub eligible_numbers: Vec<u8>,
}

/// Chips nobody called, back to their owner.
#[derive(Debug, Clone, Serialize)]
pub struct Returned {
    /// The player, as the hand names him.
    pub player: String,
    /// His seat, when the record says.
    pub seat: Option<u8>,
    /// The chips.
    pub chips: Money,
    /// His number in the hand.
    #[serde(skip)]
    pub number: u8,
}

/// What the end of the hand is made from.
pub struct Finish<'a, 'r> {
    /// The hand.
    pub hand: &'a Hand,
    /// The edition and texts, for the split rulings.
    pub rules: &'a Rules<'r>,
    /// Each player's chips in the pots (the antes when trimmed).
    pub paid: BTreeMap<u8, Chips>,
    /// Who folded.
    pub folded: BTreeMap<u8, bool>,
    /// Each player's chips behind now.
    pub behind: BTreeMap<u8, Option<Chips>>,
    /// Dead money in the main pot (antes not trimmed).
    pub dead: Chips,
    /// The players still in with no chips behind.
    pub all_in: Vec<u8>,
    /// Each player's dead ante (antes not trimmed).
    pub antes: BTreeMap<u8, Chips>,
    /// Trimmed antes given back.
    pub ante_back: BTreeMap<u8, Chips>,
    /// No player is to act: the betting is over.
    pub over: bool,
}

/// The end of the hand.
pub struct End {
    /// The pots.
    pub pots: Vec<PotOut>,
    /// The uncalled chips.
    pub returned: Option<Returned>,
    /// Every player.
    pub players: Vec<PlayerOut>,
    /// The rake, when the record's winnings leave one.
    pub rake: Option<Money>,
    /// Where the result comes from.
    pub result: Option<&'static str>,
    /// The record's final stacks agree with the replay's.
    pub finishing_stacks_agree: Option<bool>,
    /// What the end says about the record.
    pub remarks: Vec<Remark>,
    /// Each player's chips in the pots and whether he folded.
    pub contributions: Vec<(u8, Chips, bool)>,
}

fn bad(message: Message) -> Error {
    Error::input("hand", message)
}

/// Who won each pot: for each pot, the high winners and the low winners.
type Awards = Vec<(Vec<u8>, Vec<u8>)>;

/// Each winner's chips from a pot, with the split ruling.
type Shares = (Vec<(u8, Chips)>, Option<Ruling>);

/// The pots, the result and the stacks.
pub fn finish(f: &Finish<'_, '_>) -> Result<End, Error> {
    let hand = f.hand;
    let unit = hand.unit;
    let money = |c: Chips| Money::new(c, unit);
    // A player all-in on his ante has no chips in besides, but he may win
    // the antes.
    let contributions: Vec<(u8, Chips, bool)> = f
        .paid
        .iter()
        .filter(|(p, c)| **c > 0 || (f.dead > 0 && f.all_in.contains(p)))
        .map(|(p, c)| (*p, *c, f.folded.get(p).copied().unwrap_or(false)))
        .collect();
    let (pots, returned) = match layer_pots_with_dead(&contributions, f.dead).map_err(bad)? {
        Some((pots, returned)) => (pots, returned),
        None => (Vec::new(), None),
    };
    let pots = match f.over {
        true => pots,
        false => still_to_call(pots, &contributions, &f.all_in)?,
    };
    let returned_to = |p: u8| -> Chips {
        returned
            .as_ref()
            .filter(|r| r.player == p)
            .map_or(0, |r| r.amount)
    };
    let mut remarks = Vec::new();
    let split = Splitter::new(hand, f.rules);
    let live: Vec<u8> = hand
        .seats
        .iter()
        .map(|s| s.number)
        .filter(|p| !f.folded.get(p).copied().unwrap_or(false))
        .collect();
    // The result as the record states it.
    let mut result: Option<&'static str> = None;
    let mut awards: Option<Awards> = None;
    let mut won: BTreeMap<u8, Chips> = BTreeMap::new();
    let mut rake: Option<Chips> = None;
    if f.over {
        if !hand.winners.is_empty() {
            let groups = winner_groups(hand, &pots, &f.folded)?;
            awards = Some(groups.into_iter().map(|g| (g, Vec::new())).collect());
            result = Some("winners");
        } else if let Some(w) = hand
            .winnings
            .as_ref()
            .filter(|w| w.iter().any(|c| *c > 0) && !pots.is_empty())
        {
            let (a, r, counted) = split.by_winnings(&pots, w, returned.as_ref())?;
            awards = Some(a);
            rake = Some(r);
            for (i, s) in hand.seats.iter().enumerate() {
                let mut c = w.get(i).copied().unwrap_or(0);
                if counted {
                    c = c.saturating_sub(returned_to(s.number));
                }
                won.insert(s.number, c);
            }
            result = Some("winnings");
        } else if let [one] = live.as_slice() {
            awards = Some(pots.iter().map(|_| (vec![*one], Vec::new())).collect());
            result = Some("last-player");
        }
        if hand
            .winnings
            .as_ref()
            .is_some_and(|w| w.iter().all(|c| *c == 0))
        {
            remarks.push(remark(
                "winnings-all-zero",
                None,
                Message::new(Msg::HandWinningsZero),
            ));
        }
        if awards.is_none()
            && !pots.is_empty()
            && let Some(fin) = &hand.finishing
        {
            // What each player's final stack says he won.
            let target: Option<BTreeMap<u8, Chips>> = hand
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let behind = f.behind.get(&s.number).copied().flatten()?;
                    let end = fin.get(i).copied()?;
                    end.checked_sub(behind.checked_add(returned_to(s.number))?)
                        .map(|w| (s.number, w))
                })
                .collect();
            if let Some(target) = target {
                if let Some(a) = split.assign(&pots, &target, 0, unit.chip())? {
                    awards = Some(a);
                    result = Some("finishing-stacks");
                } else if unit.chip() > 1
                    && let Some(a) = split.assign(&pots, &target, 0, 1)?
                {
                    // The record splits a pot finer than the smallest chip
                    // in play (half chips): the result stands, the edition
                    // gives the odd chip to one winner.
                    awards = Some(a);
                    result = Some("finishing-stacks");
                    remarks.push(remark(
                        "odd-chip-split-in-record",
                        None,
                        Message::new(Msg::HandRecordSplitsOddChip).arg("chip", money(unit.chip())),
                    ));
                }
            }
        }
    }
    let mut out_pots = Vec::new();
    for (i, pot) in pots.iter().enumerate() {
        let (high, low) = awards
            .as_ref()
            .and_then(|a| a.get(i).cloned())
            .unwrap_or_default();
        let (shares, ruling) = if high.is_empty() {
            (Vec::new(), None)
        } else {
            split.shares(pot.amount, &high, &low, unit.chip(), true)?
        };
        if rake.is_none() {
            for (p, c) in &shares {
                let sum = won.entry(*p).or_default();
                *sum = add(*sum, *c, "pots").map_err(bad)?;
            }
        }
        out_pots.push(PotOut {
            amount: money(pot.amount),
            eligible: pot.eligible.iter().map(|p| hand.label(*p)).collect(),
            won: shares
                .iter()
                .map(|(p, c)| Share {
                    player: hand.label(*p),
                    seat: hand.seated(*p).and_then(|s| s.seat),
                    chips: money(*c),
                })
                .collect(),
            split: ruling,
            eligible_numbers: pot.eligible.clone(),
        });
    }
    let known = awards.is_some();
    let players: Vec<PlayerOut> = hand
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let p = s.number;
            let back = returned_to(p);
            let committed = f
                .paid
                .get(&p)
                .copied()
                .unwrap_or(0)
                .saturating_add(f.antes.get(&p).copied().unwrap_or(0));
            // Whoever may win no pot won nothing, whatever the result.
            let in_a_pot = pots.iter().any(|pot| pot.eligible.contains(&p));
            let w = (known || (f.over && !in_a_pot)).then(|| won.get(&p).copied().unwrap_or(0));
            let end = match (f.behind.get(&p).copied().flatten(), w) {
                (Some(b), Some(w)) => b.checked_add(back).and_then(|c| c.checked_add(w)),
                _ => None,
            };
            PlayerOut {
                player: hand.label(p),
                seat: s.seat,
                name: s.name.clone(),
                stack: s.stack.map(money),
                committed: money(committed),
                returned: money(back),
                won: w.map(money),
                end: end.map(money),
                record_end: hand
                    .finishing
                    .as_ref()
                    .and_then(|v| v.get(i))
                    .map(|c| money(*c)),
                folded: f.folded.get(&p).copied().unwrap_or(false),
            }
        })
        .collect();
    // The record's final stacks against the replay's.
    let mut agree = None;
    if hand.finishing.is_some() && f.over {
        let mut all = true;
        for pl in &players {
            match (pl.end, pl.record_end) {
                (Some(end), Some(rec)) if end != rec => {
                    all = false;
                    remarks.push(remark(
                        "finishing-stack-differs",
                        Some(pl.player.clone()),
                        Message::new(Msg::HandFinishingDiffers)
                            .arg("player", &pl.player)
                            .arg("record", rec)
                            .arg("replay", end),
                    ));
                }
                (None, Some(_)) => all = false,
                _ => {}
            }
        }
        if !known && !pots.is_empty() {
            remarks.push(remark(
                "finishing-stacks-unmatched",
                None,
                Message::new(Msg::HandFinishingUnmatched),
            ));
        }
        agree = Some(all && known);
    }
    if hand.ante_trimming {
        let antes: Vec<Chips> = hand.seats.iter().map(|s| s.ante).collect();
        if antes
            .iter()
            .any(|a| *a != antes.first().copied().unwrap_or(0))
        {
            remarks.push(remark(
                "ante-trimming-non-uniform",
                None,
                Message::new(Msg::HandTrimmedNonUniform),
            ));
        }
    }
    for (p, back) in &f.ante_back {
        remarks.push(remark(
            "ante-returned",
            Some(hand.label(*p)),
            Message::new(Msg::HandAnteBack)
                .arg("player", hand.label(*p))
                .arg("chips", money(*back)),
        ));
    }
    Ok(End {
        pots: out_pots,
        returned: returned.map(|r| Returned {
            player: hand.label(r.player),
            seat: hand.seated(r.player).and_then(|s| s.seat),
            chips: money(r.amount),
            number: r.player,
        }),
        players,
        rake: rake.map(money),
        result,
        finishing_stacks_agree: agree,
        remarks,
        contributions,
    })
}

fn remark(kind: &'static str, player: Option<String>, message: Message) -> Remark {
    Remark {
        kind,
        player,
        before_step: None,
        message,
        text: String::new(),
    }
}

/// The winners of each pot from the `win:` groups: a winner must be seated
/// and still in; a group given for a pot names only players who may win
/// it. Fewer groups than pots: the last group wins the rest, each pot by
/// those of the group who may win it.
fn winner_groups(
    hand: &Hand,
    pots: &[Pot<u8>],
    folded: &BTreeMap<u8, bool>,
) -> Result<Vec<Vec<u8>>, Error> {
    for w in hand.winners.iter().flatten() {
        if hand.seated(*w).is_none() {
            return Err(bad(Message::new(Msg::HandWinnerAbsent).arg("seat", w)));
        }
        if folded.get(w).copied().unwrap_or(false) {
            return Err(bad(Message::new(Msg::HandWinnerFolded).arg("seat", w)));
        }
    }
    // A group that names nobody, or one for a pot the hand does not have,
    // would be dropped unseen.
    if let Some(i) = hand.winners.iter().position(Vec::is_empty) {
        return Err(bad(
            Message::new(Msg::HandWinnerGroupEmpty).arg("group", i + 1)
        ));
    }
    if hand.winners.len() > pots.len().max(1) {
        return Err(bad(Message::new(Msg::HandWinnerGroupsExtra)
            .arg("groups", hand.winners.len())
            .arg("pots", pots.len())));
    }
    let mut groups = Vec::new();
    for (i, pot) in pots.iter().enumerate() {
        let given = hand.winners.get(i);
        if let Some(group) = given
            && let Some(w) = group.iter().find(|w| !pot.eligible.contains(w))
        {
            let seats: Vec<String> = pot.eligible.iter().map(ToString::to_string).collect();
            return Err(bad(Message::new(Msg::HandWinnerNotEligible)
                .arg("seat", w)
                .arg("group", i + 1)
                .arg("seats", seats.join(", "))));
        }
        let group = given.or_else(|| hand.winners.last());
        groups.push(
            group
                .into_iter()
                .flatten()
                .copied()
                .filter(|w| pot.eligible.contains(w))
                .collect(),
        );
    }
    Ok(groups)
}

/// Most choices of winners tried when matching a record's amounts to the
/// pots.
const MATCH_TRIES: usize = 20_000;

/// The pots while a round goes on: only an all-in caps a pot. A player
/// still in and not all-in may yet call whatever is bet, so the chips he
/// has not called yet are no side pot he is out of: every pot is his too,
/// and pots that differ only by him are one.
fn still_to_call(
    pots: Vec<Pot<u8>>,
    contributions: &[(u8, Chips, bool)],
    all_in: &[u8],
) -> Result<Vec<Pot<u8>>, Error> {
    let open: Vec<u8> = contributions
        .iter()
        .filter(|(p, _, folded)| !folded && !all_in.contains(p))
        .map(|(p, _, _)| *p)
        .collect();
    let mut out: Vec<Pot<u8>> = Vec::new();
    for mut pot in pots {
        for p in &open {
            if !pot.eligible.contains(p) {
                pot.eligible.push(*p);
            }
        }
        pot.eligible.sort_unstable();
        match out.last_mut() {
            Some(last) if last.eligible == pot.eligible => {
                last.amount = add(last.amount, pot.amount, "pots").map_err(bad)?;
            }
            _ => out.push(pot),
        }
    }
    Ok(out)
}

/// Splits pots by the edition's rules for the hand's game.
struct Splitter<'a, 'r> {
    hand: &'a Hand,
    rules: &'a Rules<'r>,
    /// Winners ordered by their highest card by suit (stud), when every
    /// player's cards are known.
    by_suit: Option<Vec<u8>>,
}

impl<'a, 'r> Splitter<'a, 'r> {
    fn new(hand: &'a Hand, rules: &'a Rules<'r>) -> Splitter<'a, 'r> {
        let by_suit = (hand.variant.family == Family::Stud).then(|| {
            let aces = if hand.variant.split == Split::Low {
                Aces::Low
            } else {
                Aces::High
            };
            let mut ranked: Vec<(u8, Option<crate::poker::cards::Card>)> = hand
                .seats
                .iter()
                .map(|s| {
                    let cards = hand
                        .cards
                        .iter()
                        .find(|(p, _)| *p == s.number)
                        .map(|(_, c)| c.as_slice())
                        .unwrap_or(&[]);
                    (s.number, highest(cards, aces))
                })
                .collect();
            ranked.sort_by(|a, b| match (a.1, b.1) {
                (Some(x), Some(y)) => crate::poker::cards::by_rank_then_suit(y, x, aces),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            });
            ranked.into_iter().map(|(p, _)| p).collect()
        });
        Splitter {
            hand,
            rules,
            by_suit,
        }
    }

    /// Each winner's chips from a pot of `amount` won high by `high` and
    /// low by `low` (none: no low), in chips of `chip`; with the split
    /// ruling when `ruled` and the pot is split.
    fn shares(
        &self,
        amount: Chips,
        high: &[u8],
        low: &[u8],
        chip: Chips,
        ruled: bool,
    ) -> Result<Shares, Error> {
        let hand = self.hand;
        if let ([one], []) = (high, low) {
            return Ok((vec![(*one, amount)], None));
        }
        let seat = |p: u8| seat_number(hand, p);
        let list = |ps: &[u8]| Answer::Seats(ps.iter().map(|p| seat(*p)).collect());
        let occupied: Vec<u8> = hand.seats.iter().map(|s| s.number).collect();
        let mut answers: Given = vec![
            ("pot", Answer::Amount(amount)),
            ("smallest_chip", Answer::Amount(chip)),
        ];
        let stud = hand.variant.family == Family::Stud;
        let (shares, r) = if hand.variant.split == Split::HighLow || stud {
            let game = match (stud, hand.variant.split == Split::HighLow) {
                (false, _) => SplitGame::BoardHiLo,
                (true, true) => SplitGame::StudHiLo,
                (true, false) => SplitGame::Stud,
            };
            answers.push(("game", choice(game)));
            answers.push(("high", list(high)));
            if !low.is_empty() {
                answers.push(("low", list(low)));
            }
            if stud {
                let order = self.by_suit.clone().unwrap_or_else(|| occupied.clone());
                answers.push(("by_suit", list(&order)));
            } else {
                answers.push(("button", Answer::Seat(seat(hand.button()))));
                answers.push(("seats", list(&occupied)));
            }
            let (d, r) = self.rules.ask::<HiLoSplit>(answers)?;
            (d.amounts, r)
        } else {
            answers.push(("winners", list(high)));
            answers.push(("button", Answer::Seat(seat(hand.button()))));
            answers.push(("seats", list(&occupied)));
            let (d, r) = self.rules.ask::<SplitPot>(answers)?;
            (d.amounts, r)
        };
        let mut out = Vec::new();
        for p in high.iter().chain(low) {
            if out.iter().any(|(q, _)| q == p) {
                continue;
            }
            let chips = shares
                .0
                .iter()
                .find(|(s, _)| *s == seat(*p))
                .map_or(0, |(_, chips)| *chips);
            out.push((*p, chips));
        }
        Ok((out, ruled.then_some(r)))
    }

    /// The winners of each pot that give every player exactly `target`
    /// but for `slack` chips of rake taken off, in chips of `chip`.
    fn assign(
        &self,
        pots: &[Pot<u8>],
        target: &BTreeMap<u8, Chips>,
        slack: Chips,
        chip: Chips,
    ) -> Result<Option<Awards>, Error> {
        if pots.iter().any(|p| !p.amount.is_multiple_of(chip)) {
            return Ok(None);
        }
        let mut search = Search {
            splitter: self,
            pots,
            chip,
            awards: Vec::new(),
            tries: 0,
        };
        let mut remaining = target.clone();
        if search.from(0, &mut remaining, slack)? {
            Ok(Some(search.awards))
        } else {
            Ok(None)
        }
    }

    /// The result from the record's winnings: each pot's winners, the rake
    /// (pots minus winnings), and whether the uncalled chips are counted in
    /// the winnings. Winnings no choice of winners gives are refused.
    fn by_winnings(
        &self,
        pots: &[Pot<u8>],
        winnings: &[Chips],
        returned: Option<&crate::poker::Returned<u8>>,
    ) -> Result<(Awards, Chips, bool), Error> {
        let hand = self.hand;
        let total_pots = pots
            .iter()
            .try_fold(0, |s: Chips, p| add(s, p.amount, "pots"))
            .map_err(bad)?;
        let mut tries: Vec<bool> = vec![false];
        if returned.is_some() {
            tries.push(true);
        }
        for counted in tries {
            let mut target = BTreeMap::new();
            for (i, s) in hand.seats.iter().enumerate() {
                let mut w = winnings.get(i).copied().unwrap_or(0);
                if counted && let Some(r) = returned.filter(|r| r.player == s.number) {
                    let Some(rest) = w.checked_sub(r.amount) else {
                        continue;
                    };
                    w = rest;
                }
                if w > 0 {
                    target.insert(s.number, w);
                }
            }
            let sum = target
                .values()
                .try_fold(0, |s: Chips, w| add(s, *w, "winnings"))
                .map_err(bad)?;
            let Some(rake) = total_pots.checked_sub(sum) else {
                continue;
            };
            if let Some(a) = self.assign(pots, &target, rake, hand.unit.chip())? {
                return Ok((a, rake, counted));
            }
        }
        let won: Vec<String> = hand
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let w = winnings.get(i).copied().filter(|w| *w > 0)?;
                Some(format!(
                    "{}:{}",
                    hand.label(s.number),
                    Money::new(w, hand.unit)
                ))
            })
            .collect();
        let pots: Vec<String> = pots
            .iter()
            .map(|p| Money::new(p.amount, hand.unit).to_string())
            .collect();
        Err(bad(Message::new(Msg::HandWinnings)
            .arg("winnings", won.join(", "))
            .arg("pots", pots.join(", "))))
    }
}

struct Search<'a, 'b, 'r> {
    splitter: &'b Splitter<'a, 'r>,
    pots: &'b [Pot<u8>],
    chip: Chips,
    awards: Awards,
    tries: usize,
}

impl Search<'_, '_, '_> {
    /// Chooses the winners of pot `i` and those after it; `remaining` is
    /// what each player has still to win, `slack` the rake still to take.
    fn from(
        &mut self,
        i: usize,
        remaining: &mut BTreeMap<u8, Chips>,
        slack: Chips,
    ) -> Result<bool, Error> {
        let Some(pot) = self.pots.get(i) else {
            return Ok(slack == 0 && remaining.values().all(|c| *c == 0));
        };
        // Somebody who may win no later pot must have won it all by now.
        let later = |p: &u8| self.pots.iter().skip(i).any(|q| q.eligible.contains(p));
        if remaining.iter().any(|(p, c)| *c > 0 && !later(p)) {
            return Ok(false);
        }
        let candidates: Vec<u8> = pot
            .eligible
            .iter()
            .copied()
            .filter(|p| remaining.get(p).is_some_and(|c| *c > 0))
            .collect();
        let k = candidates.len().min(8);
        let subset = |mask: u32| -> Vec<u8> {
            candidates
                .iter()
                .enumerate()
                .filter(|(j, _)| mask & (1 << j) != 0)
                .map(|(_, p)| *p)
                .collect()
        };
        let mut highs: Vec<u32> = (1..(1u32 << k)).collect();
        highs.sort_by_key(|m| m.count_ones());
        let hi_lo = self.splitter.hand.variant.split == Split::HighLow;
        let lows: Vec<u32> = if hi_lo {
            let mut l: Vec<u32> = (0..(1u32 << k)).collect();
            l.sort_by_key(|m| m.count_ones());
            l
        } else {
            vec![0]
        };
        for high in &highs {
            for low in &lows {
                if *low == *high {
                    continue;
                }
                self.tries += 1;
                if self.tries > MATCH_TRIES {
                    return Ok(false);
                }
                let (h, l) = (subset(*high), subset(*low));
                let (won, _) = self.splitter.shares(pot.amount, &h, &l, self.chip, false)?;
                // Each winner takes what he has still to win; the rest of
                // his share is rake.
                let mut rake: Chips = 0;
                let mut taken = Vec::new();
                for (p, c) in &won {
                    let r = remaining.get(p).copied().unwrap_or(0);
                    let t = (*c).min(r);
                    rake = rake.saturating_add(c - t);
                    taken.push((*p, t));
                }
                if rake > slack || taken.iter().any(|(_, t)| *t == 0) {
                    continue;
                }
                for (p, t) in &taken {
                    if let Some(c) = remaining.get_mut(p) {
                        *c -= t;
                    }
                }
                self.awards.push((h, l));
                if self.from(i + 1, remaining, slack - rake)? {
                    return Ok(true);
                }
                self.awards.pop();
                for (p, t) in &taken {
                    if let Some(c) = remaining.get_mut(p) {
                        *c += t;
                    }
                }
            }
        }
        Ok(false)
    }
}
