//! What the incident picker shows for what was typed: the incidents whose
//! localized title (or id) has each typed word as the start of a word,
//! accents and case aside, then those whose decision tree cites a topic the
//! typed words name in the search lexicon ("predcasne", "oversized",
//! "meerwaarde", "beurt"); each group in the order of the titles, an
//! incident whose id was typed whole first. Words that name a topic the
//! rulebooks describe only as a procedure better than any incident
//! ("rabbit hunting") lead with that topic, which `floor rule` quotes.

use std::collections::BTreeSet;

use crate::rules::lexicon::Lexicon;
use crate::rules::search::{Vocab, named_concepts};
use crate::text::fold;

/// An incident as the picker lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The incident id.
    pub id: String,
    /// Its title in the UI language.
    pub title: String,
    /// The concepts its decision tree cites.
    pub concepts: BTreeSet<String>,
    /// Title and id, folded, for matching and sorting.
    words: String,
}

impl Choice {
    /// A choice; `cites` as the decision tree writes them (`concept#A`).
    pub fn new<'c>(id: &str, title: &str, cites: impl IntoIterator<Item = &'c str>) -> Choice {
        let concepts = cites
            .into_iter()
            .map(|c| c.split('#').next().unwrap_or(c).to_string())
            .collect();
        Choice {
            id: id.to_string(),
            title: title.to_string(),
            concepts,
            words: format!("{} {}", fold(title), fold(id)),
        }
    }
}

/// The choices in the order of their titles (accents and case aside).
pub fn sorted(mut choices: Vec<Choice>) -> Vec<Choice> {
    choices.sort_by(|a, b| a.words.cmp(&b.words).then_with(|| a.id.cmp(&b.id)));
    choices
}

/// A topic the rulebooks describe only as a procedure, as the picker
/// offers it: no ruling at the table, `floor rule` quotes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Procedure {
    /// The topic's slug.
    pub slug: String,
    /// Its name in the UI language.
    pub title: String,
    /// Name and slug, folded, for matching.
    words: String,
}

impl Procedure {
    /// A procedure topic.
    pub fn new(slug: &str, title: &str) -> Procedure {
        Procedure {
            slug: slug.to_string(),
            title: title.to_string(),
            words: format!("{} {}", fold(title), fold(slug)),
        }
    }
}

/// What the picker lists for what was typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// A procedure topic the words name better than any incident (an index
    /// into the procedures), shown before the incidents.
    pub procedure: Option<usize>,
    /// The indexes of the incidents that match, in the order shown.
    pub incidents: Vec<usize>,
}

/// Whether every typed word starts a word of `words`.
fn starts_words(words: &str, typed: &[String]) -> bool {
    typed
        .iter()
        .all(|t| words.split(' ').any(|w| w.starts_with(t)))
}

/// What the picker lists for `typed`: the incidents that match (see
/// [`matching`]), led by the procedure topic the words name best when they
/// name it better than any incident. An incident stays first when its
/// title has the words, or when the lexicon names a topic it rules on with
/// the whole of them (a fit of 1); otherwise a procedure leads when the
/// lexicon names it (or its own name has the words, a fit of 1) better than
/// every topic the listed incidents rule on.
pub fn listing(
    choices: &[Choice],
    procedures: &[Procedure],
    typed: &str,
    lexicon: &Lexicon,
    vocab: &Vocab,
) -> Listed {
    let matched = matched(choices, typed, lexicon, vocab);
    let fit = |concept: &str| {
        matched
            .named
            .iter()
            .find(|(c, _)| c == concept)
            .map_or(0.0, |(_, f)| *f)
    };
    let best_incident = matched
        .incidents
        .iter()
        .filter_map(|&i| choices.get(i))
        .flat_map(|c| c.concepts.iter().map(|k| fit(k)))
        .fold(0.0, f64::max);
    let procedure = if matched.words.is_empty() || matched.by_title || best_incident >= 1.0 {
        None
    } else {
        procedures
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let own = if starts_words(&p.words, &matched.words) {
                    1.0
                } else {
                    0.0
                };
                (i, fit(&p.slug).max(own))
            })
            .filter(|(_, f)| *f > best_incident)
            // The best fit; of equal ones, the first listed.
            .fold(None, |best: Option<(usize, f64)>, (i, f)| match best {
                Some((_, b)) if b >= f => best,
                _ => Some((i, f)),
            })
            .map(|(i, _)| i)
    };
    Listed {
        procedure,
        incidents: matched.incidents,
    }
}

/// The indexes of the choices that match `typed`, in the order shown.
pub fn matching(choices: &[Choice], typed: &str, lexicon: &Lexicon, vocab: &Vocab) -> Vec<usize> {
    matched(choices, typed, lexicon, vocab).incidents
}

