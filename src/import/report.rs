//! The import report: every rule with its number, title, concept and
//! confidence, every parameter with the sentence that states it, and first
//! the points a person must decide. One value for both readers: the human
//! report renders it, `--json` prints it.

use serde::Serialize;

use crate::import::Import;
use crate::import::mapping::Evidence;
use crate::import::params::Found;
use crate::import::structure::Guess;
use crate::rules::RuleKind;

/// Below this share of its stop words the book's language is a point for a
/// person (a book in two languages, or in none of the four).
pub const SURE_LANGUAGE: f32 = 0.6;

/// The report of one import.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The file read.
    pub file: String,
    /// The edition made.
    pub edition: String,
    /// Its title.
    pub title: String,
    /// The book's language.
    pub language: &'static str,
    /// How sure the language is, 0-1.
    pub language_share: f32,
    /// The known numbering the printed numbers follow, if any.
    pub numbering: Option<String>,
    /// Rules, procedures and house rules made.
    pub counts: Counts,
    /// What a person must decide, first.
    pub points: Vec<Point>,
    /// Every rule of the edition, in order.
    pub rules: Vec<RuleRow>,
    /// Every parameter recognised.
    pub params: Vec<Found>,
}

/// How many rules of each kind.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Counts {
    /// Rules of the numbering.
    pub rules: usize,
    /// Recommended procedures.
    pub procedures: usize,
    /// House rules.
    pub house: usize,
}

/// One rule of the edition.
#[derive(Debug, Clone, Serialize)]
pub struct RuleRow {
    /// Its number in the edition.
    pub number: String,
    /// Its label as printed, when it differs.
    pub label: Option<String>,
    /// Its title.
    pub title: String,
    /// Its kind.
    pub kind: RuleKind,
    /// Its concept (a house rule's own slug).
    pub concept: String,
    /// Whether it maps to nothing known: a house rule.
    pub house: bool,
    /// How sure the concept is, 0-1.
    pub confidence: f32,
    /// Whether a person should decide it.
    pub uncertain: bool,
    /// The line of the book it starts on.
    pub line: usize,
    /// Why this concept.
    pub evidence: Vec<Evidence>,
}

/// Something a person must decide.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "point", rename_all = "kebab-case")]
pub enum Point {
    /// A rule whose concept is uncertain: pick one, or call it a house rule.
    Concept {
        /// The rule's number.
        number: String,
        /// Its title.
        title: String,
        /// Its line in the book.
        line: usize,
        /// The concept the import chose; `None`: a house rule.
        chosen: Option<String>,
        /// How sure.
        confidence: f32,
        /// The next-best concepts, with their scores.
        alternatives: Vec<(String, f32)>,
    },
    /// Two rules print the same number: the later got a house number.
    NumberClash {
        /// The number printed twice.
        printed: String,
        /// The number the later rule got.
        number: String,
        /// Its line.
        line: usize,
    },
    /// The book prints a rule of the base under another number: an
    /// overlay keeps the base's numbers.
    Renumbered {
        /// The base's number.
        number: String,
        /// The book's.
        printed: String,
    },
    /// TDA rules and procedures for which no known record gives what they
    /// state: a person records it.
    Provisions {
        /// Their numbers.
        rules: Vec<String>,
        /// The record to complete.
        file: String,
    },
    /// A parameter the rule states whose value its words leave open: not
    /// set until a person says it.
    Param {
        /// The rule.
        number: String,
        /// The parameter.
        key: String,
        /// The values the words allow.
        readings: Vec<serde_json::Value>,
        /// The sentence that states it.
        sentence: String,
    },
    /// Lines after the last rule taken, by their form alone, for no rule
    /// text: a house note, the book's source, or no sentences at all (a web
    /// page's furniture).
    Closing {
        /// What they were taken for.
        taken: Closing,
        /// Their first and last line.
        lines: (usize, usize),
        /// Their text.
        text: String,
    },
    /// The book's language is not clear.
    Language {
        /// The language taken.
        taken: &'static str,
        /// Its share of the stop words found.
        share: f32,
    },
}

/// What lines after the last rule were taken for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Closing {
    /// A house note: a house rule of its own.
    Note,
    /// The book's source: kept apart.
    Source,
    /// No sentences: left out.
    NotText,
}

impl Report {
    /// The report of `import`, read from `file`.
    pub fn of(import: &Import, file: &str) -> Report {
        let ed = &import.built.edition;
        let book: Vec<_> = import.book.rules().collect();
        let mut points = Vec::new();
        if import.lang_share < SURE_LANGUAGE {
            points.push(Point::Language {
                taken: import.lang.code(),
                share: import.lang_share,
            });
        }
        let mut rules = Vec::new();
        for (placed, rule) in import.built.placed.iter().zip(ed.rules()) {
            let (Some(m), Some(b)) = (import.mapping.rules.get(placed.book), book.get(placed.book))
            else {
                continue;
            };
            if m.uncertain {
                points.push(Point::Concept {
                    number: rule.number.clone(),
                    title: rule.title.clone(),
                    line: b.line,
                    chosen: m.concept.clone(),
                    confidence: m.confidence,
                    alternatives: m.alternatives.clone(),
                });
            }
            rules.push(RuleRow {
                number: rule.number.clone(),
                label: rule.label.clone(),
                title: rule.title.clone(),
                kind: rule.kind,
                concept: rule.concept.clone(),
                house: m.concept.is_none(),
                confidence: m.confidence,
                uncertain: m.uncertain,
                line: b.line,
                evidence: m.evidence.clone(),
            });
        }
        for (i, printed) in &import.built.clashes {
            let number = import
                .built
                .placed
                .iter()
                .find(|p| p.book == *i)
                .map(|p| p.number.clone())
                .unwrap_or_default();
            points.push(Point::NumberClash {
                printed: printed.clone(),
                number,
                line: book.get(*i).map_or(0, |b| b.line),
            });
        }
        for g in &import.book.guessed {
            points.push(Point::Closing {
                taken: match g.kind {
                    Guess::Note => Closing::Note,
                    Guess::Source => Closing::Source,
                    Guess::NotText => Closing::NotText,
                },
                lines: g.lines,
                text: g.text.clone(),
            });
        }
        for d in &import.doubts {
            points.push(Point::Param {
                number: d.rule.clone(),
                key: d.key.clone(),
                readings: d.readings.clone(),
                sentence: d.sentence.clone(),
            });
        }
        let count = |kind| ed.rules().filter(|r| r.kind == kind).count();
        Report {
            file: file.to_string(),
            edition: ed.id.clone(),
            title: ed.title.clone(),
            language: import.lang.code(),
            language_share: import.lang_share,
            numbering: import.mapping.numbering.clone(),
            counts: Counts {
                rules: count(RuleKind::Rule),
                procedures: count(RuleKind::Procedure),
                house: count(RuleKind::House),
            },
            points,
            rules,
            params: import.params.clone(),
        }
    }
}
