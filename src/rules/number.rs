//! Rule numbers as users type them: `43`, `43A`, `43-A`, `43a`, `RP-5`,
//! `RP5`, `OP5`, `MEC-2`, `rule 43`.

use std::fmt;

/// A parsed rule reference: which rule, and optionally which sub-part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleRef {
    /// `None` for a TDA rule; `RP`, `OP`, `MEC`, `PP`, `DPC` otherwise.
    pub prefix: Option<String>,
    /// The rule's ordinal.
    pub ordinal: u32,
    /// The sub-part label, upper-cased, if one was given.
    pub part: Option<String>,
}

/// Prefixes of numbered procedures and house rules.
pub const PREFIXES: &[&str] = &["RP", "OP", "MEC", "PP", "DPC"];
/// Words a user may put before the number.
const RULE_WORDS: &[&str] = &["RULE", "REGEL", "REGELN", "PRAVIDLO", "TDA"];

impl RuleRef {
    /// Parses a rule number in any accepted spelling; `None` if the input is
    /// not shaped like a rule number (it may be a concept slug).
    pub fn parse(input: &str) -> Option<RuleRef> {
        // A heading's number as printed, colon and all ("TDA Regel 43:").
        let upper = input.trim().trim_end_matches(':').trim_end().to_uppercase();
        let mut rest = upper.as_str();
        // The words in any order and number: ONK prints "TDA Regel 43".
        while let Some(r) = RULE_WORDS.iter().find_map(|word| {
            rest.strip_prefix(word)
                .filter(|r| r.starts_with([' ', ':']))
        }) {
            rest = r.trim_start_matches([' ', ':']);
        }
        // A prefix is a known one (RP5, OP5, MEC2) or, for the house rules of
        // overlays, any run of 2-8 letters joined by a dash (CLUB-1).
        let letters = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let (word, after) = rest.split_at(letters);
        let known = PREFIXES.contains(&word)
            && after.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == ' ');
        let house = (2..=8).contains(&word.len()) && after.starts_with('-');
        let mut prefix = None;
        if known || house {
            prefix = Some(word.to_string());
            rest = after.trim_start_matches(['-', ' ']);
        }
        let digits_end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (digits, tail) = rest.split_at(digits_end);
        let ordinal: u32 = digits.parse().ok()?;
        let tail = tail.trim_start_matches(['-', ' ', '.']);
        let part = if tail.is_empty() {
            None
        } else if (tail.len() == 1 && tail.chars().all(|c| c.is_ascii_alphabetic()))
            || (tail.len() <= 2 && tail.chars().all(|c| c.is_ascii_digit()))
        {
            Some(tail.to_string())
        } else {
            return None;
        };
        Some(RuleRef {
            prefix,
            ordinal,
            part,
        })
    }

    /// The numbers this reference may be stored under, most likely first:
    /// `RP-5` and `OP-5` name the same procedure in different editions.
    pub fn candidates(&self) -> Vec<String> {
        match self.prefix.as_deref() {
            None => vec![self.ordinal.to_string()],
            Some("RP") | Some("OP") => vec![
                format!("RP-{}", self.ordinal),
                format!("OP-{}", self.ordinal),
            ],
            Some(p) => vec![format!("{p}-{}", self.ordinal)],
        }
    }
}

impl fmt::Display for RuleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.prefix {
            Some(p) => write!(f, "{p}-{}", self.ordinal)?,
            None => write!(f, "{}", self.ordinal)?,
        }
        if let Some(part) = &self.part {
            write!(f, "-{part}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(prefix: Option<&str>, ordinal: u32, part: Option<&str>) -> Option<RuleRef> {
        Some(RuleRef {
            prefix: prefix.map(str::to_string),
            ordinal,
            part: part.map(str::to_string),
        })
    }

    #[test]
    fn every_accepted_spelling_parses() {
        assert_eq!(RuleRef::parse("43"), r(None, 43, None));
        assert_eq!(RuleRef::parse("43A"), r(None, 43, Some("A")));
        assert_eq!(RuleRef::parse("43-A"), r(None, 43, Some("A")));
        assert_eq!(RuleRef::parse("43a"), r(None, 43, Some("A")));
        assert_eq!(RuleRef::parse(" 13-b "), r(None, 13, Some("B")));
        assert_eq!(RuleRef::parse("RP-5"), r(Some("RP"), 5, None));
        assert_eq!(RuleRef::parse("RP5"), r(Some("RP"), 5, None));
        assert_eq!(RuleRef::parse("rp 5"), r(Some("RP"), 5, None));
        assert_eq!(RuleRef::parse("OP5"), r(Some("OP"), 5, None));
        assert_eq!(RuleRef::parse("OP5-D"), r(Some("OP"), 5, Some("D")));
        assert_eq!(RuleRef::parse("MEC-2"), r(Some("MEC"), 2, None));
        assert_eq!(RuleRef::parse("mec2"), r(Some("MEC"), 2, None));
        assert_eq!(RuleRef::parse("Rule 43"), r(None, 43, None));
        assert_eq!(RuleRef::parse("Regel 43-A"), r(None, 43, Some("A")));
        assert_eq!(RuleRef::parse("TDA Regel 43:"), r(None, 43, None));
        assert_eq!(RuleRef::parse("TDA rule 43-A"), r(None, 43, Some("A")));
        assert_eq!(RuleRef::parse("Pravidlo 43"), r(None, 43, None));
        assert_eq!(RuleRef::parse("CLUB-1"), r(Some("CLUB"), 1, None));
        assert_eq!(RuleRef::parse("club-1"), r(Some("CLUB"), 1, None));
    }

    #[test]
    fn slugs_and_junk_are_not_numbers() {
        for input in [
            "raise-amounts",
            "",
            "-",
            "RP",
            "43 raise",
            "4x3",
            "MECX",
            "99999999999",
        ] {
            assert_eq!(RuleRef::parse(input), None, "{input}");
        }
    }

    #[test]
    fn procedures_match_either_prefix() {
        let rp = RuleRef::parse("OP5").expect("parses");
        assert_eq!(rp.candidates(), ["RP-5", "OP-5"]);
        assert_eq!(
            RuleRef::parse("MEC-2").expect("parses").candidates(),
            ["MEC-2"]
        );
    }
}
