//! What the incident picker shows for what was typed: the incidents whose
//! localized title (or id) has each typed word as the start of a word,
//! accents and case aside, then those whose decision tree cites a topic the
//! typed words name in the search lexicon ("predcasne", "oversized",
//! "meerwaarde", "beurt"); each group in the order of the titles, an
//! incident whose id was typed whole first.

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

/// The indexes of the choices that match `typed`, in the order shown.
pub fn matching(choices: &[Choice], typed: &str, lexicon: &Lexicon, vocab: &Vocab) -> Vec<usize> {
    let folded = fold(typed);
    let typed_words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    if typed_words.is_empty() {
        return (0..choices.len()).collect();
    }
    let by_title: Vec<usize> = choices
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            typed_words
                .iter()
                .all(|t| c.words.split(' ').any(|w| w.starts_with(t)))
        })
        .map(|(i, _)| i)
        .collect();
    // The id typed whole is that incident, first whatever the titles say.
    let mut by_title = by_title;
    by_title.sort_by_key(|i| fold(&choices[*i].id) != folded);
    let named: BTreeSet<String> = named_concepts(lexicon, vocab, typed)
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    let by_topic = choices
        .iter()
        .enumerate()
        .filter(|(i, c)| !by_title.contains(i) && c.concepts.iter().any(|k| named.contains(k)))
        .map(|(i, _)| i);
    by_title.iter().copied().chain(by_topic).collect()
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
