//! Answers as users type them: amounts (`1.200`, `1,200`, `1200`, `1.2k`,
//! `4K`), yes/no in four languages, seats, lists, action sequences.
//! Interactive and scripted answers go through the same parsers.

use std::fmt;

use std::collections::BTreeMap;

use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::poker::cards::Card;
use crate::poker::{Action, Chips, Seat};

/// An answer value, typed by its question's kind: a list is held as its
/// items, never as the text it was typed as (that is
/// [`Answer::canonical`], for a person or a file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// yes-no.
    Bool(bool),
    /// amount or number.
    Amount(Chips),
    /// choice, or a structured list kept in its canonical text form
    /// (actions, contributions, tables).
    Text(String),
    /// chips (denominations).
    Chips(Vec<Chips>),
    /// one seat.
    Seat(Seat),
    /// seat numbers.
    Seats(Vec<Seat>),
    /// several of the choices (none at all is an empty list).
    Choices(Vec<String>),
    /// a round's actions, in order.
    Actions(Vec<Action>),
    /// players' chips by name (`PLAYER:CHIPS,...`).
    Stacks(Vec<(String, Chips)>),
    /// seats' chips (`SEAT:AMOUNT,...`).
    SeatChips(Vec<(Seat, Chips)>),
    /// seats' cards (`SEAT:CARD,...`).
    SeatCards(Vec<(Seat, Card)>),
}

/// Written as [`Answer::json`] has it (a list of items in its text form,
/// as SPEC section 4 shows answers).
impl serde::Serialize for Answer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json().serialize(serializer)
    }
}

impl Answer {
    /// The answer as JSON (numbers, booleans, text, lists).
    pub fn json(&self) -> serde_json::Value {
        match self {
            Answer::Bool(b) => (*b).into(),
            Answer::Amount(n) => (*n).into(),
            Answer::Text(s) => s.clone().into(),
            Answer::Chips(v) => v.clone().into(),
            Answer::Seat(s) => (*s).into(),
            Answer::Seats(v) => v.clone().into(),
            Answer::Choices(v) => v.clone().into(),
            Answer::Actions(_)
            | Answer::Stacks(_)
            | Answer::SeatChips(_)
            | Answer::SeatCards(_) => self.canonical().into(),
        }
    }

    /// The canonical text form (what `--answer KEY=VALUE` would take).
    pub fn canonical(&self) -> String {
        match self {
            Answer::Bool(true) => "yes".into(),
            Answer::Bool(false) => "no".into(),
            Answer::Amount(n) => n.to_string(),
            Answer::Text(s) => s.clone(),
            Answer::Chips(v) => join(v),
            Answer::Seat(s) => s.to_string(),
            Answer::Seats(v) => join(v),
            Answer::Choices(v) if v.is_empty() => "none".into(),
            Answer::Choices(v) => v.join(","),
            Answer::Actions(v) if v.is_empty() => super::tree::NO_ACTIONS.into(),
            Answer::Actions(v) => crate::poker::action::actions_text(v),
            Answer::Stacks(v) => pairs(v),
            Answer::SeatChips(v) => pairs(v),
            Answer::SeatCards(v) => pairs(v),
        }
    }
}