/// The incidents that match what was typed, and how.
struct Matched {
    /// The typed words, folded.
    words: Vec<String>,
    /// The indexes of the matching choices, in the order shown.
    incidents: Vec<usize>,
    /// Whether a title (or id) has the typed words.
    by_title: bool,
    /// The topics the lexicon names for the words, with their fit.
    named: Vec<(String, f64)>,
}

fn matched(choices: &[Choice], typed: &str, lexicon: &Lexicon, vocab: &Vocab) -> Matched {
    let folded = fold(typed);
    let words: Vec<String> = folded
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    if words.is_empty() {
        return Matched {
            words,
            incidents: (0..choices.len()).collect(),
            by_title: false,
            named: Vec::new(),
        };
    }
    let mut by_title: Vec<usize> = choices
        .iter()
        .enumerate()
        .filter(|(_, c)| starts_words(&c.words, &words))
        .map(|(i, _)| i)
        .collect();
    // The id typed whole is that incident, first whatever the titles say.
    by_title.sort_by_key(|i| fold(&choices[*i].id) != folded);
    let named = named_concepts(lexicon, vocab, typed);
    let names: BTreeSet<&str> = named.iter().map(|(c, _)| c.as_str()).collect();
    let by_topic = choices
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            !by_title.contains(i) && c.concepts.iter().any(|k| names.contains(k.as_str()))
        })
        .map(|(i, _)| i);
    Matched {
        by_title: !by_title.is_empty(),
        incidents: by_title.iter().copied().chain(by_topic).collect(),
        words,
        named,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> Vec<Choice> {
        sorted(vec![
            Choice::new(
                "unclear-bet",
                "Onduidelijke bet (\"ik bet vijf\")",
                ["unclear-bets"],
            ),
            Choice::new(
                "out-of-turn",
                "Action out of turn",
                ["action-out-of-turn#A"],
            ),
            Choice::new(
                "bet",
                "Bet, call of raise (wat de actie is)",
                ["oversized-chip", "methods-of-betting#A"],
            ),
            Choice::new("clock", "Klok gevraagd voor een speler", ["calling-clock"]),
        ])
    }

    fn ids(typed: &str) -> Vec<String> {
        let c = choices();
        matching(&c, typed, &Lexicon::embedded(), &Vocab::embedded())
            .into_iter()
            .map(|i| c[i].id.clone())
            .collect()
    }

    #[test]
    fn titles_match_by_word_starts_then_topics_by_the_lexicon() {
        assert_eq!(ids(""), ["out-of-turn", "bet", "clock", "unclear-bet"]);
        assert_eq!(ids("kl"), ["clock"]);
        assert_eq!(ids("beurt"), ["out-of-turn"]);
        assert_eq!(ids("meerwaarde"), ["bet"]);
        assert_eq!(ids("oversized"), ["bet"]);
        assert_eq!(ids("ONDUIDELIJKE"), ["unclear-bet"]);
    }

    #[test]
    fn words_that_name_a_procedure_better_than_any_incident_lead_with_it() {
        let c = sorted(vec![
            Choice::new("exposed-card", "Exposed card", ["exposing-cards"]),
            Choice::new("clock", "Clock called on a player", ["calling-clock"]),
            Choice::new(
                "offence-penalty",
                "Offence: which penalty",
                ["etiquette-violations"],
            ),
        ]);
        let procedures = [
            Procedure::new("rabbit-hunting", "rabbit hunting"),
            Procedure::new("reducing-stalling", "reducing stalling"),
        ];
        let leads = |typed: &str| {
            listing(
                &c,
                &procedures,
                typed,
                &Lexicon::embedded(),
                &Vocab::embedded(),
            )
            .procedure
            .map(|i| procedures[i].slug.as_str())
        };
        // Named by the lexicon, or by the topic's own name.
        assert_eq!(leads("rabbit hunt"), Some("rabbit-hunting"));
        assert_eq!(leads("rabb"), Some("rabbit-hunting"));
        // Exposed cards are named by part of the words only.
        assert_eq!(leads("show the next card"), Some("rabbit-hunting"));
        // A title with the words, or a topic an incident rules on named as
        // fully, keeps the incident first.
        assert_eq!(leads("clock"), None);
        assert_eq!(leads("stalling"), None);
        assert_eq!(leads("tijdrekken"), None);
        assert_eq!(leads(""), None);
    }

    #[test]
    fn an_id_typed_whole_comes_first() {
        let c = sorted(vec![
            Choice::new("split-pot", "Split pot and odd chips", ["odd-chips"]),
            Choice::new("hi-lo-split", "High-low pot or stud tie", ["odd-chips"]),
        ]);
        let first = |typed: &str| {
            let shown = matching(&c, typed, &Lexicon::embedded(), &Vocab::embedded());
            c[shown[0]].id.clone()
        };
        // Both match "pot" and "split": by title "High-low" leads.
        assert_eq!(first("pot"), "hi-lo-split");
        assert_eq!(first("split"), "hi-lo-split");
        assert_eq!(first("split-pot"), "split-pot");
        assert_eq!(first("split pot"), "split-pot");
    }
}
