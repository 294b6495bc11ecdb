//! Amounts as a hand history publishes them: whole chips (`2000`), or
//! dollars and cents (`28.70`), quarter chips (`1259450.25`). A hand is
//! replayed exactly in its smallest unit — every amount of the record is a
//! whole number of it — and shown again in the record's own unit.
//!
//! Two sizes matter. The *unit* is the finest amount the record writes
//! anywhere (a result may be finer than the play: a pot split to the half
//! chip in `finishing_stacks`); the *chip* is the finest amount of the play
//! itself (stacks, forced bets, bets), the smallest chip in play, in which a
//! split pot's odd chip is counted.

use std::fmt;

use crate::message::{Message, Msg};
use crate::poker::Chips;

/// The most decimals an amount may have.
pub const MAX_DIGITS: u8 = 6;

/// The largest amount of a record with decimals, in its unit: below 2^53,
/// so that every amount is exact as a JSON number.
const MAX_DECIMAL_UNITS: Chips = 1 << 53;

/// An amount as written: its digits without the point, the number of
/// decimals, and its sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// The digits, the decimal point and trailing zeros of the fraction
    /// left out (`28.75` is 2875; `28.70` is 287, as TOML gives it).
    pub digits: u128,
    /// How many of them are decimals (`28.75`: 2, `28.70` and `28.7`: 1).
    pub decimals: u8,
    /// Written with a minus sign.
    pub negative: bool,
}

impl Written {
    /// Reads a decimal number (`197`, `28.70`, `-0.25`, `1e3` is not one).
    /// `None` when it is no plain decimal number or has more than
    /// [`MAX_DIGITS`] decimals.
    ///
    /// ```
    /// use floor::hand::unit::Written;
    /// let w = Written::parse("-28.75").unwrap();
    /// assert_eq!((w.digits, w.decimals, w.negative), (2875, 2, true));
    /// let w = Written::parse("28.70").unwrap();
    /// assert_eq!((w.digits, w.decimals), (287, 1));
    /// assert!(Written::parse("1.2.3").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Written> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
        let ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit() || b == b'_');
        if whole.is_empty() || !ok(whole) || !ok(fraction) || body.ends_with('.') {
            return None;
        }
        let fraction = fraction.trim_end_matches('0');
        let decimals = u8::try_from(fraction.len())
            .ok()
            .filter(|d| *d <= MAX_DIGITS)?;
        let mut digits: u128 = 0;
        for b in whole.bytes().chain(fraction.bytes()).filter(|b| *b != b'_') {
            digits = digits.checked_mul(10)?.checked_add(u128::from(b - b'0'))?;
        }
        Some(Written {
            digits,
            decimals,
            negative: negative && digits != 0,
        })
    }

    /// A TOML float as its shortest decimal (the digits a person wrote:
    /// `28.7` for `28.70`, whose binary value is not exactly 28.7).
    pub fn from_float(f: f64) -> Option<Written> {
        if !f.is_finite() {
            return None;
        }
        // Rust prints the shortest decimal that reads back as the same
        // double, never in exponent form.
        Written::parse(&format!("{f}"))
    }

    /// A TOML integer.
    pub fn from_int(n: i64) -> Written {
        Written {
            digits: u128::from(n.unsigned_abs()),
            decimals: 0,
            negative: n < 0,
        }
    }

    /// The amount in units of `10^-decimals`; `None` when it does not fit.
    pub fn units(self, decimals: u8) -> Option<Chips> {
        let scale = 10u128.checked_pow(u32::from(decimals.checked_sub(self.decimals)?))?;
        let units = Chips::try_from(self.digits.checked_mul(scale)?).ok()?;
        (decimals == 0 || units < MAX_DECIMAL_UNITS).then_some(units)
    }
}

/// The unit of a hand's amounts: `10^-digits` of what the record writes
/// (`digits` 2: cents), and the smallest chip of its play in that unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    /// The decimals of the finest amount the record writes.
    pub digits: u8,
    /// The decimals of the finest amount of the play (stacks, forced bets,
    /// bets): what amounts are shown with.
    pub play_digits: u8,
}

impl Default for Unit {
    fn default() -> Unit {
        Unit::WHOLE
    }
}

impl Unit {
    /// Whole chips.
    pub const WHOLE: Unit = Unit {
        digits: 0,
        play_digits: 0,
    };