/// `KEY:VALUE,...`.
fn pairs<K: fmt::Display, V: fmt::Display>(items: &[(K, V)]) -> String {
    items
        .iter()
        .map(|(k, v)| format!("{k}:{v}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Why an answer could not be read: the problem and what would be valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid(pub Message);

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

fn invalid<T>(msg: Message) -> Result<T, Invalid> {
    Err(Invalid(msg))
}

/// Parses a chip amount (see [`crate::poker::amount::parse`]).
pub fn parse_amount(raw: &str) -> Result<Chips, Invalid> {
    crate::poker::amount::parse(raw).map_err(Invalid)
}

/// Parses yes/no in the four UI languages: yes/no/y/n/true/false, ja/nee,
/// ja/nein, áno/nie (also without the accent).
pub fn parse_yes_no(raw: &str) -> Result<bool, Invalid> {
    match raw.trim().to_lowercase().as_str() {
        "yes" | "y" | "true" | "ja" | "j" | "áno" | "ano" | "a" | "1" => Ok(true),
        "no" | "n" | "false" | "nee" | "nein" | "nie" | "0" => Ok(false),
        other => invalid(Message::new(Msg::AnswerYesNo).arg("value", other)),
    }
}

/// Parses a seat number 1-10.
pub fn parse_seat(raw: &str) -> Result<Seat, Invalid> {
    let s = raw.trim();
    match s.parse::<u8>() {
        Ok(n) if (1..=10).contains(&n) => Ok(n),
        _ => invalid(Message::new(Msg::AnswerSeat).arg("value", s)),
    }
}

/// Parses a list of seats: `1,4,7`, ranges `1-10`, no duplicates.
pub fn parse_seats(raw: &str) -> Result<Vec<Seat>, Invalid> {
    let mut seats = Vec::new();
    for item in raw.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (parse_seat(a)?, parse_seat(b)?);
                if a > b {
                    return invalid(Message::new(Msg::AnswerSeatRange).arg("item", item));
                }
                seats.extend(a..=b);
            }
            None => seats.push(parse_seat(item)?),
        }
    }
    if seats.is_empty() {
        return invalid(Message::new(Msg::AnswerNoSeats));
    }
    let mut sorted = seats.clone();
    sorted.sort_unstable();
    if let Some((twice, _)) = sorted
        .iter()
        .zip(sorted.iter().skip(1))
        .find(|(a, b)| a == b)
    {
        return invalid(Message::new(Msg::AnswerSeatTwice).arg("seat", twice));
    }
    Ok(seats)
}

/// Parses each player's chips, `SEAT:AMOUNT,...` (`1:300, 4:1.000`): seats
/// 1-10, none twice.
pub fn parse_seat_chips(raw: &str) -> Result<Vec<(Seat, Chips)>, Invalid> {
    let mut list: Vec<(Seat, Chips)> = Vec::new();
    for item in raw.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let Some((seat, amount)) = item.split_once(':') else {
            return invalid(Message::new(Msg::AnswerSeatChips).arg("item", item));
        };
        list.push((parse_seat(seat)?, parse_amount(amount)?));
    }
    check_seat_chips(&list)?;
    Ok(list)
}

/// Seats' chips as a list answer holds them: seats 1-10, none twice, at
/// least one.
pub fn check_seat_chips(list: &[(Seat, Chips)]) -> Result<(), Invalid> {
    check_seats_once(list, Msg::AnswerSeatChipsTwice)
}

/// Seats 1-10 in a list of seat items, none twice, at least one.
fn check_seats_once<T>(list: &[(Seat, T)], twice: Msg) -> Result<(), Invalid> {
    if list.is_empty() {
        return invalid(Message::new(Msg::AnswerEmptyList));
    }
    for (i, (seat, _)) in list.iter().enumerate() {
        if !(1..=10).contains(seat) {
            return invalid(Message::new(Msg::AnswerSeat).arg("value", seat));
        }
        if list.iter().take(i).any(|(s, _)| s == seat) {
            return invalid(Message::new(twice).arg("seat", seat));
        }
    }
    Ok(())
}

/// Parses each seat's upcard: `2:7c,5:7d` (rank 2-9, T, J, Q, K, A; suit
/// c, d, h, s), each seat and each card once.
///
/// ```
/// use floor::engine::answer::parse_seat_cards;
/// let up = parse_seat_cards("2:7c, 5:Td").unwrap();
/// assert_eq!((up[1].0, up[1].1.rank), (5, 10));
/// assert!(parse_seat_cards("2:7c,5:7c").is_err());
/// assert!(parse_seat_cards("2:7x").is_err());
/// ```
pub fn parse_seat_cards(raw: &str) -> Result<Vec<(Seat, Card)>, Invalid> {
    let mut list: Vec<(Seat, Card)> = Vec::new();
    for item in raw.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let bad = || Invalid(Message::new(Msg::AnswerSeatCard).arg("item", item));
        let (seat, card) = item.split_once(':').ok_or_else(bad)?;
        let seat = parse_seat(seat)?;
        let card = match crate::poker::cards::parse_cards(card.trim()).as_deref() {
            Some([Some(card)]) => *card,
            _ => return Err(bad()),
        };
        list.push((seat, card));
    }
    check_seat_cards(&list)?;
    Ok(list)
}

