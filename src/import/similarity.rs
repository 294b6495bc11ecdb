//! How alike two texts are, within a language and across languages.
//!
//! Within a language, texts are compared word by word (stems, weighted by
//! how rare a word is in the corpus); across languages, by the letter
//! triples of their words (folded), which the four languages share in
//! their cognates and poker loanwords ("Misdeal", "Side-Pot", "kaarten" and
//! "Karten"). Both are cosines of weighted vectors.

use std::collections::HashMap;

use crate::rules::Lang;

/// A weighted, sorted sparse vector.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vector(Vec<(u32, f32)>);

impl Vector {
    /// The cosine of two normalised vectors.
    pub fn cosine(&self, other: &Vector) -> f32 {
        let (a, b) = (&self.0, &other.0);
        let (mut i, mut j, mut sum) = (0, 0, 0.0);
        while i < a.len() && j < b.len() {
            match a[i].0.cmp(&b[j].0) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    sum += a[i].1 * b[j].1;
                    i += 1;
                    j += 1;
                }
            }
        }
        sum
    }

    /// Whether the vector has no weight.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What a text is turned into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Features {
    /// Stems of its words (one language).
    Words,
    /// Letter triples of its folded words (any language).
    Trigrams,
}

/// Interns features and weighs them by how rare they are among the texts
/// added.
#[derive(Debug, Default)]
pub struct Space {
    ids: HashMap<String, u32>,
    /// In how many texts each feature occurs.
    df: Vec<u32>,
    texts: u32,
}

impl Space {
    /// Counts a text's features (call for every text before weighing).
    pub fn add(&mut self, text: &str, lang: Lang, features: Features) {
        self.texts += 1;
        let mut seen: Vec<u32> = self
            .raw(text, lang, features)
            .into_iter()
            .map(|(f, _)| self.intern(f))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        for id in seen {
            if let Some(n) = self.df.get_mut(id as usize) {
                *n += 1;
            }
        }
    }

    fn intern(&mut self, feature: String) -> u32 {
        let next = u32::try_from(self.ids.len()).unwrap_or(u32::MAX);
        let id = *self.ids.entry(feature).or_insert(next);
        if id as usize >= self.df.len() {
            self.df.push(0);
        }
        id
    }

    /// The normalised, weighted vector of a text.
    pub fn vector(&self, text: &str, lang: Lang, features: Features) -> Vector {
        let texts = self.texts.max(1) as f32;
        let mut weights: Vec<(u32, f32)> = self
            .raw(text, lang, features)
            .into_iter()
            .filter_map(|(f, count)| {
                let id = *self.ids.get(&f)?;
                let df = self.df.get(id as usize).copied().unwrap_or(0).max(1) as f32;
                let idf = (1.0 + texts / df).ln();
                Some((id, (1.0 + (count as f32).ln()) * idf))
            })
            .collect();
        weights.sort_unstable_by_key(|w| w.0);
        let norm = weights.iter().map(|(_, w)| w * w).sum::<f32>().sqrt();
        if norm > 0.0 {
            for w in &mut weights {
                w.1 /= norm;
            }
        }
        Vector(weights)
    }

    /// A text's features with their counts.
    fn raw(&self, text: &str, lang: Lang, features: Features) -> Vec<(String, u32)> {
        let folded = crate::text::fold(text);
        let mut counts: HashMap<String, u32> = HashMap::new();
        for word in folded.split_whitespace() {
            if word.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            match features {
                Features::Words => {
                    if word.len() < 3 {
                        continue;
                    }
                    *counts
                        .entry(crate::rules::analyze::stem(lang.code(), word))
                        .or_default() += 1;
                }
                Features::Trigrams => {
                    let padded: Vec<char> = format!(" {word} ").chars().collect();
                    for w in padded.windows(3) {
                        *counts.entry(w.iter().collect()).or_default() += 1;
                    }
                }
            }
        }
        counts.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn related_texts_score_higher_than_unrelated_ones_across_languages() {
        let texts = [
            (
                "Die Karten entscheiden über den Gewinner beim Showdown",
                Lang::De,
            ),
            ("De kaarten spreken voor zich bij de showdown", Lang::Nl),
            (
                "Spieler dürfen am Tisch keine Telefongespräche führen",
                Lang::De,
            ),
        ];
        let mut space = Space::default();
        for (t, l) in texts {
            space.add(t, l, Features::Trigrams);
        }
        let v: Vec<Vector> = texts
            .iter()
            .map(|(t, l)| space.vector(t, *l, Features::Trigrams))
            .collect();
        assert!(v[0].cosine(&v[1]) > v[1].cosine(&v[2]));
        assert!((v[0].cosine(&v[0]) - 1.0).abs() < 1e-4);
    }
}