    /// The smallest chip in play, in units (`1` for whole chips and for
    /// cents written as cents; `10` when the play is in whole chips and a
    /// result is written to the tenth).
    pub fn chip(self) -> Chips {
        10u64.pow(u32::from(self.digits.saturating_sub(self.play_digits)))
    }

    /// `units` as the record writes amounts: with the play's decimals
    /// (`28.70`, `197.00`; whole chips as `2000`), and the finer digits a
    /// result needs beyond them (`10112.5`).
    ///
    /// ```
    /// use floor::hand::unit::Unit;
    /// let cents = Unit { digits: 2, play_digits: 2 };
    /// assert_eq!(cents.show(2870), "28.70");
    /// assert_eq!(cents.show(5), "0.05");
    /// let halves = Unit { digits: 1, play_digits: 0 };
    /// assert_eq!((halves.show(101125), halves.show(101130)), ("10112.5".into(), "10113".into()));
    /// ```
    pub fn show(self, units: Chips) -> String {
        if self.digits == 0 {
            return units.to_string();
        }
        let scale = 10u64.pow(u32::from(self.digits));
        let whole = units / scale;
        let fraction = format!(
            "{:0width$}",
            units % scale,
            width = usize::from(self.digits)
        );
        let keep = fraction
            .trim_end_matches('0')
            .len()
            .max(usize::from(self.play_digits));
        match fraction.get(..keep) {
            Some(f) if !f.is_empty() => format!("{whole}.{f}"),
            _ => whole.to_string(),
        }
    }

    /// `units` as a JSON number in the record's unit: an integer for whole
    /// chips, else the decimal (exact: amounts stay below 2^53 units).
    pub fn json(self, units: Chips) -> serde_json::Value {
        if self.digits == 0 {
            return serde_json::Value::from(units);
        }
        let value: f64 = self.show(units).parse().unwrap_or(f64::NAN);
        serde_json::Number::from_f64(value)
            .map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

/// An amount of a hand with its unit: shown and serialized as the record
/// writes amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Money {
    /// The amount in the hand's unit.
    pub units: Chips,
    /// The unit.
    pub unit: Unit,
}

impl Money {
    /// `units` of `unit`.
    pub fn new(units: Chips, unit: Unit) -> Money {
        Money { units, unit }
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.unit.show(self.units))
    }
}

impl serde::Serialize for Money {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.unit.json(self.units).serialize(s)
    }
}

/// The decimals a list of written amounts needs, with the error naming
/// `field` for an amount that has too many.
pub fn decimals_of<'a>(amounts: impl IntoIterator<Item = &'a Written>) -> u8 {
    amounts.into_iter().map(|w| w.decimals).max().unwrap_or(0)
}

/// The error for an amount that is no amount floor replays: more than
/// [`MAX_DIGITS`] decimals, or too large.
pub fn not_an_amount(field: &str, value: impl fmt::Display) -> Message {
    Message::new(Msg::PhhNumber)
        .arg("field", field)
        .arg("value", value)
        .arg("digits", MAX_DIGITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_read_as_the_decimals_written() {
        for (f, digits, decimals) in [
            (28.7, 287, 1),
            (0.1, 1, 1),
            (1259450.25, 125945025, 2),
            (197.0, 197, 0),
            (-0.25, 25, 2),
        ] {
            let w = Written::from_float(f).unwrap();
            assert_eq!((w.digits, w.decimals), (digits, decimals), "{f}");
        }
        assert!(Written::from_float(f64::INFINITY).is_none());
        assert!(Written::from_float(0.1 + 0.2).is_none());
    }

    #[test]
    fn units_scale_to_the_finest_amount() {
        let w = Written::parse("28.7").unwrap();
        assert_eq!(w.units(2), Some(2870));
        assert_eq!(w.units(0), None);
        assert_eq!(
            Written::parse("9007199254740993").unwrap().units(0),
            Some(9007199254740993)
        );
        assert_eq!(Written::parse("90071992547409.93").unwrap().units(2), None);
    }

    #[test]
    fn amounts_show_in_the_records_unit() {
        let cents = Unit {
            digits: 2,
            play_digits: 2,
        };
        assert_eq!(cents.show(19700), "197.00");
        assert_eq!(cents.json(2870), serde_json::json!(28.7));
        assert_eq!(Unit::WHOLE.json(2000), serde_json::json!(2000));
        let halves = Unit {
            digits: 1,
            play_digits: 0,
        };
        assert_eq!(halves.chip(), 10);
        assert_eq!(cents.chip(), 1);
    }
}
