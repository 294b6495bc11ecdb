//! One hand in PHH, the open poker hand-history format (TOML), in every
//! variant of the specification: hold'em, short deck, Omaha and Omaha
//! hi-lo, the stud games and the draw games.
//!
//! Players `p1`, `p2`, … keep their numbers: `p1` sits left of the button
//! (stud: of the dealer), the last player has the button; heads-up the
//! forced bets are reversed (`p2` is the button and posts the small blind).
//! Amounts are read exactly as written (`28.75` is 2875 cents, never a
//! binary float) and the hand is replayed in the finest unit the record
//! writes. Every error names the field (and the action) at fault.

use super::unit::{MAX_DIGITS, Unit, Written, not_an_amount};
use super::{Act, Hand, MAX_PLAYERS, Move, Notation, Played, Seated};
use crate::message::{Message, Msg};
use crate::poker::cards::{Card, parse_cards};
use crate::poker::variant::{Family, PHH_VARIANTS, Variant};
use crate::poker::{Chips, Game};

/// A number of the record: written (exactly), or `inf` (not known).
#[derive(Debug, Clone, Copy)]
enum Number {
    Written(Written),
    Unknown,
}

/// The fields of one hand, read from its TOML table.
struct Fields<'a> {
    table: &'a toml::Table,
}

fn kind_error(field: &str, msg: Msg) -> Message {
    Message::new(msg).arg("field", field)
}

