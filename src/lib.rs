//! floor: poker tournament floor rulings.
//!
//! The library holds all logic and does no terminal I/O; the `floor` binary
//! parses arguments, prompts and renders. Its modules are layered, the
//! vocabulary below and its users above, each importing only from the
//! layers below it (a test computes the imports and fails on any that runs
//! upward or closes a cycle):
//!
//! 1. [`text`] and [`message`] (every message key with its arguments);
//! 2. [`error`] (the one error type, with every failure's typed detail);
//! 3. [`data`] (the data tree: bundled, or `--data`) and [`yaml`] (the one
//!    YAML reader, with its limits);
//! 4. [`ui`] (the UI texts and languages; messages rendered in them);
//! 5. [`poker`] (the one model of a hand);
//! 6. [`rules`] (the rulebook store, the editions' parameters and the
//!    words they take);
//! 7. [`engine`] (decision trees, the walk through their questions, the
//!    ruling) and [`incidents`] (the catalogue: one module per incident),
//!    which meet only in the registry of incidents;
//! 8. [`log`], [`hand`] (whole hands replayed), [`settings`],
//!    [`check`] (`floor check`), [`import`] (a room's rulebook read into
//!    an edition) and [`compare`] (which weighs a provision as the
//!    incidents read it) on top.
#![warn(missing_docs)]

pub mod check;
pub mod compare;
pub mod data;
pub mod engine;
pub mod error;
pub mod fnv;
pub mod hand;
pub mod import;
pub mod incidents;
pub mod log;
pub mod message;
pub mod poker;
pub mod rules;
pub mod settings;
pub mod text;
pub mod ui;
pub mod yaml;

#[cfg(test)]
mod layers;

pub use error::{Error, LoadError, LookupError, Result};

/// The longest text [`nearest`] compares with the candidates.
pub const MAX_NEAREST_INPUT: usize = 256;

/// The `n` candidates closest to `given` (by edit similarity, substrings
/// first), for "did you mean" lists.
pub fn nearest<'a>(
    given: &str,
    candidates: impl Iterator<Item = &'a str>,
    n: usize,
) -> Vec<String> {
    // Nothing a person types for an id is this long, and comparing it with
    // every candidate would take time in proportion to its length.
    if given.len() > MAX_NEAREST_INPUT {
        return Vec::new();
    }
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