/// Seats' cards as a list answer holds them: seats 1-10, each seat and
/// each card once, at least one.
pub fn check_seat_cards(list: &[(Seat, Card)]) -> Result<(), Invalid> {
    check_seats_once(list, Msg::AnswerSeatCardTwice)?;
    for (i, (_, card)) in list.iter().enumerate() {
        if list.iter().take(i).any(|(_, c)| c == card) {
            return invalid(Message::new(Msg::AnswerCardTwice).arg("card", card));
        }
    }
    Ok(())
}

/// Parses a list of chip denominations pushed: `1000,500`, `5000`.
pub fn parse_chips(raw: &str) -> Result<Vec<Chips>, Invalid> {
    let mut chips = Vec::new();
    for item in raw
        .split([',', '+', ';'])
        .map(str::trim)
        .filter(|i| !i.is_empty())
    {
        let value = parse_amount(item)?;
        if value == 0 {
            return invalid(Message::new(Msg::AnswerChipZero));
        }
        chips.push(value);
    }
    if chips.is_empty() {
        return invalid(Message::new(Msg::AnswerNoChips));
    }
    Ok(chips)
}

/// Parses one of a fixed set of choices (case-insensitive).
pub fn parse_choice(raw: &str, choices: &[String]) -> Result<String, Invalid> {
    let s = raw.trim().to_lowercase();
    match choices.iter().find(|c| c.eq_ignore_ascii_case(&s)) {
        Some(c) => Ok(c.clone()),
        None => invalid(
            Message::new(Msg::AnswerChoice)
                .arg("value", raw.trim())
                .arg("choices", choices.join(", ")),
        ),
    }
}

/// Parses several of `choices`, comma-separated, each once, in the order of
/// `choices`; `none` (or nothing) is none of them.
pub fn parse_choices(raw: &str, choices: &[String]) -> Result<Vec<String>, Invalid> {
    let raw = raw.trim();
    if raw.is_empty() || raw.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let mut picked = Vec::new();
    for item in raw.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        picked.push(parse_choice(item, choices)?);
    }
    Ok(choices
        .iter()
        .filter(|c| picked.contains(c))
        .cloned()
        .collect())
}

/// Splits `KEY=VALUE` (`--answer`): the key is trimmed and non-empty.
pub fn parse_key_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!(
            "`{s}` is not KEY=VALUE: write e.g. --answer facing=1200"
        )),
    }
}

/// Reads an answers file (`--answers`): a YAML map of answer keys to
/// values or lists of values, each taken as the text it is written with and
/// read by the `--answer` grammar (so `0x10` or `+16` are refused as they
/// are on the command line); `file` names it in errors.
pub fn parse_answers_file(text: &str, file: &str) -> crate::Result<BTreeMap<String, String>> {
    use crate::message::{Message, Msg};
    let invalid = |problem: Message| LoadError::file(file, None, problem);
    if text.trim().is_empty() {
        return Err(invalid(Message::new(Msg::AnswersEmpty)).into());
    }
    // First the shape: a map of scalars and lists of scalars.
    let lists = match crate::yaml::from_str_seed(text, file, ShapeOfAnswers)? {
        Ok(lists) => lists,
        Err(problem) => return Err(invalid(problem).into()),
    };
    // Then the values as written.
    crate::yaml::from_str_seed(text, file, AsWritten(&lists))
}

/// What an answers file holds: for each key, how its value is written; or
/// what is wrong with its shape.
struct ShapeOfAnswers;

/// How one answer is written in an answers file.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    One,
    List,
    /// `key:` alone: the empty answer.
    Nothing,
}

/// The kind of one value of an answers file.
#[derive(PartialEq)]
enum Held {
    Scalar,
    Nothing,
    List,
    ListOfOther,
    Other,
}