impl Fields<'_> {
    fn get(&self, field: &str) -> Option<&toml::Value> {
        self.table.get(field)
    }

    fn number_of(field: &str, v: &toml::Value) -> Result<Number, Message> {
        match v {
            toml::Value::Integer(n) => Ok(Number::Written(Written::from_int(*n))),
            toml::Value::Float(f) if f.is_infinite() && *f > 0.0 => Ok(Number::Unknown),
            toml::Value::Float(f) => Written::from_float(*f)
                .map(Number::Written)
                .ok_or_else(|| not_an_amount(field, f)),
            _ => Err(kind_error(field, Msg::PhhNotNumber)),
        }
    }

    fn number(&self, field: &str) -> Result<Option<Number>, Message> {
        self.get(field)
            .map(|v| Fields::number_of(field, v))
            .transpose()
    }

    fn numbers(&self, field: &str) -> Result<Option<Vec<Number>>, Message> {
        let Some(v) = self.get(field) else {
            return Ok(None);
        };
        let toml::Value::Array(items) = v else {
            return Err(kind_error(field, Msg::PhhNotNumbers));
        };
        items
            .iter()
            .map(|v| match v {
                toml::Value::Integer(_) | toml::Value::Float(_) => Fields::number_of(field, v),
                _ => Err(kind_error(field, Msg::PhhNotNumbers)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    fn texts(&self, field: &str) -> Result<Option<Vec<String>>, Message> {
        let Some(v) = self.get(field) else {
            return Ok(None);
        };
        let toml::Value::Array(items) = v else {
            return Err(kind_error(field, Msg::PhhNotTexts));
        };
        items
            .iter()
            .map(|v| match v {
                toml::Value::String(s) => Ok(s.clone()),
                _ => Err(kind_error(field, Msg::PhhNotTexts)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    fn integers(&self, field: &str) -> Result<Option<Vec<i64>>, Message> {
        let Some(v) = self.get(field) else {
            return Ok(None);
        };
        let toml::Value::Array(items) = v else {
            return Err(kind_error(field, Msg::PhhNotIntegers));
        };
        items
            .iter()
            .map(|v| match v {
                toml::Value::Integer(n) => Ok(*n),
                _ => Err(kind_error(field, Msg::PhhNotIntegers)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    fn flag(&self, field: &str) -> Result<Option<bool>, Message> {
        match self.get(field) {
            None => Ok(None),
            Some(toml::Value::Boolean(b)) => Ok(Some(*b)),
            Some(_) => Err(kind_error(field, Msg::PhhNotFlag)),
        }
    }

    /// A name the record gives as text or as an integer (`hand`, `table`).
    fn name(&self, field: &str) -> Result<Option<String>, Message> {
        match self.get(field) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(toml::Value::Integer(n)) => Ok(Some(n.to_string())),
            Some(_) => Err(kind_error(field, Msg::PhhNotName)),
        }
    }
}

/// The amounts of the record before they are put in one unit, each with
/// its field.
#[derive(Default)]
struct Amounts {
    /// Amounts of the play: stacks, forced bets, bets.
    play: Vec<Written>,
    /// Amounts of the result: winnings, final stacks.
    result: Vec<Written>,
}

impl Amounts {
    fn note(&mut self, n: &Number, play: bool) {
        if let Number::Written(w) = n {
            if play {
                self.play.push(*w);
            } else {
                self.result.push(*w);
            }
        }
    }

    fn unit(&self) -> Unit {
        let max = |v: &[Written]| v.iter().map(|w| w.decimals).max().unwrap_or(0);
        let play_digits = max(&self.play);
        Unit {
            digits: play_digits.max(max(&self.result)),
            play_digits,
        }
    }
}

/// An amount in the hand's unit: never negative unless `signed`.
fn units(field: &str, n: Number, unit: Unit) -> Result<Option<Chips>, Message> {
    match n {
        Number::Unknown => Ok(None),
        Number::Written(w) => {
            if w.negative {
                return Err(Message::new(Msg::PhhNegative).arg("field", field));
            }
            w.units(unit.digits)
                .map(Some)
                .ok_or_else(|| not_an_amount(field, shown(w)))
        }
    }
}

fn shown(w: Written) -> String {
    let s = w.digits.to_string();
    let d = usize::from(w.decimals);
    let sign = if w.negative { "-" } else { "" };
    if d == 0 {
        return format!("{sign}{s}");
    }
    let padded = format!("{s:0>width$}", width = d + 1);
    let (whole, fraction) = padded.split_at(padded.len() - d);
    format!("{sign}{whole}.{fraction}")
}

/// Parses one PHH hand (the text of a `.phh` file, or one section of a
/// `.phhs` file).
pub fn parse(text: &str) -> Result<Hand, Message> {
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| syntax(text, &e))?;
    from_table(&table)
}

/// The error for text that is not TOML: where, in the UI language.
fn syntax(text: &str, e: &toml::de::Error) -> Message {
    let at = e.span().map_or(0, |s| s.start).min(text.len());
    let before = text.get(..at).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let shown: String = text
        .lines()
        .nth(line - 1)
        .unwrap_or("")
        .trim()
        .chars()
        .take(60)
        .collect();
    Message::new(Msg::PhhSyntax)
        .arg("line", line)
        .arg("column", column)
        .arg("text", shown)
}

/// A hand from its TOML table.
pub fn from_table(table: &toml::Table) -> Result<Hand, Message> {
    let f = Fields { table };
    let code = match f.get("variant") {
        Some(toml::Value::String(s)) => s.as_str(),
        Some(_) => return Err(kind_error("variant", Msg::PhhNotText)),
        None => return Err(Message::new(Msg::PhhMissing).arg("field", "variant")),
    };
    let variant = Variant::phh(code).ok_or_else(|| {
        let known: Vec<&str> = PHH_VARIANTS.iter().map(|v| v.code).collect();
        Message::new(Msg::PhhVariant)
            .arg("variant", code)
            .arg("known", known.join(", "))
    })?;
    let stacks = f
        .numbers("starting_stacks")?
        .ok_or_else(|| Message::new(Msg::PhhMissing).arg("field", "starting_stacks"))?;
    let n = stacks.len();
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(Message::new(Msg::PhhPlayers)
            .arg("count", n)
            .arg("most", MAX_PLAYERS));
    }
    // A list by player: as long as the players, a shorter one filled with
    // zeros.
    let by_player = |field: &str| -> Result<Vec<Number>, Message> {
        let mut v = f.numbers(field)?.unwrap_or_default();
        if v.len() > n {
            return Err(Message::new(Msg::PhhLength)
                .arg("field", field)
                .arg("count", v.len())
                .arg("players", n));
        }
        v.resize(n, Number::Written(Written::from_int(0)));
        Ok(v)
    };
    let antes = by_player("antes")?;
    let blinds = by_player("blinds_or_straddles")?;
    let winnings = f.numbers("winnings")?;
    let finishing = f.numbers("finishing_stacks")?;
    for (field, list) in [("winnings", &winnings), ("finishing_stacks", &finishing)] {
        if let Some(list) = list
            && list.len() != n
        {
            return Err(Message::new(Msg::PhhLength)
                .arg("field", field)
                .arg("count", list.len())
                .arg("players", n));
        }
    }
    let single = |field: &str| f.number(field);
    let (bring_in, small_bet, big_bet, min_bet) = (
        single("bring_in")?,
        single("small_bet")?,
        single("big_bet")?,
        single("min_bet")?,
    );
    let actions = f.texts("actions")?.unwrap_or_default();
    let parsed_actions = actions
        .iter()
        .enumerate()
        .map(|(i, line)| action(i + 1, line, n))
        .collect::<Result<Vec<_>, _>>()?;

    // One unit for every amount.
    let mut amounts = Amounts::default();
    for list in [&stacks, &antes, &blinds] {
        list.iter().for_each(|x| amounts.note(x, true));
    }
    for x in [&bring_in, &small_bet, &big_bet, &min_bet]
        .into_iter()
        .flatten()
    {
        amounts.note(x, true);
    }
    for a in &parsed_actions {
        if let Parsed::Player(_, Raw::Amount(w)) = a {
            amounts.play.push(*w);
        }
    }
    for list in [&winnings, &finishing].into_iter().flatten() {
        list.iter().for_each(|x| amounts.note(x, false));
    }
    let unit = amounts.unit();
    let whole = |field: &str, x: Number| -> Result<Chips, Message> {
        units(field, x, unit)?.ok_or_else(|| not_an_amount(field, "inf"))
    };
    let optional = |field: &str, x: Option<Number>| -> Result<Option<Chips>, Message> {
        x.map(|x| whole(field, x)).transpose()
    };

    // Forced bets by player; heads-up the lists are reversed.
    let mut antes: Vec<Chips> = antes
        .into_iter()
        .map(|x| whole("antes", x))
        .collect::<Result<_, _>>()?;
    let mut blinds: Vec<(Chips, bool)> = blinds
        .into_iter()
        .map(|x| match x {
            // Negative: posted out of position, live.
            Number::Written(w) if w.negative => Ok((
                whole(
                    "blinds_or_straddles",
                    Number::Written(Written {
                        negative: false,
                        ..w
                    }),
                )?,
                true,
            )),
            x => Ok((whole("blinds_or_straddles", x)?, false)),
        })
        .collect::<Result<_, Message>>()?;
    if n == 2 {
        antes.reverse();
        blinds.reverse();
    }
    let names = f.texts("players")?;
    let seat_numbers = f.integers("seats")?;
    for (field, len) in [
        ("players", names.as_ref().map(Vec::len)),
        ("seats", seat_numbers.as_ref().map(Vec::len)),
    ] {
        if let Some(len) = len.filter(|l| *l != n) {
            return Err(Message::new(Msg::PhhLength)
                .arg("field", field)
                .arg("count", len)
                .arg("players", n));
        }
    }
    let seat_of = |i: usize| -> Result<Option<u8>, Message> {
        let Some(seats) = &seat_numbers else {
            return Ok(None);
        };
        let s = seats.get(i).copied().unwrap_or(0);
        let seat = u8::try_from(s)
            .ok()
            .filter(|s| *s >= 1)
            .ok_or_else(|| Message::new(Msg::PhhSeat).arg("seat", s))?;
        if seats.iter().take(i).any(|t| *t == s) {
            return Err(Message::new(Msg::PhhSeatTwice).arg("seat", s));
        }
        Ok(Some(seat))
    };
    let number = |i: usize| u8::try_from(i + 1).unwrap_or(u8::MAX);
    let mut seats = Vec::with_capacity(n);
    for (i, stack) in stacks.iter().enumerate() {
        let (blind, out_of_position) = blinds.get(i).copied().unwrap_or((0, false));
        seats.push(Seated {
            number: number(i),
            seat: seat_of(i)?,
            name: names
                .as_ref()
                .and_then(|v| v.get(i))
                .filter(|s| !s.trim().is_empty())
                .cloned(),
            stack: units("starting_stacks", *stack, unit)?,
            blind: if out_of_position { 0 } else { blind },
            post: if out_of_position { blind } else { 0 },
            ante: antes.get(i).copied().unwrap_or(0),
        });
    }

    // The bets of the structure.
    let (big_blind, bring_in) = match variant.game {
        Game::Limit => {
            let small = optional("small_bet", small_bet)?;
            let big = optional("big_bet", big_bet)?;
            let small = match (small, big) {
                (Some(s), Some(b)) if s > 0 && Some(b) == s.checked_mul(2) => s,
                _ => return Err(Message::new(Msg::PhhLimitBets)),
            };
            let bring_in = if variant.family == Family::Stud {
                let b = optional("bring_in", bring_in)?
                    .filter(|b| *b > 0 && *b <= small)
                    .ok_or_else(|| Message::new(Msg::PhhBringIn))?;
                Some(b)
            } else {
                None
            };
            (small, bring_in)
        }
        Game::NoLimit | Game::PotLimit => {
            let largest = seats.iter().map(|s| s.blind.max(s.post)).max().unwrap_or(0);
            let min = optional("min_bet", min_bet)?
                .filter(|m| *m > 0)
                .unwrap_or(largest);
            if min == 0 {
                return Err(Message::new(Msg::PhhMinBet));
            }
            (min, None)
        }
    };
    let small_blind = seats.iter().map(|s| s.blind).find(|b| *b > 0).unwrap_or(0);

    let mut hand = Hand {
        variant,
        game: variant.game,
        unit,
        seats,
        small_blind,
        big_blind,
        bring_in,
        ante_trimming: f.flag("ante_trimming_status")?.unwrap_or(false),
        streets: Vec::new(),
        winners: Vec::new(),
        winnings: None,
        finishing: None,
        id: f.name("hand")?,
        notation: Notation::Phh,
        cards: Vec::new(),
    };
    hand.cards = known_cards(&parsed_actions);
    hand.streets = rounds(variant, &actions, parsed_actions, unit)?;
    let result = |field: &str, list: Option<Vec<Number>>| -> Result<Option<Vec<Chips>>, Message> {
        list.map(|l| l.into_iter().map(|x| whole(field, x)).collect())
            .transpose()
    };
    hand.winnings = result("winnings", winnings)?;
    hand.finishing = result("finishing_stacks", finishing)?;
    hand.within_limits()
}

/// An action as read, before the hand's unit is known.
#[derive(Debug, Clone)]
enum Parsed {
    /// No action: empty, a comment.
    Nothing,
    /// The dealer deals the board.
    Board,
    /// The dealer deals cards to a player (stud: up cards after the first
    /// two).
    Deal(u8, Vec<Option<Card>>),
    /// A player acts.
    Player(u8, Raw),
}

/// A player's action as read.
#[derive(Debug, Clone)]
enum Raw {
    Fold,
    CheckOrCall,
    BringIn,
    Amount(Written),
    Discard,
    Show(Vec<Option<Card>>),
}

/// The cards of each player the actions make known: dealt to him, or
/// shown at the showdown.
fn known_cards(parsed: &[Parsed]) -> Vec<(u8, Vec<Card>)> {
    let mut out: Vec<(u8, Vec<Card>)> = Vec::new();
    let mut add = |p: u8, cards: &[Option<Card>]| {
        let i = match out.iter().position(|(q, _)| *q == p) {
            Some(i) => i,
            None => {
                out.push((p, Vec::new()));
                out.len() - 1
            }
        };
        if let Some((_, known)) = out.get_mut(i) {
            for c in cards.iter().flatten() {
                if !known.contains(c) {
                    known.push(*c);
                }
            }
        }
    };
    for a in parsed {
        match a {
            Parsed::Deal(p, cards) | Parsed::Player(p, Raw::Show(cards)) => add(*p, cards),
            _ => {}
        }
    }
    out
}

fn action(n: usize, line: &str, players: usize) -> Result<Parsed, Message> {
    let text = line.split('#').next().unwrap_or("").trim();
    let bad = || Message::new(Msg::PhhAction).arg("n", n).arg("text", text);
    let words: Vec<&str> = text.split_whitespace().collect();
    let player = |word: &str| {
        word.strip_prefix('p')
            .and_then(|d| d.parse::<u8>().ok())
            .filter(|p| (1..=players).contains(&usize::from(*p)))
    };
    Ok(match words.as_slice() {
        [] => Parsed::Nothing,
        ["d", "db", ..] => Parsed::Board,
        ["d", "dh", p, rest @ ..] => {
            let p = player(p).ok_or_else(bad)?;
            let cards = match rest {
                [] => Vec::new(),
                [cards, ..] => parse_cards(cards).ok_or_else(bad)?,
            };
            Parsed::Deal(p, cards)
        }
        [p, rest @ ..] => {
            let p = player(p).ok_or_else(bad)?;
            let raw = match rest {
                ["cbr", amount] => {
                    let w = Written::parse(amount)
                        .filter(|w| !w.negative)
                        .ok_or_else(|| {
                            Message::new(Msg::PhhActionAmount)
                                .arg("n", n)
                                .arg("text", text)
                                .arg("digits", MAX_DIGITS)
                        })?;
                    Raw::Amount(w)
                }
                ["cc"] => Raw::CheckOrCall,
                ["f"] => Raw::Fold,
                ["pb"] => Raw::BringIn,
                ["sd", ..] => Raw::Discard,
                ["sm", cards, ..] => Raw::Show(parse_cards(cards).unwrap_or_default()),
                ["sm"] => Raw::Show(Vec::new()),
                _ => return Err(bad()),
            };
            Parsed::Player(p, raw)
        }
    })
}

/// The betting rounds of the actions. Where a round ends: the board is
/// dealt (hold'em, Omaha); the next up card is dealt (stud: after any
/// betting, or to a player dealt already this round); a player draws (after
/// any betting, or a player who drew already this round).
fn rounds(
    variant: Variant,
    lines: &[String],
    parsed: Vec<Parsed>,
    unit: Unit,
) -> Result<Vec<Played>, Message> {
    let stages = variant.stages();
    let mut streets = vec![Played::new(stages[0])];
    let mut bet = false;
    let mut dealt: Vec<u8> = Vec::new();
    let mut drew: Vec<u8> = Vec::new();
    for (i, p) in parsed.into_iter().enumerate() {
        let n = i + 1;
        let text = || {
            lines
                .get(i)
                .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
                .unwrap_or_default()
        };
        let next = |streets: &mut Vec<Played>| -> Result<(), Message> {
            let stage = stages.get(streets.len()).copied().ok_or_else(|| {
                Message::new(Msg::PhhRounds)
                    .arg("n", n)
                    .arg("text", text())
                    .arg("variant", variant.code)
                    .arg("rounds", stages.len())
            })?;
            streets.push(Played::new(stage));
            Ok(())
        };
        match p {
            Parsed::Nothing => {}
            Parsed::Board => {
                if variant.family == Family::Board {
                    next(&mut streets)?;
                }
            }
            Parsed::Deal(p, cards) => match variant.family {
                Family::Board => {}
                Family::Stud => {
                    if bet || dealt.contains(&p) {
                        next(&mut streets)?;
                        (bet, dealt) = (false, Vec::new());
                    }
                    dealt.push(p);
                    let round = streets.len() - 1;
                    // Third street: two down, one up; fourth to sixth: up;
                    // seventh: down.
                    let up: Vec<Card> = match round {
                        0 => cards.get(2).copied().flatten().into_iter().collect(),
                        1..=3 => cards.into_iter().flatten().collect(),
                        _ => Vec::new(),
                    };
                    if let Some(last) = streets.last_mut() {
                        last.up.push((p, up));
                    }
                }
                Family::Draw { .. } => {
                    if bet {
                        next(&mut streets)?;
                        (bet, drew) = (false, Vec::new());
                    }
                }
            },
            Parsed::Player(p, raw) => {
                let act = match raw {
                    Raw::Show(_) => continue,
                    Raw::Discard => {
                        if bet || drew.contains(&p) {
                            next(&mut streets)?;
                            (bet, drew) = (false, Vec::new());
                        }
                        drew.push(p);
                        continue;
                    }
                    Raw::Fold => Act::Fold,
                    Raw::CheckOrCall => Act::CheckOrCall,
                    Raw::BringIn => Act::BringIn,
                    Raw::Amount(w) => Act::BetOrRaise(w.units(unit.digits).ok_or_else(|| {
                        Message::new(Msg::PhhActionAmount)
                            .arg("n", n)
                            .arg("text", text())
                            .arg("digits", MAX_DIGITS)
                    })?),
                };
                bet = true;
                if let Some(street) = streets.last_mut() {
                    street.actions.push(Move { player: p, act });
                }
            }
        }
    }
    Ok(streets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::variant::Stage;

    #[test]
    fn the_dwan_ivey_hand_reads() {
        let h = parse(
            r#"
variant = "NT"
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h",
  "p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc",
  "d db Jc3d5c", "p1 cbr 35000", "p3 cc",
  "d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc",
  "p1 sm Ac2d", "p3 sm 7h6h", "d db Jh",
]
"#,
        )
        .unwrap();
        assert_eq!((h.button(), h.small_blind, h.big_blind), (3, 1000, 2000));
        assert!(h.seats.iter().all(|s| s.ante == 500));
        assert_eq!(h.streets.len(), 4);
        assert_eq!(h.streets[2].actions[1].act, Act::BetOrRaise(232600));
        assert!(h.streets[3].actions.is_empty());
    }

    #[test]
    fn heads_up_forced_bets_are_reversed() {
        let h = parse(
            "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 300]\nactions = [\"p2 cc\", \"p1 cc\"]\n",
        )
        .unwrap();
        assert_eq!((h.button(), h.seats[0].blind, h.seats[1].blind), (2, 2, 1));
    }

    #[test]
    fn decimal_amounts_are_exact_in_the_finest_unit() {
        let h = parse(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.10, 0.25, -0.25]\nmin_bet = 0.25\nstarting_stacks = [28.70, 197, 10]\nactions = ['p3 cbr 1.1']\nwinnings = [0, 0.6, 0]\n",
        )
        .unwrap();
        assert_eq!(
            h.unit,
            Unit {
                digits: 2,
                play_digits: 2
            }
        );
        assert_eq!(h.seats[0].stack, Some(2870));
        assert_eq!((h.seats[2].blind, h.seats[2].post), (0, 25));
        assert_eq!(h.streets[0].actions[0].act, Act::BetOrRaise(110));
        assert_eq!(h.winnings, Some(vec![0, 60, 0]));
        // Shown in the record's unit, with the play's decimals.
        let shown = h.recorded(&h.streets[0].actions[0]).to_string();
        assert_eq!(shown, "p3 cbr 1.10");
    }

    #[test]
    fn stud_rounds_start_with_the_up_cards() {
        let h = parse(
            "variant = 'F7S'\nantes = [50, 50]\nbring_in = 50\nsmall_bet = 200\nbig_bet = 400\nstarting_stacks = [2600, 11250]\nactions = ['d dh p1 5d2sAd', 'd dh p2 7h3s4h', 'p2 pb', 'p1 cc', 'd dh p1 Kc', 'd dh p2 2c', 'p1 cc', 'p2 cc', 'd dh p1 3c', 'd dh p2 3d']\n",
        )
        .unwrap();
        let stages: Vec<Stage> = h.streets.iter().map(|s| s.stage).collect();
        assert_eq!(stages, [Stage::Third, Stage::Fourth, Stage::Fifth]);
        assert_eq!(h.streets[0].up[1].1[0].rank, 4);
        assert_eq!(h.streets[0].actions[0].act, Act::BringIn);
        assert_eq!(h.bring_in, Some(50));
    }

    #[test]
    fn draws_end_a_round() {
        let h = parse(
            "variant = 'F2L3D'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [100, 100]\nactions = ['d dh p1 ??????????', 'd dh p2 ??????????', 'p2 cc', 'p1 cc', 'p1 sd ????', 'p2 sd', 'd dh p1 ????', 'p1 cc', 'p2 cc', 'p1 sd', 'p2 sd']\n",
        )
        .unwrap();
        assert_eq!(h.streets.len(), 3);
        assert_eq!(h.streets[1].stage, Stage::FirstDraw);
        assert_eq!(h.streets[1].actions.len(), 2);
    }

    #[test]
    fn unsupported_files_say_which_field() {
        for (text, msg) in [
            (
                "variant = \"XX\"\nstarting_stacks = [1, 2]\n",
                Msg::PhhVariant,
            ),
            ("variant = \"NT\"\nstarting_stacks = [1]\n", Msg::PhhPlayers),
            ("not toml =", Msg::PhhSyntax),
            ("variant = \"NT\"\n", Msg::PhhMissing),
            (
                "variant = \"NT\"\nstarting_stacks = [1, 2]\nantes = 'x'\n",
                Msg::PhhNotNumbers,
            ),
            (
                "variant = \"NT\"\nstarting_stacks = [1, 2]\nmin_bet = 1\nseats = [3, 3]\n",
                Msg::PhhSeatTwice,
            ),
            (
                "variant = \"NT\"\nstarting_stacks = [1.0000001, 2]\nmin_bet = 1\n",
                Msg::PhhNumber,
            ),
        ] {
            assert_eq!(parse(text).map_err(|m| m.msg).err(), Some(msg), "{text}");
        }
    }
}
