//! Which of the four languages a rulebook is written in, from the share of
//! each language's stop words (the search lexicon's) among its words.

use std::collections::{BTreeMap, BTreeSet};

use crate::rules::Lang;

/// The language of `text`, and how sure (the winner's share of the stop
/// words found, 0-1); `None` when no stop word of any language occurs.
pub fn detect(text: &str, stop_words: &BTreeMap<Lang, BTreeSet<String>>) -> Option<(Lang, f32)> {
    let folded = crate::text::fold(text);
    let mut counts: BTreeMap<Lang, usize> = BTreeMap::new();
    for word in folded.split_whitespace() {
        for (lang, words) in stop_words {
            if words.contains(word) {
                *counts.entry(*lang).or_default() += 1;
            }
        }
    }
    let total: usize = counts.values().sum();
    let (lang, n) = counts.into_iter().max_by_key(|(_, n)| *n)?;
    (n > 0).then(|| (lang, n as f32 / total as f32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_is_told_by_its_stop_words() {
        let mut stop = BTreeMap::new();
        stop.insert(
            Lang::Nl,
            ["de", "het", "een", "van"].map(String::from).into(),
        );
        stop.insert(
            Lang::De,
            ["der", "die", "das", "und"].map(String::from).into(),
        );
        stop.insert(Lang::En, ["the", "and", "of", "a"].map(String::from).into());
        let (lang, share) = detect("Het spel van de speler en de kaarten", &stop).expect("found");
        assert_eq!(lang, Lang::Nl);
        assert!(share > 0.9);
        assert_eq!(
            detect("Die Karten und der Spieler", &stop).map(|d| d.0),
            Some(Lang::De)
        );
        assert_eq!(detect("xyz", &stop), None);
    }
}