impl<'de> serde::Deserialize<'de> for Held {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Kind;
        impl<'de> serde::de::Visitor<'de> for Kind {
            type Value = Held;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value")
            }
            fn visit_bool<E>(self, _: bool) -> Result<Held, E> {
                Ok(Held::Scalar)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Held, E> {
                Ok(Held::Scalar)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Held, E> {
                Ok(Held::Scalar)
            }
            fn visit_i128<E>(self, _: i128) -> Result<Held, E> {
                Ok(Held::Scalar)
            }
            fn visit_u128<E>(self, _: u128) -> Result<Held, E> {
                Ok(Held::Scalar)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Held, E> {
                Ok(Held::Scalar)
            }
            fn visit_str<E>(self, _: &str) -> Result<Held, E> {
                Ok(Held::Scalar)
            }
            // `key:` with nothing after it is the empty answer, as `KEY=`.
            fn visit_unit<E>(self) -> Result<Held, E> {
                Ok(Held::Nothing)
            }
            fn visit_none<E>(self) -> Result<Held, E> {
                Ok(Held::Nothing)
            }
            fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Held, D::Error> {
                <Held as serde::Deserialize>::deserialize(d)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Held, A::Error> {
                let mut held = Held::List;
                while let Some(item) = seq.next_element::<Held>()? {
                    if item != Held::Scalar {
                        held = Held::ListOfOther;
                    }
                }
                Ok(held)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Held, A::Error> {
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(Held::Other)
            }
        }
        d.deserialize_any(Kind)
    }
}

/// A key of an answers file: text, or something else.
struct Key(Option<String>);

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> serde::de::Visitor<'de> for Text {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E>(self, v: &str) -> Result<Key, E> {
                Ok(Key(Some(v.to_string())))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Key, E> {
                Ok(Key(None))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Key, E> {
                Ok(Key(None))
            }
            fn visit_u64<E>(self, _: u64) -> Result<Key, E> {
                Ok(Key(None))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Key, E> {
                Ok(Key(None))
            }
            fn visit_unit<E>(self) -> Result<Key, E> {
                Ok(Key(None))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Key, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Key(None))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Key, A::Error> {
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(Key(None))
            }
        }
        d.deserialize_any(Text)
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for ShapeOfAnswers {
    type Value = Result<BTreeMap<String, Shape>, crate::message::Message>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        use crate::message::{Message, Msg};
        struct Top;
        impl<'de> serde::de::Visitor<'de> for Top {
            type Value = Result<BTreeMap<String, Shape>, Message>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of answers")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut lists = BTreeMap::new();
                let mut problem = None;
                while let Some(Key(key)) = map.next_key::<Key>()? {
                    let held: Held = map.next_value()?;
                    if problem.is_some() {
                        continue;
                    }
                    let Some(key) = key else {
                        problem = Some(Message::new(Msg::AnswersKeyNotText));
                        continue;
                    };
                    match held {
                        Held::Scalar => {
                            lists.insert(key, Shape::One);
                        }
                        Held::List => {
                            lists.insert(key, Shape::List);
                        }
                        Held::Nothing => {
                            lists.insert(key, Shape::Nothing);
                        }
                        Held::ListOfOther => {
                            problem = Some(Message::new(Msg::AnswersListItems).arg("key", key));
                        }
                        Held::Other => {
                            problem = Some(Message::new(Msg::AnswersBadValue).arg("key", key));
                        }
                    }
                }
                Ok(problem.map_or(Ok(lists), Err))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Err(Message::new(Msg::AnswersNotMap)))
            }
            fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
                Ok(Err(Message::new(Msg::AnswersNotMap)))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
                Ok(Err(Message::new(Msg::AnswersNotMap)))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
                Ok(Err(Message::new(Msg::AnswersNotMap)))
            }
            fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
                Ok(Err(Message::new(Msg::AnswersNotMap)))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
                Ok(Err(Message::new(Msg::AnswersNotMap)))
            }
            fn visit_unit<E>(self) -> Result<Self::Value, E> {
                Ok(Err(Message::new(Msg::AnswersNotMap)))
            }
        }
        d.deserialize_any(Top)
    }
}

/// Reads a map's values as the text they are written with, lists joined
/// with commas; which keys hold lists is known from a first reading.
struct AsWritten<'a>(&'a BTreeMap<String, Shape>);

/// One scalar as written.
struct Written(String);

