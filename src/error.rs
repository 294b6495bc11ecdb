//! Typed errors of the library. Every message names the input at fault and
//! says how to fix it; the binary prints it on one line and exits 2.

use std::fmt;

/// A data file (bundled, `--data`, `--house`, `--answers`) could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The file does not parse, or does not have the expected shape.
    #[error("{file}{}: {message}", Location(*.location))]
    Schema {
        /// The file as shown to the user.
        file: String,
        /// Line and column, where the parser knows them.
        location: Option<(usize, usize)>,
        /// The parser's message.
        message: String,
    },
    /// The file parses but breaks a rule of the data model.
    #[error("{file}: {message}")]
    Invalid {
        /// The file as shown to the user.
        file: String,
        /// What is wrong and what would be valid.
        message: String,
    },
    /// The file could not be read.
    #[error("cannot read {file}: {message}")]
    Io {
        /// The file as given.
        file: String,
        /// The operating system's message.
        message: String,
    },
    /// The file is larger than any data file needs to be.
    #[error(
        "{file} is {bytes} bytes, over the {limit}-byte limit for data files: give the right file"
    )]
    TooLarge {
        /// The file as given.
        file: String,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// The file is not UTF-8 text.
    #[error("{file} is not UTF-8 text (bad byte at offset {offset}): save it as UTF-8")]
    NotUtf8 {
        /// The file as given.
        file: String,
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// `--data` does not point at a data tree.
    #[error("--data {dir} {problem}: give a directory holding locales/ (and rulings/)")]
    DataDir {
        /// The directory as given.
        dir: String,
        /// What is wrong with it.
        problem: String,
    },
}

struct Location(Option<(usize, usize)>);

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some((line, column)) => write!(f, ":{line}:{column}"),
            None => Ok(()),
        }
    }
}

/// Something the user asked for does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    /// No edition has this id.
    #[error("unknown edition `{given}`{}; `floor editions` lists them", Nearest(.nearest))]
    UnknownEdition {
        /// What the user typed.
        given: String,
        /// The closest edition ids.
        nearest: Vec<String>,
    },
    /// The edition has no rule with this number.
    #[error("{edition} has no rule `{given}`{}; try `floor search` or `floor rule <CONCEPT> --all`", Nearest(.nearest))]
    UnknownRule {
        /// The edition searched.
        edition: String,
        /// What the user typed.
        given: String,
        /// The closest rule numbers of that edition.
        nearest: Vec<String>,
    },
    /// The rule exists but has no such sub-part.
    #[error("{edition} rule {number} has no part `{part}`{}", Nearest(.nearest))]
    UnknownPart {
        /// The edition searched.
        edition: String,
        /// The rule number.
        number: String,
        /// The part asked for.
        part: String,
        /// The parts the rule has.
        nearest: Vec<String>,
    },
    /// No concept has this slug.
    #[error("unknown rule or concept `{given}`{}; give a rule number (43, 43-A, RP-5, MEC-2) or a concept slug", Nearest(.nearest))]
    UnknownConcept {
        /// What the user typed.
        given: String,
        /// The closest concept slugs.
        nearest: Vec<String>,
    },
    /// No incident has this id.
    #[error("unknown incident `{given}`{}; `floor incident --list` lists them", Nearest(.nearest))]
    UnknownIncident {
        /// What the user typed.
        given: String,
        /// The closest incident ids.
        nearest: Vec<String>,
    },
    /// The concept exists but this edition has no rule for it.
    #[error("{edition} has no rule for `{concept}`{}; `floor rule {concept} --all` shows the editions that do", Nearest(.nearest))]
    ConceptNotInEdition {
        /// The edition searched.
        edition: String,
        /// The concept slug.
        concept: String,
        /// Editions that have it.
        nearest: Vec<String>,
    },
}

struct Nearest<'a>(&'a [String]);

impl fmt::Display for Nearest<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return Ok(());
        }
        write!(f, " (nearest: {})", self.0.join(", "))
    }
}
