//! Chip amounts as people write them: `1200`, `1.200`, `1,200`, `1 200`,
//! `1.2k`, `4K`. One parser for every answer and every list of amounts.

use super::Chips;

fn invalid<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

/// Parses a chip amount: digits with `.`, `,` or space as thousands
/// separators (`1.200`, `1,200`, `1 200`), or a `k`/`K` suffix with an
/// optional decimal part (`1.2k`, `1,5K`, `4k`). Never negative, never a
/// fraction of a chip.
pub fn parse(raw: &str) -> Result<Chips, String> {
    let s = raw.trim();
    if s.is_empty() {
        return invalid("empty: give a number of chips such as 1200, 1.200 or 1.2k");
    }
    if s.starts_with('-') {
        return invalid(format!("`{s}` is negative: chip amounts are 0 or more"));
    }
    if let Some(c) = s
        .chars()
        .find(|c| !c.is_ascii_digit() && !matches!(c, '.' | ',' | ' ' | 'k' | 'K'))
    {
        return invalid(format!(
            "`{s}` contains `{c}`: use digits 0-9, `.`/`,` for thousands, or a k suffix (1.2k)"
        ));
    }
    let (number, multiplier) = match s.strip_suffix(['k', 'K']) {
        Some(n) => (n.trim_end(), 1000u64),
        None => (s, 1),
    };
    if number.contains(['k', 'K'])
        || number.is_empty()
        || !number.starts_with(|c: char| c.is_ascii_digit())
    {
        return invalid(format!("`{s}` is not an amount: write 1200, 1.200 or 1.2k"));
    }
    let too_large = || format!("`{s}` is too large for a chip amount");
    if multiplier == 1000 {
        // With k, one `.` or `,` is a decimal point: 1.2k = 1200.
        let seps: Vec<usize> = number.match_indices(['.', ',']).map(|(i, _)| i).collect();
        let (int_part, frac_part) = match seps.as_slice() {
            [] => (number, ""),
            [at] => (&number[..*at], &number[at + 1..]),
            _ => return invalid(format!("`{s}`: use one decimal point with k (1.25k)")),
        };
        if int_part.contains(' ')
            || frac_part.contains(' ')
            || frac_part.len() > 3
            || frac_part.is_empty() && !seps.is_empty()
        {
            return invalid(format!("`{s}`: write thousands as 1.2k, 12k or 1.25k"));
        }
        let whole: u64 = int_part.parse().map_err(|_| too_large())?;
        let frac: u64 = if frac_part.is_empty() {
            0
        } else {
            let digits: u64 = frac_part.parse().map_err(|_| too_large())?;
            digits * 10u64.pow(3 - frac_part.len() as u32)
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
                return invalid(format!(
                    "`{s}` is not a whole number of chips: write 1200 or 1.200 (thousands), \
                     or 1.2k; fractions of a chip do not exist"
                ));
            }
            groups.concat()
        }
    };
    digits.parse().map_err(|_| too_large())
}
