//! What kind of value was found and what kind was wanted, as typed data.
//!
//! serde hands a deserializer's error type the clash as a typed
//! `Unexpected` and an `Expected`, but the parser keeps only their English
//! text. [`Tracked`] sits between the parser and the type being read and
//! notes both sides itself: the kind wanted from the `deserialize_*` the
//! type asked for, the kind found from the `visit_*` the parser called.
//! When a read fails, the innermost failure is noted first and kept, so
//! [`super::error`] words it from these kinds, never from the text.

use std::cell::Cell;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

use crate::message::{Message, Msg};

/// A kind of YAML value, as a reader wants it or the parser found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    YesNo,
    WholeNumber,
    Number,
    Text,
    List,
    Map,
    Empty,
    /// Whatever the type makes of it (`deserialize_any`).
    Any,
}

impl Shape {
    /// The kind in words; `None` for [`Shape::Any`], which names no kind.
    pub fn message(self) -> Option<Message> {
        let msg = match self {
            Shape::YesNo => Msg::KindYesNo,
            Shape::WholeNumber => Msg::KindWholeNumber,
            Shape::Number => Msg::KindNumber,
            Shape::Text => Msg::KindText,
            Shape::List => Msg::KindList,
            Shape::Map => Msg::KindMap,
            Shape::Empty => Msg::KindEmpty,
            Shape::Any => return None,
        };
        Some(Message::new(msg))
    }
}

/// The first (innermost) failed read: what was found, where the parser
/// got as far as a value, and what the reader wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clash {
    pub found: Option<Shape>,
    pub wanted: Shape,
}

/// Where the clash of one parse is noted.
pub type Seen = Cell<Option<Clash>>;

fn note(seen: &Seen, found: Option<Shape>, wanted: Shape) {
    if seen.get().is_none() {
        seen.set(Some(Clash { found, wanted }));
    }
}

/// A deserializer that notes the kinds of a failed read.
pub struct Tracked<'s, D> {
    de: D,
    seen: &'s Seen,
}

impl<'s, D> Tracked<'s, D> {
    pub fn new(de: D, seen: &'s Seen) -> Self {
        Tracked { de, seen }
    }
}

/// A visitor that notes what the parser found when the read fails.
struct Watch<'s, V> {
    inner: V,
    seen: &'s Seen,
    wanted: Shape,
}