impl<'de> serde::Deserialize<'de> for Written {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Written;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or text")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Written, E> {
                Ok(Written(v.to_string()))
            }
        }
        d.deserialize_str(Text)
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for AsWritten<'_> {
    type Value = BTreeMap<String, String>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        struct Entries<'a>(&'a BTreeMap<String, Shape>);
        impl<'de> serde::de::Visitor<'de> for Entries<'_> {
            type Value = BTreeMap<String, String>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of answers")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    let value = match self.0.get(&key).copied().unwrap_or(Shape::One) {
                        Shape::List => {
                            let items: Vec<Written> = map.next_value()?;
                            items.into_iter().map(|w| w.0).collect::<Vec<_>>().join(",")
                        }
                        Shape::One => map.next_value::<Written>()?.0,
                        Shape::Nothing => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                            String::new()
                        }
                    };
                    out.insert(key, value);
                }
                Ok(out)
            }
        }
        d.deserialize_map(Entries(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_every_accepted_spelling() {
        for (raw, want) in [
            ("1200", 1200),
            ("1.200", 1200),
            ("1,200", 1200),
            ("1 200", 1200),
            ("12.000.000", 12_000_000),
            ("1.2k", 1200),
            ("1,2k", 1200),
            ("1.25K", 1250),
            ("4K", 4000),
            ("4k", 4000),
            ("0", 0),
            (" 500 ", 500),
        ] {
            assert_eq!(parse_amount(raw), Ok(want), "{raw}");
        }
    }

    #[test]
    fn malformed_amounts_say_what_to_write() {
        for raw in [
            "",
            "12OO",
            "-5",
            "1e9",
            "٣٠٠",
            "1.20",
            "1,2345k",
            "1.2.3k",
            "k",
            "1.",
            "1.2",
            "1,200.50",
            "18446744073709551616",
            "18446744073709552k",
            "abc",
            "1..200",
        ] {
            parse_amount(raw).expect_err(raw);
        }
        let letter = parse_amount("12OO").expect_err("letter O").0;
        assert_eq!(
            (letter.msg, letter.text_arg("char")),
            (Msg::AmountBadChar, Some("O"))
        );
        assert_eq!(
            parse_amount("-5").expect_err("negative").0.msg,
            Msg::AmountNegative
        );
    }

    #[test]
    fn yes_no_in_four_languages() {
        for yes in ["yes", "Y", "true", "ja", "áno", "ano"] {
            assert_eq!(parse_yes_no(yes), Ok(true), "{yes}");
        }
        for no in ["no", "N", "false", "nee", "nein", "nie"] {
            assert_eq!(parse_yes_no(no), Ok(false), "{no}");
        }
        assert!(parse_yes_no("maybe").is_err());
    }

    #[test]
    fn seats_lists_and_ranges() {
        assert_eq!(
            parse_seat_chips(" 1:300 , 4:1.200,7:1.2k, 9:4K ,10:0"),
            Ok(vec![(1, 300), (4, 1200), (7, 1200), (9, 4000), (10, 0)])
        );
        for bad in [
            "",
            "1",
            "1:",
            ":300",
            "x:300",
            "1:3o0",
            "1:300,1:400",
            "0:100",
            "11:100",
            "1:12.00",
            "1:1.2345k",
            "1:-5",
            "1:99999999999999999999",
        ] {
            assert!(parse_seat_chips(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_seats("1,4,7"), Ok(vec![1, 4, 7]));
        assert_eq!(parse_seats("1-3, 9"), Ok(vec![1, 2, 3, 9]));
        assert!(parse_seats("0").is_err());
        assert!(parse_seats("11").is_err());
        assert!(parse_seats("3,3").is_err());
        assert!(parse_seats("5-2").is_err());
        assert!(parse_seats("").is_err());
    }

    #[test]
    fn an_answers_file_keeps_values_as_written() {
        let got = parse_answers_file(
            "facing: 0x10\npushed: +16\nchips: [1000, 0o144]\nheads_up: yes\nbig: 1.200\n",
            "f.yaml",
        )
        .unwrap();
        assert_eq!(got["facing"], "0x10");
        assert_eq!(got["pushed"], "+16");
        assert_eq!(got["chips"], "1000,0o144");
        assert_eq!(got["heads_up"], "yes");
        assert_eq!(got["big"], "1.200");
        assert!(parse_amount(&got["facing"]).is_err());
        assert!(parse_amount(&got["pushed"]).is_err());
        // Numbers past a float's range, and infinity, are text as written
        // too, as `--answer` reads them.
        let got = parse_answers_file(
            "skipped: 099999e999999\nplayer: .inf\nfacing: -1e999\n",
            "f.yaml",
        )
        .unwrap();
        assert_eq!(got["skipped"], "099999e999999");
        assert_eq!(got["player"], ".inf");
        assert_eq!(got["facing"], "-1e999");
    }

    #[test]
    fn chips_are_denominations() {
        assert_eq!(parse_chips("1000,500"), Ok(vec![1000, 500]));
        assert_eq!(parse_chips("5k"), Ok(vec![5000]));
        assert!(parse_chips("0").is_err());
        assert!(parse_chips(",").is_err());
    }
}
