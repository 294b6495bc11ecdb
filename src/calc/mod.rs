//! Calculators: the arithmetic and decision logic of the rules.
//!
//! Pure functions over integer chip amounts (`u64`, checked arithmetic). No
//! I/O, no edition lookup by name, no printing: where editions differ, the
//! difference arrives as a typed parameter. Every result names the rule
//! concept(s) it applied, as slugs of `locales/concepts.yaml`, so the caller
//! can cite the edition's rule for them.

pub mod dealing;
pub mod decisions;

pub use crate::poker::{Chips, Game, Seat};

/// Why a calculation could not be made. Each variant names the input at fault
/// (by the answer key the incident catalogue uses) so the message can say what
/// to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalcError {
    /// A sum or product left the `u64` chip range.
    #[error("`{input}` is too large: the amounts overflow")]
    Overflow {
        /// The input whose arithmetic overflowed.
        input: &'static str,
    },
    /// The inputs contradict each other or the rules (e.g. pushed more than the stack).
    #[error("`{input}`: {problem}")]
    Invalid {
        /// The input at fault.
        input: &'static str,
        /// What is wrong with it and what would be valid.
        problem: String,
    },
}

impl CalcError {
    /// Shorthand for [`CalcError::Invalid`].
    pub fn invalid(input: &'static str, problem: impl Into<String>) -> Self {
        CalcError::Invalid {
            input,
            problem: problem.into(),
        }
    }
}

/// Checked addition that reports which input overflowed.
pub fn add(a: Chips, b: Chips, input: &'static str) -> Result<Chips, CalcError> {
    a.checked_add(b).ok_or(CalcError::Overflow { input })
}

/// Checked multiplication that reports which input overflowed.
pub fn mul(a: Chips, b: Chips, input: &'static str) -> Result<Chips, CalcError> {
    a.checked_mul(b).ok_or(CalcError::Overflow { input })
}
