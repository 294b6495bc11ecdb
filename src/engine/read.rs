//! Reading a walk's answers into an incident's typed answers. serde reads
//! each answer as the walk holds it — a yes-no as a bool, an amount as a
//! number, a choice as the enum's variant, a list as a sequence — with no
//! detour through text or JSON, and every problem is typed data
//! ([`ReadError`]), worded in the UI language by its [`Message`].

use std::fmt;

use serde::de::value::{SeqDeserializer, StrDeserializer};
use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, MapAccess, Visitor};

use super::answer::Answer;
use super::walk::Answers;
use crate::message::{Message, Msg};

/// What an answer holds, as a problem names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// yes or no.
    YesNo,
    /// A whole number (an amount, a count, a seat).
    Number,
    /// A text (a choice, a list in its text form, a name).
    Text,
    /// A list.
    List,
}

impl Held {
    fn of(answer: &Answer) -> Held {
        match answer {
            Answer::Bool(_) => Held::YesNo,
            Answer::Amount(_) | Answer::Seat(_) => Held::Number,
            Answer::Text(_) => Held::Text,
            Answer::Chips(_)
            | Answer::Seats(_)
            | Answer::Choices(_)
            | Answer::Actions(_)
            | Answer::Stacks(_)
            | Answer::SeatChips(_)
            | Answer::SeatCards(_) => Held::List,
        }
    }

    fn message(self) -> Message {
        Message::new(match self {
            Held::YesNo => Msg::KindYesNo,
            Held::Number => Msg::KindWholeNumber,
            Held::Text => Msg::KindText,
            Held::List => Msg::KindList,
        })
    }
}

/// Why answers do not read into an incident's answer type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// A field the type needs has no answer.
    Missing {
        /// The field.
        field: &'static str,
    },
    /// An answer the type has no field for.
    Unknown {
        /// The answer key.
        field: String,
        /// The fields the type has.
        expected: &'static [&'static str],
    },
    /// A choice the type's enum does not have.
    Choice {
        /// The answer key.
        field: String,
        /// The choice.
        value: String,
        /// The variants the enum has.
        expected: &'static [&'static str],
    },
    /// An answer of another kind than the field takes.
    Kind {
        /// The answer key.
        field: String,
        /// What the answer holds.
        found: Held,
        /// What the field takes.
        expected: Held,
    },
    /// A value the type refused in its own words.
    Other {
        /// The answer key, where known.
        field: Option<String>,
        /// The type's words.
        message: String,
    },
}

impl ReadError {
    /// The answer key at fault, where known.
    pub fn field(&self) -> Option<&str> {
        match self {
            ReadError::Missing { field } => Some(field),
            ReadError::Unknown { field, .. }
            | ReadError::Choice { field, .. }
            | ReadError::Kind { field, .. } => Some(field),
            ReadError::Other { field, .. } => field.as_deref(),
        }
    }

    /// The problem in words.
    pub fn message(&self) -> Message {
        let ticked = |list: &[&str]| {
            list.iter()
                .map(|v| format!("`{v}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            ReadError::Missing { field } => Message::new(Msg::YamlMissingField).arg("field", field),
            ReadError::Unknown { field, expected } => Message::new(Msg::YamlUnknownField)
                .arg("field", field)
                .arg("expected", ticked(expected)),
            ReadError::Choice {
                value, expected, ..
            } => Message::new(Msg::YamlUnknownVariant)
                .arg("value", value)
                .arg("expected", ticked(expected)),
            ReadError::Kind {
                found, expected, ..
            } => Message::new(Msg::YamlInvalidType)
                .nested("found", found.message())
                .nested("expected", expected.message()),
            ReadError::Other { message, .. } => Message::new(Msg::Text).arg("text", message),
        }
    }

    /// The same problem, placed at answer `key` when not placed yet.
    fn at(self, key: &str) -> ReadError {
        match self {
            ReadError::Other {
                field: None,
                message,
            } => ReadError::Other {
                field: Some(key.to_string()),
                message,
            },
            ReadError::Choice {
                field,
                value,
                expected,
            } if field.is_empty() => ReadError::Choice {
                field: key.to_string(),
                value,
                expected,
            },
            other => other,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ReadError {}

impl de::Error for ReadError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        ReadError::Other {
            field: None,
            message: msg.to_string(),
        }
    }

    fn missing_field(field: &'static str) -> Self {
        ReadError::Missing { field }
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        ReadError::Unknown {
            field: field.to_string(),
            expected,
        }
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        ReadError::Choice {
            field: String::new(),
            value: variant.to_string(),
            expected,
        }
    }
}

/// Reads `answers` into `T`; with `only`, the answers to those keys alone
/// (an incident whose answers come in two parts reads each from its keys).
pub fn read<T: DeserializeOwned>(answers: &Answers, only: Option<&[&str]>) -> Result<T, ReadError> {
    let entries: Vec<(&str, &Answer)> = answers
        .iter()
        .filter(|(k, _, _)| only.is_none_or(|keys| keys.contains(k)))
        .map(|(k, a, _)| (k, a))
        .collect();
    T::deserialize(Map {
        entries: &entries,
        next: 0,
    })
}

/// The answers as a map of keys to answers.
struct Map<'a> {
    entries: &'a [(&'a str, &'a Answer)],
    next: usize,
}

impl<'de> de::Deserializer<'de> for Map<'_> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_map(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
        struct enum identifier ignored_any
    }
}

