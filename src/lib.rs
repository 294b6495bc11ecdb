//! floor: poker tournament floor rulings.
//!
//! The library holds all logic — the rulebook store and concordance
//! ([`rules`]), the one model of a hand ([`poker`]), the incidents and their
//! rulings ([`incidents`], [`incident`]), the user-interface texts ([`ui`])
//! — and does no terminal I/O. The `floor` binary parses arguments, prompts
//! and renders.
#![warn(missing_docs)]

pub mod compare;
pub mod data;
pub mod error;
pub mod hand;
pub mod import;
pub mod incident;
pub mod incidents;
pub mod log;
pub mod message;
pub mod poker;
pub mod rules;
pub mod settings;
pub mod text;
pub mod ui;

pub use error::{Error, LoadError, LookupError, Result};

/// The `n` candidates closest to `given` (by edit similarity, substrings
/// first), for "did you mean" lists.
pub fn nearest<'a>(
    given: &str,
    candidates: impl Iterator<Item = &'a str>,
    n: usize,
) -> Vec<String> {
    let given = given.to_lowercase();
    let mut scored: Vec<(f64, &str)> = candidates
        .map(|c| {
            let lower = c.to_lowercase();
            let mut score = strsim::jaro_winkler(&given, &lower);
            if !given.is_empty() && (lower.contains(&given) || given.contains(&lower)) {
                score += 1.0;
            }
            (score, c)
        })
        .filter(|(score, _)| *score >= 0.6)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored
        .into_iter()
        .take(n)
        .map(|(_, c)| c.to_string())
        .collect()
}
