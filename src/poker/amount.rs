//! Chip amounts as people write them: `1200`, `1.200`, `1,200`, `1 200`,
//! `1.2k`, `4K`. One parser for every answer and every list of amounts.

use super::Chips;
use crate::message::{Message, Msg};

fn invalid<T>(msg: Msg, value: &str) -> Result<T, Message> {
    Err(Message::new(msg).arg("value", value))
}

/// Parses a chip amount: digits with `.`, `,` or space as thousands
/// separators (`1.200`, `1,200`, `1 200`), or a `k`/`K` suffix with an
/// optional decimal part (`1.2k`, `1,5K`, `4k`). Never negative, never a
/// fraction of a chip.
///
/// ```
/// use floor::poker::amount::parse;
/// assert_eq!(parse("1.200").unwrap(), 1200);
/// assert_eq!(parse("1.25k").unwrap(), 1250);
/// assert!(parse("12OO").is_err());
/// ```
pub fn parse(raw: &str) -> Result<Chips, Message> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(Message::new(Msg::AmountEmpty));
    }
    if s.starts_with('-') {
        return invalid(Msg::AmountNegative, s);
    }
    if let Some(c) = s
        .chars()
        .find(|c| !c.is_ascii_digit() && !matches!(c, '.' | ',' | ' ' | 'k' | 'K'))
    {
        // A space that is not an ordinary space is named by its code.
        let shown = if c.is_whitespace() || c.is_control() {
            c.escape_unicode().to_string()
        } else {
            c.to_string()
        };
        return Err(Message::new(Msg::AmountBadChar)
            .arg("value", s)
            .arg("char", shown));
    }
    let (number, multiplier) = match s.strip_suffix(['k', 'K']) {
        Some(n) => (n.trim_end(), 1000u64),
        None => (s, 1),
    };
    if number.contains(['k', 'K'])
        || number.is_empty()
        || !number.starts_with(|c: char| c.is_ascii_digit())
    {
        return invalid(Msg::AmountNotAmount, s);
    }
    let too_large = || Message::new(Msg::AmountTooLarge).arg("value", s);
    if multiplier == 1000 {
        // With k, one `.` or `,` is a decimal point: 1.2k = 1200.
        let seps: Vec<usize> = number.match_indices(['.', ',']).map(|(i, _)| i).collect();
        let (int_part, frac_part) = match seps.as_slice() {
            [] => (number, ""),
            [at] => (
                number.get(..*at).unwrap_or(""),
                number.get(at + 1..).unwrap_or(""),
            ),
            _ => return invalid(Msg::AmountKDecimal, s),
        };
        if int_part.contains(' ')
            || frac_part.contains(' ')
            || frac_part.len() > 3
            || frac_part.is_empty() && !seps.is_empty()
        {
            return invalid(Msg::AmountKForm, s);
        }
        let whole: u64 = int_part.parse().map_err(|_| too_large())?;
        let frac: u64 = if frac_part.is_empty() {
            0
        } else {
            let digits: u64 = frac_part.parse().map_err(|_| too_large())?;
            // frac_part has 1 to 3 digits: scale to thousandths.
            let scale = match frac_part.len() {
                1 => 100,
                2 => 10,
                _ => 1,
            };
            digits * scale
        };
        return whole
            .checked_mul(1000)
            .and_then(|w| w.checked_add(frac))
            .ok_or_else(too_large);
    }
    // Without k, separators group thousands: every group after the first
    // has exactly three digits, all separators are the same character.
    let sep = number.chars().find(|c| matches!(c, '.' | ',' | ' '));
    let digits: String = match sep {
        None => number.to_string(),
        Some(sep) => {
            let groups: Vec<&str> = number.split(sep).collect();
            let valid = groups.first().is_some_and(|g| (1..=3).contains(&g.len()))
                && groups.iter().skip(1).all(|g| g.len() == 3)
                && groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()));
            if !valid {
                return invalid(Msg::AmountNotWhole, s);
            }
            groups.concat()
        }
    };
    digits.parse().map_err(|_| too_large())
}