impl<'de> MapAccess<'de> for Map<'_> {
    type Error = ReadError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, ReadError> {
        let Some((key, _)) = self.entries.get(self.next) else {
            return Ok(None);
        };
        let key: StrDeserializer<'_, ReadError> = key.into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, ReadError> {
        let Some((key, answer)) = self.entries.get(self.next) else {
            return Err(de::Error::custom("a value without its key"));
        };
        self.next += 1;
        seed.deserialize(Value { key, answer })
            .map_err(|e| e.at(key))
    }
}

/// One answer.
struct Value<'a> {
    key: &'a str,
    answer: &'a Answer,
}

impl Value<'_> {
    fn wrong(&self, expected: Held) -> ReadError {
        ReadError::Kind {
            field: self.key.to_string(),
            found: Held::of(self.answer),
            expected,
        }
    }
}

impl<'de> de::Deserializer<'de> for Value<'_> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.answer {
            Answer::Bool(b) => visitor.visit_bool(*b),
            Answer::Amount(n) => visitor.visit_u64(*n),
            Answer::Seat(s) => visitor.visit_u8(*s),
            Answer::Text(t) => visitor.visit_str(t),
            Answer::Chips(v) => visitor.visit_seq(SeqDeserializer::new(v.iter().copied())),
            Answer::Seats(v) => visitor.visit_seq(SeqDeserializer::new(v.iter().copied())),
            Answer::Choices(v) => {
                visitor.visit_seq(SeqDeserializer::new(v.iter().map(String::as_str)))
            }
            Answer::Actions(v) => visitor.visit_seq(SeqDeserializer::new(v.iter().map(|a| {
                Part::Seq(vec![
                    a.player.as_deref().map_or(Part::Absent, Part::Str),
                    Part::Str(a.kind.word()),
                    a.total.map_or(Part::Absent, Part::Num),
                ])
            }))),
            Answer::Stacks(v) => visitor
                .visit_seq(SeqDeserializer::new(v.iter().map(|(name, chips)| {
                    Part::Seq(vec![Part::Str(name), Part::Num(*chips)])
                }))),
            Answer::SeatChips(v) => {
                visitor.visit_seq(SeqDeserializer::new(v.iter().map(|(seat, chips)| {
                    Part::Seq(vec![Part::Num(u64::from(*seat)), Part::Num(*chips)])
                })))
            }
            Answer::SeatCards(v) => {
                visitor.visit_seq(SeqDeserializer::new(v.iter().map(|(seat, card)| {
                    Part::Seq(vec![
                        Part::Num(u64::from(*seat)),
                        Part::Seq(vec![
                            Part::Num(u64::from(card.rank)),
                            Part::Str(card.suit.name()),
                        ]),
                    ])
                })))
            }
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.answer {
            Answer::Bool(b) => visitor.visit_bool(*b),
            _ => Err(self.wrong(Held::YesNo)),
        }
    }

    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.answer {
            Answer::Amount(n) => visitor.visit_u64(*n),
            Answer::Seat(s) => visitor.visit_u8(*s),
            _ => Err(self.wrong(Held::Number)),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.answer {
            Answer::Text(t) => visitor.visit_str(t),
            _ => Err(self.wrong(Held::Text)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match Held::of(self.answer) {
            Held::List => self.deserialize_any(visitor),
            _ => Err(self.wrong(Held::List)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.answer {
            Answer::Text(t) => variant_named(t, name, variants, visitor),
            _ => Err(self.wrong(Held::Text)),
        }
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u128 f32 f64 char bytes byte_buf unit unit_struct
        tuple tuple_struct map struct identifier ignored_any
    }
}

/// The variant of enum `name` a text names (a choice's id).
fn variant_named<'de, V: Visitor<'de>>(
    text: &str,
    name: &'static str,
    variants: &'static [&'static str],
    visitor: V,
) -> Result<V::Value, ReadError> {
    let text: StrDeserializer<'_, ReadError> = text.into_deserializer();
    de::Deserializer::deserialize_enum(text, name, variants, visitor)
}

/// A part of one item of a list answer (an action, a player's chips, a
/// seat's card), as serde reads it: an item is a sequence of parts, read
/// by the item type's own `Deserialize` (its fields in order), so typed
/// values pass to an incident without a text form.
#[derive(Debug, Clone)]
enum Part<'a> {
    Str(&'a str),
    Num(u64),
    Absent,
    Seq(Vec<Part<'a>>),
}

impl<'de> IntoDeserializer<'de, ReadError> for Part<'_> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> de::Deserializer<'de> for Part<'_> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self {
            Part::Str(s) => visitor.visit_str(s),
            Part::Num(n) => visitor.visit_u64(n),
            Part::Absent => visitor.visit_none(),
            Part::Seq(items) => visitor.visit_seq(SeqDeserializer::new(items.into_iter())),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self {
            Part::Absent => visitor.visit_none(),
            part => visitor.visit_some(part),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self {
            Part::Str(s) => variant_named(s, name, variants, visitor),
            _ => Err(de::Error::custom("an item part that names no variant")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::walk::Origin;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        heads_up: bool,
        facing: Option<u64>,
        street: crate::poker::Street,
        chips: Option<Vec<u64>>,
        seat: Option<u8>,
    }

    fn answers(list: &[(&str, Answer)]) -> Answers {
        let mut a = Answers::default();
        for (k, v) in list {
            a.insert(k, v.clone(), Origin::Given);
        }
        a
    }

    #[test]
    fn answers_read_as_they_are_held() {
        let got: Sample = read(
            &answers(&[
                ("heads_up", Answer::Bool(true)),
                ("facing", Answer::Amount(1200)),
                ("street", Answer::Text("river".into())),
                ("chips", Answer::Chips(vec![1000, 500])),
                ("seat", Answer::Seat(4)),
            ]),
            None,
        )
        .expect("reads");
        assert_eq!(
            got,
            Sample {
                heads_up: true,
                facing: Some(1200),
                street: crate::poker::Street::River,
                chips: Some(vec![1000, 500]),
                seat: Some(4),
            }
        );
    }

    #[test]
    fn problems_are_typed() {
        let base = [
            ("heads_up", Answer::Bool(true)),
            ("street", Answer::Text("river".into())),
        ];
        let with = |extra: (&str, Answer)| {
            let mut list = base.to_vec();
            list.retain(|(k, _)| *k != extra.0);
            list.push(extra);
            read::<Sample>(&answers(&list), None).expect_err("refused")
        };
        assert_eq!(
            with(("street", Answer::Text("fifth".into()))),
            ReadError::Choice {
                field: "street".into(),
                value: "fifth".into(),
                expected: &["preflop", "flop", "turn", "river", "postflop"],
            }
        );
        assert_eq!(
            with(("heads_up", Answer::Amount(2))),
            ReadError::Kind {
                field: "heads_up".into(),
                found: Held::Number,
                expected: Held::YesNo,
            }
        );
        assert!(matches!(
            with(("pot", Answer::Amount(2))),
            ReadError::Unknown { field, .. } if field == "pot"
        ));
        assert_eq!(
            read::<Sample>(&answers(&base[..1]), None).expect_err("missing"),
            ReadError::Missing { field: "street" }
        );
    }
}