macro_rules! wanted {
    ($($method:ident($($arg:ident: $ty:ty),*) => $shape:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(
            self,
            $($arg: $ty,)*
            visitor: V,
        ) -> Result<V::Value, D::Error> {
            let seen = self.seen;
            let wanted = Shape::$shape;
            self.de
                .$method($($arg,)* Watch { inner: visitor, seen, wanted })
                .inspect_err(|_| note(seen, None, wanted))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Tracked<'_, D> {
    type Error = D::Error;

    wanted! {
        deserialize_any() => Any,
        deserialize_bool() => YesNo,
        deserialize_i8() => WholeNumber,
        deserialize_i16() => WholeNumber,
        deserialize_i32() => WholeNumber,
        deserialize_i64() => WholeNumber,
        deserialize_i128() => WholeNumber,
        deserialize_u8() => WholeNumber,
        deserialize_u16() => WholeNumber,
        deserialize_u32() => WholeNumber,
        deserialize_u64() => WholeNumber,
        deserialize_u128() => WholeNumber,
        deserialize_f32() => Number,
        deserialize_f64() => Number,
        deserialize_char() => Text,
        deserialize_str() => Text,
        deserialize_string() => Text,
        deserialize_bytes() => Text,
        deserialize_byte_buf() => Text,
        deserialize_option() => Any,
        deserialize_unit() => Empty,
        deserialize_seq() => List,
        deserialize_map() => Map,
        deserialize_identifier() => Text,
        deserialize_ignored_any() => Any,
        deserialize_unit_struct(name: &'static str) => Empty,
        deserialize_newtype_struct(name: &'static str) => Any,
        deserialize_tuple(len: usize) => List,
        deserialize_tuple_struct(name: &'static str, len: usize) => List,
        deserialize_struct(name: &'static str, fields: &'static [&'static str]) => Map,
        // A choice is written as its id.
        deserialize_enum(name: &'static str, variants: &'static [&'static str]) => Text,
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

macro_rules! found {
    ($($method:ident($ty:ty) => $shape:ident),* $(,)?) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            let Watch { inner, seen, wanted } = self;
            inner.$method(v).inspect_err(|_| note(seen, Some(Shape::$shape), wanted))
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Watch<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.expecting(f)
    }

    found! {
        visit_bool(bool) => YesNo,
        visit_i8(i8) => WholeNumber,
        visit_i16(i16) => WholeNumber,
        visit_i32(i32) => WholeNumber,
        visit_i64(i64) => WholeNumber,
        visit_i128(i128) => WholeNumber,
        visit_u8(u8) => WholeNumber,
        visit_u16(u16) => WholeNumber,
        visit_u32(u32) => WholeNumber,
        visit_u64(u64) => WholeNumber,
        visit_u128(u128) => WholeNumber,
        visit_f32(f32) => Number,
        visit_f64(f64) => Number,
        visit_char(char) => Text,
        visit_str(&str) => Text,
        visit_borrowed_str(&'de str) => Text,
        visit_string(String) => Text,
        visit_bytes(&[u8]) => Text,
        visit_borrowed_bytes(&'de [u8]) => Text,
        visit_byte_buf(Vec<u8>) => Text,
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        let Watch {
            inner,
            seen,
            wanted,
        } = self;
        inner
            .visit_none()
            .inspect_err(|_| note(seen, Some(Shape::Empty), wanted))
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        let Watch {
            inner,
            seen,
            wanted,
        } = self;
        inner
            .visit_unit()
            .inspect_err(|_| note(seen, Some(Shape::Empty), wanted))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        let Watch { inner, seen, .. } = self;
        inner.visit_some(Tracked::new(d, seen))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        let Watch { inner, seen, .. } = self;
        inner.visit_newtype_struct(Tracked::new(d, seen))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let Watch {
            inner,
            seen,
            wanted,
        } = self;
        inner
            .visit_seq(Items { seq, seen })
            .inspect_err(|_| note(seen, Some(Shape::List), wanted))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let Watch {
            inner,
            seen,
            wanted,
        } = self;
        inner
            .visit_map(Items { seq: map, seen })
            .inspect_err(|_| note(seen, Some(Shape::Map), wanted))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        let Watch {
            inner,
            seen,
            wanted,
        } = self;
        inner
            .visit_enum(Items { seq: data, seen })
            .inspect_err(|_| note(seen, Some(Shape::Map), wanted))
    }
}

/// The items of a list, the entries of a map or an enum's variant, each
/// read through [`Tracked`].
struct Items<'s, A> {
    seq: A,
    seen: &'s Seen,
}

/// A seed whose deserializer is [`Tracked`].
struct Seed<'s, T> {
    seed: T,
    seen: &'s Seen,
}

impl<'de, T: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<'_, T> {
    type Value = T::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Value, D::Error> {
        self.seed.deserialize(Tracked::new(d, self.seen))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Items<'_, A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        let seen = self.seen;
        self.seq.next_element_seed(Seed { seed, seen })
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Items<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let seen = self.seen;
        self.seq.next_key_seed(Seed { seed, seen })
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        let seen = self.seen;
        self.seq.next_value_seed(Seed { seed, seen })
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

impl<'de, 's, A: EnumAccess<'de>> EnumAccess<'de> for Items<'s, A> {
    type Error = A::Error;
    type Variant = Items<'s, A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self::Variant), A::Error> {
        let seen = self.seen;
        self.seq
            .variant_seed(Seed { seed, seen })
            .map(|(value, variant)| (value, Items { seq: variant, seen }))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Items<'_, A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.seq.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        let seen = self.seen;
        self.seq.newtype_variant_seed(Seed { seed, seen })
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        let (seen, wanted) = (self.seen, Shape::List);
        self.seq.tuple_variant(
            len,
            Watch {
                inner: visitor,
                seen,
                wanted,
            },
        )
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let (seen, wanted) = (self.seen, Shape::Map);
        self.seq.struct_variant(
            fields,
            Watch {
                inner: visitor,
                seen,
                wanted,
            },
        )
    }
}
